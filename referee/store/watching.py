"""What a store's ``watch()`` answers (the live pages' question "what changed since I last asked?"), shared by
every backend: the folder store compares its files, the PostgreSQL store reads its change table and waits on
LISTEN/NOTIFY."""

from __future__ import annotations

from typing import NamedTuple


class Changes(NamedTuple):
    """What changed in a store since a cursor."""

    cursor: str  # opaque; pass it back to watch() to learn what changed after it
    matches: frozenset[str]  # match ids created/appended since the cursor (every id when the cursor is None)
    events: frozenset[str]  # event (tournament) ids whose log changed since the cursor
