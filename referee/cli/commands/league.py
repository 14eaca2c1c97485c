"""``referee league …``: a season of events held at several clubs — make it, add its events, its standings summed
over the season, the PDF report and the workbook (``docs/league.md``).

Imported when the command line starts: only typer and the standard library at the top.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.commands.boundary import language, report_broken
from referee.cli.commands.options import CommandGroup, Db, EventId, Lang, Output, PdfFont, ReportLang, WorkbookLang
from referee.cli.commands.tableactions import open_store
from referee.core.i18n import N_

HELP = N_("A league (season) of events at several clubs: its events, its standings summed over the season, its "
          "report and workbook.")
LEAGUE = CommandGroup("league", HELP)


LeagueId = Annotated[str, typer.Argument(metavar="LEAGUE", help=N_("The league's id, e.g. DL26."),
                                         show_default=False)]


@LEAGUE.command("new", N_("Create a league (a season): its events are added to it afterwards."))
def new(
    league_id: LeagueId,
    title: Annotated[str, typer.Option("--title", metavar="TEXT", help=N_(
        "The league's title, e.g. \"Dalian city league 2026\"."), show_default=False)],
    db: Db = None,
    lang: Lang = None,
) -> None:
    say = language(lang)
    from referee.app.league import new_league
    from referee.core.i18n import tr

    store = open_store(db)
    league = new_league(store, league_id, title)
    typer.echo(tr(say, "new league {league} ({title}) in {root}", league=league.id, title=league.title,
                  root=store.where))
    typer.echo(tr(say, "next: referee league add-event {league} EVENT --club CLUB", league=league.id))


@LEAGUE.command("add-event", N_("Add an event of the store to the league, naming the club (venue) it is held "
                                "at."))
def add_event(
    league_id: LeagueId,
    event_id: EventId,
    club: Annotated[str, typer.Option("--club", metavar="CLUB", help=N_(
        "The club (venue) the event is held at."), show_default=False)],
    db: Db = None,
    lang: Lang = None,
) -> None:
    say = language(lang)
    from referee.app.league import add_event as add
    from referee.core.i18n import trn

    league = add(open_store(db), league_id, event_id, club)
    typer.echo(trn(say, "added event {event} (club {club}) to league {league}: {n} event",
                   "added event {event} (club {club}) to league {league}: {n} events", len(league.events),
                   event=event_id, club=league.club_of(event_id) or club, league=league.id))


@LEAGUE.command("standings", N_("The league's standings: each pair's match points and tie-breaks summed over "
                                "the league's events."))
def standings(
    league_id: LeagueId,
    json_: Annotated[bool, typer.Option("--json", help=N_("Print JSON instead of the table."))] = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    say = language(lang)
    from referee.results import leagueresults
    from referee.views import leaguetext

    results = leagueresults.load(open_store(db), league_id, keep=True)
    if json_:
        typer.echo(json.dumps(leaguetext.standings_json(results), ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(leaguetext.standings_lines(results, say)))
    report_broken(results.broken, say)


def _book_lang(lang: str | None) -> str:
    from referee.cli.commands.scorecard import scorecard_language

    return scorecard_language(lang)


@LEAGUE.command("report", N_("PDF: the league's standings summed over its events, and the events with their "
                             "clubs."))
def report(
    league_id: LeagueId,
    output: Output = None,
    lang: ReportLang = None,
    font: PdfFont = None,
    db: Db = None,
) -> None:
    say, pdf = language(lang), _book_lang(lang)
    from referee.cli.scorecards import REPORTS_DIR, choose_font, pdf_font
    from referee.core.i18n import tr
    from referee.core.names import file_stem
    from referee.core.safefile import is_stdout, output_folder
    from referee.results import leagueresults
    from referee.views import leaguetext
    from referee.views.sheets import tables_report

    if font is not None:
        choose_font(font, ())  # a bad --font stops before the league is read
    results = leagueresults.load(open_store(db), league_id, keep=True)
    path = output or output_folder(REPORTS_DIR) / f"{file_stem(league_id)}-league.pdf"
    table = leaguetext.standings_sheet(results, pdf)
    weights = [0.7, 1.6, 1.6, 2.0, *([0.8] * 8), *([1.25] * (len(table.columns) - 12))]
    tables = [(tr(pdf, "Standings"), table, weights)] if results.events or not results.players else []
    if results.players:
        tables.append((tr(pdf, "Players"), leaguetext.players_sheet(results, pdf),
                       [0.7, 2.0, 2.0, 0.8, 0.8, 0.8, 0.9, 1.0]))
    tables.append((tr(pdf, "Events"), leaguetext.events_sheet(results, pdf), [1.2, 1.5, 2.5, 1.2, 0.7, 4.0]))
    tables_report(path, f"{results.league.id} {results.league.title}", leaguetext.title(results, pdf), tables,
                  pdf, font=lambda texts: pdf_font(font, texts, say), notes=leaguetext.notes(results, pdf))
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))  # never into a PDF on stdout
    report_broken(results.broken, say)


@LEAGUE.command("export", N_("XLSX: the league's standings and its events, a sheet each."))
def export(
    league_id: LeagueId,
    xlsx: Annotated[Path, typer.Option("--xlsx", metavar="PATH", help=N_(
        "The workbook to write: the league's standings and its events, a sheet each."), show_default=False)],
    lang: WorkbookLang = None,
    db: Db = None,
) -> None:
    say, book = language(lang), _book_lang(lang)
    from referee.core.i18n import tr
    from referee.core.safefile import is_stdout
    from referee.results import leagueresults
    from referee.views import leaguetext
    from referee.views.xlsx import write_sheets

    results = leagueresults.load(open_store(db), league_id, keep=True)
    sheets = [(tr(book, "Standings"), leaguetext.standings_sheet(results, book))]
    if results.players:
        sheets.append((tr(book, "Players"), leaguetext.players_sheet(results, book)))
    sheets.append((tr(book, "Events"), leaguetext.events_sheet(results, book)))
    write_sheets(xlsx, f"{results.league.id} {results.league.title}", sheets)
    typer.echo(tr(say, "wrote {path}", path=str(xlsx)), err=is_stdout(xlsx))  # never into the workbook on stdout
    report_broken(results.broken, say)


def league() -> typer.Typer:
    return LEAGUE.typer()
