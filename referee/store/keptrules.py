"""The folder store's kept rule sets: one small JSON file a pinned content, ``rules/<pin>.json``.

Written once, durably (``core.safefile``: fsynced, renamed into place, the folder fsynced) before the first
match that pins it, never rewritten: the content is addressed by its hash, so a second match pinning it finds
it there. A file that is not a sound kept rule set (edited by hand, its text no longer hashing to its name)
is not used: the match's replay then falls back to its named rule set and refuses a mismatch.
"""

from __future__ import annotations

import json
from pathlib import Path

from referee.core import rulesfile, safefile
from referee.core.i18n import M
from referee.store.errors import StoreError
from referee.store.pinning import KeptRules

RULES_DIR = "rules"
KEPT_MAX = 1 << 20  # bytes: the canonical text of a rule set is a page


def path_of(root: Path, pin: str) -> Path:
    return root / RULES_DIR / f"{pin}.json"


def read(root: Path, pin: str) -> KeptRules | None:
    """The kept content of *pin*, or None (not kept, or not a sound kept rule set)."""
    if not rulesfile.is_pin(pin):
        return None
    try:
        data = json.loads(safefile.read_regular(path_of(root, pin), KEPT_MAX))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, safefile.Refused):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(f), str) for f in KeptRules._fields):
        return None
    kept = KeptRules(**{f: data[f] for f in KeptRules._fields})
    return kept if kept.pin == pin and kept.sound() else None


def write(root: Path, kept: KeptRules) -> None:
    """Keep *kept* unless it is kept already; a different content under the same pin is refused."""
    found = read(root, kept.pin)
    if found is not None:
        if found.digest != kept.digest:  # pragma: no cover - two contents sharing 64 bits of SHA-256
            raise StoreError(M("rule set {pin}: another content is kept under this pin; nothing stored", pin=kept.pin))
        return
    folder = root / RULES_DIR
    folder.mkdir(parents=True, exist_ok=True)
    data = json.dumps(kept._asdict(), ensure_ascii=False, indent=1) + "\n"
    safefile.write_bytes(path_of(root, kept.pin), data.encode("utf-8"))


def every(root: Path) -> list[KeptRules]:
    """Every sound kept rule set of the store, by pin."""
    folder = root / RULES_DIR
    if not folder.is_dir():
        return []
    found = (read(root, f.name[:-5]) for f in sorted(folder.iterdir()) if f.name.endswith(".json"))
    return [k for k in found if k is not None]
