"""Every word the scorecard prints, as catalogue messages, and the small formatters that use them.

No ReportLab here: the CLI and the tests import this freely. A label is an ``M("…")`` template
(English msgid; its Chinese inline until the lead harvests it into the catalogue), worded in any
catalogue's language by :func:`t`. Seats, teams and suits are the catalogue's field words
(``seat``/``team``/``suit`` contexts), and outcomes, game ends, note and entry kinds are codes worded
once in ``referee.i18n.words``: the PDF says what the terminal and the store views say.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from referee.codes import Code, EntryKind, GameEnd, NoteKind, Outcome, Waiver
from referee.i18n import M, Msg, pgettext
from referee.i18n.words import word

# An empty cell: a mark, not a word, the same in every language.
NONE = "—"

LABELS: dict[str, Msg] = {
    # title and header
    "title": M("Dalian Gunzi scorecard", zh="大连打滚子 比赛记分卡"),
    "event": M("Event", zh="赛事"),
    "date": M("Date", zh="日期"),
    "round": M("Round", zh="轮次"),
    "table": M("Table", zh="桌号"),
    "rules": M("Rules", zh="规则"),
    "referee": M("Referee", zh="裁判"),
    "page": M("page {n}", zh="第 {n} 页"),
    # result
    "result": M("Result", zh="比赛结果"),
    "games_won": M("Games won: {ew} {ew_games} : {ns_games} {ns}", zh="胜局数: {ew} {ew_games} : {ns_games} {ns}"),
    "winner": M("Winner: {team}", zh="胜方: {team}"),
    "winner_how": M("Winner: {team} — How: {how}", zh="胜方: {team} — 决胜方式: {how}"),
    "no_winner": M("Match not finished", zh="比赛未结束"),
    "forfeit_note": M("forfeit (warning limit)", zh="判负（警告满限）"),
    "game_col": M("Game", zh="局"),
    "game_winner": M("Winner", zh="胜方"),
    "game_reason": M("How", zh="方式"),
    "game_last_hand": M("Last hand", zh="末副"),
    "game_open": M("awaiting ruling", zh="待裁定"),
    # chart
    "chart_title": M("Levels, hand by hand", zh="级数走势（逐副）"),
    "chart_x": M("Hand", zh="副"),
    "chart_y": M("Level", zh="级"),
    "chart_game": M("Game {n}", zh="第{n}局"),
    # hand table
    "hands": M("Hand by hand", zh="逐副记录"),
    "col_game": M("Game", zh="局"),
    "col_hand": M("Hand", zh="副"),
    "col_declarer": M("Declarer", zh="庄家"),
    "col_level": M("Level", zh="级"),
    "col_trump": M("Trump", zh="主"),
    "col_tribute": M("Tribute", zh="进贡"),
    "col_kitty_points": M("Kitty pts", zh="底分"),
    "col_kitty_jokers": M("Kitty jokers", zh="底王"),
    "col_dry_pot": M("Dry pot", zh="干锅"),
    "col_points": M("Def. pts", zh="抓分"),
    "col_last": M("Dig/keep", zh="抠/保"),
    "col_score": M("Score", zh="得分"),
    "col_outcome": M("Outcome", zh="结果"),
    "col_level_change": M("Level +", zh="升级"),
    "col_levels_after": M("Levels after", zh="级数后"),
    "col_blood": M("Blood", zh="欠血"),
    "col_ledger": M("Ledger", zh="账"),
    "col_game_end": M("Game end", zh="本局结束"),
    "dry_pot_yes": M("dry", zh="干锅"),
    "dug": M("dig", zh="抠底"),
    "kept": M("keep", zh="保底"),
    "tribute": M("{giver:seat}→{receiver:seat} {n}", zh="{giver:seat}→{receiver:seat} {n}张"),
    "riot_by": M("riot {seat:seat}", zh="暴动 {seat:seat}"),
    "big_jokers": M("BJ×{n}", zh="大×{n}"),
    "small_jokers": M("SJ×{n}", zh="小×{n}"),
    "game_end": M("{team:team} wins: {how}", zh="{team:team}胜（{how}）"),
    # notes and audit trail
    "notes": M("Warnings, rulings and corrections", zh="警告、裁定与更正"),
    "no_notes": M("none", zh="无"),
    "note_kind": M("Kind", zh="类别"),
    "note_where": M("Where", zh="位置"),
    "note_who": M("Who", zh="对象"),
    "note_text": M("Text / reason", zh="内容 / 理由"),
    "note_line": M("Line/seq", zh="行/序号"),
    "audit": M("Corrections (audit trail)", zh="更正记录（审计）"),
    "audit_seq": M("Seq", zh="序号"),
    "audit_time": M("Time", zh="时间"),
    "audit_detail": M("Detail", zh="内容"),
    "errors": M("Problems in the record", zh="记录问题"),
    "line_problem": M("line {n}: {problem}", zh="第{n}行: {problem}"),
    "game_n": M("game {game}", zh="第{game}局"),
    "game_hand_n": M("game {game} hand {hand}", zh="第{game}局 第{hand}副"),
    # signatures
    "signatures": M("Signatures", zh="签字"),
    "captain": M("{team} captain", zh="{team}队长"),
    "sign_date": M("Date:", zh="日期:"),
}

TEAM_SEATS = {"EW": ("E", "W"), "NS": ("S", "N")}


# The words are cached: a scorecard asks for the same few hundred times over (a column's "keep", a
# seat's name), and each catalogue look-up first finds the language among the installed catalogues
# (``referee.i18n.normalize`` lists the locale folder), a cost the 40-hand bench can measure.
CACHE = 4096


def t(key: str, lang: str, **fields: object) -> str:
    """The label ``key`` in ``lang``, its ``{name}`` fields filled from ``fields`` (hashable values)."""
    return _label(key, lang, tuple(fields.items()))


@lru_cache(maxsize=CACHE)
def _label(key: str, lang: str, fields: tuple[tuple[str, object], ...]) -> str:
    msg = LABELS[key]
    return (msg.bind(**dict(fields)) if fields else msg).text(lang)


@lru_cache(maxsize=CACHE)
def _field_word(context: str, code: str, lang: str) -> str:
    return pgettext(lang, context, code)


def seat(code: str | None, lang: str) -> str:
    """A seat as the language names it (``E`` → 东); nothing for no seat."""
    return _field_word("seat", code, lang) if code else ""


def team(code: str | None, lang: str) -> str:
    """A team as the language names it (``EW`` → 东西); nothing for no team."""
    return _field_word("team", code, lang) if code else ""


def suit(code: str | None, lang: str) -> str:
    """A trump suit as the language names it (``H`` → hearts / 红桃); the empty mark for none."""
    return _field_word("suit", code, lang) if code else NONE


@lru_cache(maxsize=CACHE)
def coded(kind: type[Code], value: str | None, lang: str, top: int = 10) -> str:
    """The catalogue's word for ``value`` as a code of ``kind``; nothing for none, and a value that is
    no such code (a newer engine's) as it stands rather than a traceback."""
    if not value:
        return ""
    try:
        code = kind(value)
    except ValueError:
        return str(value)
    return word(code, lang, top=top)


def outcome(code: str, lang: str) -> str:
    return coded(Outcome, code, lang)


def reason(code: str | None, lang: str, top: int = 10) -> str:
    """How a game ended; *top* is the rule set's top level, which "passed 10" names."""
    return coded(GameEnd, code, lang, top)


ENTRY_KINDS = frozenset(EntryKind)  # codes hash like their strings: a plain "undo" is found


def note_kind(kind: str, lang: str) -> str:
    """A note's kind (warning, ruling…) or an audit entry's (undo, void, amend)."""
    return coded(EntryKind if kind in ENTRY_KINDS else NoteKind, kind, lang)


def waiver(code: str, lang: str) -> str:
    return coded(Waiver, code, lang)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def seat_player(code: str, names: Mapping[str, str], lang: str) -> str:
    """``东 张三`` / ``E 张三``; the seat alone when the record names nobody."""
    name = names.get(code)
    return f"{seat(code, lang)} {name}" if name else seat(code, lang)


def team_label(code: str, names: Mapping[str, str], lang: str) -> str:
    """``东西 海之韵`` / ``EW 海之韵``."""
    name = names.get(code)
    return f"{team(code, lang)} {name}" if name else team(code, lang)
