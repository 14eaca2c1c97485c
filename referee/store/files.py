"""Crash-safe files: an atomic TinyDB storage (a match file kept as an append log: :data:`LOG`) and the lock around it
(against other processes and other threads).

TinyDB's own ``JSONStorage`` rewrites its file in place (seek 0, write, truncate): a crash half-way
leaves a torn file, and it has no locking. Every file of the store is written instead through the
project's one safe-write helper, :func:`referee.core.safefile.write_bytes`: the whole state goes to a
temporary file in the same folder, fsynced, ``os.replace``d over the old file (atomic on POSIX)
and the folder fsynced, so after a crash or ``kill -9`` at any instant the file holds the previous
state or the new one. A temporary file left by a killed writer is removed the next time the file is
opened under its lock (:func:`clean_temp`), so no litter builds up.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.storages import Storage
from tinydb.table import Document

from referee.core import safefile
from referee.core.i18n import M
from referee.core.safefile import TMP_SUFFIX, clean_temp, loads, temp_prefix, write_bytes
from referee.store.errors import StoreBusy

# What TinyDB's storages read and write: table name → document id → document (JSON values).
Tables = dict[str, dict[str, Any]]

__all__ = ["LOG", "TMP_SUFFIX", "AtomicStorage", "Document", "Malformed", "TinyDB", "append_bytes", "clean_temp",
           "dumps", "entry_lines", "flush", "is_log", "listed", "lock", "log_end", "log_tables", "open_db",
           "storage_of", "temp_prefix"]

def dumps(data: object, compact: bool = False) -> bytes:
    """Indented: a person can read (and hand-edit, which verify must catch) the file; *compact* for a cache
    no one reads (the C encoder: ``indent`` forces the pure-Python one).

    TinyDB's layout whose documents hold no list or object (a match's entries, an event's log) is written by
    the C encoder too, each document on its own, into the very bytes ``json.dumps(indent=1)`` gives: the
    pure-Python encoder cost a 2,000-entry match ~15 ms a write, most of what made ``record`` grow with it."""
    if compact:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    flat = _flat_tables(data)
    if flat is None:
        return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False).encode("utf-8")
    return flat.encode("utf-8")


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _flat_tables(data: object) -> str | None:
    """``json.dumps(data, ensure_ascii=False, indent=1)`` of tables of flat documents (an object of objects of
    objects of JSON scalars), through the C encoder; None for anything else (the caller encodes it)."""
    if not isinstance(data, dict) or not data:
        return None
    from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]

    if c_make_encoder is None:  # pragma: no cover - CPython always has it
        return None
    # one C encoder for every document (JSONEncoder.encode makes one a call), its separators the indented form's
    whole = c_make_encoder(None, None, encode_basestring, None, ": ", ",\n   ", False, False, True)

    def encode(doc: dict[str, Any]) -> str:
        return "".join(whole(doc, 0))

    key = encode_basestring
    tables = []
    for name, table in data.items():
        if not isinstance(name, str) or not isinstance(table, dict):
            return None
        docs = []
        for doc_id, doc in table.items():
            if not isinstance(doc_id, str) or not isinstance(doc, dict) \
                    or not set(map(type, doc.values())) <= _SCALARS or not all(isinstance(k, str) for k in doc):
                return None
            text = encode(doc)  # {"a": 1,\n   "b": 2}: the separators are the indented form's
            docs.append(f"  {key(doc_id)}: " + ("{}" if not doc else "{\n   " + text[1:-1] + "\n  }"))
        body = "{}" if not docs else "{\n" + ",\n".join(docs) + "\n }"
        tables.append(f" {key(name)}: {body}")
    return "{\n" + ",\n".join(tables) + "\n}"


# How every match file written since head records were kept and before the append log ends (``dumps`` of its
# ``meta`` table): such a file is still read, and written again as a log by its next append.
TAIL = b'\n },\n "meta": {\n  "1": {\n   "heads": 1\n  }\n }\n}'

# The first line of a file kept as an append log (:class:`AtomicStorage` with ``log=True``: the folder store's
# match files). Each line after it holds one document of one table, ``{"table": {"id": {…}}}``, in the order they
# were written; a TinyDB insert appends its documents' lines (one write, one fsync), and only a change or removal
# of a document already written makes the storage write the file whole again (atomically, as every other file).
# A last line without its newline is what an append cut short by a crash left: not a document, and cut off by
# the next append (:func:`append_bytes`).
LOG = b'{"tinydb-log": 1}\n'
ENTRIES = "entries"  # the match file's table of entries (``store.TABLE``)
_LINE = json.JSONEncoder(ensure_ascii=False)  # one encoder for every line (json.dumps makes one a call)


def doc_line(table: str, doc_id: str, doc: Mapping[str, Any]) -> bytes:
    """One document's line of an append log (its newline included)."""
    return (_LINE.encode({table: {doc_id: doc}}) + "\n").encode("utf-8")


def entry_line(entry: Mapping[str, Any]) -> bytes:
    """One entry's line of a match file kept as a log, under its seq in the ``entries`` table."""
    return doc_line(ENTRIES, str(entry["seq"]), entry)


def entry_lines(entries: Sequence[Mapping[str, Any]]) -> bytes:
    return b"".join(entry_line(e) for e in entries)


def is_log(raw: bytes | None) -> bool:
    """Whether *raw* are the bytes of a file kept as an append log."""
    return raw is not None and raw.startswith(LOG)


def log_end(raw: bytes) -> int:
    """Where the complete lines of a log's bytes *raw* end (after its last newline): bytes beyond are a torn line."""
    return raw.rfind(b"\n") + 1


def log_tables(raw: bytes) -> Tables:
    """The tables of a log's bytes *raw* (its complete lines; a torn last line is no document). ``ValueError``
    naming the line when one is not JSON or not one table's documents, or holds a document written already."""
    body = raw[len(LOG):log_end(raw)]
    tables: Tables = {}
    if not body:
        return tables
    try:  # the lines as one JSON array: one decode, whatever the length
        fragments = loads(b"[" + body[:-1].replace(b"\n", b",") + b"]")
    except ValueError:
        fragments = None
    lines = body[:-1].split(b"\n")
    if not isinstance(fragments, list) or len(fragments) != len(lines):
        for i, line in enumerate(lines, start=2):  # which line: the message names it
            try:
                loads(line)
            except ValueError as e:
                raise ValueError(f"line {i}: {e}") from None
        raise ValueError("a line that is not one JSON value")
    for i, fragment in enumerate(fragments, start=2):
        if not (isinstance(fragment, dict) and len(fragment) == 1):
            raise ValueError(f"line {i}: not one table's documents")
        ((name, docs),) = fragment.items()
        if not isinstance(docs, dict):
            raise ValueError(f"line {i}: not one table's documents")
        table = tables.setdefault(name, {})
        for key, doc in docs.items():
            if key in table:
                raise ValueError(f"line {i}: a second document {key} in table {name}")
            table[key] = doc
    return tables


def log_bytes(data: Tables) -> bytes:
    """The whole file of an append log holding *data* (its tables in order, each document on its line)."""
    return LOG + b"".join(doc_line(name, key, doc) for name, table in data.items() for key, doc in table.items())


def append_bytes(path: Path, at: int, data: bytes) -> os.stat_result:
    """Append *data* to the log *path* whose complete lines end at *at* (anything after — a torn line — cut off
    first): one write and one fsync, no temporary file, no rename. A failure cuts the file back to *at* as far
    as the system lets it (what is left of a cut-short write is a torn line: no document) and raises the
    ``OSError``. Returns the file's status once written (its size, time and inode: what a pin keeps).

    The folder's time is then stamped (``utime``: no rename, no fsync): an append changes no name in it, and a
    watch (:mod:`referee.store.watching`) takes a settled folder's unchanged time for its files' unchanged."""
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        try:
            if os.fstat(fd).st_size != at:
                os.ftruncate(fd, at)
            view, offset = memoryview(data), at
            while view:
                n = os.pwrite(fd, view, offset)
                view, offset = view[n:], offset + n
            os.fsync(fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, at)
            raise
        st = os.fstat(fd)
    finally:
        os.close(fd)
    with contextlib.suppress(OSError):  # only the watch's hint: the entry is stored already
        os.utime(path.parent)
    return st


class Malformed(ValueError):
    """A file that is JSON but not TinyDB's layout (an object of tables, each an object of documents by
    their whole-number ids): *table* and *position* (1-based, in the file's order) say where, *key* and
    *value* what is there; both None when the whole file is not an object of tables."""

    def __init__(self, table: str | None = None, position: int | None = None, key: str = "",
                 value: object = None, data: object = None) -> None:
        super().__init__(f"not TinyDB's layout (table {table!r}, document {position})")
        self.table, self.position, self.key, self.value = table, position, key, value
        self.data = data  # the whole file as read: a file of an older layout is read from it (see listed)


def listed(error: Malformed) -> dict[str, Any] | None:
    """The file of *error* when it is in the list layout the store wrote before TinyDB's (a JSON object with
    a ``format`` or a list of documents among its values: ``{"format": 1, "entries": [{…}, …], …}``), None
    otherwise (TinyDB's layout, damaged). Such a file is only ever read: its next write writes TinyDB's."""
    data = error.data
    if isinstance(data, dict) and ("format" in data or any(isinstance(v, list) for v in data.values())):
        return data
    return None


def _check_layout(data: object) -> Tables:
    """*data* when it is TinyDB's layout, else :class:`Malformed` naming the first thing out of it."""
    if not isinstance(data, dict):
        raise Malformed(data=data)
    for name, table in data.items():
        if not isinstance(table, dict):
            raise Malformed(name, data=data)
        for i, (key, doc) in enumerate(table.items(), start=1):
            if not isinstance(doc, dict) or not (key.isdigit() and key.isascii() and str(int(key)) == key):
                raise Malformed(name, i, key, doc, data)
    return data


Writer = Callable[[Path, bytes], None]


class AtomicStorage(Storage):
    """TinyDB's storage of every file the folder store keeps: read once and checked for TinyDB's layout
    (:class:`Malformed` otherwise), written whole through :func:`referee.core.safefile.write_bytes`
    (a temporary file with a unique name, fsynced, renamed over the old one, the folder fsynced) — or, for a
    file kept as an append log (:data:`LOG`: *log*, or a file read as one), by appending the lines of the
    documents TinyDB added (:func:`append_bytes`: one write, one fsync), written whole only when a document
    already in the file was changed or removed, or the file was of the one-document layout (so migrated).

    One instance per locked session: the state read is kept until the session ends (no second read of
    the file between TinyDB's read and write of one operation). *fresh*: start from no tables whatever
    the file holds (a file about to be replaced whole); *mode*, *sync_folder* and *before_replace* go to
    ``write_bytes``; *writer* writes the bytes another way (a new file linked, never replacing one);
    *missing_ok*: a missing file reads as an empty one (else ``FileNotFoundError``); *compact*: JSON without
    indentation (a cache); *log*: a file written whole is written as an append log."""

    def __init__(self, path: str | os.PathLike[str], *, fresh: bool = False, mode: int = 0o644,
                 sync_folder: bool = True, before_replace: Callable[[], None] | None = None,
                 writer: Writer | None = None, missing_ok: bool = True, compact: bool = False,
                 log: bool = False) -> None:
        self.path = Path(path)
        self.compact = compact
        self.missing_ok = missing_ok
        self.mode, self.sync_folder, self.before_replace, self.writer = mode, sync_folder, before_replace, writer
        self.log = log
        self.blank = fresh  # the file holds nothing (empty or only white space), or is ignored
        self._cache: Tables | None = None
        self._loaded = fresh
        self.raw: bytes | None = None  # the bytes the tables were read from (None: not read, or written since)

    def read(self) -> Tables | None:
        """The file's tables (None for a missing or blank file); ``ValueError`` when it is not JSON,
        :class:`Malformed` when it is not TinyDB's layout; a file that is not a regular file or is too
        large is :class:`referee.core.safefile.Refused`, never waited on or read whole."""
        if not self._loaded:
            try:
                raw = safefile.read_regular(self.path)  # one look-up a read: a test counts the reads
            except FileNotFoundError:
                if not self.missing_ok:
                    raise
                raw = b""
            self.blank = not raw.strip()
            if is_log(raw):
                data: object = log_tables(raw)
                self.blank = not data
            else:
                data = None if self.blank else loads(raw)
            self._cache = None if data is None else _check_layout(data)
            self._loaded = True
            self.raw = raw
        return self._cache

    def write(self, data: Tables) -> None:
        raw = self.raw
        if is_log(raw):  # what TinyDB added, appended; anything else written whole
            assert raw is not None
            at = log_end(raw)
            lines = [doc_line(name, key, doc) for name, table in data.items() for key, doc in table.items()]
            kept = set(raw[len(LOG):at].splitlines(keepends=True))
            new = [line for line in lines if line not in kept]
            if len(lines) - len(new) == len(kept) and len(kept) == raw.count(b"\n", len(LOG), at):
                self._append(at, b"".join(new))
            else:
                self._write(log_bytes(data))
        else:
            self._write(log_bytes(data) if self.log or is_log(raw) else dumps(data, self.compact))
        self._cache, self._loaded, self.blank = data, True, False

    def _append(self, at: int, data: bytes) -> None:
        assert self.raw is not None
        raw = self.raw
        self.raw = None
        try:
            append_bytes(self.path, at, data)
        except BaseException:
            self._loaded = False  # TinyDB changed the state it read before writing it: read it again
            raise
        self.raw = raw[:at] + data

    def append_raw(self, at: int, data: bytes) -> None:
        """Append *data*, lines the caller made (a match's entries: see :func:`entry_lines`), to the log read, whose
        complete lines end at *at*; what TinyDB holds is then read from the file again if asked for."""
        self._append(at, data)
        self._cache, self._loaded, self.raw = None, False, None

    def _write(self, raw: bytes) -> None:
        self.raw = None
        try:
            if self.writer is not None:
                self.writer(self.path, raw)
            else:
                write_bytes(self.path, raw, self.mode, before_replace=self.before_replace,
                            sync_folder=self.sync_folder)
        except BaseException:
            self._loaded = False  # TinyDB changed the state it read before writing it: read it again
            raise
        self.raw = raw

    def close(self) -> None:
        """Nothing to release: every write is a whole file replaced or lines appended."""


def open_db(path: str | os.PathLike[str], *, batch: bool = False, **storage: Any) -> TinyDB:
    """The TinyDB of *path* on the atomic storage (its keyword arguments: :class:`AtomicStorage`).

    *batch*: behind TinyDB's ``CachingMiddleware``, so the changes to several tables (a match's entries
    and its ``meta`` mark, an index's rows) reach the file in one atomic write, at :func:`flush`."""
    if batch:
        middleware = CachingMiddleware(AtomicStorage)  # type: ignore[no-untyped-call]
        middleware.WRITE_CACHE_SIZE = 1 << 30  # written at flush only
        return TinyDB(path, storage=middleware, **storage)
    return TinyDB(path, storage=AtomicStorage, **storage)


def flush(db: TinyDB) -> None:
    """Write what a batched TinyDB (:func:`open_db`) holds, in one atomic write."""
    db.storage.flush()  # type: ignore[attr-defined]


def storage_of(db: TinyDB) -> AtomicStorage:
    """The atomic storage under *db* (behind its caching middleware, if batched)."""
    storage = db.storage
    return cast(AtomicStorage, getattr(storage, "storage", storage))


def lock(path: Path, timeout: float = 30.0) -> contextlib.AbstractContextManager[object]:
    """The lock guarding *path* (a ``.lock`` file beside it) against other processes and the other
    threads of this one; re-entrant in the thread that holds it.

    On POSIX this is ``fcntl.flock`` on the lock file: the kernel drops it when the process dies,
    even by SIGKILL, and it costs nothing to import. Elsewhere (Windows) the ``filelock`` package
    does the same job; importing it costs ~20 ms, which matters because every ``referee record``
    is a fresh process with a 120 ms budget.
    """
    lock_path = path.with_suffix(".lock")
    if sys.platform == "win32":  # pragma: no cover - no fcntl; filelock is installed there only
        from filelock import FileLock

        return FileLock(str(lock_path), timeout=timeout)
    return _FlockLock(lock_path, timeout)


class _PathLock:
    """What one process knows of one lock file: the threads' lock, and the ``flock`` while held."""

    __slots__ = ("depth", "fd", "rlock")

    def __init__(self) -> None:
        self.rlock = threading.RLock()
        self.depth = 0  # how deep the thread holding rlock has nested (0: nobody holds it)
        self.fd = -1  # the lock file's descriptor, flocked, while depth > 0


class _FlockLock:
    """An exclusive lock on one path for a ``with`` block: against every other process *and* every
    other thread of this one; re-entrant within one thread only.

    ``flock`` locks belong to an open file description, not to a thread: a second ``flock`` on the
    same descriptor from another thread succeeds at once, so it cannot keep a process's threads
    apart (the web server runs store calls on a thread pool). So each lock path has, process-wide,
    a ``threading.RLock`` taken *first*: threads of this process queue on it (woken in turn, no
    polling), the thread holding it may nest. The one that holds it takes the ``flock`` when it
    enters the outermost level and releases it when it leaves that level, so the process holds the
    ``flock`` exactly while one of its threads holds the path, and only one thread of a process
    ever polls for it against other processes.

    The other design, a descriptor per thread (``flock`` conflicts between two open file
    descriptions even in one process), was not chosen: every waiting thread would poll the file
    every few milliseconds, in no order, and each holder would need its own open file; the
    ``RLock`` gives threads a queue and keeps one descriptor a path.

    The per-path entries stay for the life of the process (a small object per match file locked).
    The timeout covers both waits: for the other threads, then for the other processes.
    """

    _paths: ClassVar[dict[str, _PathLock]] = {}
    _guard: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, path: Path, timeout: float) -> None:
        self.path, self.timeout = str(path), timeout
        key = os.path.abspath(self.path)  # one entry whatever the spelling of the same path
        with self._guard:
            held = self._paths.get(key)
            if held is None:
                held = self._paths[key] = _PathLock()
        self._held = held

    def __enter__(self) -> _FlockLock:
        import time

        held = self._held
        deadline = time.monotonic() + self.timeout
        if not held.rlock.acquire(timeout=max(self.timeout, 0.0)):
            raise _busy(self.path, self.timeout)
        if held.depth:
            held.depth += 1  # this thread holds it already: the flock is ours
            return self
        try:
            held.fd = _flock(self.path, deadline, self.timeout)
        except BaseException:
            held.rlock.release()
            raise
        held.depth = 1
        return self

    def __exit__(self, *exc: object) -> None:
        import fcntl

        held = self._held
        held.depth -= 1
        try:
            if held.depth == 0:
                fd, held.fd = held.fd, -1
                try:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                finally:
                    os.close(fd)
        finally:
            held.rlock.release()


def _forget_in_child() -> None:
    """A forked child starts with no lock held: the table it inherits describes the parent's threads
    (its own thread may carry the id of the one that held a path). The descriptors it inherits keep
    the parent's ``flock``, so the child's own ``flock`` on a new descriptor waits for the parent."""
    _FlockLock._paths = {}
    _FlockLock._guard = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def _flock(path: str, deadline: float, timeout: float) -> int:
    """The lock file *path* opened and flocked exclusively, waiting until *deadline* at most."""
    import fcntl
    import time

    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise _busy(path, timeout) from None
            time.sleep(0.005)
        except BaseException:
            os.close(fd)
            raise


def _busy(path: str, timeout: float) -> StoreBusy:
    """The error of a lock that stayed held: nothing was written, and trying again may work."""
    return StoreBusy(M("the store is busy: {path} stayed locked for {seconds:g} s; try again",
                       path=path, seconds=timeout))
