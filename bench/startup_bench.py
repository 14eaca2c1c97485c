"""Start-up of the command line: whole-process time of `referee --help` and `referee check` of a
one-hand record, optionally side by side with another checkout (the figures before a change).

Each run is a fresh process, the two commands (or the two checkouts) alternating run by run, so a
drift of the machine's speed falls on both. Prints median wall and CPU (user + sys) time per command
and the ratio of the medians; `python -c pass` gives the interpreter's own floor.

    .venv/bin/python bench/startup_bench.py [--runs N] [--vs OTHER/.venv/bin/referee]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
HAND = ("match id=B1\nhand\ndeclare E BJ\ntrump H\nkitty 4C 6C 7C 8C 9C JH\npoints 65\nlast decl\n")


def env() -> dict[str, str]:
    """A referee's shell: bytecode caching on, so no run recompiles the modules."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(argv: list[str]) -> tuple[float, float]:
    """(wall ms, cpu ms) of one run of *argv*."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = (time.perf_counter() - t) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--vs", help="another checkout's referee script, measured in turn with this one")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "one.gunzi"
        record.write_text(HAND, encoding="utf-8")
        scripts = {"this": str(BIN / "referee")}
        if args.vs:
            scripts["before"] = args.vs
        commands = {"--help": ["--help"], "check 1 hand": ["check", str(record)]}
        results: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(2):  # warm-up: bytecode caches written
            for script in scripts.values():
                for argv in commands.values():
                    timed([script, *argv])
        floor = [timed([sys.executable, "-c", "pass"]) for _ in range(args.runs)]
        for _ in range(args.runs):
            for who, script in scripts.items():
                for what, argv in commands.items():
                    results.setdefault((who, what), []).append(timed([script, *argv]))
    print(f"python -c pass: wall {statistics.median(w for w, _ in floor):.0f} ms, "
          f"cpu {statistics.median(c for _, c in floor):.0f} ms (median of {args.runs})")
    print(f"{'command':<16}{'checkout':<10}{'wall ms':>9}{'cpu ms':>9}")
    for what in commands:
        for who in scripts:
            runs = results[(who, what)]
            print(f"{what:<16}{who:<10}{statistics.median(w for w, _ in runs):>9.0f}"
                  f"{statistics.median(c for _, c in runs):>9.0f}")
        if "before" in scripts:
            now = statistics.median(c for _, c in results[("this", what)])
            then = statistics.median(c for _, c in results[("before", what)])
            print(f"{what:<16}{'ratio':<10}{'':>9}{now / then:>9.2f}  (cpu, this / before)")


if __name__ == "__main__":
    main()
