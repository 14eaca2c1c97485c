"""The league's record of the venues that sync into it (``referee sync``): per venue, by its name, the time of its
last complete pass, the entries that pass pushed, how many of the venue's entries it left waiting (behind a
conflict or a chain that does not read sound) and how many chains it stopped. The league's pages show it
(``/leagues``, ``/leagues/{id}``) and ``referee sync --status --to`` prints it.

It is only a record, written by the venue at the end of a whole pass (a pass that failed or was killed writes
nothing): one row per venue, replaced by its next pass. In a store folder, ``venues.json`` (a JSON object by venue
name, written whole through the atomic write under its lock); in a PostgreSQL store, the table ``venue_syncs``
(``schema/005_venue_syncs.sql``, ``referee.store.postgres.venuesyncs``). Reached through the store
(``store.venue_syncs()``). ``db copy`` does not carry it: it says what reached this store, not the other.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

from referee.core import safefile
from referee.core.i18n import M
from referee.core.names import NAME_MAX, check_text
from referee.store.errors import StoreError
from referee.store.files import lock

FILE = "venues.json"
FIELDS = ("venue", "synced", "pushed", "waiting", "stopped")


class VenueSync(NamedTuple):
    """A venue's last complete pass as the league keeps it."""

    venue: str  # its name (``referee sync --venue``)
    synced: str  # when the pass ended (UTC, ISO 8601)
    pushed: int  # entries it pushed (matches' and events' logs')
    waiting: int  # entries of the venue the league still lacked after it
    stopped: int  # chains it stopped: conflicts and chains that do not read sound

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()


def venue_sync_of(doc: object) -> VenueSync | None:
    """A row from its stored record, None when it is not one the store writes."""
    if not isinstance(doc, dict) or set(doc) != set(FIELDS):
        return None
    venue, synced = doc["venue"], doc["synced"]
    counts = [doc[k] for k in FIELDS[2:]]
    if not isinstance(venue, str) or not isinstance(synced, str) or \
            not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
        return None
    return VenueSync(venue, synced, *counts)


def checked_venue(name: str) -> str:
    """A venue's name as ``--venue`` gives it: its outer spaces dropped, printable, not empty, at most 100
    characters (else a UsageError naming ``--venue``)."""
    from referee.core.errors import UsageError

    name = check_text(name.strip(), "--venue", NAME_MAX)
    if not name:
        raise UsageError(M("--venue: a venue needs a name"))
    return name


class FolderVenueSyncs:
    """The venues' syncs of a store folder (``venues.json``)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.path = self.root / FILE

    def _read(self) -> dict[str, VenueSync]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as e:
            raise StoreError(M("{file} cannot be read ({problem})",
                               file=str(self.path), problem=str(e))) from None
        rows = {} if not isinstance(data, dict) else {k: venue_sync_of(v) for k, v in data.items()}
        bad = next((k for k, v in rows.items() if v is None or v.venue != k), None)
        if not isinstance(data, dict) or bad is not None:
            raise StoreError(M("{file} cannot be read (its row {key} is not a row the store writes)",
                               file=str(self.path), key=str(bad)))
        return {k: v for k, v in rows.items() if v is not None}

    def all(self) -> list[VenueSync]:
        """Every venue's last complete pass, by name."""
        return sorted(self._read().values())

    def note(self, row: VenueSync) -> None:
        """Keep *row* as its venue's last complete pass (replacing the one before); a folder that refuses it is a
        StoreError naming the file."""
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(M("{file} cannot be written ({problem})",
                               file=str(self.path), problem=e.strerror or str(e))) from None
        with lock(self.path):
            try:
                rows = self._read()
            except StoreError:
                rows = {}  # only a record: an unreadable one is replaced whole
            rows[row.venue] = row
            data = {k: v.to_dict() for k, v in sorted(rows.items())}
            try:
                safefile.write_bytes(self.path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))
            except OSError as e:
                raise StoreError(M("{file} cannot be written ({problem})",
                                   file=str(self.path), problem=e.strerror or str(e))) from None
