"""``referee db copy FROM TO`` (issue 21 item 6): a whole store copied — folder into PostgreSQL and back, folder
to folder — every chain checked on both sides, a second copy writing nothing, a target whose match differs
refused by name with nothing written.

The season of tests/test_league.py is the store copied: two events of four pairs and two rounds, so 2 × 2 tables
× 2 rounds = 8 matches, 2 event logs and 1 league; two tokens are added (one of them a club director's).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from eventplay import Cli, snapshot
from test_league import season

from referee.store.api import open_store

MATCHES = 8  # E1 and E2: 2 tables in each of 2 rounds


def _built(tmp: Path) -> tuple[Cli, Path]:
    db = tmp / "source"
    cli = Cli(db)
    season(cli, tmp)
    cli.ok("token", "add", "王裁判", "--event", "E1", "--no-qr")
    cli.ok("token", "add", "星海主任", "--role", "director", "--club", "星海", "--no-qr")
    return cli, db


def _chains(db: str | Path) -> dict[str, list[str]]:
    store = open_store(db)
    try:
        out = {m: [e["hash"] for e in store.entries(m)] for m in store.match_ids()}
        out |= {"event:" + e: [x["hash"] for x in store.event_log(e).entries()] for e in store.event_ids()}
        return out
    finally:
        store.close()


@pytest.mark.postgres
def test_a_folder_copied_into_postgresql_and_back(tmp_path: Path, pg_server) -> None:  # type: ignore[no-untyped-def]
    cli, folder = _built(tmp_path)
    url = pg_server.store()
    out = cli.ok("db", "copy", folder, url).out.splitlines()
    # every match of the season is created under the one bundled rule set (dalian-club): one content kept
    assert out[:5] == [f"{MATCHES} matches copied, 0 already there", "2 event logs copied, 0 already there",
                       "2 tokens copied, 0 already there", "1 league copied, 0 already there",
                       "1 rule set copied, 0 already there"]
    again = cli.ok("db", "copy", folder, url).out.splitlines()
    assert again[:5] == [f"0 matches copied, {MATCHES} already there", "0 event logs copied, 2 already there",
                         "0 tokens copied, 2 already there", "0 leagues copied, 1 already there",
                         "0 rule sets copied, 1 already there"]
    assert again[5].endswith("already: nothing written")
    assert _chains(url) == _chains(folder)
    assert cli.ok("verify", "--db", url).code == 0
    pg = Cli(url)  # type: ignore[arg-type]
    assert pg.json("league", "standings", "DL26") == cli.json("league", "standings", "DL26")
    tokens = open_store(url).tokens().all()
    assert [(t.name, t.role, t.event, t.club) for t in tokens] == [("王裁判", "referee", "E1", None),
                                                                  ("星海主任", "director", None, "星海")]
    back = tmp_path / "back"
    out = cli.ok("db", "copy", url, back).out.splitlines()
    assert out[0] == f"{MATCHES} matches copied, 0 already there"
    assert _chains(back) == _chains(folder)
    assert Cli(back).json("league", "standings", "DL26") == cli.json("league", "standings", "DL26")
    assert Cli(back).ok("verify").code == 0


def test_a_folder_copied_into_a_folder_twice_writes_nothing_the_second_time(tmp_path: Path) -> None:
    cli, folder = _built(tmp_path)
    target = tmp_path / "target"
    cli.ok("db", "copy", folder, target)
    before = snapshot(target)
    again = cli.ok("db", "copy", folder, target).out.splitlines()
    assert again[0] == f"0 matches copied, {MATCHES} already there"
    assert again[4] == "0 rule sets copied, 1 already there"
    assert again[5] == f"{target} holds all of {folder} already: nothing written"
    assert snapshot(target) == before
    assert _chains(target) == _chains(folder)
    assert Cli(target).ok("verify").code == 0
    assert Cli(target).json("event", "standings", "E1") == cli.json("event", "standings", "E1")


def test_a_target_whose_match_differs_is_refused_by_name(tmp_path: Path) -> None:
    cli, folder = _built(tmp_path)
    target = tmp_path / "target"
    other = Cli(target)
    # a match of the same id with other entries: its first entry (the header, another date) differs
    other.ok("new", "E1-R1-T1", "--east", "a", "--south", "b", "--west", "c", "--north", "d")
    before = snapshot(target)
    run = cli("db", "copy", folder, target)
    assert run.code == 1
    assert run.err.strip() == (f"error: match E1-R1-T1 differs in {target} (entry #1 is not the same): "
                               "nothing was copied")
    assert snapshot(target) == before
    zh = cli("db", "copy", folder, target, "--lang", "zh")
    assert zh.code == 1 and zh.err.startswith("错误：") and "E1-R1-T1" in zh.err


def test_a_broken_source_or_a_missing_one_is_refused(tmp_path: Path) -> None:
    cli, folder = _built(tmp_path)
    run = cli("db", "copy", tmp_path / "nowhere", tmp_path / "t")
    assert run.code == 2 and run.err.strip() == f"error: FROM {tmp_path / 'nowhere'}: no store folder there"
    path = next((folder / "matches").glob("E1-R1-T1*.json"))
    path.write_text(path.read_text(encoding="utf-8").replace("declare", "declare ", 1), encoding="utf-8")
    run = cli("db", "copy", folder, tmp_path / "t")
    assert run.code == 1 and "E1-R1-T1" in run.err and run.err.strip().endswith(
        "nothing was copied (run `referee verify`)")
    assert not (tmp_path / "t").exists()


def test_db_copy_as_a_process(tmp_path: Path) -> None:
    _, folder = _built(tmp_path)
    run = subprocess.run([sys.executable, "-m", "referee.cli", "db", "copy", str(folder), str(tmp_path / "t"),
                          "--lang", "en"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == f"{MATCHES} matches copied, 0 already there"
