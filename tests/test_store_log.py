"""The folder store's match file is an append log (files.AtomicStorage with ``log=True``): its first line, then one
JSON line per document. An append writes the new entries' lines and nothing else (one write, one fsync: no
temporary file, no rename, the bytes before untouched); the file is then byte for byte what TinyDB's whole write of
the same entries gives. A torn last line (an append cut short by a crash) is no entry, and the next append cuts it
off. A file of the older one-document layout is read as ever and written whole, as a log, by its next append. A
document changed or removed through TinyDB makes the storage write the file whole again."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from helpers import M1_HAND, head_record, m1_store

from referee.core import safefile
from referee.store import files
from referee.store import store as store_module
from referee.store.errors import BrokenChain
from referee.store.folder import FolderStore
from referee.store.store import PinnedSession, write_match


@pytest.fixture
def store(tmp_path: Path) -> FolderStore:
    return m1_store(tmp_path / "store")


def _append(store: FolderStore, *directives: str) -> None:
    with store.session("M1") as s:
        s.append_many([{"kind": "event", "directive": d, "reason": "说明 \"q\""} for d in directives], "王裁判")


def test_a_new_match_is_its_mark_then_one_line_per_entry(store: FolderStore) -> None:
    lines = store.path("M1").read_bytes().split(b"\n")
    # the log's first line, the meta mark, the 5 header entries, and the newline after the last
    assert lines[0] == b'{"tinydb-log": 1}' and json.loads(lines[1]) == {"meta": {"1": {"heads": 1}}}
    assert [list(json.loads(line)["entries"]) for line in lines[2:-1]] == [["1"], ["2"], ["3"], ["4"], ["5"]]
    assert lines[-1] == b"" and json.loads(lines[6])["entries"]["5"]["directive"] == "seat N 丁"


def test_an_append_adds_its_lines_and_touches_nothing_before(store: FolderStore, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = store.path("M1")
    _append(store, M1_HAND[0])  # the first append after `create`: pinned from now on
    before, inode = path.read_bytes(), os.stat(path).st_ino

    fsyncs: list[int] = []
    fsync = os.fsync

    def renamed(*args: object) -> None:
        raise AssertionError("an append renamed a file")

    def synced(fd: int) -> None:
        fsyncs.append(fd)
        fsync(fd)

    monkeypatch.setattr(os, "replace", renamed)
    monkeypatch.setattr(safefile, "write_bytes", renamed)
    monkeypatch.setattr(os, "fsync", synced)
    with store.session("M1") as s:
        assert isinstance(s, PinnedSession)
        s.append_many([{"kind": "event", "directive": d} for d in M1_HAND[1:3]], "王裁判")  # two entries, one write
    assert len(fsyncs) == 1  # the match file's, before the head record is appended to
    monkeypatch.undo()
    after = path.read_bytes()
    assert os.stat(path).st_ino == inode and after.startswith(before)
    added = after[len(before):].split(b"\n")
    assert [json.loads(line)["entries"].popitem()[1]["directive"] for line in added[:-1]] == M1_HAND[1:3]
    _append(store, *M1_HAND[3:])
    entries = store.entries("M1")
    # 5 header entries + 6 of the hand, in order, each sealed to the one before
    assert [e["seq"] for e in entries] == list(range(1, 12)) and entries[-1]["directive"] == "last decl"
    again = tmp_path / "again.json"
    write_match(again, entries)  # TinyDB's insert of the same documents, on the storage of match files
    assert path.read_bytes() == again.read_bytes()
    assert store.verify(["M1"])[2] == []
    head = head_record(store.head_path("M1"))
    assert head == {"id": "M1", "entries": 11, "hash": entries[-1]["hash"]}


def test_a_torn_last_line_is_no_entry_and_the_next_append_cuts_it_off(store: FolderStore) -> None:
    path = store.path("M1")
    _append(store, M1_HAND[0])
    sound = path.read_bytes()
    line = files.entry_line({**store.entries("M1")[-1], "seq": 7, "directive": "declare E BJ"})
    for cut in (1, len(line) // 2, len(line) - 1):  # a write cut short anywhere before its newline
        path.write_bytes(sound + line[:cut])
        assert len(store.entries("M1")) == 6  # the six written whole: the torn line is none
        assert store.verify(["M1"])[2] == []  # nothing broken: the head record says 6
    _append(store, M1_HAND[1])
    after = path.read_bytes()
    assert after.startswith(sound) and after.count(b"\n") == sound.count(b"\n") + 1  # cut off, then appended
    assert [e["directive"] for e in store.entries("M1")][-2:] == ["hand", "declare E BJ"]
    assert store.verify(["M1"])[2] == []


def test_a_broken_line_before_the_last_is_named(store: FolderStore) -> None:
    path = store.path("M1")
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3][:-5]  # entry 2's line cut short, the lines after it whole
    path.write_bytes(b"\n".join(lines))
    problems = store.verify(["M1"])[2]
    assert len(problems) == 1 and "line 4" in problems[0].problem.text("en"), problems
    with pytest.raises(BrokenChain):
        _append(store, "hand")


def test_a_file_of_the_one_document_layout_is_read_and_written_whole_as_a_log(store: FolderStore,
                                                                            tmp_path: Path) -> None:
    path = store.path("M1")
    data = files.log_tables(path.read_bytes())
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")  # the layout before the log
    assert [e["seq"] for e in store.entries("M1")] == [1, 2, 3, 4, 5] and store.verify(["M1"])[2] == []
    _append(store, "hand")
    again = tmp_path / "again.json"
    write_match(again, store.entries("M1"))
    assert path.read_bytes() == again.read_bytes()  # written whole again, as a log
    assert store.verify(["M1"])[2] == []


def test_tinydb_inserts_are_appended_and_a_change_is_written_whole(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    db = files.open_db(path, log=True)
    db.table("a").insert({"x": 1})
    assert path.read_bytes() == files.LOG + b'{"a": {"1": {"x": 1}}}\n'
    inode = os.stat(path).st_ino
    db = files.open_db(path)  # a file read as a log is written as one
    db.table("a").insert({"x": 2})
    db.table("b").insert({"y": "乙"})
    assert os.stat(path).st_ino == inode  # appended in place
    lines = '{"a": {"1": {"x": 1}}}\n{"a": {"2": {"x": 2}}}\n{"b": {"1": {"y": "乙"}}}\n'
    assert path.read_bytes() == files.LOG + lines.encode()
    db = files.open_db(path)
    db.table("a").update({"x": 3}, doc_ids=[1])  # a document changed: the whole file again, by rename
    assert os.stat(path).st_ino != inode
    assert files.log_tables(path.read_bytes()) == {"a": {"1": {"x": 3}, "2": {"x": 2}}, "b": {"1": {"y": "乙"}}}
    db = files.open_db(path)
    db.table("a").remove(doc_ids=[2])
    assert path.read_bytes() == files.LOG + '{"a": {"1": {"x": 3}}}\n{"b": {"1": {"y": "乙"}}}\n'.encode()


def test_a_log_line_written_twice_or_not_one_tables_documents_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    for body, said in ((b'{"a": {"1": {"x": 1}}}\n{"a": {"1": {"x": 2}}}\n', "line 3: a second document 1 in table a"),
                       (b'{"a": {"1": {}}, "b": {}}\n', "line 2: not one table's documents"),
                       (b'[1]\n', "line 2: not one table's documents"),
                       (b'{"a": {"1": {}}}\n{"a"\n', "line 3: ")):
        path.write_bytes(files.LOG + body)
        with pytest.raises(ValueError, match=said):
            files.open_db(path).tables()


BEFORE_LOG = Path(__file__).resolve().parent / "fixtures" / "store-before-log"


def test_a_store_written_before_the_log_opens_verifies_and_takes_entries_migrated(tmp_path: Path) -> None:
    root = tmp_path / "old"
    shutil.copytree(BEFORE_LOG, root)
    path = root / "matches" / "OLD2.json"
    old = json.loads(path.read_bytes())["entries"]
    store = FolderStore(root)
    # the fixture: header + 4 seats, hand, declare, trump, kitty, its undo, the kitty again
    assert store.verify() == (1, 11, [])
    assert [e["directive"] for e in store.entries("OLD2")][5:] == [
        "hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "", "kitty 4C 6C 7C 8C 9C JH"]
    # its pin made to hold the copy as the version before pinned it: still no splice into the old layout
    raw, st = path.read_bytes(), path.stat()
    pin = json.loads((root / "heads" / "OLD2.pin").read_bytes())
    pin.update(size=len(raw), mtime_ns=st.st_mtime_ns, ino=st.st_ino, tail=hashlib.sha256(raw[-4096:]).hexdigest())
    (root / "heads" / "OLD2.pin").write_text(json.dumps(pin), encoding="utf-8")
    with store.session("OLD2") as s:
        assert not isinstance(s, PinnedSession)  # read and checked whole
        s.append("event", "bury 4C 6C 7C 8D 9D JS", "裁判乙")
    after = path.read_bytes()
    assert after.startswith(files.LOG)  # written whole as a log: migrated
    tables = files.log_tables(after)
    assert list(tables) == ["meta", "entries"] and tables["meta"] == {"1": {"heads": 1}}
    assert {k: v for k, v in tables["entries"].items() if k != "12"} == old  # every old entry as it was sealed
    assert tables["entries"]["12"]["prev"] == old["11"]["hash"]
    assert head_record(root / "heads" / "OLD2.json") == {
        "id": "OLD2", "entries": 12, "hash": tables["entries"]["12"]["hash"]}
    with store.session("OLD2") as s:  # pinned from now on: the next entry appended
        assert isinstance(s, PinnedSession)
        s.append("event", "warn E slow play", "裁判乙")
    assert path.read_bytes().startswith(after) and store.verify() == (1, 13, [])


def test_the_head_record_is_appended_to_its_last_complete_line_in_effect(store: FolderStore) -> None:
    """After an append the head record is appended to (no fsync, no rename): a crash that tears or loses that
    line leaves the record before in effect — behind the match file, which verify says and the next append
    mends — never a broken store; grown past HEAD_LOG_MAX it is written whole again."""
    head = store.head_path("M1")
    _append(store, M1_HAND[0])
    _append(store, M1_HAND[1])
    raw = head.read_bytes()
    # `create`'s record of none written whole, then its 5 entries', then the two appends' lines
    assert raw.count(b"\n") == 6 and head_record(head)["entries"] == 7
    head.write_bytes(raw[:-20])  # the last line torn
    assert head_record(head)["entries"] == 6
    audit = store.audit(["M1"])
    assert audit.problems == [] and "its head record is 1 entry behind" in audit.notes[0].text("en")
    _append(store, M1_HAND[2])
    assert head_record(head)["entries"] == 8 and store.verify(["M1"])[2] == []
    for d in M1_HAND[3:] * 8:  # ~100 bytes a record: written whole again before it passes 4 KiB
        _append(store, d)
    assert len(head.read_bytes()) <= store_module.HEAD_LOG_MAX and head_record(head)["entries"] == 8 + 3 * 8
    assert store.verify(["M1"])[2] == []
