"""The scorecard document of a match of any game: header, result, chart, the deals, notes, signatures.

The game gives its card as sections (``Game.scorecard``: header facts, sides, the result's lines and table, a
chart, the deal table, its notes, the lines to sign); this module lays them out with ReportLab and knows no game,
computes no rule. The section of warnings, rulings and corrections (``audit``) and the record's problems are every
game's. Landscape A4, so Gunzi's eighteen hand columns fit; the deal table breaks across pages with its header row
repeated. The package and the CLI import this module only when a scorecard is written.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    LongTable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from referee.core.i18n import Msg, is_chinese, languages, normalize, tr
from referee.views.scorecard import fonts
from referee.views.scorecard import text as tx
from referee.views.scorecard.audit import NoteRow, field, section, venue_zone
from referee.views.scorecard.chart import drawing
from referee.views.scorecard.fonts import FontInfo, register
from referee.views.scorecard.linebreak import Para
from referee.views.scorecard.typo import Typo, draw_runs

# ReportLab ships no types: its flowables, drawings and canvases are Any to the checker. The values
# this module reads are typed: an audit trail entry is the store's LogEntry or a mapping with the same
# keys (a stored entry, a test's dict); a table style command is ReportLab's tuple (name, cells, values…).
if TYPE_CHECKING:
    from referee.core.records import RecordError
    from referee.games.api import CardTable, Game, Header, Scorecard
    from referee.views.scorecard.audit import AuditEntry
StyleCommand = tuple[object, ...]

PAGE_WIDTH = landscape(A4)[0] - 24 * mm  # the frame's width: A4 landscape less 12 mm margins
SIDE_WIDTHS = (200, 160, 160)
GAME_END_FILL = (1.0, 0.93, 0.70)  # a marked row of the deal table (Gunzi's game ends)
HEADER_FILL = (0.86, 0.88, 0.92)
GRID = colors.Color(0.6, 0.6, 0.65)
CHART_HEIGHTS = (170.0, 125.0, 105.0, 90.0)  # points: the chart's height, then the lower ones a short match may take


# ---------------------------------------------------------------- the document

def build_scorecard(result: Any, out: str | Path | BinaryIO, lang: str = "zh",
                    font_path: str | Path | None = None, log: Iterable[AuditEntry] = (),
                    errors: Iterable[RecordError] = (), broken: Msg | None = None,
                    head: tuple[str, int] | None = None, marks: Mapping[int, str] | None = None,
                    referee: str = "", game: Game | None = None, rules: str | None = None) -> Path | None:
    """Write the scorecard PDF of *game*'s ``result`` to ``out`` (a path or a binary file); return the path.

    *game* defaults to the registry's for a record that names none. ``log`` is the store's audit trail
    (undo/void/amend entries); ``errors`` are problems found in the record before replay (listed with the game's
    own, :meth:`Game.problems`). A stored match gives its chain *head* (short hash, entry count), printed on every
    page, and what is *broken* in its chain, printed as a banner at the top; *marks* each settled deal's
    confirmation or dispute in words; *referee*, who recorded its entries, is named where the record names no
    referee; *rules* the rule set's name and title as printed (by default from the header's rules). A path is
    written through :func:`referee.core.safefile.output`: whole or not at all, and only into a folder that exists.
    """
    if normalize(lang) is None:
        raise ValueError(f"no catalogue for language {lang!r} (known: {', '.join(languages())})")
    if game is None:
        from referee.games.registry import game as registered

        game = registered(None)
    from referee.games.kit.card import header_of

    header = header_of(result)
    card = game.scorecard(result, lang, rules if rules is not None else rules_text(game, header, lang), referee)
    font = register(font_path) if font_path is not None else fonts.register_default(document_texts(card, lang))
    problems = [*errors, *game.problems(result)]
    deals = [(game.deal_title(n).text(lang), mark) for n, mark in sorted((marks or {}).items())]
    data = render(card, header, lang, font, list(log), problems, broken=broken, head=head, marks=deals)
    if isinstance(out, (str, Path)):
        from referee.core.safefile import output

        path = Path(out)
        output(path, data)  # a file by rename, a device or a pipe streamed to; its folder must exist
        return path
    out.write(data)
    return None


def rules_text(game: Game, header: Header | None, lang: str) -> str:
    """The header's rule set's name and title in *lang* (the pinned content where kept); its name only when the
    rule set cannot be read any more."""
    from referee.games.api import rules_named

    events = [header] if header is not None else []
    name = rules_named(game, events)
    try:
        from referee.store.pinning import rules_of_match

        info = game.rule_info(rules_of_match(game, events))
        return f"{name} · {game.rules_title(info.title, lang)}"
    except Exception:  # a rule file that moved since (and no kept content): print its name only
        return name


def document_texts(card: Scorecard, lang: str) -> list[str]:
    """Every text the card prints, the record's words and the game's and the card's own: what a default font must
    draw."""
    words = [card.title, *card.texts, *(w for fact in card.facts for w in fact), *(w for s in card.sides for w in s),
             card.result_heading, *card.result_lines, *card.signatures]
    for table in (card.result_table, card.deals):
        if table is not None:
            words += [table.heading, *table.headings, *(c for row in table.rows for c in row)]
    if card.chart is not None:
        words += [card.chart.title, card.chart.x_label, card.chart.y_label, *(s.label for s in card.chart.series),
                  *(label for label, _, _ in card.chart.spans)]
    words += [n.text for n in card.notes]
    words += [tx.t(key, lang) for key, msg in tx.LABELS.items() if "{" not in msg.msgid]
    return [w for w in words if w]


def texts_in(card: Scorecard) -> list[str]:
    """The record's own words the card prints (names, event…): what a font is checked for."""
    return list(card.texts)


def _grid_table(rows: list[list[Any]], widths: Sequence[float], typo: Typo, size: float,
                repeat: int = 1, extra: Sequence[StyleCommand] = (), long: bool = False) -> Table:
    """A ruled table of plain strings and flowables, each string in the font that prints it."""
    style: list[StyleCommand] = [
        ("FONT", (0, 0), (-1, -1), typo.latin, size),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("GRID", (0, 0), (-1, -1), 0.3, GRID),
    ]
    if repeat:
        style.append(("BACKGROUND", (0, 0), (-1, repeat - 1), colors.Color(*HEADER_FILL)))
    style += list(extra)
    style += _cjk_cells(rows, typo, size)
    cls = LongTable if long else Table
    tbl = cls(rows, colWidths=list(widths), repeatRows=repeat, hAlign="LEFT")
    tbl.setStyle(TableStyle(style))
    return tbl


def _cjk_cells(rows: list[list[Any]], typo: Typo, size: float,
               bold_rows: frozenset[int] = frozenset()) -> list[StyleCommand]:
    if typo.cjk == typo.latin:
        return []
    cmds: list[StyleCommand] = []
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if isinstance(value, str) and value and not fonts.is_latin(value):
                cmds.append(("FONT", (c, r), (c, r), typo.cjk, size + (0.5 if r in bold_rows else 0)))
    return cmds


class Doc:
    """What every section of the document needs: the card, its language, the fonts and the styles."""

    def __init__(self, card: Scorecard, lang: str, font: FontInfo) -> None:
        self.card, self.lang = card, lang
        self.typo = Typo(font)
        fn = self.typo.cjk
        self.s_title = ParagraphStyle("title", fontName=fn, fontSize=16, leading=20, spaceAfter=4)
        self.s_h2 = ParagraphStyle("h2", fontName=fn, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4,
                                   textColor=colors.Color(0.1, 0.15, 0.35))
        self.s_body = ParagraphStyle("body", fontName=fn, fontSize=9, leading=12, wordWrap="CJK")
        self.s_big = ParagraphStyle("big", parent=self.s_body, fontSize=12, leading=16)
        self.s_cell = ParagraphStyle("cell", fontName=fn, fontSize=8, leading=10, wordWrap="CJK")
        # column heads break between any two characters in Chinese, at spaces in other scripts
        self.s_head = ParagraphStyle("head", fontName=fn, fontSize=7, leading=8.5, alignment=1,
                                     wordWrap="CJK" if is_chinese(lang) else None)

    def t(self, key: str, **fields: object) -> str:
        return tx.t(key, self.lang, **fields)

    def para(self, text: str, style: ParagraphStyle | None = None, bold: bool = False) -> Paragraph:
        return Para(self.typo.markup(text, bold), style or self.s_body)

    def heading(self, text: str) -> list[Any]:
        # a new page first when fewer than a few rows would fit under the heading; tables still split
        return [CondPageBreak(80), self.para(text, self.s_h2)]

    def grid(self, rows: list[list[Any]], widths: Sequence[float], size: float) -> Table:
        return _grid_table(rows, widths, self.typo, size)


def _header(doc: Doc) -> list[Any]:
    """The title, the match header (three facts a row) and the sides with their players."""
    typo, card = doc.typo, doc.card
    cells = [c for fact in card.facts for c in fact]
    info = [cells[i:i + 6] + [""] * (6 - len(cells[i:i + 6])) for i in range(0, len(cells), 6)]
    widths = [44, 200, 40, 90, 44, 356]
    info = [[typo.cell(v, 9, width=w - 12) for v, w in zip(row, widths, strict=True)] for row in info]
    story: list[Any] = [doc.para(card.title, doc.s_title, bold=True)]
    if info:
        tbl = Table(info, colWidths=widths, hAlign="LEFT")
        tbl.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), typo.latin, 9),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TEXTCOLOR", (0, 0), (0, -1), colors.grey), ("TEXTCOLOR", (2, 0), (2, -1), colors.grey),
            ("TEXTCOLOR", (4, 0), (4, -1), colors.grey),
            ("LINEBELOW", (0, -1), (-1, -1), 0.5, GRID),
        ] + _cjk_cells(info, typo, 9)))
        story.append(tbl)
    if card.sides:
        n = max(len(s) for s in card.sides)
        widths_s = [SIDE_WIDTHS[min(i, len(SIDE_WIDTHS) - 1)] for i in range(n)]
        side_rows = [[typo.cell(v, 10.5, width=w - 12) for v, w in zip([*s, *[""] * (n - len(s))], widths_s,
                                                                       strict=True)] for s in card.sides]
        sides = Table(side_rows, colWidths=widths_s, hAlign="LEFT")
        sides.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), typo.latin, 10.5)]
                                  + _cjk_cells(side_rows, typo, 10.5)))
        story += [Spacer(1, 4), sides]
    return story


def column_widths(table: CardTable, size: float = 7.5, total: float = PAGE_WIDTH) -> list[float]:
    """The table's widths as the game gave them; else each column as wide as its widest cell (a heading may wrap),
    shrunk in proportion to fit *total*."""
    if table.widths is not None:
        return list(table.widths)

    def width(text: str) -> float:
        return sum(size if ord(ch) > 0x2E80 else size * 0.55 for ch in text) + 8

    wants = []
    for i, head in enumerate(table.headings):
        cells = [row[i] for row in table.rows if i < len(row)]
        wants.append(max([min(max(width(h) for h in head.split("\n")), 60.0), 24.0, *(width(c) for c in cells)]))
    scale = min(1.0, total / sum(wants)) if wants else 1.0
    return [w * scale for w in wants]


def _result(doc: Doc) -> list[Any]:
    """The result's heading, its lines (the last one large, in bold) and its table."""
    card = doc.card
    story: list[Any] = [doc.para(card.result_heading, doc.s_h2)] if card.result_heading else []
    lines = card.result_lines
    story += [doc.para(line) for line in lines[:-1]]
    if lines:
        story.append(doc.para(lines[-1], doc.s_big, bold=True))
    table = card.result_table
    if table is not None:
        size = 8.5
        widths = column_widths(table, size)
        rows = [list(table.headings), *(list(r) for r in table.rows)]
        rows = [[doc.typo.cell(v, size, width=w - 12) for v, w in zip(row, widths, strict=True)] for row in rows]
        story += [Spacer(1, 4), _grid_table(rows, widths, doc.typo, size)]
    return story


def _chart(doc: Doc, height: float = CHART_HEIGHTS[0]) -> list[Any]:
    if doc.card.chart is None:
        return []
    return [Spacer(1, 6), drawing(doc.card.chart, doc.typo, PAGE_WIDTH, height)]


def _deals(doc: Doc) -> list[Any]:
    """The deal table: one row a deal, the rows the game marks (Gunzi's game ends) shaded and in bold."""
    table, typo = doc.card.deals, doc.typo
    widths = column_widths(table)
    heads = [Para("<br/>".join(typo.markup(line) for line in h.split("\n")), doc.s_head)
             for h in table.headings]
    size = 7.5
    ends = table.marked
    rows: list[list[Any]] = [heads]
    for i, row in enumerate(table.rows, start=1):
        rows.append([typo.cell(v, size + (0.5 if i in ends else 0), bold=i in ends, width=w - 4)
                     for v, w in zip(row, widths, strict=True)])
    style: list[StyleCommand] = [
        ("FONT", (0, 1), (-1, -1), typo.latin, size),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("ALIGN", (0, 1), (-1, -1), "CENTER"),
        *(("ALIGN", (c, 1), (c, -1), "LEFT") for c in sorted(table.left)),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(*HEADER_FILL)),
        ("GRID", (0, 0), (-1, -1), 0.3, GRID),
        ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
    ]
    for i in sorted(ends):
        style += [("BACKGROUND", (0, i), (-1, i), colors.Color(*GAME_END_FILL)),
                  ("LINEBELOW", (0, i), (-1, i), 1.2, colors.black),
                  ("FONT", (0, i), (-1, i), typo.latin_bold, size + 0.5)]
    style += _cjk_cells(rows, typo, size, ends)
    tbl = LongTable(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    tbl.setStyle(TableStyle(style))
    return [*doc.heading(table.heading), tbl] if table.heading else [tbl]


def _notes(doc: Doc, log: Sequence[AuditEntry], header: Header | None, compact: bool = False) -> list[Any]:
    """The game's notes and the store's corrections, in one section (``audit.section``, every game's)."""
    notes = [NoteRow(*n) for n in doc.card.notes]
    return section(doc, notes, log, venue_zone(header), compact)


def _marks(doc: Doc, marks: Sequence[tuple[str, str]]) -> list[Any]:
    """Each settled deal confirmed, disputed or not confirmed: one paragraph."""
    if not marks:
        return []
    text = "; ".join(tr(doc.lang, "{deal}: {mark}", deal=deal, mark=mark) for deal, mark in marks)
    return [doc.para(tr(doc.lang, "Confirmations and disputes: {marks}", marks=text), doc.s_body)]


def problem_text(error: object, lang: str) -> str:
    """A problem of the record in *lang*: a ``RecordError`` (or any error with ``text``) worded by the
    catalogue, anything else as it prints."""
    text = getattr(error, "text", None)
    if callable(text):
        return str(text(lang))
    message = field(error, "message")
    return str(message if message is not None else error)


def _problems(doc: Doc, problems: Sequence[RecordError]) -> list[Any]:
    if not problems:
        return []
    story = doc.heading(doc.t("errors"))
    for e in problems:
        line, message = field(e, "line"), problem_text(e, doc.lang)
        story.append(doc.para(doc.t("line_problem", n=line, problem=message) if line else message))
    return story


def _signatures(doc: Doc, compact: bool = False) -> list[Any]:
    """A line to sign on for each the game names (Gunzi's captains, each player elsewhere) and the referee, a date
    under each, with a gap between them."""
    t, typo = doc.t, doc.typo
    labels = list(doc.card.signatures)
    n = max(1, len(labels))
    gap = 30.0
    width = min(220.0, (PAGE_WIDTH - gap * (n - 1)) / n)
    widths: list[float] = []
    top: list[str] = []
    names: list[str] = []
    dates: list[str] = []
    for i, label in enumerate(labels):
        if i:
            widths.append(gap)
            top.append("")
            names.append("")
            dates.append("")
        widths.append(width)
        top.append("")
        names.append(label)
        dates.append(t("sign_date"))
    sign_rows = [[typo.cell(v, 9, width=w - 6) for v, w in zip(row, widths, strict=True)]
                 for row in (top, names, dates)]
    tbl = Table(sign_rows, colWidths=widths, rowHeights=[26, 14, 14] if compact else [36, 14, 16], hAlign="LEFT")
    tbl.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), typo.latin, 9),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        *(("LINEBELOW", (c, 0), (c, 0), 0.8, colors.black) for c in range(0, len(widths), 2)),
        ("TEXTCOLOR", (0, 2), (-1, 2), colors.grey),
    ] + _cjk_cells(sign_rows, typo, 9)))
    return [Spacer(1, 4 if compact else 10), KeepTogether([doc.para(t("signatures"), doc.s_h2), tbl])]


def pdf_language(lang: str) -> str:
    """The PDF's language tag (``zh-CN``, ``zh-TW``, ``en``): metadata for readers and screen readers."""
    return (normalize(lang) or "en").replace("_", "-")


def pdf_date(date: str) -> str:
    """The PDF's creation date: the match's date (``date=YYYY-MM-DD``, midnight UTC), else now (UTC)."""
    import datetime

    try:
        when = datetime.datetime.combine(datetime.date.fromisoformat(date), datetime.time(), datetime.UTC)
    except ValueError:
        when = datetime.datetime.now(datetime.UTC)
    return when.strftime("D:%Y%m%d%H%M%S+00'00'")


def _banner(doc: Doc, broken: Msg | None) -> list[Any]:
    """A broken chain, said on the face of the card: a framed red paragraph above everything."""
    if broken is None:
        return []
    style = ParagraphStyle("banner", parent=doc.s_big, textColor=colors.Color(0.7, 0, 0), borderColor=colors.red,
                           borderWidth=1.2, borderPadding=4, spaceAfter=8)
    text = tr(doc.lang, "Warning: {problem}. This scorecard prints the record as it now stands; "
              "`referee verify` shows what changed.", problem=broken)
    return [doc.para(text, style, bold=True)]


def render(card: Scorecard, header: Header | None, lang: str, font: FontInfo, log: Sequence[AuditEntry] = (),
           errors: Sequence[RecordError] = (), broken: Msg | None = None,
           head: tuple[str, int] | None = None, marks: Sequence[tuple[str, str]] = ()) -> bytes:
    """The PDF of *card* in ``lang``: the sections in order, a footer on every page ("page N of M"). *marks*:
    each settled deal's title and its confirmation or dispute in words."""
    doc = Doc(card, lang, font)

    def story(chart_height: float, compact: bool) -> list[Any]:
        return [*_banner(doc, broken), *_header(doc), *_result(doc), *_chart(doc, chart_height), *_deals(doc),
                *_marks(doc, marks), *_notes(doc, log, header, compact),
                *_problems(doc, errors), *_signatures(doc, compact)]

    def hv(key: str) -> str:
        value = getattr(header, key, None)
        return "" if value in (None, "") else str(value)

    match_id = header.id if header is not None else ""
    referee = card.facts[-1][1] if card.facts else ""
    # a stored match's chain head on every page: the card on the wall anchors the record (`verify --head`)
    chain_head = "" if head is None else tr(lang, "record head {hash} · {n} entries",
                                            hash=head[0], n=head[1])
    footer_left = " · ".join(v for v in (match_id, hv("event"), hv("date"), chain_head) if v)
    page_width = landscape(A4)[0]

    stamp = pdf_date(hv("date"))

    def on_page(canvas: Any, template: Any) -> None:
        # ReportLab's invariant mode (a reproducible file) stamps 2000-01-01: the card's date is the match's
        canvas.setDateFormatter(lambda *_: stamp)
        canvas.saveState()
        canvas.setFillColor(colors.grey)
        draw_runs(canvas, doc.typo, 12 * mm, 7 * mm, footer_left, 7.5)
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
                draw_runs(self, doc.typo, page_width - 12 * mm, 7 * mm, doc.t("page_of", n=n, m=total), 7.5, "end")
                self.restoreState()
                super().showPage()
            super().save()

    def build(chart_height: float, compact: bool = False) -> tuple[bytes, int]:
        buf = io.BytesIO()
        pdf = SimpleDocTemplate(buf, pagesize=landscape(A4), leftMargin=12 * mm, rightMargin=12 * mm,
                                topMargin=10 * mm, bottomMargin=14 * mm,
                                title=card.title, author=referee,
                                subject=hv("event"), creator="referee", invariant=True,
                                lang=pdf_language(lang))
        pdf.build(story(chart_height, compact), onFirstPage=on_page, onLaterPages=on_page, canvasmaker=Numbered)
        return buf.getvalue(), pdf.page

    # A short match that spills onto a second page gets a lower chart (and no empty notes section) when
    # that keeps it on one page; a longer one is left as it is.
    data, pages = build(CHART_HEIGHTS[0])
    if pages == 2:
        for height in CHART_HEIGHTS[1:]:
            smaller, pages = build(height, compact=True)
            if pages == 1:
                return smaller
    return data
