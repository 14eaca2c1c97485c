"""What the web's match page and the older ``views.matchtext`` names say of a match, asked of each game through the
interface (``Game.settled_text``, ``page_status_lines``, ``text_view``, ``pad_state``, ``prompt_problem``): the
four sample records, their first deal's figures worked by hand from docs/<game>-rules.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import individual_games

from referee.core.i18n import M
from referee.games.api import Game, rules_named
from referee.games.registry import game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RECORDS = {"gunzi": "spring-cup.gunzi", "doudizhu": "club-night.doudizhu", "hubei-dagun": "hubei-evening.dagun",
           "jinhua-mahjong": "jinhua-evening.mahjong"}
UNFINISHED = M("hand {hand} has no 'last' before line {line}: it is not settled", hand=2, line=17)


def replayed(key: str) -> tuple[Game, Any]:
    g = game(key)
    events = g.read((EXAMPLES / RECORDS[key]).read_text(encoding="utf-8")).events
    return g, g.replay(events, g.load_rules(rules_named(g, events)))


def test_gunzi_s_first_hand_settles_as_recording_prints_it() -> None:
    # hand 1: the declarers keep the last trick with the defenders on 60 < 80: a keep, EW 3 → 4, NS stay 3 (§7.1)
    g, result = replayed("gunzi")
    lines = g.settled_text(result, 1, "en")
    assert lines[0].startswith("Hand 1 settled (game 1; declarer E (张建国) of EW, level 3")
    assert "  defenders' score 60 = trick points 60; the declarers kept the last trick (保底)" in lines
    assert "  levels now: EW 4, NS 3" in lines
    assert g.settled_text(result, 999, "en") == []  # no such hand: nothing settled


@pytest.mark.parametrize(("key", "lines"), [
    # Dou Dizhu §5: bid 3 doubled once by a bomb, ×2: each farmer pays 3 × 2 = 6, the landlord 李四 gets 12
    ("doudizhu", ["  张三: -6 (-6)", "  李四: +12 (+12)", "  王五: -6 (-6)"]),
    # Hubei: a plain win `fan.plain` is 1 (its table of fan): each of SN +1, each of EW -1
    ("hubei-dagun", ["  E 张伟: -1 (-1)", "  S 李娜: +1 (+1)", "  W 王强: -1 (-1)", "  N 刘洋: +1 (+1)"]),
    # Jinhua: 碰碰胡 ×2 (§6.2) with 清一色 ×2 (§6.9) is ×4; 放铳 (§5.1): the discarder S pays 2X = 8, the others X = 4
    ("jinhua-mahjong", ["  E 张三: -4 (-4)", "  S 李四: -8 (-8)", "  W 王五: +16 (+16)", "  N 赵六: -4 (-4)"]),
])
def test_the_other_games_first_deal_settles_as_its_facts(key: str, lines: list[str]) -> None:
    g, result = replayed(key)
    said = g.settled_text(result, 1, "en")
    assert said[0] == "deal 1 settled"
    assert said[-len(lines):] == lines
    assert all(not line.rstrip().endswith(":") for line in said[1:])  # a fact the deal had none of is left out
    assert g.settled_text(result, 1, "zh_CN")[0] == "第1局已结算"
    assert g.settled_text(result, 999, "en") == []


@pytest.mark.parametrize(("key", "says"), [
    ("gunzi", "Match finished: EW 2:1"),  # games 1 and 3 to EW, game 2 to NS (§8.1: two games won)
    ("doudizhu", "ok: 5 deals (1 redealt), 张三 +10, 李四 +4, 王五 -14"),
    ("hubei-dagun", "ok: 7 deals"),
    ("jinhua-mahjong", "ok: 4 deals settled"),
])
def test_every_game_s_status_says_where_the_match_stands(key: str, says: str) -> None:
    g, result = replayed(key)
    lines = g.page_status_lines("X1", result, "en", M("{n} entries", n=3), head="abc123")
    assert "X1" in lines[0]
    assert any(line.startswith(says) for line in lines), lines
    assert lines[-1] == "Chain head: abc123 (3 entries)"
    assert not any("in the store" in line for line in g.page_status_lines("X1", result, "en"))  # no store, no entries


def test_matchtext_s_older_names_are_answered_by_the_game_that_has_them() -> None:
    from referee.views import matchtext

    assert matchtext.settlement is game("gunzi").text_view("settlement")
    for key in individual_games():
        assert game(key).text_view("settlement") is None
    assert game("gunzi").text_view("_title") is None  # a private helper is no view
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        matchtext.nothing  # noqa: B018
    g, result = replayed("doudizhu")
    assert matchtext.status("X1", result, 3, "en", game=g)[0] == "match X1 (Dou Dizhu)"


def test_the_pad_names_the_seats_and_the_seat_that_owes_the_tribute() -> None:
    g, result = replayed("gunzi")
    names, giver = g.pad_state(result)
    assert names == {"E": "张建国", "S": "李秀英", "W": "王志强", "N": "赵丽华"}
    assert giver is None  # the match is over: nobody owes blood
    for key in individual_games():
        assert game(key).pad_state(replayed(key)[1]) == ({}, None)


def test_a_refused_hand_s_own_line_is_said_as_what_the_hand_lacks() -> None:
    from referee.views.prompttext import at_prompt

    said = game("gunzi").prompt_problem(UNFINISHED)
    assert said is not None and said.text("en") == \
        "hand 2 is not finished: it has no 'last' yet (record its last trick, or 'redeal')"
    for key in individual_games():
        assert game(key).prompt_problem(UNFINISHED) is None
    assert at_prompt(UNFINISHED).text("en") == said.text("en")
    cited = M("the kitty was already recorded at line {n}", n=12)
    assert game("gunzi").prompt_problem(cited) is None
    assert at_prompt(cited).text("en") == "the kitty was already recorded at #12"
