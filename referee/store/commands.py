"""The officiating commands: new, record, status, undo, void, amend, log, import, list, verify, whatif.

Imported when the CLI starts, so only typer and the standard library are imported at the top; the
store (TinyDB, filelock), the notation and the engine are imported inside the commands.

Every command takes ``--lang en|zh`` (else ``$REFEREE_LANG``, else en; ``referee.language``) and
prints every line in that language: the Chinese views are in ``referee.store.views``, the Chinese of
a rejected event is the engine's ``message_zh``. Directive keywords stay as typed, with a gloss.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

DB_HELP = "Store folder (else $REFEREE_DB, else ./referee-store)."
REFEREE_HELP = "Who records (else $REFEREE_NAME, else the login name)."

QUIT = {"q", "quit", "exit", "退出"}


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


# --- guided entry -----------------------------------------------------------------------------

def _known_directives() -> set[str]:
    from referee.directives import SPELLINGS

    return set(SPELLINGS)


def _interpret(answer: str, expected: tuple[str, ...], known: set[str]) -> str:
    """Turn a short answer into a directive where the expected ones make it clear."""
    text = answer.strip()
    if not text:
        return text
    first = text.split()[0].lower()
    if first in known:
        return text
    if "last" in expected and first in ("def", "decl", "抓分方", "庄家方", "dig", "keep", "kept", "dug", "抠底",
                                        "保底"):
        return "last " + {"dig": "def", "dug": "def", "keep": "decl", "kept": "decl", "抠底": "def",
                          "保底": "decl"}.get(first, first)
    if "points" in expected and text.isdigit():
        return "points " + text
    from referee.store.views import USAGE

    with_args = [d for d in expected if USAGE.get(d, d) != d]
    if len(with_args) == 1 and not any(d in ("hand", "waive", "time", "redeal") for d in expected):
        return f"{with_args[0]} {text}"
    return text


def _usage(expected: tuple[str, ...], lang: str) -> str:
    """What may be typed next, with its arguments (glossed in Chinese)."""
    from referee.store import views

    if lang != "zh":
        return " | ".join(views.USAGE.get(d, d) for d in expected)

    return " | ".join(views.USAGE_ZH.get(d, d) + (f"（{views.DIRECTIVE_ZH[d]}）" if d in views.DIRECTIVE_ZH else "")
                      for d in expected)


def _prompt(result, lang: str = "en") -> str:
    if lang == "zh":
        return _prompt_zh(result)
    from referee.store import views

    st = result.state
    seats = result.seats
    lines = [f"hand {st.hand} · {views.PHASE.get(st.phase, st.phase)}"]
    if "tribute" in st.expected and st.blood_owed:
        lines.append(f"  {views.who(st.blood_giver, seats)} owes {st.blood_owed} blood to "
                     f"{views.who(st.declarer, seats)}: tribute {st.blood_giver} and {st.blood_owed} card(s) "
                     f"(or riot / waive)")
    if "points" in st.expected:
        lines.append(f"  defenders' points so far: {st.points_so_far}; a number adds points, "
                     "def / decl records the last trick")
    lines.append("  expected: " + _usage(st.expected, "en"))
    lines.append("  (q to stop)")
    return "\n".join(lines) + "\n>"


def _prompt_zh(result) -> str:
    from referee.store import views

    st = result.state
    seats = result.seats
    lines = [f"第{st.hand}局 · {views.PHASE_ZH.get(st.phase, st.phase)}"]
    if "tribute" in st.expected and st.blood_owed:
        giver, receiver = views.who_zh(st.blood_giver, seats), views.who_zh(st.declarer, seats)
        lines.append(f"  {giver}欠{receiver}{st.blood_owed}个血：进贡输入 tribute {st.blood_giver} "
                     f"加{st.blood_owed}张牌（或 riot 暴动 / waive 免贡）")
    if "points" in st.expected:
        lines.append(f"  抓分方已得分：{st.points_so_far}；输入数字即计分，"
                     "def / decl 记录最后一墩（抓分方抠底 / 庄家方保底）")
    lines.append("  应输入：" + _usage(st.expected, "zh"))
    lines.append("  （输入 q 结束）")
    return "\n".join(lines) + "\n>"


def _guided(store, match_id: str, referee: str | None, lang: str = "en") -> None:
    from referee.notation import NotationError, format_event, parse_line
    from referee.store import officiate, views
    from referee.store.store import StoreError

    try:
        events, _ = store.events_and_errors(match_id)
        result = officiate.replay(events)
    except StoreError as e:
        _errors(e, lang)
    if result.state.match_over:
        _fail(_say(lang, f"match {match_id} is over: won by {result.winner}",
                   f"比赛 {match_id} 已结束：{views.team_zh(result.winner)}胜"), 1)
    hands_before = len(result.hands)
    known = _known_directives()
    typer.echo(_say(lang, f"Guided entry for match {match_id}: type each event as it happens.",
                    f"比赛 {match_id} 逐步录入：每发生一件事，输入一行。"))
    if not result.state.in_hand and "hand" in result.state.expected:
        from referee.events import HandStart

        try:
            out = officiate.record(store, match_id, HandStart(), referee)
        except StoreError as e:
            _errors(e, lang)
        result = out.after
        typer.echo(_say(lang, f"stored #{out.entry['seq']}: hand (hand {result.state.hand} begins)",
                        f"已记录 #{out.entry['seq']}：hand（第{result.state.hand}局开始）"))
    stopped = _say(lang, "stopped; everything entered so far is stored", "已停止；已输入的内容都已存储")
    again = _say(lang, "; try again", "；请重新输入")
    while True:
        try:
            answer = typer.prompt(_prompt(result, lang), prompt_suffix=" ")
        except typer.Abort:
            typer.echo("\n" + stopped, err=True)
            raise typer.Exit(1) from None
        if answer.strip().lower() in QUIT:
            typer.echo(stopped)
            return
        text = _interpret(answer, result.state.expected, known)
        try:
            event = parse_line(text)
        except NotationError as e:
            if text.split()[0].lower() not in known:
                expected = _usage(result.state.expected, lang)
                typer.echo(_say(lang, f"'{text}' is not understood (expected: {expected})",
                                f"无法理解 '{text}'（应输入：{expected}）") + again)
            else:
                typer.echo(_say(lang, f"cannot read '{text}': {e}", f"无法读取 '{text}'：{e.text('zh')}") + again)
            continue
        if event is None:
            continue
        try:
            out = officiate.record(store, match_id, event, referee)
        except officiate.Rejected as e:
            typer.echo(_say(lang, f"not accepted: {'; '.join(x.message for x in e.errors)}",
                            f"未接受：{'；'.join(x.text('zh') for x in e.errors)}") + again)
            continue
        except StoreError as e:
            _errors(e, lang)
        result = out.after
        typer.echo(_say(lang, f"stored #{out.entry['seq']}: {format_event(out.event)}",
                        f"已记录 #{out.entry['seq']}：{views.glossed(format_event(out.event), 'zh')}"))
        if len(result.hands) > hands_before:
            for hand in result.hands[hands_before:]:
                _echo_lines(views.settlement(hand, result, lang))
            typer.echo(_next(result, lang))
            return
        if result.state.match_over:
            typer.echo(_won(result, lang, games=False))
            return


# --- registration -----------------------------------------------------------------------------

def register(app: typer.Typer) -> None:  # noqa: C901 - one place that lists the commands
    """Add the officiating commands to *app*."""
    from referee.language import LANG_HELP, resolve_lang

    def lang_option():
        return typer.Option(None, "--lang", help=LANG_HELP)

    @app.command("new")
    def new(
        match_id: str = typer.Argument(..., help="The new match's id, e.g. SC26-R1-T3."),
        rules: str = typer.Option("dalian-club", "--rules", help="Rule set name or a TOML file."),
        east: str = typer.Option(None, "--east", help="Player in seat E (东)."),
        south: str = typer.Option(None, "--south", help="Player in seat S (南)."),
        west: str = typer.Option(None, "--west", help="Player in seat W (西)."),
        north: str = typer.Option(None, "--north", help="Player in seat N (北)."),
        ew: str = typer.Option(None, "--ew", help="Team name of EW."),
        ns: str = typer.Option(None, "--ns", help="Team name of NS."),
        event: str = typer.Option(None, "--event", help="Event (tournament) name."),
        table: str = typer.Option(None, "--table", help="Table."),
        round_: str = typer.Option(None, "--round", help="Round."),
        date: str = typer.Option(None, "--date", help="Date (default: today)."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
        lang: str = lang_option(),
    ):
        """Start a match in the store: header, team and player names."""
        language = resolve_lang(lang)
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

    @app.command("record")
    def record(
        match_id: str = typer.Argument(..., help="Stored match id."),
        directive: list[str] = typer.Argument(None, help="One record directive, e.g. `declare E BJ`, "
                                              "`points 25`; none: guided entry of a hand."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
        lang: str = lang_option(),
    ):
        """Record one event (checked by the rules first), or enter a whole hand step by step."""
        language = resolve_lang(lang)
        from referee.store import officiate
        from referee.store.store import StoreError

        store = _store(db)
        if not directive:
            _guided(store, match_id, referee, language)
            return
        event = _parse_directive(directive, lang=language)
        try:
            out = officiate.record(store, match_id, event, referee)
        except StoreError as e:
            _errors(e, language)
        _report_record(match_id, out, language)

    @app.command("status")
    def status(
        match_id: str = typer.Argument(..., help="Stored match id."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        lang: str = lang_option(),
    ):
        """Where the match stands: game, hand, levels, declarer, trump, blood, what comes next."""
        language = resolve_lang(lang)
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
        language = resolve_lang(lang)
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

    @app.command("undo")
    def undo(
        match_id: str = typer.Argument(..., help="Stored match id."),
        reason: str = typer.Option("", "--reason", help="Why (kept in the log)."),
        force: bool = typer.Option(False, "--force", help="Store it even if it leaves errors."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
        lang: str = lang_option(),
    ):
        """Take back the latest event still in effect (a correction entry; nothing is deleted)."""
        _correction("undo", match_id, None, None, reason, force, db, referee, lang)

    @app.command("void")
    def void(
        match_id: str = typer.Argument(..., help="Stored match id."),
        seq: int = typer.Argument(..., help="Sequence number of the event to take back (see `log`)."),
        reason: str = typer.Option(..., "--reason", help="Why (kept in the log)."),
        force: bool = typer.Option(False, "--force", help="Store it even if it leaves errors."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
        lang: str = lang_option(),
    ):
        """Take back event SEQ, with a reason (a correction entry; nothing is deleted)."""
        _correction("void", match_id, seq, None, reason, force, db, referee, lang)

    @app.command("amend")
    def amend(
        match_id: str = typer.Argument(..., help="Stored match id."),
        seq: int = typer.Argument(..., help="Sequence number of the event to replace (see `log`)."),
        directive: list[str] = typer.Argument(..., help="The directive that replaces it."),
        reason: str = typer.Option(..., "--reason", help="Why (kept in the log)."),
        force: bool = typer.Option(False, "--force", help="Store it even if it leaves errors."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
        lang: str = lang_option(),
    ):
        """Replace event SEQ by DIRECTIVE, with a reason (a correction entry; nothing is deleted)."""
        _correction("amend", match_id, seq, directive, reason, force, db, referee, lang)

    @app.command("log")
    def log(
        match_id: str = typer.Argument(..., help="Stored match id."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        lang: str = lang_option(),
    ):
        """The audit trail: every entry, corrections included, with who and when (UTC)."""
        language = resolve_lang(lang)
        from referee.store import views
        from referee.store.store import StoreError

        store = _store(db)
        try:
            entries = store.log(match_id)
        except StoreError as e:
            _errors(e, language)
        _echo_lines(views.log_heading(match_id, len(entries), language))
        _echo_lines(views.log_lines(entries, language))

    @app.command("import")
    def import_(
        files: list[Path] = typer.Argument(..., help="Record files to store, one match each."),
        replace: bool = typer.Option(False, "--replace", help="Overwrite a stored match with the same id "
                                     "(the old one is kept in the store's replaced/ folder)."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
        lang: str = lang_option(),
    ):
        """Store record files as matches (refusing a match id already stored unless --replace)."""
        language = resolve_lang(lang)
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

    @app.command("list")
    def list_(
        db: str = typer.Option(None, "--db", help=DB_HELP),
        lang: str = lang_option(),
    ):
        """The matches in the store."""
        language = resolve_lang(lang)
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

    @app.command("verify")
    def verify(
        match_ids: list[str] = typer.Argument(None, help="Matches to check (default: all)."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        lang: str = lang_option(),
    ):
        """Recompute every hash chain; name the match and entry where a hand-edit broke one."""
        language = resolve_lang(lang)
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

    @app.command("whatif")
    def whatif(
        match_id: str = typer.Argument(..., help="Stored match id."),
        seq: int = typer.Argument(..., help="Sequence number of the event to replace (see `log`)."),
        directive: list[str] = typer.Argument(..., help="The directive to try in its place."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        lang: str = lang_option(),
    ):
        """For a dispute: replay with event SEQ replaced, side by side with the record; stores nothing."""
        language = resolve_lang(lang)
        from referee.store import officiate, views
        from referee.store.store import StoreError

        event = _parse_directive(directive, lang=language)
        store = _store(db)
        try:
            w = officiate.whatif(store, match_id, seq, event)
        except StoreError as e:
            _errors(e, language)
        _echo_lines(views.whatif_table(w, match_id, language))


def main() -> None:  # pragma: no cover - for trying the commands before the CLI wires them
    app = typer.Typer(no_args_is_help=True)
    register(app)
    app(sys.argv[1:])
