"""The toy game's engine (§2, §3): pure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.core.rulesfile import Rules
from referee.games.kit.conduct import Conduct, split
from toygame.events import SEATS, Deal, Event, Header, NoWin, Seat, Win


class DealResult(NamedTuple):
    deal: int
    line: int
    winner: str | None
    settled: bool
    payments: dict[str, int]
    steps: tuple[Msg, ...]


class MatchResult(NamedTuple):
    header: Header | None
    names: dict[str, str]
    rules: Rules
    deals: tuple[DealResult, ...]
    totals: dict[str, int]
    errors: tuple[RecordError, ...]
    finished: bool
    open_deal: bool  # the last deal has no result yet
    conduct: tuple[Conduct, ...] = ()


def replay(events: Sequence[Event], rules: Rules, explain: bool = False) -> MatchResult:
    plain, conduct = split(events)
    header: Header | None = None
    names: dict[str, str] = {}
    errors: list[RecordError] = []
    deals: list[DealResult] = []
    totals = dict.fromkeys(SEATS, 0)
    win = rules.number("points.win")
    most = rules.number("match.deals")
    opened: Deal | None = None
    for ev in plain:
        if isinstance(ev, Header):
            header = ev
        elif isinstance(ev, Seat):
            names[ev.seat] = ev.name
        elif isinstance(ev, Deal):
            if opened is not None:
                errors.append(RecordError(ev.line, M("deal: the deal before has no result (§2)")))
            elif len(deals) >= most:
                errors.append(RecordError(ev.line, M("deal: the match is over after {n} deals (§3)", n=most)))
                continue
            opened = ev
        elif isinstance(ev, Win | NoWin):
            if opened is None:
                errors.append(RecordError(ev.line, M("a result needs a deal first (§2)")))
                continue
            pay = dict.fromkeys(SEATS, 0)
            if isinstance(ev, Win):
                other = SEATS[1 - SEATS.index(ev.seat)]
                pay[ev.seat], pay[other] = win, -win
                steps: tuple[Msg, ...] = (M("{seat} wins and takes {n} from {other} (§2, points.win)",
                                            seat=ev.seat, n=win, other=other),)
            else:
                steps = (M("nobody won: nothing is paid (§2)"),)
            for s in SEATS:
                totals[s] += pay[s]
            deals.append(DealResult(len(deals) + 1, opened.line, ev.seat if isinstance(ev, Win) else None, True,
                                    pay, steps))
            opened = None
    if header is None:
        errors.insert(0, RecordError(1, M("the record must start with 'match id=…'")))
    return MatchResult(header, names, rules, tuple(deals), totals, tuple(errors), len(deals) >= most,
                       opened is not None, conduct)
