"""A toy game written in the test suite (tests/toygame/) and registered by it goes through the whole contract
of a game — record, correct, what-if, dispute, confirm, scorecard, web page and entry, event, league, ratings —
with no product file naming it: what the tool does for a game it does through ``referee.games.api`` alone.

The toy's rules (tests/toygame/__init__.py): a deal's winner takes ``points.win`` = 3 from the other (§2); a
match is 4 deals (§3)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from eventplay import Cli
from toygame import KEY, MODULE

from referee.core.i18n import M
from referee.games import registry


@pytest.fixture
def toy() -> Iterator[None]:
    registry.register(KEY, MODULE, M("Toy game", zh="玩具游戏"))
    try:
        yield
    finally:
        registry.unregister(KEY)


RECORD = "match id=T1 game=toy\nseat A 甲\nseat B 乙\ndeal\nwin A\ndeal\nwin B\ndeal\nwin A\ndeal\nnowin\n"


def test_the_registry_offers_the_toy_only_while_registered(toy: None) -> None:
    assert KEY in registry.GAMES and registry.game(KEY).key == KEY
    assert registry.game_of_text(RECORD) == (KEY, 1)
    assert "Toy game (玩具游戏)" in registry.named("en")


def test_read_replay_and_json_through_the_interface(toy: None) -> None:
    g = registry.game(KEY)
    reading = g.read(RECORD)
    assert reading.errors == []
    result = g.replay(reading.events, g.load_rules(g.default_rules))
    # A wins deals 1 and 3 (+3 each), B deal 2 (+3), deal 4 nobody: A 3 - 3 + 3 = +3, B -3 + 3 - 3 = -3
    assert g.summarize(result).outcome("A").score == 3 and g.summarize(result).outcome("B").score == -3
    out = io.StringIO()
    g.write_json(result, out, "en", [])
    data = json.loads(out.getvalue())
    assert list(data) == ["match", "deals", "result", "errors"]
    assert data["match"] == {"id": "T1", "game": "toy", "rules": "toy", "seats": {"A": "甲", "B": "乙"}}
    assert data["result"] == {"totals": {"A": 3, "B": -3}, "finished": True}


def test_the_cli_records_corrects_and_replays_a_toy_match(toy: None, tmp_path: Path) -> None:
    cli = Cli(tmp_path / "db")
    made = cli.ok("new", "T1", "--game", "toy", "--player", "甲", "--player", "乙")
    assert "T1" in made.out
    for line in ("deal", "win A", "deal", "win A"):
        cli.ok("record", "T1", *line.split())
    # the second win was B's: amend it (the last entry), then undo and record again
    data = cli.json("replay", "T1")
    assert data["result"]["totals"] == {"A": 6, "B": -6}  # two wins of A: 3 + 3
    cli.ok("undo", "T1")
    cli.ok("record", "T1", "win", "B")
    data = cli.json("replay", "T1")
    assert data["result"]["totals"] == {"A": 0, "B": 0}  # A +3, B +3
    assert data["match"]["seats"] == {"A": "甲", "B": "乙"}
    # the text views: the settlement of deal 2 step by step, the status, the record exported and checked again
    assert cli.ok("explain", "T1", "--hand", 2).out.strip().endswith("B wins and takes 3 from A (§2, points.win)")
    assert "next: deal" in cli.ok("status", "T1").out
    exported = tmp_path / "t1.txt"
    exported.write_text(cli.ok("export", "T1").out, encoding="utf-8")
    assert cli.ok("check", exported).out.strip() == f"{exported}: ok: 2 deals settled, A 0, B 0"


def _seq(cli: Cli, match_id: str, directive: str) -> int:
    log = cli.ok("log", match_id).out
    return int([line.split()[0] for line in log.splitlines() if line.endswith(f"event  {directive}")][-1])


def test_correct_whatif_dispute_confirm_and_scorecard_of_a_toy_match(toy: None, tmp_path: Path) -> None:
    cli = Cli(tmp_path / "db")
    cli.ok("new", "T2", "--game", "toy", "--player", "甲", "--player", "乙")
    for line in ("deal", "win A", "deal", "win A", "deal", "win B"):
        cli.ok("record", "T2", *line.split())
    # totals A 3 + 3 - 3 = +3, B -3
    assert cli.json("replay", "T2")["result"]["totals"] == {"A": 3, "B": -3}
    last = _seq(cli, "T2", "win B")
    cli.ok("amend", "T2", last, "win", "A", "--reason", "typed again")  # deal 3 is A's: A +9, B -9
    assert cli.json("replay", "T2")["result"]["totals"] == {"A": 9, "B": -9}
    cli.ok("record", "T2", "deal")
    cli.ok("void", "T2", _seq(cli, "T2", "deal"), "--reason", "opened by mistake")  # deal 4 taken back
    assert len(cli.json("replay", "T2")["deals"]) == 3
    # voiding deal 2's win leaves deal 2 without a result before deal 3 opens (§2): refused, nothing stored
    refused = cli("void", "T2", last - 2, "--reason", "x")
    assert refused.code == 1 and "void rejected, nothing stored" in refused.err
    assert "deal: the deal before has no result (§2)" in refused.err
    cli.ok("amend", "T2", last, "nowin", "--reason", "nobody won")  # deal 3 pays nothing: A +6, B -6
    assert cli.json("replay", "T2")["result"]["totals"] == {"A": 6, "B": -6}
    # what-if deal 1 had been B's: A -3 + 3 + 0 = 0, B 0; the store unchanged
    first = int([line.split()[0] for line in cli.ok("log", "T2").out.splitlines() if line.endswith("event  win A")][0])
    shown = cli.ok("whatif", "T2", first, "win", "B").out
    totals = {cells[0]: cells[1:] for line in shown.splitlines() if "(points)" in line
              for cells in [re.split(r"\s{2,}", line.strip(" *"))]}
    assert totals == {"A 甲 (points)": ["6", "0"], "B 乙 (points)": ["-6", "0"]}, shown
    raised = cli.ok("dispute", "T2", "--hand", 1, "--by", "B", "--claim", "the deal was mine").out
    # the kit's deal word ("deal {n}") and a seat with its player, as "{seat:seat} ({name})" names one: B (乙)
    assert "dispute 1 of T2: deal 1, B (乙) claims “the deal was mine” — open" in raised
    assert "record lines of deal 1:" in cli.ok("dispute", "T2", "show", 1, "--alt", f"{first} win B").out
    ruled = cli.ok("dispute", "T2", "rule", 1, "--alt", 1, "--reason", "seen", "--referee", "李裁判").out
    assert "ruling #" in ruled and "re-settled:" in ruled
    sheet = tmp_path / "ruling.pdf"
    cli.ok("dispute", "T2", "sheet", 1, "-o", sheet)
    assert sheet.read_bytes().startswith(b"%PDF")
    assert "deal 1 confirmed by A (甲)" in cli.ok("confirm", "T2", "--hand", 1, "--by", "A").out
    pdf = tmp_path / "card.pdf"
    cli.ok("scorecard", "T2", "-o", pdf)
    pypdf = pytest.importorskip("pypdf")
    text = "".join(p.extract_text() for p in pypdf.PdfReader(str(pdf)).pages)
    assert "Toy game scorecard" in text and "甲" in text and "T2" in text
    assert "every hash chain intact" in cli.ok("verify").out


def test_the_web_page_entry_and_api_of_a_toy_match(toy: None, tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from test_web import csrf_of, seq_of, sign_in

    from referee.store.tokens import Tokens
    from referee.web.app import make_app

    db = tmp_path / "store"
    cli = Cli(db)
    cli.ok("new", "W1", "--game", "toy", "--player", "甲", "--player", "乙")
    secret = Tokens(db).add("王裁判", "referee").secret
    client = TestClient(make_app(str(db)))
    sign_in(client, secret)
    page = client.get("/referee/matches/W1?lang=en").text
    assert "Toy game" in page
    keys = re.search(r'<details id="keys" class="card keys"[^>]*>(.*?)</details>', page, re.S)
    assert keys, page[:2000]
    typed = dict(re.findall(r'data-text="([^"]*)"[^>]*>([^<]*)</button>', keys.group(1)))
    assert typed["win"] == "win" and typed["A"] == "A" and typed["B"] == "B"  # tests/toygame/pad.py
    for directive in ("deal", "win B"):
        r = client.post("/referee/matches/W1?lang=en", data={"csrf": csrf_of(page), "after": seq_of(page),
                                                              "directive": directive}, headers={"HX-Request": "true"})
        assert r.status_code == 200, r.text[:800]
        page = r.text
    assert cli.json("replay", "W1")["result"]["totals"] == {"A": -3, "B": 3}  # B took 3 (§2)
    bearer = {"Authorization": f"Bearer {secret}"}
    r = client.post("/api/matches/W1/entries", json={"directive": "deal", "after": 5}, headers=bearer)
    assert r.status_code == 201, r.text
    assert r.json()["next"] == ["win A|B", "nowin"]  # tests/toygame/expect.py
    shown = client.get("/api/matches/W1?lang=en")
    assert shown.status_code == 200 and json.loads(shown.content) == cli.json("replay", "W1")
    public = client.get("/matches/W1?lang=en")
    assert public.status_code == 200 and "甲" in public.text


def test_an_event_a_league_and_ratings_of_toy_matches(toy: None, tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "TE", "--game", "toy", "--name", "toy night", "--rounds", "2", "--seed", "1",
           "--date", "2026-12-01")
    players = tmp_path / "players.csv"
    players.write_text("player,name,club\nP1,甲,\nP2,乙,\nP3,丙,\nP4,丁,\n", encoding="utf-8")
    cli.ok("event", "import", "TE", players)
    won: dict[str, int] = {}
    for rnd in (1, 2):
        seated = cli.json("event", "pair", "TE")
        assert seated["round"] == rnd and len(seated["tables"]) == 2  # four players, two at a table
        for t in seated["tables"]:
            first = t["players"][0]
            record = tmp_path / f"r{rnd}t{t['table']}.txt"
            # 4 deals, the first seat wins three, the second one: +9 - 3 = +6 and -6 (§2, §3)
            record.write_text("deal\nwin A\ndeal\nwin A\ndeal\nwin A\ndeal\nwin B\n", encoding="utf-8")
            cli.ok("record", t["match"], "--file", record)
            won[first] = won.get(first, 0) + 1
        cli.ok("event", "close", "TE")
    standings = cli.json("event", "standings", "TE")
    rows = standings.get("standings") or standings.get("rows")
    assert rows, standings
    scores = {r["player"]: r["score"] for r in rows}
    # each player's score: +6 for each match seated first, -6 for each seated second
    assert scores == {p: 6 * won.get(p, 0) - 6 * (2 - won.get(p, 0)) for p in ("P1", "P2", "P3", "P4")}
    cli.ok("league", "new", "TL", "--title", "toy season")
    cli.ok("league", "add-event", "TL", "TE", "--club", "toy club")
    league = cli.json("league", "standings", "TL")
    assert league["events"] == [{"event": "TE", "club": "toy club"}]
    names = {"P1": "甲", "P2": "乙", "P3": "丙", "P4": "丁"}
    # the league sums the event's scores by name (one event: the same numbers)
    assert {r["player"]: r["score"] for r in league["players"]} == {names[p]: v for p, v in scores.items()}
    ratings = cli.json("ratings")
    assert ratings["matches"] == 4 and {p["name"] for p in ratings["players"]} == {"甲", "乙", "丙", "丁"}


def test_guided_entry_of_a_toy_match(toy: None, tmp_path: Path) -> None:
    from referee.cli import app

    cli = Cli(tmp_path / "db")
    cli.ok("new", "T3", "--game", "toy", "--player", "甲", "--player", "乙")
    done = cli.runner.invoke(app, ["record", "T3"], input="deal\nwin A\nquit\n", env=cli.env)
    assert done.exit_code == 0, done.stdout
    lines = done.stdout.splitlines()
    assert "expected next: deal" in lines and "expected next: win A|B / nowin" in lines  # tests/toygame/expect.py
    assert "settled: deal 1, winner A, A 甲 +3 (+3), B 乙 -3 (-3)" in lines  # A takes 3 from B (§2)
    assert cli.json("replay", "T3")["result"]["totals"] == {"A": 3, "B": -3}
