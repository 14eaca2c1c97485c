"""``referee db upgrade``: create or migrate the league store's schema (``--db postgresql://…``)."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import CommandGroup, Db, Lang
from referee.core.i18n import N_

HELP = N_("The store's database: create or migrate the PostgreSQL schema (referee db upgrade).")
DB = CommandGroup("db", HELP)


@DB.command("upgrade", N_(
    "Create the store's tables in a PostgreSQL database, or bring them to this version (idempotent)."))
def upgrade(db: Db = None, lang: Lang = None) -> None:
    say = language(lang)
    from referee.core.i18n import tr
    from referee.store.store import location

    where, origin = location(db)
    from referee.store.api import open_store, url_match

    if url_match(where) is None:
        store = open_store(db)
        typer.echo(tr(say, "the folder store at {root} needs no upgrade (its files are read as they are)",
                      root=store.where))
        return
    from referee.store.postgres.connection import connect, shown_url
    from referee.store.postgres.connection import upgrade as run

    conn = connect(where, origin)
    try:
        before, after = run(conn)
    finally:
        conn.close()
    if before == after:
        typer.echo(tr(say, "{url}: the store's schema is at version {version}; nothing to do",
                      url=shown_url(where), version=after))
    elif before is None:
        typer.echo(tr(say, "{url}: the store's tables are made (schema version {version})",
                      url=shown_url(where), version=after))
    else:
        typer.echo(tr(say, "{url}: the store's schema is upgraded from version {before} to {version}",
                      url=shown_url(where), before=before, version=after))


@DB.command("copy", N_(
    "Copy a whole store into another (a folder into PostgreSQL and back): matches with every entry, event logs, "
    "tokens and leagues, every chain checked on both sides; what is there already is left as it is."))
def copy(
    source: Annotated[str, typer.Argument(metavar="FROM", help=N_(
        "The store to copy: a folder, or postgresql://user:password@host/database."), show_default=False)],
    target: Annotated[str, typer.Argument(metavar="TO", help=N_(
        "The store to copy into: a folder, or postgresql://… (its tables made by referee db upgrade)."),
        show_default=False)],
    lang: Lang = None,
) -> None:
    say = language(lang)
    from pathlib import Path

    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr, trn
    from referee.store.api import open_store, url_match
    from referee.store.copying import copy_store

    if url_match(source) is None and not Path(source).is_dir():
        raise UsageError(M("FROM {path}: no store folder there", path=source))
    src, dst = open_store(source), open_store(target)
    try:
        done = copy_store(src, dst)
    finally:
        src.close()
        dst.close()
    m, e, t, g, r = done
    typer.echo(trn(say, "{n} match copied, {there} already there", "{n} matches copied, {there} already there",
                   m.copied, there=m.there))
    typer.echo(trn(say, "{n} event log copied, {there} already there", "{n} event logs copied, {there} already there",
                   e.copied, there=e.there))
    typer.echo(trn(say, "{n} token copied, {there} already there", "{n} tokens copied, {there} already there",
                   t.copied, there=t.there))
    typer.echo(trn(say, "{n} league copied, {there} already there", "{n} leagues copied, {there} already there",
                   g.copied, there=g.there))
    typer.echo(trn(say, "{n} rule set copied, {there} already there", "{n} rule sets copied, {there} already there",
                   r.copied, there=r.there))
    copied = sum(c.copied for c in done)
    typer.echo(tr(say, "{target}: every chain copied reads back as in {source}", target=dst.where,
                  source=src.where) if copied else tr(say, "{target} holds all of {source} already: nothing written",
                                                      target=dst.where, source=src.where))


def db() -> typer.Typer:
    return DB.typer()
