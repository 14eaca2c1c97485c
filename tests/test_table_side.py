"""The table side of officiating (issue 9's items): each test is named after its item (test_itemNN_…) and asserts what
docs/gunzi-rules.md says, with the numbers worked out by hand in the comments.

Engine tests replay record texts (tests/helpers.py); the store and command tests run the whole
``referee`` application on real stores in temporary folders.
"""

from __future__ import annotations

import pytest
from helpers import first_hand, record
from test_store_support import HAND1, Cli

from referee.games.gunzi import notation
from referee.store import Store

# item 1 (three small jokers under a held big joker, §6.3.3) is an engine rule: its tests are in
# tests/test_engine_three_small.py, with the engine tests the mutation run uses.

# --- the store and the commands --------------------------------------------------------------------------------------



CLI = Cli  # the `cli` fixture's class (tests/conftest.py)


def new_match(cli: Cli, match_id: str = "T3", *extra: str):
    r = cli("new", match_id, "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六", *extra)
    assert r.exit_code == 0, r.output
    return r


def record_all(cli: Cli, match_id: str, lines: list[str], *extra: str):
    r = None
    for line in lines:
        r = cli("record", match_id, *line.split(), *extra)
        assert r.exit_code == 0, f"{line}: {r.output}"
    return r


# --- item 6: after the four flips the declarer is known --------------------------------------------------------------

def test_item06_the_four_flips_name_the_declarer_at_once(cli):
    # §4.1.2 (dalian-club: the highest flip wins; 10 highest, then 9 … 2, A K Q J lowest): E 4C, S 9D, W 10S,
    # N KH → W's 10 wins: W declares, trump spades, at EW's level 3 (§4.1.3).
    new_match(cli)
    r = record_all(cli, "T3", ["hand", "flip E 4C", "flip S 9D", "flip W 10S"])
    assert r.output.splitlines()[-1] == "next: flip"  # three flips: not known yet
    r = cli("record", "T3", "flip", "N", "KH")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == "next: kitty (declarer W (王五), level 3, trump spades)"
    out = cli("status", "T3").output
    assert "Declarer: W (王五); level 3; trump spades" in out and "Next: kitty" in out
    zh = cli("status", "T3", "--lang", "zh").output
    assert "庄家：西（王五）；打3；主：黑桃" in zh


# --- item 7: points that cannot add up are refused at the entry that makes them impossible ---------------------------

def test_item07_points_beyond_300_refused_at_their_entry(cli):
    # E grabs, trump H; the declarer buries 5C 10C KC 4C 6C 7C: the kitty holds 5 + 10 + 10 = 25 points, so the
    # tricks hold 300 − 25 = 275 (§1.5, §7 checks).
    new_match(cli)
    record_all(cli, "T3", ["hand", "declare E BJ", "trump H", "kitty 4C 6C 7C 8C 9C JH", "bury 5C 10C KC 4C 6C 7C"])
    r = cli("record", "T3", "points", "280")  # 280 > 275
    assert r.exit_code == 1 and "at most 275" in r.output, r.output
    record_all(cli, "T3", ["points 200"])
    # declarers 80: 200 + 80 + 25 = 305 > 300, refused now, not at `last`
    r = cli("record", "T3", "declarer-points", "80")
    assert r.exit_code == 1, r.output
    assert "defenders 200 + declarers 80 + kitty 25 = 305, more than the 300 of the three decks (§1.5)" in r.output
    record_all(cli, "T3", ["declarer-points 75"])  # 200 + 75 + 25 = 300
    r = cli("record", "T3", "points", "5")  # 205 + 75 + 25 = 305
    assert r.exit_code == 1 and "= 305" in r.output, r.output
    r = record_all(cli, "T3", ["last decl"])
    assert "defenders' score 200" in r.output


# --- items 9 and 10: honest status; warnings that count towards a forfeit --------------------------------------------

# Hand 1 (game 1's first hand): E grabs, trump H; the kitty 4C 6D 9S KH 7C 3H is buried as 4C 6C 7C 8D 9D JS
# (no points, no jokers); defenders 35, kept: S = 35 < 120 → keep, EW 3 → 4 (§7.1); blood
# ceil((80 − 35) / 10) = 5 (§7.2.3); next declarer E's partner W (§7.4), paid by W's upper hand S (§1.2, §7.2.1).
HAND_35 = [*HAND1[:5], "points 35", "last decl"]


def test_item09_status_says_what_is_still_to_be_done(cli):
    new_match(cli)
    record_all(cli, "T3", [*HAND_35, "hand", "declare W 4H"])
    out = cli("status", "T3").output
    assert "Blood owed: 5, by S (李四) to W (王五)" in out
    record_all(cli, "T3", ["tribute S SJ 2C 2D AS AH"])
    out = cli("status", "T3").output
    assert "Blood owed" not in out, out
    assert "Blood: 5, paid by S (李四) to W (王五) (nothing more owed)" in out
    assert "Next: kitty" in out


def test_item09_a_finished_match_has_nothing_left_to_do(cli):
    # Hand 2: W declares, the paying side's S riots with three small jokers (§5.4): the 5 blood are waived.
    # Then NS are warned three times: the match is forfeited 2:0 to EW (§8.1, dalian-club games_to_win 2).
    new_match(cli)
    record_all(cli, "T3", [*HAND_35, "hand", "declare W 4H", "riot S SJ SJ SJ"])
    out = cli("status", "T3").output
    assert "Blood: 5, waived (riot; nothing owed)" in out, out
    record_all(cli, "T3", ["warn N talk", "warn S hint", "warn N talk again"])
    out = cli("status", "T3").output
    assert "Match finished: EW 2:0, forfeited by NS on the third warning (§8.1)" in out, out
    for stale in ("Blood owed", "Blood:", "not started", "Declarer:", "Next:", "Levels:"):
        assert stale not in out, (stale, out)
    assert "Warnings: NS 3" in out
    zh = cli("status", "T3", "--lang", "zh").output
    assert "比赛结束：东西 2:0，南北被第三次警告判负（§8.1）" in zh and "欠血" not in zh
    # what-if of the hand-1 points: the match as recorded is over, so no blood is owed "now" on either side
    r = cli("whatif", "T3", "11", "points", "30")
    assert r.exit_code == 0, r.output
    row = next(line for line in r.output.splitlines() if "blood owed now" in line)
    assert row.split()[-2:] == ["-", "-"], row


def test_item09_a_match_won_at_the_table_lists_its_games(cli):
    # gunzi-001 plays one game (§10). Hand 1: E grabs, buries SJ SJ SJ 4C 6C 7C (the kitty's own big joker
    # taken up, §6.3.3); defenders 100, kept: S = 100 < 120 → three small jokers kept: EW win the game and
    # the match 1:0 (§7.3.3).
    new_match(cli, "G1", "--rules", "gunzi-001")
    record_all(cli, "G1", ["hand", "declare E BJ", "trump H", "kitty BJ 4C 6C 7C 8C JH", "bury SJ SJ SJ 4C 6C 7C",
                           "points 100", "last decl"])
    out = cli("status", "G1").output
    assert "Match finished: EW 1:0 (game 1 EW, three jokers)" in out, out
    assert "hand 2" not in out and "Blood owed" not in out


def test_item10_the_warnings_before_and_at_the_limit(cli):
    # dalian-club: warnings_limit 3, games_to_win 2 (§8.1, §3.3)
    new_match(cli)
    r = record_all(cli, "T3", ["warn N talk"])
    assert "NS: 1 warning (3 forfeit the match, §8.1)" in r.output
    r = record_all(cli, "T3", ["warn S hint"])
    assert "NS: 2 warnings — a third forfeits (§8.1)" in r.output
    r = record_all(cli, "T3", ["warn N again"])
    assert "third warning for NS: match forfeited 2:0 to EW (§8.1)" in r.output
    assert "next: nothing, the match is over" in r.output
    r = cli("record", "T3", "warn", "E", "late")  # the match is over: no more warnings
    assert r.exit_code == 1


# --- item 2: six bare cards fill the one directive that takes them ---------------------------------------------------

# Hand 1 of the record format's example, then a hand 2 with no blood: defenders 100, kept: S = 100 < 120 → keep,
# EW 3 → 4; 80 ≤ 100 ≤ 150 → no score blood, no kings → no blood (§7.2.3); next declarer W (§7.4).
HAND_100 = [*HAND1[:5], "points 100", "last decl"]


def guided(cli: Cli, match_id: str, answers: list[str], *extra: str):
    r = cli("record", match_id, *extra, input="\n".join(answers) + "\n")
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize(("lang", "cards", "stored"), [
    ("en", "5H 8C 9C QH 3D 6S", "stored #15 in T3 (by 王裁判): kitty 5H 8C 9C QH 3D 6S"),
    ("zh", "红桃5 梅花8 ♣9 QH 方块3 黑桃6", "已记录 #15（比赛 T3，王裁判 录入）：kitty 5H 8C 9C QH 3D 6S（底牌）"),
])
def test_item02_six_bare_cards_after_a_declaration_with_no_blood_are_the_kitty(cli, lang, cards, stored):
    new_match(cli)
    record_all(cli, "T3", HAND_100)
    out = guided(cli, "T3", ["declare S 4S", cards, "q"], "--lang", lang)  # #13 hand, #14 declare
    assert stored in out, out
    # and after four flips (a game's first hand): the kitty is the one directive that takes bare cards
    new_match(cli, "F1")
    out = guided(cli, "F1", ["flip E 4C", "flip S 9D", "flip W 10S", "flip N KH", "4C 9D 10S KH 6C 7C", "q"])
    assert "stored #11 in F1 (by 王裁判): kitty 4C 9D 10S KH 6C 7C" in out


# --- item 3: undo, amend, void, status, help and quit at the prompt --------------------------------------------------

def test_item03_corrections_status_help_and_quit_at_the_guided_prompt(cli):
    new_match(cli)  # #1 header, #2–#5 seats
    answers = [
        "declare E BJ", "trump H",  # #7, #8 (#6: hand)
        "kitty 4C 6D 9S KH 7C 3H",  # #9
        "undo",  # #10: undo #9
        "kitty 4C 6D 9S KH 7C 3H",  # #11
        "bury 4C 6C 7C 8D 9D JS",  # #12
        "points 20",  # #13
        'amend 13 points 25 --reason "counted the 5 twice"',  # #14
        "points 45",  # #15
        "void 15 --reason typo",  # #16
        "void 15",  # no reason: refused, asked again
        "status", "help",
        "points 50",  # #17
        "q",
    ]
    out = guided(cli, "T3", answers)
    assert "stored #10 in T3 (by 王裁判): undo #9: kitty 4C 6D 9S KH 7C 3H" in out
    assert "stored #14 in T3 (by 王裁判): amend #13 → points 25 (reason: counted the 5 twice)" in out
    assert "stored #16 in T3 (by 王裁判): void #15: points 45 (reason: typo)" in out
    assert "not done: expected: void SEQ --reason TEXT; try again" in out
    assert "Defenders' points so far: 25" in out  # status: 25 after the amend and the void
    assert "undo [--reason TEXT] — take back the latest event" in out  # help
    assert "defenders' points so far: 75" in out  # 25 + 50 in the prompt after the last answer
    assert out.rstrip().endswith("stopped; everything entered so far is stored")
    texts = [notation.format_event(ev) for ev in Store(cli.db).events("T3")[5:]]
    assert texts == ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H", "bury 4C 6C 7C 8D 9D JS",
                     "points 25", "points 50"]
    # in Chinese, with the Chinese command words
    out = guided(cli, "T3", ["撤销", "状态", "帮助", "退出"], "--lang", "zh")
    assert "撤销 #17：points 50" in out and "抓分方已得分：25" in out and "此处还可输入的命令：" in out


# --- item 4: line editing, history and completion where readline is present ------------------------------------------

def test_item04_the_completer_offers_keywords_in_both_languages_and_seats():
    from referee.cli.commands.guided import completions as completing
    from referee.games.registry import game

    def completions(line: str, text: str) -> list[str]:
        return completing(game("gunzi"), line, text)

    assert completions("", "dec") == ["declare", "declarer", "declarer-points"]
    assert completions("", "庄") == ["庄家", "庄家得分"]
    assert completions("", "un") == ["undo"]
    assert completions("", "底") == ["底牌"]
    assert completions("tribute ", "") == ["E", "S", "W", "N", "东", "南", "西", "北"]
    assert completions("flip ", "W") == ["W"]
    assert completions("last ", "de") == ["def", "defenders", "decl", "declarers"]


def test_item04_a_left_arrow_edit_under_a_terminal(tmp_path):
    # The whole command under a pseudo-terminal: 'abc', two left arrows, 'X' is read as 'aXbc' (readline
    # moved the cursor), never as 'abc^[[D^[[DX'; the up arrow brings the last line back.
    pytest.importorskip("readline")
    import os
    import pty
    import select
    import subprocess
    import sys
    import time

    from test_store_support import child_env

    db = tmp_path / "store"
    env = {**child_env(db), "TERM": "xterm", "REFEREE_LANG": "en"}
    subprocess.run([sys.executable, "-c", "from referee.cli import main; main()", "new", "P1"], env=env, check=True,
                   capture_output=True)
    main, child = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", "from referee.cli import main; main()", "record", "P1"],
                            stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
    os.close(child)
    seen = b""

    def read_until(marker: bytes, start: int = 0, timeout: float = 60) -> bytes:
        """What the terminal showed from *start* once it shows *marker* there (or the time is up)."""
        nonlocal seen
        end = time.monotonic() + timeout
        while marker not in seen[start:] and time.monotonic() < end:
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(main, 4096)
                except OSError:  # the child has gone
                    break
        return seen[start:]

    try:
        read_until(b"> ")
        os.write(main, b"abc\x1b[D\x1b[DX\r")  # abc, left, left, X, Enter
        shown = read_until(b"try again")
        assert b"'aXbc' is not understood" in shown, shown
        prompt = read_until(b"> ", len(seen) - len(b"> ") - 200)  # the prompt shown again
        os.write(main, b"\x1b[A\r")  # up arrow: the line typed before, Enter
        shown = read_until(b"try again", len(seen))
        assert b"'aXbc' is not understood" in shown, (prompt, shown)
        os.write(main, b"q\r")
        proc.wait(timeout=60)
        assert proc.returncode == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)


# --- item 5: Chinese directive keywords wherever directives are typed ------------------------------------------------

def test_item05_chinese_keywords_on_the_command_line_and_at_the_prompt(cli):
    new_match(cli)
    # on the command line: 发牌 (hand), 亮主 (declare), 定主 (trump), 底牌 (kitty), 扣底 (bury), 得分 (points)
    r = record_all(cli, "T3", ["发牌", "亮主 东 大王", "定主 红桃", "底牌 4C 6D 9S KH 7C 3H", "扣底 4C 6C 7C 8D 9D JS",
                               "得分 25"])
    assert "stored #11 in T3 (by 王裁判): points 25" in r.output
    # at the prompt: a Chinese keyword, a Chinese side for the last trick
    out = guided(cli, "T3", ["得分 50", "保底"], "--lang", "zh")
    assert "已记录 #12（比赛 T3，王裁判 录入）：points 50（得分）" in out and \
        "已记录 #13（比赛 T3，王裁判 录入）：last decl（末墩）" in out
    # hand 2: W declares with two 4H (EW at 4, S = 75 owes 1 blood), in Chinese; N buries a big joker, which
    # takes out the smallest card: 4C is a level card (trump) at level 4, so 6C (§6.4.1, §2.3)
    out = guided(cli, "T3", ["亮主 西 红桃4 红桃4", "进贡 南 小王", "底牌 4C 6D 9S KH 7C 3H", "扣底 4C 6C 7C 8D 9D JS",
                             "扣王 北 大王 换 6C", "得分 40", "末墩 抠底"], "--lang", "zh")
    assert "已记录 #19（比赛 T3，王裁判 录入）：king N BJ take 6C（扣王）" in out, out
    assert "第2副结算" in out
    # the words inside a directive too: 作 for `as` (three small jokers name any suit, §4.2.2), 胜方= for
    # a ruling's winner=
    r = record_all(cli, "T3", ["发牌", "亮主 北 小王 小王 小王 作 红桃"])
    assert "declare N SJ SJ SJ as H" in r.output
    r = record_all(cli, "T3", ["裁定 胜方=南北 双方同意"])
    assert "ruling winner=NS 双方同意" in r.output


# --- item 8: a typo'd directive, an unknown match id -----------------------------------------------------------------

def test_item08_typos_get_the_nearest_keyword_and_unknown_ids_the_nearest_stored(cli):
    new_match(cli, "CL1")
    new_match(cli, "CL2")
    new_match(cli, "SPRING-R1-T3")
    out = guided(cli, "CL1", ["piont 25", "staus", "q"])
    assert "'piont 25' is not understood: did you mean 'points'?" in out
    assert "'staus' is not understood: did you mean 'status'?" in out
    r = cli("record", "CL1", "piont", "25")
    assert r.exit_code == 2 and "did you mean 'points'?" in r.output, r.output
    r = cli("status", "CLl")
    assert r.exit_code != 0 and "did you mean CL1 or CL2?" in r.output, r.output
    r = cli("status", "SPRING-R1-T4")
    assert "did you mean SPRING-R1-T3?" in r.output, r.output


# --- item 14: check's summary, whatif's words, --date, exit codes -----------------------------------------------------

def _three_small_kept(points: int) -> str:
    """A game's first hand: E grabs, trump H, buries SJ SJ SJ 4C 6C 7C (the kitty's own big joker taken up,
    §6.3.3); defenders *points* (< 120), kept → three small jokers kept: EW win the game (§7.3.3)."""
    return first_hand(kitty="BJ 4C 6C 7C 8C JH", bury="SJ SJ SJ 4C 6C 7C", points=points, last="decl")


def test_item14_check_whatif_date_and_exit_codes(cli, tmp_path):
    import subprocess
    import sys

    from test_store_support import child_env

    # check: two hands, each ending its game (§7.3.3): EW win the match 2:0 (dalian-club games_to_win 2)
    good = tmp_path / "good.txt"
    good.write_text(record(_three_small_kept(100), _three_small_kept(60)), encoding="utf-8")
    unfinished = tmp_path / "half.txt"
    unfinished.write_text(record(_three_small_kept(100)), encoding="utf-8")
    run = [sys.executable, "-c", "from referee.cli import main; main()", "check"]
    env = child_env(tmp_path / "store")
    p = subprocess.run([*run, str(good), str(unfinished)], capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [f"{good}: ok: 2 hands, 2 games, EW 2:0",
                                     f"{unfinished}: ok: 1 hand, 1 game, EW 1:0 NS, unfinished"]
    p = subprocess.run([*run, str(good), "--lang", "zh"], capture_output=True, text=True, env=env)
    assert p.stdout.strip() == f"{good}: 无误：2副，2局，东西 2:0"
    bad = tmp_path / "bad.txt"
    bad.write_text(record(first_hand(points=23)), encoding="utf-8")
    p = subprocess.run([*run, str(bad)], capture_output=True, text=True, env=env)
    assert p.returncode == 1 and "ok:" not in p.stdout

    # whatif in English words: S = 100 kept is a keep; 130 kept is a stage, kept (§7.1)
    new_match(cli)
    record_all(cli, "T3", HAND_100)  # points 100 is #11
    r = cli("whatif", "T3", "11", "points", "130")
    assert r.exit_code == 0, r.output
    row = next(line for line in r.output.splitlines() if "outcome" in line)
    assert row.split() == ["*", "outcome", "keep", "stage,", "kept"], row
    assert "stage_kept" not in r.output and "foul_dig" not in r.output

    # --date is a date; a usage error is exit 2, a refused event exit 1, an unknown match exit 2
    r = cli("new", "D1", "--date", "2026-13-45")
    assert r.exit_code == 2 and "--date 2026-13-45: not a date (YYYY-MM-DD" in r.output, r.output
    assert cli("new", "D2", "--date", "2026-11-29").exit_code == 0
    assert cli("record", "T3", "points", "25").exit_code == 1  # the rules refuse it: no hand is in progress
    assert cli("record", "NOPE", "hand").exit_code == 2
    assert cli("record", "T3", "points", "many").exit_code == 2  # cannot be read


# --- item 15: the game clock ------------------------------------------------------------------------------------------

class FakeClock:
    """The store's clock (``referee.store.store.now``), set by the test: each entry stamped at ``self.at``."""

    def __init__(self, at: str) -> None:
        self.at = at

    def __call__(self) -> str:
        return self.at + ".000Z"


def test_item15_the_game_clock_in_status_and_record(cli, monkeypatch):
    clock = FakeClock("2026-11-29T06:00:00")
    monkeypatch.setattr("referee.store.store.now", clock)
    new_match(cli)
    header = "match id=T3 rules=dalian-club date=2026-11-29 referee=王裁判 tz=Asia/Shanghai"
    r = cli("amend", "T3", "1", *header.split(), "--reason", "venue zone")
    assert r.exit_code == 0, r.output
    clock.at = "2026-11-29T06:02:00"  # 14:02 in Shanghai (UTC+8): game 1 begins with its first hand
    record_all(cli, "T3", HAND_35[:1])
    clock.at = "2026-11-29T06:10:00"
    record_all(cli, "T3", HAND_35[1:])  # kept: EW 3 → 4, NS 3 (§7.1)
    clock.at = "2026-11-29T06:45:00"
    out = cli("status", "T3").output
    assert "Clock: game 1: started 14:02, 43 of 50 min" in out, out  # 06:45 − 06:02 = 43 min
    assert "time is up" not in out
    r = record_all(cli, "T3", ["hand"])
    assert "past its" not in r.output
    clock.at = "2026-11-29T06:53:30"  # 51.5 min: past the 50 of dalian-club (§7.3.5)
    r = record_all(cli, "T3", ["declare W 4H"])
    assert "game 1 has run 51 min, past its 50-minute limit (§7.3.5): record `time` when it is called" in r.output
    out = cli("status", "T3").output
    assert "Clock: game 1: started 14:02, 51 of 50 min" in out
    # EW at 4, NS at 3: the higher level wins (§7.3.5)
    assert "Clock: time is up (50 min, §7.3.5): the time rule favours EW now (the higher level wins)" in out
    assert "2026-11-29T" not in out and ".000" not in out  # never the stored ISO text
    zh = cli("status", "T3", "--lang", "zh").output
    assert "计时：第1局：14:02开始，已用51分钟（限时50分钟）" in zh
    # time called between hands: the game ends (EW, higher level); its clock stops at the `time` entry
    clock.at = "2026-11-29T06:55:00"
    r = record_all(cli, "T3", ["tribute S SJ 2C 2D AS AH", "kitty 4C 6D 9S KH 7C 3H", "bury 4C 6C 7C 8D 9D JS",
                               "points 100", "last decl"])
    clock.at = "2026-11-29T06:56:00"
    r = record_all(cli, "T3", ["time"])
    assert "past its" not in r.output
    out = cli("status", "T3").output
    assert "Clock: game 1: 14:02–14:56, 54 min" in out, out


def test_item15_equal_levels_at_the_limit_need_a_ruling(cli, monkeypatch):
    clock = FakeClock("2026-11-29T06:00:00")
    monkeypatch.setattr("referee.store.store.now", clock)
    new_match(cli)
    record_all(cli, "T3", ["hand", "declare E BJ"])  # no hand settled: EW 3, NS 3, neither reached first
    clock.at = "2026-11-29T06:50:00"
    out = cli("status", "T3").output
    assert "Clock: time is up (50 min, §7.3.5): levels equal, neither reached first: a ruling is needed" in out
