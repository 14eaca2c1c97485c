"""Every game's scorecard is made of the sections its game offers (``Game.scorecard``) and laid out by the one PDF
layout: Gunzi's levels chart through its games, the others' running totals, the deals, the lines to sign. The numbers
are the bundled examples' own, worked by hand in their comments (and in tests/test_game_tables.py)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from helpers import individual_games

from referee.games.registry import game

pypdf = pytest.importorskip("pypdf")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RECORDS = {"gunzi": "spring-cup.gunzi", "doudizhu": "club-night.doudizhu", "hubei-dagun": "hubei-evening.dagun",
           "jinhua-mahjong": "jinhua-evening.mahjong"}


def replayed(key: str, upto: int | None = None):
    g = game(key)
    events = list(g.read((EXAMPLES / RECORDS[key]).read_text(encoding="utf-8")).events)
    if upto is not None:  # the record before its last deal
        events = events[:upto]
    return g, g.replay(events, g.load_rules(g.header(events).rules))


def card(key: str, lang: str = "en"):
    g, result = replayed(key)
    return g.scorecard(result, lang, "the rules", "ann")


def pdf_text(key: str, lang: str = "en") -> str:
    from referee.views.scorecard.layout import build_scorecard

    g, result = replayed(key)
    buf = io.BytesIO()
    build_scorecard(result, buf, lang=lang, game=g, rules="the rules")
    return "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(buf.getvalue())).pages)


# Each player's running total at the end of the example (its last comment): the chart's last point of each line.
TOTALS = {"doudizhu": (10, 4, -14), "hubei-dagun": (-2, 10, -2, -6), "jinhua-mahjong": (-8, -12, 8, 12)}
DEALS = {"doudizhu": 5, "hubei-dagun": 7, "jinhua-mahjong": 4}  # the example's `deal` lines (a redeal counts)


@pytest.mark.parametrize("key", individual_games())
def test_each_players_running_total_is_charted(key: str) -> None:
    """A line a player from 0 before the first deal, a point a deal, ending at the player's total; the legend says
    each total; the deals table has a row a deal; each player and the referee sign."""
    c = card(key)
    chart = c.chart
    assert chart is not None and chart.signed and chart.spans == ()
    assert len(chart.series) == len(TOTALS[key])
    assert [s.points[0] for s in chart.series] == [(0.0, 0)] * len(TOTALS[key])
    assert tuple(s.points[-1][1] for s in chart.series) == TOTALS[key]
    assert all(len(s.points) == DEALS[key] + 1 for s in chart.series)
    assert [s.style for s in chart.series] == list(range(len(TOTALS[key])))
    assert len(c.deals.rows) == DEALS[key]
    assert len(c.signatures) == len(TOTALS[key]) + 1 and c.signatures[-1] == "Referee ann"
    assert ("Referee", "ann") in c.facts and ("Rules", "the rules") in c.facts


def test_a_dou_dizhu_deal_is_a_point_of_the_chart() -> None:
    """Deal 1: 李四 bids 3 and a bomb doubles it: 李四 +12, each farmer -6 (club-night.doudizhu)."""
    zhang, li, wang = card("doudizhu").chart.series
    assert zhang.points[1] == (1.0, -6) and li.points[1] == (1.0, 12) and wang.points[1] == (1.0, -6)
    assert li.label.endswith("+4") and wang.label.endswith("-14")


def test_gunzis_card_charts_both_teams_levels_through_its_three_games() -> None:
    """spring-cup.gunzi: game 1 is hands 1-11, game 2 hands 12-19, game 3 hands 20-26; EW win 2:1 (games 1 and 3).
    Each game starts half a hand before its first hand at level 3 for both teams (rules §6)."""
    c = card("gunzi")
    chart = c.chart
    assert chart is not None and not chart.signed and chart.shown == (3, 10)
    assert chart.spans == (("Game 1", 0.5, 11.5), ("Game 2", 11.5, 19.5), ("Game 3", 19.5, 26.5))
    assert len(chart.series) == 6 and [s.style for s in chart.series] == [0, 1] * 3
    assert [s.points[0] for s in chart.series] == [(0.5, 3), (0.5, 3), (11.5, 3), (11.5, 3), (19.5, 3), (19.5, 3)]
    # hand 1: E keeps at 60 → EW 3→4, NS stay at 3 (the example's comment)
    assert chart.series[0].points[1] == (1, 4) and chart.series[1].points[1] == (1, 3)
    assert len(c.deals.rows) == 26 and {11, 19} <= c.deals.marked
    assert c.result_lines[0] == "Games won: EW 海之韵 2 : 1 NS 星海"
    assert c.result_lines[-1] == "Winner: EW 海之韵 — 2:1, games 1, 3"
    assert c.sides[0] == ("EW 海之韵", "E 张建国", "W 王志强") and c.sides[1] == ("NS 星海", "S 李秀英", "N 赵丽华")
    assert c.signatures == ("EW 海之韵 captain", "NS 星海 captain", "Referee 刘振东")


@pytest.mark.parametrize("key", individual_games())
def test_the_other_games_pdfs_show_their_chart_and_date_lines_to_sign(key: str) -> None:
    """What Gunzi's card had that applies to every game: a dated line to sign for each who signs; the chart with its
    axis named."""
    text = pdf_text(key)
    flat = re.sub(r"\s+", "", text)
    assert "Runningtotals,dealbydeal" in flat and "Deal" in text
    assert text.count("Date:") == len(TOTALS[key]) + 1
    assert "Warnings, rulings and corrections" in text and "Deal by deal" in text


def test_gunzis_pdf_keeps_its_sections() -> None:
    flat = re.sub(r"\s+", "", pdf_text("gunzi"))
    for words in ("DaliangGunziscorecard".replace("Daliang", "Dalian"), "Levels,handbyhand", "Game1", "Game2",
                  "Game3", "Handbyhand", "EW海之韵captain", "Referee刘振东", "Winner:EW海之韵—2:1,games1,3"):
        assert words in flat, words
    assert "Runningtotals" not in flat


@pytest.mark.parametrize("key", list(RECORDS))
def test_a_correction_resettles_the_deals_it_changed(key: str) -> None:
    """The record without its last deal, then whole: the last deal is the one re-settled (every game words it); the
    same record twice re-settles nothing."""
    g, after = replayed(key)
    events = list(g.read((EXAMPLES / RECORDS[key]).read_text(encoding="utf-8")).events)
    last_start = g.deal_starts(events)[-1]
    _, before = replayed(key, next(i for i, ev in enumerate(events) if ev.line == last_start))
    lines = g.resettled_lines(before, after, "en")
    assert lines and lines[0].startswith("re-settled:")
    n = len(g.deal_starts(events))
    assert str(n) in (lines[1] if lines[0] == "re-settled:" else lines[0])
    assert g.resettled_lines(after, after, "en") == []


@pytest.mark.parametrize("key", list(RECORDS))
def test_a_stored_directive_carries_its_gloss_in_chinese_only(key: str) -> None:
    """``seat`` is a directive of every game: a Chinese reader gets its gloss beside it, the English the line alone;
    a line that is no directive is shown as it stands."""
    g = game(key)
    seat = g.directive_text(f"seat {g.seats[0]} 张三")
    assert seat.text("en") == f"seat {g.seats[0]} 张三"
    zh = seat.text("zh")
    assert zh.startswith(f"seat {g.seats[0]} 张三") and len(zh) > len(f"seat {g.seats[0]} 张三")
    assert g.directive_text("meteor 3").text("zh") == "meteor 3"


def test_gunzis_next_line_at_the_end_of_the_match() -> None:
    """spring-cup.gunzi is over (EW 2:1): nothing comes next."""
    g, result = replayed("gunzi")
    assert g.next_text(result, "en") == "next: nothing, the match is over"


def test_the_other_games_cards_say_each_place_and_the_winner() -> None:
    """The places by total (ties share a place, the next place skipped): club-night 张三 +10, 李四 +4, 王五 -14;
    hubei-evening S 李娜 +10, E 张伟 and W 王强 both -2 (both second), N 刘洋 -6 (fourth); jinhua-evening N 赵六
    +12, W 王五 +8, E 张三 -8, S 李四 -12."""
    assert card("doudizhu").result_lines == ("Places: 1. 张三 +10, 2. 李四 +4, 3. 王五 -14", "Winner: 张三")
    assert card("hubei-dagun").result_lines == ("Places: 1. 李娜 +10, 2. 张伟 -2, 2. 王强 -2, 4. 刘洋 -6",
                                                "Winner: 李娜")
    assert card("jinhua-mahjong").result_lines[-1] == "Winner: 赵六"
    assert "名次：1. 赵六 +12、2. 王五 +8、3. 张三 -8、4. 李四 -12" in card("jinhua-mahjong", "zh").result_lines
    assert "Winner: 李娜" in pdf_text("hubei-dagun")


def test_a_gunzi_directive_typed_in_another_spelling_is_glossed_as_its_own() -> None:
    """``KITTY`` and ``底牌`` are spellings of ``kitty`` (the directive registry): the same gloss, not a KeyError."""
    g = game("gunzi")
    assert g.gloss("KITTY") == g.gloss("kitty") == g.gloss("底牌") is not None
    assert g.directive_text("KITTY 6C 9D JS KH 4D 8C").text("zh") == \
        g.directive_text("kitty 6C 9D JS KH 4D 8C").text("zh").replace("kitty", "KITTY", 1)
