"""Rule sets: every number and choice of gunzi-rules.md as data, read from TOML and validated once.

A rule file has sections (``[scoring]``, ``[kitty]`` …) whose keys map one-to-one onto the fields of
:class:`RuleSet` (declared once, in :data:`KEYS`). A club's house file says ``base = "dalian-club"``
and lists only what it changes; the bundled files spell every key out, as the reference. Every
problem of every file in the chain is reported at once, each naming its file and full key, so a club
that mistypes a key is told which one.
"""

# No `from __future__ import annotations` here: RuleSet's 31 string annotations would each be compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

from referee.core import rulesfile
from referee.core.frozen import Record
from referee.core.i18n import M, Msg, listed
from referee.core.rulesfile import Link, Problem, value_named
from referee.core.rulesfile import RulesError as RulesError  # re-exported: one error for every game's rule files
from referee.games.gunzi.codes import Code, DeclarerRotation, DryPotRule, FlipWinner

DEFAULT_RULES = "dalian-club"
BUNDLED = "referee.games.gunzi.rules"  # the package whose data files are the bundled rule sets


# Choices are codes (referee.games.gunzi.codes) whose members are named as their values: a member and its string
# are the same dict key and compare equal, so a RuleSet built from plain strings equals one read from
# a file; and an explanation words a choice from the catalogue like any code.


class RuleSet(Record):
    name: str
    title: str
    source: str
    # [declaring]
    flip_winner: FlipWinner
    # [kitty]
    dry_pot: DryPotRule
    dry_pot_kitty_points_count: bool
    dig_multiplier: int
    three_small_jokers_without_big: bool
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

    def explain(self) -> "list[KeyShown]":
        """Every key with its value and what it means, in file order; the meaning is a message, worded
        in the reader's language (``doc.text(lang)``; ``str(doc)`` is the English)."""
        return [KeyShown(f"{k.section}.{f}", _show(getattr(self, f)), k.doc) for f, k in KEYS.items()]


class KeyShown(Record):
    """A key of a rule set as ``referee rules`` shows it."""

    key: str  # its full name, "section.key"
    value: str  # as the rule file writes it
    doc: Msg  # what it means


class Key(Record):
    section: str
    kind: type[bool] | type[int] | type[Code]  # bool, int or one of the choices (referee.games.gunzi.codes)
    doc: Msg  # what the key means, citing the section of docs/gunzi-rules.md it follows

    def choices(self) -> list[str]:
        """The values a choice may take ([] for a number or a truth value)."""
        kind = self.kind
        return [m.value for m in kind] if issubclass(kind, Code) else []


KEYS: dict[str, Key] = {  # in the order of RuleSet's fields after name, title, source
    "flip_winner": Key("declaring", FlipWinner, M(
        "first hand, nobody grabs: the highest or the lowest flip wins the declarership (§4.1.2)")),
    "dry_pot": Key("kitty", DryPotRule, M(
        "what a dry pot (干锅) is: 'no_plain_trump' (no trump-suit plain card) or 'no_plain_trump_or_all_trump' "
        "(also six trumps) (§6.2.1)")),
    "dry_pot_kitty_points_count": Key("kitty", bool, M(
        "in a dry pot the kitty's point cards still count (the club draft says no: §6.2.4)")),
    "dig_multiplier": Key("kitty", int, M(
        "the kitty's points are multiplied by this when the defenders dig (§6.6)")),
    "three_small_jokers_without_big": Key("kitty", bool, M(
        "whoever buries three small jokers need not bury a big joker first (§6.3.3, the exception to §6.3.2)")),
    "stage_threshold": Key("scoring", int, M(
        "defenders' score at which they take over (上台) (§7.1)")),
    "short_threshold": Key("scoring", int, M(
        "below this score one blood per step short, a part of a step counting as a whole one (§7.2.3)")),
    "over_threshold": Key("scoring", int, M(
        "above this score one blood per step over, a part of a step not counting (§7.2.3)")),
    "blood_step": Key("scoring", int, M("points per blood on either side (§7.2.3)")),
    "sweep_threshold": Key("scoring", int, M(
        "defenders' score that wins the game outright (§7.3.2)")),
    "level_big_joker": Key("jokers", int, M(
        "extra levels per big joker in the final kitty (§6.5)")),
    "level_small_joker": Key("jokers", int, M(
        "extra levels per small joker in the final kitty (§6.5)")),
    "blood_big_joker": Key("jokers", int, M(
        "blood per big joker in the final kitty (§6.5, §7.2.2)")),
    "blood_small_joker": Key("jokers", int, M(
        "blood per small joker in the final kitty (§6.5, §7.2.2)")),
    "riot": Key("tribute", bool, M(
        "three big or three small jokers on the paying side waive the tribute (暴动, §5.4)")),
    "start_level": Key("game", int, M("the level every game starts at (§3.2)")),
    "top_level": Key("game", int, M(
        "the level no advance skips, which the declarers must play and pass to win (§3.4)")),
    "three_small_jokers_win": Key("game", bool, M(
        "three small jokers in the final kitty end the game like three big ones (§7.3.3)")),
    "declarer_rotation": Key("game", DeclarerRotation, M(
        "declarers stay: 'partner' (the partner declares next) or 'same' (the same seat) (§7.4)")),
    "games_to_win": Key("match", int, M(
        "games a team must win to win the match (§3.3)")),
    "time_limit_minutes": Key("match", int, M(
        "minutes per game before the referee may call time; 0 for none (§7.3.5)")),
    "warnings_limit": Key("match", int, M(
        "warnings against one team that forfeit the match; 0 for none (§8.1)")),
    "ledger_headline": Key("ledger", bool, M(
        "the points ledger (§9) is the headline score rather than a side table (§10)")),
    "ledger_per_level": Key("ledger", int, M(
        "ledger points per level gained, the other side loses as much (§9.2)")),
    "ledger_take_over": Key("ledger", int, M(
        "ledger points for taking over the declarership (§9.1)")),
    "ledger_tribute": Key("ledger", int, M(
        "ledger points per tribute card, paid by the giving side (§9.3)")),
    "ledger_special": Key("ledger", int, M(
        "ledger points for a zero, a sweep or three big jokers dug (§9.4)")),
}
SECTIONS = tuple(dict.fromkeys(k.section for k in KEYS.values()))
META = ("base", "name", "title", "source")  # top-level strings; only a file without a base needs name, title, source


class Retired(Record):
    """A key that was replaced, so that an old file is told what to write instead."""

    new: str  # the key that replaced it
    values: dict[bool, Code]  # the new value for each old one


RETIRED = {
    "dry_pot_all_trump": Retired("dry_pot", {True: DryPotRule.no_plain_trump_or_all_trump,
                                             False: DryPotRule.no_plain_trump}),
}


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --- finding rule files ---------------------------------------------------------------------------------


def available() -> list[str]:
    """Names of the rule sets that can be named (``$REFEREE_RULES_DIR`` first, then the bundled ones)."""
    return sorted({f.name[:-5] for d in _rules_dirs() for f in d.iterdir() if f.name.endswith(".toml")})


def _rules_dirs() -> "list[Path | Traversable]":
    """$REFEREE_RULES_DIR, then the package's own files (inside a wheel, an egg or a checkout alike)."""
    extra = os.environ.get("REFEREE_RULES_DIR")
    dirs: list[Path | Traversable] = [Path(extra)] if extra and Path(extra).is_dir() else []
    return [*dirs, _bundled()]


def _bundled() -> "Path | Traversable":
    """The package ``referee.games.gunzi.rules`` as importlib.resources.files() sees it.

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


def resolve(name_or_path: str) -> "Path | Traversable":
    """A rule set's file from its name (``dalian-club``) or a path to a TOML file."""
    if rulesfile.is_path(name_or_path):
        p = Path(name_or_path)
        if not p.is_file():
            raise rulesfile.no_file(name_or_path)
        return p
    for d in _rules_dirs():
        candidate = d / f"{name_or_path}.toml"
        if candidate.is_file():
            return candidate
    raise RulesError(M("unknown rule set '{name}' (known: {known})",
                       name=name_or_path, known=listed(available())))


# --- reading and validating ------------------------------------------------------------------------------

_LOADED: dict[str, RuleSet] = {}
# A rule file's values, its bases merged in: each checked against its key's kind (RuleSet's fields
# say their types), the top-level strings (META) as strings.
Values = dict[str, object]


Problems = list[Problem]


def load(name_or_path: str = DEFAULT_RULES) -> RuleSet:
    """The rule set of a name or a file, its bases merged in; read and validated once per process."""
    src = resolve(name_or_path)
    key = rulesfile.identity(src)
    if key not in _LOADED:
        problems: Problems = []
        values = _read_file(src, [], problems)
        _LOADED[key] = _finish(values, str(src), problems)
    return _LOADED[key]


def from_dict(data: Mapping[str, object], origin: str = "rules", folder: str | Path | None = None) -> RuleSet:
    """Validate a parsed rule file named *origin*; a relative ``base`` path is looked up in *folder*."""
    problems: Problems = []
    values = _merge(data, origin, Path(folder) if folder else Path.cwd(), [], problems)
    return _finish(values, origin, problems)


def _read_file(src: "Path | Traversable", chain: list[Link], problems: Problems) -> Values:
    """The merged values of a file and its bases (the shared loader's reading, this loader's merge)."""
    return rulesfile.read_chain(src, chain, problems, _merge)


def _merge(data: Mapping[str, object], label: str, folder: Path | None, chain: list[Link],
           problems: Problems) -> Values:
    """This file's own values over those of its base (when it names one)."""
    own, seen = _own_values(data, label, problems)
    base = own.pop("base", None)
    stem = Path(label).stem
    if base is None and "base" not in seen:
        missing = [f"'{k.section}.{f}'" for f, k in KEYS.items() if f not in seen]
        missing += [f"'{m}'" for m in META[1:] if m not in seen]
        if missing:
            problems.append(Problem(label, M(
                "missing {keys} (a house-rule file can say base = \"{base}\" and list only the keys it changes)",
                keys=listed(missing), base=DEFAULT_RULES)))
        return own
    if not isinstance(base, str):  # a bad 'base' value, already reported
        return own
    try:
        base_src = _resolve_base(base, folder)
    except RulesError as e:
        problems.append(Problem(label, M("'base': {problem}", problem=e.msg)))
        return own
    inherited = _read_file(base_src, chain or [Link(label, label)], problems)
    defaults = {"name": stem, "title": f"{inherited.get('title', base)} (house rules: {stem})"}
    return {**inherited, **defaults, **own}


def _resolve_base(base: str, folder: Path | None) -> "Path | Traversable":
    return rulesfile.resolve_base(base, folder, resolve)


def _own_values(data: Mapping[str, object], label: str, problems: Problems) -> tuple[Values, set[str]]:
    """The keys one file sets, each checked for its place and type; and every key it names."""
    own: Values = {}
    seen = set(data)

    def bad(problem: Msg) -> None:
        problems.append(Problem(label, problem))

    for top, v in data.items():
        if top in META:
            if isinstance(v, str) and v.strip():
                own[top] = v
            else:
                bad(M("'{key}' must be a non-empty string, not {value}", key=top, value=value_named(v)))
        elif top in SECTIONS:
            if not isinstance(v, dict):
                bad(M("'{key}' must be a section ([{key}] and its keys), not {value}",
                      key=top, value=value_named(v)))
                continue
            for key, value in v.items():
                full = f"{top}.{key}"
                seen.add(key)
                if key in RETIRED:
                    seen.add(RETIRED[key].new)  # its replacement is not "missing" too
                    bad(_retired(full, value))
                elif key not in KEYS:
                    bad(_unknown_key(full))
                elif KEYS[key].section != top:
                    bad(M("'{key}' is in the wrong section: it belongs in [{section}] ('{section}.{name}')",
                          key=full, section=KEYS[key].section, name=key))
                else:
                    problem = _check_type(key, value)
                    if problem:
                        bad(M("'{key}' {problem}", key=full, problem=problem))
                    else:
                        kind = KEYS[key].kind  # a choice becomes its code; a number or truth value is one
                        own[key] = kind(value) if issubclass(kind, Code) else value
        elif top in KEYS:
            bad(M("'{key}' is outside any section: it belongs in [{section}] ('{section}.{key}')",
                  key=top, section=KEYS[top].section))
        elif top in RETIRED:
            seen.add(RETIRED[top].new)
            bad(_retired(top, v))
        elif isinstance(v, dict):
            bad(M("unknown section [{section}] (the sections are {sections})", section=top,
                  sections=listed(SECTIONS)))
        else:
            bad(_unknown_key(top))
    return own, seen


def _unknown_key(key: str) -> Msg:
    return M("unknown key '{key}'", key=key)


def _retired(full: str, v: object) -> Msg:
    new, values = RETIRED[full.rpartition(".")[2]]
    section = KEYS[new].section
    if isinstance(v, bool) and v in values:
        write = f'{new} = "{values[v]}"'
    else:
        write = f'{new} = ' + " or ".join(f'"{c}"' for c in KEYS[new].choices())
    return M("'{key}' is no longer a key: it was replaced by '{section}.{new}' (write {write} in [{section}])",
             key=full, section=section, new=new, write=write)


def _check_type(key: str, v: object) -> Msg | None:
    """What is wrong with a value for *key*, or None."""
    kind = KEYS[key].kind
    if kind is bool:
        return None if isinstance(v, bool) else M("must be true or false, not {value}", value=value_named(v))
    if kind is int:
        if isinstance(v, bool) or not isinstance(v, int):
            return M("must be a whole number, not {value}", value=value_named(v))
        return M("must not be negative, not {value}", value=v) if v < 0 else None
    choices = KEYS[key].choices()  # a choice (referee.games.gunzi.codes)
    if isinstance(v, str) and v in choices:
        return None
    return M("must be one of {choices}, not {value}",
             choices=listed(repr(c) for c in choices), value=value_named(v))


def _finish(values: Values, label: str, problems: Problems) -> RuleSet:
    if problems:
        raise RulesError(rulesfile.report(problems))
    # Every key is there and of its kind (a missing or mistyped one is a problem found above).
    rules = RuleSet._make(values[f] for f in RuleSet._fields)
    relations = [Problem(label, p) for p in _check_relations(rules)]
    if relations:
        raise RulesError(rulesfile.report(relations))
    return rules


def values_of(rules: RuleSet) -> dict[str, bool | int | str]:
    """Every full key (``scoring.blood_step``) with its value, a choice as its plain string: what the content
    hash covers (``core.rulesfile.canonical``)."""
    out: dict[str, bool | int | str] = {}
    for f, k in KEYS.items():
        value = getattr(rules, f)
        out[f"{k.section}.{f}"] = str(value.value) if isinstance(value, Code) else value
    return out


def from_values(values: Mapping[str, object], name: str, title: str, source: str) -> RuleSet:
    """The rule set of resolved values (a store's kept copy): each key checked as a file's is."""
    label = f"{name}@pinned"
    problems: Problems = []
    own: Values = {"name": name, "title": title, "source": source}
    for full, value in values.items():
        section, _, key = full.rpartition(".")
        if key not in KEYS or KEYS[key].section != section:
            problems.append(Problem(label, _unknown_key(full)))
            continue
        problem = _check_type(key, value)
        if problem:
            problems.append(Problem(label, M("'{key}' {problem}", key=full, problem=problem)))
            continue
        kind = KEYS[key].kind
        own[key] = kind(str(value)) if issubclass(kind, Code) else value
    missing = [f"'{k.section}.{f}'" for f, k in KEYS.items() if f not in own]
    if missing:
        problems.append(Problem(label, M("missing {keys}", keys=listed(missing))))
    return _finish(own, label, problems)


def _check_relations(r: RuleSet) -> list[Msg]:
    """Checked on the merged values: a house file may change one threshold and break the order."""
    out = []
    if not 2 < r.start_level < r.top_level <= 14:
        out.append(M("'game.start_level' and 'game.top_level' must satisfy 3 <= start < top <= 14 "
                     "(start {start}, top {top})",
                     start=r.start_level, top=r.top_level))
    short, stage, over, sweep = r.short_threshold, r.stage_threshold, r.over_threshold, r.sweep_threshold
    if not 0 < short <= stage <= over < sweep:
        out.append(M("'scoring' thresholds must satisfy 0 < short <= stage <= over < sweep "
                     "(short {short}, stage {stage}, over {over}, sweep {sweep})",
                     short=short, stage=stage, over=over, sweep=sweep))
    for k, value in (("short_threshold", short), ("stage_threshold", stage), ("over_threshold", over),
                     ("sweep_threshold", sweep), ("blood_step", r.blood_step)):
        if value % 5:
            out.append(M("'scoring.{key}' must be a multiple of 5, not {value}", key=k, value=value))
    for key, short_of, least in (("scoring.blood_step", r.blood_step == 0, 5),
                                 ("match.games_to_win", r.games_to_win < 1, 1),
                                 ("kitty.dig_multiplier", r.dig_multiplier < 1, 1)):
        if short_of:
            out.append(M("'{key}' must be at least {least}", key=key, least=least))
    return out


def explain(rules: RuleSet) -> list[KeyShown]:
    """Every key of *rules* with its value and meaning (:meth:`RuleSet.explain`), as each game's rule sets say it."""
    return rules.explain()
