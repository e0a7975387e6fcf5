"""The wheel is the product: built from this checkout and installed in a fresh venv, it
must run a bundled deck from anywhere, which proves the grammar and decks ship inside it,
and install one top-level package, `deckwright`, and no other.

Needs PyPI (the build backend and lark/interegular are fetched); skipped, with the
reason, only when pip fails to connect.
"""
import json
import os
import textwrap
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from deckwright import PARTS
from deckwright.dsl import __version__

REPO = Path(__file__).resolve().parent.parent
SIM_KEYS = {"games", "finished", "errors", "wins", "draws", "avg_turns", "games_per_second"}
# What pip prints when it cannot reach the index (urllib3 / socket / proxy failures).
OFFLINE = re.compile(
    r"NewConnectionError|Failed to establish a new connection|Temporary failure in name"
    r" resolution|Name or service not known|nodename nor servname|Network is unreachable"
    r"|Connection refused|ConnectTimeoutError|ProxyError|Max retries exceeded"
)
PIP_NET = ["--retries", "2", "--timeout", "30"]


def run(cmd, **kw):
    """Run cmd, capturing text; a clean environment without PYTHONPATH/PYTHONHOME."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=env, timeout=600, **kw)


def pip(cmd, what):
    """Run a pip command; skip if it failed for want of a network, fail if otherwise."""
    r = run(cmd)
    out = r.stdout + r.stderr
    if r.returncode != 0 and OFFLINE.search(out):
        pytest.skip(f"PyPI unreachable while trying to {what}: {OFFLINE.search(out)[0]}")
    assert r.returncode == 0, f"could not {what}:\n{out}"
    return r


def fresh_venv(path: Path) -> Path:
    """A new venv with pip; without ensurepip (Debian's python3-venv), seed pip ourselves."""
    try:
        venv.create(path, with_pip=True)
    except (subprocess.CalledProcessError, OSError):
        shutil.rmtree(path, ignore_errors=True)
        venv.create(path, with_pip=False)
        pip([sys.executable, "-m", "pip", "--python", path / "bin" / "python",
             "install", "-q", *PIP_NET, "pip"], "seed pip into the venv")
    return path / "bin"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the checkout's copy it was built from, the bin/ of a fresh venv holding the wheel
    and pytest, a scratch folder, the wheel's file names): built once for this file's
    tests."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    # Build from a copy without build leftovers: a stale build/ would leak into the wheel.
    src = tmp_path / "src"
    shutil.copytree(REPO, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
        ".hypothesis", ".deckwright_cache"))
    dist = tmp_path / "dist"
    pip([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *PIP_NET,
         "-w", dist, src], "build the wheel")
    [wheel] = dist.glob("deckwright-*.whl")

    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"deckwright/grammar/deckwright.lark", "deckwright/decks/dvorak.deck"} <= names, \
        sorted(names)
    # Every module and data file of the checkout's parts is in it: a subpackage missing from
    # pyproject's `packages` would be left out of the wheel, though the checkout runs.
    shipped = {f"deckwright/{f.relative_to(src)}" for part in ("deckwright", *PARTS)
               for f in (src / part).rglob("*") if f.suffix in (".py", ".lark", ".deck")}
    shipped = {n.replace("deckwright/deckwright/", "deckwright/") for n in shipped}
    assert shipped - names == set(), sorted(shipped - names)

    bin_ = fresh_venv(tmp_path / "venv")
    pip([bin_ / "python", "-m", "pip", "install", "-q", *PIP_NET, wheel, "pytest"],
        "install the wheel and its dependencies (and pytest)")
    return src, bin_, tmp_path, names


def test_wheel_installs_and_runs_a_bundled_deck_from_anywhere(installed):
    _, bin_, tmp_path, _ = installed
    elsewhere = tmp_path / "elsewhere"          # nothing of the checkout is reachable here
    elsewhere.mkdir()
    r = run([bin_ / "deckwright", "sim", "example", "--games", "3", "--seed", "1", "--json"],
            cwd=elsewhere)
    assert r.returncode == 0, r.stdout + r.stderr
    result = json.loads(r.stdout)
    assert SIM_KEYS <= result.keys(), result
    assert result["games"] == 3, result
    assert result["errors"] == 0, result

    # The bundled games' scenarios ship beside them, and `deckwright test` runs them.
    r = run([bin_ / "deckwright", "test", "example"], cwd=elsewhere)
    assert r.returncode == 0 and " passed in " in r.stdout, r.stdout + r.stderr

    # No extra was asked for: the REPL's libraries came with it, and `--version` works.
    r = run([bin_ / "python", "-c", "import prompt_toolkit, pygments.lexers as L; "
             "print(L.get_lexer_by_name('deckwright').name)"], cwd=elsewhere)
    assert r.returncode == 0, r.stdout + r.stderr
    r = run([bin_ / "deckwright", "--version"], cwd=elsewhere)
    assert (r.returncode, r.stdout) == (0, f"deckwright {__version__}\n"), r.stdout + r.stderr


# Run in the wheel's venv, from a folder holding nothing of the checkout.
ONE_PACKAGE = """
import importlib.metadata, importlib.util, json, sys
import deckwright, deckwright.dsl.cli, deckwright.repl.app, deckwright.repl.lexer
OLD = ("dsl", "repl", "grammar", "decks")
from deckwright.dsl.loader import load_program
from deckwright.dsl.sim import simulate
from deckwright.grammar import GRAMMAR_PATH
from deckwright.decks import bundled
simulate(load_program("example"), games=1, seed=1)
files = importlib.metadata.files("deckwright")
roots = [deckwright.__file__.rpartition("/")[0]]
mods = list({id(m): m for m in list(sys.modules.values())
             if (getattr(m, "__file__", None) or "").startswith(tuple(roots))}.values())
print(json.dumps({
    "package": deckwright.__file__, "parts": [sys.modules["deckwright." + p].__file__
                                             for p in deckwright.PARTS],
    "grammar": str(GRAMMAR_PATH), "dvorak": str(bundled()["dvorak"]),
    "old": {n: importlib.util.find_spec(n) is not None for n in OLD},
    "installed": sorted({f.parts[0] for f in files if f.parts[0] != ".."}),
    "top_level": (importlib.metadata.distribution("deckwright").read_text("top_level.txt")
                  or "").split(),
    "loaded_old": sorted(n for n in sys.modules if n.split(".")[0] in OLD),
    "twice": len(mods) - len({m.__file__ for m in mods}),   # one file, two modules
}))
"""


def test_the_wheel_installs_one_package_deckwright_and_not_the_old_names(installed):
    _, bin_, tmp_path, names = installed
    # In the wheel: the package, and its dist-info, and nothing beside them.
    dist_info = f"deckwright-{__version__}.dist-info"
    assert {n.split("/")[0] for n in names} == {"deckwright", dist_info}, sorted(names)
    assert {n.split("/")[1] for n in names if n.count("/") > 1 and n.startswith("deckwright/")} \
        == set(PARTS), sorted(names)

    elsewhere = tmp_path / "one-package"
    elsewhere.mkdir()
    r = run([bin_ / "python", "-c", ONE_PACKAGE], cwd=elsewhere)
    assert r.returncode == 0, r.stdout + r.stderr
    found = json.loads(r.stdout)
    site = Path(found["package"]).parent
    assert site.name == "deckwright" and site.parent.name == "site-packages", found
    assert found["parts"] == [str(site / part / "__init__.py") for part in PARTS], found
    assert found["grammar"] == str(site / "grammar" / "deckwright.lark"), found
    assert found["dvorak"] == str(site / "decks" / "dvorak.deck"), found
    assert found["old"] == {"dsl": False, "repl": False, "grammar": False, "decks": False}, found
    assert found["installed"] == ["deckwright", dist_info], found
    assert found["top_level"] == ["deckwright"], found
    assert (found["loaded_old"], found["twice"]) == ([], 0), found

    # The console script, and `python -m deckwright`, are the one command.
    for command in ([bin_ / "deckwright"], [bin_ / "python", "-m", "deckwright"]):
        r = run([*command, "check", "example"], cwd=elsewhere)
        assert r.returncode == 0, r.stdout + r.stderr
        r = run([*command, "--version"], cwd=elsewhere)
        assert (r.returncode, r.stdout) == (0, f"deckwright {__version__}\n"), r.stdout + r.stderr


def test_a_checkout_imports_each_module_under_one_name_and_refuses_the_old_ones():
    # `python -m pytest` in a clone, installed or not, imports the checkout's folders as
    # deckwright.*; were `dsl` importable too, one file could load as two modules.
    code = textwrap.dedent("""
        import importlib, json, pkgutil, sys
        import deckwright
        skipped = []
        for part in deckwright.PARTS:
            package = importlib.import_module("deckwright." + part)
            for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".",
                                              onerror=skipped.append):
                try:
                    importlib.import_module(info.name)
                except ModuleNotFoundError as err:      # an optional extra's library
                    assert not err.name.startswith("deckwright"), err
                    skipped.append(info.name)
        roots = tuple(str(sys.modules["deckwright." + p].__path__[0])
                      for p in deckwright.PARTS) + (deckwright.__path__[0],)
        mods = list({id(m): m for m in list(sys.modules.values())
                     if (getattr(m, "__file__", None) or "").startswith(roots)}.values())
        ours = {n: m.__file__ for n, m in sys.modules.items() if n.startswith("deckwright")}
        refused = {}
        for old in deckwright.PARTS:
            try:
                importlib.import_module(old)
            except ImportError as err:
                refused[old] = str(err)
        print(json.dumps({"ours": ours, "twice": len(mods) - len({m.__file__ for m in mods}),
                          "refused": refused, "walked": skipped}))
        """)
    r = run([sys.executable, "-c", code], cwd=REPO)
    assert r.returncode == 0, r.stdout + r.stderr
    found = json.loads(r.stdout)
    assert found["twice"] == 0, found
    files = {Path(f).resolve() for f in found["ours"].values()}
    assert len(files) == len(found["ours"]), found["ours"]           # one name per file
    assert all(str(f).startswith(str(REPO)) for f in files), files
    assert len(found["ours"]) > 100, sorted(found["ours"])              # the whole package
    assert "deckwright.tests" not in found["ours"]
    assert sorted(found["refused"]) == sorted(PARTS), found["refused"]
    assert found["refused"]["dsl"] == ("`import dsl`: Deckwright's engine is `deckwright.dsl` "
                                       "(write `from deckwright.dsl... import ...`)")


MINE = 'game "Mine" extends "example"\n'
SCENARIO = """
scenario "%s" {
  given {
    hand of P1: "Invention"
    deck top: "Wrench"
  }
  when { P1 chooses "play_action: Invention" }
  then { gears of P1 is %d }
}
"""


def test_installed_pytest_collects_a_designers_scenarios_with_no_conftest(installed):
    _, bin_, tmp_path, _ = installed
    project = tmp_path / "designer"
    project.mkdir()
    (project / "mine.deck").write_text(MINE + SCENARIO % ("Written in the deck", 2))
    (project / "mine.test.deck").write_text(
        'game "Mine: scenarios" extends "mine"\n' + SCENARIO % ("Invention gains two gears", 2)
        + SCENARIO % ("Invention gains three gears", 3))
    r = run([bin_ / "python", "-m", "pytest", "-p", "no:cacheprovider"], cwd=project)
    assert r.returncode == 1, r.stdout + r.stderr
    out = r.stdout.splitlines()
    assert "collected 3 items" in out, r.stdout
    assert [l.split()[:2] for l in out if l.startswith(("mine.deck ", "mine.test.deck "))] == [
        ["mine.deck", "."], ["mine.test.deck", ".F"]], r.stdout
    failure = out.index("mine.test.deck:18:10: failed: gears of P1 is 2, not 3")
    assert out[failure - 1].strip("_ ") == "scenario: Invention gains three gears"
    assert out[failure + 1:failure + 7] == ["   18 |   then { gears of P1 is 3 }",
                                            "      |          ^^^^^^^^^^^^^^^^",
                                            "  - expected", "  + actual", "  - 3", "  + 2"]
    assert "FAILED mine.test.deck::Invention gains three gears - " in r.stdout
    assert " 1 failed, 2 passed in " in out[-1]

    # `-p no:NAME` switches it off.
    r = run([bin_ / "python", "-m", "pytest", "-p", "no:cacheprovider",
             "-p", "no:deckwright.dsl.scenario.pytest_plugin"], cwd=project)
    assert r.returncode == 5, r.stdout + r.stderr


def test_the_projects_own_suite_does_not_collect_the_bundled_scenarios_a_second_time(installed):
    # tests/test_scenarios.py runs each of them; the installed plugin would find them too.
    src, bin_, _, _ = installed
    count = [bin_ / "python", "-m", "pytest", "-p", "no:cacheprovider", "--collect-only",
             "-q", "decks"]
    r = run(count, cwd=src)
    assert r.returncode == 5 and "no tests collected" in r.stdout, r.stdout + r.stderr
    r = run(count + ["-o", "addopts="], cwd=src)
    assert r.returncode == 0 and " tests collected" in r.stdout, r.stdout + r.stderr
    assert int(r.stdout.splitlines()[-1].split()[0]) > 80
