"""The standings of a league (a season): the events it groups, each event's standings summed, pair by pair.

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
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from referee.tournament.individual import Player
from referee.tournament.individual import Row as PlayerRow
from referee.tournament.model import Pair
from referee.tournament.scoring import Criterion
from referee.tournament.standings import Standings

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


class LeagueRow(NamedTuple):
    rank: int
    player1: str
    player2: str
    clubs: tuple[str, ...]  # the pair's own clubs, as entered in its events (first seen first)
    events: tuple[str, ...]  # the events it played in, in the league's order
    played: int
    won: int
    lost: int
    byes: int
    match_points: int
    games_won: int
    games_lost: int
    tiebreaks: dict[Criterion, int]  # every criterion of the league's order but match points, summed


class LeagueStandings(NamedTuple):
    rows: tuple[LeagueRow, ...]  # in rank order
    criteria: tuple[Criterion, ...]  # match points, then the summed tie-breaks
    events: tuple[str, ...]


def name_key(player1: str, player2: str) -> tuple[str, str]:
    """The pair's players as the league matches them across events (either order)."""
    a, b = (unicodedata.normalize("NFC", p.strip()).casefold() for p in (player1, player2))
    return (a, b) if a <= b else (b, a)


def league_criteria(parts: Sequence[EventPart]) -> tuple[Criterion, ...]:
    """Match points, then the first event's tie-breaks that can be summed over a season."""
    first = parts[0].criteria if parts else ()
    return (Criterion.match_points, *(c for c in first if c not in WITHIN_EVENT))


class _Entry:
    """What the league keeps of an entry whatever its kind (a pair, a player): its clubs and events, in the order
    first met."""

    __slots__ = ("clubs", "events")

    def __init__(self) -> None:
        self.clubs: list[str] = []
        self.events: list[str] = []


_K = TypeVar("_K")
_S = TypeVar("_S", bound=_Entry)
_A = TypeVar("_A")


def _entry_of(sums: dict[_K, _S], key: _K, make: Callable[[_A], _S], names: _A, club: str, event: str) -> _S:
    """The league's sum of the entry of *key* (``make(names)`` on its first event), its *club* and *event*
    counted: one code path for the sums of pairs and of players."""
    s = sums.get(key)
    if s is None:
        s = sums[key] = make(names)
    if club and club not in s.clubs:
        s.clubs.append(club)
    s.events.append(event)
    return s


class _Sum(_Entry):
    __slots__ = ("byes", "games_lost", "games_won", "lost", "match_points", "names", "played", "tiebreaks", "won")

    def __init__(self, names: tuple[str, str]) -> None:
        super().__init__()
        self.names = names
        self.played = self.won = self.lost = self.byes = self.match_points = self.games_won = self.games_lost = 0
        self.tiebreaks: dict[Criterion, int] = {}


def _ranks(values: Sequence[tuple[int, ...]]) -> list[int]:
    """The rank of each of *values* (in rank order): equal values share a rank, the next rank skips past them."""
    ranks: list[int] = []
    for i, v in enumerate(values):
        ranks.append(ranks[-1] if i and values[i - 1] == v else i + 1)
    return ranks


def league_standings(parts: Sequence[EventPart]) -> LeagueStandings:
    """The league's standings from its events' standings (see the module's conventions)."""
    criteria = league_criteria(parts)
    extra = criteria[1:]
    sums: dict[tuple[str, str], _Sum] = {}
    for part in parts:
        by_code = {p.code: p for p in part.pairs}
        for row in part.standings.rows:
            pair = by_code[row.pair]
            s = _entry_of(sums, name_key(pair.player1, pair.player2), _Sum,
                          (pair.player1.strip(), pair.player2.strip()), pair.club, part.event)
            s.played += row.played
            s.won += row.won
            s.lost += row.lost
            s.byes += row.byes
            s.match_points += row.match_points
            s.games_won += row.games_won
            s.games_lost += row.games_lost
            for c in extra:
                s.tiebreaks[c] = s.tiebreaks.get(c, 0) + (row.tiebreaks.get(c) or 0)

    def values(s: _Sum) -> tuple[int, ...]:
        return (s.match_points, *(s.tiebreaks.get(c, 0) for c in extra))

    ordered = sorted(sums.values(), key=lambda s: (tuple(-v for v in values(s)), s.names))
    rows: list[LeagueRow] = []
    for rank, s in zip(_ranks([values(s) for s in ordered]), ordered, strict=True):
        rows.append(LeagueRow(rank, s.names[0], s.names[1], tuple(s.clubs), tuple(s.events), s.played, s.won,
                              s.lost, s.byes, s.match_points, s.games_won, s.games_lost,
                              {c: s.tiebreaks.get(c, 0) for c in extra}))
    return LeagueStandings(tuple(rows), criteria, tuple(p.event for p in parts))


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


def player_key(name: str) -> str:
    """A player's name as the league matches it across events."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


class _PlayerSum(_Entry):
    __slots__ = ("firsts", "name", "played", "sat_out", "score")

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.played = self.sat_out = self.score = self.firsts = 0

    def values(self) -> tuple[int, int]:
        return (self.score, self.firsts)


def player_standings(parts: Sequence[PlayerPart]) -> tuple[PlayerLeagueRow, ...]:
    """The league's players from its individual events' standings (see the module's conventions)."""
    sums: dict[str, _PlayerSum] = {}
    for part in parts:
        by_code = {p.code: p for p in part.players}
        for row in part.rows:
            player = by_code[row.player]
            s = _entry_of(sums, player_key(player.name), _PlayerSum, player.name.strip(), player.club, part.event)
            s.played += row.played
            s.sat_out += row.sat_out
            s.score += row.score
            s.firsts += row.firsts
    ordered = sorted(sums.values(), key=lambda s: (-s.score, -s.firsts, s.name))
    rows: list[PlayerLeagueRow] = []
    for rank, s in zip(_ranks([s.values() for s in ordered]), ordered, strict=True):
        rows.append(PlayerLeagueRow(rank, s.name, tuple(s.clubs), tuple(s.events), s.played, s.sat_out, s.score,
                                    s.firsts))
    return tuple(rows)
