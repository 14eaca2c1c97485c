"""The store as the layers above use it: :func:`open_store`, the one place that knows the backends, and
:class:`MatchStore`, what a backend offers.

Commands, use cases and the web open a store only here. Today the one backend is the folder store
(``referee.store.store.Store``: TinyDB's layout written through the atomic storage of ``store.files``);
``--db`` / ``$REFEREE_DB`` / ``referee config db`` name a folder. A URL names a backend by its scheme;
``postgresql://`` is the league store to come (issue 21), refused for now in one line that never echoes a
password.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from referee.core.errors import UsageError
from referee.core.i18n import M, Msg
from referee.games.gunzi.events import Event, MatchHeader
from referee.store import chain
from referee.store.chain import StoredEntry
from referee.store.store import (
    Anchor,
    Audit,
    Head,
    LogEntry,
    MatchFile,
    MatchSession,
    Repair,
    Snapshot,
    Store,
    Summary,
    location,
)
from referee.store.watching import Changes as Changes

URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://")
PASSWORD = re.compile(r"(://[^/:@]*:)[^/@]*@")


class MatchStore(Protocol):
    """What a store backend offers the layers above: its matches (one snapshot per read, a session that
    checks and extends the chain under the match's lock, creation, the ids, audit, verify and the anchor of
    a printed head), its index rows, where it is, and what changed since a cursor (:meth:`watch`: the live
    pages' one question; a folder polls its files' signatures, PostgreSQL listens)."""

    root: Path
    notes: list[Msg]

    def exists(self, match_id: str) -> bool: ...
    def match_ids(self) -> list[str]: ...
    def snapshot(self, match_id: str) -> Snapshot: ...
    def read_match(self, match_id: str) -> MatchFile: ...
    def head_record(self, match_id: str) -> Head | None: ...
    def entries(self, match_id: str) -> list[StoredEntry]: ...
    def header(self, match_id: str) -> MatchHeader: ...
    def log(self, match_id: str) -> list[LogEntry]: ...
    def check(self, match_id: str) -> chain.ChainProblem | None: ...
    def anchor(self, match_id: str, head: str) -> Anchor: ...
    def audit(self, match_ids: list[str] | None = None) -> Audit: ...
    def session(self, match_id: str, *, must_exist: bool = True) -> AbstractContextManager[MatchSession]: ...
    def create(self, events: list[Event], referee: str | None = None, replace: bool = False) -> str: ...
    def create_many(self, matches: list[list[Event]], referee: str | None = None) -> None: ...
    def witness(self, heads: Mapping[str, tuple[int, str]]) -> None: ...
    def summaries(self) -> list[Summary]: ...
    def repair_index(self) -> Repair: ...
    def watch(self, cursor: str | None, timeout: float = 0.0) -> Changes: ...


def open_store(db: str | os.PathLike[str] | None = None) -> Store:
    """The store that ``--db`` (else ``$REFEREE_DB``, else ``referee config db``, else ``./referee-store``)
    names. A URL is a usage error naming its scheme (exit 2): no backend but the folder is here yet."""
    where, origin = location(db)
    url = URL.match(where)
    if url is not None:
        shown = PASSWORD.sub(r"\1***@", where)
        if url["scheme"].lower() in ("postgresql", "postgres"):
            raise UsageError(M("{origin} {url}: the PostgreSQL store is not in this version yet; give a folder",
                               origin=origin, url=shown))
        raise UsageError(M("{origin} {url}: not a store (a folder, or a postgresql:// address)",
                           origin=origin, url=shown))
    return Store(where, origin)


if TYPE_CHECKING:  # for the type checker: the folder store offers every operation of the interface
    _FOLDER_STORE: MatchStore = Store()
