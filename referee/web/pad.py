"""Tap-first entry (issue 19 item 10): what the entry page's pad offers for each expected directive, read
from the directive registry's forms (``declare SEAT CARD… [as SUIT]`` → a seat, cards, an optional suit),
never from a list of its own.

The pad composes the same directive text the typed field accepts (``declare E BJ``, ``kitty 4C 6D …``,
``points 35``) and sends it through the same form and write path (``referee.web.pages.entry_page``):
nothing is checked or worded here that the reader and the engine do not check and word.
"""

from __future__ import annotations

import json
from typing import Any

from referee.games.gunzi.cards import BIG_JOKER, COPIES, SMALL_JOKER, SUITS, Card, card_name
from referee.games.gunzi.directives import BY_KEYWORD
from referee.games.gunzi.seats import SEATS

# The words of a usage form and the part of the pad each asks for.
SEAT_WORDS = {"SEAT", "E|S|W|N"}
SUIT_WORDS = {"SUIT"}
NUMBER_WORDS = {"N"}
TEXT_WORDS = {"TEXT", "NAME", "KEY=VALUE…", "winner=EW|NS", "EW|NS"}
QUICK_POINTS = (0, 5, 10, 20, 30, 40, 60, 80, 100, 120)  # a hand's defenders' points, tapped at once


def parts(keyword: str) -> list[dict[str, Any]]:
    """What *keyword*'s usage form asks for, in order: ``seat``, ``cards`` (``n`` when a fixed count,
    ``list`` "main" or "take"), ``suit`` (``optional`` after ``as``), ``number``, ``text``; a literal word
    (``take``, ``as``) is in ``word``."""
    words = BY_KEYWORD[keyword].usage.split()[1:]
    out: list[dict[str, Any]] = []
    optional = False
    target = "main"
    for raw in words:
        word = raw
        if word.startswith("["):
            optional, word = True, word[1:]
        word = word.rstrip("]")
        if word in ("as", "take"):
            if word == "take":
                target = "take"
            out.append({"kind": "word", "word": word, "optional": optional})
        elif word in SEAT_WORDS:
            out.append({"kind": "seat"})
        elif word in SUIT_WORDS:
            out.append({"kind": "suit", "optional": optional})
        elif word in NUMBER_WORDS:
            out.append({"kind": "number"})
        elif word.startswith(("CARD", "JOKER")):
            count = int(word.split("×")[1]) if "×" in word else None
            last = out[-1] if out else None
            if last is not None and last["kind"] == "cards" and last["list"] == target and word == "CARD":
                last["n"] = (last["n"] or 1) + 1  # CARD CARD CARD: three
            else:
                out.append({"kind": "cards", "n": count if count is not None else (None if "…" in word else 1),
                            "list": target})
        elif word in TEXT_WORDS or "=" in word:
            out.append({"kind": "text"})
        elif "|" in word:
            out.append({"kind": "side", "choices": word.split("|")})
        else:
            out.append({"kind": "text"})
    return out


def tappable(keyword: str) -> bool:
    """Whether the pad composes *keyword* whole (no free text to type)."""
    return all(p["kind"] not in ("text", "side") for p in parts(keyword))


def pad_context(lang: str, names: dict[str, str], giver: str | None) -> dict[str, Any]:
    """The pad's rows: the four seats (with the players' names), the cards by suit and the jokers (each
    with the name the page shows and the code the directive is typed with), the quick points."""
    seats = [{"code": s, "name": names.get(s, "")} for s in SEATS]
    suits = [{"code": suit, "cards": [{"code": str(Card(rank, suit)), "label": card_name(Card(rank, suit), lang)}
                                      for rank in range(2, 15)]} for suit in SUITS]
    jokers = [{"code": str(c), "label": card_name(c, lang)} for c in (SMALL_JOKER, BIG_JOKER)]
    return {"seats": seats, "suits": suits, "jokers": jokers, "copies": COPIES, "quick": QUICK_POINTS,
            "giver": giver or ""}


def controls_json(keywords: tuple[str, ...]) -> dict[str, str]:
    """Each tappable expected directive's parts, as the pad's script reads them (``data-parts``)."""
    return {k: json.dumps(parts(k)) for k in keywords if tappable(k)}
