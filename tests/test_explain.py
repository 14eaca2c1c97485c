"""The explanation of a settled hand: the ruling the players read (issue 12).

Each test replays hand-worked records and checks the steps of ``explain_hand``: their keys in
order, and for the steps that carry the ruling their words in English and in Chinese, with the rule
they cite. Every number is worked out by hand from docs/gunzi-rules.md (the arithmetic is in the
comments); every wording is the step kind's message (referee/games/gunzi/explain.py) and its translation
(referee/locale/zh_CN/LC_MESSAGES/referee.po), filled in by hand.

Unless a test says otherwise a hand is a game's first hand of dalian-club: E declares (EW declare, NS
defend), trump H, level 3, both teams at 3, PLAIN_KITTY (no points, no jokers, JH a trump-suit plain card).
Seats go E → S → W → N (§1.2): W is E's partner, S is E's 下家 and W's 上家, N is E's 上家.
"""

from __future__ import annotations

import tomllib

import pytest
from helpers import errors_of, first_hand, hand_text, line_of, play, record, run

from referee.games.gunzi.ruleset import from_dict, resolve
from referee.games.gunzi.settle import explain_hand

# The steps every hand starts with when E is stated declarer of a first hand (§4.1) and nothing is owed.
GIVEN = ["declarer.given", "level", "tribute.none"]
# ... when E grabbed (§4.1.1).
GRABBED = ["declarer.grab", "level", "tribute.none"]


def keys(hand) -> list[str]:
    return [s.key for s in explain_hand(hand)]


def said(hand, key: str) -> tuple[str, str]:
    """The (English, Chinese) words of the hand's one step of kind *key*."""
    found = [s for s in explain_hand(hand) if s.key == key]
    assert len(found) == 1, (key, keys(hand))
    return found[0].text("en"), found[0].text("zh")


def rules_with(**changes) -> object:
    """dalian-club with some keys changed: ``rules_with(game={"top_level": 8})``."""
    data = tomllib.loads(resolve("dalian-club").read_text(encoding="utf-8"))
    for table, values in changes.items():
        data[table].update(values)
    return from_dict(data, "house")


# --- three jokers end the game (§7.3.3) --------------------------------------------------------------

def test_defenders_dig_three_big_jokers():
    # Kitty BJ BJ BJ JH 7C 8C: K = 0, B = 3, s = 0, kings = 2·3 = 6. Dug: S = 120 + 2·0 = 120 ≥ 120 → stage
    # dug (§7.1): NS 3 + 1 + 6 = 10, exactly the top, so no stop. §7.3.3: three big jokers dug with S ≥ 120
    # → the defenders NS win the game; no blood carries (§5.1); §9.4 special: NS +50, EW −50.
    h = play(first_hand(declarer="E", kitty="BJ BJ BJ JH 7C 8C", points=120, last="def")).hands[0]
    assert keys(h) == [*GIVEN, "kitty.not_dry", "kitty.jokers", "score.dug", "outcome.stage_dug", "levels.gain",
                       "end.three_jokers_dug", "blood.none_game_over", "ledger.special"]
    assert said(h, "kitty.jokers") == (
        "jokers in the final kitty: 3 big, 0 small [kitty.jokers; §6.5]",
        "底牌中的王：大王3张，小王0张 [kitty.jokers; §6.5]")
    assert said(h, "score.dug") == (
        "defenders dug the kitty (抠底): S = 120 + 2×0 = 120 [score.dug; kitty.dig_multiplier · §6.6]",
        "抓分方抠底：得分 S = 120 + 2×0 = 120 [score.dug; kitty.dig_multiplier · §6.6]")
    assert said(h, "levels.gain") == (
        "NS: 1 + 6 = 7 levels (3 → 10) [levels.gain; jokers.level_big_joker, jokers.level_small_joker · §7.1, §6.5]",
        "南北：升1级 + 扣王6级 = 7级（3 → 10） "
        "[levels.gain; jokers.level_big_joker、jokers.level_small_joker · §7.1、§6.5]")
    assert said(h, "end.three_jokers_dug") == (
        "three big jokers dug with S = 120 ≥ 120: the defenders NS win the game [end.three_jokers_dug; §7.3.3]",
        "抓分方抠出三个大王且得分120 ≥ 120：南北赢得本局 [end.three_jokers_dug; §7.3.3]")
    assert said(h, "blood.none_game_over") == (
        "the game is over: no blood is carried [blood.none_game_over; §5.1]",
        "本局结束，不计血 [blood.none_game_over; §5.1]")
    assert said(h, "ledger.special") == (
        "ledger special: NS +50, EW -50 (three jokers) [ledger.special; ledger.ledger_special · §9.4]",
        "特殊计分：南北 +50，东西 -50（三王） [ledger.special; ledger.ledger_special · §9.4]")


def test_declarers_keep_three_big_jokers():
    # Kept S = P = 100 < 120 → keep: EW 3 + 1 + 6 = 10; §7.3.3: three big jokers kept with S < 120 → EW win.
    # No special (§9.4 names the dug case only): keep, EW gained 7 levels → EW +3·7 = +21.
    h = play(first_hand(declarer="E", kitty="BJ BJ BJ JH 7C 8C", points=100)).hands[0]
    assert keys(h) == [*GIVEN, "kitty.not_dry", "kitty.jokers", "score.kept", "outcome.keep", "levels.gain",
                       "end.three_jokers_kept", "blood.none_game_over", "ledger.level"]
    assert said(h, "end.three_jokers_kept") == (
        "three big jokers kept with S = 100 < 120: the declarers EW win the game [end.three_jokers_kept; §7.3.3]",
        "庄家方保住三个大王且得分100 < 120：东西赢得本局 [end.three_jokers_kept; §7.3.3]")
    assert said(h, "ledger.level") == (
        "ledger: EW +21, NS -21 (keep) [ledger.level; ledger.ledger_per_level · §9.2]",
        "计分：东西 +21，南北 -21（保底升级） [ledger.level; ledger.ledger_per_level · §9.2]")


def test_gunzi_001_defenders_dig_three_small_jokers():
    # gunzi-001 (game.three_small_jokers_win): SJ SJ SJ JH 7C 8C, B = 0, s = 3, kings = 3; JH is plain (not dry).
    # Dug S = 120 + 0 → stage dug: NS 3 + 1 + 3 = 7. Three small jokers dug with S ≥ 120 → NS win the game.
    # §9.4's special is for three *big* jokers: the ledger is stage dug's, 1 + 3·4 = 13.
    h = play(first_hand(declarer="E", kitty="SJ SJ SJ JH 7C 8C", points=120, last="def"), rules="gunzi-001").hands[0]
    assert keys(h) == [*GIVEN, "kitty.not_dry", "kitty.jokers", "score.dug", "outcome.stage_dug", "levels.gain",
                       "end.three_jokers_dug", "blood.none_game_over", "ledger.level"]
    assert said(h, "kitty.jokers") == (
        "jokers in the final kitty: 0 big, 3 small [kitty.jokers; §6.5]",
        "底牌中的王：大王0张，小王3张 [kitty.jokers; §6.5]")
    assert said(h, "levels.gain")[0].startswith("NS: 1 + 3 = 4 levels (3 → 7) ")
    assert said(h, "end.three_jokers_dug") == (
        "three small jokers dug with S = 120 ≥ 120: the defenders NS win the game "
        "[end.three_jokers_dug; game.three_small_jokers_win · §7.3.3]",
        "抓分方抠出三个小王且得分120 ≥ 120：南北赢得本局 [end.three_jokers_dug; game.three_small_jokers_win · §7.3.3]")
    assert said(h, "ledger.level") == (
        "ledger: NS +13, EW -13 (stage, dug) [ledger.level; ledger.ledger_take_over, ledger.ledger_per_level · §9.2]",
        "计分：南北 +13，东西 -13（上台升级） [ledger.level; ledger.ledger_take_over、ledger.ledger_per_level · §9.2]")


def test_gunzi_001_declarers_keep_three_small_jokers():
    # Kept S = 80 < 120 → keep: EW 3 + 1 + 3 = 7; three small jokers kept → EW win; ledger EW +3·4 = +12.
    h = play(first_hand(declarer="E", kitty="SJ SJ SJ JH 7C 8C", points=80), rules="gunzi-001").hands[0]
    assert keys(h)[-4:] == ["levels.gain", "end.three_jokers_kept", "blood.none_game_over", "ledger.level"]
    assert said(h, "end.three_jokers_kept") == (
        "three small jokers kept with S = 80 < 120: the declarers EW win the game "
        "[end.three_jokers_kept; game.three_small_jokers_win · §7.3.3]",
        "庄家方保住三个小王且得分80 < 120：东西赢得本局 [end.three_jokers_kept; game.three_small_jokers_win · §7.3.3]")
    assert said(h, "ledger.level")[0].startswith("ledger: EW +12, NS -12 (keep) ")


def test_classic_three_small_jokers_are_king_blood_only():
    # classic: big only (§7.3.3). Keep S = 80: EW 3 + 1 + 3 = 7; blood = kings 0·2 + 3·1 = 3 + score 0 = 3,
    # paid to W (E's partner, §7.4) by W's 上家 S.
    h = play(first_hand(declarer="E", kitty="SJ SJ SJ JH 7C 8C", points=80), rules="classic").hands[0]
    assert keys(h) == [*GIVEN, "kitty.not_dry", "kitty.jokers", "score.kept", "outcome.keep", "levels.gain",
                       "blood.kings", "next.stay", "blood.total", "ledger.level"]
    assert said(h, "blood.kings") == (
        "king blood: 0 big × 2 + 3 small × 1 = 3 "
        "[blood.kings; jokers.blood_big_joker, jokers.blood_small_joker · §7.2.2, §6.5]",
        "王的血：大王0×2 + 小王3×1 = 3 [blood.kings; jokers.blood_big_joker、jokers.blood_small_joker · §7.2.2、§6.5]")
    assert said(h, "blood.total") == (
        "blood owed next hand: 3 (kings 3 + score 0), paid by S to W [blood.total; §7.2.4, §7.2.1]",
        "下副血：3个（王3 + 分0），由南进贡给西 [blood.total; §7.2.4、§7.2.1]")


def test_three_jokers_dug_short_of_the_stage_is_a_foul_dig():
    # Dug S = 100 < 120: neither case of §7.3.3; foul dig, the kings void: no level, no king blood, no end.
    h = play(first_hand(declarer="E", kitty="BJ BJ BJ JH 7C 8C", points=100, last="def")).hands[0]
    assert keys(h) == [*GIVEN, "kitty.not_dry", "kitty.jokers", "score.dug", "outcome.foul_dig", "levels.none",
                       "blood.kings_void", "next.stay", "blood.total"]


# --- the kitty's jokers when only one kind is there (§6.5, §7.2.2) --------------------------------------

@pytest.mark.parametrize(("joker", "big", "small", "kings"), [
    ("BJ", 1, 0, 2),  # kings = 2·1 + 0 = 2
    ("SJ", 0, 1, 1),  # kings = 2·0 + 1 = 1
])
def test_one_kind_of_joker_kept(joker, big, small, kings):
    # Kept S = P = 100 < 120 → keep: EW 3 + 1 + kings; blood = kings + score 0 (80 ≤ 100 ≤ 150), to W by S;
    # ledger EW +3·(1 + kings).
    h = play(first_hand(declarer="E", kitty=f"{joker} 7C 8C 9C JH 6C", points=100)).hands[0]
    assert keys(h) == [*GIVEN, "kitty.not_dry", "kitty.jokers", "score.kept", "outcome.keep", "levels.gain",
                       "blood.kings", "next.stay", "blood.total", "ledger.level"]
    assert said(h, "kitty.jokers") == (
        f"jokers in the final kitty: {big} big, {small} small [kitty.jokers; §6.5]",
        f"底牌中的王：大王{big}张，小王{small}张 [kitty.jokers; §6.5]")
    end = 3 + 1 + kings
    assert said(h, "levels.gain")[1].startswith(f"东西：升1级 + 扣王{kings}级 = {1 + kings}级（3 → {end}）")
    assert said(h, "blood.kings")[0].startswith(f"king blood: {big} big × 2 + {small} small × 1 = {kings} ")
    assert said(h, "blood.total")[0].startswith(
        f"blood owed next hand: {kings} (kings {kings} + score 0), paid by S to W")
    assert said(h, "ledger.level")[0].startswith(f"ledger: EW +{3 * (1 + kings)}, NS -{3 * (1 + kings)} (keep)")


@pytest.mark.parametrize("joker", ["BJ", "SJ"])
def test_one_kind_of_joker_void_in_a_foul_dig(joker):
    # Dug S = 100 + 2·0 = 100 < 120 → foul dig: declarers stay, no level, king blood void (§7.2.2); score
    # blood 0; W declares next, paid by S: 0 + 0 = 0. A foul dig has no ledger entry (§9.1, §9.2).
    h = play(first_hand(declarer="E", kitty=f"{joker} 7C 8C 9C JH 6C", points=100, last="def")).hands[0]
    assert keys(h) == [*GIVEN, "kitty.not_dry", "kitty.jokers", "score.dug", "outcome.foul_dig", "levels.none",
                       "blood.kings_void", "next.stay", "blood.total"]
    assert said(h, "outcome.foul_dig") == (
        "S = 100 < 120 but dug (臭抠): declarers stay, nobody levels, the kings are void "
        "[outcome.foul_dig; scoring.stage_threshold · §7.1]",
        "得分100 < 120但抠底（臭抠）：庄家方继续坐庄，不升级，扣王作废 "
        "[outcome.foul_dig; scoring.stage_threshold · §7.1]")
    assert said(h, "levels.none") == ("no level changes [levels.none; §7.1]", "双方级数不变 [levels.none; §7.1]")
    assert said(h, "blood.kings_void") == (
        "king blood void (foul dig) [blood.kings_void; §7.2.2]", "臭抠：王的血作废 [blood.kings_void; §7.2.2]")
    assert said(h, "blood.total") == (
        "blood owed next hand: 0 (kings 0 + score 0), paid by S to W [blood.total; §7.2.4, §7.2.1]",
        "下副血：0个（王0 + 分0），由南进贡给西 [blood.total; §7.2.4、§7.2.1]")


@pytest.mark.parametrize("jokers", ["BJ", "SJ", "BJ SJ"])
def test_jokers_in_a_dry_pot_count_for_nothing(jokers):
    # No heart in the kitty → no trump-suit plain card → dry pot (§6.2.1); its kings count for nothing
    # (§6.2.3). Keep S = 80: EW 3 + 1 + 0 = 4; no king blood; blood 0 + 0.
    n = len(jokers.split())
    kitty = " ".join([*jokers.split(), *"7C 8C 9C 4D 6D".split()[: 6 - n]])
    h = play(first_hand(declarer="E", kitty=kitty, points=80)).hands[0]
    assert keys(h) == [*GIVEN, "kitty.dry", "kitty.jokers_void", "score.kept", "outcome.keep", "levels.gain",
                       "next.stay", "blood.total", "ledger.level"]
    assert said(h, "kitty.jokers_void") == (
        "dry pot: the kitty's jokers count for nothing [kitty.jokers_void; §6.2.3]",
        "干锅：底牌中的王不追加升级也不算血 [kitty.jokers_void; §6.2.3]")
    assert said(h, "levels.gain")[0].startswith("EW: 1 + 0 = 1 levels (3 → 4) ")


# --- levels: the top level (§3.4, §7.1) ----------------------------------------------------------------

KINGS6 = "BJ BJ SJ SJ JH 7C"  # kings 2·2 + 2·1 = 6, no points, JH plain


@pytest.mark.parametrize(("rules", "kitty", "kings", "top"), [
    ("dalian-club", KINGS6, 6, 10),               # 3 + 1 + 6 = 10 = game.top_level
    (rules_with(game={"top_level": 8}), "BJ BJ JH 7C 8C 9C", 4, 8),  # 3 + 1 + 4 = 8 = a house top of 8
])
def test_a_gain_landing_on_the_top_level_does_not_stop(rules, kitty, kings, top):
    h = play(first_hand(declarer="E", kitty=kitty, points=100), rules=rules).hands[0]
    assert h.levels_after == {"EW": top, "NS": 3}
    assert "levels.stop" not in keys(h) and "levels.pass" not in keys(h)
    assert said(h, "levels.gain") == (
        f"EW: 1 + {kings} = {kings + 1} levels (3 → {top}) "
        "[levels.gain; jokers.level_big_joker, jokers.level_small_joker · §7.1, §6.5]",
        f"东西：升1级 + 扣王{kings}级 = {kings + 1}级（3 → {top}） "
        "[levels.gain; jokers.level_big_joker、jokers.level_small_joker · §7.1、§6.5]")


@pytest.mark.parametrize(("rules", "top"), [("dalian-club", 10), (rules_with(game={"top_level": 8}), 8)])
def test_a_gain_past_the_top_level_stops_there(rules, top):
    # H1 E keep S = 80 → EW 4; blood 0; next W. H2 W at level 4 keeps S = 80 with kings 6: 4 + 1 + 6 = 11 > top
    # → the gain stops at the top (逢10必打): 4 → top.
    r = play(first_hand(points=80), hand_text(trump="H", kitty=KINGS6, points=80), rules=rules)
    h = r.hands[1]
    assert h.levels_after == {"EW": top, "NS": 3}
    assert keys(h) == ["declarer.rotation", "trump.stated", "level", "tribute.none", "kitty.not_dry", "kitty.jokers",
                       "score.kept", "outcome.keep", "levels.gain", "levels.stop", "blood.kings", "next.stay",
                       "blood.total", "ledger.level"]
    assert said(h, "levels.gain")[0].startswith(f"EW: 1 + 6 = 7 levels (4 → {top}) ")
    assert said(h, "levels.stop") == (
        f"EW stop at {top} (must play {top}): 4 → {top} [levels.stop; game.top_level · §3.4]",
        f"东西逢{top}必打，停在{top}（4 → {top}） [levels.stop; game.top_level · §3.4]")
    # the ledger counts the levels actually moved (§9.5): top − 4, at 3 each
    assert said(h, "ledger.level")[0].startswith(f"ledger: EW +{3 * (top - 4)}, NS -{3 * (top - 4)} (keep)")


def test_declarers_levelling_up_from_the_top_pass_it():
    # H1 E keep S = 80 with kings 6 → EW 3 + 7 = 10; blood 6 + 0, next W, paid by S.
    # H2 W at 10: S pays six cards (no point cards), keep S = 80 → EW level up from 10: they pass 10 (§3.4) and
    # win the game (§7.3.4). The gain is worded up to the top: 1 + 0 = 1 levels (10 → 10).
    r = play(first_hand(declarer="E", kitty=KINGS6, points=80),
             hand_text(trump="H", tribute="S AS AD QS QD JS JD", points=80))
    h = r.hands[1]
    assert keys(h) == ["declarer.rotation", "trump.stated", "level", "tribute.paid", "kitty.not_dry", "score.kept",
                       "outcome.keep", "levels.gain", "levels.pass", "end.passed_10", "blood.none_game_over",
                       "ledger.level", "ledger.tribute"]
    assert said(h, "level") == ("EW play at level 10 [level; game.start_level · §3.2]",
                                "东西打10 [level; game.start_level · §3.2]")
    assert said(h, "levels.pass") == (
        "EW level up from 10: they pass 10 [levels.pass; game.top_level · §3.4]",
        "东西在10升级：打过10 [levels.pass; game.top_level · §3.4]")
    assert said(h, "end.passed_10") == (
        "the declarers EW passed 10: they win the game [end.passed_10; game.top_level · §7.3.4]",
        "庄家方东西打过10，赢得本局 [end.passed_10; game.top_level · §7.3.4]")
    # passing 10 counts one level (§9.5): +3; tribute of 6 cards: +6 to the receiving side (§9.3)
    assert said(h, "ledger.level")[0].startswith("ledger: EW +3, NS -3 (keep) ")
    assert said(h, "ledger.tribute") == (
        "ledger: tribute of 6 cards, EW +6, NS -6 [ledger.tribute; ledger.ledger_tribute · §9.3]",
        "计分：进贡6张，东西 +6，南北 -6 [ledger.tribute; ledger.ledger_tribute · §9.3]")


def test_defenders_at_the_top_stay_there():
    # H1 E: dug S = 120 with kings 6 → stage dug: NS 3 + 1 + 6 = 10; next S (E's 下家), blood 6, paid by E.
    # H2 S (NS at 10): E pays six; dug S = 120 → EW 3 → 4; next W. H3 W (EW at 4): NS dig S = 120 → stage dug:
    # NS at 10 + 1 = 11 > 10, but they are not the declarers: they stop at 10 (10 → 10) and do not pass it.
    r = play(first_hand(declarer="E", kitty=KINGS6, points=120, last="def"),
             hand_text(trump="H", tribute="E AS AD QS QD JS JD", points=120, last="def"),
             hand_text(trump="H", points=120, last="def"))
    h = r.hands[2]
    assert h.game_winner is None
    assert "levels.pass" not in keys(h)
    assert said(h, "levels.stop")[0] == "NS stop at 10 (must play 10): 10 → 10 [levels.stop; game.top_level · §3.4]"
    assert said(h, "next.take_over") == (
        "defenders take over: N, lower hand of W, declares next [next.take_over; game.declarer_rotation · §7.4]",
        "抓分方上台：下副由西的下家北坐庄 [next.take_over; game.declarer_rotation · §7.4]")


# --- score blood at its edges (§7.2.3) -----------------------------------------------------------------

def test_score_exactly_80_owes_no_short_blood():
    # Kept S = 80: not < 80, not > 150 → no score blood, so no short step; keep EW 3 → 4; 0 + 0 to W by S.
    h = play(first_hand(points=80)).hands[0]
    assert keys(h) == [*GRABBED, "kitty.not_dry", "score.kept", "outcome.keep", "levels.gain", "next.stay",
                       "blood.total", "ledger.level"]
    assert said(h, "score.kept") == (
        "declarers kept the kitty (保底): S = P = 80 [score.kept; §7]",
        "庄家方保底：得分 S = 80 [score.kept; §7]")
    assert said(h, "outcome.keep") == (
        "S = 80 < 120 and kept: declarers stay and level up [outcome.keep; scoring.stage_threshold · §7.1]",
        "得分80 < 120且保底：庄家方继续坐庄并升级 [outcome.keep; scoring.stage_threshold · §7.1]")
    assert said(h, "next.stay") == (
        "declarers stay: W declares next (the partner declares) [next.stay; game.declarer_rotation · §7.4]",
        "庄家方继续坐庄：下副西坐庄（对家坐庄） [next.stay; game.declarer_rotation · §7.4]")
    assert said(h, "blood.total")[0].startswith("blood owed next hand: 0 (kings 0 + score 0), paid by S to W ")


def test_score_75_owes_one_short_blood():
    # S = 75 < 80: ceil((80 − 75) / 10) = ceil(0.5) = 1 (a 5 counts as 10).
    h = play(first_hand(points=75)).hands[0]
    assert keys(h)[-4:] == ["blood.short", "next.stay", "blood.total", "ledger.level"]
    assert said(h, "blood.short") == (
        "S = 75 < 80: ceil((80 − 75) / 10) = 1 blood, a remainder under 10 counting as 10 "
        "[blood.short; scoring.short_threshold · §7.2.3]",
        "得分75未满80：每少10分一个血（不足10分按10分计），共1个 [blood.short; scoring.short_threshold · §7.2.3]")
    assert said(h, "blood.total")[1] == "下副血：1个（王0 + 分1），由南进贡给西 [blood.total; §7.2.4、§7.2.1]"


def test_score_exactly_150_owes_no_over_blood():
    # Dug S = 150 + 0: ≥ 120 dug → stage dug, NS 3 → 4; 150 is not > 150 → no over step. Next: S, E's 下家,
    # paid by S's 上家 E. Ledger: take over 1 + 3·1 = 4.
    h = play(first_hand(points=150, last="def")).hands[0]
    assert keys(h) == [*GRABBED, "kitty.not_dry", "score.dug", "outcome.stage_dug", "levels.gain", "next.take_over",
                       "blood.total", "ledger.level"]
    assert said(h, "outcome.stage_dug") == (
        "S = 150 ≥ 120 and dug: defenders take over and level up [outcome.stage_dug; scoring.stage_threshold · §7.1]",
        "得分150 ≥ 120且抠底：抓分方上台并升级 [outcome.stage_dug; scoring.stage_threshold · §7.1]")
    assert said(h, "blood.total") == (
        "blood owed next hand: 0 (kings 0 + score 0), paid by E to S [blood.total; §7.2.4, §7.2.1]",
        "下副血：0个（王0 + 分0），由东进贡给南 [blood.total; §7.2.4、§7.2.1]")
    assert said(h, "ledger.level")[0].startswith("ledger: NS +4, EW -4 (stage, dug) ")


@pytest.mark.parametrize(("s", "blood"), [(155, 0), (160, 1)])
def test_score_over_150(s, blood):
    # Kept S ≥ 120 → stage kept, no level change; floor((S − 150) / 10): 155 → 0 (a 5 does not count), 160 → 1.
    # Ledger: take over without levelling, NS +1 (§9.1).
    h = play(first_hand(points=s)).hands[0]
    assert keys(h) == [*GRABBED, "kitty.not_dry", "score.kept", "outcome.stage_kept", "levels.none", "blood.over",
                       "next.take_over", "blood.total", "ledger.level"]
    assert said(h, "outcome.stage_kept") == (
        f"S = {s} ≥ 120 but kept: defenders take over (上台) without levelling "
        "[outcome.stage_kept; scoring.stage_threshold · §7.1]",
        f"得分{s} ≥ 120但庄家保底：抓分方上台，不升级 [outcome.stage_kept; scoring.stage_threshold · §7.1]")
    assert said(h, "blood.over") == (
        f"S = {s} > 150: floor(({s} − 150) / 10) = {blood} blood, a remainder under 10 not counting "
        "[blood.over; scoring.over_threshold · §7.2.3]",
        f"得分{s}超过150：每多10分一个血（不足10分不计），共{blood}个 [blood.over; scoring.over_threshold · §7.2.3]")
    assert said(h, "ledger.level") == (
        "ledger: NS +1, EW -1 (stage, kept) [ledger.level; ledger.ledger_take_over · §9.1]",
        "计分：南北 +1，东西 -1（上台不升级） [ledger.level; ledger.ledger_take_over · §9.1]")


def test_zero_and_sweep_are_explained():
    # §7.3.1: S = 0 → the declarers EW win; §9.4: EW +50. §7.3.2: S = 300 → the defenders NS win; NS +50.
    h = play(first_hand(points=0)).hands[0]
    assert keys(h)[-3:] == ["end.zero", "blood.none_game_over", "ledger.special"]
    assert said(h, "end.zero") == (
        "defenders scored 0: the declarers EW win the game [end.zero; §7.3.1]",
        "抓分方0分：庄家方东西赢得本局 [end.zero; §7.3.1]")
    assert said(h, "ledger.special")[0].startswith("ledger special: EW +50, NS -50 (defenders 0) ")
    h = play(first_hand(points=300)).hands[0]
    assert keys(h)[-3:] == ["end.sweep", "blood.none_game_over", "ledger.special"]
    assert said(h, "end.sweep") == (
        "S = 300 ≥ 300: the defenders NS win the game [end.sweep; scoring.sweep_threshold · §7.3.2]",
        "得分300 ≥ 300：抓分方南北赢得本局 [end.sweep; scoring.sweep_threshold · §7.3.2]")
    assert said(h, "ledger.special")[0].startswith("ledger special: NS +50, EW -50 (sweep) ")


# --- the kitty's points (§6.2.4, §6.6) ---------------------------------------------------------------------

def test_dug_kitty_points_are_doubled():
    # Kitty 5C 10C KC 7C 8C JH: K = 5 + 10 + 10 = 25. Dug P = 70: S = 70 + 2·25 = 120 → stage dug.
    h = play(first_hand(kitty="5C 10C KC 7C 8C JH", points=70, last="def")).hands[0]
    assert keys(h)[3:7] == ["kitty.not_dry", "kitty.points", "score.dug", "outcome.stage_dug"]
    assert said(h, "kitty.points") == ("points in the final kitty: 25 [kitty.points; §6.6]",
                                       "底牌分：25 [kitty.points; §6.6]")
    assert said(h, "score.dug")[0].startswith("defenders dug the kitty (抠底): S = 70 + 2×25 = 120 ")


# --- declarer and trump (§4) --------------------------------------------------------------------------------

def test_grab_wording():
    h = play(first_hand(points=80)).hands[0]
    assert said(h, "declarer.grab") == (
        "E grabbed with a big joker and declares; trump hearts (the suit E drew next) [declarer.grab; §4.1.1]",
        "东抢亮大王坐庄，主花色为红桃（东亮牌后摸到的第一张花色牌） [declarer.grab; §4.1.1]")
    assert said(h, "level") == ("EW play at level 3 [level; game.start_level · §3.2]",
                                "东西打3 [level; game.start_level · §3.2]")


@pytest.mark.parametrize(("rules", "seat", "rule_en", "rule_zh", "trump_en", "trump_zh"), [
    # highest (dalian-club): 10 is the highest flip → W's 10H, trump hearts
    ("dalian-club", "W", "highest", "最大", "hearts", "红桃"),
    # lowest (classic): A K Q J equal lowest; S's QD and N's KS tie → the earlier flipper S, trump diamonds
    ("classic", "S", "lowest", "最小", "diamonds", "方块"),
])
def test_flip_wording(rules, seat, rule_en, rule_zh, trump_en, trump_zh):
    h = play(first_hand(flip=["E 9C", "S QD", "W 10H", "N KS"], kitty="9C QD 10H KS JH 6D", points=80),
             rules=rules).hands[0]
    seat_zh = {"W": "西", "S": "南"}[seat]
    assert keys(h)[:3] == ["declarer.flip", "level", "tribute.none"]
    assert said(h, "declarer.flip") == (
        f"no grab: flips 9C QD 10H KS; {seat} flipped the {rule_en} card and declares, trump {trump_en} "
        "[declarer.flip; declaring.flip_winner · §4.1.2]",
        f"无人抢亮，翻牌梅花9 方块Q 红桃10 黑桃K；{seat_zh}翻出{rule_zh}的牌坐庄，主花色{trump_zh} "
        "[declarer.flip; declaring.flip_winner · §4.1.2]")
    team = "EW" if seat == "W" else "NS"
    assert said(h, "level")[0] == f"{team} play at level 3 [level; game.start_level · §3.2]"


def test_declarer_line_wording():
    h = play(first_hand(declarer="E", points=80)).hands[0]
    assert keys(h)[:3] == GIVEN
    assert said(h, "declarer.given") == (
        "E declares (stated by the referee), trump hearts [declarer.given; §4.1]",
        "东坐庄（裁判记录），主花色红桃 [declarer.given; §4.1]")


def _then(**kw) -> list[str]:
    # H1 E keep S = 80 → EW 4, next W, blood 0: the second hand is W's, at level 4 (level cards 4s).
    kw.setdefault("points", 80)
    return [first_hand(points=80), hand_text(**kw)]


def test_declaration_wording_names_the_standing_declaration():
    # S 4S, then N's pair 4H 4H overcalls (2 beat 1, §4.2.3): N's pair stands, trump hearts; W declares.
    h = play(*_then(declare=["S 4S", "N 4H 4H"])).hands[1]
    assert keys(h)[:4] == ["declarer.rotation", "trump.declared", "level", "tribute.none"]
    assert said(h, "declarer.rotation") == (
        "W declares, fixed by the previous hand [declarer.rotation; game.declarer_rotation · §7.4]",
        "西坐庄（由上一副结果决定） [declarer.rotation; game.declarer_rotation · §7.4]")
    assert said(h, "trump.declared") == (
        "trump hearts: the standing declaration is N's 4H 4H [trump.declared; §4.2.3]",
        "主花色红桃：最后有效的亮主是北的红桃4 红桃4 [trump.declared; §4.2.3]")
    assert said(h, "level") == ("EW play at level 4 [level; game.start_level · §3.2]",
                                "东西打4 [level; game.start_level · §3.2]")


def test_three_jokers_declaration_wording():
    # W's three small jokers name diamonds (§4.2.2); N's three big jokers beat them and name clubs.
    h = play(*_then(declare=["W SJ SJ SJ as D", "N BJ BJ BJ as C"], kitty="4C 6C 7C 8C 9C JD")).hands[1]
    assert said(h, "trump.declared") == (
        "trump clubs: the standing declaration is N's BJ BJ BJ [trump.declared; §4.2.3]",
        "主花色梅花：最后有效的亮主是北的大王 大王 大王 [trump.declared; §4.2.3]")


def test_draw_wording():
    # Nobody declared: W draws from the kitty; the joker is passed over and the next card, 7D, makes diamonds
    # trump (§4.2.4). The SJ stays in the kitty: kings 1, so keep S = 80 at level 4: EW 4 + 1 + 1 = 6.
    h = play(*_then(draw=["SJ", "7D"], kitty="SJ 7D 4C 6C 8C 9C")).hands[1]
    assert keys(h)[:4] == ["declarer.rotation", "trump.drawn", "level", "tribute.none"]
    assert said(h, "trump.drawn") == (
        "nobody declared: W drew SJ 7D from the kitty, trump diamonds [trump.drawn; §4.2.4]",
        "无人亮主：西从底牌抽出小王 方块7，主花色方块 [trump.drawn; §4.2.4]")
    assert said(h, "kitty.not_dry") == ("not a dry pot: the kitty holds 7D [kitty.not_dry; §6.2.1]",
                                        "不是干锅：底牌有方块7 [kitty.not_dry; §6.2.1]")
    assert h.levels_after == {"EW": 6, "NS": 3}


def test_stated_trump_wording():
    h = play(*_then(trump="S", kitty="4C 6C 7C 8C 9C JS")).hands[1]
    assert keys(h)[:4] == ["declarer.rotation", "trump.stated", "level", "tribute.none"]
    assert said(h, "trump.stated") == ("trump spades as recorded [trump.stated; §4.2]",
                                       "主花色黑桃（记录） [trump.stated; §4.2]")


# --- tribute (§5) ---------------------------------------------------------------------------------------

def _owing(**kw) -> list[str]:
    # H1 E keep S = 65 → EW 4; blood ceil((80 − 65) / 10) = ceil(1.5) = 2, owed to W (E's partner) by S, W's 上家.
    kw.setdefault("trump", "H")
    kw.setdefault("points", 80)
    return [first_hand(points=65), hand_text(**kw)]


def test_tribute_paid_wording():
    # S gives AS AD (no point cards, §5.2); the ledger: 2 cards, EW +2, NS −2 (§9.3), after keep's +3.
    h = play(*_owing(tribute="S AS AD")).hands[1]
    assert keys(h)[:5] == ["declarer.rotation", "trump.stated", "level", "tribute.paid", "kitty.not_dry"]
    assert keys(h)[-2:] == ["ledger.level", "ledger.tribute"]
    assert said(h, "tribute.paid") == (
        "S (upper hand of W) owes 2 blood and gives AS AD [tribute.paid; §5.2]",
        "南（西的上家）欠2个血，进贡黑桃A 方块A [tribute.paid; §5.2]")
    assert said(h, "ledger.tribute") == (
        "ledger: tribute of 2 cards, EW +2, NS -2 [ledger.tribute; ledger.ledger_tribute · §9.3]",
        "计分：进贡2张，东西 +2，南北 -2 [ledger.tribute; ledger.ledger_tribute · §9.3]")


def test_riot_wording():
    # N, of the paying side NS, shows three small jokers (§5.4): the 2 blood are waived; no tribute, no ledger.
    h = play(*_owing(riot="N SJ SJ SJ")).hands[1]
    assert keys(h)[3] == "tribute.riot"
    assert "ledger.tribute" not in keys(h)
    assert said(h, "tribute.riot") == (
        "riot (暴动): N shows SJ SJ SJ; the 2 blood owed are waived [tribute.riot; tribute.riot · §5.4]",
        "暴动：北亮出小王 小王 小王，免进贡2个血 [tribute.riot; tribute.riot · §5.4]")


def test_waive_wording():
    # The declarer side saw the kitty before the tribute (§5.5): the 2 blood are waived.
    h = play(*_owing(waive=True)).hands[1]
    assert keys(h)[3] == "tribute.waive"
    assert "ledger.tribute" not in keys(h)
    assert said(h, "tribute.waive") == (
        "the declarer side saw the kitty first: the 2 blood owed are waived [tribute.waive; §5.5]",
        "庄家方先看到底牌，免进贡2个血 [tribute.waive; §5.5]")


def test_no_blood_owed_wording():
    h = play(*_then(trump="H")).hands[1]
    assert said(h, "tribute.none") == ("no blood owed this hand [tribute.none; §5.1]",
                                       "本副无血 [tribute.none; §5.1]")


def test_tribute_ledger_follows_the_rule_file():
    # A house file with ledger.ledger_tribute = 0 keeps no tribute entry (§9.3).
    h = play(*_owing(tribute="S AS AD"), rules=rules_with(ledger={"ledger_tribute": 0})).hands[1]
    assert "ledger.tribute" not in keys(h)
    # and with 2 per card: 2 cards → ±4
    h = play(*_owing(tribute="S AS AD"), rules=rules_with(ledger={"ledger_tribute": 2})).hands[1]
    assert said(h, "ledger.tribute")[0] == (
        "ledger: tribute of 2 cards, EW +4, NS -4 [ledger.tribute; ledger.ledger_tribute · §9.3]")


# --- dry pot: both definitions, both reasons (§6.2.1) ------------------------------------------------------

DRY_25 = "KC 10C 5C 7C 8C 9C"  # no heart: no trump-suit plain card; K = 10 + 10 + 5 = 25
ALL_TRUMP = "BJ SJ 2C 3D 2S JH"  # six trumps at level 3 with trump H, JH among them (a trump-suit plain card)


def test_dry_pot_no_plain_trump_club_draft():
    # dalian-club (kitty.dry_pot = no_plain_trump): dry; the 25 points do not count (§6.2.4): dug P = 100 →
    # S = 100 + 2·0 = 100 < 120 → foul dig.
    h = play(first_hand(kitty=DRY_25, points=100, last="def")).hands[0]
    assert keys(h) == [*GRABBED, "kitty.dry", "kitty.points_void", "score.dug", "outcome.foul_dig", "levels.none",
                       "next.stay", "blood.total"]
    assert said(h, "kitty.dry") == (
        "dry pot (干锅): no trump-suit plain card; the kitty stays as dealt, no jokers may be buried "
        "[kitty.dry; §6.2.1]",
        "干锅：底牌没有主花色的普通牌；底牌不能替换，也不能扣王 [kitty.dry; §6.2.1]")
    assert said(h, "kitty.points_void") == (
        "dry pot: the kitty's 25 points do not count [kitty.points_void; kitty.dry_pot_kitty_points_count · §6.2.4]",
        "干锅：底牌的25分不计 [kitty.points_void; kitty.dry_pot_kitty_points_count · §6.2.4]")
    assert said(h, "score.dug")[0].startswith("defenders dug the kitty (抠底): S = 100 + 2×0 = 100 ")


def test_dry_pot_no_plain_trump_under_the_second_definition():
    # gunzi-001 (no_plain_trump_or_all_trump): the first case gives the reason; its points count:
    # S = 100 + 2·25 = 150 → stage dug.
    h = play(first_hand(kitty=DRY_25, points=100, last="def"), rules="gunzi-001").hands[0]
    assert keys(h)[3:7] == ["kitty.dry", "kitty.points", "score.dug", "outcome.stage_dug"]
    assert said(h, "kitty.dry")[0] == (
        "dry pot (干锅): no trump-suit plain card; the kitty stays as dealt, no jokers may be buried "
        "[kitty.dry; §6.2.1]")
    assert said(h, "score.dug")[0].startswith("defenders dug the kitty (抠底): S = 100 + 2×25 = 150 ")


@pytest.mark.parametrize("rules", ["gunzi-001", "classic"])
def test_dry_pot_all_trumps(rules):
    # Seeds 000/001: all six cards trumps is dry too (kitty.dry_pot); its kings count for nothing (§6.2.3).
    h = play(first_hand(declarer="E", kitty=ALL_TRUMP, points=80), rules=rules).hands[0]
    assert keys(h)[3:6] == ["kitty.dry", "kitty.jokers_void", "score.kept"]
    assert said(h, "kitty.dry") == (
        "dry pot (干锅): all six cards are trumps; the kitty stays as dealt, no jokers may be buried "
        "[kitty.dry; kitty.dry_pot · §6.2.1]",
        "干锅：六张都是主牌；底牌不能替换，也不能扣王 [kitty.dry; kitty.dry_pot · §6.2.1]")


def test_all_trumps_with_a_plain_trump_is_not_dry_in_the_club_draft():
    h = play(first_hand(declarer="E", kitty=ALL_TRUMP, points=80)).hands[0]
    assert said(h, "kitty.not_dry") == ("not a dry pot: the kitty holds JH [kitty.not_dry; §6.2.1]",
                                        "不是干锅：底牌有红桃J [kitty.not_dry; §6.2.1]")
    assert said(h, "kitty.jokers")[0] == "jokers in the final kitty: 1 big, 1 small [kitty.jokers; §6.5]"


def test_not_dry_lists_every_plain_trump_of_the_dealt_kitty():
    # Trump H, level 3: JH, 4H, AH are trump-suit plain cards; 3H (the level card) and 2H are not (§2.4).
    h = play(first_hand(declarer="E", kitty="JH 3H 2H 4H AH 7C", points=80)).hands[0]
    assert said(h, "kitty.not_dry") == ("not a dry pot: the kitty holds JH 4H AH [kitty.not_dry; §6.2.1]",
                                        "不是干锅：底牌有红桃J 红桃4 红桃A [kitty.not_dry; §6.2.1]")


# --- declaring errors (§4.1.1, §4.2.2, §4.2.3) ------------------------------------------------------------

def _error(text: str, rules: str = "dalian-club"):
    """The one error of *text*, on its marked line."""
    errs = errors_of(text, rules)
    assert [e.line for e in errs] == [line_of(text)], [str(e) for e in errs]
    return errs[0]


@pytest.mark.parametrize(("cards", "en", "zh"), [
    ("BJ", "a single big joker grabs only in a game's first hand", "一张大王只在每局第一副抢亮"),
    ("SJ", "jokers declare only as three of a kind", "王只能三张一起亮主"),
    ("SJ SJ", "jokers declare only as three of a kind", "王只能三张一起亮主"),
    ("BJ BJ", "jokers declare only as three of a kind", "王只能三张一起亮主"),
])
def test_jokers_declaring_in_a_later_hand(cards, en, zh):
    e = _error(record(*_then(declare=f"S {cards}  # !", trump="H")))
    assert (e.text("en"), e.text("zh")) == (en, zh)


def test_a_third_declaration_equal_to_the_latest_overcall_is_refused():
    # Level 4: S 4S (one card); N 4H 4H (two beat one: N's pair stands); W 4D 4D beats S's single but only
    # equals N's pair: refused, naming N's declaration and its line; N's hearts stay trump.
    text = record(*_then(declare=["S 4S", "N 4H 4H  # N", "W 4D 4D  # !"]))
    e = _error(text)
    n_line = line_of(text, "# N")
    assert (e.text("en"), e.text("zh")) == (
        f"4D 4D does not beat N's 4H 4H (line {n_line}): an overcall needs more identical cards, or three small "
        "jokers over three level cards, three big over three small",
        f"方块4 方块4 反不过北的 红桃4 红桃4（第{n_line}行）："
        "反主要亮更多张相同的牌，或三张小王反三张级牌、三张大王反三张小王")
    _, r = run(text)
    how = r.hands[1].how
    assert (r.hands[1].trump, how.seat, [str(c) for c in how.cards]) == ("H", "N", ["4H", "4H"])


def test_a_fourth_declaration_is_judged_against_the_latest_of_three():
    # S 4S; N 4H 4H; E 4C 4C 4C (three beat two); W 4D 4D 4D only equals E's triple: refused, naming E.
    text = record(*_then(declare=["S 4S", "N 4H 4H", "E 4C 4C 4C  # E", "W 4D 4D 4D  # !"],
                         kitty="6C 7C 8C 9C JC QC"))
    e = _error(text)
    assert e.text("en").startswith(f"4D 4D 4D does not beat E's 4C 4C 4C (line {line_of(text, '# E')}): ")
    _, r = run(text)
    assert r.hands[1].trump == "C"


def test_an_overcall_beating_the_latest_declaration_stands():
    # S 4S; N 4H 4H; W 4D 4D 4D (three beat two): W's diamonds are trump.
    h = play(*_then(declare=["S 4S", "N 4H 4H", "W 4D 4D 4D"], kitty="4C 6C 7C 8C 9C JD")).hands[1]
    assert said(h, "trump.declared")[0] == (
        "trump diamonds: the standing declaration is W's 4D 4D 4D [trump.declared; §4.2.3]")


# --- hands that are not settled ----------------------------------------------------------------------------

def test_a_grab_without_trump_breaks_the_hand_without_a_false_dry_pot():
    # E grabs but no 'trump' line: the hand has no trump suit, so it cannot be settled, and its kitty is not
    # judged for a dry pot: the bury is not refused as a dry pot's. One error, on the kitty line.
    text = record(hand_text(grab="E", kitty="4C 6C 7C 8C 9C JH  # !", bury="4C 6C 7C 8C 9C JH", points=80))
    e = _error(text)
    assert (e.text("en"), e.text("zh")) == (
        "E grabbed: record the trump suit drawn next ('trump SUIT')",
        "东抢亮了：请记录随后摸到的主花色（'trump 花色'）")
    _, r = run(text)
    assert r.hands == ()


@pytest.mark.parametrize("kitty", ["4C 6C 7C 8C JH", "4C 6C 7C 8C 9C JH 10C"])
def test_a_kitty_not_of_six_cards_is_not_settled(kitty):
    # §1.3: the kitty has 6 cards. The hand is refused on its kitty line and never settled, so the next hand
    # is still the game's first hand (E grabs again) and both teams stay at 3.
    n = len(kitty.split())
    text = record(first_hand(kitty=f"{kitty}  # !", points=80), first_hand(points=80))
    e = _error(text)
    assert (e.text("en"), e.text("zh")) == (f"the kitty holds 6 cards; {n} given", f"底牌是6张，这里写了{n}张")
    _, r = run(text)
    assert [h.hand for h in r.hands] == [2]
    assert r.hands[0].levels_before == {"EW": 3, "NS": 3}
    assert keys(r.hands[0])[0] == "declarer.grab"


def test_a_flip_contradicted_by_a_trump_line_is_still_explained_as_the_flip():
    # The flips make W declarer with hearts (10H highest, §4.1.2); a 'trump S' line contradicts them and is
    # refused, and the hand is settled as the flips fixed it. Its explanation is the flip's, not "fixed by the
    # previous hand" (this is a game's first hand) nor "trump spades as recorded".
    text = record(hand_text(flip=["E 9C", "S QD", "W 10H", "N KS"], trump="S", kitty="9C QD 10H KS JH 6D  # !",
                            points=80))
    assert [e.line for e in errors_of(text)] == [line_of(text)]
    _, r = run(text)
    h = r.hands[0]
    assert (h.declarer, h.trump) == ("W", "H")
    assert keys(h)[:3] == ["declarer.flip", "level", "tribute.none"]
    assert said(h, "declarer.flip")[0] == (
        "no grab: flips 9C QD 10H KS; W flipped the highest card and declares, trump hearts "
        "[declarer.flip; declaring.flip_winner · §4.1.2]")


@pytest.mark.parametrize("fixing", [{"declare": "S 4H"}, {"draw": "4H"}])
def test_a_contradicted_later_hand_is_played_at_the_declarers_level(fixing):
    # H1 E keeps S = 80 → EW 4. H2 W: S's 4H (or a drawn 4H) makes hearts trump; a 'trump S' line contradicts
    # it and is refused; the hand is still EW's at level 4 (§4.2.1, Open readings 1). So 3H is a plain heart
    # and the kitty 3H 4C 6C 7C 8C 9C is not dry (at level 3 it would be: 3H the level card, §2.4).
    # Keep S = 80 → EW 4 + 1 = 5.
    kitty = "3H 6C 7C 8C 9C 4H" if "draw" in fixing else "3H 4C 6C 7C 8C 9C"
    text = record(first_hand(points=80), hand_text(**fixing, trump="S", kitty=f"{kitty}  # !", points=80))
    assert [e.line for e in errors_of(text)] == [line_of(text)]
    _, r = run(text)
    h = r.hands[1]
    assert (h.level, h.trump, h.dry_pot) == (4, "H", False)
    assert h.levels_after == {"EW": 5, "NS": 3}
    assert said(h, "level") == ("EW play at level 4 [level; game.start_level · §3.2]",
                                "东西打4 [level; game.start_level · §3.2]")
    assert said(h, "kitty.not_dry")[0] == "not a dry pot: the kitty holds 3H [kitty.not_dry; §6.2.1]"


def test_a_contradicted_flip_is_played_at_the_start_level():
    # A house file starting games at 5 (game.start_level): the flips make W declarer, hearts trump; the 'trump S'
    # line is refused, and the hand is EW's at level 5 (§3.2): 5H, the level card, is no plain heart; 10H and JH
    # are (at level 3 the 5H would be one too).
    rules = rules_with(game={"start_level": 5})
    text = record(hand_text(flip=["E 9C", "S QD", "W 10H", "N KS"], trump="S", kitty="9C QD 10H KS JH 5H  # !",
                            points=80))
    assert [e.line for e in errors_of(text, rules)] == [line_of(text)]
    _, r = run(text, rules)
    h = r.hands[0]
    assert (h.declarer, h.level) == ("W", 5)
    assert said(h, "level")[0] == "EW play at level 5 [level; game.start_level · §3.2]"
    assert said(h, "kitty.not_dry")[0] == "not a dry pot: the kitty holds 10H JH [kitty.not_dry; §6.2.1]"


def test_steps_without_values_carry_none():
    # A step kind without fields (explain.STEPS) is recorded with no values: () and nothing else.
    h = play(first_hand(declarer="E", kitty="BJ 7C 8C 9C 4D 6D", points=100, last="def")).hands[0]
    bare = [s for s in explain_hand(h) if s.key in ("tribute.none", "kitty.jokers_void", "levels.none")]
    assert [tuple(s) for s in bare] == [("tribute.none", "§5.1", ()), ("kitty.jokers_void", "§6.2.3", ()),
                                        ("levels.none", "§7.1", ())]


# --- the JSON of replay --json (referee/games/gunzi/jsonview.py) -----------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_streamed_json_writes_each_hand_as_json_dumps_would(lang):
    # write_json writes each hand field by field (_hand_json) instead of encoding _hand's dict: the text of
    # every hand of a generated match (grabs, flips, declarations, draws, tribute, riots, waivers, dry pots,
    # kings, game ends) must be the encoder's byte for byte, and the whole stream the object of to_dict.
    import io
    import json

    from referee.games.gunzi.engine import replay
    from referee.games.gunzi.explain import render
    from referee.games.gunzi.jsonview import _hand, _hand_json, to_dict, write_json
    from referee.games.gunzi.notation import parse
    from referee.games.gunzi.testing.generate import endless_rules, generate_match

    rules = endless_rules()
    result = replay(parse(generate_match(7, 250, rules)).events, rules)
    assert len(result.hands) == 250 and not result.errors
    for h in result.hands:
        explain = json.dumps([render(s, lang) for s in explain_hand(h)], ensure_ascii=False)
        assert _hand_json(h, explain) == json.dumps(_hand(h, lang), ensure_ascii=False)
    out = io.StringIO()
    write_json(result, out, lang)
    assert json.loads(out.getvalue()) == to_dict(result, lang)


def test_a_hand_is_explained_from_its_settlement_and_never_settled_again(monkeypatch):
    # The replay settles each hand once and keeps the settlement with its facts (HandResult.settlement);
    # explain_hand words the steps from it. With settle made to fail once the replay is done, every hand of a
    # generated match is still explained, each step agreeing with the hand's own numbers.
    from referee.games.gunzi import settle as settling
    from referee.games.gunzi.engine import replay
    from referee.games.gunzi.notation import parse
    from referee.games.gunzi.testing.generate import endless_rules, generate_match

    rules = endless_rules()
    result = replay(parse(generate_match(11, 250, rules)).events, rules)
    assert len(result.hands) == 250 and not result.errors

    def settled_again(*args):
        raise AssertionError("explain_hand settled the hand again")

    monkeypatch.setattr(settling, "settle", settled_again)
    for h in result.hands:
        steps = {s.key.partition(".")[0]: s for s in explain_hand(h)}
        assert steps["score"].args[-1] == h.score  # S = P (kept) or P + m·K (dug): the hand's S
        assert steps["outcome"].key == "outcome." + h.outcome
        assert h.settlement is not None and h.settlement.facts.levels == h.levels_before


def test_a_hand_whose_blood_a_time_call_voided_is_explained_as_it_was_settled():
    # H1: E keeps with P = 75 (dalian-club): S = 75 < 80 → ceil(5/10) = 1 blood (§7.2.3), no kings; the declarers
    # stay, so W (E's partner) declares next and S (W's upper hand) would pay (§7.4, §7.2.1). Time is called
    # after it: the game ends, and the hand's blood and next declarer lapse (§5.1) — but its explanation says
    # what the settlement gave when the hand was settled, as the table heard it.
    r = play(first_hand(points=75, after="time"))
    h = r.hands[0]
    assert (h.blood, h.blood_giver, h.next_declarer) == (0, None, None)
    (total,) = [s for s in explain_hand(h) if s.key == "blood.total"]
    assert total.args == (1, 0, 1, "S", "W")  # blood 1 = kings 0 + score 1, paid by S to W


# --- the text table of replay (referee/games/gunzi/terminal.py) ------------------------------------------


def test_the_hand_table_pads_each_column_to_its_widest_cell_counting_chinese_as_two():
    # Column 1: "a", "bbb", "东西" → widths 1, 3, 4 (two wide characters) → 4 columns; column 2: "x", "10",
    # "★" (one column on a terminal, not ASCII) → 2; the last cell is not padded (rstrip). So:
    # "a" + 3 spaces + 2 spaces + "x"; "bbb" + 1 + 2 + "10"; "东西" + 0 + 2 + "★".
    from referee.games.gunzi.terminal import table

    assert table([["a", "x"], ["bbb", "10"], ["东西", "★"]]) == ["a     x", "bbb   10", "东西  ★"]
    assert table([["#", "级"], ["10", "3"]]) == ["#   级", "10  3"]  # 级 is two wide: "3" padded to 2, then cut
