"""``extend``: a match's (and an event log's) chain continued by entries sealed elsewhere, stored as they are — what
``referee sync`` pushes a venue's new entries through. On both backends: the same hashes after it, refused with
nothing written when the head moved (``MovedOn``) or the entries do not continue the chain (``BrokenChain``).

The source is a folder store with match T1 made by ``referee new`` (the header and four seats: 5 entries) and three
entries recorded after it (``hand``, ``declare E BJ``, ``trump H``): 8 entries.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from eventplay import Cli

from referee.store import chain
from referee.store.api import MatchStore, open_store
from referee.store.chain import StoredEntry
from referee.store.errors import BrokenChain, MovedOn
from referee.store.eventlog import BrokenEventLog, chain_id


def _source(tmp: Path) -> list[StoredEntry]:
    cli = Cli(tmp / "source")
    cli.ok("new", "T1", "--east", "a", "--south", "b", "--west", "c", "--north", "d")
    for line in (["hand"], ["declare", "E", "BJ"], ["trump", "H"]):
        cli.ok("record", "T1", *line)
    entries = open_store(tmp / "source").entries("T1")
    assert len(entries) == 8
    return entries


def _hashes(store: MatchStore, mid: str) -> list[str]:
    return [e["hash"] for e in store.entries(mid)]


def test_extend_continues_the_chain_with_the_same_entries(store: MatchStore, tmp_path: Path) -> None:
    src = _source(tmp_path)
    store.adopt("T1", src[:5])
    store.extend("T1", src[5:7], expect_seq=5)
    store.extend("T1", src[7:], expect_seq=7)
    assert _hashes(store, "T1") == [e["hash"] for e in src]
    assert store.snapshot("T1").problem is None
    assert store.verify(["T1"])[2] == []
    head = store.head_record("T1")  # the head record (folder) / the row (PostgreSQL) follows
    assert head is not None and (head.entries, head.hash) == (8, src[-1]["hash"])


def test_extend_is_refused_when_the_head_moved(store: MatchStore, tmp_path: Path) -> None:
    src = _source(tmp_path)
    store.adopt("T1", src[:6])
    with pytest.raises(MovedOn) as e:  # the pusher saw 5 entries, the match holds 6
        store.extend("T1", src[5:], expect_seq=5)
    assert str(e.value.msg) == "the match moved on: reload (entry #6 is the latest; this was made after #5)"
    assert len(store.entries("T1")) == 6


@pytest.mark.parametrize("spoil", ["prev", "directive", "seq"])
def test_extend_is_refused_when_the_entries_do_not_continue_the_chain(store: MatchStore, tmp_path: Path,
                                                                      spoil: str) -> None:
    src = _source(tmp_path)
    store.adopt("T1", src[:5])
    bad = [dict(e) for e in src[5:]]
    if spoil == "prev":
        bad[0]["prev"] = chain.GENESIS
        said = "its link to the entry before does not match"
    elif spoil == "directive":
        bad[1]["directive"] = "declare W BJ"  # entry #7's content no longer matches its hash
        said = "its content does not match its hash"
    else:
        bad = bad[1:]  # #7 offered where #6 belongs
        said = "entry 6 carries seq 7: it does not continue the chain"
    with pytest.raises(BrokenChain) as e:
        store.extend("T1", bad, expect_seq=5)  # type: ignore[arg-type]
    assert said in str(e.value.msg) and "nothing was stored" in str(e.value.msg)
    assert len(store.entries("T1")) == 5  # all or none: #6 of the "directive" case was not kept either


def test_an_event_log_is_extended_the_same_way(store: MatchStore, tmp_path: Path) -> None:
    cli = Cli(tmp_path / "source")
    cli.ok("event", "new", "E1", "--name", "春季赛", "--rounds", 1)
    cli.ok("event", "add", "E1", "A1", "张三", "李四")
    cli.ok("event", "add", "E1", "A2", "王五", "赵六")
    src = open_store(tmp_path / "source").event_log("E1").entries()
    assert len(src) == 3  # the event made, two pairs entered
    log = store.event_log("E1")
    log.adopt(src[:1])
    with pytest.raises(MovedOn):
        log.extend(src[2:], expect_seq=2)
    with pytest.raises(BrokenEventLog):
        log.extend(src[2:], expect_seq=1)  # #3 where #2 belongs
    log.extend(src[1:], expect_seq=1)
    assert [e["hash"] for e in store.event_log("E1").entries()] == [e["hash"] for e in src]
    assert chain.check(chain_id("E1"), store.event_log("E1").entries()) is None
