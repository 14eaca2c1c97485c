"""Jinhua mahjong behind the game interface (``referee.games.api.Game``): the registry's ``jinhua-mahjong``.

What it shares with every game is :class:`referee.games.kit.adapter.Adapter`'s; this states what differs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.core.i18n import M, Msg
from referee.core.rulesfile import Rules
from referee.games.jinhua_mahjong.engine import DealResult, MatchResult
from referee.games.jinhua_mahjong.events import Deal, Event, Header, Seat
from referee.games.jinhua_mahjong.ruleset import DEFAULT_RULES
from referee.games.kit.adapter import Adapter


class JinhuaMahjong(Adapter[Event, Rules, MatchResult]):
    key = "jinhua-mahjong"
    title: Msg = M("Jinhua mahjong")
    default_rules = DEFAULT_RULES
    deal_opening = Deal
    setup_events = (Header, Seat)
    summary_module = "views"

    def settled(self, result: MatchResult) -> Iterable[tuple[int, DealResult]]:
        """A deal a win or nowin settled; an unfinished deal is no problem (no ``pending``)."""
        return ((d.deal, d) for d in result.deals if d.settled)

    # --- store: replays kept and extended, the summary cache's rows, the clock and the time rule ---
    summary_type = "MahjongSummary"
    time_section = "§11"

    # --- seamapp: recording and guided entry of every game
    seat_spellings = "notation.SEAT_NAMES"  # the seat words the reader takes (东 南 西 北)


GAME = JinhuaMahjong()

if TYPE_CHECKING:  # the type checker holds the game, and each module the adapter hands over to, to the interface
    from referee.games.jinhua_mahjong import engine, events, expect, notation, ruleset, views
    from referee.games.kit import adapter as kit

    _CHECKED = kit.Checked[Event, Rules, MatchResult](  # each module held to this game's own types
        GAME, notation=notation, events=events, rulesets=ruleset, expect=expect, summaries=views, engine=engine,
        views=views, explains=views)
