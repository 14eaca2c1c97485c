"""The shared watcher of live updates (referee.web.live): one load per change shared by all its
subscribers, each of them woken, waits with short timeouts among the changes, and the watcher gone
with its last subscriber. (The condition-variable race it once had — a timeout cancelling a woken
waiter while it took the lock back, "Lock is not acquired" — showed under the load test only; the
watcher now waits on an event per change, which holds no lock.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from referee.web.live import Hub, signature  # noqa: E402

SUBSCRIBERS = 40


def test_one_load_per_change_wakes_every_subscriber_and_the_last_one_stops_the_watcher(tmp_path: Path) -> None:
    watched = tmp_path / "m.json"
    watched.write_text("0")
    loads = []

    def load() -> str:
        loads.append(1)
        return watched.read_text()

    async def scenario() -> tuple[list[int], int]:
        hub = Hub(interval=0.001)
        seen_by: list[int] = []

        async def subscriber() -> None:
            async with hub.watching("m", lambda: signature([watched]), load) as w:
                seen = w.version
                for _ in range(300):  # timeouts of 1 ms, racing the writer's changes
                    seen = await w.wait(seen, 0.001)
                seen_by.append(seen)

        async def writer() -> None:
            for i in range(1, 40):
                watched.write_text(str(i) * i)  # a new size each time: a new signature
                hub.poke("m")
                await asyncio.sleep(0.001)

        await asyncio.gather(*(subscriber() for _ in range(SUBSCRIBERS)), writer())
        return seen_by, len(hub.watchers)

    seen_by, left = asyncio.run(scenario())
    assert len(seen_by) == SUBSCRIBERS and min(seen_by) >= 2  # each saw changes
    assert left == 0  # the last subscriber stopped the watcher
    assert len(loads) <= 39 + SUBSCRIBERS  # one load per change for all (and at most one first look each)
