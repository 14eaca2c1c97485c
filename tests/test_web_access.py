"""Who may do what on the venue server (issue 16, item 1): every route of the application × every
role and scope, allowed or refused as the table below says — written here by hand from the rules of
``referee.web.access``, never read from it.

The venue: event SC (round 1 paired, table 1's match at its first entry ``hand``) and event OTHER
(four pairs, no round yet); league DL holds SC. The six principals: a visitor; a referee of SC table 1; a referee of
OTHER; the director of SC; the director of OTHER; a director of the whole store. Every write is
tried on a fresh copy of the venue, and a refusal (401/403) must leave every file of the store as
it was.

A route of the application that has no row here fails :func:`test_every_route_has_a_row`: a new
route is not served until it is given its rule in ``referee.web.access.RULES`` and its row here.
"""

from __future__ import annotations

import re
import shutil
import warnings
from pathlib import Path
from typing import Any, NamedTuple

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from starlette.routing import Mount, Route  # noqa: E402
from webvenue import EVENT, T1, T2, make_venue, running  # noqa: E402

from referee.store.folder import FolderStore as Store  # noqa: E402
from referee.store.tokens import Tokens  # noqa: E402
from referee.web.app import make_app  # noqa: E402

WHO = ("visitor", "referee SC t1", "referee OTHER", "director SC", "director OTHER", "director store")


class Case(NamedTuple):
    url: str
    expect: tuple[int, int, int, int, int, int]  # the status for each of WHO, in order
    data: dict[str, str] | None = None  # a page form (the CSRF value is added) or the API's JSON


def every(code: int) -> tuple[int, int, int, int, int, int]:
    return (code,) * 6


# Writing to a match: table 1's referee, both of SC's directors' scope and the store's director;
# never OTHER's tokens (§ referee.web.auth.may_write). Director actions: the director whose scope
# holds the event (or the holder's token); the store's director everywhere.
WRITE_T1 = (401, 200, 403, 200, 403, 200)
DIRECTOR_SC = (401, 403, 403, 200, 403, 200)
DIRECTOR_OTHER = (401, 403, 403, 403, 200, 200)
STORE_ONLY = (401, 403, 403, 403, 403, 200)

CASES: dict[tuple[str, str], list[Case]] = {
    ("GET", "/"): [Case("/", every(200))],
    ("GET", "/ratings"): [Case("/ratings", every(200)), Case("/ratings?league=DL", every(200))],
    ("GET", "/leagues"): [Case("/leagues", every(200))],
    ("GET", "/leagues/{league}"): [Case("/leagues/DL", every(200))],
    ("GET", "/events/{event}"): [Case(f"/events/{EVENT}", every(200))],
    ("GET", "/events/{event}/live"): [Case(f"/events/{EVENT}/live", every(200))],
    ("GET", "/matches/{match}"): [Case(f"/matches/{T1}", every(200))],
    ("GET", "/matches/{match}/live"): [Case(f"/matches/{T1}/live", every(200))],
    ("GET", "/referee"): [Case("/referee", every(200))],
    # the visitor types no token: refused; every token holder is signed in and sent on
    ("POST", "/referee/login"): [Case("/referee/login", (401, 303, 303, 303, 303, 303), {"token": "SECRET"})],
    ("POST", "/referee/logout"): [Case("/referee/logout", every(303), {})],
    ("GET", "/referee/matches/{match}"): [Case(f"/referee/matches/{T1}", WRITE_T1)],
    ("POST", "/referee/matches/{match}"): [
        Case(f"/referee/matches/{T1}", WRITE_T1, {"directive": "trump H"}),
        # table 2 is not table 1's referee's
        Case(f"/referee/matches/{T2}", (401, 403, 403, 200, 403, 200), {"directive": "hand"})],
    ("POST", "/referee/matches/{match}/undo"): [Case(f"/referee/matches/{T1}/undo", WRITE_T1, {})],
    ("POST", "/referee/matches/{match}/void"): [
        Case(f"/referee/matches/{T1}/void", WRITE_T1, {"seq": "LAST", "reason": "记错了"})],
    ("POST", "/referee/matches/{match}/amend"): [
        Case(f"/referee/matches/{T1}/amend", WRITE_T1,
             {"seq": "LAST", "directive": "declare W BJ", "reason": "是西家抢亮"})],
    # a dispute of hand 1 (begun, not settled: a dispute may be raised, a confirmation may not)
    ("POST", "/referee/matches/{match}/remark"): [
        Case(f"/referee/matches/{T1}/remark", WRITE_T1,
             {"act": "dispute", "hand": "1", "by": "NS", "claim": "抢亮在先"})],
    ("GET", "/director"): [Case("/director", (401, 403, 403, 200, 200, 200))],
    ("POST", "/director/pair"): [
        Case("/director/pair", DIRECTOR_OTHER, {"event": "OTHER"}),
        # SC's round 1 is not finished: the rules refuse (422) whom the scope allows
        Case("/director/pair", (401, 403, 403, 422, 403, 422), {"event": EVENT})],
    ("POST", "/director/close"): [
        # SC's matches are unfinished and OTHER has no round: the rules refuse (422) whom the scope allows
        Case("/director/close", (401, 403, 403, 422, 403, 422), {"event": EVENT, "force": "1", "reason": "时间到"}),
        Case("/director/close", (401, 403, 403, 403, 422, 422), {"event": "OTHER"})],
    ("POST", "/director/issue"): [
        Case("/director/issue", DIRECTOR_SC, {"name": "新裁判", "role": "referee", "event": EVENT}),
        Case("/director/issue", DIRECTOR_OTHER, {"name": "新裁判", "role": "director", "event": "OTHER"}),
        # no event named: the issuer's own event (the store's director: a store-wide token)
        Case("/director/issue", (401, 403, 403, 200, 200, 200), {"name": "新裁判", "event": ""})],
    ("POST", "/director/assign"): [
        Case("/director/assign", DIRECTOR_SC, {"name": "王裁判", "tables": "2", "event": EVENT}),
        Case("/director/assign", DIRECTOR_SC, {"name": "王裁判", "tables": "2"}),
        # moving SC's referee into OTHER needs both events: only the store's director has them
        Case("/director/assign", STORE_ONLY, {"name": "王裁判", "tables": "1", "event": "OTHER"}),
        Case("/director/assign", STORE_ONLY, {"name": "赵裁判", "tables": "1", "event": EVENT})],
    ("POST", "/director/revoke"): [
        Case("/director/revoke", DIRECTOR_SC, {"name": "王裁判"}),
        Case("/director/revoke", DIRECTOR_SC, {"name": "裁判长"}),
        Case("/director/revoke", DIRECTOR_OTHER, {"name": "外裁判长"}),
        Case("/director/revoke", STORE_ONLY, {"name": "总裁判长"}),
        Case("/director/revoke", (401, 403, 403, 404, 404, 404), {"name": "nobody"})],
    # the one-time sign-in link: its page is read by anyone; a code no link has signs no one in
    ("GET", "/referee/link/{code}"): [Case("/referee/link/sl-notacodeofthisserver", every(200))],
    ("POST", "/referee/link"): [Case("/referee/link", every(401), {"code": "sl-notacodeofthisserver"})],
    ("POST", "/director/link"): [
        Case("/director/link", DIRECTOR_SC, {"name": "王裁判"}),
        Case("/director/link", DIRECTOR_OTHER, {"name": "外裁判长"}),
        Case("/director/link", (401, 403, 403, 404, 404, 404), {"name": "nobody"})],
    # the director's phone: downloads of its own event's files, an entry added, a pair withdrawn
    ("GET", "/director/events/{event}/download/{kind}"): [
        Case(f"/director/events/{EVENT}/download/xlsx", (401, 403, 403, 200, 403, 200)),
        Case("/director/events/OTHER/download/xlsx", DIRECTOR_OTHER)],
    ("POST", "/director/entry"): [
        Case("/director/entry", DIRECTOR_SC, {"event": EVENT, "pair": "P9", "player1": "庚9", "player2": "辛9"}),
        Case("/director/entry", DIRECTOR_OTHER, {"event": "OTHER", "pair": "Q9", "player1": "庚9", "player2": "辛9"})],
    ("POST", "/director/withdraw"): [
        Case("/director/withdraw", DIRECTOR_SC, {"event": EVENT, "pair": "P4", "reason": "身体不适"}),
        Case("/director/withdraw", DIRECTOR_OTHER, {"event": "OTHER", "pair": "Q4", "reason": "身体不适"})],
    ("GET", "/events/{event}/screen"): [Case(f"/events/{EVENT}/screen", every(200))],
    ("GET", "/events/{event}/screen/live"): [Case(f"/events/{EVENT}/screen/live", every(200))],
    ("GET", "/api/matches/{match}"): [Case(f"/api/matches/{T1}", every(200))],
    ("POST", "/api/matches/{match}/entries"): [
        Case(f"/api/matches/{T1}/entries", (401, 201, 403, 201, 403, 201), {"directive": "trump H"})],
    ("GET", "/api/matches/{match}/stream"): [Case(f"/api/matches/{T1}/stream", every(200))],
    ("GET", "/api/events/{event}/standings"): [Case(f"/api/events/{EVENT}/standings", every(200))],
    ("GET", "/api/ratings"): [Case("/api/ratings", every(200))],
    ("GET", "/api/leagues/{league}/standings"): [Case("/api/leagues/DL/standings", every(200))],
    ("GET", "/api/events/{event}/stream"): [Case(f"/api/events/{EVENT}/stream", every(200))],
    ("GET", "/static"): [Case("/static/live.js", every(200))],
    # the referee's pages as an installable app (issue 32): read by anyone, like the static files
    ("GET", "/sw.js"): [Case("/sw.js", every(200))],
    ("GET", "/manifest.webmanifest"): [Case("/manifest.webmanifest", every(200))],
}
STREAMS = {("GET", "/api/matches/{match}/stream"), ("GET", "/api/events/{event}/stream")}


class Base(NamedTuple):
    db: Path
    secrets: tuple[str, ...]  # of WHO, in order ("" for the visitor)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Base:
    venue = make_venue(tmp_path_factory.mktemp("access"))
    venue.cli.ok("record", T1, "hand")
    venue.cli.ok("record", T1, "declare E BJ")
    venue.cli.ok("event", "new", "OTHER", "--name", "秋季杯", "--rounds", 2, "--date", "2026-12-06")
    for i in range(1, 5):
        venue.cli.ok("event", "add", "OTHER", f"Q{i}", f"丙{i}", f"丁{i}")
    venue.cli.ok("league", "new", "DL", "--title", "城市联赛")
    venue.cli.ok("league", "add-event", "DL", EVENT, "--club", "海之韵")
    tokens = Tokens(venue.db)
    other = tokens.add("外裁判长", "director", "OTHER").secret
    store = tokens.add("总裁判长", "director").secret
    return Base(venue.db, ("", venue.table1, venue.elsewhere, venue.director, other, store))


def route_keys(app: Any) -> set[tuple[str, str]]:
    keys: set[tuple[str, str]] = set()
    for r in app.routes:
        if isinstance(r, Mount):
            keys.add(("GET", r.path))
        else:
            assert isinstance(r, Route)
            keys.update((m, r.path) for m in (r.methods or ()) if m != "HEAD")
    return keys


def test_every_route_has_a_row(base: Base) -> None:
    keys = route_keys(make_app(str(base.db), EVENT))
    assert keys - CASES.keys() == set(), "routes without a row in CASES"
    assert CASES.keys() - keys == set(), "rows of routes the application does not have"
    # 33 + GET /ratings and /api/ratings, + /leagues, /leagues/{league} and its standings, + POST …/void,
    # + GET /sw.js and /manifest.webmanifest (issue 32)
    assert len(keys) == 41


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, html[:500]
    return found.group(1)


def files_of(db: Path) -> dict[str, bytes]:
    return {str(p.relative_to(db)): p.read_bytes() for p in sorted(db.rglob("*")) if p.is_file()}


def attempt(db: Path, secret: str, case: Case) -> int:
    client = TestClient(make_app(str(db), EVENT))
    api = case.url.startswith("/api/")
    headers = {"Authorization": f"Bearer {secret}"} if api and secret else {}
    if secret and not api and case.url != "/referee/login":
        page = client.get("/referee")
        signed = client.post("/referee/login", data={"token": secret, "csrf": csrf_of(page.text)},
                             follow_redirects=False)
        assert signed.status_code == 303
    if case.data is None:
        return client.get(case.url, headers=headers).status_code
    if api:
        return client.post(case.url, json=case.data, headers=headers).status_code
    data = {**case.data, "csrf": csrf_of(client.get("/referee").text)}
    if data.get("token") == "SECRET":
        data["token"] = secret
    if data.get("seq") == "LAST":  # the seq of table 1's latest entry, its declare
        data["seq"] = str(len(Store(db).entries(T1)))
    return client.post(case.url, data=data, follow_redirects=False).status_code


ROWS = [(key, i, case) for key, cases in CASES.items() if key not in STREAMS for i, case in enumerate(cases)]


@pytest.mark.parametrize(("key", "i", "case"), ROWS, ids=[f"{m} {p} #{i}" for (m, p), i, _ in ROWS])
def test_each_route_allows_and_refuses_as_the_table_says(base: Base, tmp_path: Path, key: tuple[str, str], i: int,
                                                         case: Case) -> None:
    got = []
    for n, secret in enumerate(base.secrets):
        db = base.db
        if case.data is not None:  # a write: on a fresh copy of the venue
            db = tmp_path / f"store-{n}"
            shutil.copytree(base.db, db)
        before = files_of(db)
        code = attempt(db, secret, case)
        got.append(code)
        if code in (401, 403):
            assert files_of(db) == before, f"{WHO[n]}: refused ({code}) yet the store changed"
    assert dict(zip(WHO, got, strict=True)) == dict(zip(WHO, case.expect, strict=True))


def test_the_streams_are_read_by_anyone(base: Base) -> None:
    import httpx

    with running(base.db) as url, httpx.Client(base_url=url, timeout=20) as http:
        for key in sorted(STREAMS):
            [case] = CASES[key]
            got = []
            for secret in base.secrets:
                headers = {"Authorization": f"Bearer {secret}"} if secret else {}
                with http.stream("GET", case.url, headers=headers) as stream:
                    got.append(stream.status_code)
            assert tuple(got) == case.expect, key


def test_a_refusal_by_scope_says_why_in_both_languages(base: Base, tmp_path: Path) -> None:
    db = tmp_path / "store"
    shutil.copytree(base.db, db)
    client = TestClient(make_app(str(db), EVENT))
    page = client.get("/referee")
    client.post("/referee/login", data={"token": base.secrets[4], "csrf": csrf_of(page.text)})
    csrf = csrf_of(client.get("/referee").text)
    said = {}
    for lang in ("en", "zh"):
        r = client.post(f"/director/issue?lang={lang}", data={"csrf": csrf, "name": "新裁判", "event": EVENT})
        assert r.status_code == 403
        found = re.search(r'id="error-message"[^>]*>([^<]*)<', r.text)
        assert found, r.text
        said[lang] = found.group(1).strip()
    assert said == {"en": "外裁判长&#39;s token is for event OTHER only, not SC",
                    "zh": "外裁判长 的令牌只用于赛事 OTHER，不能用于 SC"}
    assert Tokens(db).named("新裁判") is None


def test_the_director_page_lists_the_tokens_of_its_own_scope_only(base: Base) -> None:
    def listed(secret: str) -> set[str]:
        client = TestClient(make_app(str(base.db), EVENT))
        page = client.get("/referee")
        client.post("/referee/login", data={"token": secret, "csrf": csrf_of(page.text)})
        director = client.get("/director")
        assert director.status_code == 200
        return set(re.findall(r'<tr data-name="([^"]+)"', director.text))

    sc = {"王裁判", "李裁判", "裁判长"}  # the tokens of event SC (tests/webvenue.py)
    assert listed(base.secrets[3]) == sc
    assert listed(base.secrets[4]) == {"赵裁判", "外裁判长"}
    assert listed(base.secrets[5]) == sc | {"赵裁判", "外裁判长", "总裁判长"}
