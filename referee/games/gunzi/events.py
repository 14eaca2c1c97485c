"""The event model: one immutable value per record directive.

The engine consumes these and knows nothing of the notation; the notation module turns text into
them and back. ``line`` is where the event came from (a record line, or a store sequence number); compare events
without it (``without_line``) to see that a record and its canonical export hold the same events.
The keyword, reader and writer of each event are in ``referee.games.gunzi.directives``.

Events are named tuples rather than frozen dataclasses: every command loads this module, and 23
dataclasses cost ~20 ms of start-up where named tuples cost ~4 ms; they are also cheaper to make
when a long record is read. ``line`` is always the last field; change one with ``ev._replace(line=n)``.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by
# typing at import (a ForwardRef per field), on every command's start; as types they are not.
from collections.abc import Iterable
from typing import TYPE_CHECKING, Union

from referee.core.frozen import Record
from referee.core.records import RecordError as RecordError  # re-exported: every game reports these
from referee.games.gunzi.cards import Card

if TYPE_CHECKING:
    from referee.core.errors import RefereeError


class MatchHeader(Record):
    id: str
    rules: str = "dalian-club"
    date: str | None = None
    event: str | None = None
    table: str | None = None
    round: str | None = None
    referee: str | None = None
    extra: tuple[tuple[str, str], ...] = ()  # further KEY=VALUE pairs, kept in order
    line: int = 0

    @property
    def pin(self) -> str | None:
        """The ``rules-hash=`` it carries (``core.rulesfile.PIN_KEY``): the content of the rules it was created
        under."""
        return next((v for k, v in self.extra if k == "rules-hash"), None) or None


class TeamName(Record):
    team: str  # "EW" / "NS"
    name: str
    line: int = 0


class SeatName(Record):
    seat: str
    name: str
    line: int = 0


class HandStart(Record):
    line: int = 0


class DeclarerIs(Record):
    seat: str
    line: int = 0


class Declare(Record):
    seat: str
    cards: tuple[Card, ...]
    as_suit: str | None = None
    line: int = 0


class Flip(Record):
    seat: str
    card: Card
    line: int = 0


class Draw(Record):
    cards: tuple[Card, ...]  # in the order drawn; jokers are passed over
    line: int = 0


class Trump(Record):
    suit: str
    line: int = 0


class Riot(Record):
    seat: str
    cards: tuple[Card, ...]
    line: int = 0


class Waive(Record):
    line: int = 0


class Tribute(Record):
    seat: str
    cards: tuple[Card, ...]
    line: int = 0


class Kitty(Record):
    cards: tuple[Card, ...]
    line: int = 0


class Bury(Record):
    cards: tuple[Card, ...]
    line: int = 0


class King(Record):
    seat: str
    jokers: tuple[Card, ...]
    take: tuple[Card, ...]
    line: int = 0


class Points(Record):
    points: int
    line: int = 0


class DeclarerPoints(Record):
    points: int
    line: int = 0


class Last(Record):
    dug: bool  # True: the defenders won the last trick (抠底); False: the declarers kept it (保底)
    line: int = 0


class Show(Record):
    seat: str
    cards: tuple[Card, ...]
    line: int = 0


class Warn(Record):
    seat: str
    text: str
    line: int = 0


class Time(Record):
    line: int = 0


class Ruling(Record):
    winner: str  # "EW" / "NS"
    text: str
    line: int = 0


class Redeal(Record):
    line: int = 0


EVENT_TYPES = (
    MatchHeader, TeamName, SeatName, HandStart, DeclarerIs, Declare, Flip, Draw, Trump, Riot, Waive, Tribute,
    Kitty, Bury, King, Points, DeclarerPoints, Last, Show, Warn, Time, Ruling, Redeal,
)
Event = Union[  # noqa: UP007 - spelled out so a type checker reads the union
    MatchHeader, TeamName, SeatName, HandStart, DeclarerIs, Declare, Flip, Draw, Trump, Riot, Waive, Tribute,
    Kitty, Bury, King, Points, DeclarerPoints, Last, Show, Warn, Time, Ruling, Redeal,
]


def without_line(ev: Event) -> Event:
    """The event with its line left out: what a record and its canonical export have in common."""
    return ev._replace(line=0)


def header_of(events: Iterable[Event]) -> MatchHeader | None:
    """The match header among *events* (the first ``match`` directive), if any."""
    for ev in events:
        if type(ev) is MatchHeader:
            return ev
    return None


def record_error(line: int, error: "RefereeError") -> RecordError:
    """The record error of a raised project error (its message kept in no language)."""
    return RecordError(line, error.msg)
