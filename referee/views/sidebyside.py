"""Settlements side by side, for a match of any game: the record as stored and with one directive replaced
(``referee whatif``), or with each alternative a dispute weighs. The rows are the game's facts of each deal
from the first one the change can touch, then the match's (``Game.deal_facts``, ``Game.match_facts``); a row
is marked where its cells differ."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.core.i18n import Msg, tr
from referee.views import matchtext as mt

if TYPE_CHECKING:
    from referee.games.api import Fact, Game
    from referee.store.disputes import Replaced


class Row(NamedTuple):
    deal: int | None  # None: a row of the match
    label: Msg
    cells: list[str]  # one a column
    changed: bool


def rows(game: Game, columns: Sequence[Any], first: int, lang: str) -> list[Row]:
    """The rows of the deals from *first* on that any column settled, then the match's."""
    out: list[Row] = []
    numbers = sorted({n for r in columns for n in game.settled_hands(r) if n >= first})
    for n in numbers:
        out += _compared(n, [game.deal_facts(r, n, lang) for r in columns])
    out += _compared(None, [game.match_facts(r, lang) for r in columns])
    return out


def _compared(deal: int | None, facts: Sequence[tuple[Fact, ...] | None]) -> list[Row]:
    labels = next((f for f in facts if f is not None), ())
    out = []
    for i, fact in enumerate(labels):
        cells = [f[i].cell if f is not None and i < len(f) else "-" for f in facts]
        if any(cells):  # a column the deal leaves empty everywhere (a redealt deal's bid) says nothing
            out.append(Row(deal, fact.label, cells, any(c != cells[0] for c in cells)))
    return out


def table(game: Game, found: Sequence[Row], heads: Sequence[str], width: int, lang: str) -> list[str]:
    """The rows as text: a heading a deal (``hand 3``) and the match, ``*`` where a row's cells differ."""
    out = [" " * (mt.LABEL + 3) + "".join(mt.pad(h, width) for h in heads).rstrip()]
    deal: int | None | str = ""
    for row in found:
        if row.deal != deal:
            out.append(game.deal_title(row.deal).text(lang) if row.deal is not None else tr(lang, "match"))
            deal = row.deal
        out.append((f" {'*' if row.changed else ' '} {mt.pad(row.label.text(lang), mt.LABEL)}" +
                    "".join(mt.pad(c, width) for c in row.cells)).rstrip())
    return out


def whatif_table(game: Game, w: Replaced, match_id: str, lang: str) -> list[str]:
    """The match as recorded and as it would be with event ``w.seq`` replaced, side by side."""
    out = [tr(lang, "What if, in match {match}, seq {seq} were `{new}` instead of `{old}`", match=match_id, seq=w.seq,
              new=w.new, old=w.old),
           tr(lang, "(nothing is stored)"), ""]
    found = rows(game, [w.recorded, w.changed], w.first_deal, lang)
    out += table(game, found, [tr(lang, "as recorded"), tr(lang, "what if")], mt.COLUMN, lang)
    out.append("")
    if any(r.changed for r in found):
        out.append(tr(lang, "* marks what changes."))
    else:
        out.append(tr(lang, "Nothing in the outcome changes."))
    if w.new_errors:
        out.append(tr(lang, "With that change the record would have these problems:"))
        out += mt.error_lines(w.new_errors, lang)
    return out
