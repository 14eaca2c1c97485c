"""A stored match's lines read by the game its header names: the store keeps text, each game reads its own.

The store holds every match as canonical lines (one directive an entry) and knows no game: the header line
(the match's first, ``match id=… game=doudizhu``; no ``game=`` is Gunzi's) names the game whose reader turns
the corrected view into events, and whose writer turns a new match's events into lines. A header naming a game
this version does not know is an error on that line, like any line a reader refuses, never an exception.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.core.records import RecordError
from referee.games import registry

if TYPE_CHECKING:
    from referee.games.api import Game, Header


def game_of_view(view: Mapping[int, str]) -> Game:
    """The game of a corrected view (place → line): the one its first line names, Gunzi without one."""
    first = next(iter(view.values()), "")
    return registry.game(registry.game_of_text(first)[0])


def events_of(view: Mapping[int, str]) -> tuple[list[Any], list[RecordError]]:
    """The events of a corrected view, each with ``line`` = its place, and an error for every line the game's
    reader refused (the header's own line when it names no game this version knows)."""
    try:
        game = game_of_view(view)
    except registry.UnknownGame as e:
        return [], [RecordError(next(iter(view)), e.msg)]
    reading = game.read_lines(view.items())
    return reading.events, reading.errors


def header_of_line(text: str, line: int = 0) -> Header | None:
    """The match header *text* is (any game's), or None when it is not one or cannot be read."""
    try:
        game = registry.game(registry.game_of_text(text)[0])
    except registry.UnknownGame:
        return None
    reading = game.read_lines([(line, text)])
    if reading.errors:
        return None
    return game.header(reading.events)


def game_of_events(events: Sequence[Any]) -> Game | None:
    """The game whose header *events* begin with (None without a header of any game). A game's header is an
    instance of its own events module's class, so a game whose events module this process never imported holds
    no event here: it is passed over unloaded (a Gunzi directive no longer imports the other three engines)."""
    if not events:
        return None
    kind = type(events[0])
    known = _HEADER_GAMES.get(kind)
    if known is not None and known[1] == registry.GAMES:  # found while the same games were registered
        return registry.game(known[0])
    if _NOT_HEADERS.get(kind) == registry.GAMES:  # no game's header while the same games are registered
        return None
    for key in registry.keys():
        if not _events_imported(key):
            continue
        game = registry.game(key)
        if game.header(events[:1]) is not None:
            if registry.GAMES[key].startswith("referee.games."):  # a game of this package: its header, its class's
                _HEADER_GAMES[kind] = (key, dict(registry.GAMES))
            return game
    if kind.__module__.startswith("referee.games."):  # a directive of this package's games: no header of any
        _NOT_HEADERS[kind] = dict(registry.GAMES)
    return None


# The game a header's class is a header of, for the games of this package (each reads its header by its type), with
# the games registered when that was found:
# a match's game found from its first event by one lookup, not by asking every game (it is asked a few times an entry).
_HEADER_GAMES: dict[type, tuple[str, dict[str, str]]] = {}
# A class of this package's events that is no game's header, with the games registered when that was found (a game
# registered since may read it as its header; a game's events module imported since has its own header class).
_NOT_HEADERS: dict[type, dict[str, str]] = {}


def _events_imported(key: str) -> bool:
    """Whether game *key* may hold a header among events made so far: a game of this package (``referee.games.X``,
    its header the class of ``referee.games.X.events``) only once that module was imported; any other (a game a
    test registers) always."""
    module = registry.GAMES[key]
    if not module.startswith("referee.games.") or not module.endswith(".game"):
        return True
    return module[:-len(".game")] + ".events" in sys.modules


def header_of_events(events: Sequence[Any]) -> Header | None:
    """The header *events* begin with, of whichever game."""
    game = game_of_events(events)
    return game.header(events[:1]) if game is not None else None


def rules_of(header: Header) -> str:
    """The rule set *header* names, else its game's default: what the store's index lists."""
    game = game_of_events([header])
    return header.rules or (game.default_rules if game is not None else "")


def lines_of(game: Game, events: Sequence[Any]) -> list[str]:
    """The canonical line of each event: what the store keeps of a new match."""
    return [game.format_event(ev) for ev in events]
