"""Make ``docs/dev/benchmarks.md`` from the benches' saved figures (``bench/figures/*.json``) and its template.

The template (``bench/benchmarks.template.md``) is the page's prose with a placeholder for each figure,
``{{BENCH:KEY}}`` or ``{{BENCH:KEY:SPEC}}`` (SPEC a Python format spec, e.g. ``.1f``): the value KEY of
``bench/figures/BENCH.json``'s figures. ``{{BENCH:@date}}``, ``@load`` and ``@commit`` give when, under what load
average and on which commit that bench's figures were measured. A placeholder with no such file or key is an error
naming it: a page is never made with a figure missing.

    .venv/bin/python tools/benchpage.py           # write the page (make benchpage)
    .venv/bin/python tools/benchpage.py --check   # exit 1 if the committed page is not what the figures make
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "bench" / "figures"
TEMPLATE = ROOT / "bench" / "benchmarks.template.md"
PAGE = ROOT / "docs" / "dev" / "benchmarks.md"
PLACEHOLDER = re.compile(r"\{\{([\w-]+):(@?[\w.-]+)(?::([^}]*))?\}\}")
META = {"@date": "date", "@load": "load", "@commit": "commit"}


class MissingFigure(Exception):
    """A placeholder names a bench or figure that no saved run holds."""


def load(folder: Path = FIGURES) -> dict[str, dict[str, object]]:
    """Every saved bench run, by its bench's name."""
    return {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))}


def render(template: str, runs: dict[str, dict[str, object]], where: str = "template") -> str:
    """*template* with each placeholder replaced by its figure, formatted by its spec."""
    def figure(match: re.Match[str]) -> str:
        bench, key, spec = match.group(1), match.group(2), match.group(3) or ""
        line = template.count("\n", 0, match.start()) + 1
        run = runs.get(bench)
        if run is None:
            raise MissingFigure(f"{where}:{line}: {match.group()}: no bench/figures/{bench}.json "
                                f"(run bench/{bench.split('-')[0]}.py with --save)")
        figures = run["figures"]
        assert isinstance(figures, dict)
        if key in META:
            value = run[META[key]]
        elif key in figures:
            value = figures[key]
        else:
            raise MissingFigure(f"{where}:{line}: {match.group()}: bench/figures/{bench}.json has no figure "
                                f"{key!r} (it has: {', '.join(sorted(figures))})")
        return format(value, spec)
    return PLACEHOLDER.sub(figure, template)


def page() -> str:
    """The page the committed figures and template make."""
    return render(TEMPLATE.read_text(encoding="utf-8"), load(), TEMPLATE.relative_to(ROOT).as_posix())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only say whether the committed page is up to date")
    args = ap.parse_args(argv)
    try:
        text = page()
    except MissingFigure as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.check:
        if PAGE.read_text(encoding="utf-8") != text:
            print(f"error: {PAGE.relative_to(ROOT)} is not what the saved figures make: run make benchpage",
                  file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
