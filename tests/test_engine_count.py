"""The three-deck count (§1.6: no card more than three times in one deal) as the engine keeps it: the cards each
event shows kept while the hand is open and counted when the hand needs them (``handstate.counts_fit``), the hand
replayed card by card when some card is over three — so that a refusal is the same error on the same line, with
what follows judged without the refused event, wherever the hand ends (its 'last', the next hand, a directive of
the match, the end of the record or of a slice of it). dalian-club; H1 E grabs, trump H.
"""

from __future__ import annotations

import pytest
from helpers import errors_of, first_hand, line_of, record, run

from referee.games.gunzi import engine, ruleset
from referee.games.gunzi.cards import parse_card
from referee.games.gunzi.handstate import Hand, Reject, counts_fit, known
from referee.games.gunzi.notation import parse

H1 = first_hand(points=80)  # E keeps S = 80 -> EW 4, next W (declarer of hand 2, level 4), nothing owed
FOURTH = "more than three copies of {} in this deal (there are only three decks)"


def hand(*lines: str) -> str:
    return "hand\n" + "".join(line + "\n" for line in lines)


def errors(text: str) -> list[tuple[int, str]]:
    return [(e.line, e.message) for e in errors_of(text)]


def cards(text: str) -> tuple:
    return tuple(parse_card(c) for c in text.split())


def shown(*events: tuple[str | None, str]) -> Hand:
    """A hand of a later game's hand whose events showed these cards (seat None: the kitty), not counted yet."""
    h = Hand(2, 1, 1, False, "W", 0)
    for seat, text in events:
        known(h, seat, cards(text))
    return h


# --- counts_fit: the cards kept, counted as known() counts them ----------------------------------------------

@pytest.mark.parametrize(("events", "fits"), [
    ([], True),
    ([("E", "AC AC"), ("S", "AC")], True),  # 2 + 1 = 3 AC
    ([("E", "AC AC"), ("S", "AC AC")], False),  # 2 + 2 = 4
    ([(None, "9C"), ("E", "9C 9C 9C")], False),  # the kitty's 1 + E's 3 = 4
    ([("E", "4D 4D"), ("E", "4D 4D 4D")], True),  # E's pair, then its three: E holds at least 3, not 5
    ([("E", "4D 4D"), ("E", "4D 4D 4D"), ("S", "4D")], False),  # 3 + 1 = 4
    ([("E", "5H"), ("S", "5H"), ("W", "5H"), ("E", "5H")], True),  # E twice the same 5H: 1 + 1 + 1 = 3
    ([("E", "5H"), ("S", "5H"), ("W", "5H"), ("N", "5H")], False),  # one each: 4
    ([("E", "5H 5H 5H 6C 6C 6C"), ("S", "6C"), ("W", "7D")], False),  # 6C: 3 + 1
    ([("E", "5H 5H 6C 6C 6C"), ("S", "5H"), ("W", "7D 7D 7D")], True),  # 5H 3, 6C 3, 7D 3
])
def test_the_kept_cards_fit_in_three_decks(events, fits):
    h = shown(*events)
    assert counts_fit(h) is fits
    assert h.exact  # counted card by card from here on


def test_after_the_count_each_event_is_counted_as_it_comes():
    # E showed two AC (kept, then found to fit); S showing two more makes four: refused on S's event, and a
    # third AC by W is refused again (2 + 2 + 1 = 5) while a 4D by W is not.
    h = shown(("E", "AC AC"))
    assert counts_fit(h)
    with pytest.raises(Reject) as e:
        known(h, "S", cards("AC AC"))
    assert e.value.msg.text("en") == FOURTH.format("AC")
    assert h.broken
    known(h, "W", cards("4D"))
    with pytest.raises(Reject):
        known(h, "W", cards("AC"))


# --- the refusal in a replay: where the hand ends -------------------------------------------------------------

def test_a_refused_declaration_is_left_out_of_what_follows():
    # Hand 2 (W declares, level 4): S shows three 4H, so E's 4H is a fourth and refused (§1.6). N's single 4S is
    # then the first declaration and is not refused (had E's counted, one 4S would not beat one 4H: an overcall
    # needs more identical cards). The refusal leaves the hand unsettled: only hand 1 is.
    text = record(H1, hand("show S 4H 4H 4H", "declare E 4H  # !", "declare N 4S", "kitty 5D 6D 7D 8D 9D JD",
                           "points 80", "last decl"))
    assert errors(text) == [(line_of(text), FOURTH.format("4H"))]
    _, r = run(text)
    assert [h.hand for h in r.hands] == [1]


def test_a_hand_the_record_leaves_open_is_counted():
    # No 'last', no next hand: the record ends with S's fourth AC (E showed two, S two).
    text = record(hand("declare E BJ", "show E AC AC", "trump H", "show S AC AC  # !"))
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]


def test_a_hand_without_last_is_counted_when_the_next_begins():
    text = record(hand("declare E BJ", "show E AC AC", "trump H", "show S AC AC  # !"), "hand  # n\n")
    assert errors(text) == [
        (2, "hand 1 has no 'last' before line {}: it is not settled".format(line_of(text, "# n"))),
        (line_of(text), FOURTH.format("AC")),
    ]


def test_a_warning_inside_a_counted_hand_is_noted_once():
    # The warning comes between E's two AC and S's two: the hand is counted before it (the match's state
    # changes), and S's fourth AC is refused after it.
    text = record(hand("declare E BJ", "show E AC AC", "warn N talking", "trump H", "show S AC AC  # !",
                       "kitty 4C 6C 7C 8C 9C JH", "points 80", "last decl"))
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]
    _, r = run(text)
    assert [(n.seat, n.text) for n in r.notes] == [("N", "talking")]
    assert r.hands == ()  # refused: the hand is broken


def test_a_show_after_the_last_trick_is_counted():
    # E showed three AC and the hand is settled; N showing a fourth after 'last' is still refused.
    text = record(first_hand(points=80).replace("points", "show E AC AC AC\npoints") + "show N AC  # !\n")
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]
    _, r = run(text)
    assert len(r.hands) == 1


def test_a_refusal_in_the_kitty_after_a_redeal_names_the_new_deal():
    # The first deal shows three AC; it is dealt again, and the new deal's kitty with one AC is no fourth
    # copy. S's three and the kitty's one in the new deal are four.
    text = record(hand("declare E BJ", "show E AC AC AC", "redeal", "declare E BJ", "trump H", "show S AC AC AC",
                       "kitty AC 4C 6C 7C 8C JH  # !", "points 80", "last decl"))
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]


@pytest.mark.parametrize("every", [1, 2, 3, 5, 1000])
def test_fed_in_slices_the_refusals_are_the_same(every):
    # The same record fed a few events at a time (as replay --json and the venue server feed it): a hand that a
    # slice leaves open is counted then, and each refusal is the one of the whole record.
    text = record(hand("declare E BJ", "show E AC AC", "trump H", "show S AC AC  # !", "kitty 4C 6C 7C 8C 9C JH",
                       "points 80", "last decl"),
                  hand("show S 4H 4H 4H", "declare E BJ", "trump H", "show W 4H  # w", "kitty 4C 6C 7C 8C 9C JH",
                       "points 80", "last decl"))
    events = list(parse(text).events)
    fold = engine.Replay(ruleset.load("dalian-club"))
    fold.begin(events)
    for start in range(0, len(events), every):
        fold.feed(events[start:start + every])
    assert [(e.line, e.message) for e in fold.result().errors] == [
        (line_of(text), FOURTH.format("AC")), (line_of(text, "# w"), FOURTH.format("4H"))]


def test_a_warning_between_declarations_is_noted_once_when_the_hand_is_replayed():
    # Hand 2 (W declares, level 4) shows cards only by declarations, no 'show': S declares a pair of 4S, N is
    # warned, E overcalls with three 4S: 2 + 3 = 5 copies, E's declaration refused (§1.6). The hand is counted at
    # the warning (a directive of the match); counted only at 'last', its replay would note the warning twice.
    text = record(H1, hand("declare S 4S 4S", "warn N talking", "declare E 4S 4S 4S  # !", "kitty 5D 6D 7D 8D 9D JD",
                           "points 80", "last decl"))
    assert errors(text) == [(line_of(text), FOURTH.format("4S"))]
    _, r = run(text)
    assert [(n.seat, n.text) for n in r.notes] == [("N", "talking")]
    assert [h.hand for h in r.hands] == [1]  # hand 2 refused: broken, not settled


def test_cards_kept_by_several_seats_stay_each_seats_after_the_count():
    # E shows two AC, S one: 2 + 1 = 3, they fit when the warning counts the hand. N's AC after it is the fourth
    # (each seat's cards are its own: E's two and S's one are three different copies).
    text = record(hand("declare E BJ", "show E AC AC", "show S AC", "warn N talking", "trump H", "show N AC  # !"))
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]


def test_a_copy_of_an_open_hand_keeps_its_shown_cards():
    # The fold copied after E's two AC and S's one (3, counted when the slice ends) and extended by N's AC: the
    # fourth, refused in the copy; the fold copied from is left as it was (no error).
    text = record(hand("declare E BJ", "show E AC AC", "show S AC", "trump H", "show N AC  # !"))
    events = list(parse(text).events)
    fold = engine.Replay(ruleset.load("dalian-club"))
    fold.begin(events)
    fold.feed(events[:-1])
    fork = fold.copy()
    assert [(e.line, e.message) for e in fork.extend(events[-1:]).errors] == [(line_of(text), FOURTH.format("AC"))]
    assert fold.result().errors == ()


def test_a_hand_replayed_in_the_second_game_stays_in_it():
    # H1 (EW 4, NS 3), time: EW win game 1 (higher level). Game 2's first hand: E grabs and shows three AC, S one
    # (the fourth, refused when the redeal counts the hand); dealt again, E grabs, S keeps 80: settled in game 2.
    text = record(first_hand(points=80, after="time"),
                  hand("declare E BJ", "show E AC AC AC", "show S AC  # !", "redeal", "declare E BJ", "trump H",
                       "kitty 4C 6C 7C 8C 9C JH", "points 80", "last decl"))
    assert errors(text) == [(line_of(text), FOURTH.format("AC"))]
    _, r = run(text)
    assert [(h.game, h.hand) for h in r.hands] == [(1, 1), (2, 2)]


def test_a_hand_whose_cards_fit_is_counted_once(monkeypatch):
    # The design's promise: a hand whose cards fit in three decks is never replayed. E shows two AC and S one
    # (3, the most three decks hold); settled at 'last' (S keeps 80), whole and in slices of one event.
    def replayed(self, events, stop):
        raise AssertionError("a hand whose cards fit was replayed")

    monkeypatch.setattr(engine.Replay, "_recount", replayed)
    text = record(hand("declare E BJ", "show E AC AC", "show S AC", "trump H", "kitty 4C 6C 7C 8C 9C JH",
                       "points 80", "last decl"))
    assert errors(text) == []
    _, r = run(text)
    assert [h.hand for h in r.hands] == [1]
    events = list(parse(text).events)
    fold = engine.Replay(ruleset.load("dalian-club"))
    fold.begin(events)
    for i in range(len(events)):
        fold.feed(events[i:i + 1])
    assert fold.result().errors == () and [h.hand for h in fold.result().hands] == [1]
