"""What the REPL shows: the state, the log and the pending decision, as plain text.

Everything here is a pure function of a game (and of who is looking), so the REPL, the
script mode and the tests see the same text. Hidden information is respected: a viewer
sees public zones, their own private zones and face-up cards; of everything else only
how many cards there are.

>>> from deckwright.dsl.loader import load_program
>>> from deckwright.dsl.session import Session
>>> s = Session(load_program("example"), seed=1, players=2)
>>> view = state_view(s.game, s.state.players[1])
>>> "  hand (yours): " in view and "  hand: 5 cards" in view
True
"""
from __future__ import annotations

from typing import Optional

from deckwright.dsl.engine.state import ORIENTATIONS, CardInst, Player, ZoneInst
from deckwright.dsl.visibility import (card_name, carrying, offered, option_card, sees,
                                      sees_at, source_seen, value_name, zone_readable)


def zone_visible(zone: ZoneInst, viewer: Optional[Player]) -> bool:
    """Whether ``viewer`` (None: everyone's view) may read the cards in ``zone``."""
    return zone_readable(zone, viewer)


def card_text(c: CardInst, zone: ZoneInst, viewer: Optional[Player] = None) -> str:
    """One card as the state view prints it: name, what is attached to it ("(with
    Cutlass)", each as the viewer may read it), counters, marks, its host, control. A card
    the viewer may not read shows only how it lies and what is on it."""
    if not sees(viewer, c):
        extras = [f"{k} {v}" for k, v in sorted(c.counters.items())]
        if c.turned:
            extras.append(ORIENTATIONS[c.orient])
        if c.attached_to is not None:
            extras.append(f"on {card_name(c.attached_to, viewer)}")
        out = card_name(c, viewer) + carrying(c, viewer)
        return f"{out} [{', '.join(extras)}]" if extras else out
    out = c.name + carrying(c, viewer)
    extras = [f"{k} {v}" for k, v in sorted(c.counters.items())]
    extras += [m for m in sorted(c.marks)]
    if c.turned:
        extras.append(ORIENTATIONS[c.orient])   # how it lies: sideways, upside down
    if c.attached_to is not None:
        extras.append(f"on {card_name(c.attached_to, viewer)}")
    if c.owner is not None and zone.owner is not None and c.owner is not zone.owner:
        extras.append(f"owned by {c.owner.name}")
    if c.token:
        extras.append("token")
    if not c.face_up and zone.visibility == "public":
        extras.append("face down")
    return f"{out} [{', '.join(extras)}]" if extras else out


def cards_text(zone: ZoneInst, viewer: Optional[Player], cards=None) -> str:
    """The cards of a zone, alike cards grouped ("Iron Coin ×27"): every alike card in
    a zone without an order, each run of alike cards in an ordered one (so the order
    still reads). A card that carries another, has counters or marks, or lies turned is
    shown on its own, with what makes it differ ("Scout (with Cutlass), Scout ×2"): not
    counted in with its copies, even with those it reads like."""
    groups: dict = {}
    runs: list = []
    held = None
    if zone.in_play:                      # the hosts: cards something is attached to
        held = {id(x.attached_to) for x in zone.cards if x.attached_to is not None}
    for c in zone.cards if cards is None else cards:
        text = card_text(c, zone, viewer)
        if c.counters or c.orient or c.attached_to is not None or (held and id(c) in held) \
                or (c.marks and sees(viewer, c)):
            runs.append([text, 1])        # on its own (its marks, only to who reads them)
        elif not zone.ordered:
            if text not in groups:
                groups[text] = [text, 0]
                runs.append(groups[text])
            groups[text][1] += 1
        elif runs and runs[-1][0] == text:
            runs[-1][1] += 1
        else:
            runs.append([text, 1])
    return ", ".join(t if n == 1 else f"{t} ×{n}" for t, n in runs)


def zone_line(zone: ZoneInst, viewer: Optional[Player], name: Optional[str] = None) -> str:
    """One zone, as ``name`` (default: the zone's title, "P1's hand")."""
    name = zone.title if name is None else name
    mine = " (yours)" if viewer is not None and zone.owner is viewer else ""
    if not zone.cards:
        return f"{name}{mine}: —"
    if zone_visible(zone, viewer):
        order = " (top last)" if zone.ordered and len(zone.cards) > 1 else ""
        return f"{name}{mine}: {cards_text(zone, viewer)}{order}"
    # Of a zone the viewer may not read: the cards lying face up, and what is on the others.
    up = [c for c in zone.cards if c.face_up or c.counters or c.attached_to is not None]
    shown = f"; face up or marked: {cards_text(zone, viewer, up)}" if up else ""
    return f"{name}{mine}: {len(zone.cards)} card{'s' if len(zone.cards) != 1 else ''}{shown}"


def _value(v, viewer) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_value(x, viewer) for x in v) + "]"
    if isinstance(v, CardInst):
        return value_name(v, viewer)
    if isinstance(v, (Player, ZoneInst)):
        return str(v)
    if isinstance(v, dict):
        return "{…}"
    return "none" if v is None else str(v).lower() if isinstance(v, bool) else str(v)


def header(game) -> str:
    s = game.state
    if s.result is not None:
        return f"Game over after turn {s.turn}: {game.describe_result()}"
    bits = [f"Turn {s.turn}"]
    if s.phase:
        bits.append(f"phase {s.phase}")
    if s.active is not None:
        bits.append(f"{s.active.name}'s turn")
    return " · ".join(bits)


def state_view(game, viewer: Optional[Player] = None) -> str:
    """The table as ``viewer`` sees it, or everything (None, for `state all`). A seat's
    view leaves out the rules' own variables (those the deck does not mark `shown`) and
    the empty zones of the other players and sides."""
    s = game.state
    everything = viewer is None
    shown = game.program.shown_vars

    def listed(z: ZoneInst) -> bool:
        return everything or bool(z.cards) or z.owner is viewer or \
            (z.owner is None and z.side is None) or (z.side is not None and z.side == viewer.side)

    lines = [header(game) + (f" — as {viewer.name} sees it" if viewer else " — everything")]
    for p in s.players:
        res = ", ".join(f"{k} {v}" for k, v in sorted(p.res.items()))
        flags = [] if p.alive else ["out"]
        if p.side:
            flags.append(f"side {p.side}")
        if viewer is p:
            flags.append("you")
        tag = f" ({', '.join(flags)})" if flags else ""
        lines.append(f"{p.name}{tag}: {res or 'no resources'}")
        if p.marks:
            lines.append(f"  marked {', '.join(sorted(p.marks))}")
        for k, v in sorted(p.vars.items()):
            if v is not None and (everything or k in shown):
                lines.append(f"  {k} = {_value(v, viewer)}")
        for z in s.zones.values():
            if z.owner is p and listed(z):
                lines.append("  " + zone_line(z, viewer, z.name))
    for side in dict.fromkeys(z.side for z in s.zones.values() if z.side is not None):
        zones = [z for z in s.zones.values() if z.side == side and listed(z)]
        if zones:
            who = ", ".join(p.name for p in s.players if p.side == side)
            lines.append(f"{side}{f' ({who})' if who else ''}:")
            lines += ["  " + zone_line(z, viewer, z.name) for z in zones]
    table = [z for z in s.zones.values() if z.owner is None and z.side is None]
    if table:
        lines.append("table:")
        lines += ["  " + zone_line(z, viewer) for z in table]
    values = {k: v for k, v in sorted(s.globals.items())
              if v is not None and (everything or k in shown or k in game.program.resources)}
    if values:
        lines.append("  " + ", ".join(f"{k} = {_value(v, viewer)}" for k, v in values.items()))
    return "\n".join(lines)


def entry_visible(entry, viewer: Optional[Player]) -> bool:
    return viewer is None or entry.secret_for is None or entry.secret_for is viewer


def entry_text(game, entry, viewer: Optional[Player]) -> str:
    """A log line as ``viewer`` may read it: a choice names only the picks the viewer may
    read; a card moving where the viewer sees it neither before nor after is "a card"."""
    extra = entry.extra or {}
    if viewer is None:
        return entry.text
    if "card" in extra:
        zones = game.state.zones
        src, dst = zones.get(extra.get("from")), zones.get(extra.get("to"))
        card = game.state.cards.get(extra["card"])
        if not (sees_at(viewer, src, extra.get("was_up", True), card)
                or sees_at(viewer, dst, extra.get("up", True), card)):
            return f"a card: {src.title if src else 'nowhere'} → {dst.title}"
    views = extra.get("views")
    if views:
        return views.get(viewer.index, views.get(-1, entry.text))
    return entry.text


def log_lines(game, viewer: Optional[Player], start: int = 0, numbered: bool = False) -> list:
    """Log entries from index ``start`` the viewer may see, optionally numbered for `why`."""
    out = []
    for i, e in enumerate(game.log[start:], start):
        if entry_visible(e, viewer):
            text = entry_text(game, e, viewer)
            out.append(f"{i:4d}  {text}" if numbered else text)
    return out


_EVERYONE = object()


def card_facts(game, card: CardInst, viewer: Optional[Player]) -> str:
    """The card's `shown` properties that differ from their default (" (cost 4)"), when
    ``viewer`` may read the card as it is offered."""
    program = game.program
    if not program.shown_properties or not offered(viewer, card):
        return ""
    bits = []
    for name in program.shown_properties:
        v = game.prop(card, name)
        if v is None or v == [] or v == program.properties.get(name):
            continue
        shown = "/".join(_value(x, viewer) for x in v) if isinstance(v, list) else _value(v, viewer)
        bits.append(f"{name} {shown}")
    return f" ({', '.join(bits)})" if bits else ""


def decision_view(decision, viewer=_EVERYONE, game=None, texts: bool = False) -> str:
    """The pending decision: who, what, and the numbered options (labelled as the chooser
    may read them; with ``game``, each card's `shown` properties after it, and with
    ``texts`` its printed text under it). Another seat's ``viewer`` sees only the question
    being asked."""
    if decision is None:
        return ""
    source = decision.source
    reader = decision.player if viewer is _EVERYONE else viewer
    if game is not None and source:       # the card asking, told from its copies in play
        from deckwright.dsl.visibility import source_name
        source = source_name(decision, reader, game.state.inplay)
    src = f" ({source})" if source else ""
    secret = " [secret]" if decision.secret else ""
    asked = decision.prompt_for(reader)
    if viewer is not _EVERYONE and viewer is not None and viewer is not decision.player:
        if not source_seen(decision, viewer):
            return f"{decision.player.name} is deciding"
        return f"{decision.player.name} is deciding: {asked}{src}{secret}"
    lines = [f"{decision.player.name}: {asked}{src}{secret}"]
    facts = [""] * len(decision.labels)
    if game is not None and game.program.shown_properties:
        for i, v in enumerate(decision.values):
            card = option_card(v)
            if card is not None:
                facts[i] = card_facts(game, card, decision.player)
    for i, label in enumerate(decision.labels):
        lines.append(f"  [{i}] {label}{facts[i]}")
        card = option_card(decision.values[i]) if texts and game is not None else None
        if card is not None and offered(decision.player, card):
            printed = game.program.cards[card.name].text
            if printed:
                lines.append(f"        “{printed}”")
    if decision.multi:
        lines.append("  " + multi_hint(decision.min_count, decision.max_count,
                                       len(decision.labels)))
    return "\n".join(lines)


def multi_hint(lo: int, hi: int, options: int) -> str:
    """How many to pick, with an answer that is valid for this decision. Counts are said
    in words ("up to 2"), so "0 to N" only ever names option numbers."""
    example = " ".join(map(str, range(min(max(lo, min(2, hi)), options))))
    if lo == hi:
        return f"pick exactly {lo}: `choose {example}`"
    if lo == 0:
        return f"pick up to {hi}: `choose {example}`, or `choose none`"
    return f"pick {lo} to {hi}: `choose {example}`"


def toolbar_items(game, decision, seats: dict) -> list:
    """(style class, text) pairs for the bottom toolbar: turn, phase, who acts, every
    player's scores (the resources the deck marks `score`), the acting player's other
    resources."""
    if game is None:
        return [("class:toolbar.dim", " no game — `open DECK` or `new` ")]
    s = game.state
    out = [("class:toolbar", f" turn {s.turn} "), ("class:toolbar.dim", "│")]
    if s.phase:
        out += [("class:toolbar", f" {s.phase} "), ("class:toolbar.dim", "│")]
    if s.result is not None:
        out.append(("class:toolbar.over", f" {game.describe_result()} "))
        return out
    if decision is not None:
        who = decision.player
        kind = seats.get(who.index)
        out.append(("class:toolbar.player", f" {who.name}{' (bot)' if kind else ''} to act "))
        scores = [r for r, d in game.program.resources.items() if d.score and not d.shared]
        if scores:                  # the deck's scores, for every player; then the rest
            for p in s.players:
                shown = " ".join(f"{r} {p.res.get(r, 0)}" for r in scores)
                out += [("class:toolbar.dim", "│"), ("class:toolbar.res", f" {p.name} {shown} ")]
        res = " ".join(f"{k} {v}" for k, v in sorted(who.res.items()) if k not in scores)
        if res:
            out += [("class:toolbar.dim", "│"), ("class:toolbar.res", f" {res} ")]
    return out
