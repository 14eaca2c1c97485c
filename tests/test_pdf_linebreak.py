"""How the PDFs' lines break (issue 30): Chinese by the kinsoku rules (禁则), English only at spaces.

Every PDF that wraps text (the ruling sheet, the scorecard, the event's round sheet, the league's and the event's
reports) is read back with pypdf, in the CID font (STSong-Light: its metrics are ReportLab's own, the same on every
machine). The rules, from W3C's *Requirements for Chinese Text Layout* §3.1.7: no line starts with a closing
bracket or quote, a pause or a stop (ReportLab's ``ALL_CANNOT_START`` and the full-width Chinese marks it lacks:
，；：！？）》〉”’), none ends with an opening bracket or quote (``ALL_CANNOT_END`` and （《〈“‘).

The Chinese text is built to force the case: "甲" × k then "；（乙），" for k = 1, 2, …, 24. A line of L characters
broken between any two of them ends at character L, 2L, …; as k grows by one each group, the places of "；", "，"
and "（" move against those ends, so that a line's end falls before a "；" or a "，" (the next line would start with
it) or after a "（" (the line would end with it). For one paragraph that holds for the widths of these PDFs in the
CID font (each test failed on ReportLab's CJK wrap, the code before this change); the league report's notes are the
text shifted by 0 to 19 characters, so that some line's end falls on each place whatever the line's length.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from reportlab.lib.textsplit import ALL_CANNOT_END, ALL_CANNOT_START

pypdf = pytest.importorskip("pypdf")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOT_FIRST = set(ALL_CANNOT_START) | set("，；：！？）》〉”’")
NOT_LAST = set(ALL_CANNOT_END) | set("（《〈“‘")
FORCED = "".join("甲" * k + "；（乙），" for k in range(1, 25))  # 420 characters (a claim holds 500)
# an English text of words (a path of 98 characters) longer than half a line of the sheet (~130 characters): ReportLab's
# CJK wrap looks back half a line for a space, and finding none cuts the word where the line runs out
LONG_WORD = "docs/gunzi-rules.md#the-kitty-its-points-and-the-dig-as-the-referee-saw-them-at-the-spring-cup-table"
ENGLISH = " ".join(["the kitty held more points, see", *[LONG_WORD] * 4, "and the notes"])


def lines(pdf: Path) -> list[str]:
    """Every line of text of every page, as pypdf reads them (a paragraph's lines, a table cell's)."""
    return [line.strip() for page in pypdf.PdfReader(str(pdf)).pages for line in page.extract_text().splitlines()
            if line.strip()]


def against_the_rules(found: list[str]) -> list[str]:
    return [line for line in found if line[0] in NOT_FIRST or line[-1] in NOT_LAST]


def assert_kinsoku(pdf: Path, text: str = FORCED, least: int = 3) -> None:
    found = lines(pdf)
    flat = "".join("".join(found).split())
    assert text in flat  # the text is printed, whole
    wrapped = [line for line in found if "甲；（乙）" in line]
    assert len(wrapped) >= least, found  # on several lines: the check has line ends to look at
    # the lines of the text (a table cell in several fonts is drawn piece by piece: pypdf reads a lone "," of
    # "张三, 李四" as a line of its own)
    assert against_the_rules([line for line in found if set(line) & set("甲乙")]) == []


def assert_words_whole(pdf: Path, copies: int) -> None:
    """Each of the *copies* of LONG_WORD on the page whole: a line breaks at a space only."""
    tokens = [w for line in lines(pdf) for w in line.split()]
    assert tokens.count(LONG_WORD) == copies, [w for w in tokens if w in LONG_WORD and len(w) > 3]


def test_the_rules_hold_reportlab_s_tables_and_the_chinese_marks() -> None:
    from referee.views.scorecard.linebreak import CANNOT_END, CANNOT_START, breaks

    assert NOT_FIRST <= CANNOT_START and NOT_LAST <= CANNOT_END
    # 甲；（乙 a-b: a break before 甲 (after the start: never), before ； (no), before （ (yes: after ；, before （),
    # before 乙 (no: after （), before the space (no), before a (yes: after a space), before - and b (no: one word)
    assert breaks("甲；（乙 a-b") == [False, False, True, False, False, True, False, False, True]
    # a Chinese character next to a Latin one: a break either side, unless a mark forbids it (“ ends no line)
    assert breaks("中A中“x") == [False, True, True, True, False, True]


def test_lines_hang_a_closing_mark_push_an_opening_one_down_and_cut_only_a_word_longer_than_the_line() -> None:
    from referee.views.scorecard.linebreak import lines

    ten = [10.0] * 8  # every character 10 pt wide, lines of 30 pt: three characters
    # 甲甲甲；乙: "；" overflows (40 > 30) and may not start a line: it hangs, the line 40 wide (10 left: -10)
    assert lines("甲甲甲；乙", ten, [30.0]) == [(0, 4, -10.0, 40.0, False), (4, 5, 20.0, 10.0, False)]
    # 甲甲（乙丙: 乙 overflows; a break before it would leave "（" last: the line breaks before "（" (2 characters,
    # 10 left), the next holds （乙丙 (30: it fits)
    assert lines("甲甲（乙丙", ten, [30.0]) == [(0, 2, 10.0, 40.0, False), (2, 5, 0.0, 30.0, False)]
    # ab cdef: after the space (3 characters, 0 left), then cdef, longer than a line: cut after cde
    assert lines("ab cdef", ten, [30.0]) == [(0, 3, 0.0, 40.0, False), (3, 6, 0.0, 40.0, False),
                                             (6, 7, 20.0, 10.0, False)]
    # a b中文 between words first (a heading's style): after "a " (10 left), then "b中文" whole (30); without,
    # "a b" then "中文"; a b中文字 between words: "b中文字" (40) is wider than a line, so it starts on the first
    assert lines("a b中文", ten, [30.0], words=True) == [(0, 2, 10.0, 40.0, False), (2, 5, 0.0, 30.0, False)]
    assert lines("a b中文", ten, [30.0]) == [(0, 3, 0.0, 40.0, False), (3, 5, 10.0, 20.0, False)]
    assert lines("a b中文字", ten, [30.0], words=True)[0] == (0, 3, 0.0, 40.0, False)
    # a forced break (<br/>) ends its line where it is, a first line of 20 pt and 30 pt after it
    assert lines("甲乙丙丁", ten, [20.0, 30.0], hard=[False, True, False, False]) == [
        (0, 2, 0.0, 20.0, True), (2, 4, 10.0, 20.0, False)]


def test_the_checks_see_a_line_against_the_rules() -> None:
    """The checks fail on a text broken between any two characters: a line of 10 characters of FORCED."""
    cut = [FORCED[i:i + 10] for i in range(0, len(FORCED), 10)]
    # FORCED's groups are characters 0-5 甲；（乙），, 6-12 甲甲；（乙），, 13-20 甲甲甲；（乙），,
    # 21-29 甲甲甲甲；（乙），: the first line, 0-9, ends with "（"; the third, 20-29, starts with "，"
    assert cut[0] == "甲；（乙），甲甲；（" and cut[2] == "，甲甲甲甲；（乙），"
    assert against_the_rules(cut[:3]) == [cut[0], cut[2]]


@pytest.fixture
def dispute(tmp_path: Path):
    """Dispute 1 of the Dou Dizhu example evening, claimed in FORCED or in ENGLISH: (store, match, number)."""
    from referee.app import disputes
    from referee.games.registry import game
    from referee.store.api import open_store

    def raised(claim: str):
        store = open_store(tmp_path / f"store-{len(claim)}")
        g = game("doudizhu")
        store.create(list(g.read((EXAMPLES / "club-night.doudizhu").read_text(encoding="utf-8")).events), "ann")
        disputes.raise_dispute(store, "DDZ-N1-T2", hand=1, by="1", claim=claim, referee="ann")
        return disputes.weighed(store, "DDZ-N1-T2", 1)

    return raised


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_ruling_sheet_breaks_chinese_by_the_rules(tmp_path: Path, dispute, lang: str) -> None:
    from referee.views.rulingsheet import ruling_sheet

    pdf = tmp_path / "ruling.pdf"
    ruling_sheet(pdf, dispute(FORCED), lang, font="cid")
    assert_kinsoku(pdf)  # the claim in the sheet's language and under it in the other


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_ruling_sheet_breaks_english_at_spaces_only(tmp_path: Path, dispute, lang: str) -> None:
    from referee.views.rulingsheet import ruling_sheet

    pdf = tmp_path / "ruling.pdf"
    ruling_sheet(pdf, dispute(ENGLISH), lang, font="cid")
    assert_words_whole(pdf, 8)  # 4 in the claim, printed in the sheet's language and under it in the other


def _scorecard(pdf: Path, reason: str, lang: str) -> None:
    from referee.games.registry import game
    from referee.views.scorecard.layout import build_scorecard

    g = game("gunzi")
    events = list(g.read((EXAMPLES / "spring-cup.gunzi").read_text(encoding="utf-8")).events)
    result = g.replay(events, g.load_rules(g.header(events).rules))
    log = [{"kind": "void", "seq": 30, "target": 12, "reason": reason, "referee": "王裁判",
            "time": "2026-12-01T10:00:00Z"}]
    build_scorecard(result, pdf, lang=lang, font_path="cid", log=log, game=g, rules="the rules")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_scorecard_breaks_a_correction_s_reason_by_the_rules(tmp_path: Path, lang: str) -> None:
    pdf = tmp_path / "card.pdf"
    _scorecard(pdf, FORCED, lang)
    assert_kinsoku(pdf, least=10)  # the reason's column is 234 pt: ~27 characters a line


def test_the_scorecard_breaks_an_english_reason_at_spaces_only(tmp_path: Path) -> None:
    pdf = tmp_path / "card.pdf"
    reason = f"the kitty was miscounted, see {LONG_WORD[:40]} and the notes of both captains"
    _scorecard(pdf, reason, "en")
    words = {w for line in lines(pdf) for w in line.split()}
    assert set(reason.split()) <= words  # its 40-character word whole, though wider than half the column


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_round_sheet_breaks_a_club_s_name_by_the_rules(tmp_path: Path, lang: str) -> None:
    from referee.tournament.model import Pair, Round, Table
    from referee.views.sheets import round_sheet

    club = FORCED[:120]
    pairs = [Pair("A1", "张三", "李四", club), Pair("A2", "王五", "赵六", "星海")]
    pdf = tmp_path / "round.pdf"
    round_sheet(pdf, "春季杯", Round(1, (Table(1, "EV-R1-T1", "A1", "A2"),)), pairs, lang, font="cid")
    assert_kinsoku(pdf, club)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_league_report_breaks_its_notes_and_cells_by_the_rules(tmp_path: Path, lang: str) -> None:
    from referee.views import eventrows as rows
    from referee.views.sheets import tables_report

    sheet = rows.Sheet((rows.Column("俱乐部"), rows.Column("说明")), (("星海", FORCED[:150]),))
    pdf = tmp_path / "league.pdf"
    notes = ["甲" * shift + FORCED for shift in range(20)]
    tables_report(pdf, "L1 大连联赛", "积分榜", [("赛事", sheet, (1.0, 3.0))], lang, font="cid", notes=notes)
    assert_kinsoku(pdf, least=20)
    assert re.sub(r"\s", "", "".join(lines(pdf))).count(FORCED[:150]) == 21  # the 20 notes and the cell


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_league_report_breaks_english_at_spaces_only(tmp_path: Path, lang: str) -> None:
    from referee.views.sheets import tables_report

    pdf = tmp_path / "league.pdf"
    # the word after 40 to 98 characters: on a line of C characters (here 130-200) a word of 100 that starts in the
    # line's first half and runs past its end is where ReportLab's CJK wrap cut it: a start from C - 100 to C / 2
    notes = ["a " * n + LONG_WORD for n in range(20, 50)]
    tables_report(pdf, "L1 Dalian league", "standings", [], lang, font="cid", notes=notes)
    assert_words_whole(pdf, 30)


def test_a_heading_split_across_pages_breaks_by_the_rules_on_each(tmp_path: Path) -> None:
    """A title (a style that breaks between words) of Chinese without a space longer than a page: ReportLab's wrap
    between words cut its one long word anywhere; it breaks by the rules on every page."""
    from referee.views.sheets import tables_report

    pdf = tmp_path / "league.pdf"
    tables_report(pdf, FORCED * 6, "积分榜", [], "zh", font="cid")  # 2,520 characters at 16 pt: ~50 lines
    assert len(pypdf.PdfReader(str(pdf)).pages) >= 2
    assert_kinsoku(pdf, FORCED * 6, least=30)
