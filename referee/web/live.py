"""Live updates: one watcher per watched thing (a match, an event), shared by its subscribers, and one
hub per server asking the store what changed.

The hub asks :meth:`referee.store.api.MatchStore.watch` every :data:`INTERVAL` seconds (and at once when a
write made through this server pokes it) what changed since its cursor: the matches written to and the
event logs. The web does not know how a backend finds out (the folder store compares its files'
signatures; PostgreSQL listens). A watcher whose match or event changed loads what its subscribers need
once (a match's entries) and wakes them all; an event's watcher wakes for its log and for any match
written. The hub runs while there is a watcher, and a watcher while it has a subscriber: no subscriber,
no looking; one look per server, not one per client.

A store that pushes its changes (``store.pushes``: PostgreSQL's LISTEN/NOTIFY) is asked to wait: the hub's
look blocks in ``watch(cursor, timeout)`` on a thread of its own (one listening connection per server) and
returns as soon as any server — another venue — commits a change, instead of polling every interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from referee.store.watching import Changes

INTERVAL = 0.1  # seconds between two looks (a CLI write shows within this, plus a read)


class Watchable(Protocol):
    """What the hub needs of a store: its one question about changes."""

    def watch(self, cursor: str | None, timeout: float = 0.0) -> Changes: ...


class Watcher:
    """The shared watch of one thing; :attr:`data` is what *load* returned at the latest change.

    Loads run on worker threads (the hub's look, a write's own thread: :meth:`Hub.loaded`), one at a time per
    watcher and numbered in the order they ran: a load is taken only when it is newer than the data in hand,
    so two loads finishing out of order never put older data back. A load that finds the data in hand (a
    match's rows as they were: the write that changed it was published already) wakes no one."""

    def __init__(self, load: Callable[[], Any]) -> None:
        self.load = load
        self.version = 0
        self.data: Any = None
        self.subscribers = 0
        self.stale = True  # its last load failed: loaded again at the next look
        self._changed = asyncio.Event()  # set (and replaced by a new one) at each change
        self._first = asyncio.Lock()
        self._loading = threading.Lock()  # one load at a time (worker threads)
        self._loads = 0  # loads begun, numbering them
        self._taken = 0  # the number of the load whose data is in hand

    async def first_load(self) -> None:
        """Load, unless loaded already: the subscribers that arrive together share one load."""
        async with self._first:
            if self.version == 0:
                await self.refresh()

    def load_now(self) -> tuple[int, Any]:
        """Load on this (worker) thread: (the load's number, its data); raises what the load raises."""
        with self._loading:
            self._loads += 1
            return self._loads, self.load()

    async def refresh(self) -> None:
        """Load, and wake the subscribers."""
        try:
            number, data = await asyncio.to_thread(self.load_now)
        except Exception:  # a file caught half-way by a hand edit: load again at the next look
            self.stale = True
            return
        self.take(number, data)

    def take(self, number: int, data: Any) -> None:
        """Hold *data* from load *number* and wake the subscribers, unless a later load's data is in hand or
        it is the data in hand (on the event loop)."""
        if number <= self._taken:
            return
        self._taken, self.stale = number, False
        if self.version and data is not None and data == self.data:
            return
        self.data = data
        self.version += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait(self, seen: int, timeout: float | None) -> int:
        """The version after *seen* (returns at once when there is one), or *seen* after *timeout* (None: no
        timeout, the next change).

        An event per change, not a condition: a timeout that cancels a condition's wait while it takes
        its lock back leaves the lock unheld (asyncio, Python 3.11), and the stream then fails. The timeout is
        a scope on this task (``asyncio.timeout``), not ``wait_for``'s task made for every wait of every
        viewer."""
        if self.version > seen:
            return self.version
        changed = self._changed
        if timeout is None:  # no timer armed and cancelled per wait (a match's every viewer, at every entry)
            await changed.wait()
            return self.version
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await changed.wait()
        return self.version


def touches(key: Hashable, changes: Changes) -> bool:
    """Whether *changes* concern the watcher of *key*: ``("match", id)`` its match; ``("event", id)`` its log,
    or any match (a match of the event's round written shows in its standings)."""
    if isinstance(key, tuple) and len(key) == 2:
        kind, ident = key
        if kind == "match":
            return ident in changes.matches
        if kind == "event":
            return ident in changes.events or bool(changes.matches)
    return bool(changes.matches or changes.events)


class Hub:
    """The watchers of one server, by key, and the one look at the store that wakes them."""

    def __init__(self, store: Watchable, interval: float = INTERVAL, block: float = 0.0) -> None:
        self.store = store
        self.interval = interval
        self.block = block  # > 0: each look waits in the store's watch() up to this long (a store that pushes)
        self._follower: ThreadPoolExecutor | None = None  # the one thread such a look waits on
        self.watchers: dict[Hashable, Watcher] = {}
        self.looks = 0  # the store's watch() asked (for the tests)
        self._cursor: str | None = None
        self._poke: asyncio.Event | None = None
        self._ready: asyncio.Event | None = None  # set once the hub's task has its first cursor
        self._task: asyncio.Task[None] | None = None

    @contextlib.asynccontextmanager
    async def watching(self, key: Hashable, load: Callable[[], Any]) -> AsyncIterator[Watcher]:
        w = self.watchers.get(key)
        if w is None:
            w = self.watchers[key] = Watcher(load)
        w.subscribers += 1
        try:
            if self._task is None:  # no await between the look and the start: one task, whoever comes first
                self._poke, self._ready = asyncio.Event(), asyncio.Event()
                self._task = asyncio.get_running_loop().create_task(self._run())
            assert self._ready is not None
            await self._ready.wait()  # the cursor is from before the first load: no change is missed
            await w.first_load()
            yield w
        finally:
            w.subscribers -= 1
            if w.subscribers == 0 and self.watchers.get(key) is w:
                del self.watchers[key]
                if not self.watchers:
                    await self._stop()

    def _look_and_load(self, cursor: str | None, wait: float,
                       watchers: list[tuple[Hashable, Watcher]]) -> tuple[Changes, list[tuple[Watcher, Any]]]:
        """The store's changes since *cursor* and, on the same worker thread, the loads of the *watchers* they
        concern (or whose last load failed): one thread hop per look, however many matches changed. Each
        load is (its number, its data), or the exception it raised."""
        changes = self.store.watch(cursor, wait)
        loads: list[tuple[Watcher, Any]] = []
        for key, w in watchers:
            if w.version and (w.stale or touches(key, changes)):
                try:
                    loads.append((w, w.load_now()))
                except Exception as e:  # a file caught half-way by a hand edit: load again at the next look
                    loads.append((w, e))
        return changes, loads

    async def _look(self, wait: float = 0.0) -> Changes:
        watchers = list(self.watchers.items())
        if wait > 0:
            if self._follower is None:
                self._follower = ThreadPoolExecutor(1, thread_name_prefix="referee-follow")
            loop = asyncio.get_running_loop()
            changes, loads = await loop.run_in_executor(self._follower, self._look_and_load, self._cursor, wait,
                                                        watchers)
        else:
            changes, loads = await asyncio.to_thread(self._look_and_load, self._cursor, 0.0, watchers)
        self._cursor = changes.cursor
        self.looks += 1
        for w, loaded in loads:
            if isinstance(loaded, Exception):
                w.stale = True
            else:
                w.take(*loaded)
        return changes

    async def _run(self) -> None:
        assert self._poke is not None and self._ready is not None
        first = True
        while True:
            waited = not first and self.block > 0
            try:
                await self._look(self.block if waited else 0.0)
            except Exception:  # the store unreadable for a moment (a folder being moved): look again
                waited = False
            if first:  # the cursor to start from: each watcher makes its first load itself, after it
                first = False
                self._ready.set()
            if waited:  # the look waited for a change already (a write through this server notifies too)
                self._poke.clear()
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poke.wait(), self.interval)
            self._poke.clear()

    async def _stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def close(self) -> None:
        """Let the follower thread go (the server stops); a look it is waiting in ends within ``block``."""
        follower, self._follower = self._follower, None
        if follower is not None:
            follower.shutdown(wait=False, cancel_futures=True)

    def poke(self, key: Hashable | None = None) -> None:
        """Look now (a write made through this server): every watcher it concerns hears of it at once."""
        if self._poke is not None:
            self._poke.set()

    def loaded(self, key: Hashable) -> tuple[Watcher, tuple[int, Any]] | None:
        """The watcher of *key* loaded on this worker thread (a write's own, just after it wrote): what
        :meth:`published` hands it on the event loop; None when nothing watches *key*."""
        w = self.watchers.get(key)
        if w is None or not w.version:
            return None
        return w, w.load_now()

    def published(self, key: Hashable, loaded: tuple[Watcher, tuple[int, Any]] | None) -> None:
        """After a write to the match of *key* (``("match", id)``) through this server: its watcher takes what
        the write's thread loaded (:meth:`loaded`), its subscribers woken without waiting for a look; the hub
        looks at once only when another watcher may be concerned (an event's: any match written shows in its
        standings), else at its next interval (a write by another process is seen then)."""
        if loaded is not None:
            w, (number, data) = loaded
            w.take(number, data)
        if any(k != key and not (isinstance(k, tuple) and k[:1] == ("match",)) for k in self.watchers):
            self.poke()

    def poke_all(self) -> None:
        self.poke()
