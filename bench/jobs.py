"""What `sim --jobs N` gains over one job, and what the pool costs.

    python bench/jobs.py [--decks D,...] [--games N] [--jobs N] [--ray] [--json]

Prints (asserts nothing), for each deck (default: every bundled game), one run with one
job and one with ``--jobs`` (default 0, one per core; with ``--ray``, also one on a local
Ray), each with:

* wall-clock games per second, and the speed-up over one job;
* processor seconds: of the whole run (this process and its workers), and of the
  busiest worker, so what the pool adds is seen apart from the machine's load (a shared
  machine moves wall-clock time, not processor time);
* the *bound*: one job's processor time over the busiest worker's plus this process's
  own, which is the speed-up the run would have on idle cores;
* with ``--ray``, the time Ray takes to start, apart from the run (whose time then
  includes the workers building the deck, but not Ray's start).

The machine's load average is printed beside every run.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import deckwright.dsl.sim as sim  # noqa: E402
from deckwright.dsl.loader import bundled_games, load_program  # noqa: E402

_plain_slice = sim._play_slice


def _timed_slice(indices):
    """A worker's slice, with the processor time it took and the worker it ran in."""
    t = time.process_time()
    tally = _plain_slice(indices)
    tally.worker = (os.getpid(), time.process_time() - t)
    return tally


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def run(program, games: int, jobs: int, ray: bool = False) -> dict:
    per_worker: dict = {}
    merge = sim.Tally.merge

    def keep(self, other):
        pid, cpu = getattr(other, "worker", (None, 0.0))
        per_worker[pid] = per_worker.get(pid, 0.0) + cpu
        merge(self, other)
    sim.Tally.merge, sim._play_slice = keep, _timed_slice
    started = None
    if ray:                              # Ray's own start, apart from the run
        import ray as _ray
        from deckwright.dsl.sim_ray import connect
        t = time.perf_counter()
        connect("")
        started = round(time.perf_counter() - t, 2)
    load = _load()
    before, t = os.times(), time.perf_counter()
    try:
        report = sim.simulate(program, games=games, seed=0, jobs=jobs,
                              ray="" if ray else None)
    finally:
        sim.Tally.merge, sim._play_slice = merge, _plain_slice
        if ray:
            _ray.shutdown()
    wall = time.perf_counter() - t
    after = os.times()
    own = (after.user - before.user) + (after.system - before.system)
    children = (after.children_user - before.children_user) + \
               (after.children_system - before.children_system)
    busiest = max((v for k, v in per_worker.items() if k is not None), default=0.0)
    return {"jobs": "ray" if ray else jobs, "load": load, "wall_s": round(wall, 2),
            "games_per_second": round(games / wall, 1), "own_cpu_s": round(own, 2),
            "workers_cpu_s": round(children or sum(per_worker.values()), 2),
            "busiest_worker_cpu_s": round(busiest, 2), "workers": len(per_worker),
            "finished": report["finished"], "ray_start_s": started}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decks", default=",".join(sorted(n for n, why in bundled_games().items()
                                                       if why is None)))
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=0)
    ap.add_argument("--ray", action="store_true", help="also a run on a local Ray")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = []
    for deck in args.decks.split(","):
        program = load_program(deck)
        one = run(program, args.games, 1)
        rows = [one, run(program, args.games, args.jobs)]
        if args.ray:
            rows.append(run(program, args.games, 0, ray=True))
        for r in rows[1:]:
            r["speedup"] = round(one["wall_s"] / r["wall_s"], 2)
            if r["busiest_worker_cpu_s"]:
                r["bound"] = round(one["own_cpu_s"] /
                                   (r["busiest_worker_cpu_s"] + r["own_cpu_s"]), 2)
        out.append({"deck": program.name, "games": args.games, "cores": os.cpu_count(),
                    "runs": rows})
        if not args.json:
            print(f"{program.name}, {args.games} games:")
            for r in rows:
                extra = "" if r is one else f", {r['speedup']}x one job"
                if "bound" in r:
                    extra += f" (bound on idle cores {r['bound']}x)"
                if r["ray_start_s"] is not None:
                    extra += f"; Ray started first, in {r['ray_start_s']} s (not counted)"
                print(f"  jobs {r['jobs']}: {r['games_per_second']} games/s, {r['wall_s']} s "
                      f"(load {r['load']}); processor s: here {r['own_cpu_s']}, workers "
                      f"{r['workers_cpu_s']}, busiest {r['busiest_worker_cpu_s']}{extra}",
                      flush=True)
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
