"""Issue 18, "Defects found": what a new director met running an evening, each through the real command
line (a process of its own where the output is under test), the PDFs read back with pypdf.

The events are played with the two game shapes of ``tests/eventplay.py`` (club scoring: 2:0 → 3,
2:1 → 2, 1:2 → 1, 0:2 → 0).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from eventplay import Cli, play

from referee.results.eventstate import event_state

pypdf = pytest.importorskip("pypdf")

EV = "FRI"
NAME = "星海周五赛 Friday Pairs"


def run_cli(*args: object, db: Path, lang: str = "en", cwd: Path | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``referee ARGS`` in a process of its own, on the store *db*."""
    full = {**os.environ, "REFEREE_DB": str(db), "REFEREE_LANG": lang, "REFEREE_NAME": "裁判长", **(env or {})}
    done = subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                          env=full, cwd=cwd, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.fixture
def four(tmp_path: Path) -> Cli:
    """A 4-pair Swiss event of 2 rounds, round 1 paired and played: F1 beats F2 2:1, F4 beats F3 2:0."""
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", EV, "--name", NAME, "--rounds", 2)
    for code, p1, p2, club in (("F1", "张三", "李四", "海之韵"), ("F2", "王五", "赵六", "星海"),
                               ("F3", "Ann Lee", "Bob Ma", ""), ("F4", "周九", "吴十", "老虎滩")):
        cli.ok("event", "add", EV, code, p1, p2, "--club", club)
    js = cli.json("event", "pair", EV)
    play(cli, tmp_path, js["tables"][0], "F1", 2, 1)
    play(cli, tmp_path, js["tables"][1], "F4", 2, 0)
    return cli


# --- item 1: one font policy for every PDF ----------------------------------------------------------

def fonts_of(pdf: Path) -> dict[str, bool]:
    """Each font the PDF's pages use → whether its glyphs are embedded (a font file in its descriptor)."""
    out: dict[str, bool] = {}
    for page in pypdf.PdfReader(str(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out[str(font["/BaseFont"])] = any(k in desc for k in ("/FontFile2", "/FontFile", "/FontFile3"))
    return out


def pdf_text(pdf: Path) -> str:
    return "".join("".join(p.extract_text() or "" for p in pypdf.PdfReader(str(pdf)).pages).split())


def test_item1_the_event_pdfs_embed_the_chinese_truetype_font_as_the_scorecard_does(four: Cli,
                                                                                    tmp_path: Path) -> None:
    from referee.views.scorecard.fonts import find_cjk_font

    if find_cjk_font() is None:
        pytest.skip("no Chinese TrueType font installed (apt-get install fonts-wqy-microhei)")
    made = {}
    for what, args in (("sheet", ("event", "sheet", EV)), ("report", ("event", "report", EV)),
                       ("card", ("scorecard", f"{EV}-R1-T1"))):
        pdf = tmp_path / f"{what}.pdf"
        done = run_cli(*args, "-o", pdf, "--lang", "zh", db=four.db)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        made[what] = fonts_of(pdf)
        # the fonts of the document's own: every one embedded (the 14 standard fonts need not be)
        own = {n: e for n, e in made[what].items() if not n.startswith(("/Helvetica", "/Times", "/Courier"))}
        assert own and all(own.values()), (what, made[what])
        assert "/STSong-Light" not in made[what], what
    # one policy: the sheet and the report embed the very font the scorecard embeds (a subset of it:
    # ReportLab names a subset "<font>+<n>", the font's name after the "+" is the same)
    def family(fonts: dict[str, bool]) -> set[str]:
        return {n.split("+")[-1] for n in fonts if not n.startswith("/Helvetica")}

    assert family(made["sheet"]) == family(made["report"]) == family(made["card"]) != set()
    assert "张三" in pdf_text(tmp_path / "sheet.pdf") and "海之韵" in pdf_text(tmp_path / "report.pdf")


def test_item1_font_option_and_the_warning_are_the_scorecards(four: Cli, tmp_path: Path) -> None:
    # --font cid: the reader's own STSong-Light, named, not embedded
    pdf = tmp_path / "cid.pdf"
    done = run_cli("event", "report", EV, "-o", pdf, "--font", "cid", db=four.db)
    assert done.returncode == 0, done.stderr
    assert fonts_of(pdf).get("/STSong-Light") is False
    # a --font that is no font: exit 2 with the scorecard's words, in English and Chinese, and no PDF
    bad = tmp_path / "missing.ttf"
    for lang, said in (("en", f"error: --font: font file not found: {bad}"),
                       ("zh", f"错误：--font：找不到字体文件：{bad}")):
        done = run_cli("event", "sheet", EV, "-o", tmp_path / "x.pdf", "--font", bad, db=four.db, lang=lang)
        assert done.returncode == 2 and done.stderr.splitlines()[0] == said, done.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_item1_without_a_truetype_font_the_event_pdfs_warn_as_the_scorecard(four: Cli, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.views.scorecard import fonts

    monkeypatch.setattr(fonts, "CJK_FONTS", ())
    monkeypatch.setattr(fonts, "_fc_match", lambda: None)
    monkeypatch.setattr(fonts, "_found", [])
    monkeypatch.setattr(fonts, "_registered", {})
    warning = ("warning: no Chinese TrueType font is installed: the PDF names STSong-Light without its glyphs (a "
               "reader without Chinese fonts shows boxes); to embed one: apt-get install fonts-wqy-microhei")
    for args in (("event", "sheet", EV), ("event", "report", EV)):
        pdf = tmp_path / "out.pdf"
        run = four.ok(*args, "-o", pdf)
        assert run.err.splitlines() == [warning], run.err
        assert fonts_of(pdf).get("/STSong-Light") is False


# --- item 3: scorecard --all --event takes the event's id --------------------------------------------

def test_item3_scorecard_all_of_an_event_by_its_id(four: Cli, tmp_path: Path) -> None:
    # round 1 paired two tables: FRI-R1-T1 and FRI-R1-T2, both stored; one scorecard each
    out = tmp_path / "fri"
    done = run_cli("scorecard", "--all", "--event", EV, "-o", out, db=four.db)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == [f"{EV}-R1-T1.pdf", f"{EV}-R1-T2.pdf"]
    assert f"wrote 2 scorecards to {out}" in done.stdout
    assert "张三" in pdf_text(out / f"{EV}-R1-T1.pdf")  # F1's player: the match of table 1


def test_item3_an_unknown_event_is_an_error_naming_the_events_stored(four: Cli, tmp_path: Path) -> None:
    root = four.db.resolve()
    for lang, said in (("en", f"error: --event NOPE: no event with this id in the store at {root}, nor a stored "
                              f"match of an event so named (events stored: {EV})"),
                       ("zh", f"错误：--event NOPE：{root} 的存储中没有这个编号的赛事，也没有标有这个赛事名的已存比赛"
                              f"（已存赛事：{EV}）")):
        done = run_cli("scorecard", "--all", "--event", "NOPE", "-o", tmp_path / "x", db=four.db, lang=lang)
        assert (done.returncode, done.stderr.strip()) == (2, said)
    assert not (tmp_path / "x").exists()


def test_item3_an_event_with_no_round_paired_says_so(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "EMPTY", "--name", "Empty", "--rounds", 1)
    done = run_cli("scorecard", "--all", "--event", "EMPTY", db=cli.db, cwd=tmp_path)
    assert (done.returncode, done.stdout.strip()) == (0, "event EMPTY has no match yet (referee event pair EMPTY)")
    assert not (tmp_path / "reports").exists()


# --- item 4: the hints after the last round agree with the state ------------------------------------

def test_item4_after_the_last_round_close_and_pair_say_the_event_is_finished(tmp_path: Path) -> None:
    # An event of one round (--rounds 1): two pairs, one table; G1 beats G2 2:0, the round is closed,
    # and that was the last round: the standings are final.
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "ONE", "--name", "One round", "--rounds", 1)
    cli.ok("event", "add", "ONE", "G1", "甲", "乙")
    cli.ok("event", "add", "ONE", "G2", "丙", "丁")
    js = cli.json("event", "pair", "ONE")
    play(cli, tmp_path, js["tables"][0], "G1", 2, 0)
    closed = cli.ok("event", "close", "ONE").out
    assert "that was the last round: the standings are final (referee event standings ONE)" in closed
    assert "referee event pair" not in closed
    for lang, close_said, pair_said in (
            ("en", "error: round 1 of event ONE is already closed, and it was the last: the standings are final "
                   "(referee event standings ONE)",
                   "error: event ONE is finished: its 1 round is played and closed, the standings are final "
                   "(referee event standings ONE)"),
            ("zh", "错误：赛事 ONE 的第 1 轮已经结束，这是最后一轮：排名已是最终排名（referee event standings ONE）",
                   "错误：赛事 ONE 已结束：1 轮都已赛完并结束，排名已是最终排名（referee event standings ONE）")):
        done = run_cli("event", "close", "ONE", db=cli.db, lang=lang)
        assert (done.returncode, done.stderr.strip()) == (1, close_said)
        assert "event pair" not in done.stderr  # no hint to pair a round the event does not have
        done = run_cli("event", "pair", "ONE", db=cli.db, lang=lang)
        assert (done.returncode, done.stderr.strip()) == (1, pair_said)


def test_item4_a_closed_round_before_the_last_still_hints_the_next_pairing(four: Cli) -> None:
    # FRI has 2 rounds: round 1 closed is not the last, so closing again points to pairing round 2
    four.ok("event", "close", EV)
    done = run_cli("event", "close", EV, db=four.db)
    assert (done.returncode, done.stderr.strip()) == (
        1, f"error: round 1 of event {EV} is already closed (pair the next: referee event pair {EV})")


# --- item 5: a refusal caused by a later entry names it ----------------------------------------------

def tribute_match(tmp_path: Path) -> tuple[Path, int, int]:
    """Match T7 imported from a record: hand 1, E grabs (declarer), trump H, the defenders take 70 points
    (§7.2: S = 70 < 80, the declarers keep: EW up one level; blood ceil((80 − 70) / 10) = 1, §7.2.3);
    hand 2: W declares (§7.4, the declarers stay), S (W's 上家) gives 1 card of tribute (§5.1).
    Returns the store, the seq of hand 1's `points` and of hand 2's `tribute` (one entry per line)."""
    from helpers import first_hand, hand_text

    text = "match id=T7 rules=dalian-club\n" + first_hand(points=70) + hand_text(trump="H", tribute="S AS",
                                                                                  points=80)
    lines = text.splitlines()
    path = tmp_path / "T7.gunzi"
    path.write_text(text, encoding="utf-8")
    db = tmp_path / "store"
    done = run_cli("import", path, db=db)
    assert done.returncode == 0, done.stderr
    return db, lines.index("points 70") + 1, lines.index("tribute S AS") + 1


def test_item5_an_amend_refused_for_a_later_entry_names_that_entry(tmp_path: Path) -> None:
    db, points, tribute = tribute_match(tmp_path)
    # Amending hand 1's points to 80: 80 ≤ S ≤ 150 owes no blood (§7.2.3), so the later tribute of hand 2
    # gives 1 card where none is owed: refused, naming the tribute's entry, with "1 card" in the singular.
    for lang, said in (("en", f"error: amend rejected, nothing stored: it makes #{tribute} (tribute S AS) wrong: "
                              "no blood is owed this hand; 1 card given"),
                       ("zh", f"错误：更正被拒绝，未存储：会使 #{tribute}（tribute S AS）出错："
                              "这一副不欠血，却进贡了1张")):
        done = run_cli("amend", "T7", points, "points", "80", "--reason", "recount", db=db, lang=lang)
        assert done.returncode == 1
        assert done.stderr.splitlines()[0] == said, done.stderr
    log = run_cli("log", "T7", db=db)
    assert "amend" not in log.stdout  # nothing stored


# --- item 2: a finished event's entries --------------------------------------------------------------

def finished_event(tmp_path: Path) -> Cli:
    """ONE: one round (--rounds 1), G1 beats G2 2:0, the round closed: the event is finished."""
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "ONE", "--name", "One round", "--rounds", 1)
    cli.ok("event", "add", "ONE", "G1", "甲", "乙")
    cli.ok("event", "add", "ONE", "G2", "丙", "丁")
    js = cli.json("event", "pair", "ONE")
    play(cli, tmp_path, js["tables"][0], "G1", 2, 0)
    cli.ok("event", "close", "ONE")
    return cli


def test_item2_a_finished_event_refuses_a_new_pair(tmp_path: Path) -> None:
    from eventplay import snapshot

    cli = finished_event(tmp_path)
    before = snapshot(cli.db)
    for lang, said in (("en", "error: event ONE is finished (its 1 round is played and closed): no pair can join; "
                              "to change it anyway: --force --reason TEXT"),
                       ("zh", "错误：赛事 ONE 已结束（1 轮都已赛完并结束）：不能再加入配对；"
                              "如仍要更改：--force --reason 说明")):
        done = run_cli("event", "add", "ONE", "G9", "戊", "己", db=cli.db, lang=lang)
        assert (done.returncode, done.stderr.strip()) == (1, said)
    entries = tmp_path / "entries.csv"
    entries.write_text("pair,player1,player2,club\nG8,庚,辛,\n", encoding="utf-8")
    done = run_cli("event", "import", "ONE", entries, db=cli.db)
    assert done.returncode == 1 and "event ONE is finished" in done.stderr
    assert snapshot(cli.db) == before  # nothing stored
    # --force without a reason is a usage error; with one, the pair joins and the reason is in the log
    done = run_cli("event", "add", "ONE", "G9", "戊", "己", "--force", db=cli.db)
    assert (done.returncode, done.stderr.strip()) == (2, "error: --force needs --reason TEXT: it is kept in the "
                                                         "event's log")
    cli.ok("event", "add", "ONE", "G9", "戊", "己", "--force", "--reason", "late prize entry")
    from referee.store.eventlog import EventLog

    last = EventLog(cli.db, "ONE").actions()[-1]
    assert (last["action"], last["pair"], last["reason"]) == ("pair_added", "G9", "late prize entry")


# --- item 8: the terminal standings fit the terminal -------------------------------------------------

def display_width(line: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def test_item8_standings_fit_80_columns_and_wide_shows_every_column(four: Cli) -> None:
    # The columns of FRI's standings in English and their widths (the widest of heading and cells):
    # Rank 4, Pair 4, Players 15 ("Ann Lee, Bob Ma"), Club 6 (海之韵: 3 wide characters), Played 6, Won 3,
    # Lost 4, Byes 4, Match points 12, Games won 9, Games lost 10, then the club scoring's tie-breaks:
    # Games difference 16, Head-to-head 12, Buchholz 8, Level difference 16, Ledger 6, Lot 3; Status is
    # empty for every pair (nobody withdrew): not shown. Two spaces between columns.
    # Always: rank, pair, players, match points = 4 + 4 + 15 + 12 + 3 × 2 = 41.
    # Tie-breaks in order: + 2 + 16 = 59, + 2 + 12 = 73, Buchholz + 2 + 8 = 83 > 80: stop there.
    # Played-won-lost: + 6 + 3 + 4 + 3 × 2 = 92 > 80; games won and lost: + 9 + 10 + 4 = 96 > 80;
    # club: + 2 + 6 = 81 > 80; byes: + 2 + 4 = 79 ≤ 80, shown.
    done = run_cli("event", "standings", EV, db=four.db, env={"COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["Rank", "Pair", "Players", "Byes", "Match", "points", "Games", "difference",
                                "Head-to-head"]
    assert display_width(lines[1]) == 79
    assert all(display_width(line) <= 80 for line in lines[1:6]), lines  # the heading and the 4 pairs
    assert lines[-1] == ("Left out to fit 80 columns: Club, Played, Won, Lost, Games won, Games lost, Buchholz, "
                         "Level difference, Ledger, Lot; --wide shows every column")
    zh = run_cli("event", "standings", EV, db=four.db, lang="zh", env={"COLUMNS": "60"})
    assert zh.stdout.splitlines()[-1].startswith("为适应 60 列宽度未显示：")
    assert all(display_width(line) <= 60 for line in zh.stdout.splitlines()[1:6])
    # --wide: every column, 41 + the rest: 6 + 6 + 3 + 4 + 4 + 9 + 10 + 16 + 12 + 8 + 16 + 6 + 3 + 13 × 2 = 170
    wide = run_cli("event", "standings", EV, "--wide", db=four.db, env={"COLUMNS": "80"})
    head = wide.stdout.splitlines()[1]
    assert display_width(head) == 170 and head.endswith("Lot")
    assert "--wide" not in wide.stdout
    # a pipe without $COLUMNS: every column, as --wide
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    piped = subprocess.run([sys.executable, "-m", "referee.cli", "event", "standings", EV], capture_output=True,
                           text=True, env={**env, "REFEREE_DB": str(four.db), "REFEREE_LANG": "en"}, timeout=120)
    assert piped.stdout == wide.stdout


# --- item 6: record --file says which hand is in progress, in the file's own lines -------------------

def test_item6_a_file_that_starts_again_the_hand_in_progress_says_what_to_leave_out(tmp_path: Path) -> None:
    db = tmp_path / "store"
    assert run_cli("new", "T1", "--east", "甲", "--south", "乙", "--west", "丙", "--north", "丁", db=db).returncode == 0
    # the header is #1, the 4 seats #2–#5 (no team names given): the hand's first 3 directives are #6–#8
    for directive in ("hand", "declare E BJ", "trump H"):
        assert run_cli("record", "T1", *directive.split(), db=db).returncode == 0
    sheet = tmp_path / "sheet.gunzi"
    # the paper sheet holds the whole hand: its lines 2–4 repeat #6–#8, the rest (from line 5) is new
    sheet.write_text("match id=T1\nhand\ndeclare E BJ\ntrump H\nkitty 4C 6C 7C 8C 9C JH\npoints 0\nlast decl\n",
                     encoding="utf-8")
    for lang, said in (
            ("en", f"error: {sheet}:2: hand 1 of game 1 is already in progress in the match (stored as #6–#8): the "
                   "file's lines 2–4 repeat those entries. Leave them out and record from line 5 on; nothing stored"),
            ("zh", f"错误：{sheet}:2：第 1 局第 1 副已在比赛中进行（已存为 #6–#8）：文件的第 2–4 行与这些记录重复。"
                   "请去掉它们，从第 5 行起记录；未存储任何内容")):
        done = run_cli("record", "T1", "--file", sheet, db=db, lang=lang)
        assert (done.returncode, done.stderr.strip()) == (1, said)
    # a sheet that starts the hand again differently: the stored entries to leave out or take back
    other = tmp_path / "other.gunzi"
    other.write_text("hand\ndeclare E BJ\nkitty 4C 6C 7C 8C 9C JH\n", encoding="utf-8")
    done = run_cli("record", "T1", "--file", other, db=db)
    assert (done.returncode, done.stderr.strip()) == (
        1, f"error: {other}:1: hand 1 of game 1 is already in progress in the match (stored as #6–#8): the file "
           "starts it again. Leave out the file's lines of that hand up to #8's directive (trump H), or take the "
           "stored ones back first (referee undo); nothing stored")
    # as the message says: the rest of the sheet, from its line 5, is recorded
    sheet.write_text("kitty 4C 6C 7C 8C 9C JH\npoints 0\nlast decl\n", encoding="utf-8")
    assert run_cli("record", "T1", "--file", sheet, db=db).returncode == 0


def test_item6_a_line_named_in_a_refusal_is_the_files(tmp_path: Path) -> None:
    from helpers import first_hand

    # T8 holds hand 1 only: E declares, S = 70 < 80 kept, 1 blood owed in hand 2 (§7.2.3), by S (W's 上家,
    # §5.1); 8 lines stored: header, hand, declare, trump, kitty, points, last → #1–#7.
    text = "match id=T8 rules=dalian-club\n" + first_hand(points=70)
    record = tmp_path / "T8.gunzi"
    record.write_text(text, encoding="utf-8")
    db = tmp_path / "store"
    assert run_cli("import", record, db=db).returncode == 0
    stored = len(text.splitlines())
    # The sheet of hand 2 gives the tribute twice: its line 4 is refused, for the tribute of its line 3
    # (the combined record's #{stored + 3}: not a line of the file, never named as one).
    sheet = tmp_path / "hand2.gunzi"
    sheet.write_text("hand\ntrump H\ntribute S AS\ntribute S AH\n", encoding="utf-8")
    for lang, said in (("en", f"error: {sheet}:4: the tribute was already given at line 3; expected there: "),
                       ("zh", f"错误：{sheet}:4：第3行已经进贡了")):
        done = run_cli("record", "T8", "--file", sheet, db=db, lang=lang)
        assert done.returncode == 1 and done.stderr.startswith(said), done.stderr
        assert f"line {stored + 3}" not in done.stderr and f"第 {stored + 3} 行" not in done.stderr


# --- item 7: the round sheet ---------------------------------------------------------------------------

def page_texts(pdf: Path) -> list[str]:
    return ["".join((p.extract_text() or "").split()) for p in pypdf.PdfReader(str(pdf)).pages]


def test_item7_the_pairing_list_gives_rank_and_points_before_the_round(four: Cli, tmp_path: Path) -> None:
    first = tmp_path / "r1.pdf"
    four.ok("event", "sheet", EV, "-o", first, "--lang", "en")
    assert "Points" not in page_texts(first)[0]  # round 1: nobody has any yet, no such column
    four.ok("event", "close", EV)
    four.ok("event", "pair", EV)
    second = tmp_path / "r2.pdf"
    four.ok("event", "sheet", EV, "-o", second, "--lang", "en")
    text = page_texts(second)[0]
    assert "PairRankPointsPlayersClub" in text
    # After round 1 (club scoring): F4 2:0 → 3, rank 1; F1 2:1 → 2, rank 2; F2 1:2 → 1, rank 3; F3 0:2 → 0, rank 4.
    for row in ("F413周九,吴十老虎滩", "F122张三,李四海之韵", "F231王五,赵六星海", "F340AnnLee,BobMa"):
        assert row in text, (row, text)


def test_item7_three_table_cards_to_a_page(tmp_path: Path) -> None:
    # 12 pairs: 6 tables in round 1; the lists on page 1, then the cards three to a page: 2 pages of cards.
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "BIG", "--name", "Big night", "--rounds", 1)
    for i in range(1, 13):
        cli.ok("event", "add", "BIG", f"P{i}", f"甲{i}", f"乙{i}")
    cli.ok("event", "pair", "BIG")
    pdf = tmp_path / "big.pdf"
    cli.ok("event", "sheet", "BIG", "-o", pdf, "--lang", "en")
    texts = page_texts(pdf)
    assert len(texts) == 1 + 2
    assert [[t for t in range(1, 7) if f"Round1·Table{t}" in p] for p in texts[1:]] == [[1, 2, 3], [4, 5, 6]]
    assert all(p.count("EWcaptain") == 3 for p in texts[1:])


def test_item7_long_names_in_the_report_wrap_between_words_at_full_size(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "LN", "--name", "Long names", "--rounds", 1)
    long1, long2 = "Maximilian Alexander Worthington", "Christopher Bartholomew Fairweather"
    club = "Dalian Xinghai Bridge and Card Club"
    cli.ok("event", "add", "LN", "L1", long1, long2, "--club", club)
    cli.ok("event", "add", "LN", "L2", "张三", "李四")
    js = cli.json("event", "pair", "LN")
    play(cli, tmp_path, js["tables"][0], "L1", 2, 0)
    for font in ("cid", None):  # the reader's font (Latin runs in Helvetica) and the default (embedded)
        pdf = tmp_path / f"report-{font}.pdf"
        cli.ok("event", "report", "LN", "-o", pdf, "--lang", "en", *(("--font", font) if font else ()))
        pieces: list[tuple[str, float]] = []

        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float,
                  pieces: list[tuple[str, float]] = pieces) -> None:
            if text.strip():
                pieces.append((text.strip(), size * (tm[0] or 1)))

        for page in pypdf.PdfReader(str(pdf)).pages:
            page.extract_text(visitor_text=visit)
        words = {w for text, _ in pieces for w in text.replace(",", " ").split()}
        # every word of the names and the club whole (a line breaks between words, never inside one)
        assert set(f"{long1} {long2} {club}".split()) <= words, (font, pieces)
        # and at the table's size, 7.5 pt (the report's grid), never shrunk to 6 pt or below
        sizes = {round(size, 1) for text, size in pieces if any(w in text for w in ("Worthington", "Bartholomew",
                                                                                     "Xinghai"))}
        assert sizes == {7.5}, (font, sizes)


def test_item2_an_entry_is_edited_and_removed_before_it_plays_as_entries_of_the_log(tmp_path: Path) -> None:
    from eventplay import snapshot

    from referee.store.eventlog import EventLog

    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "ED", "--name", "Edits", "--rounds", 2)
    for code, p1, p2 in (("E1", "张三", "李四"), ("E2", "王五", "赵六"), ("E3", "周九", "吴十"), ("E4", "Ann", "Bob")):
        cli.ok("event", "add", "ED", code, p1, p2)
    # a misspelt player and a club, corrected before round 1: one pair_edited entry each, with the reason
    out = cli.ok("event", "edit", "ED", "E4", "--player2", "Rob", "--club", "星海", "--reason", "typo").out
    assert out.strip() == "pair E4 of ED: Ann, Bob → Ann, Rob (星海)"
    # a player of another pair, and nothing to change: refused, exit 1 and 2
    done = run_cli("event", "edit", "ED", "E2", "--player1", "张三", db=cli.db)
    assert (done.returncode, done.stderr.strip()) == (
        1, "error: 张三 already plays in pair E1: a player enters one pair only (pair E2 not changed)")
    done = run_cli("event", "edit", "ED", "E2", db=cli.db, lang="zh")
    assert (done.returncode, done.stderr.strip()) == (2, "错误：没有要改的内容：请给出 --player1、--player2 或 --club")
    # a pair entered by mistake: removed (one pair_removed entry); 3 pairs left
    out = cli.ok("event", "remove", "ED", "E3", "--reason", "entered twice").out
    assert out.strip() == "pair E3 removed from ED (entered twice): 3 pairs entered"
    actions = EventLog(cli.db, "ED").actions()
    assert [a["action"] for a in actions[-2:]] == ["pair_edited", "pair_removed"]
    assert (actions[-2]["player2"], actions[-2]["club"], actions[-2]["reason"]) == ("Rob", "星海", "typo")
    assert (actions[-1]["pair"], actions[-1]["reason"]) == ("E3", "entered twice")
    assert run_cli("verify", db=cli.db).returncode == 0  # the log's chain holds the new entries
    # round 1: 3 pairs, one table and a bye; the tables and the match records carry the edited names
    js = cli.json("event", "pair", "ED")
    assert {p for t in js["tables"] for p in (t["ew"], t["ns"])} | {js["bye"]} == {"E1", "E2", "E4"}
    entries = cli.json("event", "standings", "ED")["standings"]
    assert {r["pair"]: r["players"] for r in entries}["E4"] == ["Ann", "Rob"]
    # once paired, a pair's players cannot change (its matches carry them), nor can it be removed; the club can
    before = snapshot(cli.db)
    for lang, args, said in (
            ("en", ("edit", "ED", "E4", "--player1", "Anne"),
             "error: pair E4 was paired in round 1: its players are in that round's match records and cannot "
             "change (the club can)"),
            ("zh", ("edit", "ED", "E4", "--player1", "Anne"),
             "错误：配对 E4 已在第 1 轮配对：选手姓名已写入比赛记录，不能更改（俱乐部可以改）"),
            ("en", ("remove", "ED", "E1", "--reason", "x"),
             "error: pair E1 was paired in round 1: it cannot be removed; withdraw it instead (referee event "
             "withdraw ED E1 --reason TEXT)"),
            ("zh", ("remove", "ED", "E1", "--reason", "x"),
             "错误：配对 E1 已在第 1 轮配对：不能删除；请改为退赛（referee event withdraw ED E1 --reason 说明）")):
        done = run_cli("event", *args, db=cli.db, lang=lang)
        assert (done.returncode, done.stderr.strip()) == (1, said)
    assert snapshot(cli.db) == before
    cli.ok("event", "edit", "ED", "E4", "--club", "海之韵")
    e4 = event_state(EventLog(cli.db, "ED")).pair("E4")
    assert e4 is not None and (e4.player1, e4.player2, e4.club) == ("Ann", "Rob", "海之韵")


def test_item2_a_finished_event_refuses_edits_but_by_force(tmp_path: Path) -> None:
    cli = finished_event(tmp_path)
    done = run_cli("event", "edit", "ONE", "G1", "--club", "星海", db=cli.db)
    assert (done.returncode, done.stderr.strip()) == (
        1, "error: event ONE is finished (its 1 round is played and closed): its entries cannot change; to change "
           "it anyway: --force --reason TEXT")
    cli.ok("event", "edit", "ONE", "G1", "--club", "星海", "--force", "--reason", "club misread")
    rows = cli.json("event", "standings", "ONE")["standings"]
    assert [r["pair"] for r in rows] == ["G1", "G2"]  # G1 won 2:0: first, whatever its club


def test_item2_a_log_that_removes_a_paired_pair_is_refused_at_that_entry() -> None:
    from referee.tournament.model import EventFormat, Pair, Round, Table
    from referee.tournament.scoring import load
    from referee.tournament.state import (
        StateError,
        created,
        pair_added,
        pair_edited,
        pair_removed,
        replay,
        round_paired,
    )

    head = [created("X", "X", "dalian-club", EventFormat.swiss, 2, load("club"), None, None, None, 1),
            pair_added(Pair("A", "甲", "乙")), pair_added(Pair("B", "丙", "丁")), pair_added(Pair("C", "戊", "己"))]
    # before pairing: C removed, B's club corrected
    state = replay([*head, pair_removed("C", "mistake"), pair_edited(Pair("B", "丙", "丁", "星海"))])
    assert [(p.code, p.club) for p in state.pairs] == [("A", ""), ("B", "星海")]
    # after round 1 paired A v B with C's bye, removing C (entry 6) does not fit: a log edited by hand
    paired = round_paired(Round(1, (Table(1, "X-R1-T1", "A", "B"),), "C"))
    with pytest.raises(StateError) as refused:
        replay([*head, paired, pair_removed("C", "x")])
    assert (refused.value.seq, refused.value.what) == (6, "bad_action")
