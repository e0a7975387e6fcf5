"""Start-up time of `deckwright play example` to its first prompt.

Each run is a fresh Python process that imports the REPL, loads the deck, starts the game
and draws the first prompt through prompt_toolkit (pipe input, dummy output), then gets
Ctrl-D. The figure is the wall time of the whole process, best of 5.

    python bench/repl_startup.py [DECK]
"""
import subprocess
import sys
import time

CHILD = r"""
import sys
from prompt_toolkit.application import create_app_session
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from deckwright.repl.app import run_interactive
from deckwright.repl.commands import Processor
with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
    inp.send_text("\x04")
    run_interactive(Processor(sys.argv[1]), input=inp, output=DummyOutput(),
                    history=InMemoryHistory(), write=lambda out: None)
"""


def once(deck: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", CHILD, deck], check=True)
    return time.perf_counter() - start


def main() -> None:
    deck = sys.argv[1] if len(sys.argv) > 1 else "example"
    once(deck)                                   # warm the OS file cache and Lark's cache
    times = [once(deck) for _ in range(5)]
    print(f"deckwright play {deck}: first prompt in {min(times) * 1000:.0f} ms "
          f"(best of 5; median {sorted(times)[2] * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
