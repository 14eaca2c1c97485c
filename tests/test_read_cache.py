"""The summary cache a command's read fills (issue 20: cold standings; issue 21: league and ratings), on both
backends: the standings read from it are those of a cold read, the web's reads never fill it, and a match changed
by hand after the cache was filled is still refused, not counted from its cached row.

The event: four pairs, round 1 paired as tests/test_event_rounds.py works it out (T1 F1 v F2, T2 F4 v F3), then
played: T1 won 2:0 by F1, T2 won 2:1 by F3 (F4 takes the middle game). The club scoring (README, Tournaments:
2:0 → 3, 2:1 → 2, 1:2 → 1, 0:2 → 0): F1 3, F3 2, F4 1, F2 0.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import psycopg
import pytest
from eventplay import Cli, play
from helpers import match_tables
from starlette.testclient import TestClient

from referee.results.summarize import summary_cache
from referee.store import summaries
from referee.store.api import open_store
from referee.web.app import make_app

EVENT = "CUP"
POINTS = {"F1": 3, "F3": 2, "F4": 1, "F2": 0}
# T1 broken: left out, so F1's win and F2's loss count for nobody; T2 stands
WITHOUT_T1 = {"F1": 0, "F3": 2, "F4": 1, "F2": 0}


@pytest.fixture(params=["folder", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "folder":
        return str(tmp_path / "store")
    return str(request.getfixturevalue("pg_server").store())


def played(db: str, tmp_path: Path) -> Cli:
    cli = Cli(db)  # type: ignore[arg-type]  # a folder or a URL: REFEREE_DB takes either
    cli.ok("event", "new", EVENT, "--name", "Autumn Cup", "--rounds", 2)
    for code in ("F1", "F2", "F3", "F4"):
        cli.ok("event", "add", EVENT, code, f"{code}甲", f"{code}乙")
    tables = cli.json("event", "pair", EVENT)["tables"]
    assert [(t["ew"], t["ns"]) for t in tables] == [("F1", "F2"), ("F4", "F3")]
    play(cli, tmp_path, tables[0], "F1", 2, 0)
    play(cli, tmp_path, tables[1], "F3", 2, 1)
    return cli


def points(standings: dict[str, Any]) -> dict[str, int]:
    return {r["pair"]: r["match_points"] for r in standings["standings"]}


def recomputed(db: str) -> int:
    """How many of the event's matches a fresh reader would replay (0: the cache is at both heads)."""
    summaries.forget()  # what this process computed before: the cache alone must answer
    cache = summary_cache(open_store(db), EVENT)
    got = cache.read_many(["CUP-R1-T1", "CUP-R1-T2"])
    assert all(not isinstance(v, Exception) and v is not None for v in got.values()), got
    return cache.recomputed


def test_a_read_fills_the_cache_and_reads_from_it_give_the_cold_standings(db: str, tmp_path: Path) -> None:
    cli = played(db, tmp_path)
    web = TestClient(make_app(db, EVENT)).get(f"/api/events/{EVENT}/standings")
    assert web.status_code == 200 and points(web.json()) == POINTS
    # the pairing saved the cache at the new matches' heads (7 entries each); both moved on since, and the
    # web's read did not save what it computed
    assert recomputed(db) == 2
    cold = cli.json("event", "standings", EVENT)  # computes both, and keeps them
    assert points(cold) == POINTS
    assert recomputed(db) == 0
    warm = cli.json("event", "standings", EVENT)
    assert warm == cold
    status = cli.json("event", "status", EVENT)
    assert [t["state"] for t in status["tables"]] == ["finished", "finished"]


def tamper(db: str, match_id: str) -> None:
    """Change T1's 10th entry by hand (its hash left as it was): in the folder, its file edited as a text
    editor would; in PostgreSQL, the row updated with the triggers switched off, as a superuser could."""
    store = open_store(db)
    if store.folder() is not None:
        path = store.folder() / "matches" / f"{match_id}.json"  # type: ignore[operator]
        data = match_tables(path)
        data["entries"]["10"]["directive"] += " "
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        return
    with psycopg.connect(db, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")
        conn.execute("UPDATE entries SET directive = directive || ' ' WHERE seq = 10 AND match_key = "
                     "(SELECT key FROM matches WHERE id = %s AND replaced IS NULL)", (match_id,))


def test_a_match_changed_after_the_cache_was_filled_is_refused_not_read_from_it(db: str, tmp_path: Path) -> None:
    cli = played(db, tmp_path)
    assert points(cli.json("event", "standings", EVENT)) == POINTS
    assert recomputed(db) == 0  # the cache is at both heads
    tamper(db, "CUP-R1-T1")
    summaries.forget()
    run = cli("event", "standings", EVENT, "--json")
    assert run.code == 1
    assert points(json.loads(run.out)) == WITHOUT_T1
    assert ("match CUP-R1-T1, #10: its content does not match its hash (edited by hand); the event cannot use this "
            "match (run `referee verify`)") in run.err
    again = cli("event", "standings", EVENT, "--json")  # not forgotten by the next read either
    assert again.code == 1 and points(json.loads(again.out)) == WITHOUT_T1
