"""Crash-safe files: an atomic TinyDB storage and the lock around it (against other processes and other threads).

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
from pathlib import Path
from typing import Any, ClassVar

from referee.core.i18n import M
from referee.core.safefile import TMP_SUFFIX, clean_temp, loads, read_regular, temp_prefix, write_bytes
from referee.store.errors import StoreBusy

# What TinyDB's storages read and write: table name → document id → document (JSON values).
Tables = dict[str, dict[str, Any]]

__all__ = ["TMP_SUFFIX", "AtomicJSONStorage", "clean_temp", "dumps", "lock", "temp_prefix"]

def dumps(data: object) -> bytes:
    # Indented: a person can read (and hand-edit, which verify must catch) the file.
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False).encode("utf-8")


class AtomicJSONStorage:
    """A TinyDB storage writing through :func:`referee.core.safefile.write_bytes`; the state is cached
    between calls.

    Use one instance per locked session: the cache is only valid while the file's lock is held.
    TinyDB takes any object with ``read``, ``write`` and ``close``; not deriving from its ``Storage``
    keeps TinyDB out of the imports of a command that only appends to a match file.
    """

    def __init__(self, path: str | os.PathLike[str], create: bool = True) -> None:
        self.path = Path(path)
        self.create = create
        self._cache: Tables | None = None
        self._loaded = False

    def read(self) -> Tables | None:
        """The file's state (None for an empty or missing file); its JSON as written, unchecked."""
        if not self._loaded:
            try:
                raw = read_regular(self.path)  # a FIFO or a device in its place: refused, never waited on
            except FileNotFoundError:
                raw = b""
            self._cache = loads(raw) if raw.strip() else None  # type: ignore[assignment]
            self._loaded = True
        return self._cache

    def write(self, data: Tables) -> None:
        if not self.create and not self.path.exists():
            raise FileNotFoundError(self.path)
        try:
            write_bytes(self.path, dumps(data))
        except BaseException:
            self._loaded = False  # TinyDB mutated the cached dict before writing: forget it
            raise
        self._cache = data
        self._loaded = True

    def close(self) -> None:
        """Nothing to release: every write is a whole file replaced."""


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
