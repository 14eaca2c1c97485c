"""The first screens a newcomer reads — ``referee --help``, ``referee new --help``, the web's front page, the
package's description — name every game the tool officiates, from the registry, so that a fifth game names itself.

The four names are written out here (the rules docs' titles: docs/gunzi-rules.md, doudizhu-rules.md,
hubei-dagun-rules.md, jinhua-mahjong-rules.md), not read from the code."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import referee_process
from starlette.testclient import TestClient

from referee.cli import main
from referee.core.i18n import M
from referee.games import registry
from referee.web.app import make_app

ROOT = Path(__file__).resolve().parent.parent
# (key, English name, Chinese name)
GAMES = [
    ("gunzi", "Dalian Gunzi", "大连打滚子"),
    ("doudizhu", "Dou Dizhu", "斗地主"),
    ("hubei-dagun", "Hubei 打滚", "湖北打滚"),
    ("jinhua-mahjong", "Jinhua mahjong", "金华麻将"),
]


class _Flat(str):
    """A text with its line wrapping undone: help wraps at a space and after a hyphen, so what is looked for in
    it is compared without any white space."""

    def __contains__(self, part: object) -> bool:
        return "".join(str(part).split()) in "".join(self.split())


def _flat(text: str) -> _Flat:
    return _Flat(text)


def test_the_registry_names_the_four_games_as_their_modules_do():
    assert sorted(registry.TITLES) == sorted(registry.GAMES) == sorted(k for k, _, _ in GAMES)
    for key, english, chinese in GAMES:
        assert registry.TITLES[key] == registry.game(key).title  # the same message: one name per game
        assert registry.title(key, "en") == f"{english} ({chinese})"
        assert registry.title(key, "zh") == chinese


def test_the_top_level_help_names_every_game():
    en = _flat(referee_process("--help", lang="en").stdout)
    assert "Officiate and score Dalian Gunzi (大连打滚子), " in en
    for _, english, chinese in GAMES:
        assert f"{english} ({chinese})" in en
    zh = _flat(referee_process("--help", lang="zh").stdout)
    for _, english, chinese in GAMES:
        assert chinese in zh and english not in zh
    assert "大连打滚子、" in zh  # listed the Chinese way


def test_new_names_every_game_its_game_option_takes():
    en = _flat(referee_process("new", "--help", lang="en").stdout)
    for key, english, chinese in GAMES:
        assert f"{key} ({english}, {chinese})" in en
    assert "default: gunzi." in en
    zh = _flat(referee_process("new", "--help", lang="zh").stdout)
    for key, _, chinese in GAMES:
        assert f"{key}（{chinese}）" in zh
    assert "默认：gunzi" in zh


@pytest.fixture
def fifth_game(monkeypatch):
    """A game added to the registry (its module never loaded: the first screens import none)."""
    monkeypatch.setitem(registry.GAMES, "xiangqi", "referee.games.xiangqi.game")
    monkeypatch.setitem(registry.TITLES, "xiangqi", M("Xiangqi", zh="象棋"))


def test_a_game_added_to_the_registry_is_named_by_the_help(fifth_game, capsys, monkeypatch):
    monkeypatch.setenv("REFEREE_LANG", "en")
    for args in (["--help"], ["new", "--help"]):
        with pytest.raises(SystemExit) as done:
            main(args)
        assert done.value.code == 0
        out = _flat(capsys.readouterr().out)
        assert "Xiangqi (象棋)" in out or "xiangqi (Xiangqi, 象棋)" in out, out
    monkeypatch.setenv("REFEREE_LANG", "zh")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "金华麻将、象棋" in _flat(capsys.readouterr().out)


def test_the_front_page_names_every_game(tmp_path, fifth_game):
    client = TestClient(make_app(str(tmp_path / "store")))
    en = client.get("/?lang=en")
    assert en.status_code == 200
    for _, english, chinese in GAMES:
        assert f"{english} ({chinese})" in en.text
    assert "Xiangqi (象棋)" in en.text
    zh = client.get("/?lang=zh").text
    assert "大连打滚子、湖北打滚、斗地主、金华麻将、象棋" in zh


def test_the_package_description_names_every_game():
    with (ROOT / "pyproject.toml").open("rb") as f:
        description = tomllib.load(f)["project"]["description"]
    for key in registry.GAMES:
        assert registry.title(key, "en") in description, key
    for _, english, chinese in GAMES:
        assert english in description and chinese in description
