"""The kit's quoting on its own: what ``quote`` and ``text_field`` write, ``words`` and ``unquote`` read back
unchanged, through ``strip_comment`` (every game's reader goes that way), for any printable text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games.kit.notation import UnclosedQuote, quote, strip_comment, text_field, unquote, words, write_record

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Co", "Cn")), max_size=30)


@given(value=TEXT)
def test_a_quoted_value_is_one_word_read_back_unchanged(value: str) -> None:
    line = f"match id=T1 event={quote(value)} table=2 # a comment"
    assert words(strip_comment(line)) == ["match", "id=T1", f"event={value}", "table=2"]


@given(value=TEXT)
def test_a_name_at_the_end_of_a_line_reads_back_unchanged(value: str) -> None:
    # as the writer writes the line: no comment after a name (one holding a lone '"' is written unquoted)
    line = strip_comment(f"seat E {text_field(value)}").strip()
    assert unquote(line.split(None, 2)[2]) == value


@pytest.mark.parametrize(("text", "split"), [
    ('event="Spring Cup"', ["event=Spring Cup"]),  # the quotes dropped, the space kept
    ("event=O'Brien", ["event=O'Brien"]),  # an apostrophe is text
    ("a\\b", ["a\\b"]),  # a backslash outside quotes is text
    ('"C:\\dir"', ["C:\\dir"]),  # inside, before anything but a quote or a backslash, too
    ('"a \\" b" c', ['a " b', "c"]),
    ('""', [""]),
])
def test_words(text: str, split: list[str]) -> None:
    assert words(text) == split


def test_the_one_record_writer_puts_a_blank_line_before_each_deal_but_the_first() -> None:
    """Every game's ``write`` is this one, given its line writer and the event that starts a deal."""
    class Deal(str):
        pass

    events = [Deal("deal 1"), "bid 1", Deal("deal 2"), "bid 2"]
    assert write_record(events, str.upper, Deal) == "DEAL 1\nBID 1\n\nDEAL 2\nBID 2\n"
    assert write_record(["match id=T"] + events[:2], str, Deal) == "match id=T\n\ndeal 1\nbid 1\n"
    assert write_record([], str, Deal) == ""


def test_an_unclosed_quote() -> None:
    with pytest.raises(UnclosedQuote):
        words('event="Spring')


def test_a_remembered_line_is_read_once_and_given_at_each_line() -> None:
    """``Remembered``: a line of a kept kind read before is not read again, its event given at the new line; a
    line of another kind is read each time, and :meth:`forget` reads every line anew."""
    from typing import NamedTuple

    from referee.games.kit.notation import Remembered

    class Out(NamedTuple):
        seat: int
        line: int

    class Name(NamedTuple):
        text: str
        line: int

    calls: list[str] = []

    def read(line: str, number: int) -> Out | Name:
        calls.append(line)
        word = line.split()[1]
        return Out(int(word), number) if word.isdigit() else Name(word, number)

    remembered = Remembered(read, (Out,))
    assert remembered("out 2", 5) == Out(2, 5)
    assert remembered("out 2", 9) == Out(2, 9)
    assert type(remembered("out 2", 11)) is Out
    assert remembered("seat Li", 12) == Name("Li", 12)
    assert remembered("seat Li", 13) == Name("Li", 13)
    assert calls == ["out 2", "seat Li", "seat Li"]
    remembered.forget()
    assert remembered("out 2", 14) == Out(2, 14)
    assert calls[-1] == "out 2" and len(calls) == 4


def _unrepeated(text: str) -> str:
    """*text* with no two directive lines alike: each line's first space widened by its number (every game's
    reader splits at runs of spaces), the header's and seats' lines as they are."""
    out = []
    for i, line in enumerate(text.splitlines()):
        word = line.split(" ", 1)
        out.append(line if len(word) < 2 or word[0] in ("match", "seat") else word[0] + " " * (i + 1) + word[1])
    return "\n".join(out) + "\n"


def test_each_game_reads_a_repeated_line_as_it_reads_it_the_first_time() -> None:
    """The readers of Dou Dizhu, Hubei and mahjong read a line seen before once (``Remembered``): an evening played
    twice reads to the same events, at their own lines, as the same evening with no two lines alike."""
    from pathlib import Path

    from referee.games.registry import game, game_of_text

    examples = Path(__file__).resolve().parent.parent / "examples"
    read = 0
    for path in sorted(examples.iterdir()):
        text = path.read_text(encoding="utf-8")
        key = game_of_text(text)[0]
        if key == "gunzi":
            continue
        head, _, deals = text.partition("\ndeal")
        twice = head + "\ndeal" + deals + "deal" + deals
        g = game(key)
        remembered, fresh = g.read(twice), g.read(_unrepeated(twice))
        assert remembered.events == fresh.events, key
        assert [(e.line, e.message) for e in remembered.errors] == [(e.line, e.message) for e in fresh.errors]
        assert len(remembered.events) > len(g.read(text).events)
        read += 1
    assert read == 3


def test_dou_dizhu_reads_a_name_as_the_seat_the_match_gives_it() -> None:
    """A name seated again is refused by the match ("the name Li is already another seat's"): it stays seat 1's, the
    line read before reads the same after the seat line (it once read as seat 2's, the match's seat 1 credited to 2)."""
    from referee.games.doudizhu.events import Bid
    from referee.games.doudizhu.notation import parse

    reading = parse("match id=T1 game=doudizhu\nseat 1 Li\ndeal\nbid Li 1\nseat 2 Li\nbid Li 1\n")
    assert [(e.seat, e.line) for e in reading.events if isinstance(e, Bid)] == [(1, 4), (1, 6)]


def test_the_first_lines_are_numbered_as_the_whole_text_numbers_them():
    # numbered_first reads the first lines from a prefix of the text (the header is looked for there), then
    # the whole text: the same (number, line) pairs as numbered, wherever the prefix cuts a line or a \r\n.
    import random

    from referee.games.kit.notation import numbered, numbered_first

    text = "\ufeffmatch id=X\r\n\r\n# note\rhand\n\x0cpoints 20\u2028last def\n"
    assert list(numbered_first(text, 12)) == list(numbered(text)) == [
        (1, "match id=X"), (2, ""), (3, "# note"), (4, "hand"), (5, ""), (6, "points 20"), (7, "last def")]
    rng = random.Random(1)
    pieces = ["a", "b c", "", "#x", "\r\n", "\n", "\r", "\x0c", "\u2028", "  ", "hand", "é"]
    for _ in range(500):
        t = "".join(rng.choice(pieces) for _ in range(rng.randrange(60)))
        for size in (1, 2, 3, 5, 8, 4096):
            assert list(numbered_first(t, size)) == list(numbered(t)), (t, size)
    lines = numbered_first("match id=X\n" + "points 20\n" * 100_000)
    assert next(lines) == (1, "match id=X")
