"""The README's walk-through is real: its record checks clean and `explain` prints what it shows."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _block(starting: str) -> str:
    """The fenced block of the README whose first line starts with *starting*."""
    for chunk in README.split("```")[1::2]:
        body = chunk.split("\n", 1)[1] if "\n" in chunk else ""
        if body.startswith(starting):
            return body
    raise AssertionError(f"no README block starts with {starting!r}")


def test_readme_record_checks_clean_and_explains_as_shown(tmp_path):
    record = tmp_path / "match.gunzi"
    record.write_text(_block("match id="), encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(app, ["check", str(record)])
    assert checked.exit_code == 0, checked.output
    shown = _block("hand 1 (game 1)")
    explained = runner.invoke(app, ["explain", str(record), "--hand", "1", "--lang", "en"])
    assert explained.exit_code == 0, explained.output
    assert explained.stdout.strip() == shown.strip()


def test_readme_directors_evening_is_what_the_commands_print(tmp_path, monkeypatch):
    """The README's director's evening (results without hands, a forced close's preview, a swap, a
    correction after close, the prizes, the published pages): each command run, its output as shown."""
    import shlex

    block = _block("$ referee event new FRI")
    (tmp_path / "entries.csv").write_text(_block("pair,player1,player2,club"), encoding="utf-8")
    (tmp_path / "friday.toml").write_text(_block("# friday.toml"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    env = {"REFEREE_DB": "club-store", "REFEREE_NAME": "王裁判", "REFEREE_LANG": "en", "COLUMNS": "200"}
    runner = CliRunner()
    commands: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ referee "):
            commands.append((line[len("$ referee "):], []))
        else:
            commands[-1][1].append(line)
    assert len(commands) == 18
    for command, shown in commands:
        done = runner.invoke(app, shlex.split(command), env=env)
        assert done.output.rstrip("\n").splitlines() == shown, command
    assert (tmp_path / "site" / "index.html").is_file()
