"""Reading an entries file: the pairs of an event from a CSV or an XLSX sheet with a header row.

Clubs keep their entry lists in Excel or WPS and save them as they come: UTF-8 with or without a BOM,
GBK (Windows in Chinese), UTF-16. So a CSV is read as UTF-8, UTF-16 when it starts with a BOM, else
as GB18030 (a superset of GBK) — and the reader says it assumed that. An XLSX is read with openpyxl
(imported here only: the CLI's start-up does not pay for it), first sheet only.

The header row names the columns ``pair, player1, player2, club`` (any case, or 对, 选手1, 选手2, 俱乐部;
``club`` may be left out; two more may be given: ``rating``/等级分, a whole number that seeds round 1, and
``newcomer``/新人, yes or no — ``yes``, ``y``, ``1``, ``true``, 是 — for the newcomers' prize); rows above
it (a title) and columns it does not name are ignored, and so are empty rows. Every problem of the file
is reported at once, each naming the file, the row (as a spreadsheet numbers it) and the column. Nothing
is stored here.
"""

from __future__ import annotations

import csv
import io
import os
import unicodedata
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from referee.core import safefile
from referee.core.errors import NotFound, UsageError
from referee.core.i18n import MN, M, Msg
from referee.core.names import NAME_MAX, check_id, check_text, shown
from referee.tournament.model import Pair

COLUMNS = ("pair", "player1", "player2", "club", "rating", "newcomer")
REQUIRED = ("pair", "player1", "player2")
# Header spellings, after folding (see _fold): the English names and the Chinese ones.
HEADERS = {"pair": "pair", "player1": "player1", "player2": "player2", "club": "club",
           "对": "pair", "选手1": "player1", "选手2": "player2", "俱乐部": "club",
           "rating": "rating", "newcomer": "newcomer", "等级分": "rating", "新人": "newcomer"}
# an individual event's players file (``app.individual.read_players``): a player's code, name and club
PLAYER_HEADERS = {"player": "player", "code": "player", "选手": "player", "编号": "player", "name": "name",
                  "姓名": "name", "club": "club", "俱乐部": "club"}
YES = frozenset({"yes", "y", "1", "true", "是", "x", "✓"})  # a newcomer cell that says yes
NO = frozenset({"no", "n", "0", "false", "否", "-"})
HEADER_SEARCH = 10  # rows looked at for the header row (a title may stand above it)
MOST_SHOWN = 30  # problems listed in one error; the rest are counted
DELIMITERS = (",", "\t", ";", "，")  # Excel writes ";" where "," is the decimal mark; "，" is typed by hand
CSV_SUFFIXES = frozenset({".csv", ".txt", ".tsv", ""})
XLSX_SUFFIXES = frozenset({".xlsx", ".xlsm"})
ZIP_MAGIC = b"PK\x03\x04"
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an Excel 97-2003 .xls (or any old Office file)
FILE_MAX = 8 * 1024 * 1024  # bytes: an entries file larger than this is refused before it is read
UNPACKED_MAX = 64 * 1024 * 1024  # bytes an XLSX may unpack to (its shared strings are read whole)
ROWS_MAX = 10_000  # rows read at most (an event takes at most its scoring's entries.most pairs: 1,000 by default)


class Entries(NamedTuple):
    pairs: tuple[Pair, ...]
    kind: str  # "csv" or "xlsx"
    encoding: str | None  # how a CSV was decoded: "utf-8", "utf-8-sig", "utf-16" or "gb18030"
    notice: Msg | None  # what the reader assumed (a GB18030 file), for the command to print


class EntriesError(UsageError):
    """An entries file that cannot be used; ``problems`` holds each problem's message."""

    def __init__(self, file: str, problems: Sequence[Msg], notice: Msg | None = None) -> None:
        self.file = file
        self.problems = tuple(problems)
        self.notice = notice
        super().__init__(_listing(file, self.problems, notice))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.file, self.problems, self.notice))


def _lines(first: Msg, rest: Msg) -> Msg:
    """Two messages on two lines: layout, no words (so not a catalogue message)."""
    return Msg("{first}\n{rest}", (("first", first), ("rest", rest)))


def _listing(file: str, problems: tuple[Msg, ...], notice: Msg | None) -> Msg:
    if len(problems) == 1:
        out = problems[0]
    else:
        out = MN("{file}: {n} problem", "{file}: {n} problems", len(problems), file=file)
        for p in problems[:MOST_SHOWN]:
            out = _lines(out, Msg("  {p}", (("p", p),)))
        if len(problems) > MOST_SHOWN:
            more = len(problems) - MOST_SHOWN
            out = _lines(out, MN("  … and {n} more", "  … and {n} more", more))
    return out if notice is None else _lines(out, notice)


# --- reading the file ------------------------------------------------------------------------------

def read_entries(path: str | os.PathLike[str]) -> Entries:
    """The pairs of an entries file, or an ``EntriesError`` listing every problem (``NotFound`` when
    there is no such file)."""
    rows, kind, encoding, notice = read_rows(path)
    return Entries(_pairs(rows, str(path), notice), kind, encoding, notice)


class Rows(NamedTuple):
    rows: list[list[str]]  # each row's cells as text, the first sheet's for a workbook
    kind: str  # "csv" or "xlsx"
    encoding: str | None
    notice: Msg | None


def read_rows(path: str | os.PathLike[str]) -> Rows:
    """The rows of an entries file (CSV in any of the encodings above, or the first sheet of an XLSX), every
    refusal of the file as a whole an ``EntriesError`` naming it: the pairs' reader and the players' share it."""
    file = str(path)
    data = _read_bytes(Path(path), file)
    suffix = Path(path).suffix.lower()
    if data.startswith(ZIP_MAGIC):
        return Rows(_xlsx_rows(data, file), "xlsx", None, None)
    if data.startswith(OLE_MAGIC) or suffix == ".xls":
        raise EntriesError(file, [M("{file}: an Excel 97-2003 workbook (.xls); save it as .xlsx or as CSV (UTF-8)",
                                    file=file)])
    if suffix in XLSX_SUFFIXES:
        raise EntriesError(file, [_not_xlsx(file)])
    if suffix not in CSV_SUFFIXES:
        raise EntriesError(file, [M("{file}: not a CSV or XLSX file (the entries are read from .csv or .xlsx)",
                                    file=file)])
    text, encoding, notice = _decode(data, file)
    return Rows(_csv_rows(text, file, notice), "csv", encoding, notice)


def _read_bytes(path: Path, file: str) -> bytes:
    """The file's bytes: a regular file of at most :data:`FILE_MAX` bytes (``/dev/zero``, a FIFO, a
    folder are refused naming it, never read or waited on)."""
    try:
        return safefile.read_regular(path, FILE_MAX)
    except safefile.Refused as e:
        if path.is_dir():
            raise UsageError(M("{file}: a folder, not an entries file", file=file)) from None
        raise UsageError(e.msg) from None
    except FileNotFoundError:
        raise NotFound(M("{file}: no such file", file=file)) from None
    except PermissionError:
        raise UsageError(M("{file}: no permission to read it", file=file)) from None
    except OSError as e:  # anything else the system says (an I/O error): the one wording, the file named
        raise safefile.failure(e, file) from None


def _encoding_problem(file: str) -> Msg:
    return M("{file}: not readable as UTF-8, UTF-16 (with a BOM) or GBK/GB18030 text. Convert it to UTF-8 "
             "(iconv -f GBK -t UTF-8 {file} > entries-utf8.csv, or save it from Excel as \"CSV UTF-8\")",
             file=file)


class Decoded(NamedTuple):
    """The text of a CSV, the encoding it was read with, and a notice when the encoding was assumed."""

    text: str
    encoding: str
    notice: Msg | None


def _decode(data: bytes, file: str) -> Decoded:
    """A CSV's bytes as text: UTF-8 (a BOM allowed), UTF-16 with a BOM, else GB18030 (with a notice) —
    the records' decoding (``referee.core.textfile.detect``), worded for an entries file."""
    from referee.core.textfile import detect

    found = detect(data)
    if found is None:
        raise EntriesError(file, [_encoding_problem(file)])
    text, encoding = found
    if encoding != "gb18030":
        return Decoded(text, encoding, None)
    notice = M("{file}: not UTF-8; read as GBK/GB18030 (Chinese Windows). If the names look wrong, convert "
               "it: iconv -f GBK -t UTF-8 {file} > entries-utf8.csv", file=file)
    return Decoded(text, "gb18030", notice)


def _delimiter(text: str) -> str:
    """The delimiter that makes the most recognised headers of the first lines (a comma on a tie)."""
    head = text.splitlines()[:HEADER_SEARCH]
    best, found = ",", -1
    for d in DELIMITERS:
        score = max((sum(1 for cell in line.split(d) if _fold(cell) in HEADERS) for line in head), default=0)
        if score > found:
            best, found = d, score
    return best


def _csv_rows(text: str, file: str, notice: Msg | None) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    rows: list[list[str]] = []
    try:
        for row in reader:
            rows.append(row)
            if len(rows) > ROWS_MAX:
                raise EntriesError(file, [_too_many(file)], notice)
    except csv.Error:
        raise EntriesError(file, [M("{where}: a quote (\") is not closed, or stands inside a cell",
                                    where=_row_at(file, len(rows) + 1))], notice) from None
    return rows


def _too_many(file: str) -> Msg:
    return M("{file}: more than {n} rows: not an entries file (an event takes at most its scoring's entries.most "
             "pairs, 1,000 by default)",
             file=file, n=ROWS_MAX)


def _not_xlsx(file: str) -> Msg:
    return M("{file}: not a readable XLSX workbook (damaged, or another kind of file)", file=file)


def _xlsx_rows(data: bytes, file: str) -> list[list[str]]:
    try:  # what it unpacks to, from the zip's directory, before any part is inflated
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            unpacked = sum(info.file_size for info in z.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        raise EntriesError(file, [_not_xlsx(file)]) from None
    if unpacked > UNPACKED_MAX:
        raise EntriesError(file, [M("{file}: unpacks to more than {mib} MiB: not an entries file", file=file,
                                    mib=UNPACKED_MAX >> 20)])
    try:
        # Here only: not at the CLI's start-up. openpyxl ships no type information.
        import openpyxl  # type: ignore[import-untyped, unused-ignore]

        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    except Exception:  # openpyxl raises whatever its zip, XML and part readers raise for a broken file
        raise EntriesError(file, [_not_xlsx(file)]) from None
    try:
        if not book.worksheets:
            return []
        rows: list[list[str]] = []
        for row in book.worksheets[0].iter_rows(values_only=True, max_col=64):
            rows.append([_cell_text(v) for v in row])
            if len(rows) > ROWS_MAX:  # a sheet of two million rows is not read to its end
                raise EntriesError(file, [_too_many(file)])
        return rows
    except EntriesError:
        raise
    except Exception:  # a sheet whose XML breaks off half-way
        raise EntriesError(file, [_not_xlsx(file)]) from None
    finally:
        book.close()


def _cell_text(value: object) -> str:
    """A cell as the text a person sees: 12 for a number typed as 12 (Excel keeps it as 12.0)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


# --- the rows ------------------------------------------------------------------------------------

def _fold(header: str) -> str:
    """A header as compared: full-width folded, any case, spaces, '_' and '-' dropped ("Player 1")."""
    text = unicodedata.normalize("NFKC", header).casefold()
    return "".join(ch for ch in text if not ch.isspace() and ch not in "_-")


def player_column(header: str) -> str:
    """What a players file's header cell names: ``player``, ``name``, ``club``, or "" (a column not read)."""
    return PLAYER_HEADERS.get(_fold(header), "")


def _person(name: str) -> str:
    """A player's name as compared between pairs: full-width folded, any case, no spaces."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def letter(index: int) -> str:
    """The spreadsheet letter of a 0-based column: 0 → A, 26 → AA."""
    out = ""
    n = index + 1
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(ord("A") + r) + out
    return out


def _row_at(file: str, row: int) -> Msg:
    return M("{file}, row {row}", file=file, row=row)


def _cell_at(file: str, row: int, column: str, index: int) -> Msg:
    return M("{file}, row {row}, column {column} ({letter})",
             file=file, row=row, column=column, letter=letter(index))


def _at(where: Msg, problem: Msg) -> Msg:
    return M("{where}: {problem}", where=where, problem=problem)


def _find_header(rows: Sequence[Sequence[str]]) -> int | None:
    """The index of the header row: the first of the top rows naming the pair column, else the first
    row that is not empty."""
    for i, row in enumerate(rows[:HEADER_SEARCH]):
        if any(HEADERS.get(_fold(c)) == "pair" for c in row):
            return i
    return next((i for i, row in enumerate(rows) if any(c.strip() for c in row)), None)


class Header(NamedTuple):
    """The header row: where it is and which columns it names."""

    row: int  # as a spreadsheet numbers it
    columns: dict[str, int]  # column key -> index
    names: dict[str, str]  # column key -> the header as the file writes it


class Entered(NamedTuple):
    """Where a player was first entered."""

    pair: str | None  # the pair's code (None when that cell was itself a problem)
    row: int


def _pairs(rows: Sequence[Sequence[str]], file: str, notice: Msg | None) -> tuple[Pair, ...]:
    at = _find_header(rows)
    if at is None:
        raise EntriesError(file, [M("{file}: empty: no header row (pair, player1, player2, club)", file=file)], notice)
    header = _header(rows[at], at + 1, file, notice)
    problems: list[Msg] = []
    pairs: list[Pair] = []
    code_row: dict[str, int] = {}  # pair code -> row of its entry
    player_at: dict[str, Entered] = {}  # folded name -> where it was entered
    for offset, row in enumerate(rows[at + 1:]):
        if any(c.strip() for c in row):
            pair = _entry(row, header.row + 1 + offset, header, file, problems, code_row, player_at)
            if pair is not None:
                pairs.append(pair)
    if not problems and not pairs:
        problems.append(M("{file}: no entries below the header row (row {row})", file=file, row=header.row))
    if problems:
        raise EntriesError(file, problems, notice)
    return tuple(pairs)


def _header(cells: Sequence[str], row: int, file: str, notice: Msg | None) -> Header:
    """The columns the header row names; an ``EntriesError`` when it names one twice or lacks one."""
    problems: list[Msg] = []
    columns: dict[str, int] = {}
    names: dict[str, str] = {}
    for i, cell in enumerate(cells):
        key = HEADERS.get(_fold(cell))
        if key is None:
            continue
        if key in columns:
            problems.append(_at(_row_at(file, row), M(
                "the header names column {column} twice ({first} and {second})",
                column=cell.strip(), first=letter(columns[key]), second=letter(i))))
            continue
        columns[key], names[key] = i, cell.strip()
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        problems.append(_at(_row_at(file, row), M(
            "the header row has no column {missing:list} (it needs pair, player1, player2 and may have club; "
            "or 对, 选手1, 选手2, 俱乐部)",
            missing=missing)))
    if problems:
        raise EntriesError(file, problems, notice)
    return Header(row, columns, names)


def _entry(row: Sequence[str], number: int, header: Header, file: str, problems: list[Msg],
           code_row: dict[str, int], player_at: dict[str, Entered]) -> Pair | None:
    """The pair of one row, or None (and its problems added) when the row cannot be used: a cell that
    is not a valid value, a pair code entered before, a player who already plays in a pair."""
    columns, names = header.columns, header.names
    values = _values(row, number, header, file, problems)
    ok = len(values) == len(columns)  # every cell of the row is usable
    code = values.get("pair")
    if code is not None and code in code_row:
        problems.append(_at(_cell_at(file, number, names["pair"], columns["pair"]), M(
            "pair {pair} is entered twice (first in row {first})",
            pair=code, first=code_row[code])))
        ok = False
    elif code is not None:
        code_row[code] = number
    for key in ("player1", "player2"):
        if key not in values:
            continue
        person = _person(values[key])
        seen = player_at.get(person)
        if seen is not None:
            ok = False
            problems.append(_at(_cell_at(file, number, names[key], columns[key]),
                                _twice(values[key], seen, code)))
        else:
            player_at[person] = Entered(code, number)
    if ok and code is not None:
        rating = values.get("rating", "")
        return Pair(code, values["player1"], values["player2"], values.get("club", ""),
                    newcomer=values.get("newcomer") == "yes", rating=int(rating) if rating else None)
    return None


def _values(row: Sequence[str], number: int, header: Header, file: str, problems: list[Msg]) -> dict[str, str]:
    """The row's usable values by column key; a cell that cannot be used is left out (its problem added)."""
    values: dict[str, str] = {}
    for key in COLUMNS:
        if key not in header.columns:
            continue
        index = header.columns[key]
        where = _cell_at(file, number, header.names[key], index)
        raw = row[index].strip() if index < len(row) else ""
        value = _checked(key, raw, header.names[key], where, problems)
        if value is not None:
            values[key] = value
    return values


def _twice(name: str, seen: Entered, code: str | None) -> Msg:
    pair, row = seen
    if pair is None:  # the earlier row's pair code is itself a problem
        return M("{player} is already entered in row {row}; a player enters one pair only", player=name, row=row)
    if pair == code:
        return M("{player} is named as both players of pair {pair}",
                 player=name, pair=pair)
    return M("{player} already plays in pair {pair} (row {row}); a player enters one pair only (two people "
             "of one name: tell them apart, e.g. {player} (2))", player=name, pair=pair, row=row)


def _checked(key: str, raw: str, column: str, where: Msg, problems: list[Msg]) -> str | None:
    """The cell's value, checked; None (and a problem added) when it cannot be used."""
    if not raw:
        if key in ("club", "rating", "newcomer"):
            return ""
        problems.append(_at(where, M("the cell is empty")))
        return None
    if key == "rating":
        if not raw.isdigit() or not raw.isascii():
            problems.append(_at(where, M("{value} is not a rating (a whole number from 0)", value=shown(raw))))
            return None
        return raw
    if key == "newcomer":
        word = raw.casefold()
        if word not in YES and word not in NO:
            problems.append(_at(where, M("{value}: say yes or no (yes, y, 1, 是; no, n, 0, 否)", value=shown(raw))))
            return None
        return "yes" if word in YES else ""
    try:
        if key == "pair":
            return check_id(raw, column)
        return unicodedata.normalize("NFC", check_text(raw, shown(raw), NAME_MAX))
    except UsageError as e:
        problems.append(_at(where, e.msg))
        return None

