"""The events of a Hubei 打滚 record: one frozen value per directive (docs/hubei-dagun-record-format.md).

Seats are ``E S W N`` (play and deal go counter-clockwise, E → S → W → N); a card is a code ``H10``,
``SA``, ``BJ`` (big joker), ``SJ`` (small joker), ``JS`` (the jack of spades: :func:`card_code`); a rank ``3`` …
``10``, ``J``, ``Q``, ``K``, ``A``, ``2``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from referee.games.kit import header as kit
from referee.games.kit.conduct import Ruling, Warn
from referee.games.kit.header import Seat as Seat  # re-exported: the seat line is every letter-seated game's

SEATS = ("E", "S", "W", "N")
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUITS = ("S", "H", "C", "D")
JOKERS = ("BJ", "SJ")
SPADE_JACK = "JS"  # suit then rank would be SJ, the small joker's code: the jack of spades is written rank first
# What a declared hand is: 天炸 (all four jokers), 8喜 (eight of a rank), 7喜 (seven of a rank), rules §6.
REWARDS = ("sky", "xi8", "xi7")
# Which outcome a deal may be claimed as (rules §5): a plain win, 绑, 清, 光头.
CLAIMS = ("plain", "bang", "qing", "guangtou")


def card_code(suit: str, rank: str) -> str:
    """A suited card's code: its suit then its rank (``H10``, ``SA``), but ``JS`` for the jack of spades, whose
    suit and rank would spell ``SJ``, the small joker."""
    code = suit + rank
    return SPADE_JACK if code == "SJ" else code


class Header(kit.Header):
    """``match id=… game=hubei-dagun [rules=…] [date=…] [KEY=VALUE…]``: ``extra`` holds the pairs but id and
    rules, in the order written (game= and date= among them)."""

    __slots__ = ()


class Deal(NamedTuple):
    number: int | None  # as written (None: not numbered)
    dealer: str
    line: int = 0


class Call(NamedTuple):
    """找朋友: the dealer's called card and the seat that holds its twin (the partner, 明鸡)."""

    card: str
    partner: str
    line: int = 0


class Alone(NamedTuple):
    """硬牌: one player against the other three."""

    seat: str
    line: int = 0


class Places(NamedTuple):
    """The finishing order: 一游, 二游, 三游, 末游."""

    order: tuple[str, str, str, str]
    line: int = 0


class Points(NamedTuple):
    """The points each player took in tricks, by seat, and the points still in hand at the end."""

    won: tuple[tuple[str, int], ...]  # (seat, points) in E S W N order
    hand: int
    line: int = 0

    def of(self, seat: str) -> int:
        return dict(self.won)[seat]


class Declare(NamedTuple):
    """A declared hand that earns a reward whatever the result: 天炸, 8喜 or 7喜 (with its rank)."""

    seat: str
    kind: str  # one of REWARDS
    rank: str | None = None  # the rank of a 喜; None for 天炸
    line: int = 0


class Claim(NamedTuple):
    """What the table called the deal (plain, 绑, 清, 光头): checked against the places and points."""

    kind: str  # one of CLAIMS
    line: int = 0


Event = Header | Seat | Deal | Call | Alone | Places | Points | Declare | Claim | Warn | Ruling


def header_of(events: Iterable[object]) -> Header | None:
    for ev in events:
        if isinstance(ev, Header):
            return ev
    return None
