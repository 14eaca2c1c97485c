"""Tap-first entry (issue 19 item 10; issue 30: every game): the entry page's pad, built from the match's game
(``Game.pad``: its keys, each a label and the text it types) and the forms it expects next (``Game.expected``:
``declare SEAT CARD… [as SUIT]`` → a seat, cards, an optional suit), never from a list of its own.

Two ways to tap, both composing the text the typed field takes and sending it through the same form and write
path (``referee.web.pages.entry_page``), so nothing is checked or worded here that the reader and the engine do
not check and word:

- the composer (``_pad.html``): an expected form whose every part the pad's rows offer (seats, cards, suits,
  a number) opens it; it composes the whole directive (``declare E BJ``, ``kitty 4C 6D …``, ``points 35``);
- the keys (``_keys.html``): every row of the game's pad, each key typing its word into the field (``out``
  ``2``: ``out 2``), for every directive of every game.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from referee.core.i18n import Msg, literal
from referee.web.words import WORDS

if TYPE_CHECKING:
    from referee.games.api import Game, PadGroup

# The words of a usage form and the part of the pad each asks for.
SEAT_WORDS = {"SEAT", "E|S|W|N"}
SUIT_WORDS = {"SUIT"}
NUMBER_WORDS = {"N"}
TEXT_WORDS = {"TEXT", "NAME", "KEY=VALUE…", "winner=EW|NS", "EW|NS"}
COMPOSED = {"seat", "cards", "suit", "number", "word"}  # the parts the composer fills


def keyword_of(form: str) -> str:
    """The directive a form is of: its first word."""
    return form.split()[0] if form.split() else ""


def parts(form: str) -> list[dict[str, Any]]:
    """What the usage *form* (``declare SEAT CARD… [as SUIT]``) asks for after its keyword, in order: ``seat``,
    ``cards`` (``n`` when a fixed count, ``list`` "main" or "take"), ``suit`` (``optional`` after ``as``),
    ``number``, ``text``; a literal word (``take``, ``as``) is in ``word``."""
    words = form.split()[1:]
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
                many = "…" in word or word.rstrip("…").endswith("S")  # CARD…, CARDS: any number
                out.append({"kind": "cards", "n": count if count is not None else (None if many else 1),
                            "list": target})
        elif word in TEXT_WORDS or "=" in word:
            out.append({"kind": "text"})
        elif "|" in word:
            out.append({"kind": "side", "choices": word.split("|")})
        else:
            out.append({"kind": "text"})
    return out


def tappable(form: str, kinds: frozenset[str] = frozenset(COMPOSED)) -> bool:
    """Whether the composer writes *form* whole: no free text to type, and each part one of *kinds* (the rows
    the game's pad has)."""
    asked = parts(form)
    return (sum(p["kind"] == "seat" for p in asked) <= 1  # one seat key chosen: SEAT SEAT SEAT SEAT is typed
            and all(p["kind"] in COMPOSED and (p["kind"] == "word" or p["kind"] in kinds) for p in asked))


def _kinds(groups: tuple[PadGroup, ...]) -> frozenset[str]:
    return frozenset(g.kind for g in groups)


def pad_context(game: Game, lang: str, names: dict[str, str], giver: str | None) -> dict[str, Any]:
    """The composer's rows from the game's pad: the seats (with the players' names), the cards row by row (each
    with the name the page shows and the code the directive is typed with), the suits, the quick numbers, and
    how many copies of a card a directive may hold."""
    groups = game.pad()
    cards = [g for g in groups if g.kind == "cards"]
    return {
        "seats": [{"code": k.text, "label": k.label.text(lang), "name": names.get(k.text, "")}
                  for g in groups if g.kind == "seat" for k in g.keys],
        "suits": [{"code": g.name, "title": g.title.text(lang),
                   "cards": [{"code": k.text, "label": k.label.text(lang)} for k in g.keys]} for g in cards],
        "suit_keys": [{"code": k.text, "label": k.label.text(lang)} for g in groups if g.kind == "suit"
                      for k in g.keys],
        "quick": [k.text for g in groups if g.kind == "number" for k in g.keys],
        "copies": max((g.most for g in cards), default=1),
        "giver": giver or ""}


def controls_json(game: Game, forms: tuple[str, ...]) -> dict[str, str]:
    """Each expected form the composer writes whole, by its keyword: its parts, as the pad's script reads them
    (``data-parts``)."""
    kinds = _kinds(game.pad())
    return {keyword_of(f): json.dumps(parts(f)) for f in forms if parts(f) and tappable(f, kinds)}


def keys_context(game: Game, lang: str) -> list[dict[str, Any]]:
    """Every row of the game's pad as the keys show them (``_keys.html``): each key's label and the text it
    types; a directive's keyword with its Chinese beside it on a Chinese page, as the directive buttons."""
    rows = []
    for i, g in enumerate(game.pad()):
        keys = [{"text": k.text, "label": directive_label(k.text, k.label, lang) if g.kind == "directive"
                 else k.label.text(lang)} for k in g.keys]
        rows.append({"id": f"{i}", "kind": g.kind, "name": g.name, "title": g.title.text(lang), "buttons": keys})
    return rows


def directive_row(game: Game) -> dict[str, Msg]:
    """The game's directive keys by the text each types (``kitty``, ``last def``): their labels (the Chinese a
    Chinese reader reads beside the keyword)."""
    return {k.text: k.label for g in game.pad() if g.kind == "directive" for k in g.keys}


def directive_label(keyword: str, chinese: Msg, lang: str) -> str:
    """A directive button's words: its keyword, with the Chinese keyword beside it in Chinese."""
    return WORDS["directive_button"].bind(keyword=literal(keyword), chinese=chinese).text(lang)
