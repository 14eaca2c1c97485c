"""The entry page of a match of a game other than Gunzi (issue 30), through Starlette's TestClient: the game's keys
(``Game.pad``) on the page, the composer opened by a form it can write whole (``out SEAT``), and the corrections
(undo, void, amend) and a dispute's ruling stored for it as ``referee undo/void/amend`` and ``referee dispute …
rule`` store them, each refusal said.

The deal (docs/doudizhu-rules.md, doudizhu-classic): 李四 (seat 2) bids 3 (§3.1) and goes out first (§4); the bomb
recorded is voided, so the multiplier stays ×1 (§5.1): the landlord gets 2 × 3 = 6, each farmer pays 3 (§6)."""

from __future__ import annotations

import json
import re
import warnings
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from eventplay import Cli  # noqa: E402
from test_web import csrf_of, seq_of, sign_in  # noqa: E402

from referee.store.folder import FolderStore  # noqa: E402
from referee.store.tokens import Tokens  # noqa: E402
from referee.web.app import make_app  # noqa: E402

URL = "/referee/matches/D1"


def rejection(html: str) -> str:
    found = re.search(r'id="rejection"[^>]*>([^<]*)<', html)
    assert found, html[:800]
    return unescape(found.group(1))


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    db = tmp_path / "store"
    Cli(db).ok("new", "D1", "--game", "doudizhu", "--rules", "doudizhu-classic", "--player", "张三", "--player",
               "李四", "--player", "王五", "--date", "2026-12-01")
    secret = Tokens(db).add("王裁判", "referee").secret
    client = TestClient(make_app(str(db)))
    client.db = db  # type: ignore[attr-defined]
    sign_in(client, secret)
    return client


def post(client: TestClient, path: str, page: str, lang: str = "en", **data: str) -> str:
    r = client.post(f"{path}?lang={lang}", data={"csrf": csrf_of(page), "after": seq_of(page), **data},
                    headers={"HX-Request": "true"})
    assert r.status_code == 200, r.text[:800]
    return r.text


def entries(client: TestClient) -> list[dict]:
    return FolderStore(client.db).entries("D1")  # type: ignore[attr-defined]


def test_the_keys_and_the_composer_of_a_dou_dizhu_match(client: TestClient) -> None:
    page = client.get(f"{URL}?lang=zh").text
    # the game's keys, open (nothing expected yet opens the composer): its directives with their Chinese keyword,
    # its three seats, its bids and its cards (docs/doudizhu-record-format.md)
    keys = re.search(r'<details id="keys" class="card keys" open>(.*?)</details>', page, re.S)
    assert keys, page[:2000]
    typed = dict(re.findall(r'data-text="([^"]*)"[^>]*>([^<]*)</button>', keys.group(1)))
    assert typed["out"] == "out 出完" and typed["bid"] == "bid 叫牌" and typed["rocket"] == "rocket 火箭"
    assert typed["pass"] == "不叫" and typed["BJ"] == "大王" and typed["3"] == "3" and typed["J"] == "J"
    assert 'id="pad"' not in page
    for directive in ("deal", "bid 1 1", "bid 2 3", "kitty 5 9 BJ"):
        page = post(client, URL, page, directive=directive)
    # `out SEAT` and `rocket SEAT` are written whole by the composer: a seat of the game's three
    out = re.search(r'data-keyword="out" data-parts="([^"]+)"', page)
    assert out and json.loads(unescape(out.group(1))) == [{"kind": "seat"}]
    assert re.findall(r'id="pad-seat-(\d)"', page) == ["1", "2", "3"]
    assert 'data-copies="4"' in page  # §2: four of a rank


def test_undo_void_amend_and_a_ruling_on_a_dou_dizhu_match(client: TestClient) -> None:
    page = client.get(f"{URL}?lang=en").text
    for form in ("undo-form", "void-form", "amend-form"):
        assert f'id="{form}"' in page
    for directive in ("deal", "bid 1 1", "bid 2 3", "kitty 5 9 BJ", "bomb 2 7777", "out 2"):
        page = post(client, URL, page, directive=directive)
    assert [e["seq"] for e in entries(client)][-1] == 10  # the header and three seats are 1-4
    page = post(client, f"{URL}/undo", page)
    assert (entries(client)[-1]["kind"], entries(client)[-1]["target"]) == ("undo", 10)
    assert "stored #11 in D1 (by 王裁判): undo" in page
    # a void names the entry by its number; the bomb (#9) voided, with its reason
    bad = post(client, f"{URL}/void", page, seq="nine", reason="no bomb")
    assert rejection(bad) == "void: the entry # to void is a number (see the entries below)"
    page = post(client, f"{URL}/void", page, seq="9", reason="no bomb was played")
    last = entries(client)[-1]
    assert (last["kind"], last["target"], last["reason"]) == ("void", 9, "no bomb was played")
    # an amend needs its reason; then the kitty's big joker was the small one
    bad = post(client, f"{URL}/amend", page, seq="8", directive="kitty 5 9 SJ")
    assert rejection(bad) == "amend: give the reason (it is kept in the log)"
    page = post(client, f"{URL}/amend", page, seq="8", directive="kitty 5 9 SJ", reason="misread")
    last = entries(client)[-1]
    assert (last["kind"], last["target"], last["directive"]) == ("amend", 8, "kitty 5 9 SJ")
    page = post(client, URL, page, directive="out 2")
    # bid 3, no bomb now: ×1; the landlord 李四 +6, each farmer -3 (§6)
    assert "张三 -3 (-3), 李四 +6 (+6), 王五 -3 (-3)" in page
    # seat 1 disputes deal 1; the referee rules: the record stands, with the reason
    page = post(client, f"{URL}/remark", page, act="dispute", hand="1", by="1", claim="李四 had the rocket")
    assert 'id="rule-form"' in page
    bad = post(client, f"{URL}/remark", page, act="rule", dispute="1", choice="keep", reason="")
    assert rejection(bad) == "--reason TEXT is needed: nothing stored"
    bad = post(client, f"{URL}/remark", page, act="rule", dispute="first", choice="keep", reason="seen")
    assert rejection(bad) == "dispute: choose the dispute to rule on (a number)"
    page = post(client, f"{URL}/remark", page, act="rule", dispute="1", choice="keep", reason="the table saw it")
    assert "stored: the ruling on dispute 1 (deal 1)" in page
    assert entries(client)[-1]["kind"] == "ruling" and 'id="rule-form"' not in page  # nothing open to rule on


def test_the_api_of_a_dou_dizhu_match(tmp_path: Path) -> None:
    """``POST /api/matches/D1/entries`` stores a directive of the match's game, and ``GET /api/matches/D1`` is what
    ``referee replay D1 --json`` prints (the game's JSON), not another game's."""
    db = tmp_path / "store"
    cli = Cli(db)
    cli.ok("new", "D1", "--game", "doudizhu", "--rules", "doudizhu-classic", "--player", "张三", "--player", "李四",
           "--player", "王五", "--date", "2026-12-01")
    secret = Tokens(db).add("王裁判", "referee").secret
    client = TestClient(make_app(str(db)))
    bearer = {"Authorization": f"Bearer {secret}"}
    r = client.post("/api/matches/D1/entries", json={"directive": "deal", "after": 4}, headers=bearer)
    assert r.status_code == 201, r.text
    assert r.json()["seq"] == 5 and r.json()["stored"] == "deal"
    assert r.json()["next"] == ["bid SEAT 1|2|3|pass", "redeal"]  # §3.1: anyone opens with 1-3 or passes
    r = client.post("/api/matches/D1/entries", json={"directive": "bid 1 4", "after": 5}, headers=bearer)
    assert r.status_code == 422 and FolderStore(db).entries("D1")[-1]["directive"] == "deal"
    for directive in ("bid 2 3", "kitty 5 9 BJ", "out 2"):
        cli.ok("record", "D1", directive)
    shown = client.get("/api/matches/D1?lang=en")
    assert shown.status_code == 200
    assert json.loads(shown.content) == json.loads(cli.ok("replay", "D1", "--json").out)
