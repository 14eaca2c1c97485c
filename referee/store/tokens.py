"""The tokens that let a referee or the director write through the web server (``referee serve``).

One file in the store folder, ``tokens.json``: a TinyDB (``referee.store.files.open_db``) on the store's
atomic storage, written under its lock (``referee.store.files.lock``), readable only by its owner::

    {"meta": {"1": {"format": 1}},
     "tokens": {"1": {"name": "王裁判", "role": "referee", "event": "SC26", "tables": [1, 2],
                      "hash": "<sha256 of the token>", "created": …, "revoked": null}, …}}

A file of the list layout of before, ``{"format": 1, "tokens": [{…}, …]}``, reads as ever; its next write
writes TinyDB's layout.

The file holds no secret: the web server's session key is drawn at each start and kept in memory
(``referee.web.auth.Sessions``); a ``key`` an older version stored here is ignored, and dropped at
the file's next write.

A token is shown once, when it is made (``referee token add``, or the director's page); the file
keeps only its SHA-256 (a random 192-bit token needs no slow hash), so reading the file gives no one
a token. A referee token writes only to its tables' matches — all of its event's when it names no
tables, all matches when it names no event; a director's also pairs and closes rounds, assigns
referees to tables (the ``tables`` of their token, kept here, not in the event's log) and issues and
revokes tokens. A revoked token is kept, marked, so the log's referee names stay explained.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import re
import secrets
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.core import safefile
from referee.core.errors import NotFound, RefereeError, UsageError
from referee.core.i18n import M, Msg
from referee.core.names import NAME_MAX, check_id, check_text
from referee.store.files import Document, Malformed, TinyDB, flush, listed, lock, open_db, storage_of
from referee.store.store import now

if TYPE_CHECKING:
    from tinydb.table import Table

FILE = "tokens.json"
FORMAT = 1
META = "meta"  # the file's one document, id 1: {"format": 1}
TOKENS = "tokens"  # the tokens, in the order they were made
ROLES = ("referee", "director")
PREFIX = "rt-"  # marks a referee token where it is pasted (a log, a chat) so it is recognised
TABLES_MAX = 999
TABLE = re.compile(r"[0-9]{1,3}")  # ASCII digits: str.isdigit() takes "²", which int() refuses


class Token(NamedTuple):
    """One token as stored (its hash, never the token itself)."""

    name: str  # who writes with it: every entry stored with it carries this name as its referee
    role: str  # "referee" | "director"
    event: str | None  # the event it is for (None: every match in the store)
    tables: tuple[int, ...]  # the tables it writes to (empty: every table of its event)
    hash: str
    created: str
    revoked: str | None = None  # when it was revoked (UTC), None while it is valid
    club: str | None = None  # a club director's: writes to the events its club holds in a league only

    @property
    def active(self) -> bool:
        return self.revoked is None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role, "event": self.event, "tables": list(self.tables),
                "hash": self.hash, "created": self.created, "revoked": self.revoked, "club": self.club}


class Issued(NamedTuple):
    token: Token
    secret: str  # the token itself: shown once, never stored


class TokenError(RefereeError):
    """A token operation refused (a name taken, the file unreadable): nothing written."""


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def parse_tables(text: str | None, what: str = "--tables") -> tuple[int, ...]:
    """``1,2,3`` → (1, 2, 3); a usage error naming *what* for anything else."""
    if text is None or not text.strip():
        return ()
    out: list[int] = []
    for part in text.replace("，", ",").split(","):
        part = part.strip()
        if not TABLE.fullmatch(part) or not 1 <= int(part) <= TABLES_MAX:
            raise UsageError(M("{what} {value}: tables are numbers from 1, separated by commas (1,2,3)",
                               what=what, value=text if len(text) <= 40 else text[:40] + "…"))
        if int(part) not in out:
            out.append(int(part))
    return tuple(sorted(out))


class TokenLookup:
    """The lookups both backends' tokens share (the folder's :class:`Tokens`, PostgreSQL's ``PgTokens``): a
    token by its secret's hash or by its name, over :meth:`all`, which each backend reads its own way."""

    def all(self) -> list[Token]:
        raise NotImplementedError

    def find(self, secret: str) -> Token | None:
        """The valid token *secret* is, or None (compared by hash, in constant time)."""
        if not secret:
            return None
        wanted = digest(secret.strip())
        found = None
        for t in self.all():
            if hmac.compare_digest(t.hash, wanted) and t.active:
                found = t
        return found

    def named(self, name: str) -> Token | None:
        """The valid token of *name*, or None."""
        return next((t for t in self.all() if t.name == name and t.active), None)


class Tokens(TokenLookup):
    """The tokens of a store folder. Cheap to make: the file is read when asked (and re-read only when
    it changed, so a server checking a token per request reads it once)."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)
        self.path = self.root / FILE
        self._seen: tuple[int, int] | None = None
        self._rows: list[Any] = []
        self._made: tuple[list[Any], list[Token]] | None = None  # the rows read last, and their tokens
        self._valid: tuple[list[Any], dict[str, Token]] | None = None  # the rows read last, their valid tokens by hash

    # --- reading ------------------------------------------------------------------------------------

    def _read(self) -> list[Any]:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            self._seen, self._rows = None, []
            return []
        sig = (st.st_size, st.st_mtime_ns)
        if sig != self._seen:
            self._rows = self._open(blank_ok=False)[1]
            self._seen = sig
        return self._rows

    def _open(self, *, blank_ok: bool) -> tuple[TinyDB | None, list[Any]]:
        """The file through TinyDB: (its TinyDB, the tokens' records); the TinyDB is None when the file is in
        the list layout of before (or missing and *blank_ok*). A TokenError naming the file when it cannot
        be used (a FIFO or a device in its place is never waited on or read whole)."""
        try:
            return read_rows(self.path, blank_ok=blank_ok)
        except safefile.Refused as e:
            raise TokenError(e.msg) from None
        except NoList:
            raise TokenError(M("{file} holds no list of tokens", file=str(self.path))) from None
        except BadRecord:
            raise TokenError(M("{file}: a token's record is not readable", file=str(self.path))) from None
        except ValueError as e:
            raise TokenError(M("{file} is not valid JSON ({detail})", file=str(self.path), detail=str(e))) from None

    def all(self) -> list[Token]:
        rows = self._read()
        made = self._made
        if made is not None and made[0] is rows:  # the file as last read: its tokens as made then
            return list(made[1])
        out = []
        for row in rows:
            try:
                out.append(Token(str(row["name"]), str(row["role"]), row.get("event"),
                                 tuple(int(t) for t in row.get("tables") or ()), str(row["hash"]),
                                 str(row.get("created") or ""), row.get("revoked"), row.get("club")))
            except (KeyError, TypeError, ValueError, AttributeError):
                raise TokenError(M("{file}: a token's record is not readable", file=str(self.path))) from None
        self._made = (rows, out)
        return list(out)

    def find(self, secret: str) -> Token | None:
        """The valid token *secret* is, or None: the file looked at (one ``stat``: a token revoked or added since is
        seen at once), its valid tokens by hash made once per read of it (a server checks a token per request)."""
        if not secret:
            return None
        rows = self._read()
        valid = self._valid
        if valid is None or valid[0] is not rows:
            by_hash: dict[str, Token] = {}
            for t in self.all():
                if t.active:
                    by_hash[t.hash] = t  # the last of a hash, as the lookup over all() finds it
            valid = self._valid = (self._rows, by_hash)
        return valid[1].get(digest(secret.strip()))

    # --- writing ------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Table]:
        """The tokens' table while the file's lock is held; written back (atomically, owner-only, in TinyDB's
        layout) when the block ends without an error and changed it, left as it was otherwise."""
        self.root.mkdir(parents=True, exist_ok=True)
        with lock(self.path):
            safefile.clean_temp(self.path)
            db, rows = self._open(blank_ok=True)
            if db is None or storage_of(db).blank:  # new, or the list layout: written whole in TinyDB's
                if not all(isinstance(row, dict) for row in rows):
                    raise TokenError(M("{file}: a token's record is not readable", file=str(self.path)))
                db = open_db(self.path, batch=True, fresh=True, mode=0o600)
                db.table(META).insert(Document({"format": FORMAT}, doc_id=1))
                db.table(TOKENS).insert_multiple(rows)
            table = db.table(TOKENS)
            before = json.dumps(table.all(), sort_keys=True)
            yield table
            if json.dumps(table.all(), sort_keys=True) != before:  # unchanged: not rewritten
                flush(db)

    def add(self, name: str, role: str, event: str | None = None, tables: Sequence[int] = (),
            club: str | None = None) -> Issued:
        """Make a token for *name*; refused when *name* has a valid one already."""
        token, secret = new_token(name, role, event, tables, club)
        with self._writing() as table:
            if _valid_row(table, token.name) is not None:
                raise TokenError(M("{name} has a token already: revoke it first (referee token revoke {name})",
                                   name=token.name))
            table.insert(token.to_dict())
        return Issued(token, secret)

    def revoke(self, name: str) -> Token:
        if self.named(name) is None:  # nothing to write: no file, no folder made (issue 16.19)
            raise _no_token(name)
        with self._writing() as table:
            row = _valid_row(table, name)
            if row is None:
                raise _no_token(name)
            fields = {"revoked": now()}
            table.update(fields, doc_ids=[row.doc_id])
            return self._token({**row, **fields})

    def assign(self, name: str, tables: Sequence[int], event: str | None = None) -> Token:
        """Give the referee *name* these tables (of *event*, when given): the director's assignment."""
        if self.named(name) is None:
            raise _no_token(name)
        with self._writing() as table:
            row = _valid_row(table, name)
            if row is None:
                raise _no_token(name)
            fields: dict[str, Any] = {"tables": sorted(set(int(t) for t in tables))}
            if event is not None:
                fields["event"] = check_id(event, "event")
            table.update(fields, doc_ids=[row.doc_id])
            return self._token({**row, **fields})

    @staticmethod
    def _token(row: dict[str, Any]) -> Token:
        return Token(row["name"], row["role"], row.get("event"), tuple(row.get("tables") or ()), row["hash"],
                     row.get("created") or "", row.get("revoked"), row.get("club"))

    def adopt(self, token: Token) -> None:
        """Keep *token* as it is (``referee db copy``): its hash, times and scope."""
        with self._writing() as table:
            table.insert(token.to_dict())


def new_token(name: str, role: str, event: str | None, tables: Sequence[int], club: str | None) -> Issued:
    """A new token's record and its secret, every argument checked (a usage error naming it)."""
    name = check_text(name, "NAME", NAME_MAX).strip()
    if not name:
        raise UsageError(M("NAME: a token needs the name of the person who writes with it"))
    if role not in ROLES:
        raise UsageError(M("--role {role}: referee or director", role=role))
    if event is not None:
        event = check_id(event, "--event")
    if club is not None:
        club = check_text(club, "--club", NAME_MAX).strip()
        if not club:
            raise UsageError(M("--club: name the club (venue) the event was held at"))
    secret = PREFIX + secrets.token_urlsafe(24)
    return Issued(Token(name, role, event, tuple(sorted(set(tables))), digest(secret), now(), None, club), secret)


class NoList(ValueError):
    """A tokens file that holds no list (or table) of tokens."""


class BadRecord(ValueError):
    """A tokens file in TinyDB's layout whose token *position* (1-based) is not a record at all."""

    def __init__(self, position: int) -> None:
        super().__init__(f"token {position}")
        self.position = position


def read_rows(path: Path, *, blank_ok: bool) -> tuple[TinyDB | None, list[Any]]:
    """The tokens file *path* read through TinyDB on the atomic storage: (its TinyDB, its tokens' records as
    stored); the TinyDB None for a file of the list layout of before. Missing, it holds none; blank, it holds
    none when *blank_ok* (a writer's), else it is not JSON. ``ValueError`` (:class:`NoList`,
    :class:`BadRecord`, or not JSON) or ``OSError`` when it cannot be used."""
    db = open_db(path, batch=True, mode=0o600)
    try:
        db.tables()
    except Malformed as e:
        old = listed(e)
        rows = old.get(TOKENS) if old is not None else None
        if isinstance(rows, list):
            return None, rows
        if e.table == TOKENS and e.position is not None:
            raise BadRecord(e.position) from None
        raise NoList() from None
    if storage_of(db).blank and not blank_ok and path.exists():
        safefile.loads(b"")  # an empty file is no JSON: the reader's own words say so
    return db, [dict(d) for d in db.table(TOKENS).all()]


def _valid_row(table: Table, name: str) -> Document | None:
    """The record of *name*'s valid token in the table, or None."""
    return next((d for d in table.all() if d.get("name") == name and d.get("revoked") is None), None)


class FolderTokens(Tokens):
    """The tokens file of a store folder, with what ``verify`` finds wrong in it."""

    def problems(self) -> list[Msg]:
        """What is wrong with the tokens file (not chained: each record is checked for what the store
        writes): a file that cannot be read, a record of the wrong shape, a role or a hash no token has."""
        path = self.path
        try:
            rows = read_rows(path, blank_ok=False)[1]
        except NoList:
            return [M("{file} holds no list of tokens", file=str(path))]
        except BadRecord as e:
            return [M("{file}: token {n} is not a record the store writes", file=str(path), n=e.position)]
        except ValueError:
            return [M("{file} is not valid JSON", file=str(path))]
        except OSError as e:
            return [M("{file} cannot be read ({reason})", file=str(path),
                      reason=e.strerror or str(e))]
        return [M("{file}: token {n} is not a record the store writes",
                  file=str(path), n=i) for i, row in enumerate(rows, 1) if not token_ok(row, ROLES)]


def token_ok(row: object, roles: Sequence[str]) -> bool:
    """A token's record as ``referee.store.tokens`` writes it."""
    keys = {"name", "role", "event", "tables", "hash", "created", "revoked"}
    if not isinstance(row, dict) or set(row) not in (keys, keys | {"club"}):  # no club: a token of before leagues
        return False
    tables = row["tables"]
    digest = row["hash"]
    return (isinstance(row["name"], str) and row["role"] in roles
            and (row["event"] is None or isinstance(row["event"], str))
            and isinstance(tables, list) and all(type(t) is int and t >= 1 for t in tables)
            and isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)
            and isinstance(row["created"], str) and (row["revoked"] is None or isinstance(row["revoked"], str))
            and (row.get("club") is None or isinstance(row["club"], str)))


def _no_token(name: str) -> NotFound:
    return NotFound(M("no valid token named {name} (see referee token list)", name=name))
