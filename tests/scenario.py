"""Scenario fixtures: given this state → these decisions → this outcome.

    s = given("example", hands={0: ["Oil Can"]}, deck=["Windmill", "Gearbox"])
    s.apply("play_action: Oil Can")
    assert hand(s, 0) == ["Windmill", "Gearbox"]

The deck's own setup is replaced by the arrangement; the first turn then starts as the
deck's turn rules say, for seat ``first`` (0 by default).

``arranged`` takes the arrangement as `given` lines of the scenario language
(docs/language.md §19), with owners, controllers, faces, counters, marks, hosts and
random draws; ``arrange_now`` arranges such a session again at its pending decision, as
a `given` after a `when` does (a zone's line says all the zone holds):

    s = arranged("example", '''
        area of P1: "Windmill" (owner P2), "Gearbox" (2 charge)
        deck top: "Wrench"
        next random pick is "Wrench"
    ''')
    s.apply("play_thing: ...")
    arrange_now(s, 'health of P2 = 1')

A card labelled there (`"Gearbox" (called loaded)`) may be named by a later
``arrange_now`` (`"Windmill" (attached to loaded)`).
"""
from __future__ import annotations

import textwrap
from typing import Optional

from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.loader import load_program, load_text
from deckwright.dsl.session import Session

_PROGRAMS: dict = {}


def program(deck):
    """A compiled Program, a bundled deck name, or full deck text (starts with `game`)."""
    if not isinstance(deck, str):
        return deck
    if deck not in _PROGRAMS:
        _PROGRAMS[deck] = load_text(deck, "scenario.deck") if deck.lstrip().startswith("game") \
            else load_program(deck)
    return _PROGRAMS[deck]


def given(deck: str, *, players: int = 2, seed: int = 1, first: int = 0,
          zones: Optional[dict] = None, hands: Optional[dict] = None,
          areas: Optional[dict] = None, deck_cards: Optional[list] = None,
          res: Optional[dict] = None, options: Optional[dict] = None,
          bots: Optional[dict] = None, hand_zone: str = "hand", area_zone: str = "area",
          draw_zone: str = "deck", check: bool = True) -> Session:
    """Start a game in an arranged state. ``zones`` maps zone keys ("hand:0", "deck") to
    card names bottom→top; ``hands``/``areas`` map seats to names; ``deck_cards`` lists the
    draw pile top first (the order a player will draw them); ``res`` maps seat →
    {resource: value}."""
    layout = dict(zones or {})
    for seat, names in (hands or {}).items():
        layout[f"{hand_zone}:{seat}"] = names
    for seat, names in (areas or {}).items():
        layout[f"{area_zone}:{seat}"] = names
    if deck_cards is not None:
        layout[draw_zone] = list(reversed(deck_cards))

    def arrange(game):
        s = game.state
        for key, names in layout.items():
            for name in names:
                game.put(name, s.zones[key])
        for seat, values in (res or {}).items():
            s.players[seat].res.update(values)
        s.globals["first_player"] = s.players[first]

    prog = program(deck)
    session = Session(prog, seed=seed, players=players, options=options, bots=bots,
                      arrange=arrange)
    if check:
        session.game.observer = assert_invariants
        assert_invariants(session.game)
    return session


def names(session: Session, zone_key: str) -> list:
    return [c.name for c in session.state.zones[zone_key].cards]


def hand(session: Session, seat: int, zone: str = "hand") -> list:
    return sorted(names(session, f"{zone}:{seat}"))


def area(session: Session, seat: int, zone: str = "area") -> list:
    return sorted(names(session, f"{zone}:{seat}"))


def res(session: Session, seat: int, resource: str) -> int:
    return session.state.players[seat].res.get(resource, 0)


def play(session: Session, *choices) -> None:
    """Apply choices in order; fail loudly on a refusal."""
    for choice in choices:
        refusal = session.apply(choice)
        assert refusal is None, f"{choice!r} refused: {refusal.reason}; legal: {session.legal()}"


def arranged(deck, lines: str) -> Session:
    """A game arranged by `given` lines of the scenario language (see the module's doc)."""
    from deckwright.dsl.scenario.runner import arranged as arrange_from
    return arrange_from(program(deck), lines)


def arrange_now(session: Session, lines: str) -> None:
    """Arrange a session made by :func:`arranged` at its pending decision (`given` lines)."""
    from deckwright.dsl.scenario.runner import arrange_now as now
    now(session, lines)


ON_EXAMPLE = 'game "T" extends "example"\n'


def scenario_deck(body: str, head: str = ON_EXAMPLE):
    """A deck written in a test (``head``, then ``body`` dedented), loaded as `t.deck`."""
    return load_text(head + textwrap.dedent(body).lstrip("\n"), "t.deck")


def failures_by_scenario(body: str, head: str = ON_EXAMPLE) -> dict:
    """Each scenario's failures in such a deck, as `deckwright test` prints them, by its
    name (each starting from the deck's `background`, if any)."""
    from deckwright.dsl.scenario.runner import run, with_background
    from deckwright.dsl.scenario.suite import render_failure
    program = scenario_deck(body, head)
    background = [line for b in program.scenarios if type(b).__name__ == "Background"
                  for line in b.lines]
    return {sc.name: [render_failure(f, program.sources)
                      for f in run(program, with_background(sc, background))]
            for sc in program.scenarios if type(sc).__name__ == "Scenario"}


def all_pass(body: str, head: str = ON_EXAMPLE) -> bool:
    """Every scenario of such a deck passes (else the assertion shows their failures)."""
    out = {name: f for name, f in failures_by_scenario(body, head).items() if f}
    assert out == {}, "\n".join(x for f in out.values() for x in f)
    return True


def failures_of(body: str, head: str = ON_EXAMPLE) -> list:
    """What the first scenario of such a deck reports: each failure as `deckwright test`
    prints it (empty when it passes)."""
    from deckwright.dsl.scenario.runner import run
    from deckwright.dsl.scenario.suite import render_failure
    program = scenario_deck(body, head)
    return [render_failure(f, program.sources) for f in run(program, program.scenarios[0])]


# A Thing whose ability aims at a Thing, marks it and says so: how a REPL test makes the
# engine name a card in play (`def` it, then `eval create 1 "Tagger" in your area`).
TAGGER = '''def card "Tagger": Thing {
  text "Action: put a charge counter on target Thing, and say so."
  ability "Tag": uses action_play, target t from Thing cards prompt "Tag what?" {
    put 1 charge on t
    say "tags {t}"
  }
}'''


def repl(deck: str, *lines: str, seed: int = 1):
    """A REPL (its command processor) on a bundled deck, after ``lines`` (each must
    succeed)."""
    from deckwright.repl.commands import Processor
    proc = Processor(deck, seed=seed)
    for line in lines:
        out = proc.execute(line)
        assert out.ok, f"{line}: {out.text()}"
    return proc
