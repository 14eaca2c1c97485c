"""An event as its log's actions make it: the log's entries (the store's, ``referee.store.eventlog``, on either
backend) replayed by the tournament's rules (``referee.tournament.state``).

The store keeps the log, its chain and its lock, and knows no action's meaning; every read of an event's state
and every append goes through here, so that an action that would not fit the event is refused before anything
is written: :class:`Session` replays the state after the new actions under the log's lock, then has the store
append them (all or none). A log whose actions do not replay is a :class:`BrokenEventLog`, never an exception.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from referee.core.i18n import M, Msg
from referee.store.eventlog import Action, BrokenEventLog, actions_of
from referee.tournament.state import EventState, StateError, replay

if TYPE_CHECKING:
    from referee.store.api import EventLogRepo, EventSessionLike
    from referee.store.chain import StoredEntry

_STATE_PROBLEMS: dict[str, Msg] = {
    "unknown_action": M("an action this version of referee does not know ({detail}): update referee"),
    "not_first": M("the event is created a second time"),
    "no_event": M("the log does not begin with the event's creation"),
    "bad_action": M("the entry's action is not readable ({detail})"),
    "unknown_pair": M("pair {detail} is not an entry of the event"),
    "round_order": M("round {detail} is out of order (paired before the round before it closed, or closed twice)"),
}


def state_of(event_id: str, actions: Sequence[Action]) -> EventState:
    """The event *actions* make; a :class:`BrokenEventLog` naming the entry whose action does not fit."""
    try:
        return replay(actions)
    except StateError as e:
        problem = _STATE_PROBLEMS[e.what].bind(detail=e.detail)
        if e.seq is None:
            raise BrokenEventLog(M("event {event}: {problem}", event=event_id, problem=problem)) from None
        raise BrokenEventLog(M("event {event}, #{seq}: {problem}", event=event_id, seq=e.seq,
                               problem=problem)) from None


def event_state(log: EventLogRepo) -> EventState:
    """The event as its log's actions make it (the store's error when the log is missing or broken)."""
    return state_of(log.event_id, log.actions())


class Session:
    """The log while its lock is held: its entries, the state they make, and the one way to add to them."""

    def __init__(self, log: EventLogRepo, held: EventSessionLike) -> None:
        self.log = log
        self.held = held
        self._state: EventState | None = None

    @property
    def entries(self) -> list[StoredEntry]:
        return self.held.entries

    @property
    def state(self) -> EventState:
        if self._state is None:
            self._state = state_of(self.log.event_id, actions_of(self.log.event_id, self.held.entries))
        return self._state

    def append(self, actions: Sequence[Action], referee: str | None = None) -> EventState:
        """Append *actions* in one atomic write (all or none) and return the state after them: replayed before
        anything is written, so an action that would not fit is refused with the log untouched."""
        event_id = self.log.event_id
        after = state_of(event_id, actions_of(event_id, self.held.entries) + list(actions))
        self.held.append(actions, referee)
        self._state = after
        return after


@contextlib.contextmanager
def event_session(log: EventLogRepo, *, create: bool = False) -> Iterator[Session]:
    """The log opened for appending, its lock held (the store's session); *create*: a new event (refused if it
    exists)."""
    with log.session(create=create) as held:
        yield Session(log, held)
