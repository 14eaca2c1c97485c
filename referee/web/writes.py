"""The web's writes: the CLI's store path, with the seq the form was built on checked first.

Every entry goes through ``referee.app.officiate.record`` (or ``correct`` for undo and amend)
inside ``referee.app.appending.guarded`` — the match's cross-process lock, and a reason required
when the match's round is closed — exactly as ``referee record`` / ``undo`` / ``amend`` do. So a CLI
``record`` and a phone's entry at the same moment both land in order, or one is refused; none is
lost.

Two things are added around it:

- the ``after`` check: a form (or an API call) says which seq it was built on; if the match has
  moved on since, the write is refused (409, "the match moved on: reload") under the same lock, so a
  double tap, or two phones sending the same directive, stores it once;
- a lock per match within this process: the store's file lock is re-entrant per *process* (so that
  its own helpers can nest), and would let two threads of one server in together; the server's
  threads therefore queue here before they take it.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from referee.app import officiate
from referee.app.appending import guarded
from referee.core.errors import UsageError
from referee.core.i18n import M
from referee.core.names import check_text
from referee.games.gunzi.notation import NotationError, parse_line
from referee.web.errors import MovedOn

if TYPE_CHECKING:
    from referee.app.officiate import Outcome
    from referee.games.gunzi.events import Event
    from referee.store.store import Store

_LOCKS: dict[tuple[str, str], threading.Lock] = {}
_GUARD = threading.Lock()


def match_lock(store: Store, match_id: str) -> threading.Lock:
    key = (str(store.root.resolve()), match_id)
    with _GUARD:
        found = _LOCKS.get(key)
        if found is None:
            found = _LOCKS[key] = threading.Lock()
        return found


def _check_after(store: Store, match_id: str, after: int | None) -> None:
    if after is None:
        return
    have = len(store.entries(match_id))
    if have != after:
        raise MovedOn(M("the match moved on: reload (entry #{have} is the latest; this was made after #{after})",
                        have=have, after=after))


def parse(text: str) -> Event:
    """The event a directive's text holds; a usage error (422) when it cannot be read."""

    text = check_text(text, "directive").strip()
    try:
        event = parse_line(text)
    except NotationError as e:
        raise UsageError(M("cannot read '{text}': {problem}", text=text, problem=e.msg)) from None
    if event is None:
        raise UsageError(M("'{text}' holds no directive (empty or a comment)", text=text))
    return event


def record(store: Store, match_id: str, event: Event, referee: str, after: int | None = None,
           reason: str = "") -> Outcome:
    """Store *event* as ``referee record`` does, or raise (nothing stored)."""

    reason = check_text(reason, "reason").strip()
    with match_lock(store, match_id), guarded(store, match_id, reason):
        _check_after(store, match_id, after)
        if reason:  # an entry into a closed round's match keeps its reason, as `record --reason` does
            from referee.app.appending import append_events
            from referee.app.officiate import Outcome

            done = append_events(store, match_id, [event], referee, reason)
            return Outcome(done.entries[-1], done.events[-1], done.before, done.after, [])
        return officiate.record(store, match_id, event, referee)


def correct(store: Store, match_id: str, kind: str, referee: str, after: int | None = None, seq: int | None = None,
            event: Event | None = None, reason: str = "") -> Outcome:
    """An undo or an amend, as ``referee undo`` / ``amend`` store them (never forced)."""

    reason = check_text(reason, "reason").strip()
    with match_lock(store, match_id), guarded(store, match_id, reason):
        _check_after(store, match_id, after)
        return officiate.correct(store, match_id, kind, seq=seq, event=event, reason=reason, referee=referee)
