"""The table state (``MatchResult.state``): what a referee at the table needs next, after any line.

Each expected state is worked out by hand from the rules: who declares and what is trump so far (§4), the
blood owed and who pays it (§5, §7.2), the level of the declarer's team (§3.4), the directives that may
come next (docs/record-format.md's phase order). Every field is compared, so a view that drops or
changes one (a None for a False, a trump forgotten) fails here.
"""

from __future__ import annotations

import pytest
from helpers import first_hand, record, run

from referee.games.gunzi.codes import Phase
from referee.games.gunzi.results import TableState
from referee.games.gunzi.ruleset import load

START = {"EW": 3, "NS": 3}  # §3.2: both teams start a game at level 3
NO_WARNINGS = {"EW": 0, "NS": 0}
BETWEEN = ("hand", "warn", "ruling")


def state(*lines: str, rules: str = "dalian-club", before: str = "") -> TableState:
    text = f"match id=T-1 rules={rules}\n" + before + "".join(line + "\n" for line in lines)
    rec, result = run(text, rules)
    assert not rec.errors and not result.errors, [str(e) for e in (*rec.errors, *result.errors)]
    return result.state


def table(**kw: object) -> TableState:
    """The state before the match's first hand, with *kw* changed."""
    base = dict(game=1, hand=1, in_hand=False, phase=Phase.between_hands, levels=START, declarer=None, trump=None,
                level=None, blood_owed=0, blood_giver=None, expected=BETWEEN + ("time",), match_over=False,
                warnings=NO_WARNINGS, points_so_far=0, blood_settled=None, blood_due=0)
    base.update(kw)
    return TableState(**base)


# --- a game's first hand (§4.1) -------------------------------------------------------------------------

def test_before_the_first_hand():
    # dalian-club plays to a time limit (match.time_limit_minutes = 50, §7.3.5): 'time' may come too.
    assert state() == table()
    # gunzi-001 has no time limit: no 'time'.
    assert state(rules="gunzi-001") == table(expected=BETWEEN)


def test_a_first_hand_before_any_declaration():
    # §4.1: a grab (declare), the flips, or a stated declarer.
    assert state("hand") == table(in_hand=True, phase=Phase.declaring, expected=("declare", "flip", "declarer"))


def test_a_grab_names_the_declarer_then_trump_is_recorded():
    # §4.1.1: E grabs; trump is the suit of the card E draws next, recorded with 'trump'. EW play at 3.
    grab = table(in_hand=True, phase=Phase.declaring, declarer="E", level=3)
    assert state("hand", "declare E BJ") == grab._replace(expected=("trump",))
    assert state("hand", "declare E BJ", "trump H") == grab._replace(trump="H", expected=("kitty",))


def test_a_stated_declarer():
    stated = table(in_hand=True, phase=Phase.declaring, declarer="S", level=3)
    assert state("hand", "declarer S") == stated._replace(expected=("trump",))
    assert state("hand", "declarer S", "trump C") == stated._replace(trump="C", expected=("kitty",))


@pytest.mark.parametrize(("rules", "declarer", "trump"), [
    ("dalian-club", "W", "H"),  # §4.1.2 highest wins: 10H (10 is the highest flip)
    ("classic", "S", "D"),      # lowest wins: QD and KS equal lowest, the earlier flipper S
])
def test_flips_name_nobody_until_all_four_have_flipped(rules, declarer, trump):
    flips = ["flip E 9C", "flip S QD", "flip W 10H"]
    partial = table(in_hand=True, phase=Phase.declaring, expected=("flip",))
    assert state("hand", *flips, rules=rules) == partial
    # A joker is flipped again (§4.1.2): N's BJ leaves the flips incomplete.
    assert state("hand", *flips, "flip N BJ", rules=rules) == partial
    done = table(in_hand=True, phase=Phase.declaring, declarer=declarer, trump=trump, level=3, expected=("kitty",))
    assert state("hand", *flips, "flip N KS", rules=rules) == done


# --- later hands (§4.2) ------------------------------------------------------------------------------

H1_KEEP_80 = first_hand(points=80)  # E keeps with S = 80: EW 3 → 4, no blood (§7.2.3), next W (§7.4)
H1_KEEP_75 = first_hand(points=75)  # the same with S = 75: blood ceil((80 − 75) / 10) = 1, paid by S to W


def test_between_hands_the_next_declarer_and_the_blood_owed():
    assert state(before=H1_KEEP_80) == table(hand=2, levels={"EW": 4, "NS": 3}, declarer="W", level=4)
    assert state(before=H1_KEEP_75) == table(hand=2, levels={"EW": 4, "NS": 3}, declarer="W", level=4,
                                             blood_owed=1, blood_giver="S", blood_due=1)


def test_a_later_hand_declared_drawn_or_stated():
    later = table(hand=2, in_hand=True, phase=Phase.declaring, levels={"EW": 4, "NS": 3}, declarer="W", level=4)
    assert state("hand", before=H1_KEEP_80) == later._replace(expected=("declare", "draw", "trump"))
    # S shows a 4 of spades: trump S so far; another declaration may overcall it, or the kitty comes.
    assert state("hand", "declare S 4S", before=H1_KEEP_80) == later._replace(trump="S", expected=("declare", "kitty"))
    # Nobody declares: W draws SJ (passed over, §4.2.4), then 9D: trump D.
    assert state("hand", "draw SJ 9D", before=H1_KEEP_80) == later._replace(trump="D", expected=("kitty",))
    # Two jokers passed over, then 9D: the last card drawn names the trump.
    assert state("hand", "draw SJ BJ 9D", before=H1_KEEP_80) == later._replace(trump="D", expected=("kitty",))
    assert state("hand", "trump C", before=H1_KEEP_80) == later._replace(trump="C", expected=("kitty",))


def test_blood_owed_then_paid():
    owing = table(hand=2, in_hand=True, phase=Phase.declaring, levels={"EW": 4, "NS": 3}, declarer="W", level=4,
                  trump="S", blood_owed=1, blood_giver="S", blood_due=1)
    assert state("hand", "declare S 4S", before=H1_KEEP_75) == owing._replace(
        expected=("declare", "tribute", "riot", "waive"))
    # S pays one card (§5.2): the blood is settled by the tribute, nothing is still due; the kitty comes.
    assert state("hand", "declare S 4S", "tribute S AC", before=H1_KEEP_75) == owing._replace(
        phase=Phase.tribute, expected=("kitty",), blood_settled="tribute", blood_due=0)
    assert state("hand", "declare S 4S", "waive", before=H1_KEEP_75) == owing._replace(
        phase=Phase.tribute, expected=("kitty",), blood_settled="waive", blood_due=0)


def test_a_riot_settles_the_blood_and_a_refused_tribute_leaves_it_owed():
    owing = table(hand=2, in_hand=True, phase=Phase.tribute, levels={"EW": 4, "NS": 3}, declarer="W", level=4,
                  trump="S", blood_owed=1, blood_giver="S")
    # §5.4: N (of the paying side NS) shows three small jokers: the tribute is waived by the riot.
    assert state("hand", "declare S 4S", "riot N SJ SJ SJ", before=H1_KEEP_75) == owing._replace(
        expected=("kitty",), blood_settled="riot")
    # Two cards for one blood owed are refused (§5.2): the blood is still due, a tribute, riot or waiver next.
    text = "match id=T-1 rules=dalian-club\n" + H1_KEEP_75 + "hand\ndeclare S 4S\ntribute S AC AD\n"
    _, result = run(text)
    assert [e.message for e in result.errors] == ["S owes 1 blood to W; 2 cards given"]
    assert result.state == owing._replace(expected=("tribute", "riot", "waive"), blood_due=1)


def test_a_stated_trump_with_blood_owed_waits_for_the_tribute():
    assert state("hand", "trump C", before=H1_KEEP_75) == table(
        hand=2, in_hand=True, phase=Phase.declaring, levels={"EW": 4, "NS": 3}, declarer="W", level=4, trump="C",
        blood_owed=1, blood_giver="S", blood_due=1, expected=("tribute", "riot", "waive"))


def test_a_first_hands_trump_is_shown_with_its_declarer():
    # §4.1: the first hand's trump goes with the grab, the flips or the stated declarer; stated before any
    # of them, it is not shown yet, and the declaring is still open.
    assert state("hand", "trump H") == table(in_hand=True, phase=Phase.declaring,
                                             expected=("declare", "flip", "declarer"))


# --- the kitty, the play, the end of the hand -----------------------------------------------------------

GRABBED_H = ("hand", "declare E BJ", "trump H")
IN_PLAY = table(in_hand=True, declarer="E", trump="H", level=3)


def test_a_kitty_that_is_not_dry_is_buried_next():
    # 4C 6C 7C 8C 9C JH: JH is a trump-suit plain card under trump H (§2.4): not dry (§6.2.1).
    assert state(*GRABBED_H, "kitty 4C 6C 7C 8C 9C JH") == IN_PLAY._replace(phase=Phase.kitty, expected=("bury",))


def test_a_dry_kitty_goes_straight_to_the_play():
    # 4C 6C 7C 8C 9C JS: no card of suit H at all: a dry pot (§6.2.1), no bury, no kings (§6.2.2).
    assert state(*GRABBED_H, "kitty 4C 6C 7C 8C 9C JS") == IN_PLAY._replace(
        phase=Phase.kitty, expected=("points", "last"))


def test_after_the_bury_and_during_the_play():
    buried = (*GRABBED_H, "kitty 4C 6C 7C 8C 9C JH", "bury 4C 6C 7C 8C 9C JH")
    assert state(*buried) == IN_PLAY._replace(phase=Phase.kings, expected=("king", "points", "last"))
    # 25 + 35 points taken by the defenders so far.
    assert state(*buried, "points 25", "points 35") == IN_PLAY._replace(
        phase=Phase.points, expected=("points", "declarer-points", "last"), points_so_far=60)


def test_warnings_are_counted_per_team():
    assert state("warn N slow", "warn S talk", "warn E noise") == table(warnings={"EW": 1, "NS": 2})


# --- the end of the match (§3.3) and a ruling awaited (§7.3.5) ---------------------------------------------

def test_the_match_over():
    # dalian-club: two games win the match (§3.3); E and then W grab and the defenders score 0 (§7.3.1):
    # EW win both games. Game 2's hand is a keep (§7.1: declarers +1, EW 3 → 4) and no third game resets the
    # levels (§3.2). Nothing is owed or declared any more.
    over = state(before=first_hand(points=0) + first_hand(grab="W", points=0))
    assert over == table(game=2, hand=3, phase=Phase.match_over, levels={"EW": 4, "NS": 3}, expected=(),
                         match_over=True)


def test_a_time_call_at_equal_levels_awaits_the_ruling():
    # §7.3.5: time at 3:3 with neither side having reached its level by a hand: the referee rules.
    assert state("time") == table(expected=("ruling",))


def test_the_result_carries_the_rule_sets_facts():
    # dalian-club: the ledger is not the headline (ledger.ledger_headline = false), the top level is 10
    # (§3.4); after E keeps with S = 80 (one level): the ledger EW +3, NS −3 (§9.2).
    _, result = run(record(H1_KEEP_80))
    assert (result.rules, result.ledger, result.ledger_headline, result.top_level) == (
        "dalian-club", {"EW": 3, "NS": -3}, False, 10)
    _, classic = run(record(H1_KEEP_80, rules="classic"), "classic")
    assert (classic.rules, classic.ledger_headline) == ("classic", True)
    # A club's rule set whose game ends past 9 (game.top_level = 9, §3.4): the result names its top level.
    _, nine = run(record(H1_KEEP_80), load("dalian-club")._replace(top_level=9))
    assert nine.top_level == 9


def test_errors_on_one_line_keep_the_order_they_were_found_in():
    # Line 10 (the kitty) closes the tribute first — S owes W 1 blood, none recorded (§5.2) — then the
    # kitty itself is refused: 5 cards, where the kitty holds 6 (§1.3). The two errors keep that order.
    text = record(H1_KEEP_75, "hand\ndeclare S 4S\nkitty 4C 6C 7C 8C 9C\nlast decl\n")
    _, result = run(text)
    assert [(e.line, e.message) for e in result.errors] == [
        (10, "S owes 1 blood to W: no tribute recorded before the kitty (record 'tribute', 'riot' or 'waive')"),
        (10, "the kitty holds 6 cards; 5 given")]
