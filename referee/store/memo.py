"""What a long-running process (the venue server) keeps of the matches it writes: each match's file as last
checked, so that the next append need not read, parse and re-hash the whole chain again.

:class:`Memo` holds, per match, the bytes of its file as this process last saw them under the match's lock
(after the store's own session read and checked them whole: shape, chain, head record; or after its own
append) with the file's status then, the entries they hold and, computed once per version, their corrected view's
events. A session opened through it takes the match's lock and looks at the file (:meth:`Memo._same`: its inode,
size, modification and change times — the change time no process sets, any write moves it — and its last
:data:`~referee.store.store.PIN_TAIL` bytes, what a pin checks, one ``fstat`` and one read of its end whatever its
length): when it is the file known, the entries are those known (already checked) and only the small head record
is checked again; otherwise — another process wrote, a hand edit, a first use — it is the store's own session,
which reads and checks everything, and what it read is known from then on. An append seals the new entries to
the known head and appends their lines to the match's log (:func:`referee.store.files.append_bytes`: one write,
one fsync; byte for byte the lines the store's TinyDB storage appends: ``tests/test_store_memo.py`` holds them
equal), then the head record: durability as the store's.

Only the folder store is memoised; any other backend's sessions and reads pass straight through.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
import weakref
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.core import safefile
from referee.core.records import RecordError
from referee.games.api import Header
from referee.games.stored import game_of_events, header_of_events
from referee.store.chain import StoredEntry
from referee.store.errors import StoreError
from referee.store.files import append_bytes, entry_lines, is_log
from referee.store.folder import FolderStore
from referee.store.store import (
    PIN_TAIL,
    EntrySession,
    Head,
    NewEntry,
    corrected,
    head_bytes,
    head_finding,
    last_head,
    not_stored,
    parse_head,
    seal_all,
    to_events,
)

if TYPE_CHECKING:
    from pathlib import Path

    from referee.games.api import Replayer
    from referee.store.api import MatchSessionLike, MatchStore

MOST = 256  # matches remembered; beyond, the least recently written is forgotten


Sig = tuple[int, int, int, int]  # a file's inode, size, modification and change times (ns)


def sig_of(st: os.stat_result) -> Sig:
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


class Known(NamedTuple):
    raw: bytes  # the match file's bytes
    sig: Sig  # the file's status when it held them
    entries: list[StoredEntry]  # what they hold, checked
    events: tuple[list[Any], list[RecordError]] | None  # their corrected view's events (any game's), once asked
    fold: Replayer | None = None  # the game's engine state after those events, once a recording kept it
    path: Path | None = None  # where the file is (the store's name for it, looked up once)
    head: bytes | None = None  # the head record the store writes after these entries (head_bytes), once made
    header: Header | None = None  # the match's header in effect, once asked


class MemoSession(EntrySession):
    """A match opened for writing through the memo, its lock held, its entries those known."""

    def __init__(self, store: FolderStore, match_id: str, path: Path, known: Known) -> None:
        self.store, self.match_id, self.path = store, match_id, path
        self.entries = known.entries
        self.known = known
        self.before: Known | None = None  # what was known before this session's append
        self.failed = False  # an append was refused: what the file holds is read again

    def events(self) -> tuple[list[Any], list[RecordError]]:
        if self.known.events is None:
            self.known = self.known._replace(events=to_events(corrected(self.entries)))
        assert self.known.events is not None
        events, errors = self.known.events
        return list(events), list(errors)

    def append_many(self, items: Sequence[NewEntry], referee: str | None = None) -> list[StoredEntry]:
        """Append in one atomic write (all or none), then bring the head record up to date, as the store's
        session does; a write the system refuses is a :class:`StoreWriteError`: nothing was stored."""
        new = seal_all(self.match_id, self.entries, items, referee)
        lines = entry_lines(new)
        try:
            st = append_bytes(self.path, len(self.known.raw), lines)
        except BaseException as e:
            self.failed = True
            if isinstance(e, OSError):
                raise not_stored(e, self.path) from None
            raise
        raw = self.known.raw + lines
        entries = self.entries + new
        # no pin: this process knows the file without it; a session elsewhere checks the match whole once, and pins it
        self.store.put_head(self.match_id, self.path, len(entries), entries[-1]["hash"], pin=False)
        # the events are read again when asked (a game reads a line in the context of the match's others),
        # unless the recording says what they are (extend)
        self.before, self.entries = self.known, entries
        self.known = Known(raw, sig_of(st), entries, None, path=self.path,
                           head=head_bytes(self.match_id, len(entries), entries[-1]["hash"]),
                           header=self.known.header if all(e["kind"] == "event" for e in new) else None)
        return new

    def extend(self, events: Sequence[Any], fold: Replayer) -> None:
        """Know the events of the match after this session's append without reading them all again, and the
        engine's state after them (*fold*: the state before, extended by *events*, the events appended). Kept
        only when the entries appended read back as exactly *events* by the match's game; else the events are
        read again when asked, and the next recording replays."""
        before = self.before
        if before is None or before.events is None:
            return
        old, errors = before.events
        new = self.entries[len(before.entries):]
        game = game_of_events(old[:1])
        if game is None or any(e["kind"] != "event" for e in new):
            return
        reading = game.read_lines([(e["seq"], e["directive"]) for e in new])
        if reading.errors or list(reading.events) != list(events):
            return
        self.known = self.known._replace(events=(old + list(reading.events), errors), fold=fold)


def _ends_with_record(path: Path, record: bytes) -> bool:
    """Whether the head record file *path* is a regular file whose record in effect is *record*, seen from its end
    alone (one ``fstat`` and one read of ``len(record) + 2`` bytes): its last line after an append
    (``\n{record}\n``), or the whole file when written whole. False is no finding: the caller reads it whole."""
    try:  # never waiting on a FIFO nor reading through a link
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return False
        if st.st_size == len(record):
            return os.pread(fd, len(record), 0) == record
        line = b"\n" + record + b"\n"
        return st.st_size >= len(line) and os.pread(fd, len(line), st.st_size - len(line)) == line
    except OSError:
        return False
    finally:
        os.close(fd)


_memos: weakref.WeakKeyDictionary[FolderStore, Memo] = weakref.WeakKeyDictionary()


def memo_of(store: MatchStore) -> Memo | None:
    """The memo a process keeps of *store*'s matches (the latest made for it), if any: a reader handed the store
    alone (which game a match is) then reads what the memo knows instead of the whole file again."""
    return _memos.get(store) if isinstance(store, FolderStore) else None


class Memo:
    """A process's memory of the matches it writes (see the module); safe to share between threads."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self.folder: FolderStore | None = store if isinstance(store, FolderStore) else None
        self._known: dict[str, Known] = {}
        self._lock = threading.Lock()
        self.hits = 0  # sessions and reads answered from memory (for the tests)
        if self.folder is not None:
            _memos[self.folder] = self

    def _get(self, match_id: str) -> Known | None:
        with self._lock:
            return self._known.get(match_id)

    def _put(self, match_id: str, known: Known | None) -> None:
        with self._lock:
            self._known.pop(match_id, None)
            if known is not None:
                self._known[match_id] = known
                while len(self._known) > MOST:
                    del self._known[next(iter(self._known))]

    def _read(self, path: Path) -> tuple[bytes, Sig] | None:
        """The file's bytes and its status, when it did not change while read."""
        try:
            before = os.stat(path, follow_symlinks=False)
            raw = safefile.read_regular(path)
            sig = sig_of(os.stat(path, follow_symlinks=False))
        except (OSError, StoreError):
            return None
        return (raw, sig) if sig_of(before) == sig and len(raw) == sig[1] else None

    def _same(self, path: Path, known: Known) -> bool:
        """Whether the file *path* is still the one *known*: the same status (inode, size, modification and change
        times) and the same last :data:`PIN_TAIL` bytes, what a pin checks — not a read of the file whole."""
        try:  # never waiting on a FIFO nor reading through a link (the status then differs anyway)
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return False
        try:
            st = os.fstat(fd)
            if sig_of(st) != known.sig:
                return False
            tail = known.raw[-PIN_TAIL:]
            return os.pread(fd, len(tail), st.st_size - len(tail)) == tail
        except OSError:
            return False
        finally:
            os.close(fd)

    def _sound_head(self, folder: FolderStore, match_id: str, known: Known, record: bytes | None = None) -> bool:
        """Whether the head record agrees with the known entries (checked again: it is a file of its own): at once
        when the record in effect is, byte for byte, *record*, the one the store writes after them (what an append
        left: its last line; or the file written whole), seen by reading the file's end only."""
        entries = known.entries
        head_path = folder.heads_dir / (known.path or folder.path(match_id)).name
        if record is not None and _ends_with_record(head_path, record):
            return True
        try:
            head: Head | None = None
            raw = safefile.read_regular(head_path)
            if record is not None and last_head(raw) == record:
                return True
            found = parse_head(raw, match_id)
            if not isinstance(found, Head):
                return False
            head = found
        except FileNotFoundError:
            head = None
        except (OSError, StoreError):
            return False
        problem, _ = head_finding(match_id, entries, True, head, head_path)
        return problem is None

    @contextlib.contextmanager
    def session(self, match_id: str) -> Iterator[MatchSessionLike]:
        """The match opened for writing (its lock held): from memory when its file is as known, else the
        store's own session (everything read and checked), remembered for the next time."""
        folder = self.folder
        if folder is None:
            with self.store.session(match_id) as plain:
                yield plain
            return
        known = self._get(match_id)
        path = known.path if known is not None and known.path is not None else folder.path(match_id)
        if known is not None:
            if known.head is None and known.entries:  # the record the store writes after them, made once
                known = known._replace(head=head_bytes(match_id, len(known.entries), known.entries[-1]["hash"]))
            with folder.lock_match(match_id):
                if self._same(path, known) and self._sound_head(folder, match_id, known, known.head):
                    self.hits += 1
                    s = MemoSession(folder, match_id, path, known)
                    try:
                        yield s
                    finally:  # what the file holds now: the lock is held, so what the session wrote, unless refused
                        self._put(match_id, s.known if not s.failed else None)
                    return
            self._put(match_id, None)
        with folder.session(match_id) as checked:
            try:
                yield checked
            finally:
                found = self._read(path)  # under the lock still: the bytes the session's entries are
                raw = found[0] if found is not None else None
                sound = is_log(raw) and raw is not None and raw.endswith(b"\n") and bool(checked.entries)
                self._put(match_id, Known(raw, found[1], list(checked.entries), None, path=path)
                          if sound and raw and found is not None else None)

    def fold(self, session: MatchSessionLike) -> Replayer | None:
        """The engine's state after the events of a session opened here, when a recording kept it (else None:
        the caller replays)."""
        return session.known.fold if isinstance(session, MemoSession) else None

    def extend(self, session: MatchSessionLike, events: Sequence[Any], fold: Replayer) -> None:
        """After an append through *session*: its *events* and the engine's state after them (see
        :meth:`MemoSession.extend`); nothing for a session of the store's own."""
        if isinstance(session, MemoSession):
            session.extend(events, fold)

    def entries(self, match_id: str) -> list[StoredEntry]:
        """The match's entries: from memory when its file is as known, else as the store reads them."""
        known = self._known_now(match_id)
        return list(known.entries) if known is not None else self.store.entries(match_id)

    def events_and_errors(self, match_id: str) -> tuple[list[Any], list[RecordError]]:
        """The corrected view's events (line = seq) and the directives it cannot read, as the store gives them."""
        known = self._known_now(match_id)
        if known is None:
            return self.store.events_and_errors(match_id)
        return self._events(match_id, known)

    def _events(self, match_id: str, known: Known) -> tuple[list[Any], list[RecordError]]:
        if known.events is None:
            known = known._replace(events=to_events(corrected(known.entries)))
            with self._lock:
                if self._known.get(match_id) is not None and self._known[match_id].sig == known.sig:
                    self._known[match_id] = known
        assert known.events is not None
        return list(known.events[0]), list(known.events[1])

    def header(self, match_id: str) -> Header:
        """The match's header in effect, of whichever game (as ``store.header``)."""
        found = self.known_header(match_id)
        return found if found is not None else self.store.header(match_id)  # says there is none, in its words

    def known_header(self, match_id: str) -> Header | None:
        """The match's header in effect when its file is the one known (:meth:`_known_now`: so the match is
        there), from memory; None when it is not (the caller asks the store whether the match is there, and its
        header) or holds none. One look at the file answers both the token's scope's questions."""
        known = self._known_now(match_id)
        if known is None:
            return None
        if known.header is not None:  # found once per version of the file (an append keeps it: seq 1 stays)
            return known.header
        # the first event alone, not a copy of them all (asked once a request: the token's scope)
        found = header_of_events(known.events[0][:1] if known.events is not None else self._events(match_id, known)[0])
        if found is not None:
            with self._lock:
                if self._known.get(match_id) is known:
                    self._known[match_id] = known._replace(header=found)
        return found

    def _known_now(self, match_id: str) -> Known | None:
        """What is known of the match, if its file is still the one known (:meth:`_same`)."""
        folder = self.folder
        known = self._get(match_id)
        if folder is None or known is None or not self._same(known.path or folder.path(match_id), known):
            return None
        self.hits += 1
        return known
