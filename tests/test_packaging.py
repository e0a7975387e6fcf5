"""The wheel is the product: built from this checkout and installed in a fresh venv, it
must run a bundled deck from anywhere, which proves the grammar and decks ship inside it.

Needs PyPI (the build backend and lark/interegular are fetched); skipped, with the
reason, only when pip fails to connect.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from dsl import __version__

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


def test_wheel_installs_and_runs_a_bundled_deck_from_anywhere(tmp_path):
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
    assert {"grammar/deckwright.lark", "decks/dvorak.deck"} <= names, sorted(names)

    bin_ = fresh_venv(tmp_path / "venv")
    pip([bin_ / "python", "-m", "pip", "install", "-q", *PIP_NET, wheel],
        "install the wheel and its dependencies")

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
