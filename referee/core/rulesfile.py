"""The shared rules-file loader: a game's rule sets as TOML files whose keys are declared once, as data.

A game declares a :class:`Schema`: its key (``game = "doudizhu"``), the package holding its bundled rule
files, the default rule set, and one :class:`Key` per rule — its section, kind (``bool``, ``int``, ``str``
or a tuple of choices), default, bounds and what it means (a message citing the game's rules document).
Everything else is here, the same for every game:

- a file is read with a size limit (:data:`RULES_MAX`) and refused unread beyond it;
- ``base = "name"`` (or a path, relative to the file) inherits every value of another rule set, the file
  saying only what it changes; a chain that comes back to a file is a cycle, reported with its files;
- a file without a base takes each key it leaves out from its declared default;
- an unknown key or section, a key in the wrong section, a value of the wrong type, a number outside its
  bounds or a choice not offered is a problem naming the file and the full key (``scoring.cap``); every
  problem of every file in the chain is reported at once, in one :class:`RulesError`;
- a file naming another game (``game = "gunzi"`` in a Dou Dizhu set) is refused.

The loaded rule set is a :class:`Rules`: its name, title, source and a value per full key. A game turns
it into its own typed record (a NamedTuple) with :meth:`Rules.fields`. The engine reads keys, never a
rule set's name. Pure apart from reading the files named; no game is imported here.

**A rule set's content hash** (:func:`canonical`, :func:`digest`, :func:`pin`) is defined here, once, for
every game (Gunzi's own loader hands its values over too): SHA-256 of the canonical text of the *resolved*
values — the game and every full key with its value after ``base`` inheritance and defaults, one
``key = value`` line a key in sorted order, values written as a rule file writes them. The name, title and
source are labels, not rules: a club that renames its file or retitles it settles every hand the same, so
they are not hashed. A match header carries the first :data:`PIN_DIGITS` hex digits (``rules-hash=…``);
the store keeps the canonical text under them, so a stored match replays under the rules it was created
with even after the file is edited or deleted.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

from referee.core.digest import sha256
from referee.core.errors import UsageError
from referee.core.frozen import Record
from referee.core.i18n import M, Msg, gettext, listed, tr

# A game's declared keys, its schema, a loaded rule set and a key as shown (:class:`Key`, :class:`Schema`,
# :class:`Rules`, :class:`Shown`) live in ``referee.core.ruleschema``, named here as ever (``from referee.core.rulesfile
# import Key, Rules, Schema``) but loaded when first named: Gunzi declares its own keys, and a record of it names
# none of them (each named tuple is ~0.6M instructions of every command's start).
_LATER = ("Key", "Schema", "Rules", "Shown", "Value", "Kind", "Relations")
if TYPE_CHECKING:
    from referee.core.ruleschema import Key as Key
    from referee.core.ruleschema import Kind as Kind
    from referee.core.ruleschema import Relations as Relations
    from referee.core.ruleschema import Rules as Rules
    from referee.core.ruleschema import Schema as Schema
    from referee.core.ruleschema import Shown as Shown
    from referee.core.ruleschema import Value as Value
else:
    def __getattr__(name: str) -> Any:
        if name in _LATER:
            from referee.core import ruleschema

            value = globals()[name] = getattr(ruleschema, name)
            return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


RULES_MAX = 1 << 20  # bytes: a rule file is a page of TOML; anything larger is refused unread
META = ("game", "base", "name", "title", "source")  # top-level strings, not rules


class RulesError(UsageError, ValueError):
    """A rule file that cannot be used: ``RulesError(M(...))``, naming the file and the key."""


def explain(schema: Schema, rules: Rules) -> list[Shown]:
    """Every key with its value and meaning, in declaration order."""
    from referee.core.ruleschema import Shown

    return [Shown(k.full, show(rules.values[k.full]), k.doc) for k in schema.keys]


def show(value: object) -> str:
    """A value as a rule file writes it (``true``, ``3``, ``"rob"``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


# --- a rule set's title, in the reader's language ---------------------------------------------------------

HOUSE_TITLE = " (house rules: "  # a file with a base and no title is "<base's title> (house rules: <stem>)"


def worded_title(title: str, lang: str, known: Iterable[Msg] = ()) -> str:
    """A rule set's *title* as *lang* says it. A title is a label kept with the rules (a store keeps it as
    written), so it is worded when shown: a bundled set's title is a message of its game (*known*, whose msgids
    are the titles its files write); the title a house file inherits (``<base's> (house rules: <stem>)``) is
    worded part by part; any other (a club's own) is looked up in the catalogue and else shown as written."""
    for msg in known:
        if msg.msgid == title:
            return msg.text(lang)
    if title.endswith(")") and HOUSE_TITLE in title:
        base, _, stem = title[:-1].rpartition(HOUSE_TITLE)
        return tr(lang, "{title} (house rules: {name})",
                  title=worded_title(base, lang, known), name=stem)
    return gettext(lang, title) if title else title


# --- the content hash: what a match pins ----------------------------------------------------------------

PIN_KEY = "rules-hash"  # the header key every game's record writes the pin under
PIN_DIGITS = 16  # hex digits of the SHA-256 a header carries: 64 bits, short to read, unambiguous in a store


def canonical(game: str, values: Mapping[str, Value]) -> str:
    """The canonical text of resolved rule values: what is hashed and what a store keeps.

    ``game = "KEY"``, then under ``[values]`` one line a full key (``"scoring.cap" = 3``) in sorted order: a
    TOML document that :func:`parse_canonical` reads back to the same values."""
    lines = [f"game = {_quoted(game)}", "", "[values]"]
    for full in sorted(values):
        value = values[full]
        lines.append(f"{_quoted(full)} = {_quoted(value) if isinstance(value, str) else show(value)}")
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    import json

    return json.dumps(str(text), ensure_ascii=False)


def digest(text: str) -> str:
    """The SHA-256 (hex) of a canonical text."""
    return sha256(text.encode("utf-8")).hexdigest()


def pin(text: str) -> str:
    """The short form of a canonical text's hash that a match header carries."""
    return digest(text)[:PIN_DIGITS]


def is_pin(text: str) -> bool:
    """Whether *text* has the form of a pin (:data:`PIN_DIGITS` lower-case hex digits)."""
    return len(text) == PIN_DIGITS and all(c in "0123456789abcdef" for c in text)


def _toml(text: str) -> dict[str, Any]:
    """*text* read as TOML. tomllib is imported here, when a rule file is read: a record reads its match's rules
    from their kept canonical text (:func:`parse_canonical`), and the TOML reader is ~2 ms of its start-up."""
    import tomllib

    return tomllib.loads(text)


def _canonical_values(text: str) -> tuple[str, dict[str, Value]] | None:
    """The game and values of *text* when it is exactly what :func:`canonical` writes of them (read back without
    the TOML reader: the text written again from the values read is the same text, so tomllib reads the same);
    else None (read as TOML, its problems reported as ever)."""
    import json

    if "\x7f" in text or "\r" in text:  # DEL and CR: TOML's refusals, never in a canonical text
        return None
    lines = text.split("\n")
    if len(lines) < 4 or lines[1] != "" or lines[2] != "[values]" or lines[-1] != "" \
            or not lines[0].startswith("game = "):
        return None
    try:
        game = json.loads(lines[0][7:])
        values: dict[str, Value] = {}
        for line in lines[3:-1]:
            key, sep, raw = line.partition(" = ")
            full, value = json.loads(key), json.loads(raw) if sep else None
            if not isinstance(full, str) or not isinstance(value, (bool, int, str)):
                return None
            values[full] = value
    except ValueError:
        return None
    if not isinstance(game, str) or canonical(game, values) != text:
        return None
    return game, values


def parse_canonical(text: str) -> tuple[str, dict[str, Value]]:
    """The game and values of a canonical text (a ``RulesError`` when it is not one)."""
    known = _canonical_values(text)
    if known is not None:
        return known
    try:
        data = _toml(text)
    except (ValueError, RecursionError) as e:
        raise RulesError(M("kept rule set: {problem}", problem=_bad_toml(e))) from None
    game = data.get("game")
    table = data.get("values")
    if not isinstance(table, dict):
        raise RulesError(M("kept rule set: no [values]"))
    values: dict[str, Value] = {}
    for full, value in table.items():
        if not isinstance(value, (bool, int, str)):
            raise RulesError(M("kept rule set: '{key}' {problem}", key=full,
                               problem=value_named(value)))
        values[full] = value
    if not isinstance(game, str):
        raise RulesError(M("kept rule set: no game"))
    return game, values


def from_values(schema: Schema, values: Mapping[str, Value], name: str, title: str, source: str,
                origin: str) -> Rules:
    """A rule set of resolved values (a kept rule set's): every key declared and checked, the relations too."""
    problems: list[Problem] = []
    index = _index(schema)
    for full, value in values.items():
        key = index.get(full)
        if key is None:
            problems.append(Problem(origin, _unknown_key(full)))
            continue
        problem = check_value(key, value)
        if problem is not None:
            problems.append(Problem(origin, M("'{key}' {problem}", key=full, problem=problem)))
    missing = [k.full for k in schema.keys if k.full not in values]
    if missing:
        problems.append(Problem(origin, M("missing {keys}", keys=listed(missing))))
    merged: _Values = {**values, "name": name, "title": title, "source": source}
    return _finish(schema, merged, origin, problems)


# --- finding rule files ---------------------------------------------------------------------------------

ENV_DIR = "REFEREE_RULES_DIR"  # a folder of a club's rule files, named like bundled ones


def available(schema: Schema) -> list[str]:
    """The names of the bundled rule sets (and of ``$REFEREE_RULES_DIR``'s files of this game)."""
    names = {f.name[:-5] for f in _bundled(schema.package).iterdir() if f.name.endswith(".toml")}
    extra = _extra_dir()
    if extra is not None:
        for f in extra.iterdir():
            if f.name.endswith(".toml") and _names_game(f) == schema.game:
                names.add(f.name[:-5])
    return sorted(names)


def _extra_dir() -> Path | None:
    extra = os.environ.get(ENV_DIR)
    return Path(extra) if extra and Path(extra).is_dir() else None


def _names_game(f: Path) -> str | None:
    """The ``game =`` a club's file names (None when it cannot be read or names none)."""
    try:
        data = _toml(_text_of(f))
    except (_TooLarge, ValueError, UnicodeDecodeError, OSError, RecursionError):
        return None
    game = data.get("game")
    return game.strip().lower() if isinstance(game, str) else None


def _bundled(package: str) -> Path | Traversable:
    """A package's folder as importlib.resources.files() sees it (a plain folder read from its spec)."""
    from importlib.util import find_spec

    spec = find_spec(package)
    if spec is not None and spec.origin and spec.submodule_search_locations:
        folder = Path(spec.origin).parent
        if (folder / "__init__.py").is_file():
            return folder
    from importlib.resources import files  # pragma: no cover - a zip import

    return files(package)  # pragma: no cover


def is_path(name_or_path: str) -> bool:
    return name_or_path.endswith(".toml") or os.sep in name_or_path or "/" in name_or_path


def resolve(schema: Schema, name_or_path: str) -> Path | Traversable:
    """A rule set's file from its name (``doudizhu-classic``) or a path to a TOML file."""
    if is_path(name_or_path):
        p = Path(name_or_path)
        if not p.is_file():
            raise no_file(name_or_path)
        return p
    extra = _extra_dir()
    folders: list[Path | Traversable] = [extra] if extra is not None else []
    for d in [*folders, _bundled(schema.package)]:
        candidate = d / f"{name_or_path}.toml"
        if candidate.is_file():
            return candidate
    raise RulesError(M("unknown rule set '{name}' (known: {known})",
                       name=name_or_path, known=listed(available(schema))))


def no_file(path: object) -> RulesError:
    return RulesError(M("no rule file at {path}", path=str(path)))


def identity(src: Path | Traversable) -> str:
    return str(src.resolve()) if isinstance(src, Path) else str(src)


# --- reading and validating ------------------------------------------------------------------------------

_LOADED: dict[tuple[str, str], Rules] = {}


class Problem(Record):
    """What is wrong (*msg*) with the rule file its label names (*file*)."""

    file: str
    msg: Msg


class Link(Record):
    """A file on the way down a chain of bases, to find a cycle: its identity (its resolved path), its label."""

    ident: str
    label: str


_Values = dict[str, bool | int | str]  # a key's value (ruleschema.Value)


def load(schema: Schema, name_or_path: str | None = None) -> Rules:
    """The rule set of a name or a file, its bases merged in; read and validated once per process."""
    src = resolve(schema, name_or_path or schema.default)
    cache = (schema.game, identity(src))
    if cache not in _LOADED:
        problems: list[Problem] = []
        values = _read_file(schema, src, [], problems)
        _LOADED[cache] = _finish(schema, values, str(src), problems)
    return _LOADED[cache]


def from_dict(schema: Schema, data: Mapping[str, object], origin: str = "rules",
              folder: str | Path | None = None) -> Rules:
    """Validate a parsed rule file named *origin*; a relative ``base`` path is looked up in *folder*."""
    problems: list[Problem] = []
    values = _merge(schema, data, origin, Path(folder) if folder else Path.cwd(), [], problems)
    return _finish(schema, values, origin, problems)


def from_text(schema: Schema, text: str, origin: str = "rules", folder: str | Path | None = None) -> Rules:
    """Validate a rule file's text (a problem in its TOML is reported like any other)."""
    try:
        data = _toml(text)
    except (ValueError, RecursionError) as e:
        raise RulesError(report([Problem(origin, _bad_toml(e))])) from None
    return from_dict(schema, data, origin, folder)


class _TooLarge(Exception):
    pass


def _text_of(src: Path | Traversable) -> str:
    """A rule file's text: at most :data:`RULES_MAX` bytes, else refused unread."""
    if not isinstance(src, Path):  # pragma: no cover - a bundled file inside a zip: the package's own
        return src.read_text(encoding="utf-8")
    with open(src, "rb") as f:
        data = f.read(RULES_MAX + 1)
    if len(data) > RULES_MAX:
        raise _TooLarge
    return data.decode("utf-8")


def _bad_toml(e: Exception) -> Msg:
    if isinstance(e, RecursionError):
        return M("not valid TOML: nested too deeply")
    return M("not valid TOML: {error}", error=str(e)[:200])


def _read_file(schema: Schema, src: Path | Traversable, chain: list[Link], problems: list[Problem]) -> _Values:
    """The merged values of a file and its bases; problems are collected, never raised."""
    return read_chain(src, chain, problems, partial(_merge, schema))


# How a game's loader merges a file's parsed data over its base: (data, label, folder, chain, problems).
Merge = Callable[[Mapping[str, object], str, Path | None, list[Link], list[Problem]], dict[str, Any]]


def read_chain(src: Path | Traversable, chain: list[Link], problems: list[Problem], merge: Merge) -> dict[str, Any]:
    """The values of the rule file *src* merged over its bases by *merge* (each game's loader, Gunzi's own too):
    a file met again down the *chain* is a cycle, a file too large, not TOML or unreadable a problem; problems are
    collected, never raised."""
    label, ident = str(src), identity(src)
    seen = [link.ident for link in chain]
    if ident in seen:
        cycle = [link.label for link in chain[seen.index(ident):]] + [label]
        problems.append(Problem(chain[-1].label, M(
            "the rule files inherit from each other in a cycle: {cycle}", cycle=" → ".join(cycle))))
        return {}
    try:
        data = _toml(_text_of(src))
    except _TooLarge:
        problems.append(Problem(label, M("larger than {kib} KiB: not a rule file", kib=RULES_MAX >> 10)))
        return {}
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        problems.append(Problem(label, _bad_toml(e)))
        return {}
    except OSError as e:
        problems.append(Problem(label, M("cannot be read: {error}",
                                         error=str(e.strerror or e))))
        return {}
    folder = src.parent if isinstance(src, Path) else None
    return merge(data, label, folder, [*chain, Link(ident, label)], problems)


def _merge(schema: Schema, data: Mapping[str, object], label: str, folder: Path | None, chain: list[Link],
           problems: list[Problem]) -> _Values:
    """This file's own values over those of its base (or over the declared defaults, without a base)."""
    own = _own_values(schema, data, label, problems)
    base = own.pop("base", None)
    stem = Path(label).stem
    if base is None:
        if "base" not in data:  # a bad 'base' value is reported already
            defaults: _Values = {k.full: k.default for k in schema.keys}
            defaults.update({"name": stem, "title": stem, "source": ""})
            return {**defaults, **own}
        return own
    assert isinstance(base, str)
    try:
        base_src = _resolve_base(schema, base, folder)
    except RulesError as e:
        problems.append(Problem(label, M("'base': {problem}", problem=e.msg)))
        return own
    inherited = _read_file(schema, base_src, chain or [Link(label, label)], problems)
    named: _Values = {"name": stem, "title": f"{inherited.get('title', base)}{HOUSE_TITLE}{stem})",
                      "source": inherited.get("source", "")}
    return {**inherited, **named, **own}


def _resolve_base(schema: Schema, base: str, folder: Path | None) -> Path | Traversable:
    return resolve_base(base, folder, partial(resolve, schema))


def resolve_base(base: str, folder: Path | None, by_name: Callable[[str], Path | Traversable]) -> Path | Traversable:
    """The file a rule file's ``base =`` names: a rule set by its name (*by_name*, the game's own lookup), else a
    path, relative to the folder of the file naming it (*folder*; None for a bundled file, which may not)."""
    if not is_path(base):
        return by_name(base)
    p = Path(base)
    if not p.is_absolute():
        if folder is None:
            raise RulesError(M("a bundled rule file names its base by name, not by path ({base})", base=base))
        p = folder / p
    if not p.is_file():
        raise no_file(p)
    return p


def _index(schema: Schema) -> dict[str, Key]:
    return {k.full: k for k in schema.keys}


def _own_values(schema: Schema, data: Mapping[str, object], label: str, problems: list[Problem]) -> _Values:
    """The keys one file sets, each checked for its place, type and bounds."""
    own: _Values = {}
    index = _index(schema)
    by_name = {k.name: k for k in schema.keys}
    sections = schema.sections()

    def bad(problem: Msg) -> None:
        problems.append(Problem(label, problem))

    for top, v in data.items():
        if top in META:
            if not isinstance(v, str) or not v.strip():
                bad(M("'{key}' must be a non-empty string, not {value}",
                      key=top, value=value_named(v)))
            elif top == "game" and v.strip().lower() != schema.game:
                bad(M("'game' names {named}, but this is a rule set of {game}", named=v, game=schema.game))
            elif top != "game":
                own[top] = v
        elif top in sections:
            if not isinstance(v, dict):
                bad(M("'{key}' must be a section ([{key}] and its keys), not {value}", key=top, value=value_named(v)))
                continue
            for name, value in v.items():
                full = f"{top}.{name}"
                key = index.get(full)
                if key is None:
                    elsewhere = by_name.get(name)
                    if elsewhere is not None:
                        bad(M("'{key}' is in the wrong section: it belongs in [{section}] ('{full}')",
                              key=full, section=elsewhere.section, full=elsewhere.full))
                    else:
                        bad(_unknown_key(full))
                    continue
                problem = check_value(key, value)
                if problem is not None:
                    bad(M("'{key}' {problem}", key=full, problem=problem))
                else:
                    assert isinstance(value, (bool, int, str))
                    own[full] = value
        elif top in by_name:
            bad(M("'{key}' is outside any section: it belongs in [{section}] ('{full}')",
                  key=top, section=by_name[top].section, full=by_name[top].full))
        elif isinstance(v, dict):
            bad(M("unknown section [{section}] (the sections are {sections})",
                  section=top, sections=listed(sections)))
        else:
            bad(_unknown_key(top))
    return own


def _unknown_key(key: str) -> Msg:
    return M("unknown key '{key}'", key=key)


def check_value(key: Key, v: object) -> Msg | None:
    """What is wrong with *v* as a value of *key*, or None."""
    kind = key.kind
    if kind is bool:
        if isinstance(v, bool):
            return None
        return M("must be true or false, not {value}", value=value_named(v))
    if kind is int:
        if isinstance(v, bool) or not isinstance(v, int):
            return M("must be a whole number, not {value}", value=value_named(v))
        if key.low is not None and v < key.low:
            return _out_of_range(key, v)
        if key.high is not None and v > key.high:
            return _out_of_range(key, v)
        return None
    if kind is str:
        if isinstance(v, str):
            return None
        return M("must be a string, not {value}", value=value_named(v))
    choices = key.choices()
    if isinstance(v, str) and v in choices:
        return None
    return M("must be one of {choices}, not {value}",
             choices=listed(repr(c) for c in choices), value=value_named(v))


def _out_of_range(key: Key, v: int) -> Msg:
    if key.high is None:
        return M("must be at least {low}, not {value}", low=key.low, value=v)
    if key.low is None:
        return M("must be at most {high}, not {value}", high=key.high, value=v)
    return M("must be from {low} to {high}, not {value}",
             low=key.low, high=key.high, value=v)


def value_named(v: object) -> Msg:
    """A value as a problem names it: ``a table``, ``the string 'x'``, ``130``."""
    if isinstance(v, dict):
        return M("a table")
    if isinstance(v, list):
        return M("an array")
    if isinstance(v, str):
        return M("the string {value}", value=repr(v))
    return M("{value}", value=show(v) if isinstance(v, bool) else repr(v))


def _finish(schema: Schema, values: _Values, label: str, problems: list[Problem]) -> Rules:
    if problems:
        raise RulesError(report(problems))
    from referee.core.ruleschema import Rules

    meta = {m: str(values.get(m, "")) for m in ("name", "title", "source")}
    rules = Rules(schema.game, meta["name"], meta["title"], meta["source"],
                  {k.full: values[k.full] for k in schema.keys}, label)
    relations = schema.relations(rules) if schema.relations else []
    if relations:
        raise RulesError(report([Problem(label, p) for p in relations]))
    return rules


def report(problems: list[Problem]) -> Msg:
    """Each file followed by its problems in the order found, on one line."""
    by_file: dict[str, list[Msg]] = {}
    for label, problem in problems:
        by_file.setdefault(label, []).append(problem)
    return _joined([M("{file}: {problems}", file=label, problems=_joined(found)) for label, found in by_file.items()])


def _joined(messages: list[Msg]) -> Msg:
    out = messages[0]
    for msg in messages[1:]:
        out = M("{first}; {then}", first=out, then=msg)
    return out
