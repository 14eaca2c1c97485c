"""Event logs written before the one event model (tests/fixtures/events-3571093, both kinds and a league of them)
open and replay to the standings their entries give under the club scoring and the individual rules, worked out
here by hand: the pair and player actions read by one code path, the results of both kinds by one module and the
league by one season sum change nothing of what an old log says."""

from __future__ import annotations

import shutil
from pathlib import Path

from referee.results import eventresults, leagueresults
from referee.store.api import open_store
from referee.tournament.scoring import Criterion as C

FIXTURE = Path(__file__).parent / "fixtures" / "events-3571093"


def _store(tmp_path: Path):  # noqa: ANN202 - the store's type is the backend's
    shutil.copytree(FIXTURE, tmp_path / "store")
    return open_store(tmp_path / "store")


def test_an_old_event_of_pairs_replays_to_its_standings(tmp_path: Path) -> None:
    results = eventresults.load_any(_store(tmp_path), "G")
    assert isinstance(results, eventresults.EventResults)
    state = results.state
    # E was removed, D's club corrected and D withdrawn: four pairs, D inactive
    assert [(p.code, p.club, p.active) for p in state.pairs] == [("A", "", True), ("B", "", True),
                                                                 ("C", "星海", True), ("D", "海之韵", False)]
    # round 1: D (EW) 2:1 B, C (EW) 0:2 A; round 2: A (EW) 2:1 B, C the bye (club scoring: 2:0 = 3, 2:1 = 2, 1:2 =
    # 1, 0:2 = 0, a bye 2). A 3 + 2 = 5, games 4:1; D 2, 2:1; C 0 + 2 = 2, 0:2; B 1 + 1 = 2, 2:4.
    # Buchholz: A: C 2 + B 2 = 4; C: A 5 + the bye as its own 2 = 7; B: D 2 + A 5 = 7; D: B 2.
    # At 2 match points: games difference D +1, C −2, B −2; C and B never met, equal Buchholz: the lot (C 1, B 2).
    assert [(r.pair, r.played, r.won, r.lost, r.byes, r.match_points, r.games_won, r.games_lost,
             r.tiebreaks[C.buchholz]) for r in results.standings.rows] == [
        ("A", 2, 2, 0, 0, 5, 4, 1, 4), ("D", 1, 1, 0, 0, 2, 2, 1, 2), ("C", 1, 0, 1, 1, 2, 0, 2, 7),
        ("B", 2, 0, 2, 0, 2, 2, 4, 7)]
    assert results.final and not results.broken


def test_an_old_event_of_players_replays_to_its_standings(tmp_path: Path) -> None:
    results = eventresults.load_any(_store(tmp_path), "D")
    assert isinstance(results, eventresults.IndividualResults)
    assert [(p.code, p.name, p.club, p.active) for p in results.state.players] == [
        ("P1", "甲", "", True), ("P2", "乙", "", True), ("P3", "丙", "", False), ("P4", "丁", "星海", True)]
    # round 1, seats P4 P1 P3 (P2 sits out): 10:1:−11; round 2, seats P2 P4 P1: −4:8:−4 (P2 and P1 share second)
    # P4 10 + 8 = 18, first twice; P1 1 − 4 = −3; P2 −4, sat out once; P3 −11
    assert [(r.rank, r.player, r.played, r.sat_out, r.score, r.firsts) for r in results.standings] == [
        (1, "P4", 2, 0, 18, 2), (2, "P1", 2, 0, -3, 0), (3, "P2", 1, 1, -4, 0), (4, "P3", 1, 0, -11, 0)]
    assert results.final and not results.broken


def test_an_old_league_sums_both_of_its_events(tmp_path: Path) -> None:
    results = leagueresults.load(_store(tmp_path), "L")
    assert [r.state.settings.id for r in results.results] == ["G", "D"]
    # one event each: the league's rows are the events' (pairs by match points, then games difference and
    # Buchholz summed; 丙丁 and 戊己 equal on both share third, listed by name)
    assert [(r.rank, r.player1, r.player2, r.match_points) for r in results.standings.rows] == [
        (1, "甲", "乙", 5), (2, "庚", "辛", 2), (3, "丙", "丁", 2), (3, "戊", "己", 2)]
    # 甲 plays in a pair of G and for themself in D: two entries of the season, one of each kind
    assert [(r.rank, r.player, r.score, r.firsts, r.clubs) for r in results.players] == [
        (1, "丁", 18, 2, ("星海",)), (2, "甲", -3, 0, ()), (3, "乙", -4, 0, ()), (4, "丙", -11, 0, ())]
    assert not results.broken
