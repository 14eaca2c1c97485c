"""The command table: one table lists every command, main() builds only the one that runs, and the
modules of the table load nothing heavy (the store, the engine, ReportLab) until a command runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import build_app, main
from referee.cli.commands import COMMANDS, load

REPO = Path(__file__).resolve().parent.parent
HEAVY = ("tinydb", "filelock", "reportlab", "referee.games.gunzi.engine", "referee.store.store",
         "referee.games.gunzi.notation", "referee.games.gunzi.testing", "networkx", "openpyxl", "xlsxwriter",
         "starlette", "uvicorn", "jinja2", "sse_starlette", "segno")


def test_every_command_of_the_table_loads_and_is_on_the_app():
    app = build_app()
    names = {c.name for c in app.registered_commands} | {g.name for g in app.registered_groups}
    assert names == set(COMMANDS)
    for name in COMMANDS:
        assert callable(load(name))


def test_building_every_command_imports_nothing_heavy():
    code = ("import sys; from referee.cli import build_app; build_app(); "
            f"print([m for m in sys.modules if m.startswith({HEAVY!r})])")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_short_help_option_and_version(capsys):
    import pytest

    from referee import __version__

    for args in (["-h"], ["--help"], ["check", "-h"]):
        with pytest.raises(SystemExit) as info:
            main(args)
        assert info.value.code == 0
        assert "Usage" in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out.strip() == f"referee {__version__}"


def test_help_in_chinese(capsys):
    import pytest

    with pytest.raises(SystemExit):
        main(["check", "--help", "--lang", "zh"])
    out = capsys.readouterr().out
    assert "要检查的记录文件" in out


def test_a_project_error_becomes_an_exit_code_and_a_message():
    runner = CliRunner()
    res = runner.invoke(build_app(), ["explain", str(REPO / "examples" / "spring-cup.gunzi"), "--hand", "99"])
    assert res.exit_code == 2 and "error: --hand 99" in res.stderr and "Traceback" not in res.output
    res = runner.invoke(build_app(), ["explain", str(REPO / "examples" / "spring-cup.gunzi"), "--hand", "99",
                                      "--lang", "zh"])
    assert res.exit_code == 2 and "错误：--hand 99" in res.stderr
