"""``replay --json`` written as the hands are settled (``jsonview.stream_json``): the same text as the whole
result written at once (``write_json``), whatever the record, whatever the slices the fold is fed in."""

from __future__ import annotations

import io
import json
import random

import pytest

from referee.games.gunzi.engine import Replay, replay
from referee.games.gunzi.jsonview import stream_json, write_json
from referee.games.gunzi.notation import parse
from referee.games.gunzi.ruleset import load
from referee.games.gunzi.testing.generate import endless_rules, generate_match

ONE_HAND = """match id=STREAM-1 rules=dalian-club
team EW Harbour
hand
declare E BJ
trump H
kitty 4C 6D 9S KH 7C 3H
bury 4C 6C 7C 8D 9D JS
points 25
points 35
last decl
"""


def whole(text: str, rules, lang: str = "en") -> str:
    """The JSON of the whole result, written at once: what the stream must equal."""
    record = parse(text)
    out = io.StringIO()
    write_json(replay(record.events, rules), out, lang, record.errors)
    return out.getvalue()


def streamed(text: str, rules, lang: str = "en", every: int = 1000) -> str:
    record = parse(text)
    out = io.StringIO()
    stream_json(record.events, rules, out, lang, record.errors, every=every)
    return out.getvalue()


@pytest.mark.parametrize("every", [1, 7, 1000])
def test_a_long_match_streams_the_text_written_whole(every):
    # 300 hands of a generated match (grabs, flips, draws, tribute, riots, kings, warnings, time, rulings):
    # fed one event at a time, seven, or a thousand, the stream is the whole result's text byte for byte.
    rules = endless_rules()
    text = generate_match(5, 300, rules)
    got = streamed(text, rules, every=every)
    assert got == whole(text, rules)
    assert len(json.loads(got)["hands"]) == 300


@pytest.mark.parametrize("name", ["dalian-club", "gunzi-001", "classic"])
def test_whole_matches_of_every_rule_set_stream_as_written_whole(name):
    rules = load(name)
    for seed in (1, 2, 3):
        text = generate_match(seed, None, rules)
        assert streamed(text, rules, "zh", every=5) == whole(text, rules, "zh")


def test_records_with_mistakes_stream_as_written_whole():
    # Lines dropped, repeated and swapped (the header too: a record whose header comes late, or twice, or
    # never): every problem is reported alike, and the text is the same for every slicing.
    rules = endless_rules()
    rng = random.Random(20)
    base = [generate_match(seed, 12, rules).splitlines() for seed in (40, 41, 42)]
    checked = 0
    for _ in range(60):
        lines = list(rng.choice(base))
        for _ in range(rng.randint(1, 3)):
            k, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            op = rng.randrange(3)
            if op == 0:
                del lines[k]
            elif op == 1:
                lines.insert(j, lines[k])
            else:
                lines[k], lines[j] = lines[j], lines[k]
        text = "\n".join(lines) + "\n"
        expected = whole(text, rules)
        for every in (1, 3, 1000):
            assert streamed(text, rules, every=every) == expected
        checked += bool(json.loads(expected)["errors"])
    assert checked >= 30  # most of them have errors to report (a run without any would check little)


def test_a_game_ended_by_time_voids_the_blood_of_a_hand_already_settled():
    # §7.2.3: S = 25 + 35 = 60 < 80 → ceil((80 - 60) / 10) = 2 blood owed by the next hand. §7.3.5: time is
    # then called with EW at level 4 (3 + 1 for the keep, §7.1) and NS at 3: EW win the game on time, and
    # the game's end voids the next hand's blood and declarer. The stream writes hand 1 only once nothing
    # can change it: fed one event at a time it still says 0 blood and no next declarer.
    rules = load("dalian-club")
    before = json.loads(streamed(ONE_HAND, rules, every=1))["hands"][0]
    # a keep: the declarers stay, and in the club rules E's partner W declares (game.declarer_rotation, §7.4)
    assert (before["blood"], before["next_declarer"]) == (2, "W")
    text = ONE_HAND + "time\n"
    got = streamed(text, rules, every=1)
    assert got == whole(text, rules)
    data = json.loads(got)
    assert (data["hands"][0]["blood"], data["hands"][0]["next_declarer"], data["hands"][0]["blood_giver"]) == \
        (0, None, None)
    assert data["games"] == [{"game": 1, "winner": "EW", "reason": "time", "last_hand": 1}]


def test_a_header_after_the_first_hand_holds_the_stream_to_the_end():
    # The head (the match's id, rules, names) is written before the hands; a record whose header comes after
    # its first hand has no head to write until the end: it is written whole, with the error on line 1.
    rules = load("dalian-club")
    lines = ONE_HAND.splitlines()
    text = "\n".join([lines[2], lines[0], *lines[3:]]) + "\n"  # hand, match, then the rest (the team dropped)
    got = streamed(text, rules, every=1)
    assert got == whole(text, rules)
    data = json.loads(got)
    assert data["match"]["id"] == "STREAM-1"
    assert [e["message"] for e in data["errors"]] == ["the record must start with 'match id=…'"]


def test_the_fold_hands_over_all_but_its_last_settled_hand():
    # take_settled gives every settled hand but the last (which a later time call or ruling may still change)
    # and forgets them: the result then holds the last one only.
    rules = endless_rules()
    events = parse(generate_match(9, 20, rules)).events
    fold = Replay(rules)
    fold.begin(events)
    fold.feed(events)
    taken = fold.take_settled()
    assert [h.hand for h in taken] == list(range(1, 20))
    assert [h.hand for h in fold.result().hands] == [20]
    assert fold.take_settled() == []



def _to_file(text: str, rules, lang: str, encoding: str, errors: str = "strict", every: int = 1000) -> bytes:
    """What stream_json writes to a text file of *encoding* (as the command line's stdout is), as bytes."""
    record = parse(text)
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, errors=errors)
    stream_json(record.events, rules, out, lang, record.errors, every=every)
    out.flush()
    return raw.getvalue()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("every", [1, 1000])
def test_a_utf8_file_gets_the_text_as_utf8_bytes(lang, every):
    # To a UTF-8 file the hands go as bytes to its buffer (jsonview._Hands), the match's head and tail as text
    # around them: the file holds the stream's text encoded, byte for byte, in the same order. 120 hands of a
    # generated match: the explanation's arrows (→), section signs and Chinese make the text non-ASCII.
    rules = endless_rules()
    text = generate_match(3, 120, rules)
    expected = streamed(text, rules, lang)
    assert "→" in expected and len(json.loads(expected)["hands"]) == 120
    assert _to_file(text, rules, lang, "utf-8", every=every) == expected.encode("utf-8")
    assert _to_file(text, rules, lang, "UTF8", "replace", every=every) == expected.encode("utf-8")


def test_a_file_of_another_encoding_gets_the_text_as_that_file_encodes_it():
    # A GBK terminal's stdout: the text written as text, encoded by the file (GBK has → and the Chinese; the
    # stream's bytes are its GBK bytes, not UTF-8's).
    rules = endless_rules()
    text = generate_match(3, 30, rules)
    expected = streamed(text, rules, "zh")
    got = _to_file(text, rules, "zh", "gbk", "replace")
    assert got == expected.encode("gbk", "replace") and got != expected.encode("utf-8")
