"""The rule sets of Jinhua mahjong: every number of docs/jinhua-mahjong-rules.md a key, declared once as
data (:data:`SCHEMA`), loaded by the shared loader ``referee.core.rulesfile`` (``base =`` chains, every
problem named by file and key in both languages). ``jinhua-mahjong`` is the seed's numbers;
``jinhua-capped`` a club's house variant with a cap on the multiplied factor (§5.4)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core import rulesfile
from referee.core.i18n import M, Msg
from referee.core.rulesfile import Key, Rules, Schema
from referee.games.jinhua_mahjong.patterns import PATTERNS
from referee.games.kit.timelimit import time_limit_key, timed, untimed

DEFAULT_RULES = "jinhua-mahjong"
BUNDLED = "referee.games.jinhua_mahjong.rules"

KEYS: tuple[Key, ...] = (
    Key("scoring", "base", int, 1, M("底注 X: the stake every payment is a multiple of (§5)"), low=1, high=1_000_000),
    Key("scoring", "discarder_pays", int, 2, M("放铳: what the discarder pays, in X times the factor (§5.1)"),
        low=0, high=100),
    Key("scoring", "others_pay", int, 1, M(
        "放铳: what each of the other two pays, in X times the factor (§5.1)"), low=0, high=100),
    Key("scoring", "self_draw_pays", int, 2, M("自摸: what each of the three pays, in X times the factor (§5.2)"),
        low=0, high=100),
    Key("scoring", "cap", int, 0, M("the highest multiplied factor a deal is paid at; 0 for no cap (§5.4)"),
        low=0, high=1_000_000),
    *(Key("factors", p.code, int, p.default, p.doc, low=1, high=1024) for p in PATTERNS),
    Key("factors", "quanqiuren_self_draw", int, 1, M(
        "全求人 on a self-draw counts as 平胡: its factor then (§6.3)"), low=1, high=1024),
    Key("chengbao", "feeds", int, 3, M(
        "吃/碰/杠 by one player from one other in a deal that make the feeder liable (承包) (§7.1)"), low=1, high=20),
    Key("chengbao", "feeder_pays_all", bool, True, M(
        "the claimer wins: the feeder pays for the other two (§7.2)")),
    Key("chengbao", "claimer_pays_all", bool, True, M(
        "the feeder wins: the claimer pays for the other two (§7.3)")),
    Key("chengbao", "claimer_factor", int, 2, M(
        "the feeder wins: the liable claimer's payment is multiplied by this (并且加倍, §7.3)"), low=1, high=100),
    Key("deal", "dealer_keeps", bool, True, M(
        "the dealer deals again after winning or a deal without a winner, else the next seat deals (§9; a choice)")),
    time_limit_key("11"),
)


def _relations(rules: Rules) -> list[Msg]:
    cap = rules.number("scoring.cap")
    if 0 < cap < 1:  # pragma: no cover - the bounds already refuse it
        return [M("'scoring.cap' must be 0 or at least 1")]
    return []


SCHEMA = Schema("jinhua-mahjong", BUNDLED, DEFAULT_RULES, KEYS, _relations)


def load(name_or_path: str | None = None) -> Rules:
    return rulesfile.load(SCHEMA, name_or_path)


def available() -> list[str]:
    return rulesfile.available(SCHEMA)


def values_of(rules: Rules) -> Mapping[str, bool | int | str]:
    """Every full key with its value: what the content hash covers (``core.rulesfile.canonical``)."""
    return untimed(rules.values)


def from_values(values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> Rules:
    """The rule set of a store's kept copy of resolved *values*, checked as a file is."""
    return rulesfile.from_values(SCHEMA, timed(values), name, title, source, f"{name}@pinned")


def explain(rules: Rules) -> list[rulesfile.Shown]:
    return rulesfile.explain(SCHEMA, rules)


def defaults() -> Rules:
    """The declared defaults (the seed's numbers) as a rule set, without reading a file."""
    return Rules(SCHEMA.game, DEFAULT_RULES, "Jinhua mahjong", "003",
                 {k.full: k.default for k in KEYS}, "defaults")
