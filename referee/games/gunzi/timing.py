"""Gunzi's game clock and time rule (rules §7.3.5, 002 §九.6: 50 minutes a 局 game): pure, from the replayed
match; the store's clock (``referee.results.clock``) measures the minutes from the entries' times.

A game's time runs from its first ``hand`` to the event that ended it. When time is called the higher level
wins the game; at equal levels the side that reached it first; else the referee rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.core.i18n import M, Msg
from referee.games.api import Timed
from referee.games.gunzi.codes import TimeCall
from referee.games.gunzi.events import Event, HandStart
from referee.games.gunzi.results import MatchResult

if TYPE_CHECKING:
    from referee.games.api import TimeRuling


def timed(events: Sequence[Event], result: MatchResult) -> tuple[Timed, ...]:
    """Each game (局) with the line of its first hand (hand *k* is the *k*-th ``hand`` event in effect) and of
    the event that ended it (None while it is played)."""
    starts = [ev.line for ev in events if isinstance(ev, HandStart)]
    game_of = {h.hand: h.game for h in result.hands}
    if result.state.in_hand:
        game_of.setdefault(result.state.hand, result.state.game)
    first: dict[int, int] = {}  # game -> line of its first hand
    for k, line in enumerate(starts, 1):
        game = game_of.get(k)
        if game is not None:
            first.setdefault(game, line)
    ends = {g.game: g.line for g in result.games if g.winner is not None}
    return tuple(Timed(game, line, ends.get(game)) for game, line in sorted(first.items()))


def running(result: MatchResult) -> int | None:
    """The game whose time counts: the one being played, unless the match is over or a time call awaits its
    ruling."""
    st = result.state
    if st.match_over or st.expected == ("ruling",):
        return None
    return st.game


def favoured(result: MatchResult) -> tuple[TimeCall, str | None]:
    """Whom the time rule favours if time were called now (§7.3.5), as the engine judges a `time`: the higher
    level; at equal levels the side that reached it first; else a ruling. (the call's code, the team)"""
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


def time_call(result: MatchResult, limit: int) -> TimeRuling:
    """The time rule's decision now, and what `status` says of it."""
    call, team = favoured(result)
    if call == TimeCall.tie:
        says = M("time is up ({limit} min, §7.3.5): levels equal, neither reached first: a ruling is needed",
                 limit=limit)
    else:
        says = M("time is up ({limit} min, §7.3.5): the time rule favours {team:team} now ({why})",
                 limit=limit, team=team, why=TimeCall(call))
    from referee.games.api import TimeRuling  # loaded when first named (games.apitypes): a record names none

    return TimeRuling(call.value, team, says)


def notice(game: int, minutes: int, limit: int) -> Msg:
    """What `record` says of an entry stored after the game's limit without a `time` entry."""
    return M("game {game} has run {minutes} min, past its {limit}-minute limit (§7.3.5): record `time` when it "
             "is called", game=game, minutes=minutes, limit=limit)
