"""`deckwright play`: the prompt_toolkit glue around :class:`deckwright.repl.commands.Processor`.

Thin on purpose: one :func:`build_prompt_session` (the input line's lexer, completer, file
history, bottom toolbar, style, key bindings), one loop that never dies (Ctrl-C cancels the line or
the running command, Ctrl-D quits, every error is one message), and :func:`run_script` for
``--script FILE`` and piped standard input, which prints what the REPL would show and
stops at the first failing line with ``FILE:LINE`` and exit status 1.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Callable, Iterable, Optional

from deckwright.dsl.terminal import visible

from . import pager
from .commands import Output, Processor, needs_more

PROMPT_STYLE = {
    "toolbar": "bg:#1c2733 #e0e6ee",
    "toolbar.dim": "bg:#1c2733 #5c6b7a",
    "toolbar.player": "bg:#1c2733 #ffd75f bold",
    "toolbar.res": "bg:#1c2733 #87d787",
    "toolbar.over": "bg:#1c2733 #ff875f bold",
    "bottom-toolbar": "noreverse",
    "error": "#ff5f5f",
    # The line being typed (deckwright.repl.input_lexer); deck text after `eval`/`def`
    # keeps the Pygments colours.
    "line.command": "#5fafff bold",
    "line.answer": "#87d787",
    "line.number": "#d7af5f",
    "line.setting": "#d787d7",
    "line.value": "#d7d7af",
    "line.argument": "#afd7ff",
    "line.comment": "#808080 italic",
    "line.error": "#ff5f5f underline",
}


def history_path() -> Path:
    """Where the command history lives: $XDG_DATA_HOME/deckwright/history (or ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "deckwright" / "history"


def make_history():
    """A FileHistory in the user's data folder; in memory when that cannot be written
    (read-only HOME, sandbox)."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)   # the autosave's too
        with open(path, "a", encoding="utf-8"):
            pass
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def make_key_bindings(proc: Processor):
    """The REPL's own keys (prompt_toolkit's defaults do the rest: Tab completes,
    Up/Down walk the history, Ctrl-R searches it)."""
    from prompt_toolkit.key_binding import KeyBindings
    kb = KeyBindings()

    @kb.add("enter")
    def _(event):
        """Enter runs the command, unless a `def`/`eval` still has a `{` open: then it
        starts the next line. With the completion menu open it takes the completion."""
        buf = event.current_buffer
        if buf.complete_state and buf.complete_state.current_completion:
            buf.apply_completion(buf.complete_state.current_completion)
            return
        if needs_more(buf.text):
            buf.insert_text("\n")
        else:
            buf.validate_and_handle()

    @kb.add("escape", "enter")
    def _(event):
        """Alt-Enter (Esc Enter) always starts a new line."""
        event.current_buffer.insert_text("\n")

    @kb.add("f2")
    def _(event):
        """F2 shows the table (`state`) without touching the line being typed."""
        from prompt_toolkit.application import run_in_terminal
        run_in_terminal(lambda: _show_calmly(emit, lambda: proc.execute("state")))

    return kb


def make_validator(proc: Processor):
    """On Enter, a line that cannot run (an unknown command, an answer that is no option)
    stays in the buffer with the reason below it, to be mended instead of retyped."""
    from prompt_toolkit.validation import ValidationError, Validator

    class LineValidator(Validator):
        def validate(self, document):
            problem = proc.problem(document.text)
            if problem is not None:
                raise ValidationError(message=problem, cursor_position=len(document.text))
    return LineValidator()


def build_prompt_session(proc: Processor, input=None, output=None, history=None):
    """The one PromptSession assembly."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.styles import Style

    from .completion import DeckwrightCompleter
    from .input_lexer import InputLexer
    return PromptSession(
        message=proc.prompt,
        lexer=InputLexer(proc.completion_context),      # a command line, not deck text
        completer=DeckwrightCompleter(proc.completion_context),
        complete_while_typing=False,
        history=history if history is not None else make_history(),
        bottom_toolbar=proc.toolbar,
        style=Style.from_dict(PROMPT_STYLE),
        key_bindings=make_key_bindings(proc),
        validator=make_validator(proc),
        validate_while_typing=False,
        multiline=True,                 # Enter is ours: see make_key_bindings
        prompt_continuation=lambda width, line, wrap: "." * (width - 1) + " ",
        input=input, output=output,
    )


def emit(out: Output, output=None) -> None:
    """Print a command's output: deck source highlighted, errors in the error style; deck
    text's control characters shown, not obeyed (prompt_toolkit only turns ESC into `?`)."""
    from prompt_toolkit import print_formatted_text
    from prompt_toolkit.formatted_text import FormattedText, PygmentsTokens
    from prompt_toolkit.styles import Style
    from pygments import lex

    from .lexer import DeckwrightLexer
    style = Style.from_dict(PROMPT_STYLE)
    if out.page and all(kind == "text" for kind, _ in out.chunks) and pager.wanted(output):
        lines = visible(out.text()).split("\n")
        height = pager.rows()
        if len(lines) >= height:
            with pager.keys() as read_key:
                pager.page(lines, height,
                           lambda line: print_formatted_text(line, output=output),
                           read_key, pager.terminal_prompt, pager.terminal_unprompt)
            return
    for kind, text in out.chunks:
        text = visible(text)
        if kind == "source":
            ft = PygmentsTokens(list(lex(text, DeckwrightLexer())))
            print_formatted_text(ft, end="", style=style, output=output)
        elif kind == "error":
            print_formatted_text(FormattedText([("class:error", text)]), style=style,
                                 output=output)
        else:
            print_formatted_text(text, output=output)


def run_interactive(proc: Processor, input=None, output=None, history=None,
                    write: Optional[Callable[[Output], None]] = None, autosave: bool = False,
                    first: Optional[Output] = None) -> int:
    """The loop: prompt, run, show; until Ctrl-D or `quit`. Ctrl-C at any moment cancels
    what is going on (the line typed, the command running, or its printing) and comes
    back to the prompt with the game intact. With ``autosave`` the game is saved on every
    way out (see :mod:`deckwright.repl.autosave`). ``first`` is shown instead of the banner."""
    session = build_prompt_session(proc, input=input, output=output, history=history)
    show = write or (lambda o: emit(o, output))
    status, crash = 0, None
    # One event loop for every prompt: `session.prompt()` makes and drops one each time,
    # and a Ctrl-C landing in a dropped loop's `__del__` (whenever the collector ran it,
    # in the middle of a command) printed a traceback instead of cancelling the command.
    loop = asyncio.new_event_loop()
    with _leaving_on_hangup():
        try:
            _show_calmly(show, lambda: first or proc.banner(), output)
            while True:
                try:
                    if not _one_line(lambda: _prompt(session, loop), proc, show, output):
                        break
                except KeyboardInterrupt:   # between the steps of a round: start the next
                    _show_calmly(show, lambda: Output([("error", "cancelled")], ok=False),
                                 output)
        except Exception as err:            # a bug in Deckwright outside any command
            status, crash = 1, f"internal error: {type(err).__name__}: {err}"
        finally:
            saved = _autosave(proc) if autosave else None
            proc.close()
            _say_goodbye(show, crash, saved, output)
            loop.close()
    return status


def _prompt(session, loop) -> str:
    """The line typed at the prompt, read in ``loop``, which is then left as
    ``asyncio.run`` leaves its own: every task still there (the prompt's, if a way out
    such as SIGTERM ended it, and what it left to finish) cancelled and run to its end,
    so the terminal is put back and the next prompt starts afresh."""
    try:
        return loop.run_until_complete(session.prompt_async())
    finally:
        left = asyncio.all_tasks(loop)
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))


def _autosave(proc: Processor) -> Optional[str]:
    from . import autosave
    while True:
        try:
            return autosave.save(proc)
        except KeyboardInterrupt:           # Ctrl-C on the way out: save all the same
            continue


def _say_goodbye(show, crash: Optional[str], saved: Optional[str], output) -> None:
    lines = [(kind, text) for kind, text in (("error", crash), ("text", saved)) if text]
    if lines:
        try:
            _show_calmly(show, lambda: Output(lines), output)
        except OSError:                     # the terminal is gone (SIGHUP)
            pass


@contextlib.contextmanager
def _leaving_on_hangup():
    """A closed terminal (SIGHUP) or a kill (SIGTERM) leaves through the loop's `finally`
    (so the game is autosaved) rather than stopping the process where it stands."""
    def leave(signum, frame):
        raise SystemExit(128 + signum)
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    wanted = [getattr(signal, n) for n in ("SIGHUP", "SIGTERM") if hasattr(signal, n)]
    before = {n: signal.signal(n, leave) for n in wanted}
    try:
        yield
    finally:
        for n, handler in before.items():
            signal.signal(n, handler)


def _one_line(prompt: Callable[[], str], proc: Processor, show, output) -> bool:
    """Prompt for one line, run it, show what it did; False when it is time to leave."""
    try:
        with _interrupt_held() as held:
            text = prompt()
    except KeyboardInterrupt:               # Ctrl-C at the prompt: drop the line
        return True
    except EOFError:                        # Ctrl-D
        return False
    if held:                                # Ctrl-C as the prompt closed: drop it too
        _show_calmly(show, lambda: Output([("error", "cancelled")], ok=False), output)
        return True
    out = proc.execute(text)                # Ctrl-C inside: cancelled, the game put back
    try:
        show(out)
    except KeyboardInterrupt:               # Ctrl-C while printing: stop printing
        _show_calmly(show, lambda: cut_short(out), output)
    return not out.quit


@contextlib.contextmanager
def _interrupt_held():
    """Ctrl-C kept for later while the prompt starts and ends: then the terminal is not
    the prompt's, so Ctrl-C is a signal, and a KeyboardInterrupt raised inside
    prompt_toolkit's making or closing of its event loop left a half-made loop whose
    ``__del__`` printed a traceback and "coroutine ... was never awaited" (seen under
    load, when those moments are long). While the prompt runs, prompt_toolkit handles
    Ctrl-C itself (a key, or its own handler, which it puts back as it found it). Yields
    a list that holds the signal's number if one came."""
    came: list = []
    if threading.current_thread() is not threading.main_thread():
        yield came
        return
    before = signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    try:
        yield came
    finally:
        signal.signal(signal.SIGINT, before)


def cut_short(out: Output) -> Output:
    """What the REPL says when Ctrl-C stops it printing ``out``."""
    done = "; the command was done: `undo` takes it back" if out.changed else ""
    return Output([("error", "(output cut short by Ctrl-C" + done + ")")], ok=out.ok,
                  quit=out.quit)


def _show_calmly(show, make: Callable[[], Output], output=None) -> None:
    """Show a short message even if Ctrl-C is pressed again meanwhile (it is skipped then),
    after putting the terminal's colours back (a print cut short may have left them)."""
    try:
        _reset_terminal(output)
        show(make())
    except KeyboardInterrupt:
        pass


def _reset_terminal(output=None) -> None:
    from prompt_toolkit.application.current import get_app_session
    out = output or get_app_session().output
    out.reset_attributes()
    out.flush()


def run_script(lines: Iterable[str], name: str, proc: Processor,
               write: Callable[[str], None] = print,
               error: Callable[[str], None] = lambda s: print(s, file=sys.stderr)) -> int:
    """Run commands line by line as the REPL would, echoing each after its prompt. A
    `def`/`eval` may span lines while a `{` is open. The first failing command stops the
    run: ``NAME:LINE: ...`` on stderr, status 1. Everything written is
    :func:`~deckwright.dsl.terminal.visible`."""
    def say(text: str) -> None:
        write(visible(text))

    def fail(text: str) -> None:
        error(visible(text))

    buffer: list = []
    start = 0
    banner = proc.banner().text()
    if banner:
        say(banner)
    for lineno, line in enumerate(lines, 1):
        if not buffer:
            start = lineno
        buffer.append(line.rstrip("\r\n"))
        text = "\n".join(buffer)
        if needs_more(text):
            continue
        buffer = []
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        say(proc.prompt() + text)
        out = proc.execute(text)
        shown = out.text()
        if not out.ok:
            fail(f"{name}:{start}: {shown}")
            proc.close()
            return 1
        if shown:
            say(shown)
        if out.quit:
            break
    if buffer:
        fail(f"{name}:{start}: error: the `{buffer[0].split(' ', 1)[0]}` starting here has "
             f"a `{{` that is never closed")
        proc.close()
        return 1
    proc.close()
    return 0


def main(args) -> int:
    """Entry point from ``deckwright play`` (see :func:`deckwright.dsl.cli.cmd_play`)."""
    bots = getattr(args, "bots", "random") or "random"
    kind = bots.split(",")[0]
    seed, players = getattr(args, "seed", 1) or 1, getattr(args, "players", None)
    first = None
    if getattr(args, "resume", False):
        if getattr(args, "deck", None):
            print("error: `--resume` goes on with the autosaved game, on its own deck; name no "
                  "deck with it", file=sys.stderr)
            return 2
        from .autosave import resume
        proc = Processor(seed=seed, players=players, bot_kind=kind)
        first = resume(proc)
        if not first.ok:
            print(visible(first.text()), file=sys.stderr)
            return 1
        if getattr(args, "script", None) or not sys.stdin.isatty():
            print(visible(first.text()))
    else:
        proc = Processor(getattr(args, "deck", None), seed=seed, players=players, bot_kind=kind)
    script = getattr(args, "script", None)
    if script:
        try:
            with open(script, encoding="utf-8") as f:
                lines = f.readlines()
        except OSError as err:
            print(f"error: cannot read {script}: {err.strerror or err}", file=sys.stderr)
            return 1
        return run_script(lines, script, proc)
    if not sys.stdin.isatty():
        return run_script(sys.stdin, "<stdin>", proc)
    return run_interactive(proc, autosave=True, first=first)
