"""A phone that loses the venue's network for a hand (issue 32), in a real browser: Debian's chromium driven by
Selenium over ``referee serve`` as a subprocess, reached through a loopback TCP proxy the test controls: the
network cut (every connection dropped, each new one closed at once) and restored, the server running all along (its
sessions are its own: a server started again signs every phone out, and the phone's queue waits for that).

- the table's page, once visited, opens again with the network cut (the service worker's copy);
- a directive, an undo, the directive again, a warning and a confirmation tapped with the network cut: each queued on
  the phone (IndexedDB), the pending count on screen (5), nothing stored;
- the network back: the count goes to 0 and the match holds exactly the entries the same taps store online on the
  other table, in the same order, each once, and `referee verify` passes; the two matches' hands in
  ``referee replay --json`` are the same;
- the pending words in Chinese.

Skipped, with the reason, where chromium, chromedriver or Selenium are absent.
"""

from __future__ import annotations

import json
import shutil
import socket
import tempfile
import threading
from pathlib import Path

import pytest
from test_web_browser import _missing, after_value, close_browser, new_browser, wait_for
from webserver import WebServer, add_token, referee_cli

pytestmark = [pytest.mark.browser, pytest.mark.skipif(_missing() is not None, reason=_missing() or "")]

EVENT = "OF26"
OFFLINE, ONLINE = f"{EVENT}-R1-T1", f"{EVENT}-R1-T2"
REFEREE = "周裁判"
PAIRS = [("A1", "张建国", "李秀英", "海之韵"), ("A2", "王志强", "赵丽华", "星海"),
         ("B1", "钱多多", "陈静", "老虎滩"), ("B2", "孙伟", "周敏", "海之韵")]
# hand 1 of each table, at the command line before the phone's part: a kept hand (docs/gunzi-rules.md §7.1)
HAND_1 = ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H", "bury 4C 6C 7C 8D 9D JS", "points 35",
          "last decl"]


class Proxy:
    """A loopback TCP proxy to *port*: ``cut()`` drops every connection and closes each new one at once (the
    phone's fetches fail as with no network), ``restore()`` forwards again."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open = True
        self.pipes: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.open:
                client.close()
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.pipes += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def cut(self) -> None:
        self.open = False
        with self.lock:
            pipes, self.pipes = self.pipes, []
        for s in pipes:
            try:
                s.shutdown(socket.SHUT_RDWR)
                s.close()
            except OSError:
                pass

    def restore(self) -> None:
        self.open = True

    def close(self) -> None:
        self.cut()
        self.listener.close()


@pytest.fixture(scope="module")
def site():
    folder = Path(tempfile.mkdtemp(prefix="referee-offline-"))
    db = folder / "store"
    referee_cli(db, "event", "new", EVENT, "--name", "Offline Cup 离线杯", "--rounds", "2", "--date", "2026-12-06")
    entries_csv = folder / "entries.csv"
    entries_csv.write_text("pair,player1,player2,club\n" + "".join(",".join(p) + "\n" for p in PAIRS),
                           encoding="utf-8")
    referee_cli(db, "event", "import", EVENT, str(entries_csv))
    referee_cli(db, "event", "pair", EVENT)
    for match in (OFFLINE, ONLINE):
        for directive in HAND_1:
            referee_cli(db, "record", match, *directive.split(), referee=REFEREE)
    token = add_token(db, REFEREE, "--role", "referee", "--event", EVENT)
    server = WebServer(db).start()
    proxy = Proxy(server.port)
    try:
        yield {"db": db, "server": server, "token": token, "net": proxy}
    finally:
        proxy.close()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def phone(site):
    from selenium.webdriver.common.by import By

    driver = new_browser()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        driver.get(f"{site['net'].url}/referee?lang=en")
        driver.find_element(By.ID, "token").send_keys(site["token"])
        driver.find_element(By.ID, "sign-in").click()
        wait_for(lambda: driver.find_elements(By.ID, "referee-tables"), what="the referee's tables")
        yield driver
    finally:
        close_browser(driver)


def entries(db: Path, match: str) -> list[tuple[object, ...]]:
    """The match's stored entries as what they say (seq, kind, directive, what each corrects, why, who): not
    when, nor the client id of a phone's."""
    from referee.store.api import open_store

    store = open_store(db)
    try:
        return [(e["seq"], e["kind"], e["directive"], e["target"], e["reason"], e["referee"])
                for e in store.entries(match)]
    finally:
        store.close()


def pending(phone) -> tuple[str, str, bool]:
    from selenium.webdriver.common.by import By

    el = phone.find_element(By.ID, "pending")
    return el.get_attribute("data-count"), el.text, el.is_displayed()


def open_table(phone, url: str, match: str, lang: str) -> None:
    """The table's page, controlled by the worker (the second visit: the first installs it), so kept."""
    phone.get(f"{url}/referee/matches/{match}?lang={lang}")
    wait_for(lambda: phone.execute_script("return navigator.serviceWorker.ready.then(() => true)"),
             what="the service worker")
    phone.get(f"{url}/referee/matches/{match}?lang={lang}")
    wait_for(lambda: phone.execute_script("return !!navigator.serviceWorker.controller"), what="a controlled page")
    wait_for(lambda: after_value(phone), what="the entry form")


def tap_the_hand(phone, wait) -> None:
    """A directive, an undo, the directive again, a warning and a confirmation of hand 1, as a referee taps them;
    *wait(n)* after the n-th (online: until the panel answered; offline: until it is queued)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    def typed(text: str) -> None:
        box = phone.find_element(By.ID, "directive")
        box.clear()
        box.send_keys(text)
        phone.find_element(By.ID, "record").click()

    typed("hand")
    wait(1)
    phone.find_element(By.ID, "undo").click()
    wait(2)
    typed("hand")
    wait(3)
    typed("warn N 离座")
    wait(4)
    phone.execute_script("document.getElementById('confirmations').open = true")
    Select(phone.find_element(By.ID, "remark-hand")).select_by_value("1")
    Select(phone.find_element(By.ID, "remark-by")).select_by_value("NS")
    phone.find_element(By.ID, "confirm-hand").click()
    wait(5)


def test_a_hand_tapped_with_the_server_gone_is_stored_once_in_order_when_it_is_back(site, phone):
    db, net = site["db"], site["net"]
    url = net.url
    # the same taps online on table 2: each answered before the next
    open_table(phone, url, ONLINE, "en")
    base = after_value(phone)
    tap_the_hand(phone, lambda n: wait_for(lambda: after_value(phone) == base + n, what=f"online entry {n}"))
    online = entries(db, ONLINE)[base:]
    assert [r[1] for r in online] == ["event", "undo", "event", "event", "confirm"]

    open_table(phone, url, OFFLINE, "en")
    assert pending(phone)[0] == "0"
    stored = entries(db, OFFLINE)
    assert len(stored) == base  # the two tables alike so far: headers and hand 1
    net.cut()  # the venue's network gone
    try:
        phone.get(f"{url}/referee/matches/{OFFLINE}?lang=en")  # the page opens all the same: the worker's copy
        wait_for(lambda: after_value(phone) == len(stored), what="the kept page with no network")
        tap_the_hand(phone, lambda n: wait_for(lambda: pending(phone)[0] == str(n), what=f"{n} queued"))
        count, text, shown = pending(phone)
        assert (count, shown) == ("5", True)
        assert text == "Not yet stored, kept on this phone: 5. They are sent in order when the server answers."
        assert entries(db, OFFLINE) == stored  # nothing reached the store
    finally:
        net.restore()  # the network back
    wait_for(lambda: pending(phone)[0] == "0", what="the queue sent", timeout=60)
    assert pending(phone)[1:] == ("Nothing of this phone waits to be sent.", True)
    after = entries(db, OFFLINE)
    assert after[:len(stored)] == stored
    # the same entries as online, in the same order, each once (their seqs too: the tables were alike before)
    assert after[len(stored):] == online
    assert after_value(phone) == len(after)
    for match in (OFFLINE, ONLINE):
        assert referee_cli(db, "verify", match).returncode == 0
    hands = [json.loads(referee_cli(db, "replay", m, "--json").stdout)["hands"] for m in (OFFLINE, ONLINE)]
    assert hands[0] == hands[1]


def test_the_pending_count_in_chinese(site, phone):
    from selenium.webdriver.common.by import By

    db, net = site["db"], site["net"]
    open_table(phone, net.url, OFFLINE, "zh")
    before = entries(db, OFFLINE)
    net.cut()
    try:
        box = phone.find_element(By.ID, "directive")
        box.clear()
        box.send_keys("warn E 说话")
        phone.find_element(By.ID, "record").click()
        wait_for(lambda: pending(phone)[0] == "1", what="the warning queued")
        assert pending(phone)[1] == "本机保留、尚未保存的记录：1 条。服务器应答后按顺序发送。"
    finally:
        net.restore()
    wait_for(lambda: pending(phone)[0] == "0", what="the queue sent", timeout=60)
    assert pending(phone)[1] == "本机没有待发送的记录。"
    assert [r[1:3] for r in entries(db, OFFLINE)[len(before):]] == [("event", "warn E 说话")]


def test_a_queued_entry_the_match_moved_past_is_shown_as_this_phone_s(site, phone):
    """While the phone is cut off, another referee records at the command line: the phone's entry, sent when the
    network is back, is refused, and the page says it was this phone's and what stands in its place."""
    from selenium.webdriver.common.by import By

    db, net = site["db"], site["net"]
    open_table(phone, net.url, OFFLINE, "en")
    before = entries(db, OFFLINE)
    net.cut()
    try:
        box = phone.find_element(By.ID, "directive")
        box.clear()
        box.send_keys("warn S 说话")
        phone.find_element(By.ID, "record").click()
        wait_for(lambda: pending(phone)[0] == "1", what="the warning queued")
        referee_cli(db, "record", OFFLINE, "warn", "W", "离座", referee="吴裁判")
    finally:
        net.restore()
    wait_for(lambda: pending(phone)[0] == "0", what="the queue sent", timeout=60)
    shown = wait_for(lambda: phone.find_element(By.CSS_SELECTOR, "#superseded-list li").text, what="the refusal")
    seq = len(before) + 1
    assert shown == (f"This phone's entry “warn S 说话” was not stored: the match moved on, and #{seq} warn W 离座 "
                     "(吴裁判) stands in its place.")
    assert [r[2] for r in entries(db, OFFLINE)[len(before):]] == ["warn W 离座"]
