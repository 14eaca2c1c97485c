"""Disputes and confirmations on the terminal: a dispute weighed (the record lines, the settlement as
stored and each alternative's side by side, each step with its rule key and clause quoted), its ruling,
appeal and decision; the disputes of an event as a table and as JSON; a hand's mark for ``status``.

Every word from the catalogue; the side-by-side rows are those of ``whatif`` (``matchtext``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.core.i18n import M, Msg, form, tr
from referee.store.disputes import STATE_WORDS, Dispute, DisputeState, EventDispute, HandMark, Remarks, Ruling, Weighed
from referee.views import matchtext as mt
from referee.views import sidebyside

if TYPE_CHECKING:
    from referee.games.api import Game

COLUMN = 24  # the width of a column of the side-by-side table

STATES = STATE_WORDS
MARKS: dict[HandMark, Msg] = {
    HandMark.unconfirmed: M("not confirmed"),
    HandMark.confirmed: M("confirmed"),
    HandMark.disputed: M("disputed"),
    HandMark.ruled: M("ruled, not confirmed since"),
}


class Sides(NamedTuple):
    """How a match's dispute texts name its deals and its sides: a deal as the game's sentences name it
    (``Game.deal_named``: ``hand 3`` / ``第 3 副``, ``deal 3`` / ``第3局``); a side that is a seat with its player, as
    a Gunzi table and a Dou Dizhu step name one (``seat 2 (李四)`` / ``座位 2（李四）``, ``E (张伟)`` / ``东（张伟）``);
    a partnership (Gunzi's ``EW`` 东西) by its word, as ever."""

    game: Game
    players: Mapping[str, str]  # each side's player where the match names one (``Summary.participants``)

    def deal(self, deal: int) -> Msg:
        return self.game.deal_named(deal)

    def side(self, side: str) -> Msg:
        if side not in self.game.seats:  # a partnership
            return form("{side:side}", side=side)
        name = self.players.get(side)
        if side.isdigit():  # a seat written as a number is a seat's number: "seat 2", as the steps say it
            if name:
                return M("seat {seat} ({name})", seat=side, name=name)
            return M("seat {seat}", seat=side)
        return M("{seat:seat} ({name})", seat=side, name=name) if name else form("{seat:seat}", seat=side)


def sides_of(game: Game, result: Any) -> Sides:
    """The words of a match's disputes, its players named as its summary names them."""
    return Sides(game, {p.key: p.name for p in game.summarize(result).participants() if p.name})


def state_word(state: DisputeState, lang: str) -> str:
    return STATES[state].text(lang)


def mark_word(mark: HandMark, lang: str) -> str:
    return MARKS[mark].text(lang)


def summary_line(match_id: str, d: Dispute, lang: str, sides: Sides) -> str:
    """``dispute 1 of T3: hand 3, NS claims “the kitty held 25” — open``."""
    return tr(lang, "dispute {number} of {match}: {deal}, {team} claims “{claim}” — {state}", number=d.number,
              match=match_id, deal=sides.deal(d.hand), team=sides.side(d.by), claim=d.claim, state=STATES[d.state])


def alternative_msg(w: Weighed, k: int) -> Msg:
    alt = w.dispute.alternatives[k - 1]
    old = dict(w.lines).get(alt.target, "?")
    return M("alternative {k}: #{seq} `{new}` instead of `{old}`",
             k=k, seq=alt.target, new=alt.directive, old=old)


def ruling_msg(r: Ruling, director: bool) -> Msg:
    if r.uphold:
        what = M("the ruling is upheld")
    elif r.alternative is not None:
        what = M("alternative {k} (amend #{amend})", k=r.alternative,
                 amend=r.amend if r.amend is not None else "-")
    elif r.amend is not None:
        what = M("the record as it was (amend #{amend})", amend=r.amend)
    else:
        what = M("the record stands")
    if director:
        return M("director's decision #{seq} by {who} ({time}): {what}; reason: {reason}; chain head {head}",
                 seq=r.seq, who=r.referee, time=_time(r.time), what=what, reason=r.reason, head=r.head[:12])
    return M("ruling #{seq} by {who} ({time}): {what}; reason: {reason}; chain head {head}",
             seq=r.seq, who=r.referee, time=_time(r.time), what=what, reason=r.reason, head=r.head[:12])


def _time(stamp: str) -> str:
    return stamp.replace("T", " ").replace("Z", "")[:19]


def history(d: Dispute, lang: str, sides: Sides) -> list[str]:
    """The dispute's course: raised, ruled, appealed, decided."""
    out = [tr(lang, "raised #{seq} by {team}, entered by {who} ({time}); claim: {claim}",
              seq=d.seq, team=sides.side(d.by), who=d.referee, time=_time(d.time), claim=d.claim)]
    if d.ruling is not None:
        out.append(ruling_msg(d.ruling, director=False).text(lang))
    if d.appeal is not None:
        a = d.appeal
        out.append(tr(lang, "appeal #{seq} by {team}, entered by {who} ({time}){reason}",
                      seq=a.seq, team=sides.side(a.by), who=a.referee, time=_time(a.time),
                      reason=tr(lang, "; reason: {reason}",
                                reason=a.reason) if a.reason else ""))
    if d.decision is not None:
        out.append(ruling_msg(d.decision, director=True).text(lang))
    return out


def _steps(game: Game, result: Any, hand: int, lang: str, cited: dict[str, None]) -> list[str]:
    """The deal's settlement step by step as ``referee explain`` words it, noting the sections it cites."""
    from referee.views.clauses import sections

    text = game.explain_view(result, hand, lang) if hand in game.settled_hands(result) else None
    if text is None:
        return ["    " + tr(lang, "(the {deal} is not settled)", deal=game.deal_nouns()[0])]
    out = []
    for line in text.splitlines():
        out.append("    " + line)
        for section in sections(line):
            cited.setdefault(section)
    return out


def quoted_clauses(cited: Sequence[str], lang: str, game: str) -> list[str]:
    """Each cited section with its text from the game's rules statement (in the reader's language where it has
    it)."""
    from referee.views.clauses import clause

    out = []
    for section in cited:
        c = clause(section, game)
        if c is not None:
            out.append(f"  {section}  {c.quoted(lang)}")
    return out


def columns(w: Weighed) -> list[Any]:
    """The match as stored, then with each alternative in place: the columns a weighing sets side by side."""
    return [w.recorded] + [what.changed for _, what in w.alternatives]


def fact_rows(w: Weighed, lang: str) -> list[sidebyside.Row]:
    """The side-by-side rows: the deals from the disputed one on, then the match."""
    return sidebyside.rows(w.game, columns(w), w.dispute.hand, lang)


def side_by_side(w: Weighed, lang: str) -> list[str]:
    """The deals from the disputed one on and the match, as stored and with each alternative."""
    heads = [tr(lang, "as stored")] + [tr(lang, "alternative {k}", k=k) for k, _ in w.alternatives]
    return sidebyside.table(w.game, fact_rows(w, lang), heads, COLUMN, lang)


def weighed_lines(w: Weighed, lang: str) -> list[str]:
    """``referee dispute ID show D``."""
    d = w.dispute
    sides = sides_of(w.game, w.recorded)
    out = [summary_line(w.match_id, d, lang, sides), *("  " + line for line in history(d, lang, sides)), "",
           tr(lang, "record lines of {deal}:", deal=sides.deal(d.hand))]
    out += [f"  #{seq:<4} {mt._safe(text)}" for seq, text in w.lines]
    if w.alternatives:
        out += ["", tr(lang, "alternatives weighed:")]
        out += ["  " + alternative_msg(w, k).text(lang) for k, _ in w.alternatives]
        for k, what in w.alternatives:
            if what.new_errors:
                out.append("  " + tr(lang, "alternative {k} leaves these problems:",
                                     k=k))
                out += mt.error_lines(what.new_errors, lang, "    ")
    out += ["", *side_by_side(w, lang), "", tr(lang, "* marks what an alternative changes.")]
    cited: dict[str, None] = {}
    out += ["", tr(lang, "settlement of {deal} as stored, step by step:",
                   deal=sides.deal(d.hand))]
    out += _steps(w.game, w.recorded, d.hand, lang, cited)
    for k, what in w.alternatives:
        out += [tr(lang, "with alternative {k}:", k=k)]
        out += _steps(w.game, what.changed, d.hand, lang, cited)
    quoted = quoted_clauses(list(cited), lang, w.game.key)
    if quoted:
        out += ["", tr(lang, "the clauses cited ({doc}):", doc=f"docs/{w.game.key}-rules.md"),
                *quoted]
    if d.state is DisputeState.open:
        out += ["", tr(lang, "next: referee dispute {match} rule {number} --keep | --alt K --reason TEXT",
                       match=w.match_id, number=d.number)]
    return out


def event_lines(event_id: str, found: Sequence[EventDispute], lang: str, sides: Mapping[str, Sides]) -> list[str]:
    """``referee event disputes EV``: one line a dispute, round by round (*sides*: each match's words)."""
    if not found:
        return [tr(lang, "event {event}: no disputes", event=event_id)]
    out = [tr(lang, "disputes of event {event}:", event=event_id)]
    for e in found:
        out.append(tr(lang, "round {round}, table {table}: {line}",
                      round=e.round, table=e.table, line=summary_line(e.match_id, e.dispute, lang, sides[e.match_id])))
        final = e.dispute.final
        if final is not None:
            out.append("    " + ruling_msg(final, director=e.dispute.decision is not None).text(lang))
    return out


def _ruling_data(r: Ruling | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"seq": r.seq, "keep": r.keep, "alternative": r.alternative, "amend": r.amend, "uphold": r.uphold,
            "reason": r.reason, "referee": r.referee, "time": r.time, "head": r.head}


def dispute_data(match_id: str, d: Dispute) -> dict[str, Any]:
    """A dispute for other tools (``--json``): its fields, in no language."""
    return {
        "match": match_id, "number": d.number, "seq": d.seq, "hand": d.hand, "by": d.by, "claim": d.claim,
        "referee": d.referee, "time": d.time, "state": d.state.value,
        "alternatives": [{"number": a.number, "seq": a.target, "directive": a.directive} for a in d.alternatives],
        "ruling": _ruling_data(d.ruling),
        "appeal": None if d.appeal is None else {"seq": d.appeal.seq, "by": d.appeal.by, "reason": d.appeal.reason,
                                                  "referee": d.appeal.referee, "time": d.appeal.time},
        "decision": _ruling_data(d.decision),
    }


def event_data(event_id: str, found: Sequence[EventDispute]) -> dict[str, Any]:
    return {"event": event_id,
            "disputes": [{"round": e.round, "table": e.table, **dispute_data(e.match_id, e.dispute)} for e in found]}


def hand_marks(remarks: Remarks, hands: Sequence[int], lang: str, deals: Msg) -> str | None:
    """``status``'s line of the settled hands by mark, *deals* the game's word for them (``Game.deal_nouns``):
    ``settled hands — confirmed: 1; disputed: 2; not confirmed: 3, 4``."""
    if not hands:
        return None
    by_mark: dict[HandMark, list[int]] = {}
    for n in hands:
        by_mark.setdefault(remarks.mark(n), []).append(n)
    parts = [M("{mark}: {hands:list}", mark=MARKS[mark], hands=by_mark[mark])
             for mark in HandMark if mark in by_mark]
    return tr(lang, "settled {deals} — {marks}", deals=deals, marks=mt.semicolons(parts))
