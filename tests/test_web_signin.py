"""The one-time sign-in link of a token's QR code (issue 19 item 9): the link opens a page whose form signs
the phone in; the second use is refused with a line saying so; a revoked token's link signs no one in; the
director's page makes a link with its QR code; ``referee token link`` prints one.
"""

from __future__ import annotations

import html
import json
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from test_web import csrf_of, sign_in  # noqa: E402
from webvenue import EVENT, T1, Venue, make_venue  # noqa: E402

from referee.store.signin import SigninLinks  # noqa: E402
from referee.store.tokens import Tokens  # noqa: E402
from referee.web.app import make_app  # noqa: E402


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


def rejection(page: str) -> str:
    found = re.search(r'<p id="rejection"[^>]*>(.*?)</p>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


def scan(client: TestClient, path: str) -> object:
    """What a phone does with the QR code: open the link, its page sends its form (autosubmit.js)."""
    page = client.get(path)
    assert page.status_code == 200
    assert 'id="link-form"' in page.text and 'src="/static/autosubmit.js"' in page.text
    code = re.search(r'name="code" value="([^"]*)"', page.text)
    assert code is not None
    return client.post("/referee/link", data={"csrf": csrf_of(page.text), "code": code.group(1)},
                       follow_redirects=False)


def test_the_link_signs_in_once_then_is_refused_with_a_line(venue: Venue) -> None:
    code = SigninLinks(venue.db).make("王裁判")
    path = f"/referee/link/{code}"
    phone = TestClient(make_app(str(venue.db), EVENT))
    # opening the link changes nothing: a preview of it does not use it up
    assert phone.get(path).status_code == 200
    r = scan(phone, path)
    assert r.status_code == 303
    # 王裁判 writes to table 1 only: the one table of round 1 is opened at once
    assert r.headers["location"] == f"/referee/matches/{T1}"
    assert "referee_session=" in r.headers["set-cookie"]
    entry = phone.get(f"/referee/matches/{T1}?lang=en")
    assert entry.status_code == 200 and 'id="entry-form"' in entry.text and "王裁判" in entry.text
    # the second phone scanning the same QR code: refused, on the sign-in form, in its language
    other = TestClient(make_app(str(venue.db), EVENT))
    other.get("/?lang=en")
    again = scan(other, path)
    assert again.status_code == 401
    assert "this sign-in link was used already (at " in rejection(again.text)
    assert "it signs in once" in rejection(again.text)
    assert 'id="login-form"' in again.text
    assert "referee_session=" not in again.headers.get("set-cookie", "")
    zh = TestClient(make_app(str(venue.db), EVENT))
    assert "这个登录链接已经用过" in rejection(scan(zh, path).text)


def test_unknown_and_revoked_links_sign_no_one_in(venue: Venue) -> None:
    client = TestClient(make_app(str(venue.db), EVENT))
    client.get("/?lang=en")
    r = scan(client, "/referee/link/sl-notacodeofthisserver")
    assert r.status_code == 401
    assert rejection(r.text).startswith("this sign-in link is not valid (mistyped, or from another server)")
    code = SigninLinks(venue.db).make("李裁判")
    Tokens(venue.db).revoke("李裁判")
    r = scan(client, f"/referee/link/{code}")
    assert r.status_code == 401
    assert rejection(r.text) == "the token of this sign-in link is revoked: ask the director for a new one"


def test_a_director_link_opens_the_directors_page(venue: Venue) -> None:
    code = SigninLinks(venue.db).make("裁判长")
    r = scan(TestClient(make_app(str(venue.db), EVENT)), f"/referee/link/{code}")
    assert r.status_code == 303 and r.headers["location"] == "/director"


def test_the_directors_page_makes_a_link_with_its_qr_code(venue: Venue) -> None:
    director = TestClient(make_app(str(venue.db), EVENT))
    sign_in(director, venue.director)
    page = director.get("/director?lang=en")
    assert 'action="/director/link"' in page.text
    r = director.post("/director/link?lang=en", data={"csrf": csrf_of(page.text), "name": "王裁判"})
    assert r.status_code == 200
    url = re.search(r'<code id="signin-url">([^<]+)</code>', r.text)
    assert url is not None and url.group(1).startswith("http://testserver/referee/link/sl-")
    assert 'id="signin-qr" src="data:image/svg+xml;base64,' in r.text
    assert "Sign-in QR code of 王裁判: scanning it signs a phone in, once" in r.text
    # the link made there signs the referee's phone in
    phone = TestClient(make_app(str(venue.db), EVENT))
    assert scan(phone, url.group(1).removeprefix("http://testserver")).status_code == 303
    # a referee may not make links
    referee = TestClient(make_app(str(venue.db), EVENT))
    sign_in(referee, venue.table1)
    page = referee.get("/referee")
    assert referee.post("/director/link", data={"csrf": csrf_of(page.text), "name": "王裁判"}).status_code == 403


def test_token_link_prints_the_link_and_it_signs_in(venue: Venue) -> None:
    out = venue.cli.ok("token", "link", "王裁判", "--url", "http://192.168.1.20:8000").out
    found = re.search(r"http://192\.168\.1\.20:8000(/referee/link/sl-[A-Za-z0-9_-]+)", out)
    assert found, out
    assert "one-time sign-in link of 王裁判 (valid 2 days, signs in once)" in out
    assert scan(TestClient(make_app(str(venue.db), EVENT)), found.group(1)).status_code == 303
    bad = venue.cli("token", "link", "王裁判", "--url", "192.168.1.20:8000")
    assert bad.code == 2
    assert "--url 192.168.1.20:8000: the server's address begins with http://" in bad.err


def test_token_add_with_url_prints_a_link_for_the_new_token(venue: Venue) -> None:
    out = venue.cli.ok("token", "add", "孙裁判", "--role", "referee", "--event", EVENT, "--tables", "2",
                       "--url", "http://10.0.0.5:8000").out
    found = re.search(r"http://10\.0\.0\.5:8000(/referee/link/sl-[A-Za-z0-9_-]+)", out)
    assert found, out
    r = scan(TestClient(make_app(str(venue.db), EVENT)), found.group(1))
    # 孙裁判 writes to table 2 only: its match opens
    assert r.status_code == 303 and r.headers["location"] == "/referee/matches/SC-R1-T2"


def test_a_token_issued_on_the_directors_page_comes_with_its_sign_in_qr_code(venue: Venue) -> None:
    director = TestClient(make_app(str(venue.db), EVENT))
    sign_in(director, venue.director)
    page = director.get("/director?lang=en")
    r = director.post("/director/issue?lang=en", data={"csrf": csrf_of(page.text), "name": "周裁判",
                                                       "role": "referee", "event": EVENT, "tables": "2"})
    assert r.status_code == 200 and 'id="issued-token"' in r.text
    url = re.search(r'<code id="signin-url">http://testserver(/referee/link/sl-[^<]+)</code>', r.text)
    assert url is not None and 'id="signin-qr"' in r.text
    assert "Sign-in QR code of 周裁判: scanning it signs a phone in, once" in r.text
    # scanned: the new referee's table 2 opens, signed in as 周裁判
    phone = TestClient(make_app(str(venue.db), EVENT))
    landed = scan(phone, url.group(1))
    assert landed.status_code == 303 and landed.headers["location"] == "/referee/matches/SC-R1-T2"
    assert "周裁判" in phone.get("/referee/matches/SC-R1-T2").text


def test_a_damaged_links_file_refuses_with_a_line_and_never_fails(venue: Venue) -> None:
    from referee.store.signin import FILE, LinkRefused, digest

    links = SigninLinks(venue.db)
    path = venue.db / FILE
    # rows that are not links, a time that is not one: the link with no readable time is refused as expired
    path.write_text(json.dumps({"format": 1, "links": ["x", 3, {"hash": digest("sl-abcdefghijk"), "name": "王裁判",
                                                                 "made": "yesterday", "used": None}]}),
                    encoding="utf-8")
    with pytest.raises(LinkRefused) as refused:
        links.redeem("sl-abcdefghijk")
    assert refused.value.msg.text("en").startswith("this sign-in link has expired")
    code = links.make("王裁判")  # the unreadable rows are dropped when a new link is made
    assert links.redeem(code).name == "王裁判"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(LinkRefused) as broken:
        links.redeem(code)
    assert broken.value.msg.text("en").startswith(f"{path} is not valid JSON")
    # on the page: the refusal on the sign-in form, never a 500
    client = TestClient(make_app(str(venue.db), EVENT))
    client.get("/?lang=en")
    r = scan(client, f"/referee/link/{code}")
    assert r.status_code == 401 and rejection(r.text).startswith(f"{path} is not valid JSON")
