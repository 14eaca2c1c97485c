"""The confirmations and disputes of hands on the venue's pages (issue 19 item 11, issue 24 on the web): the entry
page's form stores the same chained entries as ``referee confirm`` / ``referee dispute``, the match page shows each
hand's mark, the director's page lists the round's open disputes and unconfirmed hands."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from eventplay import match_text
from test_web import csrf_of, sign_in
from webvenue import EVENT, T1, Venue, make_venue

from referee.store.store import Store
from referee.web.app import make_app


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    v = make_venue(tmp_path)
    # table 1: one short game won by EW (tests/eventplay.py): hand 1 settled, the match still on (two games win)
    path = tmp_path / "t1.gunzi"
    path.write_text(match_text(T1, ["EW"]), encoding="utf-8")
    v.cli.ok("record", T1, "--file", path)
    return v


def remark(client: TestClient, lang: str = "en", **data: str) -> str:
    page = client.get(f"/referee/matches/{T1}?lang={lang}")
    r = client.post(f"/referee/matches/{T1}/remark?lang={lang}", data={"csrf": csrf_of(page.text), **data})
    return html.unescape(r.text)


def rejection(text: str) -> str:
    found = re.search(r'<p id="rejection"[^>]*>(.*?)</p>', text, re.S)
    return found.group(1) if found else ""


def marks(client: TestClient) -> dict[int, str]:
    page = client.get(f"/matches/{T1}?lang=en").text
    return {int(n): m for n, m in re.findall(r'<li id="hand-(\d+)".*?data-mark="([a-z]+)"', page, re.S)}


def test_a_hand_confirmed_from_the_entry_page_is_a_chained_entry_and_shows_as_confirmed(venue: Venue) -> None:
    client = TestClient(make_app(str(venue.db), EVENT))
    sign_in(client, venue.table1)
    assert marks(client) == {1: "unconfirmed"}
    entries = len(Store(venue.db).entries(T1))
    page = remark(client, act="confirm", hand="1", by="NS", captain="乙2")
    assert rejection(page) == ""
    # the next entry after the match's entries, kind confirm, by the signed-in referee, naming the captain
    assert f"stored #{entries + 1}: hand 1 confirmed by NS" in page
    stored = Store(venue.db).entries(T1)[-1]
    assert (stored["kind"], stored["referee"]) == ("confirm", "王裁判")
    assert '"captain":"乙2"' in stored["directive"] and '"by":"NS"' in stored["directive"]
    assert marks(client) == {1: "confirmed"}
    assert venue.cli.ok("verify", T1).code == 0


def test_a_dispute_raised_on_the_page_reaches_the_director_and_the_command_line(venue: Venue) -> None:
    client = TestClient(make_app(str(venue.db), EVENT))
    sign_in(client, venue.table1)
    page = remark(client, act="dispute", hand="1", by="NS", claim="底牌有25分")
    assert "stored: dispute 1 of hand 1 by NS: “底牌有25分”" in page
    assert marks(client) == {1: "disputed"}
    assert "dispute 1 of SC-R1-T1: hand 1, NS claims “底牌有25分” — open" in html.unescape(
        client.get(f"/matches/{T1}?lang=en").text)
    director = TestClient(make_app(str(venue.db), EVENT))
    sign_in(director, venue.director)
    board = html.unescape(director.get("/director?lang=en").text)
    assert "SC-R1-T1 dispute 1 (hand 1, NS, open)" in board
    assert "SC-R1-T1 hands 1" in board  # a disputed hand counts as not confirmed
    shown = venue.cli.ok("dispute", T1, "show", "1").out  # the same dispute, read by the command line
    assert "底牌有25分" in shown


@pytest.mark.parametrize(("data", "en", "zh"), [
    ({"act": "confirm", "hand": "2", "by": "NS"},  # table 1 has one hand
     "match SC-R1-T1 has no hand 2 (hands 1 to 1); nothing stored",
     "比赛 SC-R1-T1 没有第 2 副（共第 1 至 1 副）；未存储任何内容"),
    ({"act": "dispute", "hand": "1", "by": "NS", "claim": " "},  # the form's field, not the command's option
     "claim TEXT is needed: nothing stored", "需要 claim 文字：未存储任何内容"),
    ({"act": "confirm", "hand": "x", "by": "NS"},
     "hand: choose the hand to confirm or dispute (a number)", "牌副：请选择要确认或争议的牌副（一个数字）"),
    ({"act": "confirm", "hand": "1", "by": "NE"},
     "by NE: a side is one of EW, NS", "by NE：一方须为 EW、NS 之一"),
])
def test_a_refused_remark_says_why_in_both_languages_and_stores_nothing(venue: Venue, data: dict[str, str],
                                                                        en: str, zh: str) -> None:
    client = TestClient(make_app(str(venue.db), EVENT))
    sign_in(client, venue.table1)
    before = Store(venue.db).entries(T1)
    said_en = rejection(remark(client, "en", **data))
    said_zh = rejection(remark(client, "zh", **data))
    assert (said_en, said_zh) == (en, zh)
    assert Store(venue.db).entries(T1) == before
