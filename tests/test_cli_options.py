"""The option groups of the command line (referee.cli.commands.options): options several commands take together,
declared once, each shown to Typer as the options it holds and given to the command as one value."""

from __future__ import annotations

import re

import typer
from typer.testing import CliRunner

from referee.cli.commands.options import Force, Replaying, Signing, grouped

called: list[tuple[str, bool, Signing]] = []


@grouped
def _command(match_id: str, force: Force = False, at: Signing = Signing()) -> None:
    called.append((match_id, force, at))


def _app() -> typer.Typer:
    app = typer.Typer(add_completion=False, rich_markup_mode=None)
    app.command()(_command)
    return app


def test_a_group_is_given_to_the_command_whole():
    """The group's options typed on the command line come to the command as one Signing, the others as they are;
    one not typed is the group's default."""
    called.clear()
    result = CliRunner().invoke(_app(), ["M1", "--referee", "Li", "--force", "--lang", "zh"])
    assert result.exit_code == 0, result.output
    assert called == [("M1", True, Signing(db=None, referee="Li", lang="zh"))]


def test_a_group_is_shown_as_its_options_in_its_place():
    """The help lists the group's options where the group stands among the command's parameters, in the group's
    order: --force (before it), then --db, --referee, --lang."""
    result = CliRunner().invoke(_app(), ["--help"])
    assert result.exit_code == 0, result.output
    shown = re.findall(r"^\s+(--[a-z]+)", result.output, re.M)
    assert shown == ["--force", "--db", "--referee", "--lang", "--help"]


def test_replay_and_explain_take_the_replaying_options():
    """`referee replay` and `referee explain` declare the Replaying group: its six options, in its order, after the
    command's own."""
    from referee.cli import build_app

    for command, own in (("replay", "--json"), ("explain", "--hand")):
        result = CliRunner().invoke(build_app(command), [command, "--help"])
        assert result.exit_code == 0, result.output
        shown = re.findall(r"^\s+(?:-[a-z], )?(--[a-z]+)", result.output, re.M)
        assert shown == [own, "--rules", "--lang", "--db", "--file", "--match", "--encoding", "--help"], command
    assert Replaying._fields == ("rules", "lang", "db", "as_file", "as_match", "encoding")


def test_event_commands_take_the_groups_as_every_command_does() -> None:
    """The event commands' --db, --referee, --lang are a group's, taken through :func:`grouped` as every command
    takes one: Signing for a command that stores (add), Reading (--db, --lang, no --referee) for one that only reads
    (list); the options Typer sees are the group's own, in its order."""
    import inspect
    from typing import get_type_hints

    from referee.cli.commands import event
    from referee.cli.commands.options import Reading

    assert isinstance(event.add, grouped) and isinstance(event.list_, grouped)
    shown = list(inspect.signature(event.add).parameters)
    assert shown[-3:] == ["db", "referee", "lang"]
    assert inspect.signature(event.add).parameters["db"].annotation is get_type_hints(
        Signing, include_extras=True)["db"]
    assert list(inspect.signature(event.list_).parameters) == ["db", "lang"]
    assert inspect.signature(event.list_).parameters["lang"].annotation is get_type_hints(
        Reading, include_extras=True)["lang"]


def test_both_event_kinds_answer_every_operation_of_the_handler() -> None:
    """pairevent and individualevent each provide every operation the event commands call on a kind's handler
    (EventHandler; mypy checks their signatures), so no command finds a kind without its answer."""
    from referee.cli.commands import individualevent, pairevent
    from referee.cli.commands.eventhandler import EventHandler

    operations = [name for name in vars(EventHandler) if not name.startswith("_")]
    assert len(operations) == 16
    for handler in (pairevent, individualevent):
        assert [name for name in operations if not callable(getattr(handler, name, None))] == [], handler.__name__
