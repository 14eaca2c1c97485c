"""Every game's match header, written and read back: a value a header may hold is never changed on the way.

A header value is any printable text (``core.names.check_text``): quotes, backslashes, spaces, ``=``, ``#``,
Chinese. A new match's header is written by ``app.newmatch`` and read by the game's reader; the store keeps the
game's canonical line (``format_event``) and reads it again whenever the match is read, and the registry finds
the game from that line. If any of them loses a character, a match silently changes its event's name.
The games are iterated from the registry, so a new game is held to this too.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.app.newmatch import match_events
from referee.games import registry

# Characters that mean something to a header line (quotes, the escape, the separator, the comment sign, a space)
# among ordinary ones, Chinese included. Hubei's reader forgives full-width forms (NFKC), so the values are
# drawn from characters NFKC leaves as they are.
TRICKY = ['"', "'", "\\", " ", "=", "#", ":", "a", "Z", "7", "-", "中", "金", "華", "麻"]
VALUES = st.text(alphabet=TRICKY, min_size=1, max_size=24)


def written_and_read(key: str, event: str, table: str):
    game = registry.game(key)
    events = match_events(game, "T1", None, [], [("event", event), ("table", table)])
    text = game.write(events)
    found_key, line = registry.game_of_text(text)
    reading = game.read(text)
    return game, events, text, found_key, reading


@pytest.mark.parametrize("key", list(registry.GAMES))
@settings(max_examples=150, deadline=None)
@given(event=VALUES, table=VALUES)
@example(event='Club "A" night', table="1")  # the quote Jinhua's writer did not escape
@example(event='a"#b', table="#")  # a '#' after an escaped quote is still inside the quotes
@example(event="C:\\cup\\", table="\\")  # backslashes, one last before the closing quote
@example(event="x game=doudizhu", table="O'Brien")  # text that looks like a key, an apostrophe
@example(event=" 金华 杯 ", table="=")  # spaces at the ends, '=' alone
def test_a_header_value_reads_back_as_written(key: str, event: str, table: str) -> None:
    assert unicodedata.normalize("NFKC", event) == event
    game, events, text, found_key, reading = written_and_read(key, event, table)
    assert found_key == key, text
    assert reading.errors == [], text
    header = game.header(reading.events)
    assert header is not None
    assert (header.id, header.event, header.table) == ("T1", event, table), text
    # the store's way: the canonical line alone, at its place, read again gives the same header
    again = game.read_lines([(1, game.format_event(header))])
    assert again.errors == [] and again.events == reading.events == events, text


@pytest.mark.parametrize("key", list(registry.GAMES))
def test_an_empty_value_is_written_as_empty_quotes_and_reads_back_the_same(key: str) -> None:
    game = registry.game(key)
    reading = game.read(f'match id=T1 game={key} event=""\n')
    assert reading.errors == []
    line = game.format_event(reading.events[0])
    assert 'event=""' in line.split()
    assert game.read(line + "\n").events == reading.events
