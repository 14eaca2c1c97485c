"""The folder backend as the store interface offers it: :class:`FolderStore`, the folder store
(``referee.store.store.Store``) with its repositories — the events' logs, the tokens, the summary cache and
the sign-in links — reached through the store (``store.event_log(id)``, ``store.tokens()``,
``store.summary_cache(id)``, ``store.signin_links()``) so that
nothing above the store builds one from a path.

The repositories are thin: each is the existing class of its module (``eventlog``, ``tokens``,
``summaries``, ``signin``) made on the store's folder, its module imported when it is first asked for.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from referee.core.i18n import M
from referee.games.api import AnyEvent as Event
from referee.games.api import Header
from referee.store import chain
from referee.store.chain import StoredEntry
from referee.store.errors import BrokenChain, DuplicateMatch, StoreError, moved_on
from referee.store.store import MatchFile, NewEntry, Store

if TYPE_CHECKING:  # the repositories load when asked for: `referee record` reaches none but an event's log
    from referee.store.eventlog import EventLog
    from referee.store.leagues import FolderLeagues
    from referee.store.signin import SigninLinks
    from referee.store.summaries import Summarizer, SummaryCache
    from referee.store.tokens import FolderTokens
    from referee.store.venuesyncs import FolderVenueSyncs


class CheckedReads(Store):
    """The store as an event reads it: every match file the summary cache has to read (a match new to it,
    or whose file changed) is checked whole first — its chain and its head record, as ``replay`` checks
    one — so a broken match is never summarized. A file the cache knows unchanged is not read at all."""

    def __init__(self, store: Store) -> None:
        super().__init__(store.root)

    def read_match(self, match_id: str) -> MatchFile:
        found = self._read(match_id)  # read once, checked for shape, then the chain and the head record
        problem, _ = self._soundness(match_id, self.path(match_id), found)
        if problem is not None:
            raise BrokenChain(problem, M("{problem}; the event cannot use this match (run `referee verify`)"))
        return found

    def entries(self, match_id: str) -> list[StoredEntry]:
        return self.read_match(match_id).entries


class FolderStore(Store):
    """The folder store with its repositories: what :func:`referee.store.api.open_store` gives for a folder."""

    _tokens: FolderTokens | None = None

    @property
    def where(self) -> str:
        """The store as a message names it: its folder."""
        return str(self.root)

    @property
    def address(self) -> str:
        """What ``open_store`` opens this store again with (the web server's workers do)."""
        return str(self.root)

    def folder(self) -> Path:
        """The store's folder (where ``serve`` keeps its QR code)."""
        return self.root

    # --- repositories -------------------------------------------------------------------------------

    def event_log(self, event_id: str) -> EventLog:
        """The log of event *event_id* (nothing read until asked)."""
        from referee.store.eventlog import EventLog

        return EventLog(self.root, event_id)

    def event_ids(self) -> list[str]:
        """Every event of the store, by id."""
        from referee.store.eventlog import list_events

        return [event_id for event_id, _ in list_events(self.root)]

    def tokens(self) -> FolderTokens:
        """The store's tokens (one object per store: it re-reads the file only when it changed)."""
        if self._tokens is None:
            from referee.store.tokens import FolderTokens

            self._tokens = FolderTokens(self.root)
        return self._tokens

    def signin_links(self) -> SigninLinks:
        from referee.store.signin import SigninLinks

        return SigninLinks(self.root, self.tokens())

    def leagues(self) -> FolderLeagues:
        """The store's leagues (``leagues.json``)."""
        from referee.store.leagues import FolderLeagues

        return FolderLeagues(self.root)

    def venue_syncs(self) -> FolderVenueSyncs:
        """The venues that sync into this store, each one's last complete pass (``venues.json``)."""
        from referee.store.venuesyncs import FolderVenueSyncs

        return FolderVenueSyncs(self.root)

    def summary_cache(self, event_id: str, summarizer: Summarizer) -> SummaryCache:
        """The event's summary cache, reading the matches through :class:`CheckedReads`, its rows what
        *summarizer* says of them (the use cases': ``referee.results.summarize``)."""
        from referee.store.summaries import SummaryCache

        return SummaryCache(CheckedReads(self), event_id, summarizer)

    # --- appending with a check of where the match stands -------------------------------------------

    def append(self, match_id: str, items: Sequence[NewEntry], expect_seq: int | None = None,
               referee: str | None = None) -> list[StoredEntry]:
        """Append *items* to the match in one write, under its lock; refused (``MovedOn``, nothing written)
        when *expect_seq* is given and the match does not hold that many entries."""
        with self.session(match_id) as s:
            if expect_seq is not None and s.count != expect_seq:
                raise moved_on(s.count, expect_seq)
            return s.append_many(items, referee)

    def adopt(self, match_id: str, entries: Sequence[StoredEntry]) -> None:
        """Store a match's entries as they are, sealed elsewhere (``referee db copy``): their chain checked
        first, refused (``DuplicateMatch``) when the id is stored; the head record and the index follow."""
        entries = checked_copy(match_id, entries)
        path = self.path(match_id)
        with self._locked(path):
            if path.is_file():
                raise DuplicateMatch(M("match '{match}' is already in the store at {root}", match=match_id,
                                       root=self.root))
            self._create_file(match_id, path, entries)
            self.put_head(match_id, path, len(entries), entries[-1]["hash"])
        try:
            self._index_put(self.header(match_id))
        except StoreError:  # no header in effect: the index leaves it out, as `referee verify --repair-index` does
            pass

    def index_header(self, header: Header) -> None:
        """Bring the index row of a match whose header was amended up to date (best effort: see notes)."""
        self._index_put(header)

    def create_all(self, matches: Sequence[Sequence[Event]], referee: str | None = None) -> None:
        """Store a round's new matches at once, indexed together; refused whole if one is stored already."""
        from referee.store.creating import create_matches

        create_matches(self, matches, referee)

    # --- versions: what the live pages and the web's caches compare -----------------------------------

    def use_pool(self, size: int) -> None:
        """Nothing to pool: a folder store holds no connection (the web server calls it on every backend)."""

    def close(self) -> None:
        """Nothing to close: a folder store holds no connection."""

    def bound_waits(self, seconds: float) -> None:
        """Nothing to bound: a folder store waits for no server (its locks time out on their own)."""

    def match_version(self, match_id: str) -> object:
        """Something that changes whenever the match does (its file's size, time and inode)."""
        return _signature(self.path(match_id))

    def event_version(self, event_id: str) -> object:
        """Something that changes whenever the event's log does, None when there is no such event: for a
        reader that keeps the state between two requests."""
        return _signature(self.event_log(event_id).path)

    def version(self) -> object:
        """Something that changes whenever a match is added or replaced (the matches folder's signature)."""
        return _signature(self.matches_dir)

    # --- extending with entries sealed elsewhere (referee sync) --------------------------------------

    def extend(self, match_id: str, entries: Sequence[StoredEntry], expect_seq: int) -> None:
        """Add *entries*, sealed elsewhere, to the match as they are, in one write under its lock: refused
        (``MovedOn``, nothing written) when the match does not hold *expect_seq* entries, and (``BrokenChain``)
        when they do not continue its chain (``referee.store.extending``)."""
        from referee.store.extending import changes_header, continuation, put_sealed

        with self.session(match_id) as s:
            new = continuation(match_id, s.entries, entries, expect_seq)
            put_sealed(s, new)
        if changes_header(new):
            try:
                self._index_put(self.header(match_id))
            except StoreError:  # no header in effect: the index leaves it out, as adopt does
                pass


def checked_copy(chain_id: str, entries: Sequence[StoredEntry]) -> list[StoredEntry]:
    """*entries* of the chain *chain_id* when their chain holds (a copy never stores a broken one), else the
    ``BrokenChain`` naming where it breaks."""
    found = list(entries)
    problem = chain.check(chain_id, found)
    if problem is None and not found:
        problem = chain.ChainProblem(chain_id, None, M("the file holds no readable list of entries"))
    if problem is not None:
        raise BrokenChain(problem, M("{problem}; nothing was copied"))
    return found


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)
