"""Mutation testing of the rules code of every game: ``make mutate`` (docs/mutation.md).

Runs mutmut (configured in pyproject's ``[tool.mutmut]``: the modules to mutate, each game's rules code, and
the fast test subset) from a clean ``mutants/`` folder, then prints the score of each module and every surviving
mutant as a one-line diff, marked ``equivalent`` when docs/mutation.md proves it so (a survivor is known there
by its game, its function and its mutated line, not by its number, which moves when the code does), and writes
each game's figures into docs/mutation.md between that game's ``mutate:figures`` markers.

A row of docs/mutation.md proves a survivor equivalent only with a proof: ``argument: …`` (a reason a
reader can check in the code: the value is never read, both branches return the same …) or
``test: `tests/FILE.py::test_name` …`` naming a test that runs every reachable input of the function
and shows equal results (the tool checks that the test exists). A row without one proves nothing.

Options:
  --keep         reuse the results in mutants/ (mutmut runs only the mutants of what changed); default: afresh
  --survivors    as --keep, then rerun every mutant not killed (after adding tests), then report
  --properties   also rerun the survivors against tests/test_properties.py (about 12 s a mutant)
  --report       only report the results already in mutants/
  --game G       only game G's mutants (repeat for more): run, rerun and report them, write G's figures;
                 the other games' results in mutants/ are kept as they are
  --module M     only module M's mutants (``gunzi/settle``; repeat for more), as --game does, but reported
                 without writing any figures (a part of a game's run is no game's figures) and without the
                 rows of proofs that match no survivor (those of the modules not run would all be listed)
  --compare KEY… replay the game's bundled examples (and, for Gunzi, a generated corpus of every rule set)
                 through the code and through each mutant KEY, and say whether any result differs (before
                 judging a survivor equivalent)
  -j N           workers (default: the number of cores)

The exit status is 1 when a survivor is not proved equivalent in docs/mutation.md, else 0.
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
import tomllib
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
DOC = ROOT / "docs" / "mutation.md"
# The modules mutated: pyproject's [tool.mutmut] only_mutate, the one list.
MODULES: tuple[str, ...] = tuple(
    tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]["only_mutate"])
GAMES: tuple[str, ...] = tuple(sorted({m.split("/")[2] for m in MODULES}))  # the games whose rules code is mutated


def figures_markers(game: str) -> tuple[str, str]:
    """The markers between which docs/mutation.md holds *game*'s figures."""
    return f"<!-- mutate:figures {game} start -->", f"<!-- mutate:figures {game} end -->"


GAME_MARK = re.compile(r"^<!-- mutate:game ([a-z_]+) -->$")  # the rows after it prove survivors of that game
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 36: "timeout",
          37: "type check", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout", None: "not checked"}
MUTMUT = [sys.executable, "-m", "mutmut"]


def function_of(key: str) -> str:
    """``referee.games.gunzi.engine.xǁReplayǁon_last__mutmut_7`` → ``Replay.on_last``;
    ``referee.games.gunzi.settle.x_settle__mutmut_3`` → ``settle``."""
    name = key.rpartition(".")[2].rpartition("__mutmut_")[0]
    if name.startswith("xǁ"):
        _, cls, meth = name.split("ǁ")
        return f"{cls}.{meth}"
    return name[2:]


def module_of(key: str) -> str:
    """``referee.games.gunzi.engine.xǁReplayǁon_last__mutmut_7`` → ``gunzi/engine``."""
    _, _, game, module = key.split(".")[:4]
    return f"{game}/{module}"


def game_of(key: str) -> str:
    """``referee.games.gunzi.engine.xǁReplayǁon_last__mutmut_7`` → ``gunzi``."""
    return key.split(".")[2]


def load_results(games: tuple[str, ...] = GAMES) -> dict[str, str]:
    """mutant name → status, from mutmut's result files (of *games*' modules)."""
    out = {}
    for module in MODULES:
        if module.split("/")[2] not in games:
            continue
        meta = MUTANTS / (module + ".meta")
        if not meta.exists():
            continue
        data = json.loads(meta.read_text(encoding="utf-8"))
        for key, code in data["exit_code_by_key"].items():
            out[key] = STATUS.get(code, "suspicious")
    return out


def diff_line(key: str) -> tuple[str, str]:
    """The original and the mutated lines of a mutant, from mutmut's diff of the function."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    os.chdir(ROOT)  # mutmut reads mutants/<path>
    text = get_diff_for_mutant(key, path=Path("referee", "games", module_of(key) + ".py"))
    minus = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    plus = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    return (" ".join(minus), " ".join(plus))


Row = tuple[str, str, str, str, str, str]  # (game, function, original line, mutated line, proof, problem)


def equivalents() -> list[Row]:
    """(game, function, original line, mutated line, proof, problem) of each row of docs/mutation.md's tables
    of equivalent survivors: ``| `function` | `original` | `mutated` | proof |``, of the game named by the
    ``<!-- mutate:game G -->`` above it (Gunzi's before any). *problem* is "" when the proof has one of the two
    forms (see the module's doc), else what is wrong with it."""
    rows: list[Row] = []
    if not DOC.exists():
        return rows
    game = "gunzi"
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if (mark := GAME_MARK.match(line.strip())) is not None:
            game = mark.group(1)
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip()[1:])]
        if len(cells) >= 4 and all(c.startswith("`") and c.endswith("`") and len(c) > 1 for c in cells[:3]):
            function, before, after = (_unquote(c) for c in cells[:3])
            rows.append((game, function, before, after, cells[3], proof_problem(cells[3])))
    return rows


def proof_problem(proof: str) -> str:
    """"" when *proof* is ``argument: <text>`` or ``test: `tests/FILE.py::test_name` …`` with that test
    defined in that file; else what is missing."""
    if proof.startswith("argument:"):
        return "" if len(proof[len("argument:"):].strip()) >= 20 else "the argument is empty"
    m = re.match(r"test: `(tests/[\w/]+\.py)::(test_\w+)`", proof)
    if m is None:
        return "no proof (write 'argument: …' or 'test: `tests/FILE.py::test_name` …')"
    path = ROOT / m.group(1)
    if not path.exists() or not re.search(rf"^def {m.group(2)}\(", path.read_text(encoding="utf-8"), re.M):
        return f"the test {m.group(1)}::{m.group(2)} does not exist"
    return ""


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


def report(results: dict[str, str], killed_by_properties: set[str], mode: str,
           games: tuple[str, ...] = GAMES, whole: bool = True) -> int:
    """Print each module's score and every survivor, write *games*' figures into docs/mutation.md (when the
    results are *whole* games'); 1 when a survivor is not proved equivalent there."""
    rows = [row for row in equivalents() if row[0] in games]
    by_module: dict[str, Counter[str]] = {}
    survivors = []
    for key, status in sorted(results.items(), key=lambda kv: (module_of(kv[0]), _number(kv[0]))):
        if key in killed_by_properties:
            status = "killed"
        by_module.setdefault(module_of(key), Counter())[status] += 1
        if status not in ("killed", "timeout"):
            survivors.append((key, status))
    print("\nMutation score per module (killed + timeout) / mutants:")
    for module, counts in sorted(by_module.items()):
        total = sum(counts.values())
        caught = counts["killed"] + counts["timeout"]
        rest = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()) if s not in ("killed",))
        print(f"  {module:24} {caught:4}/{total:<4} {100 * caught / total:5.1f}%   ({rest or 'all killed'})")
    proved: Counter[str] = Counter()
    left: list[tuple[str, str, str, str, str]] = []  # (module, function, status, before → after, why)
    used: set[int] = set()
    if survivors:
        print("\nSurvivors (function: original → mutated):")
    for key, status in survivors:
        before, after = diff_line(key)
        function, game = function_of(key), game_of(key)
        match = [i for i, (g, f, a, b, _, _) in enumerate(rows)
                 if g == game and f == function and _norm(a) == _norm(before) and _norm(b) == _norm(after)]
        used.update(match)
        problems = [rows[i][5] for i in match]
        if status == "survived" and match and "" in problems:
            proved[module_of(key)] += 1
            mark = "equivalent"
        else:
            why = "no row in docs/mutation.md" if not match else problems[0] if status == "survived" else status
            left.append((module_of(key), function, status, f"{before} → {after}", why))
            mark = f"{status.upper()}, not proved: {why}"
        print(f"  [{mark}] {key}\n      {function}: {before}\n      {' ' * len(function)}→ {after}")
    stale = [rows[i] for i in range(len(rows)) if i not in used] if whole else []
    if stale:
        print(f"\n{len(stale)} rows of docs/mutation.md match no survivor (killed since, or their code changed):")
        for g, f, a, b, _, _ in stale:
            print(f"  {g}: {f}: {a}\n  {' ' * (len(g) + len(f) + 2)}→ {b}")
    if survivors:
        print(f"\n{len(survivors)} survivors, {sum(proved.values())} proved equivalent in docs/mutation.md, "
              f"{len(left)} not")
    for game in games if whole else ():
        write_figures(game, {m: c for m, c in by_module.items() if m.startswith(game + "/")}, proved,
                      [row for row in left if row[0].startswith(game + "/")],
                      sum(1 for row in stale if row[0] == game), mode)
    return 1 if left else 0


def write_figures(game: str, by_module: dict[str, Counter[str]], proved: Counter[str],
                  left: list[tuple[str, str, str, str, str]], stale: int, mode: str) -> None:
    """The figures of this report of *game*, in docs/mutation.md between the game's ``mutate:figures`` markers."""
    if not by_module:
        return
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "referee", "tests"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    commit = head.stdout.strip() + (" with uncommitted changes to referee/ or tests/" if dirty else "")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    markers = figures_markers(game)
    lines = [markers[0], "",
             f"Written by `tools/mutate.py` ({mode}, {when}, code at {commit}); do not edit by hand.", "",
             "| module | mutants | killed | timeout | survived | no tests | score | survivors proved equivalent "
             "| survivors left |",
             "|---|---|---|---|---|---|---|---|---|"]
    total: Counter[str] = Counter()
    for module, counts in sorted(by_module.items()):
        total.update(counts)
        lines.append(_figure_row(f"`{module.partition('/')[2]}.py`", counts, proved[module],
                                 sum(1 for m in left if m[0] == module)))
    lines.append(_figure_row("all", total, sum(proved.values()), len(left)))
    if left:
        lines += ["", "Survivors left (no proof in the table below):", "",
                  "| module | function | status | original → mutated | why |", "|---|---|---|---|---|"]
        lines += [f"| `{m.partition('/')[2]}.py` | `{f}` | {s} | `{d.replace('|', chr(92) + '|')}` | {w} |"
                  for m, f, s, d, w in left]
    if stale:
        lines += ["", f"{stale} rows of {game}'s table of proofs match no survivor of this run."]
    lines += ["", markers[1]]
    text = DOC.read_text(encoding="utf-8")
    if markers[0] in text and markers[1] in text:
        start, end = text.index(markers[0]), text.index(markers[1]) + len(markers[1])
        DOC.write_text(text[:start] + "\n".join(lines) + text[end:], encoding="utf-8")
        print(f"{game}'s figures written to {DOC.relative_to(ROOT)}")
    else:
        print(f"{DOC.relative_to(ROOT)} has no {markers[0]} … {markers[1]} block: {game}'s figures not written")


def _figure_row(name: str, counts: Counter[str], proved: int, left: int) -> str:
    total = sum(counts.values())
    caught = counts["killed"] + counts["timeout"]
    other = total - caught - counts["survived"]
    score = f"{caught}/{total} = {100 * caught / total:.1f}%" if total else "—"
    return (f"| {name} | {total} | {counts['killed']} | {counts['timeout']} | {counts['survived']} | {other} "
            f"| {score} | {proved} | {left} |")


# --- comparing a mutant with the code on real records (before calling it equivalent) ------------------

CORPUS = MUTANTS / "compare-corpus"
# Gunzi's generated matches (the other games have no generator in the package: their corpus is their examples).
_MAKE_CORPUS = """
import sys
from pathlib import Path
from referee.games.gunzi.ruleset import load
from referee.games.gunzi.testing.generate import generate_match
out, n = Path(sys.argv[1]), int(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
for rules in ("dalian-club", "gunzi-001", "classic"):
    for seed in range(n):
        (out / f"{rules}-{seed}.gunzi").write_text(generate_match(seed, rules=load(rules)), encoding="utf-8")
"""
# Each record replayed through the game interface: its JSON and every settled deal's explanation, in English and
# Chinese, errors included (a mutant of a message or of a step's wording differs there too).
_DIGEST = """
import hashlib, io, sys
from pathlib import Path
from referee.games.api import rules_named
from referee.games.registry import game, game_of_text
for path in sorted(Path(sys.argv[1]).iterdir()):
    text = path.read_text(encoding="utf-8")
    try:
        g = game(game_of_text(text)[0])
        reading = g.read(text)
        result = g.replay(reading.events, g.load_rules(rules_named(g, reading.events)), explain=True)
        out = io.StringIO()
        for lang in ("en", "zh"):
            g.write_json(result, out, lang, reading.errors)
            for deal in g.settled_hands(result):
                out.write(g.explain_view(result, deal, lang) or "")
        text = out.getvalue()
    except Exception as e:  # a mutant that crashes differs
        text = f"crash: {type(e).__name__}: {e}"
    print(path.name, hashlib.sha256(text.encode()).hexdigest()[:16])
"""


def compare(keys: list[str], seeds: int = 20) -> int:
    """Replay the examples and a generated Gunzi corpus (*seeds* matches per rule set, made by the code as it
    is) through the code and through each mutant; print the records whose results differ."""
    if not (MUTANTS / "referee").is_dir():
        print("no mutants/ folder: run make mutate first")
        return 2
    if not CORPUS.is_dir():
        subprocess.run([sys.executable, "-c", _MAKE_CORPUS, str(CORPUS), str(seeds)], cwd=ROOT, check=True)
        for example in (ROOT / "examples").iterdir():
            shutil.copy2(example, CORPUS / example.name)

    def digest(key: str) -> dict[str, str]:
        env = dict(os.environ, MUTANT_UNDER_TEST=key, PYTHONPATH=str(MUTANTS))
        p = subprocess.run([sys.executable, "-c", _DIGEST, str(CORPUS)], cwd=MUTANTS, env=env,
                           capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            return {"(the replay)": f"failed: {p.stderr.strip().splitlines()[-1:]}"}
        return dict(line.split() for line in p.stdout.splitlines())

    base = digest("")
    status = 0
    for key in keys:
        got = digest(key)
        differ = sorted(name for name in base.keys() | got.keys() if base.get(name) != got.get(name))
        if differ:
            status = 1
            print(f"{key}: DIFFERS on {len(differ)} of {len(base)} records: {', '.join(differ[:5])}")
        else:
            print(f"{key}: the same results on all {len(base)} records")
    return status


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


def mutmut(names: list[str], workers: int) -> int:
    """``mutmut run`` (of *names* only, when given), its output in mutants/run.log (run-names.log)."""
    run = [*MUTMUT, "run", "--max-children", str(workers), *names]
    print(" ".join(run[:5]) + (f" … ({len(names)} names)" if names else ""), flush=True)
    log = MUTANTS / ("run-names.log" if names else "run.log")
    with log.open("w", encoding="utf-8") as out:
        p = subprocess.run(run, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        print(log.read_text(encoding="utf-8")[-3000:])
        print(f"mutmut failed ({p.returncode}); its output is in {log}")
    return p.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--survivors", action="store_true")
    ap.add_argument("--properties", action="store_true")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--compare", nargs="+", metavar="KEY")
    ap.add_argument("--game", action="append", choices=GAMES, metavar="G")
    ap.add_argument("--module", action="append", choices=sorted(m.removeprefix("referee/games/").removesuffix(".py")
                                                                 for m in MODULES), metavar="M")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    start = time.monotonic()
    if args.compare:
        return compare(args.compare)
    modules = tuple(args.module or ())
    if modules:  # a module's run is its game's run by narrower names
        args.game = sorted({m.split("/")[0] for m in modules} | set(args.game or ()))
    games = tuple(args.game) if args.game else GAMES
    mode = "--survivors" if args.survivors else "--keep" if args.keep else "--report" if args.report else "full run"
    if args.game:
        mode += " of " + ", ".join(modules or games)
    # One game's run keeps the others' results: its mutants are run by name (mutmut reruns a named mutant).
    names = ([f"referee.games.{m.replace('/', '.')}.*" for m in modules] if modules
             else [f"referee.games.{game}.*" for game in games] if args.game else [])

    def of_run(found: dict[str, str]) -> dict[str, str]:
        return {k: s for k, s in found.items() if not modules or module_of(k) in modules}

    if not args.report:
        stats = MUTANTS / "mutmut-stats.json"
        if (args.survivors or args.keep) and stats.exists() and "no tests" in load_results(games).values():
            # mutmut maps tests to functions afresh only for new tests: a function the code gained since (a
            # helper split out of another) is left with no tests. Mapping all tests again costs a minute.
            print("mutants with no tests: collecting which tests call each function again", flush=True)
            stats.unlink()
        if not args.survivors and not args.keep and not args.game and MUTANTS.exists():
            shutil.rmtree(MUTANTS)
        MUTANTS.mkdir(exist_ok=True)
        sync_data()
        # A full run, or --keep: mutmut makes the mutants of the code as it is now and runs those it has no
        # result for (all of them from a clean folder; with --keep, those of the functions that changed).
        if args.game and (args.survivors or args.keep):
            # Not an unnamed run, which would run every game's mutants with no result: the game's mutants not
            # killed, by name (mutmut makes the mutants anew first), then those still unchecked or not killed
            # (a function that changed was numbered afresh by that run).
            first = [k for k, s in of_run(load_results(games)).items() if s not in ("killed", "timeout")] or names
            if mutmut(first, args.j) != 0:
                return 2
            last = [k for k, s in of_run(load_results(games)).items()
                    if s not in ("killed", "timeout") and k not in first]
            if last and mutmut(last, args.j) != 0:
                return 2
        elif mutmut([] if args.survivors else names, args.j) != 0:
            return 2
        elif args.survivors:
            # Then every mutant that is still not killed, by its name as mutmut numbers it now (a function
            # that changed was numbered afresh above), against the tests as they are now.
            last = [k for k, s in of_run(load_results(games)).items() if s not in ("killed", "timeout")]
            if last and mutmut(last, args.j) != 0:
                return 2
        print(f"mutmut done in {time.monotonic() - start:.0f} s (its output: mutants/run*.log)")
    results = of_run(load_results(games))
    killed = set()
    if args.properties:
        left = [k for k, s in results.items() if s == "survived"]
        t = time.monotonic()
        killed = rerun_with_properties(left, args.j)
        print(f"property tests: {len(killed)} of {len(left)} survivors killed in {time.monotonic() - t:.0f} s")
    status = report(results, killed, mode + (" with --properties" if args.properties else ""), games,
                    whole=not modules)
    print(f"\nmake mutate: {time.monotonic() - start:.0f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
