"""The benchmarks page is made from the benches' saved figures (tools/benchpage.py, bench/figures.py).

The docs quote figures only through the page the tool makes: these tests hold the committed page to what the
committed figures make, and the tool to naming a figure it cannot find rather than printing a page without it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


benchpage = _module("benchpage", ROOT / "tools" / "benchpage.py")
figures = _module("figures", ROOT / "bench" / "figures.py")

RUN = {"bench": "games_bench", "date": "2026-12-07", "commit": "abc1234", "load": 1.25,
       "figures": {"gunzi.check_x": 10.6789, "gunzi.deals": 10023, "runs": 5}}


def test_the_committed_page_is_the_one_the_saved_figures_make() -> None:
    assert (ROOT / "docs" / "dev" / "benchmarks.md").read_text(encoding="utf-8") == benchpage.page(), (
        "docs/dev/benchmarks.md is not what bench/figures/ makes: run make benchpage")


def test_a_placeholder_is_its_figure_formatted_by_its_spec() -> None:
    text = ("Gunzi {{games_bench:gunzi.check_x:.1f}}× over {{games_bench:gunzi.deals:,}} deals, {{games_bench:runs}} "
            "runs, {{games_bench:@date}} at load {{games_bench:@load:.1f}} on {{games_bench:@commit}}")
    assert benchpage.render(text, {"games_bench": RUN}) == (
        "Gunzi 10.7× over 10,023 deals, 5 runs, 2026-12-07 at load 1.2 on abc1234")


def test_a_figure_no_run_saved_is_an_error_naming_the_line_and_the_figure() -> None:
    with pytest.raises(benchpage.MissingFigure) as got:
        benchpage.render("intro\n\nsee {{games_bench:gunzi.json_x:.1f}}", {"games_bench": RUN}, "page.md")
    assert str(got.value) == ("page.md:3: {{games_bench:gunzi.json_x:.1f}}: bench/figures/games_bench.json has no "
                              "figure 'gunzi.json_x' (it has: gunzi.check_x, gunzi.deals, runs)")
    with pytest.raises(benchpage.MissingFigure) as got:
        benchpage.render("{{web_load:cpu_x}}", {"games_bench": RUN}, "page.md")
    assert str(got.value) == ("page.md:1: {{web_load:cpu_x}}: no bench/figures/web_load.json (run bench/web_load.py "
                              "with --save)")


def test_every_bench_the_template_names_can_save_its_figures() -> None:
    template = benchpage.TEMPLATE.read_text(encoding="utf-8")
    named = {m.group(1).split("-")[0] for m in benchpage.PLACEHOLDER.finditer(template)}
    assert len(named) >= 10  # the page quotes the replay, record, store, venue, event, league and ratings benches
    for bench in sorted(named):
        source = (ROOT / "bench" / f"{bench}.py").read_text(encoding="utf-8")
        assert "add_option(" in source and ".save(" in source, f"bench/{bench}.py cannot --save"


def test_a_saved_run_holds_its_figures_and_when_and_where_they_were_measured(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figures, "FOLDER", tmp_path)
    monkeypatch.setattr(sys, "argv", ["/x/bench/games_bench.py", "--deals", "100", "--save"])
    path = figures.save("games_bench", {"gunzi.check_x": 10.5, "runs": 3}, load_before=9.5)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert path == tmp_path / "games_bench.json"
    assert saved["figures"] == {"gunzi.check_x": 10.5, "runs": 3}
    assert saved["command"] == "bench/games_bench.py --deals 100 --save"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", saved["date"]) and saved["load"] >= 9.5  # the higher of before and after
    assert re.fullmatch(r"[0-9a-f]{7,}\+?|\?", saved["commit"])
    parser = argparse.ArgumentParser()
    figures.add_option(parser)
    assert parser.parse_args(["--save"]).save and not parser.parse_args([]).save
