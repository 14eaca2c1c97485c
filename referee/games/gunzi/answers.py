"""Gunzi's short answers at the guided prompt (``Game.short_answer``): an answer that fills the one expected
directive it can mean, as the directive registry's ``bare`` says (``referee.games.gunzi.directives``): a number
fills ``points``, def/decl (or 抠底/保底 …) fills ``last``, and cards fill the one expected directive that takes
bare cards (``kitty``, ``bury``, or ``tribute`` with the seat that owes it). Pure: text in, text out."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.games.gunzi.results import TableState


def _is_cards(words: list[str]) -> bool:
    from referee.games.gunzi.cards import CardError, parse_card

    try:
        for w in words:
            parse_card(w)
    except CardError:
        return False
    return bool(words)


def _bare(kind: str, words: list[str]) -> bool:
    """Whether *words* are a bare answer of the *kind* a directive takes (``Directive.bare``)."""
    from referee.games.gunzi.directives import SIDES

    if kind == "number":
        return len(words) == 1 and words[0].isdigit()
    if kind == "side":
        return len(words) == 1 and words[0].lower() in SIDES
    return kind == "cards" and _is_cards(words)


def short_answer(state: TableState, answer: str) -> str | None:
    """The directive a short answer makes clear where the match stands; None when it is a directive already, or
    fits no expected directive, or more than one."""
    from referee.games.gunzi.directives import BY_KEYWORD, lookup

    text = answer.strip()
    words = text.split()
    if not words or lookup(words[0]):
        return None
    expected = [BY_KEYWORD[k] for k in state.expected]
    fits = [d for d in expected if d.bare and _bare(d.bare, words)]
    if len(fits) != 1:
        return None
    d = fits[0]
    if "seat" in d.event._fields:  # a tribute: paid by the seat that owes the blood
        if state.blood_giver is None:
            return None
        return f"{d.keyword} {state.blood_giver} {text}"
    return f"{d.keyword} {text}"
