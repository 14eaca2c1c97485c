"""Every file the tool writes goes through here: a temporary file in the same folder, fsynced, then
renamed over the target, and removed on any failure.

So after a crash, a ``kill -9`` or a full disk the target holds its old content or its new content,
never a torn mix, and no ``.part`` litter is left behind. Readers need no lock: a rename is atomic.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from referee.core.errors import RefereeError
from referee.core.i18n import M, Msg

TMP_SUFFIX = ".tmp"


def temp_prefix(path: Path) -> str:
    return f".{path.name}."


def open_temp(target: Path, mode: int = 0o644) -> tuple[int, Path]:
    """A new temporary file beside *target*, opened for writing: (its descriptor, its path).

    Its name is unique (``.NAME.<random>.tmp``, created with ``O_EXCL`` as ``tempfile.mkstemp`` does,
    another name tried if it is taken), so two threads of one process, or two processes, never write
    into one temporary file, and :func:`clean_temp` still knows it for litter. Unlike ``mkstemp``
    (always 0600) it is created with *mode* itself, so the umask applies as to any new file, and it
    saves importing ``tempfile`` in every ``referee record``."""
    for _ in range(100):
        tmp = target.parent / f"{temp_prefix(target)}{os.urandom(6).hex()}{TMP_SUFFIX}"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), tmp
        except FileExistsError:  # pragma: no cover - 48 random bits taken already
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(target))  # pragma: no cover


def fsync_dir(folder: Path) -> None:
    """Make a rename in *folder* durable (where the platform has directory descriptors)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def write_bytes(path: str | os.PathLike[str], data: bytes, mode: int = 0o644, *,
                before_replace: Callable[[], None] | None = None, sync_folder: bool = True) -> None:
    """Replace *path* by *data*: old content or new content after any crash, never a mix.

    Raises ``OSError`` (full disk, read-only folder …) with *path* untouched and no temporary
    file left. *before_replace* runs once the new content is complete and durable in its temporary
    file, just before it replaces *path* (to keep the old file elsewhere first, say); if it raises,
    *path* is left untouched and the temporary file removed. ``sync_folder=False`` leaves out the
    fsync that makes the rename itself durable: for a file whose old content is as good after a
    power cut (the store's head records, which may lag behind but never run ahead); the content is
    fsynced all the same, so the file is never torn."""
    target = Path(path)
    fd, tmp = open_temp(target, mode)
    try:
        try:
            write_fd(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if before_replace is not None:
            before_replace()
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if sync_folder:
        fsync_dir(target.parent)


def write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    write_bytes(path, text.encode(encoding))


@contextlib.contextmanager
def writing(path: str | os.PathLike[str]) -> Iterator[io.BytesIO]:
    """A binary stream for a writer that wants a file object (ReportLab, XlsxWriter); its bytes
    replace *path* only when the block ends without an error."""
    buf = io.BytesIO()
    yield buf
    write_bytes(path, buf.getvalue())


def clean_temp(path: Path) -> list[str]:
    """Remove temporary files a killed writer of *path* left behind. Call with *path*'s lock held."""
    removed: list[str] = []
    prefix = temp_prefix(path)
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        if name.startswith(prefix) and name.endswith(TMP_SUFFIX):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path.parent / name)
                removed.append(name)
    return removed


# ---------------------------------------------------------------- the one policy for files (issues 15, 16)
#
# Reading a file the tool keeps (a store file) or is given (an entries file): a regular file only, of
# bounded size, JSON of bounded depth. Writing an output (-o, --xlsx, a sheet, a report, a scorecard):
# a regular file (or a new path) by rename, a character device, a FIFO or ``-`` streamed to, anything
# else refused; the folder it goes into must exist. An OSError becomes one message naming the file
# the user named (never a temporary file) with one exit code: :func:`failure`.

STORE_MAX = 64 * 1024 * 1024  # bytes: a store file larger than this is refused, not read into memory
DEPTH_MAX = 32  # nesting of a JSON document the tool reads (the deepest it writes is 5)
STDOUT = "-"
OS_ERROR = 1  # the exit code of every error the operating system reports (a full disk, a missing folder…)


class Refused(OSError):
    """A file the tool will not read or write as asked (not a regular file, too large, no folder):
    an ``OSError`` naming it; *why* says why in the user's words (without the file: a reason to put
    in a sentence), :attr:`msg` the whole line."""

    def __init__(self, path: str | os.PathLike[str], why: Msg, code: int = errno.EINVAL) -> None:
        super().__init__(code, why.text("en"), os.fspath(path))
        self.why = why

    @property
    def msg(self) -> Msg:
        return M("{file}: {reason}", file=os.fsdecode(self.filename), reason=self.why)

    def __reduce__(self) -> tuple[type[Refused], tuple[object, ...]]:
        return (type(self), (self.filename, self.why, self.errno))


def reason(error: OSError) -> Msg | str:
    """Why *error* happened, to put in a sentence that names the file itself: the tool's words for a
    :class:`Refused` file, else the system's."""
    return error.why if isinstance(error, Refused) else (error.strerror or str(error))


class FileError(RefereeError):
    """An operating-system error worded for the user: the file and the reason (exit :data:`OS_ERROR`)."""

    exit_code = OS_ERROR


def _kind(mode: int) -> Msg:
    if stat.S_ISDIR(mode):
        return M("a folder")
    if stat.S_ISSOCK(mode):
        return M("a socket")
    if stat.S_ISBLK(mode):
        return M("a block device")
    if stat.S_ISCHR(mode):
        return M("a character device")
    if stat.S_ISFIFO(mode):
        return M("a pipe")
    return M("not a regular file")


def read_regular(path: str | os.PathLike[str], most: int = STORE_MAX) -> bytes:
    """The bytes of the regular file *path* (a symlink to one is fine), at most *most* of them.

    Opened without waiting (a FIFO is refused, never waited on) and checked before anything is read:
    a FIFO, a device (``/dev/zero``), a folder or a file larger than *most* is :class:`Refused`
    naming *path*; a missing file is the usual ``FileNotFoundError``."""
    name = os.fspath(path)
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused(name, M("{kind}, not a regular file: not read",
                                  kind=_kind(st.st_mode)))
        if st.st_size > most:  # refused before a byte is read
            raise too_large(name, most)
        data = read_fd(fd, most)
        if data is None:
            raise too_large(name, most)
    finally:
        os.close(fd)
    return data


def read_fd(fd: int, most: int) -> bytes | None:
    """What is left to read of *fd*, or None once it runs past *most* bytes: the size ``fstat`` says can be
    wrong (``/proc``), so no more than the cap allows is read whatever it said."""
    chunks: list[bytes] = []
    size = 0
    while size <= most:
        chunk = os.read(fd, min(1 << 20, most + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return None if size > most else b"".join(chunks)


def write_fd(fd: int, data: bytes) -> None:
    """All of *data* to *fd* (``os.write`` may write less than it was given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def too_large(path: str | os.PathLike[str], most: int) -> Refused:
    return Refused(path, M("larger than {mib} MiB: not read", mib=max(1, most >> 20)),
                   errno.EFBIG)


_SCALARS = frozenset((str, int, float, bool, type(None)))  # what json.loads gives that holds nothing


class TooDeep(ValueError):
    """JSON nested deeper than the tool reads (:data:`DEPTH_MAX`)."""


def loads(raw: bytes | str, depth: int = DEPTH_MAX) -> object:
    """*raw* as JSON nested at most *depth* deep; ``ValueError`` (not JSON, not UTF-8) or
    :class:`TooDeep` otherwise — never a ``RecursionError``."""
    try:
        data = json.loads(raw)
    except RecursionError:
        raise TooDeep(f"nested deeper than {depth} levels") from None
    level: list[object] = [data]
    for _ in range(depth + 1):
        inner: list[object] = []
        for value in level:
            if isinstance(value, dict):
                values: Iterable[object] = value.values()
            elif isinstance(value, list):
                values = value
            else:
                continue
            # A container of scalars only (a store's entry, a log's line) adds nothing below: told by C-level
            # map and set, not by a Python loop over its values (a 2,000-entry match: 18,000 of them).
            if not _SCALARS.issuperset(map(type, values)):
                inner.extend(v for v in values if isinstance(v, (dict, list)))
        if not inner:
            return data
        level = inner
    raise TooDeep(f"nested deeper than {depth} levels")


def named(error: OSError, target: str | os.PathLike[str]) -> OSError:
    """*error* naming *target* (a write's temporary file, or no file at all, becomes the target)."""
    if isinstance(error, Refused):
        return error
    return OSError(error.errno, error.strerror or str(error), os.fspath(target))


def failure(error: OSError, target: str | os.PathLike[str] | None = None) -> FileError:
    """The one wording of an operating-system error: the file (*target* when given, else the one the
    error names; never ``?``) and the reason in words the user can act on."""
    if isinstance(error, Refused):
        return FileError(error.msg)
    name = os.fspath(target) if target is not None else error.filename
    reason = error.strerror or str(error)
    if name is None:
        return FileError(M("{reason}", reason=reason))
    file = os.fsdecode(name)
    if isinstance(error, FileNotFoundError):
        return FileError(M("{file}: no such file or folder", file=file))
    if isinstance(error, IsADirectoryError):
        return FileError(M("{file}: a folder of that name is in the way", file=file))
    if isinstance(error, NotADirectoryError):
        return FileError(M("{file}: a part of the path is a file, not a folder", file=file))
    if isinstance(error, PermissionError):
        return FileError(M("{file}: no permission", file=file))
    if error.errno == errno.ENOSPC:
        return FileError(M("{file}: the disk is full", file=file))
    if error.errno == errno.EROFS:
        return FileError(M("{file}: the file system is read-only ({reason})",
                           file=file, reason=reason))
    return FileError(M("{file}: {reason}", file=file, reason=reason))


def _no_folder(name: str) -> Refused:
    """The one rule for outputs: the folder must exist (README, "Files the tool writes")."""
    return Refused(name, M("the folder does not exist"), errno.ENOENT)


def output(path: str | os.PathLike[str], data: bytes) -> None:
    """Write an output the user named (``-o``, ``--xlsx``…): the one way every output is written.

    ``-`` is standard output. A character device or a FIFO (``/dev/null``, a named pipe, or a symlink
    to one), and whatever an open descriptor stands for (``/dev/stdout``, ``/dev/fd/N``: a file the
    shell opened, appended to), is written to as it is, never replaced. A regular file (through a symlink:
    the file it points to, the link kept) or a new name in an existing folder is replaced whole by
    rename (:func:`write_bytes`). Anything else (a folder, a socket, a block device) is :class:`Refused`,
    and so is a folder that does not exist: no folder is made. Every ``OSError`` names *path*."""
    name = os.fspath(path)
    if name == STDOUT:
        _stream_stdout(data)
        return
    try:
        try:
            mode: int | None = os.stat(name).st_mode
        except FileNotFoundError:
            mode = None
        if mode is not None and _descriptor(name):  # /dev/stdout, /dev/fd/N: a file the caller opened already
            _stream(name, data)
        elif mode is None:
            real = os.path.realpath(name)  # a dangling symlink: the file it names is made, the link kept
            folder = os.path.dirname(real) or "."
            if not os.path.isdir(folder):
                raise _no_folder(name)
            write_bytes(real, data)
        elif stat.S_ISREG(mode):
            write_bytes(os.path.realpath(name), data)
        elif stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
            _stream(name, data)
        else:
            raise Refused(name, M("{kind}: an output is written to a file, a character device, a pipe or -",
                                  kind=_kind(mode)))
    except OSError as e:
        raise named(e, name) from None


def _descriptor(name: str) -> bool:
    """Whether *name* reaches an open descriptor (``/dev/stdout`` → ``/proc/self/fd/1``): what it
    stands for is written into (``> file`` or ``>> log`` as the shell opened it), never replaced."""
    path = os.path.abspath(name)
    for _ in range(40):  # the kernel's limit of symlinks followed
        if path.startswith(("/proc/", "/dev/fd/")):
            return True
        try:
            target = os.readlink(path)
        except OSError:  # not a symlink (or gone): the end of the chain
            return False
        path = os.path.normpath(os.path.join(os.path.dirname(path), target))
    return False


def is_stdout(path: str | os.PathLike[str]) -> bool:
    """Whether an output to *path* lands in standard output (``-``, ``/dev/stdout``, a path to the
    file or pipe it is): a command then says "wrote …" on stderr, not into what it wrote."""
    name = os.fspath(path)
    if name == STDOUT:
        return True
    try:
        there, out = os.stat(name), os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no such file yet, or a stdout without a descriptor
        return False
    return (there.st_dev, there.st_ino) == (out.st_dev, out.st_ino)


def _stream(name: str, data: bytes) -> None:
    # no O_CREAT, no O_TRUNC: a device stays one; O_APPEND: a file behind a descriptor (`>> log`) keeps its start
    fd = os.open(name, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOCTTY", 0))
    try:
        write_fd(fd, data)
    finally:
        os.close(fd)


def _stream_stdout(data: bytes) -> None:
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


@contextlib.contextmanager
def producing(path: str | os.PathLike[str]) -> Iterator[io.BytesIO]:
    """A binary stream for a writer of an output (ReportLab, XlsxWriter); :func:`output` once the block
    ends without an error."""
    buf = io.BytesIO()
    yield buf
    output(path, buf.getvalue())


def output_folder(path: str | os.PathLike[str]) -> Path:
    """A folder outputs go into (``reports/``, ``scorecard --all -o DIR``): made when missing, but only
    itself — its parent must exist (the one rule: the tool never makes a chain of folders)."""
    name = os.fspath(path)
    try:
        os.mkdir(name)
    except FileExistsError:
        if not os.path.isdir(name):
            raise Refused(name, M("not a folder"), errno.ENOTDIR) from None
    except FileNotFoundError:
        raise _no_folder(name) from None
    except OSError as e:
        raise named(e, name) from None
    return Path(name)
