"""A phone's client id kept with the entry it names (issue 32), on both backends: the first entry appended inside
``chain.named`` carries it, hashed with it, read back as written, the chain sound (`referee verify`); an entry
without one hashes as every older entry did, so old stores read and verify unchanged."""

from __future__ import annotations

import hashlib
import json

import pytest

from referee.games.gunzi import notation
from referee.store import chain
from referee.store.api import MatchStore

RECORD = """match id=C1 rules=dalian-club date=2026-04-11 event=Cup table=3 round=1
seat E a
seat S b
seat W c
seat N d
"""


def _sha(match_id: str, fields: dict[str, object]) -> str:
    body = {k: fields[k] for k in chain.FIELDS} | {"match": match_id}
    if "client" in fields:
        body["client"] = fields["client"]
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
                          .encode()).hexdigest()


def test_the_entry_a_client_named_keeps_its_id_hashed_and_the_chain_verifies(store: MatchStore) -> None:
    store.create(notation.parse(RECORD).events, "ann")
    with chain.named("phone-7f3a"):
        store.append("C1", [{"kind": "event", "directive": "warn E talk"},
                            {"kind": "event", "directive": "warn S talk"}], expect_seq=5)
    store.append("C1", [{"kind": "event", "directive": "warn W talk"}], expect_seq=7)
    entries = store.entries("C1")
    assert [e.get("client") for e in entries[4:]] == [None, "phone-7f3a", None, None]
    named = entries[5]
    # the hash is the canonical JSON's with the client id among the fields (sorted first: "client" < "directive")
    assert named["hash"] == _sha("C1", dict(named))
    assert "client" not in entries[6] and entries[6]["hash"] == _sha("C1", dict(entries[6]))
    assert store.check("C1") is None
    assert store.verify(["C1"])[2] == []


def test_a_client_id_edited_by_hand_breaks_the_chain() -> None:
    """The id is part of what is hashed: changing it is an edit the chain names."""
    e = chain.seal("C1", {"seq": 1, "kind": "event", "time": "t", "referee": "r", "directive": "warn E x",
                          "target": None, "reason": "", "client": "abc"}, chain.GENESIS)
    assert chain.check("C1", [e]) is None
    forged = dict(e, client="abd")
    problem = chain.check("C1", [forged])
    assert problem is not None and problem.text("en") == \
        "match C1, #1: its content does not match its hash (edited by hand)"


@pytest.mark.parametrize(("value", "message"), [
    (7, "its 'client' must be a text, not 7"),
    (None, "its 'client' must be a text, not null"),
])
def test_a_client_id_not_a_text_is_refused(value: object, message: str) -> None:
    e = dict(chain.seal("C1", {"seq": 1, "kind": "event", "time": "t", "referee": "r", "directive": "d",
                               "target": None, "reason": ""}, chain.GENESIS), client=value)
    problem = chain.entry_problem(e)
    assert problem is not None and problem.text("en") == message


def test_the_client_id_is_taken_once_and_only_inside_named() -> None:
    assert chain.take_client() is None
    with chain.named("x1"):
        assert chain.take_client() == "x1"
        assert chain.take_client() is None
    with chain.named(None):
        assert chain.take_client() is None


@pytest.mark.postgres
def test_a_named_entry_crosses_db_copy_both_ways_with_its_id(tmp_path, pg_server) -> None:
    """`referee db copy` of a folder holding a phone's entry into PostgreSQL and back: the id travels with the entry
    (schema 6's column), every chain still verifies."""
    from referee.store.api import open_store
    from referee.store.copying import copy_store

    folder = open_store(tmp_path / "venue")
    folder.create(notation.parse(RECORD).events, "ann")
    with chain.named("phone-0001"):
        folder.append("C1", [{"kind": "event", "directive": "warn E talk"}], expect_seq=5)
    league = open_store(pg_server.store())
    try:
        copy_store(folder, league)
        assert league.entries("C1") == folder.entries("C1")
        assert league.entries("C1")[5]["client"] == "phone-0001"
        assert league.verify(["C1"])[2] == []
        back = open_store(tmp_path / "back")
        copy_store(league, back)
        assert back.entries("C1") == folder.entries("C1") and back.verify(["C1"])[2] == []
    finally:
        league.close()
