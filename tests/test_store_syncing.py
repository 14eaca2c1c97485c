"""``referee.store.syncing.sync_store`` in-process, folder into folder (the sync knows no backend): an event's log
that the league holds differently is a conflict of that log only, both entries named; an event added to a league at
the venue is added in the league; what a pass counts as waiting.
"""

from __future__ import annotations

from pathlib import Path

from eventplay import Cli

from referee.store.api import open_store
from referee.store.syncing import Conflict, conflict_message, sync_store


def _event(cli: Cli, eid: str) -> None:
    cli.ok("event", "new", eid, "--name", eid, "--rounds", 1)
    cli.ok("event", "add", eid, "A1", "张三", "李四")
    cli.ok("event", "add", eid, "A2", "王五", "赵六")


def test_an_event_log_held_differently_is_a_conflict_of_that_log_only(tmp_path: Path) -> None:
    here, there = Cli(tmp_path / "venue"), Cli(tmp_path / "league")
    _event(here, "E1")
    _event(here, "E2")
    venue, league = open_store(tmp_path / "venue"), open_store(tmp_path / "league")
    mine = venue.event_log("E1").entries()
    league.event_log("E1").adopt(mine[:2])  # the event and A1, then the league's own #3
    there.ok("event", "add", "E1", "A9", "钱七", "孙八")
    theirs = league.event_log("E1").entries()[2]
    done = sync_store(venue, league)
    assert done.conflicts == (Conflict("event", "E1", 3, mine[2], theirs),)
    assert (done.new_logs, done.log_entries, done.waiting) == (1, 3, 1)  # E2 whole; E1's #3 waits
    assert [e["hash"] for e in league.event_log("E2").entries()] == [e["hash"] for e in venue.event_log("E2").entries()]
    assert league.event_log("E1").entries()[2] == theirs and venue.event_log("E1").entries() == mine
    said = str(conflict_message(done.conflicts[0], league.where))
    assert said.startswith(f"event E1: {league.where} holds another entry at #3 (here #3 {mine[2]['hash'][:12]} ")
    assert f"there #3 {theirs['hash'][:12]} " in said and "钱七" in said


def test_an_event_added_to_a_league_at_the_venue_is_added_in_the_league(tmp_path: Path) -> None:
    here = Cli(tmp_path / "venue")
    _event(here, "E1")
    here.ok("league", "new", "DL26", "--title", "联赛")
    here.ok("league", "add-event", "DL26", "E1", "--club", "星海")
    venue, league = open_store(tmp_path / "venue"), open_store(tmp_path / "league")
    assert sync_store(venue, league).leagues == 1
    _event(here, "E2")
    here.ok("league", "add-event", "DL26", "E2", "--club", "海之韵")
    done = sync_store(venue, league)
    assert (done.leagues, done.new_logs, done.conflicts) == (1, 1, ())
    assert [(e.event, e.club) for e in league.leagues().get("DL26").events] == [("E1", "星海"), ("E2", "海之韵")]
    again = sync_store(venue, league)
    assert (again.written, again.waiting) == (0, 0)
