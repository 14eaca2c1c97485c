"""The table every game gives the scorecard and the web's match page (``Game.scorecard_rows``): one row a deal in the
game's own columns and each player's running total, checked on the bundled examples against their hand-worked
settlements (each example's comments and docs/<game>-rules.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games.api import GameTable, rules_named
from referee.games.registry import game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def table_of(key: str, name: str, lang: str = "en") -> GameTable:
    g = game(key)
    reading = g.read((EXAMPLES / name).read_text(encoding="utf-8"))
    assert not reading.errors
    result = g.replay(reading.events, g.load_rules(rules_named(g, reading.events)))
    assert not g.problems(result)
    return g.scorecard_rows(result, lang)


def test_dou_dizhu_rows_are_the_landlord_the_bid_the_multiplier_and_the_payments() -> None:
    t = table_of("doudizhu", "club-night.doudizhu")
    assert t.headings == ("deal", "landlord", "bid", "doubled by", "multiplier", "winner", "张三", "李四", "王五")
    assert t.players == ("张三", "李四", "王五")
    # docs/doudizhu-rules.md §5-§6 (doudizhu-classic): base = the winning bid, each bomb, rocket, spring, anti-spring
    # and shown cards ×2; the landlord wins or loses 2 × base × multiplier, each farmer 1 ×.
    # 1: 李四 bids 3, one bomb ×2, 李四 out: 2×3×2 = 12 to 李四, 6 from each farmer.
    assert t.rows[0] == ("1", "李四", "3", "bomb ×1", "×2", "landlord", "-6 (-6)", "+12 (+12)", "-6 (-6)")
    # 2: nobody bids: dealt again, nothing paid.
    assert t.rows[1][:2] == ("2", "redeal") and t.running[1] == (-6, 12, -6)
    # 3: 王五 bids 2, a rocket ×2, the farmers out first: 王五 pays 2×2×2 = 8, each farmer +4.
    assert t.rows[2][1:6] == ("王五", "2", "rocket", "×2", "farmers") and t.running[2] == (-2, 16, -14)
    # 4: 张三 bids 1, shown cards ×2 and spring ×2 = ×4, 张三 wins: +8, each farmer -4.
    assert t.rows[3][3:5] == ("spring, shown cards", "×4") and t.running[3] == (6, 12, -18)
    # 5: 李四 bids 2, anti-spring ×2, the farmers win: 李四 pays 8, each farmer +4.
    assert t.rows[4][3:5] == ("anti-spring", "×2") and t.running[4] == (10, 4, -14)
    assert t.totals == (10, 4, -14) and t.unit == "points"


def test_dou_dizhu_rows_in_chinese() -> None:
    t = table_of("doudizhu", "club-night.doudizhu", "zh")
    assert t.headings[:6] == ("局", "地主", "叫分", "加倍", "倍数", "胜方")
    assert t.rows[0][3:6] == ("炸弹×1", "×2", "地主")  # 1: a bomb, the landlord wins
    assert t.rows[3][3] == "春天、明牌"  # 4: spring and shown cards


def test_hubei_dagun_rows_are_places_points_fan_and_coins() -> None:
    t = table_of("hubei-dagun", "hubei-evening.dagun")
    assert t.players == ("E 张伟", "S 李娜", "W 王强", "N 刘洋")
    assert t.headings[:8] == ("deal", "dealer", "mode", "places", "points", "result", "番", "rewards")
    # Deal 1 (the example's comment): EW 40, SN 160, SN win a plain 1 番: coins E -1 S +1 W -1 N +1.
    assert t.rows[0][3:7] == ("SENW", "40:160", "a plain win SN", "1")
    assert t.rows[0][8:] == ("-1 (-1)", "+1 (+1)", "-1 (-1)", "+1 (+1)")
    # Deal 2: SN take 一游 and 二游: 绑, 2 番; totals E -3 S +3 W -3 N +3.
    assert t.rows[1][5:7] == ("绑 SN", "2") and t.running[1] == (-3, 3, -3, 3)
    # Deal 7: S declares 天炸 (each of the other three pays 1); totals E -2 S +10 W -2 N -6.
    assert t.rows[6][7] == "S 天炸" and t.running[6] == (-2, 10, -2, -6)
    assert t.totals == (-2, 10, -2, -6) and t.unit == "coins"


def test_jinhua_mahjong_rows_are_the_winner_the_patterns_and_the_payments() -> None:
    t = table_of("jinhua-mahjong", "jinhua-evening.mahjong")
    assert t.players == ("E 张三", "S 李四", "W 王五", "N 赵六")
    # docs/jinhua-mahjong-rules.md §5 (X = 1): the discarder pays 2X, the others X; a self-draw 2X from each; the
    # patterns' factors multiply; 承包 (§7) puts the others' payments on the liable player.
    # 1: W on S's discard, 碰碰胡 ×2 × 清一色 ×2 = ×4: S pays 8, E and N 4 each, W +16.
    assert t.rows[0][2:6] == ("W on S's discard", "碰碰胡 清一色", "×4", "")
    assert t.rows[0][6:] == ("-4 (-4)", "-8 (-8)", "+16 (+16)", "-4 (-4)")
    # 2: N self-draws 七对子 ×2: each pays 2×2 = 4, N +12; running E -8 S -12 W +12 N +8.
    assert t.running[1] == (-8, -12, 12, 8)
    # 3: N on E's discard, 平胡 ×1, W liable: W pays 2 + 1 + 1 = 4, N +4.
    assert t.rows[2][5] == "W" and t.running[2] == (-8, -12, 8, 12)
    # 4: 流局: nothing paid.
    assert t.rows[3][2] == "nobody won (流局)" and t.running[3] == t.running[2]
    assert t.totals == (-8, -12, 8, 12) and t.unit == "coins"


@pytest.mark.parametrize("key,name", [("doudizhu", "club-night.doudizhu"), ("hubei-dagun", "hubei-evening.dagun"),
                                      ("jinhua-mahjong", "jinhua-evening.mahjong")])
def test_every_row_has_a_cell_per_heading_and_a_running_total(key: str, name: str) -> None:
    t = table_of(key, name)
    assert all(len(row) == len(t.headings) for row in t.rows)
    assert len(t.running) == len(t.rows) and t.running[-1] == t.totals
    assert sum(t.totals) == 0  # every game here is zero-sum: what one pays another receives
