"""Scorecard polish through the real command line (a process of its own): the audit table's times in
the venue's local time, an undo row saying what it took back, "page N of M" in the footer, and the
referee who recorded the entries named in the header when the record names none. The PDF is read back.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from helpers import hand_text

from referee.store.store import Store


def run(db: Path, *args: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_LANG": "en", "REFEREE_NAME": "Judge Li",
           "TZ": "Asia/Shanghai"}
    done = subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    return done


def test_the_audit_table_the_footer_and_the_referee(tmp_path: Path) -> None:
    import pypdf

    db = tmp_path / "store"
    run(db, "new", "M1", "--east", "Ann", "--south", "Bob", "--west", "Cat", "--north", "Dan")
    record = tmp_path / "hand.gunzi"
    record.write_text("match id=M1\n" + hand_text(grab="E", trump="H", points=0), encoding="utf-8")
    run(db, "record", "M1", "--file", record)
    run(db, "undo", "M1", "--reason", "last trick misread")  # takes back the hand's last directive
    entries = Store(db).entries("M1")
    undo = entries[-1]
    taken = next(e for e in entries if e["seq"] == undo["target"])
    # The undo's stored UTC time, shown in the venue's zone (the machine's here: TZ=Asia/Shanghai, UTC+8).
    local = datetime.fromisoformat(undo["time"].replace("Z", "+00:00")).astimezone(ZoneInfo("Asia/Shanghai"))
    card = tmp_path / "m1.pdf"
    run(db, "scorecard", "M1", "-o", card, "--lang", "en")
    pages = [page.extract_text() for page in pypdf.PdfReader(card).pages]
    text = "\n".join(pages)
    flat = "".join(text.split())
    assert "".join(local.strftime("%Y-%m-%d %H:%M").split()) in flat
    assert undo["time"][:16].replace("T", "") not in flat  # not the stored UTC text (8 hours earlier)
    assert "".join(f"#{undo['target']} took back: {taken['directive']}".split()) in flat
    assert all(f"page{n}of{len(pages)}" in "".join(p.split()) for n, p in enumerate(pages, 1))
    # No referee= in the header: the one who recorded the entries.
    assert "RefereeJudgeLi" in flat
