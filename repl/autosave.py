"""The autosave: the game the interactive REPL had when it was left, so that
``deckwright play --resume`` goes on with it.

The REPL saves it on every way out: `quit`, Ctrl-D, a closed terminal (SIGHUP), a kill
(SIGTERM), a crash. It is an ordinary save file, ``autosave.json`` in the user's data
folder (``$XDG_DATA_HOME/deckwright``, else ``~/.local/share/deckwright``), which must be
private as :mod:`deckwright.dsl.usercache` defines it (made 0700, the file 0600, ours, not a link).
So it is the user's own file, and unlike a save file from anyone it may name its deck by
a full path. It is written whole or not at all: a private temporary file renamed over
the old one. There is one: the REPL left last wins. Scripts (``--script``, piped input)
leave it alone.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Optional

from deckwright.dsl.usercache import APP, data_root, private_file

from .commands import Output, Processor, save_text

NAME = "autosave.json"


def autosave_path() -> Optional[Path]:
    """Where the autosave lives, or None if that folder or file is not private."""
    return private_file(NAME, data_root())


def _where() -> Path:
    return data_root() / APP / NAME


def save(proc: Processor) -> Optional[str]:
    """Save ``proc``'s game as the autosave; what to tell the user (None: no game)."""
    if proc.session is None:
        return None
    path = autosave_path()
    if path is None:
        return (f"the game was not autosaved: {_where()} is not private to you (a folder or "
                f"file others can write, a link, or not yours)")
    try:
        _write_privately(path, save_text(proc.save_data(path)))
    except OSError as err:
        return f"the game was not autosaved: cannot write {path}: {err.strerror or err}"
    return f"game saved to {path}; `deckwright play --resume` goes on with it"


def _write_privately(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".autosave-", suffix=".tmp")  # 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)                   # replaces a link itself, never its target
    except BaseException:
        os.unlink(tmp)
        raise


def resume(proc: Processor) -> Output:
    """Load the autosave into ``proc``, as `load` would (an Output; not ok if it cannot)."""
    path = autosave_path()
    if path is None:
        return Output([("error", f"error: {_where()} is not private to you (a folder or file "
                                 f"others can write, a link, or not yours); it is not read")],
                      ok=False)
    if not path.exists():
        return Output([("error", f"error: no game to resume: {path} does not exist (the REPL "
                                 f"saves it when you leave a game)")], ok=False)
    return proc.run_guarded(lambda out: proc.load_save(path, out, trusted=True))
