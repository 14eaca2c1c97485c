"""What Dou Dizhu's replay hands on, field by field: each deal's result (settled, unsettled, redealt), the match's
conduct and problems in line order, what the deal in progress still lacks (``pending``), and the plays judged
afresh when nothing is remembered of them (the engine keeps the combinations it has judged).

Each record is worked in its comment (the header is lines 1-4; a record's first 'deal' is line 5).
"""

from __future__ import annotations

from doudizhu_helpers import HEAD, house, run

from referee.games.doudizhu import engine
from referee.games.doudizhu.engine import _KEPT, FARMERS, LANDLORD, DealResult, pending
from referee.games.doudizhu.notation import parse
from referee.games.kit.conduct import Ruling, Warn


def fields(d: DealResult) -> tuple[object, ...]:
    """A deal's result up to its steps: what it was settled to."""
    return tuple(d[:_KEPT])


def test_every_field_of_a_settled_an_unsettled_and_a_redealt_deal() -> None:
    # deal 1 (line 5): 甲 1, 乙 pass, 丙 2: 丙 landlord at 2; 乙's bomb × 2; farmer 甲 out: unit 2 × 2 = 4,
    # 丙 pays 8, 甲 and 乙 receive 4 (§6).
    # deal 2 (line 13): 乙 bids 3 (the bidding ends), no 'out': not settled, its landlord and base kept, no payment.
    # deal 3 (line 16): all pass, redeal: not settled, a redeal, no landlord, base 0.
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 2\nkitty 3 4 5\nbomb 2 6666\nout 1\n"  # lines 5-11
            "deal\nbid 2 3\nkitty 3 4 5\n"  # lines 12-14
            "deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nredeal\n")  # lines 15-19
    after = {1: 4, 2: 4, 3: -8}
    assert [fields(d) for d in r.deals] == [
        # deal line settled redeal landlord base multiplier uncapped winner payments totals
        # bombs rockets spring antispring shown robs
        (1, 5, True, False, 3, 2, 2, 2, FARMERS, after, after, 1, 0, False, False, False, 0),
        (2, 12, False, False, 2, 3, 0, 0, None, {1: 0, 2: 0, 3: 0}, after, 0, 0, False, False, False, 0),
        (3, 15, False, True, None, 0, 0, 0, None, {1: 0, 2: 0, 3: 0}, after, 0, 0, False, False, False, 0),
    ]
    assert [e.line for e in r.errors] == [12]  # deal 2: no 'out'
    # the bools are bools (a JSON writer shows None as null)
    assert all(type(v) is bool for d in r.deals for v in (d.settled, d.redeal, d.spring, d.antispring, d.shown))


def test_a_deal_with_a_bidding_that_gives_no_landlord_is_not_settled() -> None:
    # no bids at all (a kitty and an out only): no landlord, no base
    r = run("deal\nkitty 3 4 5\nout 1\n")
    assert fields(r.deals[0]) == (1, 5, False, False, None, 0, 0, 0, None, {1: 0, 2: 0, 3: 0}, {1: 0, 2: 0, 3: 0},
                                  0, 0, False, False, False, 0)


def test_a_forced_landlord_has_no_robs_and_every_refused_claim_its_field_false() -> None:
    # §3.3 last_forced: all pass, 丙 spoke last: landlord at forced_bid 1; no rob (the field is 0, not nothing).
    # Only farmer 乙 shows (refused): not shown. Farmer 甲 out with the landlord never having played: anti-spring
    # × 2 (§5.2): unit 1 × 2 = 2: 丙 pays 4, 甲 and 乙 receive 2.
    r = run("deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nshow 2\nout 1\nantispring\n",
            house('bidding.no_bid = "last_forced"\n'))
    d = r.deals[0]
    assert (d.landlord, d.base, d.robs, d.shown, d.spring, d.antispring, d.multiplier) == (3, 1, 0, False, False,
                                                                                          True, 2)
    assert d.robs == 0 and d.shown is False and d.spring is False
    assert d.payments == {1: 2, 2: 2, 3: -4}
    assert [e.line for e in r.errors] == [10]  # the farmer's show


def test_what_happens_after_the_first_player_out_changes_nothing_before_it() -> None:
    # 甲 landlord at 3 shows (× 2) and plays a bomb (× 2): multiplier 4; out 1 (line 10), then 乙's single (line
    # 11) is refused and left out: the show and the bomb before the out still count. unit 3 × 4 = 12: +24, -12.
    r = run("deal\nbid 1 3\nkitty 3 4 5\nshow 1\nbomb 1 5555\nout 1\nplay 2 3\n")
    d = r.deals[0]
    assert (d.shown, d.bombs, d.multiplier, d.payments) == (True, 1, 4, {1: 24, 2: -12, 3: -12})
    assert [(e.line, e.message) for e in r.errors] == [
        (11, "deal 1 is over: seat 1 went out first, which ends it (§4); 'play' belongs before the 'out'")]
    # and a spring claimed before a late play: 甲 alone played (line 8), out (line 9), a farmer's play after the
    # out (line 10) is not the deal's, so spring stands: × 2; unit 3 × 2 = 6: +12, -6, -6.
    r = run("deal\nbid 1 3\nkitty 3 4 5\nplay 1 6\nout 1\nplay 2 7\nspring\n")
    assert (r.deals[0].spring, r.deals[0].multiplier, r.deals[0].payments) == (True, 2, {1: 12, 2: -6, 3: -6})
    assert [e.line for e in r.errors] == [10]


def test_the_conduct_is_kept_with_the_match_and_changes_no_score() -> None:
    # a warning and a ruling (lines 6 and 10), around one deal: 甲 bids 3 and goes out: +6, -3, -3
    r = run("deal\nwarn 2 slow play\nbid 1 3\nkitty 3 4 5\nout 1\nruling winner=1 the deal stands\n")
    assert r.conduct == (Warn("2", "slow play", 6), Ruling("1", "the deal stands", 10))
    assert r.totals == {1: 6, 2: -3, 3: -3} and r.errors == ()


def test_problems_on_one_line_keep_the_order_they_were_found_in() -> None:
    # line 7: 丙 bids out of turn (after 甲 comes 乙), and a 4 above max_bid 3: both said at line 7, in the order
    # the bid was judged (turn first, then the bid), not in the order of their words; line 6's problem first.
    r = run("deal\nbid 1 5\nbid 3 4\nbid 2 1\nkitty 3 4 5\nout 2\n")
    assert [(e.line, e.message) for e in r.errors] == [
        (6, "a bid is at most 3 (bidding.max_bid, §3.1), not 5"),
        (7, "bid out of turn: after seat 1 comes seat 2 (§3)"),
        (7, "a bid is at most 3 (bidding.max_bid, §3.1), not 4"),
        (8, "bid out of turn: after seat 3 comes seat 1 (§3)"),
    ]


def test_pending_is_what_the_last_deal_still_lacks() -> None:
    assert pending(run("")) == []  # no deal yet
    # deal 1 (line 5) lacks its kitty, deal 2 (line 8) lacks its out and has a refused bid (line 10): only deal
    # 2's lack is pending, at its 'deal' line; the refusal is a problem, not something still to come.
    r = run("deal\nbid 1 3\nout 1\n"  # lines 5-7
            "deal\nbid 2 1\nbid 3 1\nbid 1 pass\nkitty 3 4 5\n")  # lines 8-12
    assert [(e.line, e.message) for e in r.errors] == [
        (5, "deal 1: no kitty: the kitty is shown to all, so record it (kitty.shown, §2)"),
        (8, "deal 2: no 'out': who went out first? (out SEAT, §4)"),
        (10, "bids rise: 1 does not beat 1 (seat 2) (§3.1)"),
    ]
    assert [(e.line, e.message) for e in pending(r)] == [(8, "deal 2: no 'out': who went out first? (out SEAT, §4)")]


def test_plays_are_judged_afresh_when_no_combination_is_remembered() -> None:
    # The engine remembers each play's combination (engine._COMBOS, filled by every earlier test): emptied, each
    # play is judged by the rules of §4 again. 甲 landlord at 3: 33344 (three with a pair) twice in two deals, so
    # the second is read from what the first left; 3 4 is no combination, said at line 9 and again at line 16.
    engine._COMBOS.clear()
    deal = "deal\nbid 1 3\nkitty 5 6 7\nplay 1 33344\nplay 2 3 4\nbomb 3 8888\nout 1\n"  # 7 lines: 5-11, 12-18
    r = run(deal * 2)
    assert [(e.line, e.message.split(" is not")[0]) for e in r.errors] == [(9, "3 4"), (16, "3 4")]
    assert r.deals[0].bombs == r.deals[1].bombs == 1
    assert engine._COMBOS[tuple(parse(HEAD + deal).events[-4].cards)] is not None  # 33344 remembered
    engine._COMBOS.clear()
    assert run(deal).deals[0].multiplier == 2  # the bomb × 2, judged again
    assert r.deals[0].winner == LANDLORD
