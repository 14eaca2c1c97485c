"""The real CLI as a subprocess on examples/jinhua-evening.mahjong and on rule files: check, replay (text and
--json), explain, export, rules (--table). The example's numbers, worked by hand (docs/jinhua-mahjong-rules.md):

deal 1, dealer E: W on S's discard, 碰碰胡 ×2 × 清一色 ×2 = 4 (§5.3): S 2·4 = 8, E 4, N 4 (§5.1); W +16
deal 2, dealer S (W won, not the dealer: the next seat, §9): N self-draws 七对子 ×2: each 2·2 = 4 (§5.2); N +12
deal 3, dealer W (N won, not the dealer S): N on E's discard, 平胡; N claimed three times from W, so W pays
        E's 2, S's 1 and its own 1 = 4 (§7.2, §7.4); N +4
deal 4, dealer N: nobody won (流局), nothing paid
totals: E -4 -4 = -8; S -8 -4 = -12; W +16 -4 -4 = +8; N -4 +12 +4 = +12
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from helpers import referee_process

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "jinhua-evening.mahjong"


def referee(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return referee_process(*args, lang="en", cwd=cwd)


def test_check_and_replay_json_on_the_example() -> None:
    ok = referee("check", str(EXAMPLE))
    assert ok.returncode == 0
    assert ok.stdout.strip() == f"{EXAMPLE}: ok: 4 deals settled, E -8, S -12, W +8, N +12"
    out = referee("replay", str(EXAMPLE), "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["match"]["game"] == "jinhua-mahjong" and data["errors"] == []
    assert [d["dealer"] for d in data["deals"]] == ["E", "S", "W", "N"]
    assert [d["payments"] for d in data["deals"]] == [
        {"E": -4, "S": -8, "W": 16, "N": -4},
        {"E": -4, "S": -4, "W": -4, "N": 12},
        {"E": 0, "S": 0, "W": -4, "N": 4},
        {"E": 0, "S": 0, "W": 0, "N": 0},
    ]
    assert data["result"]["totals"] == {"E": -8, "S": -12, "W": 8, "N": 12}
    assert data["deals"][2]["liable"] == [{"seat": "W", "as": "feeder"}]


def test_replay_text_and_explain() -> None:
    text = referee("replay", str(EXAMPLE), "--lang", "zh")
    assert text.returncode == 0
    assert text.stdout.splitlines()[-1].split() == ["合计", "-8", "-12", "+8", "+12"]
    shown = referee("explain", str(EXAMPLE), "--hand", "3")
    assert shown.returncode == 0
    assert shown.stdout.splitlines() == [
        "deal 3: dealer W, 财神 7s (白板 stands for it, §2.2)",
        "平胡 ×1 (§6.1, factors.pinghu)",
        "N claimed 3 of W's discards: W is liable (承包) (§7.2, chengbao.feeds = 3)",
        "E owes 2 × stake 1 × 1 = 2 (§5.1, scoring.discarder_pays)",
        "S owes 1 × stake 1 × 1 = 1 (§5.1, scoring.others_pay)",
        "W owes 1 × stake 1 × 1 = 1 (§5.1, scoring.others_pay)",
        "W pays E's 2 (承包, §7.4)",
        "W pays S's 1 (承包, §7.4)",
        "N +4; E 0, S 0, W -4",
    ]
    missing = referee("explain", str(EXAMPLE), "--hand", "9")
    assert missing.returncode == 2
    assert f"--hand 9: no settled hand 9 in {EXAMPLE} (settled hands: 1, 2, 3, 4)" in missing.stderr


def test_check_a_bad_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mahjong"
    bad.write_text("match id=B game=jinhua-mahjong\ndeal\nwin W S\npatterns 清七对 财神头\ndeal\nhu W maybe\n",
                   encoding="utf-8")
    out = referee("check", str(bad))
    assert out.returncode == 1
    assert out.stdout.splitlines() == [
        f"{bad}:4: patterns: 清七对 has no sets or kong; 财神头 needs them (§8.1)",
        f"{bad}:4: patterns: 清七对 has no 财神, 财神头 needs one (§8.2)",
        f"{bad}:6: win: 'maybe' is not a seat (E S W N or 东 南 西 北)",
    ]
    zh = referee("check", str(bad), "--lang", "zh")
    assert f"{bad}:4: patterns：清七对 没有财神，财神头 需要财神（§8.2）" in zh.stdout


def test_export_is_canonical(tmp_path: Path) -> None:
    first = referee("export", str(EXAMPLE))
    assert first.returncode == 0 and first.stdout.startswith(
        'match id=JH-2026-12-01-T1 game=jinhua-mahjong rules=jinhua-mahjong date=2026-12-01 event="Club evening"\n')
    again = tmp_path / "again.mahjong"
    again.write_text(first.stdout, encoding="utf-8")
    assert referee("export", str(again)).stdout == first.stdout


def test_rules_and_table() -> None:
    shown = referee("rules", "jinhua-capped")
    assert shown.returncode == 0
    assert "  scoring.cap = 8" in shown.stdout.splitlines()
    assert "  factors.qidui_baotou = 8" in shown.stdout.splitlines()
    table = referee("rules", "jinhua-capped", "--table").stdout.splitlines()
    # §5.4: capped at 8: 乱风 ×8 pays 2·8 = 16 / 8 / 16; 七对子爆头 ×8 the same; 平胡 2 / 1 / 2
    rows = {line.split()[1]: line.split()[2:] for line in table[2:-1]}
    assert rows["luanfeng"] == ["8", "16", "8", "16"]
    assert rows["pinghu"] == ["1", "2", "1", "2"]
    listed = referee("rules").stdout
    assert "jinhua-mahjong" in listed and "jinhua-capped" in listed


def test_a_bad_rule_file_names_file_and_keys(tmp_path: Path) -> None:
    bad = tmp_path / "club.toml"
    bad.write_text('game = "jinhua-mahjong"\n[factors]\nqidui = "two"\nbogus = 1\n[scoring]\ncap = -1\n',
                   encoding="utf-8")
    out = referee("rules", str(bad))
    assert out.returncode == 2
    assert out.stderr.strip() == (f"error: {bad}: 'factors.qidui' must be a whole number, not the string 'two'; "
                                  "unknown key 'factors.bogus'; 'scoring.cap' must be from 0 to 1000000, not -1")
    zh = referee("rules", str(bad), "--lang", "zh")
    assert "'factors.qidui' 必须是整数，不能是 字符串 'two'；未知的键 'factors.bogus'" in zh.stderr
