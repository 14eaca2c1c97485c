"""What if: a stored match of any game replayed with the directive at one place replaced, nothing stored.

``referee whatif`` shows it; a dispute weighs each alternative with it (``referee.app.disputes``) and puts the
chosen one in place only after it, checked the same way. Everything goes through the game interface: the
match's game reads the replacement in the match's context (a player's name names a seat), replays the match
under the rules it was created under (its pin) and says what problems the replacement adds.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.core.i18n import M
from referee.core.records import RecordError
from referee.games.stored import game_of_view
from referee.store.disputes import Replaced
from referee.store.pinning import rules_of_match
from referee.store.store import StoreError, corrected

if TYPE_CHECKING:
    from referee.games.api import Game
    from referee.store.api import MatchStore
    from referee.store.chain import StoredEntry


class Played(NamedTuple):
    """A match of any game as its corrected view reads: the game, the view, its events and where each deal
    opens (deal k at ``starts[k - 1]``)."""

    game: Game
    view: Mapping[int, str]
    events: list[Any]
    starts: list[int]


def played(view: Mapping[int, str]) -> Played:
    game = game_of_view(view)
    events = game.read_lines(view.items()).events
    return Played(game, view, events, game.deal_starts(events))


def replay(store: MatchStore, game: Game, events: Sequence[Any]) -> Any:
    """The game's result of *events* under the rules the match was created under (its pin)."""
    return game.replay(events, rules_of_match(game, events, store))


def added_problems(game: Game, before: Any, after: Any) -> list[RecordError]:
    """The problems the game finds in *after* that *before* did not have."""
    old = {(e.line, e.message) for e in game.problems(before)}
    return [e for e in game.problems(after) if (e.line, e.message) not in old]


def deal_of(starts: Sequence[int], seq: int) -> int:
    """The number of the deal holding *seq* (0: before the first deal)."""
    return bisect_right(starts, seq)


def not_in_effect(seq: int, match_id: str) -> StoreError:
    return StoreError(M("#{seq} is not an event in effect in match {match} (see `referee log {match}`); "
                        "nothing stored",
                        seq=seq, match=match_id))


def replaced(store: MatchStore, match: Played, match_id: str, seq: int, directive: str, recorded: Any = None, *,
             header: bool = False) -> Replaced:
    """*match* replayed with *directive* in place of the event at *seq* (*recorded*: its result, when the caller
    has it); a StoreError when it cannot be read. The header is replaced only by a header, and only when *header*
    allows it (``whatif`` does; a dispute's alternative may not)."""
    game, view = match.game, match.view
    if seq not in view:
        raise not_in_effect(seq, match_id)
    new_view = dict(view)
    new_view[seq] = directive
    reading = game.read_lines(new_view.items())
    unread = [e for e in reading.errors if e.line == seq]
    placed = [ev for ev in reading.events if ev.line == seq]
    if unread or not placed:
        problem = unread[0].msg if unread else M("it holds no directive")
        raise StoreError(M("cannot read '{text}': {problem}; nothing stored", text=directive, problem=problem))
    was_header = game.header([ev for ev in match.events if ev.line == seq]) is not None
    is_header = game.header(placed) is not None
    if is_header and not (header and was_header):
        raise StoreError(M("an alternative cannot replace the match header; nothing stored") if not header else
                         M("the match header can only be replaced by another `match` header"))
    if was_header and not is_header:
        raise StoreError(M("the match header can only be replaced by another `match` header"))
    if recorded is None:
        recorded = replay(store, game, match.events)
    changed = replay(store, game, reading.events)
    first = deal_of(match.starts, seq) or 1
    return Replaced(seq, view[seq], game.format_event(placed[0]), recorded, changed, first,
                    added_problems(game, recorded, changed))


def whatif(store: MatchStore, match_id: str, seq: int, directive: str) -> tuple[Game, Replaced]:
    """The match replayed with the event at *seq* (or the one amend *seq* put in effect) replaced by
    *directive*; nothing is stored."""
    entries = store.entries(match_id)
    view = corrected(entries)
    if seq not in view:
        seq = _amended_place(entries, view, seq, match_id)
    match = played(view)
    return match.game, replaced(store, match, match_id, seq, directive, header=True)


def _amended_place(entries: list[StoredEntry], view: dict[int, str], seq: int, match_id: str) -> int:
    """The place of the event that amend *seq* put in effect; a store error when *seq* is no such amend."""
    entry = entries[seq - 1] if 1 <= seq <= len(entries) else None
    if entry is not None and entry.get("kind") == "amend":
        target = entry.get("target")
        if target is not None and target in view:
            return target
    raise StoreError(M("#{seq} is not an event in effect in match {match} (see `referee log {match}`)", seq=seq,
                       match=match_id))
