"""What changed in a folder store since a cursor: :meth:`referee.store.store.Store.watch`, for the live pages.

The folder store has no push: :class:`FolderWatch` looks at the signatures (size, mtime, inode) of the
match files and of the event logs, and compares them with those the cursor holds. Every write of the store
changes its file's signature and its folder's mtime: a file replaced by rename (a new inode, a name changed in
the folder), or a match's log appended to (its size; the append stamps the folder's time,
:func:`referee.store.files.append_bytes`); a look whose folders did not change, and have not for a while, reuses
the files' signatures of the look before (one ``stat`` per folder, not one per match, while nothing is written).
A backend with push (PostgreSQL's LISTEN/NOTIFY) answers the same question from its notifications.

The cursor is opaque to the caller: here, the signatures as compact JSON. One it cannot read (another
backend's, a mangled one) counts as no cursor: everything is reported changed, never an error.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from referee.store.files import Malformed, listed, open_db

POLL = 0.05  # seconds between two looks while watch() waits for a change
SETTLE = 2.0  # seconds after which a folder's unchanged mtime means its files are unchanged

Signatures = dict[str, list[int]]  # file name → [size, mtime_ns, inode]


class Changes(NamedTuple):
    """What changed since a cursor (:meth:`referee.store.api.MatchStore.watch`)."""

    cursor: str  # opaque; pass it back to watch() to learn what changed after it
    matches: frozenset[str]  # match ids created/appended since the cursor (every id when cursor is None)
    events: frozenset[str]  # event (tournament) ids whose log changed since the cursor


def _folder_sig(folder: Path) -> list[int] | None:
    try:
        st = os.stat(folder)
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_ino]


def _settled(sig: list[int]) -> bool:
    """Whether a folder's mtime is old enough to stand for its content: the kernel stamps times from a
    coarse clock (a few ms), so two renames within one tick leave one mtime; a folder changed within the
    last :data:`SETTLE` seconds is listed afresh."""
    return time.time_ns() - sig[0] > SETTLE * 1e9


def _file_sigs(folder: Path) -> Signatures:
    """The signature of each ``*.json`` the store keeps in *folder* (its temporary files and locks left out)."""
    out: Signatures = {}
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return out
    for entry in entries:
        name = entry.name
        if name.endswith(".json") and not name.startswith("."):
            try:
                st = entry.stat()
            except OSError:  # replaced or removed between the listing and the look
                continue
            out[name] = [st.st_size, st.st_mtime_ns, st.st_ino]
    return out


def event_of_file(path: Path) -> str | None:
    """The event id an event log names (its file name may be a cut of it): its ``meta`` document's, read
    through TinyDB on the atomic storage, or a list-layout file's ``event`` (a log written before TinyDB's
    layout); None when the file cannot be read or names none."""
    try:
        doc = open_db(path, missing_ok=False).table("meta").get(doc_id=1)  # the table of referee.store.eventlog
        event = doc.get("event") if isinstance(doc, dict) else None
    except Malformed as e:
        old = listed(e)
        event = old.get("event") if old is not None else None
    except (OSError, ValueError):
        return None
    return event if isinstance(event, str) else None


class FolderWatch:
    """The watch of one store folder (safe to share between threads: each look is made under a lock)."""

    def __init__(self, matches: Path, events: Path, match_id: Callable[[str], str | None]) -> None:
        self.folders = {"m": matches, "e": events}
        self.match_id = match_id  # a match file's stem → its id (None: not a match file the store can name)
        self._last: dict[str, tuple[list[int] | None, Signatures]] = {}
        self._ids: dict[tuple[str, str, tuple[int, ...]], str | None] = {}
        self._lock = threading.Lock()

    def look(self) -> dict[str, Signatures]:
        """The signatures now, by folder ("m": matches, "e": events)."""
        out: dict[str, Signatures] = {}
        with self._lock:
            for key, folder in self.folders.items():
                sig = _folder_sig(folder)
                last = self._last.get(key)
                if last is not None and sig is not None and last[0] == sig and _settled(sig):
                    out[key] = last[1]
                    continue
                files = _file_sigs(folder)
                self._last[key] = (sig, files)
                out[key] = files
        return out

    def _id(self, key: str, name: str, sig: list[int]) -> str | None:
        found = (key, name, tuple(sig))
        if found not in self._ids:
            if len(self._ids) > 100_000:  # a long-running server's cache stays bounded
                self._ids.clear()
            stem = name[:-len(".json")]
            self._ids[found] = self.match_id(stem) if key == "m" else event_of_file(self.folders["e"] / name)
        return self._ids[found]

    def changes(self, before: dict[str, Signatures] | None, now: dict[str, Signatures]) -> tuple[set[str], set[str]]:
        out: dict[str, set[str]] = {"m": set(), "e": set()}
        for key, files in now.items():
            old = (before or {}).get(key, {})
            for name, sig in files.items():
                if before is None or old.get(name) != sig:
                    found = self._id(key, name, sig)
                    if found is not None:
                        out[key].add(found)
        return out["m"], out["e"]

    def watch(self, cursor: str | None, timeout: float = 0.0) -> Changes:
        """What changed since *cursor* (everything, for None), waiting up to *timeout* seconds for a change."""
        before = _decode(cursor)
        deadline = time.monotonic() + max(timeout, 0.0)
        while True:
            now = self.look()
            matches, events = self.changes(before, now)
            left = deadline - time.monotonic()
            if before is None or matches or events or left <= 0:
                return Changes(_encode(now), frozenset(matches), frozenset(events))
            time.sleep(min(POLL, left))


def _encode(sigs: dict[str, Signatures]) -> str:
    return json.dumps(sigs, separators=(",", ":"))


def _decode(cursor: str | None) -> dict[str, Signatures] | None:
    if cursor is None:
        return None
    try:
        data = json.loads(cursor)
    except ValueError:
        return None
    if not (isinstance(data, dict) and all(isinstance(v, dict) for v in data.values())):
        return None
    return data
