"""The round robin of individual players (``referee.tournament.robinseating``): the schedules worked out by hand
from the rules in the module's docstring, with the working beside them."""

from __future__ import annotations

import itertools
from collections import Counter

from referee.tournament.individual import Player, SeatedRound
from referee.tournament.robinseating import robin_round


def field(n: int) -> list[Player]:
    return [Player(f"P{i}", f"n{i}") for i in range(1, n + 1)]


def schedule(players: list[Player], size: int, rounds: int) -> list[SeatedRound]:
    out: list[SeatedRound] = []
    for _ in range(rounds):
        out.append(robin_round(players, out, size, "RR-R{round}-T{table}"))
    return out


def meetings(rounds: list[SeatedRound]) -> Counter[frozenset[str]]:
    seen: Counter[frozenset[str]] = Counter()
    for r in rounds:
        for t in r.tables:
            seen.update(frozenset(p) for p in itertools.combinations(t.players, 2))
    return seen


def test_nine_players_at_tables_of_three_meet_each_other_exactly_once_in_four_rounds() -> None:
    rounds = schedule(field(9), 3, 4)
    # Round 1: nobody has met; in entry order: 123 456 789.
    # Round 2: 1 with the first two it has not met (4, then 7: 4 and 7 have not met), 2 with 5 and 8, 3 with 6, 9.
    # Round 3: 1 has met 2 3 4 7: 1 5 6 repeats 5-6, 1 5 8 repeats 5-8 (round 2), 1 5 9 is new; then 2 (met 1 3 5 8):
    #   2 4 6 repeats 4-6, 2 4 7 repeats 4-7, 2 6 7 is new; 3 4 8 left, new.
    # Round 4: what each has not met: 1 6 8, 2 4 9, 3 5 7.
    assert [sorted(sorted(t.players) for t in r.tables) for r in rounds] == [
        [["P1", "P2", "P3"], ["P4", "P5", "P6"], ["P7", "P8", "P9"]],
        [["P1", "P4", "P7"], ["P2", "P5", "P8"], ["P3", "P6", "P9"]],
        [["P1", "P5", "P9"], ["P2", "P6", "P7"], ["P3", "P4", "P8"]],
        [["P1", "P6", "P8"], ["P2", "P4", "P9"], ["P3", "P5", "P7"]]]
    # 36 pairs of 9 players; 4 rounds × 3 tables × 3 pairs = 36 meetings: each pair exactly once
    seen = meetings(rounds)
    assert len(seen) == 36 and set(seen.values()) == {1}
    assert [t.match_id for t in rounds[1].tables] == ["RR-R2-T1", "RR-R2-T2", "RR-R2-T3"]
    assert all(r.sitting_out == () for r in rounds)


def test_sixteen_at_tables_of_four_meet_each_other_once_in_five_rounds() -> None:
    # 120 pairs; 5 rounds × 4 tables × 6 pairs = 120: every pair once (the affine plane of order 4 exists)
    seen = meetings(schedule(field(16), 4, 5))
    assert len(seen) == 120 and set(seen.values()) == {1}


def test_seven_at_tables_of_three_one_sits_out_in_turn() -> None:
    rounds = schedule(field(7), 3, 7)
    # 7 % 3 = 1 sits out each round: who sat out least, the latest entered first: P7, P6, … P1, each once
    assert [r.sitting_out for r in rounds] == [(f"P{i}",) for i in range(7, 0, -1)]
    # Round 2 (P6 out; 1 2 3 and 4 5 met in round 1, 7 new): no partition of 1 2 3 4 5 7 repeats nothing — the table
    # without 7 takes three of 1 2 3 4 5, two of one round-1 table — so the greedy partition stands unless cheaper:
    # 1, then the first adding nothing (4), then the first adding nothing to 1 4 (7: 2 and 3 met 1, 5 met 4); then
    # 2 3 5 (2-3 again: cost 2, the least any partition has). Seats: round 1 gave 1 and 4 seat 1, 2 and 5 seat 2, 3
    # seat 3; each table in the first order where nobody has its round-1 seat: 7 1 4, and 2 3 5.
    assert [t.players for t in rounds[1].tables] == [("P7", "P1", "P4"), ("P2", "P3", "P5")]
    # over the seven rounds each plays 6, meeting 2 a round: 12 meetings over 6 others, two each at best; the search
    # goes round by round (it never undoes an earlier round), so it comes near that, not to it: every two meet, at
    # most three times
    seen = meetings(rounds)
    assert len(seen) == 21 and min(seen.values()) >= 1 and max(seen.values()) <= 3


def test_a_withdrawn_player_is_not_seated() -> None:
    players = field(7)
    first = robin_round(players, [], 3)
    players[0] = players[0]._replace(active=False)
    second = robin_round(players, [first], 3)
    # six left: two full tables, nobody sits out, P1 nowhere
    assert second.sitting_out == () and "P1" not in [p for t in second.tables for p in t.players]
