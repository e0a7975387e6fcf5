"""The scenario runner as a pytest plugin: pytest collects the scenarios of deck files, one
test per scenario, and reports a failure as `deckwright test` does.

Installing Deckwright registers it (the ``pytest11`` entry point, named as this module), so
in a designer's project plain ``pytest`` collects every ``*.test.deck`` file and every
``*.deck`` file that holds a `scenario` block; each file's tests are the scenarios written
in it, not those of the decks it extends. ``-p no:deckwright.dsl.scenario.pytest_plugin``
switches it off; ``-p deckwright.dsl.scenario.pytest_plugin`` (or ``pytest_plugins`` in a
``conftest.py``) loads it where Deckwright is importable but not installed. A file that
does not load is one failing test, reported compiler-style.
"""
from __future__ import annotations

import re

import pytest

from ..errors import DeckError
from .suite import TEST_SUFFIX, file_scenarios, render_failure

# A `scenario` declaration at the start of a line: a deck file without one (most decks,
# and the include-only files that do not load on their own) is not read further.
_HAS_SCENARIO = re.compile(rb'^[ \t]*scenario[ \t]+"', re.M)


def pytest_collect_file(parent, file_path):
    name = file_path.name
    if name.endswith(TEST_SUFFIX):
        return DeckTestFile.from_parent(parent, path=file_path)
    if not name.endswith(".deck"):
        return None
    from ..loader import found_file
    try:
        found_file(file_path.parent, name)
    except DeckError:
        return None                   # a link out of its folder is not read
    try:
        if not _HAS_SCENARIO.search(file_path.read_bytes()):
            return None
    except OSError:
        pass                          # loading it says what is wrong, at the file
    return DeckTestFile.from_parent(parent, path=file_path)


class ScenarioFailed(Exception):
    """A scenario's failures, rendered."""


class DeckTestFile(pytest.File):
    def collect(self):
        from ..loader import found_file
        try:
            # Found by its name, not named by the user: refused as an `include` of it
            # would be if it links out of its folder (an error quoting it would show it).
            found_file(self.path.parent, self.path.name)
            program, scenarios = file_scenarios(self.path)
        except DeckError as err:
            yield LoadError.from_parent(self, name="load", error=err)
            return
        for sc in scenarios:
            yield ScenarioItem.from_parent(self, name=sc.name, program=program, scenario=sc)


class LoadError(pytest.Item):
    def __init__(self, *, error, **kw):
        super().__init__(**kw)
        self.error = error

    def runtest(self):
        raise ScenarioFailed(self.error.render())

    def repr_failure(self, excinfo):
        return str(excinfo.value)

    def reportinfo(self):
        return self.path, 0, f"{self.path.name}: does not load"


class ScenarioItem(pytest.Item):
    def __init__(self, *, program, scenario, **kw):
        super().__init__(**kw)
        self.program = program
        self.scenario = scenario

    def runtest(self):
        from .names import check
        from .runner import run
        errors = check(self.program, self.scenario)
        if errors:
            raise ScenarioFailed("\n".join(
                d.render(self.program.sources.get(d.pos.file) if d.pos else None)
                for d in errors))
        failures = run(self.program, self.scenario)
        if failures:
            raise ScenarioFailed("\n".join(render_failure(f, self.program.sources)
                                           for f in failures))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.scenario.pos.line - 1, f"scenario: {self.name}"
