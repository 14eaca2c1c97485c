"""The match summary: worked out by hand from records written with the test helpers, and its JSON form."""

from __future__ import annotations

import json

import pytest
from helpers import first_hand, hand_text, run

from referee.games.gunzi.summary import GameSummary, MatchSummary, Sides, SummaryError, TeamNames, summarize

HEADER = """match id=SC-R1-T1 rules=dalian-club
team EW 海之韵
team NS 星海
seat E 张三
seat S 李四
seat W 王五
seat N 赵六
"""

# Game 1, hand 1: E grabs (EW declare at 3), S = 80 kept: keep, EW 3 -> 4; no blood (80 is neither
#   under 80 nor over 150, no jokers); ledger EW +3, NS -3; W declares next.
# Game 1, hand 2: W declares at 4, S = 0: EW 4 -> 5 and EW win the game (zero); ledger EW +50, NS -50.
# Game 2: N grabs, S = 0: NS 3 -> 4, NS win (zero); ledger NS +50, EW -50.
# Game 3: E grabs, S = 0: EW 3 -> 4, EW win (zero) and the match 2:1; ledger EW +50, NS -50.
# Ledger: EW 3 + 50 - 50 + 50 = 53, NS -53.
TWO_ONE = (first_hand(points=80) + hand_text(trump="H", points=0)
           + first_hand(grab="N", points=0) + first_hand(points=0))


def summary_of(text: str, **kw) -> MatchSummary:
    rec, result = run(text)
    assert not rec.errors and not result.errors, (rec.errors, result.errors)
    return summarize(result, **kw)


def test_a_match_won_two_one():
    s = summary_of(HEADER + TWO_ONE, head="ab12", entries=31)
    assert s.match_id == "SC-R1-T1"
    assert s.rules == "dalian-club"
    assert s.seats == ("张三", "李四", "王五", "赵六")
    assert s.teams == TeamNames("海之韵", "星海")
    assert s.finished and s.winner == "EW" and not s.forfeit
    assert s.games_won == Sides(EW=2, NS=1)
    assert s.games == (
        GameSummary(1, "EW", "zero", Sides(EW=5, NS=3)),
        GameSummary(2, "NS", "zero", Sides(EW=3, NS=4)),
        GameSummary(3, "EW", "zero", Sides(EW=4, NS=3)),
    )
    assert s.ledger == Sides(EW=53, NS=-53)
    assert (s.head, s.entries) == ("ab12", 31)


def test_a_forfeit_on_the_third_warning():
    # Hand 1: E grabs, S = 80 kept: EW 3 -> 4, ledger EW +3. Then N, S, N are warned: NS have three
    # warnings and lose the match 2:0 (rules §8.1), game 1 recorded as a forfeit at EW 4, NS 3.
    s = summary_of(HEADER + first_hand(points=80, after=["warn N slow", "warn S slow", "warn N slow"]))
    assert s.finished and s.forfeit and s.winner == "EW"
    assert s.games_won == Sides(EW=2, NS=0)
    assert s.games == (GameSummary(1, "EW", "forfeit", Sides(EW=4, NS=3)),)
    assert s.ledger == Sides(EW=3, NS=-3)


def test_a_forfeit_before_any_hand_is_at_the_start_levels():
    s = summary_of(HEADER + "warn E a\nwarn W b\nwarn E c\n")
    assert s.winner == "NS" and s.games_won == Sides(EW=0, NS=2)
    assert s.games == (GameSummary(1, "NS", "forfeit", Sides(EW=3, NS=3)),)


def test_a_match_in_progress():
    s = summary_of("match id=X rules=dalian-club\n" + first_hand(points=80))
    assert not s.finished and s.winner is None
    assert s.games == () and s.games_won == Sides(0, 0)
    assert s.seats == ("", "", "", "") and s.teams == TeamNames("", "")
    assert s.ledger == Sides(EW=3, NS=-3)


def test_json_round_trip():
    s = summary_of(HEADER + TWO_ONE, head="ff00", entries=7)
    data = json.loads(json.dumps(s.to_dict(), ensure_ascii=False))
    assert data["seats"] == {"E": "张三", "S": "李四", "W": "王五", "N": "赵六"}
    assert data["games"][0] == {"game": 1, "winner": "EW", "reason": "zero", "levels": {"EW": 5, "NS": 3}}
    assert data["games_won"] == {"EW": 2, "NS": 1}
    assert MatchSummary.from_dict(data) == s


@pytest.mark.parametrize("field, change", [
    ("format", lambda d: d.update(format=0)),
    ("games", lambda d: d["games"][0].pop("levels")),
    ("winner", lambda d: d.update(winner="WE")),
    ("seats", lambda d: d["seats"].pop("N")),
    ("entries", lambda d: d.pop("entries")),
    ("ledger", lambda d: d["ledger"].pop("NS")),
])
def test_from_dict_names_what_is_wrong(field, change):
    data = summary_of(HEADER + TWO_ONE).to_dict()
    change(data)
    with pytest.raises(SummaryError) as e:
        MatchSummary.from_dict(data)
    assert e.value.field == field
