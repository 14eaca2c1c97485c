"""The 打滚 rule files (docs/hubei-dagun-rules.md §9): the bundled sets, a club's file on a base, and every bad
key, type or value named with its file and key in both languages."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.core.rulesfile import RulesError
from referee.games.hubei_dagun.ruleset import SCHEMA, available, load

BUNDLED = Path(__file__).resolve().parent.parent / "referee" / "games" / "hubei_dagun" / "rules"


def test_the_bundled_sets():
    assert available() == ["hubei-dagun", "hubei-dagun-doubled"]
    source = load("hubei-dagun")
    # the source's numbers (§6: 天炸 ×3, 8喜 ×6, 7喜 ×3 paid by three; §5.3 the side of 末游 loses at 100:100; §4.1)
    assert (source.sky_each, source.xi8_each, source.xi7_each) == (1, 2, 1)
    assert source.tie == "last_loses" and source.first_out_deals is True
    # the choices of §7.2-§7.3
    assert (source.stake, source.plain, source.bang, source.qing, source.guangtou) == (1, 1, 2, 2, 4)
    assert (source.alone_win, source.alone_loss) == (2, 2)
    doubled = load("hubei-dagun-doubled")
    # §9.2: 清 ×4, 光头 ×8, 硬牌 ×4; the rest inherited from the base
    assert (doubled.qing, doubled.guangtou, doubled.alone_win, doubled.alone_loss) == (4, 8, 4, 4)
    assert doubled._replace(name="", title="", qing=2, guangtou=4, alone_win=2, alone_loss=2) == source._replace(
        name="", title="")


def test_the_source_set_spells_out_every_key():
    data = tomllib.loads((BUNDLED / "hubei-dagun.toml").read_text(encoding="utf-8"))
    written = {f"{section}.{key}" for section, keys in data.items() if isinstance(keys, dict) for key in keys}
    assert written == {k.full for k in SCHEMA.keys}
    assert data["game"] == "hubei-dagun"
    assert tomllib.loads((BUNDLED / "hubei-dagun-doubled.toml").read_text(encoding="utf-8"))["game"] == "hubei-dagun"


def test_a_clubs_file_changes_only_what_it_says(tmp_path):
    club = tmp_path / "club.toml"
    club.write_text('base = "hubei-dagun"\n[coins]\nstake = 5\n[scoring]\ntie = "first_wins"\n', encoding="utf-8")
    rules = load(str(club))
    assert (rules.stake, rules.tie, rules.bang, rules.xi8_each) == (5, "first_wins", 2, 2)


@pytest.mark.parametrize(("text", "english", "chinese"), [
    ('[fan]\nbang = "two"\n', "'fan.bang' must be a whole number, not the string 'two'",
     "'fan.bang' 必须是整数，不能是 字符串 'two'"),
    ("[fan]\nbang = -1\n", "'fan.bang' must be from 0 to 1000, not -1", "'fan.bang' 必须在 0 到 1000 之间，而不是 -1"),
    ("[coins]\nstake = 0\n", "'coins.stake' must be from 1 to 1000000, not 0",
     "'coins.stake' 必须在 1 到 1000000 之间，而不是 0"),
    ('[scoring]\ntie = "dealer_wins"\n', "'scoring.tie' must be one of 'last_loses', 'first_wins', not the string "
                                         "'dealer_wins'",
     "'scoring.tie' 必须是 'last_loses'、'first_wins' 之一，不能是 字符串 'dealer_wins'"),
    ("[fan]\nbangg = 2\n", "unknown key 'fan.bangg'", "未知的键 'fan.bangg'"),
    ("[coins]\nbang = 2\n", "'coins.bang' is in the wrong section: it belongs in [fan] ('fan.bang')",
     "'coins.bang' 所在的节不对：它属于 [fan]（'fan.bang'）"),
    ("[dealing]\nfirst_out_deals = 1\n", "'dealing.first_out_deals' must be true or false, not 1",
     "'dealing.first_out_deals' 必须是 true 或 false，不能是 1"),
    ('game = "gunzi"\n', "'game' names gunzi, but this is a rule set of hubei-dagun",
     "'game' 写的是 gunzi，但这是 hubei-dagun 的规则集"),
])
def test_a_bad_key_is_named_with_its_file(tmp_path, text, english, chinese):
    club = tmp_path / "club.toml"
    club.write_text('base = "hubei-dagun"\n' + text, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load(str(club))
    assert caught.value.text("en") == f"{club}: {english}"
    assert caught.value.text("zh") == f"{club}：{chinese}"


def test_every_problem_at_once(tmp_path):
    club = tmp_path / "two.toml"
    club.write_text('base = "hubei-dagun"\n[fan]\nbang = "x"\nqing = -5\n', encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load(str(club))
    assert caught.value.text("en") == (f"{club}: 'fan.bang' must be a whole number, not the string 'x'; "
                                       "'fan.qing' must be from 0 to 1000, not -5")


def test_an_unknown_set_names_the_known_ones():
    with pytest.raises(RulesError) as caught:
        load("hubei-dagun-nope")
    assert caught.value.text("en") == "unknown rule set 'hubei-dagun-nope' (known: hubei-dagun, hubei-dagun-doubled)"
