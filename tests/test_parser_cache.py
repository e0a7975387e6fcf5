"""The parser cache is a pickle, so only a file the user alone could have written is read.

Each test builds the parser afresh (``lark_parser.__wrapped__``) with the cache folder
pointed at a temporary one. A "planted" cache file is a pickle whose loading would make
a marker folder: if the marker exists, someone else's code ran.
"""
import getpass
import hashlib
import os
import stat
import sys
import tempfile

import lark
import pytest

from deckwright.dsl import parser as P
from deckwright.dsl.usercache import private_file
from deckwright.grammar import GRAMMAR_PATH

POSIX = hasattr(os, "getuid")


class Planted:
    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (os.mkdir, (self.marker,))


def plant(path, marker):
    """A cache file whose unpickling creates ``marker``."""
    import pickle
    path.write_bytes(b"0" * 64 + b"\n" + pickle.dumps(Planted(marker)))


def old_temp_cache_name() -> str:
    """Where `Lark(..., cache=True)` with the old options looks: a name anyone can predict."""
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    options = dict(parser="lalr", strict=True, propagate_positions=True,
                   maybe_placeholders=True, cache=True)
    digest = hashlib.sha256((grammar + "".join(k + str(v) for k, v in options.items())
                             + lark.__version__ + str(sys.version_info[:2])).encode()).hexdigest()
    return f".lark_cache_{getpass.getuser()}_{digest}_{sys.version_info[0]}_{sys.version_info[1]}.tmp"


def build():
    parser = P.lark_parser.__wrapped__()
    assert parser.parse('game "G"\n').data == "start"      # and it still parses
    return parser


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory):
    """A cache folder holding a parser cache, built once for the tests that read one."""
    root = tmp_path_factory.mktemp("xdg")
    old = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(root)
    try:
        P.lark_parser.__wrapped__()
    finally:
        if old is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = old
    return root


def test_a_pickle_planted_at_larks_temp_folder_name_is_never_loaded(tmp_path, monkeypatch, warm_cache):
    shared_tmp = tmp_path / "tmp"
    shared_tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared_tmp))
    monkeypatch.setenv("XDG_CACHE_HOME", str(warm_cache))
    marker = tmp_path / "code-ran"
    plant(shared_tmp / old_temp_cache_name(), marker)
    build()
    assert not marker.exists()


def test_the_cache_is_a_private_file_in_the_users_cache_folder_and_is_reused(warm_cache, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(warm_cache))
    folder = warm_cache / "deckwright"
    [cache] = folder.iterdir()
    assert cache.name.startswith("parser-") and cache.suffix == ".lark"
    if POSIX:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(cache.stat().st_mode) == 0o600

    def no_building(self):
        raise AssertionError("the parser was built again instead of read from the cache")
    monkeypatch.setattr(lark.Lark, "_build_parser", no_building)
    build()


def test_without_xdg_cache_home_the_cache_is_in_dot_cache(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert private_file("x") == tmp_path / ".cache" / "deckwright" / "x"


def test_a_relative_xdg_cache_home_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert private_file("x") == tmp_path / ".cache" / "deckwright" / "x"


@pytest.mark.skipif(not POSIX, reason="POSIX permissions")
def test_a_cache_folder_others_can_write_is_refused_and_its_pickle_never_loaded(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    name = P._cache_file(GRAMMAR_PATH.read_text(encoding="utf-8")).name
    folder = tmp_path / "deckwright"
    marker = tmp_path / "code-ran"
    plant(folder / name, marker)
    os.chmod(folder, 0o777)
    build()
    assert not marker.exists()


def _others_can_write_the_folder(folder, cache, monkeypatch):
    os.chmod(folder, 0o770)


def _others_can_write_the_file(folder, cache, monkeypatch):
    cache.write_bytes(b"")
    os.chmod(cache, 0o666)


def _the_folder_is_a_symlink(folder, cache, monkeypatch):
    real = folder.with_name("elsewhere")
    folder.rename(real)
    folder.symlink_to(real)


def _the_file_is_a_symlink(folder, cache, monkeypatch):
    other = folder.parent / "other.lark"
    other.write_bytes(b"")
    cache.symlink_to(other)


def _the_parent_is_writable_by_others_without_a_sticky_bit(folder, cache, monkeypatch):
    os.chmod(folder.parent, 0o777)


def _the_folder_belongs_to_someone_else(folder, cache, monkeypatch):
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)     # we are now another user


REFUSED = [_others_can_write_the_folder, _others_can_write_the_file, _the_folder_is_a_symlink,
           _the_file_is_a_symlink, _the_parent_is_writable_by_others_without_a_sticky_bit,
           _the_folder_belongs_to_someone_else]


@pytest.mark.skipif(not POSIX, reason="POSIX permissions and owners")
@pytest.mark.parametrize("spoil", REFUSED, ids=lambda f: f.__name__.strip("_"))
def test_a_cache_that_is_not_the_users_alone_is_not_used(spoil, tmp_path, monkeypatch):
    root = tmp_path / "home"
    root.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(root))
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    cache = P._cache_file(grammar)
    assert cache is not None                         # private: usable
    spoil(cache.parent, cache, monkeypatch)
    assert P._cache_file(grammar) is None            # so Lark gets cache=False


@pytest.mark.skipif(not POSIX or os.geteuid() != 0, reason="chown needs root")
def test_a_cache_file_owned_by_someone_else_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache = private_file("parser.lark")
    cache.write_bytes(b"")
    os.chmod(cache, 0o644)
    os.chown(cache, 4242, 4242)
    assert private_file("parser.lark") is None


@pytest.mark.skipif(not POSIX, reason="POSIX permissions")
def test_a_sticky_shared_parent_like_tmp_is_accepted(tmp_path, monkeypatch):
    os.chmod(tmp_path, 0o1777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert private_file("parser.lark") == tmp_path / "deckwright" / "parser.lark"


def test_an_unwritable_cache_folder_means_no_cache_not_an_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))      # a file where a folder should be
    assert private_file("parser.lark") is None


def test_the_data_folder_follows_the_same_privacy_rules(tmp_path, monkeypatch):
    """The REPL's autosave lives there (see repl/autosave.py)."""
    from deckwright.dsl.usercache import data_root
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert private_file("autosave.json", data_root()) == tmp_path / "data" / "deckwright" / "autosave.json"
    assert oct((tmp_path / "data" / "deckwright").stat().st_mode & 0o777) == "0o700"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")          # not absolute: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_root() == tmp_path / "home" / ".local" / "share"
    os.chmod(tmp_path / "data" / "deckwright", 0o777)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert private_file("autosave.json", data_root()) is None     # others may write there
