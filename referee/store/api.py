"""The store as the layers above use it: :func:`open_store`, the one place that knows the backends, and
:class:`MatchStore`, what a backend offers.

Commands, use cases and the web open a store only here. Today the one backend is the folder store
(``referee.store.folder.FolderStore``: TinyDB's layout written through the atomic storage of ``store.files``)
and the PostgreSQL store (``referee.store.postgres``). ``--db`` / ``$REFEREE_DB`` / ``referee config db``
name a folder or a URL; a URL names a backend by its scheme, and a message shows it without its password.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any

from referee.core.errors import UsageError
from referee.core.i18n import M, Msg
from referee.store.folder import FolderStore
from referee.store.store import location

if TYPE_CHECKING:  # the interfaces, built only when a module names one at run time (`referee record` names none)
    from referee.store.protocols import (
        EventLogRepo,
        EventSessionLike,
        LeaguesRepo,
        MatchReads,
        MatchSessionLike,
        MatchStore,
        SigninRepo,
        SummariesRepo,
        TokensRepo,
        VenueSyncsRepo,
    )

__all__ = ["EventLogRepo", "EventSessionLike", "LeaguesRepo", "MatchReads", "MatchSessionLike", "MatchStore",
           "SigninRepo", "SummariesRepo", "TokensRepo", "VenueSyncsRepo", "hide_password", "open_store"]

_PROTOCOLS = frozenset(__all__) - {"hide_password", "open_store"}


def __getattr__(name: str) -> Any:
    """The interfaces (``referee.store.protocols``), for a module that imports one at run time: a protocol class
    costs ~40 us to build, and the ten of them are built only when one is asked for."""
    if name in _PROTOCOLS:
        from referee.store import protocols

        return getattr(protocols, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# A store named by a URL and its password: compiled when first asked (a folder store, the usual one, is told
# from a URL without them), not by every command's start
_URL = r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://"
_PASSWORD = r"(://[^/:@]*:)[^/@]*@"


def url_match(where: str) -> re.Match[str] | None:
    """*where* read as a URL (its ``scheme``), else None: a folder."""
    return re.match(_URL, where) if "://" in where else None  # every URL has "://"; re caches the pattern


def open_store(db: str | os.PathLike[str] | None = None, origin: Msg | None = None) -> MatchStore:
    """The store that ``--db`` (else ``$REFEREE_DB``, else ``referee config db``, else ``./referee-store``)
    names: a folder, or a ``postgresql://`` URL (the league store: ``referee.store.postgres``). Another
    URL is a usage error naming its scheme (exit 2), never echoing a password. *origin*: the option that
    named *db* when it is not ``--db`` (``referee sync --to``), as its messages say it."""
    where, found = location(db)
    origin = found if origin is None or not db else origin
    url = url_match(where)
    if url is not None:
        if url["scheme"].lower() in ("postgresql", "postgres"):
            from referee.store.postgres.store import PgStore

            return PgStore(where, origin)
        raise UsageError(M("{origin} {url}: not a store (a folder, or a postgresql:// address)",
                           origin=origin, url=hide_password(where)))
    return FolderStore(where, origin)


def hide_password(url: str) -> str:
    """*url* as a message may show it: its password, if any, replaced by ``***``."""
    return re.sub(_PASSWORD, r"\1***@", url)


if TYPE_CHECKING:  # for the type checker: the folder store offers every operation of the interface
    _FOLDER_STORE: MatchStore = FolderStore()
