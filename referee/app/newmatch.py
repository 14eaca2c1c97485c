"""A new match of any game: its header and seat lines written as a record is, and read by the game's own reader.

``referee new --game``, and an individual event's round, start a match this way: the game's reader checks the id,
every name and the rule set's name exactly as it checks a record someone brings, so a match the store holds always
reads back as it was written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.core.errors import UsageError
from referee.core.i18n import M
from referee.games.kit.notation import quote
from referee.views.matchtext import semicolons

if TYPE_CHECKING:
    from referee.games.api import Game


def match_events(game: Game, match_id: str, rules: str | None, players: Sequence[str],
                 fields: Sequence[tuple[str, str | None]] = (), teams: Sequence[str] = ()) -> list[Any]:
    """The events a new match of *game* begins with: its header (``game=``, ``rules=`` and *fields* where given),
    the names of its sides (*teams*: a game of partnerships) and a seat line for each of *players* in the game's
    seat order (``Game.setup_lines``); a usage error naming what cannot be used. A match of the registry's default
    game names none (a header without ``game=`` is its)."""
    from referee.games import registry

    if len(players) > len(game.seats):
        raise UsageError(M("{game} seats {n} players; {given} given", game=game.title, n=len(game.seats),
                           given=len(players)))
    head = [f"match id={quote(match_id)}"] + ([f"game={game.key}"] if registry.written(game.key) else [])
    head += [f"rules={quote(rules)}"] if rules else []
    head += [f"{key}={quote(value)}" for key, value in fields if value]
    lines = [" ".join(head), *game.setup_lines(players, teams)]
    reading = game.read("\n".join(lines) + "\n")
    if reading.errors:
        raise UsageError(M("match {match} cannot be started: {problems}", match=match_id,
                           problems=semicolons([e.msg for e in reading.errors])))
    return list(reading.events)
