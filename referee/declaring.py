"""Declaring trump (亮主, §4): the strength of a declaration and the first-hand flip."""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import BIG_JOKER, SMALL_JOKER, Card, flip_value
from referee.errors import Bilingual


class DeclarationError(Bilingual, ValueError):
    """Cards that cannot declare: ``DeclarationError(en, zh)``."""


def strength(cards: Sequence[Card], level: int, as_suit: str | None) -> tuple[int, int, str]:
    """(count, kind, suit) of a later-hand declaration; kind 0 level cards, 1 small jokers, 2 big.

    Raises DeclarationError when the cards cannot declare: they must be identical level cards
    (1-3) or three identical jokers naming a suit with ``as`` (002 §二.3-4).
    """
    first = cards[0]
    if cards.count(first) != len(cards):
        raise DeclarationError(f"a declaration shows identical cards, not {' '.join(map(str, cards))}",
                               f"亮主要亮相同的牌，不能是 {' '.join(c.zh() for c in cards)}")
    n = len(cards)
    if first.is_joker:
        if n != 3:
            if first == BIG_JOKER and n == 1:
                raise DeclarationError("a single big joker grabs only in a game's first hand",
                                       "一张大王只在每轮第一局抢亮")
            raise DeclarationError("jokers declare only as three of a kind", "王只能三张一起亮主")
        if as_suit is None:
            raise DeclarationError("three jokers name a suit: add 'as S|H|C|D' (never no-trump)",
                                   "三张王亮主要指定花色：加上 'as S|H|C|D'（不能无主）")
        return (3, 2 if first == BIG_JOKER else 1, as_suit)
    if as_suit is not None:
        raise DeclarationError("only three jokers name a suit with 'as'; level cards declare their own suit",
                               "只有三张王才用 'as' 指定花色；级牌亮的就是它自己的花色")
    if first.rank != level:
        raise DeclarationError(f"{first} is not a level card: this hand is played at level {level}",
                               f"{first.zh()}不是级牌：本局打{level}")
    if n > 3:
        raise DeclarationError("at most three identical cards exist", "相同的牌最多只有三张")
    return (n, 0, first.suit)


def beats(new: tuple[int, int, str], old: tuple[int, int, str]) -> bool:
    """More identical cards beat fewer; among triples, small jokers beat level cards and big jokers
    beat small jokers (002 §二.4). Equal strength never overcalls."""
    return new[:2] > old[:2]


def flip_winner(flips: Sequence[tuple[str, Card]], rule: str) -> tuple[str, Card]:
    """The first hand's flip (002 §二.2): 10 high … A K Q J equal and low; 'highest' or 'lowest'
    wins by rule; equal best flips go to the earlier flipper. Jokers are flipped again."""
    real = [(seat, c) for seat, c in flips if c not in (BIG_JOKER, SMALL_JOKER)]
    pick = max if rule == "highest" else min
    best = pick(flip_value(c) for _, c in real)
    return next((seat, c) for seat, c in real if flip_value(c) == best)
