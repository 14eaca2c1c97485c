"""A phone's queued entries sent again (issue 32), at the HTTP level on both backends: an entry carries a client id
made on the phone; a resend naming an id the match already holds is answered with the stored entry (201 on the API,
the panel on the page, as the first time) and nothing is stored twice, also when two resends arrive at once; a
resend the match moved past is refused as this phone's entry, naming what stands in its place, in both languages.
The installable app's manifest and worker are served to anyone, and GETs write nothing."""

from __future__ import annotations

import html
import re
import threading
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from test_web import csrf_of

from referee.games.gunzi import notation
from referee.store.api import MatchStore
from referee.web.app import make_app

RECORD = """match id=C1 rules=dalian-club date=2026-04-11 event=Cup table=3 round=1
seat E a
seat S b
seat W c
seat N d
"""
HEADER = 5  # the header and four seats
PHONE_ID = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def venue(store: MatchStore) -> tuple[MatchStore, str]:
    store.create(notation.parse(RECORD).events, "ann")
    secret = store.tokens().add("王裁判", "referee").secret
    return store, secret


def _app(store: MatchStore) -> TestClient:
    return TestClient(make_app(store.address))


def _post(client: TestClient, secret: str, body: dict[str, object]):
    return client.post("/api/matches/C1/entries", json=body, headers={"Authorization": f"Bearer {secret}"})


def test_an_api_resend_with_a_stored_client_id_is_answered_with_the_entry_and_stored_once(venue) -> None:
    store, secret = venue
    with _app(store) as client:
        first = _post(client, secret, {"directive": "warn E talk", "after": HEADER, "client": PHONE_ID})
        assert first.status_code == 201
        assert first.json()["seq"] == HEADER + 1 and first.json()["stored"] == "warn E talk"
        again = _post(client, secret, {"directive": "warn E talk", "after": HEADER, "client": PHONE_ID})
        assert (again.status_code, again.json()) == (201, first.json())
    entries = store.entries("C1")
    assert [e["directive"] for e in entries[HEADER:]] == ["warn E talk"]
    assert entries[HEADER]["client"] == PHONE_ID
    assert store.verify(["C1"])[2] == []


def test_two_resends_at_once_store_one_entry(venue) -> None:
    """Both threads send the same queued entry at the same moment: one stores it, the other is answered with it."""
    store, secret = venue
    answers: list[tuple[int, object]] = []
    start = threading.Barrier(4)

    def send() -> None:
        with _app(store) as client:
            start.wait()
            r = _post(client, secret, {"directive": "warn S talk", "after": HEADER, "client": PHONE_ID})
            answers.append((r.status_code, r.json()))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(answers) == 4
    assert {code for code, _ in answers} == {201}
    assert len({str(body) for _, body in answers}) == 1
    assert [e["directive"] for e in store.entries("C1")[HEADER:]] == ["warn S talk"]


def test_an_api_resend_the_match_moved_past_says_what_stands_in_its_place(venue) -> None:
    store, secret = venue
    with _app(store) as client:
        assert _post(client, secret, {"directive": "warn W noise", "after": HEADER}).status_code == 201
        r = _post(client, secret, {"directive": "warn E talk", "after": HEADER, "client": PHONE_ID})
    assert r.status_code == 409
    error = r.json()["error"]
    assert error["message"] == ("the match moved on: reload (entry #6 is the latest; this was made after #5); "
                                "This phone's entry “warn E talk” was not stored: the match moved on, and #6 "
                                "warn W noise (王裁判) stands in its place.")
    assert error["message_zh"].endswith("本机的记录“warn E talk”未保存：比赛已继续，"
                                        "#6 warn W noise（王裁判）在它的位置上。")
    assert [e["directive"] for e in store.entries("C1")[HEADER:]] == ["warn W noise"]


def test_a_client_id_that_is_not_one_is_refused_naming_the_field(venue) -> None:
    store, secret = venue
    with _app(store) as client:
        r = _post(client, secret, {"directive": "warn E talk", "client": "no spaces"})
    assert r.status_code == 422
    assert r.json()["error"]["message"] == \
        "client: the id a phone gave its entry (8 to 64 letters, digits, - or _), not no spaces"
    assert len(store.entries("C1")) == HEADER


def _signed(client: TestClient, secret: str) -> str:
    page = client.get("/referee")
    client.post("/referee/login", data={"token": secret, "csrf": csrf_of(page.text)}, follow_redirects=False)
    return csrf_of(client.get("/referee/matches/C1?lang=en").text)


def _panel(text: str, element: str) -> str:
    found = re.search(rf'<p id="{element}"[^>]*>(.*?)</p>', text, re.S)
    return html.unescape(found.group(1)) if found else ""


@pytest.mark.parametrize(("path", "data", "kind", "shown"), [
    ("", {"directive": "warn E talk"}, "event", "warn E talk"),
    ("/undo", {}, "undo", "undo → #6"),
    ("/amend", {"seq": "6", "directive": "warn N y", "reason": "misheard"}, "amend", "amend warn N y → #6"),
    ("/void", {"seq": "6", "reason": "wrong table"}, "void", "void → #6"),
])
def test_a_page_resend_with_a_stored_client_id_is_the_panel_and_stores_nothing(venue, path, data, kind,
                                                                              shown) -> None:
    """The entry page's forms, as the phone's queue sends them (htmx's header): the first send and its resend are
    both a 200 panel; the resend says it was stored already."""
    store, secret = venue
    store.append("C1", [{"kind": "event", "directive": "warn N x"}], expect_seq=HEADER)
    with _app(store) as client:
        csrf = _signed(client, secret)
        form = {"csrf": csrf, "after": str(HEADER + 1), "client": PHONE_ID, **data}
        first = client.post(f"/referee/matches/C1{path}?lang=en", data=form, headers={"HX-Request": "true"})
        assert first.status_code == 200 and _panel(first.text, "rejection") == ""
        again = client.post(f"/referee/matches/C1{path}?lang=en", data=form, headers={"HX-Request": "true"})
        assert again.status_code == 200 and _panel(again.text, "rejection") == ""
        assert f"#7 {shown}: stored already (this phone's entry, sent again)" in html.unescape(again.text)
        zh = client.post(f"/referee/matches/C1{path}?lang=zh", data=form, headers={"HX-Request": "true"})
        assert f"#7 {shown}：已保存（本机的记录，再次发送）" in html.unescape(zh.text)
    entries = store.entries("C1")
    assert [e["kind"] for e in entries[HEADER + 1:]] == [kind]
    assert entries[-1]["client"] == PHONE_ID


def test_a_dispute_resent_is_stored_once(venue) -> None:
    """A dispute queued on the phone (the remark form, with its `after` and client id) is raised once."""
    from eventplay import match_text

    store, secret = venue
    store.create(notation.parse(match_text("C2", ["EW"])).events, "ann")
    n = len(store.entries("C2"))
    with _app(store) as client:
        page = client.get("/referee")
        client.post("/referee/login", data={"token": secret, "csrf": csrf_of(page.text)}, follow_redirects=False)
        csrf = csrf_of(client.get("/referee/matches/C2?lang=en").text)
        form = {"csrf": csrf, "after": str(n), "client": PHONE_ID, "act": "dispute", "hand": "1", "by": "NS",
                "claim": "底牌有25分"}
        answers = [client.post("/referee/matches/C2/remark?lang=en", data=form, headers={"HX-Request": "true"})
                   for _ in range(2)]
    assert "stored: dispute 1 of hand 1 by NS: “底牌有25分”" in html.unescape(answers[0].text)
    assert f"#{n + 1} dispute" in html.unescape(answers[1].text) and "stored already" in html.unescape(answers[1].text)
    assert [e["kind"] for e in store.entries("C2")[n:]] == ["dispute"]


def test_a_ruling_resent_is_stored_once(venue) -> None:
    """A ruling queued on the phone (the remark form's `rule`, with its `after` and client id) is stored once: the
    dispute it rules on is raised, then the ruling that the record stands is sent twice."""
    from eventplay import match_text

    store, secret = venue
    store.create(notation.parse(match_text("C2", ["EW"])).events, "ann")
    with _app(store) as client:
        page = client.get("/referee")
        client.post("/referee/login", data={"token": secret, "csrf": csrf_of(page.text)}, follow_redirects=False)
        csrf = csrf_of(client.get("/referee/matches/C2?lang=en").text)
        raised = {"csrf": csrf, "after": str(len(store.entries("C2"))), "act": "dispute", "hand": "1", "by": "NS",
                  "claim": "底牌有25分"}
        client.post("/referee/matches/C2/remark?lang=en", data=raised, headers={"HX-Request": "true"})
        n = len(store.entries("C2"))
        form = {"csrf": csrf, "after": str(n), "client": PHONE_ID, "act": "rule", "dispute": "1", "choice": "keep",
                "reason": "the kitty was counted at the table"}
        answers = [client.post("/referee/matches/C2/remark?lang=en", data=form, headers={"HX-Request": "true"})
                   for _ in range(2)]
    assert all(a.status_code == 200 for a in answers)
    assert _panel(answers[0].text, "rejection") == "" and _panel(answers[1].text, "rejection") == ""
    assert "stored: the ruling on dispute 1 (hand 1)" in html.unescape(answers[0].text)
    assert "stored already" in html.unescape(answers[1].text)
    assert [e["kind"] for e in store.entries("C2")[n:]] == ["ruling"]


def test_a_confirmation_resent_is_stored_once(venue, tmp_path) -> None:
    """A confirmation queued on the phone (the remark form, with its `after` and client id) is stored once."""
    from eventplay import match_text

    store, secret = venue
    text = match_text("C2", ["EW"])
    store.create(notation.parse(text).events, "ann")
    n = len(store.entries("C2"))
    with _app(store) as client:
        page = client.get("/referee")
        client.post("/referee/login", data={"token": secret, "csrf": csrf_of(page.text)}, follow_redirects=False)
        csrf = csrf_of(client.get("/referee/matches/C2?lang=en").text)
        form = {"csrf": csrf, "after": str(n), "client": PHONE_ID, "act": "confirm", "hand": "1", "by": "NS"}
        for _ in range(2):
            r = client.post("/referee/matches/C2/remark?lang=en", data=form, headers={"HX-Request": "true"})
            assert r.status_code == 200 and _panel(r.text, "rejection") == ""
        assert f"#{n + 1} confirm" in html.unescape(r.text) and "stored already" in html.unescape(r.text)
        # made after an entry the match moved past: refused as this phone's, what stands there named
        late = dict(form, client="fedcba9876543210fedcba9876543210")
        r = client.post("/referee/matches/C2/remark?lang=zh", data=late, headers={"HX-Request": "true"})
        assert _panel(r.text, "superseded").startswith(f"本机的记录“确认 副 1”未保存：比赛已继续，#{n + 1} confirm")
    assert [e["kind"] for e in store.entries("C2")[n:]] == ["confirm"]


def test_a_page_resend_the_match_moved_past_is_this_phone_s_entry_with_what_stands_there(venue) -> None:
    store, secret = venue
    with _app(store) as client:
        csrf = _signed(client, secret)
        store.append("C1", [{"kind": "event", "directive": "warn W noise"}], expect_seq=HEADER,
                     referee="ann")  # another phone
        form = {"csrf": csrf, "after": str(HEADER), "client": PHONE_ID, "directive": "warn E talk"}
        r = client.post("/referee/matches/C1?lang=en", data=form, headers={"HX-Request": "true"})
        assert _panel(r.text, "superseded") == ("This phone's entry “warn E talk” was not stored: the match moved on, "
                                                "and #6 warn W noise (ann) stands in its place.")
        r = client.post("/referee/matches/C1?lang=zh", data=form, headers={"HX-Request": "true"})
        assert _panel(r.text, "superseded") == ("本机的记录“warn E talk”未保存：比赛已继续，"
                                                "#6 warn W noise（ann）在它的位置上。")
        # without a client id (a plain form): the refusal alone, as before
        r = client.post("/referee/matches/C1?lang=en", data={**form, "client": ""}, headers={"HX-Request": "true"})
        assert _panel(r.text, "superseded") == "" and "the match moved on" in _panel(r.text, "rejection")
    assert len(store.entries("C1")) == HEADER + 1


def test_the_manifest_and_the_worker_are_served_and_write_nothing(venue) -> None:
    store, _ = venue
    before = [dict(e) for e in store.entries("C1")]
    with _app(store) as client:
        en = client.get("/manifest.webmanifest?lang=en")
        zh = client.get("/manifest.webmanifest?lang=zh")
        sw = client.get("/sw.js")
        icon = client.get("/static/icon-192.png")
    assert en.status_code == 200 and en.headers["content-type"].startswith("application/manifest+json")
    assert (en.json()["name"], en.json()["start_url"], en.json()["display"]) == ("Referee's tables", "/referee",
                                                                                 "standalone")
    assert zh.json()["name"] == "裁判的牌桌"
    assert [i["sizes"] for i in en.json()["icons"]] == ["192x192", "512x512"]
    assert sw.status_code == 200 and sw.headers["content-type"].startswith("text/javascript")
    assert "caches.open" in sw.text and "indexedDB" not in sw.text
    assert icon.status_code == 200 and icon.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert [dict(e) for e in store.entries("C1")] == before
