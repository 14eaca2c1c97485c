"""The options several commands share, defined once (pip's ``cli/cmdoptions.py`` is the model).

Each is an ``Annotated`` type: a command takes ``db: Db = None`` and gets the same flag, help and
metavar as every other command. Help texts are English msgids: the command table words them in the
user's language when it builds the command line (``referee.cli.commands.build``).
"""

# No `from __future__ import annotations` here: the option groups' fields (Signing, Replaying) would each be compiled
# by typing at import (a ForwardRef per field); as the Annotated aliases below they are not.
import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar, get_type_hints

import typer

from referee.core.frozen import Record
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


# --- option groups ---------------------------------------------------------------------------------------------
# Options that several commands take together, in the same order, declared once as a named tuple of the options
# above (``core.frozen.Record``: its annotations are the options themselves, as typing.get_type_hints reads them); a
# command takes the group as one parameter (``at: Signing = Signing()``) and is made readable to Typer by
# :func:`grouped`, which shows Typer the group's options in its place and calls the command with them as the group.


class Signing(Record):
    """A command that stores entries as a referee: the store, who signs what it stores, the language it answers in."""

    db: Db = None
    referee: Referee = None
    lang: Lang = None


class Reading(Record):
    """A command that reads the store and stores nothing: the store, the language it answers in."""

    db: Db = None
    lang: Lang = None


class Replaying(Record):
    """A command that replays MATCH_ID|FILE: the rule set, the language it answers in, and where and how the source
    is read (the store; a record file or a stored match; the file's encoding)."""

    rules: Rules = None
    lang: Lang = None
    db: Db = None
    as_file: AsFile = False
    as_match: AsMatch = False
    encoding: Encoding = None


def _is_group(annotation: object) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, tuple) and hasattr(annotation, "_field_defaults")


class grouped:  # noqa: N801 - a decorator, named as one
    """*command* as Typer reads it: each parameter of an option group's type (:class:`Signing`, :class:`Reading`,
    :class:`Replaying`)
    shown as the group's options, where the parameter stands, and *command* called with the group made of their
    values (the options' help, metavars and order as if the command declared each). The signature is worked out
    when Typer first asks for it: a command module's import evaluates none of its commands' options."""

    def __init__(self, command: Callable[..., None]) -> None:
        functools.update_wrapper(self, command)
        # its own annotations (filled in by __signature__), shared as they are by the error boundary's wrapper
        # (functools.wraps hands on this very dict)
        self.__annotations__ = dict(command.__annotations__)
        self.command = command
        self.groups: dict[str, type[Any]] = {}

    @functools.cached_property
    def __signature__(self) -> inspect.Signature:
        signature = inspect.signature(self.command, eval_str=True)
        shown: list[inspect.Parameter] = []
        for name, p in signature.parameters.items():
            if not _is_group(p.annotation):
                shown.append(p.replace(kind=inspect.Parameter.KEYWORD_ONLY))
                continue
            group = self.groups[name] = p.annotation
            fields = get_type_hints(group, include_extras=True)
            shown += [inspect.Parameter(field, inspect.Parameter.KEYWORD_ONLY, annotation=fields[field],
                                        default=group._field_defaults.get(field, inspect.Parameter.empty))
                      for field in group._fields]
        # What Typer reads next (typing.get_type_hints of the boundary's wrapper, after this signature): the shown
        # parameters' annotations as evaluated here, not the command's strings compiled and evaluated again.
        evaluated: dict[str, Any] = {p.name: p.annotation for p in shown}
        if signature.return_annotation is not inspect.Signature.empty:
            evaluated["return"] = signature.return_annotation
        self.__annotations__.clear()
        self.__annotations__.update(evaluated)
        return signature.replace(parameters=shown)

    def __call__(self, **values: Any) -> None:
        _ = self.__signature__  # the groups, found
        for name, group in self.groups.items():
            values[name] = group(*(values.pop(field) for field in group._fields))
        self.command(**values)


Command = TypeVar("Command", bound=Callable[..., None])  # a command function, as declared


class CommandGroup:
    """The Typer group ``referee NAME …`` (event, league, token, db): its help *text* and its commands, each declared
    where it is defined (``@EVENT.command("add", N_("Enter a pair."))``, its help a msgid worded where it is shown)
    and listed in the order declared; :meth:`typer` makes the group as every group of the command line is made (no
    completion, no rich markup, -h as --help, its help when given no command)."""

    def __init__(self, name: str, text: str) -> None:
        self.name, self.text = name, text
        self.commands: list[tuple[str, Callable[..., None], str]] = []

    def command(self, name: str, help_text: str) -> Callable[[Command], Command]:
        """Declare the function below as the group's command *name*, its help *help_text*."""
        def declare(function: Command) -> Command:
            self.commands.append((name, function, help_text))
            return function
        return declare

    def typer(self) -> typer.Typer:
        group = typer.Typer(name=self.name, help=self.text, no_args_is_help=True, add_completion=False,
                            pretty_exceptions_enable=False, rich_markup_mode=None,
                            context_settings={"help_option_names": ["-h", "--help"]})
        for command, function, help_text in self.commands:
            group.command(command, help=help_text)(function)
        return group
