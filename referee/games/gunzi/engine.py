"""The rules engine: events in, settlements with explanations out. No I/O, no clock, no printing.

``replay`` walks the events once: this module is that fold (``Replay``), with the match-level directives,
the order of a hand's phases, the settlement at the last trick and the end of games and of the match. Each
directive is judged against the state of the match at that point; an illegal one becomes a ``RecordError``
on its line and is left out, and replay goes on, so a record with mistakes still shows everything that can
be settled. The in-hand directives are judged by the module of their phase (``hand_declaring``,
``hand_tribute``, ``hand_kitty``, ``hand_points``) on the hand's state (``handstate``); where the match
stands afterwards is ``tablestate``'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from referee.core.i18n import M
from referee.games.gunzi.cards import BIG_JOKER, SMALL_JOKER
from referee.games.gunzi.codes import GameEnd, NoteKind, TimeCall, Waiver
from referee.games.gunzi.directives import keyword_of
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
from referee.games.gunzi.hand_declaring import on_declare, on_declarer, on_draw, on_flip, on_trump, resolve_declaring
from referee.games.gunzi.hand_kitty import on_bury, on_king, on_kitty
from referee.games.gunzi.hand_points import on_declarer_points, on_points
from referee.games.gunzi.hand_tribute import close_tribute, giver, on_riot, on_tribute, on_waive
from referee.games.gunzi.handstate import (
    DECLARING,
    DONE,
    HAND_PHASES,
    PHASE_OF,
    TOTAL_POINTS,
    TRIBUTE,
    Hand,
    Reject,
    counts_fit,
    known,
    minus,
)
from referee.games.gunzi.results import GameResult, HandResult, MatchResult, Note, TributeInfo
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.seats import other_team, team_of
from referee.games.gunzi.settle import HandFacts, settle
from referee.games.gunzi.tablestate import table_state

# A named tuple made from its fields in order, without its generated __new__ (a Python-level call).
_new = tuple.__new__


class _Recount(Exception):
    """The hand in progress showed some card more than three times: replay it counted card by card
    (``Replay._recount``)."""


class Replay:
    """The fold over a match's events: the match's state as it stands, one event at a time (``run``). It is
    what the in-hand judges read of the match (``handstate.Standing``) and what the table state is built
    from (``tablestate.Fold``)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
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
        self.begin(events)
        self.feed(events)
        return self.result()

    def begin(self, events: Sequence[Event]) -> None:
        """What the record's first event must be: the match header (``feed`` then takes the events in any
        slices)."""
        if events and not isinstance(events[0], MatchHeader):
            self.errors.append(RecordError(events[0].line, M("the record must start with 'match id=…'")))

    def copy(self) -> Replay:
        """An independent copy of the fold as it stands: extending the copy leaves this one as it was. What
        lets a long-running process check a match's next directive without replaying the match: the state
        after the entries it knows, copied and extended by the new ones (``extend``), is the state a replay
        of all of them reaches (``tests/test_engine_extend.py`` holds the two equal entry by entry)."""
        new = object.__new__(type(self))  # what copy.copy makes of it (no __copy__, no slots), 12x faster
        new.__dict__.update(self.__dict__)
        new.errors, new.notes, new.hands, new.games = list(self.errors), list(self.notes), list(self.hands), \
            list(self.games)
        new.teams, new.seats, new.games_won = dict(self.teams), dict(self.seats), dict(self.games_won)
        new.levels, new.reached = dict(self.levels), dict(self.reached)
        new.ledger, new.warnings = dict(self.ledger), dict(self.warnings)
        new.hand = None if self.hand is None else self.hand.copy()
        return new

    def extend(self, events: Sequence[Event]) -> MatchResult:
        """Fold *events* into the match as it stands (after the events folded so far) and return the result of
        the match after them: ``feed`` and ``result``."""
        self.feed(events)
        return self.result()

    def feed(self, events: Sequence[Event]) -> None:
        """The next events of the match, one at a time: a caller that writes hands as they are settled
        feeds the record slice by slice and takes the hands settled so far (``take_settled``)."""
        in_match, in_hand, phases = MATCH_HANDLERS, HAND_HANDLERS, PHASE_OF
        for i, ev in enumerate(events):
            kind = type(ev)
            try:
                phase = phases.get(kind)
                if phase is None:  # not tied to a phase of the hand
                    if kind is not Show:  # (a directive of the match, between hands or not: the hand is counted)
                        h = self.hand
                        if h is not None and not h.exact and not counts_fit(h):
                            raise _Recount
                    in_match[kind](self, ev)
                    if kind is HandStart or kind is Redeal:
                        h = self.hand
                        if h is not None:  # where the hand began, to replay it from if it must be counted again
                            h.start, h.errors_at = i, len(self.errors)
                    continue
                h = self.hand
                if h is None or self.skipping or phase != h.phase or phase == DONE:
                    if h is None or self.skipping or phase <= h.phase:
                        self._refuse(ev)  # raises, or skips a refused hand's directive
                        continue
                    # The hand moves on to a later phase (~4.5 times a hand, so here rather than in a call
                    # each). A problem found on the way (declaring, tribute) is reported there, and the event
                    # still counts (each check behind its own try).
                    if phase > DECLARING and not h.resolved:
                        try:
                            resolve_declaring(self, h)
                        except Reject as e:
                            self.errors.append(record_error(ev.line, e))
                    if phase > TRIBUTE and not h.tribute_checked and h.declarer is not None:
                        try:
                            close_tribute(h)
                        except Reject as e:
                            self.errors.append(record_error(ev.line, e))
                    h.phase = phase
                in_hand[kind](self, h, ev)
            except Reject as e:
                self.errors.append(record_error(ev.line, e))
            except _Recount:
                self._recount(events, i)
                self.feed(events[i:i + 1])  # this directive again, on the hand as counted card by card
        self._count_open_hand(events)

    def _count_open_hand(self, events: Sequence[Event]) -> None:
        """The hand still open after *events* counted now: a later call to ``feed`` could not replay it."""
        h = self.hand
        if h is not None and not h.exact and not counts_fit(h):
            self._recount(events, len(events))

    def _recount(self, events: Sequence[Event], stop: int) -> None:
        """The hand in progress replayed from where it began up to *stop*, counted card by card (some card was
        shown more than three times: ``handstate.known`` refuses the event that shows it, and the events after it
        are judged without it). Its errors are found again; nothing else of the match changed since it began
        (a directive of the match counts the hand first)."""
        h = self.hand
        assert h is not None
        del self.errors[h.errors_at:]
        again = self.hand = Hand(h.number, h.line, h.game, h.first_of_game, h.fixed_declarer, h.blood_owed)
        again.exact = True
        self.feed(events[h.start + 1:stop])

    def take_settled(self) -> list[HandResult]:
        """The settled hands no later event can change, handed over and forgotten by the fold (its result
        then holds only the hands not taken): every hand but the last, whose blood and next declarer a game
        ended off the table (time, a ruling) still voids. What ``replay --json`` writes as it goes."""
        hands = self.hands
        done = hands[:-1]
        del hands[:-1]
        return done

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
            dealt = tuple(minus(dealt, received))
        elif t is not None and ev.seat == t.seat:
            dealt = dealt + t.cards
        known(h, ev.seat, dealt)
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

    def _refuse(self, ev: Event) -> None:
        """An in-hand directive that does not continue the hand's phase nor move it on to a later one
        (``feed`` moves it on): nothing when the hand is being skipped, else the refusal of a directive
        outside a hand, after its 'last', or before a phase already passed."""
        if self.skipping:
            return
        h = self.hand
        if h is None:
            raise Reject(M("'{keyword}' outside a hand: start the hand with 'hand'", keyword=keyword_of(ev)))
        now = h.phase
        if now == DONE:  # a second 'last' is as late as any
            raise Reject(M("out of order: hand {hand} is over; '{keyword}' comes before 'last'",
                           hand=h.number, keyword=keyword_of(ev)))
        raise Reject(M("out of order: '{keyword}' comes before the {phase} of hand {hand}",
                       keyword=keyword_of(ev), phase=HAND_PHASES[now], hand=h.number))

    # --- the last trick: the settlement ---------------------------------------------------------

    def on_last(self, h: Hand, ev: Last) -> None:
        if not h.exact and not counts_fit(h):  # before the settlement (and 'broken', which a refusal sets)
            raise _Recount
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
        final = h.final
        big = final.count(BIG_JOKER)
        small = final.count(SMALL_JOKER)
        dug = ev.dug
        facts = _new(HandFacts, (declarer, self.levels, h.points, h.final_points, big, small, bool(h.dry), dug))
        s = settle(facts, rules)
        # The settlement's fields read once, in its order (a named tuple's field by name is a descriptor call).
        (score, kitty_points, big_jokers, small_jokers, outcome, level_change, levels, _, _, blood_kings,
         blood_score, blood, blood_giver, next_declarer, game_winner, game_reason, ledger, _, _) = s
        decl_team = team_of(declarer)
        tribute_info = None
        paying = giver(h)
        # ledger: settle's own fresh dict, taken over, copied only to add a tribute's entry
        tribute, riot = h.tribute, h.riot
        if h.blood_owed or tribute or riot or h.waived:
            waived = Waiver.riot if riot else (Waiver.waive if h.waived else None)
            cards = tribute.cards if tribute else ()
            tribute_info = _new(TributeInfo, (paying, declarer, h.blood_owed, cards, waived,
                                              riot.seat if riot else None, riot.cards if riot else ()))
            if cards and rules.ledger_tribute:
                amount = len(cards) * rules.ledger_tribute
                ledger = dict(ledger)  # the settlement keeps its own entry, which its explanation words
                ledger[decl_team] += amount
                ledger[other_team(decl_team)] -= amount
        running, before = self.ledger, self.levels
        running["EW"] += ledger["EW"]
        running["NS"] += ledger["NS"]
        if levels["EW"] != before["EW"]:
            self.reached["EW"] = h.number
        if levels["NS"] != before["NS"]:
            self.reached["NS"] = h.number
        self.levels = levels  # never changed in place: each settlement or new game makes a new dict
        h.phase = DONE
        # In field order, straight into the tuple (as settle makes its Settlement): a named tuple's own __new__
        # is a Python function that takes the 36 arguments one by one (~1.3 µs a hand), or matches keywords.
        self.hands.append(_new(HandResult, (
            h.number, h.game, h.line, declarer, decl_team,  # hand, game, line, declarer, declarer_team
            h.level, h.trump, tribute_info, h.kitty, final,  # level, trump, tribute, kitty, final_kitty
            bool(h.dry), kitty_points, facts.kitty_points,  # dry_pot, kitty_points, kitty_points_physical
            big_jokers, small_jokers, h.points, dug, score,  # big_jokers, small_jokers, points, dug, score
            outcome, level_change, levels, blood,  # outcome, level_change, levels_after, blood
            blood_kings, blood_score, blood_giver,  # blood_kings, blood_score, blood_giver
            next_declarer, game_winner, game_reason,  # next_declarer, game_winner, game_reason
            ledger, dict(running), before, h.how,  # ledger_change, ledger, levels_before, how
            h.dry, rules, h.small_without_big, s,  # dry_reason, rules, small_without_big, settlement
        )))
        if game_winner is not None:
            assert game_reason is not None  # settle gives a game's winner and its reason together
            self._end_game(game_winner, game_reason, ev.line, ())
        else:
            self.next_declarer, self.blood = next_declarer, blood

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

    # --- the result ---------------------------------------------------------------------------

    def result(self) -> MatchResult:
        if self.header is None and not self.errors:
            self.errors.append(RecordError(0, M("the record has no 'match id=…' header")))
        return MatchResult(
            header=self.header, rules=self.rules.name, teams=dict(self.teams), seats=dict(self.seats),
            hands=tuple(self.hands), games=tuple(self.games), winner=self.winner, games_won=dict(self.games_won),
            errors=tuple(sorted(self.errors, key=lambda e: e.line)), notes=tuple(self.notes),
            state=table_state(self), forfeit=self.forfeit, ledger=dict(self.ledger),
            ledger_headline=self.rules.ledger_headline, top_level=self.rules.top_level,
        )



# The handler of each directive, as a table the type checker reads (no name built at run time): a
# match-level handler takes (replay, event), an in-hand one (replay, hand, event) and is entered in its
# phase (PHASE_OF): the judges of a phase's module take the replay as what they read of the match
# (handstate.Standing), the last trick is the fold's own. tests/test_engine_dispatch.py holds both tables
# to the directive registry.
MATCH_HANDLERS: dict[type[Event], Callable[[Replay, Any], None]] = {
    MatchHeader: Replay.on_match, TeamName: Replay.on_team, SeatName: Replay.on_seat,
    HandStart: Replay.on_hand, Warn: Replay.on_warn, Time: Replay.on_time, Ruling: Replay.on_ruling,
    Redeal: Replay.on_redeal, Show: Replay.on_show,
}
HAND_HANDLERS: dict[type[Event], Callable[[Replay, Hand, Any], None]] = {
    DeclarerIs: on_declarer, Declare: on_declare, Flip: on_flip, Draw: on_draw, Trump: on_trump,
    Riot: on_riot, Waive: on_waive, Tribute: on_tribute,
    Kitty: on_kitty, Bury: on_bury, King: on_king, Points: on_points, DeclarerPoints: on_declarer_points,
    Last: Replay.on_last,
}


def replay(events: Sequence[Event], rules: RuleSet) -> MatchResult:
    """Replay a match's events under a rule set: every hand settled once, every problem listed. Each hand
    keeps its settlement (``HandResult.settlement``), from which ``settle.explain_hand`` words its steps."""
    return Replay(rules).run(events)
