"""`referee scorecard`: the PDF scorecard of a match (a record file or a stored match), or of all.

Imported when the command line starts: only typer and the standard library at the top; ReportLab,
the engine and the store load inside the command (``referee.scorecard``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from referee.commands.options import Db
from referee.i18n import N_


def scorecard(
    source: Annotated[str | None, typer.Argument(metavar="MATCH_ID|FILE",
                                                 help=N_("A record file, or the id of a stored match."))] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="PATH",
        help=N_("PDF to write (default reports/<match-id>.pdf); with --all, a folder."))] = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="LANG", help=N_("Language of the scorecard: zh or en (else $REFEREE_LANG, else zh)."))]
    = None,
    font: Annotated[str | None, typer.Option(
        "--font", metavar="PATH",
        help=N_("Embed this TrueType font (.ttf/.ttc) instead of the reader's Chinese font (STSong-Light)."))] = None,
    all_: Annotated[bool, typer.Option("--all", help=N_("One PDF per stored match."))] = False,
    event: Annotated[str | None, typer.Option("--event", metavar="NAME",
                                              help=N_("With --all: only this event's matches."))] = None,
    db: Db = None,
) -> None:
    """Write a match's PDF scorecard: header, hand by hand, levels chart, result, notes, signatures."""
    from referee.scorecard.commands import LANGS, _fail, _write_all, write_one

    lang = (lang or os.environ.get("REFEREE_LANG") or "zh").lower()
    if lang not in LANGS:
        _fail(f"error: --lang must be zh or en, not {lang!r}", 2)
    if all_:
        if source is not None:
            _fail("error: give either MATCH_ID|FILE or --all, not both", 2)
        _write_all(output, lang, font, event, db)
        return
    if event is not None:
        _fail("error: --event goes with --all", 2)
    if source is None:
        _fail("error: missing argument MATCH_ID|FILE (or use --all)", 2)
    path = write_one(source, output, lang, font, db)
    typer.echo(f"wrote {path}")
