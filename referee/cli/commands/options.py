"""The options several commands share, defined once (pip's ``cli/cmdoptions.py`` is the model).

Each is an ``Annotated`` type: a command takes ``db: Db = None`` and gets the same flag, help and
metavar as every other command. Help texts are English msgids: the command table words them in the
user's language when it builds the command line (``referee.cli.commands.build``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.core.i18n import N_

Db = Annotated[str | None, typer.Option(
    "--db", metavar="PATH|URL", help=N_(
        "Store folder, or postgresql://user:password@host/database (else $REFEREE_DB, else the db of "
        "`referee config`, else ./referee-store)."))]
Lang = Annotated[str | None, typer.Option(
    "--lang", metavar="LANG", help=N_("Language of the output: en, zh or zh_TW (else $REFEREE_LANG, else en)."))]
Rules = Annotated[str | None, typer.Option(
    "--rules", metavar="NAME|PATH",
    help=N_("Rule set name (`referee rules` lists every game's) or a rule file path; overrides the record's rules=."))]
Referee = Annotated[str | None, typer.Option(
    "--referee", metavar="NAME", help=N_("Who records (else $REFEREE_NAME, else the login name)."))]
Reason = Annotated[str, typer.Option("--reason", metavar="TEXT", help=N_("Why (kept in the log)."))]
After = Annotated[int | None, typer.Option("--after", metavar="SEQ", min=0, help=N_(
    "Store only if the match's latest entry is still #SEQ (the one you saw); else nothing is stored."),
    show_default=False)]
Json = Annotated[bool, typer.Option("--json", help=N_("Print JSON instead of the table."))]
Force = Annotated[bool, typer.Option("--force", help=N_("Store it even if it leaves errors."))]
Replace = Annotated[bool, typer.Option("--replace", help=N_(
    "Overwrite a stored match with the same id (the old one is kept in the store's replaced/ folder)."))]
Output = Annotated[Path | None, typer.Option(
    "--output", "-o", metavar="PATH", help=N_("Write to this file instead of the screen."))]
EventId = Annotated[str, typer.Argument(metavar="EVENT", help=N_("The event's id, e.g. SC26."), show_default=False)]
ReportLang = Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
    "Language of the report: zh, en or zh_TW (else $REFEREE_LANG, else zh)."))]
WorkbookLang = Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
    "Language of the workbook: zh, en or zh_TW (else $REFEREE_LANG, else zh)."))]
MatchId = Annotated[str, typer.Argument(metavar="MATCH_ID", help=N_("Stored match id."), show_default=False)]
Source = Annotated[str, typer.Argument(metavar="MATCH_ID|FILE", help=N_("A record file, or a stored match id."),
                                       show_default=False)]
Seq = Annotated[int, typer.Argument(metavar="SEQ", help=N_("Sequence number of the entry (see `log`)."),
                                    show_default=False)]
Directive = Annotated[list[str], typer.Argument(metavar="DIRECTIVE", help=N_("A record directive, e.g. `points 25`."),
                                                show_default=False)]
AsFile = Annotated[bool, typer.Option("--file", help=N_(
    "Read MATCH_ID|FILE as a record file, never as a stored match."))]
AsMatch = Annotated[bool, typer.Option("--match", help=N_(
    "Read MATCH_ID|FILE as a stored match id, never as a file."))]
Encoding = Annotated[str | None, typer.Option(
    "--encoding", metavar="ENC", help=N_(
        "Encoding of a record file: utf-8, utf-16 or gb18030 (gbk); else UTF-8, UTF-16 with a BOM, or GB18030 "
        "with a notice."))]
PdfFont = Annotated[str | None, typer.Option(
    "--font", metavar="PATH",
    help=N_("Embed this TrueType font (.ttf/.ttc); `cid` for the reader's own Chinese font (STSong-Light). "
            "Default: an installed Chinese TrueType font, else STSong-Light."))]
