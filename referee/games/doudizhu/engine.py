"""The pure engine of Dou Dizhu: a record's events and a rule set in, each deal's payment (explained) out.

A match is a sequence of deals (``deal``); each settles on its own: the landlord from the bidding, the base
from the winning bid (or the call), the multiplier from robs, shown cards, bombs, the rocket, spring and
anti-spring (capped by ``multipliers.cap``), and the payment: the landlord wins or loses
``landlord_factor × base × multiplier``, each farmer ``farmer_factor ×`` as much (docs/doudizhu-rules.md
§6). No I/O, no clock, no printing: problems are errors in the result, each with its line.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, cast

from referee.core.i18n import M, Msg, listed
from referee.core.records import RecordError
from referee.games.doudizhu.cards import Card, copies, write_cards
from referee.games.doudizhu.combos import Combo, Kind, combination
from referee.games.doudizhu.events import (
    SEATS,
    AntiSpring,
    Bid,
    Bomb,
    DealStart,
    Event,
    Header,
    Kitty,
    Landlord,
    Out,
    Play,
    Redeal,
    Rocket,
    SeatName,
    Show,
    Spring,
    header_of,
)
from referee.games.doudizhu.ruleset import LAST_FORCED, ROB, RuleSet
from referee.games.kit.conduct import Conduct, split

FARMER_CARDS, LANDLORD_CARDS = 17, 20  # dealt to each, the landlord taking the kitty's 3 (§2)
LANDLORD, FARMERS = "landlord", "farmers"


class DealResult(NamedTuple):
    deal: int  # 1, 2, … through the match (a redealt deal counts)
    line: int  # of its ``deal`` line
    settled: bool  # False: redealt, or too little recorded to settle
    redeal: bool
    landlord: int | None
    base: int
    multiplier: int  # after the cap
    uncapped: int
    winner: str | None  # "landlord" | "farmers"
    payments: dict[int, int]  # seat -> this deal's payment (+ received, - paid)
    totals: dict[int, int]  # seat -> the running total after this deal
    bombs: int
    rockets: int
    spring: bool
    antispring: bool
    shown: bool
    robs: int
    kept: tuple[Msg, ...]  # the steps as settled (seats by number); a replayed deal keeps none, see `steps`
    source: tuple[Event, ...] = ()  # a replayed deal's directives, for its steps
    rules: RuleSet | None = None  # the rules it was settled under
    names: dict[int, str] | None = None  # the players' names its steps show beside their seats

    @property
    def steps(self) -> tuple[Msg, ...]:
        """The settlement step by step, each citing its key and section, seats with their players' names: a
        replayed deal settled again from what it kept (pure, so the same steps; a long match's steps were most of
        its result's memory, kept whether or not anyone asked)."""
        if self.rules is None or self.names is None:
            return self.kept
        before = {s: self.totals[s] - self.payments[s] for s in SEATS}
        again, _ = settle(self.deal, self.line, list(self.source), self.rules, before)
        return tuple(_named(step, self.names) for step in again.kept)


_KEPT = DealResult._fields.index("kept")  # then source, rules, names: the last four fields


class MatchResult(NamedTuple):
    header: Header | None
    names: dict[int, str]
    rules: RuleSet
    deals: tuple[DealResult, ...]
    errors: tuple[RecordError, ...]
    totals: dict[int, int]
    last: tuple[Event, ...] = ()  # the last deal's events after its ``deal`` line: what ``expect`` reads
    conduct: tuple[Conduct, ...] = ()  # the warnings and rulings, in order (kit.conduct: they change no score)

    @property
    def finished(self) -> bool:
        played = sum(1 for d in self.deals if d.settled)
        return self.rules.deals == 0 or played >= self.rules.deals

    def problems(self) -> tuple[RecordError, ...]:
        return self.errors


# The problems of a deal that only say what is still to come (the deal in progress lacks it): ``Game.pending``.
STILL_TO_COME = frozenset({
    "deal {n}: no 'out': who went out first? (out SEAT, §4)",
    "deal {n}: no kitty: the kitty is shown to all, so record it (kitty.shown, §2)",
    "deal {n}: no bids: record the bidding (bid SEAT …) or 'redeal' (§3)",
    "the bidding is not finished: seat {seats} has not bid (§3)",
    "deal {n}: nobody bid, so the cards are dealt again (bidding.no_bid = 'redeal', §3.3): record 'redeal'",
})


def pending(result: MatchResult) -> list[RecordError]:
    """The problems of the last deal that only say what it still lacks (:data:`STILL_TO_COME`)."""
    if not result.deals:
        return []
    start = result.deals[-1].line
    return [e for e in result.errors if e.line >= start and e.msg.msgid in STILL_TO_COME]


def replay(events: Sequence[Event], rules: RuleSet) -> MatchResult:
    """Every deal of the record settled in order, with the running totals and every problem found. A warning or a
    ruling belongs to no deal and changes no score ("Conduct and rulings"): kept with the result. A deal keeps
    what it was settled from, not its steps (:attr:`DealResult.steps` works them out when asked)."""
    run = Run(events, rules)
    names, events_of = run.names, run.deal_events
    return run.result(tuple([_new_step(DealResult, (*d[:_KEPT], (), tuple(events_of[d.deal - 1]), rules, names))
                             for d in run.deals(steps=False)]))  # d._replace(kept=(), source=…, …), made faster


class Run:
    """A replay under way: the record read into its deals, then each deal settled in turn by :meth:`deals`, which
    a writer may take one at a time (``replay --json`` writes each deal with its steps and lets it go); the
    problems and totals are complete once :meth:`deals` is exhausted."""

    def __init__(self, events: Sequence[Event], rules: RuleSet) -> None:
        plain, self.conduct = cast("tuple[list[Event], tuple[Conduct, ...]]", split(events))
        self.rules, self.header = rules, header_of(plain)
        self.errors: list[RecordError] = []
        self.names = {s: str(s) for s in SEATS}
        named: dict[int, int] = {}
        self.deal_events: list[list[Event]] = []
        self.starts: list[int] = []
        for ev in plain:
            if type(ev) is DealStart:  # the reader's own kinds, looked up by type: no subclass of them
                self.deal_events.append([])
                self.starts.append(ev.line)
            elif type(ev) is Header:
                continue
            elif type(ev) is SeatName:
                if ev.seat in named:
                    self.errors.append(RecordError(ev.line, M("seat {seat} is named twice (first on line {first})",
                                                              seat=ev.seat, first=named[ev.seat])))
                elif ev.name in [self.names[s] for s in named]:
                    self.errors.append(RecordError(ev.line, M("the name {name} is already another seat's",
                                                              name=ev.name)))
                else:
                    named[ev.seat] = ev.line
                    self.names[ev.seat] = ev.name
            elif not self.deal_events:
                self.errors.append(RecordError(ev.line, M(
                    "before the first 'deal': each deal begins with a 'deal' line")))
            else:
                self.deal_events[-1].append(ev)
        self.totals = {s: 0 for s in SEATS}
        self.settled = 0
        self._known: dict[object, Msg] = {}  # each step named (see _named)
        self._same: dict[int, tuple[Msg, Msg]] = {}  # each step object named, by its id (see _named)

    def deals(self, steps: bool = True) -> Iterator[DealResult]:
        """Each deal settled in order, its steps kept and named (seats with their players' names); without
        *steps* as settled, the steps not named (:func:`replay` drops them for what they are worked out from)."""
        rules = self.rules
        for number, (line, deal_events) in enumerate(zip(self.starts, self.deal_events, strict=True), 1):
            result, found = settle(number, line, deal_events, rules, self.totals, steps)
            self.errors.extend(found)
            self.totals = result.totals
            self.settled += result.settled
            if rules.deals and self.settled > rules.deals and result.settled:
                self.errors.append(RecordError(line, M("deal {n}: the match is {deals} deals (match.deals, §7)",
                                                       n=number, deals=rules.deals)))
            yield (_new_step(DealResult, (*result[:_KEPT], tuple([self._named(step) for step in result.kept]),
                                          *result[_KEPT + 1:]))  # result._replace(kept=…), made faster
                   if steps else result)

    def _named(self, step: Msg) -> Msg:
        """:func:`_named` of *step* with this match's names, each distinct step named once (a match's steps say the
        same few things again and again): known by its kind, itself and its fields' types (``1`` equals ``True``);
        a step made once and given again (the engine's steps of a bid, a multiplier, a payment) by its identity."""
        same = self._same.get(id(step))
        if same is not None and same[0] is step:
            return same[1]
        named = self._named_anew(step)
        if len(self._same) >= 4_096:
            self._same.clear()
        self._same[id(step)] = (step, named)  # the step kept with it: its id is not another's while there
        return named

    def _named_anew(self, step: Msg) -> Msg:
        try:
            key: object = (type(step), step, tuple([type(v) for _, v in step.fields]))
            named = self._known.get(key)
        except TypeError:  # a field that cannot be hashed
            return _named(step, self.names)
        if named is None:
            named = _named(step, self.names)
            if len(self._known) >= 20_000:
                self._known.clear()
            self._known[key] = named
        return named

    @property
    def finished(self) -> bool:
        return self.rules.deals == 0 or self.settled >= self.rules.deals

    def problems(self) -> tuple[RecordError, ...]:
        return tuple(sorted(self.errors, key=lambda e: e.line))

    def result(self, deals: tuple[DealResult, ...]) -> MatchResult:
        return MatchResult(self.header, self.names, self.rules, deals, self.problems(), dict(self.totals),
                           tuple(self.deal_events[-1]) if self.deal_events else (), self.conduct)

def _named(step: Msg, names: dict[int, str]) -> Msg:
    """A step's seats with their players' names: ``seat 2 (李四)``, ``座位 2（李四）``; the step itself when it names no
    seat."""
    fields = step.fields
    for k, _ in fields:
        if k in _SEAT_FIELDS:
            break
    else:
        return step
    named = tuple([(k, _seated(v, names[v])) if k in _SEAT_FIELDS and isinstance(v, int) and names[v] != str(v)
                   else (k, v) for k, v in fields])
    return _new_step(type(step), (step.msgid, named, *step[2:]))  # step._replace(fields=named), made faster


def _seated(seat: int, name: str) -> Msg:
    """``2 (李四)``, ``2（李四）``: made once for each seat and name (a match names its three seats thousands of
    times)."""
    known = _SEATED.get((seat, name))
    if known is None:
        if len(_SEATED) >= 4_096:
            _SEATED.clear()
        known = _SEATED[(seat, name)] = M("{seat} ({name})", seat=seat, name=name)
    return known


_new_step = tuple.__new__
_SEAT_FIELDS = frozenset(("seat", "caller"))
_SEATED: dict[tuple[int, str], Msg] = {}


class _Bidding(NamedTuple):
    landlord: int | None
    base: int
    robs: int
    steps: list[Msg]
    all_passed: bool
    last: int | None  # the last seat to speak


def _next(seat: int) -> int:
    return seat % 3 + 1


class _Auction:
    """The bids of one deal, read in order; each refusal is an error naming its line and rule (§3)."""

    def __init__(self, rules: RuleSet, errors: list[RecordError]) -> None:
        self.rules, self.errors = rules, errors
        self.spoken: dict[int, int] = {}
        self.previous: Bid | None = None
        self.best: Bid | None = None  # points: the highest bid; rob: the last call or rob
        self.caller: Bid | None = None
        self.robs = 0
        self.ended = False

    def refuse(self, error: RecordError) -> None:
        self.errors.append(error)

    def in_turn(self, b: Bid, section: str) -> bool:
        """Not after the end, in turn (a warning only), and each player once (§3)."""
        if self.ended:
            self.refuse(RecordError(b.line, M(
                "the bidding has ended (§3): no more bids")))
            return False
        prev = self.previous
        if prev is not None and b.seat != _next(prev.seat) and not self.answers(b):  # the caller answers out of turn
            self.refuse(RecordError(b.line, M("bid out of turn: after seat {prev} comes seat {next} (§3)",
                             prev=prev.seat, next=_next(prev.seat))))
        if b.seat in self.spoken and not self.answers(b):
            self.refuse(RecordError(b.line, M(
                "seat {seat} has already bid (line {first}): each player once ({section})",
                             seat=b.seat, first=self.spoken[b.seat], section=section)))
            return False
        return True

    def answers(self, b: Bid) -> bool:
        """Style 'rob': the caller, robbed, may answer once more after all three spoke (§3.2)."""
        return (self.rules.style == ROB and self.caller is not None and b.seat == self.caller.seat
                and self.robs > 0 and len(self.spoken) == 3)

    def points(self, b: Bid) -> None:
        """A bid of points or a pass (§3.1); a refused one counts as a pass, so the turns go on."""
        if not self.in_turn(b, "§3.1"):
            return
        self.spoken[b.seat] = b.line
        self.previous = b
        if len(self.spoken) == 3:
            self.ended = True
        if b.bid in ("call", "rob"):
            self.refuse(RecordError(b.line, M(
                "bidding.style = 'points': a bid is 1 to {most} or pass, not {bid} (§3.1)",
                most=self.rules.max_bid, bid=b.bid)))
            return
        if b.bid == "pass":
            return
        value = int(b.bid)
        if value > self.rules.max_bid:
            self.refuse(RecordError(b.line, M("a bid is at most {most} (bidding.max_bid, §3.1), not {bid}",
                             most=self.rules.max_bid, bid=value)))
            return
        best = self.best
        if best is not None and value <= int(best.bid):
            self.refuse(RecordError(b.line, M("bids rise: {bid} does not beat {best} (seat {seat}) (§3.1)",
                             bid=value, best=best.bid, seat=best.seat)))
            return
        self.best = b
        if value == self.rules.max_bid:
            self.ended = True

    def rob(self, b: Bid) -> None:
        """A call, rob or pass (§3.2); a refused one counts as a pass, so the turns go on."""
        if not self.in_turn(b, "§3.2"):
            return
        answer = b.seat in self.spoken
        self.spoken.setdefault(b.seat, b.line)
        self.previous = b
        if self.rob_allowed(b):
            if b.bid == "call":
                self.caller = self.best = b
            elif b.bid == "rob":
                self.robs += 1
                self.best = b
        if answer or (len(self.spoken) == 3 and not (self.caller is not None and self.robs > 0)):
            self.ended = True

    def rob_allowed(self, b: Bid) -> bool:
        if b.bid.isdigit():
            self.refuse(RecordError(b.line, M("bidding.style = 'rob': call, rob or pass, not {bid} (§3.2)", bid=b.bid)))
            return False
        if b.bid == "call" and self.caller is not None:
            self.refuse(RecordError(b.line, M("seat {seat} called after seat {caller} had called: rob or pass (§3.2)",
                             seat=b.seat, caller=self.caller.seat)))
            return False
        if b.bid == "rob" and self.caller is None:
            self.refuse(RecordError(b.line, M("seat {seat} robbed before anyone called: call or pass (§3.2)",
                                              seat=b.seat)))
            return False
        return True

    def finish(self, bids: list[Bid]) -> None:
        if bids and not self.ended and len(self.spoken) < 3:
            missing = [str(s) for s in SEATS if s not in self.spoken]
            self.refuse(RecordError(bids[-1].line, M("the bidding is not finished: seat {seats} has not bid (§3)",
                                                     seats=listed(missing))))


def auction(bids: Sequence[Bid], rules: RuleSet) -> _Auction:
    """The bidding of *bids* as it stands (whose turn it is, whether it ended): what ``expect`` reads."""
    state = _Auction(rules, [])
    for b in bids:
        if rules.style == ROB:
            state.rob(b)
        else:
            state.points(b)
    return state


def _bidding(bids: list[Bid], rules: RuleSet, errors: list[RecordError], explain: bool = True) -> _Bidding:
    """The landlord and base the bids give (§3), each refusal naming its line and rule."""
    auction = _Auction(rules, errors)
    for b in bids:
        if rules.style == ROB:
            auction.rob(b)
        else:
            auction.points(b)
    auction.finish(bids)
    best = auction.best
    last = auction.previous.seat if auction.previous is not None else None
    if best is None:
        return _Bidding(None, 0, 0, [], len(auction.spoken) == 3, last)
    if rules.style == ROB:
        caller = auction.caller
        assert caller is not None
        if not explain:
            return _Bidding(best.seat, rules.call_points, auction.robs, [], False, last)
        return _Bidding(best.seat, rules.call_points, auction.robs,
                        [_called(caller.seat, rules.call_points, best.seat)], False, last)
    if not explain:
        return _Bidding(best.seat, int(best.bid), 0, [], False, last)
    return _Bidding(best.seat, int(best.bid), 0, [_bid_highest(best.seat, best.bid)], False, last)


@lru_cache(maxsize=256, typed=True)  # the bidding's step, made once for each way it ends (typed: 1 and True apart)
def _called(caller: int, base: int, seat: int) -> Msg:
    return M("seat {caller} called the landlord: base {base} (bidding.call_points, §3.2); "
             "seat {seat} is landlord", caller=caller, base=base, seat=seat)


@lru_cache(maxsize=256, typed=True)
def _bid_highest(seat: int, bid: object) -> Msg:
    return M("seat {seat} bid highest, {bid}: landlord, base {bid} (bidding.style = 'points', §3.1)",
             seat=seat, bid=bid)


_PLAYED = frozenset((Play, Bomb, Rocket))  # the kinds of directive that play cards

_KEYWORD: dict[type, str] = {Play: "play", Bomb: "bomb", Rocket: "rocket", Show: "show", Redeal: "redeal"}


def _over(number: int, out: Out, ev: Event) -> RecordError:
    """A directive of the play after the first player out, who ended the deal (§4): another deal's, misfiled."""
    return RecordError(ev.line, M(
        "deal {n} is over: seat {seat} went out first, which ends it (§4); '{what}' belongs before the 'out'", n=number,
        seat=out.seat, what=_KEYWORD[type(ev)]))


def settle(number: int, line: int, events: list[Event], rules: RuleSet,
           before: dict[int, int], explain: bool = True) -> tuple[DealResult, list[RecordError]]:
    """One deal: its payment and every problem in it; without *explain* the steps of the bidding, the
    multiplier and the payment are not made (``check`` asks for none: the problems and payments are the same)."""
    errors: list[RecordError] = []

    def unsettled(redeal: bool = False, landlord: int | None = None, base: int = 0,
                  kept: tuple[Msg, ...] = ()) -> DealResult:  # made only for a deal that is not paid
        return DealResult(number, line, False, redeal, landlord, base, 0, 0, None, {s: 0 for s in SEATS},
                          dict(before), 0, 0, False, False, False, 0, kept)

    of: dict[type, list[Any]] = {}  # the deal's directives by kind, in order: one pass, a rare kind not looked for
    for e in events:
        kind = type(e)
        if kind in of:
            of[kind].append(e)
        else:
            of[kind] = [e]
    present = set(of)
    bids: list[Bid] = of.get(Bid, [])
    bidding = _bidding(bids, rules, errors, explain)
    redeal = next((e for e in events if isinstance(e, Redeal)), None) if Redeal in present else None
    if redeal is not None:
        void = (M("deal {n} was dealt again (redeal, line {line}): no payment (§3.3)", n=number, line=redeal.line),)
        played = next((e for e in events if isinstance(e, (Play, Bomb, Rocket, Out, Spring, AntiSpring))), None)
        ended = next((e for e in events[:events.index(redeal)] if isinstance(e, Out)), None)
        if ended is not None:  # played out before it: the redeal is not this deal's
            errors.append(_over(number, ended, redeal))
        elif played is not None:
            errors.append(RecordError(played.line, M("deal {n} was dealt again: nothing is played in it", n=number)))
        return unsettled(redeal=True, kept=void), errors
    chosen = _landlord(number, line, events, bids, bidding, rules, errors, of.get(Landlord, []))
    if chosen is None:
        return unsettled(), errors
    landlord, base, steps = chosen
    kitty = _kitty(number, line, rules, errors, of.get(Kitty, []))
    plays: list[Play | Bomb | Rocket] = (cast("list[Play | Bomb | Rocket]", [e for e in events if type(e) in _PLAYED])
                                         if Bomb in present or Rocket in present else of.get(Play, []))
    refused = _check_cards(plays, kitty, landlord, errors)
    if refused:  # refused at their lines, and the deal paid as without them (§2): a bomb of cards not there is none
        plays = [p for p in plays if p.line not in refused]
    for p in plays:
        if isinstance(p, Play) and not _combines(p.cards):
            errors.append(RecordError(p.line, M(
                "{cards} is not a combination of Dou Dizhu: a single, a pair, three (with one or a pair), a straight "
                "of 5 or more, 3 or more consecutive pairs, a plane (with as many cards or pairs), four with two, a "
                "bomb or the rocket; 2 and the jokers are in no sequence (§4)",
                cards=write_cards(p.cards))))
    outs: list[Out] = of.get(Out, [])
    for o in outs[1:]:
        errors.append(RecordError(o.line, M("only the first player out ends the deal (line {first})",
                                            first=outs[0].line)))
    if not outs:
        errors.append(RecordError(line, M("deal {n}: no 'out': who went out first? (out SEAT, §4)", n=number)))
        return unsettled(landlord=landlord, base=base), errors
    first_out = events.index(outs[0])
    late = [e for e in events[first_out + 1:] if isinstance(e, Play | Bomb | Rocket | Show)]
    if late:  # refused, and the deal paid as without them
        errors.extend(_over(number, outs[0], e) for e in late)
        events = [e for e in events if all(e is not x for x in late)]
        plays = [p for p in plays if all(p is not x for x in late)]
    out = outs[0].seat
    m = _multiplier(events, plays, landlord, out, bidding.robs, rules, errors, present, explain)
    steps += m.steps
    winner = LANDLORD if out == landlord else FARMERS
    payments, pay_steps = pay(landlord, out, base, m.multiplier, rules, explain)
    totals = {s: before[s] + payments[s] for s in SEATS}
    return DealResult(number, line, True, False, landlord, base, m.multiplier, m.uncapped, winner, payments, totals,
                      m.bombs, m.rockets, m.spring, m.antispring, m.shown, bidding.robs,
                      tuple(steps + pay_steps)), errors


def _landlord(number: int, line: int, events: list[Event], bids: list[Bid], bidding: _Bidding, rules: RuleSet,
              errors: list[RecordError], stated: list[Landlord]) -> tuple[int, int, list[Msg]] | None:
    """The landlord, the base and the steps saying why (§3); None when the deal cannot be settled. *stated*: the
    deal's ``landlord`` lines."""
    steps = list(bidding.steps)
    landlord, base = bidding.landlord, bidding.base
    if landlord is None:
        if not bids:
            if stated:
                errors.append(RecordError(stated[0].line, M(
                    "deal {n}: no bids entered, so the base is unknown: record the bidding (bid SEAT …) (§3)",
                    n=number)))
            elif events:
                errors.append(RecordError(line, M("deal {n}: no bids: record the bidding (bid SEAT …) or 'redeal' (§3)",
                                           n=number)))
            return None
        if not bidding.all_passed:
            return None  # the bidding's own problems are said
        if rules.no_bid != LAST_FORCED:
            errors.append(RecordError(bids[-1].line, M(
                "deal {n}: nobody bid, so the cards are dealt again (bidding.no_bid = 'redeal', §3.3): "
                "record 'redeal'", n=number)))
            return None
        landlord, base = bidding.last, rules.forced_bid
        assert landlord is not None
        steps.append(M("nobody bid: seat {seat}, the last to speak, is landlord at {base} "
                       "(bidding.no_bid = 'last_forced', bidding.forced_bid, §3.3)", seat=landlord, base=base))
    for s in stated:
        if s.seat != landlord:
            errors.append(RecordError(s.line, M("the bidding makes seat {bid} the landlord, not seat {stated} (§3)",
                                         bid=landlord, stated=s.seat)))
    return landlord, base, steps


def _kitty(number: int, line: int, rules: RuleSet, errors: list[RecordError],
           kitties: list[Kitty]) -> tuple[Card, ...]:
    """The deal's kitty (of its *kitties*: the first), each more a problem."""
    for k in kitties[1:]:
        errors.append(RecordError(k.line, M(
            "the kitty is recorded once (line {first})",
                                     first=kitties[0].line)))
    if rules.kitty_shown and not kitties:
        errors.append(RecordError(line, M(
            "deal {n}: no kitty: the kitty is shown to all, so record it (kitty.shown, §2)", n=number)))
    return kitties[0].cards if kitties else ()


class _Multiplier(NamedTuple):
    multiplier: int
    uncapped: int
    bombs: int
    rockets: int
    spring: bool
    antispring: bool
    shown: bool
    steps: Sequence[Msg]


def _multiplier(events: list[Event], plays: list[Play | Bomb | Rocket], landlord: int, out: int, robs: int,
                rules: RuleSet, errors: list[RecordError], present: set[type] | None = None,
                explain: bool = True) -> _Multiplier:
    """The multiplier: 1, then each rob, shown cards, each bomb, the rocket, spring, anti-spring; the cap (§5);
    each factor a step (none without *explain*: ``check`` makes no message it never shows)."""
    multiplier = rules.rob_multiplier ** robs if robs else 1
    shown = _shown(events, landlord, errors) if present is None or Show in present else False
    if shown:
        multiplier *= rules.shown
    kinds = [_kind(p) for p in plays]  # a play's combination names a bomb and the rocket as is_bomb, is_rocket do
    bombs = kinds.count(Kind.BOMB)
    rockets = kinds.count(Kind.ROCKET)
    if bombs:
        multiplier *= rules.bomb ** bombs
    if rockets:
        multiplier *= rules.rocket ** rockets
    spring = _spring(events, out, landlord, plays, errors) if present is None or Spring in present else False
    antispring = (_antispring(events, out, landlord, plays, errors) if present is None or AntiSpring in present
                  else False)
    if spring:
        multiplier *= rules.spring
    if antispring:
        multiplier *= rules.antispring
    uncapped = multiplier
    if rules.cap and multiplier > rules.cap:
        multiplier = rules.cap
    steps = (_multiplier_steps(robs, rules.rob_multiplier, rules.shown if shown else None, bombs, rules.bomb, rockets,
                               rules.rocket, rules.spring if spring else None, rules.antispring if antispring else None,
                               uncapped, multiplier, rules.cap) if explain else ())
    return _Multiplier(multiplier, uncapped, bombs, rockets, spring, antispring, shown, steps)


@lru_cache(maxsize=1024, typed=True)  # a match's deals multiply the same few ways; typed: 1, True and 1.0 apart
def _multiplier_steps(robs: int, rob_multiplier: int, shown: int | None, bombs: int, bomb: int, rockets: int,
                      rocket: int, spring: int | None, antispring: int | None, uncapped: int, multiplier: int,
                      cap: int) -> tuple[Msg, ...]:
    """The steps of :func:`_multiplier`: each factor it found, in its order (*shown*, *spring*, *antispring*: the
    rule's factor, None when not found), then the multiplier or its cap."""
    steps: list[Msg] = []
    if robs:
        steps.append(M("{robs} rob(s) (抢地主): × {each} each (bidding.rob_multiplier, §3.2) → × {factor}",
                       robs=robs, each=rob_multiplier, factor=rob_multiplier ** robs))
    if shown is not None:
        steps.append(M("the landlord showed the cards (明牌): × {factor} (multipliers.shown, §5.3)", factor=shown))
    if bombs:
        steps.append(M("{n} bomb(s) played: × {each} each (multipliers.bomb, §5.1) → × {factor}",
                       n=bombs, each=bomb, factor=bomb ** bombs))
    if rockets:
        steps.append(M("the rocket played: × {factor} (multipliers.rocket, §5.1)", factor=rocket ** rockets))
    if spring is not None:
        steps.append(M("spring (春天): × {factor} (multipliers.spring, §5.2)", factor=spring))
    if antispring is not None:
        steps.append(M("anti-spring (反春): × {factor} (multipliers.antispring, §5.2)", factor=antispring))
    if multiplier != uncapped:
        steps.append(M("multiplier {uncapped} capped at {cap} (封顶, multipliers.cap, §5.4)",
                       uncapped=uncapped, cap=cap))
    else:
        steps.append(M("multiplier {m} (§5)", m=multiplier))
    return tuple(steps)


def _kind(p: Play | Bomb | Rocket) -> Kind | None:
    if isinstance(p, Bomb):
        return Kind.BOMB
    if isinstance(p, Rocket):
        return Kind.ROCKET
    combo = _combo(p.cards)
    return None if combo is None else combo.kind


def _shown(events: list[Event], landlord: int, errors: list[RecordError]) -> bool:
    shown = False
    for s in (e for e in events if isinstance(e, Show)):
        if s.seat != landlord:
            errors.append(RecordError(s.line, M("only the landlord shows cards (明牌), not seat {seat} (§5.3)",
                                                seat=s.seat)))
        elif shown:
            errors.append(RecordError(s.line, M(
                "the landlord's cards are shown once (§5.3)")))
        else:
            shown = True
    return shown


def pay(landlord: int, out: int, base: int, multiplier: int,
              rules: RuleSet, explain: bool = True) -> tuple[dict[int, int], list[Msg]]:
    """Who pays whom (§6): the landlord ± landlord_factor × base × multiplier, each farmer ∓ farmer_factor ×; the
    two steps saying so (none without *explain*)."""
    unit = base * multiplier
    wins = out == landlord
    sign = 1 if wins else -1
    payments = {s: (sign * rules.landlord_factor * unit if s == landlord else -sign * rules.farmer_factor * unit)
                for s in SEATS}
    if not explain:
        return payments, []
    return payments, list(_pay_steps(wins, out, base, multiplier, rules.farmer_factor, rules.landlord_factor))


@lru_cache(maxsize=1024, typed=True)  # a match's deals pay the same few ways
def _pay_steps(wins: bool, out: int, base: int, multiplier: int, farmer: int, landlord: int) -> tuple[Msg, Msg]:
    """:func:`pay`'s two steps: who won, and who pays how much."""
    unit = base * multiplier
    fields: dict[str, Any] = {"farmer": farmer, "landlord": landlord, "base": base, "m": multiplier,
                              "f_pay": farmer * unit, "l_pay": landlord * unit, "seat": out}
    if wins:  # the fields given to M itself: M(…).bind(**fields) makes the message twice
        return (M("seat {seat}, the landlord, went out first: the landlord wins (§4, §6)", **fields),
                M("each farmer pays {farmer} × {base} × {m} = {f_pay}; the landlord receives "
                  "{landlord} × {base} × {m} = {l_pay} (payment.farmer_factor, payment.landlord_factor, §6)",
                  **fields))
    return (M("seat {seat}, a farmer, went out first: the farmers win (§4, §6)", **fields),
            M("the landlord pays {landlord} × {base} × {m} = {l_pay}; each farmer receives "
              "{farmer} × {base} × {m} = {f_pay} (payment.landlord_factor, payment.farmer_factor, §6)", **fields))


def _spring(events: list[Event], out: int, landlord: int, plays: list[Play | Bomb | Rocket],
            errors: list[RecordError]) -> bool:
    claim = next((e for e in events if isinstance(e, Spring)), None)
    if claim is None:
        return False
    if out != landlord:
        errors.append(RecordError(claim.line, M(
            "spring (春天) needs the landlord out first, but seat {seat} went out (§5.2)", seat=out)))
        return False
    farmer = next((p for p in plays if p.seat != landlord), None)
    if farmer is not None:
        errors.append(RecordError(claim.line, M("spring (春天): no farmer plays a card, but seat {seat} played on line "
                                         "{line} (§5.2)",
                                         seat=farmer.seat, line=farmer.line)))
        return False
    return True


def _antispring(events: list[Event], out: int, landlord: int, plays: list[Play | Bomb | Rocket],
                errors: list[RecordError]) -> bool:
    claim = next((e for e in events if isinstance(e, AntiSpring)), None)
    if claim is None:
        return False
    if out == landlord:
        errors.append(RecordError(claim.line, M(
            "anti-spring (反春) needs a farmer out first, but the landlord went out "
                                         "(§5.2)")))
        return False
    own = [p for p in plays if p.seat == landlord]
    if len(own) > 1:
        errors.append(RecordError(claim.line, M(
            "anti-spring (反春): the landlord plays only the first lead, but played "
                                         "again on line {line} (§5.2)",
                                         line=own[1].line)))
        return False
    return True


_COMBOS: dict[tuple[Card, ...], Combo | None] = {}  # the combination cards make: a match plays the same few often
_UNKNOWN = object()


def _combo(cards: tuple[Card, ...]) -> Combo | None:
    known = _COMBOS.get(cards, _UNKNOWN)  # one look-up: a tuple of cards is hashed anew each time
    if known is not _UNKNOWN:
        return cast("Combo | None", known)
    combo = combination(cards)
    if len(_COMBOS) < 4096:
        _COMBOS[cards] = combo
    return combo


def _combines(cards: tuple[Card, ...]) -> bool:
    return _combo(cards) is not None


def _check_cards(plays: list[Play | Bomb | Rocket], kitty: tuple[Card, ...], landlord: int,
                 errors: list[RecordError]) -> set[int]:
    """The same card never in two places (§2): a suited card once; no rank beyond the deck's copies, the
    kitty's cards being the landlord's; nobody playing more cards than dealt. The lines of the plays refused."""
    kitty_suited = {c for c in kitty if c.suit}
    kitty_ranks: dict[int, int] = {}  # plain dicts: a Counter costs more at each step
    for c in kitty:
        kitty_ranks[c.rank] = kitty_ranks.get(c.rank, 0) + 1
    played: dict[Card, int] = {}
    ranks: dict[int, int] = {}
    landlord_ranks: dict[int, int] = {}
    counts: dict[int, int] = {}
    refused: set[int] = set()
    for p in plays:
        seat, cards, line = p.seat, p.cards, p.line
        found = len(errors)
        count = counts[seat] = counts.get(seat, 0) + len(cards)
        most = LANDLORD_CARDS if seat == landlord else FARMER_CARDS
        if count > most and count - len(cards) <= most:
            errors.append(RecordError(line, M("seat {seat} has played {n} cards, more than the {most} held (§2)",
                                              seat=seat, n=count, most=most)))
        own = seat == landlord
        for c in cards:
            rank, suit = c
            if suit:
                if c in played:
                    errors.append(RecordError(line, M("{card:card} is played twice (first on line {first}) (§2)",
                                                      card=c, first=played[c])))
                    continue
                if not own and c in kitty_suited:
                    errors.append(RecordError(line, M("{card:card} is in the kitty, which the landlord took: seat "
                                                      "{seat} cannot play it (§2)",
                                                      card=c, seat=seat)))
                    continue
                played[c] = line
            held = ranks[rank] = ranks.get(rank, 0) + 1
            if own:
                landlord_ranks[rank] = landlord_ranks.get(rank, 0) + 1
            in_kitty = kitty_ranks.get(rank, 0)
            if in_kitty:
                held += in_kitty - min(in_kitty, landlord_ranks.get(rank, 0))
            if held > copies(rank):
                errors.append(RecordError(line, M("more than {n} of {card:card} in the deal: the deck has {n} (§2)",
                                                  n=copies(rank), card=c._replace(suit=""))))
                ranks[rank] -= 1
        if len(errors) > found:
            refused.add(line)
    return refused
