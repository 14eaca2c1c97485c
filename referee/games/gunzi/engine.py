"""The rules engine: events in, settlements with explanations out. No I/O, no clock, no printing.

``replay`` walks the events once. Each directive is judged against the state of the match at that
point; an illegal one becomes a ``RecordError`` on its line and is left out, and replay goes on, so a
record with mistakes still shows everything that can be settled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from referee.core.errors import RefereeError
from referee.core.i18n import MN, M, Msg
from referee.games.gunzi import declaring
from referee.games.gunzi import kitty as kitty_rules
from referee.games.gunzi.cards import ALL_CARDS, BIG_JOKER, COPIES, SMALL_JOKER, Card, strength
from referee.games.gunzi.cards import POINTS as CARD_POINTS
from referee.games.gunzi.codes import DryReason, Fixed, GameEnd, NoteKind, Phase, TimeCall, Waiver
from referee.games.gunzi.directives import DIRECTIVES, keyword_of
from referee.games.gunzi.events import (
    Bury,
    Declare,
    DeclarerIs,
    DeclarerPoints,
    Draw,
    Event,
    Flip,
    HandStart,
    King,
    Kitty,
    Last,
    MatchHeader,
    Points,
    RecordError,
    Redeal,
    Riot,
    Ruling,
    SeatName,
    Show,
    TeamName,
    Time,
    Tribute,
    Trump,
    Waive,
    Warn,
    record_error,
)
from referee.games.gunzi.explain import Step
from referee.games.gunzi.results import GameResult, HandResult, HowFixed, MatchResult, Note, TableState, TributeInfo
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.seats import SEATS, other_team, team_of, upper_hand
from referee.games.gunzi.settle import HandFacts, settle

# The phases of a hand, in play order: a directive may not come after one of a later phase. Which
# phase each directive belongs to is the registry's (referee.games.gunzi.directives).
HAND_PHASES = (Phase.declaring, Phase.tribute, Phase.kitty, Phase.bury, Phase.kings, Phase.points, Phase.done)
DECLARING, TRIBUTE, KITTY, BURY, KINGS, POINTS, DONE = range(len(HAND_PHASES))
PHASE_OF = {d.event: HAND_PHASES.index(d.phase) for d in DIRECTIVES if d.phase is not None}
TOTAL_POINTS = 300
CARD_KINDS = len(ALL_CARDS)


_GIVEABLE: dict[int, frozenset[Card]] = {}


def _giveable(level: int) -> frozenset[Card]:
    """Cards that may be given in tribute at a level (§5.2): no point cards, except the 5s at
    level 5 and the 10s at level 10; never a K."""
    cards = _GIVEABLE.get(level)
    if cards is None:
        cards = _GIVEABLE[level] = frozenset(
            c for c in ALL_CARDS
            if (c.rank != 13 or c.is_joker) and (c.points == 0 or (c.rank == level and level in (5, 10))))
    return cards


def _points(cards: Iterable[Card]) -> int:
    return sum([CARD_POINTS[c] for c in cards])


def _minus(cards: Iterable[Card], taken: Iterable[Card]) -> list[Card]:
    """The cards left after taking out one of each card in *taken* (a multiset difference)."""
    left = list(cards)
    for c in taken:
        if c in left:
            left.remove(c)
    return left


class Reject(RefereeError):
    """An event that breaks a rule: ``Reject(M(...))``; its message goes to the record's errors (worded
    in any language when shown), and the event is left out."""


def _either(cards: Sequence[Card]) -> Msg:
    """Cards any one of which will do, as a message field: ``3S or 3H`` / ``黑桃3或红桃3``."""
    msg = M("{card:card}", card=cards[0])
    for c in cards[1:]:
        msg = M("{either} or {card:card}", either=msg, card=c)
    return msg


def _not_a_multiple(points: int) -> Reject:
    """Trick points come in fives (§7: P is a multiple of 5)."""
    return Reject(M("{points} is not a multiple of 5: points come from 5s, 10s and Ks", points=points))


class Hand:
    """The state of the hand being recorded (mutable; lives only during a replay)."""

    __slots__ = (
        "number", "line", "game", "first_of_game", "fixed_declarer", "blood_owed", "phase", "declarer",
        "level", "trump", "grab", "declarations", "power", "flips", "draws", "stated_trump", "resolved",
        "riot", "waived", "tribute", "tribute_checked", "kitty", "kitty_line", "dry", "bury", "final", "final_points",
        "points",
        "declarer_points", "known", "kitty_known", "total", "shown", "broken", "how", "small_without_big",
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
        self.known: dict[str, list[int]] = {}  # seat -> [n per card]: a lower bound of what the seat was dealt
        self.kitty_known = [0] * CARD_KINDS  # [n per card] of the kitty (flips and draws before it)
        self.total = [0] * CARD_KINDS  # [n per card]: all the cards known in this deal
        self.shown: dict[str, Counter[Card]] = {}  # seat -> what it holds: a hand laid open with 'show'
        self.broken = False  # a problem that stops the hand being settled was already reported
        self.how: HowFixed | None = None  # how declarer and trump were fixed, for the explanation
        self.small_without_big: str | None = None  # who buried three small jokers holding a big one (§6.3.3)


class Replay:
    def __init__(self, rules: RuleSet, explain: bool = False) -> None:
        self.rules = rules
        self.explain = explain  # keep each settlement's steps in its hand (HandResult.settle_steps)
        self.errors: list[RecordError] = []
        self.notes: list[Note] = []
        self.header: MatchHeader | None = None
        self.teams: dict[str, str] = {}
        self.seats: dict[str, str] = {}
        self.hands: list[HandResult] = []
        self.games: list[GameResult] = []
        self.games_won = {"EW": 0, "NS": 0}
        self.game = 1
        self.levels = {"EW": rules.start_level, "NS": rules.start_level}
        self.reached = {"EW": 0, "NS": 0}  # hand number at which each side reached its level
        self.next_declarer: str | None = None
        self.blood = 0
        self.hand_number = 0
        self.hand: Hand | None = None
        self.ledger = {"EW": 0, "NS": 0}
        self.warnings = {"EW": 0, "NS": 0}
        self.match_over = False
        self.winner: str | None = None
        self.forfeit = False
        self.awaiting_ruling = False
        self.pending_time: Step | None = None  # the time call of a game that awaits a ruling
        self.skipping = False  # inside a hand that was refused: its directives are not judged again
        self.seen_first_hand = False

    # --- driver ------------------------------------------------------------------------------

    def run(self, events: Sequence[Event]) -> MatchResult:
        if events and not isinstance(events[0], MatchHeader):
            self.errors.append(RecordError(events[0].line, M("the record must start with 'match id=…'")))
        in_match, in_hand, phases = MATCH_HANDLERS, HAND_HANDLERS, PHASE_OF
        for ev in events:
            kind = type(ev)
            try:
                phase = phases.get(kind)
                if phase is None:  # not tied to a phase of the hand
                    in_match[kind](self, ev)
                    continue
                h = self.hand
                if h is None or self.skipping or phase != h.phase or phase == DONE:
                    h = self._enter(ev, phase)
                    if h is None:
                        continue
                in_hand[kind](self, h, ev)
            except Reject as e:
                self.errors.append(record_error(ev.line, e))
        return self.result()

    # --- match-level directives ---------------------------------------------------------------

    def on_match(self, ev: MatchHeader) -> None:
        if self.header is not None:
            raise Reject(M("a second 'match' header (the first is at line {line})", line=self.header.line))
        self.header = ev

    def _before_hands(self, ev: Event) -> None:
        if self.seen_first_hand:
            raise Reject(M("out of order: '{keyword}' belongs before the first hand", keyword=keyword_of(ev)))

    def on_team(self, ev: TeamName) -> None:
        self._before_hands(ev)
        self.teams[ev.team] = ev.name

    def on_seat(self, ev: SeatName) -> None:
        self._before_hands(ev)
        self.seats[ev.seat] = ev.name

    def on_hand(self, ev: HandStart) -> None:
        self.seen_first_hand = True
        self._abandon_open_hand(ev.line)
        if self.match_over:
            self.skipping = True
            raise Reject(M("the match is over ({winner:team} won): no more hands", winner=self.winner))
        if self.awaiting_ruling:
            self.skipping = True
            raise Reject(M("game {game} ended on time with the levels tied: record a 'ruling' first", game=self.game))
        self.skipping = False
        self.hand_number += 1
        first = self.next_declarer is None
        self.hand = Hand(self.hand_number, ev.line, self.game, first, self.next_declarer,
                         0 if first else self.blood)

    def _abandon_open_hand(self, line: int) -> None:
        h = self.hand
        if h is not None and h.phase != DONE:
            self.errors.append(RecordError(h.line, M(
                "hand {hand} has no 'last' before line {line}: it is not settled", hand=h.number, line=line)))
        self.hand = None

    def on_warn(self, ev: Warn) -> None:
        team = team_of(ev.seat)
        if self.match_over:
            raise Reject(M("the match is over: no more warnings"))
        self.warnings[team] += 1
        self.notes.append(Note(NoteKind.warn, ev.line, self.game, self._hand_no(), ev.seat, team, ev.text))
        limit = self.rules.warnings_limit
        if limit and self.warnings[team] >= limit:
            win = other_team(team)
            step = Step("game.forfeit", "match.warnings_limit · §8.1", (team, limit, win, self.rules.games_to_win))
            self.games.append(GameResult(self.game, win, GameEnd.forfeit, self._hand_no(), ev.line, (step,)))
            self.games_won = {win: self.rules.games_to_win, team: 0}
            self._end_match(win, forfeit=True)

    def on_time(self, ev: Time) -> None:
        if not self.rules.time_limit_minutes:
            raise Reject(M("the {rules} rules have no time limit (match.time_limit_minutes = 0)",
                           rules=self.rules.name))
        if self.match_over:
            raise Reject(M("the match is over"))
        if self.hand is not None and self.hand.phase != DONE:
            raise Reject(M("time is called between hands: hand {hand} is not finished "
                           "(record its last trick, or 'redeal')",
                           hand=self.hand.number))
        if self.awaiting_ruling:
            raise Reject(M("time was already called in this game"))
        self.notes.append(Note(NoteKind.time, ev.line, self.game, self._hand_no()))
        ew, ns = self.levels["EW"], self.levels["NS"]
        if ew != ns:
            win, why = ("EW" if ew > ns else "NS"), TimeCall.higher
        elif self.reached["EW"] != self.reached["NS"]:
            win, why = ("EW" if self.reached["EW"] < self.reached["NS"] else "NS"), TimeCall.first
        else:
            self.awaiting_ruling = True
            self.pending_time = Step("game.time", "match.time_limit_minutes · §7.3.5", (TimeCall.tie,))
            return
        step = Step("game.time", "match.time_limit_minutes · §7.3.5", (why,))
        self._end_game(win, GameEnd.time, ev.line, (step,))

    def on_ruling(self, ev: Ruling) -> None:
        if self.match_over:
            raise Reject(M("the match is over: a ruling cannot change it here; correct the record instead"))
        self.notes.append(Note(NoteKind.ruling, ev.line, self.game, self._hand_no(), None, ev.winner, ev.text))
        if self.hand is not None and self.hand.phase != DONE:
            self.hand = None  # the hand in progress is not played out
        steps: tuple[Step, ...] = (Step("game.ruling", "§8.2", (ev.winner, ev.text)),)
        if self.awaiting_ruling and self.pending_time is not None:
            steps = (self.pending_time, *steps)
        self._end_game(ev.winner, GameEnd.ruling, ev.line, steps)

    def on_redeal(self, ev: Redeal) -> None:
        h = self.hand
        if h is None or self.skipping:
            raise Reject(M("'redeal' belongs inside a hand"))
        if h.phase == DONE:
            raise Reject(M("hand {hand} is already settled: it cannot be redealt", hand=h.number))
        self.notes.append(Note(NoteKind.redeal, ev.line, self.game, h.number))
        self.hand = Hand(h.number, h.line, h.game, h.first_of_game, h.fixed_declarer, h.blood_owed)

    def on_show(self, ev: Show) -> None:
        h = self._in_hand(ev)
        if h is None:
            return
        # What the seat was dealt includes what it shows, less what it has received since the deal
        # (the declarer: tribute and kitty), plus what it has given away (the giver: the tribute).
        dealt = ev.cards
        t = h.tribute
        if ev.seat == h.declarer:
            received = list(t.cards) if t else []
            if h.bury is not None:
                received += h.kitty
            dealt = tuple(_minus(dealt, received))
        elif t is not None and ev.seat == t.seat:
            dealt = dealt + t.cards
        self._known(h, ev.seat, dealt)
        h.shown[ev.seat] = Counter(ev.cards)  # what the seat holds now

    # --- in-hand directives ------------------------------------------------------------------

    def _hand_no(self) -> int | None:
        return self.hand.number if self.hand else (self.hand_number or None)

    def _in_hand(self, ev: Event) -> Hand | None:
        if self.skipping:
            return None
        h = self.hand
        if h is None:
            raise Reject(M("'{keyword}' outside a hand: start the hand with 'hand'", keyword=keyword_of(ev)))
        return h

    def _enter(self, ev: Event, phase: int) -> Hand | None:
        """Checks the phase order and moves the hand on to the event's phase; None when the hand is
        being skipped. (``run`` calls this only when the event does not continue the current phase.)"""
        h = self._in_hand(ev)
        if h is None:
            return None
        if h.phase == DONE:  # before the same-phase shortcut: a second 'last' is as late as any
            raise Reject(M("out of order: hand {hand} is over; '{keyword}' comes before 'last'",
                           hand=h.number, keyword=keyword_of(ev)))
        if phase == h.phase:
            return h
        if phase < h.phase:
            raise Reject(M("out of order: '{keyword}' comes before the {phase} of hand {hand}",
                           keyword=keyword_of(ev), phase=HAND_PHASES[h.phase], hand=h.number))
        if phase > DECLARING and not h.resolved:
            self._soft(self._resolve_declaring, h, ev.line)
        if phase > TRIBUTE and not h.tribute_checked and h.declarer is not None:
            self._soft(self._close_tribute, h, ev.line)
        h.phase = phase
        return h

    def _soft(self, check: Callable[[Hand], None], h: Hand, line: int) -> None:
        """A problem found on the way to a later phase is reported there, and the event still counts."""
        try:
            check(h)
        except Reject as e:
            self.errors.append(record_error(line, e))

    def on_declarer(self, h: Hand, ev: DeclarerIs) -> None:
        if h.fixed_declarer is not None and ev.seat != h.fixed_declarer:
            raise Reject(M("the declarer of hand {hand} is {fixed:seat} by the last hand's result, not {seat:seat}",
                           hand=h.number, fixed=h.fixed_declarer, seat=ev.seat))
        if h.first_of_game and (h.grab or h.flips):
            raise Reject(M("the grab or the flips already fix this hand's declarer"))
        h.declarer = ev.seat

    def on_declare(self, h: Hand, ev: Declare) -> None:
        self._known(h, ev.seat, ev.cards)
        if h.first_of_game:
            if h.grab is not None:  # whatever is shown after it (§4.1.1: a grab cannot be overcalled)
                raise Reject(M("{seat:seat} already grabbed at line {line}: a grab cannot be overcalled",
                               seat=h.grab.seat, line=h.grab.line))
            if ev.cards != (BIG_JOKER,) or ev.as_suit:
                raise Reject(M("in a game's first hand only one big joker grabs (抢亮大王); level cards declare "
                               "from the second hand on"))
            if h.flips or h.declarer:
                raise Reject(M("out of order: the grab comes before any flip or 'declarer'"))
            h.grab = ev
            return
        if h.draws:
            raise Reject(M("out of order: declarations come before a draw from the kitty"))
        assert h.fixed_declarer is not None  # a later hand's declarer is fixed by the hand before
        level = self.levels[team_of(h.fixed_declarer)]
        try:
            power = declaring.strength(ev.cards, level, ev.as_suit)
        except declaring.DeclarationError as e:
            raise Reject(e.msg) from None
        if not declaring.beats(power, h.power):
            old = h.declarations[-1]
            raise Reject(M("{cards:cards} does not beat {seat:seat}'s {old:cards} (line {line}): an overcall "
                           "needs more identical cards, or three small jokers over three level cards, three "
                           "big over three small",
                           cards=ev.cards, seat=old.seat, old=old.cards, line=old.line))
        h.declarations.append(ev)
        h.power = power

    def on_flip(self, h: Hand, ev: Flip) -> None:
        if not h.first_of_game:
            raise Reject(M("flips decide only a game's first hand; later hands have a fixed declarer"))
        if h.grab is not None:
            raise Reject(M("{seat:seat} grabbed at line {line}: nobody flips", seat=h.grab.seat, line=h.grab.line))
        if h.declarer:
            raise Reject(M("the declarer is already stated: nobody flips"))
        if not ev.card.is_joker and any(f.seat == ev.seat and not f.card.is_joker for f in h.flips):
            raise Reject(M("{seat:seat} has already flipped (only a joker is flipped again)", seat=ev.seat))
        h.flips.append(ev)
        self._known(h, None, (ev.card,))

    def on_draw(self, h: Hand, ev: Draw) -> None:
        if h.first_of_game:
            raise Reject(M("a draw fixes trump only in later hands; the first hand grabs or flips"))
        if h.declarations:
            raise Reject(M("somebody declared: there is no draw"))
        cards = [*h.draws, *ev.cards]
        suited = [i for i, c in enumerate(cards) if not c.is_joker]
        if suited and suited[0] != len(cards) - 1:
            raise Reject(M("the draw stops at the first suited card ({card:card})", card=cards[suited[0]]))
        if len(cards) >= 6 and not suited:
            raise Reject(M("six jokers drawn: the kitty is all jokers and the hand is dealt again ('redeal')"))
        h.draws.extend(ev.cards)
        self._known(h, None, ev.cards)

    def on_trump(self, h: Hand, ev: Trump) -> None:
        if h.stated_trump is not None:
            raise Reject(M("trump is already stated at line {line}",
                           line=h.stated_trump.line))
        h.stated_trump = ev

    def _resolve_declaring(self, h: Hand) -> None:
        """Fix declarer and trump at the first directive after declaring."""
        h.resolved = True
        stated = h.stated_trump
        if h.first_of_game:
            if h.grab is not None:
                h.declarer = h.grab.seat
                if stated is None:
                    h.broken = True
                    raise Reject(M("{seat:seat} grabbed: record the trump suit drawn next ('trump SUIT')",
                                   seat=h.grab.seat))
                h.trump = stated.suit
                h.how = HowFixed(Fixed.grab, h.grab.seat)
            elif h.flips:
                seats_flipped = {f.seat for f in h.flips if not f.card.is_joker}
                missing = [s for s in SEATS if s not in seats_flipped]
                if missing:
                    h.broken = True
                    raise Reject(M("every player flips a card: no flip from {seats:seats}", seats=tuple(missing)))
                won = declaring.flip_winner(h.flips, self.rules.flip_winner)
                h.declarer, h.trump = won.seat, won.card.suit
                h.level = self.levels[team_of(won.seat)]
                h.how = HowFixed(Fixed.flip, won.seat, tuple(f.card for f in h.flips))
                if stated is not None and stated.suit != won.card.suit:
                    raise Reject(M("the flip makes {suit:suit} trump, not {stated:suit} (line {line})",
                                   suit=won.card.suit, stated=stated.suit, line=stated.line))
            elif h.declarer is not None:
                if stated is None:
                    h.broken = True
                    raise Reject(M("record the trump suit of the first hand ('trump SUIT')"))
                h.trump = stated.suit
                h.how = HowFixed(Fixed.given, h.declarer)
            else:
                h.broken = True
                raise Reject(M("hand {hand} is a game's first hand: record a grab ('declare SEAT BJ'), "
                               "four flips, or 'declarer SEAT'",
                               hand=h.number))
        else:
            assert h.fixed_declarer is not None  # a later hand's declarer is fixed by the hand before
            h.declarer = h.fixed_declarer
            h.level = self.levels[team_of(h.declarer)]
            if h.declarations:
                ev = h.declarations[-1]
                h.trump = h.power.suit
                h.how = HowFixed(Fixed.declared, ev.seat, ev.cards)
                if stated is not None and stated.suit != h.trump:
                    raise Reject(M("trump is {suit:suit} by the declaration at line {line}, not {stated:suit}",
                                   suit=h.trump, line=ev.line, stated=stated.suit))
            elif h.draws:
                h.trump = h.draws[-1].suit if not h.draws[-1].is_joker else None
                if h.trump is None:
                    h.broken = True
                    raise Reject(M("the draw ended on a joker: draw on to the first suited card"))
                h.how = HowFixed(Fixed.drawn, h.declarer, tuple(h.draws))
                if stated is not None and stated.suit != h.trump:
                    raise Reject(M("the draw makes {suit:suit} trump, not {stated:suit}",
                                   suit=h.trump, stated=stated.suit))
            elif stated is not None:
                h.trump = stated.suit
                h.how = HowFixed(Fixed.stated)
            else:
                h.broken = True
                raise Reject(M("hand {hand} has no trump: record declarations, a 'draw' or 'trump SUIT'",
                               hand=h.number))
        h.level = self.levels[team_of(h.declarer)]

    # --- tribute ------------------------------------------------------------------------------

    def _giver(self, h: Hand) -> str:
        """The declarer's upper hand (上家), who pays the blood (§5.2). Called once the declarer is known:
        on_riot and on_tribute return before while it is not, _close_tribute and _settle run after."""
        assert h.declarer is not None
        return upper_hand(h.declarer)

    def on_riot(self, h: Hand, ev: Riot) -> None:
        if not self.rules.riot:
            raise Reject(M("riot (暴动) is not part of the {rules} rules (tribute.riot = false)",
                           rules=self.rules.name))
        if h.declarer is None:
            return
        paying = team_of(self._giver(h))
        if team_of(ev.seat) != paying:
            raise Reject(M("only the paying side ({team:team}) riots; {seat:seat} is on the receiving side",
                           team=paying, seat=ev.seat))
        if len(ev.cards) != 3 or ev.cards[0] not in (BIG_JOKER, SMALL_JOKER) or len(set(ev.cards)) != 1:
            raise Reject(M("a riot shows three big jokers or three small jokers"))
        if h.tribute is not None:
            raise self._tribute_given(h.tribute)
        self._known(h, ev.seat, ev.cards)
        if not h.blood_owed:
            raise Reject(M("no blood is owed this hand: a riot has nothing to waive"))
        h.riot = ev

    def on_waive(self, h: Hand, ev: Waive) -> None:
        if h.tribute is not None:
            raise self._tribute_given(h.tribute)
        if not h.blood_owed:
            raise Reject(M("no blood is owed this hand: there is nothing to waive"))
        h.waived = True

    @staticmethod
    def _tribute_given(tribute: Tribute) -> Reject:
        """A riot or a waiver after the tribute was given."""
        return Reject(M("out of order: the tribute was already given at line {line}", line=tribute.line))

    def on_tribute(self, h: Hand, ev: Tribute) -> None:
        if h.declarer is None:
            return
        giver, owed = self._giver(h), h.blood_owed
        if h.riot is not None:
            raise Reject(M("the tribute is waived by the riot at line {line}",
                           line=h.riot.line))
        if h.waived:
            raise Reject(M("the tribute is waived ('waive')"))
        if h.tribute is not None:
            raise Reject(M("the tribute was already given at line {line}",
                           line=h.tribute.line))
        if ev.seat != giver:
            raise Reject(M("the tribute comes from {giver:seat}, the upper hand (上家) of the declarer "
                           "{declarer:seat}, not from {seat:seat}",
                           giver=giver, declarer=h.declarer, seat=ev.seat))
        if len(ev.cards) != owed:
            if owed == 0:
                raise Reject(MN("no blood is owed this hand; {n} card given",
                                "no blood is owed this hand; {n} cards given", len(ev.cards)))
            raise Reject(MN("{giver:seat} owes {owed} blood to {declarer:seat}; {n} card given",
                            "{giver:seat} owes {owed} blood to {declarer:seat}; {n} cards given", len(ev.cards),
                            giver=giver, owed=owed, declarer=h.declarer))
        giveable = _giveable(h.level)
        for c in ev.cards:
            if c not in giveable:
                raise Reject(M("{card:card} is a point card: point cards are not given in tribute "
                               "(only the 5s at level 5 and the 10s at level 10; Ks never)", card=c))
        shown = h.shown.get(giver)
        if shown:
            self._check_largest(h, giver, ev.cards, shown)
            shown.subtract(ev.cards)  # the giver holds them no more
        held = h.shown.get(h.declarer)
        if held:
            held.update(ev.cards)  # and the declarer does
        self._known(h, giver, ev.cards)
        h.tribute = ev

    def _check_largest(self, h: Hand, giver: str, given: tuple[Card, ...], shown: Counter[Card]) -> None:
        rest = Counter(shown)
        for c in given:
            if rest[c] <= 0:
                raise Reject(M("{giver:seat}'s shown hand has no {card:card} to give", giver=giver, card=c))
            rest[c] -= 1
        giveable = _giveable(h.level)
        kept = [c for c, n in rest.items() if n > 0 and c in giveable]
        if not kept:
            return
        weakest = min(given, key=lambda c: strength(c, h.level, h.trump))
        best = max(kept, key=lambda c: strength(c, h.level, h.trump))
        if strength(best, h.level, h.trump) > strength(weakest, h.level, h.trump):
            raise Reject(M("{giver:seat} gave {weakest:card} but holds {best:card}: the tribute is the giver's "
                           "largest cards (§5.2)",
                           giver=giver, weakest=weakest, best=best))

    def _close_tribute(self, h: Hand) -> None:
        h.tribute_checked = True
        giver, owed = self._giver(h), h.blood_owed
        if owed and h.riot is None and not h.waived and h.tribute is None:
            raise Reject(M("{giver:seat} owes {owed} blood to {declarer:seat}: no tribute recorded before the kitty "
                           "(record 'tribute', 'riot' or 'waive')",
                           giver=giver, owed=owed, declarer=h.declarer))

    # --- kitty --------------------------------------------------------------------------------

    def on_kitty(self, h: Hand, ev: Kitty) -> None:
        if h.kitty_line:
            raise Reject(M("the kitty was already recorded at line {line}",
                           line=h.kitty_line))
        h.kitty, h.kitty_line = ev.cards, ev.line
        h.final, h.final_points = ev.cards, _points(ev.cards)
        if len(ev.cards) != 6:
            h.broken = True
            raise Reject(M("the kitty holds 6 cards; {given} given",
                           given=len(ev.cards)))
        if h.flips or h.draws:  # cards turned from the kitty that it does not hold
            flipped, drawn = _minus([f.card for f in h.flips], ev.cards), _minus(h.draws, ev.cards)
            if flipped or drawn:  # the kitty as recorded cannot be the one dealt: the hand cannot be settled
                h.broken = True
            if flipped:
                raise Reject(M("{card:card} was flipped from the kitty but is not in it", card=flipped[0]))
            if drawn:
                raise Reject(M("{card:card} was drawn from the kitty but is not in it", card=drawn[0]))
        self._known(h, None, ev.cards)
        if h.trump is None or h.declarer is None:
            return
        h.dry = kitty_rules.dry_pot(ev.cards, h.level, h.trump, self.rules.dry_pot)

    def on_bury(self, h: Hand, ev: Bury) -> None:
        if not h.kitty_line:
            raise Reject(M("out of order: 'bury' comes after the 'kitty'"))
        if h.bury is not None:
            raise Reject(M("the kitty was already buried at line {line}",
                           line=h.bury.line))
        if h.dry:
            raise Reject(M("dry pot (干锅): the kitty stays as dealt; the declarer does not exchange it"))
        if len(ev.cards) != 6:
            raise Reject(M("the declarer buries 6 cards; {given} given",
                           given=len(ev.cards)))
        tribute = h.tribute.cards if h.tribute else ()
        own = _minus(ev.cards, h.kitty + tribute)  # what came from the declarer's dealt hand
        # a hand laid open: what the declarer holds (tribute included)
        held = h.shown.get(h.declarer) if h.declarer is not None else None
        if held:
            pool = (*h.kitty, *held.elements())
            lacking = _minus(ev.cards, pool)
            if lacking:
                raise Reject(M("the declarer's shown hand has no {cards:cards}",
                               cards=tuple(sorted(lacking, key=str))))
        else:
            pool = h.kitty + tribute
        if SMALL_JOKER in ev.cards and ev.cards.count(BIG_JOKER) < min(pool.count(BIG_JOKER), COPIES):
            if not self._three_small(ev.cards):
                raise self._big_first(M("big jokers are buried before small ones (§6.3.2): a big joker is held"))
            h.small_without_big = h.declarer
        if own:
            self._known(h, h.declarer, tuple(own))
        h.bury = ev
        h.final, h.final_points = ev.cards, _points(ev.cards)

    def _three_small(self, cards: tuple[Card, ...]) -> bool:
        """Whether burying *cards* takes the exception of §6.3.3: three small jokers need no big joker
        buried first (``kitty.three_small_jokers_without_big``)."""
        return self.rules.three_small_jokers_without_big and cards.count(SMALL_JOKER) == COPIES

    def _big_first(self, refusal: Msg) -> Reject:
        """The refusal of small jokers buried while a big joker is held (§6.3.2), naming the exception of
        §6.3.3 and whether the rule set makes it."""
        if self.rules.three_small_jokers_without_big:
            return Reject(M("{refusal}; only three small jokers may be buried without the big ones "
                            "(kitty.three_small_jokers_without_big, §6.3.3)",
                            refusal=refusal))
        return Reject(M("{refusal}; the {rules} rules make no exception for three small jokers "
                        "(kitty.three_small_jokers_without_big = false, §6.3.3)",
                        refusal=refusal, rules=self.rules.name))

    def on_king(self, h: Hand, ev: King) -> None:
        if not h.kitty_line:
            raise Reject(M("out of order: 'king' comes after the 'kitty'"))
        if h.dry:
            raise Reject(M("dry pot (干锅): nobody may bury jokers into the kitty"))
        if ev.seat == h.declarer:
            raise Reject(M("the declarer buries with 'bury'; 'king' is for the other players"))
        if any(not c.is_joker for c in ev.jokers):
            raise Reject(M("'king' buries jokers only"))
        if len(ev.take) != len(ev.jokers):
            raise Reject(M("one card comes out for each joker: {buried} buried, {taken} taken",
                           buried=len(ev.jokers), taken=len(ev.take)))
        shown = h.shown.get(ev.seat)
        if shown and SMALL_JOKER in ev.jokers and ev.jokers.count(BIG_JOKER) < shown[BIG_JOKER]:
            if not self._three_small(ev.jokers):
                raise self._big_first(M(
                    "{seat:seat} holds a big joker: big jokers are buried before small ones (§6.3.2)", seat=ev.seat))
            h.small_without_big = ev.seat
        kitty = list(h.final)
        for c in ev.take:
            lows = kitty_rules.smallest(kitty, h.level, h.trump)
            if not lows:
                raise Reject(M("no card can come out of the kitty (only point cards and jokers are left): "
                               "nobody may bury jokers (§6.4.2)"))
            if c not in lows:
                raise Reject(M("{card:card} cannot come out: the smallest card in the kitty is {lows} "
                               "(non-trump before trump, never a point card or a joker; §6.4.1, §2.3)",
                               card=c, lows=_either(lows)))
            kitty.remove(c)
        self._known(h, ev.seat, ev.jokers)
        if shown:
            shown.subtract(ev.jokers)  # now in the kitty
        h.final = (*kitty, *ev.jokers)  # jokers carry no points: final_points stands

    # --- points and the last trick ------------------------------------------------------------

    def on_points(self, h: Hand, ev: Points) -> None:
        if ev.points % 5:
            raise _not_a_multiple(ev.points)
        most = TOTAL_POINTS - h.final_points
        if h.points + ev.points > most:
            raise Reject(M("more points than exist: {taken} taken, but the kitty holds {kitty} of the {all}, "
                           "so at most {most}",
                           taken=h.points + ev.points, kitty=TOTAL_POINTS - most, all=TOTAL_POINTS, most=most))
        dp = h.declarer_points
        if dp is not None and h.points + ev.points + dp.points + h.final_points > TOTAL_POINTS:
            raise self._over_300(h.points + ev.points, dp.points, h.final_points)
        h.points += ev.points

    def on_declarer_points(self, h: Hand, ev: DeclarerPoints) -> None:
        if ev.points % 5:
            raise _not_a_multiple(ev.points)
        if h.declarer_points is not None:
            raise Reject(M("declarer-points already given at line {line}", line=h.declarer_points.line))
        if h.points + ev.points + h.final_points > TOTAL_POINTS:
            raise self._over_300(h.points, ev.points, h.final_points)
        h.declarer_points = ev

    @staticmethod
    def _over_300(defenders: int, declarers: int, kitty: int) -> Reject:
        """Trick points of both sides and the kitty's beyond the 300 there are (§1.5): refused at the entry
        that makes it impossible, not at the last trick."""
        return Reject(M("more points than exist: defenders {defenders} + declarers {declarers} + kitty {kitty} = "
                        "{total}, more than the {all} of the three decks (§1.5)",
                        defenders=defenders, declarers=declarers, kitty=kitty, total=defenders + declarers + kitty,
                        all=TOTAL_POINTS))

    def on_last(self, h: Hand, ev: Last) -> None:
        if not h.kitty_line and not h.broken:  # (the hand is over: nothing reads 'broken' after this line)
            raise Reject(M("hand {hand} has no 'kitty': it cannot be settled", hand=h.number))
        if h.broken or h.declarer is None or h.trump is None:
            return
        kitty_pts = h.final_points
        dp = h.declarer_points
        if dp is not None and h.points + dp.points + kitty_pts != TOTAL_POINTS:
            total = h.points + dp.points + kitty_pts
            self.errors.append(RecordError(dp.line, M(
                "points do not add up: defenders {defenders} + declarers {declarers} + kitty {kitty} = "
                "{total}, not {all}",
                defenders=h.points, declarers=dp.points, kitty=kitty_pts, total=total, all=TOTAL_POINTS)))
        self._settle(h, ev, h.declarer)

    def _settle(self, h: Hand, ev: Last, declarer: str) -> None:
        rules = self.rules
        big = h.final.count(BIG_JOKER)
        small = h.final.count(SMALL_JOKER)
        facts = HandFacts(declarer, self.levels, h.points, h.final_points, big, small,
                          bool(h.dry), ev.dug)
        s = settle(facts, rules, self.explain)
        decl_team = team_of(declarer)
        tribute_info = None
        giver = self._giver(h)
        ledger = s.ledger_change  # settle's own fresh dicts: taken over, not copied
        if h.blood_owed or h.tribute or h.riot or h.waived:
            waived = Waiver.riot if h.riot else (Waiver.waive if h.waived else None)
            cards = h.tribute.cards if h.tribute else ()
            riot = h.riot
            tribute_info = TributeInfo(giver, declarer, h.blood_owed, cards, waived,
                                       riot.seat if riot else None, riot.cards if riot else ())
            if cards and rules.ledger_tribute:
                amount = len(cards) * rules.ledger_tribute
                ledger[decl_team] += amount
                ledger[other_team(decl_team)] -= amount
        levels = s.levels_after
        for t in ("EW", "NS"):
            self.ledger[t] += ledger[t]
            if levels[t] != self.levels[t]:
                self.reached[t] = h.number
        self.levels = levels  # never changed in place: each settlement or new game makes a new dict
        h.phase = DONE
        # In field order, not by keyword (as settle makes its Settlement): a named tuple's __new__ matches 36
        # keywords one by one, a tenth of this method.
        self.hands.append(HandResult(
            h.number, h.game, h.line, declarer, decl_team,  # hand, game, line, declarer, declarer_team
            h.level, h.trump, tribute_info, h.kitty, h.final,  # level, trump, tribute, kitty, final_kitty
            bool(h.dry), s.kitty_points, facts.kitty_points,  # dry_pot, kitty_points, kitty_points_physical
            s.big_jokers, s.small_jokers, h.points, ev.dug, s.score,  # big_jokers, small_jokers, points, dug, score
            s.outcome, s.level_change, levels, s.blood,  # outcome, level_change, levels_after, blood
            s.blood_kings, s.blood_score, s.blood_giver,  # blood_kings, blood_score, blood_giver
            s.next_declarer, s.game_winner, s.game_reason,  # next_declarer, game_winner, game_reason
            ledger, dict(self.ledger), facts.levels, h.how,  # ledger_change, ledger, levels_before, how
            h.dry, rules, h.small_without_big,  # dry_reason, rules, small_without_big
            s.steps if self.explain else None,  # settle_steps
        ))
        if s.game_winner is not None:
            assert s.game_reason is not None  # settle gives a game's winner and its reason together
            self._end_game(s.game_winner, s.game_reason, ev.line, ())
        else:
            self.next_declarer, self.blood = s.next_declarer, s.blood

    # --- games and the match ------------------------------------------------------------------

    def _end_game(self, winner: str, reason: GameEnd, line: int, steps: tuple[Step, ...]) -> None:
        last = self.hands[-1].hand if self.hands and self.hands[-1].game == self.game else None
        self.games.append(GameResult(self.game, winner, reason, last, line, steps))
        self.games_won[winner] += 1
        self.awaiting_ruling = False
        # A game that ends off the table (time, ruling) voids the next hand's blood and declarer.
        if self.hands and self.hands[-1].game == self.game and self.hands[-1].next_declarer is not None:
            self.hands[-1] = self.hands[-1]._replace(blood=0, blood_giver=None, next_declarer=None)
        if self.games_won[winner] >= self.rules.games_to_win:
            self._end_match(winner)
            return
        self.game += 1
        self.levels = {"EW": self.rules.start_level, "NS": self.rules.start_level}
        self.reached = {"EW": 0, "NS": 0}
        self.next_declarer, self.blood = None, 0

    def _end_match(self, winner: str, forfeit: bool = False) -> None:
        self.match_over, self.winner, self.forfeit = True, winner, forfeit
        self.hand = None if (self.hand and self.hand.phase != DONE) else self.hand

    # --- card bookkeeping: no card more than three times in one deal ---------------------------

    def _known(self, h: Hand, seat: str | None, cards: tuple[Card, ...]) -> None:
        """Raise the lower bound of what a seat (None: the kitty) holds by the cards this event shows,
        and check that no card is then known more than three times in the deal."""
        if not cards:
            return
        if seat is None:
            bucket = h.kitty_known
        else:
            seen = h.known.get(seat)
            if seen is None:
                seen = h.known[seat] = [0] * CARD_KINDS
            bucket = seen
        total = h.total
        over = []
        for c in set(cards):
            n = cards.count(c)
            old = bucket[c]
            if n > old:
                bucket[c] = n
                t = total[c] = total[c] + n - old
                if t > COPIES:
                    over.append(c)
        if over:
            h.broken = True
            over.sort(key=str)
            raise Reject(M("more than three copies of {cards:cards} in this deal (there are only three decks)",
                           cards=tuple(over)))

    # --- the result ---------------------------------------------------------------------------

    def result(self) -> MatchResult:
        if self.header is None and not self.errors:
            self.errors.append(RecordError(0, M("the record has no 'match id=…' header")))
        return MatchResult(
            header=self.header, rules=self.rules.name, teams=dict(self.teams), seats=dict(self.seats),
            hands=tuple(self.hands), games=tuple(self.games), winner=self.winner, games_won=dict(self.games_won),
            errors=tuple(sorted(self.errors, key=lambda e: e.line)), notes=tuple(self.notes),
            state=self.state(), forfeit=self.forfeit, ledger=dict(self.ledger),
            ledger_headline=self.rules.ledger_headline, top_level=self.rules.top_level,
        )

    def state(self) -> TableState:
        h = self.hand
        if h is not None and (h.phase == DONE or self.skipping):
            h = None  # no hand in progress
        expected: tuple[str, ...]
        if self.match_over:
            phase, expected = Phase.match_over, ()
        elif self.awaiting_ruling:
            phase, expected = Phase.between_hands, ("ruling",)
        elif h is None:
            phase = Phase.between_hands
            expected = ("hand", "warn", "ruling") + (("time",) if self.rules.time_limit_minutes else ())
        else:
            phase, expected = self._expected(h)
        trump = None
        done: str | None = None  # the directive that settled this hand's blood (None: not yet, or none owed)
        if self.match_over:  # nothing is owed or declared once the match is over
            declarer, blood = None, 0
        elif h is not None:
            declarer, blood = h.declarer or h.fixed_declarer, h.blood_owed
            trump = h.trump
            if not h.resolved:
                declarer, trump = self._known_so_far(h, declarer)
            if blood and (h.tribute or h.riot or h.waived):
                done = "riot" if h.riot else "waive" if h.waived else "tribute"
        else:
            declarer, blood = self.next_declarer, (self.blood if self.next_declarer else 0)
        giver = upper_hand(declarer) if declarer and blood else None
        level = self.levels[team_of(declarer)] if declarer else None
        return TableState(
            game=self.game, hand=h.number if h is not None else self.hand_number + 1, in_hand=h is not None,
            phase=phase, levels=dict(self.levels), declarer=declarer, trump=trump,
            level=level, blood_owed=blood, blood_giver=giver, expected=expected, match_over=self.match_over,
            warnings=dict(self.warnings), points_so_far=h.points if h is not None else 0,
            blood_settled=done, blood_due=0 if done else blood,
        )

    def _known_so_far(self, h: Hand, declarer: str | None) -> tuple[str | None, str | None]:
        """Declarer and trump as far as the declaring so far fixes them, before the first directive after
        declaring settles them: the grab's seat (§4.1.1), the winner of the four flips (§4.1.2), a stated
        declarer; the trump stated, or the winning flip's suit. Later hands: the fixed declarer (§4.2.1),
        the trump of the standing declaration or of the draw."""
        stated = h.stated_trump.suit if h.stated_trump is not None else None
        if h.first_of_game:
            if h.grab is not None:
                return h.grab.seat, stated
            if h.flips:
                if not flips_complete(h):
                    return None, None
                won = declaring.flip_winner(h.flips, self.rules.flip_winner)
                return won.seat, won.card.suit
            return declarer, stated if declarer else None
        if h.declarations:
            return declarer, h.power.suit
        if h.draws and not h.draws[-1].is_joker:
            return declarer, h.draws[-1].suit
        return declarer, stated

    def _expected(self, h: Hand) -> tuple[Phase, tuple[str, ...]]:
        if h.phase == DECLARING:
            return Phase.declaring, self._expected_declaring(h)
        if h.phase == TRIBUTE:
            done = h.tribute or h.riot or h.waived or not h.blood_owed
            return Phase.tribute, ("kitty",) if done else ("tribute", "riot", "waive")
        if h.phase == KITTY:
            return Phase.kitty, ("points", "last") if h.dry else ("bury",)
        if h.phase in (BURY, KINGS):
            return Phase.kings, ("king", "points", "last")
        return Phase.points, ("points", "declarer-points", "last")

    @staticmethod
    def _expected_declaring(h: Hand) -> tuple[str, ...]:
        if h.first_of_game:
            if h.grab is not None:
                return ("kitty",) if h.stated_trump else ("trump",)
            if h.flips:
                return ("kitty",) if flips_complete(h) else ("flip",)
            if h.declarer:
                return ("kitty",) if h.stated_trump else ("trump",)
            return ("declare", "flip", "declarer")
        nxt = ("tribute", "riot", "waive") if h.blood_owed else ("kitty",)
        if h.declarations or h.draws or h.stated_trump:
            return ("declare",) + nxt if h.declarations else nxt
        return ("declare", "draw", "trump")


def flips_complete(h: Hand) -> bool:
    """Every player has flipped a suited card (a joker is flipped again, §4.1.2). (As a static method of
    Replay it had no test mapped to it by the mutation run.)"""
    return {f.seat for f in h.flips if not f.card.is_joker} >= set(SEATS)


# The handler of each directive, as a table the type checker reads (no name built at run time): a
# match-level handler takes (replay, event), an in-hand one (replay, hand, event) and is entered in its
# phase (PHASE_OF). tests/test_engine_dispatch.py holds both tables to the directive registry.
MATCH_HANDLERS: dict[type[Event], Callable[[Replay, Any], None]] = {
    MatchHeader: Replay.on_match, TeamName: Replay.on_team, SeatName: Replay.on_seat,
    HandStart: Replay.on_hand, Warn: Replay.on_warn, Time: Replay.on_time, Ruling: Replay.on_ruling,
    Redeal: Replay.on_redeal, Show: Replay.on_show,
}
HAND_HANDLERS: dict[type[Event], Callable[[Replay, Hand, Any], None]] = {
    DeclarerIs: Replay.on_declarer, Declare: Replay.on_declare, Flip: Replay.on_flip, Draw: Replay.on_draw,
    Trump: Replay.on_trump, Riot: Replay.on_riot, Waive: Replay.on_waive, Tribute: Replay.on_tribute,
    Kitty: Replay.on_kitty, Bury: Replay.on_bury, King: Replay.on_king, Points: Replay.on_points,
    DeclarerPoints: Replay.on_declarer_points, Last: Replay.on_last,
}


def replay(events: Sequence[Event], rules: RuleSet, explain: bool = False) -> MatchResult:
    """Replay a match's events under a rule set: every hand settled and explained, every problem listed.
    With ``explain`` each hand keeps its settlement's steps, for a caller that explains every hand
    (``replay --json``): ``explain_hand`` then need not settle it again."""
    return Replay(rules, explain).run(events)
