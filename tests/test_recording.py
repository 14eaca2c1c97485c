"""The one recording use case (referee.app.recording.record) through its three callers: ``referee record``,
guided entry (``referee record MATCH`` without a directive) and the web (a real server on loopback).

The same directive into the same match by the same referee is stored as the same entry by each: the same
bytes but for the clock (the entry's ``time``, and so its ``hash``, which seals the time): resealed at one
time, the three hashes agree. A match that moved on past the entry the caller saw is refused through each,
nothing stored, in the same words.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from webvenue import T1, make_venue, running  # noqa: E402

from referee.store import chain  # noqa: E402
from referee.store.store import Store  # noqa: E402

BIN = Path(sys.executable).parent
WHO = "王裁判"  # the venue's referee of table 1: the name on its web token


def referee(db: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REFEREE_LANG": "en", "PYTHONUNBUFFERED": "1"}
    env.pop("REFEREE_DB", None)
    who = ["--referee", WHO] if args[0] == "record" else []
    return subprocess.run([str(BIN / "referee"), *args, "--db", str(db), *who], env=env, input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory):
    return make_venue(tmp_path_factory.mktemp("venue"))


def copy(venue, tmp: Path, name: str) -> Path:
    db = tmp / name
    shutil.copytree(venue.db, db)
    return db


def post(base: str, secret: str, directive: str, after: int | None = None) -> tuple[int, dict]:
    import httpx

    body: dict[str, object] = {"directive": directive}
    if after is not None:
        body["after"] = after
    r = httpx.post(f"{base}/api/matches/{T1}/entries", json=body, headers={"Authorization": f"Bearer {secret}"},
                   timeout=30)
    return r.status_code, r.json()


def without_clock(entry: dict) -> str:
    return json.dumps({k: v for k, v in entry.items() if k not in ("time", "hash")}, ensure_ascii=False)


def test_the_three_callers_store_the_same_entry(venue, tmp_path: Path) -> None:
    cli_db, guided_db, web_db = (copy(venue, tmp_path, n) for n in ("cli", "guided", "web"))
    n = len(Store(cli_db).entries(T1))  # the match as paired: its header and names; `hand` comes next
    r = referee(cli_db, "record", T1, "hand")
    assert r.returncode == 0 and r.stdout.startswith(f"stored #{n + 1} in {T1} (by {WHO}): hand"), r
    # guided entry begins the hand itself (`hand`) when none is in play, then `quit` stops it
    r = referee(guided_db, "record", T1, stdin="quit\n")
    assert r.returncode == 0 and f"stored #{n + 1} in {T1} (by {WHO}): hand (hand 1 begins)" in r.stdout, r
    with running(web_db) as base:
        status, body = post(base, venue.table1, "hand", after=n)
    assert status == 201 and body["seq"] == n + 1 and body["stored"] == "hand", body
    stored = [Store(db).entries(T1) for db in (cli_db, guided_db, web_db)]
    assert all(len(s) == n + 1 for s in stored)
    assert all(s[:n] == stored[0][:n] for s in stored)  # the copies' common past, untouched
    new = [s[n] for s in stored]
    assert len({without_clock(e) for e in new}) == 1, [without_clock(e) for e in new]
    assert new[0]["referee"] == WHO and new[0]["directive"] == "hand" and new[0]["reason"] == ""
    # the hash seals the time too: resealed at one time, the three entries are one
    resealed = {chain.seal(T1, {**e, "time": "2026-12-01T00:00:00.000Z"}, e["prev"])["hash"] for e in new}
    assert len(resealed) == 1
    for db in (cli_db, guided_db, web_db):
        assert referee(db, "verify").returncode == 0


def test_a_match_that_moved_on_is_refused_through_each_caller(venue, tmp_path: Path) -> None:
    db = copy(venue, tmp_path, "moved")
    n = len(Store(db).entries(T1))
    assert referee(db, "record", T1, "hand").returncode == 0  # #n+1: the match moves on past #n
    said = f"the match moved on: reload (entry #{n + 1} is the latest; this was made after #{n})"
    # the command line: --after names the entry the referee saw
    r = referee(db, "record", T1, "declare", "E", "BJ", "--after", str(n))
    assert r.returncode == 1 and r.stderr.strip() == f"error: {said}", r
    # the web: the form's (the API's) after
    with running(db) as base:
        status, body = post(base, venue.table1, "declare E BJ", after=n)
    assert status == 409 and body["error"]["message"] == said, body
    assert len(Store(db).entries(T1)) == n + 1  # nothing stored by either

    # guided entry: another referee records between its prompt and the answer
    env = {**os.environ, "REFEREE_LANG": "en", "PYTHONUNBUFFERED": "1"}
    env.pop("REFEREE_DB", None)
    guided = subprocess.Popen([str(BIN / "referee"), "record", T1, "--db", str(db), "--referee", WHO], env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert guided.stdin is not None and guided.stdout is not None
    prompted = threading.Event()
    out: list[str] = []

    def reader() -> None:
        assert guided.stdout is not None
        while True:
            ch = guided.stdout.read(1)
            if not ch:
                return
            out.append(ch)
            if "".join(out).endswith("> "):
                prompted.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    assert prompted.wait(60), "".join(out)
    assert referee(db, "record", T1, "declare", "E", "BJ").returncode == 0  # #n+2, by another hand
    guided.stdin.write("trump H\nquit\n")  # answered to the prompt made before #n+2
    guided.stdin.close()
    assert guided.wait(60) == 0, guided.stderr.read() if guided.stderr else ""
    thread.join(10)
    text = "".join(out)
    moved = f"the match moved on: reload (entry #{n + 2} is the latest; this was made after #{n + 1})"
    assert f"not accepted: {moved}; try again" in text, text
    entries = Store(db).entries(T1)
    assert [e["directive"] for e in entries[n:]] == ["hand", "declare E BJ"]  # `trump H` not stored over it
