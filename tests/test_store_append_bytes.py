"""The store's session appends by splicing the new entries into the bytes it read (files.appended), never
encoding the whole match again: the file is byte for byte what TinyDB's whole write of the same entries gives,
the chain and the head record are as ever, and a file of another layout (written before head records were kept,
or reformatted by hand) is written whole, as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.games.gunzi.notation import parse_line
from referee.store import files
from referee.store.folder import FolderStore
from referee.store.store import PinnedSession, write_match

HEADER = ["match id=M1 rules=dalian-club", "seat E 甲", "seat S 乙", "seat W 丙", "seat N 丁"]
HAND = ["hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 100", "last decl"]


@pytest.fixture
def store(tmp_path: Path) -> FolderStore:
    s = FolderStore(tmp_path / "store")
    events = [parse_line(line, line=i) for i, line in enumerate(HEADER, 1)]
    s.create([e for e in events if e is not None], referee="director")
    return s


def _append(store: FolderStore, *directives: str) -> None:
    with store.session("M1") as s:
        s.append_many([{"kind": "event", "directive": d, "reason": "说明 \"q\""} for d in directives], "王裁判")


def test_an_append_writes_the_bytes_of_a_whole_write(store: FolderStore, tmp_path: Path) -> None:
    path = store.path("M1")
    _append(store, HAND[0])
    with store.session("M1") as s:  # the file is what its pin holds: the splice starts from its bytes
        assert isinstance(s, PinnedSession)
    assert files.appended(path.read_bytes(), []) == path.read_bytes()
    _append(store, *HAND[1:3])  # two entries in one write
    _append(store, *HAND[3:])
    entries = store.entries("M1")
    # 5 header entries + 6 of the hand, in order, each sealed to the one before
    assert [e["seq"] for e in entries] == list(range(1, 12)) and entries[-1]["directive"] == "last decl"
    again = tmp_path / "again.json"
    write_match(again, entries)  # TinyDB's insert of the same documents, on the atomic storage
    assert path.read_bytes() == again.read_bytes()
    assert store.verify(["M1"])[2] == []
    head = json.loads(store.head_path("M1").read_text(encoding="utf-8"))
    assert head == {"id": "M1", "entries": 11, "hash": entries[-1]["hash"]}


def test_a_file_of_another_layout_is_written_whole(store: FolderStore, tmp_path: Path) -> None:
    path = store.path("M1")
    data = json.loads(path.read_bytes())
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")  # the same entries, on one line
    assert files.appended(path.read_bytes(), []) is None  # not the store's layout: no splice
    _append(store, "hand")
    again = tmp_path / "again.json"
    write_match(again, store.entries("M1"))
    assert path.read_bytes() == again.read_bytes()  # written whole again, in the store's layout
    assert store.verify(["M1"])[2] == []


def test_an_entry_as_the_file_holds_it() -> None:
    # json.dumps(indent=1) of the entry, every line indented two more, after its seq as the key
    entry = {"seq": 7, "kind": "event", "directive": "trump H", "target": None}
    assert files.entry_bytes(entry) == (b',\n  "7": {\n   "seq": 7,\n   "kind": "event",\n   "directive": "trump H",'
                                        b'\n   "target": null\n  }')


def test_the_append_splices_and_does_not_encode_the_match_again(store: FolderStore) -> None:
    # The first entry re-spaced by hand (the same JSON, the same chain): a whole write would lay it out again, the
    # splice keeps the bytes it read as they are and adds the new entry before the meta table.
    path = store.path("M1")
    raw = path.read_bytes()
    first = raw[raw.index(b'  "1": {'):raw.index(b'  "2": {')]
    squeezed = first.replace(b"\n   ", b" ").replace(b"\n  }", b" }")
    assert squeezed != first
    path.write_bytes(raw.replace(first, squeezed))
    _append(store, "hand")
    after = path.read_bytes()
    assert squeezed in after and after.endswith(files.TAIL)
    assert after.startswith(raw.replace(first, squeezed)[:-len(files.TAIL)])
    assert store.verify(["M1"])[2] == [] and store.entries("M1")[-1]["directive"] == "hand"
