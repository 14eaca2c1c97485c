"""The scorecard document: header, result, levels chart, hand-by-hand table, notes, signatures.

``build_scorecard`` reads a ``MatchResult`` (and the store's audit trail) and computes no rule of its
own: every number printed is a field the engine settled. This module imports ReportLab; the package
and the CLI import it only when a scorecard is written. Landscape A4, so the hand table's eighteen
columns fit; the table breaks across pages with its header rows repeated.
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
from referee.games.gunzi.codes import GameEnd
from referee.games.gunzi.results import HandResult, MatchResult
from referee.views.scorecard import fonts
from referee.views.scorecard import text as tx
from referee.views.scorecard.audit import NoteRow, field, section, venue_zone
from referee.views.scorecard.chart import levels_drawing
from referee.views.scorecard.fonts import FontInfo, register
from referee.views.scorecard.typo import Typo, draw_runs

# ReportLab ships no types: its flowables, drawings and canvases are Any to the checker. The values
# this module reads are typed: an audit trail entry is the store's LogEntry or a mapping with the same
# keys (a stored entry, a test's dict); a table style command is ReportLab's tuple (name, cells, values…).
if TYPE_CHECKING:
    from referee.games.gunzi.events import RecordError
    from referee.views.scorecard.audit import AuditEntry
StyleCommand = tuple[object, ...]

TEAMS = ("EW", "NS")
SEATS = ("E", "S", "W", "N")


# Hand table columns: (label key, width in points). Landscape A4 less 12 mm margins is ~774 pt.
HAND_COLUMNS: tuple[tuple[str, float], ...] = (
    ("col_game", 24), ("col_hand", 26), ("col_declarer", 60), ("col_level", 24), ("col_trump", 40),
    ("col_tribute", 62), ("col_kitty_points", 32), ("col_kitty_jokers", 50), ("col_dry_pot", 30),
    ("col_points", 34), ("col_last", 34), ("col_score", 32), ("col_outcome", 54),
    ("col_level_change", 48), ("col_levels_after", 48), ("col_blood", 28), ("col_ledger", 50),
    ("col_game_end", 88),
)
TEAM_WIDTHS = (200, 160, 160)
GAME_END_FILL = (1.0, 0.93, 0.70)
HEADER_FILL = (0.86, 0.88, 0.92)


# ---------------------------------------------------------------- cell text (pure, tested directly)

def tribute_cell(h: HandResult, lang: str) -> str:
    """Who gave whom how many cards, or why nothing was given (a riot, a waiver)."""
    tr = h.tribute
    if tr is None:
        return tx.NONE
    if tr.waived == "riot":
        return tx.t("riot_by", lang, seat=tr.riot_seat) if tr.riot_seat else tx.waiver("riot", lang)
    if tr.waived:
        return tx.waiver(tr.waived, lang)
    count = len(tr.cards) if tr.cards else tr.owed
    if not count:
        return tx.NONE
    return tx.t("tribute", lang, giver=tr.giver, receiver=tr.receiver, n=count)


def jokers_cell(h: HandResult, lang: str) -> str:
    parts = []
    if h.big_jokers:
        parts.append(tx.t("big_jokers", lang, n=h.big_jokers))
    if h.small_jokers:
        parts.append(tx.t("small_jokers", lang, n=h.small_jokers))
    return " ".join(parts) or tx.NONE


def level_change_cell(h: HandResult, lang: str) -> str:
    parts = [f"{tx.team(team, lang)}{tx.signed(n)}" for team in TEAMS if (n := h.level_change.get(team, 0))]
    return " ".join(parts) or tx.NONE


def pair_cell(values: Mapping[str, int], signed: bool = False) -> str:
    fmt = tx.signed if signed else str
    return f"{fmt(values.get('EW', 0))}:{fmt(values.get('NS', 0))}"


def game_end_cell(h: HandResult, lang: str) -> str:
    """On the hand that ended a game: who won it and how."""
    if not h.game_winner:
        return ""
    top = h.rules.top_level if h.rules else 10
    return tx.t("game_end", lang, team=h.game_winner, how=tx.reason(h.game_reason, lang, top))


def hand_row(h: HandResult, seats: Mapping[str, str], lang: str) -> list[str]:
    return [
        str(h.game),
        str(h.hand),
        tx.seat_player(h.declarer, seats, lang),
        str(h.level),
        tx.suit(h.trump, lang),
        tribute_cell(h, lang),
        str(h.kitty_points),
        jokers_cell(h, lang),
        tx.t("dry_pot_yes", lang) if h.dry_pot else "",
        str(h.points),
        tx.t("dug", lang) if h.dug else tx.t("kept", lang),
        str(h.score),
        tx.outcome(h.outcome, lang),
        level_change_cell(h, lang),
        pair_cell(h.levels_after),
        str(h.blood),
        pair_cell(h.ledger, signed=True),
        game_end_cell(h, lang),
    ]


def winner_how(result: MatchResult) -> str | None:
    """The reason code of the game that decided the match (``forfeit`` for a forfeit)."""
    if result.winner is None:
        return None
    if result.forfeit:
        return GameEnd.forfeit
    won = [g for g in result.games if g.winner == result.winner]
    return won[-1].reason if won else None


# ---------------------------------------------------------------- the document

def build_scorecard(result: MatchResult, out: str | Path | BinaryIO, lang: str = "zh",
                    font_path: str | Path | None = None, log: Iterable[AuditEntry] = (),
                    errors: Iterable[RecordError] = (), broken: Msg | None = None,
                    head: tuple[str, int] | None = None, marks: Mapping[int, str] | None = None,
                    referee: str = "") -> Path | None:
    """Write the scorecard PDF of ``result`` to ``out`` (a path or a binary file); return the path.

    ``log`` is the store's audit trail (undo/void/amend entries); ``errors`` are problems found in
    the record before replay (they are listed with the engine's own ``result.errors``). A stored
    match gives its chain *head* (short hash, entry count), printed on every page, and what is
    *broken* in its chain, printed as a banner at the top; *referee*, who recorded its entries, is named
    in the header when the record names no referee. A path is written through
    :func:`referee.core.safefile.output`: whole or not at all, and only into a folder that exists.
    """
    if normalize(lang) is None:
        raise ValueError(f"no catalogue for language {lang!r} (known: {', '.join(languages())})")
    font = register(font_path) if font_path is not None else fonts.register_default(document_texts(result, lang))
    data = render(result, lang, font, list(log), list(errors), broken=broken, head=head, marks=marks,
                  referee=referee)
    if isinstance(out, (str, Path)):
        from referee.core.safefile import output

        path = Path(out)
        output(path, data)  # a file by rename, a device or a pipe streamed to; its folder must exist
        return path
    out.write(data)
    return None


def texts_in(result: MatchResult) -> list[str]:
    """The record's own words the PDF prints (names, event…): what a font must have glyphs for."""
    h = result.header
    words = list(result.teams.values()) + list(result.seats.values())
    if h is not None:
        words += [v for v in (h.id, h.event, h.referee, h.date, h.round, h.table) if v]
    words += [n.text for n in result.notes if n.text]
    return words


def document_texts(result: MatchResult, lang: str) -> list[str]:
    """What a default font must draw: the record's own words and the card's words in *lang*."""
    words = texts_in(result)
    words += [tx.t(key, lang) for key, msg in tx.LABELS.items() if not _has_fields(msg.msgid)]
    words += [tx.team(t, lang) for t in TEAMS] + [tx.seat(s, lang) for s in SEATS]
    return words


def _has_fields(msgid: str) -> bool:
    return "{" in msgid


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


GRID = colors.Color(0.6, 0.6, 0.65)


class Doc:
    """What every section of the document needs: the match, its language, the fonts and the styles."""

    def __init__(self, result: MatchResult, lang: str, font: FontInfo) -> None:
        self.result, self.lang = result, lang
        self.typo = Typo(font)
        self.header = result.header
        self.match_id = self.header.id if self.header is not None else ""
        self.referee = ""  # who recorded the entries, for a header that names no referee
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
        return Paragraph(self.typo.markup(text, bold), style or self.s_body)

    def heading(self, text: str) -> list[Any]:
        # a new page first when fewer than a few rows would fit under the heading; tables still split
        return [CondPageBreak(80), self.para(text, self.s_h2)]

    def grid(self, rows: list[list[Any]], widths: Sequence[float], size: float) -> Table:
        return _grid_table(rows, widths, self.typo, size)

    def head(self, key: str) -> str:
        """A header field of the record, or nothing; the referee, when the header names none, is the one
        who recorded the entries (``render(referee=…)``)."""
        value = hv(getattr(self.header, key, None))
        return value or (self.referee if key == "referee" else "")

    def team(self, code: str) -> str:
        return tx.team_label(code, self.result.teams, self.lang)

    def player(self, code: str) -> str:
        return tx.seat_player(code, self.result.seats, self.lang)


def hv(value: object) -> str:
    return "" if value in (None, "") else str(value)


def _rules_text(result: MatchResult, lang: str) -> str:
    """The rule set's name and title in *lang* (its name only when the rule file cannot be read any more)."""
    try:
        from referee.core.rulesfile import worded_title
        from referee.games.gunzi.rules import TITLES
        from referee.store.replaying import rules_of_result

        return f"{result.rules} · {worded_title(rules_of_result(result).title, lang, TITLES)}"
    except Exception:  # a rule file that moved since (and no kept content): print its name only
        return result.rules


def _header(doc: Doc) -> list[Any]:
    """The title, the match header and the teams with their players by seat."""
    t, typo = doc.t, doc.typo
    info = [
        [t("event"), doc.head("event"), t("date"), doc.head("date"), t("rules"), _rules_text(doc.result, doc.lang)],
        [t("round"), doc.head("round"), t("table"), doc.head("table"), t("referee"), doc.head("referee")],
    ]
    widths = [44, 200, 40, 90, 44, 356]
    info = [[typo.cell(v, 9, width=w - 12) if isinstance(v, str) else v for v, w in zip(row, widths, strict=True)]
            for row in info]
    tbl = Table(info, colWidths=widths, hAlign="LEFT")
    tbl.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), typo.latin, 9),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TEXTCOLOR", (0, 0), (0, -1), colors.grey), ("TEXTCOLOR", (2, 0), (2, -1), colors.grey),
        ("TEXTCOLOR", (4, 0), (4, -1), colors.grey),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, GRID),
    ] + _cjk_cells(info, typo, 9)))
    team_rows = []
    for team in TEAMS:
        a, b = tx.TEAM_SEATS[team]
        team_rows.append([typo.cell(v, 10.5, width=w - 12) for v, w in zip(
            (doc.team(team), doc.player(a), doc.player(b)), TEAM_WIDTHS, strict=True)])
    teams = Table(team_rows, colWidths=TEAM_WIDTHS, hAlign="LEFT")
    teams.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), typo.latin, 10.5)] + _cjk_cells(team_rows, typo, 10.5)))
    return [doc.para(f"{t('title')}  {doc.match_id}", doc.s_title, bold=True), tbl, Spacer(1, 4), teams]


def _result(doc: Doc) -> list[Any]:
    """Games won, the winner and how, and each game's result."""
    result, t = doc.result, doc.t
    gw = result.games_won
    story = [doc.para(t("result"), doc.s_h2),
             doc.para(t("games_won", ew=doc.team("EW"), ew_games=gw.get("EW", 0), ns_games=gw.get("NS", 0),
                        ns=doc.team("NS")))]
    if result.winner:
        # the match, not the last game's reason: games won, and which (each game's reason is in the table)
        loser = "NS" if result.winner == "EW" else "EW"
        won = [g.game for g in result.games if g.winner == result.winner]
        line = tr(doc.lang, "Winner: {team} — {won}:{lost}, games {games:list}", team=doc.team(result.winner),
                  won=gw.get(result.winner, 0), lost=gw.get(loser, 0), games=[str(n) for n in won]) if won else \
            t("winner", team=doc.team(result.winner))
        if result.forfeit:
            line += f" ({t('forfeit_note')})"
        story.append(doc.para(line, doc.s_big, bold=True))
    else:
        story.append(doc.para(t("no_winner"), doc.s_big))
    if result.games:
        rows = [[t("game_col"), t("game_winner"), t("game_reason"), t("game_last_hand")]]
        for g in result.games:
            rows.append([str(g.game), doc.team(g.winner) if g.winner else t("game_open"),
                         tx.reason(g.reason, doc.lang, result.top_level),
                         "" if g.last_hand is None else str(g.last_hand)])
        widths = [40, 180, 100, 60]
        rows = [[doc.typo.cell(v, 8.5, width=w - 12) for v, w in zip(row, widths, strict=True)] for row in rows]
        story += [Spacer(1, 4), _grid_table(rows, widths, doc.typo, 8.5)]
    return story


CHART_HEIGHTS = (170.0, 125.0, 105.0, 90.0)  # points: the chart's height, then the lower ones a short match may take


def _chart(doc: Doc, height: float = CHART_HEIGHTS[0]) -> list[Any]:
    if not doc.result.hands:
        return []
    width = landscape(A4)[0] - 24 * mm
    return [Spacer(1, 6), levels_drawing(doc.result.hands, doc.result.teams, doc.lang, doc.typo, width, height)]


def _hand_table(doc: Doc) -> list[Any]:
    """The hand-by-hand table: one row a hand, the rows that end a game shaded and in bold."""
    result, typo, lang = doc.result, doc.typo, doc.lang
    heads = []
    for key, _ in HAND_COLUMNS:
        label = typo.markup(doc.t(key))
        if key in ("col_levels_after", "col_ledger"):
            label += "<br/>" + typo.markup(f"{tx.team('EW', lang)}:{tx.team('NS', lang)}")
        heads.append(Paragraph(label, doc.s_head))
    size = 7.5
    ends = frozenset(i for i, h in enumerate(result.hands, start=1) if h.game_winner)
    rows: list[list[Any]] = [heads]
    for i, h in enumerate(result.hands, start=1):
        rows.append([typo.cell(v, size + (0.5 if i in ends else 0), bold=i in ends, width=w - 4)
                     for v, (_, w) in zip(hand_row(h, result.seats, lang), HAND_COLUMNS, strict=True)])
    style = [
        ("FONT", (0, 1), (-1, -1), typo.latin, size),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("ALIGN", (0, 1), (-1, -1), "CENTER"),
        ("ALIGN", (2, 1), (2, -1), "LEFT"),
        ("ALIGN", (-1, 1), (-1, -1), "LEFT"),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(*HEADER_FILL)),
        ("GRID", (0, 0), (-1, -1), 0.3, GRID),
        ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
    ]
    for i in sorted(ends):
        style += [("BACKGROUND", (0, i), (-1, i), colors.Color(*GAME_END_FILL)),
                  ("LINEBELOW", (0, i), (-1, i), 1.2, colors.black),
                  ("FONT", (0, i), (-1, i), typo.latin_bold, size + 0.5)]
    style += _cjk_cells(rows, typo, size, ends)
    tbl = LongTable(rows, colWidths=[w for _, w in HAND_COLUMNS], repeatRows=1, hAlign="LEFT")
    tbl.setStyle(TableStyle(style))
    return [*doc.heading(doc.t("hands")), tbl]


def _notes(doc: Doc, log: Sequence[AuditEntry], compact: bool = False) -> list[Any]:
    """Warnings, rulings, redeals and time calls, where and whom they concern, and the store's corrections, in one
    section (``audit.section``, every game's)."""
    result, t = doc.result, doc.t
    notes = [NoteRow(n.line, tx.note_kind(n.kind, doc.lang),
                     t("game_hand_n", game=n.game, hand=n.hand) if n.hand else t("game_n", game=n.game),
                     doc.player(n.seat) if n.seat else (doc.team(n.team) if n.team else ""), n.text)
             for n in result.notes]
    return section(doc, notes, log, venue_zone(result.header), compact)


def _marks(doc: Doc, marks: Mapping[int, str]) -> list[Any]:
    """Each settled hand confirmed, disputed or not confirmed: one paragraph."""
    if not marks:
        return []
    text = "; ".join(tr(doc.lang, "hand {hand}: {mark}", hand=n, mark=mark)
                     for n, mark in sorted(marks.items()))
    return [doc.para(tr(doc.lang, "Confirmations and disputes: {marks}", marks=text),
                     doc.s_body)]


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
    """Three lines to sign on, with a gap between them: both captains and the referee."""
    t, typo = doc.t, doc.typo
    labels = [t("captain", team=doc.team("EW")), t("captain", team=doc.team("NS")),
              f"{t('referee')} {doc.head('referee')}".strip()]
    date = t("sign_date")
    sign_rows = [["", "", "", "", ""], [labels[0], "", labels[1], "", labels[2]], [date, "", date, "", date]]
    widths = [220, 30, 220, 30, 220]
    sign_rows = [[typo.cell(v, 9, width=w - 6) for v, w in zip(row, widths, strict=True)] for row in sign_rows]
    tbl = Table(sign_rows, colWidths=widths, rowHeights=[26, 14, 14] if compact else [36, 14, 16], hAlign="LEFT")
    tbl.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), typo.latin, 9),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("LINEBELOW", (0, 0), (0, 0), 0.8, colors.black), ("LINEBELOW", (2, 0), (2, 0), 0.8, colors.black),
        ("LINEBELOW", (4, 0), (4, 0), 0.8, colors.black),
        ("TEXTCOLOR", (0, 2), (-1, 2), colors.grey),
    ] + _cjk_cells(sign_rows, typo, 9)))
    return [Spacer(1, 4 if compact else 10), KeepTogether([doc.para(t("signatures"), doc.s_h2), tbl])]


def pdf_language(lang: str) -> str:
    """The PDF's language tag (``zh-CN``, ``zh-TW``, ``en``): metadata for readers and screen readers."""
    return (normalize(lang) or "en").replace("_", "-")


def _banner(doc: Doc, broken: Msg | None) -> list[Any]:
    """A broken chain, said on the face of the card: a framed red paragraph above everything."""
    if broken is None:
        return []
    style = ParagraphStyle("banner", parent=doc.s_big, textColor=colors.Color(0.7, 0, 0), borderColor=colors.red,
                           borderWidth=1.2, borderPadding=4, spaceAfter=8)
    text = tr(doc.lang, "Warning: {problem}. This scorecard prints the record as it now stands; "
              "`referee verify` shows what changed.", problem=broken)
    return [doc.para(text, style, bold=True)]


def pdf_date(date: str) -> str:
    """The PDF's creation date: the match's date (``date=YYYY-MM-DD``, midnight UTC), else now (UTC)."""
    import datetime

    try:
        when = datetime.datetime.combine(datetime.date.fromisoformat(date), datetime.time(), datetime.UTC)
    except ValueError:
        when = datetime.datetime.now(datetime.UTC)
    return when.strftime("D:%Y%m%d%H%M%S+00'00'")


def render(result: MatchResult, lang: str, font: FontInfo, log: Sequence[AuditEntry] = (),
           errors: Sequence[RecordError] = (), broken: Msg | None = None,
           head: tuple[str, int] | None = None, marks: Mapping[int, str] | None = None,
           referee: str = "") -> bytes:
    """The PDF of ``result`` in ``lang``: the sections in order, a footer on every page ("page N of M"). *marks*:
    each settled hand's confirmation or dispute in words (a stored match with confirmations or disputes)."""
    doc = Doc(result, lang, font)
    doc.referee = referee

    def story(chart_height: float, compact: bool) -> list[Any]:
        return [*_banner(doc, broken), *_header(doc), *_result(doc), *_chart(doc, chart_height), *_hand_table(doc),
                *_marks(doc, marks or {}), *_notes(doc, log, compact),
                *_problems(doc, [*errors, *result.errors]), *_signatures(doc, compact)]
    # a stored match's chain head on every page: the card on the wall anchors the record (`verify --head`)
    chain_head = "" if head is None else tr(lang, "record head {hash} · {n} entries",
                                            hash=head[0], n=head[1])
    footer_left = " · ".join(v for v in (doc.match_id, doc.head("event"), doc.head("date"), chain_head) if v)
    page_width = landscape(A4)[0]

    stamp = pdf_date(doc.head("date"))

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
                                title=f"{doc.t('title')} {doc.match_id}".strip(), author=doc.head("referee"),
                                subject=doc.head("event"), creator="referee", invariant=True,
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
