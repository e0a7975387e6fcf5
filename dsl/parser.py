"""Deck text → :mod:`dsl.ast`, the only module that touches Lark.

>>> deck = parse_text('game "Tiny"\\ncounter charge\\n', "tiny.deck")
>>> deck.header.name, deck.items[0].names
('Tiny', ('charge',))

Syntax errors come back as one :class:`~dsl.errors.DeckError` listing every error in the
file, each with its position, a caret, what was expected and, for common mistakes, a
friendly message from :data:`dsl.syntax_errors.SYNTAX_ERRORS`.
"""
from __future__ import annotations

import gc
import hashlib
import os
import re
import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Optional

from lark import Lark, Token, Tree
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from grammar import GRAMMAR_PATH

from . import ast as A
from .errors import DeckError, Diagnostic, SourcePosition, source_lines
from .usercache import private_file

MAX_REPORTED = 50
# Input limits (docs/language.md §17). Each is checked before the work it bounds: the
# size and line length before Lark sees the text (a 1 MiB string literal cost 214 MB),
# numbers as they are read, nesting as the AST is built (the passes after the parser
# recurse over the AST, and Python's stack ends near 490 levels of parse tree).
MAX_TEXT = 1 << 20                   # characters of deck text in one file (bytes: loader)
MAX_LINE = 4_000                     # characters on one line
MAX_INT = 10 ** 9                    # the engine's MAX_INT: no literal may be beyond ±this
MAX_NESTING = 100                    # levels of statements and expressions in the AST
_SECRET = object()                   # what the `secret` of `may secret` builds to


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """Build the parser once per process."""
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    cache = _cache_file(grammar)
    parser = Lark(
        grammar,
        parser="lalr",               # linear time, and the grammar is kept LALR(1) on purpose
        strict=True,                 # shift/reduce conflicts and terminal collisions are errors
        propagate_positions=True,    # every AST node gets its source span
        maybe_placeholders=True,     # `[x]` yields None when absent, so arities are fixed
        # Reuse the built tables between processes (start-up). Never `cache=True`: Lark
        # then unpickles a predictably named file in the shared temp folder, and a file
        # planted there runs code. Only a file in the user's private folder, or nothing.
        cache=str(cache) if cache is not None else False,
    )
    if cache is not None:
        try:
            os.chmod(cache, 0o600)   # Lark writes it under the umask; keep it ours alone
        except OSError:
            pass
    return parser


def _cache_file(grammar: str) -> Optional[Path]:
    """The parser cache: named by the grammar, Lark's and Python's versions, in the
    user's private cache folder (see :mod:`dsl.usercache`); None when there is none."""
    key = hashlib.sha256(f"{grammar}\0{lark_version}\0{sys.version_info[:2]}".encode()).hexdigest()
    return private_file(f"parser-{key[:16]}.lark")


def _pos(meta, file: str) -> SourcePosition:
    if getattr(meta, "empty", True):
        return SourcePosition(file, 0, 0, 0, 0)
    return SourcePosition(file, meta.line, meta.column, meta.end_line, meta.end_column)


def _tok_pos(tok: Token, file: str) -> SourcePosition:
    return SourcePosition(file, tok.line, tok.column, tok.end_line, tok.end_column)


def _unquote(tok: Token) -> str:
    body = str(tok)[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def quote(text: str) -> str:
    r"""``text`` as a deck's STRING literal, by the grammar's escapes (the inverse of
    reading one): for deck text that Deckwright writes itself, such as a path.

    >>> print(quote('say "hi" \\ bye'))
    "say \"hi\" \\ bye"
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\n", "\\n").replace("\t", "\\t") + '"'


class _Builder:
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
        """`players N` or `players N to M`: at least one player, and M not below N."""
        errors = len(self.diags)
        lo = self.number(ch[0])
        hi = self.number(ch[1]) if len(ch) > 1 else lo
        if len(self.diags) > errors:
            return lo, hi
        for tok, n in zip(ch, (lo, hi)):
            if n < 1:
                self.diags.append(Diagnostic("number", "there must be at least 1 player",
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
        lo, hi = 1, 1
        for attr in ch[1:]:
            lo, hi = attr
        return A.Side(str(ch[0]), lo, hi, pos=pos)

    def side_players(self, pos, ch):
        return self.player_range(pos, ch)

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

    def resource_decl(self, pos, ch):
        attrs = dict(ch[1:])
        return A.Resource(str(ch[0]), pos=pos, **attrs)

    def res_start(self, pos, ch): return ("start", ch[0])
    def res_min(self, pos, ch): return ("min", ch[0])
    def res_max(self, pos, ch): return ("max", ch[0])
    def res_shared(self, pos, ch): return ("shared", True)

    def var_decl(self, pos, ch):
        per_player = ch[-1] is True
        rest = ch[1:-1] if per_player else ch[1:]
        return A.Var(str(ch[0]), rest[0] if rest else None, per_player, pos=pos)

    def var_per_player(self, pos, ch): return True
    def once_flag(self, pos, ch): return True

    def counter_decl(self, pos, ch): return A.CounterDecl(tuple(map(str, ch)), pos=pos)
    def mark_decl(self, pos, ch): return A.MarkDecl(tuple(map(str, ch)), pos=pos)
    def type_decl(self, pos, ch): return A.TypeDecl(tuple(map(str, ch)), pos=pos)
    def subtype_decl(self, pos, ch): return A.SubtypeDecl(tuple(map(str, ch)), pos=pos)

    def property_decl(self, pos, ch):
        return A.PropertyDecl(str(ch[0]), ch[1] if len(ch) > 1 else None, pos=pos)

    def limit_decl(self, pos, ch):
        return A.LimitDecl(str(ch[0]), ch[1], pos=pos)

    def action_decl(self, pos, ch):
        params = ch[1] if ch[1] is not None else ()
        return A.ActionDecl(str(ch[0]), params, ch[2], pos=pos)

    def params(self, pos, ch):
        return tuple(map(str, ch))

    def move_decl(self, pos, ch):
        name = str(ch[0])
        body = ch[-1]
        rest = ch[1:-1]
        var = source = cond = None
        if rest and isinstance(rest[0], Token):
            var, source, rest = str(rest[0]), rest[1], rest[2:]
        if rest:
            cond = rest[0]
        return A.MoveDecl(name, var, source, cond, body, pos=pos)

    def setup_decl(self, pos, ch): return A.Setup(ch[0], pos=pos)
    def turn_decl(self, pos, ch): return A.Turn(ch[0], pos=pos)
    def round_decl(self, pos, ch): return A.Round(ch[0], pos=pos)

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
        for k in ("props", "triggers", "abilities", "statics"):
            fields[k] = tuple(fields[k])
        return A.CardDecl(name, types, subtypes, copies, token, pos=pos,
                          repeated=tuple(repeated), **fields)

    def token_decl(self, pos, ch):
        return self.card_decl(pos, ch, token=True)

    def card_body(self, pos, ch): return list(ch)
    def card_text(self, pos, ch): return ("text", _unquote(ch[0]), pos)
    def card_effect(self, pos, ch): return ch[0]
    def card_prop(self, pos, ch): return A.CardProp(str(ch[0]), tuple(ch[1:]), pos=pos)

    def ability(self, pos, ch):
        name = _unquote(ch[0])
        opts = dict(c for c in ch[1:-1])
        return A.Ability(name, ch[-1], pos=pos, **opts)

    def ability_uses(self, pos, ch): return ("uses", str(ch[0]))
    def ability_once(self, pos, ch): return ("once_per_turn", True)
    def ability_if(self, pos, ch): return ("cond", ch[0])
    def ability_any_time(self, pos, ch): return ("any_time", True)
    def ability_from(self, pos, ch): return ("from_zone", str(ch[0]))

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
    def end_winner(self, pos, ch): return A.EndGame("winner", ch[0], pos=pos)
    def end_draw(self, pos, ch): return A.EndGame("draw", pos=pos)
    def end_by_most(self, pos, ch): return A.EndGame("most", resource=str(ch[0]), pos=pos)
    def eliminate_stmt(self, pos, ch): return A.Eliminate(ch[0], pos=pos)
    def say_stmt(self, pos, ch): return A.Say(_unquote(ch[0]), pos=pos)
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


# ----------------------------------------------------------------------------------
# The fast path: Lark's own tables, driven here straight into the AST
# ----------------------------------------------------------------------------------
#
# Parsing took nine tenths of loading a 1,000-card deck, most of it in Lark building a
# parse tree that `_Builder` then walked once and threw away: a Tree and its Meta per
# reduction (half of them `?rule` pass-throughs that keep only their child), positions
# propagated by reading the children's Meta back. So a deck is parsed here by a small LALR loop over the tables Lark
# built (the same parse table, the same per-state lexers of its contextual lexer, the
# same keyword checks), which calls the `_Builder` method of each rule as it is reduced,
# with the position Lark would have given its node:
#
# * a node spans from the start of its first child to the end of its last, tokens the
#   grammar drops (`"if"`, `{`) included, and a `?rule` that passes its child through
#   keeps the child's position but widens the span its parent sees (`(a + b).c` starts at
#   the parenthesis): Lark's `propagate_positions` "containers";
# * `_rule` children are spliced into their parent, and `[x]` yields None (`maybe_placeholders`);
# * each value carries its height in levels, as `_Builder.transform` counts them, so that
#   a deck nested too deeply is known without walking it.
#
# Whatever is not a clean parse (a syntax error, nesting too deep, a method failing on a
# broken file's first half) is parsed again by Lark and `_Builder.transform`, which give
# the errors: this path only ever returns what that one would, faster. tests/test_parser.py
# compares the two, node by node and position by position, on every bundled deck and on
# decks with a slip in them. A Lark this driver does not know (`_NoFastPath`) leaves
# every deck to Lark's path: slower, never different.

_UNIT, _SPLICE, _PASS, _NODE = range(4)    # what reducing a rule does (see _FastParser)


class _NoFastPath(Exception):
    """Lark built something this driver does not mirror (a new option, a new Lark)."""


class _FastParser:
    """Lark's LALR tables as plain lists and dicts, and the loop that drives them.

    ``rows[state]`` maps a terminal to a shift (the next state, an int) or a reduction
    (a plan tuple), and a rule's name to the state after reducing it (the goto).
    ``lexers[state]`` is that state's lexer: its compiled regex's ``match`` and the
    keywords its NAME-like terminals turn into (Lark's "unless" callbacks)."""

    def __init__(self, lark: Lark):
        from lark.lexer import ContextualLexer
        from lark.parsers.lalr_analysis import Shift

        frontend = lark.parser
        conf = frontend.lexer_conf
        lexer = frontend.lexer
        if (not isinstance(lexer, ContextualLexer) or conf.use_bytes or conf.g_regex_flags
                or conf.callbacks or lark.options.postlex or lark.options.lexer_callbacks
                or lark.options.transformer or lark.options.keep_all_tokens
                or not lark.options.propagate_positions or not lark.options.maybe_placeholders):
            raise _NoFastPath("options")
        table = frontend.parser.parser.parse_table
        self.start_state = table.start_states["start"]
        self.end_state = table.end_states["start"]
        self.ignore = frozenset(conf.ignore)
        self.units: dict = {}             # (state below, state on top, token) → state after
        # Only these need to be Tokens: the builder sees no other (Lark drops `"if"`, `_NL`).
        self.kept = frozenset(sym.name for rule in lark.rules for sym in rule.expansion
                              if sym.is_term and (rule.options.keep_all_tokens or not sym.filter_out))
        plans: dict = {}
        self.rows = [None] * (max(table.states) + 1)
        for state, row in table.states.items():
            out = {}
            for sym, (action, arg) in row.items():
                if action is Shift:
                    out[sym] = arg
                else:
                    if arg not in plans:
                        plans[arg] = self._plan(arg, self.kept)
                    out[sym] = plans[arg]
            self.rows[state] = out
        # A state's lexer is made on first use, as Lark makes them: compiling all 162
        # regexes up front would cost more than a small deck takes to parse.
        self.lexers = [None] * len(self.rows)
        self._basic = lexer.lexers
        self._made: dict = {}

    def _lexer(self, state: int) -> tuple:
        """The lexer of ``state``: its regex's ``match``, the keywords its NAME-like
        terminals become (Lark's "unless" callbacks), and the terminals that may hold
        a line break."""
        from lark.lexer import PatternStr, UnlessCallback
        basic = self._basic[state]
        made = self._made.get(id(basic))
        if made is None:
            scanner = basic.scanner              # builds basic.callback too
            if len(scanner._mres) != 1 or basic.user_callbacks or basic.ignore_types != self.ignore:
                raise _NoFastPath("lexer")
            unless = {}
            for name, callback in basic.callback.items():
                if type(callback) is not UnlessCallback:
                    raise _NoFastPath("callback")
                words = callback.scanner.terminals
                if not all(isinstance(t.pattern, PatternStr) and not t.pattern.flags for t in words):
                    raise _NoFastPath("keywords")
                unless[name] = {t.pattern.value: t.name for t in words}
            made = self._made[id(basic)] = (scanner._mres[0].match, unless, basic.newline_types)
        self.lexers[state] = made
        return made

    @staticmethod
    def _plan(rule, kept: frozenset) -> tuple:
        """(size, name, kind, include, trailing Nones, builder method, level): as Lark's
        ParseTreeBuilder wraps the rule (`maybe_create_child_filter`, ExpandSingleChild).
        A _UNIT leaves the value on the stack as it is; a _SPLICE makes the list of
        children its parent splices in; a _PASS passes its one child through (or is a
        node, given more); a _NODE is made by the builder's method."""
        expansion = rule.expansion
        if not expansion:
            raise _NoFastPath("an empty rule")           # every node has a span: see _parse
        empty = rule.options.empty_indices
        if empty:                                     # how many Nones go before each child
            runs = "".join(str(int(b)) for b in empty).split("0")
            nones = [len(run) for run in runs]
        else:
            nones = [0] * (len(expansion) + 1)
        include = []
        pending = 0
        for i, sym in enumerate(expansion):
            pending += nones[i]
            if rule.options.keep_all_tokens or not (sym.is_term and sym.filter_out):
                include.append((i, not sym.is_term and sym.name.startswith("_"), pending))
                pending = 0
        pending += nones[len(expansion)]
        origin = rule.origin.name
        name = rule.alias or origin
        single = len(expansion) == 1 and not pending
        if origin.startswith("_"):
            if rule.options.expand1:
                raise _NoFastPath("a ?_rule")
            # `_sep: __sep_plus` passes its child's list on as it is, and `__sep_plus: _NL`
            # an empty one, which a dropped token already is: units, like `?sum: product`.
            dropped = expansion[0].is_term and expansion[0].name not in kept
            unit = single and (include == [(0, True, 0)] or (not include and dropped))
            kind = _UNIT if unit else _SPLICE
        elif rule.options.expand1 and not rule.alias:
            kind = _UNIT if single and include == [(0, False, 0)] else _PASS
        else:
            kind = _NODE
        if origin == "start" and kind != _NODE:
            raise _NoFastPath("a ?start")               # the parse ends on reducing `start`
        method = getattr(_Builder, name, None)
        return (len(expansion), origin, kind, tuple(include), pending, method, int(name != "block"))

    def parse(self, text: str, builder: "_Builder"):
        """The value of `start` (header, items), or None where Lark's path must decide.

        The value stack holds (value, line, column, end line, end column, height) per
        symbol: a token's own span, a node's span as its parent sees it."""
        rows, lexers, ignore, kept, units = self.rows, self.lexers, self.ignore, self.kept, self.units
        end_state = self.end_state
        file = builder.file
        new_pos = tuple.__new__
        new_token = str.__new__
        states = [self.start_state]
        values = []
        pos, line, line_start, size = 0, 1, 0, len(text)
        while True:
            if pos < size:
                match, unless, newline_types = lexers[states[-1]] or self._lexer(states[-1])
                m = match(text, pos)
                if m is None:
                    return None
                kind = m.lastgroup
                end = m.end()
                if kind in newline_types:
                    start_line, start_col = line, pos - line_start + 1
                    breaks = text.count("\n", pos, end)
                    if breaks:
                        line += breaks
                        line_start = text.rindex("\n", pos, end) + 1
                    if kind in ignore:
                        pos = end
                        continue
                else:
                    if kind in ignore:
                        pos = end
                        continue
                    start_line, start_col = line, pos - line_start + 1
                value = m.group()
                if kind in unless:
                    kind = unless[kind].get(value, kind)
                if kind in kept:
                    tok = new_token(Token, value)
                    tok.type, tok.value, tok.start_pos, tok.end_pos = kind, value, pos, end
                    tok.line, tok.column, tok.end_line, tok.end_column = \
                        start_line, start_col, line, end - line_start + 1
                    entry = (tok, start_line, start_col, line, end - line_start + 1, 0)
                else:                                 # dropped: no parent keeps it
                    entry = ((), start_line, start_col, line, end - line_start + 1, 0)
                pos = end
            else:
                kind, entry = "$END", None
            while True:                               # reduce as the token says, then shift it
                top = states[-1]
                action = rows[top].get(kind)
                if action is None:
                    return None
                if action.__class__ is int:
                    if entry is None:                 # a shift of the end: not a parse
                        return None
                    states.append(action)
                    values.append(entry)
                    break
                n, origin, how, include, trailing, method, level = action
                if how == _UNIT:
                    # A run of units (atom → primary → ... → expr, ten of them) depends
                    # only on the state below, the state on top and the token: it is
                    # remembered as one step.
                    key = (states[-2], top, kind)
                    after = units.get(key)
                    if after is None:
                        after = top
                        while action.__class__ is not int and action[2] == _UNIT:
                            after = rows[states[-2]][action[1]]
                            action = rows[after].get(kind)
                            if action is None:
                                break
                        units[key] = after
                    states[-1] = after
                    continue
                children = values[-n:]
                del values[-n:]
                del states[-n:]
                first, last = children[0], children[-1]
                built = []
                height = 0
                for i, splice, nones in include:
                    if nones:
                        built += [None] * nones
                    child = children[i]
                    if child[5] > height:
                        height = child[5]
                    if splice:
                        built += child[0]
                    else:
                        built.append(child[0])
                if trailing:
                    built += [None] * trailing
                if how == _SPLICE:
                    value = built
                elif how == _PASS and len(built) == 1:
                    value = built[0]
                else:
                    value = method(builder, new_pos(SourcePosition, (file, first[1], first[2], last[3], last[4])), built)
                    height += level
                states.append(rows[states[-1]][origin])
                values.append((value, first[1], first[2], last[3], last[4], height))
                if entry is None and states[-1] == end_state:
                    # `start` counts as a level of its own; the root is level 0
                    return None if height - 1 > MAX_NESTING else value


@lru_cache(maxsize=1)
def _fast_parser() -> Optional[_FastParser]:
    try:
        return _FastParser(lark_parser())
    except _NoFastPath:
        return None


_ITEM_START = re.compile(
    r"^(game|override|include|players|option|param|side|zone|resource|var|counter|mark|type|"
    r"subtype|property|limit|action|move|setup|turn|round|when|before|whenever|card|token|"
    r"static)\b")


def _describe_expected(names) -> list[str]:
    from .syntax_errors import describe_expected
    return describe_expected(names or ())


def _syntax_diagnostic(err: UnexpectedInput, file: str, text: str) -> Diagnostic:
    from .syntax_errors import friendly_match, join_or
    line, col = max(err.line, 1), max(err.column, 1)
    width = 1
    if isinstance(err, UnexpectedToken) and err.token.type != "$END":
        tok = err.token
        width = max(1, len(str(tok).split("\n")[0]))
        if tok.type == "_NL":
            width = 1
    pos = SourcePosition(file, line, col, line, col + width)
    friendly, culprit = friendly_match(err, text) or (None, None)
    if culprit is not None:                      # the mistake is the word before (`else`)
        pos = _tok_pos(culprit, file)
    if isinstance(err, UnexpectedCharacters):
        ch = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "end of file"
        message = friendly or f"unexpected character `{ch}`"
        expected = _describe_expected(err.allowed or ())
    elif isinstance(err, UnexpectedEOF):
        message = friendly or "unexpected end of file"
        expected = _describe_expected(err.expected)
        lines = source_lines(text)
        pos = SourcePosition(file, len(lines), len(lines[-1]) + 1, len(lines), len(lines[-1]) + 2)
    else:
        tok = err.token
        shown = "end of line" if tok.type == "_NL" else ("end of file" if tok.type == "$END" else f"`{tok}`")
        message = friendly or f"unexpected {shown}"
        expected = _describe_expected(err.accepts or err.expected)   # accepts: this context only
    hint = f"expected {join_or(expected)}" if expected else None
    if friendly and len(expected) > 3:           # the friendly message already says it
        hint = None
    return Diagnostic("syntax", message, pos, hint=hint)


def _restart_line(text_lines, after_line: int) -> int | None:
    """The first line from index `after_line` on where a new top-level item begins."""
    for i in range(after_line, len(text_lines)):
        if _ITEM_START.match(text_lines[i]) and not text_lines[i].startswith("game"):
            return i
    return None


@contextmanager
def no_cycle_collection():
    """Parsing and compiling allocate many small objects and free none of them in cycles:
    pausing the cyclic garbage collector meanwhile saves about a tenth of the time."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_text(text: str, file: str = "<deck>") -> A.DeckFile:
    """Parse one deck file's text; raise DeckError listing every syntax error.
    A byte-order mark opening the text is dropped (editors on Windows write one)."""
    text = text.removeprefix(BOM)
    with no_cycle_collection():
        refused = _refuse_input(text, file)
        if refused:
            raise DeckError(refused, {file: text})
        return _parse_text(text, file)


BOM = "\ufeff"
# No deck text holds these: a NUL (so a UTF-16 file read as UTF-8: "g\0a\0m\0e\0"),
# or a lone surrogate, which is no character (from a save file's "\\ud800", or a
# terminal's undecodable byte) and which no terminal could print in an error.
_NOT_TEXT = re.compile("[\x00\ud800-\udfff]")


def _refuse_input(text: str, file: str) -> list[Diagnostic]:
    """What makes text unfit to parse at all: too long or a line too long (Lark's time
    and memory grow with both), or a character that no text holds (:data:`_NOT_TEXT`)."""
    if len(text) > MAX_TEXT:
        return [Diagnostic("too-big", f"the deck text is {len(text):,} characters long; "
                                      f"the limit is {MAX_TEXT:,}", SourcePosition(file, 1, 1, 1, 1),
                           hint="split it into files that `include` each other")]
    out = []
    if len(text) > MAX_LINE:
        for n, line in enumerate(source_lines(text), 1):
            if len(line) > MAX_LINE:
                out.append(Diagnostic(
                    "too-big", f"line {n} is {len(line):,} characters long; the limit is "
                               f"{MAX_LINE:,}", SourcePosition(file, n, MAX_LINE + 1, n, MAX_LINE + 2),
                    hint="break it with a `\\` at the end of a line, or shorten it"))
                if len(out) >= MAX_REPORTED:
                    break
    m = _NOT_TEXT.search(text)
    if m:                            # the first only: one NUL makes the whole file suspect
        n = text.count("\n", 0, m.start()) + 1
        col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        out.append(Diagnostic("encoding", _not_text(m.group()), SourcePosition(file, n, col, n, col + 1)))
    return out


def _not_text(ch: str) -> str:
    if ch == "\0":
        return "a NUL character, which deck text never holds (is the file UTF-16?)"
    return f"U+{ord(ch):04X} is half of a UTF-16 surrogate pair, not a character"


def _keep_ends(text: str) -> list[str]:
    """``text`` in lines, each with its ``\n``: the lines of :func:`source_lines`."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _parse_text(text: str, file: str) -> A.DeckFile:
    deck = _parse_fast(text, file)
    return deck if deck is not None else _parse_with_lark(text, file)


def _parse_fast(text: str, file: str) -> Optional[A.DeckFile]:
    """The deck by :class:`_FastParser`, or None for Lark's path to parse and report."""
    fast = _fast_parser()
    if fast is None:
        return None
    builder = _Builder(file)
    try:
        value = fast.parse(text, builder)
    except Exception:       # a method failing on a broken file's first half: Lark says why
        return None
    if value is None:
        return None
    if builder.diags:       # the same diagnostics, in the same order, as _Builder.transform's
        raise DeckError(builder.diags, {file: text})
    header, items = value
    return A.DeckFile(file, header, items, source=text)


def _parse_with_lark(text: str, file: str) -> A.DeckFile:
    """The reference: Lark's parse tree, then :meth:`_Builder.transform`; it is also
    what reports syntax errors (every one in the file) and nesting too deep."""
    parser = lark_parser()
    diagnostics: list[Diagnostic] = []
    attempt = text
    last_restart = -1
    while True:
        try:
            tree = parser.parse(attempt)
            break
        except UnexpectedInput as err:
            diagnostics.append(_syntax_diagnostic(err, file, text))
            lines = _keep_ends(text)
            # Resume at the next top-level item; an item that starts on the error's own
            # line (`card "B"` after a card missing its `}`) is checked too.
            after = max(err.line, 1) - (1 if err.column == 1 else 0)
            restart = _restart_line(lines, max(after, last_restart + 1))
            last_restart = restart if restart is not None else last_restart
            header_end = next((i for i, l in enumerate(lines) if l.startswith("game")), None)
            if restart is None or header_end is None or header_end >= restart \
                    or len(diagnostics) >= MAX_REPORTED:
                raise DeckError(diagnostics, {file: text}) from None
            blank = ["\n" if l.endswith("\n") else "" for l in lines[header_end + 1:restart]]
            attempt = "".join(lines[:header_end + 1] + blank + lines[restart:])
    if diagnostics:
        raise DeckError(diagnostics, {file: text})
    builder = _Builder(file)
    try:
        header, items = builder.transform(tree)
    except DeckError:
        raise DeckError(builder.diags, {file: text}) from None
    if builder.diags:
        raise DeckError(builder.diags, {file: text})
    return A.DeckFile(file, header, items, source=text)
