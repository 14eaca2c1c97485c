"""The printed sheets of an event: a round's sheet (pairing lists and table cards) and the standings
report (standings, cross table, every round's results), as PDF.

ReportLab, like the scorecard, with the scorecard's font policy (``referee.views.scorecard.fonts``): an
installed Chinese TrueType font embedded by default, chosen for the words the document prints (a first
pass gathers them), else the CID font STSong-Light with Latin runs in Helvetica; a caller may choose
(``font``: a path, ``cid``, or a function of the document's words). Imported inside the functions only,
so the CLI's start-up does not pay for it. Every page carries the event's name and its number. The
file goes through ``safefile.writing``: a failed build leaves the old file as it was.

A round's sheet is portrait A4: the pairing list by table (for the director), by pair (clubs post
both, so players find their table by their own name), then a card per table, three to a page, for the
referee to take to the table. The report is landscape: the standings carry every tie-break column.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.core.errors import UsageError
from referee.core.i18n import MN, M, is_chinese, listed, pgettext, tr
from referee.games.api import Summary
from referee.tournament.model import DirectorResult, Pair, Round, RoundStatus
from referee.tournament.scoring import Scoring
from referee.tournament.seating import seat_players
from referee.tournament.standings import Standings
from referee.views import eventrows as rows
from referee.views import eventwords as words
from referee.views.outfile import written

if TYPE_CHECKING:
    from referee.views.scorecard.fonts import FontInfo

FontChoice = Callable[[Sequence[str]], "FontInfo"]  # the words a document prints → its font
Font = str | os.PathLike[str] | FontChoice | None

MARGIN = 12.0  # mm, each side
CARDS_PER_PAGE = 3  # a card is about 233 pt (82 mm) high: three and two cutting lines fit A4 (762 pt)
SHRINK = 0.9  # a cell's text is set at least this fraction of its size; wider, it wraps
CROSS_ROUNDS = 10  # rounds per cross table: more would make the cells too narrow to read
HEADER_FILL = (0.86, 0.88, 0.92)
STRIPE = (0.96, 0.96, 0.97)
GRID = (0.6, 0.6, 0.65)


class _Printer:
    """The fonts, styles and page furniture shared by both documents."""

    def __init__(self, lang: str, font: FontInfo) -> None:
        from reportlab.lib import colors
        from reportlab.lib.styles import ParagraphStyle

        from referee.views.scorecard.typo import Typo

        self.font = font
        self.texts: list[str] = []  # every text set, for the choice of a font that draws them all
        self.lang = lang
        self.typo = Typo(font)
        self.colors = colors
        fn = self.typo.cjk
        wrap = "CJK" if is_chinese(lang) else None
        self.s_title = ParagraphStyle("title", fontName=fn, fontSize=16, leading=20, spaceAfter=2)
        self.s_sub = ParagraphStyle("sub", fontName=fn, fontSize=12, leading=15, spaceAfter=6)
        self.s_h2 = ParagraphStyle("h2", fontName=fn, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4,
                                   textColor=colors.Color(0.1, 0.15, 0.35))
        self.s_body = ParagraphStyle("body", fontName=fn, fontSize=9, leading=12, wordWrap="CJK")
        self.s_head = ParagraphStyle("head", fontName=fn, fontSize=7, leading=8.5, alignment=1, wordWrap=wrap)

    def para(self, text: str, style: Any, bold: bool = False) -> Any:
        from referee.views.scorecard.linebreak import Para

        self.texts.append(text)
        return Para(self.typo.markup(text, bold), style)

    def heading(self, text: str) -> list[Any]:
        from reportlab.platypus import CondPageBreak

        return [CondPageBreak(90), self.para(text, self.s_h2)]  # a heading never ends a page alone

    def grid(self, sheet: rows.Sheet, widths: Sequence[float], size: float = 8.0,
             texts: Sequence[Sequence[str]] | None = None) -> Any:
        """A ruled, striped table of *sheet* (or of *texts*, its cells already worded), header repeated
        on each page; a Chinese cell in the Chinese font, a long name set smaller to fit its column."""
        from reportlab.platypus import LongTable, TableStyle

        from referee.views.scorecard.fonts import is_latin

        c = self.colors
        body = texts if texts is not None else [[rows.cell_text(v, col) for v, col in zip(row, sheet.columns,
                                                                                            strict=True)]
                                                 for row in sheet.rows]
        data: list[list[Any]] = [[self.para(col.head, self.s_head) for col in sheet.columns]]
        self.texts += [text for row in body for text in row]
        style: list[tuple[Any, ...]] = [
            ("FONT", (0, 0), (-1, -1), self.typo.latin, size),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ("GRID", (0, 0), (-1, -1), 0.3, c.Color(*GRID)),
            ("BACKGROUND", (0, 0), (-1, 0), c.Color(*HEADER_FILL)),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [c.white, c.Color(*STRIPE)]),
        ]
        for i, col in enumerate(sheet.columns):
            if col.numeric:
                style.append(("ALIGN", (i, 1), (i, -1), "CENTER"))
        for r, row in enumerate(body, 1):
            cells: list[Any] = []
            for i, text in enumerate(row):
                cell = self.fit(text, size, widths[i] - 4)
                if isinstance(cell, str) and cell and not is_latin(cell):
                    style.append(("FONT", (i, r), (i, r), self.typo.cjk, size))
                cells.append(cell)
            data.append(cells)
        table = LongTable(data, colWidths=list(widths), repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(style))
        return table

    def fit(self, text: str, size: float, width: float) -> Any:
        """A table cell of *text* in *width*: as it is when it fits, set a little smaller (to 90 %) when
        that is enough, else wrapped onto more lines at *size*, between words when it has spaces (a long
        name is never set tiny nor cut mid-word)."""
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.pdfbase.pdfmetrics import stringWidth

        from referee.views.scorecard import fonts
        from referee.views.scorecard.linebreak import Para

        wide = sum(stringWidth(piece, font, size) for font, piece in fonts.runs(text, self.typo.cjk, self.typo.latin))
        if wide <= width / SHRINK:
            return self.typo.cell(text, size, width=width)
        style = ParagraphStyle("wrapped", fontName=self.typo.cjk, fontSize=size, leading=size * 1.2,
                               wordWrap=None if " " in text.strip() else "CJK")
        return Para(self.typo.markup(text), style)

    def build(self, path: str | os.PathLike[str], story: list[Any], wide: bool, event: str, title: str) -> None:
        """Lay out *story* on A4 (landscape when *wide*) with the footer on every page, and write it."""
        from reportlab.lib.pagesizes import A4, landscape
        from reportlab.lib.units import mm
        from reportlab.platypus import SimpleDocTemplate

        from referee.views.scorecard.typo import draw_runs

        size = landscape(A4) if wide else A4
        footer = f"{event} · {title}"

        def on_page(canvas: Any, doc: Any) -> None:
            canvas.saveState()
            canvas.setFillColor(self.colors.grey)
            draw_runs(canvas, self.typo, MARGIN * mm, 7 * mm, footer, 7.5)
            draw_runs(canvas, self.typo, size[0] - MARGIN * mm, 7 * mm,
                      tr(self.lang, "Page {n}", n=doc.page), 7.5, "end")
            canvas.restoreState()

        with written(path) as buf:
            doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=MARGIN * mm, rightMargin=MARGIN * mm,
                                    topMargin=10 * mm, bottomMargin=14 * mm, title=f"{event} {title}", subject=event,
                                    creator="referee", invariant=True, lang="zh-CN" if is_chinese(self.lang) else "en")
            doc.build(story, onFirstPage=on_page, onLaterPages=on_page)

    def width(self, wide: bool) -> float:
        from reportlab.lib.pagesizes import A4, landscape
        from reportlab.lib.units import mm

        return float((landscape(A4) if wide else A4)[0] - 2 * MARGIN * mm)


def _printed(lang: str, font: Font, make: Callable[[_Printer], list[Any]]) -> tuple[_Printer, list[Any]]:
    """The printer and the story *make* builds with it, in the font *font* says: a path (or ``cid``) as
    given; a function, or None for the default policy (``fonts.register_default``), given every word
    the document prints, gathered by building the story once in the CID font (no layout: quick)."""
    from referee.views.scorecard.fonts import CID_CHOICE, FontError, register, register_default

    if font is None or callable(font):
        draft = _Printer(lang, register(CID_CHOICE))
        story = make(draft)
        texts = [*draft.texts, tr(lang, "Page {n}", n=1)]
        info = register_default(texts) if font is None else font(texts)
        if info == draft.font:
            return draft, story
    else:
        try:
            info = register(os.fspath(font))
        except FontError as e:
            raise UsageError(M("--font: {problem}", problem=e.msg)) from None
    pr = _Printer(lang, info)
    return pr, make(pr)


def _spread(weights: Sequence[float], total: float) -> list[float]:
    """Column widths in proportion to *weights*, filling *total*."""
    s = sum(weights)
    return [total * w / s for w in weights]


def _who(pair: Pair, lang: str) -> str:
    """A pair's players, and its club when it has one."""
    names = rows.players(pair, lang)
    if not pair.club:
        return names
    return tr(lang, "{players} ({club})", players=names, club=pair.club)


# --- a round's sheet ---------------------------------------------------------------------------

def _points(standings: Standings | None, code: str) -> int | None:
    """A pair's match points in the standings before the round (None: round 1, or a pair not ranked)."""
    if standings is None:
        return None
    row = next((r for r in standings.rows if r.pair == code), None)
    return None if row is None else row.match_points


def _by_table(rnd: Round, by_code: Mapping[str, Pair], lang: str, standings: Standings | None = None) -> rows.Sheet:
    """The tables in order; after round 1, each pair's match points before the round beside it."""
    points = standings is not None
    mp = (rows.Column(tr(lang, "Points"), numeric=True),) if points else ()
    columns = (rows.Column(tr(lang, "Table"), numeric=True), rows.Column(tr(lang, "Match")),
               rows.Column(tr(lang, "EW pair")), *mp, rows.Column(tr(lang, "Players")),
               rows.Column(tr(lang, "NS pair")), *mp, rows.Column(tr(lang, "Players")))
    out = []
    for t in sorted(rnd.tables, key=lambda t: t.number):
        ew: tuple[rows.Cell, ...] = (_points(standings, t.ew),) if points else ()
        ns: tuple[rows.Cell, ...] = (_points(standings, t.ns),) if points else ()
        out.append((t.number, t.match_id, t.ew, *ew, _who(by_code[t.ew], lang), t.ns, *ns, _who(by_code[t.ns], lang)))
    return rows.Sheet(columns, tuple(out))


def _by_pair(rnd: Round, by_code: Mapping[str, Pair], lang: str, standings: Standings | None = None) -> rows.Sheet:
    """Every pair by its code: where it plays; after round 1, its rank and match points before the round."""
    ranked = standings is not None
    extra = (rows.Column(tr(lang, "Rank"), numeric=True),
             rows.Column(tr(lang, "Points"), numeric=True)) if ranked else ()
    columns = (rows.Column(tr(lang, "Pair")), *extra, rows.Column(tr(lang, "Players")),
               rows.Column(tr(lang, "Club")), rows.Column(tr(lang, "Table"), numeric=True),
               rows.Column(tr(lang, "Seat"), numeric=True), rows.Column(tr(lang, "Opponent")))
    rank = {r.pair: r.rank for r in standings.rows} if standings is not None else {}

    def lead(code: str) -> tuple[rows.Cell, ...]:
        return (rank.get(code), _points(standings, code)) if ranked else ()

    out: list[tuple[rows.Cell, ...]] = []
    for t in rnd.tables:
        for code, side, other in ((t.ew, "EW", t.ns), (t.ns, "NS", t.ew)):
            p = by_code[code]
            out.append((code, *lead(code), rows.players(p, lang), p.club, t.number, rows.team_word(side, lang),
                        other))
    if rnd.bye is not None:
        p = by_code[rnd.bye]
        out.append((p.code, *lead(p.code), rows.players(p, lang), p.club, None, None,
                    words.match_state_word(words.MatchState.bye, lang)))
    out.sort(key=lambda r: rows.natural(str(r[0])))
    return rows.Sheet(columns, tuple(out))


def _cells(pr: _Printer, body: Sequence[Sequence[str]], widths: Sequence[float], sizes: Sequence[float],
           bold_rows: int) -> tuple[list[list[Any]], list[tuple[Any, ...]]]:
    """Card cells, each in the font that prints it (the first *bold_rows* rows bold), and their FONT commands."""
    from referee.views.scorecard.fonts import is_latin

    typo = pr.typo
    pr.texts += [text for row in body for text in row]
    data: list[list[Any]] = []
    style: list[tuple[Any, ...]] = []
    for r, row in enumerate(body):
        bold = r < bold_rows
        cells: list[Any] = []
        for i, text in enumerate(row):
            rest = next((j for j in range(i + 1, len(row)) if row[j]), len(row))
            span = sum(widths[i:rest])  # a cell followed by empty ones spans them (the cards' SPANs)
            cell = typo.cell(text, sizes[r], bold=bold, width=span - 8) if text else ""
            font = typo.latin_bold if bold else typo.latin
            if isinstance(cell, str) and cell and not is_latin(cell):
                font = typo.cjk
            style.append(("FONT", (i, r), (i, r), font, sizes[r]))
            cells.append(cell)
        data.append(cells)
    return data, style


def _card(pr: _Printer, event: str, rnd: Round, table_no: int, match_id: str, seats: Mapping[str, str],
          teams: Mapping[str, Pair], width: float) -> Any:
    """One table's card: where the match is, who sits where, the result to fill in, three signatures."""
    from reportlab.platypus import Table, TableStyle

    lang, c = pr.lang, pr.colors
    blank = "_" * 14
    body: list[list[str]] = [
        [event, "", "", ""],
        [tr(lang, "Round {round} · Table {table}", round=rnd.number,
            table=table_no), "", tr(lang, "Match {id}", id=match_id), ""],
    ]
    for side, (a, b) in (("EW", ("E", "W")), ("NS", ("S", "N"))):
        p = teams[side]
        label = tr(lang, "{team:team}: pair {pair}", team=side, pair=p.code)
        body.append([label + (f" · {p.club}" if p.club else ""), "", "", ""])
        body.append([pgettext(lang, "seat", a), seats[a], pgettext(lang, "seat", b), seats[b]])
    body.append([tr(lang, "Games won"),
                 f"{rows.team_word('EW', lang)}  {blank}  :  {blank}  {rows.team_word('NS', lang)}", "", ""])
    body.append([tr(lang, "Winner"), blank * 2, "", ""])
    widths = [width * 0.1, width * 0.4, width * 0.1, width * 0.4]
    data, style = _cells(pr, body, widths, [14, 12, 10.5, 12, 10.5, 12, 10.5, 10.5], bold_rows=2)
    style += [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("SPAN", (0, 0), (-1, 0)), ("SPAN", (0, 1), (1, 1)), ("SPAN", (2, 1), (3, 1)),
        ("ALIGN", (2, 1), (3, 1), "RIGHT"),
        ("SPAN", (0, 2), (-1, 2)), ("SPAN", (0, 4), (-1, 4)), ("SPAN", (1, 6), (-1, 6)), ("SPAN", (1, 7), (-1, 7)),
        ("BACKGROUND", (0, 2), (-1, 2), c.Color(*HEADER_FILL)), ("BACKGROUND", (0, 4), (-1, 4), c.Color(*HEADER_FILL)),
        ("TEXTCOLOR", (0, 3), (0, 3), c.grey), ("TEXTCOLOR", (2, 3), (2, 3), c.grey),
        ("TEXTCOLOR", (0, 5), (0, 5), c.grey), ("TEXTCOLOR", (2, 5), (2, 5), c.grey),
        ("LINEABOVE", (0, 6), (-1, 6), 0.5, c.Color(*GRID)),
    ]
    main = Table(data, colWidths=widths, rowHeights=[22, 20, 18, 22, 18, 22, 26, 26])
    main.setStyle(TableStyle(style))
    # three signature lines, the labels under them
    sig_w = [width * 0.3, width * 0.04, width * 0.3, width * 0.04, width * 0.32]
    labels = [tr(lang, "EW captain"), "", tr(lang, "NS captain"), "",
              tr(lang, "Referee")]
    sig_data, sig_style = _cells(pr, [["", "", "", "", ""], labels], sig_w, [9, 9], bold_rows=0)
    sig_style += [("LINEBELOW", (i, 0), (i, 0), 0.8, c.black) for i in (0, 2, 4)]
    sig_style += [("TEXTCOLOR", (0, 1), (-1, 1), c.grey), ("VALIGN", (0, 0), (-1, -1), "TOP")]
    sig = Table(sig_data, colWidths=sig_w, rowHeights=[30, 14])
    sig.setStyle(TableStyle(sig_style))
    card = Table([[main], [sig]], colWidths=[width])
    card.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 1, c.black), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 1), (-1, 1), 6)]))
    return card


def round_sheet(path: str | os.PathLike[str], event: str, round: Round, pairs: Sequence[Pair], lang: str, *,
                font: Font = None, standings: Standings | None = None) -> None:
    """Write the PDF of *round*: its pairing list by table and by pair, then one card per table.
    *standings*: as they stood before the round (after the one before it): each pair's rank and match
    points are listed with it."""
    by_code = rows.check_known(pairs, [round])
    title = tr(lang, "Round {n}", n=round.number)
    pr, story = _printed(lang, font, lambda pr: _round_story(pr, event, round, by_code, title, standings))
    pr.build(path, story, wide=False, event=event, title=title)


def _round_story(pr: _Printer, event: str, round: Round, by_code: Mapping[str, Pair], title: str,
                 standings: Standings | None) -> list[Any]:
    from reportlab.platypus import HRFlowable, PageBreak, Spacer

    lang = pr.lang
    width = pr.width(wide=False)
    story: list[Any] = [pr.para(event, pr.s_title, bold=True), pr.para(title, pr.s_sub)]
    story += pr.heading(tr(lang, "Pairings by table"))
    mp = [0.6] if standings is not None else []
    story.append(pr.grid(_by_table(round, by_code, lang, standings),
                         _spread([0.6, 1.6, 0.8, *mp, 2.6, 0.8, *mp, 2.6], width), 8.5))
    if round.bye is not None:
        story.append(Spacer(1, 4))
        story.append(pr.para(tr(lang, "Bye: {pair} ({players})", pair=round.bye,
                                players=_who(by_code[round.bye], lang)), pr.s_body))
    for code in round.requested:
        story.append(pr.para(tr(lang, "Requested bye: {pair} ({players})",
                                pair=code, players=_who(by_code[code], lang)), pr.s_body))
    story += pr.heading(tr(lang, "Pairings by pair"))
    ranked = [0.6, 0.6] if standings is not None else []
    story.append(pr.grid(_by_pair(round, by_code, lang, standings),
                         _spread([0.9, *ranked, 2.6, 1.8, 0.7, 0.8, 1.0], width), 8.5))
    tables = sorted(round.tables, key=lambda t: t.number)
    for i, t in enumerate(tables):
        story.append(PageBreak() if i % CARDS_PER_PAGE == 0 else
                     HRFlowable(width="100%", thickness=0.5, dash=(3, 3), spaceBefore=8, spaceAfter=8,
                                color=pr.colors.grey))
        story.append(_card(pr, event, round, t.number, t.match_id, seat_players(t, by_code),
                           {"EW": by_code[t.ew], "NS": by_code[t.ns]}, width))
    return story


def tables_document(path: str | os.PathLike[str], event: str, title: str, parts: Sequence[tuple[str, rows.Sheet]],
                    lang: str, *, font: Font = None, wide: bool = False, notes: Sequence[str] = ()) -> None:
    """A PDF of *parts*, each a heading and its table (an individual event's seating or standings), with
    *notes* under them: the pair events' printer, its font policy and page furniture."""

    def make(pr: _Printer) -> list[Any]:
        story: list[Any] = [pr.para(event, pr.s_title, bold=True), pr.para(title, pr.s_sub)]
        for heading, sheet in parts:
            story += pr.heading(heading)
            story.append(pr.grid(sheet, _spread([2.0 if not c.numeric else 1.0 for c in sheet.columns],
                                                 pr.width(wide)), 8.5))
        story += [pr.para(line, pr.s_body) for line in notes]
        return story

    pr, story = _printed(lang, font, make)
    pr.build(path, story, wide=wide, event=event, title=title)


# --- the standings report ----------------------------------------------------------------------

def _title(rounds: Sequence[Round], final: bool, lang: str) -> str:
    if final:
        return tr(lang, "Final standings")
    if not rounds:
        return tr(lang, "Standings")
    last = max(rounds, key=lambda r: r.number)
    if last.status is RoundStatus.closed:
        return tr(lang, "Standings after round {n}", n=last.number)
    return tr(lang, "Standings during round {n}", n=last.number)


def standings_report(path: str | os.PathLike[str], event: str, pairs: Sequence[Pair], rounds: Sequence[Round],
                     standings: Standings, summaries: Mapping[str, Summary], lang: str, *,
                     final: bool = False, font: Font = None,
                     notes: Sequence[str] | None = None, round_words: Mapping[int, str] | None = None,
                     results: Mapping[str, DirectorResult] | None = None, scoring: Scoring | None = None,
                     matrix: bool = False,
                     disputes: Sequence[str] = ()) -> None:
    """Write the PDF report: standings with every tie-break, the cross table, each round's results, and
    the event's disputes (*disputes*: their lines, worded by the caller; no section when there are none).

    *notes* are what the table does not show (the matches not counted yet, a round corrected after its
    close, with the entry and its reason), worded by the caller that read the store; *round_words* a
    round's status in words where it is more than its status in the event (corrected after close);
    *results* the director's results by match id; *scoring* gives each table's match points; *matrix*:
    the N×N cross table too (a round robin's)."""
    by_code = rows.check_known(pairs, rounds, standings)
    title = _title(rounds, final, lang)
    pr, story = _printed(lang, font, lambda pr: _report_story(pr, event, pairs, rounds, standings, summaries, by_code,
                                                               title, notes, round_words, results, scoring,
                                                               matrix) + _disputes(pr, disputes))
    pr.build(path, story, wide=True, event=event, title=title)


def tables_report(path: str | os.PathLike[str], name: str, title: str,
                  sections: Sequence[tuple[str, rows.Sheet, Sequence[float]]], lang: str, *, font: Font = None,
                  notes: Sequence[str] = ()) -> None:
    """Write a PDF of headed tables (a league's standings and its events): *name* and *title* on top, then
    *notes*, then each section's heading and its sheet, its columns in proportion to their weights; A4 landscape
    with the reports' footer and fonts."""

    def story(pr: _Printer) -> list[Any]:
        width = pr.width(wide=True)
        out: list[Any] = [pr.para(name, pr.s_title, bold=True), pr.para(title, pr.s_sub)]
        out += [pr.para(line, pr.s_body) for line in notes]
        for heading, sheet, weights in sections:
            out += [*pr.heading(heading), pr.grid(sheet, _spread(weights, width), 7.5)]
        return out

    pr, built = _printed(lang, font, story)
    pr.build(path, built, wide=True, event=name, title=title)


def _disputes(pr: _Printer, lines: Sequence[str]) -> list[Any]:
    if not lines:
        return []
    return [*pr.heading(tr(pr.lang, "Disputes")), *(pr.para(line, pr.s_body) for line in lines)]


def _report_story(pr: _Printer, event: str, pairs: Sequence[Pair], rounds: Sequence[Round], standings: Standings,
                  summaries: Mapping[str, Summary], by_code: Mapping[str, Pair], title: str,
                  notes: Sequence[str] | None, round_words: Mapping[int, str] | None,
                  results: Mapping[str, DirectorResult] | None = None, scoring: Scoring | None = None,
                  matrix: bool = False) -> list[Any]:
    from reportlab.platypus import PageBreak

    lang = pr.lang
    width = pr.width(wide=True)
    story: list[Any] = [pr.para(event, pr.s_title, bold=True), pr.para(title, pr.s_sub)]
    if notes is not None:
        story += [pr.para(line, pr.s_body) for line in notes]
    elif standings.unfinished:
        n = len(standings.unfinished)
        story.append(pr.para(MN("{n} match is not finished and does not count yet: {ids}",
                                "{n} matches are not finished and do not count yet: {ids}", n,
                                ids=listed(t.match_id for t in standings.unfinished)).text(lang), pr.s_body))

    sheet = rows.standings_sheet(pairs, standings, lang, split_players=False)
    keep = [i for i, col in enumerate(sheet.columns) if i != 4 or any(r[4] for r in sheet.rows)]  # status
    sheet = rows.Sheet(tuple(sheet.columns[i] for i in keep), tuple(tuple(r[i] for i in keep) for r in sheet.rows))
    # rank, pair, players, club, status, played, won, lost, byes, match points, games won, games lost;
    # the tie-breaks after them get the width their two-line headings need
    weights = {0: 0.7, 1: 1.1, 2: 3.4, 3: 2.0, 4: 1.2, 5: 0.75, 6: 0.75, 7: 0.75, 8: 0.75, 9: 0.9, 10: 0.9, 11: 0.9}
    story.append(pr.grid(sheet, _spread([weights.get(i, 1.25) for i in keep], width), 7.5))

    ordered = sorted(rounds, key=lambda r: r.number)
    if matrix and standings.rows:
        story.append(PageBreak())
        story += pr.heading(tr(lang, "Cross table: every pair against every other (games from the row's side)"))
        grid = rows.matrix_sheet(standings, ordered, summaries, lang, results)
        n = len(standings.rows)
        story.append(pr.grid(grid, _spread([0.6, 0.6, 1.2, *([1.0] * n), 0.9], width), 7.5 if n <= 12 else 6.0))
    for start in range(0, len(ordered), CROSS_ROUNDS):
        part = ordered[start:start + CROSS_ROUNDS]
        story.append(PageBreak())
        story += pr.heading(tr(lang, "Cross table: opponent, seat and games round by round"))
        cross = rows.cross_sheet(standings, part, summaries, lang, results)
        story.append(pr.grid(cross, _spread([0.6, 1.0, *([2.0] * len(part)), 0.8], width), 7.5))

    for rnd in ordered:
        status = (round_words or {}).get(rnd.number) or words.round_status(rnd.status, lang)
        story += pr.heading(tr(lang, "Round {n} ({status})", n=rnd.number, status=status))
        res = rows.results_sheet([rnd], summaries, lang, with_round=False, results=results, scoring=scoring)
        texts = [[rows.cell_text(v, col) for v, col in zip(r, res.columns, strict=True)] for r in res.rows]
        for r in texts:
            for i in (2, 3):  # the pairs with their players
                if r[i] in by_code:
                    r[i] = f"{r[i]}  {rows.players(by_code[r[i]], lang)}"
        story.append(pr.grid(res, _spread([0.5, 1.5, 2.7, 2.7, 0.6, 0.6, 0.6, 0.6, 0.8, 1.5, 1.5], width), 7.5,
                             texts=texts))
    return story
