"""A referee's answer at the table, read one way for the guided prompt (``referee record ID``) and the
web's entry field (``/referee/matches/ID``): the same answers accepted, the same refusals.

A directive is read as the record format reads it, its keyword in either language. A short answer
fills the one expected directive it can mean, as the registry's ``bare`` says
(``referee.games.gunzi.directives``): a number fills ``points``, def/decl (or 抠底/保底 …) fills
``last``, and cards fill the one expected directive that takes bare cards (``kitty``, ``bury``, or
``tribute`` with the seat that owes it). An answer that names nothing is refused with what is
expected now (and the nearest prompt command, when one is near).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.app.promptwords import PROMPT_COMMANDS
from referee.core.errors import UsageError
from referee.core.i18n import M

if TYPE_CHECKING:
    from referee.core.i18n import Msg
    from referee.games.api import Game
    from referee.games.gunzi.events import Event
    from referee.games.gunzi.results import TableState



class Unread(UsageError):
    """An answer that cannot be read; its message says why and what is expected."""


def command_of(answer: str) -> str | None:
    """The prompt command an answer begins with (``undo``, ``amend``, ``void``, ``status``, ``help``,
    ``quit``), in either language; None for a directive or a short answer."""
    words = answer.split()
    if not words:
        return None
    return PROMPT_COMMANDS.get(words[0]) or PROMPT_COMMANDS.get(words[0].lower())


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


def interpret(answer: str, state: TableState) -> str:
    """Turn a short answer into the directive the expected ones make clear; else the answer as typed."""
    from referee.games.gunzi.directives import BY_KEYWORD, lookup

    text = answer.strip()
    words = text.split()
    if not words or lookup(words[0]):
        return text
    expected = [BY_KEYWORD[k] for k in state.expected]
    fits = [d for d in expected if d.bare and _bare(d.bare, words)]
    if len(fits) != 1:
        return text
    d = fits[0]
    if "seat" in d.event._fields:  # a tribute: paid by the seat that owes the blood
        if state.blood_giver is None:
            return text
        return f"{d.keyword} {state.blood_giver} {text}"
    return f"{d.keyword} {text}"


def read_answer(answer: str, state: TableState) -> Event | None:
    """The event an answer holds (None for a blank line or a comment); :class:`Unread` saying why it
    cannot be read. A word that names nothing gets the nearest prompt command: ``did you mean 'undo'?``."""
    from referee.games.gunzi.notation import NotationError, parse_line
    from referee.games.registry import game
    from referee.views import matchtext as views

    text = interpret(answer, state)
    try:
        return parse_line(text)
    except NotationError as e:
        problem = not_understood(game("gunzi"), text, views.usages(state.expected))
        raise Unread(problem or M("cannot read '{text}': {problem}", text=text, problem=e.msg)) from None


def not_understood(game: Game, text: str, expected: Msg) -> Msg | None:
    """What the prompt says of an answer of *game*'s match whose first word names no directive and no prompt
    command: the nearest one (``'bdi 1 2' is not understood: did you mean 'bid'?``) and the usage hint of what is
    *expected*; None when the first word names a directive (its reader says what is wrong with the line)."""
    words = text.split()
    first = words[0] if words else ""
    if not first or game.usage(first) is not None:
        return None
    near = game.suggest(first, [w for w in PROMPT_COMMANDS if w.isascii() and len(w) > 1])
    if near is not None:
        return M("'{text}' is not understood: did you mean '{near}'? (expected: {expected})",
                 text=text, near=near, expected=expected)
    return M("'{text}' is not understood (expected: {expected})", text=text, expected=expected)
