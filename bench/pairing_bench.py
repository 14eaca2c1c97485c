"""Pairing and standings bench: how long a big Swiss round and a standings table take. Prints figures, asserts nothing.

    .venv/bin/python bench/pairing_bench.py              # 200 pairs, round 9; standings 100 pairs x 7 rounds
    .venv/bin/python bench/pairing_bench.py --pairs 120 --runs 5

Builds a Swiss event of N pairs (``referee.tournament.pairing.swiss_round``) and plays 8 rounds with random
results (each table 2:0, 2:1, 1:2 or 0:2, fed back through ``standings``; set-up, not timed), then measures:

- in-process: the first ``swiss_round`` of round 9 (it pays the ``networkx`` import), then the best and
  median of ``--runs`` more, and ``standings`` after round 8;
- whole process (target < 2 s): a fresh interpreter that imports the event modules, reads the event
  (pairs, rounds and match summaries as JSON), computes the standings and pairs round 9; median wall time;
- ``standings`` for 100 pairs x 7 rounds from summaries (best and median).

    .venv/bin/python bench/pairing_bench.py --sweep 100,400,1000,2000 --rounds 7
    .venv/bin/python bench/pairing_bench.py --sweep 100,400,1000 --rounds 4 --one-graph   # as before issue 31

``--sweep``: the curve. For each field size, an event of ``--rounds`` rounds (pairs in 12 clubs, kept apart as
``pairing.avoid_same_club`` does; random results), each round's ``swiss_round`` timed (CPU seconds of this process;
the standings between rounds are not timed): every round's figure, then the median and the worst, and the
round's tables that float, are of one club, or give an imbalance of 3. ``--one-graph``: fields of any size as one
graph (``pairing.POOLED`` raised), the pairing before pools. The load average is printed before and after.

    .venv/bin/python bench/pairing_bench.py --sweep 1000 --rounds 3 --store

``--store``: the director's ``pair_round`` on a fresh folder store instead (the club scoring, its 1,000 entries
raised to the field; the standings from the summary cache,
the round's matches created and the round logged), wall and CPU seconds a round; each table's match is then
recorded (a short match, ``event_bench.short_match``) and the round closed, not timed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import figures  # noqa: E402

from referee.games.gunzi.summary import GameSummary, MatchSummary, Sides, TeamNames  # noqa: E402
from referee.tournament import pairing  # noqa: E402
from referee.tournament.model import Pair, Round, Table  # noqa: E402
from referee.tournament.pairing import PairingFailure, SwissPairing, swiss_round  # noqa: E402
from referee.tournament.scoring import load  # noqa: E402
from referee.tournament.standings import standings  # noqa: E402

RESULTS = [(2, 0), (2, 1), (1, 2), (0, 2)]
TARGET_WALL_S = 2.0


def summary(mid: str, ew: int, ns: int, rng: random.Random) -> MatchSummary:
    games = []
    for i, w in enumerate(rng.sample(["EW"] * ew + ["NS"] * ns, ew + ns), 1):
        loser = rng.randint(3, 10)
        games.append(GameSummary(i, w, "passed_10", Sides(10, loser) if w == "EW" else Sides(loser, 10)))
    led = rng.randint(-60, 60)
    return MatchSummary(mid, "dalian-club", ("", "", "", ""), TeamNames("", ""), True,
                        "EW" if ew > ns else "NS", Sides(ew, ns), tuple(games), Sides(led, -led), False)


def build(n: int, rounds: int, seed: int):
    """An event of n pairs after ``rounds`` Swiss rounds with random results."""
    rng = random.Random(seed)
    scoring = load()
    entries = [Pair(f"P{i:03d}", f"a{i}", f"b{i}") for i in range(n)]
    played: list[Round] = []
    summaries: dict[str, MatchSummary] = {}
    table = None
    for _ in range(rounds):
        p = swiss_round(entries, played, table, seed)
        if isinstance(p, PairingFailure):
            sys.exit(f"bench: round {p.round} could not be paired ({p.problem})")
        played.append(p.as_round())
        for t in p.tables:
            summaries[t.match_id] = summary(t.match_id, *rng.choice(RESULTS), rng)
        table = standings(entries, played, summaries, scoring, seed)
    return entries, played, summaries


def dump(entries, played, summaries, path: Path) -> None:
    path.write_text(json.dumps({
        "pairs": [p.code for p in entries],
        "rounds": [{"number": r.number, "bye": r.bye, "tables": [list(t) for t in r.tables]} for r in played],
        "summaries": [s.to_dict() for s in summaries.values()],
    }), encoding="utf-8")


def pair_from(path: str) -> None:
    """The whole-process run: read the event, rank it, pair the next round."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    entries = [Pair(c, "", "") for c in data["pairs"]]
    played = [Round(r["number"], tuple(Table(*t) for t in r["tables"]), r["bye"]) for r in data["rounds"]]
    summaries = {s["match_id"]: MatchSummary.from_dict(s) for s in data["summaries"]}
    table = standings(entries, played, summaries, load(), 1)
    p = swiss_round(entries, played, table, 1)
    print(len(p.tables) if not isinstance(p, PairingFailure) else p.problem)


def timed(fn, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def sweep(sizes: list[int], rounds: int, seed: int) -> dict[str, figures.Figure]:
    """Seconds per round of ``swiss_round`` for each field size (the median and worst, returned to be saved)."""
    scoring = load()
    saved: dict[str, figures.Figure] = {"rounds": rounds, "pool_above": pairing.POOLED, "pool": pairing.POOL}
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} "
          f"{os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}; pools above {pairing.POOLED} pairs "
          f"(of {pairing.POOL}); {rounds} rounds each, CPU seconds a round")
    print(f"{'pairs':>6}  {'median s':>8}  {'worst s':>8}  {'floats':>6}  {'club':>4}  {'imb 3':>5}  each round's s")
    for n in sizes:
        rng = random.Random(seed)
        entries = [Pair(f"P{i:04d}", f"a{i}", f"b{i}", club=f"C{rng.randrange(12)}") for i in range(n)]
        club = {p.code: p.club for p in entries}
        played: list[Round] = []
        summaries: dict[str, MatchSummary] = {}
        table = None
        balance: dict[str, int] = dict.fromkeys(club, 0)
        times: list[float] = []
        floats = same = imbalanced = 0
        for _ in range(rounds):
            import networkx  # noqa: F401  (imported before the clock: its import is not pairing)

            t0 = time.process_time()
            p = swiss_round(entries, played, table, seed, avoid_club=True)
            times.append(time.process_time() - t0)
            if not isinstance(p, SwissPairing):
                sys.exit(f"bench: round {p.round} of {n} pairs could not be paired ({p.problem})")
            points = {r.pair: r.match_points for r in table.rows} if table else {}
            for t in p.tables:
                floats += points.get(t.ew, 0) != points.get(t.ns, 0)
                same += club[t.ew] == club[t.ns]
                balance[t.ew] += 1
                balance[t.ns] -= 1
                imbalanced += abs(balance[t.ew]) >= 3
                imbalanced += abs(balance[t.ns]) >= 3
            played.append(p.as_round())
            for t in p.tables:
                summaries[t.match_id] = summary(t.match_id, *rng.choice(RESULTS), rng)
            table = standings(entries, played, summaries, scoring, seed)
        print(f"{n:>6}  {statistics.median(times):>8.3f}  {max(times):>8.3f}  {floats:>6}  {same:>4}  {imbalanced:>5}  "
              + " ".join(f"{x:.2f}" for x in times), flush=True)
        saved |= {f"{n}.median_s": statistics.median(times), f"{n}.worst_s": max(times)}
    la = os.getloadavg()
    print(f"load average after: {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}")
    return saved


def sweep_store(sizes: list[int], rounds: int, seed: int) -> None:
    """Seconds per round of the director's ``pair_round`` on a folder store, for each field size."""
    sys.path.insert(0, str(ROOT / "tests"))
    import event_bench

    from referee.app import director
    from referee.app.recording import record
    from referee.store.api import open_store

    la = os.getloadavg()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}; "
          f"director.pair_round on a folder store, {rounds} rounds each")
    print(f"{'pairs':>6}  {'median wall s':>13}  {'median CPU s':>12}  each round's wall s / CPU s")
    for n in sizes:
        rng = random.Random(seed)
        walls: list[float] = []
        cpus: list[float] = []
        with tempfile.TemporaryDirectory() as tmp:
            store = open_store(Path(tmp) / "store")
            scoring = Path(tmp) / "big.toml"  # the club scoring, without its cap of 1,000 entries
            scoring.write_text(f'base = "club"\nname = "big"\n\n[entries]\nmost = {max(n, 2)}\n', encoding="utf-8")
            director.new_event(store, "SWEEP", name=f"Sweep {n}", rules="dalian-club", fmt="swiss", rounds=rounds,
                               scoring=str(scoring), date="2026-12-01", venue=None, seed=seed)
            director.add_pairs(store, "SWEEP", [director.checked_pair(f"P{i:04d}", f"a{i}", f"b{i}")
                                                for i in range(1, n + 1)])
            for _ in range(rounds):
                t0, c0 = time.perf_counter(), time.process_time()
                paired = director.pair_round(store, "SWEEP")
                walls.append(time.perf_counter() - t0)
                cpus.append(time.process_time() - c0)
                for t in paired.round.tables:
                    match = event_bench.short_match(*rng.choice(RESULTS))
                    record(store, t.match_id, event_bench.hands_of(match), None)
                director.close_round(store, "SWEEP")
        print(f"{n:>6}  {statistics.median(walls):>13.2f}  {statistics.median(cpus):>12.2f}  "
              + " ".join(f"{w:.2f}/{c:.2f}" for w, c in zip(walls, cpus, strict=True)), flush=True)
    la = os.getloadavg()
    print(f"load average after: {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=8, help="rounds played before the timed one")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--pair-from", help=argparse.SUPPRESS)
    ap.add_argument("--sweep", help="field sizes, e.g. 100,400,1000,2000: seconds per round of each")
    ap.add_argument("--one-graph", action="store_true", help="with --sweep: every field as one graph (no pools)")
    ap.add_argument("--store", action="store_true", help="with --sweep: the director's pair_round on a folder store")
    figures.add_option(ap)
    args = ap.parse_args()
    if args.sweep:
        if args.one_graph:
            pairing.POOLED = 10**9
        sizes = [int(x) for x in args.sweep.split(",")]
        load_before = os.getloadavg()[0]
        if args.store:
            sweep_store(sizes, args.rounds, args.seed)
            return
        saved = sweep(sizes, args.rounds, args.seed)
        if args.save and not args.one_graph:
            figures.save("pairing_bench", saved, load_before=load_before)
        return
    if args.pair_from:
        pair_from(args.pair_from)
        return

    scoring = load()
    t0 = time.perf_counter()
    entries, played, summaries = build(args.pairs, args.rounds, args.seed)
    print(f"set-up: {args.pairs} pairs, {args.rounds} Swiss rounds played with random results "
          f"in {time.perf_counter() - t0:.1f} s (Python {sys.version.split()[0]})")
    table = standings(entries, played, summaries, scoring, args.seed)
    nxt = args.rounds + 1

    first = "networkx" not in sys.modules
    t0 = time.perf_counter()
    swiss_round(entries, played, table, args.seed)
    once = time.perf_counter() - t0
    best, med = timed(lambda: swiss_round(entries, played, table, args.seed), args.runs)
    sb, sm = timed(lambda: standings(entries, played, summaries, scoring, args.seed), args.runs)
    print(f"in-process: pair round {nxt}: first call {once:.3f} s{' (with the networkx import)' if first else ''}; "
          f"then best {best:.3f} s, median {med:.3f} s; standings after round {args.rounds}: best {sb * 1000:.1f} ms")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "event.json"
        dump(entries, played, summaries, path)
        walls = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, __file__, "--pair-from", str(path)], check=True, capture_output=True)
            walls.append(time.perf_counter() - t0)
    print(f"whole process: read the event, standings, pair round {nxt}: median {statistics.median(walls):.2f} s "
          f"(runs {min(walls):.2f}-{max(walls):.2f} s; target < {TARGET_WALL_S:.0f} s)")

    entries100, played100, summaries100 = build(100, 7, args.seed)
    sb, sm = timed(lambda: standings(entries100, played100, summaries100, scoring, args.seed), max(args.runs, 5))
    print(f"standings, 100 pairs x 7 rounds ({len(summaries100)} summaries): best {sb * 1000:.1f} ms, "
          f"median {sm * 1000:.1f} ms")


if __name__ == "__main__":
    main()
