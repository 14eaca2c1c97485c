"""The web's pages of a Dou Dizhu match on a real server on loopback: the match page shows the game's table (the
scorecard's rows) and the totals; the referee's form posts a typed directive (``app.recording.enter``), a
refused one said in the page's language and nothing stored, a stale form refused.

The deal played: 李四 bids 3 and goes out after a bomb (docs/doudizhu-rules.md §5-§6, doudizhu-classic): base 3,
one bomb ×2, the landlord wins 2 × 3 × 2 = 12 and each farmer pays 1 × 3 × 2 = 6."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from webvenue import running  # noqa: E402

from eventplay import Cli  # noqa: E402

from referee.store.folder import FolderStore  # noqa: E402
from referee.store.tokens import Tokens  # noqa: E402


def field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, html[:800]
    return found.group(1)


def rejection(html: str) -> str:
    found = re.search(r'id="rejection"[^>]*>([^<]*)<', html)
    assert found, html[:800]
    return found.group(1).replace("&#39;", "'")


def test_a_dou_dizhu_match_is_entered_and_shown_on_the_web(tmp_path: Path) -> None:
    db = tmp_path / "store"
    cli = Cli(db)
    cli.ok("new", "D1", "--game", "doudizhu", "--rules", "doudizhu-classic", "--player", "张三", "--player", "李四",
           "--player", "王五", "--date", "2026-12-01")
    secret = Tokens(db).add("王裁判", "referee").secret
    with running(db) as url, httpx.Client(base_url=url) as web:
        page = web.get("/matches/D1?lang=en").text
        assert "match D1 (Dou Dizhu)" in page and "No deal recorded yet." in page
        login = web.get("/referee").text
        signed = web.post("/referee/login", data={"token": secret, "csrf": field(login, "csrf")})
        assert signed.status_code in (200, 303)
        page = web.get("/referee/matches/D1?lang=en").text
        # the corrections of every game's match (issue 30): undo, amend and void, and the game's keys
        assert all(f'id="{form}"' in page for form in ("entry-form", "undo-form", "amend-form", "void-form", "keys"))
        csrf = field(page, "csrf")
        for directive in ("deal", "bid 1 1", "bid 李四 3", "kitty 5H 9C BJ"):
            r = web.post("/referee/matches/D1", data={"csrf": csrf, "after": field(page, "after"),
                                                     "directive": directive})
            assert r.status_code == 200 and 'id="rejection"' not in r.text, r.text[:800]
            page = r.text
        assert "stored #8 in D1 (by 王裁判): kitty 5H 9C BJ" in page  # the header and three seats are entries 1-4
        # A bomb of three cards is refused (§4), in the page's language, and nothing is stored.
        r = web.post("/referee/matches/D1?lang=zh", data={"csrf": csrf, "after": field(page, "after"),
                                                         "directive": "bomb 1 777"})
        assert r.status_code == 422
        # the entry field's words for a line no game can read, the same at every game (Gunzi's since the first page)
        assert rejection(r.text) == "无法读取 'bomb 1 777'：炸弹是四张同点的牌（§4），而不是 7 7 7"
        r = web.post("/referee/matches/D1?lang=en", data={"csrf": csrf, "after": field(page, "after"),
                                                         "directive": "bomb 1 777"})
        assert rejection(r.text) == "cannot read 'bomb 1 777': a bomb is four cards of one rank (§4), not 7 7 7"
        stale = field(page, "after")
        r = web.post("/referee/matches/D1", data={"csrf": csrf, "after": stale, "directive": "bomb 2 7777"})
        assert r.status_code == 200 and "stored #9 in D1 (by 王裁判): bomb 2 7 7 7 7" in r.text
        # the same form sent again (its after is 8, the match holds 9): refused, stored once
        again = web.post("/referee/matches/D1", data={"csrf": csrf, "after": stale, "directive": "out 2"})
        assert again.status_code == 409 and "moved on" in rejection(again.text)
        r = web.post("/referee/matches/D1", data={"csrf": csrf, "after": field(r.text, "after"), "directive": "out 2"})
        assert r.status_code == 200 and "stored #10 in D1 (by 王裁判): out 2" in r.text
        # the deal settled: 李四 at 3, a bomb (×2), the landlord out first: 2 × 3 × 2 = 12 to him, 6 from each farmer
        assert "张三 -6 (-6), 李四 +12 (+12), 王五 -6 (-6)" in r.text
        page = web.get("/matches/D1?lang=zh").text
        # the list of deals is headed with the game's word: 各局, deals (Gunzi's is 各副, hands)
        assert "<h2>各局</h2>" in page and "各副" not in page
        assert "<h2>Deals</h2>" in web.get("/matches/D1?lang=en").text
    row = re.search(r'<tr id="deal-1">(.*?)</tr>', page)
    assert row is not None
    assert re.findall(r"<td>([^<]*)</td>", row.group(1)) == ["1", "李四", "3", "炸弹×1", "×2", "地主",
                                                             "-6 (-6)", "+12 (+12)", "-6 (-6)"]
    assert re.findall(r'data-total="([^"]+)"', page) == ["-6", "+12", "-6"]
    assert [e["directive"] for e in FolderStore(db).entries("D1")][4:] == ["deal", "bid 1 1", "bid 2 3",
                                                                           "kitty 5H 9C BJ", "bomb 2 7 7 7 7", "out 2"]
    assert {e["referee"] for e in FolderStore(db).entries("D1")[4:]} == {"王裁判"}


def test_the_entry_page_of_a_dou_dizhu_match_offers_what_comes_next(tmp_path: Path) -> None:
    # docs/doudizhu-rules.md: a deal begins with `deal`; §3.1 anyone opens with 1-3 or pass (or the cards are
    # redealt); after 张三's 1 it is 李四's turn (§1: seat 2 after seat 1), and a bid must beat 1
    db = tmp_path / "store"
    cli = Cli(db)
    cli.ok("new", "D1", "--game", "doudizhu", "--player", "张三", "--player", "李四", "--player", "王五",
           "--date", "2026-12-01")
    secret = Tokens(db).add("王裁判", "referee").secret
    with running(db) as url, httpx.Client(base_url=url) as web:
        login = web.get("/referee").text
        web.post("/referee/login", data={"token": secret, "csrf": field(login, "csrf")})
        page = web.get("/referee/matches/D1?lang=en").text
        assert expected(page) == [("deal", "deal")]
        csrf = field(page, "csrf")
        for directive in ("deal", "bid 1 1"):
            page = web.post("/referee/matches/D1?lang=en", data={"csrf": csrf, "after": field(page, "after"),
                                                                 "directive": directive}).text
        # each button begins its directive in the field: the words up to the first one the referee fills in
        assert expected(page) == [("bid 李四 ", "bid 李四 2|3|pass"), ("redeal", "redeal")]
        for directive in ("bid 李四 3", "kitty 5H 9C BJ"):
            page = web.post("/referee/matches/D1?lang=en", data={"csrf": csrf, "after": field(page, "after"),
                                                                 "directive": directive}).text
        # 李四 is landlord: he may show his hand (§5.3) and leads (§4); then bombs, the rocket, who went out
        assert expected(page) == [("show 李四", "show 李四"), ("play 李四 ", "play 李四 CARDS…"),
                                  ("bomb ", "bomb SEAT CARDS"), ("rocket ", "rocket SEAT"), ("out ", "out SEAT")]


def expected(html: str) -> list[tuple[str, str]]:
    """The entry page's expected directives: each button's start and its words."""
    box = re.search(r'<div id="expected" class="expected">(.*?)</div>', html, re.S)
    assert box, html[:800]
    return re.findall(r'data-start="([^"]*)">([^<]*)</button>', box.group(1))


def test_a_player_confirms_or_disputes_a_deal_of_another_game_from_the_entry_page(tmp_path: Path) -> None:
    """The phone's confirm and dispute buttons for a game where each player plays for themself: the sides offered
    are the seats (seat 2 李四, not a partnership), and what they store is the CLI's entry."""
    db = tmp_path / "store"
    cli = Cli(db)
    cli.ok("import", str(Path(__file__).resolve().parent.parent / "examples" / "club-night.doudizhu"))
    secret = Tokens(db).add("王裁判", "referee").secret
    with running(db) as url, httpx.Client(base_url=url) as web:
        login = web.get("/referee").text
        web.post("/referee/login", data={"token": secret, "csrf": field(login, "csrf")})
        page = web.get("/referee/matches/DDZ-N1-T2?lang=en").text
        assert re.findall(r'<option value="([^"]*)">[^<]*</option>', page.split('id="remark-by"')[1].split(
            "</select>")[0]) == ["1", "2", "3"]
        hands = page.split('id="remark-hand"')[1].split("</select>")[0]
        assert re.findall(r'<option value="(\d+)">', hands) == ["5", "4", "3", "2", "1"]  # deal 2 was redealt
        csrf = field(page, "csrf")
        r = web.post("/referee/matches/DDZ-N1-T2/remark?lang=en",
                     data={"csrf": csrf, "act": "confirm", "hand": "1", "by": "2", "captain": "李四"})
        # "stored #{seq}: {deal} confirmed by {team}": the game's deal word, the seat with its player (`seat 2 李四`)
        assert r.status_code == 200 and "stored #42: deal 1 confirmed by seat 2 (李四)" in r.text  # 41 entries before
        r = web.post("/referee/matches/DDZ-N1-T2/remark?lang=zh",
                     data={"csrf": csrf, "act": "dispute", "hand": "1", "by": "1", "claim": "七七七七不是炸弹"})
        assert r.status_code == 200 and "七七七七不是炸弹" in r.text
        # "已存入：{team}对{deal}提出争议 {number}：“{claim}”": 第1局 (the kit's deal title), 座位 1（张三）
        assert "已存入：座位 1（张三）对第1局提出争议 1：“七七七七不是炸弹”" in html.unescape(r.text)
        r = web.post("/referee/matches/DDZ-N1-T2/remark?lang=en",
                     data={"csrf": csrf, "act": "confirm", "hand": "1", "by": "NS"})
        assert r.status_code == 422 and rejection(r.text) == "by NS: a side is one of 1, 2, 3"
    kinds = [e["kind"] for e in FolderStore(db).entries("DDZ-N1-T2")[41:]]
    assert kinds == ["confirm", "dispute"]
