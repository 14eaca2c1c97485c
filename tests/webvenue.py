"""A venue for the web tests: a store with an event of four pairs, round 1 paired (two tables), a
player named ``<script>``; tokens for a referee of table 1, a referee of the whole event, the
director and a referee of another event; and a real server on loopback when a test needs one."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from eventplay import Cli

from referee.store.tokens import Tokens

EVENT = "SC"
T1, T2 = "SC-R1-T1", "SC-R1-T2"
EVIL = "<script>alert(1)</script>"


@dataclass
class Venue:
    db: Path
    cli: Cli
    table1: str  # referee 王裁判, event SC, table 1
    anywhere: str  # referee 李裁判, event SC, every table
    director: str  # director 裁判长, event SC
    elsewhere: str  # referee 赵裁判, event OTHER


def make_venue(tmp: Path) -> Venue:
    db = tmp / "store"
    cli = Cli(db)
    cli.ok("event", "new", EVENT, "--name", "春季杯 <b>2026</b>", "--rounds", 2, "--date", "2026-12-05")
    for i in range(1, 5):
        cli.ok("event", "add", EVENT, f"P{i}", f"甲{i}", EVIL if i == 1 else f"乙{i}")
    cli.ok("event", "pair", EVENT)
    tokens = Tokens(db)
    return Venue(db, cli,
                 tokens.add("王裁判", "referee", EVENT, (1,)).secret,
                 tokens.add("李裁判", "referee", EVENT).secret,
                 tokens.add("裁判长", "director", EVENT).secret,
                 tokens.add("赵裁判", "referee", "OTHER").secret)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def running(db: Path, interval: float = 0.05) -> Iterator[str]:
    """A real uvicorn server over *db* on a free loopback port, in a thread; stopped at the end."""
    import uvicorn

    from referee.web.app import make_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(make_app(str(db), EVENT, interval), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
