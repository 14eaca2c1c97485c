"""Whether an event requires its settled hands to be confirmed (``referee confirm``) is a setting of the event, off
unless the director turns it on (``event new --confirmation-required``, ``event settings``): ``event close`` names
the hands no side confirmed only when it is on, so a club that never confirms hears nothing of it.

The match: two one-hand games won by EW (E grabs, the defenders score 0: the declarers win the game, §7.3.1; two
games win the match, §3.3), so two settled hands, neither confirmed unless a test confirms one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from eventplay import Cli, match_text

from referee.results.eventstate import event_state
from referee.store.api import open_store

MATCH = "EV-R1-T1"
WARNING = ("warning: settled hands no side confirmed: EV-R1-T1 hands {hands} (the event requires confirmation: "
           "referee confirm MATCH --hand N --by SIDE)")


def _played(tmp_path: Path, *new: str, lang: str = "en") -> Cli:
    """An event of one round, created with the options *new*, its one match played to the end."""
    cli = Cli(tmp_path / "store", lang)
    cli.ok("event", "new", "EV", "--name", "Cup", "--rounds", "1", *new)
    cli.ok("event", "add", "EV", "A1", "张三", "王五")
    cli.ok("event", "add", "EV", "A2", "李四", "赵六")
    cli.ok("event", "pair", "EV")
    record = tmp_path / "m.gunzi"
    record.write_text(match_text(MATCH, ["EW", "EW"]), encoding="utf-8")
    cli.ok("record", MATCH, "--file", record)
    return cli


def _log(cli: Cli) -> list[dict]:
    return [dict(a) for a in open_store(cli.db).event_log("EV").actions()]


def test_by_default_the_close_says_nothing_of_unconfirmed_hands(tmp_path):
    cli = _played(tmp_path)
    assert "confirmation_required" not in _log(cli)[0]  # the log of an event that leaves it off stays as it was
    run = cli.ok("event", "close", "EV")
    assert "confirm" not in run.err and run.err == ""


def test_an_event_created_requiring_confirmation_names_its_unconfirmed_hands(tmp_path):
    cli = _played(tmp_path, "--confirmation-required")
    assert _log(cli)[0]["confirmation_required"] is True  # kept with the other settings of the created entry
    cli.ok("confirm", MATCH, "--hand", 2, "--by", "NS")
    run = cli.ok("event", "close", "EV")
    assert run.err.strip() == WARNING.format(hands="1")  # hand 2 was confirmed


def test_the_setting_is_changed_as_an_entry_of_the_log(tmp_path):
    cli = _played(tmp_path)
    shown = cli.ok("event", "settings", "EV").out.strip()
    assert shown == "event EV: the confirmation of hands is optional; event close does not name unconfirmed hands"
    run = cli.ok("event", "settings", "EV", "--confirmation-required", "--reason", "the final needs signed hands")
    assert run.out.strip() == ("event EV: every settled hand is to be confirmed (referee confirm); event close names "
                               "those no side confirmed")
    last = _log(cli)[-1]
    assert last == {"action": "settings_changed", "confirmation_required": True,
                    "reason": "the final needs signed hands"}
    assert event_state(open_store(cli.db).event_log("EV")).settings.confirmation_required is True
    again = cli("event", "settings", "EV", "--confirmation-required")
    assert again.code == 2
    assert again.err.strip() == ("error: event EV already requires every settled hand to be confirmed: nothing "
                                 "changed")
    run = cli.ok("event", "close", "EV")
    assert run.err.strip() == WARNING.format(hands="1, 2")


def test_turned_off_again_the_close_is_quiet(tmp_path):
    cli = _played(tmp_path, "--confirmation-required")
    cli.ok("event", "settings", "EV", "--no-confirmation-required")
    assert [a["action"] for a in _log(cli)][-1] == "settings_changed"
    assert cli.ok("event", "close", "EV").err == ""
    off = cli("event", "settings", "EV", "--no-confirmation-required")
    assert (off.code, off.err.strip()) == (2, "error: event EV already leaves the confirmation of hands optional: "
                                              "nothing changed")


def test_a_scoring_that_turns_the_warning_off_still_does(tmp_path):
    scoring = tmp_path / "quiet.toml"
    scoring.write_text('base = "club"\nname = "quiet"\n[confirmations]\nwarn_at_close = false\n', encoding="utf-8")
    cli = _played(tmp_path, "--confirmation-required", "--scoring", str(scoring))
    assert cli.ok("event", "close", "EV").err == ""


def test_the_warning_and_the_setting_in_chinese(tmp_path):
    cli = _played(tmp_path, "--confirmation-required", lang="zh")
    assert cli.ok("event", "settings", "EV").out.strip() == (
        "赛事 EV：每副结算后都须确认（referee confirm）；event close 会列出无人确认的各副")
    err = cli.ok("event", "close", "EV").err
    assert err.startswith("警告：未经任何一方确认的已结算牌副：") and "本赛事要求确认" in err


def test_an_event_of_individual_players_refuses_the_setting(tmp_path):
    cli = Cli(tmp_path / "store")
    run = cli("event", "new", "DD", "--name", "Evening", "--game", "doudizhu", "--rounds", "1",
              "--confirmation-required")
    assert run.code == 2
    assert run.err.strip() == ("error: --confirmation-required: for an event of pairs only (an event of individual "
                               "players does not name unconfirmed hands at its close)")


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_log_with_a_bad_setting_is_refused(value):
    from referee.tournament.model import EventFormat
    from referee.tournament.scoring import load
    from referee.tournament.state import StateError, created, replay, settings_changed

    first = created("EV", "Cup", "dalian-club", EventFormat.swiss, 1, load("club"), None, None, None, 7)
    assert replay([first, settings_changed(confirmation_required=True)]).settings.confirmation_required is True
    bad = {**settings_changed(confirmation_required=True), "confirmation_required": value}
    with pytest.raises(StateError) as refused:
        replay([first, bad])
    assert (refused.value.seq, refused.value.what, refused.value.detail) == (2, "bad_action", "confirmation_required")
