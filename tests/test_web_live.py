"""The shared watcher of live updates (referee.web.live): the hub asks the store what changed
(``watch``), one load per change is shared by all a watcher's subscribers, each of them woken, waits
with short timeouts among the changes, and the hub stops with its last subscriber. (The condition-variable
race it once had — a timeout cancelling a woken waiter while it took the lock back, "Lock is not
acquired" — showed under the load test only; the watcher now waits on an event per change, which holds no
lock.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from referee.games.gunzi.events import MatchHeader  # noqa: E402
from referee.store.store import Store  # noqa: E402
from referee.web.live import Hub, Watcher  # noqa: E402

SUBSCRIBERS = 40
WRITES = 39


def test_one_load_per_change_wakes_every_subscriber_and_the_last_one_stops_the_hub(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    store.create([MatchHeader(id="M1", line=1)], referee="t")
    store.create([MatchHeader(id="M2", line=1)], referee="t")
    loads = []

    def load() -> int:
        loads.append(1)
        return len(store.entries("M1"))

    def write(i: int) -> None:
        with store.session("M1") as s:
            s.append("event", f"warn E note {i}", "t")

    async def scenario() -> tuple[list[int], int, bool, int]:
        hub = Hub(store, interval=0.001)
        seen_by: list[int] = []

        async def subscriber() -> None:
            async with hub.watching(("match", "M1"), load) as w:
                seen = w.version
                for _ in range(300):  # timeouts of 1 ms, racing the writer's changes
                    seen = await w.wait(seen, 0.001)
                while w.data != 1 + WRITES:  # the last write seen, however the machine is loaded
                    seen = await w.wait(seen, 0.05)
                seen_by.append(seen)

        async def other() -> int:  # a watcher of another match: woken by none of M1's writes
            async with hub.watching(("match", "M2"), lambda: len(store.entries("M2"))) as w:
                first = w.version
                await asyncio.sleep(0.3)
                return w.version - first

        async def writer() -> None:
            for i in range(1, WRITES + 1):
                await asyncio.to_thread(write, i)
                hub.poke(("match", "M1"))
                await asyncio.sleep(0.001)

        *_, woken, _ = await asyncio.gather(*(subscriber() for _ in range(SUBSCRIBERS)), other(), writer())
        return seen_by, len(hub.watchers), hub._task is None, woken

    seen_by, left, stopped, woken = asyncio.run(scenario())
    assert len(seen_by) == SUBSCRIBERS and min(seen_by) >= 2  # each saw changes
    assert left == 0 and stopped  # the last subscriber stopped the hub
    assert woken == 0  # M2 was never written: its watcher never reloaded
    assert len(loads) <= WRITES + 1  # one load per change for all, and one first load


def test_a_write_by_another_process_is_seen_without_a_poke(tmp_path: Path) -> None:
    import subprocess
    import sys

    store = Store(tmp_path / "store")
    store.create([MatchHeader(id="M1", line=1)], referee="t")

    async def scenario() -> float:
        hub = Hub(store, interval=0.05)
        async with hub.watching(("match", "M1"), lambda: len(store.entries("M1"))) as w:
            assert w.data == 1
            seen = w.version
            code = ("import sys; from referee.store.store import Store\n"
                    "with Store(sys.argv[1]).session('M1') as s: s.append('event', 'warn E x', 't')")
            await asyncio.to_thread(subprocess.run, [sys.executable, "-c", code, str(tmp_path / "store")], check=True)
            loop = asyncio.get_running_loop()
            t = loop.time()
            while w.data != 2:
                seen = await w.wait(seen, 0.05)
                assert loop.time() - t < 1.0, "not seen within a second"
            return loop.time() - t

    assert asyncio.run(scenario()) < 1.0


def test_a_write_through_the_server_reaches_its_viewers_without_a_look(tmp_path: Path) -> None:
    # The write's own thread loads the match's rows (hub.loaded) and the event loop hands them to the watcher
    # (hub.published): its subscribers are woken at once although the hub looks only once a minute here.
    store = Store(tmp_path / "store")
    store.create([MatchHeader(id="M1", line=1)], referee="t")

    def write_and_load(hub: Hub) -> object:
        with store.session("M1") as s:
            s.append("event", "warn E x", "t")
        return hub.loaded(("match", "M1"))

    async def scenario() -> tuple[int, int, float]:
        hub = Hub(store, interval=60.0)
        async with hub.watching(("match", "M1"), lambda: len(store.entries("M1"))) as w:
            looks, seen = hub.looks, w.version
            loop = asyncio.get_running_loop()
            t = loop.time()
            loaded = await asyncio.to_thread(write_and_load, hub)
            hub.published(("match", "M1"), loaded)  # type: ignore[arg-type]
            seen = await w.wait(seen, 5.0)
            return w.data, hub.looks - looks, loop.time() - t

    data, looks, took = asyncio.run(scenario())
    assert data == 2  # the header and the warning
    assert looks == 0 and took < 5.0  # woken by the write itself, not by a look (the next is a minute away)


def test_a_load_older_than_the_data_in_hand_or_equal_to_it_wakes_no_one(tmp_path: Path) -> None:
    async def scenario() -> list[tuple[int, object]]:
        w = Watcher(lambda: None)
        seen: list[tuple[int, object]] = []
        for number, data in [(1, [b"a"]), (3, [b"a", b"b"]), (2, [b"a"]), (4, [b"a", b"b"]), (5, [b"a", b"b", b"c"])]:
            w.take(number, data)
            seen.append((w.version, w.data))
        return seen

    assert asyncio.run(scenario()) == [
        (1, [b"a"]),  # the first load
        (2, [b"a", b"b"]),  # a newer load with a new row
        (2, [b"a", b"b"]),  # load 2 finished after load 3: older data is not put back
        (2, [b"a", b"b"]),  # load 4 found what is in hand (the write was published already): no one woken
        (3, [b"a", b"b", b"c"]),
    ]


def test_a_wait_without_a_timeout_returns_at_the_next_change_and_ends_when_its_viewer_goes(tmp_path: Path) -> None:
    # What a match's stream waits with (no timer per wait): the write through the server wakes it with the new
    # data; with no change after, it waits until the viewer goes (its task cancelled), and the hub stops then.
    store = Store(tmp_path / "store")
    store.create([MatchHeader(id="M1", line=1)], referee="t")
    key = ("match", "M1")

    def write_and_load(hub: Hub) -> object:
        with store.session("M1") as s:
            s.append("event", "warn E x", "t")
        return hub.loaded(key)

    async def scenario() -> tuple[list[int], int, bool]:
        hub = Hub(store, interval=60.0)
        woken: list[int] = []

        async def viewer() -> None:
            async with hub.watching(key, lambda: len(store.entries("M1"))) as w:
                seen = await w.wait(w.version, None)
                woken.append(w.data)
                await w.wait(seen, None)  # nothing changes any more: returns only when cancelled

        async with asyncio.timeout(10):
            task = asyncio.create_task(viewer())
            while key not in hub.watchers or not hub.watchers[key].version:
                await asyncio.sleep(0.01)
            hub.published(key, await asyncio.to_thread(write_and_load, hub))  # type: ignore[arg-type]
            while not woken:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.05)
            assert not task.done()  # still waiting: no timeout ended it
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        return woken, len(hub.watchers), hub._task is None

    woken, left, stopped = asyncio.run(scenario())
    assert woken == [2]  # the header and the warning, seen once
    assert left == 0 and stopped  # the viewer gone, its watcher and the hub are too
