"""Declaring trump (亮主, §4): the strength of a declaration and the first-hand flip."""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.

from collections.abc import Sequence

from referee.core.errors import RefereeError
from referee.core.frozen import Record
from referee.core.i18n import M
from referee.games.gunzi.cards import BIG_JOKER, RANKS, SMALL_JOKER, SUITS_OF, Card, flip_value
from referee.games.gunzi.codes import FlipWinner
from referee.games.gunzi.events import Flip


class DeclarationError(RefereeError, ValueError):
    """Cards that cannot declare: ``DeclarationError(M(...))``; the engine refuses the line with it."""


class Power(Record):
    """The strength of a later-hand declaration (§4.2.3) and the suit it makes trump."""

    size: int  # how many identical cards are shown
    kind: int  # 0 level cards, 1 small jokers, 2 big jokers
    suit: str


# Every power a declaration can have, made once (a declaration is judged on every 'declare' line).
_POWERS: dict[tuple[int, int, str], Power] = {
    (size, kind, suit): Power(size, kind, suit)
    for suit in "SHCD" for size, kind in ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2))
}
UNDECLARED = Power(0, 0, "")  # before any declaration: every declaration beats it


def strength(cards: Sequence[Card], level: int, as_suit: str | None) -> Power:
    """The power of a later-hand declaration.

    Raises DeclarationError when the cards cannot declare: they must be identical level cards
    (1-3) or three identical jokers naming one suit (S H C D) with ``as`` (§4.2.2).
    """
    first = cards[0]  # (its facts read from the card tables: a card's properties are Python calls)
    if cards.count(first) != len(cards):
        raise DeclarationError(M("a declaration shows identical cards, not {cards:cards}", cards=tuple(cards)))
    n = len(cards)
    if first >= SMALL_JOKER:  # a joker
        if n != 3:
            if first == BIG_JOKER and n == 1:
                raise DeclarationError(M("a single big joker grabs only in a game's first hand"))
            raise DeclarationError(M("jokers declare only as three of a kind"))
        if as_suit is None:
            raise DeclarationError(M("three jokers name a suit: add 'as S|H|C|D' (never no-trump)"))
        power = _POWERS.get((3, 2 if first == BIG_JOKER else 1, as_suit))
        if power is None:  # the reader lets only S H C D through; a caller building events by hand may not
            raise DeclarationError(M("three jokers name one suit, S, H, C or D, not '{suit}'", suit=as_suit))
        return power
    if as_suit is not None:
        raise DeclarationError(M("only three jokers name a suit with 'as'; level cards declare their own suit"))
    if RANKS[first] != level:
        raise DeclarationError(M("{card:card} is not a level card: this hand is played at level {level}",
                                 card=first, level=level))
    if n > 3:
        raise DeclarationError(M("at most three identical cards exist"))
    return _POWERS[n, 0, SUITS_OF[first]]


def beats(new: Power, old: Power) -> bool:
    """More identical cards beat fewer; among triples, small jokers beat level cards and big jokers
    beat small jokers (§4.2.3). Equal strength never overcalls."""
    return (new.size, new.kind) > (old.size, old.kind)


def flip_winner(flips: Sequence[Flip], rule: FlipWinner) -> Flip:
    """The flip that wins a game's first hand (§4.1.2): 10 high … A K Q J equal and low; 'highest' or
    'lowest' wins by rule; equal best flips go to the earlier flipper. Jokers are flipped again."""
    real = [f for f in flips if f.card not in (BIG_JOKER, SMALL_JOKER)]
    pick = max if rule == FlipWinner.highest else min
    best = pick(flip_value(f.card) for f in real)
    return next(f for f in real if flip_value(f.card) == best)
