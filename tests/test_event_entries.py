"""Entries files (referee.tournament.entries): CSV in the encodings clubs' machines write, XLSX, and every
bad input named by file, row and column in both languages.

Rows are numbered as a spreadsheet shows them: the header is row 1 when it is the first line.
"""

from __future__ import annotations

import codecs

import pytest

from referee.core.errors import USAGE, NotFound, UsageError
from referee.tournament.entries import EntriesError, letter, read_entries
from referee.tournament.model import Pair

openpyxl = pytest.importorskip("openpyxl")

ROWS = [("A1", "张三", "李四", "海之韵"), ("A2", "王五", "赵六", "星海"), ("B1", "Li Wei", "Zoë Chen", "")]
PAIRS = tuple(Pair(*r) for r in ROWS)


def csv_text(header: str = "pair,player1,player2,club", rows=ROWS, sep: str = ",") -> str:
    return "\n".join([header.replace(",", sep), *(sep.join(r) for r in rows)]) + "\n"


def write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


# --- what is read ------------------------------------------------------------------------------


def test_csv_utf8(tmp_path):
    got = read_entries(write(tmp_path, "e.csv", csv_text().encode("utf-8")))
    assert got.pairs == PAIRS
    assert (got.kind, got.encoding, got.notice) == ("csv", "utf-8", None)


def test_csv_utf8_with_a_bom(tmp_path):
    # Excel's "CSV UTF-8": the BOM must not stick to the first header ("\ufeffpair" is no column name).
    got = read_entries(write(tmp_path, "e.csv", codecs.BOM_UTF8 + csv_text().encode("utf-8")))
    assert got.pairs == PAIRS and got.encoding == "utf-8-sig" and got.notice is None


def test_csv_gbk_with_chinese_headers_says_what_it_assumed(tmp_path):
    text = csv_text("对,选手1,选手2,俱乐部", ROWS[:2])  # GBK has no "ë": the Latin row is left out
    got = read_entries(write(tmp_path, "gbk.csv", text.encode("gbk")))
    assert got.pairs == PAIRS[:2]
    assert got.encoding == "gb18030"
    assert got.notice is not None
    assert "read as GBK/GB18030" in got.notice.text("en") and "gbk.csv" in got.notice.text("en")
    assert "已按 GBK/GB18030" in got.notice.text("zh")


def test_csv_utf16_tab_separated(tmp_path):
    # Excel's "Unicode text": UTF-16 with a BOM, tab-separated.
    data = csv_text(sep="\t").encode("utf-16")
    assert data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
    got = read_entries(write(tmp_path, "e.txt", data))
    assert got.pairs == PAIRS and got.encoding == "utf-16"


def test_csv_with_semicolons_as_excel_writes_it_where_the_comma_is_the_decimal_mark(tmp_path):
    got = read_entries(write(tmp_path, "e.csv", csv_text(sep=";").encode("utf-8")))
    assert got.pairs == PAIRS


def test_headers_any_case_spaced_reordered_without_club_extra_columns_ignored(tmp_path):
    text = "Seed,Player 2,PAIR,player1,notes\n1,李四,A1,张三,x\n2,赵六,A2,王五,\n"
    got = read_entries(write(tmp_path, "e.csv", text.encode("utf-8")))
    assert got.pairs == (Pair("A1", "张三", "李四", ""), Pair("A2", "王五", "赵六", ""))


def test_title_row_blank_rows_and_spaces_around_values(tmp_path):
    text = "2026 春季杯报名表,,\n\n pair , player1 ,player2\n A1 ,  张三 ,李四\n,,\n\nA2,王五,赵六\n"
    got = read_entries(write(tmp_path, "e.csv", text.encode("utf-8")))
    assert [p.code for p in got.pairs] == ["A1", "A2"] and got.pairs[0].player1 == "张三"


def make_xlsx(path, rows, title: str | None = None):
    book = openpyxl.Workbook()
    sheet = book.active
    if title:
        sheet.append([title])
    for r in rows:
        sheet.append(list(r))
    book.create_sheet("Other").append(["pair", "player1", "player2"])  # only the first sheet is read
    book.save(path)
    return path


def test_xlsx_first_sheet_with_chinese_headers_and_numbers(tmp_path):
    # A pair numbered 12 is stored by Excel as the number 12: it is read as the code "12".
    rows = [("对", "选手1", "选手2", "俱乐部"), (12, "张三", "李四", "海之韵"), (None, None, None, None),
            ("A2", "王五", "赵六", None)]
    got = read_entries(make_xlsx(tmp_path / "e.xlsx", rows, title="春季杯"))
    assert got.pairs == (Pair("12", "张三", "李四", "海之韵"), Pair("A2", "王五", "赵六", ""))
    assert (got.kind, got.encoding, got.notice) == ("xlsx", None, None)


def test_column_letters():
    assert [letter(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


# --- what is refused ---------------------------------------------------------------------------


def refused(path) -> EntriesError:
    with pytest.raises(EntriesError) as info:
        read_entries(path)
    e = info.value
    assert isinstance(e, UsageError) and e.exit_code == USAGE
    return e


BAD = {
    "missing column": (
        "pair,player1,club\nA1,张三,海之韵\n",
        ["e.csv, row 1: the header row has no column player2"],
        ["e.csv，第 1 行：表头行缺少“player2”列"]),
    "empty cell": (
        "pair,player1,player2\nA1,张三,李四\nA2,王五,\n",
        ["e.csv, row 3, column player2 (C): the cell is empty"],
        ["e.csv，第 3 行，“player2”列（C 列）：单元格为空"]),
    "duplicate pair": (
        "pair,player1,player2\nA1,张三,李四\nA1,王五,赵六\n",
        ["e.csv, row 3, column pair (A): pair A1 is entered twice (first in row 2)"],
        ["e.csv，第 3 行，“pair”列（A 列）：对 A1 重复报名（第一次在第 2 行）"]),
    "player in two pairs": (
        "对,选手1,选手2\nA1,张三,李四\nA2,王五,张三\n",
        ["e.csv, row 3, column 选手2 (C): 张三 already plays in pair A1 (row 2)"],
        ["e.csv，第 3 行，“选手2”列（C 列）：张三 已在对 A1 中（第 2 行）"]),
    "player named twice in a pair": (
        "pair,player1,player2\nA1,Li Wei,li  wei\n",
        ["e.csv, row 2, column player2 (C): li  wei is named as both players of pair A1"],
        ["e.csv，第 2 行，“player2”列（C 列）：li  wei 在对 A1 中出现了两次"]),
    "bad pair code": (
        "pair,player1,player2\nA 1,张三,李四\n",
        ["e.csv, row 2, column pair (A): pair 'A 1': an id holds letters"],
        ["e.csv，第 2 行，“pair”列（A 列）：pair 'A 1'：编号只能由字母"]),
    "control character": (
        "pair,player1,player2\nA1,张\x07三,李四\n",
        ["e.csv, row 2, column player1 (B): 张\\x07三: control character \\x07 is not allowed"],
        ["e.csv，第 2 行，“player1”列（B 列）：张\\x07三：不能包含控制字符 \\x07"]),
    "quote not closed": (
        'pair,player1,player2\nA1,张三,李四\nA2,"王五,赵六\n',
        ["e.csv, row 3: a quote (\") is not closed"],
        ["e.csv，第 3 行：引号（\"）没有闭合"]),
    "header only": (
        "pair,player1,player2\n",
        ["e.csv: no entries below the header row (row 1)"],
        ["e.csv：表头行（第 1 行）下面没有报名"]),
    "empty file": (
        "\n\n",
        ["e.csv: empty: no header row"],
        ["e.csv：文件为空，没有表头行"]),
}


@pytest.mark.parametrize("case", list(BAD))
def test_each_bad_input_names_the_row_and_column_in_both_languages(tmp_path, case):
    text, english, chinese = BAD[case]
    e = refused(write(tmp_path, "e.csv", text.encode("utf-8")))
    assert len(e.problems) == 1, e.text("en")
    for part in english:
        assert part in e.text("en"), e.text("en")
    for part in chinese:
        assert part in e.text("zh"), e.text("zh")


def test_every_problem_of_a_file_at_once(tmp_path):
    text = ("pair,player1,player2,club\n"
            "A1,张三,李四,海之韵\n"  # row 2: fine
            "A2,,赵六,\n"  # row 3: player1 empty
            "A1,王五,钱七,\n"  # row 4: A1 again
            "A-3,孙八,李四,\n"  # row 5: 李四 is in A1 already
            ".A4,周九,吴十,\n")  # row 6: a code may not start with "."
    e = refused(write(tmp_path, "e.csv", text.encode("utf-8")))
    en = e.text("en")
    assert en.splitlines()[0].endswith("e.csv: 4 problems")
    assert [line.split(": ")[0].split(", ", 1)[1] for line in en.splitlines()[1:]] == [
        "row 3, column player1 (B)", "row 4, column pair (A)", "row 5, column player2 (C)", "row 6, column pair (A)"]
    assert e.text("zh").splitlines()[0].endswith("e.csv：4 处问题")
    assert len(e.problems) == 4


def test_problems_of_a_gbk_file_also_say_it_was_read_as_gbk(tmp_path):
    text = "对,选手1,选手2\nA1,张三,\n"
    e = refused(write(tmp_path, "e.csv", text.encode("gbk")))
    assert "第 2 行，“选手2”列（C 列）：单元格为空" in e.text("zh")
    assert "已按 GBK/GB18030" in e.text("zh") and "read as GBK/GB18030" in e.text("en")


@pytest.mark.parametrize("data", [
    b"pair,player1,player2\nA1,caf\xe9 au lait,x\n",  # Latin-1: 0xE9 then a space is no GB18030 either
    b"pair,player1\x00,player2\n",  # UTF-16 without its BOM (or binary): NUL bytes
    codecs.BOM_UTF8 + b"pair,player1,player2\nA1,\xff\xfe,x\n",  # a BOM, then bytes that are not UTF-8
])
def test_an_unreadable_encoding_says_how_to_convert(tmp_path, data):
    e = refused(write(tmp_path, "e.csv", data))
    assert "not readable as UTF-8, UTF-16 (with a BOM) or GBK/GB18030" in e.text("en")
    assert "iconv -f GBK -t UTF-8 " in e.text("en") and "iconv -f GBK -t UTF-8 " in e.text("zh")
    assert "无法按 UTF-8" in e.text("zh")


def test_files_that_are_not_csv_or_xlsx(tmp_path):
    e = refused(write(tmp_path, "e.pdf", b"%PDF-1.4\n"))
    assert "e.pdf: not a CSV or XLSX file" in e.text("en") and "e.pdf：不是 CSV 或 XLSX 文件" in e.text("zh")
    e = refused(write(tmp_path, "old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100))
    assert "old.xls: an Excel 97-2003 workbook (.xls)" in e.text("en") and "另存为 .xlsx" in e.text("zh")
    e = refused(write(tmp_path, "broken.xlsx", b"PK\x03\x04 not really a zip"))
    assert "broken.xlsx: not a readable XLSX workbook" in e.text("en") and "无法读取的 XLSX" in e.text("zh")
    e = refused(write(tmp_path, "text.xlsx", b"pair,player1,player2\n"))
    assert "text.xlsx: not a readable XLSX workbook" in e.text("en")


def test_xlsx_problems_name_the_row_and_column(tmp_path):
    rows = [("Pair", "Player1", "Player2"), ("A1", "张三", "李四"), ("A2", "王五", None), ("A3", "李四", "钱七")]
    e = refused(make_xlsx(tmp_path / "e.xlsx", rows, title="春季杯"))  # the title is row 1, the header row 2
    en = e.text("en")
    assert "e.xlsx, row 4, column Player2 (C): the cell is empty" in en
    assert "e.xlsx, row 5, column Player1 (B): 李四 already plays in pair A1 (row 3)" in en
    assert "e.xlsx，第 4 行，“Player2”列（C 列）：单元格为空" in e.text("zh")


def test_a_missing_file_or_a_folder(tmp_path):
    with pytest.raises(NotFound) as info:
        read_entries(tmp_path / "nope.csv")
    assert "nope.csv: no such file" in info.value.text("en") and "文件不存在" in info.value.text("zh")
    with pytest.raises(UsageError) as info2:
        read_entries(tmp_path)
    assert "a folder, not an entries file" in info2.value.text("en")


def test_the_error_survives_pickling(tmp_path):
    import pickle

    e = refused(write(tmp_path, "e.csv", b"pair,player1,player2\nA1,x,\n"))
    back = pickle.loads(pickle.dumps(e))
    assert back.text("zh") == e.text("zh") and back.problems == e.problems
