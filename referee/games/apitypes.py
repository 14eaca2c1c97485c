"""The game interface's named tuples that a record does not use: a tournament's view of a match (a
:class:`Participant` and its :class:`Outcome`) and a match's :class:`Scorecard` with its tables and chart. Named
and documented as part of ``referee.games.api`` (which gives them by name, loading this module when first asked);
apart so that the commands that use none of them do not build them at start-up.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field); as types they are not.
from typing import NamedTuple


class Participant(NamedTuple):
    """One side of a match as a tournament enters it: a partnership (Gunzi's ``EW``/``NS``) or a player
    (a seat). ``key`` is the match's own name for it; ``name`` the team's or player's name in the header."""

    key: str
    name: str
    players: tuple[str, ...] = ()


class Outcome(NamedTuple):
    """What a tournament counts of one participant's finished match.

    ``won``/``lost`` are the games (Gunzi's 局, a deal of Dou Dizhu) the participant won and lost;
    ``placement`` is 1 for the winner (ties share a place); ``score`` the game's own running total (Gunzi's
    points ledger, coins at Dou Dizhu or mahjong); ``margin`` the game's tie-break difference (Gunzi: the
    level difference summed over games; 0 where a game has none)."""

    key: str
    won: int
    lost: int
    placement: int
    score: int
    margin: int = 0


class Series(NamedTuple):
    """One line of a scorecard's chart: its legend's label, its points (x, value) and its style (colour and dash: the
    same style for the lines of one side, a legend entry each)."""

    label: str
    points: tuple[tuple[float, int], ...]
    style: int


class Chart(NamedTuple):
    """A scorecard's chart: Gunzi's levels hand by hand, each player's running total elsewhere. *spans* are labelled
    stretches of x (Gunzi's games: a dashed line between them); *shown* the values the axis always shows
    (Gunzi's levels 3 to 10); *signed* whether the axis writes ``+5``."""

    title: str
    x_label: str
    y_label: str
    series: tuple[Series, ...]
    spans: tuple[tuple[str, float, float], ...] = ()
    shown: tuple[int, int] | None = None
    signed: bool = False


class CardTable(NamedTuple):
    """A ruled table of a scorecard: its heading (may be empty), column heads, rows of cells, column widths in points
    (None: as wide as their cells), the rows set in bold on a shaded ground (Gunzi's game ends, numbered from 1) and
    the columns set left (the others centred)."""

    heading: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...] | None = None
    marked: frozenset[int] = frozenset()
    left: frozenset[int] = frozenset()


class CardNote(NamedTuple):
    """A note of the record (a warning, a ruling, a time call) as the scorecard lists it, every word in its
    language: its line, kind, where and whom it concerns, its text."""

    line: int
    kind: str
    where: str
    who: str
    text: str


class Scorecard(NamedTuple):
    """A match's scorecard as the game offers it (:meth:`Game.scorecard`), in sections the PDF lays out in order:
    the title and header facts, the sides (a partnership and its players a row), the result (its heading, its
    lines: the last one large, and a table), the chart, the deals, the notes, the lines to sign; *texts* are the
    record's own words (names, the header's values: what a chosen font is checked for)."""

    title: str
    facts: tuple[tuple[str, str], ...]  # (label, value): event, date, rules, round, table, referee
    sides: tuple[tuple[str, ...], ...]
    result_heading: str
    result_lines: tuple[str, ...]
    result_table: CardTable | None
    chart: Chart | None
    deals: CardTable
    notes: tuple[CardNote, ...]
    signatures: tuple[str, ...]
    texts: tuple[str, ...]
