"""Statements that resolve, negate and end: `resolve`, `negate`, `end game`, `eliminate`,
turn order (`extra turn`, `skip next turn`, `reverse turn order`) and `say`, as lines of
Python (the other statements are in :mod:`deckwright.dsl.codegen.stmts`).

An ending that something answers is written as events (each winner a `win`, a draw a
`game_drawn`), and an end condition's name or a `say` that shows values (`{EXPR}`) is
made as it runs, as every seat may read it.
"""
from __future__ import annotations

from .writer import literal


class EndingWriter:
    """Resolving, ending and saying: a part of
    :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    def s_Resolve(self, n, f):
        card = self.expr(n.card, f)
        self.writeline(self.resolve_call(f, card))

    def s_Negate(self, n, f):
        at = self.pos(getattr(n, "at", None))      # for `why`: the statement that negated it
        self.writeline(f"if {f.ev} is not None: NEGATE(g, {f.ev}, {at})")

    def s_EndGame(self, n, f):
        # a named end condition is the game's reason, whoever wins (`end game "50 VP" ...`);
        # a name that shows values is made as the game ends
        name = None if n.name is None else self.text_of(n.name, f)
        if name is not None and getattr(n.name, "values", None):
            t = f.temp()
            self.writeline(f"{t} = {name}")
            name = t
        named = "" if name is None else f", {name}"
        if n.kind == "draw" and "game_drawn" in self.a.listened:
            self._drawn(f, "'draw'" if name is None else name, "[]")
        elif n.kind == "draw":
            self.writeline(f"END([], True, 'draw'{named})")
        elif n.kind == "most" and self.a.hears("win", "game_drawn"):
            self._by_most(n, f, name)
        elif n.kind == "most":
            self.writeline(f"END_MOST(g, {literal(n.resource)}{named})")
        elif "win" not in self.a.listened:
            self.writeline(f"END(ASLIST({self.expr(n.winner, f)}), False, 'winner'{named})")
        else:
            # Each winner's `win` is an event `before`, `prevent` and `instead` may answer;
            # the game ends with the wins that stood (a draw if none was named). When every
            # named win was replaced, the game goes on.
            reason = named
            named, kept, p = f.temp(), f.temp(), f.gen.fresh("p")
            self.writeline(f"{named} = [{p} for {p} in ASLIST({self.expr(n.winner, f)}) "
                           f"if type({p}) is PLAYER]")
            self._wins(f, named, kept, p)
            self.writeline(f"if {kept} or not {named}: END({kept}, False, 'winner'{reason})")

    def _by_most(self, n, f, name):
        """`end game by most R` when something answers a win or a draw: each player with
        the most is a `win` event (as for `end game winner`), or, all of them tied, the
        game's `game_drawn` is; the game ends with what stood, else it goes on."""
        best, tied, kept, p = f.temp(), f.temp(), f.temp(), f.gen.fresh("p")
        res = literal(n.resource)
        # "tied on vp", "50 VP, tied on vp": the deck's words only as literals of their own
        tie = f"'tied on ' + {res}" if name is None else f"{name} + ', tied on ' + {res}"
        named = "" if name is None else f", {name}"
        self.writeline(f"{best}, {tied} = MOST_OF(g, {res})")
        self.writeline(f"if {tied}:")
        self.indent()
        if "game_drawn" in self.a.listened:
            self._drawn(f, tie, best)
        else:
            self.writeline(f"END([], True, {tie})")
        self.outdent()
        if "win" not in self.a.listened:
            self.writeline(f"WON({best}, {res}{named})")
            return
        self._wins(f, best, kept, p)
        self.writeline(f"if {kept}: WON({kept}, {res}{named})")

    def _wins(self, f, players: str, kept: str, p: str):
        """Each of ``players`` wins as a `win` event, which `before`, `prevent` and
        `instead` may answer; ``kept`` lists those whose win stood."""
        self.writeline(f"{kept} = []")
        self.writeline(f"for {p} in {players}:")
        self.indent()
        self.emit(f, "win", self.with_source(f"{{'player': {p}}}", f.this, f.ability), f.you,
                  lambda f, ev: self.writeline(f"{kept}.append({p})"))
        self.outdent()

    def _drawn(self, f, reason: str, tied: str):
        """A game about to end in a draw: the `game_drawn` event, which `before` (with
        `negate`), `prevent` and `instead` may answer; the game ends drawn unless it was
        stopped or replaced, and then it goes on."""
        drawn = f.temp()
        self.writeline(f"{drawn} = False")

        def perform(f, ev):
            self.writeline(f"{drawn} = True")
        self.emit(f, "game_drawn", self.with_source(f"{{'reason': {reason}, 'tied': {tied}}}",
                                                    f.this, f.ability), f.you, perform)
        self.writeline(f"if {drawn}: END([], True, {reason})")

    def s_Eliminate(self, n, f):
        who = self.expr(n.players, f)
        p = f.gen.fresh("p")
        self.writeline(f"for {p} in ASLIST({who}):")
        self.indent()
        if "eliminate" in self.a.listened:
            # a player still in the game: the elimination is an event that may be answered
            self.writeline(f"if type({p}) is PLAYER and {p}.alive:")
            self.indent()
            self.emit(f, "eliminate",
                      self.with_source(f"{{'player': {p}}}", f.this, f.ability), f.you,
                      lambda f, ev: self.writeline(f"ELIMINATE(g, {p})"))
            self.outdent()
        else:
            self.writeline(f"ELIMINATE(g, {p})")
        self.outdent()

    def s_ExtraTurn(self, n, f):
        self.writeline(f"EXTRA_TURN(g, ASLIST({self.expr(n.players, f)}))")

    def s_SkipTurn(self, n, f):
        self.writeline(f"SKIP_TURN(g, ASLIST({self.expr(n.players, f)}))")

    def s_ReverseOrder(self, n, f):
        self.writeline("REVERSE_ORDER(g)")

    def s_Say(self, n, f):
        self.writeline(self.say_call(n.text, f, f.you, f.this, n.pos))

    def say_call(self, text, f, you, this, pos) -> str:
        """A `say` line as source: its words, with the values they show (`{EXPR}`) handed
        over as values (SAY_SHOWN), so that each seat reads a card as it may, told apart
        from the cards in play it reads like."""
        values = getattr(text, "values", None)
        if not values:
            return f"SAY(g, {you}, {this}, {literal(str(text))}, {self.pos(pos)})"
        shown = ", ".join(self.expr(e, f) for e in values)
        return (f"SAY_SHOWN(g, {you}, {this}, {literal(list(text.pieces))}, [{shown}], "
                f"{self.pos(pos)})")

    def text_of(self, text, f) -> str:
        """Text the deck wrote, as source: a literal, or for words that show values
        (`{EXPR}`) the text made with their values in place, as every seat may read them
        (SHOWN: no card named that some player may not see)."""
        values = getattr(text, "values", None)
        if not values:
            return literal(str(text))
        shown = ", ".join(self.expr(e, f) for e in values)
        return f"SHOWN(g, {literal(list(text.pieces))}, [{shown}], {self.spot_pos()})"
