"""The byte guards' command line and save-or-compare loop (``games_bytes.py``, ``gunzi_bytes.py``,
``dispute_bytes.py``, ``pdf_lines.py``): one place that reads ``save|compare FOLDER`` and that writes each output, or
compares it with the one saved and keeps a differing one beside it as ``NAME.new``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NoReturn


def arguments(doc: str | None, more: Callable[[argparse.ArgumentParser], None] | None = None) -> argparse.Namespace:
    """``ACTION FOLDER`` (``save`` or ``compare``, the folder made if missing) and what *more* adds, read from the
    command line; *doc* (the guard's docstring) is its help."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=("save", "compare"))
    ap.add_argument("folder", type=Path)
    if more is not None:
        more(ap)
    args = ap.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    return args


def save_or_compare(action: str, folder: Path, outputs: Iterable[tuple[str, bytes]]) -> NoReturn:
    """Save (*action* ``save``) or compare every ``(name, bytes)`` of *outputs* in *folder*; exit 1 on a difference."""
    differ = n = 0
    for name, data in outputs:
        n += 1
        f = folder / name
        if action == "save":
            f.write_bytes(data)
        elif not f.exists() or f.read_bytes() != data:
            differ += 1
            print(f"DIFFERS: {name}")
            (folder / (name + ".new")).write_bytes(data)
    print(f"{n} outputs {'saved' if action == 'save' else 'compared'}, {differ} differ")
    sys.exit(1 if differ else 0)
