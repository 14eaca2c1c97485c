"""Rule sets as data: the bundled files, house files that inherit from them, and the score table.

The expected numbers are worked out by hand from docs/gunzi-rules.md (§7 and §10, arithmetic in the
comments), never copied from the program's output.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from helpers import first_hand, play, record
from test_cli import cli  # noqa: F401  (the fixture: the CLI in-process and as a subprocess)

from referee.games.gunzi.ruleset import (
    KEYS,
    DeclarerRotation,
    DryPotRule,
    FlipWinner,
    RulesError,
    RuleSet,
    available,
    load,
    resolve,
)
from referee.games.gunzi.scoretable import score_table

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ("classic", "dalian-club", "gunzi-001")


# --- the bundled files are package data -----------------------------------------------------------


def test_the_bundled_sets_are_found_as_package_data():
    assert set(BUNDLED) <= set(available())
    for name in BUNDLED:
        # importlib.resources finds them inside the package, not in a folder beside it
        assert resolve(name).name == f"{name}.toml"
        assert str(resolve(name)).startswith(str(ROOT / "referee" / "games" / "gunzi" / "rules"))


def test_rules_dir_adds_sets(tmp_path, monkeypatch):
    text = resolve("dalian-club").read_text(encoding="utf-8")
    (tmp_path / "seaside.toml").write_text(text.replace('name = "dalian-club"', 'name = "seaside"'), encoding="utf-8")
    monkeypatch.setenv("REFEREE_RULES_DIR", str(tmp_path))
    assert {"seaside", *BUNDLED} <= set(available())
    assert load("seaside").name == "seaside"


def _wheel_backend_here() -> bool:
    """This interpreter's setuptools can build a wheel offline (built in since 70.1, else the wheel package)."""
    if importlib.util.find_spec("setuptools") is None:
        return False
    from importlib.metadata import version

    major, minor = (int(x) for x in version("setuptools").split(".")[:2])
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


def test_a_wheel_holds_the_rule_files(tmp_path):
    # A non-editable install reads the rule files from the wheel; before they were package data it
    # said "unknown rule set 'dalian-club' (known: )". Build from a copy: no build/ in the checkout.
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "referee", src / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "wheels"
    # Without a wheel-capable setuptools here, pip sets up the declared backend (setuptools>=68) the
    # way `make test`'s own install does.
    isolation = ["--no-build-isolation"] if _wheel_backend_here() else []
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", str(out),
                          str(src)], capture_output=True, text=True)
    if run.returncode and not isolation and "build dependencies" in run.stderr:
        pytest.skip("the build backend (setuptools>=68) is neither installed nor obtainable by pip")
    assert run.returncode == 0, run.stderr
    (wheel,) = out.glob("referee-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in BUNDLED:
        assert f"referee/games/gunzi/rules/{name}.toml" in names
    assert "referee/games/gunzi/rules/__init__.py" in names
    # installed from the wheel (no checkout beside it), the rule sets are there
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(target),
                    str(wheel)], check=True, capture_output=True)
    run = subprocess.run([sys.executable, "-m", "referee.cli", "rules", "dalian-club"], capture_output=True, text=True,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(target)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("dalian-club: 大连分舵打滚子规则 (club draft) (seed 002)")


def test_cli_start_up_reads_no_rules():
    # `referee --help` starts quickly: the rule files load only inside a command that needs a rule set,
    # and even then a package in a plain folder is read without importlib.resources (zipfile, tempfile).
    code = ("import sys, referee.cli; "
            "heavy = ('importlib.resources', 'referee.games.gunzi.ruleset', 'tomllib', 'zipfile'); "
            "print(sorted(m for m in heavy if m in sys.modules)); from referee.games.gunzi.ruleset import load; "
            "load('dalian-club'); print(sorted(m for m in heavy if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert run.stdout.split("\n")[:2] == ["[]", "['referee.games.gunzi.ruleset', 'tomllib']"]


def test_the_bundled_folder_is_what_importlib_resources_gives(monkeypatch):
    from importlib.resources import files

    from referee.games.gunzi import ruleset

    assert ruleset._bundled() == files("referee.games.gunzi.rules")
    # a package that is no plain folder (a zip import): importlib.resources.files() finds the files
    asked = []
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    monkeypatch.setattr("importlib.resources.files", lambda name: asked.append(name) or files(name))
    assert set(BUNDLED) <= set(available())
    assert asked == ["referee.games.gunzi.rules"]


# --- the bundled files: what docs/gunzi-rules.md §7 and §10 say, key by key ---------------------------

# §7: every set scores alike. S >= 120 takes over, blood below 80 and above 150 per 10, 300 sweeps; digging
# doubles the kitty (§6.6); jokers 2 and 1 (§6.5); levels 3 to 10 (§3); the ledger of §9 (3, 1, 1, 50).
COMMON = dict(dig_multiplier=2, stage_threshold=120, short_threshold=80, over_threshold=150, blood_step=10,
              sweep_threshold=300, level_big_joker=2, level_small_joker=1, blood_big_joker=2, blood_small_joker=1,
              start_level=3, top_level=10, declarer_rotation=DeclarerRotation.partner, ledger_per_level=3,
              ledger_take_over=1, ledger_tribute=1, ledger_special=50)
# §10, column by column.
DIFFERENT = {
    "dalian-club": dict(source="002", flip_winner=FlipWinner.highest, dry_pot=DryPotRule.no_plain_trump,
                        dry_pot_kitty_points_count=False, three_small_jokers_win=True, riot=True,
                        three_small_jokers_without_big=True,
                        time_limit_minutes=50, warnings_limit=3, games_to_win=2, ledger_headline=False),
    "gunzi-001": dict(source="001", flip_winner=FlipWinner.highest, dry_pot=DryPotRule.no_plain_trump_or_all_trump,
                      dry_pot_kitty_points_count=True, three_small_jokers_win=True, riot=False,
                      three_small_jokers_without_big=True,
                      time_limit_minutes=0, warnings_limit=0, games_to_win=1, ledger_headline=False),
    "classic": dict(source="000", flip_winner=FlipWinner.lowest, dry_pot=DryPotRule.no_plain_trump_or_all_trump,
                    dry_pot_kitty_points_count=True, three_small_jokers_win=False, riot=False,
                    three_small_jokers_without_big=False,
                    time_limit_minutes=0, warnings_limit=0, games_to_win=1, ledger_headline=True),
}


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_sets_are_as_the_digest_says(name):
    r = load(name)
    got = r._asdict()
    assert got.pop("name") == name and got.pop("title")
    assert got == {**COMMON, **DIFFERENT[name]}
    # the bundled files are the reference: every key spelled out, no base
    text = resolve(name).read_text(encoding="utf-8")
    assert "base" not in tomllib.loads(text)
    assert all(f"\n{key} = " in text for key in KEYS)


def test_keys_are_the_fields_of_a_rule_set():
    assert tuple(KEYS) == RuleSet._fields[3:]


def test_choices_are_enums_interchangeable_with_their_strings():
    r = load("classic")
    assert type(r.flip_winner) is FlipWinner and type(r.dry_pot) is DryPotRule
    assert type(r.declarer_rotation) is DeclarerRotation
    # a member and its string are the same dict key, so a rule set of plain strings is the same rule set
    assert {FlipWinner.lowest: 1}["lowest"] == 1 and {"lowest": 1}[FlipWinner.lowest] == 1
    plain = r._replace(flip_winner="lowest", dry_pot="no_plain_trump_or_all_trump", declarer_rotation="partner")
    assert plain == r and hash(plain) == hash(r)
    assert {r: "classic"}[plain] == "classic"


# --- house rules: a base and only the keys that change --------------------------------------------------

STAGE_130 = 'base = "dalian-club"\n\n[scoring]\nstage_threshold = 130\n'


def _file(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_file_changes_one_key_and_inherits_the_rest(tmp_path):
    house = load(str(_file(tmp_path, "house.toml", STAGE_130)))
    base = load("dalian-club")
    assert house.stage_threshold == 130
    assert house.name == "house"  # the file's stem
    assert house.title == "大连分舵打滚子规则 (club draft) (house rules: house)"
    assert house.source == "002"
    assert house._replace(stage_threshold=120, name=base.name, title=base.title) == base


# S = 125 dug, a kitty of no points: S = P + 2·0 = 125 (§7). Under dalian-club 125 >= 120 and dug: stage dug,
# the defenders NS go up 3 → 4 and the old declarer's 下家 S declares (§7.4). Under stage_threshold = 130,
# 125 < 130 and dug: a foul dig, nobody moves, the declarers stay and E's partner W declares.
# Blood 0 either way: 80 <= 125 <= 150 (§7.2).
HAND_125_DUG = first_hand(points=[60, 65], last="def")


def test_a_record_replays_under_the_house_rule(tmp_path):
    house = load(str(_file(tmp_path, "house.toml", STAGE_130)))
    (h,) = play(HAND_125_DUG).hands
    assert (h.score, h.outcome, h.levels_after, h.next_declarer, h.blood) == (
        125, "stage_dug", {"EW": 3, "NS": 4}, "S", 0)
    (h,) = play(HAND_125_DUG, rules=house).hands
    assert (h.score, h.outcome, h.levels_after, h.next_declarer, h.blood) == (
        125, "foul_dig", {"EW": 3, "NS": 3}, "W", 0)


def test_the_cli_takes_a_house_file(cli, tmp_path):  # noqa: F811
    house = _file(tmp_path, "house.toml", STAGE_130)
    rec = _file(tmp_path, "r.gunzi", record(HAND_125_DUG))
    data = json.loads(cli("replay", rec, "--json", "--rules", house).out)
    h = data["hands"][0]
    assert (h["outcome"], h["levels_after"], h["next_declarer"]) == ("foul_dig", {"EW": 3, "NS": 3}, "W")
    shown = cli("rules", house)
    assert shown.code == 0 and "house: 大连分舵打滚子规则 (club draft) (house rules: house)" in shown.out
    assert "scoring.stage_threshold = 130" in shown.out and "tribute.riot = true" in shown.out


def test_a_base_chain_two_deep(tmp_path, monkeypatch):
    # team.toml → ../club.toml (a path relative to team.toml) → dalian-club; loaded from another folder.
    _file(tmp_path / "clubs", "club.toml", STAGE_130)
    team = _file(tmp_path / "clubs" / "teams", "team.toml", 'base = "../club.toml"\n[match]\ngames_to_win = 1\n')
    monkeypatch.chdir(_file(tmp_path, "x", "").parent)
    r = load(str(team))
    assert (r.stage_threshold, r.games_to_win, r.name, r.source) == (130, 1, "team", "002")
    assert r.title == "大连分舵打滚子规则 (club draft) (house rules: club) (house rules: team)"
    base = load("dalian-club")
    assert r._replace(stage_threshold=120, games_to_win=2, name=base.name, title=base.title) == base


def test_a_house_file_named_by_rules_dir(tmp_path, monkeypatch):
    _file(tmp_path, "seaside.toml", STAGE_130)
    _file(tmp_path, "pier.toml", 'base = "seaside"\n[tribute]\nriot = false\n')
    monkeypatch.setenv("REFEREE_RULES_DIR", str(tmp_path))
    r = load("pier")
    assert (r.name, r.stage_threshold, r.riot) == ("pier", 130, False)


def _error(path: Path) -> str:
    with pytest.raises(RulesError) as e:
        load(str(path))
    return str(e.value)


def test_a_cycle_names_the_files(tmp_path):
    a = _file(tmp_path, "a.toml", 'base = "b.toml"\n')
    b = _file(tmp_path, "b.toml", 'base = "./a.toml"\n')
    msg = _error(a)
    assert "cycle" in msg and f"{a} → {b} → {a}" in msg
    assert "cycle" in _error(_file(tmp_path, "self.toml", 'base = "self.toml"\n'))


HOUSE_ERRORS = [
    # (what the house file says after base = "dalian-club", what the error must say)
    ("[scoring]\nstage_treshold = 130\n", ["unknown key 'scoring.stage_treshold'"]),
    ("[scoring]\nriot = false\n", ["'scoring.riot' is in the wrong section", "[tribute]"]),
    ("stage_threshold = 130\n", ["'stage_threshold' is outside any section", "'scoring.stage_threshold'"]),
    ("[scoring.stage_threshold]\nvalue = 130\n", ["'scoring.stage_threshold' must be a whole number, not a table"]),
    ('[scoring]\nstage_threshold = "130"\n', ["'scoring.stage_threshold' must be a whole number, not the string"]),
    ("scoring = 130\n", ["'scoring' must be a section", "not 130"]),
    ("[tribute]\nriot = 1\n", ["'tribute.riot' must be true or false, not 1"]),
    ('[declaring]\nflip_winner = "middle"\n', ["'declaring.flip_winner' must be one of 'highest', 'lowest'",
                                              "'middle'"]),
    ('[game]\ndeclarer_rotation = "Partner"\n', ["'game.declarer_rotation' must be one of 'partner', 'same'"]),
    ("[kitty]\ndry_pot_all_trump = true\n", ["'kitty.dry_pot_all_trump' is no longer a key",
                                             "replaced by 'kitty.dry_pot'", 'dry_pot = "no_plain_trump_or_all_trump"']),
    ("[kitty]\ndry_pot_all_trump = false\n", ['dry_pot = "no_plain_trump"']),
    ('[kitty]\ndry_pot = "all_trump"\n', ["'kitty.dry_pot' must be one of 'no_plain_trump', "
                                          "'no_plain_trump_or_all_trump'"]),
    ("[jokers]\nlevel_big_joker = -1\n", ["'jokers.level_big_joker' must not be negative"]),
    ("[scorng]\nstage_threshold = 130\n", ["unknown section [scorng]"]),
    # relations are checked on the merged values: short 140 > the base's stage 120
    ("[scoring]\nshort_threshold = 140\n", ["0 < short <= stage <= over < sweep", "short 140, stage 120"]),
]


@pytest.mark.parametrize(("body", "said"), HOUSE_ERRORS)
def test_house_file_errors_name_the_file_and_the_key(tmp_path, body, said):
    path = _file(tmp_path, "house.toml", f'base = "dalian-club"\n{body}')
    msg = _error(path)
    assert msg.startswith(f"{path}: ")
    for part in said:
        assert part in msg
    if "unknown" not in said[0]:
        assert "unknown" not in msg  # a wrong type or place is said as such


def test_house_file_errors_in_chinese(tmp_path):
    # The same problems, worded by the zh catalogue: the file, then each problem, keys as written.
    path = _file(tmp_path, "house.toml", 'base = "dalian-club"\n[scoring]\nstage_treshold = 130\n[tribute]\nriot = 1\n')
    with pytest.raises(RulesError) as e:
        load(str(path))
    assert e.value.text("zh") == (f"{path}：未知的键 'scoring.stage_treshold'；"
                                  "'tribute.riot' 必须是 true 或 false，不能是 1")
    assert str(e.value) == f"{path}: unknown key 'scoring.stage_treshold'; 'tribute.riot' must be true or false, not 1"


def test_every_key_doc_cites_a_section_in_both_languages():
    # Each key's meaning cites the section of docs/gunzi-rules.md it follows, never a seed clause.
    for key, _, doc in load("dalian-club").explain():
        for lang in ("en", "zh"):
            text = doc.text(lang)
            assert re.search(r"§\d+(\.\d+)*", text) and not re.search(r"\b00[0-3]\b|§[^\d]", text), (key, text)
        assert doc.text("zh") != doc.text("en"), key


def test_every_problem_is_reported_at_once(tmp_path):
    path = _file(tmp_path, "house.toml", 'base = "dalian-club"\nscoring = 5\n[tribute]\nriot = "yes"\n'
                                         '[kitty]\ndry_pot_all_trump = true\n[match]\ngames_to_win = 0.5\n')
    msg = _error(path)
    for key in ("'scoring'", "'tribute.riot'", "'kitty.dry_pot_all_trump'", "'match.games_to_win'"):
        assert key in msg


def test_problems_in_a_base_name_the_base(tmp_path):
    club = _file(tmp_path, "club.toml", 'base = "dalian-club"\n[tribute]\nriot = "yes"\n')
    team = _file(tmp_path, "team.toml", 'base = "club.toml"\n[match]\ngames_to_win = "two"\n')
    msg = _error(team)
    assert f"{team}: 'match.games_to_win'" in msg and f"{club}: 'tribute.riot'" in msg


def test_an_unknown_base_is_named(tmp_path):
    msg = _error(_file(tmp_path, "house.toml", 'base = "dalian-clubb"\n'))
    assert "house.toml: 'base': unknown rule set 'dalian-clubb'" in msg and "dalian-club" in msg
    assert "'base': no rule file at" in _error(_file(tmp_path, "h2.toml", 'base = "gone.toml"\n'))


def test_an_old_complete_file_is_told_what_replaces_the_key(tmp_path):
    text = resolve("gunzi-001").read_text(encoding="utf-8")
    old = _file(tmp_path, "old.toml",
                text.replace('dry_pot = "no_plain_trump_or_all_trump"', "dry_pot_all_trump = true"))
    msg = _error(old)
    assert "'kitty.dry_pot_all_trump' is no longer a key" in msg and 'dry_pot = "no_plain_trump_or_all_trump"' in msg
    assert "missing" not in msg  # the replaced key is not also reported missing


def test_a_file_without_a_base_must_be_complete(tmp_path):
    msg = _error(_file(tmp_path, "bare.toml", "[scoring]\nstage_threshold = 130\n"))
    assert "missing" in msg and "'kitty.dig_multiplier'" in msg and "'name'" in msg and "base = " in msg
    assert "'scoring.stage_threshold'" not in msg


# --- the score table ---------------------------------------------------------------------------------

# Worked by hand from gunzi-rules.md §7 for a kitty that adds nothing (K = 0, no jokers: S = P, no king
# blood), EW declaring at level 3; the three bundled sets score alike (§10 changes none of this):
# outcome (§7.1): S < 120 kept → keep, declarers +1 (1 + 0 kings); S < 120 dug → foul dig, nobody moves;
# S >= 120 kept → stage kept, nobody moves; S >= 120 dug → stage dug, defenders +1.
# blood (§7.2): S < 80 → ceil((80 − S)/10); S > 150 → floor((S − 150)/10); else 0. None: the game is over.
# game end (§7.3): S = 0 → the declarers win; S >= 300 → the defenders win.
KEEP, FOUL, STAGE_KEPT, STAGE_DUG = ("keep", "declarers", 1), ("foul_dig", None, 0), ("stage_kept", None, 0), \
    ("stage_dug", "defenders", 1)
TABLE = {
    # S: (kept, dug), each (outcome, side up, levels, blood, game won by, why)
    0: ((*KEEP, None, "declarers", "zero"), (*FOUL, None, "declarers", "zero")),  # S = 0 ends the game
    5: ((*KEEP, 8, None, None), (*FOUL, 8, None, None)),  # ceil((80 − 5)/10) = ceil(7.5) = 8
    75: ((*KEEP, 1, None, None), (*FOUL, 1, None, None)),  # ceil((80 − 75)/10) = ceil(0.5) = 1
    80: ((*KEEP, 0, None, None), (*FOUL, 0, None, None)),  # 80 is not < 80: no blood
    115: ((*KEEP, 0, None, None), (*FOUL, 0, None, None)),  # 115 < 120: still the declarers' hand
    120: ((*STAGE_KEPT, 0, None, None), (*STAGE_DUG, 0, None, None)),  # 120 >= 120: the defenders take over
    150: ((*STAGE_KEPT, 0, None, None), (*STAGE_DUG, 0, None, None)),  # 150 is not > 150: no blood
    155: ((*STAGE_KEPT, 0, None, None), (*STAGE_DUG, 0, None, None)),  # floor((155 − 150)/10) = floor(0.5) = 0
    175: ((*STAGE_KEPT, 2, None, None), (*STAGE_DUG, 2, None, None)),  # floor((175 − 150)/10) = floor(2.5) = 2
    295: ((*STAGE_KEPT, 14, None, None), (*STAGE_DUG, 14, None, None)),  # floor(145/10) = 14; 295 < 300
    300: ((*STAGE_KEPT, None, "defenders", "sweep"), (*STAGE_DUG, None, "defenders", "sweep")),  # 300 >= 300
}


@pytest.mark.parametrize("name", BUNDLED)
def test_score_table_as_worked_by_hand(name):
    rows = score_table(load(name))
    assert [r.score for r in rows] == list(range(0, 301, 5))  # 0, 5, … 300: 61 rows
    by_score = {r.score: r for r in rows}
    for s, (kept, dug) in TABLE.items():
        assert (tuple(by_score[s].kept), tuple(by_score[s].dug)) == (kept, dug), s


def test_score_table_follows_a_house_rule(tmp_path):
    # stage_threshold = 130: S = 125 is now below the stage (§7.1): kept → keep, declarers +1; dug → foul dig.
    # S = 130 reaches it: stage kept / stage dug, defenders +1. Blood 0 for both (80 <= S <= 150).
    by_score = {r.score: r for r in score_table(load(str(_file(tmp_path, "house.toml", STAGE_130))))}
    assert tuple(by_score[125].kept) == (*KEEP, 0, None, None)
    assert tuple(by_score[125].dug) == (*FOUL, 0, None, None)
    assert tuple(by_score[130].dug) == (*STAGE_DUG, 0, None, None)
    # and under dalian-club 125 is already a stage dug
    assert tuple({r.score: r for r in score_table(load("dalian-club"))}[125].dug) == (*STAGE_DUG, 0, None, None)


def _columns(line: str) -> list[list[str]]:
    return [re.split(r"\s{2,}", part.strip()) for part in line.split("|")]


def test_rules_table_prints_the_table(cli):  # noqa: F811
    run = cli("rules", "dalian-club", "--table")
    assert run.code == 0 and run.out.startswith("dalian-club: 大连分舵打滚子规则 (club draft)")
    rows = {cols[0][0]: cols[1:] for cols in map(_columns, run.out.splitlines()) if cols[0][:1] != [""]
            and cols[0][0].isdigit()}
    assert len(rows) == 61
    # the same hand-worked numbers as above, as printed
    assert rows["75"] == [["keep", "declarers +1", "1", "-"], ["foul dig", "-", "1", "-"]]
    assert rows["155"] == [["stage, kept", "-", "0", "-"], ["stage, dug", "defenders +1", "0", "-"]]
    assert rows["0"][0] == ["keep", "declarers +1", "-", "declarers win: S = 0"]
    assert rows["300"][1] == ["stage, dug", "defenders +1", "-", "defenders win: S >= 300"]
    lines = run.out.splitlines()
    assert len({line.index("|") for line in lines if "|" in line}) == 1  # aligned


def test_score_table_in_chinese():
    # The same hand-worked rows (S = 0, 75, 300 above), worded by the zh catalogue.
    from referee.games.gunzi.scoretable import format_table

    rules = load("dalian-club")
    rows = {cols[0][0]: cols[1:] for cols in map(_columns, format_table(rules, score_table(rules), "zh").splitlines())
            if cols[0][:1] != [""] and cols[0][0].isdigit()}
    assert rows["75"] == [["保底升级", "庄家方 +1", "1", "-"], ["臭抠", "-", "1", "-"]]
    assert rows["0"][0][-1] == "庄家方胜：S = 0" and rows["300"][1][-1] == "抓分方胜：S >= 300"


def test_rules_table_needs_a_name(cli):  # noqa: F811
    run = cli("rules", "--table")
    assert run.code == 2 and "--table" in run.err
