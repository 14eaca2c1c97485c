"""The pure engine of Jinhua mahjong: a record's events and a rule set in, each deal's payments with the
steps that explain them out (docs/jinhua-mahjong-rules.md). No I/O, no clock, no printing; a bad record
never raises: each problem is an error of the result at its line, and a deal with a problem is not paid."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, cast

from referee.core.i18n import N_, M, Msg, form
from referee.core.records import RecordError
from referee.core.rulesfile import Rules
from referee.games.jinhua_mahjong import hand as H
from referee.games.jinhua_mahjong.events import (
    SEATS,
    Caishen,
    Claim,
    Deal,
    Event,
    Header,
    Liable,
    NoWin,
    Patterns,
    Seat,
    Tiles,
    Win,
    next_seat,
    previous_seat,
)
from referee.games.jinhua_mahjong.patterns import BY_CODE, CONFLICTS, EXCLUSIVE, SETS_ONLY, SHAPE_HOLDS
from referee.games.jinhua_mahjong.tiles import KINDS, code
from referee.games.kit.conduct import Conduct, split


class DealResult(NamedTuple):
    deal: int
    line: int
    dealer: str
    winner: str | None  # None: no winner (流局), or not settled
    discarder: str | None  # None: self-drawn
    patterns: tuple[str, ...]
    factor: int  # the patterns' factors multiplied (§5.3)
    paid_factor: int  # after the cap (§5.4)
    liable: tuple[tuple[str, str], ...]  # (seat, "feeder" | "claimer") liable by 承包 (§7)
    payments: dict[str, int]  # seat -> coins won (+) or paid (-); they sum to 0
    settled: bool  # False when the deal has a problem (nothing is paid) or is still in play
    source: _Source | None = None  # what it was settled from (None: not settled), for its steps
    rules: Rules | None = None  # the rules it was settled under

    @property
    def steps(self) -> tuple[Msg, ...]:
        """Each step of the settlement, citing its rule: the deal settled again from what it kept (pure, so the
        same steps as the first time; a long match's steps were most of its result's memory, kept whether or
        not anyone asked)."""
        if self.source is None or self.rules is None:
            return ()
        steps: list[Msg] = []
        _settle(self.source.deal(), self.rules, steps, checked=True)
        return tuple(steps)


class _Source(NamedTuple):
    """A settled deal's directives, as values: what its steps are worked out again from."""

    number: int
    line: int
    dealer: str
    caishen: Caishen | None
    claims: tuple[Claim, ...]
    win: Win | None
    nowin: NoWin | None
    patterns: Patterns | None
    tiles: Tiles | None
    liable: tuple[Liable, ...]

    def deal(self) -> _Deal:
        d = _Deal(self.number, self.line, self.dealer)
        d.caishen, d.claims, d.win, d.nowin = self.caishen, list(self.claims), self.win, self.nowin
        d.patterns, d.tiles, d.liable = self.patterns, self.tiles, list(self.liable)
        return d


class MatchResult(NamedTuple):
    header: Header | None
    names: dict[str, str]
    rules: Rules
    deals: tuple[DealResult, ...]
    totals: dict[str, int]
    errors: tuple[RecordError, ...]
    in_play: bool  # the last deal has no result yet
    last: tuple[Event, ...] = ()  # the last deal's events from its ``deal`` line on: what ``expect`` reads
    conduct: tuple[Conduct, ...] = ()  # the warnings and rulings, in order (kit.conduct: they change no score)


class _Deal:
    def __init__(self, number: int, line: int, dealer: str) -> None:
        self.number, self.line, self.dealer = number, line, dealer
        self.caishen: Caishen | None = None
        self.claims: list[Claim] = []
        self.win: Win | None = None
        self.nowin: NoWin | None = None
        self.patterns: Patterns | None = None
        self.tiles: Tiles | None = None
        self.liable: list[Liable] = []

    def source(self) -> _Source:
        return _Source(self.number, self.line, self.dealer, self.caishen, tuple(self.claims), self.win, self.nowin,
                       self.patterns, self.tiles, tuple(self.liable))


def replay(events: Sequence[Event], rules: Rules, explain: bool = False) -> MatchResult:
    """Every deal of *events* settled under *rules* (*explain* is accepted for the interface: a deal works out its
    steps when asked, :attr:`DealResult.steps`). A warning or a ruling belongs to no deal and changes no score
    ("Conduct and rulings"): kept with the result."""
    events, conduct = cast("tuple[list[Event], tuple[Conduct, ...]]", split(events))
    errors: list[RecordError] = []
    header, names, deals = _collect(events, rules, errors)
    results: list[DealResult] = []
    in_play = False
    for i, d in enumerate(deals):
        last = i == len(deals) - 1
        if d.win is None and d.nowin is None and last:
            in_play = True
            results.append(_unsettled(d))
            continue
        found, result = _settle(d, rules)
        errors += found
        results.append(result)
    totals = {s: 0 for s in SEATS}
    for r in results:
        for s, v in r.payments.items():
            totals[s] += v
    errors.sort(key=lambda e: e.line)
    start = max((i for i, ev in enumerate(events) if isinstance(ev, Deal)), default=len(events))
    return MatchResult(header, names, rules, tuple(results), totals, tuple(errors), in_play, tuple(events[start:]),
                       conduct)


def _collect(events: Sequence[Event], rules: Rules,
             errors: list[RecordError]) -> tuple[Header | None, dict[str, str], list[_Deal]]:
    """The header, the players' names and each deal's directives; misplaced or repeated ones are errors."""
    header: Header | None = None
    names: dict[str, str] = {}
    deals: list[_Deal] = []
    for ev in events:
        if type(ev) in _DEAL_LINES:  # most lines: looked up by type (the reader's own kinds)
            if deals:
                _into(deals[-1], ev, errors)
            else:
                errors.append(RecordError(ev.line, M("this directive belongs to a deal: write 'deal' before it")))
        elif isinstance(ev, Header):
            if header is not None:
                errors.append(RecordError(ev.line, M("a second match header (the first is at line {first})",
                                                     first=header.line)))
            else:
                header = ev
        elif isinstance(ev, Seat):
            if deals:
                errors.append(RecordError(ev.line, M("seat: players are named before the first deal")))
            names[ev.seat] = ev.name
        elif isinstance(ev, Deal):
            dealer = ev.dealer or (_rotate(deals[-1], rules) if deals else "E")
            deals.append(_Deal(len(deals) + 1, ev.line, dealer))
    return header, names, deals


_ONCE = {Caishen: "caishen", Win: "win", NoWin: "nowin", Patterns: "patterns", Tiles: "tiles"}
_DEAL_LINES = frozenset((*_ONCE, Claim, Liable))  # the directives of a deal under way


def _into(d: _Deal, ev: Event, errors: list[RecordError]) -> None:
    attr = _ONCE.get(type(ev))
    if attr is not None:
        earlier = getattr(d, attr)
        if earlier is not None:
            errors.append(RecordError(ev.line, M("deal {deal}: a second '{what}' (the first is at line {first})",
                                          deal=d.number, what=attr, first=earlier.line)))
        else:
            setattr(d, attr, ev)
    elif isinstance(ev, Claim):
        if d.win is not None or d.nowin is not None:  # a claim of a discard is made in the play, before its result
            errors.append(RecordError(ev.line, M(
                "deal {deal} is over: its '{result}' is recorded; a '{kind}' belongs before it (§3.1)", deal=d.number,
                result="win" if d.win is not None else "nowin", kind=ev.kind)))
        else:
            d.claims.append(ev)
    elif isinstance(ev, Liable):
        d.liable.append(ev)


def _rotate(d: _Deal, rules: Rules) -> str:
    """The next deal's dealer (§9): the same after the dealer's win or no winner when dealer_keeps."""
    winner = d.win.winner if d.win is not None else None
    if rules.flag("deal.dealer_keeps") and (winner is None or winner == d.dealer):
        return d.dealer
    return next_seat(d.dealer)


def _unsettled(d: _Deal) -> DealResult:
    return DealResult(d.number, d.line, d.dealer, None, None, (), 0, 0, (), {s: 0 for s in SEATS}, False)


def feeds(claims: Sequence[Claim]) -> dict[tuple[str, str], int]:
    """(claimer, feeder) -> how many 吃/碰/杠 the claimer made of the feeder's discards (§7.1)."""
    out: dict[tuple[str, str], int] = {}
    for c in claims:
        out[c.claimer, c.feeder] = out.get((c.claimer, c.feeder), 0) + 1
    return out


def _settle(d: _Deal, rules: Rules, explained: list[Msg] | None = None,
            checked: bool = False) -> tuple[list[RecordError], DealResult]:
    """The deal's problems and result; its steps appended to *explained* when given (:attr:`DealResult.steps`).
    *checked*: a deal settled before without a problem, settled again for its steps: what only finds problems (the
    claims, the patterns, the tiles) is not looked at again: the steps are the same, and the tiles' analysis was
    a third of working them out again."""
    errors: list[RecordError] = []
    for c in () if checked else d.claims:
        if c.claimer == c.feeder:
            errors.append(RecordError(c.line, M("{kind}: {seat:seat} cannot claim a tile of their own",
                                                kind=c.kind, seat=c.claimer)))
        elif c.kind == "chi" and c.feeder != previous_seat(c.claimer):
            errors.append(RecordError(c.line, M(
                "chi: {seat:seat} may 吃 only from the player before them ({upper:seat}), not {feeder:seat} (§3.1)",
                seat=c.claimer, upper=previous_seat(c.claimer), feeder=c.feeder)))
    if d.nowin is not None:
        return _drawn(d, d.nowin, rules, errors, explained)
    if d.win is None:
        errors.append(RecordError(d.line, M("deal {deal} has no result: 'win …' or 'nowin' (the next deal began)",
                                     deal=d.number)))
        return errors, _unsettled(d)
    win = d.win
    if win.discarder == win.winner:
        errors.append(RecordError(win.line, M(
                                       "win: {seat:seat} cannot win on their own discard; write 'win {seat} self'",
                                       seat=win.winner)))
    codes = d.patterns.codes if d.patterns is not None else ("pinghu",)
    pline = d.patterns.line if d.patterns is not None else win.line
    if not checked:
        errors += compatibility(codes, pline)
        errors += _conditions(codes, pline, d, win)
    explain = explained is not None  # check wants the payments only: no step is made
    liable, liable_steps, liable_errors = _liable(d, win, rules, explain)
    errors += liable_errors
    if d.tiles is not None and not checked:
        errors += check_tiles(d.tiles, d.caishen, codes)
    if errors:
        return errors, _unsettled(d)
    steps: list[Msg] = explained if explained is not None else []
    if explain:
        steps.append(opening(d.number, d.dealer, d.caishen))
    factor, factor_steps = multiply(codes, win.discarder is None, rules, explain)
    steps += factor_steps
    cap = rules.number("scoring.cap")
    paid = min(factor, cap) if cap else factor
    if paid != factor and explain:
        steps.append(M("capped: paid at factor {paid}, not {factor} (§5.4, scoring.cap = {paid})",
                       paid=paid, factor=factor))
    payments, pay_steps = pay(win.winner, win.discarder, paid, liable, rules, explain)
    steps += liable_steps + pay_steps
    return [], DealResult(d.number, d.line, d.dealer, win.winner, win.discarder, tuple(codes), factor, paid,
                          tuple(liable), payments, True, d.source(), rules)


def opening(number: int, dealer: str, caishen: Caishen | None) -> Msg:
    """The first step of a won deal's settlement: its number, dealer and 财神 (the only step that names the deal)."""
    if caishen is not None:
        return M("deal {deal}: dealer {dealer:seat}, 财神 {tile} (白板 stands for it, §2.2)",
                 deal=number, dealer=dealer, tile=code(caishen.tile))
    return M("deal {deal}: dealer {dealer:seat}", deal=number, dealer=dealer)


def drawn(number: int, dealer: str) -> Msg:
    """The one step of a deal nobody won (流局)."""
    return M("deal {deal}: dealer {dealer:seat}; nobody won (流局): nothing is paid (§5)", deal=number, dealer=dealer)


def later_steps_key(d: DealResult) -> object | None:
    """What the steps of a won deal after its :func:`opening` are worked out from, as a value (None for a deal
    without them: drawn or not settled): its patterns, winner and discarder, its 承包 with the claims counted
    between the seats, and the rule set. Two deals of one key explain the same way after their first step, so a
    writer of a long match's explanations may word them once (the steps are a pure function of these)."""
    src = d.source
    if src is None or src.win is None or d.rules is None:
        return None
    return (id(d.rules), d.patterns, d.winner, d.discarder, d.liable,
            tuple(sorted(feeds(src.claims).items())) if d.liable else None)


def _drawn(d: _Deal, nowin: NoWin, rules: Rules, errors: list[RecordError],
           explained: list[Msg] | None) -> tuple[list[RecordError], DealResult]:
    """A deal nobody won (流局): nothing is claimed or paid."""
    if d.win is not None:
        errors.append(RecordError(nowin.line, M("deal {deal}: 'nowin' and a 'win' (line {win}) in one deal",
                                           deal=d.number, win=d.win.line)))
    for ev in (d.patterns, d.tiles, *d.liable):
        if ev is not None:
            errors.append(RecordError(ev.line, M("deal {deal}: nobody won, so nothing is claimed or paid",
                                                 deal=d.number)))
    if errors:
        return errors, _unsettled(d)
    if explained is not None:
        explained.append(drawn(d.number, d.dealer))
    return [], DealResult(d.number, d.line, d.dealer, None, None, (), 0, 0, (), {s: 0 for s in SEATS},
                          True, d.source(), rules)


def multiply(codes: Sequence[str], self_drawn: bool, rules: Rules, explain: bool = True) -> tuple[int, list[Msg]]:
    """The patterns' factors multiplied (§5.3), with a step per pattern naming its key (none without *explain*)."""
    steps: list[Msg] = []
    factor = 1
    shown: list[str] = []
    for c in codes:
        p = BY_CODE[c]
        key = f"factors.{c}"
        if c == "quanqiuren" and self_drawn:
            key = "factors.quanqiuren_self_draw"
            f = rules.number(key)
            if explain:
                steps.append(M("全求人 self-drawn counts as 平胡: ×{f} ({section}, {key})",
                               f=f, section=p.section, key=key))
        else:
            f = rules.number(key)
            if explain:
                steps.append(M("{name} ×{f} ({section}, {key})",
                               name=p.zh, f=f, section=p.section, key=key))
        factor *= f
        shown.append(str(f))
    if len(codes) > 1 and explain:
        steps.append(M("the factors multiply: {working} = {factor} (§5.3)", working=" × ".join(shown), factor=factor))
    return factor, steps


def pay(winner: str, discarder: str | None, factor: int, liable: Sequence[tuple[str, str]],
        rules: Rules, explain: bool = True) -> tuple[dict[str, int], list[Msg]]:
    """Who pays what (§5.1, §5.2), then 承包 (§7.4): every seat's coins, summing to 0; each step said (none
    without *explain*)."""
    base = rules.number("scoring.base")
    unit = base * factor
    steps: list[Msg] = []
    shares: dict[str, int] = {}
    for s in SEATS:
        if s == winner:
            continue
        if discarder is None:
            times, key, section = rules.number("scoring.self_draw_pays"), "scoring.self_draw_pays", "§5.2"
        elif s == discarder:
            times, key, section = rules.number("scoring.discarder_pays"), "scoring.discarder_pays", "§5.1"
        else:
            times, key, section = rules.number("scoring.others_pay"), "scoring.others_pay", "§5.1"
        shares[s] = times * unit
        if explain:
            steps.append(M("{seat:seat} owes {times} × stake {base} × {factor} = {owed} ({section}, {key})",
                           seat=s, times=times, base=base, factor=factor, owed=shares[s], section=section, key=key))
    owed = dict(shares)
    liable_seats = {s for s, _ in liable}
    order = [next_seat(winner), next_seat(next_seat(winner)), previous_seat(winner)]
    if liable_seats:
        for s in order:
            if s in liable_seats:
                continue
            payer = next((q for q in order[order.index(s) + 1:] + order if q in liable_seats), None)
            assert payer is not None
            owed[payer] += owed[s]
            if explain:
                steps.append(M("{payer:seat} pays {seat:seat}'s {amount} (承包, §7.4)",
                               payer=payer, seat=s, amount=owed[s]))
            owed[s] = 0
        doubled = {s for s, how in liable if how == "claimer"}
        times = rules.number("chengbao.claimer_factor")
        for s in order:
            if s in doubled and times != 1:
                if explain:
                    steps.append(M("{seat:seat} pays {before} × {times} = {after} (承包 by the claimer doubles, §7.3, "
                                   "chengbao.claimer_factor)", seat=s, before=owed[s], times=times,
                                   after=owed[s] * times))
                owed[s] *= times
    payments = {s: -owed.get(s, 0) for s in SEATS}
    payments[winner] = sum(owed.values())
    if explain:
        steps.append(M("{winner:seat} +{won}; {losers:list}", winner=winner,
                       won=payments[winner], losers=_paid_list(payments, winner)))
    return payments, steps


def _paid_list(payments: dict[str, int], winner: str) -> tuple[Msg, ...]:
    """A tuple, not a list: a step's fields are hashable, so a long match's same steps are worded once."""
    return tuple([form("{seat:seat} {amount}", seat=s, amount=payments[s]) for s in SEATS if s != winner])


# The two ways a seat is liable by 承包, one rule in either direction: as it is named, the key that makes it pay all,
# whether the claims counted are the winner's of the seat's discards (§7.2: the seat fed them) or the seat's of the
# winner's (§7.3), and the step that says so.
_LIABILITIES = (
    ("feeder", "chengbao.feeder_pays_all", True,
     N_("{winner:seat} claimed {n} of {seat:seat}'s discards: {seat:seat} is liable (承包) (§7.2, chengbao.feeds = "
        "{need})")),
    ("claimer", "chengbao.claimer_pays_all", False,
     N_("{seat:seat} claimed {n} of {winner:seat}'s discards: {seat:seat} is liable (承包) (§7.3, chengbao.feeds = "
        "{need})")),
)
# By winner, each way another seat may be liable to it, in seat order: the seat, as it is liable, the key, the
# (claimer, feeder) whose claims count (:func:`feeds`), the step.
_LIABLE_TO = {w: tuple((s, how, pays_all, (w, s) if fed else (s, w), step)
                       for s in SEATS if s != w for how, pays_all, fed, step in _LIABILITIES) for w in SEATS}


def _liable(d: _Deal, win: Win, rules: Rules,
            explain: bool = True) -> tuple[list[tuple[str, str]], list[Msg], list[RecordError]]:
    """Who is liable by 承包 (§7): the feeder of the winner's claims, or the claimer of the winner's discards,
    once they reach ``chengbao.feeds``; a ``liable`` line is checked against the claims."""
    need = rules.number("chengbao.feeds")
    counted = feeds(d.claims)
    liable: list[tuple[str, str]] = []
    steps: list[Msg] = []
    w = win.winner
    for s, how, pays_all, between, step in _LIABLE_TO[w]:
        n = counted.get(between, 0)
        if n >= need and rules.flag(pays_all):
            liable.append((s, how))
            if explain:
                steps.append(M(step, winner=w, seat=s, n=n, need=need))
    errors: list[RecordError] = []
    seats = {s for s, _ in liable}
    for stated in d.liable:
        if stated.seat not in seats:
            fed = counted.get((w, stated.seat), 0)
            took = counted.get((stated.seat, w), 0)
            errors.append(RecordError(stated.line, M(
                "liable: {seat:seat} is liable (承包) only after {need} claims between them and the winner "
                "{winner:seat}; the record has {fed} by {winner:seat} of {seat:seat} and {took} the other way (§7.1)",
                seat=stated.seat, need=need, winner=w, fed=fed, took=took)))
    return liable, steps, errors


def compatibility(codes: Sequence[str], line: int) -> list[RecordError]:
    """The claimed patterns can hold together (§8): worked out once for each set of codes (a match claims the same
    few again and again), each problem then said at *line*."""
    key = tuple(codes)
    problems = _COMPATIBLE.get(key)
    if problems is None:
        problems = tuple(_compatibility(key, 0))
        if len(_COMPATIBLE) < 4096:
            _COMPATIBLE[key] = problems
    return [RecordError(line, e.msg) for e in problems]


_COMPATIBLE: dict[tuple[str, ...], tuple[RecordError, ...]] = {}


def _compatibility(codes: Sequence[str], line: int) -> list[RecordError]:
    found: list[RecordError] = []
    claimed = set(codes)

    def names(group: set[str]) -> str:
        return "、".join(BY_CODE[c].zh for c in codes if c in group)

    for group, why in EXCLUSIVE:
        if len(claimed & group) > 1:
            found.append(RecordError(line, M("patterns: {names}: {why}",
                                      names=names(claimed & group), why=why)))
    shapes = {BY_CODE[c].shape for c in codes if BY_CODE[c].shape}
    if len(shapes) > 1:
        shaped = {c for c in codes if BY_CODE[c].shape}
        found.append(RecordError(line, M("patterns: {names} are different winning shapes (§8.1)", names=names(shaped))))
    held = frozenset.intersection(*(SHAPE_HOLDS.get(s, frozenset()) for s in shapes)) if shapes else frozenset()
    if shapes and claimed & SETS_ONLY - {"pinghu"} - held:
        shaped = {c for c in codes if BY_CODE[c].shape}
        found.append(RecordError(line, M("patterns: {shape} has no sets or kong; {names} needs them (§8.1)",
                                  shape=names(shaped), names=names(claimed & SETS_ONLY - held))))
    no_wild = {c for c in codes if BY_CODE[c].no_wild}
    wild = {c for c in codes if BY_CODE[c].uses_wild}
    if no_wild and wild:
        found.append(RecordError(line, M("patterns: {clean} has no 财神, {wild} needs one (§8.2)",
                                  clean=names(no_wild), wild=names(wild))))
    for first, second, why in CONFLICTS:
        for a in codes:
            for b in codes:
                if a in first and b in second and a != b:
                    found.append(RecordError(line, M("patterns: {why}",
                                              why=why.bind(one=BY_CODE[a].zh, other=BY_CODE[b].zh))))
    return found


def _conditions(codes: Sequence[str], line: int, d: _Deal, win: Win) -> list[RecordError]:
    """What each pattern needs of the win: a self-draw, the dealer (§6.14-§6.18)."""
    found: list[RecordError] = []
    for c in codes:
        p = BY_CODE[c]
        if p.self_draw and win.discarder is not None:
            found.append(RecordError(line, M(
                                      "patterns: {name} is won by a self-draw (自摸), not on {seat:seat}'s discard "
                                      "({section})",
                                      name=p.zh, seat=win.discarder, section=p.section)))
    if "tianhu" in codes and win.winner != d.dealer:
        found.append(RecordError(line, M("patterns: 天胡 is the dealer's ({dealer:seat}), not {seat:seat}'s (§6.17)",
                                  dealer=d.dealer, seat=win.winner)))
    if "dihu" in codes and win.discarder != d.dealer:
        found.append(RecordError(line, M("patterns: 地胡 is won on the dealer's ({dealer:seat}) first discard (§6.17)",
                                  dealer=d.dealer)))
    return found


def check_tiles(tiles: Tiles, caishen: Caishen | None, codes: Sequence[str]) -> list[RecordError]:
    """The 14 tiles entered form the claimed hand, 财神 wild (§4, §6)."""
    line = tiles.line
    if caishen is None:
        return [RecordError(line, M(
            "tiles: the deal's 财神 is needed to judge the tiles: write 'caishen TILE' (§2.2)"))]
    raw = [0] * KINDS
    for t in tiles.tiles:
        raw[t] += 1
    for t, n in enumerate(raw):
        most = 3 if t == caishen.tile else 4
        if n > most:
            return [RecordError(line, M("tiles: {n} × {tile}, there are only {most} (§2.1, §2.2)",
                                 n=n, tile=code(t), most=most))]
    h = H.prepare(tiles.tiles, caishen.tile)
    found: list[RecordError] = []
    for c in codes:
        if not holds(c, h):
            found.append(RecordError(line, M("tiles: the tiles do not make {name} ({section})", name=BY_CODE[c].zh,
                                      section=BY_CODE[c].section)))
    if not any(BY_CODE[c].shape for c in codes) and not H.standard(h):
        found.append(RecordError(line, M("tiles: the tiles are not four sets and a pair, 财神 wild (§4.1)")))
    return found


def holds(c: str, h: H.Hand) -> bool:
    """Whether the tiles of *h* make pattern *c* (what tiles can show; claims and the last draw they cannot)."""
    checks = {
        "pengpeng": H.all_triplets,
        "quanqiuren": lambda h: not h.won_wild,
        "qing_qidui": H.clean_seven_pairs,
        "qidui": H.seven_pairs,
        "qidui_baotou": H.seven_pairs_explode,
        "shisan_bukao": lambda h: H.not_touching(h, 5, True),
        "qifeng": lambda h: H.not_touching(h, 7, False),
        "qingyise": lambda h: H.one_suit(h) and h.wilds > 0,
        "qingyise_clean": lambda h: H.one_suit(h) and h.wilds == 0,
        "luanfeng": H.all_honours,
        "caishen_tou": H.wild_pair,
        "sancai_yike": H.wild_triplet,
        "baotou": H.explode,
        "gangbao": H.explode,
        "hunyise": H.one_suit_and_honours,
    }
    check = checks.get(c)
    return True if check is None else bool(check(h))
