"""`referee record` of one entry against its peer, `python -c "import typer"` (issue 20's start-up row).

A store with one match of about 40 entries (a header, seat names and four played hands); each run is a
fresh process, the two commands alternating run by run so a drift of the machine falls on both. Prints
the median wall and CPU (user + sys) time of each and the ratio of the medians (goal ≤ 1.2–1.25×), and
whether TinyDB was imported by `record` (``python -X importtime`` of one run).

    .venv/bin/python bench/record_typer_bench.py [--runs N] [--entries N] [--before CHECKOUT]

``--entries N`` adds, in the same runs, `record` into a longer match: a generated legal record of about N
entries (``referee.games.gunzi.testing.generate``, seed 2026) under a house rule file on dalian-club with
``games_to_win`` raised and warnings never forfeiting, so the match takes every bench entry (issue 20's
flatness: the same time up to 2,000 entries).

``--before`` measures another checkout of the project (the commit before a change) in the same runs, its
code put first on ``PYTHONPATH`` (this environment's packages), on a copy of the same store (and, with
``--entries``, of the longer match too). That checkout runs as ``python -c "from referee.cli import main; …"``.
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

import figures

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")
HAND = ("hand\ndeclare E BJ\ntrump H\nkitty 4C 6D 9S KH 7C 3H\nbury 4C 6C 7C 8D 9D JS\n"
        "points 25\npoints 50\nlast decl\n")


def env(**extra: str) -> dict[str, str]:
    """A referee's shell: bytecode caching on, so no run recompiles the modules."""
    out = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out.update(extra)
    return out


def timed(argv: list[str], environ: dict[str, str]) -> tuple[float, float]:
    """(wall ms, cpu ms) of one run of *argv*; a failed run stops the bench."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(argv, env=environ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = (time.perf_counter() - t) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {r.stderr.decode()}")
    return wall, ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000


def fill(db: Path) -> str:
    """One match of ~40 entries, written through the store; its id."""
    sys.path.insert(0, str(REPO))
    from referee.games.gunzi.events import MatchHeader
    from referee.games.gunzi.notation import parse
    from referee.store.store import Store

    hands = parse(HAND * 4).events
    Store(db).create([MatchHeader(id="B1", rules="gunzi-001"), *hands], referee="bench")
    return "B1"


def fill_long(db: Path, entries: int) -> str:
    """One legal match of at most *entries* entries (generated hands, ~9 lines each, as many whole hands as fit)
    whose rule file keeps it going; its id."""
    sys.path.insert(0, str(REPO))
    from referee.games.gunzi import ruleset
    from referee.games.gunzi.events import HandStart, MatchHeader
    from referee.games.gunzi.notation import parse
    from referee.games.gunzi.testing.generate import generate_match
    from referee.store.store import Store

    rules = db.parent / "endless.toml"
    rules.write_text('base = "dalian-club"\n\n[match]\ngames_to_win = 1000000\nwarnings_limit = 0\n', encoding="utf-8")
    events = parse(generate_match(2026, max(1, entries // 7), ruleset.load(str(rules)))).events
    body = [ev for ev in events if not isinstance(ev, MatchHeader)]
    # whole hands only, as many as fit: the match stands between hands, where a warning may be recorded
    starts = [i for i, ev in enumerate(body) if isinstance(ev, HandStart)] + [len(body)]
    body = body[:max(i for i in starts if i <= entries - 1)]
    Store(db).create([MatchHeader(id="L1", rules=str(rules)), *body], referee="bench")
    return "L1"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--before", help="another checkout of the project, measured in the same runs")
    ap.add_argument("--entries", type=int, help="also record into a generated match of about this many entries")
    figures.add_option(ap)
    args = ap.parse_args()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "store"
        match = fill(db)
        renv = env(REFEREE_DB=str(db), REFEREE_NAME="bench")
        long: list[tuple[float, float]] = []
        if args.entries:
            (Path(tmp) / "long").mkdir()
            long_match = fill_long(Path(tmp) / "long" / "store", args.entries)
            lenv = env(REFEREE_DB=str(Path(tmp) / "long" / "store"), REFEREE_NAME="bench")
        old_long: list[tuple[float, float]] = []
        typer = [sys.executable, "-c", "import typer"]
        old: list[tuple[float, float]] = []
        if args.before:
            import shutil

            shutil.copytree(db, Path(tmp) / "before")
            benv = env(REFEREE_DB=str(Path(tmp) / "before"), REFEREE_NAME="bench", PYTHONPATH=args.before)
            if args.entries:
                shutil.copytree(Path(tmp) / "long" / "store", Path(tmp) / "before-long")
                blenv = env(REFEREE_DB=str(Path(tmp) / "before-long"), REFEREE_NAME="bench", PYTHONPATH=args.before)
            script = [sys.executable, "-c", "import sys; from referee.cli import main; sys.exit(main())"]
        for i in range(2):  # warm-up: bytecode caches written, page cache filled
            timed([REFEREE, "record", match, "warn", "E", f"warm-up {i}"], renv)
            timed(typer, renv)
            if args.before:
                timed([*script, "record", match, "warn", "E", f"warm-up {i}"], benv)
            if args.entries:
                timed([REFEREE, "record", long_match, "warn", "E", f"warm-up {i}"], lenv)
        rec: list[tuple[float, float]] = []
        peer: list[tuple[float, float]] = []
        for i in range(args.runs):
            rec.append(timed([REFEREE, "record", match, "warn", "E", f"bench {i}"], renv))
            peer.append(timed(typer, renv))
            if args.before:
                old.append(timed([*script, "record", match, "warn", "E", f"bench {i}"], benv))
            if args.entries:
                long.append(timed([REFEREE, "record", long_match, "warn", "E", f"bench {i}"], lenv))
                if args.before:
                    old_long.append(timed([*script, "record", long_match, "warn", "E", f"bench {i}"], blenv))
        trace = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee.cli", "record", match, "warn", "E",
                                "importtime"], env=renv, capture_output=True, text=True, check=False).stderr
    rows_of = [("python -c 'import typer'", peer), ("referee record (1 entry, ~40)", rec)]
    if old:
        rows_of.append(("  the same, --before checkout", old))
    if long:
        rows_of.append((f"referee record (1 entry, {args.entries})", long))
    if old_long:
        rows_of.append((f"  the same, --before, {args.entries}", old_long))
    report(args.runs, rows_of, trace)
    if args.save:
        save(args.runs, peer, rec, long, args.entries, load_before)


def save(runs: int, peer: list[tuple[float, float]], rec: list[tuple[float, float]], long: list[tuple[float, float]],
         entries: int | None, load_before: float) -> None:
    """The CPU medians and ratios to typer, kept for the docs (``--save``)."""
    med = statistics.median
    saved: dict[str, figures.Figure] = {
        "runs": runs, "typer_cpu_ms": med(c for _, c in peer), "record_cpu_ms": med(c for _, c in rec),
        "record_x": med(c for _, c in rec) / med(c for _, c in peer)}
    if long:
        saved |= {"entries": entries or 0, "long_cpu_ms": med(c for _, c in long),
                  "long_x": med(c for _, c in long) / med(c for _, c in peer)}
    figures.save(f"record_typer_bench-{entries}" if long else "record_typer_bench", saved, load_before=load_before)


def report(runs: int, rows_of: list[tuple[str, list[tuple[float, float]]]], trace: str) -> None:
    """The medians of each command (the first: import typer) and their ratios to it."""
    med = statistics.median
    peer = rows_of[0][1]
    print(f"runs: {runs} each, alternating; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"{'':32} {'wall ms':>8} {'cpu ms':>8}")
    for name, rows in rows_of:
        print(f"{name:32} {med(w for w, _ in rows):8.1f} {med(c for _, c in rows):8.1f}")
    for name, rows in rows_of[1:]:
        ratio_wall = med(w for w, _ in rows) / med(w for w, _ in peer)
        ratio_cpu = med(c for _, c in rows) / med(c for _, c in peer)
        label = "ratio to typer, " + (name.split(" (")[0].strip() if "~40" in name or "checkout" in name
                                      else name.replace("referee ", "").strip())
        print(f"{label:32} {ratio_wall:8.2f} {ratio_cpu:8.2f}")
    print(f"record imports tinydb: {'yes' if ' tinydb' in trace else 'no'}")

if __name__ == "__main__":
    main()
