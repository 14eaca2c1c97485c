"""The one policy for files (issue 15 item 5; issue 16 items 8, 9, 14–17, 19): how every output is
written (a regular file by rename; a character device, a FIFO or ``-`` streamed to; anything else
refused; the folder must exist), how an operating-system error is worded (one function, the file
named, one exit code), how a closed pipe and Ctrl-C end, and how the files the tool reads are read
(regular files only, bounded size and depth).

Real files in tmp folders and the real CLI as a process. No real device node is written: the device
stand-ins are a FIFO made in tmp_path (read by a thread) and a symlink in tmp_path to /dev/null,
whose node is checked to be a character device still afterwards.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from eventplay import Cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "spring-cup.gunzi"


def run_cli(*args: str | Path, cwd: Path | None = None, timeout: float = 60,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "REFEREE_LANG": "en", **(env or {})}
    return subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout, env=full)


def record(tmp_path: Path) -> Path:
    path = tmp_path / "r.gunzi"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.fixture
def short_tmp():
    """A folder with a short path (a Unix socket's path is at most 107 bytes; tmp_path may be longer)."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="ref-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def is_char_device(path: str) -> bool:
    return stat.S_ISCHR(os.stat(path).st_mode)


def paired_event(tmp_path: Path) -> tuple[Path, str]:
    """A store with event E1 of 4 pairs, round 1 paired."""
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "E1", "--name", "Cup", "--rounds", 2, "--date", "2026-12-06")
    for code, p1, p2 in (("F1", "张三", "李四"), ("F2", "王五", "赵六"), ("F3", "Ann", "Bob"), ("F4", "周九", "吴十")):
        cli.ok("event", "add", "E1", code, p1, p2)
    cli.ok("event", "pair", "E1")
    return cli.db, "E1"


class FifoReader(threading.Thread):
    """Reads a FIFO to its end (the writer's close), as `cat fifo` would."""

    def __init__(self, fifo: Path) -> None:
        super().__init__(daemon=True)
        self.fifo = fifo
        self.data = b""

    def run(self) -> None:
        with open(self.fifo, "rb") as f:
            self.data = f.read()


# ---------------------------------------------------------------- 16.8: the safe-write helper

def test_output_through_a_symlink_to_dev_null_leaves_the_device_a_device(tmp_path):
    """`export -o LINK` (LINK → /dev/null) streams into the device: it neither replaces /dev/null nor the link."""
    link = tmp_path / "null"
    link.symlink_to("/dev/null")
    assert is_char_device("/dev/null")
    res = run_cli("export", record(tmp_path), "-o", link)
    assert res.returncode == 0, res.stderr
    assert is_char_device("/dev/null") and link.is_symlink() and os.readlink(link) == "/dev/null"


@pytest.mark.parametrize("command", ["export", "scorecard"])
def test_output_to_a_fifo_is_streamed_not_replaced(tmp_path, command):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = FifoReader(fifo)
    reader.start()
    res = run_cli(command, record(tmp_path), "-o", fifo, "--lang", "en")
    reader.join(30)
    assert res.returncode == 0, res.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still a FIFO
    assert reader.data.startswith(b"match id=SC26-R1-T3" if command == "export" else b"%PDF-")


def test_output_dash_and_dev_stdout_write_to_standard_output(tmp_path):
    """`-o -` and `-o /dev/stdout` (its stand-in: a symlink in tmp_path to /proc/self/fd/1, as /dev/stdout is:
    the test never names a real /dev node) write into the process's standard output, a pipe here."""
    src = record(tmp_path)
    plain = run_cli("export", src)
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    for target in ("-", stdout):
        res = run_cli("export", src, "-o", target, cwd=tmp_path)
        assert res.returncode == 0 and res.stdout == plain.stdout, (target, res.stderr)
    assert stdout.is_symlink() and not (tmp_path / "-").exists()
    res = subprocess.run([sys.executable, "-m", "referee.cli", "scorecard", str(src), "-o", "-"], capture_output=True,
                         timeout=60, cwd=tmp_path)
    assert res.returncode == 0 and res.stdout.startswith(b"%PDF-"), res.stderr
    assert res.stdout.rstrip().endswith(b"%%EOF") and b"wrote -" in res.stderr  # said on stderr, not in the PDF


def test_dev_stdout_redirected_to_a_file_is_written_into_not_replaced(tmp_path):
    """`referee export X -o /dev/stdout >> log`: the export is added to the log the shell opened (its
    stand-in: a symlink in tmp_path to /proc/self/fd/1, as /dev/stdout is)."""
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    log = tmp_path / "log.txt"
    log.write_text("earlier line\n", encoding="utf-8")
    inode = log.stat().st_ino
    with open(log, "ab") as out:
        res = subprocess.run([sys.executable, "-m", "referee.cli", "export", str(record(tmp_path)), "-o", str(stdout)],
                             stdout=out, stderr=subprocess.PIPE, timeout=60)
    assert res.returncode == 0, res.stderr
    text = log.read_text(encoding="utf-8")
    assert text.startswith("earlier line\nmatch id=SC26-R1-T3") and log.stat().st_ino == inode
    assert stdout.is_symlink()


def test_output_through_a_symlink_to_a_file_keeps_the_link(tmp_path):
    real = tmp_path / "real.gunzi"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.gunzi"
    link.symlink_to(real)
    res = run_cli("export", record(tmp_path), "-o", link)
    assert res.returncode == 0, res.stderr
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("match id=SC26-R1-T3")


def test_output_to_a_folder_or_a_socket_is_refused_naming_it(tmp_path, short_tmp):
    import socket

    sock_path = short_tmp / "s"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    try:
        for target, kind, zh in ((tmp_path, "a folder", "文件夹"), (sock_path, "a socket", "套接字")):
            res = run_cli("export", record(tmp_path), "-o", target)
            assert res.returncode == 1, res.stderr
            assert res.stderr == (f"error: {target}: {kind}: an output is written to a file, a character device, "
                                  "a pipe or -\n")
            res = run_cli("export", record(tmp_path), "-o", target, env={"REFEREE_LANG": "zh"})
            assert f"{target}：是{zh}；输出只能写入文件、字符设备、管道或 -" in res.stderr, res.stderr
        assert stat.S_ISSOCK(os.lstat(sock_path).st_mode)
    finally:
        sock.close()


def test_every_output_option_goes_through_the_helper(tmp_path):
    """event sheet/report -o and event export --xlsx stream into a FIFO too (no rename over it)."""
    db, event = paired_event(tmp_path)
    for args, magic in ((["event", "sheet", event, "-o"], b"%PDF-"), (["event", "report", event, "-o"], b"%PDF-"),
                        (["event", "export", event, "--xlsx"], b"PK")):
        fifo = tmp_path / f"out-{args[1]}"
        os.mkfifo(fifo)
        reader = FifoReader(fifo)
        reader.start()
        res = run_cli(*args, fifo, "--db", db)
        reader.join(30)
        assert res.returncode == 0, (args, res.stderr)
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and reader.data.startswith(magic), args


# ---------------------------------------------------------------- 16.9: no folders made

def test_an_output_in_a_missing_folder_makes_no_folder(tmp_path):
    src = record(tmp_path)
    target = tmp_path / "no" / "such" / "x.out"
    assert run_cli("import", src, "--db", tmp_path / "db").returncode == 0
    for args in (["export", src, "-o", target], ["scorecard", src, "-o", target],
                 ["scorecard", "--all", "-o", tmp_path / "no" / "cards", "--db", tmp_path / "db"]):
        res = run_cli(*args)
        assert res.returncode == 1 and "Traceback" not in res.stderr, (args, res.stderr)
        assert res.stderr.startswith("error: ") and "the folder does not exist" in res.stderr, res.stderr
        assert not (tmp_path / "no").exists(), args
    res = run_cli("export", src, "-o", target, env={"REFEREE_LANG": "zh"})
    assert res.stderr == f"错误：{target}：文件夹不存在\n", res.stderr


def test_the_default_reports_folder_is_made(tmp_path):
    res = run_cli("scorecard", record(tmp_path), cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "reports" / "SC26-R1-T3.pdf").read_bytes().startswith(b"%PDF-")


# ---------------------------------------------------------------- 15.5: one wording, one exit code

def test_failure_names_the_target_never_a_temporary_file_or_a_question_mark(tmp_path):
    from referee.core.safefile import OS_ERROR, failure

    nameless = OSError(errno.ENOSPC, "No space left on device")  # os.write on a full disk names no file
    assert failure(nameless, tmp_path / "x.pdf").text("en") == f"{tmp_path / 'x.pdf'}: the disk is full"
    assert failure(nameless, tmp_path / "x.pdf").text("zh") == f"{tmp_path / 'x.pdf'}：磁盘已满"
    temp = OSError(errno.EACCES, "Permission denied", str(tmp_path / ".x.pdf.123.tmp"))
    said = failure(temp, tmp_path / "x.pdf")
    assert said.text("en") == f"{tmp_path / 'x.pdf'}: no permission" and ".tmp" not in said.text("zh")
    assert said.exit_code == OS_ERROR == 1
    assert "?" not in failure(nameless).text("en")


def test_an_output_on_a_full_disk_names_the_file_with_exit_1(tmp_path, monkeypatch):
    """The system refuses the write itself (ENOSPC from os.write, which names no file)."""
    from referee.core import safefile
    from referee.core.errors import RefereeError

    real_write = os.write

    def full(fd: int, data: object) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)  # type: ignore[arg-type]

    target = tmp_path / "book.xlsx"
    monkeypatch.setattr(safefile.os, "write", full)
    from referee.views.outfile import written

    with pytest.raises(RefereeError) as info, written(target) as buf:
        buf.write(b"PK")
    assert info.value.text("en") == f"{target}: the disk is full" and info.value.exit_code == 1
    assert sorted(os.listdir(tmp_path)) == []  # no temporary file left


def test_a_closed_pipe_ends_quietly_with_141(tmp_path):
    src = record(tmp_path)
    for args in (["replay", str(src)], ["export", str(src)], ["explain", str(src), "--hand", "1"]):
        proc = subprocess.Popen([sys.executable, "-m", "referee.cli", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # the reader is gone before the first line: `referee … | head -0`
        err = proc.stderr.read()
        assert proc.wait(60) == 141, (args, err)
        assert err == b"", (args, err)


def test_ctrl_c_ends_quietly_with_130(tmp_path):
    """SIGINT to a command blocked writing into a FIFO nobody reads."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "export", str(record(tmp_path)), "-o", str(fifo)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # until it waits for a reader (the kernel's wait_for_partner)
        time.sleep(0.1)
        if "partner" in Path(f"/proc/{proc.pid}/wchan").read_text():
            break
    else:
        pytest.fail("the command never reached the FIFO")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"Aborted" not in err and b"error" not in err, err


# ---------------------------------------------------------------- 16.15: record --file decodes as check does

def _new_match(db: Path) -> None:
    res = run_cli("new", "G1", "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六", "--db", db)
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("encoding", ["gbk", "utf-16"])
def test_record_file_in_gbk_or_utf16_is_read_as_check_reads_it(tmp_path, encoding):
    db = tmp_path / "db"
    _new_match(db)
    sheet = tmp_path / "sheet.gunzi"  # its seat line agrees with the match: compared, then left out
    sheet.write_bytes("match id=G1 rules=dalian-club\nseat E 张三\nhand\ndeclarer E\n".encode(encoding))
    res = run_cli("record", "G1", "--file", sheet, "--db", db)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    assert "stored #6–#7 in G1 (by " in res.stdout and "2 directives from" in res.stdout, res.stdout
    assert ("read as GBK/GB18030" in res.stderr) == (encoding == "gbk"), res.stderr


# ---------------------------------------------------------------- 16.16: the referee's name is checked

def _entries(db: Path) -> int:

    from helpers import match_tables

    return len(match_tables(db / "matches" / "G1.json")["entries"])


@pytest.mark.parametrize(("value", "en", "zh"), [
    ("张三".encode("gbk"), "error: $REFEREE_NAME: not UTF-8 text (\\xd5\\xc5\\xc8\\xfd); set it in UTF-8",
     "错误：$REFEREE_NAME：不是 UTF-8 文本（\\xd5\\xc5\\xc8\\xfd）"),
    (b"a\x1bb", "error: $REFEREE_NAME: control character \\x1b is not allowed",
     "$REFEREE_NAME：不能包含控制字符 \\x1b"),
    (b"x" * 5000, "error: $REFEREE_NAME: at most 100 characters, not 5000", "$REFEREE_NAME"),
])
def test_a_bad_referee_name_is_refused_and_nothing_stored(tmp_path, value, en, zh):
    db = tmp_path / "db"
    _new_match(db)
    before = _entries(db)
    for lang, said in (("en", en), ("zh", zh)):
        env = {**os.environ, "REFEREE_LANG": lang, "REFEREE_NAME": value}
        res = subprocess.run([sys.executable, "-m", "referee.cli", "record", "G1", "hand", "--db", str(db)],
                             capture_output=True, env=env, timeout=60)  # type: ignore[arg-type]
        err = res.stderr.decode("utf-8")
        assert res.returncode == 2 and said in err and "Traceback" not in err, err
    assert _entries(db) == before
    res = run_cli("record", "G1", "hand", "--referee", "a\tb", "--db", db)
    assert res.returncode == 2 and "error: --referee: control character \\t is not allowed" in res.stderr


# ---------------------------------------------------------------- 16.17: entries.most, a scoring key

def test_an_event_takes_at_most_entries_most_pairs(tmp_path):
    scoring = tmp_path / "small.toml"
    scoring.write_text('base = "club"\nname = "small"\n[entries]\nmost = 2\n', encoding="utf-8")
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "S1", "--name", "Small", "--rounds", 1, "--scoring", scoring)
    cli.ok("event", "add", "S1", "F1", "张三", "李四")
    cli.ok("event", "add", "S1", "F2", "王五", "赵六")
    run = cli("event", "add", "S1", "F3", "Ann", "Bob")
    assert run.code == 1 and run.err == ("error: event S1 takes at most 2 pairs (entries.most of its scoring small): "
                                         "2 entered, 1 more refused; nothing was entered\n"), run.err
    run = Cli(tmp_path / "store", lang="zh")("event", "add", "S1", "F3", "Ann", "Bob")
    assert "赛事 S1 最多接受 2 对（其计分规则 small 的 entries.most）：已报名 2 对，再加 1 对被拒绝" in run.err, run.err
    scoring.write_text('base = "club"\nname = "one"\n[entries]\nmost = 1\n', encoding="utf-8")
    run = cli("event", "new", "S2", "--name", "One", "--rounds", 1, "--scoring", scoring)
    assert run.code == 2 and f"{scoring}: key 'entries.most' has a value that cannot be used" in run.err, run.err


# ---------------------------------------------------------------- 16.19: nothing written for nothing; names

def test_revoking_nobody_writes_nothing(tmp_path):
    db = tmp_path / "db"
    res = run_cli("token", "revoke", "nobody", "--db", db)
    assert res.returncode == 2 and res.stderr == "error: no valid token named nobody (see referee token list)\n"
    assert not db.exists()  # no store folder, no tokens.json, no lock file
    assert run_cli("token", "add", "Ann", "--role", "referee", "--db", db).returncode == 0
    tokens = db / "tokens.json"
    before = (tokens.read_bytes(), tokens.stat().st_mtime_ns, tokens.stat().st_ino)
    for args in (["revoke", "nobody"], ["revoke", "nobody"]):
        res = run_cli("token", *args, "--db", db)
        assert res.returncode == 2, res.stderr
    assert (tokens.read_bytes(), tokens.stat().st_mtime_ns, tokens.stat().st_ino) == before


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The system refuses to write a temporary file's bytes or a line appended to a match's log (ENOSPC from
    os.write or os.pwrite, which names no file)."""
    from referee.core import safefile

    real_write = os.write

    def full(fd: int, data: object) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)  # type: ignore[arg-type]

    def full_append(fd: int, data: object, offset: int) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safefile.os, "write", full)
    monkeypatch.setattr(safefile.os, "pwrite", full_append)


def test_full_disk_messages_name_the_file_never_a_question_mark(tmp_path, monkeypatch):
    db, event = paired_event(tmp_path)
    cli = Cli(db)
    match = json_of(cli, "event", "status", event)["tables"][0]["match"]
    _full_disk(monkeypatch)
    run = cli("record", match, "hand")
    path = db / "matches" / f"{match}.json"
    assert run.code == 1 and run.err == (f"error: cannot write to the store: {path}: No space left on device; "
                                         "nothing was stored\n"), run.err
    run = Cli(db, lang="zh")("record", match, "hand")
    assert f"{path}" in run.err and "?" not in run.err, run.err
    book = tmp_path / "e.xlsx"
    run = cli("event", "export", event, "--xlsx", book)  # the one exit code of an OSError: 1, not 2
    assert run.code == 1 and run.err == f"error: {book}: the disk is full\n", run.err
    assert not book.exists()


def json_of(cli: Cli, *args: str) -> dict[str, object]:
    import json

    data = json.loads(cli.ok(*args, "--json").out)
    assert isinstance(data, dict)
    return data


def test_a_killed_head_write_leaves_no_litter(tmp_path):
    db = tmp_path / "db"
    _new_match(db)
    litter = db / "heads" / ".G1.json.999999.tmp"  # what a writer killed between write and rename leaves
    litter.write_bytes(b'{"half": ')
    pin_litter = db / "heads" / ".G1.pin.tmp"  # the same of the pin beside it (written under one name)
    pin_litter.write_bytes(b'{"half": ')
    res = run_cli("record", "G1", "hand", "--db", db)
    assert res.returncode == 0, res.stderr
    assert not litter.exists() and not pin_litter.exists()
    assert sorted(os.listdir(db / "heads")) == ["G1.json", "G1.pin"]  # the head record and its pin


def test_an_entries_file_the_system_cannot_read_is_the_one_file_error(tmp_path, monkeypatch):
    """An I/O error reading an entries file: safefile.failure's wording (the file, the system's reason),
    not an errno code name."""
    from referee.core import safefile
    from referee.tournament import entries

    def broken(path: object, most: int = 0) -> bytes:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(entries.safefile, "read_regular", broken)
    target = tmp_path / "e.csv"
    with pytest.raises(safefile.FileError) as info:
        entries.read_entries(target)
    assert info.value.text("en") == f"{target}: Input/output error" and info.value.exit_code == 1
    assert info.value.text("zh") == f"{target}：Input/output error"


def test_read_regular_refuses_a_large_file_before_reading_it(tmp_path, monkeypatch):
    from referee.core import safefile

    big = tmp_path / "index.json"
    with open(big, "wb") as f:  # sparse: 1 MiB and one byte, none of it written
        f.truncate((1 << 20) + 1)
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(safefile.os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(safefile.Refused) as info:
        safefile.read_regular(big, 1 << 20)
    assert reads == [] and info.value.msg.text("en") == f"{big}: larger than 1 MiB: not read"
    assert info.value.msg.text("zh") == f"{big}：大于 1 MiB，未读取"
    big.write_bytes(b"[]")
    assert safefile.read_regular(big, 1 << 20) == b"[]"
