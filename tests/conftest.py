"""Make ``helpers`` (and, uninstalled, ``referee``) importable; mark the slow tests; in CI, a skip fails.

``make check`` runs the fast tests (``-m "not slow and not browser"``) in under a minute; ``make test`` and CI
run everything. What is slow is said here, in one table, by module or by single test (``module::test``), and
the CLI tests' subprocess variant (the same checks as the in-process variant, each paying a Python start-up).

The ``cli`` fixture is the command line in-process on a store in the test's temporary folder: a module's
``CLI`` class when it names one (``test_store_support.Cli``: the officiating commands with ``--db`` and
``--referee``), else ``eventplay.Cli`` (``REFEREE_DB`` in the environment, never a traceback).

A test that needs a component the machine lacks (chromium, a Chinese TrueType font, root for a tmpfs) skips
and says why on a developer's machine, and the session ends by naming each group of tests skipped (browser,
postgres, fonts, …) and the one command that installs what they need (``sudo tools/test-deps``). Under
``CI=true`` (``.ci/run`` sets it after running that script) no test may skip: the session fails and lists the
skips, so a missing component can never pass as green.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Container
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent
for _p in (str(_HERE), str(_HERE.parent)):
    if _p not in sys.path:
        sys.path.insert(0, _p)


@pytest.fixture(autouse=True, scope="session")
def _own_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The session's own user cache (``XDG_CACHE_HOME``: where ``record`` keeps the engine's state between
    processes, ``referee.results.keptfold``), the CLI's subprocesses too: no test writes into the user's."""
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))


_SKIPPED: list[str] = []
# group -> the reasons its tests were skipped for, one per skipped test
_GROUPS: dict[str, list[str]] = {}

DEPS = "sudo tools/test-deps"  # installs and starts every component the groups below need
# A skipped test's group: by its marker, else by a word of its reason (the first group that matches; else "other").
# (group, markers, words of a reason, whether tools/test-deps installs what it lacks)
SKIP_GROUPS: tuple[tuple[str, tuple[str, ...], tuple[str, ...], bool], ...] = (
    ("browser", ("browser",), ("chromium", "chromedriver", "selenium"), True),
    ("postgres", ("postgres",), ("REFEREE_TEST_PG", "PostgreSQL"), True),
    ("fonts", (), ("font",), True),
    ("tmpfs", (), ("tmpfs",), False),  # root, which no package gives
)

# module -> its marker(s): fuzzing, crash and kill -9 runs, property tests, the real browser, the PostgreSQL server
MARKED: dict[str, str | tuple[str, ...]] = {
    "test_store_fuzz.py": "slow",
    # every command block of the README and the site run as a reader would: ~40 s of CPU over some 20 pages
    "test_readme.py::test_every_command_block_runs_as_shown": "slow",
    # the pinned rule sets through the command line as a process, ~15 runs
    "test_pinning.py::test_the_cli_replays_the_pinned_rules_and_import_refuses_a_pin_it_cannot_honour": "slow",
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
    "test_individual_events.py": "slow",  # a Dou Dizhu evening through the CLI as a process, about 40 runs
    "test_individual_event_commands.py": "slow",  # an individual event's other commands, ~20 CLI runs a test
    # an event's round with a dispute through the CLI as a subprocess, its report read back
    "test_event_disputes.py": "slow",
    # the command line as a process on stores and records, many times each (make check keeps the in-process tests
    # of the same commands)
    "test_disputes.py": "slow",
    "test_disputes_games.py::test_the_command_line_settles_a_dispute_of_every_game": "slow",
    "test_table_side.py": "slow",
    "test_store_zh.py": "slow",
    "test_event_rounds.py": "slow",
    "test_web_serve.py": "slow",
    "test_scorecard_cli.py": "slow",
    "test_doudizhu_cli.py": "slow",
    "test_jinhua_mahjong_cli.py": "slow",
    # the scorecard of another game's match by the CLI as a process, each PDF read back; its web pages on a real server
    "test_scorecard_games.py": "slow",
    "test_web_games.py": "slow",
    "test_guided_games.py": "slow",  # guided entry of another game's match by the CLI as a process, stdin typed
    "test_ratings_serve.py": "slow",  # the ratings' CLI as a process and a real server
    # the guided prompt typed a whole sample record per game (test_recording_live.py's use-case tests stay fast)
    "test_recording_live.py::test_every_directive_of_the_sample_is_entered_at_the_guided_prompt": "slow",
    "test_individual_event_director.py": "slow",  # an evening per game through the CLI as a process
    "test_jinhua_mahjong_hand.py::test_sets_and_a_pair_exhaustively_on_small_hands": "slow",  # every small hand
    "test_event_pairing_large.py::test_a_large_field_is_never_one_graph": "slow",  # a round of 1,001 pairs
    "test_web_browser.py": "browser",
    # the league store: a real PostgreSQL server ($REFEREE_TEST_PG), a fresh database per module and a fresh
    # store (a schema) per test; make check runs them wherever the server is
    "test_store_postgres.py": ("postgres", "slow"),  # the CLI as a subprocess, two servers, several processes
    "test_store_contract.py": "postgres",
    "test_web_phone.py": "browser",
    "test_web_pad_browser.py": "browser",  # every game's tap pad in chromium
    # leagues and db copy: two events played through the CLI per test, a subprocess each (test_tournament_league.py
    # keeps the season's sum in make check)
    "test_league.py": "slow",
    "test_db_copy.py": "slow",
    "test_club_tokens.py": "slow",
    "test_league_web.py": "slow",  # a season played through the CLI per backend, then a real server on loopback
    # single tests (module::test) of modules make check keeps: a wheel built and installed by pip; the command
    # line as processes; a whole round robin of six pairs (those of four and five stay); a property search
    "test_ruleset.py::test_a_wheel_holds_the_rule_files": "slow",
    "test_cli.py::test_the_installed_referee_script": "slow",
    "test_event_files.py::test_the_group_runs_as_a_process_behind_the_boundary": "slow",
    "test_event_cli.py::test_round_robin_of_six_meets_every_pair_once": "slow",
    "test_event_pairing.py::test_swiss_properties": "slow",
    # Swiss rounds of 200-1,001 pairs, several each, every two tables compared (5-18 s a test)
    "test_event_pairing_large.py::test_large_fields_keep_the_rules": "slow",
    "test_event_pairing_large.py::test_many_clubs_never_meet_themselves": "slow",
    "test_event_pairing_large.py::test_pools_find_what_the_full_graph_finds": "slow",
    # the venue server on loopback (uvicorn, a real socket, sign-in and cookies) in every test: CI runs them all;
    # make check keeps the in-process tests of the use cases and views these pages call
    "test_web.py": "slow",
    "test_web_pages.py": "slow",
    "test_web_security.py": "slow",
    "test_web_cache.py": "slow",
    "test_web_remarks.py": "slow",
    "test_web_signin.py": "slow",
    "test_web_directing.py": "slow",
    "test_web_screen.py": "slow",
    # the command line as a process on a store of every game; writers in several processes
    "test_store_games.py::test_the_cli_imports_records_and_replays_a_stored_dou_dizhu_match": "slow",
    "test_store_games.py::test_the_cli_starts_a_match_of_another_game_with_its_players": "slow",
    "test_store_contract.py::test_writers_in_processes_store_every_entry_once": "slow",
    # every line of every game's sample recorded by the command line as a process, one a line (~370 runs)
    "test_recording_live.py::test_every_directive_of_the_sample_is_recorded_live_by_the_cli_process": "slow",
    # whole evenings through the command line (in-process, a store on disk, a round paired, played and closed per
    # step): make check keeps the pure pairing, standings and scoring tests they rest on
    "test_event_files.py": "slow",
    "test_event_cli.py": "slow",
    "test_event_pairing_control.py": "slow",
    "test_event_results.py": "slow",
    "test_ratings.py": "slow",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        name = getattr(item, "originalname", item.name)
        for marked in (MARKED.get(item.path.name, ()), MARKED.get(f"{item.path.name}::{name}", ())):
            for marker in (marked,) if isinstance(marked, str) else marked:
                item.add_marker(getattr(pytest.mark, marker))
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("cli") == "process":
            item.add_marker(pytest.mark.slow)


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def skip_group(keywords: Container[str], reason: str) -> str:
    """The group of a test skipped for *reason* whose keywords (markers among them) are *keywords*."""
    for group, markers, words, _ in SKIP_GROUPS:
        if any(m in keywords for m in markers) or any(w.lower() in reason.lower() for w in words):
            return group
    return "other"


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        _SKIPPED.append(f"{report.nodeid}: {reason}")
        _GROUPS.setdefault(skip_group(report.keywords, reason), []).append(reason)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _in_ci() and _SKIPPED and exitstatus in (0, 5):
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _GROUPS:
        terminalreporter.section("skipped: what this machine lacks", sep="=")
        order = [g for g, *_ in SKIP_GROUPS] + ["other"]
        for group in sorted(_GROUPS, key=order.index):
            reasons = list(dict.fromkeys(_GROUPS[group]))  # each reason once, in the order met
            n = len(_GROUPS[group])
            terminalreporter.write_line(f"{group}: {n} test{'s' if n != 1 else ''} skipped ({'; '.join(reasons[:3])}"
                                        f"{'; …' if len(reasons) > 3 else ''})")
        installable = [g for g, _, _, by_deps in SKIP_GROUPS if by_deps and g in _GROUPS]
        if installable:
            terminalreporter.write_line(f"{DEPS} installs what the {', '.join(installable)} tests need"
                                        + (" (then set the REFEREE_TEST_PG it prints)" if "postgres" in installable
                                           else ""))
    if _in_ci() and _SKIPPED:
        terminalreporter.section("required tests skipped in CI", sep="!")
        for line in _SKIPPED:
            terminalreporter.write_line(line)
        terminalreporter.write_line(f"{len(_SKIPPED)} skipped: CI installs every component, so none may skip")


# --- the PostgreSQL server of the league store's tests ----------------------------------------------------------

PG_ENV = "REFEREE_TEST_PG"  # e.g. postgresql://referee:referee@127.0.0.1:5432/postgres (tools/test-deps prints it)


def _pg_base() -> str:
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"${PG_ENV} is not set: no PostgreSQL server to test the league store against ({DEPS} starts "
                    "one and prints the value)")
    return base


def pg_database_url(base: str, name: str, schema: str | None = None) -> str:
    """*base* (a server URL naming any database) naming the database *name* instead, and with *schema*, a
    search path of that schema alone (a store of its own in that database)."""
    from urllib.parse import quote, urlsplit, urlunsplit

    parts = urlsplit(base)
    query = parts.query
    if schema is not None:
        query = "&".join(q for q in (query, "options=" + quote(f"-csearch_path={schema}", safe="")) if q)
    return urlunsplit(parts._replace(path="/" + name, query=query))


class PgServer:
    """Fresh stores on the test server: one database per test module (dropped at its end), and in it one schema
    per store (made empty, or with the store's tables), each a store of its own through its search path."""

    def __init__(self, base: str) -> None:
        import secrets

        self.base = base
        self.database = f"referee_t{os.getpid()}_{secrets.token_hex(3)}"
        self.made = 0
        self._created = False

    def _admin(self, sql: str, url: str | None = None) -> None:
        import psycopg

        with psycopg.connect(url or self.base, autocommit=True) as conn:
            conn.execute(sql.encode())

    def empty(self) -> str:
        """A new store's URL, without the store's tables (a schema of its own, empty)."""
        if not self._created:
            self._admin(f'CREATE DATABASE "{self.database}"')
            self._created = True
        self.made += 1
        schema = f"store_{self.made}"
        self._admin(f'CREATE SCHEMA "{schema}"', pg_database_url(self.base, self.database))
        return pg_database_url(self.base, self.database, schema)

    def store(self) -> str:
        """A new store's URL, its tables made (``referee db upgrade``'s SQL)."""
        import psycopg

        from referee.store.postgres.connection import upgrade

        url = self.empty()
        with psycopg.connect(url, autocommit=True) as conn:
            upgrade(conn)
        return url

    def drop_all(self) -> None:
        if self._created:
            self._admin(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
            self._created = False


@pytest.fixture
def jinhua_fresh_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Jinhua judgement worked out afresh: the patterns' problems are kept by their codes
    (engine._COMPATIBLE) and the shapes by their counts (hand.sets_and_pair's cache), and a cache another test
    filled would hide the code that fills it (the mutation run forks its mutants from a process that ran the
    tests, docs/mutation.md). A test module takes it with ``pytestmark = pytest.mark.usefixtures(...)``."""
    from referee.games.jinhua_mahjong import engine, hand

    monkeypatch.setattr(engine, "_COMPATIBLE", {})
    hand.sets_and_pair.cache_clear()


@pytest.fixture(scope="module")
def pg_server():
    """The test server of the module's tests (skipped without $REFEREE_TEST_PG; failed, as any skip, in CI): one
    database for the module, one schema per store in it (a database is slow to drop, a schema is not)."""
    server = PgServer(_pg_base())
    try:
        yield server
    finally:
        server.drop_all()


@pytest.fixture(params=["folder", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path):
    """A new store on each backend: a folder in ``tmp_path``, then a schema of the module's PostgreSQL database. A
    module with a fixture of its own named ``store`` overrides this one."""
    from referee.store.api import open_store

    if request.param == "folder":
        return open_store(tmp_path / "store")
    pg = open_store(request.getfixturevalue("pg_server").store())
    request.addfinalizer(pg.close)
    return pg


# --- the command line in-process, on a store of the test's own ----------------------------------------------------

@pytest.fixture
def cli(request: pytest.FixtureRequest, tmp_path: Path):
    """The command line in-process on the store ``tmp_path / "store"``: the test module's ``CLI`` class, or
    ``eventplay.Cli``. A module with a fixture of its own named ``cli`` (a store with a match in it, the CLI
    as a process) overrides this one."""
    from eventplay import Cli

    return getattr(request.module, "CLI", Cli)(tmp_path / "store")
