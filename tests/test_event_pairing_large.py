"""Swiss pairing of large fields (over ``pairing.POOLED`` active pairs, paired in pools): the rules at 200-1,000 pairs.

Every check here is worked out from the rules (README "Pairing"; the tiers in tournament/pairing.py's docstring),
with the event's history kept by this file, not read from the code under test: each active pair placed once, never
a rematch, one bye when the number is odd, to the lowest-ranked pair that has not had one (never a second while
some pair has had none), seats by the EW/NS balance, and no two tables that could be paired the other way round
(a-b, c-d as a-c, b-d or a-d, b-c, neither a rematch) with fewer imbalances of 3, then a smaller sum of squared
match-point differences, then fewer tables of one club.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

import networkx as nx
import pytest
from test_event_pairing import RESULTS, summary  # a pair match summary of random results

from referee.games.gunzi.summary import MatchSummary
from referee.tournament import pairing
from referee.tournament.model import Pair, Round, Table
from referee.tournament.pairing import PairingFailure, SwissPairing, swiss_round
from referee.tournament.scoring import load
from referee.tournament.standings import Row, Standings, standings

CLUB = load("club")
SEED = 7  # the events' lot


@dataclass
class Event:
    """An event played round by round with random results; its history as this test keeps it."""

    entries: list[Pair]
    rng: random.Random
    avoid_club: bool = True
    rounds: list[Round] = field(default_factory=list)
    summaries: dict[str, MatchSummary] = field(default_factory=dict)
    table: Standings | None = None
    met: set[frozenset[str]] = field(default_factory=set)
    balance: Counter[str] = field(default_factory=Counter)  # times EW minus times NS
    byes: Counter[str] = field(default_factory=Counter)

    def pair(self) -> SwissPairing:
        got = swiss_round(self.entries, self.rounds, self.table, SEED, avoid_club=self.avoid_club)
        assert isinstance(got, SwissPairing), got
        return got

    def play(self, p: SwissPairing) -> None:
        for t in p.tables:
            self.met.add(frozenset((t.ew, t.ns)))
            self.balance[t.ew] += 1
            self.balance[t.ns] -= 1
            self.summaries[t.match_id] = summary(t.match_id, *self.rng.choice(RESULTS))
        if p.bye:
            self.byes[p.bye] += 1
        self.rounds.append(p.as_round())
        self.table = standings(self.entries, self.rounds, self.summaries, CLUB, SEED)

    def points(self) -> dict[str, int]:
        got = {p.code: 0 for p in self.entries}
        if self.table is not None:
            got.update((r.pair, r.match_points) for r in self.table.rows)
        return got

    def order(self) -> list[str]:
        """This round's ranks: the standings' order, late entries last; round 1: the entry order shuffled by the
        seed (README: "shuffled with --seed N"), as tests/test_event_pairing.py has it."""
        active = [p.code for p in self.entries if p.active]
        if self.table is None:
            random.Random(SEED).shuffle(active)
            return active
        ranked = [r.pair for r in self.table.rows if r.pair in set(active)]
        return ranked + [c for c in active if c not in set(ranked)]


def _unplayed(rank: int, code: str) -> Row:
    """A standings row of a pair that has played nothing yet."""
    return Row(rank=rank, pair=code, active=True, played=0, won=0, lost=0, byes=0, match_points=0, games_won=0,
               games_lost=0, tiebreaks={})


def clubs(n: int, count: int, rng: random.Random) -> list[Pair]:
    """n pairs, each of one of *count* clubs (a fifth of them in none); club sizes uneven."""
    weights = [1 + k for k in range(count)]
    return [Pair(f"P{i:04d}", f"a{i}", f"b{i}",
                 club="" if rng.random() < 0.2 else f"C{rng.choices(range(count), weights)[0]}")
            for i in range(n)]


def check_round(ev: Event, p: SwissPairing) -> None:
    """The rules of one round, from the history this test kept."""
    codes = sorted(x.code for x in ev.entries if x.active)
    seated = [c for t in p.tables for c in (t.ew, t.ns)] + ([p.bye] if p.bye else [])
    assert sorted(seated) == codes  # every active pair exactly once, no withdrawn pair
    assert [t.number for t in p.tables] == list(range(1, len(p.tables) + 1))
    assert all(frozenset((t.ew, t.ns)) not in ev.met for t in p.tables)  # never a rematch
    assert (p.bye is not None) == (len(codes) % 2 == 1)
    if p.bye is not None:
        order = ev.order()
        without = [c for c in order if not ev.byes[c]]
        assert without, "the fields here are far from everyone having had a bye"
        assert p.bye == without[-1]  # the lowest-ranked pair that has not had one: never a second bye
        assert not p.bye_repeat
    for t in p.tables:  # seats: the pair that sat EW more often sits NS
        if ev.balance[t.ew] != ev.balance[t.ns]:
            assert ev.balance[t.ew] < ev.balance[t.ns], t
    if ev.table is not None:  # table 1 is the top: tables in the order of their higher-ranked pair
        rank = {c: k for k, c in enumerate(ev.order())}
        tops = [min(rank[t.ew], rank[t.ns]) for t in p.tables]
        assert tops == sorted(tops)
    assert not list(exchanges(ev, p.tables))


def exchanges(ev: Event, tables: tuple[Table, ...]) -> Iterator[tuple[Table, Table]]:
    """The two tables that could be paired the other way round for fewer imbalances of 3, then a smaller sum of
    squared differences, then fewer tables of one club (a better pairing, which the rules would have chosen)."""
    points = ev.points()
    club = {x.code: x.club for x in ev.entries} if ev.avoid_club else {}
    balance = ev.balance

    def cost(a: str, b: str) -> tuple[int, int, int]:
        ca, cb = balance[a], balance[b]
        after = (ca - 1, cb + 1) if ca > cb else (ca + 1, cb - 1)  # the one that sat EW more often sits NS
        return (sum(abs(x) >= 3 for x in after), (points[a] - points[b]) ** 2,
                1 if club.get(a) and club.get(a) == club.get(b) else 0)

    now = [cost(t.ew, t.ns) for t in tables]
    for x in range(len(tables)):
        a, b = tables[x].ew, tables[x].ns
        for y in range(x + 1, len(tables)):
            c, d = tables[y].ew, tables[y].ns
            old = tuple(u + v for u, v in zip(now[x], now[y], strict=True))
            for (p, q), (r, s) in (((a, c), (b, d)), ((a, d), (b, c))):
                if frozenset((p, q)) in ev.met or frozenset((r, s)) in ev.met:
                    continue
                if tuple(u + v for u, v in zip(cost(p, q), cost(r, s), strict=True)) < old:
                    yield tables[x], tables[y]


def play(ev: Event, rounds: int, withdraw: dict[int, list[int]] | None = None, late: int | None = None) -> None:
    for r in range(1, rounds + 1):
        for i in (withdraw or {}).get(r, []):
            ev.entries[i] = ev.entries[i]._replace(active=False)
        if late == r:
            ev.entries.append(Pair("LATE", "l1", "l2", club="C0"))
        p = ev.pair()
        assert p.round == r
        check_round(ev, p)
        ev.play(p)


def test_a_field_of_320_pairs_keeps_the_rules():
    # Over POOLED: paired in pools. Four rounds, odd once a pair withdraws.
    rng = random.Random(1)
    play(Event(clubs(320, 12, rng), rng), 4, withdraw={3: [17]})


@pytest.mark.parametrize("n, rounds, seed", [(1001, 6, 2), (600, 9, 3), (401, 8, 4)])
def test_large_fields_keep_the_rules(n, rounds, seed):
    # Several rounds of 400-1,000 pairs, pairs withdrawing (round 3) and one entering late (round 4).
    rng = random.Random(seed)
    play(Event(clubs(n, 25, rng), rng), rounds, withdraw={3: [5, 50, 500 % n]}, late=4)


def test_many_clubs_never_meet_themselves():
    # 40 clubs of about 12 pairs in a field of 500: a club's pairs can always be kept apart.
    rng = random.Random(5)
    ev = Event([Pair(f"P{i:04d}", "a", "b", club=f"C{i % 40}") for i in range(500)], rng)
    for _ in range(7):
        p = ev.pair()
        check_round(ev, p)
        assert not [t for t in p.tables if int(t.ew[1:]) % 40 == int(t.ns[1:]) % 40]
        ev.play(p)


def test_pools_find_what_the_full_graph_finds(monkeypatch):
    # 200 pairs forced into pools (POOLED lowered): the bye, the imbalances of 3 and the sum of squared
    # differences (the tiers above the clubs) as the one graph of the whole field has them, round after round.
    monkeypatch.setattr(pairing, "POOLED", 100)
    rng = random.Random(6)
    ev = Event(clubs(201, 6, rng), rng)
    for _ in range(6):
        p = ev.pair()
        full = swiss_round(ev.entries, ev.rounds, ev.table, SEED, avoid_club=True, window=None)
        assert isinstance(full, SwissPairing)
        check_round(ev, p)
        points = ev.points()

        def tiers(tables: tuple[Table, ...], points: dict[str, int] = points) -> tuple[int, int]:
            after = Counter(ev.balance)
            for t in tables:
                after[t.ew] += 1
                after[t.ns] -= 1
            return sum(abs(v) >= 3 for v in after.values()), sum((points[t.ew] - points[t.ns]) ** 2 for t in tables)

        assert p.bye == full.bye
        assert tiers(p.tables) == tiers(full.tables)
        ev.play(p)


def test_round_one_of_a_large_field_pairs_neighbours_or_halves():
    # No history, no clubs: 1 v 2, 3 v 4 … in seed order (entry order here); with halves 1 v n/2+1, 2 v n/2+2 ….
    entries = [Pair(f"P{i:04d}", "a", "b") for i in range(400)]
    adjacent = swiss_round(entries, [], None)
    assert isinstance(adjacent, SwissPairing)
    assert sorted(sorted((int(t.ew[1:]), int(t.ns[1:]))) for t in adjacent.tables) == \
        [[i, i + 1] for i in range(0, 400, 2)]
    halves = swiss_round(entries, [], None, halves=True)
    assert isinstance(halves, SwissPairing)
    assert sorted(sorted((int(t.ew[1:]), int(t.ns[1:]))) for t in halves.tables) == [[i, i + 200] for i in range(200)]


def test_a_large_field_is_never_one_graph(monkeypatch):
    # The blossom algorithm's time grows with the cube of the nodes: 1,000 pairs as one graph took 33 s a round.
    # A round of 1,001 pairs after one round solves graphs of a few pools' size only (a pool is 48 pairs).
    sizes: list[int] = []
    real = nx.max_weight_matching

    def counted(graph, *args, **kwargs):
        sizes.append(graph.number_of_nodes())
        return real(graph, *args, **kwargs)

    rng = random.Random(8)
    ev = Event(clubs(1001, 10, rng), rng)
    ev.play(ev.pair())
    monkeypatch.setattr(nx, "max_weight_matching", counted)
    p = ev.pair()
    check_round(ev, p)
    assert sizes and max(sizes) <= 150, max(sizes)


def test_a_last_pool_that_cannot_pair_takes_in_the_pools_above(monkeypatch):
    # Pools of 4 over 12 pairs of equal points: A..D, E..H, I..L. I, J, K and L have met each other (and A..D
    # each of E..H once), so the last pool cannot pair among itself: the pool above is merged into it. I..L then
    # meet E..H (the nearest ranks), E..H none of A..D, and A..D pair among themselves as their pool did.
    monkeypatch.setattr(pairing, "POOLED", 4)
    monkeypatch.setattr(pairing, "POOL", 4)
    codes = "ABCDEFGHIJKL"
    rounds = [["IJ", "LK", "AE", "FB", "CG", "HD"], ["JL", "KI", "FA", "BE", "HC", "DG"],
              ["IL", "JK", "AG", "HB", "EC", "DF"]]
    previous = [Round(r, tuple(Table(t, f"R{r}-T{t}", ew, ns) for t, (ew, ns) in enumerate(tables, 1)), None)
                for r, tables in enumerate(rounds, 1)]
    met = {frozenset((t.ew, t.ns)) for r in previous for t in r.tables}
    table = Standings(tuple(_unplayed(i, c) for i, c in enumerate(codes, 1)), (), 0, ())
    for got in (swiss_round([Pair(c, "a", "b") for c in codes], previous, table),
                swiss_round([Pair(c, "a", "b") for c in codes], previous, table, window=None)):
        assert isinstance(got, SwissPairing) and got.bye is None
        assert sorted(c for t in got.tables for c in (t.ew, t.ns)) == list(codes)
        assert all(frozenset((t.ew, t.ns)) not in met for t in got.tables)
        tables = {frozenset((t.ew, t.ns)) for t in got.tables}
        assert {frozenset("AB"), frozenset("CD")} <= tables
        assert {c for t in tables if t & set("IJKL") for c in t} == set("EFGHIJKL")


def test_a_large_field_with_no_pairing_left_fails_as_before(monkeypatch):
    # Pools that cannot pair the field fall back to the one graph, which says who is left over: six pairs in a
    # field forced into pools of 2 after three rounds leaving only the triangles 1 2 3 and 4 5 6.
    monkeypatch.setattr(pairing, "POOLED", 2)
    monkeypatch.setattr(pairing, "POOL", 2)
    six = [Round(1, (Table(1, "a", "1", "4"), Table(2, "b", "2", "5"), Table(3, "c", "3", "6")), None),
           Round(2, (Table(1, "d", "1", "5"), Table(2, "e", "2", "6"), Table(3, "f", "3", "4")), None),
           Round(3, (Table(1, "g", "1", "6"), Table(2, "h", "2", "4"), Table(3, "i", "3", "5")), None)]
    table = Standings(tuple(_unplayed(i, c) for i, c in enumerate("123456", 1)), (), 0, ())
    f = swiss_round([Pair(c, "a", "b") for c in "123456"], six, table)
    assert isinstance(f, PairingFailure) and f.round == 4 and len(f.unpaired) == 2
    assert len(set(f.unpaired) & set("123")) == 1
