"""The game clock (rules §7.3.5, 002 §九.6: 50 minutes a game), computed from the stored entries' times.

The engine has no clock: every stored entry carries its UTC time, and a game's time runs from the entry
of its first ``hand`` to the entry that ended it (or to now while it is played). Times are shown in the
venue's local time: the zone the match header names (``tz=Asia/Shanghai``, an IANA name), else the
machine's; never as the stored ISO text.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING, NamedTuple

from referee.core.i18n import M, Msg

if TYPE_CHECKING:
    from referee.games.gunzi.events import Event
    from referee.games.gunzi.results import MatchResult
    from referee.store.chain import StoredEntry


class GameClock(NamedTuple):
    game: int
    start: datetime  # UTC: the entry of the game's first hand
    end: datetime | None  # UTC: the entry that ended the game; None while it is played
    minutes: int  # whole minutes from start to end (or to now)


class Clock(NamedTuple):
    """What `status` shows of the time: each game's clock, the rule set's limit (0: none), the zone shown."""

    games: list[GameClock]
    limit: int
    zone: tzinfo | None  # None: the machine's zone


def when(stamp: str) -> datetime:
    """A stored entry's time (``2026-11-29T06:02:11.123Z``) as an aware UTC datetime."""
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(UTC)


def utc_now() -> datetime:
    """Now, as the store stamps an entry (``referee.store.store.now``): the one clock the views read."""
    from referee.store import store

    return when(store.now())


def zone_of(result: MatchResult) -> tzinfo | None:
    """The venue's zone: the header's ``tz=`` (an IANA name, read with zoneinfo), else None (the
    machine's zone). A name zoneinfo does not know is passed over."""
    header = result.header
    return zone_named(dict(header.extra).get("tz") if header is not None else None)


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


def game_clocks(entries: Sequence[StoredEntry], events: Sequence[Event], result: MatchResult,
                now: datetime) -> list[GameClock]:
    """Each game's clock, from the time of the entry of its first hand (hand *k* is the *k*-th ``hand``
    event in effect) to the entry that ended it, or to *now*."""
    from referee.games.gunzi.events import HandStart

    times = {e["seq"]: e["time"] for e in entries}
    starts = [ev.line for ev in events if isinstance(ev, HandStart)]
    game_of = {h.hand: h.game for h in result.hands}
    if result.state.in_hand:
        game_of.setdefault(result.state.hand, result.state.game)
    first: dict[int, int] = {}  # game -> seq of its first hand
    for k, seq in enumerate(starts, 1):
        game = game_of.get(k)
        if game is not None:
            first.setdefault(game, seq)
    ends = {g.game: g.line for g in result.games if g.winner is not None}
    clocks = []
    for game, seq in sorted(first.items()):
        if seq not in times:
            continue
        start = when(times[seq])
        end_seq = ends.get(game)
        end = when(times[end_seq]) if end_seq in times else None
        clocks.append(GameClock(game, start, end, int(((end or now) - start).total_seconds() // 60)))
    return clocks


def favoured(result: MatchResult) -> tuple[str, str | None]:
    """Whom the time rule favours if time were called now (§7.3.5), as the engine judges a `time`: the
    higher level; at equal levels the side that reached it first; else a ruling. (the call's code, the team)"""
    from referee.games.gunzi.codes import TimeCall

    lv = result.state.levels
    if lv["EW"] != lv["NS"]:
        return TimeCall.higher, "EW" if lv["EW"] > lv["NS"] else "NS"
    reached = {"EW": 0, "NS": 0}
    for h in result.hands:
        if h.game == result.state.game and h.levels_before is not None:
            for team in reached:
                if h.levels_after[team] != h.levels_before[team]:
                    reached[team] = h.hand
    if reached["EW"] != reached["NS"]:
        return TimeCall.first, "EW" if reached["EW"] < reached["NS"] else "NS"
    return TimeCall.tie, None


def running(clock: Clock | None, result: MatchResult) -> GameClock | None:
    """The clock of the game being played, once it has reached the limit and no time was called."""
    if clock is None or not clock.limit or result.state.match_over or result.state.expected == ("ruling",):
        return None
    game = next((g for g in clock.games if g.game == result.state.game and g.end is None), None)
    return game if game is not None and game.minutes >= clock.limit else None


def lines(clock: Clock, result: MatchResult) -> list[Msg]:
    """`status`'s lines of the clock: each game's start, end and minutes; at the limit, that time is up and
    whom the time rule favours now."""
    from referee.games.gunzi.codes import TimeCall

    out: list[Msg] = []
    over = running(clock, result)
    for g in clock.games:
        start = local(g.start, clock.zone)
        if g.end is not None:
            out.append(M("game {game}: {start}–{end}, {minutes} min",
                         game=g.game, start=start, end=local(g.end, clock.zone), minutes=g.minutes))
            continue
        if clock.limit:
            out.append(M("game {game}: started {start}, {minutes} of {limit} min",
                         game=g.game, start=start, minutes=g.minutes, limit=clock.limit))
        else:
            out.append(M("game {game}: started {start}, {minutes} min",
                         game=g.game, start=start, minutes=g.minutes))
    if over is not None:
        call, team = favoured(result)
        if call == TimeCall.tie:
            out.append(M("time is up ({limit} min, §7.3.5): levels equal, neither reached first: a ruling is needed",
                         limit=clock.limit))
        else:
            out.append(M("time is up ({limit} min, §7.3.5): the time rule favours {team:team} now ({why})",
                         limit=clock.limit, team=team, why=TimeCall(call)))
    return out


def notice(clock: Clock, result: MatchResult) -> Msg | None:
    """What `record` says of an entry stored after the game's limit without a `time` entry."""
    over = running(clock, result)
    if over is None:
        return None
    return M("game {game} has run {minutes} min, past its {limit}-minute limit (§7.3.5): record `time` when it "
             "is called",
             game=over.game, minutes=over.minutes, limit=clock.limit)


def clock_of(entries: Sequence[StoredEntry], events: Sequence[Event], result: MatchResult, limit: int,
             now: datetime | None = None) -> Clock:
    return Clock(game_clocks(entries, events, result, now or utc_now()), limit, zone_of(result))
