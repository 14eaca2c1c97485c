"""Pairing control through the real command line: ``event pair --dry-run``, ``--swap``, ``--set`` (with
the reason in the event's log), ``event unpair`` while no entry of the round is stored, and the scoring
keys ``pairing.avoid_same_club`` and ``pairing.round1 = "halves"``.

Six pairs in entry order A1 A2 (club 海之韵), B1 B2 (星海), C1 C2 (老虎滩): ranks 0..5 in round 1. Round 1
has no history, so the pairing is decided by the last tiers of tournament/pairing.py: the same-club tables
(with the key), then the sum of squared rank distances (of their gaps from n/2 with "halves"); seats by
table: the higher-ranked pair sits EW at odd tables, NS at even ones.
"""

from __future__ import annotations

from pathlib import Path

from eventplay import Cli, play, snapshot

from referee.games.gunzi.events import TeamName
from referee.results.eventstate import event_state
from referee.store.eventlog import EventLog
from referee.store.store import Store

PAIRS = (("A1", "海之韵"), ("A2", "海之韵"), ("B1", "星海"), ("B2", "星海"), ("C1", "老虎滩"), ("C2", "老虎滩"))


def event(cli: Cli, tmp_path: Path, event_id: str, pairing: str) -> None:
    scoring = tmp_path / f"{event_id}.toml"
    scoring.write_text(f'base = "club"\nname = "{event_id.lower()}"\n[pairing]\n{pairing}\n', encoding="utf-8")
    cli.ok("event", "new", event_id, "--name", event_id, "--rounds", 3, "--scoring", scoring)
    for code, club in PAIRS:
        cli.ok("event", "add", event_id, code, f"{code}甲", f"{code}乙", "--club", club)


def tables(js: dict[str, object]) -> list[tuple[str, str]]:
    return [(t["ew"], t["ns"]) for t in js["tables"]]  # type: ignore[attr-defined]


def test_same_club_avoided_dry_run_swap_unpair_and_set(cli: Cli, tmp_path: Path) -> None:
    event(cli, tmp_path, "CLUB", "avoid_same_club = true")
    # Without a same-club table, the least sum of squared rank distances: A1-B1 (0,2) 4 + A2-C1 (1,4) 9 +
    # B2-C2 (3,5) 4 = 17 (every other club-free pairing sums 21 or more; 1 v 2, 3 v 4, 5 v 6 would be three
    # same-club tables). Seats by table: T1 A1 EW; T2 (even) C1 EW; T3 B2 EW.
    before = snapshot(cli.db)
    js = cli.json("event", "pair", "CLUB", "--dry-run")
    assert js["dry_run"] is True and tables(js) == [("A1", "B1"), ("C1", "A2"), ("B2", "C2")]
    out = cli.ok("event", "pair", "CLUB", "--dry-run").out
    assert out.startswith("Dry run: the round as it would be paired; nothing stored")
    assert snapshot(cli.db) == before

    # --swap needs a reason; names a token that is neither a pair nor a table.
    run = cli("event", "pair", "CLUB", "--swap", "A2", "B1")
    assert (run.code, run.err.strip()) == (2, "error: --swap and --set need --reason TEXT: it is kept in the event's "
                                              "log")
    run = cli("event", "pair", "CLUB", "--swap", "T1", "T9", "--reason", "x")
    assert run.err.strip() == ("error: --swap T1 T9: T9 is neither a pair of round 1 nor one of its tables (T1 to T3)")
    assert snapshot(cli.db) == before

    # Two pairs trade places: A2 (NS at T2) and B1 (NS at T1).
    out = cli.ok("event", "pair", "CLUB", "--swap", "A2", "B1", "--reason", "A2 asked to sit at table 1").out
    assert "Changed by hand (A2 asked to sit at table 1); the program paired: T1 A1-B1, T2 C1-A2, T3 B2-C2" in out
    st = cli.json("event", "status", "CLUB")
    assert [(t["ew"], t["ns"]) for t in st["tables"]] == [("A1", "A2"), ("C1", "B1"), ("B2", "C2")]
    assert event_state(EventLog(cli.db, "CLUB")).pairing_notes == {1: "A2 asked to sit at table 1"}

    # Nothing recorded yet: the round can be taken back (its matches stay, unused, until paired again).
    out = cli.ok("event", "unpair", "CLUB", "--reason", "A1 and A2 are one club").out
    assert out.strip() == ("round 1 of CLUB unpaired (A1 and A2 are one club): pair it again with referee event "
                           "pair CLUB")
    assert cli.json("event", "status", "CLUB")["round"] == 0

    # A table set by hand; the other four paired by the program among themselves (ranks A2 0, B1 1, B2 2,
    # C1 3): A2-B1 1 + B2-C1 1 = 2 beats A2-B2 + B1-C1 = 8 (A2-C1 would leave B1-B2, one club). Seats: the
    # program's T1 (odd) A2 EW, its T2 (even) C1 EW; the hand-set table first.
    out = cli.ok("event", "pair", "CLUB", "--set", "A1-C2", "--reason", "A1 must leave early").out
    assert "the program paired: T1 A1-B1, T2 C1-A2, T3 B2-C2" in out
    st = cli.json("event", "status", "CLUB")
    assert [(t["ew"], t["ns"]) for t in st["tables"]] == [("A1", "C2"), ("A2", "B1"), ("C1", "B2")]
    # The matches created by the first pairing were only their headers and seats: they are made afresh.
    teams = [ev.name for ev in Store(cli.db).events("CLUB-R1-T1") if isinstance(ev, TeamName)]
    assert teams == ["A1", "C2"]

    # Once an entry of the round is stored, it can no longer be unpaired.
    t1 = {"match": "CLUB-R1-T1", "ew": "A1", "ns": "C2"}
    play(cli, tmp_path, t1, "A1", 2, 0)
    before = snapshot(cli.db)
    run = cli("event", "unpair", "CLUB", "--reason", "x")
    assert (run.code, run.err.strip()) == (1, "error: round 1 cannot be unpaired: CLUB-R1-T1 already hold entries (or "
                                              "a result); nothing changed")
    assert snapshot(cli.db) == before
    run = cli("event", "pair", "CLUB", "--set", "A1-Z9", "--reason", "x", "--dry-run")
    assert run.code == 1 and "round 1 of event CLUB is still open" in run.err


def test_set_names_only_playing_pairs_and_a_rematch_is_warned(cli: Cli, tmp_path: Path) -> None:
    event(cli, tmp_path, "SET", "avoid_same_club = false")
    run = cli("event", "pair", "SET", "--set", "A1-Z9", "--reason", "x")
    assert run.code == 2 and "error: --set A1-Z9: Z9 is not a pair playing in event SET" in run.err
    run = cli("event", "pair", "SET", "--set", "A1-A1", "--reason", "x")
    assert run.code == 2 and run.err.strip() == "error: --set: pair A1 is named twice"
    # Round 1 adjacent (no key): A1-A2, B1-B2, C1-C2; T2 even: B2 EW.
    js = cli.json("event", "pair", "SET")
    assert tables(js) == [("A1", "A2"), ("B2", "B1"), ("C1", "C2")]
    for t, winner in zip(js["tables"], ("A1", "B1", "C1"), strict=True):
        play(cli, tmp_path, t, winner, 2, 0)
    cli.ok("event", "close", "SET")
    out = cli.ok("event", "pair", "SET", "--set", "A1-A2", "--set", "B1-C1", "--reason", "club final").out
    assert "Warning: A1 and A2 have met before" in out


def test_round_one_top_half_against_bottom_half(cli: Cli, tmp_path: Path) -> None:
    event(cli, tmp_path, "HALF", 'round1 = "halves"')
    # halves: n/2 = 3, so 0 v 3, 1 v 4, 2 v 5: A1-B2, A2-C1, B1-C2; seats T1 A1 EW, T2 (even) C1 EW, T3 B1 EW.
    assert tables(cli.json("event", "pair", "HALF", "--dry-run")) == [("A1", "B2"), ("C1", "A2"), ("B1", "C2")]
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "club"\nname = "b"\n[pairing]\nround1 = "top"\n', encoding="utf-8")
    run = cli("event", "new", "BAD", "--name", "b", "--rounds", 2, "--scoring", bad)
    assert run.code == 2 and f"{bad}: key 'pairing.round1' has a value that cannot be used" in run.err


def test_a_round_robins_schedule_is_not_changed_by_hand(cli: Cli) -> None:
    cli.ok("event", "new", "RR", "--name", "rr", "--format", "round-robin")
    for code in ("P1", "P2", "P3", "P4"):
        cli.ok("event", "add", "RR", code, f"{code}a", f"{code}b")
    run = cli("event", "pair", "RR", "--swap", "P1", "P2", "--reason", "x")
    assert run.code == 1 and "event RR is a round robin: its schedule is fixed (Berger tables)" in run.err


def test_a_requested_bye(cli: Cli, tmp_path: Path) -> None:
    event(cli, tmp_path, "BYE", "avoid_same_club = false")
    run = cli("event", "pair", "BYE", "--bye", "Z9")
    assert run.code == 2 and "pair Z9 is not an entry of event BYE" in run.err
    # C2 asks to sit round 1 out: five pairs play, the pairing bye goes to the lowest-ranked, C1; adjacent
    # tables A1-A2 and B1-B2 (even table: the lower-ranked B2 EW).
    js = cli.json("event", "pair", "BYE", "--bye", "C2")
    assert (tables(js), js["bye"], js["requested"]) == ([("A1", "A2"), ("B2", "B1")], "C1", ["C2"])
    cli.ok("event", "result", "BYE", 1, "A1", "2:0", "--reason", "slip")  # A1 3, A2 0
    cli.ok("event", "result", "BYE", 2, "B1", "2:1", "--reason", "slip")  # B1 2, B2 1
    cli.ok("event", "close", "BYE")
    st = cli.json("event", "standings", "BYE")
    # A1 3; B1 2 (games +1) ahead of C1 2 (the bye: bye.match_points = 2, no games); C2 1 (requested bye:
    # bye.requested = 1, no games) ahead of B2 1 (games -1); A2 0.
    assert [(r["pair"], r["match_points"]) for r in st["standings"]] == [
        ("A1", 3), ("B1", 2), ("C1", 2), ("C2", 1), ("B2", 1), ("A2", 0)]
    assert st["rounds"][0]["requested"] == ["C2"]
    status = cli.ok("event", "status", "BYE").out
    assert "Bye: C1" in status and "Requested bye: C2" in status


def test_accelerated_pairings_keep_the_top_half_together_in_round_one(cli: Cli, tmp_path: Path) -> None:
    event(cli, tmp_path, "ACC", 'round1 = "halves"\naccelerated_rounds = 1')
    # The top half of the seeding order, A1 A2 B1 (ranks 0-2), counts a virtual 2:0 (3 match points): two
    # score groups of three, so exactly one table must cross (squared difference 9, the same whichever). The
    # halves' distance (j - i - 3)² then decides: 0-2, 1-4, 3-5 costs 1 + 0 + 1 = 2, every other choice ≥ 4
    # (0-1 + 2-4 + 3-5: 4 + 1 + 1 = 6; 0-2 + 1-3 + 4-5: 1 + 1 + 4 = 6; 1-2 + 0-3 + 4-5: 4 + 0 + 4 = 8 …).
    # Tables A1-B1, A2-C1, B2-C2; seats T1 A1 EW, T2 (even) the lower-ranked C1 EW, T3 B2 EW. Without the
    # acceleration the same event pairs A1-B2, A2-C1, B1-C2 (the test above).
    assert tables(cli.json("event", "pair", "ACC", "--dry-run")) == [("A1", "B1"), ("C1", "A2"), ("B2", "C2")]
    cli.ok("event", "pair", "ACC")
    standings = cli.json("event", "standings", "ACC")
    # the virtual points only form the groups: nobody has played, so every pair stands at 0 match points
    assert {r["pair"]: r["match_points"] for r in standings["standings"]} == {code: 0 for code, _ in PAIRS}
    bad = tmp_path / "acc-bad.toml"
    bad.write_text('base = "club"\nname = "b"\n[pairing]\naccelerated_rounds = -1\n', encoding="utf-8")
    run = cli("event", "new", "BADACC", "--name", "b", "--rounds", 2, "--scoring", bad)
    assert run.code == 2 and f"{bad}: key 'pairing.accelerated_rounds' has a value that cannot be used" in run.err
