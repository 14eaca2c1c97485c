"""The kitty at the level of referee.games.gunzi.kitty: the dry pot's edges (§6.2.1, §2.4) and the smallest card
(§6.4.1, §2.3), with the refusal a referee reads when another card is taken.

Level 3, trump H unless a test says otherwise: trumps are the jokers, the 2s, the 3s and the hearts; a
trump-suit plain card is a heart other than 3H and 2H.
"""

from __future__ import annotations

import pytest
from helpers import errors_of, first_hand, line_of, record

from referee.games.gunzi.cards import parse_cards
from referee.games.gunzi.codes import DryPotRule, DryReason
from referee.games.gunzi.kitty import can_come_out, dry_pot, smallest

CLUB, SEEDS = DryPotRule.no_plain_trump, DryPotRule.no_plain_trump_or_all_trump


def cards(text: str):
    return parse_cards(text.split())


@pytest.mark.parametrize(("kitty", "club", "seeds"), [
    # a plain heart: not dry under either definition
    ("JH 7C 8C 9C 4D 6D", None, None),
    # the lowest plain heart at level 3 is 4H (3H is the level card): not dry
    ("4H 7C 8C 9C 4D 6D", None, None),
    # AH, the highest plain heart: not dry
    ("AH 7C 8C 9C 4D 6D", None, None),
    # the hearts are 3H (level card) and 2H (a 2): no plain trump → dry (§2.4 sets the 2 apart)
    ("3H 2H 7C 8C 9C 4D", DryReason.no_plain_trump, DryReason.no_plain_trump),
    # a 2 of another suit is a trump but never a plain trump → dry
    ("2C 7C 8C 9C 4D 6D", DryReason.no_plain_trump, DryReason.no_plain_trump),
    # a level card of another suit (3S): the same
    ("3S 7C 8C 9C 4D 6D", DryReason.no_plain_trump, DryReason.no_plain_trump),
    # six trumps, one of them plain (JH): dry only by the seeds' second case
    ("BJ SJ 2C 3D 2S JH", None, DryReason.all_trump),
    # six trumps, the plain one the lowest (4H): the same
    ("4H 2H 3H 3S 2C 2D", None, DryReason.all_trump),
    # five trumps and one non-trump (AC, the highest non-trump): not all trumps
    ("BJ SJ 2C 3D JH AC", None, None),
    # six trumps, none plain: the first case gives the reason
    ("BJ SJ 2C 3D 2S 3C", DryReason.no_plain_trump, DryReason.no_plain_trump),
])
def test_dry_pot(kitty, club, seeds):
    assert dry_pot(cards(kitty), 3, "H", CLUB) == club
    assert dry_pot(cards(kitty), 3, "H", SEEDS) == seeds


def test_dry_pot_follows_the_level_and_the_trump():
    # At level 4 with trump S: 3S is a plain spade (not dry); 4S is the level card and 2S a 2 (dry).
    assert dry_pot(cards("3S 7C 8C 9C 4D 6D"), 4, "S", CLUB) is None
    assert dry_pot(cards("4S 2S 7C 8C 9C 6D"), 4, "S", CLUB) == DryReason.no_plain_trump


def test_can_come_out():
    assert [can_come_out(c) for c in cards("4C AS 2H 3D 5C 10D KS BJ SJ")] == [
        True, True, True, True, False, False, False, False, False]


@pytest.mark.parametrize(("kitty", "lows"), [
    ("AC 4C 7D 2S 3S JH", "4C"),          # the lowest non-trump
    ("4S 4C 9D JH 2S 3D", "4C 4S"),       # equal standing, in the order of their names
    ("4S 4D 4C 4H 9D 2S", "4C 4D 4S"),    # 4H is a plain trump: not among them
    ("KC KD 5S JH 2S 3D", "JH"),          # only trumps left that may come out: the plain heart first
    ("2S 2D 2C 3S KC 5C", "2C 2D 2S"),    # 2s of other suits stand equal, below the level card
    ("BJ SJ KC 10C 5C KD", ""),           # only jokers and point cards: nothing may come out
])
def test_smallest(kitty, lows):
    assert [str(c) for c in smallest(cards(kitty), 3, "H")] == lows.split()


def test_taking_another_card_names_the_smallest_in_both_languages():
    # E buries 4S 4C 9D JH 2S 3D; N buries a big joker and takes 9D: the smallest are 4C and 4S (§2.3).
    text = record(first_hand(bury="4S 4C 9D JH 2S 3D", king="N BJ take 9D  # !", points=80))
    errs = errors_of(text)
    assert [e.line for e in errs] == [line_of(text)]
    assert (errs[0].text("en"), errs[0].text("zh")) == (
        "9D cannot come out: the smallest card in the kitty is 4C or 4S (non-trump before trump, never a point "
        "card or a joker; §6.4.1, §2.3)",
        "方块9不能换出：底牌里最小的牌是梅花4或黑桃4（先副牌后主牌，分牌和王都不能换出；§6.4.1、§2.3）")


def test_three_equal_smallest_are_all_named():
    text = record(first_hand(bury="4S 4D 4C JH 2S 3D", king="N BJ take JH  # !", points=80))
    errs = errors_of(text)
    assert [e.line for e in errs] == [line_of(text)]
    assert errs[0].text("en").startswith("JH cannot come out: the smallest card in the kitty is 4C or 4D or 4S ")
