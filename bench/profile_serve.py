"""``referee serve`` under cProfile, every thread profiled (the event loop's and the request threads'): what
``web_load.py`` starts instead of ``referee serve`` when ``REFEREE_PROFILE=FILE`` is set. The stats of all threads,
merged, are written to FILE when the server stops (``python -m pstats FILE``); each thread timed by its own CPU
clock (``time.thread_time``: user and system time), so a wait costs nothing and a system call what the kernel spent."""

from __future__ import annotations

import atexit
import cProfile
import os
import signal
import sys
import threading
import time

profiles: list[cProfile.Profile] = []


def _thread_profile(*_: object) -> None:
    sys.setprofile(None)
    p = cProfile.Profile(time.thread_time)
    profiles.append(p)
    p.enable()


def _dump() -> None:
    import pstats

    main.disable()
    stats = pstats.Stats(main)
    for p in profiles[1:]:
        p.disable()
        stats.add(p)
    stats.dump_stats(os.environ["REFEREE_PROFILE"])


def _stop(*_: object) -> None:  # uvicorn restores this handler after its shutdown and raises SIGTERM again
    raise SystemExit(0)


signal.signal(signal.SIGTERM, _stop)
main = cProfile.Profile(time.thread_time)
profiles.append(main)
threading.setprofile(_thread_profile)
atexit.register(_dump)
main.enable()
from referee.cli import main as cli  # noqa: E402

sys.argv[0] = "referee"
cli()
