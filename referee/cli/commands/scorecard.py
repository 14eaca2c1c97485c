"""`referee scorecard`: the PDF scorecard of a match (a record file or a stored match), or of all.

Imported when the command line starts: only typer and the standard library at the top; ReportLab,
the engine and the store load inside the command (``referee.views.scorecard``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import AsFile, AsMatch, Db, Encoding, PdfFont
from referee.core.i18n import N_

DEFAULT_LANG = "zh"  # the scorecard is for Dalian's clubs: Chinese unless asked otherwise


def scorecard_language(lang: str | None) -> str:
    """The scorecard's language: ``--lang``, else ``$REFEREE_LANG``, else Chinese (a usable
    ``$REFEREE_LANG`` only: a bad one does not stop the command, as for every command)."""
    from referee.core.i18n import normalize

    if lang is None and normalize(os.environ.get("REFEREE_LANG")) is None:
        return DEFAULT_LANG
    return language(lang)


def scorecard(
    source: Annotated[str | None, typer.Argument(metavar="MATCH_ID|FILE",
                                                 help=N_("A record file, or the id of a stored match."))] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="PATH",
        help=N_("PDF to write (default reports/<match-id>.pdf); with --all, a folder."))] = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="LANG",
        help=N_("Language of the scorecard: zh, en or zh_TW (else $REFEREE_LANG, else zh)."))] = None,
    font: PdfFont = None,
    all_: Annotated[bool, typer.Option("--all", help=N_("One PDF per stored match."))] = False,
    event: Annotated[str | None, typer.Option("--event", metavar="EVENT",
                                              help=N_("With --all: only this event's matches (its id, e.g. SC26)."))]
    = None,
    db: Db = None,
    as_file: AsFile = False,
    as_match: AsMatch = False,
    encoding: Encoding = None,
) -> None:
    """Write a match's PDF scorecard: header, deal by deal, the game's chart, result, notes, signatures."""
    pdf_lang, say = scorecard_language(lang), language(lang)
    from referee.app.sources import kind_of
    from referee.cli.scorecards import write_all, write_one
    from referee.core.errors import RefereeError, UsageError
    from referee.core.i18n import M, tr
    from referee.core.safefile import is_stdout

    kind = kind_of(as_file, as_match)
    if all_:
        if source is not None:
            raise UsageError(M("give either MATCH_ID|FILE or --all, not both"))
        write_all(output, pdf_lang, font, event, db, say=say)
        return
    if event is not None:
        raise UsageError(M("--event goes with --all"))
    if source is None:
        raise UsageError(M("missing argument MATCH_ID|FILE (or use --all)"))
    path, broken = write_one(source, output, pdf_lang, font, db, say=say, kind=kind, encoding=encoding)
    typer.echo(tr(say, "wrote {path}", path=str(path)), err=is_stdout(path))  # never into the PDF on stdout
    if broken is not None:  # written, with the warning on its face; the exit status says so too
        raise RefereeError(M("match {match}: {problem}; `referee verify` shows what changed",
                             match=source, problem=broken))
