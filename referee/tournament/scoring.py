"""An event's scoring as data: match points by result, the bye, the order of the tie-breaks.

A scoring file is TOML like a rule set. ``base = "club"`` (a bundled name, or a path relative to the
file) inherits every key the file leaves out, so a club writes only what it changes. Every problem is
a ``ScoringError`` carrying the key, the file and a problem code, for the views to word.
"""

from __future__ import annotations

import enum
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, NamedTuple

DEFAULT_SCORING = "club"
MOST_ENTRIES = 1000  # entries.most when a scoring (or an event logged before the key) leaves it out
DEFAULT_AWARDS = ("overall:3", "club:2", "newcomer:1")  # [prizes] awards when a scoring leaves it out
ROUND1 = ("adjacent", "halves")  # [pairing] round1: how round 1 pairs the pairs in their seeding order
AWARD = re.compile(r"(overall|club|newcomer):([1-9]\d*)")  # one award of [prizes] (tournament.prizes)
_RESULT_KEY = re.compile(r"(\d+):(\d+)")


class Criterion(enum.StrEnum):
    match_points = "match_points"
    games_difference = "games_difference"
    head_to_head = "head_to_head"
    buchholz = "buchholz"
    sonneborn_berger = "sonneborn_berger"
    level_difference = "level_difference"
    ledger = "ledger"
    lot = "lot"


class ScoringProblem(enum.StrEnum):
    not_found = "not_found"  # no bundled scoring of that name, no file at that path
    not_toml = "not_toml"
    unknown_key = "unknown_key"
    missing_key = "missing_key"
    bad_type = "bad_type"
    bad_value = "bad_value"
    duplicate = "duplicate"  # a criterion named twice in tiebreaks.order
    lot_not_last = "lot_not_last"
    base_cycle = "base_cycle"  # files that name each other as base


class ScoringError(ValueError):
    """A scoring file that cannot be used: ``key`` (e.g. ``"bye.match_points"``) in ``file``, and how."""

    def __init__(self, key: str, file: str, problem: ScoringProblem) -> None:
        super().__init__(key, file, problem)
        self.key = key
        self.file = file
        self.problem = problem


class Scoring(NamedTuple):
    name: str
    origin: str  # the file it was read from (the top one when it has a base)
    match_points: dict[tuple[int, int], int]  # (games won, games lost) -> match points
    bye_points: int
    tiebreaks: tuple[Criterion, ...]
    most_entries: int = MOST_ENTRIES  # [entries] most: the pairs an event takes at most
    appeal_minutes: int = 0  # [disputes] appeal_minutes: an appeal within so many minutes of the ruling (0: until
    # the round closes, which ends every appeal window)
    stop_play: bool = False  # [disputes] stop_play: no next hand while a dispute of the match is open
    warn_unconfirmed: bool = True  # [confirmations] warn_at_close: `event close` names the round's unconfirmed hands
    avoid_same_club: bool = False  # [pairing] avoid_same_club: a Swiss round keeps pairs of one club apart
    round1: str = "adjacent"  # [pairing] round1: "adjacent" (1 v 2, 3 v 4) or "halves" (top half v bottom half)
    accelerated_rounds: int = 0  # [pairing] accelerated_rounds: rounds paired with the top half's virtual win
    awards: tuple[str, ...] = DEFAULT_AWARDS  # [prizes] awards: ``event prizes``
    requested_bye_points: int = 1  # [bye] requested: a bye the pair asked for (a half-point bye)

    def points(self, won: int, lost: int) -> int:
        """The match points of a result; a result the table lacks is a ``missing_key`` error."""
        try:
            return self.match_points[(won, lost)]
        except KeyError:
            raise ScoringError(f"match_points.{won}:{lost}", self.origin, ScoringProblem.missing_key) from None


def _bundled() -> Traversable:
    return resources.files("referee.tournament").joinpath("scoring")


def available() -> list[str]:
    """The names of the bundled scorings."""
    return sorted(p.name.removesuffix(".toml") for p in _bundled().iterdir() if p.name.endswith(".toml"))


def load(name_or_path: str = DEFAULT_SCORING) -> Scoring:
    """A scoring by bundled name (``club``) or from a TOML file, with its bases folded in."""
    source, origin = _locate(name_or_path, None, "")
    data = _read_chain(source, origin, ())
    return _build(data, origin)


def from_dict(data: Mapping[str, Any], origin: str = "scoring") -> Scoring:
    """A scoring from already-parsed TOML (its ``base``, if any, looked up like ``load`` does)."""
    own = _check_file(data, origin)
    base = own.pop("base", None)
    if base is not None:
        source, base_origin = _locate(base, None, "base", origin)
        own = _merge(_read_chain(source, base_origin, (origin,)), own)
    return _build(own, origin)


def _locate(name: str, relative_to: Path | None, key: str, file: str = "") -> tuple[Traversable | Path, str]:
    """The file a scoring name or path points to, and the string that names it in errors."""
    if name.endswith(".toml") or "/" in name or "\\" in name:
        path = Path(name)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        if not path.is_file():
            raise ScoringError(key, file or name, ScoringProblem.not_found)
        return path, str(path)
    entry = _bundled().joinpath(f"{name}.toml")
    if not entry.is_file():
        raise ScoringError(key, file or name, ScoringProblem.not_found)
    return entry, f"{name}.toml"


def _read_chain(source: Traversable | Path, origin: str, seen: tuple[str, ...]) -> dict[str, Any]:
    """The file's checked keys over those of its bases, recursively."""
    if origin in seen:
        raise ScoringError("base", seen[-1], ScoringProblem.base_cycle)
    try:
        raw = tomllib.loads(source.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        raise ScoringError("", origin, ScoringProblem.not_toml) from None
    own = _check_file(raw, origin)
    base = own.pop("base", None)
    if base is None:
        return own
    folder = source.parent if isinstance(source, Path) else None
    base_source, base_origin = _locate(base, folder, "base", origin)
    return _merge(_read_chain(base_source, base_origin, (*seen, origin)), own)


def _merge(base: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """Own keys over the base's; the match-points table key by key. The name is never inherited."""
    out = {k: v for k, v in base.items() if k != "name"}
    out["match_points"] = {**base.get("match_points", {}), **own.get("match_points", {})}
    for key in ("name", "bye_points", "tiebreaks", "most_entries", "appeal_minutes", "stop_play", "warn_unconfirmed",
                "avoid_same_club", "round1", "accelerated_rounds", "awards", "requested_bye_points"):
        if key in own:
            out[key] = own[key]
    return out


def _int(value: object, key: str, origin: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(key, origin, ScoringProblem.bad_type)
    if value < 0:
        raise ScoringError(key, origin, ScoringProblem.bad_value)
    return value


def _table(data: Mapping[str, Any], section: str, origin: str) -> Mapping[str, Any]:
    body = data.get(section, {})
    if not isinstance(body, dict):
        raise ScoringError(section, origin, ScoringProblem.bad_type)
    return body


def _check_file(data: Mapping[str, Any], origin: str) -> dict[str, Any]:
    """One file's keys, each checked, in the flat form ``_merge`` folds; the file's own problems only."""
    known = {"name", "base", "match_points", "bye", "tiebreaks", "entries", "disputes", "confirmations", "pairing",
             "prizes"}
    for top in data:
        if top not in known:
            raise ScoringError(top, origin, ScoringProblem.unknown_key)
    out: dict[str, Any] = {}
    for top in ("name", "base"):
        if top in data:
            if not isinstance(data[top], str) or not data[top]:
                raise ScoringError(top, origin, ScoringProblem.bad_type)
            out[top] = data[top]
    points: dict[tuple[int, int], int] = {}
    for key, value in _table(data, "match_points", origin).items():
        full = f"match_points.{key}"
        m = _RESULT_KEY.fullmatch(key)
        if m is None or m[1] == m[2]:
            raise ScoringError(full, origin, ScoringProblem.unknown_key)
        points[(int(m[1]), int(m[2]))] = _int(value, full, origin)
    out["match_points"] = points
    for key, value in _table(data, "bye", origin).items():
        if key not in ("match_points", "requested"):
            raise ScoringError(f"bye.{key}", origin, ScoringProblem.unknown_key)
        out["bye_points" if key == "match_points" else "requested_bye_points"] = _int(value, f"bye.{key}", origin)
    for key, value in _table(data, "entries", origin).items():
        if key != "most":
            raise ScoringError(f"entries.{key}", origin, ScoringProblem.unknown_key)
        most = _int(value, "entries.most", origin)
        if most < 2:  # an event needs two pairs
            raise ScoringError("entries.most", origin, ScoringProblem.bad_value)
        out["most_entries"] = most
    out.update(_remark_keys(data, origin))
    out.update(_pairing(_table(data, "pairing", origin), origin))
    out.update(_prizes(_table(data, "prizes", origin), origin))
    for key, value in _table(data, "tiebreaks", origin).items():
        if key != "order":
            raise ScoringError(f"tiebreaks.{key}", origin, ScoringProblem.unknown_key)
        out["tiebreaks"] = _order(value, origin)
    return out


def _remark_keys(data: Mapping[str, Any], origin: str) -> dict[str, Any]:
    """The keys of disputes and confirmations: ``disputes.appeal_minutes``, ``disputes.stop_play``,
    ``confirmations.warn_at_close``."""
    out: dict[str, Any] = {}
    for key, value in _table(data, "disputes", origin).items():
        if key == "stop_play":
            if not isinstance(value, bool):
                raise ScoringError("disputes.stop_play", origin, ScoringProblem.bad_type)
            out["stop_play"] = value
            continue
        if key != "appeal_minutes":
            raise ScoringError(f"disputes.{key}", origin, ScoringProblem.unknown_key)
        out["appeal_minutes"] = _int(value, "disputes.appeal_minutes", origin)
    for key, value in _table(data, "confirmations", origin).items():
        if key != "warn_at_close":
            raise ScoringError(f"confirmations.{key}", origin, ScoringProblem.unknown_key)
        if not isinstance(value, bool):
            raise ScoringError("confirmations.warn_at_close", origin, ScoringProblem.bad_type)
        out["warn_unconfirmed"] = value
    return out


def _pairing(table: Mapping[str, Any], origin: str) -> dict[str, Any]:
    """The ``[pairing]`` keys: ``avoid_same_club`` (a boolean), ``round1`` (one of ``ROUND1``) and
    ``accelerated_rounds`` (a count, 0 for none)."""
    out: dict[str, Any] = {}
    for key, value in table.items():
        full = f"pairing.{key}"
        if key == "accelerated_rounds":
            out[key] = _int(value, full, origin)
            continue
        if key not in ("avoid_same_club", "round1"):
            raise ScoringError(full, origin, ScoringProblem.unknown_key)
        if not isinstance(value, bool if key == "avoid_same_club" else str):
            raise ScoringError(full, origin, ScoringProblem.bad_type)
        if key == "round1" and value not in ROUND1:
            raise ScoringError(full, origin, ScoringProblem.bad_value)
        out[key] = value
    return out


def _prizes(table: Mapping[str, Any], origin: str) -> dict[str, Any]:
    """The ``[prizes]`` key ``awards``: a list of ``overall:N``, ``club:K``, ``newcomer:N``."""
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key != "awards":
            raise ScoringError(f"prizes.{key}", origin, ScoringProblem.unknown_key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ScoringError("prizes.awards", origin, ScoringProblem.bad_type)
        if not all(AWARD.fullmatch(v) for v in value):
            raise ScoringError("prizes.awards", origin, ScoringProblem.bad_value)
        out["awards"] = tuple(value)
    return out


def _order(value: object, origin: str) -> tuple[Criterion, ...]:
    key = "tiebreaks.order"
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ScoringError(key, origin, ScoringProblem.bad_type)
    if any(v not in Criterion.__members__ for v in value):
        raise ScoringError(key, origin, ScoringProblem.bad_value)
    order = tuple(Criterion(v) for v in value)
    if len(set(order)) != len(order):
        raise ScoringError(key, origin, ScoringProblem.duplicate)
    if Criterion.lot in order and order[-1] != Criterion.lot:
        raise ScoringError(key, origin, ScoringProblem.lot_not_last)
    return order


def _build(data: Mapping[str, Any], origin: str) -> Scoring:
    for key, full in (("name", "name"), ("bye_points", "bye.match_points"), ("tiebreaks", "tiebreaks.order")):
        if key not in data:
            raise ScoringError(full, origin, ScoringProblem.missing_key)
    if not data["match_points"]:
        raise ScoringError("match_points", origin, ScoringProblem.missing_key)
    return Scoring(name=data["name"], origin=origin, match_points=dict(data["match_points"]),
                   bye_points=data["bye_points"], tiebreaks=data["tiebreaks"],
                   most_entries=data.get("most_entries", MOST_ENTRIES),
                   appeal_minutes=data.get("appeal_minutes", 0), stop_play=data.get("stop_play", False),
                   warn_unconfirmed=data.get("warn_unconfirmed", True),
                   avoid_same_club=data.get("avoid_same_club", False), round1=data.get("round1", "adjacent"),
                   accelerated_rounds=data.get("accelerated_rounds", 0),
                   awards=data.get("awards", DEFAULT_AWARDS),
                   requested_bye_points=data.get("requested_bye_points", 1))
