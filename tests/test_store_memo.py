"""The venue server's memory of the matches it writes (``referee.store.memo``): an append through it writes
byte for byte what the store's TinyDB write gives, keeps the chain and the head record as the store's own
session does, and trusts what it knows only while the match file holds the very bytes it knows: another
writer, a hand edit or a changed head record sends it back to the store's full read and check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import M1_HAND, head_record, m1_store

from referee.store.errors import BrokenChain
from referee.store.folder import FolderStore
from referee.store.memo import Memo
from referee.store.store import write_match


@pytest.fixture
def store(tmp_path: Path) -> FolderStore:
    return m1_store(tmp_path / "store")


def add(memo: Memo, directive: str, kind: str = "event", target: int | None = None) -> None:
    with memo.session("M1") as s:
        s.append_many([{"kind": kind, "directive": directive, "target": target, "reason": ""}], "王裁判")


def test_appends_through_the_memo_are_the_stores_bytes_and_chain(store: FolderStore, tmp_path: Path) -> None:
    memo = Memo(store)
    for directive in M1_HAND:
        add(memo, directive)
    # 5 header entries + 6 of the hand; the first session read the file (a miss), the other 5 came from memory
    assert memo.hits == 5
    path = store.path("M1")
    entries = store.entries("M1")
    assert [e["seq"] for e in entries] == list(range(1, 12)) and entries[-1]["directive"] == "last decl"
    again = tmp_path / "again.json"
    write_match(again, entries)  # TinyDB's insert of the same documents, on the atomic storage
    assert path.read_bytes() == again.read_bytes()
    assert store.verify(["M1"])[2] == []  # the chain and the head record as the store keeps them
    head = head_record(store.head_path("M1"))
    assert head == {"id": "M1", "entries": 11, "hash": entries[-1]["hash"]}
    # the events of its corrected view, kept as they grew: the store's own reading of the file
    assert memo.events_and_errors("M1") == store.events_and_errors("M1")


def test_a_correction_and_another_writer_are_read_again(store: FolderStore) -> None:
    memo = Memo(store)
    add(memo, "hand")
    add(memo, "declare E BJ")
    hits = memo.hits
    store.append("M1", [{"kind": "event", "directive": "trump H", "reason": ""}], referee="命令行")  # another writer
    add(memo, "kitty 4C 6C 7C 8C 9C JH")
    assert memo.hits == hits  # the file was not as known: read and checked whole
    add(memo, "", kind="undo", target=9)  # seq 9 is the kitty: taken back
    assert memo.events_and_errors("M1") == store.events_and_errors("M1")
    assert [e.line for e in memo.events_and_errors("M1")[0]][-3:] == [6, 7, 8]
    assert store.verify(["M1"])[2] == []
    # seqs 7–10: declare (memo), trump (the other writer), kitty (memo), the undo (memo)
    assert [e["referee"] for e in store.entries("M1")][-4:] == ["王裁判", "命令行", "王裁判", "王裁判"]


def test_a_head_record_rewritten_is_refused_as_the_store_refuses_it(store: FolderStore) -> None:
    memo = Memo(store)
    add(memo, "hand")
    head = store.head_path("M1")
    data = head_record(head)
    head.write_text(json.dumps({**data, "hash": "0" * 64}), encoding="utf-8")
    with pytest.raises(BrokenChain) as e:
        add(memo, "declare E BJ")
    assert "does not carry the hash its head record holds" in e.value.msg.text("en")
    assert "nothing recorded" in e.value.msg.text("en")
    assert len(store.entries("M1")) == 6  # 5 of the header and the hand: nothing added


def test_a_hand_edit_of_the_file_is_caught(store: FolderStore) -> None:
    memo = Memo(store)
    add(memo, "hand")
    path = store.path("M1")
    path.write_bytes(path.read_bytes().replace(b'"seat N \xe4\xb8\x81"', b'"seat N X"'))
    with pytest.raises(BrokenChain) as e:
        add(memo, "declare E BJ")
    assert "nothing recorded" in e.value.msg.text("en")
    assert memo.entries("M1") == store.entries("M1")  # read as the store reads it, not from memory


def test_what_is_known_is_checked_without_reading_the_file_whole(store: FolderStore,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A session or read from memory looks at the file's status and its end (as a pin does), not at all its bytes:
    its cost does not grow with the match. An edit in place that keeps the size is still caught."""
    import os

    from referee.core import safefile

    memo = Memo(store)
    add(memo, "hand")  # the first session, the store's own: read whole and checked
    path = store.path("M1")
    reads: list[str] = []
    read_regular = safefile.read_regular

    def counted(p: os.PathLike[str] | str, *args: object, **kwargs: object) -> bytes:
        reads.append(os.fspath(p))
        return read_regular(p, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(safefile, "read_regular", counted)
    add(memo, "declare E BJ")
    assert memo.entries("M1")[-1]["directive"] == "declare E BJ" and memo.header("M1").id == "M1"
    assert str(path) not in reads and memo.hits == 3  # the session, the entries, the header: from memory
    assert str(store.head_path("M1")) not in reads  # the head record seen by its last line, not read whole
    monkeypatch.undo()
    raw = path.read_bytes()
    at = raw.index(b"declare E BJ")
    os.truncate(path, 0)  # same size, same inode: in place, the end changed
    with open(path, "r+b") as f:
        f.write(raw[:at] + b"declare W BJ" + raw[at + 12:])
    with pytest.raises(BrokenChain):
        add(memo, "trump H")
    assert len(store.entries("M1")) == 7  # nothing recorded


def test_a_torn_head_append_leaves_the_record_before_in_effect(store: FolderStore) -> None:
    """A head record's append cut short (a crash after the match file's line) ends in a line without its newline:
    not the record the memo wrote, so the file is read whole, and its last complete line is still that record."""
    memo = Memo(store)
    add(memo, "hand")
    head = store.head_path("M1")
    with open(head, "ab") as f:
        f.write(b'\n{"id": "M1", "entr')
    hits = memo.hits
    add(memo, "declare E BJ")
    assert memo.hits == hits + 1  # from memory: the torn line is no record
    assert head_record(head) == {"id": "M1", "entries": 7, "hash": store.entries("M1")[-1]["hash"]}
    assert store.verify(["M1"])[2] == []


def test_the_record_in_effect_is_the_last_complete_line() -> None:
    from referee.store.store import last_head

    assert last_head(b'{"a": 1}') == b'{"a": 1}'  # written whole: no newline at all
    assert last_head(b'{"a": 1}\n{"a": 2}\n') == b'{"a": 2}'  # appended: the last line before the newline
    assert last_head(b'{"a": 1}\n{"a": 2}\n{"a"') == b'{"a": 2}'  # a torn append after it: passed over
    assert last_head(b'{"a": 1}\n{"a": 2}\n\n') == b'{"a": 2}'  # an empty last line: the one before
    assert last_head(b'{"a": 1}\n') == b'{"a": 1}'  # one line: everything before the newline
