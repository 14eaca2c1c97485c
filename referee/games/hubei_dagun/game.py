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
    seat_spellings = "spellings.SEATS"  # the seat words the reader takes (东 南 西 北)


GAME = HubeiDagun()

if TYPE_CHECKING:  # the type checker holds 打滚, and each module the adapter hands over to, to the interface
    from referee.games.hubei_dagun import engine, events, expect, notation, ruleset, summary, views
    from referee.games.kit import adapter as kit

    _CHECKED = kit.Checked[Event, DagunRules, MatchResult](  # each module held to this game's own types
        GAME, notation=notation, events=events, rulesets=ruleset, expect=expect, summaries=summary, engine=engine,
        views=views, explains=views)
