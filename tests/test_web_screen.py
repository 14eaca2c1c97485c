"""The projector view (issue 19 item 12), through Starlette's TestClient: the standings in pages, each table's
state and game clock, its live fragment, and its words from the catalogue in each language (zh_TW in
traditional characters).
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from webvenue import EVENT, T1, T2, Venue, make_venue  # noqa: E402

from referee.web import screen  # noqa: E402
from referee.web.app import make_app  # noqa: E402


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


def test_the_projector_pages_the_standings_and_shows_each_tables_state(venue: Venue) -> None:
    for directive in ("hand", "declare E BJ"):
        venue.cli.ok("record", T1, *directive.split())
    client = TestClient(make_app(str(venue.db), EVENT))
    # four pairs, three a page: two pages, the fourth pair on the second
    page = client.get(f"/events/{EVENT}/screen?lang=en&rows=3")
    assert page.status_code == 200
    assert 'data-pages="2"' in page.text
    assert f'data-live="/events/{EVENT}/screen/live?rows=3&amp;seconds={screen.SECONDS}"' in page.text
    pages = re.findall(r'<tr data-page="(\d)" data-pair="([^"]+)"( hidden)?', page.text)
    assert [(p, bool(h)) for p, _, h in pages] == [("0", False), ("0", False), ("0", False), ("1", True)]
    rows = dict(re.findall(r'<tr data-match="([^"]+)" data-state="[a-z_]+">.*?<td class="state">([^<]*)</td>',
                           page.text, re.S))
    assert rows == {T1: "hand 1", T2: "not started"}
    clock = re.search(rf'data-match="{T1}".*?<td class="clock">([^<]*)</td>', page.text, re.S)
    # dalian-club: a game lasts 50 minutes at most (§7.3.5); game 1 began with the entry just made
    assert clock and re.fullmatch(r"Game 1 · [01] min / 50", clock.group(1)), clock
    live = client.get(f"/events/{EVENT}/screen/live?lang=zh")
    assert live.status_code == 200 and "<html" not in live.text and "第 1 副" in live.text
    assert client.get("/events/NOPE/screen").status_code == 404
    # the default: twelve a page, one page for four pairs
    assert 'data-pages="1"' in client.get(f"/events/{EVENT}/screen").text


def test_a_projector_address_out_of_range_is_refused_naming_it(venue: Venue) -> None:
    client = TestClient(make_app(str(venue.db), EVENT))
    for query, value in (("rows=1", "1"), ("rows=abc", "abc"), ("seconds=999", "999")):
        r = client.get(f"/events/{EVENT}/screen?lang=en&{query}")
        assert r.status_code == 422, query
        name = query.split("=")[0]
        low, high = screen.LIMITS[name]
        found = re.search(r'<p id="error-message"[^>]*>(.*?)</p>', r.text, re.S)
        assert found and found.group(1) == f"?{name}={value}: a whole number from {low} to {high}", r.text[-600:]


def test_the_projector_in_traditional_chinese(venue: Venue) -> None:
    for directive in ("hand", "declare E BJ"):
        venue.cli.ok("record", T1, *directive.split())
    page = TestClient(make_app(str(venue.db), EVENT)).get(f"/events/{EVENT}/screen?lang=zh_TW").text
    assert '<html lang="zh-TW">' in page
    # the catalogue's traditional words: 未開始 (not 未开始), 第 1 輪 (not 轮), the game clock's 第1局
    assert f'<tr data-match="{T2}" data-state="not_started">' in page and "未開始" in page and "未开始" not in page
    assert "第 1 輪" in page and "第 1 轮" not in page
    assert re.search(r'<td class="clock">第1局 · ', page)


def test_the_projector_shows_an_event_of_individual_players(tmp_path: Path) -> None:
    """A Dou Dizhu evening of six players at two tables of 3: the projector shows each table's state in the words
    of the event's status (a finished table its players' scores, the other not started) and the match's clock by
    the game's own unit (its time rule times the match, docs/doudizhu-rules.md §8), in English and Chinese."""
    from eventplay import Cli

    db = tmp_path / "store"
    cli = Cli(db)
    cli.ok("event", "new", "DDZ", "--name", "Dou Dizhu night", "--game", "doudizhu", "--rounds", 2, "--seed", 3)
    for i, name in enumerate(("张三", "李四", "王五", "赵六", "钱七", "孙八"), 1):
        cli.ok("event", "add", "DDZ", f"P{i}", name)
    cli.ok("event", "pair", "DDZ")
    # round 1, table 1: seat 1 bids 3 and wins alone with one bomb: 3 × 2 = 6 from each farmer (§6)
    for line in ("deal", "bid 1 3", "kitty 5H 9C BJ", "bomb 1 7777", "out 1"):
        cli.ok("record", "DDZ-R1-T1", *line.split())
    client = TestClient(make_app(str(db), "DDZ"))
    page = client.get("/events/DDZ/screen?lang=en")
    assert page.status_code == 200, page.text[-400:]
    rows = dict(re.findall(r'<tr data-match="([^"]+)" data-state="[a-z_]+">.*?<td class="state">([^<]*)</td>',
                           page.text, re.S))
    seated = dict(re.findall(r'<tr data-match="([^"]+)".*?<td class="players">([^<]*)</td>', page.text, re.S))
    first = seated["DDZ-R1-T1"].split(" · ")  # "P1 张三 · P3 王五 · P4 赵六": three players, each with their name
    assert len(first) == 3 and all(re.fullmatch(r"P\d \S+", p) for p in first), seated
    assert rows["DDZ-R1-T2"] == "not started"
    landlord = first[0].split()[0]  # seat 1 of table 1 won alone: +12, each farmer −6
    assert rows["DDZ-R1-T1"] == f"finished: {landlord} +12, " + ", ".join(f"{p.split()[0]} -6" for p in first[1:])
    clock = re.search(r'data-match="DDZ-R1-T1".*?<td class="clock">([^<]*)</td>', page.text, re.S)
    assert clock and re.fullmatch(r"The match · [01] min", clock.group(1)), clock
    zh = client.get("/events/DDZ/screen?lang=zh").text
    assert "未开始" in zh and "整场比赛 · " in zh
