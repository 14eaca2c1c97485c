"""The scorecard of a match of any game but Gunzi: header, totals, a chart of each player's running total, the
deals in the game's own columns, the corrections of the audit trail (``audit``: every game's one section of
warnings, rulings and corrections), the record's problems, signatures; the chain head on every page.

Game-neutral: the game gives its table through its interface (``Game.scorecard_rows``: headings, one row a deal,
each player's running total) and its header (``Game.header``); this module lays them out and computes no rule.
Gunzi's own scorecard (``layout``) is untouched. Landscape A4, the font policy and the footer as Gunzi's card.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepTogether, LongTable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from referee.core.i18n import M, Msg, is_chinese, languages, normalize, tr
from referee.views.scorecard import fonts
from referee.views.scorecard import text as tx
from referee.views.scorecard.audit import AUDIT_KEYS, corrections, field, section, venue_zone
from referee.views.scorecard.chart import _add_text
from referee.views.scorecard.fonts import FontInfo, register
from referee.views.scorecard.layout import GRID, HEADER_FILL, pdf_date, pdf_language, problem_text
from referee.views.scorecard.typo import Typo, draw_runs

if TYPE_CHECKING:
    from referee.core.records import RecordError
    from referee.games.api import GameTable, Header
    from referee.views.scorecard.audit import AuditEntry

PAGE_WIDTH = landscape(A4)[0] - 24 * mm  # the frame's width: A4 landscape less 12 mm margins
COLOURS = ((0.80, 0.15, 0.15), (0.12, 0.30, 0.70), (0.10, 0.55, 0.20), (0.55, 0.30, 0.65))
DASHES: tuple[list[float] | None, ...] = (None, [3, 2], [1, 1.5], [5, 1.5, 1, 1.5])

TITLE = M("{game} scorecard")
FIELDS = {"event": M("Event"), "date": M("Date"), "round": M("Round"), "table": M("Table"), "rules": M("Rules"),
          "referee": M("Referee")}


class Card:
    """What one game's scorecard prints, every text already in its language."""

    def __init__(self, game: Msg, header: Header | None, rules: str, table: GameTable, lang: str,
                 referee: str = "", log: Iterable[AuditEntry] = ()) -> None:
        self.game, self.header, self.rules, self.table, self.lang = game, header, rules, table, lang
        self.referee = referee
        self.log = corrections(log)  # the store's corrections of the match: its audit trail

    @property
    def match_id(self) -> str:
        return self.header.id if self.header is not None else ""

    def field(self, key: str) -> str:
        if key == "rules":
            return self.rules
        value = getattr(self.header, key, None)
        if key == "referee":
            return str(value) if value else self.referee
        return "" if value in (None, "") else str(value)

    def title(self) -> str:
        return f"{TITLE.bind(game=self.game).text(self.lang)}  {self.match_id}".strip()

    def texts(self) -> list[str]:
        """Every text the card prints: what a font must draw."""
        t = self.table
        words = [self.title(), t.unit, *t.headings, *t.players, *(c for row in t.rows for c in row)]
        words += [self.field(k) for k in FIELDS] + [m.text(self.lang) for m in FIELDS.values()]
        words += [tr(self.lang, "Totals"), tr(self.lang, "Running totals, deal by deal"),
                  tr(self.lang, "Signatures")]
        words += [tx.t(k, self.lang) for k in ("notes", "no_notes", "note_kind", "note_where", "note_who",
                                                "referee", "audit_time", "note_text", "audit_detail", "note_line")]
        words += [str(field(e, k) or "") for e in self.log for k in AUDIT_KEYS]
        return [w for w in words if w]


class _Sheet:
    """What the section of warnings, rulings and corrections lays itself out with (``audit.Sheet``)."""

    def __init__(self, lang: str, typo: Typo, s_h2: ParagraphStyle, s_body: ParagraphStyle) -> None:
        self.lang, self.typo, self.s_h2, self.s_body = lang, typo, s_h2, s_body
        self.s_cell = ParagraphStyle("cell", parent=s_body, fontSize=8, leading=10)

    def heading(self, text: str) -> list[Any]:
        return [self.para(text, self.s_h2)]

    def para(self, text: str, style: ParagraphStyle | None = None, bold: bool = False) -> Paragraph:
        return Paragraph(self.typo.markup(text, bold), style or self.s_body)

    def grid(self, rows: list[list[Any]], widths: Sequence[float], size: float) -> Table:
        tbl = Table(rows, colWidths=list(widths), repeatRows=1, hAlign="LEFT")
        tbl.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.typo.latin, size), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("GRID", (0, 0), (-1, -1), 0.3, GRID), ("BACKGROUND", (0, 0), (-1, 0), colors.Color(*HEADER_FILL)),
        ] + _style(rows, self.typo, size)))
        return tbl


def render(card: Card, font: FontInfo, errors: Sequence[RecordError] = (), head: tuple[str, int] | None = None,
           broken: Msg | None = None) -> bytes:
    """The PDF of *card*: the sections in order, the footer on every page (the chain head of a stored match)."""
    lang, typo = card.lang, Typo(font)
    fn = typo.cjk
    s_title = ParagraphStyle("title", fontName=fn, fontSize=16, leading=20, spaceAfter=4)
    s_h2 = ParagraphStyle("h2", fontName=fn, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4,
                          textColor=colors.Color(0.1, 0.15, 0.35))
    s_body = ParagraphStyle("body", fontName=fn, fontSize=9, leading=12, wordWrap="CJK")
    s_head = ParagraphStyle("head", fontName=fn, fontSize=7.5, leading=9, alignment=1,
                            wordWrap="CJK" if is_chinese(lang) else None)

    def para(text: str, style: ParagraphStyle = s_body, bold: bool = False) -> Paragraph:
        return Paragraph(typo.markup(text, bold), style)

    story: list[Any] = []
    if broken is not None:
        banner = ParagraphStyle("banner", parent=s_body, fontSize=12, leading=16, textColor=colors.Color(0.7, 0, 0),
                                borderColor=colors.red, borderWidth=1.2, borderPadding=4, spaceAfter=8)
        story.append(para(tr(lang, "Warning: {problem}. This scorecard prints the record as it now stands; "
                                   "`referee verify` shows what changed.", problem=broken), banner, bold=True))
    story += [para(card.title(), s_title, bold=True), _header(card, typo), Spacer(1, 6)]
    t = card.table
    story.append(para(tr(lang, "Totals") + f" ({t.unit})", s_h2))
    story.append(_totals(card, typo))
    if t.running:
        story += [Spacer(1, 6), running_drawing(t, lang, typo, PAGE_WIDTH)]
    story += [para(tr(lang, "Deal by deal"), s_h2), _deals(t, typo, s_head)]
    story += section(_Sheet(lang, typo, s_h2, s_body), (), card.log, venue_zone(card.header))
    if errors:
        story.append(para(tr(lang, "Problems in the record"), s_h2))
        for e in errors:
            story.append(para(tr(lang, "line {n}: {problem}", n=e.line, problem=problem_text(e, lang))))
    story.append(_signatures(card, typo, para(tr(lang, "Signatures"), s_h2)))

    chain_head = "" if head is None else tr(lang, "record head {hash} · {n} entries", hash=head[0], n=head[1])
    footer = " · ".join(v for v in (card.match_id, card.field("event"), card.field("date"), chain_head) if v)
    stamp = pdf_date(card.field("date"))
    page_width = landscape(A4)[0]

    def on_page(canvas: Any, template: Any) -> None:
        canvas.setDateFormatter(lambda *_: stamp)
        canvas.saveState()
        canvas.setFillColor(colors.grey)
        draw_runs(canvas, typo, 12 * mm, 7 * mm, footer, 7.5)
        canvas.restoreState()

    class Numbered(Canvas):  # type: ignore[misc]  # ReportLab ships no type information
        """A canvas that holds its pages back until the last, so each can say "page N of M"."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 - ReportLab's name
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for n, state in enumerate(self._pages, 1):
                self.__dict__.update(state)
                self.saveState()
                self.setFillColor(colors.grey)
                draw_runs(self, typo, page_width - 12 * mm, 7 * mm, tr(lang, "page {n} of {m}", n=n, m=total),
                          7.5, "end")
                self.restoreState()
                super().showPage()
            super().save()

    buf = io.BytesIO()
    pdf = SimpleDocTemplate(buf, pagesize=landscape(A4), leftMargin=12 * mm, rightMargin=12 * mm, topMargin=10 * mm,
                            bottomMargin=14 * mm, title=card.title(), author=card.field("referee"),
                            subject=card.field("event"), creator="referee", invariant=True, lang=pdf_language(lang))
    pdf.build(story, onFirstPage=on_page, onLaterPages=on_page, canvasmaker=Numbered)
    return buf.getvalue()


def _style(rows: Sequence[Sequence[Any]], typo: Typo, size: float) -> list[tuple[object, ...]]:
    """Each cell's text in the font that prints it (Chinese in the CJK font)."""
    if typo.cjk == typo.latin:
        return []
    return [("FONT", (c, r), (c, r), typo.cjk, size) for r, row in enumerate(rows) for c, v in enumerate(row)
            if isinstance(v, str) and v and not fonts.is_latin(v)]


def _header(card: Card, typo: Typo) -> Table:
    t = {k: m.text(card.lang) for k, m in FIELDS.items()}
    rows = [[t["event"], card.field("event"), t["date"], card.field("date"), t["rules"], card.field("rules")],
            [t["round"], card.field("round"), t["table"], card.field("table"), t["referee"], card.field("referee")]]
    widths = [44, 200, 40, 90, 44, 356]
    rows = [[typo.cell(v, 9, width=w - 12) for v, w in zip(row, widths, strict=True)] for row in rows]
    tbl = Table(rows, colWidths=widths, hAlign="LEFT")
    tbl.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), typo.latin, 9), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TEXTCOLOR", (0, 0), (0, -1), colors.grey), ("TEXTCOLOR", (2, 0), (2, -1), colors.grey),
        ("TEXTCOLOR", (4, 0), (4, -1), colors.grey), ("LINEBELOW", (0, -1), (-1, -1), 0.5, GRID),
    ] + _style(rows, typo, 9)))
    return tbl


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _totals(card: Card, typo: Typo) -> Table:
    """Each player's total, one column a player, the highest in bold."""
    t = card.table
    best = max(t.totals, default=0)
    rows = [list(t.players), [signed(v) for v in t.totals]]
    width = min(160.0, PAGE_WIDTH / max(1, len(t.players)))
    rows = [[typo.cell(v, 10, bold=r == 1 and t.totals[c] == best, width=width - 8) for c, v in enumerate(row)]
            for r, row in enumerate(rows)]
    tbl = Table(rows, colWidths=[width] * len(t.players), hAlign="LEFT")
    tbl.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), typo.latin, 10), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                             ("GRID", (0, 0), (-1, -1), 0.3, GRID),
                             ("BACKGROUND", (0, 0), (-1, 0), colors.Color(*HEADER_FILL))] + _style(rows, typo, 10)))
    return tbl


def column_widths(table: GameTable, size: float = 7.5, total: float = PAGE_WIDTH) -> list[float]:
    """Each column as wide as its widest cell (a heading may wrap), shrunk in proportion to fit *total*."""
    def width(text: str) -> float:
        return sum(size if ord(ch) > 0x2E80 else size * 0.55 for ch in text) + 8

    wants = []
    for i, head in enumerate(table.headings):
        cells = [row[i] for row in table.rows if i < len(row)]
        wants.append(max([min(width(head), 60.0), 24.0, *(width(c) for c in cells)]))
    scale = min(1.0, total / sum(wants)) if wants else 1.0
    return [w * scale for w in wants]


def _deals(t: GameTable, typo: Typo, s_head: ParagraphStyle) -> LongTable:
    size = 7.5
    widths = column_widths(t, size)
    heads = [Paragraph(typo.markup(h), s_head) for h in t.headings]
    rows: list[list[Any]] = [heads]
    rows += [[typo.cell(v, size, width=w - 4) for v, w in zip(row, widths, strict=True)] for row in t.rows]
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 1), (-1, -1), typo.latin, size), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("ALIGN", (0, 1), (-1, -1), "CENTER"), ("GRID", (0, 0), (-1, -1), 0.3, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(*HEADER_FILL)), ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
    ]
    style += _style(rows, typo, size)
    tbl = LongTable(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    tbl.setStyle(TableStyle(style))
    return tbl


def running_drawing(t: GameTable, lang: str, typo: Typo, width: float, height: float = 130) -> Drawing:
    """Each player's running total deal by deal: one polyline a player from 0 before the first deal, a legend."""
    d = Drawing(width, height)
    n = len(t.running)
    px, py = 40.0, 22.0
    pw, ph = width - px - 170, height - py - 24
    values = [0, *(v for row in t.running for v in row)]
    low, high = min(values), max(values)
    if high == low:
        high = low + 1

    def x(i: float) -> float:
        return px + i / max(1, n) * pw

    def y(v: float) -> float:
        return py + (v - low) / (high - low) * ph

    grid, axis = colors.Color(0.85, 0.85, 0.85), colors.Color(0.3, 0.3, 0.3)
    step = max(1, _nice((high - low) / 5))
    v = (low // step) * step
    while v <= high:
        if v >= low:
            zero = v == 0  # the zero line darker
            d.add(Line(px, y(v), px + pw, y(v), strokeColor=axis if zero else grid, strokeWidth=0.6 if zero else 0.4))
            d.add(String(px - 4, y(v) - 2.5, signed(int(v)), fontName=typo.latin, fontSize=7, textAnchor="end"))
        v += step
    d.add(Line(px, py, px, py + ph, strokeColor=axis, strokeWidth=0.6))
    every = 1 if n <= 30 else 5
    for i in range(1, n + 1):
        if i % every == 0 or i == 1:
            d.add(String(x(i), py - 10, str(i), fontName=typo.latin, fontSize=7, textAnchor="middle"))
    for p, name in enumerate(t.players):
        colour = colors.Color(*COLOURS[p % len(COLOURS)])
        dash = DASHES[p % len(DASHES)]
        points = [(0.0, 0)] + [(float(i), row[p]) for i, row in enumerate(t.running, 1)]
        d.add(PolyLine([c for at, total in points for c in (x(at), y(total))], strokeColor=colour, strokeWidth=1.3,
                       strokeDashArray=dash))
        for at, total in points[1:]:
            d.add(Circle(x(at), y(total), 1.5, fillColor=colour, strokeColor=None))
        ly = py + ph - 8 - 14 * p
        d.add(Line(px + pw + 14, ly + 3, px + pw + 30, ly + 3, strokeColor=colour, strokeWidth=1.6,
                   strokeDashArray=dash))
        _add_text(d, typo, px + pw + 36, ly, f"{name} {signed(t.totals[p])}", 8, max_width=width - px - pw - 40)
    _add_text(d, typo, px, height - 10, tr(lang, "Running totals, deal by deal") + f" ({t.unit})", 9)
    return d


def _nice(span: float) -> int:
    """A round step for the axis: 1, 2, 5, 10, 20, 50…"""
    step = 1
    while True:
        for k in (1, 2, 5):
            if step * k >= span:
                return step * k
        step *= 10


def _signatures(card: Card, typo: Typo, heading: Paragraph) -> KeepTogether:
    """A line to sign on for each player and the referee."""
    names = [*card.table.players, f"{FIELDS['referee'].text(card.lang)} {card.field('referee')}".strip()]
    width = min(180.0, PAGE_WIDTH / len(names))
    rows = [["" for _ in names], names]
    rows = [[typo.cell(v, 9, width=width - 10) for v in row] for row in rows]
    tbl = Table(rows, colWidths=[width] * len(names), rowHeights=[30, 14], hAlign="LEFT")
    tbl.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), typo.latin, 9), ("LEFTPADDING", (0, 0), (-1, -1), 4),
                             ("RIGHTPADDING", (0, 0), (-1, -1), 10)]
                            + [("LINEBELOW", (c, 0), (c, 0), 0.8, colors.black) for c in range(len(names))]
                            + _style(rows, typo, 9)))
    return KeepTogether([Spacer(1, 8), heading, tbl])


def build_game_scorecard(card: Card, out: str | Path | BinaryIO, font_path: str | Path | None = None,
                         errors: Iterable[RecordError] = (), head: tuple[str, int] | None = None,
                         broken: Msg | None = None) -> Path | None:
    """Write *card*'s PDF to *out* (a path, through ``safefile.output``, or a binary file); return the path."""
    if normalize(card.lang) is None:
        raise ValueError(f"no catalogue for language {card.lang!r} (known: {', '.join(languages())})")
    font = register(font_path) if font_path is not None else fonts.register_default(card.texts())
    data = render(card, font, list(errors), head, broken)
    if isinstance(out, (str, Path)):
        from referee.core.safefile import output

        path = Path(out)
        output(path, data)
        return path
    out.write(data)
    return None
