"""What ``referee verify`` finds in the events of a store, and the check every read of an event makes
against what its closes recorded.

An event is checked as a match is: its log's file, every entry, the chain and the head record
(:meth:`referee.store.eventlog.EventLog.read`), then its actions replayed into a state. Then what the
log says of the store's matches:

- each table of each round is a match in the store;
- each closed round's close recorded every match's head (its number of entries and the hash of its
  last): the match must still hold at least that many entries, and the entry at that count must carry
  that hash. A match with fewer, or another hash there, lost entries or was rewritten after the close,
  even when its head record and its ``meta`` table went too (``referee.store.closeheads``, also used by every
  event command that reads the results);
- a match named as a table of the event (``EVENT-R<round>-T<table>``, its header giving the event's
  name, that round and table) that the log does not list: with entries past those ``event pair``
  creates, its round was paired and played, so the log lost entries; with those only, a pairing was
  interrupted before its log entry (a note: pairing again takes it over).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from referee.core.i18n import M, Msg
from referee.core.names import shown
from referee.games.stored import game_of_events
from referee.results.eventstate import event_state, state_of
from referee.store.api import MatchStore
from referee.store.chain import StoredEntry
from referee.store.chain import entries as n_entries
from referee.store.closeheads import close_finding, hash_at, missing
from referee.store.eventlog import (
    HEADS_DIR,
    BrokenEventLog,
    EventLog,
    actions_of,
    chain_id,
    events_dir,
    list_events,
)
from referee.store.store import Store, StoreError, id_of_stem, parse_head
from referee.tournament.matchids import EVENT_MATCH
from referee.tournament.model import RoundStatus
from referee.tournament.state import EventState


class Finding(NamedTuple):
    """One thing broken, in the event it was found in (the file's name when its id cannot be read)."""

    event: str
    msg: Msg


class EventAudit(NamedTuple):
    events: int  # event logs checked
    entries: int  # their entries
    problems: list[Finding]
    notes: list[Msg]

    @property
    def failed(self) -> int:
        return len({p.event for p in self.problems})


def missing_matches(store: MatchStore) -> list[tuple[str, Msg]]:
    """(match id, finding) of every table of every readable event whose match is not in the store."""
    out: list[tuple[str, Msg]] = []
    for event_id in store.event_ids():
        try:
            state = event_state(store.event_log(event_id))
        except StoreError:
            continue  # a broken log: `verify` names it
        for rnd in state.rounds:
            close = state.closes.get(rnd.number)
            for t in rnd.tables:
                if not store.exists(t.match_id):
                    out.append((t.match_id, missing(event_id, rnd.number, t.match_id,
                                                    close.heads.get(t.match_id) if close else None)))
    return out


def audit_events(store: MatchStore, event_ids: Sequence[str] | None = None) -> EventAudit:
    """Check every event of the store (or those named): the log, its state, its rounds' matches; and, for
    the whole store, logs whose event cannot be read and head records whose log is gone (the files of a
    folder store: a database holds no stray file)."""
    problems: list[Finding] = []
    notes: list[Msg] = []
    root = store.root if isinstance(store, Store) else None
    strays: list[Finding] = []
    if event_ids is None:
        ids = store.event_ids()
        if root is not None:
            listed = list_events(root)
            named, strays = _unreadable(root, {p.name for _, p in listed})
            ids = sorted({*ids, *named})
    else:
        ids = list(event_ids)
    total = 0
    for event_id in ids:
        log = store.event_log(event_id)
        try:
            read = log.read()
            state = state_of(event_id, actions_of(event_id, read.entries))
        except BrokenEventLog as e:
            problems.append(Finding(event_id, e.msg))
            continue
        total += len(read.entries)
        if read.note is not None:
            notes.append(read.note)
        found, said = _matches(store, state)
        problems += [Finding(event_id, m) for m in found]
        notes += said
    checked = len(ids)
    if event_ids is None and root is not None:
        strays += _orphan_heads(root)
        problems += strays
        checked += len(strays)  # a log that cannot be read, or is gone, is still an event checked, and failed
    return EventAudit(checked, total, problems, notes)


def _entries(store: MatchStore, match_id: str) -> list[StoredEntry] | None:
    """The match's entries (None: not in the store); a file that cannot be read as entries is the match
    audit's to name, so it raises :class:`StoreError` for the caller to pass over."""
    if not store.exists(match_id):
        return None
    return store.entries(match_id)


def _matches(store: MatchStore, state: EventState) -> tuple[list[Msg], list[Msg]]:
    """(what is broken, what to say) between the event's log and the store's matches."""
    event_id = state.settings.id
    found: list[Msg] = []
    notes: list[Msg] = []
    listed: set[str] = set()
    for rnd in state.rounds:
        close = state.closes.get(rnd.number) if rnd.status is RoundStatus.closed else None
        for t in rnd.tables:
            listed.add(t.match_id)
            try:
                entries = _entries(store, t.match_id)
            except StoreError:
                continue  # its file is broken: the match's own finding says where
            head = close.heads.get(t.match_id) if close is not None else None
            if entries is None:
                found.append(missing(event_id, rnd.number, t.match_id, head))
            elif head is not None:
                problem = close_finding(event_id, rnd.number, t.match_id, head, len(entries),
                                        hash_at(entries, head.entries))
                if problem is not None:
                    found.append(problem)
    for mid in store.match_ids():
        m = EVENT_MATCH.fullmatch(mid)
        if m is None or m["event"] != event_id or mid in listed:
            continue
        try:
            events = store.events(mid)
        except StoreError:
            continue
        game = game_of_events(events)
        header = game.header(events[:1]) if game is not None else None
        if game is None or header is None or header.event != state.settings.name or header.round != m["round"] \
                or header.table != m["table"]:
            continue  # a match of that name, but not one this event paired
        if all(game.setup(ev) for ev in events):
            notes.append(M("event {event}: match {match} was created for round {round} but the log does not list it "
                           "(a pairing interrupted before its log entry; `referee event pair {event}` takes it over)",
                           event=event_id, match=mid, round=m["round"]))
        else:
            found.append(M("event {event}: match {match} was played as table {table} of round {round}, but the log "
                           "does not list that table: entries of the log were removed",
                           event=event_id, match=mid, table=m["table"], round=m["round"]))
    return found, notes


def _unreadable(root: Path, named: set[str]) -> tuple[list[str], list[Finding]]:
    """Files in events/ whose event cannot be read from them: (the events their names say, to be checked
    as logs; those whose name says none either)."""
    try:
        names = sorted(os.listdir(events_dir(root)))
    except (FileNotFoundError, NotADirectoryError):
        return [], []
    ids: list[str] = []
    found: list[Finding] = []
    for name in names:
        if not name.endswith(".json") or name.startswith(".") or name in named:
            continue
        event_id = id_of_stem(name[:-5])
        if event_id is not None and EventLog(root, event_id).path.name == name:
            ids.append(event_id)
        else:
            found.append(Finding(name, M("{file}: an event log whose event id cannot be read",
                                         file=str(events_dir(root) / shown(name, 60)))))
    return ids, found


def _orphan_heads(root: Path) -> list[Finding]:
    """Head records of entries whose event log is gone."""
    folder = events_dir(root) / HEADS_DIR
    try:
        names = sorted(os.listdir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return []
    out: list[Finding] = []
    for name in names:
        if not name.endswith(".json") or name.startswith(".") or (events_dir(root) / name).is_file():
            continue
        try:
            raw = (folder / name).read_bytes()
        except OSError:
            raw = b""
        event_id = _event_of_head(raw)
        head = parse_head(raw, chain_id(event_id)) if event_id is not None else None
        if event_id is None or isinstance(head, Msg) or head is None:
            out.append(Finding(name, M("{file}: a head record that cannot be read, and no event log beside it",
                                       file=str(folder / shown(name, 60)))))
        elif head.entries > 0:
            out.append(Finding(event_id, M("event {event}: its log {file} is missing (its head record says {head})",
                                           event=event_id, file=str(events_dir(root) / name),
                                           head=n_entries(head.entries))))
    return out


def _event_of_head(raw: bytes) -> str | None:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    cid = data.get("id") if isinstance(data, dict) else None
    if isinstance(cid, str) and cid.startswith("event:"):
        return cid[len("event:"):]
    return None
