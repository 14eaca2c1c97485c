"""Hubei 打滚 behind the game interface (``referee.games.api.Game``): the registry's ``hubei-dagun``.

What it shares with every game is :class:`referee.games.kit.adapter.Adapter`'s; this states what differs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.games.hubei_dagun.engine import DealResult, MatchResult
from referee.games.hubei_dagun.events import Deal, Event, Header, Seat
from referee.games.hubei_dagun.ruleset import DEFAULT_RULES, DagunRules
from referee.games.kit.adapter import Adapter


class HubeiDagun(Adapter[Event, DagunRules, MatchResult]):
    key = "hubei-dagun"
    title: Msg = M("Hubei 打滚")
    default_rules = DEFAULT_RULES
    deal_opening = Deal
    setup_events = (Header, Seat)

    def pending(self, result: MatchResult) -> list[RecordError]:
        from referee.games.hubei_dagun.engine import pending

        return pending(result)

    def settled(self, result: MatchResult) -> Iterable[tuple[int, DealResult]]:
        return ((d.number, d) for d in result.deals)

    # --- store: replays kept and extended, the summary cache's rows, the clock and the time rule ---
    summary_type = "DagunSummary"
    time_section = "§11"

    # --- seamapp: recording and guided entry of every game
    def seat_words(self) -> tuple[str, ...]:
        """The seat letters and the Chinese seat words the reader takes (东 南 西 北)."""
        from referee.games.hubei_dagun.spellings import SEATS
        from referee.games.kit.notation import seat_words

        return seat_words(self.seats, SEATS)


GAME = HubeiDagun()

if TYPE_CHECKING:  # the type checker holds 打滚, and each module the adapter hands over to, to the interface
    from referee.games.api import GameOf
    from referee.games.hubei_dagun import engine, events, expect, notation, ruleset, summary, views
    from referee.games.kit import adapter as kit

    _CHECKED: GameOf[Event, DagunRules, MatchResult] = GAME  # each value held to this game's own types
    _NOTATION: kit.Notation[Event] = notation
    _EVENTS: kit.Events[Event] = events
    _RULESETS: kit.Rulesets[DagunRules] = ruleset
    _ENGINE: kit.Engine[Event, DagunRules, MatchResult] = engine
    _EXPECT: kit.Expect[MatchResult] = expect
    _VIEWS: kit.Views[DagunRules, MatchResult] = views
    _EXPLAINS: kit.Explains = views
    _SUMMARIES: kit.Summaries[MatchResult] = summary
