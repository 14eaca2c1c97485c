"""Declaring (§4): the first-hand grab and flips, overcall legality in later hands; tribute and riot (§5).

Later hands here follow H1 = E keeps with S = 80 (EW 4, blood 0, next W) or S = 75 (blood 1, paid by
S, W's 上家), so the second hand has declarer W at level 4: level cards are 4s.
"""

from __future__ import annotations

import pytest
from helpers import assert_error_at, errors_of, first_hand, hand_text, play, record, run

# --- first hand: flips (§4.1) --------------------------------------------------------------------------
# Flip order: 10 high, 9 … 2, then A K Q J equal and lowest. Equal best: the earlier flipper.

FLIPS_1 = ["E 9C", "S QD", "W 10H", "N KS"]
KITTY_1 = "9C QD 10H KS JH 6D"  # holds the four flips; JH plain for trump H, 6D for trump D; K = 20


@pytest.mark.parametrize(("rules", "declarer", "trump"), [
    ("dalian-club", "W", "H"),  # highest: 10H
    ("gunzi-001", "W", "H"),    # highest: 10H
    ("classic", "S", "D"),      # lowest: Q (S) and K (N) equal lowest → the earlier flipper S
])
def test_flip_winner(rules, declarer, trump):
    h = play(first_hand(flip=FLIPS_1, kitty=KITTY_1, points=80), rules=rules).hands[0]
    assert (h.declarer, h.trump, h.level) == (declarer, trump, 3)


@pytest.mark.parametrize(("rules", "declarer", "trump"), [
    ("dalian-club", "W", "H"),  # highest: 7H (2 is below 3 in the flip order, above A)
    ("classic", "S", "D"),      # lowest: the ace, below the 2
])
def test_flip_ace_is_below_two(rules, declarer, trump):
    h = play(first_hand(flip=["E 2C", "S AD", "W 7H", "N 3S"], kitty="2C AD 7H 3S JH 6D", points=80),
             rules=rules).hands[0]
    assert (h.declarer, h.trump) == (declarer, trump)


@pytest.mark.parametrize("rules", ["dalian-club", "classic"])
def test_flip_a_k_q_j_are_all_equal(rules):
    # §4.1: "A K Q J are all equal and lowest"; equal best flips: the earlier flipper wins. E KC, S JD,
    # W AH, N QS are four equal flips, so E declares with either rule (highest or lowest), trump C.
    # (Ranking them J < Q < K < A instead would give W or S.)
    h = play(first_hand(flip=["E KC", "S JD", "W AH", "N QS"], kitty="KC JD AH QS 7C 6D", points=80),
             rules=rules).hands[0]
    assert (h.declarer, h.trump) == ("E", "C")


def test_flip_equal_best_earlier_flipper_wins():
    # E and W both flip a 10: E flipped first → E declares, trump clubs.
    h = play(first_hand(flip=["E 10C", "S 7D", "W 10H", "N 3S"], kitty="10C 7D 10H 3S JC 4C",
                        points=80)).hands[0]
    assert (h.declarer, h.trump) == ("E", "C")


def test_flipped_joker_is_flipped_again():
    # E flips BJ, flips again 8C; highest of 8C 9D 4H JS is 9D → S, trump D.
    h = play(first_hand(flip=["E BJ", "E 8C", "S 9D", "W 4H", "N JS"], kitty="BJ 8C 9D 4H JS 6D",
                        points=100)).hands[0]
    assert (h.declarer, h.trump) == ("S", "D")


# §4.1.1: a grab "cannot be overcalled": whatever is shown after it is refused with that rule. The
# record: line 1 match, 2 hand, 3 the grab (declare E BJ), 4 the declaration after it.
GRABBED = "E already grabbed at line 3: a grab cannot be overcalled"


@pytest.mark.parametrize("declare", ["S 3H 3H  # !", "S 3H 3H 3H  # !", "S BJ BJ as C  # !", "W SJ SJ SJ as D  # !"])
def test_grab_cannot_be_overcalled(declare):
    text = record(hand_text(grab="E", declare=declare, trump="H", points=80))
    assert [e.message for e in assert_error_at(text)] == [GRABBED]


def test_grab_cannot_be_overcalled_by_another_grab():
    text = record(hand_text(grab="E", declare="S BJ  # !", trump="H", points=80))
    assert [e.message for e in assert_error_at(text)] == [GRABBED]


def test_level_cards_in_a_first_hand_without_a_grab_are_not_a_declaration():
    # §4.1: a game's first hand is decided by the grab or the flips; level cards declare from §4.2 on.
    text = record(hand_text(declare="S 3H 3H  # !", declarer="E", trump="H", points=80))
    assert [e.message for e in assert_error_at(text)] == [
        "in a game's first hand only one big joker grabs (抢亮大王); level cards declare from the second hand on"]


# --- later hands: overcall legality (§4.2) -----------------------------------------------------------

def _second(declare, **kw):
    kw.setdefault("points", 80)
    return [first_hand(points=80), hand_text(declare=declare, **kw)]


@pytest.mark.parametrize(("declare", "trump"), [
    (["S 4S", "W 4H 4H"], "H"),                       # pair beats single
    (["S 4S 4S", "W 4H 4H 4H"], "H"),                 # triple beats pair
    (["S 4S", "W 4H 4H 4H"], "H"),                    # triple beats single
    (["S 4S 4S 4S", "W SJ SJ SJ as D"], "D"),         # 3 SJ beat 3 level cards
    (["W SJ SJ SJ as D", "N BJ BJ BJ as C"], "C"),    # 3 BJ beat 3 SJ; a defender's suit is trump
    (["S 4S"], "S"),                                  # a lone declaration by a defender fixes trump
])
def test_legal_declarations(declare, trump):
    r = play(*_second(declare))
    h = r.hands[1]
    assert h.declarer == "W"  # the declarer is fixed by H1, whoever names the suit
    assert h.level == 4
    assert h.trump == trump


# §4.2.3: an overcall is strictly stronger. The record: line 1 match, hand 1 on lines 2-7 (hand, declare E
# BJ, trump H, kitty, points 80, last decl), hand 2 from line 8: its first declaration on line 9.
OVERCALL = ("{new} does not beat {seat}'s {old} (line 9): an overcall needs more identical cards, or three small "
            "jokers over three level cards, three big over three small")


@pytest.mark.parametrize(("declare", "message"), [
    (["S 4S 4S", "W 4H  # !"], OVERCALL.format(new="4H", seat="S", old="4S 4S")),  # a single does not beat a pair
    (["S 4S 4S", "N 4H 4H  # !"], OVERCALL.format(new="4H 4H", seat="S", old="4S 4S")),  # equal strength
    (["S 4S 4S 4S", "N 4H 4H 4H  # !"], OVERCALL.format(new="4H 4H 4H", seat="S", old="4S 4S 4S")),  # equal triples
    (["S 4S 4S 4S", "W 4H 4H  # !"], OVERCALL.format(new="4H 4H", seat="S", old="4S 4S 4S")),  # pair under triple
    # equal: 3 SJ vs 3 SJ. Only three small jokers exist (§1.6), so the same seat shows them again
    # naming another suit: equal strength, refused by the overcall rule (not by the copies check).
    (["W SJ SJ SJ as D", "W SJ SJ SJ as C  # !"], OVERCALL.format(new="SJ SJ SJ", seat="W", old="SJ SJ SJ")),
    (["W BJ BJ BJ as C", "S SJ SJ SJ as D  # !"], OVERCALL.format(new="SJ SJ SJ", seat="W", old="BJ BJ BJ")),
    (["W SJ SJ SJ as D", "N 4H 4H 4H  # !"], OVERCALL.format(new="4H 4H 4H", seat="W", old="SJ SJ SJ")),
    (["W BJ BJ BJ as D", "W BJ BJ BJ as C  # !"], OVERCALL.format(new="BJ BJ BJ", seat="W", old="BJ BJ BJ")),
    (["S 4S 4H  # !"], "a declaration shows identical cards, not 4S 4H"),                  # §4.2.2: mixed cards
    (["S 5S  # !"], "5S is not a level card: this hand is played at level 4"),            # §4.2.2, level 4
    (["S 4S 4S 4S 4S  # !"], "more than three copies of 4S in this deal (there are only three decks)"),  # §1.6
    (["S SJ SJ as D  # !"], "jokers declare only as three of a kind"),                   # §4.2.2
    (["S BJ  # !"], "a single big joker grabs only in a game's first hand"),               # §4.1.1
    (["S 4S as H  # !"], "only three jokers name a suit with 'as'; level cards declare their own suit"),  # §4.2.2
])
def test_illegal_declarations(declare, message):
    assert [e.message for e in assert_error_at(record(*_second(declare)))] == [message]


def test_six_small_jokers_in_one_deal_are_refused_as_copies():
    # W and N each show three small jokers: six in one deal, where three exist (§1.3, §1.6).
    text = record(*_second(["W SJ SJ SJ as D", "N SJ SJ SJ as C  # !"]))
    assert [e.message for e in assert_error_at(text)] == [
        "more than three copies of SJ in this deal (there are only three decks)"]


# --- tribute (§5) -----------------------------------------------------------------------------------

def _tribute_chain(**kw):
    # H1 E keep S = 75 → EW 4; blood ceil(5/10) = 1, owed to W by W's 上家 S.
    kw.setdefault("trump", "H")
    kw.setdefault("points", 80)
    return [first_hand(points=75), hand_text(**kw)]


def test_tribute_paid():
    r = play(*_tribute_chain(tribute="S AC"))
    h = r.hands[1]
    assert h.tribute.giver == "S" and h.tribute.receiver == "W"
    assert h.tribute.owed == 1
    assert [str(c) for c in h.tribute.cards] == ["AC"]
    # keep S = 80: +3; tribute 1 card: EW +1 → EW +4, NS −4
    assert h.ledger_change == {"EW": 4, "NS": -4}


def point_card(card: str) -> str:
    """§5.2: no point card is given, except the 5s at level 5 and the 10s at level 10; a K never."""
    return (f"{card} is a point card: point cards are not given in tribute (only the 5s at level 5 and the 10s at "
            "level 10; Ks never)")


def test_tribute_wrong_count():
    # One blood is owed (ceil(5/10) = 1): two cards are refused.
    hits = assert_error_at(record(*_tribute_chain(tribute="S AC AD  # !")))
    assert [e.message for e in hits] == ["S owes 1 blood to W; 2 cards given"]


def test_tribute_wrong_giver():
    # §5.2, §1.2: the declarer W's upper hand is S (play runs E → S → W → N), not N.
    hits = assert_error_at(record(*_tribute_chain(tribute="N AC  # !")))
    assert [e.message for e in hits] == [
        "the tribute comes from S, the upper hand (上家) of the declarer W, not from N"]


@pytest.mark.parametrize("card", ["KC", "5C", "10C"])
def test_tribute_point_card_at_level_4(card):
    assert [e.message for e in assert_error_at(record(*_tribute_chain(tribute=f"S {card}  # !")))] == [point_card(card)]


def test_tribute_missing_is_an_error():
    # S owes W 1 blood (ceil(5/10)); nothing is given: the error is on the kitty line, the first
    # directive after the tribute phase, and it names the debt.
    text = record(first_hand(points=75), hand_text(trump="H", kitty="4C 6C 7C 8C 9C JH  # !", points=80))
    (hit,) = assert_error_at(text, "no tribute recorded")
    assert "S owes 1 blood to W" in hit.message
    assert len(errors_of(text)) == 1
    # The hand is still settled, and its result keeps the debt: S owed W 1 blood, nothing given or waived.
    _, result = run(text)
    t = result.hands[1].tribute
    assert tuple(t) == ("S", "W", 1, (), None, None, ())  # giver, receiver, owed, cards, waived, riot seat, riot cards


def _level5_chain(tribute):
    # H1 E buries one SJ, keep S = 80 → EW 3 + 1 + 1 = 5; blood kings 1 + score 0 = 1, S pays W.
    return [first_hand(bury="SJ 6C 7C 8C 9C JH", points=80),
            hand_text(trump="H", tribute=tribute, points=80)]


def test_tribute_fives_at_level_5():
    r = play(*_level5_chain("S 5C"))
    assert r.hands[1].level == 5


def test_tribute_king_never_even_at_level_5():
    assert [e.message for e in assert_error_at(record(*_level5_chain("S KC  # !")))] == [point_card("KC")]


def test_tribute_tens_at_level_10():
    # H1 E keep S = 80 with kings 6 → EW 10; blood 6 from S to W. W gives 10s at level 10: fine.
    play(first_hand(declarer="E", kitty="BJ BJ SJ SJ JH 7C", points=80),
         hand_text(trump="H", tribute="S 10D 10S 10C AS AD QS", points=80))


def test_tribute_king_at_level_10():
    text = record(first_hand(declarer="E", kitty="BJ BJ SJ SJ JH 7C", points=80),
                  hand_text(trump="H", tribute="S KD 10S 10C AS AD QS  # !", points=80))
    assert [e.message for e in assert_error_at(text)] == [point_card("KD")]


def test_waive():
    r = play(*_tribute_chain(waive=True))
    assert r.hands[1].tribute.waived == "waive"


# --- riot (§5, dalian-club only) -------------------------------------------------------------------------

@pytest.mark.parametrize("riot", ["N SJ SJ SJ", "S BJ BJ BJ", "S SJ SJ SJ"])
def test_riot_waives_tribute_dalian(riot):
    r = play(*_tribute_chain(riot=riot))
    h = r.hands[1]
    assert h.tribute.waived == "riot"
    assert h.tribute.riot_seat == riot[0]
    # no tribute entries in the ledger: keep S = 80 → ±3 only
    assert h.ledger_change == {"EW": 3, "NS": -3}


@pytest.mark.parametrize("rules", ["gunzi-001", "classic"])
def test_riot_is_an_error_without_the_rule(rules):
    # §5.4: the riot is the club draft's only (tribute.riot); the other rule sets refuse it.
    hits = assert_error_at(record(*_tribute_chain(riot="N SJ SJ SJ  # !"), rules=rules), rules=rules)
    assert [e.message for e in hits] == [f"riot (暴动) is not part of the {rules} rules (tribute.riot = false)"]


def test_riot_by_the_receiving_side_is_an_error():
    # E is W's partner: the declarer side (EW) does not pay and cannot riot (§5.4: the paying side, NS).
    hits = assert_error_at(record(*_tribute_chain(riot="E SJ SJ SJ  # !")))
    assert [e.message for e in hits] == ["only the paying side (NS) riots; E is on the receiving side"]


def test_riot_needs_three_identical_jokers():
    # §5.4: three big jokers or three small jokers; two small and a big are neither.
    hits = assert_error_at(record(*_tribute_chain(riot="N SJ SJ BJ  # !")))
    assert [e.message for e in hits] == ["a riot shows three big jokers or three small jokers"]


def test_draw_fixes_trump_passing_over_jokers():
    # H2 (W, level 4): nobody declares; W draws SJ (passed over), then 9D → trump D.
    r = play(first_hand(points=80), hand_text(draw=["SJ", "9D"], kitty="SJ 9D 6D 7C 8C JH", points=100))
    assert r.hands[1].trump == "D"


def test_three_jokers_must_name_a_suit():
    # §4.2.2: three jokers "may name any suit (never no-trump)": without 'as' they name none.
    hits = assert_error_at(record(*_second(["W SJ SJ SJ  # !"])))
    assert [e.message for e in hits] == ["three jokers name a suit: add 'as S|H|C|D' (never no-trump)"]


def test_tribute_when_none_is_owed():
    # H1 S = 80 → blood 0: a tribute in H2 is wrong.
    text = record(first_hand(points=80), hand_text(trump="H", tribute="S AC  # !", points=80))
    assert [e.message for e in assert_error_at(text)] == ["no blood is owed this hand; 1 card given"]


def test_tribute_after_stage_comes_from_the_old_declarer():
    # H1 E stage kept S = 160 → blood floor(10/10) = 1; next S (E's 下家), paid by S's 上家 E.
    r = play(first_hand(points=160), hand_text(trump="H", tribute="E AC", points=80))
    assert r.hands[1].declarer == "S"
    assert r.hands[1].tribute.giver == "E"


def test_tribute_five_at_level_10_is_a_point_card():
    # at level 10 the 10s may be given, not the 5s
    text = record(first_hand(declarer="E", kitty="BJ BJ SJ SJ JH 7C", points=80),
                  hand_text(trump="H", tribute="S 5D 10S 10C AS AD QS  # !", points=80))
    assert [e.message for e in assert_error_at(text)] == [point_card("5D")]


def test_tribute_ten_at_level_5_is_a_point_card():
    assert [e.message for e in assert_error_at(record(*_level5_chain("S 10C  # !")))] == [point_card("10C")]


@pytest.mark.parametrize(("declare", "trump"), [
    (["W 4H", "W 4H 4H"], "H"),                     # W reinforces a single to a pair
    (["S 4S", "W 4H 4H", "S 4S 4S 4S"], "S"),       # S comes back with a triple
])
def test_reinforcement(declare, trump):
    assert play(*_second(declare)).hands[1].trump == trump


# --- `show`: a hand laid open lets the engine judge "largest" and "big jokers first" ------------------

def _shown_tribute(tribute):
    # H1 E keep S = 75 → blood 1 from S to W; H2 at level 4, trump H. S lays open KC AC 4D 2C:
    # order (§2): 4D (level card) > 2C (a 2) > AC (non-trump); KC is a point card and never given.
    return [first_hand(points=75),
            hand_text(trump="H", tribute=f"S {tribute}", points=80).replace("hand\n", "hand\nshow S KC AC 4D 2C\n", 1)]


def test_shown_tribute_largest_card_given():
    play(*_shown_tribute("4D"))


@pytest.mark.parametrize("card", ["AC  # !", "2C  # !"])
def test_shown_tribute_not_the_largest(card):
    # §5.2: the giver's largest card; S holds 4D, the level card, above 2C and AC (§2.2 at level 4).
    hits = assert_error_at(record(*_shown_tribute(card)))
    assert [e.message for e in hits] == [
        f"S gave {card[:2]} but holds 4D: the tribute is the giver's largest cards (§5.2)"]


def test_shown_big_joker_buried_before_small():
    # E lays open BJ SJ 9D: burying SJ while keeping the BJ breaks "big jokers first" (§6.3).
    text = record(first_hand(declarer="E", bury="SJ 7C 8C 9C JH 6C  # !", points=80)
                  .replace("hand\n", "hand\nshow E BJ SJ 9D\n", 1))
    # dalian-club: kitty.three_small_jokers_without_big = true (§6.3.3), so the refusal names the exception.
    assert [e.message for e in assert_error_at(text)] == [
        "big jokers are buried before small ones (§6.3.2): a big joker is held; only three small jokers may be "
        "buried without the big ones (kitty.three_small_jokers_without_big, §6.3.3)"]
    play(first_hand(declarer="E", bury="BJ SJ 8C 9C JH 6C", points=80).replace("hand\n", "hand\nshow E BJ SJ 9D\n", 1))


def test_a_tribute_of_two_cards_when_none_is_owed():
    # H1 S = 80 → blood 0 (§7.2.3: S ≥ 80 owes no score blood): two cards given in H2 are two too many, and the
    # message counts them in the plural (in Chinese the same words for any number).
    text = record(first_hand(points=80), hand_text(trump="H", tribute="S AC KC  # !", points=80))
    hits = assert_error_at(text)
    assert [e.message for e in hits] == ["no blood is owed this hand; 2 cards given"]
    assert [e.msg.text("zh") for e in hits] == ["这一副不欠血，却进贡了2张"]
