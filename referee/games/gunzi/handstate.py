"""The hand being recorded: its phases, its mutable state, and the count of the cards it has shown.

What the engine's fold (``engine.Replay``) and the judges of the in-hand directives (``hand_declaring``,
``hand_tribute``, ``hand_kitty``, ``hand_points``) share. Pure: no I/O, no clock, no printing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain, compress
from operator import eq, itemgetter
from typing import Protocol

from referee.core.errors import RefereeError
from referee.core.i18n import M
from referee.games.gunzi import declaring
from referee.games.gunzi.cards import ALL_CARDS, COPIES, Card
from referee.games.gunzi.cards import POINTS as CARD_POINTS
from referee.games.gunzi.codes import DryReason, Phase
from referee.games.gunzi.directives import DIRECTIVES
from referee.games.gunzi.events import Bury, Declare, DeclarerPoints, Flip, Riot, Tribute, Trump
from referee.games.gunzi.results import HowFixed
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.seats import SEATS

# The phases of a hand, in play order: a directive may not come after one of a later phase. Which
# phase each directive belongs to is the registry's (referee.games.gunzi.directives).
HAND_PHASES = (Phase.declaring, Phase.tribute, Phase.kitty, Phase.bury, Phase.kings, Phase.points, Phase.done)
DECLARING, TRIBUTE, KITTY, BURY, KINGS, POINTS, DONE = range(len(HAND_PHASES))
PHASE_OF = {d.event: HAND_PHASES.index(d.phase) for d in DIRECTIVES if d.phase is not None}
TOTAL_POINTS = 300
CARD_KINDS = len(ALL_CARDS)


class Reject(RefereeError):
    """An event that breaks a rule: ``Reject(M(...))``; its message goes to the record's errors (worded
    in any language when shown), and the event is left out."""


class Standing(Protocol):
    """What the judge of an in-hand directive reads of the match (``engine.Replay`` has it): the rule set,
    and the levels as they stand (a hand in progress never sees them change: a settlement ends it)."""

    rules: RuleSet
    levels: dict[str, int]


def points(cards: Iterable[Card]) -> int:
    return sum(map(CARD_POINTS.__getitem__, cards))  # in C: no Python frame for a comprehension


def minus(cards: Iterable[Card], taken: Iterable[Card]) -> list[Card]:
    """The cards left after taking out one of each card in *taken* (a multiset difference)."""
    left = list(cards)
    for c in taken:
        if c in left:
            left.remove(c)
    return left


class Hand:
    """The state of the hand being recorded (mutable; lives only during a replay)."""

    __slots__ = (
        "number", "line", "game", "first_of_game", "fixed_declarer", "blood_owed", "phase", "declarer",
        "level", "trump", "grab", "declarations", "power", "flips", "draws", "stated_trump", "resolved",
        "riot", "waived", "tribute", "tribute_checked", "kitty", "kitty_line", "dry", "bury", "final", "final_points",
        "points",
        "declarer_points", "shows", "exact", "start", "errors_at", "known", "kitty_known", "total", "shown",
        "broken", "how", "small_without_big",
    )

    def __init__(self, number: int, line: int, game: int, first_of_game: bool, fixed_declarer: str | None,
                 blood_owed: int) -> None:
        self.number, self.line, self.game = number, line, game
        self.first_of_game, self.fixed_declarer, self.blood_owed = first_of_game, fixed_declarer, blood_owed
        self.phase = DECLARING
        self.declarer: str | None = None
        self.level = 3
        self.trump: str | None = None
        self.grab: Declare | None = None
        self.declarations: list[Declare] = []  # each overcalling the one before
        self.power = declaring.UNDECLARED  # the power of the last declaration
        self.flips: list[Flip] = []
        self.draws: list[Card] = []  # in the order drawn
        self.stated_trump: Trump | None = None
        self.resolved = False
        self.riot: Riot | None = None
        self.waived = False
        self.tribute: Tribute | None = None
        self.tribute_checked = False
        self.kitty: tuple[Card, ...] = ()
        self.kitty_line = 0
        self.dry: DryReason | None = None
        self.bury: Bury | None = None
        self.final: tuple[Card, ...] = ()  # the kitty as it stands (dealt, buried, with jokers added)
        self.final_points = 0
        self.points = 0
        self.declarer_points: DeclarerPoints | None = None
        # The three-deck count (``known``): each event's shown cards kept as they come, counted when the hand
        # needs it (``counts_fit``); then card by card.
        self.shows: list[tuple[str | None, tuple[Card, ...]]] = []  # (seat or None: the kitty, cards), not counted
        self.exact = False  # counted card by card as they come (the counts below, after what 'shows' holds)
        self.start = -1  # where the engine's fold met the directive that began this hand (in the events fed)
        self.errors_at = 0  # how many errors the fold held then
        self.known: dict[str, list[int]] = {}  # seat -> [n per card]: a lower bound of what the seat was dealt
        self.kitty_known = [0] * CARD_KINDS  # [n per card] of the kitty (flips and draws before it)
        self.total = [0] * CARD_KINDS  # [n per card]: all the cards known in this deal
        self.shown: dict[str, Counter[Card]] = {}  # seat -> what it holds: a hand laid open with 'show'
        self.broken = False  # a problem that stops the hand being settled was already reported
        self.how: HowFixed | None = None  # how declarer and trump were fixed, for the explanation
        self.small_without_big: str | None = None  # who buried three small jokers holding a big one (§6.3.3)

    def copy(self) -> Hand:
        """An independent copy: what the judges change in place (the lists of declarations, flips and draws,
        the counts of known cards, the shown hands) is copied, the rest (numbers, tuples, events) shared.
        What ``engine.Replay.copy`` extends without touching the hand it was taken from."""
        new = object.__new__(Hand)
        for name in Hand.__slots__:
            setattr(new, name, getattr(self, name))
        new.declarations, new.flips, new.draws = list(self.declarations), list(self.flips), list(self.draws)
        new.shows = list(self.shows)
        new.known = {seat: list(counts) for seat, counts in self.known.items()}
        new.kitty_known, new.total = list(self.kitty_known), list(self.total)
        new.shown = {seat: Counter(cards) for seat, cards in self.shown.items()}
        return new


def flips_complete(h: Hand) -> bool:
    """Every player has flipped a suited card (a joker is flipped again, §4.1.2). (As a static method of
    Replay it had no test mapped to it by the mutation run.)"""
    return {f.seat for f in h.flips if not f.card.is_joker} >= set(SEATS)


# --- card bookkeeping: no card more than three times in one deal -----------------------------------

def known(h: Hand, seat: str | None, cards: tuple[Card, ...]) -> None:
    """Raise the lower bound of what a seat (None: the kitty) holds by the cards this event shows,
    and check that no card is then known more than three times in the deal.

    Until the hand is counted exactly (``Hand.exact``: see ``counts_fit``) the cards are only kept, in order: nothing
    the engine decides reads the counts but this refusal, so the fold counts them once, when the hand needs it, and
    replays the hand card by card only when some card is then over three."""
    if not h.exact:
        h.shows.append((seat, cards))
        return
    if h.shows:
        _count_shows(h)
    over = _count(h, seat, cards)
    if over:
        h.broken = True
        over.sort(key=str)
        raise Reject(M("more than three copies of {cards:cards} in this deal (there are only three decks)",
                       cards=tuple(over)))


_CARDS = itemgetter(1)


def counts_fit(h: Hand) -> bool:
    """Whether the cards the hand has shown so far (``Hand.shows``) fit in three decks as ``known`` counts them,
    event by event; from here on the hand is counted card by card (``Hand.exact``). False: some event of the hand
    was to be refused (the engine replays the hand, counted card by card, to refuse it where it came).

    Counted first all together (in C), a card as often as any event shows it: a card shown four times or more that
    way may still fit, as ``known`` counts a seat's card as often as one event of the seat shows it (a seat that
    declares a pair, then three of that card: three known). Only such a card is then counted that way."""
    h.exact = True
    shows = h.shows
    cards = sorted(chain.from_iterable(map(_CARDS, shows)))
    fours = set(compress(cards, map(eq, cards, cards[COPIES:])))  # sorted: four of a card, the third after it
    return not fours or all(_copies(shows, c) <= COPIES for c in fours)  # the next 'known' counts the rest


def _copies(shows: list[tuple[str | None, tuple[Card, ...]]], card: Card) -> int:
    """How many times *card* is known in the deal after these events: for each seat (and the kitty), as many as
    the one of its events that shows the most of it."""
    most: dict[str | None, int] = {}
    for seat, cards in shows:
        n = cards.count(card)
        if n > most.get(seat, 0):
            most[seat] = n
    return sum(most.values())


def _count_shows(h: Hand) -> None:
    """The counts raised by each event of ``Hand.shows`` in turn (``counts_fit`` found that they fit), which it
    then empties."""
    shows, h.shows = h.shows, []
    for seat, cards in shows:
        _count(h, seat, cards)


def _count(h: Hand, seat: str | None, cards: tuple[Card, ...]) -> list[Card]:
    """The counts raised by one event's cards; the cards it makes known more than three times."""
    if not cards:
        return []
    if seat is None:
        bucket = h.kitty_known
    else:
        seen = h.known.get(seat)
        if seen is None:
            seen = h.known[seat] = [0] * CARD_KINDS
        bucket = seen
    total = h.total
    over = []
    distinct = cards if len(cards) == 1 else set(cards)
    if len(distinct) == len(cards):  # the usual case: each card once, no counting
        for c in cards:
            if not bucket[c]:
                bucket[c] = 1
                t = total[c] = total[c] + 1
                if t > COPIES:
                    over.append(c)
    else:
        for c, n in _counted(cards, distinct):
            old = bucket[c]
            if n > old:
                bucket[c] = n
                t = total[c] = total[c] + n - old
                if t > COPIES:
                    over.append(c)
    return over


def _counted(cards: tuple[Card, ...], distinct: Iterable[Card]) -> Iterable[tuple[Card, int]]:
    """Each distinct card of *cards* with how many times it is there: a short pass in C for each (a declared
    pair, a tribute, a kitty), or one pass counting them all (a shown hand holds ~25 cards: a pass per distinct
    card would be ~20 passes)."""
    if len(cards) <= 8:
        count = cards.count
        return [(c, count(c)) for c in distinct]
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts.items()
