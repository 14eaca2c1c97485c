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


def test_event_commands_take_the_signing_options_in_its_order() -> None:
    """The event commands' --db, --referee, --lang are the Signing group's (declared once): a command asking for
    them out of the group's order, or for one the group lacks, is refused when it is declared."""
    import inspect
    from typing import get_type_hints

    import pytest

    from referee.cli.commands import event
    from referee.cli.commands.options import Signing

    shown = list(inspect.signature(event.add).parameters)
    assert shown[-3:] == ["db", "referee", "lang"]
    assert inspect.signature(event.add).parameters["db"].annotation is get_type_hints(
        Signing, include_extras=True)["db"]
    assert list(inspect.signature(event.list_).parameters) == ["db", "lang"]
    with pytest.raises(TypeError, match="not options of Signing"):
        event._command("lang", "db")
    with pytest.raises(TypeError, match="not options of Signing"):
        event._command("db", "rules")
