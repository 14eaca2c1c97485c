"""The events of a Dou Dizhu record: one frozen value per directive, its line last.

Seats are 1, 2, 3 in playing order (the reader turns a player's name into the seat); cards are
``referee.games.doudizhu.cards.Card``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.games.doudizhu.cards import Card
from referee.games.kit import header as kit
from referee.games.kit.conduct import Ruling, Warn

SEATS = (1, 2, 3)


class Header(kit.Header):
    """``match id=… game=doudizhu [rules=…] [KEY=VALUE…]``: ``extra`` holds every pair in the order written, id,
    game and rules among them."""

    __slots__ = ()


class SeatName(NamedTuple):
    seat: int
    name: str
    line: int


class DealStart(NamedTuple):
    line: int


class Bid(NamedTuple):
    seat: int
    bid: str  # "1" … "9", "pass", "call" or "rob"
    line: int


class Kitty(NamedTuple):
    cards: tuple[Card, ...]
    line: int


class Landlord(NamedTuple):
    seat: int
    line: int


class Show(NamedTuple):
    seat: int
    line: int


class Play(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    line: int


class Bomb(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    line: int


class Rocket(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    line: int


class Out(NamedTuple):
    seat: int
    line: int


class Spring(NamedTuple):
    line: int


class AntiSpring(NamedTuple):
    line: int


class Redeal(NamedTuple):
    line: int


Event = (Header | SeatName | DealStart | Bid | Kitty | Landlord | Show | Play | Bomb | Rocket | Out | Spring
         | AntiSpring | Redeal | Warn | Ruling)


def header_of(events: Sequence[Event]) -> Header | None:
    for ev in events:
        if isinstance(ev, Header):
            return ev
    return None


def names_of(events: Sequence[Event]) -> dict[int, str]:
    """Each seat's player name (the seat number where the record names none)."""
    names = {s: str(s) for s in SEATS}
    for ev in events:
        if isinstance(ev, SeatName):
            names[ev.seat] = ev.name
    return names
