"""Players' resources and marks, the end of the game, turns, and decisions to ask."""
from __future__ import annotations

from .events import Decision, GameOver
from .state import Player
from .statics import expiry
from .values import check_int


# --- players and resources -------------------------------------------------------------------
def clamp(g, player: Player, name: str, value: int) -> int:
    code = g.code
    lo, hi = code.resource_min.get(name), code.resource_max.get(name)
    if lo is not None:
        value = max(value, lo(g, player, None, None))
    if hi is not None:
        value = min(value, hi(g, player, None, None))
    return check_int(g, value)


def gain_now(g, player, name: str, n: int):
    player.res[name] = clamp(g, player, name, player.res.get(name, 0) + n)
    if g.logging:
        g.write(f"{player.name} gains {n} {name} ({player.res[name]})")


def lose_now(g, player, name: str, n: int):
    player.res[name] = clamp(g, player, name, player.res.get(name, 0) - n)
    if g.logging:
        g.write(f"{player.name} loses {n} {name} ({player.res[name]})")


def gain_quiet(g, player, name: str, n):
    """`gain` when nothing listens to gains."""
    if n <= 0 or player is None:
        return
    if name in g.shared_resources:
        set_shared(g, name, g.state.globals.get(name, 0) + n)
        return
    gain_now(g, player, name, n)


def lose_amount(g, player, name: str, n) -> int:
    """How much `lose` takes (None: all of it); a shared resource is set here, at once."""
    if player is None:
        return 0
    if name in g.shared_resources:
        have = g.state.globals.get(name, 0)
        set_shared(g, name, 0 if n is None else have - n)
        return 0
    return player.res.get(name, 0) if n is None else n


def lose_quiet(g, player, name: str, n):
    """`lose` when nothing listens to losses."""
    amount = lose_amount(g, player, name, n)
    if amount > 0:
        lose_now(g, player, name, amount)


def set_res(g, player, name: str, value):
    if player is not None:
        player.res[name] = clamp(g, player, name, int(value or 0))


def set_shared(g, name: str, value: int):
    code = g.code
    s = g.state
    you = s.active or s.players[0]
    lo, hi = code.resource_min.get(name), code.resource_max.get(name)
    if lo is not None:
        value = max(value, lo(g, you, None, None))
    if hi is not None:
        value = min(value, hi(g, you, None, None))
    s.globals[name] = check_int(g, value)


def mark(g, target, name: str, duration, you):
    exp = expiry(g, duration, you)
    g.timed = g.timed or exp is not None
    for obj in (target if isinstance(target, list) else [target]):
        if obj is not None:
            obj.marks[name] = exp


def unmark(target, name: str):
    for obj in (target if isinstance(target, list) else [target]):
        if obj is not None:
            obj.marks.pop(name, None)


def eliminate_one(g, p) -> bool:
    if p is not None and p.alive:
        p.alive = False
        g.write(f"{p.name} is eliminated")
        return True
    return False


def end_game(winners, draw: bool, reason: str):
    winners = [w for w in winners if isinstance(w, Player)]
    raise GameOver(winners, draw or not winners, reason if not winners else "winner")


def end_by_most(g, resource: str):
    players = [p for p in g.state.players if p.alive] or g.state.players
    best = max(p.res.get(resource, 0) for p in players)
    winners = [p for p in players if p.res.get(resource, 0) == best]
    if len(winners) == len(players) and len(players) > 1:
        raise GameOver([], True, f"tied on {resource}")
    raise GameOver(winners, False, f"most {resource}")


# --- turns -----------------------------------------------------------------------------
def start_turn(g):
    s = g.state
    s.turn += 1
    s.used.clear()
    s.once.clear()
    if s.turn > g.max_turns:
        s.turn = g.max_turns
        raise GameOver([], True, "turn limit")
    for p in s.players:
        if p.alive:
            return
    s.turn -= 1                         # nobody is left to take it
    raise GameOver([], True, "every player is eliminated")


# --- decisions ---------------------------------------------------------------------------
def choice_of(g, chooser, options, lo, hi, prompt, secret, this):
    """The cards (or players, ...) picked without asking, as a list, or the Decision to
    ask: options without `none`, at most ``hi`` and at least ``lo`` of them."""
    options = [o for o in options if o is not None]
    if hi > len(options):
        hi = len(options)
    if lo > hi:
        lo = hi
    if hi <= 0:
        return []
    if lo == hi == len(options):
        return options                       # nothing to decide
    if chooser is None:
        return options[:lo]
    return Decision(chooser, "choose", prompt, None, options, lo, hi, secret,
                    this.name if this is not None else None, None, g.labels_of, this)


def picked(d: Decision, choice) -> list:
    if d.min_count == 1 and d.max_count == 1:
        return [d.values[choice]]
    values = d.values
    return [values[i] for i in sorted(choice)]


def labels_decision(g, chooser, labels, prompt, secret, this):
    return Decision(chooser, "one" if labels != ["yes", "no"] else "may", prompt, list(labels),
                    list(labels), 1, 1, secret, this.name if this is not None else None,
                    None, None, this)
