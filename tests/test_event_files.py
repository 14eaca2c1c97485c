"""What the event commands give out: the JSON shapes of issue 10 key for key, the round sheet and the
standings report read back from their PDF (pypdf), the workbook read back (openpyxl), the terminal
views in Chinese, the matches ``event pair`` creates, the event's hash-chained log, and the command
group behind the error boundary as a real process.

A 4-pair event of one round: F1 beats F2 2:1, F4 beats F3 2:0 (short games, tests/eventplay.py):
match points F4 3, F1 2, F2 1, F3 0 (club scoring).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from eventplay import Cli, play

from referee.store.eventlog import EventLog
from referee.store.folder import FolderStore as Store

pypdf = pytest.importorskip("pypdf")
openpyxl = pytest.importorskip("openpyxl")

ROOT = Path(__file__).resolve().parent.parent
EVENT = "大连杯"  # an id in Chinese: file_stem keeps letters of any script in its file names


@pytest.fixture
def played(tmp_path: Path) -> Cli:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", EVENT, "--name", "2026 大连春季杯 Spring Cup", "--rounds", 2, "--date", "2026-12-06",
           "--venue", "星海会馆")
    for code, p1, p2, club in (("F1", "张三", "李四", "海之韵"), ("F2", "王五", "赵六", "星海"),
                               ("F3", "Ann Lee", "Bob Ma", ""), ("F4", "周九", "吴十", "老虎滩")):
        cli.ok("event", "add", EVENT, code, p1, p2, "--club", club)
    js = cli.json("event", "pair", EVENT)
    play(cli, tmp_path, js["tables"][0], "F1", 2, 1)
    play(cli, tmp_path, js["tables"][1], "F4", 2, 0)
    return cli


def pdf_text(path: Path) -> str:
    """The PDF's text with all white space taken out (pypdf breaks the lines between Latin and Chinese runs)."""
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
    return "".join("\n".join(page.extract_text() or "" for page in reader.pages).split())


def test_json_shapes_are_the_issues(played: Cli) -> None:
    js = played.json("event", "status", EVENT)
    assert js["round"] == 1 and js["status"] == "open"
    assert [t["state"] for t in js["tables"]] == ["finished", "finished"]
    pairing_keys = {"round", "tables", "bye"}
    cli = played
    cli.ok("event", "close", EVENT)
    paired = cli.json("event", "pair", EVENT)
    assert set(paired) == pairing_keys
    assert all(set(t) == {"table", "match", "ew", "ns"} for t in paired["tables"])
    st = cli.json("event", "standings", EVENT)
    assert set(st) == {"event", "round", "final", "standings", "rounds"}
    assert st["event"] == EVENT and st["round"] == 2 and st["final"] is False
    assert all(set(r) == {"rank", "pair", "players", "club", "active", "withdrawn", "played", "won", "lost",
                          "match_points", "games_won", "games_lost", "tiebreaks"} for r in st["standings"])
    assert all(set(r) == {"round", "status", "tables", "bye"} for r in st["rounds"])
    assert all(set(t) == {"table", "match", "ew", "ns", "winner", "games", "result"}
               for r in st["rounds"] for t in r["tables"])
    assert [r["status"] for r in st["rounds"]] == ["closed", "open"]
    # Round 2 not started: no winner, no games yet.
    assert all(t["winner"] is None and t["games"] == {"EW": 0, "NS": 0} for t in st["rounds"][1]["tables"])
    # After round 1: F4 3, F1 2, F2 1, F3 0.
    assert [(r["pair"], r["match_points"]) for r in st["standings"]] == [("F4", 3), ("F1", 2), ("F2", 1), ("F3", 0)]
    # Round 2 pairs the score groups' neighbours: F4 (3) with F1 (2), F2 (1) with F3 (0).
    assert {frozenset((t["ew"], t["ns"])) for t in paired["tables"]} == {frozenset(("F4", "F1")),
                                                                         frozenset(("F2", "F3"))}


def test_the_matches_are_seated_as_the_table_cards_print_them(played: Cli) -> None:
    store = Store(played.db)
    header = store.header(f"{EVENT}-R1-T1")
    assert (header.event, header.round, header.table, header.rules, header.date) == (
        "2026 大连春季杯 Spring Cup", "1", "1", "dalian-club", "2026-12-06")
    log = played.ok("log", f"{EVENT}-R1-T1").out
    # F1 sits EW: player1 at E, player2 at W; F2 NS: player1 at S, player2 at N (referee.tournament.seating).
    for line in ("team EW F1", "team NS F2", "seat E 张三", "seat S 王五", "seat W 李四", "seat N 赵六"):
        assert line in log


def test_round_sheet_and_standings_report_read_back(played: Cli, tmp_path: Path) -> None:
    sheet = tmp_path / "r1.pdf"
    assert "wrote" in played.ok("event", "sheet", EVENT, "-o", sheet, "--lang", "en").out
    text = pdf_text(sheet)
    for word in ("2026大连春季杯SpringCup", "Round1", "Pairingsbytable", "Pairingsbypair", f"{EVENT}-R1-T2",
                 "张三", "AnnLee", "EWcaptain"):
        assert word in text, word
    played.ok("event", "close", EVENT)
    report = tmp_path / "report.pdf"
    played.ok("event", "report", EVENT, "-o", report, "--lang", "zh")
    text = pdf_text(report)
    assert "第1轮后排名" in text and "布赫霍尔茨分" in text and "交叉表" in text
    # the default file: reports/<file_stem(id)>-standings.pdf, under the working folder
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        played.ok("event", "report", EVENT)
        assert (tmp_path / "reports" / "大连杯-standings.pdf").is_file()
    finally:
        os.chdir(cwd)


def test_the_workbook_reads_back(played: Cli, tmp_path: Path) -> None:
    book = tmp_path / "cup.xlsx"
    played.ok("event", "export", EVENT, "--xlsx", book, "--lang", "en")
    wb = openpyxl.load_workbook(book, read_only=True)
    assert wb.sheetnames == ["Standings", "Entries", "Results", "Cross table", "Event"]
    standings = list(wb["Standings"].iter_rows(values_only=True))
    head = standings[0]
    assert head[:3] == ("Rank", "Pair", "Player 1")
    points = head.index("Match points")
    assert [(r[1], r[points]) for r in standings[1:]] == [("F4", 3), ("F1", 2), ("F2", 1), ("F3", 0)]
    results = list(wb["Results"].iter_rows(values_only=True))
    # the games and the match points as numbers: F1 (EW) won 2:1, 2 match points to F2's 1
    assert (results[1][2], results[1][5:10]) == (f"{EVENT}-R1-T1", (2, 1, 2, 1, "F1"))
    entries = list(wb["Entries"].iter_rows(values_only=True))
    assert entries[1][:4] == ("F1", "张三", "李四", "海之韵")


def test_the_chinese_workbooks_event_sheet_has_no_english_word(played: Cli, tmp_path: Path) -> None:
    """The Event sheet in Chinese: its labels and its words Chinese; the pairing system is 瑞士制 (it printed the code
    ``swiss``). Latin letters are allowed only in what the event was given: its name, its rule set, its scoring."""
    import re

    book = tmp_path / "cup.xlsx"
    played.ok("event", "export", EVENT, "--xlsx", book, "--lang", "zh")
    rows = dict(openpyxl.load_workbook(book, read_only=True)["赛事"].iter_rows(values_only=True))
    assert rows["赛制"] == "瑞士制"
    given = {"Spring", "Cup", "dalian-club", "club"}
    latin = [(label, w) for label, value in rows.items() for w in re.findall(r"[A-Za-z][A-Za-z_-]*", f"{label} {value}")
             if w not in given]
    assert latin == []


def test_chinese_views(played: Cli) -> None:
    status = played.ok("event", "status", EVENT, "--lang", "zh").out
    assert "第 1 轮（共 2 轮）：进行中" in status and "已结束：F1 胜 2:1" in status
    played.ok("event", "close", EVENT)
    st = played.ok("event", "standings", EVENT, "--lang", "zh").out
    assert "第 1 轮后排名" in st
    assert st.splitlines()[1].split()[:4] == ["名次", "对", "选手", "俱乐部"]
    listed = played.ok("event", "list", "--lang", "zh").out
    assert "瑞士制" in listed and EVENT in listed
    paired = played.ok("event", "pair", EVENT, "--lang", "zh", "--explain").out
    assert "第 2 轮：2 桌" in paired and "积分" in paired


def test_the_event_log_is_a_hash_chain_a_hand_edit_breaks(played: Cli) -> None:
    log = EventLog(played.db, EVENT)
    entries = log.entries()
    # created, 4 pairs, round 1 paired
    assert [json.loads(e["directive"])["action"] for e in entries] == [
        "created", "pair_added", "pair_added", "pair_added", "pair_added", "round_paired"]
    assert log.path.name == "大连杯.json"
    data = json.loads(log.path.read_text(encoding="utf-8"))
    data["entries"]["3"]["directive"] = data["entries"]["3"]["directive"].replace("王五", "王六")
    log.path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = played("event", "standings", EVENT)
    assert run.code == 1 and f"event {EVENT}, #3: its content does not match its hash" in run.err


def test_the_group_runs_as_a_process_behind_the_boundary(tmp_path: Path) -> None:
    env = {**os.environ, "REFEREE_DB": str(tmp_path / "s"), "PYTHONIOENCODING": "utf-8", "REFEREE_LANG": "en"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "referee.cli", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=120)

    out = run("event", "--help")
    assert out.returncode == 0 and "standings" in out.stdout
    out = run("event", "status", "NOPE", "--lang", "zh")
    assert out.returncode == 2 and out.stderr.startswith("错误：") and "Traceback" not in out.stderr
    out = run("event", "new", "E1", "--name", "x", "--format", "round-robin")
    assert out.returncode == 0, out.stderr
    out = run("event", "pair", "E1")
    assert out.returncode == 1 and "at least 2 active pairs" in out.stderr
