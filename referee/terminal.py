"""Plain-text views for the terminal: the hand-by-hand table, one hand's settlement, the result.

Widths count a Chinese character as two columns, so tables with Chinese names stay aligned.
"""

from __future__ import annotations

import unicodedata

from referee.cards import format_cards
from referee.explain import suit_arg, word
from referee.results import HandResult, MatchResult

OUTCOME = {
    "keep": ("keep", "保底升级"), "foul_dig": ("foul dig", "臭抠"),
    "stage_kept": ("stage, kept", "上台不升级"), "stage_dug": ("stage, dug", "上台升级"),
}
REASON = {
    "passed_10": ("passed 10", "打过10"), "zero": ("defenders 0", "抓分方0分"),
    "sweep": ("300 points", "满300分"), "three_jokers": ("three jokers", "三王"),
    "time": ("time", "时间到"), "ruling": ("referee's ruling", "裁判裁定"), "forfeit": ("forfeit", "判负"),
}
HEAD = {
    "en": ["#", "game", "decl", "lvl", "trump", "tribute", "pts", "kitty", "last", "score", "outcome",
           "levels EW-NS", "blood", "ledger EW/NS"],
    "zh": ["局", "轮", "庄", "级", "主", "进贡", "得分", "底分", "抠/保", "总分", "结果", "级数 东西-南北", "血",
           "计分 东西/南北"],
}


def width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, n: int) -> str:
    return text + " " * max(0, n - width(text))


def table(rows: list[list[str]]) -> list[str]:
    widths = [max(width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(pad(c, w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def _tribute(h: HandResult, lang: str) -> str:
    t = h.tribute
    if t is None:
        return "-"
    if t.waived:
        return ("暴动" if t.waived == "riot" else "免贡") if lang == "zh" else t.waived
    given = len(t.cards) if len(t.cards) == t.owed else f"{len(t.cards)}/{t.owed}"
    return f"{word(t.giver, lang)}→{word(t.receiver, lang)} {given}"


def hand_row(h: HandResult, lang: str) -> list[str]:
    zh = lang == "zh"
    kitty = str(h.kitty_points)
    for n, en, cn in ((h.big_jokers, "BJ", "大王"), (h.small_jokers, "SJ", "小王")):
        if n:
            kitty += f" +{n}{cn if zh else en}"
    if h.dry_pot:
        kitty += " 干锅" if zh else " dry"
    outcome = OUTCOME[h.outcome][1 if zh else 0]
    if h.game_winner:
        outcome += f" ★{word(h.game_winner, lang)} {REASON[h.game_reason][1 if zh else 0]}"
    return [
        str(h.hand), str(h.game), word(h.declarer, lang), str(h.level), word(suit_arg(h.trump), lang),
        _tribute(h, lang), str(h.points), kitty, ("抠底" if zh else "dig") if h.dug else ("保底" if zh else "keep"),
        str(h.score), outcome, f"{h.levels_after['EW']}-{h.levels_after['NS']}", str(h.blood),
        f"{h.ledger['EW']:+d}/{h.ledger['NS']:+d}",
    ]


def match_view(result: MatchResult, lang: str = "en") -> str:
    zh = lang == "zh"
    out: list[str] = []
    hd = result.header
    if hd is not None:
        bits = [hd.id] + [v for v in (hd.event, hd.date) if v]
        if hd.round:
            bits.append(f"第{hd.round}轮" if zh else f"round {hd.round}")
        if hd.table:
            bits.append(f"{hd.table}号桌" if zh else f"table {hd.table}")
        out.append(" · ".join(bits))
    out.append(("规则：" if zh else "rules: ") + result.rules)
    for team in ("EW", "NS"):
        seats = " ".join(f"{word(s, lang)} {result.seats.get(s, '?')}" for s in team)
        name = result.teams.get(team)
        out.append(f"{word(team, lang)} {name + ' ' if name else ''}({seats})")
    out.append("")
    if result.hands:
        out.extend(table([HEAD[lang]] + [hand_row(h, lang) for h in result.hands]))
        out.append("")
    out.extend(result_lines(result, lang))
    return "\n".join(out)


def result_lines(result: MatchResult, lang: str = "en") -> list[str]:
    zh = lang == "zh"
    out = []
    for g in result.games:
        why = REASON.get(g.reason, (g.reason, g.reason))[1 if zh else 0]
        if zh:
            out.append(f"第{g.game}轮：{word(g.winner, lang)}胜（{why}）")
        else:
            out.append(f"game {g.game}: {g.winner} ({why})")
    for n in result.notes:
        if n.kind in ("warn", "ruling"):
            who = word(n.seat or n.team or "", lang)
            out.append(f"{'警告' if zh and n.kind == 'warn' else '裁定' if zh else n.kind} {who}: {n.text} "
                       f"(line {n.line})")
    if result.ledger is not None:
        led = f"EW {result.ledger['EW']:+d}, NS {result.ledger['NS']:+d}"
        if result.ledger_headline:
            out.append(f"{'计分（主要成绩）' if zh else 'ledger (the headline score)'}: {led}")
        else:
            out.append(f"{'计分' if zh else 'ledger'}: {led}")
    games = f"EW {result.games_won['EW']} : {result.games_won['NS']} NS"
    if result.winner:
        how = ("判负 " if zh else "forfeit, ") if result.forfeit else ""
        out.append(f"{'比赛结果' if zh else 'match'}: {how}{word(result.winner, lang)} "
                   f"{'胜' if zh else 'win'} ({games})")
    else:
        st = result.state
        out.append(f"{'比赛未结束' if zh else 'match in progress'} ({games}); "
                   f"{'第' if zh else 'game '}{st.game}{'轮' if zh else ''}, "
                   f"{'级数' if zh else 'levels'} EW {st.levels['EW']} NS {st.levels['NS']}")
    return out


def explain_view(h: HandResult, lang: str = "en") -> str:
    zh = lang == "zh"
    head = (f"第{h.hand}局（第{h.game}轮）：{word(h.declarer, lang)}坐庄，{word(h.declarer_team, lang)}打{h.level}"
            if zh else f"hand {h.hand} (game {h.game}): {h.declarer} declares, {h.declarer_team} at level {h.level}")
    lines = [head, ("底牌 " if zh else "kitty ") + format_cards(h.kitty)
             + ("  →  " + format_cards(h.final_kitty) if h.final_kitty != h.kitty else "")]
    for i, step in enumerate(h.explain, 1):
        lines.append(f"{i:2d}. {step.text(lang)}")
    return "\n".join(lines)
