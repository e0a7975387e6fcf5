"""Lark's parse, built into :mod:`deckwright.dsl.ast`: one :class:`Builder` method per grammar
alias.

Both parsing paths of :mod:`deckwright.dsl.parser` end here: Lark's parse tree walked by
:meth:`Builder.transform`, and :mod:`deckwright.dsl.fastparse`, which calls the same methods as it
reduces. The input limits that only the builder can see (a number too big, nesting too
deep) are checked here as the nodes are made.
"""
from __future__ import annotations

from lark import Token, Tree

from . import ast as A
from .ast_builder_cards import CardBuilder, _conjunction
from .ast_words import shown_values, unquote as _unquote
from .errors import DeckError, Diagnostic, SourcePosition
from .limits import MAX_PLAYERS
from .scenario.syntax import ScenarioBuilder

# Input limits (docs/language.md §17). Each is checked before the work it bounds: the
# size and line length before Lark sees the text (a 1 MiB string literal cost 214 MB),
# numbers as they are read, nesting as the AST is built (the passes after the parser
# recurse over the AST, and Python's stack ends near 490 levels of parse tree).
MAX_INT = 10 ** 9                    # the engine's MAX_INT: no literal may be beyond ±this
MAX_NESTING = 100                    # levels of statements and expressions in the AST
_SECRET = object()                   # what the `secret` of `may secret` builds to

def _pos(meta, file: str) -> SourcePosition:
    if getattr(meta, "empty", True):
        return SourcePosition(file, 0, 0, 0, 0)
    return SourcePosition(file, meta.line, meta.column, meta.end_line, meta.end_column)


def _tok_pos(tok: Token, file: str) -> SourcePosition:
    return SourcePosition(file, tok.line, tok.column, tok.end_line, tok.end_column)


class Builder(ScenarioBuilder, CardBuilder):
    """One method per grammar alias, called as ``method(pos, children)`` on the way up
    the parse tree, ``pos`` the node's :class:`SourcePosition`; each returns an AST node
    at that position. Mistakes only the builder can see (a number too big, nesting too
    deep) are collected in ``diags``.

    A plain walk rather than a ``lark.Transformer`` with ``v_args(meta=True)``: that
    decorator wraps a method anew on every call, a fifth of the time spent building.
    And a loop with its own stack rather than recursion, so that no depth of nesting
    can overflow Python's stack here; the depth is capped at :data:`MAX_NESTING`."""

    def __init__(self, file: str):
        self.file = file
        self.diags: list[Diagnostic] = []

    def transform(self, tree):
        if not isinstance(tree, Tree):
            return tree
        # Each frame: the tree, its children still to build, those built, its depth.
        # `block` is the braces of the statement that holds it: not a level of its own.
        stack = [(tree, iter(tree.children), [], 0)]
        while True:
            node, todo, built, depth = stack[-1]
            for child in todo:
                if isinstance(child, Tree):
                    deeper = depth + (child.data != "block")
                    if deeper > MAX_NESTING:
                        raise self.too_deep(child)
                    stack.append((child, iter(child.children), [], deeper))
                    break
                built.append(child)
            else:
                stack.pop()
                value = getattr(self, node.data)(self.p(node.meta), built)
                if not stack:
                    return value
                stack[-1][2].append(value)

    def too_deep(self, tree) -> DeckError:
        self.diags.append(Diagnostic(
            "too-deep", f"nested too deeply: more than {MAX_NESTING} levels of statements "
                        f"and expressions", self.p(tree.meta),
            hint="move the inner part into an `action` of its own and call it"))
        return DeckError(self.diags)

    def number(self, tok: Token) -> int:
        """An integer token's value, at most :data:`MAX_INT` (else an error recorded and
        0 returned). Python's int() refuses numbers of over 4,300 digits and the engine
        any beyond ±MAX_INT, so both are caught here, at the number's position."""
        digits = str(tok).lstrip("0") or "0"
        if len(digits) <= len(str(MAX_INT)) and int(digits) <= MAX_INT:
            return int(digits)
        shown = f"the number `{digits}`" if len(digits) <= 20 else f"a {len(digits):,}-digit number"
        self.diags.append(Diagnostic("number", f"{shown} is beyond the limit of ±{MAX_INT:,}",
                                     _tok_pos(tok, self.file)))
        return 0

    def p(self, meta):
        return _pos(meta, self.file)

    # file and header
    def start(self, pos, ch):
        return ch[0], tuple(c for c in ch[1:] if c is not None)

    def header(self, pos, ch):
        return A.GameHeader(_unquote(ch[0]), _unquote(ch[1]) if len(ch) > 1 else None, pos=pos)

    def override(self, pos, ch):
        return A.Override(ch[0], pos=pos)

    def include(self, pos, ch):
        return A.Include(_unquote(ch[0]), pos=pos)

    # declarations
    def players_decl(self, pos, ch):
        lo, hi = self.player_range(pos, ch)
        return A.Players(lo, hi, pos=pos)

    def player_range(self, pos, ch) -> tuple:
        """`players N` or `players N to M`: at least one player, at most
        :data:`~deckwright.dsl.limits.MAX_PLAYERS`, and M not below N."""
        errors = len(self.diags)
        lo = self.number(ch[0])
        hi = self.number(ch[1]) if len(ch) > 1 else lo
        if len(self.diags) > errors:
            return lo, hi
        for tok, n in zip(ch, (lo, hi)):
            if n < 1:
                self.diags.append(Diagnostic("number", "there must be at least 1 player",
                                             _tok_pos(tok, self.file)))
            elif n > MAX_PLAYERS:
                self.diags.append(Diagnostic(
                    "too-big", f"{n:,} players is more than a game may have ({MAX_PLAYERS})",
                    _tok_pos(tok, self.file)))
        if hi < lo and len(self.diags) == errors:
            self.diags.append(Diagnostic(
                "number", f"`players {lo} to {hi}` runs backwards", pos,
                hint=f"write the smaller number first: `players {hi} to {lo}`"))
        return lo, hi

    def option_decl(self, pos, ch):
        return A.Option(str(ch[0]), ch[1], pos=pos)

    def param_decl(self, pos, ch):
        return A.Param(str(ch[0]), ch[1], pos=pos)

    def side_decl(self, pos, ch):
        attrs = {"players": (1, 1), "standing": None}
        attrs.update(ch[1:])
        lo, hi = attrs["players"]
        return A.Side(str(ch[0]), lo, hi, attrs["standing"], pos=pos)

    def side_players(self, pos, ch):
        return ("players", self.player_range(pos, ch))

    def side_standing(self, pos, ch):
        return ("standing", ch[0])

    def standing_decl(self, pos, ch):
        return A.Standing(ch[0], pos=pos)

    def zone_decl(self, pos, ch):
        attrs: dict = {}
        for key, value in ch[1:]:
            attrs[key] = value
        return A.Zone(str(ch[0]), pos=pos, **attrs)

    def zone_shared(self, pos, ch): return ("scope", "shared")
    def zone_per_player(self, pos, ch): return ("scope", "player")
    def zone_per_side(self, pos, ch): return ("scope", "side")
    def zone_hidden(self, pos, ch): return ("visibility", "hidden")
    def zone_private(self, pos, ch): return ("visibility", "private")
    def zone_public(self, pos, ch): return ("visibility", "public")
    def zone_ordered(self, pos, ch): return ("ordered", True)
    def zone_in_play(self, pos, ch): return ("in_play", True)
    def zone_capacity(self, pos, ch): return ("capacity", ch[0])
    def zone_unowned(self, pos, ch): return ("unowned", True)

    def resource_decl(self, pos, ch):
        attrs = dict(ch[1:])
        return A.Resource(str(ch[0]), pos=pos, **attrs)

    def res_start(self, pos, ch): return ("start", ch[0])
    def res_min(self, pos, ch): return ("min", ch[0])
    def res_max(self, pos, ch): return ("max", ch[0])
    def res_shared(self, pos, ch): return ("shared", True)
    def res_score(self, pos, ch): return ("score", True)
    def res_worth(self, pos, ch): return ("worth", int(ch[0]))
    def res_worth_less(self, pos, ch): return ("worth", -int(ch[0]))
    def res_per_side(self, pos, ch): return ("per_side", True)
    def order_by_side(self, pos, ch): return A.TurnOrder("side", pos=pos)
    def order_by_seat(self, pos, ch): return A.TurnOrder("seat", pos=pos)

    def var_decl(self, pos, ch):
        attrs = {a for a in ch[1:] if a in ("per player", "shown")}
        rest = [c for c in ch[1:] if c not in ("per player", "shown")]
        return A.Var(str(ch[0]), rest[0] if rest else None, "per player" in attrs,
                     "shown" in attrs, pos=pos)

    def var_per_player(self, pos, ch): return "per player"
    def var_shown(self, pos, ch): return "shown"
    def once_flag(self, pos, ch): return True

    def counter_decl(self, pos, ch): return A.CounterDecl(tuple(map(str, ch)), pos=pos)
    def mark_decl(self, pos, ch): return A.MarkDecl(tuple(map(str, ch)), pos=pos)
    def type_decl(self, pos, ch): return A.TypeDecl(tuple(map(str, ch)), pos=pos)
    def subtype_decl(self, pos, ch): return A.SubtypeDecl(tuple(map(str, ch)), pos=pos)

    def property_decl(self, pos, ch):
        shown = ch[-1] == "shown"
        rest = ch[1:-1] if shown else ch[1:]
        return A.PropertyDecl(str(ch[0]), rest[0] if rest else None, shown, pos=pos)

    def prop_shown(self, pos, ch): return "shown"

    def limit_decl(self, pos, ch):
        return A.LimitDecl(str(ch[0]), ch[1], pos=pos)

    def action_decl(self, pos, ch):
        params = ch[1] if ch[1] is not None else ()
        rest = ch[2:-1]
        requires = tuple(x for x in rest if isinstance(x, A.Requirement))
        targets = tuple(x[1:] for x in rest if isinstance(x, tuple) and x[0] == "target")
        aims = tuple(x[1] for x in rest if isinstance(x, tuple) and x[0] == "for")
        says = next((_unquote(x) for x in rest if isinstance(x, str)), None)
        told = tuple(x for x in rest if isinstance(x, A.ActionSay))
        return A.ActionDecl(str(ch[0]), params, ch[-1], targets, says, pos=pos, requires=requires,
                            told=told, aims=aims)

    def action_say(self, pos, ch):
        says, pieces = self.shown_values(ch[0])
        return A.ActionSay(_unquote(ch[0]), ch[1] if len(ch) > 1 else None, says=says,
                           pieces=pieces, pos=pos)

    def params(self, pos, ch):
        return tuple(map(str, ch))

    def action_target(self, pos, ch):
        return ("target", str(ch[0]), ch[1] if len(ch) > 1 else None)

    def action_target_for(self, pos, ch):
        return ("for", A.Name(str(ch[0]), pos=pos))

    def move_decl(self, pos, ch):
        name = str(ch[0])
        body = ch[-1]
        rest = ch[1:-1]
        var = source = cond = None
        any_time = bool(rest) and rest[-1] == ("any_time",)
        if any_time:
            rest = rest[:-1]
        if rest and isinstance(rest[0], Token):
            var, source, rest = str(rest[0]), rest[1], rest[2:]
        requires = tuple(rest)
        if requires:
            cond = _conjunction([r.cond for r in requires])
        return A.MoveDecl(name, var, source, cond, body, any_time, pos=pos, requires=requires)

    def requirement(self, pos, ch):
        if len(ch) < 2:
            return A.Requirement(ch[0], None, pos=pos)
        says, pieces = self.shown_values(ch[1])
        return A.Requirement(ch[0], _unquote(ch[1]), pos=pos, says=says, pieces=pieces)

    def shown_values(self, tok: Token) -> tuple:
        """`{EXPR}`s in words, parsed where they stand
        (:func:`deckwright.dsl.ast_words.shown_values`)."""
        return shown_values(tok, self.file, self.diags)

    def any_time(self, pos, ch): return ("any_time",)

    def setup_decl(self, pos, ch): return A.Setup(ch[0], pos=pos)
    def turn_decl(self, pos, ch): return A.Turn(ch[0], pos=pos)
    def round_decl(self, pos, ch): return A.Round(ch[0], pos=pos)

    # statements
    def block(self, pos, ch): return A.Block(tuple(ch), pos=pos)

    def move_stmt(self, pos, ch):
        return A.Move(ch[0], ch[1], ch[2] if len(ch) > 2 else None, pos=pos)

    def pos_top(self, pos, ch): return ("top", None)
    def pos_bottom(self, pos, ch): return ("bottom", None)
    def pos_random(self, pos, ch): return ("random", None)
    def pos_index(self, pos, ch): return ("index", ch[0])

    def shuffle_stmt(self, pos, ch): return A.Shuffle(ch[0], pos=pos)
    def reveal_stmt(self, pos, ch): return A.Reveal(ch[0], pos=pos)
    def face_up_stmt(self, pos, ch): return A.Face(True, ch[0], pos=pos)
    def face_down_stmt(self, pos, ch): return A.Face(False, ch[0], pos=pos)
    def use_ability_stmt(self, pos, ch):
        name = _unquote(ch[0]) if len(ch) > 1 else None
        return A.UseAbility(name, ch[-1], pos=pos)

    def turn_sideways(self, pos, ch): return A.Orient("sideways", ch[0], pos=pos)
    def turn_upside_down(self, pos, ch): return A.Orient("upside down", ch[0], pos=pos)
    def turn_upright(self, pos, ch): return A.Orient("upright", ch[0], pos=pos)
    def attach_stmt(self, pos, ch): return A.Attach(ch[0], ch[1], pos=pos)
    def detach_stmt(self, pos, ch): return A.Detach(ch[0], pos=pos)
    def control_stmt(self, pos, ch): return A.GiveControl(ch[0], ch[1], pos=pos)
    def give_stmt(self, pos, ch): return A.Give(ch[0], ch[1], pos=pos)
    def transform_stmt(self, pos, ch): return A.Transform(ch[0], ch[1], pos=pos)
    def put_counter(self, pos, ch): return A.PutCounter(ch[0], str(ch[1]), ch[2], pos=pos)
    def remove_counter(self, pos, ch): return A.RemoveCounter(ch[0], str(ch[1]), ch[2], pos=pos)
    def remove_all_counters(self, pos, ch): return A.RemoveCounter(None, str(ch[0]), ch[1], pos=pos)
    def gain_stmt(self, pos, ch): return A.Gain(ch[0], str(ch[1]), pos=pos)
    def lose_stmt(self, pos, ch): return A.Lose(ch[0], str(ch[1]), pos=pos)
    def lose_all_stmt(self, pos, ch): return A.Lose(None, str(ch[0]), pos=pos)

    def set_stmt(self, pos, ch):
        if len(ch) == 3:
            return A.Set(str(ch[0]), ch[1], ch[2], pos=pos)
        return A.Set(str(ch[0]), None, ch[1], pos=pos)

    def create_stmt(self, pos, ch):
        return A.Create(ch[0], _unquote(ch[1]), ch[2] if len(ch) > 2 else None, pos=pos)

    def create_copy(self, pos, ch):
        return A.CreateCopy(ch[0], ch[1], ch[2] if len(ch) > 2 else None, pos=pos)

    def create_library(self, pos, ch):
        return A.CreateLibrary(ch[0], ch[1] if len(ch) > 1 else None, pos=pos)

    def let_stmt(self, pos, ch): return A.Let(str(ch[0]), ch[1], pos=pos)
    def assign_stmt(self, pos, ch): return A.Assign(str(ch[0]), ch[1], pos=pos)

    def mark_stmt(self, pos, ch):
        return A.MarkStmt(ch[0], str(ch[1]), ch[2] if len(ch) > 2 else None, pos=pos)

    def unmark_stmt(self, pos, ch): return A.Unmark(ch[0], str(ch[1]), pos=pos)
    def resolve_stmt(self, pos, ch): return A.Resolve(ch[0], pos=pos)
    def negate_stmt(self, pos, ch): return A.Negate(pos=pos)
    def use_stmt(self, pos, ch): return A.Use(str(ch[0]), pos=pos)
    def offer_stmt(self, pos, ch): return A.Offer(tuple(map(str, ch)), pos=pos)
    def end_winner(self, pos, ch):
        name, ch = _end_name(ch)
        return A.EndGame("winner", ch[0], pos=pos, **self.end_name(name))

    def end_draw(self, pos, ch):
        return A.EndGame("draw", pos=pos, **self.end_name(_end_name(ch)[0]))

    def end_by_most(self, pos, ch):
        name, ch = _end_name(ch)
        return A.EndGame("most", resource=str(ch[0]), pos=pos, **self.end_name(name))

    def end_name(self, tok) -> dict:
        """An end condition's name, with the values it shows (`{EXPR}`, as in words)."""
        if tok is None:
            return {}
        says, pieces = self.shown_values(tok)
        return {"name": _unquote(tok), "says": says, "pieces": pieces}
    def eliminate_stmt(self, pos, ch): return A.Eliminate(ch[0], pos=pos)
    def extra_turn(self, pos, ch): return A.ExtraTurn(ch[0] if ch else None, pos=pos)
    def skip_turn(self, pos, ch): return A.SkipTurn(ch[0] if ch else None, pos=pos)
    def reverse_order(self, pos, ch): return A.ReverseOrder(pos=pos)
    def say_stmt(self, pos, ch):
        says, pieces = self.shown_values(ch[0])
        return A.Say(_unquote(ch[0]), pos=pos, says=says, pieces=pieces)
    def pass_stmt(self, pos, ch): return A.Pass(pos=pos)

    def call_stmt(self, pos, ch):
        args = tuple(c for c in ch[1:] if c is not None)
        return A.CallStmt(str(ch[0]), args, pos=pos)

    def dur_this_turn(self, pos, ch): return A.Duration("this_turn", pos=pos)
    def dur_next_turn(self, pos, ch): return A.Duration("next_turn", pos=pos)
    def dur_turns(self, pos, ch): return A.Duration("turns", ch[0], pos=pos)

    def if_stmt(self, pos, ch):
        orelse = ch[2] if len(ch) > 2 else None
        if isinstance(orelse, A.If):
            orelse = A.Block((orelse,), pos=orelse.pos)
        return A.If(ch[0], ch[1], orelse, pos=pos)

    def for_stmt(self, pos, ch): return A.ForEach(str(ch[0]), ch[1], ch[2], pos=pos)

    def for_ordered(self, pos, ch):
        var, coll, kind, key = str(ch[0]), ch[1], ch[2], ch[3]
        desc = len(ch) > 5 and ch[4] == "desc"
        return A.ForEach(var, coll, ch[-1], pos=pos, order_key=key, descending=desc,
                         grouped=kind == "grouped")

    def order_sorted(self, pos, ch): return "sorted"
    def order_grouped(self, pos, ch): return "grouped"
    def dir_desc(self, pos, ch): return "desc"
    def dir_asc(self, pos, ch): return "asc"
    def repeat_stmt(self, pos, ch): return A.Repeat(ch[0], ch[1], pos=pos)
    def while_stmt(self, pos, ch): return A.While(ch[0], ch[1], pos=pos)

    def choose_stmt(self, pos, ch):
        var, source = str(ch[0]), ch[1]
        body = ch[-1] if ch and isinstance(ch[-1], A.Block) else None
        opts = dict(c for c in ch[2:] if isinstance(c, tuple))
        return A.Choose(var, source, body, pos=pos, **opts)

    def opt_up_to(self, pos, ch): return ("up_to", ch[0])
    def opt_at_least(self, pos, ch): return ("at_least", ch[0])
    def opt_exactly(self, pos, ch): return ("exactly", ch[0])
    def opt_by(self, pos, ch): return ("by", ch[0])
    def opt_secret(self, pos, ch): return ("secret", True)
    def opt_optional(self, pos, ch): return ("optional", True)
    def opt_prompt(self, pos, ch): return ("prompt", _unquote(ch[0]))

    def choose_one(self, pos, ch):
        by = ch[0] if len(ch) > 1 else None
        return A.ChooseOne(by, ch[-1], pos=pos)

    def options_block(self, pos, ch): return tuple(ch)

    def divide_stmt(self, pos, ch):
        amount, source, target, share, body = ch[0], ch[1], str(ch[-3]), str(ch[-2]), ch[-1]
        opts = ch[2:-3]
        costs = tuple(c[1] for c in opts if c[0] == "cost")
        rest = dict(c for c in opts if c[0] != "cost")
        return A.Divide(amount, source, target, share, body, pos=pos, costs=costs, **rest)

    def div_by(self, pos, ch): return ("by", ch[0])
    def div_prompt(self, pos, ch): return ("prompt", _unquote(ch[0]))
    def div_cost(self, pos, ch): return ("cost", (ch[0], ch[1] if len(ch) > 1 else None))
    def div_max(self, pos, ch): return ("most", ch[0])

    def option_case(self, pos, ch):
        cond = ch[1] if len(ch) > 2 else None
        return A.OptionCase(_unquote(ch[0]), cond, ch[-1], pos=pos)

    def may_stmt(self, pos, ch):
        by = prompt = None
        secret = False
        for c in ch[:-1]:
            if isinstance(c, Token) and c.type == "STRING":
                prompt = _unquote(c)
            elif c is _SECRET:
                secret = True
            else:
                by = c
        return A.May(by, prompt, ch[-1], secret=secret, pos=pos)

    def may_secret(self, pos, ch): return _SECRET

    def as_stmt(self, pos, ch): return A.As(ch[0], ch[1], pos=pos)
    def simultaneously_stmt(self, pos, ch): return A.Simultaneously(ch[0], pos=pos)
    def phase_stmt(self, pos, ch): return A.Phase(str(ch[0]), ch[1], pos=pos)

    def temp_static(self, pos, ch):
        return A.TempStatic(ch[0].static, A.Duration("this_turn", pos=pos), pos=pos)

    def static_stmt(self, pos, ch):
        return A.TempStatic(ch[0], A.Duration("permanent", pos=pos), pos=pos)

    # expressions
    def where_sel(self, pos, ch):
        sel, where = ch
        return type(sel)(*[getattr(sel, f) for f in sel._fields if f != "where"],
                         where=where, pos=pos)

    def or_op(self, pos, ch): return A.Or(ch[0], ch[1], pos=pos)
    def and_op(self, pos, ch): return A.And(ch[0], ch[1], pos=pos)
    def not_op(self, pos, ch): return A.Not(ch[0], pos=pos)
    def compare(self, pos, ch): return A.Compare(str(ch[1]), ch[0], ch[2], pos=pos)
    def is_type(self, pos, ch): return A.IsType(ch[0], str(ch[1]), False, pos=pos)
    def is_not_type(self, pos, ch): return A.IsType(ch[0], str(ch[1]), True, pos=pos)
    def member(self, pos, ch): return A.Member(ch[0], ch[1], False, pos=pos)
    def not_member(self, pos, ch): return A.Member(ch[0], ch[1], True, pos=pos)
    def has_mark(self, pos, ch): return A.HasMark(ch[0], str(ch[1]), pos=pos)
    def binop(self, pos, ch): return A.BinOp(str(ch[1]), ch[0], ch[2], pos=pos)
    def neg(self, pos, ch): return A.Neg(ch[0], pos=pos)
    def count(self, pos, ch): return A.Count(ch[0], pos=pos)
    def attr(self, pos, ch): return A.Attr(ch[0], str(ch[1]), pos=pos)
    def of_expr(self, pos, ch): return A.Of(str(ch[0]), ch[1], pos=pos)
    def counter_count(self, pos, ch): return A.CounterCount(str(ch[0]), ch[1], pos=pos)

    def int_lit(self, pos, ch): return A.IntLit(self.number(ch[0]), pos=pos)
    def str_lit(self, pos, ch): return A.StrLit(_unquote(ch[0]), pos=pos)
    def true_lit(self, pos, ch): return A.BoolLit(True, pos=pos)
    def false_lit(self, pos, ch): return A.BoolLit(False, pos=pos)
    def none_lit(self, pos, ch): return A.NoneLit(pos=pos)
    def name(self, pos, ch): return A.Name(str(ch[0]), pos=pos)
    def symbol(self, pos, ch): return A.Symbol(str(ch[0]), pos=pos)

    def your(self, pos, ch):
        you = A.Name("you", pos=pos)
        return A.Of(str(ch[0]), you, pos=pos)

    def call(self, pos, ch):
        return A.Call(str(ch[0]), tuple(c for c in ch[1:] if c is not None), pos=pos)

    def list_lit(self, pos, ch):
        return A.ListLit(tuple(c for c in ch if c is not None), pos=pos)

    def card_sel(self, pos, ch):
        types = tuple(str(c) for c in ch if isinstance(c, Token))
        filters = tuple(c for c in ch if isinstance(c, A.Filter))
        return A.CardSel(types, filters, pos=pos)

    def player_sel(self, pos, ch):
        return A.PlayerSel(False, tuple(ch), pos=pos)

    def opponent_sel(self, pos, ch):
        return A.PlayerSel(True, tuple(ch), pos=pos)

    def f_in(self, pos, ch): return A.Filter("in", ch[0], pos=pos)
    def f_you_control(self, pos, ch): return A.Filter("controlled_by", A.Name("you", pos=pos), pos=pos)
    def f_you_own(self, pos, ch): return A.Filter("owned_by", A.Name("you", pos=pos), pos=pos)
    def f_controlled_by(self, pos, ch): return A.Filter("controlled_by", ch[0], pos=pos)
    def f_owned_by(self, pos, ch): return A.Filter("owned_by", ch[0], pos=pos)
    def f_attached_to(self, pos, ch): return A.Filter("attached_to", ch[0], pos=pos)
    def f_named(self, pos, ch): return A.Filter("named", A.StrLit(_unquote(ch[0]), pos=pos), pos=pos)
    def f_except(self, pos, ch): return A.Filter("except", ch[0], pos=pos)


def _end_name(ch):
    """The name of an `end game "NAME" ...` (its token, or None), and the children after it."""
    if ch and isinstance(ch[0], Token) and ch[0].type == "STRING":
        return ch[0], ch[1:]
    return None, ch
