"""The prize list (``event prizes`` from the scoring's ``[prizes] awards``) and round 1 seeded by rating,
through the real command line; the results entered by the director (``event result``), so the numbers are
the club scoring's (2:0 = 3, 2:1 = 2, 1:2 = 1, 0:2 = 0), worked out in the comments.
"""

from __future__ import annotations

from pathlib import Path

from eventplay import Cli

EVENT = "PRZ"


def test_prizes_overall_best_club_and_newcomers_after_a_rated_round_one(cli: Cli, tmp_path: Path) -> None:
    cli.ok("event", "new", EVENT, "--name", "Club night", "--rounds", 2)
    cli.ok("event", "add", EVENT, "Q1", "q1a", "q1b", "--club", "海之韵", "--rating", 1500)
    cli.ok("event", "add", EVENT, "Q2", "q2a", "q2b", "--club", "海之韵", "--rating", 1800, "--newcomer")
    cli.ok("event", "add", EVENT, "Q3", "q3a", "q3b", "--club", "星海", "--rating", 1700, "--newcomer")
    cli.ok("event", "add", EVENT, "Q4", "q4a", "q4b", "--club", "星海")
    run = cli("event", "add", EVENT, "Q5", "q5a", "q5b", "--rating", -1)
    assert (run.code, run.err.strip()) == (2, "error: --rating -1: a whole number from 0")

    # Round 1 by rating, highest first, the unrated last: Q2 1800, Q3 1700, Q1 1500, Q4; adjacent pairs:
    # T1 Q2 v Q3 (odd table: the higher-ranked EW), T2 Q1 v Q4 (even: the lower-ranked EW).
    js = cli.json("event", "pair", EVENT)
    assert [(t["ew"], t["ns"]) for t in js["tables"]] == [("Q2", "Q3"), ("Q4", "Q1")]
    cli.ok("event", "result", EVENT, 1, "Q3", "2:1", "--reason", "slip")  # Q3 2, Q2 1
    cli.ok("event", "result", EVENT, 2, "Q1", "2:0", "--reason", "slip")  # Q1 3, Q4 0
    cli.ok("event", "close", EVENT)
    not_final = cli.ok("event", "prizes", EVENT).out
    assert not_final.startswith("Prizes of PRZ (Club night): NOT FINAL, standings after round 1")

    # Round 2: Q1 (3) v Q3 (2), Q2 (1) v Q4 (0): squared differences 1 + 1 = 2, no rematch.
    js = cli.json("event", "pair", EVENT)
    assert {frozenset((t["ew"], t["ns"])) for t in js["tables"]} == {frozenset(("Q1", "Q3")), frozenset(("Q2", "Q4"))}
    for t in js["tables"]:
        winner = "Q3" if "Q3" in (t["ew"], t["ns"]) else "Q2"
        cli.ok("event", "result", EVENT, t["table"], winner, "2:0", "--reason", "slip")  # 3 to the winner
    cli.ok("event", "close", EVENT)

    # Final: Q3 2 + 3 = 5, Q2 1 + 3 = 4, Q1 3 + 0 = 3, Q4 0. Clubs (2 best pairs each): 海之韵 Q2 4 + Q1 3 = 7,
    # 星海 Q3 5 + Q4 0 = 5. Newcomers Q2 and Q3: Q3 ranks first.
    out = cli.ok("event", "prizes", EVENT).out.splitlines()
    assert out == ["Prizes of PRZ (Club night): final standings",
                   "  Place 1: Q3 (q3a, q3b), 5 match points",
                   "  Place 2: Q2 (q2a, q2b), 4 match points",
                   "  Place 3: Q1 (q1a, q1b), 3 match points",
                   "  Best club: 海之韵, 7 match points (Q2, Q1)",
                   "  Best newcomers 1: Q3 (q3a, q3b), 5 match points"]
    js = cli.json("event", "prizes", EVENT)
    assert js["final"] is True and js["awards"] == ["overall:3", "club:2", "newcomer:1"]
    assert [(p["award"], p["place"], p["winner"], p["match_points"]) for p in js["prizes"]] == [
        ("overall", 1, "Q3", 5), ("overall", 2, "Q2", 4), ("overall", 3, "Q1", 3), ("club", 1, "海之韵", 7),
        ("newcomer", 1, "Q3", 5)]
    zh = cli.ok("event", "prizes", EVENT, "--lang", "zh").out
    assert "最佳俱乐部：海之韵，7 积分" in zh

    # A withdrawn pair wins no prize: Q3 withdraws; the overall places go to Q2, Q1, Q4 and the newcomer
    # prize to Q2; the best club counts 星海's Q4 alone (0): 海之韵 still.
    cli.ok("event", "withdraw", EVENT, "Q3", "--reason", "left before the prizes")
    js = cli.json("event", "prizes", EVENT)
    assert [(p["award"], p["winner"]) for p in js["prizes"]] == [
        ("overall", "Q2"), ("overall", "Q1"), ("overall", "Q4"), ("club", "海之韵"), ("newcomer", "Q2")]


def test_a_scoring_file_chooses_the_awards(cli: Cli, tmp_path: Path) -> None:
    own = tmp_path / "two.toml"
    own.write_text('base = "club"\nname = "two"\n[prizes]\nawards = ["overall:1", "newcomer:2"]\n', encoding="utf-8")
    cli.ok("event", "new", "TWO", "--name", "two", "--rounds", 1, "--scoring", own)
    assert cli.json("event", "prizes", "TWO")["awards"] == ["overall:1", "newcomer:2"]
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "club"\nname = "b"\n[prizes]\nawards = ["overall"]\n', encoding="utf-8")
    run = cli("event", "new", "BAD", "--name", "b", "--rounds", 1, "--scoring", bad)
    assert run.code == 2 and f"{bad}: key 'prizes.awards' has a value that cannot be used" in run.err


def test_an_entries_file_gives_ratings_and_newcomers(cli: Cli, tmp_path: Path) -> None:
    entries = tmp_path / "entries.csv"
    entries.write_text("pair,player1,player2,club,rating,newcomer\n"
                       "N1,n1a,n1b,海之韵,1500,no\n"
                       "N2,n2a,n2b,星海,,是\n"
                       "N3,n3a,n3b,星海,1900,yes\n"
                       "N4,n4a,n4b,海之韵,1600,\n", encoding="utf-8")
    cli.ok("event", "new", "IMP", "--name", "imported", "--rounds", 1)
    cli.ok("event", "import", "IMP", entries)
    # Round 1 by rating, highest first, the unrated last: N3 1900, N4 1600, N1 1500, N2; adjacent: T1 N3 v N4
    # (odd table: N3 EW), T2 N1 v N2 (even table: the lower-ranked N2 EW).
    js = cli.json("event", "pair", "IMP", "--dry-run")
    assert [(t["ew"], t["ns"]) for t in js["tables"]] == [("N3", "N4"), ("N2", "N1")]
    cli.json("event", "pair", "IMP")
    cli.ok("event", "result", "IMP", 1, "N4", "2:0", "--reason", "slip")  # N4 3, N3 0
    cli.ok("event", "result", "IMP", 2, "N2", "2:1", "--reason", "slip")  # N2 2, N1 1
    cli.ok("event", "close", "IMP")
    # Newcomers N2 (是) and N3 (yes): N2 ranks 2nd with 2, N3 last with 0: N2 is the best newcomer pair.
    js = cli.json("event", "prizes", "IMP")
    assert [(p["award"], p["winner"]) for p in js["prizes"] if p["award"] == "newcomer"] == [("newcomer", "N2")]

    bad = tmp_path / "bad.csv"
    bad.write_text("pair,player1,player2,rating,newcomer\nB1,b1a,b1b,high,maybe\n", encoding="utf-8")
    cli.ok("event", "new", "BAD", "--name", "bad", "--rounds", 1)
    run = cli("event", "import", "BAD", bad)
    assert run.code != 0
    assert "row 2" in run.err and "rating" in run.err and "high is not a rating (a whole number from 0)" in run.err
    assert "newcomer" in run.err and "maybe: say yes or no (yes, y, 1, 是; no, n, 0, 否)" in run.err
