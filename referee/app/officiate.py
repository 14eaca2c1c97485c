"""Officiating: every event is checked by the engine against the replayed match before it is stored.

A recorded event or a correction is accepted only if replaying the corrected view with it adds no
error the match did not already have; the check and the append happen under the match's lock, so
two referees recording into one match cannot interleave between check and append.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.core.frozen import Record
from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.games.api import AnyEvent, Game
from referee.games.kit.entrykind import EntryKind
from referee.results.replaying import replay as replay
from referee.results.replaying import rules_of as rules_of
from referee.results.replaying import rules_of_result
from referee.store.chain import StoredEntry
from referee.store.store import StoreError

if TYPE_CHECKING:
    from referee.results.clock import Clock
    from referee.store.api import MatchSessionLike, MatchStore  # quoted where named: interfaces, built by no record


class Rejected(StoreError):
    """The rules refuse the event (or the correction): nothing was stored.

    The message joins the engine's errors (worded by the engine's messages) and, for an event, the
    directives the match expected instead.
    """

    def __init__(self, errors: list[RecordError], expected: tuple[str, ...] = (), what: str = "event") -> None:
        self.errors = errors
        self.expected = expected
        self.what = what
        super().__init__(_rejection(errors, expected, EntryKind(what)))

    def __reduce__(self) -> "tuple[type[Rejected], tuple[list[RecordError], tuple[str, ...], str]]":
        return (type(self), (self.errors, self.expected, self.what))


def _rejection(errors: list[RecordError], expected: tuple[str, ...], what: EntryKind) -> Msg:
    from referee.views.matchtext import hints, semicolons

    problems = semicolons([e.msg for e in errors])
    if not expected:
        return M("{what} rejected, nothing stored: {problems}",
                 what=what, problems=problems)
    return M("{what} rejected, nothing stored: {problems}; expected next: {expected}", what=what, problems=problems,
             expected=hints(expected))


class Outcome(Record):
    entry: StoredEntry  # the entry stored
    event: AnyEvent | None  # the event in effect at its place (None for undo/void)
    before: Any  # the game's result; None when not needed (recording into an error-free match); set for a correction
    after: Any
    new_errors: list[RecordError]  # errors the change added (only when forced)
    taken: str = ""  # for a correction: the directive in effect at its target before it (what it took back)

    @property
    def new_hands(self) -> tuple[Any, ...]:
        """Hands the change completed (for a recorded event: the hand its `last` settled)."""
        if self.before is not None:
            return tuple(self.after.hands[len(self.before.hands):])
        hands = self.after.hands
        if self.event is not None and hands and hands[-1].line <= self.event.line and \
                type(self.event).__name__ == "Last":
            return tuple(hands[-1:])
        return ()


def problems_of(game: Game, events: Sequence[Any]) -> list[RecordError]:
    """The problems by the rules of a record of *game* (a usage error when its rule set cannot be used): what
    ``import`` keeps as written and warns of."""
    from referee.store.pinning import rules_of_match

    return game.problems(game.replay(events, rules_of_match(game, events)))


def added_errors(before: Any, after: Any) -> list[RecordError]:
    old = {(e.line, e.message) for e in before.errors}
    return [e for e in after.errors if (e.line, e.message) not in old]


def _target(s: "MatchSessionLike", seq: int, what: str) -> int:
    """The event a void or amend of *seq* corrects (an amend's seq stands for the event it amended). A void of an
    event an amend replaced is refused: it would take back the amended directive, not the one it names."""
    view = s.view
    place = seq
    if seq not in view:
        if not 1 <= seq < s.next_seq:
            raise StoreError(M("there is no #{seq} in match {match} (the last is #{last})", seq=seq,
                               match=s.match_id, last=s.next_seq - 1))
        entry = s.entries[seq - 1]
        target = entry.get("target")  # get: an event's entry needs no target key to be sound
        if entry["kind"] in ("undo", "void"):
            raise StoreError(M("#{seq} is itself a correction ({kind} of #{target}); nothing to {what}", seq=seq,
                               kind=EntryKind(entry["kind"]), target=entry["target"], what=EntryKind(what)))
        if entry["kind"] == "amend" and target is not None:
            place = target
        if place not in view:
            _taken_back(s, place, what)
    if what == "void" and place != next(iter(view)):  # the header: it is never voided (said where it is refused)
        amends = [e for e in s.entries if e["kind"] == "amend" and e.get("target") == place]
        if amends:
            raise StoreError(M("#{seq} was amended by #{amend} (now `{directive}`): it cannot be voided; amend #{seq} "
                               "again to correct it; nothing stored",
                               seq=place, amend=amends[-1]["seq"], directive=view[place]))
    return place


def _taken_back(s: "MatchSessionLike", place: int, what: str) -> None:
    """Refuse a correction of *place*, which a correction took back already: it names that one."""
    by = [e for e in s.entries if e["kind"] in ("undo", "void") and e.get("target") == place]
    if by:
        raise StoreError(M("#{seq} was already taken back by #{by} ({kind}); nothing to {what}, nothing stored",
                           seq=place, by=by[-1]["seq"], kind=EntryKind(by[-1]["kind"]), what=EntryKind(what)))
    raise StoreError(M("#{seq} is no longer in effect (see `referee log {match}`); nothing to {what}", seq=place,
                       match=s.match_id, what=EntryKind(what)))


def correct(store: "MatchStore", match_id: str, kind: str, seq: int | None = None, event: AnyEvent | None = None,
            reason: str = "", referee: str | None = None, force: bool = False) -> Outcome:
    """Append an undo, void or amend after checking what it does to the match.

    A correction that would add errors (say, voiding a `kitty` a later `bury` needs) is refused
    unless *force*: the referee then fixes the record in the order they choose.
    """
    if kind not in ("undo", "void", "amend"):
        raise ValueError(kind)
    from referee.results.replaying import game_of

    with store.session(match_id) as s:
        view = s.view
        target = _correction_target(s, view, kind, seq)
        old_events, _ = s.events()
        game = game_of(old_events)
        header = game.header(old_events)
        header_seq = header.line if header is not None else None
        if event is not None and _is_header(game, event) and target == header_seq:  # kept pinned
            from referee.store.pinning import amended_header

            event = amended_header(store, game, old_events, event._replace(line=target))
        new_view, new_event, directive = _applied(kind, view, target, event, header_seq, match_id, game)
        new_events = _events_of(new_view, target, new_event, game)
        before = replay(old_events)
        after = replay(new_events)
        new = added_errors(before, after)
        if new and not force:
            raise Rejected(_named(new, new_view, target), (), what=kind)
        entry = s.append(kind, directive, referee, target=target, reason=reason)
    if new_event is not None and _is_header(game, new_event):  # the header amended: the index repeats its fields
        store.index_header(new_event)
    return Outcome(entry, new_event, before, after, new, view[target])


def _correction_target(s: "MatchSessionLike", view: dict[int, str], kind: str, seq: int | None) -> int:
    """The place a correction takes back or replaces: an undo's is the latest event still in effect."""
    if kind == "undo":
        if len(view) <= 1:
            raise StoreError(M("nothing to undo in match {match}: only the header is in effect", match=s.match_id))
        return next(reversed(view))
    if seq is None:
        raise ValueError(f"a {kind} names the seq it corrects")
    return _target(s, seq, kind)


def _is_header(game: Game, event: AnyEvent) -> bool:
    """Whether *event* is *game*'s match header."""
    return game.header([event]) is not None


def _applied(kind: str, view: dict[int, str], target: int, event: AnyEvent | None, header_seq: int | None,
             match_id: str, game: Game | None = None) -> tuple[dict[int, str], AnyEvent | None, str]:
    """The corrected view with the correction applied; the event an amend puts in place and its
    directive (None and "" for an undo or a void). The header can be amended, never removed."""
    new_view = dict(view)
    if kind != "amend":
        if target == header_seq:
            raise StoreError(M("#{seq} is the match header; it can be amended, not removed", seq=target))
        del new_view[target]
        return new_view, None, ""
    from referee.games import registry

    game = game or registry.game()
    assert event is not None
    _check_amend(event, target, header_seq, match_id, game)
    new_event = event._replace(line=target)
    directive = game.format_event(new_event)
    new_view[target] = directive
    return new_view, new_event, directive


def _check_amend(event: AnyEvent, target: int, header_seq: int | None, match_id: str, game: Game) -> None:
    """Refuse an amend that puts a header anywhere but the header's place, or changes the match id."""
    header = game.header([event])
    if target == header_seq:
        if header is None:
            raise StoreError(M("#{seq} is the match header: amend it with a `match` directive", seq=target))
        if header.id != match_id:
            raise StoreError(M("the match id cannot change ({old} → {new}); import it anew", old=match_id,
                               new=header.id))
    elif header is not None:
        raise StoreError(M("a `match` header can only replace the header (seq 1)"))


def _named(errors: list[RecordError], view: dict[int, str], target: int) -> list[RecordError]:
    """The problems a correction would cause, each one at another entry than the corrected one naming
    that entry and its directive: the refusal says which entry of the record it breaks."""
    out: list[RecordError] = []
    for e in errors:
        if e.line != target and e.line in view:
            e = e._replace(msg=M("it makes #{seq} ({directive}) wrong: {problem}",
                                 seq=e.line, directive=view[e.line], problem=e.msg))
        out.append(e)
    return out


def _events_of(view: dict[int, str], target: int, new_event: AnyEvent | None, game: Game) -> list[AnyEvent]:
    """The events of a corrected view as *game* reads them, *new_event* at its place *target* (it is not read
    again)."""
    lines = [(place, text) for place, text in view.items() if not (place == target and new_event is not None)]
    events = list(game.read_lines(lines).events)
    if new_event is not None and target in view:
        events.append(new_event)
        events.sort(key=lambda ev: ev.line)
    return events


def warning_of(out: Outcome) -> tuple[str, int, int] | None:
    """For a recorded ``warn``: the side warned, the rule set's warnings limit and games to win, as the match's
    game counts a warning (:meth:`Game.warned`: Gunzi's §8.1); None for any other event, or a game whose rules set
    no limit."""
    from referee.results.replaying import game_of

    if out.event is None:
        return None
    header = getattr(out.after, "header", None)
    game = game_of([header] if header is not None else [])
    try:
        rules = rules_of_result(out.after)
    except StoreError:
        return None
    return game.warned(out.event, rules)


def clock(entries: list[StoredEntry], events: list[AnyEvent], result: Any) -> "Clock | None":
    """The game clock of a match (``referee.results.clock``) under its rule set's time limit
    (:meth:`Game.time_limit`: ``match.time_limit_minutes``); None when the rule set cannot be read."""
    from referee.results.clock import clock_of
    from referee.results.replaying import game_of

    try:
        rules = rules_of_result(result)
    except StoreError:
        return None
    game = game_of(events)
    return clock_of(entries, events, result, game.time_limit(rules), game=game)


def notices(store: "MatchStore", match_id: str, out: Outcome) -> list[Msg]:
    """One-line notices about what was just stored: an entry stored after the game's time limit with no
    `time` recorded (Gunzi's §7.3.5; :meth:`Game.time_notice`). Only a rule set with a time limit reads the entries
    again for it; none once no timed unit runs (the match is over, or a time call awaits its ruling)."""
    from referee.results.replaying import game_of

    result = out.after
    header = getattr(result, "header", None)
    game = game_of([header] if header is not None else [])
    if game.time_running(result) is None:
        return []
    try:
        if not game.time_limit(rules_of_result(result)):
            return []
    except StoreError:
        return []
    from referee.results.clock import notice
    from referee.results.keptfold import recent
    from referee.store.store import corrected, to_events

    hint = recent(store, match_id, out.entry)  # what `record` kept of the match it has just written: its clock's
    if hint is not None:  # entries and events (the header, each deal's opening, the entries that open or end a unit)
        from typing import cast  # the clock reads an entry's seq and time only

        entries = cast("list[StoredEntry]", [{"seq": seq, "time": time} for seq, time in hint.times.items()])
        events = hint.events
    else:
        entries = store.entries(match_id)
        events, _ = to_events(corrected(entries))
    game_clock = clock(entries, events, result)
    found = notice(game_clock, result) if game_clock is not None else None
    return [found] if found is not None else []
