"""``replay --json`` prints one envelope for every game (docs/engine-contract.md, "The JSON envelope"): the
header and the players in ``match``, a row a deal (Gunzi's hands), ``result`` and ``errors`` — so a reader of
the JSON finds them in one place whatever the game. Checked on each game's example evening through the CLI as a
process, and on a record with an error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from referee.games.registry import GAMES, game_of_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
# what each example's header and seat lines say (read by hand from examples/*)
HEADERS = {
    "spring-cup.gunzi": ({"id": "SC26-R1-T3", "date": "2026-11-29", "event": "Spring Cup", "table": "3",
                          "round": "1", "referee": "刘振东", "rules": "dalian-club"},
                         {"E": "张建国", "S": "李秀英", "W": "王志强", "N": "赵丽华"}),
    "club-night.doudizhu": ({"id": "DDZ-N1-T2", "game": "doudizhu", "date": "2026-12-01", "event": "Club night",
                             "table": "2", "rules": "doudizhu-classic"}, {"1": "张三", "2": "李四", "3": "王五"}),
    "hubei-evening.dagun": ({"id": "HB-2026-12-01-T1", "game": "hubei-dagun", "date": "2026-12-01",
                             "rules": "hubei-dagun"}, {"E": "张伟", "S": "李娜", "W": "王强", "N": "刘洋"}),
    "jinhua-evening.mahjong": ({"id": "JH-2026-12-01-T1", "game": "jinhua-mahjong", "date": "2026-12-01",
                                "event": "Club evening", "rules": "jinhua-mahjong"},
                               {"E": "张三", "S": "李四", "W": "王五", "N": "赵六"}),
}


def replay_json(path: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(path), "--json"], capture_output=True,
                          text=True, env=env, check=False)
    assert done.stdout, done.stderr
    data = json.loads(done.stdout)
    assert isinstance(data, dict)
    return data


def test_every_game_s_json_has_the_one_envelope() -> None:
    seen = set()
    for name, (header, seats) in HEADERS.items():
        path = EXAMPLES / name
        seen.add(game_of_text(path.read_text(encoding="utf-8"))[0])
        data = replay_json(path)
        keys = list(data)
        assert keys[0] == "match" and keys[1] in ("hands", "deals"), (name, keys)
        assert "result" in keys and "errors" in keys and keys.index("result") < keys.index("errors"), (name, keys)
        match = data["match"]
        assert isinstance(match, dict)
        assert {k: v for k, v in match.items() if k not in ("teams", "seats")} == header, name
        assert match["seats"] == seats, name
        assert list(match)[-1] == "seats"  # the players close the header (Gunzi's teams just before them)
        rows = data[keys[1]]
        assert isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows), name
        assert isinstance(data["result"], dict) and data["errors"] == [], name
    assert seen == set(GAMES)  # an example of every registered game


def test_errors_are_the_same_rows_in_every_game(tmp_path: Path) -> None:
    # a directive the reader does not know, on line 2 of each game's record: one error row with its line and
    # its message in both languages, whatever the game
    heads = {"gunzi": "match id=G1\n", "doudizhu": "match id=D1 game=doudizhu\n",
             "hubei-dagun": "match id=H1 game=hubei-dagun\n", "jinhua-mahjong": "match id=J1 game=jinhua-mahjong\n"}
    assert set(heads) == set(GAMES)
    for key, head in heads.items():
        path = tmp_path / f"{key}.txt"
        path.write_text(head + "frobnicate 3\n", encoding="utf-8")
        data = replay_json(path)
        errors = data["errors"]
        assert isinstance(errors, list) and errors, key
        first = errors[0]
        assert set(first) == {"line", "message", "message_zh"} and first["line"] == 2, (key, first)
        assert "frobnicate" in first["message"] and "frobnicate" in first["message_zh"], (key, first)
        assert data["match"]["id"] == head.split()[1][3:], key  # type: ignore[index]
