"""mypy holds each game's values to its game (``api.GameOf[Event, Rules, Result]``): another game's rule set or
result handed to a game is a type error, its own is none. Run by mypy's API on a few lines, as CI runs mypy."""

from __future__ import annotations

from pathlib import Path

import pytest

SNIPPET = '''
from referee.games.api import GameOf
from referee.games.doudizhu.ruleset import load as load_ddz
from referee.games.gunzi.events import Event
from referee.games.gunzi.game import GAME
from referee.games.gunzi.results import MatchResult
from referee.games.gunzi.ruleset import RuleSet, load

g: GameOf[Event, RuleSet, MatchResult] = GAME
g.replay([], load("dalian-club"))
g.replay([], load_ddz("doudizhu-classic"))
'''


def test_another_game_s_rule_set_is_a_type_error(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    path = tmp_path / "wrong.py"
    path.write_text(SNIPPET, encoding="utf-8")
    out, err, code = api.run(["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), str(path)])
    lines = [line for line in out.splitlines() if line.strip()]
    assert code == 1, (out, err)
    assert lines == [f'{path}:11: error: Argument 2 to "replay" of "GameOf" has incompatible type '
                     '"referee.games.doudizhu.ruleset.RuleSet"; expected "referee.games.gunzi.ruleset.RuleSet"  '
                     '[arg-type]'], out
