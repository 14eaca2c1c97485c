"""Creating a round's matches at once: every file written, then all made durable by one sync.

``Store.create`` makes one match safe at a time: it takes the match's lock, fsyncs its file, renames
it and fsyncs the folder: two flushes to disk per match, a second or more for the 100 tables of a big
round. Here each new match file is written by TinyDB (``referee.store.store.write_match``, the entries sealed by
``referee.store.chain``) through the atomic storage, whose writer puts it in a temporary file and *links* it
to its name: a
hard link never replaces a file, so a match another process stored under that id in the meantime is
refused, not overwritten, and no lock is needed for a file that did not exist (its lock file is made
beside it, as ``Store.create`` leaves one). Then one ``os.sync`` (where the platform has it; an fsync
of each file where not) and one fsync of the folder make them durable together, before the caller
records the round in the event's log. A crash before that leaves new match files that the log does not
list: pairing the round again takes them over when they hold exactly what it would create.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path

from referee.core.i18n import M
from referee.core.safefile import TMP_SUFFIX, fsync_dir, open_temp, temp_prefix, write_fd
from referee.games import stored
from referee.games.api import AnyEvent as Event
from referee.games.api import Header
from referee.store import chain, pinning
from referee.store.store import DuplicateMatch, Store, StoreError, head_bytes, seal_all, write_match


def create_matches(store: Store, matches: Sequence[Sequence[Event]], referee: str | None = None) -> None:
    """Store new matches (each its events, the header first) and index them; refused whole, nothing
    left written, if one of their ids is already stored.

    As ``Store.create`` does for one match, each head record is set to no entries and made durable
    before its match file exists, and brought up to date only once the files are durable: a crash at
    any point leaves heads behind their files, never a file whose head is missing."""
    headers: list[Header] = []
    lines: list[list[str]] = []
    for events in matches:
        game = stored.game_of_events(events) if events else None
        header = game.header(events[:1]) if game is not None else None
        if game is None or header is None or not header.id:
            raise StoreError(M("a match must begin with its `match` header"))
        headers.append(header)
        lines.append(stored.lines_of(game, pinning.pin_events(store, events)))
    store.matches_dir.mkdir(parents=True, exist_ok=True)
    store.heads_dir.mkdir(parents=True, exist_ok=True)
    _clean_temp(store.matches_dir, [store.path(h.id) for h in headers])
    sealed = [seal_all(h.id, [], [{"kind": "event", "directive": line} for line in text], referee)
              for h, text in zip(headers, lines, strict=True)]
    written: list[Path] = []
    heads: list[Path] = []
    try:
        for h in headers:
            head = store._head_of(store.path(h.id))
            if not head.exists():
                _write_head(head, h.id, 0, chain.GENESIS)
                heads.append(head)
        _sync(heads)
        for h, entries in zip(headers, sealed, strict=True):
            path = store.path(h.id)
            try:
                write_match(path, entries, writer=_linked)
            except _Taken:
                raise DuplicateMatch(M("match '{match}' is already in the store at {root} (use --replace to "
                                       "overwrite it; the old one is kept in replaced/)", match=h.id,
                                       root=store.root)) from None
            written.append(path)
            _touch(path.with_suffix(".lock"))  # as Store.create leaves it: a later refusal then adds no file
        _sync(written)
    except BaseException:
        for path in written + heads:  # all or none: a failure half-way leaves no match of the round
            with contextlib.suppress(OSError):
                os.unlink(path)
        raise
    for h, entries in zip(headers, sealed, strict=True):  # behind is allowed: no sync needed
        store.put_head(h.id, store.path(h.id), len(entries), entries[-1]["hash"])
    store._index_put(*headers)


def _write_head(path: Path, match_id: str, entries: int, digest: str) -> None:
    if not _write_new(path, head_bytes(match_id, entries, digest)):  # pragma: no cover - a racing writer
        raise DuplicateMatch(M("match '{match}' is already in the store", match=match_id))


def _clean_temp(folder: Path, paths: Sequence[Path]) -> None:
    """Remove the temporary files killed writers of *paths* left (one listing of the folder for all)."""
    prefixes = tuple(temp_prefix(p) for p in paths)
    for name in os.listdir(folder):
        if name.endswith(TMP_SUFFIX) and name.startswith(prefixes):
            with contextlib.suppress(OSError):
                os.unlink(folder / name)


class _Taken(Exception):
    """A file already stands under the name a new match file was to take."""


def _linked(path: Path, data: bytes) -> None:
    """The atomic storage's writer of a new match file (TinyDB's bytes): linked to its name, or
    :class:`_Taken`; durable only at the round's one sync."""
    if not _write_new(path, data):
        raise _Taken(path)


def _write_new(path: Path, data: bytes) -> bool:
    """Write *path* if it does not exist (False if it does), never a half-written file under its name."""
    fd, tmp = open_temp(path)
    try:
        try:
            write_fd(fd, data)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False
        except OSError:  # pragma: no cover - a file system without hard links: check, then rename
            if path.exists():
                return False
            os.replace(tmp, path)
        return True
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def _touch(path: Path) -> None:
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o644))


def _sync(paths: Sequence[Path]) -> None:
    if not paths:
        return
    if hasattr(os, "sync"):
        os.sync()
    else:  # pragma: no cover - Windows
        for path in paths:
            fd = os.open(path, os.O_RDWR)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    fsync_dir(paths[0].parent)
