"""The officiating commands: new, record, status, undo, void, amend, log, import, list, verify, whatif.

Imported when the CLI starts, so only typer and the standard library are imported at the top; the
store (TinyDB, filelock), the notation and the engine are imported inside the commands.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

DB_HELP = "Store folder (else $REFEREE_DB, else ./referee-store)."
REFEREE_HELP = "Who records (else $REFEREE_NAME, else the login name)."

USAGE = {
    "hand": "hand", "declarer": "declarer SEAT", "declare": "declare SEAT CARD… [as SUIT]",
    "flip": "flip SEAT CARD", "draw": "draw CARD", "trump": "trump SUIT",
    "riot": "riot SEAT CARD CARD CARD", "waive": "waive", "tribute": "tribute SEAT CARD…",
    "kitty": "kitty CARD×6", "bury": "bury CARD×6", "king": "king SEAT JOKER… take CARD…",
    "points": "points N", "declarer-points": "declarer-points N", "last": "last def|decl",
    "show": "show SEAT CARD…", "warn": "warn SEAT TEXT", "time": "time", "ruling": "ruling winner=TEAM TEXT",
    "redeal": "redeal", "team": "team EW|NS NAME", "seat": "seat SEAT NAME",
}
QUIT = {"q", "quit", "exit", "退出"}


def _fail(message: str, code: int = 1) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def _store(db: str | None):
    from referee.store.store import Store

    return Store(db)


def _parse_directive(words: list[str], argument: str = "DIRECTIVE"):
    """The event typed on the command line; exit 2 naming the argument when it cannot be read."""
    from referee.notation import NotationError, parse_line

    text = " ".join(words)
    try:
        event = parse_line(text)
    except NotationError as e:
        _fail(f"error: cannot read the {argument} argument '{text}': {e}", 2)
    if event is None:
        _fail(f"error: the {argument} argument '{text}' holds no directive (empty or a comment)", 2)
    return event


def _errors(exc) -> None:
    """Report a store error (exit 1)."""
    _fail(f"error: {exc}", 1)


def _echo_lines(lines: list[str]) -> None:
    typer.echo("\n".join(lines))


def _next(result) -> str:
    st = result.state
    if st.match_over or not st.expected:
        return "next: nothing, the match is over" if st.match_over else "next: -"
    return "next: " + " | ".join(st.expected)


def _report_record(match_id: str, out) -> None:
    from referee.store import views

    e = out.entry
    typer.echo(f"stored #{e['seq']} in {match_id} (by {e['referee']}): {e['directive']}")
    for hand in out.new_hands:
        _echo_lines(views.settlement(hand, out.after))
    if out.after.winner and not out.new_hands and out.after.state.match_over and e["kind"] == "event" \
            and e["directive"].split()[0] in ("time", "ruling", "warn"):
        typer.echo(f"match won by {out.after.winner} (games {views.levels(out.after.games_won)})")
    typer.echo(_next(out.after))


# --- guided entry -----------------------------------------------------------------------------

def _known_directives() -> set[str]:
    from referee import notation

    known = set(getattr(notation, "READERS", {})) | set(getattr(notation, "ALIASES", {}))
    return known or set(USAGE)


def _interpret(answer: str, expected: tuple[str, ...], known: set[str]) -> str:
    """Turn a short answer into a directive where the expected ones make it clear."""
    text = answer.strip()
    if not text:
        return text
    first = text.split()[0].lower()
    if first in known:
        return text
    if "last" in expected and first in ("def", "decl", "抓分方", "庄家方", "dig", "keep", "kept", "dug"):
        return "last " + {"dig": "def", "dug": "def", "keep": "decl", "kept": "decl"}.get(first, first)
    if "points" in expected and text.isdigit():
        return "points " + text
    with_args = [d for d in expected if USAGE.get(d, d) != d]
    if len(with_args) == 1 and not any(d in ("hand", "waive", "time", "redeal") for d in expected):
        return f"{with_args[0]} {text}"
    return text


def _prompt(result) -> str:
    from referee.store import views

    st = result.state
    seats = result.seats
    lines = [f"hand {st.hand} · {views.PHASE.get(st.phase, st.phase)}"]
    if "tribute" in st.expected and st.blood_owed:
        lines.append(f"  {views.who(st.blood_giver, seats)} owes {st.blood_owed} blood to "
                     f"{views.who(st.declarer, seats)}: tribute {st.blood_giver} and {st.blood_owed} card(s) "
                     f"(or riot / waive)")
    if "points" in st.expected:
        lines.append(f"  defenders' points so far: {st.points_so_far}; a number adds points, "
                     "def / decl records the last trick")
    lines.append("  expected: " + " | ".join(USAGE.get(d, d) for d in st.expected))
    lines.append("  (q to stop)")
    return "\n".join(lines) + "\n>"


def _guided(store, match_id: str, referee: str | None) -> None:
    from referee.notation import NotationError, format_event, parse_line
    from referee.store import officiate, views
    from referee.store.store import StoreError

    try:
        events, _ = store.events_and_errors(match_id)
        result = officiate.replay(events)
    except StoreError as e:
        _errors(e)
    if result.state.match_over:
        _fail(f"match {match_id} is over: won by {result.winner}", 1)
    hands_before = len(result.hands)
    known = _known_directives()
    typer.echo(f"Guided entry for match {match_id}: type each event as it happens.")
    if not result.state.in_hand and "hand" in result.state.expected:
        from referee.events import HandStart

        try:
            out = officiate.record(store, match_id, HandStart(), referee)
        except StoreError as e:
            _errors(e)
        result = out.after
        typer.echo(f"stored #{out.entry['seq']}: hand (hand {result.state.hand} begins)")
    while True:
        try:
            answer = typer.prompt(_prompt(result), prompt_suffix=" ")
        except typer.Abort:
            typer.echo("\nstopped; everything entered so far is stored", err=True)
            raise typer.Exit(1) from None
        if answer.strip().lower() in QUIT:
            typer.echo("stopped; everything entered so far is stored")
            return
        text = _interpret(answer, result.state.expected, known)
        try:
            event = parse_line(text)
        except NotationError as e:
            if text.split()[0].lower() not in known:
                expected = " | ".join(USAGE.get(d, d) for d in result.state.expected)
                typer.echo(f"'{text}' is not understood (expected: {expected}); try again")
            else:
                typer.echo(f"cannot read '{text}': {e}; try again")
            continue
        if event is None:
            continue
        try:
            out = officiate.record(store, match_id, event, referee)
        except officiate.Rejected as e:
            typer.echo(f"not accepted: {'; '.join(x.message for x in e.errors)}; try again")
            continue
        except StoreError as e:
            _errors(e)
        result = out.after
        typer.echo(f"stored #{out.entry['seq']}: {format_event(out.event)}")
        if len(result.hands) > hands_before:
            for hand in result.hands[hands_before:]:
                _echo_lines(views.settlement(hand, result))
            typer.echo(_next(result))
            return
        if result.state.match_over:
            typer.echo(f"match won by {result.winner}")
            return


# --- registration -----------------------------------------------------------------------------

def register(app: typer.Typer) -> None:  # noqa: C901 - one place that lists the commands
    """Add the officiating commands to *app*."""

    @app.command("new")
    def new(
        match_id: str = typer.Argument(..., help="The new match's id, e.g. SC26-R1-T3."),
        rules: str = typer.Option("dalian-club", "--rules", help="Rule set name or a TOML file."),
        east: str = typer.Option(None, "--east", help="Player in seat E (东)."),
        south: str = typer.Option(None, "--south", help="Player in seat S (南)."),
        west: str = typer.Option(None, "--west", help="Player in seat W (西)."),
        north: str = typer.Option(None, "--north", help="Player in seat N (北)."),
        ew: str = typer.Option(None, "--ew", help="Team name of EW."),
        ns: str = typer.Option(None, "--ns", help="Team name of NS."),
        event: str = typer.Option(None, "--event", help="Event (tournament) name."),
        table: str = typer.Option(None, "--table", help="Table."),
        round_: str = typer.Option(None, "--round", help="Round."),
        date: str = typer.Option(None, "--date", help="Date (default: today)."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
    ):
        """Start a match in the store: header, team and player names."""
        import datetime
        import os

        from referee import ruleset
        from referee.events import MatchHeader, SeatName, TeamName
        from referee.notation import NotationError, format_event, parse_line
        from referee.store import officiate
        from referee.store.store import StoreError

        try:
            ruleset.load(rules)
        except ruleset.RulesError as e:
            _fail(f"error: --rules {rules}: {e}", 2)
        header = MatchHeader(id=match_id, rules=rules, date=date or datetime.date.today().isoformat(),
                             event=event, table=table, round=round_,
                             referee=referee or os.environ.get("REFEREE_NAME") or None)
        try:
            back = parse_line(format_event(header))
        except NotationError as e:
            _fail(f"error: MATCH_ID '{match_id}' cannot be used: {e}", 2)
        if back != header or not match_id.strip():
            _fail(f"error: MATCH_ID '{match_id}' cannot be used as a match id", 2)
        events = [header]
        events += [TeamName(team=t, name=n) for t, n in (("EW", ew), ("NS", ns)) if n]
        events += [SeatName(seat=s, name=n) for s, n in (("E", east), ("S", south), ("W", west),
                                                         ("N", north)) if n]
        events = [ev._replace(line=i) for i, ev in enumerate(events, 1)]
        result = officiate.replay(events)
        if result.errors:
            _fail("error: " + "; ".join(e.message for e in result.errors), 2)
        store = _store(db)
        try:
            store.create(events, referee)
        except StoreError as e:
            _errors(e)
        typer.echo(f"new match {match_id} ({rules}) in {store.root}: {len(events)} entries")
        typer.echo(_next(result))

    @app.command("record")
    def record(
        match_id: str = typer.Argument(..., help="Stored match id."),
        directive: list[str] = typer.Argument(None, help="One record directive, e.g. `declare E BJ`, "
                                              "`points 25`; none: guided entry of a hand."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
    ):
        """Record one event (checked by the rules first), or enter a whole hand step by step."""
        from referee.store import officiate
        from referee.store.store import StoreError

        store = _store(db)
        if not directive:
            _guided(store, match_id, referee)
            return
        event = _parse_directive(directive)
        try:
            out = officiate.record(store, match_id, event, referee)
        except StoreError as e:
            _errors(e)
        _report_record(match_id, out)

    @app.command("status")
    def status(
        match_id: str = typer.Argument(..., help="Stored match id."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
    ):
        """Where the match stands: game, hand, levels, declarer, trump, blood, what comes next."""
        from referee.store import officiate, views
        from referee.store.store import StoreError

        store = _store(db)
        try:
            entries = store.entries(match_id)
            events, parse_errors = store.events_and_errors(match_id)
            result = officiate.replay(events)
        except StoreError as e:
            _errors(e)
        _echo_lines(views.status(match_id, result, len(entries)))
        for e in parse_errors:
            typer.echo(f"unreadable entry seq {e.line}: {e.message}")

    def _correction(kind, match_id, seq, words, reason, force, db, referee):
        from referee.store import officiate
        from referee.store.store import StoreError

        event = _parse_directive(words) if words is not None else None
        store = _store(db)
        try:
            out = officiate.correct(store, match_id, kind, seq=seq, event=event, reason=reason,
                                    referee=referee, force=force)
        except officiate.Rejected as e:
            _fail(f"error: {e}\n(use --force to store it anyway and fix the record afterwards)", 1)
        except StoreError as e:
            _errors(e)
        e = out.entry
        what = f"amend #{e['target']} → {e['directive']}" if kind == "amend" else f"{kind} #{e['target']}"
        typer.echo(f"stored #{e['seq']} in {match_id} (by {e['referee']}): {what}"
                   + (f" (reason: {e['reason']})" if e["reason"] else ""))
        from referee.store import views

        for hand in views.changed_hands(out.before, out.after):
            typer.echo("re-settled:")
            _echo_lines(views.settlement(hand, out.after))
        if out.new_errors:
            typer.echo("warning: the record now has these problems:")
            for x in out.new_errors:
                typer.echo(f"  seq {x.line}: {x.message}")
        typer.echo(_next(out.after))

    @app.command("undo")
    def undo(
        match_id: str = typer.Argument(..., help="Stored match id."),
        reason: str = typer.Option("", "--reason", help="Why (kept in the log)."),
        force: bool = typer.Option(False, "--force", help="Store it even if it leaves errors."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
    ):
        """Take back the latest event still in effect (a correction entry; nothing is deleted)."""
        _correction("undo", match_id, None, None, reason, force, db, referee)

    @app.command("void")
    def void(
        match_id: str = typer.Argument(..., help="Stored match id."),
        seq: int = typer.Argument(..., help="Sequence number of the event to take back (see `log`)."),
        reason: str = typer.Option(..., "--reason", help="Why (kept in the log)."),
        force: bool = typer.Option(False, "--force", help="Store it even if it leaves errors."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
    ):
        """Take back event SEQ, with a reason (a correction entry; nothing is deleted)."""
        _correction("void", match_id, seq, None, reason, force, db, referee)

    @app.command("amend")
    def amend(
        match_id: str = typer.Argument(..., help="Stored match id."),
        seq: int = typer.Argument(..., help="Sequence number of the event to replace (see `log`)."),
        directive: list[str] = typer.Argument(..., help="The directive that replaces it."),
        reason: str = typer.Option(..., "--reason", help="Why (kept in the log)."),
        force: bool = typer.Option(False, "--force", help="Store it even if it leaves errors."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
    ):
        """Replace event SEQ by DIRECTIVE, with a reason (a correction entry; nothing is deleted)."""
        _correction("amend", match_id, seq, directive, reason, force, db, referee)

    @app.command("log")
    def log(
        match_id: str = typer.Argument(..., help="Stored match id."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
    ):
        """The audit trail: every entry, corrections included, with who and when (UTC)."""
        from referee.store import views
        from referee.store.store import StoreError

        store = _store(db)
        try:
            entries = store.log(match_id)
        except StoreError as e:
            _errors(e)
        typer.echo(f"Audit trail of match {match_id} ({len(entries)} entries; times in UTC)")
        typer.echo(f"{'seq':>4}  {'time':<19}  {'referee':<12}  {'kind':<6} entry")
        _echo_lines(views.log_lines(entries))

    @app.command("import")
    def import_(
        files: list[Path] = typer.Argument(..., help="Record files to store, one match each."),
        replace: bool = typer.Option(False, "--replace", help="Overwrite a stored match with the same id "
                                     "(the old one is kept in the store's replaced/ folder)."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
        referee: str = typer.Option(None, "--referee", help=REFEREE_HELP),
    ):
        """Store record files as matches (refusing a match id already stored unless --replace)."""
        from referee.events import MatchHeader
        from referee.sources import SourceError, read_record
        from referee.store import officiate
        from referee.store.store import StoreError

        store = _store(db)
        failed = 0
        for path in files:
            try:
                rec = read_record(path)
            except SourceError as e:
                typer.echo(str(e), err=True)
                failed += 1
                continue
            if rec.errors:
                typer.echo(f"{path}: not imported, {len(rec.errors)} unreadable line(s):", err=True)
                for x in rec.errors:
                    typer.echo(f"  line {x.line}: {x.message}", err=True)
                failed += 1
                continue
            if not rec.events or not isinstance(rec.events[0], MatchHeader):
                typer.echo(f"{path}: not imported: the record does not begin with a `match` header", err=True)
                failed += 1
                continue
            try:
                result = officiate.replay(rec.events)
                match_id = store.create(rec.events, referee, replace=replace)
            except StoreError as e:
                typer.echo(f"{path}: not imported: {e}", err=True)
                failed += 1
                continue
            typer.echo(f"{path}: imported as match {match_id} ({len(rec.events)} events)")
            if result.errors:
                # Kept as written (a paper record may hold mistakes): fix them with amend/void.
                seqs = {ev.line: i for i, ev in enumerate(rec.events, 1)}
                typer.echo(f"  warning: the record has {len(result.errors)} problem(s) by the rules:")
                for x in result.errors:
                    where = f"seq {seqs[x.line]} (line {x.line})" if x.line in seqs else f"line {x.line}"
                    typer.echo(f"    {where}: {x.message}")
        if failed:
            raise typer.Exit(1)

    @app.command("list")
    def list_(db: str = typer.Option(None, "--db", help=DB_HELP)):
        """The matches in the store."""
        store = _store(db)
        rows = store.summaries()
        if not rows:
            typer.echo(f"no matches in the store at {store.root}")
            return
        typer.echo(f"{len(rows)} match(es) in {store.root}")
        typer.echo(f"{'id':<20} {'date':<10}  {'rules':<12} event / table / round")
        for r in rows:
            where = " / ".join(str(x) for x in (r.get("event"), r.get("table"), r.get("round")) if x)
            typer.echo(f"{r['id']:<20} {r.get('date') or '-':<10}  {r.get('rules') or '-':<12} {where}")

    @app.command("verify")
    def verify(
        match_ids: list[str] = typer.Argument(None, help="Matches to check (default: all)."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
    ):
        """Recompute every hash chain; name the match and entry where a hand-edit broke one."""
        store = _store(db)
        n_matches, n_entries, problems = store.verify(match_ids or None)
        if problems:
            for p in problems:
                typer.echo(f"BROKEN {p}", err=True)
            typer.echo(f"{len(problems)} of {n_matches} match(es) fail verification", err=True)
            raise typer.Exit(1)
        typer.echo(f"ok: {n_matches} match(es), {n_entries} entries, every hash chain intact")

    @app.command("whatif")
    def whatif(
        match_id: str = typer.Argument(..., help="Stored match id."),
        seq: int = typer.Argument(..., help="Sequence number of the event to replace (see `log`)."),
        directive: list[str] = typer.Argument(..., help="The directive to try in its place."),
        db: str = typer.Option(None, "--db", help=DB_HELP),
    ):
        """For a dispute: replay with event SEQ replaced, side by side with the record; stores nothing."""
        from referee.store import officiate, views
        from referee.store.store import StoreError

        event = _parse_directive(directive)
        store = _store(db)
        try:
            w = officiate.whatif(store, match_id, seq, event)
        except StoreError as e:
            _errors(e)
        _echo_lines(views.whatif_table(w, match_id))


def main() -> None:  # pragma: no cover - for trying the commands before the CLI wires them
    app = typer.Typer(no_args_is_help=True)
    register(app)
    app(sys.argv[1:])
