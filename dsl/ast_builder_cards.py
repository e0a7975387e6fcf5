"""Lark's parse of a deck's triggers, responses, statics, cards, abilities and declared
targets, built into :mod:`deckwright.dsl.ast`: the part of :class:`deckwright.dsl.ast_builder.Builder` (which
mixes it in) for a card's text and the rules written like it."""
from __future__ import annotations

from lark import Token

from . import ast as A
from .ast_words import unquote as _unquote
from .errors import Diagnostic
from .limits import MAX_COPIES


def _target_spec(ch) -> tuple:
    """`target NAME from COLLECTION [up to N | exactly N] [prompt "..."]` as (name,
    collection, prompt or None, N or None, whether it is exactly N)."""
    count = next((c for c in ch[2:] if isinstance(c, tuple) and c[0] in ("upto", "exactly")),
                 None)
    prompt = next((_unquote(c) for c in ch[2:] if isinstance(c, Token)), None)
    if count is None:
        return (str(ch[0]), ch[1], prompt, None, False)
    return (str(ch[0]), ch[1], prompt, count[1], count[0] == "exactly")


class CardBuilder:
    """Builder methods for triggers, statics, cards and abilities (``self.number``,
    ``self.requirement`` and ``self.diags`` are the Builder's)."""

    def kind_when(self, pos, ch): return "when"
    def kind_before(self, pos, ch): return "before"

    def trigger(self, pos, ch):
        kind, event = ch[0], str(ch[1])
        body = ch[-1]
        where = None
        opts = {}
        for c in ch[2:-1]:
            if isinstance(c, tuple):
                opts[c[0]] = c[1]
            else:
                where = c
        return A.Trigger(kind, event, where, body, pos=pos, **opts)

    def response(self, pos, ch):
        event, label = str(ch[0]), _unquote(ch[1])
        rest = list(ch[2:])
        cost = next((c[1] for c in rest if isinstance(c, tuple) and c[0] == "cost"), None)
        rest = [c for c in rest if not (isinstance(c, tuple) and c[0] == "cost")]
        t = self.trigger(pos, ["respond", ch[0]] + rest)
        return A.Trigger("respond", event, t.where, t.body, t.from_zone, t.once_per_turn,
                         label, cost, pos=pos)

    def response_cost(self, pos, ch): return ("cost", ch[0])

    def trigger_from(self, pos, ch): return ("from_zone", str(ch[0]))
    def trigger_once(self, pos, ch): return ("once_per_turn", True)

    def whenever_decl(self, pos, ch): return A.Whenever(ch[0], ch[1], pos=pos)

    def static_decl(self, pos, ch): return A.StaticDecl(ch[0], pos=pos)

    def static_modify(self, pos, ch):
        return A.StaticModify(str(ch[0]), ch[1], ch[2] if len(ch) > 2 else None, pos=pos)

    def static_substitute(self, pos, ch):
        return A.StaticSubstitute(str(ch[0]), str(ch[1]), len(ch) > 2, pos=pos)

    def static_forbid(self, pos, ch):
        return A.StaticForbid(str(ch[0]), ch[1] if len(ch) > 1 else None, pos=pos)

    def static_prevent(self, pos, ch):
        return A.StaticPrevent(str(ch[0]), ch[1] if len(ch) > 1 else None, pos=pos)

    def static_instead(self, pos, ch):
        where = ch[1] if len(ch) > 2 else None
        return A.StaticInstead(str(ch[0]), where, ch[-1], pos=pos)

    def static_copy(self, pos, ch): return A.StaticCopy(ch[0], pos=pos)
    def static_grant(self, pos, ch): return A.StaticGrant(ch[0], ch[1], pos=pos)
    def static_always_usable(self, pos, ch): return A.StaticAlwaysUsable(ch[0], pos=pos)
    def static_untargetable(self, pos, ch): return A.StaticUntargetable(ch[0], ch[1], pos=pos)

    def typeline(self, pos, ch):
        return ch[0], (ch[1] if len(ch) > 1 else ())

    def type_words(self, pos, ch): return tuple(map(str, ch))
    def subtype_words(self, pos, ch): return tuple(map(str, ch))

    def card_decl(self, pos, ch, token=False):
        name = _unquote(ch[0])
        types, subtypes = ch[1]
        copies = 1
        body = None
        for c in ch[2:]:
            if isinstance(c, Token):
                copies = self.number(c)
                if copies > MAX_COPIES:
                    from .ast_builder import _tok_pos
                    self.diags.append(Diagnostic(
                        "too-big", f"{copies:,} copies of one card is more than a game may "
                                   f"hold ({MAX_COPIES:,} cards)", _tok_pos(c, self.file)))
                    copies = 1
            elif c is not None:
                body = c
        fields: dict = {"text": None, "props": [], "effect": None, "triggers": [],
                        "abilities": [], "statics": []}
        repeated = []
        for item in body or ():
            if isinstance(item, A.CardProp):
                fields["props"].append(item)
            elif isinstance(item, tuple) and item[0] == "text":
                if fields["text"] is not None:
                    repeated.append(("text", item[2]))
                fields["text"] = item[1]
            elif isinstance(item, A.Block):
                if fields["effect"] is not None:
                    repeated.append(("effect", item.pos))
                fields["effect"] = item
            elif isinstance(item, A.Trigger):
                fields["triggers"].append(item)
            elif isinstance(item, A.Ability):
                fields["abilities"].append(item)
            elif isinstance(item, A.StaticDecl):
                fields["statics"].append(item.static)
            elif isinstance(item, A.Requirement):
                fields.setdefault("requires", []).append(item)
            elif isinstance(item, tuple) and item[0] == "card_target":
                if fields.get("target") is not None:
                    repeated.append(("target", item[2]))
                fields["target"] = item[1]
            elif isinstance(item, tuple) and item[0] == "cost":
                if fields.get("cost") is not None:
                    repeated.append(("to use", item[2]))
                fields["cost"] = item[1]
        for k in ("props", "triggers", "abilities", "statics", "requires"):
            if k not in fields:
                continue
            fields[k] = tuple(fields[k])
        return A.CardDecl(name, types, subtypes, copies, token, pos=pos,
                          repeated=tuple(repeated), **fields)

    def token_decl(self, pos, ch):
        return self.card_decl(pos, ch, token=True)

    def card_body(self, pos, ch): return list(ch)
    def card_text(self, pos, ch): return ("text", _unquote(ch[0]), pos)
    def card_effect(self, pos, ch): return ch[0]
    def card_prop(self, pos, ch): return A.CardProp(str(ch[0]), tuple(ch[1:]), pos=pos)
    def card_require(self, pos, ch): return self.requirement(pos, ch)
    def card_cost(self, pos, ch): return ("cost", ch[0], pos)

    def ability(self, pos, ch):
        name = _unquote(ch[0])
        opts = dict(c for c in ch[1:-1] if c[0] != "cond")
        requires = tuple(c[1] for c in ch[1:-1] if c[0] == "cond")
        if requires:                   # several `if`s: all must hold
            opts["cond"] = _conjunction([r.cond for r in requires])
            opts["requires"] = requires
        return A.Ability(name, ch[-1], pos=pos, **opts)

    def ability_uses(self, pos, ch): return ("uses", str(ch[0]))
    def ability_once(self, pos, ch): return ("once_per_turn", True)
    def ability_if(self, pos, ch): return ("cond", self.requirement(pos, ch))
    def ability_any_time(self, pos, ch): return ("any_time", True)
    def ability_from(self, pos, ch): return ("from_zone", str(ch[0]))

    def ability_target(self, pos, ch):
        return ("target", _target_spec(ch))

    def card_target(self, pos, ch): return ("card_target", _target_spec(ch), pos)
    def target_upto(self, pos, ch): return ("upto", ch[0])
    def target_exactly(self, pos, ch): return ("exactly", ch[0])


def _conjunction(conds: list):
    """`a and b and c` of the tests (left-nested, as the parser nests `and`)."""
    out = conds[0]
    for c in conds[1:]:
        out = A.And(out, c, pos=out.pos)
    return out
