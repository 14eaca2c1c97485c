"""The shared rules-file loader (referee.core.rulesfile): keys as data, base chains, every problem named."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.core import rulesfile
from referee.core.i18n import M, Msg
from referee.core.rulesfile import Key, Rules, RulesError, Schema


def _relations(r: Rules) -> list[Msg]:
    if r.number("limits.floor") > r.number("limits.cap"):
        return [M("'limits.floor' must not exceed 'limits.cap'", zh="'limits.floor' 不得大于 'limits.cap'")]
    return []


KEYS = (
    Key("scoring", "base", int, 1, M("base points"), low=1, high=3),
    Key("scoring", "double_on_bomb", bool, True, M("a bomb doubles")),
    Key("bidding", "style", ("points", "rob"), "points", M("how the landlord is chosen")),
    Key("bidding", "label", str, "x", M("a label")),
    Key("limits", "cap", int, 0, M("the cap"), low=0),
    Key("limits", "floor", int, 0, M("the floor"), low=0),
)


@pytest.fixture()
def schema(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Schema:
    """A game 'toy' whose bundled rules live in a real package on sys.path."""
    pkg = tmp_path / "pkgroot" / "toyrules"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "toy-plain.toml").write_text('game = "toy"\nname = "toy-plain"\ntitle = "Toy"\nsource = "seed 0"\n'
                                        "[scoring]\nbase = 2\n")
    (pkg / "toy-house.toml").write_text('game = "toy"\nbase = "toy-plain"\n[limits]\ncap = 8\n')
    monkeypatch.syspath_prepend(str(tmp_path / "pkgroot"))
    monkeypatch.delenv("REFEREE_RULES_DIR", raising=False)
    sys.modules.pop("toyrules", None)
    rulesfile._LOADED.clear()
    return Schema("toy", "toyrules", "toy-plain", KEYS, _relations)


def _error(schema: Schema, path: Path | str) -> str:
    with pytest.raises(RulesError) as e:
        rulesfile.load(schema, str(path))
    return str(e.value)


def test_bundled_defaults_and_base_chain(schema: Schema) -> None:
    assert rulesfile.available(schema) == ["toy-house", "toy-plain"]
    plain = rulesfile.load(schema)  # the default: toy-plain
    assert (plain.name, plain.title, plain.source) == ("toy-plain", "Toy", "seed 0")
    # scoring.base set to 2 by the file; every other key its declared default
    assert dict(plain.values) == {"scoring.base": 2, "scoring.double_on_bomb": True, "bidding.style": "points",
                                  "bidding.label": "x", "limits.cap": 0, "limits.floor": 0}
    house = rulesfile.load(schema, "toy-house")
    # inherits base = 2 from toy-plain, changes only the cap
    assert house.number("scoring.base") == 2 and house.number("limits.cap") == 8
    assert house.name == "toy-house" and house.title == "Toy (house rules: toy-house)"
    assert house.source == "seed 0"
    assert house.fields()["cap"] == 8
    shown = rulesfile.explain(schema, house)
    assert [s.key for s in shown] == [k.full for k in KEYS]
    assert shown[1].value == "true" and shown[2].value == '"points"'


def test_club_file_by_path_with_relative_base(schema: Schema, tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('base = "toy-house"\n[bidding]\nstyle = "rob"\n')
    (tmp_path / "b.toml").write_text('base = "a.toml"\n[scoring]\ndouble_on_bomb = false\n')
    r = rulesfile.load(schema, str(tmp_path / "b.toml"))
    # b over a over toy-house over toy-plain
    assert (r.text("bidding.style"), r.flag("scoring.double_on_bomb"), r.number("limits.cap"),
            r.number("scoring.base")) == ("rob", False, 8, 2)


def test_every_problem_named_at_once(schema: Schema, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "toy-plain"\ncap = 3\n[scoring]\nbase = 4\ndouble_on_bomb = "yes"\nbonus = 1\n'
                   '[bidding]\nstyle = "auction"\ncap = 2\n[limits]\nfloor = -1\n[extras]\nx = 1\n')
    msg = _error(schema, bad)
    for part in (f"{bad}: ",
                 "'cap' is outside any section: it belongs in [limits] ('limits.cap')",
                 "'scoring.base' must be from 1 to 3, not 4",
                 "'scoring.double_on_bomb' must be true or false, not the string 'yes'",
                 "unknown key 'scoring.bonus'",
                 "'bidding.style' must be one of 'points', 'rob', not the string 'auction'",
                 "'bidding.cap' is in the wrong section: it belongs in [limits] ('limits.cap')",
                 "'limits.floor' must be at least 0, not -1",
                 "unknown section [extras] (the sections are scoring, bidding, limits)"):
        assert part in msg, part
    assert "\n" not in msg  # one line


def test_problems_in_chinese(schema: Schema, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "toy-plain"\n[scoring]\nbase = 9\nnope = 1\n')
    with pytest.raises(RulesError) as e:
        rulesfile.load(schema, str(bad))
    zh = e.value.text("zh_CN")
    assert "'scoring.base' 必须在 1 到 3 之间，而不是 9" in zh
    assert "未知的键 'scoring.nope'" in zh


def test_cycle_is_named(schema: Schema, tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('base = "b.toml"\n')
    (tmp_path / "b.toml").write_text('base = "a.toml"\n')
    msg = _error(schema, tmp_path / "a.toml")
    assert "the rule files inherit from each other in a cycle:" in msg
    assert msg.count("a.toml") >= 2 and "b.toml" in msg


def test_size_limit_toml_errors_and_missing(schema: Schema, tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * rulesfile.RULES_MAX + "\n")
    assert f"{big}: larger than 1024 KiB: not a rule file" in _error(schema, big)
    broken = tmp_path / "broken.toml"
    broken.write_text("[scoring\n")
    assert f"{broken}: not valid TOML:" in _error(schema, broken)
    assert f"no rule file at {tmp_path / 'none.toml'}" in _error(schema, tmp_path / "none.toml")
    assert "unknown rule set 'nonesuch' (known: toy-house, toy-plain)" in _error(schema, "nonesuch")
    based = tmp_path / "based.toml"
    based.write_text('base = "nonesuch"\n')
    assert f"{based}: 'base': unknown rule set 'nonesuch'" in _error(schema, based)


def test_other_game_and_bad_meta(schema: Schema, tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    other.write_text('game = "gunzi"\ntitle = 3\n')
    msg = _error(schema, other)
    assert "'game' names gunzi, but this is a rule set of toy" in msg
    assert "'title' must be a non-empty string, not 3" in msg


def test_relations_checked_on_merged_values(schema: Schema, tmp_path: Path) -> None:
    f = tmp_path / "floor.toml"
    f.write_text('base = "toy-house"\n[limits]\nfloor = 9\n')  # cap 8 from toy-house, floor 9 > 8
    assert f"{f}: 'limits.floor' must not exceed 'limits.cap'" in _error(schema, f)
    ok = tmp_path / "ok.toml"
    ok.write_text('base = "toy-house"\n[limits]\nfloor = 8\n')  # 8 <= 8: fine
    assert rulesfile.load(schema, str(ok)).number("limits.floor") == 8


def test_from_text_and_env_dir(schema: Schema, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = rulesfile.from_text(schema, '[scoring]\nbase = 3\n', origin="inline")
    assert r.number("scoring.base") == 3 and r.name == "inline"
    with pytest.raises(RulesError, match="inline: not valid TOML"):
        rulesfile.from_text(schema, "[[", origin="inline")
    club = tmp_path / "club"
    club.mkdir()
    (club / "toy-club.toml").write_text('game = "toy"\nbase = "toy-plain"\n')
    (club / "other-game.toml").write_text('game = "gunzi"\n')
    monkeypatch.setenv("REFEREE_RULES_DIR", str(club))
    assert rulesfile.available(schema) == ["toy-club", "toy-house", "toy-plain"]
    assert rulesfile.load(schema, "toy-club").number("scoring.base") == 2


def test_gunzi_reads_its_files_with_the_shared_loader(tmp_path: Path) -> None:
    """Gunzi's own loader reads files, follows bases and reports problems as every game's does (one RulesError)."""
    from referee.games.gunzi import ruleset as gunzi

    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * rulesfile.RULES_MAX + "\n")
    with pytest.raises(RulesError) as e:
        gunzi.load(str(big))
    assert str(e.value.msg) == f"{big}: larger than 1024 KiB: not a rule file"
    (tmp_path / "a.toml").write_text('base = "b.toml"\n')
    (tmp_path / "b.toml").write_text('base = "a.toml"\n')
    with pytest.raises(RulesError, match="the rule files inherit from each other in a cycle: .*a.toml → .*b.toml"):
        gunzi.load(str(tmp_path / "a.toml"))
    (tmp_path / "c.toml").write_text('base = "nowhere.toml"\n')
    with pytest.raises(RulesError, match=f"'base': no rule file at {tmp_path / 'nowhere.toml'}"):
        gunzi.load(str(tmp_path / "c.toml"))
