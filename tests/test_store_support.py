"""Shared helpers for the store tests (no tests here): a CLI app with the officiating commands."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import typer
from typer.testing import CliRunner

from referee.cli import build_app

REPO = Path(__file__).resolve().parent.parent

# Hand 1 of the record format's example: E grabs, trump H, defenders 25 + 50 = 75, kept.
HAND1 = [
    "hand",
    "declare E BJ",
    "trump H",
    "kitty 4C 6D 9S KH 7C 3H",
    "bury 4C 6C 7C 8D 9D JS",
    "points 25",
    "points 50",
    "last decl",
]


def make_app() -> typer.Typer:
    return build_app()


class Cli:
    """Run the officiating commands in-process against one store folder."""

    def __init__(self, db: Path):
        self.db = db
        self.app = make_app()
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None, referee: str = "王裁判"):
        argv = [str(a) for a in args]
        cmd = argv[0]
        argv += ["--db", str(self.db)]
        if cmd in ("new", "record", "undo", "void", "amend", "import"):
            argv += ["--referee", referee]
        return self.runner.invoke(self.app, argv, input=input)


def new_match(cli: Cli, match_id: str = "T3", *extra: str):
    r = cli("new", match_id, "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六", *extra)
    assert r.exit_code == 0, r.output
    return r


def record_all(cli: Cli, match_id: str, lines: list[str]):
    r = None
    for line in lines:
        r = cli("record", match_id, *line.split())
        assert r.exit_code == 0, f"{line}: {r.output}"
    return r


def folder_digest(folder: Path) -> dict[str, str]:
    """Every file under *folder* (lock files excluded: they are empty markers) → sha256."""
    out = {}
    for root, _, files in os.walk(folder):
        for name in files:
            p = Path(root) / name
            out[str(p.relative_to(folder))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def child_env(db: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["REFEREE_DB"] = str(db)
    env["REFEREE_NAME"] = "child"
    return env


def test_a_lock_held_too_long_is_a_store_error_not_a_traceback(tmp_path):
    # Another process holds the match's lock: the waiting writer gives up with a StoreError (which the
    # commands print as an error line) after its timeout, and nothing is written.
    import fcntl
    import os

    import pytest

    from referee.store.files import lock
    from referee.store.store import StoreBusy, StoreError

    target = tmp_path / "m.json"
    fd = os.open(tmp_path / "m.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)  # an open file description of its own: conflicts like another process
    try:
        with pytest.raises(StoreBusy) as caught:
            with lock(target, timeout=0.05):
                pass
        assert isinstance(caught.value, StoreError)
        assert "busy" in str(caught.value)
        assert not target.exists()
    finally:
        os.close(fd)
