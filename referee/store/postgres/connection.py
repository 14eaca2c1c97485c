"""Connecting to the league store's server, and its schema: one clear line for each way that goes wrong.

Every message names the store by its URL *without its password* (``referee.store.api.PASSWORD``'s rule, kept
here as :func:`shown_url` so that this package imports nothing above it) and where the URL came from
(``--db``, ``$REFEREE_DB``, the settings file). A server that cannot be reached, a refused password, a
database that does not exist, a URL the driver cannot read, a database whose schema is older or newer than
this version: a :class:`StoreUnavailable` (exit 2), never a traceback.

The schema is plain SQL, versioned by file name (``schema/001_store.sql``, …), applied in order by
:func:`upgrade` in one transaction each, the row of ``schema_version`` written with it.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import TYPE_CHECKING

from referee.core.errors import UsageError
from referee.core.i18n import M, Msg

if TYPE_CHECKING:
    import psycopg

PASSWORD = re.compile(r"(://[^/:@]*:)[^/@]*@")
CONNECT_TIMEOUT = 5  # seconds: an unreachable server is said within this, not after the system's minutes
CHANNEL = "referee_changes"


class StoreUnavailable(UsageError):
    """The league store cannot be used as named: no server, a refused login, no such database, a URL the
    driver cannot read, a schema of another version (exit 2, nothing written)."""


def shown_url(url: str) -> str:
    """*url* as a message shows it: its password replaced by ``***``."""
    return PASSWORD.sub(r"\1***@", url)


def migrations() -> list[tuple[int, str]]:
    """(version, SQL) of every schema file shipped, in order."""
    folder = resources.files("referee.store.postgres").joinpath("schema")
    found: list[tuple[int, str]] = []
    for item in folder.iterdir():
        name = item.name
        if name.endswith(".sql") and name[:3].isdigit():
            found.append((int(name[:3]), item.read_text(encoding="utf-8")))
    return sorted(found)


def current_version() -> int:
    """The schema version this code reads and writes: the last file's."""
    return migrations()[-1][0]


def _detail(error: BaseException, url: str) -> str:
    """The driver's words, last line first, with no password in them."""
    text = " ".join(str(error).split())
    password = re.search(r"://[^/:@]*:([^/@]*)@", url)
    if password and password.group(1):
        text = text.replace(password.group(1), "***")
    return text[:300]


def refused(error: BaseException, url: str, origin: Msg) -> StoreUnavailable:
    """The one line saying why the server could not be used."""
    shown = shown_url(url)
    text = str(error)
    if "password authentication failed" in text or "no password supplied" in text:
        return StoreUnavailable(M("{origin} {url}: the PostgreSQL server refused the user name or password",
                                  origin=origin, url=shown))
    found = re.search(r'database "([^"]*)" does not exist', text)
    if found:
        return StoreUnavailable(M("{origin} {url}: the PostgreSQL server has no database {name} (create it, then "
                                  "`referee db upgrade`)", origin=origin, url=shown,
                                  name=found.group(1)))
    if "role" in text and "does not exist" in text:
        return StoreUnavailable(M("{origin} {url}: the PostgreSQL server has no such user", origin=origin, url=shown))
    import psycopg

    if isinstance(error, psycopg.ProgrammingError) or "invalid" in text and "option" in text:
        return StoreUnavailable(M("{origin} {url}: not a PostgreSQL address that can be read ({detail})",
                                  origin=origin, url=shown, detail=_detail(error, url)))
    return StoreUnavailable(M("{origin} {url}: no PostgreSQL server can be reached there ({detail})",
                              origin=origin, url=shown, detail=_detail(error, url)))


def connect(url: str, origin: Msg) -> psycopg.Connection[tuple[object, ...]]:
    """A connection in autocommit mode (transactions are explicit), or the :class:`StoreUnavailable` saying
    why there is none."""
    import psycopg

    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
    except (psycopg.Error, ValueError) as e:
        raise refused(e, url, origin) from None


def version_of(conn: psycopg.Connection[tuple[object, ...]]) -> int | None:
    """The schema version of the database (None: no referee store in it yet)."""
    row = conn.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if row is None or not row[0]:
        return None
    found = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(str(found[0])) if found is not None and found[0] is not None else None


def check_version(conn: psycopg.Connection[tuple[object, ...]], url: str, origin: Msg) -> None:
    """Refuse a database whose schema is not this code's, in one line saying what to do."""
    have, want = version_of(conn), current_version()
    shown = shown_url(url)
    if have is None:
        raise StoreUnavailable(M("{origin} {url}: no referee store in this database yet: run `referee db upgrade "
                                 "--db URL` first", origin=origin, url=shown))
    if have < want:
        raise StoreUnavailable(M("{origin} {url}: the store's schema is version {have}, older than this referee's "
                                 "({want}): run `referee db upgrade`", origin=origin, url=shown,
                                 have=have, want=want))
    if have > want:
        raise StoreUnavailable(M("{origin} {url}: the store's schema is version {have}, newer than this referee's "
                                 "({want}): update referee", origin=origin, url=shown, have=have,
                                 want=want))


def upgrade(conn: psycopg.Connection[tuple[object, ...]]) -> tuple[int | None, int]:
    """Apply every schema file newer than the database's, each in its own transaction with its row of
    ``schema_version``; (version before, version after). Idempotent: a second run applies nothing. Two
    upgrades at once are serialized by an advisory lock; a database newer than this code is refused."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(2104202101)")
        before = version_of(conn)
        if before is not None and before > current_version():
            raise StoreUnavailable(M("the store's schema is version {have}, newer than this referee's ({want}): "
                                     "update referee",
                                     have=before, want=current_version()))
        for version, sql in migrations():
            if before is None or version > before:
                conn.execute(sql.encode("utf-8"))  # several statements: sent as one simple query
                conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))
    return before, current_version()
