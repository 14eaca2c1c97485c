"""Whether 14 tiles form a winning hand, with 财神 as wild tiles (docs/jinhua-mahjong-rules.md §4).

Pure functions over a hand prepared by :func:`prepare`: the count of each of the 34 kinds of tile as
played (``naturals``) and the number of wild tiles (``wilds``). A 财神 tile is wild (§2.2); a 白板 is an
ordinary tile with the 财神 tile's face (so with 三万 as 财神, ``2m P 4m`` is a run); when the 财神 is
白板 itself the 白板 are the wild tiles. A kong is entered as three of its tiles, so a hand is always 14.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from referee.games.jinhua_mahjong.tiles import KINDS, WHITE, Tile, is_honour, rank_of, suit_of

HAND = 14


class Hand(NamedTuple):
    naturals: tuple[int, ...]  # 34 counts
    wilds: int
    won: Tile | None  # the tile won (written last); None when unknown
    won_wild: bool  # the tile won is a 财神
    whites: int = 0  # 白板 counted as the 财神's face; in 十三不靠 and 七风 each may count as 白 instead (§6.8)
    face: Tile | None = None  # the 财神's face those 白板 stand for


def prepare(tiles: Sequence[Tile], caishen: Tile | None) -> Hand:
    """*tiles* (the tile won last) with 财神 *caishen* as wild tiles and 白板 standing for its face."""
    counts = [0] * KINDS
    wilds = whites = 0
    for t in tiles:
        if caishen is not None and t == caishen:
            wilds += 1
        elif caishen is not None and t == WHITE:
            counts[caishen] += 1
            whites += 1
        else:
            counts[t] += 1
    won = tiles[-1] if tiles else None
    won_wild = won is not None and caishen is not None and won == caishen
    if won is not None and caishen is not None and won == WHITE and not won_wild:
        won = caishen
    return Hand(tuple(counts), wilds, won, won_wild, whites, caishen if whites else None)


@lru_cache(maxsize=65536)
def sets_and_pair(naturals: tuple[int, ...], wilds: int, pair: bool, runs: bool = True) -> bool:
    """Can all *naturals* and *wilds* be split into sets (runs when *runs*, triplets) and, when *pair*,
    exactly one pair? Wilds stand for any tile (§4.1)."""
    i = next((k for k, c in enumerate(naturals) if c), -1)
    if i < 0:  # only wilds left: three make a set, two the pair
        return wilds % 3 == (2 if pair else 0) and (wilds >= 2 or not pair)
    if pair and _alike(naturals, i, 2, wilds, False, runs):  # the smallest tile as the pair
        return True
    if _alike(naturals, i, 3, wilds, pair, runs):  # as a triplet
        return True
    return runs and not is_honour(i) and _runs(list(naturals), i, wilds, pair)


def _alike(naturals: tuple[int, ...], i: Tile, size: int, wilds: int, pair: bool, runs: bool) -> bool:
    """Can the smallest tile *i* make *size* alike (the pair, a triplet), wilds standing for the copies it lacks,
    in a split of the rest (:func:`sets_and_pair`)?"""
    take = min(naturals[i], size)
    if size - take > wilds:
        return False
    counts = list(naturals)
    counts[i] -= take
    return sets_and_pair(tuple(counts), wilds - (size - take), pair, runs)


def _runs(counts: list[int], i: Tile, wilds: int, pair: bool) -> bool:
    """Can the smallest tile *i* begin, or end, a run (its lower tiles wild) in a split of the rest?"""
    rank = rank_of(i)
    for start in (rank - 2, rank - 1, rank):
        if start < 1 or start + 2 > 9:
            continue
        base = i - (rank - start)
        used = [k for k in range(base, base + 3) if k == i or (k > i and counts[k] > 0)]
        need = 3 - len(used)
        if need > wilds:
            continue
        for k in used:
            counts[k] -= 1
        ok = sets_and_pair(tuple(counts), wilds - need, pair, True)
        for k in used:
            counts[k] += 1
        if ok:
            return True
    return False


def total(hand: Hand) -> int:
    return sum(hand.naturals) + hand.wilds


def standard(hand: Hand) -> bool:
    """Four sets and a pair (§4.1), 财神 wild."""
    return total(hand) == HAND and sets_and_pair(hand.naturals, hand.wilds, True)


def all_triplets(hand: Hand) -> bool:
    """碰碰胡's shape: four triplets (or kongs) and a pair (§6.2)."""
    return total(hand) == HAND and sets_and_pair(hand.naturals, hand.wilds, True, runs=False)


def pairs(naturals: Sequence[int], wilds: int, n: int) -> bool:
    """*n* pairs of all the tiles; four of a kind count as two pairs; a wild pairs any single (§4.2)."""
    if sum(naturals) + wilds != 2 * n:
        return False
    odd = sum(c % 2 for c in naturals)
    return odd <= wilds


def seven_pairs(hand: Hand) -> bool:
    return pairs(hand.naturals, hand.wilds, 7)


def clean_seven_pairs(hand: Hand) -> bool:
    """清七对: seven pairs with no 财神 (§6.4)."""
    return hand.wilds == 0 and seven_pairs(hand)


def _without_pair_of_won(hand: Hand) -> tuple[tuple[int, ...], int] | None:
    """爆头: the tile won and a 财神 as the pair (§6.13): what is left, or None when it cannot be."""
    if hand.won is None or hand.wilds < 1:
        return None
    counts = list(hand.naturals)
    wilds = hand.wilds - 1
    if hand.won_wild:
        if wilds < 1:
            return None
        wilds -= 1
    else:
        if counts[hand.won] < 1:
            return None
        counts[hand.won] -= 1
    return tuple(counts), wilds


def explode(hand: Hand) -> bool:
    """爆头 (敲响): twelve tiles in four sets, the tile won paired with a 财神 (§6.13)."""
    rest = _without_pair_of_won(hand)
    return total(hand) == HAND and rest is not None and sets_and_pair(rest[0], rest[1], False)


def seven_pairs_explode(hand: Hand) -> bool:
    """七对子爆头: six pairs, the tile won paired with a 财神 (§6.6)."""
    rest = _without_pair_of_won(hand)
    return total(hand) == HAND and rest is not None and pairs(rest[0], rest[1], 6)


def wild_pair(hand: Hand) -> bool:
    """财神头: two 财神 as the pair, standing for nothing; the twelve others four sets by themselves (§6.11)."""
    return total(hand) == HAND and hand.wilds == 2 and sets_and_pair(hand.naturals, 0, False)


def wild_triplet(hand: Hand) -> bool:
    """三财一刻: three 财神 as a triplet, standing for nothing; the eleven others three sets and a pair (§6.12)."""
    return total(hand) == HAND and hand.wilds == 3 and sets_and_pair(hand.naturals, 0, True)


def _gapped_max(ranks: set[int]) -> int:
    """The most tiles of one suit, all at least three apart (至少相隔两张), that include *ranks*; -1 if none."""
    best = -1
    for size in range(len(ranks), 4):
        for pick in combinations(range(1, 10), size):
            if ranks <= set(pick) and all(b - a >= 3 for a, b in zip(pick, pick[1:], strict=False)):
                best = size
    return best


def not_touching(hand: Hand, honours_needed: int, wild_honours: bool) -> bool:
    """十三不靠 (at least *honours_needed* different honours) and 七风 (all seven, no 财神 among them): 14
    different tiles, the suited ones of a suit at least three apart (§6.7, §6.8). A 白板 standing for the
    财神's face may count as 白 instead (the seed's "必须有两个白板", §6.8)."""
    for back in range(hand.whites + 1):
        counts = list(hand.naturals)
        if back and hand.face is not None:
            counts[hand.face] -= back
            counts[WHITE] += back
        if _not_touching(hand._replace(naturals=tuple(counts)), honours_needed, wild_honours):
            return True
    return False


def _not_touching(hand: Hand, honours_needed: int, wild_honours: bool) -> bool:
    if total(hand) != HAND or any(c > 1 for c in hand.naturals):
        return False
    honours = sum(hand.naturals[27:])
    most_suited = 0
    for s in range(3):
        ranks = {k % 9 + 1 for k in range(9 * s, 9 * s + 9) if hand.naturals[k]}
        m = _gapped_max(ranks)
        if m < 0:
            return False
        most_suited += m
    suited = sum(hand.naturals[:27])
    for h in range(max(honours, honours_needed), 8):
        if not wild_honours and h != honours:
            continue
        if suited <= HAND - h <= most_suited:
            return True
    return False


def all_honours(hand: Hand) -> bool:
    """乱风: every tile an honour (财神 may stand for one); no shape needed (§6.10)."""
    return total(hand) == HAND and sum(hand.naturals[:27]) == 0


def suits(hand: Hand) -> set[int]:
    return {s for k, c in enumerate(hand.naturals) if c and (s := suit_of(k)) is not None}


def has_honour(hand: Hand) -> bool:
    return sum(hand.naturals[27:]) > 0


def one_suit(hand: Hand) -> bool:
    """清一色: one suit, no honour (§6.9)."""
    return len(suits(hand)) == 1 and not has_honour(hand)


def one_suit_and_honours(hand: Hand) -> bool:
    """混一色: one suit and honours (§6.15)."""
    return len(suits(hand)) == 1 and has_honour(hand)
