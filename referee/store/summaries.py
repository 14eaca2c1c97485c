"""The summary cache: each match's ``MatchSummary`` kept with the chain head it was computed at.

Standings need a few numbers of every match of an event; replaying 350 matches of 30 hands takes
seconds, reading their summaries milliseconds. One file per event, ``summaries/<file_stem(id)>.json``,
holds for each of its matches the summary (``referee.summary``, stamped with the head's hash and its
number of entries), where the match stands (game, hand, started), the first and last entry times,
the entries that carry a reason (for "corrected after close"), and the match file's signature (size
and mtime). A summary is recomputed when its match's head has moved, i.e. when an entry, a
correction included, was appended.

Checking the head means reading the match file; the signature is the shortcut that avoids it. The
store replaces a match file on every append, and an append only ever adds entries: a larger file with
a new mtime. So an unchanged signature means an unchanged file (a copy of the store keeps both); a
changed one sends us to the file, whose head decides (its last entry's seal is checked; the whole
chain is ``referee verify``'s). The cache is only a cache: a missing, unreadable or older-version
file is recomputed, never an error, and it is written only when a command that needed it succeeds
(``save``), so a refused command leaves the store folder as it was.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from referee import __version__, safefile
from referee.events import Event
from referee.names import file_stem
from referee.store.chain import StoredEntry
from referee.store.files import lock
from referee.store.store import BrokenChain, Store
from referee.summary import MatchSummary, SummaryError, summarize

SUMMARIES_DIR = "summaries"
FORMAT = 1
Signature = tuple[int, int]


class Note(NamedTuple):
    """An entry with a reason or a correction: after a round's close it marks the round corrected."""

    seq: int
    kind: str
    reason: str


class Progress(NamedTuple):
    """Where a match stands, as ``event status`` shows it."""

    started: bool  # a hand was recorded
    game: int
    hand: int  # the hand in progress, or the next one
    in_hand: bool
    errors: int  # problems of the record by the rules (a forced correction can leave some)
    first_hand: str | None  # UTC time of the first `hand` entry
    last_entry: str  # UTC time of the last entry


class Cached(NamedTuple):
    summary: MatchSummary
    progress: Progress
    notes: tuple[Note, ...]


def _signature(path: Path) -> Signature:
    st = os.stat(path)
    return (st.st_size, st.st_mtime_ns)


class SummaryCache:
    """The cached summaries of one event's matches; :meth:`get` brings one up to date."""

    def __init__(self, store: Store, event_id: str) -> None:
        self.store = store
        self.path = store.root / SUMMARIES_DIR / (file_stem(event_id) + ".json")
        self.event_id = event_id
        self._rows: dict[str, dict[str, Any]] = self._load()
        self._dirty = False
        self.recomputed = 0  # matches replayed by this cache (for the bench and tests)

    def _load(self) -> dict[str, dict[str, Any]]:
        try:
            data = safefile.loads(safefile.read_regular(self.path))
        except (OSError, ValueError):  # missing, not a regular file, too large, not JSON, too deep: recomputed
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != __version__:
            return {}  # another version's engine may settle differently: recompute everything
        rows = data.get("matches")
        return rows if isinstance(rows, dict) else {}

    def get(self, match_id: str) -> Cached:
        """The match's summary at its current head (recomputed if the head moved)."""
        path = self.store.path(match_id)
        try:
            signature = _signature(path)
        except FileNotFoundError:
            self.store.entries(match_id)  # raises the store's "no match" error, naming the stored ones
            raise
        row = self._rows.get(match_id)
        cached = _read(row) if row is not None else None
        if cached is not None and row is not None and tuple(row.get("file") or ()) == signature:
            return cached
        entries = self.store.entries(match_id)
        _check_head(match_id, entries)
        head = entries[-1]["hash"] if entries else ""
        if cached is None or cached.summary.head != head or cached.summary.entries != len(entries):
            cached = compute(match_id, entries)
            self.recomputed += 1
        self._rows[match_id] = _row(cached, signature)
        self._dirty = True
        return cached

    def get_many(self, match_ids: Iterable[str]) -> dict[str, Cached]:
        return {mid: self.get(mid) for mid in match_ids}

    def save(self) -> None:
        """Write the cache if anything changed (under its lock; a killed writer's litter removed)."""
        if not self._dirty:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"format": FORMAT, "version": __version__, "event": self.event_id, "matches": self._rows}
        with lock(self.path):
            safefile.clean_temp(self.path)
            safefile.write_bytes(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
        self._dirty = False


def _check_head(match_id: str, entries: list[StoredEntry]) -> None:
    """The head the summary is stamped with must be a sound seal of the last entry, at its place.

    The whole chain is ``referee verify``'s to recompute (as for every reader of the store: replay,
    scorecard); hashing every entry of 350 matches would triple the cost of a cold cache."""
    from referee.i18n import M
    from referee.store import chain

    if not entries:
        return
    last = entries[-1]
    if last.get("seq") != len(entries):
        problem = chain.ChainProblem(match_id, len(entries), M("entry {i} carries seq {seq}: an entry was removed, "
                                                               "added or moved by hand", i=len(entries),
                                                               seq=repr(last.get("seq"))))
    elif chain.entry_hash(match_id, last) != last.get("hash"):
        problem = chain.ChainProblem(match_id, len(entries), M("its content does not match its hash (edited by hand)"))
    else:
        return
    raise BrokenChain(problem, M("{problem}; the event cannot use this match (run `referee verify`)"))


def _events(entries: list[StoredEntry]) -> list[Event]:
    """The corrected view as events, each distinct directive read once (a match repeats many lines)."""
    from referee.notation import NotationError, parse_line
    from referee.store.store import corrected

    seen: dict[str, Event | None] = {}
    out: list[Event] = []
    for seq, text in corrected(entries).items():
        if text not in seen:
            try:
                seen[text] = parse_line(text, line=seq)
            except NotationError:
                seen[text] = None  # the replay of the store's own reader reports it; a summary skips it
        ev = seen[text]
        if ev is not None:
            out.append(ev._replace(line=seq))
    return out


def compute(match_id: str, entries: list[StoredEntry]) -> Cached:
    """Replay the corrected view of *entries* and summarize it at their head."""
    from referee.store import officiate

    result = officiate.replay(_events(entries))
    head = entries[-1]["hash"] if entries else ""
    summary = summarize(result, head=head, entries=len(entries))
    if not summary.match_id:
        summary = summary._replace(match_id=match_id)
    first_hand = next((e.get("time") for e in entries if e.get("kind") == "event"
                       and str(e.get("directive") or "").split(None, 1)[:1] == ["hand"]), None)
    st = result.state
    progress = Progress(started=bool(result.hands) or st.in_hand or first_hand is not None, game=st.game,
                        hand=st.hand, in_hand=st.in_hand, errors=len(result.errors), first_hand=first_hand,
                        last_entry=str(entries[-1].get("time") or "") if entries else "")
    notes = tuple(Note(int(e["seq"]), str(e.get("kind")), str(e.get("reason") or "")) for e in entries
                  if e.get("kind") != "event" or e.get("reason"))
    return Cached(summary, progress, notes)


def _row(c: Cached, signature: Signature) -> dict[str, Any]:
    return {"summary": c.summary.to_dict(), "progress": list(c.progress), "notes": [list(n) for n in c.notes],
            "file": list(signature)}


def _read(row: dict[str, Any]) -> Cached | None:
    """A cached row, or None when it is not one this version wrote."""
    try:
        summary = MatchSummary.from_dict(row["summary"])
        p = row["progress"]
        progress = Progress(bool(p[0]), int(p[1]), int(p[2]), bool(p[3]), int(p[4]),
                            None if p[5] is None else str(p[5]), str(p[6]))
        notes = tuple(Note(int(n[0]), str(n[1]), str(n[2])) for n in row["notes"])
    except (SummaryError, KeyError, TypeError, ValueError, IndexError):
        return None
    return Cached(summary, progress, notes)
