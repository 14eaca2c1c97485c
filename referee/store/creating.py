"""Creating a round's matches at once: every file written, then all made durable by one sync.

``Store.create`` makes one match safe at a time: its file is fsynced, renamed, and the folder fsynced,
two flushes to disk per match — a second for the 100 tables of a big round. Here each new match file
is written to a temporary file and renamed over its name (so a reader sees no half-written match) in
the same layout ``Store.create`` writes (``referee.store.store``: the entries sealed by
``referee.store.chain``), then one ``os.sync`` (where the platform has it; an fsync of each file
where not) and one fsync of the folder make them durable together, before the caller records the
round in the event's log. A crash before that leaves new match files that the log does not list:
pairing the round again takes them over when they hold exactly what it would create.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path

from referee.events import Event, MatchHeader
from referee.i18n import M
from referee.store import chain
from referee.store.files import clean_temp, dumps, fsync_dir, lock, temp_prefix
from referee.store.store import TABLE, DuplicateMatch, Store, StoreError, now, referee_name


def create_matches(store: Store, matches: Sequence[Sequence[Event]], referee: str | None = None) -> None:
    """Store new matches (each its events, the header first) and index them; refused whole, nothing
    written, if one of their ids is already stored."""
    from referee.notation import format_event

    headers: list[MatchHeader] = []
    for events in matches:
        header = events[0] if events else None
        if not isinstance(header, MatchHeader) or not header.id:
            raise StoreError(M("a match must begin with its `match` header"))
        headers.append(header)
    store.matches_dir.mkdir(parents=True, exist_ok=True)
    who, stamp = referee_name(referee), now()
    with contextlib.ExitStack() as held:
        for h in headers:
            held.enter_context(lock(store.path(h.id)))
        for h in headers:
            clean_temp(store.path(h.id))
            if store.path(h.id).is_file():
                raise DuplicateMatch(M("match '{match}' is already in the store at {root} (use --replace to "
                                       "overwrite it; the old one is kept in replaced/)", match=h.id, root=store.root))
        written: list[Path] = []
        try:
            for h, events in zip(headers, matches, strict=True):
                prev, table = chain.GENESIS, {}
                for seq, ev in enumerate(events, 1):
                    entry = dict(seq=seq, kind="event", time=stamp, referee=who, directive=format_event(ev),
                                 target=None, reason="")
                    sealed = chain.seal(h.id, entry, prev)
                    prev = sealed["hash"]
                    table[str(seq)] = sealed
                written.append(_write(store.path(h.id), dumps({TABLE: table})))
            _sync(written)
        except BaseException:
            for path in written:  # all or none: a failure half-way leaves no match of the round
                with contextlib.suppress(OSError):
                    os.unlink(path)
            raise
    store._index_put(*headers)


def _write(path: Path, data: bytes) -> Path:
    tmp = path.parent / f"{temp_prefix(path)}{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


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
