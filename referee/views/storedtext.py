"""What a command says of an entry it stored, for every game: the one style of ``record``, the corrections, guided
entry and the web's entry page.

``stored #12 in T3 (by 王裁判): points 25`` for each entry (an undo or void names what it took back, an amend what it
put in place, a correction its reason), ``re-settled: …`` for each deal a correction changed, and ``next: …``: what
the game expects next (``Game.expected``; what the deal in progress lacks, ``Game.pending``, when it expects
nothing more). Gunzi's directives carry their gloss and its hands their settlement (``views.matchtext``); the
other games' directives are shown as stored and a re-settled deal as its row of the scorecard's table
(``Game.scorecard_rows``), so that the terminal, the web and the PDF print the same cells.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from referee.core.i18n import M, Msg, literal, tr

if TYPE_CHECKING:
    from referee.games.api import Game, GameTable
    from referee.store.chain import StoredEntry

GUNZI = "gunzi"  # the game whose directives and hands have views of their own (views.matchtext)


def directive_text(game: Game, directive: str) -> Msg:
    """A stored directive as the output shows it: Gunzi's with the gloss of its keyword where the language adds one."""
    if game.key == GUNZI:
        from referee.views.matchtext import directive_line

        return directive_line(directive)
    return literal(directive)


def what_of(game: Game, entry: StoredEntry, taken: str = "") -> Msg:
    """What *entry* stored: its directive; for a correction what it did (*taken*: the directive in effect at its
    target before it, what an undo or void took back) and why."""
    from referee.views.matchtext import correction

    directive = entry["directive"]
    if entry["kind"] == "event":
        return directive_text(game, directive)
    what = correction(entry["kind"], entry.get("target"), directive_text(game, directive) if directive else "",
                      directive_text(game, taken) if taken else "")
    if entry.get("reason"):
        what = M("{what} (reason: {reason})", what=what, reason=entry["reason"])
    return what


def stored_lines(game: Game, match_id: str, entries: Iterable[StoredEntry], lang: str, taken: str = "") -> list[str]:
    """``stored #N in MATCH (by X): …``, one line an entry."""
    from referee.views.matchtext import stored_line

    return [stored_line(e, match_id, what_of(game, e, taken), lang) for e in entries]


def next_line(game: Game, result: Any, lang: str) -> str:
    """``next: …``: the directives the game expects next, else what the deal in progress still lacks, else that the
    match is over."""
    if game.key == GUNZI:
        from referee.views.matchtext import next_line as gunzi_next

        return gunzi_next(result, lang)
    expected = game.expected(result)
    if expected:  # the forms are input words, the same in each language
        return tr(lang, "next: {what}", what=" / ".join(expected))
    pending = game.pending(result)
    if pending:
        from referee.views.matchtext import semicolons

        return tr(lang, "next: {what}", what=semicolons([e.msg for e in pending]))
    return tr(lang, "next: nothing, the match is over")


def resettled_lines(game: Game, before: Any, after: Any, lang: str) -> list[str]:
    """Each deal a correction changed (or completed), as now settled; one line saying so when it changed none."""
    lines: list[str] = []
    if game.key == GUNZI:
        from referee.views import matchtext

        for hand in matchtext.changed_hands(before, after):
            lines.append(tr(lang, "re-settled:"))
            lines += matchtext.settlement(hand, after, lang)
    else:
        lines = [tr(lang, "re-settled: {deal}", deal=deal)
                 for deal in _changed(game, before, after, lang)]
    return lines or [tr(lang, "re-settled: no result changed")]


def settled_lines(game: Game, before: Any, after: Any, lang: str) -> list[str]:
    """Each deal of a game other than Gunzi that recording settled (what it pays changed: an ``out``, a spring
    claimed after it), as its row of the scorecard's table; Gunzi's settled hands have their own view
    (``matchtext.settlement``)."""
    return [tr(lang, "settled: {deal}", deal=deal)
            for deal in _changed(game, before, after, lang, paid=True)]


def _changed(game: Game, before: Any, after: Any, lang: str, paid: bool = False) -> list[str]:
    """The deals *after* settles otherwise than *before* (*paid*: only those whose payments changed), each as
    ``deal 1, landlord Cy, bid 3, …``: its row of the scorecard's table, heading and cell."""
    old, new = game.scorecard_rows(before, lang), game.scorecard_rows(after, lang)
    was = _deals(old)
    out = []
    for i, (row, facts) in enumerate(zip(new.rows, _deals(new), strict=True)):
        if i < len(was) and (was[i][1] == facts[1] if paid else was[i] == facts):
            continue
        if paid and i >= len(was) and not any(facts[1]):
            continue
        out.append(", ".join(f"{head} {cell}" for head, cell in zip(new.headings, row, strict=True) if cell))
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
