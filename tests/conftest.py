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
    "test_recording.py": "slow",  # the three callers of the recording use case as whole processes and a server
    # a club evening's outputs end to end, every PDF read back
    "test_event_director.py": "slow",
    "test_web_event_page.py": "slow",  # a real server
    "test_scorecard_audit.py": "slow",  # the CLI as a process, five times
    # the 打滚 game through the command line as a process
    "test_hubei_dagun_cli.py": "slow",
    # an event's round with a dispute through the CLI as a subprocess, its report read back
    "test_event_disputes.py": "slow",
    "test_web_browser.py": "browser",
    "test_web_phone.py": "browser",
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
