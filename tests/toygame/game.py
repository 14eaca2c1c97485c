"""The toy game behind the interface: only what differs from the kit's Adapter."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.core.i18n import M, Msg
from referee.core.rulesfile import Rules
from referee.games.kit.adapter import Adapter
from toygame.engine import DealResult, MatchResult
from toygame.events import SEATS, Deal, Event, Header, Seat


class Toy(Adapter[Event, Rules, MatchResult]):
    key = "toy"
    title: Msg = M("Toy game", zh="玩具游戏")
    default_rules = "toy"
    seats = SEATS
    deal_opening = Deal
    setup_events = (Header, Seat)
    summary_module = "views"
    summary_type = "ToySummary"
    time_section = "§3"

    def settled(self, result: MatchResult) -> Iterable[tuple[int, DealResult]]:
        return ((d.deal, d) for d in result.deals if d.settled)


GAME = Toy()

if TYPE_CHECKING:
    from referee.games.api import GameOf

    _CHECKED: GameOf[Event, Rules, MatchResult] = GAME  # each value held to this game's own types
