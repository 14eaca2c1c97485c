"""The event's own record: an append-only, hash-chained log of what the director did.

One file per event, ``events/<file_stem(id)>.json`` in the store folder, beside the matches::

    {"format": 1, "event": "SC26", "entries": [{"seq": 1, "kind": "event", "time": …, "referee": …,
      "directive": "{\\"action\\":\\"created\\",…}", "target": null, "reason": "", "prev": …, "hash": …}, …]}

Each entry is sealed by ``referee.store.chain`` exactly as a match's entries are: its ``directive`` is
the action (``referee.event.state``) as canonical JSON, so the hash covers every field of it, and a
hand-edit anywhere breaks the chain at a place :meth:`EventLog.read` names. The chain's id is
``event:<id>``, so an event's entries never pass for a match's. Writers take the file's lock
(``referee.store.files.lock``) around read-check-append and write through ``referee.safefile``;
readers need no lock. Entries are only ever appended: the state is what replaying them gives.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee import safefile
from referee.errors import NotFound
from referee.i18n import M, Msg
from referee.names import file_stem
from referee.store import chain
from referee.store.chain import StoredEntry, Unsealed
from referee.store.files import lock
from referee.store.store import StoreError, now, referee_name

if TYPE_CHECKING:  # the event layer loads when a state is replayed: `referee record` only scans the log
    from referee.event.state import EventState

Action = dict[str, Any]
EVENTS_DIR = "events"
FORMAT = 1


class UnknownEvent(NotFound, StoreError):
    """An event id the store does not hold (exit 2)."""


class DuplicateEvent(StoreError):
    """``event new`` of an id already stored (exit 1)."""


class BrokenEventLog(StoreError):
    """An event file that is not a sound chain of known actions: nothing is written to it."""


def chain_id(event_id: str) -> str:
    """The id the event's entries are hashed under (a match id never starts with ``event:``)."""
    return f"event:{event_id}"


def canonical(action: Action) -> str:
    """An action as the text its entry seals: keys sorted, no spaces, UTF-8 as is."""
    return json.dumps(action, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def events_dir(root: Path) -> Path:
    return root / EVENTS_DIR


def _broken(event_id: str, seq: int | None, problem: Msg) -> BrokenEventLog:
    if seq is None:
        return BrokenEventLog(M("event {event}: {problem}",
                                event=event_id, problem=problem))
    return BrokenEventLog(M("event {event}, seq {seq}: {problem}",
                            event=event_id, seq=seq, problem=problem))


_STATE_PROBLEMS: dict[str, Msg] = {
    "unknown_action": M("an action this version of referee does not know ({detail}): update referee"),
    "not_first": M("the event is created a second time"),
    "no_event": M("the log does not begin with the event's creation"),
    "bad_action": M("the entry's action is not readable ({detail})"),
    "unknown_pair": M("pair {detail} is not an entry of the event"),
    "round_order": M("round {detail} is out of order (paired before the round before it closed, or closed twice)"),
}


class EventLog:
    """An event's log in a store folder. Cheap to make: nothing is read until asked."""

    def __init__(self, root: Path, event_id: str) -> None:
        self.root = root
        self.event_id = event_id
        self.path = events_dir(root) / (file_stem(event_id) + ".json")

    def exists(self) -> bool:
        return self.path.is_file()

    def _unknown(self) -> UnknownEvent:
        known = [e for e, _ in list_events(self.root)]
        if not known:
            return UnknownEvent(M("no event '{event}' in the store at {root} (events stored: none)",
                                  event=self.event_id, root=self.root))
        return UnknownEvent(M("no event '{event}' in the store at {root} (events stored: {known:list})",
                              event=self.event_id, root=self.root, known=known[:8]))

    def entries(self) -> list[StoredEntry]:
        """The entries as stored, their chain checked (no lock: the file is replaced atomically)."""
        return self._checked(self._raw())

    def _raw(self) -> bytes:
        """The log's bytes: a regular file of bounded size, else a BrokenEvent naming it."""
        try:
            return safefile.read_regular(self.path)
        except FileNotFoundError:
            raise self._unknown() from None
        except OSError as e:
            raise _broken(self.event_id, None, M("its file {file} cannot be read ({reason})", file=str(self.path),
                                                 reason=safefile.reason(e))) from None

    def _checked(self, raw: bytes) -> list[StoredEntry]:
        try:
            data = safefile.loads(raw)
        except ValueError as e:
            raise _broken(self.event_id, None, M("its file {file} is not valid JSON ({detail})",
                                                 zh="其文件 {file} 不是有效的 JSON（{detail}）", file=str(self.path),
                                                 detail=str(e))) from None
        entries = data.get("entries") if isinstance(data, dict) else None
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries) or not entries:
            raise _broken(self.event_id, None, M("the file holds no readable list of entries"))
        if not isinstance(data, dict) or data.get("event") != self.event_id:
            other = data.get("event") if isinstance(data, dict) else None
            raise _broken(self.event_id, None, M("the file is the log of event {other}", other=str(other)))
        problem = chain.check(chain_id(self.event_id), entries)
        if problem is not None:
            raise _broken(self.event_id, problem.seq, problem.problem)
        return entries

    def actions(self) -> list[Action]:
        return actions_of(self.event_id, self.entries())

    def state(self) -> EventState:
        """The event as its log's actions make it."""
        return state_of(self.event_id, self.actions())

    @contextlib.contextmanager
    def session(self, *, create: bool = False) -> Iterator[EventSession]:
        """The log opened for appending, its lock held; *create*: a new event (refused if it exists)."""
        folder = events_dir(self.root)
        if not create and not self.path.is_file():
            raise self._unknown()
        folder.mkdir(parents=True, exist_ok=True)
        with lock(self.path):
            safefile.clean_temp(self.path)
            if create:
                if self.path.is_file():
                    raise DuplicateEvent(M("event '{event}' is already in the store at {root}",
                                           event=self.event_id, root=self.root))
                yield EventSession(self, [])
                return
            yield EventSession(self, self._checked(self._raw()))


class EventSession:
    """The log while its lock is held: its entries, its state, and the one way to add to it."""

    def __init__(self, log: EventLog, entries: list[StoredEntry]) -> None:
        self.log = log
        self.entries = entries
        self._state: EventState | None = None

    @property
    def state(self) -> EventState:
        if self._state is None:
            self._state = state_of(self.log.event_id, actions_of(self.log.event_id, self.entries))
        return self._state

    def append(self, actions: Sequence[Action], referee: str | None = None) -> EventState:
        """Append *actions* in one atomic write (all or none) and return the state after them.

        The new state is replayed before anything is written, so an action that would not fit is
        refused with the file untouched."""
        new_actions = actions_of(self.log.event_id, self.entries) + list(actions)
        after = state_of(self.log.event_id, new_actions)
        who = referee_name(referee)
        stamp = now()
        prev = self.entries[-1]["hash"] if self.entries else chain.GENESIS
        sealed = []
        cid = chain_id(self.log.event_id)
        for i, action in enumerate(actions):
            entry: Unsealed = {"seq": len(self.entries) + i + 1, "kind": "event", "time": stamp, "referee": who,
                               "directive": canonical(action), "target": None,
                               "reason": str(action.get("reason") or "")}
            done = chain.seal(cid, entry, prev)
            prev = done["hash"]
            sealed.append(done)
        data = {"format": FORMAT, "event": self.log.event_id, "entries": [*self.entries, *sealed]}
        text = json.dumps(data, ensure_ascii=False, indent=1)
        safefile.write_bytes(self.log.path, text.encode("utf-8"))
        self.entries.extend(sealed)
        self._state = after
        return after


def actions_of(event_id: str, entries: Sequence[StoredEntry]) -> list[Action]:
    """Each entry's action, read back from the canonical JSON it sealed."""
    out: list[Action] = []
    for e in entries:
        try:
            action = safefile.loads(e.get("directive") or "")
        except ValueError:
            action = None
        if not isinstance(action, dict):
            raise _broken(event_id, e.get("seq"), M("the entry holds no readable action"))
        out.append(action)
    return out


def state_of(event_id: str, actions: Sequence[Action]) -> EventState:
    from referee.event.state import StateError, replay

    try:
        return replay(actions)
    except StateError as e:
        raise _broken(event_id, e.seq, _STATE_PROBLEMS[e.what].bind(detail=e.detail)) from None


def list_events(root: Path) -> list[tuple[str, Path]]:
    """(event id, file) of every event in the store, by id; the id is read from the file itself."""
    folder = events_dir(root)
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return []
    found = []
    for name in names:
        if not name.endswith(".json") or name.startswith("."):
            continue
        try:
            data = safefile.loads(safefile.read_regular(folder / name))
        except (OSError, ValueError):  # a broken file never hides the others
            continue
        event = data.get("event") if isinstance(data, dict) else None
        if isinstance(event, str):
            found.append((event, folder / name))
    return sorted(found)
