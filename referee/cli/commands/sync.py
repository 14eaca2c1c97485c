"""``referee sync --to postgresql://…``: the venue's store (``--db``, the folder it keeps writing) pushed into the
league's (``referee.store.syncing``): one pass, exit 0 when nothing waits; ``--every SECONDS`` keeps going until
Ctrl-C, a failed pass said once and tried again; ``--status`` says when the venue last synced and how many entries
wait, from the venue's own record (the league need not be reachable), and with ``--to`` every venue's last whole pass
as the league keeps it. ``--venue NAME`` names the venue in the league's record (kept in the venue's record for the
next passes; default ``host/folder``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import Db, Lang
from referee.core.i18n import N_

if TYPE_CHECKING:
    from referee.store.api import MatchStore
    from referee.store.syncing import Synced

To = Annotated[str | None, typer.Option("--to", metavar="URL", help=N_(
    "The league's store: postgresql://user:password@host/database (its tables made by referee db upgrade), or a "
    "folder."),
    show_default=False)]
Every = Annotated[float | None, typer.Option("--every", metavar="SECONDS", min=1, help=N_(
    "Keep syncing, a pass every SECONDS, until Ctrl-C (a failed pass is said once and tried again)."),
    show_default=False)]
Status = Annotated[bool, typer.Option("--status", help=N_(
    "Say when the venue last synced and how many entries wait (read from the venue's store only); with --to, "
    "also every venue's last sync as the league keeps it."))]
Venue = Annotated[str | None, typer.Option("--venue", metavar="NAME", help=N_(
    "The venue's name in the league's record of its venues (kept for the next passes; default: the host's name "
    "and the store folder's, host/folder)."),
    show_default=False)]


def _said(say: str, done: Synced, league: str, venue: str) -> list[str]:
    from referee.core.i18n import tr, trn

    lines = [trn(say, "{n} match entry pushed ({new} new matches, {extended} extended)",
                 "{n} match entries pushed ({new} new matches, {extended} extended)", done.entries,
                 new=done.new_matches, extended=done.extended),
             trn(say, "{n} event-log entry pushed ({new} new logs)", "{n} event-log entries pushed ({new} new logs)",
                 done.log_entries, new=done.new_logs),
             trn(say, "{n} token change pushed", "{n} token changes pushed", done.tokens),
             trn(say, "{n} league change pushed", "{n} league changes pushed", done.leagues),
             trn(say, "{n} rule set kept", "{n} rule sets kept", done.rules)]
    if done.waiting or done.conflicts or done.problems:
        lines.append(trn(say, "{league}: {n} entry of {venue} waits (see above why)",
                         "{league}: {n} entries of {venue} wait (see above why)", done.waiting, league=league,
                         venue=venue))
    elif done.written:
        lines.append(tr(say, "{league}: every chain pushed reads back as in {venue}; nothing waits", league=league,
                        venue=venue))
    else:
        lines.append(tr(say, "{league} holds all of {venue} already: nothing written", league=league, venue=venue))
    return lines


def _stopped(say: str, done: Synced, league: str) -> list[str]:
    """Each conflict and each chain that does not read sound, one line each."""
    from referee.core.i18n import tr
    from referee.store.syncing import conflict_message

    return [tr(say, "error: {message}", message=m)
            for m in [*(conflict_message(c, league) for c in done.conflicts), *done.problems]]


def _status(say: str, venue: MatchStore, to: str | None) -> None:
    from referee.core.i18n import tr, trn
    from referee.store.api import hide_password
    from referee.store.syncing import error_of, read_record, waiting_now

    record = read_record(venue)
    wanted = None if to is None else hide_password(to)
    rows = {k: v for k, v in record.items() if isinstance(v, dict) and (wanted is None or k == wanted)}
    if not rows:
        typer.echo(tr(say, "{venue} has not synced into {league} yet", venue=venue.where,
                      league=wanted or tr(say, "any league")))
    for league, row in sorted(rows.items()):
        synced = row.get("synced")
        if synced:
            typer.echo(trn(say, "{league}: last synced {time} (UTC), {n} entry pushed then",
                           "{league}: last synced {time} (UTC), {n} entries pushed then", int(row.get("pushed") or 0),
                           league=league, time=str(synced)))
        else:
            typer.echo(tr(say, "{league}: never synced whole", league=league))
        if isinstance(row.get("venue"), str):
            typer.echo(tr(say, "this venue is {venue} there", venue=row["venue"]))
        error = error_of(row)
        if error is not None:
            typer.echo(tr(say, "the last pass, at {time} (UTC), failed: {error}", time=str(row.get("tried")),
                          error=error))
        typer.echo(trn(say, "{n} entry waits", "{n} entries wait", waiting_now(venue, row)))
    if to is not None:
        _venues_of(say, to)


def _venues_of(say: str, to: str) -> None:
    """Every venue's last complete pass as the league keeps it, one line each (the league reached for it)."""
    from referee.core.i18n import tr, trn
    from referee.store.syncing import open_league

    league = open_league(to)
    try:
        rows = league.venue_syncs().all()
    finally:
        league.close()
    if not rows:
        typer.echo(tr(say, "{league} holds no venue's sync yet",
                      league=league.where))
        return
    typer.echo(trn(say, "{league} holds the syncs of {n} venue:", "{league} holds the syncs of {n} venues:",
                   len(rows), league=league.where))
    for r in rows:
        typer.echo(tr(say, "  {venue}: last synced {time} (UTC), {pushed} pushed, {waiting} waiting then",
                      venue=r.venue, time=r.synced, pushed=trn(say, "{n} entry", "{n} entries", r.pushed),
                      waiting=r.waiting))


def sync(to: To = None, every: Every = None, status: Status = False, venue_as: Venue = None, db: Db = None,
         lang: Lang = None) -> None:
    """Push the venue's store into the league's PostgreSQL: every new entry, event-log entry, token change and rule
    set, each chain checked on both sides; a conflict stops that match only, naming both entries."""
    say = language(lang)
    from referee.core.errors import UsageError
    from referee.core.i18n import M
    from referee.store.api import hide_password, open_store
    from referee.store.syncing import open_league, venue_name

    venue = open_store(db)
    folder = venue.folder()
    if folder is not None and not folder.is_dir():
        raise UsageError(M("--db {path}: no store folder there", path=str(folder)))
    if status:
        _status(say, venue, to)
        return
    if not to:
        raise UsageError(M("--to: name the league's store (postgresql://user:password@host/database)"))
    shown = hide_password(to)
    name = venue_name(venue, shown, venue_as)
    league = open_league(to)
    if league.address == venue.address:
        raise UsageError(M("--to {url}: that is the venue's own store", url=shown))
    try:
        if every is None:
            raise typer.Exit(_one_pass(say, venue, league, shown, name))
        _keep_going(say, venue, league, shown, every, name)
    finally:
        league.close()


def _one_pass(say: str, venue: MatchStore, league: MatchStore, shown: str, name: str) -> int:
    from referee.core.errors import RefereeError
    from referee.store.syncing import note_pass, sync_store

    try:
        done = sync_store(venue, league, name)
    except RefereeError as e:
        note_pass(venue, shown, None, e.msg, name)
        raise
    note_pass(venue, shown, done, name=name)
    for line in _said(say, done, league.where, venue.where):
        typer.echo(line)
    for line in _stopped(say, done, league.where):
        typer.echo(line, err=True)
    return 1 if done.waiting or done.conflicts or done.problems else 0


def _keep_going(say: str, venue: MatchStore, league: MatchStore, shown: str, every: float, name: str) -> None:
    """A pass every *every* seconds until Ctrl-C: what a pass wrote said in one line, a failure said once (until a
    pass succeeds again), a conflict said once."""
    import time

    from referee.core.errors import RefereeError
    from referee.core.i18n import tr, trn
    from referee.store.syncing import note_pass, sync_store

    failing: str | None = None
    told: set[str] = set()
    while True:
        try:
            done = sync_store(venue, league, name)
        except RefereeError as e:
            text = tr(say, "error: {message}", message=e.msg)
            note_pass(venue, shown, None, e.msg, name)
            if text != failing:
                typer.echo(text, err=True)
                typer.echo(tr(say, "trying again every {seconds} s (Ctrl-C stops)", seconds=format(every, "g")),
                           err=True)
                failing = text
            league.close()  # a connection the server dropped is made again at the next pass
            time.sleep(every)
            continue
        if failing is not None:  # said before the pass is noted: whoever reads the note as whole has been told
            typer.echo(tr(say, "{league} is reached again", league=league.where))
            failing = None
        note_pass(venue, shown, done, name=name)
        if done.written:
            typer.echo(tr(say, "{time} UTC: {pushed} pushed to {league}, {waiting} waiting",
                          time=time.strftime("%H:%M:%S", time.gmtime()), league=league.where,
                          pushed=trn(say, "{n} entry", "{n} entries", done.entries + done.log_entries),
                          waiting=done.waiting))
        for line in _stopped(say, done, league.where):
            if line not in told:
                typer.echo(line, err=True)
                told.add(line)
        time.sleep(every)
