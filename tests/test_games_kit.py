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
