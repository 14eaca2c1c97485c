"""Seating bench for individual-player events: 48 players x 6 rounds at tables of 3 and of 4 (issue 22's
figure: under 2 s), with random results fed back through the standings. Prints figures, asserts nothing.

    .venv/bin/python bench/seating_bench.py [--players 48] [--rounds 6] [--runs 5]

Each run seats every round with ``referee.tournament.individual.seat_round`` after the results of the rounds
before it (random zero-sum scores per table, set up from a fixed seed); the figure is the CPU time of the whole
event's seating (best and median of the runs), and the repeat meetings it left.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.api import Outcome, Participant  # noqa: E402
from referee.tournament.individual import Player, SeatedRound, met, seat_round  # noqa: E402


class Played(NamedTuple):
    match_id: str
    scores: tuple[int, ...]
    finished: bool = True
    forfeit: bool = False
    head: str = ""
    entries: int = 0

    def participants(self) -> tuple[Participant, ...]:
        return tuple(Participant(str(i), str(i)) for i in range(len(self.scores)))

    def outcome(self, key: str) -> Outcome:
        score = self.scores[int(key)]
        place = 1 + sum(s > score for s in self.scores)
        return Outcome(key, int(place == 1), int(place != 1), place, score)


def one_event(n: int, rounds: int, size: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    field = [Player(f"P{i:03d}", f"player {i}") for i in range(n)]
    done: list[SeatedRound] = []
    results: dict[str, Played] = {}
    cpu = 0.0
    for _ in range(rounds):
        t0 = time.process_time()
        r = seat_round(field, done, results, size, seed=seed)
        cpu += time.process_time() - t0
        done.append(r)
        for t in r.tables:
            scores = [rng.randint(-4, 4) for _ in range(size - 1)]
            results[t.match_id] = Played(t.match_id, (*scores, -sum(scores)))
    repeats = sum(v - 1 for v in met(done).values() if v > 1)
    return cpu, repeats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, default=48)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(f"{args.players} players x {args.rounds} rounds, {args.runs} runs   best s   median s   repeats")
    for size in (3, 4):
        runs = [one_event(args.players, args.rounds, size, seed) for seed in range(args.runs)]
        cpu = [c for c, _ in runs]
        print(f"  tables of {size}                  {min(cpu):7.3f}   {statistics.median(cpu):7.3f}   "
              f"{', '.join(str(r) for _, r in runs)}")


if __name__ == "__main__":
    main()
