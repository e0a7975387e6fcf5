"""The namespace generated code runs in: the runtime's helpers and nothing else.

Every name the generated source reads is either made by the generator (``l0``, ``T3``,
``K5``...) or one of :data:`HELPERS`, or one of the few builtins in :data:`BUILTINS`;
``tests/test_codegen_safety.py`` checks this for every bundled deck and for decks full
of injection attempts. The helpers are the engine's primitives
(:mod:`deckwright.dsl.engine.primitives`) and a few small functions here (and, for targets
and response windows, in :mod:`deckwright.dsl.codegen.runtime_targets`) that only
generated code calls.
"""
from __future__ import annotations

from ..engine import primitives as P
from ..engine import undo as U
from ..engine.divide import Division, divide_targets
from ..engine.events import Decision, Event, TurnOut
from ..engine.state import CardInst, Player, ZoneInst
from ..errors import EngineError
from ..limits import FREE_LOOKS
from .runtime_targets import (REFUSED, aim_ruled, forbid_options, forbidden_as_aimed,
                              keep_targets, no_targets, offer_key, play_refusal, public_name,
                              refused_play, responds, step_prompt, target_list, targeted,
                              targetless, used, window_order, window_prompt)

PASS = (-2, None)                 # the `pass` option of an offer


def nullsafe(v, fn, none):
    return none if v is None else fn(v)


def lt(a, b):
    return a is not None and b is not None and a < b


def le(a, b):
    return a is not None and b is not None and a <= b


def gt(a, b):
    return a is not None and b is not None and a > b


def ge(a, b):
    return a is not None and b is not None and a >= b


def owned(field, who):
    if isinstance(who, list):
        return field in who
    return field is who


def zone_cards(z):
    """The cards of a zone, of a list of zones, or of none."""
    if z is None:
        return ()
    if type(z) is ZoneInst:
        return z.cards
    out = []
    for x in z:
        if type(x) is ZoneInst:
            out.extend(x.cards)
        elif type(x) is list:
            out.extend(c for zz in x for c in zz.cards)
    return out


def zone_of_player(player, k):
    """The cards of a player's zone (index ``k`` of the zone table), or none."""
    return () if player is None else player.z[k].cards


def iterlist(v) -> list:
    """A value's elements, as a list of its own (a loop's body may move the cards)."""
    return list(P.iterate(v))


def member(g, coll, item, pos) -> bool:
    """`item is in coll`; a list of more than FREE_LOOKS elements is charged (a step each)."""
    items = P.members(coll)
    return item in (items if len(items) <= FREE_LOOKS else P.pool(g, items, pos))


def ordered(items, keys, descending, grouped):
    """`ordered by KEY` (stable) or `grouped by KEY` (runs of equal keys, as lists)."""
    if len(items) < 2:                   # nothing to order
        return [list(items)] if grouped and items else list(items)
    keyed = [(k if k is not None else 0, x) for k, x in zip(keys, items)]
    keyed.sort(key=(lambda kx: -kx[0]) if descending else (lambda kx: kx[0]))
    if not grouped:
        return [x for _, x in keyed]
    groups = []
    for k, x in keyed:
        if groups and groups[-1][0] == k:
            groups[-1][1].append(x)
        else:
            groups.append((k, [x]))
    return [members for _, members in groups]


def say(g, you, this, text, pos):
    g.write(f"{you.name}: {text}", pos, this.name if this else None)


def shown_cost(g, values, pos) -> None:
    """The budget's steps for showing ``values``: one for each element of a list, inner
    lists' too (charged whether or not the game logs, so both stop alike)."""
    for v in values:
        if type(v) in (list, tuple):
            P.charge(g, P.elements(v), pos)


def say_shown(g, you, this, pieces, values, pos):
    """`say` with the values it shows (`{EXPR}`) in place, as each seat reads them."""
    shown_cost(g, values, pos)
    if g.logging:
        read = [_reading(g, v) for v in values]
        head = f"{you.name}: {pieces[0]}"
        rest = pieces[1:]
        g.write_seen(lambda r: head + "".join(f(r) + piece for f, piece in zip(read, rest)),
                     pos=pos, source=this.name if this else None)


def _reading(g, v):
    """A value `say` shows, as a function of who reads it (:meth:`GameLog.told`)."""
    if type(v) is bool or v is None:
        text = "none" if v is None else "true" if v else "false"
        return lambda r: text
    if type(v) in (list, tuple):
        read = [_reading(g, x) for x in v]
        return lambda r: ", ".join(f(r) for f in read)
    return g.told(v)


def shown(g, pieces, values, pos) -> str:
    """Words with the values they show (`{EXPR}`) in place, as every seat may read them:
    the line is logged for all, so a card is named only where every player sees it, else
    as they see it (where it lies). Numbers, texts and players as themselves, a list item
    by item, a truth as `true`/`false`, nothing as `none`."""
    shown_cost(g, values, pos)
    out = [pieces[0]]
    for v, piece in zip(values, pieces[1:]):
        out += [_public(g, v), piece]
    return "".join(out)


def _public(g, v) -> str:
    if type(v) is bool:
        return "true" if v else "false"
    if v is None:
        return "none"
    if type(v) in (list, tuple):
        return ", ".join(_public(g, x) for x in v)
    return public_name(g, v)


def engine_error(g, message):
    raise EngineError(message, tuple(g.chain))


def _all(v, cls) -> bool:
    return type(v) in (list, tuple) and all(type(x) is cls for x in v)


# How each kind the checker names is recognised in a value (deckwright.dsl.check.kinds); "numbers"
# is a list of numbers (`min`, `max`), "cards" may hold zones (their cards).
_KIND_TESTS = {
    "number": lambda v: type(v) is int,
    "text": lambda v: type(v) is str,
    "card": lambda v: type(v) is CardInst,
    "player": lambda v: type(v) is Player,
    "zone": lambda v: type(v) is ZoneInst,
    "cards": lambda v: type(v) in (list, tuple) and all(type(x) in (CardInst, ZoneInst)
                                                         for x in v),
    "players": lambda v: _all(v, Player),
    "zones": lambda v: _all(v, ZoneInst),
    "numbers": lambda v: type(v) in (list, tuple) and all(
        x is None or type(x) is int for x in v),
    "list": lambda v: type(v) in (list, tuple),
    "none": lambda v: v is None,
}
_KIND_WORDS = {"number": "a number", "text": "a text", "card": "a card", "player": "a player",
               "zone": "a zone", "cards": "cards", "players": "players", "zones": "zones",
               "numbers": "numbers", "list": "a list", "none": "`none`"}


def of_kind(g, v, expected):
    """``v`` if it is of one of the kinds ``expected`` names (kinds, what, position);
    else the game stops with an error saying what was expected where (the checker could
    not know the value's kind)."""
    kinds, what, pos = expected
    for k in kinds:
        if _KIND_TESTS[k](v):
            return v
    want = " or ".join(_KIND_WORDS[k] for k in kinds)
    raise EngineError(f"{what} must be {want}, not {describe_value(v)} (at {pos})",
                      tuple(g.chain))


def describe_value(v) -> str:
    """A value as a player would name it: `the number 3`, `the text "two"`, `card X`."""
    t = type(v)
    if v is None:
        return "`none`"
    if t is bool:
        return f"the condition `{'true' if v else 'false'}`"
    if t is int:
        return f"the number {v}"
    if t is str:
        quoted = v.replace("\\", "\\\\").replace('"', '\\"')
        return f'the text "{quoted}"' if len(v) <= 40 else "a text"
    if t is CardInst:
        return f"the card {v.name}"
    if t is Player:
        return f"the player {v.name}"
    if t is ZoneInst:
        return f"the zone {v.name}"
    if t in (list, tuple):
        return "an empty list" if not v else f"a list of {len(v)} ({describe_value(v[0])}, ...)"
    if t is Event:
        return f"the event {v.name}"
    return "a value of another kind"


def known_card(g, name, pos):
    if name not in g.defs:
        raise EngineError(f"cannot transform into `{name}` at {pos}: no card has that name",
                          tuple(g.chain))


def check(g, v):
    return P.check_int(g, v)


def attach_quiet(g, what, host):
    if host is None or host.zone is None:
        return
    for c in P.cards_of(what):
        if c is host:
            continue
        if c.zone is not host.zone:
            P.move_card_quiet(g, c, host.zone, "top", None)
        P.attach_now(g, c, host)


def create_quiet(g, you, name, n, zone, pos):
    for _ in range(max(n, 0)):
        c = P.new_card_for(g, name, zone, you, pos)
        if c is None:
            return
        P.move_card_quiet(g, c, zone, "top", None)
        P.unmade(g, c)


def abilities(g, player, any_time_only=False):
    """(-1, (card, ability index)) for every ability ``player`` may use now (in a window:
    only those usable at any time)."""
    out = []
    info = g.info
    able = info.able
    kinds = g.static_kinds
    granted = P.granted_abilities(g, player) if "grant" in kinds else None
    if not able and not granted:
        return out
    s = g.state
    if not g.able_in_play and not info.ability_zones and not granted:
        return out
    active = s.active is player
    seen = set()
    lefts: dict = {}
    freed = P.always_usable(g) if "always_usable" in kinds else None
    cards = [c for z in s.inplay for c in z.cards if c.controller is player and c.name in able]
    if granted:
        cards.extend(c for c, _ in granted.values())
    for zname in info.ability_zones:
        z = player.z[info.zone_index[zname]]
        if z is not None:
            cards.extend(c for c in z.cards if c.name in able)
    code = g.code
    rows, index, copiers = info.ability_rows, info.ability_index, info.copiers
    conds, aims_of, once = code.ability_conds, code.ability_targets, s.once
    plays = code.ability_play
    playing = not any_time_only and active     # abilities not `any time` may be used
    for c in cards:
        cid = c.id
        if cid in seen:
            continue
        seen.add(cid)
        row = rows[c.d]
        zone = c.zone
        in_play = zone is not None and zone.in_play
        if c.name in copiers and in_play:
            row = row + [(ab, index[id(ab)]) for cc, d in P.copied_text(g) if cc is c
                         for ab in d.abilities if ab.from_zone is None]
        if granted and cid in granted:
            row = row + [(ab, index[id(ab)]) for ab in granted[cid][1]]
        for ab, k in row:
            fz = ab.from_zone
            if fz is not None:
                if zone is None or zone.name != fz:
                    continue
            elif not in_play:
                continue
            if not (playing or ab.any_time):
                continue
            if ab.once_per_turn and ("ability", cid, ab.name) in once:
                continue
            if ab.uses is not None:
                left = lefts.get(ab.uses)      # the same for every card: ask once
                if left is None:
                    left = lefts[ab.uses] = P.remaining(g, ab.uses, player)
                if left <= 0:
                    continue
            cond = conds[k]
            if cond is not None and not (freed and cid in freed) and \
                    not cond(g, player, c, None):
                continue
            aims = aims_of[k]
            if aims is not None and ab.needs_target and \
                    not any(o is not None for o in P.iterate(aims(g, player, c, None))):
                continue                   # no legal target: not offered (`up to N`: it is)
            if plays[k] is not None and plays[k](g, player, c, None, False) is not None:
                continue                   # its first step, a call, would be refused
            out.append((-1, (c, k)))
    return out


def card_ok(g, you, c) -> bool:
    """Whether a card's own `require`s let a move take it: always for a card in play
    (its text works from play by other means), else when every `require` holds."""
    return card_refused(g, you, c) < 0


def card_refused(g, you, c) -> int:
    """The first of a card's own `require`s that fails for ``you`` taking it, or -1 (for a
    card in play, or a value that is no card, always -1)."""
    if type(c) is not CardInst:
        return -1
    test = g.code.card_req[c.d]
    if test is None or (c.zone is not None and c.zone.in_play):
        return -1
    return test(g, you, c, None)


def ruled(d, rule, ability=None, call=None):
    """A `choose` decision whose options a rule of an action filters (its `if`, its
    target's legality, its forbids), with that rule (``[action, parameter index]``), the
    ability aiming (or None) and, where the options were asked of the call's check
    (``CK``), its `this`, `event` and arguments (the chosen one None), for its refusals."""
    d.why = (*rule, ability, call)
    return d


def usable_of(g, player, c, name=None) -> list:
    """The indexes of the abilities of card ``c`` that ``player`` could use through
    `use ability of`: printed, copied or granted, working where the card is, whose `if`
    holds for ``player`` (or is lifted); costs (`uses`, `once per turn`) aside."""
    info, code = g.info, g.code
    abs_ = list(g.defs[c.name].abilities)
    in_play = c.zone is not None and c.zone.in_play
    if in_play and c.name in info.copiers:
        abs_ += [ab for cc, d in P.copied_text(g) if cc is c
                 for ab in d.abilities if ab.from_zone is None]
    kinds = g.static_kinds
    if in_play and "grant" in kinds:
        abs_ += [ab for st, src, you in P.active_statics(g, "grant")
                 if c in P.cards_of_static(g, st, src, you) for ab in (st.ability,)]
    freed = P.always_usable(g) if "always_usable" in kinds else ()
    out = []
    for ab in abs_:
        if name is not None and ab.name != name:
            continue
        if ab.from_zone is not None and (c.zone is None or c.zone.name != ab.from_zone):
            continue
        if ab.from_zone is None and not in_play:
            continue
        k = info.ability_index[id(ab)]
        cond = code.ability_conds[k]
        if cond is not None and c.id not in freed and not cond(g, player, c, None):
            continue
        play = code.ability_play[k]
        if play is not None and play(g, player, c, None, False) is not None:
            continue                       # its first step, a call, would be refused
        if k not in out:
            out.append(k)
    return out


def move_labeler(info):
    """The labels of an offer's options: `move: card`, `card: ability`, `pass`. An ability
    of an attached card names its host ("Lamp on Desk: Shine"), and one named as its
    card is not named twice. (Options still alike are told apart as a decision's labels
    are made: deckwright.dsl.visibility.tell_apart.)"""
    names, label = info.move_names, _label

    def labels(values, viewer=None, offer=True):
        out = []
        for v in values:
            m = v[0]
            if m >= 0:
                out.append(names[m] if info.move_vars[m] is None
                           else f"{names[m]}: {label(v[1], viewer, offer)}")
            elif m == -1:
                c, k = v[1]
                card, ability = label(c, viewer, offer), info.abilities[k].name
                if c.attached_to is not None:
                    card += f" on {label(c.attached_to, viewer, offer)}"
                out.append(card if ability == c.name else f"{card}: {ability}")
            elif m == -3:
                k, c = v[1]
                said = info.response_labels[k]
                if c is not None:          # a card's response is named only to who reads it
                    shown = label(c, viewer, offer)
                    said = f"{shown}: {said if shown == c.name else 'a response'}"
                out.append(said)
            else:
                out.append("pass")
        return out
    return labels


def _label(v, viewer=None, offer=True) -> str:
    from ..visibility import value_name
    return value_name(v, viewer, offer)


HELPERS = {
    # values and numbers
    "ITER": P.iterate, "ITERLIST": iterlist, "MEMBERS": P.members, "MEMBER": member,
    "COUNT": P.count, "ASLIST": P.as_list, "NTH": P.nth, "AGG": P.agg, "CARDS": P.cards_of,
    "OVER": P.over, "CHECK": check, "VALUE": P.checked_value, "HOLD": P.held_value,
    "NUMBER": P.number, "COUNTERS": P.counters_on, "DIV": P.divide, "MOD": P.modulo, "RANGE": P.number_range,
    "NULLSAFE": nullsafe, "LT": lt, "LE": le, "GT": gt, "GE": ge, "ORDERED": ordered,
    "CHARGE": P.charge, "POOL": P.pool, "POOL_OF": P.pool_of, "CHARGED": P.charged, "EQUAL": P.equal,
    "BUDGET": P.budget_exceeded, "TOO_DEEP": P.too_deep,
    "ENGINE_ERROR": engine_error, "KIND": of_kind,
    # reading the state
    "TOP": P.top_card, "BOTTOM": P.bottom_card, "TOPN": P.top_cards, "RANDOM": P.random_of,
    "SHUFFLED": P.shuffled, "NEXT": P.next_player, "ATTACHMENTS": P.attachments,
    "TURN_ORDER": P.turn_order,
    "INPLAY": P.in_play, "ATTR": P.attr, "EVGET": P.event_get, "PARAM": P.param,
    "REMAINING": P.remaining, "OWNED": owned, "ZONECARDS": zone_cards, "ZONE_OF": zone_of_player,
    "CARD": CardInst, "PLAYER": Player, "DECISION": Decision, "INT": int,
    "PLAIN": frozenset({int, str, bool, type(None), CardInst, Player, ZoneInst}),
    "ZONEINST": ZoneInst,
    # changing it
    "RELOCATE": P.relocate, "RELEASE": P.release, "MOVABLE": P.movable, "MOVE_QUIET": P.move_quiet,
    "MOVE_CARD_QUIET": P.move_card_quiet, "SHUFFLE": P.shuffle, "REVEAL": P.reveal,
    "PROP_NOW": P.prop_now, "SET_FACE": P.set_face, "ORIENT": P.orient_one, "DETACH": P.detach, "GIVE": P.give, "ATTACH_NOW": P.attach_now,
    "ATTACH_QUIET": attach_quiet, "TAKE_CONTROL": P.take_control, "TRANSFORM": P.transform_one,
    "KNOWN_CARD": known_card, "PUT_COUNTERS": P.put_counters_one,
    "REMOVE_COUNTERS": P.remove_counters_one, "NEW_CARD": P.new_card_for, "UNMADE": P.unmade,
    "CREATE_QUIET": create_quiet, "CREATE_LIBRARY": P.create_library,
    "GAIN_QUIET": P.gain_quiet, "LOSE_QUIET": P.lose_quiet, "GAIN_NOW": P.gain_now,
    "LOSE_NOW": P.lose_now, "LOSE_AMOUNT": P.lose_amount, "SET_RES": P.set_res,
    "SET_SHARED": P.set_shared, "MARK": P.mark, "UNMARK": P.unmark, "ELIMINATE": P.eliminate_one,
    "TURN_OUT": P.turn_out, "TURNOUT": TurnOut,
    "END": P.end_game, "END_MOST": P.end_by_most, "MOST_OF": P.most_of, "WON": P.won, "USE": P.use_limit, "ADD_TEMP": P.add_temp_static,
    "SAY": say, "SAY_SHOWN": say_shown, "SHOWN": shown, "START_TURN": P.start_turn, "EXPIRE": P.expire,
    "EXTRA_TURN": P.extra_turn, "SKIP_TURN": P.skip_turn, "REVERSE_ORDER": P.reverse_order,
    "NEXT_TURN": P.next_turn,
    # events and decisions
    "EVENT": Event, "NEGATE": P.negate, "NEGATED": P.negated, "INPLAY_FIELDS": P.in_play_fields,
    "INSTANCES": P.instances, "HEARING": P.hearing, "COPIED": P.copied_text,
    "COPIED_HEARING": P.copied_hearing, "COPIED_FIELDS": P.copied_fields,
    "ACTIVE": P.active_statics, "FORBIDDEN": P.forbidden, "CHOICE": P.choice_of,
    "WINDOW_ORDER": window_order, "WINDOW_PROMPT": window_prompt, "STEP_PROMPT": step_prompt,
    "RESPONDS": responds,
    "KEEP_TARGETS": keep_targets, "TARGET_LIST": target_list, "TARGETED": targeted, "USED": used,
    "TARGETLESS": targetless, "NO_TARGETS": no_targets, "AIMABLE": P.aimable,
    "MAY_AIM": P.may_aim, "FORBIDDEN_AIMED": forbidden_as_aimed, "FORBID_OPTIONS": forbid_options,
    "REFUSED_PLAY": refused_play, "REFUSED": REFUSED, "PLAY_REFUSAL": play_refusal,
    "AIM_RULED": aim_ruled,
    "PICKED": P.picked, "LABELS": P.labels_decision, "ABILITIES": abilities, "PASS": PASS,
    "PLAY_REQUIRED": U.play_required, "PLAY_REFUSED": U.play_refused,
    "PLAY_NOT_ALLOWED": U.play_not_allowed, "UNDO_POINT": U.undo_point, "UNDO_MOVE": U.undo_move,
    "CARD_OK": card_ok, "CARD_REFUSED": card_refused, "RULED": ruled, "OFFER_KEY": offer_key,
    "USABLE_OF": usable_of, "COPY_SOURCE": P.copy_source,
    "DIVISION": Division, "DIVIDE_TARGETS": divide_targets, "DIVIDE_NEXT": Division.next_decision,
    "DIVIDE_TAKE": Division.take, "DIVIDE_GIVEN": Division.given,
    "DIVIDE_QUICKLY": Division.decide_quickly,
}

# In a program with `per side` resources, these replace the helpers of the same names.
SIDED = {name: P.sided(HELPERS[name]) for name in
         ("GAIN_QUIET", "LOSE_QUIET", "GAIN_NOW", "LOSE_NOW", "SET_RES")}

# Builtins generated code may use: nothing that reaches outside the game.
BUILTINS = {"len": len, "list": list, "int": int, "range": range, "min": min, "max": max, "abs": abs,
            "type": type, "next": next, "str": str, "dict": dict, "True": True,
            "False": False, "None": None}

# Names the program's module defines for the engine and for each other: set per program.
PROGRAM_NAMES = ("TRIGGERS", "EFFECTS", "ABILITY", "ABILITY_BODY", "INSTEAD", "WHERE", "POS",
                 "SHARED", "MOVE_LABELS", "LAZY_CODE", "RESPONSES", "ABILITY_TARGET",
                 "ABILITY_COUNT", "EFFECT_TARGET")
