"""The REPL keeps the user's game: Ctrl-C at any moment cancels and returns to the
prompt, a failed command puts everything back, and the game is saved on the way out.

Ctrl-C is a KeyboardInterrupt raised wherever Python happens to be; these tests raise it
at the places that matter (inside a command, while its output is printed) and check that
the loop goes on and the game is the one the user had.
"""
import ast
import json
import threading
import time
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


def test_ctrl_c_again_while_the_game_is_put_back_cannot_stop_it(monkeypatch):
    proc = Processor("example", seed=1)
    before = h(proc)
    replay, calls = proc.session.replay, []

    def pressed_again(choices):
        calls.append(choices)
        if len(calls) == 1:
            raise KeyboardInterrupt
        replay(choices)
    monkeypatch.setattr(proc.session, "replay", pressed_again)
    monkeypatch.setattr(proc, "_news", interrupt)
    assert proc.execute("choose 0").text() == "cancelled"
    monkeypatch.undo()
    assert len(calls) == 2 and h(proc) == before
    assert proc.execute("choose 0").ok


# --- the prompt_toolkit loop: Ctrl-C at any moment -----------------------------------

from prompt_toolkit.application import create_app_session  # noqa: E402
from prompt_toolkit.history import InMemoryHistory  # noqa: E402
from prompt_toolkit.input import create_pipe_input  # noqa: E402
from prompt_toolkit.output import DummyOutput  # noqa: E402

from repl import app  # noqa: E402

CHATTY = "eval repeat 3000 { gain 1 gears }"     # 3,000 log lines to print


class CtrlCWhilePrinting(DummyOutput):
    """A terminal where Ctrl-C is pressed while ``marker`` is being written."""

    def __init__(self, marker: str):
        super().__init__()
        self.marker, self.fired, self.written = marker, False, []

    def write(self, data: str) -> None:
        if not self.fired and self.marker in data:
            self.fired = True
            self.written.append(data[:data.index(self.marker)])     # written so far
            raise KeyboardInterrupt
        self.written.append(data)


def run_loop(proc, keys: str, output=None, write=None) -> int:
    """Type ``keys`` into the real loop (a newline is Enter; Ctrl-U, Ctrl-D at the end)."""
    output = output or DummyOutput()
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        inp.send_text(keys.replace("\n", "\r") + "\x15\x04")
        return app.run_interactive(proc, input=inp, output=output,
                                   history=InMemoryHistory(), write=write)


def test_ctrl_c_while_results_are_printed_stops_the_printing_and_the_loop_goes_on():
    proc = Processor("example", seed=1)
    terminal = CtrlCWhilePrinting("gains 1 gears (1500)")
    status = run_loop(proc, CHATTY + "\nstate\n", output=terminal)
    printed = "".join(terminal.written)
    assert status == 0 and terminal.fired
    assert "gains 1 gears (1499)" in printed and "gains 1 gears (1501)" not in printed
    assert "(output cut short by Ctrl-C; the command was done: `undo` takes it back)" in printed
    assert "turn 2" in printed.split("cut short")[1].lower()    # `state` ran afterwards
    assert proc.game.state.players[0].res["gears"] == 3000       # the command was done


def test_ctrl_c_while_a_look_is_printed_says_only_that_it_was_cut_short():
    shown, pressed = [], []

    def write(out):
        if not pressed and "  0  deck shuffled" in out.text():   # the log is being printed
            pressed.append(out)
            raise KeyboardInterrupt
        shown.append(out)
    status = run_loop(Processor("example", seed=1), "log all\nseats\n", write=write)
    assert status == 0 and pressed
    assert [o.text() for o in shown[1:]] == ["(output cut short by Ctrl-C)",
                                             "seats: P1 you, P2 bot random"]


def test_ctrl_c_while_the_bots_play_cancels_and_the_loop_goes_on(monkeypatch):
    proc = Processor("example", seed=1)
    before = h(proc)
    monkeypatch.setattr(proc, "_bots_play", interrupt)
    shown = []
    status = run_loop(proc, "auto\nseats\n", write=shown.append)
    assert status == 0
    assert [o.text() for o in shown[1:]] == ["cancelled", "seats: P1 you, P2 bot random"]
    assert h(proc) == before


def test_ctrl_c_between_running_and_showing_keeps_the_loop(monkeypatch):
    proc = Processor("example", seed=1)
    execute, calls = proc.execute, []

    def late(line):
        calls.append(line)
        out = execute(line)
        if len(calls) == 1:
            raise KeyboardInterrupt             # after the command, before it is shown
        return out
    monkeypatch.setattr(proc, "execute", late)
    shown = []
    assert run_loop(proc, "seats\nseats\n", write=shown.append) == 0
    assert [o.text() for o in shown[1:]] == ["cancelled", "seats: P1 you, P2 bot random"]


# --- a real terminal ---------------------------------------------------------------

@pytest.fixture
def terminal(tmp_path):
    from pty_repl import PtyRepl
    opened = []

    def start(*args):
        repl = PtyRepl(*args, env={"XDG_DATA_HOME": str(tmp_path / "data"),
                                   "XDG_CACHE_HOME": str(tmp_path / "cache")})
        opened.append(repl)
        return repl
    yield start
    for repl in opened:
        repl.close()


def test_ctrl_c_in_a_terminal_while_a_chatty_command_prints_returns_to_the_prompt(terminal):
    repl = terminal("example")
    repl.read_until("P1 main>")
    repl.send(CHATTY + "\r")
    repl.read_until("gains 1 gears (100)\n")   # printing has begun; now nobody reads, so
    time.sleep(0.5)                             # the REPL soon waits in the middle of a write
    repl.send("\x03")
    shown = repl.read_until("game over>")
    assert "(output cut short by Ctrl-C; the command was done: `undo` takes it back)" in shown
    assert "gains 1 gears (3000)" not in shown
    repl.send("seats\r")
    assert "seats: P1 you, P2 bot random" in repl.read_until("random\n")
    repl.read_until("game over>")
    repl.send("\x04")                          # typed at the prompt, as a person would
    assert repl.wait() == 0
    assert "Traceback" not in repl.text
