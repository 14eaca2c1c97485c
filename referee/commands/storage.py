"""The commands on the store as a whole: import, list, verify.

Imported when the command line starts: only typer and the standard library at the top; the store,
the notation and the engine load inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.commands.boundary import language as resolve_language
from referee.commands.options import Db, Lang, Referee
from referee.commands.table import _store
from referee.i18n import N_

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up
    from collections.abc import Sequence

    from referee.events import Event, RecordError
    from referee.i18n import Msg
    from referee.store.store import Store


def import_(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help=N_("Record files to store, one match each."),
                                                show_default=False)],
    replace: Annotated[bool, typer.Option("--replace", help=N_(
        "Overwrite a stored match with the same id (the old one is kept in the store's replaced/ folder)."))] = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Store record files as matches (refusing a match id already stored unless --replace)."""
    language = resolve_language(lang)
    from referee.i18n import MN
    from referee.store.store import StoreError

    store = _store(db)
    failed = sum(not _import_one(store, path, referee, replace, language) for path in files)
    if failed:
        raise StoreError(MN("{failed} of {n} file not imported", "{failed} of {n} files not imported", len(files),
                            failed=failed))


def _import_one(store: Store, path: Path, referee: str | None, replace: bool, lang: str) -> bool:
    """Store one record file; say why not (on stderr) and return False when it cannot be."""
    from referee.errors import RefereeError
    from referee.events import MatchHeader
    from referee.i18n import MN, M, tr
    from referee.sources import SourceError, read_record
    from referee.store import officiate

    try:
        rec = read_record(path)
    except SourceError as e:  # it names the file itself
        typer.echo(e.text(lang), err=True)
        return False
    if rec.errors:
        _unreadable(path, rec.errors, lang)
        return False
    try:
        if not rec.events or not isinstance(rec.events[0], MatchHeader):
            raise RefereeError(M("the record does not begin with a `match` header"))
        result = officiate.replay(rec.events)
        match_id = store.create(rec.events, referee, replace=replace)
    except RefereeError as e:
        typer.echo(tr(lang, "{path}: not imported: {problem}", path=path,
                      problem=e.msg), err=True)
        return False
    typer.echo(tr(lang, "{path}: imported as match {match} ({events})",
                  path=path, match=match_id, events=MN("{n} event", "{n} events", len(rec.events))))
    if result.errors:  # kept as written (a paper record may hold mistakes): fix them with amend/void
        _import_warnings(rec.events, result.errors, lang)
    return True


def _unreadable(path: Path, errors: Sequence[RecordError], lang: str) -> None:
    """A record file not imported because some of its lines cannot be read: each, at its line."""
    from referee.i18n import tr, trn

    typer.echo(trn(lang, "{path}: not imported, {n} unreadable line:", "{path}: not imported, {n} unreadable lines:",
                   len(errors), path=path), err=True)
    for x in errors:
        typer.echo("  " + tr(lang, "line {line}: {problem}", line=x.line, problem=x.msg),
                   err=True)


def _import_warnings(events: Sequence[Event], errors: Sequence[RecordError], lang: str) -> None:
    """The rule problems of an imported record, at their store seq and record line."""
    from referee.i18n import tr, trn

    seqs = {ev.line: i for i, ev in enumerate(events, 1)}
    typer.echo("  " + trn(lang, "warning: the record has {n} problem by the rules:",
                          "warning: the record has {n} problems by the rules:", len(errors)))
    for x in errors:
        if x.line in seqs:
            where = tr(lang, "seq {seq} (line {line}): {problem}",
                       seq=seqs[x.line], line=x.line, problem=x.msg)
        else:
            where = tr(lang, "line {line}: {problem}", line=x.line, problem=x.msg)
        typer.echo("    " + where)


def list_(
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The matches in the store."""
    language = resolve_language(lang)
    from referee.i18n import tr
    from referee.store.views import pad

    store = _store(db)
    rows = store.summaries()
    if not rows:
        typer.echo(tr(language, "no matches in the store at {root}", root=store.root))
        return
    typer.echo(tr(language, "{matches} in {root}", matches=_matches(len(rows)),
                  root=store.root))
    ident, date, rules = tr(language, "id"), tr(language, "date"), tr(language, "rules")
    typer.echo(f"{pad(ident, 20)} {pad(date, 10)}  {pad(rules, 12)} " + tr(language, "event / table / round"))
    for r in rows:
        where = " / ".join(str(x) for x in (r.get("event"), r.get("table"), r.get("round")) if x)
        typer.echo(f"{pad(r['id'], 20)} {pad(r.get('date') or '-', 10)}  {pad(r.get('rules') or '-', 12)} {where}")


def _matches(n: int) -> Msg:
    from referee.i18n import MN

    return MN("{n} match", "{n} matches", n)


def verify(
    match_ids: Annotated[list[str] | None, typer.Argument(metavar="[MATCH_ID]",
                                                          help=N_("Matches to check (default: all)."))] = None,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Recompute every hash chain; name the match and entry where a hand-edit broke one."""
    language = resolve_language(lang)
    from referee.i18n import MN, tr
    from referee.store.store import StoreError
    from referee.store.views import entries

    n_matches, n_entries, problems = _store(db).verify(match_ids or None)
    for p in problems:
        typer.echo(tr(language, "BROKEN {problem}", problem=p.msg), err=True)
    if problems:
        raise StoreError(MN("{failed} of {n} match fails verification", "{failed} of {n} matches fail verification",
                            n_matches, failed=len(problems)))
    typer.echo(tr(language, "ok: {matches}, {entries}, every hash chain intact", matches=_matches(n_matches),
                  entries=entries(n_entries)))
