"""The fast path of parsing: Lark's own LALR tables, driven straight into the AST."""
from __future__ import annotations

import re

from lark import Lark, Token
from lark.lexer import _regexp_has_newline

try:                                   # the standard library's parser of regexes
    from re import _constants as _sre, _parser as _sre_parse
except ImportError:                    # Python 3.10
    import sre_constants as _sre
    import sre_parse as _sre_parse

from .ast_builder import MAX_NESTING, Builder
from .errors import SourcePosition

# Parsing took nine tenths of loading a 1,000-card deck, most of it in Lark building a
# parse tree that `Builder` then walked once and threw away: a Tree and its Meta per
# reduction (half of them `?rule` pass-throughs that keep only their child), positions
# propagated by reading the children's Meta back. So a deck is parsed here by a small LALR loop over the tables Lark
# built (the same parse table, the same per-state lexers of its contextual lexer, the
# same keyword checks), which calls the `Builder` method of each rule as it is reduced,
# with the position Lark would have given its node:
#
# * a node spans from the start of its first child to the end of its last, tokens the
#   grammar drops (`"if"`, `{`) included, and a `?rule` that passes its child through
#   keeps the child's position but widens the span its parent sees (`(a + b).c` starts at
#   the parenthesis): Lark's `propagate_positions` "containers";
# * `_rule` children are spliced into their parent, and `[x]` yields None (`maybe_placeholders`);
# * each value carries its height in levels, as `Builder.transform` counts them, so that
#   a deck nested too deeply is known without walking it.
#
# Whatever is not a clean parse (a syntax error, nesting too deep, a method failing on a
# broken file's first half) is parsed again by Lark and `Builder.transform`, which give
# the errors: this path only ever returns what that one would, faster. tests/test_parser.py
# compares the two, node by node and position by position, on every bundled deck and on
# decks with a slip in them. A Lark this driver does not know (`NoFastPath`) leaves
# every deck to Lark's path: slower, never different.

_UNIT, _SPLICE, _PASS, _NODE = range(4)    # what reducing a rule does (see FastParser)


class _Unit(tuple):
    """The plan of a _UNIT rule: told from the others by its class alone."""


class NoFastPath(Exception):
    """Lark built something this driver does not mirror (a new option, a new Lark)."""


class FastParser:
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
            raise NoFastPath("options")
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
        self._read: dict = {}
        self.blank, self.skip_blanks = self._blanks(conf, lexer)

    def _blanks(self, conf, lexer) -> tuple:
        """(" \\t", the match of the ignored terminal blanks begin) when no other
        terminal may begin with a space or a tab, and every state's lexer has that one:
        then in every state a blank starts that terminal's run, which the parse skips
        without asking the state's regex (a third of a deck's matches). ("", None) if not."""
        from lark.lexer import PatternStr
        starts = [t for t in conf.terminals
                  if (t.pattern.value[:1] in BLANKS if type(t.pattern) is PatternStr
                      else _may_begin_with(t.pattern.to_regexp(), BLANKS))]
        if len(starts) != 1 or starts[0].name not in self.ignore:
            return "", None
        blank = starts[0]
        lexers = {id(b): b for b in lexer.lexers.values()}.values()
        if _regexp_has_newline(blank.pattern.to_regexp()) \
                or not all(blank in b.terminals for b in lexers):
            return "", None
        return BLANKS, re.compile(blank.pattern.to_regexp(), conf.g_regex_flags).match

    def _lexer(self, state: int) -> tuple:
        """The lexer of ``state``: its regex's ``match``, the keywords its NAME-like
        terminals become (Lark's "unless" callbacks), and the terminals that may hold
        a line break. Made as Lark's BasicLexer makes its scanner (``_create_unless``),
        but for the keywords only their table: Lark compiles a regex of them per state,
        which this driver never runs, and asks ``re`` each time whether a keyword reads
        as a NAME, which is answered here once for all states (half of what a first
        deck's lexers cost)."""
        from lark.lexer import Scanner
        basic = self._basic[state]
        made = self._made.get(id(basic))
        if made is None:
            if basic.user_callbacks or basic.ignore_types != self.ignore:
                raise NoFastPath("lexer")
            terminals, unless = self._keywords(basic)
            scanner = Scanner(terminals, basic.g_regex_flags, basic.re, basic.use_bytes)
            if len(scanner._mres) != 1:
                raise NoFastPath("lexer")
            made = self._made[id(basic)] = (scanner._mres[0].match, unless, basic.newline_types)
        self.lexers[state] = made
        return made

    def _keywords(self, basic) -> tuple:
        """(the terminals of ``basic``'s regex, its keywords by terminal: {text: keyword}):
        a string terminal that a regex terminal of the same priority reads whole is that
        terminal's keyword, and leaves the regex (Lark's ``_create_unless``)."""
        from lark.lexer import PatternRE, PatternStr
        regexps, strings = [], []
        for t in basic.terminals:
            if type(t.pattern) is PatternRE:
                regexps.append(t)
            elif type(t.pattern) is PatternStr:
                strings.append(t)
            else:
                raise NoFastPath("a terminal")
        embedded, unless = set(), {}
        for retok in regexps:
            words = {}
            for strtok in strings:
                if strtok.priority == retok.priority and self._reads(basic, retok, strtok):
                    if strtok.pattern.flags:     # (without flags, always embedded)
                        raise NoFastPath("keywords")
                    words[strtok.pattern.value] = strtok.name
                    embedded.add(strtok.name)
            if words:
                unless[retok.name] = words
        return [t for t in basic.terminals if t.name not in embedded], unless

    def _reads(self, basic, retok, strtok) -> bool:
        """Whether ``retok``'s regex matches all of ``strtok``'s text (Lark's ``_get_match``)."""
        key = (retok.name, strtok.name)
        got = self._read.get(key)
        if got is None:
            s = strtok.pattern.value
            m = basic.re.match(retok.pattern.to_regexp(), s, basic.g_regex_flags)
            got = self._read[key] = m is not None and m.group(0) == s
        return got

    @staticmethod
    def _plan(rule, kept: frozenset) -> tuple:
        """(size, name, kind, include, trailing Nones, builder method, level): as Lark's
        ParseTreeBuilder wraps the rule (`maybe_create_child_filter`, ExpandSingleChild).
        A _UNIT leaves the value on the stack as it is; a _SPLICE makes the list of
        children its parent splices in; a _PASS passes its one child through (or is a
        node, given more); a _NODE is made by the builder's method."""
        expansion = rule.expansion
        if not expansion:
            raise NoFastPath("an empty rule")           # every node has a span: see _parse
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
                raise NoFastPath("a ?_rule")
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
            raise NoFastPath("a ?start")               # the parse ends on reducing `start`
        method = getattr(Builder, name, None)
        plan = (len(expansion), origin, kind, tuple(include), pending, method, int(name != "block"))
        return _Unit(plan) if kind == _UNIT else plan

    def parse(self, text: str, builder: "Builder"):
        """The value of `start` (header, items), or None where Lark's path must decide.

        The value stack holds (value, line, column, end line, end column, height) per
        symbol: a token's own span, a node's span as its parent sees it."""
        rows, lexers, ignore, kept, units = self.rows, self.lexers, self.ignore, self.kept, self.units
        end_state = self.end_state
        file = builder.file
        new_pos = tuple.__new__
        new_token = str.__new__
        top = self.start_state             # the state on top of `states`
        states = [top]
        values = []
        pos, line, line_start, size = 0, 1, 0, len(text)
        blank, skip_blanks = self.blank, self.skip_blanks
        while True:
            if pos < size:
                if text[pos] in blank:                # (see _blanks)
                    m = skip_blanks(text, pos)
                    if m is None:
                        return None
                    pos = m.end()
                    continue
                match, unless, newline_types = lexers[top] or self._lexer(top)
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
                action = rows[top].get(kind)
                if action is None:
                    return None
                if action.__class__ is int:
                    if entry is None:                 # a shift of the end: not a parse
                        return None
                    states.append(action)
                    values.append(entry)
                    top = action
                    break
                if action.__class__ is _Unit:
                    # A run of units (atom → primary → ... → expr, ten of them) depends
                    # only on the state below, the state on top and the token: it is
                    # remembered as one step.
                    key = (states[-2], top, kind)
                    after = units.get(key)
                    if after is None:
                        after = top
                        while action.__class__ is _Unit:
                            after = rows[states[-2]][action[1]]
                            action = rows[after].get(kind)
                        units[key] = after
                    states[-1] = top = after
                    continue
                n, origin, how, include, trailing, method, level = action
                base = len(values) - n
                first, last = values[base], values[-1]
                built = []
                height = 0
                for i, splice, nones in include:
                    if nones:
                        built += [None] * nones
                    child = values[base + i]
                    if child[5] > height:
                        height = child[5]
                    if splice:
                        built += child[0]
                    else:
                        built.append(child[0])
                del values[base:]
                del states[-n:]
                if trailing:
                    built += [None] * trailing
                if how == _SPLICE:
                    value = built
                elif how == _PASS and len(built) == 1:
                    value = built[0]
                else:
                    value = method(builder, new_pos(SourcePosition, (file, first[1], first[2], last[3], last[4])), built)
                    height += level
                top = rows[states[-1]][origin]
                states.append(top)
                values.append((value, first[1], first[2], last[3], last[4], height))
                if entry is None and top == end_state:
                    # `start` counts as a level of its own; the root is level 0
                    return None if height - 1 > MAX_NESTING else value


BLANKS = " \t"


def _may_begin_with(regexp: str, chars: str) -> bool:
    """Whether a match of ``regexp`` may begin with one of ``chars``: False only where
    the standard library's parse of it shows its first character is none of them."""
    try:
        hit, empty = _first(list(_sre_parse.parse(regexp)), [ord(c) for c in chars])
    except Exception:                         # a parse this reading does not know
        return True
    return hit or empty


def _first(items, codes) -> tuple:
    """(whether a match of ``items``, a parsed regex, may begin with one of ``codes``,
    whether it may be empty); unsure is (True, True)."""
    for op, av in items:
        if op is _sre.LITERAL:
            return av in codes, False
        if op is _sre.IN:
            return _in_set(av, codes), False
        if op is _sre.AT:                     # ^, $, \b: no character
            continue
        if op is _sre.BRANCH:
            parts = [_first(list(b), codes) for b in av[1]]
            hit, empty = any(h for h, _ in parts), any(e for _, e in parts)
        elif op is _sre.SUBPATTERN:
            hit, empty = _first(list(av[-1]), codes)
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT):
            hit, empty = _first(list(av[2]), codes)
            empty = empty or av[0] == 0
        else:
            return True, True
        if hit or not empty:
            return hit, empty
    return False, True


def _in_set(av, codes) -> bool:
    """Whether a character set ``[...]`` (parsed) takes one of ``codes``."""
    negate, taken = False, set()
    for op, arg in av:
        if op is _sre.NEGATE:
            negate = True
        elif op is _sre.LITERAL:
            taken.update(c for c in codes if c == arg)
        elif op is _sre.RANGE:
            taken.update(c for c in codes if arg[0] <= c <= arg[1])
        else:                                 # a category (\s, \w): unsure
            return True
    return len(taken) < len(set(codes)) if negate else bool(taken)
