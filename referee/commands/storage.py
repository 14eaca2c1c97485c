"""The commands on the store as a whole: import, list, verify.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.commands.boundary import language as resolve_language
from referee.commands.options import Db, Lang, Referee
from referee.commands.table import _say, _store
from referee.i18n import N_


def import_(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help=N_("Record files to store, one match each."),
                                                show_default=False)],
    replace: Annotated[bool, typer.Option("--replace", help=N_(
        "Overwrite a stored match with the same id (the old one is kept in the store's replaced/ folder)."))] = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
):
    """Store record files as matches (refusing a match id already stored unless --replace)."""
    language = resolve_language(lang)
    from referee.events import MatchHeader
    from referee.sources import SourceError, read_record
    from referee.store import officiate
    from referee.store.store import StoreError

    zh = language == "zh"
    store = _store(db)
    failed = 0
    for path in files:
        try:
            rec = read_record(path)
        except SourceError as e:
            typer.echo(str(e), err=True)  # about the file: English (as every file error)
            failed += 1
            continue
        if rec.errors:
            typer.echo(_say(language, f"{path}: not imported, {len(rec.errors)} unreadable line(s):",
                            f"{path}：未导入，有 {len(rec.errors)} 行无法读取："), err=True)
            for x in rec.errors:
                typer.echo(f"  第{x.line}行：{x.text('zh')}" if zh else f"  line {x.line}: {x.message}",
                           err=True)
            failed += 1
            continue
        if not rec.events or not isinstance(rec.events[0], MatchHeader):
            typer.echo(_say(language, f"{path}: not imported: the record does not begin with a `match` header",
                            f"{path}：未导入：记录不是以 `match` 行开头"), err=True)
            failed += 1
            continue
        try:
            result = officiate.replay(rec.events)
            match_id = store.create(rec.events, referee, replace=replace)
        except StoreError as e:
            typer.echo(_say(language, f"{path}: not imported: {e}", f"{path}：未导入：{e.text('zh')}"),
                       err=True)
            failed += 1
            continue
        typer.echo(_say(language, f"{path}: imported as match {match_id} ({len(rec.events)} events)",
                        f"{path}：已导入为比赛 {match_id}（{len(rec.events)} 个事件）"))
        if result.errors:
            # Kept as written (a paper record may hold mistakes): fix them with amend/void.
            seqs = {ev.line: i for i, ev in enumerate(rec.events, 1)}
            typer.echo(_say(language, f"  warning: the record has {len(result.errors)} problem(s) by the rules:",
                            f"  注意：按规则，记录有 {len(result.errors)} 个问题："))
            for x in result.errors:
                if zh:
                    where = f"seq {seqs[x.line]}（第{x.line}行）" if x.line in seqs else f"第{x.line}行"
                    typer.echo(f"    {where}：{x.text('zh')}")
                else:
                    where = f"seq {seqs[x.line]} (line {x.line})" if x.line in seqs else f"line {x.line}"
                    typer.echo(f"    {where}: {x.message}")
    if failed:
        raise typer.Exit(1)


def list_(
    db: Db = None,
    lang: Lang = None,
):
    """The matches in the store."""
    language = resolve_language(lang)
    store = _store(db)
    rows = store.summaries()
    if language == "zh":
        from referee.store.views import pad

        if not rows:
            typer.echo(f"存储 {store.root} 中没有比赛")
            return
        typer.echo(f"存储 {store.root} 中有 {len(rows)} 场比赛")
        typer.echo(f"{pad('编号', 20)} {pad('日期', 10)}  {pad('规则', 12)} 赛事 / 桌号 / 轮次")
        for r in rows:
            where = " / ".join(str(x) for x in (r.get("event"), r.get("table"), r.get("round")) if x)
            typer.echo(f"{pad(r['id'], 20)} {pad(r.get('date') or '-', 10)}  {pad(r.get('rules') or '-', 12)} "
                       f"{where}")
        return
    if not rows:
        typer.echo(f"no matches in the store at {store.root}")
        return
    typer.echo(f"{len(rows)} match(es) in {store.root}")
    typer.echo(f"{'id':<20} {'date':<10}  {'rules':<12} event / table / round")
    for r in rows:
        where = " / ".join(str(x) for x in (r.get("event"), r.get("table"), r.get("round")) if x)
        typer.echo(f"{r['id']:<20} {r.get('date') or '-':<10}  {r.get('rules') or '-':<12} {where}")


def verify(
    match_ids: Annotated[list[str] | None, typer.Argument(metavar="[MATCH_ID]",
                                                          help=N_("Matches to check (default: all)."))] = None,
    db: Db = None,
    lang: Lang = None,
):
    """Recompute every hash chain; name the match and entry where a hand-edit broke one."""
    language = resolve_language(lang)
    store = _store(db)
    n_matches, n_entries, problems = store.verify(match_ids or None)
    if problems:
        for p in problems:
            typer.echo(_say(language, f"BROKEN {p}", f"损坏 {p.text('zh')}"), err=True)
        typer.echo(_say(language, f"{len(problems)} of {n_matches} match(es) fail verification",
                        f"{n_matches} 场比赛中有 {len(problems)} 场未通过校验"), err=True)
        raise typer.Exit(1)
    typer.echo(_say(language, f"ok: {n_matches} match(es), {n_entries} entries, every hash chain intact",
                    f"正常：{n_matches} 场比赛，{n_entries} 条记录，哈希链全部完好"))
