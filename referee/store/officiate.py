"""Officiating: every event is checked by the engine against the replayed match before it is stored.

A recorded event or a correction is accepted only if replaying the corrected view with it adds no
error the match did not already have; the check and the append happen under the match's lock, so
two referees recording into one match cannot interleave between check and append.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.codes import EntryKind
from referee.events import Event, MatchHeader, RecordError
from referee.i18n import M, Msg
from referee.store.store import Store, StoreError


class Rejected(StoreError):
    """The rules refuse the event (or the correction): nothing was stored.

    The message joins the engine's errors (worded by the engine's messages) and, for an event, the
    directives the match expected instead.
    """

    def __init__(self, errors: list[RecordError], expected: tuple[str, ...] = (), what: str = "event"):
        self.errors = errors
        self.expected = expected
        self.what = what
        super().__init__(_rejection(errors, expected, EntryKind(what)))

    def __reduce__(self):
        return (type(self), (self.errors, self.expected, self.what))


def _rejection(errors: list[RecordError], expected: tuple[str, ...], what: EntryKind) -> Msg:
    from referee.store.views import hints, semicolons

    problems = semicolons([e.msg for e in errors])
    if not expected:
        return M("{what} rejected, nothing stored: {problems}",
                 what=what, problems=problems)
    return M("{what} rejected, nothing stored: {problems}; expected next: {expected}", what=what, problems=problems,
             expected=hints(expected))


class Outcome(NamedTuple):
    entry: dict  # the entry stored
    event: Event | None  # the event in effect at its place (None for undo/void)
    before: object  # MatchResult before, or None when not needed (recording into an error-free match)
    after: object  # MatchResult after
    new_errors: list[RecordError]  # errors the change added (only when forced)

    @property
    def new_hands(self) -> tuple:
        """Hands the change completed (for a recorded event: the hand its `last` settled)."""
        if self.before is not None:
            return self.after.hands[len(self.before.hands):]
        hands = self.after.hands
        if self.event is not None and hands and hands[-1].line <= self.event.line and \
                type(self.event).__name__ == "Last":
            return hands[-1:]
        return ()


def rules_of(events: list[Event]):
    from referee import ruleset

    name = next((ev.rules for ev in events if isinstance(ev, MatchHeader)), None) or ruleset.DEFAULT_RULES
    try:
        return ruleset.load(name)
    except ruleset.RulesError as e:
        raise StoreError(M("the match's rule set cannot be used: {problem}",
                           problem=e.msg)) from None


def replay(events: list[Event]):
    from referee import engine

    return engine.replay(events, rules_of(events))


def added_errors(before, after) -> list[RecordError]:
    old = {(e.line, e.message) for e in before.errors}
    return [e for e in after.errors if (e.line, e.message) not in old]


def record(store: Store, match_id: str, event: Event, referee: str | None = None) -> Outcome:
    """Check *event* against the match and append it, or raise :class:`Rejected`."""
    from referee.notation import format_event

    if isinstance(event, MatchHeader):
        raise StoreError(M("the `match` header is written by `referee new`; to change it, amend seq 1"))
    with store.session(match_id) as s:
        events, _ = s.events()
        ev = event._replace(line=s.next_seq)
        after = replay(events + [ev])
        before = None
        if after.errors:  # the usual case has none: one replay, not two
            before = replay(events)
            new = added_errors(before, after)
            if new:
                raise Rejected(new, before.state.expected)
        entry = s.append("event", format_event(ev), referee)
    return Outcome(entry, ev, before, after, [])


def _target(s, seq: int, what: str) -> int:
    """The event a void or amend of *seq* corrects (an amend's seq stands for the event it amended)."""
    view = s.view
    if seq in view:
        return seq
    if not 1 <= seq < s.next_seq:
        raise StoreError(M("there is no seq {seq} in match {match} (last is {last})", seq=seq, match=s.match_id,
                           last=s.next_seq - 1))
    entry = s.entries[seq - 1]
    if entry["kind"] == "amend" and entry["target"] in view:
        return entry["target"]
    if entry["kind"] in ("undo", "void"):
        raise StoreError(M("seq {seq} is itself a correction ({kind} of seq {target}); nothing to {what}", seq=seq,
                           kind=EntryKind(entry["kind"]), target=entry["target"], what=EntryKind(what)))
    raise StoreError(M("seq {seq} is no longer in effect (see `referee log {match}`); nothing to {what}", seq=seq,
                       match=s.match_id, what=EntryKind(what)))


def correct(store: Store, match_id: str, kind: str, seq: int | None = None, event: Event | None = None,
            reason: str = "", referee: str | None = None, force: bool = False) -> Outcome:
    """Append an undo, void or amend after checking what it does to the match.

    A correction that would add errors (say, voiding a `kitty` a later `bury` needs) is refused
    unless *force*: the referee then fixes the record in the order they choose.
    """
    from referee.notation import format_event, parse_line

    if kind not in ("undo", "void", "amend"):
        raise ValueError(kind)
    with store.session(match_id) as s:
        view = s.view
        if kind == "undo":
            if len(view) <= 1:
                raise StoreError(M("nothing to undo in match {match}: only the header is in effect", match=match_id))
            target = next(reversed(view))
        else:
            target = _target(s, seq, kind)
        old_events, _ = s.events()
        header_seq = next((ev.line for ev in old_events if isinstance(ev, MatchHeader)), None)
        new_view = dict(view)
        new_event = None
        directive = ""
        if kind == "amend":
            assert event is not None
            if target == header_seq:
                if not isinstance(event, MatchHeader):
                    raise StoreError(M("seq {seq} is the match header: amend it with a `match` directive", seq=target))
                if event.id != match_id:
                    raise StoreError(M("the match id cannot change ({old} → {new}); import it anew", old=match_id,
                                       new=event.id))
            elif isinstance(event, MatchHeader):
                raise StoreError(M("a `match` header can only replace the header (seq 1)"))
            new_event = event._replace(line=target)
            directive = format_event(new_event)
            new_view[target] = directive
        else:
            if target == header_seq:
                raise StoreError(M("seq {seq} is the match header; it can be amended, not removed", seq=target))
            del new_view[target]
        new_events = []
        for place, text in new_view.items():
            ev = new_event if place == target and new_event is not None else parse_line(text, line=place)
            if ev is not None:
                new_events.append(ev)
        before = replay(old_events)
        after = replay(new_events)
        new = added_errors(before, after)
        if new and not force:
            raise Rejected(new, (), what=kind)
        entry = s.append(kind, directive, referee, target=target, reason=reason)
    return Outcome(entry, new_event, before, after, new)


class WhatIf(NamedTuple):
    seq: int
    old_event: Event
    new_event: Event
    recorded: object  # MatchResult as recorded
    changed: object  # MatchResult with the event replaced
    first_hand: int  # number of the hand holding seq (hands before it are the same)
    new_errors: list[RecordError]


def whatif(store: Store, match_id: str, seq: int, event: Event) -> WhatIf:
    """Replay the match with the event at *seq* replaced by *event*; nothing is stored."""
    entries = store.entries(match_id)
    from referee.store.store import corrected, to_events

    view = corrected(entries)
    if seq not in view:
        entry = entries[seq - 1] if 1 <= seq <= len(entries) else {}
        if entry.get("kind") == "amend" and entry.get("target") in view:
            seq = entry["target"]
        else:
            raise StoreError(M("seq {seq} is not an event in effect in match {match} (see `referee log {match}`)",
                               seq=seq,
                               match=match_id))
    events, _ = to_events(view)
    old_event = next(ev for ev in events if ev.line == seq)
    if isinstance(old_event, MatchHeader) != isinstance(event, MatchHeader):
        raise StoreError(M("the match header can only be replaced by another `match` header"))
    new_event = event._replace(line=seq)
    changed_events = [new_event if ev.line == seq else ev for ev in events]
    recorded = replay(events)
    changed = replay(changed_events)
    first = None
    for h in recorded.hands:
        if h.line <= seq:
            first = h.hand
    if first is None:
        first = recorded.hands[0].hand if recorded.hands else 1
    return WhatIf(seq, old_event, new_event, recorded, changed, first, added_errors(recorded, changed))
