"""Settling one hand: the four outcomes, every blood edge, the doubled kitty, joker weights.

Every expected number is worked out by hand from docs/gunzi-rules.md §7 (clause in the comment).
Unless a test says otherwise the hand is a game's first hand: E grabs (EW declare, NS defend), trump H,
level 3, both teams at 3, a kitty without points or jokers (PLAIN_KITTY) put back unchanged.
"""

from __future__ import annotations

import pytest
from helpers import first_hand, play

from referee.games.gunzi.ruleset import from_dict, load
from referee.games.gunzi.settle import explain_hand

# --------------------------------------------------------------------------------------------------
# Blood edges (§7.2) with K = 0, so S = P whether dug or kept.
# Declarers stay → next declarer is E's partner W, paid by W's 上家 S.
# Defenders take over → next declarer is E's 下家 S, paid by S's 上家 E.

EDGES = [
    # (S, last, outcome, levels_after, blood, next_declarer, blood_giver)
    # S = 5 kept: < 120 keep, EW 3+1 = 4; blood ceil((80-5)/10) = ceil(7.5) = 8
    (5, "decl", "keep", {"EW": 4, "NS": 3}, 8, "W", "S"),
    # S = 65: ceil(15/10) = 2 (the digest's own worked example)
    (65, "decl", "keep", {"EW": 4, "NS": 3}, 2, "W", "S"),
    # S = 75: ceil(5/10) = 1 — a 5 counts as 10
    (75, "decl", "keep", {"EW": 4, "NS": 3}, 1, "W", "S"),
    # S = 80: not < 80, not > 150: 0
    (80, "decl", "keep", {"EW": 4, "NS": 3}, 0, "W", "S"),
    # S = 115: < 120 kept: keep, EW +1; blood 0
    (115, "decl", "keep", {"EW": 4, "NS": 3}, 0, "W", "S"),
    # S = 120 kept: >= 120 and kept → stage kept: NS take over, no level change; blood 0
    (120, "decl", "stage_kept", {"EW": 3, "NS": 3}, 0, "S", "E"),
    # S = 150 dug (K = 0): stage dug, NS 3+1 = 4; 150 is not > 150: blood 0
    (150, "def", "stage_dug", {"EW": 3, "NS": 4}, 0, "S", "E"),
    # S = 155: floor((155-150)/10) = floor(0.5) = 0 — a 5 does not count
    (155, "def", "stage_dug", {"EW": 3, "NS": 4}, 0, "S", "E"),
    # S = 160: floor(10/10) = 1
    (160, "decl", "stage_kept", {"EW": 3, "NS": 3}, 1, "S", "E"),
    # S = 175: floor(25/10) = 2 (the digest's worked example)
    (175, "decl", "stage_kept", {"EW": 3, "NS": 3}, 2, "S", "E"),
    # S = 295: floor(145/10) = 14; 295 < 300, no sweep
    (295, "decl", "stage_kept", {"EW": 3, "NS": 3}, 14, "S", "E"),
    # S = 5 dug: < 120 dug → foul dig: declarers stay, no level change; blood 8 as above
    (5, "def", "foul_dig", {"EW": 3, "NS": 3}, 8, "W", "S"),
    # S = 115 dug: foul dig; blood 0
    (115, "def", "foul_dig", {"EW": 3, "NS": 3}, 0, "W", "S"),
    # S = 120 dug: stage dug, NS 4; blood 0
    (120, "def", "stage_dug", {"EW": 3, "NS": 4}, 0, "S", "E"),
]


@pytest.mark.parametrize(("s", "last", "outcome", "levels", "blood", "nxt", "giver"), EDGES,
                         ids=[f"S{e[0]}-{e[1]}" for e in EDGES])
def test_blood_edges(s, last, outcome, levels, blood, nxt, giver):
    h = play(first_hand(points=s, last=last)).hands[0]
    assert h.score == s
    assert h.outcome == outcome
    assert h.levels_after == levels
    assert h.blood == blood
    assert h.blood_score == blood
    assert h.blood_kings == 0
    assert h.next_declarer == nxt
    assert h.blood_giver == giver
    assert h.game_winner is None


@pytest.mark.parametrize(("last", "outcome"), [("decl", "keep"), ("def", "foul_dig")])
def test_score_zero_declarers_win_the_game(last, outcome):
    # §7.3.1: S = 0 (P = 0, K = 0, dug or not) → declarer side EW wins the game; blood 0 since the game ended.
    r = play(first_hand(points=0, last=last))
    h = r.hands[0]
    assert h.score == 0
    assert h.outcome == outcome
    assert (h.game_winner, h.game_reason) == ("EW", "zero")
    assert h.blood == 0
    assert h.next_declarer is None
    assert (r.games[0].winner, r.games[0].reason) == ("EW", "zero")
    # dalian-club plays best of three: one game won is not the match
    assert r.winner is None


@pytest.mark.parametrize("last", ["decl", "def"])
def test_score_300_defenders_sweep(last):
    # §7.3.2: S = 300 >= 300 → defenders NS win the game, dug or kept.
    r = play(first_hand(points=300, last=last))
    h = r.hands[0]
    assert h.score == 300
    assert (h.game_winner, h.game_reason) == ("NS", "sweep")
    assert h.blood == 0
    assert h.next_declarer is None
    assert (r.games[0].winner, r.games[0].reason) == ("NS", "sweep")


# --------------------------------------------------------------------------------------------------
# The doubled kitty (§6.6, §7): K = 5C + 10C + KC = 5 + 10 + 10 = 25; JH keeps it from being a dry pot.
KITTY_25 = "5C 10C KC 7C 8C JH"

DOUBLED = [
    # (P, last, S, outcome, levels_after, blood)
    # kept: S = P = 35 → keep, EW 4; blood ceil(45/10) = 5
    (35, "decl", 35, "keep", {"EW": 4, "NS": 3}, 5),
    # dug: S = 35 + 2*25 = 85 → < 120 dug: foul dig; 85 in [80,150]: blood 0
    (35, "def", 85, "foul_dig", {"EW": 3, "NS": 3}, 0),
    # dug: S = 0 + 2*25 = 50 — P = 0 is not S = 0, no zero win; foul dig; blood ceil(30/10) = 3
    (0, "def", 50, "foul_dig", {"EW": 3, "NS": 3}, 3),
    # dug: S = 70 + 50 = 120 → stage dug, NS 4; blood 0
    (70, "def", 120, "stage_dug", {"EW": 3, "NS": 4}, 0),
    # dug: S = 110 + 50 = 160 → stage dug; blood floor(10/10) = 1
    (110, "def", 160, "stage_dug", {"EW": 3, "NS": 4}, 1),
    # kept: S = 110 → keep; blood 0
    (110, "decl", 110, "keep", {"EW": 4, "NS": 3}, 0),
]


@pytest.mark.parametrize(("p", "last", "s", "outcome", "levels", "blood"), DOUBLED,
                         ids=[f"P{d[0]}-{d[1]}" for d in DOUBLED])
def test_doubled_kitty(p, last, s, outcome, levels, blood):
    h = play(first_hand(kitty=KITTY_25, points=p, last=last)).hands[0]
    assert h.kitty_points == 25
    assert h.dug is (last == "def")
    assert h.score == s
    assert h.outcome == outcome
    assert h.levels_after == levels
    assert h.blood == blood
    assert h.game_winner is None


def test_doubled_kitty_reaches_the_sweep():
    # S = 250 + 2*25 = 300 → §7.3.2 defenders win; P = 250 <= 300 - 25 = 275 is legal.
    h = play(first_hand(kitty=KITTY_25, points=250, last="def")).hands[0]
    assert h.score == 300
    assert (h.game_winner, h.game_reason) == ("NS", "sweep")


def test_zero_score_with_a_kept_kitty_of_points():
    # Kept: S = P = 0 even though K = 25 → §7.3.1 declarers win.
    h = play(first_hand(kitty=KITTY_25, points=0, last="decl")).hands[0]
    assert h.score == 0
    assert (h.game_winner, h.game_reason) == ("EW", "zero")


def test_final_kitty_counts_not_the_dealt_one():
    # Dealt K = 25 but the declarer buries no points: final K = 0. Dug P = 100 → S = 100 → foul dig.
    h = play(first_hand(declarer="E", kitty=KITTY_25, bury="7C 8C JH 9C 9D 4D", points=100, last="def")).hands[0]
    assert h.kitty_points == 0
    assert h.score == 100
    assert h.outcome == "foul_dig"


def test_buried_points_are_doubled():
    # Bury KS KD 10S 5D: K = 10 + 10 + 10 + 5 = 35; dug P = 50 → S = 50 + 70 = 120 → stage dug, NS 4.
    h = play(first_hand(declarer="E", bury="KS KD 10S 5D 4C JH", points=50, last="def")).hands[0]
    assert h.kitty_points == 35
    assert h.score == 120
    assert h.outcome == "stage_dug"
    assert h.levels_after == {"EW": 3, "NS": 4}


def test_dig_multiplier_is_the_rule_file_key():
    # A club copy with dig_multiplier = 3: S = 35 + 3*25 = 110 → foul dig (< 120); blood 0.
    data = _rules_dict("dalian-club")
    data["kitty"]["dig_multiplier"] = 3
    rules = from_dict(data, "test")
    h = play(first_hand(kitty=KITTY_25, points=35, last="def"), rules=rules).hands[0]
    assert h.score == 110
    assert h.outcome == "foul_dig"


# --------------------------------------------------------------------------------------------------
# Jokers in the final kitty (§6.5, §7.1, §7.2): kings = 2·B + s, to the side that wins the kitty reward.
# E (declarer by `declarer E`, no grab) buries BJ SJ: B = 1, s = 1, kings = 2 + 1 = 3.
BURY_BJ_SJ = "BJ SJ 7C 8C 9C JH"


def test_kings_keep():
    # S = 80 kept → keep: EW 3 + 1 + 3 = 7; blood = kings 3 + score 0 = 3, paid by S (W's 上家) to W.
    h = play(first_hand(declarer="E", bury=BURY_BJ_SJ, points=80, last="decl")).hands[0]
    assert (h.big_jokers, h.small_jokers) == (1, 1)
    assert h.outcome == "keep"
    assert h.levels_after == {"EW": 7, "NS": 3}
    assert h.level_change == {"EW": 4, "NS": 0}
    assert (h.blood, h.blood_kings, h.blood_score) == (3, 3, 0)
    assert (h.next_declarer, h.blood_giver) == ("W", "S")


def test_kings_keep_with_score_blood():
    # S = 75 kept: blood = kings 3 + ceil(5/10) 1 = 4.
    h = play(first_hand(declarer="E", bury=BURY_BJ_SJ, points=75, last="decl")).hands[0]
    assert (h.blood, h.blood_kings, h.blood_score) == (4, 3, 1)


def test_kings_void_on_foul_dig():
    # S = 80 + 2*0 = 80 dug → foul dig: reward void: no levels, no king blood; score blood 0.
    h = play(first_hand(declarer="E", bury=BURY_BJ_SJ, points=80, last="def")).hands[0]
    assert h.outcome == "foul_dig"
    assert h.levels_after == {"EW": 3, "NS": 3}
    assert (h.blood, h.blood_kings) == (0, 0)
    assert h.next_declarer == "W"


def test_kings_void_on_foul_dig_score_blood_stands():
    # S = 60 dug → foul dig; kings void; score blood ceil(20/10) = 2.
    h = play(first_hand(declarer="E", bury=BURY_BJ_SJ, points=60, last="def")).hands[0]
    assert h.outcome == "foul_dig"
    assert (h.blood, h.blood_kings, h.blood_score) == (2, 0, 2)


def test_kings_stage_kept_blood_only():
    # S = 120 kept → stage kept: NS take over, no level change; blood only: 3 kings + 0 = 3,
    # paid to the new declarer S (E's 下家) by S's 上家 E.
    h = play(first_hand(declarer="E", bury=BURY_BJ_SJ, points=120, last="decl")).hands[0]
    assert h.outcome == "stage_kept"
    assert h.levels_after == {"EW": 3, "NS": 3}
    assert (h.blood, h.blood_kings) == (3, 3)
    assert (h.next_declarer, h.blood_giver) == ("S", "E")


def test_kings_stage_dug():
    # S = 120 + 2*0 dug → stage dug: NS 3 + 1 + 3 = 7; blood 3 + 0 = 3.
    h = play(first_hand(declarer="E", bury=BURY_BJ_SJ, points=120, last="def")).hands[0]
    assert h.outcome == "stage_dug"
    assert h.levels_after == {"EW": 3, "NS": 7}
    assert h.level_change == {"EW": 0, "NS": 4}
    assert (h.blood, h.blood_kings) == (3, 3)


@pytest.mark.parametrize(("jokers", "kings"), [
    ("BJ", 2),            # 2·1
    ("SJ", 1),            # 1·1
    ("BJ BJ", 4),         # 2·2
    ("SJ SJ", 2),         # 1·2
    ("BJ SJ SJ", 4),      # 2 + 1 + 1
    ("BJ BJ SJ SJ", 6),   # 4 + 2 → 3 + 1 + 6 = 10, exactly the top (no passing)
])
def test_joker_weights(jokers, kings):
    # declarer E (no grab, so the BJ count stays within three copies); keep with S = 100 (blood 0 by score)
    n = len(jokers.split())
    bury = " ".join([*jokers.split(), *"JH 7C 8C 9C 6C 4C".split()[: 6 - n]])
    h = play(first_hand(declarer="E", bury=bury, points=100, last="decl")).hands[0]
    assert h.levels_after == {"EW": 3 + 1 + kings, "NS": 3}
    assert h.blood == kings
    assert h.game_winner is None


def test_grab_then_bury_cards_from_the_hand():
    # §6.3: the declarer takes the kitty and buries any six cards; nothing was laid open with `show`,
    # so cards from E's hand (SJ, 9D, 4D) are fine. Keep S = 80 with BJ SJ buried: EW 3 + 1 + 3 = 7.
    h = play(first_hand(bury="BJ SJ 9D 4D 9C JH", points=80, last="decl")).hands[0]
    assert h.levels_after == {"EW": 7, "NS": 3}


def test_level_and_blood_weights_are_separate_keys():
    # level_big_joker = 1, blood_big_joker = 2: bury one BJ, keep S = 100 → EW 3 + 1 + 1 = 5, blood 2.
    data = _rules_dict("dalian-club")
    data["jokers"]["level_big_joker"] = 1
    rules = from_dict(data, "test")
    h = play(first_hand(bury="BJ 7C 8C 9C JH 6C", points=100, last="decl"), rules=rules).hands[0]
    assert h.levels_after == {"EW": 5, "NS": 3}
    assert h.blood == 2


# --------------------------------------------------------------------------------------------------
def test_explanation_names_the_rules():
    # S = 75 → blood from the short side (scoring.short_threshold); S = 160 → from the over side.
    r = play(first_hand(points=75, last="decl"))
    steps = explain_hand(r.hands[0])
    assert steps
    for s in steps:
        assert s.text("en").strip() and s.text("zh").strip()
    short = [s for s in steps if "short" in s.key or "short_threshold" in s.clause]
    assert short and "§7.2.3" in short[0].clause and "80" in short[0].text("en")
    r = play(first_hand(points=160, last="decl"))
    over = [s for s in explain_hand(r.hands[0]) if "over" in s.key or "over_threshold" in s.clause]
    assert over and "150" in over[0].text("en")


def _rules_dict(name: str) -> dict:
    import tomllib

    from referee.games.gunzi.ruleset import resolve

    assert load(name)  # the bundled file is valid
    return tomllib.loads(resolve(name).read_text(encoding="utf-8"))
