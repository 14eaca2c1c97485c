"""Bench: the event's standings report (PDF) and results workbook (XLSX) for 100 pairs × 7 rounds.

Synthetic summaries (no replay): each round pairs the pairs at random, each match 2:0 or 2:1 with
levels and a ledger; the standings are computed once, then the report and the workbook are written
several times in one process and the median and spread printed (the first run, which registers the
font and imports ReportLab and XlsxWriter, is shown apart).
Run: `.venv/bin/python bench/event_report_bench.py [RUNS]`.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from referee.games.gunzi.summary import GameSummary, MatchSummary, Sides, TeamNames
from referee.tournament.model import Pair, Round, RoundStatus, Table
from referee.tournament.scoring import load
from referee.tournament.standings import standings

PAIRS, ROUNDS = 100, 7


def event(seed: int = 1) -> tuple[list[Pair], list[Round], dict[str, MatchSummary]]:
    rng = random.Random(seed)
    pairs = [Pair(f"P{i:03d}", f"选手{i}甲", f"选手{i}乙", f"俱乐部{i % 12}") for i in range(1, PAIRS + 1)]
    rounds, summaries = [], {}
    for r in range(1, ROUNDS + 1):
        codes = [p.code for p in pairs]
        rng.shuffle(codes)
        tables = []
        for t in range(1, PAIRS // 2 + 1):
            mid = f"BENCH-R{r}-T{t}"
            ew, ns = codes[2 * t - 2], codes[2 * t - 1]
            tables.append(Table(t, mid, ew, ns))
            winner = rng.choice(["EW", "NS"])
            loser = "NS" if winner == "EW" else "EW"
            order = [winner, winner] if rng.random() < 0.5 else [winner, loser, winner]
            games = tuple(GameSummary(i, w, "passed_10", Sides(10, rng.randint(3, 9)) if w == "EW"
                                      else Sides(rng.randint(3, 9), 10)) for i, w in enumerate(order, 1))
            won = Sides(order.count("EW"), order.count("NS"))
            ledger = rng.randint(-150, 150)
            summaries[mid] = MatchSummary(mid, "dalian-club", ("", "", "", ""), TeamNames(ew, ns), True, winner,  # type: ignore[arg-type]
                                          won, games, Sides(ledger, -ledger), False)
        rounds.append(Round(r, tuple(tables), None, RoundStatus.closed))
    return pairs, rounds, summaries


def main(runs: int = 5) -> None:
    from referee.views.sheets import standings_report
    from referee.views.xlsx import write_workbook

    pairs, rounds, summaries = event()
    t0 = time.perf_counter()
    st = standings(pairs, rounds, summaries, load("club"), seed=1)
    print(f"standings: {time.perf_counter() - t0:.3f} s")
    with tempfile.TemporaryDirectory() as tmp:
        for name, write in (
            ("report (PDF)", lambda p: standings_report(p, "大连杯 Bench Cup", pairs, rounds, st, summaries, "zh")),
            ("workbook (XLSX)", lambda p: write_workbook(p, "大连杯 Bench Cup", pairs, rounds, st, summaries, "zh")),
        ):
            out = Path(tmp) / "out"
            times = []
            for _ in range(runs + 1):
                t = time.perf_counter()
                write(out)
                times.append(time.perf_counter() - t)
            first, rest = times[0], times[1:]
            print(f"{name}: first {first:.3f} s; then median {statistics.median(rest):.3f} s "
                  f"(min {min(rest):.3f}, max {max(rest):.3f}) over {runs} runs; {out.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
