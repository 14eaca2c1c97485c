"""The command table: every ``referee`` command, the module that holds it, loaded only when run.

As in pip's ``commands/__init__.py``, the table names each command's module and function, so a
single ``referee record`` at the table imports the one module it needs (each command module imports
only typer and the standard library at its top; the engine, the store and ReportLab load inside the
commands). ``build`` makes the Typer application of the commands asked for, each wrapped in the one
error boundary (``referee.cli.commands.boundary``), with its help worded in the user's language.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.

import importlib
from collections.abc import Callable
from typing import Any

from referee.core.frozen import Record
from referee.core.i18n import N_


class CommandInfo(Record):
    module: str
    function: str
    help: str  # what the command does, an English msgid (worded in the user's language by `build`)
    group: bool = False  # the function returns a Typer group of sub-commands (``referee event …``)


COMMANDS: dict[str, CommandInfo] = {
    # records
    "check": CommandInfo("referee.cli.commands.records", "check",
                         N_("Check records: exit 0 when valid, else list every error as FILE:LINE: message "
                            "and exit 1.")),
    "replay": CommandInfo("referee.cli.commands.records", "replay",
                         N_("Replay a match deal by deal by its game's rules: what each deal settled, the running "
                            "totals, the result.")),
    "explain": CommandInfo("referee.cli.commands.records", "explain",
                         N_("Show how one hand was settled, step by step, each step naming the rule it applied.")),
    "export": CommandInfo("referee.cli.commands.records", "export",
                         N_("Write the canonical record (exporting an export gives the same text).")),
    "rules": CommandInfo("referee.cli.commands.records", "rules",
                         N_("List the rule sets, or show one with every key explained.")),
    # at the table
    "new": CommandInfo("referee.cli.commands.table", "new",
                         N_("Start a match in the store: header, team and player names.")),
    "record": CommandInfo("referee.cli.commands.table", "record",
                         N_("Record one event (checked by the rules first), or enter a whole hand step by step.")),
    "status": CommandInfo("referee.cli.commands.table", "status",
                         N_("Where the match stands: the deal in play, the standing so far, what comes next.")),
    "undo": CommandInfo("referee.cli.commands.table", "undo",
                         N_("Take back the latest event still in effect (a correction entry; nothing is deleted).")),
    "void": CommandInfo("referee.cli.commands.table", "void",
                         N_("Take back event SEQ, with a reason (a correction entry; nothing is deleted).")),
    "amend": CommandInfo("referee.cli.commands.table", "amend",
                         N_("Replace event SEQ by DIRECTIVE, with a reason (a correction entry; nothing is deleted).")),
    "log": CommandInfo("referee.cli.commands.table", "log",
                         N_("The audit trail: every entry, corrections included, with who and when (UTC).")),
    "whatif": CommandInfo("referee.cli.commands.table", "whatif",
                         N_("For a dispute: replay with event SEQ replaced, side by side with the record; "
                            "stores nothing.")),
    "dispute": CommandInfo("referee.cli.commands.dispute", "dispute",
                         N_("Raise a dispute of a hand, weigh alternatives, rule, appeal, decide; print the ruling "
                            "sheet.")),
    "confirm": CommandInfo("referee.cli.commands.dispute", "confirm",
                         N_("A side confirms a settled hand (a chained entry naming who confirmed).")),
    # the store
    "import": CommandInfo("referee.cli.commands.storage", "import_",
                         N_("Store record files as matches (refusing a match id already stored unless --replace).")),
    "list": CommandInfo("referee.cli.commands.storage", "list_",
                         N_("The matches in the store.")),
    "verify": CommandInfo("referee.cli.commands.storage", "verify",
                         N_("Recompute every hash chain; name the match and entry where a hand-edit broke one.")),
    "db": CommandInfo("referee.cli.commands.db", "db",
                         N_("The store's database: create or migrate the PostgreSQL schema (referee db upgrade)."),
                         group=True),
    "config": CommandInfo("referee.cli.commands.storage", "config",
                         N_("Show or set your own settings (the default store folder: `referee config db PATH`).")),
    # tournaments
    "event": CommandInfo("referee.cli.commands.event", "event",
                         N_("Run a tournament: entries, pairings, rounds, standings with explained tie-breaks, "
                            "printed sheets."), group=True),
    "ratings": CommandInfo("referee.cli.commands.ratings", "ratings",
                         N_("The club ladder: players' and partnerships' ratings (openskill) from every finished "
                            "match, and how each moved.")),
    "league": CommandInfo("referee.cli.commands.league", "league",
                         N_("A league (season) of events at several clubs: its events, its standings summed over the "
                            "season, its report and workbook."),
                         group=True),
    # at the venue
    "serve": CommandInfo("referee.cli.commands.serve", "serve",
                         N_("Serve the store on the venue's network: live standings and matches, score entry from "
                            "phones.")),
    "sync": CommandInfo("referee.cli.commands.sync", "sync",
                         N_("Push the venue's store into the league's PostgreSQL: every new entry, event-log entry, "
                            "token change and rule set, each chain checked on both sides (--every to keep going).")),
    "token": CommandInfo("referee.cli.commands.token", "token",
                         N_("The tokens of the web server: a referee's writes to their tables, a director's runs "
                            "the event."),
                         group=True),
    # print
    "scorecard": CommandInfo("referee.cli.commands.scorecard", "scorecard",
                         N_("Write a match's PDF scorecard: header, deal by deal, the game's chart, result, notes, "
                            "signatures.")),
}


def load(name: str) -> Callable[..., Any]:
    """The function of command *name* (its module imported now)."""
    info = COMMANDS[name]
    command: Callable[..., Any] = getattr(importlib.import_module(info.module), info.function)
    return command
