"""A toy game written in the test suite (tests/toygame/) and registered by it goes through the whole contract
of a game — record, correct, what-if, dispute, confirm, scorecard, web page and entry, event, league, ratings —
with no product file naming it: what the tool does for a game it does through ``referee.games.api`` alone.

The toy's rules (tests/toygame/__init__.py): a deal's winner takes ``points.win`` = 3 from the other (§2); a
match is 4 deals (§3)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from eventplay import Cli
from toygame import KEY, MODULE

from referee.core.i18n import M
from referee.games import registry


@pytest.fixture
def toy() -> Iterator[None]:
    registry.register(KEY, MODULE, M("Toy game", zh="玩具游戏"))
    try:
        yield
    finally:
        registry.unregister(KEY)


RECORD = "match id=T1 game=toy\nseat A 甲\nseat B 乙\ndeal\nwin A\ndeal\nwin B\ndeal\nwin A\ndeal\nnowin\n"


def test_the_registry_offers_the_toy_only_while_registered(toy: None) -> None:
    assert KEY in registry.GAMES and registry.game(KEY).key == KEY
    assert registry.game_of_text(RECORD) == (KEY, 1)
    assert "Toy game (玩具游戏)" in registry.named("en")


def test_read_replay_and_json_through_the_interface(toy: None) -> None:
    g = registry.game(KEY)
    reading = g.read(RECORD)
    assert reading.errors == []
    result = g.replay(reading.events, g.load_rules(g.default_rules))
    # A wins deals 1 and 3 (+3 each), B deal 2 (+3), deal 4 nobody: A 3 - 3 + 3 = +3, B -3 + 3 - 3 = -3
    assert g.summarize(result).outcome("A").score == 3 and g.summarize(result).outcome("B").score == -3
    out = io.StringIO()
    g.write_json(result, out, "en", [])
    data = json.loads(out.getvalue())
    assert list(data) == ["match", "deals", "result", "errors"]
    assert data["match"] == {"id": "T1", "game": "toy", "rules": "toy", "seats": {"A": "甲", "B": "乙"}}
    assert data["result"] == {"totals": {"A": 3, "B": -3}, "finished": True}


def test_the_cli_records_corrects_and_replays_a_toy_match(toy: None, tmp_path: Path) -> None:
    cli = Cli(tmp_path / "db")
    made = cli.ok("new", "T1", "--game", "toy", "--player", "甲", "--player", "乙")
    assert "T1" in made.out
    for line in ("deal", "win A", "deal", "win A"):
        cli.ok("record", "T1", *line.split())
    # the second win was B's: amend it (the last entry), then undo and record again
    data = cli.json("replay", "T1")
    assert data["result"]["totals"] == {"A": 6, "B": -6}  # two wins of A: 3 + 3
    cli.ok("undo", "T1")
    cli.ok("record", "T1", "win", "B")
    data = cli.json("replay", "T1")
    assert data["result"]["totals"] == {"A": 0, "B": 0}  # A +3, B +3
    assert data["match"]["seats"] == {"A": "甲", "B": "乙"}
