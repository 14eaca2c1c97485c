"""The levels chart: both teams' levels hand by hand through each game, as a ReportLab drawing.

x is the hand number through the match; each game starts half a hand before its first hand at the
level both teams start from, so a new game's lines start fresh instead of joining the last game's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from referee.games.gunzi.results import HandResult
from referee.views.scorecard import fonts
from referee.views.scorecard import text as tx

if TYPE_CHECKING:
    from referee.views.scorecard.typo import Typo

TEAMS = ("EW", "NS")
TEAM_COLOURS = {"EW": (0.80, 0.15, 0.15), "NS": (0.12, 0.30, 0.70)}


def level_series(hands: Sequence[HandResult]) -> list[tuple[int, str, list[tuple[float, int]]]]:
    """``(game, team, [(x, level), …])`` for each game and team, in game order."""
    by_game: dict[int, list[HandResult]] = {}
    for h in hands:
        by_game.setdefault(h.game, []).append(h)
    series = []
    for game, game_hands in by_game.items():
        first = game_hands[0]
        start = first.level  # the first hand of a game is played at the level both teams start from
        for team in TEAMS:
            points: list[tuple[float, int]] = [(first.hand - 0.5, start)]
            points += [(h.hand, h.levels_after.get(team, start)) for h in game_hands]
            series.append((game, team, points))
    return series


DY = 1.3  # points each team's line is moved off the level: 2.6 apart, a line's width (1.3) between them
NS_DASH = [3, 2]


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


def levels_drawing(hands: Sequence[HandResult], teams: Mapping[str, str], lang: str, typo: Typo,
                   width: float, height: float = 170) -> Drawing:
    """The chart as plain shapes (grid, polylines, markers, labels): a vector drawing in the PDF.

    Drawn from shapes rather than ``LinePlot``: the same picture for a fraction of the time, which
    matters because the whole ``referee scorecard`` process should stay under half a second.
    """
    d = Drawing(width, height)
    series = level_series(hands)
    if not series:
        return d
    px, py = 34.0, 26.0  # plot origin
    pw, ph = width - px - 150, height - py - 30
    first_hand = min(h.hand for h in hands)
    last_hand = max(h.hand for h in hands)
    x_min, x_max = first_hand - 1, last_hand + 0.5
    levels = [y for _, _, pts in series for _, y in pts]
    low, top = min([3] + levels), max([10] + levels)
    y_min, y_max = low - 0.5, top + 0.5

    def X(v: float) -> float:  # noqa: N802
        return px + (v - x_min) / (x_max - x_min) * pw

    def Y(v: float) -> float:  # noqa: N802
        return py + (v - y_min) / (y_max - y_min) * ph

    grid, axis = colors.Color(0.85, 0.85, 0.85), colors.Color(0.3, 0.3, 0.3)
    every = 1 if Y(1) - Y(0) >= 8.5 else 2 if 2 * (Y(1) - Y(0)) >= 8.5 else 3  # a lower chart labels fewer levels
    for level in range(low, top + 1):
        d.add(Line(px, Y(level), px + pw, Y(level), strokeColor=grid, strokeWidth=0.4))
        d.add(Line(px - 3, Y(level), px, Y(level), strokeColor=axis, strokeWidth=0.5))
        if (level - low) % every == 0:
            d.add(String(px - 5, Y(level) - 2.5, str(level), fontName=typo.latin, fontSize=7, textAnchor="end"))
    d.add(Line(px, py, px, py + ph, strokeColor=axis, strokeWidth=0.6))
    d.add(Line(px, py, px + pw, py, strokeColor=axis, strokeWidth=0.6))
    span = last_hand - first_hand + 1
    step = 1 if span <= 40 else 5 if span <= 200 else 10
    for n in range(first_hand, last_hand + 1):
        if step == 1 or n % step == 0:
            d.add(Line(X(n), py, X(n), py - 3, strokeColor=axis, strokeWidth=0.5))
            d.add(String(X(n), py - 10, str(n), fontName=typo.latin, fontSize=7, textAnchor="middle"))

    # game boundaries and labels
    games: dict[int, tuple[int, int]] = {}
    for h in hands:
        lo, hi = games.get(h.game, (h.hand, h.hand))
        games[h.game] = (min(lo, h.hand), max(hi, h.hand))
    for game, (lo, hi) in games.items():
        x0 = X(lo - 0.5)
        if lo > first_hand:
            d.add(Line(x0, py, x0, py + ph, strokeColor=colors.grey, strokeWidth=0.6, strokeDashArray=[2, 2]))
        _add_text(d, typo, (x0 + X(hi + 0.5)) / 2, py + ph + 4, tx.t("chart_game", lang, n=game), 7.5, "middle")

    # the levels: one polyline per team and game; NS drawn lower and dashed, so that where the levels
    # are equal both lines show (EW solid above, NS dashed below, their widths apart)
    radius = 1.6 if span <= 60 else 1.0
    for _, team, pts in series:
        colour = colors.Color(*TEAM_COLOURS[team])
        dy = -DY if team == "NS" else DY
        flat = [c for x, y in pts for c in (X(x), Y(y) + dy)]
        d.add(PolyLine(flat, strokeColor=colour, strokeWidth=1.3, strokeDashArray=NS_DASH if team == "NS" else None))
        for x, y in pts[1:]:
            d.add(Circle(X(x), Y(y) + dy, radius, fillColor=colour, strokeColor=None))

    _add_text(d, typo, px, height - 10, tx.t("chart_title", lang), 9)
    _add_text(d, typo, px + pw, 4, tx.t("chart_x", lang), 7, "end")
    _add_text(d, typo, 4, py + ph / 2, tx.t("chart_y", lang), 7)

    # legend: a short line in the team's colour and the team's name
    lx, ly = px + pw + 14, py + ph - 8
    for team in TEAMS:
        colour = colors.Color(*TEAM_COLOURS[team])
        d.add(Line(lx, ly + 3, lx + 16, ly + 3, strokeColor=colour, strokeWidth=1.6,
                   strokeDashArray=NS_DASH if team == "NS" else None))
        d.add(Circle(lx + 8, ly + 3, 1.6, fillColor=colour, strokeColor=None))
        _add_text(d, typo, lx + 22, ly, tx.team_label(team, teams, lang), 8, max_width=width - lx - 24)
        ly -= 14
    return d
