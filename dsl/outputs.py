"""The files and folders a command writes where the user said (`test --junit FILE`,
`print -o FILE`, `export --lackey DIR`, `sim --csv FILE`, the REPL's `save FILE`...).

Every such path is checked before the command does its work, and one that cannot be
written is one line naming it and saying why, never a traceback: from the command line,
``deckwright COMMAND: cannot write ...`` and exit status 2 (docs/running.md). No command
makes the folders above what it writes: a missing folder is a slip in the path far more
often than a wish, and a folder made by mistake is litter. A folder a command fills
(`export --lackey DIR`) is made only if its parent exists, and an existing one must be
empty or the command's own, unless the user says ``--force``.

>>> try:
...     output_file("/nonexistent/r.xml")
... except OutputError as err:
...     print(err)
cannot write `/nonexistent/r.xml`: there is no folder `/nonexistent`
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable, Optional


class OutputError(Exception):
    """A path the user gave that cannot be written; ``str()`` is the line to show."""


def _usable(name: str) -> Path:
    if not name or "\0" in name:
        raise OutputError(f"cannot write `{name}`: it is no name a file can have")
    return Path(name)


def _folder_ok(folder: Path, what: str) -> None:
    """The folder a file or folder is to be made in: it must be there, be a folder, and
    let the user make files in it."""
    where = folder if str(folder) else Path(".")
    if not where.exists():
        raise OutputError(f"{what}: there is no folder `{where}`")
    if not where.is_dir():
        raise OutputError(f"{what}: `{where}` is not a folder")
    if not os.access(where, os.W_OK | os.X_OK):
        raise OutputError(f"{what}: you may not make files in `{where}` (permission denied)")


def output_file(name: str, reads: Iterable = ()) -> Path:
    """The file ``name`` once it is known that it can be written: a file, or nothing yet,
    in a folder that exists and that the user may write in; not a file of ``reads`` (the
    files the command reads: `print game.deck -o game.deck` would lose the deck).
    OutputError otherwise."""
    path = _usable(name)
    what = f"cannot write `{name}`"
    if path.is_dir():
        raise OutputError(f"{what}: it is a folder")
    if path.exists():
        if any(_same(path, Path(r)) for r in reads):
            raise OutputError(f"{what}: it is a file this command reads")
        if not os.access(path, os.W_OK):
            raise OutputError(f"{what}: the file is read-only to you (permission denied)")
        return path
    _folder_ok(path.parent, what)
    return path


def write_file(path: Path, text: str, shown: Optional[str] = None) -> None:
    """Write ``text`` to ``path`` (checked by :func:`output_file`): what can still go
    wrong (a full disk, a file system that refuses) is an OutputError too."""
    try:
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    except OSError as err:
        raise OutputError(f"cannot write `{shown or path}`: {err.strerror or err}") from None


def output_folder(name: str, ours: Callable[[Path], bool], force: bool = False,
                  what: str = "files") -> Path:
    """The folder ``name`` once it is known that ``what`` can be written into it: a
    folder that does not exist yet (in one that does), an empty one, one that ``ours``
    says an earlier run of the command wrote, or, with ``force``, any folder the user may
    write in. OutputError otherwise: a folder holding other files is refused, so that
    `export --lackey /etc` scatters nothing."""
    folder = _usable(name)
    say = f"cannot write {what} into `{name}`"
    if not folder.exists():
        _folder_ok(folder.parent, say)
        return folder
    if not folder.is_dir():
        raise OutputError(f"{say}: it is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{say}: you may not make files in it (permission denied)")
    if not force and not ours(folder):
        try:
            held = sum(1 for _ in folder.iterdir())
        except OSError as err:
            raise OutputError(f"{say}: {err.strerror or err}") from None
        if held:
            raise OutputError(f"{say}: it holds {held} other file{'s' if held != 1 else ''} "
                              f"or folder{'s' if held != 1 else ''}, and no earlier export; "
                              f"name a new or empty folder (or add --force to write there "
                              f"all the same)")
    return folder


def write_into(folder: Path, files: dict, folders: Iterable[str] = (),
               shown: Optional[str] = None) -> None:
    """Write ``files`` (path relative to ``folder`` → text) and make ``folders`` (relative
    too) inside ``folder`` (checked by :func:`output_folder`), making ``folder`` itself if
    it is new. The folders inside it are made as needed, but never written through a
    link: a link in the folder may point anywhere (`sets` → `/etc`)."""
    top = shown or str(folder)
    try:
        folder.mkdir(exist_ok=True)
        for rel in [*folders, *(str(Path(r).parent) for r in files)]:
            _inner_folder(folder, rel, top)
        for rel, text in files.items():
            path = folder / rel
            if path.is_symlink():
                raise OutputError(f"cannot write `{Path(top) / rel}`: it is a link, and "
                                  f"an export writes no file through a link")
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
    except OSError as err:
        where = str(err.filename or folder)
        inside = "" if where == str(folder) else f" (`{where}`)"
        raise OutputError(f"cannot write into `{top}`{inside}: {err.strerror or err}") \
            from None


def _inner_folder(folder: Path, rel: str, top: str) -> None:
    at = folder
    for part in Path(rel).parts:
        at = at / part
        if at.is_symlink():
            raise OutputError(f"cannot write into `{Path(top) / at.relative_to(folder)}`: it "
                              f"is a link, and an export writes no file through a link")
        if not at.is_dir():
            at.mkdir()


def named_decks(names: Iterable[str]) -> list:
    """The files of those of ``names`` that name a deck (for :func:`output_file`'s
    ``reads``); a name that does not is left to the command to report."""
    from .errors import DeckError
    from .loader import resolve_deck
    out = []
    for name in names:
        try:
            out.append(resolve_deck(name))
        except DeckError:
            pass
    return out


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


__all__ = ["OutputError", "named_decks", "output_file", "output_folder", "write_file",
           "write_into"]
