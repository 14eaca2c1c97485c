"""The summary cache: each match's summary (its game's own) kept with the chain head it was computed at.

Standings need a few numbers of every match of an event; replaying 350 matches of 30 hands takes seconds,
reading their summaries milliseconds. One file per event, ``summaries/<file_stem(id)>.json`` (a TinyDB: a
``meta`` table with its format, version and event, and a ``matches`` table of rows), holds for each of its
matches the summary (the match's game's own, ``Game.summarize``, kept as ``Game.summary_data`` writes it,
stamped with the head's hash and its number of entries), where the match stands (timed unit, deal, started),
the first and last entry times and the entries that carry a reason (for "corrected after close"): a row of
JSON text and its seal.

**Keyed by the chain head.** A cached summary is used only when the head it is stamped with is the
match's current head: the entry count and last hash of its head record (``heads/``, a few bytes,
written by the store after every append), or of the match file itself where there is no head record
(a store older than head records). Any other row is recomputed from the match file: an append, a
correction, a replacement all move the head. The seal (a SHA-256 of the row's text, its match and
this version) catches a row edited by hand, as an entry's hash does in the chain: an edited cache can
neither change the standings nor let ``event close`` close a round whose match is unfinished. (Who
recomputes the seal as well forges the row, as who rewrites a chain forges the entries: recomputing
every summary, as ``verify`` may, is the check against that; :func:`stale` lists such rows.)

**Written by the store's writes and a command's reads, never by the web's.** The director's writes (pairing a
round, closing one), which need the summaries anyway, save it under its own lock (:meth:`SummaryCache.save`);
so do the reads of the command line (``event status``, ``standings``, ``export``, ``report``, ``league``,
``ratings``: ``eventresults.kept``), waiting a second at most for the lock, so that a store read once is read
from the cache after (a store of imported matches, which no director's write ever summarizes, included). Both
best effort: a cache that cannot be written (a read-only store, a full disk, a lock held too long) is no reason
to refuse a write that has been made, or to fail a read. The web's GETs compute what is missing in memory and
never write the file. Within one process (the web server), summaries computed at a head are also kept in
memory, keyed by the same head, so that a page polled every few seconds replays a match once per change. The
cache is only a cache: a missing, unreadable, edited or older-version file is recomputed, never an error, and
whoever fills it, a row is used only at its match's current head (and file signature), its seal intact.

**Read in bulk.** :meth:`SummaryCache.read_many` gives the summaries of many matches at once: those kept at their
heads, then the rest read, checked and replayed, shared out over the machine's cores in a command
(``referee.core.cores``: a cold read of an event is CPU-bound).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable
from pathlib import Path
from stat import S_ISREG
from typing import Any, NamedTuple, Protocol

from referee import __version__
from referee.core import safefile
from referee.core.cores import spread
from referee.core.digest import sha256
from referee.core.errors import UsageError
from referee.core.i18n import M
from referee.core.names import file_stem
from referee.store.chain import StoredEntry
from referee.store.files import Document, TinyDB, flush, lock, open_db
from referee.store.store import BrokenChain, Head, Store, StoreError, head_finding

SUMMARIES_DIR = "summaries"
FORMAT = 3  # 3: a TinyDB (2: the same rows in a JSON object of the project's; 1: keyed by the file's size and mtime)
META, ROWS = "meta", "matches"  # its tables: the format, version and event; a row per match
MEMO_SIZE = 4096  # summaries a process keeps in memory (a few KB each)


class Note(NamedTuple):
    """An entry with a reason or a correction: after a round's close it marks the round corrected."""

    seq: int
    kind: str
    reason: str


class Progress(NamedTuple):
    """Where a match stands, as ``event status`` shows it."""

    started: bool  # a deal (Gunzi's hand) was recorded
    game: int  # the timed unit in play (Gunzi's game; 1 where the match is timed whole: ``Game.where``)
    hand: int  # the deal in progress, or the next one
    in_hand: bool
    errors: int  # problems of the record by the rules (a forced correction can leave some)
    first_hand: str | None  # UTC time of the entry of the first deal's opening
    last_entry: str  # UTC time of the last entry


class RulesUsed(NamedTuple):
    """The rules a summary was computed under: the rule set's name, its content's pin, and whether the match's
    header pins it (then its head fixes the rules; else a rule file edited since makes the row stale)."""

    name: str
    pin: str
    pinned: bool


class Cached(NamedTuple):
    # the game's own summary (an ``api.Summary``): Any, so that a pair event's reader reads Gunzi's fields
    summary: Any
    progress: Progress
    notes: tuple[Note, ...]
    rules: RulesUsed = RulesUsed("", "", False)  # keyed on the rules too: a row of other rules is not reused
    game: str = ""  # the key of the match's game ("": the registry's default)

    @property
    def head(self) -> Head:
        """The chain head it was computed at."""
        return Head(self.summary.entries, self.summary.head)


class Summarizer(Protocol):
    """What a row of the cache says, and whether it still holds: the use cases' (``referee.results.summarize``:
    a match replayed and summarized by its game), handed to the cache, which keeps rows and knows no game."""

    def compute(self, match_id: str, entries: list[StoredEntry]) -> Cached:
        """The match's summary at the head of *entries* (the store's error when it cannot be summarized)."""
        ...

    def current(self, cached: Cached) -> bool:
        """Whether the match would be replayed under the rules it was summarized under now."""
        ...

    def summary_data(self, game: str, summary: Any) -> Any:
        """The summary as JSON data (its game's own layout)."""
        ...

    def summary_of_data(self, game: str, data: Any) -> Any:
        """The summary *data* gives back (a ``UsageError`` for a game this version does not know)."""
        ...


# The match file as it was when a summary was computed from it: its size and mtime. A file edited by
# hand in the middle keeps its head (entry count, last hash) but not its signature: the file is then
# read again and its whole chain checked (the reader's job: ``referee.results.eventresults.CheckedReads``).
Signature = tuple[int, int]

# Summaries computed in this process, by (store folder, match id): (summary, file signature). Only
# ever filled from a replay of the match file, so a row read from the cache file never lands here.
_memo: dict[tuple[str, str], tuple[Cached, Signature]] = {}
_memo_guard = threading.Lock()


def _remember(key: tuple[str, str], cached: Cached, sig: Signature) -> None:
    with _memo_guard:
        if len(_memo) >= MEMO_SIZE:
            _memo.clear()
        _memo[key] = (cached, sig)


def _recalled(key: tuple[str, str], head: Head, sig: Signature | None) -> Cached | None:
    with _memo_guard:
        found = _memo.get(key)
    return found[0] if found is not None and found[0].head == head and found[1] == sig else None


def signature(path: Path) -> Signature | None:
    """The file's size and mtime (None when it cannot be stat'ed: gone)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


def _row_signature(row: object) -> Signature | None:
    sig = row.get("sig") if isinstance(row, dict) else None
    if isinstance(sig, list) and len(sig) == 2 and all(type(v) is int for v in sig):
        return (sig[0], sig[1])
    return None


def forget() -> None:
    """Drop the summaries this process keeps in memory (for tests and benches of the cache file)."""
    with _memo_guard:
        _memo.clear()


class SummaryCache:
    """The cached summaries of one event's matches; :meth:`get` gives one at the match's current head."""

    def __init__(self, store: Store, event_id: str, summarizer: Summarizer) -> None:
        self.store = store
        self.summarizer = summarizer
        self.path = store.root / SUMMARIES_DIR / (file_stem(event_id) + ".json")
        self.event_id = event_id
        self._rows: dict[str, Any] = self._load()
        self._changed: set[str] = set()  # rows computed here, not yet saved
        self._root = str(store.root.absolute())
        self.recomputed = 0  # matches replayed by this cache (for the bench and tests)

    def _load(self, db: TinyDB | None = None) -> dict[str, Any]:
        """The cached rows by match id (each without its id); {} for a cache that is missing, unreadable, not
        TinyDB's layout or another format's or version's (another engine may settle differently)."""
        db = open_db(self.path) if db is None else db
        try:
            meta = db.table(META).get(doc_id=1)
            docs = db.table(ROWS).all()
        except (OSError, ValueError, RecursionError):  # missing, not a regular file, too large, not JSON, too deep
            return {}
        if meta != self._meta():
            return {}
        return {doc["id"]: {k: v for k, v in doc.items() if k != "id"} for doc in docs
                if isinstance(doc.get("id"), str)}

    def _meta(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": __version__, "event": self.event_id}

    def get(self, match_id: str) -> Cached:
        """The match's summary at its current head (recomputed when the cached one is not at it)."""
        sig = signature(self.store.path(match_id))
        head = self.store.head_record(match_id)  # None when the file is gone: its row is never used
        cached = self._at_head(match_id, head, sig)
        if cached is None:
            cached, new = self._fresh(match_id, head, sig)
            self._computed(match_id, cached, new, sig)
        return cached

    def _at_head(self, match_id: str, head: Head | None, sig: Signature | None) -> Cached | None:
        """The summary kept for the match (its row, else this process's memory) when it is at *head*, the head
        its head record holds, and was computed from the file as it is (*sig*); None otherwise."""
        if head is None:
            return None
        row = self._rows.get(match_id)
        cached = _read(row, match_id, self.summarizer) if row is not None else None
        if (cached is not None and cached.head == head and _row_signature(row) == sig
                and self.summarizer.current(cached)):
            return cached
        cached = _recalled((self._root, match_id), head, sig)
        if cached is not None and not self.summarizer.current(cached):  # computed under a rule file edited since
            cached = None
        if cached is not None:
            self._keep(match_id, cached, sig)
        return cached

    def _fresh(self, match_id: str, head: Head | None, sig: Signature | None) -> tuple[Cached, bool]:
        """The match's summary from its file, read and checked whole (chain, head record): the row or this
        process's memory where either is at the file's own head (a store without head records), else computed
        (then True). Raises the store's error saying why the match cannot be summarized."""
        found = self.store.read_match(match_id)  # raises the store's "no match" error, naming the stored ones
        entries = found.entries
        _check_head(match_id, entries)
        if head is not None:  # a file that does not carry its head record's head was cut or rewritten
            problem, _ = head_finding(match_id, entries, found.keeps_head, head, self.store.head_path(match_id))
            if problem is not None:
                raise BrokenChain(problem, M("{problem}; the event cannot use this match (run `referee verify`)"))
        now = Head(len(entries), entries[-1]["hash"] if entries else "")
        if head is None:  # no head record: the file's own last entry is the head
            row = self._rows.get(match_id)
            cached = _read(row, match_id, self.summarizer) if row is not None else None
            if (cached is not None and cached.head == now and _row_signature(row) == sig
                    and self.summarizer.current(cached)):
                return cached, False
        cached = _recalled((self._root, match_id), now, sig)
        if cached is not None and self.summarizer.current(cached):
            return cached, False
        return self.summarizer.compute(match_id, entries), True

    def _computed(self, match_id: str, cached: Cached, new: bool, sig: Signature | None) -> None:
        if new:
            self.recomputed += 1
            if sig is not None:
                _remember((self._root, match_id), cached, sig)
        self._keep(match_id, cached, sig)

    def _keep(self, match_id: str, cached: Cached, sig: Signature | None) -> None:
        row = _row(match_id, cached, self.summarizer)
        if sig is not None:
            row["sig"] = list(sig)
        self._rows[match_id] = row
        self._changed.add(match_id)

    def get_many(self, match_ids: Iterable[str]) -> dict[str, Cached]:
        return {mid: self.get(mid) for mid in match_ids}

    def read_many(self, match_ids: Iterable[str]) -> dict[str, Cached | StoreError | None]:
        """Each match's summary at its current head, or the store's error saying why it has none (None: no
        such match in the store): the kept ones first, then the rest read and replayed, shared out over the
        machine's cores where that pays (:func:`referee.core.cores.spread`; a command's read of a cold event)."""
        out: dict[str, Cached | StoreError | None] = {}
        todo: list[tuple[str, Head | None, Signature | None]] = []
        folder = self.store.matches_dir
        for mid in match_ids:
            path = folder / (file_stem(mid) + ".json")  # one look-up: Store.path's, but for a store's older names
            try:
                st = os.stat(path)
            except OSError:
                path = self.store.path(mid)
                try:
                    st = os.stat(path)
                except OSError:
                    st = None
            if st is None or not S_ISREG(st.st_mode):
                out[mid] = None
                continue
            sig: Signature | None = (st.st_size, st.st_mtime_ns)
            head = self.store.head_at(mid, path)
            cached = self._at_head(mid, head, sig)
            if cached is None:
                todo.append((mid, head, sig))
            out[mid] = cached
        for (mid, _, at), got in zip(todo, spread(self._fresh_or_error, todo), strict=True):
            if isinstance(got, StoreError):
                out[mid] = got
            else:
                self._computed(mid, got[0], got[1], at)
                out[mid] = got[0]
        return out

    def _fresh_or_error(self, job: tuple[str, Head | None, Signature | None]) -> tuple[Cached, bool] | StoreError:
        try:
            return self._fresh(*job)
        except StoreError as e:
            return e

    def save(self, wait: float = 30.0) -> bool:
        """Write the rows computed here into the cache file, under its lock (waiting *wait* seconds at most; a
        killed writer's litter removed, the rows another process saved for other matches kept). For the
        director's writes, and the reads of a command (not the web's: see the module). Best effort: False,
        nothing raised, when the file cannot be written (a read-only store, a full disk, a lock held too long).
        The file is written whole, its rows in one table: ten thousand rows are one write, not one each."""
        if not self._changed:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with lock(self.path, timeout=wait):
                safefile.clean_temp(self.path)
                rows = self._load()  # what is there now: other processes' rows for other matches are kept
                rows.update((mid, self._rows[mid]) for mid in self._changed)
                db = open_db(self.path, batch=True, compact=True, fresh=True)
                db.table(META).insert(Document(self._meta(), doc_id=1))
                db.table(ROWS).insert_multiple({"id": mid, **row} for mid, row in sorted(rows.items()))
                flush(db)
        except (OSError, StoreError):
            return False
        self._changed.clear()
        return True


def stale(store: Store, event_id: str, summarizer: Summarizer) -> list[str]:
    """The matches whose cached row is not what their records give at the row's head (a row edited and
    sealed again, or a cache of an engine that settles differently): for ``verify``. Rows at another
    head, or that fail their seal, are not listed: they are never used."""
    cache = SummaryCache(store, event_id, summarizer)
    out: list[str] = []
    for mid, row in sorted(cache._rows.items()):
        cached = _read(row, mid, summarizer)
        if cached is None:
            continue
        try:
            entries = store.entries(mid)
        except StoreError:
            continue
        if len(entries) < cached.summary.entries:
            continue
        at = entries[:cached.summary.entries]
        if not at or at[-1]["hash"] != cached.summary.head:
            continue
        if _row(mid, summarizer.compute(mid, at), summarizer) != {k: v for k, v in row.items() if k != "sig"}:
            out.append(mid)
    return out


def _check_head(match_id: str, entries: list[StoredEntry]) -> None:
    """The head the summary is stamped with must be a sound seal of the last entry, at its place.

    The whole chain is ``referee verify``'s to recompute (as for every reader of the store: replay,
    scorecard); hashing every entry of 350 matches would triple the cost of a cold cache."""
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


def _seal(match_id: str, text: str) -> str:
    """The SHA-256 of a row's text, its match and the version that computed it."""
    return sha256(f"{match_id}\n{__version__}\n{text}".encode()).hexdigest()


def _row(match_id: str, c: Cached, summarizer: Summarizer, mark: str | None = None) -> dict[str, Any]:
    """A row of the file: the summary, progress and notes as JSON text, and its seal; *mark*: the backend's
    mark of the entries it was computed from (PostgreSQL's), sealed with it."""
    body: dict[str, Any] = {"game": c.game, "summary": summarizer.summary_data(c.game, c.summary),
                            "progress": list(c.progress), "notes": [list(n) for n in c.notes], "rules": list(c.rules)}
    if mark is not None:
        body["mark"] = mark
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    return {"row": text, "seal": _seal(match_id, text)}


def _read(row: object, match_id: str, summarizer: Summarizer, mark: str | None = None) -> Cached | None:
    """A cached row, or None when it is not one this version wrote for *match_id*, as it wrote it (and, given
    *mark*, from entries of that mark)."""
    if not isinstance(row, dict):
        return None
    text = row.get("row")
    if not isinstance(text, str) or row.get("seal") != _seal(match_id, text):
        return None
    try:
        data = json.loads(text)
        if mark is not None and data.get("mark") != mark:
            return None
        game = str(data.get("game") or "")
        summary = summarizer.summary_of_data(game, data["summary"])
        p = data["progress"]
        progress = Progress(bool(p[0]), int(p[1]), int(p[2]), bool(p[3]), int(p[4]),
                            None if p[5] is None else str(p[5]), str(p[6]))
        notes = tuple(Note(int(n[0]), str(n[1]), str(n[2])) for n in data["notes"])
        r = data["rules"]  # a row written before pins has none: recomputed
        rules = RulesUsed(str(r[0]), str(r[1]), bool(r[2]))
    except (KeyError, TypeError, ValueError, IndexError, RecursionError, AttributeError, StoreError):
        return None
    except UsageError:  # a row of a game this version does not know
        return None
    return Cached(summary, progress, notes, rules, game)
