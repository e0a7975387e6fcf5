"""What the language server knows about one open deck file: pure, no pygls.

>>> a = Analysis("example.deck", 'game "T" extends "dvorak"\\nresource gears: start 0\\n')
>>> [d.code for d in a.diagnostics]
[]
>>> a.definition(1, 10).line                 # `gears` on line 2 (0-based 1), its declaration
2

Every position here is the editor's: 0-based line and 0-based character. Columns count
code points (the LSP's UTF-16 units differ only past U+FFFF, in strings and comments).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from .. import ast as A
from ..errors import Diagnostic, SourcePosition
from ..scenario.syntax import Background, Scenario

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
STRING = re.compile(r'"([^"\\\n]|\\.)*"')
DID_YOU_MEAN = re.compile(r"did you mean `([^`]+)`\?")
UNKNOWN = re.compile(r"`([^`]+)`")

# What a declared name is, by the node that declares it (for completion kinds and hover).
NAMED = {A.Zone: "zone", A.Resource: "resource", A.Var: "variable", A.PropertyDecl: "property",
         A.LimitDecl: "limit", A.ActionDecl: "action", A.MoveDecl: "move", A.Option: "option",
         A.Param: "parameter", A.Side: "side"}
LISTED = {A.CounterDecl: "counter", A.MarkDecl: "mark", A.TypeDecl: "type",
          A.SubtypeDecl: "subtype"}
# The rule blocks a file's outline shows, besides cards and tokens.
BLOCKS = (A.Setup, A.Turn, A.Round, A.Trigger, A.Whenever, A.ActionDecl, A.MoveDecl,
          A.StaticDecl)


@dataclass(frozen=True)
class Symbol:
    name: str
    kind: str                       # card | token | setup | turn | when | action | ...
    pos: SourcePosition
    detail: str = ""


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str                       # keyword | event | card | zone | resource | ...
    insert: Optional[str] = None
    detail: str = ""


@dataclass(frozen=True)
class Edit:
    line: int                       # 0-based, the editor's
    start: int
    end: int
    new_text: str
    title: str


def keywords() -> tuple:
    """The language's keywords, taken from the grammar: the list the Pygments lexer and
    editors/ highlight."""
    from deckwright.grammar import keywords as grammar_keywords
    return grammar_keywords()


class Analysis:
    """One snapshot of a document: loaded, checked and linted as `deckwright lint` would,
    then indexed for the editor's questions. ``previous`` is the document's last
    analysis, whose names stand in while the text does not parse. ``buffers`` (resolved
    path → text) are the editor's other open documents, read instead of their files.

    ``reads`` is every file the check read (this one, what it extends and includes, and
    for a file of cards the games that include it, with theirs): a change to one of them
    may change this document's diagnostics."""

    def __init__(self, path: str, text: str, previous: Optional["Analysis"] = None,
                 buffers: Optional[dict] = None):
        from ..lint import lint_context, load_for_lint
        from ..loader import included_by
        self.path = str(Path(path).resolve())
        self.text = text
        self.lines = text.split("\n")
        self.buffers = {k: v for k, v in (buffers or {}).items() if k != self.path}
        ctx = load_for_lint(self.path, text, self.path, path=Path(self.path),
                            buffers=self.buffers)
        self.reads = {self.path} | _read_by(ctx)
        self.part_of: list = []             # the games a file of cards is checked as part of
        self.for_include = any(d.code == "no-turn" for d in ctx.check)
        if self.for_include:
            self.part_of = included_by(Path(self.path), text, self.buffers) or []
        if self.part_of:
            ctx, found = self._as_included()
        else:
            found = lint_context(ctx).diagnostics
        self.ctx = ctx
        self.diagnostics = [d for d in found if d.pos is None or self.is_here(d.pos)]
        self.elsewhere = [d for d in found if d not in self.diagnostics]
        self.file = next((f for f in ctx.files if self.is_here_file(f.path)), None)
        self._statements: Optional[set] = None
        self.decls: dict = {}                   # name → (kind, declaration)
        self.cards: dict = {}                   # card name → CardDecl
        for item in ctx.items:
            self._index(item)
        if self.file is None and previous is not None:
            # Mid-edit, the text does not parse: complete and resolve with what the last
            # text that did declared.
            self.decls = {**previous.decls, **self.decls}
            self.cards = {**previous.cards, **self.cards}

    def _as_included(self) -> tuple:
        """(context, diagnostics) of a file of cards for `include` (no turn rules, no
        base), checked as `check` checks it: as part of each game beside it (or bundled)
        that includes it, with this buffer in place of the file. What falls in this file
        is its diagnostics; of the rest, only errors (a game that does not compile checks
        nothing here). The first game's names answer hover, completion and definitions."""
        from ..lint import lint_context, load_for_lint
        first, found = None, []
        for game in self.part_of:
            ctx = load_for_lint(str(game), buffers={**self.buffers, self.path: self.text})
            self.reads |= {str(Path(game).resolve())} | _read_by(ctx)
            first = first or ctx
            found += [d for d in lint_context(ctx).diagnostics if d not in found and (
                d.severity == "error" or d.pos is None or self.is_here(d.pos))]
        return first, found

    # -- where things are --------------------------------------------------------

    def is_here_file(self, file: str) -> bool:
        return absolute(file) == self.path

    def is_here(self, pos: SourcePosition) -> bool:
        return self.is_here_file(pos.file)

    def _index(self, item):
        if isinstance(item, A.Override):
            item = item.decl
        if isinstance(item, A.CardDecl):
            self.cards[item.name] = item
            return
        kind = NAMED.get(type(item))
        if kind:
            self.decls.setdefault(item.name, (kind, item))
            return
        kind = LISTED.get(type(item))
        if kind:
            for name in item.names:
                self.decls.setdefault(name, (kind, item))

    def token_at(self, line: int, char: int) -> tuple:
        """("string" | "word" | None, text, start, end) under the cursor."""
        text = self.lines[line] if 0 <= line < len(self.lines) else ""
        for rx, kind in ((STRING, "string"), (WORD, "word")):
            for m in rx.finditer(text):
                if m.start() <= char <= m.end() and (kind == "word" or char < m.end()):
                    if kind == "word" and _in_string(text, m.start()):
                        continue
                    value = m.group(0)[1:-1] if kind == "string" else m.group(0)
                    return kind, value, m.start(), m.end()
        return None, "", char, char

    # -- the editor's questions -------------------------------------------------

    def definition(self, line: int, char: int) -> Optional[SourcePosition]:
        kind, value, _, _ = self.token_at(line, char)
        if kind == "string":
            if value in self.cards:
                return self.cards[value].pos
            before = self.lines[line][:char]
            if re.search(r"\b(include|extends)\s+\"[^\"]*$", before):
                target = self._referenced_file(value)
                if target is not None:
                    return SourcePosition(target, 1, 1, 1, 1)
            return None
        if kind == "word" and value in self.decls:
            return self.decls[value][1].pos
        return None

    def _referenced_file(self, name: str) -> Optional[str]:
        stem = Path(name).stem
        for f in self.ctx.files:
            if Path(f.path).stem == stem and not self.is_here_file(f.path):
                return f.path
        return None

    def hover(self, line: int, char: int) -> Optional[str]:
        """Markdown: a card's printed text and the text its effect generates; an action's
        or move's parameters; any other declared name's declaration."""
        kind, value, start, _ = self.token_at(line, char)
        if kind == "string" and value in self.cards:
            return self.card_hover(self.cards[value])
        before = self.lines[line][:start] if 0 <= line < len(self.lines) else ""
        if kind == "word" and re.search(r"(^|\s)(when|before|prevent|forbid|instead)\s+$", before):
            event = self.event_hover(value)
            if event:
                return event
        if kind == "word" and value in self.decls:
            what, decl = self.decls[value]
            head = self.source_line(decl.pos)
            out = [f"**{what}** `{value}`", "", "```deckwright", head, "```"]
            if isinstance(decl, A.ActionDecl):
                params = ", ".join(decl.params) or "none"
                out.insert(1, f"\nparameters: {params}")
            elif isinstance(decl, A.MoveDecl) and decl.var:
                out.insert(1, f"\nparameter: {decl.var}, chosen from its source")
            out.append(f"\n{_where(decl.pos)}")
            return "\n".join(out)
        if kind == "word" and (line + 1, start + 1) in self.statement_starts():
            from .verbs import verb_hover
            return verb_hover(value)
        return None

    def statement_starts(self) -> set:
        """(line, column), 1-based, of each statement of this file: where a built-in
        statement's keyword (`gain`, `move`...) is that statement's, not a declaration's."""
        if self._statements is None:
            from ..lint.facts import walk
            items = self.file.items if self.file is not None else ()
            self._statements = {(n.pos.line, n.pos.column) for n in walk(list(items))
                                if isinstance(n, A.Stmt) and n.pos is not None}
        return self._statements

    def event_hover(self, name: str) -> Optional[str]:
        """A built-in event and the fields `event.` has in its triggers; an action's call."""
        from ..check import EVENTS_BUILTIN
        from ..check.kinds import AFTER_THE_FACT, EVENT_FIELDS
        if name in EVENTS_BUILTIN:
            fields = ", ".join(f"`event.{f}`" for f in sorted(EVENT_FIELDS.get(name, ()) | {"player"}))
            after = ("\n\nannounced once it has happened: `before`, `prevent` and `instead` "
                     "cannot stop it") if name in AFTER_THE_FACT else ""
            return f"**event** `{name}` (built in)\n\nfields: {fields}{after}"
        if self.decls.get(name, ("",))[0] == "action":
            decl = self.decls[name][1]
            fields = ", ".join(f"`event.{p}`" for p in (*decl.params, "player"))
            return f"**event** `{name}`: a call of the action\n\nfields: {fields}\n\n{_where(decl.pos)}"
        return None

    def card_hover(self, card: A.CardDecl) -> str:
        typeline = " ".join(card.types) + (" - " + " ".join(card.subtypes) if card.subtypes else "")
        out = [f"**{card.name}** — {typeline}" + (f" × {card.copies}" if card.copies > 1 else "")]
        if card.text:
            out += ["", f"*Printed:* {card.text}"]
        generated = self.explain(card.name)
        if generated:
            out += ["", f"*Effect:* {generated}"]
        out.append(f"\n{_where(card.pos)}")
        return "\n".join(out)

    def explain(self, name: str) -> Optional[str]:
        try:
            from ..explain import explain_card
        except ImportError:
            return None
        program = self.ctx.program
        if program is None:
            return None
        try:
            return explain_card(program, name)
        except KeyError:
            return None

    def completions(self, line: int, char: int) -> list:
        before = (self.lines[line] if 0 <= line < len(self.lines) else "")[:char]
        if re.search(r"(^|\s)(when|before)\s+[a-z_]*$", before):
            from ..check import EVENTS_BUILTIN
            actions = sorted(n for n, (k, _) in self.decls.items() if k == "action")
            return ([Completion(e, "event", detail="built-in event") for e in sorted(EVENTS_BUILTIN)]
                    + [Completion(a, "event", detail="an action: its call is an event")
                       for a in actions if a not in EVENTS_BUILTIN])
        if re.search(r'"[^"]*$', before) and before.count('"') % 2 == 1:
            return [Completion(n, "card", detail=_typeline(c)) for n, c in sorted(self.cards.items())]
        out = [Completion(k, "keyword") for k in keywords()]
        out += [Completion(n, kind, detail=self.source_line(d.pos))
                for n, (kind, d) in sorted(self.decls.items())]
        out += [Completion(f'"{n}"', "card", insert=f'"{n}"', detail=_typeline(c))
                for n, c in sorted(self.cards.items())]
        return out

    def symbols(self) -> list:
        """One per card, rule block and scenario of this file, in file order."""
        if self.file is None:
            return []
        out = []
        for item in self.file.items:
            decl = item.decl if isinstance(item, A.Override) else item
            if isinstance(decl, A.CardDecl):
                out.append(Symbol(decl.name, "token" if decl.token else "card", decl.pos,
                                  _typeline(decl)))
            elif isinstance(decl, BLOCKS):
                out.append(Symbol(_block_name(decl), type(decl).__name__.lower(), decl.pos))
            elif isinstance(decl, Scenario):
                out.append(Symbol(decl.name, "scenario", decl.pos, "scenario"))
            elif isinstance(decl, Background):
                out.append(Symbol("background", "background", decl.pos))
        return out

    def code_actions(self, diagnostic: Diagnostic) -> list:
        """A quick fix per "did you mean": the unknown name, replaced."""
        hint = diagnostic.hint or ""
        m = DID_YOU_MEAN.search(hint)
        if not m or diagnostic.pos is None or not self.is_here(diagnostic.pos):
            return []
        wrong = UNKNOWN.search(diagnostic.message)
        if not wrong:
            return []
        return self.replacements(diagnostic.pos, wrong.group(1), m.group(1))

    def replacements(self, pos: SourcePosition, wrong: str, right: str) -> list:
        first, last = pos.line - 1, max(pos.end_line, pos.line) - 1
        for n in range(first, min(last, len(self.lines) - 1) + 1):
            text = self.lines[n]
            lo = pos.column - 1 if n == first else 0
            for mm in re.finditer(rf"(?<![A-Za-z0-9_]){re.escape(wrong)}(?![A-Za-z0-9_])", text):
                if mm.start() >= lo:
                    return [Edit(n, mm.start(), mm.end(), right, f"Change `{wrong}` to `{right}`")]
        return []

    def source_line(self, pos: SourcePosition) -> str:
        src = self.ctx.sources.get(pos.file, "")
        lines = src.split("\n")
        return lines[pos.line - 1].strip() if 0 < pos.line <= len(lines) else ""


def absolute(file: str) -> str:
    """The file a position names, as an absolute path (positions use display paths)."""
    from deckwright.decks import DECKS_DIR
    p = Path(file)
    if p.is_absolute():
        return str(p)
    here = Path.cwd() / p
    if here.exists():
        return str(here.resolve())
    if file.startswith("decks/"):
        return str((DECKS_DIR / file[len("decks/"):]).resolve())
    return str(here.resolve())


def _read_by(ctx) -> set:
    """The files a check read, as absolute paths (those that did not parse included)."""
    return {absolute(shown) for shown in ctx.sources if not shown.startswith("<")}


def _in_string(text: str, at: int) -> bool:
    return any(m.start() < at < m.end() for m in STRING.finditer(text))


def _typeline(card: A.CardDecl) -> str:
    return " ".join(card.types) + (" - " + " ".join(card.subtypes) if card.subtypes else "")


def _block_name(decl) -> str:
    if isinstance(decl, A.Trigger):
        return f"{decl.kind} {decl.event}"
    if isinstance(decl, (A.ActionDecl, A.MoveDecl)):
        return f"{type(decl).__name__[:-4].lower()} {decl.name}"
    if isinstance(decl, A.StaticDecl):
        return "static"
    return type(decl).__name__.lower()


def _where(pos: SourcePosition) -> str:
    return f"{Path(pos.file).name}:{pos.line}"
