"""Recording through the venue server's memo (``referee.app.recording.record`` with ``memo=``): the engine's
state after the last entry is kept and extended by the next directive instead of replaying the match, and every
verdict, result and stored byte is the one recording without the memo gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import M1_HAND, M1_HEADER, m1_store

from referee.app import recording
from referee.app.officiate import Rejected
from referee.games.gunzi.notation import parse_line
from referee.results import replaying
from referee.store.folder import FolderStore
from referee.store.memo import Memo


def record(store: FolderStore, directive: str, memo: Memo | None = None) -> recording.Recorded:
    event = parse_line(directive)
    assert event is not None
    return recording.record(store, "M1", [event], "王裁判", memo=memo)


def kept(memo: Memo) -> object:
    with memo.session("M1") as s:
        return memo.fold(s)


def test_each_entry_is_checked_on_the_kept_state_and_gives_the_replays_result(tmp_path: Path) -> None:
    store = m1_store(tmp_path / "a")
    plain = m1_store(tmp_path / "b")
    memo = Memo(store)
    for i, directive in enumerate(M1_HAND):
        got = record(store, directive, memo)
        want = record(plain, directive)
        assert got.after == want.after and got.entries[0]["directive"] == want.entries[0]["directive"]
        state = kept(memo)
        # the first recording read the file (the store's own session) and replayed; from the second on the state
        # is kept for the next directive: no replay of the match then
        assert (state is not None) == (i > 0)
        if state is None:
            continue
        events, errors = store.events_and_errors("M1")
        assert not errors and memo.events_and_errors("M1") == (events, errors)
        assert state.copy().result() == replaying.replay(events)  # type: ignore[attr-defined]
    assert len(got.after.hands) == 1  # the one hand recorded, settled at its last trick
    assert [e["directive"] for e in store.entries("M1")] == [e["directive"] for e in plain.entries("M1")]


def test_a_refusal_from_the_kept_state_is_the_refusal_of_a_replay(tmp_path: Path) -> None:
    store = m1_store(tmp_path / "a")
    plain = m1_store(tmp_path / "b")
    memo = Memo(store)
    for directive in M1_HAND[:3]:
        record(store, directive, memo)
        record(plain, directive)
    assert kept(memo) is not None
    # the last trick before the kitty is recorded: the hand cannot be settled (engine.on_last)
    with pytest.raises(Rejected) as by_memo:
        record(store, "last decl", memo)
    with pytest.raises(Rejected) as by_replay:
        record(plain, "last decl")
    assert "hand 1 has no 'kitty': it cannot be settled" in str(by_memo.value.msg.text("en"))
    assert str(by_memo.value.msg.text("en")) == str(by_replay.value.msg.text("en"))
    assert len(store.entries("M1")) == len(M1_HEADER) + 3  # nothing stored
    record(store, M1_HAND[3], memo)  # and the kept state was not changed by the refused directive
    assert kept(memo) is not None and len(store.entries("M1")) == len(M1_HEADER) + 4


def test_another_writer_or_a_correction_makes_the_next_recording_replay(tmp_path: Path) -> None:
    store = m1_store(tmp_path / "a")
    memo = Memo(store)
    record(store, "hand", memo)
    record(store, "declare E BJ", memo)
    assert kept(memo) is not None
    record(store, "trump H")  # another writer (the command line): the memo's bytes are not the file's
    assert kept(memo) is None
    got = record(store, "kitty 4C 6C 7C 8C 9C JH", memo)  # replayed from the file, kept again
    assert got.after == replaying.replay(store.events_and_errors("M1")[0])
    assert kept(memo) is not None
    store.append("M1", [{"kind": "undo", "directive": "", "target": 9, "reason": "typo"}], referee="王裁判")
    assert kept(memo) is None  # an undo: the view changed under the kept state; the next recording replays
    got = record(store, "kitty 4C 6C 7C 8C 9C JH", memo)
    assert got.after == replaying.replay(store.events_and_errors("M1")[0])
    assert got.entries[0]["seq"] == 11  # 5 of the header, hand 6, declare 7, trump 8, kitty 9, the undo 10
