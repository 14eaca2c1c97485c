"""Pairing: Berger round robins and Swiss rounds, hand-worked cases and properties over random events."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from itertools import combinations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.gunzi.summary import GameSummary, MatchSummary, Sides, TeamNames
from referee.tournament.model import Pair, Round, Table
from referee.tournament.pairing import (
    PairingFailure,
    PairingProblem,
    SeatExplanation,
    SeatRule,
    SwissPairing,
    TableExplanation,
    round_robin,
    swiss_round,
)
from referee.tournament.scoring import load
from referee.tournament.standings import Row, Standings, standings

CLUB = load("club")


def pairs(*codes: str) -> list[Pair]:
    return [Pair(c, f"{c}1", f"{c}2") for c in codes]


def ranked(*entries: tuple[str, int]) -> Standings:
    """Standings in the given order with the given match points (the rest does not matter to pairing)."""
    rows = tuple(Row(rank=i, pair=code, active=True, played=0, won=0, lost=0, byes=0, match_points=points, games_won=0,
                     games_lost=0, tiebreaks={}) for i, (code, points) in enumerate(entries, 1))
    return Standings(rows, (), 0, ())


def rnd(number: int, *tables: tuple[str, str], bye: str | None = None) -> Round:
    return Round(number, tuple(Table(t, f"R{number}-T{t}", ew, ns) for t, (ew, ns) in enumerate(tables, 1)), bye)


def seats(tables) -> list[tuple[str, str]]:
    return [(t.ew, t.ns) for t in tables]


# --- round robin -------------------------------------------------------------------------------


def meetings(rounds: list[Round]) -> Counter:
    return Counter(frozenset((t.ew, t.ns)) for r in rounds for t in r.tables)


def test_round_robin_of_six():
    codes = "ABCDEF"
    rounds = round_robin(pairs(*codes))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]
    # Berger table for 6 (EW first): round 1 1-6 2-5 3-4, round 2 6-4 5-3 1-2 (tables by lowest number).
    assert seats(rounds[0].tables) == [("A", "F"), ("B", "E"), ("C", "D")]
    assert seats(rounds[1].tables) == [("A", "B"), ("E", "C"), ("F", "D")]
    assert [t.match_id for t in rounds[1].tables] == ["R2-T1", "R2-T2", "R2-T3"]
    met = meetings(rounds)
    assert set(met) == {frozenset(p) for p in combinations(codes, 2)} and set(met.values()) == {1}
    for r in rounds:
        assert r.bye is None and sorted(c for t in r.tables for c in (t.ew, t.ns)) == list(codes)
    ew = Counter(t.ew for r in rounds for t in r.tables)
    ns = Counter(t.ns for r in rounds for t in r.tables)
    assert all(abs(ew[c] - ns[c]) == 1 for c in codes)  # five matches: 3 and 2


def test_round_robin_of_seven():
    codes = "ABCDEFG"
    rounds = round_robin(pairs(*codes))
    assert len(rounds) == 7 and all(len(r.tables) == 3 for r in rounds)
    assert sorted(r.bye for r in rounds) == list(codes)  # each pair exactly one bye
    met = meetings(rounds)
    assert set(met) == {frozenset(p) for p in combinations(codes, 2)} and set(met.values()) == {1}
    for r in rounds:
        assert sorted([r.bye] + [c for t in r.tables for c in (t.ew, t.ns)]) == list(codes)
    ew = Counter(t.ew for r in rounds for t in r.tables)
    ns = Counter(t.ns for r in rounds for t in r.tables)
    assert all(ew[c] == ns[c] == 3 for c in codes)  # six matches: 3 and 3


def test_round_robin_colours_alternate_and_stay_balanced():
    for n in range(2, 17):
        codes = [f"P{i}" for i in range(n)]
        seat = {c: "" for c in codes}
        for r in round_robin(pairs(*codes)):
            for t in r.tables:
                seat[t.ew] += "E"
                seat[t.ns] += "N"
        for c, s in seat.items():
            assert abs(s.count("E") - s.count("N")) <= 1, (n, c, s)
            assert "EEE" not in s and "NNN" not in s, (n, c, s)


def test_round_robin_leaves_out_withdrawn_pairs():
    entries = pairs("A", "B", "C", "D")
    entries[1] = entries[1]._replace(active=False)
    rounds = round_robin(entries)
    assert len(rounds) == 3 and sorted(r.bye for r in rounds) == ["A", "C", "D"]
    assert round_robin(pairs("A")) == []


# --- Swiss: hand-worked rounds -----------------------------------------------------------------


def test_swiss_round_one_in_entry_order():
    # 1 v 2, 3 v 4, 5 v 6; nothing to separate the seats: the higher-ranked pair sits EW at odd tables.
    p = swiss_round(pairs("A", "B", "C", "D", "E", "F"), [], None)
    assert isinstance(p, SwissPairing) and p.round == 1 and p.bye is None
    assert p.tables == (Table(1, "R1-T1", "A", "B"), Table(2, "R1-T2", "D", "C"), Table(3, "R1-T3", "E", "F"))
    assert all(e.seat_rule == SeatRule.table and not e.floated for e in p.explanation)
    # Odd: the bye to the last in seed order.
    p5 = swiss_round(pairs("A", "B", "C", "D", "E"), [], None)
    assert isinstance(p5, SwissPairing)
    assert p5.bye == "E" and not p5.bye_repeat and seats(p5.tables) == [("A", "B"), ("D", "C")]


def test_swiss_round_one_shuffled_by_the_seed():
    codes = [f"P{i}" for i in range(10)]
    order = list(codes)
    random.Random(42).shuffle(order)
    p = swiss_round(pairs(*codes), [], None, seed=42)
    assert isinstance(p, SwissPairing)
    expected = [(order[i], order[i + 1]) if (i // 2) % 2 == 0 else (order[i + 1], order[i]) for i in range(0, 10, 2)]
    assert seats(p.tables) == expected
    assert swiss_round(pairs(*codes), [], None, seed=42) == p


def test_swiss_nearest_scores_and_the_bye():
    # R1: A-B 2:0 (A 3, B 0), C-D 2:1 (C 2, D 1), bye E (2). Order A 3, C 2, E 2, D 1, B 0.
    # Bye: the lowest-ranked pair without one, B. Left A C E D, no rematch among A-C, E-D:
    #   A-C + E-D: (3-2)^2 + (2-1)^2 = 2;  A-E + C-D: C-D is a rematch;  A-D + C-E: 4 + 0 = 4.  So A-C, E-D.
    # Seats: A and C both sat EW once (balance +1, last EW): table 1, odd, the higher-ranked A sits EW.
    #   E (0) and D (NS once, -1): the pair that sat EW more often, E, sits NS.
    previous = [rnd(1, ("A", "B"), ("C", "D"), bye="E")]
    table = ranked(("A", 3), ("C", 2), ("E", 2), ("D", 1), ("B", 0))
    p = swiss_round(pairs("A", "B", "C", "D", "E"), previous, table)
    assert isinstance(p, SwissPairing)
    assert p.round == 2 and p.bye == "B" and not p.bye_repeat
    assert p.tables == (Table(1, "R2-T1", "A", "C"), Table(2, "R2-T2", "D", "E"))
    assert p.explanation == (
        TableExplanation(1, SeatExplanation("A", 1, 3, ()), SeatExplanation("C", 2, 2, ()), True, SeatRule.table),
        TableExplanation(2, SeatExplanation("D", 4, 1, ()), SeatExplanation("E", 3, 2, ()), True, SeatRule.balance),
    )


def test_swiss_avoids_rematches_and_says_so():
    # R1: A-C, D-B; R2: B-A, C-D (EW first); A won both (6), B and C one each (3), D none (0).
    # Round 3: A has met B and C, so A-D (a float from 6 to 0) and B-C (3 and 3).
    # A's nearer opponents B, C (3 points away, not 6) were rematches: avoided B, C (by rank); D's too.
    # Seats: every balance is 0; A and D both sat NS last: table 1, A (higher) EW; B and C both sat
    #   EW last: table 2, even, the higher-ranked B sits NS.
    previous = [rnd(1, ("A", "C"), ("D", "B")), rnd(2, ("B", "A"), ("C", "D"))]
    table = ranked(("A", 6), ("B", 3), ("C", 3), ("D", 0))
    p = swiss_round(pairs("A", "B", "C", "D"), previous, table)
    assert isinstance(p, SwissPairing)
    assert p.tables == (Table(1, "R3-T1", "A", "D"), Table(2, "R3-T2", "C", "B"))
    assert p.explanation == (
        TableExplanation(1, SeatExplanation("A", 1, 6, ("B", "C")), SeatExplanation("D", 4, 0, ("B", "C")),
                         True, SeatRule.table),
        TableExplanation(2, SeatExplanation("C", 3, 3, ()), SeatExplanation("B", 2, 3, ()), False, SeatRule.table),
    )


def test_swiss_seats_alternate_at_equal_balance():
    # R1: A-B, C-D, E-F; R2: B-C, D-E, F-A (EW first): every balance is back to 0; last seats A C E NS,
    # B D F EW. Points A 6, D 6, B 3, E 3, C 0, F 0: A-D, B-E, C-F are unmet and all of equal points.
    # Seats: each pair takes the other seat from its last one: A EW v D, E EW v B, C EW v F.
    previous = [rnd(1, ("A", "B"), ("C", "D"), ("E", "F")), rnd(2, ("B", "C"), ("D", "E"), ("F", "A"))]
    table = ranked(("A", 6), ("D", 6), ("B", 3), ("E", 3), ("C", 0), ("F", 0))
    p = swiss_round(pairs(*"ABCDEF"), previous, table)
    assert isinstance(p, SwissPairing)
    assert seats(p.tables) == [("A", "D"), ("E", "B"), ("C", "F")]
    assert [e.seat_rule for e in p.explanation] == [SeatRule.alternate] * 3
    assert not any(e.floated for e in p.explanation)


def test_swiss_withdrawn_pairs_sit_out_and_late_entries_start_at_zero():
    # D withdrew; E entered after round 1 (not in the standings): E is at 0 and ranked last.
    # Order A 3, B 2, C 1, E 0 (D left out). A-B met, C-D met. A-C + B-E: 4 + 4 = 8; A-E + B-C: 9 + 1 = 10.
    entries = pairs("A", "B", "C", "D", "E")
    entries[3] = entries[3]._replace(active=False)
    previous = [rnd(1, ("A", "B"), ("C", "D"))]
    p = swiss_round(entries, previous, ranked(("A", 3), ("B", 2), ("C", 1), ("D", 0)))
    assert isinstance(p, SwissPairing) and p.bye is None
    assert sorted(map(sorted, seats(p.tables))) == [["A", "C"], ["B", "E"]]
    assert "A" in (p.tables[0].ew, p.tables[0].ns) and "B" in (p.tables[1].ew, p.tables[1].ns)
    e_note = next(n for e in p.explanation for n in (e.ew, e.ns) if n.pair == "E")
    assert (e_note.rank, e_note.match_points) == (4, 0)


def test_swiss_failure_when_every_pairing_is_a_rematch():
    rounds = round_robin(pairs("A", "B", "C", "D"))
    f = swiss_round(pairs("A", "B", "C", "D"), rounds, ranked(("A", 9), ("B", 6), ("C", 3), ("D", 0)))
    assert f == PairingFailure(4, PairingProblem.no_pairing, ("A", "B", "C", "D"))
    # Six pairs after 1-4 2-5 3-6, 1-5 2-6 3-4, 1-6 2-4 3-5: only the triangles 1 2 3 and 4 5 6 are left,
    # and a triangle pairs only two of its three: one pair of each is left over.
    six = [rnd(1, ("1", "4"), ("2", "5"), ("3", "6")), rnd(2, ("1", "5"), ("2", "6"), ("3", "4")),
           rnd(3, ("1", "6"), ("2", "4"), ("3", "5"))]
    f6 = swiss_round(pairs(*"123456"), six, ranked(*[(c, 0) for c in "123456"]))
    assert isinstance(f6, PairingFailure) and f6.problem == PairingProblem.no_pairing and f6.round == 4
    assert len(f6.unpaired) == 2 and len(set(f6.unpaired) & set("123")) == 1
    assert swiss_round(pairs("A"), [], None) == PairingFailure(1, PairingProblem.too_few_pairs, ("A",))


def test_networkx_is_not_imported_at_start_up():
    code = ("import sys, referee.cli, referee.tournament.pairing, referee.tournament.standings; "
            "sys.exit('networkx' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# --- Swiss: properties over random events -----------------------------------------------------

RESULTS = [(2, 0), (2, 1), (1, 2), (0, 2)]


def summary(mid: str, ew: int, ns: int) -> MatchSummary:
    winner = "EW" if ew > ns else "NS"
    games = tuple(GameSummary(i, w, "zero", Sides(4, 3) if w == "EW" else Sides(3, 4))
                  for i, w in enumerate(["EW"] * ew + ["NS"] * ns, 1))
    return MatchSummary(mid, "dalian-club", ("", "", "", ""), TeamNames("", ""), True, winner,  # type: ignore[arg-type]
                        Sides(ew, ns), games, Sides(0, 0), False)


def perfect(codes: list[str], allowed) -> bool:
    """Whether the codes can all be paired over the allowed edges (an independent check)."""
    g = nx.Graph()
    g.add_nodes_from(codes)
    g.add_edges_from((a, b) for a, b in combinations(codes, 2) if allowed(a, b))
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == len(codes)


def objective(p: SwissPairing, table: Standings | None, balance: Counter) -> tuple[int, int, int]:
    points = {r.pair: r.match_points for r in table.rows} if table else {}
    score = sum((points.get(t.ew, 0) - points.get(t.ns, 0)) ** 2 for t in p.tables)
    after = Counter(balance)
    for t in p.tables:
        after[t.ew] += 1
        after[t.ns] -= 1
    return (score, sum(abs(v) >= 3 for v in after.values()), sum(abs(v) == 2 for v in after.values()))


def play_event(n: int, rounds: int, seed: int, rng: random.Random, window_check: bool = False,
               withdraw: tuple[int, int] | None = None, late: int | None = None) -> int:
    """Pair and play up to ``rounds`` Swiss rounds with random results, checking every round; the
    rounds played. ``withdraw=(r, i)``: pair i withdraws before round r; ``late=r``: a pair enters then."""
    entries = pairs(*[f"P{i:02d}" for i in range(n)])
    previous: list[Round] = []
    summaries: dict[str, MatchSummary] = {}
    table: Standings | None = None
    met: set[frozenset[str]] = set()
    balance: Counter = Counter()
    byes: Counter = Counter()
    for r in range(1, rounds + 1):
        if withdraw and withdraw[0] == r:
            entries[withdraw[1] % n] = entries[withdraw[1] % n]._replace(active=False)
        if late == r:
            entries.append(Pair("LATE", "l1", "l2"))
        codes = sorted(p.code for p in entries if p.active)
        p = swiss_round(entries, previous, table, seed)
        if isinstance(p, PairingFailure):
            # Only when no rematch-free pairing exists at all (with a bye node when the number is odd).
            assert p.problem == PairingProblem.no_pairing and p.round == r
            nodes = codes + (["bye"] if len(codes) % 2 else [])
            assert not perfect(nodes, lambda a, b: "bye" in (a, b) or frozenset((a, b)) not in met)
            return r - 1
        if window_check:
            full = swiss_round(entries, previous, table, seed, window=None)
            assert isinstance(full, SwissPairing)
            assert objective(p, table, balance) == objective(full, table, balance)
            assert p.bye == full.bye
        assert p.round == r
        seated = [c for t in p.tables for c in (t.ew, t.ns)] + ([p.bye] if p.bye else [])
        assert sorted(seated) == codes  # every active pair exactly once, no withdrawn pair
        assert (p.bye is not None) == (len(codes) % 2 == 1)
        for t in p.tables:
            assert frozenset((t.ew, t.ns)) not in met  # never a rematch
        if table is not None:  # ranks: the standings' order, late entries last; table 1 = the top
            ranked = [row.pair for row in table.rows if row.pair in codes]
            order = ranked + [c for c in codes if c not in ranked]
            for e in p.explanation:
                assert (e.ew.rank, e.ns.rank) == (order.index(e.ew.pair) + 1, order.index(e.ns.pair) + 1)
            tops = [min(e.ew.rank, e.ns.rank) for e in p.explanation]
            assert tops == sorted(tops) and [t.number for t in p.tables] == list(range(1, len(p.tables) + 1))
        if p.bye and byes[p.bye] and any(not byes[c] for c in codes):
            # A second bye only if no pair without one could have it and everyone else be paired.
            for c in codes:
                if not byes[c]:
                    rest = [x for x in codes if x != c]
                    assert not perfect(rest, lambda a, b: frozenset((a, b)) not in met)
        assert p.bye_repeat == bool(p.bye and byes[p.bye])
        after = Counter(balance)
        for t in p.tables:
            after[t.ew] += 1
            after[t.ns] -= 1
        if any(abs(after[c]) > 2 for c in codes):
            # Only when every rematch-free pairing (with this bye) would push some pair to 3.
            def fine(a: str, b: str, before: Counter = balance) -> bool:
                ca, cb = before[a], before[b]
                moved = (ca - 1, cb + 1) if ca > cb else (ca + 1, cb - 1)
                return frozenset((a, b)) not in met and all(abs(x) <= 2 for x in moved)
            assert not perfect([c for c in codes if c != p.bye], fine)
        for t in p.tables:
            met.add(frozenset((t.ew, t.ns)))
            summaries[t.match_id] = summary(t.match_id, *rng.choice(RESULTS))
        balance = after
        if p.bye:
            byes[p.bye] += 1
        previous.append(p.as_round())
        table = standings(entries, previous, summaries, CLUB, seed)
    return rounds


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from(range(4, 41)), seed=st.integers(0, 2**16), rng=st.randoms(use_true_random=False),
       withdraw=st.none() | st.tuples(st.integers(2, 9), st.integers(0, 39)),
       late=st.none() | st.integers(2, 9))
def test_swiss_properties(n, seed, rng, withdraw, late):
    # Nine rounds, or fewer when a round has no rematch-free pairing (play_event checks that it has none);
    # perhaps a pair withdrawing, perhaps a late entry.
    play_event(n, 9, seed, rng, withdraw=withdraw, late=late)


def test_twenty_pairs_play_nine_rounds():
    # Swiss rounds can paint themselves into a corner near a round robin's length (6 pairs after 3 rounds
    # above), not an event of 20 pairs in 9 rounds.
    assert play_event(20, 9, 3, random.Random(3)) == 9


def test_the_window_finds_what_the_full_graph_finds():
    for seed in range(3):
        assert play_event(60, 7, seed, random.Random(seed), window_check=True) == 7
