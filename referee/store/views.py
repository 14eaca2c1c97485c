"""Plain-text views of the store for the terminal: settlements, status, the audit log, what-if.

Each view speaks English or Chinese (``lang="en"|"zh"``): one function per view, its words from the
phrase tables ``WORDS[lang]``; the Chinese uses the referees' terms (庄家, 抓分方, 保底, 抠底, 上台, 干锅,
血 …), with seats 东南西北 and teams 东西/南北.
"""

from __future__ import annotations

import unicodedata


def pad(text: str, width: int) -> str:
    """Left-justify for the terminal: Chinese characters take two columns."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(width - used, 0)

OUTCOME = {
    "keep": "kept (保底): the declarers stay and go up",
    "foul_dig": "foul dig (臭抠): the declarers stay, no level change",
    "stage_kept": "the defenders take over (上台), kitty kept: no level change",
    "stage_dug": "the defenders take over and dig (上台抠底): they go up",
}
GAME_REASON = {
    "passed_10": "passed 10", "zero": "defenders scored 0", "sweep": "defenders scored 300",
    "three_jokers": "three jokers in the kitty", "time": "time", "ruling": "referee's ruling",
    "forfeit": "forfeit (warnings)",
}
PHASE = {
    "between_hands": "between hands", "declaring": "declaring trump", "tribute": "tribute",
    "kitty": "kitty", "bury": "burying", "kings": "burying kings (扣王)", "points": "play (points)",
    "done": "hand finished", "match_over": "match over",
}


def who(seat: str | None, seats: dict[str, str], lang: str = "en") -> str:
    if lang == "zh":
        return who_zh(seat, seats)
    if seat is None:
        return "-"
    name = seats.get(seat)
    return f"{seat} ({name})" if name else seat


def levels(lv: dict[str, int], lang: str = "en") -> str:
    if lang == "zh":
        return levels_zh(lv)
    return ", ".join(f"{team} {lv[team]}" for team in ("EW", "NS") if team in lv)


# --- the views, one function each; the words come from WORDS[lang] -------------------------------

WORDS = {
    "en": {
        "settled": "Hand {hand} settled (game {game}; declarer {declarer} of {team}, level {level}, trump {trump})",
        "score": "  defenders' score {score} = trick points {points}", "from_kitty": " + {kitty} from the kitty",
        "dug": "the defenders dug the kitty (抠底)", "kept": "the declarers kept the last trick (保底)",
        "then": "; ", "dry": "; dry pot (干锅)", "outcome": "  outcome: {outcome}",
        "levels_now": "  levels now: {levels}", "game_won": "  game {game} won by {winner} ({reason})",
        "blood": "  blood owed next hand: {blood} (kings {kings} + score {score}), paid by {giver} to {receiver}",
        "no_blood": "  blood owed next hand: none", "next_declarer": "  next declarer: {seat}",
        "match_won": "  match won by {winner} (games {games})",
        "title": "Match {id} ({rules})", "table": "table {table}", "round": "round {round}", "list": ", ",
        "teams": "Teams: ", "seats": "Seats: ", "member": "{who} {name}",
        "match_over": "Match over: won by {winner} (games {games})",
        "where": "Game {game}, hand {hand}{progress}; phase: {phase}",
        "in_progress": " (in progress)", "not_started": " (not started)",
        "levels": "Levels: {levels}   games won: {games}",
        "declarer": "Declarer: {declarer}; level {level}; trump {trump}",
        "no_declarer": "not fixed yet (first hand of a game)", "no_trump": "not fixed yet",
        "owed": "Blood owed: {blood}, by {giver} to {receiver}", "not_owed": "Blood owed: none",
        "points_so_far": "Defenders' points so far: {points}", "warnings": "Warnings: ",
        "warned": "{team} {n}", "next": "Next: ", "nothing_next": "nothing (match over)",
        "problems": "Problems in the record ({n}):", "entries": "{n} entries in the store",
        "amend": "amend #{target} → {directive}", "correction": "{kind} #{target}", "reason": "   reason: {reason}",
        "superseded": "   [replaced or taken back by #{later}]",
    },
    "zh": {
        "settled": "第{hand}局结算（第{game}轮；庄家 {declarer}，{team}方，打{level}，主{trump}）",
        "score": "  抓分方得分 {score} = 捡分 {points}", "from_kitty": " + 底分 {kitty}",
        "dug": "抓分方抠底", "kept": "庄家方保底", "then": "；", "dry": "；干锅", "outcome": "  结果：{outcome}",
        "levels_now": "  现在级数：{levels}", "game_won": "  第{game}轮：{winner}胜（{reason}）",
        "blood": "  下局血：{blood}个（王 {kings} + 分 {score}），由{giver}进贡给{receiver}",
        "no_blood": "  下局血：无", "next_declarer": "  下局庄家：{seat}",
        "match_won": "  比赛结束：{winner}胜（胜轮：{games}）",
        "title": "比赛 {id}（{rules}）", "table": "{table}号桌", "round": "轮次 {round}", "list": "，",
        "teams": "队：", "seats": "座位：", "member": "{who} {name}",
        "match_over": "比赛结束：{winner}胜（胜轮：{games}）",
        "where": "第{game}轮，第{hand}局{progress}；阶段：{phase}",
        "in_progress": "（进行中）", "not_started": "（未开始）",
        "levels": "级数：{levels}   胜轮：{games}",
        "declarer": "庄家：{declarer}；打{level}；主：{trump}",
        "no_declarer": "未定（本轮第一局）", "no_trump": "未定",
        "owed": "欠血：{blood}个，由{giver}进贡给{receiver}", "not_owed": "欠血：无",
        "points_so_far": "抓分方已得分：{points}", "warnings": "警告：",
        "warned": "{team} {n}次", "next": "下一步：", "nothing_next": "无（比赛已结束）",
        "problems": "记录中的问题（{n}个）：", "entries": "存储中共 {n} 条记录",
        "amend": "更正 #{target} → {directive}", "correction": "{kind} #{target}", "reason": "   理由：{reason}",
        "superseded": "   [已被 #{later} 更正或撤回]",
    },
}


def _team(team: str | None, lang: str) -> str:
    return team_zh(team) if lang == "zh" else (team or "-")


def _suit(suit: str | None, lang: str, none: str = "-") -> str:
    return suit_zh(suit, none) if lang == "zh" else (suit or none)


def settlement(hand, result, lang: str = "en") -> list[str]:
    """A settled hand in a few lines: score, outcome, levels, blood, next declarer, game."""
    w, seats = WORDS[lang], result.seats
    out = [w["settled"].format(hand=hand.hand, game=hand.game, declarer=who(hand.declarer, seats, lang),
                               team=_team(hand.declarer_team, lang), level=hand.level, trump=_suit(hand.trump, lang))]
    kitty = hand.score - hand.points
    score = w["score"].format(score=hand.score, points=hand.points)
    if kitty:
        score += w["from_kitty"].format(kitty=kitty)
    out.append(score + w["then"] + w["dug" if hand.dug else "kept"] + (w["dry"] if hand.dry_pot else ""))
    outcomes = OUTCOME_ZH if lang == "zh" else OUTCOME
    out.append(w["outcome"].format(outcome=outcomes.get(hand.outcome, hand.outcome)))
    out.append(w["levels_now"].format(levels=levels(hand.levels_after, lang)))
    if hand.game_winner:
        reasons = GAME_REASON_ZH if lang == "zh" else GAME_REASON
        reason = reasons.get(hand.game_reason or "", hand.game_reason or "")
        out.append(w["game_won"].format(game=hand.game, winner=_team(hand.game_winner, lang), reason=reason))
    else:
        if hand.blood:
            out.append(w["blood"].format(blood=hand.blood, kings=hand.blood_kings, score=hand.blood_score,
                                         giver=who(hand.blood_giver, seats, lang),
                                         receiver=who(hand.next_declarer, seats, lang)))
        else:
            out.append(w["no_blood"])
        out.append(w["next_declarer"].format(seat=who(hand.next_declarer, seats, lang)))
    if result.winner:
        out.append(w["match_won"].format(winner=_team(result.winner, lang), games=levels(result.games_won, lang)))
    return out


def status(match_id: str, result, log_len: int, lang: str = "en") -> list[str]:
    """Where the match stands, for `referee status`."""
    w, st, seats, h = WORDS[lang], result.state, result.seats, result.header
    title = w["title"].format(id=match_id, rules=result.rules)
    if h is not None:
        extra = [x for x in (h.event, w["table"].format(table=h.table) if h.table else None,
                             w["round"].format(round=h.round) if h.round else None, h.date) if x]
        if extra:
            title += " — " + w["list"].join(extra)
    out = [title]
    seat_word = seat_zh if lang == "zh" else str
    if result.teams:
        out.append(w["teams"] + w["list"].join(w["member"].format(who=_team(t, lang), name=n)
                                               for t, n in result.teams.items()))
    if seats:
        out.append(w["seats"] + w["list"].join(w["member"].format(who=seat_word(s), name=n)
                                               for s, n in seats.items()))
    games = levels(result.games_won, lang)
    if st.match_over or result.winner:
        out.append(w["match_over"].format(winner=_team(result.winner, lang), games=games))
    phases = PHASE_ZH if lang == "zh" else PHASE
    out.append(w["where"].format(game=st.game, hand=st.hand, phase=phases.get(st.phase, st.phase),
                                 progress=w["in_progress" if st.in_hand else "not_started"]))
    out.append(w["levels"].format(levels=levels(st.levels, lang), games=games))
    decl = who(st.declarer, seats, lang) if st.declarer else w["no_declarer"]
    out.append(w["declarer"].format(declarer=decl, level=st.level if st.level is not None else "-",
                                    trump=_suit(st.trump, lang, w["no_trump"])))
    if st.blood_owed:
        out.append(w["owed"].format(blood=st.blood_owed, giver=who(st.blood_giver, seats, lang),
                                    receiver=who(st.declarer, seats, lang)))
    else:
        out.append(w["not_owed"])
    if st.in_hand and st.points_so_far:
        out.append(w["points_so_far"].format(points=st.points_so_far))
    if any(st.warnings.values()):
        out.append(w["warnings"] + w["list"].join(w["warned"].format(team=_team(k, lang), n=v)
                                                  for k, v in st.warnings.items() if v))
    out.append(w["next"] + (expected(st.expected, lang) if st.expected else w["nothing_next"]))
    if result.errors:
        out.append(w["problems"].format(n=len(result.errors)))
        out += error_lines(result.errors, lang)
    out.append(w["entries"].format(n=log_len))
    return out


def log_lines(entries, lang: str = "en") -> list[str]:
    """The audit trail, one entry a line, corrections included."""
    w = WORDS[lang]
    out = []
    for e in entries:
        time = e.time.replace("T", " ").replace("Z", "")[:19]
        kind = KIND_ZH.get(e.kind, e.kind) if lang == "zh" else e.kind
        if e.kind == "event":
            text = e.directive
        elif e.kind == "amend":
            text = w["amend"].format(target=e.target, directive=e.directive)
        else:
            text = w["correction"].format(kind=kind, target=e.target)
        if e.reason:
            text += w["reason"].format(reason=e.reason)
        if e.superseded_by:
            text += w["superseded"].format(later=e.superseded_by)
        out.append(f"{e.seq:>4}  {time}  {pad(e.referee, 12)}  {pad(kind, 6)} {text}")
    return out


def changed_hands(before, after) -> list:
    """Hands whose settlement a correction changed (or that it completed)."""
    old = {h.hand: _hand_row(h) for h in before.hands}
    return [h for h in after.hands if old.get(h.hand) != _hand_row(h)]


def _hand_row(h) -> dict[str, str]:
    if h is None:
        return {k: "-" for k in ROW_KEYS}
    return {
        "score": str(h.score),
        "outcome": h.outcome,
        "levels": levels(h.levels_after),
        "blood": f"{h.blood} by {h.blood_giver}" if h.blood else "0",
        "next declarer": h.next_declarer or "-",
        "game winner": h.game_winner or "-",
    }


ROW_KEYS = ("score", "outcome", "levels", "blood", "next declarer", "game winner")


def whatif_table(w, match_id: str, lang: str = "en") -> list[str]:
    if lang == "zh":
        return _whatif_zh(w, match_id)
    from referee.notation import format_event

    old_text, new_text = format_event(w.old_event), format_event(w.new_event)
    out = [f"What if, in match {match_id}, seq {w.seq} were `{new_text}` instead of `{old_text}`",
           "(nothing is stored)", ""]
    rec = {h.hand: h for h in w.recorded.hands if h.hand >= w.first_hand}
    alt = {h.hand: h for h in w.changed.hands if h.hand >= w.first_hand}
    width = 28
    out.append(f"{'':<22}{'as recorded':<{width}}what if")
    changed_any = False
    for n in sorted(set(rec) | set(alt)):
        a, b = _hand_row(rec.get(n)), _hand_row(alt.get(n))
        out.append(f"hand {n}")
        for key in ROW_KEYS:
            mark = "*" if a[key] != b[key] else " "
            changed_any |= mark == "*"
            out.append(f" {mark} {key:<19}{pad(a[key], width)}{b[key]}")
    out.append("match")
    for key, a, b in (
        ("winner", w.recorded.winner or "-", w.changed.winner or "-"),
        ("games", levels(w.recorded.games_won), levels(w.changed.games_won)),
        ("levels now", levels(w.recorded.state.levels), levels(w.changed.state.levels)),
        ("blood owed now", str(w.recorded.state.blood_owed), str(w.changed.state.blood_owed)),
    ):
        mark = "*" if a != b else " "
        changed_any |= mark == "*"
        out.append(f" {mark} {key:<19}{pad(a, width)}{b}")
    out.append("")
    out.append("* marks what changes." if changed_any else "Nothing in the outcome changes.")
    if w.new_errors:
        out.append("With that change the record would have these problems:")
        out += [f"  seq {e.line}: {e.message}" if e.line else f"  {e.message}" for e in w.new_errors]
    return out


# --- Chinese -------------------------------------------------------------------------------------
# The referee types directives as the record format spells them; in Chinese output each keyword
# keeps its spelling and gets a gloss, e.g. "tribute（进贡）".

DIRECTIVE_ZH = {
    "match": "比赛", "team": "队名", "seat": "座位", "hand": "新一局", "declarer": "庄家", "declare": "亮主",
    "flip": "翻牌", "draw": "抽牌定主", "trump": "定主", "riot": "暴动", "waive": "免贡", "tribute": "进贡",
    "kitty": "底牌", "bury": "扣底", "king": "扣王", "points": "计分", "declarer-points": "庄家方得分",
    "last": "最后一墩", "show": "亮牌", "warn": "警告", "time": "时间到", "ruling": "裁定", "redeal": "重新发牌",
}
USAGE = {
    "hand": "hand", "declarer": "declarer SEAT", "declare": "declare SEAT CARD… [as SUIT]",
    "flip": "flip SEAT CARD", "draw": "draw CARD", "trump": "trump SUIT",
    "riot": "riot SEAT CARD CARD CARD", "waive": "waive", "tribute": "tribute SEAT CARD…",
    "kitty": "kitty CARD×6", "bury": "bury CARD×6", "king": "king SEAT JOKER… take CARD…",
    "points": "points N", "declarer-points": "declarer-points N", "last": "last def|decl",
    "show": "show SEAT CARD…", "warn": "warn SEAT TEXT", "time": "time", "ruling": "ruling winner=TEAM TEXT",
    "redeal": "redeal", "team": "team EW|NS NAME", "seat": "seat SEAT NAME",
}
USAGE_ZH = {
    "hand": "hand", "declarer": "declarer 座位", "declare": "declare 座位 牌… [as 花色]",
    "flip": "flip 座位 牌", "draw": "draw 牌", "trump": "trump 花色",
    "riot": "riot 座位 牌 牌 牌", "waive": "waive", "tribute": "tribute 座位 牌…",
    "kitty": "kitty 6张牌", "bury": "bury 6张牌", "king": "king 座位 王… take 牌…",
    "points": "points 分数", "declarer-points": "declarer-points 分数", "last": "last def|decl",
    "show": "show 座位 牌…", "warn": "warn 座位 说明", "time": "time", "ruling": "ruling winner=队 说明",
    "redeal": "redeal", "team": "team EW|NS 队名", "seat": "seat 座位 姓名",
}
OUTCOME_ZH = {
    "keep": "保底：庄家方继续坐庄并升级",
    "foul_dig": "臭抠：庄家方继续坐庄，不升级",
    "stage_kept": "抓分方上台，庄家方保底：不升级",
    "stage_dug": "抓分方上台并抠底：抓分方升级",
}
OUTCOME_SHORT_ZH = {"keep": "保底升级", "foul_dig": "臭抠", "stage_kept": "上台不升级", "stage_dug": "上台升级"}
GAME_REASON_ZH = {
    "passed_10": "打过10", "zero": "抓分方0分", "sweep": "抓分方满300分", "three_jokers": "底牌三王",
    "time": "时间到", "ruling": "裁判裁定", "forfeit": "警告三次判负",
}
PHASE_ZH = {
    "between_hands": "两局之间", "declaring": "亮主", "tribute": "进贡", "kitty": "底牌", "bury": "扣底",
    "kings": "扣王", "points": "出牌（计分）", "done": "本局结束", "match_over": "比赛结束",
}
KIND_ZH = {"event": "事件", "undo": "撤销", "void": "作废", "amend": "更正"}
ROW_ZH = {"score": "得分", "outcome": "结果", "levels": "级数", "blood": "血", "next declarer": "下局庄家",
          "game winner": "本轮胜方"}


def gloss(directive: str, lang: str = "zh") -> str:
    """A directive keyword as typed, with its Chinese gloss in Chinese output: ``tribute（进贡）``."""
    zh = DIRECTIVE_ZH.get(directive) if lang == "zh" else None
    return f"{directive}（{zh}）" if zh else directive


def glossed(text: str, lang: str = "zh") -> str:
    """A directive line (``points 25``) with its keyword glossed in Chinese output."""
    first, _, rest = text.partition(" ")
    zh = DIRECTIVE_ZH.get(first) if lang == "zh" else None
    if zh and first == "last":
        zh += {"def": "：抓分方抠底", "decl": "：庄家方保底"}.get(rest.strip(), "")
    return f"{text}（{zh}）" if zh else text


def expected(directives, lang: str = "en") -> str:
    """The directives that may come next, joined by `` | `` (glossed in Chinese)."""
    return " | ".join(gloss(d, lang) for d in directives)


def next_line(result, lang: str = "en") -> str:
    """The "next: …" line after a command that changed the match."""
    st = result.state
    if lang != "zh":
        if st.match_over or not st.expected:
            return "next: nothing, the match is over" if st.match_over else "next: -"
        return "next: " + " | ".join(st.expected)
    if st.match_over or not st.expected:
        return "下一步：无，比赛已结束" if st.match_over else "下一步：-"
    return "下一步：" + expected(st.expected, "zh")


def seat_zh(seat: str | None) -> str:
    from referee.seats import SEAT_ZH

    return SEAT_ZH.get(seat or "", seat or "-")


def team_zh(team: str | None) -> str:
    from referee.seats import TEAM_ZH

    return TEAM_ZH.get(team or "", team or "-")


def suit_zh(suit: str | None, none: str = "-") -> str:
    if not suit:
        return none
    from referee.cards import SUIT_ZH

    return SUIT_ZH.get(suit, suit)


def who_zh(seat: str | None, seats: dict[str, str]) -> str:
    if seat is None:
        return "-"
    name = seats.get(seat)
    return f"{seat_zh(seat)}（{name}）" if name else seat_zh(seat)


def levels_zh(lv: dict[str, int]) -> str:
    return "，".join(f"{team_zh(team)} {lv[team]}" for team in ("EW", "NS") if team in lv)


def error_lines(errors, lang: str, indent: str = "  ") -> list[str]:
    """Record errors at store sequence numbers, one a line."""
    if lang != "zh":
        return [f"{indent}seq {e.line}: {e.message}" if e.line else f"{indent}{e.message}" for e in errors]
    return [f"{indent}seq {e.line}：{e.text('zh')}" if e.line else f"{indent}{e.text('zh')}" for e in errors]


def log_heading(match_id: str, n: int, lang: str = "en") -> list[str]:
    if lang != "zh":
        return [f"Audit trail of match {match_id} ({n} entries; times in UTC)",
                f"{'seq':>4}  {'time':<19}  {'referee':<12}  {'kind':<6} entry"]
    return [f"比赛 {match_id} 的审计记录（{n} 条；时间为 UTC）",
            f"{'seq':>4}  {pad('时间', 19)}  {pad('裁判', 12)}  {pad('类型', 6)} 内容"]


def _row_zh(h) -> dict[str, str]:
    if h is None:
        return {k: "-" for k in ROW_KEYS}
    return {
        "score": str(h.score),
        "outcome": OUTCOME_SHORT_ZH.get(h.outcome, h.outcome),
        "levels": levels_zh(h.levels_after),
        "blood": f"{h.blood}个，{seat_zh(h.blood_giver)}进贡" if h.blood else "0",
        "next declarer": seat_zh(h.next_declarer) if h.next_declarer else "-",
        "game winner": team_zh(h.game_winner) if h.game_winner else "-",
    }


def _whatif_zh(w, match_id: str) -> list[str]:
    from referee.notation import format_event

    old_text, new_text = format_event(w.old_event), format_event(w.new_event)
    out = [f"假如比赛 {match_id} 中 seq {w.seq} 记为 `{new_text}` 而不是 `{old_text}`",
           "（不存储任何内容）", ""]
    rec = {h.hand: h for h in w.recorded.hands if h.hand >= w.first_hand}
    alt = {h.hand: h for h in w.changed.hands if h.hand >= w.first_hand}
    width = 28
    out.append(f"{'':<22}{pad('按记录', width)}假如")
    changed_any = False
    for n in sorted(set(rec) | set(alt)):
        # what changes is judged on the language-free rows; the Chinese rows are what is shown
        a, b = _hand_row(rec.get(n)), _hand_row(alt.get(n))
        za, zb = _row_zh(rec.get(n)), _row_zh(alt.get(n))
        out.append(f"第{n}局")
        for key in ROW_KEYS:
            mark = "*" if a[key] != b[key] else " "
            changed_any |= mark == "*"
            out.append(f" {mark} {pad(ROW_ZH[key], 19)}{pad(za[key], width)}{zb[key]}")
    out.append("比赛")
    r, c = w.recorded, w.changed
    for key, a, b in (
        ("胜方", team_zh(r.winner) if r.winner else "-", team_zh(c.winner) if c.winner else "-"),
        ("胜轮", levels_zh(r.games_won), levels_zh(c.games_won)),
        ("现在级数", levels_zh(r.state.levels), levels_zh(c.state.levels)),
        ("现在欠血", str(r.state.blood_owed), str(c.state.blood_owed)),
    ):
        mark = "*" if a != b else " "
        changed_any |= mark == "*"
        out.append(f" {mark} {pad(key, 19)}{pad(a, width)}{b}")
    out.append("")
    out.append("* 表示有变化。" if changed_any else "结果没有任何变化。")
    if w.new_errors:
        out.append("这样改动后，记录会有以下问题：")
        out += error_lines(w.new_errors, "zh")
    return out
