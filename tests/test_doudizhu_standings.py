"""Dou Dizhu matches read by the individual-player standings (referee.tournament.individual) only through the
game-neutral summary: records replayed by the real reader and engine, totals worked by hand (docs §6)."""

from __future__ import annotations

from referee.games.api import rules_named
from referee.games.doudizhu.game import GAME
from referee.games.doudizhu.summary import MatchSummary
from referee.tournament.individual import Player, SeatedRound, Seating, standings

M1 = """match id=M1 game=doudizhu
seat 1 P1
seat 2 P2
seat 3 P3
deal
bid 1 3
kitty 3 4 5
bomb 1 6666
out 1
"""
# M1: P1 bids 3, one bomb ×2 → unit 6; P1 out: P1 +12, P2 -6, P3 -6 (P1 first)

M2 = """match id=M2 game=doudizhu
seat 1 P4
seat 2 P5
seat 3 P6
deal
bid 1 pass
bid 2 1
bid 3 pass
kitty 3 4 5
out 3
"""
# M2: P5 bids 1, farmer P6 out: P5 pays 2, P4 and P6 +1 each (both placed first)


def summary(text: str) -> MatchSummary:
    reading = GAME.read(text)
    assert reading.errors == []
    result = GAME.replay(reading.events, GAME.load_rules(rules_named(GAME, reading.events)))
    assert GAME.problems(result) == []
    return GAME.summarize(result)


def test_standings_of_a_dou_dizhu_round() -> None:
    players = [Player(f"P{i}", f"Player {i}") for i in range(1, 7)]
    rounds = [SeatedRound(1, (Seating(1, "M1", ("P1", "P2", "P3")), Seating(2, "M2", ("P4", "P5", "P6"))))]
    rows = standings(players, rounds, {"M1": summary(M1), "M2": summary(M2)})
    by_player = {r.player: r for r in rows}
    assert [(p, by_player[p].score, by_player[p].firsts) for p in ("P1", "P2", "P3", "P4", "P5", "P6")] == [
        ("P1", 12, 1), ("P2", -6, 0), ("P3", -6, 0), ("P4", 1, 1), ("P5", -2, 0), ("P6", 1, 1)]
    # by score: P1 12; P4 and P6 1 (level on firsts and head-to-head: the lot); P5 -2; P2 and P3 -6
    assert rows[0].player == "P1"
    assert {rows[1].player, rows[2].player} == {"P4", "P6"}
    assert rows[3].player == "P5"
    assert {rows[4].player, rows[5].player} == {"P2", "P3"}
    assert all(r.played == 1 for r in rows)
