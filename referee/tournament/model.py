"""What an event is made of: its pairs (the entries), its rounds and their tables.

Plain frozen values: the store keeps them, standings and pairing read them. A table says which pair
sits EW and which NS, so a match summary's EW/NS numbers can be given to the right pair.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple


class EventFormat(enum.StrEnum):
    swiss = "swiss"
    round_robin = "round_robin"


class RoundStatus(enum.StrEnum):
    open = "open"
    closed = "closed"


class WithdrawnReason(enum.StrEnum):
    withdrew = "withdrew"  # the pair left of its own accord
    disqualified = "disqualified"
    no_show = "no_show"


class Pair(NamedTuple):
    code: str  # the pair's short code, unique in the event
    player1: str
    player2: str
    club: str = ""
    active: bool = True  # False once withdrawn: never paired again, kept in the standings
    withdrawn_reason: WithdrawnReason | None = None
    newcomer: bool = False  # for the prize of the best newcomer pair (``event add --newcomer``)
    rating: int | None = None  # the seeding of round 1, highest first (``event add --rating N``)


class Table(NamedTuple):
    number: int
    match_id: str
    ew: str  # code of the pair sitting EW
    ns: str  # code of the pair sitting NS


class Round(NamedTuple):
    number: int
    tables: tuple[Table, ...]
    bye: str | None = None  # code of the pair with the bye
    status: RoundStatus = RoundStatus.open
    requested: tuple[str, ...] = ()  # pairs sitting the round out at their request (``event pair --bye``)


class ResultKind(enum.StrEnum):
    """How the director settled a table without (or over) its hand record."""

    score = "score"  # the games as reported (a score slip): ``event result T EW 2:1``
    forfeit = "forfeit"  # a side gave the match up: the other wins games_to_win : 0
    no_show = "no_show"  # a side did not come to the table: the other wins games_to_win : 0
    adjusted = "adjusted"  # match points awarded by the director, no games counted


class DirectorResult(NamedTuple):
    """A table's result as the director entered it (an entry of the event's log, with its reason).

    ``ew``/``ns`` are the games each side is credited with (score, forfeit, no-show), or the match
    points awarded (adjusted). ``side`` names the side that forfeited or did not come. It replaces
    what the match's record gives, in the standings and in every list of results."""

    match_id: str
    round: int
    table: int
    kind: ResultKind
    ew: int
    ns: int
    side: str | None
    reason: str
    seq: int = 0  # the entry of the event's log that stored it
    cleared: bool = False  # an entry of the log taking the table's result back (its record counts again)
    scores: tuple[int, ...] = ()  # an individual event's table (adjusted): each player's score, in seat order


class EventProblem(enum.StrEnum):
    unknown_pair = "unknown_pair"  # a table or bye names a pair that is not an entry
    duplicate_pair = "duplicate_pair"  # two entries with one code


class EventError(ValueError):
    """Event data that does not hold together; ``problem`` says how and ``ref`` names the item."""

    def __init__(self, problem: EventProblem, ref: str) -> None:
        super().__init__(problem, ref)
        self.problem = problem
        self.ref = ref


def match_id(round_number: int, table_number: int) -> str:
    """The default id of a round's match at a table (``R2-T5``); the CLI may prefix the event's code."""
    return f"R{round_number}-T{table_number}"


def check_pairs(pairs: Sequence[Pair]) -> dict[str, Pair]:
    """The pairs by code; an ``EventError`` if two share one."""
    by_code: dict[str, Pair] = {}
    for p in pairs:
        if p.code in by_code:
            raise EventError(EventProblem.duplicate_pair, p.code)
        by_code[p.code] = p
    return by_code
