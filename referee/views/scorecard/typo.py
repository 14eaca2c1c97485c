"""The fonts of a PDF's text: a Chinese font and a Latin one, and the cells and runs set in both.

Shared by the scorecard's tables and chart and the event sheets; its own module so that the chart and the
layout that places it both use it without importing each other.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from referee.views.scorecard import fonts
from referee.views.scorecard.fonts import FontInfo
from referee.views.scorecard.linebreak import Para

MIN_SIZE = 6.0  # points: the smallest a long name is set before it wraps


def escape(text: str) -> str:
    """Paragraph markup for plain text (``xml.sax.saxutils.escape`` would pull in ``urllib``: 25 ms)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Typo:
    """The document's fonts: a Chinese font and a Latin one (the same font when one is embedded)."""

    def __init__(self, font: FontInfo) -> None:
        self.cjk = font.name
        self.latin = font.name if font.embedded else fonts.LATIN
        self.latin_bold = font.name if font.embedded else fonts.LATIN_BOLD

    def markup(self, text: str, bold: bool = False) -> str:
        """Paragraph markup of plain ``text`` with its Latin runs in the Latin font."""
        latin = self.latin_bold if bold else self.latin
        return "".join(f'<font face="{f}">{escape(piece)}</font>' if f != self.cjk else escape(piece)
                       for f, piece in fonts.runs(text, self.cjk, latin))

    def cell(self, text: str, size: float, bold: bool = False, width: float | None = None) -> str | Runs | Paragraph:
        """A table cell: the string itself when one font prints it, else a ``Runs`` flowable.

        Text wider than ``width`` (a long name) is set smaller to fit rather than run into the next cell,
        down to :data:`MIN_SIZE`; wider still, it wraps onto more lines at that size.
        """
        latin = self.latin_bold if bold else self.latin
        parts = fonts.runs(text, self.cjk, latin)
        if width is not None:
            wide = sum(stringWidth(p, f, size) for f, p in parts)
            if wide > width:
                fit = size * width / wide
                if fit >= MIN_SIZE:
                    return Runs(parts, fit)
                style = ParagraphStyle("wrapped", fontName=self.cjk, fontSize=MIN_SIZE, leading=MIN_SIZE * 1.15,
                                       wordWrap="CJK")
                return Para(self.markup(text, bold), style)
        if len(parts) <= 1:
            return text
        return Runs(parts, size)

    def font_of(self, text: str, bold: bool = False) -> str:
        return (self.latin_bold if bold else self.latin) if fonts.is_latin(text) else self.cjk


class Runs(Flowable):  # type: ignore[misc]  # Flowable is Any to the checker (ReportLab ships no types)
    """One line of text in several fonts: cheaper than a Paragraph for short table cells."""

    def __init__(self, parts: list[tuple[str, str]], size: float) -> None:
        super().__init__()
        self.parts, self.size = parts, size
        self.text_width = sum(stringWidth(p, f, size) for f, p in parts)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.text_width, self.size * 1.2

    def draw(self) -> None:
        x = 0.0
        for font, piece in self.parts:
            self.canv.setFont(font, self.size)
            self.canv.drawString(x, self.size * 0.2, piece)
            x += stringWidth(piece, font, self.size)


def draw_runs(canvas: Any, typo: Typo, x: float, y: float, text: str, size: float, anchor: str = "start") -> None:
    parts = fonts.runs(text, typo.cjk, typo.latin)
    width = sum(stringWidth(p, f, size) for f, p in parts)
    if anchor == "end":
        x -= width
    for font, piece in parts:
        canvas.setFont(font, size)
        canvas.drawString(x, y, piece)
        x += stringWidth(piece, font, size)


