"""Hubei 打滚's keys on the phone's tap pad (``Game.pad``): its directives (docs/hubei-dagun-record-format.md),
the four seats (§1) and the words its directives take: ``dealer=`` (§4.1), ``partner=`` (§4.2), each seat's
points and those in hand (§3, §5.2: multiples of 5 adding up to 200), the declared hands and a 喜's rank (§6),
the result called (§8), and the cards a 找朋友 calls (§1: two decks). A key ending in ``=`` joins the next key
typed (``E=`` ``35``: ``E=35``). Pure: data only."""

from __future__ import annotations

from referee.core.i18n import M, form
from referee.games.api import PadGroup
from referee.games.hubei_dagun import spellings
from referee.games.hubei_dagun.engine import Card
from referee.games.hubei_dagun.events import card_code
from referee.games.hubei_dagun.notation import KEYWORDS
from referee.games.kit.padkeys import chinese, plain, row, seats

SEATS = ("E", "S", "W", "N")
SUITS = "SHCD"
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
DIRECTIVES = tuple((kw, chinese(spellings.DIRECTIVES.items(), kw)) for kw in KEYWORDS
                   if kw not in ("match", "seat"))  # each with its Chinese keyword from the reader's table
FIELDS = (("dealer=", M("dealer=")), ("partner=", M("partner=")),
          *((f"{s}=", form("{seat:seat}=", seat=s)) for s in SEATS), ("hand=", M("hand=")))
QUICK_POINTS = (0, 5, 10, 20, 30, 40, 50, 60, 80, 100)
# the declared hands and the results by their Chinese names, the terms of both languages (§6, §8)
HANDS = tuple((word, chinese(spellings.REWARDS.items(), word)) for word in ("sky", "xi8", "xi7"))
CLAIMS = tuple((word, chinese(spellings.CLAIMS.items(), word))
               for word in ("plain", "bang", "qing", "guangtou"))


def groups() -> tuple[PadGroup, ...]:
    cards = [row("cards", suit, form("{x:suit}", x=suit), ((form("{c:card}", c=Card(card_code(suit, r))),
                                                            card_code(suit, r)) for r in RANKS), 2)
             for suit in SUITS]
    return (row("directive", "directive", M("directive"), ((label, kw) for kw, label in DIRECTIVES)),
            row("seat", "seat", M("seat"), seats(SEATS)),
            row("word", "fields", M("fields"), ((label, text) for text, label in FIELDS)),
            row("number", "points", M("points"), plain(str(q) for q in QUICK_POINTS)),
            row("word", "hands", M("declared hand"), ((label, text) for text, label in HANDS)),
            row("word", "ranks", M("rank"), plain(RANKS)),
            row("word", "claims", M("claim"), ((label, text) for text, label in CLAIMS)),
            *cards,
            row("cards", "jokers", M("jokers"), ((form("{c:card}", c=Card(j)), j) for j in ("SJ", "BJ")), 2))
