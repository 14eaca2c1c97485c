"""Rule sets: every number and choice of gunzi-rules.md as data, read from TOML and validated once.

A rule file has sections (``[scoring]``, ``[kitty]`` …) whose keys map one-to-one onto the fields of
:class:`RuleSet` (declared once, in :data:`KEYS`). A club's house file says ``base = "dalian-club"``
and lists only what it changes; the bundled files spell every key out, as the reference. Every
problem of every file in the chain is reported at once, each naming its file and full key, so a club
that mistypes a key is told which one.
"""

from __future__ import annotations

import os
import tomllib
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

from referee.errors import UsageError

DEFAULT_RULES = "dalian-club"
BUNDLED = "referee.rules"  # the package whose data files are the bundled rule sets


class RulesError(UsageError, ValueError):
    """A rule file that cannot be used; the message names the file and the key."""


# Choices are enums whose members are named as their values: a member and its string are the same
# dict key and compare equal, so a RuleSet built from plain strings equals one read from a file.


class FlipWinner(StrEnum):
    highest = "highest"  # 002 §二.2
    lowest = "lowest"  # 000


class DeclarerRotation(StrEnum):
    partner = "partner"  # the declarers' partner declares next (§7.4)
    same = "same"


class DryPotRule(StrEnum):
    no_plain_trump = "no_plain_trump"  # 002 §三.7
    no_plain_trump_or_all_trump = "no_plain_trump_or_all_trump"  # 000, 001 §24


class RuleSet(NamedTuple):
    name: str
    title: str
    source: str
    # [declaring]
    flip_winner: FlipWinner
    # [kitty]
    dry_pot: DryPotRule
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
    declarer_rotation: DeclarerRotation
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
        return [(f"{k.section}.{f}", _show(getattr(self, f)), k.doc) for f, k in KEYS.items()]


class Key(NamedTuple):
    section: str
    kind: type  # bool, int or one of the enums above
    doc: str


KEYS: dict[str, Key] = {  # in the order of RuleSet's fields after name, title, source
    "flip_winner": Key("declaring", FlipWinner, "first hand, nobody grabs: the highest or the lowest flip wins "
                                                "the declarership (002 §二.2; 000)"),
    "dry_pot": Key("kitty", DryPotRule, "what a dry pot (干锅) is: 'no_plain_trump' (no trump-suit plain card, "
                                        "002 §三.7) or 'no_plain_trump_or_all_trump' (also six trumps, 000, 001 §24)"),
    "dry_pot_kitty_points_count": Key("kitty", bool,
                                      "in a dry pot the kitty's point cards still count (002 §三.7 says no)"),
    "dig_multiplier": Key("kitty", int, "the kitty's points are multiplied by this when the defenders dig (002 §七)"),
    "stage_threshold": Key("scoring", int, "defenders' score at which they take over (上台) (002 §四)"),
    "short_threshold": Key("scoring", int,
                           "below this score one blood per step short, a 5 counting as 10 (002 §六.2)"),
    "over_threshold": Key("scoring", int, "above this score one blood per step over, a 5 not counting (002 §六.2)"),
    "blood_step": Key("scoring", int, "points per blood on either side (002 §六.2)"),
    "sweep_threshold": Key("scoring", int, "defenders' score that wins the game outright (001 §62)"),
    "level_big_joker": Key("jokers", int, "extra levels per big joker in the final kitty (002 §五)"),
    "level_small_joker": Key("jokers", int, "extra levels per small joker in the final kitty (002 §五)"),
    "blood_big_joker": Key("jokers", int, "blood per big joker in the final kitty (002 §六.1)"),
    "blood_small_joker": Key("jokers", int, "blood per small joker in the final kitty (002 §六.1)"),
    "riot": Key("tribute", bool, "three big or three small jokers on the paying side waive the tribute "
                                 "(暴动, 002 §八)"),
    "start_level": Key("game", int, "the level every game starts at (002 §二.1)"),
    "top_level": Key("game", int, "the level that must be played and passed to win (逢10必打, 002 §四)"),
    "three_small_jokers_win": Key("game", bool, "three small jokers in the final kitty end the game like three "
                                                "big ones (002 §九.4-5)"),
    "declarer_rotation": Key("game", DeclarerRotation, "declarers stay: 'partner' (the partner declares next) or "
                                                       "'same' (the same seat) (§7.4)"),
    "games_to_win": Key("match", int, "games a team must win to win the match (002 §九.7)"),
    "time_limit_minutes": Key("match", int, "minutes per game before the referee may call time; 0 for none "
                                            "(002 §九.6)"),
    "warnings_limit": Key("match", int, "warnings against one team that forfeit the match 2:0; 0 for none "
                                        "(002 §九.7)"),
    "ledger_headline": Key("ledger", bool, "the points ledger (000) is the headline score rather than a side table"),
    "ledger_per_level": Key("ledger", int, "ledger points per level gained, the other side loses as much (000)"),
    "ledger_take_over": Key("ledger", int, "ledger points for taking over the declarership (000)"),
    "ledger_tribute": Key("ledger", int, "ledger points per tribute card, paid by the giving side (000)"),
    "ledger_special": Key("ledger", int, "ledger points for a zero, a sweep or three big jokers dug (000)"),
}
SECTIONS = tuple(dict.fromkeys(k.section for k in KEYS.values()))
META = ("base", "name", "title", "source")  # top-level strings; only a file without a base needs name, title, source
# Keys that were replaced, so that an old file is told what to write instead: the new key, and the
# new value for each old one.
RETIRED = {
    "dry_pot_all_trump": ("dry_pot", {True: DryPotRule.no_plain_trump_or_all_trump, False: DryPotRule.no_plain_trump}),
}


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --- finding rule files ---------------------------------------------------------------------------------


def available() -> list[str]:
    """Names of the rule sets that can be named (``$REFEREE_RULES_DIR`` first, then the bundled ones)."""
    return sorted({f.name[:-5] for d in _rules_dirs() for f in d.iterdir() if f.name.endswith(".toml")})


def _rules_dirs() -> list[Path | Traversable]:
    """$REFEREE_RULES_DIR, then the package's own files (inside a wheel, an egg or a checkout alike)."""
    extra = os.environ.get("REFEREE_RULES_DIR")
    dirs: list[Path | Traversable] = [Path(extra)] if extra and Path(extra).is_dir() else []
    return [*dirs, _bundled()]


def _bundled() -> Path | Traversable:
    """The package ``referee.rules`` as importlib.resources.files() sees it.

    Importing importlib.resources costs every command that reads a rule set ~6 ms (zipfile, tempfile),
    so a package that is a plain folder (a wheel installed, an editable install, a checkout) is read
    from its import spec, which is what files() returns for it; anything else (a zip import) goes
    through importlib.resources.
    """
    from importlib.util import find_spec  # already imported by the interpreter's start-up

    spec = find_spec(BUNDLED)
    if spec is not None and spec.origin and spec.submodule_search_locations:
        folder = Path(spec.origin).parent
        if (folder / "__init__.py").is_file():
            return folder
    from importlib.resources import files

    return files(BUNDLED)


def _is_path(name_or_path: str) -> bool:
    return name_or_path.endswith(".toml") or os.sep in name_or_path or "/" in name_or_path


def resolve(name_or_path: str) -> Path | Traversable:
    """A rule set's file from its name (``dalian-club``) or a path to a TOML file."""
    if _is_path(name_or_path):
        p = Path(name_or_path)
        if not p.is_file():
            raise RulesError(f"no rule file at {name_or_path}")
        return p
    for d in _rules_dirs():
        candidate = d / f"{name_or_path}.toml"
        if candidate.is_file():
            return candidate
    raise RulesError(f"unknown rule set '{name_or_path}' (known: {', '.join(available())})")


def _identity(src: Path | Traversable) -> str:
    return str(src.resolve()) if isinstance(src, Path) else str(src)


# --- reading and validating ------------------------------------------------------------------------------

_LOADED: dict[str, RuleSet] = {}
Problems = list[tuple[str, str]]  # (file, what is wrong)


def load(name_or_path: str = DEFAULT_RULES) -> RuleSet:
    """The rule set of a name or a file, its bases merged in; read and validated once per process."""
    src = resolve(name_or_path)
    key = _identity(src)
    if key not in _LOADED:
        problems: Problems = []
        values = _read_file(src, [], problems)
        _LOADED[key] = _finish(values, str(src), problems)
    return _LOADED[key]


def from_dict(data: dict, origin: str = "rules", folder: str | Path | None = None) -> RuleSet:
    """Validate a parsed rule file named *origin*; a relative ``base`` path is looked up in *folder*."""
    problems: Problems = []
    values = _merge(data, origin, Path(folder) if folder else Path.cwd(), [], problems)
    return _finish(values, origin, problems)


def _read_file(src: Path | Traversable, chain: list[tuple[str, str]], problems: Problems) -> dict:
    """The merged values of a file and its bases; problems are collected, never raised."""
    label, ident = str(src), _identity(src)
    seen = [i for i, _ in chain]
    if ident in seen:
        cycle = [lab for _, lab in chain[seen.index(ident):]] + [label]
        problems.append((chain[-1][1], "the rule files inherit from each other in a cycle: " + " → ".join(cycle)))
        return {}
    try:
        data = tomllib.loads(src.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        problems.append((label, f"not valid TOML: {e}"))
        return {}
    except OSError as e:
        problems.append((label, f"cannot be read: {e.strerror or e}"))
        return {}
    folder = src.parent if isinstance(src, Path) else None
    return _merge(data, label, folder, [*chain, (ident, label)], problems)


def _merge(data: dict, label: str, folder: Path | None, chain: list, problems: Problems) -> dict:
    """This file's own values over those of its base (when it names one)."""
    own, seen = _own_values(data, label, problems)
    base = own.pop("base", None)
    stem = Path(label).stem
    if base is None and "base" not in seen:
        missing = [f"'{k.section}.{f}'" for f, k in KEYS.items() if f not in seen]
        missing += [f"'{m}'" for m in META[1:] if m not in seen]
        if missing:
            problems.append((label, f"missing {', '.join(missing)} (a house-rule file can say "
                                    f"base = \"{DEFAULT_RULES}\" and list only the keys it changes)"))
        return own
    if base is None:  # a bad 'base' value, already reported
        return own
    try:
        base_src = _resolve_base(base, folder)
    except RulesError as e:
        problems.append((label, f"'base': {e}"))
        return own
    inherited = _read_file(base_src, chain or [(label, label)], problems)
    defaults = {"name": stem, "title": f"{inherited.get('title', base)} (house rules: {stem})"}
    return {**inherited, **defaults, **own}


def _resolve_base(base: str, folder: Path | None) -> Path | Traversable:
    if not _is_path(base):
        return resolve(base)
    p = Path(base)
    if not p.is_absolute():
        if folder is None:
            raise RulesError(f"a bundled rule file names its base by name, not by path ({base})")
        p = folder / p
    if not p.is_file():
        raise RulesError(f"no rule file at {p}")
    return p


def _own_values(data: dict, label: str, problems: Problems) -> tuple[dict, set[str]]:
    """The keys one file sets, each checked for its place and type; and every key it names."""
    own: dict = {}
    seen = set(data)
    bad = problems.append
    for top, v in data.items():
        if top in META:
            if isinstance(v, str) and v.strip():
                own[top] = v
            else:
                bad((label, f"'{top}' must be a non-empty string, not {_what(v)}"))
        elif top in SECTIONS:
            if not isinstance(v, dict):
                bad((label, f"'{top}' must be a section ([{top}] and its keys), not {_what(v)}"))
                continue
            for key, value in v.items():
                full = f"{top}.{key}"
                seen.add(key)
                if key in RETIRED:
                    seen.add(RETIRED[key][0])  # its replacement is not "missing" too
                    bad((label, _retired(full, value)))
                elif key not in KEYS:
                    bad((label, f"unknown key '{full}'"))
                elif KEYS[key].section != top:
                    bad((label, f"'{full}' is in the wrong section: it belongs in [{KEYS[key].section}] "
                                f"('{KEYS[key].section}.{key}')"))
                else:
                    problem = _check_type(key, value)
                    if problem:
                        bad((label, f"'{full}' {problem}"))
                    else:
                        own[key] = KEYS[key].kind(value)
        elif top in KEYS:
            bad((label, f"'{top}' is outside any section: it belongs in [{KEYS[top].section}] "
                        f"('{KEYS[top].section}.{top}')"))
        elif top in RETIRED:
            seen.add(RETIRED[top][0])
            bad((label, _retired(top, v)))
        elif isinstance(v, dict):
            bad((label, f"unknown section [{top}] (the sections are {', '.join(SECTIONS)})"))
        else:
            bad((label, f"unknown key '{top}'"))
    return own, seen


def _retired(full: str, v: object) -> str:
    new, values = RETIRED[full.rpartition(".")[2]]
    section = KEYS[new].section
    if isinstance(v, bool) and v in values:
        write = f'{new} = "{values[v]}"'
    else:
        write = f'{new} = ' + " or ".join(f'"{m.value}"' for m in KEYS[new].kind)
    return f"'{full}' is no longer a key: it was replaced by '{section}.{new}' (write {write} in [{section}])"


def _check_type(key: str, v: object) -> str | None:
    """What is wrong with a value for *key*, or None."""
    kind = KEYS[key].kind
    if kind is bool:
        return None if isinstance(v, bool) else f"must be true or false, not {_what(v)}"
    if kind is int:
        if isinstance(v, bool) or not isinstance(v, int):
            return f"must be a whole number, not {_what(v)}"
        return f"must not be negative, not {v}" if v < 0 else None
    choices = [m.value for m in kind]  # an enum
    if isinstance(v, str) and v in choices:
        return None
    return f"must be one of {', '.join(repr(c) for c in choices)}, not {_what(v)}"


def _what(v: object) -> str:
    if isinstance(v, dict):
        return "a table"
    if isinstance(v, list):
        return "an array"
    if isinstance(v, bool):
        return _show(v)
    if isinstance(v, str):
        return f"the string {v!r}"
    return repr(v)


def _finish(values: dict, label: str, problems: Problems) -> RuleSet:
    if not problems:
        problems = [(label, p) for p in _check_relations(values)]
    if problems:
        raise RulesError(_report(problems))
    return RuleSet(**{f: values[f] for f in RuleSet._fields})


def _report(problems: Problems) -> str:
    """Each file followed by its problems in the order found; one line, as `check` prints FILE:LINE: message."""
    by_file: dict[str, list[str]] = {}
    for label, text in problems:
        by_file.setdefault(label, []).append(text)
    return "; ".join(f"{label}: " + "; ".join(texts) for label, texts in by_file.items())


def _check_relations(v: dict) -> list[str]:
    """Checked on the merged values: a house file may change one threshold and break the order."""
    out = []
    if not 2 < v["start_level"] < v["top_level"] <= 14:
        out.append(f"'game.start_level' and 'game.top_level' must satisfy 3 <= start < top <= 14 "
                   f"(start {v['start_level']}, top {v['top_level']})")
    short, stage, over, sweep = (v[k] for k in ("short_threshold", "stage_threshold", "over_threshold",
                                                "sweep_threshold"))
    if not 0 < short <= stage <= over < sweep:
        out.append(f"'scoring' thresholds must satisfy 0 < short <= stage <= over < sweep "
                   f"(short {short}, stage {stage}, over {over}, sweep {sweep})")
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
