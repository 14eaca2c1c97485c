"""Scorecard PDFs read back with pypdf: names, scores, levels, winner, pages, chart, both languages.

The results here are made by hand (not by the engine), so every number asserted is one the test put
in. The integration tests at the end run the real pipeline once the engine and sources exist.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from referee.core.i18n import M
from referee.games.gunzi.cards import parse_cards
from referee.games.gunzi.codes import GameEnd, Outcome, word
from referee.games.gunzi.events import MatchHeader, RecordError
from referee.games.gunzi.results import GameResult, HandResult, MatchResult, Note, TableState, TributeInfo

pypdf = pytest.importorskip("pypdf")

TEAMS = {"EW": "海之韵", "NS": "星海"}
SEATS = {"E": "张三", "S": "李四", "W": "王五", "N": "赵六"}
UPPER = {"E": "N", "S": "E", "W": "S", "N": "W"}


def hand(n, game, declarer, level, score, levels_after, *, points=None, dug=False, outcome="keep",
         tribute=None, kitty_points=0, big=0, small=0, dry=False, blood=0, ledger=(0, 0),
         winner=None, reason=None, trump="H", change=None):
    team = "EW" if declarer in "EW" else "NS"
    return HandResult(
        hand=n, game=game, line=10 * n, declarer=declarer, declarer_team=team, level=level, trump=trump,
        tribute=tribute, kitty=parse_cards("4C 6D 9S KH 7C 3H".split()),
        final_kitty=parse_cards("4C 6C 7C 8D 9D JS".split()), dry_pot=dry, kitty_points=kitty_points,
        kitty_points_physical=kitty_points, big_jokers=big, small_jokers=small,
        points=score if points is None else points, dug=dug, score=score, outcome=outcome,
        level_change=change or {}, levels_after=dict(zip(("EW", "NS"), levels_after, strict=True)),
        blood=blood, blood_kings=0, blood_score=blood, blood_giver=None, next_declarer=None,
        game_winner=winner, game_reason=reason, ledger_change={},
        ledger=dict(zip(("EW", "NS"), ledger, strict=True)),
    )


def state(levels=None):
    return TableState(game=1, hand=1, in_hand=False, phase="match_over", levels=levels or {"EW": 3, "NS": 3},
                      declarer=None, trump=None, level=None, blood_owed=0, blood_giver=None, expected=(),
                      match_over=True, warnings={})


HEADER = MatchHeader(id="SC26-R1-T3", rules="dalian-club", date="2026-11-29", event="Spring Cup",
                     table="3", round="1", referee="周裁判")


def small_result() -> MatchResult:
    """Two games, five hands, EW wins 2:0; one of each tribute kind, jokers, a dry pot, notes."""
    hands = (
        hand(1, 1, "E", 3, 65, (4, 3), points=65, change={"EW": 1}, blood=2, ledger=(3, -3)),
        hand(2, 1, "W", 4, 235, (4, 5), points=95, dug=True, kitty_points=35, outcome="stage_dug",
             tribute=TributeInfo("S", "W", 2, parse_cards(["SJ", "2C"])), big=1, small=1,
             change={"NS": 1}, blood=8, ledger=(-1, 5)),
        hand(3, 1, "S", 5, 0, (4, 5), tribute=TributeInfo("E", "S", 8, waived="riot", riot_seat="W"),
             outcome="keep", winner="NS", reason="zero", ledger=(-51, 55)),
        hand(4, 2, "N", 3, 140, (3, 3), outcome="stage_kept", dry=True, trump="S", ledger=(-50, 54)),
        hand(5, 2, "E", 3, 310, (3, 3), points=190, dug=True, kitty_points=60, outcome="stage_dug",
             tribute=TributeInfo("N", "E", 1, waived="waive"), winner="NS", reason="sweep",
             trump="D", ledger=(-100, 104)),
    )
    games = (GameResult(1, "NS", "zero", 3, 30), GameResult(2, "NS", "sweep", 5, 50))
    notes = (Note("warn", 33, 1, 3, seat="N", text="说话提示牌"),
             Note("ruling", 47, 2, 4, team="NS", text="dispute over the last trick settled"))
    return MatchResult(header=HEADER, rules="dalian-club", teams=TEAMS, seats=SEATS, hands=hands, games=games,
                       winner="NS", games_won={"EW": 0, "NS": 2}, errors=(), notes=notes, state=state())


def long_result(n: int = 120) -> MatchResult:
    """``n`` hands in one game that never ends: scores 5, 10, 15, … (mod 300), levels cycling 3..10."""
    hands = tuple(
        hand(i, 1, "ESWN"[i % 4], 3 + i % 8, (5 * i) % 300, (3 + i % 8, 3 + (i + 3) % 8), ledger=(i, -i))
        for i in range(1, n + 1))
    return MatchResult(header=HEADER, rules="dalian-club", teams=TEAMS, seats=SEATS, hands=hands, games=(),
                       winner=None, games_won={"EW": 0, "NS": 0}, errors=(), notes=(), state=state())


# ---------------------------------------------------------------- reading a PDF back

def pdf_bytes(result, lang="zh", **kw) -> bytes:
    from referee.views.scorecard import build_scorecard

    buf = io.BytesIO()
    build_scorecard(result, buf, lang=lang, **kw)
    return buf.getvalue()


def reader(data: bytes):
    return pypdf.PdfReader(io.BytesIO(data))


def text_of(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in reader(data).pages)


def flat(text: str) -> str:
    """Extracted text without line breaks and spaces: mixed-font runs come out on separate lines."""
    return re.sub(r"\s+", "", text)


def items_of(page) -> list[tuple[float, float, str]]:
    """(y, x, text) of every piece of text drawn on the page, in page coordinates."""
    items = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            items.append((y, x, text.strip()))

    page.extract_text(visitor_text=visit)
    return items


def hand_rows(page) -> list[dict[str, str]]:
    """The hand table's rows on a page, as {column key: cell text without spaces}, top to bottom.

    Cells are placed by the table's column bounds (left margin 12 mm, then the column widths); a row
    is every piece of text at (nearly) the same height.
    """
    from referee.games.gunzi.card import HAND_COLUMNS

    left = 12 * 72 / 25.4
    bounds = []
    for key, width in HAND_COLUMNS:
        bounds.append((key, left, left + width))
        left += width
    lines: list[tuple[float, list[tuple[float, str]]]] = []
    for y, x, text in sorted(items_of(page), key=lambda it: (-it[0], it[1])):
        if lines and abs(lines[-1][0] - y) < 2.5:
            lines[-1][1].append((x, text))
        else:
            lines.append((y, [(x, text)]))
    rows = []
    for _, cells in lines:
        row: dict[str, str] = {}
        for x, text in cells:
            for key, lo, hi in bounds:
                if lo - 0.5 <= x < hi:
                    row[key] = row.get(key, "") + flat(text)
        # a hand row: game and hand numbers in the first two columns
        if row.get("col_game", "").isdigit() and row.get("col_hand", "").isdigit():
            rows.append(row)
    return rows


def all_hand_rows(data: bytes) -> list[list[dict[str, str]]]:
    return [hand_rows(p) for p in reader(data).pages]


# ---------------------------------------------------------------- labels and fonts (no PDF)

# a value for every field of the scorecard's labels
LABEL_FIELDS = {"n": 3, "team": "EW", "how": "sweep", "giver": "S", "receiver": "W", "seat": "W", "ew": "EW",
                "ns": "NS", "ew_games": 1, "ns_games": 2, "problem": "p", "game": 2, "hand": 3, "m": 4,
                "taken": "points 35"}


def test_every_label_is_a_message_worded_in_every_catalogue():
    from referee.core.i18n import Msg, gettext, languages
    from referee.games.gunzi import cardtext as tx

    for key, msg in tx.LABELS.items():
        assert isinstance(msg, Msg), key
        # the catalogue's Chinese fills the English's fields, and no others
        zh = gettext("zh", msg.msgid)
        assert zh != msg.msgid or not re.search("[A-Za-z]", msg.msgid), key
        assert set(re.findall(r"{(\w+)", zh)) <= set(re.findall(r"{(\w+)", msg.msgid)), key
    for lang in languages():
        for key in tx.LABELS:
            assert tx.t(key, lang, **LABEL_FIELDS).strip(), (lang, key)


def test_terms_hand_is_fu_game_is_ju_round_is_lun():
    """docs/gunzi-rules.md §Terms: 副 counts hands, 局 games; 轮 is only the tournament round."""
    from referee.games.gunzi import cardtext as tx

    assert tx.t("col_hand", "zh") == "副" and tx.t("col_game", "zh") == "局"
    assert tx.t("chart_game", "zh", n=2) == "第2局"
    assert tx.t("game_hand_n", "zh", game=2, hand=3) == "第2局 第3副"
    assert tx.t("round", "zh") == "轮次"
    words = [tx.t(key, "zh", **LABEL_FIELDS) for key in tx.LABELS if key != "round"]
    assert not [w for w in words if "轮" in w]


def test_codes_are_worded_by_the_catalogue():
    from referee.games.gunzi import cardtext as tx
    from referee.games.gunzi.codes import EntryKind, GameEnd, NoteKind, Outcome, Waiver, word

    for lang in ("en", "zh", "zh_TW"):
        assert [tx.outcome(c, lang) for c in Outcome] == [word(c, lang) for c in Outcome]
        assert [tx.reason(c, lang, 9) for c in GameEnd] == [word(c, lang, top=9) for c in GameEnd]
        assert tx.reason(GameEnd.passed_10, lang, 9).endswith("9")
        assert [tx.note_kind(c, lang) for c in (*NoteKind, *EntryKind)] == \
               [word(c, lang) for c in (*NoteKind, *EntryKind)]
        assert [tx.waiver(c, lang) for c in Waiver] == [word(c, lang) for c in Waiver]
    assert tx.reason("meteor", "zh") == "meteor"  # no such code: printed as it stands, no traceback
    assert tx.reason(None, "zh") == ""


def test_no_language_is_compared_to_choose_words():
    root = Path(__file__).resolve().parents[1] / "referee"
    sources = [*(root / "views" / "scorecard").glob("*.py"), root / "cli" / "scorecards.py",
               root / "cli" / "commands" / "scorecard.py"]
    assert len(sources) > 5  # a moved folder must not leave nothing to check
    for path in sources:
        assert not re.search(r"lang\w*\s*[!=]=|[!=]=\s*lang", path.read_text(encoding="utf-8")), path


def test_runs_split_latin_from_chinese():
    from referee.views.scorecard.fonts import runs

    assert runs("Spring Cup", "CJK", "Lat") == [("Lat", "Spring Cup")]
    assert runs("东 张三", "CJK", "Lat") == [("CJK", "东 张三")]
    assert runs("EW 海之韵", "CJK", "Lat") == [("Lat", "EW "), ("CJK", "海之韵")]
    assert runs("南→西 2张", "CJK", "Lat") == [("CJK", "南→西 "), ("Lat", "2"), ("CJK", "张")]
    assert runs("EW 海之韵", "TTF", "TTF") == [("TTF", "EW 海之韵")]


# ---------------------------------------------------------------- the small match, read back

@pytest.fixture(scope="module")
def small_zh() -> bytes:
    return pdf_bytes(small_result(), "zh")


@pytest.fixture(scope="module")
def small_en() -> bytes:
    return pdf_bytes(small_result(), "en")


def test_chinese_names_and_header_are_in_the_text(small_zh):
    text = flat(text_of(small_zh))
    for name in [*SEATS.values(), *TEAMS.values(), "周裁判"]:
        assert name in text
    for field in ("SpringCup", "2026-11-29", "SC26-R1-T3", "dalian-club"):
        assert field in text
    # players by seat, in Chinese seat names
    assert "东张三" in text and "西王五" in text and "南李四" in text and "北赵六" in text


def test_each_hand_row_has_its_numbers(small_zh, small_en):
    expected = {  # hand: (score, levels after EW:NS, blood, ledger) as put into small_result()
        1: ("65", "4:3", "2", "+3:-3"), 2: ("235", "4:5", "8", "-1:+5"), 3: ("0", "4:5", "0", "-51:+55"),
        4: ("140", "3:3", "0", "-50:+54"), 5: ("310", "3:3", "0", "-100:+104"),
    }
    for data in (small_zh, small_en):
        rows = [r for page in all_hand_rows(data) for r in page]
        assert [int(r["col_hand"]) for r in rows] == [1, 2, 3, 4, 5]
        for r in rows:
            score, levels, blood, ledger = expected[int(r["col_hand"])]
            assert (r["col_score"], r["col_levels_after"], r["col_blood"], r["col_ledger"]) == \
                   (score, levels, blood, ledger)
    rows = {int(r["col_hand"]): r for page in all_hand_rows(small_zh) for r in page}
    assert rows[2]["col_tribute"] == "南→西2张"
    assert rows[2]["col_kitty_jokers"] == "大×1小×1"
    assert rows[3]["col_tribute"] == "暴动西"
    assert rows[4]["col_dry_pot"] == "干锅"
    assert rows[5]["col_tribute"] == "免贡"
    assert rows[3]["col_game_end"] == f"南北胜（{word(GameEnd.zero, 'zh')}）"
    assert rows[5]["col_game_end"] == f"南北胜（{word(GameEnd.sweep, 'zh')}）"
    assert rows[4]["col_outcome"] == word(Outcome.stage_kept, "zh")
    assert rows[1]["col_declarer"] == "东张三"
    rows = {int(r["col_hand"]): r for page in all_hand_rows(small_en) for r in page}
    assert rows[2]["col_tribute"] == "S→W2"
    assert rows[5]["col_game_end"] == "NSwins:sweep"
    assert rows[2]["col_outcome"] == "stage,dug"
    assert rows[1]["col_level_change"] == "EW+1"


def test_winner_and_result(small_zh, small_en):
    zh, en = flat(text_of(small_zh)), flat(text_of(small_en))
    # the headline is the match (issue 9 item 19): NS won games 1 (zero) and 2 (sweep), 2:0
    assert "胜方：南北星海—2:0，第1、2局" in zh
    assert "胜局数:东西海之韵0:2南北星海" in zh
    assert "Winner:NS星海—2:0,games1,2" in en and "How:sweep" not in en
    assert "Gameswon:EW海之韵0:2NS星海" in en


def test_notes_and_audit_trail_are_listed_with_reasons():
    log = [{"kind": "amend", "seq": 12, "target": 9, "directive": "points 35", "reason": "typo in points",
            "referee": "周裁判", "time": "2026-11-29T10:12:00Z"},
           {"kind": "void", "seq": 14, "target": 11, "directive": "", "reason": "recorded twice",
            "referee": "周裁判", "time": "2026-11-29T10:14:00Z"}]
    en = flat(text_of(pdf_bytes(small_result(), "en", log=log)))
    assert "warning" in en and "说话提示牌" in en
    assert "ruling" in en and "disputeoverthelasttricksettled" in en
    assert en.count("Warnings,rulingsandcorrections") == 1  # one section: the notes and the corrections
    assert "amend" in en and "typoinpoints" in en and "#9→points35" in en
    assert "void" in en and "recordedtwice" in en and "#11" in en
    assert "game1hand3" in en and "game2hand4" in en
    zh = flat(text_of(pdf_bytes(small_result(), "zh", log=log)))
    assert "更正" in zh and "作废" in zh and "typoinpoints" in zh
    assert "第1局第3副" in zh and "第2局第4副" in zh  # where each note is: game 局, hand 副


def test_traditional_chinese_scorecard():
    """Any catalogue is a language of the scorecard: zh_TW names seats and teams its own way."""
    from referee.views.scorecard.layout import pdf_language

    data = pdf_bytes(small_result(), "zh_TW")
    text = flat(text_of(data))
    assert "東西海之韵" in text and "東张三" in text
    rows = {int(r["col_hand"]): r for page in all_hand_rows(data) for r in page}
    assert rows[2]["col_score"] == "235" and rows[5]["col_ledger"] == "-100:+104"
    assert rows[5]["col_game_end"] == f"南北勝（{word(GameEnd.sweep, 'zh_TW')}）"  # 勝, not 胜
    assert [pdf_language(x) for x in ("zh", "zh_TW", "en")] == ["zh-CN", "zh-TW", "en"]


def test_record_errors_are_listed():
    data = pdf_bytes(small_result(), "en", errors=[RecordError(17, M("kitty has 5 cards, not 6"))])
    assert "line17:kittyhas5cards,not6" in flat(text_of(data))


def test_signature_lines_for_both_captains_and_the_referee(small_zh, small_en):
    assert "东西海之韵队长" in flat(text_of(small_zh)) and "南北星海队长" in flat(text_of(small_zh))
    en = flat(text_of(small_en))
    assert "EW海之韵captain" in en and "NS星海captain" in en and "Referee周裁判" in en


def test_game_ending_rows_stand_out():
    from referee.views.scorecard.layout import GAME_END_FILL

    data = pdf_bytes(small_result(), "en", font_path="cid")  # bold: the CID font's Latin runs are Helvetica
    page = reader(data).pages[0]
    stream = page.get_contents().get_data().decode("latin-1")
    fill = " ".join(f"{c:g}".removeprefix("0") for c in GAME_END_FILL) + " rg"  # "1 .93 .7 rg"
    assert stream.count(fill) == 2  # two game-ending hands, two shaded rows
    fonts = {f.get_object()["/BaseFont"] for f in page["/Resources"]["/Font"].values()}
    assert "/Helvetica-Bold" in fonts  # their numbers in bold


def test_the_chart_is_drawn():
    from reportlab.graphics.shapes import PolyLine

    from referee.games.gunzi.card import level_series, levels_chart
    from referee.views.scorecard.chart import drawing
    from referee.views.scorecard.fonts import register
    from referee.views.scorecard.typo import Typo

    result = small_result()
    assert level_series(result.hands) == [
        (1, "EW", [(0.5, 3), (1, 4), (2, 4), (3, 4)]),
        (1, "NS", [(0.5, 3), (1, 3), (2, 5), (3, 5)]),
        (2, "EW", [(3.5, 3), (4, 3), (5, 3)]),
        (2, "NS", [(3.5, 3), (4, 3), (5, 3)]),
    ]
    picture = drawing(levels_chart(result, "en"), Typo(register()), 700)
    lines = [s for s in picture.contents if isinstance(s, PolyLine)]
    assert len(lines) == 4 and [len(s.points) // 2 for s in lines] == [4, 4, 3, 3]
    # in the PDF: its title, game labels and legend on the first page
    en = flat(reader(pdf_bytes(result, "en")).pages[0].extract_text())
    assert "Levels,handbyhand" in en and "Game1" in en and "Game2" in en
    zh = flat(reader(pdf_bytes(result, "zh")).pages[0].extract_text())
    assert "级数走势（逐副）" in zh and "第1局" in zh and "第2局" in zh


# ---------------------------------------------------------------- a long match

@pytest.fixture(scope="module")
def long_pdfs() -> dict[str, bytes]:
    result = long_result(120)
    return {lang: pdf_bytes(result, lang) for lang in ("zh", "en")}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_long_match_breaks_across_pages_with_the_header_repeated(long_pdfs, lang):
    data = long_pdfs[lang]
    pages = reader(data).pages
    per_page = all_hand_rows(data)
    hands = [int(r["col_hand"]) for rows in per_page for r in rows]
    assert hands == list(range(1, 121))  # every hand once, in order, across the pages
    # a row is at least 7.5 pt of text plus padding: at most ~45 fit the 527 pt of a landscape page
    assert len(pages) >= 1 + 120 // 45
    with_rows = [i for i, rows in enumerate(per_page) if rows]
    assert len(with_rows) >= 3 and with_rows == list(range(with_rows[0], with_rows[-1] + 1))
    head = "Levelsafter" if lang == "en" else "级数后"
    for i in with_rows:
        page_text = flat(pages[i].extract_text())
        assert head in page_text, f"page {i + 1} has hand rows but no header row"
        footer = f"page{i + 1}" if lang == "en" else f"第{i + 1}页"
        assert footer in page_text
    for rows in per_page:  # the numbers of each row are the ones put in
        for r in rows:
            n = int(r["col_hand"])
            assert r["col_score"] == str((5 * n) % 300)
            assert r["col_levels_after"] == f"{3 + n % 8}:{3 + (n + 3) % 8}"
            assert r["col_level"] == str(3 + n % 8)


def test_long_match_chart_has_every_hand():
    from referee.games.gunzi.card import level_series

    series = level_series(long_result(120).hands)
    assert [len(pts) for _, _, pts in series] == [121, 121]
    assert series[0][2][-1] == (120, 3 + 120 % 8)


# ---------------------------------------------------------------- fonts

# Where Debian's fonts-arphic-gbsn00lp (the font .ci/run installs) puts its file, now and in older
# releases. That package does not pull in fontconfig, so on a fresh CI machine there is no fc-list to ask.
KNOWN_CJK_TTFS = (
    Path("/usr/share/fonts/truetype/arphic-gbsn00lp/gbsn00lp.ttf"),
    Path("/usr/share/fonts/truetype/arphic/gbsn00lp.ttf"),
)


def _cjk_ttf() -> Path | None:
    """A TrueType font with Chinese glyphs on this machine, if any."""
    import shutil
    import subprocess

    for path in KNOWN_CJK_TTFS:
        if path.is_file():
            return path
    if shutil.which("fc-list"):
        out = subprocess.run(["fc-list", ":lang=zh", "file"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            path = Path(line.split(":")[0].strip())
            if path.suffix.lower() in (".ttf", ".ttc") and path.is_file():
                return path
    return None


def test_the_cid_font_is_named_not_embedded():
    """`--font cid` (and a machine without a Chinese TrueType font: test_harden_io, issue 9 item 17)."""
    data = pdf_bytes(small_result(), "zh", font_path="cid")
    fonts = {f.get_object()["/BaseFont"] for f in reader(data).pages[0]["/Resources"]["/Font"].values()}
    assert "/STSong-Light" in fonts
    assert b"/FontFile2" not in data


def test_embedded_truetype_font_latin():
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    if not vera.is_file():
        pytest.skip("reportlab ships no Vera.ttf here")
    data = pdf_bytes(small_result(), "en", font_path=vera)
    assert b"/FontFile2" in data
    fonts = {str(f.get_object()["/BaseFont"]) for f in reader(data).pages[0]["/Resources"]["/Font"].values()}
    assert not any("STSong" in f for f in fonts)
    rows = {int(r["col_hand"]): r for page in all_hand_rows(data) for r in page}
    assert rows[2]["col_score"] == "235" and rows[5]["col_levels_after"] == "3:3"


def test_missing_glyphs_are_reported():
    import reportlab

    from referee.views.scorecard.fonts import missing_glyphs, register

    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    if not vera.is_file():
        pytest.skip("reportlab ships no Vera.ttf here")
    assert missing_glyphs(register(vera), ["EW 海之韵"]) == ["海", "之", "韵"]
    assert missing_glyphs(register(None), ["EW 海之韵"]) == []


def test_embedded_chinese_truetype_font():
    ttf = _cjk_ttf()
    if ttf is None:
        pytest.skip("no Chinese TrueType font on this machine (e.g. apt-get install fonts-arphic-gbsn00lp)")
    data = pdf_bytes(small_result(), "zh", font_path=ttf)
    assert b"/FontFile2" in data
    text = flat(text_of(data))
    for name in [*SEATS.values(), *TEAMS.values()]:
        assert name in text
    rows = {int(r["col_hand"]): r for page in all_hand_rows(data) for r in page}
    assert rows[3]["col_game_end"] == f"南北胜（{word(GameEnd.zero, 'zh')}）"


def test_bad_font_path():
    from referee.views.scorecard.fonts import FontError, register

    with pytest.raises(FontError, match="not found"):
        register("/nonexistent/font.ttf")
    with pytest.raises(FontError, match="TrueType"):
        register(__file__)  # a Python file is no font


def test_long_names_are_set_smaller_to_fit_their_cell():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from referee.views.scorecard.fonts import register
    from referee.views.scorecard.typo import Runs, Typo

    typo = Typo(register())
    assert typo.cell("E 张三", 7.5, width=56).__class__ is Runs  # mixed fonts, fits: size kept
    assert typo.cell("E 张三", 7.5, width=56).size == 7.5
    assert typo.cell("keep", 7.5, width=30) == "keep"
    long = typo.cell("E Alexander", 7.5, width=36)
    assert isinstance(long, Runs) and long.size < 7.5
    assert sum(stringWidth(p, f, long.size) for f, p in long.parts) <= 36 + 1e-6
    # too long to fit at the smallest size (issue 9 item 18): it wraps at that size instead
    from referee.views.scorecard.typo import MIN_SIZE, Paragraph

    name = "E Alexander Konstantinopolsky"
    assert stringWidth(name, "Helvetica", MIN_SIZE) > 56
    wrapped = typo.cell(name, 7.5, width=56)
    assert isinstance(wrapped, Paragraph) and wrapped.style.fontSize == MIN_SIZE


# ---------------------------------------------------------------- warnings, rulings and corrections

AMEND = {"kind": "amend", "seq": 12, "target": 9, "directive": "points 35", "reason": "typo in points",
         "referee": "周裁判", "time": "2026-11-29T10:12:00Z"}


def test_one_section_says_none_only_when_there_is_nothing_in_it():
    """A match without warnings or rulings but with a correction: the section lists the correction and does not
    say "none" above it (it did: "Warnings, rulings and corrections: none", then the audit table)."""
    quiet = small_result()._replace(notes=())
    en = flat(text_of(pdf_bytes(quiet, "en", log=[AMEND])))
    assert en.count("Warnings,rulingsandcorrections") == 1
    assert "Warnings,rulingsandcorrections:none" not in en and "none" not in en
    assert "amend" in en and "typoinpoints" in en and "#9→points35" in en and "周裁判" in en
    zh = flat(text_of(pdf_bytes(quiet, "zh", log=[AMEND])))
    assert zh.count("警告、裁定与更正") == 1 and "警告、裁定与更正：无" not in zh and "警告、裁定与更正无" not in zh
    assert "更正" in zh and "typoinpoints" in zh and "#9→points35" in zh
    # nothing at all: one line that says so, in each language
    assert "Warnings,rulingsandcorrections:none" in flat(text_of(pdf_bytes(quiet, "en")))
    assert "警告、裁定与更正：无" in flat(text_of(pdf_bytes(quiet, "zh")))


def test_notes_and_corrections_share_one_table_in_stored_order():
    """The warnings and rulings (their store seq) and the corrections (theirs) in one table, in the order they were
    entered: the warning at seq 33, the amend at 40, the ruling at 47."""
    log = [AMEND | {"seq": 40}]
    en = flat(text_of(pdf_bytes(small_result(), "en", log=log)))
    assert en.count("Warnings,rulingsandcorrections") == 1 and "none" not in en
    warn, amend, ruling = en.index("说话提示牌"), en.index("typoinpoints"), en.index("disputeoverthelast")
    assert warn < amend < ruling
