"""Live updates: one watcher per watched thing (a match's file, an event), shared by its subscribers.

A watcher polls a version of what it watches every :data:`INTERVAL` seconds (the store's
``match_version`` / ``event_version``: the signature — size, mtime, inode — of the folder store's files,
the chain head of a PostgreSQL row) — a CLI ``record`` moves it, so it is seen within that time — and, when it changed,
loads what its subscribers need once (a match's entries) and wakes them all. A write made through
this server pokes the watcher, so its subscribers hear of it at once. The watcher starts with its
first subscriber and stops with its last: no subscriber, no polling; one poll per match, not one per
client.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.store.api import Watching

INTERVAL = 0.1  # seconds between two looks at the files (a CLI write shows within this, plus a read)

Signature = tuple[tuple[int, int, int] | None, ...]


def signature(paths: Sequence[Path]) -> Signature:
    out: list[tuple[int, int, int] | None] = []
    for p in paths:
        try:
            st = os.stat(p)
        except OSError:
            out.append(None)
        else:
            out.append((st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(out)


class Watcher:
    """The shared watch of what *look* versions; :attr:`data` is what *load* returned at the latest change."""

    def __init__(self, look: Callable[[], object], load: Callable[[], Any], interval: float,
                 threaded: bool = False) -> None:
        self.look, self.load, self.interval = look, load, interval
        self.threaded = threaded  # the look asks a database server: off the event loop, like the load
        self.version = 0
        self.data: Any = None
        self.subscribers = 0
        self._sig: object = None
        self._changed = asyncio.Event()  # set (and replaced by a new one) at each change
        self._poke = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def poke(self) -> None:
        self._poke.set()

    async def refresh(self) -> None:
        """Look now; load and wake the subscribers when the version changed."""
        try:
            sig = await asyncio.to_thread(self.look) if self.threaded else self.look()
        except Exception:  # the database away for a moment: look again next time
            return
        if sig == self._sig:
            return
        try:
            data = await asyncio.to_thread(self.load)
        except Exception:  # a file caught half-way by a hand edit: look again next time
            return
        self._sig, self.data = sig, data
        self.version += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def _run(self) -> None:
        while True:
            await self.refresh()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poke.wait(), self.interval)
            self._poke.clear()

    async def wait(self, seen: int, timeout: float) -> int:
        """The version after *seen* (returns at once when there is one), or *seen* after *timeout*.

        An event per change, not a condition: a timeout that cancels a condition's wait while it takes
        its lock back leaves the lock unheld (asyncio, Python 3.11), and the stream then fails."""
        if self.version > seen:
            return self.version
        changed = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), timeout)
        return self.version


class Follower:
    """A thread that follows a store's changes (``watch``: the PostgreSQL store's NOTIFY) and pokes the hub's
    watchers when anything changed, so that a write made through another server — another venue — reaches
    this server's live pages at once instead of at the next poll."""

    def __init__(self, store: Watching, hub: Hub, timeout: float = 1.0) -> None:
        self.store, self.hub, self.timeout = store, hub, timeout
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._thread = threading.Thread(target=self._run, args=(loop,), name="referee-follow", daemon=True)
        self._thread.start()

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        cursor: str | None = None
        while not self._stop.is_set():
            try:
                changes = self.store.watch(cursor, self.timeout)
            except Exception:  # the server away for a moment: the watchers' own polls carry on; try again
                self._stop.wait(self.timeout)
                continue
            if cursor is not None and (changes.matches or changes.events):
                with contextlib.suppress(RuntimeError):  # the loop closed: the server is stopping
                    loop.call_soon_threadsafe(self.hub.poke_all)
            cursor = changes.cursor

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(self.timeout + 5)
            self._thread = None


class Hub:
    """The watchers of one server, by key."""

    def __init__(self, interval: float = INTERVAL, threaded: bool = False) -> None:
        self.interval = interval
        self.threaded = threaded
        self.watchers: dict[object, Watcher] = {}

    @contextlib.asynccontextmanager
    async def watching(self, key: object, look: Callable[[], object],
                       load: Callable[[], Any]) -> AsyncIterator[Watcher]:
        w = self.watchers.get(key)
        if w is None:
            w = self.watchers[key] = Watcher(look, load, self.interval, self.threaded)
        w.subscribers += 1
        try:
            await w.refresh()
            w.start()
            yield w
        finally:
            w.subscribers -= 1
            if w.subscribers == 0 and self.watchers.get(key) is w:
                del self.watchers[key]
                await w.stop()

    def poke(self, key: object) -> None:
        w = self.watchers.get(key)
        if w is not None:
            w.poke()

    def poke_all(self) -> None:
        for w in list(self.watchers.values()):
            w.poke()
