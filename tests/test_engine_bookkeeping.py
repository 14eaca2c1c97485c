"""The engine's bookkeeping behind its rulings: cards known per seat (§1.6), broken hands, how a hand's declarer
and trump were fixed (kept for the explanation), the games a hand ends. dalian-club; H1 E grabs, trump H.
"""

from __future__ import annotations

import pytest
from helpers import errors_of, first_hand, hand_text, line_of, play, record, run

from referee.games.gunzi.codes import Fixed, GameEnd
from referee.games.gunzi.results import HowFixed

H1 = first_hand(points=80)  # E keeps S = 80 → EW 4, next W, nothing owed


def hand(*lines: str) -> str:
    return "hand\n" + "".join(line + "\n" for line in lines)


def errors(text: str, rules: str = "dalian-club") -> list[tuple[int, str]]:
    return [(e.line, e.message) for e in errors_of(text, rules)]


FOURTH = "more than three copies of {} in this deal (there are only three decks)"


# --- cards known in a deal (§1.6) -------------------------------------------------------------------------

def test_a_flipped_card_counts_on_its_line():
    # E shows three 9C; S then flips a fourth: refused on the flip, before any kitty is seen.
    text = record(hand("show E 9C 9C 9C", "flip S 9C  # !", "flip E 8C", "flip W 10H", "flip N KS",
                       "kitty 9C 8C 10H KS JH 6D", "points 80", "last decl"))
    assert errors(text)[0] == (line_of(text), FOURTH.format("9C"))


def test_a_drawn_card_counts_on_its_line():
    text = record(H1, hand("show W 7D 7D 7D", "draw 7D  # !", "kitty 7D 4C 6C 8C 9C JD", "points 80", "last decl"))
    assert errors(text)[0] == (line_of(text), FOURTH.format("7D"))


def test_a_buried_joker_counts_for_the_seat_that_buried_it():
    # E grabbed with one BJ, the kitty holds two more: N burying a big joker shows a fourth.
    text = record(first_hand(kitty="BJ BJ 4C 6C 7C JH", king="N BJ take 4C  # !", points=80))
    assert errors(text) == [(line_of(text), FOURTH.format("BJ"))]


def test_two_seats_showing_the_same_cards_add_up():
    # E and S each show two AC: four aces of clubs. The count is per seat and added up across seats.
    text = record(hand("declare E BJ", "show E AC AC", "show S AC AC  # !", "show S AC AC", "trump H",
                       "kitty 4C 6C 7C 8C 9C JH", "points 80", "last decl"))
    # S showing the same two again adds nothing and is not refused a second time
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]


def test_fourth_copies_of_two_cards_are_named_in_order():
    text = record(hand("declare E BJ", "show E AS AS 4C 4C", "show W AS 4C", "trump H",
                       "kitty AS 4C 6C 7C 8C JH  # !", "points 80", "last decl"))
    assert errors(text) == [(line_of(text), FOURTH.format("4C AS"))]


def test_a_hand_with_a_fourth_copy_is_not_settled():
    _, r = run(record(first_hand(kitty="6H 6H 6H 7C 8C 9C", bury="6H 6H 6H 6H 8C 9C", points=80)))
    assert r.hands == ()


def test_the_declarers_show_after_the_bury_counts_what_they_hold():
    # E buries and shows AC AC AC (dealt to E: not from the kitty, no tribute); N showing a fourth AC is refused.
    text = record(first_hand(bury="4C 6C 7C 8C 9C 4D", points=80).replace(
        "points", "show E AC AC AC JH\nshow N AC  # !\npoints"))
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]


def test_a_second_king_after_the_big_joker_went_in():
    # N shows BJ SJ 4D and buries BJ first, then SJ: N holds no big joker by then (§6.3.2).
    text = record(hand("declare E BJ", "trump H", "show N BJ SJ 4D", "kitty 4C 6C 7C 8C 9C JH",
                       "king N BJ take 4C", "king N SJ take 6C", "points 80", "last decl"))
    assert errors(text) == []


# --- broken hands: one error, never settled ------------------------------------------------------------

@pytest.mark.parametrize(("lines", "later", "message"), [
    (["declare E BJ"], False, "E grabbed: record the trump suit drawn next ('trump SUIT')"),
    (["flip E 9C", "flip S QD"], False, "every player flips a card: no flip from W, N"),
    (["declarer E"], False, "record the trump suit of the first hand ('trump SUIT')"),
    ([], False, "hand 1 is a game's first hand: record a grab ('declare SEAT BJ'), four flips, or 'declarer SEAT'"),
    (["draw SJ"], True, "the draw ended on a joker: draw on to the first suited card"),
    ([], True, "hand 2 has no trump: record declarations, a 'draw' or 'trump SUIT'"),
])
def test_a_hand_broken_in_declaring_is_reported_once(lines, later, message):
    # No kitty either: the hand cannot be settled, and saying so again at 'last' would be a second report of
    # the same problem.
    text = record(*([H1] if later else []), hand(*lines, "points 80  # !", "last decl"))
    assert errors(text) == [(line_of(text), message)]
    _, r = run(text)
    assert len(r.hands) == (1 if later else 0)


def test_a_hand_without_a_kitty_may_still_count_every_point():
    # No kitty recorded: all 300 points may be the defenders'; the only error is the missing kitty at 'last'.
    text = record(hand("declare E BJ", "trump H", "points 300", "last decl  # !"))
    assert errors(text) == [(line_of(text), "hand 1 has no 'kitty': it cannot be settled")]


def test_a_king_in_a_broken_first_hand_is_judged_at_level_3():
    # E grabbed without 'trump': the hand is broken but its level is 3 (§4.1.3), so 3C is a level card (a trump)
    # and 4C the smallest card that may come out.
    text = record(hand("declare E BJ", "kitty 3C 4C 6C 7C 8C JH", "king N BJ take 3C  # !", "points 80",
                       "last decl"))
    assert errors(text)[-1] == (line_of(text), "3C cannot come out: the smallest card in the kitty is 4C "
                                               "(non-trump before trump, never a point card or a joker; §6.4.1, §2.3)")


def test_points_that_do_not_add_up_name_the_kitty():
    text = record(first_hand(kitty="5C 10C KC 7C 8C JH", points=80).replace(
        "last", "declarer-points 150  # !\nlast"))
    assert errors(text) == [(line_of(text), "points do not add up: defenders 80 + declarers 150 + kitty 25 = 255, "
                                            "not 300")]


def test_directives_of_a_refused_hand_are_skipped_and_reading_goes_on():
    # Time at 3/3 with nobody first awaits a ruling (§7.3.5): the next hand is refused and its lines skipped,
    # but the ruling after them is read and decides the game.
    text = record(first_hand(points=120, after="time"), "hand  # !\ndeclare S BJ\ntrump H\n",
                  "ruling winner=NS played on\n")
    assert errors(text) == [(line_of(text), "game 1 ended on time with the levels tied: record a 'ruling' first")]
    _, r = run(text)
    assert [(g.winner, g.reason) for g in r.games] == [("NS", GameEnd.ruling)]


def test_a_redeal_after_the_match_names_the_settled_hand():
    text = record(first_hand(points=0, after="redeal  # !"), rules="gunzi-001")
    assert errors(text, "gunzi-001") == [(line_of(text), "hand 1 is already settled: it cannot be redealt")]


# --- how declarer and trump were fixed (kept for the explanation) --------------------------------------------

@pytest.mark.parametrize(("hands", "how"), [
    ([first_hand(points=80)], HowFixed(Fixed.grab, "E")),
    ([first_hand(declarer="E", points=80)], HowFixed(Fixed.given, "E")),
    ([H1, hand_text(trump="H", points=80)], HowFixed(Fixed.stated)),
])
def test_how_the_hand_was_fixed(hands, how):
    assert play(*hands).hands[-1].how == how


def test_how_a_flip_and_a_draw_fixed_the_hand():
    h = play(first_hand(flip=["E 9C", "S QD", "W 10H", "N KS"], kitty="9C QD 10H KS JH 6D", points=80)).hands[0]
    assert (h.how.kind, h.how.seat, [str(c) for c in h.how.cards]) == (Fixed.flip, "W", ["9C", "QD", "10H", "KS"])
    h = play(H1, hand_text(draw=["SJ", "7D"], kitty="SJ 7D 4C 6C 8C 9C", points=80)).hands[1]
    assert (h.how.kind, h.how.seat, [str(c) for c in h.how.cards]) == (Fixed.drawn, "W", ["SJ", "7D"])


def test_a_game_ended_by_a_hand_keeps_that_hands_last_line():
    text = record(first_hand(points="0  # a"))
    _, r = run(text)
    (g,) = r.games
    assert (g.winner, g.reason, g.last_hand, g.line, g.explain) == ("EW", GameEnd.zero, 1, line_of(text, "# a") + 1,
                                                                    ())


def test_a_long_shown_hand_counts_each_card_as_often_as_it_is_there():
    # E shows ten cards, three of them 5H (a shown hand of more than eight cards is counted in one pass): E holds at
    # least three 5H. S showing one more makes four known in the deal: refused on S's line (§1.6). Nine cards with
    # two 5H and then one by S make three: no refusal.
    text = record(hand("declare E BJ", "show E 5H 5H 5H 3C 4C 6C 7C 8C 9C 10C", "show S 5H  # !", "trump H",
                       "kitty 4D 6D 7D 8D 9D JD", "points 80", "last decl"))
    assert errors(text) == [(line_of(text), FOURTH.format("5H"))]
    text = record(hand("declare E BJ", "show E 5H 5H 3C 4C 6C 7C 8C 9C 10C", "show S 5H", "trump H",
                       "kitty 4D 6D 7D 8D 9D JD", "points 80", "last decl"))
    assert errors(text) == []


def test_a_seat_showing_a_card_again_adds_only_its_new_copies():
    # E shows one AC, then two: E holds at least two (one more known, not two more). S showing two more makes
    # four aces of clubs known in the deal: refused on S's line (§1.6).
    text = record(hand("declare E BJ", "show E AC", "show E AC AC", "show S AC AC  # !", "trump H",
                       "kitty 4C 6C 7C 8C 9C JH", "points 80", "last decl"))
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]
