"""The atomic storage of TinyDB the folder store keeps its files on (:class:`AtomicStorage`), apart from
``referee.store.files`` so that TinyDB loads only when a file is opened as a TinyDB (``files.open_db``), never
for a record's append to a pinned match file."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tinydb.storages import Storage

from referee.core import safefile
from referee.core.safefile import loads, write_bytes
from referee.store.logfile import (
    LOG,
    Tables,
    append_bytes,
    check_layout,
    doc_line,
    dumps,
    is_log,
    log_bytes,
    log_end,
    log_tables,
)

__all__ = ["AtomicStorage", "Writer"]


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
            self._cache = None if data is None else check_layout(data)
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
