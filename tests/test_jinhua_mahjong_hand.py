"""The hand checker of Jinhua mahjong with 财神 as wild tiles (docs/jinhua-mahjong-rules.md §4, §6).

Judged against an independent brute force written here: every wild tile is replaced by every kind of tile
(combinations with repetition), and the hand of ordinary tiles is split by plain recursion. Exhaustive on
small hands (one set and a pair, two sets and a pair, over a suit and two honours, up to two wilds), and by
hypothesis on full hands: a valid hand with one tile swapped for a random one is judged again.
"""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.jinhua_mahjong import hand as H
from referee.games.jinhua_mahjong.tiles import parse_tiles

WILD = 99  # the brute force's own marker for a wild tile


@pytest.fixture(autouse=True)
def fresh_shapes() -> None:
    """Every shape worked out afresh (hand.sets_and_pair keeps its answers by the counts): a cache another test
    filled would hide the code that fills it (the mutation run forks its mutants from a process that ran the tests,
    docs/mutation.md)."""
    H.sets_and_pair.cache_clear()


def split(counts: dict[int, int], pair: bool) -> bool:
    """Plain recursion over tiles 0..33 (0-26 suited, 9 a suit): pair, triplet or run of the smallest."""
    live = sorted(k for k, c in counts.items() if c)
    if not live:
        return not pair
    t = live[0]
    if pair and counts[t] >= 2:
        counts[t] -= 2
        ok = split(counts, False)
        counts[t] += 2
        if ok:
            return True
    if counts[t] >= 3:
        counts[t] -= 3
        ok = split(counts, pair)
        counts[t] += 3
        if ok:
            return True
    if t < 27 and t % 9 <= 6 and counts.get(t + 1, 0) and counts.get(t + 2, 0):
        for k in (t, t + 1, t + 2):
            counts[k] -= 1
        ok = split(counts, pair)
        for k in (t, t + 1, t + 2):
            counts[k] += 1
        if ok:
            return True
    return False


def brute(tiles: list[int], kinds: range | list[int], shape: str = "sets") -> bool:
    """Whether some replacement of the wilds (WILD) by *kinds* makes the hand: "sets" (sets and a pair),
    "pairs" (all pairs, four of a kind as two)."""
    plain = [t for t in tiles if t != WILD]
    wilds = len(tiles) - len(plain)
    for fill in combinations_with_replacement(kinds, wilds):
        counts: dict[int, int] = {}
        for t in [*plain, *fill]:
            counts[t] = counts.get(t, 0) + 1
        if shape == "pairs":
            if all(c % 2 == 0 for c in counts.values()):
                return True
        elif split(counts, True):
            return True
    return False


def hand_of(tiles: list[int]) -> H.Hand:
    counts = [0] * 34
    for t in tiles:
        if t != WILD:
            counts[t] += 1
    return H.Hand(tuple(counts), tiles.count(WILD), None, False)


SMALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 27, 31]  # 1m..9m, 东, 中


@pytest.mark.parametrize("size", [5, 8])
def test_sets_and_a_pair_exhaustively_on_small_hands(size: int) -> None:
    # Every multiset of `size` tiles over 1m..9m, 东, 中 with up to two wilds (at most 4 of a kind), judged by
    # the checker and by the brute force: they agree on each.
    checked = valid = 0
    for wilds in (0, 1, 2):
        for combo in combinations_with_replacement(SMALL, size - wilds):
            if any(combo.count(t) > 4 for t in set(combo)):
                continue
            tiles = [*combo, *[WILD] * wilds]
            got = H.sets_and_pair(hand_of(tiles).naturals, wilds, True)
            want = brute(tiles, SMALL)
            assert got == want, (tiles, got, want)
            checked += 1
            valid += want
    assert checked > 1_000 and 0 < valid < checked  # both answers occur: the comparison can fail


def test_seven_pairs_exhaustively_on_small_hands() -> None:
    # Six tiles (three pairs) over five kinds with up to two wilds: the checker's pairs() against the brute force.
    kinds = [0, 1, 2, 27, 33]
    seen = set()
    for wilds in (0, 1, 2):
        for combo in combinations_with_replacement(kinds, 6 - wilds):
            tiles = [*combo, *[WILD] * wilds]
            got = H.pairs(hand_of(tiles).naturals, wilds, 3)
            want = brute(tiles, kinds, "pairs")
            assert got == want, tiles
            seen.add(want)
    assert seen == {True, False}


def tiles(text: str) -> tuple[int, ...]:
    found, bad = parse_tiles(text.split())
    assert not bad
    return tuple(found)


# Hand-made hands, 财神 三万 (3m) unless said: each pattern's test on a hand that has it and one that does not.
def test_baibai_stands_for_the_caishen_face() -> None:
    # §2.2: with 三万 as 财神, 2m P 4m is a run (白板 is an ordinary 三万), so this is four sets and a pair with no
    # wild at all.
    h = H.prepare(tiles("2m P 4m 5p 6p 7p 1s 1s 1s 9s 9s 9s E E"), 2)
    assert h.wilds == 0 and h.naturals[2] == 1 and H.standard(h)
    # the same hand with 白板 as 白板 (财神 九筒) has a lone 白: not a hand
    assert not H.standard(H.prepare(tiles("2m P 4m 5p 6p 7p 1s 1s 1s 9s 9s 9s E E"), 17))


def test_caishen_is_wild() -> None:
    # §2.2: 3m wild completes 5p _ 7p and the pair E _
    h = H.prepare(tiles("1m 2m 3s 5p 3m 7p 1s 1s 1s 9s 9s 9s E 3m"), 2)
    assert h.wilds == 2
    assert not H.standard(h)  # 1m 2m 3s: no run across suits
    h = H.prepare(tiles("1m 2m 3m 5p 3m 7p 1s 1s 1s 9s 9s 9s E 3m"), 2)
    assert h.wilds == 3 and H.standard(h)  # 1m 2m + wild, 5p wild 7p, E + wild


def test_special_hands() -> None:
    qidui = H.prepare(tiles("1m 1m 4p 4p 6s 6s 9s 9s C C F F E 3m"), 2)  # E paired by the wild
    assert H.seven_pairs(qidui) and not H.clean_seven_pairs(qidui)
    clean = H.prepare(tiles("1m 1m 4p 4p 6s 6s 9s 9s C C F F E E"), 2)
    assert H.clean_seven_pairs(clean)
    quads = H.prepare(tiles("1m 1m 1m 1m 6s 6s 9s 9s C C F F E E"), 2)  # §4.2: four of a kind are two pairs
    assert H.seven_pairs(quads)
    explode7 = H.prepare(tiles("1m 1m 4p 4p 6s 6s 9s 9s C C F F 3m E"), 2)  # E won, paired by the 财神
    assert H.seven_pairs_explode(explode7)
    assert not H.seven_pairs_explode(H.prepare(tiles("1m 1m 4p 4p 6s 6s 9s 9s C C F F E E"), 2))
    bukao = H.prepare(tiles("E S W N C 1m 4m 7m 2p 5p 8p 3s 6s 9s"), 30)  # 财神 北 … but N is then wild
    assert H.not_touching(bukao, 5, True)
    qifeng = H.prepare(tiles("E S W N C F P 1m 4m 7m 2p 5p 8p 3s"), 0)  # 财神 1m: the 1m is wild, a suited tile
    assert H.not_touching(qifeng, 7, False)
    touching = H.prepare(tiles("E S W N C F P 1m 3m 7m 2p 5p 8p 3s"), 8)  # 1m 3m are two apart only
    assert not H.not_touching(touching, 7, False) and not H.not_touching(touching, 5, True)
    wild_wind = H.prepare(tiles("E S W N C F 1s 1m 4m 7m 2p 5p 8p 3s"), 18)  # a 财神 for 白: not in 七风
    assert not H.not_touching(wild_wind, 7, False) and H.not_touching(wild_wind, 5, True)
    honours = H.prepare(tiles("E E E S S W W N N C C F F P"), 27)  # 财神 东: the 东 wild, 白板 an ordinary 东
    assert H.all_honours(honours) and not H.standard(honours)
    # 财神 一万: the 白板 is an ordinary 一万, a suited tile: not 乱风
    assert not H.all_honours(H.prepare(tiles("E E E S S W W N N C C F F P"), 0))


def test_wild_pair_triplet_and_explode() -> None:
    pair = H.prepare(tiles("1m 2m 4m 5p 6p 7p 1s 1s 1s 9s 9s 9s 3m 3m"), 2)  # 4m… no: 1m 2m 4m is no run
    assert not H.wild_pair(pair)
    pair = H.prepare(tiles("1m 2m 3m 5p 6p 7p 1s 1s 1s 9s 9s 9s 4s 4s"), 2)  # 3m is the wild: 1m 2m _ uses it
    assert not H.wild_pair(pair)  # one wild only
    pair = H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s 3m 3m"), 2)
    assert H.wild_pair(pair) and H.standard(pair)
    trip = H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 3m 3m 3m"), 2)
    assert H.wild_triplet(trip)
    explode = H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s 3m E"), 2)  # E won, the 财神 pairs it
    assert H.explode(explode)
    assert not H.explode(H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s E E"), 2))  # no 财神


# --- property tests -------------------------------------------------------------------------------------

def random_valid(rng: random.Random) -> list[int]:
    """A hand of four sets and a pair (runs and triplets over all 34 kinds), some tiles made wild."""
    out: list[int] = []
    while len(out) < 12:
        if rng.random() < 0.5:
            s, r = rng.randrange(3), rng.randrange(7)
            out += [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
        else:
            out += [rng.randrange(34)] * 3
    out += [rng.randrange(34)] * 2
    for _ in range(rng.randrange(4)):
        out[rng.randrange(14)] = WILD
    return out


PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(seed=st.integers(0, 2**32 - 1), at=st.integers(0, 13), to=st.integers(0, 34))
def test_a_valid_hand_with_one_tile_swapped_is_judged_again(seed: int, at: int, to: int) -> None:
    rng = random.Random(seed)
    hand = random_valid(rng)
    assert H.sets_and_pair(hand_of(hand).naturals, hand.count(WILD), True)  # valid by construction
    hand[at] = WILD if to == 34 else to
    kinds = range(34)
    assert H.sets_and_pair(hand_of(hand).naturals, hand.count(WILD), True) == brute(hand, kinds)


@PROPS
@given(seed=st.integers(0, 2**32 - 1), at=st.integers(0, 13), to=st.integers(0, 34))
def test_seven_pairs_with_one_tile_swapped_is_judged_again(seed: int, at: int, to: int) -> None:
    rng = random.Random(seed)
    hand = [t for _ in range(7) for t in [rng.randrange(34)] * 2]
    for _ in range(rng.randrange(3)):
        hand[rng.randrange(14)] = WILD
    assert H.pairs(hand_of(hand).naturals, hand.count(WILD), 7)
    hand[at] = WILD if to == 34 else to
    assert H.pairs(hand_of(hand).naturals, hand.count(WILD), 7) == brute(hand, range(34), "pairs")


def brute_explode(hand: list[int], wild: int) -> bool:
    """爆头 from §6.13 by brute force: the tile won (last) and one 财神 are the pair; every way of reading the
    other 财神 among the twelve left makes four sets."""
    rest = list(hand[:-1])
    if wild not in rest:
        return False
    rest.remove(wild)
    plain = [t for t in rest if t != wild]
    for fill in combinations_with_replacement(range(34), len(rest) - len(plain)):
        counts: dict[int, int] = {}
        for t in [*plain, *fill]:
            counts[t] = counts.get(t, 0) + 1
        if split(counts, False):
            return True
    return False


@PROPS
@given(seed=st.integers(0, 2**32 - 1), at=st.integers(0, 13), to=st.integers(0, 33))
def test_an_explode_hand_with_one_tile_swapped_is_judged_again(seed: int, at: int, to: int) -> None:
    # 财神 白板 (33): the 白板 are the wild tiles and nothing stands for them (§2.2)
    rng = random.Random(seed)
    hand: list[int] = []
    while len(hand) < 12:
        if rng.random() < 0.5:
            s, r = rng.randrange(3), rng.randrange(7)
            hand += [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
        else:
            hand += [rng.randrange(33)] * 3
    for _ in range(rng.randrange(3)):
        hand[rng.randrange(12)] = 33
    hand += [33, rng.randrange(33)]
    assert H.explode(H.prepare(hand, 33)) and brute_explode(hand, 33)
    hand[at] = to
    if hand.count(33) > 3 or any(hand.count(t) > 4 for t in hand):
        return
    assert H.explode(H.prepare(hand, 33)) == brute_explode(hand, 33), hand


# --- edges of the special hands -----------------------------------------------------------------------------

def test_the_wild_pair_and_triplet_need_exactly_their_caishen() -> None:
    # §6.11, §6.12: four runs and a pair with no 财神 are a hand (§4.1) but neither 财神头 nor 三财一刻; nor are
    # 13 tiles
    plain = H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s E E"), 2)
    assert H.standard(plain) and not H.wild_pair(plain) and not H.wild_triplet(plain)
    assert not H.wild_triplet(H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 3m 3m"), 2))
    # three 财神 (3m) as the triplet, the eleven others three sets and a pair: 三财一刻, and not 财神头 (two only)
    trip = H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 3m 3m 3m"), 2)
    assert H.wild_triplet(trip) and not H.wild_pair(trip)


def gapped(ranks: set[int]) -> bool:
    """The ranks of one suit all at least three apart (至少相隔两张, §4.3), by their sorted differences."""
    r = sorted(ranks)
    return all(b - a >= 3 for a, b in zip(r, r[1:], strict=False))


def widest(ranks: set[int]) -> int:
    """The most ranks of 1..9, all three apart, among them *ranks*, by trying every set of 1..9; -1 if none."""
    sets = [set(s) for n in range(10) for s in combinations(range(1, 10), n)]
    return max((len(s) for s in sets if ranks <= s and gapped(s)), default=-1)


def test_the_most_tiles_of_a_suit_not_touching() -> None:
    # §4.3, by hand: 1..9 holds at most three ranks three apart (1 4 7 spans 6; a fourth would be 10); 2 and 7 fit
    # no third (below 2 nothing is three apart, above 7 neither, between them 5 and 4 would be needed); 4 and 6
    # touch
    assert (H._gapped_max(set()), H._gapped_max({5}), H._gapped_max({1, 9})) == (3, 3, 3)
    assert (H._gapped_max({2, 7}), H._gapped_max({4, 6}), H._gapped_max({1, 4, 7})) == (2, -1, 3)
    # and every one of the 512 sets of ranks, against the brute force: the answers are -1, 2 or 3 only
    seen = set()
    for n in range(10):
        for ranks in combinations(range(1, 10), n):
            want = widest(set(ranks))
            assert H._gapped_max(set(ranks)) == want, ranks
            seen.add(want)
    assert seen == {-1, 2, 3}


def test_not_touching_cannot_hold_more_suited_tiles_than_its_suits_do() -> None:
    # §6.7: 2 7 in each suit (six suited tiles, no third fits any suit) and five honours, with three 财神 (3m): the
    # wilds cannot be three more honours (only seven kinds: two more at most) nor a seventh suited tile: not
    # 十三不靠. With 1 and 7 instead of 2 and 7 a 4 fits in each suit, so the three 财神 make it
    h = H.prepare(tiles("E S W N C 2m 7m 2p 7p 2s 7s 3m 3m 3m"), 2)
    assert h.wilds == 3 and not H.not_touching(h, 5, True)
    assert H.not_touching(H.prepare(tiles("E S W N C 1m 7m 1p 7p 1s 7s 3m 3m 3m"), 2), 5, True)


def test_not_touching_reads_each_suit_from_its_own_tiles() -> None:
    # 一筒 and 一条 (the first tile of their suits) are rank 1: 1 4 7 in each suit is not touching (§6.7)
    h = H.prepare(tiles("E S W N C 1m 4m 7m 1p 4p 7p 1s 4s 7s"), 22)
    assert H.not_touching(h, 5, True)
    # 一筒 二筒 touch (§4.3), as do 一条 二条
    assert not H.not_touching(H.prepare(tiles("E S W N C F 1m 4m 7m 1p 2p 8p 3s 6s"), 22), 5, True)
    assert not H.not_touching(H.prepare(tiles("E S W N C F 1m 4m 7m 2p 5p 8p 1s 2s"), 22), 5, True)
    # two of a kind (东东) are not fourteen different tiles
    assert not H.not_touching(H.prepare(tiles("E E S W N C F 1m 4m 7m 1p 4p 7p 1s"), 22), 5, True)


def test_every_baiban_counts_and_the_tile_won_keeps_its_face() -> None:
    # §2.2: with 三万 as 财神, three 白板 are three ordinary 三万: a triplet, so four triplets and a pair (§6.2)
    h = H.prepare(tiles("P P P 5p 5p 5p 1s 1s 1s 9s 9s 9s E E"), 2)
    assert h.naturals[2] == 3 and h.wilds == 0 and H.all_triplets(h)
    # a 白板 won last is the 三万 it stands for, paired by the 财神 三万: 爆头 (§6.13)
    h = H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s 3m P"), 2)
    assert (h.won, h.won_wild) == (2, False) and H.explode(h)
    # a 财神 won last, paired by the other 财神: 爆头 too (the tile won is wild), and not 全求人's last tile (§6.3)
    h = H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s 3m 3m"), 2)
    assert h.won_wild and H.explode(h)
    # the 东 won last with no 财神 left to pair it: four sets and a pair, not 爆头
    assert not H.explode(H.prepare(tiles("4m 5m 6m 5p 6p 7p 1s 1s 1s 9s 9s 9s E E"), 2))


def test_pairs_take_every_tile() -> None:
    # §4.2: n pairs are 2n tiles: five tiles (two pairs and one over) or three are not two pairs, even with a wild
    assert H.pairs((2, 2, 1), 0, 2) is False and H.pairs((2, 1), 0, 2) is False and H.pairs((2, 2), 1, 2) is False
    assert H.pairs((2, 1), 1, 2) is True  # the wild pairs the single
