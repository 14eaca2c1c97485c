"""Writing an event's output file (a sheet, a report, a workbook): through ``safefile.writing``, with
the reasons a file cannot be written turned into a project error that names the file.

A full disk or a missing folder is the user's to fix, not a traceback: the command prints the
message and exits 2, and the old file, if any, is left as it was.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
from collections.abc import Iterator

from referee.core import safefile
from referee.core.errors import UsageError
from referee.core.i18n import M, Msg


@contextlib.contextmanager
def written(path: str | os.PathLike[str]) -> Iterator[io.BytesIO]:
    """``safefile.writing(path)``; an ``OSError`` on writing becomes a ``UsageError`` naming *path*."""
    built = False  # an OSError of the block itself (reading a font…) is not a writing problem
    try:
        with safefile.writing(path) as buf:
            yield buf
            built = True
    except OSError as e:
        if not built:
            raise
        raise UsageError(cannot_write(str(path), e)) from None


def cannot_write(file: str, e: OSError) -> Msg:
    """Why *file* could not be written, in words the user can act on."""
    if isinstance(e, FileNotFoundError):
        return M("{file}: the folder does not exist", file=file)
    if isinstance(e, IsADirectoryError):
        return M("{file}: a folder of that name is in the way", file=file)
    if isinstance(e, PermissionError):
        return M("{file}: no permission to write it", file=file)
    if e.errno == errno.ENOSPC:
        return M("{file}: the disk is full", file=file)
    return M("{file}: cannot be written ({code})", file=file,
             code=errno.errorcode.get(e.errno or 0, "?"))
