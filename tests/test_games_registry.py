"""The registry of games: which game a record's header names, and which game a rule set is of."""

from __future__ import annotations

import pytest

from referee.core.errors import UsageError
from referee.games.registry import GAMES, UnknownGame, game, game_of_rules, game_of_text


@pytest.mark.parametrize(("text", "found"), [
    ("match id=T1\nhand\n", ("gunzi", 1)),  # no game= key: Gunzi, as every record before the key
    ("# Spring Cup\n\nmatch id=D1 game=doudizhu\n", ("doudizhu", 3)),  # comments and blank lines first
    ("\ufeffmatch id=D1 GAME=DouDizhu\n", ("doudizhu", 1)),  # a BOM, any case
    ('match id=D1 event="Cup # 3" game="jinhua-mahjong"\n', ("jinhua-mahjong", 1)),  # '#' inside quotes is text
    ("match id=D1 # game=doudizhu\n", ("gunzi", 1)),  # a commented-out key does not count
    ('match id=D1 event="a game=doudizhu" game=jinhua-mahjong\n', ("jinhua-mahjong", 1)),  # a quoted value is text
    ('match id=D1 event="6\\" # 2" game=doudizhu\n', ("doudizhu", 1)),  # an escaped quote closes nothing
    ("match id=D1 game = doudizhu\n", ("doudizhu", 1)),  # spaced around '=' (the reader then says what is wrong)
    ("比赛 id=D1 game=doudizhu\n", ("doudizhu", 1)),  # the header's Chinese keyword, as every reader takes it
    ("hand\nmatch id=T1 game=doudizhu\n", ("gunzi", 0)),  # the header is the first directive, or there is none
    ("", ("gunzi", 0)),
])
def test_a_record_names_its_game_on_its_header_line(text: str, found: tuple[str, int]) -> None:
    assert game_of_text(text) == found


def test_an_unknown_game_is_a_usage_error_naming_the_games() -> None:
    with pytest.raises(UnknownGame) as e:
        game("go")
    assert isinstance(e.value, UsageError)
    known = ", ".join(GAMES)
    assert e.value.msg.text("en") == f"game=go: not a game this version officiates (games: {known})"
    assert e.value.msg.text("zh") == f"game=go：本版本不支持这个游戏（可用：{'、'.join(GAMES)}）"


def test_each_registered_game_is_found_by_its_key_and_offers_its_rule_sets() -> None:
    for key in GAMES:
        g = game(key)
        assert g.key == key
        assert g.default_rules in g.rule_sets()
        assert all(game_of_rules(name) == key for name in g.rule_sets())


def test_a_rule_file_is_of_the_game_it_or_its_base_names(tmp_path) -> None:
    own = tmp_path / "own.toml"
    own.write_text('game = "doudizhu"\n', encoding="utf-8")
    based = tmp_path / "based.toml"
    based.write_text('base = "hubei-dagun"\n', encoding="utf-8")
    on_file = tmp_path / "on-file.toml"
    on_file.write_text('base = "own.toml"\n', encoding="utf-8")
    looped = tmp_path / "loop.toml"
    looped.write_text('base = "loop.toml"\n', encoding="utf-8")
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    assert [game_of_rules(str(p)) for p in (own, based, on_file)] == ["doudizhu", "hubei-dagun", "doudizhu"]
    # a file that names no game, names itself as base, or cannot be read is left to Gunzi's loader to refuse
    assert [game_of_rules(str(p)) for p in (looped, deep, tmp_path / "none.toml")] == ["gunzi"] * 3


@pytest.mark.parametrize(("key", "words"), [
    ("gunzi", ("E", "S", "W", "N", "东", "南", "西", "北")),
    ("doudizhu", ("1", "2", "3")),  # seats by number (doudizhu-record-format.md)
    ("hubei-dagun", ("E", "S", "W", "N", "东", "南", "西", "北")),
    ("jinhua-mahjong", ("E", "S", "W", "N", "东", "南", "西", "北")),
])
def test_the_seat_words_the_guided_prompt_offers(key: str, words: tuple[str, ...]) -> None:
    """The seat letters and, where the reader takes them, the Chinese seat words (the kit's ``seat_spellings``)."""
    assert game(key).seat_words() == words
