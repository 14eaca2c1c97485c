"""A club evening of Jinhua mahjong end to end: 8 players, 3 rounds of two tables, six record files checked by
the real CLI and replayed through the game interface (registry → read → replay → summarize); every payment
and each player's evening total worked out by hand from docs/jinhua-mahjong-rules.md.

(Pairing and standings of individual players are the tournament layer's, not yet open to this game: the
evening's totals are summed here from each match's game-neutral outcomes.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from referee.games.registry import game

HEAD = "match id={id} game=jinhua-mahjong rules={rules} round={round}\n"
TABLES = {
    # R1 T1. d1: W self-draws 平胡: each pays 2·1 = 2 (§5.2), W +6. d2 (W won, not the dealer E: S deals, §9):
    # S on E's discard 七对子 ×2 (§6.5): E 2·2 = 4, W 2, N 2 (§5.1), S +8.  甲 -6, 乙 +6, 丙 +4, 丁 -4
    "r1t1": ("1", "jinhua-mahjong", "甲 乙 丙 丁", "deal\nwin W self\ndeal\nwin S E\npatterns 七对子\n",
             [{"E": -2, "S": -2, "W": 6, "N": -2}, {"E": -4, "S": 8, "W": -2, "N": -2}]),
    # R1 T2. d1: E (the dealer) 天胡 ×2 (§6.17): each 4, E +12. d2 (E keeps the deal): N on W's discard
    # 碰碰胡 × 清一色 = 4 (§5.3): W 8, E 4, S 4, N +16.  戊 +8, 己 -8, 庚 -12, 辛 +12
    "r1t2": ("1", "jinhua-mahjong", "戊 己 庚 辛", "deal\nwin E self\npatterns 天胡\ndeal\npong N W\nwin N W\n"
             "patterns 碰碰胡 清一色\n", [{"E": 12, "S": -4, "W": -4, "N": -4}, {"E": -4, "S": -4, "W": -8, "N": 16}]),
    # R2 T1. d1: 流局, nothing paid. d2: S on E's discard 平胡 after three claims of E's discards: E is liable
    # (§7.2) and pays its 2 and W's 1 and N's 1 = 4 (§7.4); S +4.  甲 -4, 戊 +4, 乙 0, 己 0
    "r2t1": ("2", "jinhua-mahjong", "甲 戊 乙 己", "deal\nnowin\ndeal\npong S E\npong S E\nkong S E\nwin S E\n",
             [{"E": 0, "S": 0, "W": 0, "N": 0}, {"E": -4, "S": 4, "W": 0, "N": 0}]),
    # R2 T2. d1: W self-draws 乱风 ×8 (§6.10): each 2·8 = 16, W +48. d2 (S deals): E self-draws 平胡, W having
    # claimed three of E's discards: W pays the three shares 2 + 2 + 2 = 6, doubled = 12 (§7.3); E +12.
    # 丙 -16 +12 = -4, 庚 -16, 丁 +48 -12 = +36, 辛 -16
    "r2t2": ("2", "jinhua-mahjong", "丙 庚 丁 辛", "deal\nwin W self\npatterns 乱风\ndeal\nchi W S\npong W E\n"
             "pong W E\nkong W E\nwin E self\n",
             [{"E": -16, "S": -16, "W": 48, "N": -16}, {"E": 12, "S": 0, "W": -12, "N": 0}]),
    # R3 T1, the capped house rules. d1: N self-draws 七对子爆头 ×8 × 海底捞月 ×2 = 16, capped at 8 (§5.4):
    # each 16, N +48. d2 (S deals): W on S's discard 全求人 ×2 (§6.3): S 4, E 2, N 2, W +8.
    # 甲 -18, 庚 -20, 乙 -8, 辛 +46
    "r3t1": ("3", "jinhua-capped", "甲 庚 乙 辛", "deal\nwin N self\npatterns 七对子爆头 海底捞月\ndeal\n"
             "win W S\npatterns 全求人\n",
             [{"E": -16, "S": -16, "W": -16, "N": 48}, {"E": -2, "S": -4, "W": 8, "N": -2}]),
    # R3 T2. d1: S on the dealer E's first discard, 地胡 ×2 (§6.17): E 4, W 2, N 2, S +8. d2 (S deals): N
    # self-draws 混一色 ×2 (§6.15): each 4, N +12.  丙 -8, 戊 +4, 丁 -6, 己 +10
    "r3t2": ("3", "jinhua-mahjong", "丙 戊 丁 己", "deal\nwin S E\npatterns 地胡\ndeal\nwin N self\npatterns 混一色\n",
             [{"E": -4, "S": 8, "W": -2, "N": -2}, {"E": -4, "S": -4, "W": -4, "N": 12}]),
}
# each player's evening: the sums of the comments above
EVENING = {"甲": -6 - 4 - 18, "乙": 6 + 0 - 8, "丙": 4 - 4 - 8, "丁": -4 + 36 - 6, "戊": 8 + 4 + 4, "己": -8 + 0 + 10,
           "庚": -12 - 16 - 20, "辛": 12 - 16 + 46}


def write_records(folder: Path) -> list[Path]:
    paths = []
    for key, (rnd, rules, players, body, _) in TABLES.items():
        seats = "".join(f"seat {s} {name}\n" for s, name in zip("ESWN", players.split(), strict=True))
        path = folder / f"{key}.mahjong"
        path.write_text(HEAD.format(id=key, rules=rules, round=rnd) + seats + body, encoding="utf-8")
        paths.append(path)
    return paths


def test_a_club_evening(tmp_path: Path) -> None:
    paths = write_records(tmp_path)
    env = {**os.environ, "REFEREE_LANG": "en", "PYTHONIOENCODING": "utf-8"}
    checked = subprocess.run([sys.executable, "-m", "referee.cli", "check", *map(str, paths)], capture_output=True,
                             text=True, encoding="utf-8", env=env, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert len(checked.stdout.splitlines()) == 6 and all(": ok: 2 deals settled" in line
                                                         for line in checked.stdout.splitlines())
    mahjong = game("jinhua-mahjong")
    evening = dict.fromkeys(EVENING, 0)
    rounds_played = dict.fromkeys(EVENING, 0)
    for path, (_, rules, _, _, payments) in zip(paths, TABLES.values(), strict=True):
        reading = mahjong.read(path.read_text(encoding="utf-8"))
        assert reading.errors == []
        result = mahjong.replay(reading.events, mahjong.load_rules(rules))
        assert mahjong.problems(result) == []
        assert [d.payments for d in result.deals] == payments
        summary = mahjong.summarize(result)
        assert summary.finished
        for p in summary.participants():
            outcome = summary.outcome(p.key)
            evening[p.name] += outcome.score
            rounds_played[p.name] += 1
    assert evening == EVENING and sum(evening.values()) == 0
    assert set(rounds_played.values()) == {3}


def test_outcomes_of_one_table() -> None:
    # R2 T2 above: 丙 (E) -4, 庚 (S) -16, 丁 (W) +36, 辛 (N) -16: 丁 first; 丙 second; 庚 and 辛 share third.
    # Deals won: W one (乱风), E one (the second); deals paid in: E, S, N the first, W the second.
    mahjong = game("jinhua-mahjong")
    _, rules, players, body, _ = TABLES["r2t2"]
    text = HEAD.format(id="x", rules=rules, round=2) + body
    result = mahjong.replay(mahjong.read(text).events, mahjong.load_rules(rules))
    summary = mahjong.summarize(result)
    got = {k: tuple(summary.outcome(k)) for k in "ESWN"}
    assert got == {"E": ("E", 1, 1, 2, -4, 0), "S": ("S", 0, 1, 3, -16, 0), "W": ("W", 1, 1, 1, 36, 0),
                   "N": ("N", 0, 1, 3, -16, 0)}
