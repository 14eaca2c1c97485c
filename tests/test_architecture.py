"""The layers of docs/architecture.md, checked on the code: no import circle, no arrow pointing up.

Every import of the package counts — at the top of a module, inside a function (a lazy import for start-up
time is still a dependency) and under ``TYPE_CHECKING`` — read with ``ast``, nothing imported. ``from PKG
import NAME`` is an arrow to the module ``PKG.NAME`` when there is one, else to ``PKG``; a module does not
depend on its package's ``__init__`` by being in it.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"

# Bottom to top: a layer may import the layers before it, never one after it. The command line and the web
# are two views at the top: the command line starts the web server (`referee serve`), the web never
# reaches into the command line. What is computed from the store's entries (replays, results, the game clock:
# referee/results/) is a layer of its own, over the store and under the views that show it and the use cases.
LAYERS = ("core", "games", "tournament", "store", "results", "views", "app", "cli", "web")
ALLOWED_ACROSS = {("cli", "web")}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """(module imported, line) for every import statement of the module, wherever it stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                out.append((sub if sub in known else source, node.lineno))
    return [(target, line) for target, line in out if target in known and target != name]


@functools.cache
def graph() -> nx.DiGraph:  # read once for the module's tests (they only read it)
    known = modules()
    g = nx.DiGraph()
    g.add_nodes_from(known)
    for name, path in known.items():
        for target, line in imports(name, path, known):
            g.add_edge(name, target, line=line)
    return g


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def test_the_package_is_read_whole():
    # The checks below cannot pass by reading nothing: every layer has modules, and imports are found.
    g = graph()
    assert {layer(m) for m in g.nodes} >= set(LAYERS)
    assert g.number_of_edges() > 200


def test_no_import_circle():
    circles = [sorted(c) for c in nx.strongly_connected_components(graph()) if len(c) > 1]
    assert circles == []


def test_no_arrow_points_up():
    g = graph()
    wrong = []
    for a, b, data in g.edges(data=True):
        la, lb = layer(a), layer(b)
        if la is None or lb is None or la == lb or (la, lb) in ALLOWED_ACROSS:
            continue
        if LAYERS.index(lb) > LAYERS.index(la):
            wrong.append(f"{a} (line {data['line']}) imports {b}: {la} may not use {lb}")
    assert wrong == []


def test_the_web_never_reaches_into_the_command_line():
    # Two views at the top: `referee serve` (cli) starts the web; the web takes what it needs from app and views.
    wrong = [f"{a} imports {b}" for a, b in graph().edges if layer(a) == "web" and layer(b) == "cli"]
    assert wrong == []


def game_package(module: str) -> str | None:
    """The game a module belongs to (``referee.games.gunzi.engine`` -> ``gunzi``); None for the shared modules of
    ``referee/games/`` (the interface, the registry, the kit), which every game may use."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] == "games" and (PACKAGE / "games" / parts[2]).is_dir():
        return parts[2] if (PACKAGE / "games" / parts[2] / "engine.py").exists() else None
    return None


def test_no_game_imports_another():
    g = graph()
    games = {game_package(m) for m in g.nodes} - {None}
    assert len(games) >= 4  # the check reads the four games, not nothing
    wrong = [f"{a} imports {b}" for a, b in g.edges
             if game_package(a) and game_package(b) and game_package(a) != game_package(b)]
    assert wrong == []


def test_every_module_is_in_a_layer():
    loose = [m for m in graph().nodes if m != "referee" and layer(m) is None]
    assert loose == []


def test_the_engines_are_pure():
    # A game's package (its notation, engine and results) reaches no store, tournament, app or view, and no
    # clock or file of its own: records in, results out (docs/architecture.md).
    g = graph()
    for module in g.nodes:
        if layer(module) == "games":
            assert {layer(t) for t in g.successors(module)} <= {"core", "games"}, module


@pytest.mark.parametrize(("importer", "imported"), [
    ("referee.core.i18n", "referee.games.gunzi.cards"),  # i18n knows no cards
    ("referee.store.files", "referee.store.store"),  # the lock needs only the store's errors
])
def test_arrows_that_were_circles_stay_gone(importer, imported):
    assert not graph().has_edge(importer, imported)


def test_outside_the_games_nothing_imports_a_game():
    # One seam (docs/architecture.md, "The game interface"): above referee/games/ a game is reached only through
    # the interface (referee.games.api), the registry and the kit, so each capability is every game's.
    g = graph()
    wrong = sorted(f"{a} (line {data['line']}) imports {b}" for a, b, data in g.edges(data=True)
                   if layer(a) != "games" and game_package(b) is not None)
    assert g.number_of_edges() > 200 and {game_package(m) for m in g.nodes} - {None}  # it reads the games
    assert wrong == []


KEYED = re.compile(r"""(==|!=)\s*["'](gunzi|doudizhu|hubei-dagun|jinhua-mahjong)["']|["'](gunzi|doudizhu|hubei-dagun|"""
                   r"""jinhua-mahjong)["']\s*(==|!=)|\b(require|not)_gunzi\b|_gunzi_only\b""")


def test_outside_the_games_no_code_asks_which_game_it_is():
    # `game.key == "gunzi"` sends one game down its own path; a capability of the interface asks every game.
    found = [f"{path.relative_to(PACKAGE.parent)}:{n}: {line.strip()}"
             for name, path in modules().items() if layer(name) != "games"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if KEYED.search(line)]
    assert KEYED.search('if game.key != "gunzi":') and KEYED.search("_gunzi_only(x)")  # the pattern finds them
    assert found == []


DEFAULTED = re.compile(r"""(==|!=|\bis\b(\s+not)?)\s*(registry\.)?DEFAULT(_GAME)?\b|\b(registry\.)?DEFAULT(_GAME)?\s*"""
                       r"""(==|!=)|\bis(\s+not)?\s+(registry\.)?game\((None)?\)""")


def test_outside_the_games_no_code_asks_whether_it_is_the_default_game():
    # `game.key == registry.DEFAULT` (or `is registry.game(None)`) is a key comparison in other words: it sent the
    # default game (Gunzi) down a write path of its own. Which game a header without game= is, the games say.
    found = [f"{path.relative_to(PACKAGE.parent)}:{n}: {line.strip()}"
             for name, path in modules().items() if layer(name) != "games"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if DEFAULTED.search(line)]
    planted = ["return game is None or game.key == registry.DEFAULT", "if key != DEFAULT_GAME:",
               "if game_of_match(store, match_id) is not registry.game(None):", "if DEFAULT == game.key:"]
    assert all(DEFAULTED.search(line) for line in planted)  # the pattern finds them
    assert not any(DEFAULTED.search(line) for line in ("if scoring.awards != DEFAULT_AWARDS:",
                                                        "game = registry.game(registry.DEFAULT)"))
    assert found == []


def store_reaches_past_persistence(edges: list[tuple[str, str]]) -> list[str]:
    """The arrows from the store to a tournament module or into a game's package: the store keeps entries, chains,
    logs and tokens; replaying them (a game's rules, the tournament's) is the use cases' (referee/results/)."""
    return sorted(f"{a} imports {b}" for a, b in edges
                  if layer(a) == "store" and (layer(b) == "tournament" or game_package(b) is not None))


def test_the_store_is_persistence_only():
    g = graph()
    planted = [("referee.store.store", "referee.tournament.state"),
               ("referee.store.memo", "referee.games.gunzi.engine"),
               ("referee.store.store", "referee.games.api"),  # the interface is every layer's
               ("referee.results.replaying", "referee.games.gunzi")]
    # the check finds a store module reaching the tournament or a game's package, and only those
    assert store_reaches_past_persistence(planted) == ["referee.store.memo imports referee.games.gunzi.engine",
                                                       "referee.store.store imports referee.tournament.state"]
    assert any(layer(m) == "store" for m in g.nodes) and any(layer(m) == "tournament" for m in g.nodes)
    assert store_reaches_past_persistence(list(g.edges)) == []
