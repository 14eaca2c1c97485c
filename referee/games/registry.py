"""The games, by the key a match header names: the one place that knows which games exist.

A game's module is imported only when a record of that game is read (``importlib``, not an import at the
top), so a Gunzi command loads no other game. A record names its game on its header line
(``match id=… game=doudizhu``); a record without ``game=`` is Gunzi's, as every record before the key
existed. :func:`game_of_text` finds the key without parsing the record, so that the right reader parses it.
"""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING, cast

from referee.core.errors import UsageError
from referee.core.i18n import M, Msg, join, listed, tr
from referee.games.kit.notation import UnclosedQuote, numbered_first, strip_comment, words

if TYPE_CHECKING:
    from referee.games.api import Game

DEFAULT = "gunzi"
PEEK_MOST = 1024 * 1024  # bytes of a rule file read to find its game (the loaders refuse larger files)
# key -> the module holding its ``GAME`` object (each satisfies referee.games.api.Game)
GAMES: dict[str, str] = {
    "gunzi": "referee.games.gunzi.game",
    "hubei-dagun": "referee.games.hubei_dagun.game",
    "doudizhu": "referee.games.doudizhu.game",
    "jinhua-mahjong": "referee.games.jinhua_mahjong.game",
}
# key -> the game's name, in the registry's order: what the first screens (`referee --help`, `referee new --game`,
# the web's front page) list, with no game module imported. Each is the same message as its module's ``title``.
TITLES: dict[str, Msg] = {
    "gunzi": M("Dalian Gunzi"),
    "hubei-dagun": M("Hubei 打滚"),
    "doudizhu": M("Dou Dizhu"),
    "jinhua-mahjong": M("Jinhua mahjong"),
}
CHINESE = "zh_CN"  # the language of the games' own names, shown beside a name in any other language
_LOADED: dict[str, Game] = {}
GAME_KEY = "game"
_HEADER = re.compile(r"\s*(match|比赛|比賽)(\s|$)", re.IGNORECASE)  # the header's keyword in the readers' words


class UnknownGame(UsageError):
    """A header (or an option) naming a game this version does not know: ``UnknownGame(M(...))``."""


def register(key: str, module: str, name: Msg) -> None:
    """Game *key* (the ``GAME`` object of *module*, named *name*) becomes one this process officiates, as the
    bundled ones are: a game written outside ``referee/games/`` (the test suite's toy game) needs no product file
    to name it. Registering a key again replaces it."""
    GAMES[key] = module
    TITLES[key] = name
    _LOADED.pop(key, None)


def unregister(key: str) -> None:
    """Game *key* leaves this process's registry (what :func:`register` added)."""
    GAMES.pop(key, None)
    TITLES.pop(key, None)
    _LOADED.pop(key, None)


def keys() -> list[str]:
    return list(GAMES)


def title(key: str, lang: str) -> str:
    """Game *key*'s name in *lang*; in a language other than Chinese, with its Chinese name beside it (the name
    the players know it by): ``Dalian Gunzi (大连打滚子)``, ``大连打滚子``."""
    name = TITLES[key]
    return tr(lang, "{name} ({chinese})", name=name, chinese=name.text(CHINESE))


def named(lang: str) -> str:
    """Every game this version officiates by its name (:func:`title`), listed as *lang* lists."""
    return join(lang, [title(key, lang) for key in GAMES])


def keyed(lang: str) -> str:
    """Every game's key with its name, what ``--game`` takes: ``gunzi (Dalian Gunzi, 大连打滚子), …``."""
    return join(lang, [tr(lang, "{key} ({name}, {chinese})", key=key, name=TITLES[key],
                          chinese=TITLES[key].text(CHINESE)) for key in GAMES])


def written(key: str) -> bool:
    """Whether a match header (or an event's settings) writes game *key* down (``game=``): every game's but the one a
    header without ``game=`` is (:data:`DEFAULT`), so that the records and logs made before there were other games
    read as they did."""
    return key != DEFAULT


def game(key: str | None = None) -> Game:
    """The game *key* names (Gunzi for None or ""); :class:`UnknownGame` naming the known ones otherwise."""
    name = (key or DEFAULT).strip().lower()
    found = _LOADED.get(name)
    if found is not None:
        return found
    module = GAMES.get(name)
    if module is None:
        raise UnknownGame(M("game={game}: not a game this version officiates (games: {known})",
                            game=key, known=listed(GAMES)))
    found = _LOADED[name] = cast("Game", importlib.import_module(module).GAME)
    return found


def game_of_text(text: str) -> tuple[str, int]:
    """The game key a record's header line names (``game=…``), else :data:`DEFAULT`, and the header's line
    (0 without one). Only the first non-blank, non-comment line is looked at: the header is the record's
    first directive. The line is split as the readers split it (``games.kit.notation``), so that a quoted value
    that holds ``game=`` names no game."""
    for number, raw in numbered_first(text):
        line = strip_comment(raw).strip()
        if not line:
            continue
        if not _HEADER.match(line):
            return DEFAULT, 0
        try:
            found = words(line)[1:]
        except UnclosedQuote:  # the game's reader says what is wrong with the line
            found = line.split()[1:]
        return _named_game(found), number
    return DEFAULT, 0


def _named_game(words: list[str]) -> str:
    """The value of the first ``game=`` among a header's words (``game= x``, ``game = x`` too), else
    :data:`DEFAULT`."""
    for i, word in enumerate(words):
        key, eq, value = word.partition("=")
        if key.lower() != GAME_KEY:
            continue
        rest = words[i + 1:]
        if not eq:  # game =x, game = x
            if not rest or not rest[0].startswith("="):
                continue
            value, rest = rest[0][1:], rest[1:]
        if not value and rest:  # game= x
            value = rest[0]
        return value.strip().lower() or DEFAULT
    return DEFAULT


def game_of_rules(name: str, _seen: frozenset[str] = frozenset()) -> str:
    """The game a rule set is of (``referee rules NAME`` names no game): a bundled name's game; a rule
    file's top-level ``game = "…"`` key, else the game of its ``base``; else :data:`DEFAULT`. A file that
    cannot be read is left to the game's loader, which says what is wrong with it."""
    for key in GAMES:
        if name in game(key).rule_sets():
            return key
    if not name.endswith(".toml") or name in _seen:
        return DEFAULT
    import tomllib
    from pathlib import Path

    try:
        with Path(name).open("rb") as f:
            raw = f.read(PEEK_MOST + 1)
        if len(raw) > PEEK_MOST:
            return DEFAULT
        data = tomllib.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # unreadable, not UTF-8, not TOML, nested too deeply
        return DEFAULT
    named = data.get("game")
    if isinstance(named, str) and named.strip().lower() in GAMES:
        return named.strip().lower()
    base = data.get("base")
    if isinstance(base, str):
        if base.endswith(".toml"):
            base = str(Path(name).parent / base)
        return game_of_rules(base, _seen | {name})
    return DEFAULT
