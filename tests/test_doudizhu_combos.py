"""The combinations of Dou Dizhu (docs/doudizhu-rules.md §4): each kind by hand, and every hand of up to 8 cards
over 14 ranks judged against a list of the legal plays built the other way round — by putting each combination
together from the rules' words (a three and one more card, a run of pairs, …) — so the classifier, which reads the
counts of a hand, is checked against a construction it shares nothing with."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from referee.games.doudizhu.cards import parse_cards
from referee.games.doudizhu.combos import Kind, combination
from tests.test_doudizhu_engine import run as replayed


@pytest.mark.parametrize(("cards", "kind", "rank", "length"), [
    ("9", Kind.SINGLE, 9, 1),
    ("BJ", Kind.SINGLE, 17, 1),
    ("QQ", Kind.PAIR, 12, 1),
    ("222", Kind.THREE, 15, 1),
    ("777 3", Kind.THREE_ONE, 7, 1),
    ("777 SJ", Kind.THREE_ONE, 7, 1),
    ("777 33", Kind.THREE_PAIR, 7, 1),
    ("34567", Kind.STRAIGHT, 7, 5),
    ("TJQKA", Kind.STRAIGHT, 14, 5),
    ("334455", Kind.PAIRS, 5, 3),
    ("333444", Kind.PLANE, 4, 2),
    ("333444 5 9", Kind.PLANE_WINGS, 4, 2),
    ("333444 55", Kind.PLANE_WINGS, 4, 2),  # the wings may be a pair
    ("333444 55 66", Kind.PLANE_WINGS, 4, 2),
    ("333444555 777", Kind.PLANE_WINGS, 5, 3),  # three threes, and three more cards of one rank as wings
    ("555666 33 44", Kind.PLANE_WINGS, 6, 2),  # pairs as wings below the plane: only the plane's threes are taken
    ("99TTJJQQ", Kind.PAIRS, 12, 4),  # four pairs: length 4 (8 // 2)
    ("888999TTT", Kind.PLANE, 10, 3),  # three threes: length 3 (9 // 3)
    ("8888 3 4", Kind.FOUR_TWO, 8, 1),
    ("8888 33 44", Kind.FOUR_TWO, 8, 1),
    ("8888", Kind.BOMB, 8, 1),
    ("SJ BJ", Kind.ROCKET, 17, 1),
])
def test_each_kind_by_hand(cards: str, kind: Kind, rank: int, length: int) -> None:
    combo = combination(parse_cards(cards.split()))
    assert combo == (kind, rank, length)
    assert combo is not None and type(combo.length) is int  # a count of cards, pairs or threes (3.0 would equal 3)


def test_no_cards_are_no_combination() -> None:
    assert combination(()) is None


@pytest.mark.parametrize("cards", [
    "3 4",  # two singles
    "3344",  # two pairs: a 双顺 needs three
    "JQKA2",  # 2 is in no sequence
    "2 SJ BJ 3 4",
    "3456",  # four singles: a straight needs five
    "222333",  # a plane of 2s and 3s: 2 in no sequence
    "333555",  # threes not consecutive
    "333 4 5",  # three with two singles
    "333444 5",  # a plane of two with one wing
    "8888 3",  # four with one
    "333444 55 6",  # a plane of two with a pair and a single
    "333444 5 6 7 8",  # a plane of two with four singles: as many wings as threes (two), not four
    "333444 55 66 77",  # a plane of two with three pairs
])
def test_what_is_no_combination(cards: str) -> None:
    assert combination(parse_cards(cards.split())) is None


RANKS = (3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17)  # 9 left out: 3–8 and 10–A are the runs, A–2 is none
COPIES = {r: 1 if r >= 16 else 4 for r in RANKS}
SEQ = [r for r in RANKS if r <= 14]
MOST = 8


def _runs(length: int) -> list[tuple[int, ...]]:
    return [tuple(SEQ[i:i + length]) for i in range(len(SEQ) - length + 1)
            if SEQ[i + length - 1] - SEQ[i] == length - 1]


def _hands(size: int) -> list[tuple[int, ...]]:
    return [h for h in itertools.combinations_with_replacement(RANKS, size)
            if all(n <= COPIES[r] for r, n in Counter(h).items())]


def _legal() -> set[tuple[int, ...]]:
    """Every play of at most 8 cards, put together as §4 words it."""
    plain = [r for r in RANKS if r < 16]
    out: set[tuple[int, ...]] = set()

    def add(*parts: tuple[int, ...]) -> None:
        hand = tuple(sorted(itertools.chain(*parts)))
        if len(hand) <= MOST and all(n <= COPIES[r] for r, n in Counter(hand).items()):
            out.add(hand)

    for r in RANKS:
        add((r,))
    for r in plain:
        add((r, r))
        add((r, r, r))
        add((r, r, r, r))  # the bomb
        for x in RANKS:
            if x != r:
                add((r, r, r), (x,))
        for x in plain:
            if x != r:
                add((r, r, r), (x, x))
        for two in _hands(2):  # four with two cards
            add((r,) * 4, two)
        for x, y in itertools.combinations_with_replacement(plain, 2):  # four with two pairs
            add((r,) * 4, (x, x), (y, y))
    add((16, 17))
    for n in range(5, MOST + 1):
        for run in _runs(n):
            add(run)
    for n in range(3, MOST // 2 + 1):
        for run in _runs(n):
            add(run, run)
    for run in _runs(2):
        add(run, run, run)
        for wings in _hands(2):
            add(run, run, run, wings)
    return out


@pytest.mark.slow
def test_every_hand_of_up_to_8_cards_is_judged_as_the_rules_build_it() -> None:
    legal = _legal()
    judged = {h for size in range(1, MOST + 1) for h in _hands(size)
              if combination([parse_cards([_name(r)])[0] for r in h]) is not None}
    assert judged == legal


def _name(rank: int) -> str:
    return {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A", 15: "2", 16: "SJ", 17: "BJ"}.get(rank, str(rank))


def test_a_play_that_is_no_combination_is_refused_at_its_line() -> None:
    # The test module's records begin with a 4-line header: "deal" is line 5, the plays lines 8 and 9.
    r = replayed("deal\nbid 1 3\nkitty 3 4 5\nplay 1 34567\nplay 2 3 4\nout 1\n")
    assert [(e.line, e.message) for e in r.errors] == [(9, (
        "3 4 is not a combination of Dou Dizhu: a single, a pair, three (with one or a pair), a straight of 5 or "
        "more, 3 or more consecutive pairs, a plane (with as many cards or pairs), four with two, a bomb or the "
        "rocket; 2 and the jokers are in no sequence (§4)"))]
