"""Every file the tool writes goes through here: a temporary file in the same folder, fsynced, then
renamed over the target, and removed on any failure.

So after a crash, a ``kill -9`` or a full disk the target holds its old content or its new content,
never a torn mix, and no ``.part`` litter is left behind. Readers need no lock: a rename is atomic.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path

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
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
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
