"""The commands on the store as a whole: import, list, verify, config.

Imported when the command line starts: only typer and the standard library at the top; the store,
the notation and the engine load inside the commands.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language as resolve_language
from referee.cli.commands.options import Db, Lang, Replace, Signing, grouped
from referee.cli.commands.tableactions import echo_notes, open_store
from referee.core.i18n import N_

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up
    from collections.abc import Sequence

    from referee.core.i18n import Msg
    from referee.core.records import RecordError
    from referee.games.api import AnyEvent as Event
    from referee.results.eventaudit import EventAudit
    from referee.store.api import MatchStore
    from referee.store.store import Audit


@grouped
def import_(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help=N_("Record files to store, one match each."),
                                                show_default=False)],
    replace: Replace = False,
    at: Signing = Signing(),
) -> None:
    """Store record files as matches (refusing a match id already stored unless --replace)."""
    language = resolve_language(at.lang)
    from referee.core.i18n import MN
    from referee.store.store import StoreError

    store = open_store(at.db)
    failed = sum(not _import_one(store, path, at.referee, replace, language) for path in files)
    echo_notes(store, language)
    if failed:
        raise StoreError(MN("{failed} of {n} file not imported", "{failed} of {n} files not imported", len(files),
                            failed=failed))


def _import_one(store: MatchStore, path: Path, referee: str | None, replace: bool, lang: str) -> bool:
    """Store one record file; say why not (on stderr) and return False when it cannot be."""
    from referee.app import officiate
    from referee.app.sources import SourceError, read_game_record
    from referee.core.errors import RefereeError
    from referee.core.i18n import MN, M, tr
    from referee.games.registry import game as game_of
    from referee.store import pinning

    try:
        key, rec = read_game_record(path)
    except SourceError as e:  # it names the file itself
        typer.echo(e.text(lang), err=True)
        return False
    if rec.errors:
        _unreadable(path, rec.errors, lang)
        return False
    game = game_of(key)
    try:
        if not rec.events or game.header(rec.events[:1]) is None:
            raise RefereeError(M("the record does not begin with a `match` header"))
        pinning.check_pin(store, rec.events)  # a pin the store cannot honour: refused first, naming its line
        problems = officiate.problems_of(game, rec.events)
        match_id = store.create(rec.events, referee, replace=replace)
    except RefereeError as e:
        typer.echo(tr(lang, "{path}: not imported: {problem}", path=path,
                      problem=e.msg), err=True)
        return False
    typer.echo(tr(lang, "{path}: imported as match {match} ({events})",
                  path=path, match=match_id, events=MN("{n} event", "{n} events", len(rec.events))))
    if problems:  # kept as written (a paper record may hold mistakes): fix them with amend/void
        _import_warnings(rec.events, problems, lang)
    return True


def _unreadable(path: Path, errors: Sequence[RecordError], lang: str) -> None:
    """A record file not imported because some of its lines cannot be read: each, at its line."""
    from referee.core.i18n import tr, trn

    typer.echo(trn(lang, "{path}: not imported, {n} unreadable line:", "{path}: not imported, {n} unreadable lines:",
                   len(errors), path=path), err=True)
    for x in errors:
        typer.echo("  " + tr(lang, "line {line}: {problem}", line=x.line, problem=x.msg),
                   err=True)


def _import_warnings(events: Sequence[Event], errors: Sequence[RecordError], lang: str) -> None:
    """The rule problems of an imported record, at their store seq and record line."""
    from referee.core.i18n import tr, trn

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
    from referee.core.i18n import tr
    from referee.views.matchtext import pad, width

    store = open_store(db)
    rows = store.summaries()
    if store.index_problem is not None:
        typer.echo(tr(language, "note: {problem}; listed from the match files", problem=store.index_problem), err=True)
    if not rows:
        typer.echo(tr(language, "no matches in the store at {root}", root=store.where))
        return
    typer.echo(tr(language, "{matches} in {root}", matches=_matches(len(rows)),
                  root=store.where))
    ident, date, rules = tr(language, "id"), tr(language, "date"), tr(language, "rules")
    # The rules column as wide as its longest name (doudizhu-classic, jinhua-mahjong), 12 at least as ever.
    wide = max([12, width(rules), *(width(r.get("rules") or "-") for r in rows)])
    typer.echo(f"{pad(ident, 20)} {pad(date, 10)}  {pad(rules, wide)} " + tr(language, "event / table / round"))
    for r in rows:
        where = " / ".join(str(x) for x in (r.get("event"), r.get("table"), r.get("round")) if x)
        typer.echo(f"{pad(r['id'], 20)} {pad(r.get('date') or '-', 10)}  {pad(r.get('rules') or '-', wide)} {where}")


def _matches(n: int) -> Msg:
    from referee.core.i18n import MN

    return MN("{n} match", "{n} matches", n)


def verify(
    match_ids: Annotated[list[str] | None, typer.Argument(metavar="[MATCH_ID]",
                                                          help=N_("Matches to check (default: all)."))] = None,
    head: Annotated[str | None, typer.Option("--head", metavar="HASH", help=N_(
        "With one MATCH_ID: confirm that HASH (a chain head as `referee status` or a scorecard prints it, 8 or "
        "more hex digits) is the hash of an entry of the match, nothing before it changed."))] = None,
    repair_index: Annotated[bool, typer.Option("--repair-index", help=N_(
        "Rebuild the store's index from the match files (an index that cannot be read is kept in replaced/)."))]
    = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Recompute every hash chain; name the match and entry where a hand-edit broke one."""
    language = resolve_language(lang)
    from referee.results.eventaudit import audit_events
    from referee.store import pinning

    store = open_store(db)
    if head is not None:
        _check_head(store, match_ids or [], head, language)
    if repair_index:
        _repair_index(store, language)
        if not match_ids:
            return
    event_ids: list[str] | None = None
    if match_ids:  # an id that is an event's, not a match's, names the event
        event_ids = [i for i in match_ids if not store.exists(i) and store.event_log(i).exists()]
        match_ids = [i for i in match_ids if i not in event_ids]
    found = store.audit(match_ids or None) if match_ids or event_ids is None else None
    unkept = pinning.unkept(store, match_ids or None) if found is not None else []
    events = audit_events(store, event_ids)
    tokens = store.tokens().problems() if event_ids is None else []
    _verified(found, events, tokens, language, unkept)


def _verified(found: Audit | None, events: EventAudit, tokens: list[Msg], lang: str,
              unkept: Sequence[Msg] = ()) -> None:
    """What ``verify`` found, said: each thing broken on stderr, the notes, then exit 1 or the ok line."""
    from referee.core.i18n import MN, M, tr
    from referee.store.chain import entries
    from referee.store.store import StoreError

    problems = found.problems if found is not None else []
    index_findings = found.index_findings if found is not None else []
    for msg in [*(p.msg for p in problems), *(e.msg for e in events.problems), *tokens, *unkept]:
        typer.echo(tr(lang, "BROKEN {problem}", problem=msg), err=True)
    for msg in index_findings:
        typer.echo(tr(lang, "INDEX {problem}", problem=msg), err=True)
    for note in [*(found.notes if found is not None else []), *events.notes]:
        typer.echo(tr(lang, "note: {message}", message=note))
    n_matches = found.matches if found is not None else 0
    failing: list[Msg] = []
    if problems:
        failing.append(MN("{failed} of {n} match fails verification", "{failed} of {n} matches fail verification",
                          n_matches, failed=len(problems)))
    if events.problems:
        failing.append(MN("{failed} of {n} event fails verification", "{failed} of {n} events fail verification",
                          events.events, failed=events.failed))
    if tokens:
        failing.append(M("the tokens file fails verification"))
    if unkept:
        failing.append(MN("{n} match pins a rule set the store does not keep",
                          "{n} matches pin a rule set the store does not keep", len(unkept)))
    if failing:
        whole = failing[0]
        for more in failing[1:]:
            whole = _both(whole, more)
        raise StoreError(whole)
    if index_findings:
        raise StoreError(MN("the index disagrees with the match files in {n} place; `referee verify --repair-index` "
                            "rebuilds it", "the index disagrees with the match files in {n} places; `referee verify "
                            "--repair-index` rebuilds it", len(index_findings)))
    n_entries = entries(found.entries if found is not None else 0)
    if not events.events:
        typer.echo(tr(lang, "ok: {matches}, {entries}, every hash chain intact", matches=_matches(n_matches),
                      entries=n_entries))
        return
    logs = MN("{n} event log", "{n} event logs", events.events)
    typer.echo(tr(lang, "ok: {matches}, {entries}; {events}, {event_entries}; every hash chain intact",
                  matches=_matches(n_matches), entries=n_entries, events=logs, event_entries=entries(events.entries)))


def _both(first: Msg, second: Msg) -> Msg:
    from referee.core.i18n import Msg

    return Msg("{first}; {second}", (("first", first), ("second", second)))


def _check_head(store: MatchStore, match_ids: list[str], head: str, lang: str) -> None:
    """``verify ID --head HASH``: where the printed head is, and that nothing before it changed (exit 1
    when something did, or no entry carries it)."""
    from referee.core.errors import UsageError
    from referee.core.i18n import MN, M, tr
    from referee.store import chain
    from referee.store.store import StoreError

    if len(match_ids) != 1:
        raise UsageError(M("--head goes with one MATCH_ID"))
    digits = head.strip()
    if len(digits) < chain.SHORTEST or any(c not in "0123456789abcdefABCDEF" for c in digits):
        from referee.core.names import shown

        raise UsageError(M("--head {head}: give {n} or more hex digits of the chain head (as `referee status` "
                           "prints it)", head=shown(head), n=chain.SHORTEST))
    match_id = match_ids[0]
    found = store.anchor(match_id, digits)
    if found.problem is not None:
        typer.echo(tr(lang, "BROKEN {problem}", problem=found.problem.msg), err=True)
        raise StoreError(M("match {match}: the head {head} is entry #{seq}, but the chain before it has changed",
                           match=match_id, head=digits, seq=found.seq))
    typer.echo(tr(lang, "ok: the head {head} is entry #{seq} of match {match}, and nothing up to it has changed",
                  head=digits, seq=found.seq, match=match_id))
    if found.entries > found.seq:
        since = MN("{n} entry recorded since", "{n} entries recorded since", found.entries - found.seq)
        typer.echo("  " + since.text(lang))


def _repair_index(store: MatchStore, lang: str) -> None:
    """Rebuild the index. A match dropped from it is said; one an event lists that is not in the store
    is BROKEN (stderr) and the command exits 1: a rebuild never makes an event's match disappear silently."""
    from referee.core.i18n import MN, M, tr
    from referee.results.eventaudit import missing_matches
    from referee.store.store import StoreError

    done = store.repair_index()
    typer.echo(tr(lang, "index rebuilt from the match files: {matches}",
                  matches=_matches(done.rows)))
    if done.kept is not None:
        typer.echo(tr(lang, "the unreadable index is kept as {path}",
                      path=str(done.kept)))
    for p in done.left_out:
        typer.echo(tr(lang, "left out: {problem}", problem=p.msg), err=True)
    for mid in done.dropped:
        typer.echo(tr(lang, "note: {message}", message=M(
            "match {match} dropped from the index: its file is missing", match=mid)))
    missing = missing_matches(store)
    for _, msg in missing:
        typer.echo(tr(lang, "BROKEN {problem}", problem=msg), err=True)
    if missing:
        raise StoreError(MN("the index was rebuilt, but {n} match an event lists is missing from the store (see "
                            "above; `referee verify` says more)",
                            "the index was rebuilt, but {n} matches events list are missing from the store (see "
                            "above; `referee verify` says more)", len(missing)))


def config(
    key: Annotated[str | None, typer.Argument(metavar="[KEY]", help=N_(
        "The setting: db (the store folder when neither --db nor $REFEREE_DB is given)."))] = None,
    value: Annotated[str | None, typer.Argument(metavar="[VALUE]", help=N_("Its new value."))] = None,
    unset: Annotated[bool, typer.Option("--unset", help=N_("Remove the setting."))] = False,
    lang: Lang = None,
) -> None:
    """Show or set your own settings (the default store folder: `referee config db PATH`)."""
    language = resolve_language(lang)
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.store import config as settings

    path = settings.config_path()
    if key is None:
        typer.echo(tr(language, "settings file: {path}", path=str(path)))
        for k, v in settings.read().items():
            typer.echo(f"{k} = {v}")
        _where(language)
        return
    if key not in settings.KEYS:
        raise UsageError(M("unknown setting '{key}' (known: {known:list})", key=key, known=list(settings.KEYS)))
    if unset or value is not None:
        if unset and value is not None:
            raise UsageError(M("give a VALUE or --unset, not both"))
        new = None if value is None else _folder(value)
        written = settings.put(key, new)
        typer.echo(tr(language, "wrote {path}", path=str(written)))
    current = settings.read().get(key)
    if current is None:
        typer.echo(tr(language, "{key} is not set", key=key))
    else:
        typer.echo(f"{key} = {current}")
    _where(language)


def _folder(value: str) -> str:
    """A store for the settings file: a folder made absolute (it is used wherever the shell stands), or a URL
    (``postgresql://…``) as given; printable."""
    import os

    from referee.core.names import check_text
    from referee.store.api import url_match

    check_text(value, "VALUE", 4096)
    if url_match(value):
        return value
    return os.path.abspath(os.path.expanduser(value))


def _where(lang: str) -> None:
    """Which store the commands use now, and why (the order is --db, $REFEREE_DB, this file, ./referee-store)."""
    from referee.core.i18n import tr

    store = open_store(None)
    typer.echo(tr(lang, "store in use: {root} (from {origin})",
                  root=_absolute(store), origin=store.origin))


def _absolute(store: MatchStore) -> str:
    """The store as ``config`` shows it: a folder made absolute, or its address."""
    folder = store.folder()
    return store.where if folder is None else str(folder.absolute())
