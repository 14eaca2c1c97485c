"""The figures a bench printed, kept where the docs are made from them (``bench/figures/NAME.json``).

A bench run with ``--save`` writes its headline figures there, with the date, the commit, the machine's load and
the command line; ``tools/benchpage.py`` makes ``docs/dev/benchmarks.md`` from those files and the page's template
(``bench/benchmarks.template.md``), and ``tests/test_benchpage.py`` holds the committed page to what the tool makes.
So a figure in the docs is the one a bench printed in its last saved run, never one typed in by hand: rerun the bench
with ``--save`` and ``make benchpage`` to bring the page up to date.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "figures"
Figure = float | int | str


def add_option(parser: argparse.ArgumentParser) -> None:
    """The ``--save`` flag, declared once for every bench."""
    parser.add_argument("--save", action="store_true",
                        help=f"keep this run's figures in {FOLDER.relative_to(FOLDER.parent.parent)}/ "
                             "(docs/dev/benchmarks.md is made from them: make benchpage)")


def _commit() -> str:
    """The measured checkout's commit (``+`` when its package had changes), as git says; ``?`` outside git."""
    import referee  # the code measured: a bench may run another checkout through PYTHONPATH

    where = Path(referee.__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "-C", str(where), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(where), "status", "--porcelain", "--", "referee"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("+" if dirty else "")


def save(name: str, figures: Mapping[str, Figure], *, load_before: float | None = None) -> Path:
    """Write *figures* (numbers as measured, unrounded) to ``FOLDER/name.json`` and say where."""
    FOLDER.mkdir(exist_ok=True)
    load_after = os.getloadavg()[0]
    record = {
        "bench": name,
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "commit": _commit(),
        "command": " ".join(["bench/" + Path(sys.argv[0]).name, *sys.argv[1:]]),
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
        "load": round(max(load_after, load_before or 0.0), 2),
        "figures": dict(figures),
    }
    path = FOLDER / f"{name}.json"
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False, sort_keys=False) + "\n", encoding="utf-8")
    print(f"figures saved in {path}")
    return path
