"""Dou Dizhu's rule files: the bundled sets, house files on the shared loader, and bad keys named."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core.rulesfile import RulesError
from referee.games.doudizhu.ruleset import KEYS, available, explain, load


def test_bundled_sets() -> None:
    assert available() == ["doudizhu-capped", "doudizhu-classic", "doudizhu-rob"]
    classic = load("doudizhu-classic")
    # the numbers of docs/doudizhu-rules.md §3, §5, §6
    assert (classic.style, classic.max_bid, classic.no_bid, classic.bomb, classic.rocket, classic.spring,
            classic.antispring, classic.shown, classic.cap, classic.landlord_factor, classic.farmer_factor) == (
        "points", 3, "redeal", 2, 2, 2, 2, 2, 0, 2, 1)
    rob = load("doudizhu-rob")
    assert (rob.style, rob.call_points, rob.rob_multiplier, rob.bomb) == ("rob", 1, 2, 2)
    capped = load("doudizhu-capped")
    assert (capped.cap, capped.no_bid, capped.forced_bid, capped.style) == (8, "last_forced", 1, "points")
    assert capped.title == "斗地主 (house: multiplier capped at 8, last player forced)"


def test_every_key_explained() -> None:
    shown = explain(load("doudizhu-capped"))
    assert [k for k, _, _ in shown] == [k.full for k in KEYS]
    assert ("multipliers.cap", "8") == shown[[k for k, _, _ in shown].index("multipliers.cap")][:2]
    assert all("§" in doc.text("en") and "§" in doc.text("zh_CN") for _, _, doc in shown)


def test_bundled_files_spell_every_key(tmp_path: Path) -> None:
    """The reference file spells out every key (the others inherit with base =)."""
    import tomllib

    import referee.games.doudizhu.rules as pkg

    data = tomllib.loads((Path(pkg.__file__).parent / "doudizhu-classic.toml").read_text(encoding="utf-8"))
    assert {f"{s}.{k}" for s, keys in data.items() if isinstance(keys, dict) for k in keys} == {
        k.full for k in KEYS}
    assert data["game"] == "doudizhu"


def test_house_file_errors_named(tmp_path: Path) -> None:
    bad = tmp_path / "club.toml"
    bad.write_text('game = "doudizhu"\nbase = "doudizhu-classic"\n[bidding]\nstyle = "auction"\nmax_bid = 0\n'
                   '[multipliers]\nbomb = "double"\nkaboom = 2\n[payment]\nlandlord_factor = 3\n', encoding="utf-8")
    with pytest.raises(RulesError) as e:
        load(str(bad))
    msg = str(e.value)
    assert msg.startswith(f"{bad}: ")
    for part in ("'bidding.style' must be one of 'points', 'rob', not the string 'auction'",
                 "'bidding.max_bid' must be from 1 to 9, not 0",
                 "'multipliers.bomb' must be a whole number, not the string 'double'",
                 "unknown key 'multipliers.kaboom'"):
        assert part in msg
    zh = e.value.text("zh_CN")
    assert "未知的键 'multipliers.kaboom'" in zh and "'bidding.max_bid' 必须在 1 到 9 之间，而不是 0" in zh


def test_relations(tmp_path: Path) -> None:
    f = tmp_path / "lopsided.toml"
    f.write_text('base = "doudizhu-classic"\n[payment]\nlandlord_factor = 3\n', encoding="utf-8")
    with pytest.raises(RulesError, match=r"'payment.landlord_factor' must be twice 'payment.farmer_factor' "
                                         r"\(the landlord pays or is paid by both farmers: §6\), not 3 and 1"):
        load(str(f))
    g = tmp_path / "ok.toml"
    g.write_text('base = "doudizhu-classic"\n[payment]\nlandlord_factor = 4\nfarmer_factor = 2\n', encoding="utf-8")
    assert load(str(g)).landlord_factor == 4


def test_other_games_file_refused(tmp_path: Path) -> None:
    f = tmp_path / "g.toml"
    f.write_text('game = "gunzi"\nbase = "doudizhu-classic"\n', encoding="utf-8")
    with pytest.raises(RulesError, match="'game' names gunzi, but this is a rule set of doudizhu"):
        load(str(f))
