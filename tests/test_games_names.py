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


@pytest.mark.parametrize(("text", "bad"), [
    ("bench", None), ("a b~", None),  # printable ASCII, space and ~ (0x7e) included
    ("a\tb", "\t"), ("x\x1f", "\x1f"), ("\x7f", "\x7f"), ("\x00", "\x00"),  # C0 controls and DEL: category Cc
    ("甲\x85", "\x85"), ("a\u2028", "\u2028"), ("\ue000", "\ue000"),  # NEL (Cc), line separator, private use (Co)
    ("Zoë 甲", None),
])
def test_a_name_is_refused_for_its_first_control_character(text: str, bad: str | None) -> None:
    """A name or text holds no control character (core.names): ASCII is judged without unicodedata, the same way."""
    from referee.core.errors import UsageError
    from referee.core.names import check_text

    if bad is None:
        assert check_text(text, "--referee") == text
    else:
        with pytest.raises(UsageError, match="--referee: control character .* is not allowed"):
            check_text(text, "--referee")


def test_nfc_composes_what_is_not_ascii_and_leaves_ascii_as_is() -> None:
    from referee.core.names import nfc

    assert nfc("bench") == "bench"
    assert nfc("Zoe\u0308") == "Zo\u00eb"  # e + combining diaeresis (U+0308) is ë (U+00EB) composed
