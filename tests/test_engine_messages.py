"""Every refusal of the engine, word for word: the message a referee reads on the line it belongs to.

Each case is a small record with one bad line (marked ``# !``) and the English of the error expected
there, filled in by hand from the message in referee/games/gunzi/engine.py; lines it names are marked ``# a``, ``# b``
and written ``{a}``, ``{b}``. The records follow the rules of docs/gunzi-rules.md, so the refusal is
the only error on its line. Unless a case says otherwise: dalian-club, H1 E grabs, trump H, level 3.
"""

from __future__ import annotations

import pytest
from helpers import errors_of, first_hand, hand_text, line_of, record, run

# H1 E keep S = 80 → EW 4, next W (E's partner), blood 0.
H1 = first_hand(points=80)
# H1 E keep S = 65 → EW 4, next W, blood ceil((80 − 65) / 10) = 2, owed by W's 上家 S.
H1_OWING = first_hand(points=65)


def hand(*lines: str) -> str:
    return "hand\n" + "".join(line + "\n" for line in lines)


CASES = [
    # --- the record and the match -----------------------------------------------------------------
    ("second-header", record(H1, "match id=T-2  # !\n"),
     "a second 'match' header (the first is at line 1)"),
    ("team-late", record(H1, "team EW 海之韵  # !\n"), "out of order: 'team' belongs before the first hand"),
    ("seat-late", record(H1, "seat N 赵六  # !\n"), "out of order: 'seat' belongs before the first hand"),
    # gunzi-001 plays one game: H1 S = 0 → EW win the game and the match (§7.3.1, §3.3)
    ("match-over-hand", record(first_hand(points=0), "hand  # !\n", rules="gunzi-001"),
     "the match is over (EW won): no more hands"),
    ("match-over-warn", record(first_hand(points=0), "warn N talking  # !\n", rules="gunzi-001"),
     "the match is over: no more warnings"),
    ("match-over-ruling", record(first_hand(points=0), "ruling winner=NS x  # !\n", rules="gunzi-001"),
     "the match is over: a ruling cannot change it here; correct the record instead"),
    # H1 S = 120 kept → stage kept, 3/3: time finds equal levels reached by nobody: a ruling is awaited
    ("tie-awaits-ruling", record(first_hand(points=120, after="time"), "hand  # !\n"),
     "game 1 ended on time with the levels tied: record a 'ruling' first"),
    ("time-twice", record(first_hand(points=120, after=["time", "time  # !"])),
     "time was already called in this game"),
    ("time-no-limit", record(first_hand(points=80, after="time  # !"), rules="gunzi-001"),
     "the gunzi-001 rules have no time limit (match.time_limit_minutes = 0)"),
    # three warnings against NS forfeit the match (§8.1)
    ("time-match-over", record(first_hand(points=80, after=["warn N a", "warn S b", "warn N c", "time  # !"])),
     "the match is over"),
    ("time-in-hand", record(hand("declare E BJ", "trump H", "time  # !", "kitty 4C 6C 7C 8C 9C JH", "points 80",
                                 "last decl")),
     "time is called between hands: hand 1 is not finished (record its last trick, or 'redeal')"),
    ("redeal-outside", record("redeal  # !\n", H1), "'redeal' belongs inside a hand"),
    ("redeal-settled", record(first_hand(points=80, after="redeal  # !")),
     "hand 1 is already settled: it cannot be redealt"),
    ("outside-hand", record("kitty 4C 6C 7C 8C 9C JH  # !\n", H1),
     "'kitty' outside a hand: start the hand with 'hand'"),
    ("show-outside-hand", record("show N 4C 6C  # !\n", H1), "'show' outside a hand: start the hand with 'hand'"),
    ("after-last", record(first_hand(points=80, after="points 5  # !")),
     "out of order: hand 1 is over; 'points' comes before 'last'"),
    ("phase-order", record(hand("declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 50",
                                "bury 4C 6C 7C 8C 9C JH  # !", "last decl")),
     "out of order: 'bury' comes before the play (points) of hand 1"),
    ("no-last", record("hand  # !\n" + hand("declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 50")[5:],
                       "hand  # a\n"),
     "hand 1 has no 'last' before line {a}: it is not settled"),
    # --- declarer and declaring (§4) ------------------------------------------------------------------
    ("declarer-fixed", record(H1, hand_text(declarer="E  # !", trump="H", points=80)),
     "the declarer of hand 2 is W by the last hand's result, not E"),
    ("declarer-after-grab", record(hand_text(grab="E", declarer="W  # !", trump="H", points=80)),
     "the grab or the flips already fix this hand's declarer"),
    ("first-hand-level-cards", record(hand_text(declare="E 3H  # !", declarer="E", trump="H", points=80)),
     "in a game's first hand only one big joker grabs (抢亮大王); level cards declare from the second hand on"),
    ("grab-twice", record(hand("declare E BJ  # a", "declare S BJ  # !", "trump H", "kitty 4C 6C 7C 8C 9C JH",
                               "points 80", "last decl")),
     "E already grabbed at line {a}: a grab cannot be overcalled"),
    ("grab-after-declarer", record(hand("declarer E", "declare S BJ  # !", "trump H", "kitty 4C 6C 7C 8C 9C JH",
                                        "points 80", "last decl")),
     "out of order: the grab comes before any flip or 'declarer'"),
    ("declare-after-draw", record(H1, hand_text(draw="7D", declare="S 4S  # !", kitty="7D 4C 6C 8C 9C JH",
                                                points=80).replace("declare S 4S  # !\ndraw 7D",
                                                                   "draw 7D\ndeclare S 4S  # !")),
     "out of order: declarations come before a draw from the kitty"),
    ("flip-later-hand", record(H1, hand_text(flip="E 9C  # !", trump="H", points=80)),
     "flips decide only a game's first hand; later hands have a fixed declarer"),
    ("flip-after-grab", record(hand("declare E BJ  # a", "flip S 9C  # !", "trump H", "kitty 9C 6C 7C 8C 4C JH",
                                    "points 80", "last decl")),
     "E grabbed at line {a}: nobody flips"),
    ("flip-after-declarer", record(hand("declarer E", "flip S 9C  # !", "trump H", "kitty 9C 6C 7C 8C 4C JH",
                                        "points 80", "last decl")),
     "the declarer is already stated: nobody flips"),
    ("flip-twice", record(hand("flip E 9C", "flip E 8C  # !", "flip S QD", "flip W 10H", "flip N KS",
                               "kitty 9C QD 10H KS JH 8C", "points 80", "last decl")),
     "E has already flipped (only a joker is flipped again)"),
    ("draw-first-hand", record(hand("declarer E", "draw 7D  # !", "trump H", "kitty 7D 6C 7C 8C 4C JH",
                                    "points 80", "last decl")),
     "a draw fixes trump only in later hands; the first hand grabs or flips"),
    ("draw-after-declaring", record(H1, hand_text(declare="S 4S", draw="7D  # !", kitty="7D 4C 6C 8C 9C JS",
                                                  points=80)),
     "somebody declared: there is no draw"),
    ("draw-past-suited", record(H1, hand_text(draw=["7D", "8C  # !"], kitty="7D 8C 6C 4C 9C JD", points=80)),
     "the draw stops at the first suited card (7D)"),
    ("draw-six-jokers", record(H1, hand_text(draw="BJ BJ BJ SJ SJ SJ  # !", kitty=None, last=None)),
     "six jokers drawn: the kitty is all jokers and the hand is dealt again ('redeal')"),
    ("trump-twice", record(hand("declare E BJ", "trump H  # a", "trump S  # !", "kitty 4C 6C 7C 8C 9C JH",
                                "points 80", "last decl")),
     "trump is already stated at line {a}"),
    # --- fixing declarer and trump, reported on the first line after declaring -------------------------
    ("flip-missing", record(hand("flip E 9C", "flip S QD", "kitty 9C QD 10H KS JH 6D  # !", "points 80",
                                 "last decl")),
     "every player flips a card: no flip from W, N"),
    ("flip-other-trump", record(hand("flip E 9C", "flip S QD", "flip W 10H", "flip N KS", "trump S  # a",
                                     "kitty 9C QD 10H KS JH 6D  # !", "points 80", "last decl")),
     "the flip makes hearts trump, not spades (line {a})"),
    ("declarer-no-trump", record(hand("declarer E", "kitty 4C 6C 7C 8C 9C JH  # !", "points 80", "last decl")),
     "record the trump suit of the first hand ('trump SUIT')"),
    ("first-hand-nothing", record(hand("kitty 4C 6C 7C 8C 9C JH  # !", "points 80", "last decl")),
     "hand 1 is a game's first hand: record a grab ('declare SEAT BJ'), four flips, or 'declarer SEAT'"),
    ("declared-other-trump", record(H1, hand_text(declare="S 4H  # a", trump="S", kitty="4C 6C 7C 8C 9C JH  # !",
                                                  points=80)),
     "trump is hearts by the declaration at line {a}, not spades"),
    ("draw-ends-on-joker", record(H1, hand_text(draw="SJ", kitty="SJ 7D 4C 6C 8C 9C  # !", points=80)),
     "the draw ended on a joker: draw on to the first suited card"),
    ("drawn-other-trump", record(H1, hand_text(draw="7D", trump="S", kitty="7D 4C 6C 8C 9C JD  # !", points=80)),
     "the draw makes diamonds trump, not spades"),
    ("later-no-trump", record(H1, hand_text(kitty="4C 6C 7C 8C 9C JH  # !", points=80)),
     "hand 2 has no trump: record declarations, a 'draw' or 'trump SUIT'"),
    # --- tribute and riot (§5) -------------------------------------------------------------------------
    ("riot-not-in-rules", record(H1_OWING, hand_text(trump="H", riot="N SJ SJ SJ  # !", waive=True, points=80),
                                 rules="gunzi-001"),
     "riot (暴动) is not part of the gunzi-001 rules (tribute.riot = false)"),
    ("riot-receiving-side", record(H1_OWING, hand_text(trump="H", riot="E SJ SJ SJ  # !", waive=True, points=80)),
     "only the paying side (NS) riots; E is on the receiving side"),
    ("riot-not-jokers", record(H1_OWING, hand_text(trump="H", riot="N 4C 4C 4C  # !", waive=True, points=80)),
     "a riot shows three big jokers or three small jokers"),
    ("riot-mixed", record(H1_OWING, hand_text(trump="H", riot="N SJ SJ BJ  # !", waive=True, points=80)),
     "a riot shows three big jokers or three small jokers"),
    ("riot-two", record(H1_OWING, hand_text(trump="H", riot="N SJ SJ  # !", waive=True, points=80)),
     "a riot shows three big jokers or three small jokers"),
    ("riot-after-tribute", record(H1_OWING, hand_text(trump="H", tribute="S AS AD  # a", points=80).replace(
        "kitty", "riot N SJ SJ SJ  # !\nkitty")),
     "out of order: the tribute was already given at line {a}"),
    ("riot-nothing-owed", record(H1, hand_text(trump="H", riot="N SJ SJ SJ  # !", points=80)),
     "no blood is owed this hand: a riot has nothing to waive"),
    ("waive-nothing-owed", record(H1, hand_text(trump="H", waive=True, points=80).replace("waive", "waive  # !")),
     "no blood is owed this hand: there is nothing to waive"),
    ("waive-after-tribute", record(H1_OWING, hand_text(trump="H", tribute="S AS AD  # a", points=80).replace(
        "kitty", "waive  # !\nkitty")),
     "out of order: the tribute was already given at line {a}"),
    ("tribute-after-riot", record(H1_OWING, hand_text(trump="H", riot="N SJ SJ SJ  # a", tribute="S AS AD  # !",
                                                      points=80)),
     "the tribute is waived by the riot at line {a}"),
    ("tribute-after-waive", record(H1_OWING, hand_text(trump="H", waive=True, tribute="S AS AD  # !", points=80)),
     "the tribute is waived ('waive')"),
    ("tribute-twice", record(H1_OWING, hand_text(trump="H", tribute=["S AS AD  # a", "S AH AC  # !"], points=80)),
     "the tribute was already given at line {a}"),
    ("tribute-wrong-giver", record(H1_OWING, hand_text(trump="H", tribute="N AS AD  # !", points=80)),
     "the tribute comes from S, the upper hand (上家) of the declarer W, not from N"),
    ("tribute-nothing-owed", record(H1, hand_text(trump="H", tribute="S AS  # !", points=80)),
     "no blood is owed this hand; 1 card given"),
    ("tribute-count", record(H1_OWING, hand_text(trump="H", tribute="S AS  # !", points=80)),
     "S owes 2 blood to W; 1 card given"),
    ("tribute-king", record(H1_OWING, hand_text(trump="H", tribute="S AS KS  # !", points=80)),
     "KS is a point card: point cards are not given in tribute (only the 5s at level 5 and the 10s at level 10; "
     "Ks never)"),
    ("tribute-five", record(H1_OWING, hand_text(trump="H", tribute="S AS 5S  # !", points=80)),
     "5S is a point card: point cards are not given in tribute (only the 5s at level 5 and the 10s at level 10; "
     "Ks never)"),
    ("tribute-not-shown", record(H1_OWING, hand_text(trump="H", tribute="S AS AD  # !", points=80)
                                 .replace("hand\n", "hand\nshow S AS 9C 8C\n", 1)),
     "S's shown hand has no AD to give"),
    ("tribute-not-largest", record(H1_OWING, hand_text(trump="H", tribute="S AS 9C  # !", points=80)
                                   .replace("hand\n", "hand\nshow S AS AD 9C 8C\n", 1)),
     "S gave 9C but holds AD: the tribute is the giver's largest cards (§5.2)"),
    ("tribute-missing", record(H1_OWING, hand_text(trump="H", kitty="4C 6C 7C 8C 9C JH  # !", points=80)),
     "S owes 2 blood to W: no tribute recorded before the kitty (record 'tribute', 'riot' or 'waive')"),
    # --- the kitty, the bury and buried kings (§6) ---------------------------------------------------------
    ("kitty-twice", record(hand("declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH  # a",
                                "kitty 4C 6C 7C 8C 9C JH  # !", "points 80", "last decl")),
     "the kitty was already recorded at line {a}"),
    ("kitty-five", record(first_hand(kitty="4C 6C 7C 8C JH  # !", points=80)), "the kitty holds 6 cards; 5 given"),
    ("flipped-not-in-kitty", record(hand("flip E 9C", "flip S QD", "flip W 10H", "flip N KS",
                                         "kitty 8C QD 10H KS JH 6D  # !", "points 80", "last decl")),
     "9C was flipped from the kitty but is not in it"),
    ("drawn-not-in-kitty", record(H1, hand_text(draw="7D", kitty="8D 4C 6C 8C 9C JD  # !", points=80)),
     "7D was drawn from the kitty but is not in it"),
    ("bury-no-kitty", record(hand("declare E BJ", "trump H", "bury 4C 6C 7C 8C 9C JH  # !", "points 80",
                                  "last decl")),
     "out of order: 'bury' comes after the 'kitty'"),
    ("bury-twice", record(first_hand(bury="4C 6C 7C 8C 9C JH  # a", points=80).replace(
        "points", "bury 4C 6C 7C 8C 9C JH  # !\npoints")),
     "the kitty was already buried at line {a}"),
    ("bury-dry", record(first_hand(kitty="KC 10C 5C 7C 8C 9C", bury="7C 8C 9C 4D 6D 6S  # !", points=50)),
     "dry pot (干锅): the kitty stays as dealt; the declarer does not exchange it"),
    ("bury-five", record(first_hand(bury="4C 6C 7C 8C 9C  # !", points=80)), "the declarer buries 6 cards; 5 given"),
    ("bury-not-shown", record(hand("declare E BJ", "trump H", "show E 4D 5D", "kitty 4C 6C 7C 8C 9C JH",
                                   "bury 4C 6C 7C 8C 9D 9S  # !", "points 80", "last decl")),
     "the declarer's shown hand has no 9D 9S"),
    ("bury-small-before-big", record(first_hand(declarer="E", kitty="BJ SJ 7C 8C 9C JH",
                                                bury="SJ 7C 8C 9C JH 4C  # !", points=80)),
     "big jokers are buried before small ones (§6.3.2): a big joker is held; only three small jokers may be buried "
     "without the big ones (kitty.three_small_jokers_without_big, §6.3.3)"),
    ("king-no-kitty", record(hand("declare E BJ", "trump H", "king N BJ take 4C  # !", "points 80", "last decl")),
     "out of order: 'king' comes after the 'kitty'"),
    ("king-dry", record(first_hand(kitty="KC 10C 5C 7C 8C 9C", king="N BJ take 7C  # !", points=50)),
     "dry pot (干锅): nobody may bury jokers into the kitty"),
    ("king-declarer", record(first_hand(king="E SJ take 4C  # !", points=80)),
     "the declarer buries with 'bury'; 'king' is for the other players"),
    ("king-not-joker", record(first_hand(king="N 4D take 4C  # !", points=80)), "'king' buries jokers only"),
    ("king-count", record(first_hand(king="N BJ SJ take 4C  # !", points=80)),
     "one card comes out for each joker: 2 buried, 1 taken"),
    ("king-small-before-big", record(hand("declare E BJ", "trump H", "show N BJ SJ 4D", "kitty 4C 6C 7C 8C 9C JH",
                                          "king N SJ take 4C  # !", "points 80", "last decl")),
     "N holds a big joker: big jokers are buried before small ones (§6.3.2); only three small jokers may be buried "
     "without the big ones (kitty.three_small_jokers_without_big, §6.3.3)"),
    ("king-nothing-out", record(first_hand(bury="5C 10C KC 5D 10D KD", king="N BJ take 5C  # !", points=80)),
     "no card can come out of the kitty (only point cards and jokers are left): nobody may bury jokers (§6.4.2)"),
    # --- points and the last trick (§7) ---------------------------------------------------------------
    ("points-five", record(first_hand(points=["40", "23  # !"])),
     "23 is not a multiple of 5: points come from 5s, 10s and Ks"),
    ("declarer-points-five", record(first_hand(points=80).replace("last", "declarer-points 201  # !\nlast")),
     "201 is not a multiple of 5: points come from 5s, 10s and Ks"),
    ("too-many-points", record(first_hand(kitty="5C 10C KC 7C 8C JH", points=["200", "80  # !"])),
     "more points than exist: 280 taken, but the kitty holds 25 of the 300, so at most 275"),
    ("declarer-points-twice", record(first_hand(points=80).replace(
        "last", "declarer-points 200  # a\ndeclarer-points 220  # !\nlast")),
     "declarer-points already given at line {a}"),
    ("declarer-points-sum", record(first_hand(points=80).replace("last", "declarer-points 200  # !\nlast")),
     "points do not add up: defenders 80 + declarers 200 + kitty 0 = 280, not 300"),
    ("no-kitty", record(hand("declare E BJ", "trump H", "points 80", "last decl  # !")),
     "hand 1 has no 'kitty': it cannot be settled"),
    ("fourth-copy", record(first_hand(kitty="6H 6H 6H 7C 8C 9C", bury="6H 6H 6H 6H 8C 9C  # !", points=80)),
     "more than three copies of 6H in this deal (there are only three decks)"),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_refusal_words(text, expected):
    names = {m: line_of(text, f"# {m}") for m in "ab" if f"# {m}" in text}
    want = expected.format(**names)
    got = [e.message for e in errors_of(text, _rules_of(text)) if e.line == line_of(text)]
    assert got == [want], "\n".join(str(e) for e in errors_of(text, _rules_of(text))) + "\n---\n" + text


def _rules_of(text: str) -> str:
    return text.split("rules=", 1)[1].split()[0]


def test_a_record_must_start_with_its_header():
    # The first directive is not 'match': one error, on that line (§ record format); nothing else is said.
    _, r = run(first_hand(points=80))
    assert [(e.line, e.message) for e in r.errors] == [(1, "the record must start with 'match id=…'")]


def test_an_empty_record_has_no_header():
    # One error, for the whole record (line 0), in both languages (the catalogue's Chinese, zh_CN.po).
    _, r = run("")
    assert [(e.line, e.message, e.message_zh) for e in r.errors] == [
        (0, "the record has no 'match id=…' header", "记录没有 'match id=…' 开头行")]


def test_refusals_in_chinese():
    # A few whose Chinese names seats, cards and lines (the catalogue's words, referee/locale/zh_CN).
    text = record(H1_OWING, hand_text(trump="H", tribute="N AS AD  # !", points=80))
    (e,) = [e for e in errors_of(text) if e.line == line_of(text)]
    assert e.message_zh == "应由上家南进贡（西是庄家），不是北"
