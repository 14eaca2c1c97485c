"""A league's results as the store holds them: each of its events' results, whatever the event's kind
(``referee.results.eventresults.load_any``), and the season's standings they sum to through one path
(``referee.tournament.league.season``; the conventions in ``docs/league.md``): pairs matched by their players'
names, players by theirs.

A read: nothing is written but, for a command (``keep``), the summaries it computed, in each event's cache. A
match an event cannot count is left out of that event, as ``event standings`` leaves it out, and named in
:attr:`LeagueResults.broken`, never a silent change.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.core.i18n import Msg
from referee.results.eventresults import EventResults, IndividualResults, Results, load_any
from referee.store.api import MatchStore
from referee.store.leagues import League
from referee.tournament.league import LeagueStandings, PlayerLeagueRow, season_standings


class LeagueResults(NamedTuple):
    league: League
    results: tuple[Results, ...]  # every event's results, in the league's order
    standings: LeagueStandings  # its pairs' standings, summed
    broken: dict[str, Msg]  # match id -> why its event cannot count it
    players: tuple[PlayerLeagueRow, ...] = ()  # its players' standings, summed

    def club(self, event: str) -> str:
        return self.league.club_of(event) or ""

    @property
    def events(self) -> tuple[EventResults, ...]:
        """Its events of pairs, in the league's order (the views' table of them)."""
        return tuple(r for r in self.results if isinstance(r, EventResults))

    @property
    def player_events(self) -> tuple[IndividualResults, ...]:
        """Its events of individual players, in the league's order."""
        return tuple(r for r in self.results if isinstance(r, IndividualResults))


def load(store: MatchStore, league_id: str, keep: bool = False) -> LeagueResults:
    """The league's standings: every event's results read from the store, whatever its kind, and summed entry by
    entry (*keep*: each event's summaries computed are saved in its cache, as ``eventresults.load`` does)."""
    league = store.leagues().get(league_id)
    loaded = tuple(load_any(store, e.event, keep=keep) for e in league.events)
    pairs, players = season_standings([r.league_part(e.event, e.club) for e, r in zip(league.events, loaded,
                                                                                       strict=True)])
    broken: dict[str, Msg] = {}
    for r in loaded:
        broken.update(r.broken)
    return LeagueResults(league, loaded, pairs, broken, players)
