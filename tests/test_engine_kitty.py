"""The kitty: dry pot in each rule set (§6.2, §10) and the smallest card taken for a buried joker (§2, §6.4).

First hand of a game, E declares (EW), trump H, level 3: trumps are jokers, 2s, 3s and hearts;
a trump-suit plain card is a heart other than 3H and 2H.
"""

from __future__ import annotations

import pytest
from helpers import assert_error_at, first_hand, play, record

# No heart at all → no trump-suit plain card → dry pot in every rule set. Points 10 + 10 + 5 = 25.
DRY_25 = "KC 10C 5C 7C 8C 9C"


@pytest.mark.parametrize(("rules", "k", "s", "outcome", "levels"), [
    # dalian-club: dry-pot kitty points do not count: K = 0, S = 100 + 2*0 = 100 < 120 dug → foul dig
    ("dalian-club", 0, 100, "foul_dig", {"EW": 3, "NS": 3}),
    # gunzi-001: they count: K = 25, S = 100 + 2*25 = 150 ≥ 120 dug → stage dug, NS 3 + 1 = 4
    ("gunzi-001", 25, 150, "stage_dug", {"EW": 3, "NS": 4}),
    # classic: same as gunzi-001
    ("classic", 25, 150, "stage_dug", {"EW": 3, "NS": 4}),
])
def test_dry_pot_without_plain_trump(rules, k, s, outcome, levels):
    h = play(first_hand(kitty=DRY_25, points=100, last="def"), rules=rules).hands[0]
    assert h.dry_pot is True
    assert h.kitty_points == k
    assert h.score == s
    assert h.outcome == outcome
    assert h.levels_after == levels
    assert h.blood == 0  # 100 and 150 both lie in [80, 150]


# All six are trumps (jokers, 2s, the level 3D, and JH), but JH is a trump-suit plain card.
ALL_TRUMP = "BJ SJ 2C 3D 2S JH"


@pytest.mark.parametrize(("rules", "dry", "levels", "blood"), [
    # dalian-club: JH present → not dry; kings 2·1 + 1 = 3; keep S = 80: EW 3 + 1 + 3 = 7; blood 3 + 0
    ("dalian-club", False, {"EW": 7, "NS": 3}, 3),
    # gunzi-001 / classic: all six trumps → dry; kings count for nothing: EW 3 + 1 = 4; blood 0
    ("gunzi-001", True, {"EW": 4, "NS": 3}, 0),
    ("classic", True, {"EW": 4, "NS": 3}, 0),
])
def test_dry_pot_all_trumps(rules, dry, levels, blood):
    h = play(first_hand(declarer="E", kitty=ALL_TRUMP, points=80, last="decl"), rules=rules).hands[0]
    assert h.dry_pot is dry
    assert h.levels_after == levels
    assert h.blood == blood
    assert (h.big_jokers, h.small_jokers) == ((0, 0) if dry else (1, 1))


def test_kings_in_a_dry_pot_count_for_nothing():
    # BJ SJ 7C 8C 9C 4D: no heart → dry. Keep S = 80: EW 3 + 1 + 0 = 4; blood 0 (kings 0, score 0).
    h = play(first_hand(declarer="E", kitty="BJ SJ 7C 8C 9C 4D", points=80, last="decl")).hands[0]
    assert h.dry_pot is True
    assert (h.big_jokers, h.small_jokers) == (0, 0)
    assert h.levels_after == {"EW": 4, "NS": 3}
    assert (h.blood, h.blood_kings) == (0, 0)


def test_three_big_jokers_in_a_dry_pot_do_not_end_the_game():
    # §6.2: no three-king win in a dry pot. Keep S = 80: just EW +1.
    h = play(first_hand(declarer="E", kitty="BJ BJ BJ 7C 8C 9C", points=80, last="decl")).hands[0]
    assert h.dry_pot is True
    assert h.game_winner is None
    assert h.levels_after == {"EW": 4, "NS": 3}


def test_dry_pot_dig_stage_dug_with_kings_void():
    # Dry pot BJ BJ SJ 7C 8C 9C, dug S = 120 + 0 → stage dug: NS 3 + 1 (+0 kings) = 4; blood 0.
    h = play(first_hand(declarer="E", kitty="BJ BJ SJ 7C 8C 9C", points=120, last="def")).hands[0]
    assert h.outcome == "stage_dug"
    assert h.levels_after == {"EW": 3, "NS": 4}
    assert h.blood == 0


def test_no_bury_in_a_dry_pot():
    # §6.2: in a dry pot the declarer may not exchange the kitty.
    text = record(first_hand(kitty=DRY_25, bury="7C 8C 9C 4D 6D 6S  # !", points=50))
    assert_error_at(text, "dry pot")


def test_no_joker_burying_into_a_dry_pot():
    # §6.2: nobody may bury kings into a dry pot.
    text = record(first_hand(kitty=DRY_25, king="N BJ take 7C  # !", points=50))
    assert_error_at(text, "dry pot")


# --------------------------------------------------------------------------------------------------
# The smallest card (§2): non-trump before trump; lower in the order first; never a point card or a
# joker; equal standing (same rank, other suit) is the player's choice.

@pytest.mark.parametrize(("bury", "take"), [
    # non-trumps AC 4C 7D: the lowest is 4C
    ("AC 4C 7D 2S 3S JH", "4C"),
    # non-trumps 4C 4D 9S: 4C and 4D stand equal → either
    ("4C 4D 9S JH 2S 3D", "4C"),
    ("4C 4D 9S JH 2S 3D", "4D"),
    # 5C 10C KC are point cards: the smallest non-point non-trump is 6C
    ("5C 10C KC 6C 2S JH", "6C"),
    # only trumps are eligible (KC KD 5S are points): JH (other trump-suit card) < 2S < 3D → JH
    ("KC KD 5S JH 2S 3D", "JH"),
    # only trumps: 2S 2D 2C stand equal (2s of other suits) below the level card 3S → any 2
    ("2S 2D 2C 3S KC 5C", "2D"),
    ("2S 2D 2C 3S KC 5C", "2S"),
])
def test_smallest_card_legal(bury, take):
    # N buries one BJ (E's grab is the only other BJ: two in all).
    play(first_hand(bury=bury, king=f"N BJ take {take}", points=80))


@pytest.mark.parametrize(("bury", "take"), [
    ("AC 4C 7D 2S 3S JH", "7D"),   # 4C is lower
    ("AC 4C 7D 2S 3S JH", "JH"),   # a trump while non-trumps remain
    ("4C 4D 9S JH 2S 3D", "9S"),   # 4C/4D lower
    ("5C 10C KC 6C 2S JH", "5C"),  # a point card
    ("KC KD 5S JH 2S 3D", "2S"),   # JH is lower
    ("KC KD 5S JH 2S 3D", "KC"),   # a point card
    ("2S 2D 2C 3S KC 5C", "3S"),   # the 2s are lower
])
def test_smallest_card_illegal(bury, take):
    text = record(first_hand(bury=bury, king=f"N BJ take {take}  # !", points=80))
    assert_error_at(text, "cannot come out")


def test_smallest_card_never_a_joker():
    # Bury BJ + only point cards otherwise... plus 4C: the joker may not come out, 4C must.
    text = record(first_hand(declarer="E", bury="BJ 4C KC 10C 5C KD", king="N SJ take BJ  # !", points=80))
    assert_error_at(text, "cannot come out")


def test_a_joker_never_comes_out_even_when_it_is_the_only_non_point_card():
    # §6.4: the card that comes out is "never a point card and never a joker". Kitty BJ KC 10C 5C KD 5D:
    # the only card that is not a point card is the BJ, so nothing may come out and N may not bury
    # (a joker is the highest card, so only a kitty like this one tells "jokers excluded" apart from
    # "the smallest eligible card").
    text = record(first_hand(declarer="E", bury="BJ KC 10C 5C KD 5D", king="N SJ take BJ  # !", points=80))
    assert_error_at(text, "no card can come out")


@pytest.mark.parametrize(("bury", "take"), [
    ("5C 10C KC 5D 10D KD", "5C"),   # only point cards
    ("5C 10C KC SJ SJ 10D", "5C"),   # point cards and jokers
    ("5C 10C KC SJ SJ 10D", "SJ"),   # … and a joker does not come out instead
])
def test_no_eligible_card_no_joker_burying(bury, take):
    # §6.4: nobody may bury jokers when the kitty holds no non-point non-joker card.
    text = record(first_hand(bury=bury, king=f"N BJ take {take}  # !", points=80))
    assert_error_at(text, "no card can come out")


def test_two_jokers_take_the_two_smallest():
    # N buries BJ SJ: out come 4C then 7D (AC is higher). Final kitty AC BJ SJ 2S 3S JH.
    h = play(first_hand(bury="AC 4C 7D 2S 3S JH", king="N BJ SJ take 4C 7D", points=80)).hands[0]
    assert (h.big_jokers, h.small_jokers) == (1, 1)
    assert sorted(map(str, h.final_kitty)) == sorted("AC BJ SJ 2S 3S JH".split())
    # The second card out is the smallest of what is left (7D), not AC.
    text = record(first_hand(bury="AC 4C 7D 2S 3S JH", king="N BJ SJ take 4C AC  # !", points=80))
    assert_error_at(text, "cannot come out")


def test_buried_joker_rewards_the_side_that_wins_the_kitty():
    # N (a defender) buries BJ; EW keep S = 80: the reward goes to EW:
    # kings 2 → EW 3 + 1 + 2 = 6; blood 2 + 0 = 2 (paid by S to W).
    h = play(first_hand(bury="AC 4C 7D 2S 3S JH", king="N BJ take 4C", points=80)).hands[0]
    assert h.big_jokers == 1
    assert h.levels_after == {"EW": 6, "NS": 3}
    assert (h.blood, h.next_declarer, h.blood_giver) == (2, "W", "S")


@pytest.mark.parametrize(("bury", "take", "ok"), [
    # L of the trump suit (3H) stands above L of other suits (3S): 3S comes out first
    ("3H 3S KC 5C 10C KD", "3S", True),
    ("3H 3S KC 5C 10C KD", "3H", False),
    # level cards of other suits stand equal: any of them
    ("3S 3D 3C KC 5C 10C", "3D", True),
    ("3S 3D 3C KC 5C 10C", "3C", True),
    # 2 of the trump suit stands above 2 of other suits
    ("2H 2S KC 5C 10C KD", "2S", True),
    ("2H 2S KC 5C 10C KD", "2H", False),
    # a 2 (constant trump) stands above a plain heart
    ("2S QH KC 5C 10C KD", "QH", True),
    ("2S QH KC 5C 10C KD", "2S", False),
    # non-trumps: 9 < J < Q < A (10 and K are point cards)
    ("AC QD JS 9S KC 5C", "9S", True),
    ("AC QD JS 9S KC 5C", "JS", False),
    # A is the highest non-trump, below every trump
    ("AC 6H KC 5C 10C KD", "AC", True),
    ("AC 6H KC 5C 10C KD", "6H", False),
])
def test_smallest_card_order(bury, take, ok):
    text = record(first_hand(bury=bury, king=f"N BJ take {take}  # !", points=80))
    if ok:
        play(first_hand(bury=bury, king=f"N BJ take {take}", points=80))
    else:
        assert_error_at(text, "cannot come out")


def test_one_card_out_per_joker():
    # N buries two jokers but takes one card out.
    text = record(first_hand(bury="AC 4C 7D 2S 3S JH", king="N BJ SJ take 4C  # !", points=80))
    assert_error_at(text, "one card comes out for each joker")


def test_three_big_jokers_in_an_all_trump_kitty():
    # BJ BJ BJ 2C 3D JH: JH → not dry in dalian-club: three BJ kept with S = 80 < 120 → EW win.
    # gunzi-001: all six trumps → dry: no three-king win; keep → EW 3 + 1 = 4.
    kitty = "BJ BJ BJ 2C 3D JH"
    h = play(first_hand(declarer="E", kitty=kitty, points=80)).hands[0]
    assert (h.game_winner, h.game_reason) == ("EW", "three_jokers")
    h = play(first_hand(declarer="E", kitty=kitty, points=80), rules="gunzi-001").hands[0]
    assert h.dry_pot is True
    assert h.game_winner is None
    assert h.levels_after == {"EW": 4, "NS": 3}
