"""The tokens that let a referee or the director write through the web server (``referee serve``).

One file in the store folder, ``tokens.json``, written through ``referee.core.safefile`` under its lock
(``referee.store.files.lock``), readable only by its owner::

    {"format": 1, "tokens": [{"name": "王裁判", "role": "referee", "event": "SC26", "tables": [1, 2],
      "hash": "<sha256 of the token>", "created": …, "revoked": null}, …]}

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

import hashlib
import hmac
import json
import os
import re
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from referee.core import safefile
from referee.core.errors import NotFound, RefereeError, UsageError
from referee.core.i18n import M
from referee.core.names import NAME_MAX, check_id, check_text
from referee.store.files import lock
from referee.store.store import now

FILE = "tokens.json"
FORMAT = 1
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


class Tokens:
    """The tokens of a store folder. Cheap to make: the file is read when asked (and re-read only when
    it changed, so a server checking a token per request reads it once)."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)
        self.path = self.root / FILE
        self._seen: tuple[int, int] | None = None
        self._data: dict[str, Any] = {}

    # --- reading ------------------------------------------------------------------------------------

    def _read(self) -> dict[str, Any]:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            self._seen, self._data = None, {}
            return {}
        sig = (st.st_size, st.st_mtime_ns)
        if sig != self._seen:
            self._data = self._load(self._raw())
            self._seen = sig
        return self._data

    def _raw(self) -> bytes:
        """The file's bytes: a regular file of bounded size (a FIFO or a device in its place is a
        TokenError naming it, never waited on or read whole); b"" when there is none."""
        try:
            return safefile.read_regular(self.path)
        except FileNotFoundError:
            return b""
        except safefile.Refused as e:
            raise TokenError(e.msg) from None

    def _load(self, raw: bytes) -> dict[str, Any]:
        try:
            data = safefile.loads(raw)
        except ValueError as e:
            raise TokenError(M("{file} is not valid JSON ({detail})", file=str(self.path), detail=str(e))) from None
        if not isinstance(data, dict) or not isinstance(data.get("tokens"), list):
            raise TokenError(M("{file} holds no list of tokens", file=str(self.path)))
        return data

    def all(self) -> list[Token]:
        out = []
        for row in self._read().get("tokens", []):
            try:
                out.append(Token(str(row["name"]), str(row["role"]), row.get("event"),
                                 tuple(int(t) for t in row.get("tables") or ()), str(row["hash"]),
                                 str(row.get("created") or ""), row.get("revoked"), row.get("club")))
            except (KeyError, TypeError, ValueError):
                raise TokenError(M("{file}: a token's record is not readable", file=str(self.path))) from None
        return out

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

    # --- writing ------------------------------------------------------------------------------------

    def _writing(self) -> _Writing:
        return _Writing(self)

    def add(self, name: str, role: str, event: str | None = None, tables: Sequence[int] = (),
            club: str | None = None) -> Issued:
        """Make a token for *name*; refused when *name* has a valid one already."""
        token, secret = new_token(name, role, event, tables, club)
        with self._writing() as data:
            rows = data.setdefault("tokens", [])
            if any(r.get("name") == token.name and r.get("revoked") is None for r in rows):
                raise TokenError(M("{name} has a token already: revoke it first (referee token revoke {name})",
                                   name=token.name))
            rows.append(token.to_dict())
        return Issued(token, secret)

    def revoke(self, name: str) -> Token:
        if self.named(name) is None:  # nothing to write: no file, no folder made (issue 16.19)
            raise _no_token(name)
        with self._writing() as data:
            for row in data.get("tokens", []):
                if row.get("name") == name and row.get("revoked") is None:
                    row["revoked"] = now()
                    return self._token(row)
            raise _no_token(name)

    def assign(self, name: str, tables: Sequence[int], event: str | None = None) -> Token:
        """Give the referee *name* these tables (of *event*, when given): the director's assignment."""
        if self.named(name) is None:
            raise _no_token(name)
        with self._writing() as data:
            for row in data.get("tokens", []):
                if row.get("name") == name and row.get("revoked") is None:
                    row["tables"] = sorted(set(int(t) for t in tables))
                    if event is not None:
                        row["event"] = check_id(event, "event")
                    return self._token(row)
            raise _no_token(name)

    @staticmethod
    def _token(row: dict[str, Any]) -> Token:
        return Token(row["name"], row["role"], row.get("event"), tuple(row.get("tables") or ()), row["hash"],
                     row.get("created") or "", row.get("revoked"), row.get("club"))

    def adopt(self, token: Token) -> None:
        """Keep *token* as it is (``referee db copy``): its hash, times and scope."""
        with self._writing() as data:
            data.setdefault("tokens", []).append(token.to_dict())


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


class _Writing:
    """The file's data while its lock is held; written back (atomically, owner-only) when the block
    ends without an error, left as it was otherwise."""

    def __init__(self, tokens: Tokens) -> None:
        self.tokens = tokens
        self._lock = lock(tokens.path)

    def __enter__(self) -> dict[str, Any]:
        self.tokens.root.mkdir(parents=True, exist_ok=True)
        self._lock.__enter__()
        try:
            safefile.clean_temp(self.tokens.path)
            raw = self.tokens._raw()
            self.data = self.tokens._load(raw) if raw.strip() else {"format": FORMAT, "tokens": []}
            self.before = json.dumps(self.data, sort_keys=True)
        except BaseException:
            self._lock.__exit__(None, None, None)
            raise
        return self.data

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        try:
            if kind is None and json.dumps(self.data, sort_keys=True) != self.before:  # unchanged: not rewritten
                self.data.pop("key", None)  # an older version's session key: no secret is kept here
                text = json.dumps(self.data, ensure_ascii=False, indent=1)
                safefile.write_bytes(self.tokens.path, text.encode("utf-8"), mode=0o600)
        finally:
            self._lock.__exit__(None, None, None)


def _no_token(name: str) -> NotFound:
    return NotFound(M("no valid token named {name} (see referee token list)", name=name))
