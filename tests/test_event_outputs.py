"""An event's outputs read back: the XLSX workbook (openpyxl), the round sheet and the standings
report (pypdf), and the words of the event layer (tie-break explanations, pairing explanations).

The event is built directly from ``MatchSummary`` values; every standings number below is worked out
by hand in the comments (club scoring: 2:0 → 3, 2:1 → 2, 1:2 → 1, 0:2 → 0, a bye → 2).
"""

from __future__ import annotations

import io
import random
import re

import pytest

from referee.games.gunzi.summary import GameSummary, MatchSummary, Sides, TeamNames
from referee.tournament.model import Pair, Round, RoundStatus, Table, WithdrawnReason
from referee.tournament.pairing import SeatExplanation, SeatRule, SwissPairing, TableExplanation, swiss_round
from referee.tournament.scoring import Criterion, load
from referee.tournament.standings import explain, standings
from referee.views.eventrows import counted
from referee.views.eventwords import criterion_name, explain_text, pairing_text, value_text

openpyxl = pytest.importorskip("openpyxl")
pypdf = pytest.importorskip("pypdf")

C = Criterion
CLUB = load("club")
SEED = 7


def game(winner: str, ew: int, ns: int) -> GameSummary:
    return GameSummary(0, winner, "passed_10", Sides(ew, ns))  # type: ignore[arg-type]


def match(mid: str, *games: GameSummary, ledger: tuple[int, int] = (0, 0), finished: bool = True,
          forfeit: bool = False) -> MatchSummary:
    games = tuple(g._replace(game=i) for i, g in enumerate(games, 1))
    won = Sides(sum(g.winner == "EW" for g in games), sum(g.winner == "NS" for g in games))
    winner = ("EW" if won.EW > won.NS else "NS") if finished else None
    return MatchSummary(mid, "dalian-club", ("", "", "", ""), TeamNames("", ""), finished, winner, won, games,  # type: ignore[arg-type]
                        Sides(*ledger), forfeit)


EVENT = "2026 春季杯 Spring Cup"
PAIRS = [Pair("A1", "张三", "李四", "海之韵"), Pair("A2", "王五", "赵六", "星海"), Pair("B1", "Li Wei", "Zoë Chen"),
         Pair("B2", "周九", "吴十", "老虎滩"),
         Pair("C1", "郑一", "冯二", "星海", active=False, withdrawn_reason=WithdrawnReason.withdrew)]
ROUNDS = [
    Round(1, (Table(1, "EV-R1-T1", "A1", "A2"), Table(2, "EV-R1-T2", "B1", "B2")), "C1", RoundStatus.closed),
    Round(2, (Table(1, "EV-R2-T1", "B2", "A1"), Table(2, "EV-R2-T2", "C1", "A2")), "B1", RoundStatus.closed),
    Round(3, (Table(1, "EV-R3-T1", "A2", "B2"), Table(2, "EV-R3-T2", "A1", "B1")), None, RoundStatus.open),
]
SUMMARIES = {
    "EV-R1-T1": match("EV-R1-T1", game("EW", 10, 5), game("NS", 6, 10), game("EW", 10, 7), ledger=(12, -12)),
    "EV-R1-T2": match("EV-R1-T2", game("NS", 4, 10), game("NS", 9, 10), ledger=(-40, 40)),
    "EV-R2-T1": match("EV-R2-T1", game("EW", 10, 3), game("EW", 10, 8), ledger=(25, -25)),
    "EV-R2-T2": match("EV-R2-T2", game("NS", 7, 10), game("EW", 10, 9), game("NS", 3, 10), ledger=(-5, 5)),
    "EV-R3-T1": match("EV-R3-T1", game("EW", 10, 6), finished=False),  # in play, 1:0; EV-R3-T2 not started
}
# R1: A1-A2 2:1 (A1 2, A2 1); B1-B2 0:2 (B1 0, B2 3); bye C1 (2).
# R2: B2-A1 2:0 (B2 3, A1 0); C1-A2 1:2 (C1 1, A2 2); bye B1 (2).   R3 unfinished: counts nothing.
# Match points: A1 2+0 = 2, A2 1+2 = 3, B1 0+2 = 2, B2 3+3 = 6, C1 2+1 = 3.
# Games: A1 2:1 + 0:2 = 2:3 (-1); A2 1:2 + 2:1 = 3:3 (0); B1 0:2 (-2); B2 2:0 + 2:0 = 4:0 (+4); C1 1:2 (-1).
# Ranks: B2 (6); A2 and C1 (3): games difference 0 > -1, A2 first; A1 and B1 (2): -1 > -2, A1 first.
#   No group is still tied at head-to-head, so it is blank for everyone.
# Buchholz: A1 = A2 3 + B2 6 = 9; A2 = A1 2 + C1 3 = 5; B1 = B2 6 + its bye (its own 2) = 8;
#   B2 = B1 2 + A1 2 = 4; C1 = its bye (its own 3) + A2 3 = 6.
# Level difference (own level - opponent's, each game): A1 (5 - 4 + 3) + (-7 - 2) = -5;
#   A2 (-5 + 4 - 3) + (3 - 1 + 7) = +5; B1 -6 - 1 = -7; B2 (6 + 1) + (7 + 2) = +16; C1 -3 + 1 - 7 = -9.
# Ledger: A1 12 - 25 = -13; A2 -12 + 5 = -7; B1 -40; B2 40 + 25 = 65; C1 -5.
# Played/won/lost/byes: A1 2/1/1/0, A2 2/1/1/0, B1 1/0/1/1, B2 2/2/0/0, C1 1/0/1/1.
LOTS = list(range(1, 6))
random.Random(SEED).shuffle(LOTS)  # the lot: a permutation of 1..5 in entry order (standings' convention)
LOT = dict(zip(["A1", "A2", "B1", "B2", "C1"], LOTS, strict=True))

ST = standings(PAIRS, ROUNDS, SUMMARIES, CLUB, seed=SEED)

# rank, pair, player 1, player 2, club, status, played, won, lost, byes, match points, games won, games lost,
# games difference, head-to-head, Buchholz, level difference, ledger, lot
EXPECTED = [
    (1, "B2", "周九", "吴十", "老虎滩", None, 2, 2, 0, 0, 6, 4, 0, 4, None, 4, 16, 65, LOT["B2"]),
    (2, "A2", "王五", "赵六", "星海", None, 2, 1, 1, 0, 3, 3, 3, 0, None, 5, 5, -7, LOT["A2"]),
    (3, "C1", "郑一", "冯二", "星海", "withdrew", 1, 0, 1, 1, 3, 1, 2, -1, None, 6, -9, -5, LOT["C1"]),
    (4, "A1", "张三", "李四", "海之韵", None, 2, 1, 1, 0, 2, 2, 3, -1, None, 9, -5, -13, LOT["A1"]),
    (5, "B1", "Li Wei", "Zoë Chen", None, None, 1, 0, 1, 1, 2, 0, 2, -2, None, 8, -7, -40, LOT["B1"]),
]


# --- the workbook ----------------------------------------------------------------------------------


def workbook(tmp_path, lang: str, pairs=PAIRS):
    from referee.views.xlsx import write_workbook

    path = tmp_path / f"event-{lang}.xlsx"
    write_workbook(path, EVENT, pairs, ROUNDS, standings(pairs, ROUNDS, SUMMARIES, CLUB, seed=SEED), SUMMARIES, lang,
                   scoring=CLUB)
    return openpyxl.load_workbook(path)


def values(sheet) -> list[tuple]:
    return [tuple(row) for row in sheet.iter_rows(values_only=True)]


def test_workbook_standings_sheet_in_english(tmp_path):
    book = workbook(tmp_path, "en")
    assert book.sheetnames == ["Standings", "Entries", "Results", "Cross table"]
    rows = values(book["Standings"])
    assert rows[0] == ("Rank", "Pair", "Player 1", "Player 2", "Club", "Status", "Played", "Won", "Lost", "Byes",
                       "Match points", "Games won", "Games lost", "Games difference", "Head-to-head", "Buchholz",
                       "Level difference", "Ledger", "Lot")
    assert rows[1:] == EXPECTED


def test_workbook_in_chinese_keeps_the_names(tmp_path):
    book = workbook(tmp_path, "zh")
    assert book.sheetnames == ["排名", "报名", "成绩", "交叉表"]
    rows = values(book["排名"])
    assert rows[0][:6] == ("名次", "对", "选手1", "选手2", "俱乐部", "状态")
    assert rows[0][10] == "积分"
    assert rows[0][13:] == ("局分差", "胜负关系", "布赫霍尔茨分（对手分）", "级差", "计分", "抽签")
    assert rows[3][:6] == (3, "C1", "郑一", "冯二", "星海", "退赛")
    assert rows[1:] == [(*e[:5], "退赛" if e[5] else None, *e[6:]) for e in EXPECTED]
    assert values(book["报名"])[1] == ("A1", "张三", "李四", "海之韵", None)


def test_workbook_entries_and_results(tmp_path):
    book = workbook(tmp_path, "en")
    assert values(book["Entries"]) == [("Pair", "Player 1", "Player 2", "Club", "Status"),
                                       ("A1", "张三", "李四", "海之韵", None), ("A2", "王五", "赵六", "星海", None),
                                       ("B1", "Li Wei", "Zoë Chen", None, None), ("B2", "周九", "吴十", "老虎滩", None),
                                       ("C1", "郑一", "冯二", "星海", "withdrew")]
    assert values(book["Results"]) == [
        ("Round", "Table", "Match", "EW pair", "NS pair", "EW games", "NS games", "EW match points",
         "NS match points", "Winner", "Status", "Reason"),
        # games as numbers; match points by the club scoring: 2:1 → 2 and 1, 0:2 → 0 and 3, 2:0 → 3 and 0
        (1, 1, "EV-R1-T1", "A1", "A2", 2, 1, 2, 1, "A1", "finished", None),
        (1, 2, "EV-R1-T2", "B1", "B2", 0, 2, 0, 3, "B2", "finished", None),
        (1, None, None, "C1", None, None, None, None, None, None, "bye", None),
        (2, 1, "EV-R2-T1", "B2", "A1", 2, 0, 3, 0, "B2", "finished", None),
        (2, 2, "EV-R2-T2", "C1", "A2", 1, 2, 1, 2, "A2", "finished", None),
        (2, None, None, "B1", None, None, None, None, None, None, "bye", None),
        (3, 1, "EV-R3-T1", "A2", "B2", 1, 0, None, None, None, "in play", None),  # unfinished: no points yet
        (3, 2, "EV-R3-T2", "A1", "B1", None, None, None, None, None, "not started", None),
    ]


def test_a_name_that_looks_like_a_formula_stays_a_name(tmp_path):
    pairs = [PAIRS[0]._replace(player1="=HYPERLINK(\"http://x\",\"y\")"), *PAIRS[1:]]
    book = workbook(tmp_path, "en", pairs)
    cell = book["Entries"]["B2"]
    assert cell.value == "=HYPERLINK(\"http://x\",\"y\")" and cell.data_type == "s"


def test_a_forfeit_is_shown_as_counted():
    # NS forfeit with EW two games up and NS one: the standings count 2:0, and so do the sheets.
    s = match("F", game("EW", 10, 3), game("NS", 3, 10), game("EW", 10, 3), forfeit=True)
    assert s.games_won == Sides(2, 1) and counted(s) == Sides(2, 0)
    assert counted(s._replace(winner="NS", games_won=Sides(1, 2))) == Sides(0, 2)
    assert counted(s._replace(forfeit=False)) == Sides(2, 1)


def test_writing_into_a_missing_folder_is_the_one_file_error(tmp_path):
    """Issue 15 item 5 / issue 16 item 19: every operating-system error of an output is the one
    FileError, with the one exit code (1, not a usage error's 2); no folder is made."""
    from referee.core.safefile import OS_ERROR, FileError
    from referee.views.sheets import standings_report
    from referee.views.xlsx import write_workbook

    target = tmp_path / "no-such-folder" / "x.xlsx"
    with pytest.raises(FileError) as info:
        write_workbook(target, EVENT, PAIRS, ROUNDS, ST, SUMMARIES, "zh")
    assert info.value.text("en") == f"{target}: the folder does not exist"
    assert info.value.text("zh") == f"{target}：文件夹不存在"
    assert info.value.exit_code == OS_ERROR == 1 and not target.parent.exists()
    with pytest.raises(FileError):
        standings_report(tmp_path / "no-such-folder" / "x.pdf", EVENT, PAIRS, ROUNDS, ST, SUMMARIES, "en")


# --- the PDFs --------------------------------------------------------------------------------------


def pages(path) -> list:
    return pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def lines_of(page) -> list[list[str]]:
    """The page's text as rows: the pieces drawn at (nearly) one height, left to right, top to bottom."""
    items: list[tuple[float, float, str]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            items.append((y, x, text.strip()))

    page.extract_text(visitor_text=visit)
    rows: list[list[tuple[float, str]]] = []
    last = None
    for y, x, text in sorted(items, key=lambda i: (-i[0], i[1])):
        if last is None or abs(y - last) > 2:
            rows.append([])
            last = y
        rows[-1].append((x, text))
    return [[t for _, t in sorted(r)] for r in rows]


def row_of(page, first: str, second: str) -> list[str]:
    """The row of a table whose first two cells are *first* and *second*."""
    found = [r for r in lines_of(page) if r[:2] == [first, second]]
    assert len(found) == 1, (first, second, lines_of(page))
    return found[0]


@pytest.mark.parametrize("lang, page_word", [("zh", "第{n}页"), ("en", "Page{n}")], ids=["zh", "en"])
def test_round_sheet_lists_tables_and_pairs_and_a_card_per_table(tmp_path, lang, page_word):
    from referee.views.sheets import round_sheet

    path = tmp_path / "r3.pdf"
    round_sheet(path, EVENT, ROUNDS[2], PAIRS, lang)
    ps = pages(path)
    assert len(ps) == 2  # the lists, then the two cards on one page
    for n, page in enumerate(ps, 1):
        text = flat(page.extract_text())
        assert page_word.format(n=n) in text and "2026春季杯SpringCup" in text
    first = ps[0]
    # by table: table 1 EV-R3-T1 A2 (王五、赵六 (星海)) v B2; table 2 EV-R3-T2 A1 v B1
    assert row_of(first, "1", "EV-R3-T1")[2] == "A2" and "B2" in row_of(first, "1", "EV-R3-T1")
    assert row_of(first, "2", "EV-R3-T2")[2] == "A1" and "B1" in row_of(first, "2", "EV-R3-T2")
    # by pair, in pair order: A1 table 2 EW v B1; A2 table 1 EW v B2; B1 table 2 NS v A1; B2 table 1 NS v A2
    text = flat(first.extract_text())
    ew, ns = ("东西", "南北") if lang == "zh" else ("EW", "NS")
    sep = "、" if lang == "zh" else ","
    by_pair = [f"A1张三{sep}李四海之韵2{ew}B1", f"A2王五{sep}赵六星海1{ew}B2", f"B1LiWei{sep}ZoëChen2{ns}A1",
               f"B2周九{sep}吴十老虎滩1{ns}A2"]
    at = [text.index(row) for row in by_pair]
    assert at == sorted(at)
    assert "C1" not in text  # withdrawn: not in this round
    # the cards: EW pair's player 1 at E, player 2 at W; NS pair's at S and N
    cards = flat(ps[1].extract_text())
    e, s, w, n = ("东", "南", "西", "北") if lang == "zh" else ("E", "S", "W", "N")
    for mid, table, seats in (("EV-R3-T1", 1, (f"{e}王五{w}赵六", f"{s}周九{n}吴十")),
                              ("EV-R3-T2", 2, (f"{e}张三{w}李四", f"{s}LiWei{n}ZoëChen"))):
        assert mid in cards and all(x in cards for x in seats), (mid, cards)
        assert (f"第3轮·第{table}桌" if lang == "zh" else f"Round3·Table{table}") in cards
    assert cards.index("EV-R3-T1") < cards.index("EV-R3-T2")


def test_round_sheet_with_a_bye_and_more_cards_than_a_page(tmp_path):
    from referee.views.sheets import round_sheet

    many = [Pair(f"P{i}", f"选手{i}甲", f"选手{i}乙") for i in range(1, 12)]  # 11 pairs: 5 tables and a bye
    tables = tuple(Table(t, f"BIG-R1-T{t}", f"P{2 * t - 1}", f"P{2 * t}") for t in range(1, 6))
    path = tmp_path / "r1.pdf"
    round_sheet(path, "大连杯", Round(1, tables, "P11"), many, "zh")
    ps = pages(path)
    assert len(ps) == 1 + 2  # the lists, then 5 cards three to a page (issue 18 item 7: 3 + 2)
    every = flat("".join(p.extract_text() for p in ps))
    for t in range(1, 6):
        assert f"BIG-R1-T{t}" in every and f"第1轮·第{t}桌" in every
    assert "轮空：P11（选手11甲、选手11乙）" in every
    assert [n for n in range(1, 4) if f"第{n}页" in flat(ps[n - 1].extract_text())] == [1, 2, 3]
    # tables 1–3 on the first page of cards, 4 and 5 on the next
    assert [[t for t in range(1, 6) if f"第1轮·第{t}桌" in flat(p.extract_text())] for p in ps[1:]] == [[1, 2, 3],
                                                                                                     [4, 5]]
    # the by-pair list is in natural order: P2 before P10
    first = flat(ps[0].extract_text())
    assert first.index("P2选手2甲") < first.index("P10选手10甲")


def signed(v: int) -> str:
    """A difference as the report prints it: +3, 0, -1."""
    return f"+{v}" if v > 0 else str(v)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_standings_report(tmp_path, lang):
    from referee.views.sheets import standings_report

    path = tmp_path / "report.pdf"
    standings_report(path, EVENT, PAIRS, ROUNDS, ST, SUMMARIES, lang)
    ps = pages(path)
    all_text = flat("".join(p.extract_text() for p in ps))
    for n, page in enumerate(ps, 1):
        text = flat(page.extract_text())
        assert (f"第{n}页" if lang == "zh" else f"Page{n}") in text and "2026春季杯SpringCup" in text
    # round 3 is open: the title says so, and its two unfinished matches are listed
    assert ("第3轮进行中的排名" if lang == "zh" else "Standingsduringround3") in all_text
    assert ("EV-R3-T1、EV-R3-T2" if lang == "zh" else "EV-R3-T1,EV-R3-T2") in all_text
    # the standings rows: rank and pair, then played won lost byes, match points, games won, games lost,
    # games difference, (head-to-head blank), Buchholz, level difference, ledger, lot
    first = ps[0]
    for rank, code, *_, _status, played, won, lost, byes, mp, gw, gl, gd, _h2h, bu, ld, ledger, lot in EXPECTED:
        row = row_of(first, str(rank), code)
        numbers = [str(played), str(won), str(lost), str(byes), str(mp), str(gw), str(gl), signed(gd), str(bu),
                   signed(ld), signed(ledger), str(lot)]
        assert row[-len(numbers):] == numbers, row
    assert row_of(first, "1", "B2")[-4:-1] == ["4", "+16", "+65"]  # B2: Buchholz 4, levels +16, ledger +65
    assert ("退赛" if lang == "zh" else "withdrew") in row_of(first, "3", "C1")
    # every match id, and the cross table: A1 met A2 (EW, 2:1), B2 (NS, 0:2), B1 (EW, not started)
    for mid in ("EV-R1-T1", "EV-R1-T2", "EV-R2-T1", "EV-R2-T2", "EV-R3-T1", "EV-R3-T2"):
        assert mid in all_text
    ew, ns = ("东西", "南北") if lang == "zh" else ("EW", "NS")
    assert f"4A1A2{ew}2:1B2{ns}0:2B1{ew}–2" in all_text
    assert f"1B2B1{ns}2:0A1{ew}2:0A2{ns}0:1…6" in all_text  # R3 in play: A2 leads 1:0, B2's side 0:1
    assert ("轮空" if lang == "zh" else "bye") in all_text


# --- the words -------------------------------------------------------------------------------------


def test_criterion_names_in_both_languages():
    assert [criterion_name(c, "en") for c in C] == ["match points", "games difference", "head-to-head", "Buchholz",
                                                      "Sonneborn-Berger", "level difference", "ledger", "lot"]
    assert [criterion_name(c, "zh") for c in C] == [
        "积分", "局分差", "胜负关系", "布赫霍尔茨分（对手分）", "索伯分", "级差", "计分", "抽签"]
    assert [value_text(C.games_difference, v) for v in (3, 0, -1)] == ["+3", "0", "-1"]
    assert value_text(C.buchholz, 3) == "3" and value_text(C.head_to_head, None) == ""


def play(spec, codes):
    """Standings from [[(ew, ns, ew games, ns games), ...] per round]; every game ends 10 : 8."""
    rounds, summaries = [], {}
    for r, tables in enumerate(spec, 1):
        ts = []
        for t, (ew, ns, a, b) in enumerate(tables, 1):
            mid = f"R{r}-T{t}"
            ts.append(Table(t, mid, ew, ns))
            summaries[mid] = match(mid, *[game("EW", 10, 8)] * a, *[game("NS", 8, 10)] * b)
        rounds.append(Round(r, tuple(ts)))
    return standings([Pair(c, f"{c}1", f"{c}2") for c in codes], rounds, summaries, CLUB, seed=1)


def test_explain_a_tie_decided_by_head_to_head():
    # R1: P-Q 2:1 (P 2, Q 1), R-S 2:0 (R 3, S 0).   R2: P-S 1:2 (P 1, S 2), Q-R 2:1 (Q 2, R 1).
    # P 3, Q 3; games P 3:3, Q 3:3: level on both. They met: head-to-head P 2 > Q 1, so P is ahead,
    # though Buchholz would have put Q first (Q = P 3 + R 4 = 7 > P = Q 3 + S 2 = 5).
    st = play([[("P", "Q", 2, 1), ("R", "S", 2, 0)], [("P", "S", 1, 2), ("Q", "R", 2, 1)]], "PQRS")
    assert [r.pair for r in st.rows] == ["R", "P", "Q", "S"]
    why = explain(st, "P", "Q")
    assert explain_text(why, "en", "P", "Q") == (
        "P and Q are level on match points (3 = 3); P and Q are level on games difference (0 = 0); "
        "P is ahead of Q on head-to-head (2 > 1): that decides it")
    assert explain_text(why, "zh", "P", "Q") == (
        "P 与 Q 积分相同（3 = 3）；P 与 Q 局分差相同（0 = 0）；P 胜负关系领先 Q（2 > 1），由此决出名次")
    assert explain_text(explain(st, "Q", "P"), "en", "Q", "P").endswith(
        "P is ahead of Q on head-to-head (2 > 1): that decides it")


def test_explain_a_tie_decided_by_buchholz():
    # R1: A-C 2:0 (A 3, C 0), B-D 2:0 (B 3, D 0), E-F 2:1 (E 2, F 1).
    # R2: A-E 0:2 (A 0, E 3), B-F 0:2 (B 0, F 3), C-D 2:1 (C 2, D 1).
    # A 3, B 3, games 2:2 each; they never met, so head-to-head does not apply;
    # Buchholz A = C 2 + E 5 = 7 > B = D 1 + F 4 = 5: A first.
    st = play([[("A", "C", 2, 0), ("B", "D", 2, 0), ("E", "F", 2, 1)],
               [("A", "E", 0, 2), ("B", "F", 0, 2), ("C", "D", 2, 1)]], "ABCDEF")
    assert [r.pair for r in st.rows] == ["E", "F", "A", "B", "C", "D"]
    why = explain(st, "B", "A")
    assert explain_text(why, "en", "B", "A") == (
        "B and A are level on match points (3 = 3); B and A are level on games difference (0 = 0); "
        "head-to-head does not apply (not every two of the tied pairs have met); "
        "A is ahead of B on Buchholz (7 > 5): that decides it")
    assert explain_text(why, "zh", "B", "A") == (
        "B 与 A 积分相同（3 = 3）；B 与 A 局分差相同（0 = 0）；胜负关系不适用（并列的各对并未两两交手）；"
        "A 布赫霍尔茨分（对手分）领先 B（7 > 5），由此决出名次")


def test_explain_signed_values_the_lot_and_a_shared_rank():
    # From the event above: A2 and C1 on 3 points, games difference 0 > -1.
    assert explain_text(explain(ST, "C1", "A2"), "en", "C1", "A2") == (
        "C1 and A2 are level on match points (3 = 3); A2 is ahead of C1 on games difference (0 > -1): that decides it")
    # Nobody has played: the lot alone decides, the lower number first.
    st = standings([Pair(c, f"{c}1", f"{c}2") for c in "XY"], [], {}, CLUB, seed=3)
    lots = [1, 2]
    random.Random(3).shuffle(lots)
    first, second = ("X", "Y") if lots[0] == 1 else ("Y", "X")
    text = explain_text(explain(st, "X", "Y"), "en", "X", "Y")
    assert text.endswith(f"{first} is ahead on the lot (1 < 2: the lower number drawn ranks first): that decides it")
    assert "抽签在前（1 < 2，签号小者在前）" in explain_text(explain(st, "X", "Y"), "zh", "X", "Y")
    # Without a lot, two pairs equal on everything share a rank, and the words say so.
    from referee.tournament.scoring import from_dict

    no_lot = from_dict({"name": "n", "base": "club", "tiebreaks": {"order": ["match_points"]}})
    st = standings([Pair(c, f"{c}1", f"{c}2") for c in "XY"], [], {}, no_lot, seed=3)
    assert explain_text(explain(st, "X", "Y"), "en", "X", "Y") == (
        "X and Y are level on match points (0 = 0); nothing separates X and Y: they share a rank")


def test_pairing_text_words_each_table_and_the_bye():
    pairing = SwissPairing(
        tables=(Table(1, "R3-T1", "A", "B"), Table(2, "R3-T2", "C", "D")), bye="E",
        explanation=(
            TableExplanation(1, SeatExplanation("A", 1, 6, ()), SeatExplanation("B", 2, 6, ()), False,
                             SeatRule.balance),
            TableExplanation(2, SeatExplanation("C", 3, 4, ("F",)), SeatExplanation("D", 5, 2, ()), True,
                             SeatRule.table)),
        round=3)
    assert pairing_text(pairing, "en").splitlines() == [
        "Table 1: A (EW, rank 1, 6 match points) v B (NS, rank 2, 6 match points): both in the 6-point score group; "
        "A sits EW: it has sat EW fewer times than B",
        "Table 2: C (EW, rank 3, 4 match points) v D (NS, rank 5, 2 match points): C floats down from the 4-point "
        "group to meet D (2); C has already met F, nearer in match points; nothing in their seats so far separates "
        "them: the higher-ranked pair sits EW at odd tables, NS at even ones",
        "Bye: E, the lowest-ranked pair without a bye that lets every other pair play",
    ]
    zh = pairing_text(pairing, "zh").splitlines()
    assert zh[0] == ("第 1 桌：A（东西，第 1 名，积分 6）对 B（南北，第 2 名，积分 6）：同在积分 6 组；"
                     "A 坐东西：它坐东西的次数比 B 少")
    assert "C 从积分 4 组下调，对阵 D（积分 2）；C 已与积分更接近的 F 交过手" in zh[1]
    assert zh[2].startswith("轮空：E")
    again = pairing._replace(bye_repeat=True)
    assert pairing_text(again, "en").splitlines()[-1] == "Bye: E, a second time: no pair without a bye could take it"


def test_pairing_text_of_a_real_swiss_round():
    # Round 2 of four pairs after A beat B and C beat D: the winners meet (both 3 points), and the losers.
    pairs = [Pair(c, f"{c}1", f"{c}2") for c in "ABCD"]
    r1 = Round(1, (Table(1, "R1-T1", "A", "B"), Table(2, "R1-T2", "C", "D")), None, RoundStatus.closed)
    summaries = {"R1-T1": match("R1-T1", game("EW", 10, 8), game("EW", 10, 8)),
                 "R1-T2": match("R1-T2", game("EW", 10, 8), game("EW", 10, 8))}
    st = standings(pairs, [r1], summaries, CLUB, seed=1)
    pairing = swiss_round(pairs, [r1], st)
    assert isinstance(pairing, SwissPairing)
    lines = pairing_text(pairing, "en").splitlines()
    assert len(lines) == 2
    assert "both in the 3-point score group" in lines[0] and "both in the 0-point score group" in lines[1]
    # A and C both sat EW in round 1, B and D both NS: nothing in their seats separates them
    assert all("the higher-ranked pair sits EW at odd tables" in line for line in lines)


def test_a_round_naming_a_pair_that_is_no_entry_is_refused_before_writing(tmp_path):
    from referee.core.errors import RefereeError
    from referee.views.sheets import round_sheet

    stray = Round(4, (Table(1, "EV-R4-T1", "A1", "Z9"),))
    path = tmp_path / "r4.pdf"
    with pytest.raises(RefereeError) as info:
        round_sheet(path, EVENT, stray, PAIRS, "en")
    assert info.value.text("en") == "round 4: pair Z9 is not an entry of the event"
    assert info.value.text("zh") == "第 4 轮：对 Z9 不在本赛事的报名中"
    assert not path.exists()
