"""``referee sync --to postgresql://…`` (issue 32 item 2): a venue's folder store pushed into the league's PostgreSQL,
the command line run as a process. A push, a second push that writes nothing and says so, more entries then only the
tail pushed, a conflict that stops its match only (both entries named, nothing lost), ``referee verify`` on both
stores after, a sync killed with -9 in the middle of a push and run again, the league unreachable (one line, the
password hidden, the venue's matches untouched), a loopback proxy the test cuts, and ``--every`` that says a failed
pass once and carries on when the league is back.

The matches are Gunzi ones made with ``referee new`` (a header and four seats: 5 entries each) and ``referee record``
(one entry a directive).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from eventplay import Cli, snapshot

from referee.store.api import open_store

pytestmark = [pytest.mark.postgres, pytest.mark.slow]  # the CLI as a process, ~40 runs, kill -9

REPO = Path(__file__).resolve().parent.parent
SEATS = ("--east", "a", "--south", "b", "--west", "c", "--north", "d")
HAND = (["hand"], ["declare", "E", "BJ"], ["trump", "H"])  # three entries


def referee(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", env=_env(), cwd=cwd, timeout=120)


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "REFEREE_NAME": "ann", "PYTHONPATH": str(REPO)}
    env.pop("REFEREE_LANG", None)
    env.pop("REFEREE_DB", None)
    return env


def shown(url: str) -> str:
    return url.replace(":referee@", ":***@")


def venue(tmp: Path, *matches: str, hands: int = 0) -> Path:
    """A venue folder with *matches* made by `referee new`, each with *hands* × 3 entries recorded after."""
    db = tmp / "venue"
    cli = Cli(db)
    for mid in matches:
        cli.ok("new", mid, *SEATS)
        for _ in range(hands):
            for line in HAND:
                cli.ok("record", mid, *line)
    return db


def record(db: Path, mid: str, *line: str) -> None:
    Cli(db).ok("record", mid, *line)


def chains(where: str | Path) -> dict[str, list[str]]:
    store = open_store(where)
    try:
        return {m: [e["hash"] for e in store.entries(m)] for m in store.match_ids()}
    finally:
        store.close()


def sql(url: str, statement: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(statement.encode(), params)
        return cur.fetchall() if cur.description else []


def without_record(folder: Path) -> dict[str, bytes]:
    return {k: v for k, v in snapshot(folder).items() if k != "sync.json"}


@pytest.fixture
def league(pg_server) -> str:  # type: ignore[no-untyped-def]
    return pg_server.store()


def test_push_then_again_writes_nothing_then_only_the_tail(tmp_path: Path, league: str) -> None:
    db = venue(tmp_path, "T1", "T2")
    first = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    out = first.stdout.splitlines()
    assert out[0] == "10 match entries pushed (2 new matches, 0 extended)"  # 2 matches × 5 entries
    assert out[4] == "1 rule set kept"  # dalian-club, pinned by both
    assert out[5] == f"{shown(league)}: every chain pushed reads back as in {db}; nothing waits"
    assert chains(league) == chains(db)
    rows = sql(league, "SELECT count(*) FROM entries")[0][0]
    assert rows == 10

    again = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0] == "0 match entries pushed (0 new matches, 0 extended)"
    assert again.stdout.splitlines()[-1] == f"{shown(league)} holds all of {db} already: nothing written"
    assert sql(league, "SELECT count(*) FROM entries")[0][0] == 10

    for line in HAND:
        record(db, "T2", *line)
    status = referee("sync", "--status", "--db", db, cwd=tmp_path)
    assert status.stdout.splitlines()[-1] == "3 entries wait"  # known from the venue alone
    tail = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert tail.returncode == 0, tail.stderr
    assert tail.stdout.splitlines()[0] == "3 match entries pushed (0 new matches, 1 extended)"
    assert chains(league) == chains(db)
    assert len(chains(league)["T2"]) == 8
    for where in (league, db):
        check = referee("verify", "--db", where, cwd=tmp_path)
        assert check.returncode == 0, check.stdout + check.stderr
    status = referee("sync", "--status", "--db", db, "--lang", "zh", cwd=tmp_path)
    assert status.stdout.splitlines()[-1] == "0 条记录在等待"
    assert "当时推送了 3 条记录" in status.stdout.splitlines()[0]


def test_a_conflict_stops_its_match_only_and_names_both_entries(tmp_path: Path, league: str) -> None:
    db = venue(tmp_path, "T1", "T2", "T3", hands=1)  # 8 entries each
    mine = open_store(db).entries("T1")
    lg = open_store(league)
    lg.adopt("T1", mine[:6])  # the league has T1 up to `hand` (#6), then its own #7
    theirs = lg.append("T1", [{"kind": "event", "directive": "declare S BJ"}], expect_seq=6, referee="bob")[0]
    lg.close()
    run = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert run.returncode == 1
    assert run.stdout.splitlines()[0] == "16 match entries pushed (2 new matches, 0 extended)"  # T2 and T3
    assert run.stdout.splitlines()[-1] == f"{shown(league)}: 2 entries of {db} wait (see above why)"  # T1's #7, #8
    assert run.stderr.splitlines() == [
        f"error: match T1: {shown(league)} holds another entry at #7 (here #7 {mine[6]['hash'][:12]} declare E BJ; "
        f"there #7 {theirs['hash'][:12]} declare S BJ): this match is not synced, nothing of either side changed"]
    got = chains(league)
    assert got["T2"] == chains(db)["T2"] and got["T3"] == chains(db)["T3"]
    assert got["T1"] == [e["hash"] for e in mine[:6]] + [theirs["hash"]]  # the league's own entry kept
    assert chains(db)["T1"] == [e["hash"] for e in mine]  # and the venue's
    again = referee("sync", "--to", league, "--db", db, "--lang", "zh", cwd=tmp_path)
    assert again.returncode == 1
    assert again.stderr.startswith("错误：对局 T1：")
    assert sql(league, "SELECT count(*) FROM entries")[0][0] == 7 + 8 + 8
    status = referee("sync", "--status", "--db", db, cwd=tmp_path)
    assert status.stdout.splitlines()[-1] == "2 entries wait"
    for where in (league, db):
        assert referee("verify", "--db", where, cwd=tmp_path).returncode == 0


def test_an_unreachable_league_is_one_line_and_the_venue_is_untouched(tmp_path: Path) -> None:
    db = venue(tmp_path, "T1")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once closed
    before = without_record(db)
    run = referee("sync", "--to", f"postgresql://referee:s3cret@127.0.0.1:{port}/league", "--db", db, cwd=tmp_path)
    assert run.returncode == 2
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and run.stdout == ""
    assert lines[0].startswith(f"error: --to postgresql://referee:***@127.0.0.1:{port}/league: no PostgreSQL server "
                               "can be reached there (")
    assert "s3cret" not in run.stderr
    assert without_record(db) == before
    status = referee("sync", "--status", "--db", db, cwd=tmp_path).stdout.splitlines()
    assert status[0] == f"postgresql://referee:***@127.0.0.1:{port}/league: never synced whole"
    assert status[1] == f"this venue is {socket.gethostname()}/venue there"  # the default name: host/folder
    assert status[2].startswith("the last pass, at ") and "no PostgreSQL server can be reached there" in status[2]
    assert status[3] == "5 entries wait"
    asked = referee("sync", "--status", "--db", db, "--to", f"postgresql://referee:s3cret@127.0.0.1:{port}/league",
                    cwd=tmp_path)  # the venue's own record first, then the league, which cannot be reached: one line
    assert asked.returncode == 2 and asked.stdout.splitlines() == status
    assert asked.stderr.splitlines() == [lines[0]]


def test_to_is_needed_and_the_venue_must_be_there(tmp_path: Path) -> None:
    db = venue(tmp_path, "T1")
    run = referee("sync", "--db", db, cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.splitlines() == ["error: --to: name the league's store (postgresql://user:password@host/database)"]
    status = referee("sync", "--status", "--db", db, cwd=tmp_path)
    assert status.returncode == 0 and status.stdout.splitlines() == [f"{db} has not synced into any league yet"]
    gone = referee("sync", "--to", tmp_path / "league", "--db", tmp_path / "nowhere", cwd=tmp_path)
    assert gone.returncode == 2
    assert gone.stderr.splitlines() == [f"error: --db {tmp_path / 'nowhere'}: no store folder there"]
    assert not (tmp_path / "nowhere").exists() and not (tmp_path / "league").exists()


# --- a push interrupted: killed with -9, its connection cut --------------------------------------------------------

def _lock_waiters(url: str) -> int:
    return int(str(sql(url, "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                            "WHERE NOT l.granted AND a.datname = current_database()")[0][0]))


def _waiting_for_a_lock(url: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if _lock_waiters(url):
            return
        time.sleep(0.05)
    raise AssertionError("the sync never waited for the row the test holds")


@contextlib.contextmanager
def holding(url: str, match_id: str) -> Iterator[None]:
    """The row of *match_id* locked in the league until the block ends: a sync reaching it waits there, mid-push."""
    with psycopg.connect(url) as conn:
        conn.execute("SELECT 1 FROM matches WHERE id = %s FOR UPDATE", (match_id,))
        yield
        conn.rollback()


IDS = [f"M{i:02}" for i in range(1, 9)]


def test_a_sync_killed_mid_push_is_resumed_with_nothing_lost_or_twice(tmp_path: Path, league: str) -> None:
    db = venue(tmp_path, *IDS)
    assert referee("sync", "--to", league, "--db", db, cwd=tmp_path).returncode == 0
    for mid in IDS:
        for line in HAND:
            record(db, mid, *line)
    with holding(league, "M05"):
        proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "sync", "--to", league, "--db", str(db)],
                                env=_env(), cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        _waiting_for_a_lock(league)  # M01–M04 extended, M05's transaction waiting for its row
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    got = chains(league)
    assert [len(got[m]) for m in IDS] == [8, 8, 8, 8, 5, 5, 5, 5]
    status = referee("sync", "--status", "--db", db, cwd=tmp_path)
    assert status.stdout.splitlines()[-1] == "24 entries wait"  # the record of the first pass: 8 × 3
    again = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0] == "12 match entries pushed (0 new matches, 4 extended)"
    assert chains(league) == chains(db)
    assert sql(league, "SELECT count(*), count(DISTINCT hash) FROM entries")[0] == (64, 64)
    for where in (league, db):
        assert referee("verify", "--db", where, cwd=tmp_path).returncode == 0


class Proxy:
    """A loopback TCP proxy to the PostgreSQL server that the test cuts: ``down()`` drops every connection and
    refuses new ones until ``up()``; ``stall()`` keeps every connection open (and accepts new ones) but forwards
    no byte either way, what a link that holds its TCP connection while nothing flows does, until ``up()``."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.open = True
        self.flowing = threading.Event()
        self.flowing.set()
        self.links: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            if not self.open:
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.links += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                self.flowing.wait()  # stalled: what was read is held, nothing more is read
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def down(self) -> None:
        self.open = False
        with self.lock:
            for s in self.links:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()
            self.links.clear()
        self.flowing.set()  # what a stall held goes nowhere: its sockets are closed

    def up(self) -> None:
        self.open = True
        self.flowing.set()

    def stall(self) -> None:
        self.flowing.clear()

    def url(self, url: str) -> str:
        from urllib.parse import urlsplit, urlunsplit

        parts = urlsplit(url)
        netloc = parts.netloc.rsplit("@", 1)
        return urlunsplit(parts._replace(netloc=f"{netloc[0]}@127.0.0.1:{self.port}"))

    def close(self) -> None:
        self.down()
        self.server.close()


@pytest.fixture
def proxy(league: str) -> Iterator[Proxy]:
    from urllib.parse import urlsplit

    parts = urlsplit(league)
    p = Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
    yield p
    p.close()


def test_a_connection_cut_mid_push_loses_nothing(tmp_path: Path, league: str, proxy: Proxy) -> None:
    db = venue(tmp_path, *IDS)
    via = proxy.url(league)
    assert referee("sync", "--to", via, "--db", db, cwd=tmp_path).returncode == 0
    for mid in IDS:
        record(db, mid, "hand")
    with holding(league, "M03"):
        proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "sync", "--to", via, "--db", str(db)],
                                env=_env(), cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _waiting_for_a_lock(league)
        proxy.down()  # the sync's connection cut in the middle of M03's transaction
        out, err = proc.communicate(timeout=60)
    assert proc.returncode != 0
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: the PostgreSQL store ") and "cannot be reached" in lines[0]
    assert [len(chains(league)[m]) for m in IDS] == [6, 6, 5, 5, 5, 5, 5, 5]
    proxy.up()
    again = referee("sync", "--to", via, "--db", db, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0] == "6 match entries pushed (0 new matches, 6 extended)"
    assert chains(league) == chains(db)
    assert sql(league, "SELECT count(*), count(DISTINCT hash) FROM entries")[0] == (48, 48)


def _until(check, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError("not within the time allowed")


def test_every_says_a_failed_pass_once_and_goes_on_when_the_league_is_back(tmp_path: Path, league: str,
                                                                           proxy: Proxy) -> None:
    db = venue(tmp_path, "T1")
    proxy.down()
    proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "sync", "--to", proxy.url(league), "--every", "1",
                             "--db", str(db)], env=_env(), cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(3.5)  # three or four passes fail
        proxy.up()
        _until(lambda: "T1" in chains(league))
        for line in HAND:
            record(db, "T1", *line)
        _until(lambda: len(chains(league).get("T1", [])) == 8)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "no PostgreSQL server can be reached there" in errors[0], err
    assert "trying again every 1 s (Ctrl-C stops)" in err
    assert f"{shown(proxy.url(league))} is reached again" in out
    assert chains(league) == chains(db)


# --- a season: events' logs, tokens and the league itself ----------------------------------------------------------

def test_a_season_synced_gives_the_league_the_venues_standings(tmp_path: Path, league: str) -> None:
    """The season of tests/test_league.py (8 matches, 2 events' logs, 1 league) and two tokens: every chain pushed,
    the league's standings the venue's; a token revoked at the venue is revoked in the league at the next pass."""
    from test_league import season

    db = tmp_path / "venue"
    cli = Cli(db)
    season(cli, tmp_path)
    cli.ok("token", "add", "王裁判", "--event", "E1", "--no-qr")
    cli.ok("token", "add", "李裁判", "--event", "E2", "--no-qr")
    run = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    out = run.stdout.splitlines()
    assert out[0].endswith("(8 new matches, 0 extended)")
    assert out[1].endswith("(2 new logs)") and out[2] == "2 token changes pushed" and out[3] == "1 league change pushed"
    assert chains(league) == chains(db)
    here, there = open_store(db), open_store(league)
    for eid in ("E1", "E2"):
        assert [e["hash"] for e in here.event_log(eid).entries()] == [e["hash"] for e in there.event_log(eid).entries()]
    there.close()
    assert Cli(league).json("league", "standings", "DL26") == cli.json("league", "standings", "DL26")  # type: ignore[arg-type]
    cli.ok("token", "revoke", "王裁判")
    run = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert run.stdout.splitlines()[0] == "0 match entries pushed (0 new matches, 0 extended)"
    assert run.stdout.splitlines()[2] == "1 token change pushed"
    held = {t.name: t.active for t in open_store(league).tokens().all()}
    assert held == {"王裁判": False, "李裁判": True}
    again = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert again.stdout.splitlines()[-1] == f"{shown(league)} holds all of {db} already: nothing written"


def test_a_league_ahead_of_the_venue_is_a_conflict_too(tmp_path: Path, league: str) -> None:
    """The league holds an entry the venue lacks (#6, recorded at the league): nothing to push over it, said."""
    db = venue(tmp_path, "T1")
    assert referee("sync", "--to", league, "--db", db, cwd=tmp_path).returncode == 0
    lg = open_store(league)
    extra = lg.append("T1", [{"kind": "event", "directive": "hand"}], expect_seq=5)[0]
    lg.close()
    run = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        f"error: match T1: {shown(league)} holds another entry at #6 (here no entry; there #6 {extra['hash'][:12]} "
        "hand): this match is not synced, nothing of either side changed"]


def test_two_venues_syncing_at_once(tmp_path: Path, league: str) -> None:
    """Two venues push into one league at the same moment: each one's matches are there once; the one match id both
    hold, each its own, is the first pusher's, and the other venue is told of the conflict, its own kept."""
    dbs = []
    for name, east in (("a", "张三"), ("b", "李四")):
        cli = Cli(tmp_path / name)
        for i in range(1, 5):
            cli.ok("new", f"{name.upper()}{i}", *SEATS)
            cli.ok("record", f"{name.upper()}{i}", "hand")
        cli.ok("new", "X1", "--east", east, "--south", "b", "--west", "c", "--north", "d")
        dbs.append(tmp_path / name)
    procs = [subprocess.Popen([sys.executable, "-m", "referee.cli", "sync", "--to", league, "--db", str(db)],
                              env=_env(), cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for db in dbs]
    done = [(p, *p.communicate(timeout=120)) for p in procs]
    codes = sorted(p.returncode for p, _, _ in done)
    assert codes == [0, 1], [(p.returncode, err) for p, _, err in done]
    loser = next(i for i, (p, _, _) in enumerate(done) if p.returncode == 1)
    assert done[loser][2].startswith(f"error: match X1: {shown(league)} holds another entry at #")
    got = chains(league)
    assert sorted(got) == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "X1"]
    for db in dbs:
        for mid, hashes in chains(db).items():
            if mid != "X1":
                assert got[mid] == hashes
    assert got["X1"] == chains(dbs[1 - loser])["X1"] != chains(dbs[loser])["X1"]
    assert sql(league, "SELECT count(*), count(DISTINCT hash) FROM entries")[0] == (8 * 6 + 5, 8 * 6 + 5)


def test_an_evening_of_two_venues_with_their_links_cut_three_times(tmp_path: Path, league: str, pg_server) -> None:  # type: ignore[no-untyped-def]
    """Issue 32's evening on one machine: two venue folders, one league, a proxy per venue cut and restored three
    times while each venue's `sync --every 1` runs and entries are recorded at the venues. After it every entry of
    both venues is in the league once, in order; `referee verify` passes on all three stores. The time from a link
    restored to the league holding everything is measured (printed) and bounded."""
    from urllib.parse import urlsplit

    parts = urlsplit(league)
    dbs = {name: venue(tmp_path / name, f"{name.upper()}1", f"{name.upper()}2", f"{name.upper()}3")
           for name in ("a", "b")}
    proxies = {name: Proxy(parts.hostname or "127.0.0.1", parts.port or 5432) for name in dbs}
    procs = {name: subprocess.Popen([sys.executable, "-m", "referee.cli", "sync", "--to", proxies[name].url(league),
                                     "--every", "1", "--db", str(db)], env=_env(), cwd=tmp_path,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for name, db in dbs.items()}

    def caught_up() -> bool:
        got = chains(league)
        return all(got.get(m) == hashes for db in dbs.values() for m, hashes in chains(db).items())

    def failed(db: Path) -> bool:
        import json

        with contextlib.suppress(OSError, ValueError):
            return any(row.get("error") for row in json.loads((db / "sync.json").read_text("utf-8")).values())
        return False

    latencies: list[float] = []
    try:
        _until(caught_up)
        for cut in (1, 2, 3):
            _until(lambda: not any(failed(db) for db in dbs.values()))  # the last pass of each noted as whole
            for p in proxies.values():
                p.down()
            for name, db in dbs.items():
                for line in HAND:  # acknowledged at the venue while its link is down
                    record(db, f"{name.upper()}{cut}", *line)
            _until(lambda: all(failed(db) for db in dbs.values()))  # a pass of each venue has failed
            assert not caught_up()
            for p in proxies.values():
                p.up()
            start = time.monotonic()
            _until(caught_up)
            latencies.append(time.monotonic() - start)
        # the league can hold everything while the pass that pushed it is still going: Ctrl-C only once the last pass
        # of each venue is noted as whole (a pass says "reached again" before it notes itself)
        _until(lambda: not any(failed(db) for db in dbs.values()))
    finally:
        for proc in procs.values():
            proc.send_signal(signal.SIGINT)
        outs = {name: proc.communicate(timeout=30) for name, proc in procs.items()}
        for p in proxies.values():
            p.close()
    print("seconds from a link restored to the league caught up:", [round(x, 2) for x in latencies])
    assert all(x < 10 for x in latencies)
    got = chains(league)
    assert sorted(got) == ["A1", "A2", "A3", "B1", "B2", "B3"]
    assert all(len(got[m]) == 8 for m in got)  # 5 + the 3 of its cut: nothing lost
    assert sql(league, "SELECT count(*), count(DISTINCT hash) FROM entries")[0] == (48, 48)  # nothing twice
    for where in (league, *dbs.values()):
        assert referee("verify", "--db", where, cwd=tmp_path).returncode == 0
    for name, (out, err) in outs.items():
        assert out.count("is reached again") == 3, (name, out, err)


# --- a stalled link, the league's record of its venues, the record's words ------------------------------------------

STALL = 10  # referee.store.syncing.STALL: seconds with no byte before a pass gives up


def _failed_with(db: Path) -> dict[str, object] | None:
    import json

    with contextlib.suppress(OSError, ValueError):
        for row in json.loads((db / "sync.json").read_text("utf-8")).values():
            if row.get("error"):
                return dict(row["error"])
    return None


def test_a_stalled_link_fails_the_pass_in_seconds_and_the_next_pass_goes_on(tmp_path: Path, league: str,
                                                                              proxy: Proxy) -> None:
    """The proxy keeps the sync's connection open but forwards nothing, in the middle of M03's push (its row held by
    the test, then let go once the link stalls): the pass gives up within the bound (10 s with no byte) plus the
    connect timeout's 5, says so in one line, the record says why in each language; once the link flows again the
    next pass pushes the rest, nothing twice."""
    db = venue(tmp_path, *IDS)
    via = proxy.url(league)
    assert referee("sync", "--to", via, "--db", db, cwd=tmp_path).returncode == 0
    for mid in IDS:
        record(db, mid, "hand")
    with holding(league, "M03"):
        proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "sync", "--to", via, "--every", "1", "--db",
                                 str(db)], env=_env(), cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        _waiting_for_a_lock(league)
        proxy.stall()
        stalled = time.monotonic()
    try:
        _until(lambda: _failed_with(db) is not None, timeout=STALL + 20)
        took = time.monotonic() - stalled
        print("seconds from the link stalled to the pass given up:", round(took, 2))
        assert took < STALL + 5
        error = _failed_with(db)
        assert error is not None and error["msgid"].startswith("the PostgreSQL store {url} cannot be reached")
        status = referee("sync", "--status", "--db", db, cwd=tmp_path).stdout.splitlines()
        zh = referee("sync", "--status", "--db", db, "--lang", "zh", cwd=tmp_path).stdout.splitlines()
        assert [len(chains(league)[m]) for m in IDS] == [6, 6, 5, 5, 5, 5, 5, 5]  # M03's push rolled back
        proxy.up()
        _until(lambda: chains(league) == chains(db))
        _until(lambda: _failed_with(db) is None)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert status[2].startswith("the last pass, at ") and \
        f"failed: the PostgreSQL store {shown(via)} cannot be reached (no byte came from the server for 10 s: the " \
        "link is taken as lost)" in status[2], status
    assert "（服务器 10 秒没有传来任何数据：视为连接已断）" in zh[2] and zh[2].startswith("最近一轮（"), zh
    assert status[-1] == "8 entries wait" and zh[-1] == "8 条记录在等待"  # the record of the first pass: 8 × 1 hand
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert errors[0] == (f"error: the PostgreSQL store {shown(via)} cannot be reached (no byte came from the server "
                         "for 10 s: the link is taken as lost); an entry that was not confirmed may not be stored: "
                         "look at the match before recording it again"), err
    assert f"{shown(via)} is reached again" in out
    assert sql(league, "SELECT count(*), count(DISTINCT hash) FROM entries")[0] == (48, 48)


def _stamped(text: str, before: float, after: float) -> bool:
    """*text* is a time (``2026-12-07T20:14:03Z``, UTC, to the second) within [before, after] (time.time())."""
    from datetime import datetime

    at = datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
    return int(before) <= at <= after


def test_the_league_shows_each_venues_last_sync_on_its_pages_and_in_status(tmp_path: Path, league: str) -> None:
    """Two venues sync into the league: 海之韵 by --venue, the other under its default name (host/folder), its match
    A1 the league holds differently (a conflict: its 5 entries wait, 1 chain stopped). The league keeps each one's
    last whole pass; `sync --status --to` and the league's /leagues and /leagues/DL26 pages show it, in English and
    Chinese; a later pass of 海之韵 (the name kept, not given again) replaces its row."""
    from test_league_web import cells, get, serving

    a = venue(tmp_path / "a", "A1")
    b = tmp_path / "b" / "venue"
    Cli(b).ok("new", "A1", "--east", "张三", "--south", "b", "--west", "c", "--north", "d")
    Cli(b).ok("new", "B1", *SEATS)
    Cli(league).ok("league", "new", "DL26", "--title", "大连城市联赛 2026")
    before = time.time()
    assert referee("sync", "--to", league, "--db", a, "--venue", " 海之韵 ", cwd=tmp_path).returncode == 0
    assert referee("sync", "--to", league, "--db", b, cwd=tmp_path).returncode == 1  # A1 stopped
    after = time.time()
    other = f"{socket.gethostname()}/venue"
    rows = sql(league, "SELECT venue, synced, pushed, waiting, stopped FROM venue_syncs ORDER BY venue")
    assert sorted((r[0], r[2], r[3], r[4]) for r in rows) == sorted([("海之韵", 5, 0, 0), (other, 5, 5, 1)])
    assert all(_stamped(str(r[1]), before, after) for r in rows)
    synced = {str(r[0]): str(r[1]) for r in rows}

    status = referee("sync", "--status", "--db", b, "--to", league, cwd=tmp_path)
    assert status.returncode == 0, status.stderr
    lines = status.stdout.splitlines()
    assert lines[1] == f"this venue is {other} there"
    assert lines[-3] == f"{shown(league)} holds the syncs of 2 venues:"
    assert sorted(lines[-2:]) == sorted([
        f"  海之韵: last synced {synced['海之韵']} (UTC), 5 entries pushed, 0 waiting then",
        f"  {other}: last synced {synced[other]} (UTC), 5 entries pushed, 5 waiting then"])
    zh = referee("sync", "--status", "--db", a, "--to", league, "--lang", "zh", cwd=tmp_path).stdout.splitlines()
    assert zh[1] == "本场馆在那里的名称是 海之韵"
    assert zh[-3] == f"{shown(league)} 记录了 2 个场馆的同步："
    assert f"  海之韵：上次同步于 {synced['海之韵']}（UTC），推送 5 条记录，当时 0 条在等待" in zh[-2:]

    def shown_time(name: str) -> str:
        return synced[name].replace("T", " ").replace("Z", "")

    expected = sorted([["海之韵", shown_time("海之韵"), "5", "0", "0"], [other, shown_time(other), "5", "5", "1"]])
    with serving(league) as (base, _):
        for path in ("/leagues", "/leagues/DL26"):
            status_code, page = get(base + path + "?lang=en")
            assert status_code == 200
            assert sorted(cells(page, "venue-syncs")) == expected
            assert "<h2>Venues syncing into this store</h2>" in page and "<th>Last synced (UTC)</th>" in page
            _, page_zh = get(base + path + "?lang=zh")
            assert sorted(cells(page_zh, "venue-syncs")) == expected
            assert "<h2>同步到本存储的场馆</h2>" in page_zh and "<th>上次同步（UTC）</th>" in page_zh
        record(a, "A1", "hand")
        assert referee("sync", "--to", league, "--db", a, cwd=tmp_path).returncode == 0  # --venue not given again
        _, page = get(base + "/leagues/DL26?lang=en")  # kept per version: the venue's new pass is a new version
        again = {r[0]: r for r in cells(page, "venue-syncs")}
    assert again["海之韵"][2:] == ["1", "0", "0"] and again[other] == [other, shown_time(other), "5", "5", "1"]
    assert len(sql(league, "SELECT * FROM venue_syncs")) == 2


def test_a_folder_league_keeps_its_venues_too_and_a_venue_name_is_checked(tmp_path: Path) -> None:
    """A league that is a folder keeps its venues' syncs in venues.json; --venue refuses an empty name or one
    with a control character, one line naming --venue, nothing synced."""
    db = venue(tmp_path, "T1")
    lg = tmp_path / "league"
    for bad, why in (("  ", "error: --venue: a venue needs a name"),
                     ("hall\x07", "error: --venue: control character \\x07 is not allowed")):
        run = referee("sync", "--to", lg, "--db", db, "--venue", bad, cwd=tmp_path)
        assert (run.returncode, run.stderr.splitlines()) == (2, [why])
    assert not lg.exists()
    zh = referee("sync", "--to", lg, "--db", db, "--venue", "", "--lang", "zh", cwd=tmp_path)
    assert zh.stderr.splitlines() == ["错误：--venue：场馆需要一个名称"]
    assert referee("sync", "--to", lg, "--db", db, "--venue", "星海", cwd=tmp_path).returncode == 0
    status = referee("sync", "--status", "--db", db, "--to", lg, cwd=tmp_path).stdout.splitlines()
    assert status[-2] == f"{lg} holds the syncs of 1 venue:"
    assert status[-1].startswith("  星海: last synced ")
    assert status[-1].endswith(" (UTC), 5 entries pushed, 0 waiting then")
    none = referee("sync", "--status", "--db", db, "--to", tmp_path / "elsewhere", cwd=tmp_path).stdout.splitlines()
    assert none[-1] == f"{tmp_path / 'elsewhere'} holds no venue's sync yet"


def test_a_record_of_an_older_version_with_its_failure_in_english_still_reads(tmp_path: Path) -> None:
    """sync.json written before failures were kept as messages holds the English text: --status shows it as it is
    (in any language), and counts the waiting entries from its heads."""
    import json

    db = venue(tmp_path, "T1")
    (db / "sync.json").write_text(json.dumps({"postgresql://u:***@h/league": {
        "synced": "2026-12-05T20:00:00Z", "tried": "2026-12-05T21:00:00Z", "pushed": 5, "waiting": 0,
        "conflicts": 0, "heads": {"T1": 3}, "logs": {},
        "error": "the PostgreSQL store postgresql://u:***@h/league cannot be reached (timeout)"}}), "utf-8")
    for lang, failed, waits in (("en", "the last pass, at 2026-12-05T21:00:00Z (UTC), failed: the PostgreSQL store "
                                       "postgresql://u:***@h/league cannot be reached (timeout)", "2 entries wait"),
                                ("zh", "最近一轮（2026-12-05T21:00:00Z，UTC）失败：the PostgreSQL store "
                                       "postgresql://u:***@h/league cannot be reached (timeout)", "2 条记录在等待")):
        run = referee("sync", "--status", "--db", db, "--lang", lang, cwd=tmp_path)
        assert run.returncode == 0, run.stderr
        assert run.stdout.splitlines()[1:] == [failed, waits]


def _every(db: Path, to: str, *more: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "referee.cli", "sync", "--to", to, "--every", "1", "--db", str(db),
                             *more], env=_env(), cwd=db.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def test_status_after_a_kill_counts_from_the_last_whole_pass(tmp_path: Path, league: str) -> None:
    """`sync --every` killed with -9 in a pass that had pushed everything but was not whole yet (its note in the
    league's record of venues held by the test): `--status` counts the entries waiting from the heads of the last
    whole pass (8 matches × 3 entries recorded after it = 24), not from the half-done one (which left none), and
    the league's record still shows that pass (a second pass: nothing pushed, not the 24 of the killed one); the
    next pass writes nothing and then nothing waits."""
    db = venue(tmp_path, *IDS)
    proc = _every(db, league, "--venue", "hall")
    try:
        _until(lambda: sql(league, "SELECT pushed, waiting FROM venue_syncs WHERE venue = 'hall'") == [(40, 0)])
        _until(lambda: sql(league, "SELECT pushed, waiting FROM venue_syncs WHERE venue = 'hall'") == [(0, 0)])
        _until(lambda: read_synced(db) is not None)
        with psycopg.connect(league) as conn:
            conn.execute("SELECT 1 FROM venue_syncs WHERE venue = 'hall' FOR UPDATE")
            _waiting_for_a_lock(league)  # a pass of nothing new, at its note
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
            _until(lambda: not _lock_waiters(league))  # its statement ended with it (client_connection_check)
            whole = read_synced(db)
            for mid in IDS:
                for line in HAND:
                    record(db, mid, *line)
            proc = _every(db, league, "--venue", "hall")
            _waiting_for_a_lock(league)  # this one pushed all 24, then waits to note its pass
            assert [len(v) for v in chains(league).values()] == [8] * 8
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
            _until(lambda: not _lock_waiters(league))  # its note never written, even once the row is let go
            conn.rollback()
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
    assert read_synced(db) == whole
    status = referee("sync", "--status", "--db", db, cwd=tmp_path).stdout.splitlines()
    assert status[0] == f"{shown(league)}: last synced {whole} (UTC), 0 entries pushed then"
    assert status[-1] == "24 entries wait"
    assert sql(league, "SELECT pushed, waiting FROM venue_syncs WHERE venue = 'hall'") == [(0, 0)]
    again = referee("sync", "--to", league, "--db", db, cwd=tmp_path)
    assert again.stdout.splitlines()[-1] == f"{shown(league)} holds all of {db} already: nothing written"
    assert referee("sync", "--status", "--db", db, cwd=tmp_path).stdout.splitlines()[-1] == "0 entries wait"
    assert sql(league, "SELECT pushed, waiting FROM venue_syncs WHERE venue = 'hall'") == [(0, 0)]
    assert sql(league, "SELECT count(*), count(DISTINCT hash) FROM entries")[0] == (64, 64)


def read_synced(db: Path) -> str | None:
    import json

    with contextlib.suppress(OSError, ValueError):
        for row in json.loads((db / "sync.json").read_text("utf-8")).values():
            return str(row["synced"]) if row.get("synced") else None
    return None
