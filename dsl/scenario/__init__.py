"""Scenarios: a rule book's examples, written in the deck language, run as tests.

* :mod:`deckwright.dsl.scenario.syntax`: the AST nodes of `scenario` blocks and their builder;
* :mod:`deckwright.dsl.scenario.names`: a scenario's names checked before it runs, and `background`;
* :mod:`deckwright.dsl.scenario.runner`: arranging the game and taking the steps of one scenario;
* :mod:`deckwright.dsl.scenario.expect`: the expectations of `then`;
* :mod:`deckwright.dsl.scenario.suite`: finding the scenarios of decks (and their `.test.deck`
  files), running them all and reporting (`deckwright test`).
"""
