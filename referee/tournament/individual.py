"""Events of individual players: Swiss seating at tables of 3 (Dou Dizhu) or 4 (mahjong, Hubei 打滚), and
standings from the game-neutral summaries.

Pure, like the pair events' pairing and standings: players and the rounds so far in, a round or the standings
out. The seating follows what mahjong tournament software does (Mahjong Pantheon's and the EMA's "Swiss"
seating): players of similar totals at one table, opponents already met avoided, seats rotated.

- **Round 1 by rating** (``event pair --seed rating``): when the caller gives each player's seed (its rating on
  the club ladder), round 1 takes the field in the order of the seeds, highest first, the players without one
  after them in the event's lot order (so are rated players of equal seed); then the rules below as for any
  round: the highest-rated at table 1, and the lowest-placed of that order sits out.
- **Who sits out** when the count does not divide by the table size: the players who sat out least, the
  lowest-placed of them first (``SitOut.lowest``), or by the lot of the round (``SitOut.lot``). A player sits
  out a second time only once everyone has sat out once.
- **Tables** are filled from the top of the standings: each table takes the highest-placed player not yet
  seated, then, one seat at a time, the candidate who has met the players already at the table least often,
  the highest-placed on a tie — so score groups stay together, and a repeat meeting is taken only where the
  players left leave no other.
- **Seats** at a table are given so that each player's count of each seat stays as even as it can: the seat
  order (East first at mahjong, the first bidder at Dou Dizhu) matters and rotates.
- **Standings**: total score (the payments a player received, summed over matches), then first places, then
  head-to-head among the tied (the score each took in the matches where all of them sat together, only when
  such matches exist), then the lot of the event's seed.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from referee.games.api import Summary


class SitOut(enum.StrEnum):
    lowest = "lowest"  # the lowest-placed of those who sat out least
    lot = "lot"  # drawn among those who sat out least


class Player(NamedTuple):
    code: str
    name: str
    club: str = ""
    active: bool = True  # False once withdrawn: never seated again, kept in the standings


class Seating(NamedTuple):
    """One table of a round: its match and the players in seat order (the game's seats 1, 2, 3(, 4))."""

    number: int
    match_id: str
    players: tuple[str, ...]


class SeatedRound(NamedTuple):
    number: int
    tables: tuple[Seating, ...]
    sitting_out: tuple[str, ...] = ()


class SeatingError(ValueError):
    """A round that cannot be seated: ``problem`` says why (``too_few``, ``unknown_player``, ``duplicate``,
    ``seeded_late``: ratings given for a round after the first)."""

    def __init__(self, problem: str, ref: str) -> None:
        super().__init__(problem, ref)
        self.problem = problem
        self.ref = ref


class Row(NamedTuple):
    rank: int
    player: str
    active: bool
    played: int  # finished matches
    sat_out: int
    score: int  # the sum of the player's scores (payments received, net)
    firsts: int  # matches in which the player placed first
    head_to_head: int | None  # among the players tied with it on score and firsts; None when not decided by it
    lot: int


def _check(players: Sequence[Player]) -> dict[str, Player]:
    by_code: dict[str, Player] = {}
    for p in players:
        if p.code in by_code:
            raise SeatingError("duplicate", p.code)
        by_code[p.code] = p
    return by_code


def _lots(codes: Sequence[str], seed: int) -> dict[str, int]:
    """A draw of the whole field, fixed by the event's seed: 1 for the first drawn."""
    order = sorted(codes)
    random.Random(seed).shuffle(order)
    return {code: i for i, code in enumerate(order, 1)}


def met(rounds: Sequence[SeatedRound]) -> Counter[frozenset[str]]:
    """How often each two players sat at one table."""
    seen: Counter[frozenset[str]] = Counter()
    for r in rounds:
        for t in r.tables:
            for a, b in itertools.combinations(t.players, 2):
                seen[frozenset((a, b))] += 1
    return seen


def seat_round(players: Sequence[Player], rounds: Sequence[SeatedRound], summaries: Mapping[str, Summary],
               table_size: int, seed: int = 0, sit_out: SitOut = SitOut.lowest,
               match_id: str = "R{round}-T{table}", ratings: Mapping[str, float] | None = None) -> SeatedRound:
    """The next round: who sits out, who sits at which table, in which seats. *ratings* (round 1 only: by player
    code, a player absent is unrated) orders the field by rating before it is seated."""
    by_code = _check(players)
    number = len(rounds) + 1
    order = [row.player for row in standings(players, rounds, summaries, seed) if by_code[row.player].active]
    if ratings is not None:
        if rounds:
            raise SeatingError("seeded_late", str(len(rounds)))
        # a stable sort: the lot's order kept among the unrated and among equal ratings
        order.sort(key=lambda p: (p not in ratings, -ratings.get(p, 0.0)))
    if len(order) < table_size:
        raise SeatingError("too_few", str(len(order)))
    out = _sitting_out(order, rounds, len(order) % table_size, sit_out, seed + number)
    playing = [p for p in order if p not in out]
    meetings = met(rounds)
    seat_counts = _seat_counts(rounds)
    groups: list[list[str]] = []
    left = playing[:]
    while left:
        group = [left.pop(0)]
        while len(group) < table_size:
            best = min(range(len(left)), key=lambda i: (sum(meetings[frozenset((left[i], g))] for g in group), i))
            group.append(left.pop(best))
        groups.append(group)
    _fewer_repeats(groups, meetings)
    tables = tuple(Seating(n, match_id.format(round=number, table=n), _seat(group, seat_counts))
                   for n, group in enumerate(groups, 1))
    return SeatedRound(number, tables, tuple(sorted(out, key=order.index)))


def _repeats(group: list[str], meetings: Counter[frozenset[str]]) -> int:
    return sum(meetings[frozenset(pair)] for pair in itertools.combinations(group, 2))


def _fewer_repeats(groups: list[list[str]], meetings: Counter[frozenset[str]]) -> None:
    """The greedy fill leaves its repeats at the last tables: swapped down (:func:`swap_down`)."""
    swap_down(groups, lambda group: _repeats(group, meetings))


def swap_down(groups: list[list[str]], cost: Callable[[list[str]], int]) -> None:
    """Swap two players of two tables, in place, while that lowers the *cost* (never negative) of the two tables
    together: each swap lowers the total, so it ends. The first lowering swap found is taken, tables and seats in
    order, so the result is the same every time."""
    improved = True
    while improved:
        improved = False
        for a, b in itertools.combinations(range(len(groups)), 2):
            ga, gb = groups[a], groups[b]
            before = cost(ga) + cost(gb)
            if not before:  # nothing to lower
                continue
            for i, j in itertools.product(range(len(ga)), range(len(gb))):
                ga[i], gb[j] = gb[j], ga[i]
                if cost(ga) + cost(gb) < before:
                    improved = True
                    break
                ga[i], gb[j] = gb[j], ga[i]
            if improved:
                break


def _sitting_out(order: list[str], rounds: Sequence[SeatedRound], count: int, rule: SitOut, seed: int) -> set[str]:
    if not count:
        return set()
    sat: Counter[str] = Counter(p for r in rounds for p in r.sitting_out)
    if rule is SitOut.lot:
        drawn = order[:]
        random.Random(seed).shuffle(drawn)
        rank = {p: i for i, p in enumerate(drawn)}
    else:
        rank = {p: -i for i, p in enumerate(order)}  # the lowest-placed first
    return set(sorted(order, key=lambda p: (sat[p], rank[p]))[:count])


def _seat_counts(rounds: Sequence[SeatedRound]) -> Counter[tuple[str, int]]:
    counts: Counter[tuple[str, int]] = Counter()
    for r in rounds:
        for t in r.tables:
            for i, p in enumerate(t.players):
                counts[(p, i)] += 1
    return counts


def _seat(group: list[str], counts: Counter[tuple[str, int]]) -> tuple[str, ...]:
    """The seat order of *group* that gives each player the seat it has had least (the sum over the table of
    each player's count of its seat, smallest first; the standings' order on a tie)."""
    best = min(itertools.permutations(group),
               key=lambda order: (sum(counts[(p, i)] for i, p in enumerate(order)),
                                  [group.index(p) for p in order]))
    return tuple(best)


def standings(players: Sequence[Player], rounds: Sequence[SeatedRound], summaries: Mapping[str, Summary],
              seed: int = 0) -> tuple[Row, ...]:
    """Every player ranked: score, first places, head-to-head among the tied, the lot. Only finished matches
    count; the i-th player of a table plays the match's i-th participant."""
    by_code = _check(players)
    score = dict.fromkeys(by_code, 0)
    firsts = dict.fromkeys(by_code, 0)
    played = dict.fromkeys(by_code, 0)
    sat = dict.fromkeys(by_code, 0)
    finished: list[tuple[tuple[str, ...], dict[str, int]]] = []
    for r in rounds:
        for p in r.sitting_out:
            if p not in by_code:
                raise SeatingError("unknown_player", p)
            sat[p] += 1
        for t in r.tables:
            for p in t.players:
                if p not in by_code:
                    raise SeatingError("unknown_player", p)
            summary = summaries.get(t.match_id)
            if summary is None or not summary.finished:
                continue
            took: dict[str, int] = {}
            for p, part in zip(t.players, summary.participants(), strict=False):
                o = summary.outcome(part.key)
                score[p] += o.score
                firsts[p] += o.placement == 1
                played[p] += 1
                took[p] = o.score
            finished.append((t.players, took))
    lots = _lots(list(by_code), seed)
    h2h: dict[str, int | None] = dict.fromkeys(by_code)
    groups: dict[tuple[int, int], list[str]] = {}
    for p in by_code:
        groups.setdefault((score[p], firsts[p]), []).append(p)
    for group in groups.values():
        if len(group) < 2:
            continue
        members = set(group)
        shared = [took for table, took in finished if members <= set(table)]
        if shared:
            for p in group:
                h2h[p] = sum(took[p] for took in shared)
    ranked = sorted(by_code, key=lambda p: (-score[p], -firsts[p], -(h2h[p] or 0), lots[p]))
    return tuple(Row(i, p, by_code[p].active, played[p], sat[p], score[p], firsts[p], h2h[p], lots[p])
                 for i, p in enumerate(ranked, 1))
