"""The director on a phone (issue 19 item 14), through Starlette's TestClient: each table's state on the
director's page, the event's files as downloads (sheets, report, workbook), an entry added and a pair
withdrawn — through the use cases the CLI uses, refused with a line naming the field.
"""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from test_web import csrf_of, sign_in  # noqa: E402
from webvenue import EVENT, T1, T2, Venue, make_venue  # noqa: E402

from referee.web.app import make_app  # noqa: E402


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


@pytest.fixture
def director(venue: Venue) -> TestClient:
    client = TestClient(make_app(str(venue.db), EVENT))
    sign_in(client, venue.director)
    return client


def shown(page: str, element: str) -> str:
    found = re.search(rf'<p id="{element}"[^>]*>(.*?)</p>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


def test_the_directors_page_shows_each_tables_state(venue: Venue, director: TestClient) -> None:
    for directive in ("hand", "declare E BJ"):
        venue.cli.ok("record", T1, *directive.split())
    page = director.get("/director?lang=en").text
    states = dict(re.findall(r'<li data-match="([^"]+)" data-state="[a-z_]+">.*?<span class="state">([^<]*)</span>',
                             page, re.S))
    # table 1: hand 1 of game 1 begun; table 2: nothing recorded since the pairing
    assert states == {T1: "game 1, hand 1", T2: "not started"}
    assert 'href="/events/SC/screen"' in page


def test_the_event_files_download_to_the_phone(venue: Venue, director: TestClient) -> None:
    sheets = director.get(f"/director/events/{EVENT}/download/sheets")
    assert sheets.status_code == 200 and sheets.content.startswith(b"%PDF-")
    assert sheets.headers["content-type"] == "application/pdf"
    assert sheets.headers["content-disposition"] == 'attachment; filename="SC-R1.pdf"'  # round 1 is paired
    report = director.get(f"/director/events/{EVENT}/download/report")
    assert report.status_code == 200 and report.content.startswith(b"%PDF-")
    assert report.headers["content-disposition"] == 'attachment; filename="SC-standings.pdf"'
    book = director.get(f"/director/events/{EVENT}/download/xlsx")
    assert book.status_code == 200 and book.content.startswith(b"PK")  # a workbook is a zip
    bad = director.get(f"/director/events/{EVENT}/download/csv?lang=en")
    assert bad.status_code == 422
    assert "no download 'csv': sheets, report or xlsx" in html.unescape(bad.text)
    # a referee may not; a director of another event may not
    referee = TestClient(make_app(str(venue.db), EVENT))
    sign_in(referee, venue.table1)
    assert referee.get(f"/director/events/{EVENT}/download/report").status_code == 403
    other = director.get("/director/events/OTHER/download/report?lang=en")
    assert other.status_code == 403
    assert "裁判长's token is for event SC only, not OTHER" in html.unescape(other.text)


def test_an_entry_is_added_and_a_pair_withdrawn(venue: Venue, director: TestClient) -> None:
    page = director.get("/director?lang=en").text
    form = {"csrf": csrf_of(page), "event": EVENT}
    blank = director.post("/director/entry?lang=en", data={**form, "pair": "P5", "player1": "", "player2": "丁5"})
    assert blank.status_code == 422 and shown(blank.text, "rejection") == "Player 1: fill it in"
    added = director.post("/director/entry?lang=en", data={**form, "pair": "P5", "player1": "丙5", "player2": "丁5",
                                                            "club": "星海"})
    assert added.status_code == 200 and shown(added.text, "done") == "pair P5 entered: 丙5, 丁5"
    assert '<li data-pair="P5">P5 丙5 · 丁5 <span class="muted">星海</span>' in added.text
    taken = director.post("/director/entry?lang=en", data={**form, "pair": "P5", "player1": "甲9", "player2": "乙9"})
    assert taken.status_code == 422 and "pair P5 is already entered (丙5, 丁5)" in shown(taken.text, "rejection")
    no_reason = director.post("/director/withdraw?lang=en", data={**form, "pair": "P4", "reason": ""})
    assert no_reason.status_code == 422
    assert shown(no_reason.text, "rejection") == "withdraw: give the reason (it is kept in the event's log)"
    out = director.post("/director/withdraw?lang=zh", data={**form, "pair": "P4", "reason": "身体不适"})
    assert out.status_code == 200 and shown(out.text, "done") == "P4 已退赛：之后不再配对"
    assert re.search(r'<li data-pair="P4">P4 甲4 · 乙4 <span class="muted">已退出</span>', out.text)
    # the event's log says so, as `referee event withdraw` would have
    listed = venue.cli.ok("event", "standings", EVENT).out
    assert "P4" in listed and "P5" in listed


def test_a_forced_close_shows_what_it_will_store_before_it_stores_it(venue: Venue, director: TestClient,
                                                                     tmp_path: Path) -> None:
    from eventplay import match_text

    # table 1: EW won game 1 in one hand (tests/eventplay.py), the match unfinished (two games win, §8.1): a forced
    # close gives EW the 2 - 1 = 1 ruling it still needs; table 2 has the director's result 2:0, so no ruling
    record = tmp_path / "t1.gunzi"
    record.write_text(match_text(T1, ["EW"]), encoding="utf-8")
    venue.cli.ok("record", T1, "--file", record)
    venue.cli.ok("event", "result", EVENT, "2", "EW", "2:0", "--reason", "NS left early")
    page = director.get("/director?lang=en").text
    answer = director.post("/director/close?lang=en", data={"csrf": csrf_of(page), "event": EVENT, "force": "1",
                                                            "reason": "time is up"})
    shown_text = html.unescape(answer.text)
    preview = re.search(r'<div id="close-preview".*?<pre>(.*?)</pre>', shown_text, re.S)
    assert preview, shown_text[:2000]
    lines = preview.group(1).strip().splitlines()
    assert lines[0] == "Closing round 1 by force would store (reason: time is up):"
    assert len(lines) == 2 and "table 1 SC-R1-T1" in lines[1] and lines[1].endswith("1 ruling for EW")
    assert "referee event result" not in shown_text  # the command line's way out is not offered on the page
    status = venue.cli.ok("event", "status", EVENT, "--json").out
    assert '"status": "open"' in status  # nothing stored yet
    done = director.post("/director/close?lang=en", data={"csrf": csrf_of(answer.text), "event": EVENT, "force": "1",
                                                          "confirmed": "1", "reason": "time is up"})
    assert shown(done.text, "done") == "round 1 closed: its results are final"
    log = venue.cli.ok("log", T1).out
    assert "ruling winner=EW" in log and "time is up" in log
