"""The event's own record: an append-only, hash-chained log of what the director did.

One file per event, ``events/<file_stem(id)>.json`` in the store folder, beside the matches: a TinyDB
(``referee.store.files.open_db``, on the store's atomic storage) of two tables, as a match file is::

    {"meta": {"1": {"format": 1, "event": "SC26", "heads": 1}},
     "entries": {"1": {"seq": 1, "kind": "event", "time": …, "referee": …,
                       "directive": "{\\"action\\":\\"created\\",…}", "target": null, "reason": "", "prev": …,
                       "hash": …}, …}}

A log written before the store kept its files in TinyDB's layout, ``{"format": 1, "event": "SC26", "heads": 1,
"entries": [{…}, …]}``, reads as ever, with the same checks; its next append writes it in TinyDB's layout
(the chain covers the entries' fields, not the file's layout, so it carries over whole).

Each entry is sealed by ``referee.store.chain`` exactly as a match's entries are: its ``directive`` is
the action (``referee.tournament.state``) as canonical JSON, so the hash covers every field of it, and a
hand-edit anywhere breaks the chain at a place :meth:`EventLog.read` names. The chain's id is
``event:<id>``, so an event's entries never pass for a match's. Writers take the file's lock
(``referee.store.files.lock``) around read-check-append and write through the atomic storage;
readers need no lock. Entries are only ever appended: the state is what replaying them gives
(``referee.results.eventstate``: the store knows no action's meaning).

Every read checks the file whole: its shape (the tables above and no others, the ``meta`` document's keys and
no others, each entry every field of a match entry's type, of kind ``event``, stored under its seq), the chain,
and the log's **head record**,
``events/heads/<file_stem(id)>.json``: its number of entries and the hash of its last, written right
after each append, as a match's is (a crash between the two leaves the head behind the log, never
ahead). A log written with a head record says so (``"heads": 1``): its head record is then required,
and a log with fewer entries than its head, or whose entry at that count does not carry that hash,
lost its last entries or was rewritten: a :class:`BrokenEventLog`, never an event that silently
reverts to an earlier state.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, cast

from referee.core import safefile
from referee.core.errors import NotFound
from referee.core.i18n import M, Msg
from referee.core.names import file_stem, shown
from referee.store import chain
from referee.store.chain import StoredEntry, Unsealed
from referee.store.chain import entries as n_entries
from referee.store.files import Document, Malformed, TinyDB, flush, listed, lock, open_db, storage_of
from referee.store.store import Head, StoreError, head_bytes, now, parse_head, referee_name
from referee.store.watching import event_of_file

Action = dict[str, Any]
EVENTS_DIR = "events"
HEADS_DIR = "heads"  # the logs' head records, in events/heads/
FORMAT = 1
META = "meta"  # the log's one document, id 1: {"format": 1, "event": id, "heads": 1}
ENTRIES = "entries"  # the entries, each under its seq
TABLES = (META, ENTRIES)  # what a log file holds, no more
KEYS = ("format", "event", "heads")  # what its meta document holds (and, beside its entries, a list-layout file)


class UnknownEvent(NotFound, StoreError):
    """An event id the store does not hold (exit 2)."""


class DuplicateEvent(StoreError):
    """``event new`` of an id already stored (exit 1)."""


class BrokenEventLog(StoreError):
    """An event file that is not a sound chain of known actions: nothing is written to it."""


def chain_id(event_id: str) -> str:
    """The id the event's entries are hashed under (a match id never starts with ``event:``)."""
    return f"event:{event_id}"


def canonical(action: Action) -> str:
    """An action as the text its entry seals: keys sorted, no spaces, UTF-8 as is."""
    return json.dumps(action, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def events_dir(root: Path) -> Path:
    return root / EVENTS_DIR


def _broken(event_id: str, seq: int | None, problem: Msg) -> BrokenEventLog:
    if seq is None:
        return BrokenEventLog(M("event {event}: {problem}",
                                event=event_id, problem=problem))
    return BrokenEventLog(M("event {event}, #{seq}: {problem}",
                            event=event_id, seq=seq, problem=problem))


class LogFile(NamedTuple):
    """An event's log as read and checked whole: its entries, and what to say that is not broken."""

    entries: list[StoredEntry]
    note: Msg | None  # its head record is behind (a write interrupted between the log and its head)


class EventLog:
    """An event's log in a store folder. Cheap to make: nothing is read until asked."""

    def __init__(self, root: Path, event_id: str) -> None:
        self.root = root
        self.event_id = event_id
        self.path = events_dir(root) / (file_stem(event_id) + ".json")
        self.head_path = events_dir(root) / HEADS_DIR / self.path.name

    def exists(self) -> bool:
        return self.path.is_file()

    def _unknown(self) -> UnknownEvent:
        known = [e for e, _ in list_events(self.root)]
        if not known:
            return UnknownEvent(M("no event '{event}' in the store at {root} (events stored: none)",
                                  event=self.event_id, root=self.root))
        return UnknownEvent(M("no event '{event}' in the store at {root} (events stored: {known:list})",
                              event=self.event_id, root=self.root, known=known[:8]))

    def entries(self) -> list[StoredEntry]:
        """The entries as stored, the file, the chain and the head record checked (no lock: the files
        are replaced atomically)."""
        return self.read().entries

    def read(self) -> LogFile:
        """The log checked whole (a :class:`BrokenEventLog` naming the entry otherwise), with what
        ``verify`` should say of a head record left behind."""
        found = self._load()
        return LogFile(found.entries, self._head_finding(found.entries, found.keeps_head))

    def _load(self) -> _Loaded:
        """The log file read through TinyDB on the atomic storage, its shape and chain checked: its entries,
        whether it keeps a head record, and its TinyDB (None for a file in the list layout of before)."""
        db = open_db(self.path, batch=True, missing_ok=False)
        try:
            names = db.tables()
        except FileNotFoundError:
            raise self._unknown() from None
        except Malformed as e:
            old = listed(e)
            if old is None:
                raise self._malformed(e) from None
            entries, keeps_head = self._listed(old)
            return _Loaded(entries, keeps_head, None)
        except ValueError as e:  # not JSON, not UTF-8, nested too deeply
            raise self._not_json(str(e)) from None
        except OSError as e:  # a FIFO, a folder, a file too large, no permission
            raise _broken(self.event_id, None, M("its file {file} cannot be read ({reason})", file=str(self.path),
                                                 reason=safefile.reason(e))) from None
        if storage_of(db).blank:  # what an empty file's JSON error says, as before the tables
            raise self._not_json(_json_error(""))
        unknown = next((name for name in sorted(names) if name not in TABLES), None)
        if unknown is not None:
            raise _broken(self.event_id, None, M("the file holds an unknown key '{name}'", name=shown(unknown, 40)))
        docs = db.table(ENTRIES).all()
        if not docs:
            raise _broken(self.event_id, None, M("the file holds no readable list of entries"))
        metas = db.table(META).all()
        if len(metas) != 1 or metas[0].doc_id != 1:
            raise _broken(self.event_id, None, M("the file's '{name}' mark is not as the store writes it", name=META))
        self._check_fields(metas[0])
        entries = self._checked([dict(d) for d in docs])
        for i, doc in enumerate(docs, start=1):  # a sound chain stored under other ids than its seqs
            if doc.doc_id != doc["seq"]:
                raise _broken(self.event_id, i, M("stored under id {key} but carries seq {seq}",
                                                  key=str(doc.doc_id), seq=doc["seq"]))
        return _Loaded(entries, "heads" in metas[0], db)

    def _not_json(self, detail: str) -> BrokenEventLog:
        return _broken(self.event_id, None, M("its file {file} is not valid JSON ({detail})", file=str(self.path),
                                              detail=detail))

    def _malformed(self, e: Malformed) -> BrokenEventLog:
        """The error of a file that is JSON but neither TinyDB's layout nor the list layout of before."""
        if e.table is not None and e.table not in TABLES:
            return _broken(self.event_id, None, M("the file holds an unknown key '{name}'", name=shown(e.table, 40)))
        if e.table == META:
            return _broken(self.event_id, None, M("the file's '{name}' mark is not as the store writes it", name=META))
        if e.table is None or e.position is None:
            return _broken(self.event_id, None, M("the file holds no readable list of entries"))
        problem = chain.entry_problem(e.value)
        if problem is None:
            problem = M("stored under id {key} but carries seq {seq}", key=shown(e.key, 40),
                        seq=cast(StoredEntry, e.value)["seq"])
        return _broken(self.event_id, e.position, problem)

    def _listed(self, data: dict[str, Any]) -> tuple[list[StoredEntry], bool]:
        """A file of the list layout (``{"format": 1, "event": …, "heads": 1, "entries": [{…}, …]}``): its
        entries, checked as ever, and whether it keeps a head record."""
        entries = data.get(ENTRIES)
        if not isinstance(entries, list) or not entries:
            raise _broken(self.event_id, None, M("the file holds no readable list of entries"))
        self._check_fields({key: value for key, value in data.items() if key != ENTRIES})
        return self._checked(entries), "heads" in data

    def _check_fields(self, data: dict[str, Any]) -> None:
        """The log's own fields (its ``meta`` document, or a list-layout file's keys beside its entries)."""
        unknown = next((key for key in data if key not in KEYS), None)
        if unknown is not None:
            raise _broken(self.event_id, None, M("the file holds an unknown key '{name}'", name=shown(unknown, 40)))
        if data.get("format") != FORMAT or type(data.get("format")) is not int:
            raise _broken(self.event_id, None, M("the file's format is {value}, not one this version of referee reads",
                                                 value=chain.json_value(data.get("format"))))
        if "heads" in data and (data["heads"] != 1 or type(data["heads"]) is not int):
            raise _broken(self.event_id, None, M("the file's '{name}' mark is not as the store writes it",
                                                 name="heads"))
        if data.get("event") != self.event_id:
            raise _broken(self.event_id, None, M("the file is the log of event {other}", other=str(data.get("event"))))

    def _checked(self, entries: list[Any]) -> list[StoredEntry]:
        """*entries* when each is an entry of an event's log and they make a sound chain."""
        for i, entry in enumerate(entries, start=1):
            problem = chain.entry_problem(entry)
            if problem is None and entry["kind"] != "event":
                problem = M("an event's log holds entries of kind event only, not {kind}",
                            kind=shown(entry["kind"], 40))
            if problem is None and entry["target"] is not None:
                problem = M("its 'target' must be null in an event's log, not {value}",
                            value=chain.json_value(entry["target"]))
            if problem is not None:
                raise _broken(self.event_id, i, problem)
        broken = chain.check(chain_id(self.event_id), entries)
        if broken is not None:
            raise _broken(self.event_id, broken.seq, broken.problem)
        return cast(list[StoredEntry], entries)

    def _head(self) -> Head | None:
        """The log's head record (None: there is none); a :class:`BrokenEventLog` when it is unusable."""
        try:
            raw = safefile.read_regular(self.head_path)
        except FileNotFoundError:
            return None
        except OSError as e:
            raise _broken(self.event_id, None, M("its head record {path} cannot be read ({reason})",
                                                 path=str(self.head_path), reason=safefile.reason(e))) from None
        head = parse_head(raw, chain_id(self.event_id))
        if isinstance(head, Msg):
            raise _broken(self.event_id, None, M("its head record {path} cannot be used: {problem}",
                                                 path=str(self.head_path), problem=head))
        return head

    def _head_finding(self, entries: Sequence[StoredEntry], keeps_head: bool) -> Msg | None:
        """Compare a sound chain with the head record: a :class:`BrokenEventLog` when entries were removed
        or the log rewritten; a note when the head is behind (what an interrupted write leaves)."""
        head = self._head()
        if head is None:
            if keeps_head:
                raise _broken(self.event_id, None, M(
                    "its head record {path} is missing, so a removal of its last entries could not be seen",
                    path=str(self.head_path)))
            return None  # a log written before head records were kept: its next write adds one
        if head.entries and not keeps_head:  # a head is written only beside a log that says it keeps one
            raise _broken(self.event_id, None, M("its '{name}' mark was removed, though its head record says {head}",
                                                 name="heads", head=n_entries(head.entries)))
        n = len(entries)
        if n < head.entries:
            raise _broken(self.event_id, None, M(
                "it holds {entries} but its head record says {head}: entries were removed",
                entries=n_entries(n), head=n_entries(head.entries)))
        digest = entries[head.entries - 1]["hash"] if head.entries else chain.GENESIS
        if digest != head.hash:
            raise _broken(self.event_id, head.entries or None, M(
                "it does not carry the hash its head record holds: the log was rewritten"))
        if n > head.entries:
            return M("event {event}: its head record is {behind} behind (a write was interrupted between the log "
                     "and its head record; the next write brings it up to date)",
                     event=self.event_id, behind=n_entries(n - head.entries))
        return None

    def write_head(self, entries: int, digest: str, *, durable: bool) -> None:
        """Write the head record (its folder made). *durable*: before the log is written with a head it
        did not have (the head must never be missing beside a log that says it keeps one)."""
        data = head_bytes(chain_id(self.event_id), entries, digest)
        self.head_path.parent.mkdir(parents=True, exist_ok=True)
        safefile.write_bytes(self.head_path, data, sync_folder=durable)

    def actions(self) -> list[Action]:
        return actions_of(self.event_id, self.entries())

    @contextlib.contextmanager
    def session(self, *, create: bool = False) -> Iterator[EventSession]:
        """The log opened for appending, its lock held; *create*: a new event (refused if it exists)."""
        folder = events_dir(self.root)
        if not create and not self.path.is_file():
            raise self._unknown()
        folder.mkdir(parents=True, exist_ok=True)
        with lock(self.path):
            safefile.clean_temp(self.path)
            if create:
                if self.path.is_file():
                    raise DuplicateEvent(M("event '{event}' is already in the store at {root}",
                                           event=self.event_id, root=self.root))
                yield EventSession(self, _Loaded([], False, None))
                return
            found = self._load()
            self._head_finding(found.entries, found.keeps_head)
            yield EventSession(self, found)

    def adopt(self, entries: Sequence[StoredEntry]) -> None:
        """Store the log's entries as they are, sealed elsewhere (``referee db copy``): the chain checked first,
        refused (``DuplicateEvent``) when the event is stored; its head record written first, as a new log's."""
        cid = chain_id(self.event_id)
        problem = chain.check(cid, entries)
        if problem is None and not entries:
            problem = chain.ChainProblem(cid, None, M("the file holds no readable list of entries"))
        if problem is not None:
            raise _broken(self.event_id, problem.seq, problem.problem)
        with self.session(create=True) as s:
            self.write_head(0, chain.GENESIS, durable=True)
            s._put(list(entries))  # through TinyDB, in one atomic write, as an append writes
            s.entries.extend(entries)
            with contextlib.suppress(OSError):  # the log is stored: a head left behind is what a crash leaves
                self.write_head(len(entries), entries[-1]["hash"], durable=False)

    def extend(self, entries: Sequence[StoredEntry], expect_seq: int) -> None:
        """Add *entries*, sealed elsewhere (``referee sync``), to the log as they are, in one atomic write under its
        lock: refused when the log does not hold *expect_seq* entries or they do not continue its chain."""
        from referee.store.errors import BrokenChain
        from referee.store.extending import continuation

        with self.session() as s:
            try:
                new = continuation(chain_id(self.event_id), s.entries, entries, expect_seq)
            except BrokenChain as e:
                raise BrokenEventLog(e.msg) from None
            if not s.keeps_head:
                before = s.entries[-1]["hash"] if s.entries else chain.GENESIS
                self.write_head(len(s.entries), before, durable=True)
            s._put(new)
            s.entries.extend(new)
            s.keeps_head = True
            with contextlib.suppress(OSError):  # the log is stored: a head left behind is what a crash leaves
                self.write_head(len(s.entries), new[-1]["hash"], durable=False)


class _Loaded(NamedTuple):
    """An event's log file as read and checked: its entries, whether it keeps a head record, and its TinyDB
    (None: a new log, or one in the list layout of before, written whole in TinyDB's at its next append)."""

    entries: list[StoredEntry]
    keeps_head: bool
    db: TinyDB | None


def _json_error(raw: str) -> str:
    """What the JSON reader says of *raw* (it is not JSON)."""
    try:
        json.loads(raw)
    except ValueError as e:
        return str(e)
    return ""


def seal_actions(event_id: str, entries: Sequence[StoredEntry], actions: Sequence[Action],
                 referee: str | None) -> list[StoredEntry]:
    """*actions* as entries of the event's log after *entries* (every backend's), each sealed to the one before."""
    who = referee_name(referee)
    stamp = now()
    prev = entries[-1]["hash"] if entries else chain.GENESIS
    sealed: list[StoredEntry] = []
    cid = chain_id(event_id)
    for i, action in enumerate(actions):
        entry: Unsealed = {"seq": len(entries) + i + 1, "kind": "event", "time": stamp, "referee": who,
                           "directive": canonical(action), "target": None,
                           "reason": str(action.get("reason") or "")}
        done = chain.seal(cid, entry, prev)
        prev = done["hash"]
        sealed.append(done)
    return sealed


class EventSession:
    """The log while its lock is held: its entries, and the one way to add to them."""

    def __init__(self, log: EventLog, found: _Loaded) -> None:
        self.log = log
        self.entries = found.entries
        self.keeps_head = found.keeps_head
        self._db = found.db  # the file as read (None: written whole at the next append)

    def append(self, actions: Sequence[Action], referee: str | None = None) -> list[StoredEntry]:
        """Append *actions* in one atomic write (all or none) and return their sealed entries.

        Whether an action fits the event is the use cases' to check before (``referee.results.eventstate``
        replays the state after them under this lock). The head record follows the log: set first (durably) to
        the entries already there when the log did not keep one yet, brought up to date after the write."""
        sealed = seal_actions(self.log.event_id, self.entries, actions, referee)
        prev = sealed[-1]["hash"] if sealed else self.entries[-1]["hash"] if self.entries else chain.GENESIS
        if not self.keeps_head:
            before = self.entries[-1]["hash"] if self.entries else chain.GENESIS
            self.log.write_head(len(self.entries), before, durable=True)
        self._put(sealed)
        self.entries.extend(sealed)
        self.keeps_head = True
        with contextlib.suppress(OSError):  # the log is stored: a head left behind is what a crash leaves
            self.log.write_head(len(self.entries), prev, durable=False)
        return sealed


    def _put(self, sealed: Sequence[StoredEntry]) -> None:
        """Write *sealed* after the entries there, with the ``meta`` document, in one atomic write through
        TinyDB: into the file as read, or a new file of every entry (a new log, or one in the list layout)."""
        db, new = self._db, sealed
        if db is None:
            db, new = open_db(self.log.path, batch=True, fresh=True), [*self.entries, *sealed]
        try:
            db.table(META).upsert(Document({"format": FORMAT, "event": self.log.event_id, "heads": 1}, doc_id=1))
            db.table(ENTRIES).insert_multiple(Document(e, doc_id=e["seq"]) for e in new)
            flush(db)
        except BaseException:
            self._db = None  # TinyDB's state is ahead of the file: a next append writes every entry afresh
            raise
        self._db = db


def actions_of(event_id: str, entries: Sequence[StoredEntry]) -> list[Action]:
    """Each entry's action, read back from the canonical JSON it sealed."""
    out: list[Action] = []
    for e in entries:
        try:
            action = safefile.loads(e.get("directive") or "")
        except ValueError:
            action = None
        if not isinstance(action, dict):
            raise _broken(event_id, e.get("seq"), M("the entry holds no readable action"))
        out.append(action)
    return out


def list_events(root: Path) -> list[tuple[str, Path]]:
    """(event id, file) of every event in the store, by id; the id is read from the file itself."""
    folder = events_dir(root)
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return []
    found = []
    for name in names:
        if not name.endswith(".json") or name.startswith("."):
            continue
        event = event_of_file(folder / name)  # a broken file never hides the others
        if event is not None:
            found.append((event, folder / name))
    return sorted(found)
