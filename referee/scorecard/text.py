"""Every word the scorecard prints, in Chinese and English, and the small formatters that use them.

No ReportLab here: the CLI and the tests import this freely. Every label is a (zh, en) pair, so a
label cannot exist in one language only.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGS = ("zh", "en")

LABELS: dict[str, tuple[str, str]] = {
    # title and header
    "title": ("大连打滚子 比赛记分卡", "Dalian Gunzi scorecard"),
    "match_id": ("比赛编号", "Match"),
    "event": ("赛事", "Event"),
    "date": ("日期", "Date"),
    "round": ("轮次", "Round"),
    "table": ("桌号", "Table"),
    "rules": ("规则", "Rules"),
    "referee": ("裁判", "Referee"),
    "teams": ("队伍与座位", "Teams and seats"),
    "team": ("队", "Team"),
    "page": ("第 {n} 页", "page {n}"),
    # result
    "result": ("比赛结果", "Result"),
    "games_won": ("胜轮数", "Games won"),
    "winner": ("胜方", "Winner"),
    "no_winner": ("比赛未结束", "Match not finished"),
    "won_by": ("决胜方式", "How"),
    "forfeit_note": ("判负（警告满限）", "forfeit (warning limit)"),
    "games": ("各轮结果", "Games"),
    "game_col": ("轮", "Game"),
    "game_winner": ("胜方", "Winner"),
    "game_reason": ("方式", "How"),
    "game_last_hand": ("末局", "Last hand"),
    "game_open": ("待裁决", "awaiting ruling"),
    # chart
    "chart_title": ("级数走势（逐局）", "Levels, hand by hand"),
    "chart_x": ("局", "Hand"),
    "chart_y": ("级", "Level"),
    "chart_game": ("第{n}轮", "Game {n}"),
    # hand table
    "hands": ("逐局记录", "Hand by hand"),
    "col_game": ("轮", "Game"),
    "col_hand": ("局", "Hand"),
    "col_declarer": ("庄家", "Declarer"),
    "col_level": ("级", "Level"),
    "col_trump": ("主", "Trump"),
    "col_tribute": ("进贡", "Tribute"),
    "col_kitty_points": ("底分", "Kitty pts"),
    "col_kitty_jokers": ("底王", "Kitty jokers"),
    "col_dry_pot": ("干锅", "Dry pot"),
    "col_points": ("抓分", "Def. pts"),
    "col_last": ("抠/保", "Dig/keep"),
    "col_score": ("得分", "Score"),
    "col_outcome": ("结果", "Outcome"),
    "col_level_change": ("升级", "Level +"),
    "col_levels_after": ("级数后", "Levels after"),
    "col_blood": ("欠血", "Blood"),
    "col_ledger": ("账", "Ledger"),
    "col_game_end": ("本轮结束", "Game end"),
    "dry_pot_yes": ("干锅", "dry"),
    "dug": ("抠底", "dig"),
    "kept": ("保底", "keep"),
    "riot": ("暴动", "riot"),
    "waived": ("免贡", "waived"),
    "big_joker_short": ("大", "BJ"),
    "small_joker_short": ("小", "SJ"),
    "cards_unit": ("张", ""),
    "wins": ("胜", "wins"),
    "none": ("—", "—"),
    # notes and audit trail
    "notes": ("警告、裁决与更正", "Warnings, rulings and corrections"),
    "no_notes": ("无", "none"),
    "note_kind": ("类别", "Kind"),
    "note_where": ("位置", "Where"),
    "note_who": ("对象", "Who"),
    "note_text": ("内容 / 理由", "Text / reason"),
    "note_line": ("行/序号", "Line/seq"),
    "kind_warn": ("警告", "warning"),
    "kind_ruling": ("裁决", "ruling"),
    "kind_redeal": ("重发", "redeal"),
    "kind_time": ("时间到", "time"),
    "audit": ("更正记录（审计）", "Corrections (audit trail)"),
    "audit_seq": ("序号", "Seq"),
    "audit_time": ("时间", "Time"),
    "audit_detail": ("内容", "Detail"),
    "kind_undo": ("撤销", "undo"),
    "kind_void": ("作废", "void"),
    "kind_amend": ("更正", "amend"),
    "errors": ("记录问题", "Problems in the record"),
    "line_n": ("第{n}行", "line {n}"),
    "game_n": ("第{n}轮", "game {n}"),
    "hand_n": ("第{n}局", "hand {n}"),
    # signatures
    "signatures": ("签字", "Signatures"),
    "captain": ("{team}队长", "{team} captain"),
    "sign_date": ("日期", "Date"),
}

OUTCOMES: dict[str, tuple[str, str]] = {
    "keep": ("保底", "keep"),
    "foul_dig": ("臭抠", "foul dig"),
    "stage_kept": ("上台保底", "stage, kept"),
    "stage_dug": ("上台抠底", "stage, dug"),
}

REASONS: dict[str, tuple[str, str]] = {
    "passed_10": ("打过10", "passed 10"),
    "zero": ("零分", "zero"),
    "sweep": ("满分", "sweep"),
    "three_jokers": ("三王", "three jokers"),
    "time": ("时间到", "time"),
    "ruling": ("裁决", "ruling"),
    "forfeit": ("判负", "forfeit"),
}

SEAT_NAMES: dict[str, tuple[str, str]] = {"E": ("东", "E"), "S": ("南", "S"), "W": ("西", "W"), "N": ("北", "N")}
TEAM_NAMES: dict[str, tuple[str, str]] = {"EW": ("东西", "EW"), "NS": ("南北", "NS")}
SUIT_NAMES: dict[str, tuple[str, str]] = {
    "S": ("黑桃", "spades"), "H": ("红桃", "hearts"), "C": ("梅花", "clubs"), "D": ("方块", "diamonds"),
}
TEAM_SEATS = {"EW": ("E", "W"), "NS": ("S", "N")}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "zh" else pair[1]


def t(key: str, lang: str, **kw: object) -> str:
    """The label ``key`` in ``lang``, with ``{name}`` fields filled from ``kw``."""
    text = _pick(LABELS[key], lang)
    return text.format(**kw) if kw else text


def seat(code: str | None, lang: str) -> str:
    if not code:
        return ""
    return _pick(SEAT_NAMES[code], lang) if code in SEAT_NAMES else code


def team(code: str | None, lang: str) -> str:
    if not code:
        return ""
    return _pick(TEAM_NAMES[code], lang) if code in TEAM_NAMES else code


def suit(code: str | None, lang: str) -> str:
    if not code:
        return t("none", lang)
    return _pick(SUIT_NAMES[code], lang) if code in SUIT_NAMES else code


def outcome(code: str, lang: str) -> str:
    return _pick(OUTCOMES[code], lang) if code in OUTCOMES else code


def reason(code: str | None, lang: str) -> str:
    if not code:
        return ""
    return _pick(REASONS[code], lang) if code in REASONS else code


def note_kind(kind: str, lang: str) -> str:
    key = f"kind_{kind}"
    return t(key, lang) if key in LABELS else kind


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
