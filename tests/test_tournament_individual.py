"""Individual-player events: who sits out, Swiss seating at tables of 3 or 4, seat rotation, standings.

Every expected seating and rank is worked out by hand below from the rules in the module's docstring
(referee/tournament/individual.py), with the working beside it.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from referee.games.api import Outcome, Participant
from referee.tournament.individual import (
    Player,
    SeatedRound,
    Seating,
    SeatingError,
    SitOut,
    met,
    seat_round,
    standings,
)


class Played(NamedTuple):
    """A finished match as a game's summary gives it: (seat key, score, place) per participant in seat order."""

    match_id: str
    scores: tuple[tuple[str, int, int], ...]
    finished: bool = True
    forfeit: bool = False
    head: str = ""
    entries: int = 0

    def participants(self) -> tuple[Participant, ...]:
        return tuple(Participant(k, k) for k, _, _ in self.scores)

    def outcome(self, key: str) -> Outcome:
        k, score, place = next(s for s in self.scores if s[0] == key)
        return Outcome(k, int(place == 1), int(place != 1), place, score)


def players(codes: str) -> list[Player]:
    return [Player(c, f"player {c}") for c in codes]


# Round 1 of six players at two tables of 3 (seats 1, 2, 3 in the order given):
#   T1 A B C: A +4, B -1, C -3 (places 1, 2, 3)      T2 D E F: D -4, E +3, F +1 (places 3, 1, 2)
ROUND1 = SeatedRound(1, (Seating(1, "R1-T1", ("A", "B", "C")), Seating(2, "R1-T2", ("D", "E", "F"))))
RESULTS1 = {"R1-T1": Played("R1-T1", (("1", 4, 1), ("2", -1, 2), ("3", -3, 3))),
            "R1-T2": Played("R1-T2", (("1", -4, 3), ("2", 3, 1), ("3", 1, 2)))}


def test_standings_by_total_score_then_first_places():
    rows = standings(players("ABCDEF"), [ROUND1], RESULTS1)
    # totals A 4, E 3, F 1, B -1, C -3, D -4 (all different: no tie-break needed)
    assert [(r.player, r.score) for r in rows] == [("A", 4), ("E", 3), ("F", 1), ("B", -1), ("C", -3), ("D", -4)]
    assert [r.firsts for r in rows] == [1, 1, 0, 0, 0, 0]  # A won T1, E won T2
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]
    assert all(r.played == 1 and r.sat_out == 0 for r in rows)


def test_round_two_keeps_score_groups_together_and_rotates_seats():
    r2 = seat_round(players("ABCDEF"), [ROUND1], RESULTS1, table_size=3)
    # Order A E F B C D. Table 1 starts with A; seat 2: E has not met A (B and C have) -> E; seat 3: F, B, C
    # and D have each met one of A, E once -> the highest-placed, F. Table 2: B C D.
    # Seats: A sat 1st, E 2nd, F 3rd in round 1; the orders giving each a seat it has not had are (E F A) and
    # (F A E) -> the one closer to the standings' order, (E F A). Table 2: B had 2nd, C 3rd, D 1st -> (B C D).
    assert r2 == SeatedRound(2, (Seating(1, "R2-T1", ("E", "F", "A")), Seating(2, "R2-T2", ("B", "C", "D"))), ())


def test_the_lowest_placed_who_sat_out_least_sits_out():
    r1 = ROUND1._replace(sitting_out=("G",))
    r2 = seat_round(players("ABCDEFG"), [r1], RESULTS1, table_size=3)
    # Standings: A 4, E 3, F 1, G 0 (sat out), B -1, C -3, D -4. 7 = 2 x 3 + 1: one sits out; G sat out once,
    # everyone else never -> the lowest-placed of those, D.
    # Table 1: A; E (has not met A); then F (met E), G (met nobody), B, C (met A) -> G. Table 2: F B C.
    # Seats: A had 1st, E 2nd, G none -> (E A G) is the first order with no one in a seat it had.
    # F had 3rd, B 2nd, C 3rd -> B must take 3rd: (F C B).
    assert r2 == SeatedRound(2, (Seating(1, "R2-T1", ("E", "A", "G")), Seating(2, "R2-T2", ("F", "C", "B"))),
                             ("D",))


def test_nobody_sits_out_twice_before_everyone_sat_out_once():
    field = players("ABCD")  # 4 players at tables of 3: one sits out each round
    rounds: list[SeatedRound] = []
    for _ in range(4):
        rounds.append(seat_round(field, rounds, {}, table_size=3, sit_out=SitOut.lot, seed=7))
    assert sorted(p for r in rounds for p in r.sitting_out) == ["A", "B", "C", "D"]


def test_head_to_head_separates_players_tied_on_score_and_firsts():
    # R1: T1 A B C -> A +2 (1st), B -1, C -1; D sits out.  R2: T1 B C D -> B +3 (1st), C -2, D -1; A sits out.
    # Totals A 2, B 2, C -3, D -1; firsts A 1, B 1: A and B tie. Their only match together is R1 T1, where A
    # took +2 and B -1 -> A ahead, whatever the lot (tried with ten seeds: the lot alone would put B first for
    # some of them).
    rounds = [SeatedRound(1, (Seating(1, "m1", ("A", "B", "C")),), ("D",)),
              SeatedRound(2, (Seating(1, "m2", ("B", "C", "D")),), ("A",))]
    results = {"m1": Played("m1", (("1", 2, 1), ("2", -1, 2), ("3", -1, 2))),
               "m2": Played("m2", (("1", 3, 1), ("2", -2, 2), ("3", -1, 2)))}
    for seed in range(10):
        rows = standings(players("ABCD"), rounds, results, seed)
        assert [(r.player, r.score, r.head_to_head) for r in rows] == [
            ("A", 2, 2), ("B", 2, -1), ("D", -1, None), ("C", -3, None)], seed


def test_unfinished_matches_do_not_count():
    results = {"R1-T1": RESULTS1["R1-T1"]._replace(finished=False), "R1-T2": RESULTS1["R1-T2"]}
    rows = {r.player: r for r in standings(players("ABCDEF"), [ROUND1], results)}
    assert (rows["A"].score, rows["A"].played) == (0, 0)
    assert (rows["E"].score, rows["E"].played) == (3, 1)


def test_refusals_name_the_problem():
    with pytest.raises(SeatingError) as e:
        seat_round(players("AB"), [], {}, table_size=3)
    assert (e.value.problem, e.value.ref) == ("too_few", "2")
    with pytest.raises(SeatingError) as e:
        standings(players("AA"), [], {})
    assert (e.value.problem, e.value.ref) == ("duplicate", "A")
    with pytest.raises(SeatingError) as e:
        standings(players("ABC"), [SeatedRound(1, (Seating(1, "m", ("A", "B", "Z")),))], {})
    assert (e.value.problem, e.value.ref) == ("unknown_player", "Z")


def test_a_withdrawn_player_is_never_seated_again():
    field = players("ABCDEF") + [Player("G", "player G", active=False)]
    r2 = seat_round(field, [ROUND1], RESULTS1, table_size=3)
    assert "G" not in {p for t in r2.tables for p in t.players} | set(r2.sitting_out)


def test_forty_eight_players_six_rounds_meet_new_opponents_where_the_field_allows():
    field = players([f"P{i:02d}" for i in range(48)])  # type: ignore[arg-type]
    for size in (3, 4):
        rounds: list[SeatedRound] = []
        for _ in range(6):
            rounds.append(seat_round(field, rounds, {}, table_size=size, seed=3))
        assert all(len(r.tables) == 48 // size and not r.sitting_out for r in rounds)
        for r in rounds:  # every player once a round
            assert sorted(p for t in r.tables for p in t.players) == sorted(p.code for p in field)
        seen = met(rounds)
        # 6 rounds meet at most 6 x 3 = 18 of the 47 others: far from exhausting the field. At tables of 3 nobody
        # need meet anyone twice, and the swaps find that; at tables of 4 a pair may meet a second time where
        # the greedy fill and single swaps leave it, never a third.
        assert max(seen.values()) <= (1 if size == 3 else 2)
        assert met(rounds[:2]).most_common(1)[0][1] == 1  # round 2 always finds new opponents for everyone


def test_round_one_by_rating_takes_the_rated_first_then_the_lot() -> None:
    players = [Player(c, c) for c in "ABCDEFGHI"]
    # Unseeded, round 1 is the lot's order (every total 0): tables of 4 take the first four, the next four; the
    # ninth (the lowest-placed) sits out; seats in that order. The lot is read off it.
    plain = seat_round(players, [], {}, 4, seed=3)
    lot = [p for t in plain.tables for p in t.players] + list(plain.sitting_out)
    assert sorted(lot) == list("ABCDEFGHI")
    # Rated: C 5.0, then F and H at 2.0 (equal: the lot decides between them), then D at -1.0 (a rating below a new
    # player's 0 still comes before the unrated); the five unrated after them in the lot's order.
    ratings = {"C": 5.0, "F": 2.0, "H": 2.0, "D": -1.0}
    fh = [p for p in lot if p in "FH"]
    unrated = [p for p in lot if p not in ratings]
    seated = seat_round(players, [], {}, 4, seed=3, ratings=ratings)
    assert [t.players for t in seated.tables] == [("C", *fh, "D"), tuple(unrated[:4])]
    assert seated.sitting_out == (unrated[4],)
    # ratings seed round 1 only
    with pytest.raises(SeatingError) as late:
        seat_round(players, [seated], {}, 4, seed=3, ratings=ratings)
    assert (late.value.problem, late.value.ref) == ("seeded_late", "1")
