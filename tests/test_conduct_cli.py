"""Warnings and rulings (``warn SEAT TEXT``, ``ruling winner=SIDE TEXT``) recorded at the command line into a Dou
Dizhu and a Jinhua mahjong match, and shown by ``referee status``: every game's record holds them as Gunzi's does
(docs/doudizhu-rules.md §9, docs/jinhua-mahjong-rules.md §12: kept, shown, no score changed)."""

from __future__ import annotations

from pathlib import Path

from helpers import referee_process as referee


def _new(db: Path, match: str, game: str, players: list[str]) -> None:
    args: list[str] = ["new", match, "--game", game, "--db", db]
    for p in players:
        args += ["--player", p]
    p = referee(*args)
    assert p.returncode == 0, p.stderr


def test_doudizhu_warn_and_ruling_in_status(tmp_path: Path) -> None:
    """The header and the three seats are #1–#4, so the deal is #5, the warning #6 and the ruling #7; the warning is
    against 李四 (seat 2, named by the player), the ruling in favour of seat 1 (张三); no deal is settled, so every
    total stays 0."""
    db = tmp_path / "st"
    _new(db, "D1", "doudizhu", ["张三", "李四", "王五"])
    assert referee("record", "D1", "deal", "--db", db).returncode == 0
    w = referee("record", "D1", "warn", "李四", "talked", "about", "the", "cards", "--db", db)
    assert w.returncode == 0, w.stderr
    first = w.stdout.splitlines()[0]
    assert first.startswith("stored #6 in D1 (by ") and first.endswith("): warn 2 talked about the cards")
    r = referee("record", "D1", "ruling", "winner=1", "seat 1 keeps the deal", "--db", db)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0].endswith("): ruling winner=1 seat 1 keeps the deal")
    s = referee("status", "D1", "--db", db)
    assert s.returncode == 0, s.stderr
    lines = s.stdout.splitlines()
    assert "warning #6: 2 (李四): talked about the cards" in lines
    assert "ruling #7 in favour of 1 (张三): seat 1 keeps the deal" in lines
    assert "warnings: 2 (李四) ×1" in lines
    assert "total: 张三 0, 李四 0, 王五 0" in lines
    zh = referee("status", "D1", "--db", db, "--lang", "zh")
    assert "警告 #6：2 (李四)：talked about the cards" in zh.stdout.splitlines()
    assert "裁定 #7，判 1 (张三) 胜：seat 1 keeps the deal" in zh.stdout.splitlines()


def test_doudizhu_conduct_errors(tmp_path: Path) -> None:
    """A seat Dou Dizhu has not (seat 4), a side that is no seat, a warning without its reason: refused, naming what
    is wrong; nothing stored."""
    db = tmp_path / "st"
    _new(db, "D2", "doudizhu", ["张三", "李四", "王五"])
    # a directive typed that cannot be read is bad input (exit 2), said naming the argument, as at every game
    p = referee("record", "D2", "warn", "4", "late", "--db", db)
    assert p.returncode == 2
    assert p.stderr.strip() == ("error: cannot read the DIRECTIVE argument 'warn 4 late': '4' is not a seat (1, 2, 3 "
                                "or a player's name: 张三, 李四, 王五)")
    p = referee("record", "D2", "ruling", "winner=9", "x", "--db", db)
    assert p.returncode == 2
    assert p.stderr.strip() == "error: cannot read the DIRECTIVE argument 'ruling winner=9 x': ruling: winner=9 is " \
                               "not a side (1, 2, 3)"
    p = referee("record", "D2", "warn", "1", "--db", db)
    assert p.returncode == 2
    assert p.stderr.strip() == "error: cannot read the DIRECTIVE argument 'warn 1': 'warn' is written: warn SEAT TEXT"
    assert referee("status", "D2", "--db", db).stdout.splitlines()[0].startswith("match D2 (Dou Dizhu): 4 entries")


def test_mahjong_warn_and_ruling_in_status(tmp_path: Path) -> None:
    """Header and four seats are #1–#5: the deal #6, the warning (南, Chinese seat word) #7, the ruling for E #8;
    nothing paid, so each total is 0. An undo takes the ruling back and status no longer shows it."""
    db = tmp_path / "st"
    _new(db, "M1", "jinhua-mahjong", ["张三", "李四", "王五", "赵六"])
    assert referee("record", "M1", "deal", "--db", db).returncode == 0
    w = referee("record", "M1", "警告", "南", "slow play", "--db", db)
    assert w.returncode == 0, w.stderr
    assert w.stdout.splitlines()[0].endswith("warn S slow play")
    r = referee("record", "M1", "ruling", "winner=E", "the wall was miscounted", "--db", db)
    assert r.returncode == 0, r.stderr
    s = referee("status", "M1", "--db", db)
    lines = s.stdout.splitlines()
    assert "warning #7: S 李四: slow play" in lines
    assert "ruling #8 in favour of E 张三: the wall was miscounted" in lines
    assert "warnings: S 李四 ×1" in lines
    assert next(x for x in lines if x.startswith("total")).split()[1:] == ["0", "0", "0", "0"]
    u = referee("undo", "M1", "--db", db)
    assert u.returncode == 0, u.stderr
    lines = referee("status", "M1", "--db", db).stdout.splitlines()
    assert "ruling #8 in favour of E 张三: the wall was miscounted" not in lines
    assert "warning #7: S 李四: slow play" in lines
    p = referee("record", "M1", "ruling", "winner=EW", "x", "--db", db)
    assert p.returncode == 2
    assert p.stderr.strip() == "error: cannot read the DIRECTIVE argument 'ruling winner=EW x': ruling: winner=EW is " \
                               "not a side (E, S, W, N)"


def test_log_picks_a_deal_of_another_game(tmp_path: Path) -> None:
    """``referee log --hand N`` of a Dou Dizhu match: deal N's entries (the warning and the ruling recorded during deal
    1 among them), as Gunzi's picks a hand; ``--game`` (Gunzi's games of hands) is refused naming --hand."""
    db = tmp_path / "st"
    _new(db, "D3", "doudizhu", ["张三", "李四", "王五"])
    for line in (["deal"], ["warn", "3", "late"], ["deal"], ["ruling", "winner=2", "misdeal"]):  # #5 … #8
        assert referee("record", "D3", *line, "--db", db).returncode == 0
    p = referee("log", "D3", "--hand", "1", "--db", db)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[2] == "deal 1"
    assert [line.split()[0] for line in lines[3:]] == ["5", "6"]
    assert lines[4].endswith("event  warn 3 late")
    two = referee("log", "D3", "--hand", "2", "--db", db).stdout.splitlines()
    assert two[2] == "deal 2" and [line.split()[0] for line in two[3:]] == ["7", "8"]
    g = referee("log", "D3", "--game", "1", "--db", db)
    assert g.returncode == 2
    assert g.stderr.strip() == ("error: --game N picks the hands of a match's game N; a Dou Dizhu match is not "
                                "played in games: pick a deal with --hand N")
    zh = referee("log", "D3", "--game", "1", "--db", db, "--lang", "zh")
    assert zh.returncode == 2
    assert zh.stderr.strip() == "错误：--game N 选择比赛第 N 局的各副；斗地主的比赛不分局：用 --hand N 选择一副"
