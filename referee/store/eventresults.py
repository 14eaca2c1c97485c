"""An event's results as the store holds them: its rounds, every match's summary at its current head
(``referee.store.summaries``, never written by a read), the standings they give, and the corrections made after a close.

Nothing here is typed in: the rounds come from the event's log, the numbers from the matches'
replays. A round is "corrected after close" when one of its matches has entries past the head its
close recorded; each such entry is listed with its seq and reason.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.errors import UsageError
from referee.event.model import Round, RoundStatus
from referee.event.standings import Standings, standings
from referee.event.state import EventState
from referee.i18n import M
from referee.store.eventlog import EventLog
from referee.store.store import Store
from referee.store.summaries import Cached, SummaryCache
from referee.summary import MatchSummary

OPEN = "open"
CLOSED = "closed"
CORRECTED = "corrected_after_close"


class Correction(NamedTuple):
    round: int
    match: str
    seq: int
    kind: str  # the entry's kind: event, undo, void, amend
    reason: str


class EventResults(NamedTuple):
    state: EventState
    rounds: tuple[Round, ...]  # the rounds counted (``--after-round`` may stop before the last)
    cached: dict[str, Cached]  # match id -> its summary, progress and notes
    standings: Standings
    corrections: dict[int, tuple[Correction, ...]]  # round -> its entries after its close

    @property
    def summaries(self) -> dict[str, MatchSummary]:
        return {mid: c.summary for mid, c in self.cached.items()}

    @property
    def last(self) -> int:
        """The last round counted (0 before round 1)."""
        return self.rounds[-1].number if self.rounds else 0

    @property
    def final(self) -> bool:
        """Every planned round closed, and all of them counted."""
        return self.state.final and len(self.rounds) == len(self.state.rounds)

    def status(self, number: int) -> str:
        """``open``, ``closed`` or ``corrected_after_close`` (the JSON's words)."""
        rnd = next(r for r in self.rounds if r.number == number)
        if rnd.status is RoundStatus.open:
            return OPEN
        return CORRECTED if self.corrections.get(number) else CLOSED


def _rounds(state: EventState, after_round: int | None) -> tuple[Round, ...]:
    if after_round is None:
        return state.rounds
    if not 1 <= after_round <= len(state.rounds):
        if not state.rounds:
            raise UsageError(M("--after-round {n}: event {event} has no round yet",
                               n=after_round, event=state.settings.id))
        raise UsageError(M("--after-round {n}: event {event} has rounds 1 to {last}",
                           n=after_round, event=state.settings.id, last=len(state.rounds)))
    return state.rounds[:after_round]


def standings_of(state: EventState, cache: SummaryCache, rounds: tuple[Round, ...] | None = None) -> Standings:
    """The standings of *rounds* (all the event's by default) from the matches' cached summaries."""
    counted = state.rounds if rounds is None else rounds
    got = cache.get_many(t.match_id for r in counted for t in r.tables)
    summaries = {mid: c.summary for mid, c in got.items()}
    return standings(state.pairs, counted, summaries, state.settings.scoring, state.settings.lot)


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
        if found:
            out[rnd.number] = tuple(found)
    return out


def load(store: Store, event_id: str, after_round: int | None = None) -> EventResults:
    """The event's results (up to *after_round*), each match's summary at its current head: read from
    the summary cache where it is at that head, else computed in memory. A read: the cache file is
    not written (the director's writes keep it up to date)."""
    state = EventLog(store.root, event_id).state()
    rounds = _rounds(state, after_round)
    cached = SummaryCache(store, event_id).get_many(t.match_id for r in rounds for t in r.tables)
    st = standings(state.pairs, rounds, {mid: c.summary for mid, c in cached.items()}, state.settings.scoring,
                   state.settings.lot)
    return EventResults(state, rounds, cached, st, corrections(state, cached, rounds))
