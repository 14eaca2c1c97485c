"""How a match stopped early is decided (gunzi-rules.md §7.3.5): for the side ahead in games, else the side higher in
level in the game in play; when they are level, no side. Pure: a forced close of an event's round
(``event close --force``) records, for that side, as many rulings as end the match (each ruling ends a game, §8)."""

from __future__ import annotations

from referee.games.api import ForcedEnd
from referee.games.gunzi.events import Ruling
from referee.games.gunzi.notation import format_event
from referee.games.gunzi.results import MatchResult
from referee.games.gunzi.ruleset import RuleSet

SIDES = ("EW", "NS")


def leader(result: MatchResult) -> str | None:
    """The side §7.3.5 favours: ahead in games, else higher in level in the game in play; None when level."""
    ew, ns = result.games_won.get("EW", 0), result.games_won.get("NS", 0)
    if ew != ns:
        return "EW" if ew > ns else "NS"
    lew, lns = result.state.levels.get("EW", 0), result.state.levels.get("NS", 0)
    if lew != lns:
        return "EW" if lew > lns else "NS"
    return None


def forced_end(result: MatchResult, rules: RuleSet, reason: str) -> ForcedEnd:
    """The rulings that end *result* for the side §7.3.5 favours: one a game it still needs (at least one)."""
    side = leader(result)
    standing = tuple(result.games_won.get(s, 0) for s in SIDES)
    if side is None:
        return ForcedEnd(None, (), standing)
    needed = max(rules.games_to_win - result.games_won.get(side, 0), 1)
    return ForcedEnd(side, (format_event(Ruling(side, reason)),) * needed, standing)
