"""The store proper: matches as append-only, hash-chained entries in TinyDB files.

Every entry is one of four kinds, all appended, none ever edited or removed:

- ``event``: a directive recorded at the table (its canonical text);
- ``undo``: takes back the latest event still in effect (``target`` names it);
- ``void``: takes back event ``target``, with a ``reason``;
- ``amend``: replaces event ``target`` by ``directive`` (same place in the match), with a ``reason``.

The *corrected view* applies them in order; it is what replay, export and the scorecard read, as the
events the game its header names reads (:mod:`referee.games.stored`), each with ``line`` = the store sequence
number of the event's place in the match. Writers take the match's cross-process lock around read-check-append; readers
need no lock: a match file is an append log (:data:`referee.store.files.LOG`: its first line, the ``meta`` mark, then
one JSON line per entry), an append writes the new entries' lines in one write and one fsync, and a last line without
its newline (an append cut short, or being written) is no entry; a file written whole (a new match, a file of the
one-document layout of versions before the log, migrated by its next append) replaces the old one atomically.

Every match file is read through :func:`match_of` (TinyDB on the atomic storage of ``store.files``),
which checks the shape of the file and of each entry (a :class:`~referee.store.chain.StoredEntry`: every
field there and of its type); whatever a hand-edit or a torn disk left is a :class:`BrokenChain` naming the
match, the entry and what is wrong, never a Python error, and the other matches stay usable.

Beside each match file, ``heads/<stem>.json`` keeps its **head record**: the number of entries and
the hash of the last, written right after each append (so a crash between the two leaves the head
behind the file, never ahead of it). ``verify`` compares the two: a file with fewer entries than its
head, or whose entry at that count does not carry that hash, was truncated, wiped or rewritten.

Beside it, ``heads/<stem>.pin`` **pins the file the head was written after** (the head's count and hash, the match
file's size, modification time and inode as the write left them, and the SHA-256 of its last :data:`PIN_TAIL`
bytes; a file of its own, so that versions before pins read the head record as ever). An append whose match file
still is what the pin holds, and whose last entry is the head's, has nothing new to check: the chain up to the head
was checked by the session that wrote it, so it seals the new entries to the head's hash and writes them without
decoding or re-hashing the match (:class:`PinnedSession`: the same cost at entry 10 and entry 5,000). A file that
is not as pinned — a hand edit, a copy, a crash between the files, a store written before pins or before the log —
is read and checked whole, as ever, and pinned again by its append (never a file of the one-document layout: it is
written whole, as a log, first). The venue server's memo (:mod:`referee.store.memo`) writes no pin: it knows the
file it wrote; a session elsewhere checks the match whole once, and pins it. ``verify`` always checks everything;
the pin is only ever a reason to check less, never a witness, so one lost or torn by a crash costs one whole check.
"""

# No `from __future__ import annotations` here: the named tuples' and typed dicts' string annotations would each be
# compiled by typing at import (a ForwardRef per field), on every command's start; as types they are not.
import contextlib
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Required, TypedDict, cast

from referee.core import safefile
from referee.core.errors import UsageError
from referee.core.frozen import Record
from referee.core.i18n import M, Msg, literal
from referee.core.names import NAME_MAX, check_text, file_stem, nfc, shown
from referee.core.records import RecordError
from referee.games import stored
from referee.games.api import AnyEvent as Event
from referee.games.api import Header
from referee.store import chain, keptrules, pinning
from referee.store.chain import StoredEntry
from referee.store.errors import BrokenChain, DuplicateMatch, StoreBusy, StoreError, StoreWriteError, UnknownMatch
from referee.store.files import (
    LOG,
    Malformed,
    append_bytes,
    clean_temp,
    entry_lines,
    flush,
    is_log,
    lock,
    log_end,
    log_tables,
    open_db,
    storage_of,
)
from referee.store.pinning import KeptRules

if TYPE_CHECKING:
    from tinydb import TinyDB

    from referee.store.watching import Changes, FolderWatch

__all__ = ["BrokenChain", "DuplicateMatch", "LogEntry", "Store", "StoreBusy", "StoreError", "StoreWriteError",
           "UnknownMatch", "file_stem", "legacy_stem"]

DEFAULT_DIR = "referee-store"
TABLE = "entries"
# A match file written by a version that keeps head records says so: its head record is then
# required (a missing one is reported), while a match written before head records were kept reads
# as ever until its next write adds one.
META = "meta"
META_TABLE = {"1": {"heads": 1}}
HEADS = "heads"
INDEX = "matches"  # the index's one table
INDEX_FIELDS = ("rules", "date", "event", "table", "round")  # what the index repeats of a header


def _broken_file(match_id: str, what: Msg) -> BrokenChain:
    """The error of a match file that cannot be read as a chain at all."""
    return BrokenChain(chain.ChainProblem(match_id, None, what))


def _not_json(match_id: str, error: ValueError, path: Path | None = None) -> BrokenChain:
    if path is None:
        return _broken_file(match_id, M("the store file is not valid JSON ({detail})", detail=str(error)))
    return _broken_file(match_id, M("the store file {path} is not valid JSON ({detail})", path=path, detail=str(error)))


def _reason(error: OSError) -> Msg | str:
    return safefile.reason(error)


def not_stored(error: OSError, target: Path | None = None) -> StoreWriteError:
    """The error of a write the system refused before anything was stored: the file it concerns
    (*target* when the error names none, as ``os.write`` on a full disk does; never ``?``)."""
    file = error.filename if error.filename is not None else target
    if file is None:
        return StoreWriteError(M("cannot write to the store: {reason}; nothing was stored", reason=_reason(error)))
    return StoreWriteError(M("cannot write to the store: {file}: {reason}; nothing was stored",
                             file=str(file), reason=_reason(error)))


class LogEntry(Record):
    """One line of the audit trail."""

    seq: int
    kind: str  # "event" | "undo" | "void" | "amend"
    directive: str  # the directive recorded (event) or put in place (amend); "" for undo/void
    target: int | None  # the event an undo/void/amend corrects
    reason: str
    referee: str
    time: str  # UTC, ISO 8601
    superseded_by: int | None = None  # for an event or amend: the later entry that took it back/replaced it
    taken: str = ""  # for a correction: the directive in effect at its target before it (what it took back)


if TYPE_CHECKING:  # a typed dict is a dict at run time: its class (~50 us to build) is the checker's alone

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
        entries: int  # the witness of a closed round: the match's entries when its round closed
        head: str  # and the hash of its last entry then (verify compares the match with them)
else:
    NewEntry = dict
    Summary = dict


class Head(Record):
    """A match's head record: how many entries it had and the hash of the last (GENESIS for none)."""

    entries: int
    hash: str


_NOFOLLOW, _NONBLOCK = getattr(os, "O_NOFOLLOW", 0), getattr(os, "O_NONBLOCK", 0)
PIN_TAIL = 4096  # the bytes at the end of a match file whose digest a head record pins (the last entry and more)


class Pin(Record):
    """What ``heads/<stem>.pin`` holds of the match file a head record was written after: the head (count, hash),
    the file's size, modification time and inode as the write left them, and the SHA-256 (hex) of its last
    :data:`PIN_TAIL` bytes."""

    entries: int
    hash: str
    size: int
    mtime_ns: int
    ino: int
    tail: str


def tail_digest(data: bytes) -> str:
    """The digest a pin holds of the end of a file: SHA-256 of its last :data:`PIN_TAIL` bytes (all, if fewer)."""
    return chain.digest(data[-PIN_TAIL:])


def _tail_of(path: Path) -> tuple[tuple[int, int, int, str], bytes] | None:
    """((size, mtime_ns, inode, tail digest) of the file *path*, its last :data:`PIN_TAIL` bytes): a stat and one
    read, whatever its length; None when it is not a regular file that can be read."""
    try:  # never waiting on a FIFO nor reading through a link: either is the whole check's to refuse
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not (st.st_mode & 0o170000 == 0o100000):  # a regular file only
            return None
        start = max(0, st.st_size - PIN_TAIL)
        data = os.pread(fd, st.st_size - start, start)
        if (data[:len(LOG)] if start == 0 else os.pread(fd, len(LOG), 0)) != LOG:
            return None  # a match file of the one-document layout: never pinned (its next write makes it a log)
    except OSError:
        return None
    finally:
        os.close(fd)
    return (st.st_size, st.st_mtime_ns, st.st_ino, tail_digest(data)), data


def pin_of(path: Path, head: Head) -> Pin | None:
    """The pin of the match file *path* as it is now, at *head* (None when the file cannot be read)."""
    found = _tail_of(path)
    return None if found is None else Pin(head.entries, head.hash, *found[0])


def pin_bytes(match_id: str, pin: Pin) -> bytes:
    return json.dumps({"id": match_id, **pin._asdict()}, ensure_ascii=False).encode("utf-8")


def parse_pin(raw: bytes, match_id: str) -> Pin | None:
    """A pin's bytes as a :class:`Pin`; None when they are not a pin of *match_id* (lost, torn, another's)."""
    try:
        data = _load_json(raw)
    except (ValueError, RecursionError):
        return None
    if not (isinstance(data, dict) and data.keys() == {"id", *Pin._fields} and data["id"] == match_id
            and all(type(data[k]) is int and data[k] >= 0 for k in ("entries", "size", "mtime_ns", "ino"))
            and isinstance(data["hash"], str) and isinstance(data["tail"], str)):
        return None
    return Pin(*(data[k] for k in Pin._fields))


def _ends_at(match_id: str, tail: bytes, head: Head) -> bool:
    """Whether the bytes *tail* of a match file end with the entry its head record names, whole and sound: seq
    ``head.entries``, carrying ``head.hash``, its content matching that hash (the head record is a file of its
    own, which a hand may have rewritten)."""
    if not tail.endswith(b"\n"):
        return False  # a torn last line: the whole check (whose append cuts it off)
    marker = b'\n{"entries": {"%d": {' % head.entries
    at = tail.rfind(marker)
    if at < 0:
        return False  # the last entry is longer than the tail read: the whole check
    try:
        line = json.loads(tail[at + 1:])
    except ValueError:
        return False  # another line after it, or not JSON
    doc = line["entries"][str(head.entries)] if isinstance(line, dict) and len(line) == 1 and isinstance(
        line.get("entries"), dict) and len(line["entries"]) == 1 else None
    return (isinstance(doc, dict) and chain.entry_problem(doc) is None and doc["seq"] == head.entries
            and doc["hash"] == head.hash and chain.entry_hash(match_id, doc) == head.hash)


class MatchFile(Record):
    """A match file as read and checked for shape (its chain is checked apart: :func:`chain.check`)."""

    entries: list[StoredEntry]
    keeps_head: bool  # written by a version that keeps head records


class MatchAudit(Record):
    """What ``verify`` finds in one match."""

    entries: int  # entries checked
    problem: chain.ChainProblem | None  # the first thing broken
    note: Msg | None = None  # something to say that is not broken (a head record left behind)
    header: Header | None = None  # the header in effect (to compare with the index)


class Audit(Record):
    """What ``verify`` finds in the store: chains, head records and the index."""

    matches: int
    entries: int
    problems: list[chain.ChainProblem]
    notes: list[Msg]
    index_findings: list[Msg]  # where the index and the match files disagree


class Repair(Record):
    """What ``verify --repair-index`` did."""

    rows: int  # rows written
    left_out: list[chain.ChainProblem]  # matches whose header cannot be read
    kept: Path | None  # where the unreadable old index was kept
    dropped: list[str]  # matches the old index listed whose file is gone


class Snapshot(Record):
    """A match as one read of its file found it: its entries, the first thing broken in them (None: the
    file, every entry, the chain and the head record are sound) and what to say that is not broken."""

    entries: list[StoredEntry]
    problem: chain.ChainProblem | None
    note: Msg | None = None

    @property
    def head(self) -> tuple[int, str]:
        """(entries, the last entry's hash): the chain head, as a head record holds it."""
        return len(self.entries), (self.entries[-1]["hash"] if self.entries else chain.GENESIS)


class Anchor(Record):
    """Where a printed chain head is in its match (``verify --head``)."""

    seq: int  # the entry that carries it
    entries: int  # entries in the match now
    problem: chain.ChainProblem | None  # what changed at or before it (None: nothing)


def anchor_of(match_id: str, entries: Sequence[StoredEntry], head: str) -> Anchor:
    """Where the printed head *head* is among *entries* (``anchor`` of every backend): a :class:`StoreError`
    when no entry carries it, a usage error when several do."""
    want = head.lower()
    found = [i for i, e in enumerate(entries, 1) if e["hash"].startswith(want)]
    if not found:
        raise StoreError(M("no entry of match {match} carries the head {head}: the record changed since that "
                           "head was printed (or the digits are mistyped)",
                           match=match_id, head=head))
    if len(found) > 1:
        raise UsageError(M("--head {head}: entries #{first} and #{second} of match {match} both begin so; give "
                           "more digits",
                           head=head, first=found[0], second=found[1], match=match_id))
    seq = found[0]
    return Anchor(seq, len(entries), chain.check(match_id, list(entries[:seq])))


def resolve_root(db: str | os.PathLike[str] | None = None) -> Path:
    return _resolve(db)[0]


def _resolve(db: str | os.PathLike[str] | None) -> tuple[Path, Msg]:
    """The store folder and where it came from (:func:`location`)."""
    where, origin = location(db)
    return Path(where), origin


def location(db: str | os.PathLike[str] | None) -> tuple[str, Msg]:
    """Where the store is, as given, and where that came from: ``--db``, ``$REFEREE_DB``, the user's
    settings file (``referee config db PATH``), else ``./referee-store`` in the current folder."""
    if db:
        return os.fspath(db), literal("--db")
    env = os.environ.get("REFEREE_DB")
    if env:
        return env, literal("$REFEREE_DB")
    from referee.store import config

    path = config.config_path()
    if path.is_file():
        configured = config.read(path).get("db")
        if configured:
            return str(configured), M("the settings file {path}", path=str(path))
    return DEFAULT_DIR, M("the current folder")


def referee_name(name: str | None = None) -> str:
    """Who records: *name* (``--referee``), else ``$REFEREE_NAME``, else the login name; the first two
    checked as players' names are (printable, at most ``NAME_MAX`` characters, UTF-8 text), else a
    UsageError naming the option or the variable."""
    if name:
        return _checked_referee(name, "--referee")
    env = os.environ.get("REFEREE_NAME")
    if env:
        return _checked_referee(env, "$REFEREE_NAME")
    import getpass

    try:
        return getpass.getuser()
    except Exception:  # pragma: no cover - no user database
        return "unknown"


def _checked_referee(value: str, what: str) -> str:
    if any("\udc80" <= ch <= "\udcff" for ch in value):  # bytes that were not UTF-8 (a GBK terminal)
        raw = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise UsageError(M("{what}: not UTF-8 text ({value}); set it in UTF-8 (iconv -f GBK -t UTF-8)",
                           what=what, value=shown(raw)))
    return nfc(check_text(value, what, NAME_MAX))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def legacy_stem(match_id: str) -> str:
    """The file name stores written before :func:`referee.core.names.file_stem` gave a match id (%-escaped,
    unbounded); such a store is still read, and written in place."""
    from urllib.parse import quote

    stem = quote(match_id, safe="-_.")
    if stem.startswith("."):
        stem = "%2E" + stem[1:]
    return stem


def id_of_stem(stem: str) -> str | None:
    """The match id a file name stands for, where the name alone says it (it does unless the id was
    cut to bound the name): the one id whose file stem, new or legacy, is *stem*."""
    from urllib.parse import unquote

    if "~" in stem:  # a cut name (file_stem escapes every other ~), or an old name of an id with a ~
        return None
    candidates = [stem]
    if stem.startswith("%") and not (len(stem) >= 3 and all(c in "0123456789ABCDEFabcdef" for c in stem[1:3])):
        candidates.append(stem[1:])  # the mark of a name Windows reserves (%CON)
    for text in candidates:
        try:
            found = unquote(text, errors="strict")
        except UnicodeDecodeError:
            continue
        if found and (file_stem(found) == stem or legacy_stem(found) == stem):
            return found
    return None


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
    """The events of a corrected view, read by the game its header names (:mod:`referee.games.stored`)."""
    if not view:
        return [], []
    return stored.events_of(view)


def log_of(entries: Sequence[StoredEntry]) -> list[LogEntry]:
    holder: dict[int, int] = {}  # place → seq of the entry whose text is in effect
    text: dict[int, str] = {}  # place → the text in effect there
    later: dict[int, int] = {}
    taken: dict[int, str] = {}  # correction seq → the text it took back or replaced
    for e in entries:
        kind, seq = e["kind"], e["seq"]
        if kind == "event":
            holder[seq], text[seq] = seq, e["directive"]
            continue
        if kind not in chain.CORRECTIONS:  # a remark (a dispute, a confirmation…) takes nothing back
            continue
        target = e["target"]
        if target is not None and target in holder:
            later[holder[target]] = seq
            taken[seq] = text[target]
            if kind == "amend":
                holder[target], text[target] = seq, e["directive"]
            else:
                del holder[target], text[target]
    return [
        LogEntry(seq=e["seq"], kind=e["kind"], directive=e["directive"], target=e["target"], reason=e["reason"],
                 referee=e["referee"], time=e["time"], superseded_by=later.get(e["seq"]), taken=taken.get(e["seq"], ""))
        for e in entries
    ]


def _load_json(raw: bytes) -> object:
    """*raw* as JSON; ValueError (not JSON, not UTF-8, a number too long, nested deeper than
    :data:`referee.core.safefile.DEPTH_MAX`) when it is not."""
    return safefile.loads(raw)


def match_of(db: "TinyDB", match_id: str, path: Path | None = None) -> MatchFile:
    """A match file, opened as a TinyDB (:func:`referee.store.files.open_db`), as its entries, every one
    checked for shape; a :class:`BrokenChain` naming the match, the entry (``#seq``, its place in the
    file) and what is wrong otherwise. A missing file is the storage's ``FileNotFoundError``."""
    try:
        names = db.tables()
    except (RecursionError, safefile.TooDeep):
        raise _broken_file(match_id, M("the match file is nested too deeply to be read")) from None
    except Malformed as e:
        raise _malformed(match_id, e) from None
    except ValueError as e:
        raise _not_json(match_id, e, path) from None
    if storage_of(db).blank:
        raise _broken_file(match_id, M("the match file is empty (wiped?)"))
    entries = db.table(TABLE)
    if not len(entries):
        if names - {TABLE, META}:
            raise _broken_file(match_id, M("the store file has no readable entries table"))
        raise _broken_file(match_id, M("the match file holds no entries (wiped?)"))
    unknown = next((name for name in sorted(names) if name not in (TABLE, META)), None)
    if unknown is not None:
        from referee.core.names import shown

        raise _broken_file(match_id, M("the match file holds an unknown table '{name}'", name=shown(unknown, 40)))
    if META in names and {str(d.doc_id): d for d in db.table(META).all()} != META_TABLE:
        raise _broken_file(match_id, M("the match file's '{name}' table is not as the store writes it", name=META))
    docs = entries.all()
    for i, doc in enumerate(docs, start=1):
        problem = chain.entry_problem(doc)
        if problem is not None:
            raise BrokenChain(chain.ChainProblem(match_id, i, problem))
        if doc.doc_id != doc["seq"]:
            raise BrokenChain(chain.ChainProblem(match_id, i, M("stored under id {key} but carries seq {seq}",
                                                                key=str(doc.doc_id), seq=doc["seq"])))
    return MatchFile(cast(list[StoredEntry], docs), META in names)


def sound_entries(data: object) -> list[StoredEntry] | None:
    """The entries of a match file's tables (its JSON, parsed) when everything in them is as the store writes
    it — an ``entries`` table of :class:`~referee.store.chain.StoredEntry` documents, each under its ``seq``,
    and at most the ``meta`` mark — else None, for :func:`match_of` to say what is wrong.

    The quick way of a cold read: no TinyDB document copied, no message built, each entry's shape checked in
    one expression (what :func:`chain.entry_problem` checks field by field). Everything in such a file is a
    text, a whole number or null, three levels deep: the reader's depth limit holds without a walk."""
    if type(data) is not dict:
        return None
    entries, meta = data.get(TABLE), data.get(META)
    if type(entries) is not dict or not entries or len(data) != (1 if meta is None else 2) \
            or (meta is not None and meta != META_TABLE):
        return None
    kinds, text = chain.KINDS, str
    out = list(entries.values())
    seq = 0
    for key, e in entries.items():
        seq += 1
        if not (type(e) is dict and (len(e) == 9 or (len(e) == 10 and type(e.get("client")) is text))
                and e.get("seq") == seq and type(e["seq"]) is int
                and key == str(seq) and type(e.get("kind")) is text and e["kind"] in kinds
                and type(e.get("time")) is text and type(e.get("referee")) is text
                and type(e.get("directive")) is text and type(e.get("reason")) is text
                and type(e.get("prev")) is text and type(e.get("hash")) is text
                and "target" in e and (e["target"] is None or type(e["target"]) is int)):
            return None
    return cast(list[StoredEntry], out)


def _malformed(match_id: str, e: Malformed) -> BrokenChain:
    """The error of a match file that is JSON but not TinyDB's layout."""
    if e.table is not None and e.table not in (TABLE, META):
        from referee.core.names import shown

        return _broken_file(match_id, M("the match file holds an unknown table '{name}'", name=shown(e.table, 40)))
    if e.table == META:
        return _broken_file(match_id, M("the match file's '{name}' table is not as the store writes it", name=META))
    if e.table is None or e.position is None:
        return _broken_file(match_id, M("the store file has no readable entries table"))
    problem = chain.entry_problem(e.value)
    if problem is None:
        problem = M("stored under id {key} but carries seq {seq}", key=e.key, seq=cast(StoredEntry, e.value)["seq"])
    return BrokenChain(chain.ChainProblem(match_id, e.position, problem))


def open_match(path: Path, match_id: str, **storage: Any) -> tuple["TinyDB", MatchFile]:
    """The match file *path* as a TinyDB (batched: an append and its ``meta`` mark reach the file in one
    atomic write) and as checked by :func:`match_of`."""
    db = open_db(path, batch=True, log=True, **storage)
    return db, match_of(db, match_id, path)


def put_entries(db: "TinyDB", entries: Iterable[StoredEntry]) -> None:
    """Insert *entries* into the match's TinyDB, each under its seq, and the ``meta`` mark saying the file
    keeps a head record (when it has none yet: before them, so that a new file's log is its mark, then its
    entries in order, as later appends go on); then write them, in one write."""
    from tinydb.table import Document  # loaded with the TinyDB that db is (a record's append opens none)

    if META not in db.tables():
        db.table(META).insert(Document(dict(META_TABLE["1"]), doc_id=1))
    db.table(TABLE).insert_multiple(Document(e, doc_id=e["seq"]) for e in entries)
    flush(db)


def write_match(path: Path, entries: Sequence[StoredEntry], **storage: Any) -> None:
    """Write a new match file holding *entries* (whatever *path* held is not read: it is replaced whole);
    *storage*: how (:class:`referee.store.files.AtomicStorage`)."""
    put_entries(open_db(path, batch=True, fresh=True, log=True, **storage), entries)


HEAD_LOG_MAX = 4096  # the bytes a head record grows to by appends before it is written whole again


def last_head(raw: bytes) -> bytes:
    """The record in effect of a head record's bytes: the whole of a record written whole, else the last complete
    line that is not empty (an append after a match's append adds ``\n{record}\n``; what follows the last newline
    is a torn append, no record, and a torn line before the last is passed over)."""
    end = raw.rfind(b"\n")
    if end < 0:
        return raw
    last = raw[raw.rfind(b"\n", 0, end) + 1:end]  # what an append left: its line, without splitting the rest
    if last.strip():
        return last
    for line in reversed(raw[:end].split(b"\n")):
        if line.strip():
            return line
    return raw[:end]


def parse_head(raw: bytes, match_id: str) -> Head | Msg:
    """A head record's bytes as a :class:`Head` (:func:`last_head`: the record in effect), or what is wrong."""
    try:
        data = _load_json(last_head(raw))
    except (ValueError, RecursionError):
        return M("it is not valid JSON")
    if not (isinstance(data, dict) and set(data) == {"id", "entries", "hash"} and type(data["entries"]) is int
            and data["entries"] >= 0 and isinstance(data["hash"], str) and isinstance(data["id"], str)):
        return M("it is not a head record the store writes")
    if data["id"] != match_id:
        from referee.core.names import shown

        return M("it belongs to match '{other}'", other=shown(data["id"]))
    return Head(data["entries"], data["hash"])


_HEAD = json.JSONEncoder(ensure_ascii=False)  # json.dumps(ensure_ascii=False) makes an encoder a call: one for all


def head_bytes(match_id: str, entries: int, digest: str) -> bytes:
    return _HEAD.encode({"id": match_id, "entries": entries, "hash": digest}).encode("utf-8")


def head_finding(match_id: str, entries: Sequence[StoredEntry], keeps_head: bool, head: Head | None,
                 head_path: Path) -> tuple[chain.ChainProblem | None, Msg | None]:
    """(what is broken, what to say) comparing a sound chain with its head record."""
    from referee.store.chain import entries as n_entries

    n = len(entries)
    if head is None:
        if keeps_head:
            return chain.ChainProblem(match_id, None, M(
                "its head record {path} is missing, so a removal of its last entries could not be seen",
                path=str(head_path))), None
        return None, None  # a match written before head records were kept: its next write adds one
    if head.entries and not keeps_head:  # a head is written only after a file that says it keeps one
        return chain.ChainProblem(match_id, None, M(
            "its '{name}' table was removed, though its head record says {head}",
            name=META, head=n_entries(head.entries))), None
    if n < head.entries:
        return chain.ChainProblem(match_id, None, M(
            "it holds {entries} but its head record says {head}: entries were removed",
            entries=n_entries(n), head=n_entries(head.entries))), None
    digest = entries[head.entries - 1]["hash"] if head.entries else chain.GENESIS
    if digest != head.hash:
        return chain.ChainProblem(match_id, head.entries or None, M(
            "it does not carry the hash its head record holds: the match was rewritten")), None
    if n > head.entries:
        return None, M("match {match}: its head record is {behind} behind (a write was interrupted between the "
                       "match file and its head record; the next write brings it up to date)",
                       match=match_id, behind=n_entries(n - head.entries))
    return None, None


class EntrySession:
    """What every backend's match session derives from its entries (read once under the match's lock): the
    next seq, the corrected view, its events, a single append. A backend gives ``entries`` and
    ``append_many``."""

    entries: list[StoredEntry]

    @property
    def next_seq(self) -> int:
        return len(self.entries) + 1

    @property
    def count(self) -> int:
        """How many entries the match holds (without reading them, where the backend knows)."""
        return len(self.entries)

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
        raise NotImplementedError


class MatchSession(EntrySession):
    """A match opened for writing, its lock held: read, check, append.

    The match file is a TinyDB (tables ``{"meta": {"1": {"heads": 1}}, "entries": {"1": {…}, "2": {…}}}``) on the
    atomic storage, kept as an append log, read once when the session opens; an append adds the new entries'
    lines (a torn last line cut off first), and a file of the older one-document layout is written whole, as a log.
    """

    def __init__(self, store: "Store", match_id: str, path: Path) -> None:
        self.store = store
        self.match_id = match_id
        self.path = path
        if path.is_file():
            self.db, found = open_match(path, match_id)
        else:  # a new match: its file is written by its first append
            self.db, found = open_db(path, batch=True, fresh=True, log=True), MatchFile([], True)
        self.entries: list[StoredEntry] = found.entries
        self.keeps_head = found.keeps_head

    def append_many(self, items: Sequence[NewEntry], referee: str | None = None) -> list[StoredEntry]:
        """Append entries in one atomic write (all or none), then bring the head record up to date.
        A write the system refuses is a :class:`StoreWriteError`: nothing was stored."""
        new = seal_all(self.match_id, self.entries, items, referee)
        self.write_sealed(new)
        return new

    def write_sealed(self, new: Sequence[StoredEntry]) -> None:
        """Write *new*, sealed after the session's entries, in one atomic write of the match file (all or none),
        then bring the head record up to date (pinning the file written)."""
        entries = self.entries + list(new)
        storage = storage_of(self.db)
        raw = storage.raw
        # The new entries' lines appended to the log read (a torn last line cut off first: no entry); a file of
        # the one-document layout (a store before the log) is written whole by TinyDB, as a log: migrated.
        try:
            if is_log(raw) and self.keeps_head:
                assert raw is not None
                storage.append_raw(log_end(raw), entry_lines(new))
                self.db = open_db(self.path, batch=True, log=True)  # what TinyDB held is stale: read again if asked
            else:  # written whole: its mark, then every entry in order, as a new match's
                write_match(self.path, entries)
                self.db = open_db(self.path, batch=True, log=True)
        except OSError as e:  # the file as it was, not TinyDB's state
            self.db = open_db(self.path, batch=True, fresh=not self.entries, log=True)
            raise not_stored(e, self.path) from None
        self.entries = entries
        self.keeps_head = True
        self.store.remember(self.path, self.store.put_head(self.match_id, self.path, len(entries),
                                                           entries[-1]["hash"]), entries)


class HeadSession(EntrySession):
    """A match session that knows its head (count and last hash) without reading its entries: the next seq and
    the count come from the head, an append seals to it, and the entries are read (:meth:`read_entries`, checked
    against the head) only when a caller asks. A backend gives ``read_entries`` and ``write_sealed``."""

    match_id: str
    head: Head
    _entries: list[StoredEntry] | None

    @property
    def entries(self) -> list[StoredEntry]:
        if self._entries is None:
            self._entries = self.read_entries()
        return self._entries

    @entries.setter
    def entries(self, value: list[StoredEntry]) -> None:
        self._entries = value

    @property
    def next_seq(self) -> int:
        return self.head.entries + 1

    @property
    def count(self) -> int:
        return self.head.entries

    def append_many(self, items: Sequence[NewEntry], referee: str | None = None) -> list[StoredEntry]:
        """Append entries sealed to the head, in one write of the backend's (all or none)."""
        new = seal_after(self.match_id, self.head.entries, self.head.hash, items, referee)
        self.write_sealed(new)
        return new

    def read_entries(self) -> list[StoredEntry]:
        raise NotImplementedError

    def write_sealed(self, new: Sequence[StoredEntry]) -> None:
        raise NotImplementedError


class PinnedSession(HeadSession):
    """A match opened for writing whose file is what its head record pins (:class:`Pin`): its chain up to the
    head was checked when that head was written, so nothing is read until asked. An append seals the new
    entries to the head's hash and appends their lines to the file (its size, time, inode and tail digest checked
    against the pin once more: one write, one fsync), then writes the head record: the same cost at entry 10 and
    entry 5,000. The entries, when a caller asks for them (the corrected view, a
    continuation's check), are read then, and must end at the head."""

    def __init__(self, store: "Store", match_id: str, path: Path, head: Head, pin: Pin) -> None:
        self.store, self.match_id, self.path = store, match_id, path
        self.head, self.pin = head, pin
        self.keeps_head = True
        self._entries: list[StoredEntry] | None = None

    def read_entries(self) -> list[StoredEntry]:
        """The match's entries, read (and checked for shape) when first asked; they end at the head pinned."""
        found = self.store._read(self.match_id).entries
        if len(found) != self.head.entries or found[-1]["hash"] != self.head.hash:
            raise BrokenChain(chain.ChainProblem(self.match_id, None, M(
                "it does not carry the hash its head record holds: the match was rewritten")),
                M("{problem}; nothing recorded (run `referee verify`)"))
        return found

    def write_sealed(self, new: Sequence[StoredEntry]) -> None:
        """*new*'s lines appended to the file as pinned (one write, one fsync), then the head record and its pin."""
        now = _tail_of(self.path)
        if now is None or now[0] != self.pin[2:]:  # changed since the session opened, though its lock is held
            raise BrokenChain(chain.ChainProblem(self.match_id, None, M(
                "its file changed while it was locked for writing")),
                M("{problem}; nothing recorded (run `referee verify`)"))
        lines = entry_lines(new)
        try:
            st = append_bytes(self.path, self.pin.size, lines)
        except OSError as e:
            raise not_stored(e, self.path) from None
        if self._entries is not None:
            self._entries = self._entries + list(new)
        self.head = Head(self.head.entries + len(new), new[-1]["hash"])
        pin = self.store.put_head(self.match_id, self.path, self.head.entries, self.head.hash,
                                  written=(st, now[1] + lines))
        self.pin = pin if pin is not None else pin_of(self.path, self.head) or self.pin
        if self._entries is not None:
            self.store.remember(self.path, pin, self._entries)


def seal_all(match_id: str, before: Sequence[StoredEntry], items: Sequence[NewEntry],
             referee: str | None) -> list[StoredEntry]:
    """*items* as entries following *before*, each sealed to the one before it."""
    return seal_after(match_id, len(before), before[-1]["hash"] if before else chain.GENESIS, items, referee)


def seal_after(match_id: str, count: int, prev: str, items: Sequence[NewEntry],
               referee: str | None) -> list[StoredEntry]:
    """*items* as entries following a chain of *count* entries whose last hash is *prev* (GENESIS for none),
    each sealed to the one before it."""
    who = referee_name(referee)
    stamp = now()
    new: list[StoredEntry] = []
    for item in items:
        entry: chain.Unsealed = {"seq": count + len(new) + 1, "kind": item["kind"], "time": stamp,
                                 "referee": who, "directive": item.get("directive") or "",
                                 "target": item.get("target"), "reason": item.get("reason") or ""}
        client = chain.take_client()  # a phone's queued entry (chain.named): its id kept with it
        if client is not None:
            entry["client"] = client
        sealed = chain.seal(match_id, entry, prev)
        prev = sealed["hash"]
        new.append(sealed)
    return new


def new_header(events: Sequence[Event]) -> Header:
    """The header a new match begins with (any game's); a store error when it has none, or one without an id."""
    header = stored.header_of_events(events) if events else None
    if header is None:
        raise StoreError(M("a match must begin with its `match` header"))
    if not header.id:
        raise StoreError(M("the match header has no id"))
    return header


def _header_in_effect(entries: Sequence[StoredEntry]) -> Header | None:
    """The `match` header of the corrected view (read alone: the rest of the match is not parsed)."""
    for place, text in corrected(entries).items():
        return stored.header_of_line(text, place)
    return None


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def _exists(path: Path) -> bool:
    """Whether *path* is there; a name too long for the file system is not (a legacy name may be)."""
    try:
        os.stat(path)
    except OSError:
        return False
    return True


def _read_or_none(path: Path) -> bytes | None:
    try:
        return safefile.read_regular(path)
    except FileNotFoundError:
        return None


def _restore(path: Path, old: bytes | None) -> None:
    """Put *path* back as it was (*old*, or no file), as far as the system lets us."""
    with contextlib.suppress(OSError):
        if old is None:
            path.unlink(missing_ok=True)
        else:
            safefile.write_bytes(path, old)


def _nearest(match_id: str, ids: list[str]) -> Msg | None:
    """The stored ids nearest a mistyped one (difflib, any case), as ``CL1 or CL2``; None when none is near."""
    import difflib

    lowered = {i.lower(): i for i in ids}
    close = difflib.get_close_matches(match_id.lower(), list(lowered), n=3, cutoff=0.6)
    ratio = {i: difflib.SequenceMatcher(None, match_id.lower(), i).ratio() for i in close}
    found = [lowered[i] for i in sorted(close, key=lambda i: (-ratio[i], i))]  # the nearest first, then by name
    if not found:
        return None
    msg: Msg = literal(found[0])
    for i in found[1:]:
        msg = M("{either} or {id}", either=msg, id=i)
    return msg


PATHS_KEPT = 4096  # match ids whose file's path a store keeps made


class EntryReads:
    """What every backend's store derives from a match's entries (``entries``, the backend's): the corrected view's
    events, the header in effect, the audit trail, the chain head as printed."""

    def entries(self, match_id: str) -> list[StoredEntry]:
        raise NotImplementedError

    def events_and_errors(self, match_id: str) -> tuple[list[Event], list[RecordError]]:
        return to_events(corrected(self.entries(match_id)))

    def events(self, match_id: str) -> list[Event]:
        """The corrected view, as events with ``line`` = the store sequence number."""
        return self.events_and_errors(match_id)[0]

    def header(self, match_id: str) -> Header:
        header = stored.header_of_events(self.events(match_id))
        if header is not None:
            return header
        raise StoreError(M("match {match}: no match header in effect",
                           match=match_id))

    def log(self, match_id: str) -> list[LogEntry]:
        return log_of(self.entries(match_id))

    def head(self, match_id: str) -> tuple[str, int]:
        """The match's chain head as a scorecard or ``status`` prints it: (the last entry's hash in
        :data:`chain.SHORT` hex digits, the number of entries)."""
        entries = self.entries(match_id)
        return (entries[-1]["hash"] if entries else chain.GENESIS)[:chain.SHORT], len(entries)


class Store(EntryReads):
    """A store folder. Cheap to create: nothing is read until asked."""

    pushes = False  # watch() polls the files' signatures

    def __init__(self, root: str | os.PathLike[str] | None = None, origin: Msg | None = None) -> None:
        """The store at *root* (resolved as ``--db`` is: :func:`location`), or, with *origin*, at *root* as
        already resolved (``referee.store.api.open_store``), *origin* saying where it came from."""
        if origin is None:
            self.root, self.origin = _resolve(root)
        else:
            self.root, self.origin = Path(root or DEFAULT_DIR), origin
        self.matches_dir = self.root / "matches"
        self.heads_dir = self.root / HEADS
        self.index_path = self.root / "index.json"
        self.notes: list[Msg] = []  # what a command that wrote should also say (an index left as it was)
        self.index_problem: Msg | None = None  # set by summaries() when it read around a broken index
        self._watch: FolderWatch | None = None  # made by the first watch()
        # the match file this process last wrote, as its pin found it, and its entries (remember)
        self._written: tuple[Path, tuple[int, int, int], list[StoredEntry]] | None = None
        self._paths: dict[str, Path] = {}  # each match id's file (its name, not whether it is there)
        self._cleaned: set[Path] = set()  # the match files whose killed writers' litter this process removed
        pinning.opened(self)

    # --- kept rule sets (referee.store.pinning) -------------------------------------------------

    def kept_rules(self, pin: str) -> KeptRules | None:
        """The rule-set content a match pinned as *pin*, if this store keeps it."""
        return keptrules.read(self.root, pin)

    def keep_rules(self, kept: KeptRules) -> None:
        """Keep a rule set's content (durably, once) before a match pinning it is written."""
        try:
            keptrules.write(self.root, kept)
        except OSError as e:
            raise not_stored(e) from None

    def kept_rule_sets(self) -> list[KeptRules]:
        """Every rule-set content this store keeps (what ``db copy`` carries)."""
        return keptrules.every(self.root)

    # --- paths and raw reads --------------------------------------------------------------------

    def path(self, match_id: str) -> Path:
        """The match's file: named by :func:`referee.core.names.file_stem`, or by the legacy %-escaping in a
        store written before it (read and written in place)."""
        paths = self._paths
        path = paths.get(match_id)
        if path is None:  # made once per id (a server asks it several times an entry)
            path = self.matches_dir / (file_stem(match_id) + ".json")
            if len(paths) >= PATHS_KEPT:
                paths.clear()
            paths[match_id] = path
        if not _exists(path):
            old = self.matches_dir / (legacy_stem(match_id) + ".json")
            if old != path and _exists(old):
                return old
        return path

    def head_path(self, match_id: str) -> Path:
        return self._head_of(self.path(match_id))

    def _head_of(self, path: Path) -> Path:
        return self.heads_dir / path.name

    def exists(self, match_id: str) -> bool:
        return self.path(match_id).is_file()

    def _unknown(self, match_id: str) -> UnknownMatch:
        """The error naming a match id not stored: the store's absolute path, the ids it holds (the first
        eight), and how to name another store."""
        ids = self.match_ids()
        root = str(self.root.absolute())
        if not ids:
            return UnknownMatch(M("no match '{match}' in the store at {root} (matches stored: none; another "
                                  "store: --db PATH, $REFEREE_DB or `referee config db PATH`)",
                                  match=match_id, root=root))
        stored = ids[:8] + (["…"] if len(ids) > 8 else [])
        near = _nearest(match_id, ids)
        if near:
            return UnknownMatch(M("no match '{match}' in the store at {root}: did you mean {near}? (matches stored: "
                                  "{stored:list}; another store: --db PATH, $REFEREE_DB or `referee config db PATH`)",
                                  match=match_id, root=root, near=near, stored=stored))
        return UnknownMatch(M("no match '{match}' in the store at {root} (matches stored: {stored:list}; another "
                              "store: --db PATH, $REFEREE_DB or `referee config db PATH`)",
                              match=match_id, root=root, stored=stored))

    def remember(self, path: Path, pin: Pin | None, entries: list[StoredEntry]) -> None:
        """Keep the entries of the match file *path* this process has just written (*pin*: the file as written),
        so that reading it again while it is so (what a command says after recording) reads nothing."""
        self._written = None if pin is None else (path, (pin.size, pin.mtime_ns, pin.ino), entries)

    def _read(self, match_id: str, remembered: bool = False) -> MatchFile:
        """The match file read and checked for shape; *remembered*: the entries this process has just written
        there, while the file is as it wrote it (a stat; never for a check: ``snapshot``, ``verify`` read it)."""
        path = self.path(match_id)
        written = self._written
        if remembered and written is not None and written[0] == path:
            try:
                st = os.stat(path)
            except OSError:
                st = None
            if st is not None and (st.st_size, st.st_mtime_ns, st.st_ino) == written[1]:
                return MatchFile(list(written[2]), True)
        try:  # the quick way for a file as the store writes it; any other is read again, to say what is wrong
            raw = safefile.read_regular(path)
            data = log_tables(raw) if is_log(raw) else json.loads(raw) if raw.strip() else None
        except (OSError, ValueError, RecursionError):
            data = None
        found = sound_entries(data)
        if found is not None:
            return MatchFile(found, META in cast(dict[str, object], data))
        try:
            return open_match(path, match_id, missing_ok=False)[1]
        except FileNotFoundError:
            raise self._unknown(match_id) from None
        except OSError as e:
            raise _broken_file(match_id, M("its file {file} cannot be read ({reason})",
                                           file=str(path), reason=_reason(e))) from None

    def read_match(self, match_id: str) -> MatchFile:
        """The match file read and checked for shape (its entries, and whether it keeps a head record)."""
        return self._read(match_id)

    def head_record(self, match_id: str) -> Head | None:
        """The match's head record (its entry count and last hash, as the store wrote them after the
        last append), or None when it has none that can be used (a store older than head records, a
        record removed or spoilt: ``verify`` names those) or its match file is gone."""
        path = self.path(match_id)
        if not _exists(path):
            return None
        return self.head_at(match_id, path)

    def head_at(self, match_id: str, path: Path) -> Head | None:
        """:meth:`head_record` of the match whose file is *path* (:meth:`path`), known to be there."""
        return self._read_head(match_id, path)[0]

    def entries(self, match_id: str) -> list[StoredEntry]:
        """The entries of a match, in stored order, each checked for shape (no lock: files are replaced
        atomically). Whether the chain is sound is :meth:`check`'s question."""
        return self._read(match_id, remembered=True).entries

    # --- the reading API ------------------------------------------------------------------------

    def _stems(self) -> dict[str, str | None]:
        """Each match file's stem → its match id (None where neither its name nor its head record nor
        its header says it)."""
        try:
            names = os.listdir(self.matches_dir)
        except (FileNotFoundError, NotADirectoryError):
            return {}
        out: dict[str, str | None] = {}
        for name in names:
            if name.endswith(".json") and not name.startswith("."):
                stem = name[:-5]
                out[stem] = id_of_stem(stem) or self._id_of_file(stem)
        return out

    def _id_of_file(self, stem: str) -> str | None:
        """The id of a match whose file name was cut: from its head record, else its header."""
        name = stem + ".json"
        try:
            raw = _read_or_none(self.heads_dir / name)
        except OSError:
            raw = None
        if raw is not None:
            with contextlib.suppress(ValueError, RecursionError):
                data = _load_json(last_head(raw))
                mid = data.get("id") if isinstance(data, dict) else None
                if isinstance(mid, str) and stem in (file_stem(mid), legacy_stem(mid)):
                    return mid
        try:
            doc = open_db(self.matches_dir / name, missing_ok=False).table(TABLE).get(doc_id=1)
            first = doc.get("directive") if isinstance(doc, dict) else None
        except (OSError, ValueError, RecursionError):
            return None
        header = stored.header_of_line(first) if isinstance(first, str) else None
        if header is not None and stem in (file_stem(header.id), legacy_stem(header.id)):
            return header.id
        return None

    def match_ids(self) -> list[str]:
        return sorted({mid for mid in self._stems().values() if mid is not None})

    def watch(self, cursor: str | None, timeout: float = 0.0) -> "Changes":
        """What changed since *cursor* (every match and event when None): the match ids created or appended
        to, the event ids whose log changed, and the cursor to pass next; waits up to *timeout* seconds for a
        change (:mod:`referee.store.watching`: the files' signatures, looked at every few hundredths)."""
        if self._watch is None:
            from referee.store.watching import FolderWatch

            self._watch = FolderWatch(self.matches_dir, self.root / "events",
                                      lambda stem: id_of_stem(stem) or self._id_of_file(stem))
        return self._watch.watch(cursor, timeout)

    # --- checking -------------------------------------------------------------------------------

    def snapshot(self, match_id: str) -> Snapshot:
        """The match from one read of its file: its entries with the first thing broken in them (its file,
        an entry, the chain, the head record) — what ``status``, a scorecard or a web page needs, without
        reading the file twice. An id not stored is :class:`UnknownMatch`."""
        path = self.path(match_id)
        try:
            found = self._read(match_id)
        except UnknownMatch:
            head, _ = self._read_head(match_id, path)
            if head is not None and head.entries > 0:
                return Snapshot([], self._missing_file(match_id, path, head))
            raise
        except BrokenChain as e:
            assert e.problem is not None  # raised here with its problem, not unpickled
            return Snapshot([], e.problem)
        problem, note = self._soundness(match_id, path, found)
        return Snapshot(found.entries, problem, note)

    def check(self, match_id: str) -> chain.ChainProblem | None:
        """The first thing broken in one match (its file, an entry, its chain, its head record), or None
        when it is sound. Reads that match only; an id not stored is :class:`UnknownMatch`."""
        return self._audit_one(match_id).problem

    def anchor(self, match_id: str, head: str) -> Anchor:
        """Where the printed head *head* (at least :data:`chain.SHORTEST` hex digits) is in the match,
        and whether anything at or before that entry changed since it was printed.

        A :class:`StoreError` when no entry carries it (the record changed since, or the digits are
        wrong); a usage error when several do (more digits are needed)."""
        return anchor_of(match_id, self._read(match_id).entries, head)

    def _read_head(self, match_id: str, path: Path) -> tuple[Head | None, chain.ChainProblem | None]:
        head_path = self._head_of(path)
        try:
            raw = safefile.read_regular(head_path)
        except FileNotFoundError:
            return None, None
        except OSError as e:
            return None, chain.ChainProblem(match_id, None, M(
                "its head record {path} cannot be read ({reason})",
                path=str(head_path), reason=_reason(e)))
        head = parse_head(raw, match_id)
        if isinstance(head, Msg):
            return None, chain.ChainProblem(match_id, None, M(
                "its head record {path} cannot be used: {problem}",
                path=str(head_path), problem=head))
        return head, None

    def _soundness(self, match_id: str, path: Path, found: MatchFile) -> tuple[chain.ChainProblem | None, Msg | None]:
        """(what is broken, what to say) of a match file read for shape: chain, first entry, head record."""
        entries = found.entries
        problem = chain.check(match_id, entries)
        if problem is None and entries and entries[0]["kind"] != "event":
            problem = chain.ChainProblem(match_id, 1, M("the first entry is not an event"))
        if problem is not None:
            return problem, None
        head, head_problem = self._read_head(match_id, path)
        if head_problem is not None:
            return head_problem, None
        return head_finding(match_id, entries, found.keeps_head, head, self._head_of(path))

    def _audit_one(self, match_id: str) -> MatchAudit:
        snap = self.snapshot(match_id)
        header = _header_in_effect(snap.entries) if snap.problem is None else None
        return MatchAudit(len(snap.entries), snap.problem, snap.note, header)

    def _missing_file(self, match_id: str, path: Path, head: Head) -> chain.ChainProblem:
        from referee.store.chain import entries as n_entries

        return chain.ChainProblem(match_id, None, M("its match file {file} is missing (its head record says {head})",
                                                    file=str(path), head=n_entries(head.entries)))

    def audit(self, match_ids: list[str] | None = None) -> Audit:
        """Check every match (or those named): shape, chain, head record; and, for the whole store, the
        head records without a match file, the files whose id cannot be read, and the index."""
        problems: list[chain.ChainProblem] = []
        notes: list[Msg] = []
        n_entries = 0
        headers: dict[str, Header | None] = {}
        if match_ids is not None:
            stems: dict[str, str | None] = {}
            ids = list(match_ids)
        else:
            stems = self._stems()
            ids = sorted({mid for mid in stems.values() if mid is not None})
        for mid in ids:
            try:
                found = self._audit_one(mid)
            except UnknownMatch as e:
                problems.append(chain.ChainProblem(mid, None, e.msg))
                continue
            n_entries += found.entries
            headers[mid] = found.header
            if found.problem is not None:
                problems.append(found.problem)
            if found.note is not None:
                notes.append(found.note)
        index: list[Msg] = []
        matches = len(ids)
        if match_ids is None:
            for stem, named in sorted(stems.items()):
                if named is None:
                    problems.append(chain.ChainProblem(stem + ".json", None, M(
                        "a match file whose match id cannot be read")))
                    matches += 1
            orphans = self._orphan_heads(set(stems))
            problems += orphans
            matches += len(orphans)  # a match whose file is gone is still a match checked, and failed
            index, index_notes = self._index_findings(headers)
            notes += index_notes
            problems += self._witness_problems(headers, {p.match_id for p in problems})
        return Audit(matches, n_entries, problems, notes, index)

    def _witness_problems(self, present: Mapping[str, Header | None],
                          broken: set[str]) -> list[chain.ChainProblem]:
        """The matches (sound by their own file and head record) that no longer carry the head the index
        recorded when their round closed: cut back, or rewritten, head record and all."""
        rows, problem = self._read_index()
        out: list[chain.ChainProblem] = []
        for row in rows.values() if problem is None else ():
            mid = row["id"]
            if "entries" not in row or "head" not in row or mid not in present or mid in broken:
                continue
            try:
                entries = self.entries(mid)
            except StoreError:
                continue
            n = row["entries"]
            if len(entries) < n:
                from referee.store.chain import entries as n_entries

                out.append(chain.ChainProblem(mid, None, M(
                    "it holds {entries} but the index recorded {head} when its round closed: entries were removed",
                    entries=n_entries(len(entries)), head=n_entries(n))))
            elif (entries[n - 1]["hash"] if n else chain.GENESIS) != row["head"]:
                out.append(chain.ChainProblem(mid, n or None, M(
                    "it does not carry the hash the index recorded when its round closed: the match was rewritten")))
        return out

    def verify(self, match_ids: list[str] | None = None) -> tuple[int, int, list[chain.ChainProblem]]:
        """Recompute every chain: (matches checked, entries checked, problems)."""
        found = self.audit(match_ids)
        return found.matches, found.entries, found.problems

    def _orphan_heads(self, stems: set[str]) -> list[chain.ChainProblem]:
        """Head records with entries whose match file is gone (one of 0 entries is what an interrupted
        `new` leaves: nothing was stored, nothing lost)."""
        try:
            names = os.listdir(self.heads_dir)
        except (FileNotFoundError, NotADirectoryError):
            return []
        out: list[chain.ChainProblem] = []
        for name in sorted(names):
            if not name.endswith(".json") or name.startswith(".") or name[:-5] in stems:
                continue
            try:
                raw = _read_or_none(self.heads_dir / name) or b""
                data = _load_json(last_head(raw))
            except (OSError, ValueError, RecursionError):
                raw, data = b"", None
            mid = data.get("id") if isinstance(data, dict) else None
            if not isinstance(mid, str):
                out.append(chain.ChainProblem(name, None, M(
                    "a head record that cannot be read, and no match file beside it")))
                continue
            head = parse_head(raw, mid)
            if not isinstance(head, Head):
                out.append(chain.ChainProblem(mid, None, M(
                    "its head record {path} cannot be used ({problem}), and there is no match file beside it",
                    path=str(self.heads_dir / name), problem=head)))
            elif head.entries > 0:
                out.append(self._missing_file(mid, self.matches_dir / name, head))
        return out

    # --- writing --------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self, path: Path) -> Iterator[None]:
        """The lock of the match file *path*, its folder made; a refusal of the system (a read-only
        store) is a :class:`StoreWriteError`, before anything is written."""
        with contextlib.ExitStack() as stack:
            try:
                stack.enter_context(lock(path))
            except FileNotFoundError:  # the first write of a new store: its folder made
                try:
                    self.matches_dir.mkdir(parents=True, exist_ok=True)
                    stack.enter_context(lock(path))
                except OSError as e:
                    raise not_stored(e) from None
            except OSError as e:
                raise not_stored(e) from None
            cleaned = self._cleaned
            if path not in cleaned:  # once a process: what a writer killed before it left (its own leave none)
                clean_temp(path)
                clean_temp(self._head_of(path))  # a writer killed while writing the head record (issue 16.19)
                with contextlib.suppress(OSError):  # or its pin, as versions before the pin in place wrote it
                    os.unlink(self._pin_temp(path))
                if len(cleaned) >= PATHS_KEPT:
                    cleaned.clear()
                cleaned.add(path)
            yield

    def lock_match(self, match_id: str) -> contextlib.AbstractContextManager[None]:
        """The match's lock, for a caller that checks more than the store does before it writes (a
        closed round's reason, a round's tables at once); a read-only store is a refusal."""
        return self._locked(self.path(match_id))

    @contextlib.contextmanager
    def session(self, match_id: str, *, must_exist: bool = True) -> Iterator[MatchSession | PinnedSession]:
        """Open a match for writing: take its lock, clean a killed writer's litter, check the chain and
        the head record (a truncated match is refused like a hand-edited one) — unless the file is what its
        head record pins (:class:`PinnedSession`: checked when that head was written, nothing new to check)."""
        path = self.path(match_id)
        if must_exist and not path.is_file():
            raise self._unknown(match_id)
        with self._locked(path):
            if must_exist and not path.is_file():
                raise self._unknown(match_id)
            pinned = self._pinned(match_id, path)
            if pinned is not None:
                yield pinned
                return
            try:
                s = MatchSession(self, match_id, path)
            except OSError as e:
                raise not_stored(e) from None
            problem, _ = self._soundness(match_id, path, MatchFile(s.entries, s.keeps_head))
            if problem:
                raise BrokenChain(problem, M("{problem}; nothing recorded (run `referee verify`)"))
            yield s

    def _pin_of(self, path: Path) -> Path:
        return self.heads_dir / (path.name[:-len(".json")] + ".pin")

    def _pin_temp(self, path: Path) -> Path:
        return self.heads_dir / ("." + path.name[:-len(".json")] + ".pin.tmp")

    def _pinned(self, match_id: str, path: Path) -> PinnedSession | None:
        """The session of a match whose file is what its pin holds and ends at its head (under its lock), else
        None: the whole check."""
        try:
            pin = parse_pin(safefile.read_regular(self._pin_of(path)), match_id)
        except (OSError, StoreError):
            return None
        if pin is None or pin.entries == 0:
            return None
        head, problem = self._read_head(match_id, path)
        if head is None or problem is not None or head != (pin.entries, pin.hash):
            return None
        now = _tail_of(path)
        if now is None or now[0] != pin[2:] or not _ends_at(match_id, now[1], head):
            return None
        return PinnedSession(self, match_id, path, head, pin)

    def put_head(self, match_id: str, path: Path, entries: int, digest: str,
                 written: tuple[os.stat_result, bytes] | None = None, pin: bool = True) -> Pin | None:
        """Bring the head record of the match file *path* up to date, after an append, pinning the file as it
        is now (:class:`Pin`, returned; *written*: the file's status after the append and its last bytes, at least
        :data:`PIN_TAIL` of them or all, so that it is not read again). The entries are stored already: a refusal
        of the system leaves the head behind (what a crash leaves), said in :attr:`notes`, not an error."""
        try:
            self._write_head(self._head_of(path), match_id, entries, digest)
        except OSError as e:
            self.notes.append(M("the entry is stored, but its head record {file} could not be written ({reason}); "
                                "`referee verify` will show it behind until the next write",
                                file=str(e.filename or self._head_of(path)), reason=_reason(e)))
            return None
        if not pin:  # the pin left behind the head: the next session elsewhere checks the match whole, once
            return None
        if written is not None:
            st, tail = written
            found: Pin | None = Pin(entries, digest, st.st_size, st.st_mtime_ns, st.st_ino, tail_digest(tail))
        else:
            found = pin_of(path, Head(entries, digest))
        if found is not None:
            self._write_pin(path, match_id, found)
        return found

    def _write_pin(self, path: Path, match_id: str, pin: Pin) -> None:
        """Write the match's pin in place, best effort and without an fsync or a rename: it is only a reason to check
        less, and one lost, torn or mixed by a crash (or a refusal of the system) holds no size and digest of the
        file, so the next append checks the match whole. Under the match's lock: no other writer."""
        data = pin_bytes(match_id, pin)
        with contextlib.suppress(OSError):  # never through a link someone left in its place
            fd = os.open(self._pin_of(path), os.O_WRONLY | os.O_CREAT | _NOFOLLOW | _NONBLOCK, 0o644)
            try:
                safefile.write_fd(fd, data)
                os.ftruncate(fd, len(data))
            finally:
                os.close(fd)

    def _write_head(self, head_path: Path, match_id: str, entries: int, digest: str, *, durable: bool = False) -> None:
        """Write a head record. After an append (not *durable*) it is appended to the record there, ``\n{record}\n``
        (no fsync, no rename: a crash loses it or tears it, which leaves the record before in effect, behind the
        match file, which is allowed; never ahead, the match file's line being fsynced first), and written whole
        again once it has grown past :data:`HEAD_LOG_MAX`. When the head goes back (*durable*: before a match file
        is replaced, or a new one written) it is written whole, fsynced, and its rename made durable."""
        data = head_bytes(match_id, entries, digest)
        if not durable:
            try:
                fd = os.open(head_path, os.O_WRONLY | os.O_APPEND | _NOFOLLOW | _NONBLOCK)
            except FileNotFoundError:
                fd = -1
            if fd >= 0:
                try:
                    safefile.write_fd(fd, b"\n" + data + b"\n")
                    size = os.fstat(fd).st_size
                finally:
                    os.close(fd)
                if size <= HEAD_LOG_MAX:
                    return
        try:
            safefile.write_bytes(head_path, data, sync_folder=durable)
        except FileNotFoundError:
            head_path.parent.mkdir(parents=True, exist_ok=True)
            safefile.write_bytes(head_path, data, sync_folder=True)

    def create(self, events: list[Event], referee: str | None = None, replace: bool = False,
               _index: bool = True) -> str:
        """Store a new match from its events (the header first). Returns the match id.

        With *replace*, a match already stored under that id is retired to ``replaced/`` only once the
        new one is complete and durable beside it; a failure at any step leaves the store as it was."""
        header = new_header(events)
        game = stored.game_of_events(events)
        assert game is not None  # new_header found its header
        match_id = header.id
        path = self.path(match_id)
        with self._locked(path):
            exists = path.is_file()
            if exists and not replace:
                raise DuplicateMatch(M("match '{match}' is already in the store at {root} (use --replace to "
                                       "overwrite it; the old one is kept in replaced/)",
                                       match=match_id, root=self.root))
            entries = seal_all(match_id, [], [{"kind": "event", "directive": line}
                                              for line in stored.lines_of(game, pinning.pin_events(self, events))],
                               referee)
            if exists:
                self._replace_file(match_id, path, entries)
            else:
                self._create_file(match_id, path, entries)
            self.put_head(match_id, path, len(entries), entries[-1]["hash"])
        if _index:
            self._index_put(header)
        return match_id

    def _create_file(self, match_id: str, path: Path, entries: Sequence[StoredEntry]) -> None:
        """Write a new match file, its head record set to no entries first: a crash in between leaves a
        head behind the file, never a file whose head is missing."""
        head_path = self._head_of(path)
        try:
            old_head = _read_or_none(head_path)
        except OSError as e:
            raise not_stored(e) from None
        try:
            self._write_head(head_path, match_id, 0, chain.GENESIS, durable=True)
            write_match(path, entries)
        except OSError as e:
            _restore(head_path, old_head)
            raise not_stored(e, path) from None

    def _replace_file(self, match_id: str, path: Path, entries: Sequence[StoredEntry]) -> None:
        """Replace the match file *path* by one holding *entries*, the old one kept in ``replaced/``.

        The new file is written to a temporary file and fsynced; then the old one is hard-linked (or
        copied and fsynced) into ``replaced/`` and the head record set to no entries; then the temporary
        file is renamed over the old. Until that rename the match is the old one, whole; after it, the
        new one, whole, its head behind at worst. A failure before it undoes the steps taken."""
        head_path = self._head_of(path)
        try:
            old_head = _read_or_none(head_path)
        except OSError as e:
            raise not_stored(e) from None
        keep = self.root / "replaced"
        kept = keep / f"{path.stem}.{_stamp()}.json"
        steps: list[Callable[[], None]] = []

        def retire() -> None:
            keep.mkdir(exist_ok=True)
            _link_or_copy(path, kept)
            steps.append(lambda: kept.unlink(missing_ok=True))
            steps.append(lambda: _restore(head_path, old_head))
            self._write_head(head_path, match_id, 0, chain.GENESIS, durable=True)

        try:
            write_match(path, entries, before_replace=retire)
        except OSError as e:
            for undo in reversed(steps):
                with contextlib.suppress(OSError):
                    undo()
            raise not_stored(e, path) from None

    def create_many(self, matches: list[list[Event]], referee: str | None = None) -> None:
        """Store many new matches, indexing them in one write (for imports of a season, benches)."""
        headers: list[Header] = []
        for events in matches:
            self.create(events, referee, _index=False)
            headers.append(new_header(events))
        self._index_put(*headers)

    # --- the index (summaries for `list`; recording never touches it) ----------------------------

    def _read_index(self, db: "TinyDB | None" = None) -> tuple[dict[str, Summary], Msg | None]:
        """The index's rows by document id, checked for shape; ({}, what is wrong) when it cannot be
        read. The index holds nothing the match files do not: it can always be rebuilt from them.
        *db*: the index opened already (under its lock, to write it after)."""
        db = open_db(self.index_path) if db is None else db
        try:
            docs = db.table(INDEX).all()
        except safefile.Refused as e:
            return {}, e.why
        except OSError as e:
            return {}, literal(e.strerror or str(e))
        except (RecursionError, safefile.TooDeep):
            return {}, M("nested too deeply")
        except Malformed as e:
            if e.table != INDEX:
                return {}, M("no readable table of matches")
            return {}, M("its row {key} is not a row the store writes", key=e.key)
        except ValueError as e:
            return {}, M("not valid JSON: {detail}", detail=str(e))
        rows: dict[str, Summary] = {}
        for doc in docs:
            if not _index_row_ok(doc):
                return {}, M("its row {key} is not a row the store writes", key=str(doc.doc_id))
            rows[str(doc.doc_id)] = cast(Summary, doc)
        return rows, None

    def _index_problem(self, problem: Msg) -> Msg:
        return M("the index {path} cannot be read ({problem}); `referee verify --repair-index` rebuilds it from the "
                 "match files",
                 path=str(self.index_path), problem=problem)

    def _index_put(self, *headers: Header, quiet: bool = False) -> None:
        """Add or update the index rows of *headers*. The matches are stored already: an index that
        cannot be read is left as it is, and a refusal of the system leaves it behind; either is said in
        :attr:`notes` (unless *quiet*), never an error — the index is rebuilt from the match files."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            with lock(self.index_path):
                clean_temp(self.index_path)
                db = open_db(self.index_path, batch=True)
                rows, problem = self._read_index(db)
                if problem is not None:
                    if not quiet:
                        self.notes.append(M("the match is stored, but the index was not updated: {problem}",
                                            problem=self._index_problem(problem)))
                    return
                self._write_index(db, rows, headers)
        except OSError as e:
            if not quiet:
                self.notes.append(M("the match is stored, but the index could not be updated ({file}: {reason}); "
                                    "`referee list` adds it later",
                                    file=str(e.filename or self.index_path), reason=_reason(e)))

    def witness(self, heads: Mapping[str, tuple[int, str]]) -> None:
        """Keep in the index each match's head when its round closed (the event's log records it too):
        a second witness ``verify`` compares the match with. The index is only a witness: one that
        cannot be read or written is left as it is (``verify`` says so)."""
        with contextlib.suppress(OSError), lock(self.index_path):
            clean_temp(self.index_path)
            db = open_db(self.index_path, batch=True)
            rows, problem = self._read_index(db)
            if problem is not None:
                return
            table = db.table(INDEX)
            for key, row in rows.items():
                head = heads.get(row["id"])
                if head is not None:
                    table.update({"entries": head[0], "head": head[1]}, doc_ids=[int(key)])
            flush(db)

    def _write_index(self, db: "TinyDB", rows: Mapping[str, Summary], headers: Iterable[Header],
                     created: Mapping[str, str] | None = None) -> None:
        """Write the index (*db*, batched, whose rows by document id are *rows*) with a row for each of
        *headers* added (under the next id) or put in place of the match's row (its witness kept)."""
        by_id = {row["id"]: int(key) for key, row in rows.items()}
        stamp = now()
        table = db.table(INDEX)
        for h in headers:
            row: Summary = {"id": h.id, "file": self.path(h.id).name, "rules": stored.rules_of(h), "date": h.date,
                            "event": h.event, "table": h.table, "round": h.round,
                            "created": (created or {}).get(h.id, stamp)}
            key = by_id.get(h.id)
            before = table.get(doc_id=key) if key is not None else None
            if isinstance(before, dict) and "entries" in before and "head" in before:  # header amended: witness kept
                row["entries"], row["head"] = before["entries"], before["head"]
            if key is None:
                by_id[h.id] = table.insert(dict(row))
            else:
                table.update(_replaced_by(row), doc_ids=[key])
        flush(db)

    def summaries(self) -> list[Summary]:
        """One row per stored match, from the index; matches missing from it (a crash between
        writing a match and indexing it) are read and indexed now; rows without a file are dropped.
        An index that cannot be read is read around (every row from its match file) and left as it
        is; :attr:`index_problem` then says what is wrong with it."""
        table, problem = self._read_index()
        self.index_problem = None if problem is None else self._index_problem(problem)
        rows: dict[str, Summary] = {row["id"]: row for row in table.values()}
        ids = self.match_ids()
        missing: list[Header] = []
        for mid in ids:
            if mid not in rows:
                try:
                    header = self.header(mid)
                except StoreError:
                    rows[mid] = {"id": mid, "rules": "?", "date": None, "event": None, "table": None, "round": None}
                    continue
                missing.append(header)
                rows[mid] = {"id": mid, "rules": stored.rules_of(header), "date": header.date, "event": header.event,
                             "table": header.table, "round": header.round}
        if missing and problem is None:
            self._index_put(*missing, quiet=True)  # a read-only store is listed all the same
        present = set(ids)
        return [rows[k] for k in sorted(rows) if k in present]

    def repair_index(self) -> Repair:
        """Rebuild the index from the match files: the rows written, the matches left out because their
        header cannot be read, where the old index was kept when it could not be read, and the matches
        the old index listed that are no longer in the store (their rows are dropped: said, never silent)."""
        left_out: list[chain.ChainProblem] = []
        headers: list[Header] = []
        for mid in self.match_ids():
            try:
                headers.append(self.header(mid))
            except BrokenChain as e:
                left_out.append(e.problem or chain.ChainProblem(mid, None, e.msg))
            except StoreError as e:
                left_out.append(chain.ChainProblem(mid, None, e.msg))
        kept: Path | None = None
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            with lock(self.index_path):
                clean_temp(self.index_path)
                old, problem = self._read_index()
                raw = _read_or_none(self.index_path)
                if problem is not None and raw is not None:
                    keep = self.root / "replaced"
                    keep.mkdir(exist_ok=True)
                    kept = keep / f"index.{_stamp()}.json"
                    safefile.write_bytes(kept, raw)
                created = {row["id"]: row["created"] for row in old.values() if "created" in row}
                self._write_index(open_db(self.index_path, batch=True, fresh=True), {}, headers, created)
                witnessed = {row["id"]: Head(row["entries"], row["head"]) for row in old.values()
                             if "entries" in row and "head" in row}
                if witnessed:  # the witnesses of closed rounds are not the match files' to give: kept
                    self.witness(witnessed)
        except OSError as e:
            raise not_stored(e) from None
        present = {h.id for h in headers} | {p.match_id for p in left_out}
        dropped = sorted({row["id"] for row in old.values()} - present)
        return Repair(len(headers), left_out, kept, dropped)

    def _index_findings(self, headers: Mapping[str, Header | None]) -> tuple[list[Msg], list[Msg]]:
        """(where the index and the match files disagree, what to say): rows without a file, rows naming
        another file or other header values than the match's own; matches not indexed yet are a note."""
        rows, problem = self._read_index()
        if problem is not None:
            return [self._index_problem(problem)], []
        found: list[Msg] = []
        notes: list[Msg] = []
        indexed: set[str] = set()
        for row in rows.values():
            mid = row["id"]
            indexed.add(mid)
            if mid not in headers:
                found.append(M("the index lists match {match}, whose file is missing", match=mid))
                continue
            if row.get("file") is not None and row.get("file") != self.path(mid).name:
                found.append(M("the index names the file {indexed} for match {match}, not {file}",
                               indexed=str(row.get("file")), match=mid, file=self.path(mid).name))
            header = headers[mid]
            if header is None:
                continue
            for field in INDEX_FIELDS:
                said = row.get(field)
                kept = stored.rules_of(header) if field == "rules" else getattr(header, field)
                if said != kept:
                    found.append(M("the index says {field} {indexed} for match {match}; its match file says {stored}",
                                   field=field, indexed=_shown(said), match=mid, stored=_shown(kept)))
        for mid in headers:
            if mid not in indexed:
                notes.append(M("match {match} is not in the index yet (`referee list` adds it)", match=mid))
        return found, notes


def _replaced_by(row: Summary) -> Callable[[MutableMapping[str, Any]], None]:
    """A TinyDB update putting *row* in place of a document (its fields, in its order; no other kept)."""
    def replace(doc: MutableMapping[str, Any]) -> None:
        doc.clear()
        doc.update(row)

    return replace


def _shown(value: object) -> str:
    from referee.core.names import shown

    return "-" if value is None else shown(str(value), 40)


def _index_row_ok(row: object) -> bool:
    if not isinstance(row, dict) or not isinstance(row.get("id"), str):
        return False
    for key, value in row.items():
        if key in ("id", "file", "rules", "created"):
            if not isinstance(value, str):
                return False
        elif key in ("date", "event", "table", "round"):
            if value is not None and not isinstance(value, str):
                return False
        elif key == "entries":
            if type(value) is not int or value < 0:
                return False
        elif key == "head":
            if not isinstance(value, str):
                return False
        else:
            return False
    return True


def _link_or_copy(src: Path, dst: Path) -> None:
    """*dst* the same file as *src*, durably: a hard link, or (where the file system has none) a copy
    written through the safe-write helper."""
    try:
        os.link(src, dst)
    except OSError as e:
        import errno

        if e.errno in (errno.ENOSPC, errno.EROFS, errno.EDQUOT, errno.EIO, errno.EEXIST):
            raise
        safefile.write_bytes(dst, src.read_bytes())
        return
    safefile.fsync_dir(dst.parent)
