"""The codes the engine and the store hand back: how a hand settled, how a game ended, … .

Each is a ``StrEnum`` whose members are their JSON spelling (``Outcome.foul_dig == "foul_dig"``),
so results, the public JSON and old callers that compare with strings all agree: ``enum.StrEnum`` to the type
checker, built at run time by ``referee.core.frozen.Codes`` (the same behaviour, without ``enum``'s ~0.8M
instructions a class on every command's start).

Their words, in every language, are here too, once (:func:`word`, :func:`describe`), as English msgids
of the catalogue: the catalogue context is the code's kind (``outcome``; ``outcome-long`` for the
sentence), so each language words ``foul_dig`` once, and the terminal, the store views, the PDF and the
web all show the same word. A word that names a rule value takes it as a field, since a rule file may
change it: ``word(GameEnd.passed_10, lang, top=rules.top_level)`` is "passed 10" under the club rules.
A code in a message field is worded by :meth:`Code.localized`, so ``referee.core.i18n`` needs to know no code.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.frozen import Codes, Record
from referee.core.i18n import P_, _translated, fill


class Code(Codes):
    """A code: equal to, and hashing like, its string, so either can key a dict."""

    __hash__ = str.__hash__  # Enum hashes the member *name*; the value is what the code stands for

    def localized(self, lang: str) -> str:
        """How a message field holding the code shows it: its word in *lang*."""
        return word(self, lang)


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


# --- choices of the rule files (referee.games.gunzi.ruleset reads them; explanations word them) ------------------


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


class Wording(Record):
    """How a code is worded: its catalogue context (the code's kind), and its English msgids."""

    context: str
    short: str  # the word (a table cell, a list)
    long: str | None  # the sentence, where the code has one


# (code, its wording), one row per code. Codes of different kinds may share a value (GameEnd.ruling and
# NoteKind.ruling are both "ruling", and a code equals its string), so the rows are looked up by kind
# and value, never by the code alone.
_ROWS: tuple[tuple[Code, Wording], ...] = (
    (Outcome.keep, Wording("outcome", P_("outcome", "keep"),
                           P_("outcome-long", "kept (保底): the declarers stay and go up"))),
    (Outcome.foul_dig, Wording("outcome", P_("outcome", "foul dig"),
                               P_("outcome-long", "foul dig (臭抠): the declarers stay, no level change"))),
    (Outcome.stage_kept, Wording("outcome", P_("outcome", "stage, kept"),
                                 P_("outcome-long", "the defenders take over (上台), kitty kept: no level change"))),
    (Outcome.stage_dug, Wording("outcome", P_("outcome", "stage, dug"),
                                P_("outcome-long", "the defenders take over and dig (上台抠底): they go up"))),
    (GameEnd.passed_10, Wording("game-end", P_("game-end", "passed {top}"),
                                P_("game-end-long", "the declarers passed {top}"))),
    (GameEnd.zero, Wording("game-end", P_("game-end", "defenders 0"), P_("game-end-long", "the defenders scored 0"))),
    (GameEnd.sweep, Wording("game-end", P_("game-end", "sweep"),
                            P_("game-end-long", "the defenders reached the sweep"))),
    (GameEnd.three_jokers, Wording("game-end", P_("game-end", "three jokers"),
                                   P_("game-end-long", "three jokers in the kitty"))),
    (GameEnd.time, Wording("game-end", P_("game-end", "time"), P_("game-end-long", "time was called"))),
    (GameEnd.ruling, Wording("game-end", P_("game-end", "ruling"), P_("game-end-long", "the referee's ruling"))),
    (GameEnd.forfeit, Wording("game-end", P_("game-end", "forfeit"), P_("game-end-long", "forfeit (warnings)"))),
    (Phase.between_hands, Wording("phase", P_("phase", "between hands"), None)),
    (Phase.declaring, Wording("phase", P_("phase", "declaring trump"), None)),
    (Phase.tribute, Wording("phase", P_("phase", "tribute"), None)),
    (Phase.kitty, Wording("phase", P_("phase", "kitty"), None)),
    (Phase.bury, Wording("phase", P_("phase", "burying"), None)),
    (Phase.kings, Wording("phase", P_("phase", "burying kings"), None)),
    (Phase.points, Wording("phase", P_("phase", "play (points)"), None)),
    (Phase.done, Wording("phase", P_("phase", "hand finished"), None)),
    (Phase.match_over, Wording("phase", P_("phase", "match over"), None)),
    (NoteKind.warn, Wording("note", P_("note", "warning"), None)),
    (NoteKind.ruling, Wording("note", P_("note", "ruling"), None)),
    (NoteKind.redeal, Wording("note", P_("note", "redeal"), None)),
    (NoteKind.time, Wording("note", P_("note", "time"), None)),
    (EntryKind.event, Wording("entry", P_("entry", "event"), None)),
    (EntryKind.undo, Wording("entry", P_("entry", "undo"), None)),
    (EntryKind.void, Wording("entry", P_("entry", "void"), None)),
    (EntryKind.amend, Wording("entry", P_("entry", "amend"), None)),
    (Waiver.riot, Wording("waiver", P_("waiver", "riot"), None)),
    (Waiver.waive, Wording("waiver", P_("waiver", "waived"), None)),
    (DryReason.no_plain_trump, Wording("dry-pot", P_("dry-pot", "no trump-suit plain card"), None)),
    (DryReason.all_trump, Wording("dry-pot", P_("dry-pot", "all six cards are trumps"), None)),
    (Fixed.grab, Wording("fixed", P_("fixed", "grab"), None)),
    (Fixed.flip, Wording("fixed", P_("fixed", "flip"), None)),
    (Fixed.given, Wording("fixed", P_("fixed", "stated declarer"), None)),
    (Fixed.declared, Wording("fixed", P_("fixed", "declaration"), None)),
    (Fixed.drawn, Wording("fixed", P_("fixed", "draw"), None)),
    (Fixed.stated, Wording("fixed", P_("fixed", "stated trump"), None)),
    (TimeCall.higher, Wording("time-call", P_("time-call", "the higher level wins"), None)),
    (TimeCall.first, Wording("time-call", P_("time-call", "equal levels: the side that reached it first wins"), None)),
    (TimeCall.tie, Wording("time-call", P_("time-call", "equal levels, neither reached first: the referee rules"),
                           None)),
    (Jokers.big, Wording("jokers", P_("jokers", "big jokers"), None)),
    (Jokers.small, Wording("jokers", P_("jokers", "small jokers"), None)),
    (FlipWinner.highest, Wording("flip-winner", P_("flip-winner", "highest"), None)),
    (FlipWinner.lowest, Wording("flip-winner", P_("flip-winner", "lowest"), None)),
    (DeclarerRotation.partner, Wording("rotation", P_("rotation", "the partner declares"), None)),
    (DeclarerRotation.same, Wording("rotation", P_("rotation", "the same seat declares"), None)),
)
WORDS: dict[tuple[type, str], Wording] = {(type(c), c.value): entry for c, entry in _ROWS}


def word(code: Code, lang: str, **fields: object) -> str:
    """The short word of *code* in *lang* (a table cell, a list); *fields* fill the rule values it
    names (``top`` for ``GameEnd.passed_10``)."""
    wording = WORDS[type(code), code.value]
    return _worded(lang, wording.context, wording.short, fields)


def describe(code: Code, lang: str, **fields: object) -> str:
    """The sentence of *code* in *lang* where it has one, else its word."""
    wording = WORDS[type(code), code.value]
    if wording.long is None:
        return _worded(lang, wording.context, wording.short, fields)
    return _worded(lang, wording.context + "-long", wording.long, fields)


def _worded(lang: str, context: str, msgid: str, fields: Mapping[str, object]) -> str:
    text = _translated(lang, msgid, None, 0, None, context)
    return fill(text, lang, fields) if fields else text


# The words the message fields name by their spec (``{s:seat}``, ``{c:card}``, ``{xs:list}``; see
# ``referee.core.i18n.KINDS``): listed here so that the catalogue holds them.
FIELD_WORDS = (
    P_("seat", "E"), P_("seat", "S"), P_("seat", "W"), P_("seat", "N"),
    P_("team", "EW"), P_("team", "NS"),
    P_("suit", "S"), P_("suit", "H"), P_("suit", "C"), P_("suit", "D"),
    P_("card-suit", "S"), P_("card-suit", "H"), P_("card-suit", "C"), P_("card-suit", "D"),
    P_("card", "{rank}{suit}"), P_("card", "BJ"), P_("card", "SJ"),
    P_("cards", "none"), P_("list", ", "),
)
