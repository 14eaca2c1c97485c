"""Work spread over the machine's cores: a cold read of many matches (each read, its chain hashed, replayed) is
CPU-bound Python, one core's work unless processes share it.

:func:`spread` forks the process (POSIX), so each child starts with everything the parent holds — the modules
imported, the data read — and sends back only its results (pickled, through a pipe). It is used only where
that is safe and pays: a single-threaded process (a command; never the web server, whose threads may hold
locks a child would inherit), more than one core to use, and enough items. Otherwise, or when a child fails
in any way, the work is done in this process, with the same results in the same order: the cores change how
fast, never what.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

LEAST = 24  # fewer items than this are done here: a fork and a pipe cost about what a few matches do
MOST = 4  # processes at most (this one included)


def usable() -> int:
    """The cores this process may run on (1 where that cannot be known)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def ways(n: int, least: int = LEAST) -> int:
    """How many processes :func:`spread` would use for *n* items (1: this one alone)."""
    if n < least or not hasattr(os, "fork") or sys.platform == "win32" or threading.active_count() > 1:
        return 1
    return max(1, min(usable(), MOST, n // (least // 2 or 1)))


def spread(fn: Callable[[T], R], items: Sequence[T], least: int = LEAST) -> list[R]:
    """``[fn(item) for item in items]``, the items shared out over forked processes (see the module). *fn* must
    not raise (return an error as a value): a child that raises, or dies, has its share done again here."""
    k = ways(len(items), least)
    if k == 1:
        return [fn(item) for item in items]
    children: list[tuple[int, int, int]] = []  # (share, pid, the pipe's read end)
    for share in range(1, k):
        r, w = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(r)
            os.close(w)
            break
        if pid == 0:  # the child: its share, pickled into the pipe, then gone without running any exit hook
            code = 1
            try:
                os.close(r)
                data = pickle.dumps([fn(item) for item in items[share::k]], pickle.HIGHEST_PROTOCOL)
                with os.fdopen(w, "wb") as out:
                    out.write(data)
                code = 0
            finally:
                os._exit(code)
        os.close(w)
        children.append((share, pid, r))
    forked = {share for share, _, _ in children}
    results = {share: [fn(item) for item in items[share::k]] for share in range(k) if share not in forked}
    for share, pid, r in children:
        got: list[R] | None = _collected(pid, r)
        results[share] = got if got is not None and len(got) == len(items[share::k]) else \
            [fn(item) for item in items[share::k]]
    return [results[i % k][i // k] for i in range(len(items))]


def _collected(pid: int, r: int) -> list[R] | None:
    """A child's results, None when it failed (it exited otherwise than 0, or sent what cannot be read)."""
    with os.fdopen(r, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return None
    try:
        got = pickle.loads(data)
    except Exception:  # noqa: BLE001 - a child's output that cannot be read: its share is done again here
        return None
    return got if isinstance(got, list) else None
