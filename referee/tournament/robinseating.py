"""A round robin of individual players: a fixed schedule of tables of 3 or 4 in which every player meets every
other as evenly as the table size allows (small fields: a club evening of up to about 16 players).

Pure, and independent of the results: each round depends only on the players and the rounds seated before it, so
the whole schedule is known from round 1 (a withdrawal changes the rounds after it, as it must).

- **Who sits out** when the count does not divide by the table size: the players who sat out least, the latest
  entered of them first; so the sit-outs rotate from the end of the entry list, each once before anyone twice.
- **Tables**: the partition of the players of the round into tables that costs least, where seating two players
  together again costs more the more often they have met (2, 6, 12 …: two pairs meeting a second time are
  preferred to one pair meeting a third). First a depth-first search in entry order for a partition repeating no
  meeting (the first player not yet seated anchors the next table, its companions taken in entry order); the first
  found is taken. Else a greedy partition (each table the first player left, then the player who adds least, the
  first in entry order on a tie), improved by swapping two players of two tables while that lowers the cost, unless
  a bounded search (:data:`NODES`) finds a cheaper one. Where a schedule with every two players meeting exactly
  once exists the first search finds it round by round in the fields tried: 9 players at tables of 3 in 4 rounds
  (36 pairs, 4 rounds × 3 tables × 3 pairs), 16 at tables of 4 in 5.
- **Seats** rotate as in the Swiss seating (``tournament.individual``): each player the seat it has had least.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.tournament.individual import (
    Player,
    SeatedRound,
    Seating,
    SeatingError,
    _check,
    _seat,
    _seat_counts,
    met,
    swap_down,
)

NODES = 200_000  # partial partitions the search looks at before it takes the best found


def _sitting_out(active: Sequence[str], rounds: Sequence[SeatedRound], count: int) -> list[str]:
    sat: Counter[str] = Counter(p for r in rounds for p in r.sitting_out)
    index = {p: i for i, p in enumerate(active)}
    return sorted(active, key=lambda p: (sat[p], -index[p]))[:count]


def _weight(times: int) -> int:
    """What seating two players together again costs, having met *times* already: 0 for a first meeting, then
    growing faster than the count (2, 6, 12 …) so that two pairs meeting a second time are preferred to one pair
    meeting a third (the increase of the sum of the cubes of the meetings, up to a constant)."""
    return times * (times + 1)


def _partition(playing: Sequence[str], size: int, meetings: Counter[frozenset[str]]) -> list[list[str]]:
    """The tables of *playing* with the least cost of repeated meetings (the first in entry order among equals):
    first a search for a partition repeating none, then, if there is none, a bounded branch-and-bound search."""
    best: list[list[list[str]]] = []
    best_cost = [0]
    nodes = [0]
    tables: list[list[str]] = []

    def search(left: list[str], cost: int) -> bool:
        """Seat *left* (the tables so far cost *cost*); True once nothing can beat the best found."""
        if not left:
            best[:] = [[t[:] for t in tables]]
            best_cost[0] = cost
            return cost == 0
        return fill([left[0]], left[1:], 0, cost)

    def fill(group: list[str], rest: list[str], start: int, cost: int) -> bool:
        if len(group) == size:
            tables.append(group)
            done = search(rest, cost)
            tables.pop()
            return done
        for i in range(start, len(rest) - (size - len(group)) + 1):
            nodes[0] += 1
            if nodes[0] > NODES:
                return False
            p = rest[i]
            added = cost + sum(_weight(meetings[frozenset((p, g))]) for g in group)
            if added >= best_cost[0]:
                continue
            if fill([*group, p], rest[:i] + rest[i + 1:], i, added):
                return True
        return False

    best_cost[0] = 1  # first: only a partition repeating no meeting
    if search(list(playing), 0):
        return best[0]
    # then: better than the greedy partition (improved by swaps), within the node limit
    start = _greedy(playing, size, meetings)
    best[:] = [start]
    best_cost[0] = _cost(start, meetings)
    nodes[0] = 0
    search(list(playing), 0)
    return best[0]


def _table_cost(table: Sequence[str], meetings: Counter[frozenset[str]]) -> int:
    return sum(_weight(meetings[frozenset((a, b))]) for i, a in enumerate(table) for b in table[i + 1:])


def _cost(tables: Sequence[Sequence[str]], meetings: Counter[frozenset[str]]) -> int:
    return sum(_table_cost(t, meetings) for t in tables)


def _greedy(playing: Sequence[str], size: int, meetings: Counter[frozenset[str]]) -> list[list[str]]:
    """A good partition fast: each table the first player left, then one at a time the player left who adds the
    least cost (the first in entry order on a tie); then two players of two tables swapped while that lowers the
    cost of the two tables together (each swap lowers the total, so it ends)."""
    left = list(playing)
    tables: list[list[str]] = []
    while left:
        group = [left.pop(0)]
        while len(group) < size:
            i = min(range(len(left)), key=lambda j: (sum(_weight(meetings[frozenset((left[j], g))]) for g in group), j))
            group.append(left.pop(i))
        tables.append(group)
    swap_down(tables, lambda table: _table_cost(table, meetings))
    return tables


def robin_round(players: Sequence[Player], rounds: Sequence[SeatedRound], table_size: int,
                match_id: str = "R{round}-T{table}") -> SeatedRound:
    """The next round of the schedule: who sits out, who sits at which table, in which seats."""
    by_code = _check(players)
    active = [p.code for p in players if by_code[p.code].active]
    if len(active) < table_size:
        raise SeatingError("too_few", str(len(active)))
    number = len(rounds) + 1
    out = _sitting_out(active, rounds, len(active) % table_size)
    playing = [p for p in active if p not in out]
    groups = _partition(playing, table_size, met(rounds))
    counts = _seat_counts(rounds)
    tables = tuple(Seating(n, match_id.format(round=number, table=n), _seat(group, counts))
                   for n, group in enumerate(groups, 1))
    return SeatedRound(number, tables, tuple(p for p in active if p in out))
