"""Taking an entry out of an event — removed before any round placed it, or withdrawn — for an event of either kind:
one code path (:func:`remove`, :func:`withdraw`), the kind's checks and words as data (:class:`Entrants`, indexed
by the event's kind, ``app.eventkind``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from referee.app.eventkind import PAIRS, PLAYERS, EventKind, kind_of_state
from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import MN, M, Msg
from referee.core.names import check_text
from referee.results.eventstate import Session, event_session
from referee.store.api import MatchStore
from referee.tournament.model import Pair
from referee.tournament.state import (
    EventState,
    pair_removed,
    pair_withdrawn,
    paired_in,
    player_removed,
    player_withdrawn,
    seated_in,
)


class Entrants(NamedTuple):
    """What taking an entry out of an event (removed, withdrawn) checks and says by the kind of entrant: a pair or
    a player (:data:`ENTRANTS`, by the event's kind). :func:`remove` and :func:`withdraw` are the one code path;
    this is the difference, as data."""

    find: Callable[[EventState, str], Pair | Any | None]  # the entry of a code, None when there is none
    unknown: Callable[[EventState, str], UsageError]  # the refusal of a code that is not an entry
    placed_in: Callable[[EventState, str], list[int]]  # the rounds that paired (seated) the entry
    removed: Callable[[str, str], Any]  # the log entries: code, reason
    withdrawn: Callable[[str, str], Any]
    remove_reason: Msg  # --reason missing
    withdraw_reason: Msg
    placed: Callable[[str, list[int], str], Msg]  # code, rounds, event: "it cannot be removed; withdraw it"
    already: Callable[[str, str], Msg]  # code, the reason it withdrew for


def required_reason(reason: str, missing: Msg) -> str:
    """The director's *reason* checked (a line of text) and stripped; *missing* is the refusal of none."""
    reason = check_text(reason, "--reason").strip()
    if not reason:
        raise UsageError(missing)
    return reason


@contextlib.contextmanager
def editing(store: MatchStore, event_id: str, code: str, reason: str, force: bool, entrants: Entrants,
            nothing: Msg | None) -> Iterator[tuple[Session, Any, str]]:
    """An entry's correction (``event edit``), for either kind: its *reason* checked (needed with --force), *nothing*
    (the refusal of an edit that names no change) raised when given, the log opened, the entry of *code* found (a
    refusal naming the entries when there is none), a finished event refused but by --force; (the session, the
    entry, the reason stripped)."""
    reason = check_text(reason, "--reason").strip()
    if force and not reason:
        raise UsageError(M("--force needs --reason TEXT: it is kept in the event's log"))
    if nothing is not None:
        raise UsageError(nothing)
    with event_session(store.event_log(event_id)) as s:
        entry = entrants.find(s.state, code)
        if entry is None:
            raise entrants.unknown(s.state, code)
        finished_refuses(s.state, force, M("its entries cannot change"))
        yield s, entry, reason


def remove(store: MatchStore, event_id: str, code: str, reason: str, *, force: bool = False,
           referee: str | None = None) -> EventState:
    """Take an entry (a pair, a player: the event's kind) out of the event, as one entry of its log: only one no
    round has placed (one that played is withdrawn instead, and keeps what it played)."""
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        entrants = ENTRANTS[kind_of_state(state)]
        reason = required_reason(reason, entrants.remove_reason)
        if entrants.find(state, code) is None:
            raise entrants.unknown(state, code)
        finished_refuses(state, force, M("its entries cannot change"))
        rounds = entrants.placed_in(state, code)
        if rounds:
            raise RefereeError(entrants.placed(code, rounds, event_id))
        return s.append([entrants.removed(code, reason)], referee)


def withdraw(store: MatchStore, event_id: str, code: str, reason: str, referee: str | None = None) -> EventState:
    """Withdraw an entry (a pair, a player: the event's kind): never placed in a round again, kept in the standings
    with what it played (a match of the round in play is still recorded and counted)."""
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        entrants = ENTRANTS[kind_of_state(state)]
        reason = required_reason(reason, entrants.withdraw_reason)
        entry = entrants.find(state, code)
        if entry is None:
            raise entrants.unknown(state, code)
        if not entry.active:
            raise RefereeError(entrants.already(code, state.withdrawals.get(code, "")))
        return s.append([entrants.withdrawn(code, reason)], referee)


def finished_refuses(state: EventState, force: bool, what: Msg) -> None:
    """A finished event (every planned round closed) takes no change of its entries but by --force --reason."""
    if state.final and not force:
        raise RefereeError(MN("event {event} is finished (its {n} round is played and closed): {what}; to change "
                              "it anyway: --force --reason TEXT",
                              "event {event} is finished (its {n} rounds are played and closed): {what}; to change "
                              "it anyway: --force --reason TEXT", len(state.rounds),
                              event=state.settings.id, what=what))


def unknown_pair(state: EventState, code: str) -> UsageError:
    return UsageError(M("pair {pair} is not an entry of event {event} (entries: {pairs:list})",
                        pair=code, event=state.settings.id, pairs=[p.code for p in state.pairs][:12] or ["-"]))


PAIR_ENTRANTS = Entrants(
    find=EventState.pair, unknown=unknown_pair, placed_in=lambda state, code: paired_in(state.rounds, code),
    removed=pair_removed, withdrawn=pair_withdrawn,
    remove_reason=M("--reason: say why the pair is removed (it is kept in the event's log)"),
    withdraw_reason=M("--reason: say why the pair withdraws (it is kept in the event's log)"),
    placed=lambda code, rounds, event: MN(
        "pair {pair} was paired in round {rounds:list}: it cannot be removed; withdraw it instead (referee event "
        "withdraw {event} {pair} --reason TEXT)",
        "pair {pair} was paired in rounds {rounds:list}: it cannot be removed; withdraw it instead (referee event "
        "withdraw {event} {pair} --reason TEXT)", len(rounds), pair=code, rounds=rounds, event=event),
    already=lambda code, reason: M("pair {pair} has already withdrawn ({reason})", pair=code, reason=reason),
)


def unknown_player(state: EventState, code: str) -> UsageError:
    return UsageError(M("player {player} is not an entry of event {event} (entries: {players:list})",
                        player=code, event=state.settings.id, players=[p.code for p in state.players][:12] or ["-"]))


PLAYER_ENTRANTS = Entrants(
    find=EventState.player, unknown=unknown_player, placed_in=lambda state, code: seated_in(state.seatings, code),
    removed=player_removed, withdrawn=player_withdrawn,
    remove_reason=M("--reason: say why the player is removed (it is kept in the event's log)"),
    withdraw_reason=M("--reason: say why the player withdraws (it is kept in the event's log)"),
    placed=lambda code, rounds, event: MN(
        "player {player} was seated in round {rounds:list}: it cannot be removed; withdraw it instead (referee "
        "event withdraw {event} {player} --reason TEXT)",
        "player {player} was seated in rounds {rounds:list}: it cannot be removed; withdraw it instead (referee "
        "event withdraw {event} {player} --reason TEXT)", len(rounds), player=code, rounds=rounds, event=event),
    already=lambda code, reason: M("player {player} has already withdrawn ({reason})", player=code, reason=reason),
)


ENTRANTS: dict[EventKind, Entrants] = {PAIRS: PAIR_ENTRANTS, PLAYERS: PLAYER_ENTRANTS}
