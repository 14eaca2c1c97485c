"""Every game's long match, whole processes against the read floor: CPU ratios and peak memory. Asserts nothing.

    .venv/bin/python bench/games_bench.py                  # ~10,000 deals a game, 5 runs
    .venv/bin/python bench/games_bench.py --deals 2000 --runs 3
    .venv/bin/python bench/games_bench.py --game gunzi     # one game only (--game again for more)

For each registered game a long record: Gunzi's from its generator (``referee.games.gunzi.testing.generate``),
every other game's by repeating the deals of its example evening (``examples/``, comments dropped; the first
deal's dealer written once) until it has about ``--deals`` deals. Then, whole processes run in turn (floor,
``check``, ``replay --json``, floor, …, one warm-up round first), each game's CPU (user + sys) as a multiple of the
floor's — a bare Python reading the record and splitting it into lines and words — median of the per-run ratios,
and the peak RSS of ``replay --json`` (GNU time). The goals of issue 31: every game's ratio no worse than
Gunzi's, ``replay --json`` ≤ 60 MB at any length.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import figures  # noqa: E402
from replay_bench import FLOOR_CODE, cpu_run, referee_exe, run_process  # noqa: E402

from referee.games.registry import GAMES, game, game_of_text  # noqa: E402

TARGET_RSS_MB = 60
EXAMPLES = ROOT / "examples"


def _deal_blocks(text: str) -> tuple[list[str], list[list[str]]]:
    """The lines before the first ``deal`` (header, seats) and each deal's lines, comments and blank lines
    dropped."""
    head: list[str] = []
    deals: list[list[str]] = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip() if '"' not in raw else raw.rstrip()
        if not line.strip():
            continue
        if line.split()[0] == "deal":
            deals.append([line])
        elif deals:
            deals[-1].append(line)
        else:
            head.append(line)
    return head, deals


def repeated(text: str, deals: int) -> str:
    """*text*'s deals repeated until about *deals* of them, unnumbered; the first deal's own dealer (``deal E``)
    kept only the first time, as the rotation then carries on by the rules."""
    head, blocks = _deal_blocks(text)
    blocks = [[re.sub(r"^deal\s+\d+\b", "deal", b[0]), *b[1:]] for b in blocks]  # numbered: only once
    again = [[re.sub(r"^deal\s+[ESWN]\b", "deal", b[0]), *b[1:]] for b in blocks]
    out = [*head, *(line for b in blocks for line in b)]
    n = len(blocks)
    while n < deals:
        out += [line for b in again for line in b]
        n += len(blocks)
    return "\n".join(out) + "\n"


def records(folder: Path, deals: int, seed: int, only: set[str] | None = None) -> dict[str, Path]:
    """A long record of every game (of *only*'s games when given), written into *folder*."""
    from referee.games.gunzi.ruleset import load
    from referee.games.gunzi.testing.generate import endless_rule_file, endless_rules, generate_match

    rules = endless_rule_file(folder)  # Gunzi's: a match that never ends, named by its header (check reads it)

    found: dict[str, Path] = {}
    for path in sorted(EXAMPLES.iterdir()):
        text = path.read_text(encoding="utf-8")
        key = game_of_text(text)[0]
        if key in found or (only is not None and key not in only):
            continue
        long = (generate_match(seed, deals, endless_rules(load("dalian-club"))).replace(
            " rules=dalian-club ", f" rules={rules.name} ", 1) if key == "gunzi" else repeated(text, deals))
        found[key] = folder / f"long{path.suffix}"
        found[key].write_text(long, encoding="utf-8")
    missing = (set(GAMES) if only is None else only) - set(found)
    if missing:
        sys.exit(f"bench: no example evening of {sorted(missing)} under examples/")
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=10_000, help="deals (hands) a record, about (10000)")
    ap.add_argument("--runs", type=int, default=5, help="runs of each measurement (5)")
    ap.add_argument("--seed", type=int, default=2026, help="Gunzi's generator's seed")
    ap.add_argument("--game", action="append", choices=sorted(GAMES), metavar="KEY",
                    help="measure this game only (again for more; every game when absent)")
    figures.add_option(ap)
    args = ap.parse_args()
    load_before = os.getloadavg()[0]
    exe = referee_exe()
    with tempfile.TemporaryDirectory(prefix="referee-games-bench-") as tmp:
        folder = Path(tmp)
        paths = records(folder, args.deals, args.seed, set(args.game) if args.game else None)
        commands: dict[str, dict[str, list[str]]] = {}
        settled: dict[str, int] = {}
        for key, path in paths.items():
            commands[key] = {"check": [exe, "check", str(path)], "replay --json": [exe, "replay", str(path), "--json"]}
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
        for key, path in paths.items():
            result = cpu_run(commands[key]["check"])
            g = game(key)
            events = g.read(path.read_text(encoding="utf-8")).events
            named = (h.rules if (h := g.header(events)) is not None else None) or g.default_rules
            rules = g.load_rules(str(folder / named) if key == "gunzi" else named)
            settled[key] = n = len(g.settled_hands(g.replay(events, rules)))
            print(f"  {key:16s} {n:6,d} deals settled, {path.stat().st_size / 1e6:5.2f} MB, check exit {result[2]}")

        floors = {key: [sys.executable, "-c", FLOOR_CODE, str(path)] for key, path in paths.items()}
        every = [(key, label, cmd) for key in paths for label, cmd in
                 (("floor", floors[key]), *commands[key].items())]
        for _, _, cmd in every:  # warm-up: the page cache, the bytecode
            cpu_run(cmd)
        cpu: dict[tuple[str, str], list[float]] = {(k, label): [] for k, label, _ in every}
        for _ in range(args.runs):
            for key, label, cmd in every:
                cpu[(key, label)].append(cpu_run(cmd)[0])

        peaks = {key: run_process(commands[key]["replay --json"], min(args.runs, 3))[1] for key in paths}
        print(f"\nwhole processes in turn, {args.runs} runs: median CPU s, × the floor (median of per-run ratios), "
              "peak RSS of replay --json")
        print(f"  {'game':16s} {'floor s':>8s} {'check s':>8s} {'× floor':>8s} {'--json s':>9s} {'× floor':>8s} "
              f"{'RSS MB':>7s}")
        ratios: dict[str, tuple[float, float]] = {}
        saved: dict[str, figures.Figure] = {"runs": args.runs}
        for key in paths:
            floor = cpu[(key, "floor")]
            r_check = statistics.median(c / f for c, f in zip(cpu[(key, "check")], floor, strict=True))
            r_json = statistics.median(c / f for c, f in zip(cpu[(key, "replay --json")], floor, strict=True))
            ratios[key] = (r_check, r_json)
            peak = peaks[key]
            saved |= {f"{key}.deals": settled[key], f"{key}.floor_s": statistics.median(floor),
                      f"{key}.check_s": statistics.median(cpu[(key, "check")]), f"{key}.check_x": r_check,
                      f"{key}.json_s": statistics.median(cpu[(key, "replay --json")]), f"{key}.json_x": r_json,
                      f"{key}.rss_mb": peak if peak is not None else float("nan")}
            print(f"  {key:16s} {statistics.median(floor):8.3f} {statistics.median(cpu[(key, 'check')]):8.3f} "
                  f"{r_check:7.1f}× {statistics.median(cpu[(key, 'replay --json')]):9.3f} {r_json:7.1f}× "
                  f"{peak if peak is not None else float('nan'):7.0f}")
        gunzi = ratios.get("gunzi")
        print("\ngoals: each game's ratio ≤ Gunzi's; replay --json ≤ "
              f"{TARGET_RSS_MB} MB")
        for key, (r_check, r_json) in ratios.items():
            if key == "gunzi" or gunzi is None:
                continue
            peak = peaks[key]
            print(f"  {key:16s} check {'OK' if r_check <= gunzi[0] else 'MISSED'}, --json "
                  f"{'OK' if r_json <= gunzi[1] else 'MISSED'}, memory "
                  f"{'OK' if peak is not None and peak <= TARGET_RSS_MB else 'MISSED'}")
        if gunzi is not None:
            peak = peaks["gunzi"]
            print(f"  {'gunzi':16s} memory {'OK' if peak is not None and peak <= TARGET_RSS_MB else 'MISSED'}")
    if args.save:
        figures.save("games_bench", saved, load_before=load_before)


if __name__ == "__main__":
    main()
