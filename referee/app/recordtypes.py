"""The named tuples of ``referee.app.recording`` and ``referee.app.appending`` that a record of one directive does
not make: what :func:`~referee.app.recording.record_lines` and :func:`~referee.app.recording.correct_lines` stored
(:class:`GameRecorded`), where a match stands for the guided prompt (:class:`GameState`), and a record file's
events (:class:`FileEvents`, :class:`FileReading`). Named as part of ``recording`` (which gives its two by name,
loading this module when first asked); apart so that ``referee record MATCH DIRECTIVE`` does not build them.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field); as types they are not.
from collections.abc import Sequence
from typing import Any, NamedTuple

from referee.core.records import RecordError
from referee.games.api import AnyEvent, Game
from referee.store.chain import StoredEntry


class GameRecorded(NamedTuple):
    """What :func:`record_lines` stored into a match of any game (or :func:`correct_lines` corrected): the game, the
    entries, the events they put in effect and the game's result of the match after them."""

    game: Game
    entries: list[StoredEntry]
    events: list[Any]
    after: Any
    before: Any = None  # a correction's: the game's result of the match before it
    taken: str = ""  # a correction's: the directive in effect at its target before it (what it took back)
    new_errors: Sequence[RecordError] = ()  # a forced correction's: the problems it left in the record


class GameState(NamedTuple):
    """Where a stored match of any game stands: its game, the game's result of it, the directives that may come
    next (:meth:`Game.expected`) and the entries it was read from (what a later record expects: *expect_seq*)."""

    game: Game
    result: Any
    expected: tuple[str, ...]
    entries: int


class FileEvents(NamedTuple):
    events: list[AnyEvent]  # to append
    lines: list[int]  # their lines in the file
    skipped: int  # header, team and seat lines that agree with the stored ones


class FileReading(NamedTuple):
    """A record file as read in the match's context (``appending``): the events at their lines, the problems."""

    events: list[AnyEvent]
    errors: list[RecordError]
