"""The match summary: the few numbers of a match that an event needs, computed once from a replay.

Standings and pairing read only this, never a ``MatchResult``: a summary is small, cheap to compare
and JSON-serialisable, so the store can cache it beside the match with the chain head and entry
count it was computed at, and recompute it only when the match has moved on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, NamedTuple, TypeVar

from referee.games.api import Outcome, Participant
from referee.games.gunzi.results import MatchResult

Side = Literal["EW", "NS"]
SIDES: tuple[Side, Side] = ("EW", "NS")
SEAT_ORDER = ("E", "S", "W", "N")
# The start level of gunzi-rules.md §3, used only for a game in which no hand was settled: both sides
# are then still level, so the level difference is 0 whatever the number.
START_LEVEL = 3
# Bumped when the JSON shape changes, so that a cached summary of an older shape is recomputed.
FORMAT = 1
T = TypeVar("T")


class Sides(NamedTuple):
    """A number per side (games won, levels, ledger): a tuple, so a summary is hashable."""

    EW: int
    NS: int

    def of(self, side: str) -> int:
        return self.EW if side == "EW" else self.NS

    def to_dict(self) -> dict[str, int]:
        return {"EW": self.EW, "NS": self.NS}

    @classmethod
    def from_mapping(cls, data: Mapping[str, int] | None) -> Sides:
        data = data or {}
        return cls(int(data.get("EW", 0)), int(data.get("NS", 0)))


class TeamNames(NamedTuple):
    EW: str
    NS: str


class GameSummary(NamedTuple):
    game: int
    winner: Side | None
    reason: str  # the engine's code: "passed_10", "zero", "sweep", "three_jokers", "time", "ruling", "forfeit"
    levels: Sides  # each side's level when the game ended


class SummaryError(ValueError):
    """A cached summary that cannot be read back: ``field`` names what is missing or wrong."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


class MatchSummary(NamedTuple):
    match_id: str
    rules: str
    seats: tuple[str, str, str, str]  # player names by E S W N ("" when not recorded)
    teams: TeamNames
    finished: bool
    winner: Side | None
    games_won: Sides
    games: tuple[GameSummary, ...]
    ledger: Sides  # the points ledger's totals (gunzi-rules.md §9), per player of each side
    forfeit: bool
    head: str = ""  # the store's chain head the summary was computed at
    entries: int = 0  # and its number of entries

    def participants(self) -> tuple[Participant, ...]:
        """The two partnerships, each with its players by seat (E and W sit EW; S and N sit NS)."""
        e, s, w, n = self.seats
        return (Participant("EW", self.teams.EW, (e, w)), Participant("NS", self.teams.NS, (s, n)))

    def outcome(self, key: str) -> Outcome:
        """*key*'s games won and lost, its place, its ledger total and its level difference summed over
        the games. A forfeited match counts as the games the winner was given : 0 (§8.1), which is the
        winner's count already."""
        side: Side = "NS" if key == "NS" else "EW"
        other: Side = "NS" if side == "EW" else "EW"
        won, lost = self.games_won.of(side), self.games_won.of(other)
        if self.forfeit:
            full = max(won, lost)
            won, lost = (full, 0) if self.winner == side else (0, full)
        margin = sum(g.levels.of(side) - g.levels.of(other) for g in self.games)
        placement = 2 if self.winner == other else 1
        return Outcome(side, won, lost, placement, self.ledger.of(side), margin)

    def to_dict(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "match_id": self.match_id,
            "rules": self.rules,
            "seats": dict(zip(SEAT_ORDER, self.seats, strict=True)),
            "teams": {"EW": self.teams.EW, "NS": self.teams.NS},
            "finished": self.finished,
            "winner": self.winner,
            "games_won": self.games_won.to_dict(),
            "games": [{"game": g.game, "winner": g.winner, "reason": g.reason, "levels": g.levels.to_dict()}
                      for g in self.games],
            "ledger": self.ledger.to_dict(),
            "forfeit": self.forfeit,
            "head": self.head,
            "entries": self.entries,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchSummary:
        """The summary ``to_dict`` wrote (parsed JSON: any value may be of any type); a ``SummaryError``
        naming the field when it is not one."""
        if data.get("format") != FORMAT:
            raise SummaryError("format")

        def field(name: str, read: Callable[[Any], T]) -> T:
            try:
                return read(data[name])
            except (KeyError, TypeError, ValueError, AttributeError):
                raise SummaryError(name) from None

        return cls(
            match_id=field("match_id", str),
            rules=field("rules", str),
            seats=field("seats", lambda v: (str(v["E"]), str(v["S"]), str(v["W"]), str(v["N"]))),
            teams=field("teams", lambda v: TeamNames(str(v["EW"]), str(v["NS"]))),
            finished=field("finished", bool),
            winner=field("winner", _side),
            games_won=field("games_won", _sides),
            games=field("games", lambda v: tuple(
                GameSummary(int(g["game"]), _side(g["winner"]), str(g["reason"]), _sides(g["levels"])) for g in v)),
            ledger=field("ledger", _sides),
            forfeit=field("forfeit", bool),
            head=field("head", str),
            entries=field("entries", int),
        )


def _sides(value: Mapping[str, int]) -> Sides:
    return Sides(int(value["EW"]), int(value["NS"]))


def _side(value: object) -> Side | None:
    if value is None:
        return None
    if value == "EW":
        return "EW"
    if value == "NS":
        return "NS"
    raise ValueError(value)


def summarize(result: MatchResult, head: str = "", entries: int = 0) -> MatchSummary:
    """The summary of a replayed match, stamped with the chain head and entry count it was computed at."""
    last_levels = {h.game: h.levels_after for h in result.hands}  # the last hand of each game wins
    first = result.hands[0].levels_before if result.hands else None
    start = min(first.values()) if first else START_LEVEL  # the match's first hand is at the start level
    games = tuple(
        GameSummary(g.game, _side(g.winner), g.reason,
                    Sides.from_mapping(last_levels.get(g.game, {"EW": start, "NS": start})))
        for g in result.games
    )
    header = result.header
    return MatchSummary(
        match_id=header.id if header is not None else "",
        rules=result.rules,
        seats=(result.seats.get("E", ""), result.seats.get("S", ""), result.seats.get("W", ""),
               result.seats.get("N", "")),
        teams=TeamNames(result.teams.get("EW", ""), result.teams.get("NS", "")),
        finished=result.winner is not None,
        winner=_side(result.winner),
        games_won=Sides.from_mapping(result.games_won),
        games=games,
        ledger=Sides.from_mapping(result.ledger),
        forfeit=result.forfeit,
        head=head,
        entries=entries,
    )
