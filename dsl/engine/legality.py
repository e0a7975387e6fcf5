"""Why a choice is not offered: the rule that refuses it, in the deck's words.

An offer lists only what the rules allow, so a move the player types that is not listed
was refused by some rule. :func:`explain` finds which: the test of the move's `if` that
fails (with its `else` words), the card's own `require`, the move's options selector,
a `forbid`, or one of an ability's limits. It runs only when a typed choice is refused,
never while a game plays on.

A refusal reads "LABEL is not allowed: WORDS", LABEL being the option as the player
may read it and WORDS the deck's `else` words, or the failing test as the deck wrote it
("it needs `...`").
"""
from __future__ import annotations

from typing import Optional

from .state import CardInst
from .statics import forbidders


def explain(g, decision, typed: str) -> Optional[str]:
    """The refusal of the option ``typed`` names at an offer, or None when it names no
    option the offer could have had (or several with different reasons)."""
    if decision.kind == "choose" and decision.why is not None:
        return _choice_refusal(g, decision, typed)
    if decision.kind != "move" or decision.refresh is None or decision._labeler is None:
        return None
    lister, who = decision.refresh
    names = g.code.offer_moves.get(lister)
    if names is None:
        return None
    refused = []                                   # (value, reason)
    for name in names:
        if name == "abilities":
            refused.extend(_ability_refusals(g, who))
        else:
            refused.extend(_move_refusals(g, who, name))
    if not refused:
        return None
    from ..agents import matching
    # As the player may read them: a card they cannot see is never named by a refusal
    # (it is not offered, so not shown to them as an option).
    labels = decision._labeler([v for v, _ in refused], who, False)
    found = matching(labels, typed)
    answers = {(labels[i], refused[i][1]) for i in found}
    if len(answers) != 1:
        return None
    label, reason = answers.pop()
    return f"{label} is not allowed: {reason}"


def _choice_refusal(g, decision, typed: str) -> Optional[str]:
    """A card or player the chooser names that was left out of a `choose` because the
    action its body calls does not take it: that action's failing test, in its words,
    or (for a `target` parameter) what keeps it from being a legal target."""
    from ..agents import matching
    if decision.why[1] is None:
        return _forbidden_target(g, decision, typed)
    action, j, ability, call = decision.why
    test = g.code.action_why.get((action, j))
    if test is None and call is None:
        return None
    who = decision.player
    offered = {id(v) for v in decision.values}
    if decision.values and all(type(v) is not CardInst for v in decision.values):
        left_out = [p for p in g.state.players if id(p) not in offered]
    else:
        zones = list(dict.fromkeys(v.zone for v in decision.values
                                   if type(v) is CardInst and v.zone is not None))
        left_out = [c for z in zones for c in z.cards if id(c) not in offered]
    if not left_out:
        return None
    labels = g.labels_of(left_out, who, offer=False)
    answers = set()
    for i in matching(labels, typed):
        v = left_out[i]
        k = test(g, who, v) if test is not None else -1
        if k >= 0:
            _, words, pos = g.program.actions[action].requires[k]
            reason = _said(g, words, j, who, v) or _needs(g, pos)
        elif k == -2:
            reason = f"it is not a legal target of {action}"
        else:
            reason = None
            if call is not None:
                this, ev, args, at = call
                args = [v if n in at else a for n, a in enumerate(args)]
                reason = call_refusal(g, action, who, this, ev, ability, args, j)
            if reason is None:
                reason = _protector(g, who, decision.card, ability, v, action, j)
            if reason is None:
                return None              # left out by something else
        answers.add((labels[i], reason))
    if len(answers) != 1:
        return None
    label, reason = answers.pop()
    return f"{label} is not allowed: {reason}"


def call_refusal(g, action: str, who, this, ev, ability, args: list, j=None) -> Optional[str]:
    """What refuses a call of ``action`` by ``who`` with ``args`` (``this`` and ``ev``
    where it is written, ``ability`` the ability whose text makes it), in the deck's
    words: a test of its `if`, the `require` of the card it plays, or the forbids that
    refuse it (``CK``); None when nothing does. ``j``: the argument a choice gave."""
    check = g.code.call_check.get(action)
    if check is None:
        return None
    extra = (ability,) if g.program.reads_ability else ()
    found = check(g, who, this, ev, *extra, *args, True)
    return None if found is None else \
        _call_words(g, action, found, who, args[j] if j is not None else None, j)


def _call_words(g, action: str, found, who, x=None, j=None) -> str:
    """The words of what a call's check found (:func:`call_refusal`): ``x`` the value a
    choice gave its argument ``j`` (words that show values show them for a choice only)."""
    kind, what = found               # (0, test of its `if`), (1, card), (2, forbids)
    if kind == 2:
        return forbid_words(what)
    if kind == 1:
        return _card_refusal(g, who, what)
    _, words, pos = g.program.actions[action].requires[what]
    if getattr(words, "values", None) and (j is None or (words.k, j) not in g.code.words):
        return _needs(g, pos)
    return _said(g, words, j, who, x) or _needs(g, pos)


def _forbidden_target(g, decision, typed: str) -> Optional[str]:
    """A target the chooser names that a `static forbid` of the card's play left out of
    its question: the forbid's rule."""
    from ..agents import matching
    name, _, data, options = decision.why
    who = decision.player
    offered = {id(v) for v in decision.values}
    left_out = [v for v in options if id(v) not in offered]
    labels = g.labels_of(left_out, who, offer=False)
    answers = {(labels[i], forbid_words(list(forbidders(g, name, data, who, (left_out[i],),
                                                        True))))
               for i in matching(labels, typed)}
    if len(answers) != 1:
        return None
    label, reason = answers.pop()
    return f"{label} is not allowed: {reason}"


def _protector(g, who, this, ability, v, action: str, j: int) -> Optional[str]:
    """What keeps ``v`` from being the target ``j`` of ``action`` aimed by ``who`` with
    the text of ``this`` (its ability ``ability``): the card whose `static untargetable`
    protects it, or the game's rules; None when nothing does."""
    p = g.program.actions[action]
    if p.params[j] not in dict(p.targets):
        return None
    from .statics import may_aim, untargetable_guards
    for guard in untargetable_guards(g):
        if not may_aim(g, who, this, ability, v, [guard]):
            src = guard[1]
            if src is None:
                return f"a rule of the game keeps it from being targeted by {action}"
            return f"{src.name} keeps it from being targeted by {action}"
    return None


def _move_refusals(g, who, name: str) -> list:
    code, p = g.code, g.program
    m = g.info.move_names.index(name)
    mv = p.moves[name]
    out = []
    for x in code.move_candidates[m](g, who):
        j = code.move_why[m](g, who, x)
        if j == -1:
            reason = _card_refusal(g, who, x)
            if reason is None and code.move_play[m] is not None:
                by = code.move_play[m](g, who, x, True)
                reason = forbid_words(by) if by else None
        elif j == -2:
            reason = _not_among(g, name)
        elif j == -3:
            data = {} if mv.var is None else {mv.var: x}
            reason = forbid_words(list(forbidders(g, name, data, who)))
        elif mv.requires:
            _, words, pos = mv.requires[j]
            reason = _said(g, words, None, who, x) or _needs(g, pos)
        else:
            decl = p.decls.get(("move", name))
            reason = _needs(g, decl.cond.pos) if decl is not None else f"{name} is not allowed now"
        if reason is not None:
            out.append(((m, x), reason))
    return out


def forbid_words(sources: list) -> str:
    """Who forbids it, as a refusal says it: "Aegis forbids it", "Aegis and Lone Duel
    forbid it" (:func:`forbidders_named`)."""
    names = _forbidders(sources)
    return f"{_listed(names)} {'forbids' if len(names) == 1 else 'forbid'} it"


def forbidders_named(sources: list) -> str:
    """The cards whose `static forbid`s refuse something (a source None is a rule of the
    game), each named once: "Aegis", "Aegis and Lone Duel", "a rule of the game"."""
    return _listed(_forbidders(sources))


def _forbidders(sources: list) -> list:
    return list(dict.fromkeys("a rule of the game" if src is None else src.name
                              for src in sources)) or ["a rule of the game"]


def _listed(names: list) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _card_refusal(g, who, c) -> Optional[str]:
    if type(c) is not CardInst or (c.zone is not None and c.zone.in_play):
        return None
    test = g.code.card_req[c.d]
    if test is None:
        return None
    j = test(g, who, c, None)
    if j < 0:
        return None
    _, words, pos = g.defs[c.name].requires[j]
    return _said(g, words, None, who, c, None) or _needs(g, pos)


def _not_among(g, name: str) -> str:
    decl = g.program.decls.get(("move", name))
    where = getattr(getattr(decl, "source", None), "where", None)
    if where is None:
        return f"it is not among the options of {name}"
    return _needs(g, where.pos)


def _ability_refusals(g, player) -> list:
    """(value, reason) for each ability of a card ``player`` could use that is refused:
    the same cards and order as ``ABILITIES``, with the reason each test gives."""
    from .statics import remaining
    info, s = g.info, g.state
    out = []
    if not info.able:
        return out
    cards = [c for z in s.inplay for c in z.cards if c.controller is player and c.name in info.able]
    for zname in info.ability_zones:
        z = player.z[info.zone_index[zname]]
        if z is not None:
            cards.extend(c for c in z.cards if c.name in info.able)
    seen = set()
    for c in cards:
        if c.id in seen:
            continue
        seen.add(c.id)
        for ab in g.defs[c.name].abilities:
            if ab.from_zone is not None and (c.zone is None or c.zone.name != ab.from_zone):
                continue
            if ab.from_zone is None and not (c.zone and c.zone.in_play):
                continue
            k = info.ability_index[id(ab)]
            reason = None
            if not ab.any_time and s.active is not player:
                reason = "it can be used only on your turn"
            elif ab.once_per_turn and ("ability", c.id, ab.name) in s.once:
                reason = "it was used this turn (once per turn)"
            elif ab.uses is not None and remaining(g, ab.uses, player) <= 0:
                reason = f"no `{ab.uses}` is left this turn"
            elif g.code.ability_why[k] is not None and \
                    (j := g.code.ability_why[k](g, player, c, None)) >= 0:
                _, words, pos = ab.requires[j]
                reason = _said(g, words, None, player, c, None) or _needs(g, pos)
            elif ab.needs_target and _no_target(g, player, c, k):
                reason = "it has no legal target"
            elif g.code.ability_play[k] is not None and \
                    (found := g.code.ability_play[k](g, player, c, None, True)) is not None:
                reason = _call_words(g, ab.body[0].action, found, player)
            if reason is not None:
                out.append(((-1, (c, k)), reason))
    return out


def _no_target(g, player, c, k) -> bool:
    """Whether ability ``k`` of card ``c`` declares a target and none can be chosen (none
    in its collection, or none its source may aim at)."""
    from .values import iterate
    aims = g.code.ability_targets[k]
    return aims is not None and not any(o is not None for o in iterate(aims(g, player, c, None)))


def _said(g, words, j, who, *args) -> Optional[str]:
    """A test's words as the player reads them: with the values of the game they show
    (`{EXPR}`) in place, each as ``who`` may see it (a card by its label, never by a
    name they may not read); None without words."""
    values = getattr(words, "values", None)
    if not values:
        return words
    fn = g.code.words.get((words.k, j))
    if fn is None:
        return words
    return words.render(_shown(g, v, who) for v in fn(g, who, *args))


def _shown(g, v, who) -> str:
    if type(v) is bool:
        return "true" if v else "false"
    if v is None:
        return "none"
    if type(v) in (int, str):
        return str(v)
    if type(v) is list:
        return ", ".join(_shown(g, x, who) for x in v)
    if type(v) is CardInst:
        return g.labels_of([v], who, offer=False)[0]
    return getattr(v, "name", None) or str(v)


def _needs(g, pos) -> str:
    """The default words of a failed test: the test as the deck wrote it."""
    return f"it needs `{source_text(g.program, pos)}`"


def source_text(program, pos) -> str:
    """The deck's text at a position, on one line."""
    text = program.sources.get(pos.file)
    if text is None:
        return "?"
    lines = text.split("\n")[pos.line - 1:pos.end_line]
    if not lines:
        return "?"
    if len(lines) == 1:
        part = lines[0][pos.column - 1:pos.end_column - 1]
    else:
        part = " ".join([lines[0][pos.column - 1:]] + lines[1:-1] + [lines[-1][:pos.end_column - 1]])
    return " ".join(part.replace("\\", " ").split())
