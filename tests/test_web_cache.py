"""The web's read cache (``referee.web.cache``): a page or JSON is computed once per version of what it shows,
and a write — through the server or by another process — shows at the next GET; the key names the language
and who asks, so no one is served another's page.

The hand is the short keep of docs/gunzi-rules.md (as tests/test_web.py plays it): E grabs with the big
joker (EW declare, both teams at level 3, §3.2), trump hearts, a plain kitty, the defenders score S = 100
and the declarers keep the last trick: S = 100 < 120 and kept is a keep (§7.1), EW go up one level,
3 → 4.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from webvenue import EVENT, T1, Venue, make_venue  # noqa: E402

from referee.web.app import make_app  # noqa: E402

HAND = ["hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 100", "last decl"]
REFEREE = [str(Path(sys.executable).parent / "referee")]


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


@pytest.fixture
def client(venue: Venue) -> TestClient:
    return TestClient(make_app(str(venue.db), EVENT))


def computed(client: TestClient) -> int:
    found: int = client.app.state.web.renders.computed  # type: ignore[attr-defined]
    return found


def post(client: TestClient, secret: str, directive: str) -> None:
    r = client.post(f"/api/matches/{T1}/entries", json={"directive": directive},
                    headers={"Authorization": f"Bearer {secret}"})
    assert r.status_code == 201, r.text


def files_of(db: Path) -> dict[str, tuple[int, int]]:
    out = {}
    for folder, _, names in os.walk(db):
        for name in names:
            st = os.stat(Path(folder) / name)
            out[str(Path(folder) / name)] = (st.st_size, st.st_mtime_ns)
    return out


def test_an_unchanged_page_is_computed_once_and_a_post_shows_at_the_next_get(venue: Venue, client: TestClient) -> None:
    before = client.get(f"/matches/{T1}?lang=en")
    assert before.status_code == 200 and 'id="hand-1"' not in before.text
    n = computed(client)
    files = files_of(venue.db)
    again = client.get(f"/matches/{T1}?lang=en")
    assert again.text == before.text and computed(client) == n  # nothing recomputed
    assert files_of(venue.db) == files  # and nothing written by a GET
    for directive in HAND:
        post(client, venue.table1, directive)
    after = client.get(f"/matches/{T1}?lang=en")
    assert computed(client) == n + 1
    assert 'id="hand-1"' in after.text  # the hand settled, shown at once
    data = json.loads(client.get(f"/api/matches/{T1}").text)
    assert len(data["hands"]) == 1
    # the keep: EW 3 → 4, NS stay at 3 (§7.1)
    assert data["hands"][0]["levels_after"] == {"EW": 4, "NS": 3}
    n = computed(client)
    assert json.loads(client.get(f"/api/matches/{T1}").text) == data and computed(client) == n


def test_two_languages_are_two_pages(venue: Venue, client: TestClient) -> None:
    en = client.get(f"/matches/{T1}?lang=en")
    zh = client.get(f"/matches/{T1}?lang=zh")
    assert 'lang="en"' in en.text and 'lang="zh-CN"' in zh.text and en.text != zh.text
    n = computed(client)
    assert client.get(f"/matches/{T1}?lang=en").text == en.text
    assert client.get(f"/matches/{T1}?lang=zh").text == zh.text
    assert computed(client) == n
    for directive in HAND:
        post(client, venue.table1, directive)
    en_json = client.get(f"/api/matches/{T1}?lang=en").text
    zh_json = client.get(f"/api/matches/{T1}?lang=zh").text
    assert en_json != zh_json  # the hand's explanation, worded in each
    n = computed(client)
    assert client.get(f"/api/matches/{T1}?lang=zh").text == zh_json and computed(client) == n


def test_a_referees_view_is_not_a_viewers(venue: Venue, client: TestClient) -> None:
    viewer = TestClient(client.app)
    seen = viewer.get(f"/matches/{T1}?lang=en")
    assert 'id="entry-form"' not in seen.text and 'id="logout-form"' not in seen.text
    page = client.get("/referee")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf
    client.post("/referee/login", data={"token": venue.table1, "csrf": csrf.group(1)}, follow_redirects=False)
    entry = client.get(f"/referee/matches/{T1}?lang=en")
    assert 'id="entry-form"' in entry.text and 'id="logout-form"' in entry.text
    n = computed(client)
    client.get(f"/matches/{T1}?lang=en")  # the same page asked by a signed-in referee: kept apart
    assert computed(client) == n + 1
    assert 'id="entry-form"' not in viewer.get(f"/matches/{T1}?lang=en").text


def test_a_write_by_another_process_shows_on_the_event_page(venue: Venue, client: TestClient) -> None:
    page = client.get(f"/events/{EVENT}?lang=en")
    standings = client.get(f"/api/events/{EVENT}/standings").text
    row = re.search(rf'<tr data-match="{T1}".*?</tr>', page.text, re.S)
    assert row and "not started" in row.group(0)
    n = computed(client)
    assert client.get(f"/events/{EVENT}?lang=en").text == page.text and computed(client) == n
    env = {**os.environ, "REFEREE_DB": str(venue.db), "REFEREE_LANG": "en", "REFEREE_NAME": "命令行"}
    for directive in HAND:
        done = subprocess.run([*REFEREE, "record", T1, *directive.split()], env=env, capture_output=True, check=False)
        assert done.returncode == 0, done.stderr
    after = client.get(f"/events/{EVENT}?lang=en")
    row = re.search(rf'<tr data-match="{T1}".*?</tr>', after.text, re.S)
    assert row and "not started" not in row.group(0)  # in play: game 1 after hand 1
    assert computed(client) == n + 1
    client.get(f"/api/events/{EVENT}/standings")
    assert computed(client) == n + 2  # the standings' version moved with the match: computed again
    assert json.loads(client.get(f"/api/events/{EVENT}/standings").text).keys() == json.loads(standings).keys()
    assert computed(client) == n + 2
