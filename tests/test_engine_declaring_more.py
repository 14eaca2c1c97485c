"""Declaring (§4) at the level of referee.games.gunzi.declaring: what may declare, what beats what, who wins the flip.

The engine refuses a declaration with the module's own message, so the words are checked here in both
languages, as a referee reads them (the Chinese is the catalogue's, referee/locale/zh_CN).
"""

from __future__ import annotations

import pytest

from referee.games.gunzi.cards import parse_cards
from referee.games.gunzi.codes import FlipWinner
from referee.games.gunzi.declaring import DeclarationError, Power, beats, flip_winner, strength
from referee.games.gunzi.events import Flip


def cards(text: str):
    return parse_cards(text.split())


def refusal(text: str, level: int, as_suit: str | None = None) -> tuple[str, str]:
    with pytest.raises(DeclarationError) as e:
        strength(cards(text), level, as_suit)
    return e.value.msg.text("en"), e.value.msg.text("zh")


# --- what may declare (§4.2.2) ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "level", "as_suit", "power"), [
    ("4S", 4, None, (1, 0, "S")),                  # one level card: its own suit
    ("4H 4H", 4, None, (2, 0, "H")),
    ("10D 10D 10D", 10, None, (3, 0, "D")),         # at level 10 the 10s are the level cards
    ("SJ SJ SJ", 7, "C", (3, 1, "C")),             # three small jokers name any suit
    ("BJ BJ BJ", 3, "S", (3, 2, "S")),             # three big jokers, the strongest kind
])
def test_strength_of_a_declaration(text, level, as_suit, power):
    assert strength(cards(text), level, as_suit) == power


@pytest.mark.parametrize(("text", "level", "as_suit", "en", "zh"), [
    ("4S 4H", 4, None, "a declaration shows identical cards, not 4S 4H", "亮主要亮相同的牌，不能是 黑桃4 红桃4"),
    ("BJ", 4, None, "a single big joker grabs only in a game's first hand", "一张大王只在每局第一副抢亮"),
    ("SJ", 4, None, "jokers declare only as three of a kind", "王只能三张一起亮主"),
    ("BJ BJ", 4, None, "jokers declare only as three of a kind", "王只能三张一起亮主"),
    ("SJ SJ", 4, None, "jokers declare only as three of a kind", "王只能三张一起亮主"),
    ("BJ BJ BJ", 4, None, "three jokers name a suit: add 'as S|H|C|D' (never no-trump)",
     "三张王亮主要指定花色：加上 'as S|H|C|D'（不能无主）"),
    ("4S 4S", 4, "H", "only three jokers name a suit with 'as'; level cards declare their own suit",
     "只有三张王才用 'as' 指定花色；级牌亮的就是它自己的花色"),
    ("5S", 4, None, "5S is not a level card: this hand is played at level 4", "黑桃5不是级牌：本副打4"),
    ("4S 4S 4S 4S", 4, None, "at most three identical cards exist", "相同的牌最多只有三张"),
])
def test_what_cannot_declare(text, level, as_suit, en, zh):
    assert refusal(text, level, as_suit) == (en, zh)


def test_a_three_of_the_level_is_judged_at_the_hands_level():
    # At level 3 a 3 declares; at level 4 it is not a level card.
    assert strength(cards("3C"), 3, None) == (1, 0, "C")
    assert refusal("3C", 4)[0] == "3C is not a level card: this hand is played at level 4"


# --- what beats what (§4.2.3) ---------------------------------------------------------------------------

SINGLE, PAIR, TRIPLE = Power(1, 0, "S"), Power(2, 0, "H"), Power(3, 0, "D")
SMALL3, BIG3 = Power(3, 1, "C"), Power(3, 2, "S")
ORDER = [SINGLE, PAIR, TRIPLE, SMALL3, BIG3]


@pytest.mark.parametrize("i", range(len(ORDER)))
@pytest.mark.parametrize("j", range(len(ORDER)))
def test_beats_is_strictly_stronger(i, j):
    # 2 beat 1, 3 beat 2 or 1; three small jokers beat three level cards, three big beat three small; equal
    # strength never overcalls, whatever the suit.
    assert beats(ORDER[i], ORDER[j]) is (i > j)


def test_equal_strength_in_another_suit_does_not_beat():
    assert beats(Power(2, 0, "D"), Power(2, 0, "H")) is False
    assert beats(Power(3, 1, "S"), Power(3, 1, "C")) is False


# --- the first hand's flip (§4.1.2) -------------------------------------------------------------------

def flips(*pairs: str):
    return [Flip(p.split()[0], cards(p.split()[1])[0]) for p in pairs]


@pytest.mark.parametrize(("rule", "seat", "card"), [
    (FlipWinner.highest, "W", "10H"),   # 10 highest
    (FlipWinner.lowest, "S", "QD"),     # Q and K equal lowest: the earlier flipper S
])
def test_flip_winner(rule, seat, card):
    seat_won, card_won, _ = flip_winner(flips("E 9C", "S QD", "W 10H", "N KS"), rule)
    assert (seat_won, str(card_won)) == (seat, card)


@pytest.mark.parametrize("rule", [FlipWinner.highest, FlipWinner.lowest])
def test_flipped_jokers_are_passed_over(rule):
    # E flips BJ and then 6C, S flips SJ and then 7D; the jokers never win, highest or lowest:
    # highest of 6C 7D 5H 8S is N's 8S, lowest is W's 5H.
    got = flip_winner(flips("E BJ", "E 6C", "S SJ", "S 7D", "W 5H", "N 8S"), rule)
    assert (got[0], str(got[1])) == (("N", "8S") if rule == FlipWinner.highest else ("W", "5H"))


def test_flip_ties_go_to_the_earlier_flipper():
    # A K Q J are equal and lowest: E's AH, S's JC, W's KD, N's QS all tie → E, highest or lowest.
    for rule in FlipWinner:
        assert flip_winner(flips("E AH", "S JC", "W KD", "N QS"), rule)[0] == "E"
    # two 10s: the first of them
    assert flip_winner(flips("E 3C", "S 10D", "W 10H", "N 9S"), FlipWinner.highest)[0] == "S"
    # two 2s lowest (2 is below 3 but above the A K Q J): the first of them
    assert flip_winner(flips("E 2C", "S 9D", "W 2H", "N 9S"), FlipWinner.lowest)[0] == "E"
