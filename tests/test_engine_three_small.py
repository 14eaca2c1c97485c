"""Issue 9 item 1: three small jokers may be buried while a big joker is held (§6.3.3), the rule-file key
`kitty.three_small_jokers_without_big`. Engine tests (record texts, tests/helpers.py), so that the mutation
run (`make mutate`, which runs tests/test_engine_*.py) sees them.
"""

from __future__ import annotations

from helpers import errors_of, first_hand, play, record

from referee.games.gunzi.codes import GameEnd
from referee.games.gunzi.explain import render
from referee.games.gunzi.settle import explain_hand

# --- item 1: three small jokers may be buried while a big joker is held (§6.3.3) -------------------------------------
# First hand, E grabs (declare E BJ), trump H, level 3 (§4.1.1, §4.1.3): 4C < 6C < 7C < 8C < 9C are the
# smallest cards (non-trump, §2.3); JH is a trump-suit plain card, so no kitty here is a dry pot (§6.2.1).


def test_item01_three_small_jokers_under_a_held_big_joker():
    # (a) The declarer E shows a hand with a big joker and buries three small jokers without it: allowed
    # in dalian-club (§6.3.3). Final kitty SJ SJ SJ 4C 6C 7C: K = 0, B = 0, s = 3. Defenders 115, kept:
    # S = 115 < 120 (§7.1) → three small jokers kept: the declarers EW win game 1 (§7.3.3).
    a = first_hand(kitty="8C 9C JH 3D 4D 6D", bury="SJ SJ SJ 4C 6C 7C", points=115, last="decl")
    a = a.replace("kitty ", "show E BJ SJ SJ SJ 4C 6C 7C\nkitty ", 1)
    result = play(a)
    (hand,) = result.hands
    assert (hand.score, hand.small_jokers, hand.game_winner, hand.game_reason) == (115, 3, "EW", GameEnd.three_jokers)
    assert result.games[0].winner == "EW"
    steps = [render(s) for s in explain_hand(hand)]
    assert ("E buried three small jokers while holding a big joker: no big joker need go first "
            "[kitty.three_small_without_big; kitty.three_small_jokers_without_big · §6.3.3]") in steps

    # (b) The defender N shows a big joker and buries three small ones with `king` (§6.4.1): one card out for
    # each, the smallest each time: 4C, then 6C, then 7C. Final kitty 8C 9C JH SJ SJ SJ: K = 0, s = 3.
    # Defenders 120 and dig: S = 120 + 2×0 = 120 ≥ 120 → three small jokers dug: NS win game 1 (§7.3.3).
    b = first_hand(kitty="4C 6C 7C 8C 9C JH", bury="4C 6C 7C 8C 9C JH", king="N SJ SJ SJ take 4C 6C 7C",
                   points=120, last="def")
    b = b.replace("kitty ", "show N BJ SJ SJ SJ\nkitty ", 1)
    (hand,) = play(b).hands
    assert (hand.score, hand.small_jokers, hand.game_winner) == (120, 3, "NS")
    assert any("N buried three small jokers" in render(s) for s in explain_hand(hand))

    # (c) The kitty's own big joker, taken up by the declarer, stays in hand while three small jokers go
    # down. Final kitty SJ SJ SJ 5C 6C 7C: K = 5. Defenders 110 and dig: S = 110 + 2×5 = 120 ≥ 120 → NS win
    # the game; had they 105 and the declarers kept, S = 105 < 120 → EW win it.
    c = first_hand(kitty="BJ 4C 6C 7C 8C JH", bury="SJ SJ SJ 5C 6C 7C", points=110, last="def")
    (hand,) = play(c).hands
    assert (hand.kitty_points, hand.score, hand.game_winner) == (5, 120, "NS")
    c_kept = first_hand(kitty="BJ 4C 6C 7C 8C JH", bury="SJ SJ SJ 5C 6C 7C", points=105, last="decl")
    (hand,) = play(c_kept).hands
    assert (hand.score, hand.game_winner) == (105, "EW")


def test_item01_the_exception_is_the_rule_files_and_cited_in_the_refusal():
    # gunzi-001 keeps the exception (§10: it ends games on three small jokers); classic makes none.
    from referee.games.gunzi.ruleset import load

    assert [load(n).three_small_jokers_without_big for n in ("dalian-club", "gunzi-001", "classic")] == \
        [True, True, False]
    c = first_hand(kitty="BJ 4C 6C 7C 8C JH", bury="SJ SJ SJ 5C 6C 7C", points=110, last="def")
    msgs = [e.message for e in errors_of(record(c, rules="classic"), "classic")]
    # the §6.3.2 refusal, then the exception classic does not make, by name, key and section
    assert any("§6.3.2" in m and m.endswith("; the classic rules make no exception for three small jokers "
                                            "(kitty.three_small_jokers_without_big = false, §6.3.3)")
               for m in msgs), msgs
    # Two small jokers are no exception anywhere: refused, naming the exception and its key.
    two = first_hand(kitty="BJ 4C 6C 7C 8C JH", bury="SJ SJ 4C 5C 6C 7C", points=110, last="def")
    msgs = [e.message for e in errors_of(record(two))]
    assert any("only three small jokers" in m and "§6.3.3" in m for m in msgs), msgs
    # and a defender who shows a big joker may not bury fewer than three small ones before it
    k = first_hand(kitty="4C 6C 7C 8C 9C JH", bury="4C 6C 7C 8C 9C JH", king="N SJ SJ take 4C 6C",
                   points=120, last="def").replace("kitty ", "show N BJ SJ SJ\nkitty ", 1)
    msgs = [e.message for e in errors_of(record(k))]
    assert any(m.startswith("N holds a big joker") and "§6.3.3" in m for m in msgs), msgs
