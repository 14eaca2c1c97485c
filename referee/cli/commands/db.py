"""``referee db upgrade``: create or migrate the league store's schema (``--db postgresql://…``)."""

from __future__ import annotations

from typing import Annotated

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


def copy(
    source: Annotated[str, typer.Argument(metavar="FROM", help=N_(
        "The store to copy: a folder, or postgresql://user:password@host/database.",
        zh="要复制的存储：一个文件夹，或 postgresql://用户:密码@主机/数据库。"), show_default=False)],
    target: Annotated[str, typer.Argument(metavar="TO", help=N_(
        "The store to copy into: a folder, or postgresql://… (its tables made by referee db upgrade).",
        zh="复制到的存储：一个文件夹，或 postgresql://…（其表由 referee db upgrade"
            " 建立）。"),
        show_default=False)],
    lang: Lang = None,
) -> None:
    """Copy a whole store into another (a folder into PostgreSQL and back): matches with every entry, event logs,
    tokens and leagues, every chain checked on both sides; what is there already is left as it is."""
    say = language(lang)
    from pathlib import Path

    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr, trn
    from referee.store.api import URL, open_store
    from referee.store.copying import copy_store

    if URL.match(source) is None and not Path(source).is_dir():
        raise UsageError(M("FROM {path}: no store folder there",
                           zh="FROM {path}：那里没有存储文件夹", path=source))
    src, dst = open_store(source), open_store(target)
    try:
        done = copy_store(src, dst)
    finally:
        src.close()
        dst.close()
    m, e, t, g = done
    typer.echo(trn(say, "{n} match copied, {there} already there", "{n} matches copied, {there} already there",
                   m.copied,
                   zh="复制了 {n} 场比赛，{there} 场已在", there=m.there))
    typer.echo(trn(say, "{n} event log copied, {there} already there", "{n} event logs copied, {there} already there",
                   e.copied,
                   zh="复制了 {n} 个赛事日志，{there} 个已在", there=e.there))
    typer.echo(trn(say, "{n} token copied, {there} already there", "{n} tokens copied, {there} already there",
                   t.copied,
                   zh="复制了 {n} 个令牌，{there} 个已在", there=t.there))
    typer.echo(trn(say, "{n} league copied, {there} already there", "{n} leagues copied, {there} already there",
                   g.copied,
                   zh="复制了 {n} 个联赛，{there} 个已在", there=g.there))
    copied = sum(c.copied for c in done)
    typer.echo(tr(say, "{target}: every chain copied reads back as in {source}",
                  zh="{target}：复制的每条链读回后都与 {source} 中相同", target=dst.where,
                  source=src.where) if copied else tr(say, "{target} holds all of {source} already: nothing written",
                                                      zh="{target} 已包含 {source} 的全部内容：未"
                                                          "写入任何内容",
                                                      target=dst.where, source=src.where))


def db() -> typer.Typer:
    group = typer.Typer(name="db", help=HELP, no_args_is_help=True, add_completion=False,
                        pretty_exceptions_enable=False, rich_markup_mode=None,
                        context_settings={"help_option_names": ["-h", "--help"]})
    group.command("upgrade", help=N_(
        "Create the store's tables in a PostgreSQL database, or bring them to this version (idempotent)."))(upgrade)
    group.command("copy", help=N_(
        "Copy a whole store into another (a folder into PostgreSQL and back): matches with every entry, event logs, "
        "tokens and leagues, every chain checked on both sides; what is there already is left as it is.",
        zh="把整个存储复制到另一个存储（文件夹到 PostgreSQL 或反向）：比赛及其每条记录、赛事日志、令牌和"
            "联赛，两边都核对每条链；已有的内容保持不变。"))(copy)
    return group
