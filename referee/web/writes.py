"""The web's writes: the CLI's store path, with the seq the form was built on checked first.

Every entry, of whichever game, goes through ``referee.app.recording.enter`` (``recording.correct_lines`` inside
``referee.app.appending.guarded`` for undo, void and amend) — the match's cross-process lock, and a reason
required when the match's round is closed — exactly as ``referee record`` / ``undo`` / ``amend`` do. So a
CLI ``record`` and a phone's entry at the same moment both land in order, or one is refused; none is lost.

A form (or an API call) says which seq it was built on (``after``, the use case's ``expect_seq``); if the
match has moved on since, the write is refused (409, "the match moved on: reload") under the same lock,
so a double tap, or two phones sending the same directive, stores it once.

A phone's queued entry (issue 32) names itself with a client id of its own making (``client``): the write is done
inside :func:`once`, under the match's lock, so that an entry already stored with that id (a resend after a lost
answer) is answered with the entry stored, never stored again; the first entry the write stores keeps the id
(``referee.store.chain.named``).

The server's threads need nothing of their own: the store's lock keeps out the other threads of a
process as well as the other processes (``referee.store.files``).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.app import recording
from referee.app.appending import guarded
from referee.core.errors import UsageError
from referee.core.i18n import M
from referee.core.names import check_text
from referee.store import chain

if TYPE_CHECKING:
    from referee.store.api import MatchStore
    from referee.store.chain import StoredEntry
    from referee.store.memo import Memo

CLIENT = re.compile(r"[A-Za-z0-9_-]{8,64}")  # a client id as a phone makes it (entry.js: 32 hex digits)


def client_of(value: object) -> str | None:
    """The client id a request names (None: none, an entry typed at a plain form); a usage error (422) naming the
    field when it is not one."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not CLIENT.fullmatch(value):
        from referee.web.errors import short

        shown = value if isinstance(value, str) else repr(value)
        raise UsageError(M("client: the id a phone gave its entry (8 to 64 letters, digits, - or _), not {value}",
                           value=short(shown)))
    return value


def by_client(store: MatchStore, match_id: str, client: str) -> StoredEntry | None:
    """The entry of the match a phone stored with *client* (None: none yet)."""
    return next((e for e in reversed(store.entries(match_id)) if e.get("client") == client), None)


@contextlib.contextmanager
def once(store: MatchStore, match_id: str, client: str | None,
         after: int | None = None) -> Iterator[StoredEntry | None]:
    """A phone's write, done once: under the match's lock, the entry already stored with *client* (the body does
    not write), else None and the first entry the body stores keeps *client*. *after*, when given, is checked here
    (for a write whose use case takes no ``expect_seq``: a confirmation, a dispute, a ruling), after the client id:
    a resend of an entry stored already is answered with it, not refused as made before it."""
    if client is None and after is None:
        yield None
        return
    with store.lock_match(match_id):
        found = by_client(store, match_id, client) if client is not None else None
        if found is not None:
            yield found
            return
        if after is not None:
            recording.expect(len(store.entries(match_id)), after)
        with chain.named(client):
            yield None


def entry_words(e: StoredEntry) -> str:
    """An entry as the entry page's log shows it: its kind (but an event's), its directive, what it corrects."""
    words = [e["kind"]] if e["kind"] != "event" else []
    words += [e["directive"]] if e["directive"] else []
    words += [f"→ #{e['target']}"] if e["target"] is not None else []
    return " ".join(words)


def in_its_place(store: MatchStore, match_id: str, after: int | None) -> StoredEntry | None:
    """The entry that took the place a refused resend expected (the one after #*after*), if any."""
    if after is None:
        return None
    entries = store.entries(match_id)
    return entries[after] if after < len(entries) else None


def enter(store: MatchStore, match_id: str, text: str, referee: str, after: int | None = None, reason: str = "",
          memo: Memo | None = None, answers: bool = False) -> recording.Recorded:
    """Store a directive typed into a match of any game as ``referee record`` does (``referee.app.recording.enter``,
    *after* its ``expect_seq``; *memo* the server's memory of its matches): read by the match's game, as the guided
    prompt reads an answer when *answers* (the entry page's field: ``app.answers``), or raise (nothing stored)."""
    text = check_text(text, "directive").strip()
    reason = check_text(reason, "reason").strip()
    read = recording.as_answer(text) if answers else recording.as_directive(text)
    return recording.enter(store, match_id, read, referee, reason, expect_seq=after, memo=memo)


def correct(store: MatchStore, match_id: str, kind: str, referee: str, after: int | None = None,
            seq: int | None = None, text: str = "", reason: str = "") -> recording.GameRecorded:
    """An undo, void or amend (*text*: the directive it puts in place) of a match of any game, as ``referee undo`` /
    ``void`` / ``amend`` store them (``referee.app.recording.correct_lines``, never forced), *after* the seq the form
    was built on; an amend's directive that the match's game cannot read is a usage error (422)."""
    reason = check_text(reason, "reason").strip()
    directive = check_text(text, "directive").strip() if kind == "amend" else None
    with guarded(store, match_id, reason):
        if after is not None:
            recording.expect(len(store.entries(match_id)), after)
        if directive is not None:  # said as a directive typed into the match is (422), before its correction
            recording.readable(store, match_id, directive)
        return recording.correct_lines(store, match_id, kind, seq, directive, reason, referee)
