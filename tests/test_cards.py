"""The readers of suits, cards and seats (§1.1, §1.4): what a record may write, and what it may not.

A suit is exactly one of S H C D (§1.4: spades 黑桃 ♠, hearts 红桃 ♥, clubs 梅花 ♣, diamonds 方块 ♦), wherever
a record names one: ``trump SUIT``, ``declare … as SUIT``. Two suits run together (``SH``, ``HC``) or all
four (``SHCD``) name no suit: each is a line error, never a trump.
"""

from __future__ import annotations

import pytest
from helpers import first_hand, hand_text, line_of, play, record, run

from referee.games.gunzi import cards
from referee.games.gunzi.cards import (
    ALL_CARDS,
    BIG_JOKER,
    POINTS,
    SMALL_JOKER,
    Card,
    CardError,
    _make_cards,
    _parse_slow,
    _spellings,
    flip_value,
    is_trump,
    is_trump_plain,
    parse_card,
    parse_suit,
    strength,
)
from referee.games.gunzi.notation import NotationError, parse_line
from referee.games.gunzi.seats import (
    SeatError,
    lower_hand,
    other_team,
    parse_seat,
    parse_team,
    partner,
    team_of,
    upper_hand,
)

# §1.4 and docs/record-format.md: the letters (any case), the symbols (filled and hollow), the Chinese
# names and their everyday variants (红心 for hearts, 草花 for clubs, 方片/方板 for diamonds, and the
# one-character 黑 红 梅 方).
SPELLINGS = [
    ("S", "S"), ("H", "H"), ("C", "C"), ("D", "D"), ("s", "S"), ("h", "H"), ("c", "C"), ("d", "D"),
    ("♠", "S"), ("♥", "H"), ("♣", "C"), ("♦", "D"), ("♤", "S"), ("♡", "H"), ("♧", "C"), ("♢", "D"),
    ("黑桃", "S"), ("红桃", "H"), ("梅花", "C"), ("方块", "D"),
    ("红心", "H"), ("草花", "C"), ("方片", "D"), ("方板", "D"), ("黑", "S"), ("红", "H"), ("梅", "C"), ("方", "D"),
    (" H ", "H"),  # spacing is forgiven
]

# The spellings (several suit letters run together), then other tokens that are no suit.
NOT_SUITS = ["SH", "HC", "CD", "SHC", "HCD", "SHCD", "sh", "hc", "DC", "SS", "HH", "♠♥", "黑桃红桃", "X", "", "NT",
             "10", "SJ"]


def _en(token: str) -> str:
    return f"'{token}' is not a suit (S H C D, ♠ ♥ ♣ ♦, 黑桃 红桃 梅花 方块)"


def _zh(token: str) -> str:
    return f"'{token}' 不是花色（S H C D、♠ ♥ ♣ ♦、黑桃 红桃 梅花 方块）"


@pytest.mark.parametrize(("token", "suit"), SPELLINGS)
def test_every_spelling_of_a_suit_reads_as_that_suit(token, suit):
    assert parse_suit(token) == suit


@pytest.mark.parametrize("token", NOT_SUITS)
def test_a_token_that_is_not_exactly_one_suit_is_refused(token):
    with pytest.raises(CardError) as info:
        parse_suit(token)
    assert info.value.msg.text("en") == _en(token)
    assert info.value.msg.text("zh") == _zh(token)


@pytest.mark.parametrize("token", NOT_SUITS[:7])
@pytest.mark.parametrize("line", ["trump {}", "declare S SJ SJ SJ as {}", "定主 {}", "亮主 南 小王 小王 小王 作 {}"])
def test_trump_and_as_refuse_a_token_that_is_not_one_suit(line, token):
    with pytest.raises(NotationError) as info:
        parse_line(line.format(token), 7)
    assert info.value.msg.text("en") == _en(token)
    assert info.value.msg.text("zh") == _zh(token)


@pytest.mark.parametrize(("line", "suit"), [("trump ♥", "H"), ("定主 红桃", "H"), ("trump d", "D"),
                                            ("declare S SJ SJ SJ as 黑桃", "S"), ("declare S BJ BJ BJ as ♣", "C")])
def test_trump_and_as_read_each_spelling(line, suit):
    ev = parse_line(line)
    assert (ev.suit if hasattr(ev, "suit") else ev.as_suit) == suit


# The example. E grabs (§4.1.1) and the referee writes 'trump HC'; the dealt kitty holds KH and JH.
# With trump H, JH is a trump-suit plain card (§2.4: suit H, rank J, neither the level 3 nor a 2), so the
# kitty is not a dry pot (§6.2.1). 'HC' is no suit: the line is refused, and no hand is judged on a
# trump "HC" (which no kitty card would follow, making every kitty a dry pot).
KITTY_KH_JH = "4C 6C 7C 8C KH JH"


def test_trump_hc_over_a_kitty_with_kh_and_jh_is_a_line_error_not_a_dry_pot():
    text = record(first_hand(trump="HC  # !", kitty=KITTY_KH_JH, points=60))
    rec, result = run(text)
    assert [(e.line, e.message) for e in rec.errors] == [(line_of(text), _en("HC"))]
    assert [h for h in result.hands if h.dry_pot] == []


def test_trump_h_over_the_same_kitty_is_not_a_dry_pot():
    # The control of the test above: the same hand with trump H is kept, not dry (JH is plain trump).
    h = play(first_hand(trump="H", kitty=KITTY_KH_JH, points=60)).hands[0]
    assert (h.trump, h.dry_pot) == ("H", False)


def test_as_sh_is_a_line_error_not_a_trump():
    # Hand 2 (§4.2): E keeps hand 1 with S = 80, no blood (§7.2.3: ceil((80 − 80) / 10) = 0), declarer W,
    # E's partner (§7.4); S shows three small jokers "as SH": the line is refused, and no hand is played
    # with a trump "SH".
    text = record(first_hand(points=80), hand_text(declare="S SJ SJ SJ as SH  # !", points=60))
    rec, result = run(text)
    assert [(e.line, e.message) for e in rec.errors] == [(line_of(text), _en("SH"))]
    assert "SH" not in {h.trump for h in result.hands}


# --- cards (§1.4) -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("token", "name"), [
    ("10H", "10H"), ("h10", "10H"), ("♥10", "10H"), ("10♥", "10H"), ("红桃10", "10H"), ("KS", "KS"), ("ks", "KS"),
    ("大王", "BJ"), ("小王", "SJ"), ("BJ", "BJ"), ("SJ", "SJ"), ("TD", "10D"), ("1C", "AC"), ("方块尖", "AD"),
])
def test_every_spelling_of_a_card(token, name):
    assert str(parse_card(token)) == name


@pytest.mark.parametrize(("token", "en"), [
    ("10SH", "'10SH': '10S' is not a rank (2-10, J, Q, K, A)"),  # H is the suit, "10S" no rank
    ("SHA", "'SHA': 'HA' is not a rank (2-10, J, Q, K, A)"),  # S the suit, "HA" no rank
    ("XQ", "'XQ' is not a card (write e.g. 10H, KS, BJ, 大王, 红桃10)"),
    ("H", "'H' is not a card (write e.g. 10H, KS, BJ, 大王, 红桃10)"),
])
def test_a_card_with_two_suits_or_none_is_refused(token, en):
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert info.value.msg.text("en") == en


# --- seats and teams (§1.1) ---------------------------------------------------------------------------

@pytest.mark.parametrize(("token", "seat"), [("E", "E"), ("s", "S"), ("西", "W"), ("north", "N"), (" N ", "N")])
def test_seats(token, seat):
    assert parse_seat(token) == seat


@pytest.mark.parametrize("token", ["ES", "EW", "东南", "", "X", "SW"])
def test_a_token_that_is_not_one_seat_is_refused(token):
    with pytest.raises(SeatError) as info:
        parse_seat(token)
    assert info.value.msg.text("en") == f"'{token}' is not a seat (E S W N or 东 南 西 北)"


@pytest.mark.parametrize(("token", "team"), [("EW", "EW"), ("we", "EW"), ("NS", "NS"), ("SN", "NS"), ("东西", "EW"),
                                             ("北南", "NS")])
def test_teams(token, team):
    assert parse_team(token) == team


@pytest.mark.parametrize("token", ["E", "ES", "EWNS", "东", "", "NSEW"])
def test_a_token_that_is_not_one_team_is_refused(token):
    with pytest.raises(SeatError) as info:
        parse_team(token)
    assert info.value.msg.text("en") == f"'{token}' is not a team (EW or NS, 东西 or 南北)"


# --- the order of the cards under a trump (§2.1, §2.2, §2.4), over every reachable input --------------------

def _tier(card, level: int, trump: str | None) -> tuple[int, int]:
    """§2.2 written out: BJ > SJ > L of suit T > L of other suits (equal) > 2 of suit T > 2 of other suits
    (equal) > other cards of suit T (A … 3) > non-trump cards (A high … 3 low; equal rank, equal standing,
    §2.3). A pair (tier, rank within the tier); 0 where the tier holds equal cards."""
    if card == BIG_JOKER:
        return (8, 0)
    if card == SMALL_JOKER:
        return (7, 0)
    if card.rank == level:
        return (6, 0) if card.suit == trump else (5, 0)
    if card.rank == 2:
        return (4, 0) if card.suit == trump else (3, 0)
    if card.suit == trump:
        return (2, card.rank)
    return (1, card.rank)


LEVELS = range(3, 11)  # §3.4: levels run 3 … 10


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


@pytest.fixture(autouse=True)
def _no_cached_orders():
    # order() keeps each (level, trump)'s table once made; the mutation run forks every mutant from a
    # process whose test run filled that cache, so each test here makes the tables afresh.
    cards._ORDERS.clear()


@pytest.mark.parametrize("trump", ["S", "H", "C", "D", None])
def test_the_order_of_every_pair_of_cards_is_that_of_2_2(trump):
    wrong = []
    for level in LEVELS:
        for a in ALL_CARDS:
            ta = _tier(a, level, trump)
            for b in ALL_CARDS:
                tb = _tier(b, level, trump)
                want = (ta > tb) - (ta < tb)
                if _sign(strength(a, level, trump) - strength(b, level, trump)) != want:
                    wrong.append((level, str(a), str(b)))
    assert wrong == []


@pytest.mark.parametrize("trump", ["S", "H", "C", "D"])
def test_trumps_and_trump_suit_plain_cards(trump):
    # §2.1: trumps are the jokers, every 2, every card of the level and every card of suit T (tiers 2-8);
    # §2.4: a trump-suit plain card is of suit T and neither the level nor a 2 (tier 2).
    for level in LEVELS:
        assert [str(c) for c in ALL_CARDS if is_trump(c, level, trump)] == [
            str(c) for c in ALL_CARDS if _tier(c, level, trump)[0] >= 2]
        assert [str(c) for c in ALL_CARDS if is_trump_plain(c, level, trump)] == [
            f"{n}{trump}" for n in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
            if n != str(level)]


def test_flip_order_of_4_1_2():
    # §4.1.2: 10 highest, then 9 8 7 6 5 4 3 2; A K Q J all equal and lowest.
    high_to_low = [["10"], ["9"], ["8"], ["7"], ["6"], ["5"], ["4"], ["3"], ["2"], ["A", "K", "Q", "J"]]
    for i, group in enumerate(high_to_low):
        for rank in group:
            for suit in "SHCD":
                value = flip_value(parse_card(rank + suit))
                assert all(value > flip_value(parse_card(r + "S")) for g in high_to_low[i + 1:] for r in g)
                assert all(value == flip_value(parse_card(r + "C")) for r in group)


def test_points_of_every_card():
    # §1.5: 5 = 5, 10 = 10, K = 10, every other card (jokers too) 0; three decks hold 300.
    want = {"5": 5, "10": 10, "K": 10}
    for card in ALL_CARDS:
        name = str(card)
        assert card.points == (0 if card.is_joker else want.get(name[:-1], 0)), name
        assert POINTS[card] == card.points
    assert 3 * sum(c.points for c in ALL_CARDS) == 300


def test_the_54_cards_and_their_names():
    # §1.3, §1.4: 13 ranks × 4 suits + 2 jokers; rank then suit; the Chinese name is suit then rank.
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert [str(c) for c in ALL_CARDS] == [r + s for s in "SHCD" for r in ranks] + ["SJ", "BJ"]
    zh_suits = ("黑桃", "红桃", "梅花", "方块")
    assert [c.zh() for c in ALL_CARDS] == [z + r for z in zh_suits for r in ranks] + ["小王", "大王"]
    assert [(c.rank, c.suit) for c in ALL_CARDS[:13]] == [(n, "S") for n in range(2, 15)]
    assert (SMALL_JOKER.rank, SMALL_JOKER.suit, BIG_JOKER.rank, BIG_JOKER.suit) == (15, "J", 16, "J")
    assert [c.is_joker for c in ALL_CARDS] == [False] * 52 + [True, True]
    assert all(parse_card(str(c)) is c and parse_card(c.zh()) is c for c in ALL_CARDS)


def test_no_such_card():
    with pytest.raises(CardError) as info:
        Card(1, "S")
    assert info.value.msg.text("en") == "no such card: rank 1, suit S"


FACES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
ZH_SUITS = {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块"}  # §1.4


def test_the_tables_of_the_cards_made_again():
    # §1.3: 13 ranks (2 … A = 14) of four suits, then the small (15) and the big joker (16); §1.5 points:
    # per suit 2 3 4 → 0, 5 → 5, 6 7 8 9 → 0, 10 → 10, J Q → 0, K → 10, A → 0; jokers 0.
    by_key, ranks, suits, points, names, zh, cards = _make_cards()
    assert [int(c) for c in cards] == list(range(54))
    assert ranks == [n for _ in "SHCD" for n in range(2, 15)] + [15, 16]
    assert suits == [s for s in "SHCD" for _ in range(13)] + ["J", "J"]
    assert points == [0, 0, 0, 5, 0, 0, 0, 0, 10, 0, 0, 10, 0] * 4 + [0, 0]
    assert names == [f + s for s in "SHCD" for f in FACES] + ["SJ", "BJ"]
    assert zh == [ZH_SUITS[s] + f for s in "SHCD" for f in FACES] + ["小王", "大王"]
    assert {k: int(v) for k, v in by_key.items()} == {
        **{(n, s): 13 * i + n - 2 for i, s in enumerate("SHCD") for n in range(2, 15)}, (15, "J"): 52, (16, "J"): 53}


def test_the_spellings_known_from_the_start():
    # §1.4: every card by its name and its Chinese name; the big joker also as 大鬼, RJ, BIG, the small
    # one as 小鬼, LJ, SMALL.
    want = {f + s: f + s for s in "SHCD" for f in FACES}
    want |= {ZH_SUITS[s] + f: f + s for s in "SHCD" for f in FACES}
    want |= {w: "BJ" for w in ("BJ", "大王", "大鬼", "RJ", "BIG")}
    want |= {w: "SJ" for w in ("SJ", "小王", "小鬼", "LJ", "SMALL")}
    assert {w: str(c) for w, c in _spellings().items()} == want


# --- seat arithmetic (§1.1, §1.2) ------------------------------------------------------------------------

def test_teams_partners_and_the_hands_around_each_seat():
    # §1.1: partners sit opposite, teams EW and NS. §1.2: play runs E → S → W → N → E; a seat's upper hand
    # plays just before it (of E: N), its lower hand just after (of E: S).
    assert {s: team_of(s) for s in "ESWN"} == {"E": "EW", "W": "EW", "S": "NS", "N": "NS"}
    assert {t: other_team(t) for t in ("EW", "NS")} == {"EW": "NS", "NS": "EW"}
    assert {s: partner(s) for s in "ESWN"} == {"E": "W", "S": "N", "W": "E", "N": "S"}
    assert {s: upper_hand(s) for s in "ESWN"} == {"E": "N", "S": "E", "W": "S", "N": "W"}
    assert {s: lower_hand(s) for s in "ESWN"} == {"E": "S", "S": "W", "W": "N", "N": "E"}


# --- the slow path of the card reader, called directly --------------------------------------------------
# parse_card remembers every spelling it has read (cards._CACHE); a test run fills that cache, so the
# spellings below are read by _parse_slow itself, as the first reading of each spelling is.

@pytest.mark.parametrize(("token", "name"), [
    ("10H", "10H"), ("H10", "10H"), ("h10", "10H"), ("KS", "KS"), ("SK", "KS"), ("TD", "10D"), ("1C", "AC"),
    ("♥10", "10H"), ("10♥", "10H"), ("♡10", "10H"), ("♠A", "AS"), ("Q♣", "QC"), ("♦2", "2D"),
    ("红桃10", "10H"), ("10红桃", "10H"), ("黑桃A", "AS"), ("梅花Q", "QC"), ("方块2", "2D"),
    ("红心K", "KH"), ("草花J", "JC"), ("方片5", "5D"), ("方板5", "5D"), ("方块尖", "AD"), ("红桃钩", "JH"),
    ("黑桃圈", "QS"), ("梅花十", "10C"), ("方块二", "2D"), (" 10h ", "10H"),
])
def test_the_slow_reader_of_every_spelling(token, name):
    assert str(_parse_slow(token, token.strip().upper())) == name


@pytest.mark.parametrize(("token", "en"), [
    ("", "empty card"),
    ("H", "'H' is not a card (write e.g. 10H, KS, BJ, 大王, 红桃10)"),  # one letter: no rank
    ("XQ", "'XQ' is not a card (write e.g. 10H, KS, BJ, 大王, 红桃10)"),
    ("红10", "'红10' is not a card (write e.g. 10H, KS, BJ, 大王, 红桃10)"),  # 红 names a suit, not a card's
    ("♥10♥", "'♥10♥': '10♥' is not a rank (2-10, J, Q, K, A)"),  # the symbol is taken once
    ("红桃10红桃", "'红桃10红桃': '10红桃' is not a rank (2-10, J, Q, K, A)"),
    ("10SH", "'10SH': '10S' is not a rank (2-10, J, Q, K, A)"),
    ("H11", "'H11': '11' is not a rank (2-10, J, Q, K, A)"),
    ("♥", "'♥': '' is not a rank (2-10, J, Q, K, A)"),
    ("红桃", "'红桃': '' is not a rank (2-10, J, Q, K, A)"),
])
def test_the_slow_reader_refuses(token, en):
    with pytest.raises(CardError) as info:
        _parse_slow(token, token.strip().upper())
    assert info.value.msg.text("en") == en


def test_a_spelling_read_once_is_remembered_as_its_card():
    # The first reading goes the slow way and remembers the spelling; the second finds it (the same card).
    token = "♢7"
    cards._CACHE.pop(token, None)
    first = parse_card(token)
    assert cards._CACHE[token] is first and str(first) == "7D"
    assert parse_card(token) is first
    # A stripped, upper-case spelling already known is found without the slow way: " 7d" → "7D".
    assert parse_card(" 7d") is first


# --- a card's name in each language (cards.card_name, what {c:card} and {cs:cards} show) ------------------

# Written by hand from the catalogues' card words: English as the record writes a card, Chinese as a club
# says it (suit then rank), traditional Chinese with its own characters for hearts and diamonds.
SUIT_WORDS = {"en": {"S": "S", "H": "H", "C": "C", "D": "D"},
              "zh": {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块"},
              "zh_TW": {"S": "黑桃", "H": "紅桃", "C": "梅花", "D": "方塊"}}
RANK_WORDS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K",
              14: "A"}
JOKER_WORDS = {"en": ("SJ", "BJ"), "zh": ("小王", "大王"), "zh_TW": ("小王", "大王")}


@pytest.fixture
def fresh_names(monkeypatch):
    """card_name's cache emptied for the test: every name is worded, not recalled (a cache an earlier test
    filled would hide a wrong wording from the mutation run, which forks after filling it)."""
    monkeypatch.setattr(cards, "_CARD_NAMES", {})


@pytest.mark.parametrize("lang", ["en", "zh", "zh_TW"])
def test_every_card_is_named_in_each_language(lang, fresh_names):
    for suit in "SHCD":
        for rank, word in RANK_WORDS.items():
            card = cards.Card(rank, suit)
            wanted = word + suit if lang == "en" else SUIT_WORDS[lang][suit] + word
            assert cards.card_name(card, lang) == wanted
            assert card.localized(lang) == wanted
            assert cards.card_name(card, lang) == wanted  # asked again: the same (from the cache)
    small, big = JOKER_WORDS[lang]
    assert cards.card_name(cards.SMALL_JOKER, lang) == small and cards.card_name(cards.BIG_JOKER, lang) == big


def test_a_card_is_named_in_the_language_asked_each_time(fresh_names):
    # One card asked in one language and then another: each answer in its own language (the cache is by
    # card and language).
    ten = cards.Card(10, "H")
    assert [cards.card_name(ten, lang) for lang in ("en", "zh", "en", "zh_TW", "zh")] == \
        ["10H", "红桃10", "10H", "紅桃10", "红桃10"]


def test_the_trumps_under_a_level_and_a_trump_suit_are_those_of_the_rules(monkeypatch):
    # §2.2: the jokers, the level's cards of every suit, the 2s of every suit and the trump suit's other cards are
    # trumps; the plain trumps are the trump suit's cards that are neither level cards nor 2s. The tables are made
    # once per (level, trump): emptied first, so that they are made here.
    monkeypatch.setattr(cards, "_TRUMPS", {})
    monkeypatch.setattr(cards, "_PLAIN_TRUMPS", {})
    jokers = {Card(15, "J"), Card(16, "J")}
    # level 5, hearts: 2 jokers + 4 fives + 4 twos + the 11 hearts 3 4 6 7 8 9 10 J Q K A = 21 kinds
    hearts = {Card(r, "H") for r in (3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14)}
    five_h = hearts | jokers | {Card(5, s) for s in "SHCD"} | {Card(2, s) for s in "SHCD"}
    assert len(five_h) == 21
    assert cards.trumps(5, "H") == five_h and cards.plain_trumps(5, "H") == hearts
    # level 2, spades: the 2s are the level's cards: 2 jokers + 4 twos + the 12 spades 3 … A = 18; plain: 12 spades
    spades = {Card(r, "S") for r in range(3, 15)}
    assert cards.trumps(2, "S") == spades | jokers | {Card(2, s) for s in "SHCD"}
    assert cards.plain_trumps(2, "S") == spades
    # no trump suit: the jokers, the level's cards and the 2s only (10 kinds), and no plain trump
    assert cards.trumps(7, None) == jokers | {Card(7, s) for s in "SHCD"} | {Card(2, s) for s in "SHCD"}
    assert cards.plain_trumps(7, None) == frozenset()
    # asked again, each (level, trump) its own table
    assert cards.trumps(5, "H") == five_h and cards.plain_trumps(5, "H") == hearts
