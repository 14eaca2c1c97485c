"""Games and the match: the stop at 10 and passing 10, the ordered game-ending conditions (§7.3), time,
rulings, warnings, declarer rotation (§7.4), games to win, and the ledger (§9).

Every number is worked out from docs/gunzi-rules.md. Later hands carry the declarer and level the
previous hand fixed (noted in the comments); trump is given with `trump H` and PLAIN_KITTY has JH.
"""

from __future__ import annotations

import tomllib

import pytest
from helpers import assert_error_at, first_hand, hand_text, play, record

from referee.games.gunzi.ruleset import from_dict, resolve

# A six-card tribute without point cards (the level-10 tribute below may give 10s: 10D).
TRIB6 = "AS AD QS QD JS 10D"
KINGS6 = "BJ BJ SJ SJ JH 7C"  # kings 2·2 + 2 = 6; JH: not a dry pot with trump H


# --- the stop at 10 and passing 10 -----------------------------------------------------------------

def chain_ew_passes_10():
    return [
        # H1 E: keep S = 80 → EW 4; blood 0; next W (partner)
        first_hand(points=80),
        # H2 W, level 4: keep S = 80 with kings 6 → 4 + 1 + 6 = 11 → stops at 10; blood 6 + 0;
        # next E (partner), paid by E's 上家 N
        hand_text(trump="H", kitty=KINGS6, points=80),
        # H3 E, level 10: N pays 6 (10D allowed at level 10); keep S = 80 → EW level up from 10: pass 10
        hand_text(trump="H", tribute=f"N {TRIB6}", points=80),
    ]


def test_stop_at_10():
    r = play(*chain_ew_passes_10()[:2])
    h = r.hands[1]
    assert h.level == 4
    assert h.levels_after == {"EW": 10, "NS": 3}
    assert h.level_change == {"EW": 6, "NS": 0}  # levels actually moved: 4 → 10
    assert h.game_winner is None
    assert (h.blood, h.next_declarer, h.blood_giver) == (6, "E", "N")


def test_declarers_pass_10_and_win():
    r = play(*chain_ew_passes_10())
    h = r.hands[2]
    assert h.level == 10
    assert h.outcome == "keep"
    assert (h.game_winner, h.game_reason) == ("EW", "passed_10")
    assert h.blood == 0 and h.next_declarer is None
    assert (r.games[0].winner, r.games[0].reason) == ("EW", "passed_10")
    assert r.winner is None  # dalian-club: two games to win


def test_ledger_through_passing_10():
    r = play(*chain_ew_passes_10())
    # H1: 1 level → ±3.  H2: 6 levels moved (4 → 10) → ±18.
    # H3: passing 10 counts one level → ±3; tribute 6 cards: EW +6, NS −6 → EW +9, NS −9.
    assert [h.ledger_change for h in r.hands] == [
        {"EW": 3, "NS": -3}, {"EW": 18, "NS": -18}, {"EW": 9, "NS": -9}]
    assert r.hands[2].ledger == {"EW": 30, "NS": -30}


def test_the_top_level_comes_from_the_rule_file():
    # A house file with game.top_level = 9 (§3.4 names the key): the same chain stops at 9 and passes 9,
    # and every word of it says 9, never 10.
    # H1 E: keep S = 80 → EW 4. H2 W (4): keep S = 80 with kings 6 → 4 + 1 + 6 = 11 → stops at 9; blood 6
    # (kings) + 0 (S = 80 is not < 80); next E, paid by N. H3 E (9): N pays six cards without a point card
    # (at level 9 the 10s are point cards, §5.2); keep S = 80 → EW level up from 9: they pass 9 and win.
    from referee.games.gunzi.terminal import explain_view, match_view

    d = tomllib.loads(resolve("dalian-club").read_text(encoding="utf-8"))
    d["game"]["top_level"] = 9
    h1, h2, _ = chain_ew_passes_10()
    r = play(h1, h2, hand_text(trump="H", tribute="N AS AD QS QD JS JD", points=80), rules=from_dict(d, "top9"))
    assert not r.errors, r.errors
    assert [h.levels_after["EW"] for h in r.hands] == [4, 9, 9]
    assert (r.hands[1].blood, r.hands[1].next_declarer, r.hands[1].blood_giver) == (6, "E", "N")
    assert (r.hands[2].level, r.hands[2].game_winner, r.hands[2].game_reason) == (9, "EW", "passed_10")
    stop = explain_view(r.hands[1], "en")
    assert "EW stop at 9 (must play 9): 4 → 9 [levels.stop; game.top_level · §3.4]" in stop
    assert "东西逢9必打，停在9（4 → 9）" in explain_view(r.hands[1], "zh")
    passed = explain_view(r.hands[2], "en")
    assert "EW level up from 9: they pass 9" in passed and "the declarers EW passed 9: they win the game" in passed
    assert "game 1: EW (passed 9)" in match_view(r, "en") and "第1局：东西胜（打过9）" in match_view(r, "zh")
    assert "10" not in "".join(line for line in match_view(r, "zh").splitlines() if line.startswith("第1局"))


def chain_defenders_at_10():
    return [
        # H1 E: dug S = 120 + 0 with kings 6 → stage dug: NS 3 + 1 + 6 = 10; blood 6 + 0;
        # next S (E's 下家), paid by S's 上家 E
        first_hand(declarer="E", kitty=KINGS6, points=120, last="def"),
        # H2 S, level 10: E pays 6; dug S = 120 → stage dug: EW 3 → 4; blood 0; next W (S's 下家)
        hand_text(trump="H", tribute=f"E {TRIB6}", points=120, last="def"),
        # H3 W, level 4: NS (at 10) dig S = 120 → stage dug: NS stay 10, no win; next N (W's 下家)
        hand_text(trump="H", points=120, last="def"),
        # H4 N, level 10: keep S = 80 → NS pass 10 and win
        hand_text(trump="H", points=80),
    ]


def test_defenders_at_10_dig_stay_at_10():
    r = play(*chain_defenders_at_10()[:3])
    h1, h2, h3 = r.hands
    assert h1.levels_after == {"EW": 3, "NS": 10}
    assert h2.declarer == "S" and h2.level == 10
    assert h2.levels_after == {"EW": 4, "NS": 10}
    assert h3.declarer == "W" and h3.level == 4
    assert h3.outcome == "stage_dug"
    assert h3.levels_after == {"EW": 4, "NS": 10}
    assert h3.game_winner is None
    assert h3.next_declarer == "N"


def test_defenders_pass_10_after_taking_over():
    r = play(*chain_defenders_at_10())
    h4 = r.hands[3]
    assert h4.declarer == "N" and h4.level == 10
    assert (h4.game_winner, h4.game_reason) == ("NS", "passed_10")


def test_ledger_defenders_at_10():
    r = play(*chain_defenders_at_10())
    # H1: take over and level 7 (3 → 10): NS +1 + 3·7 = 22.
    # H2: EW take over and level 1: EW +1 + 3 = 4; tribute 6 from EW (E) to NS: EW −6, NS +6 → EW −2.
    # H3: NS take over, 0 levels moved (stopped at 10): NS +1 + 0 = 1.
    # H4: NS pass 10: one level, +3.
    assert [h.ledger_change for h in r.hands] == [
        {"EW": -22, "NS": 22}, {"EW": -2, "NS": 2}, {"EW": -1, "NS": 1}, {"EW": -3, "NS": 3}]
    assert r.hands[3].ledger == {"EW": -28, "NS": 28}


# --- game-ending conditions and their order (§7.3) ---------------------------------------------------
BJ3 = "BJ BJ BJ JH 7C 8C"  # three big jokers, no points; declarer by `declarer E` (no fourth BJ)


def test_zero_before_three_jokers():
    # S = 0 kept with three BJ: both 1 (zero) and 3 (kept, < 120) give EW; 1 comes first.
    h = play(first_hand(declarer="E", kitty=BJ3, points=0)).hands[0]
    assert (h.game_winner, h.game_reason) == ("EW", "zero")


def test_sweep_before_three_jokers():
    # S = 300 dug with three BJ: 2 (sweep) and 3 (dug, ≥ 120) both give NS; 2 comes first.
    h = play(first_hand(declarer="E", kitty=BJ3, points=300, last="def")).hands[0]
    assert (h.game_winner, h.game_reason) == ("NS", "sweep")


def test_three_big_jokers_dug():
    # dug S = 120 + 0 ≥ 120 → NS win the game.
    r = play(first_hand(declarer="E", kitty=BJ3, points=120, last="def"))
    assert (r.hands[0].game_winner, r.hands[0].game_reason) == ("NS", "three_jokers")
    assert (r.games[0].winner, r.games[0].reason) == ("NS", "three_jokers")
    # §9 special: defenders dig three big jokers with S ≥ 120: NS +50, EW −50 (replaces level entries)
    assert r.hands[0].ledger_change == {"EW": -50, "NS": 50}


def test_three_big_jokers_kept():
    # kept S = 100 < 120 → EW win the game.
    h = play(first_hand(declarer="E", kitty=BJ3, points=100)).hands[0]
    assert (h.game_winner, h.game_reason) == ("EW", "three_jokers")


def test_three_big_jokers_foul_dig_no_win():
    # dug S = 100 < 120: neither case of §7.3.3 → foul dig, kings void, levels unchanged, blood 0.
    h = play(first_hand(declarer="E", kitty=BJ3, points=100, last="def")).hands[0]
    assert h.game_winner is None
    assert h.outcome == "foul_dig"
    assert h.levels_after == {"EW": 3, "NS": 3}
    assert h.blood == 0


def test_three_big_jokers_stage_kept_no_win():
    # kept S = 120: neither case → stage kept; blood only: kings 2·3 = 6 + 0 = 6, to S from E.
    h = play(first_hand(declarer="E", kitty=BJ3, points=120)).hands[0]
    assert h.game_winner is None
    assert h.outcome == "stage_kept"
    assert h.levels_after == {"EW": 3, "NS": 3}
    assert (h.blood, h.next_declarer, h.blood_giver) == (6, "S", "E")


def test_three_jokers_before_passing_10():
    # H1 E: keep S = 80 with kings 6 → EW 3 + 7 = 10; blood 6; next W, paid by S.
    # H2 W at 10: kept S = 80 with three BJ: 3 (three jokers) and 4 (pass 10) both give EW; 3 first.
    r = play(first_hand(declarer="E", kitty=KINGS6, points=80),
             hand_text(trump="H", tribute=f"S {TRIB6}", kitty=BJ3, points=80))
    assert r.hands[0].levels_after == {"EW": 10, "NS": 3}
    assert (r.hands[1].game_winner, r.hands[1].game_reason) == ("EW", "three_jokers")


SJ3 = "SJ SJ SJ JH 7C 8C"


@pytest.mark.parametrize("rules", ["dalian-club", "gunzi-001"])
def test_three_small_jokers_win(rules):
    h = play(first_hand(declarer="E", kitty=SJ3, points=80), rules=rules).hands[0]
    assert (h.game_winner, h.game_reason) == ("EW", "three_jokers")


def test_three_small_jokers_classic_do_not_win():
    # classic: big only. Keep S = 80 with kings 3·1 = 3 → EW 3 + 1 + 3 = 7; blood 3 + 0 = 3.
    h = play(first_hand(declarer="E", kitty=SJ3, points=80), rules="classic").hands[0]
    assert h.game_winner is None
    assert h.levels_after == {"EW": 7, "NS": 3}
    assert h.blood == 3


def test_three_big_jokers_classic_win():
    h = play(first_hand(declarer="E", kitty=BJ3, points=80), rules="classic").hands[0]
    assert (h.game_winner, h.game_reason) == ("EW", "three_jokers")


# --- time and rulings ------------------------------------------------------------------------------

def test_time_higher_level_wins():
    # H1 keep S = 80 → EW 4, NS 3; time → EW higher.
    r = play(first_hand(points=80, after="time"))
    assert (r.games[0].winner, r.games[0].reason) == ("EW", "time")


def test_time_equal_levels_first_to_reach_wins():
    # H1 E keep → EW 4. H2 W (level 4) stage kept S = 120 → NS take over, 4/3; next N (W's 下家).
    # H3 N (level 3) keep S = 80 → NS 4. Equal at 4; EW reached 4 first (H1) → EW.
    r = play(first_hand(points=80),
             hand_text(trump="H", points=120),
             hand_text(trump="H", points=80, after="time"))
    assert r.hands[2].declarer == "N"
    assert r.hands[2].levels_after == {"EW": 4, "NS": 4}
    assert (r.games[0].winner, r.games[0].reason) == ("EW", "time")


def test_time_tie_awaits_a_ruling_then_ruling_decides():
    # H1 stage kept S = 120: 3/3, neither side reached 3 first → no winner until the referee rules.
    r = play(first_hand(points=120, after="time"))
    assert r.games == ()  # no game result at all (an `all(...)` over no games would pass vacuously)
    assert r.winner is None
    assert r.state.expected == ("ruling",)  # §7.3.5: "the referee rules"
    # A new hand before the ruling is refused on its own line.
    hits = assert_error_at(record(first_hand(points=120, after="time"), "hand  # !\n"))
    assert [e.message for e in hits] == ["game 1 ended on time with the levels tied: record a 'ruling' first"]
    r = play(first_hand(points=120, after=["time", "ruling winner=NS N's side played on faster"]))
    assert (r.games[0].winner, r.games[0].reason) == ("NS", "ruling")
    assert [s.key for s in r.games[0].explain] == ["game.time", "game.ruling"]


# --- warnings ----------------------------------------------------------------------------------------

def test_three_warnings_forfeit_the_match_dalian():
    r = play(first_hand(points=80, after=["warn N talking", "warn S slow play", "warn N signalling"]))
    assert r.forfeit is True
    assert r.winner == "EW"
    assert r.games_won == {"EW": 2, "NS": 0}
    assert r.games[-1].reason == "forfeit"


def test_warnings_split_between_teams_do_not_forfeit():
    r = play(first_hand(points=80, after=["warn N talking", "warn E slow play", "warn S signalling"]))
    assert r.forfeit is False
    assert r.winner is None


@pytest.mark.parametrize("rules", ["gunzi-001", "classic"])
def test_warnings_never_forfeit_without_a_limit(rules):
    r = play(first_hand(points=80, after=["warn N talking", "warn S slow play", "warn N signalling"]),
             rules=rules)
    assert r.forfeit is False
    assert r.winner is None


# --- the match ---------------------------------------------------------------------------------------

def test_match_of_two_games_dalian():
    # Game 1: E grabs, S = 0 → EW (zero). Game 2 starts again at 3 with a grab: W, S = 0 → EW. 2:0.
    r = play(first_hand(points=0), first_hand(grab="W", points=0))
    assert [h.game for h in r.hands] == [1, 2]
    assert r.hands[1].level == 3
    assert [(g.winner, g.reason) for g in r.games] == [("EW", "zero"), ("EW", "zero")]
    assert r.winner == "EW"
    assert r.games_won == {"EW": 2, "NS": 0}


def test_match_goes_to_a_third_game_dalian():
    # Game 1: E grabs, S = 0 → EW. Game 2: S grabs, S = 0 → NS. 1:1, no winner yet.
    r = play(first_hand(points=0), first_hand(grab="S", points=0))
    assert [(g.winner, g.reason) for g in r.games] == [("EW", "zero"), ("NS", "zero")]
    assert r.winner is None
    assert r.hands[1].next_declarer is None
    # Game 3: S grabs again; EW (defenders) sweep S = 300 → EW win 2:1.
    r = play(first_hand(points=0), first_hand(grab="S", points=0), first_hand(grab="S", points=300, last="def"))
    assert [h.game for h in r.hands] == [1, 2, 3]
    assert [(g.winner, g.reason) for g in r.games] == [("EW", "zero"), ("NS", "zero"), ("EW", "sweep")]
    assert r.winner == "EW"
    assert r.games_won == {"EW": 2, "NS": 1}


def test_match_of_one_game_gunzi_001():
    r = play(first_hand(points=0), rules="gunzi-001")
    assert r.winner == "EW"
    assert r.games_won == {"EW": 1, "NS": 0}
    assert r.hands[0].next_declarer is None


# --- declarer rotation (§7.4) -------------------------------------------------------------------------

def test_declarer_rotation():
    # H1 E keep → partner W.  H2 W (4) stage kept → W's 下家 N.  H3 N (3) keep → partner S.
    # H4 S (4) stage dug S = 120 → S's 下家 W; EW 4 + 1 = 5.  H5 W (level 5).
    r = play(first_hand(points=80),
             hand_text(trump="H", points=120),
             hand_text(trump="H", points=80),
             hand_text(trump="H", points=120, last="def"),
             hand_text(trump="H", points=80))
    assert [h.declarer for h in r.hands] == ["E", "W", "N", "S", "W"]
    assert [h.next_declarer for h in r.hands] == ["W", "N", "S", "W", "E"]
    assert [h.level for h in r.hands] == [3, 4, 3, 4, 5]
    assert r.hands[4].levels_after == {"EW": 6, "NS": 4}


def test_stated_declarer_must_match_the_rotation():
    # E keeps hand 1 with S = 80: the declarer passes to E's partner W (§7.4, §4.2.1), not E.
    text = record(first_hand(points=80), hand_text(declarer="E  # !", trump="H", points=80))
    assert [e.message for e in assert_error_at(text)] == [
        "the declarer of hand 2 is W by the last hand's result, not E"]


# --- the ledger (§9) -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("p", "last", "change"), [
    (80, "def", {"EW": 0, "NS": 0}),       # foul dig: declarers stay without levelling: 0
    (120, "decl", {"EW": -1, "NS": 1}),    # stage kept: take over without levelling: ±1
    (80, "decl", {"EW": 3, "NS": -3}),     # keep: 1 level: ±3
    (120, "def", {"EW": -4, "NS": 4}),     # stage dug: +1 + 3·1 = 4
    (0, "decl", {"EW": 50, "NS": -50}),    # S = 0: declarers +50 (replaces level entries)
    (300, "def", {"EW": -50, "NS": 50}),   # S ≥ 300: defenders +50
])
def test_ledger_entries(p, last, change):
    h = play(first_hand(points=p, last=last)).hands[0]
    assert h.ledger_change == change
    assert h.ledger == change


def test_ledger_with_kings():
    # keep with kings 3 (BJ SJ buried): 1 + 3 = 4 levels → ±12; stage dug: +1 + 3·4 = 13.
    h = play(first_hand(declarer="E", bury="BJ SJ 7C 8C 9C JH", points=80)).hands[0]
    assert h.ledger_change == {"EW": 12, "NS": -12}
    h = play(first_hand(declarer="E", bury="BJ SJ 7C 8C 9C JH", points=120, last="def")).hands[0]
    assert h.ledger_change == {"EW": -13, "NS": 13}


def test_ledger_tribute_and_special():
    # H1 E keep S = 75 → EW 4, ±3, blood ceil(5/10) = 1 from S to W.
    # H2 W: S pays AC (EW +1, NS −1); S = 0 kept → zero special EW +50: EW +51, NS −51.
    r = play(first_hand(points=75), hand_text(trump="H", tribute="S AC", points=0))
    assert r.hands[1].ledger_change == {"EW": 51, "NS": -51}
    assert r.hands[1].ledger == {"EW": 54, "NS": -54}
    assert (r.hands[1].game_winner, r.hands[1].game_reason) == ("EW", "zero")


# --- more: stops, later games, rulings, redeals -------------------------------------------------------

def test_defenders_stage_dug_stop_at_10_without_winning():
    # H1 E keep S = 80 → EW 4; next W. H2 W (4): dug S = 120 + 0 with kings 6 → NS 3 + 1 + 6 = 10
    # (exactly 10); next N (W's 下家); blood 6 + 0 from N's 上家 W.
    r = play(first_hand(points=80), hand_text(trump="H", kitty=KINGS6, points=120, last="def"))
    h = r.hands[1]
    assert h.levels_after == {"EW": 4, "NS": 10}
    assert h.game_winner is None
    assert (h.blood, h.next_declarer, h.blood_giver) == (6, "N", "W")


def test_defenders_stage_dug_overflow_stops_at_10():
    # H1 E stage dug S = 120 → NS 4; next S (E's 下家). H2 S (4) keep S = 80 → NS 5; next N (partner).
    # H3 N (5) keeps with kings 6 → NS 5 + 1 + 6 = 12 → stops at 10, no win (a team only wins by
    # levelling up *from* 10); blood 6.
    r = play(first_hand(points=120, last="def"),
             hand_text(trump="H", points=80),
             hand_text(trump="H", kitty=KINGS6, points=80))
    h = r.hands[2]
    assert h.declarer == "N" and h.level == 5
    assert h.levels_after == {"EW": 3, "NS": 10}
    assert h.level_change == {"EW": 0, "NS": 5}
    assert h.game_winner is None
    # ledger: 5 levels moved → ±15
    assert h.ledger_change == {"EW": -15, "NS": 15}


def test_passing_10_with_kings_counts_one_level():
    # H1 E keep with kings 6 → EW 10; blood 6 from S to W. H2 W at 10 keeps S = 100 with BJ SJ buried:
    # passes 10 → EW win; ledger: one level +3, tribute +6 → EW +9.
    r = play(first_hand(declarer="E", kitty=KINGS6, points=80),
             hand_text(trump="H", tribute=f"S {TRIB6}", bury="BJ SJ 7C 8C 9C JH", points=100))
    h = r.hands[1]
    assert (h.game_winner, h.game_reason) == ("EW", "passed_10")
    assert h.ledger_change == {"EW": 9, "NS": -9}


def test_three_small_jokers_with_big_ones_classic():
    # BJ SJ SJ SJ JH 7C kept S = 80 (JH: not dry; 7C: not all trumps). dalian-club: three SJ → EW win.
    # classic (big only): kings 2·1 + 3 = 5 → EW 3 + 1 + 5 = 9, no win; blood 5 + 0.
    kitty = "BJ SJ SJ SJ JH 7C"
    h = play(first_hand(declarer="E", kitty=kitty, points=80)).hands[0]
    assert (h.game_winner, h.game_reason) == ("EW", "three_jokers")
    h = play(first_hand(declarer="E", kitty=kitty, points=80), rules="classic").hands[0]
    assert h.game_winner is None
    assert h.levels_after == {"EW": 9, "NS": 3}
    assert h.blood == 5


def test_new_game_owes_no_blood():
    # H1 E keep S = 35 → EW 4, blood ceil(45/10) = 5; time → EW (higher) win game 1.
    # H2 is game 2's first hand: owes none (§5), both teams at 3 again.
    r = play(first_hand(points=35, after="time"), first_hand(grab="N", points=80))
    assert (r.games[0].winner, r.games[0].reason) == ("EW", "time")
    h = r.hands[1]
    assert h.game == 2 and h.level == 3
    assert h.levels_after == {"EW": 3, "NS": 4}


def test_ruling_ends_a_game_in_progress():
    r = play(first_hand(points=80, after="ruling winner=NS EW conceded"), first_hand(grab="S", points=80))
    assert (r.games[0].winner, r.games[0].reason) == ("NS", "ruling")
    assert r.hands[1].game == 2


def test_warnings_count_across_games():
    # One NS warning in game 1, two in game 2 → three in the match (§8.1: "three times in one match") →
    # EW win 2:0 by forfeit. The first warning is given *during* hand 1, before the `last` that ends
    # game 1 (NS sweep: S = 300 dug, §7.3.2), so it is a game-1 warning; and although NS won game 1,
    # the forfeit is 2:0 (§8.1).
    hand1 = first_hand(points=300, last="def").replace("last def", "warn N talking\nlast def")
    r = play(hand1, first_hand(grab="S", points=80, after=["warn S slow play", "warn N signalling"]))
    assert (r.games[0].game, r.games[0].winner, r.games[0].reason) == (1, "NS", "sweep")
    assert [n.game for n in r.notes if n.kind == "warn"] == [1, 2, 2]
    assert r.forfeit is True
    assert r.winner == "EW"
    assert r.games_won == {"EW": 2, "NS": 0}
    assert (r.games[-1].game, r.games[-1].winner, r.games[-1].reason) == (2, "EW", "forfeit")


def test_redeal_in_a_first_hand():
    # The first deal is void; the new deal: S grabs, trump D. Still hand 1.
    r = play("hand\ndeclare E BJ\ntrump H\nkitty 4C 6C 7C 8C 9C JH\nredeal\n"
             "declare S BJ\ntrump D\nkitty 4C 6C 7C 8C 9C JD\npoints 80\nlast decl\n")
    assert len(r.hands) == 1
    h = r.hands[0]
    assert (h.hand, h.declarer, h.trump) == (1, "S", "D")
    assert h.levels_after == {"EW": 3, "NS": 4}


def test_redeal_keeps_declarer_and_blood():
    # H1 E keep S = 75 → blood 1 to W from S. H2: S pays AC, redeal, S pays AD again: only AD counts.
    r = play(first_hand(points=75),
             "hand\ntrump H\ntribute S AC\nkitty 4C 6C 7C 8C 9C JH\nredeal\n"
             "trump H\ntribute S AD\nkitty 4C 6C 7C 8C 9C JH\npoints 80\nlast decl\n")
    h = r.hands[1]
    assert h.declarer == "W"
    assert [str(c) for c in h.tribute.cards] == ["AD"]
    assert h.ledger_change == {"EW": 4, "NS": -4}  # keep +3, one tribute card +1


def test_rotation_same_seat_rule():
    d = tomllib.loads(resolve("dalian-club").read_text(encoding="utf-8"))
    d["game"]["declarer_rotation"] = "same"
    rules = from_dict(d, "test")
    # keep → the same seat E declares again; stage → still the old declarer's 下家
    r = play(first_hand(points=80), hand_text(trump="H", points=120), hand_text(trump="H", points=80),
             rules=rules)
    assert [h.declarer for h in r.hands] == ["E", "E", "S"]


def test_time_equal_levels_the_later_jumper_reached_first():
    # H1 E keep S = 80 → EW 4; next W.
    # H2 W (4): kitty holds SJ; NS dig S = 120 + 0 → stage dug: NS 3 + 1 + 1 = 5; blood kings 1 + 0 = 1;
    #    next N (W's 下家), paid by N's 上家 W.
    # H3 N (5): W pays AC; EW dig S = 120 → stage dug: EW 4 + 1 = 5; next E (N's 下家).
    # Equal at 5: NS reached 5 first (H2) → NS win on time.
    r = play(first_hand(points=80),
             hand_text(trump="H", kitty="SJ 6C 7C 8C 9C JH", points=120, last="def"),
             hand_text(trump="H", tribute="W AC", points=120, last="def", after="time"))
    assert r.hands[1].levels_after == {"EW": 4, "NS": 5}
    assert r.hands[2].levels_after == {"EW": 5, "NS": 5}
    assert (r.games[0].winner, r.games[0].reason) == ("NS", "time")


def test_ledger_three_small_jokers_dug_is_not_a_special():
    # dalian-club: three SJ dug with S = 120 → NS win the game (three_jokers). §9 names only three *big*
    # jokers as a special, so the normal entries stand: NS take over and level 1 + 3 kings = 4
    # (3 → 7): +1 + 3·4 = 13.
    h = play(first_hand(declarer="E", kitty=SJ3, points=120, last="def")).hands[0]
    assert (h.game_winner, h.game_reason) == ("NS", "three_jokers")
    assert h.ledger_change == {"EW": -13, "NS": 13}


def test_ledger_three_big_jokers_kept_is_not_a_special():
    # three BJ kept with S = 100 → EW win the game; not a special: keep 1 + 6 kings = 7 levels
    # (3 → 10, no stop needed) → ±21.
    h = play(first_hand(declarer="E", kitty=BJ3, points=100)).hands[0]
    assert (h.game_winner, h.game_reason) == ("EW", "three_jokers")
    assert h.ledger_change == {"EW": 21, "NS": -21}
