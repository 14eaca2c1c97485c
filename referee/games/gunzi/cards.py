"""Cards of the three Gunzi decks, their tolerant spellings and their order under a trump.

Cards are interned: ``parse_card`` returns the same object for every spelling of a card, so cards
compare and hash cheaply and the replay of a long record does not allocate per token.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.errors import RefereeError
from referee.core.i18n import SOURCE, M, normalize, pgettext

SUITS = "SHCD"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D", "♤": "S", "♡": "H", "♧": "C", "♢": "D"}
# The Chinese suit names a record may use (they spell the Chinese card names read below); words
# shown to a user come from the catalogue (``{x:suit}``, ``{c:card}``).
SUIT_ZH = {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块"}
_SUIT_WORDS = {
    "黑桃": "S", "红桃": "H", "红心": "H", "梅花": "C", "草花": "C", "方块": "D", "方片": "D", "方板": "D",
    "黑": "S", "红": "H", "梅": "C", "方": "D",
}
# The suit names a card may carry (红桃10): those of two characters; one character (红) names a suit alone.
_SUIT_NAMES = tuple(w for w in _SUIT_WORDS if len(w) > 1)
# Every spelling of a suit on its own (``trump``, ``as``): the letters, the symbols and the words.
_SUIT_SPELLINGS = {**{s: s for s in SUITS}, **SUIT_SYMBOLS, **_SUIT_WORDS}
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_WORDS = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10,
    "J": 11, "Q": 12, "K": 13, "A": 14, "1": 14,
    "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
    "钩": 11, "勾": 11, "圈": 12, "尖": 14,
}

SMALL_JOKER_RANK = 15
BIG_JOKER_RANK = 16
JOKER = "J"  # the suit field of both jokers

COPIES = 3  # three decks: no card exists more than three times in one deal


class CardError(RefereeError, ValueError):
    """A token that is not a card: ``CardError(M(...))``, in the referee's terms."""


class Card(int):
    """One of the 54 distinct cards, as a small interned int: hashing and equality run at C speed,
    which matters when a 10,000-hand record is replayed. ``Card(rank, suit)`` returns the one
    instance of that card; rank 2..14 (A = 14), 15 small joker, 16 big joker; suit S H C D, or J."""

    __slots__ = ()

    def __new__(cls, rank: int, suit: str) -> Card:
        try:
            return _BY_KEY[(rank, suit)]
        except KeyError:
            raise CardError(M("no such card: rank {rank}, suit {suit}",
                              rank=rank, suit=suit)) from None

    @property
    def rank(self) -> int:
        return _RANK[self]

    @property
    def suit(self) -> str:
        return _SUIT[self]

    @property
    def is_joker(self) -> bool:
        return self >= _FIRST_JOKER

    @property
    def points(self) -> int:
        """Point cards (分牌): 5 = 5, 10 = 10, K = 10."""
        return _POINTS_OF[self]

    def __str__(self) -> str:
        return _NAME[self]

    def zh(self) -> str:
        """The Chinese name a record may spell the card with (read by ``parse_card``); a message
        names a card with ``{c:card}``."""
        return _ZH[self]

    def localized(self, lang: str) -> str:
        """How a message shows the card in *lang* (``{c:card}``): :func:`card_name`."""
        return card_name(self, lang)

    def __repr__(self) -> str:
        return f"Card({_NAME[self]})"

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (_RANK[self], _SUIT[self]))


def card_name(card: Card, lang: str) -> str:
    """``10H`` / ``红桃10`` / ``大王``: the card as *lang* writes it (the catalogue's words, looked up once)."""
    key = (int(card), normalize(lang) or SOURCE)
    name = _CARD_NAMES.get(key)
    if name is None:
        if card.is_joker:
            name = pgettext(lang, "card", str(card))
        else:
            rank = str(card)[:-1]
            name = pgettext(lang, "card", "{rank}{suit}").format(rank=rank, suit=pgettext(lang, "card-suit",
                                                                                          card.suit))
        _CARD_NAMES[key] = name
    return name


_CARD_NAMES: dict[tuple[int, str], str] = {}


_Tables = tuple[dict[tuple[int, str], Card], list[int], list[str], list[int], list[str], list[str], tuple[Card, ...]]


def _make_cards() -> _Tables:
    """The 54 cards and the tables of their facts, indexed by card: (by (rank, suit), rank, suit, points,
    name, Chinese name, the cards). Pure, so a test can make them again and check each entry."""
    keys = [(r, s) for s in SUITS for r in range(2, 15)] + [(SMALL_JOKER_RANK, JOKER), (BIG_JOKER_RANK, JOKER)]
    by_key: dict[tuple[int, str], Card] = {}
    ranks: list[int] = []
    suits: list[str] = []
    points: list[int] = []
    names: list[str] = []
    zh: list[str] = []
    cards = []
    for code, (rank, suit) in enumerate(keys):
        card = int.__new__(Card, code)
        by_key[(rank, suit)] = card
        ranks.append(rank)
        suits.append(suit)
        points.append(_POINTS.get(rank, 0) if suit != JOKER else 0)
        if suit == JOKER:
            names.append("BJ" if rank == BIG_JOKER_RANK else "SJ")
            zh.append("大王" if rank == BIG_JOKER_RANK else "小王")
        else:
            face = RANK_NAMES.get(rank, str(rank))
            names.append(face + suit)
            zh.append(SUIT_ZH[suit] + face)
        cards.append(card)
    return by_key, ranks, suits, points, names, zh, tuple(cards)


_POINTS = {5: 5, 10: 10, 13: 10}
_FIRST_JOKER = 4 * 13
_BY_KEY, _RANK, _SUIT, _POINTS_OF, _NAME, _ZH, ALL_CARDS = _make_cards()
POINTS: tuple[int, ...] = tuple(_POINTS_OF)  # POINTS[card]: a card's points, for hot loops
RANKS: tuple[int, ...] = tuple(_RANK)  # RANKS[card]: a card's rank, for hot paths (card.rank is a Python call)
SUITS_OF: tuple[str, ...] = tuple(_SUIT)  # SUITS_OF[card]: a card's suit, likewise
SMALL_JOKER = Card(SMALL_JOKER_RANK, JOKER)
BIG_JOKER = Card(BIG_JOKER_RANK, JOKER)


def _spellings() -> dict[str, Card]:
    """The spellings every card is known by from the start: its name, its Chinese name, and the
    jokers' other words. Pure, so a test can check each entry."""
    known = {}
    for card in ALL_CARDS:
        known[str(card)] = card
        known[card.zh()] = card
    for word in ("大王", "大鬼", "BJ", "RJ", "BIG"):
        known[word] = BIG_JOKER
    for word in ("小王", "小鬼", "SJ", "LJ", "SMALL"):
        known[word] = SMALL_JOKER
    return known


_CACHE: dict[str, Card] = _spellings()  # every spelling seen so far -> its card (the notation reads through it)


def parse_suit(token: str) -> str:
    """A suit from ``S``, ``♠`` or ``黑桃`` (any case): exactly one suit, the whole token naming it
    (``SH`` or ``HC`` is no suit: a look-up in the table of spellings, never a substring test)."""
    suit = _SUIT_SPELLINGS.get(token.strip().upper())
    if suit is not None:
        return suit
    raise CardError(M("'{token}' is not a suit (S H C D, ♠ ♥ ♣ ♦, 黑桃 红桃 梅花 方块)", token=token))


def parse_card(token: str) -> Card:
    """One card from any accepted spelling: ``10H``, ``h10``, ``♥10``, ``10♥``, ``红桃10``, ``大王``."""
    card = _CACHE.get(token)
    if card is not None:
        return card
    t = token.strip().upper()
    card = _CACHE.get(t)
    if card is None:
        card = _parse_slow(token, t)
    _CACHE[token] = card  # bounded: only spellings that are real cards are remembered
    return card


def _parse_slow(token: str, t: str) -> Card:
    """A spelling not seen yet (*t*: *token* stripped, upper case): the suit as a symbol or a Chinese
    name at either end, else its letter at either end, and the rank word left over."""
    if not t:
        raise CardError(M("empty card"))
    suit: str | None = None
    rank_word = ""
    for sym, s in SUIT_SYMBOLS.items():
        if t.startswith(sym) or t.endswith(sym):
            suit, rank_word = s, t.replace(sym, "", 1)
            break
    if suit is None:
        for word in _SUIT_NAMES:
            if t.startswith(word) or t.endswith(word):
                suit, rank_word = _SUIT_WORDS[word], t.replace(word, "", 1)
                break
    if suit is None and len(t) >= 2:
        if t[-1] in SUITS:
            suit, rank_word = t[-1], t[:-1]
        elif t[0] in SUITS:
            suit, rank_word = t[0], t[1:]
    if suit is None:
        raise CardError(M("'{token}' is not a card (write e.g. 10H, KS, BJ, 大王, 红桃10)", token=token))
    rank = _RANK_WORDS.get(rank_word)
    if rank is None:
        raise CardError(M("'{token}': '{rank}' is not a rank (2-10, J, Q, K, A)", token=token, rank=rank_word))
    return Card(rank, suit)


def parse_cards(tokens: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(map(_NAME.__getitem__, cards))  # each name looked up in C: no Python frame per call


# --- order under a trump (gunzi-rules.md §2.2) -------------------------------------------------------


def is_trump(card: Card, level: int, trump: str | None) -> bool:
    return order(level, trump)[card] >= TRUMP_FLOOR


def is_trump_plain(card: Card, level: int, trump: str | None) -> bool:
    """A card of the trump suit that is neither a level card nor a 2 (the dry-pot test)."""
    return TRUMP_FLOOR <= order(level, trump)[card] < TWO_FLOOR


def strength(card: Card, level: int, trump: str | None) -> int:
    """A number that orders cards high to low as §2.2 does; cards of equal standing get equal numbers."""
    return order(level, trump)[card]


TRUMP_FLOOR = 100  # standings at or above this are trumps
TWO_FLOOR = 160  # and at or above this, 2s, level cards and jokers
_ORDERS: dict[tuple[int, str | None], tuple[int, ...]] = {}


def order(level: int, trump: str | None) -> tuple[int, ...]:
    """``order(level, trump)[card]`` is the card's standing (see ``strength``), computed once per
    (level, trump); loops over many cards index it directly."""
    table = _ORDERS.get((level, trump))
    if table is None:
        table = _ORDERS[(level, trump)] = tuple(_standing(c, level, trump) for c in ALL_CARDS)
    return table


def plain_trumps(level: int, trump: str | None) -> frozenset[Card]:
    """The cards of the trump suit that are neither level cards nor 2s (``is_trump_plain``) under (level, trump),
    made once per (level, trump): a kitty is judged against them with one set operation in C."""
    key = (level, trump)
    cards = _PLAIN_TRUMPS.get(key)
    if cards is None:
        table = order(level, trump)
        cards = _PLAIN_TRUMPS[key] = frozenset(c for c in ALL_CARDS if TRUMP_FLOOR <= table[c] < TWO_FLOOR)
    return cards


def trumps(level: int, trump: str | None) -> frozenset[Card]:
    """Every trump under (level, trump) (``is_trump``), made once per (level, trump)."""
    key = (level, trump)
    cards = _TRUMPS.get(key)
    if cards is None:
        table = order(level, trump)
        cards = _TRUMPS[key] = frozenset(c for c in ALL_CARDS if table[c] >= TRUMP_FLOOR)
    return cards


_PLAIN_TRUMPS: dict[tuple[int, str | None], frozenset[Card]] = {}
_TRUMPS: dict[tuple[int, str | None], frozenset[Card]] = {}


def _standing(card: Card, level: int, trump: str | None) -> int:
    rank, suit = card.rank, card.suit
    if suit == JOKER:
        return 200 + rank  # BJ 216 > SJ 215
    if rank == level:
        return 190 if suit == trump else 180
    if rank == 2:
        return 170 if suit == trump else TWO_FLOOR
    if suit == trump:
        return TRUMP_FLOOR + rank
    return rank


def flip_value(card: Card) -> int:
    """Flip order for the first hand (§4.1.2): 10 highest, then 9 … 2; A K Q J equal and lowest."""
    return card.rank if card.rank <= 10 else 1
