"""At the table (issue 9, items 11, 12 and 13): what undo took back, the log by game and hand, `new
--replace`, and a store found wherever the shell stands.

Real stores in temporary folders, through the whole ``referee`` application in-process.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_store_support import HAND1, Cli, new_match, record_all

from referee.store import Store

CLI = Cli  # the `cli` fixture's class (tests/conftest.py)


def seqs(lines: list[str]) -> list[int]:
    """The seq numbers of the entry lines of `referee log` output (group titles and headings skipped)."""
    return [int(line.split()[0]) for line in lines if line.split() and line.split()[0].isdigit()]


# --- item 11: undo says what it took back; the log by game and hand; entries named #N -------------------

def test_issue9_item11_undo_says_what_it_took_back_and_log_groups_by_hand(cli):
    new_match(cli)  # #1 header, #2-#5 seats
    record_all(cli, "T3", HAND1)  # hand 1: #6 … #13 (last decl)
    record_all(cli, "T3", ["hand", "declare S 4S", "declare W 4H 4H", "tribute S SJ"])  # hand 2: #14 … #17
    r = cli("undo", "T3")  # the latest event in effect is the tribute, #17
    assert r.exit_code == 0 and r.output.splitlines()[0] == "stored #18 in T3 (by 王裁判): undo #17: tribute S SJ"
    r = cli("void", "T3", "11", "--reason", "counted twice")  # points 25 of hand 1
    assert r.exit_code == 0, r.output
    assert "void #11: points 25 (reason: counted twice)" in r.output.splitlines()[0]
    r = cli("log", "T3")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    # Grouped: the match before hand 1, then hand 1 with the void of its #11 (#19), then hand 2 with the
    # undo of its #17 (#18).
    assert lines[2] == "match (before the first hand)" and seqs(lines[3:8]) == [1, 2, 3, 4, 5]
    assert lines[8] == "game 1, hand 1" and seqs(lines[9:18]) == [6, 7, 8, 9, 10, 11, 12, 13, 19]
    assert lines[18] == "game 1, hand 2" and seqs(lines[19:]) == [14, 15, 16, 17, 18]
    assert "undo #17: tribute S SJ" in lines[-1]
    r = cli("log", "T3", "--hand", "2")
    assert seqs(r.output.splitlines()) == [14, 15, 16, 17, 18] and "game 1, hand 2" in r.output
    assert "game 1, hand 1" not in r.output
    r = cli("log", "T3", "--game", "1")
    assert seqs(r.output.splitlines()) == [6, 7, 8, 9, 10, 11, 12, 13, 19, 14, 15, 16, 17, 18]
    r = cli("log", "T3", "--corrections")  # corrections and what they took back
    assert seqs(r.output.splitlines()) == [11, 19, 17, 18]
    r = cli("log", "T3", "--game", "2")
    assert r.exit_code == 0 and "(no entries of that kind)" in r.output
    r = cli("log", "T3", "--hand", "1", "--lang", "zh")
    assert "第1局 第1副" in r.output and "作废 #11：points 25" in r.output
    # A correction the store refuses names the entry as the log does.
    r = cli("void", "T3", "99", "--reason", "x")
    assert r.exit_code == 1 and "there is no #99 in match T3 (the last is #19)" in r.output
    r = cli("void", "T3", "18", "--reason", "x")
    assert r.exit_code == 1 and "#18 is itself a correction (undo of #17)" in r.output
    r = cli("void", "T3", "1", "--reason", "x")
    assert r.exit_code == 1 and "#1 is the match header" in r.output


# --- item 12: new --replace ----------------------------------------------------------------------------

def test_issue9_item12_new_replace_keeps_the_old_match(cli):
    new_match(cli)
    record_all(cli, "T3", ["hand"])
    old = Store(cli.db).path("T3").read_bytes()
    r = cli("new", "T3")
    assert r.exit_code == 1 and "use --replace" in r.output  # the advice …
    r = cli("new", "T3", "--east", "孙七", "--replace")  # … is true
    assert r.exit_code == 0 and "new match T3" in r.output, r.output
    kept = list((cli.db / "replaced").iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == old
    r = cli("status", "T3")
    assert "Seats: E 孙七" in r.output and "2 entries in the store" in r.output  # header and one seat
    assert cli("verify").exit_code == 0


# --- item 13: where the store is -------------------------------------------------------------------------

@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A shell in a folder with no store, no $REFEREE_DB, and its own configuration folder."""
    here = tmp_path / "somewhere"
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return here


class Bare(Cli):
    """The commands without --db: the store is found as a referee's shell finds it."""

    def __call__(self, *args: str, input: str | None = None, referee: str = "王裁判"):
        return self.runner.invoke(self.app, [str(a) for a in args], input=input)


def test_issue9_item13_a_store_found_from_anywhere(elsewhere, tmp_path, monkeypatch):
    bare = Bare(tmp_path / "unused")
    r = bare("status", "CL1")
    assert r.exit_code == 2
    # The absolute path of ./referee-store here, and how to name another store.
    assert f"no match 'CL1' in the store at {elsewhere / 'referee-store'} (matches stored: none" in r.output
    assert "--db PATH, $REFEREE_DB or `referee config db PATH`" in r.output
    laptop = tmp_path / "laptop-store"
    r = bare("config", "db", str(laptop))
    assert r.exit_code == 0, r.output
    config = tmp_path / "config" / "referee" / "config.toml"
    assert config.read_text(encoding="utf-8").splitlines()[-1] == f"db = {json.dumps(str(laptop))}"
    assert f"store in use: {laptop} (from the settings file {config})" in r.output
    r = bare("new", "CL1", "--rules", "gunzi-001")
    assert r.exit_code == 0 and Store(laptop).match_ids() == ["CL1"]
    monkeypatch.chdir(tmp_path)  # another folder: the same store
    assert bare("status", "CL1").exit_code == 0
    assert not (elsewhere / "referee-store").exists() and not (tmp_path / "referee-store").exists()
    # The order: --db, then $REFEREE_DB, then the settings file, then ./referee-store.
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "env-store"))
    assert bare("status", "CL1").exit_code == 2
    assert bare("status", "CL1", "--db", str(laptop)).exit_code == 0
    r = bare("config")
    assert r.exit_code == 0 and f"store in use: {tmp_path / 'env-store'} (from $REFEREE_DB)" in r.output
    monkeypatch.delenv("REFEREE_DB")
    r = bare("config", "db", "--unset")
    assert r.exit_code == 0 and "db is not set" in r.output
    assert f"store in use: {tmp_path / 'referee-store'} (from the current folder)" in r.output
    r = bare("config", "colour", "red")
    assert r.exit_code == 2 and "unknown setting 'colour'" in r.output


def test_issue9_item13_a_broken_settings_file_is_named(elsewhere, tmp_path):
    config = tmp_path / "config" / "referee" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("db = [1, 2\n", encoding="utf-8")
    r = Bare(tmp_path / "unused")("list")
    assert r.exit_code == 2 and f"the settings file {config} cannot be used" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    config.write_text("db = 5\n", encoding="utf-8")
    r = Bare(tmp_path / "unused")("list")
    assert r.exit_code == 2 and "'db' must be a text" in r.output
    # --db needs no settings file at all.
    r = Bare(tmp_path / "unused")("list", "--db", str(tmp_path / "s"))
    assert r.exit_code == 0


def test_config_file_written_through_the_safe_write_helper(elsewhere, tmp_path):
    bare = Bare(tmp_path / "unused")
    assert bare("config", "db", "~/x").exit_code == 0
    config = tmp_path / "config" / "referee" / "config.toml"
    assert f'db = "{os.path.expanduser("~/x")}"' in config.read_text(encoding="utf-8")  # absolute: used anywhere
    assert sorted(os.listdir(config.parent)) == ["config.toml"]  # no temporary file left
    r = bare("config", "db", "a\x1bb")
    assert r.exit_code == 2 and "control character" in r.output
    assert Path(config).is_file()
