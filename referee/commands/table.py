"""The commands at the table: new, record, status, undo, void, amend, log, whatif.

Imported when the command line starts: only typer and the standard library at the top; the store,
the notation and the engine load inside the commands.
"""

from __future__ import annotations

from typing import Annotated

import typer

from referee.commands.boundary import language as resolve_language
from referee.commands.options import Db, Directive, Force, Lang, MatchId, Reason, Referee, Seq
from referee.i18n import N_


def _fail(message: str, code: int = 1) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def _store(db: str | None):
    from referee.store.store import Store

    return Store(db)


def _parse_directive(words: list[str], argument: str = "DIRECTIVE", lang: str = "en"):
    """The event typed on the command line; exit 2 naming the argument when it cannot be read."""
    from referee.notation import NotationError, parse_line

    text = " ".join(words)
    try:
        event = parse_line(text)
    except NotationError as e:
        _fail(_say(lang, f"error: cannot read the {argument} argument '{text}': {e}",
                   f"错误：无法读取参数 {argument} '{text}'：{e.text('zh')}"), 2)
    if event is None:
        _fail(_say(lang, f"error: the {argument} argument '{text}' holds no directive (empty or a comment)",
                   f"错误：参数 {argument} '{text}' 中没有指令（是空的或是注释）"), 2)
    return event


def _say(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


def _errors(exc, lang: str = "en") -> None:
    """Report a store error (exit 1), in *lang* when it carries Chinese."""
    if lang == "zh":
        text = exc.text("zh") if hasattr(exc, "text") else str(exc)
        _fail(f"错误：{text}", 1)
    _fail(f"error: {exc}", 1)


def _echo_lines(lines: list[str]) -> None:
    typer.echo("\n".join(lines))


def _next(result, lang: str = "en") -> str:
    from referee.store import views

    return views.next_line(result, lang)


def _stored(seq, match_id: str, referee: str, what: str, lang: str) -> str:
    return _say(lang, f"stored #{seq} in {match_id} (by {referee}): {what}",
                f"已记录 #{seq}（比赛 {match_id}，{referee} 录入）：{what}")


def _won(result, lang: str, games: bool = True) -> str:
    from referee.store import views

    if lang != "zh":
        return f"match won by {result.winner}" + (f" (games {views.levels(result.games_won)})" if games else "")
    return f"比赛结束：{views.team_zh(result.winner)}胜" + (
        f"（胜轮：{views.levels_zh(result.games_won)}）" if games else "")


def _report_record(match_id: str, out, lang: str = "en") -> None:
    from referee.store import views

    e = out.entry
    typer.echo(_stored(e["seq"], match_id, e["referee"], views.glossed(e["directive"], lang), lang))
    for hand in out.new_hands:
        _echo_lines(views.settlement(hand, out.after, lang))
    if out.after.winner and not out.new_hands and out.after.state.match_over and e["kind"] == "event" \
            and e["directive"].split()[0] in ("time", "ruling", "warn"):
        typer.echo(_won(out.after, lang))
    typer.echo(_next(out.after, lang))


def new(
    match_id: Annotated[str, typer.Argument(metavar="MATCH_ID", help=N_("The new match's id, e.g. SC26-R1-T3."),
                                            show_default=False)],
    rules: Annotated[str, typer.Option("--rules", metavar="NAME|PATH",
                                       help=N_("Rule set name or a TOML file."))] = "dalian-club",
    east: Annotated[str | None, typer.Option("--east", metavar="NAME", help=N_("Player in seat E (东)."))] = None,
    south: Annotated[str | None, typer.Option("--south", metavar="NAME", help=N_("Player in seat S (南)."))] = None,
    west: Annotated[str | None, typer.Option("--west", metavar="NAME", help=N_("Player in seat W (西)."))] = None,
    north: Annotated[str | None, typer.Option("--north", metavar="NAME", help=N_("Player in seat N (北)."))] = None,
    ew: Annotated[str | None, typer.Option("--ew", metavar="NAME", help=N_("Team name of EW."))] = None,
    ns: Annotated[str | None, typer.Option("--ns", metavar="NAME", help=N_("Team name of NS."))] = None,
    event: Annotated[str | None, typer.Option("--event", metavar="NAME", help=N_("Event (tournament) name."))] = None,
    table: Annotated[str | None, typer.Option("--table", metavar="N", help=N_("Table."))] = None,
    round_: Annotated[str | None, typer.Option("--round", metavar="N", help=N_("Round."))] = None,
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD", help=N_("Date (default: today)."))]
    = None,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
):
    """Start a match in the store: header, team and player names."""
    language = resolve_language(lang)
    import datetime
    import os

    from referee import ruleset
    from referee.events import MatchHeader, SeatName, TeamName
    from referee.notation import NotationError, format_event, parse_line
    from referee.store import officiate
    from referee.store.store import StoreError

    try:
        ruleset.load(rules)
    except ruleset.RulesError as e:
        _fail(_say(language, f"error: --rules {rules}: {e}", f"错误：--rules {rules}：{e}"), 2)
    header = MatchHeader(id=match_id, rules=rules, date=date or datetime.date.today().isoformat(),
                         event=event, table=table, round=round_,
                         referee=referee or os.environ.get("REFEREE_NAME") or None)
    try:
        back = parse_line(format_event(header))
    except NotationError as e:
        _fail(_say(language, f"error: MATCH_ID '{match_id}' cannot be used: {e}",
                   f"错误：比赛编号 MATCH_ID '{match_id}' 不能使用：{e.text('zh')}"), 2)
    if back != header or not match_id.strip():
        _fail(_say(language, f"error: MATCH_ID '{match_id}' cannot be used as a match id",
                   f"错误：'{match_id}' 不能用作比赛编号 MATCH_ID"), 2)
    events = [header]
    events += [TeamName(team=t, name=n) for t, n in (("EW", ew), ("NS", ns)) if n]
    events += [SeatName(seat=s, name=n) for s, n in (("E", east), ("S", south), ("W", west),
                                                     ("N", north)) if n]
    events = [ev._replace(line=i) for i, ev in enumerate(events, 1)]
    result = officiate.replay(events)
    if result.errors:
        _fail(_say(language, "error: " + "; ".join(e.message for e in result.errors),
                   "错误：" + "；".join(e.text("zh") for e in result.errors)), 2)
    store = _store(db)
    try:
        store.create(events, referee)
    except StoreError as e:
        _errors(e, language)
    typer.echo(_say(language, f"new match {match_id} ({rules}) in {store.root}: {len(events)} entries",
                    f"新比赛 {match_id}（{rules}）已存入 {store.root}：{len(events)} 条记录"))
    typer.echo(_next(result, language))


def record(
    match_id: MatchId,
    directive: Annotated[list[str] | None, typer.Argument(
        metavar="[DIRECTIVE]", help=N_("One record directive, e.g. `declare E BJ`, `points 25`; none: guided entry "
                                        "of a hand."), show_default=False)] = None,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
):
    """Record one event (checked by the rules first), or enter a whole hand step by step."""
    language = resolve_language(lang)
    from referee.store import officiate
    from referee.store.store import StoreError

    store = _store(db)
    if not directive:
        from referee.commands.guided import guided

        guided(store, match_id, referee, language)
        return
    event = _parse_directive(directive, lang=language)
    try:
        out = officiate.record(store, match_id, event, referee)
    except StoreError as e:
        _errors(e, language)
    _report_record(match_id, out, language)


def status(
    match_id: MatchId,
    db: Db = None,
    lang: Lang = None,
):
    """Where the match stands: game, hand, levels, declarer, trump, blood, what comes next."""
    language = resolve_language(lang)
    from referee.store import officiate, views
    from referee.store.store import StoreError

    store = _store(db)
    try:
        entries = store.entries(match_id)
        events, parse_errors = store.events_and_errors(match_id)
        result = officiate.replay(events)
    except StoreError as e:
        _errors(e, language)
    _echo_lines(views.status(match_id, result, len(entries), language))
    for e in parse_errors:
        typer.echo(_say(language, f"unreadable entry seq {e.line}: {e.message}",
                        f"无法读取的记录 seq {e.line}：{e.text('zh')}"))


def _correction(kind, match_id, seq, words, reason, force, db, referee, lang):
    language = resolve_language(lang)
    from referee.store import officiate, views
    from referee.store.store import StoreError

    event = _parse_directive(words, lang=language) if words is not None else None
    store = _store(db)
    try:
        out = officiate.correct(store, match_id, kind, seq=seq, event=event, reason=reason,
                                referee=referee, force=force)
    except officiate.Rejected as e:
        _fail(_say(language, f"error: {e}\n(use --force to store it anyway and fix the record afterwards)",
                   f"错误：{e.text('zh')}\n（加 --force 可照样存储，之后再修正记录）"), 1)
    except StoreError as e:
        _errors(e, language)
    e = out.entry
    if language == "zh":
        what = (f"更正 #{e['target']} → {views.glossed(e['directive'], 'zh')}" if kind == "amend"
                else f"{views.KIND_ZH[kind]} #{e['target']}")
        reason_text = f"（理由：{e['reason']}）" if e["reason"] else ""
    else:
        what = f"amend #{e['target']} → {e['directive']}" if kind == "amend" else f"{kind} #{e['target']}"
        reason_text = f" (reason: {e['reason']})" if e["reason"] else ""
    typer.echo(_stored(e["seq"], match_id, e["referee"], what, language) + reason_text)
    for hand in views.changed_hands(out.before, out.after):
        typer.echo(_say(language, "re-settled:", "重新结算："))
        _echo_lines(views.settlement(hand, out.after, language))
    if out.new_errors:
        typer.echo(_say(language, "warning: the record now has these problems:", "注意：记录现在有以下问题："))
        _echo_lines(views.error_lines(out.new_errors, language))
    typer.echo(_next(out.after, language))


def undo(
    match_id: MatchId,
    reason: Reason = "",
    force: Force = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
):
    """Take back the latest event still in effect (a correction entry; nothing is deleted)."""
    _correction("undo", match_id, None, None, reason, force, db, referee, lang)


def void(
    match_id: MatchId,
    seq: Seq,
    reason: Reason,
    force: Force = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
):
    """Take back event SEQ, with a reason (a correction entry; nothing is deleted)."""
    _correction("void", match_id, seq, None, reason, force, db, referee, lang)


def amend(
    match_id: MatchId,
    seq: Seq,
    directive: Directive,
    reason: Reason,
    force: Force = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
):
    """Replace event SEQ by DIRECTIVE, with a reason (a correction entry; nothing is deleted)."""
    _correction("amend", match_id, seq, directive, reason, force, db, referee, lang)


def log(
    match_id: MatchId,
    db: Db = None,
    lang: Lang = None,
):
    """The audit trail: every entry, corrections included, with who and when (UTC)."""
    language = resolve_language(lang)
    from referee.store import views
    from referee.store.store import StoreError

    store = _store(db)
    try:
        entries = store.log(match_id)
    except StoreError as e:
        _errors(e, language)
    _echo_lines(views.log_heading(match_id, len(entries), language))
    _echo_lines(views.log_lines(entries, language))


def whatif(
    match_id: MatchId,
    seq: Seq,
    directive: Directive,
    db: Db = None,
    lang: Lang = None,
):
    """For a dispute: replay with event SEQ replaced, side by side with the record; stores nothing."""
    language = resolve_language(lang)
    from referee.store import officiate, views
    from referee.store.store import StoreError

    event = _parse_directive(directive, lang=language)
    store = _store(db)
    try:
        w = officiate.whatif(store, match_id, seq, event)
    except StoreError as e:
        _errors(e, language)
    _echo_lines(views.whatif_table(w, match_id, language))
