"""Where a match comes from: a record file, or a match stored at the table.

``replay``, ``explain``, ``export`` and ``scorecard`` take one argument that is either a path to a
record file or a stored match id; :func:`load` turns it into the same thing either way. The user
chooses with ``--file``/``--match`` (:func:`kind_of`); without either, an argument that is both an
existing file and a stored match is refused, naming both. A value that came out of the store (an id
of ``scorecard --all``) is loaded with ``kind="match"``: it is never tried as a path.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple

from referee.core.errors import NotFound, RefereeError
from referee.core.i18n import M, Msg, listed
from referee.core.records import RecordError
from referee.core.safefile import read_fd
from referee.core.textfile import detect
from referee.games.api import AnyEvent, rules_named
from referee.games.kit.recordnames import plain_id as _plain_id  # noqa: F401 - test_harden_io checks it
from referee.games.registry import DEFAULT

if TYPE_CHECKING:
    from referee.games.api import Game, Header, Reading
    from referee.store.store import LogEntry

DEFAULT_GAME = DEFAULT  # a record without game= (referee.games.registry)
Kind = Literal["auto", "file", "match"]


class SourceError(NotFound, ValueError):
    """The argument names neither a record file nor a stored match: ``SourceError(M(...))``."""


class Source(NamedTuple):
    name: str  # the file path as given, or the match id
    events: list[AnyEvent]
    errors: list[RecordError]  # parse errors (lines of a file; sequence numbers of a stored match)
    origin: Literal["file", "store"]
    log: Sequence[LogEntry] = ()  # the store's audit trail; () for a file
    rules: str = ""  # the rule set the match header names, else its game's default (load fills it in)
    broken: Msg | None = None  # a stored match whose chain is broken: where and what (Store.check)
    head: tuple[str, int] | None = None  # a stored match's chain head: (short hash, entry count)
    rules_problem: Msg | None = None  # a file's rules= naming a path a header may not name (header_rules)
    game: str = DEFAULT_GAME  # the game the header names (referee.games.registry)

    @property
    def header(self) -> Header | None:
        """The match header among the events, as :attr:`game` reads it."""
        from referee.games.registry import game

        return game(self.game).header(self.events)


def header_rules(rules: str, record: str | os.PathLike[str]) -> str:
    """What a record file's ``rules=`` may name: a bundled rule set (its name), or a rule file next to
    the record (a bare file name, read from the record's folder). Any other path is a RulesError: a
    record someone brings must not make the tool read a file elsewhere (``--rules PATH`` can)."""
    if not (rules.endswith(".toml") or "/" in rules or os.sep in rules):
        return rules
    from pathlib import Path

    from referee.core.rulesfile import RulesError

    name = Path(rules)
    if name.is_absolute() or len(name.parts) != 1 or name.name in ("", ".", ".."):
        raise RulesError(M("rules={rules}: a record's header names a bundled rule set or a rule file next to the "
                           "record; for a rule file elsewhere give --rules {rules}",
                           rules=rules))
    return str(Path(record).parent / name)


RECORD_MAX = 64 * 1024 * 1024  # bytes: a record file larger than this is refused (README, docs/record-format.md)
# What --encoding may force: UTF-8 (a BOM allowed), UTF-16 (a BOM needed), GB18030 (which reads GBK and GB2312).
ENCODINGS = {"utf-8": "utf-8-sig", "utf8": "utf-8-sig", "utf-8-sig": "utf-8-sig", "utf-16": "utf-16",
             "utf16": "utf-16", "gb18030": "gb18030", "gbk": "gb18030", "gb2312": "gb18030", "cp936": "gb18030"}


class Decoded(NamedTuple):
    """The text of a file people bring, the encoding it was read with, and a notice when that encoding
    was assumed rather than known (GB18030 for text that is not UTF-8)."""

    text: str
    encoding: str  # "utf-8", "utf-8-sig", "utf-16" or "gb18030"
    notice: Msg | None


def read_bounded(path: str | os.PathLike[str], most: int = RECORD_MAX) -> bytes:
    """The bytes of a regular file of at most *most* bytes (a symlink to one is fine); a folder, a
    device (``/dev/zero``), a pipe or a larger file is a :class:`SourceError` naming it, before
    anything is read into memory."""
    import stat

    name = os.fspath(path)
    try:
        # O_NONBLOCK: opening a FIFO does not wait for a writer (it is refused below)
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise SourceError(M("{path}: cannot read it ({reason})", path=name, reason=e.strerror)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SourceError(M("{path}: not a regular file (a folder, a device or a pipe): a record is a text file",
                                path=name))
        if st.st_size > most:
            raise _too_large(name, most)
        data = read_fd(fd, most)
        if data is None:
            raise _too_large(name, most)
    except OSError as e:
        raise SourceError(M("{path}: cannot read it ({reason})", path=name, reason=e.strerror)) from None
    finally:
        os.close(fd)
    return data


def _too_large(name: str, most: int) -> SourceError:
    return SourceError(M("{path}: larger than {mib} MiB: not a record file", path=name, mib=most >> 20))


def _encoding_problem(file: str) -> Msg:
    return M("{file}: not readable as UTF-8, UTF-16 (with a BOM) or GBK/GB18030 text. Convert it to UTF-8 "
             "(iconv -f GBK -t UTF-8 {file} > converted.txt) or name its encoding with --encoding",
             file=file)


def decode(data: bytes, file: str, forced: str | None = None) -> Decoded:
    """Text people bring (a record, an entries CSV): UTF-8 with or without a BOM, UTF-16 with a BOM,
    else GB18030 (Chinese Windows' GBK) with a notice saying so; *forced* (``--encoding``) reads it in
    that encoding only. Anything else is a :class:`SourceError` in both languages with the fix."""
    if forced is not None:
        codec = ENCODINGS.get(forced.strip().lower())
        if codec is None:
            from referee.core.errors import UsageError

            raise UsageError(M("--encoding {encoding}: not one of {known}",
                               encoding=forced, known="utf-8, utf-16, gb18030 (gbk)"))
        try:
            return Decoded(data.decode(codec), codec, None)
        except UnicodeDecodeError as e:
            raise SourceError(M("{file}: not {encoding} text ({reason} at byte {byte})",
                                file=file, encoding=forced, reason=e.reason, byte=e.start)) from None
    found = detect(data)
    if found is None:
        raise SourceError(_encoding_problem(file))
    text, encoding = found
    if encoding != "gb18030":
        return Decoded(text, encoding, None)
    notice = M("{file}: not UTF-8; read as GBK/GB18030 (Chinese Windows). If the names look wrong, convert it "
               "(iconv -f GBK -t UTF-8 {file} > converted.txt) or name its encoding with --encoding",
               file=file)
    return Decoded(text, "gb18030", notice)


def _say(notice: Msg) -> None:
    """A notice on stderr in the language of ``$REFEREE_LANG`` (a command passes its own ``--lang``)."""
    import sys

    from referee.core.i18n import normalize, tr

    lang = normalize(os.environ.get("REFEREE_LANG") or "en") or "en"
    sys.stderr.write(tr(lang, "notice: {message}", message=notice) + "\n")


def read_record(path: str | os.PathLike[str], encoding: str | None = None,
                notify: Callable[[Msg], None] | None = None, game: Game | None = None) -> Reading:
    """Read a record file of *game* (the registry's default game when None; a caller that reads a file of the game
    its header names calls :func:`read_game_record`): a regular file of at most :data:`RECORD_MAX` bytes, decoded by
    :func:`decode` (*encoding* forces one; an assumed encoding is *notify*-ed, on stderr by default);
    SourceError names the file. Ids, names and texts that :mod:`referee.core.names` refuses are errors of
    the record at their lines."""
    from referee.games import registry

    decoded = decode(read_bounded(path), str(path), encoding)
    if decoded.notice is not None:
        (notify or _say)(decoded.notice)
    return (game if game is not None else registry.game()).read_record(decoded.text)


def read_game_record(path: str | os.PathLike[str], encoding: str | None = None,
                     notify: Callable[[Msg], None] | None = None) -> tuple[str, Reading]:
    """Read a record file of any game: the game its header names (``game=``, Gunzi when absent) and that
    game's reading of it. The file is read and decoded as :func:`read_record` does."""
    from referee.games.registry import UnknownGame, game, game_of_text

    data = read_bounded(path)
    decoded = decode(data, str(path), encoding)
    key, line = game_of_text(decoded.text)
    try:
        found = game(key)
    except UnknownGame as e:  # said as a problem of the record's header line, before any notice
        raise SourceError(M("{source}:{line}: {problem}", source=str(path), line=line, problem=e.msg)) from None
    if decoded.notice is not None:
        (notify or _say)(decoded.notice)
    return key, found.read_record(decoded.text)


def kind_of(as_file: bool, as_match: bool) -> Kind:
    """The kind of source ``--file``/``--match`` ask for (``auto`` without either)."""
    from referee.core.errors import UsageError

    if as_file and as_match:
        raise UsageError(M("give --file or --match, not both"))
    return "file" if as_file else "match" if as_match else "auto"


def load(source: str, db: str | None = None, kind: Kind = "auto", encoding: str | None = None,
         notify: Callable[[Msg], None] | None = None) -> Source:
    """A record file or a stored match id, as *kind* says: ``file`` reads the file only, ``match`` the
    store only; ``auto`` a file if *source* is an existing file, else a stored match — and when it is
    both, a usage error naming both and the options that choose.

    *db* is the store folder (``--db``); without it ``REFEREE_DB`` or ``./referee-store``.
    Raises :class:`SourceError` naming the argument when it is neither. *encoding* and *notify* are
    :func:`read_record`'s, for a file.
    """
    if kind == "file" or (kind == "auto" and os.path.isfile(source)):
        if kind == "auto":
            _refuse_both(source, db)
        key, record = read_game_record(source, encoding, notify)
        from referee.games.registry import game

        rules, refused = rules_named(game(key), record.events), None
        try:
            rules = header_rules(rules, source)
        except RefereeError as e:
            refused = e.msg
        return Source(name=source, events=list(record.events), errors=list(record.errors), origin="file",
                      log=[], rules=rules, rules_problem=refused, game=key)

    from referee.store.api import open_store
    from referee.store.store import StoreError, UnknownMatch

    store = open_store(db)
    try:
        events, errors = store.events_and_errors(source)
        log = store.log(source)
        problem = store.check(source)
        head = store.head(source)
    except UnknownMatch:
        if kind == "auto" and os.path.exists(source):
            raise SourceError(M("'{source}' is not a record file (it is a folder?)", source=source)) from None
        raise _not_found(source, store.where, store.match_ids()) from None
    except StoreError as e:
        raise SourceError(M("'{source}': {problem}", source=source,
                            problem=_problem(e))) from None
    broken = None if problem is None else _broken(problem.seq, problem.problem)
    from referee.games.stored import game_of_events
    from referee.store.pinning import remember

    remember(store, events)  # the rules it pinned, for the replay that follows (the store is let go of)

    from referee.games.registry import game

    found = game_of_events(events) or game()  # a match without a header: the default game's
    return Source(name=source, events=events, errors=errors, origin="store", log=log,
                  rules=rules_named(found, events), broken=broken, head=head, game=found.key)


def _broken(seq: int | None, problem: Msg) -> Msg:
    if seq is None:
        return M("the record's store file is broken: {problem}", problem=problem)
    return M("the record's hash chain is broken at entry {seq}: {problem}", seq=seq, problem=problem)


def _refuse_both(source: str, db: str | None) -> None:
    """A usage error when *source*, an existing file, is also the id of a stored match."""
    from referee.core.errors import UsageError
    from referee.store.api import open_store
    from referee.store.store import StoreError

    try:
        store = open_store(db)
        stored = store.exists(source)
    except (StoreError, OSError, ValueError):
        return
    if stored:
        raise UsageError(M("'{source}' is both a record file and a match stored in {root}: give --file to read "
                           "the file, or --match for the stored match",
                           source=source, root=store.where))


def _not_found(source: str, root: object, ids: list[str]) -> SourceError:
    """Neither a file nor a stored match; the stored ones are named (the first eight) when there are any."""
    if not ids:
        return SourceError(M("'{source}' is neither a record file nor a match stored in {root}",
                             source=source, root=str(root)))
    shown = listed([*ids[:8], *(["…"] if len(ids) > 8 else [])])
    return SourceError(M("'{source}' is neither a record file nor a match stored in {root}; stored matches: {ids}",
                         source=source, root=str(root), ids=shown))


def _problem(error: Exception) -> object:
    """A store error's message (in no language yet), or the text of any other error."""
    return error.msg if isinstance(error, RefereeError) else str(error)
