"""``Game.expected``: what a referee records next, for each game at each stage of a deal, worked out from the rules
(docs/doudizhu-rules.md, docs/hubei-dagun-rules.md, docs/jinhua-mahjong-rules.md and the record formats), never
copied from the code's output. Each case is a real record read by the game's reader and replayed by its engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games.registry import game

DDZ = """match id=D1 game=doudizhu rules={rules}
seat 1 张三
seat 2 李四
seat 3 王五
"""
PLAY = ("bomb SEAT CARDS", "rocket SEAT", "out SEAT")


def expected(key: str, text: str, rules: str | None = None) -> tuple[str, ...]:
    g = game(key)
    reading = g.read(text)
    assert not reading.errors, reading.errors
    header = g.header(reading.events)
    name = rules or (header.rules if header is not None and header.rules else g.default_rules)
    return g.expected(g.replay(reading.events, g.load_rules(name)))


def ddz(lines: str, rules: str = "doudizhu-classic") -> tuple[str, ...]:
    return expected("doudizhu", DDZ.format(rules=rules) + lines, rules)


# --- Dou Dizhu --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lines", "want"), [
    ("", ("deal",)),  # §7: a match is a sequence of deals, each begun by `deal`
    # §3.1: anyone may open (the record does not say who the deal starts with): 1 to max_bid 3 or pass; or redeal
    ("deal\n", ("bid SEAT 1|2|3|pass", "redeal")),
    # §1/§3.1: seat 2 (李四) bids after seat 1, and must bid above 1
    ("deal\nbid 1 1\n", ("bid 李四 2|3|pass", "redeal")),
    # a pass keeps the best at 1: seat 3 (王五) next, above 1
    ("deal\nbid 1 1\nbid 2 pass\n", ("bid 王五 2|3|pass", "redeal")),
    ("deal\nbid 3 2\n", ("bid 张三 3|pass", "redeal")),  # after seat 3 comes seat 1; only 3 beats 2
    # §3.3 (bidding.no_bid = 'redeal'): all three passed, the cards are dealt again
    ("deal\nbid 2 pass\nbid 3 pass\nbid 1 pass\n", ("redeal",)),
    # §3.1: a 3 ends the bidding, 李四 is landlord: the kitty is shown (§2, kitty.shown), the landlord may show
    # his hand (§5.3) and leads (§4); bombs, the rocket (§5.1) and who goes out (§4)
    ("deal\nbid 1 1\nbid 李四 3\n", ("kitty CARD CARD CARD", "show 李四", "play 李四 CARDS…", *PLAY)),
    # the kitty recorded, the hand shown (once, §5.3), the lead played: any seat plays next (passes are not recorded)
    ("deal\nbid 1 1\nbid 李四 3\nkitty 5H 9C BJ\nshow 2\nplay 2 3\n", ("play SEAT CARDS…", *PLAY)),
    # §5.2: the landlord went out and no farmer's play is recorded: spring may be claimed; then the next deal
    ("deal\nbid 1 1\nbid 李四 3\nkitty 5H 9C BJ\nbomb 2 7777\nout 2\n", ("spring", "deal")),
    # §5.2: a farmer went out after the landlord's first lead only: anti-spring may be claimed
    ("deal\nbid 1 1\nbid 李四 3\nkitty 5H 9C BJ\nplay 2 3\nplay 1 4\nout 1\n", ("antispring", "deal")),
    # ... but not after a second landlord play; nor once claimed
    ("deal\nbid 1 1\nbid 李四 3\nkitty 5H 9C BJ\nplay 2 3\nplay 2 5\nout 1\n", ("deal",)),
    ("deal\nbid 1 1\nbid 李四 3\nkitty 5H 9C BJ\nplay 2 3\nout 1\nantispring\n", ("deal",)),
    # a farmer out: no spring (§5.2 needs the landlord out first); a farmer's play recorded: no spring either
    ("deal\nbid 李四 3\nkitty 5H 9C BJ\nplay 2 3\nplay 3 4\nplay 2 5\nout 2\n", ("deal",)),
    # a redealt deal pays nothing (§3.3): the next deal
    ("deal\nbid 2 pass\nbid 3 pass\nbid 1 pass\nredeal\n", ("deal",)),
])
def test_dou_dizhu_expects_each_stage_of_a_deal(lines: str, want: tuple[str, ...]) -> None:
    assert ddz(lines) == want


def test_dou_dizhu_forced_landlord_and_call_and_rob() -> None:
    # §3.3 under doudizhu-capped (no_bid = 'last_forced'): all pass, seat 1 (张三) spoke last and is landlord
    assert ddz("deal\nbid 2 pass\nbid 3 pass\nbid 1 pass\n", "doudizhu-capped") == (
        "kitty CARD CARD CARD", "show 张三", "play 张三 CARDS…", *PLAY)
    # §3.2 under doudizhu-rob: call before anyone has called, rob after
    assert ddz("deal\n", "doudizhu-rob") == ("bid SEAT call|pass", "redeal")
    assert ddz("deal\nbid 1 call\n", "doudizhu-rob") == ("bid 李四 rob|pass", "redeal")
    # all three spoke and 李四 robbed: the caller 张三 answers once more (rob back or pass)
    assert ddz("deal\nbid 1 call\nbid 2 rob\nbid 3 pass\n", "doudizhu-rob") == ("bid 张三 rob|pass", "redeal")
    # the caller passed: the last to rob, 李四, is landlord
    assert ddz("deal\nbid 1 call\nbid 2 rob\nbid 3 pass\nbid 1 pass\n", "doudizhu-rob") == (
        "kitty CARD CARD CARD", "show 李四", "play 李四 CARDS…", *PLAY)
    # nobody robbed: the bidding ends when all three spoke, 张三 (the caller) is landlord
    assert ddz("deal\nbid 1 call\nbid 2 pass\nbid 3 pass\n", "doudizhu-rob") == (
        "kitty CARD CARD CARD", "show 张三", "play 张三 CARDS…", *PLAY)


def test_dou_dizhu_expects_nothing_once_a_match_of_match_deals_is_over(tmp_path: Path) -> None:
    rules = tmp_path / "one.toml"  # §7: match.deals fixes the match's length
    rules.write_text('game = "doudizhu"\nbase = "doudizhu-classic"\ntitle = "one deal"\n\n[match]\ndeals = 1\n',
                     encoding="utf-8")
    assert ddz("deal\nbid 1 3\nkitty 5H 9C BJ\nplay 1 3\nplay 2 4\nout 1\n", str(rules)) == ()
    # a redealt deal does not count: the match still wants its one deal
    assert ddz("deal\nbid 2 pass\nbid 3 pass\nbid 1 pass\nredeal\n", str(rules)) == ("deal",)


def test_a_seat_whose_player_has_no_one_word_name_is_named_by_its_number() -> None:
    text = 'match id=D2 game=doudizhu\nseat 1 "Ann Lee"\nseat 2 Bo\ndeal\nbid 3 1\n'
    assert expected("doudizhu", text) == ("bid 1 2|3|pass", "redeal")  # seat 1 after seat 3 (§1)


# --- Hubei 打滚 ----------------------------------------------------------------------------------------------------

HB = """match id=H1 game=hubei-dagun rules=hubei-dagun
seat E 张伟
seat S 李娜
seat W 王强
seat N 刘洋
"""
DECLARE = "declare SEAT sky|xi8 RANK|xi7 RANK"
CLAIM = "claim plain|bang|qing|guangtou"


@pytest.mark.parametrize(("lines", "want"), [
    ("", ("deal dealer=SEAT",)),  # the first deal: any seat deals (§4.1)
    # §4.2/§4.3: 找朋友 or 硬牌; a declared hand at any time (§6)
    ("deal 1 dealer=E\n", ("call CARD partner=SEAT", "alone SEAT", DECLARE)),
    # 找朋友 needs the places (§5.1) and the points (§5.2)
    ("deal 1 dealer=E\ncall H10 partner=W\n", ("places SEAT SEAT SEAT SEAT", "points E=P S=P W=P N=P hand=P",
                                                DECLARE)),
    # the places in, the result may be claimed (§8); the points still lack
    ("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\n", ("points E=P S=P W=P N=P hand=P", DECLARE, CLAIM)),
    # settled: the previous deal's 一游 (S) deals next (§4.1, dealing.first_out_deals)
    ("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=35\n",
     (DECLARE, CLAIM, "deal dealer=S")),
    # 硬牌 needs no points (§4.3): the places settle it; W was 一游 and deals next; a claim is given once
    ("deal 1 dealer=E\nalone W\nplaces W E S N\n", (DECLARE, CLAIM, "deal dealer=W")),
    ("deal 1 dealer=E\nalone W\nplaces W E S N\nclaim guangtou\n", (DECLARE, "deal dealer=W")),
    ("deal 1 dealer=E\nalone W\n", ("places SEAT SEAT SEAT SEAT", DECLARE)),
])
def test_hubei_dagun_expects_each_stage_of_a_deal(lines: str, want: tuple[str, ...]) -> None:
    assert expected("hubei-dagun", HB + lines) == want


# --- Jinhua mahjong ------------------------------------------------------------------------------------------------

JH = """match id=J1 game=jinhua-mahjong rules=jinhua-mahjong
seat E 张三
seat S 李四
seat W 王五
seat N 赵六
"""
RESULT = ("chi|pong|kong CLAIMER FEEDER", "win WINNER self|DISCARDER", "nowin")


@pytest.mark.parametrize(("lines", "want"), [
    ("", ("deal",)),
    ("deal E\n", ("caishen TILE", *RESULT)),  # the 财神 (§2.2), claims (§3.1), the result: a win (§5) or 流局
    ("deal E\ncaishen 3m\npong W S\n", RESULT),  # claims go on until the result
    # after the win: the patterns (§6), the winning hand and a stated 承包 (§7.1) may follow; then the next deal
    ("deal E\ncaishen 3m\nwin W S\n", ("patterns PATTERN…", "tiles TILE×14", "liable SEAT", "deal")),
    ("deal E\ncaishen 3m\nwin W S\npatterns 碰碰胡\n", ("tiles TILE×14", "liable SEAT", "deal")),
    ("deal E\ncaishen 3m\nnowin\n", ("deal",)),  # 流局: nothing is paid, the next deal
])
def test_jinhua_mahjong_expects_each_stage_of_a_deal(lines: str, want: tuple[str, ...]) -> None:
    assert expected("jinhua-mahjong", JH + lines) == want


# --- Gunzi ---------------------------------------------------------------------------------------------------------

def test_gunzi_expects_its_engines_directives_in_their_typed_forms() -> None:
    # docs/gunzi-rules.md: a hand begins with `hand`; then the first declaration (亮主) names the declarer
    g = "match id=G1 rules=dalian-club\n"
    assert expected("gunzi", g)[0] == "hand"
    assert expected("gunzi", g + "hand\n")[0] == "declare SEAT CARD… [as SUIT]"
