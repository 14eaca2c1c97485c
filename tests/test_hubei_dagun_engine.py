"""The 打滚 engine: each rule of docs/hubei-dagun-rules.md with numbers worked out by hand in the comments, and
each check of §8 with its message in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core import rulesfile
from referee.games.hubei_dagun.engine import replay
from referee.games.hubei_dagun.notation import parse
from referee.games.hubei_dagun.ruleset import SCHEMA, load, typed

HEAD = "match id=T1 game=hubei-dagun\nseat E A\nseat S B\nseat W C\nseat N D\n"
DEFAULT = load("hubei-dagun")


def run(body: str, rules=DEFAULT, errors_ok: bool = False):
    record = parse(HEAD + body)
    assert record.errors == [], [str(e) for e in record.errors]
    result = replay(record.events, rules)
    if not errors_ok:
        assert result.errors == (), [str(e) for e in result.errors]
    return result


def variant(text: str):
    return typed(rulesfile.from_text(SCHEMA, 'base = "hubei-dagun"\n' + text, "variant.toml"))


def problems(result):
    return [(e.line, e.message, e.message_zh) for e in result.errors]


def coins(d):
    return dict(zip("ESWN", d.coins, strict=True))


# --- §5.2 transfers and §5.3 more points -------------------------------------------------------------------

def test_plain_win_after_the_end_transfers():
    d = run("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=35\n").deals[0]
    # §4.2: E and W against S and N. §5.2: 末游 W's 30 → 一游 S: S 50+30 = 80, W 0; hand 35 → 三游 N: 45+35 = 80.
    assert dict(zip("ESWN", d.final, strict=True)) == {"E": 40, "S": 80, "W": 0, "N": 80}
    # EW 40 + 0 = 40, SN 80 + 80 = 160: SN win (§5.3), fan.plain 1 × stake 1 each.
    assert d.side_points == (40, 160)
    assert (d.kind, d.fan, d.sides[d.winner]) == ("plain", 1, ("S", "N"))
    assert coins(d) == {"E": -1, "S": 1, "W": -1, "N": 1}


def test_the_transfers_decide_a_close_deal():
    # Raw EW 40+55 = 95 < SN 50+55 = 105, but §5.2 moves 末游 N's 55 to 一游 E and the 0 in hand to 三游:
    # EW 95 + 55 = 150, SN 50: EW win.
    d = run("deal 1 dealer=E\ncall SA partner=W\nplaces E S W N\npoints E=40 S=50 W=55 N=55 hand=0\n").deals[0]
    assert d.side_points == (150, 50)
    assert d.sides[d.winner] == ("E", "W") and d.kind == "plain"


def test_100_100_the_side_of_last_loses():
    body = "deal 1 dealer=W\ncall DK partner=E\nplaces W S N E\npoints E=70 S=40 W=30 N=20 hand=40\n"
    d = run(body).deals[0]
    # 末游 E's 70 → 一游 W: W 100, E 0; hand 40 → 三游 N: 60. WE 100, SN 40 + 60 = 100: 100:100 (§5.3) and 末游 E
    # sits with W: WE lose, SN win 1 番.
    assert d.side_points == (100, 100)
    assert d.sides[d.winner] == ("S", "N") and d.kind == "plain"
    assert coins(d) == {"E": -1, "S": 1, "W": -1, "N": 1}
    # scoring.tie = "first_wins": the side of 一游 W wins instead.
    d2 = run(body, variant('[scoring]\ntie = "first_wins"\n')).deals[0]
    assert d2.sides[d2.winner] == ("W", "E")
    assert coins(d2) == {"E": 1, "S": -1, "W": 1, "N": -1}


def test_a_plain_win_may_be_worth_more_than_1():
    d = run("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=35\n",
            variant("[coins]\nstake = 10\n[fan]\nplain = 3\n")).deals[0]
    # SN win (as above): 3 番 × base 10 = 30 a player.
    assert coins(d) == {"E": -30, "S": 30, "W": -30, "N": 30}


# --- §5.4 绑, §5.5 清, §5.6 光头 ---------------------------------------------------------------------------

def test_bang_wins_whatever_the_points():
    d = run("deal 1 dealer=S\ncall SA partner=N\nplaces S N E W\npoints E=90 S=10 W=60 N=10 hand=30\n").deals[0]
    # Counted, EW would have E 90 + hand 30 = 120 against SN 10 + 60 + 10 = 80; but S and N are 一游 and 二游:
    # 绑 (§5.4), 2 番; EW took 150 in tricks, so not 光头.
    assert d.side_points == (80, 120)
    assert (d.kind, d.fan, d.sides[d.winner]) == ("bang", 2, ("S", "N"))
    assert coins(d) == {"E": -2, "S": 2, "W": -2, "N": 2}


def test_guangtou_is_bang_against_no_trick_points():
    d = run("deal 1 dealer=W\ncall BJ partner=S\nplaces E N S W\npoints E=80 S=0 W=0 N=70 hand=50\n").deals[0]
    # EN are 一游 and 二游; WS took 0 in tricks (the 50 in hand would go to 三游 S, but a 绑 counts no points): 光头
    # (§5.6), fan.guangtou 4.
    assert (d.kind, d.fan, d.sides[d.winner]) == ("guangtou", 4, ("E", "N"))
    assert coins(d) == {"E": 4, "S": -4, "W": -4, "N": 4}


def test_bang_against_five_points_is_not_guangtou():
    d = run("deal 1 dealer=W\ncall BJ partner=S\nplaces E N S W\npoints E=80 S=5 W=0 N=65 hand=50\n").deals[0]
    assert (d.kind, d.fan) == ("bang", 2)


def test_qing_is_all_200_points():
    d = run("deal 1 dealer=E\ncall C5 partner=N\nplaces S E W N\npoints E=0 S=120 W=50 N=0 hand=30\n").deals[0]
    # 末游 N's 0 → S: 120; hand 30 → 三游 W: 80. SW 200, EN 0: 清 (§5.5), 2 番.
    assert d.side_points == (0, 200)
    assert (d.kind, d.fan, d.sides[d.winner]) == ("qing", 2, ("S", "W"))
    assert coins(d) == {"E": -2, "S": 2, "W": 2, "N": -2}


def test_195_is_not_qing():
    d = run("deal 1 dealer=E\ncall C5 partner=N\nplaces S E W N\npoints E=5 S=115 W=50 N=0 hand=30\n").deals[0]
    # SW 115 + 80 = 195, EN 5: a plain win.
    assert d.side_points == (5, 195) and d.kind == "plain"


def test_the_house_variant_doubles_the_big_results():
    doubled = load("hubei-dagun-doubled")
    d = run("deal 1 dealer=W\ncall BJ partner=S\nplaces E N S W\npoints E=80 S=0 W=0 N=70 hand=50\n", doubled).deals[0]
    assert (d.kind, d.fan) == ("guangtou", 8)  # §9.2: 光头 ×8
    d = run("deal 1 dealer=E\ncall C5 partner=N\nplaces S E W N\npoints E=0 S=120 W=50 N=0 hand=30\n", doubled).deals[0]
    assert (d.kind, d.fan) == ("qing", 4)  # 清 ×4


# --- §5.7 硬牌 ------------------------------------------------------------------------------------------------

def test_alone_won_is_paid_by_each_of_three():
    d = run("deal 1 dealer=S\nalone W\nplaces W E S N\n").deals[0]
    # W is 一游: W wins; fan.alone_win 2 from each of three: W +6, E S N -2 (§7.3).
    assert (d.kind, d.fan, d.sides[d.winner]) == ("alone_win", 2, ("W",))
    assert coins(d) == {"E": -2, "S": -2, "W": 6, "N": -2}


def test_alone_lost_pays_each_of_three_and_points_do_not_count():
    d = run("deal 1 dealer=S\nalone N\nplaces E N S W\npoints E=0 S=0 W=0 N=200 hand=0\n").deals[0]
    # E is 一游: N loses though N took all 200 (only 一游 decides, §5.7): N -6, E S W +2.
    assert (d.kind, d.fan, d.sides[d.winner]) == ("alone_loss", 2, ("E", "S", "W"))
    assert coins(d) == {"E": 2, "S": 2, "W": 2, "N": -6}
    doubled = run("deal 1 dealer=S\nalone N\nplaces E N S W\n", load("hubei-dagun-doubled")).deals[0]
    assert doubled.coins == (4, 4, 4, -12)  # fan.alone_loss 4: N pays 4 to each of three


# --- §6 rewards ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("declare", "expected"), [
    # 天炸 ×3: each of three pays 1 → holder +3
    ("declare N sky", {"E": -1, "S": -1, "W": -1, "N": 3}),
    # 8喜 ×6: each of three pays 2 → holder +6
    ("declare S xi8 3", {"E": -2, "S": 6, "W": -2, "N": -2}),
    # 7喜 ×3: each of three pays 1 → holder +3
    ("declare E xi7 9", {"E": 3, "S": -1, "W": -1, "N": -1}),
])
def test_rewards_are_paid_whatever_the_result(declare, expected):
    d = run(f"deal 1 dealer=S\nalone W\nplaces W E S N\n{declare}\n").deals[0]
    # the result: W +6, E S N -2 (as above), plus the reward
    result = {"E": -2, "S": -2, "W": 6, "N": -2}
    assert dict(zip("ESWN", d.rewards[0].coins, strict=True)) == expected
    assert coins(d) == {s: result[s] + expected[s] for s in "ESWN"}
    assert sum(d.coins) == 0


def test_several_rewards_add_up():
    d = run("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=35\n"
            "declare S xi8 K\ndeclare N sky\n").deals[0]
    # result E -1 S +1 W -1 N +1; 8喜 S +6, others -2; 天炸 N +3, others -1.
    # E -1 -2 -1 = -4; S +1 +6 -1 = +6; W -1 -2 -1 = -4; N +1 -2 +3 = +2.
    assert coins(d) == {"E": -4, "S": 6, "W": -4, "N": 2}


def test_rewards_scale_with_the_table_base():
    d = run("deal 1 dealer=S\nalone W\nplaces W E S N\ndeclare E xi8 Q\n", variant("[coins]\nstake = 5\n")).deals[0]
    # result W +2×5×3 = +30, others -10; 8喜 E +2×5×3 = +30, others -10.
    assert coins(d) == {"E": 20, "S": -20, "W": 20, "N": -20}


# --- §7.4 running totals, the summary --------------------------------------------------------------------------

def test_the_example_evening_totals():
    text = (Path(__file__).resolve().parent.parent / "examples" / "hubei-evening.dagun").read_text(encoding="utf-8")
    record = parse(text)
    result = replay(record.events, DEFAULT)
    assert record.errors == [] and result.errors == ()
    # worked in the example's comments, deal by deal
    assert [d.coins for d in result.deals] == [(-1, 1, -1, 1), (-2, 2, -2, 2), (1, -3, 5, -3), (-1, 1, -1, 1),
                                               (2, 2, -6, 2), (-2, 2, 2, -2), (1, 5, 1, -7)]
    assert [d.kind for d in result.deals] == ["plain", "bang", "alone_win", "plain", "guangtou", "qing", "alone_loss"]
    assert result.totals == (-2, 10, -2, -6)
    from referee.games.hubei_dagun.summary import summarize

    s = summarize(result)
    # deals won: E won 3 (deal 3 no: W alone won; E won 5, 7) …: E on the winning side in deals 5, 7 → 2;
    # S in 1, 2, 4, 5(lost? S is with W in 5: lost), 6, 7 → 1, 2, 4, 6, 7 = 5; W in 3, 6, 7 = 3; N in 1, 2, 4, 5 = 4.
    assert [s.outcome(k).won for k in "ESWN"] == [2, 5, 3, 4]
    assert [s.outcome(k).lost for k in "ESWN"] == [5, 2, 4, 3]
    # coins -2, +10, -2, -6: S first, E and W share second, N fourth
    assert [s.outcome(k).placement for k in "ESWN"] == [2, 1, 2, 4]
    assert [p.name for p in s.participants()] == ["张伟", "李娜", "王强", "刘洋"]
    assert s.finished


# --- §8 the checks -----------------------------------------------------------------------------------------------

def test_the_dealer_is_the_previous_first_out():
    body = ("deal 1 dealer=E\nalone W\nplaces W E S N\n"
            "deal 2 dealer=E\nalone W\nplaces W E S N\n")
    result = run(body, errors_ok=True)
    assert problems(result) == [(
        9, "deal 2: the dealer is E, but the previous deal's 一游 was W (§4.1, dealing.first_out_deals)",
        "第 2 局：庄家是 东，但上一局的一游是 西（§4.1，dealing.first_out_deals）")]
    assert len(result.deals) == 2  # still settled
    assert run(body, variant("[dealing]\nfirst_out_deals = false\n")).errors == ()


def test_deal_numbers_follow_the_record():
    result = run("deal 2 dealer=E\nalone W\nplaces W E S N\n", errors_ok=True)
    assert problems(result) == [(6, "deal 2: this is deal 1 of the record", "deal 2：这是记录中的第 1 局")]


def test_the_partner_is_not_the_dealer():
    result = run("deal 1 dealer=E\ncall H10 partner=E\nplaces W E S N\npoints E=50 S=50 W=50 N=50 hand=0\n",
                 errors_ok=True)
    assert problems(result)[0][:2] == (6, "deal 1: not settled, it lacks call/alone")  # the call was refused
    assert problems(result)[1] == (
        7, "call: the partner holds the twin of the dealer's called card, so it is not the dealer "
           "(a dealer holding both calls again: §4.2)",
        "call：朋友持有与庄家叫牌相同的另一张牌，所以不是庄家（庄家两张都有须重新叫牌：§4.2）")


def test_one_mode_and_one_of_each_line():
    result = run("deal 1 dealer=E\ncall H10 partner=W\nalone S\nplaces W E S N\nplaces W E S N\n"
                 "points E=50 S=50 W=50 N=50 hand=0\npoints E=50 S=50 W=50 N=50 hand=0\nclaim bang\nclaim bang\n",
                 errors_ok=True)
    assert problems(result) == [
        (8, "a deal is played either 找朋友 (call) or 硬牌 (alone), once",
            "一局只能是找朋友（call）或硬牌（alone）之一，且只写一次"),
        (10, "places: given twice in this deal", "places：本局写了两次"),
        (12, "points: given twice in this deal", "points：本局写了两次"),
        (14, "claim: given twice in this deal", "claim：本局写了两次"),
    ]


def test_a_deal_without_what_it_needs_is_not_settled():
    result = run("deal 1 dealer=E\ncall H10 partner=W\nplaces W E S N\ndeal 2 dealer=W\n", errors_ok=True)
    assert problems(result) == [
        (6, "deal 1: not settled, it lacks points", "第 1 局未结算，缺少 points"),
        (9, "deal 2: not settled, it lacks call/alone, places", "第 2 局未结算，缺少 call/alone、places"),
    ]
    assert result.deals == ()


@pytest.mark.parametrize(("places_points", "claim", "actual", "actual_zh"), [
    ("places S E N W\npoints E=40 S=50 W=30 N=45 hand=35", "bang", "a plain win", "普通胜"),
    ("places S N E W\npoints E=90 S=10 W=60 N=10 hand=30", "guangtou", "绑", "绑"),
    ("places S N E W\npoints E=0 S=110 W=0 N=60 hand=30", "qing", "光头", "光头"),
])
def test_the_claim_must_fit_the_places_and_points(places_points, claim, actual, actual_zh):
    result = run(f"deal 1 dealer=S\ncall SA partner=N\n{places_points}\nclaim {claim}\n", errors_ok=True)
    claimed = {"bang": ("绑", "绑"), "guangtou": ("光头", "光头"), "qing": ("清", "清")}[claim]
    assert problems(result) == [(
        10, f"claim: the table called {claimed[0]}, but the places and points give {actual} (§5.3-§5.6)",
        f"claim：桌上报的是 {claimed[1]}，但名次和得分是 {actual_zh}（§5.3-§5.6）")]


def test_a_right_claim_passes_and_alone_has_none():
    run("deal 1 dealer=S\ncall SA partner=N\nplaces S N E W\npoints E=0 S=110 W=0 N=60 hand=30\nclaim 光头\n")
    result = run("deal 1 dealer=S\nalone W\nplaces W E S N\nclaim bang\n", errors_ok=True)
    assert problems(result) == [(9, "claim: a 硬牌 deal is decided by 一游 alone; 绑, 清 and 光头 are 找朋友's (§5.7)",
                                 "claim：硬牌只看一游；绑、清、光头只在找朋友中（§5.7）")]


def test_declared_hands_must_fit_two_decks():
    result = run("deal 1 dealer=S\nalone W\nplaces W E S N\ndeclare E sky\ndeclare N sky\n"
                 "declare E xi8 K\ndeclare S xi7 K\ndeclare W xi8 2\ndeclare W xi8 3\ndeclare W xi8 4\n"
                 "declare W xi7 5\n",
                 errors_ok=True)
    assert problems(result) == [
        (6, "declare: W declares 31 cards of 天炸 and 喜, more than the 27 a player holds (§1)",
         "declare：西 报的天炸和喜共 31 张，超过每家的 27 张（§1）"),
        (10, "declare: 天炸 is all four jokers: only one player can hold it (§6)",
             "declare：天炸是全部四张王，只有一家能有（§6）"),
        (12, "declare: the two decks hold 8 cards of K; this 喜 and the one at line 11 need more (§6)",
         "declare：两副牌只有 8 张 K；这个喜和第 11 行的喜需要更多（§6）"),
    ]


def test_declared_hands_against_the_called_card():
    head = "deal 1 dealer=E\ncall {card} partner=W\nplaces W E S N\npoints E=50 S=50 W=50 N=50 hand=0\n"
    result = run(head.format(card="BJ") + "declare E sky\n", errors_ok=True)
    assert problems(result) == [(10, "declare: 天炸 holds all four jokers, but a joker was called and its twin is the "
                                     "partner's (§4.2, §6)",
                                     "declare：天炸要四张王全在一家，但叫的是王，另一张在朋友手里（§4.2、§6）")]
    result = run(head.format(card="H9") + "declare W xi8 9\n", errors_ok=True)
    assert problems(result) == [(10, "declare: an 8喜 of 9 leaves no 9 for both the dealer and the partner, who "
                                     "hold the called ♥9 (§4.2, §6)",
                                     "declare：9 的8喜使庄家和朋友不可能各有一张叫的 ♥9（§4.2、§6）")]
    result = run(head.format(card="H9") + "declare S xi7 9\n", errors_ok=True)
    assert problems(result) == [(10, "declare: a 7喜 of 9 by S leaves one 9, but the dealer and the partner each "
                                     "hold a called ♥9 (§4.2, §6)",
                                     "declare：南 的 9 7喜只剩一张 9，但庄家和朋友各有一张叫的 ♥9（§4.2、§6）")]
    run(head.format(card="BJ") + "declare S xi8 J\n")  # a called joker has no rank (the corpus found this)
    run(head.format(card="H9") + "declare W xi7 9\n")  # the partner may: the dealer holds the eighth
    run(head.format(card="H9") + "declare E xi7 9\n")  # and so may the dealer


def test_lines_out_of_place():
    record = parse("places W E S N\nmatch id=X game=hubei-dagun\ndeal 1 dealer=E\nseat E A\nalone E\nplaces E W S N\n")
    result = replay(record.events, DEFAULT)
    assert problems(result) == [
        (1, "this line belongs to a deal: start one with 'deal'", "这一行属于某一局：请先用 deal 开始一局"),
        (2, "match: the header comes once, first", "match：比赛头只有一个，写在最前面"),
        (4, "seat: players are seated before the first deal", "seat：座位应在第一局之前写明"),
    ]
    result = replay(parse("seat E A\nseat E B\n").events, DEFAULT)
    assert problems(result) == [
        (0, "the record has no 'match id=… game=hubei-dagun' header", "记录没有 'match id=… game=hubei-dagun' 比赛头"),
        (2, "seat: E is seated twice", "seat：东 重复入座"),
    ]


def test_explanations_cite_the_section_and_the_key():
    d = run("deal 1 dealer=W\ncall BJ partner=S\nplaces E N S W\npoints E=80 S=0 W=0 N=70 hand=50\n"
            "declare E xi7 9\n").deals[0]
    cites = [s.cite for s in d.steps]
    assert "§5.6" in cites and "§5.6, §7.2 fan.guangtou" in cites and "§6 rewards.xi7_each" in cites
    texts = [s.msg.text("zh") for s in d.steps]
    assert "绑且对方没有得分：光头，东北 直接胜" in texts


def test_the_check_line_counts_settled_deals_only():
    from referee.games.hubei_dagun.views import check_summary

    # deal 1 as in test_plain_win_after_the_end_transfers (E -1, S +1, W -1, N +1); deal 2 has no places nor
    # points yet: it is being recorded: the engine keeps no result of it, so it is neither counted nor paid
    result = run("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=35\n"
                 "deal 2 dealer=S\nalone N\n", errors_ok=True)
    assert check_summary(result, "en") == "ok: 1 deal, coins E -1, S +1, W -1, N +1"
