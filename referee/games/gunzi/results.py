"""What the engine hands back: per-hand settlements with their explanations, games, the match.

Plain frozen values, so the terminal view, the JSON view, the store and the PDF scorecard all read
the same thing and none of them computes a rule of its own.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by
# typing at import (a ForwardRef per field), on every command's start; as types they are not.
from typing import TYPE_CHECKING

from referee.core.frozen import Record
from referee.games.gunzi.cards import Card
from referee.games.gunzi.codes import DryReason, Fixed, GameEnd, NoteKind, Outcome, Phase, Waiver
from referee.games.gunzi.events import MatchHeader, RecordError
from referee.games.gunzi.explain import Step

if TYPE_CHECKING:
    from referee.games.gunzi.ruleset import RuleSet


class HowFixed(Record):
    """How a hand's declarer and trump were fixed (§4), kept for its explanation: the grab or the
    declaration's seat, and the cards flipped, drawn or declared."""

    kind: Fixed
    seat: str | None = None
    cards: tuple[Card, ...] = ()


class TributeInfo(Record):
    giver: str
    receiver: str
    owed: int
    cards: tuple[Card, ...] = ()
    waived: Waiver | None = None
    riot_seat: str | None = None
    riot_cards: tuple[Card, ...] = ()


class HandFacts(Record):
    """What a hand's settlement starts from (``settle.settle``): the engine has judged the cards."""

    declarer: str
    levels: dict[str, int]  # at the start of the hand
    points: int  # P
    kitty_points: int  # physically in the final kitty (settle's helpers read the facts as counted)
    big_jokers: int  # in the final kitty
    small_jokers: int
    dry_pot: bool
    dug: bool


class Settlement(Record):
    """The numbers of a hand's settlement (``settle.settle``), and the facts it started from: a settled hand
    keeps it, and its explanation is worded from it (``settle.settlement_steps``), never settled again."""

    score: int
    kitty_points: int  # as counted
    big_jokers: int  # as counted
    small_jokers: int
    outcome: Outcome
    level_change: dict[str, int]
    levels_after: dict[str, int]
    levels_gained: int  # for the ledger: levels actually moved, passing 10 counting one
    king_levels: int  # the levels the kitty's jokers add to the one of a keep or a take-over dug (§6.5)
    blood_kings: int
    blood_score: int
    blood: int
    blood_giver: str | None
    next_declarer: str | None  # as settled (a game ended off the table afterwards voids the hand's, not this)
    game_winner: str | None
    game_reason: GameEnd | None
    ledger_change: dict[str, int]  # the settlement's own entry (a tribute's entry is the hand's, §9.3)
    ledger_special: GameEnd | None  # the game's end that made the ledger's entry special (§9.4), if any
    facts: HandFacts


class HandResult(Record):
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
    outcome: Outcome
    level_change: dict[str, int]
    levels_after: dict[str, int]
    blood: int  # owed for the next hand (0 when the game ended)
    blood_kings: int
    blood_score: int
    blood_giver: str | None  # who pays it: the next declarer's 上家
    next_declarer: str | None
    game_winner: str | None
    game_reason: GameEnd | None
    ledger_change: dict[str, int]
    ledger: dict[str, int]  # running total, per player of each team
    # What the explanation is rebuilt from (``explain``):
    levels_before: dict[str, int] | None = None
    how: HowFixed | None = None  # how declarer and trump were fixed (None: trump as stated)
    dry_reason: DryReason | None = None
    rules: "RuleSet | None" = None  # the rule set the hand was settled under
    small_without_big: str | None = None  # the seat that buried three small jokers holding a big one (§6.3.3)
    # The settlement as the replay made it, with its facts: ``explain_hand`` words the steps from it.
    settlement: Settlement | None = None


class GameResult(Record):
    game: int
    winner: str | None  # None only while a timed-out game awaits a ruling
    reason: GameEnd
    last_hand: int | None
    line: int
    explain: tuple[Step, ...] = ()


class Note(Record):
    """A warning, ruling, redeal or time call kept for the report, with its line."""

    kind: NoteKind
    line: int
    game: int
    hand: int | None
    seat: str | None = None
    team: str | None = None
    text: str = ""


class TableState(Record):
    """Where the match stands after the last event: what a referee at the table needs next."""

    game: int
    hand: int  # the hand in progress, or the next hand's number
    in_hand: bool
    phase: Phase
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
    # This hand's blood once it is settled: the directive that settled it ('tribute', 'riot', 'waive'), and
    # what is still due (0 once settled; blood_owed stays what the hand owed).
    blood_settled: str | None = None
    blood_due: int = 0


class MatchResult(Record):
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
    extra: dict[str, object] | None = None  # not set by the engine
    ledger: dict[str, int] | None = None  # the points ledger's final totals (§9), per player of each team
    ledger_headline: bool = False  # the rule set makes the ledger the headline score (classic)
    top_level: int = 10  # the rule set's top level: the words of GameEnd.passed_10 name it

    @property
    def ok(self) -> bool:
        return not self.errors
