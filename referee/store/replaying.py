"""A stored match's events replayed under the rule set its header names: what the store's checks, its
summaries and every use case above it replay with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.i18n import M
from referee.games.gunzi.events import Event, MatchHeader
from referee.store.store import StoreError

if TYPE_CHECKING:
    from referee.games.gunzi.results import MatchResult
    from referee.games.gunzi.ruleset import RuleSet


def rules_of(events: list[Event]) -> RuleSet:
    from referee.games.gunzi import ruleset

    name = next((ev.rules for ev in events if isinstance(ev, MatchHeader)), None) or ruleset.DEFAULT_RULES
    try:
        return ruleset.load(name)
    except ruleset.RulesError as e:
        raise StoreError(M("the match's rule set cannot be used: {problem}",
                           problem=e.msg)) from None


def replay(events: list[Event]) -> MatchResult:
    from referee.games.gunzi import engine

    return engine.replay(events, rules_of(events))
