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
    def seat_words(self) -> tuple[str, ...]:
        """The seat letters and the Chinese seat words the reader takes (东 南 西 北)."""
        from referee.games.jinhua_mahjong.notation import SEAT_NAMES
        from referee.games.kit.notation import seat_words

        return seat_words(self.seats, SEAT_NAMES)


GAME = JinhuaMahjong()

if TYPE_CHECKING:  # the type checker holds the game, and each module the adapter hands over to, to the interface
    from referee.games.api import GameOf
    from referee.games.jinhua_mahjong import engine, events, expect, notation, ruleset, views
    from referee.games.kit import adapter as kit

    _CHECKED: GameOf[Event, Rules, MatchResult] = GAME  # each value held to this game's own types
    _NOTATION: kit.Notation[Event] = notation
    _EVENTS: kit.Events[Event] = events
    _RULESETS: kit.Rulesets[Rules] = ruleset
    _ENGINE: kit.Engine[Event, Rules, MatchResult] = engine
    _EXPECT: kit.Expect[MatchResult] = expect
    _VIEWS: kit.Views[Rules, MatchResult] = views
    _EXPLAINS: kit.Explains = views
    _SUMMARIES: kit.Summaries[MatchResult] = views
