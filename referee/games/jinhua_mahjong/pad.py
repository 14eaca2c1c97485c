"""Jinhua mahjong's keys on the phone's tap pad (``Game.pad``): its directives
(docs/jinhua-mahjong-record-format.md), the four seats, how a win was made (§5.2 自摸 ``self``, §5.1 on a
discard ``from``), the patterns (番型) a win claims (§6, by code), and the tiles (§2.1: three suits 1-9 and the
seven winds and dragons, four of each). Pure: data only."""

from __future__ import annotations

from referee.core.i18n import M, Msg, literal
from referee.games.api import PadGroup
from referee.games.jinhua_mahjong.notation import KEYWORDS
from referee.games.jinhua_mahjong.patterns import PATTERNS
from referee.games.jinhua_mahjong.tiles import HONOURS, SUITS, parse_tile
from referee.games.jinhua_mahjong.tiles import chinese as tile_name
from referee.games.kit.padkeys import chinese, row, seats

DIRECTIVES = tuple((kw, chinese(KEYWORDS.items(), kw)) for kw in (
    "deal", "caishen", "chi", "pong", "kong", "win", "patterns", "tiles", "liable", "nowin", "warn", "ruling"))
HOW = (("self", M("self-drawn")), ("from", M("from (a discard)")))


SUIT_TITLES = {"m": M("characters (万)"), "p": M("dots (筒)"), "s": M("bamboos (条)")}


def _tile(code: str) -> tuple[Msg, str]:
    """A tile's key: its code and its Chinese name, both as the reader takes them (``3m 三万``)."""
    tile = parse_tile(code)
    assert tile is not None, code
    return literal(f"{code} {tile_name(tile)}"), code


def groups() -> tuple[PadGroup, ...]:
    tiles = [row("cards", suit, SUIT_TITLES[suit], (_tile(f"{n}{suit}") for n in range(1, 10)), 4) for suit in SUITS]
    return (row("directive", "directive", M("directive"), ((label, kw) for kw, label in DIRECTIVES)),
            row("seat", "seat", M("seat"), seats(("E", "S", "W", "N"))),
            row("word", "how", M("how"), ((label, text) for text, label in HOW)),
            row("word", "patterns", M("patterns"), ((literal(p.zh), p.code) for p in PATTERNS)),
            *tiles, row("cards", "honours", M("winds and dragons"), (_tile(h) for h in HONOURS), 4))
