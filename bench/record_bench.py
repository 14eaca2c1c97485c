"""Whole-process time of `referee record`, with 10 and with 2,000 matches in the store.

Each run is a fresh process (subprocess + time.perf_counter), as at the table: the referee types
one command per event. Prints the medians, the ratio 2,000 : 10 (recording touches only the
match's own file, so it should be near 1) and `python -c pass` for the floor.

    .venv/bin/python bench/record_bench.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")
TARGET_MS = 120


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a referee's shell: bytecode caching on (as Python's default), so the
    figures are not inflated by recompiling every module on every run."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra)
    return env


def run(argv: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    r = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - t
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {r.stderr.decode()}")
    return elapsed * 1000


def fill(db: Path, n: int) -> None:
    """n matches, written straight through the store API (fast), each with a played hand."""
    sys.path.insert(0, str(REPO))
    from referee.games.gunzi.events import MatchHeader
    from referee.games.gunzi.notation import parse
    from referee.store import Store

    hand = parse("hand\ndeclare E BJ\ntrump H\nkitty 4C 6D 9S KH 7C 3H\nbury 4C 6C 7C 8D 9D JS\n"
                 "points 25\npoints 50\nlast decl\n").events
    Store(db).create_many([[MatchHeader(id=f"M{i:05d}", rules="gunzi-001"), *hand] for i in range(n)],
                          referee="bench")


def bench_store(n: int, runs: int) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "store"
        fill(db, n)
        env = clean_env(REFEREE_DB=str(db), REFEREE_NAME="bench")
        target = "M00003"
        run([REFEREE, "record", target, "warn", "E", "warm-up"], env)  # page cache, .pyc
        return [run([REFEREE, "record", target, "warn", "E", f"bench {i}"], env) for i in range(runs)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    if not shutil.which(REFEREE):
        raise SystemExit(f"no referee script at {REFEREE}: pip install -e .")
    env = clean_env()
    run([sys.executable, "-c", "pass"], env)
    floor = [run([sys.executable, "-c", "pass"], env) for _ in range(args.runs)]
    small = bench_store(10, args.runs)
    large = bench_store(2000, args.runs)
    med = statistics.median
    print(f"runs per figure: {args.runs} (median, whole process, ms); load average "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"python -c pass                   {med(floor):7.1f}")
    print(f"referee record, 10 matches       {med(small):7.1f}   (min {min(small):.1f}, max {max(small):.1f})")
    print(f"referee record, 2,000 matches    {med(large):7.1f}   (min {min(large):.1f}, max {max(large):.1f})")
    print(f"ratio 2,000 : 10                 {med(large) / med(small):7.2f}")
    verdict = "within" if med(large) <= TARGET_MS and med(small) <= TARGET_MS else "OVER"
    print(f"target ≤ {TARGET_MS} ms: {verdict}")


if __name__ == "__main__":
    main()
