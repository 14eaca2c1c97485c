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
