"""The event model: one frozen value per record directive.

The engine consumes these and knows nothing of the notation; the notation module turns text into
them and back. ``line`` is where the event came from (a record line, or a store sequence number) and
takes no part in equality, so a record and its canonical export hold equal events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.cards import Card


@dataclass(frozen=True, slots=True)
class Event:
    line: int = field(default=0, compare=False, kw_only=True)

    @property
    def directive(self) -> str:
        return DIRECTIVE_OF[type(self)]


@dataclass(frozen=True, slots=True)
class MatchHeader(Event):
    id: str
    rules: str = "dalian-club"
    date: str | None = None
    event: str | None = None
    table: str | None = None
    round: str | None = None
    referee: str | None = None
    extra: tuple[tuple[str, str], ...] = ()  # further KEY=VALUE pairs, kept in order


@dataclass(frozen=True, slots=True)
class TeamName(Event):
    team: str  # "EW" / "NS"
    name: str


@dataclass(frozen=True, slots=True)
class SeatName(Event):
    seat: str
    name: str


@dataclass(frozen=True, slots=True)
class HandStart(Event):
    pass


@dataclass(frozen=True, slots=True)
class DeclarerIs(Event):
    seat: str


@dataclass(frozen=True, slots=True)
class Declare(Event):
    seat: str
    cards: tuple[Card, ...]
    as_suit: str | None = None


@dataclass(frozen=True, slots=True)
class Flip(Event):
    seat: str
    card: Card


@dataclass(frozen=True, slots=True)
class Draw(Event):
    cards: tuple[Card, ...]  # in the order drawn; jokers are passed over


@dataclass(frozen=True, slots=True)
class Trump(Event):
    suit: str


@dataclass(frozen=True, slots=True)
class Riot(Event):
    seat: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Waive(Event):
    pass


@dataclass(frozen=True, slots=True)
class Tribute(Event):
    seat: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Kitty(Event):
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Bury(Event):
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class King(Event):
    seat: str
    jokers: tuple[Card, ...]
    take: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Points(Event):
    points: int


@dataclass(frozen=True, slots=True)
class DeclarerPoints(Event):
    points: int


@dataclass(frozen=True, slots=True)
class Last(Event):
    dug: bool  # True: the defenders won the last trick (抠底); False: the declarers kept it (保底)


@dataclass(frozen=True, slots=True)
class Show(Event):
    seat: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Warn(Event):
    seat: str
    text: str


@dataclass(frozen=True, slots=True)
class Time(Event):
    pass


@dataclass(frozen=True, slots=True)
class Ruling(Event):
    winner: str  # "EW" / "NS"
    text: str


@dataclass(frozen=True, slots=True)
class Redeal(Event):
    pass


DIRECTIVE_OF: dict[type, str] = {
    MatchHeader: "match", TeamName: "team", SeatName: "seat", HandStart: "hand", DeclarerIs: "declarer",
    Declare: "declare", Flip: "flip", Draw: "draw", Trump: "trump", Riot: "riot", Waive: "waive",
    Tribute: "tribute", Kitty: "kitty", Bury: "bury", King: "king", Points: "points",
    DeclarerPoints: "declarer-points", Last: "last", Show: "show", Warn: "warn", Time: "time",
    Ruling: "ruling", Redeal: "redeal",
}


@dataclass(frozen=True, slots=True)
class RecordError:
    """A problem found in a record, at a line (0 when it concerns the whole record)."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message
