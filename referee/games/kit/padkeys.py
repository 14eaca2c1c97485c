"""Building a game's tap-pad rows (``Game.pad``): the helpers every game's ``pad`` module shares."""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.i18n import Msg, form, literal
from referee.games.api import PadGroup, PadKey


def row(kind: str, name: str, title: Msg, keys: Iterable[tuple[Msg, str]], most: int = 1) -> PadGroup:
    """A row of keys, each (label, text typed)."""
    return PadGroup(kind, name, title, tuple(PadKey(label, text) for label, text in keys), most)


def plain(words: Iterable[str]) -> tuple[tuple[Msg, str], ...]:
    """Keys that show the word they type (a number, a card's or tile's code)."""
    return tuple((literal(w), w) for w in words)


def seats(seat_words: Iterable[str]) -> tuple[tuple[Msg, str], ...]:
    """The seats as the catalogue words them (东 E, 南 S …; a numbered seat as its number)."""
    return tuple((form("{seat:seat}", seat=s), s) for s in seat_words)


def chinese(spellings: Iterable[tuple[str, str]], word: str) -> Msg:
    """The first Chinese spelling the game's reader takes for *word* (``("出完", "out")`` → 出完), as a label: a
    directive key's Chinese keyword (``PadGroup``), read from the notation's own table, never a list of its own."""
    found = next((s for s, w in spellings if w == word and any(ord(ch) >= 0x3400 for ch in s)), word)
    return literal(found)
