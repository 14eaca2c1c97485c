"""Gunzi's keys on the phone's tap pad (``Game.pad``): the four seats, the three decks' cards by suit and the
jokers (docs/gunzi-rules.md §2: no card more than three times in a deal), the suits a trump or a declaration
names (§4), and the defenders' points tapped at once (§6: a multiple of 5). Pure: data only."""

from __future__ import annotations

from referee.core.i18n import M, form, literal
from referee.games.api import PadGroup
from referee.games.gunzi.cards import BIG_JOKER, COPIES, SMALL_JOKER, SUITS, Card
from referee.games.gunzi.directives import DIRECTIVES
from referee.games.gunzi.seats import SEATS
from referee.games.kit.padkeys import plain, row, seats

QUICK_POINTS = (0, 5, 10, 20, 30, 40, 60, 80, 100, 120)  # a hand's defenders' points, tapped at once


def directives() -> PadGroup:
    """Every directive but the header by its keyword, beside it its Chinese keyword (the registry's); the last
    trick's two outcomes by what they are called at the table: 抠底 (the defenders dug), 保底 (kept, §7)."""
    keys = [(literal(d.zh), d.keyword) for d in DIRECTIVES if d.keyword not in ("match", "last")]
    return row("directive", "directive", M("directive"),
               (*keys, (M("dig"), "last def"), (M("keep"), "last decl")))


def groups() -> tuple[PadGroup, ...]:
    cards = [row("cards", suit, form("{x:suit}", x=suit),
                 ((form("{c:card}", c=Card(rank, suit)), str(Card(rank, suit))) for rank in range(2, 15)), COPIES)
             for suit in SUITS]
    jokers = row("cards", "jokers", M("jokers"),
                 ((form("{c:card}", c=c), str(c)) for c in (SMALL_JOKER, BIG_JOKER)), COPIES)
    return (directives(), row("seat", "seat", M("seat"), seats(SEATS)), *cards, jokers,
            row("suit", "suit", M("suit"), ((form("{x:suit}", x=s), s) for s in SUITS)),
            row("number", "points", M("points"), plain(str(q) for q in QUICK_POINTS)))
