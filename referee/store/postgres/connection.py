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

import contextlib
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


def _detail(error: BaseException, url: str) -> str | Msg:
    """The driver's words, last line first, with no password in them; a wait bounded by :func:`connect`'s
    *stall* that ended, in the reader's language."""
    seconds = getattr(error, "seconds", None)
    if isinstance(seconds, float | int) and "no byte from the server" in str(error):
        return M("no byte came from the server for {seconds} s: the link is taken as lost",
                 seconds=format(seconds, "g"))
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


def connect(url: str, origin: Msg, stall: float | None = None) -> psycopg.Connection[tuple[object, ...]]:
    """A connection in autocommit mode (transactions are explicit), or the :class:`StoreUnavailable` saying
    why there is none.

    *stall* (seconds; ``referee sync``) bounds a link that holds its TCP connection while no byte flows: TCP
    keepalives and a user timeout (the kernel gives up on a peer that answers nothing), a client-side bound on
    every wait for the server (:func:`stalled_wait`: *stall* seconds with no byte ends the operation, the
    connection closed), and the server's ``idle_in_transaction_session_timeout`` (a session whose client went
    silent mid-transaction is ended by the server, its row locks released for the next pass), and its
    ``client_connection_check_interval`` (a statement of a client that is gone ends). A URL's own keepalive
    settings are kept."""
    import psycopg

    kwargs: dict[str, object] = {"autocommit": True, "connect_timeout": CONNECT_TIMEOUT}
    if stall is not None:
        from psycopg.conninfo import conninfo_to_dict

        try:
            given = conninfo_to_dict(url)
        except (psycopg.Error, ValueError) as e:
            raise refused(e, url, origin) from None
        link = {"keepalives": 1, "keepalives_idle": max(1, int(stall / 2)), "keepalives_interval": 1,
                "keepalives_count": 3, "tcp_user_timeout": int(stall * 1000)}
        kwargs.update({k: v for k, v in link.items() if k not in given})
    try:
        conn = psycopg.connect(url, **kwargs)  # type: ignore[arg-type]
    except (psycopg.Error, ValueError) as e:
        raise refused(e, url, origin) from None
    if stall is not None:
        _bound(conn, stall)
        try:
            conn.execute("SELECT set_config('idle_in_transaction_session_timeout', %s, false)",
                         (f"{int(stall * 1000)}ms",))
        except psycopg.Error as e:
            conn.close()
            raise refused(e, url, origin) from None
        with contextlib.suppress(psycopg.errors.UndefinedObject):  # PostgreSQL 14 on: a statement of a client
            # gone (killed mid-pass) ends within a second, even one waiting for a lock, rather than committing later
            conn.execute("SELECT set_config('client_connection_check_interval', '1s', false)")
    return conn


class Stalled(Exception):  # a psycopg.OperationalError by _bound (psycopg is imported only when connecting)
    """No byte came from the server for the bound's seconds."""


def _bound(conn: psycopg.Connection[tuple[object, ...]], stall: float) -> None:
    """Every wait of *conn* for the server without a timeout of its own ends after *stall* seconds in which no
    byte came or went (:func:`stalled_wait`); the connection is closed then (it is mid-protocol) and the wait
    raises an ``OperationalError`` whose detail says so (:func:`_detail`)."""
    import psycopg

    plain = conn.wait

    def wait(gen, interval=0.1, timeout=None):  # type: ignore[no-untyped-def]
        if timeout is not None:
            return plain(gen, interval, timeout)
        try:
            return plain(stalled_wait(gen, stall), interval, None)
        except Stalled:
            conn.pgconn.finish()  # closed: a transaction's exit does not wait again for a rollback
            raise _StalledError(stall) from None

    class _StalledError(psycopg.OperationalError):
        def __init__(self, seconds: float) -> None:
            super().__init__(f"no byte from the server for {seconds:g} s")
            self.seconds = seconds

    conn.wait = wait  # type: ignore[method-assign]


def stalled_wait(gen, stall: float):  # type: ignore[no-untyped-def]
    """*gen* (a psycopg generator, fed by its wait function the states its socket is ready for, or nothing when
    the wait function's interval passed) raising :class:`Stalled` once *stall* seconds passed with nothing."""
    import time

    last = time.monotonic()
    try:
        state = next(gen)
    except StopIteration as stop:
        return stop.value
    while True:
        ready = yield state
        now = time.monotonic()
        if ready:
            last = now
        elif now - last >= stall:
            gen.close()
            raise Stalled
        try:
            state = gen.send(ready)
        except StopIteration as stop:
            return stop.value


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
