"""Simulated games as Ray tasks, on a local Ray or an existing Ray cluster (`sim --ray`).

Ray (``pip install 'deckwright[ray]'``) is optional: nothing else imports it. A run is cut
into slices of game numbers, as `--jobs` cuts it, and each slice is one task that plays
its games and sends back their :class:`deckwright.dsl.sim.Tally`. Every game depends on its own
seeds alone, so the merged report is the one ``--jobs 1`` gives, game for game.

A compiled program is closures and cannot be pickled, so a task is sent the deck's
sources (every file the driver read, by the name the driver showed it under) and builds
the program itself, once per worker process: the files are written to a private
temporary folder laid out as the driver saw them, loaded from there, and checked to be
the same game (the same files and the same generated module, by digest). A node whose
Deckwright reads or generates otherwise is refused with a message, never a game that
differs.
"""
from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from importlib.util import find_spec
from pathlib import Path
from typing import Callable, Optional

from .errors import EngineError

MISSING = ("--ray needs Ray, an optional extra: pip install 'deckwright[ray]' "
           "(or: pip install ray)")

MAX_SLICE = 250       # games in one task at most: a million-game run is 4,000 tasks or more


def available() -> bool:
    """Whether Ray is installed (without importing it)."""
    return find_spec("ray") is not None


def shipment(program) -> dict:
    """What a worker needs to build ``program`` again: its files' texts and digests."""
    from . import __version__
    return {"top": program.pos.file if program.pos else next(iter(program.sources)),
            "sources": dict(program.sources), "version": __version__,
            "digest": _digest(program)}


def _digest(program) -> str:
    return hashlib.sha256(program.code(resumable=False).source.encode("utf-8")).hexdigest()


_BUILT: dict = {}     # (digest, sources) → program, in each worker (workers are reused)


def program_from(sent: dict):
    """The program of a :func:`shipment`, built in this process (once) and checked."""
    key = (sent["digest"], tuple(sent["sources"].items()))
    found = _BUILT.get(key)
    if found is not None:
        return found
    from . import __version__
    from .loader import load_program
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="deckwright-") as folder:
        root = Path(folder)
        for name, text in sent["sources"].items():
            path = root / name.lstrip("/")   # a file outside the driver's folder: under it
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8", errors="surrogatepass")
        os.chdir(folder)                      # the files are shown by the driver's names
        try:
            program = load_program(str(root / sent["top"].lstrip("/")))
        finally:
            os.chdir(here)
    node = os.uname().nodename
    if list(program.sources.values()) != list(sent["sources"].values()):
        raise EngineError(f"the Ray worker on {node} reads other deck files than the driver "
                          f"(Deckwright {__version__} there, {sent['version']} on the "
                          f"driver): install the same Deckwright on every node")
    if _digest(program) != sent["digest"]:
        raise EngineError(f"the Ray worker on {node} compiles the deck to other code than "
                          f"the driver (Deckwright {__version__} there, {sent['version']} "
                          f"on the driver): install the same Deckwright on every node")
    _BUILT[key] = program             # its functions compile as games first reach them
    return program


def play_slice(sent: dict, rest: tuple, indices: range):
    """A Ray task's body: the games ``indices`` of the run, as a Tally."""
    from .sim import _play_many
    return _play_many((program_from(sent),) + rest, indices)


def play_on_ray(setting: tuple, indices: range, address: str,
                progress: Optional[Callable] = None):
    """Play the run's games as Ray tasks and merge their tallies (see the module).
    ``address``: "" for a local Ray started for this run, else an existing cluster's
    (``auto``, ``HOST:PORT``, ``ray://HOST:10001``)."""
    if not available():
        raise EngineError(MISSING)
    import ray
    from .sim import Tally
    started = not ray.is_initialized()     # else: the caller's Ray, left as it is
    if started:
        connect(address)
    try:
        task = ray.remote(play_slice)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        sent = ray.put(shipment(setting[0]))
        size = max(1, min(MAX_SLICE, len(indices) // (cpus * 4) or 1))
        rest = setting[1:]
        pending = [task.remote(sent, rest, indices[k:k + size])
                   for k in range(0, len(indices), size)]
        tally = Tally()
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            part = _result(ray, done[0])
            tally.merge(part)
            if progress is not None:
                progress(part.played)
        return tally
    finally:
        if started:
            ray.shutdown()


def connect(address: str = "") -> None:
    """Start a local Ray (``""``) or join the cluster at ``address``, quietly."""
    import ray
    options = {"logging_level": logging.ERROR, "log_to_driver": False,
               "configure_logging": True}
    if not address:
        # A local Ray runs this machine's Deckwright: the workers import it from where
        # the driver did (a checkout run with PYTHONPATH=., say): the folder that holds
        # the `deckwright` package (site-packages, or a checkout's top).
        import deckwright
        package_root = str(Path(deckwright.__file__).resolve().parent.parent)
        path = os.pathsep.join(p for p in (package_root, os.environ.get("PYTHONPATH")) if p)
        options.update(include_dashboard=False,
                       runtime_env={"env_vars": {"PYTHONPATH": path}})
    _answers(address)
    try:
        ray.init(address=address or None, **options)
    except Exception as err:        # Ray raises ConnectionError, RuntimeError, ValueError...
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        if "Could not find any running Ray instance" in first:
            first = ("no Ray cluster runs on this node; start one with `ray start --head`, "
                     "or give the head's address (HOST:6379, ray://HOST:10001)")
        raise EngineError(f"could not start or reach {where}: {first}") from None


def _answers(address: str, timeout: float = 5.0) -> None:
    """Whether something listens at a ``HOST:PORT`` or ``ray://HOST[:PORT]`` address:
    Ray itself would retry a wrong one for minutes, printing its own warnings."""
    import socket
    rest = address[len("ray://"):] if address.startswith("ray://") else address
    host, colon, port = rest.rpartition(":")
    if not colon:
        host, port = rest, "10001" if address.startswith("ray://") else ""
    if not host or not port.isdigit():
        return                       # "", "auto", "local": Ray finds the cluster itself
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as err:
        why = err.strerror or type(err).__name__
        raise EngineError(f"could not reach the Ray cluster at {address}: nothing answers "
                          f"at {host}:{port} ({why}); is `ray start --head` running "
                          f"there?") from None


def _result(ray, ref):
    """A task's Tally; an engine error inside a task (a worker that is not the same
    Deckwright) is this run's error, with its own message."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as err:
        cause = getattr(err, "cause", None)
        if isinstance(cause, EngineError):
            raise EngineError(str(cause)) from None
        raise
