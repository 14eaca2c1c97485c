"""A stored match's events replayed under the rule set its header names, by the game the header names: what the
store's checks, its summaries and every use case above it replay with. Every game goes through its interface
(``referee.games.api.Game``: ``replay``, ``replayer``); nothing here names one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.core.i18n import M, Msg
from referee.store.pinning import rules_of_match
from referee.store.store import StoreError

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


# --- deprecated: for callers outside the store that still send one game down its own path (the merger removes
# them once none imports them). The store itself never refuses a match for its game.

def _gunzi_only(events: Sequence[Any]) -> None:
    """DEPRECATED. Refuse, naming the game, a match of another game than the registry's default where a caller
    can only answer for that one."""
    from referee.games import registry
    from referee.games.stored import game_of_events

    game = game_of_events(events)
    if game is not None and game.key != registry.DEFAULT:
        raise not_gunzi(str(getattr(events[0], "id", "?")), game.title)


class NotGunzi(StoreError):
    """DEPRECATED. A match of another game where a caller answers for the default game only."""


def not_gunzi(match_id: str, game: Msg) -> NotGunzi:
    """DEPRECATED. The refusal of a command that officiates Gunzi's matches only, for a match of *game*."""
    return NotGunzi(M("match {match} is a match of {game}: this command officiates Gunzi's matches only "
                        "(for {game}: record, status, log, replay, explain, export, verify)",
                        match=match_id, game=game))
