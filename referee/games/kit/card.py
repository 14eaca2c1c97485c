"""The scorecard's sections made from a game's table (``api.GameTable``), and what a stored entry says of the
deals a correction changed: what a game whose scorecard row says all a deal settled to offers the views.

Pure text and data: the PDF (``views.scorecard``) lays the sections out. A game with more to say (Gunzi's levels,
its games and notes) builds its own :class:`~referee.games.api.Scorecard` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.core.i18n import M, Msg, join, literal, tr
from referee.games.api import CardTable, Chart, GameTable, Header, Scorecard, Series, Summary

TITLE = M("{game} scorecard")
FACTS = (("event", M("Event")), ("date", M("Date")), ("rules", M("Rules")), ("round", M("Round")),
         ("table", M("Table")), ("referee", M("Referee")))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def header_facts(header: Header | None, rules: str, referee: str, lang: str) -> tuple[tuple[str, str], ...]:
    """The header's facts as the card prints them, label and value: event, date, rules, round, table, referee (who
    recorded the entries where the header names none)."""
    out = []
    for key, label in FACTS:
        value = rules if key == "rules" else getattr(header, key, None)
        text = "" if value in (None, "") else str(value)
        if key == "referee" and not text:
            text = referee
        out.append((label.text(lang), text))
    return tuple(out)


def title(game: Msg, header: Header | None, lang: str) -> str:
    """``Dou Dizhu scorecard  DDZ-N1-T2``."""
    match_id = header.id if header is not None else ""
    return f"{TITLE.bind(game=game).text(lang)}  {match_id}".strip()


def running_chart(table: GameTable, lang: str) -> Chart | None:
    """Each player's running total deal by deal, from 0 before the first deal (None: no deal yet)."""
    if not table.running:
        return None
    series = tuple(Series(f"{name} {signed(table.totals[p])}",
                          ((0.0, 0), *((float(i), row[p]) for i, row in enumerate(table.running, 1))), p)
                   for p, name in enumerate(table.players))
    return Chart(tr(lang, "Running totals, deal by deal") + f" ({table.unit})", tr(lang, "Deal"), table.unit,
                 series, signed=True)


def result_lines(summary: Summary, lang: str) -> tuple[str, ...]:
    """Each player's place and total, best first, then the winner (those sharing the first place), or that the match
    is not finished: the result as the game's own summary (``Game.summarize``) ranks it."""
    ranked = sorted(((summary.outcome(p.key), p) for p in summary.participants()), key=lambda op: op[0].placement)
    places = [f"{o.placement}. {p.name or p.key} {signed(o.score)}" for o, p in ranked]
    lines = [tr(lang, "Places: {places:list}", places=places)] if places else []
    if not summary.finished:
        return (*lines, M("Match not finished").text(lang))
    first = [p.name or p.key for o, p in ranked if o.placement == 1]
    return (*lines, M("Winner: {team}").bind(team=join(lang, first)).text(lang))


def scorecard(game: Msg, header: Header | None, table: GameTable, lang: str, rules: str,
              referee: str = "", summary: Summary | None = None) -> Scorecard:
    """The card of a game whose table says it all: its totals, each player's place and the winner (*summary*), the
    running totals' chart, the deals, a line to sign for each player and the referee."""
    facts = header_facts(header, rules, referee, lang)
    totals = CardTable("", table.players, (tuple(signed(v) for v in table.totals),))
    referee_line = f"{M('Referee').text(lang)} {facts[-1][1]}".strip()
    texts = [*table.players, *(v for _, v in facts)]  # the record's own words: names, the header's values
    lines = result_lines(summary, lang) if summary is not None else ()
    return Scorecard(title(game, header, lang), facts, (), tr(lang, "Totals") + f" ({table.unit})", lines, totals,
                     running_chart(table, lang), CardTable(tr(lang, "Deal by deal"), table.headings, table.rows),
                     (), (*table.players, referee_line), tuple(t for t in texts if t))


def joined(items: Sequence[Msg]) -> Msg:
    """Problems joined the way the language separates clauses (``; `` / ``；``)."""
    if not items:
        return literal("")
    if len(items) == 1:
        return items[0]
    return M("{first}; {rest}", first=items[0], rest=joined(items[1:]))


def changed_deals(before: GameTable, after: GameTable, paid: bool = False) -> list[str]:
    """The deals *after* settles otherwise than *before* (*paid*: only those whose payments changed), each as
    ``deal 1, landlord Cy, bid 3, …``: its row of the scorecard's table, heading and cell."""
    was = _deals(before)
    out = []
    for i, (row, facts) in enumerate(zip(after.rows, _deals(after), strict=True)):
        if i < len(was) and (was[i][1] == facts[1] if paid else was[i] == facts):
            continue
        if paid and i >= len(was) and not any(facts[1]):
            continue
        out.append(", ".join(f"{head} {cell}" for head, cell in zip(after.headings, row, strict=True) if cell))
    return out


def _deals(table: GameTable) -> list[tuple[list[str], tuple[int, ...]]]:
    """Each deal's own cells and what it paid each player: what a correction is judged to change (the running totals
    of every later deal follow a change of one; they are not a change of those deals)."""
    own = [i for i, head in enumerate(table.headings) if head not in table.players]
    out = []
    previous = (0,) * len(table.players)
    for row, running in zip(table.rows, table.running, strict=True):
        out.append(([row[i] for i in own], tuple(b - a for a, b in zip(previous, running, strict=True))))
        previous = running
    return out


def header_of(result: Any) -> Header | None:
    """A result's match header (every game's result keeps it as ``header``)."""
    return getattr(result, "header", None)
