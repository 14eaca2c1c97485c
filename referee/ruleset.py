"""Rule sets: every number and choice of gunzi-rules.md as data, read from TOML and validated once.

A rule file has sections (``[scoring]``, ``[kitty]`` …) whose keys map one-to-one onto the fields of
:class:`RuleSet`. Unknown keys, missing keys and bad values are errors that name the key, so a club
that copies a file and mistypes a key is told which one.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

DEFAULT_RULES = "dalian-club"
BUNDLED = "referee.rules"  # the package whose data files are the bundled rule sets


class RulesError(ValueError):
    """A rule file that cannot be used; the message names the file and the key."""


class RuleSet(NamedTuple):
    name: str
    title: str
    source: str
    # [declaring]
    flip_winner: str  # "highest" | "lowest"
    # [kitty]
    dry_pot_all_trump: bool
    dry_pot_kitty_points_count: bool
    dig_multiplier: int
    # [scoring]
    stage_threshold: int
    short_threshold: int
    over_threshold: int
    blood_step: int
    sweep_threshold: int
    # [jokers]
    level_big_joker: int
    level_small_joker: int
    blood_big_joker: int
    blood_small_joker: int
    # [tribute]
    riot: bool
    # [game]
    start_level: int
    top_level: int
    three_small_jokers_win: bool
    declarer_rotation: str  # "partner" | "same"
    # [match]
    games_to_win: int
    time_limit_minutes: int  # 0: no time limit
    warnings_limit: int  # 0: warnings never forfeit
    # [ledger]
    ledger_headline: bool
    ledger_per_level: int
    ledger_take_over: int
    ledger_tribute: int
    ledger_special: int

    def explain(self) -> list[tuple[str, str, str]]:
        """(key, value, what it means) for every key, in file order."""
        return [(f"{SECTION_OF[f]}.{f}", _show(getattr(self, f)), KEY_DOCS[f]) for f in KEY_ORDER]


SECTION_OF = {
    "flip_winner": "declaring",
    "dry_pot_all_trump": "kitty", "dry_pot_kitty_points_count": "kitty", "dig_multiplier": "kitty",
    "stage_threshold": "scoring", "short_threshold": "scoring", "over_threshold": "scoring",
    "blood_step": "scoring", "sweep_threshold": "scoring",
    "level_big_joker": "jokers", "level_small_joker": "jokers", "blood_big_joker": "jokers",
    "blood_small_joker": "jokers",
    "riot": "tribute",
    "start_level": "game", "top_level": "game", "three_small_jokers_win": "game", "declarer_rotation": "game",
    "games_to_win": "match", "time_limit_minutes": "match", "warnings_limit": "match",
    "ledger_headline": "ledger", "ledger_per_level": "ledger", "ledger_take_over": "ledger",
    "ledger_tribute": "ledger", "ledger_special": "ledger",
}
KEY_ORDER = tuple(SECTION_OF)

KEY_DOCS = {
    "flip_winner": "first hand, nobody grabs: the highest or the lowest flip wins the declarership (002 §二.2; 000)",
    "dry_pot_all_trump": "a kitty of six trumps is also a dry pot (000, 001 §24)",
    "dry_pot_kitty_points_count": "in a dry pot the kitty's point cards still count (002 §三.7 says no)",
    "dig_multiplier": "the kitty's points are multiplied by this when the defenders dig (002 §七)",
    "stage_threshold": "defenders' score at which they take over (上台) (002 §四)",
    "short_threshold": "below this score one blood per step short, a 5 counting as 10 (002 §六.2)",
    "over_threshold": "above this score one blood per step over, a 5 not counting (002 §六.2)",
    "blood_step": "points per blood on either side (002 §六.2)",
    "sweep_threshold": "defenders' score that wins the game outright (001 §62)",
    "level_big_joker": "extra levels per big joker in the final kitty (002 §五)",
    "level_small_joker": "extra levels per small joker in the final kitty (002 §五)",
    "blood_big_joker": "blood per big joker in the final kitty (002 §六.1)",
    "blood_small_joker": "blood per small joker in the final kitty (002 §六.1)",
    "riot": "three big or three small jokers on the paying side waive the tribute (暴动, 002 §八)",
    "start_level": "the level every game starts at (002 §二.1)",
    "top_level": "the level that must be played and passed to win (逢10必打, 002 §四)",
    "three_small_jokers_win": "three small jokers in the final kitty end the game like three big ones (002 §九.4-5)",
    "declarer_rotation": "declarers stay: 'partner' (the partner declares next) or 'same' (the same seat) (§7.4)",
    "games_to_win": "games a team must win to win the match (002 §九.7)",
    "time_limit_minutes": "minutes per game before the referee may call time; 0 for none (002 §九.6)",
    "warnings_limit": "warnings against one team that forfeit the match 2:0; 0 for none (002 §九.7)",
    "ledger_headline": "the points ledger (000) is the headline score rather than a side table",
    "ledger_per_level": "ledger points per level gained, the other side loses as much (000)",
    "ledger_take_over": "ledger points for taking over the declarership (000)",
    "ledger_tribute": "ledger points per tribute card, paid by the giving side (000)",
    "ledger_special": "ledger points for a zero, a sweep or three big jokers dug (000)",
}

_CHOICES = {"flip_winner": ("highest", "lowest"), "declarer_rotation": ("partner", "same")}
_TYPES = {k: getattr(v, "__forward_arg__", v) for k, v in RuleSet.__annotations__.items()}  # "int", "bool", "str"


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def available() -> list[str]:
    """Names of the rule sets that can be named (``$REFEREE_RULES_DIR`` first, then the bundled ones)."""
    return sorted({f.name[:-5] for d in _rules_dirs() for f in d.iterdir() if f.name.endswith(".toml")})


def _rules_dirs() -> list[Path | Traversable]:
    """$REFEREE_RULES_DIR, then the package's own files (inside a wheel, an egg or a checkout alike)."""
    from importlib.resources import files  # here, not at start-up: it imports zipfile and tempfile

    extra = os.environ.get("REFEREE_RULES_DIR")
    dirs: list[Path | Traversable] = [Path(extra)] if extra and Path(extra).is_dir() else []
    return [*dirs, files(BUNDLED)]


def resolve(name_or_path: str) -> Path | Traversable:
    """A rule set's file from its name (``dalian-club``) or a path to a TOML file."""
    p = Path(name_or_path)
    if p.suffix == ".toml" or os.sep in name_or_path or "/" in name_or_path:
        if not p.is_file():
            raise RulesError(f"no rule file at {name_or_path}")
        return p
    for d in _rules_dirs():
        candidate = d / f"{name_or_path}.toml"
        if candidate.is_file():
            return candidate
    raise RulesError(f"unknown rule set '{name_or_path}' (known: {', '.join(available())})")


_LOADED: dict[str, RuleSet] = {}


def load(name_or_path: str = DEFAULT_RULES) -> RuleSet:
    path = resolve(name_or_path)
    key = str(path.resolve()) if isinstance(path, Path) else str(path)
    if key not in _LOADED:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise RulesError(f"{path}: not valid TOML: {e}") from None
        _LOADED[key] = from_dict(data, str(path))
    return _LOADED[key]


def from_dict(data: dict, origin: str = "rules") -> RuleSet:
    """Validate a parsed rule file; every problem is reported, each naming its key."""
    problems: list[str] = []
    values: dict[str, object] = {}
    for top in ("name", "title", "source"):
        v = data.get(top)
        if not isinstance(v, str) or not v:
            problems.append(f"'{top}' must be a non-empty string")
        values[top] = v
    for section, body in data.items():
        if section in ("name", "title", "source"):
            continue
        if not isinstance(body, dict):
            problems.append(f"unknown key '{section}'")
            continue
        for key, v in body.items():
            if SECTION_OF.get(key) != section:
                where = f" (it belongs in [{SECTION_OF[key]}])" if key in SECTION_OF else ""
                problems.append(f"unknown key '{section}.{key}'{where}")
                continue
            values[key] = v
    for key in KEY_ORDER:
        full = f"{SECTION_OF[key]}.{key}"
        if key not in values:
            problems.append(f"missing key '{full}'")
            continue
        v, want = values[key], _TYPES[key]
        if want == "bool" and not isinstance(v, bool):
            problems.append(f"'{full}' must be true or false, not {v!r}")
        elif want == "int" and (isinstance(v, bool) or not isinstance(v, int)):
            problems.append(f"'{full}' must be a whole number, not {v!r}")
        elif want == "str" and v not in _CHOICES.get(key, ()):
            problems.append(f"'{full}' must be one of {', '.join(_CHOICES[key])}, not {v!r}")
        elif want == "int" and v < 0:
            problems.append(f"'{full}' must not be negative, not {v}")
    if not problems:
        problems += _check_relations(values)
    if problems:
        raise RulesError(f"{origin}: " + "; ".join(problems))
    return RuleSet(**values)  # type: ignore[arg-type]


def _check_relations(v: dict) -> list[str]:
    out = []
    if not 2 < v["start_level"] < v["top_level"] <= 14:
        out.append("'game.start_level' and 'game.top_level' must satisfy 3 <= start < top <= 14")
    if not 0 < v["short_threshold"] <= v["stage_threshold"] <= v["over_threshold"] < v["sweep_threshold"]:
        out.append("'scoring' thresholds must satisfy 0 < short <= stage <= over < sweep")
    for k in ("short_threshold", "stage_threshold", "over_threshold", "sweep_threshold", "blood_step"):
        if v[k] % 5:
            out.append(f"'scoring.{k}' must be a multiple of 5, not {v[k]}")
    if v["blood_step"] == 0:
        out.append("'scoring.blood_step' must be at least 5")
    if v["games_to_win"] < 1:
        out.append("'match.games_to_win' must be at least 1")
    if v["dig_multiplier"] < 1:
        out.append("'kitty.dig_multiplier' must be at least 1")
    return out
