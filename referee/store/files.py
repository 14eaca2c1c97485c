"""Crash-safe files: an atomic TinyDB storage and the cross-process lock around it.

TinyDB's own ``JSONStorage`` rewrites its file in place (seek 0, write, truncate): a crash half-way
leaves a torn file, and it has no locking. :class:`AtomicJSONStorage` writes the whole state to a
temporary file in the same folder, fsyncs it, ``os.replace``s it over the old file (atomic on POSIX)
and fsyncs the folder, so after a crash or ``kill -9`` at any instant the file holds the previous
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

if TYPE_CHECKING:
    from referee.store.store import StoreBusy

# What TinyDB's storages read and write: table name → document id → document (JSON values).
Tables = dict[str, dict[str, Any]]

TMP_SUFFIX = ".tmp"


def temp_prefix(path: Path) -> str:
    return f".{path.name}."


def clean_temp(path: Path) -> list[str]:
    """Remove temporary files a killed writer of *path* left behind. Call with *path*'s lock held."""
    removed: list[str] = []
    prefix = temp_prefix(path)
    try:
        names = os.listdir(path.parent)
    except FileNotFoundError:
        return removed
    for name in names:
        if name.startswith(prefix) and name.endswith(TMP_SUFFIX):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path.parent / name)
                removed.append(name)
    return removed


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Replace *path* by *data*: old content or new content after any crash, never a mix."""
    tmp = path.parent / f"{temp_prefix(path)}{os.getpid()}{TMP_SUFFIX}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def dumps(data: object) -> bytes:
    # Indented: a person can read (and hand-edit, which verify must catch) the file.
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False).encode("utf-8")


class AtomicJSONStorage:
    """A TinyDB storage writing through :func:`atomic_write`; the state is cached between calls.

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
                raw = self.path.read_bytes()
            except FileNotFoundError:
                raw = b""
            self._cache = json.loads(raw) if raw.strip() else None
            self._loaded = True
        return self._cache

    def write(self, data: Tables) -> None:
        if not self.create and not self.path.exists():
            raise FileNotFoundError(self.path)
        try:
            atomic_write(self.path, dumps(data))
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
