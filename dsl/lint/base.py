"""The rule base: the registry, :class:`Rule`, and the context every rule reads (loading that keeps going where `check` stops)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Optional

from .. import ast as A
from ..errors import DeckError, Diagnostic

if TYPE_CHECKING:
    from .facts import Facts


SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
SUPPRESS = re.compile(r"#\s*lint:\s*ignore\b([^#\n]*)")

# A 100-card subset: the Dveck Builder seed's measure of "likely to be found in a game".
SUBSET = 100
RARE_MISS_CHANCE = 0.5          # a word is rare when a subset lacks it this often or more
LONGEST_TURNS = 2               # "until the end of your next turn" is about two turns


# ----------------------------------------------------------------------------------
# The registry
# ----------------------------------------------------------------------------------

REGISTRY: dict = {}


def _kebab(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


class Rule:
    """One check. Subclasses set ``severity``, ``summary`` and ``fix`` and implement
    :meth:`check`; the class name is the rule's code."""
    code: str = ""
    severity: str = "warning"
    summary: str = ""
    fix: str = ""
    dynamic = False                  # runs only with `--sim N`
    opt_in = False                   # runs only when named (`--select`, `--enable`)
    from_checker = False             # reports what `check` finds with its code (not `Check`)

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.code = _kebab(cls.__name__)
        if cls.__name__ != "Check" and not cls.__name__.startswith("_"):
            REGISTRY[cls.code] = cls

    def check(self, ctx: "LintContext") -> Iterable[Diagnostic]:
        raise NotImplementedError

    def diag(self, message: str, pos, hint: Optional[str] = None,
             severity: Optional[str] = None) -> Diagnostic:
        return Diagnostic(self.code, message, pos, severity=severity or self.severity,
                          hint=hint if hint is not None else (self.fix or None))


# ----------------------------------------------------------------------------------
# Loading: keep going where `check` stops
# ----------------------------------------------------------------------------------

@dataclass
class Conflict:
    code: str                        # duplicate | conflicting-setting | needs-override
    key: tuple
    decl: object                     # the later declaration
    previous: object                 # the one it clashes with


def _merger_class():
    from ..loader import _Merger

    class LintMerger(_Merger):
        """The loader's merger, but a declaration given twice or redeclared without
        `override` is recorded (for the linter to report) instead of stopping the load."""

        def __init__(self):
            super().__init__()
            self.conflicts: list = []

        def add(self, item, deck):
            before = len(self.diags)
            super().add(item, deck)
            new = self.diags[before:]
            if len(new) != 1 or new[0].code not in ("duplicate", "needs-override"):
                return
            del self.diags[before:]
            from ..compiler import decl_key
            decl = item.decl if isinstance(item, A.Override) else item
            key = decl_key(decl)
            index, _ = self.where[key]
            previous = self.items[index]
            if new[0].code == "duplicate":
                code = "duplicate" if decl == previous else "conflicting-setting"
                self.conflicts.append(Conflict(code, key, decl, previous))
            else:
                self.conflicts.append(Conflict("needs-override", key, decl, previous))
                self.items[index] = decl            # lint what the author meant
                self.where[key] = (index, deck)
    return LintMerger


@dataclass
class LintContext:
    deck: str
    sources: dict                                       # file → text
    files: list                                         # parsed DeckFile ASTs
    items: list                                         # merged declarations, base first
    conflicts: list
    check: list                                         # what `check` reports
    program: object = None                              # compiled Program, or None
    sim_games: int = 0
    sim_seed: int = 0
    sim_bots: Optional[list] = None                     # `--sim N --bots NAMES` (random)
    sim: Optional[dict] = None
    audit_hidden: bool = False        # `--sim N --audit-hidden`
    _facts: object = None

    @property
    def facts(self) -> "Facts":
        if self._facts is None:
            from .facts import Facts          # facts read the context: imported when asked
            self._facts = Facts(self)
        return self._facts


def load_for_lint(deck: str, text: Optional[str] = None, file: str = "<deck>",
                  path: Optional[Path] = None, buffers: Optional[dict] = None) -> LintContext:
    """Parse, merge and compile a deck, collecting every problem instead of stopping.
    ``text`` with ``path`` is an editor's buffer of that file: what it extends and
    includes is found from the file's folder, as when the file is loaded from disk.
    ``buffers`` (resolved path → text) are editors' buffers of the files it reads."""
    from ..compiler import compile_program, decl_key
    from ..loader import resolve_deck
    from ..program import Program
    m = _merger_class()()
    m.buffers = dict(buffers or {})
    diags: list = []
    try:
        if text is not None and path is not None:
            path = Path(path).resolve()
            m.root = path.parent
            top = m.load_text(text, file, path, (str(path),))
        elif text is not None:
            top = m.load_text(text, file, None, ())
        else:
            top = m.load(resolve_deck(deck))
    except DeckError as err:
        top = None
        diags.extend(err.diagnostics)
    diags.extend(m.diags)
    ctx = LintContext(deck, m.sources, m.files, m.items, m.conflicts, diags)
    if top is not None and not m.diags:
        program = Program(top.header.name, sources=m.sources, files=m.files)
        for item in m.items:
            key = decl_key(item)
            if key is not None:
                program.decls[key] = item
        try:
            ctx.program = compile_program(m.items, program)
            ctx.check.extend(ctx.program.diagnostics)
        except DeckError as err:
            ctx.check.extend(err.diagnostics)
    if ctx.program is not None:                 # its scenarios, as `deckwright test` checks them
        from ..scenario.names import file_errors
        ctx.check.extend(file_errors(ctx.program, top.path))
    return ctx


# Phrasing shared by the rules' messages

def _at(pos, here) -> str:
    """Where ``pos`` is, said from a diagnostic at ``here``: `line 7` or `dvorak.deck:26`."""
    if here is not None and pos.file == here.file:
        return f"line {pos.line}"
    return f"{Path(pos.file).name}:{pos.line}"


def _of(card) -> str:
    return f" (on \"{card}\")" if card else ""
