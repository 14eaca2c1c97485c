"""``referee event …``: running a tournament — entries, pairings, round control, standings, sheets.

One Typer group (``COMMANDS["event"]``, ``group=True``); the command line wraps each of its
commands in the error boundary and words their help in the user's language, as for every command.
Imported when the command line starts: only typer and the standard library at the top; the store,
the event layer, the engine and ReportLab load inside the commands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.commands.boundary import language
from referee.commands.options import Db, Lang, Output, Reason, Referee
from referee.i18n import N_

if TYPE_CHECKING:
    from referee.event.state import EventState
    from referee.i18n import Msg
    from referee.store.store import Store

EventId = Annotated[str, typer.Argument(metavar="EVENT", help=N_("The event's id, e.g. SC26.",
                                                                 zh="赛事编号，例如 SC26。"), show_default=False)]
PairCode = Annotated[str, typer.Argument(metavar="PAIR", help=N_("The pair's code, e.g. A1.",
                                                                 zh="对的编号，例如 A1。"), show_default=False)]
Json = Annotated[bool, typer.Option("--json", help=N_("Print JSON instead of the table.", zh="输出 JSON 而不是表格。"))]


def _store(db: str | None) -> Store:
    from referee.store.store import Store

    return Store(db)


def _echo(lines: list[str]) -> None:
    typer.echo("\n".join(lines))


def _dump(data: object) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


# --- entries --------------------------------------------------------------------------------------

def new(
    event_id: EventId,
    name: Annotated[str, typer.Option("--name", metavar="NAME", help=N_("The event's name, e.g. \"Spring Cup\".",
                                                                        zh="赛事名称，例如“春季杯”。"),
                                      show_default=False)],
    rules: Annotated[str, typer.Option("--rules", metavar="RULESET",
                                       help=N_("Rule set of every match (a name or a TOML file).",
                                               zh="每场比赛的规则（名称或 TOML 文件）。"))] = "dalian-club",
    fmt: Annotated[str, typer.Option("--format", metavar="swiss|round-robin",
                                     help=N_("Swiss rounds, or a round robin (every pair meets every other).",
                                             zh="瑞士制，或循环赛（每对与其他每对都交手）。"))]
    = "swiss",
    rounds: Annotated[int | None, typer.Option("--rounds", metavar="N", help=N_(
        "Rounds the event will have (a Swiss event needs it; a round robin: all of its schedule).",
        zh="赛事共几轮（瑞士制必须给出；循环赛默认打完全部赛程）。"))] = None,
    scoring: Annotated[str, typer.Option("--scoring", metavar="NAME|PATH", help=N_(
        "Match points and tie-breaks: a bundled scoring (club) or a TOML file (base = allowed).",
        zh="积分和名次标准：内置计分（club）或 TOML 文件（可用 base =）。"))] = "club",
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD", help=N_("Date of the event.",
                                                                                     zh="赛事日期。"))] = None,
    venue: Annotated[str | None, typer.Option("--venue", metavar="TEXT", help=N_("Where it is played.",
                                                                                 zh="比赛地点。"))] = None,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=N_(
        "Shuffle round 1 with this seed (else entry order); also the seed of the lot.",
        zh="用此种子打乱第 1 轮的顺序（否则按报名顺序）；也是抽签的种子。"))] = None,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Create an event: its name, rule set, format, rounds and scoring."""
    say = language(lang)
    from referee.event.model import EventFormat
    from referee.i18n import M, tr
    from referee.store.director import new_event

    store = _store(db)
    state = new_event(store, event_id, name=name, rules=rules, fmt=fmt, rounds=rounds, scoring=scoring, date=date,
                      venue=venue, seed=seed, referee=referee)
    s = state.settings
    form = M("round robin", zh="循环赛") if s.format is EventFormat.round_robin else M("Swiss", zh="瑞士制")
    planned = "-" if s.rounds is None else s.rounds
    typer.echo(tr(say, "new event {event} ({name}) in {root}: {format}, {rounds} rounds, rules {rules}, scoring "
                       "{scoring}, lot seed {lot}",
                  zh="新赛事 {event}（{name}），存于 {root}：{format}，{rounds} 轮，规则 {rules}，计分 {scoring}，"
                     "抽签种子 {lot}",
                  event=s.id, name=s.name, root=store.root, format=form, rounds=planned, rules=s.rules,
                  scoring=s.scoring.name, lot=s.lot))
    typer.echo(tr(say, "next: referee event add {event} PAIR PLAYER1 PLAYER2, or referee event import {event} FILE",
                  zh="下一步：referee event add {event} 对 选手1 选手2，或 referee event import {event} 文件",
                  event=s.id))


def add(
    event_id: EventId,
    pair: PairCode,
    player1: Annotated[str, typer.Argument(metavar="PLAYER1", help=N_("First player (sits E or S).",
                                                                      zh="第一名选手（坐东或南）。"),
                                           show_default=False)],
    player2: Annotated[str, typer.Argument(metavar="PLAYER2", help=N_("Second player (sits W or N).",
                                                                      zh="第二名选手（坐西或北）。"),
                                           show_default=False)],
    club: Annotated[str, typer.Option("--club", metavar="CLUB", help=N_("The pair's club.",
                                                                        zh="这一对的俱乐部。"))] = "",
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Enter a pair."""
    say = language(lang)
    from referee.i18n import trn
    from referee.store.director import add_pairs, checked_pair

    entry = checked_pair(pair, player1, player2, club)
    state = add_pairs(_store(db), event_id, [entry], referee)
    typer.echo(trn(say, "entered pair {pair} ({player1}, {player2}) in {event}: {n} pair",
                   "entered pair {pair} ({player1}, {player2}) in {event}: {n} pairs", len(state.pairs),
                   zh="已报名对 {pair}（{player1}、{player2}），赛事 {event}：共 {n} 对",
                   pair=entry.code, player1=entry.player1, player2=entry.player2, event=event_id))


def import_(
    event_id: EventId,
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_(
        "Entries: CSV or XLSX with a header row pair,player1,player2,club.",
        zh="报名表：CSV 或 XLSX，首行为 pair,player1,player2,club。"), show_default=False)],
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Enter the pairs of an entries file (CSV or XLSX): all of them or none."""
    say = language(lang)
    from referee.event.entries import read_entries
    from referee.i18n import tr
    from referee.store.director import add_pairs

    entries = read_entries(file)
    if entries.notice is not None:
        typer.echo(entries.notice.text(say), err=True)
    state = add_pairs(_store(db), event_id, list(entries.pairs), referee, source=str(file))
    typer.echo(tr(say, "{file}: entered {n} pairs in {event} ({total} in all)",
                  zh="{file}：已为赛事 {event} 报名 {n} 对（共 {total} 对）",
                  file=str(file), n=len(entries.pairs), event=event_id, total=len(state.pairs)))


def withdraw(
    event_id: EventId,
    pair: PairCode,
    reason: Reason,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Withdraw a pair: never paired again; it keeps what it played in the standings."""
    say = language(lang)
    from referee.i18n import tr
    from referee.store.director import withdraw as withdraw_pair

    state = withdraw_pair(_store(db), event_id, pair, reason, referee)
    current = state.current
    typer.echo(tr(say, "pair {pair} withdrawn from {event} ({reason}): {n} pairs playing",
                  zh="对 {pair} 已退出赛事 {event}（{reason}）：{n} 对在赛",
                  pair=pair, event=event_id, reason=reason, n=len(state.active)))
    from referee.event.model import RoundStatus

    if current is not None and current.status is RoundStatus.open and any(pair in (t.ew, t.ns)
                                                                           for t in current.tables):
        typer.echo(tr(say, "its match in round {round} is still to be decided (record it, or close the round with "
                           "--force)", zh="它在第 {round} 轮的比赛仍需结果（请记录，或用 --force 结束该轮）",
                      round=current.number))


# --- rounds -----------------------------------------------------------------------------------------

def pair(
    event_id: EventId,
    json_: Json = False,
    explain: Annotated[bool, typer.Option("--explain", help=N_(
        "Say why each table was paired (score group, floats, a rematch avoided).",
        zh="说明每桌为何这样配对（积分组、上下调、避免重复交手）。"))] = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Pair the next round and create its matches in the store (EVENT-R<round>-T<table>)."""
    say = language(lang)
    from referee.store import eventjson, eventtext
    from referee.store.director import pair_round

    paired = pair_round(_store(db), event_id, referee)
    if json_:
        _dump(eventjson.pairing(paired.round))
        return
    _echo(eventtext.pairing_lines(paired.state, paired.round, say))
    if explain:
        _echo(eventtext.explanation_lines(paired.round, paired.swiss, say))


def status(
    event_id: EventId,
    json_: Json = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The current round: each table's match (not started, game and hand in play, or its result) and its time."""
    say = language(lang)
    import datetime

    from referee.store import eventjson, eventresults, eventtext

    store = _store(db)
    state = _state(store, event_id)
    current = state.current
    counted = None if current is None else current.number
    results, cache = eventresults.load(store, event_id, counted)
    now = datetime.datetime.now(datetime.UTC)
    if json_:
        _dump(eventjson.status(results, now))
    else:
        _echo(eventtext.status_lines(results, now, say))
    cache.save()


def _state(store: Store, event_id: str) -> EventState:
    from referee.store.eventlog import EventLog

    return EventLog(store.root, event_id).state()


def close(
    event_id: EventId,
    force: Annotated[bool, typer.Option("--force", help=N_(
        "Close even with unfinished matches: each is decided by rulings recorded with --reason.",
        zh="有比赛未结束也结束本轮：每场以裁定结束，理由用 --reason 记录。"))] = False,
    reason: Annotated[str, typer.Option("--reason", metavar="TEXT", help=N_("Why (kept in the log)."))] = "",
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Close the current round once every match is finished; its results are then final."""
    say = language(lang)
    from referee.i18n import tr
    from referee.store.director import close_round

    closed = close_round(_store(db), event_id, force=force, reason=reason, referee=referee)
    for r in closed.rulings:
        typer.echo(tr(say, "{match}: ruling for {team:team} recorded as #{seq} ({reason})",
                      zh="{match}：已记录 #{seq}，裁定{team:team}胜（{reason}）",
                      match=r.match, team=r.team, seq=r.seq, reason=reason))
    planned = closed.state.planned
    typer.echo(tr(say, "round {round} of {event} closed: its results are final",
                  round=closed.round.number, event=event_id, zh="赛事 {event} 第 {round} 轮已结束：成绩已确定"))
    if closed.state.final:
        typer.echo(tr(say, "that was the last round: the standings are final (referee event standings {event})",
                      event=event_id, zh="这是最后一轮：排名已确定（referee event standings {event}）"))
    elif planned is None or closed.round.number < planned:
        typer.echo(tr(say, "next: referee event pair {event}", zh="下一步：referee event pair {event}",
                      event=event_id))


# --- results ----------------------------------------------------------------------------------------

def standings(
    event_id: EventId,
    json_: Json = False,
    after_round: Annotated[int | None, typer.Option("--after-round", metavar="N", help=N_(
        "The standings as they stood after round N.", zh="第 N 轮结束时的排名。"))] = None,
    explain: Annotated[tuple[str, str] | None, typer.Option("--explain", metavar="PAIR PAIR", help=N_(
        "Say in words why the first pair ranks where it does against the second, criterion by criterion.",
        zh="逐项说明第一对相对第二对的名次为何如此。"))]
    = None,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The standings: match points and every tie-break, from the replays of the stored matches."""
    say = language(lang)
    from referee.errors import UsageError
    from referee.i18n import M
    from referee.store import eventjson, eventresults, eventtext

    if json_ and explain:
        raise UsageError(M("--json and --explain go apart", zh="--json 与 --explain 不能同时使用"))
    results, cache = eventresults.load(_store(db), event_id, after_round)
    if explain:
        a, b = explain
        for code in (a, b):
            if results.state.pair(code) is None:
                from referee.store.director import _unknown_pair

                raise _unknown_pair(results.state, code)
        _echo(eventtext.explain_lines(results, a, b, say))
    elif json_:
        _dump(eventjson.standings(results))
    else:
        _echo(eventtext.standings_lines(results, say))
    cache.save()


def _pdf_lang(lang: str | None) -> str:
    from referee.commands.scorecard import scorecard_language

    return scorecard_language(lang)


def _default(event_id: str, suffix: str) -> Path:
    from referee.names import file_stem
    from referee.scorecard.commands import REPORTS_DIR

    folder = Path(REPORTS_DIR)
    folder.mkdir(exist_ok=True)
    return folder / f"{file_stem(event_id)}{suffix}"


def sheet(
    event_id: EventId,
    round_: Annotated[int | None, typer.Option("--round", metavar="N", help=N_(
        "The round (default: the latest paired).", zh="轮次（默认：最近配对的一轮）。"))] = None,
    output: Output = None,
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
        "Language of the sheet: zh, en or zh_TW (else $REFEREE_LANG, else zh).",
        zh="对阵表的语言：zh、en 或 zh_TW（否则用 $REFEREE_LANG，再否则 zh）。"))] = None,
    db: Db = None,
) -> None:
    """PDF: a round's pairing list by table and by pair, and a card per table for its referee."""
    say, pdf = language(lang), _pdf_lang(lang)
    from referee.errors import UsageError
    from referee.event.sheets import round_sheet
    from referee.i18n import M, tr

    state = _state(_store(db), event_id)
    number = round_ if round_ is not None else (state.current.number if state.current else None)
    rnd = None if number is None else state.round(number)
    if number is None:
        raise UsageError(M("event {event} has no round paired yet (referee event pair {event})",
                           zh="赛事 {event} 还没有配对任何一轮（referee event pair {event}）", event=event_id))
    if rnd is None:
        raise UsageError(M("--round {n}: event {event} has no such round (rounds paired: {paired})",
                           zh="--round {n}：赛事 {event} 没有这一轮（已配对：{paired}）",
                           n=number if number is not None else "-", event=event_id,
                           paired=len(state.rounds)))
    path = output or _default(event_id, f"-R{rnd.number}.pdf")
    round_sheet(path, state.settings.name, rnd, state.pairs, pdf)
    typer.echo(tr(say, "wrote {path}", path=str(path)))


def report(
    event_id: EventId,
    output: Output = None,
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
        "Language of the report: zh, en or zh_TW (else $REFEREE_LANG, else zh).",
        zh="成绩报告的语言：zh、en 或 zh_TW（否则用 $REFEREE_LANG，再否则 zh）。"))] = None,
    db: Db = None,
) -> None:
    """PDF: the standings with every tie-break, the cross table and each round's results."""
    say, pdf = language(lang), _pdf_lang(lang)
    from referee.event.sheets import standings_report
    from referee.i18n import tr
    from referee.store import eventresults

    results, cache = eventresults.load(_store(db), event_id)
    path = output or _default(event_id, "-standings.pdf")
    standings_report(path, results.state.settings.name, results.state.pairs, results.rounds, results.standings,
                     results.summaries, pdf, final=results.final)
    cache.save()
    typer.echo(tr(say, "wrote {path}", path=str(path)))


def export(
    event_id: EventId,
    xlsx: Annotated[Path, typer.Option("--xlsx", metavar="PATH", help=N_(
        "The workbook to write: standings, entries and every match result, a sheet each.",
        zh="要写出的工作簿：排名、报名和每场比赛的成绩，各占一张表。"), show_default=False)],
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
        "Language of the workbook: zh, en or zh_TW (else $REFEREE_LANG, else zh).",
        zh="工作簿的语言：zh、en 或 zh_TW（否则用 $REFEREE_LANG，再否则 zh）。"))] = None,
    db: Db = None,
) -> None:
    """XLSX: the standings, the entries and every match result, one sheet each."""
    say, book = language(lang), _pdf_lang(lang)
    from referee.event.xlsx import write_workbook
    from referee.i18n import tr
    from referee.store import eventresults

    results, cache = eventresults.load(_store(db), event_id)
    write_workbook(xlsx, results.state.settings.name, results.state.pairs, results.rounds, results.standings,
                   results.summaries, book)
    cache.save()
    typer.echo(tr(say, "wrote {path}", path=str(xlsx)))


def list_(
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The events in the store."""
    say = language(lang)
    from referee.errors import RefereeError
    from referee.store.eventlog import EventLog, list_events
    from referee.store.eventtext import list_lines

    store = _store(db)
    found: list[tuple[str, EventState | Msg]] = []
    for event_id, _ in list_events(store.root):
        try:
            found.append((event_id, EventLog(store.root, event_id).state()))
        except RefereeError as e:  # a broken log is listed with its problem, the others still shown
            found.append((event_id, e.msg))
    _echo(list_lines(found, str(store.root), say))


HELP = N_("Run a tournament: entries, pairings, rounds, standings with explained tie-breaks, printed sheets.",
          zh="举办赛事：报名、配对、轮次、附说明的排名和名次标准、打印表格。")


def event() -> typer.Typer:
    """The ``event`` group: its commands, each with its help as a msgid (worded where it is shown)."""
    group = typer.Typer(name="event", help=HELP, no_args_is_help=True, add_completion=False,
                        pretty_exceptions_enable=False, rich_markup_mode=None,
                        context_settings={"help_option_names": ["-h", "--help"]})
    for name, function, text in (
        ("new", new, N_("Create an event: its name, rule set, format, rounds and scoring.",
                        zh="创建赛事：名称、规则、赛制、轮数和计分。")),
        ("add", add, N_("Enter a pair.", zh="报名一对。")),
        ("import", import_, N_("Enter the pairs of an entries file (CSV or XLSX): all of them or none.",
                               zh="按报名表（CSV 或 XLSX）报名：要么全部报名，要么都不报名。")),
        ("withdraw", withdraw, N_("Withdraw a pair: never paired again; it keeps what it played in the standings.",
                                  zh="一对退赛：不再配对；已赛成绩保留在排名中。")),
        ("pair", pair, N_("Pair the next round and create its matches in the store (EVENT-R<round>-T<table>).",
                          zh="配对下一轮，并在存储中创建其比赛（赛事-R轮次-T桌号）。")),
        ("status", status, N_("The current round: each table's match (not started, game and hand in play, or its "
                              "result) and its time.",
                              zh="本轮：每桌比赛的状态（未开始、进行到第几局第几副，或结果）及用时。")),
        ("close", close, N_("Close the current round once every match is finished; its results are then final.",
                            zh="所有比赛结束后结束本轮；其成绩随即确定。")),
        ("standings", standings, N_("The standings: match points and every tie-break, from the replays of the "
                                    "stored matches.", zh="排名：积分和各项名次标准，均由已存比赛重放得出。")),
        ("sheet", sheet, N_("PDF: a round's pairing list by table and by pair, and a card per table for its "
                            "referee.", zh="PDF：一轮的对阵表（按桌号和按对），每桌一张给裁判的记分卡。")),
        ("report", report, N_("PDF: the standings with every tie-break, the cross table and each round's results.",
                              zh="PDF：含各项名次标准的排名、交叉表和每轮成绩。")),
        ("export", export, N_("XLSX: the standings, the entries and every match result, one sheet each.",
                              zh="XLSX：排名、报名和每场比赛的成绩，各占一张表。")),
        ("list", list_, N_("The events in the store.", zh="存储中的赛事。")),
    ):
        group.command(name, help=text)(function)
    return group
