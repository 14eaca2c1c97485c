"""An individual event's results as the store holds them: each table's match replayed through its game's
interface (``game.replay`` → ``game.summarize``), and the standings of ``tournament.individual`` from them.

Nothing is typed in twice: the rounds and their seatings come from the event's log, every number from the
stored matches. A read: nothing is written. A match that is missing, or whose record the game's reader or
engine refuses, is left out of the standings and named in :attr:`IndividualResults.broken`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import M, Msg
from referee.games import registry
from referee.games.api import Game, Outcome, Participant, Summary
from referee.games.stored import game_of_events
from referee.results.eventstate import event_state
from referee.store.api import MatchStore
from referee.store.pinning import rules_of_match
from referee.tournament.individual import Row, SeatedRound, standings
from referee.tournament.model import DirectorResult
from referee.tournament.state import EventState


class Table(NamedTuple):
    """A table's match as it stands: its summary, whether it is done (every deal settled, at least one, no
    problem left), and the deals settled; *given*: the director's result stands for it (``event result``)."""

    summary: Summary | None
    done: bool
    deals: int
    given: DirectorResult | None = None


class Given(NamedTuple):
    """A table's result as the director entered it (``event result --adjusted``), as the game-neutral summary the
    standings read, so that they count it as they count a match: each seat's score, the places by score (equal
    scores share a place), no deal."""

    match_id: str
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    finished: bool = True
    forfeit: bool = False
    head: str = ""
    entries: int = 0

    def participants(self) -> tuple[Participant, ...]:
        return tuple(Participant(seat, "") for seat in self.seats)

    def outcome(self, key: str) -> Outcome:
        mine = self.scores[self.seats.index(key)]
        return Outcome(key, 0, 0, 1 + sum(s > mine for s in self.scores), mine)


class IndividualResults(NamedTuple):
    state: EventState
    rounds: tuple[SeatedRound, ...]  # the rounds counted (``--after-round`` may stop before the last)
    tables: dict[str, Table]  # match id -> where it stands
    standings: tuple[Row, ...]
    broken: dict[str, Msg]  # match id -> why the event cannot count it

    @property
    def final(self) -> bool:
        return self.state.final and len(self.rounds) == len(self.state.rounds)

    @property
    def names(self) -> dict[str, str]:
        return {p.code: p.name for p in self.state.players}

    def scores(self, match_id: str) -> tuple[int, ...] | None:
        """The table's players' scores in seat order, once its match is done."""
        t = self.tables.get(match_id)
        if t is None or not t.done or t.summary is None:
            return None
        return tuple(t.summary.outcome(p.key).score for p in t.summary.participants())


def match_table(store: MatchStore, match_id: str) -> Table:
    """The match *match_id* replayed through its game: a :class:`RefereeError` when it cannot be read."""
    events, errors = store.events_and_errors(match_id)
    if errors:
        raise RefereeError(M("match {match}, line {line}: {problem}", match=match_id, line=errors[0].line,
                             problem=errors[0].msg))
    game: Game | None = game_of_events(events)
    if game is None:
        raise RefereeError(M("match {match}: no match header in effect", match=match_id))
    rules = rules_of_match(game, events, store)
    result = game.replay(events, rules)
    summary = game.summarize(result)
    parts = summary.participants()
    deals = max((summary.outcome(p.key).won + summary.outcome(p.key).lost for p in parts), default=0)
    done = summary.finished and deals > 0 and not game.problems(result)
    return Table(summary, done, deals)


def _rounds(state: EventState, after_round: int | None) -> tuple[SeatedRound, ...]:
    if after_round is None:
        return state.seatings
    if not 1 <= after_round <= len(state.seatings):
        raise UsageError(M("--after-round {n}: event {event} has rounds 1 to {last}",
                           n=after_round, event=state.settings.id, last=len(state.seatings)))
    return state.seatings[:after_round]


def tables_of(store: MatchStore, rounds: tuple[SeatedRound, ...],
              results: Mapping[str, DirectorResult] | None = None,
              seats: tuple[str, ...] = ()) -> tuple[dict[str, Table], dict[str, Msg]]:
    """Each table of *rounds* as it stands: the director's result where *results* has one (its scores by *seats*,
    the game's), else its match replayed; and the matches that cannot be counted, with why."""
    tables: dict[str, Table] = {}
    broken: dict[str, Msg] = {}
    for rnd in rounds:
        for t in rnd.tables:
            given = (results or {}).get(t.match_id)
            if given is not None:
                tables[t.match_id] = Table(Given(t.match_id, seats[:len(given.scores)], given.scores), True, 0, given)
                continue
            if not store.exists(t.match_id):
                broken[t.match_id] = M("match {match} of round {round} is not in the store", match=t.match_id,
                                       round=rnd.number)
                tables[t.match_id] = Table(None, False, 0)
                continue
            try:
                tables[t.match_id] = match_table(store, t.match_id)
            except (RefereeError, ValueError) as e:
                broken[t.match_id] = e.msg if isinstance(e, RefereeError) else M("match {match} cannot be read",
                                                                                match=t.match_id)
                tables[t.match_id] = Table(None, False, 0)
    return tables, broken


def given(state: EventState, rounds: tuple[SeatedRound, ...]) -> dict[str, DirectorResult]:
    """The director's results standing for tables of *rounds*, by match id."""
    numbers = {r.number for r in rounds}
    return {mid: r for mid, r in state.results.items() if r.round in numbers}


def load_state(state: EventState, store: MatchStore, after_round: int | None = None) -> IndividualResults:
    rounds = _rounds(state, after_round)
    tables, broken = tables_of(store, rounds, given(state, rounds), registry.game(state.settings.game).seats)
    done: Mapping[str, Summary] = {mid: t.summary for mid, t in tables.items() if t.done and t.summary is not None}
    rows = standings(state.players, rounds, done, state.settings.lot)
    return IndividualResults(state, rounds, tables, rows, broken)


def load(store: MatchStore, event_id: str, after_round: int | None = None) -> IndividualResults:
    """The individual event's results (up to *after_round*) from its log and its stored matches."""
    return load_state(event_state(store.event_log(event_id)), store, after_round)
