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
