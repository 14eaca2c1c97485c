"""What the Dou Dizhu tests share: a record's header of three named seats (lines 1-4, so a record's first 'deal' is
line 5), the replay of a record that must read cleanly, and a house rule file over the classic rules."""

from __future__ import annotations

from referee.games.doudizhu.engine import MatchResult, replay
from referee.games.doudizhu.notation import parse
from referee.games.doudizhu.ruleset import RuleSet, from_text, load

HEAD = "match id=E game=doudizhu\nseat 1 甲\nseat 2 乙\nseat 3 丙\n"


def run(body: str, rules: RuleSet | None = None) -> MatchResult:
    """*body* after :data:`HEAD`, read with no error and replayed under *rules* (the classic rules by default)."""
    reading = parse(HEAD + body)
    assert reading.errors == [], reading.errors
    return replay(reading.events, rules or load("doudizhu-classic"))


def house(text: str) -> RuleSet:
    """The classic rules with *text*'s keys over them."""
    return from_text('base = "doudizhu-classic"\n' + text, "house.toml")
