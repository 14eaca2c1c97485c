"""Jinhua mahjong's rule files (docs/jinhua-mahjong-rules.md, loaded by referee.core.rulesfile): the bundled
sets, a club's file on a base, and every problem named by file and full key in both languages."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.core.rulesfile import RulesError
from referee.games.jinhua_mahjong.patterns import PATTERNS
from referee.games.jinhua_mahjong.ruleset import KEYS, available, load
from referee.games.registry import game_of_rules

RULES_DIR = Path(__file__).resolve().parent.parent / "referee" / "games" / "jinhua_mahjong" / "rules"


def test_the_bundled_sets() -> None:
    assert available() == ["jinhua-capped", "jinhua-mahjong"]
    seed = load("jinhua-mahjong")
    # the seed's numbers (§5, §6, §7): 放铳 2X/X, 自摸 2X, 清七对 ×4, 七对子爆头 ×8, 乱风 ×8, no cap, 承包 after 3
    assert [seed.values[k] for k in ("scoring.discarder_pays", "scoring.others_pay", "scoring.self_draw_pays",
                                     "factors.qing_qidui", "factors.qidui_baotou", "factors.luanfeng",
                                     "scoring.cap", "chengbao.feeds", "chengbao.claimer_factor")] == [
        2, 1, 2, 4, 8, 8, 0, 3, 2]
    capped = load("jinhua-capped")
    assert capped.values["scoring.cap"] == 8
    assert {k: v for k, v in capped.values.items() if k != "scoring.cap"} == {
        k: v for k, v in seed.values.items() if k != "scoring.cap"}
    assert game_of_rules("jinhua-capped") == "jinhua-mahjong"


def test_the_seed_file_spells_out_every_key_as_declared() -> None:
    data = tomllib.loads((RULES_DIR / "jinhua-mahjong.toml").read_text(encoding="utf-8"))
    written = {f"{section}.{k}": v for section, keys in data.items() if isinstance(keys, dict)
               for k, v in keys.items()}
    assert written == {k.full: k.default for k in KEYS}
    assert {f"factors.{p.code}" for p in PATTERNS} <= set(written)


def test_a_club_file_on_a_base(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text('base = "jinhua-capped"\n[factors]\nbaotou = 4\n', encoding="utf-8")
    rules = load(str(club))
    assert rules.values["factors.baotou"] == 4 and rules.values["scoring.cap"] == 8
    assert game_of_rules(str(club)) == "jinhua-mahjong"


@pytest.mark.parametrize(("text", "en", "zh"), [
    ('[factors]\nqidui = "two"\n', "'factors.qidui' must be a whole number, not the string 'two'",
     "'factors.qidui' 必须是整数"),
    ("[factors]\nbogus = 1\n", "unknown key 'factors.bogus'", "未知的键 'factors.bogus'"),
    ("[scoring]\nqidui = 2\n", "'scoring.qidui' is in the wrong section: it belongs in [factors] ('factors.qidui')",
     "'scoring.qidui' 所在的节不对"),
    ("[scoring]\ncap = -1\n", "'scoring.cap' must be from 0 to 1000000, not -1", "'scoring.cap' 必须在 0 到 1000000"),
    ("[chengbao]\nfeeder_pays_all = 1\n", "'chengbao.feeder_pays_all' must be true or false, not 1",
     "'chengbao.feeder_pays_all' 必须是 true 或 false"),
    ('game = "gunzi"\n', "'game' names gunzi, but this is a rule set of jinhua-mahjong",
     "'game' 写的是 gunzi，但这是 jinhua-mahjong 的规则集"),
])
def test_each_problem_names_file_and_key(tmp_path: Path, text: str, en: str, zh: str) -> None:
    club = tmp_path / "club.toml"
    club.write_text('base = "jinhua-mahjong"\n' + text, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load(str(club))
    assert caught.value.text("en") == f"{club}: {en}"
    assert caught.value.text("zh").startswith(f"{club}：{zh}")


def test_every_problem_at_once(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text('base = "jinhua-mahjong"\n[factors]\nqidui = 0\nhaidi = true\n', encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load(str(club))
    assert caught.value.text("en") == (f"{club}: 'factors.qidui' must be from 1 to 1024, not 0; "
                                       "'factors.haidi' must be a whole number, not true")
