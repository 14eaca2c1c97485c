"""Slow and many connections (issue 16, item 5): 1,100 idle half-open requests once made the venue
server unreachable at the usual 1,024 open-file limit. Now ``referee serve`` raises its open-file
limit, bounds concurrency, closes idle keep-alive connections and gives a request's header
``HEADER_TIMEOUT`` seconds to arrive (``referee.web.server``). Loopback only, bounded in count and
time."""

from __future__ import annotations

import contextlib
import os
import resource
import socket
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
import uvicorn  # noqa: E402
from webserver import free_port, referee_exe  # noqa: E402
from webvenue import EVENT, T1, make_venue  # noqa: E402

from referee.web.app import make_app  # noqa: E402
from referee.web.server import HEADER_TIMEOUT, KEEP_ALIVE, HeaderDeadline  # noqa: E402

HALF_OPEN = 2000
USUAL = 1024  # the open-file limit the server is started with, as on most desktops


def half_open(port: int, n: int) -> list[socket.socket]:
    """*n* connections, each with half a request's header sent and nothing more."""
    out = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the blank line never comes
        out.append(s)
    return out


def closed_by_server(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def get(url: str, timeout: float) -> tuple[int, float]:
    started = time.monotonic()
    with urllib.request.urlopen(url, timeout=timeout) as r:
        r.read()
        return r.status, time.monotonic() - started


def test_two_thousand_half_open_connections_leave_the_venue_answering(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    room = hard if hard != resource.RLIM_INFINITY else HALF_OPEN + 512
    n = min(HALF_OPEN, room - 256)
    if n <= USUAL:
        pytest.skip(f"an open-file hard limit of {hard} leaves no room for more connections than {USUAL}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(room, n + 256)), hard))
    venue = make_venue(tmp_path)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}

    def usual_limit() -> None:  # the child starts at 1,024 open files: `referee serve` must raise it
        resource.setrlimit(resource.RLIMIT_NOFILE, (USUAL, hard))

    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        server = subprocess.Popen([*referee_exe(), "serve", "--db", str(venue.db), "--port", str(port)], env=env,
                                  stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                  preexec_fn=usual_limit)
    conns: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                get(f"http://127.0.0.1:{port}/", 2)
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")
                time.sleep(0.1)
        conns = half_open(port, n)
        opened = time.monotonic()
        status, took = get(f"http://127.0.0.1:{port}/", 5)
        assert status == 200 and took < 5, took
        status, _ = get(f"http://127.0.0.1:{port}/events/{EVENT}", 5)
        assert status == 200
        # the header deadline: the half-open connections are closed by the server, not kept for ever
        waited = HEADER_TIMEOUT + 5 - (time.monotonic() - opened)
        assert closed_by_server(conns[0], waited) and closed_by_server(conns[-1], 2)
    finally:
        for s in conns:
            s.close()
        server.terminate()
        server.wait(20)
    assert "Traceback" not in log.read_text(errors="replace")


@contextlib.contextmanager
def quick_deadline(db: Path, timeout: float) -> Iterator[int]:
    """A real uvicorn on loopback (in a thread) with the header deadline at *timeout* seconds."""

    class Quick(HeaderDeadline):
        header_timeout = timeout

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(make_app(str(db), EVENT, 0.05), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off", http=Quick, timeout_keep_alive=60))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def test_the_header_deadline_closes_slow_headers_only(tmp_path: Path) -> None:
    venue = make_venue(tmp_path)
    with quick_deadline(venue.db, 0.5) as port:
        [slow] = half_open(port, 1)
        # a stream whose header came in time lasts past the deadline
        stream = socket.create_connection(("127.0.0.1", port), timeout=10)
        stream.sendall(f"GET /api/matches/{T1}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        assert stream.recv(12) == b"HTTP/1.1 200"
        # a keep-alive connection: one request answered, then half of the next one's header
        kept = socket.create_connection(("127.0.0.1", port), timeout=10)
        kept.sendall(b"GET /static/live.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert kept.recv(12) == b"HTTP/1.1 200"
        time.sleep(0.1)
        kept.recv(65536)
        kept.sendall(b"GET / HTTP/1.1\r\n")
        assert closed_by_server(slow, 3)
        assert closed_by_server(kept, 3)
        # past the deadline, the stream is still open: what it sent is read to the end, never an EOF
        stream.settimeout(0.3)
        with contextlib.suppress(TimeoutError):
            while True:
                assert stream.recv(65536) != b"", "the stream was closed by the header deadline"
        stream.close()


def test_serve_sets_the_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    seen: dict[str, object] = {}

    def run(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        seen.update(http=server.config.http, keep=server.config.timeout_keep_alive,
                    limit=server.config.limit_concurrency,
                    files=resource.getrlimit(resource.RLIMIT_NOFILE)[0])

    monkeypatch.setattr("uvicorn.Server.run", run)
    res = CliRunner().invoke(app, ["serve", "--port", str(free_port()), "--db", str(tmp_path / "s")])
    assert res.exit_code == 0, res.output
    assert seen["http"] is HeaderDeadline and seen["keep"] == KEEP_ALIVE == 5
    assert seen["limit"] == int(seen["files"]) - 128 >= 16  # type: ignore[call-overload]
