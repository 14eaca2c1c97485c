"""Bench: ``referee league standings`` of a season as a whole process on a real store. Prints figures, asserts
nothing.

    .venv/bin/python bench/league_bench.py              # 5 runs
    .venv/bin/python bench/league_bench.py --runs 3 --long

A league of 10 events, each a Swiss event of 100 pairs after 7 closed rounds (350 matches an event, 3,500 in
all), the same 100 pairs' players in every event (so the season sums 10 rows into each of 100); built in-process
through the functions the commands call (``bench/event_bench.py``'s ``build``), not timed. Matches are short
ones (one hand a game, ``event_bench.short_match``), or with ``--long`` generated records of 25–35 hands (slow to
build). Timed: ``referee league standings L`` warm (each event's summary cache as its last close saved it) and
cold (no cache: every match replayed), then again after a cold read (the cache a command's read fills), and
``--json``. Target: < 2 s warm. Figures: median and min, wall time. ``--store DIR`` builds the store there, or
reuses the one there; ``--db postgresql://…`` (an empty database) copies it there and times it there.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import figures  # noqa: E402
from event_bench import REFEREE, SAVED, hands_of, long_records, play_event, short_match, show, timed  # noqa: E402

from referee.results.eventstate import event_state  # noqa: E402
from referee.results.summarize import summary_cache  # noqa: E402
from referee.store.api import open_store  # noqa: E402

EVENTS, PAIRS, ROUNDS = 10, 100, 7


def build_league(built: Path, long: bool) -> None:
    rng = random.Random(7)
    results = [(2, 0), (2, 1), (1, 2), (0, 2)]
    t = time.perf_counter()
    records = iter(long_records(EVENTS * PAIRS // 2 * ROUNDS)) if long else None
    store = open_store(built)
    for i in range(1, EVENTS + 1):
        fill = ((lambda: hands_of(next(records))) if records is not None
                else (lambda: hands_of(short_match(*rng.choice(results)))))
        play_event(store, f"EV{i:02d}", f"Bench EV{i:02d}", PAIRS, ROUNDS, ROUNDS, fill)
    store.leagues().new("L", "Bench season")
    for i in range(1, EVENTS + 1):
        store.leagues().add_event("L", f"EV{i:02d}", f"Club {i % 5}")
    print(f"league: {EVENTS} events x {PAIRS} pairs x {ROUNDS} rounds, {len(store.match_ids())} matches "
          f"({'long' if long else 'short'}), built in {time.perf_counter() - t:.1f} s")


def to_postgres(built: Path, url: str) -> None:
    """The folder store copied into the (empty) database at *url* (``referee db upgrade``, ``referee db copy``),
    with the summaries the closes saved (the copy moves matches, events and leagues, not the cache)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    for args in (["db", "upgrade", "--db", url], ["db", "copy", str(built), url]):
        out = subprocess.run(REFEREE + args, cwd=ROOT, env=env, capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(f"{args}: exit {out.returncode}\n{out.stderr}")
    store = open_store(url)
    for i in range(1, EVENTS + 1):  # the caches as the last closes saved them
        event = f"EV{i:02d}"
        cache = summary_cache(store, event)
        cache.read_many(t.match_id for r in event_state(store.event_log(event)).rounds for t in r.tables)
        cache.save()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--long", action="store_true", help="generated records of 25-35 hands instead of short ones")
    ap.add_argument("--store", help="a folder to build the store in, or to reuse it from when it is there")
    ap.add_argument("--db", help="postgresql://… of an empty database: the store copied there and timed there")
    figures.add_option(ap)
    args = ap.parse_args()
    load_before = os.getloadavg()[0]
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(args.store) if args.store else Path(tmp) / "league-store"
        if not (built / "matches").is_dir():
            build_league(built, args.long)
        else:
            print(f"league: the store at {built}, kept")
        db: Path | str = built
        caches = built / "summaries"
        kept = Path(tmp) / "summaries-kept"
        shutil.copytree(caches, kept)

        def cold() -> None:
            shutil.rmtree(caches, ignore_errors=True)

        def warm() -> None:
            shutil.rmtree(caches, ignore_errors=True)
            shutil.copytree(kept, caches)

        if args.db:
            import psycopg

            t = time.perf_counter()
            to_postgres(built, args.db)
            db = args.db
            print(f"league: copied into PostgreSQL (db upgrade, db copy, the closes' caches) in "
                  f"{time.perf_counter() - t:.1f} s; timed there")
            with psycopg.connect(args.db, autocommit=True) as conn:
                saved = conn.execute("SELECT event_id, match_id, entries, head, row, seal FROM summaries").fetchall()

            def cold() -> None:
                with psycopg.connect(args.db, autocommit=True) as conn:
                    conn.execute("DELETE FROM summaries")

            def warm() -> None:
                with psycopg.connect(args.db, autocommit=True) as conn, conn.cursor() as cur:
                    cur.execute("DELETE FROM summaries")
                    cur.executemany("INSERT INTO summaries VALUES (%s, %s, %s, %s, %s, %s)", saved)

        n = EVENTS * PAIRS // 2 * ROUNDS
        show("referee league standings L, warm", timed(["league", "standings", "L"], db, args.runs, warm), 2.0,
             "warm_s")
        show("referee league standings L --json, warm", timed(["league", "standings", "L", "--json"], db,
                                                              args.runs, warm), 2.0, "json_warm_s")
        show(f"referee league standings L, cold ({n} replays)", timed(["league", "standings", "L"], db,
                                                                       args.runs, cold), 2.0, "cold_s")
        show("referee league standings L, after a cold read (the cache it filled)",
             timed(["league", "standings", "L"], db, args.runs), 2.0, "after_cold_s")
        warm()
    if args.save:
        figures.save("league_bench" + ("-pg" if args.db else "") + ("-long" if args.long else ""),
                     SAVED | {"runs": args.runs, "matches": n}, load_before=load_before)


if __name__ == "__main__":
    main()
