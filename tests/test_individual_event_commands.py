"""The event commands other than seating and standings on an event of individual players, through the command line
(in-process): ``event status`` and ``withdraw`` work (a withdrawn player is never seated again and keeps its place in
the standings); ``settings --confirmation-required``, a pair event's, is refused with one line naming the command and
the event, in both languages.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from eventplay import Cli

# One Dou Dizhu match of two deals (docs/doudizhu-rules.md §6: unit = base × multiplier; the landlord out first:
# each farmer pays 1 × unit and the landlord takes 2 × unit; a farmer out first: the landlord pays 2 × unit and
# each farmer takes 1 × unit; §5.1 a bomb ×2).
# d1: seat 1 bids 3 (the top bid ends the bidding) and goes out: unit 3 → seat 1 +6, seats 2 and 3 −3.
# d2: seat 2 bids 1, seat 3 bids 2, seat 1 passes: seat 3 the landlord at base 2; seat 1 bombs (×2): unit 4; seat 1
#     (a farmer) out first: seat 3 −8, seats 1 and 2 +4.   Match: seat 1 +10, seat 2 +1, seat 3 −11.
MATCH = ("deal\nbid 1 3\nkitty 3H 4H 6D\nout 1\n"
         "deal\nbid 2 1\nbid 3 2\nbid 1 pass\nkitty 3H 4H 6D\nbomb 1 7777\nout 1\n")
PER_SEAT = (10, 1, -11)


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "DZ", "--game", "doudizhu", "--name", "Evening", "--rounds", "2", "--seed", "7")
    for i in range(1, 8):
        cli.ok("event", "add", "DZ", f"P{i}", f"Player {i}")
    return cli


def test_status_withdraw_and_the_next_round(cli: Cli, tmp_path: Path) -> None:
    assert cli.ok("event", "status", "DZ").out.strip() == "event DZ: no round seated yet (referee event pair DZ)"
    seated = cli.json("event", "pair", "DZ")
    # 7 players at tables of 3: 2 tables, one sits out (the lowest-placed of a field all at 0: by the lot)
    assert len(seated["tables"]) == 2 and len(seated["sitting_out"]) == 1
    first = seated["tables"][0]
    status = cli.json("event", "status", "DZ")
    assert status["round"] == 1 and status["status"] == "open" and status["sitting_out"] == seated["sitting_out"]
    assert [(t["match"], t["state"], t["deals"]) for t in status["tables"]] == \
        [(t["match"], "not_started", 0) for t in seated["tables"]]
    for t in seated["tables"]:
        record = tmp_path / f"{t['match']}.txt"
        record.write_text(MATCH, encoding="utf-8")
        cli.ok("record", t["match"], "--file", str(record))
    text = cli.ok("event", "status", "DZ").out.splitlines()
    assert text[0] == "round 1 of DZ: open"
    p1, p2, p3 = first["players"]
    assert text[2].split()[:2] == ["1", first["match"]]
    assert text[2].endswith(f"finished: {p1} +10, {p2} +1, {p3} -11")

    # seat 1 of table 1 withdraws after its match: kept with its +10, never seated again
    gone = p1
    out = cli.ok("event", "withdraw", "DZ", gone, "--reason", "went home").out
    assert out.splitlines()[0] == f"player {gone} withdrawn from DZ (went home): 6 players playing"
    again = cli("event", "withdraw", "DZ", gone, "--reason", "twice")
    assert again.code == 1 and again.err.strip() == f"error: player {gone} has already withdrawn (went home)"
    unknown = cli("event", "withdraw", "DZ", "P9", "--reason", "x")
    assert unknown.code == 2 and unknown.err.strip() == \
        "error: player P9 is not an entry of event DZ (entries: P1, P2, P3, P4, P5, P6, P7)"
    assert cli.json("event", "status", "DZ")["withdrawn"] == {gone: "went home"}
    cli.ok("event", "close", "DZ")
    second = cli.json("event", "pair", "DZ")
    # 6 players left: 2 full tables, nobody sits out, the withdrawn player nowhere
    assert second["sitting_out"] == [] and len(second["tables"]) == 2
    assert gone not in [p for t in second["tables"] for p in t["players"]]
    standings = {r["player"]: r for r in cli.json("event", "standings", "DZ")["standings"]}
    assert len(standings) == 7
    assert (standings[gone]["score"], standings[gone]["active"], standings[gone]["played"]) == (10, False, 1)
    assert "Withdrawn: " in cli.ok("event", "standings", "DZ").out


def test_the_confirmation_of_hands_is_refused(cli: Cli) -> None:
    """Every other director's command works at an event of individual players too
    (tests/test_individual_event_director.py); confirming each hand by a side is a pair event's setting."""
    cli.ok("event", "pair", "DZ")
    run = cli("event", "settings", "DZ", "--confirmation-required")
    assert run.code == 2 and run.out == ""
    assert run.err.strip() == ("error: referee event settings: event DZ is an event of individual players, and "
                               "this command is for events of pairs only")
    zh = Cli(cli.db, lang="zh")("event", "settings", "DZ", "--confirmation-required")
    assert zh.code == 2 and zh.err.strip() == "错误：referee event settings：赛事 DZ 是个人赛，此命令仅用于双人赛"


def test_players_imported_from_a_workbook(cli: Cli, tmp_path: Path) -> None:
    """``event import`` of an individual event reads an XLSX with the pair events' reader (its first sheet, the
    first row that is not empty the header), Chinese headers too."""
    import openpyxl

    cli.ok("event", "new", "MJ", "--game", "jinhua-mahjong", "--name", "Mahjong", "--rounds", "1")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["选手", "姓名", "俱乐部"])
    sheet.append(["M1", "赵一", "东城"])
    sheet.append([None, None, None])  # an empty row is skipped
    sheet.append(["M2", "钱二", None])
    sheet.append([3, "孙三", "西城"])  # a code typed as a number is read as Excel shows it
    sheet.append(["M4", "李四", ""])
    path = tmp_path / "players.xlsx"
    book.save(path)
    assert cli.ok("event", "import", "MJ", str(path)).out.strip() == f"{path}: entered 4 players in MJ (4 in all)"
    standings = cli.json("event", "standings", "MJ")["standings"]
    assert sorted((r["player"], r["name"]) for r in standings) == \
        [("3", "孙三"), ("M1", "赵一"), ("M2", "钱二"), ("M4", "李四")]
    seated = cli.json("event", "pair", "MJ")
    assert len(seated["tables"]) == 1 and sorted(seated["tables"][0]["players"]) == ["3", "M1", "M2", "M4"]


def test_a_bad_players_file_is_named_at_its_row(cli: Cli, tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["player", "name"])
    book.active.append(["P8", "Eight"])
    book.active.append(["P9", None])  # row 3: no name
    path = tmp_path / "late.xlsx"
    book.save(path)
    run = cli("event", "import", "DZ", str(path))
    assert run.code == 2 and run.err.strip() == f"error: {path}, row 3: NAME: a player needs a name"
    csv = tmp_path / "late.csv"
    csv.write_text("code,club\nP8,x\n", encoding="utf-8")
    run = cli("event", "import", "DZ", str(csv))
    assert run.code == 2 and run.err.strip() == \
        f"error: {csv}: the first line must name the columns player,name (and may be club)"
    assert len(cli.json("event", "standings", "DZ")["standings"]) == 7  # nothing entered


def test_a_round_robin_of_individual_players_follows_its_fixed_schedule(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    run = cli("event", "new", "RR", "--game", "doudizhu", "--name", "Robin", "--rounds", "4", "--format", "knockout")
    assert (run.code, run.err.strip()) == (2, "error: --format knockout: not a format (swiss or round-robin)")
    cli.ok("event", "new", "RR", "--game", "doudizhu", "--name", "Robin", "--rounds", "4", "--format", "round-robin")
    for i in range(1, 10):
        cli.ok("event", "add", "RR", f"P{i}", f"Player {i}")
    # tests/test_tournament_robinseating.py works the schedule of nine at tables of 3: rounds 1 and 2 are these,
    # whatever the results (each table's match below is won by its seat 1)
    first = cli.json("event", "pair", "RR")
    assert sorted(sorted(t["players"]) for t in first["tables"]) == [
        ["P1", "P2", "P3"], ["P4", "P5", "P6"], ["P7", "P8", "P9"]]
    for t in first["tables"]:
        record = tmp_path / f"{t['match']}.txt"
        record.write_text(MATCH, encoding="utf-8")
        cli.ok("record", t["match"], "--file", str(record))
    cli.ok("event", "close", "RR")
    run = cli("event", "pair", "RR", "--seed", "rating")
    assert (run.code, run.err.strip()) == (1, "error: --seed rating: event RR is a round robin: its schedule is fixed "
                                              "(every player meets every other as evenly as the tables allow)")
    second = cli.json("event", "pair", "RR")
    assert sorted(sorted(t["players"]) for t in second["tables"]) == [
        ["P1", "P4", "P7"], ["P2", "P5", "P8"], ["P3", "P6", "P9"]]
