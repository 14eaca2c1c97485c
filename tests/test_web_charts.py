"""The running-totals chart of a match of a game other than Gunzi's (Gunzi's own is its level chart): one line a
player over the deals, from 0 before the first, drawn from the scorecard's rows (``GameTable.running``).

The match: the Dou Dizhu club night (examples/club-night.doudizhu), whose totals, worked in docs/doudizhu-rules.md
§5-§6 deal by deal: 张三 −6, −6 (deal 2 redealt), −2, +6, +10; 李四 +12, +12, +16, +12, +4; 王五 −6, −6, −14,
−18, −14.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

from referee.games.api import GameTable
from referee.games.registry import game
from referee.store.api import open_store
from referee.web.data import totals_chart

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee.web.app import make_app  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "club-night.doudizhu"
RUNNING = ((-6, 12, -6), (-6, 12, -6), (-2, 16, -14), (6, 12, -18), (10, 4, -14))


def _ys(points: str) -> list[float]:
    return [float(p.split(",")[1]) for p in points.split()]


def test_each_player_s_line_rises_and_falls_with_the_total() -> None:
    table = GameTable(("deal",), (), ("张三", "李四", "王五"), RUNNING, (10, 4, -14), "points")
    chart = totals_chart(table)
    assert [(s.player, s.total) for s in chart.series] == [("张三", 10), ("李四", 4), ("王五", -14)]
    for i, s in enumerate(chart.series):
        ys = _ys(s.points)
        assert len(ys) == len(RUNNING) + 1 and ys[0] == chart.zero  # from 0 before the first deal
        totals = [0, *(row[i] for row in RUNNING)]
        for (a, b), (ya, yb) in zip(zip(totals, totals[1:], strict=False), zip(ys, ys[1:], strict=False), strict=True):
            assert (b > a) == (yb < ya) and (b == a) == (yb == ya)  # higher is up on the screen
    xs = [[float(p.split(",")[0]) for p in s.points.split()] for s in chart.series]
    assert xs[0] == xs[1] == xs[2] and xs[0] == sorted(xs[0])
    ticks = [v for _, v in chart.ys]
    assert min(ticks) <= -14 + 5 and max(ticks) >= 16 - 5 and 0 in ticks


def test_the_match_page_of_a_dou_dizhu_match_draws_its_totals(tmp_path: Path) -> None:
    store = open_store(tmp_path / "store")
    store.create(list(game("doudizhu").read(EXAMPLE.read_text(encoding="utf-8")).events), "ann")
    client = TestClient(make_app(str(tmp_path / "store")))
    for lang, title in (("en", "Running totals deal by deal"), ("zh", "逐局累计得分")):
        page = client.get(f"/matches/DDZ-N1-T2?lang={lang}").text
        svg = re.search(r'<svg id="totals-chart"[^>]*aria-label="([^"]*)"', page)
        assert svg is not None and svg.group(1) == title
        assert re.findall(r'<polyline [^>]*data-player="([^"]*)" data-final="([^"]*)"', page) == [
            ("张三", "10"), ("李四", "4"), ("王五", "-14")]
