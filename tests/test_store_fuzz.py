"""Fuzzing the store files (issue 8): hypothesis changes one match's files — random JSON, random bytes,
truncation, entries deleted, reordered or edited, a head record removed or edited — and the real
commands run in-process on the store.

Asserted for every change: no command raises anything but the project's own errors (each ends by the
one boundary with an exit code, never a traceback); ``verify`` flags the change (BROKEN, or a head
record said to be behind); and no other match is affected (its files byte for byte, its status line
for line).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from helpers import head_record, match_tables
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_store_support import HAND1, Cli

from referee.store import Store

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)), max_leaves=12)
FIELDS = ["seq", "kind", "time", "referee", "directive", "target", "reason", "prev", "hash"]
OTHERS = ("A", "C")


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    """A store of three matches: A (a settled hand), B (the one changed: events and every kind of
    correction), C (another rule set)."""
    db = tmp_path_factory.mktemp("pristine") / "store"
    cli = Cli(db)
    for mid in ("A", "B"):
        assert cli("new", mid, "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六").exit_code == 0
    for line in HAND1:
        assert cli("record", "A", *line.split()).exit_code == 0
    for line in HAND1[:6]:  # B: #6 hand … #11 points 25
        assert cli("record", "B", *line.split()).exit_code == 0
    assert cli("record", "B", "points", "5").exit_code == 0  # #12
    assert cli("undo", "B").exit_code == 0  # #13 takes back #12
    assert cli("amend", "B", "11", "points", "30", "--reason", "recount").exit_code == 0  # #14
    assert cli("void", "B", "10", "--reason", "no bury").exit_code == 0  # #15
    assert cli("new", "C", "--rules", "gunzi-001").exit_code == 0
    assert cli("record", "C", "warn", "E", "slow").exit_code == 0
    assert cli("verify").exit_code == 0
    return db


@st.composite
def changes(draw):
    """(which file of B, how it is changed): each a change of its content, never a no-op."""
    kind = draw(st.sampled_from(["json", "bytes", "truncate", "delete", "reorder", "edit", "table", "head-gone",
                                 "head-json", "head-count", "head-back", "index"]))
    if kind == "json":
        return kind, draw(json_values)
    if kind == "bytes":
        return kind, draw(st.binary(max_size=64))
    if kind in ("truncate", "delete", "reorder", "head-count", "head-back"):
        return kind, draw(st.randoms(use_true_random=False))
    if kind == "edit":
        return kind, (draw(st.integers(min_value=1, max_value=15)), draw(st.sampled_from(FIELDS)), draw(json_values))
    if kind == "table":
        return kind, (draw(st.sampled_from(["meta", "extra", "entries"])), draw(json_values))
    if kind == "head-json":
        return kind, draw(json_values)
    if kind == "index":
        return kind, draw(st.one_of(json_values.map(json.dumps), st.binary(max_size=40).map(repr)))
    return kind, None


def _apply(db: Path, kind: str, arg: object) -> bool:
    """Change B's files; False when the drawn change happens to leave them as they were."""
    path = Store(db).path("B")
    head = db / "heads" / "B.json"
    raw = path.read_bytes()
    data = match_tables(path)
    entries = data["entries"]
    if kind == "json":
        if arg == data:
            return False
        path.write_text(json.dumps(arg), encoding="utf-8")
    elif kind == "bytes":
        path.write_bytes(arg)
    elif kind == "truncate":
        path.write_bytes(raw[:arg.randrange(len(raw))])
    elif kind == "delete":
        keys = list(entries)
        for key in arg.sample(keys, arg.randint(1, len(keys))):
            del entries[key]
        path.write_text(json.dumps(data), encoding="utf-8")
    elif kind == "reorder":
        keys = list(entries)
        order = keys[:]
        while order == keys:
            arg.shuffle(order)
        data["entries"] = {k: entries[k] for k in order}
        path.write_text(json.dumps(data), encoding="utf-8")
    elif kind == "edit":
        seq, field, value = arg
        entry = entries[str(seq)]
        if entry.get(field, object()) == value and type(entry.get(field)) is type(value):
            return False
        entry[field] = value
        path.write_text(json.dumps(data), encoding="utf-8")
    elif kind == "table":
        name, value = arg
        if data.get(name) == value:
            return False
        data[name] = value
        path.write_text(json.dumps(data), encoding="utf-8")
    elif kind == "head-gone":
        head.unlink()
    elif kind == "head-json":
        if arg == head_record(head):
            return False
        head.write_text(json.dumps(arg), encoding="utf-8")
    elif kind == "head-count":  # another count, the hash left as it is
        record = head_record(head)
        record["entries"] = arg.choice([n for n in range(0, 30) if n != record["entries"]])
        head.write_text(json.dumps(record), encoding="utf-8")
    elif kind == "head-back":  # set back to an earlier entry, consistently: what a crash leaves
        n = arg.randrange(0, len(entries))
        digest = list(entries.values())[n - 1]["hash"] if n else "0" * 64
        head.write_text(json.dumps({"id": "B", "entries": n, "hash": digest}), encoding="utf-8")
    elif kind == "index":
        (db / "index.json").write_text(arg, encoding="utf-8")
    return True


def _digest(db: Path, mid: str) -> tuple[bytes, bytes]:
    return Store(db).path(mid).read_bytes(), (db / "heads" / f"{mid}.json").read_bytes()


COMMANDS = [["list"], ["verify", "B"], ["status", "B"], ["log", "B"], ["log", "B", "--corrections"],
            ["replay", "B"], ["export", "B"], ["whatif", "B", "9", "kitty", "4C", "6D", "9S", "KH", "7C", "3H"],
            ["undo", "B"], ["record", "B", "warn", "E", "fuzz"], ["verify", "B", "--head", "0123456789ab"],
            ["status", "B", "--lang", "zh"]]


@pytest.fixture(scope="module")
def expected(pristine):
    cli = Cli(pristine)
    return {mid: _steady(cli("status", mid).output) for mid in OTHERS}, {mid: _digest(pristine, mid) for mid in OTHERS}


def _steady(status: str) -> str:
    """A status without its game clock (each game's minutes so far move on with the time the fuzz takes)."""
    return "\n".join(line for line in status.splitlines() if not line.startswith("Clock: "))


# ~1 s an example on a loaded 2-core machine; REFEREE_FUZZ_EXAMPLES=500 for a longer hunt.
@settings(max_examples=int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "30")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(change=changes())
def test_fuzz_store_files_no_traceback_verify_flags_others_untouched(pristine, expected, change):
    statuses, files = expected
    kind, arg = change
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "store"
        shutil.copytree(pristine, db)
        if not _apply(db, kind, arg):
            return
        cli = Cli(db)
        r = cli("verify")
        _no_traceback(r, ["verify"])
        if kind == "index":  # the index is a cache of the match files: only robustness is asked of it
            assert r.exit_code in (0, 1)
        elif r.exit_code == 0:  # only a head record set back consistently passes, and it is said so
            assert kind == "head-back" and "note: match B: its head record is" in r.output, (kind, arg, r.output)
        else:
            assert r.exit_code == 1 and "match B" in r.output, (kind, arg, r.output)
            assert "match A" not in r.output and "match C" not in r.output
        for args in COMMANDS:
            r = cli(*args)
            _no_traceback(r, args)
        assert cli("list").exit_code == 0
        for mid in OTHERS:  # no other match is affected
            assert _steady(cli("status", mid).output) == statuses[mid]
            assert cli("verify", mid).exit_code == 0
            assert _digest(db, mid) == files[mid]


def _no_traceback(r, args) -> None:
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
    assert "Traceback" not in r.output, (args, r.output)
    assert r.exit_code in (0, 1, 2), (args, r.exit_code, r.output)
