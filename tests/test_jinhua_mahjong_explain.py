"""The explanation of a Jinhua mahjong deal, step by step, in English and in Chinese: every kind of step the
engine makes (the opening with and without 财神, a drawn deal, each pattern's factor and its key, 全求人
self-drawn, the product, the cap, each seat's share, 承包 either way with the shares taken over and doubled, the
result). Every text is worked out by hand from docs/jinhua-mahjong-rules.md (the working beside it) and the
catalogue's wording of each message (referee/locale/zh_CN); seats are 东 南 西 北 in Chinese (§1)."""

from __future__ import annotations

from referee.games.jinhua_mahjong.engine import MatchResult, later_steps_key, replay
from referee.games.jinhua_mahjong.notation import parse
from referee.games.jinhua_mahjong.ruleset import load

HEAD = "match id=T game=jinhua-mahjong\n"
NOTHING = {"E": 0, "S": 0, "W": 0, "N": 0}


def run(body: str, rules: str = "jinhua-mahjong") -> MatchResult:
    record = parse(HEAD + body)
    assert record.errors == []
    return replay(record.events, load(rules))


def steps(result: MatchResult, deal: int = 1) -> list[tuple[str, str]]:
    return [(s.text("en"), s.text("zh")) for s in result.deals[deal - 1].steps]


def test_a_drawn_deal_has_one_step() -> None:
    # §9: E deals the first deal; nobody wins (流局): nothing is paid (§5), the one step says so
    r = run("deal\nnowin\n")
    # deal 1 of line 2, dealt by E: no winner, discarder, pattern, factor or liability, nothing paid, settled
    assert r.errors == () and r.deals[0][:11] == (1, 2, "E", None, None, (), 0, 0, (), NOTHING, True)
    assert steps(r) == [("deal 1: dealer E; nobody won (流局): nothing is paid (§5)",
                         "第 1 局：庄家 东；流局，无人支付（§5）")]
    assert later_steps_key(r.deals[0]) is None  # a drawn deal has no steps after its opening


def test_a_plain_discard_win_without_caishen() -> None:
    # no 'patterns' line: 平胡 ×1 (§6.1); one pattern, so no product step (§5.3);
    # W wins on S's discard (§5.1): E and N owe 1·1·1 = 1, S owes 2·1·1 = 2; W +4
    r = run("deal\nwin W S\n")
    # deal 1 of line 2, dealt by E: W on S's discard, 平胡 at factor 1 paid at 1, nobody liable, settled
    assert r.deals[0][:11] == (1, 2, "E", "W", "S", ("pinghu",), 1, 1, (), {"E": -1, "S": -2, "W": 4, "N": -1}, True)
    assert steps(r) == [
        ("deal 1: dealer E", "第 1 局：庄家 东"),
        ("平胡 ×1 (§6.1, factors.pinghu)", "平胡 ×1（§6.1，factors.pinghu）"),
        ("E owes 1 × stake 1 × 1 = 1 (§5.1, scoring.others_pay)",
         "东 应付 1 × 底注 1 × 1 = 1（§5.1，scoring.others_pay）"),
        ("S owes 2 × stake 1 × 1 = 2 (§5.1, scoring.discarder_pays)",
         "南 应付 2 × 底注 1 × 1 = 2（§5.1，scoring.discarder_pays）"),
        ("N owes 1 × stake 1 × 1 = 1 (§5.1, scoring.others_pay)",
         "北 应付 1 × 底注 1 × 1 = 1（§5.1，scoring.others_pay）"),
        ("W +4; E -1, S -2, N -1", "西 +4；东 -1、南 -2、北 -1"),
    ]


def test_the_opening_names_the_caishen_and_a_later_deal_its_dealer() -> None:
    # deal 1: E deals, W wins on S's discard; §9: W is not the dealer, so the deal passes to S for deal 2;
    # its 财神 is 九条 (9s); S self-draws 清一色 without 财神 ×4 (§6.9): each of E, W, N owes 2·1·4 = 8 (§5.2); S +24
    r = run("deal\nwin W S\ndeal\ncaishen 9s\nwin S self\npatterns 清一色无财神\n")
    assert steps(r, 2) == [
        ("deal 2: dealer S, 财神 9s (白板 stands for it, §2.2)", "第 2 局：庄家 南，财神 9s（白板代替财神牌，§2.2）"),
        ("清一色无财神 ×4 (§6.9, factors.qingyise_clean)", "清一色无财神 ×4（§6.9，factors.qingyise_clean）"),
        ("E owes 2 × stake 1 × 4 = 8 (§5.2, scoring.self_draw_pays)",
         "东 应付 2 × 底注 1 × 4 = 8（§5.2，scoring.self_draw_pays）"),
        ("W owes 2 × stake 1 × 4 = 8 (§5.2, scoring.self_draw_pays)",
         "西 应付 2 × 底注 1 × 4 = 8（§5.2，scoring.self_draw_pays）"),
        ("N owes 2 × stake 1 × 4 = 8 (§5.2, scoring.self_draw_pays)",
         "北 应付 2 × 底注 1 × 4 = 8（§5.2，scoring.self_draw_pays）"),
        ("S +24; E -8, W -8, N -8", "南 +24；东 -8、西 -8、北 -8"),
    ]


def test_quanqiuren_self_drawn_and_the_product() -> None:
    # §6.3: 全求人 self-drawn "只算平胡": ×1 (factors.quanqiuren_self_draw); with 混一色 ×2 (§6.15):
    # F = 1 × 2 = 2 (§5.3); N self-draws: E, S, W owe 2·1·2 = 4 each (§5.2); N +12
    r = run("deal\nwin N self\npatterns 全求人 混一色\n")
    assert steps(r) == [
        ("deal 1: dealer E", "第 1 局：庄家 东"),
        ("全求人 self-drawn counts as 平胡: ×1 (§6.3, factors.quanqiuren_self_draw)",
         "全求人自摸只算平胡：×1（§6.3，factors.quanqiuren_self_draw）"),
        ("混一色 ×2 (§6.15, factors.hunyise)", "混一色 ×2（§6.15，factors.hunyise）"),
        ("the factors multiply: 1 × 2 = 2 (§5.3)", "倍数相乘：1 × 2 = 2（§5.3）"),
        ("E owes 2 × stake 1 × 2 = 4 (§5.2, scoring.self_draw_pays)",
         "东 应付 2 × 底注 1 × 2 = 4（§5.2，scoring.self_draw_pays）"),
        ("S owes 2 × stake 1 × 2 = 4 (§5.2, scoring.self_draw_pays)",
         "南 应付 2 × 底注 1 × 2 = 4（§5.2，scoring.self_draw_pays）"),
        ("W owes 2 × stake 1 × 2 = 4 (§5.2, scoring.self_draw_pays)",
         "西 应付 2 × 底注 1 × 2 = 4（§5.2，scoring.self_draw_pays）"),
        ("N +12; E -4, S -4, W -4", "北 +12；东 -4、南 -4、西 -4"),
    ]
    # on a discard 全求人 is ×2 (§6.3, factors.quanqiuren), its own step: F = 2 × 2 = 4
    r = run("deal\nwin N W\npatterns 全求人 混一色\n")
    assert steps(r)[1:4] == [
        ("全求人 ×2 (§6.3, factors.quanqiuren)", "全求人 ×2（§6.3，factors.quanqiuren）"),
        ("混一色 ×2 (§6.15, factors.hunyise)", "混一色 ×2（§6.15，factors.hunyise）"),
        ("the factors multiply: 2 × 2 = 4 (§5.3)", "倍数相乘：2 × 2 = 4（§5.3）"),
    ]


def test_three_factors_and_the_cap() -> None:
    # jinhua-capped (§5.4, scoring.cap = 8): 碰碰胡 ×2 (§6.2), 清一色 ×2 (§6.9), 财神头 ×4 (§6.11):
    # F = 2 × 2 × 4 = 16, paid at 8; E wins on W's discard (§5.1): S and N owe 1·1·8 = 8, W 2·1·8 = 16; E +32
    r = run("deal\ncaishen 5p\nwin E W\npatterns 碰碰胡 清一色 财神头\n", "jinhua-capped")
    assert steps(r) == [
        ("deal 1: dealer E, 财神 5p (白板 stands for it, §2.2)", "第 1 局：庄家 东，财神 5p（白板代替财神牌，§2.2）"),
        ("碰碰胡 ×2 (§6.2, factors.pengpeng)", "碰碰胡 ×2（§6.2，factors.pengpeng）"),
        ("清一色 ×2 (§6.9, factors.qingyise)", "清一色 ×2（§6.9，factors.qingyise）"),
        ("财神头 ×4 (§6.11, factors.caishen_tou)", "财神头 ×4（§6.11，factors.caishen_tou）"),
        ("the factors multiply: 2 × 2 × 4 = 16 (§5.3)", "倍数相乘：2 × 2 × 4 = 16（§5.3）"),
        ("capped: paid at factor 8, not 16 (§5.4, scoring.cap = 8)",
         "封顶：按 8 倍计，而非 16 倍（§5.4，scoring.cap = 8）"),
        ("S owes 1 × stake 1 × 8 = 8 (§5.1, scoring.others_pay)",
         "南 应付 1 × 底注 1 × 8 = 8（§5.1，scoring.others_pay）"),
        ("W owes 2 × stake 1 × 8 = 16 (§5.1, scoring.discarder_pays)",
         "西 应付 2 × 底注 1 × 8 = 16（§5.1，scoring.discarder_pays）"),
        ("N owes 1 × stake 1 × 8 = 8 (§5.1, scoring.others_pay)",
         "北 应付 1 × 底注 1 × 8 = 8（§5.1，scoring.others_pay）"),
        ("E +32; S -8, W -16, N -8", "东 +32；南 -8、西 -16、北 -8"),
    ]
    d = r.deals[0]
    assert (d.factor, d.paid_factor, d.payments) == (16, 8, {"E": 32, "S": -8, "W": -16, "N": -8})
    # a factor at the cap is not capped: 七对子爆头 ×8 alone (§6.6) is paid at 8, no cap step
    r = run("deal\nwin E self\npatterns 七对子爆头\n", "jinhua-capped")
    assert [en for en, _ in steps(r)][1:3] == ["七对子爆头 ×8 (§6.6, factors.qidui_baotou)",
                                               "S owes 2 × stake 1 × 8 = 16 (§5.2, scoring.self_draw_pays)"]


def test_the_feeder_liable_pays_the_others_shares() -> None:
    # §7.1-§7.2: N claimed three of W's discards (吃 from its 上家 W, 碰, 杠); N wins on E's discard, 平胡:
    # shares (§5.1) E 2, S 1, W 1; W is liable: in play order after N (E, S, W) W takes E's 2 and S's 1 (§7.4);
    # W pays 1 + 2 + 1 = 4, E and S 0; N +4
    r = run("deal\nchi N W\npong N W\nkong N W\nwin N E\nliable W\n")
    assert steps(r) == [
        ("deal 1: dealer E", "第 1 局：庄家 东"),
        ("平胡 ×1 (§6.1, factors.pinghu)", "平胡 ×1（§6.1，factors.pinghu）"),
        ("N claimed 3 of W's discards: W is liable (承包) (§7.2, chengbao.feeds = 3)",
         "北 吃碰杠了 西 3 次：西 承包（§7.2，chengbao.feeds = 3）"),
        ("E owes 2 × stake 1 × 1 = 2 (§5.1, scoring.discarder_pays)",
         "东 应付 2 × 底注 1 × 1 = 2（§5.1，scoring.discarder_pays）"),
        ("S owes 1 × stake 1 × 1 = 1 (§5.1, scoring.others_pay)",
         "南 应付 1 × 底注 1 × 1 = 1（§5.1，scoring.others_pay）"),
        ("W owes 1 × stake 1 × 1 = 1 (§5.1, scoring.others_pay)",
         "西 应付 1 × 底注 1 × 1 = 1（§5.1，scoring.others_pay）"),
        ("W pays E's 2 (承包, §7.4)", "西 承包 东 的 2（§7.4）"),
        ("W pays S's 1 (承包, §7.4)", "西 承包 南 的 1（§7.4）"),
        ("N +4; E 0, S 0, W -4", "北 +4；东 0、南 0、西 -4"),
    ]


def test_the_claimer_liable_pays_all_doubled() -> None:
    # §7.3: W claimed four of N's discards (≥ chengbao.feeds = 3); N, the feeder, self-draws 平胡: shares 2 each
    # (§5.2); W takes E's 2 and S's 2 (§7.4): 6, doubled (chengbao.claimer_factor = 2) = 12; N +12
    r = run("deal\npong W N\npong W N\nkong W N\nkong W N\nwin N self\n")
    assert steps(r)[2:] == [
        ("W claimed 4 of N's discards: W is liable (承包) (§7.3, chengbao.feeds = 3)",
         "西 吃碰杠了 北 4 次：西 承包（§7.3，chengbao.feeds = 3）"),
        ("E owes 2 × stake 1 × 1 = 2 (§5.2, scoring.self_draw_pays)",
         "东 应付 2 × 底注 1 × 1 = 2（§5.2，scoring.self_draw_pays）"),
        ("S owes 2 × stake 1 × 1 = 2 (§5.2, scoring.self_draw_pays)",
         "南 应付 2 × 底注 1 × 1 = 2（§5.2，scoring.self_draw_pays）"),
        ("W owes 2 × stake 1 × 1 = 2 (§5.2, scoring.self_draw_pays)",
         "西 应付 2 × 底注 1 × 1 = 2（§5.2，scoring.self_draw_pays）"),
        ("W pays E's 2 (承包, §7.4)", "西 承包 东 的 2（§7.4）"),
        ("W pays S's 2 (承包, §7.4)", "西 承包 南 的 2（§7.4）"),
        ("W pays 6 × 2 = 12 (承包 by the claimer doubles, §7.3, chengbao.claimer_factor)",
         "西 付 6 × 2 = 12（吃碰者承包并且加倍，§7.3，chengbao.claimer_factor）"),
        ("N +12; E 0, S 0, W -12", "北 +12；东 0、南 0、西 -12"),
    ]
    assert r.deals[0].liable == (("W", "claimer"),)


def test_two_liable_seats_split_the_others() -> None:
    # §7.4: S wins on N's discard; S claimed three of E's discards (吃 from its 上家 E and two 碰: E liable as
    # feeder, §7.2) and W claimed three of S's (W liable as claimer, §7.3). Shares (§5.1): E 1, W 1, N 2.
    # Play order after S: W, N, E. W is liable; N is not: its 2 goes to the first liable seat after it, E;
    # E is liable. W's 1 is doubled (§7.3): 2. E pays 1 + 2 = 3; S receives 3 + 2 = 5.
    r = run("deal\nchi S E\npong S E\npong S E\npong W S\npong W S\npong W S\nwin S N\n")
    assert r.deals[0].liable == (("E", "feeder"), ("W", "claimer"))
    assert steps(r)[2:] == [
        ("S claimed 3 of E's discards: E is liable (承包) (§7.2, chengbao.feeds = 3)",
         "南 吃碰杠了 东 3 次：东 承包（§7.2，chengbao.feeds = 3）"),
        ("W claimed 3 of S's discards: W is liable (承包) (§7.3, chengbao.feeds = 3)",
         "西 吃碰杠了 南 3 次：西 承包（§7.3，chengbao.feeds = 3）"),
        ("E owes 1 × stake 1 × 1 = 1 (§5.1, scoring.others_pay)",
         "东 应付 1 × 底注 1 × 1 = 1（§5.1，scoring.others_pay）"),
        ("W owes 1 × stake 1 × 1 = 1 (§5.1, scoring.others_pay)",
         "西 应付 1 × 底注 1 × 1 = 1（§5.1，scoring.others_pay）"),
        ("N owes 2 × stake 1 × 1 = 2 (§5.1, scoring.discarder_pays)",
         "北 应付 2 × 底注 1 × 1 = 2（§5.1，scoring.discarder_pays）"),
        ("E pays N's 2 (承包, §7.4)", "东 承包 北 的 2（§7.4）"),
        ("W pays 1 × 2 = 2 (承包 by the claimer doubles, §7.3, chengbao.claimer_factor)",
         "西 付 1 × 2 = 2（吃碰者承包并且加倍，§7.3，chengbao.claimer_factor）"),
        ("S +5; E -3, W -2, N 0", "南 +5；东 -3、西 -2、北 0"),
    ]
    assert r.deals[0].payments == {"E": -3, "S": 5, "W": -2, "N": 0}


def test_deals_settled_alike_share_their_later_steps_key() -> None:
    # the key of a deal's later steps (after the opening): the same patterns, winner and discarder give one key
    # whatever the deal's number, dealer or 财神; another discarder, another pattern or another count of claims
    # behind a liability gives another
    r = run("deal\nwin W S\ndeal\ncaishen 1m\nwin W S\ndeal\nwin W E\ndeal\nwin W S\npatterns 混一色\n"
            "deal\npong W N\npong W N\npong W N\nwin W self\ndeal\npong W N\npong W N\npong W N\npong W N\n"
            "win W self\n")
    keys = [later_steps_key(d) for d in r.deals]
    assert keys[0] == keys[1]
    assert len({keys[0], keys[2], keys[3], keys[4], keys[5]}) == 5
    # the fourth claim changes the liability's step ("claimed 4"), so the key with it
    assert steps(r, 5)[2][0] == "W claimed 3 of N's discards: N is liable (承包) (§7.2, chengbao.feeds = 3)"
    assert steps(r, 6)[2][0] == "W claimed 4 of N's discards: N is liable (承包) (§7.2, chengbao.feeds = 3)"
    # an unsettled deal (in play) has no key and no steps
    r = run("deal\npong W N\n")
    assert later_steps_key(r.deals[0]) is None and r.deals[0].steps == ()


def test_deals_under_other_rules_do_not_share_their_later_steps() -> None:
    # the same deal under the seed's set and under jinhua-capped: 七对子爆头 ×8 × 海底捞月 ×2 = 16, capped at 8 in
    # the second (§5.4), so the steps after the opening differ, and so do the keys
    body = "deal\nwin N self\npatterns 七对子爆头 海底捞月\n"
    seed, capped = run(body), run(body, "jinhua-capped")
    assert steps(seed)[1:] != steps(capped)[1:]
    assert later_steps_key(seed.deals[0]) != later_steps_key(capped.deals[0])
