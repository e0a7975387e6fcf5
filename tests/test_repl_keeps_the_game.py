"""The REPL keeps the user's game: Ctrl-C at any moment cancels and returns to the
prompt, a failed command puts everything back, and the game is saved on the way out.

Ctrl-C is a KeyboardInterrupt raised wherever Python happens to be; these tests raise it
at the places that matter (inside a command, while its output is printed) and check that
the loop goes on and the game is the one the user had.
"""
import ast
import json
import threading
from pathlib import Path

import pytest

from repl.commands import Processor, ReplError

ROOT = Path(__file__).resolve().parent.parent


def h(proc) -> str:
    return proc.game.state.state_hash()


def within(seconds: float, fn):
    """``fn()``, failing the test instead of hanging if it takes longer than ``seconds``."""
    result = []
    t = threading.Thread(target=lambda: result.append(fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"still running after {seconds} s: the REPL would hang"
    return result[0]


def interrupt(*args, **kwargs):
    raise KeyboardInterrupt


# --- a command that fails or is cancelled puts the whole game back -----------------

@pytest.mark.parametrize("line", ["new seed=5", "new players=3 bots=P2", "open example",
                                  "load {save}", "reload", "bot P1"])
@pytest.mark.parametrize("failure", [KeyboardInterrupt, ReplError("the bots made too many")])
def test_a_command_stopped_while_the_bots_play_leaves_the_old_game_playable(
        line, failure, tmp_path, monkeypatch):
    proc = Processor("example", seed=1)
    assert proc.execute("choose 0").ok
    assert proc.execute(f"save {tmp_path / 's.json'}").ok
    before, seats, program = h(proc), dict(proc.seats), proc.program

    def stopped(*args, **kwargs):
        raise failure
    monkeypatch.setattr(proc, "_bots_play", stopped)
    out = proc.execute(line.format(save=tmp_path / "s.json"))
    monkeypatch.undo()
    assert not out.ok
    assert h(proc) == before and proc.seats == seats and proc.program is program
    assert within(30, lambda: proc.execute("choose 0")).ok     # the old game still answers


def test_the_repl_uses_only_the_public_api_of_the_session():
    """The Session is being reimplemented; repl/ may rely on its public API alone."""
    private = []
    for path in sorted((ROOT / "repl").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                owner = node.value
                name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                if name in ("session", "s", "fresh", "Session"):
                    private.append(f"{path.name}:{node.lineno}: .{node.attr}")
    assert private == []
