"""Leagues (issue 21 item 4): a season's events at several clubs, each event naming its club, and the standings
summed over the season (docs/league.md), in both store backends and through the command line.

The two events are played through the real command line (``tests/eventplay.py``: short games, one hand each,
won by the side whose seat grabs with S = 0). Each game won counts, for its winner, a level difference of +1
(final levels 4 : 3, §7.1) and a ledger of +50 (the special entry for S = 0, §9.4); the loser −1 and −50.
The club scoring (referee/tournament/scoring/club.toml): 2:0 → 3, 2:1 → 2, 1:2 → 1, 0:2 → 0 match points;
tie-breaks games difference, head-to-head, Buchholz, level difference, ledger, lot.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from eventplay import Cli, play

from referee.store.api import MatchStore
from referee.store.leagues import DuplicateLeague, League, LeagueEvent, UnknownLeague

E1 = {"A1": ("张三", "李四"), "A2": ("王五", "赵六"), "A3": ("钱七", "孙八"), "A4": ("周九", "吴十")}
# the same three pairs (张三 and 李四 entered the other way round) and a pair new to the season
E2 = {"B1": ("李四", "张三"), "B2": ("王五", "赵六"), "B3": ("钱七", "孙八"), "B4": ("郑一", "冯二")}


def _event(cli: Cli, tmp: Path, event: str, pairs: dict[str, tuple[str, str]],
           round1: dict[str, tuple[int, int]], round2: dict[str, tuple[int, int]],
           meet2: set[frozenset[str]]) -> None:
    """A Swiss event of two rounds: round 1 pairs 1 v 2 and 3 v 4 (entry order, adjacent); round 2 is checked
    to pair *meet2*; each result is given for the pair named (won, lost)."""
    cli.ok("event", "new", event, "--name", f"{event} night", "--rounds", 2)
    for code, (p1, p2) in pairs.items():
        cli.ok("event", "add", event, code, p1, p2, "--club", "俱乐部" + code)
    for results, meets in ((round1, None), (round2, meet2)):
        js = cli.json("event", "pair", event)
        if meets is not None:
            assert {frozenset((t["ew"], t["ns"])) for t in js["tables"]} == meets
        for t in js["tables"]:
            pair = t["ew"] if t["ew"] in results else t["ns"]
            play(cli, tmp, t, pair, *results[pair])
        cli.ok("event", "close", event)


def season(cli: Cli, tmp: Path) -> None:
    # E1 round 1: A1 2:0 A2, A3 2:1 A4 → A1 3, A3 2, A4 1, A2 0; round 2 pairs the score order: A1 v A3, A4 v A2
    _event(cli, tmp, "E1", E1, {"A1": (2, 0), "A3": (2, 1)}, {"A1": (2, 1), "A2": (2, 0)},
           {frozenset(("A1", "A3")), frozenset(("A2", "A4"))})
    # E2 round 1: B2 2:1 B1, B3 2:0 B4 → B3 3, B2 2, B1 1, B4 0; round 2: B3 v B2, B1 v B4
    _event(cli, tmp, "E2", E2, {"B2": (2, 1), "B3": (2, 0)}, {"B3": (2, 0), "B1": (2, 1)},
           {frozenset(("B2", "B3")), frozenset(("B1", "B4"))})
    cli.ok("league", "new", "DL26", "--title", "大连城市联赛 2026")
    cli.ok("league", "add-event", "DL26", "E1", "--club", "海之韵")
    out = cli.ok("league", "add-event", "DL26", "E2", "--club", "星海").out
    assert "added event E2 (club 星海) to league DL26: 2 events" in out


# Worked by hand, event by event (match points; games difference; Buchholz: the opponents' final match points;
# level difference and ledger: ±1 and ±50 a game):
#   E1  A1: 2:0 v A2 (3), 2:1 v A3 (2) → 5; games 4:1 = +3; Buchholz A2 3 + A3 3 = 6; level +2 +1 = +3; ledger +150
#       A3: 2:1 v A4 (2), 1:2 v A1 (1) → 3; 3:3 = 0; Buchholz A4 1 + A1 5 = 6; level +1 −1 = 0; ledger 0
#       A2: 0:2 v A1 (0), 2:0 v A4 (3) → 3; 2:2 = 0; Buchholz A1 5 + A4 1 = 6; level 0; ledger 0
#       A4: 1:2 v A3 (1), 0:2 v A2 (0) → 1; 1:4 = −3; Buchholz A3 3 + A2 3 = 6; level −3; ledger −150
#   E2  B1: 1:2 v B2 (1), 2:1 v B4 (2) → 3; 3:3 = 0; Buchholz B2 2 + B4 1 = 3; level 0; ledger 0
#       B2: 2:1 v B1 (2), 0:2 v B3 (0) → 2; 2:3 = −1; Buchholz B1 3 + B3 6 = 9; level +1 −2 = −1; ledger −50
#       B3: 2:0 v B4 (3), 2:0 v B2 (3) → 6; 4:0 = +4; Buchholz B4 1 + B2 2 = 3; level +4; ledger +200
#       B4: 0:2 v B3 (0), 1:2 v B1 (1) → 1; 1:4 = −3; Buchholz B3 6 + B1 3 = 9; level −3; ledger −150
# The season, matched by name (张三/李四 = A1 + B1, …), head-to-head and the lot left out:
#   钱七/孙八 3 + 6 = 9, games 0 + 4 = 4, Buchholz 6 + 3 = 9, level 4, ledger 200        → 1st
#   张三/李四 5 + 3 = 8, games 3 + 0 = 3, Buchholz 6 + 3 = 9, level 3, ledger 150        → 2nd
#   王五/赵六 3 + 2 = 5, games 0 − 1 = −1, Buchholz 6 + 9 = 15, level −1, ledger −50      → 3rd
#   郑一/冯二 (E2 only) 1, games −3, Buchholz 9, level −3, ledger −150                    → 4th (Buchholz 9 > 6)
#   周九/吴十 (E1 only) 1, games −3, Buchholz 6, level −3, ledger −150                    → 5th
EXPECTED = [
    # rank, players, events, played, won, lost, mp, games won, lost, tie-breaks
    (1, ["钱七", "孙八"], ["E1", "E2"], 4, 3, 1, 9, 7, 3,
     {"games_difference": 4, "buchholz": 9, "level_difference": 4, "ledger": 200}),
    (2, ["张三", "李四"], ["E1", "E2"], 4, 3, 1, 8, 7, 4,
     {"games_difference": 3, "buchholz": 9, "level_difference": 3, "ledger": 150}),
    (3, ["王五", "赵六"], ["E1", "E2"], 4, 2, 2, 5, 4, 5,
     {"games_difference": -1, "buchholz": 15, "level_difference": -1, "ledger": -50}),
    (4, ["郑一", "冯二"], ["E2"], 2, 0, 2, 1, 1, 4,
     {"games_difference": -3, "buchholz": 9, "level_difference": -3, "ledger": -150}),
    (5, ["周九", "吴十"], ["E1"], 2, 0, 2, 1, 1, 4,
     {"games_difference": -3, "buchholz": 6, "level_difference": -3, "ledger": -150}),
]


def _rows(js: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(r["rank"], r["players"], r["events"], r["played"], r["won"], r["lost"], r["match_points"],
             r["games_won"], r["games_lost"], r["tiebreaks"]) for r in js["standings"]]


@pytest.fixture(params=["folder", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "folder":
        return str(tmp_path / "store")
    return str(request.getfixturevalue("pg_server").store())


def test_league_standings_sum_each_pairs_events_by_name(db: str, tmp_path: Path) -> None:
    cli = Cli(db)  # type: ignore[arg-type]
    season(cli, tmp_path)
    js = cli.json("league", "standings", "DL26")
    assert js["criteria"] == ["match_points", "games_difference", "buchholz", "level_difference", "ledger"]
    assert js["events"] == [{"event": "E1", "club": "海之韵"}, {"event": "E2", "club": "星海"}]
    assert _rows(js) == EXPECTED
    text = cli.ok("league", "standings", "DL26").out.splitlines()
    assert text[0] == "League DL26 (大连城市联赛 2026): standings over 2 events"
    assert text[2].split()[:3] == ["1", "钱七", "孙八"] and text[6].split()[:3] == ["5", "周九", "吴十"]
    assert any(line.split()[:2] == ["E2", "星海"] for line in text)


def test_a_league_report_and_workbook(tmp_path: Path) -> None:
    import openpyxl
    from pypdf import PdfReader

    cli = Cli(tmp_path / "store")
    season(cli, tmp_path)
    pdf = tmp_path / "dl26.pdf"
    assert cli.ok("league", "report", "DL26", "-o", pdf, "--lang", "en").out.strip() == f"wrote {pdf}"
    words = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "DL26" in words and "Standings" in words and "Events" in words
    book = tmp_path / "dl26.xlsx"
    cli.ok("league", "export", "DL26", "--xlsx", book, "--lang", "en")
    wb = openpyxl.load_workbook(book)
    assert wb.sheetnames == ["Standings", "Events"]
    cells = [[c.value for c in row] for row in wb["Standings"].iter_rows()]
    assert cells[1][:10] == [1, "钱七", "孙八", "俱乐部A3, 俱乐部B3", 2, 4, 3, 1, 0, 9]
    assert cells[5][:3] == [5, "周九", "吴十"]
    events = [[c.value for c in row] for row in wb["Events"].iter_rows()]
    assert [r[:2] for r in events[1:]] == [["E1", "海之韵"], ["E2", "星海"]]


def test_league_commands_refuse_in_one_line(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "E1", "--name", "one", "--rounds", 1)
    run = cli("league", "standings", "NOPE")
    assert run.code == 2
    assert run.err.strip() == f"error: no league 'NOPE' in the store at {tmp_path / 'store'} (leagues stored: none; " \
                              "referee league new NOPE --title TEXT)"
    cli.ok("league", "new", "DL26", "--title", "season")
    run = cli("league", "new", "DL26", "--title", "again")
    assert run.code == 1 and run.err.strip() == f"error: league 'DL26' is already in the store at {tmp_path / 'store'}"
    run = cli("league", "new", "X2", "--title", "  ")
    assert run.code == 2 and run.err.strip() == "error: --title: a league needs a title"
    run = cli("league", "add-event", "DL26", "NOEVENT", "--club", "星海")
    assert run.code == 2 and "no event 'NOEVENT'" in run.err and run.err.count("\n") == 1
    run = cli("league", "add-event", "NOLEAGUE", "E1", "--club", "星海")
    assert run.code == 2 and "no league 'NOLEAGUE'" in run.err and "(leagues stored: DL26)" in run.err
    cli.ok("league", "add-event", "DL26", "E1", "--club", "星海")
    run = cli("league", "add-event", "DL26", "E1", "--club", "海之韵")
    assert run.code == 1 and run.err.strip() == "error: event E1 is in league DL26 already (club 星海)"
    run = cli("league", "add-event", "DL26", "E1", "--club", "", "--lang", "zh")
    assert run.code == 2 and run.err.startswith("错误：--club")
    assert cli.ok("league", "standings", "DL26").out.splitlines()[0] == "League DL26 (season): standings over 1 events"



def test_the_leagues_repository_on_both_backends(store: MatchStore) -> None:
    repo = store.leagues()
    assert repo.all() == []
    made = repo.new("DL26", "season")
    assert made.id == "DL26" and made.events == ()
    with pytest.raises(DuplicateLeague):
        repo.new("DL26", "again")
    repo.add_event("DL26", "E1", "海之韵")
    after = repo.add_event("DL26", "E2", "星海")
    assert [(e.event, e.club) for e in after.events] == [("E1", "海之韵"), ("E2", "星海")]
    assert repo.get("DL26") == after
    with pytest.raises(DuplicateLeague):
        repo.add_event("DL26", "E1", "星海")
    with pytest.raises(UnknownLeague):
        repo.get("XX")
    repo.adopt(League("OLD", "last season", "2025-01-01T00:00:00.000Z",
                      (LeagueEvent("E0", "星海", "2025-01-02T00:00:00.000Z"),)))
    assert [lg.id for lg in repo.all()] == ["DL26", "OLD"]
    assert repo.clubs_of("E1") == {"海之韵"} and repo.clubs_of("E0") == {"星海"} and repo.clubs_of("E9") == set()


def test_league_standings_as_a_process(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "E1", "--name", "one", "--rounds", 1)
    cli.ok("league", "new", "DL26", "--title", "season")
    cli.ok("league", "add-event", "DL26", "E1", "--club", "星海")
    run = subprocess.run([sys.executable, "-m", "referee.cli", "league", "standings", "DL26", "--db",
                          str(tmp_path / "store"), "--lang", "en"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "League DL26 (season): standings over 1 events"
    assert any(line.split()[:2] == ["E1", "星海"] for line in lines)
    run = subprocess.run([sys.executable, "-m", "referee.cli", "league", "standings", "NOPE", "--db",
                          str(tmp_path / "store"), "--lang", "zh"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("错误：") and "NOPE" in run.stderr
