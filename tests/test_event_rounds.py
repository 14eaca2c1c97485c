"""Round control through the command line: closing a round (forced, with rulings), results final
after the close, a correction after it marked in the standings, and every refusal of bad input —
each a message in both languages naming what is wrong, with the store folder byte for byte as it was.

Numbers are worked out by hand in the comments (club scoring; the game shapes of tests/eventplay.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from eventplay import Cli, game, play, snapshot
from helpers import hand_text

from referee.results.eventstate import event_state
from referee.results.summarize import SUMMARIES
from referee.store.folder import FolderStore as Store
from referee.store.summaries import SummaryCache, forget

EVENT = "CUP"


def four_pairs(cli: Cli) -> dict[str, Any]:
    cli.ok("event", "new", EVENT, "--name", "Autumn Cup", "--rounds", 2)
    for code, p1, p2 in (("F1", "张三", "李四"), ("F2", "王五", "赵六"), ("F3", "Ann", "Bob"), ("F4", "Cat", "Dan")):
        cli.ok("event", "add", EVENT, code, p1, p2)
    js = cli.json("event", "pair", EVENT)
    # Entry order: T1 F1 (EW) v F2 (NS); T2 F4 (EW) v F3 (NS) (the higher-ranked F3 sits NS at the even table).
    assert [(t["ew"], t["ns"]) for t in js["tables"]] == [("F1", "F2"), ("F4", "F3")]
    return dict(js)


def write(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(cli: Cli, *args: object, code: int = 1, ours: bool = True) -> str:
    """Run a command that must be refused: its exit code, and the store folder unchanged; stderr back.
    *ours*: the refusal is the project's (``error: …``), not the option parser's usage message."""
    before = snapshot(cli.db)
    run = cli(*args)
    assert run.code == code, run.text
    assert run.err.startswith(("error: ", "错误：")) or not ours, run.text
    assert snapshot(cli.db) == before, f"{args} changed the store"
    return run.err


# --- closing ---------------------------------------------------------------------------------------

def test_close_refuses_unfinished_matches_then_force_decides_them_by_rulings(cli: Cli, tmp_path: Path) -> None:
    js = four_pairs(cli)
    t1, t2 = js["tables"]
    play(cli, tmp_path, t1, "F1", 2, 0)
    # T2 not started: closing is refused, naming it; --force without a reason is a usage error; --force
    # cannot decide a match level in games (0:0) and in level (3:3): the director must rule it.
    err = refused(cli, "event", "close", EVENT)
    assert "round 1 cannot close: 1 match is not finished: CUP-R1-T2 (not started)" in err
    err = refused(cli, "event", "close", EVENT, "--lang", "zh")
    assert "第 1 轮无法结束" in err and "CUP-R1-T2（未开始）" in err
    assert "--force needs --reason" in refused(cli, "event", "close", EVENT, "--force", code=2)
    err = refused(cli, "event", "close", EVENT, "--force", "--reason", "time")
    assert "--force cannot decide CUP-R1-T2" in err

    # T2 in play: NS (F3) won game 1, EW (F4) game 2, and in game 3 the first hand (E grabs, S = 100
    # kept: a keep, §7.1) put EW up 4:3. Games 1:1, EW higher in level: a forced close rules for EW (§7.3.5).
    partial = "match id=CUP-R1-T2\n" + game("NS") + game("EW") + hand_text(grab="E", trump="H", points=100)
    cli.ok("record", "CUP-R1-T2", "--file", write(tmp_path, "t2.gunzi", partial))
    status = cli.json("event", "status", EVENT)
    assert status["tables"][1]["state"] == "in_play"
    assert (status["tables"][1]["game"], status["tables"][1]["hand"]) == (3, 4)  # hands 1, 2, 3 played: 4 next
    assert status["tables"][1]["games"] == {"EW": 1, "NS": 1}
    err = refused(cli, "event", "close", EVENT)
    assert "CUP-R1-T2 (game 3, hand 4)" in err

    # --force first shows what it will store, and without --yes (no terminal to ask on) stores nothing.
    preview = cli("event", "close", EVENT, "--force", "--reason", "time: the round is over")
    assert preview.code == 1
    assert "table 2 CUP-R1-T2 (game 3, hand 4, games 1:1): 1 ruling for EW" in preview.out
    assert "error: nothing stored: to store the rulings shown, close again with --yes" in preview.err
    assert cli.json("event", "status", EVENT)["status"] == "open"
    out = cli.ok("event", "close", EVENT, "--force", "--reason", "time: the round is over", "--yes").out
    # The match holds 7 entries from pairing (header, 2 teams, 4 seats) and 6 + 6 + 6 from the file
    # (hand, declare, trump, kitty, points, last): the ruling is entry 7 + 18 + 1 = 26.
    assert "CUP-R1-T2: ruling for EW recorded as #26 (time: the round is over)" in out
    assert "round 1 of CUP closed" in out
    log = cli.ok("log", "CUP-R1-T2").out
    assert "ruling winner=EW" in log and "time: the round is over" in log

    # The standings say how the round was closed.
    assert "Round 1 closed by force: CUP-R1-T2 ruling for EW (#26), reason: time: the round is over" in cli.ok(
        "event", "standings", EVENT).out
    st = cli.json("event", "standings", EVENT)
    # F1 2:0 → 3, F2 0; F4 2:1 (the ruling gave it the match) → 2, F3 1.
    assert [(r["pair"], r["match_points"]) for r in st["standings"]] == [("F1", 3), ("F4", 2), ("F3", 1), ("F2", 0)]
    assert st["rounds"][0]["tables"][1]["winner"] == "F4" and st["rounds"][0]["tables"][1]["games"] == {"EW": 2,
                                                                                                         "NS": 1}
    # Closed rounds stay closed.
    assert "already closed" in refused(cli, "event", "close", EVENT)


def pdf_text(path: Path) -> str:
    """The PDF's text with all white space taken out (line breaks fall anywhere in a wrapped cell)."""
    import pypdf

    return "".join("".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages)


def test_a_closed_rounds_results_are_final_and_a_correction_is_marked(cli: Cli, tmp_path: Path) -> None:
    js = four_pairs(cli)
    t1, t2 = js["tables"]
    # T1: F1 (EW) wins 2:0, game 1 short, game 2 long. Entries: 7 from pairing, then game 1 seqs 8-13,
    # game 2: hand 14, declare 15, trump 16, kitty 17, points 100 at 18, last 19, second hand 20-24.
    cli.ok("record", "CUP-R1-T1", "--file", write(tmp_path, "t1.gunzi", "match id=CUP-R1-T1\n" + game("EW")
                                                     + game("EW", long=True)))
    play(cli, tmp_path, t2, "F3", 2, 1)
    cli.ok("event", "close", EVENT)
    assert cli.json("event", "standings", EVENT)["rounds"][0]["status"] == "closed"

    # Recording into a closed round without a reason: refused, in both languages, nothing stored.
    more = write(tmp_path, "more.gunzi", "warn E talking\n")
    for args in (("record", "CUP-R1-T1", "warn", "E", "talking"), ("record", "CUP-R1-T1", "--file", more),
                 ("undo", "CUP-R1-T1"), ("record", "CUP-R1-T1")):
        err = refused(cli, *args)
        assert "round 1 of event CUP, which is closed" in err, err
    err = refused(cli, "record", "CUP-R1-T1", "warn", "E", "talking", "--lang", "zh")
    assert "赛事 CUP 的第 1 轮" in err and "--reason" in err

    # The referee finds that in game 2's first hand the defenders had 120, not 100: S = 120 kept is a
    # stage (§7.1): the defenders take over at 3:3, and the second hand's S = 0 then wins the game for
    # its declarer side, NS (S declares: the old declarer E's 下家, §7.4). The match is 1:1, unfinished.
    cli.ok("amend", "CUP-R1-T1", 18, "points", 120, "--reason", "recount of hand 3")
    st = cli.json("event", "standings", EVENT)
    assert st["rounds"][0]["status"] == "corrected_after_close"
    assert st["rounds"][0]["tables"][0]["winner"] is None
    assert st["rounds"][0]["tables"][0]["games"] == {"EW": 1, "NS": 1}
    # Only T2 counts now: F3 2:1 → 2, F4 1; F1 and F2 0.
    assert {r["pair"]: r["match_points"] for r in st["standings"]} == {"F3": 2, "F4": 1, "F1": 0, "F2": 0}
    text = cli.ok("event", "standings", EVENT).out
    assert "Round 1 corrected after close: CUP-R1-T1 seq 25 (amend), reason: recount of hand 3" in text
    assert "Not counted yet (1 match not finished): CUP-R1-T1" in text
    zh = cli.ok("event", "standings", EVENT, "--lang", "zh").out
    assert "第 1 轮结束后有更正：CUP-R1-T1 第 25 条" in zh
    # The printed report says the same: the round's heading and the note with the entry and its reason.
    pdf = tmp_path / "report.pdf"
    cli.ok("event", "report", EVENT, "-o", str(pdf), "--lang", "en")
    printed = pdf_text(pdf)
    assert "Round1(closed,correctedafteritsclose)" in printed
    assert "Round1correctedafterclose:CUP-R1-T1seq25(amend),reason:recountofhand3" in printed

    # The third game, from the paper sheet, with a reason: NS (F2) wins it: F2 2:1 → 2, F1 1.
    g3 = write(tmp_path, "g3.gunzi", "match id=CUP-R1-T1 rules=dalian-club\n" + game("NS"))
    cli.ok("record", "CUP-R1-T1", "--file", g3, "--reason", "game 3 after the recount")
    st = cli.json("event", "standings", EVENT)
    assert {r["pair"]: r["match_points"] for r in st["standings"]} == {"F3": 2, "F2": 2, "F4": 1, "F1": 1}
    assert st["rounds"][0]["tables"][0]["winner"] == "F2"
    text = cli.ok("event", "standings", EVENT).out
    assert "CUP-R1-T1 seq 26 (event), reason: game 3 after the recount" in text  # the file's first entry


def test_the_summary_cache_recomputes_only_a_match_whose_head_moved(cli: Cli, tmp_path: Path) -> None:
    js = four_pairs(cli)
    play(cli, tmp_path, js["tables"][0], "F1", 2, 0)
    cli.ok("record", "CUP-R1-T2", "--file", write(tmp_path, "g1.gunzi", game("EW")))  # 1:0, in play
    assert cli.json("event", "standings", EVENT)["rounds"][0]["tables"][1]["games"] == {"EW": 1, "NS": 0}
    store = Store(cli.db)
    kept = SummaryCache(store, EVENT, SUMMARIES)  # saved as the director's writes save it (a read never does)
    kept.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert kept.save()
    forget()  # what this process kept in memory: the rows must come from the file
    warm = SummaryCache(store, EVENT, SUMMARIES)
    warm.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert warm.recomputed == 0
    cli.ok("record", "CUP-R1-T2", "--file", write(tmp_path, "g2.gunzi", game("EW")))  # 2:0, over
    cache = SummaryCache(store, EVENT, SUMMARIES)
    got = cache.get("CUP-R1-T2")
    # 7 entries from pairing and 6 per game: recomputed at 19 entries, its head the last entry's hash
    assert cache.recomputed == 1 and got.summary.finished and got.summary.entries == 19
    assert got.summary.head == store.entries("CUP-R1-T2")[-1]["hash"]
    cache.get("CUP-R1-T1")
    assert cache.recomputed == 1  # T1 had not moved
    assert cli.json("event", "standings", EVENT)["rounds"][0]["tables"][1]["winner"] == "F4"


# --- bad input ---------------------------------------------------------------------------------------

def test_entries_that_cannot_be_used_are_refused_naming_pair_and_player(cli: Cli) -> None:
    cli.ok("event", "new", EVENT, "--name", "Cup", "--rounds", 3)
    cli.ok("event", "add", EVENT, "A1", "张三", "李四")
    err = refused(cli, "event", "add", EVENT, "A1", "王五", "赵六")
    assert "pair A1 is already entered (张三, 李四)" in err
    err = refused(cli, "event", "add", EVENT, "A1", "王五", "赵六", "--lang", "zh")
    assert "对 A1 已经报名（张三、李四）" in err
    err = refused(cli, "event", "add", EVENT, "B1", "王五", "张三")
    assert "张三 already plays in pair A1" in err and "pair B1 not entered" in err
    err = refused(cli, "event", "add", EVENT, "B1", "王五", "张三", "--lang", "zh")
    assert "张三 已在对 A1 中" in err
    assert "both players" in refused(cli, "event", "add", EVENT, "B1", "王五", "王五")
    # an id that cannot be used names the argument (a usage error, exit 2)
    assert "PAIR 'B 1'" in refused(cli, "event", "add", EVENT, "B 1", "王五", "赵六", code=2)
    # fewer than 2 active pairs: nothing to pair
    err = refused(cli, "event", "pair", EVENT)
    assert "pairing needs at least 2 active pairs; event CUP has 1" in err
    assert "配对至少需要 2 对在赛的对" in refused(cli, "event", "pair", EVENT, "--lang", "zh")
    # an event that is not there
    assert "no event 'NOPE'" in refused(cli, "event", "status", "NOPE", code=2)
    assert "--format knockout" in refused(cli, "event", "new", "X", "--name", "x", "--format", "knockout", code=2)
    assert "a Swiss event needs --rounds" in refused(cli, "event", "new", "X", "--name", "x", code=2)
    assert "already in the store" in refused(cli, "event", "new", EVENT, "--name", "again", "--rounds", 2)


def test_an_entries_file_is_read_whole_or_not_at_all(cli: Cli, tmp_path: Path) -> None:
    cli.ok("event", "new", EVENT, "--name", "Cup", "--rounds", 3)
    missing = tmp_path / "missing.csv"
    missing.write_text("pair,player1,club\nA1,张三,星海\n", encoding="utf-8")
    err = refused(cli, "event", "import", EVENT, missing, code=2)
    assert "row 1" in err and "player2" in err
    assert "player2" in refused(cli, "event", "import", EVENT, missing, "--lang", "zh", code=2)
    bad = tmp_path / "bad.csv"
    bad.write_bytes(b"pair,player1,player2\r\nA1,\xff\xfe\x00,x\r\n")
    err = refused(cli, "event", "import", EVENT, bad, code=2)
    assert str(bad) in err and "UTF-8" in err
    good = tmp_path / "entries.csv"
    good.write_text("pair,player1,player2,club\nA1,张三,李四,星海\nA2,王五,赵六,\n", encoding="utf-8")
    out = cli.ok("event", "import", EVENT, good).out
    assert "entered 2 pairs in CUP (2 in all)" in out
    # importing it again: every pair is already entered; nothing is stored
    err = refused(cli, "event", "import", EVENT, good)
    assert "nothing entered: 2 problems" in err and "pair A2 is already entered" in err
    # a second file with one new pair and one whose player is taken: none of it is entered
    clash = tmp_path / "clash.csv"
    clash.write_text("pair,player1,player2\nB1,钱七,孙八\nB2,周九,王五\n", encoding="utf-8")
    err = refused(cli, "event", "import", EVENT, clash)
    assert "王五 already plays in pair A2" in err
    assert cli.json("event", "status", EVENT)["pairs"] == 2


def test_a_record_file_is_checked_whole_and_stored_all_or_nothing(cli: Cli, tmp_path: Path) -> None:
    js = four_pairs(cli)
    t1 = js["tables"][0]
    # A header that disagrees with the stored one, and a seat name that disagrees: both named, exit 2.
    wrong = write(tmp_path, "wrong.gunzi", "match id=CUP-R1-T1 rules=classic round=2\nseat E 李四\n" + game("EW"))
    err = refused(cli, "record", "CUP-R1-T1", "--file", wrong, code=2)
    assert "wrong.gunzi:1: the header's rules is 'classic' but match CUP-R1-T1 has 'dalian-club'" in err
    assert "wrong.gunzi:1: the header's round is '2' but match CUP-R1-T1 has '1'" in err
    assert "wrong.gunzi:2: E is '李四' here but '张三' in match CUP-R1-T1" in err
    # A directive the rules refuse after good ones (line 10: game 2's `kitty` before its trump) refuses
    # the whole file, naming its line and what the match expected there; nothing is stored.
    text = "match id=CUP-R1-T1\n" + game("EW") + "hand\ndeclare E BJ\nkitty 4C 6C 7C 8C 9C JH\n"
    bad = write(tmp_path, "bad.gunzi", text)
    err = refused(cli, "record", "CUP-R1-T1", "--file", bad)
    assert "bad.gunzi:10:" in err and "expected there: trump" in err and "Nothing stored" in err
    unreadable = write(tmp_path, "unreadable.gunzi", "hand\ndeclare E ZZ\n")
    assert "unreadable.gunzi:2:" in refused(cli, "record", "CUP-R1-T1", "--file", unreadable, code=2)
    # The good file: its header and the agreeing seat line are left out, the rest stored.
    out = play(cli, tmp_path, t1, "F1", 2, 0).out
    assert "stored #8–#19 in CUP-R1-T1 (by 裁判长): 12 directives" in out
    assert "match won by EW (games EW 2, NS 0)" in out and out.count("match won by") == 1


def test_a_withdrawn_pair_is_not_paired_again_and_a_late_entry_starts_at_zero(cli: Cli, tmp_path: Path) -> None:
    js = four_pairs(cli)
    play(cli, tmp_path, js["tables"][0], "F1", 2, 0)
    play(cli, tmp_path, js["tables"][1], "F4", 2, 0)
    cli.ok("event", "close", EVENT)
    assert "--reason" in refused(cli, "event", "withdraw", EVENT, "F2", code=2, ours=False)  # the reason is required
    cli.ok("event", "withdraw", EVENT, "F2", "--reason", "家里有事")
    assert "already withdrawn" in refused(cli, "event", "withdraw", EVENT, "F2", "--reason", "again")
    cli.ok("event", "add", EVENT, "F5", "钱七", "孙八")
    r2 = cli.json("event", "pair", EVENT)
    # Active: F1 3, F4 3, F3 0, F5 0 (late, 0). F1 and F4 meet; F3 and F5 meet. F2 sits out.
    assert {frozenset((t["ew"], t["ns"])) for t in r2["tables"]} == {frozenset(("F1", "F4")), frozenset(("F3", "F5"))}
    assert r2["bye"] is None
    st = cli.json("event", "standings", EVENT)
    f2 = next(r for r in st["standings"] if r["pair"] == "F2")
    assert (f2["played"], f2["match_points"]) == (1, 0)  # kept with what it played
    status = cli.ok("event", "status", EVENT).out
    assert "Withdrawn: F2 (家里有事)" in status


def test_pairing_again_after_a_crash_takes_over_the_matches_it_had_written(cli: Cli) -> None:
    from referee.app import director
    from referee.store.creating import create_matches
    from referee.store.eventlog import EventLog

    cli.ok("event", "new", EVENT, "--name", "Cup", "--rounds", 2)
    for code in ("F1", "F2", "F3", "F4"):
        cli.ok("event", "add", EVENT, code, f"{code}a", f"{code}b")
    store = Store(cli.db)
    state = event_state(EventLog(store.root, EVENT))
    rnd, _ = director.next_round(store, state, SummaryCache(store, EVENT, SUMMARIES))
    # The crash: the round's matches written, the log entry not.
    create_matches(store, [director.match_events(state, t, 1) for t in rnd.tables])
    assert event_state(EventLog(store.root, EVENT)).rounds == ()
    js = cli.json("event", "pair", EVENT)
    assert [t["match"] for t in js["tables"]] == ["CUP-R1-T1", "CUP-R1-T2"]
    assert len(store.entries("CUP-R1-T1")) == 7  # taken over, not written twice


def test_pairing_refuses_a_stored_match_that_is_not_the_tables(cli: Cli) -> None:
    cli.ok("event", "new", EVENT, "--name", "Cup", "--rounds", 2)
    for code in ("F1", "F2", "F3", "F4"):
        cli.ok("event", "add", EVENT, code, f"{code}a", f"{code}b")
    cli.ok("new", "CUP-R1-T2", "--east", "someone")  # a match of that id, made by hand
    err = refused(cli, "event", "pair", EVENT)
    assert "match CUP-R1-T2 is already in the store and is not round 1's table" in err
    assert not Store(cli.db).exists("CUP-R1-T1")  # nothing of the round written


def test_an_xlsx_entries_file_is_imported(cli: Cli, tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for row in (["2026 春季杯 报名表"], ["对", "选手1", "选手2", "俱乐部"], ["A1", "张三", "李四", "星海"],
                ["A2", "王五", "赵六", None]):
        sheet.append(row)
    path = tmp_path / "entries.xlsx"
    book.save(path)
    cli.ok("event", "new", EVENT, "--name", "Cup", "--rounds", 1)
    out = cli.ok("event", "import", EVENT, path, "--lang", "zh").out
    assert "已为赛事 CUP 报名 2 对（共 2 对）" in out
    js = cli.json("event", "pair", EVENT)
    assert [(t["ew"], t["ns"]) for t in js["tables"]] == [("A1", "A2")]  # entry order: A1 first, EW at table 1
