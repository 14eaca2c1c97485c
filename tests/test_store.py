"""The event store and the officiating commands, on real TinyDB files in temporary folders.

Settlement numbers are worked out by hand from gunzi-rules.md §7, not copied from the code.
"""

from __future__ import annotations

import json
import os

import pytest
from helpers import match_tables
from test_store_support import HAND1, Cli, folder_digest

from referee.app import sources
from referee.games.gunzi import notation
from referee.games.gunzi.cards import parse_card
from referee.games.gunzi.events import Declare, HandStart, Last, MatchHeader, Points, SeatName, without_line
from referee.store import Store, chain, files
from referee.store.store import DuplicateMatch, file_stem

CLI = Cli  # the `cli` fixture's class (tests/conftest.py)


def new_match(cli, match_id="T3", *extra):
    r = cli("new", match_id, "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六",
            "--ew", "海之韵", "--ns", "星海", "--event", "Spring Cup", "--table", "3", "--round", "1", *extra)
    assert r.exit_code == 0, r.output
    return r


def record_all(cli, match_id, lines):
    for line in lines:
        r = cli("record", match_id, *line.split())
        assert r.exit_code == 0, f"{line}: {r.output}"
    return r


# --- new, record, status, list ----------------------------------------------------------------------

def test_new_writes_header_and_names(cli):
    r = new_match(cli)
    assert "new match T3" in r.output
    store = Store(cli.db)
    header = store.header("T3")
    assert header.id == "T3" and header.rules == "dalian-club" and header.event == "Spring Cup"
    names = {ev.seat: ev.name for ev in store.events("T3") if isinstance(ev, SeatName)}
    assert names == {"E": "张三", "S": "李四", "W": "王五", "N": "赵六"}
    assert [ev.line for ev in store.events("T3")] == list(range(1, 8))  # line = seq


def test_new_refuses_duplicate_and_bad_rules(cli):
    new_match(cli)
    r = cli("new", "T3")
    assert r.exit_code == 1 and "already in the store" in r.output
    r = cli("new", "T4", "--rules", "no-such-rules")
    assert r.exit_code == 2 and "--rules no-such-rules" in r.output
    assert Store(cli.db).match_ids() == ["T3"]


def test_record_a_hand_prints_settlement(cli):
    new_match(cli)
    r = record_all(cli, "T3", HAND1)
    # §7: P = 75, kept → S = 75 < 120, keep: EW (declarer E) 3 → 4; blood ceil((80-75)/10) = 1;
    # §7.4 declarers stay → E's partner W declares; §7.2 paid by W's upper hand S (E→S→W→N).
    assert "stored #15" in r.output and "last decl" in r.output
    assert "defenders' score 75" in r.output
    assert "levels now: EW 4, NS 3" in r.output
    assert "blood owed next hand: 1" in r.output
    assert "paid by S (李四) to W (王五)" in r.output
    assert "next declarer: W (王五)" in r.output


def test_record_dig_with_kitty_points(cli):
    new_match(cli)
    # Buries 5C and 10C: kitty K = 15. P = 100, dug → S = 100 + 2·15 = 130 ≥ 120, stage dug:
    # defenders NS 3 → 4, no kings, blood 0 (80 ≤ 130 ≤ 150); next declarer E's lower hand S.
    r = record_all(cli, "T3", ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H",
                               "bury 4C 5C 10C 8D 9D JS", "points 100", "last def"])
    assert "defenders' score 130 = trick points 100 + 30 from the kitty" in r.output
    assert "levels now: EW 3, NS 4" in r.output
    assert "blood owed next hand: none" in r.output
    assert "next declarer: S (李四)" in r.output


def test_chinese_input(cli):
    new_match(cli)
    record_all(cli, "T3", ["hand"])
    r = cli("record", "T3", "declare", "东", "大王")
    assert r.exit_code == 0, r.output
    assert "declare E BJ" in r.output
    assert without_line(Store(cli.db).events("T3")[-1]) == Declare(seat="E", cards=(parse_card("BJ"),))


def test_status(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1 + ["hand"])
    r = cli("status", "T3")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Match T3 (dalian-club)" in out and "Spring Cup" in out
    assert "Game 1, hand 2" in out
    assert "Levels: EW 4, NS 3" in out
    assert "Declarer: W (王五); level 4" in out
    assert "Blood owed: 1, by S (李四) to W (王五)" in out
    assert "Next:" in out and "16 entries" in out


def test_list_and_index(cli):
    r = cli("list")
    assert r.exit_code == 0 and "no matches" in r.output
    new_match(cli, "T3")
    new_match(cli, "春季杯-1")
    r = cli("list")
    assert r.exit_code == 0
    assert "2 matches" in r.output and "T3" in r.output and "春季杯-1" in r.output
    assert Store(cli.db).match_ids() == sorted(["T3", "春季杯-1"])


def test_index_rebuilt_after_a_crash_between_match_and_index(cli):
    new_match(cli, "T3")
    new_match(cli, "T4")
    (cli.db / "index.json").unlink()  # as if the process died after writing T4 but before indexing
    rows = Store(cli.db).summaries()
    assert [r["id"] for r in rows] == ["T3", "T4"]
    assert json.loads((cli.db / "index.json").read_text())["matches"]


# --- rejection: exit codes, messages, byte-identical store --------------------------------------------

def test_rejected_event_leaves_store_byte_identical(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1 + ["hand", "declare S 4S", "declare W 4H 4H"])
    before = folder_digest(cli.db)
    # W's upper hand S owes 1 blood (test above); three cards given is wrong.
    r = cli("record", "T3", "tribute", "S", "SJ", "2C", "2D")
    assert r.exit_code == 1
    assert "rejected" in r.output and "nothing stored" in r.output
    assert "S owes 1 blood to W" in r.output
    assert folder_digest(cli.db) == before
    # The kitty before the tribute is refused too, naming what was expected.
    r = cli("record", "T3", "kitty", "5H", "8C", "9C", "QH", "3D", "6S")
    assert r.exit_code == 1 and "tribute" in r.output
    assert folder_digest(cli.db) == before
    r = cli("record", "T3", "tribute", "S", "SJ")
    assert r.exit_code == 0, r.output


def test_unreadable_directive_exits_2_naming_the_argument(cli):
    new_match(cli)
    before = folder_digest(cli.db)
    r = cli("record", "T3", "declare", "E", "XX")
    assert r.exit_code == 2
    assert "DIRECTIVE argument 'declare E XX'" in r.output and "XX" in r.output
    r = cli("record", "T3", "frobnicate")
    assert r.exit_code == 2 and "unknown directive" in r.output
    assert folder_digest(cli.db) == before


def test_record_refuses_header_and_unknown_match(cli):
    new_match(cli)
    r = cli("record", "T3", "match", "id=T3")
    assert r.exit_code == 1 and "amend seq 1" in r.output
    r = cli("record", "NOPE", "hand")  # a match id not stored: not found, exit 2
    assert r.exit_code == 2 and "error: no match 'NOPE'" in r.output and "T3" in r.output


# --- corrections ----------------------------------------------------------------------------------------

def test_undo_void_amend_corrected_view_and_log(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1[:-1])  # up to points 50 (seq 14)
    r = cli("record", "T3", "points", "5")  # seq 15, a slip
    assert r.exit_code == 0
    r = cli("undo", "T3", referee="李裁判")
    assert r.exit_code == 0 and "undo #15" in r.output
    r = cli("amend", "T3", "14", "points", "40", "--reason", "miscounted: 40 not 50")
    assert r.exit_code == 0 and "amend #14 → points 40" in r.output
    r = cli("void", "T3", "13", "--reason", "counted twice")
    assert r.exit_code == 0 and "void #13" in r.output
    r = cli("record", "T3", "last", "decl")  # seq 19
    assert r.exit_code == 0
    # Corrected view: points 40 only. S = 40 < 80 kept → keep, EW 3 → 4; blood ceil(40/10) = 4.
    assert "defenders' score 40" in r.output and "blood owed next hand: 4" in r.output
    store = Store(cli.db)
    evs = store.events("T3")
    pts = [(ev.line, ev.points) for ev in evs if isinstance(ev, Points)]
    assert pts == [(14, 40)]
    assert isinstance(evs[-1], Last) and evs[-1].line == 19
    log = store.log("T3")
    assert [e.kind for e in log[14:]] == ["event", "undo", "amend", "void", "event"]
    assert log[15].target == 15 and log[15].referee == "李裁判"
    assert log[16].target == 14 and log[16].reason == "miscounted: 40 not 50" and log[16].directive == "points 40"
    assert log[17].target == 13 and log[17].reason == "counted twice"
    assert log[12].superseded_by == 18 and log[13].superseded_by == 17 and log[14].superseded_by == 16
    assert all(e.time.endswith("Z") and "T" in e.time for e in log)
    r = cli("log", "T3")
    assert r.exit_code == 0
    assert "amend #14 → points 40" in r.output and "reason: counted twice" in r.output
    assert "李裁判" in r.output and "王裁判" in r.output


def test_amend_of_an_amend_and_of_the_header(cli):
    new_match(cli)
    record_all(cli, "T3", ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H"])
    assert cli("amend", "T3", "10", "trump", "S", "--reason", "wrong suit").exit_code == 0  # seq 12
    r = cli("amend", "T3", "12", "trump", "D", "--reason", "still wrong")  # #12 stands for #10
    assert r.exit_code == 0 and "amend #10 → trump D" in r.output
    r = cli("amend", "T3", "1", "match", "id=T3", "rules=dalian-club", "table=5", "--reason", "table")
    assert r.exit_code == 0, r.output
    assert Store(cli.db).header("T3").table == "5"
    r = cli("amend", "T3", "1", "match", "id=OTHER", "--reason", "x")
    assert r.exit_code == 1 and "cannot change" in r.output
    r = cli("void", "T3", "1", "--reason", "x")
    assert r.exit_code == 1 and "header" in r.output


def test_correction_that_breaks_the_record_needs_force(cli):
    new_match(cli)
    record_all(cli, "T3", ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H"])
    before = folder_digest(cli.db)
    r = cli("void", "T3", "9", "--reason", "no grab after all")  # hand 1 then has no declarer
    assert r.exit_code == 1 and "--force" in r.output
    assert folder_digest(cli.db) == before
    r = cli("void", "T3", "9", "--reason", "no grab after all", "--force")
    assert r.exit_code == 0 and "warning" in r.output
    r = cli("void", "T3", "9", "--reason", "again")
    assert r.exit_code == 1
    assert r.output == "error: #9 was already taken back by #12 (void); nothing to void, nothing stored\n"


def test_void_requires_reason_and_existing_seq(cli):
    new_match(cli)
    r = cli("void", "T3", "3")
    assert r.exit_code == 2  # typer: missing --reason
    r = cli("void", "T3", "99", "--reason", "x")
    assert r.exit_code == 1 and "there is no #99" in r.output


# --- guided entry ----------------------------------------------------------------------------------------

def test_guided_entry_of_a_hand(cli):
    new_match(cli)
    answers = [
        "declare E BJ",
        "trump H",
        "kitty 4C 6D 9S KH 7C 3H",
        "4C 6C 7C 8D 9D",  # five cards: refused, asked again
        "4C 6C 7C 8D 9D JS",  # the only expected directive with cards: `bury` is added
        "25",  # a number while points are expected: `points 25`
        "fifty",  # not understood: asked again
        "50",
        "decl",  # `last decl`
    ]
    r = cli("record", "T3", input="\n".join(answers) + "\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "hand (hand 1 begins)" in out
    assert out.count("try again") == 2
    assert "stored #12 in T3 (by 王裁判): bury 4C 6C 7C 8D 9D JS" in out
    assert "stored #13 in T3 (by 王裁判): points 25" in out
    assert "'fifty' is not understood" in out
    assert "defenders' score 75" in out and "blood owed next hand: 1" in out
    assert "paid by S (李四) to W (王五)" in out
    texts = [notation.format_event(ev) for ev in Store(cli.db).events("T3")[7:]]
    assert texts == HAND1


def test_guided_entry_prompts_for_tribute(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1)
    r = cli("record", "T3", input="declare S 4S\nq\n")
    assert r.exit_code == 0, r.output
    assert "S (李四) owes 1 blood to W (王五)" in r.output
    assert "stopped" in r.output


# --- whatif ----------------------------------------------------------------------------------------------

def test_whatif_shows_changes_and_stores_nothing(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1)
    before = folder_digest(cli.db)
    r = cli("whatif", "T3", "15", "last", "def")
    assert r.exit_code == 0, r.output
    assert folder_digest(cli.db) == before
    out = r.output
    # As recorded: S = 75 kept → keep, EW 3 → 4, blood 1. What if dug: the buried kitty
    # 4C 6C 7C 8D 9D JS has no points, so S = 75 still; < 120 dug → foul dig: no level change,
    # blood still ceil((80 − 75)/10) = 1 (kings void, none anyway).
    assert "as recorded" in out and "what if" in out
    rows = {line[3:22].strip(): (line[:3].strip(), line[22:].split()) for line in out.splitlines()
            if line.startswith(" ")}
    assert rows["score"] == ("", ["75", "75"])
    assert rows["outcome"] == ("*", ["keep", "foul", "dig"])
    assert rows["levels"] == ("*", ["EW", "4,", "NS", "3", "EW", "3,", "NS", "3"])
    # blood: ceil((80 − 75)/10) = 1 either way; keep and foul dig both leave the declarers in, so the next
    # declarer is E's partner W and the payer W's upper hand S (§7.2, §7.4).
    assert rows["blood"] == ("", ["1", "by", "S", "1", "by", "S"])
    assert rows["next declarer"] == ("", ["W", "W"])
    assert rows["blood owed now"] == ("", ["1", "1"])
    assert rows["levels now"] == ("*", ["EW", "4,", "NS", "3", "EW", "3,", "NS", "3"])
    assert rows["winner"] == ("", ["-", "-"])
    r = cli("whatif", "T3", "99", "points", "5")
    assert r.exit_code == 1


# --- import / export -------------------------------------------------------------------------------------

RECORD = """\
# Spring Cup, round 1, table 3
match id=SC26-R1-T3 rules=dalian-club date=2026-11-29 event="Spring Cup" table=3 round=1
team EW 海之韵
team NS 星海
seat E 张三
seat S 李四
seat W 王五
seat N 赵六

HAND
declare 东 大王           # E grabs
trump ♥
kitty 4c 6d 9s kh 7c 3h
bury 4C 6C 7C 8D 9D JS
points 25
points 35
last 庄家方

hand
declare S 4S
declare W 4H 4H
tribute S SJ 2C
kitty 5H 8C 9C QH 3D 6S
bury 8C 9C 3D 6S 7D 8D
king N BJ take 3D
points 120
last def
"""


def test_import_export_round_trip(cli, tmp_path):
    path = tmp_path / "sc.gunzi"
    path.write_text(RECORD, encoding="utf-8")
    r = cli("import", str(path))
    assert r.exit_code == 0, r.output
    assert "imported as match SC26-R1-T3" in r.output
    store = Store(cli.db)
    # Stored, the header carries the pin of dalian-club's content (the record named it and had no pin): the rest
    # of the canonical record is the record's.
    header = store.events("SC26-R1-T3")[0]
    assert isinstance(header, MatchHeader) and header.pin is not None
    unpinned = notation.write(notation.parse(RECORD).events)
    first, rest = unpinned.split("\n", 1)
    canonical = f"{first} rules-hash={header.pin}\n{rest}"
    assert notation.write(store.events("SC26-R1-T3")) == canonical
    src = sources.load("SC26-R1-T3", db=str(cli.db))
    assert src.origin == "store" and src.rules == "dalian-club" and src.errors == []
    assert notation.write(src.events) == canonical
    assert [e.kind for e in src.log] == ["event"] * len(src.events)
    # Exported, re-imported under --replace: the same canonical text again.
    out = tmp_path / "export.gunzi"
    out.write_text(canonical, encoding="utf-8")
    r = cli("import", str(out), "--replace")
    assert r.exit_code == 0, r.output
    assert notation.write(Store(cli.db).events("SC26-R1-T3")) == canonical


def test_import_refuses_duplicates_unless_replace(cli, tmp_path):
    path = tmp_path / "sc.gunzi"
    path.write_text(RECORD, encoding="utf-8")
    assert cli("import", str(path)).exit_code == 0
    cli("record", "SC26-R1-T3", "hand")
    before = folder_digest(cli.db)
    r = cli("import", str(path))
    assert r.exit_code == 1 and "already in the store" in r.output
    assert folder_digest(cli.db) == before
    r = cli("import", str(path), "--replace")
    assert r.exit_code == 0
    kept = list((cli.db / "replaced").iterdir())
    assert len(kept) == 1  # the overwritten match is kept, with its extra `hand`
    assert "hand" in match_tables(kept[0])["entries"][str(len(notation.parse(RECORD).events) + 1)][
        "directive"]
    with pytest.raises(DuplicateMatch):
        Store(cli.db).create(notation.parse(RECORD).events)


def test_import_refuses_unreadable_record(cli, tmp_path):
    bad = tmp_path / "bad.gunzi"
    bad.write_text("match id=B1\nhand\ndeclare E XX\n", encoding="utf-8")
    r = cli("import", str(bad))
    assert r.exit_code == 1 and "line 3" in r.output
    assert Store(cli.db).match_ids() == []


# --- verify and tampering ----------------------------------------------------------------------------------

def test_verify_passes_then_names_a_hand_edit(cli):
    new_match(cli)
    new_match(cli, "T4")
    record_all(cli, "T3", HAND1)
    r = cli("verify")
    assert r.exit_code == 0 and "ok: 2 matches, 22 entries" in r.output
    path = cli.db / "matches" / "T3.json"
    data = match_tables(path)
    data["entries"]["13"]["directive"] = "points 5"  # was points 25
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = cli("verify")
    assert r.exit_code == 1
    assert "match T3, #13" in r.output and "edited by hand" in r.output
    assert "T4" not in r.output.replace("T3", "")
    # Recording into a broken chain is refused.
    r = cli("record", "T3", "hand")
    assert r.exit_code == 1 and "#13" in r.output and "verify" in r.output


def test_verify_names_removed_entry_and_fixed_hash(cli):
    new_match(cli)
    record_all(cli, "T3", HAND1)
    path = cli.db / "matches" / "T3.json"
    data = match_tables(path)
    # A careful forger also recomputes the edited entry's own hash: the next link still breaks.
    e = data["entries"]["13"]
    e["directive"] = "points 5"
    e["hash"] = chain.entry_hash("T3", e)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = cli("verify", "T3")
    assert r.exit_code == 1 and "match T3, #14" in r.output
    del data["entries"]["13"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = cli("verify", "T3")
    assert r.exit_code == 1 and "match T3" in r.output
    path.write_text("{not json", encoding="utf-8")
    r = cli("verify")
    assert r.exit_code == 1 and "not valid JSON" in r.output


# --- storage details ---------------------------------------------------------------------------------------

def test_atomic_write_failure_keeps_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "m.json"
    storage = files.AtomicStorage(path)
    storage.write({"entries": {"1": {"a": 1}}})
    old = path.read_bytes()

    def boom(*a, **k):
        raise OSError("disk gone")

    monkeypatch.setattr(files.os, "replace", boom)
    with pytest.raises(OSError):
        files.AtomicStorage(path).write({"entries": {}})
    assert path.read_bytes() == old
    monkeypatch.undo()
    # A killed writer's temp file is cleaned on the next locked open.
    stale = tmp_path / f"{files.temp_prefix(path)}12345{files.TMP_SUFFIX}"
    stale.write_bytes(b'{"half')
    assert files.clean_temp(path) == [stale.name]
    assert sorted(os.listdir(tmp_path)) == ["m.json"]


def test_a_store_that_cannot_be_written_is_an_error_not_a_traceback(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    cli = Cli(blocker / "store")  # a store folder inside a file: the system refuses to create it
    r = cli("new", "T3")
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)  # exited, did not raise
    assert r.output.startswith(f"error: cannot write to the store: {blocker / 'store'}") and "Traceback" not in r.output
    assert r.output.rstrip().endswith("; nothing was stored")
    r = cli("new", "T3", "--lang", "zh")
    assert r.exit_code == 1 and r.output.startswith(f"错误：无法写入存储：{blocker / 'store'}")
    assert r.output.rstrip().endswith("；未存储任何内容")  # file and reason parted the Chinese way


def test_a_match_file_written_by_recording_is_a_tinydb_table(cli):
    from tinydb import TinyDB

    new_match(cli)
    record_all(cli, "T3", HAND1[:3])  # appended by the session, through TinyDB's table
    store = Store(cli.db)
    with TinyDB(str(store.path("T3")), storage=files.AtomicStorage, missing_ok=False) as db:
        rows = db.table("entries").all()
    assert [r.doc_id for r in rows] == list(range(1, 11))  # 7 entries of `new`, then 3 recorded
    assert [dict(r) for r in rows] == store.entries("T3")
    assert Store(cli.db).verify(["T3"])[2] == []


def test_recording_goes_through_tinydb(tmp_path):
    # A `record` at the table appends through TinyDB's table on the atomic storage (its import costs ~1.5 ms
    # after typer's: bench/record_typer_bench.py, bench/README.md).
    import subprocess
    import sys

    store = Store(tmp_path / "s")
    store.create([MatchHeader(id="R1", line=1)])
    code = ("import sys; from referee.cli import main\n"
            "try:\n    main(['record', 'R1', 'hand', '--db', sys.argv[1]])\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'tinydb'))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "s")], capture_output=True, text=True,
                         check=True)
    *said, loaded = out.stdout.splitlines()
    assert said == ["stored #2 in R1 (by " + store.log("R1")[-1].referee + "): hand",
                                       "next: declare | flip | declarer"], out.stdout + out.stderr
    assert "tinydb.table" in loaded and "tinydb.storages" in loaded, loaded


def test_store_location_from_env_and_option(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("REFEREE_DB", raising=False)
    assert Store().root.name == "referee-store"
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "env-store"))
    assert Store().root == tmp_path / "env-store"
    assert Store(tmp_path / "opt").root == tmp_path / "opt"


def test_referee_name_from_env(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_NAME", "赵裁判")
    store = Store(tmp_path / "s")
    store.create([MatchHeader(id="X", line=1), HandStart(line=2)])
    assert {e.referee for e in store.log("X")} == {"赵裁判"}


def test_odd_match_ids_get_safe_file_names(tmp_path):
    store = Store(tmp_path / "s")
    for mid in ("春季杯/R1", "..", "."):
        store.create([MatchHeader(id=mid, line=1)])
        assert store.path(mid).parent == store.matches_dir
        assert not file_stem(mid).startswith(".")
        assert store.header(mid).id == mid  # the file found again from the id
    assert store.match_ids() == sorted(["春季杯/R1", "..", "."])
    assert len(set(map(file_stem, ("春季杯/R1", "..", ".")))) == 3  # no two ids share a file


def test_sources_load_file_store_and_neither(tmp_path, cli):
    path = tmp_path / "r.gunzi"
    path.write_text(RECORD + "bogus line\n", encoding="utf-8")
    src = sources.load(str(path))
    assert src.origin == "file" and src.log == [] and src.rules == "dalian-club"
    assert len(src.errors) == 1 and src.errors[0].line == RECORD.count("\n") + 1
    new_match(cli)
    src = sources.load("T3", db=str(cli.db))
    assert src.origin == "store" and src.name == "T3" and len(src.log) == 7
    with pytest.raises(sources.SourceError, match="'nothing-here'"):
        sources.load("nothing-here", db=str(cli.db))
