"""Appends that check only what is new (both backends): an append into a match of 5,000 entries reads, decodes and
re-hashes none of them — the folder store's pin (``heads/<stem>.pin``) holds the head and the match file it was
written after, PostgreSQL's session reads the head row and its last entry — and stores the very chain a
from-scratch computation gives (record-format: SHA-256 of the canonical JSON of each entry, the match id and the
previous hash in it). A hand's edit is still caught (by the append when the file is not as pinned, always by
``verify``), a store written before pins opens, verifies and takes entries (pinned from then on), and concurrent
writers, threads or processes, lose nothing and duplicate nothing."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from helpers import head_record

from referee.games.gunzi.notation import parse_line
from referee.store import chain
from referee.store import store as store_module
from referee.store.errors import BrokenChain
from referee.store.folder import FolderStore as Store
from referee.store.store import PinnedSession

REPO = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "store-before-pins"
HEADER = ["match id=F1 rules=dalian-club", "seat E 张三", "seat S 李四", "seat W 王五", "seat N 赵六"]


def from_scratch(match_id: str, entries: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(prev, hash) of each entry, computed here with hashlib from the record format's definition: the SHA-256 of
    the JSON of the entry's fields with ``match`` and ``prev``, keys sorted, no spaces, not ASCII-escaped."""
    out = []
    prev = "0" * 64
    for e in entries:
        body = {k: e[k] for k in ("seq", "kind", "time", "referee", "directive", "target", "reason")}
        body.update(prev=prev, match=match_id)
        digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False,
                                           separators=(",", ":")).encode("utf-8")).hexdigest()
        out.append((prev, digest))
        prev = digest
    return out


def _make(store: Any, entries: int) -> None:
    """A match F1 of *entries* entries: the header, the four seats, then warnings (the store checks no rules)."""
    lines = HEADER + [f"warn E w{i}" for i in range(entries - len(HEADER))]
    store.create([parse_line(line, line=i) for i, line in enumerate(lines, 1)], referee="director")


def _no_whole_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any decode or re-hash of the whole match fails the test (both backends' whole-read paths)."""
    def refuse(*_a: object, **_k: object) -> None:
        raise AssertionError("the append read the whole match")

    monkeypatch.setattr(store_module, "sound_entries", refuse)
    monkeypatch.setattr(store_module, "match_of", refuse)
    monkeypatch.setattr(chain, "check", refuse)
    from referee.store.postgres.store import PgStore

    monkeypatch.setattr(PgStore, "_checked_entries", refuse)


@pytest.mark.parametrize("size", [10, 5000])
def test_an_append_at_10_or_5000_entries_reads_none_and_stores_the_chain_from_scratch(
        store: Any, size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    _make(store, size - 3)
    with monkeypatch.context() as m:
        _no_whole_read(m)
        for i in range(3):  # the last three one by one, each sealed to the head the one before left
            store.append("F1", [{"kind": "event", "directive": f"warn S n{i}", "reason": "迟到"}],
                         expect_seq=size - 3 + i, referee="裁判乙")
    entries = store.entries("F1")
    assert len(entries) == size and [e["seq"] for e in entries] == list(range(1, size + 1))
    assert [(e["prev"], e["hash"]) for e in entries] == from_scratch("F1", entries)
    assert [e["directive"] for e in entries[-3:]] == ["warn S n0", "warn S n1", "warn S n2"]
    assert entries[-1]["referee"] == "裁判乙" and entries[-1]["reason"] == "迟到"
    assert store.verify(["F1"])[2] == []


def test_a_folder_append_is_pinned_and_splices(tmp_path: Path) -> None:
    store = Store(tmp_path / "s")
    _make(store, 12)
    with store.session("F1") as s:
        assert isinstance(s, PinnedSession) and s.count == 12 and s.next_seq == 13
        s.append("event", "warn N x", "r")
    digest = from_scratch("F1", store.entries("F1"))[-1][1]
    # the head record as versions before pins read it; the pin beside it holds the head and the file written
    assert head_record(store.head_path("F1")) == {"id": "F1", "entries": 13, "hash": digest}
    raw = store.path("F1").read_bytes()
    st = store.path("F1").stat()
    assert json.loads((tmp_path / "s" / "heads" / "F1.pin").read_bytes()) == {
        "id": "F1", "entries": 13, "hash": digest, "size": len(raw), "mtime_ns": st.st_mtime_ns, "ino": st.st_ino,
        "tail": hashlib.sha256(raw[-4096:]).hexdigest()}


def test_a_pin_lost_or_torn_costs_one_whole_check(tmp_path: Path) -> None:
    store = Store(tmp_path / "s")
    _make(store, 12)
    pin = tmp_path / "s" / "heads" / "F1.pin"
    pin.write_bytes(pin.read_bytes()[:30])  # torn by a crash
    with store.session("F1") as s:
        assert not isinstance(s, PinnedSession)
        s.append("event", "warn N x", "r")
    pin.unlink()  # lost
    with store.session("F1") as s:
        assert not isinstance(s, PinnedSession)
        s.append("event", "warn N y", "r")
    with store.session("F1") as s:  # pinned again by the append before
        assert isinstance(s, PinnedSession)
    entries = store.entries("F1")
    assert [(e["prev"], e["hash"]) for e in entries] == from_scratch("F1", entries) and len(entries) == 14


def _edit_entry_3(path: Path, *, keep_time: bool) -> None:
    """Change entry 3's directive (seat S 李四 → seat S 李五, the same length), in place; *keep_time*: the file's
    time put back after, as a careful forger would."""
    st = path.stat()
    raw = path.read_bytes()
    assert raw.count("seat S 李四".encode()) == 1
    with open(path, "r+b") as f:
        f.write(raw.replace("seat S 李四".encode(), "seat S 李五".encode()))
    if keep_time:
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def test_an_outside_edit_of_an_earlier_entry_is_caught_by_the_append_and_by_verify(tmp_path: Path) -> None:
    store = Store(tmp_path / "s")
    _make(store, 20)
    os.utime(store.path("F1"), ns=(1, 1))  # the edit below lands in another time, whatever the clock's grain
    store.put_head("F1", store.path("F1"), 20, store.entries("F1")[-1]["hash"])
    with store.session("F1") as s:
        assert isinstance(s, PinnedSession)  # as pinned, until the edit
    _edit_entry_3(store.path("F1"), keep_time=False)
    with pytest.raises(BrokenChain) as e:  # not the pinned file: read and checked whole
        store.append("F1", [{"kind": "event", "directive": "warn E late"}])
    assert e.value.msg.text("en") == ("match F1, #3: its content does not match its hash (edited by hand); "
                                      "nothing recorded (run `referee verify`)")
    assert len(store.entries("F1")) == 20
    assert [p.text("en") for p in store.verify(["F1"])[2]] == [
        "match F1, #3: its content does not match its hash (edited by hand)"]


def test_an_edit_that_forges_the_files_time_is_still_caught_by_verify(tmp_path: Path) -> None:
    # Size, time and inode kept, the tail untouched: past the append's check (it checks only what is new) — never
    # past verify, which re-hashes every entry.
    store = Store(tmp_path / "s")
    _make(store, 20)
    _edit_entry_3(store.path("F1"), keep_time=True)
    assert [p.text("en") for p in store.verify(["F1"])[2]] == [
        "match F1, #3: its content does not match its hash (edited by hand)"]


def test_an_edit_of_the_last_entry_or_the_head_record_is_caught_by_the_append(tmp_path: Path) -> None:
    store = Store(tmp_path / "s")
    _make(store, 8)
    head = store.head_path("F1")
    data = head_record(head)
    head.write_text(json.dumps({**data, "hash": "0" * 64}), encoding="utf-8")  # the head's hash forged
    with pytest.raises(BrokenChain) as e:
        store.append("F1", [{"kind": "event", "directive": "warn E late"}])
    assert "does not carry the hash its head record holds" in e.value.msg.text("en")
    head.write_text(json.dumps(data), encoding="utf-8")
    path = store.path("F1")
    st = path.stat()
    raw = path.read_bytes()
    with open(path, "r+b") as f:  # the last entry's text changed, its size, time and inode kept
        f.write(raw.replace(b'"warn E w2"', b'"warn E w3"'))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    with pytest.raises(BrokenChain) as e:  # the tail's digest is not the pinned one
        store.append("F1", [{"kind": "event", "directive": "warn E late"}])
    assert e.value.msg.text("en").startswith("match F1, #8: its content does not match its hash")
    assert len(store.entries("F1")) == 8


def test_a_store_written_before_pins_opens_verifies_and_takes_entries(tmp_path: Path) -> None:
    root = tmp_path / "old"
    shutil.copytree(FIXTURE, root)
    store = Store(root)
    assert not (root / "heads" / "OLD1.pin").exists()
    assert store.verify() == (1, 11, [])
    with store.session("OLD1") as s:  # no pin: read and checked whole, as before
        assert not isinstance(s, PinnedSession)
        s.append("event", "points 35", "裁判乙")
    assert head_record(root / "heads" / "OLD1.json")["entries"] == 12
    assert json.loads((root / "heads" / "OLD1.pin").read_bytes())["entries"] == 12  # pinned from now on
    with store.session("OLD1") as s:
        assert isinstance(s, PinnedSession)
        s.append("event", "last def", "裁判乙")
    entries = store.entries("OLD1")
    assert [(e["prev"], e["hash"]) for e in entries] == from_scratch("OLD1", entries)
    assert [e["directive"] for e in entries[-2:]] == ["points 35", "last def"]
    assert store.verify() == (1, 13, [])


WRITERS, EACH = 4, 12


def _check_all_once(store: Any, base: int, names: list[str]) -> None:
    entries = store.entries("F1")
    assert [e["seq"] for e in entries] == list(range(1, base + len(names) * EACH + 1))
    got = sorted(e["directive"] for e in entries[base:])
    assert got == sorted(f"warn E {n}-{i}" for n in names for i in range(EACH))  # none lost, none twice
    assert [(e["prev"], e["hash"]) for e in entries] == from_scratch("F1", entries)
    assert store.verify(["F1"])[2] == []


def test_threads_appending_to_one_match_lose_nothing_and_duplicate_nothing(store: Any) -> None:
    _make(store, 30)
    errors: list[BaseException] = []
    if hasattr(store, "use_pool"):
        store.use_pool(WRITERS)

    def write(name: str) -> None:
        try:
            for i in range(EACH):
                store.append("F1", [{"kind": "event", "directive": f"warn E {name}-{i}"}], referee=name)
        except BaseException as e:  # pragma: no cover - said by the assertion below
            errors.append(e)

    threads = [threading.Thread(target=write, args=(f"t{k}",)) for k in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    _check_all_once(store, 30, [f"t{k}" for k in range(WRITERS)])


WRITER = """
import sys
from referee.store.api import open_store
store = open_store(sys.argv[1])
for i in range(int(sys.argv[3])):
    store.append("F1", [{"kind": "event", "directive": f"warn E {sys.argv[2]}-{i}"}], referee=sys.argv[2])
store.close()
"""


def test_processes_appending_to_one_match_lose_nothing_and_duplicate_nothing(store: Any) -> None:
    _make(store, 30)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, store.address, f"p{k}", str(EACH)], env=env,
                              stderr=subprocess.PIPE, text=True) for k in range(WRITERS)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    _check_all_once(store, 30, [f"p{k}" for k in range(WRITERS)])
