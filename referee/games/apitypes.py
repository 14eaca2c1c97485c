"""The game interface's named tuples that a record does not use: a tournament's view of a match (a
:class:`Participant` and its :class:`Outcome`), a match's :class:`Scorecard` with its tables and chart, the rule
sets' listing, a dispute's facts, a forced close, the time rule's ruling, an event's place and the web's tap pad. Named
and documented as part of ``referee.games.api`` (which gives them by name, loading this module when first asked);
apart so that the commands that use none of them do not build them at start-up.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field); as types they are not.
from typing import NamedTuple

from referee.core.i18n import Msg


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


class RuleSetInfo(NamedTuple):
    """A rule set as ``referee rules`` lists it: its name, title and the source it follows."""

    name: str
    title: str
    source: str


class GameTable(NamedTuple):
    """A match deal by deal in the game's own columns, and each player's running total: what the scorecard PDF
    and the web's match page show of a match of any game (:meth:`Game.scorecard_rows`). Every text is already in
    the language asked for; every number is one the game's engine settled."""

    headings: tuple[str, ...]  # the column heads
    rows: tuple[tuple[str, ...], ...]  # one a deal (a redealt or unsettled one too), a cell per heading
    players: tuple[str, ...]  # each player (or side) whose total runs: its seat and name
    running: tuple[tuple[int, ...], ...]  # per row: each player's running total after that deal
    totals: tuple[int, ...]  # each player's total over the match
    unit: str  # what the totals count (coins, points, the ledger)


class Fact(NamedTuple):
    """One thing a deal (or the match) settled to, as a dispute's side-by-side table shows it: its label (a
    message: a ruling sheet prints it in both languages) and its value in the language asked for. Two
    settlements differ where a fact's cell differs."""

    label: Msg
    cell: str


class ForcedEnd(NamedTuple):
    """How a forced close of an event's round (``event close --force``) ends a match left unfinished: for which side
    the game's rule for a match stopped early decides it (None: the rule names no side, e.g. the sides are level:
    the director records the ruling), the record lines that end it for that side (each a ruling giving the
    *reason*), and each side's games won so far, in :attr:`Game.sides` order."""

    side: str | None
    lines: tuple[str, ...]
    standing: tuple[int, ...]


class TimeRuling(NamedTuple):
    """What a game's time rule decides when time is called (:meth:`Game.time_call`): the game's code of the
    decision (Gunzi's ``TimeCall``: higher, first, tie; ``ends`` where the match ends with its deal in
    progress), the side or seat it favours (None: a ruling, or nobody in particular), and what ``status`` says."""

    code: str
    side: str | None
    says: Msg


class Where(NamedTuple):
    """Where a match stands (:meth:`Game.where`): the timed unit in play (Gunzi's 局; 1 where the match is
    timed whole), the deal in progress or the next one, and whether one is in progress."""

    unit: int
    deal: int
    in_deal: bool


class PadKey(NamedTuple):
    """One key of the phone's tap pad: what it shows (a message, in the reader's language) and the word it types
    into the directive, as the game's reader takes it (``out``, ``2``, ``10H``, ``self``)."""

    label: Msg
    text: str


class PadGroup(NamedTuple):
    """A row of the tap pad's keys of one kind: ``directive`` (the keywords), ``seat``, ``cards``, ``suit``,
    ``number`` (quick values of a count), ``word`` (the other words a directive takes: a bid, ``self``, a
    pattern, a tile). *name* tells the rows of a kind apart (a suit's cards: ``H``); *most* is how many times a
    directive may hold one key (a card of a game of three decks: 3). A ``directive`` key's label is the Chinese
    keyword the reader takes as well (``kitty`` 底牌): a Chinese page shows it beside the keyword, an English
    page the keyword alone."""

    kind: str
    name: str
    title: Msg
    keys: tuple[PadKey, ...]
    most: int = 1
