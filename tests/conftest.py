"""Make ``helpers`` (and, uninstalled, ``referee``) importable; mark the slow tests; in CI, a skip fails.

``make check`` runs the fast tests (``-m "not slow and not browser"``) in under a minute; ``make test`` and CI
run everything. What is slow is said here, in one table, by module (and the CLI tests' subprocess variant:
the same checks as the in-process variant, each paying a Python start-up).

A test that needs a component the machine lacks (chromium, a Chinese TrueType font, root for a tmpfs) skips
and says why on a developer's machine. Under ``CI=true`` (``.ci/run`` sets it after installing everything)
no test may skip: the session fails and lists the skips, so a missing component can never pass as green.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent
for _p in (str(_HERE), str(_HERE.parent)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

_SKIPPED: list[str] = []

# module -> its marker: fuzzing, crash and kill -9 runs, property tests, the real browser
MARKED = {
    "test_store_fuzz.py": "slow",
    "test_store_crash.py": "slow",
    "test_store_hardening.py": "slow",
    "test_properties.py": "slow",
    # whole-process runs over hostile files, full disks, truncated stores, many connections, many threads
    "test_adversarial.py": "slow",
    "test_file_policy.py": "slow",
    "test_harden_io.py": "slow",
    "test_event_verify.py": "slow",
    "test_store_races.py": "slow",
    "test_web_slow.py": "slow",
    "test_web_access.py": "slow",
    # a club evening's outputs end to end, every PDF read back
    "test_event_director.py": "slow",
    "test_web_browser.py": "browser",
    # the league store: a real PostgreSQL server ($REFEREE_TEST_PG), a fresh database per module (and per test
    # of the contract); fast enough for make check, which runs them wherever the server is
    "test_store_postgres.py": "postgres",
    "test_store_contract.py": "postgres",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        marker = MARKED.get(item.path.name)
        if marker is not None:
            item.add_marker(getattr(pytest.mark, marker))
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("cli") == "process":
            item.add_marker(pytest.mark.slow)


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _SKIPPED.append(f"{report.nodeid}: {reason}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _in_ci() and _SKIPPED and exitstatus in (0, 5):
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _in_ci() and _SKIPPED:
        terminalreporter.section("required tests skipped in CI", sep="!")
        for line in _SKIPPED:
            terminalreporter.write_line(line)
        terminalreporter.write_line(f"{len(_SKIPPED)} skipped: CI installs every component, so none may skip")


# --- the PostgreSQL server of the league store's tests ----------------------------------------------------------

PG_ENV = "REFEREE_TEST_PG"  # e.g. postgresql://referee:referee@127.0.0.1:5432/postgres (.ci/run exports it)


def _pg_base() -> str:
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"${PG_ENV} is not set: no PostgreSQL server to test the league store against (.ci/run starts "
                    "one: pg_ctlcluster 15 main start)")
    return base


def pg_database_url(base: str, name: str) -> str:
    """*base* (a server URL naming any database) naming the database *name* instead."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(base)
    return urlunsplit(parts._replace(path="/" + name))


class PgServer:
    """Fresh databases on the test server: each made empty or with the store's schema, all dropped at the end."""

    def __init__(self, base: str) -> None:
        import secrets

        self.base = base
        self.prefix = f"referee_t{os.getpid()}_{secrets.token_hex(3)}"
        self.made: list[str] = []
        self.template: str | None = None

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.base, autocommit=True) as conn:
            conn.execute(sql.encode())

    def empty(self) -> str:
        """A new database without the store's tables: its URL."""
        name = f"{self.prefix}_{len(self.made) + 1}"
        self._admin(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return pg_database_url(self.base, name)

    def store(self) -> str:
        """A new database with the store's schema (copied from a template upgraded once): its URL."""
        if self.template is None:
            import psycopg

            from referee.store.postgres.connection import upgrade

            url = self.empty()
            with psycopg.connect(url, autocommit=True) as conn:
                upgrade(conn)
            self.template = self.made[-1]
        name = f"{self.prefix}_{len(self.made) + 1}"
        self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        self.made.append(name)
        return pg_database_url(self.base, name)

    def drop_all(self) -> None:
        for name in reversed(self.made):
            self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.made.clear()


@pytest.fixture(scope="module")
def pg_server():
    """The test server of the module's tests (skipped without $REFEREE_TEST_PG; failed, as any skip, in CI)."""
    server = PgServer(_pg_base())
    try:
        yield server
    finally:
        server.drop_all()
