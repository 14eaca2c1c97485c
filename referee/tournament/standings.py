"""The standings of an event: every pair's record and tie-break values, ranked as the scoring orders.

Pure arithmetic over the rounds' tables and the matches' summaries. Ties are broken criterion by
criterion on the groups still tied, so head-to-head is always computed among exactly the pairs tied
at that point (a group of three is not split by the result of a match between two of them alone).

Conventions (the views cite them):

- Only finished matches count. A table whose match is unfinished (or has no summary yet) is listed in
  ``Standings.unfinished`` and adds nothing to either pair.
- A forfeit counts as the engine records it: ``games_to_win : 0`` for the team not forfeiting.
- A bye gives ``scoring.bye_points`` and no games; it is not a match played. A bye the pair asked for
  (``Round.requested``) gives ``scoring.requested_bye_points`` (``[bye] requested``) and counts as a bye
  everywhere else (the byes column, Buchholz).
- Head-to-head applies only if every two of the tied pairs met in a finished match; then each pair's
  value is the match points it scored in those mutual matches. Otherwise it does not separate them
  (their value is None), and neither does it for a pair that is not tied with anyone.
- Buchholz is the sum of the opponents' final match points, one term per match played. A bye counts as
  a virtual opponent holding the pair's own match points: the convention of FIDE's tie-break
  regulations for an unplayed round, so a bye neither helps nor hurts the pair's Buchholz against its
  score group.
- The level difference sums, over every game of every match played, the pair's final level minus its
  opponent's; the ledger sums the pair's side's ledger total (gunzi-rules.md §9) over its matches.
- The lot: a permutation 1..n of the pairs (in entry order) drawn with ``random.Random(seed)``; the
  lower number ranks first. It is drawn whether or not it is needed, so the same seed always gives the
  same lots, and it is kept in the standings.
- A result the director entered for a table (``event result``: a score, a forfeit, a no-show, an adjusted
  score; ``DirectorResult``) stands for that table whatever its match record holds: its games count as
  given (``scoring.points`` of them), an adjusted score gives its match points and no games, and neither
  adds to the level difference or the ledger. It is a match played.
- Sonneborn-Berger (for a round robin) sums, over the matches played, the match points the pair scored
  in the match times the opponent's final match points: beating a strong pair is worth more than beating
  a weak one. A bye adds nothing (in a round robin every pair has the same one).
- Withdrawn pairs stay in the standings with what they played. Pairs still equal on every criterion
  (a scoring without ``lot``) share a rank.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from referee.games.api import Summary
from referee.tournament.model import (
    DirectorResult,
    EventError,
    EventProblem,
    Pair,
    ResultKind,
    Round,
    Table,
    check_pairs,
)
from referee.tournament.scoring import Criterion, Scoring

# Every criterion ranks the higher value first, except the lot (the lower number drawn first).
_ASCENDING = frozenset({Criterion.lot})


@dataclass(frozen=True, slots=True, kw_only=True)
class PairCounts:
    """A pair's record as the standings count it: an event's :class:`Row`, and a league's row (the sums of its
    events' rows, ``league.LeagueRow``), under the same names."""

    played: int  # finished matches, byes not counted
    won: int
    lost: int
    byes: int
    match_points: int
    games_won: int
    games_lost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Row(PairCounts):
    rank: int
    pair: str
    active: bool
    tiebreaks: dict[Criterion, int | None]  # every criterion of the scoring's order, by name


class Standings(NamedTuple):
    rows: tuple[Row, ...]  # in rank order
    criteria: tuple[Criterion, ...]
    seed: int
    unfinished: tuple[Table, ...]  # tables whose match does not count yet

    def row(self, pair: str) -> Row:
        for r in self.rows:
            if r.pair == pair:
                return r
        raise EventError(EventProblem.unknown_pair, pair)


class Comparison(NamedTuple):
    """One criterion between two pairs: their values, and whether it is the one that ranks them."""

    criterion: Criterion
    a: int | None
    b: int | None
    decided: bool  # the first criterion on which they differ
    ahead: str | None  # the pair it puts first, when it decided


class _Played(NamedTuple):
    opponent: str
    match_points: int
    games_won: int
    games_lost: int
    level_difference: int
    ledger: int
    sign: int  # +1 won, -1 lost, 0 neither (an adjusted result of equal points)


class _Tally:
    __slots__ = ("played", "byes", "requested")

    def __init__(self) -> None:
        self.played: list[_Played] = []
        self.byes = 0
        self.requested = 0  # byes the pair asked for


class TableOutcome(NamedTuple):
    """What a table's match counts as, from its record's summary or the director's result: the lists of
    results and the cross table read this, never the summary, so a director's result shows everywhere."""

    finished: bool
    winner: str | None  # "EW" or "NS"
    ew: int  # games counted for EW (an adjusted result: none)
    ns: int
    kind: ResultKind | None = None  # None: as its record gives it
    side: str | None = None  # the side that forfeited or did not come
    points: tuple[int, int] | None = None  # adjusted: the match points awarded, EW and NS
    forfeit: bool = False  # a forfeit recorded in the match (the third warning)

    def games(self, side: str) -> int:
        return self.ew if side == "EW" else self.ns


def table_outcome(summary: Summary | None, result: DirectorResult | None = None) -> TableOutcome:
    """A table's outcome: the director's result when there is one, else its match's summary (a forfeit
    counted as games_to_win : 0 for the side not forfeiting)."""
    if result is not None:
        if result.kind is ResultKind.adjusted:
            winner: str | None = None if result.ew == result.ns else ("EW" if result.ew > result.ns else "NS")
            return TableOutcome(True, winner, 0, 0, result.kind, result.side, (result.ew, result.ns))
        winner = None if result.ew == result.ns else ("EW" if result.ew > result.ns else "NS")
        return TableOutcome(True, winner, result.ew, result.ns, result.kind, result.side)
    if summary is None:
        return TableOutcome(False, None, 0, 0)
    o_ew, o_ns = summary.outcome("EW"), summary.outcome("NS")  # a forfeit: games_to_win : 0 already
    winner = None
    if summary.finished and o_ew.placement != o_ns.placement:
        winner = "EW" if o_ew.placement < o_ns.placement else "NS"
    return TableOutcome(summary.finished, winner, o_ew.won, o_ns.won, forfeit=summary.forfeit)


def standings(pairs: Sequence[Pair], rounds: Sequence[Round], summaries: Mapping[str, Summary],
              scoring: Scoring, seed: int, results: Mapping[str, DirectorResult] | None = None) -> Standings:
    """Rank the event's pairs by the scoring's criteria (see the module's conventions); *results*: the
    director's results by match id, each standing for its table's match."""
    results = results or {}
    by_code = check_pairs(pairs)
    tally = {code: _Tally() for code in by_code}
    unfinished: list[Table] = []
    for rnd in rounds:
        if rnd.bye is not None:
            _known(by_code, rnd.bye)
            tally[rnd.bye].byes += 1
        for code in rnd.requested:
            _known(by_code, code)
            tally[code].requested += 1
        for table in rnd.tables:
            _known(by_code, table.ew)
            _known(by_code, table.ns)
            given = results.get(table.match_id)
            if given is not None:
                tally[table.ew].played.append(_given(given, "EW", table.ns, scoring))
                tally[table.ns].played.append(_given(given, "NS", table.ew, scoring))
                continue
            summary = summaries.get(table.match_id)
            if summary is None or not summary.finished:
                unfinished.append(table)
                continue
            tally[table.ew].played.append(_side_of(summary, "EW", table.ns, scoring))
            tally[table.ns].played.append(_side_of(summary, "NS", table.ew, scoring))

    points = {code: sum(m.match_points for m in t.played) + t.byes * scoring.bye_points
              + t.requested * scoring.requested_bye_points for code, t in tally.items()}
    lots = list(range(1, len(by_code) + 1))
    random.Random(seed).shuffle(lots)
    values: dict[str, dict[Criterion, int | None]] = {}
    for (code, t), lot in zip(tally.items(), lots, strict=True):
        values[code] = {
            Criterion.match_points: points[code],
            Criterion.games_difference: sum(m.games_won - m.games_lost for m in t.played),
            Criterion.head_to_head: None,
            Criterion.buchholz: sum(points[m.opponent] for m in t.played) + (t.byes + t.requested) * points[code],
            Criterion.sonneborn_berger: sum(m.match_points * points[m.opponent] for m in t.played),
            Criterion.level_difference: sum(m.level_difference for m in t.played),
            Criterion.ledger: sum(m.ledger for m in t.played),
            Criterion.lot: lot,
        }

    groups = _rank(list(by_code), scoring.tiebreaks, values, tally)
    rows: list[Row] = []
    for group in groups:
        rank = len(rows) + 1
        for code in group:
            t = tally[code]
            rows.append(Row(
                rank=rank, pair=code, active=by_code[code].active, played=len(t.played),
                won=sum(1 for m in t.played if m.sign > 0),
                lost=sum(1 for m in t.played if m.sign < 0), byes=t.byes + t.requested,
                match_points=points[code], games_won=sum(m.games_won for m in t.played),
                games_lost=sum(m.games_lost for m in t.played),
                tiebreaks={c: values[code][c] for c in scoring.tiebreaks},
            ))
    return Standings(tuple(rows), scoring.tiebreaks, seed, tuple(unfinished))


def _known(by_code: Mapping[str, Pair], code: str) -> None:
    if code not in by_code:
        raise EventError(EventProblem.unknown_pair, code)


def _side_of(summary: Summary, side: str, opponent: str, scoring: Scoring) -> _Played:
    """What *side* of a finished match counts: only the game-neutral outcome is read."""
    o = summary.outcome(side)
    return _Played(opponent, scoring.points(o.won, o.lost), o.won, o.lost, o.margin, o.score,
                   (o.won > o.lost) - (o.won < o.lost))


def _given(result: DirectorResult, side: str, opponent: str, scoring: Scoring) -> _Played:
    """A side's share of a director's result: the games given (their match points), or the match points
    of an adjusted result with no games."""
    mine, theirs = (result.ew, result.ns) if side == "EW" else (result.ns, result.ew)
    sign = (mine > theirs) - (mine < theirs)
    if result.kind is ResultKind.adjusted:
        return _Played(opponent, mine, 0, 0, 0, 0, sign)
    return _Played(opponent, scoring.points(mine, theirs), mine, theirs, 0, 0, sign)


def _head_to_head(group: list[str], tally: Mapping[str, _Tally]) -> dict[str, int] | None:
    """Each pair's match points against the others of the group, if every two of them met."""
    members = set(group)
    met: set[frozenset[str]] = set()
    scored = dict.fromkeys(group, 0)
    for code in group:
        for m in tally[code].played:
            if m.opponent in members:
                met.add(frozenset((code, m.opponent)))
                scored[code] += m.match_points
    n = len(group)
    return scored if len(met) == n * (n - 1) // 2 else None


def _rank(codes: list[str], order: tuple[Criterion, ...], values: dict[str, dict[Criterion, int | None]],
          tally: Mapping[str, _Tally]) -> list[list[str]]:
    """Split the pairs (in entry order) into ranked groups, criterion by criterion, on the tied groups."""
    groups = [codes]
    for criterion in order:
        refined: list[list[str]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            if criterion is Criterion.head_to_head:
                h2h = _head_to_head(group, tally)
                for code in group:
                    values[code][criterion] = None if h2h is None else h2h[code]
                if h2h is None:
                    refined.append(group)
                    continue
            sign = 1 if criterion in _ASCENDING else -1
            ordered = sorted(group, key=lambda c: sign * (values[c][criterion] or 0))
            start = 0
            for i in range(1, len(ordered) + 1):
                if i == len(ordered) or values[ordered[i]][criterion] != values[ordered[start]][criterion]:
                    refined.append(ordered[start:i])
                    start = i
        groups = refined
    return groups


def explain(standings: Standings, a: str, b: str) -> list[Comparison]:
    """Criterion by criterion, the two pairs' values; the first that differs is the one that decided."""
    ra, rb = standings.row(a), standings.row(b)
    out: list[Comparison] = []
    decided = False
    for criterion in standings.criteria:
        va, vb = ra.tiebreaks[criterion], rb.tiebreaks[criterion]
        here = not decided and va is not None and vb is not None and va != vb
        ahead = None
        if here:
            assert va is not None and vb is not None
            a_first = va < vb if criterion in _ASCENDING else va > vb
            ahead = a if a_first else b
            decided = True
        out.append(Comparison(criterion, va, vb, here, ahead))
    return out
