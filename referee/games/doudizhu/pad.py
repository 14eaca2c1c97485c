"""Dou Dizhu's keys on the phone's tap pad (``Game.pad``): its directives (docs/doudizhu-record-format.md), the
three seats (§1), the bids (§3.1 points 1-3 or pass; §3.2 call, rob), and the cards by rank, suits left out as
the record allows (§2: one deck, four of a rank, one of each joker). Pure: data only."""

from __future__ import annotations

from referee.core.i18n import M, literal
from referee.games.api import PadGroup
from referee.games.doudizhu.cards import BIG_JOKER, SMALL_JOKER, TWO, rank_name
from referee.games.doudizhu.notation import WORDS
from referee.games.kit.padkeys import chinese, plain, row, seats

# each directive but the header and the seats, with its Chinese keyword from the reader's own table
DIRECTIVES = tuple((kw, chinese(((w, k) for k, ws in WORDS.items() for w in ws), kw))
                   for kw in WORDS if kw not in ("match", "seat"))
BIDS = (("1", literal("1")), ("2", literal("2")), ("3", literal("3")), ("pass", M("pass")),
        ("call", M("call")), ("rob", M("rob")))


def groups() -> tuple[PadGroup, ...]:
    return (row("directive", "directive", M("directive"), ((label, kw) for kw, label in DIRECTIVES)),
            row("seat", "seat", M("seat"), seats(("1", "2", "3"))),
            row("word", "bid", M("bid"), ((label, word) for word, label in BIDS)),
            row("cards", "ranks", M("cards"), plain(rank_name(r) for r in range(3, TWO + 1)), 4),
            row("cards", "jokers", M("jokers"), ((M("small joker"), rank_name(SMALL_JOKER)),
                                                          (M("big joker"), rank_name(BIG_JOKER)))))
