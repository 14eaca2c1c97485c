"""The commands at the table: new, record, status, undo, void, amend, log, whatif.

Imported when the command line starts: only typer and the standard library at the top; the store,
the notation and the engine load inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language as resolve_language
from referee.cli.commands.options import (
    After,
    Db,
    Directive,
    Force,
    Lang,
    MatchId,
    Reason,
    Replace,
    Seq,
    Signing,
    grouped,
)
from referee.cli.commands.tableactions import (
    correct,
    echo_lines,
    echo_notes,
    open_store,
    report_record,
    show_status,
)
from referee.core.i18n import N_

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up

    from referee.store.api import MatchStore
    from referee.store.store import LogEntry


@grouped
def new(
    match_id: Annotated[str, typer.Argument(metavar="MATCH_ID", help=N_("The new match's id, e.g. SC26-R1-T3."),
                                            show_default=False)],
    rules: Annotated[str | None, typer.Option("--rules", metavar="NAME|PATH",
                                              help=N_("Rule set name or a TOML file."))] = None,
    east: Annotated[str | None, typer.Option("--east", metavar="NAME", help=N_("Player in seat E (东)."))] = None,
    south: Annotated[str | None, typer.Option("--south", metavar="NAME", help=N_("Player in seat S (南)."))] = None,
    west: Annotated[str | None, typer.Option("--west", metavar="NAME", help=N_("Player in seat W (西)."))] = None,
    north: Annotated[str | None, typer.Option("--north", metavar="NAME", help=N_("Player in seat N (北)."))] = None,
    ew: Annotated[str | None, typer.Option("--ew", metavar="NAME", help=N_("Team name of EW."))] = None,
    ns: Annotated[str | None, typer.Option("--ns", metavar="NAME", help=N_("Team name of NS."))] = None,
    event: Annotated[str | None, typer.Option("--event", metavar="NAME", help=N_("Event (tournament) name."))] = None,
    table: Annotated[str | None, typer.Option("--table", metavar="N", help=N_("Table."))] = None,
    round_: Annotated[str | None, typer.Option("--round", metavar="N", help=N_("Round."))] = None,
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD", help=N_("Date (default: today)."))]
    = None,
    game: Annotated[str | None, typer.Option("--game", metavar="GAME", help=N_(
        "The game: {game_keys}; default: {default_game}."))] = None,
    player: Annotated[list[str] | None, typer.Option("--player", metavar="NAME", help=N_(
        "A player, in seat order (repeat it; instead of --east … --north)."))] = None,
    replace: Replace = False,
    at: Signing = Signing(),
) -> None:
    """Start a match in the store: header, team and player names."""
    language = resolve_language(at.lang)
    import datetime
    import os

    from referee.core.errors import UsageError
    from referee.core.i18n import M

    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise UsageError(M("--date {date}: not a date (YYYY-MM-DD, e.g. 2026-11-29)", date=date)) from None
    _new_match(game, match_id, rules, _players(game, player or [], (east, south, west, north)),
               _teams(ew, ns), [("date", date or datetime.date.today().isoformat()), ("event", event),
                                ("table", table), ("round", round_),
                                ("referee", at.referee or os.environ.get("REFEREE_NAME") or None)],
               replace, at.db, at.referee, language)


def _players(key: str | None, players: list[str], seated: tuple[str | None, ...]) -> list[str]:
    """The players in seat order: ``--player`` each, or ``--east`` … ``--north`` for a game seated E S W N (a seat
    not given left unnamed: an empty name); a usage error naming the options otherwise."""
    from referee.core.errors import UsageError
    from referee.core.i18n import M
    from referee.games.registry import game

    if not any(seated):
        return players
    if players:
        raise UsageError(M("give the players with --player or with --east … --north, not both"))
    if game(key).seats != ("E", "S", "W", "N"):
        raise UsageError(M("--east/--south/--west/--north name seats E S W N; {game} seats its players {seats}: give "
                           "them with --player", game=game(key).title, seats=" ".join(game(key).seats)))
    return [name or "" for name in seated]


def _teams(ew: str | None, ns: str | None) -> list[str]:
    """The partnerships' names (``--ew``, ``--ns``), in that order (one not given: an empty name)."""
    return [ew or "", ns or ""] if ew or ns else []


def _new_match(key: str | None, match_id: str, rules: str | None, players: list[str], teams: list[str],
               fields: list[tuple[str, str | None]], replace: bool, db: str | None, referee: str | None,
               language: str) -> None:
    """`referee new`: a match of any game (``--game``; the registry's default without), its header, sides and seats
    written in its notation (``Game.setup_lines``) and read by its reader, its rules loaded, what comes next said."""
    from referee.app.newmatch import match_events
    from referee.core.errors import UsageError
    from referee.core.i18n import M, trn
    from referee.core.names import check_id
    from referee.games.api import split_problems
    from referee.games.registry import game, written
    from referee.views import matchtext as views

    chosen = game(key)
    check_id(match_id, "MATCH_ID")  # the same id rule as `import` and the event's matches
    named = rules or chosen.default_rules
    try:
        loaded = chosen.load_rules(named)
    except UsageError as e:
        raise UsageError(M("--rules {rules}: {problem}", rules=named, problem=e.msg)) from None
    try:
        # A header naming no game (the registry's default's) names its rule set; another game's names the one given.
        events = match_events(chosen, match_id, named if rules or not written(chosen.key) else None, players, fields,
                              teams)
    except ValueError:  # teams named for a game whose players each play for themself
        raise UsageError(M("--ew/--ns name the partnerships of a game of pairs; {game} has none",
                           game=chosen.title)) from None
    result = chosen.replay(events, loaded)
    mistakes = split_problems(chosen, result).mistakes
    if mistakes:
        raise UsageError(views.semicolons([e.msg for e in mistakes]))
    store = open_store(db)
    store.create(events, referee, replace=replace)
    typer.echo(trn(language, "new match {match} ({rules}) in {root}: {n} entry",
                   "new match {match} ({rules}) in {root}: {n} entries", len(events), match=match_id, rules=named,
                   root=store.where))
    typer.echo(chosen.next_text(result, language))
    echo_notes(store, language)


@grouped
def record(
    match_id: MatchId,
    directive: Annotated[list[str] | None, typer.Argument(
        metavar="[DIRECTIVE]", help=N_("One record directive, e.g. `declare E BJ`, `points 25`; none: guided entry "
                                        "(the directives that may come next, prompted one at a time)."),
        show_default=False)] = None,
    file: Annotated[Path | None, typer.Option("--file", metavar="FILE", help=N_(
        "Append the hands of a record file (a paper sheet typed in): every directive checked, all or none stored."))]
    = None,
    reason: Reason = "",
    after: After = None,
    at: Signing = Signing(),
) -> None:
    """Record one event (checked by the rules first), or enter a whole hand step by step."""
    language = resolve_language(at.lang)
    store = open_store(at.db)
    if directive and file is None:  # the table's usual call: one read of the match, whatever its game
        _record_one(store, match_id, directive, at.referee, reason, after, language)
        return
    from referee.cli.commands import recordfile  # here: the one-directive record above needs none of it

    if not directive and file is None:  # guided entry, one prompt for every game
        from referee.cli.commands.guided import guided

        recordfile.refuse_guided(store, match_id)
        guided(store, match_id, at.referee, language)
        return
    if directive:
        from referee.core.errors import UsageError
        from referee.core.i18n import M

        raise UsageError(M("give a DIRECTIVE or --file FILE, not both"))
    assert file is not None
    # a record file of any game, its deals' settlements said (a closed round's match needs --reason)
    recordfile.record_file(store, match_id, file, at.referee, reason, language, after)


def _record_one(store: MatchStore, match_id: str, directive: list[str], referee: str | None, reason: str,
                after: int | None, language: str) -> None:
    """`referee record MATCH DIRECTIVE`, a match of any game: read by the match's game and recorded in one session
    by ``app.recording.enter`` (one read of the match)."""
    from referee.app.officiate import Rejected
    from referee.app.recording import as_directive, enter

    try:
        done = enter(store, match_id, as_directive(" ".join(directive), "DIRECTIVE"), referee, reason, after)
    except Rejected as e:  # one directive at the table: a line the engine cites is an entry (#14), as at the prompt
        from referee.views.prompttext import at_prompt  # here: a directive stored needs none of it

        raise Rejected([p._replace(msg=at_prompt(p.msg)) for p in e.errors], e.expected, e.what) from None
    assert done.game is not None
    report_record(done.game, match_id, done, language, store)
    echo_notes(store, language)


def status(
    match_id: MatchId,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Where the match stands: game, hand, levels, declarer, trump, blood, what comes next."""
    show_status(open_store(db), match_id, resolve_language(lang))


def _correction(kind: str, match_id: str, seq: int | None, words: list[str] | None, reason: str, force: bool,
                at: Signing) -> None:
    """Store an undo, void or amend of a match of any game and show what it re-settled; a refusal names --force."""
    language = resolve_language(at.lang)
    text = None if words is None else " ".join(words)
    correct(open_store(at.db), match_id, kind, seq, text, reason, force, at.referee, language)


@grouped
def undo(
    match_id: MatchId,
    reason: Reason = "",
    force: Force = False,
    at: Signing = Signing(),
) -> None:
    """Take back the latest event still in effect (a correction entry; nothing is deleted)."""
    _correction("undo", match_id, None, None, reason, force, at)


@grouped
def void(
    match_id: MatchId,
    seq: Seq,
    reason: Reason,
    force: Force = False,
    at: Signing = Signing(),
) -> None:
    """Take back event SEQ, with a reason (a correction entry; nothing is deleted)."""
    _correction("void", match_id, seq, None, reason, force, at)


@grouped
def amend(
    match_id: MatchId,
    seq: Seq,
    directive: Directive,
    reason: Reason,
    force: Force = False,
    at: Signing = Signing(),
) -> None:
    """Replace event SEQ by DIRECTIVE, with a reason (a correction entry; nothing is deleted)."""
    _correction("amend", match_id, seq, directive, reason, force, at)


def log(
    match_id: MatchId,
    hand: Annotated[int | None, typer.Option("--hand", metavar="N", help=N_(
        "Only hand N: its events and the corrections of them."))] = None,
    game: Annotated[int | None, typer.Option("--game", metavar="N", help=N_(
        "Only the hands of game N."))] = None,
    corrections: Annotated[bool, typer.Option("--corrections", help=N_(
        "Only the corrections, and the entries they took back or replaced."))] = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The audit trail: every entry, corrections included, with who and when (UTC), by game and hand."""
    language = resolve_language(lang)
    from bisect import bisect_right

    from referee.core.i18n import tr
    from referee.results.replaying import game_of, rules_of
    from referee.store.chain import CORRECTIONS
    from referee.store.store import corrected, log_of, to_events
    from referee.views import matchtext as views

    entries = open_store(db).entries(match_id)
    trail = log_of(entries)
    events, _ = to_events(corrected(entries))
    chosen = game_of(events)
    units = chosen.log_units(events, chosen.replay(events, rules_of(events)))
    if game is not None and units is None:
        from referee.core.errors import UsageError
        from referee.core.i18n import M

        raise UsageError(M("--game N picks the hands of a match's game N; a {game} match is not played in games: pick "
                           "a deal with --hand N", game=chosen.title))
    # An entry belongs to the deal holding its place in the match: an event's own seq, a correction's target (so
    # the correction of a deal is listed with it), a dispute's remarks the place of the deal disputed.
    starts = chosen.deal_starts(events)  # deal k opens at starts[k - 1]
    grouped: dict[int, list[LogEntry]] = {}
    disputed = {e.seq: e.target for e in trail if e.kind == "dispute" and e.target is not None}
    for e in trail:
        place = e.target if e.kind != "event" and e.target is not None else e.seq
        if e.kind in ("alternative", "ruling", "appeal", "decision"):
            place = disputed.get(place, place)
        grouped.setdefault(bisect_right(starts, place), []).append(e)
    echo_lines(views.log_heading(match_id, len(trail), language))
    shown = 0
    for k, group in sorted(grouped.items()):
        unit = units[k - 1] if units and k else None
        if (hand is not None and k != hand) or (game is not None and (not k or unit != game)):
            continue
        rows = [e for e in group if not corrections or e.kind in CORRECTIONS or e.superseded_by]
        if rows:
            typer.echo(chosen.log_title(unit, k or None).text(language))
            echo_lines(views.log_lines(rows, language))
            shown += len(rows)
    if not shown:
        typer.echo(tr(language, "(no entries of that kind)"))


def whatif(
    match_id: MatchId,
    seq: Seq,
    directive: Directive,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """For a dispute: replay with event SEQ replaced, side by side with the record; stores nothing."""
    language = resolve_language(lang)
    from referee.app.whatif import whatif
    from referee.views.sidebyside import whatif_table

    store = open_store(db)
    game, w = whatif(store, match_id, seq, " ".join(directive))
    echo_lines(whatif_table(game, w, match_id, language))
