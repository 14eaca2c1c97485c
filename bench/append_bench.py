"""The store's append alone, in process, by the length of the match (issue 31: appends that cost the same at entry
10 and entry 5,000, on both backends).

For each length (``--lengths``, default 10,1000,5000) a match of that many entries is created in one write (its
header, the seats, then warnings: the store checks no rules), then ``--appends`` entries are appended one by one
through ``store.append`` (the match's lock, its session's check, the sealed write, the head): the median and p90
milliseconds of one append, and each length's median over the first's. The folder store always; PostgreSQL with
``--pg URL`` (a database made for the run and dropped after, as ``store_backends.py`` does).

    PYTHONPATH=<checkout> .venv/bin/python bench/append_bench.py [--pg postgresql://…] [--appends 30]

Run it from outside a checkout (``cd /tmp``) with ``PYTHONPATH`` naming the one to measure, so that two checkouts
are measured by the same script.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import figures

HEADER = ["match id={id} rules=dalian-club", "seat E 张三", "seat S 李四", "seat W 王五", "seat N 赵六"]


def fill(store: Any, match_id: str, length: int) -> None:
    from referee.games.gunzi.notation import parse_line

    lines = [HEADER[0].format(id=match_id), *HEADER[1:]] + [f"warn E w{i}" for i in range(length - len(HEADER))]
    store.create([parse_line(line, line=i) for i, line in enumerate(lines, 1)], referee="bench")


def timed(store: Any, match_id: str, appends: int) -> list[float]:
    out = []
    for i in range(appends):
        t = time.perf_counter()
        store.append(match_id, [{"kind": "event", "directive": f"warn S a{i}", "reason": ""}], referee="bench")
        out.append((time.perf_counter() - t) * 1000)
    return out


def measure(name: str, store: Any, lengths: list[int], appends: int, saved: dict[str, figures.Figure]) -> None:
    first = None
    for n in lengths:
        mid = f"A{n}"
        fill(store, mid, n)
        timed(store, mid, 2)  # warm-up: the first append of a match may check it whole (a store before pins)
        ms = timed(store, mid, appends)
        med = statistics.median(ms)
        first = first or med
        p90 = sorted(ms)[int(len(ms) * 0.9) - 1]
        saved |= {f"{name}.{n}.median_ms": med, f"{name}.{n}.p90_ms": p90, f"{name}.{n}.x_first": med / first}
        print(f"{name:10} {n:6d} entries   median {med:7.2f} ms   p90 {p90:7.2f} ms   × the first length "
              f"{med / first:5.2f}")
        problems = store.verify([mid])[2]
        assert not problems, problems


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lengths", default="10,1000,5000")
    ap.add_argument("--appends", type=int, default=30)
    ap.add_argument("--pg", help="a PostgreSQL server URL: also measure the league store there")
    figures.add_option(ap)
    args = ap.parse_args()
    load_before = os.getloadavg()[0]
    saved: dict[str, figures.Figure] = {"appends": args.appends}
    lengths = [int(x) for x in args.lengths.split(",")]
    import referee

    print(f"referee from {Path(referee.__file__).parent.parent}; Python {sys.version.split()[0]}; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    from referee.store.api import open_store

    with tempfile.TemporaryDirectory() as tmp:
        measure("folder", open_store(str(Path(tmp) / "store")), lengths, args.appends, saved)
    if args.pg:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from store_backends import drop, pg_database

        url, name = pg_database(args.pg)
        try:
            store = open_store(url)
            measure("postgresql", store, lengths, args.appends, saved)
            store.close()
        finally:
            drop(args.pg, name)
    if args.save:
        figures.save("append_bench", saved, load_before=load_before)


if __name__ == "__main__":
    main()
