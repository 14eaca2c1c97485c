"""The store under threads and processes at once (issue 15, "Thread- and process-safe"; issue 16 items
10 and 18): the file lock keeps out every other thread as well as every other process, temporary
files never collide, and the summary cache is used only at its match's current head and never
written by a read.

The web server runs store calls on a thread pool, so two requests are two threads of one process:
each race below is run with threads in one process, and with processes (the real CLI) where the
behaviour is a command's. The entries recorded are ``team EW NAME`` (docs/record-format.md,
Directives: team names, optional): before a match's first hand the store accepts a team name again
and again, so every one of them is accepted and each can be told apart by its name.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from typing import Any

import pytest
from eventplay import Cli, game, play
from webserver import WebServer
from webvenue import T1, make_venue

from referee.app import director, recording
from referee.core import safefile
from referee.core.errors import RefereeError
from referee.games.gunzi.notation import parse_line
from referee.results.eventstate import event_state
from referee.results.summarize import SUMMARIES
from referee.store import files, summaries
from referee.store.eventlog import EventLog
from referee.store.folder import FolderStore as Store
from referee.store.store import StoreBusy
from referee.store.summaries import SummaryCache, forget
from referee.web.app import make_app
from referee.web.data import standings_json

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

REFEREE = [str(Path(sys.executable).parent / "referee")]
EVENT = "CUP"


def run_referee(db: Path, *args: str, lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_LANG": lang, "REFEREE_NAME": "命令行"}
    return subprocess.run([*REFEREE, *args], env=env, capture_output=True, text=True, check=False, timeout=120)


def in_threads(n: int, work: Any) -> list[BaseException]:
    """Run ``work(k)`` in *n* threads started together; the exceptions they raised."""
    start = threading.Barrier(n)
    errors: list[BaseException] = []

    def run(k: int) -> None:
        start.wait()
        try:
            work(k)
        except BaseException as e:  # noqa: BLE001 - every failure is counted, none lost in a thread
            errors.append(e)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    return errors


def four_pairs(cli: Cli, event: str = EVENT, rounds: int = 2) -> None:
    cli.ok("event", "new", event, "--name", "Autumn Cup", "--rounds", rounds)
    for code in ("F1", "F2", "F3", "F4"):
        cli.ok("event", "add", event, code, f"{code}甲", f"{code}乙")


# --- the file lock ------------------------------------------------------------------------------------

def test_files_lock_keeps_four_threads_on_one_path_apart(tmp_path: Path) -> None:
    """Four threads take ``files.lock(p)`` 150 times each and hold it a moment: a thread let in while
    another is inside is an overlap. None may happen, and every one of the 600 entries happens."""
    target = tmp_path / "m.json"
    guard = threading.Lock()
    counts = {"inside": 0, "overlaps": 0, "entered": 0}

    def work(_: int) -> None:
        for _ in range(150):
            with files.lock(target):
                with guard:
                    counts["inside"] += 1
                    counts["entered"] += 1
                    if counts["inside"] > 1:
                        counts["overlaps"] += 1
                time.sleep(0.0002)
                with guard:
                    counts["inside"] -= 1

    assert in_threads(4, work) == []
    assert (counts["overlaps"], counts["entered"]) == (0, 4 * 150), counts


def test_files_lock_is_reentrant_in_one_thread_and_held_against_other_processes(tmp_path: Path) -> None:
    """Nested in one thread, the lock is taken again at once; while any thread holds it, another open
    of the lock file (as another process has) cannot flock it, and once released it can."""
    target = tmp_path / "m.json"

    def other_process_can_lock() -> bool:
        fd = os.open(tmp_path / "m.lock", os.O_RDWR | os.O_CREAT)  # its own open file description
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        finally:
            os.close(fd)
        return True

    with files.lock(target, timeout=0.2):
        with files.lock(target, timeout=0.2):  # would wait 0.2 s and raise StoreBusy if not re-entrant
            assert not other_process_can_lock()
        assert not other_process_can_lock()  # the inner exit did not release it
    assert other_process_can_lock()


def test_files_lock_held_by_another_thread_makes_a_waiter_busy_in_both_languages(tmp_path: Path) -> None:
    target = tmp_path / "m.json"
    taken, done = threading.Event(), threading.Event()

    def holder() -> None:
        with files.lock(target):
            taken.set()
            done.wait(10)

    t = threading.Thread(target=holder)
    t.start()
    try:
        assert taken.wait(10)
        began = time.monotonic()
        with pytest.raises(StoreBusy) as caught:
            with files.lock(target, timeout=0.1):
                pass
        assert time.monotonic() - began >= 0.1
        lock_path = str(tmp_path / "m.lock")
        assert caught.value.msg.text("en") == f"the store is busy: {lock_path} stayed locked for 0.1 s; try again"
        assert caught.value.msg.text("zh") == f"存储正忙：{lock_path} 被锁定超过 0.1 秒，请稍后重试"
    finally:
        done.set()
        t.join(10)
    with files.lock(target, timeout=0.1):  # released by its holder: free again
        pass


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_does_not_inherit_the_parents_hold_on_a_lock(tmp_path: Path) -> None:
    """The parent holds the lock when it forks: the child's thread has the same id as the parent's, yet
    the child must not count itself a holder; it waits for the parent like any other process (busy
    after its 0.1 s). Exit 0 from the child says it was kept out."""
    target = tmp_path / "m.json"
    with files.lock(target):
        pid = os.fork()
        if pid == 0:  # the child: report by exit status only
            code = 1
            try:
                with files.lock(target, timeout=0.1):
                    code = 2  # let in while the parent holds it
            except StoreBusy:
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


# --- temporary files ------------------------------------------------------------------------------------

def test_write_bytes_from_many_threads_at_once_never_collides(tmp_path: Path) -> None:
    """Eight threads replace one file 50 times each: every write lands whole (the last one read back is
    one of the writes), none fails for a temporary file another thread renamed away, no litter is
    left, and the file keeps the mode asked for (0644 with the usual umask 022)."""
    target = tmp_path / "f.json"
    old = os.umask(0o022)
    try:
        def work(k: int) -> None:
            for i in range(50):
                safefile.write_bytes(target, f"{k}-{i}".encode() * 100, sync_folder=False)

        assert in_threads(8, work) == []
    finally:
        os.umask(old)
    text = target.read_text()
    assert text == text[:len(text) // 100] * 100  # one write whole
    assert sorted(os.listdir(tmp_path)) == ["f.json"]
    assert target.stat().st_mode & 0o777 == 0o644


def test_write_bytes_keeps_the_mode_and_the_umask_and_leaves_nothing_when_refused(tmp_path: Path) -> None:
    """A private file stays 0600; under a umask of 077 a file asked as 0644 is made 0600, as any new
    file is (a temporary file made 0600 and chmod'ed to 0644 would not be); a write into a folder that
    is gone fails with the system's error and leaves nothing."""
    secret = tmp_path / "tokens.json"
    safefile.write_bytes(secret, b"{}", mode=0o600)
    assert secret.stat().st_mode & 0o777 == 0o600
    old = os.umask(0o077)
    try:
        safefile.write_bytes(tmp_path / "private.json", b"{}")
    finally:
        os.umask(old)
    assert (tmp_path / "private.json").stat().st_mode & 0o777 == 0o600
    (tmp_path / "private.json").unlink()
    os.mkdir(tmp_path / "gone")
    os.rmdir(tmp_path / "gone")
    with pytest.raises(FileNotFoundError) as caught:
        safefile.write_bytes(tmp_path / "gone" / "x.json", b"{}")
    assert caught.value.errno == errno.ENOENT
    assert sorted(os.listdir(tmp_path)) == ["tokens.json"]


def test_clean_temp_still_recognises_what_a_killed_writer_left(tmp_path: Path) -> None:
    target = tmp_path / "m.json"
    target.write_bytes(b"{}")
    safefile.write_bytes(target, b"{}")
    # What write_bytes names its temporary file: the target's name behind a dot, then the suffix.
    litter = tmp_path / f".m.json.{'x' * 8}{safefile.TMP_SUFFIX}"
    litter.write_bytes(b"half")
    other = tmp_path / f".n.json.{'x' * 8}{safefile.TMP_SUFFIX}"
    other.write_bytes(b"someone else's")
    assert safefile.clean_temp(target) == [litter.name]
    assert sorted(os.listdir(tmp_path)) == sorted(["m.json", other.name])


# --- appending to one match ------------------------------------------------------------------------------

def test_threads_and_processes_appending_to_one_match_store_each_entry_once(tmp_path: Path) -> None:
    """Four threads record 25 team names each through ``recording.record`` (what ``referee record``
    and the web call) while two more threads run the real ``referee record`` 8 times each: all 116
    entries stored, each exactly once, numbered 2..117 after the header, and ``referee verify`` finds
    the chain whole."""
    db = tmp_path / "store"
    assert run_referee(db, "new", "M1").returncode == 0

    def work(k: int) -> None:
        if k < 4:
            store = Store(db)
            for i in range(25):
                ev = parse_line(f"team EW t{k}-{i}")
                assert ev is not None
                recording.record(store, "M1", [ev], f"thread{k}")
        else:
            for i in range(8):
                done = run_referee(db, "record", "M1", "team", "EW", f"p{k}-{i}")
                assert done.returncode == 0, done.stderr

    assert in_threads(6, work) == []
    entries = Store(db).entries("M1")
    names = [e["directive"] for e in entries[1:]]
    wanted = [f"team EW t{k}-{i}" for k in range(4) for i in range(25)]
    wanted += [f"team EW p{k}-{i}" for k in (4, 5) for i in range(8)]
    assert sorted(names) == sorted(wanted)  # 100 + 16, each once
    assert [e["seq"] for e in entries] == list(range(1, 118))
    verify = run_referee(db, "verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr


# --- pairing a round -------------------------------------------------------------------------------------

def test_two_threads_pairing_one_round_pair_it_once(tmp_path: Path) -> None:
    """Three events, each paired by two threads at once: one thread pairs round 1, the other is refused
    because round 1 is open (or finds it paired); the log holds one round, its chain whole, and each
    of its two matches holds the 7 entries of a new table (header, 2 teams, 4 seats)."""
    cli = Cli(tmp_path / "store")
    events = ["A1", "A2", "A3"]
    for ev in events:
        four_pairs(cli, ev)
    for ev in events:
        outcomes: list[str] = []

        def work(k: int, ev: str = ev, outcomes: list[str] = outcomes) -> None:
            try:
                director.pair_round(Store(cli.db), ev, f"director{k}")
                outcomes.append("paired")
            except RefereeError as e:
                outcomes.append(e.msg.text("en"))

        assert in_threads(2, work) == []
        assert sorted(outcomes) == ["paired", f"round 1 of event {ev} is still open: close it first "
                                              f"(referee event close {ev})"], outcomes
        log = EventLog(cli.db, ev)
        log.entries()  # raises when the chain is broken
        state = event_state(log)
        assert [r.number for r in state.rounds] == [1]
        for t in state.rounds[0].tables:
            assert len(Store(cli.db).entries(t.match_id)) == 7


def test_two_processes_pairing_one_round_pair_it_once(tmp_path: Path) -> None:
    """The real ``referee event pair`` twice at once: one exits 0, the other 1 saying round 1 is open."""
    cli = Cli(tmp_path / "store")
    four_pairs(cli)
    env = {**os.environ, "REFEREE_DB": str(cli.db), "REFEREE_LANG": "en", "REFEREE_NAME": "命令行"}
    procs = [subprocess.Popen([*REFEREE, "event", "pair", EVENT], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    done = [(p.wait(120), p.stderr.read() if p.stderr else "") for p in procs]
    assert sorted(code for code, _ in done) == [0, 1], done
    err = next(text for code, text in done if code == 1)
    assert err == f"error: round 1 of event {EVENT} is still open: close it first (referee event close {EVENT})\n"
    log = EventLog(cli.db, EVENT)
    log.entries()
    assert [r.number for r in event_state(log).rounds] == [1]
    verify = run_referee(cli.db, "verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr


# --- the summary cache ------------------------------------------------------------------------------------

def event_in_play(cli: Cli, tmp_path: Path) -> None:
    """Round 1 paired (T1 F1 v F2, T2 F4 v F3, as tests/test_event_rounds.py works out) and the summary
    cache written at the new matches' heads; then T1 won 2:0 by F1 (EW), T2 at 1:0 for F4 after one
    game, still in play: the cache is behind both heads."""
    four_pairs(cli)
    js = cli.json("event", "pair", EVENT)
    assert [(t["ew"], t["ns"]) for t in js["tables"]] == [("F1", "F2"), ("F4", "F3")]
    store = Store(cli.db)
    cache = SummaryCache(store, EVENT, SUMMARIES)  # the cache at the new matches' heads (7 entries each)
    cache.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    cache.save()
    play(cli, tmp_path, js["tables"][0], "F1", 2, 0)
    g1 = tmp_path / "g1.gunzi"
    g1.write_text(game("EW"), encoding="utf-8")
    cli.ok("record", "CUP-R1-T2", "--file", g1)


def points(standings: dict[str, Any]) -> dict[str, int]:
    return {r["pair"]: r["match_points"] for r in standings["standings"]}


# The club scoring (README, Tournaments: 2:0 → 3 match points, 0:2 → 0): F1 beat F2 2:0, so F1 3, F2 0;
# T2 is not finished and counts for nobody yet.
IN_PLAY = {"F1": 3, "F2": 0, "F3": 0, "F4": 0}


def test_three_threads_reading_standings_on_a_dirty_cache_never_fail_and_never_write_it(tmp_path: Path) -> None:
    """The cache, written at 7 entries a match, is behind both heads, and a fourth thread keeps putting
    that old cache back (as another process saving it would). Three threads read the standings 100
    times each as ``GET /api/events/CUP/standings`` does: no failure, the same standings every time,
    and the cache file not written by any of the reads."""
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    cache_file = cli.db / "summaries" / f"{EVENT}.json"
    before = cache_file.read_bytes()
    seen: list[str] = []
    failures: list[BaseException] = []
    reading = threading.Semaphore(0)

    def work(k: int) -> None:
        if k == 3:  # another process's save of the old cache, again and again: it stays dirty
            stale = cache_file.with_name("stale")
            while not reading.acquire(blocking=False):
                stale.write_bytes(before)
                os.replace(stale, cache_file)
                time.sleep(0.001)
            return
        store = Store(cli.db)
        for _ in range(100):
            try:
                seen.append(standings_json(store, EVENT))
            except Exception as e:  # noqa: BLE001 - counted: a 503 or 500 to the client
                failures.append(e)
        if len(seen) + len(failures) == 300:
            reading.release()

    assert in_threads(4, work) == []
    assert (len(failures), len(seen)) == (0, 300), failures[:3]
    assert len(set(seen)) == 1
    assert points(json.loads(seen[0])) == IN_PLAY
    assert cache_file.read_bytes() == before


def edit_cached_summary(path: Path, match_id: str, reseal: bool = False, **changes: Any) -> None:
    """Change fields of a match's cached summary in the cache file, as a text editor would (its seal
    left as it was), or with its seal recomputed as the code does (*reseal*)."""
    data = json.loads(path.read_bytes())  # a TinyDB: the rows in its `matches` table, each naming its match
    row = next(r for r in data["matches"].values() if r["id"] == match_id)
    body = json.loads(row["row"])
    body["summary"].update(changes)
    row["row"] = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    if reseal:
        row["seal"] = summaries._seal(match_id, row["row"])
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_an_edited_summary_cache_changes_neither_the_standings_nor_what_close_allows(tmp_path: Path) -> None:
    """Issue 16 item 10. With T2 still in play, the cache is brought up to date (the store's own write
    of it), then edited by hand: T1's win turned into NS's (F2's) and T2 marked finished and won by
    EW. The standings stay those of the records, and ``event close`` still refuses the round because
    T2 is not finished; its head fields left as they were, the edit is caught all the same."""
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    store = Store(cli.db)
    cache = SummaryCache(store, EVENT, SUMMARIES)
    cache.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert cache.save()
    path = cache.path
    edit_cached_summary(path, "CUP-R1-T1", winner="NS", games_won={"EW": 0, "NS": 2})
    edit_cached_summary(path, "CUP-R1-T2", winner="EW", finished=True, games_won={"EW": 2, "NS": 0})
    assert points(cli.json("event", "standings", EVENT)) == IN_PLAY
    status = cli.json("event", "status", EVENT)
    assert [t["state"] for t in status["tables"]] == ["finished", "in_play"]
    run = cli("event", "close", EVENT)
    assert run.code == 1
    assert "round 1 cannot close: 1 match is not finished: CUP-R1-T2 (game 2, hand 2)" in run.err


def test_a_summary_cached_at_an_older_head_is_recomputed(tmp_path: Path) -> None:
    """The cache saved while T2 stood at 1:0 (13 entries: 7 from pairing, 6 for game 1); then game 2
    is recorded (19 entries, F4 wins 2:0): the cached row's head is not the match's, so it is
    recomputed, and F4 has its 3 points."""
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    store = Store(cli.db)
    cache = SummaryCache(store, EVENT, SUMMARIES)
    got = cache.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert (got["CUP-R1-T1"].summary.entries, got["CUP-R1-T2"].summary.entries) == (19, 13)  # 7 + 6 × 2, 7 + 6
    assert cache.save()
    g2 = tmp_path / "g2.gunzi"
    g2.write_text(game("EW"), encoding="utf-8")
    cli.ok("record", "CUP-R1-T2", "--file", g2)
    forget()  # what this process kept in memory: T1's row must come from the file
    again = SummaryCache(store, EVENT, SUMMARIES)
    got = again.get("CUP-R1-T2")
    assert (again.recomputed, got.summary.entries, got.summary.finished) == (1, 19, True)
    again.get("CUP-R1-T1")
    assert again.recomputed == 1  # T1's head had not moved: its cached row was used
    assert points(cli.json("event", "standings", EVENT)) == {"F1": 3, "F2": 0, "F3": 0, "F4": 3}


def test_a_process_replays_a_match_once_per_head_and_writes_nothing_for_it(tmp_path: Path) -> None:
    """Reads in one process (the web server's threads) keep what they computed in memory, by head: a
    second read at the same heads replays nothing; once T2 moves on, T2 alone is replayed. The cache
    file is not touched by any of it."""
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    before = (cli.db / "summaries" / f"{EVENT}.json").read_bytes()
    store = Store(cli.db)
    forget()
    first = SummaryCache(store, EVENT, SUMMARIES)
    first.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert first.recomputed == 2  # both moved past the cache file's rows (7 entries each)
    second = SummaryCache(store, EVENT, SUMMARIES)
    second.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert second.recomputed == 0
    g2 = tmp_path / "g2.gunzi"
    g2.write_text(game("EW"), encoding="utf-8")
    cli.ok("record", "CUP-R1-T2", "--file", g2)
    third = SummaryCache(store, EVENT, SUMMARIES)
    assert third.get("CUP-R1-T2").summary.finished
    third.get("CUP-R1-T1")
    assert third.recomputed == 1
    assert (cli.db / "summaries" / f"{EVENT}.json").read_bytes() == before


def test_a_row_forged_with_its_seal_recomputed_is_listed_by_stale(tmp_path: Path) -> None:
    """The seal stops an edit by hand; who recomputes it as well is caught by replaying the match:
    ``stale`` lists the forged row (T1 turned into a win for NS), and none of the honest ones."""
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    store = Store(cli.db)
    cache = SummaryCache(store, EVENT, SUMMARIES)
    cache.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert cache.save()
    assert summaries.stale(store, EVENT, SUMMARIES) == []
    edit_cached_summary(cache.path, "CUP-R1-T1", reseal=True, winner="NS", games_won={"EW": 0, "NS": 2})
    assert summaries.stale(store, EVENT, SUMMARIES) == ["CUP-R1-T1"]


def test_a_removed_match_is_not_read_from_the_cache(tmp_path: Path) -> None:
    """T1's file removed, its head record and its cached row left: the standings do not go on from
    the row as if nothing happened; they show the rest and then name the match that is not there
    (exit 1, as every event command does for a match it cannot count: tests/test_event_verify.py)."""
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    cache = SummaryCache(Store(cli.db), EVENT, SUMMARIES)
    cache.get_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert cache.save()
    (cli.db / "matches" / "CUP-R1-T1.json").unlink()
    run = cli("event", "standings", EVENT)
    assert run.code == 1
    assert run.err == f"error: event {EVENT}: match CUP-R1-T1 of round 1 is missing from the store\n"


def block_cache(cli: Cli) -> Path:
    """Make the cache file impossible to write, as root too (CI runs as root, where a chmod'ed folder
    does not stop a write): a folder stands where the cache's temporary files and lock would go, by
    putting a plain file in place of the ``summaries`` folder."""
    folder = cli.db / "summaries"
    if folder.is_dir():
        for p in folder.iterdir():
            p.unlink()
        folder.rmdir()
    folder.write_bytes(b"not a folder")
    return folder


def test_reads_print_and_exit_0_when_the_cache_cannot_be_written(tmp_path: Path) -> None:
    """Issue 16 item 18: the summary cache cannot be written (``summaries`` is a file, not a folder:
    every write under it fails with ENOTDIR, as root too). ``event status``, ``standings``, ``export``
    and ``report`` print their output and exit 0; the web's standings GET answers 200; the blocked
    path is left as it was."""
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    blocked = block_cache(cli)
    assert points(cli.json("event", "standings", EVENT)) == IN_PLAY
    status = run_referee(cli.db, "event", "status", EVENT)
    assert status.returncode == 0 and "CUP-R1-T2" in status.stdout, status.stderr
    text = run_referee(cli.db, "event", "standings", EVENT)
    assert text.returncode == 0 and "F1" in text.stdout and text.stderr == "", text.stderr
    xlsx = tmp_path / "cup.xlsx"
    export = run_referee(cli.db, "event", "export", EVENT, "--xlsx", str(xlsx))
    assert export.returncode == 0 and xlsx.stat().st_size > 0, export.stderr
    pdf = tmp_path / "cup.pdf"
    report = run_referee(cli.db, "event", "report", EVENT, "-o", str(pdf))
    assert report.returncode == 0 and pdf.read_bytes().startswith(b"%PDF"), report.stderr
    got = TestClient(make_app(str(cli.db), EVENT)).get(f"/api/events/{EVENT}/standings")
    assert got.status_code == 200 and points(got.json()) == IN_PLAY
    assert blocked.read_bytes() == b"not a folder"


def test_a_write_that_cannot_save_the_cache_still_succeeds(tmp_path: Path) -> None:
    """Closing a round writes the cache as it goes; a cache it cannot write is no reason to refuse the
    close: the round is closed (its log entry stored) and the standings read as ever."""
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    g2 = tmp_path / "g2.gunzi"
    g2.write_text(game("EW"), encoding="utf-8")
    cli.ok("record", "CUP-R1-T2", "--file", g2)  # T2: F4 (EW) 2:0
    block_cache(cli)
    out = cli.ok("event", "close", EVENT).out
    assert "round 1 of CUP closed" in out
    assert points(cli.json("event", "standings", EVENT)) == {"F1": 3, "F2": 0, "F3": 0, "F4": 3}


def test_the_web_event_page_and_standings_never_write_the_cache(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    event_in_play(cli, tmp_path)
    folder = cli.db / "summaries"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    client = TestClient(make_app(str(cli.db), EVENT))
    assert client.get(f"/events/{EVENT}").status_code == 200
    assert client.get(f"/api/events/{EVENT}/standings").status_code == 200
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


# --- the web server under load ------------------------------------------------------------------------------

STORM_THREADS, STORM_POSTS = 8, 200


@pytest.mark.slow
def test_eight_threads_posting_200_entries_each_to_one_match_store_each_once(tmp_path: Path) -> None:
    """8 × 200 ``POST /api/matches/SC-R1-T1/entries`` against one real ``referee serve`` on loopback,
    each a team name of its own: every one answered 201 is stored exactly once, none answered 5xx,
    the seqs run on without a gap, and ``referee verify`` finds the chain whole."""
    venue = make_venue(tmp_path)
    start = len(Store(venue.db).entries(T1))
    codes: dict[str, int] = {}
    guard = threading.Lock()

    def work(k: int) -> None:
        for i in range(STORM_POSTS):
            name = f"w{k}-{i}"
            body = json.dumps({"directive": f"team EW {name}"}).encode()
            req = urllib.request.Request(f"{server.url}/api/matches/{T1}/entries", data=body, method="POST",
                                         headers={"Authorization": f"Bearer {venue.table1}",
                                                  "Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=120) as r:
                    code = r.status
            except urllib.error.HTTPError as e:
                code = e.code
            with guard:
                codes[name] = code

    with WebServer(venue.db) as server:
        errors = in_threads(STORM_THREADS, work)
    assert errors == []
    assert len(codes) == STORM_THREADS * STORM_POSTS
    assert not [c for c in codes.values() if c >= 500]
    accepted = sorted(f"team EW {n}" for n, c in codes.items() if c == 201)
    stored = Store(venue.db).entries(T1)[start:]
    assert sorted(e["directive"] for e in stored) == accepted
    assert len(accepted) == STORM_THREADS * STORM_POSTS  # a team name is always accepted before the first hand
    assert [e["seq"] for e in stored] == list(range(start + 1, start + 1 + len(accepted)))
    for k in range(STORM_THREADS):  # each thread's entries in the order it posted them (one after the other)
        mine = [e["directive"] for e in stored if e["directive"].startswith(f"team EW w{k}-")]
        assert mine == [f"team EW w{k}-{i}" for i in range(STORM_POSTS)]
    verify = run_referee(venue.db, "verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr
