"""The standings of a league (a season): the events it groups, each event's standings summed, entry by entry, the
events of pairs and of individual players through one sum (:func:`season`: an entry is its names and its counts).

Pure arithmetic over each event's own standings (``tournament.standings``): nothing is re-scored. The
conventions (``docs/league.md`` states them for the reader):

- A league's pair is matched across events by its players' names: the two names, each with its outer
  spaces dropped, in Unicode NFC and case-folded, taken in either order (``张三 李四`` in one event and
  ``李四 张三`` in another are one pair). Pair codes differ from event to event and are not used.
- Each pair's record (played, won, lost, byes, games) and match points are the sums over the events it
  played in; so is every tie-break value of its events' standings.
- The league ranks by match points, then by the tie-breaks of the first event added to the league, in that
  event's scoring order, each summed. Head-to-head and the lot are left out: they only rank pairs within one
  event (head-to-head needs every two tied pairs to have met; a lot is drawn per event). A criterion an
  event's scoring does not have adds nothing from that event (and a head-to-head value never adds).
- Pairs still equal on every criterion share a rank and are listed by their names.
- The events of individual players (Dou Dizhu, Hubei 打滚, mahjong: ``tournament.individual``) are summed the
  same way, player by player: a player is matched across events by the name (outer spaces dropped, NFC,
  case-folded); matches played, rounds sat out, the score (the game's own running total) and first places are
  summed; the league ranks by score, then first places (head-to-head and the lot rank within one event only);
  players still equal share a rank and are listed by name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from referee.tournament.individual import Player
from referee.tournament.individual import Row as PlayerRow
from referee.tournament.model import Pair
from referee.tournament.scoring import Criterion
from referee.tournament.standings import PairCounts, Standings

# Criteria that rank pairs only within one event: never summed over a season.
WITHIN_EVENT = frozenset({Criterion.head_to_head, Criterion.lot, Criterion.match_points})


class EventPart(NamedTuple):
    """One event of the league as the league counts it: its id, the club (venue) it was held at, its entries
    and its standings."""

    event: str
    club: str
    pairs: Sequence[Pair]
    standings: Standings
    criteria: tuple[Criterion, ...]  # its scoring's tie-break order


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueRow(PairCounts):  # its counts: the sums of the pair's rows in its events
    rank: int
    player1: str
    player2: str
    clubs: tuple[str, ...]  # the pair's own clubs, as entered in its events (first seen first)
    events: tuple[str, ...]  # the events it played in, in the league's order
    tiebreaks: dict[Criterion, int]  # every criterion of the league's order but match points, summed


class LeagueStandings(NamedTuple):
    rows: tuple[LeagueRow, ...]  # in rank order
    criteria: tuple[Criterion, ...]  # match points, then the summed tie-breaks
    events: tuple[str, ...]


def name_key(names: Sequence[str]) -> tuple[str, ...]:
    """An entry's people as the league matches them across events (a pair's two names in either order, a player's
    one): each with its outer spaces dropped, in Unicode NFC and case-folded."""
    return tuple(sorted(unicodedata.normalize("NFC", n.strip()).casefold() for n in names))


def league_criteria(parts: Sequence[EventPart]) -> tuple[Criterion, ...]:
    """Match points, then the first event's tie-breaks that can be summed over a season."""
    first = parts[0].criteria if parts else ()
    return (Criterion.match_points, *(c for c in first if c not in WITHIN_EVENT))


# --- the season: one sum over the events of either kind --------------------------------------------------------

class Line(NamedTuple):
    """One entry's line of an event's standings as the season sums it, whatever the kind of entry: its people's
    names (a pair's two, a player's one), its club, and each count the season sums, by name."""

    names: tuple[str, ...]
    club: str
    counts: Mapping[str, int]


class Part(NamedTuple):
    """One event of the league as the season counts it, whatever its kind: its id, the club it was held at, its
    entries' lines, and the counts that rank its kind of entry over the season (highest first, in order; the first
    event of a kind gives its kind's order)."""

    event: str
    club: str
    kind: str  # the kind of entry: entries of one kind are summed and ranked together ("pairs", "players")
    lines: Sequence[Line]
    ranking: tuple[str, ...]


class Summed(NamedTuple):
    """An entry's season: its rank among the entries of its kind, its names (as first entered, outer spaces
    dropped), its clubs and events (in the order first met), and its counts summed."""

    rank: int
    names: tuple[str, ...]
    clubs: tuple[str, ...]
    events: tuple[str, ...]
    counts: dict[str, int]


def _ranks(values: Sequence[tuple[int, ...]]) -> list[int]:
    """The rank of each of *values* (in rank order): equal values share a rank, the next rank skips past them."""
    ranks: list[int] = []
    for i, v in enumerate(values):
        ranks.append(ranks[-1] if i and values[i - 1] == v else i + 1)
    return ranks


def season(parts: Sequence[Part]) -> dict[str, tuple[Summed, ...]]:
    """Every entry of the season, by kind, in rank order: an entry is matched across events by its names
    (:func:`name_key`), its counts are summed, and the entries of a kind rank by the counts of its first event's
    ranking, then by name; entries still equal share a rank."""
    sums: dict[tuple[str, tuple[str, ...]], Summed] = {}
    rankings: dict[str, tuple[str, ...]] = {}
    for part in parts:
        rankings.setdefault(part.kind, part.ranking)
        for line in part.lines:
            key = (part.kind, name_key(line.names))
            s = sums.get(key)
            if s is None:
                s = sums[key] = Summed(0, tuple(n.strip() for n in line.names), (), (), {})
            clubs = s.clubs if not line.club or line.club in s.clubs else (*s.clubs, line.club)
            s = sums[key] = s._replace(clubs=clubs, events=(*s.events, part.event))
            for name, n in line.counts.items():
                s.counts[name] = s.counts.get(name, 0) + n
    out: dict[str, tuple[Summed, ...]] = {}
    for kind, ranking in rankings.items():

        def values(s: Summed, ranking: tuple[str, ...] = ranking) -> tuple[int, ...]:
            return tuple(s.counts.get(c, 0) for c in ranking)

        ordered = sorted((s for (k, _), s in sums.items() if k == kind),
                         key=lambda s: (tuple(-v for v in values(s)), s.names))
        out[kind] = tuple(s._replace(rank=rank)
                          for rank, s in zip(_ranks([values(s) for s in ordered]), ordered, strict=True))
    return out


# --- the events of pairs -----------------------------------------------------------------------------------------

PAIRS = "pairs"
PAIR_COUNTS = tuple(f.name for f in fields(PairCounts))  # played, won, lost, byes, match_points, games_won, games_lost


def pair_part(part: EventPart) -> Part:
    """An event of pairs as the season counts it: each row's record, match points and every tie-break that can be
    summed (None adds nothing)."""
    by_code = {p.code: p for p in part.pairs}
    lines = [Line((by_code[row.pair].player1, by_code[row.pair].player2), by_code[row.pair].club,
                  {**{c: getattr(row, c) for c in PAIR_COUNTS},
                   **{c: v or 0 for c, v in row.tiebreaks.items() if c not in WITHIN_EVENT}})
             for row in part.standings.rows]
    return Part(part.event, part.club, PAIRS, lines, league_criteria([part]))


def pair_rows(summed: Sequence[Summed], criteria: tuple[Criterion, ...]) -> tuple[LeagueRow, ...]:
    extra = criteria[1:]
    return tuple(LeagueRow(rank=s.rank, player1=s.names[0], player2=s.names[1], clubs=s.clubs, events=s.events,
                           tiebreaks={c: s.counts.get(c, 0) for c in extra}, **_counts(s)) for s in summed)


def _counts(s: Summed) -> dict[str, Any]:
    """A pair's :class:`PairCounts` as summed, by name (a count none of its events gave: 0)."""
    return {c: s.counts.get(c, 0) for c in PAIR_COUNTS}


def league_standings(parts: Sequence[EventPart]) -> LeagueStandings:
    """The league's standings from its events' standings (see the module's conventions)."""
    return season_standings([pair_part(p) for p in parts])[0]


# --- the events of individual players ---------------------------------------------------------------------------

class PlayerPart(NamedTuple):
    """One event of individual players as the league counts it: its id, club, entries and standings."""

    event: str
    club: str
    players: Sequence[Player]
    rows: Sequence[PlayerRow]


class PlayerLeagueRow(NamedTuple):
    rank: int
    player: str
    clubs: tuple[str, ...]
    events: tuple[str, ...]
    played: int
    sat_out: int
    score: int
    firsts: int


PLAYERS = "players"
PLAYER_COUNTS = ("played", "sat_out", "score", "firsts")


def player_part(part: PlayerPart) -> Part:
    """An event of individual players as the season counts it: each row's matches, rounds sat out, score and first
    places; the season ranks them by score, then first places."""
    by_code = {p.code: p for p in part.players}
    lines = [Line((by_code[row.player].name,), by_code[row.player].club, {c: getattr(row, c) for c in PLAYER_COUNTS})
             for row in part.rows]
    return Part(part.event, part.club, PLAYERS, lines, ("score", "firsts"))


def player_rows(summed: Sequence[Summed]) -> tuple[PlayerLeagueRow, ...]:
    return tuple(PlayerLeagueRow._make((s.rank, *s.names, s.clubs, s.events,
                                        *(s.counts.get(c, 0) for c in PLAYER_COUNTS))) for s in summed)


def player_standings(parts: Sequence[PlayerPart]) -> tuple[PlayerLeagueRow, ...]:
    """The league's players from its individual events' standings (see the module's conventions)."""
    return season_standings([player_part(p) for p in parts])[1]


# --- a season of events of either kind ----------------------------------------------------------------------------

def season_standings(parts: Sequence[Part]) -> tuple[LeagueStandings, tuple[PlayerLeagueRow, ...]]:
    """A season's standings from its events of either kind, summed in one pass (:func:`season`): its pairs' (ranked
    by match points, then the first event of pairs' tie-breaks summed) and its players'."""
    summed = season(parts)
    pair_parts = [p for p in parts if p.kind == PAIRS]
    criteria = tuple(Criterion(c) for c in pair_parts[0].ranking) if pair_parts else league_criteria(())
    return (LeagueStandings(pair_rows(summed.get(PAIRS, ()), criteria), criteria, tuple(p.event for p in pair_parts)),
            player_rows(summed.get(PLAYERS, ())))
