"""Every game's player names, written and read back: a name a seat line may hold is never changed on the way.

A name is any printable text (``core.names.check_text``); ``#`` starts a comment and a quote may start a quoted
name, so a name that holds them (or a space at an end) is quoted by the writer and unquoted by the reader. A
new match's seat lines are written by ``app.newmatch`` and read by the game's reader, and the store keeps the
game's canonical line (``format_event``) and reads it whenever the match is read. The games are iterated from
the registry.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.app.newmatch import match_events
from referee.games import registry

TRICKY = ['"', "'", "\\", " ", "=", "#", ":", "a", "Z", "7", "-", "中", "金", "華", "麻"]
NAMES = st.text(alphabet=TRICKY, min_size=1, max_size=24).filter(lambda s: s.strip())


@pytest.mark.parametrize("key", list(registry.GAMES))
@settings(max_examples=150, deadline=None)
@given(name=NAMES)
@example(name="a#b")  # a '#' in a name is not a comment
@example(name='"Bob"')  # quotes at both ends are the name's own
@example(name=" lead")  # a space at an end
@example(name="a  b")  # two spaces
@example(name='mid"q')  # a quote inside
@example(name="C:\\x\\")  # backslashes
def test_a_player_name_reads_back_as_written(key: str, name: str) -> None:
    game = registry.game(key)
    events = match_events(game, "T1", None, [name])
    seat = events[1]
    assert seat.name == name
    text = game.write(events)
    reading = game.read(text)
    assert reading.errors == [], text
    assert reading.events == events, text
    again = game.read_lines([(2, game.format_event(seat))])
    assert again.errors == [] and again.events == [seat._replace(line=2)], text
