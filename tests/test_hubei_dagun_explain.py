"""The 打滚 explanation: every step of worked deals, its wording in English and Chinese and its citation, each
worked out by hand from docs/hubei-dagun-rules.md (the numbers) and the catalogue's msgstr (the Chinese
wording, its placeholders filled in here). Between them the deals take every step the engine words: the places
(§5.1), 找朋友 (§4.2) and 硬牌 (§4.3, §5.7), the transfers and the sides' points (§5.2), each result (plain on
points, the tie either way, 绑, 光头, 清, 硬牌 won and lost), its coins (§7), each reward (§6) and the deal's coins."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core import rulesfile
from referee.games.hubei_dagun import engine
from referee.games.hubei_dagun.engine import replay
from referee.games.hubei_dagun.notation import parse
from referee.games.hubei_dagun.ruleset import SCHEMA, load, typed

EVENING = Path(__file__).resolve().parent.parent / "examples" / "hubei-evening.dagun"
HEAD = "match id=T1 game=hubei-dagun\nseat E A\nseat S B\nseat W C\nseat N D\n"


@pytest.fixture(autouse=True)
def _fresh_wordings():
    """The engine words each side and each deal's coins once and keeps the words: empty both, so that the words
    are made here, by the code under test (a mutation run forks from a process whose caches are filled)."""
    engine._SIDE_WORDS.clear()
    engine._COINS_LINES.clear()
    yield
    engine._SIDE_WORDS.clear()
    engine._COINS_LINES.clear()


def steps(deal):
    return [(s.msg.text("en"), s.msg.text("zh"), s.cite) for s in deal.steps]


def evening():
    record = parse(EVENING.read_text(encoding="utf-8"))
    result = replay(record.events, load("hubei-dagun"))
    assert record.errors == [] and result.errors == ()
    return result.deals


def run(body: str, rules_text: str = ""):
    rules = typed(rulesfile.from_text(SCHEMA, 'base = "hubei-dagun"\n' + rules_text, "variant.toml"))
    record = parse(HEAD + body)
    result = replay(record.events, rules)
    assert record.errors == [] and result.errors == (), [str(e) for e in result.errors]
    return result.deals[0]


def test_a_plain_win_on_points_explained():
    # The evening's deal 1: E calls ♥10, W holds the twin: EW against SN (§4.2). Places S E N W (§5.1).
    # §5.2: 末游 W's 30 → 一游 S (50 + 30 = 80, W 0); the 35 in hand → 三游 N (45 + 35 = 80).
    # EW 40 + 0 = 40, SN 80 + 80 = 160 (add up to 200): SN win on points (§5.3), fan.plain 1 × base 1 = 1 a player.
    assert steps(evening()[0]) == [
        ("places: 一游 S, 二游 E, 三游 N, 末游 W", "名次：一游 南，二游 东，三游 北，末游 西", "§5.1"),
        ("找朋友: E called ♥10; W holds its twin: EW against SN",
         "找朋友：东 叫 ♥10，西 有另一张：东西 对 南北", "§4.2"),
        ("末游 W's 30 points go to 一游 S; the 35 points still in hand go to 三游 N",
         "末游 西 的 30 分归一游 南；手中未出的 35 分归三游 北", "§5.2"),
        ("points: EW 40, SN 160", "得分：东西 40，南北 160", "§5.2"),
        ("SN have more points and win", "南北 得分多，获胜", "§5.3"),
        ("a plain win: 1 番 × table base 1 = 1 a player: E -1, S +1, W -1, N +1",
         "普通胜：1 番 × 底金 1 = 每人 1 金币：东 -1、南 +1、西 -1、北 +1", "§5.3, §7.2 fan.plain"),
        ("this deal: E -1, S +1, W -1, N +1", "本局：东 -1、南 +1、西 -1、北 +1", "§7.4"),
    ]


def test_bang_explained():
    # Deal 2: S calls ♠A, N holds the twin: SN against EW (the seats not S or N, in E S W N order). Places S N E W:
    # SN are 一游 and 二游: 绑 (§5.4); EW took 20 in tricks, so not 光头 (§5.6). The transfers are still shown:
    # 末游 W's 0 → S (60), the 50 in hand → 三游 E (20 + 50 = 70): SN 60 + 70 = 130, EW 70 + 0 = 70.
    # fan.bang 2 × base 1 = 2 a player.
    assert steps(evening()[1]) == [
        ("places: 一游 S, 二游 N, 三游 E, 末游 W", "名次：一游 南，二游 北，三游 东，末游 西", "§5.1"),
        ("找朋友: S called ♠A; N holds its twin: SN against EW", "找朋友：南 叫 ♠A，北 有另一张：南北 对 东西", "§4.2"),
        ("末游 W's 0 points go to 一游 S; the 50 points still in hand go to 三游 E",
         "末游 西 的 0 分归一游 南；手中未出的 50 分归三游 东", "§5.2"),
        ("points: SN 130, EW 70", "得分：南北 130，东西 70", "§5.2"),
        ("SN are 一游 and 二游: 绑, they win and the points are not counted",
         "南北 得一游和二游：绑，直接胜利，不再计算得分", "§5.4"),
        ("绑: 2 番 × table base 1 = 2 a player: E -2, S +2, W -2, N +2",
         "绑：2 番 × 底金 1 = 每人 2 金币：东 -2、南 +2、西 -2、北 +2", "§5.4, §7.2 fan.bang"),
        ("this deal: E -2, S +2, W -2, N +2", "本局：东 -2、南 +2、西 -2、北 +2", "§7.4"),
    ]


def test_alone_won_with_a_7xi_explained():
    # Deal 3: W plays 硬牌 against E S N (§4.3) and is 一游: W wins (§5.7), fan.alone_win 2 × base 1 = 2 from each
    # of three: W +6, E S N -2 (§7.3). E's 7喜: rewards.xi7_each 1 × 1 from each of three: E +3, S W N -1 (§6).
    # The deal: E -2 + 3 = +1, S -2 - 1 = -3, W +6 - 1 = +5, N -2 - 1 = -3.
    assert steps(evening()[2]) == [
        ("places: 一游 W, 二游 E, 三游 S, 末游 N", "名次：一游 西，二游 东，三游 南，末游 北", "§5.1"),
        ("硬牌: W plays alone against ESN; only 一游 decides", "硬牌：西 一打三对 东南北；只看一游", "§4.3, §5.7"),
        ("W is 一游: the 硬牌 player wins", "西 是一游：硬牌玩家胜", "§5.7"),
        ("硬牌 won: 2 番 × table base 1 = 2 a player: E -2, S -2, W +6, N -2",
         "硬牌胜：2 番 × 底金 1 = 每人 2 金币：东 -2、南 -2、西 +6、北 -2", "§5.7, §7.3 fan.alone_win"),
        ("7喜 declared by E: each of the other three pays 1 番 × 1 = 1, whatever the result",
         "东 报 7喜：其余三家各付 1 番 × 1 = 1，不管输赢", "§6 rewards.xi7_each"),
        ("this deal: E +1, S -3, W +5, N -3", "本局：东 +1、南 -3、西 +5、北 -3", "§7.4"),
    ]


def test_the_tie_lost_by_the_side_of_last_explained():
    # Deal 4: W calls ♦K, E holds the twin: WE against SN. Places W S N E: 末游 E's 70 → 一游 W (30 + 70 = 100, E 0);
    # the 40 in hand → 三游 N (20 + 40 = 60). WE 100 + 0, SN 40 + 60: 100:100, and 末游 E sits with W: WE lose
    # (§5.3 scoring.tie = last_loses), a plain win of SN, 1 × 1.
    assert steps(evening()[3]) == [
        ("places: 一游 W, 二游 S, 三游 N, 末游 E", "名次：一游 西，二游 南，三游 北，末游 东", "§5.1"),
        ("找朋友: W called ♦K; E holds its twin: WE against SN", "找朋友：西 叫 ♦K，东 有另一张：西东 对 南北", "§4.2"),
        ("末游 E's 70 points go to 一游 W; the 40 points still in hand go to 三游 N",
         "末游 东 的 70 分归一游 西；手中未出的 40 分归三游 北", "§5.2"),
        ("points: WE 100, SN 100", "得分：西东 100，南北 100", "§5.2"),
        ("100:100: the side of 末游 E loses", "100:100：末游 东 一方输", "§5.3 scoring.tie"),
        ("a plain win: 1 番 × table base 1 = 1 a player: E -1, S +1, W -1, N +1",
         "普通胜：1 番 × 底金 1 = 每人 1 金币：东 -1、南 +1、西 -1、北 +1", "§5.3, §7.2 fan.plain"),
        ("this deal: E -1, S +1, W -1, N +1", "本局：东 -1、南 +1、西 -1、北 +1", "§7.4"),
    ]


def test_guangtou_with_an_8xi_explained():
    # Deal 5: W calls the big joker, S holds the twin: WS against EN. Places E N S W: EN are 一游 and 二游, and WS
    # took 0 + 0 in tricks: 光头 (§5.6), fan.guangtou 4 × 1. The transfers shown: 末游 W's 0 → E (80), the 50 in
    # hand → 三游 S (0 + 50): WS 0 + 50 = 50, EN 80 + 70 = 150. S's 8喜: rewards.xi8_each 2 × 1 from each of
    # three: S +6, E W N -2. The deal: E +4 - 2 = +2, S -4 + 6 = +2, W -4 - 2 = -6, N +4 - 2 = +2.
    assert steps(evening()[4]) == [
        ("places: 一游 E, 二游 N, 三游 S, 末游 W", "名次：一游 东，二游 北，三游 南，末游 西", "§5.1"),
        ("找朋友: W called big joker; S holds its twin: WS against EN",
         "找朋友：西 叫 大王，南 有另一张：西南 对 东北", "§4.2"),
        ("末游 W's 0 points go to 一游 E; the 50 points still in hand go to 三游 S",
         "末游 西 的 0 分归一游 东；手中未出的 50 分归三游 南", "§5.2"),
        ("points: WS 50, EN 150", "得分：西南 50，东北 150", "§5.2"),
        ("绑 with the other side on no points: 光头, EN win whatever the points", "绑且对方没有得分：光头，东北 直接胜",
         "§5.6"),
        ("光头: 4 番 × table base 1 = 4 a player: E +4, S -4, W -4, N +4",
         "光头：4 番 × 底金 1 = 每人 4 金币：东 +4、南 -4、西 -4、北 +4", "§5.6, §7.2 fan.guangtou"),
        ("8喜 declared by S: each of the other three pays 2 番 × 1 = 2, whatever the result",
         "南 报 8喜：其余三家各付 2 番 × 1 = 2，不管输赢", "§6 rewards.xi8_each"),
        ("this deal: E +2, S +2, W -6, N +2", "本局：东 +2、南 +2、西 -6、北 +2", "§7.4"),
    ]


def test_qing_explained():
    # Deal 6: E calls ♣5, N holds the twin: EN against SW. Places S E W N: 末游 N's 0 → 一游 S (120); the 30 in
    # hand → 三游 W (50 + 30 = 80): SW 200, EN 0 + 0: 清 (§5.5) for SW, the second side; fan.qing 2 × 1.
    assert steps(evening()[5]) == [
        ("places: 一游 S, 二游 E, 三游 W, 末游 N", "名次：一游 南，二游 东，三游 西，末游 北", "§5.1"),
        ("找朋友: E called ♣5; N holds its twin: EN against SW", "找朋友：东 叫 ♣5，北 有另一张：东北 对 南西", "§4.2"),
        ("末游 N's 0 points go to 一游 S; the 30 points still in hand go to 三游 W",
         "末游 北 的 0 分归一游 南；手中未出的 30 分归三游 西", "§5.2"),
        ("points: EN 0, SW 200", "得分：东北 0，南西 200", "§5.2"),
        ("SW have all 200 points: 清", "南西 得满分 200：清", "§5.5"),
        ("清: 2 番 × table base 1 = 2 a player: E -2, S +2, W +2, N -2",
         "清：2 番 × 底金 1 = 每人 2 金币：东 -2、南 +2、西 +2、北 -2", "§5.5, §7.2 fan.qing"),
        ("this deal: E -2, S +2, W +2, N -2", "本局：东 -2、南 +2、西 +2、北 -2", "§7.4"),
    ]


def test_alone_lost_with_a_sky_bomb_explained():
    # Deal 7: N plays 硬牌 against E S W; E is 一游: N loses (§5.7) and pays fan.alone_loss 2 × 1 to each of three:
    # N -6, E S W +2. S's 天炸: rewards.sky_each 1 × 1 from each of three: S +3, E W N -1.
    # The deal: E +2 - 1 = +1, S +2 + 3 = +5, W +2 - 1 = +1, N -6 - 1 = -7.
    assert steps(evening()[6]) == [
        ("places: 一游 E, 二游 N, 三游 S, 末游 W", "名次：一游 东，二游 北，三游 南，末游 西", "§5.1"),
        ("硬牌: N plays alone against ESW; only 一游 decides", "硬牌：北 一打三对 东南西；只看一游", "§4.3, §5.7"),
        ("E is 一游: the 硬牌 player loses", "东 是一游：硬牌玩家负", "§5.7"),
        ("硬牌 lost: 2 番 × table base 1 = 2 a player: E +2, S +2, W +2, N -6",
         "硬牌负：2 番 × 底金 1 = 每人 2 金币：东 +2、南 +2、西 +2、北 -6", "§5.7, §7.3 fan.alone_loss"),
        ("天炸 declared by S: each of the other three pays 1 番 × 1 = 1, whatever the result",
         "南 报 天炸：其余三家各付 1 番 × 1 = 1，不管输赢", "§6 rewards.sky_each"),
        ("this deal: E +1, S +5, W +1, N -7", "本局：东 +1、南 +5、西 +1、北 -7", "§7.4"),
    ]


def test_the_tie_won_by_the_side_of_first_with_every_reward_explained():
    # The deal 4 of the evening again under scoring.tie = "first_wins", a base of 5 and a plain win of 3 番 (so that
    # 番, base and their product are three different numbers), with all three rewards (none of the called rank K).
    # 100:100 (as in deal 4): the side of 一游 W wins: WE, 3 × 5 = 15 a player: E +15, S -15, W +15, N -15.
    # 8喜 S: 2 番 × 5 = 10 from each of three: S +30, E W N -10. 天炸 N: 1 × 5 = 5: N +15, E S W -5.
    # 7喜 E: 1 × 5 = 5: E +15, S W N -5. The deal: E 15 - 10 - 5 + 15 = +15, S -15 + 30 - 5 - 5 = +5,
    # W 15 - 10 - 5 - 5 = -5, N -15 - 10 + 15 - 5 = -15 (adding up to 0).
    d = run("deal 1 dealer=W\ncall DK partner=E\nplaces W S N E\npoints E=70 S=40 W=30 N=20 hand=40\n"
            "declare S xi8 Q\ndeclare N sky\ndeclare E xi7 9\n",
            '[scoring]\ntie = "first_wins"\n[coins]\nstake = 5\n[fan]\nplain = 3\n')
    assert steps(d)[4:] == [
        ("100:100: the side of 一游 W wins", "100:100：一游 西 一方赢", "§5.3 scoring.tie"),
        ("a plain win: 3 番 × table base 5 = 15 a player: E +15, S -15, W +15, N -15",
         "普通胜：3 番 × 底金 5 = 每人 15 金币：东 +15、南 -15、西 +15、北 -15", "§5.3, §7.2 fan.plain"),
        ("8喜 declared by S: each of the other three pays 2 番 × 5 = 10, whatever the result",
         "南 报 8喜：其余三家各付 2 番 × 5 = 10，不管输赢", "§6 rewards.xi8_each"),
        ("天炸 declared by N: each of the other three pays 1 番 × 5 = 5, whatever the result",
         "北 报 天炸：其余三家各付 1 番 × 5 = 5，不管输赢", "§6 rewards.sky_each"),
        ("7喜 declared by E: each of the other three pays 1 番 × 5 = 5, whatever the result",
         "东 报 7喜：其余三家各付 1 番 × 5 = 5，不管输赢", "§6 rewards.xi7_each"),
        ("this deal: E +15, S +5, W -5, N -15", "本局：东 +15、南 +5、西 -5、北 -15", "§7.4"),
    ]


def test_a_called_small_joker_and_the_first_side_on_200():
    # E calls the small joker, W holds the twin: EW against SN. Places E S W N: 末游 N's 0 → E (120); the 30 in hand
    # → 三游 W (50 + 30 = 80): EW 200, SN 0 + 0: 清 for EW, the first side (§5.5).
    d = run("deal 1 dealer=E\ncall SJ partner=W\nplaces E S W N\npoints E=120 S=0 W=50 N=0 hand=30\n")
    assert steps(d)[1] == ("找朋友: E called small joker; W holds its twin: EW against SN",
                           "找朋友：东 叫 小王，西 有另一张：东西 对 南北", "§4.2")
    assert steps(d)[3:5] == [("points: EW 200, SN 0", "得分：东西 200，南北 0", "§5.2"),
                             ("EW have all 200 points: 清", "东西 得满分 200：清", "§5.5")]
    assert d.sides[d.winner] == ("E", "W")


def test_more_points_for_the_dealers_side():
    # E calls ♥10, W holds the twin. Places S E N W as in deal 1 but E and W took the points: 末游 W's 60 → 一游 S
    # (0 + 60 = 60), the 0 in hand → 三游 N (10): EW 130 + 0 = 130, SN 60 + 10 = 70: EW win on points (§5.3).
    d = run("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=130 S=0 W=60 N=10 hand=0\n")
    assert steps(d)[3:5] == [("points: EW 130, SN 70", "得分：东西 130，南北 70", "§5.2"),
                             ("EW have more points and win", "东西 得分多，获胜", "§5.3")]
    assert d.coins == (1, -1, 1, -1)
