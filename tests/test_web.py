"""The web server (issue 11): every route, role and refusal through Starlette's TestClient; the JSON
equal byte for byte to what the CLI prints (the real CLI, as a subprocess); live updates through a
real uvicorn server on loopback.

The hand played through the pages and the API is the short keep of docs/gunzi-rules.md: E grabs with
the big joker (declarer side EW, both teams at level 3, §3.2), trump hearts, a plain kitty, the
defenders score S = P = 100 and the declarers keep the last trick: S < 120 and kept is a keep
(§7.1): EW go up one level, 3 → 4; no king blood (no joker buried) and no score blood, since
80 ≤ S ≤ 150 (§7.2.3); 100 is not 0, so the game goes on (§7.3.1); E declares again (§7.4).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from webvenue import EVENT, EVIL, T1, T2, Venue, make_venue, running  # noqa: E402

from referee.store.folder import FolderStore as Store  # noqa: E402
from referee.web.app import make_app  # noqa: E402

REFEREE = [str(Path(sys.executable).parent / "referee")]
HAND = ["hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 100", "last decl"]


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


@pytest.fixture
def client(venue: Venue) -> TestClient:
    return TestClient(make_app(str(venue.db), EVENT))


def run_cli(venue: Venue, *args: str, lang: str = "en") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "REFEREE_DB": str(venue.db), "REFEREE_LANG": lang, "REFEREE_NAME": "命令行"}
    return subprocess.run([*REFEREE, *args], env=env, capture_output=True, check=False)


def entries(venue: Venue, match: str = T1) -> list[dict]:
    return Store(venue.db).entries(match)


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def post(client: TestClient, secret: str | None, directive: object, match: str = T1, **extra: object):
    headers = bearer(secret) if secret else {}
    return client.post(f"/api/matches/{match}/entries", json={"directive": directive, **extra}, headers=headers)


# --- reading ---------------------------------------------------------------------------------------

def test_pages_read_without_a_token_in_chinese_by_default_and_english_on_request(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and 'lang="zh-CN"' in home.text
    assert f'href="/events/{EVENT}"' in home.text and f'href="/matches/{T1}"' in home.text
    event = client.get(f"/events/{EVENT}")
    assert event.status_code == 200 and 'id="standings"' in event.text and 'id="tables"' in event.text
    assert "积分" in event.text or "排名" in event.text
    english = client.get(f"/events/{EVENT}?lang=en")
    assert 'lang="en"' in english.text and "Standings" in english.text
    assert client.cookies.get("referee_lang") == "en"  # kept for the next page
    assert 'lang="en"' in client.get("/").text
    match = client.get(f"/matches/{T1}")
    assert match.status_code == 200 and 'id="level-chart"' in match.text
    assert client.get(f"/matches/{T1}/live").status_code == 200
    assert client.get(f"/events/{EVENT}/live").status_code == 200


def test_a_name_like_a_script_is_shown_as_text(client: TestClient) -> None:
    shown = EVIL.replace("<", "&lt;").replace(">", "&gt;")
    for url in (f"/events/{EVENT}", f"/events/{EVENT}/live", f"/matches/{T1}", f"/matches/{T1}/live"):
        page = client.get(url).text
        assert EVIL not in page and "<b>2026" not in page, url
        assert shown in page, url
    assert "春季杯 &lt;b&gt;2026&lt;/b&gt;" in client.get(f"/events/{EVENT}").text


def test_unknown_match_and_event_are_404_in_the_page_and_the_api(client: TestClient) -> None:
    assert client.get("/matches/NOPE").status_code == 404
    assert client.get("/events/NOPE").status_code == 404
    api = client.get("/api/matches/NOPE")
    assert api.status_code == 404 and set(api.json()["error"]) == {"message", "message_zh"}
    assert client.get("/api/events/NOPE/standings").status_code == 404
    assert client.get("/api/matches/..%2F..%2Fetc%2Fpasswd").status_code in (404, 422)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_match_json_is_what_replay_json_prints(venue: Venue, client: TestClient, lang: str) -> None:
    for line in HAND:
        assert post(client, venue.table1, line).status_code == 201
    cli = run_cli(venue, "replay", T1, "--json", "--lang", lang)
    assert cli.returncode == 0, cli.stderr
    api = client.get(f"/api/matches/{T1}?lang={lang}")
    assert api.status_code == 200 and api.headers["content-type"].startswith("application/json")
    assert api.content == cli.stdout
    assert json.loads(api.content)["hands"][0]["levels_after"] == {"EW": 4, "NS": 3}  # the keep of §7.1


def test_standings_json_is_what_event_standings_json_prints(venue: Venue, client: TestClient) -> None:
    for line in HAND:
        post(client, venue.table1, line)
    cli = run_cli(venue, "event", "standings", EVENT, "--json")
    assert cli.returncode == 0, cli.stderr
    api = client.get(f"/api/events/{EVENT}/standings")
    assert api.status_code == 200 and api.content == cli.stdout


# --- the API's write ---------------------------------------------------------------------------------

def test_an_entry_through_the_api_is_stored_with_the_token_holder_as_referee(venue: Venue, client: TestClient) -> None:
    n0 = len(entries(venue))  # the header, the teams and the seats of the paired match
    r = post(client, venue.table1, "hand")
    assert r.status_code == 201
    # The match's first hand is a game's first (§4.1): a grab (declare), the flips or a stated declarer come next.
    assert r.json() == {"seq": n0 + 1, "stored": "hand", "next": ["declare", "flip", "declarer"]}
    e = entries(venue)[-1]
    assert (e["seq"], e["directive"], e["referee"]) == (n0 + 1, "hand", "王裁判")
    r = post(client, venue.table1, "亮主 东 大王")  # Chinese keyword, seat and card, as the CLI reads them
    assert r.status_code == 201 and r.json()["stored"] == "declare E BJ"


def test_refusals_of_the_api_store_nothing(venue: Venue, client: TestClient) -> None:
    before = len(entries(venue))
    no_token = post(client, None, "hand")
    assert no_token.status_code == 401 and no_token.headers["www-authenticate"] == "Bearer"
    assert post(client, "rt-not-a-token", "hand").status_code == 401
    assert post(client, venue.table1, "hand", match=T2).status_code == 403  # table 2 is not 王裁判's
    other = post(client, venue.elsewhere, "hand")
    assert other.status_code == 403 and "OTHER" in other.json()["error"]["message"]
    bad = post(client, venue.table1, "piont 25")
    assert bad.status_code == 422
    assert set(bad.json()["error"]) == {"message", "message_zh"} and bad.json()["error"]["message_zh"]
    assert post(client, venue.table1, 25).status_code == 422
    assert client.post(f"/api/matches/{T1}/entries", content=b"not json",
                       headers=bearer(venue.table1)).status_code == 422
    # By the rules: points before any hand is dealt is refused by the engine, naming the entry it would be.
    rules = post(client, venue.table1, "points 25")
    assert rules.status_code == 422
    assert rules.json()["error"]["line"] == before + 1
    assert "nothing stored" in rules.json()["error"]["message"]
    assert re.search(r"[\u4e00-\u9fff]", rules.json()["error"]["message_zh"])
    assert len(entries(venue)) == before


def test_a_stale_after_is_refused_so_a_double_tap_stores_once(venue: Venue, client: TestClient) -> None:
    seq = len(entries(venue))
    assert post(client, venue.anywhere, "hand", after=seq).status_code == 201
    again = post(client, venue.anywhere, "hand", after=seq)
    assert again.status_code == 409 and "reload" in again.json()["error"]["message"]
    assert [e["directive"] for e in entries(venue)].count("hand") == 1
    assert post(client, venue.anywhere, "hand", after=-1).status_code == 422


def test_a_referee_of_the_whole_event_and_the_director_write_to_every_table(venue: Venue, client: TestClient) -> None:
    assert post(client, venue.anywhere, "hand", match=T2).status_code == 201
    assert post(client, venue.director, "declare E BJ", match=T2).status_code == 201
    assert [e["referee"] for e in entries(venue, T2)][-2:] == ["李裁判", "裁判长"]


def test_a_revoked_token_writes_no_more(venue: Venue, client: TestClient) -> None:
    cli = run_cli(venue, "token", "revoke", "王裁判")
    assert cli.returncode == 0, cli.stderr
    assert post(client, venue.table1, "hand").status_code == 401


def test_a_token_revoked_after_it_wrote_is_refused_at_once(venue: Venue, client: TestClient) -> None:
    """The server keeps the tokens it has checked (by hash, per read of the tokens file): one that wrote a moment
    ago, revoked by the CLI since, is refused on its next entry; nothing more stored."""
    assert post(client, venue.table1, "hand").status_code == 201
    stored = len(entries(venue))
    cli = run_cli(venue, "token", "revoke", "王裁判")
    assert cli.returncode == 0, cli.stderr
    refused = post(client, venue.table1, "grab S")
    assert refused.status_code == 401
    assert "the token is not valid (unknown or revoked)" in refused.text
    assert len(entries(venue)) == stored


def test_a_cli_record_and_api_entries_at_the_same_moment_all_land(venue: Venue, client: TestClient) -> None:
    """Warnings may come at any time (they belong to no phase), two per team before a third would end
    the match: two from the CLI (E) and two from the API (S), at once; each is stored exactly once, in
    one chain."""
    post(client, venue.table1, "hand")
    start = len(entries(venue))
    codes: list[int] = []

    def api() -> None:
        for i in range(2):
            codes.append(post(client, venue.table1, f"warn S api{i}").status_code)

    t = threading.Thread(target=api)
    t.start()
    clis = [subprocess.Popen([*REFEREE, "record", T1, "warn", "E", f"cli{i}"],
                             env={**os.environ, "REFEREE_DB": str(venue.db), "REFEREE_LANG": "en"},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE) for i in range(2)]
    results = [p.wait(60) for p in clis]
    errors = [p.stderr.read() for p in clis if p.stderr]
    t.join(60)
    stored = entries(venue)[start:]
    texts = sorted(e["directive"] for e in stored)
    accepted = codes.count(201) + results.count(0)
    assert accepted == len(stored) == 4, (codes, results, texts, errors)
    assert texts == sorted([f'warn E cli{i}' for i in range(2)] + [f'warn S api{i}' for i in range(2)])
    assert [e["seq"] for e in stored] == list(range(start + 1, start + 5))
    assert Store(venue.db).check(T1) is None  # the hash chain is whole


# --- pages that write --------------------------------------------------------------------------------

def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, html[:500]
    return found.group(1)


def seq_of(html: str) -> str:
    found = re.search(r'name="after" value="(\d+)"', html)
    assert found
    return found.group(1)


def sign_in(client: TestClient, secret: str) -> None:
    page = client.get("/referee")
    assert 'id="login-form"' in page.text
    r = client.post("/referee/login", data={"token": secret, "csrf": csrf_of(page.text)}, follow_redirects=False)
    assert r.status_code == 303
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")


def test_a_referee_records_a_whole_hand_through_the_entry_page(venue: Venue, client: TestClient) -> None:
    n0 = len(entries(venue))
    sign_in(client, venue.table1)
    home = client.get("/referee")
    assert f'href="/referee/matches/{T1}"' in home.text and T2 not in home.text
    page = client.get(f"/referee/matches/{T1}")
    assert page.status_code == 200 and 'id="entry-form"' in page.text
    assert 'name="pick" value="hand"' in page.text  # the registry's `hand`, the only thing expected first
    for line in HAND:
        form = {"csrf": csrf_of(page.text), "after": seq_of(page.text)}
        form.update({"pick": line} if line in ("hand", "last decl") else {"directive": line})
        page = client.post(f"/referee/matches/{T1}", data=form)
        assert page.status_code == 200, page.text
        assert 'id="stored"' in page.text and 'id="rejection"' not in page.text
    assert 'id="settlement"' in page.text
    settled = page.text[page.text.index('id="settlement"'):]
    assert "100" in settled and "东西 4" in settled  # levels now: EW 4, NS 3 (§7.1 keep)
    assert [e["directive"] for e in entries(venue)][n0:] == HAND
    assert {e["referee"] for e in entries(venue)[n0:]} == {"王裁判"}


def test_the_entry_page_shows_a_rejection_inline_and_stores_nothing(venue: Venue, client: TestClient) -> None:
    n0 = len(entries(venue))
    sign_in(client, venue.table1)
    page = client.get(f"/referee/matches/{T1}")
    r = client.post(f"/referee/matches/{T1}", data={"csrf": csrf_of(page.text), "after": seq_of(page.text),
                                                     "directive": "points 25"})
    assert r.status_code == 422 and 'id="rejection"' in r.text
    assert "未记录" in r.text or "拒绝" in r.text  # worded in the referee's language (Chinese by default)
    htmx = client.post(f"/referee/matches/{T1}", data={"csrf": csrf_of(page.text), "after": seq_of(page.text),
                                                        "directive": "points 25"}, headers={"HX-Request": "true"})
    assert htmx.status_code == 200 and htmx.text.startswith('<div id="entry-panel">') and 'id="rejection"' in htmx.text
    assert len(entries(venue)) == n0


def test_the_entry_form_refuses_a_stale_seq_and_a_missing_csrf(venue: Venue, client: TestClient) -> None:
    n0 = len(entries(venue))
    sign_in(client, venue.table1)
    page = client.get(f"/referee/matches/{T1}")
    form = {"csrf": csrf_of(page.text), "after": seq_of(page.text), "pick": "hand"}
    assert client.post(f"/referee/matches/{T1}", data=form).status_code == 200
    stale = client.post(f"/referee/matches/{T1}", data=form)
    assert stale.status_code == 409 and 'id="rejection"' in stale.text
    no_csrf = client.post(f"/referee/matches/{T1}", data={"after": str(len(entries(venue))), "pick": "declare E BJ"})
    assert no_csrf.status_code == 403
    assert [e["directive"] for e in entries(venue)][n0:] == ["hand"]


def test_undo_and_amend_with_a_reason(venue: Venue, client: TestClient) -> None:
    n0 = len(entries(venue))
    sign_in(client, venue.table1)
    for line in HAND[:3]:
        post(client, venue.table1, line)
    page = client.get(f"/referee/matches/{T1}")
    undone = client.post(f"/referee/matches/{T1}/undo", data={"csrf": csrf_of(page.text), "after": seq_of(page.text)})
    assert undone.status_code == 200 and entries(venue)[-1]["kind"] == "undo"
    assert entries(venue)[-1]["target"] == n0 + 3 and entries(venue)[-1]["referee"] == "王裁判"
    declare = str(n0 + 2)
    no_reason = client.post(f"/referee/matches/{T1}/amend", data={
        "csrf": csrf_of(undone.text), "after": seq_of(undone.text), "seq": declare, "directive": "declare E SJ"})
    assert no_reason.status_code == 422 and len(entries(venue)) == n0 + 4
    amended = client.post(f"/referee/matches/{T1}/amend", data={
        "csrf": csrf_of(undone.text), "after": seq_of(undone.text), "seq": declare, "directive": "declare W BJ",
        "reason": "是西家抢亮"})
    assert amended.status_code == 200, amended.text
    last = entries(venue)[-1]
    assert (last["kind"], last["target"], last["directive"], last["reason"]) == ("amend", n0 + 2, "declare W BJ",
                                                                                 "是西家抢亮")


def test_entry_pages_need_a_session_and_the_table(venue: Venue, client: TestClient) -> None:
    n0 = len(entries(venue, T2))
    assert client.get(f"/referee/matches/{T1}").status_code == 401
    sign_in(client, venue.table1)
    assert client.get(f"/referee/matches/{T2}").status_code == 403
    page = client.get("/referee")
    assert client.post(f"/referee/matches/{T2}", data={"csrf": csrf_of(page.text), "pick": "hand"}).status_code == 403
    assert len(entries(venue, T2)) == n0


def test_sign_in_attempts_are_limited(venue: Venue, client: TestClient) -> None:
    page = client.get("/referee")
    csrf = csrf_of(page.text)
    codes = [client.post("/referee/login", data={"token": f"rt-wrong{i}", "csrf": csrf}).status_code
             for i in range(6)]
    assert codes == [401] * 5 + [429]
    assert client.post("/referee/login", data={"token": venue.table1, "csrf": csrf}).status_code == 429
    no_csrf = TestClient(client.app).post("/referee/login", data={"token": venue.table1})
    assert no_csrf.status_code in (403, 429)


def test_logout_ends_the_session(venue: Venue, client: TestClient) -> None:
    sign_in(client, venue.table1)
    page = client.get("/referee")
    assert client.post("/referee/logout", data={"csrf": csrf_of(page.text)}, follow_redirects=False).status_code == 303
    assert client.get(f"/referee/matches/{T1}").status_code == 401


# --- the director ---------------------------------------------------------------------------------------

def test_the_director_page_needs_the_director_role(venue: Venue, client: TestClient) -> None:
    assert client.get("/director").status_code == 401
    sign_in(client, venue.table1)
    assert client.get("/director").status_code == 403
    page = client.get("/referee")
    assert client.post("/director/pair", data={"csrf": csrf_of(page.text), "event": EVENT}).status_code == 403


def test_the_director_assigns_issues_revokes_and_runs_rounds(venue: Venue, client: TestClient) -> None:
    from referee.store.tokens import Tokens

    sign_in(client, venue.director)
    page = client.get("/director")
    assert page.status_code == 200 and 'id="tokens"' in page.text
    csrf = csrf_of(page.text)
    assigned = client.post("/director/assign", data={"csrf": csrf, "name": "王裁判", "tables": "2", "event": EVENT})
    assert assigned.status_code == 200 and 'id="done"' in assigned.text
    assert post(client, venue.table1, "hand", match=T2).status_code == 201
    assert post(client, venue.table1, "hand", match=T1).status_code == 403
    issued = client.post("/director/issue", data={"csrf": csrf, "name": "新裁判", "role": "referee", "event": EVENT,
                                                  "tables": "1"})
    secret = re.search(r'id="issued-token">([^<]+)<', issued.text).group(1)
    assert post(client, secret, "hand").status_code == 201
    assert secret not in (venue.db / "tokens.json").read_text(encoding="utf-8")
    assert client.post("/director/revoke", data={"csrf": csrf, "name": "新裁判"}).status_code == 200
    assert post(client, secret, "declare E BJ").status_code == 401
    assert not Tokens(venue.db).named("新裁判")
    # Round 1 is not finished: closing it is refused and said on the page; pairing round 2 too.
    refused = client.post("/director/close", data={"csrf": csrf, "event": EVENT})
    assert refused.status_code == 422 and 'id="rejection"' in refused.text
    assert client.post("/director/pair", data={"csrf": csrf, "event": EVENT}).status_code == 422


def test_the_director_closes_a_finished_round_and_pairs_the_next(venue: Venue, client: TestClient) -> None:
    from eventplay import match_text

    for match in (T1, T2):  # both matches played 2:0 by EW from record files, as at the table
        path = venue.db.parent / f"{match}.gunzi"
        path.write_text(match_text(match, ["EW", "EW"]), encoding="utf-8")
        venue.cli.ok("record", match, "--file", path)
    sign_in(client, venue.director)
    csrf = csrf_of(client.get("/director").text)
    closed = client.post("/director/close", data={"csrf": csrf, "event": EVENT})
    assert closed.status_code == 200 and 'id="done"' in closed.text, closed.text
    paired = client.post("/director/pair", data={"csrf": csrf, "event": EVENT})
    assert paired.status_code == 200
    assert Store(venue.db).exists("SC-R2-T1")


# --- the commands ---------------------------------------------------------------------------------------

def test_token_add_prints_it_once_and_stores_only_its_hash(venue: Venue) -> None:
    made = run_cli(venue, "token", "add", "钱裁判", "--role", "referee", "--event", EVENT, "--tables", "2,1",
                   "--no-qr")
    assert made.returncode == 0, made.stderr
    secret = made.stdout.decode().splitlines()[1].strip()
    assert secret.startswith("rt-") and len(secret) > 30
    stored = (venue.db / "tokens.json").read_text(encoding="utf-8")
    assert secret not in stored and "钱裁判" in stored
    assert oct((venue.db / "tokens.json").stat().st_mode & 0o777) == "0o600"
    listed = run_cli(venue, "token", "list").stdout.decode()
    assert "钱裁判" in listed and "1,2" in listed and secret not in listed
    # when it was made, as people read a time, never the stored ISO stamp
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", listed) and not re.search(r"\d\dT\d\d:", listed)
    again = run_cli(venue, "token", "add", "钱裁判")
    assert again.returncode == 1 and b"revoke" in again.stderr
    assert run_cli(venue, "token", "add", "x", "--role", "boss").returncode == 2
    assert run_cli(venue, "token", "add", "x", "--tables", "a").returncode == 2
    assert run_cli(venue, "token", "revoke", "nobody").returncode == 2


def test_serve_prints_the_addresses_and_a_qr_code(tmp_path: Path) -> None:
    from referee.cli.commands.serve import qr, urls

    assert urls("127.0.0.1", 8001, "SC 26") == ["http://127.0.0.1:8001/events/SC%2026"]
    assert urls("0.0.0.0", 80, None)[-1] == "http://127.0.0.1:80/"
    png = tmp_path / "qr.png"
    text = qr("http://127.0.0.1:8000/", str(png))
    assert png.read_bytes().startswith(b"\x89PNG") and len(text.splitlines()) > 10


# --- live ------------------------------------------------------------------------------------------------

def _events(response, want: int, timeout: float) -> list[tuple[str, dict, float]]:
    """The first *want* SSE events of a streaming response: (id, data, the time it arrived)."""
    got: list[tuple[str, dict, float]] = []
    ident = ""
    deadline = time.monotonic() + timeout
    for line in response.iter_lines():
        if line.startswith("id:"):
            ident = line[3:].strip()
        elif line.startswith("data:"):
            got.append((ident, json.loads(line[5:].strip()), time.monotonic()))
            if len(got) >= want:
                break
        assert time.monotonic() < deadline, got
    return got


def test_the_stream_sends_each_entry_within_a_second_of_a_cli_record_and_catches_up(venue: Venue) -> None:
    import httpx

    n0 = len(entries(venue))
    with running(venue.db) as base, httpx.Client(base_url=base, timeout=20) as http:
        with http.stream("GET", f"/api/matches/{T1}/stream") as stream:
            time.sleep(0.3)  # the stream is open; now the CLI records at the table
            done = run_cli(venue, "record", T1, "hand")
            stored_at = time.monotonic()
            assert done.returncode == 0, done.stderr
            [(ident, data, arrived)] = _events(stream, 1, 10)
        assert (data["seq"], data["directive"], data["referee"]) == (n0 + 1, "hand", "命令行") and ident == str(n0 + 1)
        assert arrived - stored_at < 1.0
        r = http.post(f"/api/matches/{T1}/entries", json={"directive": "declare E BJ"}, headers=bearer(venue.table1))
        assert r.status_code == 201
        # A client that saw the entries before the hand reconnects: it gets the two since, in order.
        with http.stream("GET", f"/api/matches/{T1}/stream", headers={"Last-Event-ID": str(n0)}) as again:
            got = _events(again, 2, 10)
        assert [(i, d["directive"]) for i, d, _ in got] == [(str(n0 + 1), "hand"), (str(n0 + 2), "declare E BJ")]


def test_a_server_restart_loses_nothing(venue: Venue) -> None:
    import httpx

    n0 = len(entries(venue))
    with running(venue.db) as base, httpx.Client(base_url=base, timeout=20) as http:
        for line in HAND[:3]:
            assert http.post(f"/api/matches/{T1}/entries", json={"directive": line},
                             headers=bearer(venue.table1)).status_code == 201
    with running(venue.db) as base, httpx.Client(base_url=base, timeout=20) as http:
        data = http.get(f"/api/matches/{T1}").json()
        assert data["match"]["id"] == T1
        assert http.post(f"/api/matches/{T1}/entries", json={"directive": HAND[3]},
                         headers=bearer(venue.table1)).status_code == 201
    assert [e["directive"] for e in entries(venue)][n0:] == HAND[:4]


def test_referee_serve_starts_prints_its_address_and_serves_the_store(venue: Venue) -> None:
    import httpx
    from webvenue import free_port

    port = free_port()
    env = {**os.environ, "REFEREE_DB": str(venue.db), "REFEREE_LANG": "en"}
    server = subprocess.Popen([*REFEREE, "serve", "--port", str(port), "--event", EVENT], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}/events/{EVENT}"
        deadline = time.monotonic() + 30
        while True:
            try:
                page = httpx.get(url, timeout=2)
                break
            except httpx.TransportError:
                assert server.poll() is None, server.communicate()
                assert time.monotonic() < deadline, "referee serve did not answer"
                time.sleep(0.2)
        assert page.status_code == 200 and 'id="standings"' in page.text
    finally:
        server.terminate()
        out, err = server.communicate(timeout=20)
    assert f"open: {url}" in out and "Traceback" not in err
    assert (venue.db / "venue-qr.png").read_bytes().startswith(b"\x89PNG")


def test_serve_on_every_address_says_so(venue: Venue, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner
    from webvenue import free_port

    import referee.cli.commands.serve as serve
    from referee.cli import app

    ran: dict[str, object] = {}

    def run(server: object, sockets: list[object]) -> None:
        ran.update(host=server.config.host, sockets=sockets)  # type: ignore[attr-defined]

    monkeypatch.setattr("uvicorn.Server.run", run)
    res = CliRunner().invoke(app, ["serve", "--host", "0.0.0.0", "--port", str(free_port()), "--db", str(venue.db),
                                   "--lang", "en"])
    assert res.exit_code == 0, res.output
    assert ran["host"] == "0.0.0.0" and "warning: listening on 0.0.0.0" in res.stderr
    assert serve.QR_FILE in res.stdout
    bad = CliRunner().invoke(app, ["serve", "--port", "0", "--db", str(venue.db)])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_the_event_stream_says_when_a_match_of_the_event_changed(venue: Venue) -> None:
    import httpx

    with running(venue.db) as base, httpx.Client(base_url=base, timeout=20) as http:
        with http.stream("GET", f"/api/events/{EVENT}/stream") as stream:
            time.sleep(0.3)
            done = run_cli(venue, "record", T2, "hand")
            stored_at = time.monotonic()
            assert done.returncode == 0, done.stderr
            got = None
            for line in stream.iter_lines():
                if line.startswith("data:"):
                    got = (line[5:].strip(), time.monotonic())
                    break
        assert got is not None and got[0] == "changed" and got[1] - stored_at < 1.0
        assert http.get(f"/events/{EVENT}/live").text.count("第1局 第1副") == 1  # table 2 now in play


def test_pages_in_traditional_chinese(client: TestClient) -> None:
    # Issue 19 item 7: the web offers every catalogue's language as the CLI does. In traditional Chinese the
    # page is in traditional characters and says so, the choice is kept, and every page offers each language
    # by its own name (English, 简体中文, 繁體中文).
    page = client.get("/?lang=zh_TW")
    assert page.status_code == 200
    assert '<html lang="zh-TW"' in page.text
    assert "牌戲裁判" in page.text and "牌戏裁判" not in page.text  # the title, converted (戏 → 戲)
    assert 'id="lang-switch" href="/?lang=en"' in page.text
    assert '<a class="lang-other" href="/?lang=zh" hreflang="zh-CN">简体中文</a>' in page.text
    assert '<html lang="zh-TW"' in client.get("/").text  # the cookie keeps the language
    simplified = client.get("/?lang=zh")
    assert '<html lang="zh-CN"' in simplified.text
    assert '<a class="lang-other" href="/?lang=zh_TW" hreflang="zh-TW">繁體中文</a>' in simplified.text
    english = client.get("/?lang=en")
    assert '<a class="lang-other" href="/?lang=zh_TW" hreflang="zh-TW">繁體中文</a>' in english.text
    assert 'id="lang-switch" href="/?lang=zh"' in english.text


def test_a_table_token_is_refused_at_once_when_the_header_names_another_table_since(venue: Venue,
                                                                                    client: TestClient) -> None:
    """A token of table 1 and of no event writes to the match whose header says ``table=1``; the header amended by
    the CLI since to ``table=3`` (the server knew the file as it had written it), the token's next entry is refused
    (403) and nothing more is stored: the scope is read from the server's memory only while the file is as known."""
    from referee.store.tokens import Tokens

    secret = Tokens(venue.db).add("周裁判", "referee", None, (1,)).secret
    assert post(client, secret, "hand").status_code == 201
    header = entries(venue)[0]["directive"]
    assert " table=1 " in header
    cli = run_cli(venue, "amend", T1, "1", header.replace(" table=1 ", " table=3 "), "--reason", "moved")
    assert cli.returncode == 0, cli.stderr
    stored = len(entries(venue))
    refused = post(client, secret, "declare E BJ")
    assert refused.status_code == 403
    said = refused.json()["error"]["message"]
    assert f"周裁判's token writes to tables 1 only; match {T1} is not one of them" in said
    assert len(entries(venue)) == stored
