"""What the engine keeps beside the hands: notes (warnings, time, rulings, redeals), the games decided off
the table (§7.3.5, §8) with their steps, and the cards a `show` lays open (§1.6). dalian-club, H1 E grabs.
"""

from __future__ import annotations

import pytest
from helpers import errors_of, first_hand, hand_text, line_of, play, record, run

from referee.games.gunzi.codes import GameEnd, NoteKind
from referee.games.gunzi.results import Note


def said(step) -> tuple[str, str]:
    return step.text("en"), step.text("zh")


# --- notes --------------------------------------------------------------------------------------------

def test_a_warning_is_noted_with_its_seat_team_hand_and_text():
    text = record("warn N before the deal  # a\n", first_hand(points=80, after="warn S after hand one  # b"))
    r = play("warn N before the deal  # a\n", first_hand(points=80, after="warn S after hand one  # b"))
    assert r.notes == (Note(NoteKind.warn, line_of(text, "# a"), 1, None, "N", "NS", "before the deal"),
                       Note(NoteKind.warn, line_of(text, "# b"), 1, 1, "S", "NS", "after hand one"))
    assert r.state.warnings == {"EW": 0, "NS": 2}


def test_a_warning_after_a_hand_ended_by_a_ruling_names_that_hand():
    # H2 is cut short by a ruling (the hand in progress is not played out): the warning after it is noted in
    # hand 2, game 2 (the ruling ended game 1).
    h2 = "hand\ndeclare S 4S\n"
    text = record(first_hand(points=80), h2, "ruling winner=NS dispute  # a\n", "warn E noise  # b\n")
    _, r = run(text)
    assert not r.errors
    assert r.notes == (Note(NoteKind.ruling, line_of(text, "# a"), 1, 2, None, "NS", "dispute"),
                       Note(NoteKind.warn, line_of(text, "# b"), 2, 2, "E", "EW", "noise"))
    assert [g[:5] for g in r.games] == [(1, "NS", GameEnd.ruling, 1, line_of(text, "# a"))]
    assert [said(s) for s in r.games[0].explain] == [
        ("the referee rules for NS: dispute [game.ruling; §8.2]", "裁判裁定南北获胜：dispute [game.ruling; §8.2]")]
    assert r.state.in_hand is False and r.state.game == 2


def test_a_ruling_before_any_hand_decides_the_game():
    text = record("ruling winner=EW forfeit by absence  # a\n")
    _, r = run(text)
    assert not r.errors
    # §8.2: the referee's ruling decides game 1 before any hand is played (its last hand: none).
    assert [g[:5] for g in r.games] == [(1, "EW", GameEnd.ruling, None, line_of(text, "# a"))]
    assert [said(s) for s in r.games[0].explain] == [
        ("the referee rules for EW: forfeit by absence [game.ruling; §8.2]",
         "裁判裁定东西获胜：forfeit by absence [game.ruling; §8.2]")]
    assert r.notes == (Note(NoteKind.ruling, line_of(text, "# a"), 1, None, None, "EW", "forfeit by absence"),)


def test_three_warnings_forfeit_with_the_step_worded():
    text = record(first_hand(points=80, after=["warn N a", "warn S b", "warn N c  # a"]))
    r = play(first_hand(points=80, after=["warn N a", "warn S b", "warn N c  # a"]))
    (game,) = r.games
    assert game[:5] == (1, "EW", GameEnd.forfeit, 1, line_of(text, "# a"))
    assert [said(s) for s in game.explain] == [(
        "3 warnings against NS: EW win the match 2:0 [game.forfeit; match.warnings_limit · §8.1]",
        "南北被警告3次：东西以2:0获胜 [game.forfeit; match.warnings_limit · §8.1]")]
    assert (r.winner, r.forfeit, r.games_won) == ("EW", True, {"EW": 2, "NS": 0})


# --- time (§7.3.5) --------------------------------------------------------------------------------------

def test_time_the_higher_level_wins_and_the_last_hands_blood_lapses():
    # H1 E: dug S = 150 → stage dug, NS 3 → 4 (blood 0 + 0); next S. Time: NS are higher → NS win game 1.
    # H1' (the same with S = 75 kept): EW 4, blood 1 owed to W, voided by the time call (§5.1).
    text = record(first_hand(points=150, last="def", after="time  # a"))
    _, r = run(text)
    assert r.notes == (Note(NoteKind.time, line_of(text, "# a"), 1, 1),)
    assert r.games[0][:5] == (1, "NS", GameEnd.time, 1, line_of(text, "# a"))
    assert [said(s) for s in r.games[0].explain] == [(
        "time: the higher level wins [game.time; match.time_limit_minutes · §7.3.5]",
        "时间到：级高者胜 [game.time; match.time_limit_minutes · §7.3.5]")]
    r = play(first_hand(points=75, after="time"))
    h = r.hands[0]
    assert (h.blood, h.blood_giver, h.next_declarer) == (0, None, None)
    assert (r.games[0].winner, r.state.game, r.state.blood_owed) == ("EW", 2, 0)


def test_time_equal_levels_the_side_that_reached_first_wins():
    # H1 E: dug S = 120 → NS 4 (hand 1); next S. H2 S (NS at 4): dug S = 120 → EW 3 → 4 (hand 2); next W.
    # Time at 4/4: NS reached 4 first → NS.
    r = play(first_hand(points=120, last="def"), hand_text(trump="H", points=120, last="def", after="time"))
    assert r.hands[1].levels_after == {"EW": 4, "NS": 4}
    assert (r.games[0].winner, r.games[0].reason) == ("NS", GameEnd.time)
    assert said(r.games[0].explain[0])[0] == (
        "time: equal levels: the side that reached it first wins [game.time; match.time_limit_minutes · §7.3.5]")


def test_time_tied_then_ruled_keeps_both_steps():
    text = record(first_hand(points=120, after=["time", "ruling winner=EW faster play  # a"]))
    r = play(first_hand(points=120, after=["time", "ruling winner=EW faster play  # a"]))
    (game,) = r.games
    assert game[:5] == (1, "EW", GameEnd.ruling, 1, line_of(text, "# a"))
    assert [said(s)[0] for s in game.explain] == [
        "time: equal levels, neither reached first: the referee rules [game.time; match.time_limit_minutes · §7.3.5]",
        "the referee rules for EW: faster play [game.ruling; §8.2]"]


# --- redeal -------------------------------------------------------------------------------------------------

def test_a_redeal_starts_the_hand_again():
    # E grabs and the kitty is turned, then the hand is dealt again: S grabs this time and declares.
    text = record(hand("declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "redeal  # a", "declare S BJ",
                       "trump S", "kitty 4C 6C 7C 8C 9C JS", "points 80", "last decl"))
    _, r = run(text)
    assert not r.errors
    assert r.notes == (Note(NoteKind.redeal, line_of(text, "# a"), 1, 1),)
    (h,) = r.hands
    assert (h.hand, h.declarer, h.trump, h.levels_after) == (1, "S", "S", {"EW": 3, "NS": 4})


def hand(*lines: str) -> str:
    return "hand\n" + "".join(line + "\n" for line in lines)


# --- what a `show` lays open (§1.6: three copies of a card in all) ----------------------------------------

def test_a_declarers_show_after_tribute_and_bury_counts_only_what_was_dealt_to_them():
    # H1 S = 65 → blood 2 owed to W by S. S gives AS AS; the kitty holds the third AS; W buries and then shows
    # AS AS AS: the three aces are the two given and the kitty's, not three more (no fourth copy).
    h2 = hand_text(trump="H", tribute="S AS AS", kitty="AS 4C 6C 7C 8C JH", bury="4C 6C 7C 8C JH 9D",
                   points=80).replace("points", "show W AS AS AS 5D\npoints")
    assert errors_of(record(first_hand(points=65), h2)) == []


def test_a_givers_show_after_tribute_counts_what_was_given():
    # S gave AS AS (dealt to S): a later show of S's hand with a third AS is S's three aces; a fourth AS in the
    # kitty is then one too many.
    h2 = hand_text(trump="H", tribute="S AS AS", kitty="AS 4C 6C 7C 8C JH  # !", points=80).replace(
        "kitty", "show S AS 9C\nkitty")
    text = record(first_hand(points=65), h2)
    errs = errors_of(text)
    assert [(e.line, e.message) for e in errs] == [
        (line_of(text), "more than three copies of AS in this deal (there are only three decks)")]


def test_a_shown_hand_is_the_pool_of_a_bury():
    # E shows 4D 5D 9S before taking the kitty: the bury may use those and the kitty's cards only.
    ok = record(hand("declare E BJ", "trump H", "show E 4D 5D 9S", "kitty 4C 6C 7C 8C 9C JH",
                     "bury 4D 5D 9S 4C 6C 7C", "points 80", "last decl"))
    assert errors_of(ok) == []


def test_a_tribute_received_joins_the_declarers_shown_hand():
    # W lays the hand open before the tribute; S then gives AS AD (2 blood owed, see H1 S = 65), and W may bury
    # them with the kitty's cards: they are W's now.
    h2 = hand("trump H", "show W 4D 5D", "tribute S AS AD", "kitty 4C 6C 7C 8C 9C JH", "bury AS AD 4C 6C 7C 8C",
              "points 80", "last decl")
    assert errors_of(record(first_hand(points=65), h2)) == []


def test_tribute_cards_in_the_bury_are_not_counted_again():
    # S gives AS AS; the kitty holds the third AS; W buries all three: two came from S, one from the kitty.
    h2 = hand_text(trump="H", tribute="S AS AS", kitty="AS 4C 6C 7C 8C JH", bury="AS AS AS 4C 6C 7C", points=80)
    assert errors_of(record(first_hand(points=65), h2)) == []


def test_a_giver_who_gave_the_big_jokers_holds_none():
    # S shows BJ BJ 9C 8C and must give the largest cards: BJ BJ (jokers are giveable, §5.2). S holds no big joker
    # after that, so S may bury a small joker (§6.3.2 asks a held big joker first); at level 4 the 4C is a level
    # card, so 6C is the smallest card to come out.
    h2 = hand("trump H", "show S BJ BJ 9C 8C", "tribute S BJ BJ", "kitty 4C 6C 7C 8C 9C JH",
              "bury 4C 6C 7C 8C 9C JH", "king S SJ take 6C", "points 80", "last decl")
    assert errors_of(record(first_hand(points=65), h2)) == []


def test_a_player_burying_the_big_joker_held_with_a_small_one():
    # N shows BJ SJ 4D and buries both: the big joker goes with the small one, as §6.3.2 asks.
    text = record(hand("declare E BJ", "trump H", "show N BJ SJ 4D", "kitty 4C 6C 7C 8C 9C JH",
                       "king N BJ SJ take 4C 6C", "points 80", "last decl"))
    assert errors_of(text) == []


def test_team_and_seat_names_are_kept():
    r = play("team EW 海之韵\nteam NS 老虎队\nseat E 张三\nseat N 赵六\n", first_hand(points=80))
    assert (r.teams, r.seats) == ({"EW": "海之韵", "NS": "老虎队"}, {"E": "张三", "N": "赵六"})


def test_a_match_won_by_games_is_no_forfeit():
    r = play(first_hand(points=0), rules="gunzi-001")
    assert (r.winner, r.forfeit) == ("EW", False)


def test_a_forfeit_before_any_hand_and_in_the_middle_of_one():
    # Three warnings before the first hand: the match is over (EW win 2:0) with no hand played.
    r = play("warn N a\nwarn S b\nwarn N c\n")
    assert (r.winner, r.forfeit, r.games[0].last_hand) == ("EW", True, None)
    # In the middle of a hand: that hand is not played out; its next line is outside any hand.
    text = record(hand("declare E BJ", "trump H", "warn N a", "warn S b", "warn N c", "points 80  # !"))
    errs = errors_of(text)
    assert [(e.line, e.message) for e in errs] == [
        (line_of(text), "'points' outside a hand: start the hand with 'hand'")]


def test_a_redealt_hand_keeps_its_number_line_and_game():
    text = record(first_hand(points=80), "hand  # a\ndeclare S 4S\nredeal\n" + hand_text(trump="H", points=80)[5:])
    _, r = run(text)
    assert not r.errors
    h = r.hands[1]
    assert (h.hand, h.line, h.game, h.declarer) == (2, line_of(text, "# a"), 1, "W")


# --- the largest cards of a shown hand (§5.2) ----------------------------------------------------------------
# H1 E keeps S = 65 → EW 4, 2 blood owed to W by S. H2 W at level 4, trump H: the 4s are level cards, hearts trump.

def _largest(show: str, give: str) -> list[str]:
    h2 = hand("trump H", f"show S {show}", f"tribute S {give}  # !", "kitty 4C 6C 7C 8C 9C JH", "points 80",
              "last decl")
    text = record(first_hand(points=65), h2)
    return [e.message for e in errors_of(text) if e.line == line_of(text)]


def test_the_tribute_is_the_givers_largest_cards():
    # 4S is a level card (a trump) and AS the highest non-trump; giving 4S 9D keeps AS: 9D is not among the
    # largest. (6C, kept too, is smaller than 9D.)
    assert _largest("4S 9D AS 6C", "4S 9D") == [
        "S gave 9D but holds AS: the tribute is the giver's largest cards (§5.2)"]
    # a kept plain heart (a trump) outranks a given 8D (a 5H would not count: a point card, never given)
    assert _largest("9D 8D 6H AS", "9D 8D") == [
        "S gave 8D but holds 6H: the tribute is the giver's largest cards (§5.2)"]
    # a given heart is a trump: the weaker card given is 9D, below the kept AS
    assert _largest("6H 9D AS 8C", "6H 9D") == [
        "S gave 9D but holds AS: the tribute is the giver's largest cards (§5.2)"]
    # giving the two hearts and keeping AS and 9C is right: both hearts are trumps
    assert _largest("6H 7H AS 9C", "6H 7H") == []
    # two identical cards given from two held
    assert _largest("AS AS 9C", "AS AS") == []
    # one AS shown cannot be given twice
    assert _largest("AS 9C", "AS AS") == ["S's shown hand has no AS to give"]


def test_at_level_5_the_fives_are_among_the_largest(monkeypatch):
    # H1 E keeps S = 65 with a SJ buried: EW 3 + 1 + 1 = 5; blood = kings 1 + score 2 = 3, owed to W by S.
    # H2 at level 5: 5S is a level card and may be given ("打5进5"), so keeping it while giving 7D is wrong.
    from referee.games.gunzi import hand_tribute

    monkeypatch.setattr(hand_tribute, "_GIVEABLE", {})  # judge from the rule, not from a warm cache
    h1 = first_hand(declarer="E", kitty="SJ 7C 8C 9C JH 6C", points=65)
    h2 = hand("trump H", "show S 5S 9D 8D 7D", "tribute S 9D 8D 7D  # !", "kitty 4C 6C 7C 8C 9C JH", "points 80",
              "last decl")
    text = record(h1, h2)
    assert [e.message for e in errors_of(text) if e.line == line_of(text)] == [
        "S gave 7D but holds 5S: the tribute is the giver's largest cards (§5.2)"]


@pytest.mark.parametrize(("level", "given", "kept"), [
    # no point card is given (5, 10, K), except the 5s at level 5 and the 10s at level 10; Ks never (§5.2)
    (3, "AS 2H 3D QC JD 9S 4H BJ SJ", "5S 10H KD"),
    (5, "5S 5H AS 2C BJ", "10D KS"),
    (10, "10S 10D AS 2C SJ", "5H KC"),
    (4, "4S AS 2C", "5D 10C KH"),
])
def test_what_may_be_given_in_tribute(monkeypatch, level, given, kept):
    from referee.games.gunzi import hand_tribute
    from referee.games.gunzi.cards import parse_cards

    monkeypatch.setattr(hand_tribute, "_GIVEABLE", {})  # computed afresh from the rule
    may = hand_tribute._giveable(level)
    assert all(c in may for c in parse_cards(given.split()))
    assert not any(c in may for c in parse_cards(kept.split()))
    assert hand_tribute._giveable(level) is may  # and kept for the next tribute at that level
