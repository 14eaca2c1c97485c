"""Every refusal Dou Dizhu's engine makes, word for word at its line, in English and in simplified Chinese.

Each record is worked line by line in its comment (the header is lines 1-4, so a record's first 'deal' is line 5);
each test asserts the whole list of problems, so a refusal said where the rules allow, or one said twice, fails too.
The section each message cites is the rule it applies (docs/doudizhu-rules.md).
"""

from __future__ import annotations

from referee.games.doudizhu.engine import MatchResult, pending, replay
from referee.games.doudizhu.notation import parse
from referee.games.doudizhu.ruleset import RuleSet, from_text, load

HEAD = "match id=F game=doudizhu\nseat 1 甲\nseat 2 乙\nseat 3 丙\n"


def run(body: str, rules: RuleSet | None = None, head: str = HEAD) -> MatchResult:
    reading = parse(head + body)
    assert reading.errors == [], reading.errors
    return replay(reading.events, rules or load("doudizhu-classic"))


def house(text: str) -> RuleSet:
    return from_text('base = "doudizhu-classic"\n' + text, "house.toml")


def said(result: MatchResult) -> list[tuple[int, str, str]]:
    return [(e.line, e.text("en"), e.text("zh_CN")) for e in result.errors]


ROB = 'bidding.style = "rob"\n'


def test_the_seats_names_and_a_line_before_the_first_deal() -> None:
    # line 2 names seat 1, line 3 names it again; line 4 gives seat 2 the name seat 1 has; line 5 is a bid before
    # any 'deal'; the deal on line 6: seat 3 bids 3 (the bidding ends), kitty, out: settled without a problem.
    r = run("bid 1 3\ndeal\nbid 3 3\nkitty 3 4 5\nout 3\n",
            head="match id=F game=doudizhu\nseat 1 甲\nseat 1 乙\nseat 2 甲\n")
    assert said(r) == [
        (3, "seat 1 is named twice (first on line 2)", "座位 1 被命名了两次（第一次在第 2 行）"),
        (4, "the name 甲 is already another seat's", "名字 甲 已属于另一个座位"),
        (5, "before the first 'deal': each deal begins with a 'deal' line",
         "在第一个 'deal' 之前：每一局以 'deal' 行开始"),
    ]
    assert r.names == {1: "甲", 2: "2", 3: "3"}  # the refused names are not taken
    assert r.deals[0].payments == {1: -3, 2: -3, 3: 6}  # §6: 丙 3 × 1, out: +2 × 3, each farmer -3


def test_a_deal_beyond_the_matchs_length() -> None:
    # match.deals = 2, and a redealt deal is not one of them (§7, §3.3): deal 2 is redealt, so the match's two
    # deals are deals 1 and 3, and only deal 4 (its 'deal' on line 18) is beyond it.
    rules = house("match.deals = 2\n")
    r = run("deal\nbid 1 3\nkitty 3 4 5\nout 1\n"  # 5-8
            "deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nredeal\n"  # 9-13
            "deal\nbid 2 3\nkitty 3 4 5\nout 2\n"  # 14-17
            "deal\nbid 3 3\nkitty 3 4 5\nout 3\n", rules)  # 18-21
    assert said(r) == [(18, "deal 4: the match is 2 deals (match.deals, §7)",
                        "第 4 局：本场比赛共 2 局（match.deals，§7）")]
    assert r.finished
    assert r.totals == {1: 6 - 3 - 3, 2: -3 + 6 - 3, 3: -3 - 3 + 6}  # each deal 3 × 1: winner +6, the others -3


def test_the_refusals_of_bids_of_points() -> None:
    # line 6 甲 bids 1; line 7 丙 bids out of turn (乙 comes next), 2 still taken; line 8 丙 again, out of turn
    # (甲 comes after 丙) and once only: refused, so the turn stays after 丙's line 7; line 9 乙 out of turn again
    # (甲 still comes next), and call is not a points bid (a pass). 丙 landlord at 2.
    r = run("deal\nbid 1 1\nbid 3 2\nbid 3 3\nbid 2 call\nkitty 3 4 5\nout 3\n")
    assert said(r) == [
        (7, "bid out of turn: after seat 1 comes seat 2 (§3)", "叫牌不按顺序：座位 1 之后应是座位 2（§3）"),
        (8, "bid out of turn: after seat 3 comes seat 1 (§3)", "叫牌不按顺序：座位 3 之后应是座位 1（§3）"),
        (8, "seat 3 has already bid (line 7): each player once (§3.1)",
         "座位 3 已经叫过（第 7 行）：每人只能叫一次（§3.1）"),
        (9, "bid out of turn: after seat 3 comes seat 1 (§3)", "叫牌不按顺序：座位 3 之后应是座位 1（§3）"),
        (9, "bidding.style = 'points': a bid is 1 to 3 or pass, not call (§3.1)",
         "bidding.style = 'points'：叫 1 到 3 分或不叫，而不是 call（§3.1）"),
    ]
    assert (r.deals[0].landlord, r.deals[0].base) == (3, 2)
    # max_bid 2: 甲's 3 is above it (refused, a pass), 乙 2 ends the bidding (the highest bid), 丙's pass after
    # the end refused; 乙's 1 after his 2 would be refused as not rising, but the bidding ended first.
    r = run("deal\nbid 1 3\nbid 2 2\nbid 3 pass\nkitty 3 4 5\nout 2\n", house("bidding.max_bid = 2\n"))
    assert said(r) == [
        (6, "a bid is at most 2 (bidding.max_bid, §3.1), not 3", "叫分至多 2（bidding.max_bid，§3.1），而不是 3"),
        (8, "the bidding has ended (§3): no more bids", "叫牌已经结束（§3）：不能再叫"),
    ]
    assert (r.deals[0].landlord, r.deals[0].base) == (2, 2)
    # 甲 2, 乙 1 (not above 2), 丙 2 (not above 2): 甲 at 2; a bid equal to the best does not rise either
    r = run("deal\nbid 1 2\nbid 2 1\nbid 3 2\nkitty 3 4 5\nout 1\n")
    assert said(r) == [
        (7, "bids rise: 1 does not beat 2 (seat 1) (§3.1)", "叫分只能更高：1 不高于 2（座位 1）（§3.1）"),
        (8, "bids rise: 2 does not beat 2 (seat 1) (§3.1)", "叫分只能更高：2 不高于 2（座位 1）（§3.1）"),
    ]


def test_a_bidding_not_finished_names_every_seat_yet_to_speak() -> None:
    # 乙 bids 1 alone: seats 1 and 3 have not spoken, the bidding is refused at its last bid (line 6), and the
    # deal still settles on 乙's 1: out 2: +2, -1, -1 (§6).
    r = run("deal\nbid 2 1\nkitty 3 4 5\nout 2\n")
    assert said(r) == [(6, "the bidding is not finished: seat 1, 3 has not bid (§3)",
                        "叫牌没有结束：座位 1、3 还没有叫（§3）")]
    assert pending(r) == list(r.errors)  # what the deal in progress still lacks
    assert r.deals[0].payments == {1: -1, 2: 2, 3: -1}


def test_the_refusals_of_call_and_rob() -> None:
    rules = house(ROB)
    # line 6 甲 robs before a call (a pass); line 7 乙 calls; line 8 丙 calls again after 乙 (a pass); line 9 甲
    # bids 2, not a word of this style (and 甲 already spoke: once only). Nobody robbed, so the bidding ended
    # with 丙: 乙 the caller is landlord.
    r = run("deal\nbid 1 rob\nbid 2 call\nbid 3 call\nbid 1 2\nkitty 3 4 5\nout 2\n", rules)
    assert said(r) == [
        (6, "seat 1 robbed before anyone called: call or pass (§3.2)",
         "还没有人叫地主，座位 1 不能抢：叫地主或不叫（§3.2）"),
        (8, "seat 3 called after seat 2 had called: rob or pass (§3.2)",
         "座位 2 已叫地主，座位 3 只能抢或不抢（§3.2）"),
        (9, "the bidding has ended (§3): no more bids", "叫牌已经结束（§3）：不能再叫"),
    ]
    assert (r.deals[0].landlord, r.deals[0].robs) == (2, 0)
    # 甲 calls, 乙 robs, 丙 passes, 甲 answers (robs back); 乙 speaks again: once only (§3.2), after the end.
    r = run("deal\nbid 1 call\nbid 2 rob\nbid 2 pass\nbid 3 2\nbid 1 rob\nkitty 3 4 5\nout 1\n", rules)
    assert said(r) == [
        (8, "bid out of turn: after seat 2 comes seat 3 (§3)", "叫牌不按顺序：座位 2 之后应是座位 3（§3）"),
        (8, "seat 2 has already bid (line 7): each player once (§3.2)",
         "座位 2 已经叫过（第 7 行）：每人只能叫一次（§3.2）"),
        (9, "bidding.style = 'rob': call, rob or pass, not 2 (§3.2)",
         "bidding.style = 'rob'：叫地主、抢地主或不抢，而不是 2（§3.2）"),
    ]
    # 甲's rob back on line 10 is his answer: landlord 甲, robs 乙's and 甲's: × 2 × 2 = 4 (§3.2)
    assert (r.deals[0].landlord, r.deals[0].robs, r.deals[0].multiplier) == (1, 2, 4)


def test_a_deal_without_bids_an_out_or_a_kitty() -> None:
    r = run("deal\nlandlord 1\nkitty 3 4 5\nout 1\n")  # a landlord stated, but no bid gives the base
    assert said(r) == [(6, "deal 1: no bids entered, so the base is unknown: record the bidding (bid SEAT …) (§3)",
                        "第 1 局：没有记录叫牌，底分未知：请记录叫牌（bid 座位 …）（§3）")]
    r = run("deal\nkitty 3 4 5\nout 1\n")
    assert said(r) == [(5, "deal 1: no bids: record the bidding (bid SEAT …) or 'redeal' (§3)",
                        "第 1 局：没有叫牌：请记录叫牌（bid 座位 …）或 'redeal'（§3）")]
    assert run("deal\n").errors == ()  # a deal just begun lacks nothing yet
    r = run("deal\nbid 1 3\nkitty 3 4 5\n")
    assert said(r) == [(5, "deal 1: no 'out': who went out first? (out SEAT, §4)",
                        "第 1 局：没有 'out'：谁先出完牌？（out 座位，§4）")]
    assert pending(r) == list(r.errors)
    r = run("deal\nbid 1 3\nout 1\n")
    assert said(r) == [(5, "deal 1: no kitty: the kitty is shown to all, so record it (kitty.shown, §2)",
                        "第 1 局：没有底牌：底牌亮给所有人看，请记录（kitty.shown，§2）")]
    r = run("deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nout 1\n")
    assert said(r) == [(8, "deal 1: nobody bid, so the cards are dealt again (bidding.no_bid = 'redeal', §3.3): "
                           "record 'redeal'",
                        "第 1 局：无人叫牌，应重新发牌（bidding.no_bid = 'redeal'，§3.3）：请记录 'redeal'")]
    r = run("deal\nbid 1 1\nbid 2 2\nbid 3 pass\nlandlord 1\nlandlord 2\nkitty 3 4 5\nout 2\n")
    assert said(r) == [(9, "the bidding makes seat 2 the landlord, not seat 1 (§3)",
                        "按叫牌地主是座位 2，而不是座位 1（§3）")]


def test_a_redealt_deal_plays_nothing() -> None:
    # the first thing played (line 9, before the 'redeal' even) is refused; the deal pays nothing
    r = run("deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nplay 1 3\nredeal\n")
    assert said(r) == [(9, "deal 1 was dealt again: nothing is played in it", "第 1 局已重新发牌：此局不能出牌")]
    assert r.totals == {1: 0, 2: 0, 3: 0}
    # a 'redeal' after the 'out' (line 10) belongs to no deal that was played out
    r = run("deal\nbid 1 3\nkitty 3 4 5\nout 1\nredeal\n")
    assert said(r) == [(9, "deal 1 is over: seat 1 went out first, which ends it (§4); 'redeal' belongs before "
                           "the 'out'", "第 1 局已结束：1 号座位先出完牌，此局即结束（§4）；“redeal”应在“out”之前")]


def test_the_refusals_of_the_play() -> None:
    # line 8 a play that is no combination (3 4: neither a pair nor a straight of 5); line 10 a second kitty,
    # line 11 a second 'out', line 12 a 'play' after the first player out (甲, line 9, which ends the deal).
    r = run("deal\nbid 1 3\nkitty 3 4 5\nplay 1 3 4\nout 1\nkitty 6 7 8\nout 2\nplay 2 9\n")
    assert said(r) == [
        (8, "3 4 is not a combination of Dou Dizhu: a single, a pair, three (with one or a pair), a straight of 5 or "
            "more, 3 or more consecutive pairs, a plane (with as many cards or pairs), four with two, a bomb or the "
            "rocket; 2 and the jokers are in no sequence (§4)",
         "3 4 不是斗地主的牌型：单张、对子、三张（带一或带一对）、5 张或以上的顺子、3 对或以上的连对、"
         "飞机（带同数的单牌或对子）、四带二、炸弹或火箭；2 和王不能连（§4）"),
        (10, "the kitty is recorded once (line 7)", "底牌只记录一次（第 7 行）"),
        (11, "only the first player out ends the deal (line 9)", "只有第一个出完牌的人结束本局（第 9 行）"),
        (12, "deal 1 is over: seat 1 went out first, which ends it (§4); 'play' belongs before the 'out'",
         "第 1 局已结束：1 号座位先出完牌，此局即结束（§4）；“play”应在“out”之前"),
    ]
    # 甲 landlord at 3, out: +6, -3, -3 (§6), the play after the out not counted
    assert r.deals[0].payments == {1: 6, 2: -3, 3: -3}


def test_the_refusals_of_shown_cards_spring_and_anti_spring() -> None:
    # 甲 landlord at 1: 乙 shows (a farmer: refused), 甲 shows twice (the second refused): × 2 once.
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nshow 2\nshow 1\nshow 1\nout 1\n")
    assert said(r) == [
        (10, "only the landlord shows cards (明牌), not seat 2 (§5.3)", "只有地主可以明牌，座位 2 不能（§5.3）"),
        (12, "the landlord's cards are shown once (§5.3)", "地主只能明牌一次（§5.3）"),
    ]
    assert (r.deals[0].shown, r.deals[0].multiplier) == (True, 2)
    base = "deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\n"  # 甲 landlord at 1; the deal's lines 5-9
    r = run(base + "out 2\nspring\n")
    assert said(r) == [(11, "spring (春天) needs the landlord out first, but seat 2 went out (§5.2)",
                        "春天要求地主先出完，但先出完的是座位 2（§5.2）")]
    assert (r.deals[0].spring, r.deals[0].multiplier) == (False, 1)
    r = run(base + "play 1 6\nplay 3 7\nout 1\nspring\n")
    assert said(r) == [(13, "spring (春天): no farmer plays a card, but seat 3 played on line 11 (§5.2)",
                        "春天：农民一张牌都没出，但座位 3 在第 11 行出了牌（§5.2）")]
    assert (r.deals[0].spring, r.deals[0].multiplier) == (False, 1)
    r = run(base + "out 1\nantispring\n")
    assert said(r) == [(11, "anti-spring (反春) needs a farmer out first, but the landlord went out (§5.2)",
                        "反春要求农民先出完，但先出完的是地主（§5.2）")]
    assert (r.deals[0].antispring, r.deals[0].multiplier) == (False, 1)
    r = run(base + "play 1 6\nplay 2 7\nplay 1 8\nplay 1 9\nout 2\nantispring\n")
    assert said(r) == [(15, "anti-spring (反春): the landlord plays only the first lead, but played again on line 12 "
                            "(§5.2)", "反春：地主只出过第一手牌，但在第 12 行又出了牌（§5.2）")]
    # each refused claim multiplies nothing: the multiplier stays 1
    assert r.deals[0].multiplier == 1 and not r.deals[0].antispring


def test_the_refusals_of_cards_in_two_places() -> None:
    # 9S twice (lines 8, 9); 5H of the kitty played by farmer 丙 (line 10); a fifth 8: 甲's three and 乙's two
    # (line 12, said once, the count held at 4 after it).
    r = run("deal\nbid 1 3\nkitty 5H 6 7\nplay 1 9S\nplay 2 9S\nplay 3 5H\nplay 1 888\nplay 2 88\nplay 3 8\nout 1\n")
    assert said(r) == [
        (9, "9S is played twice (first on line 8) (§2)", "黑桃9 出了两次（第一次在第 8 行）（§2）"),
        (10, "5H is in the kitty, which the landlord took: seat 3 cannot play it (§2)",
         "红桃5 在底牌中，已归地主：座位 3 不能出（§2）"),
        (12, "more than 4 of 8 in the deal: the deck has 4 (§2)", "本局出现了超过 4 张 8：一副牌只有 4 张（§2）"),
        (13, "more than 4 of 8 in the deal: the deck has 4 (§2)", "本局出现了超过 4 张 8：一副牌只有 4 张（§2）"),
    ]
    # a joker: the deck has one of each; the kitty's big joker is the landlord's, so a farmer's is a second
    r = run("deal\nbid 1 3\nkitty BJ 6 7\nplay 2 BJ\nout 1\n")
    assert said(r) == [(8, "more than 1 of BJ in the deal: the deck has 1 (§2)",
                        "本局出现了超过 1 张 大王：一副牌只有 1 张（§2）")]
    # the landlord holds 20 (17 and the kitty), a farmer 17. 甲 (lines 8-11) plays 5 + 5 + 4 + 4 = 18 ≤ 20;
    # 乙 (lines 12-16) 5 + 6 + 4 + 1 = 16, then the pair of 2s: 18 > 17, said at line 16; 乙's 19th (line 17)
    # is not said again. No rank is played more than four times (9: 甲 1, 乙 3; K: 3 + 1; A: 3 + 1 …).
    r = run("deal\nbid 1 3\nkitty 3 4 5\nplay 1 34567\nplay 1 89TJQ\nplay 1 KKK 3\nplay 1 AAA 4\n"
            "play 2 6789T\nplay 2 99TTJJ\nplay 2 QQQ K\nplay 2 A\nplay 2 22\nplay 2 3\nout 1\n")
    assert said(r) == [(16, "seat 2 has played 18 cards, more than the 17 held (§2)",
                        "座位 2 已出 18 张牌，多于手中的 17 张（§2）")]
    # 甲, the landlord, plays 18, then 2 (line 12: 20, all held), then one more: 21 > 20 at line 13
    r = run("deal\nbid 1 3\nkitty 3 4 5\nplay 1 34567\nplay 1 89TJQ\nplay 1 KKK 3\nplay 1 AAA 4\n"
            "play 1 66\nplay 1 7\nout 1\n")
    assert said(r) == [(13, "seat 1 has played 21 cards, more than the 20 held (§2)",
                        "座位 1 已出 21 张牌，多于手中的 20 张（§2）")]


def test_a_bid_after_the_bidding_ended_changes_nothing() -> None:
    # §3.1: all three spoke (甲 1, 乙 and 丙 pass): ended; 甲's 2 on line 9 is refused and the base stays 1;
    # 甲 out: +2, -1, -1 (§6).
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nbid 1 2\nkitty 3 4 5\nout 1\n")
    assert said(r) == [(9, "the bidding has ended (§3): no more bids", "叫牌已经结束（§3）：不能再叫")]
    assert (r.deals[0].landlord, r.deals[0].base, r.deals[0].payments) == (1, 1, {1: 2, 2: -1, 3: -1})
    # a rob is no points bid either (a pass): 乙 bids 2, landlord at 2
    r = run("deal\nbid 1 rob\nbid 2 2\nbid 3 pass\nkitty 3 4 5\nout 2\n")
    assert said(r) == [(6, "bidding.style = 'points': a bid is 1 to 3 or pass, not rob (§3.1)",
                        "bidding.style = 'points'：叫 1 到 3 分或不叫，而不是 rob（§3.1）")]
    assert (r.deals[0].landlord, r.deals[0].base) == (2, 2)
    # §3.2: 甲 calls, 乙 and 丙 pass: nobody robbed, so the caller has nothing to answer and the bidding ended;
    # 甲's rob on line 9 is refused: landlord 甲, no rob, multiplier 1: +2, -1, -1.
    r = run("deal\nbid 1 call\nbid 2 pass\nbid 3 pass\nbid 1 rob\nkitty 3 4 5\nout 1\n", house(ROB))
    assert said(r) == [(9, "the bidding has ended (§3): no more bids", "叫牌已经结束（§3）：不能再叫")]
    assert (r.deals[0].landlord, r.deals[0].robs, r.deals[0].multiplier) == (1, 0, 1)


def test_only_the_robbed_caller_answers() -> None:
    # §3.2: 甲 calls, 乙 robs, 丙 passes: the turn comes back to 甲, the caller; 乙 speaking again (line 9) is out
    # of turn and has spoken: refused. 甲 has not answered, but all three spoke: 乙, the last to rob, is landlord,
    # one rob × 2; 乙 out: unit 1 × 2 = 2: +4, -2, -2.
    r = run("deal\nbid 1 call\nbid 2 rob\nbid 3 pass\nbid 2 rob\nkitty 3 4 5\nout 2\n", house(ROB))
    assert said(r) == [
        (9, "bid out of turn: after seat 3 comes seat 1 (§3)", "叫牌不按顺序：座位 3 之后应是座位 1（§3）"),
        (9, "seat 2 has already bid (line 7): each player once (§3.2)",
         "座位 2 已经叫过（第 7 行）：每人只能叫一次（§3.2）"),
    ]
    assert (r.deals[0].landlord, r.deals[0].robs, r.deals[0].payments) == (2, 1, {1: -2, 2: 4, 3: -2})
    # under points the same second word of a player is refused as well (no one answers at §3.1)
    r = run("deal\nbid 1 1\nbid 2 2\nbid 3 pass\nbid 1 3\nkitty 3 4 5\nout 2\n")
    assert said(r) == [(9, "the bidding has ended (§3): no more bids", "叫牌已经结束（§3）：不能再叫")]
    assert (r.deals[0].landlord, r.deals[0].base) == (2, 2)


def test_a_card_refused_is_not_counted_and_the_rest_of_its_play_is() -> None:
    # 9S played twice (line 9, refused, not counted again); the same play's 9H is counted: 9H again on line 10 is a
    # second 9H. The kitty's 5H in farmer 丙's pair (line 11) is refused; its 5D is counted: 5D again on line 12.
    r = run("deal\nbid 1 3\nkitty 5H 6 7\nplay 1 9S\nplay 2 9S 9H\nplay 3 9H\nplay 3 5H 5D\nplay 2 5D\nout 1\n")
    assert said(r) == [
        (9, "9S is played twice (first on line 8) (§2)", "黑桃9 出了两次（第一次在第 8 行）（§2）"),
        (10, "9H is played twice (first on line 9) (§2)", "红桃9 出了两次（第一次在第 9 行）（§2）"),
        (11, "5H is in the kitty, which the landlord took: seat 3 cannot play it (§2)",
         "红桃5 在底牌中，已归地主：座位 3 不能出（§2）"),
        (12, "5D is played twice (first on line 11) (§2)", "方块5 出了两次（第一次在第 11 行）（§2）"),
    ]


def test_the_kittys_cards_are_the_landlords_whether_played_or_held() -> None:
    # The kitty's two 6s are the landlord's: 甲 plays one of them (line 8), and holds the other. So farmer 乙's
    # three 6s (line 9) make 1 + 1 + 3 = 5 in the deal: the third is one too many.
    r = run("deal\nbid 1 3\nkitty 6 6 7\nplay 1 6\nplay 2 666\nout 1\n")
    assert said(r) == [(9, "more than 4 of 6 in the deal: the deck has 4 (§2)",
                        "本局出现了超过 4 张 6：一副牌只有 4 张（§2）")]
    # 甲 plays both kitty 6s and one more (line 8: three 6s, one of them from his 17), 乙 one: 4, none too many
    assert run("deal\nbid 1 3\nkitty 6 6 7\nplay 1 666\nplay 2 6\nout 1\n").errors == ()


def test_a_farmer_plays_seventeen_cards_and_no_more() -> None:
    # 乙 (lines 8-11): 5 + 6 + 4 + 2 = 17, all held: no problem; the 18th (line 12) is one more than held.
    r = run("deal\nbid 1 3\nkitty 3 4 5\nplay 2 6789T\nplay 2 99TTJJ\nplay 2 QQQ K\nplay 2 AA\nout 2\n")
    assert r.errors == ()
    r = run("deal\nbid 1 3\nkitty 3 4 5\nplay 2 6789T\nplay 2 99TTJJ\nplay 2 QQQ K\nplay 2 AA\nplay 2 3\nout 2\n")
    assert said(r) == [(12, "seat 2 has played 18 cards, more than the 17 held (§2)",
                        "座位 2 已出 18 张牌，多于手中的 17 张（§2）")]


def test_a_refused_bid_in_the_deal_in_progress_leaves_the_next_bid_to_come() -> None:
    from referee.games.doudizhu.expect import expected

    # 甲 bids 1, then 2 (refused: once only); the turn is 乙's, above 甲's 1: 2, 3 or pass (§3.1)
    r = run("deal\nbid 1 1\nbid 1 2\n")
    assert (7, "seat 1 has already bid (line 6): each player once (§3.1)") in [(n, en) for n, en, _ in said(r)]
    assert expected(r) == ("bid 乙 2|3|pass", "redeal")


def test_a_play_refused_by_the_deck_is_paid_as_not_played() -> None:
    # §2: the deck has one rocket. 甲 bids 3 (landlord, base 3), plays the rocket (line 8); 乙's rocket (line 9) is a
    # second small and big joker: refused, and the deal is paid as without it. One rocket: × 2 (§5.1); 甲 out, the
    # landlord wins: 2 × 3 × 2 = 12 from the farmers, 6 each (§6). Counting the refused rocket would make it × 4.
    r = run("deal\nbid 1 3\nkitty 3 4 5\nrocket 1\nrocket 2\nout 1\n")
    assert said(r) == [(9, "more than 1 of SJ in the deal: the deck has 1 (§2)",
                        "本局出现了超过 1 张 小王：一副牌只有 1 张（§2）"),
                       (9, "more than 1 of BJ in the deal: the deck has 1 (§2)",
                        "本局出现了超过 1 张 大王：一副牌只有 1 张（§2）")]
    deal = r.deals[0]
    assert (deal.rockets, deal.multiplier, deal.payments) == (1, 2, {1: 12, 2: -6, 3: -6})
    # a bomb of a farmer holding a card of the kitty: the kitty's 5 is 甲's, so 乙's four 5s (line 8) make five:
    # refused, no bomb; 乙 out, the farmers win at × 1: 甲 pays 2 × 3 = 6, 乙 and 丙 receive 3 each
    r = run("deal\nbid 1 3\nkitty 3 4 5\nbomb 2 5555\nout 2\n")
    assert said(r) == [(8, "more than 4 of 5 in the deal: the deck has 4 (§2)",
                        "本局出现了超过 4 张 5：一副牌只有 4 张（§2）")]
    deal = r.deals[0]
    assert (deal.bombs, deal.multiplier, deal.payments) == (0, 1, {1: -6, 2: 3, 3: 3})
    # five 3s in one play (line 8): refused by the deck, so not judged as a combination (no second problem for
    # the line), and paid as without it: × 1, 甲 out: +6, -3, -3
    r = run("deal\nbid 1 3\nkitty 6 7 8\nplay 1 33333 444 55\nout 1\n")
    assert said(r) == [(8, "more than 4 of 3 in the deal: the deck has 4 (§2)",
                        "本局出现了超过 4 张 3：一副牌只有 4 张（§2）")]
    assert (r.deals[0].multiplier, r.deals[0].payments) == (1, {1: 6, 2: -3, 3: -3})
