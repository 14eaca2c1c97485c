"""What a Gunzi referee records next (``Game.expected``): the engine already works out the keywords that may come
next (``TableState.expected``); this writes each in its form as typed (``kitty CARD×6``, the registry's usage in
``referee.games.gunzi.directives``). Pure: no I/O."""

from __future__ import annotations

from referee.games.gunzi.directives import BY_KEYWORD
from referee.games.gunzi.results import MatchResult


def expected(result: MatchResult) -> tuple[str, ...]:
    """The forms of the directives the engine expects next (none once the match is over)."""
    return tuple(BY_KEYWORD[k].usage for k in result.state.expected)
