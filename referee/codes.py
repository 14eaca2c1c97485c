"""The codes the engine and the store hand back: how a hand settled, how a game ended, … .

Each is a ``StrEnum`` whose members are their JSON spelling (``Outcome.foul_dig == "foul_dig"``),
so results, the public JSON and old callers that compare with strings all agree. Their words, in
every language, come from one place: the catalogue (``referee.i18n.words``); no module words a code
its own way.
"""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """A code: equal to, and hashing like, its string, so either can key a dict."""

    __hash__ = str.__hash__  # Enum hashes the member *name*; the value is what the code stands for


class Outcome(Code):
    """How a hand settles (rules §7.1)."""

    keep = "keep"
    foul_dig = "foul_dig"
    stage_kept = "stage_kept"
    stage_dug = "stage_dug"


class GameEnd(Code):
    """How a game ended (rules §7.3, §8)."""

    passed_10 = "passed_10"
    zero = "zero"
    sweep = "sweep"
    three_jokers = "three_jokers"
    time = "time"
    ruling = "ruling"
    forfeit = "forfeit"


class Phase(Code):
    """Where the table stands: between hands, a hand's phase (in play order), or the match over."""

    between_hands = "between_hands"
    declaring = "declaring"
    tribute = "tribute"
    kitty = "kitty"
    bury = "bury"
    kings = "kings"
    points = "points"
    done = "done"
    match_over = "match_over"


class NoteKind(Code):
    """A directive kept beside the hands for the report."""

    warn = "warn"
    ruling = "ruling"
    redeal = "redeal"
    time = "time"


class EntryKind(Code):
    """A store entry: an event recorded at the table, or a correction of one."""

    event = "event"
    undo = "undo"
    void = "void"
    amend = "amend"


class Waiver(Code):
    """Why a tribute owed was not paid (rules §5)."""

    riot = "riot"
    waive = "waive"


class DryReason(Code):
    """Why a dealt kitty is a dry pot (rules §6.2)."""

    no_plain_trump = "no_plain_trump"
    all_trump = "all_trump"


class Fixed(Code):
    """How a hand's declarer and trump were fixed (rules §4), for its explanation."""

    grab = "grab"
    flip = "flip"
    given = "given"
    declared = "declared"
    drawn = "drawn"
    stated = "stated"


class TimeCall(Code):
    """Who the time rule favours when time is called (rules §7.3.5)."""

    higher = "higher"
    first = "first"
    tie = "tie"


class Jokers(Code):
    """Which three jokers ended a game (rules §7.3.3)."""

    big = "big"
    small = "small"


# --- choices of the rule files (referee.ruleset reads them; explanations word them) ------------------


class FlipWinner(Code):
    """A game's first hand, nobody grabs: which flip wins the declarership (rules §4.1.2)."""

    highest = "highest"  # the club draft and 001
    lowest = "lowest"  # 000


class DeclarerRotation(Code):
    """Who declares next when the declarers stay (rules §7.4)."""

    partner = "partner"  # the declarers' partner declares next
    same = "same"


class DryPotRule(Code):
    """What a dry pot is (rules §6.2.1)."""

    no_plain_trump = "no_plain_trump"  # the club draft
    no_plain_trump_or_all_trump = "no_plain_trump_or_all_trump"  # 000 and 001 add six trumps
