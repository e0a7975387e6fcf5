"""The `deckwright` command: play, sim, check, lint, compile.

Every failure prints one clear message (and, for a failing simulated game, the command
that reproduces it); a traceback only ever means a bug in Deckwright itself.
"""
from __future__ import annotations

import argparse
import json
import sys

from .errors import DeckError, EngineError
from .terminal import visible


def say(text: str, err: bool = False) -> None:
    """Print a line that may hold deck text (names, log lines): control characters
    are shown, not sent to the terminal."""
    print(visible(text), file=sys.stderr if err else sys.stdout)


def _options(pairs) -> dict:
    out = {}
    for pair in pairs or ():
        key, _, value = pair.partition("=")
        value = value.strip()
        if value.lstrip("-").isdigit():
            out[key] = int(value)
        elif value in ("true", "false"):
            out[key] = value == "true"
        else:
            out[key] = value
    return out


def cmd_check(args) -> int:
    from .loader import load_program
    status = 0
    for deck in args.decks:
        try:
            program = load_program(deck)
        except DeckError as err:
            say(err.render(), err=True)
            status = 1
            continue
        for d in program.diagnostics:
            say(d.render(program.sources.get(d.pos.file) if d.pos else None), err=True)
        say(f"{deck}: ok ({len(program.library())} cards, "
            f"{sum(c.copies for c in program.library())} with copies)")
    return status


def cmd_compile(args) -> int:
    """Generate the deck's Python module: print it (``--emit``), or what it holds."""
    import time
    from .codegen import generate, load
    from .loader import load_program
    program = load_program(args.deck)
    if args.emit:
        source, _ = generate(program, resumable=args.stepped)
        sys.stdout.write(source)            # deck text appears only as repr() literals
        return 0
    t = time.perf_counter()
    code = load(program, resumable=args.stepped)
    elapsed = time.perf_counter() - t
    lines = code.source.count("\n")
    functions = code.source.count("\ndef ")
    say(f"{args.deck}: {functions} functions, {lines} lines, {len(code.source):,} bytes of "
        f"Python, generated and compiled in {elapsed * 1000:.0f} ms "
        f"({'stepped' if args.stepped else 'run'} form)")
    return 0


def cmd_lint(args) -> int:
    from .lint import main as lint_main
    return lint_main(args)


def cmd_sim(args) -> int:
    from .loader import load_program
    from .sim import simulate
    program = load_program(args.deck)
    bots = args.bots.split(",")
    report = simulate(program, games=args.games, seed=args.seed, players=args.players,
                      bots=bots, options=_options(args.option), only=args.game, jobs=args.jobs,
                      audit_hidden=args.audit_hidden)
    if args.json:
        print(json.dumps(report, sort_keys=True))      # JSON escapes control characters
    else:
        say(f"{report['deck']}: {report['games']} games, {report['finished']} finished by a "
            f"rule, {report['errors']} errors")
        wins = ", ".join(f"{k} {v}" for k, v in report["wins"].items()) or "none"
        say(f"wins: {wins}; draws: {report['draws']}; average turns: {report['avg_turns']}")
        say(f"end reasons: {report['end_reasons']}")
        say(f"{report['games_per_second']} games per second")
    for f in report["failures"]:
        say(f"game {f['game']}: {f['error']}\n  reproduce: deckwright sim {args.deck} "
            f"--seed {args.seed} --game {f['game']} --players {report['players']} "
            f"--bots {args.bots}" + "".join(f" --option {o}" for o in args.option or ())
            + (" --audit-hidden" if args.audit_hidden else ""),
            err=True)
    return 1 if report["errors"] or report["finished"] < report["games"] else 0


def cmd_play(args) -> int:
    try:
        from repl.app import main as repl_main        # the REPL, when installed
    except ImportError:
        repl_main = None
    if repl_main is not None and not args.watch:
        return repl_main(args)
    return watch_bot_game(args.deck or "example", args.seed, args.players, args.bots)


def watch_bot_game(deck: str, seed: int, players, bots: str) -> int:
    """Print a bot game turn by turn (the quick start's main job until the REPL)."""
    from .agents import make_bot
    from .engine import Game
    from .loader import load_program
    program = load_program(deck)
    names = bots.split(",")
    n = players or max(program.min_players, 2)
    game = Game(program, seed=seed, players=n,
                agents=[make_bot(names[k % len(names)], seed * 1000 + k + 1) for k in range(n)])
    game.run()
    for entry in game.log:
        if entry.secret_for is None:
            say(entry.text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="deckwright", description="Dvorak-style card games, "
                                 "written as deck files: play, simulate, check.")
    sub = ap.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a deck (the REPL), or watch bots play it")
    play.add_argument("deck", nargs="?", default=None)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--bots", default="random")
    play.add_argument("--watch", action="store_true", help="print a bot game turn by turn")
    play.add_argument("--script", default=None, help="run REPL commands from a file")
    play.add_argument("--resume", action="store_true",
                      help="go on with the game the REPL saved when it was last left")
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("sim", help="play many seeded bot games and report figures")
    sim.add_argument("deck")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--bots", default="random", help="comma-separated, one per seat in turn")
    sim.add_argument("--option", action="append", metavar="NAME=VALUE",
                     help="a variant option of the deck")
    sim.add_argument("--game", type=int, default=None, help="replay game N of the run alone")
    sim.add_argument("--jobs", type=int, default=1, metavar="N",
                     help="play in N processes, 0 for one per core (same report, sooner)")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--audit-hidden", action="store_true",
                     help="check that no seat's views (decisions, log, state) name a card it "
                          "may not see; a game that does is an error")
    sim.set_defaults(func=cmd_sim)

    comp = sub.add_parser("compile", help="the Python a deck compiles to (for debugging)")
    comp.add_argument("deck")
    comp.add_argument("--emit", action="store_true", help="print the generated source")
    comp.add_argument("--stepped", action="store_true",
                      help="the form a stepped game runs (decisions yielded), not a bot run")
    comp.set_defaults(func=cmd_compile)

    check = sub.add_parser("check", help="parse and check decks")
    check.add_argument("decks", nargs="+")
    check.set_defaults(func=cmd_check)

    lint = sub.add_parser("lint", help="find rule conflicts and guideline breaches in decks")
    lint.add_argument("decks", nargs="+")
    lint.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    lint.add_argument("--sim", type=int, default=0, metavar="N",
                      help="also play N seeded bot games and report what never happened")
    lint.add_argument("--seed", type=int, default=0, help="seed of the --sim games")
    lint.add_argument("--audit-hidden", action="store_true",
                      help="play the --sim games under the hidden-information audit")
    lint.set_defaults(func=cmd_lint)
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except DeckError as err:
        say(err.render(), err=True)
        return 1
    except EngineError as err:
        say(f"error: {err}", err=True)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:              # `deckwright play --watch | head`: stop quietly
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
