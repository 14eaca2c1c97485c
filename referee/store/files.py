"""Crash-safe files: an atomic TinyDB storage and the cross-process lock around it.

TinyDB's own ``JSONStorage`` rewrites its file in place (seek 0, write, truncate): a crash half-way
leaves a torn file, and it has no locking. Every file of the store is written instead through the
project's one safe-write helper, :func:`referee.safefile.write_bytes`: the whole state goes to a
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
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from referee.safefile import TMP_SUFFIX, clean_temp, loads, read_regular, temp_prefix, write_bytes

if TYPE_CHECKING:
    from referee.store.store import StoreBusy

# What TinyDB's storages read and write: table name → document id → document (JSON values).
Tables = dict[str, dict[str, Any]]

__all__ = ["TMP_SUFFIX", "AtomicJSONStorage", "clean_temp", "dumps", "lock", "temp_prefix"]

def dumps(data: object) -> bytes:
    # Indented: a person can read (and hand-edit, which verify must catch) the file.
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False).encode("utf-8")


class AtomicJSONStorage:
    """A TinyDB storage writing through :func:`referee.safefile.write_bytes`; the state is cached
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
    """The cross-process lock guarding *path* (a ``.lock`` file beside it).

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


class _FlockLock:
    """An exclusive ``flock`` held for a ``with`` block; re-entrant within one process."""

    _held: ClassVar[dict[str, list[int]]] = {}  # lock path -> [fd, depth]

    def __init__(self, path: Path, timeout: float) -> None:
        self.path, self.timeout = str(path), timeout

    def __enter__(self) -> _FlockLock:
        import fcntl
        import time

        held = self._held.get(self.path)
        if held:
            held[1] += 1
            return self
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise _busy(self.path, self.timeout) from None
                time.sleep(0.005)
        self._held[self.path] = [fd, 1]
        return self

    def __exit__(self, *exc: object) -> None:
        import fcntl

        held = self._held[self.path]
        held[1] -= 1
        if held[1] == 0:
            del self._held[self.path]
            fcntl.flock(held[0], fcntl.LOCK_UN)
            os.close(held[0])


def _busy(path: str, timeout: float) -> StoreBusy:
    """The error of a lock that stayed held: nothing was written, and trying again may work."""
    from referee.i18n import M
    from referee.store.store import StoreBusy

    return StoreBusy(M("the store is busy: {path} stayed locked for {seconds:g} s; try again",
                       path=path, seconds=timeout))
