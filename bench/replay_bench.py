"""Replay bench: how fast a long match record is read, replayed and printed. Prints figures, asserts nothing.

    .venv/bin/python bench/replay_bench.py                 # 10,000 hands, 5 runs
    .venv/bin/python bench/replay_bench.py --hands 2000 --runs 3 --profile

Generates a legal record of N hands (``referee.games.gunzi.testing.generate``, with ``games_to_win`` raised so the
match never ends), writes it and a matching rule file into a temporary folder, then measures:

- in-process (best and median of the runs, ``time.perf_counter``): reading and splitting the file (read,
  splitlines, split each line: the floor any reader pays), ``parse``, ``replay`` on parsed events, and
  parse + replay, as hands per second and as a multiple of the read-and-split time;
- whole process: ``referee replay FILE --json --rules RULES`` (median wall time and peak RSS over the
  runs), ``referee --help`` and ``referee check`` of a one-hand record;
- against the floor, whole processes run in turn (floor, replay --json, replay, check, floor, …): the CPU
  time (user + sys) of each command on the long record and of a bare Python reading and splitting it,
  and the ratio to the floor run by run (median), against the targets of issue 20 (``--json`` ≤ 10×,
  ``check`` ≤ 6×), and ``referee explain`` of the last hand;
- with ``--profile``: the top functions of cProfile for parse and for replay.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import figures  # noqa: E402

from referee.games.gunzi.engine import replay  # noqa: E402
from referee.games.gunzi.jsonview import to_dict, write_json  # noqa: E402
from referee.games.gunzi.notation import parse  # noqa: E402
from referee.games.gunzi.ruleset import load  # noqa: E402
from referee.games.gunzi.settle import explain_hand  # noqa: E402
from referee.games.gunzi.terminal import match_view  # noqa: E402
from referee.games.gunzi.testing.generate import endless_rule_file, endless_rules, generate_match  # noqa: E402

TARGET_HANDS_PER_S = 25_000
TARGET_WALL_S = 1.5
TARGET_RSS_MB = 150
# Whole-process CPU as a multiple of the read-and-split floor's (issue 20); None: no target, just faster.
FLOOR_TARGETS: dict[str, float | None] = {"replay --json": 10.0, "check": 6.0, "replay (text)": None,
                                          "explain (last hand)": None}

# The floor as a whole process: Python starts, reads the record, splits it into lines and words.
FLOOR_CODE = ("import sys\nn = 0\nfor line in open(sys.argv[1], encoding='utf-8').read().splitlines():\n"
              "    n += len(line.split())\nprint(n)\n")

ONE_HAND = """match id=BENCH-1 rules=dalian-club
hand
declare E BJ
trump H
kitty 4C 6D 9S KH 7C 3H
bury 4C 6C 7C 8D 9D JS
points 25
points 35
last decl
"""


def referee_exe() -> str:
    exe = Path(sys.executable).parent / "referee"
    if exe.exists():
        return str(exe)
    found = shutil.which("referee")
    if not found:
        sys.exit("bench: the 'referee' command is not installed (pip install -e .)")
    return found


def timed(fn, runs: int) -> tuple[float, float, object]:
    """(best, median) seconds of ``runs`` calls, and the last call's value."""
    times = []
    value = None
    for _ in range(runs):
        t0 = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), value


def read_split(path: Path) -> int:
    n = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        n += len(line.split())
    return n


# As a referee's shell has it: bytecode caching on (this workplace's shells set PYTHONDONTWRITEBYTECODE,
# which would recompile every module on every run). The output goes to a file, as `> out.json` would.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_process(cmd: list[str], runs: int) -> tuple[float, float | None, subprocess.CompletedProcess]:
    """Median wall seconds, and peak RSS in MB (max over the runs; None when it cannot be measured)."""
    gnu_time = Path("/usr/bin/time")
    walls, peaks = [], []
    last = None
    for _ in range(runs):
        with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
            full = [str(gnu_time), "-f", "%M", "-o", tf.name, *cmd] if gnu_time.exists() else cmd
            with tempfile.TemporaryFile("w+") as out_file:
                t0 = time.perf_counter()
                last = subprocess.run(full, stdout=out_file, stderr=subprocess.PIPE, text=True, env=_ENV)
                walls.append(time.perf_counter() - t0)
                out_file.seek(0)
                last.stdout = out_file.read()
            if gnu_time.exists():
                out = Path(tf.name).read_text().strip().splitlines()
                if out and out[-1].isdigit():
                    peaks.append(int(out[-1]) / 1024)
    if not peaks:  # no GNU time: the largest child so far (rusage is cumulative over children)
        import resource

        peaks.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
    return statistics.median(walls), max(peaks) if peaks else None, last


def cpu_run(cmd: list[str]) -> tuple[float, float, int]:
    """One run of *cmd*, its output to a file: (CPU seconds, user + sys, of the child; wall seconds; exit)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile("w") as out_file:
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, stdout=out_file, stderr=subprocess.DEVNULL, env=_ENV)
        wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, proc.returncode


def against_floor(commands: dict[str, list[str]], floor: list[str], runs: int) -> None:
    """Each command and the floor in turn, run after run (so a drift of the machine's speed touches
    both alike), one warm-up round first; prints the median CPU and wall, and the median of the per-run
    CPU ratios to the floor."""
    for cmd in (floor, *commands.values()):  # warm-up: the page cache, the bytecode
        cpu_run(cmd)
    cpu: dict[str, list[float]] = {"floor": [], **{k: [] for k in commands}}
    wall: dict[str, list[float]] = {k: [] for k in cpu}
    codes: dict[str, set[int]] = {k: set() for k in cpu}
    for _ in range(runs):
        for label, cmd in (("floor", floor), *commands.items()):
            c, w, rc = cpu_run(cmd)
            cpu[label].append(c)
            wall[label].append(w)
            codes[label].add(rc)
    print(f"\nagainst the floor, whole processes in turn, {runs} runs (median; × floor: the median of the "
          "per-run CPU ratios)")
    print(f"  {'command':28s} {'CPU s':>7s} {'wall s':>7s} {'× floor':>8s}  target")
    for label in cpu:
        ratio = statistics.median(c / f for c, f in zip(cpu[label], cpu["floor"], strict=True))
        target = FLOOR_TARGETS.get(label)
        verdict = "" if label == "floor" else (
            "no target: faster" if target is None
            else f"≤ {target:g}× {'OK' if ratio <= target else 'MISSED'}")
        exits = ",".join(str(rc) for rc in sorted(codes[label]))
        print(f"  {label:28s} {statistics.median(cpu[label]):7.3f} {statistics.median(wall[label]):7.3f} "
              f"{ratio:7.1f}×  {verdict}{'' if exits == '0' else f'  (exit {exits})'}".rstrip())


def profile(label: str, fn, top: int) -> None:
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf).strip_dirs().sort_stats("tottime")
    total = sum(v[2] for v in stats.stats.values())  # type: ignore[attr-defined]
    print(f"\n--- cProfile: {label} (total {total:.3f} s under the profiler; sorted by own time) ---")
    stats.print_stats(top)
    lines = buf.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls")), 0)
    print("\n".join(lines[start:]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=10_000, help="hands in the generated record (10000)")
    ap.add_argument("--runs", type=int, default=5, help="runs of each measurement (5)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--profile", action="store_true", help="also print cProfile hotspots of parse and replay")
    ap.add_argument("--top", type=int, default=20, help="functions shown per profile (20)")
    figures.add_option(ap)
    args = ap.parse_args()
    load_before = os.getloadavg()[0]

    rules = endless_rules(load("dalian-club"))
    exe = referee_exe()
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        text = generate_match(args.seed, args.hands, rules)
        gen_s = time.perf_counter() - t0
        record_path = folder / f"bench-{args.hands}.gunzi"
        record_path.write_text(text, encoding="utf-8")
        rule_path = endless_rule_file(folder)
        one_path = folder / "one-hand.gunzi"
        one_path.write_text(ONE_HAND, encoding="utf-8")

        # Sanity: the record replays cleanly to the requested number of hands.
        events = parse(text).events
        result = replay(events, rules)
        if result.errors or len(result.hands) != args.hands:
            sys.exit(f"bench: the generated record does not replay cleanly: {len(result.hands)} hands, "
                     f"errors {result.errors[:3]}")
        n = len(result.hands)
        size_mb = len(text.encode()) / 1e6
        print(f"record: {n} hands, {len(result.games)} games, {text.count(chr(10))} lines, {size_mb:.2f} MB "
              f"(generated in {gen_s:.2f} s, seed {args.seed}); Python {sys.version.split()[0]}, "
              f"{os.cpu_count()} CPUs")

        rs_best, rs_med, _ = timed(lambda: read_split(record_path), args.runs)
        p_best, p_med, _ = timed(lambda: parse(record_path.read_text(encoding="utf-8")), args.runs)
        r_best, r_med, _ = timed(lambda: replay(events, rules), args.runs)
        pr_best, pr_med, _ = timed(lambda: replay(parse(record_path.read_text(encoding="utf-8")).events, rules),
                                   args.runs)

        j_best, j_med, _ = timed(lambda: to_dict(result, "en", []), args.runs)
        d_best, d_med, _ = timed(lambda: json.dumps(to_dict(result, "en", []), ensure_ascii=False), args.runs)
        w_best, w_med, _ = timed(lambda: write_json(result, io.StringIO(), "en", []), args.runs)
        t_best, t_med, _ = timed(lambda: match_view(result, "en"), args.runs)
        e_best, e_med, _ = timed(lambda: [explain_hand(h) for h in result.hands], args.runs)
        gc.disable()
        try:
            g_best, g_med, _ = timed(lambda: replay(parse(record_path.read_text(encoding="utf-8")).events, rules),
                                     args.runs)
        finally:
            gc.enable()

        print(f"\nin-process, {args.runs} runs            best s   median s   hands/s (best)   × read+split")
        rows = [("read + splitlines + split", rs_best, rs_med), ("parse (read + parse)", p_best, p_med),
                ("replay (parsed events)", r_best, r_med), ("parse + replay", pr_best, pr_med),
                ("  the same, gc disabled", g_best, g_med), ("JSON view: to_dict", j_best, j_med),
                ("JSON view: to_dict + json.dumps", d_best, d_med), ("JSON view: write_json (--json)", w_best, w_med),
                ("text view: match_view", t_best, t_med), ("explain_hand of every hand", e_best, e_med)]
        for label, best, med in rows:
            print(f"  {label:32s} {best:7.3f}   {med:8.3f}   {n / best:14,.0f}   {best / rs_best:10.1f}")
        ok = n / pr_best >= TARGET_HANDS_PER_S
        print(f"  target: parse + replay ≥ {TARGET_HANDS_PER_S:,} hands/s → {n / pr_best:,.0f} "
              f"{'OK' if ok else 'MISSED'}; replay alone {n / r_best:,.0f} hands/s")
        print(f"  ratio replay / read-split: {r_best / rs_best:.1f}×; parse + replay / read-split: "
              f"{pr_best / rs_best:.1f}×")

        print(f"\nwhole process, {args.runs} runs (median wall; peak RSS)")
        cmd = [exe, "replay", str(record_path), "--json", "--rules", str(rule_path)]
        wall, rss, proc = run_process(cmd, args.runs)
        json_wall, json_rss = wall, rss
        if proc.returncode != 0:
            print(f"  referee replay --json failed (exit {proc.returncode}): {proc.stderr[-500:]}")
        else:
            data = json.loads(proc.stdout)
            if len(data["hands"]) != n or data["errors"]:
                print(f"  warning: JSON has {len(data['hands'])} hands and {len(data['errors'])} errors")
        ok_wall, ok_rss = wall < TARGET_WALL_S, rss is not None and rss < TARGET_RSS_MB
        rss_s = f"{rss:.0f} MB" if rss is not None else "n/a"
        print(f"  referee replay FILE --json --rules R  {wall:6.3f} s  {rss_s:>7s}   target < {TARGET_WALL_S} s "
              f"{'OK' if ok_wall else 'MISSED'}, < {TARGET_RSS_MB} MB {'OK' if ok_rss else 'MISSED'}  "
              f"({n / wall:,.0f} hands/s end to end, {len(proc.stdout) / 1e6:.1f} MB of JSON)")
        for label, c in (("referee --help", [exe, "--help"]),
                         ("referee check one-hand.gunzi", [exe, "check", str(one_path)])):
            wall, rss, proc = run_process(c, max(args.runs, 7))
            rss_s = f"{rss:.0f} MB" if rss is not None else "n/a"
            print(f"  {label:37s} {wall:6.3f} s  {rss_s:>7s}   (exit {proc.returncode})")
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        print(f"  (bare 'python -c pass': {time.perf_counter() - t0:.3f} s)")
        if args.save:
            figures.save("replay_bench", {"hands": n, "runs": args.runs, "parse_replay_per_s": n / pr_best,
                                          "replay_per_s": n / r_best, "json_wall_s": json_wall,
                                          "json_rss_mb": json_rss if json_rss is not None else float("nan")},
                         load_before=load_before)

        # check reads the rules its header names: a copy of the record naming the endless rule file beside it.
        check_path = folder / f"bench-{args.hands}-check.gunzi"
        check_path.write_text(text.replace(" rules=dalian-club ", f" rules={rule_path.name} ", 1), encoding="utf-8")
        against_floor({"replay --json": [exe, "replay", str(record_path), "--json", "--rules", str(rule_path)],
                       "replay (text)": [exe, "replay", str(record_path), "--rules", str(rule_path)],
                       "check": [exe, "check", str(check_path)],
                       "explain (last hand)": [exe, "explain", str(record_path), "--hand", str(n),
                                               "--rules", str(rule_path)]},
                      [sys.executable, "-c", FLOOR_CODE, str(record_path)], args.runs)

        if args.profile:
            profile("parse", lambda: parse(text), args.top)
            profile("replay", lambda: replay(events, rules), args.top)


if __name__ == "__main__":
    main()
