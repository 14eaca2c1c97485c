"""The 14 tiles a referee enters, judged against every pattern they can show (docs/jinhua-mahjong-rules.md §6,
"Where the referee enters the 14 tiles"): for each such pattern a hand that makes it (the deal is paid) and one
that does not (refused at the tiles' line, in English and in Chinese). Hands are made by hand from §2.2, §4 and
§6; the tile won is written last; the 财神 is 中 (C) unless said. The Chinese is the catalogue's wording."""

from __future__ import annotations

import pytest

from referee.games.jinhua_mahjong.engine import MatchResult, replay
from referee.games.jinhua_mahjong.notation import parse
from referee.games.jinhua_mahjong.patterns import PATTERNS
from referee.games.jinhua_mahjong.ruleset import load

HEAD = "match id=T game=jinhua-mahjong\n"


pytestmark = pytest.mark.usefixtures("jinhua_fresh_caches")  # every judgement afresh (conftest)
RUNS = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E"  # four runs and a pair of 东, no 财神 (§4.1)


def judge(tiles: str, claim: str, caishen: str = "C", win: str = "W S") -> MatchResult:
    # line 2 deal, 3 caishen, 4 win, 5 patterns, 6 tiles
    record = parse(f"{HEAD}deal\ncaishen {caishen}\nwin {win}\npatterns {claim}\ntiles {tiles}\n")
    assert record.errors == []
    return replay(record.events, load("jinhua-mahjong"))


# (the pattern as claimed, its §, the win, the 财神, a hand that makes it, a hand that does not; why, by hand)
CASES = [
    # §6.2: four triplets and a pair / four runs
    ("碰碰胡", "§6.2", "W S", "C", "1m 1m 1m 5p 5p 5p 9s 9s 9s E E E S S", RUNS),
    # §6.3: the tile won (last) is no 财神 / the 财神 中 won last (E pairs it: still a hand)
    ("全求人", "§6.3", "W S", "C", RUNS, "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s E C"),
    # §6.4: seven pairs without 财神 / with the 财神 pairing the lone 东
    ("清七对", "§6.4", "W self", "C", "1m 1m 4p 4p 6s 6s 9s 9s W W F F E E", "1m 1m 4p 4p 6s 6s 9s 9s W W F F E C"),
    # §6.5: seven pairs, 财神 allowed / four runs and a pair
    ("七对子", "§6.5", "W self", "C", "1m 1m 4p 4p 6s 6s 9s 9s W W F F E C", RUNS),
    # §6.6: six pairs and the 东 won, paired by a 财神 / seven pairs with no 财神
    ("七对子爆头", "§6.6", "W self", "C", "1m 1m 4p 4p 6s 6s 9s 9s W W F F C E", "1m 1m 4p 4p 6s 6s 9s 9s W W F F E E"),
    # §6.7: exactly five honours, each suit 1 4 7 (three apart), 财神 五条 absent / 1p 2p touch
    ("十三不靠", "§6.7", "W self", "5s", "E S W N C 1m 4m 7m 1p 4p 7p 1s 4s 7s",
     "E S W N C 1m 4m 7m 1p 2p 8p 3s 6s 9s"),
    # §6.8: all seven honours, the 白板 counted as 白 (§10) / six, the 财神 五条 standing for 白 (no 财神 stands for
    # a wind or dragon in 七风)
    ("七风", "§6.8", "W self", "5s", "E S W N C F P 1m 4m 7m 2p 5p 8p 3s", "E S W N C F 5s 1m 4m 7m 2p 5p 8p 3s"),
    # §6.9: one suit with one 财神 (123 456 789 234 and 5m with the 财神 as the pair) / the same with 5m 5m
    ("清一色", "§6.9", "W S", "C", "1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m 5m C",
     "1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m 5m 5m"),
    # §6.9: the same two hands the other way round
    ("清一色无财神", "§6.9", "W S", "C", "1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m 5m 5m",
     "1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m 5m C"),
    # §6.10: winds and dragons only (财神 一万) / four runs
    ("乱风", "§6.10", "W self", "1m", "E E E S S W W W N N C C F F", RUNS),
    # §6.11: twelve tiles in four sets and the two 财神 as the pair / no 财神
    ("财神头", "§6.11", "W S", "C", "4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s C C", RUNS),
    # §6.12: three 财神 as a triplet, the rest three sets and a pair / no 财神, though four sets and a pair
    ("三财一刻", "§6.12", "W S", "C", "4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s C C C", RUNS),
    # §6.13: four sets, the 东 won and paired by the 财神 / no 财神
    ("爆头", "§6.13", "W S", "C", "4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s C E", RUNS),
    # §6.14: the same as 爆头, self-drawn after a kong
    ("杠爆", "§6.14", "W self", "C", "4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s C E", RUNS),
    # §6.15: one suit and honours / three suits and honours
    ("混一色", "§6.15", "W S", "C", "1m 2m 3m 4m 5m 6m 7m 8m 9m E E E S S", RUNS),
]


@pytest.mark.parametrize(("claim", "section", "win", "caishen", "makes", "unmade"), CASES)
def test_each_pattern_the_tiles_can_show(claim: str, section: str, win: str, caishen: str, makes: str,
                                         unmade: str) -> None:
    r = judge(makes, claim, caishen, win)
    assert r.errors == () and r.deals[0].settled, claim
    r = judge(unmade, claim, caishen, win)
    assert [(e.line, e.message, e.message_zh) for e in r.errors] == [
        (6, f"tiles: the tiles do not make {claim} ({section})", f"tiles：这手牌不成 {claim}（{section}）")]
    assert not r.deals[0].settled


def test_what_the_tiles_cannot_show_is_not_judged_by_them() -> None:
    # every pattern has a case above but 平胡 and what only the play shows (§6: the last draw, the dealer's tiles)
    assert {p.zh for p in PATTERNS} - {c[0] for c in CASES} == {"平胡", "杠上开花", "天胡", "地胡", "海底捞月"}
    # so four runs and a pair pass with each of those: W self-draws after a kong (§6.16) or the last tile (§6.18);
    # E, the dealer, on the tiles dealt (§6.17); W on E's first discard (§6.17)
    for claim, win in (("平胡", "W S"), ("杠上开花", "W self"), ("海底捞月", "W self"), ("天胡", "E self"),
                       ("地胡", "W E")):
        assert judge(RUNS, claim, "C", win).errors == (), claim


def test_not_touching_with_a_wild_honour_and_a_pair() -> None:
    # §6.7: four honours and the 财神 五条 standing for a fifth; every suit full (1 4 7): 十三不靠, not 七风 (§6.8:
    # no 财神 stands for a wind or dragon there)
    hand = "E S W N 5s 1m 4m 7m 1p 4p 7p 1s 4s 7s"
    assert judge(hand, "十三不靠", "5s", "W self").errors == ()
    assert [e.message for e in judge(hand, "七风", "5s", "W self").errors] == [
        "tiles: the tiles do not make 七风 (§6.8)"]
    # two 东: fourteen tiles but not fourteen different ones (§4.3): neither
    pair = "E E S W N C F 1m 4m 7m 1p 4p 7p 1s"
    for claim, section in (("十三不靠", "§6.7"), ("七风", "§6.8")):
        assert [e.message for e in judge(pair, claim, "5s", "W self").errors] == [
            f"tiles: the tiles do not make {claim} ({section})"]


def test_four_of_a_kind_and_three_caishen_are_allowed() -> None:
    # §2.1: four 一万 are every 一万 (seven pairs, four of a kind as two pairs, §4.2); §2.2: three 中 as 财神 are
    # every 财神 left
    assert judge("1m 1m 1m 1m 6s 6s 9s 9s W W F F E E", "七对子", "C", "W self").errors == ()
    assert judge("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s C C C", "三财一刻").errors == ()


def test_one_suit_with_and_without_honours() -> None:
    # §6.15: one suit and a single honour, 东, paired by the 财神 中: 混一色 (one honour is enough, and 东 is one)
    single = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m E C"
    assert judge(single, "混一色").errors == ()
    # §6.9: 清一色 has no honour: the same hand, and one of 东东东 南南, are not 清一色 (with or without 财神)
    assert [e.message for e in judge(single, "清一色").errors] == ["tiles: the tiles do not make 清一色 (§6.9)"]
    assert [e.message for e in judge("1m 2m 3m 4m 5m 6m 7m 8m 9m E E E S S", "清一色无财神").errors] == [
        "tiles: the tiles do not make 清一色无财神 (§6.9)"]


def test_all_triplets_after_a_first_triplet() -> None:
    # §6.2: 一万 一万 一万 is a triplet, but the rest are runs: not four triplets and a pair (still four sets and a
    # pair, §4.1, so 平胡 passes)
    hand = "1m 1m 1m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E"
    assert [e.message for e in judge(hand, "碰碰胡").errors] == ["tiles: the tiles do not make 碰碰胡 (§6.2)"]
    assert judge(hand, "平胡").errors == ()
