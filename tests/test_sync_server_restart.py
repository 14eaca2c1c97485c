"""``referee sync --every`` while the league's PostgreSQL server itself is stopped and started again (issue 32
item 3), not only the link to it cut: a server of the test's own (``initdb`` in a temporary folder, its own port),
so that stopping it stops nothing another test uses. Entries are recorded at the venue while the server is down;
after each start the league catches up, every entry once and in order, and ``referee verify`` passes on both.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_sync import HAND, _env, _until, chains, record, referee, sql, venue

pytestmark = [pytest.mark.postgres, pytest.mark.slow]  # a server of its own, started three times


class OwnServer:
    """A PostgreSQL server in a temporary folder on a free loopback port, run as the ``postgres`` user when the
    tests run as root (the server refuses root), its one role ``referee`` trusted on loopback."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb")) or [shutil.which("initdb") or ""]
        if not found[-1]:
            pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
        self.bin = Path(found[-1]).parent
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.folder = Path(tempfile.mkdtemp(prefix="referee-pg-"))
        if self.as_user:
            shutil.chown(self.folder, "postgres", "postgres")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self._run("initdb", "-D", str(self.folder / "data"), "-U", "referee", "--auth=trust", "-E", "UTF8")
        self.url = f"postgresql://referee@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([*self.as_user, str(self.bin / program), *args], check=True, capture_output=True,
                       timeout=120)

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.folder / "log"), "-w", "-o",
                  f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder}", "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def own_server() -> Iterator[OwnServer]:
    server = OwnServer()
    try:
        server.start()
        yield server
    finally:
        server.remove()


def test_an_evening_with_the_league_server_stopped_and_started_twice(tmp_path: Path, own_server: OwnServer) -> None:
    league = own_server.url
    assert referee("db", "upgrade", "--db", league, cwd=tmp_path).returncode == 0
    db = venue(tmp_path, "M1", "M2", "M3", "M4")
    proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "sync", "--to", league, "--every", "1", "--db",
                             str(db)], env=_env(), cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)

    def caught_up() -> bool:
        with contextlib.suppress(Exception):  # the server is starting: not caught up yet
            return chains(league) == chains(db)
        return False

    def failed() -> bool:
        with contextlib.suppress(OSError, ValueError):
            return any(row.get("error") for row in json.loads((db / "sync.json").read_text("utf-8")).values())
        return False

    latencies: list[float] = []
    try:
        _until(caught_up)
        for stop in (1, 2):
            _until(lambda: not failed())
            own_server.stop()
            for mid in (f"M{2 * stop - 1}", f"M{2 * stop}"):
                for line in HAND:  # acknowledged at the venue while the league's server is down
                    record(db, mid, *line)
            _until(failed)  # a pass failed on the stopped server
            own_server.start()
            start = time.monotonic()
            _until(caught_up)
            latencies.append(time.monotonic() - start)
        _until(lambda: not failed())
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    print("seconds from the server started to the league caught up:", [round(x, 2) for x in latencies])
    assert all(x < 10 for x in latencies)
    got = chains(league)
    assert sorted(got) == ["M1", "M2", "M3", "M4"] and all(len(got[m]) == 5 + 3 for m in got)  # nothing lost
    assert sql(league, "SELECT count(*), count(DISTINCT hash) FROM entries")[0] == (32, 32)  # nothing twice
    for where in (league, db):
        assert referee("verify", "--db", where, cwd=tmp_path).returncode == 0
    assert out.count("is reached again") == 2, (out, err)
    assert proc.returncode == 130
