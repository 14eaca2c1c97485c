"""The commands at the table: new, record, status, undo, void, amend, log, whatif.

Imported when the command line starts: only typer and the standard library at the top; the store,
the notation and the engine load inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language as resolve_language
from referee.cli.commands.options import After, Db, Directive, Force, Lang, MatchId, Reason, Referee, Replace, Seq
from referee.cli.commands.tableactions import (
    correct,
    echo_lines,
    echo_notes,
    open_store,
    parse_directive,
    report_record,
    report_stored,
    show_status,
)
from referee.core.i18n import N_

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up
    from typing import Any

    from referee.games.api import Game
    from referee.games.gunzi.events import Event, MatchHeader
    from referee.store.api import MatchStore
    from referee.store.store import LogEntry


def _header(match_id: str, rules: str, *, date: str, event: str | None, table: str | None, round: str | None,
            referee: str | None) -> MatchHeader:
    """The `match` header of a new match; a usage error (exit 2) when the id or the rules cannot be used."""
    from referee.core.errors import UsageError
    from referee.core.i18n import M
    from referee.core.names import check_id
    from referee.games.gunzi import ruleset
    from referee.games.gunzi.events import MatchHeader
    from referee.games.gunzi.notation import NotationError, format_event, parse_line

    check_id(match_id, "MATCH_ID")  # the same id rule as `import` and the event's matches
    try:
        ruleset.load(rules)
    except ruleset.RulesError as e:
        raise UsageError(M("--rules {rules}: {problem}", rules=rules,
                           problem=e.msg)) from None
    header = MatchHeader(id=match_id, rules=rules, date=date, event=event, table=table, round=round, referee=referee)
    try:
        back = parse_line(format_event(header))
    except NotationError as e:
        raise UsageError(M("MATCH_ID '{match}' cannot be used: {problem}", match=match_id,
                           problem=e.msg)) from None
    if back != header or not match_id.strip():
        raise UsageError(M("MATCH_ID '{match}' cannot be used as a match id", match=match_id))
    return header


def new(
    match_id: Annotated[str, typer.Argument(metavar="MATCH_ID", help=N_("The new match's id, e.g. SC26-R1-T3."),
                                            show_default=False)],
    rules: Annotated[str, typer.Option("--rules", metavar="NAME|PATH",
                                       help=N_("Rule set name or a TOML file."))] = "dalian-club",
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
        "A player, in seat order (repeat it; for a game other than Gunzi)."))] = None,
    replace: Replace = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Start a match in the store: header, team and player names."""
    language = resolve_language(lang)
    import datetime
    import os

    from referee.app import officiate
    from referee.core.errors import UsageError
    from referee.core.i18n import M, trn
    from referee.games.gunzi.events import SeatName, TeamName
    from referee.views import matchtext as views

    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise UsageError(M("--date {date}: not a date (YYYY-MM-DD, e.g. 2026-11-29)", date=date)) from None
    if (game or "gunzi").strip().lower() != "gunzi":
        if any((east, south, west, north, ew, ns)):
            raise UsageError(M("--east/--south/--west/--north/--ew/--ns are Gunzi's; give the players with --player"))
        _new_game_match(game or "", match_id, None if rules == "dalian-club" else rules, player or [],
                        [("date", date or datetime.date.today().isoformat()), ("event", event), ("table", table),
                         ("round", round_), ("referee", referee or os.environ.get("REFEREE_NAME") or None)],
                        replace, db, referee, language)
        return
    if player:
        raise UsageError(M("--player is for a game other than Gunzi; give Gunzi's seats with --east … --north"))
    header = _header(match_id, rules, date=date or datetime.date.today().isoformat(), event=event, table=table,
                     round=round_, referee=referee or os.environ.get("REFEREE_NAME") or None)
    events: list[Event] = [header]
    events += [TeamName(team=t, name=n) for t, n in (("EW", ew), ("NS", ns)) if n]
    events += [SeatName(seat=s, name=n) for s, n in (("E", east), ("S", south), ("W", west),
                                                     ("N", north)) if n]
    events = [ev._replace(line=i) for i, ev in enumerate(events, 1)]
    result = officiate.replay(events)
    if result.errors:
        raise UsageError(views.semicolons([e.msg for e in result.errors]))
    store = open_store(db)
    store.create(events, referee, replace=replace)
    typer.echo(trn(language, "new match {match} ({rules}) in {root}: {n} entry",
                   "new match {match} ({rules}) in {root}: {n} entries", len(events), match=match_id, rules=rules,
                   root=store.where))
    typer.echo(views.next_line(result, language))
    echo_notes(store, language)


def _new_game_match(key: str, match_id: str, rules: str | None, players: list[str],
                    fields: list[tuple[str, str | None]], replace: bool, db: str | None, referee: str | None,
                    language: str) -> None:
    """`referee new --game`: a match of a game other than Gunzi, checked by its reader and its rules."""
    from referee.app.newmatch import match_events
    from referee.core.i18n import trn
    from referee.games.api import rules_named
    from referee.games.registry import game

    chosen = game(key)
    events = match_events(chosen, match_id, rules, players, fields)
    named = rules_named(chosen, events)
    chosen.load_rules(named)  # a usage error naming the file and the key when it cannot be used
    store = open_store(db)
    store.create(events, referee, replace=replace)
    typer.echo(trn(language, "new match {match} ({rules}) in {root}: {n} entry",
                   "new match {match} ({rules}) in {root}: {n} entries", len(events), match=match_id, rules=named,
                   root=store.where))
    echo_notes(store, language)


def record(
    match_id: MatchId,
    directive: Annotated[list[str] | None, typer.Argument(
        metavar="[DIRECTIVE]", help=N_("One record directive, e.g. `declare E BJ`, `points 25`; none: guided entry "
                                        "(a hand of Gunzi; another game's directives, one a line)."),
        show_default=False)] = None,
    file: Annotated[Path | None, typer.Option("--file", metavar="FILE", help=N_(
        "Append the hands of a record file (a paper sheet typed in): every directive checked, all or none stored."))]
    = None,
    reason: Reason = "",
    after: After = None,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Record one event (checked by the rules first), or enter a whole hand step by step."""
    language = resolve_language(lang)
    from referee.cli.commands import recordfile

    store = open_store(db)
    if directive and file is None:  # the table's usual call: one read of the match, whatever its game
        _record_one(store, match_id, directive, referee, reason, after, language)
        return
    if not directive and file is None:  # guided entry, one prompt for every game
        from referee.cli.commands.guided import guided

        recordfile.refuse_guided(store, match_id)
        guided(store, match_id, referee, language)
        return
    from referee.app.recording import game_of_match
    from referee.games import registry

    if game_of_match(store, match_id) is not registry.game(None):  # the file's lines, each read by the match's game
        _record_game(store, match_id, _game_texts(directive, file), referee, reason, after, language)
        return
    if directive:
        from referee.core.errors import UsageError
        from referee.core.i18n import M

        raise UsageError(M("give a DIRECTIVE or --file FILE, not both"))
    assert file is not None
    # the default game's record file, its hands' settlements said (a closed round's match needs --reason)
    recordfile.record_file(store, match_id, file, referee, reason, language, after)


def _record_one(store: MatchStore, match_id: str, directive: list[str], referee: str | None, reason: str,
                after: int | None, language: str) -> None:
    """`referee record MATCH DIRECTIVE`: read by the registry's default game (a header without ``game=`` is its)
    and recorded in one session by ``app.recording.record`` (one read of the match); a match of another game (the
    session says so, or its reader cannot read the directive) by that game's use case (``record_lines``)."""
    from referee.app.officiate import Rejected
    from referee.app.recording import game_of_match
    from referee.app.recording import record as record_events
    from referee.core.errors import UsageError
    from referee.games import registry
    from referee.store.store import StoreError
    from referee.views.prompttext import at_prompt

    reader = registry.game(None)
    try:
        try:
            event = parse_directive(reader, directive)
            done = record_events(store, match_id, [event], referee, reason, after)
        except (UsageError, StoreError):
            if game_of_match(store, match_id) is reader:  # the match's own game refused it: said as it is
                raise
            _record_game(store, match_id, [" ".join(directive)], referee, reason, after, language)
            return
    except Rejected as e:  # one directive at the table: a line the engine cites is an entry (#14), as at the prompt
        raise Rejected([p._replace(msg=at_prompt(p.msg)) for p in e.errors], e.expected, e.what) from None
    report_record(reader, match_id, done.outcome(), language, store)
    echo_notes(store, language)


def _game_texts(directive: list[str] | None, file: Path | None) -> list[str]:
    """The directives `record` stores into a match of a game other than Gunzi: the one given, or a file's lines."""
    from referee.core.errors import UsageError
    from referee.core.i18n import M

    if file is not None:
        if directive:
            raise UsageError(M("give a DIRECTIVE or --file FILE, not both"))
        from referee.app.sources import decode, read_bounded

        return decode(read_bounded(file), str(file), None).text.splitlines()
    assert directive  # without one: guided entry (`record`)
    return [" ".join(directive)]


def _record_game(store: MatchStore, match_id: str, texts: list[str], referee: str | None, reason: str,
                 after: int | None, language: str) -> None:
    """`referee record` into a match of a game other than Gunzi: what was stored, and where the match stands."""
    from referee.app.recording import record_lines

    done = record_lines(store, match_id, texts, referee, reason, after)
    report_stored(done.game, match_id, done.entries, done.before, done.after, language)
    echo_notes(store, language)


def status(
    match_id: MatchId,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Where the match stands: game, hand, levels, declarer, trump, blood, what comes next."""
    show_status(open_store(db), match_id, resolve_language(lang))


def _correction(kind: str, match_id: str, seq: int | None, words: list[str] | None, reason: str, force: bool,
                db: str | None, referee: str | None, lang: str | None) -> None:
    """Store an undo, void or amend of a match of any game and show what it re-settled; a refusal names --force."""
    language = resolve_language(lang)
    text = None if words is None else " ".join(words)
    correct(open_store(db), match_id, kind, seq, text, reason, force, referee, language)


def undo(
    match_id: MatchId,
    reason: Reason = "",
    force: Force = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Take back the latest event still in effect (a correction entry; nothing is deleted)."""
    _correction("undo", match_id, None, None, reason, force, db, referee, lang)


def void(
    match_id: MatchId,
    seq: Seq,
    reason: Reason,
    force: Force = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Take back event SEQ, with a reason (a correction entry; nothing is deleted)."""
    _correction("void", match_id, seq, None, reason, force, db, referee, lang)


def amend(
    match_id: MatchId,
    seq: Seq,
    directive: Directive,
    reason: Reason,
    force: Force = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Replace event SEQ by DIRECTIVE, with a reason (a correction entry; nothing is deleted)."""
    _correction("amend", match_id, seq, directive, reason, force, db, referee, lang)


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
    from referee.app import officiate
    from referee.core.i18n import tr
    from referee.store.chain import CORRECTIONS
    from referee.store.store import corrected, log_of, to_events
    from referee.views import matchtext as views

    entries = open_store(db).entries(match_id)
    trail = log_of(entries)
    events, _ = to_events(corrected(entries))
    from referee.games.stored import game_of_events

    other = game_of_events(events)
    if other is not None and other.key != "gunzi":  # by deal: Gunzi's hands fall into games, its own view's
        if game is not None:
            from referee.core.errors import UsageError
            from referee.core.i18n import M

            raise UsageError(M("--game picks the hands of one of Gunzi's games; a {game} match has deals: pick one "
                               "with --hand N", game=other.title))
        _log_by_deal(other, match_id, trail, events, hand, corrections, language)
        return
    groups = views.log_groups(trail, events, officiate.replay(events))
    echo_lines(views.log_heading(match_id, len(trail), language))
    shown = 0
    for group in groups:
        if (hand is not None and group.hand != hand) or (game is not None and group.game != game):
            continue
        rows = [e for e in group.entries if not corrections or e.kind in CORRECTIONS or e.superseded_by]
        if rows:
            typer.echo(views.group_title(group, language))
            echo_lines(views.log_lines(rows, language))
            shown += len(rows)
    if not shown:
        typer.echo(tr(language, "(no entries of that kind)"))


def _log_by_deal(chosen: Game, match_id: str, trail: list[LogEntry], events: list[Any], deal: int | None,
                 corrections: bool, language: str) -> None:
    """`referee log` of a match of a game whose deals are not grouped into games: the entries before the first deal,
    then each deal's (an entry belongs to the deal holding its place: an event's own seq, a correction's target),
    titled as the game calls a deal (``Game.deal_title``); *deal* picks one."""
    from bisect import bisect_right

    from referee.core.i18n import tr
    from referee.store.chain import CORRECTIONS
    from referee.views import matchtext as views

    starts = chosen.deal_starts(events)  # deal k opens at starts[k - 1]
    grouped: dict[int, list[LogEntry]] = {}
    for e in trail:
        place = e.target if e.kind != "event" and e.target is not None else e.seq
        grouped.setdefault(bisect_right(starts, place), []).append(e)
    echo_lines(views.log_heading(match_id, len(trail), language))
    shown = 0
    for k, group in sorted(grouped.items()):
        if deal is not None and k != deal:
            continue
        rows = [e for e in group if not corrections or e.kind in CORRECTIONS or e.superseded_by]
        if rows:
            typer.echo(chosen.deal_title(k).text(language) if k else
                       tr(language, "match (before the first deal)"))
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
