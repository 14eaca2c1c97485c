"""A scorecard's chart (``api.Chart``) as a ReportLab drawing: Gunzi's levels hand by hand through each game, each
player's running total deal by deal elsewhere — whatever lines the game gives, drawn the one way.

x is the hand (deal) number through the match; a game's labelled spans (Gunzi's games) are parted by a dashed line
and named above the plot. The lines of the first two styles are moved a line's width apart, so that where two are
equal both show (the first solid above, the second dashed below).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from referee.views.scorecard import fonts

if TYPE_CHECKING:
    from referee.games.api import Chart
    from referee.views.scorecard.typo import Typo

COLOURS = ((0.80, 0.15, 0.15), (0.12, 0.30, 0.70), (0.10, 0.55, 0.20), (0.55, 0.30, 0.65))
DASHES: tuple[list[float] | None, ...] = (None, [3, 2], [1, 1.5], [5, 1.5, 1, 1.5])
NS_DASH = DASHES[1]
DY = 1.3  # points the first two styles' lines are moved off their value: 2.6 apart, a line's width between them
OFFSETS = (DY, -DY)


def _add_text(d: Drawing, typo: Typo, x: float, y: float, text: str, size: float,
              anchor: str = "start", max_width: float | None = None) -> None:
    """Strings for ``text``, one per font run (Latin in the Latin font), anchored like ``String``;
    set smaller when wider than ``max_width``."""
    parts = fonts.runs(text, typo.cjk, typo.latin)
    width = sum(stringWidth(p, f, size) for f, p in parts)
    if max_width is not None and width > max_width:
        size, width = size * max_width / width, max_width
    x -= {"start": 0, "middle": width / 2, "end": width}[anchor]
    for font, piece in parts:
        d.add(String(x, y, piece, fontName=font, fontSize=size))
        x += stringWidth(piece, font, size)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _nice(span: float) -> int:
    """A round step for the axis: 1, 2, 5, 10, 20, 50…"""
    step = 1
    while True:
        for k in (1, 2, 5):
            if step * k >= span:
                return step * k
        step *= 10


def drawing(chart: Chart, typo: Typo, width: float, height: float = 170) -> Drawing:
    """The chart as plain shapes (grid, polylines, markers, labels): a vector drawing in the PDF.

    Drawn from shapes rather than ``LinePlot``: the same picture for a fraction of the time, which
    matters because the whole ``referee scorecard`` process should stay under half a second.
    """
    d = Drawing(width, height)
    points = [p for s in chart.series for p in s.points]
    if not points:
        return d
    px, py = (40.0 if chart.signed else 34.0), 26.0  # plot origin
    pw, ph = width - px - 150, height - py - 30
    x_lo, x_hi = min(x for x, _ in points), max(x for x, _ in points)
    first, last = math.floor(x_lo) + 1, math.floor(x_hi)
    x_min, x_max = x_lo - 0.5, x_hi + 0.5
    values = [y for _, y in points]
    low, top = min(values), max(values)
    if chart.shown is not None:
        low, top = min(low, chart.shown[0]), max(top, chart.shown[1])
    if top == low:
        top = low + 1
    step = 1 if top - low <= 12 else _nice((top - low) / 6)
    pad = 0.5 if step == 1 else step / 4
    y_min, y_max = low - pad, top + pad

    def X(v: float) -> float:  # noqa: N802
        return px + (v - x_min) / (x_max - x_min) * pw

    def Y(v: float) -> float:  # noqa: N802
        return py + (v - y_min) / (y_max - y_min) * ph

    grid, axis = colors.Color(0.85, 0.85, 0.85), colors.Color(0.3, 0.3, 0.3)
    every = 1 if step > 1 or Y(1) - Y(0) >= 8.5 else 2 if 2 * (Y(1) - Y(0)) >= 8.5 else 3  # a low chart labels fewer
    start = math.ceil(low / step) * step
    for k, value in enumerate(range(start, top + 1, step)):
        zero = chart.signed and value == 0  # the zero line darker
        d.add(Line(px, Y(value), px + pw, Y(value), strokeColor=axis if zero else grid,
                   strokeWidth=0.6 if zero else 0.4))
        d.add(Line(px - 3, Y(value), px, Y(value), strokeColor=axis, strokeWidth=0.5))
        if k % every == 0:
            d.add(String(px - 5, Y(value) - 2.5, signed(value) if chart.signed else str(value), fontName=typo.latin,
                         fontSize=7, textAnchor="end"))
    d.add(Line(px, py, px, py + ph, strokeColor=axis, strokeWidth=0.6))
    d.add(Line(px, py, px + pw, py, strokeColor=axis, strokeWidth=0.6))
    span = last - first + 1
    tick = 1 if span <= 40 else 5 if span <= 200 else 10
    for n in range(first, last + 1):
        if tick == 1 or n % tick == 0:
            d.add(Line(X(n), py, X(n), py - 3, strokeColor=axis, strokeWidth=0.5))
            d.add(String(X(n), py - 10, str(n), fontName=typo.latin, fontSize=7, textAnchor="middle"))

    for label, lo, hi in chart.spans:  # Gunzi's games: a dashed line before each but the first, the name above
        if lo > x_lo:
            d.add(Line(X(lo), py, X(lo), py + ph, strokeColor=colors.grey, strokeWidth=0.6, strokeDashArray=[2, 2]))
        _add_text(d, typo, (X(lo) + X(hi)) / 2, py + ph + 4, label, 7.5, "middle")

    radius = 1.6 if span <= 60 else 1.0
    legend: dict[int, str] = {}
    for s in chart.series:
        colour = colors.Color(*COLOURS[s.style % len(COLOURS)])
        dash = DASHES[s.style % len(DASHES)]
        dy = OFFSETS[s.style] if s.style < len(OFFSETS) else 0.0
        flat = [c for x, y in s.points for c in (X(x), Y(y) + dy)]
        d.add(PolyLine(flat, strokeColor=colour, strokeWidth=1.3, strokeDashArray=dash))
        for x, y in s.points[1:]:
            d.add(Circle(X(x), Y(y) + dy, radius, fillColor=colour, strokeColor=None))
        legend.setdefault(s.style, s.label)

    _add_text(d, typo, px, height - 10, chart.title, 9)
    _add_text(d, typo, px + pw, 4, chart.x_label, 7, "end")
    _add_text(d, typo, 4, py + ph / 2, chart.y_label, 7, max_width=px - 8)

    # legend: a short line in the style's colour and its label
    lx, ly = px + pw + 14, py + ph - 8
    for style, label in legend.items():
        colour = colors.Color(*COLOURS[style % len(COLOURS)])
        d.add(Line(lx, ly + 3, lx + 16, ly + 3, strokeColor=colour, strokeWidth=1.6,
                   strokeDashArray=DASHES[style % len(DASHES)]))
        d.add(Circle(lx + 8, ly + 3, 1.6, fillColor=colour, strokeColor=None))
        _add_text(d, typo, lx + 22, ly, label, 8, max_width=width - lx - 24)
        ly -= 14
    return d

