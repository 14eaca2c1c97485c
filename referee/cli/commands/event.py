"""``referee event …``: running a tournament — entries, pairings, round control, standings, sheets.

One Typer group (``COMMANDS["event"]``, ``group=True``); the command line wraps each of its
commands in the error boundary and words their help in the user's language, as for every command.
Imported when the command line starts: only typer and the standard library at the top; the store,
the event layer, the engine and ReportLab load inside the commands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language, report_broken
from referee.cli.commands.options import (
    CommandGroup,
    Db,
    EventId,
    Json,
    Output,
    PdfFont,
    Reading,
    Reason,
    ReportLang,
    Signing,
    WorkbookLang,
    grouped,
)
from referee.cli.commands.tableactions import open_store
from referee.core.i18n import N_

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from referee.app.eventkind import EventKind
    from referee.cli.commands.eventhandler import EventHandler
    from referee.core.i18n import Msg
    from referee.store.api import MatchStore
    from referee.tournament.state import EventState
    from referee.views.scorecard.fonts import FontInfo

HELP = N_("Run a tournament: entries, pairings, rounds, standings with explained tie-breaks, printed sheets.")
EVENT = CommandGroup("event", HELP)


PairCode = Annotated[str, typer.Argument(metavar="PAIR", help=N_("The pair's code, e.g. A1."), show_default=False)]
Finished = Annotated[bool, typer.Option("--force", help=N_(
    "Change the entries of a finished event anyway (with --reason, kept in the log)."))]
CONFIRMATION_HELP = N_("Every settled hand is to be confirmed by a side (referee confirm), and event close names "
                       "those no side confirmed; default: not required (no warning).")


def _for(kind: EventKind) -> EventHandler:
    """The handler answering the commands for an event of *kind* (``pairevent`` or ``individualevent``, the same
    calls, :class:`~referee.cli.commands.eventhandler.EventHandler`): a table indexed by the kind, the one place the
    command line tells the two apart."""
    from referee.app.eventkind import PAIRS, PLAYERS
    from referee.cli.commands import individualevent, pairevent

    handlers: dict[EventKind, EventHandler] = {PAIRS: pairevent, PLAYERS: individualevent}
    return handlers[kind]


def _handler(store: MatchStore, event_id: str) -> EventHandler:
    """The handler answering for event *event_id*'s kind (:func:`_for`)."""
    from referee.app.eventkind import kind_of

    return _for(kind_of(store, event_id))


def _opened(at: Signing | Reading, event_id: str) -> tuple[MatchStore, EventHandler, str]:
    """What a command on event *event_id* answers through: the store ``--db`` names, the handler for the event's
    kind in it (:func:`_handler`) and the language of ``--lang`` (read first: a bad ``--lang`` is refused before
    the store is opened)."""
    say = language(at.lang)
    store = open_store(at.db)
    return store, _handler(store, event_id), say


def _echo(lines: list[str]) -> None:
    typer.echo("\n".join(lines))


def _dump(data: object) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


# --- entries --------------------------------------------------------------------------------------

@EVENT.command("new", N_("Create an event: its name, rule set, format, rounds and scoring."))
@grouped
def new(
    event_id: EventId,
    name: Annotated[str, typer.Option("--name", metavar="NAME", help=N_("The event's name, e.g. \"Spring Cup\"."),
                                      show_default=False)],
    rules: Annotated[str | None, typer.Option("--rules", metavar="RULESET", help=N_(
        "Rule set of every match (a name or a TOML file; default: the game's default rule set)."))] = None,
    game: Annotated[str | None, typer.Option("--game", metavar="GAME", help=N_(
        "The game: {game_keys}; default: {default_game}. A game of partnerships has events of pairs, the others "
        "of individual players."))]
    = None,
    sit_out: Annotated[str, typer.Option("--sit-out", metavar="lowest|lot", help=N_(
        "An individual event: who sits out when the players do not fill the tables (the lowest-placed, or by lot)."))]
    = "lowest",
    fmt: Annotated[str, typer.Option("--format", metavar="swiss|round-robin",
                                     help=N_(
        "Swiss rounds, or a round robin (every pair meets every other; at an event of individual players, as evenly "
        "as the tables allow)."))]
    = "swiss",
    rounds: Annotated[int | None, typer.Option("--rounds", metavar="N", help=N_(
        "Rounds the event will have (a Swiss event needs it; a round robin: all of its schedule)."))] = None,
    scoring: Annotated[str | None, typer.Option("--scoring", metavar="NAME|PATH", help=N_(
        "Match points and tie-breaks: a bundled scoring (club; robin, the default of a round robin: head-to-head "
        "and Sonneborn-Berger) or a TOML file (base = allowed)."))]
    = None,
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD", help=N_("Date of the event."))] = None,
    venue: Annotated[str | None, typer.Option("--venue", metavar="TEXT", help=N_("Where it is played."))] = None,
    seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=N_(
        "Shuffle round 1 with this seed (else entry order); also the seed of the lot."))] = None,
    confirmation_required: Annotated[bool, typer.Option("--confirmation-required", help=CONFIRMATION_HELP)] = False,
    at: Signing = Signing(),
) -> None:
    say = language(at.lang)
    from referee.app.eventkind import kind_of_game
    from referee.games import registry

    store = open_store(at.db)
    played = registry.game(game) if game is not None else None
    _for(kind_of_game(played)).new(
        store, event_id, None if played is None else played.key, name, rules, fmt, rounds, scoring, date, venue,
        seed, sit_out, confirmation_required, at.referee, say)


@EVENT.command("settings", N_("Show whether the event requires every settled hand to be confirmed, or change it "
                              "(an entry of its log)."))
@grouped
def settings(
    event_id: EventId,
    confirmation_required: Annotated[bool | None, typer.Option(
        "--confirmation-required/--no-confirmation-required", help=CONFIRMATION_HELP, show_default=False)] = None,
    reason: Reason = "",
    at: Signing = Signing(),
) -> None:
    say = language(at.lang)
    from referee.app.eventkind import pairs_only
    from referee.cli.commands.pairevent import confirmation_words, state_of

    store = open_store(at.db)
    if confirmation_required is None:
        typer.echo(confirmation_words(event_id, state_of(store, event_id).settings.confirmation_required,
                                      say))
        return
    from referee.app.director import change_settings

    pairs_only(store, event_id, "settings")
    state = change_settings(store, event_id, confirmation_required=confirmation_required, reason=reason,
                            referee=at.referee)
    typer.echo(confirmation_words(event_id, state.settings.confirmation_required, say))


@EVENT.command("add", N_("Enter a pair."))
@grouped
def add(
    event_id: EventId,
    pair: PairCode,
    player1: Annotated[str, typer.Argument(metavar="PLAYER1", help=N_("First player (sits E or S)."),
                                           show_default=False)],
    player2: Annotated[str | None, typer.Argument(metavar="[PLAYER2]", help=N_(
        "Second player (sits W or N); none in an event of individual players, where PAIR is the player's code and "
        "PLAYER1 the name."),
        show_default=False)] = None,
    club: Annotated[str, typer.Option("--club", metavar="CLUB", help=N_("The pair's club."))] = "",
    newcomer: Annotated[bool, typer.Option("--newcomer", help=N_(
        "A newcomer pair (for the prize of the best newcomers)."))] = False,
    rating: Annotated[int | None, typer.Option("--rating", metavar="N", help=N_(
        "The pair's rating: round 1 is seeded by it, highest first."))]
    = None,
    force: Finished = False,
    reason: Reason = "",
    at: Signing = Signing(),
) -> None:
    store, handler, say = _opened(at, event_id)
    handler.add(store, event_id, pair, player1, player2, club, newcomer, rating, force, reason, at.referee, say)


@EVENT.command("import", N_("Enter the pairs of an entries file (CSV or XLSX): all of them or none."))
@grouped
def import_(
    event_id: EventId,
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_(
        "Entries: CSV or XLSX with a header row pair,player1,player2,club (and may be rating,newcomer)."),
        show_default=False)],
    force: Finished = False,
    reason: Reason = "",
    at: Signing = Signing(),
) -> None:
    store, handler, say = _opened(at, event_id)
    handler.import_(store, event_id, file, force, reason, at.referee, say)


@EVENT.command("edit", N_("Correct a pair's players (before it is paired) or its club, as an entry of the event's "
                          "log."))
@grouped
def edit(
    event_id: EventId,
    pair: PairCode,
    player1: Annotated[str | None, typer.Option("--player1", metavar="NAME", help=N_(
        "The first player's name as corrected."))] = None,
    player2: Annotated[str | None, typer.Option("--player2", metavar="NAME", help=N_(
        "The second player's name as corrected."))] = None,
    club: Annotated[str | None, typer.Option("--club", metavar="CLUB", help=N_(
        "The pair's club as corrected (empty: none)."))] = None,
    name: Annotated[str | None, typer.Option("--name", metavar="NAME", help=N_(
        "An event of individual players: the player's name as corrected."))] = None,
    force: Finished = False,
    reason: Reason = "",
    at: Signing = Signing(),
) -> None:
    store, handler, say = _opened(at, event_id)
    handler.edit(store, event_id, pair, player1, player2, club, name, force, reason, at.referee, say)


@EVENT.command("remove", N_("Take a pair out of the event before it is paired (a pair that played is withdrawn "
                            "instead)."))
@grouped
def remove(
    event_id: EventId,
    pair: PairCode,
    reason: Reason,
    force: Finished = False,
    at: Signing = Signing(),
) -> None:
    say = language(at.lang)
    from referee.app import entrants
    from referee.app.eventkind import kind_of_state

    store = open_store(at.db)
    state = entrants.remove(store, event_id, pair, reason, force=force, referee=at.referee)
    _echo(_for(kind_of_state(state)).removed(state, pair, reason, say))


@EVENT.command("withdraw", N_("Withdraw a pair: never paired again; it keeps what it played in the standings."))
@grouped
def withdraw(
    event_id: EventId,
    pair: PairCode,
    reason: Reason,
    at: Signing = Signing(),
) -> None:
    """Withdraw a pair (a player, in an event of individual players): never paired again; it keeps what it played
    in the standings."""
    say = language(at.lang)
    from referee.app import entrants
    from referee.app.eventkind import kind_of_state

    store = open_store(at.db)
    state = entrants.withdraw(store, event_id, pair, reason, at.referee)
    _echo(_for(kind_of_state(state)).withdrawn(state, pair, reason, say))


# --- rounds -----------------------------------------------------------------------------------------

@EVENT.command("pair", N_("Pair the next round and create its matches in the store (EVENT-R<round>-T<table>)."))
@grouped
def pair(
    event_id: EventId,
    json_: Json = False,
    explain: Annotated[bool, typer.Option("--explain", help=N_(
        "Say why each table was paired (score group, floats, a rematch avoided)."))] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help=N_(
        "Show the round as it would be paired; nothing is stored."))]
    = False,
    swap: Annotated[tuple[str, str] | None, typer.Option("--swap", metavar="A B", help=N_(
        "Two pairs trade places, or two tables (T2 T5) their NS pairs (with --reason)."))] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", metavar="EW-NS", help=N_(
        "A table by hand, e.g. A1-B2 (repeat for more; the pairs not named are paired by the program)."))] = None,
    bye: Annotated[list[str] | None, typer.Option("--bye", metavar="PAIR", help=N_(
        "A pair sitting this round out at its request (a requested bye, [bye] requested); may be repeated."))] = None,
    reason: Reason = "",
    seed: Annotated[str | None, typer.Option("--seed", metavar="rating", help=N_(
        "Round 1 seeded by the players' ratings (referee ratings): a pair's seed is its players' mean rating; at an "
        "event of individual players, each player's rating (the unrated after, in the event's lot order)."))] = None,
    at: Signing = Signing(),
) -> None:
    say = language(at.lang)
    if seed is not None and seed != "rating":
        from referee.core.errors import UsageError
        from referee.core.i18n import M

        raise UsageError(M("--seed {value}: the one seeding is `rating` (else round 1 is seeded as the event was "
                           "created: entry order or its --seed's lot)",
                           value=seed))
    store = open_store(at.db)
    _handler(store, event_id).pair(store, event_id, json_, explain, dry_run, swap, set_ or (), bye or (), reason,
                                   seed is not None, at.referee, say)


@EVENT.command("unpair", N_("Take the current round back while none of its matches holds an entry: pair it "
                            "again after."))
@grouped
def unpair(
    event_id: EventId,
    reason: Reason,
    at: Signing = Signing(),
) -> None:
    say = language(at.lang)
    from referee.app.director import unpair_round
    from referee.core.i18n import tr

    store = open_store(at.db)
    rnd, _ = unpair_round(store, event_id, reason, at.referee)
    typer.echo(tr(say, "round {round} of {event} unpaired ({reason}): pair it again with referee event pair "
                       "{event}", round=rnd.number, event=event_id, reason=reason))


@EVENT.command("status", N_("The current round: each table's match (not started, game and hand in play, or its "
                            "result) and its time."))
@grouped
def status(
    event_id: EventId,
    json_: Json = False,
    at: Reading = Reading(),
) -> None:
    store, handler, say = _opened(at, event_id)
    handler.status(store, event_id, json_, say)


@EVENT.command("close", N_("Close the current round once every match is finished; its results are then final."))
@grouped
def close(
    event_id: EventId,
    force: Annotated[bool, typer.Option("--force", help=N_(
        "Close even with unfinished matches: shows the rulings that would decide each, stored with --yes."))]
    = False,
    reason: Reason = "",
    yes: Annotated[bool, typer.Option("--yes", help=N_(
        "With --force: store the rulings shown without asking."))]
    = False,
    at: Signing = Signing(),
) -> None:
    store, handler, say = _opened(at, event_id)
    handler.close(store, event_id, force, reason, yes, at.referee, say)


@EVENT.command("disputes", N_("Every dispute of the event's matches with its state (raised, ruled, appealed, "
                              "decided); --json for other tools."))
@grouped
def disputes(
    event_id: EventId,
    json_: Json = False,
    at: Reading = Reading(),
) -> None:
    """Every dispute of the event's matches with its state (raised, ruled, appealed, decided)."""
    say = language(at.lang)
    from referee.app.disputes import event_disputes, event_sides
    from referee.views import disputetext

    store = open_store(at.db)
    found = event_disputes(store, event_id)
    if json_:
        _dump(disputetext.event_data(event_id, found))
        return
    _echo(disputetext.event_lines(event_id, found, say, event_sides(store, found)))


@EVENT.command("result", N_("Enter a table's result without hand records: a score, a forfeit, a no-show or an "
                            "adjusted score."))
@grouped
def result(
    event_id: EventId,
    table: Annotated[int, typer.Argument(metavar="TABLE", help=N_(
        "The table's number in the round."), show_default=False)],
    side: Annotated[str | None, typer.Argument(metavar="[SIDE", help=N_(
        "EW, NS or a pair's code: the side the score is written for."),
        show_default=False)] = None,
    score: Annotated[str | None, typer.Argument(metavar="SCORE]", help=N_(
        "Games won:lost by SIDE, e.g. 2:1."), show_default=False)] = None,
    forfeit: Annotated[str | None, typer.Option("--forfeit", metavar="SIDE", help=N_(
        "The side that gave the match up: the other wins games-to-win : 0."))] = None,
    no_show: Annotated[str | None, typer.Option("--no-show", metavar="SIDE", help=N_(
        "The side that did not come: the other wins games-to-win : 0."))]
    = None,
    adjusted: Annotated[str | None, typer.Option("--adjusted", metavar="EW:NS", help=N_(
        "Match points awarded to EW and NS, no games counted."))] = None,
    clear: Annotated[bool, typer.Option("--clear", help=N_(
        "Take the director's result back: the match's record counts again."))] = False,
    round_: Annotated[int | None, typer.Option("--round", metavar="N", help=N_(
        "The round (default: the latest paired); a closed round's result is a correction after its close."))] = None,
    reason: Reason = "",
    json_: Json = False,
    at: Signing = Signing(),
) -> None:
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr

    store, handler, say = _opened(at, event_id)
    if clear:  # the director's result taken back: the same entry at an event of either kind
        from referee.app.director import clear_result

        if any(x is not None for x in (side, score, forfeit, no_show, adjusted)):
            raise UsageError(M("--clear takes no result"))
        clear_result(store, event_id, table, round_number=round_, reason=reason, referee=at.referee)
        typer.echo(tr(say, "table {table} of {event}: the director's result taken back ({reason}); the match's "
                           "record counts again",
                      table=table, event=event_id, reason=reason))
        return
    handler.result(store, event_id, table, side, score, forfeit, no_show, adjusted, round_, reason, json_, at.referee,
                   say)


# --- results ----------------------------------------------------------------------------------------

@EVENT.command("standings", N_("The standings: match points and every tie-break, from the replays of the "
                               "stored matches."))
@grouped
def standings(
    event_id: EventId,
    json_: Json = False,
    after_round: Annotated[int | None, typer.Option("--after-round", metavar="N", help=N_(
        "The standings as they stood after round N."))] = None,
    explain: Annotated[tuple[str, str] | None, typer.Option("--explain", metavar="PAIR PAIR", help=N_(
        "Say in words why the first pair ranks where it does against the second, criterion by criterion."))]
    = None,
    wide: Annotated[bool, typer.Option("--wide", help=N_(
        "Every column, however wide (else, on a terminal, the columns that fit its width)."))] = False,
    cross: Annotated[bool, typer.Option("--cross", help=N_(
        "The cross table instead: every pair against every other (a round robin's N×N table)."))] = False,
    at: Reading = Reading(),
) -> None:
    say = language(at.lang)
    from referee.core.errors import UsageError
    from referee.core.i18n import M

    if json_ and explain:
        raise UsageError(M("--json and --explain go apart"))
    if json_ and cross:  # the JSON's rounds hold every table's games: the cross table is read from them
        raise UsageError(M("--json and --cross go apart: the JSON's rounds give every table's games"))
    store = open_store(at.db)
    _handler(store, event_id).standings(store, event_id, json_, after_round, explain, wide, cross, say)


@EVENT.command("prizes", N_("The prize list, award by award as the scoring's [prizes] awards key lists them."))
@grouped
def prizes(
    event_id: EventId,
    json_: Json = False,
    at: Reading = Reading(),
) -> None:
    store, handler, say = _opened(at, event_id)
    handler.prizes(store, event_id, json_, say)


def _pdf_lang(lang: str | None) -> str:
    from referee.cli.commands.scorecard import scorecard_language

    return scorecard_language(lang)


def _default(event_id: str, suffix: str) -> Path:
    from referee.cli.scorecards import REPORTS_DIR
    from referee.core.names import file_stem
    from referee.core.safefile import output_folder

    return output_folder(REPORTS_DIR) / f"{file_stem(event_id)}{suffix}"


def _font(font: str | None, say: str) -> Callable[[Sequence[str]], FontInfo]:
    """The PDF's font chosen as the scorecard's is (``app.scorecards.pdf_font``: ``--font``, else an
    installed Chinese TrueType font embedded), with its warnings, for the words the PDF prints."""
    from referee.cli.scorecards import choose_font, pdf_font

    if font is not None:
        choose_font(font, ())  # a bad --font stops before the event is read
    return lambda texts: pdf_font(font, texts, say)


@EVENT.command("sheet", N_("PDF: a round's pairing list by table and by pair, and a card per table for its "
                           "referee."))
@grouped
def sheet(
    event_id: EventId,
    round_: Annotated[int | None, typer.Option("--round", metavar="N", help=N_(
        "The round (default: the latest paired)."))] = None,
    output: Output = None,
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
        "Language of the sheet: zh, en or zh_TW (else $REFEREE_LANG, else zh)."))] = None,
    font: PdfFont = None,
    db: Db = None,
) -> None:
    say = language(lang)  # the command's one --lang: the sheet's, and the words it prints
    pdf = _pdf_lang(lang)
    store = open_store(db)
    _handler(store, event_id).sheet(store, event_id, round_, output, lambda n: _default(event_id, f"-R{n}.pdf"), pdf,
                                    lambda: _font(font, say), say)


@EVENT.command("report", N_("PDF: the standings with every tie-break, the cross table and each round's results."))
@grouped
def report(
    event_id: EventId,
    output: Output = None,
    lang: ReportLang = None,
    font: PdfFont = None,
    db: Db = None,
) -> None:
    say = language(lang)  # the command's one --lang: the report's, and the words it prints
    pdf = _pdf_lang(lang)
    store = open_store(db)
    path = output or _default(event_id, "-standings.pdf")
    _handler(store, event_id).report(store, event_id, path, pdf, lambda: _font(font, say), say)


@EVENT.command("export", N_("XLSX: the standings, the entries and every match result, one sheet each."))
@grouped
def export(
    event_id: EventId,
    xlsx: Annotated[Path, typer.Option("--xlsx", metavar="PATH", help=N_(
        "The workbook to write: standings, entries and every match result, a sheet each."), show_default=False)],
    lang: WorkbookLang = None,
    db: Db = None,
) -> None:
    say = language(lang)  # the command's one --lang: the workbook's, and the words it prints
    book = _pdf_lang(lang)
    store = open_store(db)
    _handler(store, event_id).export(store, event_id, xlsx, book, say)


@EVENT.command("publish", N_("A static HTML export: standings and cross table, each round, each pair's card; no "
                             "external assets."))
@grouped
def publish(
    event_id: EventId,
    folder: Annotated[Path, typer.Argument(metavar="DIR", help=N_(
        "The folder to write the pages into (made if missing; its parent must exist)."), show_default=False)],
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
        "Language of the pages: zh, en or zh_TW (else $REFEREE_LANG, else zh)."))] = None,
    db: Db = None,
) -> None:
    say = language(lang)  # the command's one --lang: the pages', and the words it prints
    page_lang = _pdf_lang(lang)
    from referee.core.i18n import trn
    from referee.core.safefile import output_folder
    from referee.views.outfile import written

    store = open_store(db)
    built, broken = _handler(store, event_id).pages(store, event_id, page_lang)
    where = output_folder(folder)
    for name, text in built.items():
        with written(where / name) as buf:
            buf.write(text.encode("utf-8"))
    typer.echo(trn(say, "wrote {n} page to {folder} (open {folder}/index.html)",
                   "wrote {n} pages to {folder} (open {folder}/index.html)", len(built), folder=str(folder)))
    report_broken(broken, say)


@EVENT.command("list", N_("The events in the store."))
@grouped
def list_(at: Reading = Reading()) -> None:
    say = language(at.lang)
    from referee.core.errors import RefereeError
    from referee.views.eventtext import list_lines

    store = open_store(at.db)
    found: list[tuple[str, EventState | Msg]] = []
    for event_id in store.event_ids():
        try:
            from referee.results.eventstate import event_state
            found.append((event_id, event_state(store.event_log(event_id))))
        except RefereeError as e:  # a broken log is listed with its problem, the others still shown
            found.append((event_id, e.msg))
    _echo(list_lines(found, store.where, say))


def event() -> typer.Typer:
    """The ``event`` group: its commands as declared above, each with its help as a msgid (worded where it is shown)."""
    return EVENT.typer()
