"""The 打滚 game through the real command line (a process): check, replay, --json, explain, export and rules on
examples/hubei-evening.dagun, whose comments work each deal out by hand (docs/hubei-dagun-rules.md)."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import referee_process

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "hubei-evening.dagun"


referee = referee_process


def test_check_the_example():
    run = referee("check", str(EXAMPLE))
    assert run.returncode == 0, run.stdout + run.stderr
    # totals worked in the example's comments: E -2, S +10, W -2, N -6 over 7 deals
    assert run.stdout == f"{EXAMPLE}: ok: 7 deals, coins E -2, S +10, W -2, N -6\n"


def test_check_reports_every_bad_line_in_both_languages(tmp_path):
    bad = tmp_path / "bad.dagun"
    bad.write_text("match id=B game=hubei-dagun\n"
                   "deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=30\n"
                   "deal 2 dealer=E\nalone W\nplaces W E S W\n", encoding="utf-8")
    run = referee("check", str(bad))
    assert run.returncode == 1
    assert run.stdout.splitlines() == [
        f"{bad}:2: deal 1: not settled, it lacks points",
        f"{bad}:5: points: the points add up to 195, not 200 (two decks hold 200: rules §3)",
        f"{bad}:6: deal 2: not settled, it lacks places",
        f"{bad}:8: places: W finish twice; each seat finishes once",
    ]
    zh = referee("check", "--lang", "zh", str(bad))
    assert zh.returncode == 1
    assert f"{bad}:5: points：分数合计 195，不是 200（两副牌共 200 分：规则 §3）" in zh.stdout.splitlines()


def test_a_header_naming_an_unknown_rule_set(tmp_path):
    bad = tmp_path / "rules.dagun"
    bad.write_text("match id=B game=hubei-dagun rules=nope\ndeal 1 dealer=E\nalone W\nplaces W E S N\n",
                   encoding="utf-8")
    run = referee("check", str(bad))
    assert run.returncode == 1
    assert run.stdout == (f"{bad}:1: rules=nope: unknown rule set 'nope' (known: hubei-dagun, "
                          "hubei-dagun-doubled)\n")


def test_replay_and_its_json():
    run = referee("replay", str(EXAMPLE))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "match HB-2026-12-01-T1 — Hubei 打滚, rules hubei-dagun"
    assert lines[-1].split() == ["total", "-2", "+10", "-2", "-6"]
    data = json.loads(referee("replay", "--json", str(EXAMPLE)).stdout)
    assert data["result"]["valid"] is True and data["errors"] == []
    assert data["result"]["totals"] == {"E": -2, "S": 10, "W": -2, "N": -6}
    d5 = data["deals"][4]
    # deal 5: EN 绑 with WS on no trick points: 光头, 4 番; S's 8喜 of threes: +6, the others -2
    assert (d5["result"], d5["fan"], d5["winners"]) == ("guangtou", 4, ["E", "N"])
    assert d5["coins"] == {"E": 2, "S": 2, "W": -6, "N": 2}
    assert {"text": "绑 with the other side on no points: 光头, EN win whatever the points", "cite": "§5.6"} \
        in d5["explain"]


def test_explain_a_deal_in_both_languages():
    run = referee("explain", str(EXAMPLE), "--hand", "4")
    assert run.returncode == 0, run.stderr
    # deal 4: 100:100, the side of 末游 E loses (§5.3, scoring.tie)
    assert "  5. 100:100: the side of 末游 E loses  [§5.3 scoring.tie]" in run.stdout.splitlines()
    zh = referee("explain", str(EXAMPLE), "--hand", "4", "--lang", "zh")
    assert "  5. 100:100：末游 东 一方输  [§5.3 scoring.tie]" in zh.stdout.splitlines()
    missing = referee("explain", str(EXAMPLE), "--hand", "9")
    assert missing.returncode == 2
    assert "no settled hand 9" in missing.stderr and "1, 2, 3, 4, 5, 6, 7" in missing.stderr


def test_export_is_canonical(tmp_path):
    first = referee("export", str(EXAMPLE))
    assert first.returncode == 0, first.stderr
    out = tmp_path / "again.dagun"
    out.write_text(first.stdout, encoding="utf-8")
    assert referee("export", str(out)).stdout == first.stdout
    assert "call BJ partner=S" in first.stdout and "#" not in first.stdout


def test_rules_list_show_and_table():
    listed = referee("rules").stdout
    assert "hubei-dagun" in listed and "hubei-dagun-doubled" in listed
    shown = referee("rules", "hubei-dagun-doubled").stdout.splitlines()
    assert "  fan.guangtou = 8" in shown and "  rewards.xi8_each = 2" in shown
    table = referee("rules", "hubei-dagun", "--table").stdout.splitlines()
    # 硬牌 won at 2 番: the lone player +6, each of three -2 (§7.3); 8喜: +6, each of three -2 (§6)
    assert table[6].split() == ["硬牌", "won", "2", "fan.alone_win", "+6", "-2"]
    assert table[9].split() == ["8喜", "6", "(3×2)", "rewards.xi8_each", "+6", "-2"]


def test_a_clubs_rule_file_is_found_as_this_games(tmp_path):
    # no game = key: its base names the game (referee.games.registry.game_of_rules)
    club = tmp_path / "club.toml"
    club.write_text('base = "hubei-dagun"\n[coins]\nstake = 10\n', encoding="utf-8")
    shown = referee("rules", str(club))
    assert shown.returncode == 0, shown.stderr
    assert "  coins.stake = 10" in shown.stdout.splitlines()
    # the example under it: every coin × 10 (the totals E -2 S +10 W -2 N -6 at base 1)
    run = referee("replay", "--rules", str(club), str(EXAMPLE))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1].split() == ["total", "-20", "+100", "-20", "-60"]
