"""A small builder for hand-worked engine tests: write the record text of a hand, replay it, find lines.

The builder writes the directives of a hand in the order the engine contract fixes (declaring,
tribute, kitty, bury, kings, points, last). Mark a line you expect an error on with the comment
``# !`` (comments may end any line) and ask ``line_of(text)`` for its number.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.games.gunzi.engine import replay
from referee.games.gunzi.notation import parse, parse_line
from referee.games.gunzi.ruleset import RuleSet, load
from referee.store.folder import FolderStore

# No points, no jokers; JH is a trump-suit plain card when trump is hearts (J is never a level),
# so with trump H this kitty is not a dry pot in any rule set (and 7C 8C 9C are never all trumps).
PLAIN_KITTY = "4C 6C 7C 8C 9C JH"
MARK = "# !"


@dataclass
class Run:
    """A command's result as the CLI tests read it: exit code, stdout, stderr."""

    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def referee_process(*args: object, lang: str | None = None, env: Mapping[str, str] | None = None,
                    cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The real command line as a process (``python -m referee.cli``), its output read as UTF-8: the test's
    environment without ``REFEREE_LANG`` and ``REFEREE_RULES_DIR`` (a developer's shell never leaks in), with
    *lang* as ``REFEREE_LANG`` when given and *env* on top; never a traceback."""
    full = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    for name in ("REFEREE_LANG", "REFEREE_RULES_DIR"):
        full.pop(name, None)
    if lang is not None:
        full["REFEREE_LANG"] = lang
    full.update(env or {})
    proc = subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", env=full, cwd=cwd, timeout=timeout)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    return proc


def _lines(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, (str, int)):
        return [str(value)]
    return [str(v) for v in value]  # type: ignore[union-attr]


def hand_text(
    *,
    grab: str | None = None,
    declarer: str | None = None,
    declare: str | Iterable[str] = (),
    flip: str | Iterable[str] = (),
    draw: str | Iterable[str] = (),
    trump: str | None = None,
    riot: str | Iterable[str] | None = None,
    waive: bool = False,
    tribute: str | Iterable[str] | None = None,
    kitty: str | None = PLAIN_KITTY,
    bury: str | None = None,
    king: str | Iterable[str] = (),
    points: int | str | Iterable[int | str] = (),
    last: str | None = "decl",
    after: str | Iterable[str] = (),
) -> str:
    """The text of one hand, starting with its ``hand`` line.

    ``grab="E"`` writes ``declare E BJ`` (the first-hand grab); ``declare``/``flip``/``king``/``points``
    take one value or a list (one line each); ``after`` is raw lines put after ``last``
    (``time``, ``warn …``, ``ruling …``).
    """
    out = ["hand"]
    if grab:
        out.append(f"declare {grab} BJ")
    if declarer:
        out.append(f"declarer {declarer}")
    out += [f"declare {d}" for d in _lines(declare)]
    out += [f"flip {f}" for f in _lines(flip)]
    out += [f"draw {d}" for d in _lines(draw)]
    if trump:
        out.append(f"trump {trump}")
    out += [f"riot {r}" for r in _lines(riot)]
    if waive:
        out.append("waive")
    out += [f"tribute {t}" for t in _lines(tribute)]
    if kitty is not None:
        out.append(f"kitty {kitty}")
    if bury is not None:
        out.append(f"bury {bury}")
    out += [f"king {k}" for k in _lines(king)]
    out += [f"points {p}" for p in _lines(points)]
    if last:
        out.append(f"last {last}")
    out += _lines(after)
    return "\n".join(out) + "\n"


def first_hand(**kw) -> str:
    """A game's first hand: E grabs with a big joker, trump hearts (level 3) unless told otherwise."""
    if "flip" in kw:
        return hand_text(**kw)
    if "declarer" not in kw:
        kw.setdefault("grab", "E")
    kw.setdefault("trump", "H")
    return hand_text(**kw)


def record(*hands: str, rules: str = "dalian-club") -> str:
    return f"match id=T-1 rules={rules}\n" + "".join(hands)


def _rules(rules: str | RuleSet) -> RuleSet:
    return load(rules) if isinstance(rules, str) else rules


def run(text: str, rules: str | RuleSet = "dalian-club"):
    """(parsed record, match result)."""
    rec = parse(text)
    return rec, replay(rec.events, _rules(rules))


def errors_of(text: str, rules: str | RuleSet = "dalian-club") -> list:
    """Parse errors and engine errors together."""
    rec, result = run(text, rules)
    return list(rec.errors) + list(result.errors)


def play(*hands: str, rules: str | RuleSet = "dalian-club"):
    """Replay hands that must be a valid record; the match result."""
    name = rules if isinstance(rules, str) else "dalian-club"
    text = record(*hands, rules=name)
    rec, result = run(text, rules)
    errs = list(rec.errors) + list(result.errors)
    assert not errs, "unexpected errors:\n" + "\n".join(str(e) for e in errs) + "\n---\n" + text
    return result


def line_of(text: str, marker: str = MARK) -> int:
    """1-based number of the first line containing ``marker``."""
    for no, line in enumerate(text.splitlines(), 1):
        if marker in line:
            return no
    raise AssertionError(f"no line with {marker!r}")


def assert_error_at(text: str, keyword: str | None = None, rules: str | RuleSet = "dalian-club",
                    marker: str = MARK):
    """There is an error on the marked line (whose message contains ``keyword``, any case)."""
    want = line_of(text, marker)
    errs = errors_of(text, rules)
    hits = [e for e in errs if e.line == want]
    shown = "\n".join(str(e) for e in errs) or "(no errors)"
    assert hits, f"expected an error on line {want}; got:\n{shown}\n---\n{text}"
    if keyword is not None:
        assert any(keyword.lower() in e.message.lower() for e in hits), (
            f"expected '{keyword}' in an error on line {want}; got:\n{shown}\n---\n{text}"
        )
    return hits


def individual_games() -> list[str]:
    """The registered games (``registry.GAMES``) whose players each play for themself (``Game.sides`` is their
    seats): the tests about "each game of individual players" iterate these, not a list of keys."""
    from referee.games import registry

    return sorted(k for k in registry.GAMES if registry.game(k).sides == registry.game(k).seats)


def match_tables(path: Any) -> Any:
    """A match file's tables in TinyDB's layout (``{"entries": {"1": {…}, …}, "meta": {"1": {"heads": 1}}}``),
    whichever way the file keeps them (the append log, or the one JSON document of a store before it): what a
    test reads, or edits by hand and writes back with ``json.dumps`` (a file of the older layout, which the store
    reads and checks as ever)."""
    import json as _json
    from pathlib import Path as _Path

    from referee.store.files import is_log, log_tables

    raw = _Path(path).read_bytes()
    return log_tables(raw) if is_log(raw) else _json.loads(raw)


def head_record(path: Any) -> Any:
    """A match's head record as JSON: the record in effect (its last complete line once appends added to it)."""
    import json as _json
    from pathlib import Path as _Path

    from referee.store.store import last_head

    return _json.loads(last_head(_Path(path).read_bytes()))


# A Gunzi match M1 of four seats and one hand of it, a directive an entry: what the folder store's tests append.
M1_HEADER = ["match id=M1 rules=dalian-club", "seat E 甲", "seat S 乙", "seat W 丙", "seat N 丁"]
M1_HAND = ["hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "points 100", "last decl"]


def m1_store(root: Path) -> FolderStore:
    """A folder store at *root* holding match M1's header, as its director created it."""
    store = FolderStore(root)
    events = [parse_line(line, line=i) for i, line in enumerate(M1_HEADER, 1)]
    store.create([e for e in events if e is not None], referee="director")
    return store
