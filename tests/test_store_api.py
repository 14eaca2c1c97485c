"""The store's interface: the one factory that knows the backends, and a match read once.

`open_store` is where every command, use case and the web open the store (`referee/store/api.py`); a URL
names a backend that is not in this version yet, refused in one line that never shows a password.
`Store.snapshot` gives a match's entries and the first thing broken in them from one read of its file.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest
from helpers import match_tables, referee_process

from referee.core import safefile
from referee.core.errors import UsageError
from referee.store.api import MatchStore, open_store
from referee.store.folder import FolderStore
from referee.store.postgres.store import PgStore
from referee.store.store import Store, UnknownMatch

REPO = Path(__file__).resolve().parent.parent


referee = referee_process


def test_a_postgresql_url_opens_the_league_store_and_connects_only_when_used(tmp_path):
    # Opening names the backend; nothing is connected or made until the first operation (the server's refusals,
    # each one line without the password, are tests/test_store_postgres.py's).
    store = open_store("postgresql://ann:s3cret@127.0.0.1:1/league")
    assert isinstance(store, PgStore) and store.where == "postgresql://ann:***@127.0.0.1:1/league"
    assert store.folder() is None and store.address == "postgresql://ann:s3cret@127.0.0.1:1/league"
    assert list(tmp_path.iterdir()) == []


def test_a_url_from_the_environment_names_where_it_came_from(tmp_path):
    run = referee("list", "--lang", "en", env={"REFEREE_DB": "mysql://root:pw@localhost/x"}, cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr == ("error: $REFEREE_DB mysql://root:***@localhost/x: not a store (a folder, or a "
                          "postgresql:// address)\n")


def test_a_folder_opens_the_folder_store(tmp_path):
    store = open_store(tmp_path / "store")
    assert isinstance(store, Store) and store.root == tmp_path / "store"
    with pytest.raises(UsageError):
        open_store("mysql://h/db")


def test_the_folder_store_offers_every_operation_of_the_interface():
    # What mypy checks statically (store/api.py), checked here on the running code as well: each member of
    # the protocol is a member of the folder store, with the protocol's parameters.
    members = [name for name in MatchStore.__dict__ if not name.startswith("_")]
    assert {"snapshot", "session", "create", "audit", "anchor", "entries"} <= set(members)
    for name in members:
        if callable(getattr(MatchStore, name)):
            wanted = list(inspect.signature(getattr(MatchStore, name)).parameters)
            got = list(inspect.signature(getattr(FolderStore, name)).parameters)
            assert got[:len(wanted)] == wanted, name


def _new_match(db: Path) -> None:
    run = referee("new", "T1", "--east", "a", "--south", "b", "--west", "c", "--north", "d", "--db", str(db))
    assert run.returncode == 0, run.stderr
    for line in (["hand"], ["declare", "E", "BJ"], ["trump", "H"]):
        run = referee("record", "T1", *line, "--db", str(db))
        assert run.returncode == 0, run.stderr


def test_a_snapshot_is_the_match_from_one_read(tmp_path, monkeypatch):
    db = tmp_path / "store"
    _new_match(db)  # the header and the 4 seats (5 entries; no team names given), then 3 directives: 8
    store = Store(db)
    match_file = db / "matches" / "T1.json"
    reads = []
    real = safefile.read_regular

    def counting(path, *args, **kwargs):
        reads.append(Path(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(safefile, "read_regular", counting)  # every store file is read through it
    snap = store.snapshot("T1")
    assert len(snap.entries) == 8 and snap.problem is None
    assert snap.head == (8, snap.entries[-1]["hash"])
    assert reads.count(match_file) == 1  # the match file read once (its head record beside it, once too)
    reads.clear()
    store.entries("T1")
    store.check("T1")
    assert reads.count(match_file) == 2  # what status did before: the file read twice


def test_a_snapshot_names_what_is_broken(tmp_path):
    db = tmp_path / "store"
    _new_match(db)
    path = db / "matches" / "T1.json"
    data = match_tables(path)
    assert data["entries"]["7"]["directive"] == "declare E BJ"  # the 6th, 7th and 8th: hand, declare, trump
    data["entries"]["7"]["directive"] = "declare E SJ"  # edited by hand: its hash no longer holds
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    snap = Store(db).snapshot("T1")
    assert snap.problem is not None and snap.problem.seq == 7
    assert snap.problem.msg.text("en") == "match T1, #7: its content does not match its hash (edited by hand)"
    assert len(snap.entries) == 8  # what was read is handed back with it
    with pytest.raises(UnknownMatch):
        Store(db).snapshot("T2")
