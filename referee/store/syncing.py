"""``referee sync --to URL``: a venue's store pushed into the league's — every new match entry, event-log entry,
token change and kept rule set — match by match, in order, through the store interface only (persistence: it knows
no game).

Where a sync stopped is simply what the league holds: each pass compares every chain of the venue with the
league's (both read checked whole: a broken one is named and left alone) and pushes only the tail the league lacks,
through the league's ``extend`` (one transaction, refused when the league's head moved or the tail does not continue
it) or, for a match the league does not hold, its ``adopt``; then reads the league's chain back and compares. So a
pass that was killed half-way is resumed by the next one, and a second pass writes nothing and says so.

A **conflict** — the league holds a different entry at a place of a match (or event log) than the venue, or more
entries than the venue — stops that chain's sync only: it is named with both entries (seq, hash, directive), nothing
of either side is changed, and the other chains go on.

Tokens: a new one is adopted (refused by name when the league holds another valid token of that name: a conflict);
one the league holds by hash follows the venue's revocation and tables. Leagues: a new one is adopted, the events
the venue added to one are added. Kept rule sets are written before the matches that pin them, as ``db copy`` does.

The venue keeps a small record of its last passes, ``sync.json`` in its folder (:func:`read_record`): per league,
the venue's name there, when it last synced whole, what it pushed, how many entries each chain held in the league
then, and why the last pass failed (a message: its id and fields, :func:`msg_data`) — so ``referee sync --status``
says how many entries wait without reaching the league, in its reader's language. The league keeps its own record of
the venues (``store.venue_syncs()``, ``referee.store.venuesyncs``): each whole pass notes there last.

A link that stalls (connected, no byte flowing) fails a pass within :data:`STALL` seconds: :func:`open_league` bounds
the league's waits (``bound_waits``; ``referee.store.postgres.connection.connect``'s *stall*).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from referee.core.i18n import M, Msg, form
from referee.store.api import MatchStore
from referee.store.chain import SHORT, StoredEntry
from referee.store.errors import BrokenChain, DuplicateMatch, MovedOn, StoreError
from referee.store.leagues import League

RECORD = "sync.json"  # in the venue's folder


class Conflict(NamedTuple):
    """A chain the league holds differently: *kind* ``match`` or ``event``, its id, the place, and the entry each
    side holds there (None: that side holds no entry there)."""

    kind: str
    id: str
    seq: int
    venue: StoredEntry | None
    league: StoredEntry | None


class Synced(NamedTuple):
    """What one pass did: matches new to the league and matches extended, the entries pushed (matches' and events'
    logs'), the tokens and leagues written, the rule sets kept, what waited before the pass, and what stopped a
    chain (conflicts, chains that do not read sound)."""

    new_matches: int = 0
    extended: int = 0
    entries: int = 0
    new_logs: int = 0
    log_entries: int = 0
    tokens: int = 0
    leagues: int = 0
    rules: int = 0
    waited: int = 0
    conflicts: tuple[Conflict, ...] = ()
    problems: tuple[Msg, ...] = ()
    heads: Mapping[str, int] = {}  # the entries each match holds in the league after the pass
    logs: Mapping[str, int] = {}  # the same of each event's log

    @property
    def written(self) -> int:
        return self.entries + self.log_entries + self.new_matches + self.new_logs + self.tokens + self.leagues + \
            self.rules

    @property
    def waiting(self) -> int:
        """Entries of the venue the league still lacks after the pass (those behind a conflict or a problem)."""
        return self.waited - self.entries - self.log_entries


def shown_entry(entry: StoredEntry | None) -> Msg:
    """An entry as a conflict names it: ``#7 3f2a…(12 digits) points 25`` (the kind before a correction's)."""
    if entry is None:
        return M("no entry")
    what = entry["directive"] if entry["kind"] == "event" else f"{entry['kind']} {entry['directive']}".strip()
    return form("#{seq} {hash} {directive}", seq=entry["seq"], hash=entry["hash"][:SHORT], directive=what)


def conflict_message(c: Conflict, league: str) -> Msg:
    """One line naming the chain and both entries; nothing of it was pushed."""
    if c.kind == "match":
        return M("match {match}: {league} holds another entry at #{seq} (here {venue}; there {theirs}): this "
                 "match is not synced, nothing of either side changed", match=c.id, league=league, seq=c.seq,
                 venue=shown_entry(c.venue), theirs=shown_entry(c.league))
    return M("event {event}: {league} holds another entry at #{seq} (here {venue}; there {theirs}): this event's "
             "log is not synced, nothing of either side changed", event=c.id, league=league, seq=c.seq,
             venue=shown_entry(c.venue), theirs=shown_entry(c.league))


def _parting(mine: Sequence[StoredEntry], theirs: Sequence[StoredEntry]) -> int | None:
    """The first seq where the league's chain is not the venue's prefix (None: it is)."""
    for a, b in zip(mine, theirs, strict=False):
        if a["hash"] != b["hash"]:
            return a["seq"]
    if len(theirs) > len(mine):
        return len(mine) + 1
    return None


def _at(entries: Sequence[StoredEntry], seq: int) -> StoredEntry | None:
    return entries[seq - 1] if 0 < seq <= len(entries) else None


class _Pass:
    """One pass of the sync, counting as it goes."""

    def __init__(self, venue: MatchStore, league: MatchStore) -> None:
        self.venue, self.league = venue, league
        self.counts: dict[str, int] = dict.fromkeys(("new_matches", "extended", "entries", "new_logs",
                                                     "log_entries", "tokens", "leagues", "rules", "waited"), 0)
        self.conflicts: list[Conflict] = []
        self.problems: list[Msg] = []
        self.heads: dict[str, int] = {}
        self.logs: dict[str, int] = {}

    def rules(self) -> None:
        for k in self.venue.kept_rule_sets():
            if self.league.kept_rules(k.pin) is None:
                self.league.keep_rules(k)
                self.counts["rules"] += 1

    def _tail(self, kind: str, key: str, mine: list[StoredEntry], theirs: list[StoredEntry],
              heads: dict[str, int]) -> list[StoredEntry]:
        """The venue's entries the league lacks, a match's or an event log's (*kind*), *heads* noting how far the
        league's chain holds the venue's; none where the two chains part: the venue's entries from the parting on
        wait, the conflict noted."""
        heads[key] = len(theirs)
        parting = _parting(mine, theirs)
        if parting is not None:
            heads[key] = parting - 1
            self.counts["waited"] += len(mine) - (parting - 1)
            self.conflicts.append(Conflict(kind, key, parting, _at(mine, parting), _at(theirs, parting)))
            return []
        return mine[len(theirs):]

    def match(self, mid: str) -> None:
        snap = self.venue.snapshot(mid)
        if snap.problem is not None:
            self.problems.append(M("{problem}; this match is not synced (run `referee verify`)",
                                   problem=snap.problem.msg))
            return
        mine = snap.entries
        for _ in range(3):  # another writer of the league between the read and the write: read it again
            theirs: list[StoredEntry] = []
            if self.league.exists(mid):
                there = self.league.snapshot(mid)
                if there.problem is not None:
                    self.problems.append(M("{league}: {problem}; this match is not synced", league=self.league.where,
                                           problem=there.problem.msg))
                    return
                theirs = there.entries
            tail = self._tail("match", mid, mine, theirs, self.heads)
            if not tail:
                return
            try:
                if theirs:
                    self.league.extend(mid, tail, len(theirs))
                else:
                    self.league.adopt(mid, mine)
            except (MovedOn, DuplicateMatch):
                continue
            self.counts["waited"] += len(tail)
            self.counts["entries"] += len(tail)
            self.counts["extended" if theirs else "new_matches"] += 1
            back = self.league.snapshot(mid)
            if back.problem is not None or [e["hash"] for e in back.entries[:len(mine)]] != [e["hash"] for e in mine]:
                raise StoreError(M("match {match} does not read back from {target} as it was pushed", match=mid,
                                   target=self.league.where))
            self.heads[mid] = len(mine)
            return
        self.problems.append(M("match {match}: {league} kept moving on while it was pushed; the next pass tries "
                               "again", match=mid, league=self.league.where))

    def event(self, eid: str) -> None:
        try:
            mine = self.venue.event_log(eid).entries()
        except StoreError as e:
            self.problems.append(M("{problem}; this event's log is not synced", problem=e.msg))
            return
        log = self.league.event_log(eid)
        for _ in range(3):
            try:
                theirs = log.entries() if log.exists() else []
            except StoreError as e:
                self.problems.append(M("{league}: {problem}; this event's log is not synced",
                                       league=self.league.where, problem=e.msg))
                return
            tail = self._tail("event", eid, mine, theirs, self.logs)
            if not tail:
                return
            try:
                if theirs:
                    log.extend(tail, len(theirs))
                else:
                    log.adopt(mine)
            except StoreError as e:  # another writer first (moved on, or made it): read again
                if isinstance(e, BrokenChain):
                    raise
                continue
            self.counts["waited"] += len(tail)
            self.counts["log_entries"] += len(tail)
            self.counts["new_logs"] += 0 if theirs else 1
            if [e["hash"] for e in log.entries()[:len(mine)]] != [e["hash"] for e in mine]:
                raise StoreError(M("event {event} does not read back from {target} as it was pushed", event=eid,
                                   target=self.league.where))
            self.logs[eid] = len(mine)
            return
        self.problems.append(M("event {event}: {league} kept moving on while it was pushed; the next pass tries "
                               "again", event=eid, league=self.league.where))

    def tokens(self) -> None:
        repo = self.league.tokens()
        held = repo.all()
        for t in self.venue.tokens().all():
            same = next((h for h in held if h.hash == t.hash), None)
            if same is None:
                if t.active and any(h.name == t.name and h.active for h in held):
                    self.problems.append(M("the token of {name}: {league} holds another valid token of that name; "
                                           "it is not synced", name=t.name, league=self.league.where))
                    continue
                repo.adopt(t)
                held.append(t)
                self.counts["tokens"] += 1
            elif same.active and not t.active:
                repo.revoke(t.name)
                self.counts["tokens"] += 1
            elif same.active and t.active and (same.tables, same.event) != (t.tables, t.event):
                repo.assign(t.name, t.tables, t.event)
                self.counts["tokens"] += 1

    def leagues(self) -> None:
        repo = self.league.leagues()
        theirs: dict[str, League] = {lg.id: lg for lg in repo.all()}
        for lg in self.venue.leagues().all():
            there = theirs.get(lg.id)
            if there is None:
                repo.adopt(lg)
                self.counts["leagues"] += 1
                continue
            held = {e.event for e in there.events}
            for e in lg.events:
                if e.event not in held:
                    repo.add_event(lg.id, e.event, e.club)
                    self.counts["leagues"] += 1

    def result(self) -> Synced:
        c = self.counts
        return Synced(c["new_matches"], c["extended"], c["entries"], c["new_logs"], c["log_entries"], c["tokens"],
                      c["leagues"], c["rules"], c["waited"], tuple(self.conflicts), tuple(self.problems),
                      dict(self.heads), dict(self.logs))


def sync_store(venue: MatchStore, league: MatchStore, name: str | None = None) -> Synced:
    """Push what *league* lacks of *venue* (see the module): rule sets, then each match in the order of its id, each
    event's log, the tokens and the leagues. A conflict or a broken chain stops that chain only; an error of the
    league (unreachable, refusing) ends the pass, what was pushed before it staying pushed. A whole pass of the
    venue *name* is noted last in the league's record of its venues (``store.venue_syncs()``), what it pushed and
    what it left waiting: a pass that fails or is killed notes nothing there."""
    p = _Pass(venue, league)
    p.rules()
    for mid in sorted(venue.match_ids()):
        p.match(mid)
    for eid in sorted(venue.event_ids()):
        p.event(eid)
    p.tokens()
    p.leagues()
    done = p.result()
    if name is not None:
        from referee.store.venuesyncs import VenueSync

        league.venue_syncs().note(VenueSync(name, _stamp(), done.entries + done.log_entries, done.waiting,
                                            len(done.conflicts) + len(done.problems)))
    return done


STALL = 10.0  # seconds with no byte from the league's server before a pass gives up (``bound_waits``)


def open_league(to: str) -> MatchStore:
    """The league's store as ``--to`` names it, every wait for its server bounded by :data:`STALL`: a link that
    holds its connection while no byte flows fails the pass in seconds, and the next pass tries again."""
    from referee.core.i18n import literal
    from referee.store.api import open_store

    league = open_store(to, literal("--to"))
    league.bound_waits(STALL)
    return league


def venue_name(venue: MatchStore, league: str, given: str | None) -> str:
    """The name the venue syncs into *league* under: *given* (``--venue``, checked), else the one its record keeps
    for that league (the last ``--venue`` given), else the host's name and the store folder's,
    ``hall-pc/venue-store`` (a venue that is no folder: the host's name and its store as it is named)."""
    import socket

    from referee.store.venuesyncs import checked_venue

    if given is not None:
        return checked_venue(given)
    row = read_record(venue).get(league)
    kept = row.get("venue") if isinstance(row, dict) else None
    if isinstance(kept, str) and kept:
        return kept
    folder = venue.folder()
    host = socket.gethostname() or "localhost"
    return f"{host}/{folder.resolve().name if folder is not None else venue.where}"[:100]


# --- the venue's record of its passes ---------------------------------------------------------------------------

def record_path(venue: MatchStore) -> Path | None:
    folder = venue.folder()
    return None if folder is None else folder / RECORD


def read_record(venue: MatchStore) -> dict[str, Any]:
    """The venue's record of its passes, by league (shown without a password): ``{league: {"synced": time of the
    last whole pass, "tried": time of the last pass, "error": why it failed (a message as :func:`msg_data` keeps
    it; English text in a record of an older version: :func:`error_of` reads both) or None, "venue": its name in
    that league, "pushed": entries, "waiting": entries left, "heads": {match: entries in the league}, "logs":
    {event: entries}}}``; empty when there is none (or it is unreadable: it is only a record, rewritten by the next
    pass)."""
    path = record_path(venue)
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _stamp() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def note_pass(venue: MatchStore, league: str, done: Synced | None, error: Msg | None = None,
              name: str | None = None) -> None:
    """Keep what a pass did (*done*) or why it failed (*error*, kept as the message's id and fields, so that
    ``--status`` words it in its reader's language: :func:`msg_data`) in the venue's record (a folder venue only),
    with the venue's *name* in that league."""
    from referee.core import safefile

    path = record_path(venue)
    if path is None:
        return
    data = read_record(venue)
    row = data.get(league) if isinstance(data.get(league), dict) else {}
    assert isinstance(row, dict)
    now = _stamp()
    row["tried"] = now
    if name is not None:
        row["venue"] = name
    if done is not None:
        row.update(synced=now, error=None, pushed=done.entries + done.log_entries, waiting=done.waiting,
                   conflicts=len(done.conflicts) + len(done.problems), heads=dict(done.heads), logs=dict(done.logs))
    else:
        row["error"] = None if error is None else msg_data(error)
    data[league] = row
    try:  # only a record (the league holds what was pushed): a venue folder that refuses it does not fail the pass
        safefile.write_bytes(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True).encode("utf-8"))
    except OSError:
        pass


def error_of(row: Mapping[str, Any]) -> Msg | None:
    """Why the last pass recorded in *row* failed (None: it did not): the message kept by :func:`note_pass`, or the
    English text a record written before messages were kept holds."""
    from referee.core.i18n import literal

    error = row.get("error")
    if not error:
        return None
    if isinstance(error, str):
        return literal(error)
    found = msg_of(error)
    return found if found is not None else literal(json.dumps(error, ensure_ascii=False))


# A message as JSON: {"msgid", "fields": {name: value}, and "plural", "n", "zh", "context", "form" when set}; a
# field's value a string, number, boolean or null as it is, a message as {"msg": …}, a list (``listed``) as
# {"list": […]}; anything else as its English text.

def msg_data(msg: Msg) -> dict[str, Any]:
    from referee.core.i18n import _Form

    out: dict[str, Any] = {"msgid": msg.msgid, "fields": {k: _value_data(v) for k, v in msg.fields}}
    for key in ("plural", "n", "zh", "context"):
        if getattr(msg, key):
            out[key] = getattr(msg, key)
    if isinstance(msg, _Form):
        out["form"] = True
    return out


def _value_data(value: object) -> object:
    from referee.core.i18n import Listed

    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Msg):
        return {"msg": msg_data(value)}
    if isinstance(value, Listed):
        return {"list": [_value_data(v) for v in value]}
    return str(value)


def msg_of(data: object) -> Msg | None:
    """The message :func:`msg_data` wrote (None: *data* is not one)."""
    from referee.core.i18n import form

    if not isinstance(data, dict) or not isinstance(data.get("msgid"), str) or \
            not isinstance(data.get("fields", {}), dict):
        return None
    fields = tuple((str(k), _value_of(v)) for k, v in data.get("fields", {}).items())
    if data.get("form"):
        return form(data["msgid"])._replace(fields=fields)
    plural, zh, context, n = data.get("plural"), data.get("zh"), data.get("context"), data.get("n", 0)
    return Msg(data["msgid"], fields, plural if isinstance(plural, str) else None, n if isinstance(n, int) else 0,
               zh if isinstance(zh, str) else None, context if isinstance(context, str) else None)


def _value_of(data: object) -> object:
    from referee.core.i18n import listed

    if isinstance(data, dict) and "msg" in data:
        found = msg_of(data["msg"])
        return found if found is not None else json.dumps(data, ensure_ascii=False)
    if isinstance(data, dict) and isinstance(data.get("list"), list):
        return listed(_value_of(v) for v in data["list"])
    if isinstance(data, dict | list):
        return json.dumps(data, ensure_ascii=False)
    return data


def waiting_now(venue: MatchStore, row: Mapping[str, Any]) -> int:
    """The entries of *venue* the league lacked at its last pass recorded in *row* (read from the venue only)."""
    heads = row.get("heads") if isinstance(row.get("heads"), dict) else {}
    logs = row.get("logs") if isinstance(row.get("logs"), dict) else {}
    assert isinstance(heads, dict) and isinstance(logs, dict)
    n = 0
    for mid in venue.match_ids():
        try:
            n += max(0, len(venue.entries(mid)) - int(heads.get(mid, 0)))
        except (StoreError, ValueError, TypeError):
            continue
    for eid in venue.event_ids():
        try:
            n += max(0, len(venue.event_log(eid).entries()) - int(logs.get(eid, 0)))
        except (StoreError, ValueError, TypeError):
            continue
    return n


__all__ = ["STALL", "Conflict", "Synced", "conflict_message", "error_of", "msg_data", "msg_of", "note_pass",
           "open_league", "read_record", "sync_store", "venue_name", "waiting_now"]
