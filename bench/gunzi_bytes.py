"""Save every output of Gunzi's records, then compare later outputs with the saved ones byte for byte: the guard
of a speed change to Gunzi's reader, replay or views that must print the same bytes as before (as
``games_bytes.py`` is for the three newer games).

    .venv/bin/python bench/gunzi_bytes.py save /tmp/gunzi-before      # before changing anything
    .venv/bin/python bench/gunzi_bytes.py compare /tmp/gunzi-before   # after each change: exit 1 on a difference

The records: ``examples/*.gunzi``; the generator's (``referee.games.gunzi.testing.generate``) of seeds 1, 7 and
2026 at 300 hands in the club rules (the match ends when a side wins it), and at 3,000 and 10,000 hands on the
endless rule file (``games_bench.py``'s); the 300-hand record of seed 7 with lines broken (unknown directives,
bad cards, points out of range, lines dropped, other spellings); those of seeds 1 and 7 with ~40 cards shown a
fourth time in their deal (§1.6: a declaration, flip, draw, kitty, bury, tribute or king refused, or a 'show').
For each, whole processes of ``check``,
``replay``, ``replay --json`` and ``explain -n K`` (every hand of an example; the first, some middle ones and the
last of a generated record), in English and Chinese (traditional Chinese too for the examples), and ``whatif``
of a few entries of the example and of a generated record imported into a store: stdout, stderr and the exit
code, one file each.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bytecheck import arguments, save_or_compare  # noqa: E402

from referee.games.gunzi.testing.generate import endless_rule_file, endless_rules, generate_match  # noqa: E402


def _hands(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.split()[:1] == ["hand"])


def _broken(text: str, seed: int) -> str:
    """*text* with about 40 lines broken, the same ones for the same seed."""
    rng = random.Random(seed)
    lines = text.splitlines()
    for _ in range(40):
        i = rng.randrange(1, len(lines))
        word = lines[i].split()[:1]
        kind = rng.randrange(6)
        if kind == 0:
            lines[i] = "frobnicate " + lines[i]
        elif kind == 1 and word in (["kitty"], ["bury"], ["tribute"], ["show"]):
            lines[i] = lines[i] + " 1Z"
        elif kind == 2 and word == ["points"]:
            lines[i] = "points 999"
        elif kind == 3:
            lines[i] = ""
        elif kind == 4:
            lines[i] = lines[i].lower()
        elif word == ["kitty"]:
            lines[i] = lines[i].replace("kitty", "底牌", 1)
        else:
            lines[i] = lines[i] + " extra"
    return "\n".join(lines) + "\n"


_OTHER = {"E": "S", "S": "W", "W": "N", "N": "E"}


def _fourths(text: str, seed: int) -> str:
    """*text* with about 40 cards shown a fourth time in their deal (§1.6), the same ones for the same seed: before a
    declaration, flip, draw, kitty, bury, tribute or king, another seat shows three of its first card (a declared
    or flipped card, one in the kitty or given), so that the directive shows a fourth — or, some of the time, a
    fourth 'show' comes after the directive, or the seat shows it again (no fourth: a seat is counted once)."""
    rng = random.Random(seed)
    lines = text.splitlines()
    spots = [i for i, line in enumerate(lines)
             if line.split()[:1] in (["declare"], ["flip"], ["draw"], ["kitty"], ["bury"], ["tribute"], ["king"])]
    for i in sorted(rng.sample(spots, min(40, len(spots))), reverse=True):
        words = lines[i].split()
        seated = words[0] in ("declare", "flip", "tribute", "king")
        card = words[2] if seated else words[1]
        seat = _OTHER[words[1]] if seated else rng.choice("ESWN")
        kind = rng.randrange(4)
        if kind == 0:  # a fourth after the directive, by yet another seat
            lines.insert(i + 1, f"show {_OTHER[seat]} {card}")
        elif kind == 1 and seated:  # the directive's own seat shows it again: counted once
            lines.insert(i, f"show {words[1]} {card}")
        lines.insert(i, f"show {seat} {card} {card} {card}")
    return "\n".join(lines) + "\n"


def _run(args: list[str], cwd: Path) -> bytes:
    r = subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True, cwd=cwd,
                       env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    return r.stdout + b"\n--stderr--\n" + r.stderr + f"\n--exit {r.returncode}\n".encode()


def outputs(tmp: Path) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of every output."""
    rules = endless_rule_file(tmp)
    endless = f" rules={rules.name} "
    records: list[tuple[Path, bool]] = []
    for example in sorted((ROOT / "examples").glob("*.gunzi")):
        (tmp / example.name).write_bytes(example.read_bytes())
        records.append((tmp / example.name, False))
    for seed in (1, 7, 2026):
        p = tmp / f"gen-{seed}-300.gunzi"
        p.write_text(generate_match(seed, 300), encoding="utf-8")
        records.append((p, True))
    for seed, n in ((7, 3000), (2026, 10_000)):
        p = tmp / f"gen-{seed}-{n}.gunzi"
        text = generate_match(seed, n, endless_rules()).replace(" rules=dalian-club ", endless, 1)
        p.write_text(text, encoding="utf-8")
        records.append((p, True))
    broken = tmp / "broken-7-300.gunzi"
    broken.write_text(_broken((tmp / "gen-7-300.gunzi").read_text(encoding="utf-8"), 31), encoding="utf-8")
    records.append((broken, True))
    for seed in (1, 7):
        over = tmp / f"fourths-{seed}-300.gunzi"
        over.write_text(_fourths((tmp / f"gen-{seed}-300.gunzi").read_text(encoding="utf-8"), seed), encoding="utf-8")
        records.append((over, True))
    for path, generated in records:
        n = _hands(path)
        hands = sorted({1, 2, n // 3, n // 2, n - 1, n} - {0}) if generated else range(1, n + 1)
        langs = ("en", "zh") if generated else ("en", "zh", "zh_TW")
        for lang in langs:
            runs = {"replay-json": ["replay", path.name, "--json"], "replay": ["replay", path.name],
                    "check": ["check", path.name]}
            runs.update({f"explain-{k}": ["explain", path.name, "-n", str(k)] for k in hands})
            for name, args in runs.items():
                yield f"{path.name}.{name}.{lang}", _run([*args, "--lang", lang], tmp)
    # whatif: an entry replaced in a stored match (the example, and a generated record in the club rules)
    store = tmp / "store"
    for path in (*(p for p, g in records if not g), tmp / "gen-1-300.gunzi"):
        out = _run(["import", path.name, "--db", str(store)], tmp)
        match = re.search(r"^match id=(\S+)", path.read_text(encoding="utf-8"), re.M)
        assert match is not None, path
        yield f"{path.name}.import", out
        lines = [line for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.lstrip().startswith("#")]
        seqs = [i for i, line in enumerate(lines, 1) if line.split()[0] == "points"][:: max(1, len(lines) // 40)]
        for seq in seqs[:6]:
            for directive in ("points 0", "points 300", "kitty 4C 6D 9S KH 7C 3H"):
                yield (f"{path.name}.whatif-{seq}-{directive.split()[0]}{directive.split()[1]}",
                       _run(["whatif", match.group(1), str(seq), directive, "--db", str(store)], tmp))


def main() -> None:
    args = arguments(__doc__)
    with tempfile.TemporaryDirectory(prefix="referee-gunzi-bytes-") as tmp:
        save_or_compare(args.action, args.folder, ((name, data.replace(tmp.encode() + b"/", b""))
                                                   for name, data in outputs(Path(tmp))))


if __name__ == "__main__":
    main()
