"""The adversarial run of issue 16, categories 8, 14 and 17, kept as a bounded test that CI reruns:
hostile outputs (every output option at a device, a FIFO, a folder, a socket, a missing folder),
hostile store files (a FIFO, a symlink to /dev/zero, JSON nested 100,000 deep in place of each kind
of store file) and hostile entries files (/dev/zero, a FIFO, a folder, too large, too many rows,
more pairs than the event takes, an XLSX of 200,000 rows).

Each case is the real CLI as a process with a timeout (a hang is a failure, not a stuck suite), and
each must end with one line naming the file, never a traceback, and leave everything else usable.
Loopback and tmp folders only; no real device node is written: /dev/null and /dev/zero are reached
only through symlinks in tmp_path, /dev/null only for writing through a symlink whose target is
checked to be a character device still, /dev/zero only for reading.
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest
from eventplay import Cli

from referee.results.summarize import SUMMARIES
from referee.store.folder import FolderStore as Store
from referee.store.summaries import SummaryCache

TIMEOUT = 30  # seconds a hostile case may take before it counts as a hang
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "spring-cup.gunzi"


def run(*args: object, db: Path | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REFEREE_LANG": "en"}
    if db is not None:
        env["REFEREE_DB"] = str(db)
    try:
        return subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                              env=env, cwd=cwd, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"referee {' '.join(map(str, args))}: still running after {TIMEOUT} s (a hang)")


def one_clean_line(res: subprocess.CompletedProcess[str], named: str) -> None:
    """Refused with one error line naming *named*, no traceback."""
    assert "Traceback" not in res.stderr and "Error:" not in res.stderr, res.stderr
    errors = [line for line in res.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and named in errors[0], res.stderr


@pytest.fixture
def short_tmp():
    """A folder with a short path (a Unix socket's path is at most 107 bytes; tmp_path may be longer)."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="ref-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def base_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store of every kind of file: match T2 and its head, the index, event E1 (4 pairs, round 1
    paired: its log, its matches, its summary cache) and tokens.json."""
    db = tmp_path_factory.mktemp("adversarial") / "store"
    cli = Cli(db)
    cli.ok("new", "T2", "--east", "a", "--south", "b", "--west", "c", "--north", "d")
    cli.ok("event", "new", "E1", "--name", "Cup", "--rounds", 2, "--date", "2026-12-06")
    for code, p1, p2 in (("F1", "张三", "李四"), ("F2", "王五", "赵六"), ("F3", "Ann", "Bob"), ("F4", "周九", "吴十")):
        cli.ok("event", "add", "E1", code, p1, p2)
    cli.ok("event", "pair", "E1")
    cache = SummaryCache(Store(db), "E1", SUMMARIES)  # the cache a close would save (a read never writes it)
    cache.get_many(["E1-R1-T1", "E1-R1-T2"])
    assert cache.save()
    cli.ok("token", "add", "Ann", "--role", "referee")
    for name in ("matches/T2.json", "heads/T2.json", "index.json", "events/E1.json", "summaries/E1.json",
                 "tokens.json"):
        assert (db / name).is_file(), name
    return db


# ---------------------------------------------------------------- category 14: hostile store files

# (file, commands that read it, whether they must refuse: a summary cache is only a cache, recomputed)
STORE_FILES = [
    ("matches/T2.json", [["status", "T2"], ["verify"]], True),
    ("heads/T2.json", [["verify"]], True),
    ("index.json", [["list"]], False),  # listed from the match files, with a note naming the index
    ("events/E1.json", [["event", "status", "E1"]], True),
    ("summaries/E1.json", [["event", "standings", "E1"]], False),
    ("tokens.json", [["token", "list"]], True),
]
DEEP = "[" * 100_000 + "]" * 100_000


def hostile(path: Path, kind: str) -> None:
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")  # read through, never written: the commands here only read
    else:
        path.write_text(DEEP, encoding="ascii")


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "deep"])
@pytest.mark.parametrize(("name", "commands", "refused"), STORE_FILES, ids=[f[0] for f in STORE_FILES])
def test_category14_hostile_store_files(tmp_path, base_store, name, commands, refused, kind):
    db = tmp_path / "store"
    shutil.copytree(base_store, db, symlinks=True)
    target = db / name
    hostile(target, kind)
    for args in commands:
        res = run(*args, db=db)
        assert "Traceback" not in res.stderr and "MemoryError" not in res.stderr, (args, res.stderr)
        if refused:
            assert res.returncode in (1, 2), (args, res.stdout, res.stderr)
            said = res.stdout + res.stderr  # the file by its path, or a match file by its match
            assert str(target) in said or name.endswith("T2.json") and "match T2: " in said, (args, said)
        else:
            assert res.returncode == 0, (args, res.stdout, res.stderr)
    if name == "index.json":
        assert f"the index {target} cannot be read" in res.stderr, res.stderr
    if kind == "fifo":  # the broken file never stops the others: the other matches are listed and read
        res = run("list", db=db)
        assert res.returncode == 0 and "E1-R1-T1" in res.stdout, res.stdout + res.stderr
        assert run("status", "E1-R1-T1", db=db).returncode == 0
    if kind == "dev-zero":
        assert stat.S_ISCHR(os.stat("/dev/zero").st_mode)


# ---------------------------------------------------------------- category 8: hostile outputs

class Reader(threading.Thread):
    def __init__(self, fifo: Path) -> None:
        super().__init__(daemon=True)
        self.fifo, self.data = fifo, b""

    def run(self) -> None:
        with open(self.fifo, "rb") as f:
            self.data = f.read()


OUTPUTS = [  # (the command up to its output option, the first bytes of what it writes)
    (["export", str(EXAMPLE), "-o"], b"match id="),
    (["scorecard", str(EXAMPLE), "-o"], b"%PDF-"),
    (["event", "sheet", "E1", "-o"], b"%PDF-"),
    (["event", "report", "E1", "-o"], b"%PDF-"),
    (["event", "export", "E1", "--xlsx"], b"PK"),
]


@pytest.mark.parametrize(("command", "magic"), OUTPUTS, ids=["export", "scorecard", "sheet", "report", "xlsx"])
def test_category8_hostile_outputs(tmp_path, short_tmp, base_store, command, magic):
    db = tmp_path / "store"
    shutil.copytree(base_store, db, symlinks=True)
    # a symlink to /dev/null: written through, the node a character device still, the link a link
    null = tmp_path / "null"
    null.symlink_to("/dev/null")
    res = run(*command, null, db=db)
    assert res.returncode == 0, res.stderr
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and null.is_symlink()
    # a FIFO: streamed into, still a FIFO
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = Reader(fifo)
    reader.start()
    res = run(*command, fifo, db=db)
    reader.join(TIMEOUT)
    assert res.returncode == 0 and reader.data.startswith(magic), res.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    # a folder and a socket: refused naming them
    sock_path = short_tmp / "sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        for target, kind in ((tmp_path, "a folder"), (sock_path, "a socket")):
            res = run(*command, target, db=db)
            assert res.returncode == 1, res.stderr
            one_clean_line(res, f"{target}: {kind}: an output is written to a file, a character device, a pipe or -")
    # a missing folder: refused, nothing made
    missing = tmp_path / "no" / "such" / "out"
    res = run(*command, missing, db=db)
    assert res.returncode == 1 and not (tmp_path / "no").exists()
    one_clean_line(res, f"{missing}: the folder does not exist")


# ---------------------------------------------------------------- category 17: hostile entries files

def _xlsx(path: Path, rows: int) -> None:
    """A minimal workbook of a header row and *rows* pairs, its sheet written as a stream (inline strings)."""
    parts = {
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+'
        'xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override '
        'PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'spreadsheetml.worksheet+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
        '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet '
        'name="Entries" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
        'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
        'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    }

    def row(n: int, cells: tuple[str, ...]) -> str:
        return f'<row r="{n}">' + "".join(f'<c r="{c}{n}" t="inlineStr"><is><t>{v}</t></is></c>'
                                           for c, v in zip("ABC", cells, strict=True)) + "</row>"

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            z.writestr(name, text)
        with z.open("xl/worksheets/sheet1.xml", "w") as f:
            f.write(b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/'
                    b'main"><sheetData>')
            f.write(row(1, ("pair", "player1", "player2")).encode())
            for start in range(2, rows + 2, 10_000):
                end = min(start + 10_000, rows + 2)
                chunk = "".join(row(n, (f"P{n}", f"a{n}", f"b{n}")) for n in range(start, end))
                f.write(chunk.encode())
            f.write(b"</sheetData></worksheet>")


def csv_of(path: Path, pairs: int) -> Path:
    path.write_text("pair,player1,player2\n" + "".join(f"P{n},a{n},b{n}\n" for n in range(1, pairs + 1)),
                    encoding="utf-8")
    return path


def test_category17_hostile_entries_files(tmp_path, base_store):
    db = tmp_path / "store"
    shutil.copytree(base_store, db, symlinks=True)
    cli = Cli(db)
    cli.ok("event", "new", "E2", "--name", "Open", "--rounds", 2, "--date", "2026-12-06")
    zero = tmp_path / "zero.csv"
    zero.symlink_to("/dev/zero")
    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.csv"
    with open(huge, "wb") as f:  # sparse: 8 MiB and one byte, none of it written
        f.truncate(8 * 1024 * 1024 + 1)
    cases = [
        (zero, f"{zero}: a character device, not a regular file: not read"),
        (fifo, f"{fifo}: a pipe, not a regular file: not read"),
        (tmp_path, f"{tmp_path}: a folder, not an entries file"),
        (huge, f"{huge}: larger than 8 MiB: not read"),
        (csv_of(tmp_path / "rows.csv", 20_000), f"{tmp_path / 'rows.csv'}: more than 10000 rows"),
        (csv_of(tmp_path / "many.csv", 1_001), "event E2 takes at most 1000 pairs (entries.most of its scoring club): "
                                               "0 entered, 1001 more refused; nothing was entered"),
    ]
    for path, said in cases:
        started = time.monotonic()
        res = run("event", "import", "E2", path, db=db)
        assert res.returncode in (1, 2), (path, res.stderr)
        one_clean_line(res, said)
        assert time.monotonic() - started < 20, path
    book = tmp_path / "rows.xlsx"
    _xlsx(book, 200_000)
    started = time.monotonic()
    res = run("event", "import", "E2", book, db=db)
    assert res.returncode == 2 and time.monotonic() - started < 20, res.stderr
    one_clean_line(res, f"{book}: more than 10000 rows")
    bomb = tmp_path / "bomb.xlsx"  # 65 MiB of blanks in a sheet: a small file that unpacks large
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z, z.open("xl/worksheets/sheet1.xml", "w") as f:
        for _ in range(65):
            f.write(b" " * (1 << 20))
    assert bomb.stat().st_size < 1 << 20
    res = run("event", "import", "E2", bomb, db=db)
    assert res.returncode == 2, res.stderr
    one_clean_line(res, f"{bomb}: unpacks to more than 64 MiB: not an entries file")
    assert cli.json("event", "status", "E2")  # the event is as it was: nothing entered
    assert run("event", "import", "E2", csv_of(tmp_path / "ok.csv", 1_000), db=db).returncode == 0
    assert stat.S_ISCHR(os.stat("/dev/zero").st_mode)
