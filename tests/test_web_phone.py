"""The venue server from a phone, in a real browser (issue 19 items 9, 10, 12, 13): Debian's chromium and
chromedriver driven by Selenium, over ``referee serve`` as a subprocess on a free loopback port
(``tests/webserver.py``) and a store made with the real CLI (event SC26 of four pairs, round 1 paired).

- the QR code's one-time link (``referee token link``) signs one phone in and opens its table; a second
  browser scanning it is refused with the line saying so;
- a whole hand entered by taps only at 390 px (the pad: seats, cards, suits, the points steppers), a fourth
  copy of a card refused, every visible control at least 44 px each way, stored as the typed directives
  would be (``referee log`` as a subprocess);
- an entry made offline (the browser's network cut by DevTools) shows "offline — not yet stored", nothing is
  stored; on reconnection it is sent again and stored exactly once; sent once more without its client id (a copy
  replayed) it is refused (the match moved on), never stored twice;
- the projector page ``/events/SC26/screen`` at 1920×1080.

Screenshots go to ``reports/screens/`` (git-ignored). Skipped, with the reason, where chromium, chromedriver or
Selenium are absent (``.ci/run`` installs them; CI fails on a skip).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from test_web_browser import SCREENS, _missing, after_value, close_browser, new_browser, screenshot, wait_for
from webserver import WebServer, add_token, referee_cli

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

MATCH = "SC26-R1-T1"
OTHER = "SC26-R1-T2"
REFEREE = "刘裁判"
PAIRS = [("A1", "张建国", "李秀英", "海之韵"), ("A2", "王志强", "赵丽华", "星海"),
         ("B1", "钱多多", "陈静", "老虎滩"), ("B2", "孙伟", "周敏", "海之韵")]
PHONE = (390, 844)


@pytest.fixture(scope="module")
def site():
    folder = Path(tempfile.mkdtemp(prefix="referee-phone-"))
    db = folder / "store"
    referee_cli(db, "event", "new", "SC26", "--name", "Spring Cup 春季杯", "--rounds", "2", "--date", "2026-12-05")
    entries = folder / "entries.csv"
    entries.write_text("pair,player1,player2,club\n" + "".join(",".join(p) + "\n" for p in PAIRS), encoding="utf-8")
    referee_cli(db, "event", "import", "SC26", str(entries))
    referee_cli(db, "event", "pair", "SC26")
    add_token(db, REFEREE, "--role", "referee", "--event", "SC26", "--tables", "1")
    server = WebServer(db).start()
    try:
        yield {"db": db, "url": server.url, "server": server}
    finally:
        server.stop()
        SCREENS.mkdir(parents=True, exist_ok=True)
        (SCREENS / "phone-serve.log").write_text(server.output(), encoding="utf-8")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def phone():
    driver = new_browser()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    try:
        yield driver
    finally:
        close_browser(driver)


def directives(db: Path, match: str = MATCH) -> list[str]:
    """The directives of ``referee log MATCH``, in order (the header entries of ``event pair`` too)."""
    out = referee_cli(db, "log", match).stdout
    rows = [line.split() for line in out.splitlines() if line.split() and line.split()[0].isdigit()]
    return [" ".join(r[5:]) for r in rows]


def link_of(db: Path, url: str) -> str:
    out = referee_cli(db, "token", "link", REFEREE, "--url", url).stdout
    found = re.search(re.escape(url) + r"/referee/link/sl-[A-Za-z0-9_-]+", out)
    assert found, out
    return found.group(0)


# --- 9: the QR code's link signs in once -----------------------------------------------------------------

def test_the_qr_link_signs_the_phone_in_once(site, phone):
    from selenium.webdriver.common.by import By

    link = link_of(site["db"], site["url"])
    phone.get(link)
    # scanning is all: the page sends itself and the referee's one table opens, signed in
    wait_for(lambda: phone.current_url.endswith(f"/referee/matches/{MATCH}"), what="the table's entry page")
    assert phone.find_element(By.ID, "entry-form")
    assert REFEREE in phone.find_element(By.ID, "logout-form").text
    other = new_browser()
    try:
        other.get(link + "?lang=en")  # the language cookie is kept for the page the form answers with
        refused = wait_for(lambda: other.find_element(By.ID, "rejection").text, what="the second scan refused")
        assert "this sign-in link was used already" in refused and "it signs in once" in refused, refused
        assert other.find_elements(By.ID, "login-form")
        assert not other.find_elements(By.ID, "entry-form")
    finally:
        close_browser(other)


# --- 10: a whole hand by taps at 390 px ---------------------------------------------------------------------

def test_a_whole_hand_by_taps_at_390_px(site, phone):
    from selenium.webdriver.common.by import By

    db, url = site["db"], site["url"]
    phone.get(f"{url}/referee/matches/{MATCH}?lang=zh")
    if phone.find_elements(By.ID, "login-form"):  # this test alone: sign in by the link
        phone.get(link_of(db, url))
        wait_for(lambda: phone.current_url.endswith(f"/referee/matches/{MATCH}"), what="the entry page")
    header = len(directives(db))
    wait_for(lambda: after_value(phone) == header, what="the entry form")

    def tap(element_id: str) -> None:
        wait_for(lambda: phone.find_element(By.ID, element_id).is_displayed(), what=f"#{element_id}")
        phone.find_element(By.ID, element_id).click()

    def stored(n: int) -> None:
        wait_for(lambda: after_value(phone) == header + n, what=f"entry {n} of the hand stored")

    def small_controls() -> list[str]:
        """Each visible control of the page smaller than 44 × 44 CSS px."""
        return phone.execute_script("""
          return [...document.querySelectorAll('button, input:not([type=hidden]), select, summary, header a')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.id || e.className || e.tagName, e.getBoundingClientRect()])
            .filter(([_, r]) => r.width < 44 || r.height < 44)
            .map(([n, r]) => n + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));""")

    def smallest() -> list[int]:
        """The narrowest and the lowest visible control (CSS px), for the run's log."""
        return phone.execute_script("""
          const r = [...document.querySelectorAll('button, input:not([type=hidden]), select, summary, header a')]
            .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect());
          return [Math.min(...r.map(x => x.width)), Math.min(...r.map(x => x.height))].map(Math.round);""")

    assert phone.execute_script("return window.innerWidth") == PHONE[0]
    tap("pick-hand")
    stored(1)
    # §4.1.1: E grabs with a big joker: the declare button opens the pad: seat E, the big joker
    tap("start-declare")
    assert small_controls() == []  # the pad open: seats, 54 card keys, suits, its buttons, all ≥ 44 px
    print("smallest control at 390 px (w, h):", smallest())
    assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]  # no sideways scroll
    # the same at 360 px, the narrowest phone the issue names; then back to 390
    phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})
    try:
        wait_for(lambda: phone.execute_script("return window.innerWidth") == 360, what="the 360 px viewport")
        assert small_controls() == []
        print("smallest control at 360 px (w, h):", smallest())
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 360
        # each row of keys inside its box (seven card keys of 44 px and their gaps fit the pad)
        spill = phone.execute_script("""return [...document.querySelectorAll('#pad .pad-grid')]
            .filter(g => g.offsetParent !== null && g.scrollWidth > g.clientWidth + 1).length""")
        assert spill == 0
    finally:
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    tap("pad-seat-E")
    tap("pad-card-BJ")
    assert phone.find_element(By.ID, "pad-text").text == "declare E BJ"
    tap("pad-send")
    stored(2)
    tap("start-trump")
    tap("pad-suit-H")
    assert phone.find_element(By.ID, "pad-text").text == "trump H"
    tap("pad-send")
    stored(3)
    tap("start-kitty")
    for card in ("4C", "6D", "9S", "KH", "7C", "3H"):
        tap(f"pad-card-{card}")
    assert phone.find_element(By.ID, "pad-count").text == "6/6"
    tap("pad-send")
    stored(4)
    # bury: three decks hold three copies of 4C; the fourth tap is refused, and the pad keeps three
    tap("start-bury")
    for _ in range(4):
        tap("pad-card-4C")
    warning = phone.find_element(By.ID, "pad-warning")
    assert warning.is_displayed() and "三副牌只有三张" in warning.text, warning.text
    assert phone.find_element(By.ID, "pad-text").text == "bury 4C 4C 4C"
    tap("pad-clear")
    for card in ("4C", "6C", "7C", "8D", "9D", "JS"):
        tap(f"pad-card-{card}")
    tap("pad-send")
    stored(5)
    # the defenders' points by the steppers: quick 20, +10, +5, +5, −5 → 35
    tap("start-points")
    for key in ("pad-quick-20", "pad-plus10", "pad-plus5", "pad-plus5", "pad-minus5"):
        tap(key)
    assert phone.find_element(By.ID, "pad-points").text == "35"
    tap("pad-send")
    stored(6)
    tap("pick-last-decl")
    stored(7)
    # P = 35 kept → S = 35 < 120, kept: keep (§7.1), EW 3 → 4 (+1, no kings in the kitty); blood
    # ceil((80 − 35) / 10) = ceil(4.5) = 5 (§7.2.3), next declarer W (E's partner, §7.4), paid by S (§7.2.1).
    settled = wait_for(lambda: phone.find_element(By.ID, "settlement").text, what="the settlement")
    assert "东西 4" in settled and "南北 3" in settled, settled
    import urllib.request

    hand = json.loads(urllib.request.urlopen(f"{url}/api/matches/{MATCH}", timeout=30).read())["hands"][0]
    assert (hand["points"], hand["score"], hand["outcome"]) == (35, 35, "keep")
    assert hand["levels_after"] == {"EW": 4, "NS": 3}
    assert (hand["blood"], hand["blood_giver"], hand["next_declarer"]) == (5, "S", "W")
    assert directives(db)[header:] == ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H",
                                       "bury 4C 6C 7C 8D 9D JS", "points 35", "last decl"]
    assert small_controls() == []
    SCREENS.mkdir(parents=True, exist_ok=True)
    screenshot(phone, f"{url}/referee/matches/{MATCH}?lang=zh", SCREENS / "phone-entry-390-zh.png", 390)


# --- 13: offline, then sent on reconnect exactly once ------------------------------------------------------

def test_an_entry_made_offline_is_sent_on_reconnect_exactly_once(site, phone):
    from selenium.webdriver.common.by import By

    db, url = site["db"], site["url"]
    phone.get(f"{url}/referee/matches/{MATCH}?lang=en")
    if phone.find_elements(By.ID, "login-form"):
        phone.get(link_of(db, url))
    phone.get(f"{url}/referee/matches/{MATCH}?lang=en")
    before = directives(db)
    seq = wait_for(lambda: after_value(phone), what="the entry form")
    assert seq == len(before)
    box = phone.find_element(By.ID, "directive")
    phone.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
    try:
        box.clear()
        box.send_keys("warn N 离座")
        phone.find_element(By.ID, "record").click()
        shown = wait_for(lambda: phone.find_element(By.ID, "offline").text, what="the offline line")
        assert shown.startswith("offline — not yet stored: warn N 离座"), shown
        time.sleep(3)  # a retry or two while offline: nothing reaches the store
        assert directives(db) == before
        assert after_value(phone) == seq
    finally:
        phone.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    back = time.monotonic()
    wait_for(lambda: after_value(phone) == seq + 1, what="the kept entry sent on reconnect", timeout=20)
    print(f"stored {time.monotonic() - back:.2f} s after the network came back")
    assert not phone.find_element(By.ID, "offline").is_displayed()
    assert directives(db) == before + ["warn N 离座"]
    # The same entry sent again without its client id (a copy replayed, as an older page would send it): made
    # after #seq, the match has moved on to #seq+1, so the write path refuses it and nothing is stored twice.
    phone.execute_script("""
      const form = document.getElementById('entry-form');
      return window.refereeQueue.add(form.getAttribute('action'),
        [['csrf', form.querySelector('[name=csrf]').value], ['after', arguments[0]], ['directive', 'warn N 离座']],
        'warn N 离座', '');""", str(seq))
    refused = wait_for(lambda: phone.find_element(By.ID, "rejection").text, what="the replayed copy refused")
    assert "the match moved on" in refused and f"#{seq + 1}" in refused, refused
    assert directives(db) == before + ["warn N 离座"]
    assert phone.execute_script("return window.refereeQueue.count()") == 0


# --- 12: the projector ---------------------------------------------------------------------------------------

def test_the_projector_page_at_1920(site, phone):
    from selenium.webdriver.common.by import By

    url, db = site["url"], site["db"]
    for directive in ("hand", "declare E BJ"):  # table 2 starts its first hand (a referee at the CLI)
        referee_cli(db, "record", OTHER, *directive.split(), referee="王裁判")
    screen = new_browser()
    try:
        screen.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False})
        screen.get(f"{url}/events/SC26/screen")
        rows = wait_for(lambda: screen.find_elements(By.CSS_SELECTOR, "#screen-tables tbody tr"), what="the tables")
        states = {r.get_attribute("data-match"): r.find_element(By.CSS_SELECTOR, ".state").text for r in rows}
        clocks = {r.get_attribute("data-match"): r.find_element(By.CSS_SELECTOR, ".clock").text for r in rows}
        assert set(states) == {MATCH, OTHER}, states
        # table 2: hand 1 of game 1 begun just now; dalian-club's game clock is 50 minutes (§7.3.5)
        assert states[OTHER] == "第 1 副", states
        assert re.fullmatch(r"第1局 · [01] 分钟 / 50", clocks[OTHER]), clocks
        # table 1: hand 1 settled by taps (the test above, when run with it): hand 2 is next; alone: no play yet
        assert states[MATCH] in ("第 2 副", "未开始"), states
        referee_cli(db, "record", OTHER, "trump", "H", referee="王裁判")
        referee_cli(db, "record", OTHER, "kitty", "4C", "6C", "7C", "8C", "9C", "JH", referee="王裁判")
        referee_cli(db, "record", OTHER, "points", "0", referee="王裁判")
        referee_cli(db, "record", OTHER, "last", "decl", referee="王裁判")
        recorded = time.monotonic()
        # §7.3.1: S = 0 → EW win game 1; the match goes on (two games to win, §8.1): hand 2, live, no reload
        wait_for(lambda: screen.find_element(By.CSS_SELECTOR, f"#screen-tables tr[data-match='{OTHER}'] .state")
                 .text == "第 2 副", what="table 2's new hand on the screen")
        print(f"the projector showed the CLI's entry {time.monotonic() - recorded:.2f} s after it was stored")
        size = screen.execute_script("return [document.documentElement.scrollWidth, "
                                     "document.documentElement.scrollHeight]")
        assert size[0] <= 1920 and size[1] <= 1080, size  # one screen: nothing to scroll on a projector
        cut = screen.execute_script("""return [...document.querySelectorAll('body.screen table')]
            .filter(t => t.getBoundingClientRect().right > t.parentElement.getBoundingClientRect().right + 1
                         || t.getBoundingClientRect().bottom > 1080).length""")
        assert cut == 0  # every column and row of both tables inside its half of the screen
        heads = [th.text for th in screen.find_elements(By.CSS_SELECTOR, "#screen-standings th")]
        assert "积分" in heads, heads  # the match points (issue 19 item 6's word) are on the screen
        big = screen.execute_script("return parseFloat(getComputedStyle(document.querySelector("
                                    "'#screen-standings td')).fontSize)")
        assert big >= 28, big  # readable across the room
        SCREENS.mkdir(parents=True, exist_ok=True)
        screen.save_screenshot(str(SCREENS / "projector-1920-zh.png"))
        # paging by itself: two pairs a page, two seconds each: the second page (ranks 3 and 4) comes up
        screen.get(f"{url}/events/SC26/screen?rows=2&seconds=2")
        shown = "return [...document.querySelectorAll('#screen-standings tr[data-page]')].filter(r => !r.hidden)" \
                ".map(r => r.dataset.page)"
        wait_for(lambda: screen.execute_script(shown) == ["0", "0"], what="the first page")
        wait_for(lambda: screen.execute_script(shown) == ["1", "1"], what="the second page", timeout=10)
        assert screen.find_element(By.ID, "screen-page").text == "第 2/2 页"
    finally:
        close_browser(screen)


# --- 14: the director on a phone -------------------------------------------------------------------------------

def test_the_director_signs_in_by_the_qr_code_and_runs_the_event_at_390_px(site):
    from selenium.webdriver.common.by import By

    db, url = site["db"], site["url"]
    out = referee_cli(db, "token", "add", "裁判长", "--role", "director", "--event", "SC26", "--url", url).stdout
    found = re.search(re.escape(url) + r"/referee/link/sl-[A-Za-z0-9_-]+", out)
    assert found, out
    director = new_browser()
    try:
        director.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                 {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
        director.get(found.group(0))
        wait_for(lambda: director.current_url.endswith("/director"), what="the director's page")
        rows = wait_for(lambda: director.find_elements(By.CSS_SELECTOR, "#director-tables li"), what="the tables")
        assert {r.get_attribute("data-match") for r in rows} == {MATCH, OTHER}
        # every button and link-button of the page a thumb's size; nothing wider than the phone
        small = director.execute_script("""
          const kinds = 'button, a.button, select, input:not([type=hidden]):not([type=checkbox]), summary';
          return [...document.querySelectorAll(kinds)]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.id || e.className || e.tagName, e.getBoundingClientRect()])
            .filter(([_, r]) => r.width < 44 || r.height < 44).map(([n, r]) => n);""")
        assert small == []
        assert director.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
        # a pair withdrawn from the phone: B1 leaves, with the reason
        director.find_element(By.CSS_SELECTOR, "#director-pairs").find_element(By.XPATH, "..").click()  # open
        from selenium.webdriver.support.ui import Select

        Select(director.find_element(By.ID, "withdraw-pair")).select_by_value("B1")
        director.find_element(By.ID, "withdraw-reason").send_keys("身体不适")
        director.find_element(By.ID, "withdraw").click()
        done = wait_for(lambda: director.find_element(By.ID, "done").text, what="the withdrawal done")
        assert done == "B1 已退赛：之后不再配对", done
        # the event's log has it: four pairs entered, three still active (`event status --json`)
        status = json.loads(referee_cli(db, "event", "status", "SC26", "--json").stdout)
        assert (status["pairs"], status["active"]) == (4, 3), status
        SCREENS.mkdir(parents=True, exist_ok=True)
        screenshot(director, f"{url}/director", SCREENS / "phone-director-390-zh.png", 390)
    finally:
        close_browser(director)


# --- 11: the opponents confirm from a second phone; a dispute reaches the director -----------------------------

HAND = ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H", "bury 4C 6C 7C 8D 9D JS", "points 35",
        "last decl"]


def test_the_opponents_confirm_on_a_second_phone_and_a_dispute_reaches_the_director(site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    db, url = site["db"], site["url"]
    if "last decl" not in directives(db):  # this test alone: the hand of the taps test, recorded by the CLI
        for d in HAND:
            referee_cli(db, "record", MATCH, d)
    add_token(db, "南北队长", "--role", "referee", "--event", "SC26", "--tables", "1")
    out = referee_cli(db, "token", "link", "南北队长", "--url", url).stdout
    link = re.search(re.escape(url) + r"/referee/link/sl-[A-Za-z0-9_-]+", out)
    assert link, out
    captain = new_browser()
    try:
        captain.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
        captain.get(link.group(0))
        wait_for(lambda: captain.current_url.endswith(f"/referee/matches/{MATCH}"), what="the captain's entry page")
        captain.get(f"{url}/referee/matches/{MATCH}?lang=en")

        def remark(act: str, by: str, **typed: str) -> str:
            box = wait_for(lambda: captain.find_element(By.ID, "confirmations"), what="the confirmations box")
            if box.get_attribute("open") is None:
                box.find_element(By.TAG_NAME, "summary").click()
            Select(captain.find_element(By.ID, "remark-hand")).select_by_value("1")
            Select(captain.find_element(By.ID, "remark-by")).select_by_value(by)
            for field, text in typed.items():
                captain.find_element(By.ID, f"remark-{field}").send_keys(text)
            button = captain.find_element(By.ID, f"{act}-hand")
            size = button.size
            assert size["width"] >= 44 and size["height"] >= 44, size
            before = [e.text for e in captain.find_elements(By.ID, "stored")]
            button.click()

            def answered() -> str:  # the panel swapped in after the click, not the one before it
                text = captain.find_element(By.ID, "stored").text
                return text if [text] != before else ""
            return wait_for(answered, what=f"the {act} stored")

        said = remark("confirm", "NS", captain="王志强")
        assert "hand 1 confirmed by NS" in said, said
        page = referee_cli(db, "status", MATCH).stdout  # the command line sees the same chained entry
        assert "confirmed" in page, page
        said = remark("dispute", "EW", claim="the kitty held 25")
        assert "dispute 1 of hand 1 by EW: “the kitty held 25”" in said, said
        captain.get(f"{url}/matches/{MATCH}?lang=en")
        mark = wait_for(lambda: captain.find_element(By.CSS_SELECTOR, "#hand-1 .mark"), what="hand 1's mark")
        assert mark.get_attribute("data-mark") == "disputed"
        screenshot(captain, f"{url}/referee/matches/{MATCH}?lang=zh", SCREENS / "phone-confirm-390-zh.png", 390)
    finally:
        close_browser(captain)
    director = new_browser()
    try:
        out = referee_cli(db, "token", "add", "副裁判长", "--role", "director", "--event", "SC26", "--url", url).stdout
        found = re.search(re.escape(url) + r"/referee/link/sl-[A-Za-z0-9_-]+", out)
        assert found, out
        director.get(found.group(0))
        wait_for(lambda: director.current_url.endswith("/director"), what="the director's page")
        director.get(f"{url}/director?lang=en")
        board = wait_for(lambda: director.find_element(By.ID, "disputes-SC26").text, what="the disputes box")
        assert f"{MATCH} dispute 1 (hand 1, EW, open)" in board, board
        assert f"{MATCH} hands 1" in board, board  # disputed: not confirmed
    finally:
        close_browser(director)
