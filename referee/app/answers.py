"""A referee's answer at the table, read one way for the guided prompt (``referee record ID``) and the
web's entry field (``/referee/matches/ID``): the same answers accepted, the same refusals.

A directive is read as the record format reads it, its keyword in either language. A short answer
fills the one expected directive it can mean, as the match's game says (``Game.short_answer``: at Gunzi a
number fills ``points``, def/decl (or 抠底/保底 …) fills ``last``, and cards fill the one expected directive
that takes bare cards). An answer that names nothing is refused with what is expected now (and the nearest
prompt command, when one is near).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.app.promptwords import PROMPT_COMMANDS
from referee.core.errors import UsageError
from referee.core.i18n import M

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.core.i18n import Msg
    from referee.games.api import AnyEvent, Game, Reading


class Unread(UsageError):
    """An answer that cannot be read; its message says why and what is expected."""


def command_of(answer: str) -> str | None:
    """The prompt command an answer begins with (``undo``, ``amend``, ``void``, ``status``, ``help``,
    ``quit``), in either language; None for a directive or a short answer."""
    words = answer.split()
    if not words:
        return None
    return PROMPT_COMMANDS.get(words[0]) or PROMPT_COMMANDS.get(words[0].lower())


def interpret(answer: str, state: Any, game: Game | None = None) -> str:
    """Turn a short answer into the directive the expected ones make clear (:meth:`Game.short_answer` of *game*,
    the registry's default game when None); else the answer as typed."""
    from referee.games import registry

    found = game if game is not None else registry.game()
    return found.short_answer(state, answer) or answer.strip()


def read_answer(answer: str, state: Any, game: Game | None = None,
                read: Callable[[str], Reading] | None = None) -> AnyEvent | None:
    """The event an answer holds (None for a blank line or a comment), as *game* reads it (the registry's default
    game when None); :class:`Unread` saying why it cannot be read. A word that names nothing gets the nearest
    prompt command: ``did you mean 'undo'?``. *state*: where the match stands: the game's result of it when *game*
    is given (its :meth:`Game.answer_state` is what a short answer is read against), else the default game's table
    state. *read*: how the directive's text is read (``Game.read_entry`` in the match's place, for a game whose line
    is read in its record's context); else alone."""
    from referee.games import registry

    found = game if game is not None else registry.game()
    table = found.answer_state(state) if game is not None else state
    text = interpret(answer, table, found)
    reading = read(text) if read is not None else found.read_lines([(0, text)])
    if reading.errors:
        problem = not_understood(found, text, _expected(found, table, state))
        raise Unread(problem or M("cannot read '{text}': {problem}", text=text, problem=reading.errors[0].msg))
    return reading.events[0] if reading.events else None


def _expected(game: Game, state: Any, result: Any = None) -> Msg:
    """What is expected now, as the prompt's hint says it: the usages of the keywords an engine's table state
    expects (Gunzi's ``TableState.expected``, each glossed), else the forms the game expects after *result* (or
    *state*), a result of its engine (:meth:`Game.expected`)."""
    from referee.core.i18n import literal
    from referee.views import matchtext as views

    keywords = getattr(state, "expected", None)
    if isinstance(keywords, tuple):
        hint: Msg = views.usages(keywords)
        return hint
    return literal(" | ".join(game.expected(state if result is None else result)))


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
