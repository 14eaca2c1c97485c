"""Leagues: a season grouping events held at several venues (clubs), each event naming its club.

In a store folder, one TinyDB file, ``leagues.json`` (table ``leagues``, one document per league), written
whole through the atomic storage of ``referee.store.files`` under its lock; in a PostgreSQL store, the tables
``leagues`` and ``league_events`` (``referee.store.postgres.leagues``). Reached through the store
(``store.leagues()``). A league is not chained: it holds no result, only which events count and where they were
played; the results stay in the events' logs and the matches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from referee.core import safefile
from referee.core.errors import NotFound, UsageError
from referee.core.i18n import M, Msg
from referee.core.names import NAME_MAX, check_id, check_text
from referee.store.errors import StoreError
from referee.store.files import Malformed, clean_temp, flush, lock, open_db
from referee.store.store import now

FILE = "leagues.json"
TABLE = "leagues"


class LeagueEvent(NamedTuple):
    event: str
    club: str  # the club (venue) it was held at
    added: str  # when it was added to the league (UTC)


class League(NamedTuple):
    id: str
    title: str
    created: str
    events: tuple[LeagueEvent, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "created": self.created,
                "events": [{"event": e.event, "club": e.club, "added": e.added} for e in self.events]}

    def club_of(self, event: str) -> str | None:
        return next((e.club for e in self.events if e.event == event), None)


class UnknownLeague(NotFound, StoreError):
    """A league id the store does not hold (exit 2)."""


class DuplicateLeague(StoreError):
    """``league new`` of an id already stored, an event added twice (exit 1)."""


def league_of(doc: object) -> League | None:
    """A league from its stored record, None when the record is not one the store writes."""
    if not isinstance(doc, dict) or set(doc) != {"id", "title", "created", "events"}:
        return None
    events = doc["events"]
    if not (isinstance(doc["id"], str) and isinstance(doc["title"], str) and isinstance(doc["created"], str)
            and isinstance(events, list)):
        return None
    out: list[LeagueEvent] = []
    for e in events:
        if not isinstance(e, dict) or set(e) != {"event", "club", "added"} or not all(
                isinstance(v, str) for v in e.values()):
            return None
        out.append(LeagueEvent(e["event"], e["club"], e["added"]))
    return League(doc["id"], doc["title"], doc["created"], tuple(out))


def checked_new(league_id: str, title: str) -> tuple[str, str]:
    """A new league's id and title as given, or the usage error naming the argument."""
    league_id = check_id(league_id, "LEAGUE")
    title = check_text(title, "--title", NAME_MAX).strip()
    if not title:
        raise UsageError(M("--title: a league needs a title"))
    return league_id, title


def checked_club(club: str) -> str:
    club = check_text(club, "--club", NAME_MAX).strip()
    if not club:
        raise UsageError(M("--club: name the club (venue) the event was held at"))
    return club


def unknown(league_id: str, root: str, known: Iterable[str]) -> UnknownLeague:
    ids = list(known)
    if not ids:
        return UnknownLeague(M("no league '{league}' in the store at {root} (leagues stored: none; "
                               "referee league new {league} --title TEXT)", league=league_id, root=root))
    return UnknownLeague(M("no league '{league}' in the store at {root} (leagues stored: {known:list})",
                           league=league_id, root=root, known=ids[:8]))


def duplicate(league_id: str, root: str) -> DuplicateLeague:
    return DuplicateLeague(M("league '{league}' is already in the store at {root}", league=league_id, root=root))


def added_twice(league: League, event: str) -> DuplicateLeague:
    return DuplicateLeague(M("event {event} is in league {league} already (club {club})", event=event,
                             league=league.id, club=league.club_of(event) or "-"))


class FolderLeagues:
    """The leagues of a store folder (``leagues.json``)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.path = self.root / FILE

    def _problem(self, why: Msg) -> StoreError:
        return StoreError(M("{file} cannot be read ({problem}); nothing was changed", file=str(self.path),
                            problem=why))

    def _docs(self, db: Any) -> dict[int, League]:
        try:
            docs = db.table(TABLE).all()
        except safefile.Refused as e:
            raise self._problem(e.why) from None
        except Malformed:
            raise self._problem(M("no readable table of leagues")) from None
        except ValueError as e:
            raise self._problem(M("not valid JSON: {detail}", detail=str(e))) from None
        out: dict[int, League] = {}
        for doc in docs:
            league = league_of(dict(doc))
            if league is None:
                raise self._problem(M("its row {key} is not a row the store writes", key=str(doc.doc_id)))
            out[doc.doc_id] = league
        return out

    def all(self) -> list[League]:
        """Every league, by id."""
        if not self.path.exists():
            return []
        return sorted(self._docs(open_db(self.path)).values(), key=lambda lg: lg.id)

    def get(self, league_id: str) -> League:
        found = next((lg for lg in self.all() if lg.id == league_id), None)
        if found is None:
            raise unknown(league_id, str(self.root), (lg.id for lg in self.all()))
        return found

    def _write(self, change: Callable[[dict[int, League]], tuple[League, int | None]]) -> League:
        self.root.mkdir(parents=True, exist_ok=True)
        with lock(self.path):
            clean_temp(self.path)
            db = open_db(self.path, batch=True)
            league, doc_id = change(self._docs(db))
            table = db.table(TABLE)
            if doc_id is None:
                table.insert(league.to_dict())
            else:
                table.update(league.to_dict(), doc_ids=[doc_id])
            flush(db)
        return league

    def new(self, league_id: str, title: str) -> League:
        """A new league with no event yet; refused when its id is taken."""
        league_id, title = checked_new(league_id, title)

        def change(docs: dict[int, League]) -> tuple[League, int | None]:
            if any(lg.id == league_id for lg in docs.values()):
                raise duplicate(league_id, str(self.root))
            return League(league_id, title, now()), None

        return self._write(change)

    def add_event(self, league_id: str, event: str, club: str) -> League:
        """The event added to the league, held at *club*; refused when it is in it already."""
        club = checked_club(club)

        def change(docs: dict[int, League]) -> tuple[League, int | None]:
            found = next(((k, lg) for k, lg in docs.items() if lg.id == league_id), None)
            if found is None:
                raise unknown(league_id, str(self.root), sorted(lg.id for lg in docs.values()))
            key, league = found
            if league.club_of(event) is not None:
                raise added_twice(league, event)
            return league._replace(events=(*league.events, LeagueEvent(event, club, now()))), key

        return self._write(change)

    def adopt(self, league: League) -> None:
        """Store *league* as it is (``referee db copy``); refused when its id is taken."""

        def change(docs: dict[int, League]) -> tuple[League, int | None]:
            if any(lg.id == league.id for lg in docs.values()):
                raise duplicate(league.id, str(self.root))
            return league, None

        self._write(change)

    def clubs_of(self, event: str) -> set[str]:
        """The clubs the leagues name for *event* (empty when no league lists it)."""
        return {c for lg in self.all() for c in [lg.club_of(event)] if c is not None}
