"""The parser's own usage errors (click's, under typer) come out as every other error of the command line: one line
``error: …`` in the user's language, exit 2, no usage block (referee.cli.commands.boundary.run_parsed)."""

from __future__ import annotations

import enum

import pytest
import typer
from helpers import referee_process

from referee.cli.commands.boundary import run_parsed

# (arguments, English line, Chinese line): each a mistake the parser finds before any command runs; --lang LANG is
# put where LANG stands, else at the end
CASES = [
    # amend needs --reason (options.Reason has no default)
    (["amend", "SC26-R2-T3", "21", "declare", "E", "BJ"],
     "error: missing option --reason", "错误：缺少选项 --reason"),
    # SEQ is a whole number
    (["amend", "SC26-R2-T3", "x", "declare", "E", "BJ", "--reason", "typo"],
     "error: SEQ: x is not a whole number", "错误：SEQ：x 不是整数"),
    (["void", "SC26-R2-T3", "--reason", "typo"],
     "error: missing argument SEQ", "错误：缺少参数 SEQ"),
    (["nosuch"],
     "error: referee has no command nosuch; `referee -h` lists its commands",
     "错误：referee 没有命令 nosuch；`referee -h` 列出它的命令"),
    (["event", "nosuch"],
     "error: referee event has no command nosuch; `referee event -h` lists its commands",
     "错误：referee event 没有命令 nosuch；`referee event -h` 列出它的命令"),
    (["list", "extra"], "error: unexpected extra argument: extra", "错误：多余的参数：extra"),
    (["list", "extra", "more"], "error: unexpected extra arguments: extra more", "错误：多余的参数：extra more"),
    (["list", "--colour"], "error: no such option: --colour", "错误：没有这个选项：--colour"),
    (["list", "--lang", "LANG", "--db"], "error: option --db needs a value", "错误：选项 --db 需要一个值"),
    # --after is a sequence number, at least 0 (options.After: min=0)
    (["record", "M1", "--after", "-1", "points", "25"],
     "error: --after: -1 is less than 0", "错误：--after：-1 小于 0"),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("args", "english", "chinese"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_a_usage_error_is_one_line_in_the_users_language(tmp_path, args, english, chinese, lang):
    args = [lang if a == "LANG" else a for a in args] if "LANG" in args else [*args, "--lang", lang]
    proc = referee_process(*args, env={"REFEREE_DB": str(tmp_path / "store")}, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr == (english if lang == "en" else chinese) + "\n"


def test_the_language_may_come_from_the_environment(tmp_path):
    # no --lang: $REFEREE_LANG words it, as any other error of a command
    proc = referee_process("amend", "M1", "3", "points", "25", lang="zh", env={"REFEREE_DB": str(tmp_path / "s")})
    assert (proc.returncode, proc.stderr) == (2, "错误：缺少选项 --reason\n")


def test_a_bare_group_still_shows_its_help(tmp_path):
    proc = referee_process("event", lang="en", env={"REFEREE_DB": str(tmp_path / "s")})
    assert proc.returncode == 2
    assert "Usage: referee event" in proc.stderr + proc.stdout
    assert "error:" not in proc.stderr


class Colour(enum.StrEnum):
    red = "red"
    green = "green"


def _choosing(colour: Colour, times: int = typer.Option(1, "--times")) -> None:
    typer.echo(f"{colour.value} x{times}")


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "error: COLOUR: blue is not one of red, green"),
    ("zh", "错误：COLOUR：blue 不是 red、green 之一"),
])
def test_a_bad_choice_names_the_choices(capsys, lang, line):
    # no command of the CLI takes a choice today: a command of the same parser shows how one would be refused
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    app.command()(_choosing)
    with pytest.raises(SystemExit) as done:
        run_parsed(typer.main.get_command(app), ["blue"], lang)
    assert done.value.code == 2
    assert capsys.readouterr().err == line + "\n"


def test_a_command_that_runs_ends_with_its_own_code(capsys):
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    app.command()(_choosing)
    with pytest.raises(SystemExit) as done:
        run_parsed(typer.main.get_command(app), ["green", "--times", "2"], "en")
    assert (done.value.code, capsys.readouterr().out) == (0, "green x2\n")
