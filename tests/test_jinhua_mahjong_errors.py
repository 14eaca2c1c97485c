"""Every refusal of the Jinhua mahjong engine, word for word in English and in Chinese, at its line, and what a
refused deal pays (nothing: docs/jinhua-mahjong-rules.md, the engine's "a deal with a problem is not paid").
The Chinese is the catalogue's wording of each message (referee/locale/zh_CN), seats 东 南 西 北 (§1); a list of
patterns is joined with 、 in either language (the patterns' own Chinese names)."""

from __future__ import annotations

import pytest

from referee.games.jinhua_mahjong.engine import DealResult, MatchResult, replay
from referee.games.jinhua_mahjong.notation import parse
from referee.games.jinhua_mahjong.ruleset import load

HEAD = "match id=T game=jinhua-mahjong\n"


pytestmark = pytest.mark.usefixtures("jinhua_fresh_caches")  # every judgement afresh (conftest)
NOTHING = {"E": 0, "S": 0, "W": 0, "N": 0}
# Why a group of §8 holds one pattern at most, in English and in Chinese
PAIRS = ("清七对, 七对子 and 七对子爆头 are one hand counted once (§8.1)", "清七对、七对子、七对子爆头只算其一（§8.1）")
BUKAO = ("十三不靠 and 七风 are one hand counted once (§8.1)", "十三不靠与七风只算其一（§8.1）")
SUIT = ("清一色 (with or without 财神) and 混一色 exclude each other (§8.3)", "清一色（有无财神）与混一色互斥（§8.3）")
WILD = ("财神头, 三财一刻, 爆头 and 杠爆 cannot hold together: three 财神 and one pair (§8.4)",
        "财神头、三财一刻、爆头、杠爆不能同时成立：财神只有三张，将只有一对（§8.4）")
LAST = ("天胡, 地胡, 海底捞月 and a win after a kong are each a different last tile (§8.5)",
        "天胡、地胡、海底捞月、杠上开花（杠爆）的最后一张牌各不相同（§8.5）")


def run(body: str, rules: str = "jinhua-mahjong", head: str = HEAD) -> MatchResult:
    record = parse(head + body)
    assert record.errors == []
    return replay(record.events, load(rules))


def messages(result: MatchResult) -> list[tuple[int, str, str]]:
    return [(e.line, e.message, e.message_zh) for e in result.errors]


def refused(body: str, rules: str = "jinhua-mahjong") -> list[tuple[int, str, str]]:
    """The errors of a one-deal record whose deal they refuse: deal 1 of its 'deal' line (line 2), its dealer
    (E unless the line names one), not settled: no winner, discarder, pattern, factor or liability, and nothing
    paid, no step."""
    r = run(body, rules)
    dealer = body.split("\n")[0].partition(" ")[2] or "E"
    assert r.deals == (DealResult(1, 2, dealer, None, None, (), 0, 0, (), NOTHING, False),)
    assert r.totals == NOTHING and r.deals[0].steps == () and not r.in_play
    return messages(r)


def group(names: str, why: tuple[str, str], line: int = 4) -> tuple[int, str, str]:
    """The refusal of the patterns *names* (joined with 、) of one group of §8, for the reason *why*."""
    return line, f"patterns: {names}: {why[0]}", f"patterns：{names}：{why[1]}"


def test_a_second_header_and_a_seat_named_late() -> None:
    # the first header is the match's; a seat line after the first deal is refused but its name kept
    r = run("match id=U game=jinhua-mahjong\nseat S Li\ndeal\nseat E Zhang\nwin E self\n")
    assert messages(r) == [
        (2, "a second match header (the first is at line 1)", "第二个比赛行（第一个在第 1 行）"),
        (5, "seat: players are named before the first deal", "seat：玩家须在第一局之前列出"),
    ]
    assert r.header is not None and r.header.id == "T" and r.names == {"S": "Li", "E": "Zhang"}
    # the deal itself is sound: E self-draws 平胡, each of the three pays 2·1·1 = 2 (§5.2)
    assert r.deals[0].settled and r.totals == {"E": 6, "S": -2, "W": -2, "N": -2}


def test_each_once_directive_twice() -> None:
    # a deal's caishen, win, nowin, patterns and tiles are each written once: the second is refused at its line,
    # the first kept (the deal is judged on it)
    r = run("deal\ncaishen 1m\ncaishen 2m\nwin W S\npatterns 混一色\npatterns 清一色\n"
            "tiles 1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E\ntiles 1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E\n"
            "deal\nnowin\nnowin\n")
    assert messages(r) == [
        (4, "deal 1: a second 'caishen' (the first is at line 3)", "第 1 局：第二个 'caishen'（第一个在第 3 行）"),
        (7, "deal 1: a second 'patterns' (the first is at line 6)", "第 1 局：第二个 'patterns'（第一个在第 6 行）"),
        # the tiles are three suits and 东: not 混一色 (§6.15), judged with 财神 1m, the first caishen
        (8, "tiles: the tiles do not make 混一色 (§6.15)", "tiles：这手牌不成 混一色（§6.15）"),
        (9, "deal 1: a second 'tiles' (the first is at line 8)", "第 1 局：第二个 'tiles'（第一个在第 8 行）"),
        (12, "deal 2: a second 'nowin' (the first is at line 11)", "第 2 局：第二个 'nowin'（第一个在第 11 行）"),
    ]
    # deal 1 has a problem of its tiles: not paid; deal 2 is drawn, settled
    assert [d.settled for d in r.deals] == [False, True] and r.totals == NOTHING


def test_a_claim_of_ones_own_tile() -> None:
    # §3.1: a claim takes another player's discard; E claiming E's own is refused (only that, though 吃 from E
    # is not from E's 上家 N either)
    assert refused("deal\npong E E\nchi E E\nwin E self\n") == [
        (3, "pong: E cannot claim a tile of their own", "pong：东 不能吃碰杠自己的牌"),
        (4, "chi: E cannot claim a tile of their own", "chi：东 不能吃碰杠自己的牌"),
    ]
    # 吃 from the 上家 is allowed: N is E's 上家 (E's previous seat in E S W N); 碰 and 杠 from anyone (§3.1)
    r = run("deal\nchi E N\npong E S\nkong E W\nwin E self\n")
    assert r.errors == () and r.deals[0].settled
    assert refused("deal\nchi N E\nwin N self\n") == [
        (3, "chi: N may 吃 only from the player before them (W), not E (§3.1)",
         "chi：北 只能吃上家（西）的牌，不能吃 东（§3.1）")]


def test_nowin_with_a_win_and_with_what_only_a_win_has() -> None:
    # a deal nobody won has no win, no patterns, no tiles and nobody liable: each is refused at its line
    assert refused("deal\nwin W S\nnowin\n") == [
        (4, "deal 1: 'nowin' and a 'win' (line 3) in one deal", "第 1 局：同一局既有 'nowin' 又有 'win'（第 3 行）")]
    assert refused("deal\nnowin\npatterns 七对子\ntiles 1m 1m 2m 2m 3m 3m 4m 4m 5m 5m 6m 6m 7m 7m\nliable W\n"
                   "liable E\n") == [
        (4, "deal 1: nobody won, so nothing is claimed or paid", "第 1 局：无人胡牌，不报番、不承包"),
        (5, "deal 1: nobody won, so nothing is claimed or paid", "第 1 局：无人胡牌，不报番、不承包"),
        (6, "deal 1: nobody won, so nothing is claimed or paid", "第 1 局：无人胡牌，不报番、不承包"),
        (7, "deal 1: nobody won, so nothing is claimed or paid", "第 1 局：无人胡牌，不报番、不承包"),
    ]
    # a claim of a wrong seat in a drawn deal is still refused (§3.1)
    assert refused("deal\nchi S N\nnowin\n") == [
        (3, "chi: S may 吃 only from the player before them (E), not N (§3.1)",
         "chi：南 只能吃上家（东）的牌，不能吃 北（§3.1）")]


def test_a_liable_line_the_claims_do_not_make() -> None:
    # §7.1: liability needs 3 claims between the seat and the winner. N wins; N claimed once of W's discards and
    # W twice of N's: neither way reaches 3
    assert refused("deal\npong N W\npong W N\npong W N\nwin N E\nliable W\n") == [
        (7, "liable: W is liable (承包) only after 3 claims between them and the winner N; "
            "the record has 1 by N of W and 2 the other way (§7.1)",
         "liable：西 与胡牌者 北 之间吃碰杠满 3 次才承包；记录中 北 吃碰杠 西 1 次，反向 2 次（§7.1）")]
    # three claims make W liable to N, not S: a 'liable S' is refused with S's counts (none either way)
    assert refused("deal\npong N W\npong N W\npong N W\nwin N E\nliable W\nliable S\n") == [
        (8, "liable: S is liable (承包) only after 3 claims between them and the winner N; "
            "the record has 0 by N of S and 0 the other way (§7.1)",
         "liable：南 与胡牌者 北 之间吃碰杠满 3 次才承包；记录中 北 吃碰杠 南 0 次，反向 0 次（§7.1）")]


def test_each_group_of_patterns_claimed_together() -> None:
    # §8: at most one of each group; the names in the order claimed, joined with 、
    cases = {"十三不靠 七风": BUKAO, "混一色 清一色无财神": SUIT, "爆头 财神头": WILD, "天胡 海底捞月": LAST,
             "七对子爆头 七对子": PAIRS}
    for claim, why in cases.items():
        # E, the dealer, self-draws: no condition of §6.14-§6.18 is broken, only the group
        assert refused(f"deal\nwin E self\npatterns {claim}\n") == [group(claim.replace(" ", "、"), why)], claim
    # 杠爆 is in two groups (§8.4 and §8.5): with 三财一刻 and 杠上开花 each group says so, in the groups' order
    assert refused("deal\nwin E self\npatterns 三财一刻 杠爆 杠上开花\n") == [
        group("三财一刻、杠爆", WILD), group("杠爆、杠上开花", LAST),
    ]


def test_shapes_that_cannot_go_together() -> None:
    # §8.1: seven pairs and not touching are different shapes
    assert refused("deal\nwin E self\npatterns 七对子 十三不靠\n") == [
        (4, "patterns: 七对子、十三不靠 are different winning shapes (§8.1)",
         "patterns：七对子、十三不靠 是不同的胡牌牌型（§8.1）")]
    # 乱风 may hold a kong and so 杠上开花 (§4.4), seven pairs may not: with both shapes claimed, what the shapes
    # hold together is what both hold, nothing; the three shaped names in the order claimed
    assert refused("deal\nwin E self\npatterns 乱风 杠上开花 七对子 七风\n") == [
        (4, "patterns: 乱风、七对子、七风 are different winning shapes (§8.1)",
         "patterns：乱风、七对子、七风 是不同的胡牌牌型（§8.1）"),
        (4, "patterns: 乱风、七对子、七风 has no sets or kong; 杠上开花 needs them (§8.1)",
         "patterns：乱风、七对子、七风 没有顺刻或杠；杠上开花 需要（§8.1）"),
    ]
    # 平胡 with a shape: 平胡 goes with no other pattern (§6.1), but is not among what the shape lacks (§8.1)
    assert refused("deal\nwin E self\npatterns 平胡 七对子\n") == [
        (4, "patterns: 平胡 is a hand with no other pattern: leave it out when claiming 七对子 (§6.1)",
         "patterns：平胡是没有其他番型的胡牌：报 七对子 时不报平胡（§6.1）")]
    # several patterns a shape lacks are named together, in the order claimed
    assert refused("deal\nwin E self\npatterns 三财一刻 十三不靠 碰碰胡\n") == [
        (4, "patterns: 十三不靠 has no sets or kong; 三财一刻、碰碰胡 needs them (§8.1)",
         "patterns：十三不靠 没有顺刻或杠；三财一刻、碰碰胡 需要（§8.1）")]


def test_patterns_with_and_without_caishen() -> None:
    # §8.2: 清一色 without 财神 and 七对子爆头 (which needs one); the names of each side in the order claimed; the
    # shape check says nothing (清一色 has no shape, 七对子爆头 is seven pairs)
    assert refused("deal\nwin E self\npatterns 七对子爆头 清一色无财神\n") == [
        (4, "patterns: 清一色无财神 has no 财神, 七对子爆头 needs one (§8.2)",
         "patterns：清一色无财神 没有财神，七对子爆头 需要财神（§8.2）")]
    # 清七对 is seven pairs: 财神头 also needs sets (§8.1), said first (the shapes are judged before the 财神)
    assert refused("deal\nwin E self\npatterns 清七对 清一色 财神头\n") == [
        (4, "patterns: 清七对 has no sets or kong; 财神头 needs them (§8.1)",
         "patterns：清七对 没有顺刻或杠；财神头 需要（§8.1）"),
        (4, "patterns: 清七对 has no 财神, 清一色、财神头 needs one (§8.2)",
         "patterns：清七对 没有财神，清一色、财神头 需要财神（§8.2）"),
    ]


def test_patterns_that_conflict_pairwise() -> None:
    # §8.5: 天胡 / 地胡 come before any claim; §6.3: 全求人's last tile is no 财神; §6.1: 平胡 alone
    assert refused("deal\nwin E self\npatterns 天胡 碰碰胡\n") == [
        (4, "patterns: 天胡 comes before any claim, 碰碰胡 needs claims (§8.5)",
         "patterns：天胡 在任何吃碰之前，碰碰胡 需要吃碰（§8.5）")]
    assert refused("deal\nwin S E\npatterns 全求人 地胡\n") == [
        (4, "patterns: 地胡 comes before any claim, 全求人 needs claims (§8.5)",
         "patterns：地胡 在任何吃碰之前，全求人 需要吃碰（§8.5）")]
    assert refused("deal\nwin S E\npatterns 全求人 爆头 财神头\n") == [
        group("爆头、财神头", WILD),
        (4, "patterns: 全求人's last tile is not a 财神; 爆头 needs one (§6.3)",
         "patterns：全求人手中最后一张不是财神；爆头 需要财神（§6.3）"),
        (4, "patterns: 全求人's last tile is not a 财神; 财神头 needs one (§6.3)",
         "patterns：全求人手中最后一张不是财神；财神头 需要财神（§6.3）"),
    ]
    # 平胡 with two others: one problem for each, in the order claimed
    assert refused("deal\nwin W S\npatterns 碰碰胡 平胡 混一色\n") == [
        (4, "patterns: 平胡 is a hand with no other pattern: leave it out when claiming 碰碰胡 (§6.1)",
         "patterns：平胡是没有其他番型的胡牌：报 碰碰胡 时不报平胡（§6.1）"),
        (4, "patterns: 平胡 is a hand with no other pattern: leave it out when claiming 混一色 (§6.1)",
         "patterns：平胡是没有其他番型的胡牌：报 混一色 时不报平胡（§6.1）"),
    ]
    # 乱风 (§8.3) and 十三不靠 are not one suit
    assert refused("deal\nwin E self\npatterns 十三不靠 清一色\n") == [
        (4, "patterns: 十三不靠 needs winds and dragons or three suits: it cannot be 清一色 (§8.3)",
         "patterns：十三不靠 需要风牌或三种花色，不能是 清一色（§8.3）")]


def test_the_conditions_of_the_win() -> None:
    # §6.17, §6.14-§6.18: W (not the dealer E) claims 天胡 on S's discard: it is a self-draw and the dealer's
    assert refused("deal\nwin W S\npatterns 天胡\n") == [
        (4, "patterns: 天胡 is won by a self-draw (自摸), not on S's discard (§6.17)",
         "patterns：天胡 须自摸，不能胡 南 打出的牌（§6.17）"),
        (4, "patterns: 天胡 is the dealer's (E), not W's (§6.17)",
         "patterns：天胡只属于庄家（东），不属于 西（§6.17）"),
    ]
    # 杠爆 and 海底捞月 on a discard: each a self-draw (§6.14, §6.18); S's deal (a 'deal S' line)
    # (and two different last tiles, §8.5)
    assert refused("deal S\nwin W N\npatterns 杠爆 海底捞月\n") == [
        group("杠爆、海底捞月", LAST),
        (4, "patterns: 杠爆 is won by a self-draw (自摸), not on N's discard (§6.14)",
         "patterns：杠爆 须自摸，不能胡 北 打出的牌（§6.14）"),
        (4, "patterns: 海底捞月 is won by a self-draw (自摸), not on N's discard (§6.18)",
         "patterns：海底捞月 须自摸，不能胡 北 打出的牌（§6.18）"),
    ]
    # 地胡 self-drawn is not on the dealer's discard; the dealer named: S
    assert refused("deal S\nwin W self\npatterns 地胡\n") == [
        (4, "patterns: 地胡 is won on the dealer's (S) first discard (§6.17)",
         "patterns：地胡须胡庄家（南）打出的第一张牌（§6.17）")]
    # the dealer's own 天胡 and 地胡 on the dealer's discard are sound: S deals; 天胡 ×2 self-drawn: 2·2 = 4 each
    r = run("deal S\nwin S self\npatterns 天胡\ndeal S\nwin E S\npatterns 地胡\n")
    assert r.errors == ()
    # deal 2, 地胡 ×2 on S's discard: S pays 2·2 = 4, W and N 2 each; E +8
    assert [d.payments for d in r.deals] == [{"E": -4, "S": 12, "W": -4, "N": -4}, {"E": 8, "S": -4, "W": -2, "N": -2}]


def test_the_tiles_refused() -> None:
    # §2.2: with 一万 as 财神 only three 一万 are left (the fourth turned up to choose it)
    assert refused("deal\ncaishen 1m\nwin W S\ntiles 1m 1m 1m 1m 2m 3m 4p 5p 6p 7s 8s 9s E E\n") == [
        (5, "tiles: 4 × 1m, there are only 3 (§2.1, §2.2)", "tiles：4 张 1m，只有 3 张（§2.1，§2.2）")]
    # §2.1: five 东 and five 南: only the first kind over its count is said
    assert refused("deal\ncaishen 1m\nwin W S\ntiles E E E E E S S S S S 2m 3m 4m 5m\n") == [
        (5, "tiles: 5 × E, there are only 4 (§2.1, §2.2)", "tiles：5 张 E，只有 4 张（§2.1，§2.2）")]
    # seven pairs claimed, the tiles are four sets and a pair: only 七对子 is refused (a shape was claimed, so the
    # four-sets check is not made)
    runs = "tiles 1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E\n"
    assert refused("deal\ncaishen C\nwin W S\npatterns 七对子\n" + runs) == [
        (6, "tiles: the tiles do not make 七对子 (§6.5)", "tiles：这手牌不成 七对子（§6.5）")]
    # 碰碰胡 and 混一色 both unmade by these tiles: one problem each, in the order claimed
    assert refused("deal\ncaishen C\nwin W S\npatterns 碰碰胡 混一色\n" + runs) == [
        (6, "tiles: the tiles do not make 碰碰胡 (§6.2)", "tiles：这手牌不成 碰碰胡（§6.2）"),
        (6, "tiles: the tiles do not make 混一色 (§6.15)", "tiles：这手牌不成 混一色（§6.15）"),
    ]
    # 海底捞月 is not seen in tiles (§6): tiles that are no hand are refused as not four sets and a pair
    assert refused("deal\ncaishen C\nwin W self\npatterns 海底捞月\n"
                   "tiles 1m 2m 4m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E\n") == [
        (6, "tiles: the tiles are not four sets and a pair, 财神 wild (§4.1)",
         "tiles：这手牌不成四组加一对将（财神百搭）（§4.1）")]


def test_problems_of_a_deal_in_line_order() -> None:
    # every problem of one deal, sorted by line: the claim (line 3), the win (4), the patterns (5), the liable (6)
    assert refused("deal\nkong S S\nwin N N\npatterns 平胡 混一色\nliable E\n") == [
        (3, "kong: S cannot claim a tile of their own", "kong：南 不能吃碰杠自己的牌"),
        (4, "win: N cannot win on their own discard; write 'win N self'",
         "win：北 不能胡自己打出的牌；自摸请写 'win N self'"),
        (5, "patterns: 平胡 is a hand with no other pattern: leave it out when claiming 混一色 (§6.1)",
         "patterns：平胡是没有其他番型的胡牌：报 混一色 时不报平胡（§6.1）"),
        (6, "liable: E is liable (承包) only after 3 claims between them and the winner N; "
            "the record has 0 by N of E and 0 the other way (§7.1)",
         "liable：东 与胡牌者 北 之间吃碰杠满 3 次才承包；记录中 北 吃碰杠 东 0 次，反向 0 次（§7.1）"),
    ]


def test_a_deal_in_play_and_a_deal_left_without_result() -> None:
    # the last deal without a result is in play, not an error: deal 2 at line 4, dealt by S (W won deal 1, §9)
    r = run("deal\nwin W S\ndeal\npong N W\n")
    assert r.in_play and r.errors == ()
    assert r.deals[1] == DealResult(2, 4, "S", None, None, (), 0, 0, (), NOTHING, False)
    # what the next entry is expected from: the events from the last deal's line on
    assert [type(ev).__name__ for ev in r.last] == ["Deal", "Claim"] and r.last[0].line == 4
    # a deal followed by another with no result of its own is refused at its line; the next is paid (§5.1)
    r = run("deal\ndeal\nwin W S\n")
    assert not r.in_play and messages(r) == [
        (2, "deal 1 has no result: 'win …' or 'nowin' (the next deal began)",
         "第 1 局没有结果：缺少 'win …' 或 'nowin'（下一局已开始）")]
    assert r.deals[0] == DealResult(1, 2, "E", None, None, (), 0, 0, (), NOTHING, False)
    assert r.deals[1].settled and r.totals == {"E": -1, "S": -2, "W": 4, "N": -1}


def test_the_tiles_are_judged_after_the_patterns_and_both_said() -> None:
    # a problem of the patterns (§6.1, line 5) and one of the tiles (§6.15: four runs of three suits are not
    # 混一色, line 6): both are said, in line order
    runs = "tiles 1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E\n"
    assert refused("deal\ncaishen C\nwin W S\npatterns 平胡 混一色\n" + runs) == [
        (5, "patterns: 平胡 is a hand with no other pattern: leave it out when claiming 混一色 (§6.1)",
         "patterns：平胡是没有其他番型的胡牌：报 混一色 时不报平胡（§6.1）"),
        (6, "tiles: the tiles do not make 混一色 (§6.15)", "tiles：这手牌不成 混一色（§6.15）"),
    ]


def test_what_a_shape_may_hold() -> None:
    # §4.4, §8.1: 乱风 may hold a kong, so 杠上开花 goes with it (no problem); seven pairs may not
    r = run("deal\nkong W N\nwin W self\npatterns 乱风 杠上开花\n")
    assert r.errors == () and r.deals[0].settled
    assert refused("deal\nwin W self\npatterns 七对子 杠上开花\n") == [
        (4, "patterns: 七对子 has no sets or kong; 杠上开花 needs them (§8.1)",
         "patterns：七对子 没有顺刻或杠；杠上开花 需要（§8.1）")]
