"""The commands at the table: new, record, status, undo, void, amend, log, whatif.

Imported when the command line starts: only typer and the standard library at the top; the store,
the notation and the engine load inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.commands.boundary import language as resolve_language
from referee.commands.options import Db, Directive, Force, Lang, MatchId, Reason, Referee, Replace, Seq
from referee.i18n import N_

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up
    from referee.events import Event, MatchHeader
    from referee.store.officiate import Outcome
    from referee.store.store import Store


def _store(db: str | None) -> Store:
    from referee.store.store import Store

    return Store(db)


def _parse_directive(words: list[str], argument: str = "DIRECTIVE") -> Event:
    """The event typed on the command line; a usage error (exit 2) naming the argument when it cannot
    be read."""
    from referee.errors import UsageError
    from referee.i18n import M
    from referee.notation import NotationError, parse_line

    text = " ".join(words)
    try:
        event = parse_line(text)
    except NotationError as e:
        raise UsageError(M("cannot read the {argument} argument '{text}': {problem}", argument=argument, text=text,
                           problem=e.msg)) from None
    if event is None:
        raise UsageError(M("the {argument} argument '{text}' holds no directive (empty or a comment)",
                           argument=argument, text=text))
    return event


def _echo_lines(lines: list[str]) -> None:
    typer.echo("\n".join(lines))


def _echo_notes(store: Store, lang: str) -> None:
    """What a command that stored something should also say (a head record or the index left behind)."""
    from referee.i18n import tr

    for note in store.notes:
        typer.echo(tr(lang, "warning: {message}", message=note), err=True)


def _report_record(match_id: str, out: Outcome, lang: str, store: Store | None = None) -> None:
    """What recording an event did: the entry stored, the hand it settled, a warning's count, who won, the
    game clock's notice, what comes next."""
    from referee.store import officiate, views

    e = out.entry
    typer.echo(views.stored_line(e, match_id, views.directive_line(e["directive"]), lang))
    for hand in out.new_hands:
        _echo_lines(views.settlement(hand, out.after, lang))
    warned = officiate.warning_of(out)
    if warned is not None:  # what the warning counts towards (§8.1): the last before the limit, the forfeit
        line = views.warning_line(out.after, *warned, lang)
        if line:
            typer.echo(line)
    # No event is accepted once the match is over, so a match over now was ended by this event; when it
    # settled no hand (time called, a ruling, a third warning), say who won.
    elif out.after.winner and out.after.state.match_over and not out.new_hands:
        typer.echo(views.won_line(out.after, lang))
    for notice in officiate.notices(store, match_id, out) if store is not None else ():
        typer.echo(notice.text(lang))
    typer.echo(views.next_line(out.after, lang))


def _header(match_id: str, rules: str, *, date: str, event: str | None, table: str | None, round: str | None,
            referee: str | None) -> MatchHeader:
    """The `match` header of a new match; a usage error (exit 2) when the id or the rules cannot be used."""
    from referee import ruleset
    from referee.errors import UsageError
    from referee.events import MatchHeader
    from referee.i18n import M
    from referee.names import check_id
    from referee.notation import NotationError, format_event, parse_line

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
    replace: Replace = False,
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Start a match in the store: header, team and player names."""
    language = resolve_language(lang)
    import datetime
    import os

    from referee.errors import UsageError
    from referee.events import SeatName, TeamName
    from referee.i18n import M, trn
    from referee.store import officiate, views

    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise UsageError(M("--date {date}: not a date (YYYY-MM-DD, e.g. 2026-11-29)", date=date)) from None
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
    store = _store(db)
    store.create(events, referee, replace=replace)
    typer.echo(trn(language, "new match {match} ({rules}) in {root}: {n} entry",
                   "new match {match} ({rules}) in {root}: {n} entries", len(events), match=match_id, rules=rules,
                   root=store.root))
    typer.echo(views.next_line(result, language))
    _echo_notes(store, language)


def record(
    match_id: MatchId,
    directive: Annotated[list[str] | None, typer.Argument(
        metavar="[DIRECTIVE]", help=N_("One record directive, e.g. `declare E BJ`, `points 25`; none: guided entry "
                                        "of a hand."), show_default=False)] = None,
    file: Annotated[Path | None, typer.Option("--file", metavar="FILE", help=N_(
        "Append the hands of a record file (a paper sheet typed in): every directive checked, all or none stored."))]
    = None,
    reason: Reason = "",
    db: Db = None,
    referee: Referee = None,
    lang: Lang = None,
) -> None:
    """Record one event (checked by the rules first), or enter a whole hand step by step."""
    language = resolve_language(lang)
    from referee.commands import recordfile

    store = _store(db)
    if file is not None:  # a closed round's match needs --reason: referee.store.appending
        if directive:
            from referee.errors import UsageError
            from referee.i18n import M

            raise UsageError(M("give a DIRECTIVE or --file FILE, not both"))
        recordfile.record_file(store, match_id, file, referee, reason, language)
        return
    if not directive:
        from referee.commands.guided import guided

        recordfile.refuse_guided(store, match_id)
        guided(store, match_id, referee, language)
        return
    event = _parse_directive(directive)
    _report_record(match_id, recordfile.record_one(store, match_id, event, referee, reason), language, store)
    _echo_notes(store, language)


def status(
    match_id: MatchId,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Where the match stands: game, hand, levels, declarer, trump, blood, what comes next."""
    show_status(_store(db), match_id, resolve_language(lang))


def show_status(store: Store, match_id: str, lang: str) -> None:
    """Print `referee status` of a match (the command's and the guided prompt's `status`)."""
    from referee.i18n import tr
    from referee.store import chain, officiate, views
    from referee.store.store import corrected, to_events

    language = lang
    entries = store.entries(match_id)
    problem = store.check(match_id)
    events, parse_errors = to_events(corrected(entries))
    head = entries[-1]["hash"][:chain.SHORT]
    result = officiate.replay(events)
    _echo_lines(views.status(match_id, result, len(entries), language, head=head,
                             broken=problem.msg if problem else None,
                             clock=officiate.clock(entries, events, result)))
    for e in parse_errors:
        typer.echo(tr(language, "unreadable entry #{seq}: {problem}",
                      seq=e.line, problem=e.msg))


def _correction(kind: str, match_id: str, seq: int | None, words: list[str] | None, reason: str, force: bool,
                db: str | None, referee: str | None, lang: str | None) -> None:
    """Store an undo, void or amend and show what it re-settled; a refusal names --force."""
    language = resolve_language(lang)
    event = _parse_directive(words) if words is not None else None
    correct(_store(db), match_id, kind, seq, event, reason, force, referee, language)


def correct(store: Store, match_id: str, kind: str, seq: int | None, event: Event | None, reason: str, force: bool,
            referee: str | None, lang: str) -> Outcome:
    """Store an undo, void or amend and print what it re-settled (the commands' and the guided prompt's); a
    refusal is a store error naming --force."""
    from referee.i18n import M
    from referee.store import officiate
    from referee.store.appending import guarded
    from referee.store.store import StoreError

    try:
        with guarded(store, match_id, reason):  # a closed round's match needs a reason
            out = officiate.correct(store, match_id, kind, seq=seq, event=event, reason=reason,
                                    referee=referee, force=force)
    except officiate.Rejected as e:
        raise StoreError(M("{problem}\n(use --force to store it anyway and fix the record afterwards)",
                           problem=e.msg)) from None
    _report_correction(match_id, kind, out, lang)
    _echo_notes(store, lang)
    return out


def _report_correction(match_id: str, kind: str, out: Outcome, lang: str) -> None:
    from referee.i18n import M, tr
    from referee.store import views

    e = out.entry
    what = views.correction(kind, e["target"], views.directive_line(e["directive"]),
                            views.directive_line(out.taken) if out.taken else "")
    if e["reason"]:
        what = M("{what} (reason: {reason})", what=what, reason=e["reason"])
    typer.echo(views.stored_line(e, match_id, what, lang))
    assert out.before is not None  # a correction replays the match as it was as well as corrected
    for hand in views.changed_hands(out.before, out.after):
        typer.echo(tr(lang, "re-settled:"))
        _echo_lines(views.settlement(hand, out.after, lang))
    if out.new_errors:
        typer.echo(tr(lang, "warning: the record now has these problems:"))
        _echo_lines(views.error_lines(out.new_errors, lang))
    typer.echo(views.next_line(out.after, lang))


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
    from referee.i18n import tr
    from referee.store import officiate, views
    from referee.store.store import corrected, log_of, to_events

    entries = _store(db).entries(match_id)
    trail = log_of(entries)
    events, _ = to_events(corrected(entries))
    groups = views.log_groups(trail, events, officiate.replay(events))
    _echo_lines(views.log_heading(match_id, len(trail), language))
    shown = 0
    for group in groups:
        if (hand is not None and group.hand != hand) or (game is not None and group.game != game):
            continue
        rows = [e for e in group.entries if not corrections or e.kind != "event" or e.superseded_by]
        if rows:
            typer.echo(views.group_title(group, language))
            _echo_lines(views.log_lines(rows, language))
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
    from referee.store import officiate, views

    event = _parse_directive(directive)
    _echo_lines(views.whatif_table(officiate.whatif(_store(db), match_id, seq, event), match_id, language))
