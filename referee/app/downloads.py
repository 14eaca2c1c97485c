"""The director's files of an event, written to a path: the current round's sheets (PDF), the standings report
(PDF) and the workbook (XLSX) — what ``referee event sheet | report | export --xlsx`` write, for the web's
director page (``referee.web.directing``), which hands them to the phone as downloads.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.core.errors import UsageError
from referee.core.i18n import M

if TYPE_CHECKING:
    from referee.store.api import MatchStore

KINDS = {"sheets": ".pdf", "report": ".pdf", "xlsx": ".xlsx"}


def write(store: MatchStore, event_id: str, kind: str, folder: Path, lang: str) -> Path:
    """Write the event's *kind* of file into *folder*, worded in *lang*; its path (named after the event)."""
    from referee.core.names import file_stem
    from referee.results import eventresults

    if kind not in KINDS:
        raise UsageError(M("no download '{kind}': sheets, report or xlsx", kind=kind[:20]))
    results = eventresults.load(store, event_id)
    state = results.state
    stem = file_stem(event_id)
    if kind == "sheets":
        from referee.views.sheets import round_sheet

        rnd = state.current
        if rnd is None:
            raise UsageError(M("event {event} has no round paired yet: pair one first", event=event_id))
        path = folder / f"{stem}-R{rnd.number}.pdf"
        before = eventresults.load(store, event_id, rnd.number - 1).standings if rnd.number > 1 else None
        round_sheet(path, state.settings.name, rnd, state.pairs, lang, standings=before)
        return path
    if kind == "report":
        from referee.views.eventtext import broken_lines, notes, round_word
        from referee.views.sheets import standings_report

        path = folder / f"{stem}-standings.pdf"
        standings_report(path, state.settings.name, state.pairs, results.rounds, results.standings,
                         results.summaries, lang, final=results.final,
                         notes=notes(results, lang) + broken_lines(results, lang),
                         round_words={r.number: round_word(results.status(r.number), lang) for r in results.rounds})
        return path
    from referee.views.xlsx import write_workbook

    path = folder / f"{stem}.xlsx"
    write_workbook(path, state.settings.name, state.pairs, results.rounds, results.standings, results.summaries,
                   lang)
    return path
