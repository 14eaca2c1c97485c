"""The results workbook of an event (``referee event export --xlsx``): standings, entries and every
match result, a sheet each, for the director's spreadsheet and the club's records.

Written with XlsxWriter (imported here only: the CLI's start-up does not pay for it) into the buffer
of ``safefile.writing``, so a crash never leaves half a workbook. Every text is written as text
(``write_string``): a player named ``=HYPERLINK(…)`` stays a name, never a formula. Numbers are
numbers, so the sheets sort and sum; a criterion that does not apply (head-to-head) is a blank cell.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.i18n import tr
from referee.games.api import Summary
from referee.tournament.model import DirectorResult, Pair, Round
from referee.tournament.scoring import Scoring
from referee.tournament.standings import Standings
from referee.views import eventrows as rows
from referee.views.outfile import written

MOST_WIDTH = 40  # characters: a long club name wraps rather than widening its column past this


def _width(text: str) -> int:
    """Display width: a Chinese character takes two columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _sheet(book: Any, name: str, event_name: str, sheet: rows.Sheet, bold: Any) -> None:
    """A sheet of one header row and its rows: texts as text, numbers as numbers, None blank."""
    ws = book.add_worksheet(name)
    ws.set_header("&C" + event_name.replace("&", "&&"))  # the printed page names the event
    head = [c.head for c in sheet.columns]
    widths = [_width(h) for h in head]
    for c, h in enumerate(head):
        ws.write_string(0, c, h, bold)
    for r, row in enumerate(sheet.rows, 1):
        for c, value in enumerate(row):
            if value is None or value == "":
                continue  # a blank cell, so a filter offers "(Blanks)"
            if isinstance(value, int):
                ws.write_number(r, c, value)
                widths[c] = max(widths[c], len(str(value)))
            else:
                ws.write_string(r, c, value)
                widths[c] = max(widths[c], _width(value))
    for c, w in enumerate(widths):
        ws.set_column(c, c, min(w, MOST_WIDTH) + 2)
    ws.freeze_panes(1, 0)
    ws.autofilter(0, 0, max(len(sheet.rows), 1), len(head) - 1)


def write_workbook(path: str | os.PathLike[str], event_name: str, pairs: Sequence[Pair], rounds: Sequence[Round],
                   standings: Standings, summaries: Mapping[str, Summary], lang: str, *,
                   results: Mapping[str, DirectorResult] | None = None, scoring: Scoring | None = None,
                   about: Sequence[tuple[str, rows.Cell]] = ()) -> None:
    """Write the event's workbook to *path*: sheets Standings, Entries, Results (the director's results
    marked, with their reasons), Cross table and, with *about* (the event's facts and notes, each a label
    and a value), Event, worded in *lang*."""
    rows.check_known(pairs, rounds, standings)

    sheets = [
        (tr(lang, "Standings"), rows.standings_sheet(pairs, standings, lang)),
        (tr(lang, "Entries"), rows.entries_sheet(pairs, lang)),
        (tr(lang, "Results"), rows.results_sheet(rounds, summaries, lang, results=results, scoring=scoring)),
        (tr(lang, "Cross table"), rows.cross_sheet(standings, rounds, summaries, lang, results)),
    ]
    if about:
        sheets.append((tr(lang, "Event"),
                       rows.Sheet((rows.Column(tr(lang, "Item")), rows.Column(tr(lang, "Value"))),
                                  tuple(about))))
    write_sheets(path, event_name, sheets)


def write_sheets(path: str | os.PathLike[str], event_name: str, sheets: Sequence[tuple[str, rows.Sheet]]) -> None:
    """Write *sheets* (each a name and its rows) as a workbook to *path*: an event of pairs' or of players'."""
    # Here only: not at the CLI's start-up. XlsxWriter ships no type information.
    import xlsxwriter  # type: ignore[import-untyped, unused-ignore]

    with written(path) as buf:
        book = xlsxwriter.Workbook(buf, {"in_memory": True, "strings_to_formulas": False,
                                         "strings_to_urls": False, "strings_to_numbers": False})
        book.set_properties({"title": event_name, "subject": sheets[0][0]})
        bold = book.add_format({"bold": True, "bottom": 1, "bg_color": "#DCE0EB", "text_wrap": True})
        for name, sheet in sheets:
            _sheet(book, name, event_name, sheet, bold)
        book.close()
