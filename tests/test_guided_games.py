"""Guided entry of another game's match (``referee record MATCH`` with no directive) through the real command line as
a subprocess, the directives typed on its standard input one a line; and ``referee status``'s "expected next".

The deal entered (docs/doudizhu-rules.md, doudizhu-classic): 张三 bids 1, 李四 2, 王五 passes: 李四 is landlord at
base 2 (§3.1). 李四 plays a bomb (×2) and the rocket (×2, §5.1) and goes out before any farmer's play is recorded:
spring (×2, §5.2). Multiplier 2 × 2 × 2 = 8, unit = base × multiplier = 2 × 8 = 16; the landlord wins
2 × 16 = +32, each farmer pays 1 × 16 = −16 (§6)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from referee.store.folder import FolderStore


def run(db: Path, *args: str, stdin: str = "", lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_LANG": lang, "REFEREE_NAME": "王裁判"}
    p = subprocess.run([sys.executable, "-m", "referee.cli", *args], input=stdin, capture_output=True, text=True,
                       encoding="utf-8", env=env, timeout=60)
    assert "Traceback" not in p.stderr + p.stdout, p.stderr
    return p


def new_match(db: Path) -> None:
    p = run(db, "new", "D1", "--game", "doudizhu", "--player", "张三", "--player", "李四", "--player", "王五",
            "--date", "2026-12-01")
    assert p.returncode == 0, p.stderr


def test_a_whole_dou_dizhu_deal_is_entered_line_by_line(tmp_path: Path) -> None:
    db = tmp_path / "store"
    new_match(db)
    typed = ["deal", "bid 1 1",
             "bid 李四 1",  # refused: bids rise (§3.1)
             "bid 李四 2", "bid 王五 pass", "kitty 5H 9C 3D", "undo", "kitty 5H 9C 3D", "status",
             "bomb 李四 7777", "rocket 李四", "out 李四", "spring", "q"]
    p = run(db, "record", "D1", stdin="\n".join(typed) + "\n")
    assert p.returncode == 0, p.stderr
    out = p.stdout
    # the prompt says what comes next, worked from the rules: §3.1 anyone opens; after 张三's 1, 李四 bids above it
    assert "expected next: deal\n" in out
    assert "expected next: bid SEAT 1|2|3|pass / redeal\n" in out
    assert "expected next: bid 李四 2|3|pass / redeal\n" in out
    # the refusal, said once with its rule, and the prompt again; nothing stored for it
    assert out.count("event rejected, nothing stored: bids rise: 1 does not beat 1 (seat 1) (§3.1); try again") == 1
    assert out.count("expected next: bid 李四 2|3|pass / redeal\n") == 2
    assert "expected next: bid 王五 3|pass / redeal\n" in out  # seat 3 after seat 2, above 2
    # 李四 landlord: the kitty is shown (§2), he may show his hand (§5.3) and leads (§4)
    assert ("expected next: kitty CARD CARD CARD / show 李四 / play 李四 CARDS… / bomb SEAT CARDS / rocket SEAT / "
            "out SEAT\n") in out
    assert "stored #10 in D1 (by 王裁判): undo #9: kitty 5H 9C 3D\n" in out
    assert "expected next: spring / deal\n" in out  # the landlord out, no farmer's play recorded (§5.2)
    # settled after `out`: 李四 at 2, bomb and rocket, 2 × 2 = 4, unit 2 × 4 = 8: the landlord +16, each farmer -8;
    # after `spring` × 2 more: unit 16, +32 and -16 each
    assert ("stored #14 in D1 (by 王裁判): out 2\nsettled: deal 1, landlord 李四, bid 2, doubled by bomb ×1, rocket, "
            "multiplier ×4, winner landlord, 张三 -8 (-8), 李四 +16 (+16), 王五 -8 (-8)\n") in out
    assert ("stored #15 in D1 (by 王裁判): spring\nsettled: deal 1, landlord 李四, bid 2, doubled by bomb ×1, rocket, "
            "spring, multiplier ×8, winner landlord, 张三 -16 (-16), 李四 +32 (+32), 王五 -16 (-16)\n") in out
    assert out.rstrip().endswith("stopped; everything entered so far is stored")
    directives = [e["directive"] for e in FolderStore(db).entries("D1")][4:]
    assert directives == ["deal", "bid 1 1", "bid 2 2", "bid 3 pass", "kitty 5H 9C 3D", "", "kitty 5H 9C 3D",
                          "bomb 2 7 7 7 7", "rocket 2", "out 2", "spring"]
    assert {e["referee"] for e in FolderStore(db).entries("D1")[4:]} == {"王裁判"}
    status = run(db, "status", "D1")
    assert status.returncode == 0
    assert "张三 -16, 李四 +32, 王五 -16" in status.stdout and "expected next: deal" in status.stdout
    zh = run(db, "status", "D1", lang="zh")
    assert "接下来应记：deal" in zh.stdout


def test_guided_entry_stops_at_end_of_input_keeping_what_was_stored(tmp_path: Path) -> None:
    db = tmp_path / "store"
    new_match(db)
    p = run(db, "record", "D1", stdin="deal\nbid 张三 4\nbid 张三 3\n")  # 4 is above bidding.max_bid 3 (§3.1)
    assert p.returncode == 1
    assert ("event rejected, nothing stored: a bid is at most 3 (bidding.max_bid, §3.1), not 4; try again"
            in p.stdout)
    assert "stopped; everything entered so far is stored" in p.stderr
    assert [e["directive"] for e in FolderStore(db).entries("D1")][4:] == ["deal", "bid 1 3"]
    # a directive given on the command line is stored as before, without a prompt
    one = run(db, "record", "D1", "kitty", "5H", "9C", "BJ")
    assert one.returncode == 0 and "expected next" not in one.stdout
    assert one.stdout.startswith("stored #7 in D1 (by 王裁判): kitty 5H 9C BJ\nnext: ")
