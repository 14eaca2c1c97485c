"""The store interface's contract, run the same on both backends: the folder store and the PostgreSQL store.

Each test gets an empty store of its own: a fresh folder, or a fresh database with the store's schema (on the
server of $REFEREE_TEST_PG). Only the interface (``referee.store.api``) is used, so whatever one backend
promises the other keeps: one snapshot per read, appends chained and checked under the match's lock, an
append refused when the match moved on (nothing written), creation and replacement, anchors of printed heads,
the repositories (events' logs, tokens, summaries), and writers in many threads and many processes.
"""

from __future__ import annotations

import multiprocessing
import threading

import pytest

from referee.app.director import new_event
from referee.core.errors import NotFound, UsageError
from referee.games.gunzi import notation
from referee.results.eventstate import event_state
from referee.results.summarize import summary_cache
from referee.store import chain
from referee.store.api import MatchStore, open_store
from referee.store.errors import DuplicateMatch, MovedOn, StoreError, UnknownMatch
from referee.store.eventlog import DuplicateEvent, UnknownEvent
from referee.store.tokens import TokenError

RECORD = """match id=C1 rules=dalian-club date=2026-04-11 event=Cup table=3 round=1
seat E a
seat S b
seat W c
seat N d
"""
HEADER_ENTRIES = 5  # the header and four seats: one entry each



def _new(store: MatchStore, match_id: str = "C1") -> str:
    return store.create(notation.parse(RECORD.replace("id=C1", f"id={match_id}")).events, "ann")


def _event(directive: str) -> dict[str, object]:
    return {"kind": "event", "directive": directive}


def test_a_new_match_is_read_back_whole_from_one_snapshot(store: MatchStore) -> None:
    assert _new(store) == "C1"
    assert store.exists("C1") and not store.exists("C2")
    assert store.match_ids() == ["C1"]
    snap = store.snapshot("C1")
    assert snap.problem is None and len(snap.entries) == HEADER_ENTRIES
    assert [e["seq"] for e in snap.entries] == [1, 2, 3, 4, 5]
    assert snap.entries[0]["prev"] == chain.GENESIS and snap.entries[1]["prev"] == snap.entries[0]["hash"]
    assert snap.head == (5, snap.entries[-1]["hash"])
    assert store.head_record("C1") == (5, snap.entries[-1]["hash"])
    header = store.header("C1")
    assert (header.id, header.rules, header.event, header.table, header.round) == ("C1", "dalian-club", "Cup", "3",
                                                                                   "1")
    assert store.head("C1") == (snap.entries[-1]["hash"][:12], 5)
    row = store.summaries()[0]
    assert (row["id"], row["event"], row["table"]) == ("C1", "Cup", "3")


def test_an_append_extends_the_chain_under_the_lock(store: MatchStore) -> None:
    _new(store)
    done = store.append("C1", [_event("hand"), _event("declare E BJ")], referee="bob")
    assert [e["seq"] for e in done] == [6, 7] and {e["referee"] for e in done} == {"bob"}
    snap = store.snapshot("C1")
    assert snap.problem is None and snap.head == (7, done[-1]["hash"])
    assert done[0]["prev"] == snap.entries[4]["hash"]
    assert chain.check("C1", snap.entries) is None
    with store.session("C1") as s:
        assert s.next_seq == 8
        s.append("event", "trump H", "bob")
    assert [e.directive for e in store.log("C1")][-1] == "trump H"


def test_an_append_made_after_an_older_entry_is_refused_and_writes_nothing(store: MatchStore) -> None:
    _new(store)
    store.append("C1", [_event("hand")], expect_seq=5)  # made after #5, the latest: stored as #6
    before = store.snapshot("C1").entries
    with pytest.raises(MovedOn) as refused:
        store.append("C1", [_event("declare E BJ")], expect_seq=5)  # a second page made after #5 too
    assert refused.value.msg.text("en") == ("the match moved on: reload (entry #6 is the latest; this was made "
                                            "after #5)")
    assert refused.value.msg.text("zh") == "比赛已有新记录：请刷新（最新为第 #6 条；此操作基于第 #5 条）"
    assert store.snapshot("C1").entries == before


def test_an_error_inside_a_session_writes_nothing(store: MatchStore) -> None:
    _new(store)
    with pytest.raises(RuntimeError), store.session("C1") as s:
        s.append_many([{"kind": "event", "directive": "hand"}], "ann")
        raise RuntimeError("the referee's check failed after the append")
    # The folder store writes at append_many; the database at the commit. Either way the entry is stored
    # whole or not at all and the chain stays sound:
    snap = store.snapshot("C1")
    assert snap.problem is None and len(snap.entries) in (HEADER_ENTRIES, HEADER_ENTRIES + 1)


def test_a_match_id_stored_twice_is_refused_unless_replaced(store: MatchStore) -> None:
    _new(store)
    store.append("C1", [_event("hand")])
    with pytest.raises(DuplicateMatch) as refused:
        _new(store)
    assert "match 'C1' is already in the store at" in refused.value.msg.text("en")
    assert "C1" in refused.value.msg.text("zh")
    store.create(notation.parse(RECORD.replace("seat E a", "seat E z")).events, "ann", replace=True)
    snap = store.snapshot("C1")
    assert len(snap.entries) == HEADER_ENTRIES and snap.entries[1]["directive"] == "seat E z"
    assert store.match_ids() == ["C1"]


def test_an_unknown_match_is_named(store: MatchStore) -> None:
    _new(store)
    with pytest.raises(UnknownMatch) as missing:
        store.snapshot("C9")
    text = missing.value.msg.text("en")
    assert text.startswith("no match 'C9' in the store at ") and "matches stored: C1" in text
    with pytest.raises(UnknownMatch):
        store.append("C9", [_event("hand")])


def test_a_printed_head_is_anchored(store: MatchStore) -> None:
    _new(store)
    printed = store.head("C1")[0]  # the head as `status` printed it after the header: entry #5
    store.append("C1", [_event("hand")])
    found = store.anchor("C1", printed)
    assert (found.seq, found.entries, found.problem) == (5, 6, None)
    with pytest.raises(StoreError) as unknown:
        store.anchor("C1", "ffffffffffff")
    assert unknown.value.msg.text("en").startswith("no entry of match C1 carries the head ffffffffffff")


def test_verify_recomputes_every_chain(store: MatchStore) -> None:
    _new(store, "C1")
    _new(store, "C2")
    store.append("C2", [_event("hand")])
    found = store.audit()
    assert (found.matches, found.entries, found.problems) == (2, 11, [])  # 5 + 6 entries
    assert store.verify(["C2"])[:2] == (1, 6)


def test_an_event_log_is_a_repository_of_the_store(store: MatchStore) -> None:
    log = store.event_log("E1")
    assert not log.exists() and store.event_ids() == []
    with pytest.raises(UnknownEvent) as missing:
        event_state(log)
    assert missing.value.msg.text("en").startswith("no event 'E1' in the store at ")
    state = new_event(store, "E1", name="Cup", rules="dalian-club", fmt="round-robin", rounds=None, scoring="club",
                      date=None, venue=None, seed=7, referee="dora")
    assert state.settings.name == "Cup"
    assert log.exists() and store.event_ids() == ["E1"]
    assert len(log.entries()) == 1 and log.entries()[0]["prev"] == chain.GENESIS
    assert event_state(log).settings.lot == 7
    with pytest.raises(DuplicateEvent), log.session(create=True):
        pass


def test_tokens_are_kept_hashed(store: MatchStore) -> None:
    tokens = store.tokens()
    issued = tokens.add("王裁判", "referee", "E1", [2, 1])
    assert issued.secret.startswith("rt-") and issued.secret not in repr(tokens.all())
    assert tokens.find(issued.secret) == issued.token and tokens.find("rt-wrong") is None
    assert issued.token.tables == (1, 2)
    with pytest.raises(TokenError) as taken:
        tokens.add("王裁判", "referee")
    assert taken.value.msg.text("en") == "王裁判 has a token already: revoke it first (referee token revoke 王裁判)"
    assert tokens.assign("王裁判", [3]).tables == (3,)
    assert tokens.revoke("王裁判").revoked is not None
    assert tokens.find(issued.secret) is None and tokens.named("王裁判") is None
    with pytest.raises(NotFound):
        tokens.revoke("王裁判")
    with pytest.raises(UsageError):
        tokens.add("x", "boss")
    assert tokens.problems() == []


def test_the_summary_cache_recomputes_only_at_a_new_head(store: MatchStore) -> None:
    _new(store)
    cache = summary_cache(store, "E1")
    first = cache.get("C1")
    assert cache.recomputed == 1 and first.head == store.head_record("C1")
    assert not first.progress.started  # the header alone: no hand yet
    assert cache.get("C1") == first and cache.recomputed == 1
    store.append("C1", [_event("hand")])
    second = cache.get("C1")
    assert cache.recomputed == 2 and second.progress.started and second.summary.entries == 6
    assert cache.save()


WRITERS, EACH = 4, 10


def test_writers_in_threads_store_every_entry_once(store: MatchStore) -> None:
    _new(store)

    def write(n: int) -> None:
        for i in range(EACH):
            store.append("C1", [{"kind": "event", "directive": f"warn E thread {n} entry {i}"}], referee=f"t{n}")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    snap = store.snapshot("C1")
    assert snap.problem is None and len(snap.entries) == HEADER_ENTRIES + WRITERS * EACH
    written = [e["directive"] for e in snap.entries[HEADER_ENTRIES:]]
    assert sorted(written) == sorted(f"warn E thread {n} entry {i}" for n in range(WRITERS) for i in range(EACH))


def _process_writer(address: str, n: int) -> None:
    store = open_store(address)
    for i in range(EACH):
        store.append("C1", [{"kind": "event", "directive": f"warn E process {n} entry {i}"}], referee=f"p{n}")


def test_writers_in_processes_store_every_entry_once(store: MatchStore) -> None:
    _new(store)
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_process_writer, args=(store.address, n)) for n in range(WRITERS)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * WRITERS
    snap = store.snapshot("C1")
    assert snap.problem is None and len(snap.entries) == HEADER_ENTRIES + WRITERS * EACH
    written = sorted(e["directive"] for e in snap.entries[HEADER_ENTRIES:])
    assert written == sorted(f"warn E process {n} entry {i}" for n in range(WRITERS) for i in range(EACH))


# --- main's features through the interface: disputes' remarks, sign-in links, the live pages' watch() ---------

HAND = ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H", "bury 5C 10C 6C 7C 8D 9D", "points 80",
        "last def"]
BURY_SEQ = 5 + 5  # the header and four seats (1-5), hand 6, declare 7, trump 8, kitty 9, bury 10


def test_disputes_and_confirmations_are_chained_remarks_on_both_backends(store: MatchStore) -> None:
    """A dispute raised, weighed (one alternative) and a hand confirmed: remark kinds the chain seals and
    every backend stores (PostgreSQL: schema 2 lets entries hold them), verified intact, ignored by the
    replay (the events in effect are the ten recorded)."""
    from referee.app import disputes
    from referee.app.recording import record

    _new(store)
    record(store, "C1", [notation.parse_line(text, line=0) for text in HAND], "ann")
    d = disputes.raise_dispute(store, "C1", hand=1, by="NS", claim="the kitty held more points", referee="ann")
    assert d.number == 1 and d.hand == 1
    weighed = disputes.weigh(store, "C1", 1, [(BURY_SEQ, "bury 5C 10C KC 7C 8D 9D")], referee="ann")
    assert len(weighed.alternatives) == 1
    disputes.confirm(store, "C1", hand=1, by="EW", referee="ann")
    kinds = [e["kind"] for e in store.entries("C1")]
    assert kinds == ["event"] * (HEADER_ENTRIES + len(HAND)) + ["dispute", "alternative", "confirm"]
    assert len(store.events("C1")) == HEADER_ENTRIES + len(HAND)
    assert store.verify(["C1"])[2] == []
    assert [m for m, _ in disputes.open_disputes(store, ["C1"])] == ["C1"]


def test_a_sign_in_link_signs_in_once_on_both_backends(store: MatchStore) -> None:
    from referee.store.signin import LinkRefused

    issued = store.tokens().add("王裁判", "referee")
    links = store.signin_links()
    code = links.make("王裁判")
    assert code.startswith("sl-")
    assert store.signin_links().redeem(code) == issued.token
    with pytest.raises(LinkRefused) as again:
        store.signin_links().redeem(code)
    assert again.value.msg.text("en").startswith("this sign-in link was used already (at ")
    with pytest.raises(LinkRefused) as unknown:
        links.redeem("sl-not-a-code")
    assert unknown.value.msg.text("en").startswith("this sign-in link is not valid")
    with pytest.raises(NotFound):
        links.make("nobody")
    later = links.make("王裁判")
    store.tokens().revoke("王裁判")
    with pytest.raises(LinkRefused) as revoked:
        links.redeem(later)
    assert revoked.value.msg.text("en") == "the token of this sign-in link is revoked: ask the director for a new one"


def test_the_live_hub_wakes_a_match_s_watcher_on_both_backends(store: MatchStore) -> None:
    """The web's one hub per server asks the store's watch(): an append made outside the server (as by the CLI)
    wakes the match's watcher, which loads once; a folder is polled, PostgreSQL waited on (``pushes``)."""
    import asyncio

    pytest.importorskip("starlette")
    from referee.web.live import Hub

    _new(store)

    async def scenario() -> list[int]:
        hub = Hub(store, interval=0.02, block=1.0 if store.pushes else 0.0)
        try:
            async with hub.watching(("match", "C1"), lambda: len(store.entries("C1"))) as w:
                seen = [w.data]
                await asyncio.to_thread(store.append, "C1", [_event("hand")])
                version = await w.wait(w.version, 5.0)
                assert version == 2
                seen.append(w.data)
                return seen
        finally:
            hub.close()

    assert asyncio.run(scenario()) == [HEADER_ENTRIES, HEADER_ENTRIES + 1]
    assert store.pushes == (store.folder() is None)
