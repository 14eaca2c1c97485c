"""Pause Python's cyclic garbage collector while a long record is read or replayed.

Reading and replaying allocate many small immutable objects that all stay alive (events, results,
steps) and form no reference cycles; the collector would walk the whole growing heap again and
again for nothing: 25-40% of a 10,000-hand replay. Reference counting still frees everything that
dies, and the collector's state is restored on the way out.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_gc() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
