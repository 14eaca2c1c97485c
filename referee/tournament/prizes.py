"""The prize list of an event, from its standings and the scoring's ``[prizes] awards`` key.

Pure: standings and pairs in, prizes out. Each award of the list, in its order:

- ``overall:N`` the first N places of the standings (a rank shared at the N-th place shares the prize);
- ``club:K`` the best club: the sum of the match points of its K best-ranked pairs, the higher first; equal
  sums are separated by the club's best rank (then its name); only pairs with a club count;
- ``newcomer:N`` the first N pairs entered as newcomers (``event add --newcomer``), by rank.

A withdrawn pair wins no prize (it stays in the standings); a pair may win an overall and a newcomer prize.

An event of individual players gives its prizes the same way (:func:`individual_prizes`): a player where a pair is,
its score where a pair has match points; a player is never entered as a newcomer, so ``newcomer:N`` gives none.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.tournament.model import Pair
from referee.tournament.scoring import AWARD
from referee.tournament.standings import Standings

if TYPE_CHECKING:
    from referee.tournament.individual import Player, Row


class Kind(enum.StrEnum):
    overall = "overall"
    club = "club"
    newcomer = "newcomer"


class Prize(NamedTuple):
    kind: Kind
    place: int  # 1 for the winner of the award
    winner: str  # a pair's code, or a club's name
    match_points: int  # the pair's, or the club's sum
    pairs: tuple[str, ...]  # the pairs it is given for (a club: those counted)


def parse(award: str) -> tuple[Kind, int] | None:
    """``"overall:3"`` → (overall, 3); None when the text is not an award."""
    m = AWARD.fullmatch(award.strip())
    return None if m is None else (Kind(m[1]), int(m[2]))


class Ranked(NamedTuple):
    """An entry of the standings as the prizes read it: its rank, code, what it is ranked by (a pair's match
    points, a player's score), its club and whether it entered as a newcomer."""

    rank: int
    code: str
    points: int
    club: str = ""
    newcomer: bool = False


def prizes(standings: Standings, pairs: Sequence[Pair], awards: Sequence[str]) -> list[Prize]:
    """The prizes of *awards* (each ``kind:n``, checked by the scoring), in the awards' order."""
    by_code = {p.code: p for p in pairs}
    return ranked_prizes([Ranked(r.rank, r.pair, r.match_points, by_code[r.pair].club, by_code[r.pair].newcomer)
                          for r in standings.rows if by_code[r.pair].active], awards)


def individual_prizes(rows: Sequence[Row], players: Mapping[str, Player], awards: Sequence[str]) -> list[Prize]:
    """The prizes of an event of individual players: the players still playing, by their standings."""
    return ranked_prizes([Ranked(r.rank, r.player, r.score, players[r.player].club)
                          for r in rows if players[r.player].active], awards)


def ranked_prizes(entries: Sequence[Ranked], awards: Sequence[str]) -> list[Prize]:
    """The prizes of *awards* among *entries* (in rank order, the withdrawn left out)."""
    rows = list(entries)
    out: list[Prize] = []
    for award in awards:
        parsed = parse(award)
        if parsed is None:
            continue
        kind, n = parsed
        if kind is Kind.overall:
            cut = rows[n - 1].rank if len(rows) >= n else None
            out += [Prize(kind, r.rank, r.code, r.points, (r.code,)) for r in rows
                    if cut is None or r.rank <= cut]
        elif kind is Kind.newcomer:
            new = [r for r in rows if r.newcomer][:n]
            out += [Prize(kind, i, r.code, r.points, (r.code,)) for i, r in enumerate(new, 1)]
        else:
            clubs: dict[str, list[tuple[int, str, int]]] = {}
            for r in rows:
                club = r.club
                if club and len(clubs.setdefault(club, [])) < n:
                    clubs[club].append((r.rank, r.code, r.points))
            ranked = sorted(clubs.items(), key=lambda kv: (-sum(m for _, _, m in kv[1]), kv[1][0][0], kv[0]))
            if ranked:
                club, counted = ranked[0]
                out.append(Prize(kind, 1, club, sum(m for _, _, m in counted), tuple(p for _, p, _ in counted)))
    return out
