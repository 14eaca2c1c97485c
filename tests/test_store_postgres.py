"""The league store on a real PostgreSQL server ($REFEREE_TEST_PG): what the database itself enforces (append-only
entries, the link of each entry to its match's head), what `verify` finds after a hand-made change in SQL, the
schema's versions (`referee db upgrade`), the command line on a postgresql:// address, each way a connection
fails said in one line without the password, and watch(): two processes see each other's appends.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest

from referee.games.gunzi import notation
from referee.store import chain
from referee.store.api import open_store
from referee.store.postgres.connection import StoreUnavailable, current_version
from referee.store.postgres.store import PgStore

REPO = Path(__file__).resolve().parent.parent
RECORD = """match id=P1 rules=dalian-club date=2026-04-11
seat E a
seat S b
seat W c
seat N d
"""


def referee(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONIOENCODING": "utf-8", "REFEREE_NAME": "ann"}
    full.pop("REFEREE_LANG", None)
    full.pop("REFEREE_DB", None)
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True, text=True,
                          encoding="utf-8", env=full, cwd=cwd, timeout=120)


@pytest.fixture
def url(pg_server) -> str:
    return pg_server.store()


@pytest.fixture
def store(url: str):
    s = open_store(url)
    assert isinstance(s, PgStore)
    yield s
    s.close()


def _sql(url: str, statement: str, params: tuple[object, ...] = (), *,
         replica: bool = False) -> list[tuple[object, ...]]:
    """Run *statement* as a superuser at the psql prompt would; *replica*: with the triggers switched off."""
    with psycopg.connect(url, autocommit=True) as conn:
        if replica:
            conn.execute("SET session_replication_role = replica")
        cur = conn.execute(statement.encode(), params)
        return cur.fetchall() if cur.description else []


def _new(store: PgStore, match_id: str = "P1") -> None:
    store.create(notation.parse(RECORD.replace("id=P1", f"id={match_id}")).events, "ann")


# --- what the database enforces ----------------------------------------------------------------------------------

@pytest.mark.parametrize("statement", [
    "UPDATE entries SET directive = 'seat E z' WHERE seq = 2",
    "DELETE FROM entries WHERE seq = 5",
    "TRUNCATE entries CASCADE",
])
def test_entries_are_append_only_in_the_database(store: PgStore, url: str, statement: str) -> None:
    _new(store)
    before = store.entries("P1")
    with pytest.raises(psycopg.DatabaseError) as refused:
        _sql(url, statement)
    assert refused.value.sqlstate == "RF002"
    assert "referee: entries is append-only" in str(refused.value)
    assert store.entries("P1") == before


def test_an_event_log_is_append_only_in_the_database(store: PgStore, url: str) -> None:
    from referee.app.director import new_event

    new_event(store, "E1", name="Cup", rules="dalian-club", fmt="round-robin", rounds=None, scoring="club",
              date=None, venue=None, seed=1, referee="dora")
    with pytest.raises(psycopg.DatabaseError) as refused:
        _sql(url, "UPDATE event_entries SET reason = 'x'")
    assert "referee: event_entries is append-only" in str(refused.value)


def _raw_entry(store: PgStore, match_id: str, **change: object) -> tuple[object, ...]:
    """The row of the entry that would follow the match's head, sealed, with *change* applied after sealing."""
    entries = store.entries(match_id)
    entry: chain.Unsealed = {"seq": len(entries) + 1, "kind": "event", "time": "2026-04-11T10:00:00.000Z",
                             "referee": "mallory", "directive": "hand", "target": None, "reason": ""}
    sealed = dict(chain.seal(match_id, entry, entries[-1]["hash"]))
    sealed.update(change)
    key = _sql(store.url, "SELECT key FROM matches WHERE id = %s AND replaced IS NULL", (match_id,))[0][0]
    return (key, *(sealed[f] for f in ("seq", "kind", "time", "referee", "directive", "target", "reason", "prev",
                                        "hash")))


INSERT = ("INSERT INTO entries (match_key, seq, kind, time, referee, directive, target, reason, prev, hash) "
          "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)")


def test_an_entry_that_does_not_follow_the_head_is_refused_by_the_database(store: PgStore, url: str) -> None:
    _new(store)
    before = store.entries("P1")
    with pytest.raises(psycopg.DatabaseError) as wrong_prev:
        _sql(url, INSERT, _raw_entry(store, "P1", prev="0" * 64))
    assert wrong_prev.value.sqlstate == "RF001"
    assert "referee: entry #6 of match P1 does not follow its head (entry #5)" in str(wrong_prev.value)
    with pytest.raises(psycopg.DatabaseError):
        _sql(url, INSERT, _raw_entry(store, "P1", seq=7))  # a gap
    with pytest.raises(psycopg.errors.UniqueViolation):  # #5 again: even with the triggers off, the key refuses it
        _sql(url, INSERT, _raw_entry(store, "P1", seq=5), replica=True)
    assert store.entries("P1") == before


def test_verify_names_a_row_inserted_with_a_wrong_link(store: PgStore, url: str, tmp_path: Path) -> None:
    # The trigger refuses such a row; a superuser who switches triggers off (replica role) gets it in. The chain,
    # recomputed client-side, names the entry: #6's prev is not #5's hash.
    _new(store)
    _new(store, "P2")
    _sql(url, INSERT, _raw_entry(store, "P1", prev="f" * 64), replica=True)
    run = referee("verify", "--db", url, cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    assert run.stderr.splitlines() == [
        "BROKEN match P1, #6: its link to the entry before does not match (an entry before it was removed or "
        "replaced)",
        "error: 1 of 2 matches fail verification"]
    zh = referee("verify", "--db", url, "--lang", "zh", cwd=tmp_path)
    assert zh.returncode == 1 and "P1" in zh.stderr and "2 场比赛中有 1 场未通过校验" in zh.stderr


def test_verify_names_an_entry_whose_content_does_not_match_its_hash(store: PgStore, url: str,
                                                                      tmp_path: Path) -> None:
    # The link is right (the trigger lets it in): the directive was changed after sealing.
    _new(store)
    _sql(url, INSERT, _raw_entry(store, "P1", directive="declare E BJ"))
    run = referee("verify", "P1", "--db", url, cwd=tmp_path)
    assert run.returncode == 1
    assert "BROKEN match P1, #6: its content does not match its hash (edited by hand)" in run.stderr
    with pytest.raises(Exception) as refused:
        store.append("P1", [{"kind": "event", "directive": "hand"}])
    assert "match P1, #6: its content does not match its hash" in str(refused.value)
    assert "nothing recorded" in str(refused.value)


def test_verify_names_a_head_moved_back_by_hand(store: PgStore, url: str, tmp_path: Path) -> None:
    _new(store)
    store.append("P1", [{"kind": "event", "directive": "hand"}])
    _sql(url, "UPDATE matches SET entries = 5 WHERE id = 'P1'")
    run = referee("verify", "--db", url, cwd=tmp_path)
    assert run.returncode == 1
    assert "BROKEN match P1: it holds 6 entries but its row says 5 entries: its head was moved back by hand" in \
        run.stderr


# --- the schema and its versions --------------------------------------------------------------------------------

def test_db_upgrade_makes_the_tables_once(pg_server, tmp_path: Path) -> None:
    url = pg_server.empty()
    first = referee("db", "upgrade", "--db", url, cwd=tmp_path)
    shown = url.replace(":referee@", ":***@")
    assert (first.returncode, first.stdout) == (0, f"{shown}: the store's tables are made (schema version 6)\n")
    again = referee("db", "upgrade", "--db", url, cwd=tmp_path)
    assert (again.returncode, again.stdout) == (0, f"{shown}: the store's schema is at version 6; nothing to do\n")
    # 001_store, 002_remarks_signin, 003_leagues, 004_rule_sets, 005_venue_syncs, 006_entry_client
    assert _sql(url, "SELECT version FROM schema_version ORDER BY version") == [(1,), (2,), (3,), (4,), (5,), (6,)]
    assert current_version() == 6


def test_a_store_of_schema_1_is_upgraded_to_2_and_takes_remarks_and_links(pg_server, tmp_path: Path) -> None:
    """Schema 2 (002_remarks_signin.sql) lets a match hold the remarks of disputes and confirmations and adds
    the sign-in links' table; a store made at schema 1 keeps its entries through the upgrade."""
    from referee.store.postgres.connection import migrations

    url = pg_server.empty()
    shown = url.replace(":referee@", ":***@")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(dict(migrations())[1].encode())  # several statements: one simple query, as upgrade sends it
    _sql(url, "INSERT INTO schema_version (version) VALUES (1)")
    _sql(url, "INSERT INTO matches (id, created) VALUES ('OLD', 'then')")
    with pytest.raises(Exception, match="entries_kind_check"):  # schema 1 refuses a remark's kind
        _sql(url, "INSERT INTO entries (match_key, seq, kind, time, referee, directive, reason, prev, hash) "
                  "SELECT key, 1, 'dispute', 't', 'r', 'd', '', repeat('0', 64), repeat('1', 64) FROM matches")
    run = referee("db", "upgrade", "--db", url, cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, f"{shown}: the store's schema is upgraded from version 1 to 6\n")
    _sql(url, "INSERT INTO entries (match_key, seq, kind, time, referee, directive, reason, prev, hash) "
              "SELECT key, 1, 'dispute', 't', 'r', 'd', '', repeat('0', 64), repeat('1', 64) FROM matches")
    assert _sql(url, "SELECT kind FROM entries") == [("dispute",)]
    assert _sql(url, "SELECT count(*) FROM signin_links") == [(0,)]


def test_a_store_of_schema_4_is_upgraded_and_takes_venues_syncs(pg_server, tmp_path: Path) -> None:
    """Schema 5 (005_venue_syncs.sql) adds the league's record of the venues that sync into it: a store made at
    schema 4 keeps its matches through the upgrade; a row needs a venue's name and counts of no less than 0, and
    a venue's next pass replaces its row."""
    from referee.store.api import open_store
    from referee.store.postgres.connection import migrations
    from referee.store.venuesyncs import VenueSync

    url = pg_server.empty()
    shown = url.replace(":referee@", ":***@")
    with psycopg.connect(url, autocommit=True) as conn:
        for version, text in migrations()[:4]:
            conn.execute(text.encode())
            conn.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))
    _sql(url, "INSERT INTO matches (id, created) VALUES ('OLD', 'then')")
    run = referee("db", "upgrade", "--db", url, cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, f"{shown}: the store's schema is upgraded from version 4 to 6\n")
    assert _sql(url, "SELECT id FROM matches") == [("OLD",)]
    for bad in (("", "t", 0, 0, 0), ("hall", "t", -1, 0, 0), ("hall", "t", 0, -1, 0), ("hall", "t", 0, 0, -1)):
        with pytest.raises(psycopg.errors.CheckViolation):
            _sql(url, "INSERT INTO venue_syncs (venue, synced, pushed, waiting, stopped) VALUES (%s, %s, %s, %s, %s)",
                 bad)
    store = open_store(url)
    try:
        store.venue_syncs().note(VenueSync("海之韵", "2026-12-05T20:00:00Z", 40, 0, 0))
        store.venue_syncs().note(VenueSync("星海", "2026-12-05T20:00:01Z", 5, 5, 1))
        store.venue_syncs().note(VenueSync("海之韵", "2026-12-05T20:00:30Z", 3, 0, 0))
        assert store.venue_syncs().all() == [VenueSync("星海", "2026-12-05T20:00:01Z", 5, 5, 1),
                                             VenueSync("海之韵", "2026-12-05T20:00:30Z", 3, 0, 0)]
    finally:
        store.close()


def test_a_database_without_the_store_or_of_another_version_is_one_line(pg_server, tmp_path: Path) -> None:
    url = pg_server.empty()
    shown = url.replace(":referee@", ":***@")
    run = referee("list", "--db", url, cwd=tmp_path)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == (f"error: --db {shown}: no referee store in this database yet: run `referee db upgrade "
                          "--db URL` first\n")
    referee("db", "upgrade", "--db", url, cwd=tmp_path)
    _sql(url, "INSERT INTO schema_version (version) VALUES (7)")
    newer = referee("list", "--db", url, "--lang", "zh", cwd=tmp_path)
    assert newer.returncode == 2
    assert newer.stderr == (f"错误：--db {shown}：存储的结构版本是 7，比本版 referee 的（6）新：请升级 referee\n")
    _sql(url, "DELETE FROM schema_version")
    _sql(url, "INSERT INTO schema_version (version) VALUES (0)")
    older = referee("list", "--db", url, cwd=tmp_path)
    assert older.stderr == (f"error: --db {shown}: the store's schema is version 0, older than this referee's (6): "
                            "run `referee db upgrade`\n")


# --- connections that fail: one line, exit 2, no password ---------------------------------------------------------

def _server(url: str) -> str:
    return url.split("?", 1)[0].rsplit("/", 1)[0]


def test_a_wrong_password_is_one_line_without_it(url: str, tmp_path: Path) -> None:
    bad = url.replace(":referee@", ":s3cret-wrong@")
    shown = url.replace(":referee@", ":***@")
    for lang, expected in (("en", f"error: --db {shown}: the PostgreSQL server refused the user name or password\n"),
                           ("zh", f"错误：--db {shown}：PostgreSQL 服务器拒绝了用户名或密码\n")):
        run = referee("list", "--db", bad, "--lang", lang, cwd=tmp_path)
        assert (run.returncode, run.stdout, run.stderr) == (2, "", expected)
        assert "s3cret" not in run.stderr


def test_a_missing_database_is_named(url: str, tmp_path: Path) -> None:
    missing = _server(url) + "/referee_no_such_db"
    shown = missing.replace(":referee@", ":***@")
    run = referee("status", "X", "--db", missing, cwd=tmp_path)
    assert (run.returncode, run.stderr) == (2, f"error: --db {shown}: the PostgreSQL server has no database "
                                               "referee_no_such_db (create it, then `referee db upgrade`)\n")
    zh = referee("status", "X", "--db", missing, "--lang", "zh", cwd=tmp_path)
    assert zh.stderr == (f"错误：--db {shown}：PostgreSQL 服务器上没有数据库 referee_no_such_db（请先创建，再运行 "
                         "`referee db upgrade`）\n")


def test_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    # Port 1 on the loopback: nothing listens there, the connection is refused at once.
    run = referee("list", "--db", "postgresql://ann:s3cret@127.0.0.1:1/league", cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == "" and len(run.stderr.splitlines()) == 1
    assert run.stderr.startswith("error: --db postgresql://ann:***@127.0.0.1:1/league: no PostgreSQL server can be "
                                 "reached there (")
    assert "s3cret" not in run.stderr and "Traceback" not in run.stderr
    zh = referee("list", "--lang", "zh", cwd=tmp_path, env={"REFEREE_DB": "postgresql://ann:s3cret@127.0.0.1:1/l"})
    assert zh.returncode == 2
    assert zh.stderr.startswith("错误：$REFEREE_DB postgresql://ann:***@127.0.0.1:1/l："
                                "连接不上该地址的 PostgreSQL 服务器（")
    assert list(tmp_path.iterdir()) == []  # nothing made: no folder named after the URL


def test_an_address_the_driver_cannot_read_is_one_line(tmp_path: Path) -> None:
    run = referee("list", "--db", "postgresql://ann:s3cret@127.0.0.1:5432/x?bogus=1", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (2, "error: --db postgresql://ann:***@127.0.0.1:5432/x?bogus=1: not a "
                                               "PostgreSQL address that can be read (invalid URI query parameter: "
                                               "\"bogus\")\n")


def test_an_error_inside_the_library_is_the_store_s_error(store: PgStore) -> None:
    _new(store)
    with pytest.raises(StoreUnavailable) as lost:
        with store.session("P1"):
            _sql(_server(store.url) + "/postgres", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                 "WHERE datname = %s", (urlsplit(store.url).path[1:],))  # the server drops the store's connection
            store.entries("P1")
    assert lost.value.msg.text("en").startswith("the PostgreSQL store postgresql://referee:***@")
    assert "an entry that was not confirmed may not be stored: look at the match before recording it again" in \
        lost.value.msg.text("en")
    assert "未确认的记录可能没有存入" in lost.value.msg.text("zh")
    assert len(store.entries("P1")) == 5  # the next operation connects again


# --- the command line on a postgresql:// address ------------------------------------------------------------------

def test_the_cli_records_shows_and_verifies_a_match_in_the_database(url: str, tmp_path: Path) -> None:
    shown = url.replace(":referee@", ":***@")
    new = referee("new", "T1", "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六", "--db", url,
                  cwd=tmp_path)
    assert new.returncode == 0, new.stderr
    assert new.stdout.splitlines()[0] == f"new match T1 (dalian-club) in {shown}: 5 entries"
    for line in (["hand"], ["declare", "E", "BJ"], ["trump", "H"]):
        run = referee("record", "T1", *line, "--db", url, cwd=tmp_path)
        assert run.returncode == 0, run.stderr
    status = referee("status", "T1", "--db", url, cwd=tmp_path)
    assert status.returncode == 0
    assert "Declarer: E (张三); level 3; trump hearts" in status.stdout
    head = next(line for line in status.stdout.splitlines() if line.startswith("Chain head: ")).split()[2]
    entries = open_store(url).entries("T1")
    assert len(entries) == 8 and head == entries[-1]["hash"][:12]  # 5 header entries + 3 recorded
    verify = referee("verify", "--db", url, cwd=tmp_path)
    assert (verify.returncode, verify.stdout) == (0, "ok: 1 match, 8 entries, every hash chain intact\n")
    anchored = referee("verify", "T1", "--head", head, "--db", url, cwd=tmp_path)
    assert anchored.stdout == (f"ok: the head {head} is entry #8 of match T1, and nothing up to it has changed\n"
                               "ok: 1 match, 8 entries, every hash chain intact\n")
    listed = referee("list", "--db", url, cwd=tmp_path)
    assert listed.stdout.splitlines()[0] == f"1 match in {shown}"
    assert list(tmp_path.iterdir()) == []  # the database holds it all: no folder made


# --- watch(): two processes on one database ----------------------------------------------------------------------

WATCHER = textwrap.dedent("""
    import sys, time
    from referee.store.api import open_store
    store = open_store(sys.argv[1])
    cursor = store.watch(None).cursor
    print("ready", flush=True)
    start = time.monotonic()
    while time.monotonic() - start < 20:
        changes = store.watch(cursor, timeout=5.0)
        if changes.matches:
            print("seen", sorted(changes.matches), round(time.monotonic() - float(sys.argv[2]), 3), flush=True)
            break
        cursor = changes.cursor
""")


def test_watch_reports_every_change_after_its_cursor(store: PgStore) -> None:
    _new(store)
    first = store.watch(None)
    assert first.matches == frozenset({"P1"}) and first.events == frozenset()
    assert store.watch(first.cursor).matches == frozenset()
    store.append("P1", [{"kind": "event", "directive": "hand"}])
    _new(store, "P2")
    later = store.watch(first.cursor)
    assert later.matches == frozenset({"P1", "P2"}) and int(later.cursor) > int(first.cursor)
    assert store.watch(later.cursor).matches == frozenset()
    started = time.monotonic()
    assert store.watch(later.cursor, timeout=0.3).matches == frozenset()  # nothing: waits the timeout, no longer
    assert 0.25 <= time.monotonic() - started < 3


def test_two_processes_see_each_other_s_appends_within_a_second(store: PgStore) -> None:
    _new(store)
    watcher = subprocess.Popen([sys.executable, "-c", WATCHER, store.url, "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ})
    try:
        assert watcher.stdout is not None
        assert watcher.stdout.readline().strip() == "ready"
        writer = subprocess.run([sys.executable, "-c", textwrap.dedent("""
            import sys, time
            from referee.store.api import open_store
            store = open_store(sys.argv[1])
            store.exists("P1")  # connected: what is timed is the append and its delivery
            store.append("P1", [{"kind": "event", "directive": "hand"}])
            print(time.monotonic(), flush=True)  # committed
        """), store.url], capture_output=True, text=True, timeout=60)
        assert writer.returncode == 0, writer.stderr
        sent = float(writer.stdout.strip())
        line = watcher.stdout.readline().split()
        assert line[:2] == ["seen", "['P1']"], watcher.stderr.read() if watcher.stderr else line
        received = float(line[2])  # monotonic seconds since 0 in the watcher: the same clock as the writer's
        assert received - sent < 1.0  # seen by the other process within a second of the commit
    finally:
        watcher.kill()
        watcher.wait()


# --- two servers on one database: the venues of a league ----------------------------------------------------------

def _serve(url: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``referee serve --db URL`` on a free loopback port, answering: (process, base URL)."""
    import socket
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_DB", "REFEREE_LANG")}
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--db", url, "--port", str(port)],
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                                cwd=log.parent, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text(errors="replace")
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"referee serve did not start: {log.read_text(errors='replace')}")


MATCHES, CLIENTS, POSTS = 4, 6, 5
L1_POSTS = len(range(0, CLIENTS * POSTS, MATCHES))  # post k goes to match k mod 4: L1 gets k = 0, 4, …, 28: 8


def test_two_servers_share_the_database_and_each_other_s_live_entries(store: PgStore, tmp_path: Path) -> None:
    import concurrent.futures
    import json
    import threading

    import httpx

    ids = [f"L{i}" for i in range(1, MATCHES + 1)]
    for mid in ids:
        _new(store, mid)
        store.append(mid, [{"kind": "event", "directive": "hand"}])  # #6; then any number of `redeal`
    secret = store.tokens().add("ann", "referee").secret
    servers = [_serve(store.url, tmp_path / f"serve-{n}.log") for n in (1, 2)]
    try:
        (_, a), (_, b) = servers
        arrived: dict[int, float] = {}
        listening = threading.Event()

        def listen() -> None:  # server A's live stream of L1, from entry #6 on
            with httpx.stream("GET", f"{a}/api/matches/L1/stream", headers={"Last-Event-ID": "6"},
                              timeout=30) as stream:
                listening.set()
                for line in stream.iter_lines():
                    if line.startswith("data:"):
                        arrived[json.loads(line[5:])["seq"]] = time.monotonic()
                        if len(arrived) >= 1 + L1_POSTS:
                            return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        assert listening.wait(20)
        time.sleep(0.5)  # the stream's first look is done: what follows arrives by the change
        posted = httpx.post(f"{b}/api/matches/L1/entries", json={"directive": "redeal", "after": 6},
                            headers={"Authorization": f"Bearer {secret}"}, timeout=30)
        done = time.monotonic()
        assert posted.status_code == 201, posted.text
        assert posted.json()["seq"] == 7
        deadline = time.monotonic() + 5
        while 7 not in arrived and time.monotonic() < deadline:
            time.sleep(0.01)
        assert 7 in arrived and arrived[7] - done < 1.0  # server A shows server B's entry within a second

        # Then clients post to every match through both servers at once: each entry stored once, chains intact.
        def client(n: int) -> list[int]:
            codes = []
            with httpx.Client(timeout=60) as http:
                for i in range(POSTS):
                    base = (a, b)[(n + i) % 2]
                    mid = ids[(n * POSTS + i) % MATCHES]
                    r = http.post(f"{base}/api/matches/{mid}/entries", json={"directive": "redeal"},
                                  headers={"Authorization": f"Bearer {secret}"})
                    codes.append(r.status_code)
            return codes

        with concurrent.futures.ThreadPoolExecutor(CLIENTS) as pool:
            codes = [c for got in pool.map(client, range(CLIENTS)) for c in got]
        assert codes == [201] * (CLIENTS * POSTS)
        found = store.audit()
        assert found.problems == []
        # 6 entries each, L1 one more, and the 30 posts spread over the 4 matches
        assert found.entries == MATCHES * 6 + 1 + CLIENTS * POSTS
        assert sum(len(store.entries(mid)) - 6 for mid in ids) == 1 + CLIENTS * POSTS
        listener.join(10)
        assert len(store.entries("L1")) == 6 + 1 + L1_POSTS
        assert sorted(arrived) == list(range(7, 6 + 1 + L1_POSTS + 1))  # L1's every entry reached server A's stream
    finally:
        for proc, _ in servers:
            proc.terminate()
            proc.wait(10)


def test_the_settings_file_keeps_an_address_as_given(url: str, tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    shown = url.replace(":referee@", ":***@")
    put = referee("config", "db", url, cwd=tmp_path, env=env)
    assert put.returncode == 0, put.stderr
    assert put.stdout.splitlines()[-1].startswith(f"store in use: {shown} (from the settings file ")
    listed = referee("list", cwd=tmp_path, env=env)
    assert (listed.returncode, listed.stdout) == (0, f"no matches in the store at {shown}\n")


def test_a_writer_killed_in_the_middle_of_its_transaction_leaves_nothing_and_no_lock(store: PgStore) -> None:
    import signal

    _new(store)
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent("""
        import sys, time
        from referee.store.api import open_store
        store = open_store(sys.argv[1])
        with store.session("P1") as s:
            s.append_many([{"kind": "event", "directive": "hand"}], "killed")
            print("holding", flush=True)  # the entry inserted, the row locked, nothing committed
            time.sleep(60)
    """), store.url], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait(10)
        started = time.monotonic()
        done = store.append("P1", [{"kind": "event", "directive": "hand"}], expect_seq=5, referee="next")
        assert time.monotonic() - started < 10  # the server let the row go with the dead connection
    finally:
        if holder.poll() is None:
            holder.kill()
    assert done[0]["seq"] == 6 and done[0]["referee"] == "next"  # the killed writer's #6 was never stored
    assert store.check("P1") is None and len(store.entries("P1")) == 6


def test_connections_cut_under_load_are_clear_errors_and_a_checked_retry_loses_nothing(store: PgStore) -> None:
    # The server drops every connection of the database again and again while 4 threads write: each writer gets
    # the store's one-line error, looks at the match (is its entry there?) and appends again after the entry it
    # saw (expect_seq): every entry stored exactly once, the chain intact.
    import threading

    _new(store)
    database = urlsplit(store.url).path[1:]
    stop = threading.Event()
    cut: list[str] = []

    def cutter() -> None:
        while not stop.is_set():
            _sql(_server(store.url) + "/postgres", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                 "WHERE datname = %s AND pid <> pg_backend_pid()", (database,))
            stop.wait(0.05)

    def writer(n: int) -> None:
        for i in range(10):
            mine = f"warn E writer {n} entry {i}"
            while True:
                try:
                    entries = store.entries("P1")
                    if any(e["directive"] == mine for e in entries):
                        break
                    store.append("P1", [{"kind": "event", "directive": mine}], expect_seq=len(entries))
                    break
                except StoreUnavailable as e:
                    cut.append(e.msg.text("en"))
                except StoreError:  # another writer's entry came first (moved on): look again
                    pass

    from referee.store.errors import StoreError

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    knife = threading.Thread(target=cutter)
    knife.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    stop.set()
    knife.join(10)
    assert cut, "no connection was cut: the test proved nothing"
    assert all(c.startswith("the PostgreSQL store postgresql://referee:***@") for c in cut)
    after = open_store(store.url)  # this thread's own connection was cut too: a new store object reads
    written = [e["directive"] for e in after.entries("P1")[5:]]
    assert sorted(written) == sorted(f"warn E writer {n} entry {i}" for n in range(4) for i in range(10))
    assert after.check("P1") is None
    after.close()


# --- main's phone pages on the league store --------------------------------------------------------------------

def test_a_phone_signs_in_once_by_its_qr_link_on_the_database(url: str) -> None:
    """The web's sign-in link (referee token link / the director's QR) kept in the database (schema 2's
    signin_links): the phone's form signs in once, the second scan is refused with the folder's words."""
    import html
    import re
    import warnings

    from referee.core.i18n import M

    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from referee.web.app import make_app

    store = open_store(url)
    store.tokens().add("王裁判", "referee")
    code = store.signin_links().make("王裁判")
    store.close()
    with TestClient(make_app(url)) as phone:
        for attempt in range(2):
            page = phone.get(f"/referee/link/{code}")
            assert page.status_code == 200
            csrf = re.search(r'name="csrf" value="([^"]*)"', page.text)
            assert csrf is not None
            r = phone.post("/referee/link", data={"csrf": csrf.group(1), "code": code}, follow_redirects=False)
            if attempt == 0:
                assert r.status_code == 303 and "referee_session=" in r.headers["set-cookie"]
            else:
                assert r.status_code == 401  # the page in the server's default language: the folder's words
                used = M("this sign-in link was used already (at {time}): it signs in once. Ask the director for a "
                         "new QR code, or type your token", time="@").text("zh_CN")
                assert used.split("@")[0] in html.unescape(r.text)
    assert _sql(url, "SELECT name, used IS NOT NULL FROM signin_links") == [("王裁判", True)]
