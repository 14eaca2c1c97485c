"""One event model above the results layer: whether an event is of pairs or of individual players is asked in one
place (``referee.app.eventkind``) and everything above indexes by its answer, so a new kind or a kind's change is
made in one table rather than in a branch per command. Read with ``ast``, nothing imported."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
THE_ONE_PLACE = PACKAGE / "app" / "eventkind.py"
ABOVE = ("views", "app", "cli", "web")  # the layers over the results: the kind is theirs to ask of eventkind


def kind_checks(source: str) -> list[tuple[int, str]]:
    """(line, what) for each way of asking an event's kind: the settings' ``.individual``, a function or name
    ``is_individual``, a game's sides compared with its seats."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in ("individual", "is_individual"):
            found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Name) and node.id == "is_individual":
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.FunctionDef) and node.name == "is_individual":
            found.append((node.lineno, f"def {node.name}"))
        elif isinstance(node, ast.Compare):
            names = {n.attr for n in (node.left, *node.comparators) if isinstance(n, ast.Attribute)}
            if {"sides", "seats"} <= names:
                found.append((node.lineno, "sides == seats"))
    return found


@pytest.mark.parametrize("source, expected", [
    ("if state.settings.individual:\n    pass\n", [(1, ".individual")]),
    ("x = individualevent.is_individual(store, e)\n", [(1, ".is_individual")]),
    ("def is_individual(store, e):\n    return False\n", [(1, "def is_individual")]),
    ("keys = [k for k in ks if registry.game(k).sides == registry.game(k).seats]\n", [(1, "sides == seats")]),
    ("from referee.app.individual import add_players\nkind = kind_of(store, e)\n", []),
])
def test_each_way_of_asking_the_kind_is_found(source: str, expected: list[tuple[int, str]]) -> None:
    """The check below finds what it is to refuse (and not an import of ``app.individual``): else it passes for
    nothing."""
    assert kind_checks(source) == expected


def test_only_the_event_kind_module_asks_an_events_kind() -> None:
    """Above the results, the command line, the web, the use cases and the views ask ``app.eventkind`` and index by
    its answer; a check of the kind anywhere else is a second code path. (A view may still compare a game's sides
    with its seats for the game's own words, e.g. the ruling sheet's signatures: that is the game, not the event.)"""
    found = []
    for layer in ABOVE:
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            if path == THE_ONE_PLACE:
                continue
            found += [f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
                      for line, what in kind_checks(path.read_text(encoding="utf-8"))
                      if layer != "views" or what != "sides == seats"]
    assert found == []


def test_the_one_place_does_ask() -> None:
    """The module said to decide does decide (else the check above would hold with the kind decided nowhere)."""
    assert kind_checks(THE_ONE_PLACE.read_text(encoding="utf-8"))


def test_a_games_events_are_of_pairs_only_at_a_game_of_partnerships() -> None:
    """Gunzi is played by two partnerships (EW and NS, docs/gunzi-rules.md): its events are of pairs; Dou Dizhu,
    Hubei 打滚 and Jinhua mahjong score each player for themself: theirs are of individual players."""
    from referee.app.eventkind import PAIRS, PLAYERS, kind_of_game, players_games
    from referee.games import registry

    assert kind_of_game(registry.game("gunzi")) is PAIRS
    assert kind_of_game(None) is PAIRS  # `event new` without --game: the default game's pairs
    for key in ("doudizhu", "hubei-dagun", "jinhua-mahjong"):
        assert kind_of_game(registry.game(key)) is PLAYERS, key
    assert "gunzi" not in players_games()


def test_an_event_not_in_the_store_is_taken_as_one_of_pairs(tmp_path: Path) -> None:
    """So that the command asked names the missing event in its own words (``event add X …`` says X is unknown,
    not that it is of the wrong kind)."""
    from referee.app.eventkind import PAIRS, kind_of
    from referee.store.api import open_store

    assert kind_of(open_store(tmp_path / "store"), "NOPE") is PAIRS


def test_each_kind_has_a_handler_answering_the_same_calls() -> None:
    """The command line's table has a module for every kind, and the two modules take the same arguments for each
    command: ``event.py`` calls one signature whatever the kind."""
    import inspect

    from referee.app.eventkind import KINDS
    from referee.cli.commands import event, individualevent, pairevent

    handlers = {k: event._for(k) for k in KINDS}
    assert set(handlers.values()) == {pairevent, individualevent}
    calls = ("new", "add", "import_", "withdrawn", "edit", "removed", "pair", "status", "close", "result", "standings",
             "prizes", "sheet", "report", "export", "pages")
    for name in calls:
        a, b = (inspect.signature(getattr(m, name)) for m in (pairevent, individualevent))
        assert list(a.parameters) == list(b.parameters), name
