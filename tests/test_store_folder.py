"""The folder store on TinyDB: a store written before the store went through TinyDB opens, verifies and
takes new entries unchanged; every file it keeps in TinyDB's layout is TinyDB's, byte for byte.

``fixtures/store-74c2367`` was written by ``referee`` at commit 74c2367 (the files written in TinyDB's
layout by hand, before this change): ``new T3`` with four players, hand 1 of the record format's example
(``hand`` … ``last decl``), ``record hand`` taken back by ``undo``, ``amend 13 points 30 --reason misread``,
and ``new T4 --event Cup --table 2``; the lock files left out.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.store import files, logfile
from referee.store.store import INDEX, META, TABLE, Store, write_match

FIXTURE = Path(__file__).parent / "fixtures" / "store-74c2367"
BIN = Path(sys.executable).parent


@pytest.fixture
def old_store(tmp_path: Path) -> Path:
    db = tmp_path / "store"
    shutil.copytree(FIXTURE, db)
    return db


def referee(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command line, as a referee runs it."""
    env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_NAME": "tester", "REFEREE_LANG": "en"}
    return subprocess.run([str(BIN / "referee"), *args], env=env, capture_output=True, text=True, check=False)


def test_a_store_written_before_tinydb_opens_verifies_and_lists(old_store: Path) -> None:
    r = referee(old_store, "verify")
    # T3: `new` with four players = header + 4 seats (5), hand 1 = 8 directives (#6–#13), `hand` #14, its undo
    # #15, the amend #16: 16 entries. T4: `new` without players = its header alone: 1. Together 17.
    t3 = json.loads((old_store / "matches" / "T3.json").read_text(encoding="utf-8"))[TABLE]
    t4 = json.loads((old_store / "matches" / "T4.json").read_text(encoding="utf-8"))[TABLE]
    assert len(t3) == 16 and len(t4) == 1  # the fixture as described in the docstring
    assert r.returncode == 0 and r.stdout.strip() == "ok: 2 matches, 17 entries, every hash chain intact", r
    r = referee(old_store, "list")
    assert r.returncode == 0 and "T3 " in r.stdout and "Cup / 2" in r.stdout, r
    r = referee(old_store, "log", "T3")
    # #13 `last decl` amended by #16 to `points 30`; #14 `hand` taken back by #15
    assert r.returncode == 0 and "replaced or taken back by #15" in r.stdout and "amend #13" in r.stdout, r


def test_each_file_is_what_tinydb_writes_now_as_its_log(old_store: Path, tmp_path: Path) -> None:
    """TinyDB's insert of an old file's documents, on the storage of match files, is the same tables as a log:
    its first line, the meta mark, then one line per entry in order."""
    store = Store(old_store)
    for mid in ("T3", "T4"):
        entries = store.entries(mid)
        again = tmp_path / f"{mid}.json"
        write_match(again, entries)  # TinyDB's insert of the same documents, on the atomic storage
        old = json.loads((old_store / "matches" / f"{mid}.json").read_bytes())
        lines = again.read_bytes().split(b"\n")
        assert lines[0] == b'{"tinydb-log": 1}' and lines[-1] == b"" and len(lines) == len(entries) + 3
        assert [json.loads(line) for line in lines[1:-1]] == [
            {META: {"1": {"heads": 1}}}, *({TABLE: {key: doc}} for key, doc in old[TABLE].items())]


def test_new_entries_and_rows_extend_the_old_files_unchanged(old_store: Path) -> None:
    before = json.loads((old_store / "matches" / "T3.json").read_text(encoding="utf-8"))
    index_before = json.loads((old_store / "index.json").read_text(encoding="utf-8"))[INDEX]
    r = referee(old_store, "record", "T3", "warn", "E", "slow play")
    assert r.returncode == 0, r
    raw = (old_store / "matches" / "T3.json").read_bytes()
    assert raw.startswith(files.LOG)  # migrated by its first write: a log from now on
    after = files.log_tables(raw)
    assert list(after[TABLE])[:16] == list(before[TABLE]) and list(after[TABLE]) == [str(i) for i in range(1, 18)]
    assert all(after[TABLE][k] == v for k, v in before[TABLE].items())  # nothing stored was touched
    assert after[META] == before[META] == {"1": {"heads": 1}}
    assert after[TABLE]["17"]["directive"] == "warn E slow play" and after[TABLE]["17"]["referee"] == "tester"
    r = referee(old_store, "new", "T5", "--date", "2026-12-02")
    assert r.returncode == 0, r
    rows = json.loads((old_store / "index.json").read_text(encoding="utf-8"))[INDEX]
    assert {k: rows[k] for k in index_before} == index_before and rows["3"]["id"] == "T5"  # the next id: 2 + 1
    r = referee(old_store, "verify")
    assert r.returncode == 0 and r.stdout.strip() == "ok: 3 matches, 19 entries, every hash chain intact", r


def test_the_storage_refuses_what_is_not_tinydbs_layout(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    for text, table, position in (('[1, 2]', None, None), ('{"entries": [1]}', "entries", None),
                                  ('{"entries": {"1": 5}}', "entries", 1),
                                  ('{"entries": {"1": {}, "02": {}}}', "entries", 2)):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(files.Malformed) as e:
            files.open_db(path).tables()
        assert (e.value.table, e.value.position) == (table, position), text
    path.write_text("", encoding="utf-8")
    assert files.open_db(path).tables() == set()
    with pytest.raises(FileNotFoundError):
        files.open_db(tmp_path / "none.json", missing_ok=False).tables()


@pytest.mark.parametrize(("data", "flat"), [
    ({"entries": {"1": {"seq": 1, "directive": "declare E 大王", "target": None, "ok": True, "x": -0.5}},
      "meta": {"1": {"heads": 1}}}, True),
    ({"entries": {"1": {"text": "a \"quoted\" line\nand a tab\t, \u2028 😀"}, "2": {}}, "empty": {}}, True),
    ({"tokens": {"1": {"name": "王裁判", "tables": [1, 2]}}}, False),  # a list in a document: the general encoder
    ({}, False), ({"a": 1}, False), ([1, 2], False),
], ids=["entries", "escapes", "a list", "empty", "not tables", "a list of numbers"])
def test_the_files_are_json_dumps_indented_byte_for_byte(data: object, flat: bool) -> None:
    """The C encoder's writing of flat documents (files.dumps) gives exactly what json.dumps(indent=1) gives."""
    assert (logfile._flat_tables(data) is not None) == flat  # which of the two encoders wrote it
    assert files.dumps(data) == json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def test_a_batched_db_writes_its_tables_at_flush_in_one_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.json"
    writes: list[bytes] = []
    from referee.core import safefile
    from referee.store import atomicstorage

    real = safefile.write_bytes

    def counted(target: object, data: bytes, *args: object, **kwargs: object) -> None:
        writes.append(data)
        real(target, data, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(atomicstorage, "write_bytes", counted)
    db = files.open_db(path, batch=True)
    db.table("a").insert({"x": 1})
    db.table("b").insert({"y": 2})
    assert writes == [] and not path.exists()
    files.flush(db)
    assert len(writes) == 1 and json.loads(path.read_bytes()) == {"a": {"1": {"x": 1}}, "b": {"1": {"y": 2}}}
    files.flush(db)  # nothing changed since: nothing written
    assert len(writes) == 1


# --- watch(): what changed since a cursor --------------------------------------------------------------------

def test_watch_names_every_match_and_event_first_then_only_what_changed(old_store: Path) -> None:
    store = Store(old_store)
    r = referee(old_store, "event", "new", "CUP", "--name", "Cup", "--rounds", "3")
    assert r.returncode == 0, r
    first = store.watch(None)
    assert first.matches == {"T3", "T4"} and first.events == {"CUP"}  # no cursor: everything
    quiet = store.watch(first.cursor)
    assert quiet.matches == frozenset() and quiet.events == frozenset()  # nothing written since
    r = referee(old_store, "record", "T4", "warn", "E", "late")
    assert r.returncode == 0, r
    after = store.watch(quiet.cursor)
    assert after.matches == {"T4"} and after.events == frozenset()  # T3 untouched
    r = referee(old_store, "new", "T9")
    assert r.returncode == 0, r
    created = store.watch(after.cursor)
    assert created.matches == {"T9"}
    assert store.watch(after.cursor).matches == {"T9"}  # a cursor can be asked again: it says the same
    assert Store(old_store).watch(after.cursor).matches == {"T9"}  # and by another Store of the folder
    assert Store(old_store).watch("not a cursor").matches == {"T3", "T4", "T9"}  # unreadable: everything
    r = referee(old_store, "event", "add", "CUP", "A1", "张三", "李四")
    assert r.returncode == 0, r
    entered = store.watch(created.cursor)
    assert entered.events == {"CUP"} and entered.matches == frozenset()  # the event's log, no match


def test_watch_waits_for_a_change_up_to_its_timeout(old_store: Path) -> None:
    import threading
    import time

    store = Store(old_store)
    cursor = store.watch(None).cursor
    t = time.monotonic()
    nothing = store.watch(cursor, timeout=0.3)
    waited = time.monotonic() - t
    assert nothing.matches == frozenset() and 0.29 <= waited < 2.0, waited

    def later() -> None:
        time.sleep(0.4)
        with Store(old_store).session("T3") as s:
            s.append("event", "warn N noise", "tester")

    writer = threading.Thread(target=later)
    writer.start()
    t = time.monotonic()
    got = store.watch(cursor, timeout=10)
    waited = time.monotonic() - t
    writer.join()
    assert got.matches == {"T3"} and 0.35 <= waited < 5, waited  # woke by the write, long before the timeout


def test_watch_sees_an_append_to_a_log_after_its_folder_settled(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """An append renames nothing, yet the watch, which trusts a settled folder's unchanged mtime for its files'
    signatures, must see it (the live pages follow the appends of this process and of others)."""
    from referee.games.gunzi.notation import parse_line
    from referee.store import watching
    from referee.store.folder import FolderStore
    from referee.store.memo import Memo

    store = FolderStore(tmp_path / "store")
    header = ["match id=M1 rules=dalian-club", "seat E 甲", "seat S 乙", "seat W 丙", "seat N 丁"]
    events = [parse_line(line, line=i) for i, line in enumerate(header, 1)]
    store.create([e for e in events if e is not None], referee="director")
    with store.session("M1") as s:
        s.append("event", "hand", "tester")  # the match a log, pinned: what follows only appends
    monkeypatch.setattr(watching, "SETTLE", 0.0)  # every folder settled: its mtime stands for its files
    watcher = FolderStore(tmp_path / "store")
    cursor = watcher.watch(None).cursor
    assert watcher.watch(cursor).matches == frozenset()  # nothing since; the folder's listing kept
    inode = os.stat(store.path("M1")).st_ino
    with store.session("M1") as s:
        s.append("event", "declare E BJ", "tester")
    assert os.stat(store.path("M1")).st_ino == inode  # appended to, not replaced
    seen = watcher.watch(cursor)
    assert seen.matches == {"M1"}
    assert watcher.watch(seen.cursor).matches == frozenset()
    with Memo(store).session("M1") as s:  # the venue server's path
        s.append_many([{"kind": "event", "directive": "trump H"}], "tester")
    assert watcher.watch(seen.cursor).matches == {"M1"}


def test_the_summary_cache_is_a_tinydb_and_an_older_cache_is_recomputed(tmp_path: Path) -> None:
    from referee.games.gunzi.events import MatchHeader
    from referee.games.gunzi.notation import parse
    from referee.results.summarize import SUMMARIES
    from referee.store.summaries import FORMAT, SummaryCache, forget

    store = Store(tmp_path / "store")
    hand = parse("hand\ndeclare E BJ\ntrump H\nkitty 4C 6D 9S KH 7C 3H\nbury 4C 6C 7C 8D 9D JS\n"
                 "points 25\npoints 50\nlast decl\n").events
    store.create([MatchHeader(id="E-R1-T1", rules="gunzi-001"), *hand], referee="t")
    path = tmp_path / "store" / "summaries" / "E.json"
    path.parent.mkdir()
    # a cache of format 2 (before TinyDB): its rows are not read, whatever they say
    path.write_text(json.dumps({"format": 2, "version": "x", "event": "E", "matches": {"E-R1-T1": {"row": "{}"}}}))
    forget()
    cache = SummaryCache(store, "E", SUMMARIES)
    assert cache._rows == {}
    got = cache.get("E-R1-T1")
    assert cache.recomputed == 1 and got.summary.entries == 9  # the header and the hand's 8 directives
    assert cache.save()
    with files.open_db(path) as db:
        assert db.tables() == {"meta", "matches"}
        assert db.table("meta").get(doc_id=1)["format"] == FORMAT == 3  # type: ignore[index]
        rows = db.table("matches").all()
    assert [(r.doc_id, r["id"]) for r in rows] == [(1, "E-R1-T1")]
    forget()  # nothing kept in this process's memory: what is not replayed is read from the file
    again = SummaryCache(store, "E", SUMMARIES)
    assert again.get("E-R1-T1") == got and again.recomputed == 0  # read back from the TinyDB, not replayed


# --- event logs and tokens: TinyDB's tables, a file of the list layout of before read and migrated ----------------

def _old_log(db: Path, event: str, heads: bool = True) -> tuple[Path, list[dict[str, object]]]:
    """The log of *event* (made through the command line in-process) written again by hand in the list layout the
    store wrote before TinyDB's, as json.dumps(indent=1) wrote it; its entries, as sealed."""
    from referee.store.eventlog import EventLog

    log = EventLog(db, event)
    entries = [dict(e) for e in log.entries()]
    data: dict[str, object] = {"format": 1, "event": event, **({"heads": 1} if heads else {}), "entries": entries}
    log.path.write_bytes(json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))
    if not heads:
        log.head_path.unlink()
    return log.path, entries


def test_an_event_log_of_the_list_layout_reads_appends_and_becomes_tinydbs_with_its_chain(tmp_path: Path) -> None:
    from eventplay import Cli

    from referee.store import chain
    from referee.store.eventlog import EventLog

    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "E1", "--name", "Cup", "--rounds", 2)
    cli.ok("event", "add", "E1", "P1", "甲", "乙")
    cli.ok("event", "add", "E1", "P2", "丙", "丁")
    path, old = _old_log(cli.db, "E1")  # event new, two pairs added: 3 entries
    assert json.loads(path.read_bytes())["entries"] == old  # the list layout, on disk
    assert EventLog(cli.db, "E1").entries() == old
    r = referee(cli.db, "verify")
    assert r.returncode == 0 and "1 event log, 3 entries" in r.stdout, r
    cli.ok("event", "add", "E1", "P3", "戊", "己")  # the 4th entry: the file is written in TinyDB's layout
    data = json.loads(path.read_bytes())
    assert set(data) == {"meta", "entries"} and data["meta"] == {"1": {"format": 1, "event": "E1", "heads": 1}}
    assert list(data["entries"]) == ["1", "2", "3", "4"]
    assert [data["entries"][str(i)] for i in (1, 2, 3)] == old  # every entry as it was sealed, untouched
    assert data["entries"]["4"]["prev"] == old[2]["hash"]  # the chain goes on from the last entry of before
    assert chain.check("event:E1", list(data["entries"].values())) is None
    head = json.loads((cli.db / "events" / "heads" / "E1.json").read_bytes())
    assert head == {"id": "event:E1", "entries": 4, "hash": data["entries"]["4"]["hash"]}
    with files.open_db(path) as db:  # TinyDB reads it as its own
        assert [d.doc_id for d in db.table("entries").all()] == [1, 2, 3, 4]
    r = referee(cli.db, "verify")
    assert r.returncode == 0 and "1 event log, 4 entries" in r.stdout, r
    assert "Event E1 (Cup): 3 pairs, 3 playing" in cli.ok("event", "status", "E1").out  # P1, P2 and P3


def test_a_list_layout_log_without_a_head_record_gains_both_at_its_next_write(tmp_path: Path) -> None:
    from eventplay import Cli

    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "E1", "--name", "Cup", "--rounds", 2)
    path, old = _old_log(cli.db, "E1", heads=False)  # written before head records were kept: 1 entry
    r = referee(cli.db, "verify")
    assert r.returncode == 0 and "1 event log, 1 entry" in r.stdout, r
    cli.ok("event", "add", "E1", "P1", "甲", "乙")
    data = json.loads(path.read_bytes())
    assert data["meta"]["1"]["heads"] == 1 and data["entries"]["1"] == old[0]
    assert json.loads((cli.db / "events" / "heads" / "E1.json").read_bytes())["entries"] == 2


@pytest.mark.parametrize(("change", "expected"), [
    # the directive of entry 2 (P1 added) edited: its hash no longer holds
    (lambda d: d["entries"][1].update(directive=d["entries"][1]["directive"].replace("甲", "庚")),
     "event E1, #2: its content does not match its hash (edited by hand)"),
    (lambda d: d.update(owner="x"), "event E1: the file holds an unknown key 'owner'"),
    (lambda d: d.update(format=2), "event E1: the file's format is 2, not one this version of referee reads"),
    (lambda d: d.update(entries={}), "event E1: the file holds no readable list of entries"),
    (lambda d: d["entries"][0].update(kind="undo"),
     "event E1, #1: an event's log holds entries of kind event only, not undo"),
], ids=["edited", "unknown key", "format", "no list", "kind"])
def test_a_hand_edited_list_layout_log_is_named_as_before(tmp_path: Path, change: Any, expected: str) -> None:
    from eventplay import Cli

    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "E1", "--name", "Cup", "--rounds", 2)
    cli.ok("event", "add", "E1", "P1", "甲", "乙")
    path, _ = _old_log(cli.db, "E1")
    data = json.loads(path.read_bytes())
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    before = path.read_bytes()
    r = referee(cli.db, "verify")
    assert r.returncode == 1 and f"BROKEN {expected}" in r.stderr, r
    run = cli("event", "add", "E1", "P2", "丙", "丁")  # nothing is written to a broken log
    assert run.code == 1 and expected in run.err and path.read_bytes() == before, run.text


def test_a_torn_list_layout_log_is_not_json_as_before(tmp_path: Path) -> None:
    from eventplay import Cli

    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "E1", "--name", "Cup", "--rounds", 2)
    path, _ = _old_log(cli.db, "E1")
    path.write_bytes(path.read_bytes()[:60])
    run = cli("event", "status", "E1")
    assert run.code == 1 and f"error: event E1: its file {path} is not valid JSON (" in run.err, run.text
    path.write_bytes(b"")
    run = cli("event", "status", "E1")
    assert run.code == 1
    assert f"error: event E1: its file {path} is not valid JSON (Expecting value: line 1 column 1 (char 0))" in run.err


def test_a_tinydb_log_stored_under_other_ids_than_its_seqs_is_named(tmp_path: Path) -> None:
    from eventplay import Cli

    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "E1", "--name", "Cup", "--rounds", 2)
    cli.ok("event", "add", "E1", "P1", "甲", "乙")
    path = cli.db / "events" / "E1.json"
    data = json.loads(path.read_bytes())
    data["entries"] = {"1": data["entries"]["1"], "5": data["entries"]["2"]}  # a sound chain, entry 2 under id 5
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = cli("event", "status", "E1")
    assert run.code == 1 and "error: event E1, #2: stored under id 5 but carries seq 2" in run.err, run.text
    data["meta"]["1"]["event"] = "E2"
    data["entries"] = {"1": data["entries"]["1"]}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = cli("event", "status", "E1")
    assert run.code == 1 and "error: event E1: the file is the log of event E2" in run.err, run.text


SECRET = "rt-0123456789abcdefghijklmnopqrstuv"
OLD_TOKEN = {"name": "王裁判", "role": "referee", "event": "E1", "tables": [1, 2],
             "hash": hashlib.sha256(SECRET.encode("utf-8")).hexdigest(), "created": "2026-11-29T09:00:00.000Z",
             "revoked": None}


def test_a_tokens_file_of_the_list_layout_reads_and_becomes_tinydbs_at_its_next_write(tmp_path: Path) -> None:
    from referee.store.tokens import FolderTokens

    db = tmp_path / "store"
    db.mkdir()
    path = db / "tokens.json"
    # the list layout as the store wrote it, with the session key an older version kept there
    path.write_text(json.dumps({"format": 1, "key": "ab" * 32, "tokens": [OLD_TOKEN]}, ensure_ascii=False,
                               indent=1), encoding="utf-8")
    tokens = FolderTokens(db)
    found = tokens.find(SECRET)
    assert found is not None and (found.name, found.role, found.event, found.tables) == ("王裁判", "referee", "E1",
                                                                                       (1, 2))
    assert tokens.problems() == []
    issued = FolderTokens(db).add("裁判长", "director", "E1")
    data = json.loads(path.read_bytes())
    assert set(data) == {"meta", "tokens"} and data["meta"] == {"1": {"format": 1}}  # no key kept
    assert data["tokens"]["1"] == OLD_TOKEN and data["tokens"]["2"]["name"] == "裁判长"
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    again = FolderTokens(db)
    assert again.find(SECRET) == found and again.find(issued.secret) == issued.token and again.problems() == []
    assert again.revoke("王裁判").revoked is not None and again.find(SECRET) is None
    assert json.loads(path.read_bytes())["tokens"]["1"]["revoked"] is not None


def test_a_broken_tokens_file_of_the_list_layout_says_so_as_before(tmp_path: Path) -> None:
    from referee.store.tokens import FolderTokens, TokenError

    db = tmp_path / "store"
    db.mkdir()
    path = db / "tokens.json"
    for text, expected in ((json.dumps({"format": 1, "tokens": [OLD_TOKEN]})[:50], f"{path} is not valid JSON ("),
                           (json.dumps({"format": 1, "tokens": {}}), f"{path} holds no list of tokens"),
                           (json.dumps({"format": 1, "tokens": [{"name": "x"}]}),
                            f"{path}: a token's record is not readable")):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(TokenError) as refused:
            FolderTokens(db).all()
        assert refused.value.msg.text("en").startswith(expected), text
    for text in (json.dumps({"format": 1, "tokens": [OLD_TOKEN]})[:50], json.dumps({"format": 1, "tokens": {}})):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(TokenError):  # nothing written over a file that cannot be read
            FolderTokens(db).add("新裁判", "referee")
        assert path.read_text(encoding="utf-8") == text
    path.write_text(json.dumps({"format": 1, "tokens": [{"name": "x"}]}), encoding="utf-8")
    assert [m.text("en") for m in FolderTokens(db).problems()] == [f"{path}: token 1 is not a record the store writes"]
