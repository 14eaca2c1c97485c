"""What the engine hands back: per-hand settlements with their explanations, games, the match.

Plain frozen values, so the terminal view, the JSON view, the store and the PDF scorecard all read
the same thing and none of them computes a rule of its own.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from referee.cards import Card
from referee.events import MatchHeader, RecordError
from referee.explain import render


class Step(NamedTuple):
    """One step of a settlement: the rule applied (rule-file key or clause) and what it gave.

    The text is formatted only when shown (``text``), so replaying a long record stays cheap; a
    named tuple because thousands are made per second of replay.
    """

    key: str  # the rule-file key or rule name applied, e.g. "scoring.short_threshold"
    clause: str  # where the rule comes from, e.g. "002 §六.2"
    args: tuple = ()

    def text(self, lang: str = "en") -> str:
        return render(self, lang)


class TributeInfo(NamedTuple):
    giver: str
    receiver: str
    owed: int
    cards: tuple[Card, ...] = ()
    waived: str | None = None  # None, "riot" or "waive"
    riot_seat: str | None = None
    riot_cards: tuple[Card, ...] = ()


class HandResult(NamedTuple):
    """One settled hand. A named tuple (immutable, cheap to make: one per hand of a long replay)."""

    hand: int
    game: int
    line: int  # line of the `hand` directive
    declarer: str
    declarer_team: str
    level: int
    trump: str | None
    tribute: TributeInfo | None
    kitty: tuple[Card, ...]  # as dealt
    final_kitty: tuple[Card, ...]
    dry_pot: bool
    kitty_points: int  # K: the final kitty's points as counted (0 in a club-draft dry pot)
    kitty_points_physical: int
    big_jokers: int  # in the final kitty, as counted (0 in a dry pot)
    small_jokers: int
    points: int  # P: the defenders' trick points
    dug: bool
    score: int  # S = P + multiplier·K when dug
    outcome: str  # "keep" | "foul_dig" | "stage_kept" | "stage_dug"
    level_change: dict[str, int]
    levels_after: dict[str, int]
    blood: int  # owed for the next hand (0 when the game ended)
    blood_kings: int
    blood_score: int
    blood_giver: str | None  # who pays it: the next declarer's 上家
    next_declarer: str | None
    game_winner: str | None
    game_reason: str | None
    ledger_change: dict[str, int]
    ledger: dict[str, int]  # running total, per player of each team
    # What the explanation is rebuilt from (``explain``):
    levels_before: dict[str, int] | None = None
    how: tuple = ()  # how declarer and trump were fixed: ("grab",), ("flip", flips), ("given",),
    #                  ("declared", seat, cards), ("drawn", cards) or ("stated",)
    dry_reason: str | None = None  # "no_plain_trump" | "all_trump" | None
    rules: Any = None  # the RuleSet the hand was settled under

    @property
    def explain(self) -> tuple[Step, ...]:
        """The ordered steps of the settlement, each naming the rule (key and seed clause) it applied."""
        from referee.settle import explain_hand

        return explain_hand(self)


class GameResult(NamedTuple):
    game: int
    winner: str | None  # None only while a timed-out game awaits a ruling
    reason: str  # "passed_10" | "zero" | "sweep" | "three_jokers" | "time" | "ruling" | "forfeit"
    last_hand: int | None
    line: int
    explain: tuple[Step, ...] = ()


class Note(NamedTuple):
    """A warning, ruling, redeal or time call kept for the report, with its line."""

    kind: str  # "warn" | "ruling" | "redeal" | "time"
    line: int
    game: int
    hand: int | None
    seat: str | None = None
    team: str | None = None
    text: str = ""


class TableState(NamedTuple):
    """Where the match stands after the last event: what a referee at the table needs next."""

    game: int
    hand: int  # the hand in progress, or the next hand's number
    in_hand: bool
    phase: str  # "between_hands", "declaring", "tribute", "kitty", "bury", "kings", "points", "done", "match_over"
    levels: dict[str, int]
    declarer: str | None  # fixed declarer of the hand in progress or the next one (None: first hand of a game)
    trump: str | None
    level: int | None
    blood_owed: int
    blood_giver: str | None
    expected: tuple[str, ...]  # directives that may come next
    match_over: bool
    warnings: dict[str, int]
    points_so_far: int = 0


class MatchResult(NamedTuple):
    header: MatchHeader | None
    rules: str
    teams: dict[str, str]
    seats: dict[str, str]
    hands: tuple[HandResult, ...]
    games: tuple[GameResult, ...]
    winner: str | None
    games_won: dict[str, int]
    errors: tuple[RecordError, ...]
    notes: tuple[Note, ...]
    state: TableState
    forfeit: bool = False
    extra: dict | None = None
    ledger: dict | None = None  # the points ledger's final totals (gunzi-rules.md §9), per player of each team
    ledger_headline: bool = False  # the rule set makes the ledger the headline score (classic)

    @property
    def ok(self) -> bool:
        return not self.errors
