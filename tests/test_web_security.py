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
    key = "ab" * 32
    rows = [t.to_dict() for t in Tokens(venue.db).all()]  # the file as that version wrote it: a list, and the key
    path.write_text(json.dumps({"format": 1, "key": key, "tokens": rows}, ensure_ascii=False), encoding="utf-8")
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

    monkeypatch.setattr("referee.web.pages.match_view", broken)
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
    base = ['<script src="/static/htmx.min.js" defer>', '<script src="/static/live.js" defer>']
    app = ['<script src="/static/app.js" defer>']  # the referee's pages: the service worker (issue 32)
    own = {f"/referee/matches/{T1}": [*app, '<script src="/static/entry.js" defer>'],  # the pad, the entry kept
           "/referee": app,
           "/referee/link/sl-abcdefghij": ['<script src="/static/autosubmit.js" defer>']}  # the sign-in link
    screen = ['<script src="/static/live.js" defer>', '<script src="/static/screen.js" defer>']
    for url in ("/", f"/events/{EVENT}", f"/matches/{T1}", "/referee", f"/referee/matches/{T1}",
                "/referee/link/sl-abcdefghij", f"/events/{EVENT}/screen", "/director"):
        html = client.get(url).text
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert scripts == (screen if url.endswith("/screen") else base + own.get(url, [])), url
        assert not re.search(r"\son[a-z]+\s*=", html), url  # no event-handler attribute
        assert not re.search(r"\sstyle\s*=", html), url  # no inline style (style-src 'self')


# --- item 6: no 500 from a hostile request -----------------------------------------------------------

def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def test_a_deeply_nested_body_is_a_400_with_one_line_and_stores_nothing(venue: Venue) -> None:
    from webvenue import T1

    from referee.store.folder import FolderStore as Store

    n0 = len(Store(venue.db).entries(T1))
    client = TestClient(make_app(str(venue.db), EVENT), raise_server_exceptions=False)
    deep = "[" * 20_000 + "]" * 20_000  # json.loads: RecursionError (40,000 bytes, under the 64 KiB bound)
    r = client.post(f"/api/matches/{T1}/entries", content=deep, headers={**bearer(venue.table1),
                                                                           "content-type": "application/json"})
    assert r.status_code == 400
    example = '{"directive": "points 25"}'
    assert r.json() == {"error": {"message": f"the body is nested too deeply to read: send {example}",
                                  "message_zh": f"请求体嵌套过深，无法读取：请发送 {example}"}}
    big = '{"directive": "hand", "x": "' + "x" * 70_000 + '"}'
    r = client.post(f"/api/matches/{T1}/entries", content=big, headers=bearer(venue.table1))
    assert r.status_code == 413
    assert r.json()["error"]["message"] == f"the body is larger than 65536 bytes: send one directive, {example}"
    assert r.json()["error"]["message_zh"] == f"请求体超过 65536 字节：每次发送一条指令，如 {example}"
    form = client.post("/referee/login", content="token=" + "x" * 70_000,
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert form.status_code == 413
    assert len(Store(venue.db).entries(T1)) == n0


@pytest.mark.parametrize("body", ['{"directive": "hand", "x": "' + "x" * 70_000 + '"}', "not json", "[" * 20_000])
def test_a_post_of_an_entry_is_authorised_before_its_body_is_judged(venue: Venue, body: str) -> None:
    """The entry's authorisation runs on the thread that stores it (one hop): what the body holds, too large, not
    JSON or nested too deep, is judged only for a request whose token writes to the match."""
    from webvenue import T2

    from referee.store.folder import FolderStore as Store

    n0 = len(Store(venue.db).entries(T2))
    client = TestClient(make_app(str(venue.db), EVENT), raise_server_exceptions=False)
    none = client.post(f"/api/matches/{T2}/entries", content=body)
    assert none.status_code == 401
    assert none.json()["error"]["message"] == ("this needs a token: send Authorization: Bearer TOKEN (referee token "
                                               "add NAME)")
    other = client.post(f"/api/matches/{T2}/entries", content=body, headers=bearer(venue.table1))
    assert other.status_code == 403  # 王裁判 writes at table 1 only, and T2 is table 2
    assert other.json()["error"]["message"] == ("王裁判's token writes to tables 1 of event SC only; match SC-R1-T2 "
                                                "is not one of them")
    mine = client.post(f"/api/matches/{T2}/entries", content=body, headers=bearer(venue.anywhere))
    assert mine.status_code == (413 if len(body) > 65_536 else 422 if body == "not json" else 400)
    assert len(Store(venue.db).entries(T2)) == n0


@pytest.mark.parametrize("where", ["Last-Event-ID", "after"])
def test_a_stream_asked_to_start_after_thousands_of_digits_is_a_400(venue: Venue, where: str) -> None:
    from webvenue import T1

    client = TestClient(make_app(str(venue.db), EVENT), raise_server_exceptions=False)
    digits = "1" * 4300  # int() refuses more than 4,300 digits: a ValueError, a 500 before
    odd = [("²", "²")] if where == "after" else []  # "²".isdigit(), yet int("²") fails
    for value, shown in [(digits, "1" * 24 + "…"), *odd]:
        if where == "after":
            r = client.get(f"/api/matches/{T1}/stream", params={"after": value})
        else:
            r = client.get(f"/api/matches/{T1}/stream", headers={"Last-Event-ID": value})
        assert r.status_code == 400
        assert r.json() == {"error": {
            "message": f"{where}: the seq of the latest entry the client has (a number), not {shown}",
            "message_zh": f"{where}：应为客户端已有的最新条目的序号（一个数字），而不是 {shown}"}}


def test_odd_digits_in_a_form_are_refused_not_a_500(venue: Venue) -> None:
    from webvenue import T1

    client = TestClient(make_app(str(venue.db), EVENT), raise_server_exceptions=False)
    sign_in(client, venue.director)
    csrf = csrf_of(client.get("/director").text)
    tables = client.post("/director/assign?lang=en", data={"csrf": csrf, "name": "王裁判", "tables": "²"})
    assert tables.status_code == 422
    assert "tables ²: tables are numbers from 1, separated by commas (1,2,3)" in tables.text
    after = client.post(f"/referee/matches/{T1}?lang=en", data={"csrf": csrf, "directive": "hand", "after": "1" * 4300})
    assert after.status_code == 422
    assert f"the form&#39;s seq &#39;{'1' * 24}…&#39; is not a number: reload the page" in after.text
    seq = client.post(f"/referee/matches/{T1}/amend?lang=en", data={"csrf": csrf, "seq": "²", "directive": "hand",
                                                                    "reason": "r"})
    assert seq.status_code == 422
    assert "amend: the entry # to replace is a number (see the entries below)" in seq.text


def test_a_client_gone_mid_body_leaves_one_quiet_line_and_no_traceback(venue: Venue) -> None:
    """The real ``referee serve``: a request whose body never arrives whole (the phone lost the
    Wi-Fi) is one line in the server's log each, not an "unexpected error" with a traceback."""
    import socket
    import urllib.request

    from webserver import WebServer
    from webvenue import T1

    sent = [
        (f"/api/matches/{T1}/entries", f"Authorization: Bearer {venue.table1}\r\nContent-Type: application/json",
         b'{"directive": '),
        ("/referee/login", "Content-Type: application/x-www-form-urlencoded", b"token=rt-"),
    ]
    with WebServer(venue.db) as server:
        for path, headers, body in sent:
            with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
                s.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\nContent-Length: 1000\r\n\r\n"
                          .encode("ascii") + body)
                time.sleep(0.3)  # the server is waiting for the rest of the body when the client leaves
        deadline = time.monotonic() + 10
        while server.output().count("went away") < len(sent) and time.monotonic() < deadline:
            time.sleep(0.1)
        with urllib.request.urlopen(server.url + "/", timeout=5) as r:
            assert r.status == 200
    log = server.output()
    lines = [line for line in log.splitlines() if "went away" in line]
    assert lines == [f"POST {path}: the client went away before its request arrived whole; nothing was done"
                     for path, _, _ in sent]
    assert "Traceback" not in log and "unexpected error" not in log and "Exception" not in log
