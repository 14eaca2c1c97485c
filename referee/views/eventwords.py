"""The words of the event layer: tie-break names, round and match states, withdrawal reasons, and
the sentences that explain a ranking or a pairing.

Standings and pairing return codes and numbers only; the terminal, the JSON's neighbours (PDF,
workbook) and the web all word them here, so each criterion has one name in each language.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.core.i18n import M, Msg, tr
from referee.tournament.model import ResultKind, RoundStatus, WithdrawnReason
from referee.tournament.scoring import Criterion

if TYPE_CHECKING:
    from referee.games.api import Summary
    from referee.tournament.pairing import SeatExplanation, SwissPairing, TableExplanation
    from referee.tournament.standings import Comparison, TableOutcome

CRITERIA: dict[Criterion, Msg] = {
    Criterion.match_points: M("match points"),
    Criterion.games_difference: M("games difference"),
    Criterion.head_to_head: M("head-to-head"),
    Criterion.buchholz: M("Buchholz"),
    Criterion.sonneborn_berger: M("Sonneborn-Berger"),
    Criterion.level_difference: M("level difference"),
    Criterion.ledger: M("ledger"),
    Criterion.lot: M("lot"),
}

# Values shown with their sign (+3, 0, -1): they are differences or a ledger's balance.
SIGNED = frozenset({Criterion.games_difference, Criterion.level_difference, Criterion.ledger})
# The criterion that ranks the lower value first (standings._ASCENDING).
LOWER_FIRST = frozenset({Criterion.lot})

ROUND_STATUS: dict[RoundStatus, Msg] = {
    RoundStatus.open: M("in play"),
    RoundStatus.closed: M("closed"),
}

WITHDRAWN: dict[WithdrawnReason, Msg] = {
    WithdrawnReason.withdrew: M("withdrew"),
    WithdrawnReason.disqualified: M("disqualified"),
    WithdrawnReason.no_show: M("did not come"),
}


class MatchState(enum.StrEnum):
    """Where a table's match stands, as the results lists show it."""

    not_started = "not_started"  # no summary yet: nothing recorded
    in_play = "in_play"
    finished = "finished"
    forfeit = "forfeit"  # finished by a forfeit (the third warning)
    bye = "bye"  # a row for the round's bye, not a match


MATCH_STATE: dict[MatchState, Msg] = {
    MatchState.not_started: M("not started"),
    MatchState.in_play: M("in play"),
    MatchState.finished: M("finished"),
    MatchState.forfeit: M("forfeit"),
    MatchState.bye: M("bye"),
}


@functools.lru_cache(maxsize=256)  # a report words the same few codes thousands of times
def criterion_name(criterion: Criterion, lang: str) -> str:
    return CRITERIA[criterion].text(lang)


@functools.lru_cache(maxsize=256)
def round_status(status: RoundStatus, lang: str) -> str:
    return ROUND_STATUS[status].text(lang)


@functools.lru_cache(maxsize=256)
def withdrawn_reason(reason: WithdrawnReason | None, lang: str) -> str:
    """The reason's word; a withdrawal recorded without one is just "withdrawn"."""
    if reason is None:
        return tr(lang, "withdrawn")
    return WITHDRAWN[reason].text(lang)


def match_state(summary: Summary | None) -> MatchState:
    if summary is None:
        return MatchState.not_started
    if summary.finished:
        return MatchState.forfeit if summary.forfeit else MatchState.finished
    return MatchState.in_play


RESULT_KIND: dict[ResultKind, Msg] = {
    ResultKind.score: M("result entered by the director"),
    ResultKind.forfeit: M("forfeit by {side:team} (director)"),
    ResultKind.no_show: M("no-show by {side:team} (director)"),
    ResultKind.adjusted: M("adjusted score {ew}:{ns} match points (director)"),
}


def result_message(o: TableOutcome) -> Msg | None:
    """How the director settled a table (None: as its record gives it)."""
    if o.kind is None:
        return None
    ew, ns = o.points if o.points is not None else (o.ew, o.ns)
    return RESULT_KIND[o.kind].bind(side=o.side or "EW", ew=ew, ns=ns)


def outcome_word(o: TableOutcome, started: bool, lang: str) -> str:
    """A table's state in a list of results: the director's result, else its match's state."""
    given = result_message(o)
    if given is not None:
        return given.text(lang)
    if o.finished:
        return match_state_word(MatchState.forfeit if o.forfeit else MatchState.finished, lang)
    return match_state_word(MatchState.in_play if started else MatchState.not_started, lang)


@functools.lru_cache(maxsize=256)
def match_state_word(state: MatchState, lang: str) -> str:
    return MATCH_STATE[state].text(lang)


def heading(text: str) -> str:
    """A column heading: the name with its first letter raised (a no-op for Chinese)."""
    return text[:1].upper() + text[1:]


def value_text(criterion: Criterion, value: int | None) -> str:
    """A criterion's value as the tables print it: signed for differences, empty when it does not apply."""
    if value is None:
        return ""
    if criterion in SIGNED and value > 0:
        return f"+{value}"
    return str(value)


# --- why A ranks above B -------------------------------------------------------------------------

def _clause(c: Comparison, a: str, b: str) -> Msg:
    name = CRITERIA[c.criterion]
    if c.a is None or c.b is None:
        if c.criterion is Criterion.head_to_head:
            return M("head-to-head does not apply (not every two of the tied pairs have met)")
        return M("{criterion} does not apply", criterion=name)
    va, vb = value_text(c.criterion, c.a), value_text(c.criterion, c.b)
    if not c.decided:
        return M("{a} and {b} are level on {criterion} ({va} = {vb})",
                 a=a, b=b, criterion=name, va=va, vb=vb)
    ahead, behind = (a, b) if c.ahead == a else (b, a)
    v_ahead, v_behind = (va, vb) if c.ahead == a else (vb, va)
    if c.criterion in LOWER_FIRST:
        return M("{ahead} is ahead on the {criterion} ({va} < {vb}: the lower number drawn ranks first): "
                 "that decides it",
                 ahead=ahead, criterion=name, va=v_ahead, vb=v_behind)
    return M("{ahead} is ahead of {behind} on {criterion} ({va} > {vb}): that decides it",
             ahead=ahead, behind=behind, criterion=name, va=v_ahead, vb=v_behind)


def _joined(clauses: Sequence[Msg]) -> Msg:
    """Clauses one after another, with the language's semicolon."""
    out = clauses[0]
    for nxt in clauses[1:]:
        out = M("{done}; {next}", done=out, next=nxt)
    return out


def explain_message(comparisons: Sequence[Comparison], a: str, b: str) -> Msg:
    """Why *a* and *b* stand in their order, criterion by criterion up to the one that decides."""
    clauses: list[Msg] = []
    for c in comparisons:
        clauses.append(_clause(c, a, b))
        if c.decided:
            break
    else:
        clauses.append(M("nothing separates {a} and {b}: they share a rank",
                         a=a, b=b))
    return _joined(clauses)


def explain_text(comparisons: Sequence[Comparison], lang: str, a: str, b: str) -> str:
    """``standings.explain(st, a, b)`` in words: "A and B are level on match points (7 = 7); A is ahead
    of B on games difference (+3 > +1): that decides it"."""
    return explain_message(comparisons, a, b).text(lang)


# --- why each table was paired -------------------------------------------------------------------

def _side(s: SeatExplanation, team: str) -> Msg:
    return M("{pair} ({team:team}, rank {rank}, {points} match points)",
             pair=s.pair, team=team, rank=s.rank, points=s.match_points)


def _why_met(t: TableExplanation) -> Msg:
    if not t.floated:
        return M("both in the {points}-point score group", points=t.ew.match_points)
    high, low = (t.ew, t.ns) if t.ew.match_points > t.ns.match_points else (t.ns, t.ew)
    return M("{high} floats down from the {hp}-point group to meet {low} ({lp})",
             high=high.pair, hp=high.match_points, low=low.pair, lp=low.match_points)


def _seat_rule(t: TableExplanation) -> Msg:
    from referee.tournament.pairing import SeatRule

    if t.seat_rule is SeatRule.balance:
        return M("{ew} sits EW: it has sat EW fewer times than {ns}",
                 ew=t.ew.pair, ns=t.ns.pair)
    if t.seat_rule is SeatRule.alternate:
        return M("each pair takes the other seat from its last match")
    return M("nothing in their seats so far separates them: the higher-ranked pair sits EW at odd tables, "
             "NS at even ones")


def table_message(t: TableExplanation) -> Msg:
    """One table of a Swiss round: who, why they meet, any rematch avoided, how the seats were set."""
    clauses = [_why_met(t)]
    for s in (t.ew, t.ns):
        if s.avoided:
            clauses.append(M("{pair} has already met {others:list}, nearer in match points",
                             pair=s.pair, others=list(s.avoided)))
    clauses.append(_seat_rule(t))
    return M("Table {table}: {ew} v {ns}: {why}",
             table=t.table, ew=_side(t.ew, "EW"), ns=_side(t.ns, "NS"), why=_joined(clauses))


def pairing_messages(pairing: SwissPairing) -> list[Msg]:
    out = [table_message(t) for t in pairing.explanation]
    if pairing.bye is not None:
        if pairing.bye_repeat:
            out.append(M("Bye: {pair}, a second time: no pair without a bye could take it", pair=pairing.bye))
        else:
            out.append(M("Bye: {pair}, the lowest-ranked pair without a bye that lets every other pair play",
                         pair=pairing.bye))
    return out


def pairing_text(pairing: SwissPairing, lang: str) -> str:
    """``SwissPairing.explanation`` in words, a line per table, then the bye."""
    return "\n".join(m.text(lang) for m in pairing_messages(pairing))
