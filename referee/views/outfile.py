"""Writing an event's output file (a sheet, a report, a workbook): through ``safefile.producing``
(:func:`referee.core.safefile.output`: a file by rename, a device or a pipe streamed to, anything else
refused, the folder required), the reasons a file cannot be written turned into the one project
error that names the file (:func:`referee.core.safefile.failure`).

A full disk or a missing folder is the user's to fix, not a traceback: the command prints the
message and exits 1 (as every operating-system error does), and the old file, if any, is left as it was.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator

from referee.core import safefile


@contextlib.contextmanager
def written(path: str | os.PathLike[str]) -> Iterator[io.BytesIO]:
    """``safefile.producing(path)``; an ``OSError`` on writing becomes a ``FileError`` naming *path*."""
    built = False  # an OSError of the block itself (reading a font…) is not a writing problem
    try:
        with safefile.producing(path) as buf:
            yield buf
            built = True
    except OSError as e:
        if not built:
            raise
        raise safefile.failure(e, path) from None
