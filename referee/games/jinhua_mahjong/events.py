"""The events of a Jinhua mahjong record, one per directive (docs/jinhua-mahjong-record-format.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.games.kit import header as kit
from referee.games.kit.conduct import Ruling, Warn
from referee.games.kit.header import Seat as Seat  # re-exported: the seat line is every letter-seated game's

SEATS = ("E", "S", "W", "N")  # the order of play (counter-clockwise): S is E's 下家, E is S's 上家


class Header(kit.Header):
    """``match id=… game=jinhua-mahjong [rules=…] [KEY=VALUE…]``: ``extra`` holds the pairs but id, game and
    rules, in the order written."""

    __slots__ = ()


class Deal(NamedTuple):
    dealer: str | None = None  # None: by the rotation (§9)
    line: int = 0


class Caishen(NamedTuple):
    tile: int
    line: int = 0


class Claim(NamedTuple):
    kind: str  # "chi", "pong", "kong"
    claimer: str
    feeder: str
    line: int = 0


class Win(NamedTuple):
    winner: str
    discarder: str | None  # None: self-drawn (自摸)
    line: int = 0


class Patterns(NamedTuple):
    codes: tuple[str, ...]
    line: int = 0


class Tiles(NamedTuple):
    tiles: tuple[int, ...]
    line: int = 0


class Liable(NamedTuple):
    seat: str
    line: int = 0


class NoWin(NamedTuple):
    line: int = 0


Event = Header | Seat | Deal | Caishen | Claim | Win | Patterns | Tiles | Liable | NoWin | Warn | Ruling


def header_of(events: Sequence[Event]) -> Header | None:
    return next((e for e in events if isinstance(e, Header)), None)


def next_seat(seat: str) -> str:
    """The 下家: who plays after *seat*."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def previous_seat(seat: str) -> str:
    """The 上家: who plays before *seat* (the only one *seat* may 吃 from)."""
    return SEATS[(SEATS.index(seat) - 1) % 4]
