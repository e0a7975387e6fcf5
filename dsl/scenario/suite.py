"""Every scenario of some decks, run and reported (`deckwright test`).

A deck's scenarios are the `scenario` blocks in the deck file itself and in the
``NAME.test.deck`` beside it (a deck that `extends` it and adds only scenarios). Each file
reports only the scenarios written in it, not those of the decks it extends.

>>> results = run_decks(["example"])
>>> results.passed > 0 and not results.failed and not results.errors
True
"""
from __future__ import annotations

import difflib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..errors import DeckError, Diagnostic
from .names import check, file_errors, written_in
from .runner import Failure, run

TEST_SUFFIX = ".test.deck"


@dataclass
class Outcome:
    """One scenario's result: passed (no failures), failed, or an error in its text."""
    name: str
    file: str
    line: int
    failures: list = field(default_factory=list)
    errors: list = field(default_factory=list)        # Diagnostics (names that are wrong)
    seconds: float = 0.0

    @property
    def status(self) -> str:
        return "error" if self.errors else "failed" if self.failures else "passed"


@dataclass
class Results:
    outcomes: list = field(default_factory=list)
    load_errors: list = field(default_factory=list)   # DeckErrors of files that do not load
    sources: dict = field(default_factory=dict)
    seconds: float = 0.0

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def passed(self) -> int:
        return self.count("passed")

    @property
    def failed(self) -> int:
        return self.count("failed")

    @property
    def errors(self) -> int:
        return self.count("error") + len(self.load_errors)

    @property
    def ok(self) -> bool:
        return not self.failed and not self.errors and bool(self.outcomes)


def test_files(name: str) -> list:
    """The files whose scenarios a deck named on the command line has: the deck and its
    ``.test.deck`` (or, named directly, a ``.test.deck`` alone). A ``.test.deck`` that
    links out of the deck's folder is a DeckError, as an `include` of it would be."""
    from ..loader import found_file, resolve_deck
    path = resolve_deck(name)
    if path.name.endswith(TEST_SUFFIX):
        return [path]
    beside = found_file(path.parent, path.name[:-len(".deck")] + TEST_SUFFIX) \
        if path.name.endswith(".deck") else None
    return [path] + ([beside] if beside is not None else [])


def file_scenarios(path: Path):
    """(program, scenarios written in ``path``) for one file, each with the file's
    `background` before its own `given`; DeckError if the file does not load."""
    from ..loader import _display_path, load_program
    program = load_program(str(path))
    return program, written_in(program, _display_path(path))


def deck_errors(name: str, program) -> tuple:
    """(diagnostics, sources): the mistakes in the scenarios of the deck ``name`` (loaded as
    ``program``) and of its ``.test.deck``, found without running them, as `deckwright
    check` reports them."""
    from ..loader import _display_path, resolve_deck
    found, sources = beside_errors(name)
    return file_errors(program, _display_path(resolve_deck(name))) + found, sources


def beside_errors(name: str) -> tuple:
    """(diagnostics, sources): the mistakes in the scenarios of the ``.test.deck`` beside
    the deck ``name``, found without running them; if it does not load, why not."""
    from ..loader import _display_path, load_program
    found, sources = [], {}
    try:
        beside = test_files(name)[1:]
    except DeckError as err:              # it links out of the deck's folder: not read
        return list(err.diagnostics), dict(err.sources)
    for path in beside:
        try:
            other = load_program(str(path))
        except DeckError as err:
            found += err.diagnostics
            sources.update(err.sources)
            continue
        found += file_errors(other, _display_path(path))
        sources.update(other.sources)
    return found, sources


def run_decks(names, select: Optional[str] = None, first_failure: bool = False,
              report=None) -> Results:
    """Run the scenarios of the decks ``names`` (``select``: only those whose name holds
    it); ``report(outcome)`` is called after each one."""
    results = Results()
    start = time.perf_counter()
    seen = set()
    for name in names:
        try:
            files = test_files(name)
        except DeckError as err:
            results.load_errors.append(err)
            continue
        for path in files:
            if path.resolve() in seen:
                continue
            seen.add(path.resolve())
            try:
                program, scenarios = file_scenarios(path)
            except DeckError as err:
                results.load_errors.append(err)
                continue
            results.sources.update(program.sources)
            for sc in scenarios:
                if select and select.lower() not in sc.name.lower():
                    continue
                outcome = run_one(program, sc)
                results.outcomes.append(outcome)
                if report is not None:
                    report(outcome)
                if first_failure and outcome.status != "passed":
                    results.seconds = time.perf_counter() - start
                    return results
    results.seconds = time.perf_counter() - start
    return results


def run_one(program, sc) -> Outcome:
    t = time.perf_counter()
    outcome = Outcome(sc.name, sc.pos.file, sc.pos.line)
    errors = check(program, sc)
    if errors:
        outcome.errors = errors
    else:
        outcome.failures = run(program, sc)
    outcome.seconds = time.perf_counter() - t
    return outcome


# --- reporting ------------------------------------------------------------------------------

def render_failure(f: Failure, sources: dict) -> str:
    """A failure compiler-style (file:line:col, the line, a caret), then the diff of what
    was expected (``-``) against what happened (``+``)."""
    out = [Diagnostic("scenario", f.message, f.pos, "failed", f.hint).render(
        sources.get(f.pos.file) if f.pos else None)]
    if f.expected is not None or f.actual is not None:
        out.append("  - expected")
        out.append("  + actual")
        for line in difflib.ndiff(list(f.expected or []), list(f.actual or [])):
            if not line.startswith("?"):
                out.append("  " + line)
    return "\n".join(out)


def render_results(results: Results) -> str:
    """The summary after the run, pytest-style."""
    out = []
    bad = [o for o in results.outcomes if o.status != "passed"]
    for err in results.load_errors:
        out.append(err.render())
    if bad:
        out.append(" FAILURES ".center(79, "="))
        for o in bad:
            out.append(f" {o.name} ({o.file}:{o.line}) ".center(79, "_"))
            for d in o.errors:
                out.append(d.render(results.sources.get(d.pos.file) if d.pos else None))
            for f in o.failures:
                out.append(render_failure(f, results.sources))
        out.append(" short test summary ".center(79, "="))
        for o in bad:
            first = (o.errors or o.failures)[0]
            where = first.pos if first.pos else f"{o.file}:{o.line}"
            word = "ERROR" if o.errors else "FAILED"
            message = first.message.split("\n")[0]
            out.append(f"{word} {where} {o.name} - {message}")
    parts = []
    if results.failed:
        parts.append(f"{results.failed} failed")
    if results.passed:
        parts.append(f"{results.passed} passed")
    if results.errors:
        parts.append(f"{results.errors} error{'s' if results.errors != 1 else ''}")
    summary = ", ".join(parts) or "no scenarios ran"
    out.append(f" {summary} in {results.seconds:.2f}s ".center(79, "="))
    return "\n".join(out)


def junit_xml(results: Results) -> str:
    """A JUnit XML report (for CI), one testcase per scenario."""
    from xml.etree import ElementTree as ET
    suite = ET.Element("testsuite", name="deckwright", tests=str(len(results.outcomes)),
                       failures=str(results.failed), errors=str(results.errors),
                       time=f"{results.seconds:.3f}")
    for o in results.outcomes:
        case = ET.SubElement(suite, "testcase", classname=o.file, name=o.name,
                             file=o.file, line=str(o.line), time=f"{o.seconds:.3f}")
        if o.errors:
            el = ET.SubElement(case, "error", message=o.errors[0].message)
            el.text = "\n".join(d.render(results.sources.get(d.pos.file) if d.pos else None)
                                for d in o.errors)
        elif o.failures:
            el = ET.SubElement(case, "failure", message=o.failures[0].message)
            el.text = "\n".join(render_failure(f, results.sources) for f in o.failures)
    for err in results.load_errors:
        case = ET.SubElement(suite, "testcase", classname="load", name="load")
        ET.SubElement(case, "error", message="the deck does not load").text = err.render()
    return ET.tostring(suite, encoding="unicode")


# --- watching -------------------------------------------------------------------------------

def watched_files(results: Results) -> list:
    """The files a run read (the decks, what they extend and include, the test decks)."""
    from deckwright.decks import DECKS_DIR
    out = []
    for shown in results.sources:
        for cand in (Path(shown), DECKS_DIR.parent / shown):
            if cand.is_file():
                out.append(cand)
                break
    return out


def _stamps(files) -> dict:
    out = {}
    for f in files:
        try:
            out[f] = f.stat().st_mtime_ns
        except OSError:
            out[f] = None
    return out


def watch(run_once, sleep, poll: float = 0.5) -> None:
    """Run ``run_once()`` (which returns its :class:`Results`), then again each time a
    file it read changes, until interrupted (KeyboardInterrupt rises to the caller).
    ``sleep`` waits between two looks at the files."""
    results = run_once()
    stamps = _stamps(watched_files(results))
    while True:
        sleep(poll)
        now = _stamps(stamps)
        if now != stamps:
            results = run_once()
            stamps = _stamps(watched_files(results)) or now

