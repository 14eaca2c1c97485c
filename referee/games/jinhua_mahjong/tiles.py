"""The 34 kinds of tile and their notation (docs/jinhua-mahjong-record-format.md §Tiles).

A tile is an ``int`` 0..33: 0-8 the characters 一万..九万 (``1m``..``9m``), 9-17 the dots 一筒..九筒
(``1p``..``9p``), 18-26 the bamboos 一条..九条 (``1s``..``9s``), 27-30 the winds 东南西北 (``E S W N``),
31-33 the dragons 中 发 白 (``C F P``: 红中, 发财, 白板). The reader takes the codes in any case, run
together by suit (``123m``), and the Chinese names (``三万``, ``东``, ``白板``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

Tile = int
SUITS = "mps"
HONOURS = "ESWNCFP"
KINDS = 34
WHITE = 33  # 白板: stands for the 财神 tile (docs §2.2)
SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}
HONOUR_ZH = {"E": "东", "S": "南", "W": "西", "N": "北", "C": "中", "F": "发", "P": "白"}
DIGIT_ZH = "一二三四五六七八九"
ALL: tuple[Tile, ...] = tuple(range(KINDS))


def code(t: Tile) -> str:
    """The canonical notation of a tile: ``3m``, ``E``, ``P``."""
    if t < 27:
        return f"{t % 9 + 1}{SUITS[t // 9]}"
    return HONOURS[t - 27]


def chinese(t: Tile) -> str:
    if t < 27:
        return DIGIT_ZH[t % 9] + SUIT_ZH[SUITS[t // 9]]
    return HONOUR_ZH[HONOURS[t - 27]]


def is_honour(t: Tile) -> bool:
    return t >= 27


def suit_of(t: Tile) -> int | None:
    """0, 1, 2 for 万, 筒, 条; None for an honour."""
    return None if t >= 27 else t // 9


def rank_of(t: Tile) -> int:
    """1..9 of a suited tile."""
    return t % 9 + 1


_NAMES: dict[str, Tile] = {}
for _t in ALL:
    _NAMES[code(_t).lower()] = _t
    _NAMES[chinese(_t)] = _t
for _zh, _t in (("東", 27), ("紅中", 31), ("红中", 31), ("發", 32), ("发财", 32), ("發財", 32), ("白板", 33)):
    _NAMES[_zh] = _t
for _t in range(27):  # 一條, 一萬, 一索, 一饼 …
    for _alt, _suit in (("萬", "m"), ("餅", "p"), ("饼", "p"), ("條", "s"), ("索", "s")):
        if SUITS[_t // 9] == _suit:
            _NAMES[DIGIT_ZH[_t % 9] + _alt] = _t
_RUN = re.compile(r"([1-9]+)([mps])", re.IGNORECASE)


def parse_tile(token: str) -> Tile | None:
    return _NAMES.get(token.strip().lower()) if token.isascii() else _NAMES.get(token.strip())


def parse_tiles(tokens: list[str]) -> tuple[list[Tile], list[str]]:
    """The tiles of *tokens* (``1m 2m``, ``123m``, ``EE``, ``三万``) and the tokens that are not tiles."""
    out: list[Tile] = []
    bad: list[str] = []
    names = _NAMES
    for token in tokens:
        one = names.get(token.strip().lower()) if token.isascii() else names.get(token.strip())  # parse_tile's
        if one is not None:
            out.append(one)
            continue
        if token.isascii():
            rest = token
            found: list[Tile] = []
            while rest:
                m = _RUN.match(rest)
                if m:
                    found += [_NAMES[d + m.group(2).lower()] for d in m.group(1)]
                    rest = rest[m.end():]
                elif rest[0].upper() in HONOURS:
                    found.append(_NAMES[rest[0].lower()])
                    rest = rest[1:]
                else:
                    break
            if not rest:
                out += found
                continue
        bad.append(token)
    return out, bad


def write_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles as a record writes them: their codes, in the order given."""
    return " ".join(code(t) for t in tiles)
