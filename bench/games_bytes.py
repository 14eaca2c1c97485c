"""Save every output of the three newer games' records, then compare later outputs with the saved ones byte for
byte: the guard of a speed change that must print the same bytes as before.

    .venv/bin/python bench/games_bytes.py save /tmp/before            # the examples, before changing anything
    .venv/bin/python bench/games_bytes.py compare /tmp/before         # after each change: exit 1 on a difference
    .venv/bin/python bench/games_bytes.py save /tmp/before --long 10000   # also the bench's long records

For each record (``examples/*.doudizhu``, ``*.dagun``, ``*.mahjong``; with ``--long N`` also the records of
``bench/games_bench.py`` at ``--seed``, about N deals each), whole processes of ``replay --json``, ``replay``,
``check`` and ``explain -n K`` (every deal of an example; the first, a middle and the last of a long record), in
English, Chinese and traditional Chinese: stdout, stderr and the exit code, one file each.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bytecheck import arguments, save_or_compare  # noqa: E402
from games_bench import records  # noqa: E402

SUFFIXES = (".doudizhu", ".dagun", ".mahjong")
LANGS = ("en", "zh", "zh_TW")


def _deals(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.split()[:1] == ["deal"])


def _commands(path: Path, long: bool) -> dict[str, list[str]]:
    n = _deals(path)
    hands = sorted({1, n // 2, n} - {0}) if long else range(1, n + 1)
    out: dict[str, list[str]] = {}
    for lang in LANGS:
        out[f"replay-json.{lang}"] = ["replay", str(path), "--json", "--lang", lang]
        out[f"replay.{lang}"] = ["replay", str(path), "--lang", lang]
        out[f"check.{lang}"] = ["check", str(path), "--lang", lang]
        for k in hands:
            out[f"explain-{k}.{lang}"] = ["explain", str(path), "-n", str(k), "--lang", lang]
    return out


def outputs(folder: Path, long: int, seed: int):
    """(name, bytes) of every output."""
    paths = [p for p in sorted((ROOT / "examples").iterdir()) if p.suffix in SUFFIXES]
    tmp = None
    if long:
        tmp = tempfile.TemporaryDirectory(prefix="referee-games-bytes-")
        paths += [p for p in records(Path(tmp.name), long, seed).values() if p.suffix in SUFFIXES]
    try:
        for path in paths:
            big = tmp is not None and path.parent == Path(tmp.name)
            for name, args in _commands(path, big).items():
                r = subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True, cwd=ROOT,
                                   env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
                # the record's own path appears in some messages: written as its name, the same in any folder
                text = (r.stdout + b"\n--stderr--\n" + r.stderr + f"\n--exit {r.returncode}\n".encode())
                text = text.replace(str(path.parent).encode() + b"/", b"")
                yield f"{'long' if big else 'ex'}-{path.name}.{name}", text
    finally:
        if tmp is not None:
            tmp.cleanup()


def main() -> None:
    def more(ap: argparse.ArgumentParser) -> None:
        ap.add_argument("--long", type=int, default=0, help="also the bench's long records of about N deals")
        ap.add_argument("--seed", type=int, default=2026, help="the bench's seed (2026)")

    args = arguments(__doc__, more)
    save_or_compare(args.action, args.folder, outputs(args.folder, args.long, args.seed))


if __name__ == "__main__":
    main()
