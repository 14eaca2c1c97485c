"""One-time sign-in links: what a token's QR code holds, so that scanning it is all a referee does.

A link is ``<server>/referee/link/<code>``; the code is drawn at random (192 bits) when the QR code is
made (``referee token add --url``, ``referee token link``, the director's page) and kept here by its
SHA-256 only, with the holder's name and a prefix of their token's hash. It signs the phone in once:
the first use marks it used (under the file's lock, so two phones scanning the same code at the same
moment sign in one of them), every later use is refused with a line saying so. It is refused too when
the token it was made for is revoked or replaced, and after :data:`LINK_DAYS` days.

In a store folder, one file, ``signin-links.json``: a TinyDB (``referee.store.files.open_db``) on the store's
atomic storage, ``{"meta": {"1": {"format": 1}}, "links": {"1": {…}, …}}``, written under its lock
(``referee.store.files.lock``), readable only by its owner (a file of the list layout of before,
``{"format": 1, "links": [{…}, …]}``, reads as ever and is written in TinyDB's layout at its next write);
in a PostgreSQL store, the table ``signin_links`` (``referee.store.postgres.store.PgSigninLinks``, the same
checks: :func:`check_row`). Reached through the store (``store.signin_links()``). It holds no secret.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from referee.core import safefile
from referee.core.errors import RefereeError
from referee.core.i18n import M
from referee.store.files import Document, Malformed, TinyDB, flush, listed, lock, open_db
from referee.store.store import now
from referee.store.tokens import Token, Tokens, digest

FILE = "signin-links.json"
LINK_DAYS = 2  # a link printed for a club evening, and the morning after
PREFIX = "sl-"
PATH = "/referee/link/"
META = "meta"  # the file's one document, id 1: {"format": 1}
LINKS = "links"


class TokensLike(Protocol):
    """What a link needs of the tokens: the valid token of a name."""

    def named(self, name: str) -> Token | None: ...


class LinkRefused(RefereeError):
    """A sign-in link that signs no one in: unknown, used already, expired, or its token revoked."""


def link_url(base: str, code: str) -> str:
    """The address a QR code holds: *base* (``http://192.168.1.20:8000``) and the link's path."""
    return base.rstrip("/") + PATH + code


def _when(stamp: object) -> datetime | None:
    """A stored time, or None when it is not one (a hand-edited or damaged file)."""
    try:
        return datetime.fromisoformat(str(stamp).replace("Z", "+00:00")).astimezone(UTC)
    except ValueError:
        return None


class SigninLinks:
    """The one-time sign-in links of a store folder."""

    def __init__(self, root: str | Path, tokens: TokensLike | None = None) -> None:
        self.root = Path(root)
        self.path = self.root / FILE
        self.tokens: TokensLike = tokens or Tokens(self.root)

    def _load(self) -> list[Any]:
        """The links' records, read through TinyDB (a file of the list layout of before too); a
        :class:`LinkRefused` naming the file when it cannot be used."""
        db = open_db(self.path)
        try:
            db.tables()
        except safefile.Refused as e:
            raise LinkRefused(e.msg) from None
        except Malformed as e:
            old = listed(e)
            rows = old.get(LINKS) if old is not None else None
            if not isinstance(rows, list):
                raise LinkRefused(M("{file} holds no list of sign-in links", file=str(self.path))) from None
            return rows
        except ValueError as e:
            raise LinkRefused(M("{file} is not valid JSON ({detail})", file=str(self.path), detail=str(e))) from None
        return [dict(d) for d in db.table(LINKS).all()]

    def _save(self, rows: list[dict[str, Any]]) -> None:
        """Write *rows* as the links, whole, in TinyDB's layout (owner-only), in one atomic write."""
        db: TinyDB = open_db(self.path, batch=True, fresh=True, mode=0o600)
        db.table(META).insert(Document({"format": 1}, doc_id=1))
        db.table(LINKS).insert_multiple(rows)
        flush(db)

    def make(self, name: str) -> str:
        """A new one-time code for the valid token of *name* (a NotFound when there is none)."""
        token = valid_token(self.tokens, name)
        code = PREFIX + secrets.token_urlsafe(24)
        self.root.mkdir(parents=True, exist_ok=True)
        with lock(self.path):
            cutoff = datetime.now(UTC) - timedelta(days=LINK_DAYS * 2)
            rows = [row for row in self._load() if isinstance(row, dict)
                    and (_when(row.get("made")) or cutoff) > cutoff]  # old or unreadable: dropped
            rows.append({"hash": digest(code), "name": token.name, "token": token.hash[:16],
                         "made": now(), "used": None})
            self._save(rows)
        return code

    def redeem(self, code: str) -> Token:
        """The token *code* signs in, the link marked used; :class:`LinkRefused` saying why not."""
        wanted = digest(code.strip())
        if not self.path.exists():
            raise unknown_link()
        with lock(self.path):
            rows = self._load()
            row = next((r for r in rows if isinstance(r, dict) and r.get("hash") == wanted), None)
            if row is None:
                raise unknown_link()
            token = check_row(row, self.tokens)
            row["used"] = now()
            self._save([r for r in rows if isinstance(r, dict)])
        return token


def check_row(row: dict[str, Any], tokens: TokensLike) -> Token:
    """The token a link's *row* (``used``, ``made``, ``name``, ``token``: its token's hash prefix) signs in,
    or :class:`LinkRefused` saying why it does not: used already, expired, its token revoked or replaced.
    Shared by every backend's links."""
    if row.get("used"):
        at = _when(row["used"])
        used = at.astimezone().strftime("%H:%M") if at is not None else "?"
        raise LinkRefused(M("this sign-in link was used already (at {time}): it signs in once. Ask the "
                            "director for a new QR code, or type your token",
                            time=used))
    made = _when(row.get("made"))
    if made is None or datetime.now(UTC) - made > timedelta(days=LINK_DAYS):
        raise LinkRefused(M("this sign-in link has expired (links last {days} days): ask the director for "
                            "a new QR code", days=LINK_DAYS))
    token = tokens.named(str(row.get("name")))
    if token is None or token.hash[:16] != row.get("token"):
        raise LinkRefused(M("the token of this sign-in link is revoked: ask the director for a new one"))
    return token


def valid_token(tokens: TokensLike, name: str) -> Token:
    """The valid token of *name* a new link is made for (a NotFound when there is none)."""
    token = tokens.named(name)
    if token is None:
        from referee.core.errors import NotFound

        raise NotFound(M("no valid token named {name} (see referee token list)", name=name))
    return token


def unknown_link() -> LinkRefused:
    """The refusal of a code no link has."""
    return LinkRefused(M("this sign-in link is not valid (mistyped, or from another server): ask the director for "
                         "a new QR code, or type your token"))
