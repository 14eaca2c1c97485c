"""A stored match of any game replayed, kept and summarized through its game's interface
(``referee.results.replaying``, ``referee.store.memo``, ``referee.store.summaries``): the kept engine state
(``Game.replayer``), copied and extended by the next entries, gives what a replay of them all gives, for Gunzi (its
fold, event by event) and for the three other games (the kit's, replayed whole); each game's summary row reads back
as it was written."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games.registry import game
from referee.results import replaying
from referee.results.summarize import SUMMARIES, compute
from referee.store.folder import FolderStore
from referee.store.memo import Memo
from referee.store.summaries import RulesUsed, _read, _row

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RECORDS = {"gunzi": "spring-cup.gunzi", "doudizhu": "club-night.doudizhu", "hubei-dagun": "hubei-evening.dagun",
           "jinhua-mahjong": "jinhua-evening.mahjong"}


def stored(tmp_path: Path, key: str) -> tuple[FolderStore, str, list[object]]:
    """The example match of *key*, stored: its events as the store numbers them (line = seq)."""
    reading = game(key).read((EXAMPLES / RECORDS[key]).read_text(encoding="utf-8"))
    assert reading.errors == []
    store = FolderStore(tmp_path / "store")
    match_id = store.create(list(reading.events), "ann")
    events, errors = store.events_and_errors(match_id)
    assert errors == []
    return store, match_id, events


@pytest.mark.parametrize("key", list(RECORDS))
def test_the_kept_state_extended_is_the_replay_of_all(tmp_path: Path, key: str) -> None:
    _, _, events = stored(tmp_path, key)
    assert replaying.game_of(events).key == key
    half = len(events) // 2
    kept = replaying.fold(events[:half])
    assert kept.rules == replaying.rules_of(events)
    extended = kept.copy()
    assert extended.extend(events[half:]) == replaying.replay(events)
    assert kept.result() == replaying.replay(events[:half])  # the copy's extension left the kept state as it was
    assert extended.result() == replaying.replay(events)


def test_a_record_without_a_header_is_the_default_games_and_its_engine_says_so() -> None:
    events = list(game("gunzi").read("hand").events)
    assert replaying.game_of(events).key == "gunzi"
    problems = [e.msg.text("en") for e in game("gunzi").problems(replaying.replay(events))]
    assert "the record must start with 'match id=…'" in problems


@pytest.mark.parametrize("key", ["doudizhu", "jinhua-mahjong"])
def test_the_memo_keeps_another_games_state_for_the_next_entry(tmp_path: Path, key: str) -> None:
    """The venue server's memo keeps any game's engine state after an append (here the last deal appended again
    as new entries: the state kept is that of the match with them)."""
    store, match_id, events = stored(tmp_path, key)
    g = game(key)
    start = g.deal_starts(events)[-1]
    again = [ev for ev in events if ev.line >= start]  # type: ignore[attr-defined]
    memo = Memo(store)
    with memo.session(match_id) as s:  # a first use: the store's own session, remembered
        pass
    with memo.session(match_id) as s:
        before, _ = s.events()
        state = replaying.fold(before)
        first = s.next_seq
        new = [ev._replace(line=first + i) for i, ev in enumerate(again)]  # type: ignore[attr-defined]
        after = state.copy()
        after.extend(new)
        s.append_many([{"kind": "event", "directive": g.format_event(ev), "reason": ""} for ev in new], "ann")
        memo.extend(s, new, after)
    with memo.session(match_id) as s:
        kept = memo.fold(s)
        assert kept is not None
        now, errors = store.events_and_errors(match_id)
        assert errors == [] and len(now) == len(events) + len(again)
        assert kept.copy().result() == replaying.replay(now)


@pytest.mark.parametrize("key", list(RECORDS))
def test_each_games_summary_row_reads_back_as_written(tmp_path: Path, key: str) -> None:
    store, match_id, events = stored(tmp_path, key)
    entries = store.entries(match_id)
    cached = compute(match_id, entries)
    g = game(key)
    assert cached.game == key
    assert cached.summary == g.summarize(replaying.replay(events), entries[-1]["hash"], len(entries))
    assert cached.rules == RulesUsed(g.default_rules, events[0].pin, True)  # type: ignore[attr-defined]
    assert cached.progress.last_entry == entries[-1]["time"]
    first = g.deal_starts(events)[0]
    assert cached.progress.first_hand == entries[first - 1]["time"] and cached.progress.started
    assert SUMMARIES.current(cached)
    row = _row(match_id, cached, SUMMARIES)
    assert _read(row, match_id, SUMMARIES) == cached
    assert _read(row, "another", SUMMARIES) is None  # sealed with its match


def test_where_a_match_stands_in_the_summary_cache(tmp_path: Path) -> None:
    """Dou Dizhu's club-night: its 5 deals played out, none in progress: the next is deal 6 (one timed unit, the
    match); Gunzi's spring-cup stands where its engine says (game, hand, in hand)."""
    store, match_id, events = stored(tmp_path, "doudizhu")
    progress = compute(match_id, store.entries(match_id)).progress
    assert (progress.game, progress.hand, progress.in_hand, progress.errors) == (1, 6, False, 0)
    store, match_id, events = stored(tmp_path / "g", "gunzi")
    progress = compute(match_id, store.entries(match_id)).progress
    st = replaying.replay(events).state
    assert (progress.game, progress.hand, progress.in_hand) == (st.game, st.hand, st.in_hand)
