"""The 打滚 engine's refusals at their edges (docs/hubei-dagun-rules.md §8), each message word for word in both
languages: the declared hands against two decks and a hand of 27 (§1, §6) and against a called small joker
(§4.2), the dealer of a deal after one left unsettled (§4.1), the line order of a record, and what a deal in
progress still lacks (``Game.pending``)."""

from __future__ import annotations

from referee.games.hubei_dagun.engine import pending, replay
from referee.games.hubei_dagun.game import GAME
from referee.games.hubei_dagun.notation import parse
from referee.games.hubei_dagun.ruleset import load

HEAD = "match id=T1 game=hubei-dagun\nseat E A\nseat S B\nseat W C\nseat N D\n"  # lines 1-5
DEFAULT = load("hubei-dagun")
ALONE = "deal 1 dealer=S\nalone W\nplaces W E S N\n"  # lines 6-8: W alone wins


def result_of(body: str):
    record = parse(HEAD + body)
    assert record.errors == [], [str(e) for e in record.errors]
    return replay(record.events, DEFAULT)


def problems(result):
    return [(e.line, e.message, e.message_zh) for e in result.errors]


# --- §1, §6: a hand holds 27 cards -------------------------------------------------------------------------

def test_a_hand_of_exactly_27_declared_cards_fits():
    # W: 8喜 of 2 (8) + 8喜 of 3 (8) + 7喜 of 4 (7) + 天炸 (4) = 27, a whole hand (§1): no refusal.
    result = result_of(ALONE + "declare W xi8 2\ndeclare W xi8 3\ndeclare W xi7 4\ndeclare W sky\n")
    assert result.errors == ()
    # rewards: 2 + 2 + 1 + 1 = 6 番 from each of three on top of W's 硬牌 win (2 from each): W 3 × 8 = +24, others -8
    assert result.deals[0].coins == (-8, -8, 24, -8)


def test_28_declared_cards_are_more_than_a_hand():
    # W: three 8喜 (24) + 天炸 (4) = 28 > 27: refused at the deal's line (6), the deal still settled.
    result = result_of(ALONE + "declare W xi8 2\ndeclare W xi8 3\ndeclare W xi8 4\ndeclare W sky\n")
    assert problems(result) == [(6, "declare: W declares 28 cards of 天炸 and 喜, more than the 27 a player holds (§1)",
                                 "declare：西 报的天炸和喜共 28 张，超过每家的 27 张（§1）")]
    # N: four 7喜 = 28: 7 cards each
    result = result_of(ALONE + "declare N xi7 2\ndeclare N xi7 3\ndeclare N xi7 4\ndeclare N xi7 5\n")
    assert problems(result) == [(6, "declare: N declares 28 cards of 天炸 and 喜, more than the 27 a player holds (§1)",
                                 "declare：北 报的天炸和喜共 28 张，超过每家的 27 张（§1）")]
    # E: 7喜 + 8喜 + 8喜 + 天炸 = 27 for S, but E's 7 cards are E's: two hands, each within 27
    result = result_of(ALONE + "declare S xi8 2\ndeclare S xi8 3\ndeclare S sky\ndeclare E xi7 4\ndeclare S xi7 5\n")
    assert result.errors == ()


def test_a_third_xi_of_a_rank_names_the_first():
    # Three 喜 of K: the second (line 10) and the third (line 11) each need more than 8 Ks with the first, at line 9.
    result = result_of(ALONE + "declare E xi7 K\ndeclare S xi7 K\ndeclare N xi8 K\n")
    assert problems(result) == [
        (10, "declare: the two decks hold 8 cards of K; this 喜 and the one at line 9 need more (§6)",
         "declare：两副牌只有 8 张 K；这个喜和第 9 行的喜需要更多（§6）"),
        (11, "declare: the two decks hold 8 cards of K; this 喜 and the one at line 9 need more (§6)",
         "declare：两副牌只有 8 张 K；这个喜和第 9 行的喜需要更多（§6）"),
    ]


def test_a_second_and_third_sky_bomb_are_each_refused():
    result = result_of(ALONE + "declare E sky\ndeclare S sky\ndeclare N sky\n")
    refusal = ("declare: 天炸 is all four jokers: only one player can hold it (§6)",
               "declare：天炸是全部四张王，只有一家能有（§6）")
    assert problems(result) == [(10, *refusal), (11, *refusal)]


# --- §4.2: the called card -----------------------------------------------------------------------------------

CALL = "deal 1 dealer=E\ncall {card} partner=W\nplaces W E S N\npoints E=50 S=50 W=50 N=50 hand=0\n"  # lines 6-9


def test_a_called_small_joker_leaves_no_sky_bomb():
    result = result_of(CALL.format(card="SJ") + "declare N sky\n")
    assert problems(result) == [(10, "declare: 天炸 holds all four jokers, but a joker was called and its twin is the "
                                     "partner's (§4.2, §6)",
                                     "declare：天炸要四张王全在一家，但叫的是王，另一张在朋友手里（§4.2、§6）")]


def test_a_called_small_joker_has_no_rank():
    # SJ is not the jack of spades: an 8喜 of J (or a 7喜 of J by a seat outside the partnership) fits.
    assert result_of(CALL.format(card="SJ") + "declare S xi8 J\n").errors == ()
    assert result_of(CALL.format(card="SJ") + "declare N xi7 J\n").errors == ()
    # while a called ♣J is of rank J: S's 7喜 of J leaves one J for E and W, who each hold a ♣J
    result = result_of(CALL.format(card="CJ") + "declare S xi7 J\n")
    assert problems(result) == [(10, "declare: a 7喜 of J by S leaves one J, but the dealer and the partner each hold "
                                     "a called ♣J (§4.2, §6)",
                                     "declare：南 的 J 7喜只剩一张 J，但庄家和朋友各有一张叫的 ♣J（§4.2、§6）")]


def test_the_jack_of_spades_is_a_card_of_rank_j_not_the_small_joker():
    # ♠J, J♠, 黑桃J and JS are the jack of spades (code JS); SJ and 小王 the small joker (record format, Cards).
    for spelled in ("♠J", "J♠", "黑桃J", "JS", "js", "♠j"):
        assert parse(HEAD + CALL.format(card=spelled)).events[6].card == "JS", spelled
    for spelled in ("SJ", "sj", "小王"):
        assert parse(HEAD + CALL.format(card=spelled)).events[6].card == "SJ", spelled
    # Called, the jack of spades is of rank J (§4.2): N's 8喜 of J leaves no J for E and W, who each hold a ♠J ...
    result = result_of(CALL.format(card="♠J") + "declare N xi8 J\n")
    assert problems(result) == [(10, "declare: an 8喜 of J leaves no J for both the dealer and the partner, who hold "
                                     "the called ♠J (§4.2, §6)",
                                     "declare：J 的8喜使庄家和朋友不可能各有一张叫的 ♠J（§4.2、§6）")]
    # ... and no joker was called: N may hold all four jokers (天炸, §6) — where a called small joker forbids it.
    assert result_of(CALL.format(card="JS") + "declare N sky\n").errors == ()
    # the record written back gives it as JS, which reads as the same card
    written = GAME.write(parse(HEAD + CALL.format(card="黑桃J")).events)
    assert "call JS partner=W" in written.splitlines()
    assert parse(written).events[6].card == "JS"


def test_a_called_card_of_another_rank_limits_no_xi():
    # ♥10 is called: an 8喜 of 9 (no 9 called) fits, and a 7喜 of 10 by N (outside EW) does not.
    assert result_of(CALL.format(card="H10") + "declare S xi8 9\n").errors == ()
    result = result_of(CALL.format(card="H10") + "declare N xi7 10\n")
    assert problems(result) == [(10, "declare: a 7喜 of 10 by N leaves one 10, but the dealer and the partner each "
                                     "hold a called ♥10 (§4.2, §6)",
                                     "declare：北 的 10 7喜只剩一张 10，但庄家和朋友各有一张叫的 ♥10（§4.2、§6）")]


# --- §4.1: the dealer follows the previous deal's 一游 ------------------------------------------------------------

def test_after_an_unsettled_deal_the_dealer_is_not_checked():
    # Deal 1 settled (一游 W); deal 2 lacks its places, so its 一游 is unknown: deal 3's dealer (E) is not held to
    # deal 1's 一游 (two deals back); deal 2's dealer S is (W was 一游 of deal 1).
    result = result_of(ALONE + "deal 2 dealer=S\nalone W\ndeal 3 dealer=E\nalone E\nplaces E S W N\n")
    assert problems(result) == [
        (9, "deal 2: the dealer is S, but the previous deal's 一游 was W (§4.1, dealing.first_out_deals)",
         "第 2 局：庄家是 南，但上一局的一游是 西（§4.1，dealing.first_out_deals）"),
        (9, "deal 2: not settled, it lacks places", "第 2 局未结算，缺少 places"),
    ]
    assert [d.number for d in result.deals] == [1, 3]


def test_the_dealer_is_checked_against_the_previous_deal_only():
    # Deal 1: 一游 W; deal 2 dealt by W (right), 一游 E; deal 3 dealt by W: wrong now (E was 一游 of deal 2).
    result = result_of(ALONE + "deal 2 dealer=W\nalone E\nplaces E S W N\ndeal 3 dealer=W\nalone W\nplaces W E S N\n")
    assert problems(result) == [
        (12, "deal 3: the dealer is W, but the previous deal's 一游 was E (§4.1, dealing.first_out_deals)",
         "第 3 局：庄家是 西，但上一局的一游是 东（§4.1，dealing.first_out_deals）")]


# --- the record's order ----------------------------------------------------------------------------------------

def test_a_second_header_is_refused_and_the_first_kept():
    result = result_of(ALONE + "match id=T2 game=hubei-dagun\n")
    assert problems(result) == [(9, "match: the header comes once, first", "match：比赛头只有一个，写在最前面")]
    assert result.header is not None and result.header.id == "T1"


def test_the_players_and_the_last_deal_are_kept():
    result = result_of(ALONE + "deal 2 dealer=W\nalone S\n")
    assert result.names == ("A", "B", "C", "D")
    # the last deal's events from its deal line (9) on: what Game.expected reads
    assert [e.line for e in result.last] == [9, 10]


def test_a_record_of_setup_lines_only_has_no_last_deal():
    result = result_of("")
    assert result.errors == () and result.deals == ()
    assert result.last == ()  # no deal yet: no deal's events (Game.expected asks for the first deal)
    assert replay([], DEFAULT).errors == ()  # nothing recorded: no header is missing yet


# --- what the deal in progress lacks (Game.pending) -----------------------------------------------------------------

def test_pending_is_what_the_last_deal_lacks():
    # deal 2 (line 9) has its mode only: it lacks its places; pending says so, the one thing still to record
    result = result_of(ALONE + "deal 2 dealer=W\nalone S\n")
    assert [(e.line, e.message, e.message_zh) for e in pending(result)] == [
        (9, "deal 2: not settled, it lacks places", "第 2 局未结算，缺少 places")]
    assert GAME.pending(result) == pending(result)


def test_pending_is_not_an_earlier_deal_that_stayed_unsettled():
    # deal 1 lacks its places (line 6), deal 2 (line 9) is settled: deal 1 is a mistake of the record, nothing is
    # pending; a third deal lacking everything (line 12) is what is pending, not deal 1.
    body = "deal 1 dealer=S\nalone W\ndeal 2 dealer=W\nalone W\nplaces W E S N\n"
    result = result_of(body)
    assert [e.line for e in result.errors] == [6] and pending(result) == []
    result = result_of(body + "deal 3 dealer=W\n")
    assert [(e.line, e.message) for e in pending(result)] == [(11, "deal 3: not settled, it lacks call/alone, places")]
    assert pending(result_of(ALONE)) == []


def test_errors_on_one_line_keep_the_order_they_were_found_in():
    # The record's second deal (line 9) is numbered 3 and dealt by S, not deal 1's 一游 W: two refusals at line 9,
    # in the order the checks find them (the number, then the dealer), not in any order of their wording.
    result = result_of(ALONE + "deal 3 dealer=S\nalone W\nplaces W E S N\n")
    assert problems(result) == [
        (9, "deal 3: this is deal 2 of the record", "deal 3：这是记录中的第 2 局"),
        (9, "deal 2: the dealer is S, but the previous deal's 一游 was W (§4.1, dealing.first_out_deals)",
         "第 2 局：庄家是 南，但上一局的一游是 西（§4.1，dealing.first_out_deals）"),
    ]


def test_a_refused_xi_against_the_call_keeps_the_earlier_refusals():
    # ♥9 called (E and W each hold one): a second 天炸 (line 11) and S's 7喜 of 9 (line 12) are both refused.
    result = result_of(CALL.format(card="H9") + "declare E sky\ndeclare N sky\ndeclare S xi7 9\n")
    assert problems(result) == [
        (11, "declare: 天炸 is all four jokers: only one player can hold it (§6)",
         "declare：天炸是全部四张王，只有一家能有（§6）"),
        (12, "declare: a 7喜 of 9 by S leaves one 9, but the dealer and the partner each hold a called ♥9 (§4.2, §6)",
         "declare：南 的 9 7喜只剩一张 9，但庄家和朋友各有一张叫的 ♥9（§4.2、§6）"),
    ]


def test_warnings_and_rulings_are_kept_and_change_no_score():
    # "Conduct and rulings" (§12.1): kept with the result in order, no deal's, no coin moved (W's 硬牌 win as
    # above: W +6, E S N -2).
    result = result_of("warn N late\n" + ALONE + "ruling winner=S the table agreed\n")
    assert [(type(c).__name__, c[0], c.text, c.line) for c in result.conduct] == [
        ("Warn", "N", "late", 6), ("Ruling", "S", "the table agreed", 10)]
    assert result.errors == () and result.totals == (-2, -2, 6, -2)


def test_pending_with_no_deal_settled_yet():
    # A record whose first line is its deal (line 1, no header yet: that is the record's own mistake, at line 0):
    # nothing is settled, so the deal at line 1 is the deal in progress and what it lacks is pending.
    result = replay(parse("deal 1 dealer=E\nalone E\n").events, DEFAULT)
    assert [e.line for e in result.errors] == [0, 1] and result.deals == ()
    assert [(e.line, e.message, e.message_zh) for e in pending(result)] == [
        (1, "deal 1: not settled, it lacks places", "第 1 局未结算，缺少 places")]
