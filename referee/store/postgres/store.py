"""The league store: the store interface on PostgreSQL (``--db postgresql://…``).

The same matches, entries and chains as the folder store (``referee.store.chain`` seals every entry; the
hashes are the same bytes whatever backend wrote them), kept in the tables of ``schema/001_store.sql``, with
the guarantees enforced by the database itself:

- entries are append-only: a trigger refuses UPDATE, DELETE and TRUNCATE of ``entries`` and ``event_entries``;
- each entry must follow its match's head: ``UNIQUE (match_key, seq)``, and a trigger that takes the match
  row's lock and refuses an entry whose ``seq``/``prev`` does not follow the row's head, then moves the head —
  in the same transaction as the insert, so a refused entry writes nothing;
- a writer (:meth:`PgStore.session`) holds the match row's lock (``SELECT … FOR UPDATE``) from its read to
  its commit: what it checked is what it extends; ``append(…, expect_seq)`` is refused when the match moved on;
- ``verify`` recomputes every chain client-side and compares it with the row's head (the head record);
- every entry adds a row to ``changes`` and a ``NOTIFY referee_changes``: :meth:`PgStore.watch`.

Connections: one per thread (autocommit; each operation its own explicit transaction), or, for the web
server, a ``psycopg_pool`` pool (:meth:`PgStore.use_pool`). Within a thread, nested operations (a match's
lock taken by :meth:`lock_match`, then its session) share the thread's connection and transaction.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.core import rulesfile
from referee.core.cores import spread
from referee.core.errors import NotFound, UsageError
from referee.core.i18n import M, Msg
from referee.core.names import check_id
from referee.core.records import RecordError
from referee.games import stored
from referee.games.api import AnyEvent as Event
from referee.games.api import Header
from referee.store import chain, pinning, signin
from referee.store.chain import StoredEntry, Unsealed
from referee.store.errors import BrokenChain, DuplicateMatch, StoreError, UnknownMatch, moved_on
from referee.store.eventlog import (
    Action,
    BrokenEventLog,
    DuplicateEvent,
    LogFile,
    UnknownEvent,
    actions_of,
    canonical,
    chain_id,
)
from referee.store.pinning import KeptRules
from referee.store.postgres.connection import (
    CHANNEL,
    StoreUnavailable,
    check_version,
    connect,
    shown_url,
)
from referee.store.store import (
    INDEX_FIELDS,
    Anchor,
    Audit,
    Head,
    HeadSession,
    LogEntry,
    MatchFile,
    NewEntry,
    Repair,
    Snapshot,
    Summary,
    anchor_of,
    corrected,
    head_finding,
    log_of,
    new_header,
    now,
    referee_name,
    seal_all,
    to_events,
)
from referee.store.summaries import Cached, Summarizer, _read, _row
from referee.store.tokens import Issued, Token, TokenError, TokenLookup, digest, new_token
from referee.store.watching import Changes

if TYPE_CHECKING:
    import psycopg
    import psycopg_pool

    from referee.store.postgres.leagues import PgLeagues
    from referee.store.postgres.venuesyncs import PgVenueSyncs

    Conn = psycopg.Connection[tuple[Any, ...]]

ENTRY_COLUMNS = "seq, kind, time, referee, directive, target, reason, prev, hash"
FIELDS = ("seq", "kind", "time", "referee", "directive", "target", "reason", "prev", "hash")
# A match's entries also keep the client id a phone gave one (chain.Unsealed.client; NULL for every other): schema 6.
MATCH_COLUMNS = ENTRY_COLUMNS + ", client"
MATCH_FIELDS = (*FIELDS, "client")
NO_HEAD = Path("(the match row)")  # what head_finding names: the row's head is never missing


def _entry(row: Sequence[Any]) -> StoredEntry:
    e: StoredEntry = {"seq": row[0], "kind": row[1], "time": row[2], "referee": row[3], "directive": row[4],
                      "target": row[5], "reason": row[6], "prev": row[7], "hash": row[8]}
    if len(row) > 9 and row[9] is not None:  # a match entry a phone named
        e["client"] = row[9]
    return e


def _values(key: object, e: StoredEntry) -> tuple[object, ...]:
    return (key, e["seq"], e["kind"], e["time"], e["referee"], e["directive"], e["target"], e["reason"], e["prev"],
            e["hash"])


def _match_values(key: object, e: StoredEntry) -> tuple[object, ...]:
    return (*_values(key, e), e.get("client"))


class PgSession(HeadSession):
    """A match opened for writing inside a transaction that holds its row's lock. Its entries are read only when
    asked for (the corrected view, a continuation's check): an append seals to the row's head, which the
    database's trigger holds every insert to, so its cost does not grow with the match."""

    def __init__(self, store: PgStore, conn: Conn, key: int, match_id: str, head: Head) -> None:
        self.store = store
        self.conn = conn
        self.key = key
        self.match_id = match_id
        self.head = head
        self._entries: list[StoredEntry] | None = None

    def read_entries(self) -> list[StoredEntry]:
        """The match's entries, read under the session's lock when first asked, checked whole (chain and head)."""
        return self.store._checked_entries(self.conn, self.key, self.match_id, self.head)

    def write_sealed(self, new: Sequence[StoredEntry]) -> None:
        """Insert *new*, sealed to the head read under the lock; stored when the session's transaction commits (all
        or none)."""
        self.store._insert_entries(self.conn, self.key, new, self.match_id)
        if self._entries is not None:
            self._entries = self._entries + list(new)
        self.head = Head(self.head.entries + len(new), new[-1]["hash"])


class PgEventSession:
    """An event's log opened for appending, its row locked."""

    def __init__(self, log: PgEventLog, conn: Conn, entries: list[StoredEntry]) -> None:
        self.log = log
        self.conn = conn
        self.entries = entries

    def append(self, actions: Sequence[Action], referee: str | None = None) -> list[StoredEntry]:
        """Append *actions* (all or none, with the session's transaction) and return their sealed entries;
        whether they fit the event is checked before, under this lock (``referee.results.eventstate``)."""
        event_id = self.log.event_id
        who = referee_name(referee)
        stamp = now()
        prev = self.entries[-1]["hash"] if self.entries else chain.GENESIS
        sealed: list[StoredEntry] = []
        cid = chain_id(event_id)
        for i, action in enumerate(actions):
            entry: Unsealed = {"seq": len(self.entries) + i + 1, "kind": "event", "time": stamp, "referee": who,
                               "directive": canonical(action), "target": None,
                               "reason": str(action.get("reason") or "")}
            done = chain.seal(cid, entry, prev)
            prev = done["hash"]
            sealed.append(done)
        with self.log.store._errors(self.conn):
            with self.conn.cursor() as cur:
                cur.executemany(f"INSERT INTO event_entries (event_id, {ENTRY_COLUMNS}) "
                                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                                [_values(event_id, e) for e in sealed])
        self.entries.extend(sealed)
        return sealed


class PgEventLog:
    """An event's log in the database (``events`` and ``event_entries``)."""

    def __init__(self, store: PgStore, event_id: str) -> None:
        self.store = store
        self.event_id = event_id

    def exists(self) -> bool:
        with self.store._use() as conn:
            return conn.execute("SELECT 1 FROM events WHERE id = %s", (self.event_id,)).fetchone() is not None

    def _unknown(self) -> UnknownEvent:
        known = self.store.event_ids()
        if not known:
            return UnknownEvent(M("no event '{event}' in the store at {root} (events stored: none)",
                                  event=self.event_id, root=self.store.where))
        return UnknownEvent(M("no event '{event}' in the store at {root} (events stored: {known:list})",
                              event=self.event_id, root=self.store.where, known=known[:8]))

    def _checked(self, head: tuple[int, str] | None, entries: list[StoredEntry]) -> list[StoredEntry]:
        if head is None:
            raise self._unknown()
        if not entries:
            raise BrokenEventLog(M("event {event}: {problem}", event=self.event_id,
                                   problem=M("the file holds no readable list of entries")))
        broken = chain.check(chain_id(self.event_id), entries)
        if broken is None and (head[0] != len(entries) or head[1] != entries[-1]["hash"]):
            broken = chain.ChainProblem(self.event_id, None, M(
                "its row says {head} ending in {hash}, but it holds {entries}: the log was rewritten",
                head=chain.entries(head[0]), hash=head[1][:chain.SHORT], entries=chain.entries(len(entries))))
        if broken is not None:
            if broken.seq is None:
                raise BrokenEventLog(M("event {event}: {problem}", event=self.event_id, problem=broken.problem))
            raise BrokenEventLog(M("event {event}, #{seq}: {problem}", event=self.event_id, seq=broken.seq,
                                   problem=broken.problem))
        return entries

    def _fetch(self, conn: Conn, lock: bool = False) -> tuple[tuple[int, str] | None, list[StoredEntry]]:
        if lock:
            row = conn.execute("SELECT entries, head FROM events WHERE id = %s FOR UPDATE",
                               (self.event_id,)).fetchone()
            rows = conn.execute(f"SELECT {ENTRY_COLUMNS} FROM event_entries WHERE event_id = %s ORDER BY seq",
                                (self.event_id,)).fetchall()
            return (None if row is None else (row[0], row[1])), [_entry(r) for r in rows]
        found = conn.execute(f"SELECT ev.entries, ev.head, {', '.join('e.' + c for c in FIELDS)} FROM events ev "
                             "LEFT JOIN event_entries e ON e.event_id = ev.id WHERE ev.id = %s ORDER BY e.seq",
                             (self.event_id,)).fetchall()
        if not found:
            return None, []
        return (found[0][0], found[0][1]), [_entry(r[2:]) for r in found if r[2] is not None]

    def read(self) -> LogFile:
        with self.store._use() as conn:
            head, entries = self._fetch(conn)
        return LogFile(self._checked(head, entries), None)

    def entries(self) -> list[StoredEntry]:
        return self.read().entries

    def actions(self) -> list[Action]:
        return actions_of(self.event_id, self.entries())

    @contextlib.contextmanager
    def session(self, *, create: bool = False) -> Iterator[PgEventSession]:
        with self.store._use() as conn, self.store._errors(conn), conn.transaction():
            if create:
                made = conn.execute("INSERT INTO events (id) VALUES (%s) ON CONFLICT DO NOTHING RETURNING id",
                                    (self.event_id,)).fetchone()
                if made is None:
                    raise DuplicateEvent(M("event '{event}' is already in the store at {root}",
                                           event=self.event_id, root=self.store.where))
                yield PgEventSession(self, conn, [])
                return
            head, entries = self._fetch(conn, lock=True)
            yield PgEventSession(self, conn, self._checked(head, entries))


    def adopt(self, entries: Sequence[StoredEntry]) -> None:
        """Store the log's entries as they are (``referee db copy``): the chain checked first, refused when the
        event is stored; the database checks each link as it does every append."""
        from referee.store.folder import checked_copy

        try:
            found = checked_copy(chain_id(self.event_id), entries)
        except BrokenChain as e:
            raise BrokenEventLog(e.msg) from None
        with self.session(create=True) as s, self.store._errors(s.conn), s.conn.cursor() as cur:
            cur.executemany(f"INSERT INTO event_entries (event_id, {ENTRY_COLUMNS}) "
                            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                            [_values(self.event_id, e) for e in found])

    def extend(self, entries: Sequence[StoredEntry], expect_seq: int) -> None:
        """Add *entries*, sealed elsewhere (``referee sync``), to the log as they are, in one transaction under its
        row's lock: refused when the log does not hold *expect_seq* entries or they do not continue its chain (the
        database checks each link again)."""
        from referee.store.extending import continuation

        with self.session() as s:
            try:
                new = continuation(chain_id(self.event_id), s.entries, entries, expect_seq)
            except BrokenChain as e:
                raise BrokenEventLog(e.msg) from None
            with self.store._errors(s.conn), s.conn.cursor() as cur:
                cur.executemany(f"INSERT INTO event_entries (event_id, {ENTRY_COLUMNS}) "
                                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                                [_values(self.event_id, e) for e in new])
            s.entries.extend(new)


class PgSigninLinks:
    """The one-time sign-in links in the ``signin_links`` table (only each code's hash), checked as the folder
    store's (``referee.store.signin.check_row``); a link is marked used under its row's lock, so two phones
    scanning one code at once sign in one of them."""

    def __init__(self, store: PgStore) -> None:
        self.store = store
        self.tokens = store.tokens()

    def make(self, name: str) -> str:
        from datetime import UTC, datetime, timedelta

        from referee.store.signin import LINK_DAYS
        from referee.store.signin import PREFIX as LINK_PREFIX

        token = signin.valid_token(self.tokens, name)
        code = LINK_PREFIX + secrets.token_urlsafe(24)
        cutoff = (datetime.now(UTC) - timedelta(days=LINK_DAYS * 2)).isoformat(timespec="milliseconds")
        with self.store._use() as conn, self.store._errors(conn), conn.transaction():
            conn.execute("DELETE FROM signin_links WHERE made < %s", (cutoff.replace("+00:00", "Z"),))
            conn.execute("INSERT INTO signin_links (hash, name, token, made) VALUES (%s, %s, %s, %s)",
                         (digest(code), token.name, token.hash[:16], now()))
        return code

    def redeem(self, code: str) -> Token:
        wanted = digest(code.strip())
        with self.store._use() as conn, self.store._errors(conn), conn.transaction():
            row = conn.execute("SELECT name, token, made, used FROM signin_links WHERE hash = %s FOR UPDATE",
                               (wanted,)).fetchone()
            if row is None:
                raise signin.unknown_link()
            token = signin.check_row({"name": row[0], "token": row[1], "made": row[2], "used": row[3]}, self.tokens)
            conn.execute("UPDATE signin_links SET used = %s WHERE hash = %s", (now(), wanted))
        return token


class PgTokens(TokenLookup):
    """The web server's tokens in the ``tokens`` table (only their hashes)."""

    def __init__(self, store: PgStore) -> None:
        self.store = store

    def all(self) -> list[Token]:
        with self.store._use() as conn:
            rows = conn.execute("SELECT name, role, event, tables, hash, created, revoked, club FROM tokens "
                                "ORDER BY key").fetchall()
        return [Token(r[0], r[1], r[2], tuple(r[3] or ()), r[4], r[5], r[6], r[7]) for r in rows]

    def add(self, name: str, role: str, event: str | None = None, tables: Sequence[int] = (),
            club: str | None = None) -> Issued:
        import psycopg

        token, secret = new_token(name, role, event, tables, club)
        try:
            self.adopt(token)
        except psycopg.errors.UniqueViolation:
            raise TokenError(M("{name} has a token already: revoke it first (referee token revoke {name})",
                               name=token.name)) from None
        return Issued(token, secret)

    def adopt(self, token: Token) -> None:
        """Keep *token* as it is (``referee db copy``): its hash, times and scope."""
        with self.store._use() as conn, self.store._errors(conn), conn.transaction():
            conn.execute("INSERT INTO tokens (name, role, event, tables, hash, created, revoked, club) "
                         "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                         (token.name, token.role, token.event, list(token.tables), token.hash, token.created,
                          token.revoked, token.club))

    def _update(self, name: str, sql: str, params: tuple[object, ...]) -> Token:
        with self.store._use() as conn, self.store._errors(conn), conn.transaction():
            row = conn.execute(sql.encode(), params).fetchone()
        if row is None:
            raise NotFound(M("no valid token named {name} (see referee token list)", name=name))
        return Token(row[0], row[1], row[2], tuple(row[3] or ()), row[4], row[5], row[6], row[7])

    def revoke(self, name: str) -> Token:
        return self._update(name, "UPDATE tokens SET revoked = %s WHERE name = %s AND revoked IS NULL "
                                  "RETURNING name, role, event, tables, hash, created, revoked, club", (now(), name))

    def assign(self, name: str, tables: Sequence[int], event: str | None = None) -> Token:
        numbers = sorted(set(int(t) for t in tables))
        if event is not None:
            return self._update(name, "UPDATE tokens SET tables = %s, event = %s WHERE name = %s AND revoked IS NULL "
                                      "RETURNING name, role, event, tables, hash, created, revoked, club",
                                (numbers, check_id(event, "event"), name))
        return self._update(name, "UPDATE tokens SET tables = %s WHERE name = %s AND revoked IS NULL "
                                  "RETURNING name, role, event, tables, hash, created, revoked, club", (numbers, name))

    def problems(self) -> list[Msg]:
        """Tokens whose row is not one the store writes (a hash that is no SHA-256, a table below 1)."""
        out: list[Msg] = []
        for i, t in enumerate(self.all(), 1):
            if len(t.hash) != 64 or any(c not in "0123456789abcdef" for c in t.hash) or any(n < 1 for n in t.tables):
                out.append(M("{file}: token {n} is not a record the store writes", file="tokens", n=i))
        return out


class PgSummaryCache:
    """An event's summaries at their chain heads, in the ``summaries`` table. A row is used only at the
    head it was computed at, with the mark of the entries it was computed from (:meth:`PgStore.heads`: an entry
    changed behind the triggers' back moves it), and only when its seal holds; anything else is recomputed from
    the match's entries (its chain checked whole first). The web's reads never write: :meth:`save` does, for
    the director's writes and a command's reads."""

    def __init__(self, store: PgStore, event_id: str, summarizer: Summarizer) -> None:
        self.store = store
        self.event_id = event_id
        self.summarizer = summarizer
        self.recomputed = 0
        self._changed: dict[str, tuple[Cached, str]] = {}
        with store._use() as conn:
            rows = conn.execute("SELECT match_id, entries, head, row, seal FROM summaries WHERE event_id = %s",
                                (event_id,)).fetchall()
        self._rows: dict[str, tuple[Head, dict[str, str]]] = {
            r[0]: (Head(r[1], r[2]), {"row": r[3], "seal": r[4]}) for r in rows}

    def get(self, match_id: str) -> Cached:
        at = self.store.heads([match_id]).get(match_id)
        if at is not None:
            found = self._at_head(match_id, *at)
            if found is not None:
                return found
        snap = self.store.snapshot(match_id)
        cached = _fresh(match_id, snap, self.summarizer)
        self.recomputed += 1
        if at is not None:
            self._changed[match_id] = (cached, at[1])
        return cached

    def get_many(self, match_ids: Iterable[str]) -> dict[str, Cached]:
        return {mid: self.get(mid) for mid in match_ids}

    def read_many(self, match_ids: Iterable[str]) -> dict[str, Cached | StoreError | None]:
        """Each match's summary at its current head, or the store's error saying why it has none (None: no such
        match): one query for the heads, one for the entries of every match whose row is not at its head,
        whose chains are then checked and replayed, shared out over the machine's cores where that pays."""
        ids = list(dict.fromkeys(match_ids))
        heads = self.store.heads(ids)
        out: dict[str, Cached | StoreError | None] = {}
        todo: list[str] = []
        for mid in ids:
            at = heads.get(mid)
            if at is None:
                out[mid] = None
                continue
            cached = self._at_head(mid, *at)
            if cached is None:
                todo.append(mid)
            out[mid] = cached
        fetched = self.store.fetch_many(todo)
        jobs = [(mid, *fetched[mid]) for mid in todo if mid in fetched]
        for (mid, _, _), got in zip(jobs, spread(lambda job: _fresh_or_error(job, self.summarizer), jobs), strict=True):
            if isinstance(got, Cached):
                self.recomputed += 1
                self._changed[mid] = (got, heads[mid][1])
            out[mid] = got
        for mid in todo:
            if mid not in fetched:  # gone between the two queries (an import --replace took its id)
                out[mid] = None
        return out

    def _at_head(self, match_id: str, head: Head, mark: str) -> Cached | None:
        """The summary kept for the match when it was computed at *head* from entries of *mark*, else None."""
        changed = self._changed.get(match_id)
        if changed is not None and changed[0].head == head and changed[1] == mark:
            return changed[0]
        stored = self._rows.get(match_id)
        if stored is not None and stored[0] == head:
            cached = _read(stored[1], match_id, self.summarizer, mark)
            if cached is not None and cached.head == head and self.summarizer.current(cached):
                return cached
        return None

    def save(self, wait: float = 30.0) -> bool:
        """Write the rows computed here (best effort: False when they cannot be written, or when another
        transaction holds one of their rows for longer than *wait* seconds)."""
        import psycopg

        if not self._changed:
            return True
        try:
            with self.store._use() as conn, self.store._errors(conn), conn.transaction():
                with conn.cursor() as cur:
                    cur.execute("SELECT set_config('lock_timeout', %s, true)", (f"{max(1, int(wait * 1000))}ms",))
                    cur.executemany(
                        "INSERT INTO summaries (event_id, match_id, entries, head, row, seal) "
                        "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (event_id, match_id) DO UPDATE SET "
                        "entries = EXCLUDED.entries, head = EXCLUDED.head, row = EXCLUDED.row, seal = EXCLUDED.seal",
                        [(self.event_id, mid, c.summary.entries, c.summary.head, r["row"], r["seal"])
                         for mid, (c, mark) in self._changed.items() for r in [_row(mid, c, self.summarizer, mark)]])
        except (StoreError, psycopg.errors.LockNotAvailable):
            return False
        self._changed.clear()
        return True


def _fresh(match_id: str, snap: Snapshot, summarizer: Summarizer) -> Cached:
    """The summary of a match read whole (its chain and head checked: *snap*), or the store's error why not."""
    if snap.problem is not None:
        raise BrokenChain(snap.problem, M("{problem}; the event cannot use this match (run `referee verify`)"))
    return summarizer.compute(match_id, snap.entries)


def _fresh_or_error(job: tuple[str, Head, list[StoredEntry]], summarizer: Summarizer) -> Cached | StoreError:
    match_id, head, entries = job
    problem, note = PgStore._soundness(match_id, head, entries)
    try:
        return _fresh(match_id, Snapshot(entries, problem, note), summarizer)
    except StoreError as e:
        return e


class PgStore:
    """The store in a PostgreSQL database. Cheap to make: the first operation connects (and checks the
    schema's version)."""

    pushes = True  # watch() waits on LISTEN/NOTIFY
    _stall: float | None = None  # bound_waits

    def __init__(self, url: str, origin: Msg) -> None:
        self.url = url
        self.origin = origin
        self.notes: list[Msg] = []
        self.index_problem: Msg | None = None
        self._local = threading.local()
        self._pool: psycopg_pool.ConnectionPool[Conn] | None = None
        self._checked = False
        self._guard = threading.Lock()
        self._own: list[Conn] = []
        self._tokens = PgTokens(self)
        pinning.opened(self)

    # --- kept rule sets (referee.store.pinning; schema/004_rule_sets.sql) ---------------------------------

    def kept_rules(self, pin: str) -> KeptRules | None:
        """The rule-set content a match pinned as *pin*, if this store keeps it (and it is sound)."""
        if not rulesfile.is_pin(pin):
            return None
        with self._use() as conn:
            row = conn.execute("SELECT pin, digest, game, name, title, source, content FROM rule_sets WHERE pin = %s",
                               (pin,)).fetchone()
        kept = None if row is None else KeptRules(*(str(v) for v in row))
        return kept if kept is not None and kept.sound() else None

    def keep_rules(self, kept: KeptRules) -> None:
        """Keep a rule set's content, once, in the transaction that creates the match pinning it (if any)."""
        with self._use() as conn:
            conn.execute("INSERT INTO rule_sets (pin, digest, game, name, title, source, content, kept) "
                         "VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (pin) DO NOTHING",
                         (kept.pin, kept.digest, kept.game, kept.name, kept.title, kept.source, kept.text, now()))

    def kept_rule_sets(self) -> list[KeptRules]:
        """Every rule-set content this store keeps (what ``db copy`` carries)."""
        with self._use() as conn:
            rows = conn.execute("SELECT pin, digest, game, name, title, source, content FROM rule_sets "
                                "ORDER BY pin").fetchall()
        return [k for k in (KeptRules(*(str(v) for v in row)) for row in rows) if k.sound()]

    # --- where it is ------------------------------------------------------------------------------------

    @property
    def where(self) -> str:
        """The store as a message names it: its URL without the password."""
        return shown_url(self.url)

    @property
    def address(self) -> str:
        return self.url

    def folder(self) -> Path | None:
        return None

    # --- connections ------------------------------------------------------------------------------------

    def _connect(self) -> Conn:
        conn = connect(self.url, self.origin, stall=self._stall)
        if not self._checked:
            try:
                check_version(conn, self.url, self.origin)
            except BaseException:
                conn.close()
                raise
            self._checked = True
        return conn

    def use_pool(self, size: int) -> None:
        """Draw connections from a pool of up to *size* (the web server's worker threads) instead of one
        per thread."""
        from psycopg_pool import ConnectionPool

        self._connect().close()  # an unusable store is said now, in one line, not by the pool's retries
        # check: a connection the server dropped while it waited in the pool (a restart) is replaced, not lent
        self._pool = ConnectionPool(self.url, min_size=1, max_size=size, open=True,
                                    kwargs={"autocommit": True, "connect_timeout": 5},
                                    check=ConnectionPool.check_connection)

    def close(self) -> None:
        """Close this store's connections (a pool, the threads' own)."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None
        with self._guard:
            for conn in self._own:
                with contextlib.suppress(Exception):
                    conn.close()
            self._own.clear()

    @contextlib.contextmanager
    def _use(self) -> Iterator[Conn]:
        """The thread's connection: the one an enclosing operation holds, else one of the pool's, else the
        thread's own (made on first use)."""
        held: Conn | None = getattr(self._local, "conn", None)
        if held is not None:
            yield held
            return
        import psycopg

        if self._pool is not None:
            try:
                with self._pool.connection() as conn:
                    self._local.conn = conn
                    try:
                        yield conn
                    finally:
                        self._local.conn = None
            except psycopg.OperationalError as e:
                raise self._lost(e) from None
            return
        own: Conn | None = getattr(self._local, "own", None)
        if own is None or own.closed:
            own = self._connect()
            self._local.own = own
            with self._guard:
                self._own.append(own)
        self._local.conn = own
        try:
            yield own
        except psycopg.OperationalError as e:
            with contextlib.suppress(Exception):
                own.close()
            self._local.own = None
            raise self._lost(e) from None
        finally:
            self._local.conn = None

    def _lost(self, error: BaseException) -> StoreUnavailable:
        from referee.store.postgres.connection import _detail

        return StoreUnavailable(M("the PostgreSQL store {url} cannot be reached ({detail}); an entry that was not "
                                  "confirmed may not be stored: look at the match before recording it again",
                                  url=self.where, detail=_detail(error, self.url)))

    @contextlib.contextmanager
    def _errors(self, conn: Conn) -> Iterator[None]:
        """The database's refusals as the store's errors: a link the trigger refuses (the match moved on
        under a writer that did not hold its lock), an append-only table."""
        import psycopg

        try:
            yield
        except psycopg.errors.UniqueViolation as e:
            if "matches_in_effect" in str(e) or "entries_match_key_seq" in str(e) or "event_entries" in str(e):
                raise StoreError(M("another writer stored the same entry first; nothing was stored")) from None
            raise
        except psycopg.DatabaseError as e:
            if e.sqlstate not in ("RF001", "RF002"):  # the triggers' refusals; anything else is not the store's
                raise
            raise StoreError(M("the database refused the write ({detail}); nothing was stored",
                               detail=str(e).splitlines()[0])) from None

    # --- reading ----------------------------------------------------------------------------------------

    def _unknown(self, match_id: str) -> UnknownMatch:
        ids = self.match_ids()
        if not ids:
            return UnknownMatch(M("no match '{match}' in the store at {root} (matches stored: none; another "
                                  "store: --db PATH, $REFEREE_DB or `referee config db PATH`)",
                                  match=match_id, root=self.where))
        stored = ids[:8] + (["…"] if len(ids) > 8 else [])
        return UnknownMatch(M("no match '{match}' in the store at {root} (matches stored: {stored:list}; another "
                              "store: --db PATH, $REFEREE_DB or `referee config db PATH`)",
                              match=match_id, root=self.where, stored=stored))

    def _fetch(self, match_id: str) -> tuple[Head, list[StoredEntry]]:
        """The match's row head and entries, from one statement (one snapshot of the database)."""
        with self._use() as conn:
            rows = conn.execute(
                f"SELECT m.entries, m.head, {', '.join('e.' + c for c in MATCH_FIELDS)} FROM matches m "
                "LEFT JOIN entries e ON e.match_key = m.key WHERE m.id = %s AND m.replaced IS NULL ORDER BY e.seq",
                (match_id,)).fetchall()
        if not rows:
            raise self._unknown(match_id)
        return Head(rows[0][0], rows[0][1]), [_entry(r[2:]) for r in rows if r[2] is not None]

    def heads(self, match_ids: Sequence[str]) -> dict[str, tuple[Head, str]]:
        """The head (entry count, last hash) of each of the matches stored, and the mark of its entries as
        stored (the sum of their rows' versions, ``xmin``: an entry updated, or deleted and inserted again, with
        the triggers switched off moves it), from one query: what a cached summary is keyed by."""
        with self._use() as conn:
            rows = conn.execute(
                "SELECT m.id, m.entries, m.head, (SELECT coalesce(sum(e.xmin::text::bigint), 0) FROM entries e "
                "WHERE e.match_key = m.key)::text FROM matches m WHERE m.id = ANY(%s) AND m.replaced IS NULL",
                (list(match_ids),)).fetchall()
        return {r[0]: (Head(r[1], r[2]), r[3]) for r in rows}

    def fetch_many(self, match_ids: Sequence[str]) -> dict[str, tuple[Head, list[StoredEntry]]]:
        """:meth:`_fetch` of many matches in one statement (one snapshot of the database): each stored match's
        row head and entries."""
        if not match_ids:
            return {}
        with self._use() as conn:
            rows = conn.execute(
                f"SELECT m.id, m.entries, m.head, {', '.join('e.' + c for c in MATCH_FIELDS)} FROM matches m "
                "LEFT JOIN entries e ON e.match_key = m.key WHERE m.id = ANY(%s) AND m.replaced IS NULL "
                "ORDER BY m.id, e.seq", (list(match_ids),)).fetchall()
        out: dict[str, tuple[Head, list[StoredEntry]]] = {}
        for r in rows:
            got = out.get(r[0])
            if got is None:
                got = out[r[0]] = (Head(r[1], r[2]), [])
            if r[3] is not None:
                got[1].append(_entry(r[3:]))
        return out

    @staticmethod
    def _soundness(match_id: str, head: Head, entries: list[StoredEntry]) -> tuple[chain.ChainProblem | None,
                                                                                   Msg | None]:
        problem = chain.check(match_id, entries)
        if problem is None and entries and entries[0]["kind"] != "event":
            problem = chain.ChainProblem(match_id, 1, M("the first entry is not an event"))
        if problem is not None:
            return problem, None
        if len(entries) > head.entries:
            return chain.ChainProblem(match_id, None, M(
                "it holds {entries} but its row says {head}: its head was moved back by hand",
                entries=chain.entries(len(entries)), head=chain.entries(head.entries))), None
        return head_finding(match_id, entries, True, head, NO_HEAD)

    def exists(self, match_id: str) -> bool:
        with self._use() as conn:
            return conn.execute("SELECT 1 FROM matches WHERE id = %s AND replaced IS NULL",
                                (match_id,)).fetchone() is not None

    def match_ids(self) -> list[str]:
        with self._use() as conn:
            return [r[0] for r in conn.execute("SELECT id FROM matches WHERE replaced IS NULL ORDER BY id")]

    def snapshot(self, match_id: str) -> Snapshot:
        head, entries = self._fetch(match_id)
        problem, note = self._soundness(match_id, head, entries)
        return Snapshot(entries, problem, note)

    def read_match(self, match_id: str) -> MatchFile:
        return MatchFile(self._fetch(match_id)[1], True)

    def head_record(self, match_id: str) -> Head | None:
        with self._use() as conn:
            row = conn.execute("SELECT entries, head FROM matches WHERE id = %s AND replaced IS NULL",
                               (match_id,)).fetchone()
        return None if row is None else Head(row[0], row[1])

    def entries(self, match_id: str) -> list[StoredEntry]:
        return self._fetch(match_id)[1]

    def events_and_errors(self, match_id: str) -> tuple[list[Event], list[RecordError]]:
        return to_events(corrected(self.entries(match_id)))

    def events(self, match_id: str) -> list[Event]:
        return self.events_and_errors(match_id)[0]

    def header(self, match_id: str) -> Header:
        header = stored.header_of_events(self.events(match_id))
        if header is not None:
            return header
        raise StoreError(M("match {match}: no match header in effect", match=match_id))

    def head(self, match_id: str) -> tuple[str, int]:
        entries = self.entries(match_id)
        return (entries[-1]["hash"] if entries else chain.GENESIS)[:chain.SHORT], len(entries)

    def log(self, match_id: str) -> list[LogEntry]:
        return log_of(self.entries(match_id))

    def check(self, match_id: str) -> chain.ChainProblem | None:
        return self.snapshot(match_id).problem

    def anchor(self, match_id: str, head: str) -> Anchor:
        return anchor_of(match_id, self.entries(match_id), head)

    def audit(self, match_ids: list[str] | None = None) -> Audit:
        """Recompute every chain (or those of *match_ids*) client-side, compare it with its row's head, and
        the index columns and round witnesses with the header in effect."""
        ids = self.match_ids() if match_ids is None else list(match_ids)
        problems: list[chain.ChainProblem] = []
        notes: list[Msg] = []
        findings: list[Msg] = []
        total = 0
        rows = {r["id"]: r for r in self.summaries()}
        for mid in ids:
            try:
                snap = self.snapshot(mid)
            except UnknownMatch as e:
                problems.append(chain.ChainProblem(mid, None, e.msg))
                continue
            total += len(snap.entries)
            if snap.problem is not None:
                problems.append(snap.problem)
                continue
            if snap.note is not None:
                notes.append(snap.note)
            row = rows.get(mid)
            if row is None:
                continue
            header = _header_of(snap.entries)
            for field in INDEX_FIELDS if header is not None else ():
                said, stored = row.get(field), getattr(header, field)
                if said != stored:
                    findings.append(M("the index says {field} {indexed} for match {match}; its match file says "
                                      "{stored}", field=field, indexed="-" if said is None else str(said), match=mid,
                                      stored="-" if stored is None else str(stored)))
            if "entries" in row and "head" in row:
                n = row["entries"]
                if len(snap.entries) < n:
                    problems.append(chain.ChainProblem(mid, None, M(
                        "it holds {entries} but the index recorded {head} when its round closed: entries were removed",
                        entries=chain.entries(len(snap.entries)), head=chain.entries(n))))
                elif (snap.entries[n - 1]["hash"] if n else chain.GENESIS) != row["head"]:
                    problems.append(chain.ChainProblem(mid, n or None, M(
                        "it does not carry the hash the index recorded when its round closed: the match was "
                        "rewritten")))
        return Audit(len(ids), total, problems, notes, findings)

    def verify(self, match_ids: list[str] | None = None) -> tuple[int, int, list[chain.ChainProblem]]:
        found = self.audit(match_ids)
        return found.matches, found.entries, found.problems

    # --- writing ----------------------------------------------------------------------------------------

    def _insert_entries(self, conn: Conn, key: int, entries: Sequence[StoredEntry], match_id: str) -> None:
        with self._errors(conn), conn.cursor() as cur:
            cur.executemany(f"INSERT INTO entries (match_key, {MATCH_COLUMNS}) "
                            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                            [_match_values(key, e) for e in entries])

    @contextlib.contextmanager
    def lock_match(self, match_id: str) -> Iterator[None]:
        """The match row's lock, held until the block ends (a session inside shares its transaction)."""
        with self._use() as conn, conn.transaction():
            conn.execute("SELECT 1 FROM matches WHERE id = %s AND replaced IS NULL FOR UPDATE", (match_id,))
            yield

    @contextlib.contextmanager
    def session(self, match_id: str, *, must_exist: bool = True) -> Iterator[PgSession]:
        """The match opened for writing: its row locked, its entries read and checked (chain and head); the
        entries appended are committed when the block ends, none of them if it raises."""
        with self._use() as conn, conn.transaction():
            row = conn.execute("SELECT key, entries, head FROM matches WHERE id = %s AND replaced IS NULL "
                               "FOR UPDATE", (match_id,)).fetchone()
            if row is None:
                raise self._unknown(match_id)
            head = Head(row[1], row[2])
            # What an append needs of the match: its head, whose entry must be the last, carry its hash and match
            # it (the trigger checked each link as it was inserted and refuses any change of an entry; `verify`
            # checks every hash). Anything else: read and checked whole, for the problem's words.
            last = [_entry(r) for r in conn.execute(
                f"SELECT {MATCH_COLUMNS} FROM entries WHERE match_key = %s AND seq >= %s ORDER BY seq LIMIT 2",
                (row[0], head.entries)).fetchall()]
            session = PgSession(self, conn, row[0], match_id, head)
            if head.entries < 1 or len(last) != 1 or last[0]["seq"] != head.entries \
                    or last[0]["hash"] != head.hash or chain.entry_hash(match_id, last[0]) != head.hash:
                session.entries  # noqa: B018 - read and checked whole: raises the BrokenChain naming the problem
            yield session

    def _checked_entries(self, conn: Conn, key: int, match_id: str, head: Head) -> list[StoredEntry]:
        """The entries of the match row *key* (its lock held), checked whole: a BrokenChain when they are not sound."""
        rows = conn.execute(f"SELECT {MATCH_COLUMNS} FROM entries WHERE match_key = %s ORDER BY seq",
                            (key,)).fetchall()
        entries = [_entry(r) for r in rows]
        problem, _ = self._soundness(match_id, head, entries)
        if problem is not None:
            raise BrokenChain(problem, M("{problem}; nothing recorded (run `referee verify`)"))
        return entries

    def append(self, match_id: str, items: Sequence[NewEntry], expect_seq: int | None = None,
               referee: str | None = None) -> list[StoredEntry]:
        """Append *items* in one transaction under the match row's lock; refused (nothing written) when
        *expect_seq* is given and the match does not hold that many entries."""
        with self.session(match_id) as s:
            if expect_seq is not None and s.count != expect_seq:
                raise moved_on(s.count, expect_seq)
            return s.append_many(items, referee)

    def _create(self, conn: Conn, events: Sequence[Event], referee: str | None, replace: bool) -> Header:
        import psycopg

        header = new_header(events)
        game = stored.game_of_events(events)
        assert game is not None  # new_header found its header
        match_id = header.id
        found = conn.execute("SELECT key FROM matches WHERE id = %s AND replaced IS NULL FOR UPDATE",
                             (match_id,)).fetchone()
        if found is not None:
            if not replace:
                raise DuplicateMatch(M("match '{match}' is already in the store at {root} (use --replace to "
                                       "overwrite it; the old one is kept in replaced/)",
                                       match=match_id, root=self.where))
            conn.execute("UPDATE matches SET replaced = %s WHERE key = %s", (now(), found[0]))
        try:
            with conn.transaction():
                key = conn.execute(
                    'INSERT INTO matches (id, created, rules, date, event, "table", round) '
                    "VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING key",
                    (match_id, now(), stored.rules_of(header), header.date, header.event, header.table,
                     header.round)).fetchone()
        except psycopg.errors.UniqueViolation:
            raise DuplicateMatch(M("match '{match}' is already in the store at {root} (use --replace to "
                                   "overwrite it; the old one is kept in replaced/)",
                                   match=match_id, root=self.where)) from None
        assert key is not None
        lines = stored.lines_of(game, pinning.pin_events(self, events))
        entries = seal_all(match_id, [], [{"kind": "event", "directive": line} for line in lines], referee)
        self._insert_entries(conn, key[0], entries, match_id)
        return header

    def create(self, events: list[Event], referee: str | None = None, replace: bool = False) -> str:
        """Store a new match (its header first), in one transaction; with *replace*, the match that had its id
        is kept, marked replaced."""
        with self._use() as conn, conn.transaction():
            return self._create(conn, events, referee, replace).id

    def create_many(self, matches: list[list[Event]], referee: str | None = None) -> None:
        self.create_all(matches, referee)

    def create_all(self, matches: Sequence[Sequence[Event]], referee: str | None = None) -> None:
        """Store many new matches in one transaction: all, or none if one of their ids is stored."""
        with self._use() as conn, conn.transaction():
            for events in matches:
                self._create(conn, events, referee, replace=False)

    def adopt(self, match_id: str, entries: Sequence[StoredEntry]) -> None:
        """Store a match's entries as they are, sealed elsewhere (``referee db copy``), in one transaction: their
        chain checked first, refused (``DuplicateMatch``) when the id is stored."""
        import psycopg

        from referee.store.folder import checked_copy

        found = checked_copy(match_id, entries)
        header = _header_of(found)
        fields = (None, None, None, None) if header is None else (header.date, header.event, header.table,
                                                                  header.round)
        try:
            with self._use() as conn, conn.transaction():
                key = conn.execute('INSERT INTO matches (id, created, rules, date, event, "table", round) '
                                   "VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING key",
                                   (match_id, found[0]["time"], "?" if header is None else header.rules,
                                    *fields)).fetchone()
                assert key is not None
                self._insert_entries(conn, key[0], found, match_id)
        except psycopg.errors.UniqueViolation:
            raise DuplicateMatch(M("match '{match}' is already in the store at {root}", match=match_id,
                                   root=self.where)) from None

    def index_header(self, header: Header) -> None:
        with self._use() as conn, conn.transaction():
            conn.execute('UPDATE matches SET rules = %s, date = %s, event = %s, "table" = %s, round = %s '
                         "WHERE id = %s AND replaced IS NULL",
                         (stored.rules_of(header), header.date, header.event, header.table, header.round,
                          header.id))

    def witness(self, heads: Mapping[str, tuple[int, str]]) -> None:
        with self._use() as conn, conn.transaction():
            for mid, (n, digest_) in heads.items():
                conn.execute("UPDATE matches SET witness_entries = %s, witness_head = %s "
                             "WHERE id = %s AND replaced IS NULL", (n, digest_, mid))

    def summaries(self) -> list[Summary]:
        with self._use() as conn:
            rows = conn.execute('SELECT id, rules, date, event, "table", round, created, witness_entries, '
                                "witness_head FROM matches WHERE replaced IS NULL ORDER BY key").fetchall()
        out: list[Summary] = []
        for r in rows:
            row: Summary = {"id": r[0], "rules": r[1], "date": r[2], "event": r[3], "table": r[4], "round": r[5],
                            "created": r[6]}
            if r[7] is not None and r[8] is not None:
                row["entries"], row["head"] = r[7], r[8]
            out.append(row)
        return out

    def repair_index(self) -> Repair:
        """Set each match row's index columns from the header in effect in its entries."""
        left_out: list[chain.ChainProblem] = []
        headers: list[Header] = []
        for mid in self.match_ids():
            try:
                headers.append(self.header(mid))
            except StoreError as e:
                left_out.append(chain.ChainProblem(mid, None, e.msg))
        for h in headers:
            self.index_header(h)
        return Repair(len(headers), left_out, None, [])

    # --- repositories -----------------------------------------------------------------------------------

    def event_log(self, event_id: str) -> PgEventLog:
        return PgEventLog(self, event_id)

    def event_ids(self) -> list[str]:
        with self._use() as conn:
            return [r[0] for r in conn.execute("SELECT id FROM events ORDER BY id")]

    def tokens(self) -> PgTokens:
        return self._tokens

    def signin_links(self) -> PgSigninLinks:
        return PgSigninLinks(self)

    def leagues(self) -> PgLeagues:
        from referee.store.postgres.leagues import PgLeagues

        return PgLeagues(self)

    def venue_syncs(self) -> PgVenueSyncs:
        """The venues that sync into this store, each one's last complete pass (``schema/005_venue_syncs.sql``)."""
        from referee.store.postgres.venuesyncs import PgVenueSyncs

        return PgVenueSyncs(self)

    def bound_waits(self, seconds: float) -> None:
        """From the next connection on, a wait of *seconds* with no byte from the server ends the operation
        (``connection.connect``'s *stall*): ``referee sync`` fails a pass over a stalled link instead of hanging."""
        self._stall = seconds

    def summary_cache(self, event_id: str, summarizer: Summarizer) -> PgSummaryCache:
        return PgSummaryCache(self, event_id, summarizer)

    # --- versions and changes ---------------------------------------------------------------------------

    def match_version(self, match_id: str) -> object:
        with self._use() as conn:
            return conn.execute("SELECT key, entries, head FROM matches WHERE id = %s AND replaced IS NULL",
                                (match_id,)).fetchone()

    def event_version(self, event_id: str) -> object:
        with self._use() as conn:
            return conn.execute("SELECT entries, head FROM events WHERE id = %s", (event_id,)).fetchone()

    def version(self) -> object:
        with self._use() as conn:
            row = conn.execute("SELECT coalesce(max(id), 0) FROM changes").fetchone()
        return None if row is None else row[0]

    def _listener(self) -> Conn:
        """This thread's connection that LISTENs on the changes channel (apart from the one that writes:
        a notification is delivered to a connection between its transactions)."""
        conn: Conn | None = getattr(self._local, "listener", None)
        if conn is None or conn.closed:
            conn = self._connect()
            conn.execute(f"LISTEN {CHANNEL}")
            self._local.listener = conn
            with self._guard:
                self._own.append(conn)
        return conn

    def watch(self, cursor: str | None, timeout: float = 0.0) -> Changes:
        """What changed after *cursor* (every match and event when it is None), waiting up to *timeout*
        seconds for a change when there is none yet. The cursor is the id of the last row of ``changes``
        seen: nothing committed after it is missed between two calls."""
        import psycopg

        listener = self._listener() if timeout > 0 else None
        try:
            start = int(cursor) if cursor is not None else None
        except ValueError:
            raise UsageError(M("not a cursor of this store: {cursor}",
                               cursor=str(cursor)[:40])) from None
        with self._use() as conn:
            if start is None:
                row = conn.execute("SELECT coalesce(max(id), 0) FROM changes").fetchone()
                last = int(row[0]) if row is not None else 0
                return Changes(str(last), frozenset(self.match_ids()), frozenset(self.event_ids()))
            rows = conn.execute("SELECT id, match_id, event_id FROM changes WHERE id > %s ORDER BY id",
                                (start,)).fetchall()
        if not rows and listener is not None:
            try:
                for _ in listener.notifies(timeout=timeout, stop_after=1):
                    break
            except psycopg.OperationalError as e:
                self._local.listener = None
                raise self._lost(e) from None
            with self._use() as conn:
                rows = conn.execute("SELECT id, match_id, event_id FROM changes WHERE id > %s ORDER BY id",
                                    (start,)).fetchall()
        last = max([start, *(int(r[0]) for r in rows)])
        return Changes(str(last), frozenset(r[1] for r in rows if r[1] is not None),
                       frozenset(r[2] for r in rows if r[2] is not None))

    # --- extending with entries sealed elsewhere (referee sync) ------------------------------------------

    def extend(self, match_id: str, entries: Sequence[StoredEntry], expect_seq: int) -> None:
        """Add *entries*, sealed elsewhere, to the match as they are, in one transaction under its row's lock:
        refused (``MovedOn``, nothing written) when the match does not hold *expect_seq* entries, and
        (``BrokenChain``) when they do not continue its chain; the database's triggers check each link again."""
        from referee.store.extending import changes_header, continuation

        with self.session(match_id) as s:
            new = continuation(match_id, s.entries, entries, expect_seq)
            self._insert_entries(s.conn, s.key, new, match_id)
            s.entries = s.entries + new
            if changes_header(new):
                header = _header_of(s.entries)
                if header is not None:
                    s.conn.execute('UPDATE matches SET rules = %s, date = %s, event = %s, "table" = %s, round = %s '
                                   "WHERE key = %s", (stored.rules_of(header), header.date, header.event,
                                                       header.table, header.round, s.key))


def _header_of(entries: Sequence[StoredEntry]) -> Header | None:
    for place, text in corrected(entries).items():
        return stored.header_of_line(text, place)
    return None
