"""Dou Dizhu's rule sets: every number and choice of docs/doudizhu-rules.md a key, declared once here.

The files are read by the shared loader (``referee.core.rulesfile``): ``base =`` chains, defaults, and every
problem named by file and full key. The engine reads keys, never a rule set's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from referee.core import rulesfile
from referee.core.i18n import M, Msg
from referee.core.rulesfile import Key, Rules, Schema
from referee.games.kit.timelimit import time_limit_key, timed, untimed

DEFAULT_RULES = "doudizhu-classic"
POINTS, ROB = "points", "rob"
REDEAL, LAST_FORCED = "redeal", "last_forced"


class RuleSet(NamedTuple):
    name: str
    title: str
    source: str
    # [bidding]
    style: str  # "points" (叫分 1-3) or "rob" (叫地主/抢地主)
    max_bid: int
    no_bid: str  # "redeal" or "last_forced"
    forced_bid: int
    call_points: int
    rob_multiplier: int
    # [multipliers]
    bomb: int
    rocket: int
    spring: int
    antispring: int
    shown: int
    cap: int  # 0: no cap
    # [payment]
    landlord_factor: int
    farmer_factor: int
    # [kitty]
    kitty_shown: bool
    # [match]
    deals: int  # 0: as many as recorded
    time_limit_minutes: int = 0  # 0: no time limit (§8)


def _times(section: str, name: str, doc: Msg) -> Key:
    """A multiplier key: each doubles by default and may be set from ×1 to ×10 (§3.2, §5)."""
    return Key(section, name, int, 2, doc, low=1, high=10)


KEYS = (
    Key("bidding", "style", (POINTS, ROB), POINTS, M(
        "how the landlord is chosen: 'points' (bids of 1 to max_bid, each player once, rising: §3.1) or 'rob' "
        "(叫地主 then 抢地主, each rob multiplying: §3.2)")),
    Key("bidding", "max_bid", int, 3, M(
        "the highest bid; a bid of it ends the bidding (§3.1)"),
        low=1, high=9),
    Key("bidding", "no_bid", (REDEAL, LAST_FORCED), REDEAL, M(
        "nobody bids: 'redeal' (deal again) or 'last_forced' (the last to speak is landlord at forced_bid) (§3.3)")),
    Key("bidding", "forced_bid", int, 1, M(
        "the base of a landlord forced by no_bid = 'last_forced' (§3.3)"), low=1, high=9),
    Key("bidding", "call_points", int, 1, M(
        "style 'rob': the base once someone calls the landlord (§3.2)"),
        low=1, high=9),
    _times("bidding", "rob_multiplier", M("style 'rob': the multiplier each rob (抢地主) applies (§3.2)")),
    _times("multipliers", "bomb", M("each bomb (炸弹) played multiplies by this (§5.1)")),
    _times("multipliers", "rocket", M("the rocket (火箭) played multiplies by this (§5.1)")),
    _times("multipliers", "spring", M(
        "spring (春天: the landlord goes out before either farmer plays a card) multiplies by this (§5.2)")),
    _times("multipliers", "antispring", M(
        "anti-spring (反春: a farmer goes out after the landlord played only the first lead) multiplies by this "
        "(§5.2)")),
    _times("multipliers", "shown", M("the landlord's shown cards (明牌) multiply by this (§5.3)")),
    Key("multipliers", "cap", int, 0, M(
        "the cap on the multiplier (封顶); 0 for none (§5.4)"), low=0),
    Key("payment", "landlord_factor", int, 2, M(
        "the landlord wins or loses this × base × multiplier (§6)"), low=1),
    Key("payment", "farmer_factor", int, 1, M(
        "each farmer wins or loses this × base × multiplier (§6)"),
        low=1),
    Key("kitty", "shown", bool, True, M(
        "the kitty (底牌) is turned up for all, so every settled deal records it (§2)")),
    Key("match", "deals", int, 0, M(
        "deals in a match; 0 for as many as the record holds (§7)"),
        low=0),
    time_limit_key("8"),
)


def _relations(r: Rules) -> list[Msg]:
    out: list[Msg] = []
    if r.number("payment.landlord_factor") != 2 * r.number("payment.farmer_factor"):
        out.append(M("'payment.landlord_factor' must be twice 'payment.farmer_factor' (the landlord pays or is "
                     "paid by both farmers: §6), not {landlord} and {farmer}",
                     landlord=r.number("payment.landlord_factor"), farmer=r.number("payment.farmer_factor")))
    if r.number("bidding.forced_bid") > r.number("bidding.max_bid"):
        out.append(M("'bidding.forced_bid' must not exceed 'bidding.max_bid'"))
    return out


SCHEMA = Schema("doudizhu", "referee.games.doudizhu.rules", DEFAULT_RULES, KEYS, _relations)


def available() -> list[str]:
    return rulesfile.available(SCHEMA)


def _typed(r: Rules) -> RuleSet:
    v = r.values
    return RuleSet(
        r.name, r.title, r.source,
        style=str(v["bidding.style"]), max_bid=r.number("bidding.max_bid"), no_bid=str(v["bidding.no_bid"]),
        forced_bid=r.number("bidding.forced_bid"), call_points=r.number("bidding.call_points"),
        rob_multiplier=r.number("bidding.rob_multiplier"),
        bomb=r.number("multipliers.bomb"), rocket=r.number("multipliers.rocket"),
        spring=r.number("multipliers.spring"), antispring=r.number("multipliers.antispring"),
        shown=r.number("multipliers.shown"), cap=r.number("multipliers.cap"),
        landlord_factor=r.number("payment.landlord_factor"), farmer_factor=r.number("payment.farmer_factor"),
        kitty_shown=r.flag("kitty.shown"), deals=r.number("match.deals"),
        time_limit_minutes=r.number("match.time_limit_minutes"))



def load(name_or_path: str = DEFAULT_RULES) -> RuleSet:
    """The rule set of a name or a file (a ``RulesError`` naming file and key when it cannot be used)."""
    raw = rulesfile.load(SCHEMA, name_or_path)
    return _typed(raw)


def from_text(text: str, origin: str = "rules") -> RuleSet:
    return _typed(rulesfile.from_text(SCHEMA, text, origin))


def values_of(rules: RuleSet) -> dict[str, bool | int | str]:
    """Every full key with its value: what the content hash covers (``core.rulesfile.canonical``)."""
    values = rules._asdict()
    return untimed({k.full: values["kitty_shown" if k.full == "kitty.shown" else k.name] for k in KEYS})


def from_values(values: Mapping[str, bool | int | str], name: str, title: str, source: str) -> RuleSet:
    """The rule set of resolved values (a store's kept copy), checked as a file is."""
    return _typed(rulesfile.from_values(SCHEMA, timed(values), name, title, source, f"{name}@pinned"))


def explain(rules: RuleSet) -> list[tuple[str, str, Msg]]:
    """Every key with its value as written and its meaning."""
    values = rules._asdict()
    out = []
    for k in KEYS:
        field = "kitty_shown" if k.full == "kitty.shown" else k.name
        out.append((k.full, rulesfile.show(values[field]), k.doc))
    return out
