"""The rules code's tables and the strength of a declaration, each against the section it encodes.

mutmut 3 does not mutate module-level code, so the tables (``declaring._POWERS``, ``engine.TOTAL_POINTS``,
``settle.LEDGER_CLAUSE``) are checked here entry by entry from docs/gunzi-rules.md, and ``strength`` is
run over every declaration a hand can see (§4.2.2) and compared with §4.2.3's order written out below.
"""

from __future__ import annotations

import itertools

import pytest
from helpers import first_hand, hand_text, play, record

from referee.games.gunzi.cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, Card
from referee.games.gunzi.codes import Outcome
from referee.games.gunzi.declaring import _POWERS, UNDECLARED, DeclarationError, beats, strength
from referee.games.gunzi.engine import TOTAL_POINTS, replay
from referee.games.gunzi.events import Declare
from referee.games.gunzi.notation import parse
from referee.games.gunzi.ruleset import load
from referee.games.gunzi.settle import LEDGER_CLAUSE

SUITS = ("S", "H", "C", "D")  # §1.4
LEVEL = 4


def _declarations() -> list[tuple[str, tuple[Card, ...], str | None, int, str]]:
    """Every declaration §4.2.2 allows at level 4: (what, cards, as, rank in §4.2.3's order, trump).

    §4.2.3, worked by hand: one level card (rank 1) < two identical (2) < three identical (3) < three small
    jokers (4) < three big jokers (5); the suit plays no part in the strength."""
    out = []
    for suit in SUITS:
        card = Card(LEVEL, suit)
        for n in (1, 2, 3):
            out.append((f"{n}×{card}", (card,) * n, None, n, suit))
        out.append((f"3 SJ as {suit}", (SMALL_JOKER,) * 3, suit, 4, suit))
        out.append((f"3 BJ as {suit}", (BIG_JOKER,) * 3, suit, 5, suit))
    return out


DECLARATIONS = _declarations()


def test_every_declaration_of_4_2_2_has_a_power_naming_its_suit():
    assert len(DECLARATIONS) == 4 * 5  # 4 suits × (1, 2, 3 level cards, 3 SJ, 3 BJ)
    for what, cards, as_suit, _, suit in DECLARATIONS:
        power = strength(cards, LEVEL, as_suit)
        assert power.suit == suit, what
        assert power.size == len(cards), what


def test_an_overcall_beats_exactly_the_weaker_declarations():
    # §4.2.3: strictly stronger overcalls; equal strength (whatever the suit) never does. All 20 × 20 pairs.
    wrong = []
    for (n_what, n_cards, n_as, n_rank, _), (o_what, o_cards, o_as, o_rank, _) in itertools.product(
            DECLARATIONS, repeat=2):
        if beats(strength(n_cards, LEVEL, n_as), strength(o_cards, LEVEL, o_as)) != (n_rank > o_rank):
            wrong.append(f"{n_what} over {o_what}")
    assert wrong == []


def test_every_declaration_beats_no_declaration():
    assert all(beats(strength(c, LEVEL, a), UNDECLARED) for _, c, a, _, _ in DECLARATIONS)


def test_powers_table_holds_one_entry_per_declaration_of_4_2_2():
    # The table's keys are (size, kind, suit): kind 0 level cards (sizes 1, 2, 3), 1 small jokers and 2 big
    # jokers (size 3 only, §4.2.2), for each of the four suits: 4 × 5 = 20 entries, each its own power.
    want = {(size, kind, suit) for suit in SUITS for size, kind in ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2))}
    assert set(_POWERS) == want
    for key, power in _POWERS.items():
        assert tuple(power) == key
    assert tuple(UNDECLARED) == (0, 0, "")


@pytest.mark.parametrize("as_suit", ["SH", "HC", "SHCD", "", "X", "s", "♠"])
@pytest.mark.parametrize("joker", [SMALL_JOKER, BIG_JOKER])
def test_three_jokers_as_anything_but_one_suit_letter_are_refused(joker, as_suit):
    # §4.2.2: three jokers name one suit. The reader turns ♠ and s into S; strength takes the letter only.
    with pytest.raises(DeclarationError) as info:
        strength((joker,) * 3, LEVEL, as_suit)
    assert info.value.msg.text("en") == f"three jokers name one suit, S, H, C or D, not '{as_suit}'"
    assert info.value.msg.text("zh") == f"三张王作一门花色：S、H、C 或 D，不是 '{as_suit}'"


@pytest.mark.parametrize(("cards", "as_suit", "message"), [
    ((Card(4, "S"),) * 4, None, "at most three identical cards exist"),  # §1.6: three decks
    ((Card(4, "S"), Card(4, "H")), None, "a declaration shows identical cards, not 4S 4H"),
    ((Card(5, "S"),), None, "5S is not a level card: this hand is played at level 4"),
    ((SMALL_JOKER,) * 2, "D", "jokers declare only as three of a kind"),
    ((BIG_JOKER,), None, "a single big joker grabs only in a game's first hand"),
    ((SMALL_JOKER,) * 3, None, "three jokers name a suit: add 'as S|H|C|D' (never no-trump)"),
    ((Card(4, "S"),), "H", "only three jokers name a suit with 'as'; level cards declare their own suit"),
])
def test_cards_that_cannot_declare(cards, as_suit, message):
    with pytest.raises(DeclarationError) as info:
        strength(cards, LEVEL, as_suit)
    assert info.value.msg.text("en") == message


def test_a_big_joker_triple_overcalls_a_small_joker_triple_and_names_the_trump():
    # Hand 2: E kept hand 1 with S = 80 (§7.1: keep, no blood: §7.2.3 ceil(0/10) = 0), declarer W (§7.4).
    # S shows three small jokers as D, N three big jokers as C: 3 BJ beat 3 SJ (§4.2.3), trump C.
    r = play(first_hand(points=80),
             hand_text(declare=["S SJ SJ SJ as D", "N BJ BJ BJ as C"], kitty="4D 6C 7C 8C 9C JC", points=80))
    assert (r.hands[1].declarer, r.hands[1].trump) == ("W", "C")


def test_an_event_built_by_hand_with_as_sh_is_refused_on_its_line():
    # The reader never makes 'as SH' (tests/test_cards.py); an event built by hand reaches the engine,
    # which refuses it on its line like any declaration that cannot declare, and goes on.
    text = record(first_hand(points=80), hand_text(declare="S SJ SJ SJ as D", kitty="4D 6C 7C 8C 9C JD", points=80))
    events = parse(text).events
    i = next(i for i, ev in enumerate(events) if isinstance(ev, Declare) and ev.as_suit == "D")
    events[i] = events[i]._replace(as_suit="SH")
    result = replay(events, load("dalian-club"))
    assert [(e.line, e.message) for e in result.errors if e.line == events[i].line] == [
        (events[i].line, "three jokers name one suit, S, H, C or D, not 'SH'")]
    assert "SH" not in {h.trump for h in result.hands}


# --- the table state's match_over (a bool, engine-contract) ---------------------------------------------

def test_match_over_is_false_until_the_match_ends_then_true():
    # dalian-club: two games win the match (§3.3). Game 1: E grabs, S = 0 → the declarer side EW wins it
    # (§7.3.1): 1:0, the match goes on. Game 2 the same with W: 2:0, the match is over.
    one = play(first_hand(points=0))
    assert one.winner is None
    assert one.state.match_over is False
    two = play(first_hand(points=0), first_hand(grab="W", points=0))
    assert two.winner == "EW"
    assert two.state.match_over is True


def test_match_over_of_an_empty_match_is_false():
    result = replay(parse("match id=T-1 rules=dalian-club\n").events, load("dalian-club"))
    assert result.state.match_over is False


# --- TOTAL_POINTS (§1.5) and LEDGER_CLAUSE (§9) -----------------------------------------------------------

def test_total_points_is_the_point_cards_of_three_decks():
    # §1.5: 5 = 5, 10 = 10, K = 10 per suit: 25; four suits: 100; three decks: 300.
    assert TOTAL_POINTS == 3 * 4 * (5 + 10 + 10) == 300
    assert TOTAL_POINTS == 3 * sum(c.points for c in ALL_CARDS)


def test_ledger_clause_of_each_outcome():
    # §9.1: stage kept, the defenders take over without levelling: ledger_take_over. §9.2: a side that levels
    # up, per level (keep: the declarers), and the defenders who take over and level: take over + per level.
    # A foul dig has no entry (§9.1: declarers stay without levelling: 0).
    assert LEDGER_CLAUSE == {
        Outcome.keep: "ledger.ledger_per_level · §9.2",
        Outcome.stage_kept: "ledger.ledger_take_over · §9.1",
        Outcome.stage_dug: "ledger.ledger_take_over, ledger.ledger_per_level · §9.2",
    }
    assert Outcome.foul_dig not in LEDGER_CLAUSE

