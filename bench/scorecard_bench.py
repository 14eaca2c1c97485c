"""Bench: the whole `referee scorecard` process for a 40-hand match (target: median < 0.5 s).

Writes a 40-hand record, then runs `referee scorecard REC -o OUT` as a fresh process several times and
prints the median and spread, with a breakdown: bare CLI start-up (`referee --help`), and in one
process the imports, the replay and the PDF build. Run: `.venv/bin/python bench/scorecard_bench.py [RUNS]`.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import figures

TARGET = 0.5
HANDS = 40


def record(n_hands: int, match_id: str = "BENCH-40") -> str:
    """A record of ``n_hands`` hands: keep (100 points) and stage-kept (130 points) in turn, no blood.

    Game ends come from passing 10, so a 40-hand record spans two games.
    """
    lines = [f'match id={match_id} rules=dalian-club date=2026-11-29 event="Bench Cup" table=1 round=1 '
             "referee=周裁判",
             "team EW 海之韵", "team NS 星海", "seat E 张三", "seat S 李四", "seat W 王五", "seat N 赵六"]
    levels, decl, first, i = {"EW": 3, "NS": 3}, "EW", True, 0
    for _ in range(n_hands):
        lines.append("hand")
        if first:
            lines += ["declarer E", "trump H"]
            levels, decl, first, i = {"EW": 3, "NS": 3}, "EW", False, 0
        else:
            lines.append("trump H")
        i += 1
        lines.append("kitty 4C 6D 9S KH 7C 3H")
        if i % 2:
            lines += ["points 100", "last decl"]
            if levels[decl] == 10:
                first = True
            else:
                levels[decl] += 1
        else:
            lines += ["points 130", "last decl"]
            decl = "NS" if decl == "EW" else "EW"
    return "\n".join(lines) + "\n"


def referee_cmd() -> list[str]:
    script = Path(sys.executable).with_name("referee")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "from referee.cli import main; main()"]


# Measure what a user's machine does: Python caches compiled modules (__pycache__). A shell with
# PYTHONDONTWRITEBYTECODE set would recompile the project's modules on every run instead.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (user + system) seconds of each run of ``cmd`` as a fresh process.

    CPU time is what the process itself costs; wall time also counts waiting for a busy machine.
    """
    wall, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=ENV)
        wall.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, cpu


def in_process(rec: Path, out: Path) -> dict[str, float]:
    code = f"""
import time
t0 = time.perf_counter()
import typer, referee.cli
t1 = time.perf_counter()
import reportlab.platypus, referee.views.scorecard.layout as L
t2 = time.perf_counter()
from referee.games.gunzi import engine, ruleset
from referee.app import sources
s = sources.load({str(rec)!r}); r = engine.replay(s.events, ruleset.load(s.rules))
t3 = time.perf_counter()
L.build_scorecard(r, {str(out)!r})
t4 = time.perf_counter()
L.build_scorecard(r, {str(out)!r})
t5 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
"""
    vals = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                          env=ENV).stdout.split()
    keys = ("cli import", "reportlab + layout import", "parse + replay", "build (first)", "build (again)")
    return dict(zip(keys, map(float, vals), strict=True))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", type=int, nargs="?", default=7, help="runs of the whole process (7)")
    figures.add_option(ap)
    args = ap.parse_args()
    runs = args.runs
    load_before = os.getloadavg()[0]
    try:
        from reportlab.lib.rl_accel import fp_str

        accel = "C (rl_accel)" if not getattr(fp_str, "__module__", "").startswith("reportlab") else "pure Python"
    except ImportError:  # pragma: no cover
        accel = "?"
    with tempfile.TemporaryDirectory() as tmp:
        rec, out = Path(tmp) / "bench40.gunzi", Path(tmp) / "bench40.pdf"
        rec.write_text(record(HANDS), encoding="utf-8")
        cmd = referee_cmd()
        for _ in range(2):  # warm up: compiled-module caches written, files in the OS cache
            subprocess.run(cmd + ["scorecard", str(rec), "-o", str(out)], check=True, stdout=subprocess.DEVNULL,
                           env=ENV)
        whole, whole_cpu = timed(cmd + ["scorecard", str(rec), "-o", str(out)], runs)
        help_, _ = timed(cmd + ["--help"], runs)
        parts = in_process(rec, out)
        size = out.stat().st_size
        from pypdf import PdfReader

        pages = len(PdfReader(str(out)).pages)
    med = statistics.median(whole)
    print(f"referee scorecard, {HANDS}-hand match ({pages} pages, {size / 1024:.0f} KiB), {runs} runs:")
    print(f"  whole process: median {med:.3f} s  (min {min(whole):.3f}, max {max(whole):.3f})"
          f"  target < {TARGET} s: {'met' if med < TARGET else 'NOT met'}")
    print(f"  CPU time (user + system): median {statistics.median(whole_cpu):.3f} s"
          f"  (load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs)")
    print(f"  `referee --help` start-up: median {statistics.median(help_):.3f} s")
    print(f"  in one process (ReportLab accelerator: {accel}):")
    for key, value in parts.items():
        print(f"    {key:<28} {value:.3f} s")
    if args.save:
        figures.save("scorecard_bench", {"runs": runs, "hands": HANDS, "pages": pages, "whole_s": med,
                                         "cpu_s": statistics.median(whole_cpu), "help_s": statistics.median(help_)},
                     load_before=load_before)
    return 0


if __name__ == "__main__":
    sys.exit(main())
