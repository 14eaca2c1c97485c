"""The store proper: matches as append-only, hash-chained entries in TinyDB files.

Every entry is one of four kinds, all appended, none ever edited or removed:

- ``event``: a directive recorded at the table (its canonical text);
- ``undo``: takes back the latest event still in effect (``target`` names it);
- ``void``: takes back event ``target``, with a ``reason``;
- ``amend``: replaces event ``target`` by ``directive`` (same place in the match), with a ``reason``.

The *corrected view* applies them in order; it is what replay, export and the scorecard read, as
:class:`referee.events.Event` values whose ``line`` is the store sequence number of the event's
place in the match. Writers take the match's cross-process lock around read-check-append; readers
need no lock, because every write replaces the file atomically.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple, Required, TypedDict, cast
from urllib.parse import quote, unquote

from referee.errors import NotFound, RefereeError
from referee.events import Event, MatchHeader, RecordError, record_error
from referee.i18n import M, Msg
from referee.store import chain
from referee.store.chain import StoredEntry
from referee.store.files import AtomicJSONStorage, clean_temp, lock

DEFAULT_DIR = "referee-store"
TABLE = "entries"


class StoreError(RefereeError):
    """A store operation that cannot be done (exit 1): ``StoreError(M("…", field=…))``, the message
    saying why in plain words, worded in the user's language where it is shown."""


class StoreBusy(StoreError, TimeoutError):
    """Another process held the match's lock for too long; nothing was written."""


class UnknownMatch(NotFound, StoreError):
    """A match id the store does not hold: something named that is not there (exit 2)."""


class DuplicateMatch(StoreError):
    """A match id already stored (refused, exit 1)."""


class BrokenChain(StoreError):
    """A match file whose hash chain or content is broken; ``problem`` says where (for ``verify``)."""

    def __init__(self, problem: chain.ChainProblem | Msg, suffix: Msg | None = None) -> None:
        self.problem: chain.ChainProblem | None
        if isinstance(problem, Msg):  # pickling hands the message back
            super().__init__(problem)
            self.problem = None
            return
        msg = problem.msg if suffix is None else suffix.bind(problem=problem.msg)
        super().__init__(msg)
        self.problem = problem


def _broken_file(match_id: str, what: Msg) -> BrokenChain:
    """The error of a match file that cannot be read as a chain at all."""
    return BrokenChain(chain.ChainProblem(match_id, None, what))


def _not_json(match_id: str, error: ValueError, path: Path | None = None) -> BrokenChain:
    if path is None:
        return _broken_file(match_id, M("the store file is not valid JSON ({detail})", detail=str(error)))
    return _broken_file(match_id, M("the store file {path} is not valid JSON ({detail})", path=path, detail=str(error)))


class LogEntry(NamedTuple):
    """One line of the audit trail."""

    seq: int
    kind: str  # "event" | "undo" | "void" | "amend"
    directive: str  # the directive recorded (event) or put in place (amend); "" for undo/void
    target: int | None  # the event an undo/void/amend corrects
    reason: str
    referee: str
    time: str  # UTC, ISO 8601
    superseded_by: int | None = None  # for an event or amend: the later entry that took it back/replaced it


class NewEntry(TypedDict, total=False):
    """An entry a writer appends (:meth:`MatchSession.append_many`): the store sets the rest."""

    kind: Required[str]  # one of chain.KINDS
    directive: str
    target: int | None
    reason: str


class Summary(TypedDict, total=False):
    """One stored match for ``list``: its row of the index, or the same read from its header."""

    id: Required[str]
    file: str  # the match file's name in matches/
    rules: str  # "?" when the match's header cannot be read
    date: str | None
    event: str | None
    table: str | None
    round: str | None
    created: str  # when it was indexed (UTC, ISO 8601)


def resolve_root(db: str | os.PathLike[str] | None = None) -> Path:
    return Path(db or os.environ.get("REFEREE_DB") or DEFAULT_DIR)


def referee_name(name: str | None = None) -> str:
    if name:
        return name
    env = os.environ.get("REFEREE_NAME")
    if env:
        return env
    import getpass

    try:
        return getpass.getuser()
    except Exception:  # pragma: no cover - no user database
        return "unknown"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def file_stem(match_id: str) -> str:
    """A file name for a match id: the id itself where it is safe, %-escaped where not."""
    stem = quote(match_id, safe="-_.")
    if stem.startswith("."):
        stem = "%2E" + stem[1:]
    return stem


def corrected(entries: Iterable[StoredEntry]) -> dict[int, str]:
    """The corrected view: place (seq of the original event) → directive text, in match order."""
    view: dict[int, str] = {}
    for e in entries:
        kind = e["kind"]
        if kind == "event":
            view[e["seq"]] = e["directive"]
        elif kind in ("undo", "void"):
            target = e["target"]
            if target is not None:  # no place is None: a correction of none changes nothing
                view.pop(target, None)
        elif kind == "amend":
            target = e["target"]
            if target is not None and target in view:
                view[target] = e["directive"]
    return view


def to_events(view: Mapping[int, str]) -> tuple[list[Event], list[RecordError]]:
    from referee.notation import NotationError, parse_line

    events: list[Event] = []
    errors: list[RecordError] = []
    for seq, text in view.items():
        try:
            ev = parse_line(text, line=seq)
        except NotationError as e:
            errors.append(record_error(seq, e))
            continue
        if ev is not None:
            events.append(ev)
    return events, errors


def log_of(entries: Sequence[StoredEntry]) -> list[LogEntry]:
    holder: dict[int, int] = {}  # place → seq of the entry whose text is in effect
    later: dict[int, int] = {}
    for e in entries:
        kind, seq = e["kind"], e["seq"]
        if kind == "event":
            holder[seq] = seq
            continue
        target = e["target"]
        if target is not None and target in holder:
            later[holder[target]] = seq
            if kind == "amend":
                holder[target] = seq
            else:
                del holder[target]
    return [
        LogEntry(seq=e["seq"], kind=e["kind"], directive=e.get("directive") or "", target=e.get("target"),
                 reason=e.get("reason") or "", referee=e.get("referee") or "", time=e.get("time") or "",
                 superseded_by=later.get(e["seq"]))
        for e in entries
    ]


class MatchSession:
    """A match opened for writing, its lock held: read, check, append.

    It reads and writes the match file through its storage, in the layout TinyDB gives a table
    (``{"entries": {"1": {…}, "2": {…}}}``, so TinyDB reads it as ever): an append needs none of
    TinyDB's table layer, whose imports cost ~4 ms of every ``referee record``.
    """

    def __init__(self, match_id: str, path: Path) -> None:
        self.match_id = match_id
        self.path = path
        self.storage = AtomicJSONStorage(path)
        self.entries: list[StoredEntry] = read_entries(self.storage.read(), match_id)

    @property
    def next_seq(self) -> int:
        return len(self.entries) + 1

    @property
    def view(self) -> dict[int, str]:
        return corrected(self.entries)

    def events(self) -> tuple[list[Event], list[RecordError]]:
        return to_events(self.view)

    def append(self, kind: str, directive: str = "", referee: str | None = None,
               target: int | None = None, reason: str = "") -> StoredEntry:
        return self.append_many([{"kind": kind, "directive": directive, "target": target, "reason": reason}],
                                referee)[0]

    def append_many(self, items: Sequence[NewEntry], referee: str | None = None) -> list[StoredEntry]:
        """Append entries in one atomic write (all or none)."""
        who = referee_name(referee)
        stamp = now()
        prev = self.entries[-1]["hash"] if self.entries else chain.GENESIS
        new: list[StoredEntry] = []
        for item in items:
            entry: chain.Unsealed = {"seq": len(self.entries) + len(new) + 1, "kind": item["kind"], "time": stamp,
                                     "referee": who, "directive": item.get("directive") or "",
                                     "target": item.get("target"), "reason": item.get("reason") or ""}
            sealed = chain.seal(self.match_id, entry, prev)
            prev = sealed["hash"]
            new.append(sealed)
        data = dict(self.storage.read() or {})
        table = dict(data.get(TABLE) or {})
        table.update((str(e["seq"]), e) for e in new)
        data[TABLE] = table
        self.storage.write(data)
        self.entries.extend(new)
        return new


def new_header(events: Sequence[Event]) -> MatchHeader:
    """The header a new match begins with; a store error when it has none, or one without an id."""
    if not events or not isinstance(events[0], MatchHeader):
        raise StoreError(M("a match must begin with its `match` header"))
    header = events[0]
    if not header.id:
        raise StoreError(M("the match header has no id"))
    return header


def read_entries(data: Mapping[str, object] | None, match_id: str) -> list[StoredEntry]:
    """The entries of a match file's JSON, as stored: their chain is checked by the writers
    (:meth:`Store.session`) and by ``verify``, not here."""
    if data is None:
        return []
    table = data.get(TABLE, {})
    if not isinstance(table, dict):
        raise _broken_file(match_id, M("the store file has no readable entries table"))
    return list(table.values())


class Store:
    """A store folder. Cheap to create: nothing is read until asked."""

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self.root = resolve_root(root)
        self.matches_dir = self.root / "matches"
        self.index_path = self.root / "index.json"

    # --- paths and raw reads --------------------------------------------------------------------

    def path(self, match_id: str) -> Path:
        return self.matches_dir / (file_stem(match_id) + ".json")

    def exists(self, match_id: str) -> bool:
        return self.path(match_id).is_file()

    def _raw(self, match_id: str) -> Any:
        """The match file's JSON as stored, of whatever shape a hand-edit left (``verify`` checks it)."""
        import json

        path = self.path(match_id)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise self._unknown(match_id) from None
        try:
            return json.loads(raw) if raw.strip() else None
        except ValueError as e:
            raise _not_json(match_id, e, path) from None

    def _unknown(self, match_id: str) -> UnknownMatch:
        """The error naming a match id not stored, with the ids that are (the first eight)."""
        ids = self.match_ids()
        if not ids:
            return UnknownMatch(M("no match '{match}' in the store at {root} (matches stored: none)", match=match_id,
                                  root=self.root))
        stored = ids[:8] + (["…"] if len(ids) > 8 else [])
        return UnknownMatch(M("no match '{match}' in the store at {root} (matches stored: {stored:list})",
                              match=match_id,
                              root=self.root, stored=stored))

    def entries(self, match_id: str) -> list[StoredEntry]:
        """The raw entries of a match, in stored order (no lock: files are replaced atomically)."""
        if not self.exists(match_id):
            raise self._unknown(match_id)
        try:
            return read_entries(AtomicJSONStorage(self.path(match_id), create=False).read(), match_id)
        except ValueError as e:
            raise _not_json(match_id, e) from None

    # --- the reading API ------------------------------------------------------------------------

    def match_ids(self) -> list[str]:
        try:
            names = os.listdir(self.matches_dir)
        except FileNotFoundError:
            return []
        return sorted(unquote(n[:-5]) for n in names if n.endswith(".json") and not n.startswith("."))

    def events_and_errors(self, match_id: str) -> tuple[list[Event], list[RecordError]]:
        return to_events(corrected(self.entries(match_id)))

    def events(self, match_id: str) -> list[Event]:
        """The corrected view, as events with ``line`` = the store sequence number."""
        return self.events_and_errors(match_id)[0]

    def header(self, match_id: str) -> MatchHeader:
        for ev in self.events(match_id):
            if isinstance(ev, MatchHeader):
                return ev
        raise StoreError(M("match {match}: no match header in effect",
                           match=match_id))

    def log(self, match_id: str) -> list[LogEntry]:
        return log_of(self.entries(match_id))

    def verify(self, match_ids: list[str] | None = None) -> tuple[int, int, list[chain.ChainProblem]]:
        """Recompute every chain: (matches checked, entries checked, problems)."""
        problems: list[chain.ChainProblem] = []
        n_entries = 0
        ids = self.match_ids() if match_ids is None else match_ids
        for mid in ids:
            checked, problem = self._verify_one(mid)
            n_entries += checked
            if problem is not None:
                problems.append(problem)
        return len(ids), n_entries, problems

    def _verify_one(self, mid: str) -> tuple[int, chain.ChainProblem | None]:
        """(entries checked, the first problem or None) of one match file, read as stored."""
        try:
            data = self._raw(mid)
        except BrokenChain as e:
            return 0, e.problem
        except StoreError as e:  # gone since it was listed
            return 0, chain.ChainProblem(mid, None, e.msg)
        table = (data or {}).get(TABLE, {})
        if not isinstance(table, dict):
            return 0, chain.ChainProblem(mid, None, M("no readable entries table"))
        for key, entry in table.items():
            if isinstance(entry, dict) and str(entry.get("seq")) != key:
                return 0, chain.ChainProblem(mid, entry.get("seq"), M(
                    "stored under id {key} but carries seq {seq}",
                    key=key, seq=entry.get("seq")))
        entries = list(table.values())
        if not all(isinstance(e, dict) for e in entries):
            return len(entries), chain.ChainProblem(mid, None, M("an entry is not a JSON object"))
        problem = chain.check(mid, entries)
        if problem is None and entries and entries[0].get("kind") != "event":
            problem = chain.ChainProblem(mid, 1, M("the first entry is not an event"))
        return len(entries), problem

    # --- writing --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def session(self, match_id: str, *, must_exist: bool = True) -> Iterator[MatchSession]:
        """Open a match for writing: take its lock, clean a killed writer's litter, check the chain."""
        path = self.path(match_id)
        if must_exist and not path.is_file():
            raise self._unknown(match_id)
        self.matches_dir.mkdir(parents=True, exist_ok=True)
        with lock(path):
            clean_temp(path)
            if must_exist and not path.is_file():
                raise self._unknown(match_id)
            try:
                s = MatchSession(match_id, path)
            except ValueError as e:
                raise _not_json(match_id, e) from None
            problem = chain.check(match_id, s.entries)
            if problem:
                raise BrokenChain(problem, M("{problem}; nothing recorded (run `referee verify`)"))
            yield s

    def create(self, events: list[Event], referee: str | None = None, replace: bool = False,
               _index: bool = True) -> str:
        """Store a new match from its events (the header first). Returns the match id."""
        from referee.notation import format_event

        header = new_header(events)
        match_id = header.id
        path = self.path(match_id)
        self.matches_dir.mkdir(parents=True, exist_ok=True)
        with lock(path):
            clean_temp(path)
            if path.is_file():
                if not replace:
                    raise DuplicateMatch(M("match '{match}' is already in the store at {root} (use --replace to "
                                           "overwrite it; the old one is kept in replaced/)",
                                           match=match_id, root=self.root))
                self._keep_replaced(path)
            s = MatchSession(match_id, path)
            s.append_many([{"kind": "event", "directive": format_event(ev)} for ev in events], referee)
        if _index:
            self._index_put(header)
        return match_id

    def _keep_replaced(self, path: Path) -> None:
        """Move the match file *path* into replaced/, under a name stamped with the time (never deleted)."""
        keep = self.root / "replaced"
        keep.mkdir(exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        os.replace(path, keep / f"{path.stem}.{stamp}.json")

    # --- the index (summaries for `list`; recording never touches it) ----------------------------

    def _index_put(self, *headers: MatchHeader) -> None:
        from tinydb import TinyDB

        self.root.mkdir(parents=True, exist_ok=True)
        with lock(self.index_path):
            clean_temp(self.index_path)
            table = TinyDB(str(self.index_path), storage=AtomicJSONStorage).table("matches")
            rows: dict[str, int] = {row["id"]: row.doc_id for row in table.all()}
            new: list[Summary] = []
            stamp = now()
            for h in headers:
                row: Summary = {"id": h.id, "file": self.path(h.id).name, "rules": h.rules, "date": h.date,
                                "event": h.event, "table": h.table, "round": h.round, "created": stamp}
                if h.id in rows:
                    table.update(row, doc_ids=[rows[h.id]])
                else:
                    new.append(row)
            if new:
                table.insert_multiple(new)

    def create_many(self, matches: list[list[Event]], referee: str | None = None) -> None:
        """Store many new matches, indexing them in one write (for imports of a season, benches)."""
        headers: list[MatchHeader] = []
        for events in matches:
            self.create(events, referee, _index=False)
            headers.append(new_header(events))
        self._index_put(*headers)

    def summaries(self) -> list[Summary]:
        """One row per stored match, from the index; matches missing from it (a crash between
        writing a match and indexing it) are read and indexed now; rows without a file are dropped."""
        from tinydb import TinyDB

        rows: dict[str, Summary] = {}
        if self.index_path.is_file():
            db = TinyDB(str(self.index_path), storage=AtomicJSONStorage, create=False)
            for row in db.table("matches").all():
                rows[row["id"]] = cast(Summary, dict(row))  # the index holds the rows _index_put wrote
        ids = self.match_ids()
        missing: list[MatchHeader] = []
        for mid in ids:
            if mid not in rows:
                try:
                    header = self.header(mid)
                except StoreError:
                    rows[mid] = {"id": mid, "rules": "?", "date": None, "event": None, "table": None, "round": None}
                    continue
                missing.append(header)
                rows[mid] = {"id": mid, "rules": header.rules, "date": header.date, "event": header.event,
                             "table": header.table, "round": header.round}
        if missing:
            self._index_put(*missing)
        present = set(ids)
        return [rows[k] for k in sorted(rows) if k in present]

