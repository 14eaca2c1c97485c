"""Whole events played through the real command line (``referee event …`` and ``referee record ID
--file``) on a store in a temporary folder: an 8-pair Swiss event, a 9-pair one with byes and a round
robin of 6.

Every number below is worked out by hand in the comments, from the club scoring (2:0 → 3, 2:1 → 2,
1:2 → 1, 0:2 → 0, a bye → 2; tie-breaks: match points, games difference, head-to-head, Buchholz,
level difference, ledger, lot), the pairing rules of ``referee.tournament.pairing`` (round 1 in entry
order; later rounds: the fewest pairs reaching an EW/NS imbalance of 3, then the least sum of squared
match-point differences, then the fewest imbalances of 2, then the least sum of squared rank
distances; seats: the pair that sat EW more often sits NS, at equal counts each takes the other seat
from its last one, else the higher-ranked pair sits EW at odd tables and NS at even ones), and the
two game shapes of ``tests/eventplay.py`` (a short game: ±1 level difference, ±50 ledger; a long one:
±2 and ±53). Nothing is read from the program's output and then expected back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eventplay import Cli, play

A, B = "EW", "NS"


def tables_of(js: dict[str, Any]) -> list[tuple[str, str]]:
    return [(t["ew"], t["ns"]) for t in js["tables"]]


def meetings(js: dict[str, Any]) -> set[frozenset[str]]:
    return {frozenset((t["ew"], t["ns"])) for t in js["tables"]}


def play_round(cli: Cli, tmp: Path, js: dict[str, Any], results: dict[str, tuple[int, int]],
               long_for: dict[str, int] | None = None) -> None:
    """Record each table of the round as *results* says (one entry per table, by the pair it names)."""
    for t in js["tables"]:
        named = [p for p in results if p in (t["ew"], t["ns"])]
        assert len(named) == 1, (t, results)
        p = named[0]
        play(cli, tmp, t, p, *results[p], long_for={k: v for k, v in (long_for or {}).items()
                                                    if k in (t["ew"], t["ns"])})


def rows_by_pair(standings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["pair"]: r for r in standings["standings"]}


# --- an 8-pair Swiss event over 3 rounds -----------------------------------------------------------

def test_swiss_event_of_eight_pairs_with_a_head_to_head_and_a_buchholz_tie(cli: Cli, tmp_path: Path) -> None:
    cli.ok("event", "new", "SW8", "--name", "大连杯 Swiss 8", "--rounds", 3, "--date", "2026-12-05")
    for i in range(1, 9):
        cli.ok("event", "add", "SW8", f"P{i}", f"甲{i}", f"乙{i}", "--club", "星海" if i % 2 else "海之韵")

    # Round 1, entry order (no --seed), all on 0 points: the least rank distances pair 1-2, 3-4, 5-6, 7-8;
    # no seats yet, so the higher-ranked pair sits EW at odd tables (1, 3) and NS at even ones (2, 4).
    r1 = cli.json("event", "pair", "SW8")
    assert r1["round"] == 1 and r1["bye"] is None
    assert tables_of(r1) == [("P1", "P2"), ("P4", "P3"), ("P5", "P6"), ("P8", "P7")]
    assert [t["match"] for t in r1["tables"]] == [f"SW8-R1-T{i}" for i in range(1, 5)]
    # Results: P1 2:0 P2; P4 2:0 P3 (one of P4's games long); P5 2:1 P6 (P6's one game long);
    # P8 2:1 P7 (one of P8's games long).
    play_round(cli, tmp_path, r1, {"P1": (2, 0), "P4": (2, 0), "P5": (2, 1), "P8": (2, 1)},
               long_for={"P4": 1, "P6": 1, "P8": 1})
    cli.ok("event", "close", "SW8")
    # After round 1: P1 3, P4 3 | P5 2, P8 2 | P6 1, P7 1 | P2 0, P3 0 match points.
    # Level differences: P1 +1 +1 = +2, P4 +2 +1 = +3; P5 +1 -2 +1 = 0, P8 +2 -1 +1 = +2;
    #   P6 -1 +2 -1 = 0, P7 -2 +1 -1 = -2; P2 -2, P3 -3.
    # Each group of two is level on games difference and Buchholz (their opponents scored alike), has
    # not met, so the level difference orders it: P4, P1, P8, P5, P6, P7, P2, P3.

    # Round 2: each score group of two meets (squared differences 0); tables in rank order.
    # Everyone has sat once, the EW pairs of round 1 (P1 P4 P5 P8) now meet each other, as do the NS
    # ones, with equal counts and equal last seats: by the table. T1 (odd): the higher-ranked P4 sits
    # EW; T2 (even): the higher-ranked P8 sits NS; T3 (odd): P6 EW; T4 (even): P2 NS.
    r2 = cli.json("event", "pair", "SW8")
    assert tables_of(r2) == [("P4", "P1"), ("P5", "P8"), ("P6", "P7"), ("P3", "P2")]
    # Results (short games): P1 2:1 P4, P5 2:0 P8, P7 2:0 P6, P3 2:1 P2.
    play_round(cli, tmp_path, r2, {"P1": (2, 1), "P5": (2, 0), "P7": (2, 0), "P3": (2, 1)})
    cli.ok("event", "close", "SW8")
    # After round 2: P1 3+2 = 5, P5 2+3 = 5 | P4 3+1 = 4, P7 1+3 = 4 | P3 0+2 = 2, P8 2+0 = 2 |
    #   P2 0+1 = 1, P6 1+0 = 1. Seats so far (EW - NS): P4 +2, P5 +2, P7 -2, P2 -2, the rest 0.
    # Round 3: the groups of two again, none of them met, and no pair reaches an imbalance of 3:
    #   {P1 0, P5 +2}: P1 sits EW (fewer EW); {P4 +2, P7 -2}: P7 EW; {P3 0, P8 0}: P3 sat EW last, P8 NS:
    #   P8 EW; {P2 -2, P6 0}: P2 EW.
    # Their order: P1 (games +3, Buchholz 1 + 4 = 5) before P5 (+3, 1 + 2 = 3); P4 (+1, Buchholz
    #   2 + 5 = 7) before P7 (+1, 2 + 1 = 3); P8 (-1, 4 + 5 = 9) before P3 (-1, 4 + 1 = 5);
    #   P6 (-3, 5 + 4 = 9) before P2 (-3, 5 + 2 = 7).
    r3 = cli.json("event", "pair", "SW8")
    assert tables_of(r3) == [("P1", "P5"), ("P7", "P4"), ("P8", "P3"), ("P2", "P6")]
    # Results: P5 2:1 P1, P4 2:1 P7, P3 2:1 P8, P6 2:1 P2 (P6's first game long).
    play_round(cli, tmp_path, r3, {"P5": (2, 1), "P4": (2, 1), "P3": (2, 1), "P6": (2, 1)}, long_for={"P6": 1})
    closed = cli.ok("event", "close", "SW8")
    assert "final" in closed.out

    st = cli.json("event", "standings", "SW8")
    assert st["event"] == "SW8" and st["round"] == 3 and st["final"] is True
    # Match points: P5 2+3+2 = 7; P1 3+2+1 = 6; P4 3+1+2 = 6; P7 1+3+1 = 5; P3 0+2+2 = 4; P8 2+0+1 = 3;
    #   P6 1+0+2 = 3; P2 0+1+1 = 2.
    # Games: P5 6:2, P1 5:3, P4 5:3, P7 4:4, P3 4:4, P8 3:5, P6 3:5, P2 2:6.
    # P1 and P4: 6 points, +2 each; they met in round 2 (P1 2:1): head-to-head P1 2, P4 1 → P1 first.
    #   Their Buchholz is level (P1: P2 2 + P4 6 + P5 7 = 15; P4: P3 4 + P1 6 + P7 5 = 15), and P4's level
    #   difference is the better (P1 +2 +1 -1 = +2; P4 +3 -1 +1 = +3): only head-to-head puts P1 first.
    # P8 and P6: 3 points, -2 each, never met (no head-to-head); Buchholz P8 = P7 5 + P5 7 + P3 4 = 16,
    #   P6 = P5 7 + P7 5 + P2 2 = 14 → P8 first, though P6's level difference is the better
    #   (P6 0 - 2 + 2 = 0; P8 +2 - 2 - 1 = -1).
    order = [r["pair"] for r in st["standings"]]
    assert order == ["P5", "P1", "P4", "P7", "P3", "P8", "P6", "P2"]
    assert [r["rank"] for r in st["standings"]] == list(range(1, 9))
    by = rows_by_pair(st)
    assert {p: by[p]["match_points"] for p in by} == {"P5": 7, "P1": 6, "P4": 6, "P7": 5, "P3": 4, "P8": 3,
                                                        "P6": 3, "P2": 2}
    assert {p: (by[p]["games_won"], by[p]["games_lost"]) for p in by} == {
        "P5": (6, 2), "P1": (5, 3), "P4": (5, 3), "P7": (4, 4), "P3": (4, 4), "P8": (3, 5), "P6": (3, 5), "P2": (2, 6)}
    assert (by["P1"]["played"], by["P1"]["won"], by["P1"]["lost"]) == (3, 2, 1)
    assert by["P1"]["players"] == ["甲1", "乙1"]
    tb = {p: by[p]["tiebreaks"] for p in by}
    assert tb["P1"]["head_to_head"] == 2 and tb["P4"]["head_to_head"] == 1
    assert tb["P8"]["head_to_head"] is None and tb["P6"]["head_to_head"] is None  # they never met
    assert tb["P5"]["head_to_head"] is None  # tied with nobody
    # Buchholz of everyone: P5 = P6 3 + P8 3 + P1 6 = 12; P7 = P8 3 + P6 3 + P4 6 = 12;
    #   P3 = P4 6 + P2 2 + P8 3 = 11; P2 = P1 6 + P3 4 + P6 3 = 13.
    assert {p: tb[p]["buchholz"] for p in tb} == {"P5": 12, "P1": 15, "P4": 15, "P7": 12, "P3": 11, "P8": 16,
                                                  "P6": 14, "P2": 13}
    assert {p: tb[p]["level_difference"] for p in ("P1", "P4", "P6", "P8")} == {"P1": 2, "P4": 3, "P6": 0, "P8": -1}
    assert {p: tb[p]["games_difference"] for p in ("P5", "P2")} == {"P5": 4, "P2": -4}
    # Ledger of P1: round 1 +50 +50; round 2 +50 -50 +50; round 3 -50 +50 -50 = +100.
    assert tb["P1"]["ledger"] == 100
    assert set(tb["P1"]) == {"games_difference", "head_to_head", "buchholz", "level_difference", "ledger", "lot"}

    # The rounds as the standings give them: round 3's results, winners by pair code, games as counted.
    rounds = st["rounds"]
    assert [r["round"] for r in rounds] == [1, 2, 3] and all(r["status"] == "closed" for r in rounds)
    assert rounds[2]["tables"][0] == {"table": 1, "match": "SW8-R3-T1", "ew": "P1", "ns": "P5", "winner": "P5",
                                      "games": {"EW": 1, "NS": 2}, "result": None}
    assert rounds[2]["bye"] is None

    # Why P1 ranks above P4, and P8 above P6, in words.
    why = cli.ok("event", "standings", "SW8", "--explain", "P1", "P4").out
    assert "P1 is ahead of P4 on head-to-head (2 > 1): that decides it" in why
    assert "level on games difference (+2 = +2)" in why
    why = cli.ok("event", "standings", "SW8", "--explain", "P6", "P8").out
    assert "head-to-head does not apply" in why
    assert "P8 is ahead of P6 on Buchholz (16 > 14): that decides it" in why
    zh = cli.ok("event", "standings", "SW8", "--explain", "P1", "P4", "--lang", "zh").out
    assert "P1 胜负关系领先 P4（2 > 1），由此决出名次" in zh

    # After round 2 the standings were: P1 and P5 on 5, P1 first on Buchholz (5 > 3, see above).
    st2 = cli.json("event", "standings", "SW8", "--after-round", 2)
    assert st2["round"] == 2 and st2["final"] is False and len(st2["rounds"]) == 2
    assert [r["pair"] for r in st2["standings"]][:2] == ["P1", "P5"]
    assert rows_by_pair(st2)["P5"]["tiebreaks"]["buchholz"] == 3

    # Every pair met three different opponents: no rematch in the whole event.
    met = [m for js in (r1, r2, r3) for m in meetings(js)]
    assert len(met) == len(set(met)) == 12
    # Seats: every pair sat EW once or twice over the three rounds (never three times the same side).
    ew = {p: sum(t[0] == p for js in (r1, r2, r3) for t in tables_of(js)) for p in by}
    assert all(n in (1, 2) for n in ew.values()), ew
    # All rounds are played and closed: a fourth is refused, naming the count, and nothing is stored.
    refused = cli("event", "pair", "SW8")
    assert refused.code == 1 and "event SW8 is finished: its 3 rounds are played and closed" in refused.err


# --- 9 pairs over 2 rounds: the byes ---------------------------------------------------------------

def test_swiss_event_of_nine_pairs_gives_the_bye_to_the_lowest_pair_without_one(cli: Cli, tmp_path: Path) -> None:
    cli.ok("event", "new", "SW9", "--name", "Nine", "--rounds", 2)
    for i in range(1, 10):
        cli.ok("event", "add", "SW9", f"Q{i}", f"A{i}", f"B{i}")

    # Round 1: the lowest-ranked pair (Q9, the last entered) has the bye; 1-2, 3-4, 5-6, 7-8 as for 8.
    r1 = cli.json("event", "pair", "SW9")
    assert r1["bye"] == "Q9"
    assert tables_of(r1) == [("Q1", "Q2"), ("Q4", "Q3"), ("Q5", "Q6"), ("Q8", "Q7")]
    # Every table 2:1, the winners Q1 Q3 Q5 Q7; long games: both of Q1's, one of Q3's, Q8's one.
    # Level differences (the winner's 2 + its long games - 1 - the loser's long games): Q1 +3, Q3 +2, Q5 +1,
    #   Q7 0; the losers the opposite: Q2 -3, Q4 -2, Q6 -1, Q8 0.
    play_round(cli, tmp_path, r1, {"Q1": (2, 1), "Q3": (2, 1), "Q5": (2, 1), "Q7": (2, 1)},
               long_for={"Q1": 2, "Q3": 1, "Q8": 1})
    cli.ok("event", "close", "SW9")
    # After round 1: Q1 Q3 Q5 Q7 2 points (+1 games), Q9 2 (the bye, no games: 0), Q2 Q4 Q6 Q8 1 (-1).
    # Order: Q1 Q3 Q5 Q7 (by level difference; their Buchholz is 1 each), Q9, then Q8 Q6 Q4 Q2.

    # Round 2: the bye goes to the lowest-ranked pair without one: Q2. Of the other eight, five are on 2
    # points: one must float down (squared difference 1, the least possible). Pairing neighbours in
    # rank (Q1-Q3, Q5-Q7, Q9-Q8, Q6-Q4: rank distances 1 each, the least) is rematch-free and sets no
    # pair at an imbalance of 2 (each meets a pair of the other or no imbalance), so it is the pairing.
    # Seats by balance: Q3 (NS in round 1) sits EW against Q1; Q7 against Q5; Q9 (no seat yet) against
    # Q8 (EW in round 1); Q6 against Q4.
    r2 = cli.json("event", "pair", "SW9")
    assert r2["bye"] == "Q2"
    assert tables_of(r2) == [("Q3", "Q1"), ("Q7", "Q5"), ("Q9", "Q8"), ("Q6", "Q4")]
    after1 = cli.json("event", "standings", "SW9", "--after-round", 1)  # the order that paired it
    assert [r["pair"] for r in after1["standings"]] == ["Q1", "Q3", "Q5", "Q7", "Q9", "Q8", "Q6", "Q4", "Q2"]
    # Results (short games): Q3 2:0 Q1, Q5 2:0 Q7, Q9 2:1 Q8, Q4 2:0 Q6.
    play_round(cli, tmp_path, r2, {"Q3": (2, 0), "Q5": (2, 0), "Q9": (2, 1), "Q4": (2, 0)})
    cli.ok("event", "close", "SW9")

    st = cli.json("event", "standings", "SW9")
    assert st["final"] is True and [r["bye"] for r in st["rounds"]] == ["Q9", "Q2"]
    by = rows_by_pair(st)
    # Match points: Q3 2+3 = 5, Q5 2+3 = 5, Q9 2 (bye) + 2 = 4, Q4 1+3 = 4, Q2 1 + 2 (bye) = 3,
    #   Q1 2+0 = 2, Q7 2+0 = 2, Q8 1+1 = 2, Q6 1+0 = 1.
    assert {p: by[p]["match_points"] for p in by} == {"Q3": 5, "Q5": 5, "Q9": 4, "Q4": 4, "Q2": 3, "Q1": 2,
                                                        "Q7": 2, "Q8": 2, "Q6": 1}
    # A bye is no match played: Q9 and Q2 played 1 match each, and no games count for the bye.
    assert (by["Q9"]["played"], by["Q9"]["games_won"], by["Q9"]["games_lost"]) == (1, 2, 1)
    assert by["Q2"]["played"] == 1
    # Buchholz: a bye counts as an opponent with the pair's own match points.
    #   Q9 = bye (its own 4) + Q8 2 = 6; Q2 = Q1 2 + bye (its own 3) = 5; Q4 = Q3 5 + Q6 1 = 6;
    #   Q3 = Q4 4 + Q1 2 = 6; Q5 = Q6 1 + Q7 2 = 3; Q1 = Q2 3 + Q3 5 = 8; Q7 = Q8 2 + Q5 5 = 7.
    tb = {p: by[p]["tiebreaks"] for p in by}
    assert {p: tb[p]["buchholz"] for p in ("Q9", "Q2", "Q4", "Q3", "Q5", "Q1", "Q7")} == {
        "Q9": 6, "Q2": 5, "Q4": 6, "Q3": 6, "Q5": 3, "Q1": 8, "Q7": 7}
    # Q3/Q5 (5, games +3 each, never met): Buchholz 6 > 3 → Q3. Q9/Q4 (4, games +1 each, never met):
    #   Buchholz 6 = 6, level difference Q9 +1 (2:1 short), Q4 -2 + 2 = 0 → Q9. Q1/Q7 (2, -1 each):
    #   Buchholz 8 > 7 → Q1; Q8 (2, games -2) after them.
    assert [r["pair"] for r in st["standings"]] == ["Q3", "Q5", "Q9", "Q4", "Q2", "Q1", "Q7", "Q8", "Q6"]
    assert (tb["Q9"]["level_difference"], tb["Q4"]["level_difference"]) == (1, 0)
    why = cli.ok("event", "standings", "SW9", "--explain", "Q9", "Q4").out
    assert "Q9 is ahead of Q4 on level difference (+1 > 0): that decides it" in why
    # Nobody had two byes; every non-bye pair played once a round.
    for js in (r1, r2):
        seated = [p for t in tables_of(js) for p in t] + [js["bye"]]
        assert sorted(seated) == sorted(by)


# --- a round robin of 6 ----------------------------------------------------------------------------

def test_round_robin_of_six_meets_every_pair_once(cli: Cli, tmp_path: Path) -> None:
    cli.ok("event", "new", "RR6", "--name", "Round robin", "--format", "round-robin")
    codes = ["R1", "R2", "R3", "R4", "R5", "R6"]
    for c in codes:
        cli.ok("event", "add", "RR6", c, f"{c}甲", f"{c}乙")
    rounds = []
    for n in range(1, 6):  # 6 pairs: 5 rounds of 3 tables, no bye
        js = cli.json("event", "pair", "RR6")
        assert js["round"] == n and js["bye"] is None and len(js["tables"]) == 3
        # The better-numbered pair always wins 2:0 (R1 beats everyone, R6 nobody).
        play_round(cli, tmp_path, js, {min(t["ew"], t["ns"]): (2, 0) for t in js["tables"]})
        cli.ok("event", "close", "RR6")
        rounds.append(js)
    met = [m for js in rounds for m in meetings(js)]
    assert len(met) == 15 and set(met) == {frozenset((a, b)) for i, a in enumerate(codes) for b in codes[i + 1:]}
    # Each pair sits EW in 2 or 3 of its 5 matches (the circle method alternates as far as it can).
    ew = {c: sum(t[0] == c for js in rounds for t in tables_of(js)) for c in codes}
    assert all(n in (2, 3) for n in ew.values()), ew
    st = cli.json("event", "standings", "RR6")
    # Match points: 3 for each win, R1 5 wins = 15, R2 4 = 12, R3 9, R4 6, R5 3, R6 0.
    assert [(r["pair"], r["match_points"]) for r in st["standings"]] == [
        ("R1", 15), ("R2", 12), ("R3", 9), ("R4", 6), ("R5", 3), ("R6", 0)]
    assert st["final"] is True
    # A round robin is scored by the bundled "robin" scoring: no Buchholz (every pair met the same pairs).
    # Sonneborn-Berger of R1: 3 match points in each match × the opponent's total, 3 × (12 + 9 + 6 + 3 + 0) = 90.
    assert "buchholz" not in st["standings"][0]["tiebreaks"]
    assert st["standings"][0]["tiebreaks"]["sonneborn_berger"] == 90
    assert "event RR6 is finished: its 5 rounds are played and closed" in cli("event", "pair", "RR6").err


def test_a_round_robin_of_five_gives_each_pair_one_bye(cli: Cli, tmp_path: Path) -> None:
    cli.ok("event", "new", "RR5", "--name", "Five", "--format", "round_robin")
    for c in ("A", "B", "C", "D", "E"):
        cli.ok("event", "add", "RR5", c, f"{c}1", f"{c}2")
    byes = []
    for _ in range(5):  # 5 pairs: a virtual sixth, so 5 rounds of 2 tables and a bye each
        js = cli.json("event", "pair", "RR5")
        byes.append(js["bye"])
        play_round(cli, tmp_path, js, {t["ew"]: (2, 1) for t in js["tables"]})
        cli.ok("event", "close", "RR5")
    assert sorted(byes) == ["A", "B", "C", "D", "E"]
    st = cli.json("event", "standings", "RR5")
    # Each pair plays the 4 others once and has one bye: 4 matches played (a bye is not one).
    assert all(r["played"] == 4 for r in st["standings"])
    # 10 matches of 2:1 give 2 + 1 points each, and the 5 byes 2 each: 30 + 10 = 40 in all.
    assert sum(r["match_points"] for r in st["standings"]) == 40
