"""The interface's officiating capabilities (``Game.expects``, ``warned``, ``short_answer``, ``owns``,
``read_record``) for all four games: what ``app.officiate``, ``app.appending``, ``app.answers``,
``app.recording`` and ``app.sources`` reach a game through, naming none. Expectations from the rules docs and the
record formats (docs/*-rules.md, docs/*record-format.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import individual_games

from referee.app.answers import Unread, read_answer
from referee.app.recording import OtherGame, record
from referee.games import registry
from referee.games.registry import game
from referee.store.api import MatchStore

GUNZI = """match id=G1 rules=dalian-club
team EW Eagles
team NS Sharks
seat E 张三
seat S 李四
seat W 王五
seat N 赵六
"""
HEADERS = {
    "doudizhu": "match id=D1 game=doudizhu rules=doudizhu-classic\nseat 1 Ann\nseat 2 Bo\nseat 3 Cy\n",
    "hubei-dagun": "match id=H1 game=hubei-dagun rules=hubei-dagun\nseat E Ann\nseat S Bo\nseat W Cy\nseat N Di\n",
    "jinhua-mahjong": "match id=J1 game=jinhua-mahjong rules=jinhua-mahjong\nseat E Ann\nseat S Bo\nseat W Cy\n"
                      "seat N Di\n",
}
WARN_SEAT = {"doudizhu": "2", "hubei-dagun": "S", "jinhua-mahjong": "S"}
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _events(key: str, text: str) -> list[object]:
    reading = game(key).read(text)
    assert reading.errors == [], reading.errors
    return list(reading.events)


def test_a_gunzi_warning_counts_against_the_seat_s_team_towards_the_forfeit() -> None:
    """§8.1: a team warned three times loses the match 2:0 (dalian-club: warnings_limit 3, best of three, so 2
    games to win); N plays for NS (§1: partners sit opposite, E-W against N-S)."""
    g = game("gunzi")
    events = _events("gunzi", GUNZI + 'warn N "talked about the cards"\n')
    assert g.warned(events[-1], g.load_rules("dalian-club")) == ("NS", 3, 2)
    assert g.warned(events[-1], g.load_rules("classic")) == ("NS", 0, 1)  # classic: one game, no warnings limit
    assert g.warned(events[0], g.load_rules("dalian-club")) is None  # the header is no warning


@pytest.mark.parametrize("key", individual_games())
def test_a_warning_at_the_other_games_counts_towards_nothing(key: str) -> None:
    """Their rules docs ("Conduct and rulings"): a warning is kept with the match and changes no score, so there is
    no limit it counts towards."""
    g = game(key)
    events = _events(key, HEADERS[key] + f'warn {WARN_SEAT[key]} "talked about the cards"\n')
    assert type(events[-1]).__name__ == "Warn"
    assert g.warned(events[-1], g.load_rules(g.default_rules)) is None


def _gunzi_until(keyword: str) -> tuple[object, list[object]]:
    """The spring cup's match replayed up to (not with) the first line that begins with *keyword*."""
    text = (EXAMPLES / "spring-cup.gunzi").read_text(encoding="utf-8")
    lines = text.splitlines()
    cut = next(i for i, line in enumerate(lines) if line.split("#")[0].split()[:1] == [keyword])
    g = game("gunzi")
    events = _events("gunzi", "\n".join(lines[:cut]) + "\n")
    return g.replay(events, g.load_rules("dalian-club")), events


def test_a_bare_number_at_gunzi_fills_the_points_expected() -> None:
    """record-format: ``points N`` records the defenders' points; the prompt takes ``30`` for it when points are
    what the hand expects (a directive typed whole is no short answer)."""
    g = game("gunzi")
    result, _ = _gunzi_until("points")
    assert "points" in g.expects(result)
    assert g.short_answer(result.state, "30") == "points 30"
    assert g.short_answer(result.state, " 30 ") == "points 30"
    assert g.short_answer(result.state, "points 30") is None
    assert g.short_answer(result.state, "Eagles") is None  # fits no expected directive
    assert read_answer("30", result.state) == _events("gunzi", "points 30\n")[0]._replace(line=0)


@pytest.mark.parametrize("key", individual_games())
def test_the_other_games_have_no_short_answers(key: str) -> None:
    """Their prompts read every answer as a directive of their record format."""
    g = game(key)
    result = g.replay(_events(key, HEADERS[key]), g.load_rules(g.default_rules))
    assert g.short_answer(None, "30") is None
    assert g.short_answer(None, "deal") is None
    assert "deal" in g.expects(result)  # after the seats a deal opens (each record format: `deal`)


def test_an_answer_of_another_game_is_read_by_that_game() -> None:
    """read_answer with the match's game: a Dou Dizhu ``deal`` is its DealStart; a line it cannot read is refused
    with the reader's words."""
    g = game("doudizhu")
    result = g.replay(_events("doudizhu", HEADERS["doudizhu"]), g.load_rules("doudizhu-classic"))
    event = read_answer("deal", result, g)
    assert type(event).__name__ == "DealStart"
    assert read_answer("# a comment", result, g) is None


def test_gunzi_s_expected_keywords_are_its_engine_s() -> None:
    """After the seats a Gunzi match expects the first hand (``hand``; record-format: a hand opens with it)."""
    g = game("gunzi")
    result = g.replay(_events("gunzi", GUNZI), g.load_rules("dalian-club"))
    assert "hand" in g.expects(result)
    assert all(" " not in k for k in g.expects(result))  # keywords, not forms


def test_each_game_owns_its_events_and_the_kit_s_warnings_are_shared() -> None:
    """A directive read by one game is not another's (recording refuses it); ``warn`` of the three games of
    individual players is the kit's one directive, Gunzi's its own (§8.1: against a seat of a team)."""
    texts = {"gunzi": GUNZI + 'warn N "x"\n', **{k: v + f'warn {WARN_SEAT[k]} "x"\n' for k, v in HEADERS.items()}}
    events = {k: _events(k, t) for k, t in texts.items()}
    for key, evs in events.items():
        assert all(game(key).owns(ev) for ev in evs), key
        for other in texts:
            if other != key:
                assert not game(other).owns(evs[0]), (other, key)  # the header: each game's own
    kit_warn = events["doudizhu"][-1]
    assert game("hubei-dagun").owns(kit_warn) and game("jinhua-mahjong").owns(kit_warn)
    assert not game("gunzi").owns(kit_warn)
    assert not game("doudizhu").owns(events["gunzi"][-1])


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_a_record_file_s_name_with_a_control_character_is_an_error_at_its_line(key: str) -> None:
    """core.names: a name holding a control character is refused, each game at the seat line it is on (line 2 of
    a header and its seats; Gunzi's line 4, after its two team lines)."""
    text = (GUNZI if key == "gunzi" else HEADERS[key]).replace("seat E 张三", "seat E 张\x07三").replace(
        "seat 1 Ann", "seat 1 A\x07nn").replace("seat E Ann", "seat E A\x07nn")
    reading = game(key).read_record(text)
    assert [e.line for e in reading.errors] == [4 if key == "gunzi" else 2]
    assert "control character" in reading.errors[0].msg.text("en")


def test_gunzi_events_are_not_recorded_into_another_game_s_match(store: MatchStore) -> None:
    """record() stores events read already; into a Dou Dizhu match, Gunzi's are refused (Game.owns), nothing
    stored: the caller reads the directive's text with the match's game."""
    store.create(_events("doudizhu", HEADERS["doudizhu"]), "ann")
    before = len(store.entries("D1"))
    hand = _events("gunzi", GUNZI + "hand\n")[-1]
    with pytest.raises(OtherGame) as e:
        record(store, "D1", [hand], "ann")
    assert e.value.msg.text("en") == ("match D1 is a match of Dou Dizhu: the directive was read as another game's; "
                                      "nothing stored")
    assert len(store.entries("D1")) == before
    g = game("doudizhu")
    result = g.replay(store.events("D1"), g.load_rules("doudizhu-classic"))
    with pytest.raises(Unread) as unread:
        read_answer("bdi 1 2", result, g)
    assert unread.value.msg.text("en").startswith("'bdi 1 2' is not understood: did you mean 'bid'? (expected: deal")
