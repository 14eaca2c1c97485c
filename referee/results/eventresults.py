"""An event's results as the store holds them, for an event of either kind (of pairs: :class:`EventResults`; of
individual players: :class:`IndividualResults`; :func:`load_any` reads either).

An event of pairs: its rounds, every match's summary at its current head (``referee.store.summaries``: written by a
command's read, never by the web's), the standings they give, and the corrections made after a close.

Nothing here is typed in: the rounds come from the event's log, the numbers from the matches'
replays. A round is "corrected after close" when one of its matches has entries past the head its
close recorded; each such entry is listed with its seq and reason.

A match the event cannot count is never a silent change: one whose file is missing, whose chain is
broken (every match file the summary cache has to read is checked whole, chain and head record, as
``replay`` checks one), or that no longer carries the head its round's close recorded (entries
removed, or rewritten, after the close: ``referee.store.closeheads``) is left out of the
standings and named in :attr:`EventResults.broken`; the commands show the rest, then each such match on
a line of its own, and exit 1.

An event of individual players: each table's match replayed through its game's interface (``game.replay`` →
``game.summarize``), and the standings of ``tournament.individual`` from them; a read, nothing is written. A match
that is missing, or whose record the game's reader or engine refuses, is left out of the standings and named in
:attr:`IndividualResults.broken`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar, cast

from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import M, Msg
from referee.games import registry
from referee.games.api import Game, Outcome, Participant, Summary
from referee.games.stored import game_of_events
from referee.results import summarize
from referee.results.eventstate import event_state
from referee.store.api import MatchReads, MatchStore, SummariesRepo
from referee.store.closeheads import close_finding, hash_at, missing
from referee.store.pinning import rules_of_match
from referee.store.store import StoreError
from referee.store.summaries import Cached, Progress
from referee.tournament import individual
from referee.tournament.individual import Row, SeatedRound
from referee.tournament.league import EventPart, Part, PlayerPart, pair_part, player_part
from referee.tournament.model import DirectorResult, Round, RoundStatus, Table
from referee.tournament.standings import Standings, TableOutcome, standings, table_outcome
from referee.tournament.state import EventState, Head

OPEN = "open"
CLOSED = "closed"
CORRECTED = "corrected_after_close"


class Correction(NamedTuple):
    round: int
    match: str
    seq: int
    kind: str  # the entry's kind: event, undo, void, amend; RESULT: the director's result (in the event's log)
    reason: str


RESULT = "result"  # a Correction that is a result entered (or cleared) by the director after the close


class _Numbered(Protocol):
    @property
    def number(self) -> int: ...


_R = TypeVar("_R", bound=_Numbered)


def given(state: EventState, rounds: Iterable[_Numbered]) -> dict[str, DirectorResult]:
    """The director's results standing for tables of *rounds* (of either kind), by match id."""
    numbers = {r.number for r in rounds}
    return {mid: r for mid, r in state.results.items() if r.round in numbers}


def _final(state: EventState, rounds: Sequence[object]) -> bool:
    """Every planned round closed, and all of them counted."""
    return state.final and len(rounds) == len(state.rounds)


class EventResults(NamedTuple):
    state: EventState
    rounds: tuple[Round, ...]  # the rounds counted (``--after-round`` may stop before the last)
    cached: dict[str, Cached]  # match id -> its summary, progress and notes
    standings: Standings
    corrections: dict[int, tuple[Correction, ...]]  # round -> its entries after its close
    broken: dict[str, Msg]  # match id -> why the event cannot count it (its summary is an empty stand-in)

    @property
    def summaries(self) -> dict[str, Summary]:
        return {mid: c.summary for mid, c in self.cached.items()}

    @property
    def results(self) -> dict[str, DirectorResult]:
        """The director's results of the rounds counted, by match id."""
        return given(self.state, self.rounds)

    def table_outcome(self, table: Table) -> TableOutcome:
        """What *table* counts as: the director's result, else its match's summary."""
        cached = self.cached.get(table.match_id)
        return table_outcome(None if cached is None else cached.summary, self.results.get(table.match_id))

    def outcome_of(self, match_id: str) -> TableOutcome:
        """The outcome of the table whose match is *match_id*."""
        table = next(t for r in self.rounds for t in r.tables if t.match_id == match_id)
        return self.table_outcome(table)

    @property
    def outcomes(self) -> dict[str, TableOutcome]:
        """Every table's outcome, by match id."""
        return {t.match_id: self.table_outcome(t) for r in self.rounds for t in r.tables}

    @property
    def last(self) -> int:
        """The last round counted (0 before round 1)."""
        return self.rounds[-1].number if self.rounds else 0

    @property
    def final(self) -> bool:
        """Every planned round closed, and all of them counted."""
        return _final(self.state, self.rounds)

    def league_part(self, event: str, club: str) -> Part:
        """The event as a league's season counts it (``tournament.league``)."""
        return pair_part(EventPart(event, club, self.state.pairs, self.standings,
                                   self.state.settings.scoring.tiebreaks))

    def status(self, number: int) -> str:
        """``open``, ``closed`` or ``corrected_after_close`` (the JSON's words)."""
        rnd = next(r for r in self.rounds if r.number == number)
        if rnd.status is RoundStatus.open:
            return OPEN
        return CORRECTED if self.corrections.get(number) else CLOSED


def _rounds(state: EventState, rounds: tuple[_R, ...], after_round: int | None) -> tuple[_R, ...]:
    """The event's *rounds* (its paired or its seated ones) up to *after_round*."""
    if after_round is None:
        return rounds
    if not 1 <= after_round <= len(rounds):
        if not rounds:
            raise UsageError(M("--after-round {n}: event {event} has no round yet",
                               n=after_round, event=state.settings.id))
        raise UsageError(M("--after-round {n}: event {event} has rounds 1 to {last}",
                           n=after_round, event=state.settings.id, last=len(rounds)))
    return rounds[:after_round]


READ_WAIT = 1.0  # seconds a command's read waits for the cache's lock before leaving the cache as it is


def kept(cache: SummariesRepo) -> None:
    """Save what a command's read computed in the summary cache, best effort: a derived cache, each row
    sealed and keyed by its match's chain head (``referee.store.summaries``), so the next read replays only
    what changed. A cache that cannot be written, or whose lock stays held, is left as it is: never a reason
    for a read to fail, or to wait."""
    cache.save(wait=READ_WAIT)


def summary_cache(store: MatchStore, event_id: str) -> SummariesRepo:
    """The event's summary cache (the store's: ``store.summary_cache``), its rows summarized by their games
    (``referee.results.summarize``)."""
    return summarize.summary_cache(store, event_id)


class StandIn(NamedTuple):
    """The game-neutral summary (``api.Summary``) of a table the event does not read from a record, whatever its
    game: a match the event cannot count (no seats: nobody at it, not finished, no game won by anyone), or an
    individual event's table whose result the director entered (``event result --adjusted``: each seat's score, the
    places by score, equal scores sharing a place, no deal), which the standings count as they count a match."""

    match_id: str
    seats: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    finished: bool = True
    forfeit: bool = False
    head: str = ""
    entries: int = 0

    def participants(self) -> tuple[Participant, ...]:
        return tuple(Participant(seat, "") for seat in self.seats)

    def outcome(self, key: str) -> Outcome:
        if key not in self.seats:
            return Outcome(key, 0, 0, 0, 0)
        mine = self.scores[self.seats.index(key)]
        return Outcome(key, 0, 0, 1 + sum(s > mine for s in self.scores), mine)


def _stand_in(match_id: str) -> Cached:
    """What the views show of a match the event cannot count: not finished, not started, no games. (The cache's
    row types its summary as the one game's it holds; the views read only ``api.Summary`` of it.)"""
    return Cached(cast(Any, StandIn(match_id, finished=False)), Progress(False, 0, 0, False, 0, None, ""), ())


def _moved(store: MatchReads, event_id: str, number: int, match_id: str, head: Head, cached: Cached) -> Msg | None:
    """Whether the match still carries the head its round's close recorded: read from its summary (its
    number of entries and last hash), and from its file only when entries followed the close."""
    s = cached.summary
    if s.entries == head.entries:
        return close_finding(event_id, number, match_id, head, s.entries, s.head)
    at_head = hash_at(store.entries(match_id), head.entries) if s.entries > head.entries else ""
    return close_finding(event_id, number, match_id, head, s.entries, at_head)


def summaries_of(store: MatchReads, cache: SummariesRepo, state: EventState,
                 rounds: Iterable[Round]) -> tuple[dict[str, Cached], dict[str, Msg]]:
    """Each table's summary at its match's current head, and the matches the event cannot count with
    why (missing, chain broken, cut back or rewritten after its round's close)."""
    event_id = state.settings.id
    rounds = tuple(rounds)
    read = cache.read_many(t.match_id for rnd in rounds for t in rnd.tables)  # at once: one query, the cores
    cached: dict[str, Cached] = {}
    broken: dict[str, Msg] = {}
    for rnd in rounds:
        close = state.closes.get(rnd.number) if rnd.status is RoundStatus.closed else None
        for t in rnd.tables:
            mid = t.match_id
            head = close.heads.get(mid) if close is not None else None
            problem: Msg | None = None
            got = read.get(mid)
            if got is None:
                problem = missing(event_id, rnd.number, mid, head)
            elif isinstance(got, StoreError):  # a broken chain, a file that cannot be read
                problem = got.msg
            else:
                problem = None if head is None else _moved(store, event_id, rnd.number, mid, head, got)
                if problem is None:
                    cached[mid] = got
            if problem is not None:
                broken[mid] = problem
                cached[mid] = _stand_in(mid)
    return cached, broken


def standings_of(state: EventState, cache: SummariesRepo, rounds: tuple[Round, ...] | None = None) -> Standings:
    """The standings of *rounds* (all the event's by default) from the matches' cached summaries; a
    :class:`StoreError` naming the first match the event cannot count (nothing is paired on standings
    that leave one out)."""
    counted = state.rounds if rounds is None else rounds
    got, broken = summaries_of(cache.store, cache, state, counted)
    if broken:
        raise StoreError(next(iter(broken.values())))
    summaries = {mid: c.summary for mid, c in got.items()}
    return standings(state.pairs, counted, summaries, state.settings.scoring, state.settings.lot,
                     given(state, counted))


def corrections(state: EventState, cached: dict[str, Cached],
                rounds: tuple[Round, ...]) -> dict[int, tuple[Correction, ...]]:
    out: dict[int, tuple[Correction, ...]] = {}
    for rnd in rounds:
        close = state.closes.get(rnd.number)
        if close is None:
            continue
        found = []
        for t in rnd.tables:
            head = close.heads.get(t.match_id)
            if head is None:
                continue
            found += [Correction(rnd.number, t.match_id, n.seq, n.kind, n.reason)
                      for n in cached[t.match_id].notes if n.seq > head.entries]
        found += [Correction(rnd.number, r.match_id, r.seq, RESULT, r.reason)
                  for r in state.result_log if r.round == rnd.number and r.seq > close.seq]
        if found:
            out[rnd.number] = tuple(found)
    return out


def load(store: MatchStore, event_id: str, after_round: int | None = None,
         cache: SummariesRepo | None = None, keep: bool = False) -> EventResults:
    """The event's results (up to *after_round*), each match's summary at its current head: read from
    the summary cache where it is at that head, else computed. *keep*: the summaries computed are saved in
    the cache (a command's read, best effort: :func:`kept`); else the cache is not written (the web's reads)."""
    return pairs_of_state(event_state(store.event_log(event_id)), store, after_round, cache, keep)


def pairs_of_state(state: EventState, store: MatchStore, after_round: int | None = None,
                   cache: SummariesRepo | None = None, keep: bool = False) -> EventResults:
    """The results of the event of pairs whose state is *state* (:func:`load`)."""
    rounds = _rounds(state, state.rounds, after_round)
    cache = cache or summary_cache(store, state.settings.id)
    cached, broken = summaries_of(store, cache, state, rounds)
    if keep:
        kept(cache)
    counted = {mid: c.summary for mid, c in cached.items() if mid not in broken}
    st = standings(state.pairs, rounds, counted, state.settings.scoring, state.settings.lot, given(state, rounds))
    return EventResults(state, rounds, cached, st, corrections(state, cached, rounds), broken)


# --- the events of individual players: each table's match replayed through its game's interface ---------------

class PlayedTable(NamedTuple):
    """A table's match as it stands: its summary, whether it is done (every deal settled, at least one, no
    problem left), and the deals settled; *given*: the director's result stands for it (``event result``)."""

    summary: Summary | None
    done: bool
    deals: int
    given: DirectorResult | None = None


class IndividualResults(NamedTuple):
    state: EventState
    rounds: tuple[SeatedRound, ...]  # the rounds counted (``--after-round`` may stop before the last)
    tables: dict[str, PlayedTable]  # match id -> where it stands
    standings: tuple[Row, ...]
    broken: dict[str, Msg]  # match id -> why the event cannot count it

    @property
    def final(self) -> bool:
        """Every planned round closed, and all of them counted."""
        return _final(self.state, self.rounds)

    def league_part(self, event: str, club: str) -> Part:
        """The event as a league's season counts it (``tournament.league``)."""
        return player_part(PlayerPart(event, club, self.state.players, self.standings))

    @property
    def names(self) -> dict[str, str]:
        return {p.code: p.name for p in self.state.players}

    def scores(self, match_id: str) -> tuple[int, ...] | None:
        """The table's players' scores in seat order, once its match is done."""
        t = self.tables.get(match_id)
        if t is None or not t.done or t.summary is None:
            return None
        return tuple(t.summary.outcome(p.key).score for p in t.summary.participants())


def match_table(store: MatchStore, match_id: str) -> PlayedTable:
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
    return PlayedTable(summary, done, deals)


def tables_of(store: MatchStore, rounds: tuple[SeatedRound, ...],
              results: Mapping[str, DirectorResult] | None = None,
              seats: tuple[str, ...] = ()) -> tuple[dict[str, PlayedTable], dict[str, Msg]]:
    """Each table of *rounds* as it stands: the director's result where *results* has one (its scores by *seats*,
    the game's), else its match replayed; and the matches that cannot be counted, with why."""
    tables: dict[str, PlayedTable] = {}
    broken: dict[str, Msg] = {}
    for rnd in rounds:
        for t in rnd.tables:
            given = (results or {}).get(t.match_id)
            if given is not None:
                tables[t.match_id] = PlayedTable(StandIn(t.match_id, seats[:len(given.scores)], given.scores), True, 0,
                                                 given)
                continue
            if not store.exists(t.match_id):
                broken[t.match_id] = M("match {match} of round {round} is not in the store", match=t.match_id,
                                       round=rnd.number)
                tables[t.match_id] = PlayedTable(None, False, 0)
                continue
            try:
                tables[t.match_id] = match_table(store, t.match_id)
            except (RefereeError, ValueError) as e:
                broken[t.match_id] = e.msg if isinstance(e, RefereeError) else M("match {match} cannot be read",
                                                                                match=t.match_id)
                tables[t.match_id] = PlayedTable(None, False, 0)
    return tables, broken


def players_of_state(state: EventState, store: MatchStore, after_round: int | None = None) -> IndividualResults:
    """The results of the event of individual players whose state is *state* (:func:`load_players`)."""
    rounds = _rounds(state, state.seatings, after_round)
    tables, broken = tables_of(store, rounds, given(state, rounds), registry.game(state.settings.game).seats)
    done: Mapping[str, Summary] = {mid: t.summary for mid, t in tables.items() if t.done and t.summary is not None}
    rows = individual.standings(state.players, rounds, done, state.settings.lot)
    return IndividualResults(state, rounds, tables, rows, broken)


def load_players(store: MatchStore, event_id: str, after_round: int | None = None) -> IndividualResults:
    """The individual event's results (up to *after_round*) from its log and its stored matches."""
    return players_of_state(event_state(store.event_log(event_id)), store, after_round)


# --- either kind ------------------------------------------------------------------------------------------------

Results = EventResults | IndividualResults


def of_state(state: EventState, store: MatchStore, keep: bool = False) -> Results:
    """The results of the event whose state is *state*, whatever its kind (*keep*: as :func:`load`'s)."""
    if state.settings.individual:
        return players_of_state(state, store)
    return pairs_of_state(state, store, keep=keep)


def load_any(store: MatchStore, event_id: str, keep: bool = False) -> Results:
    """The results of event *event_id*, whatever its kind: a league sums any event of its season through this."""
    return of_state(event_state(store.event_log(event_id)), store, keep)
