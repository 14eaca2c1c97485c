"""The quick way a match file is read and its chain hashed (issue 20: cold standings): the same entries, the same
hashes and the same refusals as the general way, which stays the judge of every file it does not take.

- ``chain.entry_hash`` writes the canonical JSON of an entry of the stored shape field by field; it must be the
  bytes ``json.dumps(sort_keys=True, ensure_ascii=False, separators=(",", ":"))`` gives, for any text.
- ``store.sound_entries`` takes a match file's parsed JSON only when everything in it is as the store writes it;
  anything else goes to the TinyDB reader, whose messages name what is wrong.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from helpers import match_tables
from hypothesis import given, settings
from hypothesis import strategies as st
from test_store_support import HAND1, Cli, new_match, record_all

from referee.store import chain
from referee.store.errors import BrokenChain
from referee.store.store import Store, sound_entries

ENTRY = {"seq": 2, "kind": "amend", "time": "2026-12-02T10:00:00.000Z", "referee": "王裁判",
         "directive": 'points 30 "x"\\', "target": 1, "reason": "recount\n", "prev": "ab" * 32}


def test_canonical_text_of_an_entry_worked_by_hand():
    # keys sorted (directive, kind, match, prev, reason, referee, seq, target, time), no spaces, Chinese kept
    # as it is, the quote and the backslash escaped, the newline written \n
    text = ('{"directive":"points 30 \\"x\\"\\\\","kind":"amend","match":"T1","prev":"' + "ab" * 32 + '",'
            '"reason":"recount\\n","referee":"王裁判","seq":2,"target":1,"time":"2026-12-02T10:00:00.000Z"}')
    assert chain._canonical("T1", ENTRY) == text
    assert chain.entry_hash("T1", ENTRY) == hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize(("field", "value"), [("seq", True), ("seq", 2.0), ("target", False), ("directive", 5),
                                              ("kind", None)])
def test_an_entry_not_of_the_stored_shape_is_hashed_as_json_dumps_writes_it(field, value):
    odd = {**ENTRY, field: value}
    assert chain._canonical("T1", odd) is None  # not the quick way: json.dumps writes True as true, 2.0 as 2.0
    body = {k: odd.get(k) for k in chain.FIELDS} | {"match": "T1"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    assert chain.entry_hash("T1", odd) == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_an_entry_missing_a_field_is_hashed_with_null_there():
    odd = {k: v for k, v in ENTRY.items() if k != "reason"}
    assert chain._canonical("T1", odd) is None
    assert chain.entry_hash("T1", odd) == chain.entry_hash("T1", {**ENTRY, "reason": None})


texts = st.text(st.characters(codec="utf-8"), max_size=20)


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"seq": st.integers(-2**70, 2**70), "kind": texts, "time": texts, "referee": texts,
                              "directive": texts, "target": st.none() | st.integers(-2**70, 2**70),
                              "reason": texts, "prev": texts}), texts)
def test_the_quick_canonical_text_is_json_dumps_for_every_text(entry, match_id):
    assert chain._canonical(match_id, entry) == chain._dumped(match_id, entry)


@pytest.fixture
def stored(tmp_path):
    """A match T3 with a hand recorded and a correction (an ``amend``: a target that is a number)."""
    cli = Cli(tmp_path / "store")
    new_match(cli, "T3")
    record_all(cli, "T3", HAND1)
    r = cli("amend", "T3", "11", "points", "30", "--reason", "recount")
    assert r.exit_code == 0, r.output
    return Store(cli.db)


def test_a_file_as_the_store_writes_it_is_read_the_quick_way_with_the_same_entries(stored):
    data = match_tables(stored.path("T3"))
    quick = sound_entries(data)
    assert quick is not None
    # 5 entries of `new` (the header, four seats) + the hand's 8 directives + the amend, in seq order
    assert [e["seq"] for e in quick] == list(range(1, 15))
    assert quick[-1]["kind"] == "amend" and quick[-1]["target"] == 11
    assert quick == [dict(e) for e in stored.read_match("T3").entries]
    assert chain.check("T3", quick) is None


def _changed(stored: Store, change) -> dict:
    data = match_tables(stored.path("T3"))
    change(data)
    stored.path("T3").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return data


ODD_FILES = {
    # a change the quick way does not take → what the TinyDB reader says of it (as before the quick way)
    "seq true": (lambda d: d["entries"]["3"].update(seq=True), "#3: its 'seq' must be a whole number, not true"),
    "stray field": (lambda d: d["entries"]["4"].update(extra=1), "#4: it has an unknown field 'extra'"),
    # entry 5 moved under the id 99: the last of the 14 documents (5 of `new` + 8 of the hand + the amend)
    "stored under another id": (lambda d: d["entries"].update({"99": d["entries"].pop("5")}),
                                "#14: stored under id 99 but carries seq 5"),
    "unknown table": (lambda d: d.update(notes={}), "the match file holds an unknown table 'notes'"),
    "meta changed": (lambda d: d["meta"]["1"].update(heads=2), "the match file's 'meta' table is not as the store "
                                                              "writes it"),
}


@pytest.mark.parametrize("name", list(ODD_FILES))
def test_a_file_not_as_the_store_writes_it_is_left_to_the_reader_that_names_what_is_wrong(stored, name):
    change, said = ODD_FILES[name]
    assert sound_entries(_changed(stored, change)) is None
    with pytest.raises(BrokenChain) as e:
        stored.read_match("T3")
    assert said in e.value.msg.text("en")


def test_entries_out_of_order_are_read_as_stored_and_the_chain_check_names_the_place(stored):
    # entries 6 and 7 swapped in the file: each still under its own seq, so the file is read (by the TinyDB
    # reader: the quick way takes entries in seq order only) and the chain breaks at the 6th place
    def swap(d: dict) -> None:
        items = list(d["entries"].items())
        items[5], items[6] = items[6], items[5]
        d["entries"] = dict(items)

    assert sound_entries(_changed(stored, swap)) is None
    entries = stored.read_match("T3").entries
    assert [e["seq"] for e in entries[4:8]] == [5, 7, 6, 8]
    problem = chain.check("T3", entries)
    assert problem is not None and problem.seq == 6
    assert "entry 6 carries seq 7" in problem.text("en")
