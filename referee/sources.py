"""Where a match comes from: a record file, or a match stored at the table.

``replay``, ``explain``, ``export`` and ``scorecard`` take one argument that is either a path to a
record file or a stored match id; :func:`load` turns it into the same thing either way.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple

from referee.errors import NotFound, RefereeError
from referee.events import Event, MatchHeader, RecordError, header_of
from referee.i18n import M

if TYPE_CHECKING:
    from referee.notation import Record
    from referee.store.store import LogEntry

DEFAULT_RULES = "dalian-club"


class SourceError(NotFound, ValueError):
    """The argument names neither a record file nor a stored match: ``SourceError(M(...))``."""


class Source(NamedTuple):
    name: str  # the file path as given, or the match id
    events: list[Event]
    errors: list[RecordError]  # parse errors (lines of a file; sequence numbers of a stored match)
    origin: Literal["file", "store"]
    log: Sequence[LogEntry] = ()  # the store's audit trail; () for a file
    rules: str = DEFAULT_RULES  # the rule set named in the match header

    @property
    def header(self) -> MatchHeader | None:
        return header_of(self.events)


def _rules_of(events: list[Event]) -> str:
    header = header_of(events)
    return (header.rules if header else None) or DEFAULT_RULES


def read_record(path: str | os.PathLike[str]) -> Record:
    """Read and parse a record file (UTF-8, a byte-order mark allowed); SourceError names the file."""
    from referee.notation import parse

    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except UnicodeDecodeError as e:
        raise SourceError(M("{path}: not a UTF-8 text file ({reason} at byte {byte})",
                            path=str(path), reason=e.reason, byte=e.start)) from None
    except OSError as e:
        raise SourceError(M("{path}: cannot read it ({reason})", path=str(path),
                            reason=e.strerror)) from None
    return parse(text)


def load(source: str, db: str | None = None) -> Source:
    """A record file (if *source* is an existing file) or else a stored match id.

    *db* is the store folder (``--db``); without it ``REFEREE_DB`` or ``./referee-store``.
    Raises :class:`SourceError` naming the argument when it is neither.
    """
    if os.path.isfile(source):
        record = read_record(source)
        return Source(name=source, events=list(record.events), errors=list(record.errors), origin="file",
                      log=[], rules=_rules_of(record.events))

    from referee.store.store import Store, StoreError, UnknownMatch

    store = Store(db)
    try:
        events, errors = store.events_and_errors(source)
        log = store.log(source)
    except UnknownMatch:
        if os.path.exists(source):
            raise SourceError(M("'{source}' is not a record file (it is a folder?)", source=source)) from None
        raise _not_found(source, store.root, store.match_ids()) from None
    except StoreError as e:
        raise SourceError(M("'{source}': {problem}", source=source,
                            problem=_problem(e))) from None
    return Source(name=source, events=events, errors=errors, origin="store", log=log,
                  rules=_rules_of(events))


def _not_found(source: str, root: object, ids: list[str]) -> SourceError:
    """Neither a file nor a stored match; the stored ones are named (the first eight) when there are any."""
    if not ids:
        return SourceError(M("'{source}' is neither a record file nor a match stored in {root}",
                             source=source, root=str(root)))
    shown = ", ".join(ids[:8]) + (" …" if len(ids) > 8 else "")
    return SourceError(M("'{source}' is neither a record file nor a match stored in {root}; stored matches: {ids}",
                         source=source, root=str(root), ids=shown))


def _problem(error: Exception) -> object:
    """A store error's message (in no language yet), or the text of any other error."""
    return error.msg if isinstance(error, RefereeError) else str(error)
