"""The web's writes: the CLI's store path, with the seq the form was built on checked first.

Every entry goes through ``referee.app.recording.record`` (``officiate.correct`` inside
``referee.app.appending.guarded`` for undo and amend) — the match's cross-process lock, and a reason
required when the match's round is closed — exactly as ``referee record`` / ``undo`` / ``amend`` do. So a
CLI ``record`` and a phone's entry at the same moment both land in order, or one is refused; none is lost.

A form (or an API call) says which seq it was built on (``after``, the use case's ``expect_seq``); if the
match has moved on since, the write is refused (409, "the match moved on: reload") under the same lock,
so a double tap, or two phones sending the same directive, stores it once.

The server's threads need nothing of their own: the store's lock keeps out the other threads of a
process as well as the other processes (``referee.store.files``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.app import officiate, recording
from referee.app.appending import guarded
from referee.app.officiate import Outcome
from referee.core.errors import UsageError
from referee.core.i18n import M
from referee.core.names import check_text
from referee.games.api import AnyEvent as Event

if TYPE_CHECKING:
    from referee.store.api import MatchStore
    from referee.store.memo import Memo


def parse(store: MatchStore, match_id: str, text: str) -> Event:
    """The event a directive's text holds, read by the match's game (``Game.read``); a usage error (422) when it
    cannot be read."""
    from referee.web.data import match_game

    text = check_text(text, "directive").strip()
    reading = match_game(store, match_id).read(text)
    if reading.errors:
        raise UsageError(M("cannot read '{text}': {problem}", text=text, problem=reading.errors[0].msg))
    if not reading.events:
        raise UsageError(M("'{text}' holds no directive (empty or a comment)", text=text))
    return reading.events[0]


def answer(store: MatchStore, match_id: str, text: str, memo: Memo | None = None) -> Event:
    """The event a referee's answer in the entry field holds, read as the guided prompt reads it
    (``referee.app.answers``: a bare number is ``points N``, def/decl is ``last``, cards alone fill the
    one expected directive taking them) against where the match stands now; a usage error (422)
    when it cannot be read."""
    from referee.app.answers import read_answer

    text = check_text(text, "directive").strip()
    events, _ = (store if memo is None else memo).events_and_errors(match_id)
    event = read_answer(text, officiate.replay(events).state)
    if event is None:
        raise UsageError(M("'{text}' holds no directive (empty or a comment)", text=text))
    return event


def record(store: MatchStore, match_id: str, event: Event, referee: str, after: int | None = None,
           reason: str = "", memo: Memo | None = None) -> Outcome:
    """Store *event* as ``referee record`` does (``referee.app.recording.record``, *after* its
    ``expect_seq``; *memo* the server's memory of its matches), or raise (nothing stored)."""
    reason = check_text(reason, "reason").strip()
    return recording.record(store, match_id, [event], referee, reason, expect_seq=after, memo=memo).outcome()


def record_game(store: MatchStore, match_id: str, text: str, referee: str, after: int | None = None,
                reason: str = "") -> recording.GameRecorded:
    """Store a directive into a match of a game other than Gunzi as ``referee record`` does
    (``referee.app.recording.record_lines``, *after* its ``expect_seq``), or raise (nothing stored)."""
    text = check_text(text, "directive").strip()
    if not text:
        raise UsageError(M("'{text}' holds no directive (empty or a comment)", text=text))
    reason = check_text(reason, "reason").strip()
    return recording.record_lines(store, match_id, [text], referee, reason, expect_seq=after)


def correct_game(store: MatchStore, match_id: str, kind: str, referee: str, after: int | None = None,
                 seq: int | None = None, text: str = "", reason: str = "") -> recording.GameRecorded:
    """An undo, void or amend (*text*: the directive it puts in place) of a match of a game other than Gunzi, as
    ``referee undo`` / ``void`` / ``amend`` store them (``referee.app.recording.correct_lines``, never forced),
    *after* the seq the form was built on."""
    reason = check_text(reason, "reason").strip()
    directive = check_text(text, "directive").strip() if kind == "amend" else None
    if kind == "amend" and not directive:
        raise UsageError(M("'{text}' holds no directive (empty or a comment)", text=text))
    with guarded(store, match_id, reason):
        if after is not None:
            recording.expect(len(store.entries(match_id)), after)
        return recording.correct_lines(store, match_id, kind, seq, directive, reason, referee)


def correct(store: MatchStore, match_id: str, kind: str, referee: str, after: int | None = None, seq: int | None = None,
            event: Event | None = None, reason: str = "") -> Outcome:
    """An undo or an amend, as ``referee undo`` / ``amend`` store them (never forced)."""
    reason = check_text(reason, "reason").strip()
    with guarded(store, match_id, reason):
        if after is not None:
            recording.expect(len(store.entries(match_id)), after)
        return officiate.correct(store, match_id, kind, seq=seq, event=event, reason=reason, referee=referee)
