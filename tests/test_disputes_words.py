"""A dispute's texts in each game's own words (issue 30): a deal as the game calls it, a side that is a seat with
its player as the settlement's steps name one, Chinese parentheses full-width in a Chinese text.

Worked from the messages, not from the program's output:

- a deal: ``Game.deal_named`` — the kit's deal title ``deal {n}`` / ``第{n}局`` (the catalogue's Chinese of
  "deal {n}"); Gunzi's ``hand {n}`` / ``第 {n} 副`` (the catalogue's Chinese of "hand {n}", the phone's, spaced as
  Gunzi's dispute sentences space the number), so that Gunzi's texts stay as they were;
- a seat: ``seat {seat} ({name})`` / ``座位 {seat}（{name}）`` where the seat is a number (Dou Dizhu's 1 2 3: the
  steps say ``seat 2 (李四)``), else ``{seat:seat} ({name})`` / ``{seat:seat}（{name}）`` (Gunzi's table's message:
  ``N (刘洋)`` / ``北（刘洋）``); a partnership is its word alone (``EW`` / ``东西``), as before;
- the players as the record seats them: the Dou Dizhu example's ``seat 1 张三``, ``seat 2 李四``, ``seat 3 王五``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from referee.app import disputes
from referee.games.api import GameTable, total_facts
from referee.games.registry import game
from referee.store.api import MatchStore
from referee.views.disputetext import Sides, summary_line

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DDZ = "DDZ-N1-T2"


def test_a_deal_is_named_by_its_game() -> None:
    gunzi = game("gunzi")
    assert [gunzi.deal_named(3).text(lang) for lang in ("en", "zh_CN", "zh_TW")] == ["hand 3", "第 3 副", "第 3 副"]
    for key in ("doudizhu", "hubei-dagun", "jinhua-mahjong"):
        named = game(key).deal_named(4)
        assert [named.text(lang) for lang in ("en", "zh_CN", "zh_TW")] == ["deal 4", "第4局", "第4局"], key


def test_a_side_that_is_a_seat_is_named_with_its_player() -> None:
    ddz = Sides(game("doudizhu"), {"2": "李四"})
    assert (ddz.side("2").text("en"), ddz.side("2").text("zh_CN")) == ("seat 2 (李四)", "座位 2（李四）")
    assert (ddz.side("3").text("en"), ddz.side("3").text("zh_CN")) == ("seat 3", "座位 3")  # no player named
    hubei = Sides(game("hubei-dagun"), {"N": "刘洋"})
    assert (hubei.side("N").text("en"), hubei.side("N").text("zh_CN")) == ("N (刘洋)", "北（刘洋）")
    assert (hubei.side("E").text("en"), hubei.side("E").text("zh_CN")) == ("E", "东")
    gunzi = Sides(game("gunzi"), {"EW": "海之韵"})  # a partnership: its word, as before, never its team's name
    assert (gunzi.side("EW").text("en"), gunzi.side("EW").text("zh_CN")) == ("EW", "东西")


def test_a_player_s_total_is_labelled_with_full_width_parentheses_in_chinese() -> None:
    table = GameTable(("deal", "张三"), (("1", "+6"),), ("张三",), ((6,),), (6,), "得分")
    (fact,) = total_facts(table)
    assert (fact.label.text("en"), fact.label.text("zh_CN"), fact.cell) == ("张三 (得分)", "张三（得分）", "6")


def _ddz(store: MatchStore) -> None:
    reading = game("doudizhu").read((EXAMPLES / "club-night.doudizhu").read_text(encoding="utf-8"))
    assert not reading.errors
    store.create(list(reading.events), "ann")


def test_a_dou_dizhu_dispute_names_the_deal_and_the_seat_as_the_steps_do(store: MatchStore) -> None:
    _ddz(store)
    d = disputes.raise_dispute(store, DDZ, hand=4, by="2", claim="the spring was not", referee="ann")
    words = disputes.sides(store, DDZ)
    assert dict(words.players) == {"1": "张三", "2": "李四", "3": "王五"}  # the record's seat lines
    # "dispute {number} of {match}: {deal}, {team} claims “{claim}” — {state}", state "open" / 未裁定
    assert summary_line(DDZ, d, "en", words) == (
        f"dispute 1 of {DDZ}: deal 4, seat 2 (李四) claims “the spring was not” — open")
    assert summary_line(DDZ, d, "zh_CN", words) == (
        f"{DDZ} 的争议 1：第4局，座位 2（李四）主张“the spring was not”——未裁定")
    # a round's close names it the same way: "{match} dispute {number} ({deal}, {team}, {state})"
    assert disputes.open_msg(DDZ, d, words).text("en") == f"{DDZ} dispute 1 (deal 4, seat 2 (李四), open)"
    assert disputes.open_msg(DDZ, d, words).text("zh_CN") == f"{DDZ} 争议 1（第4局，座位 2（李四），未裁定）"


def test_the_command_line_confirms_a_deal_with_its_captain_in_full_width_parentheses(tmp_path: Path) -> None:
    env = {**os.environ, "REFEREE_DB": str(tmp_path / "store"), "REFEREE_NAME": "王裁判", "REFEREE_LANG": "en"}
    env.pop("REFEREE_CONFIG", None)

    def run(*args: object) -> str:
        done = subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                              env=env, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    run("import", EXAMPLES / "club-night.doudizhu")
    # "stored #{seq} in {match}: {deal} confirmed by {team} ({captain})" / "…：{deal}由 {team}（{captain}）确认"
    zh = run("confirm", DDZ, "--hand", 4, "--by", 2, "--captain", "李四", "--lang", "zh")
    assert zh.split("：", 1)[1].startswith("第4局由 座位 2（李四）（李四）确认"), zh
    en = run("confirm", DDZ, "--hand", 3, "--by", 1)
    assert en.split(": ", 1)[1].startswith("deal 3 confirmed by seat 1 (张三)\n"), en
