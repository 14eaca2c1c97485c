"""A session that skips tests ends by naming each group skipped and the one command that installs what they need
(tests/conftest.py, ``pytest_terminal_summary``): `make test` on a fresh machine never skips silently.

Each case runs pytest as a process on a folder holding a copy of the suite's conftest and a module of tests that
skip as the suite's do (a marker, or the reason a test gives)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

SKIPPING = '''
import pytest


@pytest.mark.browser
def test_a_page():
    pytest.skip("/usr/bin/chromium not found: apt-get install chromium (.ci/run does it when root)")


def test_a_league_store(pg_server):
    pass  # pg_server skips without $REFEREE_TEST_PG


def test_a_scorecard_font():
    pytest.skip("no Chinese TrueType font installed (apt-get install fonts-wqy-microhei)")


def test_a_second_font():
    pytest.skip("no Chinese TrueType font on this machine (e.g. apt-get install fonts-arphic-gbsn00lp)")


def test_a_full_disk():
    pytest.skip("mounting a tmpfs needs root (CI runs the suite as root)")


def test_forks():
    pytest.skip("one usable core: nothing is forked")


def test_that_runs():
    assert True
'''


def _session(tmp_path: Path, tests: str, ci: bool = False) -> subprocess.CompletedProcess[str]:
    shutil.copy(HERE / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_sample.py").write_text(tests, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "REFEREE_TEST_PG", "PYTEST_ADDOPTS")}
    if ci:
        env["CI"] = "true"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "ignore",
                           str(tmp_path)], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)


def test_every_skipped_group_is_named_with_the_command_that_installs_it(tmp_path):
    run = _session(tmp_path, SKIPPING)
    assert run.returncode == 0, run.stdout + run.stderr  # a developer's machine: skips pass, and are said
    out = run.stdout
    assert "skipped: what this machine lacks" in out
    lines = [line for line in out.splitlines() if ": " in line and " skipped (" in line]
    assert lines == [
        "browser: 1 test skipped (/usr/bin/chromium not found: apt-get install chromium (.ci/run does it when root))",
        "postgres: 1 test skipped ($REFEREE_TEST_PG is not set: no PostgreSQL server to test the league store "
        "against (sudo tools/test-deps starts one and prints the value))",
        "fonts: 2 tests skipped (no Chinese TrueType font installed (apt-get install fonts-wqy-microhei); no Chinese "
        "TrueType font on this machine (e.g. apt-get install fonts-arphic-gbsn00lp))",
        "tmpfs: 1 test skipped (mounting a tmpfs needs root (CI runs the suite as root))",
        "other: 1 test skipped (one usable core: nothing is forked)",
    ]
    assert ("sudo tools/test-deps installs what the browser, postgres, fonts tests need (then set the "
            "REFEREE_TEST_PG it prints)") in out.splitlines()


def test_only_the_groups_skipped_are_named(tmp_path):
    run = _session(tmp_path, SKIPPING.split("\n\ndef test_a_league_store")[0] + "\n")  # the browser test alone
    assert run.returncode == 0
    assert "browser: 1 test skipped" in run.stdout
    assert "postgres:" not in run.stdout and "fonts:" not in run.stdout
    assert "sudo tools/test-deps installs what the browser tests need" in run.stdout


def test_a_session_without_skips_says_nothing_of_them(tmp_path):
    run = _session(tmp_path, "def test_that_runs():\n    assert True\n")
    assert run.returncode == 0
    assert "what this machine lacks" not in run.stdout and "tools/test-deps" not in run.stdout


def test_in_ci_a_skip_fails_the_session_and_is_still_named(tmp_path):
    run = _session(tmp_path, SKIPPING, ci=True)
    assert run.returncode == 1
    assert "required tests skipped in CI" in run.stdout
    assert "sudo tools/test-deps installs what the browser, postgres, fonts tests need" in run.stdout
