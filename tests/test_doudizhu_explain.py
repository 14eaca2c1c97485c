"""Dou Dizhu's explanation, word for word: every kind of step the engine writes (the bidding's three ways to a
landlord, the redeal, each factor of the multiplier, the cap, the two ways a deal is paid), each with its citation
(the rule-file key and the section of docs/doudizhu-rules.md), in English and in simplified Chinese.

The deals are played under house rule sets whose factors all differ (bomb 3, rocket 5, spring 7, anti-spring 10,
shown 2, each rob 3; the landlord 4 × and each farmer 2 ×), so that a step showing one factor for another, or a
product for a power, shows a number the rules do not give. Every number is worked out from the rules in a comment.
"""

from __future__ import annotations

from referee.games.doudizhu.engine import _KEPT, FARMERS, LANDLORD, MatchResult, Run, replay
from referee.games.doudizhu.notation import parse
from referee.games.doudizhu.ruleset import RuleSet, from_text

HEAD = "match id=X game=doudizhu\nseat 1 甲\nseat 2 乙\nseat 3 丙\n"  # lines 1-4; a record's first 'deal' is line 5

# Every factor of §5 a different number, the payment's factors not the defaults (landlord 2 × farmer: §6).
FACTORS = ("multipliers.bomb = 3\nmultipliers.rocket = 5\nmultipliers.spring = 7\nmultipliers.antispring = 10\n"
           "multipliers.shown = 2\npayment.landlord_factor = 4\npayment.farmer_factor = 2\n")


def house(text: str = "") -> RuleSet:
    return from_text('base = "doudizhu-classic"\n' + FACTORS + text, "house.toml")


def run(body: str, rules: RuleSet) -> MatchResult:
    reading = parse(HEAD + body)
    assert reading.errors == [], reading.errors
    return replay(reading.events, rules)


def texts(result: MatchResult, deal: int, lang: str) -> list[str]:
    return [s.text(lang) for s in result.deals[deal].steps]


def test_a_landlord_by_points_with_every_factor_of_a_win_explained() -> None:
    # §3.1: 甲 bids 1, 乙 2, 丙 passes: 乙 bid highest, base 2.
    # §5.3 shown × 2; §5.1 two bombs × 3 each → × 3² = 9, the rocket × 5; §5.2 spring (no farmer played) × 7:
    # multiplier 2 × 9 × 5 × 7 = 630. §6: unit 2 × 630 = 1260; 乙 out first wins: each farmer pays
    # 2 × 2 × 630 = 2520, the landlord receives 4 × 2 × 630 = 5040.
    r = run("deal\nbid 1 1\nbid 2 2\nbid 3 pass\nkitty 3 4 5\nshow 2\nbomb 2 5555\nbomb 2 6666\nrocket 2\n"
            "out 2\nspring\n", house())
    assert r.errors == ()
    d = r.deals[0]
    assert (d.landlord, d.base, d.multiplier, d.uncapped, d.winner) == (2, 2, 630, 630, LANDLORD)
    assert (d.bombs, d.rockets, d.shown, d.spring, d.antispring, d.robs) == (2, 1, True, True, False, 0)
    assert d.payments == {1: -2520, 2: 5040, 3: -2520}
    assert texts(r, 0, "en") == [
        "seat 2 (乙) bid highest, 2: landlord, base 2 (bidding.style = 'points', §3.1)",
        "the landlord showed the cards (明牌): × 2 (multipliers.shown, §5.3)",
        "2 bomb(s) played: × 3 each (multipliers.bomb, §5.1) → × 9",
        "the rocket played: × 5 (multipliers.rocket, §5.1)",
        "spring (春天): × 7 (multipliers.spring, §5.2)",
        "multiplier 630 (§5)",
        "seat 2 (乙), the landlord, went out first: the landlord wins (§4, §6)",
        "each farmer pays 2 × 2 × 630 = 2520; the landlord receives 4 × 2 × 630 = 5040 "
        "(payment.farmer_factor, payment.landlord_factor, §6)",
    ]
    assert texts(r, 0, "zh_CN") == [
        "座位 2（乙） 叫分最高（2 分）：当地主，底分 2（bidding.style = 'points'，§3.1）",
        "地主明牌：× 2（multipliers.shown，§5.3）",
        "打出炸弹 2 个：每个 × 3（multipliers.bomb，§5.1）→ × 9",
        "打出火箭：× 5（multipliers.rocket，§5.1）",
        "春天：× 7（multipliers.spring，§5.2）",
        "倍数 630（§5）",
        "地主（座位 2（乙））先出完：地主胜（§4，§6）",
        "每位农民付 2 × 2 × 630 = 2520；地主收 4 × 2 × 630 = 5040"
        "（payment.farmer_factor，payment.landlord_factor，§6）",
    ]


def test_a_landlord_by_call_and_rob_with_anti_spring_and_the_cap_explained() -> None:
    # §3.2: 甲 calls (base call_points = 2), 乙 robs, 丙 robs, the turn back to the caller 甲, who passes:
    # 丙, the last to rob, is landlord; 2 robs × 3 each → × 3² = 9.
    # §5.1 one bomb (甲's) × 3; §5.2 anti-spring (丙 played only the first lead, farmer 甲 out) × 10:
    # 9 × 3 × 10 = 270, capped at 50 (§5.4). §6: unit 2 × 50 = 100; the farmers win: the landlord pays
    # 4 × 2 × 50 = 400, each farmer receives 2 × 2 × 50 = 200.
    rules = house('bidding.style = "rob"\nbidding.call_points = 2\nbidding.rob_multiplier = 3\n'
                  "multipliers.cap = 50\n")
    r = run("deal\nbid 1 call\nbid 2 rob\nbid 3 rob\nbid 1 pass\nkitty 3 4 5\nplay 3 7\nbomb 1 8888\nout 1\n"
            "antispring\n", rules)
    assert r.errors == ()
    d = r.deals[0]
    assert (d.landlord, d.base, d.robs, d.multiplier, d.uncapped, d.winner) == (3, 2, 2, 50, 270, FARMERS)
    assert (d.bombs, d.rockets, d.shown, d.spring, d.antispring) == (1, 0, False, False, True)
    assert d.payments == {1: 200, 2: 200, 3: -400}
    assert texts(r, 0, "en") == [
        "seat 1 (甲) called the landlord: base 2 (bidding.call_points, §3.2); seat 3 (丙) is landlord",
        "2 rob(s) (抢地主): × 3 each (bidding.rob_multiplier, §3.2) → × 9",
        "1 bomb(s) played: × 3 each (multipliers.bomb, §5.1) → × 3",
        "anti-spring (反春): × 10 (multipliers.antispring, §5.2)",
        "multiplier 270 capped at 50 (封顶, multipliers.cap, §5.4)",
        "seat 1 (甲), a farmer, went out first: the farmers win (§4, §6)",
        "the landlord pays 4 × 2 × 50 = 400; each farmer receives 2 × 2 × 50 = 200 "
        "(payment.landlord_factor, payment.farmer_factor, §6)",
    ]
    assert texts(r, 0, "zh_CN") == [
        "座位 1（甲） 叫地主：底分 2（bidding.call_points，§3.2）；地主是座位 3（丙）",
        "抢地主 2 次：每次 × 3（bidding.rob_multiplier，§3.2）→ × 9",
        "打出炸弹 1 个：每个 × 3（multipliers.bomb，§5.1）→ × 3",
        "反春：× 10（multipliers.antispring，§5.2）",
        "倍数 270 封顶为 50（multipliers.cap，§5.4）",
        "农民（座位 1（甲））先出完：农民胜（§4，§6）",
        "地主付 4 × 2 × 50 = 400；每位农民收 2 × 2 × 50 = 200"
        "（payment.landlord_factor，payment.farmer_factor，§6）",
    ]


def test_a_call_nobody_robs_multiplies_by_one() -> None:
    # §3.2: 乙 calls (base 1, the classic call_points), 丙 and 甲 pass: no rob, so no rob step, and the caller is
    # landlord. §5: nothing else multiplies: multiplier 1 under the cap of 50 (no cap step).
    # §6: 乙 out first: each farmer pays 2 × 1 × 1 = 2, 乙 receives 4 × 1 × 1 = 4.
    rules = house('bidding.style = "rob"\nbidding.rob_multiplier = 3\nmultipliers.cap = 50\n')
    r = run("deal\nbid 2 call\nbid 3 pass\nbid 1 pass\nkitty 3 4 5\nout 2\n", rules)
    assert r.errors == ()
    d = r.deals[0]
    assert (d.landlord, d.base, d.robs, d.multiplier, d.uncapped) == (2, 1, 0, 1, 1)
    assert d.payments == {1: -2, 2: 4, 3: -2}
    assert texts(r, 0, "en") == [
        "seat 2 (乙) called the landlord: base 1 (bidding.call_points, §3.2); seat 2 (乙) is landlord",
        "multiplier 1 (§5)",
        "seat 2 (乙), the landlord, went out first: the landlord wins (§4, §6)",
        "each farmer pays 2 × 1 × 1 = 2; the landlord receives 4 × 1 × 1 = 4 "
        "(payment.farmer_factor, payment.landlord_factor, §6)",
    ]


def test_a_forced_landlord_and_a_redeal_explained() -> None:
    # §3.3 last_forced: all three pass, 甲 spoke last (乙, 丙, 甲): 甲 landlord at forced_bid 2.
    # §5: nothing multiplies: multiplier 1. §6: farmer 丙 out: the landlord pays 4 × 2 × 1 = 8, each farmer
    # receives 2 × 2 × 1 = 4. Deal 2 is redealt (its 'redeal' on line 15): no payment, one step.
    rules = house('bidding.no_bid = "last_forced"\nbidding.forced_bid = 2\n')
    r = run("deal\nbid 2 pass\nbid 3 pass\nbid 1 pass\nkitty 3 4 5\nout 3\n"  # lines 5-10
            "deal\nbid 1 1\nbid 2 pass\nbid 3 2\nredeal\n", rules)  # lines 11-15
    assert r.errors == ()
    d = r.deals[0]
    assert (d.landlord, d.base, d.multiplier, d.winner) == (1, 2, 1, FARMERS)
    assert d.payments == {1: -8, 2: 4, 3: 4}
    assert texts(r, 0, "en") == [
        "nobody bid: seat 1 (甲), the last to speak, is landlord at 2 "
        "(bidding.no_bid = 'last_forced', bidding.forced_bid, §3.3)",
        "multiplier 1 (§5)",
        "seat 3 (丙), a farmer, went out first: the farmers win (§4, §6)",
        "the landlord pays 4 × 2 × 1 = 8; each farmer receives 2 × 2 × 1 = 4 "
        "(payment.landlord_factor, payment.farmer_factor, §6)",
    ]
    assert d.robs == 0  # no rob: the field is 0, not nothing
    assert texts(r, 0, "zh_CN")[0] == ("无人叫牌：最后表态的座位 1（甲） 被迫当地主，底分 2"
                                       "（bidding.no_bid = 'last_forced'，bidding.forced_bid，§3.3）")
    redealt = r.deals[1]
    assert (redealt.settled, redealt.redeal, redealt.payments) == (False, True, {1: 0, 2: 0, 3: 0})
    assert redealt.totals == {1: -8, 2: 4, 3: 4}  # deal 1's, unchanged
    assert texts(r, 1, "en") == ["deal 2 was dealt again (redeal, line 15): no payment (§3.3)"]
    assert texts(r, 1, "zh_CN") == ["第 2 局重新发牌（redeal，第 15 行）：不计分（§3.3）"]


def test_the_steps_a_writer_takes_deal_by_deal_are_those_of_the_replay() -> None:
    # Run.deals (what replay --json writes, deal by deal) names each step itself; replay keeps none and works them
    # out again when asked: the same steps. Two deals multiply the same way (one bomb, × 3) and pay the same way,
    # so the named steps are made once and given again: deal 1 甲 bids 3 and wins: unit 3 × 3 = 9, farmers pay
    # 2 × 9 = 18, 甲 receives 4 × 9 = 36; deal 2 the same: totals 甲 72, 乙 and 丙 -36.
    body = "deal\nbid 1 3\nkitty 3 4 5\nbomb 1 9999\nout 1\n" * 2
    rules = house()
    r = run(body, rules)
    assert r.totals == {1: 72, 2: -36, 3: -36}
    run_ = Run(parse(HEAD + body).events, rules)
    taken = list(run_.deals())
    assert [[s.text("en") for s in d.steps] for d in taken] == [texts(r, 0, "en"), texts(r, 1, "en")]
    assert texts(r, 1, "en") == [
        "seat 1 (甲) bid highest, 3: landlord, base 3 (bidding.style = 'points', §3.1)",
        "1 bomb(s) played: × 3 each (multipliers.bomb, §5.1) → × 3",
        "multiplier 3 (§5)",
        "seat 1 (甲), the landlord, went out first: the landlord wins (§4, §6)",
        "each farmer pays 2 × 3 × 3 = 18; the landlord receives 4 × 3 × 3 = 36 "
        "(payment.farmer_factor, payment.landlord_factor, §6)",
    ]
    assert [d.totals for d in taken] == [{1: 36, 2: -18, 3: -18}, {1: 72, 2: -36, 3: -36}]
    # each deal as the replay settled it, field for field up to its steps; a deal taken keeps its steps named, not
    # what they were worked out from
    assert [d[:_KEPT] for d in taken] == [d[:_KEPT] for d in r.deals]
    assert [(d.source, d.rules, d.names) for d in taken] == [((), None, None)] * 2
    assert run_.result(tuple(taken)).totals == r.totals


def test_a_seat_without_a_name_is_shown_by_its_number_alone() -> None:
    # Only a seat whose player is named gets the name beside it: 乙 and 丙 unnamed, 甲 named; 丙 bids 1 alone.
    # §6 classic factors under this house: 丙 out: farmers pay 2 × 1 × 1 = 2, 丙 receives 4.
    reading = parse("match id=Y game=doudizhu\nseat 1 甲\ndeal\nbid 1 pass\nbid 2 pass\nbid 3 1\nkitty 3 4 5\n"
                    "out 3\n")
    r = replay(reading.events, house())
    assert texts(r, 0, "en")[0] == "seat 3 bid highest, 1: landlord, base 1 (bidding.style = 'points', §3.1)"
    assert texts(r, 0, "en")[2] == "seat 3, the landlord, went out first: the landlord wins (§4, §6)"
