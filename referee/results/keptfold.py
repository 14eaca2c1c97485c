"""The engine's state after a match's last entry, kept between processes: what lets ``referee record`` check one
new directive without decoding, parsing and replaying the whole match in a fresh process.

A record of one entry folds the stored match (``replaying.fold``) and extends a copy of that state by the new
event. This module keeps the state it reached, after the append, in a file of the user's own cache
(``$XDG_CACHE_HOME/referee/folds``, else ``~/.cache/referee/folds``; never in the store folder), with what the
game clock's notice reads of the match (its header, the events that opened each deal, and the times of the
entries that opened or ended a timed unit). The next record of that match uses it only when it is exactly the
state of the entries the store holds now:

* keyed by the match, the head's count and hash (the chain's last hash, which seals every entry before it), the
  pin of the rules content it was folded under (``rules_content``) and a fingerprint of this version's engine
  (its version and the size and time of every module of the game's package and the games' kit);
* signed: an HMAC-SHA256 over the file's header and its last part, with a key derived from a secret of the user's
  own (32 random bytes in ``fold.key`` of the same cache folder, mode 0600, created once), and the store's
  location; the header holds the SHA-256 of the frozen part (the settled hands, the bulk of a long match's file,
  written again unchanged by most records), so that part is hashed once a record, when read, not again when
  written. The state is a
  pickle, and bytes are unpickled only once their signature is the user's: a file another user wrote, a copied
  or tampered one, a store's folder handed over from elsewhere, carry no valid signature and are never
  unpickled; a stale one (another head, other rules, another version) is passed over.

Anything else (no file, no key, a file of another format, any error while reading it) is the full replay, as
before; the kept state is only a shortcut to the same verdicts (``tests/test_recording_kept.py``). The folder
holds at most :data:`KEEP` states, the most recently written (:func:`prune`).
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.

import _pickle as pickle  # the C pickler itself: pickle.py's Python classes are ~1 ms of start-up a record uses none of
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from referee.core.digest import mac, sha256
from referee.core.digest import same as _same
from referee.core.frozen import Record, record_reduce
from referee.games.api import Game, Replayer
from referee.store.chain import StoredEntry

MAGIC = b"referee-fold 2\n"  # 1: one signature over every byte (a file of it is passed over: replayed)
PROTOCOL = 5  # pickle.HIGHEST_PROTOCOL of every Python this runs on (the C module does not name it)
FREEZE = 64  # settled hands re-pickled each time before they are frozen into the part the file reuses
KEEP = 256  # states kept at most (the most recently written): a club's evenings, never a cache that only grows


class Kept(Record):
    """A kept state as read: the engine's fold after the head's entries, and what the clock's notice reads."""

    state: Replayer
    sketch: list[Any]  # the header and the events that opened a deal, in order
    times: dict[int, str]  # seq -> time of the entries that opened or ended a timed unit
    frozen: tuple[int, int, bytes, str]  # how many settled hands and sketch events the frozen part holds, its bytes,
    # their SHA-256 (hex)
    pin: str  # the rules content's digest the state was folded under


class Hint(Record):
    """What the clock's notice after a record reads (``officiate.notices``): the events and the entry times the
    game's timed units are measured from, for the match whose last entry is *seq*, *hash*."""

    seq: int
    hash: str
    events: list[Any]
    times: dict[int, str]


_recent: dict[tuple[int, str], Hint] = {}

def cache_dir() -> Path | None:
    """The user's cache folder of this program, else None (no home)."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "referee"
    try:
        return Path.home() / ".cache" / "referee"
    except RuntimeError:
        return None


def _private_dir(path: Path) -> bool:
    """*path* made if missing; a folder of the user's own that no one else may write."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(path)
    except OSError:
        return False
    import stat

    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o022


def _secret() -> bytes | None:
    """The user's secret (created once, 0600), else None: no kept state is used or written."""
    base = cache_dir()
    if base is None or not hasattr(os, "getuid") or not _private_dir(base):
        return None
    path = base / "fold.key"
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError:
            return None
        try:
            os.write(fd, os.urandom(32))
        finally:
            os.close(fd)
        return _secret()
    except OSError:
        return None
    try:
        import stat

        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
            return None
        secret = os.read(fd, 64)
    finally:
        os.close(fd)
    return secret if len(secret) == 32 else None


def _where(store: Any) -> str:
    return str(getattr(store, "where", "") or "")


def _place(store: Any, match_id: str) -> tuple[Path, bytes] | None:
    """The kept state's file of *match_id* in *store*, and the key that signs it; None without a secret."""
    secret = _secret()
    base = cache_dir()
    if secret is None or base is None:
        return None
    where = _where(store)
    key = mac(secret, b"fold\0" + where.encode("utf-8", "surrogateescape"))
    name = sha256(f"{where}\0{match_id}".encode("utf-8", "surrogateescape")).hexdigest()[:40]
    return base / "folds" / f"{name}.fold", key


_CODES: dict[type, str] = {}  # code_of's answers: a record asks twice (its load, its save), the engine it runs is one


def code_of(state_type: type) -> str:
    """This version's engine: its version, and the size and time of each module of the state's game package and
    of the games' kit (a changed engine folds anew). Worked out once a process: the modules it runs are those it
    loaded, whatever the files became since."""
    found = _CODES.get(state_type)
    if found is None:
        found = _CODES[state_type] = _code_of(state_type)
    return found


def _code_of(state_type: type) -> str:
    from referee import __version__
    from referee.games import kit

    module = sys.modules.get(state_type.__module__)
    folders = {Path(kit.__file__).parent}
    if module is not None and getattr(module, "__file__", None):
        folders.add(Path(module.__file__).parent)  # type: ignore[arg-type]
    marks = [__version__, state_type.__module__, state_type.__qualname__]
    for folder in sorted(folders):
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.name.endswith(".py"):
                st = entry.stat()
                marks.append(f"{entry.name}:{st.st_size}:{st.st_mtime_ns}")
    return sha256("\n".join(marks).encode()).hexdigest()[:32]


def head_of(session: Any) -> tuple[int, str] | None:
    """The (count, last hash) of a session's match: its head where the backend knows it, else its entries'."""
    head = getattr(session, "head", None)
    if head is not None:
        return int(head.entries), str(head.hash)
    entries = session.entries
    return (len(entries), entries[-1]["hash"]) if entries else None


def rules_pin(game: Game, rules: Any) -> str:
    from referee.games.api import rules_content

    return rules_content(game, rules).digest


def load(store: Any, match_id: str, session: Any) -> Kept | None:
    """The kept state of *match_id* when it is exactly the state of the entries *session* holds, under the rules
    its header names now, by this version's engine; else None (the caller replays the match)."""
    try:
        return _load(store, match_id, session)
    except Exception:  # noqa: BLE001 - whatever is wrong with a kept state, the full replay is the answer
        return None


def _load(store: Any, match_id: str, session: Any) -> Kept | None:
    place = _place(store, match_id)
    head = head_of(session)
    if place is None or head is None:
        return None
    path, key = place
    from referee.core import safefile

    try:
        raw = safefile.read_regular(path)
    except OSError:
        return None
    if not raw.startswith(MAGIC):
        return None
    meta_end = raw.index(b"\n", len(MAGIC))
    mac_end = meta_end + 65
    meta_bytes, signature = raw[len(MAGIC):meta_end], raw[meta_end + 1:mac_end]
    if raw[mac_end:mac_end + 1] != b"\n":
        return None
    meta = json.loads(meta_bytes)  # JSON of the file, not yet trusted: only its sizes say where the signed part is
    sizes = meta["parts"]
    if len(sizes) != 2 or not all(type(n) is int and n >= 0 for n in sizes) or sum(sizes) != len(raw) - mac_end - 1:
        return None
    frozen_bytes, rest_bytes = raw[mac_end + 1:mac_end + 1 + sizes[0]], raw[mac_end + 1 + sizes[0]:]
    want = mac(key, raw[:meta_end + 1] + rest_bytes).hex().encode()
    if not _same(want, signature):
        return None  # not signed by this user for this store: never unpickled
    frozen_hash = sha256(frozen_bytes).hexdigest()
    if not _same(frozen_hash.encode(), str(meta.get("frozen")).encode()):
        return None  # the frozen part is not the one the signed header names: never unpickled
    if meta.get("match") != match_id or meta.get("entries") != head[0] or meta.get("head") != head[1]:
        return None
    from referee.core.gcpause import no_gc

    with no_gc():  # thousands of small tuples that all stay alive: no collection walks them meanwhile
        rest = pickle.loads(rest_bytes)  # noqa: S301 - signed above with the user's own key
        hands, sketch = pickle.loads(frozen_bytes)  # noqa: S301 - signed above
    state, tail, tail_sketch, times = rest["state"], rest["tail"], rest["sketch"], rest["times"]
    if not all(isinstance(x, list) for x in (hands, sketch, tail, tail_sketch)) or not isinstance(times, dict):
        return None
    frozen = (len(hands), len(sketch), frozen_bytes, frozen_hash)
    sketch = [*sketch, *tail_sketch]
    from referee.results.replaying import game_of, rules_of

    game = game_of(sketch[:1])
    rules = rules_of(sketch[:1])
    pin = rules_pin(game, rules)
    if meta.get("rules") != pin or meta.get("code") != code_of(type(state)):
        return None
    state.rules = rules
    state.hands = [*hands, *tail]
    return Kept(state, sketch, {int(k): v for k, v in times.items()}, frozen, pin)


def start(events: Sequence[Any], entries: Sequence[StoredEntry], base: Replayer) -> Kept | None:
    """What the clock reads of a match replayed whole (*events*, read from *entries*; *base* its fold). None for an
    engine that keeps no settled ``hands`` (the kit's whole replay, which holds the match's events themselves):
    what is kept is a fold that reads each new line alone, as Gunzi's reader does (``Game.read_entry``)."""
    if not hasattr(base, "hands"):
        return None
    try:
        from referee.results.replaying import game_of

        game = game_of(events)
        if not events or game.header(events[:1]) is None:
            return None
        starts = set(game.deal_starts(events))
        sketch = [events[0], *(ev for ev in events if ev.line in starts)]
        units = game.timed(events, base.copy().result())
        wanted = starts | {u.start for u in units} | {u.end for u in units if u.end is not None}
        times = {e["seq"]: e["time"] for e in entries if e["seq"] in wanted}
        return Kept(base, sketch, times, (0, 0, b"", ""), rules_pin(game, getattr(base, "rules", None)))
    except Exception:  # noqa: BLE001 - no clock sketch: the notice reads the entries, as before
        return None


def save(store: Any, match_id: str, kept: Kept, new: Sequence[Any], entries: Sequence[StoredEntry],
         state: Replayer, after: Any) -> None:
    """Keep *state* (the fold after *kept*'s entries and *new*, stored as *entries*) for the next record, and what
    the clock's notice reads now. Nothing is kept when anything is amiss: the next record replays."""
    try:
        _save(store, match_id, kept, new, entries, state, after)
    except Exception:  # noqa: BLE001 - a cache not written costs the next record a replay, nothing else
        return


def _save(store: Any, match_id: str, kept: Kept, new: Sequence[Any], entries: Sequence[StoredEntry],
          state: Replayer, after: Any) -> None:
    from referee.results.replaying import game_of

    game = game_of(kept.sketch[:1])
    starts = set(game.deal_starts(new))
    sketch = [*kept.sketch, *(ev for ev in new if ev.line in starts)]
    last = entries[-1]
    times = dict(kept.times)
    stamp = {e["seq"]: e["time"] for e in entries}
    for ev in new:
        if ev.line in starts:
            times[ev.line] = stamp[ev.line]
    units = game.timed([*sketch, new[-1]], after)
    for u in units:
        for line in (u.start, u.end):
            if line is not None and line in stamp:
                times[line] = stamp[line]
    if all(u.start in times and (u.end is None or u.end in times) for u in units):
        _recent[(id(store), match_id)] = Hint(last["seq"], last["hash"], [*sketch, new[-1]], dict(times))
    place = _place(store, match_id)
    if place is None:
        return
    path, key = place
    engine: Any = state
    hands = list(engine.hands)
    was: list[Any] = getattr(kept.state, "hands", [])
    n, m, frozen_bytes, frozen_hash = kept.frozen
    # the frozen part's bytes are written again as they were read while its hands are the very objects it held
    # (a settled hand is replaced only at the end of the list: engine's blood cleared) and the sketch grew by appends
    same = bool(frozen_bytes) and n <= len(hands) and len(was) >= n and m <= len(kept.sketch) and all(
        a is b for a, b in zip(hands[:n], was[:n], strict=True))
    if not same or len(hands) - n + len(sketch) - m > FREEZE:
        n, m = len(hands), len(sketch)
        frozen_bytes = _frozen_dumps((hands, sketch))
        frozen_hash = sha256(frozen_bytes).hexdigest()
    import copy

    bare = copy.copy(engine)
    bare.rules = None
    bare.hands = []
    rest = pickle.dumps({"state": bare, "tail": hands[n:], "sketch": sketch[m:], "times": times},
                        protocol=PROTOCOL)
    meta = json.dumps({"match": match_id, "entries": last["seq"], "head": last["hash"],
                       "rules": kept.pin, "code": code_of(type(state)), "frozen": frozen_hash,
                       "parts": [len(frozen_bytes), len(rest)]}, sort_keys=True).encode()
    signed = MAGIC + meta + b"\n"
    body = frozen_bytes + rest
    signature = mac(key, signed + rest).hex().encode()
    folder = path.parent
    if not _private_dir(folder):
        return
    temp = folder / f".{path.name}.{os.getpid()}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(signed + signature + b"\n" + body)
        os.replace(temp, path)
    except OSError:
        temp.unlink(missing_ok=True)
        return
    prune(folder)


class _FrozenPickler(pickle.Pickler):
    def reducer_override(self, obj: object) -> Any:
        return record_reduce(obj) or NotImplemented


def _frozen_dumps(part: object) -> bytes:
    """The frozen part's pickle: its records made again on load by one C call each (``frozen.record_reduce``), not
    their classes' Python ``__new__``: the part is read by every record and written once in :data:`FREEZE` hands
    (the 558 settled hands and 559 sketch events of a 5,000-entry match: 1.33 ms to load against 1.78)."""
    import io

    out = io.BytesIO()
    _FrozenPickler(out, protocol=PROTOCOL).dump(part)
    return out.getvalue()


def prune(folder: Path, keep: int | None = None) -> None:
    """Remove all but the *keep* (:data:`KEEP`) most recently written states of *folder*: a removed one costs its
    match's next record one full replay, nothing else."""
    keep = KEEP if keep is None else keep
    try:
        states = [(e.stat().st_mtime_ns, e.path) for e in os.scandir(folder) if e.name.endswith(".fold")]
    except OSError:
        return
    if len(states) <= keep:
        return
    for _, path in sorted(states)[:len(states) - keep]:
        try:
            os.unlink(path)
        except OSError:
            pass


def recent(store: Any, match_id: str, entry: StoredEntry) -> Hint | None:
    """What the clock's notice reads of *match_id*, when this process has just recorded *entry* into it."""
    hint = _recent.get((id(store), match_id))
    if hint is None or hint.seq != entry["seq"] or hint.hash != entry["hash"]:
        return None
    return hint
