"""referee.games.gunzi.settle.settle on its own: the numbers of a Settlement for given facts (§7, §9), worked by hand.

E declares (EW), NS defend; levels at the start of the hand are given; dalian-club unless told otherwise.
"""

from __future__ import annotations

import tomllib

import pytest
from helpers import first_hand, play

from referee.games.gunzi.ruleset import from_dict, load, resolve
from referee.games.gunzi.settle import HandFacts, explain_hand, score_blood, settle, settlement_steps

CLUB = load("dalian-club")


def facts(points=80, kitty=0, big=0, small=0, dry=False, dug=False, levels=None, declarer="E"):
    return HandFacts(declarer, levels or {"EW": 3, "NS": 3}, points, kitty, big, small, dry, dug)


@pytest.mark.parametrize(("s", "blood"), [
    (0, 8),     # ceil(80 / 10)
    (5, 8),     # ceil(75 / 10) = ceil(7.5)
    (70, 1),    # ceil(10 / 10)
    (75, 1),    # ceil(5 / 10): a 5 counts as 10
    (80, 0),    # not < 80
    (150, 0),   # not > 150
    (155, 0),   # floor(5 / 10): a 5 does not count
    (165, 1),   # floor(15 / 10)
    (300, 15),  # floor(150 / 10)
])
def test_score_blood(s, blood):
    assert score_blood(s, CLUB) == blood


def test_a_settlement_keeps_its_facts_and_is_worded_from_them():
    # E keeps with P = 80 at 3:3 (dalian-club): S = P = 80 < 120 kept → keep (§7.1): EW 1 + 0 kings = 1 level,
    # 3 → 4; S = 80 is neither < 80 nor > 150: no blood from the score (§7.2.3), none from kings; the partner W
    # declares next (§7.4) and S, W's upper hand, would pay 0 + 0; ledger EW +3 (1 level × 3, §9.2).
    f = facts()
    s = settle(f, CLUB)
    assert s.facts is f and s.king_levels == 0 and s.ledger_special is None
    steps = settlement_steps(s, CLUB)
    assert [st.key for st in steps] == ["score.kept", "outcome.keep", "levels.gain", "next.stay", "blood.total",
                                        "ledger.level"]
    assert steps[2].args == ("EW", 1, 0, 1, 3, 4)
    assert steps[4].args == (0, 0, 0, "S", "W")
    assert steps[5].args == ("EW", 3, "NS", -3, "keep")
    # S = 0 kept: a keep (EW 3 → 4), and the declarers win the game (§7.3.1): no blood carried (§5.1); the
    # ledger's entry is the special one, EW +50, NS -50 (ledger_special = 50, §9.4).
    s = settle(facts(points=0), CLUB)
    assert s.ledger_special == "zero"
    steps = settlement_steps(s, CLUB)
    assert [st.key for st in steps] == ["score.kept", "outcome.keep", "levels.gain", "end.zero",
                                        "blood.none_game_over", "ledger.special"]
    assert steps[-1].args == ("EW", 50, "NS", -50, "zero")


@pytest.mark.parametrize(("f", "gained", "change"), [
    (facts(points=80), 1, {"EW": 1, "NS": 0}),                          # keep: EW +1
    (facts(points=80, big=1), 3, {"EW": 3, "NS": 0}),                   # keep with a BJ: 1 + 2
    (facts(points=100, dug=True), 0, {"EW": 0, "NS": 0}),               # foul dig: nobody moves
    (facts(points=120), 0, {"EW": 0, "NS": 0}),                         # stage kept: no level change
    (facts(points=120, dug=True, small=1), 2, {"EW": 0, "NS": 2}),      # stage dug with a SJ: NS 1 + 1
    (facts(points=80, levels={"EW": 8, "NS": 3}, big=1), 2, {"EW": 2, "NS": 0}),  # 8 + 3 stops at 10: 2 moved
    (facts(points=80, levels={"EW": 10, "NS": 3}), 1, {"EW": 1, "NS": 0}),        # passing 10 counts one
])
def test_levels_gained_are_the_levels_moved(f, gained, change):
    s = settle(f, CLUB)
    assert s.levels_gained == gained
    assert s.level_change == change


def test_a_game_ending_hand_names_no_next_declarer():
    # S = 0 → the declarers win the game (§7.3.1): no next declarer, nobody pays, nothing owed.
    s = settle(facts(points=0), CLUB)
    assert (s.game_winner, s.next_declarer, s.blood_giver, s.blood) == ("EW", None, None, 0)
    # but the blood the hand would have owed is still worked out (§5.1 lets it lapse): ceil(80/10) = 8
    assert s.blood_score == 8


def test_a_dry_pot_counts_its_kings_and_points_as_nothing():
    # Club dry pot with K = 25, a BJ and a SJ: K counts 0 (§6.2.4), the kings 0 (§6.2.3). Dug P = 100:
    # S = 100 + 2·0 = 100 → foul dig.
    s = settle(facts(points=100, kitty=25, big=1, small=1, dry=True, dug=True), CLUB)
    assert (s.kitty_points, s.big_jokers, s.small_jokers, s.score, s.outcome) == (0, 0, 0, 100, "foul_dig")
    # gunzi-001 counts the points: S = 100 + 2·25 = 150 → stage dug, NS 3 + 1 (the kings still count nothing)
    s = settle(facts(points=100, kitty=25, big=1, small=1, dry=True, dug=True), load("gunzi-001"))
    assert (s.kitty_points, s.big_jokers, s.score, s.levels_after) == (25, 0, 150, {"EW": 3, "NS": 4})


def _same_seat_rules():
    data = tomllib.loads(resolve("dalian-club").read_text(encoding="utf-8"))
    data["game"]["declarer_rotation"] = "same"
    return from_dict(data, "same-seat")


def test_the_same_seat_declares_again_by_the_rule_file():
    # game.declarer_rotation = "same" (§7.4): E keeps (S = 75) and declares again; blood ceil(5/10) = 1 is paid
    # by E's 上家 N.
    h = play(first_hand(points=75), rules=_same_seat_rules()).hands[0]
    assert (h.next_declarer, h.blood_giver, h.blood) == ("E", "N", 1)
    (step,) = [s for s in explain_hand(h) if s.key == "next.stay"]
    assert (step.text("en"), step.text("zh")) == (
        "declarers stay: E declares next (the same seat declares) [next.stay; game.declarer_rotation · §7.4]",
        "庄家方继续坐庄：下副东坐庄（原庄家继续坐庄） [next.stay; game.declarer_rotation · §7.4]")
    # defenders taking over still go to the old declarer's 下家: S
    assert play(first_hand(points=120), rules=_same_seat_rules()).hands[0].next_declarer == "S"


def test_a_settled_hand_has_every_field_of_its_tuple():
    # The engine makes HandResult and Settlement straight from their fields in order (tuple.__new__, no
    # keyword checks): a field added to either without the engine making it would shift every later field.
    from referee.games.gunzi.engine import replay
    from referee.games.gunzi.notation import parse
    from referee.games.gunzi.results import HandResult, Settlement
    from referee.games.gunzi.testing.generate import endless_rules, generate_match

    rules = endless_rules()
    result = replay(parse(generate_match(3, 5, rules)).events, rules)
    for h in result.hands:
        assert len(h) == len(HandResult._fields)
        assert h.settlement is not None and len(h.settlement) == len(Settlement._fields)
        assert h.rules is rules and h.settlement.facts.declarer == h.declarer
        assert h.levels_after == h.settlement.levels_after and h.score == h.settlement.score
