"""The syntax of `scenario` blocks: their AST nodes and the builder methods that make them.

A scenario is a declaration of the deck file (grammar/deckwright.lark, "Scenarios"); the
checker sets it aside and :mod:`deckwright.dsl.scenario.runner` runs it. Its lines are kept close to
the grammar: one :class:`Line` per line, its ``kind`` the grammar's alias (``g_zone``,
``w_choose``, ``t_is``...), its ``args`` the line's parts as small nodes that each carry
their position, so that every mistake in a scenario is reported at its own spot.

>>> from deckwright.dsl.parser import parse_text
>>> deck = parse_text('game "G"\\nscenario "s" {\\n  given { hand of P1: "A" }\\n'
...                   '  then { hand of P1 has 1 cards }\\n}\\n', "g.deck")
>>> sc = deck.items[0]; sc.name, [p.kind for p in sc.parts]
('s', ['given', 'then'])
>>> sc.parts[0].lines[0].kind, sc.parts[0].lines[0].args[0]
('g_zone', Place(name='hand', seat='P1', side=None))
"""
from __future__ import annotations

from typing import Optional

from .. import ast as A


class Text(A.Node):
    """A quoted text in a scenario (a card name, a label, a log line), with its spot."""
    text: str


class Word(A.Node):
    """A word in a scenario: a seat (`P1`), a counter, a mark, an option's name."""
    word: str


class Num(A.Node):
    value: int


class Value(A.Node):
    """A value given or expected: kind is int, str, bool, none or seat."""
    kind: str
    value: object


class Place(A.Node):
    """`NAME` or `NAME of P1` / `NAME of SIDE`: a zone, a resource or a variable."""
    name: str
    seat: Optional[str] = None
    side: Optional[str] = None


class Attr(A.Node):
    """A word about a card: owner, controller, face, counters, marks, host, token, label.
    A host (``attached``) is a :class:`Text` (a card's name) or a :class:`Word` (a
    label given by ``called``)."""
    kind: str
    value: object = None
    count: int = 0


class CardSpec(A.Node):
    name: Text
    copies: int
    attrs: tuple


class Line(A.Node):
    kind: str
    args: tuple


class Part(A.Node):
    """`given [POINT] {...}`, `when {...}` or `then [POINT] {...}`; ``point`` is None,
    "turn end", a PhasePoint or a Text the log must say; ``nth`` which time it comes
    (an :class:`Nth`, or None: the first). The first `given` of a scenario begins with
    its file's `background` lines: ``background`` says how many."""
    kind: str
    point: object
    lines: tuple
    nth: object = None
    background: int = 0


class PhasePoint(A.Node):
    """`at start of phase NAME`: the state as the phase began; with ``end``, `at end of
    phase NAME`: as it was over."""
    name: str
    end: bool = False


class Nth(A.Node):
    """`, 2nd time` after a point: which time it comes (``word`` as written)."""
    value: int
    word: str


class Scenario(A.Decl):
    name: str
    parts: tuple


class Background(A.Decl):
    """`background { ... }`: given lines every scenario of the file starts from."""
    lines: tuple


def _unquote(tok) -> str:
    from ..ast_builder import _unquote as unq
    return unq(tok)


class ScenarioBuilder:
    """Builder methods for the scenario aliases of the grammar (mixed into
    :class:`deckwright.dsl.ast_builder.Builder`)."""

    def _tp(self, tok):
        from ..ast_builder import _tok_pos
        return _tok_pos(tok, self.file)

    def _text(self, tok) -> Text:
        return Text(_unquote(tok), pos=self._tp(tok))

    def _word(self, tok) -> Word:
        return Word(str(tok), pos=self._tp(tok))

    def _line(self, kind, pos, args) -> Line:
        return Line(kind, tuple(args), pos=pos)

    def _conv(self, ch):
        """Tokens → Text (STRING), Word (CAPWORD, NAME), Num (INT); nodes as they are."""
        out = []
        for c in ch:
            if c is None:
                continue
            t = getattr(c, "type", None)
            if t == "STRING":
                out.append(self._text(c))
            elif t == "INT":
                out.append(Num(self.number(c), pos=self._tp(c)))
            elif t in ("CAPWORD", "NAME", "COMP_OP"):
                out.append(self._word(c))
            else:
                out.append(c)
        return out

    def scenario_decl(self, pos, ch):
        return Scenario(_unquote(ch[0]), tuple(c for c in ch[1:] if c is not None), pos=pos)

    def background_decl(self, pos, ch):
        return Background(tuple(ch), pos=pos)

    def _part(self, kind, pos, ch):
        point, nth = ch[0] if ch and isinstance(ch[0], tuple) else (None, None)
        return Part(kind, point, tuple(c for c in ch if isinstance(c, Line)), nth, pos=pos)

    def sc_given(self, pos, ch):
        return self._part("given", pos, ch)

    def sc_when(self, pos, ch):
        return Part("when", None, tuple(ch), pos=pos)

    def sc_then(self, pos, ch):
        return self._part("then", pos, ch)

    # a point is (what, which time) for its part to unpack
    def at_turn_end(self, pos, ch):
        return ("turn end", ch[0] if ch else None)

    def at_log(self, pos, ch):
        return (self._text(ch[0]), ch[1] if len(ch) > 1 else None)

    def at_phase(self, pos, ch):
        return (PhasePoint(str(ch[0]), pos=self._tp(ch[0])), ch[1] if len(ch) > 1 else None)

    def at_phase_end(self, pos, ch):
        return (PhasePoint(str(ch[0]), True, pos=self._tp(ch[0])),
                ch[1] if len(ch) > 1 else None)

    def sc_nth(self, pos, ch):
        word = str(ch[0])
        return Nth(int(word.rstrip("stndrh")), word, pos=self._tp(ch[0]))

    def place(self, pos, ch):
        name = str(ch[0])
        owner = ch[1] if len(ch) > 1 else None
        if owner is None:
            return Place(name, pos=pos)
        kind, word = owner
        return Place(name, word if kind == "seat" else None, word if kind == "side" else None,
                     pos=pos)

    def owner_seat(self, pos, ch): return ("seat", str(ch[0]))
    def owner_side(self, pos, ch): return ("side", str(ch[0]))

    def card_spec(self, pos, ch):
        name = self._text(ch[0])
        copies, attrs = 1, []
        for c in ch[1:]:
            if c is None:
                continue
            if getattr(c, "type", None) == "INT":
                copies = self.number(c)
            else:
                attrs.append(c)
        return CardSpec(name, copies, tuple(attrs), pos=pos)

    def a_owner(self, pos, ch): return Attr("owner", self._word(ch[0]), pos=pos)
    def a_controller(self, pos, ch): return Attr("controller", self._word(ch[0]), pos=pos)
    def a_owner_nobody(self, pos, ch): return Attr("owner", Word("nobody", pos=pos), pos=pos)
    def a_controller_nobody(self, pos, ch):
        return Attr("controller", Word("nobody", pos=pos), pos=pos)
    def a_prop(self, pos, ch): return Attr("prop", (self._word(ch[0]), ch[1]), pos=pos)
    def a_from_top(self, pos, ch): return Attr("place", (self.sc_nth(pos, ch), "top"), pos=pos)
    def a_from_bottom(self, pos, ch):
        return Attr("place", (self.sc_nth(pos, ch), "bottom"), pos=pos)
    def a_face_up(self, pos, ch): return Attr("face", True, pos=pos)
    def a_face_down(self, pos, ch): return Attr("face", False, pos=pos)
    def a_counter(self, pos, ch): return Attr("counter", self._word(ch[1]), self.number(ch[0]), pos=pos)
    def a_mark(self, pos, ch): return Attr("mark", self._word(ch[0]), pos=pos)
    def a_not_mark(self, pos, ch): return Attr("not mark", self._word(ch[0]), pos=pos)
    def a_attached(self, pos, ch): return Attr("attached", self._text(ch[0]), pos=pos)
    def a_attached_label(self, pos, ch): return Attr("attached", self._word(ch[0]), pos=pos)
    def a_called(self, pos, ch): return Attr("called", self._word(ch[0]), pos=pos)
    def a_token(self, pos, ch): return Attr("token", True, pos=pos)
    def a_upright(self, pos, ch): return Attr("orient", 0, pos=pos)
    def a_sideways(self, pos, ch): return Attr("orient", 1, pos=pos)
    def a_upside_down(self, pos, ch): return Attr("orient", 2, pos=pos)

    def v_int(self, pos, ch): return Value("int", self.number(ch[0]), pos=pos)
    def v_neg(self, pos, ch): return Value("int", -self.number(ch[0]), pos=pos)
    def v_str(self, pos, ch): return Value("str", _unquote(ch[0]), pos=pos)
    def v_true(self, pos, ch): return Value("bool", True, pos=pos)
    def v_false(self, pos, ch): return Value("bool", False, pos=pos)
    def v_none(self, pos, ch): return Value("none", None, pos=pos)
    def v_seat(self, pos, ch): return Value("seat", str(ch[0]), pos=pos)

    def v_copies(self, pos, ch):
        """`"X" x 3` in a `then` list: three of X (a list its line flattens)."""
        return [self._text(ch[0])] * self.number(ch[1])

    def t_is(self, pos, ch):
        items = []
        for c in self._conv(ch):
            if isinstance(c, list):
                items += [Value("str", t.text, pos=t.pos) for t in c]
            else:
                items.append(c)
        return Line("t_is", tuple(items), pos=pos)

    def t_has(self, pos, ch):
        items = []
        for c in self._conv(ch):
            items += c if isinstance(c, list) else [c]
        return Line("t_has", tuple(items), pos=pos)

    def refused(self, pos, ch):
        return ("refused", self._text(ch[0]) if ch and ch[0] is not None else None)

    def w_choose(self, pos, ch):
        refused = ch[-1] if ch and isinstance(ch[-1], tuple) else None
        rest = ch[:-1] if refused else ch
        seat = self._word(rest[0]) if rest and rest[0] is not None and rest[0].type == "CAPWORD" else None
        labels = tuple(self._text(c) for c in rest if c is not None and c.type == "STRING")
        return Line("w_choose", (seat, labels, refused), pos=pos)

    def w_choose_nothing(self, pos, ch):
        refused = ch[-1] if ch and isinstance(ch[-1], tuple) else None
        seat = self._word(ch[0]) if ch and ch[0] is not None and not isinstance(ch[0], tuple) else None
        return Line("w_choose", (seat, (), refused), pos=pos)


def _simple(kind):
    def method(self, pos, ch):
        return self._line(kind, pos, self._conv(ch))
    method.__name__ = kind
    return method


for _kind in ("g_players", "g_seed", "g_option", "g_setup", "g_first", "g_turn", "g_phase",
              "g_player_mark", "g_zone", "g_zone_empty", "g_zone_top", "g_value", "g_rig", "g_pick",
              "t_compare", "t_empty", "t_top", "t_bottom", "t_has_no", "t_count",
              "t_card", "t_label", "t_player_mark", "t_player_not_mark", "t_eliminated", "t_sees",
              "t_not_sees", "t_asked", "t_may", "t_may_not", "t_log", "t_log_not",
              "t_log_for", "t_over", "t_not_over", "t_drawn", "t_winner", "t_winners"):
    setattr(ScenarioBuilder, _kind, _simple(_kind))
