"""Appends per second and append latency, folder store vs PostgreSQL store, side by side in one run.

    .venv/bin/python bench/store_backends.py --pg postgresql://referee:referee@127.0.0.1:5432/postgres
    .venv/bin/python bench/store_backends.py --pg URL --writers 1,20 --entries 200

Each run makes a fresh store (a temporary folder; a fresh database on the server --pg names, dropped after)
with one match per writer, then N writer threads each append `--entries` entries to their own match through
``store.append`` (the web's path: read, check the chain, extend, under the match's lock), one entry per call.
It prints, per backend and number of writers: entries per second sustained (all entries / wall time) and the
median and p95 latency of one append. Every chain is verified after the run (a bench that loses an entry is
not a figure). Without --pg only the folder store is measured.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import figures  # noqa: E402

from referee.games.gunzi import notation  # noqa: E402
from referee.store.api import MatchStore, open_store  # noqa: E402

HEADER = "match id={id} rules=dalian-club\nseat E a\nseat S b\nseat W c\nseat N d\nhand\n"


def run(store: MatchStore, writers: int, entries: int) -> tuple[float, list[float]]:
    ids = [f"B{n}" for n in range(writers)]
    store.create_all([notation.parse(HEADER.format(id=mid)).events for mid in ids], "bench")
    latencies: list[list[float]] = [[] for _ in ids]

    def write(n: int) -> None:
        for _ in range(entries):
            t0 = time.perf_counter()
            store.append(ids[n], [{"kind": "event", "directive": "redeal"}], referee="bench")
            latencies[n].append(time.perf_counter() - t0)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    found = store.audit()
    assert not found.problems and found.entries == writers * (entries + 6), found
    return writers * entries / wall, [x for per in latencies for x in per]


def pg_database(base: str) -> tuple[str, str]:
    import secrets
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    from referee.store.postgres.connection import upgrade

    name = f"referee_bench_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"'.encode())
    url = urlunsplit(urlsplit(base)._replace(path="/" + name))
    with psycopg.connect(url, autocommit=True) as conn:
        upgrade(conn)
    return url, name


def drop(base: str, name: str) -> None:
    import psycopg

    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", help="a PostgreSQL server URL (any database: a fresh one is made beside it)")
    parser.add_argument("--writers", default="1,20", help="numbers of concurrent writers (default 1,20)")
    parser.add_argument("--entries", type=int, default=100, help="appends per writer (default 100)")
    figures.add_option(parser)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    saved: dict[str, figures.Figure] = {"entries": args.entries}
    print(f"{'backend':<10} {'writers':>7} {'entries/s':>10} {'median ms':>10} {'p95 ms':>8}")
    for writers in (int(w) for w in args.writers.split(",")):
        for backend in ("folder", "postgresql") if args.pg else ("folder",):
            if backend == "folder":
                with tempfile.TemporaryDirectory() as folder:
                    rate, lat = run(open_store(Path(folder) / "store"), writers, args.entries)
            else:
                url, name = pg_database(args.pg)
                try:
                    store = open_store(url)
                    store.use_pool(8)  # as `referee serve` does (web/deps.py): its request threads share 8
                    rate, lat = run(store, writers, args.entries)
                    store.close()
                finally:
                    drop(args.pg, name)
            lat.sort()
            p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
            print(f"{backend:<10} {writers:>7} {rate:>10.0f} {statistics.median(lat) * 1000:>10.1f} "
                  f"{p95 * 1000:>8.1f}")
            at = f"{backend}.{writers}"
            saved |= {f"{at}.per_s": rate, f"{at}.median_ms": statistics.median(lat) * 1000, f"{at}.p95_ms": p95 * 1000}
    if args.save:
        figures.save("store_backends", saved, load_before=load_before)


if __name__ == "__main__":
    main()
