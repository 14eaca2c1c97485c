"""A stored match's events replayed under the rule set its header names, by the game the header names: what the
store's checks, its summaries and every use case above it replay with. Every game goes through its interface
(``referee.games.api.Game``: ``replay``, ``replayer``); nothing here names one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.store.pinning import rules_of_match

if TYPE_CHECKING:
    from referee.games.api import Game, Replayer


def game_of(events: Sequence[Any]) -> Game:
    """The game whose header *events* begin with; the registry's default game (a record without ``game=``) when
    they begin with none, whose engine then says that the record must start with its header."""
    from referee.games import registry
    from referee.games.stored import game_of_events

    found = game_of_events(events)
    return found if found is not None else registry.game(None)


def rules_of(events: Sequence[Any]) -> Any:
    """The rules of a stored match: its pinned content, else its named rule set
    (:func:`referee.store.pinning.rules_of_match`, the one answer for every game)."""
    return rules_of_match(game_of(events), events)


def rules_of_result(result: Any) -> Any:
    """The rules a replayed stored match was settled under (its result keeps its header)."""
    header = getattr(result, "header", None)
    return rules_of([header] if header is not None else [])


def replay(events: Sequence[Any]) -> Any:
    """The result of the stored match *events* by its game's engine, under its rules."""
    return game_of(events).replay(list(events), rules_of(events))


def fold(events: Sequence[Any]) -> Replayer:
    """The engine's state after *events* (a match's, its header first) under the rules the header names: the
    state the next directive is checked against by copying and extending it (:meth:`Game.replayer`)."""
    return game_of(events).replayer(list(events), rules_of(events))
