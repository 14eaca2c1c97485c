"""The layout of the folder store's files, apart from TinyDB: a TinyDB file's tables written as JSON (:func:`dumps`),
a match file kept as an append log (:data:`LOG`: its lines made, read, appended with one write and one fsync), and
the check that a file read is TinyDB's layout (:class:`Malformed`). ``referee.store.files`` gives all of it as ever;
its own module so that TinyDB's storage (``referee.store.atomicstorage``) and the files' opening and locks
(``referee.store.files``) both use it and a record's append loads no TinyDB."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from referee.core.safefile import loads

# What TinyDB's storages read and write: table name → document id → document (JSON values).
Tables = dict[str, dict[str, Any]]

__all__ = ["ENTRIES", "LOG", "TAIL", "Malformed", "Tables", "append_bytes", "check_layout", "doc_line", "dumps",
           "entry_line", "entry_lines", "is_log", "listed", "log_bytes", "log_end", "log_tables"]


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


def check_layout(data: object) -> Tables:
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
