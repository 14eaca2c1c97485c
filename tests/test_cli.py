"""The command line, both in-process (typer's CliRunner) and as a real process (`python -m referee.cli`).

Every test that takes the ``cli`` fixture runs twice, once each way. The expected numbers are worked
out by hand from gunzi-rules.md (see the comments beside them), not read from the tool's output.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import Run
from typer.testing import CliRunner

from referee.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "spring-cup.gunzi"
NAMES = ("张建国", "李秀英", "王志强", "赵丽华", "海之韵", "星海")
MARK = "# !"


def _no_traceback(run: Run) -> Run:
    assert "Traceback" not in run.text, run.text
    return run


@pytest.fixture(params=["runner", "process"])
def cli(request, tmp_path):
    """cli(*args) -> Run: the CLI in-process or as a subprocess; never a traceback either way."""
    env = {"REFEREE_DB": str(tmp_path / "store"), "REFEREE_LANG": "en"}

    if request.param == "runner":
        runner = CliRunner()

        def run(*args: str) -> Run:
            res = runner.invoke(app, [str(a) for a in args], env=env)
            if res.exception is not None and not isinstance(res.exception, SystemExit):
                raise res.exception
            return _no_traceback(Run(res.exit_code, res.stdout, res.stderr))
    else:
        full_env = {**os.environ, **env, "PYTHONIOENCODING": "utf-8"}

        def run(*args: str) -> Run:
            proc = subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True,
                                  text=True, encoding="utf-8", env=full_env, cwd=tmp_path, timeout=120)
            return _no_traceback(Run(proc.returncode, proc.stdout, proc.stderr))

    return run


def marked_lines(text: str) -> set[int]:
    return {no for no, line in enumerate(text.splitlines(), 1) if MARK in line}


def line_of(path: Path, prefix: str) -> int:
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith(prefix):
            return no
    raise AssertionError(prefix)


# A record with one mistake on each marked line (and nothing else wrong). Hand 1: E keeps with 60
# (the bad bury is left out, so the dealt kitty stays); hand 2: W at 4, the second tribute stands.
BROKEN = """\
match id=BAD-1
team EW 海之韵
hand
declare E BJ
trump H
kitty 6C 9D JS KH 4D 8C
bury 6C 9D 4D 8C 7S XQ   # ! not a card
points 33   # ! not a multiple of 5
points 60
frobnicate 7   # ! unknown directive
last decl
hand
declare W 4H
tribute S KS 2C   # ! a king in tribute
tribute S 2C 3D
kitty 7C 8D 9D JH 3S 4C
king N BJ take 4C   # ! the smallest card is 3S
points 80
points 400   # ! more points than exist
last decl
warn Q chatter   # ! not a seat
hand
declare E 5D
kitty 7C 7C 7C JD 3S 4C
show N 7C   # ! a fourth 7C
last def
"""
# Each marked line's error names the culprit and says what is wrong (REFEREE_LANG=en below).
# Line 19: 80 + 400 = 480 trick points > 300 − 0 in the kitty. Line 17: with trump H at level 4 the
# kitty 7C 8D 9D JH 3S 4C has non-trumps 7C 8D 9D 3S (4C is a level card): the smallest is 3S.
BROKEN_WORDS = {7: ("XQ", "not a card"), 8: ("33", "multiple of 5"), 10: ("frobnicate", "unknown directive"),
                14: ("KS", "point card"), 17: ("4C", "cannot come out", "is 3S"),
                19: ("480", "more points than exist"), 21: ("'Q'", "not a seat"), 25: ("7C", "three copies")}

# First hand, E grabs, trump H at level 3: the kitty has no plain heart (2H and 3H are trumps but not
# plain), so it is a dry pot in every rule set; it holds KD + 10C = 20 points. P = 90, dug.
#   dalian-club: the 20 do not count: S = 90 < 120 → foul dig, nobody levels, E's partner W next.
#   gunzi-001, classic: they count: S = 90 + 2×20 = 130 ≥ 120 → stage dug: NS 3→4, S (E's 下家) next.
DRY = """\
match id=DRY-1 rules=dalian-club
hand
declare E BJ
trump H
kitty KD 10C 7S 2H 9C 3H
points 90
last def
"""
DRY_EXPECTED = {
    "dalian-club": (90, "foul_dig", 0, {"EW": 3, "NS": 3}, "W"),
    "gunzi-001": (130, "stage_dug", 20, {"EW": 3, "NS": 4}, "S"),
    "classic": (130, "stage_dug", 20, {"EW": 3, "NS": 4}, "S"),
}
# No grab: flips E 7C, S QD, W 4H, N 9S (10 high … 2, A K Q J lowest). Highest wins (dalian-club,
# gunzi-001): N with 9S, trump S; lowest wins (classic): S with QD, trump D. P = 60 kept → keep, NS 3→4,
# blood ceil(20/10) = 2, the declarer's partner next.
FLIP = """\
match id=FLIP-1
hand
flip E 7C
flip S QD
flip W 4H
flip N 9S
kitty 7C QD 4H 9S 6D 8C
points 60
last decl
"""
FLIP_EXPECTED = {"dalian-club": ("N", "S", "S"), "gunzi-001": ("N", "S", "S"), "classic": ("S", "D", "N")}

CLEAN = """\
match id=MX-1 rules=dalian-club event="Spring Cup" table=3
team EW 海之韵
team NS 星海
seat E 张建国
seat S 李秀英
seat W 王志强
seat N 赵丽华

hand
declare E BJ
trump H
kitty 10H 9D JS KH 4D 8C
bury 10H 9D 4D 8C 7S 8S
points 25
points 35
last decl

hand
declare N 4D
declare W 4S 4S
tribute S SJ 4H
kitty 5H 8C 9C QS 3D 6S
bury 8C 9C 3D 6S 7D 8D
king N BJ take 3D
points 120
last def
"""
# The same record as typed at a table: suit symbols, Chinese cards and seats, odd case and spacing,
# header keys in another order, comments.
MESSY = """\
# typed at the table
  MATCH   table=3   ID=MX-1    event="Spring Cup"  rules=dalian-club
Team  ew   海之韵
team 南北 星海
SEAT 东 张建国
seat south 李秀英
seat   西  王志强
seat n 赵丽华
HAND
Declare  东   大王
TRUMP ♥
kitty ♥10 9d js 红桃K 4♦ 8C      # turned up
bury 10♥ 9D 4d 8c 7♠ s8
Points   25
points 35
last 庄家方

hand
declare 北 方块4
declare West 4s 4♠
tribute S 小王 红桃4
Kitty 5h 8♣ 9C ♠Q 3D 6s
bury 8C 9C 3D 6S 7D 8D
king N 大王 TAKE 3D
points 120
LAST 抓分方
"""

HAND_KEYS = {"hand", "game", "declarer", "declarer_team", "level", "trump", "points", "kitty_points", "dug",
             "dry_pot", "score", "outcome", "levels_after", "blood", "next_declarer", "game_winner", "ledger",
             "explain"}
STEP = re.compile(r"^\s*\d+\. .+ \[[a-z_]+(\.[a-z_0-9]+)*; [^\]]+\]$")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- check ---------------------------------------------------------------------------------------


def test_check_example_prints_one_summary_line(cli):
    # issue 9 item 14: the example's 26 hands, 3 games, EW winning 2:1 (as its replay shows below)
    run = cli("check", EXAMPLE)
    assert (run.code, run.out, run.err) == (0, f"{EXAMPLE}: ok: 26 hands, 3 games, EW 2:1\n", "")


def test_check_lists_every_error_on_its_line(cli, tmp_path):
    bad = write(tmp_path, "bad.gunzi", BROKEN)
    run = cli("check", bad)
    assert run.code == 1
    rows = [line for line in run.out.splitlines() if line]
    pattern = re.compile(rf"^{re.escape(str(bad))}:(\d+): (.+)$")
    assert all(pattern.match(r) for r in rows), rows
    found: dict[int, list[str]] = {}
    for r in rows:
        m = pattern.match(r)
        found.setdefault(int(m.group(1)), []).append(m.group(2))
    assert set(found) == marked_lines(BROKEN) == set(BROKEN_WORDS)
    for line, words in BROKEN_WORDS.items():
        assert any(all(w in msg for w in words) for msg in found[line]), (line, words, found[line])


def test_check_several_files(cli, tmp_path):
    bad = write(tmp_path, "bad.gunzi", BROKEN)
    run = cli("check", EXAMPLE, bad)
    assert run.code == 1
    assert [r for r in run.text.splitlines() if str(EXAMPLE) in r] == [f"{EXAMPLE}: ok: 26 hands, 3 games, EW 2:1"]
    assert len([r for r in run.out.splitlines() if r.startswith(f"{bad}:")]) >= len(BROKEN_WORDS)


def test_check_a_missing_or_unreadable_file(cli, tmp_path):
    missing = tmp_path / "nope.gunzi"
    run = cli("check", missing)
    assert run.code == 1 and str(missing) in run.text and "cannot read" in run.text
    binary = tmp_path / "bin.gunzi"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    run = cli("check", binary)
    assert run.code == 1 and str(binary) in run.text


def test_check_names_a_bad_rules_header(cli, tmp_path):
    rec = write(tmp_path, "r.gunzi", "match id=X rules=nosuch-club\n")
    run = cli("check", rec)
    assert run.code == 1 and f"{rec}:1:" in run.out and "nosuch-club" in run.out


# --- replay --------------------------------------------------------------------------------------


def test_replay_table_shows_the_chinese_names_and_the_result(cli):
    run = cli("replay", EXAMPLE)
    assert run.code == 0 and run.err == ""
    for name in NAMES:
        assert name in run.out
    assert "SC26-R1-T3" in run.out
    assert "EW 2 : 1 NS" in run.out
    assert len([line for line in run.out.splitlines() if re.match(r"^\d+\s", line)]) == 26


def test_replay_in_chinese(cli):
    run = cli("replay", EXAMPLE, "--lang", "zh")
    assert run.code == 0
    for name in NAMES:
        assert name in run.out
    # docs/gunzi-rules.md §Terms: a hand is 副 and a game 局 (the table's first two columns, the game lines);
    # 轮 is the tournament round of the header only (round=1).
    for word in ("第 1 轮 · 3号桌", "副  局  庄", "第1局：东西胜", "第3局：东西胜", "东西", "南北", "干锅", "臭抠",
                 "打过10", "三王", "裁判裁定"):
        assert word in run.out, word
    assert "第2轮" not in run.out and "第3轮" not in run.out


def test_replay_rejects_an_unknown_language(cli):
    run = cli("replay", EXAMPLE, "--lang", "fr")
    assert run.code != 0 and "fr" in run.err and "--lang" in run.err


def test_replay_json_has_the_fixed_keys(cli):
    run = cli("replay", EXAMPLE, "--json")
    assert run.code == 0
    data = json.loads(run.out)
    assert {"match", "hands", "games", "result", "errors"} <= set(data)
    assert data["match"]["id"] == "SC26-R1-T3" and data["match"]["rules"] == "dalian-club"
    assert len(data["hands"]) == 26
    for h in data["hands"]:
        assert HAND_KEYS <= set(h), HAND_KEYS - set(h)
        assert h["outcome"] in {"keep", "foul_dig", "stage_kept", "stage_dug"}
        assert set(h["levels_after"]) == {"EW", "NS"} and set(h["ledger"]) == {"EW", "NS"}
        assert h["declarer"] in "ESWN" and h["declarer_team"] in {"EW", "NS"}
        assert isinstance(h["explain"], list) and h["explain"] and all(isinstance(s, str) for s in h["explain"])
        assert isinstance(h["dug"], bool) and isinstance(h["dry_pot"], bool)
    for g in data["games"]:
        assert {"game", "winner", "reason"} <= set(g)
    assert {"winner", "games"} <= set(data["result"])
    assert data["errors"] == []
    # Hand-worked (gunzi-rules.md §7): hand 5, N declares at 3 (trump D by three small jokers),
    # EW dig 140 + 2×10 with two big jokers: stage dug, EW 6 + 1 + 4 stopped at 10, blood 4 + 1.
    h5 = data["hands"][4]
    assert {k: h5[k] for k in HAND_KEYS - {"explain"}} == {
        "hand": 5, "game": 1, "declarer": "N", "declarer_team": "NS", "level": 3, "trump": "D", "points": 140,
        "kitty_points": 10, "dug": True, "dry_pot": False, "score": 160, "outcome": "stage_dug",
        "levels_after": {"EW": 10, "NS": 3}, "blood": 5, "next_declarer": "E", "game_winner": None,
        "ledger": {"EW": 21, "NS": -21},
    }
    # Hand 11 passes 10; hand 26 ends under the ruling: no next declarer.
    assert (data["hands"][10]["game_winner"], data["hands"][10]["next_declarer"]) == ("EW", None)
    assert data["hands"][25]["next_declarer"] is None
    assert [(g["game"], g["winner"], g["reason"]) for g in data["games"]] == [
        (1, "EW", "passed_10"), (2, "NS", "three_jokers"), (3, "EW", "ruling")]
    assert data["result"]["winner"] == "EW" and data["result"]["games"] == {"EW": 2, "NS": 1}


def test_replay_json_lists_the_errors_with_lines(cli, tmp_path):
    bad = write(tmp_path, "bad.gunzi", BROKEN)
    data = json.loads(cli("replay", bad, "--json").out)
    assert all(set(e) >= {"line", "message"} for e in data["errors"])
    assert {e["line"] for e in data["errors"]} == marked_lines(BROKEN)
    # What could be settled still is: hand 1 kept with 60 (the dealt kitty stays), hand 2 kept with 80.
    assert [(h["hand"], h["score"], h["outcome"]) for h in data["hands"]] == [(1, 60, "keep"), (2, 80, "keep")]


# --- --rules -------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", sorted(DRY_EXPECTED))
def test_rules_override_settles_a_dry_pot_differently(cli, tmp_path, rules):
    rec = write(tmp_path, "dry.gunzi", DRY)
    data = json.loads(cli("replay", rec, "--json", "--rules", rules).out)
    assert data["match"]["rules"] == rules
    (h,) = data["hands"]
    assert h["dry_pot"] is True
    assert (h["score"], h["outcome"], h["kitty_points"], h["levels_after"], h["next_declarer"]) == \
        DRY_EXPECTED[rules]
    assert h["blood"] == 0  # 90 and 130 both lie within 80-150, and a dry pot's kings count for nothing


@pytest.mark.parametrize("rules", sorted(FLIP_EXPECTED))
def test_rules_override_changes_the_flip_winner(cli, tmp_path, rules):
    rec = write(tmp_path, "flip.gunzi", FLIP)
    data = json.loads(cli("replay", rec, "--json", "--rules", rules).out)
    (h,) = data["hands"]
    assert (h["declarer"], h["trump"], h["next_declarer"]) == FLIP_EXPECTED[rules]
    assert (h["score"], h["outcome"], h["blood"]) == (60, "keep", 2)
    assert h["levels_after"] == {"EW": 3, "NS": 4}


def test_rules_override_on_the_example(cli):
    club = json.loads(cli("replay", EXAMPLE, "--json").out)
    other = json.loads(cli("replay", EXAMPLE, "--json", "--rules", "gunzi-001").out)
    assert other["match"]["rules"] == "gunzi-001"
    # Hand 1 has nothing the two rule sets judge differently.
    assert {k: other["hands"][0][k] for k in HAND_KEYS - {"explain"}} == \
        {k: club["hands"][0][k] for k in HAND_KEYS - {"explain"}}
    # Hand 2, the dry pot dug with 100 and 20 points in the kitty: club S = 100 (foul dig, W's partner
    # E next); gunzi-001 S = 100 + 2×20 = 140 (stage dug, NS 3→4, W's 下家 N next).
    c2, o2 = club["hands"][1], other["hands"][1]
    assert (c2["score"], c2["outcome"], c2["kitty_points"], c2["levels_after"], c2["next_declarer"]) == \
        (100, "foul_dig", 0, {"EW": 4, "NS": 3}, "E")
    assert (o2["score"], o2["outcome"], o2["kitty_points"], o2["levels_after"], o2["next_declarer"]) == \
        (140, "stage_dug", 20, {"EW": 4, "NS": 4}, "N")
    # gunzi-001 has no riot: the riot line of the example is an error under it.
    riot = line_of(EXAMPLE, "riot ")
    assert any(e["line"] == riot and "riot" in e["message"].lower() for e in other["errors"])


def test_a_bad_rules_value_is_named(cli, tmp_path):
    for args in (("replay", EXAMPLE), ("explain", EXAMPLE, "--hand", "1")):
        run = cli(*args, "--rules", "nosuch-club")
        assert run.code == 2 and "nosuch-club" in run.err and "--rules" in run.err and run.out == ""
    missing = tmp_path / "none.toml"
    run = cli("replay", EXAMPLE, "--rules", missing)
    assert run.code == 2 and str(missing) in run.err


def test_a_club_rule_file_with_a_bad_key_is_named(cli, tmp_path):
    text = (ROOT / "referee" / "games" / "gunzi" / "rules" / "dalian-club.toml").read_text(encoding="utf-8")
    bad = write(tmp_path, "club.toml", text.replace("riot = true", "riot = true\nriots_allowed = 3"))
    run = cli("replay", EXAMPLE, "--rules", bad)
    assert run.code == 2 and "riots_allowed" in run.err
    bad = write(tmp_path, "club2.toml", text.replace("games_to_win = 2", 'games_to_win = "two"'))
    run = cli("rules", bad)
    assert run.code == 2 and "games_to_win" in run.err
    # A good copy with one key changed is used: one game wins the match.
    good = write(tmp_path, "club3.toml", text.replace("games_to_win = 2", "games_to_win = 1"))
    data = json.loads(cli("replay", EXAMPLE, "--json", "--rules", good).out)
    assert data["result"]["winner"] == "EW" and data["result"]["games"] == {"EW": 1, "NS": 0}


# --- explain -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_explain_names_a_rule_for_every_step(cli, lang):
    run = cli("explain", EXAMPLE, "--hand", "5", "--lang", lang)
    assert run.code == 0
    steps = [line for line in run.out.splitlines() if re.match(r"^\s*\d+\. ", line)]
    assert len(steps) >= 8
    for s in steps:
        assert STEP.match(s), s
    keys = {re.search(r"\[([^;]+);", s).group(1) for s in steps}
    assert {"outcome.stage_dug", "levels.stop", "blood.kings", "blood.over", "next.take_over"} <= keys
    assert "§" in run.out and "160" in run.out


def test_explain_the_three_jokers_hand(cli):
    run = cli("explain", EXAMPLE, "--hand", "19")
    assert run.code == 0
    assert "end.three_jokers_kept" in run.out and "90" in run.out


@pytest.mark.parametrize("hand", ["27", "0", "-1"])
def test_explain_an_unknown_hand(cli, hand):
    run = cli("explain", EXAMPLE, "--hand", hand)
    assert run.code == 2 and "--hand" in run.err and run.out == ""


def test_explain_without_a_hand_or_a_number(cli):
    assert cli("explain", EXAMPLE).code == 2
    run = cli("explain", EXAMPLE, "--hand", "five")
    assert run.code == 2 and "--hand" in run.err


# --- export --------------------------------------------------------------------------------------


def test_export_of_the_example_is_canonical_and_a_fixed_point(cli, tmp_path):
    run = cli("export", EXAMPLE)
    assert run.code == 0 and run.err == ""
    first = run.out
    assert first.startswith("match id=SC26-R1-T3 rules=dalian-club date=2026-11-29 event=\"Spring Cup\"")
    assert "#" not in first and "\n\n\n" not in first
    assert first.count("\nhand\n") == 26
    out = tmp_path / "out" / "export.gunzi"
    out.parent.mkdir()  # an output's folder must exist (issue 16.9)
    assert cli("export", EXAMPLE, "-o", out).code == 0
    assert out.read_text(encoding="utf-8") == first
    again = cli("export", out)
    assert again.code == 0 and again.out == first
    # The export is the same match: it replays to the same JSON.
    assert json.loads(cli("replay", out, "--json").out)["hands"] == json.loads(
        cli("replay", EXAMPLE, "--json").out)["hands"]


def test_a_messy_record_exports_to_the_clean_one(cli, tmp_path):
    clean = write(tmp_path, "clean.gunzi", CLEAN)
    messy = write(tmp_path, "messy.gunzi", MESSY)
    assert cli("check", messy).code == 0
    exported = cli("export", messy)
    assert exported.code == 0
    assert exported.out == CLEAN  # the clean record is already canonical
    assert cli("export", clean).out == CLEAN


def test_export_reports_what_it_leaves_out(cli, tmp_path):
    bad = write(tmp_path, "bad.gunzi", "match id=E-1\nhand\nkitty 2C 3C 4C 6C 7C ZZ\nlast decl\n")
    run = cli("export", bad)
    assert run.code == 1 and f"{bad}:3: left out:" in run.err and "ZZ" in run.err
    assert run.err.rstrip().endswith("error: 1 line left out of the export")  # the one bad line (3)
    assert run.out == "match id=E-1 rules=dalian-club\n\nhand\nlast decl\n"
    zh = cli("export", bad, "--lang", "zh")
    assert zh.code == 1 and f"{bad}:3：未导出：" in zh.err and zh.err.rstrip().endswith("错误：导出时略去了 1 行")
    assert zh.out == run.out  # the record itself is the same in any language


# --- rules ---------------------------------------------------------------------------------------


def test_rules_lists_the_three_sets(cli):
    run = cli("rules")
    assert run.code == 0
    names = [line.split()[0] for line in run.out.splitlines() if line.strip()]
    assert {"dalian-club", "gunzi-001", "classic"} <= set(names)


@pytest.mark.parametrize("name, shown", [
    ("classic", ["flip_winner = lowest", "riot = false", "games_to_win = 1", "three_small_jokers_win = false"]),
    ("dalian-club", ["flip_winner = highest", "riot = true", "games_to_win = 2", "warnings_limit = 3",
                     "dry_pot_kitty_points_count = false"]),
    ("gunzi-001", ["dry_pot = no_plain_trump_or_all_trump", "dry_pot_kitty_points_count = true",
                   "time_limit_minutes = 0"]),
])
def test_rules_shows_a_set_with_its_keys(cli, name, shown):
    run = cli("rules", name)
    assert run.code == 0 and name in run.out
    for key in shown:
        assert key in run.out, key
    assert "§" in run.out  # each key cites its clause


def test_rules_unknown_name(cli):
    run = cli("rules", "nosuch-club")
    assert run.code == 2 and "nosuch-club" in run.err


# --- missing files and other bad input -----------------------------------------------------------


@pytest.mark.parametrize("command", [["replay"], ["replay", "--json"], ["explain", "--hand", "1"], ["export"]])
def test_a_missing_file_is_a_clear_error(cli, tmp_path, command):
    missing = tmp_path / "no-such-match.gunzi"
    run = cli(command[0], missing, *command[1:])
    assert run.code == 2 and str(missing) in run.err and run.out == ""


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00\x01", b"hand\nhand\n", "满300分 ♥ 大王\n".encode(),
                                     b"match id=\n", b"match id=X\nhand\nlast\n" * 3])
def test_odd_files_never_give_a_traceback(cli, tmp_path, content):
    path = tmp_path / "odd.gunzi"
    path.write_bytes(content)
    for args in (("check", path), ("replay", path), ("replay", path, "--json"), ("export", path),
                 ("explain", path, "--hand", "1")):
        run = cli(*args)  # the fixture fails on any traceback
        assert run.code in (0, 1, 2), (args, run)


def test_a_folder_is_not_a_record(cli, tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    assert cli("check", folder).code == 1
    run = cli("replay", folder)
    assert run.code == 2 and "records" in run.err


# --- the installed script ------------------------------------------------------------------------


def test_the_installed_referee_script(tmp_path):
    script = shutil.which("referee", path=str(Path(sys.executable).parent)) or shutil.which("referee")
    if script is None:
        pytest.skip("the referee console script is not installed")
    env = {**os.environ, "REFEREE_DB": str(tmp_path / "store"), "PYTHONIOENCODING": "utf-8"}
    ok = subprocess.run([script, "check", str(EXAMPLE)], capture_output=True, text=True, env=env, timeout=120)
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, f"{EXAMPLE}: ok: 26 hands, 3 games, EW 2:1\n", "")
    table = subprocess.run([script, "replay", str(EXAMPLE), "--lang", "zh"], capture_output=True, text=True,
                           encoding="utf-8", env=env, timeout=120)
    assert table.returncode == 0 and "张建国" in table.stdout and "比赛结果" in table.stdout
    missing = subprocess.run([script, "replay", str(tmp_path / "gone.gunzi")], capture_output=True, text=True,
                             env=env, timeout=120)
    assert missing.returncode == 2 and "gone.gunzi" in missing.stderr and "Traceback" not in missing.stderr


def test_replay_json_carries_the_final_ledger_and_whether_it_is_the_headline():
    # The example's ledger, worked out hand by hand in its comments (gunzi-rules.md §9), ends EW −3, NS +3.
    # dalian-club keeps the ledger beside the levels; classic makes it the headline score (§10).
    from typer.testing import CliRunner

    from referee.cli import app

    runner = CliRunner()
    club = json.loads(runner.invoke(app, ["replay", str(EXAMPLE), "--json"]).stdout)
    assert club["result"]["ledger"] == {"EW": -3, "NS": 3}
    assert club["result"]["ledger"] == club["hands"][-1]["ledger"]
    assert club["result"]["ledger_headline"] is False
    classic = json.loads(runner.invoke(app, ["replay", str(EXAMPLE), "--json", "--rules", "classic"]).stdout)
    assert classic["result"]["ledger_headline"] is True
    table = runner.invoke(app, ["replay", str(EXAMPLE), "--rules", "classic"]).stdout
    assert "ledger (the headline score)" in table
