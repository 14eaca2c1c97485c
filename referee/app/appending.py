"""Appending to a stored match: directives checked by the rules together, stored all or none, and
a closed round's results kept final unless a reason is given.

``referee record ID --file FILE`` is the path for a referee who kept a paper sheet: the hands of the
file are appended to the stored match in one atomic write, each directive checked as ``referee
record`` checks one (the engine replays the match with it and refuses an error the match did not
have). The engine's errors belong to the event that caused them and never to a later one, so one
replay of the stored events and the file's finds exactly what checking them one by one finds.

A match of an event's round that is closed (``referee event close``) holds a final result: any entry
into it, a correction included, needs a reason (``--reason``), which is stored with the entry, and
the standings then mark the round "corrected after close" with the entry's seq and that reason. The
check is made under the match's lock, which ``event close`` also holds while it closes the round.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.

import contextlib
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.core.errors import UsageError
from referee.core.frozen import Record
from referee.core.i18n import MN, M, Msg
from referee.core.records import RecordError
from referee.games.api import AnyEvent, Game
from referee.store.closeheads import close_finding, hash_at
from referee.store.store import StoreError
from referee.tournament.matchids import EVENT_MATCH

if TYPE_CHECKING:
    from referee.app.recordtypes import FileEvents
    from referee.store.api import MatchStore  # quoted where named: interfaces, built by no record


class ClosedRound(Record):
    event: str
    round: int
    head: tuple[int, str] | None = None  # the match's head its close recorded (entries, last hash)


def closed_round(store: "MatchStore", match_id: str) -> ClosedRound | None:
    """The closed round of an event that *match_id* was paired in, or None (a match of no event, or
    of a round still open)."""
    m = EVENT_MATCH.fullmatch(match_id)
    if m is None:
        return None
    log = store.event_log(m["event"])
    if not log.exists():
        return None
    number = int(m["round"])
    paired = closed = False
    head: tuple[int, str] | None = None
    for action in log.actions():  # a scan of the (chain-checked) log: no replay of the event's state
        if action.get("action") == "round_paired" and action.get("round") == number:
            tables = action.get("tables")
            paired = isinstance(tables, list) and any(isinstance(t, dict) and t.get("match") == match_id
                                                      for t in tables)
        elif action.get("action") == "round_closed" and action.get("round") == number:
            closed = True
            heads = action.get("heads")
            got = heads.get(match_id) if isinstance(heads, dict) else None
            if isinstance(got, dict) and type(got.get("entries")) is int and isinstance(got.get("hash"), str):
                head = (got["entries"], got["hash"])
    return ClosedRound(m["event"], number, head) if paired and closed else None


def require_reason(store: "MatchStore", match_id: str, reason: str) -> None:
    """Refuse (nothing stored) an entry without a reason into a match of a closed round, and any entry
    into one that no longer carries the head its round's close recorded (cut back or rewritten since)."""
    closed = closed_round(store, match_id)
    if closed is not None and closed.head is not None:
        entries = store.entries(match_id)
        problem = close_finding(closed.event, closed.round, match_id, closed.head, len(entries),
                                hash_at(entries, closed.head[0]))
        if problem is not None:
            raise StoreError(M("{problem}; nothing recorded (run `referee verify`)", problem=problem))
    if closed is not None and not reason.strip():
        raise StoreError(M(
            "match {match} was played in round {round} of event {event}, which is closed: its result is final. "
            "To change it anyway, give --reason TEXT: it is kept with the entry and the standings mark the round "
            "as corrected after its close",
            match=match_id, round=closed.round, event=closed.event))


@contextlib.contextmanager
def guarded(store: "MatchStore", match_id: str, reason: str) -> Iterator[None]:
    """The match's lock held, and a reason required if its round is closed (for undo, void, amend:
    the store's own session takes the same lock again, which is re-entrant within a thread)."""
    if not store.exists(match_id):  # the store's session names the missing match
        yield
        return
    with store.lock_match(match_id):
        require_reason(store, match_id, reason)
        yield


def _file_rejection(stored: list[AnyEvent], new: list[AnyEvent], added: list[RecordError], lines: Sequence[int],
                    file: str) -> StoreError:
    """The first directive of the file the rules refuse, at its line, with what the match expected there."""
    from referee.app.officiate import replay
    from referee.results.replaying import game_of
    from referee.views.matchtext import hints, semicolons

    game = game_of(stored)
    before = replay(stored)
    started = _restarted(stored, new, game, before, lines, file)
    if started is not None:
        return StoreError(started)
    first = min(e.line for e in added)
    k = next((i for i, ev in enumerate(new) if ev.line == first), 0)
    problems = semicolons([_file_lines(e.msg, new[0].line, lines) for e in added if e.line == first])
    expected = game.expects(replay(stored + new[:k]))
    more = len({e.line for e in added}) - 1
    msg = M("{file}:{line}: {problem}; expected there: {expected}. Nothing stored: the file's directives are "
            "stored all together or not at all",
            file=file, line=lines[k], problem=problems, expected=hints(expected))
    if more:
        msg = MN("{message} (and {n} more line after it)", "{message} (and {n} more lines after it)", more, message=msg)
    return StoreError(msg)


def _file_lines(msg: Msg, first: int, lines: Sequence[int]) -> Msg:
    """*msg* with the lines it names (``line`` fields: places of the combined record, the stored entries
    then the file's directives from *first* on) as the file's lines, or ``#seq`` for a stored entry."""
    fields: list[tuple[str, object]] = []
    for key, value in msg.fields:
        if isinstance(value, Msg):
            value = _file_lines(value, first, lines)
        elif key == "line" and type(value) is int and value > 0:
            value = lines[value - first] if first <= value < first + len(lines) else f"#{value}"
        fields.append((key, value))
    return msg._replace(fields=tuple(fields))


def _restarted(stored: list[AnyEvent], new: list[AnyEvent], game: Game, before: Any, lines: Sequence[int],
               file: str) -> Msg | None:
    """When the file starts again a deal the match has in progress (:meth:`Game.where`; a deal opens where
    :meth:`Game.deal_starts` says): which deal, the entries it holds, and which of the file's lines repeat them
    (to leave out); None otherwise."""
    where_now = game.where(stored, before)
    if not where_now.in_deal or not game.deal_starts(new[:1]):
        return None
    opening = game.deal_starts(stored)[-1]
    start = next(i for i, ev in enumerate(stored) if ev.line == opening)
    have = [game.format_event(ev) for ev in stored[start:]]
    given = [game.format_event(ev) for ev in new[:len(have)]]
    first_seq, last_seq = stored[start].line, stored[-1].line
    where = M("{file}:{line}: hand {hand} of game {game} is already in progress in the match (stored as "
              "#{first}–#{last})",
              file=file, line=lines[0], hand=where_now.deal, game=where_now.unit, first=first_seq, last=last_seq)
    if given == have and len(new) > len(have):
        return M("{where}: the file's lines {start}–{end} repeat those entries. Leave them out and record from line "
                 "{next} on; nothing stored",
                 where=where, start=lines[0], end=lines[len(have) - 1], next=lines[len(have)])
    return M("{where}: the file starts it again. Leave out the file's lines of that hand up to #{last}'s "
             "directive ({directive}), or take the stored ones back first (referee undo); nothing stored",
             where=where, last=last_seq, directive=have[-1])


# --- a record file ------------------------------------------------------------------------------------

_HEADER_FIELDS = ("date", "event", "table", "round", "referee")


def read_file(store: "MatchStore", match_id: str, path: Path) -> "FileEvents":
    """The directives of a record file to append to *match_id*: its header, team and seat lines must
    agree with the stored ones (they are then left out) or be absent; a usage error (exit 2) lists
    every line that cannot be read or does not agree."""
    from referee.app.sources import decode, read_bounded, read_record
    from referee.results.replaying import game_of

    name = str(path)
    if not path.exists():  # a folder, a FIFO or a device is the reader's to refuse, naming it
        from referee.core.errors import NotFound

        raise NotFound(M("{file}: no such file", file=name))
    problems: list[Msg] = []
    stored = store.events(match_id)
    game = game_of(stored)
    record = read_record(path, game=game)
    # the lines as read_record decoded them (UTF-8, UTF-16 with a BOM or GBK: the decoding of check/replay/import)
    text = decode(read_bounded(path), name).text
    raw = text.splitlines()
    if record.errors:  # perhaps only read alone: a player's name in it names the seat the match gave them
        record = _in_context(game, stored, record, text)
    problems += [M("{file}:{line}: {problem}", file=name, line=e.line, problem=e.msg) for e in record.errors]
    header = game.header(stored)
    # the names the match was created with (a side's, a seat's: Game.setup events other than the header), by
    # their kind and the side or seat they name (each such event's first field)
    names = {(type(ev), ev[0]): ev.name for ev in stored if _named(game, ev)}
    keep: list[AnyEvent] = []
    lines: list[int] = []
    skipped = 0
    for ev in record.events:
        at = ev.line
        if game.header([ev]) is not None:
            problems += _header_problems(ev, header, match_id, raw[at - 1] if at <= len(raw) else "", name, at)
            skipped += 1
            continue
        if _named(game, ev) and (type(ev), ev[0]) in names:
            key, have = ev[0], names[type(ev), ev[0]]
            if ev.name != have:
                problems.append(M("{file}:{line}: {what} is '{given}' here but '{stored}' in match {match}",
                                  file=name, line=at, what=key, given=ev.name, stored=have, match=match_id))
            skipped += 1
            continue
        keep.append(ev)
        lines.append(at)
    if problems:
        raise UsageError(_listed(name, problems))
    if not keep:
        raise UsageError(M("{file}: no directive to record (only header, team and seat lines that are stored already)",
                           file=name))
    from referee.app.recordtypes import FileEvents  # the --file path's alone

    return FileEvents(keep, lines, skipped)


def _in_context(game: Game, stored: list[AnyEvent], alone: Any, text: str) -> Any:
    """A record file's reading after the match's own setup lines (its header, the sides' and seats' names, read
    before the file's lines and numbered 0: a game's reader names a seat by the name its record gave it), the
    file's header (if any) first still; what the file's lines hold, each at its line, with the problems
    :meth:`Game.read_record` finds in its names. *alone* (the file read by itself) when the match's names change
    nothing of its reading (a game whose lines stand alone) or make it worse."""
    lines = list(enumerate(text.splitlines(), 1))
    head = game.header(alone.events)
    at = head.line if head is not None else None
    context = [(0, game.format_event(ev)) for ev in stored
               if game.setup(ev) and (at is None or game.header([ev]) is None)]
    first = [(n, t) for n, t in lines if n == at]
    reading = game.read_lines([*first, *context, *((n, t) for n, t in lines if n != at)])
    read_only = {e.key for e in game.read(text).errors}
    names = [e for e in alone.errors if e.key not in read_only]  # the checks read_record adds to the reader's
    errors = sorted([*(e for e in reading.errors if e.line >= 1), *names], key=lambda e: e.line)
    if len(errors) > len(alone.errors) or {e.key for e in errors} == {e.key for e in alone.errors}:
        return alone  # the match's names changed nothing: the file's reading as it is
    from referee.app.recordtypes import FileReading  # the --file path's alone

    return FileReading([ev for ev in reading.events if ev.line >= 1], errors)


def _named(game: Game, ev: AnyEvent) -> bool:
    """Whether *ev* names a side or a seat as a new match is created with (a setup event, not the header)."""
    return game.setup(ev) and game.header([ev]) is None and hasattr(ev, "name")


def _header_problems(ev: Any, header: Any, match_id: str, text: str, file: str,
                     line: int) -> list[Msg]:
    """How a file's `match` line disagrees with the stored header (a key it leaves out agrees)."""
    out: list[Msg] = []

    def differs(key: str, given: str, have: str | None) -> None:
        out.append(M("{file}:{line}: the header's {key} is '{given}' but match {match} has '{stored}'",
                     file=file, line=line, key=key, given=given, stored=have or "-", match=match_id))

    if ev.id != match_id:
        differs("id", ev.id, match_id)
    if header is None:
        return out
    if ev.rules != header.rules and re.search(r"(?i)\brules\s*=", text):
        differs("rules", ev.rules, header.rules)
    for key in _HEADER_FIELDS:
        given = getattr(ev, key, None)
        if given is not None and given != getattr(header, key, None):
            differs(key, given, getattr(header, key, None))
    stored_extra = dict(getattr(header, "extra", ()))
    for key, given in getattr(ev, "extra", ()):
        if stored_extra.get(key) != given:
            differs(key, given, stored_extra.get(key))
    return out


def _listed(file: str, problems: list[Msg]) -> Msg:
    if len(problems) == 1:
        return problems[0]
    out = M("{file}: {n} problems, nothing stored:", file=file, n=len(problems))
    for p in problems:
        out = Msg("{first}\n  {rest}", (("first", out), ("rest", p)))
    return out
