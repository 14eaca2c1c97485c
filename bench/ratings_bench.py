"""Bench: ``referee ratings`` over a store of 10,000 finished matches (issue 21: < 5 s). Prints figures, asserts
nothing.

    .venv/bin/python bench/ratings_bench.py                 # 10,000 matches, 5 runs
    .venv/bin/python bench/ratings_bench.py --matches 2000 --runs 3 --profile
    .venv/bin/python bench/ratings_bench.py --warm --store /tmp/ratings-store    # built once, reused after

The store is built in-process with ``Store.create_many`` (as an import of a season would: each match's whole
record stored as entries, one index write), not timed: 10,000 matches of two or three one-hand games (the
winner's seat grabs and the defenders score 0, as ``event_bench.short_match``), four of 200 players drawn at
random per match (seed 2026), so ~1,200 distinct partnerships. None belongs to an event: the cold runs remove
the summary cache before each run and replay all 10,000 (a store of imported matches read for the first time);
``--warm`` also times the same store after one ``referee ratings`` filled the cache of no event (a command's read
keeps the summaries it computed: every read after the first). ``--store DIR`` builds the store there, or reuses
the one there.

Figures: ``referee ratings`` and ``referee ratings --json`` as fresh processes (median and min of the runs, wall
time), and in-process the parts: reading the summaries (``app.ratings.club_ratings`` without the rating) and
the openskill updates (``tournament.ratings.ladder`` on the summaries read).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import figures  # noqa: E402

from referee.games.gunzi.events import Event  # noqa: E402
from referee.games.gunzi.notation import parse  # noqa: E402
from referee.store.store import Store  # noqa: E402

REFEREE = [sys.executable, "-m", "referee.cli"]
PLAYERS = 200
GAMES = (["EW", "EW"], ["EW", "NS", "EW"], ["NS", "EW", "NS"], ["NS", "NS"])


def record(match_id: str, names: list[str], winners: list[str]) -> list[Event]:
    seat = {"EW": "E", "NS": "S"}
    e, s, w, n = names
    text = (f"match id={match_id} rules=dalian-club date=2026-12-01\n"
            f"seat E {e}\nseat S {s}\nseat W {w}\nseat N {n}\n"
            + "".join(f"hand\ndeclare {seat[g]} BJ\ntrump H\nkitty 4C 6C 7C 8C 9C JH\npoints 0\nlast decl\n"
                      for g in winners))
    got = parse(text)
    assert not got.errors, got.errors
    return got.events


def build(folder: Path, n: int) -> Store:
    rng = random.Random(2026)
    names = [f"选手{i:03d}" for i in range(1, PLAYERS + 1)]
    store = Store(folder)
    batch: list[list[Event]] = []
    for i in range(1, n + 1):
        batch.append(record(f"L{i:05d}", rng.sample(names, 4), rng.choice(GAMES)))
        if len(batch) == 500:
            store.create_many(batch)
            batch = []
    if batch:
        store.create_many(batch)
    return store


def timed(args: list[str], db: Path, runs: int, cold: bool = False) -> list[float]:
    """Wall times of *runs* runs; *cold*: the summary cache removed before each (the command keeps what it
    computed there, so only the first run after a removal is cold)."""
    env = {**os.environ, "REFEREE_DB": str(db), "PYTHONIOENCODING": "utf-8"}
    times = []
    for _ in range(runs):
        if cold:
            shutil.rmtree(db / "summaries", ignore_errors=True)
        t = time.perf_counter()
        out = subprocess.run(REFEREE + args, cwd=ROOT, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - t)
        if out.returncode:
            raise SystemExit(f"{args}: exit {out.returncode}\n{out.stderr}")
    return times


SAVED: dict[str, figures.Figure] = {}  # each timing's median by its key, for --save


def show(what: str, times: list[float], key: str, target: float | None = None) -> None:
    SAVED[key] = statistics.median(times)
    aim = f"; target < {target:g} s" if target else ""
    print(f"  {what:<52} median {statistics.median(times):.3f} s  min {min(times):.3f} s  ({len(times)} runs{aim})")


def parts(db: Path, runs: int, cold: bool = False) -> None:
    from referee.app import ratings as app_ratings
    from referee.results.summarize import summary_cache
    from referee.store import summaries
    from referee.store.api import open_store
    from referee.tournament.ratings import Played, ladder

    reads, rates = [], []
    for _ in range(runs):
        summaries.forget()  # no summary kept in memory from the run before
        if cold:
            shutil.rmtree(db / "summaries", ignore_errors=True)
        store = open_store(str(db))
        played: list[Played] = []
        t = time.perf_counter()
        for eid, mids in app_ratings._match_ids(store, None).items():
            cache = summary_cache(store, eid)
            for got in cache.read_many(mids).values():
                assert got is not None and not isinstance(got, Exception), got
                played.append(Played(got.summary, got.progress.last_entry))
        reads.append(time.perf_counter() - t)
        t = time.perf_counter()
        lad = ladder(played)
        rates.append(time.perf_counter() - t)
    print(f"  in-process: {len(lad.rated)} matches rated, {len(lad.players)} players, "
          f"{len(lad.partnerships)} partnerships")
    show("reading the summaries (in-process)", reads, f"read{'_cold' if cold else ''}_s")
    show("the openskill updates (in-process)", rates, f"rate{'_cold' if cold else ''}_s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--warm", action="store_true", help="also time the store with its summaries cached")
    ap.add_argument("--profile", action="store_true", help="cProfile one in-process run's top functions")
    ap.add_argument("--store", help="a folder to build the store in, or to reuse it from when it is there")
    figures.add_option(ap)
    args = ap.parse_args()
    load_before = os.getloadavg()[0]
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(args.store) if args.store else Path(tmp) / "store"
        t = time.perf_counter()
        if not (db / "matches").is_dir():
            build(db, args.matches)
            print(f"ratings: {args.matches} matches of 2-3 one-hand games, {PLAYERS} players; "
                  f"built in {time.perf_counter() - t:.1f} s")
        else:
            print(f"ratings: the store at {db} ({len(list((db / 'matches').glob('*.json')))} matches), kept")
        show(f"referee ratings ({args.matches} matches, no cache)", timed(["ratings"], db, args.runs, cold=True),
             "ratings_cold_s", 5.0)
        show("referee ratings --json (no cache)", timed(["ratings", "--json"], db, args.runs, cold=True),
             "ratings_json_cold_s", 5.0)
        parts(db, args.runs, cold=True)
        if args.warm:
            shutil.rmtree(db / "summaries", ignore_errors=True)
            timed(["ratings"], db, 1)  # the first read keeps the summaries it computed
            show("referee ratings (the cache a read filled)", timed(["ratings"], db, args.runs),
                 "ratings_warm_s", 5.0)
            show("referee ratings --json (the cache a read filled)", timed(["ratings", "--json"], db, args.runs),
                 "ratings_json_warm_s", 5.0)
            parts(db, args.runs)
        if args.profile:
            import cProfile
            import pstats

            from referee.app.ratings import club_ratings
            from referee.store import summaries
            from referee.store.api import open_store

            summaries.forget()
            prof = cProfile.Profile()
            prof.runcall(club_ratings, open_store(str(db)))
            pstats.Stats(prof).sort_stats("tottime").print_stats(20)
    if args.save:
        figures.save("ratings_bench" + ("-warm" if args.warm else ""), SAVED | {"runs": args.runs,
                     "matches": args.matches}, load_before=load_before)


if __name__ == "__main__":
    main()
