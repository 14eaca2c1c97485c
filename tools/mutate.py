"""Mutation testing of the rules code: ``make mutate`` (docs/mutation.md).

Runs mutmut (configured in pyproject's ``[tool.mutmut]``: the modules to mutate and the fast engine
test subset) from a clean ``mutants/`` folder, then prints the score of each module and every
surviving mutant as a one-line diff, marked ``equivalent`` when docs/mutation.md judges it so (a
survivor is known there by its function and its mutated line, not by its number, which moves when
the code does).

Options:
  --keep         reuse the results in mutants/ (mutmut reruns only what changed); default: start afresh
  --survivors    rerun only the mutants that survived last time (after adding tests), then report
  --properties   also rerun the survivors against tests/test_properties.py (about 12 s a mutant)
  --report       only report the results already in mutants/
  -j N           workers (default: the number of cores)

The exit status is 1 when a survivor is not judged equivalent in docs/mutation.md, else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
DOC = ROOT / "docs" / "mutation.md"
MODULES = tuple(f"referee/games/gunzi/{name}.py" for name in ("settle", "declaring", "kitty", "engine"))
# engine.py's functions that only describe the table for the guided prompt and the result (no rule is
# checked there): mutated, but not scored.
VIEWS = {"engine": ("result", "state", "_expected", "_expected_declaring", "_known_so_far",
                   "_flips_complete")}
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 36: "timeout",
          37: "type check", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout", None: "not checked"}
MUTMUT = [sys.executable, "-m", "mutmut"]


def function_of(key: str) -> str:
    """``referee.games.gunzi.engine.xǁReplayǁon_bury__mutmut_7`` → ``Replay.on_bury``;
    ``referee.games.gunzi.settle.x_settle__mutmut_3`` → ``settle``."""
    name = key.rpartition(".")[2].rpartition("__mutmut_")[0]
    if name.startswith("xǁ"):
        _, cls, meth = name.split("ǁ")
        return f"{cls}.{meth}"
    return name[2:]


def module_of(key: str) -> str:
    return key.split(".")[1]


def load_results() -> dict[str, str]:
    """mutant name → status, from mutmut's result files."""
    out = {}
    for module in MODULES:
        meta = MUTANTS / (module + ".meta")
        if not meta.exists():
            continue
        data = json.loads(meta.read_text(encoding="utf-8"))
        for key, code in data["exit_code_by_key"].items():
            out[key] = STATUS.get(code, "suspicious")
    return out


def is_view(key: str) -> bool:
    return function_of(key).rpartition(".")[2] in VIEWS.get(module_of(key), ())


def diff_line(key: str) -> tuple[str, str]:
    """The original and the mutated lines of a mutant, from mutmut's diff of the function."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    os.chdir(ROOT)  # mutmut reads mutants/<path>
    text = get_diff_for_mutant(key, path=Path("referee", module_of(key) + ".py"))
    minus = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    plus = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    return (" ".join(minus), " ".join(plus))


def equivalents() -> list[tuple[str, str, str]]:
    """(function, original line, mutated line) of each survivor docs/mutation.md judges equivalent: its
    table rows ``| `function` | `original` | `mutated` | reason |``."""
    rows = []
    if not DOC.exists():
        return rows
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip()[1:])]
        if len(cells) >= 4 and all(c.startswith("`") and c.endswith("`") for c in cells[:3]):
            rows.append(tuple(_unquote(c) for c in cells[:3]))
    return rows


def _unquote(cell: str) -> str:
    return cell[1:-1].replace("\\|", "|").strip()


def _norm(code: str) -> str:
    return re.sub(r"\s+", " ", code).strip()


def rerun_with_properties(keys: list[str], workers: int) -> set[str]:
    """The survivors the property tests kill: each run in mutants/ with MUTANT_UNDER_TEST set."""

    def one(key: str) -> str | None:
        env = dict(os.environ, MUTANT_UNDER_TEST=key)
        try:
            p = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                                "--hypothesis-seed=0", "tests/test_properties.py"],
                               cwd=MUTANTS, env=env, capture_output=True, timeout=300)
        except subprocess.TimeoutExpired:
            return key  # a mutant that hangs the tests is caught by them
        return key if p.returncode != 0 else None

    with ThreadPoolExecutor(workers) as pool:
        return {k for k in pool.map(one, keys) if k}


def report(results: dict[str, str], killed_by_properties: set[str]) -> int:
    judged = [(f, _norm(a), _norm(b)) for f, a, b in equivalents()]
    by_module: dict[str, Counter] = {}
    survivors = []
    for key, status in sorted(results.items(), key=lambda kv: (module_of(kv[0]), _number(kv[0]))):
        if key in killed_by_properties:
            status = "killed"
        module = module_of(key) + (" (views, not scored)" if is_view(key) else "")
        by_module.setdefault(module, Counter())[status] += 1
        if status not in ("killed", "timeout") and not is_view(key):
            survivors.append((key, status))
    print("\nMutation score per module (killed + timeout) / mutants:")
    for module, counts in sorted(by_module.items()):
        total = sum(counts.values())
        caught = counts["killed"] + counts["timeout"]
        rest = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()) if s not in ("killed",))
        print(f"  {module:32} {caught:4}/{total:<4} {100 * caught / total:5.1f}%   ({rest or 'all killed'})")
    unjudged = 0
    if survivors:
        print("\nSurvivors (function: original → mutated):")
    for key, status in survivors:
        before, after = diff_line(key)
        function = function_of(key)
        equivalent = any(f == function and a == _norm(before) and b == _norm(after) for f, a, b in judged)
        unjudged += not equivalent
        mark = "equivalent" if equivalent else f"{status.upper()}, not judged"
        print(f"  [{mark}] {key}\n      {function}: {before}\n      {' ' * len(function)}→ {after}")
    if survivors:
        print(f"\n{len(survivors)} survivors, {len(survivors) - unjudged} judged equivalent in docs/mutation.md, "
              f"{unjudged} not")
    return 1 if unjudged else 0


def _number(key: str) -> int:
    return int(key.rpartition("__mutmut_")[2] or 0)


def sync_data() -> None:
    """Copy the package's data files (rule sets, catalogues, templates) into a kept mutants/ folder:
    mutmut copies again only the Python files that changed, so a rule key added since the last run
    would be missing there and every test would fail to collect."""
    if not (MUTANTS / "referee").is_dir():
        return
    for src in (ROOT / "referee").rglob("*"):
        if src.is_file() and src.suffix not in (".py", ".pyc") and "__pycache__" not in src.parts:
            dst = MUTANTS / src.relative_to(ROOT)
            if not dst.exists() or dst.read_bytes() != src.read_bytes():
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dst)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--survivors", action="store_true")
    ap.add_argument("--properties", action="store_true")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    start = time.monotonic()
    if not args.report:
        run = [*MUTMUT, "run", "--max-children", str(args.j)]
        stats = MUTANTS / "mutmut-stats.json"
        if (args.survivors or args.keep) and stats.exists() and "no tests" in load_results().values():
            # mutmut maps tests to functions afresh only for new tests: a function the code gained since (a
            # helper split out of another) is left with no tests. Mapping all tests again costs a minute.
            print("mutants with no tests: collecting which tests call each function again", flush=True)
            stats.unlink()
        if args.survivors:
            last = [k for k, s in load_results().items() if s not in ("killed", "timeout") and not is_view(k)]
            if not last:
                print("no survivors to rerun")
                return report(load_results(), set())
            run += last
        elif not args.keep and MUTANTS.exists():
            shutil.rmtree(MUTANTS)
        print(" ".join(run[:4]) + (f" … ({len(run) - 5} mutants)" if args.survivors else ""), flush=True)
        MUTANTS.mkdir(exist_ok=True)
        sync_data()
        log = MUTANTS / "run.log"
        with log.open("w", encoding="utf-8") as out:
            p = subprocess.run(run, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            print(log.read_text(encoding="utf-8")[-3000:])
            print(f"mutmut failed ({p.returncode}); its output is in {log}")
            return 2
        print(f"mutmut done in {time.monotonic() - start:.0f} s (its output: mutants/{log.name})")
    results = load_results()
    killed = set()
    if args.properties:
        left = [k for k, s in results.items() if s == "survived" and not is_view(k)]
        t = time.monotonic()
        killed = rerun_with_properties(left, args.j)
        print(f"property tests: {len(killed)} of {len(left)} survivors killed in {time.monotonic() - t:.0f} s")
    status = report(results, killed)
    print(f"\nmake mutate: {time.monotonic() - start:.0f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
