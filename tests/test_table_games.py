"""The table commands and the guided prompt of every game through the game interface (issue 30): a new match's
players and sides (Gunzi's partnerships EW/NS, gunzi-rules.md §1.1; 打滚 and mahjong seated E S W N; Dou Dizhu's
seats 1 2 3, doudizhu-rules.md §1), the audit trail by deal and by Gunzi's 局 games (gunzi-rules.md §3: a match is
games of hands), and what tab completes at the one prompt."""

from __future__ import annotations

from pathlib import Path

import pytest
from eventplay import Cli

from referee.games import registry


@pytest.mark.parametrize("key", ["hubei-dagun", "jinhua-mahjong"])
def test_new_seats_the_compass_options_where_the_game_is_seated_e_s_w_n(tmp_path: Path, key: str) -> None:
    """--east … --north seat 打滚's and mahjong's players as Gunzi's (each seated E S W N); a seat not given is left
    unnamed."""
    cli = Cli(tmp_path / "db")
    cli.ok("new", "M1", "--game", key, "--east", "甲", "--west", "丙", "--date", "2026-12-01")
    lines = cli.ok("export", "M1").out.splitlines()
    assert lines[1:] == ["seat E 甲", "seat W 丙"]


def test_new_refuses_compass_seats_and_team_names_for_dou_dizhu(tmp_path: Path) -> None:
    """Dou Dizhu seats its three players 1 2 3 and each plays for themself (doudizhu-rules.md §1): --east and --ew
    name nothing of it; nothing is stored."""
    cli = Cli(tmp_path / "db")
    run = cli("new", "D1", "--game", "doudizhu", "--east", "甲")
    assert run.code == 2
    assert run.err.strip() == ("error: --east/--south/--west/--north name seats E S W N; Dou Dizhu seats its players "
                               "1 2 3: give them with --player")
    run = cli("new", "D1", "--game", "doudizhu", "--ew", "海之韵")
    assert run.code == 2
    assert run.err.strip() == "error: --ew/--ns name the partnerships of a game of pairs; Dou Dizhu has none"
    run = cli("new", "D1", "--east", "甲", "--player", "乙")
    assert run.code == 2
    assert run.err.strip() == "error: give the players with --player or with --east … --north, not both"
    assert cli("export", "D1").code != 0  # nothing was stored


@pytest.mark.parametrize(("key", "first"), [
    ("gunzi", "next: hand | warn | ruling | time"),  # §3: a match is hands, each begun by `hand`
    ("doudizhu", "next: deal"),  # §3: every deal is dealt before it is bid
    ("jinhua-mahjong", "next: deal"),
    ("hubei-dagun", "next: deal dealer=SEAT"),  # §4.1: the first deal names its dealer
])
def test_new_says_what_comes_next_at_every_game(tmp_path: Path, key: str, first: str) -> None:
    """A new match's last line is what its game expects first (``Game.next_text``), at every game."""
    cli = Cli(tmp_path / "db")
    out = cli.ok("new", "M1", "--game", key).out.splitlines()
    assert out[0].startswith("new match M1 (") and out[1] == first


def test_log_groups_gunzi_hands_into_games_and_other_deals_by_deal(tmp_path: Path) -> None:
    """Gunzi's first hand is hand 1 of game 1 (§3); `--game 2` picks none of it. A Dou Dizhu deal is `deal 1`, and
    --game is refused (its deals fall into no game)."""
    cli = Cli(tmp_path / "db")
    cli.ok("new", "G1", "--east", "甲", "--south", "乙", "--west", "丙", "--north", "丁")
    cli.ok("record", "G1", "hand")
    log = cli.ok("log", "G1").out.splitlines()
    assert "match (before the first hand)" in log and log[-2] == "game 1, hand 1" and log[-1].endswith(" hand")
    assert cli.ok("log", "G1", "--game", "2").out.splitlines()[-1] == "(no entries of that kind)"
    assert cli.ok("log", "G1", "--game", "1").out.splitlines()[-2] == "game 1, hand 1"
    cli.ok("new", "D1", "--game", "doudizhu", "--player", "甲", "--player", "乙", "--player", "丙")
    cli.ok("record", "D1", "deal")
    log = cli.ok("log", "D1").out.splitlines()
    assert "match (before the first deal)" in log and log[-2] == "deal 1" and log[-1].endswith(" deal")
    assert cli("log", "D1", "--game", "1").code == 2


def test_log_units_and_titles_of_every_game() -> None:
    """Gunzi's hands are placed in games (a hand begun: game 1, §3); the others' deals in none, each titled as the
    game calls a deal."""
    for key in registry.GAMES:
        game = registry.game(key)
        if key == "gunzi":
            header = "match id=G1\nhand\n"
        else:
            header = f"match id=M1 game={key}\n"
        events = game.read(header).events
        result = game.replay(events, game.load_rules(game.default_rules))
        units = game.log_units(events, result)
        if key == "gunzi":
            assert units == [1]
            assert game.log_title(1, 3).text("en") == "game 1, hand 3"
            assert game.log_title(None, None).text("en") == "match (before the first hand)"
        else:
            assert units is None
            assert game.log_title(None, 3).text("en") == game.deal_title(3).text("en")
            assert game.log_title(None, None).text("en") == "match (before the first deal)"


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_the_one_prompt_completes_each_games_words(key: str) -> None:
    """Tab at the first word offers the game's deal opener and the prompt's commands; after it, the seats (all four
    games but Dou Dizhu seat E S W N; Dou Dizhu 1 2 3); after Gunzi's `last` a side (§6.6: dig or keep)."""
    from referee.cli.commands.guided import completions

    game = registry.game(key)
    opener = "hand" if key == "gunzi" else "deal"
    assert opener in completions(game, "", opener[:2])
    assert completions(game, "", "und") == ["undo"]
    seats = completions(game, "out " if key == "doudizhu" else "win ", "")
    assert seats[:len(game.seats)] == list(game.seats)
    if key == "gunzi":
        assert completions(game, "last ", "ke") == ["keep", "kept"]
        assert completions(game, "last ", "抠") == ["抠底"]


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_the_prompt_opens_a_deal_itself_only_where_a_session_is_a_deal(key: str) -> None:
    """Gunzi's prompt is the entry of one hand, begun by `hand` (§3); the others' prompt a session of directives."""
    game = registry.game(key)
    events = game.read("match id=M1\n" if key == "gunzi" else f"match id=M1 game={key}\n").events
    result = game.replay(events, game.load_rules(game.default_rules))
    assert game.prompt_by_deal == (key == "gunzi")
    assert game.opening(result) == ("hand" if key == "gunzi" else None)
