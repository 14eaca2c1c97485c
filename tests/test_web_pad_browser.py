"""The phone's tap pad of every game (issue 30) in a real browser: Debian's chromium driven by Selenium against
``referee serve`` on loopback (``tests/webserver.py``, as ``tests/test_web_browser.py``). A referee taps one
directive key by key on a Dou Dizhu match and one on a Jinhua mahjong match, nothing typed, and the store holds
each as the reader would have read it typed (``referee log`` as a subprocess).

- Dou Dizhu (docs/doudizhu-record-format.md): after ``deal`` and seat 1's pass, the keys ``bid`` ``2`` ``3``
  store ``bid 2 3`` (§3.1: seat 2 bids 3, which ends the bidding); the kitty's keys; then the composer:
  ``out SEAT`` opened, seat 2 tapped, ``out 2``.
- Jinhua mahjong (docs/jinhua-mahjong-record-format.md): after ``deal``, the keys ``win`` ``E`` ``self`` store
  ``win E self`` (§5.2: E drew the winning tile).

Skipped, with the reason, where chromium, chromedriver or Selenium are absent.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from test_web_browser import _missing, close_browser, new_browser, wait_for
from webserver import WebServer, add_token, referee_cli

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


@pytest.fixture(scope="module")
def site():
    folder = Path(tempfile.mkdtemp(prefix="referee-pad-"))
    db = folder / "store"
    referee_cli(db, "new", "D1", "--game", "doudizhu", "--rules", "doudizhu-classic", "--player", "张三",
                "--player", "李四", "--player", "王五", "--date", "2026-12-01")
    referee_cli(db, "record", "D1", "deal")
    referee_cli(db, "record", "D1", "bid 1 pass")
    referee_cli(db, "new", "M1", "--game", "jinhua-mahjong", "--player", "甲", "--player", "乙", "--player", "丙",
                "--player", "丁", "--date", "2026-12-01")
    referee_cli(db, "record", "M1", "deal")
    token = add_token(db, "刘裁判", "--role", "referee")
    server = WebServer(db).start()
    browser = new_browser()
    try:
        yield {"db": db, "url": server.url, "token": token, "browser": browser}
    finally:
        close_browser(browser)
        server.stop()


def last_entry(db: Path, match: str) -> str:
    """The directive of ``referee log MATCH``'s last row."""
    rows = [line.split() for line in referee_cli(db, "log", match).stdout.splitlines()
            if line.split() and line.split()[0].isdigit()]
    return " ".join(rows[-1][5:])


def signed_in(site) -> object:
    from selenium.webdriver.common.by import By

    b = site["browser"]
    b.get(site["url"] + "/referee?lang=en")
    if not b.find_elements(By.ID, "token"):
        return b
    b.find_element(By.ID, "token").send_keys(site["token"])
    b.find_element(By.ID, "sign-in").click()
    wait_for(lambda: not b.find_elements(By.ID, "token"), what="signing in")
    return b


def tap_keys(b, words: list[str]) -> None:
    """Tap the game's key typing each of *words*, in order."""
    from selenium.webdriver.common.by import By

    keys = wait_for(lambda: b.find_element(By.ID, "keys"), what="the keys")
    if keys.get_attribute("open") is None:  # closed while an expected directive opens the composer: open it
        keys.find_element(By.TAG_NAME, "summary").click()
    for word in words:
        key = wait_for(lambda w=word: next((k for k in b.find_elements(By.CSS_SELECTOR, "#keys .pad-key")
                                            if k.get_attribute("data-text") == w and k.is_displayed()), None),
                       what=f"the key {word}")
        key.click()


def stored(b, site, match: str, directive: str) -> None:
    wait_for(lambda: last_entry(site["db"], match) == directive, what=f"{directive!r} stored")
    from selenium.webdriver.common.by import By

    wait_for(lambda: directive in b.find_element(By.ID, "entries").text, what="the entry on the page")


def test_a_dou_dizhu_bid_and_out_tapped_on_the_pad(site) -> None:
    from selenium.webdriver.common.by import By

    b = signed_in(site)
    b.get(site["url"] + "/referee/matches/D1?lang=en")
    wait_for(lambda: b.find_element(By.ID, "keys"), what="the keys")
    tap_keys(b, ["bid", "2", "3"])
    assert b.find_element(By.ID, "directive").get_attribute("value").strip() == "bid 2 3"
    b.find_element(By.ID, "key-send").click()
    stored(b, site, "D1", "bid 2 3")
    # a bid of 3 ends the bidding (§3.1): the kitty, tapped, and the composer for `out SEAT`
    tap_keys(b, ["kitty", "5", "9", "BJ"])
    b.find_element(By.ID, "key-send").click()
    stored(b, site, "D1", "kitty 5 9 BJ")
    opener = wait_for(lambda: next((e for e in b.find_elements(By.CSS_SELECTOR, "#expected .pad-open")
                                    if e.get_attribute("data-keyword") == "out"), None), what="out SEAT")
    opener.click()
    wait_for(lambda: b.find_element(By.ID, "pad").is_displayed(), what="the composer")
    b.find_element(By.ID, "pad-seat-2").click()
    assert b.find_element(By.ID, "pad-text").text == "out 2"
    b.find_element(By.ID, "pad-send").click()
    stored(b, site, "D1", "out 2")


def test_a_mahjong_win_tapped_on_the_pad(site) -> None:
    from selenium.webdriver.common.by import By

    b = signed_in(site)
    b.get(site["url"] + "/referee/matches/M1?lang=zh")
    wait_for(lambda: b.find_element(By.ID, "keys"), what="the keys")
    tap_keys(b, ["win", "E", "self"])
    assert b.find_element(By.ID, "directive").get_attribute("value").strip() == "win E self"
    b.find_element(By.ID, "key-send").click()
    stored(b, site, "M1", "win E self")
