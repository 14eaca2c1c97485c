"""``referee ratings`` as a real process and ``/ratings`` / ``/api/ratings`` on a real ``referee serve``, on a store
built with the command line (``referee new``, ``referee record --file``), all as subprocesses.

The ladder: 王 wins three matches, each with another partner against the other two (甲, 乙, 丙 win one match of
three each): 王 ranks first whatever openskill's arithmetic (tests/test_ratings.py has the properties).
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from eventplay import match_text
from webserver import WebServer, referee_cli

# (match, E, S, W, N): EW (E and W) wins each 2:0
MATCHES = (("R1", "王", "乙", "甲", "丙"), ("R2", "乙", "甲", "王", "丙"), ("R3", "丙", "甲", "王", "乙"))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("ratings")
    store = tmp / "store"
    for mid, e, s, w, n in MATCHES:
        referee_cli(store, "new", mid, "--east", e, "--south", s, "--west", w, "--north", n)
        path = tmp / f"{mid}.gunzi"
        path.write_text(match_text(mid, ["EW", "EW"]), encoding="utf-8")
        referee_cli(store, "record", mid, "--file", str(path))
    referee_cli(store, "new", "OPEN", "--east", "王", "--south", "甲", "--west", "乙", "--north", "丙")  # unfinished
    return store


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_cli_as_a_process(db: Path) -> None:
    js = json.loads(referee_cli(db, "ratings", "--json").stdout)
    assert js["matches"] == 3 and [p["name"] for p in js["players"]][0] == "王"
    assert (js["players"][0]["won"], js["players"][0]["matches"]) == (3, 3)
    assert sorted((p["name"], p["won"], p["matches"]) for p in js["players"][1:]) == [
        ("丙", 1, 3), ("乙", 1, 3), ("甲", 1, 3)]
    h = json.loads(referee_cli(db, "ratings", "--player", "王", "--json").stdout)
    assert [s["match"] for s in h["history"]] == ["R1", "R2", "R3"]  # recorded, so ended, in this order
    assert all(s["after"]["mu"] > s["before"]["mu"] for s in h["history"])  # a win raises mu each time
    zh = referee_cli(db, "ratings", lang="zh").stdout.splitlines()
    assert zh[0] == "俱乐部等级分：3场已结束的比赛计入（openskill，Plackett-Luce；等级分 = mu - 3 sigma）"
    bad = referee_cli(db, "ratings", "--player", "无名", check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip().startswith("error: --player 无名: no rated match of that player (rated: 王, ")


def test_the_page_and_the_api_on_a_real_server(db: Path) -> None:
    cli_json = referee_cli(db, "ratings", "--json").stdout
    with WebServer(db) as server:
        before = files(db)  # as the server started (it writes its venue's QR code then)
        with urllib.request.urlopen(server.url + "/api/ratings") as r:
            assert r.status == 200 and r.headers["content-type"].startswith("application/json")
            assert r.read().decode("utf-8") == cli_json  # what the CLI prints, byte for byte
        with urllib.request.urlopen(server.url + "/ratings?lang=en") as r:
            page = r.read().decode("utf-8")
        with urllib.request.urlopen(server.url + "/?lang=en") as r:
            home = r.read().decode("utf-8")
        try:
            urllib.request.urlopen(server.url + "/api/ratings?event=" + urllib.parse.quote("NOPE"))
            raise AssertionError("no 404")
        except urllib.error.HTTPError as e:
            assert e.code == 404
            assert json.loads(e.read())["error"]["message"].startswith("no event 'NOPE' in the store")
        assert files(db) == before  # the GETs wrote nothing
    assert '<a id="ratings-link" href="/ratings">Club ratings</a>' in home
    assert '<h1 id="ratings-title">Club ratings</h1>' in page
    assert '<tr data-name="王"><td class="num">1</td><td class="wrap">王</td>' in page
    assert page.count("<tr data-name=") == 4 + 6  # four players, six partnerships (each pair of partners once)
