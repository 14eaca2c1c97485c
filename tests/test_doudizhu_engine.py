"""The Dou Dizhu engine: each rule of docs/doudizhu-rules.md with numbers worked by hand in the comments,
and each refusal naming its line and rule, in English and Chinese."""

from __future__ import annotations

from doudizhu_helpers import house, run

from referee.games.doudizhu.engine import FARMERS, LANDLORD, MatchResult, replay
from referee.games.doudizhu.notation import parse
from referee.games.doudizhu.ruleset import load


def messages(result: MatchResult) -> list[tuple[int, str]]:
    return [(e.line, e.message) for e in result.errors]


def test_plain_landlord_win() -> None:
    # §3.1: 甲 bids 1, 乙 2, 丙 passes: 乙 landlord, base 2. §5: no bomb → multiplier 1.
    # §6: unit = 2 × 1 = 2; 乙 out first → 乙 +2×2 = +4, 甲 and 丙 -1×2 = -2.
    r = run("deal\nbid 1 1\nbid 2 2\nbid 3 pass\nkitty 3 4 5\nout 2\n")
    assert r.errors == ()
    d = r.deals[0]
    assert (d.landlord, d.base, d.multiplier, d.winner) == (2, 2, 1, LANDLORD)
    assert d.payments == {1: -2, 2: 4, 3: -2}
    assert r.totals == {1: -2, 2: 4, 3: -2}


def test_farmers_win_with_bombs_and_rocket() -> None:
    # §3.1: 丙 bids 3 (ends the bidding at once). §5.1: two bombs ×2 ×2 and the rocket ×2 → 8.
    # §6: unit 3 × 8 = 24; farmer 甲 out → 丙 pays 2 × 24 = 48, 甲 and 乙 receive 24 each.
    r = run("deal\nbid 3 3\nkitty 3 4 J\nbomb 1 5555\nplay 3 9 9 9 9\nrocket 2\nout 1\n")
    assert r.errors == ()
    d = r.deals[0]
    assert (d.landlord, d.base, d.bombs, d.rockets, d.multiplier, d.winner) == (3, 3, 2, 1, 8, FARMERS)
    assert d.payments == {1: 24, 2: 24, 3: -48}


def test_four_with_two_is_not_a_bomb() -> None:
    # §4, §5.1: 9999 + 3 + 4 is 四带二, six cards: no doubling. 乙 bid 1, out: +2, -1, -1.
    r = run("deal\nbid 1 pass\nbid 2 1\nbid 3 pass\nkitty 6 7 8\nplay 2 9999 3 4\nout 2\n")
    assert r.deals[0].bombs == 0 and r.deals[0].payments == {1: -1, 2: 2, 3: -1}


def test_spring_and_shown_cards() -> None:
    # §5.3 shown ×2, §5.2 spring ×2 → 4; base 1; 甲 out: +2×4 = +8, others -4.
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nshow 1\nplay 1 33344\nout 1\nspring\n")
    assert r.errors == ()
    d = r.deals[0]
    assert (d.shown, d.spring, d.multiplier) == (True, True, 4)
    assert d.payments == {1: 8, 2: -4, 3: -4}


def test_antispring() -> None:
    # §5.2: 乙 landlord at 2 played once, farmer 丙 out: anti-spring ×2 → unit 4; 乙 -8, 甲 丙 +4.
    r = run("deal\nbid 2 2\nbid 3 pass\nbid 1 pass\nkitty 3 4 5\nplay 2 6\nplay 3 KK\nout 3\nantispring\n")
    assert r.errors == ()
    assert r.deals[0].payments == {1: 4, 2: -8, 3: 4}


def test_spring_contradicted_by_plays() -> None:
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nplay 2 6\nout 1\nspring\n")
    # line numbers: HEAD is 4 lines; "deal" 5 … "play 2 6" 10, "spring" 12
    assert messages(r) == [(12, "spring (春天): no farmer plays a card, but seat 2 played on line 10 (§5.2)")]
    assert r.deals[0].multiplier == 1  # the refused claim does not double
    assert "春天：农民一张牌都没出，但座位 2 在第 10 行出了牌（§5.2）" in r.errors[0].text("zh_CN")
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nout 2\nspring\n")
    assert messages(r) == [(11, "spring (春天) needs the landlord out first, but seat 2 went out (§5.2)")]


def test_antispring_contradicted() -> None:
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nplay 1 6\nplay 1 7\nout 2\nantispring\n")
    assert messages(r) == [(13, "anti-spring (反春): the landlord plays only the first lead, but played again "
                                "on line 11 (§5.2)")]
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nout 1\nantispring\n")
    assert messages(r) == [(11, "anti-spring (反春) needs a farmer out first, but the landlord went out (§5.2)")]


def test_bidding_checks() -> None:
    r = run("deal\nbid 1 2\nbid 2 1\nbid 3 2\nkitty 3 4 5\nout 1\n")
    assert messages(r) == [(7, "bids rise: 1 does not beat 2 (seat 1) (§3.1)"),
                           (8, "bids rise: 2 does not beat 2 (seat 1) (§3.1)")]
    assert r.deals[0].landlord == 1 and r.deals[0].base == 2  # the refused bids change nothing
    r = run("deal\nbid 1 1\nbid 1 2\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nout 1\n")
    assert (7, "seat 1 has already bid (line 6): each player once (§3.1)") in messages(r)
    assert any(e.text("zh_CN") == "座位 1 已经叫过（第 6 行）：每人只能叫一次（§3.1）" for e in r.errors)
    r = run("deal\nbid 1 1\nbid 3 2\nbid 2 pass\nkitty 3 4 5\nout 3\n")
    assert (7, "bid out of turn: after seat 1 comes seat 2 (§3)") in messages(r)
    r = run("deal\nbid 1 3\nbid 2 pass\nkitty 3 4 5\nout 1\n")
    assert messages(r) == [(7, "the bidding has ended (§3): no more bids")]
    r = run("deal\nbid 1 4\nbid 2 1\nbid 3 pass\nkitty 3 4 5\nout 2\n")
    assert messages(r) == [(6, "a bid is at most 3 (bidding.max_bid, §3.1), not 4")]
    r = run("deal\nbid 1 1\nbid 2 pass\nkitty 3 4 5\nout 1\n")
    assert messages(r) == [(7, "the bidding is not finished: seat 3 has not bid (§3)")]
    r = run("deal\nbid 1 call\nbid 2 pass\nbid 3 1\nkitty 3 4 5\nout 3\n")
    assert (6, "bidding.style = 'points': a bid is 1 to 3 or pass, not call (§3.1)") in messages(r)


def test_landlord_stated_against_bidding() -> None:
    r = run("deal\nbid 1 1\nbid 2 2\nbid 3 pass\nlandlord 1\nkitty 3 4 5\nout 2\n")
    assert messages(r) == [(9, "the bidding makes seat 2 the landlord, not seat 1 (§3)")]


def test_nobody_bids_redeal() -> None:
    # §3.3: all pass and redeal → no payment; a later deal settles normally.
    r = run("deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nredeal\ndeal\nbid 2 1\nbid 3 pass\nbid 1 pass\n"
            "kitty 3 4 5\nout 2\n")
    assert r.errors == ()
    assert r.deals[0].redeal and r.deals[0].payments == {1: 0, 2: 0, 3: 0}
    assert r.totals == {1: -1, 2: 2, 3: -1}
    # all pass without 'redeal' under no_bid = "redeal": refused, the deal unsettled
    r = run("deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nout 1\n")
    assert messages(r) == [(8, "deal 1: nobody bid, so the cards are dealt again (bidding.no_bid = 'redeal', "
                               "§3.3): record 'redeal'")]
    assert not r.deals[0].settled and r.totals == {1: 0, 2: 0, 3: 0}
    r = run("deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nredeal\nout 1\n")
    assert messages(r) == [(10, "deal 1 was dealt again: nothing is played in it")]


def test_last_forced() -> None:
    # §3.3 house: all pass, 丙 spoke last → landlord at forced_bid 1; farmers win with a bomb:
    # unit 1 × 2 = 2; 丙 pays 4, 甲 乙 +2.
    rules = load("doudizhu-capped")
    r = run("deal\nbid 1 pass\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nbomb 2 6666\nout 2\n", rules)
    assert r.errors == ()
    assert (r.deals[0].landlord, r.deals[0].base) == (3, 1)
    assert r.deals[0].payments == {1: 2, 2: 2, 3: -4}


def test_cap() -> None:
    # §5.4 cap 8: base 3, three bombs ×8, rocket ×2 → 16, capped to 8; unit 24, landlord 甲 wins +48, -24 each.
    r = run("deal\nbid 1 3\nkitty 3 4 5\nbomb 1 5555\nbomb 2 6666\nbomb 1 7777\nrocket 3\nout 1\n",
            load("doudizhu-capped"))
    assert r.errors == ()
    d = r.deals[0]
    assert (d.uncapped, d.multiplier) == (16, 8)
    assert d.payments == {1: 48, 2: -24, 3: -24}
    assert any("multiplier 16 capped at 8" in s.text("en") for s in d.steps)


def test_rob_bidding() -> None:
    rules = load("doudizhu-rob")
    # §3.2: 甲 calls (base 1), 乙 robs (×2), 丙 robs (×2), 甲 robs back (×2): 甲 landlord, multiplier 8.
    # §6: 甲 out → +2 × 8 = 16, others -8.
    r = run("deal\nbid 1 call\nbid 2 rob\nbid 3 rob\nbid 1 rob\nkitty 3 4 5\nout 1\n", rules)
    assert r.errors == ()
    d = r.deals[0]
    assert (d.landlord, d.base, d.robs, d.multiplier) == (1, 1, 3, 8)
    assert d.payments == {1: 16, 2: -8, 3: -8}
    # 乙 calls, 丙 robs, 甲 passes, 乙 passes: 丙 landlord ×2; 甲 (farmer) out: 丙 -4, others +2.
    r = run("deal\nbid 2 call\nbid 3 rob\nbid 1 pass\nbid 2 pass\nkitty 3 4 5\nout 1\n", rules)
    assert r.errors == ()
    assert (r.deals[0].landlord, r.deals[0].multiplier) == (3, 2)
    assert r.deals[0].payments == {1: 2, 2: 2, 3: -4}
    # refusals
    r = run("deal\nbid 1 rob\nbid 2 call\nbid 3 call\nkitty 3 4 5\nout 2\n", rules)
    assert messages(r) == [(6, "seat 1 robbed before anyone called: call or pass (§3.2)"),
                           (8, "seat 3 called after seat 2 had called: rob or pass (§3.2)")]
    r = run("deal\nbid 1 call\nbid 2 pass\nbid 3 pass\nbid 1 rob\nkitty 3 4 5\nout 1\n", rules)
    assert messages(r) == [(9, "the bidding has ended (§3): no more bids")]
    r = run("deal\nbid 1 2\nbid 2 call\nbid 3 pass\nkitty 3 4 5\nout 2\n", rules)
    assert messages(r) == [(6, "bidding.style = 'rob': call, rob or pass, not 2 (§3.2)")]
    assert (r.deals[0].landlord, r.deals[0].multiplier) == (2, 1)  # the refused bid counts as a pass


def test_cards_never_in_two_places() -> None:
    r = run("deal\nbid 1 3\nkitty 5H 6 7\nplay 1 9S\nplay 2 9S\nout 1\n")
    assert messages(r) == [(9, "9S is played twice (first on line 8) (§2)")]
    r = run("deal\nbid 1 3\nkitty 5H 6 7\nplay 2 5H\nout 1\n")
    assert messages(r) == [(8, "5H is in the kitty, which the landlord took: seat 2 cannot play it (§2)")]
    # the landlord may play a kitty card: 5H in the kitty and in 甲's play is one card
    assert run("deal\nbid 1 3\nkitty 5H 6 7\nplay 1 5H\nout 1\n").errors == ()
    # five 8s: the deck has four
    r = run("deal\nbid 1 3\nkitty 3 4 5\nplay 1 888\nplay 2 88\nout 1\n")
    assert messages(r) == [(9, "more than 4 of 8 in the deal: the deck has 4 (§2)")]
    # the kitty's two 6s and three 6s from a farmer: five 6s
    r = run("deal\nbid 1 3\nkitty 6 6 7\nplay 2 666\nout 1\n")
    assert messages(r) == [(8, "more than 4 of 6 in the deal: the deck has 4 (§2)")]
    # a farmer holds 17 cards: straights of 5 and 5, then three-with-one twice (each play a combination, §4)
    r = run("deal\nbid 1 3\nkitty 3 4 5\nplay 2 34567\nplay 2 89TJQ\nplay 2 KKK 2\nplay 2 AAA 3\n"
            "out 2\n")
    assert messages(r) == [(11, "seat 2 has played 18 cards, more than the 17 held (§2)")]


def test_deal_needs_out_and_kitty_and_bids() -> None:
    r = run("deal\nbid 1 3\nkitty 3 4 5\n")
    assert messages(r) == [(5, "deal 1: no 'out': who went out first? (out SEAT, §4)")]
    assert not r.deals[0].settled
    r = run("deal\nbid 1 3\nout 1\n")
    assert messages(r) == [(5, "deal 1: no kitty: the kitty is shown to all, so record it (kitty.shown, §2)")]
    assert r.deals[0].settled  # settled all the same: the kitty changes no number
    assert run("deal\nbid 1 3\nout 1\n", house("[kitty]\nshown = false\n")).errors == ()
    r = run("deal\nout 1\n")
    assert messages(r) == [(5, "deal 1: no bids: record the bidding (bid SEAT …) or 'redeal' (§3)")]
    r = run("bid 1 3\ndeal\nbid 1 3\nkitty 3 4 5\nout 1\n")
    assert messages(r) == [(5, "before the first 'deal': each deal begins with a 'deal' line")]


def test_show_only_landlord_and_spring_and_antispring_exclusive() -> None:
    r = run("deal\nbid 1 3\nkitty 3 4 5\nshow 2\nout 1\n")
    assert messages(r) == [(8, "only the landlord shows cards (明牌), not seat 2 (§5.3)")]
    assert r.deals[0].multiplier == 1


def test_match_deals_and_running_totals() -> None:
    rules = house("[match]\ndeals = 1\n")
    # deal 1: 甲 3, out → +6 -3 -3; deal 2 beyond match.deals = 1 is refused but still totalled:
    # 乙 1, farmer 丙 out → 乙 -2, 甲 丙 +1: totals 甲 7, 乙 -5, 丙 -2
    r = run("deal\nbid 1 3\nkitty 3 4 5\nout 1\ndeal\nbid 2 1\nbid 3 pass\nbid 1 pass\nkitty 3 4 5\nout 3\n", rules)
    assert messages(r) == [(9, "deal 2: the match is 1 deals (match.deals, §7)")]
    assert r.totals == {1: 7, 2: -5, 3: -2}
    assert [d.totals for d in r.deals] == [{1: 6, 2: -3, 3: -3}, {1: 7, 2: -5, 3: -2}]


def test_explanation_cites_keys_and_sections_in_both_languages() -> None:
    r = run("deal\nbid 1 2\nbid 2 3\nkitty 3 4 6\nbomb 1 5555\nout 1\n")
    # base 3 (乙), one bomb ×2 → unit 6; farmer 甲 out: 乙 pays 12, 甲 丙 +6 (no 5 in the kitty: all four are 甲's)
    assert messages(r) == []
    steps = [s.text("en") for s in r.deals[0].steps]
    assert steps == [
        "seat 2 (乙) bid highest, 3: landlord, base 3 (bidding.style = 'points', §3.1)",
        "1 bomb(s) played: × 2 each (multipliers.bomb, §5.1) → × 2",
        "multiplier 2 (§5)",
        "seat 1 (甲), a farmer, went out first: the farmers win (§4, §6)",
        "the landlord pays 2 × 3 × 2 = 12; each farmer receives 1 × 3 × 2 = 6 "
        "(payment.landlord_factor, payment.farmer_factor, §6)"]
    zh = [s.text("zh_CN") for s in r.deals[0].steps]
    assert zh[1] == "打出炸弹 1 个：每个 × 2（multipliers.bomb，§5.1）→ × 2"
    assert zh[4] == ("地主付 2 × 3 × 2 = 12；每位农民收 1 × 3 × 2 = 6"
                     "（payment.landlord_factor，payment.farmer_factor，§6）")


def test_game_neutral_summary() -> None:
    from referee.games.doudizhu.game import GAME

    # deal 1: 甲 bids 3 and wins: +6 -3 -3. deal 2: 乙 bids 1, farmer 甲 out: 甲 +1, 乙 -2, 丙 +1.
    # totals 甲 7, 乙 -5, 丙 -2; deals won: 甲 2 (landlord, then farmer), 乙 0, 丙 1 (deal 2's farmers).
    r = run("deal\nbid 1 3\nkitty 3 4 5\nout 1\ndeal\nbid 2 1\nbid 3 pass\nbid 1 pass\nkitty 3 4 5\nout 1\n")
    s = GAME.summarize(r, head="h", entries=3)
    assert [(p.key, p.name, p.players) for p in s.participants()] == [
        ("1", "甲", ("甲",)), ("2", "乙", ("乙",)), ("3", "丙", ("丙",))]
    assert s.outcome("1") == (("1", 2, 0, 1, 7, 0))
    assert s.outcome("2") == (("2", 0, 2, 3, -5, 0))
    assert s.outcome("3") == (("3", 1, 1, 2, -2, 0))
    assert (s.match_id, s.finished, s.forfeit, s.head, s.entries) == ("E", True, False, "h", 3)
    # ties share the better place: one deal, 甲 landlord loses (-2), 乙 and 丙 +1 each: both first
    r = run("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\nkitty 3 4 5\nout 3\n")
    s = GAME.summarize(r)
    assert [s.outcome(k).placement for k in "123"] == [3, 1, 1]


def test_the_remaining_refusals() -> None:
    reading = parse("match id=R game=doudizhu\nseat 1 甲\nseat 1 乙\nseat 2 甲\ndeal\nlandlord 1\nout 1\n"
                    "deal\nbid 1 3\nkitty 3 4 5\nkitty 6 7 8\nshow 1\nshow 1\nout 2\nout 1\n")
    r = replay(reading.events, load("doudizhu-classic"))
    assert [(e.line, e.message) for e in r.errors] == [
        (3, "seat 1 is named twice (first on line 2)"),
        (4, "the name 甲 is already another seat's"),
        (6, "deal 1: no bids entered, so the base is unknown: record the bidding (bid SEAT …) (§3)"),
        (11, "the kitty is recorded once (line 10)"),
        (13, "the landlord's cards are shown once (§5.3)"),
        (15, "only the first player out ends the deal (line 14)"),
    ]
    assert [e.text("zh_CN") for e in r.errors][3:] == [
        "底牌只记录一次（第 10 行）", "地主只能明牌一次（§5.3）", "只有第一个出完牌的人结束本局（第 14 行）"]
    # deal 2 settles on the first 'out': farmer 乙 (seat 2) out, 甲 landlord at 3, shown ×2: unit 6;
    # 甲 pays 12, each farmer +6
    assert r.deals[1].payments == {1: -12, 2: 6, 3: 6}


def test_the_play_after_the_first_player_out_is_another_deals() -> None:
    """The first player out ends the deal (§4): a play, bomb, shown hand or redeal after the `out` is refused at its
    line, and the deal is paid as without it: 乙 landlord at base 2 wins, multiplier 1 (the bomb after the out does
    not double it, §5.1): 乙 +4, 甲 and 丙 -2 (§6)."""
    r = run("deal\nbid 1 1\nbid 2 2\nbid 3 pass\nkitty 3 4 5\nout 2\nbomb 1 7777\nshow 2\n")
    over = "deal 1 is over: seat 2 went out first, which ends it (§4); '{}' belongs before the 'out'"
    assert messages(r) == [(11, over.format("bomb")), (12, over.format("show"))]
    assert (r.deals[0].payments, r.deals[0].bombs) == ({1: -2, 2: 4, 3: -2}, 0)
    r = run("deal\nbid 1 1\nbid 2 2\nbid 3 pass\nkitty 3 4 5\nout 2\nredeal\n")
    assert messages(r) == [(11, over.format("redeal"))]
