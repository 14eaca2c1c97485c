"""The venue server's defences (issue 16, items 2, 4 and 6): no signing secret in the store, the
security headers on every response, and no 500 from a hostile request."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from webvenue import EVENT, Venue, make_venue  # noqa: E402

from referee.store.tokens import Tokens  # noqa: E402
from referee.web.app import make_app  # noqa: E402


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, html[:500]
    return found.group(1)


def sign_in(client: TestClient, secret: str) -> None:
    page = client.get("/referee")
    r = client.post("/referee/login", data={"token": secret, "csrf": csrf_of(page.text)}, follow_redirects=False)
    assert r.status_code == 303


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


# --- item 2: the session key is not in the store ----------------------------------------------------

def test_a_cookie_signed_with_a_key_found_in_the_store_is_refused(venue: Venue) -> None:
    """A backup of the store (an older version kept its session key in tokens.json) forges nothing."""
    path = venue.db / "tokens.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    key = "ab" * 32
    data["key"] = key
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    director = Tokens(venue.db).named("裁判长")
    assert director is not None
    payload = b64(json.dumps({"n": director.name, "h": director.hash[:16], "t": int(time.time())},
                             ensure_ascii=False).encode("utf-8"))
    forged = payload + "." + b64(hmac.new(bytes.fromhex(key), payload.encode("ascii"), hashlib.sha256).digest())
    client = TestClient(make_app(str(venue.db), EVENT))
    client.cookies.set("referee_session", forged)
    assert client.get("/director").status_code == 401
    # the next write of the tokens file drops the old key: no secret is kept in the store
    Tokens(venue.db).add("新裁判", "referee", EVENT)
    assert "key" not in json.loads(path.read_text(encoding="utf-8"))


def test_a_session_lasts_as_long_as_the_server_that_made_it(venue: Venue) -> None:
    """The signing key is drawn at each start: a restart (a new application) ends the sessions."""
    first = TestClient(make_app(str(venue.db), EVENT))
    sign_in(first, venue.director)
    assert first.get("/director").status_code == 200
    cookie = first.cookies.get("referee_session")
    assert cookie
    assert "key" not in json.loads((venue.db / "tokens.json").read_text(encoding="utf-8"))
    restarted = TestClient(make_app(str(venue.db), EVENT))
    restarted.cookies.set("referee_session", cookie)
    assert restarted.get("/director").status_code == 401


# --- item 4: the security headers -------------------------------------------------------------------

SECURITY = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def test_every_response_carries_the_security_headers(venue: Venue, monkeypatch: pytest.MonkeyPatch) -> None:
    from webvenue import T1

    client = TestClient(make_app(str(venue.db), EVENT), raise_server_exceptions=False)
    answers = {url: client.get(url) for url in ("/", f"/events/{EVENT}", f"/matches/{T1}/live", "/referee",
                                                f"/api/matches/{T1}", "/matches/NOPE", "/api/matches/NOPE",
                                                "/director", "/static/live.js")}
    sign_in(client, venue.director)
    answers["/director (signed in)"] = client.get("/director")
    issued = client.post("/director/issue", data={"csrf": csrf_of(answers["/director (signed in)"].text),
                                                  "name": "新裁判", "event": EVENT})
    assert 'id="issued-token"' in issued.text
    answers["/director/issue"] = issued

    def broken(*args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("referee.web.data.match_view", broken)
    answers["a bug (500)"] = client.get(f"/matches/{T1}")
    codes = {url: r.status_code for url, r in answers.items()}
    assert codes == {"/": 200, f"/events/{EVENT}": 200, f"/matches/{T1}/live": 200, "/referee": 200,
                     f"/api/matches/{T1}": 200, "/matches/NOPE": 404, "/api/matches/NOPE": 404, "/director": 401,
                     "/static/live.js": 200, "/director (signed in)": 200, "/director/issue": 200, "a bug (500)": 500}
    for url, r in answers.items():
        assert {k: r.headers.get(k) for k in SECURITY} == SECURITY, url
        # a page with a CSRF value or a new token is never stored by the browser; the static files may be
        assert r.headers.get("cache-control") == (None if url.startswith("/static/") else "no-store"), url


def test_the_pages_hold_no_inline_script(venue: Venue) -> None:
    from webvenue import T1

    client = TestClient(make_app(str(venue.db), EVENT))
    sign_in(client, venue.table1)
    for url in ("/", f"/events/{EVENT}", f"/matches/{T1}", "/referee", f"/referee/matches/{T1}"):
        html = client.get(url).text
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert scripts == ['<script src="/static/htmx.min.js" defer>', '<script src="/static/live.js" defer>'], url
        assert not re.search(r"\son[a-z]+\s*=", html), url  # no event-handler attribute
        assert not re.search(r"\sstyle\s*=", html), url  # no inline style (style-src 'self')
