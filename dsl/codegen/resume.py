"""Resuming a generated function at a decision: the continuation of a game kept as data.

A stepped game runs the rules compiled as generators, and waits at each decision inside a
stack of suspended generator frames. Python cannot copy a suspended generator. So to copy
a game at a decision without replaying its turn from the last checkpoint, the engine
(:mod:`deckwright.dsl.engine.resume`) reads each frame's locals and loop positions, and
this module gives, for the point where that frame waits, a *resume variant* of its
function: the same statements, from that point on.

For function ``F`` waiting at the ``yield`` of line ``n``, the variant is
``F(RS_L, RS_G, RS_I)``: it binds every local of ``F`` from ``RS_L`` (their copies),
then runs what ``F`` would run after that ``yield``, with the ``yield`` itself replaced by
``yield RS_G`` (the pending decision's copy) or ``yield from RS_G`` (the resumed frame
below). The statements around the point are kept, their headers dropped:

* ``if``: the branch that holds the point;
* ``for T in ...``: the rest of this pass, then the loop goes on over ``RS_I[k]``, a copy
  of the frame's own iterator, with ``T`` first (so ``continue`` and ``break`` mean what
  they meant);
* ``while``: the rest of this pass, then the loop as it was;
* ``try``: the same handlers and ``finally`` around the rest of its body.

A point is not resumable (the engine then replays instead) when it sits where this does
not reach (an ``except``, an ``else`` or ``finally`` block, a loop target that is not one
name), or when its statement calls anything before its ``yield``: that call ran already,
and the variant would run it a second time.

The variants are made from the generated module's own syntax tree: every identifier in
them is one the generator wrote or one of the ``RS_`` names here, and every constant is
one of the module's, so this module adds no way for a deck's text to become code.
"""
from __future__ import annotations

import ast
import copy
import itertools
from typing import Optional

from .lazy import _FILE

#: The names this module adds to the variants (the test of the generated code's
#: vocabulary allows these and no others).
NAMES = ("RS_L", "RS_G", "RS_I", "RS_CHAIN", "RS_FIRST")
_YIELDS = (ast.Yield, ast.YieldFrom)


class Resumer:
    """The resume variants of one generated module's functions, made when first asked."""

    def __init__(self, source: str, ns: dict):
        self._source = source
        self._ns = ns
        self._defs: Optional[dict] = None      # function name → its syntax tree
        self._made: dict = {}                  # (name, line) → (function, loops, locals) or None
        self._points: dict = {}                # name → its yields' places (_points)
        self._at: dict = {}                    # (code, instruction) → a _made entry
        self.trees: dict = {}                  # (name, line) → the variant's syntax tree
        ns["RS_CHAIN"] = itertools.chain
        self._shared: Optional[frozenset] = None

    @property
    def shared(self) -> frozenset:
        """The ids of the module's own values (helpers, tables, labelers): the same for
        every game, never copied."""
        if self._shared is None:
            self._shared = frozenset(id(v) for v in self._ns.values())
        return self._shared

    def variant(self, frame):
        """(the resume variant of the function of the generator frame ``frame``, at the
        point where it waits; how many ``for`` loops hold that point; the locals it
        reads); None if the point cannot be resumed."""
        code = frame.f_code
        key = (code, frame.f_lasti)
        found = self._at.get(key, False)
        if found is False:
            name, line = code.co_name, frame.f_lineno      # the line: worked out once
            if (name, line) not in self._made:
                self._made[name, line] = self._make(name, line)
            found = self._at[key] = self._made[name, line]
        return found

    # --- making a variant ------------------------------------------------------------
    def _make(self, name: str, line: int):
        if self._defs is None:
            self._defs = {n.name: n for n in ast.parse(self._source).body
                          if isinstance(n, ast.FunctionDef)}
        fn = self._defs.get(name)
        if fn is None:
            return None
        points = self._points.get(name)
        if points is None:
            points = self._points[name] = _points(fn)
        found = points.get(line)
        if found is None:
            return None
        path, point = found
        loops = [0]
        try:
            body = _rest(fn.body, path, point, loops)
        except _NotHere:
            return None
        code = self._ns[name].__code__
        if "LAZY_CODE" in code.co_names:              # a stub: compile the function now
            code = self._ns["LAZY_CODE"](name).__code__
        bound = set(code.co_varnames + code.co_cellvars)
        # only the locals the rest of the function reads: the others are never copied
        names = sorted({n.id for stmt in body for n in ast.walk(stmt)
                        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} & bound)
        prologue = [ast.Assign([ast.Name(n, ast.Store())],
                               ast.Call(ast.Attribute(ast.Name("RS_L", ast.Load()), "get",
                                                      ast.Load()),
                                        [ast.Constant(n)], []))
                    for n in names]
        args = ast.arguments(posonlyargs=[], args=[ast.arg(a) for a in ("RS_L", "RS_G", "RS_I")],
                             kwonlyargs=[], kw_defaults=[], defaults=[])
        new = ast.FunctionDef(name, args, prologue + body, [], None, None)
        ast.copy_location(new, fn)
        module = ast.Module([new], [])
        ast.fix_missing_locations(module)
        self.trees[name, line] = module
        scope: dict = {}
        exec(compile(module, _FILE, "exec"), self._ns, scope)
        return scope[name], loops[0], tuple(names)


class _NotHere(Exception):
    """The point sits where a variant cannot start."""


def _points(fn: ast.FunctionDef) -> dict:
    """Line → (the statements from the function's body down to the one that holds the
    ``yield`` of that line, outermost first; that ``yield``), for every line with one
    ``yield`` (a line with several maps to None: the frame's line would not tell them
    apart)."""
    out: dict = {}

    def visit(stmts, trail):
        for s in stmts:
            for n in _own_nodes(s):
                if isinstance(n, _YIELDS):
                    out[n.lineno] = None if n.lineno in out else (trail + [s], n)
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(s, field, None)
                if inner:
                    visit(inner, trail + [s])
            for h in getattr(s, "handlers", ()):
                visit(h.body, trail + [s, h])

    visit(fn.body, [])
    return out


def _own_nodes(s):
    """The expression nodes of statement ``s`` itself, not of the statements inside it."""
    if isinstance(s, (ast.If, ast.While)):
        return list(ast.walk(s.test))
    if isinstance(s, ast.For):
        return list(ast.walk(s.iter))
    if isinstance(s, ast.Try):
        return []
    return list(ast.walk(s))


def _rest(stmts: list, path: list, point, loops: list) -> list:
    """What runs of ``stmts`` from the point on: the statement on the path, resumed,
    then the statements after it."""
    head = path[0]
    i = next(k for k, s in enumerate(stmts) if s is head)
    return _resume(head, path[1:], point, loops) + stmts[i + 1:]


def _resume(s, tail: list, point, loops: list) -> list:
    if not tail:                                    # the statement that holds the yield
        return [_replaced(s, point)]
    inner = tail[0]
    if isinstance(s, ast.If):
        branch = s.body if any(x is inner for x in s.body) else s.orelse
        return _rest(branch, tail, point, loops)
    if isinstance(s, ast.For):
        if not isinstance(s.target, ast.Name) or not any(x is inner for x in s.body):
            raise _NotHere
        k = loops[0]
        loops[0] += 1
        flag = f"RS_FIRST{k}"
        first = _rest(s.body, tail, point, loops)
        again = ast.Call(ast.Name("RS_CHAIN", ast.Load()), [
            ast.Tuple([ast.Name(s.target.id, ast.Load())], ast.Load()),
            ast.Subscript(ast.Name("RS_I", ast.Load()), ast.Constant(k), ast.Load())], [])
        loop = ast.For(s.target, again, [_first_pass(flag, first, s.body)], s.orelse, None)
        return [_set(flag, True), loop]
    if isinstance(s, ast.While):
        if not any(x is inner for x in s.body):
            raise _NotHere
        flag = f"RS_FIRST{100 + len(tail)}"          # one per depth: loops nest
        first = _rest(s.body, tail, point, loops)
        test = ast.BoolOp(ast.Or(), [ast.Name(flag, ast.Load()), s.test])
        return [_set(flag, True), ast.While(test, [_first_pass(flag, first, s.body)], s.orelse)]
    if isinstance(s, ast.Try):
        if not any(x is inner for x in s.body):
            raise _NotHere
        t = copy.copy(s)
        t.body = _rest(s.body, tail, point, loops)
        return [t]
    raise _NotHere


def _first_pass(flag: str, first: list, body: list):
    """``if FLAG: FLAG = False; <the rest of this pass> else: <the body>``."""
    return ast.If(ast.Name(flag, ast.Load()), [_set(flag, False)] + first, body)


def _set(flag: str, value: bool):
    return ast.Assign([ast.Name(flag, ast.Store())], ast.Constant(value))


def _replaced(s, point):
    """Statement ``s`` with ``point`` (its one yield) reading ``RS_G``, or raise
    _NotHere when something in ``s`` would be called before it (it ran already)."""
    above = _ancestors(s, point)
    inside = list(ast.walk(point))
    for n in _own_nodes(s):
        if any(n is x for x in inside) or any(n is a for a in above):
            continue
        if isinstance(n, (ast.Call, ast.Yield, ast.YieldFrom)):
            raise _NotHere
    new = copy.deepcopy(s)
    for a, b in zip(ast.walk(s), ast.walk(new)):
        if a is point:
            b.value = ast.Name("RS_G", ast.Load())
            return new
    raise _NotHere


def _ancestors(root, node) -> list:
    """The nodes between ``root`` and ``node``: a call among them runs after the yield
    (its arguments are evaluated first)."""
    def walk(n, trail):
        if n is node:
            return trail
        for c in ast.iter_child_nodes(n):
            found = walk(c, trail + [n])
            if found is not None:
                return found
        return None
    return walk(root, []) or []
