"""Random REPL commands in a real pseudo-terminal, typed as an impatient user types them.

Each round types one command (now and then cut short by Ctrl-C a moment later), then a
marker line that is no command: the REPL refuses it with "`zzmarkN` ..." only once it
is back at its prompt, so seeing that refusal means the command finished and the REPL
lives. Ctrl-U then clears the refused line. A REPL that exits is a death (it is started
again, so the run goes on); one that does not come back within a minute is a hang. What
it prints is searched for tracebacks and internal errors.
"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

MORE = "-- more:"          # the pager, waiting for a key (repl/pager.py)

SAFE = [
    "state", "state all", "state P2", "options", "log", "log all", "log 5", "why 3",
    "why 999999", "why x", "cards", "card Oil Can", "card Nosuch", "seats", "help",
    "help new", "help nosuch", "undo", "undo 3", "undo 999", "redo", "redo 99", "step",
    "step 1", "step 99", "auto 1", "auto 2", "0", "1", "2", "99", "-1", "choose 0 1",
    "choose none", "choose", "play_action: Oil Can", "play_thing: Windmill", "pass",
    "new", "new seed=abc", "new seed=", "new players=abc", "new 'unclosed", "new players=1000",
    "new players=3", "new seed=5 bots=P2", "new seed=99999999999999999999", "new bots=P9",
    "new nosuch=1", "new players=²", "eval draw 2", "eval gain 1 gears", "eval gain",
    'eval create 1000000000 "Windmill" in your area', "eval repeat 1000000 { gain 0 gears }",
    "eval while true { pass }", "eval let v = [1, [2, [3]]]", 'eval say "\x1b]0;T\x07\x1b[2J"',
    "eval eliminate players", "eval end game draw", "eval you.__init__", "eval draw -5",
    "eval 1 / 0", 'def card "Windfall": Action { effect { gain 7 gears } }',
    'def card "X": Thingy { }', 'def card "\x1b[2JX": Thing { text "t" }',
    'def card "Loop": Action { effect { while true { pass } } }',
    "load /etc/passwd", "load /nonexistent/s.json", "load {folder}", "open example",
    "open urban_dead", "open /etc/passwd", "open ../../../../etc/passwd", "open nosuch",
    "reload", "bot P2 random", "bot P2 first", "human P2", "bot P9", "human P1", "bot P1",
    "auto", "seats", "card \x1b[2J", "  ", "#", "''", '"', "eval", "def card",
]
BROKEN_SAVES = {
    "not_json.json": "{ nope",
    "a_list.json": "[1, 2, 3]",
    "wrong_types.json": json.dumps({"format": "deckwright-save", "version": "1",
                                    "deck": 5, "seed": "abc"}),
    "other_deck.json": json.dumps({"format": "deckwright-save", "version": 1,
                                   "deck": "/etc/passwd", "seed": 1, "choices": []}),
    "deep.json": "[" * 100_000 + "]" * 100_000,
}


def _command(rng: random.Random, folder: Path, k: int) -> str:
    r = rng.random()
    if r < 0.08:
        return f"save {folder}/s{k}.json"
    if r < 0.14:
        saved = sorted(folder.glob("*.json"))
        return f"load {rng.choice(saved)}" if saved else "load nothing.json"
    if r < 0.20:
        # Garbage. Not: braces (a `{` left open waits for more lines), a `\` at the end
        # (it joins the next line), ESC (typed, it starts a key sequence, not text).
        alphabet = "abcxyz019 _-:=\"'.,/\\[]()<>*&^%$#@!~`|?\x07\t"
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30))).rstrip("\\")
    return rng.choice(SAFE).replace("{folder}", str(folder))


def run_repl(count: int, seed: int, report, folder: Path, deck: str = "example") -> None:
    """``count`` random commands; deaths, hangs and tracebacks counted in ``report``."""
    from pty_repl import PtyRepl
    rng = random.Random(seed)
    folder = folder / "repl"
    folder.mkdir(exist_ok=True)
    for name, text in BROKEN_SAVES.items():
        (folder / name).write_text(text, encoding="utf-8")
    env = {"XDG_DATA_HOME": str(folder / "data"), "XDG_CACHE_HOME": str(folder / "cache")}
    repl = PtyRepl(deck, env=env)
    shown = ""
    try:
        repl.read_until(">", timeout=120)
        for k in range(count):
            line = _command(rng, folder, k)
            repl.send(line + "\r")
            if rng.random() < 0.1:                  # Ctrl-C at a random moment
                time.sleep(rng.random() * 0.3)
                repl.send("\x03")
            # Ctrl-U first: a line the REPL refused stays in it, to be mended.
            repl.send(f"\x15zzmark{k}\r")
            try:
                try:
                    # A long output is paged, and the pager waits for a key (the marker's
                    # keys were read as the pager's): seen at once, not after the timeout.
                    # A marker that has not come in 10 s is a line left open (a quote, a
                    # brace): the REPL answers a marker in well under a second otherwise.
                    if repl.read_until_any((f"`zzmark{k}`", MORE), timeout=10) == MORE:
                        repl.send("q")              # `q` ends it; then mark again
                        repl.send(f"\x15zzmark{k}p\r")
                        repl.read_until(f"`zzmark{k}p`", timeout=30)
                        continue
                except AssertionError:
                    if repl.proc.poll() is not None:
                        raise
                    # Waiting for more of a line (a quote left open...)? Ctrl-C cancels it.
                    repl.send(f"\x03\x15zzmark{k}b\r")
                    repl.read_until(f"`zzmark{k}b`", timeout=30)
            except AssertionError:
                dead = repl.proc.poll() is not None
                (report.repl_deaths if dead else report.hangs).append(
                    f"after {line!r} (command {k}, seed {seed}): {repl.text[-800:]}")
                shown += repl.text
                repl.close()
                repl = PtyRepl(deck, env=env)
                repl.read_until(">", timeout=120)
                continue
            finally:
                report.repl_commands += 1
            repl.send("\x15")                       # Ctrl-U: the refused marker line goes
        repl.send("\x15\x04")                       # Ctrl-D: quit
        status = repl.wait(60)
        if status != 0:
            report.repl_deaths.append(f"quitting gave status {status}: {repl.text[-800:]}")
    finally:
        shown += repl.text
        repl.close()
    for bad in ("Traceback (most recent call last)", "internal error"):
        at = shown.find(bad)
        if at >= 0:
            report.tracebacks.append((f"REPL, seed {seed}", shown[max(0, at - 600):at + 900]))
    report.add("REPL commands", count)
