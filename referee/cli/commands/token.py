"""``referee token add|list|revoke``: who may write through ``referee serve``.

Imported when the command line starts: only typer and the standard library at the top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import CommandGroup, Db, Lang
from referee.core.i18n import N_

if TYPE_CHECKING:
    from referee.store.api import TokensRepo

HELP = N_("The tokens of the web server: a referee's writes to their tables, a director's runs the event.")
TOKEN = CommandGroup("token", HELP)


def _tokens(db: str | None) -> TokensRepo:
    from referee.store.api import open_store

    return open_store(db).tokens()


@TOKEN.command("add", N_("Make a token: it is printed once, and only its hash is kept."))
def add(
    name: Annotated[str, typer.Argument(metavar="NAME", help=N_(
        "Who writes with it (their name is on every entry)."),
                                        show_default=False)],
    role: Annotated[str, typer.Option("--role", metavar="referee|director", help=N_(
        "referee: records at their tables; director: also pairs, closes rounds, hands out tokens."))] = "referee",
    event: Annotated[str | None, typer.Option("--event", metavar="EVENT", help=N_(
        "The event it is for (without: every match of the store)."))] = None,
    tables: Annotated[str | None, typer.Option("--tables", metavar="1,2,3", help=N_(
        "The tables it writes to (without: every table of the event)."))]
    = None,
    club: Annotated[str | None, typer.Option("--club", metavar="CLUB", help=N_(
        "A club director's or referee's token: it writes to the events its club holds in a league only."))] = None,
    qr: Annotated[bool, typer.Option("--qr/--no-qr", help=N_(
        "Also print the token as a QR code."))] = True,
    url: Url = None,
    db: Db = None,
    lang: Lang = None,
) -> None:
    say = language(lang)
    from referee.core.i18n import tr
    from referee.store.tokens import parse_tables

    issued = _tokens(db).add(name, role, event, parse_tables(tables), club)
    t = issued.token
    if t.club is not None:
        typer.echo(tr(say, "token of {name} ({role}; club {club}; event {event}; tables {tables}): shown once, keep "
                           "it safe",
                      name=t.name, role=t.role, club=t.club, event=t.event or "*",
                      tables=",".join(map(str, t.tables)) or "*"))
    else:
        typer.echo(tr(say, "token of {name} ({role}; event {event}; tables {tables}): shown once, keep it safe",
                      name=t.name, role=t.role, event=t.event or "*", tables=",".join(map(str, t.tables)) or "*"))
    typer.echo(issued.secret)
    if url is not None:  # the QR code signs a phone in (once) at the server: scanning is all a referee does
        _link(db, t.name, url, say, qr)
    elif qr:
        _qr(issued.secret)


Url = Annotated[str | None, typer.Option("--url", metavar="URL", help=N_(
    "The server's address as referee serve prints it (http://192.168.1.20:8000): the QR code is then a "
    "one-time sign-in link, and scanning it signs the phone in."))]


def _qr(text: str) -> None:
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    typer.echo(out.getvalue())


def _link(db: str | None, name: str, url: str, say: str, qr: bool = True) -> None:
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.store.api import open_store
    from referee.store.signin import LINK_DAYS, link_url

    if not url.startswith(("http://", "https://")) or len(url) > 200 or any(c.isspace() for c in url):
        raise UsageError(M("--url {url}: the server's address begins with http:// (as referee serve prints it)",
                           url=url[:40]))
    link = link_url(url, open_store(db).signin_links().make(name))
    typer.echo(tr(say, "one-time sign-in link of {name} (valid {days} days, signs in once): {link}", name=name,
                  days=LINK_DAYS, link=link))
    if qr:
        _qr(link)


@TOKEN.command("list", N_("The tokens: name, role, event, tables, when made and revoked (never the token itself)."))
def list_(db: Db = None, lang: Lang = None) -> None:
    say = language(lang)
    from referee.core.i18n import tr

    rows = _tokens(db).all()
    if not rows:
        typer.echo(tr(say, "no tokens yet (referee token add NAME --role referee)"))
    for t in rows:
        state = tr(say, "revoked {time}", time=_shown(t.revoked)) if t.revoked else tr(say, "valid")
        typer.echo(tr(say, "{name}  {role}  event {event}  tables {tables}  made {time}  {state}", name=t.name,
                      role=t.role, event=t.event or "*", tables=",".join(map(str, t.tables)) or "*",
                      time=_shown(t.created), state=state))


def _shown(stamp: str) -> str:
    """A stored UTC time as the venue reads it (``2026-12-01 21:19``, the machine's zone), never raw ISO."""
    from referee.results.clock import when

    try:
        return when(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


@TOKEN.command("revoke", N_("Revoke a token: it writes no more, and its sessions end."))
def revoke(
    name: Annotated[str, typer.Argument(metavar="NAME", help=N_("Whose token to revoke."),
                                        show_default=False)],
    db: Db = None,
    lang: Lang = None,
) -> None:
    say = language(lang)
    from referee.core.i18n import tr

    t = _tokens(db).revoke(name)
    typer.echo(tr(say, "the token of {name} is revoked", name=t.name))


@TOKEN.command("link", N_("Print a one-time sign-in link and its QR code for a valid token: scanning it signs a "
                          "phone in, once."))
def link(
    name: Annotated[str, typer.Argument(metavar="NAME", help=N_("Whose token the link signs in."),
                                        show_default=False)],
    url: Annotated[str, typer.Option("--url", metavar="URL", help=N_(
        "The server's address as referee serve prints it (http://192.168.1.20:8000)."))],
    db: Db = None,
    lang: Lang = None,
) -> None:
    _link(db, name, url, language(lang))


def token() -> typer.Typer:
    return TOKEN.typer()
