"""A stored match's events replayed under the rule set its header names: what the store's checks, its
summaries and every use case above it replay with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.i18n import M, Msg
from referee.games.gunzi.events import Event, MatchHeader
from referee.store.pinning import rules_of_match
from referee.store.store import StoreError

if TYPE_CHECKING:
    from referee.games.gunzi.engine import Replay
    from referee.games.gunzi.results import MatchResult
    from referee.games.gunzi.ruleset import RuleSet


def rules_of(events: list[Event]) -> RuleSet:
    """The rules of a stored Gunzi match: its pinned content, else its named rule set
    (:func:`referee.store.pinning.rules_of_match`, the one answer for every game)."""
    from referee.games.gunzi.game import GAME

    header = next((ev for ev in events if isinstance(ev, MatchHeader)), None)
    rules: RuleSet = rules_of_match(GAME, [header] if header is not None else [])
    return rules


def rules_of_result(result: MatchResult) -> RuleSet:
    """The rules a replayed stored match was settled under (its result keeps its header)."""
    return rules_of([result.header] if result.header is not None else [])


def replay(events: list[Event]) -> MatchResult:
    from referee.games.gunzi import engine

    if events and not isinstance(events[0], MatchHeader):
        _gunzi_only(events)
    return engine.replay(events, rules_of(events))


def fold(events: list[Event]) -> Replay:
    """The engine's state after *events* (a Gunzi match's, its header first) under the rules the header names:
    the state the next directive is checked against by copying and extending it (``engine.Replay.copy``)."""
    from referee.games.gunzi import engine

    state = engine.Replay(rules_of(events))
    state.run(events)
    return state


def _gunzi_only(events: list[Event]) -> None:
    """Refuse, naming the game, a match of another game where only Gunzi's engine can answer (its corrections,
    what-if, disputes and scorecard are Gunzi's so far)."""
    from referee.games.stored import game_of_events

    game = game_of_events(events)
    if game is not None and game.key != "gunzi":
        raise not_gunzi(str(getattr(events[0], "id", "?")), game.title)


class NotGunzi(StoreError):
    """A match of another game where only Gunzi's engine can answer: ``not_gunzi(match_id, game)``."""


def not_gunzi(match_id: str, game: Msg) -> NotGunzi:
    """The refusal of a command that officiates Gunzi's matches only, for a match of *game*."""
    return NotGunzi(M("match {match} is a match of {game}: this command officiates Gunzi's matches only "
                        "(for {game}: record, status, log, replay, explain, export, verify)",
                        match=match_id, game=game))
