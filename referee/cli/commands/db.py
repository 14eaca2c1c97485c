"""``referee db upgrade``: create or migrate the league store's schema (``--db postgresql://…``)."""

from __future__ import annotations

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import Db, Lang
from referee.core.i18n import N_

HELP = N_("The store's database: create or migrate the PostgreSQL schema (referee db upgrade).")


def upgrade(db: Db = None, lang: Lang = None) -> None:
    """Create the store's tables in a PostgreSQL database, or bring them to this version (idempotent)."""
    say = language(lang)
    from referee.core.i18n import tr
    from referee.store.store import location

    where, origin = location(db)
    from referee.store.api import URL, open_store

    if URL.match(where) is None:
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


def db() -> typer.Typer:
    group = typer.Typer(name="db", help=HELP, no_args_is_help=True, add_completion=False,
                        pretty_exceptions_enable=False, rich_markup_mode=None,
                        context_settings={"help_option_names": ["-h", "--help"]})
    group.command("upgrade", help=N_(
        "Create the store's tables in a PostgreSQL database, or bring them to this version (idempotent)."))(upgrade)
    return group
