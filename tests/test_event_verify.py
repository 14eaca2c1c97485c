"""`referee verify` checks the events too (issue 16, items 11, 12, 13): every event log — its file, each
entry, the chain, its head record — and what the log says of the matches (each table a match in the
store, each closed round's match still carrying the head its close recorded); the event commands say
which match is broken, missing or cut back after its close, and still show the rest.

The store is built through the command line in-process (tests/eventplay.py); the commands whose output
is asserted run as real processes. The event, by hand: ``event new`` is entry 1, the four pairs
entries 2–5, round 1 paired entry 6 (tables 1: P1 v P2, 2: P3 v P4 in entry order, no seed), and its
close entry 7: a log of 7 entries. Each match is created with 7 entries (header, two team names, four
seats); P1 wins 2:0 in two short games (one hand each: hand, declare, trump, kitty, points, last = 6
entries a game), so its match holds 7 + 12 = 19 entries.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from eventplay import Cli, play
from helpers import Run, match_tables

from referee.store import chain

ROOT = Path(__file__).resolve().parent.parent
EV = "SC26"


def referee(db: Path, *args: str) -> Run:
    """The real command line as a process, in English."""
    env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_LANG": "en", "PYTHONIOENCODING": "utf-8",
           "REFEREE_NAME": "裁判长"}
    out = subprocess.run([sys.executable, "-m", "referee.cli", *args], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    run = Run(out.returncode, out.stdout, out.stderr)
    assert "Traceback" not in run.text, run.text
    return run


@pytest.fixture
def closed(tmp_path: Path) -> Cli:
    """The event of the module's docstring: round 1 played to the end and closed."""
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", EV, "--name", "Spring Cup", "--rounds", 2, "--date", "2026-12-05")
    for code in ("P1", "P2", "P3", "P4"):
        cli.ok("event", "add", EV, code, f"{code}甲", f"{code}乙")
    js = cli.json("event", "pair", EV)
    play(cli, tmp_path, js["tables"][0], "P1", 2, 0)
    play(cli, tmp_path, js["tables"][1], "P4", 2, 1)
    cli.ok("event", "close", EV)
    return cli


def log_path(db: Path) -> Path:
    return db / "events" / f"{EV}.json"


def head_path(db: Path) -> Path:
    return db / "events" / "heads" / f"{EV}.json"


def flat(data: dict[str, Any]) -> dict[str, Any]:
    """A log file in TinyDB's layout (its `meta` document, its entries each under its seq) as its fields beside
    the list of its entries (the layout of before): what a hand-edit below changes."""
    return {**data["meta"]["1"], "entries": list(data["entries"].values())}


def tables(log: dict[str, Any]) -> dict[str, Any]:
    """*log* (as :func:`flat` gives it) in TinyDB's layout again: each entry under its seq (under its place when
    its seq is not a whole number)."""
    fields = {k: v for k, v in log.items() if k != "entries"}
    entries = {str(e["seq"] if type(e.get("seq")) is int else i): e for i, e in enumerate(log["entries"], 1)}
    return {"meta": {"1": fields}, "entries": entries}


def edit(db: Path, change: Callable[[dict[str, Any]], None]) -> None:
    path = log_path(db)
    data = flat(json.loads(path.read_text(encoding="utf-8")))
    change(data)
    path.write_text(json.dumps(tables(data), ensure_ascii=False), encoding="utf-8")


def reseal(entries: list[dict[str, Any]]) -> None:
    """Seal *entries* again from the first, as a forger who knows the chain would."""
    prev = chain.GENESIS
    for e in entries:
        e["prev"] = prev
        e["hash"] = prev = chain.entry_hash(f"event:{EV}", e)


def rename(data: dict[str, Any]) -> None:
    data["entries"][2]["directive"] = data["entries"][2]["directive"].replace("P2甲", "P2丙")


def drop_last_two(data: dict[str, Any]) -> None:
    data["entries"] = data["entries"][:-2]


def drop_first(data: dict[str, Any]) -> None:
    data["entries"] = data["entries"][1:]


def swap(data: dict[str, Any]) -> None:
    e = data["entries"]
    e[1], e[2] = e[2], e[1]


def bad_hash(data: dict[str, Any]) -> None:
    data["entries"][3]["hash"] = "0" * 64


def seq_text(data: dict[str, Any]) -> None:
    data["entries"][0]["seq"] = "1"


def time_number(data: dict[str, Any]) -> None:
    data["entries"][4]["time"] = 5


def undo_kind(data: dict[str, Any]) -> None:
    data["entries"][5]["kind"] = "undo"


def unknown_key(data: dict[str, Any]) -> None:
    data["owner"] = "x"


def format_two(data: dict[str, Any]) -> None:
    data["format"] = 2


def resealed_edit(data: dict[str, Any]) -> None:
    rename(data)
    reseal(data["entries"])


CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("edited field", rename, f"event {EV}, #3: its content does not match its hash (edited by hand)"),
    # 7 entries, the last two (round 1 paired, round 1 closed) dropped: 5 are left, the head says 7
    ("dropped last two", drop_last_two,
     f"event {EV}: it holds 5 entries but its head record says 7 entries: entries were removed"),
    ("dropped first", drop_first, f"event {EV}, #1: entry 1 carries seq 2: an entry was removed, added or moved"),
    ("reordered", swap, f"event {EV}, #2: entry 2 carries seq 3: an entry was removed, added or moved"),
    ("bad hash", bad_hash, f"event {EV}, #4: its content does not match its hash (edited by hand)"),
    ("seq a text", seq_text, f"event {EV}, #1: its 'seq' must be a whole number, not \"1\""),
    ("time a number", time_number, f"event {EV}, #5: its 'time' must be a text, not 5"),
    ("kind undo", undo_kind, f"event {EV}, #6: an event's log holds entries of kind event only, not undo"),
    ("unknown key", unknown_key, f"event {EV}: the file holds an unknown key 'owner'"),
    ("format 2", format_two, f"event {EV}: the file's format is 2, not one this version of referee reads"),
    # every hash recomputed after the edit: the head record still holds the old hash of entry 7
    ("edited and resealed", resealed_edit,
     f"event {EV}, #7: it does not carry the hash its head record holds: the log was rewritten"),
]


@pytest.mark.parametrize(("change", "expected"), [c[1:] for c in CORRUPTIONS], ids=[c[0] for c in CORRUPTIONS])
def test_verify_names_each_corruption_of_an_event_log(closed: Cli, change: Callable[[dict[str, Any]], None],
                                                      expected: str) -> None:
    ok = referee(closed.db, "verify")
    assert ok.code == 0 and "1 event log, 7 entries" in ok.out, ok.text
    edit(closed.db, change)
    run = referee(closed.db, "verify")
    assert run.code == 1
    assert f"BROKEN {expected}" in run.err, run.err
    assert "error: 1 of 1 event fails verification" in run.err
    status = referee(closed.db, "event", "status", EV)  # the event commands refuse it too, naming it
    assert status.code == 1 and expected in status.err, status.err


def test_a_truncated_or_wiped_log_file(closed: Cli) -> None:
    raw = log_path(closed.db).read_bytes()
    log_path(closed.db).write_bytes(raw[: len(raw) // 2])
    run = referee(closed.db, "verify")
    wanted = f"BROKEN event {EV}: its file {log_path(closed.db)} is not valid JSON ("
    assert run.code == 1 and wanted in run.err, run.err
    edit_raw = json.loads(raw)
    edit_raw["entries"] = {}
    log_path(closed.db).write_text(json.dumps(edit_raw), encoding="utf-8")
    run = referee(closed.db, "verify")
    assert run.code == 1 and f"BROKEN event {EV}: the file holds no readable list of entries" in run.err, run.err


def test_a_missing_head_record_or_mark(closed: Cli) -> None:
    saved = head_path(closed.db).read_bytes()
    head_path(closed.db).unlink()
    run = referee(closed.db, "verify")
    assert run.code == 1
    assert (f"BROKEN event {EV}: its head record {head_path(closed.db)} is missing, so a removal of its last entries "
            "could not be seen") in run.err, run.err
    head_path(closed.db).write_bytes(saved)
    edit(closed.db, lambda d: d.pop("heads"))
    run = referee(closed.db, "verify")
    assert run.code == 1
    assert f"BROKEN event {EV}: its 'heads' mark was removed, though its head record says 7 entries" in run.err


def test_a_log_gone_with_its_head_record_left(closed: Cli) -> None:
    log_path(closed.db).unlink()
    run = referee(closed.db, "verify")
    assert run.code == 1
    assert (f"BROKEN event {EV}: its log {log_path(closed.db)} is missing (its head record says 7 entries)"
            in run.err), run.err


def test_log_and_head_cut_back_together_leave_played_matches_unlisted(closed: Cli) -> None:
    """The last two entries dropped with the head record and its mark: the log reads as sound (round 1
    never paired), but both matches of round 1 were played, so entries of the log were removed."""
    edit(closed.db, lambda d: (drop_last_two(d), d.pop("heads")))
    head_path(closed.db).unlink()
    run = referee(closed.db, "verify")
    assert run.code == 1, run.text
    for table in (1, 2):
        assert (f"BROKEN event {EV}: match {EV}-R1-T{table} was played as table {table} of round 1, but the log does "
                "not list that table: entries of the log were removed") in run.err, run.err


def test_a_head_behind_is_a_note_and_the_next_write_brings_it_up(closed: Cli) -> None:
    """A crash between the log and its head leaves the head behind: said, not broken."""
    data = json.loads(head_path(closed.db).read_text(encoding="utf-8"))
    entries = json.loads(log_path(closed.db).read_text(encoding="utf-8"))["entries"]
    head_path(closed.db).write_text(json.dumps({"id": data["id"], "entries": 6, "hash": entries["6"]["hash"]}),
                                    encoding="utf-8")
    run = referee(closed.db, "verify")
    assert run.code == 0, run.text
    assert f"note: event {EV}: its head record is 1 entry behind" in run.out
    closed.ok("event", "pair", EV)  # round 2 paired: entry 8
    assert json.loads(head_path(closed.db).read_text(encoding="utf-8"))["entries"] == 8


def test_a_log_written_before_head_records_gains_one_on_its_next_write(closed: Cli) -> None:
    edit(closed.db, lambda d: d.pop("heads"))
    head_path(closed.db).unlink()
    assert referee(closed.db, "verify").code == 0
    closed.ok("event", "pair", EV)
    assert json.loads(log_path(closed.db).read_text(encoding="utf-8"))["meta"]["1"]["heads"] == 1
    assert json.loads(head_path(closed.db).read_text(encoding="utf-8"))["entries"] == 8


def test_verify_names_one_event(closed: Cli) -> None:
    run = referee(closed.db, "verify", EV)
    assert run.code == 0 and "ok: 0 matches, 0 entries; 1 event log, 7 entries" in run.out, run.text
    edit(closed.db, rename)
    run = referee(closed.db, "verify", EV)
    assert run.code == 1 and f"BROKEN event {EV}, #3:" in run.err


# --- the matches an event lists (items 12 and 13) ---------------------------------------------------------
# Round 1: table 1 SC26-R1-T1 P1 (EW) v P2, P1 wins 2:0: 7 + 2 × 6 = 19 entries; table 2 SC26-R1-T2 P3 (EW)
# v P4, P4 wins 2:1: 7 + 3 × 6 = 25 entries. Club scoring (README): 2:0 → 3, 0:2 → 0, 2:1 → 2, 1:2 → 1.

T1, T2 = f"{EV}-R1-T1", f"{EV}-R1-T2"


def match_file(db: Path, match_id: str) -> Path:
    return db / "matches" / f"{match_id}.json"


def cut_back(db: Path, match_id: str, keep: int) -> None:
    """Keep the first *keep* entries of the match, and remove its head record and its `meta` table: the
    file then reads as a sound match written before head records were kept."""
    path = match_file(db, match_id)
    data = match_tables(path)
    data["entries"] = {k: v for k, v in data["entries"].items() if int(k) <= keep}
    del data["meta"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (db / "heads" / f"{match_id}.json").unlink()


def points(db: Path) -> dict[str, tuple[int, int]]:
    """Each pair's (matches played, match points) from `event standings --json` (exit code not asserted)."""
    run = referee(db, "event", "standings", EV, "--json")
    return {r["pair"]: (r["played"], r["match_points"]) for r in json.loads(run.out)["standings"]}


CUT = (f"event {EV}: round 1 was closed with match {T1} at 19 entries; it now holds 13 entries: entries were "
       "removed after the close")


def test_a_closed_match_cut_back_with_its_head_record_and_meta_is_a_finding(closed: Cli) -> None:
    assert points(closed.db) == {"P1": (1, 3), "P2": (1, 0), "P3": (1, 1), "P4": (1, 2)}
    cut_back(closed.db, T1, 13)  # the second game (entries 14–19) removed
    assert referee(closed.db, "verify", T1).code == 0  # the match alone reads as sound: only the close knows
    standings = referee(closed.db, "event", "standings", EV)
    assert standings.code == 1 and standings.err == f"error: {CUT}\n", standings.err
    assert "Standings after round 1" in standings.out  # the rest still shown
    # T1 not counted (P1 and P2 played none); T2 counted as before
    assert points(closed.db) == {"P1": (0, 0), "P2": (0, 0), "P3": (1, 1), "P4": (1, 2)}
    status = referee(closed.db, "event", "status", EV)
    assert status.code == 1 and status.err == f"error: {CUT}\n"
    assert "BROKEN: not counted (see below)" in status.out and "finished: P4 won 2:1" in status.out
    js = json.loads(referee(closed.db, "event", "status", EV, "--json").out)
    assert [t["state"] for t in js["tables"]] == ["broken", "finished"]
    run = referee(closed.db, "verify")
    assert run.code == 1 and f"BROKEN {CUT}" in run.err, run.err
    paired = referee(closed.db, "event", "pair", EV)  # no round is paired on standings that leave it out
    assert paired.code == 1 and paired.err == f"error: {CUT}\n", paired.err
    assert not match_file(closed.db, f"{EV}-R2-T1").exists()


def test_a_closed_match_cut_back_refuses_records(closed: Cli) -> None:
    """Cut back, the match no longer reads as its round closed it: nothing more is recorded into it."""
    cut_back(closed.db, T1, 13)
    before = match_file(closed.db, T1).read_bytes()
    run = referee(closed.db, "record", T1, "hand", "--reason", "retyped")
    assert run.code == 1
    assert run.err == f"error: {CUT}; nothing recorded (run `referee verify`)\n", run.err
    assert match_file(closed.db, T1).read_bytes() == before


def test_a_closed_match_cut_back_and_written_on_is_rewritten(closed: Cli) -> None:
    """Cut back to 13 entries and sealed on up to 19 by hand, as a forger who knows the chain would:
    entry #19 is no longer the one the close recorded."""
    cut_back(closed.db, T1, 13)
    path = match_file(closed.db, T1)
    data = match_tables(path)
    prev = data["entries"]["13"]["hash"]
    for seq, line in enumerate(("hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 0",
                                "last decl"), 14):
        entry: chain.Unsealed = {"seq": seq, "kind": "event", "time": "2026-12-05T10:00:00.000Z",
                                 "referee": "x", "directive": line, "target": None, "reason": ""}
        sealed = chain.seal(T1, entry, prev)
        data["entries"][str(seq)] = sealed
        prev = sealed["hash"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert referee(closed.db, "verify", T1).code == 0  # a sound chain of 19 entries, no head record kept
    expected = (f"event {EV}: match {T1}, #19 does not carry the hash round 1's close recorded: the match was "
                "rewritten after the close")
    standings = referee(closed.db, "event", "standings", EV)
    assert standings.code == 1 and standings.err == f"error: {expected}\n", standings.err
    run = referee(closed.db, "verify")
    assert run.code == 1 and f"BROKEN {expected}" in run.err, run.err


def test_a_match_whose_chain_breaks_is_named_and_the_rest_shown(closed: Cli) -> None:
    assert referee(closed.db, "event", "standings", EV).code == 0  # the summaries cached
    path = match_file(closed.db, T2)
    data = match_tables(path)
    assert data["entries"]["9"]["directive"] == "declare E BJ"  # game 1 of T2 won by EW (P3): E grabs
    data["entries"]["9"]["directive"] = "declare E SJ"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    expected = (f"match {T2}, #9: its content does not match its hash (edited by hand); the event cannot use this "
                "match (run `referee verify`)")
    for args in (("standings", EV), ("status", EV)):
        run = referee(closed.db, "event", *args)
        assert run.code == 1 and run.err == f"error: {expected}\n", run.err
    assert points(closed.db) == {"P1": (1, 3), "P2": (1, 0), "P3": (0, 0), "P4": (0, 0)}


def test_a_missing_match_is_one_line_and_repair_index_says_so(closed: Cli) -> None:
    match_file(closed.db, T2).unlink()
    (closed.db / "heads" / f"{T2}.json").unlink()
    gone = f"event {EV}: match {T2} of round 1, closed at 25 entries, is missing from the store"
    repair = referee(closed.db, "verify", "--repair-index")
    assert repair.code == 1, repair.text
    assert "index rebuilt from the match files: 1 match" in repair.out
    assert f"note: match {T2} dropped from the index: its file is missing" in repair.out
    assert f"BROKEN {gone}" in repair.err
    for args in (("standings", EV), ("status", EV)):
        run = referee(closed.db, "event", *args)
        assert run.code == 1 and run.err == f"error: {gone}\n", run.err
    assert points(closed.db) == {"P1": (1, 3), "P2": (1, 0), "P3": (0, 0), "P4": (0, 0)}
    run = referee(closed.db, "verify")
    assert run.code == 1 and f"BROKEN {gone}" in run.err


def test_close_refuses_a_broken_match_naming_it(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", EV, "--name", "Spring Cup", "--rounds", 2)
    for code in ("P1", "P2", "P3", "P4"):
        cli.ok("event", "add", EV, code, f"{code}甲", f"{code}乙")
    js = cli.json("event", "pair", EV)
    play(cli, tmp_path, js["tables"][0], "P1", 2, 0)
    play(cli, tmp_path, js["tables"][1], "P4", 2, 1)
    match_file(cli.db, T1).unlink()
    run = referee(cli.db, "event", "close", EV)
    assert run.code == 1
    assert run.err == f"error: round 1 cannot close: event {EV}: match {T1} of round 1 is missing from the store\n"


def test_the_index_is_a_second_witness_of_the_close(closed: Cli) -> None:
    """The close's heads kept in the index too: a match cut back with its head record and meta, and
    the log's close rewritten to agree (resealed, its head record too), is still caught by verify."""
    index = json.loads((closed.db / "index.json").read_text(encoding="utf-8"))
    rows = {r["id"]: r for r in index["matches"].values()}
    assert (rows[T1]["entries"], rows[T2]["entries"]) == (19, 25)
    cut_back(closed.db, T1, 13)
    t1 = match_tables(match_file(closed.db, T1))["entries"]

    def forge(data: dict[str, Any]) -> None:
        close = json.loads(data["entries"][6]["directive"])
        close["heads"][T1] = {"entries": 13, "hash": t1["13"]["hash"]}
        data["entries"][6]["directive"] = json.dumps(close, sort_keys=True, ensure_ascii=False,
                                                     separators=(",", ":"))
        reseal(data["entries"])
        head_path(closed.db).write_text(json.dumps({"id": f"event:{EV}", "entries": 7,
                                                    "hash": data["entries"][6]["hash"]}), encoding="utf-8")

    edit(closed.db, forge)
    run = referee(closed.db, "verify")
    assert run.code == 1, run.text
    assert (f"BROKEN match {T1}: it holds 13 entries but the index recorded 19 entries when its round closed: "
            "entries were removed") in run.err, run.err
    assert "BROKEN event" not in run.err  # the log itself agrees with the cut match now
    repair = referee(closed.db, "verify", "--repair-index")  # a rebuild keeps the witness
    assert repair.code == 0, repair.text
    assert referee(closed.db, "verify").code == 1


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d["tokens"]["1"].update(role="admin"), ": token 1 is not a record the store writes"),
    (lambda d: d["tokens"]["2"].update(tables=["1"]), ": token 2 is not a record the store writes"),
    (lambda d: d["tokens"]["1"].update(hash="not a hash"), ": token 1 is not a record the store writes"),
    (lambda d: d["tokens"].update({"2": "x"}), ": token 2 is not a record the store writes"),
    (lambda d: d.update(tokens="x"), " holds no list of tokens"),
], ids=["role", "tables", "hash", "not a record", "no list"])
def test_verify_checks_the_tokens_file(closed: Cli, change: Callable[[dict[str, Any]], None], expected: str) -> None:
    closed.ok("token", "add", "王裁判", "--role", "referee", "--event", EV, "--tables", "1")
    closed.ok("token", "add", "裁判长", "--role", "director", "--event", EV)
    assert referee(closed.db, "verify").code == 0
    path = closed.db / "tokens.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = referee(closed.db, "verify")
    assert run.code == 1, run.text
    assert f"BROKEN {path}{expected}" in run.err, run.err
    assert run.err.endswith("error: the tokens file fails verification\n")


def test_verify_checks_a_torn_tokens_file(closed: Cli) -> None:
    closed.ok("token", "add", "王裁判", "--role", "referee", "--event", EV)
    path = closed.db / "tokens.json"
    path.write_bytes(path.read_bytes()[:40])
    run = referee(closed.db, "verify")
    assert run.code == 1 and f"BROKEN {path} is not valid JSON" in run.err, run.err


def test_stray_files_in_the_events_folder(closed: Cli) -> None:
    stray = closed.db / "events" / "x~1.json"  # a cut name (~): the name alone does not say the event
    stray.write_text("{", encoding="utf-8")
    head = closed.db / "events" / "heads" / "y~2.json"
    head.write_text("[]", encoding="utf-8")
    run = referee(closed.db, "verify")
    assert run.code == 1, run.text
    assert f"BROKEN {stray}: an event log whose event id cannot be read" in run.err
    assert f"BROKEN {head}: a head record that cannot be read, and no event log beside it" in run.err
    # the event itself, and two strays: 2 of 3 fail
    assert "error: 2 of 3 events fail verification" in run.err


def test_the_findings_in_chinese(closed: Cli) -> None:
    cut_back(closed.db, T1, 13)
    env = ("--lang", "zh")
    run = referee(closed.db, "event", "standings", EV, *env)
    assert run.code == 1
    assert run.err == (f"错误：赛事 {EV}：第 1 轮结束时比赛 {T1} 有19 条记录，现在只有13 条记录："
                       "该轮结束后有记录被删除了\n"), run.err
    edit(closed.db, rename)
    run = referee(closed.db, "verify", *env)
    assert run.code == 1 and f"损坏 赛事 {EV}，#3：" in run.err, run.err
