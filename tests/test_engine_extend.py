"""``engine.Replay.copy`` and ``extend``: the state after a match's entries, copied and extended by the next
one, is the state a replay of all of them reaches — the venue server checks a directive that way instead of
replaying the match (``referee.app.recording``, ``referee.store.memo``).

No number here is worked out by hand: the claim is an identity, so the oracle is the engine's own replay from
the first line. Each record is extended one event at a time and at every step the result (every hand, game,
error, note, the table state) must equal the whole replay of the events so far; the state the copy was taken
from must be as it was (a copy that shared the hand in progress, its counts or its shown hands would change
it). The records: the example evening (every directive: tribute, riot, waive, show, time, ruling, redeal,
warn), generated matches under the club rules (games and the match ending) and endless ones, and generated
records spoiled at random (lines dropped, doubled, swapped, moved), so that refused directives, skipped hands
and their errors are extended too.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from referee.games.gunzi import engine, ruleset
from referee.games.gunzi.events import Event, HandStart, MatchHeader
from referee.games.gunzi.notation import parse
from referee.games.gunzi.testing.generate import endless_rules, generate_match

ROOT = Path(__file__).resolve().parent.parent


def events_of(text: str) -> list[Event]:
    record = parse(text)
    assert not record.errors, record.errors[:3]
    return list(record.events)


def rules_of(events: list[Event]) -> ruleset.RuleSet:
    header = events[0]
    assert isinstance(header, MatchHeader)
    return ruleset.load(header.rules or ruleset.DEFAULT_RULES)


def spoiled(events: list[Event], seed: int, changes: int) -> list[Event]:
    """*events* (the header kept first) with *changes* random edits: a line dropped, doubled, swapped with the
    next or moved elsewhere; each event keeps its line number, as a record's events do."""
    rnd = random.Random(seed)
    body = events[1:]
    for _ in range(changes):
        i = rnd.randrange(len(body))
        what = rnd.randrange(4)
        if what == 0 and len(body) > 2:
            del body[i]
        elif what == 1:
            body.insert(i, body[i])
        elif what == 2 and i + 1 < len(body):
            body[i], body[i + 1] = body[i + 1], body[i]
        else:
            body.insert(rnd.randrange(len(body)), body.pop(i))
    return [events[0], *body]


def hand_now(state: engine.Replay) -> dict[str, Any]:
    """Everything the hand in progress holds (its counts and shown hands too, which no result shows), copied."""
    h = state.hand
    return {} if h is None else {name: copy.deepcopy(getattr(h, name)) for name in type(h).__slots__}


def assert_extends(events: list[Event], rules: ruleset.RuleSet) -> int:
    """Extend entry by entry and compare with the whole replay at each step; the number of steps."""
    state = engine.Replay(rules)
    state.run(events[:1])
    for k in range(1, len(events)):
        before, hand = engine.replay(events[:k], rules), hand_now(state)
        fold = state.copy()
        got = fold.extend(events[k:k + 1])
        want = engine.replay(events[:k + 1], rules)
        assert got == want, f"after event {k} (line {events[k].line}: {events[k]!r})"
        assert state.copy().result() == before, f"the copy taken before event {k} changed the state it came from"
        assert hand_now(state) == hand, f"the copy taken before event {k} changed the hand it came from"
        state = fold
    return len(events) - 1


def test_the_example_evening_extends_as_it_replays() -> None:
    events = events_of((ROOT / "examples" / "spring-cup.gunzi").read_text(encoding="utf-8"))
    result = engine.replay(events, rules_of(events))
    # the evening holds every kind of directive (notes: the warnings, time, the ruling; tributes): the comparison
    # goes through all of them
    assert result.notes and any(h.tribute for h in result.hands) and not result.errors
    assert assert_extends(events, rules_of(events)) == len(events) - 1


@pytest.mark.parametrize("seed", [1, 7, 2026])
def test_generated_matches_extend_as_they_replay(seed: int) -> None:
    events = events_of(generate_match(seed))
    rules = rules_of(events)
    result = engine.replay(events, rules)
    assert result.winner is not None  # played to the end of the match: games and the match ending extended too
    assert_extends(events, rules)


def test_a_long_endless_match_extends_as_it_replays() -> None:
    rules = endless_rules()
    events = events_of(generate_match(99, 30, rules))
    assert len(engine.replay(events, rules).hands) == 30
    assert_extends(events, rules)


@pytest.mark.parametrize("seed", range(6))
def test_spoiled_records_extend_as_they_replay(seed: int) -> None:
    events = spoiled(events_of(generate_match(100 + seed, 6)), seed, 4 + seed)
    rules = rules_of(events)
    assert engine.replay(events, rules).errors  # refusals are extended too, not only clean records
    assert_extends(events, rules)


def test_extending_a_copy_leaves_the_hand_in_progress_as_it_was() -> None:
    # A hand half-way (tribute given from a shown hand: the shown counts change in place), the state kept, a
    # copy extended to the hand's end: the kept state still expects what it expected.
    events = events_of((ROOT / "examples" / "spring-cup.gunzi").read_text(encoding="utf-8"))
    rules = rules_of(events)
    show = next(i for i, ev in enumerate(events) if type(ev).__name__ == "Show")
    state = engine.Replay(rules)
    state.run(events[:show + 1])
    kept, hand = state.copy().result(), hand_now(state)
    state.copy().extend(events[show + 1:])
    assert state.copy().result() == kept and hand_now(state) == hand
    assert state.hand is not None and state.hand.shown  # the shown hand is there to be changed by a copy


def test_the_fold_hands_over_every_settled_hand_but_the_last() -> None:
    # What `replay --json` streams: fed up to the start of hand k + 1, the example's first k hands are settled
    # (each ends with its `last`), and all but the last of them are handed over; the last stays in the fold,
    # since a time call or a ruling can still void its blood.
    events = events_of((ROOT / "examples" / "spring-cup.gunzi").read_text(encoding="utf-8"))
    starts = [i for i, ev in enumerate(events) if isinstance(ev, HandStart)]
    assert len(starts) == 26  # the example's 26 `hand` lines
    rules = rules_of(events)
    fold = engine.Replay(rules)
    fold.begin(events)
    taken: list[Any] = []
    fed = 0
    for k in range(1, 26):
        fold.feed(events[fed:starts[k]])
        fed = starts[k]
        taken += fold.take_settled()
        assert len(taken) == k - 1
        assert len(fold.result().hands) == 1  # the last settled hand, kept
    fold.feed(events[fed:])
    taken += fold.take_settled()
    assert len(taken) == 25
    assert taken + list(fold.result().hands) == list(engine.replay(events, rules).hands)
