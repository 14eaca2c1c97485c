"""The toy game's rule set: the win's points (§2) and the match's deals (§3)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core import rulesfile
from referee.core.i18n import M
from referee.core.rulesfile import Key, Rules, Schema
from referee.games.kit.timelimit import timed, untimed

DEFAULT_RULES = "toy"
KEYS = (
    Key("points", "win", int, 3, M("what the winner of a deal takes from the other (§2)"), low=1, high=1000),
    Key("match", "deals", int, 4, M("the deals of a match (§3)"), low=1, high=100),
    Key("match", "time_limit_minutes", int, 0, M("minutes the match may run; 0 for no limit"), low=0, high=1440),
)
SCHEMA = Schema("toy", "toygame.rules", DEFAULT_RULES, KEYS, lambda rules: [])


def load(name_or_path: str | None = None) -> Rules:
    return rulesfile.load(SCHEMA, name_or_path)


def available() -> list[str]:
    return rulesfile.available(SCHEMA)


def values_of(rules: Rules) -> Mapping[str, bool | int | str]:
    return untimed(rules.values)


def from_values(values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> Rules:
    return rulesfile.from_values(SCHEMA, timed(values), name, title, source, f"{name}@pinned")


def explain(rules: Rules) -> list[rulesfile.Shown]:
    return rulesfile.explain(SCHEMA, rules)
