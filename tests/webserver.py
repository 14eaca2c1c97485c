"""A real ``referee serve`` for the browser tests and the web load bench.

``WebServer(db)`` starts ``referee serve --db DB --port PORT`` as a subprocess on a free loopback port
(the real command, so the tests also cover its start-up), waits until it answers HTTP, and ``stop()``
ends it (SIGTERM, then SIGKILL after a grace period). Used as a context manager, or through the
``served`` helper by a module-scoped fixture. The server's output goes to a file in the store's
parent folder, so a failure to start shows what the server said.

The CLI commands the tests run beside the server (``referee token add``, ``referee record``,
``referee log`` …) are run with :func:`referee_cli`: the same executable as the server, the store
given by ``--db``.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

START_TIMEOUT = 30.0  # seconds: a loaded 2-core machine imports Starlette and uvicorn slowly
STOP_GRACE = 5.0
TOKEN_RE = re.compile(r"\brt-[A-Za-z0-9_\-]{16,}")


def referee_exe() -> list[str]:
    """The ``referee`` command of this interpreter's environment (the project's virtualenv)."""
    exe = Path(sys.executable).with_name("referee")
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-m", "referee.cli"]


def referee_cli(db: Path, *args: str, lang: str | None = None, check: bool = True,
                referee: str | None = None, timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
    """Run ``referee ARGS… --db DB`` as a subprocess; with *check*, a non-zero status fails loudly."""
    env = dict(os.environ)
    env.pop("REFEREE_LANG", None)
    env.pop("REFEREE_DB", None)
    if lang:
        env["REFEREE_LANG"] = lang
    if referee:
        env["REFEREE_NAME"] = referee
    cmd = [*referee_exe(), *args, "--db", str(db)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} exited {done.returncode}\nstdout:\n{done.stdout}\n"
                             f"stderr:\n{done.stderr}")
    return done


def add_token(db: Path, name: str, *options: str) -> str:
    """``referee token add NAME OPTIONS…``: the token it prints (shown once)."""
    done = referee_cli(db, "token", "add", name, *options)
    found = TOKEN_RE.search(done.stdout)
    if not found:
        raise AssertionError(f"referee token add printed no token:\n{done.stdout}\n{done.stderr}")
    return found.group(0)


def free_port() -> int:
    """A port free on 127.0.0.1 just now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class WebServer:
    """``referee serve`` on a free loopback port, as a subprocess."""

    def __init__(self, db: Path, *extra: str, env: dict[str, str] | None = None) -> None:
        self.db = Path(db)
        self.extra = extra
        self.env = env
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = self.db.parent / f"{self.db.name}-serve.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self, tries: int = 3) -> WebServer:
        last = ""
        for _ in range(tries):  # another process may take the free port between the probe and the bind
            self.port = free_port()
            env = dict(os.environ if self.env is None else self.env)
            env.pop("REFEREE_DB", None)
            env.setdefault("PYTHONUNBUFFERED", "1")
            cmd = [*referee_exe(), "serve", "--db", str(self.db), "--port", str(self.port), *self.extra]
            with open(self.log_path, "ab") as log:
                self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                                             stdin=subprocess.DEVNULL, start_new_session=True)
            if self._wait_ready():
                return self
            last = self.output()
            self.stop()
        raise RuntimeError(f"referee serve did not start on 127.0.0.1 (log {self.log_path}):\n{last}")

    def _wait_ready(self) -> bool:
        assert self.proc is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as r:
                    r.read()
                return True
            except urllib.error.HTTPError:
                return True  # it answers: whatever the status, it is up
            except OSError:
                time.sleep(0.1)
        return False

    def output(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(STOP_GRACE)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(STOP_GRACE)

    def __enter__(self) -> WebServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
