"""A league's results as the store holds them: each of its events' results (``referee.store.eventresults``), and
the season's standings they sum to (``referee.tournament.league``; the conventions in ``docs/league.md``).

A read: nothing is written but, for a command (``keep``), the summaries it computed, in each event's cache. A
match an event cannot count is left out of that event, as ``event standings`` leaves it out, and named in
:attr:`LeagueResults.broken`, never a silent change.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.core.i18n import Msg
from referee.store import eventresults
from referee.store.api import MatchStore
from referee.store.leagues import League
from referee.tournament.league import EventPart, LeagueStandings, league_standings


class LeagueResults(NamedTuple):
    league: League
    events: tuple[eventresults.EventResults, ...]  # in the league's order
    standings: LeagueStandings
    broken: dict[str, Msg]  # match id -> why its event cannot count it

    def club(self, event: str) -> str:
        return self.league.club_of(event) or ""


def load(store: MatchStore, league_id: str, keep: bool = False) -> LeagueResults:
    """The league's standings: every event's results read from the store, summed pair by pair (*keep*: each
    event's summaries computed are saved in its cache, as ``eventresults.load`` does)."""
    league = store.leagues().get(league_id)
    loaded = tuple(eventresults.load(store, e.event, keep=keep) for e in league.events)
    parts = [EventPart(e.event, e.club, r.state.pairs, r.standings, r.state.settings.scoring.tiebreaks)
             for e, r in zip(league.events, loaded, strict=True)]
    broken: dict[str, Msg] = {}
    for r in loaded:
        broken.update(r.broken)
    return LeagueResults(league, loaded, league_standings(parts), broken)
