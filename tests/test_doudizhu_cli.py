"""The CLI on Dou Dizhu records, as a subprocess: check, replay (--json), explain, export, rules --table.
Numbers worked by hand from docs/doudizhu-rules.md §6 (unit = base × multiplier; landlord ±2 ×, farmers ∓1 ×)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import referee_process

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "club-night.doudizhu"


referee = referee_process


# The example, by hand:
# deal 1: 李四 (2) bids 3, one bomb ×2 → unit 6; 李四 out: 张三 -6, 李四 +12, 王五 -6
# deal 2: all pass, redeal: 0
# deal 3: 王五 (3) bids 2, rocket ×2 → unit 4; farmer 张三 out: 张三 +4, 李四 +4, 王五 -8
# deal 4: 张三 (1) bids 1, shown ×2, spring ×2 → unit 4; 张三 out: +8, -4, -4
# deal 5: 李四 bids 2, anti-spring ×2 → unit 4; farmer 王五 out: 张三 +4, 李四 -8, 王五 +4
# totals: 张三 -6+4+8+4 = 10; 李四 12+4-4-8 = 4; 王五 -6-8-4+4 = -14
PAYMENTS = [{"1": -6, "2": 12, "3": -6}, {"1": 0, "2": 0, "3": 0}, {"1": 4, "2": 4, "3": -8},
            {"1": 8, "2": -4, "3": -4}, {"1": 4, "2": -8, "3": 4}]
TOTALS = {"1": 10, "2": 4, "3": -14}


def test_check_ok() -> None:
    p = referee("check", str(EXAMPLE))
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == f"{EXAMPLE}: ok: 5 deals (1 redealt), 张三 +10, 李四 +4, 王五 -14"


def test_check_errors_with_lines_in_both_languages(tmp_path: Path) -> None:
    bad = tmp_path / "bad.doudizhu"
    bad.write_text("match id=B game=doudizhu\ndeal\nbid 1 2\nbid 2 1\nbid 3 pass\nkitty 3 4\nbomb 1 5556\nout 1\n",
                   encoding="utf-8")
    p = referee("check", str(bad))
    assert p.returncode == 1
    assert p.stdout.splitlines() == [  # sorted by line
        f"{bad}:2: deal 1: no kitty: the kitty is shown to all, so record it (kitty.shown, §2)",
        f"{bad}:4: bids rise: 1 does not beat 2 (seat 1) (§3.1)",
        f"{bad}:6: a kitty is exactly 3 cards, not 2 (§2)",
        f"{bad}:7: a bomb is four cards of one rank (§4), not 5 5 5 6",
    ]
    zh = referee("check", str(bad), "--lang", "zh")
    assert zh.returncode == 1
    assert f"{bad}:4: 叫分只能更高：1 不高于 2（座位 1）（§3.1）" in zh.stdout
    assert f"{bad}:6: 底牌必须正好 3 张，而不是 2 张（§2）" in zh.stdout


def test_replay_and_json() -> None:
    p = referee("replay", str(EXAMPLE))
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[-1] == "total: 张三 +10, 李四 +4, 王五 -14"
    j = referee("replay", str(EXAMPLE), "--json")
    assert j.returncode == 0, j.stderr
    data = json.loads(j.stdout)
    assert data["match"]["id"] == "DDZ-N1-T2" and data["match"]["game"] == "doudizhu"
    assert data["match"]["seats"] == {"1": "张三", "2": "李四", "3": "王五"}
    assert [d["payments"] for d in data["deals"]] == PAYMENTS
    assert [d["multiplier"] for d in data["deals"]] == [2, 0, 2, 4, 2]
    assert data["deals"][1]["redeal"] is True
    assert data["result"] == {"totals": TOTALS, "finished": True}
    assert data["errors"] == []


def test_explain_in_both_languages() -> None:
    p = referee("explain", str(EXAMPLE), "--hand", "1")
    assert p.returncode == 0, p.stderr
    assert "1 bomb(s) played: × 2 each (multipliers.bomb, §5.1) → × 2" in p.stdout
    assert "each farmer pays 1 × 3 × 2 = 6; the landlord receives 2 × 3 × 2 = 12" in p.stdout
    assert "scoring source: docs/doudizhu-rules.md" in p.stdout
    zh = referee("explain", str(EXAMPLE), "--hand", "5", "--lang", "zh")
    assert "反春：× 2（multipliers.antispring，§5.2）" in zh.stdout
    assert "地主付 2 × 2 × 2 = 8；每位农民收 1 × 2 × 2 = 4" in zh.stdout
    missing = referee("explain", str(EXAMPLE), "--hand", "9")
    assert missing.returncode == 2
    assert "no settled hand 9" in missing.stderr and "1, 2, 3, 4, 5" in missing.stderr


def test_export_round_trip(tmp_path: Path) -> None:
    p = referee("export", str(EXAMPLE))
    assert p.returncode == 0, p.stderr
    out = tmp_path / "again.doudizhu"
    out.write_text(p.stdout, encoding="utf-8")
    again = referee("export", str(out))
    assert again.stdout == p.stdout
    assert "bomb 2 7 7 7 7" in p.stdout and "#" not in p.stdout


def test_rules_table() -> None:
    p = referee("rules", "doudizhu-classic", "--table")
    assert p.returncode == 0, p.stderr
    rows = [line.split() for line in p.stdout.splitlines() if line[:1].isdigit()]
    # §6: landlord wins 2 × bid × m, each farmer pays 1 × bid × m; m = 1, 2, 4, … 64
    assert rows[0] == ["1", "2/-1", "4/-2", "8/-4", "16/-8", "32/-16", "64/-32", "128/-64"]
    assert rows[2] == ["3", "6/-3", "12/-6", "24/-12", "48/-24", "96/-48", "192/-96", "384/-192"]
    capped = referee("rules", "doudizhu-capped", "--table")
    rows = [line.split() for line in capped.stdout.splitlines() if line[:1].isdigit()]
    # §5.4 cap 8: bid 2 at ×16 and beyond pays as ×8: 2 × 2 × 8 = 32 / 16
    assert rows[1] == ["2", "4/-2", "8/-4", "16/-8", "32/-16", "32/-16", "32/-16", "32/-16"]
    rob = referee("rules", "doudizhu-rob", "--table")
    rows = [line.split() for line in rob.stdout.splitlines() if line[:1].isdigit()]
    # §3.2: base 1, 2 robs ×4: at ×1 the landlord wins 2 × 1 × 4 = 8, each farmer 4
    assert rows[2][:3] == ["2", "8/-4", "16/-8"]
    listing = referee("rules")
    assert "doudizhu-classic" in listing.stdout and "dalian-club" in listing.stdout
    shown = referee("rules", "doudizhu-capped")
    assert "multipliers.cap = 8" in shown.stdout
