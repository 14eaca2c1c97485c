"""Recording: the one use case that stores directives at the table, for the command line (``referee record``,
one directive or a file of them), guided entry and the web (a form, the phone page, the API).

:func:`record` takes the match's lock (the store's session), refuses an entry without a reason into a closed
round's match (``appending.require_reason``), refuses when the match moved on past the entry the caller saw
(*expect_seq*: the web's ``after``), checks the directives by the rules together (the engine replays the
match with them and refuses an error the match did not have) and appends them in one atomic write, all or
none. Every caller gets the same checks, the same messages and byte for byte the same entries.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from referee.core.errors import UsageError
from referee.core.frozen import Record
from referee.core.i18n import M
from referee.core.records import RecordError
from referee.games.api import AnyEvent, Game, Reading, Replayer
from referee.store.chain import StoredEntry
from referee.store.errors import StoreError, moved_on

# What record_lines, correct_lines and game_state give (:class:`GameRecorded`, :class:`GameState`) lives in
# ``referee.app.recordtypes``, named here as ever but loaded when first named: a record of one directive (enter)
# makes neither, and each named tuple is ~0.6M instructions of every command's start.
_LATER = ("GameRecorded", "GameState")
if TYPE_CHECKING:
    from referee.app.officiate import Outcome
    from referee.app.recordtypes import GameRecorded as GameRecorded
    from referee.app.recordtypes import GameState as GameState
    from referee.store.api import MatchStore
    from referee.store.memo import Memo
    from referee.store.store import NewEntry
else:
    def __getattr__(name: str) -> Any:
        if name in _LATER:
            from referee.app import recordtypes

            value = globals()[name] = getattr(recordtypes, name)
            return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class OtherGame(UsageError):
    """Events read as another game's than the match's (:meth:`Game.owns`): nothing stored; the caller reads the
    directive's text with the match's game (:func:`record_text`)."""


class Recorded(Record):
    entries: list[StoredEntry]  # the entries stored
    events: list[AnyEvent]  # the events in effect, their line = their seq
    before: Any  # the game's result before (None when not needed)
    after: Any  # the game's result after
    game: Game | None = None  # the match's game
    base: Replayer | None = None  # the engine's state before the entries (what :meth:`prior` gives a result of)

    def outcome(self) -> "Outcome":
        """What one recorded directive did (the last, when several were)."""
        from referee.app.officiate import Outcome

        return Outcome(self.entries[-1], self.events[-1], self.before, self.after, [])

    def prior(self) -> Any:
        """The game's result of the match before the entries: :attr:`before`, or worked out from the engine's state
        the entries were checked against (a recording into a match without problems needs none of it)."""
        if self.before is not None or self.base is None:
            return self.before
        return self.base.copy().result()


def expect(have: int, expect_seq: int | None) -> None:
    """Refuse (:class:`MovedOn`, nothing stored) when the match holds other than *expect_seq* entries."""
    if expect_seq is not None and have != expect_seq:
        raise moved_on(have, expect_seq)


def _play_stopped(store: "MatchStore", match_id: str, entries: Callable[[], Sequence[StoredEntry]]) -> None:
    """Refuse a next hand while a dispute of the match is open or appealed, when the match's event says play
    stops for one (``disputes.stop_play`` of its scoring; off by default: play goes on while it is weighed)."""
    from referee.results.eventstate import event_state  # the event layer loads only for an event's match
    from referee.store.disputes import fold
    from referee.tournament.matchids import EVENT_MATCH

    m = EVENT_MATCH.fullmatch(match_id)  # first: a match of no event is not read for its disputes
    if m is None:
        return
    pending = fold(entries()).open_disputes()
    if not pending:
        return
    log = store.event_log(m["event"])
    if not log.exists() or not event_state(log).settings.scoring.stop_play:
        return
    d = pending[0]
    raise StoreError(M("hand {hand} of match {match} is under dispute ({number}: “{claim}”) and event {event} stops "
                       "play until a dispute is ruled (disputes.stop_play): rule it first (referee dispute {match} "
                       "rule {number}); nothing stored",
                       hand=d.hand, match=match_id, number=d.number, claim=d.claim, event=m["event"]))


def record(store: "MatchStore", match_id: str, events: Sequence[AnyEvent], referee: str | None = None, reason: str = "",
           expect_seq: int | None = None, *, lines: Sequence[int] | None = None,
           file: str | None = None, memo: "Memo | None" = None) -> Recorded:
    """Check *events* against the match and append them in one write, or store nothing and raise.

    *reason* is kept with each entry (a closed round's match requires one); *expect_seq*: the number of
    entries the caller saw (refused with :class:`MovedOn` when the match has another); *lines* (the
    events' lines in *file*) let a refusal name the place in a record file; *memo*: a long-running process's
    memory of the matches it writes (the venue server's: ``referee.store.memo``), which opens the match's
    session without reading and re-checking the whole chain when its file is as last written."""
    _no_header(events)
    return _recorded(store, match_id, lambda game, stored, line, prior: list(events), referee, reason, expect_seq,
                     lines=lines, file=file, memo=memo)


Reader = Callable[["Game", "list[AnyEvent]", int, "Callable[[], Any]"], "list[AnyEvent]"]
"""How :func:`enter` reads a referee's text: given the match's game, its stored events, the line (seq) the entry
takes and where the match stands (a call: worked out only when asked), the events it holds; a usage error
(nothing stored) when it holds none the game can read. :func:`as_directive` and :func:`as_answer` are the two."""


def as_directive(text: str, argument: str | None = None) -> Reader:
    """*text* read as one directive by the match's game (:meth:`Game.read_entry`); a usage error naming
    *argument* (the command line's ``DIRECTIVE``) when it cannot be read or holds none."""
    def read(game: Game, stored: list[AnyEvent], line: int, prior: Callable[[], Any]) -> list[AnyEvent]:
        reading = game.read_entry(stored, line, text)
        if reading.errors:
            if argument is not None:
                raise UsageError(M("cannot read the {argument} argument '{text}': {problem}", argument=argument,
                                   text=text, problem=reading.errors[0].msg))
            raise UsageError(M("cannot read '{text}': {problem}", text=text, problem=reading.errors[0].msg))
        if not reading.events:
            if argument is not None:
                raise UsageError(M("the {argument} argument '{text}' holds no directive (empty or a comment)",
                                   argument=argument, text=text))
            raise UsageError(M("'{text}' holds no directive (empty or a comment)", text=text))
        return [reading.events[0]]
    return read


def as_answer(text: str) -> Reader:
    """*text* read as the guided prompt reads an answer (``app.answers``: the game's short answers where it offers
    them, against where the match stands); a usage error when it cannot be read or holds no directive."""
    def read(game: Game, stored: list[AnyEvent], line: int, prior: Callable[[], Any]) -> list[AnyEvent]:
        from referee.app.answers import read_answer

        event = read_answer(text, prior(), game, lambda typed: game.read_entry(stored, line, typed))
        if event is None:
            raise UsageError(M("'{text}' holds no directive (empty or a comment)", text=text))
        return [event]
    return read


def readable(store: "MatchStore", match_id: str, text: str, argument: str | None = None) -> None:
    """Refuse (a usage error, as :func:`as_directive` words it) *text* that the match's game cannot read as a
    directive in the match's place: what an amend typed on the web is checked for before its correction."""
    from referee.results.replaying import game_of

    events = store.events(match_id)
    as_directive(text, argument)(game_of(events), events, max((ev.line for ev in events), default=0) + 1,
                                 lambda: None)


def enter(store: "MatchStore", match_id: str, read: Reader, referee: str | None = None, reason: str = "",
          expect_seq: int | None = None, *, memo: "Memo | None" = None) -> Recorded:
    """The one use case of a directive a referee types, for every game (``referee record MATCH DIRECTIVE``, the
    web's entry page and API): in the match's session (through *memo* where the process keeps one), the text
    read by the match's game (*read*: :func:`as_directive` or :func:`as_answer`), checked against the match by
    its engine (incrementally, from the memo's state where it kept one) and appended, or nothing stored and raise.
    What :func:`record` checks and refuses, the same words."""
    return _recorded(store, match_id, read, referee, reason, expect_seq, memo=memo)


def _no_header(events: Sequence[AnyEvent]) -> None:
    from referee.games.stored import game_of_events

    if any(game_of_events([ev]) is not None for ev in events):  # a header, of whichever game
        raise StoreError(M("the `match` header is written by `referee new`; to change it, amend seq 1"))


def added_problems(game: Game, before: Any, after: Any) -> list[RecordError]:
    """The mistakes *after* has that *before* had not (:func:`~referee.games.api.split_problems`: what the deal in
    progress still lacks is what comes next, not a mistake), each game's problems told apart by their key."""
    from referee.games.api import split_problems

    had = {e.key for e in split_problems(game, before).mistakes}  # a lack the deal had may become a mistake now
    return [e for e in split_problems(game, after).mistakes if e.key not in had]


def _recorded(store: "MatchStore", match_id: str, read: Reader, referee: str | None, reason: str,
              expect_seq: int | None, *, lines: Sequence[int] | None = None, file: str | None = None,
              memo: "Memo | None" = None) -> Recorded:
    from referee.app.appending import _file_rejection, require_reason
    from referee.app.officiate import Rejected, replay
    from referee.games.api import split_problems
    from referee.results import keptfold
    from referee.results.replaying import fold, game_of, rules_of

    with (store.session(match_id) if memo is None else memo.session(match_id)) as s:
        require_reason(store, match_id, reason)
        expect(s.count, expect_seq)
        # A fresh process's shortcut: the engine's state after the head's entries, kept by the last record
        # (``results.keptfold``: signed, used only when it is exactly that state, and kept only of an engine whose
        # reader reads a line alone); else the match read and replayed.
        kept = keptfold.load(store, match_id, s) if memo is None and file is None else None
        stored = [] if kept is not None else s.events()[0]
        game = game_of(kept.sketch[:1] if kept is not None else stored)  # the events are read by the match's game
        first = s.next_seq
        # The match as the engine left it after the stored events: copied and extended by the new ones, what a
        # replay of them all gives (Game.replayer), without replaying the match when the memo or the cache kept it.
        base = memo.fold(s) if memo is not None else kept.state if kept is not None else None
        if stored and (base is None or base.rules is not rules_of(stored)):
            base = fold(stored)
        if kept is None and memo is None and base is not None:
            kept = keptfold.start(stored, s.entries, base)
        start = base

        def prior() -> Any:
            return start.copy().result() if start is not None else replay(stored)

        events = read(game, stored, first, prior)
        _no_header(events)
        if not all(game.owns(ev) for ev in events):  # read as another game's: record_lines reads the text
            raise OtherGame(M("match {match} is a match of {game}: the directive was read as another game's; "
                              "nothing stored",
                              match=match_id, game=game.title))
        if game.deal_starts(events):
            _play_stopped(store, match_id, lambda: s.entries)
        new = [ev._replace(line=first + i) for i, ev in enumerate(events)]
        state = base.copy() if base is not None else None
        after = state.extend(new) if state is not None else replay(stored + new)
        before = None
        if split_problems(game, after).mistakes or len(new) > 1:  # the usual case has none: one replay, not two
            before = prior()
            added = added_problems(game, before, after)
            if added:
                if file is None or lines is None:
                    raise Rejected(added, game.refusal_expects(before) if len(new) == 1 else ())
                raise _file_rejection(stored, new, added, lines, file)
        items: list[NewEntry] = [{"kind": "event", "directive": game.format_event(ev), "reason": reason}
                                 for ev in new]
        entries = s.append_many(items, referee)
        if memo is not None and state is not None:
            memo.extend(s, new, state)
        elif kept is not None and state is not None:
            keptfold.save(store, match_id, kept, new, entries, state, after)
    return Recorded(entries, new, before, after, game, base)


def game_of_match(store: "MatchStore", match_id: str) -> Game:
    """The game a stored match's header names (Gunzi without ``game=``); an unknown game is a usage error."""
    from referee.games.stored import game_of_view
    from referee.store.store import corrected

    return game_of_view(corrected(store.entries(match_id)))


def record_lines(store: "MatchStore", match_id: str, texts: Sequence[str], referee: str | None = None,
                 reason: str = "", expect_seq: int | None = None) -> "GameRecorded":
    """Check directive *texts* against a match of any game and append them in one write, or store
    nothing and raise: read together by the game's reader after the match's lines (a player's name names a seat),
    then checked and appended as :func:`enter` checks and appends one (the one write path): refused when the
    engine finds a problem on one of them, a directive that opens a deal refused while a dispute stops play."""
    def read(game: Game, stored: list[AnyEvent], first: int, prior: Callable[[], Any]) -> list[AnyEvent]:
        held = [(ev.line, game.format_event(ev)) for ev in stored]
        reading = game.read_lines([*held, *((first + i, t) for i, t in enumerate(texts))])
        unread = [e for e in reading.errors if e.line >= first]
        if unread:
            e = unread[0]
            raise StoreError(M("cannot read '{text}': {problem}; nothing stored", text=texts[e.line - first],
                               problem=e.msg))
        return [ev for ev in reading.events if ev.line >= first]

    done = _recorded(store, match_id, read, referee, reason, expect_seq)
    assert done.game is not None
    from referee.app.recordtypes import GameRecorded

    return GameRecorded(done.game, done.entries, done.events, done.after, done.prior())


def record_text(store: "MatchStore", match_id: str, text: str, referee: str | None = None, reason: str = "",
                expect_seq: int | None = None) -> "GameRecorded":
    """One directive as a referee types it at the table (``referee record MATCH DIRECTIVE``, a line at the
    prompt), into a match of any game: read by the match's game, checked and stored by :func:`record_lines`, or
    nothing stored and raise."""
    if not text.strip() or text.lstrip().startswith("#"):
        raise StoreError(M("'{text}' holds no directive (empty or a comment); nothing stored", text=text))
    return record_lines(store, match_id, [text], referee, reason, expect_seq)


def correct_lines(store: "MatchStore", match_id: str, kind: str, seq: int | None = None, text: str | None = None,
                  reason: str = "", referee: str | None = None, force: bool = False,
                  argument: str | None = None) -> "GameRecorded":
    """An undo, void or amend (*text*: the directive an amend puts in place) of a match of any game, checked as
    :func:`record_lines` checks a directive: refused, nothing stored, when the game's engine finds a problem the
    match did not have — each one at another entry naming that entry (``it makes #7 (bid 2 3) wrong: …``) —
    unless *force*: the referee then fixes the record in the order they choose, and :attr:`GameRecorded.new_errors`
    holds the problems it left. The header can be amended (its id kept, its rules pinned), never removed.
    *argument* names where *text* was typed (``DIRECTIVE``): an amend that cannot be read is then a usage error
    naming it."""
    from referee.app.appending import guarded
    from referee.app.officiate import Rejected, _correction_target, _named
    from referee.games.api import split_problems
    from referee.games.stored import game_of_view
    from referee.store.pinning import amended_header, rules_of_match

    if kind not in ("undo", "void", "amend"):
        raise ValueError(kind)
    with guarded(store, match_id, reason), store.session(match_id) as s:
        view = s.view
        game = game_of_view(view)
        target = _correction_target(s, view, kind, seq)
        header_seq = next(iter(view))
        new_view = dict(view)
        directive = ""
        if kind == "amend":
            assert text is not None
            new_view[target] = text
        elif target == header_seq:
            raise StoreError(M("#{seq} is the match header; it can be amended, not removed", seq=target))
        else:
            del new_view[target]
        reading = game.read_lines(new_view.items())
        if kind == "amend":
            _readable(reading, target, text or "", argument)
            new_event = next(ev for ev in reading.events if ev.line == target)
            header = game.header([new_event])
            if (target == header_seq) != (header is not None):
                raise StoreError(M("#{seq} is the match header: amend it with a `match` directive", seq=target)
                                 if target == header_seq else M("a `match` header can only replace the header (seq 1)"))
            if header is not None and header.id != match_id:
                raise StoreError(M("the match id cannot change ({old} → {new}); import it anew", old=match_id,
                                   new=header.id))
            if header is not None:  # kept pinned (referee.store.pinning)
                old_events, _ = s.events()
                new_event = amended_header(store, game, old_events, new_event)
                new_view[target] = game.format_event(new_event)
                reading = game.read_lines(new_view.items())
            directive = game.format_event(new_event)
        old, _ = s.events()
        after = game.replay(reading.events, rules_of_match(game, reading.events, store))
        # before: under the rules the match named before (an amended header may name others)
        before = game.replay(old, rules_of_match(game, old, store))
        had = {e.key for e in game.problems(before)}
        added = [e for e in split_problems(game, after).mistakes if e.key not in had]
        if added and not force:
            raise Rejected(_named(added, new_view, target), (), what=kind)
        entry = s.append(kind, directive, referee, target=target, reason=reason)
    if kind == "amend" and target == header_seq:  # the index repeats the header's fields
        header = game.header(reading.events)
        if header is not None:
            store.index_header(header)
    from referee.app.recordtypes import GameRecorded

    return GameRecorded(game, [entry], [], after, before, view[target], added)


def _readable(reading: Reading, target: int, text: str, argument: str | None) -> None:
    """Refuse an amend whose directive cannot be read, or holds none (a blank line, a comment): nothing stored; a
    usage error naming the *argument* it was typed as, where there is one."""
    from referee.core.errors import UsageError

    unread = [e for e in reading.errors if e.line == target]
    if unread:
        if argument is not None:
            raise UsageError(M("cannot read the {argument} argument '{text}': {problem}", argument=argument,
                               text=text, problem=unread[0].msg))
        raise StoreError(M("cannot read '{text}': {problem}; nothing stored", text=text, problem=unread[0].msg))
    if not any(ev.line == target for ev in reading.events):
        if argument is not None:
            raise UsageError(M("the {argument} argument '{text}' holds no directive (empty or a comment)",
                               argument=argument, text=text))
        raise StoreError(M("'{text}' holds no directive (empty or a comment); nothing stored", text=text))


def game_state(store: "MatchStore", match_id: str) -> "GameState":
    """The match as its game reads it now: guided entry's prompt and ``status`` of a game other than Gunzi."""
    from referee.games.stored import game_of_view
    from referee.store.pinning import rules_of_match
    from referee.store.store import corrected

    entries = store.entries(match_id)
    view = corrected(entries)
    game = game_of_view(view)
    events = game.read_lines(view.items()).events
    result = game.replay(events, rules_of_match(game, events, store))
    from referee.app.recordtypes import GameState

    return GameState(game, result, game.expected(result), len(entries))
