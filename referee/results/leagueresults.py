"""A league's results as the store holds them: each of its events' results (``referee.results.eventresults``), and
the season's standings they sum to (``referee.tournament.league``; the conventions in ``docs/league.md``).

A read: nothing is written but, for a command (``keep``), the summaries it computed, in each event's cache. A
match an event cannot count is left out of that event, as ``event standings`` leaves it out, and named in
:attr:`LeagueResults.broken`, never a silent change.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.core.i18n import Msg
from referee.results import eventresults, individualresults
from referee.results.eventstate import event_state
from referee.store.api import MatchStore
from referee.store.leagues import League
from referee.tournament.league import (
    EventPart,
    LeagueStandings,
    PlayerLeagueRow,
    PlayerPart,
    league_standings,
    player_standings,
)


class LeagueResults(NamedTuple):
    league: League
    events: tuple[eventresults.EventResults, ...]  # its events of pairs, in the league's order
    standings: LeagueStandings
    broken: dict[str, Msg]  # match id -> why its event cannot count it
    player_events: tuple[individualresults.IndividualResults, ...] = ()  # its events of individual players
    players: tuple[PlayerLeagueRow, ...] = ()  # their players' standings, summed

    def club(self, event: str) -> str:
        return self.league.club_of(event) or ""


def load(store: MatchStore, league_id: str, keep: bool = False) -> LeagueResults:
    """The league's standings: every event's results read from the store, summed pair by pair, and player by
    player for its events of individual players (*keep*: each pair event's summaries computed are saved in its
    cache, as ``eventresults.load`` does)."""
    league = store.leagues().get(league_id)
    individual = {e.event for e in league.events if event_state(store.event_log(e.event)).settings.individual}
    pair_events = [e for e in league.events if e.event not in individual]
    loaded = tuple(eventresults.load(store, e.event, keep=keep) for e in pair_events)
    parts = [EventPart(e.event, e.club, r.state.pairs, r.standings, r.state.settings.scoring.tiebreaks)
             for e, r in zip(pair_events, loaded, strict=True)]
    player_events = [e for e in league.events if e.event in individual]
    seated = tuple(individualresults.load(store, e.event) for e in player_events)
    players = [PlayerPart(e.event, e.club, r.state.players, r.standings)
               for e, r in zip(player_events, seated, strict=True)]
    broken: dict[str, Msg] = {}
    for r in loaded:
        broken.update(r.broken)
    for seat in seated:
        broken.update(seat.broken)
    return LeagueResults(league, loaded, league_standings(parts), broken, seated, player_standings(players))
