"""What the REPL shows: the state, the log and the pending decision, as plain text.

Everything here is a pure function of a game (and of who is looking), so the REPL, the
script mode and the tests see the same text. Hidden information is respected: a viewer
sees public zones, their own private zones and face-up cards; of everything else only
how many cards there are.

>>> from dsl.loader import load_program
>>> from dsl.session import Session
>>> s = Session(load_program("example"), seed=1, players=2)
>>> view = state_view(s.game, s.state.players[1])
>>> "hand:1 (yours)" in view and "hand:0: 5 cards" in view
True
"""
from __future__ import annotations

from typing import Optional

from dsl.engine.state import ORIENTATIONS, CardInst, Player, ZoneInst
from dsl.visibility import card_name, sees, sees_at, source_seen, value_name, zone_readable


def zone_visible(zone: ZoneInst, viewer: Optional[Player]) -> bool:
    """Whether ``viewer`` (None: everyone's view) may read the cards in ``zone``."""
    return zone_readable(zone, viewer)


def card_text(c: CardInst, zone: ZoneInst, viewer: Optional[Player] = None) -> str:
    """One card as the state view prints it: name, counters, attachments, control. A card
    the viewer may not read shows only how it lies and what is on it."""
    if not sees(viewer, c):
        extras = [f"{k} {v}" for k, v in sorted(c.counters.items())]
        if c.turned:
            extras.append(ORIENTATIONS[c.orient])
        if c.attached_to is not None:
            extras.append(f"on {card_name(c.attached_to, viewer)}")
        out = card_name(c, viewer)
        return f"{out} [{', '.join(extras)}]" if extras else out
    out = c.name
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


def zone_line(zone: ZoneInst, viewer: Optional[Player]) -> str:
    mine = " (yours)" if viewer is not None and zone.owner is viewer else ""
    if not zone.cards:
        return f"{zone.key}{mine}: —"
    if zone_visible(zone, viewer):
        names = ", ".join(card_text(c, zone, viewer) for c in zone.cards)
        order = " (top last)" if zone.ordered and len(zone.cards) > 1 else ""
        return f"{zone.key}{mine}: {names}{order}"
    up = [c for c in zone.cards if c.face_up]
    shown = f"; face up: {', '.join(card_text(c, zone, viewer) for c in up)}" if up else ""
    return f"{zone.key}{mine}: {len(zone.cards)} card{'s' if len(zone.cards) != 1 else ''}{shown}"


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
    """The whole table as ``viewer`` sees it (None: everything, for `state all`)."""
    s = game.state
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
        for k, v in sorted(p.vars.items()):
            if v is not None:
                lines.append(f"  {k} = {_value(v, viewer)}")
        for z in s.zones.values():
            if z.owner is p:
                lines.append("  " + zone_line(z, viewer))
    shared = [z for z in s.zones.values() if z.owner is None]
    if shared:
        lines.append("table:")
        lines += ["  " + zone_line(z, viewer) for z in shared]
    shown = {k: v for k, v in sorted(s.globals.items()) if v is not None}
    if shown:
        lines.append("  " + ", ".join(f"{k} = {_value(v, viewer)}" for k, v in shown.items()))
    return "\n".join(lines)


def entry_visible(entry, viewer: Optional[Player]) -> bool:
    return viewer is None or entry.secret_for is None or entry.secret_for is viewer


def entry_text(game, entry, viewer: Optional[Player]) -> str:
    """A log line as ``viewer`` may read it: a choice names only the picks the viewer may
    read; a card moving where the viewer sees it neither before nor after is "a card"."""
    extra = entry.extra or {}
    if viewer is None:
        return entry.text
    views = extra.get("views")
    if views:
        return views.get(viewer.index, views.get(-1, entry.text))
    if "card" in extra:
        zones = game.state.zones
        src, dst = zones.get(extra.get("from")), zones.get(extra.get("to"))
        card = game.state.cards.get(extra["card"])
        if not (sees_at(viewer, src, extra.get("was_up", True), card)
                or sees_at(viewer, dst, extra.get("up", True), card)):
            return f"a card: {extra.get('from') or 'nowhere'} → {extra.get('to')}"
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


def decision_view(decision, viewer=_EVERYONE) -> str:
    """The pending decision: who, what, and the numbered options (labelled as the chooser
    may read them). Another seat's ``viewer`` sees only the question being asked."""
    if decision is None:
        return ""
    src = f" ({decision.source})" if decision.source else ""
    secret = " [secret]" if decision.secret else ""
    if viewer is not _EVERYONE and viewer is not None and viewer is not decision.player:
        if not source_seen(decision, viewer):
            return f"{decision.player.name} is deciding"
        return f"{decision.player.name} is deciding: {decision.prompt}{src}{secret}"
    lines = [f"{decision.player.name}: {decision.prompt}{src}{secret}"]
    lines += [f"  [{i}] {label}" for i, label in enumerate(decision.labels)]
    if decision.multi:
        lo, hi = decision.min_count, decision.max_count
        n = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
        lines.append(f"  choose {n}: `choose 0 2` or `choose none`" if lo == 0 else
                     f"  choose {n}: `choose 0 2`")
    return "\n".join(lines)


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
