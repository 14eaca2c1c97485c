"""Bench: the event commands as whole processes on a real store. Prints figures, asserts nothing.

    .venv/bin/python bench/event_bench.py             # both benches, 5 runs each
    .venv/bin/python bench/event_bench.py --runs 3 --only standings

- ``pair``: a Swiss event of 200 pairs after 8 closed rounds (800 stored matches of two one-hand games
  each); ``referee event pair`` of round 9 as a fresh process (target < 2 s), warm (the summary cache
  is kept from the rounds before, as in a real evening) and cold (no cache: every one of the 800
  matches replayed). Each run works on a fresh copy of the store, so every run pairs the same round.
- ``standings``: 100 pairs after 7 closed rounds, 350 matches of 25–35 hands each (legal records from
  ``referee.games.gunzi.testing.generate``); ``referee event standings`` as a fresh process (target < 1 s), cold
  (no summary cache: 350 replays), after a cold read (the cache that read filled) and warm (the cache the last
  close saved, each match's head record read).

The stores are built in-process through the same functions the commands call (``referee.app.director``,
``referee.app.appending``); building is not timed. Figures: median and min of the runs, wall time.
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
from collections.abc import Callable
from pathlib import Path

import figures

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from referee.app import director  # noqa: E402
from referee.app.recording import record  # noqa: E402
from referee.games.gunzi.events import Event, MatchHeader, SeatName, TeamName  # noqa: E402
from referee.games.gunzi.notation import parse  # noqa: E402
from referee.games.gunzi.testing.generate import generate  # noqa: E402
from referee.store.api import MatchStore, open_store  # noqa: E402

REFEREE = [sys.executable, "-m", "referee.cli"]


GAMES = {(2, 0): ["EW", "EW"], (2, 1): ["EW", "NS", "EW"], (1, 2): ["NS", "EW", "NS"], (0, 2): ["NS", "NS"]}


def short_match(won: int, lost: int) -> str:
    """A match of one-hand games, EW scoring won:lost (the winner's seat grabs and S = 0: the declarer
    side wins the game, §7.3.1)."""
    seat = {"EW": "E", "NS": "S"}
    return "".join(f"hand\ndeclare {seat[g]} BJ\ntrump H\nkitty 4C 6C 7C 8C 9C JH\npoints 0\nlast decl\n"
                   for g in GAMES[(won, lost)])


def hands_of(text: str) -> list[Event]:
    return [ev for ev in parse(text).events if not isinstance(ev, (MatchHeader, TeamName, SeatName))]


def build(folder: Path, event: str, pairs: int, rounds: int, fill: Callable[[], list[Event]]) -> MatchStore:
    store = open_store(folder)
    play_event(store, event, f"Bench {pairs}", pairs, rounds, rounds + 1, fill)
    return store


def play_event(store: MatchStore, event: str, name: str, pairs: int, rounds: int, planned: int,
               fill: Callable[[], list[Event]]) -> None:
    """An event of *planned* rounds in *store*: its pairs (the same names in every event), then *rounds* of them
    paired, each table's match recorded from *fill* and the round closed (each close saves the summary cache)."""
    director.new_event(store, event, name=name, rules="dalian-club", fmt="swiss", rounds=planned,
                       scoring="club", date="2026-12-01", venue=None, seed=1)
    director.add_pairs(store, event, [director.checked_pair(f"P{i:03d}", f"选手{i}甲", f"选手{i}乙")
                                      for i in range(1, pairs + 1)])
    for _ in range(rounds):
        paired = director.pair_round(store, event)
        for t in paired.round.tables:
            record(store, t.match_id, fill(), None)
        director.close_round(store, event)


def timed(args: list[str], db: Path | str, runs: int, before: Callable[[], None] | None = None) -> list[float]:
    env = {**os.environ, "REFEREE_DB": str(db), "PYTHONIOENCODING": "utf-8"}
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        t = time.perf_counter()
        out = subprocess.run(REFEREE + args, cwd=ROOT, env=env, capture_output=True, text=True)
        times.append(time.perf_counter() - t)
        if out.returncode:
            raise SystemExit(f"{args}: exit {out.returncode}\n{out.stderr}")
    return times


SAVED: dict[str, figures.Figure] = {}  # each timing's median by its key, for --save


def show(what: str, times: list[float], target: float, key: str) -> None:
    SAVED[key] = statistics.median(times)
    print(f"  {what:<44} median {statistics.median(times):.3f} s  min {min(times):.3f} s  "
          f"({len(times)} runs; target < {target:g} s)")


def bench_pair(tmp: Path, runs: int) -> None:
    rng = random.Random(7)
    results = [(2, 0), (2, 1), (1, 2), (0, 2)]
    t = time.perf_counter()
    built = tmp / "pair-store"
    build(built, "BIG", 200, 8, lambda: hands_of(short_match(*rng.choice(results))))
    print(f"pair: 200 pairs, 8 closed rounds, 800 matches built in {time.perf_counter() - t:.1f} s")
    work = tmp / "pair-run"

    def fresh(cold: bool) -> None:
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(built, work)
        if cold:
            shutil.rmtree(work / "summaries", ignore_errors=True)

    show("referee event pair BIG (round 9), warm", timed(["event", "pair", "BIG"], work, runs,
                                                          lambda: fresh(False)), 2.0, "pair.warm_s")
    show("referee event pair BIG (round 9), cold", timed(["event", "pair", "BIG"], work, runs,
                                                          lambda: fresh(True)), 2.0, "pair.cold_s")


def long_records(n: int) -> list[str]:
    """*n* generated match records of 25 to 35 hands (legal, whole matches under dalian-club)."""
    found: list[str] = []
    seed = 0
    while len(found) < n:
        g = generate(seed)
        if 25 <= len(g.hands) <= 35:
            found.append(g.text)
        seed += 1
    return found


def bench_standings(tmp: Path, runs: int) -> None:
    t = time.perf_counter()
    records = iter(long_records(350))
    built = tmp / "standings-store"
    store = build(built, "STD", 100, 7, lambda: hands_of(next(records)))
    hands = sum(1 for mid in store.match_ids() for ev in store.events(mid) if type(ev).__name__ == "HandStart")
    size = sum(p.stat().st_size for p in (built / "matches").glob("*.json"))
    print(f"standings: 100 pairs, 7 closed rounds, 350 matches, {hands} hands ({hands / 350:.1f} a match), "
          f"{size / 2**20:.1f} MiB of match files; built in {time.perf_counter() - t:.1f} s")
    cache = built / "summaries"
    kept = tmp / "summaries-kept"  # as the last close saved it (a read never writes the cache)
    shutil.copytree(cache, kept)

    def cold() -> None:
        shutil.rmtree(cache, ignore_errors=True)

    show("referee event standings STD, cold (350 replays)", timed(["event", "standings", "STD"], built, runs,
                                                                   cold), 1.0, "standings.cold_s")
    show("referee event standings STD, after a cold read", timed(["event", "standings", "STD"], built, runs), 1.0,
         "standings.after_cold_s")
    shutil.rmtree(cache)  # what the reads kept (a command's read fills the cache) ...
    shutil.copytree(kept, cache)  # ... and the cache the last close saved back
    show("referee event standings STD, warm", timed(["event", "standings", "STD"], built, runs), 1.0,
         "standings.warm_s")
    show("referee event standings STD --json, warm", timed(["event", "standings", "STD", "--json"], built, runs),
         1.0, "standings.json_warm_s")
    show("referee --help (the interpreter and Typer)", timed(["--help"], built, runs), 1.0, "help_s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", choices=["pair", "standings"])
    figures.add_option(ap)
    args = ap.parse_args()
    load_before = os.getloadavg()[0]
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "pair"):
            bench_pair(Path(tmp), args.runs)
        if args.only in (None, "standings"):
            bench_standings(Path(tmp), args.runs)
    if args.save:
        figures.save("event_bench" if args.only is None else f"event_bench-{args.only}", SAVED | {"runs": args.runs},
                     load_before=load_before)


if __name__ == "__main__":
    main()
