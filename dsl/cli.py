"""The `deckwright` command: play, sim, check, lint, compile, fmt, lsp, explain, print,
export, import, test.

Every failure prints one clear message (and, for a failing simulated game, the command
that reproduces it); a traceback only ever means a bug in Deckwright itself.
"""
from __future__ import annotations

import argparse
import json
import sys

from .errors import DeckError, EngineError
from .outputs import OutputError, named_decks, output_file, write_file
from .terminal import colour_wanted, paint, visible


def say(text: str, err: bool = False) -> None:
    """Print a line that may hold deck text (names, log lines): control characters
    are shown, not sent to the terminal; on a terminal, errors are coloured."""
    stream = sys.stderr if err else sys.stdout
    text = visible(text)
    print(paint(text) if colour_wanted(stream) else text, file=stream)


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
            if any(d.code in ("no-turn", "include-only") for d in err.diagnostics):
                ok = _check_included(deck)
                if ok is not None:
                    status |= not ok
                    continue
            say(err.render(), err=True)
            status = 1
            continue
        for d in program.diagnostics:
            say(d.render(program.sources.get(d.pos.file) if d.pos else None), err=True)
        if not _check_scenarios(deck, program):
            status = 1
            continue
        todo = sum(d.code == "to-do" for d in program.diagnostics)
        say(f"{deck}: ok ({len(program.library())} cards, "
            f"{sum(c.copies for c in program.library())} with copies"
            + (f"; {todo} with {'its' if todo == 1 else 'their'} effect still to write)"
               if todo else ")"))
    return status


def _check_scenarios(deck: str, program) -> bool:
    """The deck's scenarios (its own and its `.test.deck`'s) checked as `deckwright test`
    checks them before it runs them: each mistake printed; True if there is none."""
    from .scenario.suite import deck_errors
    found, sources = deck_errors(deck, program)
    sources = {**program.sources, **sources}
    for d in found:
        say(d.render(sources.get(d.pos.file) if d.pos else None), err=True)
    return not found


def _check_included(deck: str):
    """A deck with no turn rules of its own is a file for `include` (its cards), not a
    game: rather than every name its cards use and it does not declare, one line says so,
    and the decks beside it (or bundled) that include it are checked in its place. True
    or False: whether they are all fine; None if it is not such a file."""
    from .loader import _display_path, include_only, included_by, load_program, resolve_deck
    try:
        path = resolve_deck(deck).resolve()
    except DeckError:
        return None
    includers = included_by(path)
    if includers is None:
        return None
    shown = _display_path(path)
    if not includers:
        say(f"{shown}: not a game on its own: it has no turn rules and extends no deck; "
            f"`include \"{path.stem}\"` it from a game, or give it `extends \"dvorak\"`",
            err=True)
        return False
    ok = True
    for other in includers:
        try:
            load_program(str(other))
        except DeckError as err:
            say(err.render(), err=True)
            ok = False
    say(f"{include_only(path, includers, 'checked as')} ({'ok' if ok else 'errors above'})")
    return ok


def cmd_compile(args) -> int:
    """Generate the deck's Python module: print it (``--emit``), or what it holds."""
    import time
    from .codegen import generate, load
    from .codegen.lazy import compile_all
    from .loader import load_program
    program = load_program(args.deck)
    if args.emit:
        source, _ = generate(program, resumable=args.stepped)
        sys.stdout.write(source)            # deck text appears only as repr() literals
        return 0
    t = time.perf_counter()
    code = load(program, resumable=args.stepped)
    compile_all(code.namespace)           # a game compiles each function when first called
    elapsed = time.perf_counter() - t
    lines = code.source.count("\n")
    functions = code.source.count("\ndef ")
    say(f"{args.deck}: {functions} functions, {lines} lines, {len(code.source):,} bytes of "
        f"Python, generated and compiled in {elapsed * 1000:.0f} ms "
        f"({'stepped' if args.stepped else 'run'} form)")
    return 0


def _delegate(module: str):
    """A command that is ``main(args)`` of one of our modules, imported only when it runs
    (so `deckwright --help` and the other commands never load it)."""
    def run(args) -> int:
        from importlib import import_module
        return import_module(f".{module}", __package__).main(args)
    run.__name__ = f"cmd_{module}"
    return run


cmd_lint = _delegate("lint")


def cmd_test(args) -> int:
    """Run the decks' scenarios (docs/running.md); 0 if every one passed."""
    from .scenario.suite import junit_xml, render_results, run_decks
    marks = {"passed": ".", "failed": "F", "error": "E"}
    shown = []

    def report(outcome):
        if args.verbose:
            say(f"{outcome.file}:{outcome.line}: {outcome.name} {outcome.status.upper()}")
        else:
            shown.append(marks[outcome.status])
            sys.stdout.write(marks[outcome.status])
            sys.stdout.flush()

    junit = output_file(args.junit, named_decks(args.decks)) if args.junit else None

    def run_once():
        shown.clear()
        results = run_decks(args.decks, select=args.k, first_failure=args.x, report=report)
        if shown:
            sys.stdout.write("\n")
        say(render_results(results))
        if junit is not None:
            write_file(junit, junit_xml(results), args.junit)
        return results

    if args.watch:
        import time
        from .scenario.suite import watch

        def run_and_wait():
            results = run_once()
            say("watching for changes (Ctrl-C to stop)")
            return results
        watch(run_and_wait, time.sleep)       # ends by KeyboardInterrupt: status 130
    results = run_once()
    if not results.outcomes and not results.errors:
        return 5                          # as pytest: nothing was collected
    return 0 if results.ok else 1


cmd_fmt = _delegate("fmt")
cmd_lsp = _delegate("lsp")
cmd_explain = _delegate("explain")
cmd_print = _delegate("sheet")
cmd_export = _delegate("export")
cmd_import = _delegate("wikiimport")


def cmd_sim(args) -> int:
    from .loader import load_program
    from .sim import simulate
    from .progress import Progress
    reads = named_decks([args.deck])
    outputs = {name: output_file(name, reads) for name in (args.report, args.csv, args.jsonl)
               if name}
    program = load_program(args.deck)
    bots = args.bots.split(",")
    wanted = args.report or args.csv or args.jsonl
    if args.report:
        from .report import MISSING
        from importlib.util import find_spec
        if find_spec("matplotlib") is None:
            raise EngineError(MISSING)
    if args.ray is not None:
        from .sim_ray import MISSING as NO_RAY, available
        if not available():
            raise EngineError(NO_RAY)
    bar = Progress(1 if args.game is not None else args.games)
    if args.json:
        bar.shown = False
    try:
        report = simulate(program, games=args.games, seed=args.seed, players=args.players,
                          bots=bots, options=_options(args.option), only=args.game,
                          jobs=1 if args.jobs is None else args.jobs, ray=args.ray,
                          audit_hidden=args.audit_hidden, records=bool(wanted), progress=bar)
    finally:
        bar.close()
    if wanted:
        from . import report as balance
        command = balance.reproduce(args.deck, args)
        if args.report:
            write_file(outputs[args.report], balance.html_report(program, report, command),
                       args.report)
        if args.csv:
            write_file(outputs[args.csv], balance.lines_text(balance.csv_lines(report)), args.csv)
        if args.jsonl:
            write_file(outputs[args.jsonl], balance.lines_text(balance.jsonl_lines(report)),
                       args.jsonl)
        del report["records"]
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
        from deckwright.repl.app import main as repl_main        # the REPL, when installed
    except ImportError:
        repl_main = None
    if repl_main is not None and not args.watch:
        return repl_main(args)
    return watch_bot_game(args.deck or "example", args.seed, args.players, args.bots)


def watch_bot_game(deck: str, seed: int, players, bots: str) -> int:
    """Print a bot game turn by turn (the quick start's main job until the REPL)."""
    from .loader import load_program
    from .sim import play_one
    program = load_program(deck)
    n = players or max(program.min_players, 2)
    game = play_one(program, seed, 0, n, bots.split(","), log=True)   # game 0 of a run: seed
    for entry in game.log:
        if entry.secret_for is None:
            say(entry.text)
    return 0


def _whole(least: int, what: str):
    """An argparse type: a whole number of at least ``least`` (a usage error otherwise)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}")
        if value < least:
            raise argparse.ArgumentTypeError(f"{what} must be {least} or more, not {value}")
        return value
    return parse


# The bots of deckwright.dsl.agents.ALL_BOTS, named here so that `deckwright check` and
# `--help` need not import the engine (a test keeps the two the same). The search bots take
# a budget.
BOT_NAMES = ("random", "first", "greedy", "mcts", "ismcts")
SEARCH_BOT_NAMES = ("mcts", "ismcts")


def _bot_names(text: str) -> str:
    """An argparse type: comma-separated bot names, each one of :data:`BOT_NAMES`, a search
    bot with an optional budget (``mcts:200``)."""
    names = [n.strip() for n in text.split(",")]
    for name in names:
        kind, colon, budget = name.partition(":")
        if kind not in BOT_NAMES:
            shown = f"unknown bot {kind!r}" if kind else "an empty bot name"
            raise argparse.ArgumentTypeError(f"{shown}; the bots are {', '.join(BOT_NAMES)}")
        if colon and kind not in SEARCH_BOT_NAMES:
            raise argparse.ArgumentTypeError(f"bot {kind!r} takes no budget (only "
                                             f"{', '.join(SEARCH_BOT_NAMES)} do: mcts:200)")
        if colon and (not budget.isdigit() or int(budget) < 1):
            raise argparse.ArgumentTypeError(f"the budget in {name!r} must be a whole number "
                                             f"of simulations, 1 or more")
    return ",".join(names)


def _option_pair(text: str) -> str:
    name, eq, _ = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    return text


def _version() -> str:
    from . import __version__
    return f"deckwright {__version__}"


def build_parser() -> argparse.ArgumentParser:
    bots = ", ".join(BOT_NAMES) + " (mcts:N and ismcts:N search N simulations a move, " \
                                  "200 if no N is given; they need OpenSpiel: " \
                                  "pip install 'deckwright[search]')"
    ap = argparse.ArgumentParser(prog="deckwright", description="Dvorak-style card games, "
                                 "written as deck files: play, simulate, check.",
                                 epilog="DECK is a .deck file (the .deck may be left out) or "
                                        "the name of a bundled deck. `deckwright COMMAND -h` "
                                        "explains a command's options.")
    ap.add_argument("--version", action="version", version=_version(),
                    help="print Deckwright's version and exit")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a deck (the REPL), or watch bots play it",
                          description="Play a deck in the REPL (you are the first seat, bots "
                                      "the others), or watch bots play it.")
    play.add_argument("deck", nargs="?", default=None, metavar="DECK",
                      help="the deck to play (default: none, `open` one in the REPL; "
                           "with --watch, example)")
    play.add_argument("--seed", type=_whole(-2**63, "the seed"), default=1, metavar="S",
                      help="the game's seed (default: 1)")
    play.add_argument("--players", type=_whole(1, "the number of players"), default=None,
                      metavar="N", help="seats in the game (default: the deck's minimum, "
                                        "at least 2)")
    play.add_argument("--bots", type=_bot_names, default="random", metavar="NAMES",
                      help=f"the bots for the other seats, comma-separated, one of: {bots} "
                           f"(default: random)")
    play.add_argument("--watch", action="store_true",
                      help="print a bot game turn by turn instead of opening the REPL "
                           "(default: off)")
    play.add_argument("--script", default=None, metavar="FILE",
                      help="run REPL commands from FILE, not from the terminal (default: none)")
    play.add_argument("--resume", action="store_true",
                      help="go on with the game the REPL saved when it was last left "
                           "(default: off)")
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("sim", help="play many seeded bot games and report figures",
                         description="Play many seeded bot games and report wins, draws, "
                                     "game length and failures.")
    sim.add_argument("deck", metavar="DECK", help="the deck to simulate")
    sim.add_argument("--games", type=_whole(1, "the number of games"), default=100,
                     metavar="N", help="how many games (default: 100)")
    sim.add_argument("--seed", type=_whole(-2**63, "the seed"), default=0, metavar="S",
                     help="the run's seed; game i uses seed S + i (default: 0)")
    sim.add_argument("--players", type=_whole(1, "the number of players"), default=None,
                     metavar="N", help="seats per game (default: the deck's minimum, "
                                       "at least 2)")
    sim.add_argument("--bots", type=_bot_names, default="random", metavar="NAMES",
                     help=f"one bot per seat, comma-separated, cycling if shorter, each one "
                          f"of: {bots} (default: random)")
    sim.add_argument("--option", action="append", type=_option_pair, metavar="NAME=VALUE",
                     help="set a variant option of the deck; may be repeated "
                          "(default: the deck's values)")
    sim.add_argument("--game", type=_whole(0, "the game number"), default=None, metavar="N",
                     help="play only game N of the run, to replay it (default: every game)")
    spread = sim.add_mutually_exclusive_group()
    spread.add_argument("--jobs", type=_whole(0, "the number of jobs"), default=None,
                        metavar="N", help="play in N processes, 0 for one per core (same "
                                          "report, sooner; default: 1)")
    spread.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="play the games as Ray tasks: on a local Ray started for the "
                             "run, or on the Ray cluster at ADDRESS (auto, HOST:PORT, "
                             "ray://HOST:10001); same report (needs Ray: pip install "
                             "'deckwright[ray]'; default: off)")
    sim.add_argument("--json", action="store_true",
                     help="print the report as one JSON object (default: text)")
    sim.add_argument("--audit-hidden", action="store_true",
                     help="check that no seat's views (decisions, log, state) name a card it "
                          "may not see; a game that does is an error (default: off)")
    sim.add_argument("--report", default=None, metavar="FILE",
                     help="write balance figures as one self-contained HTML page with plots "
                          "(needs matplotlib: pip install 'deckwright[report]'; default: none)")
    sim.add_argument("--csv", default=None, metavar="FILE",
                     help="write a CSV row per game (default: none)")
    sim.add_argument("--jsonl", default=None, metavar="FILE",
                     help="write a JSON object per game, one a line (default: none)")
    sim.set_defaults(func=cmd_sim)

    comp = sub.add_parser("compile", help="the Python a deck compiles to (for debugging)",
                          description="Generate the Python a deck compiles to, and say what "
                                      "it holds (for debugging Deckwright).")
    comp.add_argument("deck", metavar="DECK", help="the deck to compile")
    comp.add_argument("--emit", action="store_true",
                      help="print the generated source (default: only its size)")
    comp.add_argument("--stepped", action="store_true",
                      help="the form a stepped game runs (decisions yielded), not a bot run "
                           "(default: off)")
    comp.set_defaults(func=cmd_compile)

    check = sub.add_parser("check", help="parse and check decks",
                           description="Parse and check decks, and report every error.")
    check.add_argument("decks", nargs="+", metavar="DECK", help="the decks to check")
    check.set_defaults(func=cmd_check)

    lint = sub.add_parser("lint", help="find rule conflicts and guideline breaches in decks",
                          description="Find rule conflicts and guideline breaches in decks "
                                      "(see docs/lint.md).")
    lint.add_argument("decks", nargs="*", metavar="DECK", help="the decks to lint")
    lint.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                      help="how findings are printed: text, json or sarif (default: text)")
    lint.add_argument("--sim", type=_whole(0, "the number of games"), default=0, metavar="N",
                      help="also play N seeded bot games and report what never happened "
                           "(default: 0, none)")
    lint.add_argument("--seed", type=_whole(-2**63, "the seed"), default=0, metavar="S",
                      help="seed of the --sim games (default: 0)")
    lint.add_argument("--bots", type=_bot_names, default="random", metavar="NAMES",
                      help="the bots that play the --sim games, one per seat, comma-separated "
                           f"and cycling, each one of: {bots} (default: random)")
    lint.add_argument("--audit-hidden", action="store_true",
                      help="play the --sim games under the hidden-information audit "
                           "(default: off)")
    lint.add_argument("--select", metavar="CODES",
                      help="run only these rules, comma-separated (default: all, or the "
                           "project's `[tool.deckwright.lint]` settings)")
    lint.add_argument("--ignore", metavar="CODES",
                      help="leave these rules out, comma-separated (default: none, or the "
                           "project's settings)")
    lint.add_argument("--enable", metavar="CODES",
                      help="also run these rules that are off unless asked for, "
                           "comma-separated (`untested-card`; default: none, or the "
                           "project's settings)")
    lint.add_argument("--include-base", action="store_true",
                      help="also report --sim findings in the bundled decks a deck "
                           "extends (default: off: only the deck's own)")
    lint.add_argument("--explain", metavar="CODE",
                      help="say what a rule checks and how to fix what it finds (`all` "
                           "lists the rules), and lint nothing (default: none)")
    lint.set_defaults(func=cmd_lint)

    test = sub.add_parser("test", help="run the scenarios of decks (their rule examples)",
                          description="Run every `scenario` of the decks and of the "
                                      "NAME.test.deck beside each (see docs/running.md). "
                                      "Exit status 0 if all passed, 1 if any failed or has "
                                      "an error, 5 if there were none.")
    test.add_argument("decks", nargs="+", metavar="DECK",
                      help="the decks (or .test.deck files) whose scenarios to run")
    test.add_argument("-k", default=None, metavar="TEXT",
                      help="run only the scenarios whose name holds TEXT, ignoring case "
                           "(default: all)")
    test.add_argument("-x", action="store_true",
                      help="stop at the first scenario that fails (default: run all)")
    test.add_argument("-v", "--verbose", action="store_true",
                      help="one line per scenario instead of one character (default: off)")
    test.add_argument("--junit", default=None, metavar="FILE",
                      help="also write a JUnit XML report to FILE, for CI (default: none)")
    test.add_argument("--watch", action="store_true",
                      help="run again each time a deck or test deck changes, until Ctrl-C "
                           "(default: off)")
    test.set_defaults(func=cmd_test)

    fmt = sub.add_parser("fmt", help="lay deck files out the one canonical way",
                         description="Lay deck files out the one canonical way (see "
                                     "docs/fmt.md): rewrite them in place, or with --check or "
                                     "--diff only say what would change. `-` reads standard "
                                     "input and writes standard output.")
    fmt.add_argument("files", nargs="+", metavar="FILE", help="the deck files to format")
    fmt_mode = fmt.add_mutually_exclusive_group()
    fmt_mode.add_argument("--check", action="store_true",
                          help="change nothing; name each file that is not formatted and "
                               "exit 1 if any (default: off)")
    fmt_mode.add_argument("--diff", action="store_true",
                          help="change nothing; print a unified diff of what would change "
                               "and exit 1 if any (default: off)")
    fmt.set_defaults(func=cmd_fmt)

    lsp = sub.add_parser("lsp", help="the language server, for editors (over stdio)",
                         description="Run the language server over standard input and output: "
                                     "diagnostics, hover, completion, definitions, symbols and "
                                     "quick fixes for deck files (see docs/editors.md). Needs "
                                     "the lsp extra: pip install 'deckwright[lsp]'.")
    lsp.set_defaults(func=cmd_lsp)

    explain = sub.add_parser("explain", help="each card's effect in plain English",
                             description="Print each card's printed text and the English "
                                         "generated from its effect, as the checked program "
                                         "has it (see docs/explain.md).")
    explain.add_argument("deck", metavar="DECK", help="the deck whose cards to explain")
    explain.add_argument("card", nargs="?", default=None, metavar="CARD",
                         help="only this card, by its name (default: every card with an "
                              "effect of its own)")
    explain.set_defaults(func=cmd_explain)

    sheet = sub.add_parser("print", help="a printable sheet of a deck's cards (HTML or PDF)",
                           description="Write a printable sheet of the deck's cards, nine to a "
                                       "page: name, type, corner value and printed text (see "
                                       "docs/print.md).")
    sheet.add_argument("deck", metavar="DECK", help="the deck to print")
    sheet.add_argument("-o", "--output", required=True, metavar="FILE",
                       help="the file to write (required; no default)")
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4",
                       help="the paper size: a4 or letter (default: a4)")
    sheet.add_argument("--corner", default=None, metavar="PROPERTY",
                       help="the property shown in the card's corner, or `none` (default: the "
                            "deck's first property most cards give as a number)")
    sheet.add_argument("--pdf", action="store_true",
                       help="write a PDF with headless Chromium instead of HTML (default: HTML)")
    sheet.set_defaults(func=cmd_print)

    export = sub.add_parser("export", help="a deck for LackeyCCG or the Dvorak MUSH Engine",
                            description="Write the deck in the formats the Dvorak wiki exports: "
                                        "a LackeyCCG plugin folder, and MUSHcode (see "
                                        "docs/export.md).")
    export.add_argument("deck", metavar="DECK", help="the deck to export")
    export.add_argument("--lackey", default=None, metavar="DIR",
                        help="write a Lackey plugin folder here (default: none)")
    export.add_argument("--mush", default=None, metavar="FILE",
                        help="write MUSHcode loadcard commands to FILE (default: none)")
    export.add_argument("--dvorax", action="store_true",
                        help="with --mush: the Dvorax Engine's coloured form, "
                             "`loadcard hb/NAME/TYPE/TEXT` (default: the MUSH Engine's)")
    export.add_argument("--force", action="store_true",
                        help="with --lackey: write into DIR even when it holds other files "
                             "(default: only a new or empty folder, or an earlier export's)")
    export.add_argument("--corner", default=None, metavar="PROPERTY",
                        help="the property exported as the corner value, or `none` (default: "
                             "as `print` chooses)")
    export.set_defaults(func=cmd_export)

    imp = sub.add_parser("import", help="a deck file from a Dvorak wiki page's card templates",
                         description="Turn a Dvorak wiki deck page's {{card ...}} templates "
                                     "into a deck file: names, types, corner values and printed "
                                     "text, each effect still to write (see docs/export.md).")
    imp.add_argument("wikitext", metavar="WIKITEXT",
                     help="the page's wikitext, saved to a file (`-` for standard input)")
    imp.add_argument("-o", "--output", default=None, metavar="FILE",
                     help="the deck file to write (default: standard output)")
    imp.add_argument("--name", default=None, metavar="NAME",
                     help="the game's name (default: the page's Infobox title, or Imported)")
    imp.set_defaults(func=cmd_import)
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
    except OutputError as err:           # a path to write that cannot be: a usage error
        say(f"deckwright {args.command}: {err}", err=True)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:              # `deckwright play --watch | head`: stop quietly
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
