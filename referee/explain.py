"""Words for the settlement steps, in English and Chinese.

The engine records each step as (rule key, seed clause, arguments); the words live here so the
engine stays free of prose and a step is only formatted when someone reads it.
"""

from __future__ import annotations

from referee.cards import SUIT_EN, SUIT_SYMBOLS, SUIT_ZH, Card
from referee.seats import SEAT_ZH, TEAM_ZH

# key -> (English, Chinese); arguments are positional.
TEMPLATES: dict[str, tuple[str, str]] = {
    "declarer.grab": ("{0} grabbed with a big joker and declares; trump {1} (the suit {0} drew next)",
                      "{0}抢亮大王坐庄，主花色为{1}（亮牌后摸到的第一张花色牌）"),
    "declarer.flip": ("no grab: flips {1}; {0} flipped the {2} card and declares, trump {3}",
                      "无人抢亮，翻牌{1}；{0}翻出{2}的牌坐庄，主花色{3}"),
    "declarer.given": ("{0} declares (stated by the referee), trump {1}", "{0}坐庄（裁判记录），主花色{1}"),
    "declarer.rotation": ("{0} declares, fixed by the previous hand", "{0}坐庄（由上一局结果决定）"),
    "trump.declared": ("trump {0}: the standing declaration is {1}'s {2}", "主花色{0}：最后有效的亮主是{1}的{2}"),
    "trump.drawn": ("nobody declared: {0} drew {1} from the kitty, trump {2}",
                    "无人亮主：{0}从底牌抽出{1}，主花色{2}"),
    "trump.stated": ("trump {0} as recorded", "主花色{0}（记录）"),
    "level": ("{0} play at level {1}", "{0}打{1}"),
    "tribute.none": ("no blood owed this hand", "本局无血"),
    "tribute.paid": ("{0} (upper hand of {1}) owes {2} blood and gives {3}",
                     "{0}（{1}的上家）欠{2}个血，进贡{3}"),
    "tribute.riot": ("riot (暴动): {0} shows {1}; the {2} blood owed are waived",
                     "暴动：{0}亮出{1}，免进贡{2}个血"),
    "tribute.waive": ("the declarer side saw the kitty first: the {0} blood owed are waived",
                      "庄家方先看到底牌，免进贡{0}个血"),
    "kitty.dry": ("dry pot (干锅): {0}; the kitty stays as dealt, no jokers may be buried",
                  "干锅：{0}；底牌不能替换，也不能扣王"),
    "kitty.not_dry": ("not a dry pot: the kitty holds {0}", "不是干锅：底牌有{0}"),
    "kitty.points": ("points in the final kitty: {0}", "底牌分：{0}"),
    "kitty.points_void": ("dry pot: the kitty's {0} points do not count", "干锅：底牌的{0}分不计"),
    "kitty.jokers": ("jokers in the final kitty: {0} big, {1} small", "底牌中的王：大王{0}张，小王{1}张"),
    "kitty.jokers_void": ("dry pot: the kitty's jokers count for nothing", "干锅：底牌中的王不追加升级也不算血"),
    "score.kept": ("declarers kept the kitty (保底): S = P = {0}", "庄家方保底：得分 S = {0}"),
    "score.dug": ("defenders dug the kitty (抠底): S = {0} + {1}×{2} = {3}",
                  "抓分方抠底：得分 S = {0} + {1}×{2} = {3}"),
    "outcome.keep": ("S = {0} < {1} and kept: declarers stay and level up",
                     "得分{0} < {1}且保底：庄家方继续坐庄并升级"),
    "outcome.foul_dig": ("S = {0} < {1} but dug (臭抠): declarers stay, nobody levels, the kings are void",
                         "得分{0} < {1}但抠底（臭抠）：庄家方继续坐庄，不升级，扣王作废"),
    "outcome.stage_kept": ("S = {0} ≥ {1} but kept: defenders take over (上台) without levelling",
                           "得分{0} ≥ {1}但庄家保底：抓分方上台，不升级"),
    "outcome.stage_dug": ("S = {0} ≥ {1} and dug: defenders take over and level up",
                          "得分{0} ≥ {1}且抠底：抓分方上台并升级"),
    "levels.gain": ("{0}: {1} + {2} = {3} levels ({4} → {5})", "{0}：升{1}级 + 扣王{2}级 = {3}级（{4} → {5}）"),
    "levels.stop": ("{0} stop at {1} (逢10必打): {2} → {1}", "{0}逢10必打，停在{1}（{2} → {1}）"),
    "levels.pass": ("{0} level up from {1}: they pass {1} (打过10)", "{0}在{1}升级：打过{1}"),
    "levels.none": ("no level changes", "双方级数不变"),
    "blood.kings": ("king blood: {0} big × {1} + {2} small × {3} = {4}",
                    "王的血：大王{0}×{1} + 小王{2}×{3} = {4}"),
    "blood.kings_void": ("king blood void (foul dig)", "臭抠：王的血作废"),
    "blood.short": ("S = {0} < {1}: ceil(({1} − {0}) / {2}) = {3} blood, a 5 counting as 10",
                    "得分{0}未满{1}：每少{2}分一个血（5分按10分计），共{3}个"),
    "blood.over": ("S = {0} > {1}: floor(({0} − {1}) / {2}) = {3} blood, a 5 not counting",
                   "得分{0}超过{1}：每多{2}分一个血（5分不计），共{3}个"),
    "blood.total": ("blood owed next hand: {0} (kings {1} + score {2}), paid by {3} to {4}",
                    "下局血：{0}个（王{1} + 分{2}），由{3}进贡给{4}"),
    "blood.none_game_over": ("the game is over: no blood is carried", "本轮结束，不计血"),
    "end.zero": ("defenders scored 0: the declarers {0} win the game", "抓分方0分：庄家方{0}赢得本轮"),
    "end.sweep": ("S = {0} ≥ {1}: the defenders {2} win the game", "得分{0} ≥ {1}：抓分方{2}赢得本轮"),
    "end.three_jokers_dug": ("three {0} dug with S = {1} ≥ {2}: the defenders {3} win the game",
                             "抓分方抠出三个{0}且得分{1} ≥ {2}：{3}赢得本轮"),
    "end.three_jokers_kept": ("three {0} kept with S = {1} < {2}: the declarers {3} win the game",
                              "庄家方保住三个{0}且得分{1} < {2}：{3}赢得本轮"),
    "end.passed_10": ("the declarers {0} passed {1}: they win the game", "庄家方{0}打过{1}，赢得本轮"),
    "next.stay": ("declarers stay: {0} declares next ({1})", "庄家方继续坐庄：下局{0}坐庄（{1}）"),
    "next.take_over": ("defenders take over: {0}, lower hand of {1}, declares next",
                       "抓分方上台：下局由{1}的下家{0}坐庄"),
    "ledger.level": ("ledger: {0} {1:+d}, {2} {3:+d} ({4})", "计分：{0} {1:+d}，{2} {3:+d}（{4}）"),
    "ledger.special": ("ledger special: {0} {1:+d}, {2} {3:+d} ({4})", "特殊计分：{0} {1:+d}，{2} {3:+d}（{4}）"),
    "ledger.tribute": ("ledger: tribute of {0} cards, {1} {2:+d}, {3} {4:+d}",
                       "计分：进贡{0}张，{1} {2:+d}，{3} {4:+d}"),
    "game.time": ("time: {0}", "时间到：{0}"),
    "game.ruling": ("the referee rules for {0}: {1}", "裁判裁定{0}获胜：{1}"),
    "game.forfeit": ("third warning against {0}: {1} win the match {2}:0", "{0}被警告三次：{1}以{2}:0获胜"),
}

_REASON = {
    "keep": ("kept, declarers level", "保底升级"),
    "stage_kept": ("took over without levelling", "上台不升级"),
    "stage_dug": ("took over and levelled", "上台并升级"),
    "zero": ("zero", "抓分方0分"),
    "sweep": ("300", "满300分"),
    "three_jokers": ("three big jokers dug", "抠出三个大王"),
    "higher": ("the higher level wins", "级高者胜"),
    "first": ("equal levels: the side that reached it first wins", "级数相同，先升到者胜"),
    "tie": ("equal levels, neither reached first: the referee rules", "级数相同且无先后：由裁判裁定"),
    "big": ("big jokers", "大王"),
    "partner": ("the partner declares", "对家坐庄"),
    "same": ("the same seat declares", "原庄家继续坐庄"),
    "small": ("small jokers", "小王"),
}


_SYMBOL_SUIT = {sym: s for sym, s in SUIT_SYMBOLS.items() if sym in "♠♥♣♦"}
SYMBOL = {s: sym for sym, s in _SYMBOL_SUIT.items()}


def suit_arg(suit: str | None) -> str:
    """How the engine passes a suit to a step, so it is not mistaken for a seat (S)."""
    return SYMBOL.get(suit or "", "-")


def word(value: object, lang: str) -> str:
    """A seat, team, suit or reason word in the language asked for."""
    if not isinstance(value, str):
        return str(value)
    zh = lang == "zh"
    if value in SEAT_ZH:
        return SEAT_ZH[value] if zh else value
    if value in TEAM_ZH:
        return TEAM_ZH[value] if zh else value
    if value in _SYMBOL_SUIT:
        suit = _SYMBOL_SUIT[value]
        return SUIT_ZH[suit] if zh else SUIT_EN[suit]
    if value in _REASON:
        return _REASON[value][1 if zh else 0]
    return value


def _arg(a: object, lang: str) -> object:
    if isinstance(a, str):
        return word(a, lang)
    if isinstance(a, tuple) and all(isinstance(c, Card) for c in a):
        return " ".join(c.zh() if lang == "zh" else str(c) for c in a) or ("无" if lang == "zh" else "none")
    if isinstance(a, Card):
        return a.zh() if lang == "zh" else str(a)
    return a


_RENDERED: dict = {}  # (step, lang) -> text: a long match repeats the same few thousand steps


def render(step, lang: str = "en") -> str:
    key = (step, lang)
    text = _RENDERED.get(key)
    if text is None:
        en, zh = TEMPLATES[step.key]
        args = [_arg(a, lang) for a in step.args]
        text = (zh if lang == "zh" else en).format(*args)
        text = f"{text} [{step.key}; {step.clause}]" if step.clause else text
        if len(_RENDERED) < 50_000:
            _RENDERED[key] = text
    return text
