"""Scenarios: a rule book's examples, written in the deck language, run as tests.

* :mod:`dsl.scenario.syntax`: the AST nodes of `scenario` blocks and their builder;
* :mod:`dsl.scenario.names`: a scenario's names checked before it runs, and `background`;
* :mod:`dsl.scenario.runner`: arranging the game and taking the steps of one scenario;
* :mod:`dsl.scenario.expect`: the expectations of `then`;
* :mod:`dsl.scenario.suite`: finding the scenarios of decks (and their `.test.deck`
  files), running them all and reporting (`deckwright test`).
"""
