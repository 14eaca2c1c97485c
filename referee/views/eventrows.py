"""The rows of an event's tables — standings, entries, results, the cross table — worded in a
language: one source for the PDF report and the XLSX workbook, so the two never disagree.

Values stay typed (numbers are ints, a criterion that does not apply is None); the PDF prints them
with ``cell_text``, the workbook writes numbers as numbers.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from referee.core.i18n import pgettext, tr
from referee.games.api import Summary
from referee.tournament.model import DirectorResult, Pair, Round
from referee.tournament.scoring import Criterion, Scoring, ScoringError
from referee.tournament.standings import Standings, TableOutcome, table_outcome
from referee.views import eventwords as words

Cell = str | int | None


class Column(NamedTuple):
    head: str
    numeric: bool = False  # centred in the PDF
    signed: bool = False  # a difference or a balance: printed +3


class Sheet(NamedTuple):
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]


def check_known(pairs: Sequence[Pair], rounds: Sequence[Round], standings: Standings | None = None) -> dict[str, Pair]:
    """The pairs by code; a ``RefereeError`` naming the pair when a round or the standings name one
    that is not an entry (the sheets would otherwise fail half-way)."""
    from referee.core.errors import RefereeError
    from referee.core.i18n import M

    by_code = {p.code: p for p in pairs}
    named = [(r.number, code) for r in rounds for t in r.tables for code in (t.ew, t.ns)]
    named += [(r.number, r.bye) for r in rounds if r.bye is not None]
    named += [(r.number, code) for r in rounds for code in r.requested]
    for number, code in named:
        if code not in by_code:
            raise RefereeError(M("round {round}: pair {pair} is not an entry of the event", round=number, pair=code))
    for row in standings.rows if standings is not None else ():
        if row.pair not in by_code:
            raise RefereeError(M("the standings name pair {pair}, which is not an entry of the event", pair=row.pair))
    return by_code


def cell_text(value: Cell, column: Column) -> str:
    if value is None:
        return ""
    if isinstance(value, int) and column.signed and value > 0:
        return f"+{value}"
    return str(value)


def natural(code: str) -> list[str | int]:
    """A sort key putting A2 before A10 (the order a club's list is read in)."""
    return [int(t) if i % 2 else t.casefold() for i, t in enumerate(re.split(r"(\d+)", code))]


@functools.lru_cache(maxsize=64)
def _list_separator(lang: str) -> str:
    return pgettext(lang, "list", ", ")


def players(pair: Pair, lang: str) -> str:
    """The two players, joined as the language lists names (``张三、李四``)."""
    return _list_separator(lang).join((pair.player1, pair.player2))


def status(pair: Pair, lang: str) -> str:
    """Empty for a pair still playing, else why it left."""
    return "" if pair.active else words.withdrawn_reason(pair.withdrawn_reason, lang)


def counted(summary: Summary) -> tuple[int, int]:
    """The games EW:NS as the standings count them, read from the game-neutral outcome of each side (a forfeit
    is already games-to-win : 0 for the side not forfeiting)."""
    o = table_outcome(summary)
    return o.ew, o.ns


@functools.lru_cache(maxsize=64)
def team_word(side: str, lang: str) -> str:
    return pgettext(lang, "team", side)


def standings_sheet(pairs: Sequence[Pair], standings: Standings, lang: str, *, split_players: bool = True) -> Sheet:
    """A row per pair in rank order: its record, then every tie-break of the scoring by its name."""
    by_code = {p.code: p for p in pairs}
    extra = [c for c in standings.criteria if c is not Criterion.match_points]
    who = ((Column(tr(lang, "Player 1")), Column(tr(lang, "Player 2"))) if split_players
           else (Column(tr(lang, "Players")),))
    columns = (
        Column(tr(lang, "Rank"), numeric=True), Column(tr(lang, "Pair")), *who,
        Column(tr(lang, "Club")), Column(tr(lang, "Status")),
        Column(tr(lang, "Played"), numeric=True), Column(tr(lang, "Won"), numeric=True),
        Column(tr(lang, "Lost"), numeric=True), Column(tr(lang, "Byes"), numeric=True),
        Column(words.heading(words.criterion_name(Criterion.match_points, lang)), numeric=True),
        Column(tr(lang, "Games won"), numeric=True), Column(tr(lang, "Games lost"), numeric=True),
        *(Column(words.heading(words.criterion_name(c, lang)), numeric=True, signed=c in words.SIGNED)
          for c in extra),
    )
    rows = []
    for r in standings.rows:
        p = by_code[r.pair]
        names: tuple[str, ...] = (p.player1, p.player2) if split_players else (players(p, lang),)
        rows.append((r.rank, r.pair, *names, p.club, status(p, lang), r.played, r.won, r.lost, r.byes,
                     r.match_points, r.games_won, r.games_lost, *(r.tiebreaks[c] for c in extra)))
    return Sheet(columns, tuple(rows))


def entries_sheet(pairs: Sequence[Pair], lang: str) -> Sheet:
    columns = (Column(tr(lang, "Pair")), Column(tr(lang, "Player 1")),
               Column(tr(lang, "Player 2")), Column(tr(lang, "Club")),
               Column(tr(lang, "Status")))
    return Sheet(columns, tuple((p.code, p.player1, p.player2, p.club, status(p, lang)) for p in pairs))


def _outcome(match_id: str, summaries: Mapping[str, Summary],
             results: Mapping[str, DirectorResult] | None) -> TableOutcome | None:
    """A table's outcome; None when nothing is recorded and the director gave no result."""
    given = (results or {}).get(match_id)
    s = summaries.get(match_id)
    return None if s is None and given is None else table_outcome(s, given)


def match_points(o: TableOutcome, scoring: Scoring | None) -> tuple[int | None, int | None]:
    """The match points each side scored at a finished table (None: unfinished, or a result the scoring
    has no points for)."""
    if not o.finished:
        return None, None
    if o.points is not None:
        return o.points
    if scoring is None:
        return None, None
    try:
        return scoring.points(o.ew, o.ns), scoring.points(o.ns, o.ew)
    except ScoringError:
        return None, None


def results_sheet(rounds: Sequence[Round], summaries: Mapping[str, Summary], lang: str, *,
                  with_round: bool = True, results: Mapping[str, DirectorResult] | None = None,
                  scoring: Scoring | None = None) -> Sheet:
    """Every match of the rounds, then each round's bye: the games as counted (EW and NS, numbers), the
    match points each pair scored (with *scoring*), the winning pair, its state (a director's result
    said as such, with its reason)."""
    columns = (
        *((Column(tr(lang, "Round"), numeric=True),) if with_round else ()),
        Column(tr(lang, "Table"), numeric=True), Column(tr(lang, "Match")),
        Column(tr(lang, "EW pair")), Column(tr(lang, "NS pair")),
        Column(tr(lang, "EW games"), numeric=True),
        Column(tr(lang, "NS games"), numeric=True),
        Column(tr(lang, "EW match points"), numeric=True),
        Column(tr(lang, "NS match points"), numeric=True),
        Column(tr(lang, "Winner")), Column(tr(lang, "Status")), Column(tr(lang, "Reason")),
    )
    rows: list[tuple[Cell, ...]] = []
    for rnd in sorted(rounds, key=lambda r: r.number):
        lead: tuple[Cell, ...] = (rnd.number,) if with_round else ()
        for t in rnd.tables:
            o = _outcome(t.match_id, summaries, results)
            given = (results or {}).get(t.match_id)
            if o is None:
                rows.append((*lead, t.number, t.match_id, t.ew, t.ns, None, None, None, None, None,
                             words.match_state_word(words.MatchState.not_started, lang), None))
                continue
            shown = o.kind is not None or o.finished or o.ew or o.ns  # a game won, or a result
            ew_points, ns_points = match_points(o, scoring)
            winner = None if o.winner is None else (t.ew if o.winner == "EW" else t.ns)
            rows.append((*lead, t.number, t.match_id, t.ew, t.ns, o.ew if shown else None, o.ns if shown else None,
                         ew_points, ns_points, winner, words.outcome_word(o, True, lang),
                         given.reason if given is not None else None))
        if rnd.bye is not None:
            rows.append((*lead, None, None, rnd.bye, None, None, None, None, None, None,
                         words.match_state_word(words.MatchState.bye, lang), None))
        for code in rnd.requested:
            rows.append((*lead, None, None, code, None, None, None, None, None, None,
                         tr(lang, "requested bye"), None))
    return Sheet(columns, tuple(rows))


def cross_entry(pair: str, rnd: Round, summaries: Mapping[str, Summary], lang: str,
                results: Mapping[str, DirectorResult] | None = None) -> str:
    """What *pair* did in *rnd*: its opponent, its seat and the games from its side (``B3 EW 2:1``; a
    director's result marked ``*``); the bye; or nothing (not paired: withdrawn, or entered later)."""
    if rnd.bye == pair:
        return words.match_state_word(words.MatchState.bye, lang)
    if pair in rnd.requested:
        return tr(lang, "requested bye")
    for t in rnd.tables:
        if pair in (t.ew, t.ns):
            side, other, opponent = ("EW", "NS", t.ns) if t.ew == pair else ("NS", "EW", t.ew)
            o = _outcome(t.match_id, summaries, results)
            if o is None:
                result = "–"
            elif o.points is not None:  # adjusted: the match points awarded
                mine, theirs = o.points if side == "EW" else o.points[::-1]
                result = f"{mine}:{theirs}*"
            else:
                result = f"{o.games(side)}:{o.games(other)}" + ("" if o.finished else "…") + ("*" if o.kind else "")
            return f"{opponent} {team_word(side, lang)} {result}"  # a code, a seat's word, digits: no sentence
    return ""


def cross_sheet(standings: Standings, rounds: Sequence[Round], summaries: Mapping[str, Summary],
                lang: str, results: Mapping[str, DirectorResult] | None = None) -> Sheet:
    """Pair × round, in rank order: each cell the pair's opponent, seat and result that round."""
    ordered = sorted(rounds, key=lambda r: r.number)
    columns = (Column(tr(lang, "Rank"), numeric=True), Column(tr(lang, "Pair")),
               *(Column(tr(lang, "R{n}", n=r.number)) for r in ordered),
               Column(words.heading(words.criterion_name(Criterion.match_points, lang)), numeric=True))
    rows: list[tuple[Cell, ...]] = []
    for r in standings.rows:
        rows.append((r.rank, r.pair, *(cross_entry(r.pair, rnd, summaries, lang, results) for rnd in ordered),
                     r.match_points))
    return Sheet(columns, tuple(rows))


def matrix_sheet(standings: Standings, rounds: Sequence[Round], summaries: Mapping[str, Summary], lang: str,
                 results: Mapping[str, DirectorResult] | None = None) -> Sheet:
    """The N×N cross table of a round robin: a row per pair in rank order, a column per opponent (numbered
    as the rows), each cell the games from the row pair's side (``2:1``; ``…`` unfinished; ``*`` the
    director's result, an adjusted one as its match points), ``×`` on the diagonal, empty where the two
    have not met yet; then the match points."""
    order = [r.pair for r in standings.rows]
    number = {code: i for i, code in enumerate(order, 1)}
    cells: dict[tuple[str, str], list[str]] = {}
    for rnd in sorted(rounds, key=lambda r: r.number):
        for t in rnd.tables:
            o = _outcome(t.match_id, summaries, results)
            for side, other, me, them in (("EW", "NS", t.ew, t.ns), ("NS", "EW", t.ns, t.ew)):
                if o is None:
                    text = "–"
                elif o.points is not None:
                    mine, theirs = o.points if side == "EW" else o.points[::-1]
                    text = f"{mine}:{theirs}*"
                else:
                    text = f"{o.games(side)}:{o.games(other)}" + ("" if o.finished else "…") + ("*" if o.kind else "")
                cells.setdefault((me, them), []).append(text)
    columns = (Column(tr(lang, "Rank"), numeric=True), Column(tr(lang, "No."), numeric=True),
               Column(tr(lang, "Pair")), *(Column(str(number[c]), numeric=True) for c in order),
               Column(words.heading(words.criterion_name(Criterion.match_points, lang)), numeric=True))
    rows: list[tuple[Cell, ...]] = []
    for r in standings.rows:
        row = ["×" if c == r.pair else " ".join(cells.get((r.pair, c), [])) for c in order]
        rows.append((r.rank, number[r.pair], r.pair, *row, r.match_points))
    return Sheet(columns, tuple(rows))
