"""The combinations of Dou Dizhu (§4): what one play may be, told from its cards alone.

A play is a single (单), a pair (对), three (三张), three with one (三带一) or with a pair (三带二), a straight of
five or more (单顺), three or more consecutive pairs (双顺), two or more consecutive threes (三顺/飞机), such a plane
with as many single cards or as many pairs (飞机带翅膀), four with two cards or two pairs (四带二), a bomb (four of a
rank) or the rocket (both jokers). 2 and the jokers are in no sequence. The engine checks each ``play`` against this,
so that a referee's typing slip (``play 1 3 4``) is said at its line; whether a play beats the one before it needs
the passes, which a record does not enter.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from referee.games.doudizhu.cards import Card, is_bomb, is_rocket

ACE = 14  # the highest rank of a sequence: 2 (15) and the jokers are in none


class Kind(enum.StrEnum):
    SINGLE = "single"  # 单
    PAIR = "pair"  # 对
    THREE = "three"  # 三张
    THREE_ONE = "three-one"  # 三带一
    THREE_PAIR = "three-pair"  # 三带二
    STRAIGHT = "straight"  # 单顺
    PAIRS = "pairs"  # 双顺
    PLANE = "plane"  # 飞机
    PLANE_WINGS = "plane-wings"  # 飞机带翅膀
    FOUR_TWO = "four-two"  # 四带二
    BOMB = "bomb"  # 炸弹
    ROCKET = "rocket"  # 火箭


class Combo(NamedTuple):
    kind: Kind
    rank: int  # the rank that decides which play is higher: the highest of a sequence, the three's or four's
    length: int  # cards in a single sequence, pairs in a 双顺, threes in a plane; 1 otherwise


def _run(ranks: Sequence[int]) -> bool:
    """Consecutive ranks, none above the ace."""
    return bool(ranks) and ranks[-1] <= ACE and list(ranks) == list(range(ranks[0], ranks[0] + len(ranks)))


def _planes(counts: Counter[int]) -> list[tuple[int, int]]:
    """Every run of two or more consecutive ranks held three times or more: (lowest rank, length)."""
    threes = sorted(r for r, n in counts.items() if n >= 3 and r <= ACE)
    return [(low, k) for i, low in enumerate(threes) for k in range(2, len(threes) - i + 1)
            if _run(threes[i:i + k])]


def combination(cards: Sequence[Card]) -> Combo | None:
    """The combination *cards* make, or None when they make none."""
    n = len(cards)
    counts = Counter(c.rank for c in cards)
    shape = sorted(counts.values(), reverse=True)
    ranks = sorted(counts)
    top = max(counts, key=lambda r: (counts[r], r)) if counts else 0
    if n == 0:
        return None
    if is_rocket(tuple(cards)):
        return Combo(Kind.ROCKET, ranks[-1], 1)
    if is_bomb(tuple(cards)):
        return Combo(Kind.BOMB, top, 1)
    if shape == [1] * n and (n == 1 or (n >= 5 and _run(ranks))):
        return Combo(Kind.SINGLE if n == 1 else Kind.STRAIGHT, ranks[-1], n)
    if shape == [2] * (n // 2) and n % 2 == 0 and (n == 2 or (n >= 6 and _run(ranks))):
        return Combo(Kind.PAIR if n == 2 else Kind.PAIRS, ranks[-1], n // 2)
    if shape == [3] * (n // 3) and n % 3 == 0 and (n == 3 or _run(ranks)):
        return Combo(Kind.THREE if n == 3 else Kind.PLANE, ranks[-1], n // 3)
    if n == 4 and shape == [3, 1]:
        return Combo(Kind.THREE_ONE, top, 1)
    if n == 5 and shape == [3, 2]:
        return Combo(Kind.THREE_PAIR, top, 1)
    if shape[0] == 4 and (n == 6 or (n == 8 and all(v % 2 == 0 for v in counts.values()))):
        return Combo(Kind.FOUR_TWO, top, 1)
    for low, k in _planes(counts):  # a plane with as many single cards, or as many pairs, as it has threes
        rest = counts.copy()
        for r in range(low, low + k):
            rest[r] -= 3
        left = +rest
        if n == 4 * k or (n == 5 * k and len(left) == k and all(v == 2 for v in left.values())):
            return Combo(Kind.PLANE_WINGS, low + k - 1, k)
    return None
