"""The save-or-compare loop of the byte guards (``games_bytes.py``, ``gunzi_bytes.py``): one place that writes each
output, or compares it with the one saved and keeps a differing one beside it as ``NAME.new``."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn


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
