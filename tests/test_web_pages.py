"""Issue 19, the defects of the venue pages (items 1–6): a finished match's explanations, the phone's
entry read as guided entry reads it, the director's page signed out, the standings' tie-breaks and
marks, the level chart's games, and the words (积分, 第N轮, Chinese buttons).

The matches are played from record files (tests/eventplay.py, whose docstring works out the numbers
from docs/gunzi-rules.md): a short game is one hand won at S = 0 (§7.3.1), a long game two hands.
"""

from __future__ import annotations

import html
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
from eventplay import match_text  # noqa: E402
from webvenue import EVENT, T1, T2, Venue, make_venue  # noqa: E402

from referee.web.app import make_app  # noqa: E402

REFEREE = [str(Path(sys.executable).parent / "referee")]


@pytest.fixture
def venue(tmp_path: Path) -> Venue:
    return make_venue(tmp_path)


@pytest.fixture
def client(venue: Venue) -> TestClient:
    return TestClient(make_app(str(venue.db), EVENT))


def play(venue: Venue, match: str, winners: list[str], long: tuple[int, ...] = ()) -> str:
    """The match recorded from its record file by the real CLI; what the CLI printed."""
    path = venue.db.parent / f"{match}.gunzi"
    path.write_text(match_text(match, winners, long), encoding="utf-8")
    return venue.cli.ok("record", match, "--file", path).out


# --- 1. only the hand that ended the match says the match is over --------------------------------------

def test_only_the_hand_that_ended_the_match_says_who_won_it(venue: Venue, client: TestClient) -> None:
    # EW win game 1 in two hands (long), NS game 2 in one, EW game 3 in one: four hands; the dalian-club
    # rules play to two games won (§8.1), so the fourth hand ends the match, 2:1 to EW, and no other.
    printed = play(venue, T1, ["EW", "NS", "EW"], long=(1,))
    assert printed.count("match won by") == 1
    assert printed.index("match won by") > printed.index("Hand 4 settled")
    page = client.get(f"/matches/{T1}?lang=en").text
    settlements = re.findall(r'<pre class="settlement">(.*?)</pre>', page, re.S)
    assert len(settlements) == 4
    assert ["match won by" in s for s in settlements] == [False, False, False, True]
    zh = client.get(f"/matches/{T1}?lang=zh").text
    assert [("比赛结束" in s) for s in re.findall(r'<pre class="settlement">(.*?)</pre>', zh, re.S)] \
        == [False, False, False, True]


# --- 2. the phone's entry field reads what the guided prompt reads, through the same code ---------------

def web_answers(client: TestClient, answers: list[str], lang: str) -> list[str]:
    """Each answer typed into the entry field of table 1 and sent; the rejection shown, or ''."""
    from test_web import csrf_of, seq_of

    shown = []
    page = client.get(f"/referee/matches/{T1}?lang={lang}")
    for answer in answers:
        r = client.post(f"/referee/matches/{T1}?lang={lang}",
                        data={"csrf": csrf_of(page.text), "after": seq_of(page.text), "directive": answer})
        found = re.search(r'<p id="rejection"[^>]*>(.*?)</p>', r.text, re.S)
        shown.append(html.unescape(found.group(1)) if found else "")
        page = r
    return shown


def guided_cli(venue: Venue, match: str, answers: list[str], lang: str) -> str:
    """The guided prompt of the real CLI (``referee record MATCH``), the answers on its input."""
    env = {**os.environ, "REFEREE_DB": str(venue.db), "REFEREE_LANG": lang, "REFEREE_NAME": "命令行"}
    run = subprocess.run([*REFEREE, "record", match], input="\n".join([*answers, "q"]) + "\n", env=env,
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    return run.stdout


# The short keep of docs/gunzi-rules.md, answered as a referee answers at the prompt: E grabs with the
# big joker, trump hearts, six bare cards (the one expected directive taking bare cards after the trump
# is the kitty), the same six buried again (after the kitty, the bury), bare numbers 30 and 70 (points),
# 保底 (the declarers kept the last trick: last decl). The buried cards hold no points, so
# S = 30 + 70 = 100 < 120 and kept: a keep (§7.1), EW 3 → 4.
SHORT = ["declare E BJ", "trump H", "4C 6C 7C 8C 9C JH", "4C 6C 7C 8C 9C JH", "30", "70", "保底"]
STORED = ["hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "bury 4C 6C 7C 8C 9C JH", "points 30",
          "points 70", "last decl"]


def test_the_entry_field_accepts_the_short_answers_of_the_guided_prompt(venue: Venue, client: TestClient) -> None:
    from test_web import sign_in

    from referee.store.folder import FolderStore as Store

    sign_in(client, venue.table1)
    n1, n2 = len(Store(venue.db).entries(T1)), len(Store(venue.db).entries(T2))
    assert web_answers(client, ["hand", *SHORT], "en") == [""] * 8
    guided_cli(venue, T2, SHORT, "en")  # the guided prompt begins the hand itself
    for match, n in ((T1, n1), (T2, n2)):
        assert [e["directive"] for e in Store(venue.db).entries(match)][n:] == STORED, match
    page = client.get(f"/matches/{T1}?lang=en").text
    assert "EW 4" in re.findall(r'<pre class="settlement">(.*?)</pre>', page, re.S)[0]  # the keep, §7.1


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "'xyz' is not understood (expected: "),
    ("zh", "无法理解 'xyz'（应输入："),
])
def test_an_answer_naming_nothing_is_refused_alike_with_what_is_expected(venue: Venue, client: TestClient,
                                                                        lang: str, said: str) -> None:
    from test_web import sign_in

    from referee.store.folder import FolderStore as Store

    sign_in(client, venue.table1)
    n = len(Store(venue.db).entries(T1))
    # after `hand` and before any declaration, 'xyz' names nothing and a bare number fills nothing (points
    # are not expected before the trump is known): the refusal lists what is expected now (the declaring
    # directives), never the match-level match/team/seat
    web = web_answers(client, ["hand", "xyz", "30"], lang)
    assert web[0] == "" and web[1].startswith(said) and web[2].startswith(said.replace("xyz", "30"))
    for refusal in web[1:]:
        assert "match" not in refusal and "team" not in refusal and "declare" in refusal, refusal
    printed = guided_cli(venue, T2, ["xyz", "30"], lang)
    for refusal in web[1:]:
        assert refusal in printed, (refusal, printed)
    assert len(Store(venue.db).entries(T1)) == n + 1  # only `hand` stored


# --- 4. the web standings: tie-breaks, the withdrawn mark, the corrected note, final -------------------

def standings_rows(page: str) -> dict[str, list[str]]:
    """The standings table of an event page: the header and each pair's cells, by pair."""
    table = page[page.index('<table id="standings"'):]
    table = table[:table.index("</table>")]
    head = [html.unescape(h) for h in re.findall(r"<th(?: [^>]*)?>(.*?)</th>", table)]
    rows = {pair: [html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", body)]
            for pair, body in re.findall(r'<tr data-pair="([^"]+)"[^>]*>(.*?)</tr>', table, re.S)}
    return {"head": head, **rows}


def test_the_standings_show_the_tie_breaks_the_withdrawn_the_correction_and_final(venue: Venue,
                                                                                 client: TestClient) -> None:
    # Round 1 (tests/webvenue.py pairs P1 v P2 at table 1, P4 v P3 at table 2): P1 (EW) win 2:0, game 1
    # long, game 2 short; P3 (NS at table 2) win 2:0, both games short. The club scoring
    # (referee/tournament/scoring/club.toml): 2:0 is 3 match points, 0:2 is 0, so P1 and P3 are level
    # on 3; games difference +2 each; they have not met (no head-to-head); Buchholz 0 each (their
    # opponents have 0). The level difference separates them: a long game ends 5:3 (+2), a short one 4:3
    # (+1) (tests/eventplay.py), so P1 +2 +1 = +3, P3 +1 +1 = +2: P1 first, P3 second.
    play(venue, T1, ["EW", "EW"], long=(1,))
    play(venue, T2, ["NS", "NS"])
    venue.cli.ok("event", "close", EVENT)
    venue.cli.ok("event", "withdraw", EVENT, "P4", "--reason", "ill")
    page = client.get(f"/events/{EVENT}?lang=en").text
    table = standings_rows(page)
    head = table["head"]
    for column in ("Match points", "Games difference", "Buchholz", "Level difference", "Status"):
        assert any(h.lower() == column.lower() for h in head), (column, head)
    level = next(i for i, h in enumerate(head) if h.lower() == "level difference")
    points = next(i for i, h in enumerate(head) if h.lower() == "match points")
    rank = head.index("Rank")
    assert (table["P1"][rank], table["P1"][points], table["P1"][level]) == ("1", "3", "+3")
    assert (table["P3"][rank], table["P3"][points], table["P3"][level]) == ("2", "3", "+2")
    assert re.search(r'<tr data-pair="P4" class="withdrawn"', page)
    assert re.search(r'<tr data-pair="P1">', page)  # the others are not marked
    status = head.index("Status")
    assert "withdr" in table["P4"][status] and table["P1"][status] == table["P3"][status] == ""
    assert re.search(r'<h2 id="standings-title">Standings after round 1</h2>', page)
    assert 'id="standings-notes"' not in page
    # A correction after the close that changes no result: game 1's first hand had 95, not 100 (S = 95
    # < 120 kept is still a keep, +1, and 80 ≤ 95 ≤ 150 owes no blood: §7.1, §7.2.3).
    from referee.store.folder import FolderStore as Store

    seq = next(e["seq"] for e in Store(venue.db).entries(T1) if e.get("directive") == "points 100")
    venue.cli.ok("amend", T1, seq, "points", "95", "--reason", "recount")
    page = client.get(f"/events/{EVENT}?lang=en").text
    notes = re.search(r'<ul id="standings-notes"[^>]*>(.*?)</ul>', page, re.S)
    assert notes and f"Round 1 corrected after close: {T1} seq " in notes.group(1) and "recount" in notes.group(1)
    zh = client.get(f"/events/{EVENT}?lang=zh").text
    assert "第 1 轮结束后有更正" in zh and re.search(r'<h2 id="standings-title">第 1 轮后排名</h2>', zh)
    # Round 2 (three pairs left: one has the bye) played out and closed: the event's last round, final.
    venue.cli.ok("event", "pair", EVENT)
    pairing = venue.cli.json("event", "standings", EVENT)["rounds"][1]["tables"]
    for t in pairing:
        play(venue, t["match"], ["EW", "EW"])
    venue.cli.ok("event", "close", EVENT)
    zh = client.get(f"/events/{EVENT}?lang=zh").text
    assert re.search(r'<h2 id="standings-title">最终排名</h2>', zh), zh[:3000]
    assert "第 2 轮" not in zh[zh.index('id="standings-title"'):zh.index('<table id="standings"')]
    en = client.get(f"/events/{EVENT}?lang=en").text
    assert re.search(r'<h2 id="standings-title">Final standings</h2>', en)
    # and the director's page pairs no further round: the event is over
    from test_web import sign_in

    sign_in(client, venue.director)
    director = client.get("/director?lang=en").text
    assert "disabled" in pair_button(director) and "Every round of the event is played" in director


# --- 6. the words: 积分, one form of a round, Chinese on the buttons ------------------------------------

def test_match_points_are_jifen_and_a_round_is_di_n_lun_everywhere_on_the_pages(venue: Venue,
                                                                                client: TestClient) -> None:
    from test_web import sign_in

    from referee.web.words import WORDS

    # the words and the templates of the pages: 积分 as elsewhere (docs, CLI), never 比赛分
    assert not [key for key, msg in WORDS.items() if "比赛分" in msg.text("zh")]
    templates = Path(__file__).parent.parent / "referee" / "web" / "templates"
    assert sorted(templates.glob("*.html")) and not [p.name for p in templates.glob("*.html")
                                                     if "比赛分" in p.read_text(encoding="utf-8")]
    play(venue, T1, ["EW", "EW"])
    sign_in(client, venue.director)
    pages = {url: client.get(url + "?lang=zh").text
             for url in ("/", f"/events/{EVENT}", f"/matches/{T1}", f"/matches/{T2}", "/director")}
    for url, page in pages.items():
        assert "比赛分" not in page and not re.search(r"轮次 ?\d", page), url
    assert "积分" in pages[f"/events/{EVENT}"]
    # the match's header names its round as the event page does: 第 1 轮
    assert "第 1 轮" in pages[f"/matches/{T1}"] and "第 1 轮" in pages[f"/events/{EVENT}"]


def button_texts(page: str) -> dict[str, str]:
    """The entry form's directive buttons: id → text."""
    return {i: html.unescape(t) for i, t in re.findall(r'<button[^>]* id="((?:pick|start)-[^"]+)"[^>]*>(.*?)</button>',
                                                       page)}


def test_the_chinese_entry_page_shows_each_directive_with_its_chinese_keyword(venue: Venue,
                                                                              client: TestClient) -> None:
    from test_web import csrf_of, seq_of, sign_in

    sign_in(client, venue.table1)
    # the registry (referee/games/gunzi/directives.py): hand 发牌, time 到时, warn 警告, ruling 裁定, declare
    # 亮主, declarer 庄家, flip 翻牌 (between hands: a hand, a time call, a warning or a ruling)
    assert button_texts(client.get(f"/referee/matches/{T1}?lang=zh").text) == {
        "pick-hand": "hand 发牌", "pick-time": "time 到时", "start-warn": "warn 警告", "start-ruling": "ruling 裁定"}
    assert button_texts(client.get(f"/referee/matches/{T1}?lang=en").text) == {
        "pick-hand": "hand", "pick-time": "time", "start-warn": "warn", "start-ruling": "ruling"}
    page = client.get(f"/referee/matches/{T1}?lang=zh")
    page = client.post(f"/referee/matches/{T1}?lang=zh",
                       data={"csrf": csrf_of(page.text), "after": seq_of(page.text), "pick": "hand"})
    shown = button_texts(page.text)
    assert shown["start-declare"] == "declare 亮主" and shown["start-flip"] == "flip 翻牌"
    assert shown["start-declarer"] == "declarer 庄家"
    # the last trick's two buttons: 抠底 (the defenders dug) and 保底 (the declarers kept)
    for line in ["declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 100"]:
        page = client.post(f"/referee/matches/{T1}?lang=zh",
                           data={"csrf": csrf_of(page.text), "after": seq_of(page.text), "directive": line})
        assert 'id="rejection"' not in page.text, page.text
    shown = button_texts(page.text)
    assert shown["pick-last-def"] == "last def 抠底" and shown["pick-last-decl"] == "last decl 保底"


# --- 3. the director's page: signing in on it, pairing only after the close, a phone's wording -------

def test_the_director_page_signed_out_has_its_sign_in_form(venue: Venue, client: TestClient) -> None:
    from test_web import csrf_of

    for lang, said in (("en", "This page needs you signed in"), ("zh", "此页面需要登录")):
        page = client.get(f"/director?lang={lang}")
        assert page.status_code == 401 and 'id="login-form"' in page.text and said in page.text
    signed = client.post("/referee/login", data={"token": venue.director, "csrf": csrf_of(page.text)},
                         follow_redirects=False)
    assert signed.status_code == 303 and signed.headers["location"] == "/director"
    assert 'id="tokens"' in client.get("/director").text
    assert client.get("/api/events/SC/standings").status_code == 200  # the API is untouched: JSON, no form
    api = client.post(f"/api/matches/{T1}/entries", json={"directive": "hand"})
    assert api.status_code == 401 and api.headers["content-type"].startswith("application/json")


def pair_button(page: str) -> str:
    found = re.search(r'<button id="pair"[^>]*>', page)
    assert found, page
    return found.group(0)


def test_pairing_waits_for_the_close_and_the_close_refusal_speaks_to_a_phone(venue: Venue,
                                                                              client: TestClient) -> None:
    from test_web import csrf_of, sign_in

    sign_in(client, venue.director)
    page = client.get("/director?lang=en").text
    assert "disabled" in pair_button(page) and "once this round is closed" in page  # round 1 is being played
    play(venue, T1, ["EW", "EW"])  # T2 not started
    for lang, said in (("en", ["round 1 cannot close: not finished yet: ", f"{T2} (not started)", "tick"]),
                       ("zh", ["第 1 轮不能结束：尚未打完：", f"{T2}（未开始）", "勾选"])):
        refused = client.post(f"/director/close?lang={lang}", data={"csrf": csrf_of(page), "event": EVENT})
        rejection = html.unescape(re.search(r'<p id="rejection"[^>]*>(.*?)</p>', refused.text, re.S).group(1))
        assert refused.status_code == 422 and all(s in rejection for s in said), rejection
        assert "--force" not in rejection and "--reason" not in rejection and T1 not in rejection, rejection
    no_reason = client.post("/director/close?lang=en", data={"csrf": csrf_of(page), "event": EVENT, "force": "1"})
    rejection = html.unescape(re.search(r'<p id="rejection"[^>]*>(.*?)</p>', no_reason.text, re.S).group(1))
    assert no_reason.status_code == 422 and rejection.startswith("to close with unfinished matches, give the reason")
    zh = client.post("/director/close?lang=zh", data={"csrf": csrf_of(page), "event": EVENT, "force": "1"})
    assert "结束仍有未打完比赛的一轮须填写理由" in zh.text
    assert venue.cli.json("event", "standings", EVENT)["rounds"][0]["status"] == "open"  # nothing closed
    play(venue, T2, ["NS", "NS"])
    closed = client.post("/director/close?lang=en", data={"csrf": csrf_of(page), "event": EVENT})
    assert closed.status_code == 200 and 'id="done"' in closed.text
    assert "disabled" not in pair_button(closed.text)  # closed: the next round may be paired


# --- 5. the level chart: each game its own lines, the game-ending hand marked -------------------------

def test_the_level_chart_draws_each_game_apart_and_marks_the_hand_that_ended_it(venue: Venue,
                                                                               client: TestClient) -> None:
    # EW win game 1 in two hands (long), NS game 2 in one, EW game 3 in one (tests/eventplay.py): by hand
    # (§7.1 a keep +1, §7.3.1 S = 0 wins the game), EW 3 → 4 → 5 in game 1 while NS stay 3; game 2 starts
    # both at 3 again (§3.2) and NS go 3 → 4; game 3 starts at 3 and EW go 3 → 4.
    play(venue, T1, ["EW", "NS", "EW"], long=(1,))
    page = client.get(f"/matches/{T1}?lang=en").text
    svg = page[page.index('<svg id="level-chart"'):page.index("</svg>")]
    grid = r'<line x1="28" x2="\d+" y1="([\d.]+)" y2="[\d.]+" class="gridline"/><text[^>]*>(\d+)<'
    level_at = {float(y): int(level) for y, level in re.findall(grid, svg)}
    ticks = r'<text x="([\d.]+)" y="\d+" class="tick" text-anchor="middle">(\d+)<'
    hand_at = {int(n): float(x) for x, n in re.findall(ticks, svg)}
    lines = {(team, int(game)): [level_at[float(p.split(",")[1])] for p in points.split()]
             for points, team, game in re.findall(r'<polyline points="([^"]+)" class="line (ew|ns)" data-game="(\d)"/>',
                                                  svg)}
    assert lines == {("ew", 1): [3, 4, 5], ("ns", 1): [3, 3, 3], ("ew", 2): [3, 3], ("ns", 2): [3, 4],
                     ("ew", 3): [3, 4], ("ns", 3): [3, 3]}
    assert len(re.findall(r'class="game-bound"', svg)) == 2  # between games 1 and 2, 2 and 3
    assert [g for g in re.findall(r'class="tick game-label"[^>]*>([^<]+)<', svg)] == ["Game 1", "Game 2", "Game 3"]
    # hands 2, 3 and 4 ended games 1, 2 and 3: their dots (both teams') are marked, hand 1's are not
    marked = {float(x) for x in re.findall(r'<circle cx="([\d.]+)" cy="[\d.]+" r="\d+" class="dot (?:ew|ns) game-end"',
                                             svg)}
    assert marked == {hand_at[2], hand_at[3], hand_at[4]}
    assert len(re.findall(r'class="dot (?:ew|ns) game-end"', svg)) == 6
    ended = re.findall(r'<li id="hand-(\d+)" class="game-end">', page)
    assert ended == ["2", "3", "4"]


def test_the_prompt_commands_typed_in_the_entry_field(venue: Venue, client: TestClient) -> None:
    from test_web import sign_in

    from referee.store.folder import FolderStore as Store

    sign_in(client, venue.table1)
    n = len(Store(venue.db).entries(T1))
    # `hand` stored as #n+1, then `undo` typed as at the guided prompt: an undo of #n+1 by the referee
    assert web_answers(client, ["hand", "undo"], "en") == ["", ""]
    last = Store(venue.db).entries(T1)[-1]
    assert (last["seq"], last["kind"], last["target"], last["referee"]) == (n + 2, "undo", n + 1, "王裁判")
    # the prompt's other commands are the page's own controls: said so, never "did you mean 'status'?"
    for lang, said in (("en", "'status' is a command of the guided prompt: on this page, use “Undo the latest” or "
                              "“Amend” below"),
                       ("zh", "'status' 是引导录入提示符的命令：在本页请用下方的“撤销最近一条”或“修改”")):
        shown = web_answers(client, ["status"], lang)[0]
        assert shown.startswith(said) and "did you mean" not in shown, shown
    assert len(Store(venue.db).entries(T1)) == n + 2
