"""What a command says of an entry it stored, for every game: the one style of ``record``, the corrections, guided
entry and the web's entry page.

``stored #12 in T3 (by 王裁判): points 25`` for each entry (an undo or void names what it took back, an amend what it
put in place, a correction its reason), ``re-settled: …`` for each deal a correction changed, and ``next: …``: what
the game expects next (``Game.expected``; what the deal in progress lacks, ``Game.pending``, when it expects
nothing more). Each game words these through its interface (``Game.directive_text``, ``Game.next_text``,
``Game.resettled_lines``): a directive with its keyword's gloss, Gunzi's hands with their settlement, the other
games' deals as their rows of the scorecard's table (``Game.scorecard_rows``), so that the terminal, the web and the
PDF print the same cells.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from referee.core.i18n import M, Msg, tr

if TYPE_CHECKING:
    from referee.games.api import Game
    from referee.store.chain import StoredEntry

def directive_text(game: Game, directive: str) -> Msg:
    """A stored directive as the output shows it: with the gloss of its keyword where the language adds one
    (``Game.directive_text``)."""
    return game.directive_text(directive)


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
    match is over (``Game.next_text``: each game's own words)."""
    return game.next_text(result, lang)


def resettled_lines(game: Game, before: Any, after: Any, lang: str) -> list[str]:
    """Each deal a correction changed (or completed), as now settled (``Game.resettled_lines``); one line saying so
    when it changed none."""
    return game.resettled_lines(before, after, lang) or [tr(lang, "re-settled: no result changed")]


def settled_lines(game: Game, before: Any, after: Any, lang: str) -> list[str]:
    """Each deal that recording settled (what it pays changed: an ``out``, a spring claimed after it), as its row of
    the scorecard's table (``kit.card.changed_deals``)."""
    from referee.games.kit.card import changed_deals

    return [tr(lang, "settled: {deal}", deal=deal)
            for deal in changed_deals(game.scorecard_rows(before, lang), game.scorecard_rows(after, lang), paid=True)]
