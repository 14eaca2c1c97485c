"""The toy game's events (§1, §2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.games.kit import header as kit
from referee.games.kit.conduct import Ruling, Warn

SEATS = ("A", "B")


class Header(kit.Header):
    __slots__ = ()


class Seat(NamedTuple):
    seat: str
    name: str
    line: int = 0


class Deal(NamedTuple):
    line: int = 0


class Win(NamedTuple):
    seat: str
    line: int = 0


class NoWin(NamedTuple):
    line: int = 0


Event = Header | Seat | Deal | Win | NoWin | Warn | Ruling


def header_of(events: Sequence[Event]) -> Header | None:
    return next((e for e in events if isinstance(e, Header)), None)
