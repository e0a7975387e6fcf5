"""A cache (or data) folder only the current user can write, or None.

Lark's parser cache is a pickle, and unpickling runs code: a cache file anyone else could
have written (Lark's own default is a predictable name in the shared temp folder) would
let them run code as whoever starts Deckwright. So the cache lives in the user's cache
folder, ``$XDG_CACHE_HOME/deckwright`` (``~/.cache/deckwright`` when that is unset or not
absolute), created 0700, and is used only while it and its file pass :func:`private_file`:
not a symlink, owned by this user, writable by no one else. A folder that fails is left
alone and the parser is built without a cache (slower to start, never an error).

The REPL keeps its autosave in the user's data folder under the same rules:
``private_file("autosave.json", data_root())``.

>>> path = private_file("parser.pickle")
>>> path is None or (path.parent.name, path.name) == ("deckwright", "parser.pickle")
True
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Optional

APP = "deckwright"


def cache_root() -> Path:
    """``$XDG_CACHE_HOME`` if it is an absolute path (the XDG rule), else ``~/.cache``;
    ``%LOCALAPPDATA%`` on Windows."""
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~")
        return Path(base)
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base)


def data_root() -> Path:
    """``$XDG_DATA_HOME`` if it is an absolute path (the XDG rule), else
    ``~/.local/share``; ``%APPDATA%`` on Windows."""
    if os.name == "nt":
        return Path(os.environ.get("APPDATA") or os.path.expanduser("~"))
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base)


def _private(st: os.stat_result, kind) -> bool:
    """Of ``kind`` (not a symlink: ``st`` is from lstat), ours, writable by us alone."""
    uid = getattr(os, "getuid", None)
    if uid is None:                          # Windows: the folder is per user already
        return kind(st.st_mode)
    return kind(st.st_mode) and st.st_uid == uid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _safe_parent(folder: Path) -> bool:
    """Nobody else can rename or replace ``folder``: its parent is writable by no one
    else, or has the sticky bit (like /tmp)."""
    try:
        st = os.stat(folder.parent)
    except OSError:
        return False
    return not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH) or bool(st.st_mode & stat.S_ISVTX)


def private_dir(root: Optional[Path] = None) -> Optional[Path]:
    """The Deckwright folder in ``root`` (the cache root by default), made if missing;
    None if it is not private."""
    folder = (root or cache_root()) / APP
    try:
        folder.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            pass
        st = os.lstat(folder)
    except OSError:                          # read-only home, no home at all
        return None
    if not _private(st, stat.S_ISDIR) or not _safe_parent(folder):
        return None
    return folder


def private_file(name: str, root: Optional[Path] = None) -> Optional[Path]:
    """``name`` inside :func:`private_dir` of ``root``, if that folder is private and the
    file is either absent or a regular file that passes the same test; else None."""
    folder = private_dir(root)
    if folder is None:
        return None
    path = folder / name
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path
    except OSError:
        return None
    return path if _private(st, stat.S_ISREG) else None
