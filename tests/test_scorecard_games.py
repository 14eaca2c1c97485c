"""``referee scorecard`` for a match of Dou Dizhu, Hubei 打滚 and Jinhua mahjong: the real CLI as a subprocess on the
bundled examples and on a stored match, each PDF read back with pypdf (the text a person reads), in both languages.
The numbers are worked by hand in tests/test_game_tables.py (the same table) and the examples' comments."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf")

from referee.games.registry import GAMES, game  # noqa: E402
from referee.store.api import open_store  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def scorecard(tmp: Path, *args: str, db: Path | None = None) -> tuple[str, subprocess.CompletedProcess[str]]:
    """The PDF's text, and the process (exit 0 wanted, never a traceback)."""
    out = tmp / "card.pdf"
    env = {**os.environ, "REFEREE_LANG": "en", "REFEREE_DB": str(db or tmp / "none")}
    p = subprocess.run([sys.executable, "-m", "referee.cli", "scorecard", *args, "-o", str(out)], capture_output=True,
                       text=True, encoding="utf-8", env=env, timeout=60)
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    reader = pypdf.PdfReader(str(out))
    return "\n".join(page.extract_text() for page in reader.pages), p


def test_a_dou_dizhu_scorecard_in_english_and_chinese(tmp_path: Path) -> None:
    text, p = scorecard(tmp_path, str(EXAMPLES / "club-night.doudizhu"), "--lang", "en")
    assert "wrote" in p.stdout + p.stderr
    assert "Dou Dizhu scorecard DDZ-N1-T2" in text and "Club night" in text and "doudizhu-classic" in text
    for head in ("landlord", "bid", "multiplier", "winner", "Totals (points)", "Running totals, deal by deal"):
        assert head in text
    # The totals (club-night.doudizhu, worked in test_game_tables): 张三 +10, 李四 +4, 王五 -14; the chart's legend
    # says each with its total.
    assert "张三 +10" in text and "李四 +4" in text and "王五 -14" in text
    # Deal 1: 李四 bids 3, a bomb doubles: 李四 +12, each farmer -6.
    assert "+12 (+12)" in text and "bomb ×1" in text
    assert "page 1 of 1" in text and "Signatures" in text
    zh, _ = scorecard(tmp_path, str(EXAMPLES / "club-night.doudizhu"), "--lang", "zh")
    assert "斗地主记分卡 DDZ-N1-T2" in zh
    for word in ("地主", "叫分", "倍数", "胜方", "总分", "逐局累计", "炸弹×1", "春天、明牌", "签字",
                 "第 1 页，共 1 页"):
        assert word in zh, word


def test_a_hubei_dagun_and_a_mahjong_scorecard(tmp_path: Path) -> None:
    text, _ = scorecard(tmp_path, str(EXAMPLES / "hubei-evening.dagun"), "--lang", "en")
    # the example's last comment: totals E -2 S +10 W -2 N -6; deal 2 绑 of 2 番
    assert "Hubei 打滚 scorecard HB-2026-12-01-T1" in text and "Totals (coins)" in text
    assert "S 李娜 +10" in text and "N 刘洋 -6" in text and "绑 SN" in text and "S 天炸" in text
    text, _ = scorecard(tmp_path, str(EXAMPLES / "jinhua-evening.mahjong"), "--lang", "zh")
    # 1: W on S's discard, 碰碰胡 清一色 ×4: W +16, S -8; totals E -8 S -12 W +8 N +12
    assert "金华麻将" in text and "碰碰胡 清一色" in text and "+16 (+16)" in text
    assert "东 张三 -8" in text and "北 赵六 +12" in text


def test_a_stored_match_prints_its_chain_head_on_every_page(tmp_path: Path) -> None:
    db = tmp_path / "store"
    store = open_store(db)
    reading = game("doudizhu").read((EXAMPLES / "club-night.doudizhu").read_text(encoding="utf-8"))
    match_id = store.create(list(reading.events), "ann")
    short, entries = store.head(match_id)
    text, _ = scorecard(tmp_path, match_id, "--lang", "en", db=db)
    assert f"record head {short} · {entries} entries" in text
    assert "ann" in text  # the referee: who recorded the entries (the header names none)


def test_gunzi_keeps_its_own_scorecard(tmp_path: Path) -> None:
    text, _ = scorecard(tmp_path, str(EXAMPLES / "spring-cup.gunzi"), "--lang", "en")
    assert "Dalian Gunzi scorecard" in text and "Levels, hand by hand" in text and "Running totals" not in text


def test_a_game_match_whose_rules_cannot_be_used_is_one_line(tmp_path: Path) -> None:
    record = tmp_path / "bad.doudizhu"
    record.write_text((EXAMPLES / "club-night.doudizhu").read_text(encoding="utf-8")
                      .replace("rules=doudizhu-classic", "rules=no-such-rules"), encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "referee.cli", "scorecard", str(record), "-o", str(tmp_path / "x.pdf")],
                       capture_output=True, text=True, encoding="utf-8", env={**os.environ, "REFEREE_LANG": "en"},
                       timeout=60)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr.startswith(f"error: {record}: ") and "no-such-rules" in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_prints_its_corrections_in_one_section(tmp_path: Path, key: str) -> None:
    """The audit trail is one piece of every game's scorecard: an amend and an undo of a stored match, each with its
    kind, who made it, why, and what it put in place or took back; the one section of warnings, rulings and
    corrections says "none" only when there is none (each game's bundled example, imported)."""
    from eventplay import Cli

    from referee.games.registry import game_of_text

    example = next(p for p in sorted(EXAMPLES.iterdir()) if p.is_file()
                   and game_of_text(p.read_text(encoding="utf-8"))[0] == key)  # a game without one fails here
    cli = Cli(tmp_path / "store")
    cli.ok("import", example)
    store = open_store(tmp_path / "store")
    (match_id,) = [r["id"] for r in store.summaries()]
    untouched = cli.ok("scorecard", match_id, "-o", tmp_path / "plain.pdf", "--lang", "en")
    assert "wrote" in untouched.text
    plain = "".join(page.extract_text() for page in pypdf.PdfReader(str(tmp_path / "plain.pdf")).pages)
    assert plain.count("Warnings, rulings and corrections") == 1  # the section, with or without a note in it
    last = store.entries(match_id)[-1]  # the record's last directive, amended to itself, then taken back
    seq, directive = last["seq"], last["directive"]
    cli.ok("amend", match_id, seq, *directive.split(), "--reason", "typed again")
    cli.ok("undo", match_id, "--reason", "slip of the pen")
    cli.ok("scorecard", match_id, "-o", tmp_path / "card.pdf", "--lang", "en")
    text = "".join("".join(page.extract_text() for page in pypdf.PdfReader(str(tmp_path / "card.pdf")).pages)
                   .split())
    assert text.count("Warnings,rulingsandcorrections") == 1 and "none" not in text
    flat = "".join(directive.split())
    # a row: kind, (where, whom: a note's), referee, time, reason, what it did, seq
    assert "amend裁判长" in text and "typedagain" in text and f"#{seq}→{flat}{seq + 1}" in text
    assert "undo裁判长" in text and "slipofthepen" in text and f"#{seq}tookback:{flat}{seq + 2}" in text
