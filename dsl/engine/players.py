"""Players' resources and marks, the end of the game, turns, and decisions to ask."""
from __future__ import annotations

from typing import Optional

from .events import Decision, GameOver, TurnOut
from .state import Player, new_order
from .statics import expiry
from .values import check_int, next_player


# --- players and resources -------------------------------------------------------------------
def clamp(g, player: Player, name: str, value: int) -> int:
    lo, hi = g.code.bounds.get(name, NO_BOUNDS)   # each a number, a function or None
    if lo is not None:
        if type(lo) is not int:
            lo = lo(g, player, None, None)
        value = max(value, lo)
    if hi is not None:
        if type(hi) is not int:
            hi = hi(g, player, None, None)
        value = min(value, hi)
    return check_int(g, value)


NO_BOUNDS = (None, None)


def share(g, player, name: str):
    """A `per side` resource: the player's side-mates hold the same amount."""
    value, side = player.res[name], player.side
    for q in g.state.players:
        if q.side == side:
            q.res[name] = value


def sided(change):
    """``change`` (a primitive of ``g, player, name, ...`` that changes a resource) for a
    program with `per side` resources: a change to one of them is the whole side's. The
    generated code is given these only then, so other programs pay nothing."""
    def changed(g, player, name, *args):
        out = change(g, player, name, *args)
        if player is not None and name in g.side_resources and name in player.res:
            share(g, player, name)
        return out
    return changed


def standing(g, player: Player, weights: tuple = ()) -> int:
    """How well ``player`` stands, the bigger the better: their side's `standing`, else
    the game's, read with `you` as the player; for a player with neither, the sum of
    their resources times ``weights`` (``(name, worth)`` pairs). Nothing changes."""
    fns = g.code.standings
    if fns:
        fn = fns.get(player.side) or fns.get(None)
        if fn is not None:
            return fn(g, player, None, None)
    res = player.res
    return sum(res[name] * worth for name, worth in weights)


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
        if obj is not None:           # a new dict: marks are never changed in place
            marks = obj.marks
            if name not in marks or marks[name] != exp:
                obj.marks = {**marks, name: exp}


def unmark(target, name: str):
    for obj in (target if isinstance(target, list) else [target]):
        if obj is not None and name in obj.marks:
            marks = obj.marks = dict(obj.marks)   # a new dict: never changed in place
            del marks[name]


def eliminate_one(g, p) -> bool:
    if p is not None and p.alive:
        p.alive = False
        g.write(f"{p.name} is eliminated")
        if p is g.turn_of:
            # Their turn ends at their next decision (turn_out): a quick bot is asked
            # without one, so the rest of the game asks through decisions (the same picks).
            g.quick = False
        return True
    return False


def turn_out(g, p) -> None:
    """Where the turn would go on with ``p`` (an offer of moves, a phase), out of the
    game: their turn ends now, if it is theirs."""
    if p is g.turn_of:
        raise TurnOut()


def end_game(winners, draw: bool, reason: str, name: Optional[str] = None):
    """``name``: the end condition the deck named, the game's reason whoever wins."""
    winners = [w for w in winners if isinstance(w, Player)]
    raise GameOver(winners, draw or not winners,
                   name if name is not None else reason if not winners else "winner")


def end_by_most(g, resource: str, name: Optional[str] = None):
    players = [p for p in g.state.players if p.alive] or g.state.players
    best = max(p.res.get(resource, 0) for p in players)
    winners = [p for p in players if p.res.get(resource, 0) == best]
    if len(winners) == len(players) and len(players) > 1:
        raise GameOver([], True, f"{name}, tied on {resource}" if name is not None
                       else f"tied on {resource}")
    raise GameOver(winners, False, name if name is not None else f"most {resource}")


def most_of(g, resource: str) -> tuple:
    """`end game by most RESOURCE`, before anything answers it: (the living players with
    the most, whether that is a draw: all of them tied, more than one)."""
    players = [p for p in g.state.players if p.alive] or g.state.players
    best = max(p.res.get(resource, 0) for p in players)
    winners = [p for p in players if p.res.get(resource, 0) == best]
    return winners, len(winners) == len(players) and len(players) > 1


def won(winners: list, resource: str, name: Optional[str] = None):
    """The end of `end game by most RESOURCE` whose wins stood (``winners``, not empty)."""
    raise GameOver(winners, False, name if name is not None else f"most {resource}")


# --- turns -----------------------------------------------------------------------------
def start_turn(g):
    s = g.state
    s.turn += 1
    g.new_stretch()                     # the log keeps its lines per turn too
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


# --- turn order as data ------------------------------------------------------------------
def order_of(g) -> dict:
    s = g.state
    if s.order is None:
        s.order = new_order(len(s.players))
    return s.order


def extra_turn(g, players):
    """`extra turn for PLAYERS`: each takes a turn after this one, in the order given."""
    o = order_of(g)
    for p in players:
        if isinstance(p, Player):
            o["extra"].append(p.index)
            if g.logging:
                g.write(f"{p.name} will take an extra turn")


def skip_turn(g, players):
    """`skip next turn of PLAYERS`: the next turn each would take passes them by."""
    o = order_of(g)
    for p in players:
        if isinstance(p, Player):
            o["skip"][p.index] += 1
            if g.logging:
                g.write(f"{p.name} will skip their next turn")


def reverse_order(g):
    o = order_of(g)
    o["reversed"] = not o["reversed"]
    if g.logging:
        g.write("the turn order is reversed")


def turn_order(g, player: Player) -> list:
    """`turn_order(P)`: the living players, P first, then in the order the turns would
    take from P's (extra and skipped turns aside), each once: round the table by seat the
    way the turns go (the other way round after `reverse turn order`), or with `turn
    order by side` as the sides and each side's players take their turns."""
    players = g.state.players
    if type(player) is not Player:
        return []
    o = g.state.order
    if g.program.turn_order == "side":
        sides = list(dict.fromkeys(p.side for p in players))
        if len(sides) > 1:
            return _turn_order_by_side(o, players, sides, player)
    step = -1 if o is not None and o["reversed"] else 1
    n = len(players)
    return [q for q in (players[(player.index + step * k) % n] for k in range(n)) if q.alive]


def _turn_order_by_side(o, players, sides, player) -> list:
    """The players whose turns would follow ``player``'s, by side, each once (the order's
    data is read, not changed)."""
    ahead = {"reversed": o is not None and o["reversed"],
             "last": dict(o["last"]) if o is not None else {}}
    out = [player] if player.alive else []
    living = sum(p.alive for p in players)
    base = player
    for _ in range(len(players) * len(sides)):      # every side's every player, at most
        if len(out) == living:
            break
        base = _after_by_side(ahead, players, sides, base)
        if base is None:
            break
        if base not in out:
            out.append(base)
    return out


def next_turn(g, cur: Player, by_side: bool) -> Player:
    """Whose turn follows ``cur``'s: the extra turns waiting, first first; then the
    regular order from the last regular turn (by seat, or by side), in its direction.
    A player with a turn to skip is passed by (and the skip spent)."""
    s = g.state
    if s.order is None and not by_side:
        return next_player(g, cur)      # no rule has changed the order: seat order
    o = order_of(g)
    players = s.players
    extra = o["extra"]
    while extra:
        p = players[extra.pop(0)]
        if o["resume"] is None:
            o["resume"] = cur.index
        if p.alive and not _skips(g, o, p):
            return p
    base = cur if o["resume"] is None else players[o["resume"]]
    o["resume"] = None
    sides = list(dict.fromkeys(p.side for p in players)) if by_side else []
    while True:
        nxt = _after_by_side(o, players, sides, base) if len(sides) > 1 else \
            _after_by_seat(o, players, base)
        if nxt is None:
            return cur                  # nobody is left: the turn's start ends the game
        if not _skips(g, o, nxt):
            return nxt
        base = nxt


def _skips(g, o, p) -> bool:
    if o["skip"][p.index] > 0:
        o["skip"][p.index] -= 1
        if g.logging:
            g.write(f"{p.name}'s turn is skipped")
        return True
    return False


def _after_by_seat(o, players, base):
    n = len(players)
    step = -1 if o["reversed"] else 1
    for k in range(1, n + 1):
        cand = players[(base.index + step * k) % n]
        if cand.alive:
            return cand
    return None


def _after_by_side(o, players, sides, base):
    """The next side (after ``base``'s) with a living player, and in it the player after
    the side's last: sides take turns, a side's players take the side's turns in turn."""
    last = o["last"]
    last[base.side] = base.index
    step = -1 if o["reversed"] else 1
    k = sides.index(base.side)
    for j in range(1, len(sides) + 1):
        side = sides[(k + step * j) % len(sides)]
        team = [p for p in players if p.side == side]
        if not any(p.alive for p in team):
            continue
        prev = last.get(side)
        at = next((i for i, p in enumerate(team) if p.index == prev), -step)
        for m in range(1, len(team) + 1):
            cand = team[(at + step * m) % len(team)]
            if cand.alive:
                return cand
    return None


# --- decisions ---------------------------------------------------------------------------
def choice_of(g, chooser, options, lo, hi, prompt, secret, this):
    """The cards (or players, ...) picked without asking, as a list, or the Decision to
    ask: options without `none`, at most ``hi`` and at least ``lo`` of them."""
    if type(options) is not list or None in options:
        options = [o for o in options if o is not None]
    if hi > len(options):
        hi = len(options)
    if lo > hi:
        lo = hi
    if hi <= 0:
        return []
    if lo == hi == len(options):             # nothing to decide: said where it is read
        if g.logging and chooser is not None:
            g.log_forced(Decision(chooser, "choose", prompt, None, options, lo, hi, secret,
                                  this.name if this is not None else None, None, g.labels_of,
                                  this), 0 if lo == hi == 1 else tuple(range(lo)))
        return options
    if chooser is None:
        return options[:lo]
    if g.quick:                              # a quick bot needs no Decision
        return chosen(options, lo, hi, g.ask_quick(chooser, "choose", len(options), lo, hi))
    return Decision(chooser, "choose", prompt, None, options, lo, hi, secret,
                    this.name if this is not None else None, None, g.labels_of, this)


def picked(d: Decision, choice) -> list:
    return chosen(d.values, d.min_count, d.max_count, choice)


def chosen(values: list, lo: int, hi: int, choice) -> list:
    """The values a choice picks: one index, or several for a choice of ``lo`` to ``hi``."""
    if lo == 1 and hi == 1:
        return [values[choice]]
    return [values[i] for i in sorted(choice)]


def labels_decision(g, chooser, labels, prompt, secret, this):
    return Decision(chooser, "one" if labels != ["yes", "no"] else "may", prompt, list(labels),
                    list(labels), 1, 1, secret, this.name if this is not None else None,
                    None, None, this)
