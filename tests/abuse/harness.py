"""The abuse harness: Deckwright used as an attacker and a careless user would use it.

It feeds the loader and the engine seeded mutants of the bundled decks, decks the
grammar generates, the evil cards of ``evil/`` and pathological inputs, and drives the
REPL in a pseudo-terminal with random commands. An audit hook (PEP 578) watches while
deck code is read and run, so "no file read, no code run" is counted, not assumed:

* a **traceback** is any exception but a ``DeckError`` (loading) or an ``EngineError``
  (playing), or a deck error without ``file:line:col``;
* a **file read outside** is an ``open`` of a path outside the deck's folder, the
  repository, Python's own folders and the user's cache;
* a **code run** is a process started (``os.system``, ``subprocess``, ``exec*``,
  ``posix_spawn``, ``fork``), a pickle unpickled, a library loaded with ``ctypes``, or
  ``exec``/``compile`` of source that the code generator did not write;
* a **hang** is a deck that takes more than :data:`HANG_SECONDS` of CPU time to load
  and play (CPU time, so that a busy machine does not make hangs of slow runs).

The default suite runs a small share (``tests/abuse/test_abuse.py``); the soak run, the
full one. Either prints its counts; so does ``python tests/abuse/harness.py [--full]``.
"""
from __future__ import annotations

import os
import random
import re
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [p for p in (str(ROOT), str(HERE.parent)) if p not in sys.path]

from deckwright.dsl.agents import make_bot  # noqa: E402
from deckwright.dsl.engine import Game  # noqa: E402
from deckwright.dsl.errors import DeckError, EngineError  # noqa: E402
from deckwright.dsl.loader import load_program  # noqa: E402

EVIL = HERE / "evil"
HANG_SECONDS = 20
GENERATED = ("<deckwright>", "<deckwright effect>", "<deckwright stub>")  # deckwright.dsl.codegen

# --- the watch -------------------------------------------------------------------------
_RUNS = {"os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
         "subprocess.Popen", "pty.spawn", "pickle.find_class", "ctypes.dlopen",
         "ctypes.dlsym", "socket.connect", "webbrowser.open"}


_PYTHON = tuple({os.path.realpath(p) for p in (sys.base_prefix, sys.prefix, sys.exec_prefix)}
                | {"<frozen"})


class Watch:
    """Records what deck code does while :attr:`on`: files opened outside the allowed
    folders, and code run. One audit hook per process (they cannot be removed)."""
    installed = False
    on = False
    allowed: list = []
    reads: list = []
    runs: list = []

    @classmethod
    def install(cls):
        if not cls.installed:
            sys.addaudithook(cls._hook)
            cls.installed = True

    @classmethod
    def allow(cls, *folders):
        base = [ROOT, Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix),
                Path(tempfile.gettempdir()) / "deckwright-abuse-never"]
        from deckwright.dsl.usercache import cache_root
        base.append(cache_root() / "deckwright")
        cls.allowed = [str(Path(p).resolve()) for p in (*base, *folders)]

    @classmethod
    def _hook(cls, event, args):
        if not cls.on:
            return
        if event == "open":
            path = args[0]
            if isinstance(path, int) or path is None:
                return
            real = os.path.realpath(os.fsdecode(path))
            if real == os.devnull or any(real == a or real.startswith(a + os.sep)
                                         for a in cls.allowed):
                return
            cls.reads.append(real)
        elif event in _RUNS:
            cls.runs.append(f"{event} {args!r:.200}")
        elif event in ("exec", "compile"):
            if event == "exec":
                name = getattr(args[0], "co_filename", "")
            else:
                name = args[1] if len(args) > 1 else ""
                name = os.fsdecode(name) if isinstance(name, (bytes, str)) else str(name)
            if name in GENERATED or (name.endswith(".py") and os.path.isfile(name)):
                return                       # generated code, or a module being imported
            # Python's own library writes code too (dataclasses, namedtuple): allowed;
            # anything else that compiles source is what no deck may ever cause.
            caller = sys._getframe(1).f_code.co_filename
            if not any(caller.startswith(p) for p in _PYTHON) or caller.startswith(str(ROOT)):
                cls.runs.append(f"{event} of {name!r} from {caller}")


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


# --- counts ----------------------------------------------------------------------------
@dataclass
class Report:
    inputs: dict = field(default_factory=dict)       # what was tried: kind → how many
    loaded: int = 0                                  # decks that loaded
    played: int = 0                                  # games played
    deck_errors: int = 0
    engine_errors: int = 0
    tracebacks: list = field(default_factory=list)   # (input, error)
    reads: list = field(default_factory=list)
    runs: list = field(default_factory=list)
    hangs: list = field(default_factory=list)
    repl_commands: int = 0
    repl_deaths: list = field(default_factory=list)
    worst: dict = field(default_factory=dict)        # "time"/"memory" → (value, deck)
    generated: dict = field(default_factory=dict)    # start rule → [tried, loaded, played clean]

    def add(self, kind: str, n: int = 1):
        self.inputs[kind] = self.inputs.get(kind, 0) + n

    def clean(self) -> bool:
        return not (self.tracebacks or self.reads or self.runs or self.hangs
                    or self.repl_deaths)

    def __str__(self) -> str:
        tried = ", ".join(f"{n:,} {k}" for k, n in self.inputs.items())
        lines = [f"abuse: {tried}",
                 f"  loaded {self.loaded:,}, played {self.played:,}; deck errors "
                 f"{self.deck_errors:,}, engine errors {self.engine_errors:,}",
                 f"  tracebacks {len(self.tracebacks)}, file reads {len(self.reads)}, "
                 f"code runs {len(self.runs)}, hangs {len(self.hangs)}, REPL deaths "
                 f"{len(self.repl_deaths)} (in {self.repl_commands:,} REPL commands)"]
        if self.generated:
            tried, loaded, clean = (sum(t[i] for t in self.generated.values()) for i in range(3))
            each = ", ".join(f"{k} {t[1]:,}/{t[0]:,}" for k, t in self.generated.items())
            lines.append(f"  generated decks that load: {loaded:,} of {tried:,} "
                         f"({loaded / max(tried, 1):.0%}; {each}); played without an engine "
                         f"error: {clean:,}")
        if self.worst:
            t, m = self.worst.get("time", (0, "-")), self.worst.get("memory", (0, "-"))
            lines.append(f"  worst evil card: {t[0]:.2f} s of CPU ({t[1]}), {m[0] / 2**20:.1f} MiB "
                         f"allocated at peak ({m[1]})")
        for what, items in (("traceback", self.tracebacks), ("read", self.reads),
                            ("run", self.runs), ("hang", self.hangs),
                            ("REPL death", self.repl_deaths)):
            for item in items[:5]:
                lines.append(f"  {what}: {str(item)[:600]}")
        return "\n".join(lines)


# --- one deck --------------------------------------------------------------------------
def try_deck(path: Path, report: Report, label: str, play: bool = True, seed: int = 0,
             turns: int = 12, games: int = 1) -> str:
    """Load the deck at ``path`` and, if it loads and ``play``, play ``games`` short bot
    games (seeds ``seed``, ``seed + 1``...); count what happened. Returns "deck-error",
    "engine-error", "ok" or "traceback"."""
    Watch.allow(path.parent)
    Watch.reads, Watch.runs = [], []
    old = signal.signal(signal.SIGPROF, _alarm) if _main_thread() else None
    if old is not None:
        signal.setitimer(signal.ITIMER_PROF, HANG_SECONDS)
    Watch.on = True
    outcome = "ok"
    try:
        try:
            program = load_program(str(path))
        except DeckError as err:
            report.deck_errors += 1
            text = err.render()
            if not err.diagnostics or any(d.pos is None for d in err.diagnostics):
                report.tracebacks.append((label, "a deck error without file:line:col: "
                                          + text[:300]))
                return "traceback"
            return "deck-error"
        report.loaded += 1
        for d in program.diagnostics:
            d.render(program.sources.get(d.pos.file) if d.pos else None)
        if not play or not program.library():
            return "ok"
        n = max(program.min_players, min(2, program.max_players))
        for s in range(seed, seed + games):
            try:
                game = Game(program, seed=s, players=n, max_turns=turns, log=True,
                            agents=[make_bot("random", s * 7 + k) for k in range(n)])
                report.played += 1
                game.run()
                game.state.state_hash()
                game.state.to_json()
            except EngineError:
                report.engine_errors += 1
                outcome = "engine-error"
    except Hang:
        report.hangs.append(label)
        return "hang"
    except RecursionError as err:          # a deck error or engine error must say it
        report.tracebacks.append((label, f"RecursionError: {err}"))
        return "traceback"
    except Exception as err:               # noqa: BLE001 - that is what is counted
        report.tracebacks.append((label, f"{type(err).__name__}: {err}"))
        return "traceback"
    finally:
        Watch.on = False
        if old is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, old)
        report.reads += [(label, r) for r in Watch.reads]
        report.runs += [(label, r) for r in Watch.runs]
    return outcome


def _main_thread() -> bool:
    import threading
    return threading.current_thread() is threading.main_thread()


# --- mutants ---------------------------------------------------------------------------
WORDS = ["game", "extends", "include", "override", "card", "token", "players", "zone",
         "resource", "var", "param", "action", "move", "setup", "turn", "round", "when",
         "before", "whenever", "static", "effect", "ability", "if", "else", "for each",
         "repeat", "while true", "choose", "create", "move", "draw", "gain", "lose",
         "eliminate players", "end game draw", "resolve this", "negate", "offer", "use",
         "let", "count", "cards", "in", "of", "you", "this", "event", "it", "none",
         "{", "}", "(", ")", "[", "]", ",", ":", "=", "==", "-", "+", "*", "/", "%",
         "\\\n", "\n", "\r", "\t", "\f", "\v", "\u2028", "\ufeff", "\x00", "\x1b[2J",
         '"', "#", "x 10000", "x 999999999", "1" * 12, "9" * 4400, "-0", "007"]
PATHS = ["/etc/passwd", "../../../../../../etc/passwd", "/proc/self/environ",
         "~/.bashrc", "link", "mutant", "dvorak", "../decks/dvorak", "/dev/zero",
         "decktet", "sub/../../outside", "\\x00", "%2e%2e/etc/passwd", "CON", "."]
# The terminal escape as the characters themselves, and as an escape no string knows.
EVIL_STRINGS = ['"\x1b]0;TITLE\x07\x1b[2J"', '"\\x1b[2J"',
                '"__import__(\'os\').system(\'id\')"', '"{0.__class__}"',
                '"\\" + open(\'/etc/passwd\').read() + \\""',
                '"' + "A" * 3000 + '"', '"\\ud800"', '"\u202eevil"', "'single'"]


_NUMBER = re.compile(rb"\b[0-9]+\b")
_WORD = re.compile(rb"\b[a-z_][a-z_0-9]*\b")


def gentle(data: bytes, rng: random.Random) -> bytes:
    """An edit that usually keeps the deck readable, so that the checker and the engine
    are reached: a number changed, or a name put where another name was."""
    pattern = _NUMBER if rng.random() < 0.5 else _WORD
    spots = list(pattern.finditer(data))
    if not spots:
        return data
    m = rng.choice(spots)
    if pattern is _NUMBER:
        new = rng.choice([b"0", b"1", b"2", b"-1", b"100", b"1000", b"10000", b"200001",
                          b"999999999", b"1000000000"])
    else:
        new = rng.choice(spots).group()
    return data[:m.start()] + new + data[m.end():]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """Seeded edits of deck text: half the time one or two gentle ones, else one to
    four at the byte and token level."""
    if rng.random() < 0.5:
        for _ in range(rng.randint(1, 2)):
            data = gentle(data, rng)
        return data
    for _ in range(rng.randint(1, 4)):
        n = len(data)
        i, j = sorted((rng.randrange(n + 1), rng.randrange(n + 1)))
        j = min(j, i + rng.randint(1, 60))
        op = rng.randrange(11)
        if op == 0:                                           # delete a span
            data = data[:i] + data[j:]
        elif op == 1:                                         # repeat a span
            data = data[:j] + data[i:j] * rng.randint(2, 50) + data[j:]
        elif op == 2:                                         # a word of the language
            data = data[:i] + f" {rng.choice(WORDS)} ".encode() + data[i:]
        elif op == 3:                                         # swap two lines
            lines = data.split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            data = b"\n".join(lines)
        elif op == 4:                                         # bytes that are not UTF-8
            data = data[:i] + bytes(rng.choice([[0xff], [0xc3], [0xed, 0xa0, 0x80],
                                                [0xfe, 0xff], [0x80]])) + data[i:]
        elif op == 5:                                         # an include or extends
            word = rng.choice(["include", "extends"])
            line = f'\n{word} "{rng.choice(PATHS)}"\n'.encode()
            data = data[:i] + line + data[i:]
        elif op == 6:                                         # an evil string
            data = data[:i] + rng.choice(EVIL_STRINGS).encode() + data[i:]
        elif op == 7:                                         # deep nesting
            k = rng.choice([50, 99, 101, 300, 2000])
            data = data[:i] + b"if true {\n" * k + b"pass\n" + b"}\n" * k + data[i:]
        elif op == 8:                                         # a huge number
            data = data[:i] + rng.choice([b"1000000000", b"1000000001", b"10000",
                                          b"99999999999999999999", b"0"]) + data[j:]
        elif op == 9:                                         # a very long line
            data = data[:i] + b"#" + b"x" * rng.choice([3990, 4001, 20000]) + data[i:]
        else:                                                 # a byte flipped
            if n:
                k = rng.randrange(n)
                data = data[:k] + bytes([data[k] ^ (1 << rng.randrange(8))]) + data[k + 1:]
    return data


SEEDS = ["example", "dvorak", "urban_dead", "dueling_runes", "dveck_builder", "decktet"]


def run_mutants(count: int, seed: int, report: Report, folder: Path, play_every: int = 5,
                seeds=SEEDS) -> None:
    """``count`` seeded mutants of the bundled decks, each loaded from a file of its own
    (so the loader's path rules are attacked too); every ``play_every``-th that loads is
    played."""
    rng = random.Random(seed)
    texts = [(ROOT / "decks" / f"{name}.deck").read_bytes() for name in seeds]
    (folder / "link.deck").unlink(missing_ok=True)
    (folder / "link.deck").symlink_to("/etc/passwd")
    loaded = 0
    for k in range(count):
        data = mutate(rng.choice(texts), rng)
        path = folder / "mutant.deck"
        path.write_bytes(data)
        before = report.loaded
        try_deck(path, report, f"mutant {k} of seed {seed}",
                 play=(loaded % play_every == 0), seed=k)
        if report.loaded > before:
            loaded += 1
            if report.tracebacks and report.tracebacks[-1][0] == f"mutant {k} of seed {seed}":
                (folder / f"failing-{k}.deck").write_bytes(data)
    report.add("mutants", count)


def run_generated(count: int, seed: int, report: Report, folder: Path, games: int = 3) -> None:
    """``count`` decks the grammar generates (generated.py: parts of a deck written into
    a prelude that declares their names, and some whole decks of random names), loaded
    and, when they load, played ``games`` seeded bot games each. ``report.generated``
    keeps, per start rule, how many were tried, loaded and played without an error."""
    from hypothesis import HealthCheck, given, seed as hypothesis_seed, settings
    from generated import repair, shares, strategy
    counter = [0]

    def one(kind, text):
        counter[0] += 1
        if kind != "start":
            text = repair(text)
        path = folder / "generated.deck"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        loaded = report.loaded
        outcome = try_deck(path, report, f"generated deck {counter[0]} ({kind}): "
                           f"{text[-300:]!r}", seed=counter[0], games=games)
        tally = report.generated.setdefault(kind, [0, 0, 0])
        tally[0] += 1
        tally[1] += report.loaded > loaded
        tally[2] += outcome == "ok" and report.loaded > loaded

    def of(kind, n):
        @hypothesis_seed(seed)
        @settings(max_examples=n, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy(kind))
        def run(text):
            one(kind, text)
        return run

    for kind, n in shares(count).items():
        if n:
            of(kind, n)()
    report.add("grammar-generated decks", counter[0])


# --- evil cards --------------------------------------------------------------------------
def evil_decks() -> list:
    return sorted(EVIL.glob("*.deck"))


def expectation(path: Path) -> str:
    """The `# expect: TEXT` line of an evil deck: what its error (or the game) must say."""
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("# expect: "):
            return line[len("# expect: "):]
    raise AssertionError(f"{path.name} has no `# expect:` line")


def run_evil(report: Report, measure: bool = False) -> dict:
    """Every evil deck: loaded and played (the outcome's text is returned by name, for
    the test to hold against its `# expect:` line). With ``measure``, each one's time and
    peak allocation are kept, and the worst of each reported. The peak is taken in a
    second run of the deck: tracing allocations makes each one several times dearer
    (billion_cards: 2 s of CPU alone, 15 s traced), so the time is taken untraced."""
    import tracemalloc
    said = {}
    for path in evil_decks():
        started = time.process_time()
        said[path.name] = _evil_outcome(path, report)
        spent = time.process_time() - started
        if measure:
            again = Report()
            tracemalloc.start()
            try:
                _evil_outcome(path, again)
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            for kind in ("tracebacks", "reads", "runs", "hangs"):
                getattr(report, kind).extend(getattr(again, kind))
            if peak > report.worst.get("memory", (0, ""))[0]:
                report.worst["memory"] = (peak, path.name)
        if spent > report.worst.get("time", (0, ""))[0]:
            report.worst["time"] = (spent, path.name)
    report.add("evil cards", len(said))
    return said


def _evil_outcome(path: Path, report: Report) -> str:
    """What loading and playing ``path`` says (its deck error, its engine error, or "ok"),
    with the folders before the deck's file name left out, wherever it is run from."""
    return re.sub(r"[^\s`'\"(]*/(?=\w+\.deck\b)", "", _said(path, report))


def _said(path: Path, report: Report) -> str:
    outcome = try_deck(path, report, f"evil card {path.name}", turns=60)
    if outcome == "deck-error":
        try:
            load_program(str(path))
        except DeckError as err:
            return err.render()
    if outcome == "engine-error":
        program = load_program(str(path))
        n = max(program.min_players, min(2, program.max_players))
        try:
            Game(program, seed=0, players=n, max_turns=60,
                 agents=[make_bot("random", k) for k in range(n)]).run()
        except EngineError as err:
            return str(err)
    if outcome == "ok":
        return "ok"
    return f"{outcome}: {report.tracebacks[-1] if report.tracebacks else ''}"


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="the soak run's sizes")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    report = Report()
    Watch.install()
    with tempfile.TemporaryDirectory() as tmp:
        run_evil(report, measure=True)
        from pathological import run_pathological
        run_pathological(report, Path(tmp))
        run_mutants(10_000 if args.full else 1_000, args.seed, report, Path(tmp))
        run_generated(10_000 if args.full else 60, args.seed, report, Path(tmp))
        from repl_monkey import run_repl
        run_repl(1_000 if args.full else 100, args.seed, report, Path(tmp))
    print(report)
    return 0 if report.clean() else 1


if __name__ == "__main__":
    sys.exit(main())
