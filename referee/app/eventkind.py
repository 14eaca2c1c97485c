"""What kind of event an event is — of pairs (Gunzi's partnerships, two sides of two seats) or of individual players
(Dou Dizhu, Hubei 打滚, mahjong: each seat a side) — decided here and nowhere else above the tournament layer.

The kind is a value (``PAIRS``, ``PLAYERS``): every kind-dependent table is indexed by it — the command line's
handlers (``cli/commands/event._for``), the web page's loaders (``web/data``), the removal and withdrawal rules
(``app.entrants.ENTRANTS``). The command line and the web ask
``kind_of`` once per request and index by the answer; ``tests/test_event_model.py`` refuses a check of the kind
anywhere else in the views, use-case, command-line and web layers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.core.errors import UsageError
from referee.core.i18n import M
from referee.games import registry

if TYPE_CHECKING:
    from referee.games.api import Game
    from referee.store.api import MatchStore
    from referee.tournament.state import EventState


@dataclass(frozen=True)
class EventKind:
    """What differs between an event of pairs and one of individual players, as data."""

    key: str  # "pairs" | "players"
    individual: bool  # each seat is a side (a player for themself), else two pairs of two seats


PAIRS = EventKind(key="pairs", individual=False)
PLAYERS = EventKind(key="players", individual=True)
KINDS = (PAIRS, PLAYERS)


def is_players_game(game: Game) -> bool:
    """A game whose events are of individual players: its sides are its seats (a game of partnerships, as Gunzi's,
    has events of pairs)."""
    return game.sides == game.seats


def kind_of_game(game: Game | None) -> EventKind:
    """The kind of event a new event at *game* is (None: the default game's, pairs)."""
    return PLAYERS if game is not None and is_players_game(game) else PAIRS


def players_games() -> list[str]:
    """The keys of the games whose events are of individual players, in the registry's order."""
    return [k for k in registry.keys() if is_players_game(registry.game(k))]


def kind_of_state(state: EventState) -> EventKind:
    """The kind of the event whose state is *state* (its game's: ``Settings.individual``)."""
    return PLAYERS if state.settings.individual else PAIRS


def kind_of(store: MatchStore, event_id: str) -> EventKind:
    """The kind of event *event_id*; an event not in the store is taken as one of pairs, so that the command asked
    for names it as missing in its own words."""
    from referee.results.eventstate import event_state
    from referee.store.eventlog import UnknownEvent

    try:
        return kind_of_state(event_state(store.event_log(event_id)))
    except UnknownEvent:
        return PAIRS


def pairs_only(store: MatchStore, event_id: str, command: str) -> None:
    """Refuse *command*, one of a pair event's (a result by hand, prizes, publishing, an entry's edit or removal,
    taking a round back), on an event of individual players: one line naming the command and the event."""
    if kind_of(store, event_id).individual:
        raise UsageError(M("referee event {command}: event {event} is an event of individual players, and this "
                           "command is for events of pairs only",
                           command=command, event=event_id))


def individual_only(state: EventState) -> None:
    if not kind_of_state(state).individual:
        raise UsageError(M("event {event} is an event of pairs: enter a pair (referee event add {event} PAIR PLAYER1 "
                           "PLAYER2)", event=state.settings.id))
