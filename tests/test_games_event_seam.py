"""What an event needs of a game, through the game interface, for all four games: the lines a new match of an
event's round is created with and which events are that setup (``Game.setup_lines``, ``Game.setup``), how a forced
close ends an unfinished match (``Game.forced_end``) and what a match given up counts (``Game.walkover_games``).
"""

from __future__ import annotations

import pytest
from eventplay import match_text
from helpers import individual_games

from referee.games import registry
from referee.games.api import ForcedEnd

NAMES = ("张三", "李 四", "Wang", "Zhao")
GAMES = {"gunzi": ("E", "S", "W", "N"), "doudizhu": ("1", "2", "3"), "hubei-dagun": ("E", "S", "W", "N"),
         "jinhua-mahjong": ("E", "S", "W", "N")}
DEAL = {"gunzi": "hand", "doudizhu": "deal", "hubei-dagun": "deal 1 dealer=E", "jinhua-mahjong": "deal E"}


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_a_new_matchs_setup_reads_back_as_setup_and_a_deal_does_not(key: str) -> None:
    """An event's round creates each match with these lines; a match holding only them can be taken back."""
    game = registry.game(key)
    assert game.seats == GAMES[key]
    players = NAMES[:len(game.seats)]
    teams = ("A1", "B2") if key == "gunzi" else ()
    lines = game.setup_lines(players, teams)
    quoted = {"李 四": '"李 四"'}  # a name with a space is quoted (kit.notation.quote)
    seat_lines = [f"seat {s} {quoted.get(n, n)}" for s, n in zip(game.seats, players, strict=True)]
    assert lines == (["team EW A1", "team NS B2"] if key == "gunzi" else []) + seat_lines
    game_key = "" if key == registry.DEFAULT else f" game={key}"
    reading = game.read("\n".join([f"match id=T1{game_key}", *lines, DEAL[key]]) + "\n")
    assert reading.errors == []
    *setup, deal = reading.events
    assert len(setup) == 1 + len(lines)
    assert all(game.setup(ev) for ev in setup)
    assert not game.setup(deal)  # the first deal is play: its match was started


@pytest.mark.parametrize("key", individual_games())
def test_a_game_of_individual_players_names_no_team(key: str) -> None:
    with pytest.raises(ValueError, match="teams"):
        registry.game(key).setup_lines(NAMES[:3], ("A1", "B2"))


def _gunzi(winners: list[str]) -> tuple[object, object]:
    game = registry.game("gunzi")
    rules = game.load_rules("dalian-club")
    return game.replay(game.read(match_text("T1", winners)).events, rules), rules


def test_gunzi_decides_a_match_stopped_early_for_the_side_ahead() -> None:
    """gunzi-rules.md §7.3.5: the side ahead in games; dalian-club plays to 2 games (§8.1), so EW, a game ahead,
    needs one ruling, NS's ruling then ending its second game and the match."""
    game = registry.game("gunzi")
    result, rules = _gunzi(["EW"])
    assert game.forced_end(result, rules, "time") == ForcedEnd("EW", ("ruling winner=EW time",), (1, 0))
    result, rules = _gunzi(["EW", "NS"])  # 1:1 and the third game not begun: level in games and in level
    assert game.forced_end(result, rules, "time") == ForcedEnd(None, (), (1, 1))
    result, rules = _gunzi([])  # nothing played: level
    assert game.forced_end(result, rules, "time").side is None


def test_a_match_given_up_counts_the_games_it_is_won_by() -> None:
    """Gunzi: games_to_win : 0 (§8.1, dalian-club 2, classic 1); the games of individual players count none."""
    gunzi = registry.game("gunzi")
    assert gunzi.walkover_games(gunzi.load_rules("dalian-club")) == 2
    assert gunzi.walkover_games(gunzi.load_rules("classic")) == 1
    for key in individual_games():
        game = registry.game(key)
        assert game.walkover_games(game.load_rules(game.default_rules)) == 0


@pytest.mark.parametrize("key", individual_games())
def test_a_game_of_individual_players_records_no_ruling_at_a_forced_close(key: str) -> None:
    """Its rules give a match stopped early to no side: it stands as its settled deals leave it."""
    game = registry.game(key)
    rules = game.load_rules(game.default_rules)
    players = NAMES[:len(game.seats)]
    events = game.read("\n".join([f"match id=T1 game={key}", *game.setup_lines(players)]) + "\n").events
    assert game.forced_end(game.replay(events, rules), rules, "time") == ForcedEnd(None, (), ())
