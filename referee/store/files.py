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
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from referee.core.i18n import M
from referee.core.safefile import TMP_SUFFIX, clean_temp, temp_prefix
from referee.store.errors import StoreBusy
from referee.store.logfile import (  # the files' layout, given here as ever (referee.store.logfile)
    ENTRIES,
    LOG,
    TAIL,
    Malformed,
    Tables,
    append_bytes,
    doc_line,
    dumps,
    entry_line,
    entry_lines,
    is_log,
    listed,
    log_bytes,
    log_end,
    log_tables,
)

# TinyDB itself, and the atomic storage that is TinyDB's (``referee.store.atomicstorage``), load when a file is
# first opened as a TinyDB (:func:`open_db`) or when named: a record appends its entry's line to a pinned match file
# (``store.PinnedSession``) and needs neither (TinyDB's package is ~6.5M instructions of a command's start).
if TYPE_CHECKING:
    from tinydb import TinyDB
    from tinydb.table import Document

    from referee.store.atomicstorage import AtomicStorage, Writer
else:
    def __getattr__(name: str) -> Any:
        if name == "TinyDB":
            from tinydb import TinyDB as value
        elif name == "Document":
            from tinydb.table import Document as value
        elif name == "AtomicStorage":
            from referee.store.atomicstorage import AtomicStorage as value
        elif name == "Writer":
            from referee.store.atomicstorage import Writer as value
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        globals()[name] = value
        return value

__all__ = ["ENTRIES", "LOG", "TAIL", "TMP_SUFFIX", "AtomicStorage", "Document", "Malformed", "Tables", "TinyDB",
           "Writer", "append_bytes", "clean_temp", "doc_line", "dumps", "entry_line", "entry_lines", "flush", "is_log",
           "listed", "lock", "log_bytes", "log_end", "log_tables", "open_db", "storage_of", "temp_prefix"]


def open_db(path: str | os.PathLike[str], *, batch: bool = False, **storage: Any) -> TinyDB:
    """The TinyDB of *path* on the atomic storage (its keyword arguments: :class:`AtomicStorage`).

    *batch*: behind TinyDB's ``CachingMiddleware``, so the changes to several tables (a match's entries
    and its ``meta`` mark, an index's rows) reach the file in one atomic write, at :func:`flush`."""
    from tinydb import TinyDB

    from referee.store.atomicstorage import AtomicStorage

    if batch:
        from tinydb.middlewares import CachingMiddleware

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
    return cast("AtomicStorage", getattr(storage, "storage", storage))


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
