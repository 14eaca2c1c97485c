"""The rule sets of Hubei 打滚: every number and choice of docs/hubei-dagun-rules.md as a key of a TOML file.

The keys are declared once, as data (:data:`SCHEMA`), and read by the shared loader
(``referee.core.rulesfile``: ``base =`` chains, unknown keys, wrong types and out-of-range values named by
file and key, every problem at once). The engine reads :class:`DagunRules`, never a rule set's name.
Which numbers are the source's and which are the project's choices is said in the rules document (§7, §9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from referee.core import rulesfile
from referee.core.i18n import M
from referee.core.rulesfile import Key, Rules, Schema
from referee.games.kit.timelimit import time_limit_key, timed, untimed

GAME = "hubei-dagun"
DEFAULT_RULES = "hubei-dagun"
TIES = ("last_loses", "first_wins")

SCHEMA = Schema(GAME, "referee.games.hubei_dagun.rules", DEFAULT_RULES, (
    Key("coins", "stake", int, 1, M(
        "the table base (房间底金): coins per 番 (§7.1)"), low=1, high=1_000_000),
    Key("fan", "plain", int, 1, M(
        "番 of a plain 找朋友 win, the side with more points (§5.3, §7.2; a choice: the source gives none)"),
        low=0, high=1000),
    Key("fan", "bang", int, 2, M(
        "番 of 绑, one side 一游 and 二游 (§5.4, §7.2; a choice)"), low=0, high=1000),
    Key("fan", "qing", int, 2, M(
        "番 of 清, one side with all 200 points (§5.5, §7.2; a choice)"), low=0, high=1000),
    Key("fan", "guangtou", int, 4, M(
        "番 of 光头, 绑 while the other side won no points (§5.6, §7.2; a choice)"), low=0, high=1000),
    Key("fan", "alone_win", int, 2, M(
        "番 each of the three pays the 硬牌 player who is 一游 (§5.7, §7.3; a choice)"), low=0, high=1000),
    Key("fan", "alone_loss", int, 2, M(
        "番 the 硬牌 player pays each of the three when another is 一游 (§5.7, §7.3; a choice)"), low=0, high=1000),
    Key("scoring", "tie", TIES, "last_loses", M(
        "at 100:100 in 找朋友: 'last_loses' (the side of 末游 loses, the source) or 'first_wins' "
        "(the side of 一游 wins) (§5.3)")),
    Key("rewards", "sky_each", int, 1, M(
        "天炸 (the four jokers): 番 each other player pays its holder, whatever the result (§6; the source: ×3, "
        "each of three pays 1)"),
        low=0, high=1000),
    Key("rewards", "xi8_each", int, 2, M(
        "8喜 (eight of a rank, no joker): 番 each other player pays (§6; the source: ×6, each of three pays 2)"),
        low=0, high=1000),
    Key("rewards", "xi7_each", int, 1, M(
        "7喜 (seven of a rank, no joker): 番 each other player pays (§6; the source: ×3, each of three pays 1)"),
        low=0, high=1000),
    Key("dealing", "first_out_deals", bool, True, M(
        "from the second deal on, the previous deal's 一游 deals (§4.1, the source); false: any seat may")),
    time_limit_key("11"),
))


class DagunRules(NamedTuple):
    """A loaded rule set as the engine reads it: one field per key of :data:`SCHEMA`."""

    name: str
    title: str
    source: str
    stake: int
    plain: int
    bang: int
    qing: int
    guangtou: int
    alone_win: int
    alone_loss: int
    tie: str
    sky_each: int
    xi8_each: int
    xi7_each: int
    first_out_deals: bool
    time_limit_minutes: int = 0  # 0: no time limit (§11)

    def fan(self, kind: str) -> int:
        """The 番 of a result kind (plain, bang, qing, guangtou, alone_win, alone_loss)."""
        value = getattr(self, kind)
        assert isinstance(value, int)
        return value

    def reward(self, kind: str) -> int:
        """What each other player pays the holder of a declared hand (sky, xi8, xi7), in 番."""
        value = getattr(self, f"{kind}_each")
        assert isinstance(value, int)
        return value


def typed(rules: Rules) -> DagunRules:
    return DagunRules(rules.name, rules.title, rules.source, **rules.fields())  # type: ignore[arg-type]


def load(name_or_path: str | None = None) -> DagunRules:
    """The rule set; a ``RulesError`` (a usage error) naming the file and the key when it cannot be used."""
    return typed(rulesfile.load(SCHEMA, name_or_path))


def available() -> list[str]:
    return rulesfile.available(SCHEMA)


def values_of(rules: DagunRules) -> dict[str, bool | int | str]:
    """Every full key with its value: what the content hash covers (``core.rulesfile.canonical``)."""
    return untimed({k.full: getattr(rules, k.name) for k in SCHEMA.keys})


def from_values(values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> DagunRules:
    """The rule set of resolved values (a store's kept copy), checked as a file is."""
    return typed(rulesfile.from_values(SCHEMA, timed(values), name, title, source, f"{name}@pinned"))


def explain(rules: DagunRules) -> list[rulesfile.Shown]:
    values = {k.full: getattr(rules, k.name) for k in SCHEMA.keys}
    raw = Rules(GAME, rules.name, rules.title, rules.source, values, "")
    return rulesfile.explain(SCHEMA, raw)
