"""Running, suppressing, reporting: :func:`lint`, the output formats and `main`."""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable, Optional

from ..errors import DeckError, Diagnostic
from ..terminal import colour_wanted, paint, visible
from .base import REGISTRY, SARIF_LEVEL, SUPPRESS, LintContext, load_for_lint
from .checks import Check
from .simulation import run_sim


@dataclass
class LintResult:
    diagnostics: list
    sources: dict
    suppressed: int = 0

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == "error")

    def counts(self) -> dict:
        return dict(sorted(Counter(d.code for d in self.diagnostics).items()))


def suppressions(source: str) -> dict:
    """line → set of codes silenced there (an empty set silences every code)."""
    out: dict = {}
    lines = source.splitlines()
    for n, text in enumerate(lines, 1):
        m = SUPPRESS.search(text)
        if not m:
            continue
        codes = {c for c in re.split(r"[\s,]+", m.group(1).strip()) if c}
        targets = [n]
        if text[:m.start()].strip() == "":          # a comment alone: the next line
            targets = [n + 1]
        for t in targets:
            out.setdefault(t, set()).update(codes or {"*"})
    return out


def _silenced(d: Diagnostic, table: dict) -> bool:
    if d.pos is None:
        return False
    codes = table.get(d.pos.file, {}).get(d.pos.line)
    return bool(codes) and ("*" in codes or d.code in codes)


def lint(deck: str, *, text: Optional[str] = None, file: str = "<deck>", sim: int = 0,
         seed: int = 0, rules: Optional[Iterable[str]] = None,
         audit_hidden: bool = False, bots: Optional[list] = None) -> LintResult:
    """Lint one deck (a bundled name or a path, or ``text`` given directly); with ``sim``
    games, ``audit_hidden`` plays them under the hidden-information audit, and ``bots``
    (bot names, one per seat, cycling; default random) play them."""
    ctx = load_for_lint(deck, text, file)
    if text is None and ctx.program is not None:     # the `.test.deck` beside it, too
        from ..scenario.suite import beside_errors
        found, sources = beside_errors(deck)
        ctx.check.extend(found)
        ctx.sources.update(sources)
    return lint_context(ctx, sim=sim, seed=seed, rules=rules, audit_hidden=audit_hidden,
                        bots=bots)


def lint_context(ctx: LintContext, *, sim: int = 0, seed: int = 0,
                 rules: Optional[Iterable[str]] = None, audit_hidden: bool = False,
                 bots: Optional[list] = None) -> LintResult:
    """Run the rules over a deck already loaded by :func:`load_for_lint` (the language
    server keeps the context for hover, completion and definitions)."""
    ctx.sim_games, ctx.sim_seed, ctx.audit_hidden = sim, seed, audit_hidden
    ctx.sim_bots = list(bots) if bots else None
    chosen = [Check()] + [cls() for code, cls in REGISTRY.items()
                          if (code in rules if rules is not None else not cls.opt_in)]
    if sim and ctx.program is not None:
        ctx.sim = run_sim(ctx)
    found = []
    for rule in chosen:
        if rule.dynamic and ctx.sim is None:
            continue
        found.extend(rule.check(ctx))
    table = {f: suppressions(src) for f, src in ctx.sources.items()}
    kept = [d for d in found if not _silenced(d, table)]
    unique = list(dict.fromkeys(kept))
    unique.sort(key=_order)
    return LintResult(unique, ctx.sources, len(found) - len(kept))


def _order(d: Diagnostic):
    p = d.pos
    return (p is None, p.file if p else "", p.line if p else 0, p.column if p else 0, d.code)


def render_text(d: Diagnostic, sources: dict) -> str:
    """``file:line:col: severity[code]: message``, the line and a caret (the shared renderer)."""
    tagged = replace(d, severity=f"{d.severity}[{d.code}]")
    return tagged.render(sources.get(d.pos.file) if d.pos else None)


def to_json(results: list) -> str:
    out = []
    for deck, r in results:
        out.append({"deck": deck, "errors": r.errors, "counts": r.counts(),
                    "diagnostics": [d.as_dict() for d in r.diagnostics]})
    return json.dumps(out, indent=2)


def to_sarif(results: list) -> str:
    """SARIF 2.1.0, for code-scanning tools."""
    used = sorted({d.code for _, r in results for d in r.diagnostics})
    rules = []
    for code in used:
        cls = REGISTRY.get(code)
        rules.append({"id": code, "name": cls.__name__ if cls else "Check",
                      "shortDescription": {"text": cls.summary if cls else
                                           "reported by `deckwright check`"},
                      "help": {"text": cls.fix if cls and cls.fix else "see docs/lint.md"},
                      "defaultConfiguration": {"level": SARIF_LEVEL[cls.severity if cls else "error"]}})
    index = {code: k for k, code in enumerate(used)}
    results_out = []
    seen = set()
    for _, r in results:
        for d in r.diagnostics:
            if d in seen:
                continue
            seen.add(d)
            res = {"ruleId": d.code, "ruleIndex": index[d.code],
                   "level": SARIF_LEVEL.get(d.severity, "warning"),
                   "message": {"text": d.message + (f" ({d.hint})" if d.hint else "")}}
            if d.pos is not None:
                region = {"startLine": max(d.pos.line, 1), "startColumn": max(d.pos.column, 1)}
                if d.pos.end_line >= d.pos.line and d.pos.end_line > 0:
                    region["endLine"] = d.pos.end_line
                    if d.pos.end_column > 0:
                        region["endColumn"] = d.pos.end_column
                res["locations"] = [{"physicalLocation": {
                    "artifactLocation": {"uri": Path(d.pos.file).as_posix()}, "region": region}}]
            results_out.append(res)
    doc = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "deckwright-lint", "rules": rules}},
                     "results": results_out}]}
    return json.dumps(doc, indent=2)


def _base_finding(d: Diagnostic, deck: str) -> bool:
    """A finding of a seeded run located in a bundled deck, when the deck linted is the
    user's own: about rules the user cannot change (`--include-base` shows them). Never
    an error: a game that failed (a trigger loop in a base rule) fails the user's deck."""
    from deckwright.decks import DECKS_DIR
    from ..loader import resolve_deck
    if d.pos is None or d.severity == "error" or not REGISTRY.get(d.code, Check).dynamic:
        return False
    try:
        own = resolve_deck(deck).resolve()
    except DeckError:
        return False
    bundled = DECKS_DIR.resolve()
    return bundled not in own.parents and Path(d.pos.file).name in {
        p.name for p in bundled.glob("*.deck")} and not Path(d.pos.file).resolve() == own


def _as_included(deck: str, r: LintResult, lint_one) -> LintResult:
    """A file of cards for `include` is linted as part of the games that include it:
    their findings located in this file, and one line that says so, not the
    names its cards use and only its includers declare."""
    import sys
    from ..loader import include_only, included_by, resolve_deck
    path = resolve_deck(deck).resolve()
    includers = included_by(path)
    if not includers:
        return r
    print(visible(include_only(path, includers, "linted as")), file=sys.stderr)
    found, sources = [], {}
    for other in includers:
        got = lint_one(str(other))
        sources.update(got.sources)
        found.extend(d for d in got.diagnostics if d not in found and (
            d.pos is None or Path(d.pos.file).resolve() == path))
    return LintResult(found, sources)


def _deck_folder(deck: str) -> Path:
    from ..loader import resolve_deck
    try:
        return resolve_deck(deck).resolve().parent
    except DeckError:
        return Path.cwd()


def main(args) -> int:
    """`deckwright lint DECK... [--format text|json|sarif] [--sim N] [--seed S]
    [--select CODES] [--ignore CODES] [--enable CODES] [--include-base]`, or `--explain
    CODE`."""
    import sys
    from .settings import SettingsError, chosen_rules, explain
    if getattr(args, "explain", None):
        docs = Path(__file__).resolve().parents[2] / "docs" / "lint.md"
        try:
            print(explain(args.explain, docs.read_text("utf-8") if docs.is_file() else ""))
        except SettingsError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        return 0
    if not args.decks:
        print("error: name the decks to lint (or `--explain CODE`)", file=sys.stderr)
        return 2
    results = []
    for deck in args.decks:
        try:
            rules = chosen_rules(_deck_folder(deck), getattr(args, "select", None),
                                 getattr(args, "ignore", None), getattr(args, "enable", None))
        except SettingsError as err:
            print(visible(f"error: {err}"), file=sys.stderr)
            return 2
        try:
            r = lint(deck, sim=args.sim, seed=args.seed, rules=rules,
                     audit_hidden=getattr(args, "audit_hidden", False),
                     bots=getattr(args, "bots", "random").split(","))
        except DeckError as err:                     # no such deck
            r = LintResult(err.diagnostics, err.sources)
        if any(d.code == "no-turn" for d in r.diagnostics):
            r = _as_included(deck, r, lambda other: lint(
                other, sim=args.sim, seed=args.seed, rules=rules,
                audit_hidden=getattr(args, "audit_hidden", False),
                bots=getattr(args, "bots", "random").split(",")))
        if not getattr(args, "include_base", False):
            r.diagnostics = [d for d in r.diagnostics if not _base_finding(d, deck)]
        results.append((deck, r))
    if args.format == "json":
        print(to_json(results))
    elif args.format == "sarif":
        print(to_sarif(results))
    else:
        shown = set()
        colour = colour_wanted(sys.stdout)
        for deck, r in results:
            for d in r.diagnostics:
                if d not in shown:
                    shown.add(d)
                    text = render_text(d, r.sources)         # rendered visible
                    print(paint(text) if colour else text)
            c = Counter(d.severity for d in r.diagnostics)
            print(visible(f"{deck}: {c['error']} error(s), {c['warning']} warning(s), "
                          f"{c['info']} note(s)"), file=sys.stderr)
    return 1 if any(r.errors for _, r in results) else 0
