"""Who meets whom: round-robin schedules (Berger tables) and Swiss rounds (a maximum-weight matching).

A Swiss round is one ``networkx.max_weight_matching`` over the graph of allowed pairings: an edge for
every two active pairs that have not met (a rematch has no edge, so it can never be chosen), plus a
virtual "bye" node when the number is odd. ``maxcardinality=True`` makes everyone play whenever a
rematch-free pairing exists; among those pairings the edge weights, read as digits of one number,
choose lexicographically:

1. the bye to a pair that has not had one, 2. the bye to the lowest-ranked such pair,
3. no pair's EW/NS imbalance reaching 3 (kept above the score, like the absolute colour rule of the
   FIDE Swiss systems, so that imbalance stays within 2 whenever it can),
4. the smallest sum of squared match-point differences (pairs of equal or nearest match points meet),
5. with ``avoid_club`` (the scoring's ``pairing.avoid_same_club``), the fewest tables of two pairs of one club,
6. the fewest imbalances reaching 2 (colour balance breaks score ties),
7. the smallest sum of squared rank distances (within a score group 1 v 2, 3 v 4: table 1 = the top); in
   round 1 with ``halves`` (``pairing.round1 = "halves"``), of the distances' gaps from n/2 (1 v n/2+1 …).

A field of more than ``POOLED`` (300) active pairs is paired in pools instead, as Swiss programs pair a big
field (:func:`_pooled`): the bye by tiers 1 and 2 first, then pools of about ``POOL`` pairs in score-group order,
top first, each one matching of the same tiers 3-7 with its leftover floating down, the last pools merged when the
last cannot pair everyone, and two-table exchanges across the pools' seams. Rematches and the bye's rules are as
above; tiers 3-7 are kept pool by pool and exchange by exchange, not proved best over the whole field.

Seats: the pair that has sat EW more often sits NS; at equal counts each pair takes the other seat
from its last one; with no history to separate them the higher-ranked pair sits EW at odd tables.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar

from referee.tournament.model import Pair, Round, RoundStatus, Table, check_pairs
from referee.tournament.model import match_id as default_match_id
from referee.tournament.standings import Standings

MatchId = Callable[[int, int], str]
# The Swiss graph first joins each pair to the pairs of its own score group and to those within this
# many ranks of it (plus two per round played, for the opponents it may no longer meet): the best pairing
# practically always lies there (tests/test_event_pairing.py compares), and the blossom algorithm's time
# grows with the edges: 200 pairs take ~0.25 s instead of ~1.5 s. If that graph has no complete pairing,
# or needs an imbalance of 3 or a second bye, the full graph is solved.
WINDOW = 4
# A field of more than POOLED active pairs is paired in pools of about POOL (see _pooled): the blossom algorithm
# over one graph of the whole field takes ~1 s a round at 300 pairs and over 30 s at 1,000; a pool of 48 takes
# a few hundredths of a second. Smaller fields keep the one graph, so their rounds are as they were.
POOLED = 300
POOL = 48


# --- round robin -------------------------------------------------------------------------------


T = TypeVar("T")


class Meeting(NamedTuple, Generic[T]):
    """Two pairs that meet, by their numbers or their codes: the one sitting EW and the one sitting NS."""

    ew: T
    ns: T


def round_robin(pairs: Sequence[Pair], match_id: MatchId = default_match_id) -> list[Round]:
    """Every active pair meets every other once: Berger tables, by the circle method.

    Pairs are numbered 1..n in entry order; with an odd number a virtual pair n+1 is added and its
    opponent has the bye (once each). In round k the pairs i, j < n meet when i + j ≡ k + 1 (mod n-1),
    the one for which (j - i) mod (n-1) is odd sitting EW; pair n meets the i with 2i ≡ k + 1 and sits
    EW in even rounds. Each pair then alternates EW and NS as far as the schedule allows.
    """
    check_pairs(pairs)
    codes: list[str | None] = [p.code for p in pairs if p.active]
    if len(codes) < 2:
        return []
    if len(codes) % 2:
        codes.append(None)  # the bye
    n = len(codes)
    m = n - 1
    rounds: list[Round] = []
    for k in range(1, m + 1):
        target = (k + 1) % m
        games: list[Meeting[int]] = []  # by the pairs' numbers, 1-based
        fixed = next(i for i in range(1, m + 1) if (2 * i) % m == target)
        games.append(Meeting(n, fixed) if k % 2 == 0 else Meeting(fixed, n))
        for i in range(1, m + 1):
            for j in range(i + 1, m + 1):
                if i != fixed and j != fixed and (i + j) % m == target:
                    games.append(Meeting(i, j) if (j - i) % m % 2 else Meeting(j, i))
        bye: str | None = None
        seated: list[Meeting[str]] = []
        for ew, ns in sorted(games, key=min):
            a, b = codes[ew - 1], codes[ns - 1]
            if a is None or b is None:
                bye = b if a is None else a
            else:
                seated.append(Meeting(a, b))
        tables = tuple(Table(t, match_id(k, t), g.ew, g.ns) for t, g in enumerate(seated, 1))
        rounds.append(Round(k, tables, bye, RoundStatus.open))
    return rounds


# --- Swiss -------------------------------------------------------------------------------------


class SeatRule(enum.StrEnum):
    balance = "balance"  # the pair that sat EW more often sits NS
    alternate = "alternate"  # equal counts: each takes the other seat from its last one
    table = "table"  # nothing separates them: the higher-ranked pair sits EW at odd tables


class SeatExplanation(NamedTuple):
    pair: str
    rank: int  # 1-based place in this round's order (the standings, less the withdrawn)
    match_points: int  # its score group
    avoided: tuple[str, ...]  # pairs nearer in match points that it could not meet again, nearest first


class TableExplanation(NamedTuple):
    table: int
    ew: SeatExplanation
    ns: SeatExplanation
    floated: bool  # the two pairs come from different score groups
    seat_rule: SeatRule


class SwissPairing(NamedTuple):
    tables: tuple[Table, ...]
    bye: str | None
    explanation: tuple[TableExplanation, ...]  # one per table, in table order
    round: int
    bye_repeat: bool = False  # the bye went to a pair that had had one (no other could take it)

    def as_round(self) -> Round:
        return Round(self.round, self.tables, self.bye, RoundStatus.open)


class PairingProblem(enum.StrEnum):
    too_few_pairs = "too_few_pairs"  # fewer than two active pairs
    no_pairing = "no_pairing"  # no pairing of every active pair without a rematch


class PairingFailure(NamedTuple):
    round: int
    problem: PairingProblem
    unpaired: tuple[str, ...] = ()  # the pairs a largest rematch-free pairing leaves without a table


class _History(NamedTuple):
    met: frozenset[frozenset[str]]
    balance: Counter[str]  # times EW minus times NS
    last: dict[str, str]  # "EW" or "NS": the seat of the pair's latest match
    byes: Counter[str]


def _history(rounds: Sequence[Round]) -> _History:
    met: set[frozenset[str]] = set()
    balance: Counter[str] = Counter()
    last: dict[str, str] = {}
    byes: Counter[str] = Counter()
    for rnd in sorted(rounds, key=lambda r: r.number):
        for t in rnd.tables:
            met.add(frozenset((t.ew, t.ns)))
            balance[t.ew] += 1
            balance[t.ns] -= 1
            last[t.ew], last[t.ns] = "EW", "NS"
        if rnd.bye is not None:
            byes[rnd.bye] += 1
    return _History(frozenset(met), balance, last, byes)


class Matching(NamedTuple):
    edges: set[tuple[int, int]]  # the matched nodes (i < j: ranks in this round's order; the bye node last)
    doubtful: bool  # more edges might better it (see solve)


class SeatChoice(NamedTuple):
    rule: SeatRule  # how the seats are fixed
    ew: str | None  # the pair sitting EW (None: by table)


def _seats(a: str, b: str, h: _History) -> SeatChoice:
    """How the seats of a (ranked higher) and b are fixed, and the pair sitting EW (None: by table)."""
    ca, cb = h.balance[a], h.balance[b]
    if ca != cb:
        return SeatChoice(SeatRule.balance, a if ca < cb else b)
    la, lb = h.last.get(a), h.last.get(b)
    if la != lb:
        return SeatChoice(SeatRule.alternate, b if la == "EW" or lb == "NS" else a)
    return SeatChoice(SeatRule.table, None)


def _colour_cost(a: str, b: str, h: _History) -> tuple[int, int]:
    """(imbalances reaching 3 or more, imbalances reaching exactly 2) after a meets b."""
    ca, cb = h.balance[a], h.balance[b]
    after = (ca - 1, cb + 1) if ca > cb else (ca + 1, cb - 1)
    return sum(1 for x in after if abs(x) >= 3), sum(1 for x in after if abs(x) == 2)


def _order(active: list[str], previous: Sequence[Round], standings: Standings | None,
           seed: int | None, ratings: dict[str, int | None] | None = None) -> list[str]:
    """This round's ranking: in round 1 by rating when the pairs have one (highest first), else in seed
    order (entry order, or shuffled by the seed: by lot); later the standings' (late entries last)."""
    if not any(r.tables or r.bye for r in previous):
        order = list(active)
        if seed is not None:
            random.Random(seed).shuffle(order)
        rated = {c: r for c, r in (ratings or {}).items() if r is not None}
        if rated:  # seeded by rating, highest first, unrated pairs last; equal ones in the order above
            order.sort(key=lambda c: (c not in rated, -rated.get(c, 0)))
        return order
    if standings is None:
        return list(active)
    wanted = set(active)
    ranked = [r.pair for r in standings.rows if r.pair in wanted]
    seen = set(ranked)
    return ranked + [c for c in active if c not in seen]


def _points(order: list[str], standings: Standings | None, virtual: Mapping[str, int] | None) -> dict[str, int]:
    """Each pair's match points for this round's score groups (a late entry starts at 0), with its virtual points
    (accelerated pairings); *order* re-sorted by them, stably: the standings' order within each group."""
    points = {code: 0 for code in order}
    if standings is not None:
        points.update((r.pair, r.match_points) for r in standings.rows if r.pair in points)
    if virtual:
        for code, extra in virtual.items():
            if code in points:
                points[code] += extra
        order.sort(key=lambda c: -points[c])
    return points


def accelerated(pairs: Sequence[Pair], seed: int | None, win: int) -> dict[str, int]:
    """The virtual points of accelerated pairings: *win* for each pair of the top half of the seeding order
    (rating, else entry order or the seed's lot, as round 1 orders them; the larger half's middle pair
    falls in the bottom half), none for the rest."""
    ratings = {p.code: p.rating for p in pairs if p.rating is not None}
    order = _order([p.code for p in pairs if p.active], [], None, seed, dict(ratings))
    return {code: win for code in order[:len(order) // 2]}


def swiss_round(pairs: Sequence[Pair], previous_rounds: Sequence[Round], standings: Standings | None,
                seed: int | None = None, *, window: int | None = WINDOW,
                match_id: MatchId = default_match_id, avoid_club: bool = False,
                halves: bool = False, virtual: Mapping[str, int] | None = None) -> SwissPairing | PairingFailure:
    """The next Swiss round, or a ``PairingFailure`` when no rematch-free pairing exists.

    Round 1 (no previous round) pairs in seed order: entry order, or shuffled by ``random.Random(seed)``;
    later rounds take the order and match points of ``standings``. A late entry starts at 0 points.
    ``window=None`` solves the full graph at once. *avoid_club*: keep pairs of one club apart where the
    score groups allow; *halves*: round 1 pairs the top half against the bottom half; *virtual*: points added
    to a pair's match points for this round's score groups only (accelerated pairings: :func:`accelerated`).
    """
    import networkx as nx  # here only: not at the CLI's start-up

    check_pairs(pairs)
    number = max((r.number for r in previous_rounds), default=0) + 1
    ratings = {p.code: p.rating for p in pairs if p.rating is not None}
    order = _order([p.code for p in pairs if p.active], previous_rounds, standings, seed, dict(ratings))
    if len(order) < 2:
        return PairingFailure(number, PairingProblem.too_few_pairs, tuple(order))
    h = _history(previous_rounds)
    points = _points(order, standings, virtual)
    n = len(order)
    bye_node = n if n % 2 else None
    spread = max(points.values()) - min(points.values())
    size = (n + 1) // 2  # edges in a complete pairing
    first = not any(r.tables or r.bye for r in previous_rounds)
    half = n // 2 if halves and first else 0
    tiers = _tiers_of(order, points, h, {p.code: p.club for p in pairs} if avoid_club else {}, half)
    if window is not None and n > POOLED:
        pooled = _pooled(order, points, h, tiers, half)
        if pooled is not None:
            return _tables(number, order, points, pooled, bye_node, h, match_id)

    # Mixed-radix digits: each tier's weight exceeds the largest total the tiers below it can reach.
    tier_max = [1, n - 1, 2, spread * spread, 1, 2, (n - 1) ** 2]
    scale = [1] * len(tier_max)
    for t in range(len(tier_max) - 2, -1, -1):
        scale[t] = scale[t + 1] * (size * tier_max[t + 1] + 1)
    big = scale[0] * (size * tier_max[0] + 1)

    def cost(*tiers: int) -> int:
        return sum(v * s for v, s in zip(tiers, scale, strict=True))

    unbyed = any(not h.byes[c] for c in order)

    def solve(reach: int | None) -> Matching:
        """The matching over edges within ``reach`` ranks, and whether it might be bettered by more edges:
        it needs an imbalance of 3, or gives a second bye while some pair has had none."""
        graph: nx.Graph[int] = nx.Graph()
        graph.add_nodes_from(range(n + (bye_node is not None)))
        for i, a in enumerate(order):
            for j in range(i + 1, n):
                b = order[j]
                if reach is not None and j - i > reach + half and points[b] != points[a]:
                    continue
                if frozenset((a, b)) in h.met:
                    continue
                graph.add_edge(i, j, weight=big - cost(0, 0, *tiers(i, j)))
            if bye_node is not None:
                graph.add_edge(i, bye_node, weight=big - cost(1 if h.byes[a] else 0, n - 1 - i, 0, 0, 0, 0, 0))
        matching = {(min(u, v), max(u, v)) for u, v in nx.max_weight_matching(graph, maxcardinality=True)}
        doubtful = any(_colour_cost(order[i], order[j], h)[0] if j != bye_node else unbyed and h.byes[order[i]]
                       for i, j in matching)
        return Matching(matching, bool(doubtful))

    played = sum(1 for r in previous_rounds if r.tables)
    reach = None if window is None else window + 2 * played
    matching, doubtful = solve(reach)
    if reach is not None and reach < n - 1 and (len(matching) < size or doubtful):
        matching, _ = solve(None)
    if len(matching) < size:
        matched = {x for e in matching for x in e}
        return PairingFailure(number, PairingProblem.no_pairing,
                              tuple(c for i, c in enumerate(order) if i not in matched))
    return _tables(number, order, points, matching, bye_node, h, match_id)


Tiers = Callable[[int, int], tuple[int, int, int, int, int]]


def _tiers_of(order: list[str], points: dict[str, int], h: _History, club: Mapping[str, str], half: int) -> Tiers:
    """Tiers 3 to 7 of the table of ranks i < j: imbalances reaching 3, the squared match-point difference,
    two pairs of one club (*club*: empty unless avoided), imbalances reaching 2, the rank distance (its gap from
    *half* in round 1 with halves)."""

    def tiers(i: int, j: int) -> tuple[int, int, int, int, int]:
        a, b = order[i], order[j]
        c3, c2 = _colour_cost(a, b, h)
        d = points[a] - points[b]
        same = 1 if club.get(a) and club.get(a) == club.get(b) else 0
        return c3, d * d, same, c2, (j - i - half) ** 2

    return tiers


def _pooled(order: list[str], points: dict[str, int], h: _History, tiers: Tiers,
            half: int) -> set[tuple[int, int]] | None:
    """A large field's round in pools of about :data:`POOL` pairs, top score group first, as Swiss programs
    pair: the bye to the lowest-ranked pair that has not had one, the rest in the order of their score groups
    (in round 1 with *halves*, each pair of the top half next to its opponent of the bottom half), each pool
    solved whole (every edge that is not a rematch, tiers 3 to 7 as in the full graph) with the pairs it leaves
    floating down into the next; a pool leaves one pair over at most when its number is odd (a virtual node
    stands for the next pool's top pair), more only when rematches force it. When the last pool cannot pair
    every pair left, the pools before it are merged into it (2, 4, 8 … of them: the window widened); then
    tables are exchanged two by two while that lowers the tiers (:func:`_exchange`: the pools' seams). None
    when only the whole field could be pairable: the caller solves the full graph.
    The matching is by ranks in *order*, the bye's table as ``(i, len(order))``, as the full graph's."""
    n = len(order)
    bye: int | None = None
    if n % 2:
        unbyed = [i for i in range(n) if not h.byes[order[i]]]
        bye = unbyed[-1] if unbyed else n - 1

    def key(i: int) -> tuple[int, int, int]:
        return -points[order[i]], (i - half if half and i >= half else i), bool(half and i >= half)

    seq = sorted((i for i in range(n) if i != bye), key=key)
    chunks: list[list[int]] = []
    for start in range(0, len(seq), POOL):
        chunks.append(seq[start:start + POOL])
    if len(chunks) > 1 and len(chunks[-1]) < POOL // 2:  # no small last pool: fewer pairs to float into
        chunks[-2].extend(chunks.pop())
    met = h.met

    solved: list[tuple[list[int], set[tuple[int, int]]]] = []  # each pool's pairs floated in and its tables
    carry: list[int] = []
    back = 1  # pools merged into the last when it cannot pair every pair left: 1, 2, 4 …
    k = 0
    while k < len(chunks):
        members = carry + chunks[k]
        below = chunks[k + 1][0] if k + 1 < len(chunks) else None
        tables = _solve_pool(members, below, order, met, tiers)
        seated = {x for e in tables for x in e}
        left = [i for i in members if i not in seated]
        if below is None and left:  # widen: the last pools solved again as one
            if back >= len(solved):  # the whole field as one pool: the caller's graph is cheaper
                return None
            k -= back
            carry = solved[k][0]
            chunks[k:] = [[i for c in chunks[k:] for i in c]]
            del solved[k:]
            back *= 2
            continue
        solved.append((carry, tables))
        carry = left
        k += 1
    matching = _exchange([e for _, t in solved for e in t], order, points, met, tiers)
    if bye is not None:
        matching.add((bye, n))
    return matching


def _solve_pool(members: list[int], below: int | None, order: list[str], met: frozenset[frozenset[str]],
                tiers: Tiers) -> set[tuple[int, int]]:
    """The best matching of *members* (ranks in *order*) over every edge that is not a rematch; *below*: the
    next pool's top pair, which the pair left over when their number is odd would meet (a virtual node)."""
    import networkx as nx

    edges: list[tuple[int, int, tuple[int, ...]]] = []
    ranked = sorted(members)
    for x, i in enumerate(ranked):
        a = order[i]
        for j in ranked[x + 1:]:
            if frozenset((a, order[j])) not in met:
                edges.append((i, j, tiers(i, j)))
    over = len(order) + 1  # the virtual node: not a rank, not the bye's node
    if below is not None and len(members) % 2 == 1:
        for i in ranked:
            _, d2, _, _, dist = tiers(i, below) if i < below else tiers(below, i)
            edges.append((i, over, (0, d2, 0, 0, dist)))
    if not edges:
        return set()
    # Mixed-radix digits as in swiss_round: each tier outweighs the sum the tiers below it can reach.
    size = len(members) // 2 + 1
    scale = [1] * 5
    for t in range(3, -1, -1):
        scale[t] = scale[t + 1] * (size * max(e[2][t + 1] for e in edges) + 1)
    big = scale[0] * (size * max(e[2][0] for e in edges) + 1)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_weighted_edges_from((i, j, big - sum(v * w for v, w in zip(c, scale, strict=True))) for i, j, c in edges)
    got = {(min(u, v), max(u, v)) for u, v in nx.max_weight_matching(graph, maxcardinality=True)}
    return {e for e in got if e[1] != over}


def _exchange(tables: list[tuple[int, int]], order: list[str], points: dict[str, int],
              met: frozenset[frozenset[str]], tiers: Tiers) -> set[tuple[int, int]]:
    """Tables exchanged two by two (a-b, c-d become a-c, b-d or a-d, b-c, neither a rematch) while that lowers
    the two tables' tiers, compared in order, until no exchange does. Only a table with an imbalance of 2 or
    more, a float or two pairs of one club starts one; a table of one score group with no imbalance of 3 tries
    only the tables of its own score group (with any other, the exchange would float a pair: a higher tier)."""

    def cost(i: int, j: int) -> tuple[int, int, int, int, int]:
        return tiers(i, j) if i < j else tiers(j, i)

    def better(t: int, u: int) -> bool:
        """Exchange tables t and u when that lowers their tiers."""
        (a, b), (c, d) = tables[t], tables[u]
        old = [x + y for x, y in zip(current[t], current[u], strict=True)]
        for (p, q), (r, s) in (((a, c), (b, d)), ((a, d), (b, c))):
            if frozenset((order[p], order[q])) in met or frozenset((order[r], order[s])) in met:
                continue
            one, two = cost(p, q), cost(r, s)
            if [x + y for x, y in zip(one, two, strict=True)] < old:
                tables[t], tables[u] = (min(p, q), max(p, q)), (min(r, s), max(r, s))
                current[t], current[u] = one, two
                return True
        return False

    current = [cost(i, j) for i, j in tables]
    changed = True
    while changed:  # each exchange lowers the tiers' sums (in order), so this ends
        changed = False
        group: dict[int, list[int]] = {}  # the tables of each score group (both pairs on its points)
        for t, (i, _) in enumerate(tables):
            if current[t][:2] == (0, 0):
                group.setdefault(points[order[i]], []).append(t)
        for t in range(len(tables)):
            if current[t][:4] == (0, 0, 0, 0):
                continue
            near = group.get(points[order[tables[t][0]]], []) if current[t][:2] == (0, 0) else range(len(tables))
            for u in near:
                if u != t and better(t, u):
                    changed = True
                    if current[t][:4] == (0, 0, 0, 0):
                        break
    return set(tables)


def _tables(number: int, order: list[str], points: dict[str, int], matching: set[tuple[int, int]],
            bye_node: int | None, h: _History, match_id: MatchId) -> SwissPairing:
    bye = next((order[i] for i, j in matching if j == bye_node), None)
    games = sorted((i, j) for i, j in matching if j != bye_node)
    tables: list[Table] = []
    notes: list[TableExplanation] = []
    rank = {c: k for k, c in enumerate(order)}
    met: dict[str, list[str]] = {}  # each pair's opponents so far (a note scans them, not the whole field)
    for x, y in (tuple(m) for m in h.met if len(m) == 2):
        met.setdefault(x, []).append(y)
        met.setdefault(y, []).append(x)
    for t, (i, j) in enumerate(games, 1):
        a, b = order[i], order[j]
        rule, ew = _seats(a, b, h)
        if ew is None:
            ew = a if t % 2 else b
        ns = b if ew == a else a
        tables.append(Table(t, match_id(number, t), ew, ns))
        notes.append(TableExplanation(
            t, _seat_note(ew, ns, rank, points, met), _seat_note(ns, ew, rank, points, met),
            points[a] != points[b], rule))
    return SwissPairing(tuple(tables), bye, tuple(notes), number, bye is not None and h.byes[bye] > 0)


def _seat_note(pair: str, opponent: str, rank: dict[str, int], points: dict[str, int],
               met: dict[str, list[str]]) -> SeatExplanation:
    """The pair's place and the pairs playing this round (*rank*) nearer in match points it had met already."""
    gap = abs(points[pair] - points[opponent])
    nearer = [(abs(points[c] - points[pair]), rank[c], c) for c in met.get(pair, ())
              if c in rank and abs(points[c] - points[pair]) < gap]
    return SeatExplanation(pair, rank[pair] + 1, points[pair], tuple(c for _, _, c in sorted(nearer)))
