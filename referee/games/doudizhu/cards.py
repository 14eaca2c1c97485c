"""The one deck of Dou Dizhu: 3 … A, 2, the small and the big joker (54 cards), and a tolerant card reader.

Suits do not matter in play, so a record may write a card with its suit (``5H``, ``♥5``, ``红桃5``) or
without (``5``), and a run of suitless ranks as one token (``33344`` is 3 3 3 4 4). Jokers are ``SJ``/``BJ``
(also ``LJ``/``RJ``, 小王/大王, 小鬼/大鬼); a jack of spades is therefore written ``JS`` or ``♠J``, never ``SJ``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from referee.core.errors import RefereeError
from referee.core.i18n import M

# Ranks in playing order: 3 lowest … A = 14, 2 = 15, small joker 16, big joker 17.
TWO, SMALL_JOKER, BIG_JOKER = 15, 16, 17
RANKS = tuple(range(3, 18))
SUITS = "SHCD"
_NAME = {**{r: str(r) for r in range(3, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A", TWO: "2",
         SMALL_JOKER: "SJ", BIG_JOKER: "BJ"}
_ZH_RANK = {**_NAME, SMALL_JOKER: "小王", BIG_JOKER: "大王"}
_ZH_SUIT = {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块"}
_RANK_WORDS = {**{str(r): r for r in range(3, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14,
               "2": TWO, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "二": TWO}
_JOKERS = {"SJ": SMALL_JOKER, "LJ": SMALL_JOKER, "小王": SMALL_JOKER, "小鬼": SMALL_JOKER,
           "BJ": BIG_JOKER, "RJ": BIG_JOKER, "大王": BIG_JOKER, "大鬼": BIG_JOKER}
_SUIT_WORDS = {"S": "S", "H": "H", "C": "C", "D": "D", "♠": "S", "♥": "H", "♣": "C", "♦": "D",
               "♤": "S", "♡": "H", "♧": "C", "♢": "D", "黑桃": "S", "红桃": "H", "红心": "H", "梅花": "C",
               "草花": "C", "方块": "D", "方片": "D"}


class CardError(RefereeError, ValueError):
    """A token that is not a card: ``CardError(M(...))``."""


class Card(NamedTuple):
    """A card: its rank (3 … 17, see :data:`RANKS`) and its suit (``S H C D``, or ``""`` when the record
    does not say it, and always for a joker)."""

    rank: int
    suit: str = ""

    def __str__(self) -> str:
        return _NAME[self.rank] + self.suit

    def localized(self, lang: str) -> str:
        if lang.startswith("zh"):
            return _ZH_SUIT.get(self.suit, "") + _ZH_RANK[self.rank]
        return str(self)

    @property
    def is_joker(self) -> bool:
        return self.rank >= SMALL_JOKER


def rank_name(rank: int) -> str:
    return _NAME[rank]


def copies(rank: int) -> int:
    """How many cards of *rank* the deck holds: 4, one of each joker."""
    return 1 if rank >= SMALL_JOKER else 4


def _bad(token: str) -> CardError:
    return CardError(M("'{token}' is not a card (3…10 J Q K A 2 with an optional suit S H C D, SJ/BJ or 小王/大王)",
                       token=token))


def parse_token(token: str) -> list[Card]:
    """The cards one token names: ``10H``, ``♥10``, ``红桃10``, ``SJ``, ``大王`` or a run of ranks ``33344``."""
    word = token.strip().upper()
    if word in _JOKERS:
        return [Card(_JOKERS[word])]
    for name in sorted(_SUIT_WORDS, key=len, reverse=True):  # a suit in front: ♥10, 红桃10, H10; or behind: 10H
        if word.startswith(name) and word[len(name):] in _RANK_WORDS:
            return [Card(_RANK_WORDS[word[len(name):]], _SUIT_WORDS[name])]
        if word.endswith(name) and word[:-len(name)] in _RANK_WORDS:
            return [Card(_RANK_WORDS[word[:-len(name)]], _SUIT_WORDS[name])]
    out: list[Card] = []  # a run of suitless ranks
    i = 0
    while i < len(word):
        if word.startswith("10", i):
            out.append(Card(10))
            i += 2
        elif word[i] in _RANK_WORDS:  # one character: "1" is none (10 was taken above)
            out.append(Card(_RANK_WORDS[word[i]]))
            i += 1
        else:
            raise _bad(token)
    if not out:
        raise _bad(token)
    return out


_READ: dict[str, tuple[Card, ...]] = {}  # each token's cards, read once: a record names the same few again and again
_READ_MAX = 4096  # tokens kept (a record of endless distinct tokens is read all the same, only not kept)


def parse_cards(tokens: Iterable[str]) -> tuple[Card, ...]:
    out: list[Card] = []
    for t in tokens:
        cards = _READ.get(t)
        if cards is None:
            cards = tuple(parse_token(t))
            if len(_READ) < _READ_MAX:
                _READ[t] = cards
        out.extend(cards)
    return tuple(out)


def write_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def is_bomb(cards: tuple[Card, ...]) -> bool:
    """Four cards of one rank (炸弹): not jokers."""
    return len(cards) == 4 and len({c.rank for c in cards}) == 1 and not cards[0].is_joker


def is_rocket(cards: tuple[Card, ...]) -> bool:
    """Both jokers (火箭, 双王)."""
    return sorted(c.rank for c in cards) == [SMALL_JOKER, BIG_JOKER]
