"""The mutation run's bookkeeping (tools/mutate.py, docs/mutation.md): which game and module a mutant belongs to,
which game a row of proofs proves, and that the committed document's proofs each have a proof of a valid form.

A survivor is proved equivalent only by a row under its own game's mark: the same function name in two games
(``settle``, ``replay``) must never be proved by the other game's row.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutate_tool", ROOT / "tools" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate_tool"] = module
    spec.loader.exec_module(module)
    return module


mutate = _module()


def test_a_mutants_key_names_its_game_module_and_function() -> None:
    key = "referee.games.hubei_dagun.engine.x__friend__mutmut_15"
    assert (mutate.game_of(key), mutate.module_of(key), mutate.function_of(key)) == (
        "hubei_dagun", "hubei_dagun/engine", "_friend")
    method = "referee.games.gunzi.engine.xǁReplayǁon_last__mutmut_7"
    assert (mutate.game_of(method), mutate.module_of(method), mutate.function_of(method)) == (
        "gunzi", "gunzi/engine", "Replay.on_last")


def test_the_games_mutated_are_the_games_of_the_modules_listed() -> None:
    # pyproject's only_mutate lists modules of referee/games/<game>/: the four games, each once
    assert mutate.GAMES == ("doudizhu", "gunzi", "hubei_dagun", "jinhua_mahjong")
    assert all(m.startswith(f"referee/games/{m.split('/')[2]}/") for m in mutate.MODULES)


def test_a_row_proves_the_survivors_of_the_game_whose_mark_is_above_it(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "mutation.md"
    doc.write_text("\n".join([
        "The marks look like `<!-- mutate:game KEY -->` (quoted in a sentence: not a mark).",
        "| function | original | mutated | proof |",
        "|---|---|---|---|",
        "| `settle` | `a < b` | `a <= b` | argument: a is never equal to b, see the line before it |",
        "<!-- mutate:game doudizhu -->",
        "| `settle` | `x = 1` | `x = 2` | no proof |",
        "  <!-- mutate:game jinhua_mahjong -->  ",
        "| `pay` | `return n` | `return None` | test: `tests/test_mutate_tool.py::test_no_such_test` |",
    ]), encoding="utf-8")
    monkeypatch.setattr(mutate, "DOC", doc)
    rows = mutate.equivalents()
    assert [(r[0], r[1], r[2], r[3]) for r in rows] == [
        ("gunzi", "settle", "a < b", "a <= b"),  # before any mark: Gunzi's
        ("doudizhu", "settle", "x = 1", "x = 2"),
        ("jinhua_mahjong", "pay", "return n", "return None"),
    ]
    assert rows[0][5] == ""
    assert rows[1][5] == "no proof (write 'argument: …' or 'test: `tests/FILE.py::test_name` …')"
    assert rows[2][5] == "the test tests/test_mutate_tool.py::test_no_such_test does not exist"


def test_each_games_figures_have_their_place_in_the_document() -> None:
    text = mutate.DOC.read_text(encoding="utf-8")
    for game in mutate.GAMES:
        start, end = mutate.figures_markers(game)
        assert text.count(start) == 1 and text.count(end) == 1 and text.index(start) < text.index(end), game


def test_every_committed_proof_has_a_proof_of_a_valid_form() -> None:
    rows = mutate.equivalents()
    assert {r[0] for r in rows} <= set(mutate.GAMES)
    assert [r for r in rows if r[5]] == []
