"""Disputes across an event's round, through the real command line (a subprocess): ``event disputes`` (text and
JSON), ``event close`` refusing while a dispute is open and saying what ``--force`` leaves open, the warning
about unconfirmed hands, the appeal window closed with the round, the report's disputes section.

The match: two one-hand games won by EW (E grabs, the defenders score 0: S = 0 → the declarers win the game,
§7.3.1; two games win the match, §3.3).
"""

from __future__ import annotations

import json
from pathlib import Path

from eventplay import match_text, snapshot
from test_disputes import Cli, pdf_text


def test_an_event_round_with_disputes(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "EV", "--name", "Cup", "--rounds", "1", "--confirmation-required")
    cli.ok("event", "add", "EV", "A1", "张三", "王五")
    cli.ok("event", "add", "EV", "A2", "李四", "赵六")
    cli.ok("event", "pair", "EV")
    match = "EV-R1-T1"
    record = tmp_path / "m.gunzi"
    # two one-hand games won by EW: E grabs, S = 0 → the declarers win the game (§7.3.1); 2 games win (§3.3)
    record.write_text(match_text(match, ["EW", "EW"]), encoding="utf-8")
    cli.ok("record", match, "--file", record)
    cli.ok("confirm", match, "--hand", 2, "--by", "NS")
    cli.ok("dispute", match, "--hand", 1, "--by", "NS", "--claim", "E did not grab first")

    listed = cli.ok("event", "disputes", "EV").out
    assert "round 1, table 1: dispute 1 of EV-R1-T1: hand 1, NS claims “E did not grab first” — open" in listed
    data = json.loads(cli.ok("event", "disputes", "EV", "--json").out)
    assert [(d["match"], d["number"], d["hand"], d["by"], d["state"]) for d in data["disputes"]] == \
        [(match, 1, 1, "NS", "open")]

    before = snapshot(cli.db)
    run = cli("event", "close", "EV")
    assert run.code == 1
    assert run.err.strip() == ("error: round 1 cannot close: 1 dispute is still open: EV-R1-T1 dispute 1 (hand 1, NS, "
                               "open). Rule it (referee dispute MATCH rule|decide D), or close with --force --reason "
                               "TEXT to leave it open")
    assert snapshot(cli.db) == before
    run = cli.ok("event", "close", "EV", "--force", "--reason", "the director rules after the event")
    assert "warning: the close leaves open: EV-R1-T1 dispute 1 (hand 1, NS, open)" in run.err
    # hand 2 was confirmed; hand 1 is disputed, so not confirmed
    assert ("warning: settled hands no side confirmed: EV-R1-T1 hands 1 (the event requires confirmation: referee "
            "confirm MATCH --hand N --by SIDE)") in run.err
    cli.ok("dispute", match, "rule", 1, "--keep", "--reason", "E's grab was seen by both sides")
    run = cli("dispute", match, "appeal", 1, "--by", "NS")
    assert run.code == 1
    assert run.err.strip() == ("error: the appeal window of dispute 1 has passed: round 1 of event EV is closed; "
                               "nothing stored")
    assert "every hash chain intact" in cli.ok("verify").out  # remarks after the close: the close's witness holds
    report = tmp_path / "report.pdf"
    cli.ok("event", "report", "EV", "-o", report, "--lang", "en")
    text = pdf_text(report)
    assert "Disputes" in text and "dispute1ofEV-R1-T1:hand1,NSclaims" in text
