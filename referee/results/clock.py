"""The game clock, computed from the stored entries' times, for a match of any game.

The engine has no clock: every stored entry carries its UTC time, and the game says through its interface
(``referee.games.api.Game``) what its time rule times — Gunzi's 局 games (§7.3.5: 50 minutes a game), from the
entry of a game's first hand to the entry that ended it; the match whole in the games whose clubs time it
(``match.time_limit_minutes``) — and what the rule decides when time runs out (:meth:`Game.time_call`). This
module only measures: the minutes between entries (or to now while a unit is played). Times are shown in the
venue's local time: the zone the match header names (``tz=Asia/Shanghai``, an IANA name), else the machine's;
never as the stored ISO text.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.core.i18n import M, Msg

if TYPE_CHECKING:
    from referee.games.api import Game
    from referee.store.chain import StoredEntry


class GameClock(NamedTuple):
    game: int  # the timed unit (Gunzi's game; 1: the match)
    start: datetime  # UTC: the entry that opened it
    end: datetime | None  # UTC: the entry that ended it; None while it is played
    minutes: int  # whole minutes from start to end (or to now)


class Clock(NamedTuple):
    """What `status` shows of the time: each timed unit's clock, the rule set's limit (0: none), the zone shown,
    and the game whose clock it is (None: the match's header names none this version knows)."""

    games: list[GameClock]
    limit: int
    zone: tzinfo | None  # None: the machine's zone
    of: Game | None = None


def when(stamp: str) -> datetime:
    """A stored entry's time (``2026-11-29T06:02:11.123Z``) as an aware UTC datetime."""
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(UTC)


def utc_now() -> datetime:
    """Now, as the store stamps an entry (``referee.store.store.now``): the one clock the views read."""
    from referee.store import store

    return when(store.now())


def zone_of(result: Any) -> tzinfo | None:
    """The venue's zone: the result's header's ``tz=`` (an IANA name, read with zoneinfo), else None (the
    machine's zone). A name zoneinfo does not know is passed over."""
    return _zone_of_header(getattr(result, "header", None))


def _zone_of_header(header: object) -> tzinfo | None:
    extra = getattr(header, "extra", None) or ()
    return zone_named(dict(extra).get("tz"))


def zone_named(name: str | None) -> tzinfo | None:
    """The zone of the IANA *name* (a header's ``tz=``, read with zoneinfo); None for none, or for a name zoneinfo
    does not know (the machine's zone then)."""
    if not name:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def local(moment: datetime, zone: tzinfo | None) -> str:
    """``14:02`` in the venue's zone."""
    return moment.astimezone(zone).strftime("%H:%M")


def _game(events: Sequence[Any], game: Game | None) -> Game | None:
    if game is not None:
        return game
    from referee.games.stored import game_of_events

    return game_of_events(events)


def game_clocks(entries: Sequence[StoredEntry], events: Sequence[Any], result: Any, now: datetime,
                game: Game | None = None) -> list[GameClock]:
    """Each timed unit's clock (:meth:`Game.timed`: the lines, store sequences, that opened and ended it), from
    the time of the entry that opened it to the entry that ended it, or to *now*."""
    game = _game(events, game)
    if game is None:
        return []
    times = {e["seq"]: e["time"] for e in entries}
    clocks = []
    for unit in game.timed(events, result):
        if unit.start not in times:
            continue
        start = when(times[unit.start])
        end = when(times[unit.end]) if unit.end is not None and unit.end in times else None
        clocks.append(GameClock(unit.unit, start, end, int(((end or now) - start).total_seconds() // 60)))
    return clocks


def running(clock: Clock | None, result: Any) -> GameClock | None:
    """The clock of the unit being played, once it has reached the limit and no time was called."""
    if clock is None or not clock.limit or clock.of is None:
        return None
    unit = clock.of.time_running(result)
    if unit is None:
        return None
    found = next((g for g in clock.games if g.game == unit and g.end is None), None)
    return found if found is not None and found.minutes >= clock.limit else None


def lines(clock: Clock, result: Any) -> list[Msg]:
    """`status`'s lines of the clock: each unit's start, end and minutes; at the limit, that time is up and what
    the game's time rule decides now."""
    out: list[Msg] = []
    game = clock.of
    if game is None:
        return out
    over = running(clock, result)
    for g in clock.games:
        unit, start = game.time_unit(g.game), local(g.start, clock.zone)
        if g.end is not None:
            out.append(M("{unit}: {start}–{end}, {minutes} min",
                         unit=unit, start=start, end=local(g.end, clock.zone), minutes=g.minutes))
        elif clock.limit:
            out.append(M("{unit}: started {start}, {minutes} of {limit} min",
                         unit=unit, start=start, minutes=g.minutes, limit=clock.limit))
        else:
            out.append(M("{unit}: started {start}, {minutes} min",
                         unit=unit, start=start, minutes=g.minutes))
    if over is not None:
        out.append(game.time_call(result, clock.limit).says)
    return out


def notice(clock: Clock, result: Any) -> Msg | None:
    """What `record` says of an entry stored after the unit's limit, time not called."""
    over = running(clock, result)
    if over is None or clock.of is None:
        return None
    return clock.of.time_notice(over.game, over.minutes, clock.limit)


def clock_of(entries: Sequence[StoredEntry], events: Sequence[Any], result: Any, limit: int,
             now: datetime | None = None, game: Game | None = None) -> Clock:
    """The clock of a match of *game* (else of the game *events*' header names) under a limit of *limit*
    minutes (0: none)."""
    game = _game(events, game)
    header = game.header(events) if game is not None else None
    zone = _zone_of_header(header if header is not None else getattr(result, "header", None))
    return Clock(game_clocks(entries, events, result, now or utc_now(), game), limit, zone, game)
