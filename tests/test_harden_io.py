"""Input/output hardening (issue 8, items 1, 4–7, 11–16; issue 9, items 16–19): what an adversarial run
found around the reader and the views — a file read because of a value out of the store, scorecards
overwriting each other, torn files on a full disk, a tampered record printed as sound, unbounded
reads, hostile names and encodings. Real files, real stores in tmp folders, the CLI as a subprocess
where the process matters (arguments, terminals, memory).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import match_tables
from typer.testing import CliRunner

from referee.cli import build_app

pypdf = pytest.importorskip("pypdf")

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def invoke(*args: str, **kw: object):
    return runner.invoke(build_app(), list(args), **kw)


def run_cli(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
            timeout: float = 60, **kw: object) -> subprocess.CompletedProcess[bytes]:
    """``referee ARGS`` in a process of its own (bytes out: a terminal's encoding is under test)."""
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True, env=full,
                          cwd=cwd, timeout=timeout, **kw)  # type: ignore[call-overload]


def pdf_text(path: Path) -> str:
    return re.sub(r"\s+", "", "\n".join(p.extract_text() for p in pypdf.PdfReader(str(path)).pages))


# A short match: one hand kept by the declarers (§7.2: defenders 100 of 300, kept → declarers up one).
def record_text(match_id: str, *, east: str = "张三", event: str = "Spring Cup") -> str:
    return (f'match id={match_id} rules=dalian-club date=2026-11-29 event="{event}" referee=周裁判\n'
            f"team EW 海之韵\nteam NS 星海\nseat E {east}\nseat S 李四\nseat W 王五\nseat N 赵六\n"
            "hand\ndeclarer E\ntrump H\nkitty 4C 6D 9S KH 7C 3H\npoints 100\nlast decl\n")


def store_with(db: Path, *ids: str) -> Path:
    """A real store holding one short match under each id (put in through the store's API: the ids of
    old stores were not checked)."""
    from referee.games.gunzi.notation import parse
    from referee.store.folder import FolderStore as Store

    st = Store(db)
    for mid in ids:
        events = list(parse(record_text("PLACEHOLDER")).events)
        header = events[0]
        events[0] = header._replace(id=mid)
        st.create(events, referee="周裁判")
    return db


# ---------------------------------------------------------------- item 1: ids are not paths

def test_item01_a_stored_id_is_never_read_as_a_file(tmp_path):
    """`scorecard --all` of a match stored as /etc/passwd prints the stored match, never the file."""
    passwd = Path("/etc/passwd").read_text(encoding="utf-8", errors="replace")
    first_user = passwd.splitlines()[0].split(":")[0]  # "root" on every Unix
    db = store_with(tmp_path / "db", "/etc/passwd")
    out = tmp_path / "out"
    res = invoke("scorecard", "--all", "--db", str(db), "-o", str(out), "--lang", "en")
    assert res.exit_code == 0, res.output
    (pdf,) = out.iterdir()
    text = pdf_text(pdf)
    assert "Problemsintherecord" not in text and f"{first_user}:x" not in text
    assert "海之韵" in text or "EW" in text  # the stored match's own teams


def test_item01_an_argument_both_file_and_match_is_refused(tmp_path, monkeypatch):
    record = tmp_path / "M1"
    record.write_text(record_text("FROMFILE"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    db = store_with(tmp_path / "db", "M1")
    res = invoke("replay", "M1", "--db", str(db), "--lang", "en")
    assert res.exit_code == 2, res.output
    assert "both a record file and a match stored in" in res.stderr
    assert "--file" in res.stderr and "--match" in res.stderr
    res = invoke("export", "M1", "--db", str(db), "--match")
    assert res.exit_code == 0 and "id=M1" in res.stdout, res.output
    res = invoke("export", "M1", "--db", str(db), "--file")
    assert res.exit_code == 0 and "id=FROMFILE" in res.stdout, res.output
    res = invoke("export", "M1", "--db", str(db), "--file", "--match")
    assert res.exit_code == 2 and "not both" in res.stderr
    # --match never reads a file, even one that exists and no match of that name is stored
    res = invoke("replay", str(record), "--db", str(db), "--match")
    assert res.exit_code == 2 and "FROMFILE" not in res.output


# ---------------------------------------------------------------- item 4: one PDF per id

HOSTILE = ["a b", "a/b", "a=b", "a_b", ".", "..", "a%2Fb", "CON", "x" * 300, "春季/第1轮"]


def test_item04_reports_every_hostile_id_gets_its_own_pdf(tmp_path):
    db = store_with(tmp_path / "db", *HOSTILE)
    out = tmp_path / "out"
    res = invoke("scorecard", "--all", "--db", str(db), "-o", str(out), "--lang", "en")
    assert res.exit_code == 0, res.output
    assert f"wrote {len(HOSTILE)} scorecards" in res.stdout
    files = sorted(out.iterdir())
    assert len(files) == len(HOSTILE)  # ten ids, ten files: none overwrote another
    assert all(len(p.name.encode()) <= 255 and p.parent == out for p in files)


def test_item04_reports_file_names_are_the_one_mapping():
    from referee.cli.scorecards import file_name
    from referee.core.names import file_stem

    assert file_name("SC26-R1-T3") == "SC26-R1-T3.pdf"
    assert file_name("春季/第1轮") == file_stem("春季/第1轮") + ".pdf" == "春季%2F第1轮.pdf"
    assert len({file_name(i) for i in HOSTILE}) == len(HOSTILE)


# ---------------------------------------------------------------- item 5: safe writes on a full disk

@pytest.fixture
def full_tmpfs(tmp_path):
    """A real 1 MiB tmpfs (root only), filled but for a few bytes."""
    mnt = tmp_path / "full"
    mnt.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (CI runs as root)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def _fill(folder: Path) -> None:
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 512):
            pass
    except OSError:  # ENOSPC: the disk is full
        pass
    finally:
        os.close(fd)


def test_item05_export_on_a_full_disk_leaves_the_target_untouched(tmp_path, full_tmpfs):
    record = tmp_path / "r.gunzi"
    record.write_text(record_text("FULL1"), encoding="utf-8")
    target = full_tmpfs / "export.gunzi"
    target.write_text("old content\n", encoding="utf-8")
    _fill(full_tmpfs)
    res = run_cli("export", str(record), "-o", str(target))
    assert res.returncode == 1 and b"Traceback" not in res.stderr, res.stderr
    assert target.read_text(encoding="utf-8") == "old content\n"
    assert sorted(p.name for p in full_tmpfs.iterdir()) == ["export.gunzi", "filler"]  # no temp left


def test_item05_scorecard_on_a_full_disk_leaves_no_part_file(tmp_path, full_tmpfs):
    record = tmp_path / "r.gunzi"
    record.write_text(record_text("FULL2"), encoding="utf-8")
    target = full_tmpfs / "card.pdf"
    target.write_bytes(b"old pdf")
    _fill(full_tmpfs)
    res = run_cli("scorecard", str(record), "-o", str(target))
    assert res.returncode == 1 and b"Traceback" not in res.stderr, res.stderr
    assert target.read_bytes() == b"old pdf"
    assert sorted(p.name for p in full_tmpfs.iterdir()) == ["card.pdf", "filler"]


# ---------------------------------------------------------------- item 6: a tampered match says so

def _tamper(db: Path, match_id: str) -> int:
    """Edit the points of the stored match by hand (its hash no longer matches); returns that entry's seq."""
    from referee.store.folder import FolderStore as Store

    path = Store(db).path(match_id)
    data = match_tables(path)
    for entry in data["entries"].values():  # TinyDB's table: {doc id: entry}
        if entry.get("directive") == "points 100":
            entry["directive"] = "points 150"
            path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            return int(entry["seq"])
    raise AssertionError("no points entry to tamper with")


def test_item06_views_of_a_tampered_match_say_the_chain_is_broken(tmp_path):
    db = store_with(tmp_path / "db", "T1")
    res = invoke("replay", "T1", "--db", str(db), "--lang", "en")
    assert res.exit_code == 0 and "broken" not in res.output
    seq = _tamper(db, "T1")
    for args in (("replay", "T1"), ("replay", "T1", "--json"), ("export", "T1")):
        res = invoke(*args, "--db", str(db), "--lang", "en")
        assert res.exit_code == 1, (args, res.output)
        assert f"hash chain is broken at entry {seq}" in res.stderr, (args, res.stderr)
    pdf = tmp_path / "t1.pdf"
    res = invoke("scorecard", "T1", "--db", str(db), "-o", str(pdf), "--lang", "en")
    assert res.exit_code == 1 and f"broken at entry {seq}" in res.stderr
    assert f"Warning:therecord'shashchainisbrokenatentry{seq}" in pdf_text(pdf)


def test_item06_views_every_stored_scorecard_prints_the_chain_head(tmp_path):
    from referee.store.folder import FolderStore as Store

    db = store_with(tmp_path / "db", "H1")
    entries = Store(db).entries("H1")
    short = entries[-1]["hash"][:8]
    pdf = tmp_path / "h1.pdf"
    res = invoke("scorecard", "H1", "--db", str(db), "-o", str(pdf), "--lang", "en")
    assert res.exit_code == 0, res.output
    text = pdf_text(pdf)
    # the header, the two teams, the four seats and the hand's six lines: 13 entries
    assert f"recordhead{short}" in text and f"·{len(entries)}entries" in text
    assert len(entries) == 13


# ---------------------------------------------------------------- item 7: ids, names and texts

def test_item07_import_refuses_a_bad_match_id_and_never_echoes_it_raw(tmp_path):
    db = tmp_path / "db"
    cases = {"esc.gunzi": "a\x1b[31mb", "long.gunzi": "x" * 65, "slash.gunzi": "a/b"}
    for name, mid in cases.items():
        (tmp_path / name).write_text(record_text(mid), encoding="utf-8")
    res = invoke("import", *(str(tmp_path / n) for n in cases), "--db", str(db), "--lang", "en")
    assert res.exit_code == 1, res.output
    assert "\x1b" not in res.output and "\\x1b" in res.output  # escaped, never raw
    assert "an id has 1 to 64 characters, not 65" in res.output
    assert "an id holds letters, digits" in res.output
    assert not (db / "matches").exists() or not list((db / "matches").glob("*.json"))
    # 29 Chinese characters (the id that crashed every command) are a good id: 29 ≤ 64
    (tmp_path / "zh.gunzi").write_text(record_text("春" * 29), encoding="utf-8")
    res = invoke("import", str(tmp_path / "zh.gunzi"), "--db", str(db))
    assert res.exit_code == 0, res.output


def test_item07_new_refuses_a_bad_match_id_and_stores_nothing(tmp_path):
    db = tmp_path / "db"
    for mid, said in (("x" * 65, "an id has 1 to 64 characters, not 65"), ("a/b", "an id holds letters, digits"),
                      ("a\x1b[31mb", "\\x1b")):
        res = invoke("new", mid, "--db", str(db), "--lang", "en")
        assert res.exit_code == 2, res.output
        assert said in res.output and "\x1b" not in res.output
    assert not (db / "matches").exists() or not list((db / "matches").glob("*.json"))
    assert invoke("new", "春" * 29, "--db", str(db)).exit_code == 0  # 29 ≤ 64 characters: a good id


def test_item07_control_characters_in_names_are_record_errors(tmp_path):
    path = tmp_path / "r.gunzi"
    path.write_text(record_text("N1", east="张\x07三"), encoding="utf-8")
    res = invoke("check", str(path), "--lang", "en")
    assert res.exit_code == 1
    # line 4 is `seat E …` (the header is line 1, the two teams lines 2 and 3)
    assert "r.gunzi:4: name: control character \\x07 is not allowed" in res.output
    assert "\x07" not in res.output


def test_item07_a_file_name_is_printed_through_a_message(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the name as typed, short: a long one is shown shortened (names.shown)
    path = tmp_path / "a\x1b[2Jb.gunzi"
    path.write_text(record_text("N2") + "bogus\n", encoding="utf-8")
    res = invoke("check", path.name, "--lang", "en")
    assert res.exit_code == 1 and "\x1b" not in res.output and "\\x1b[2Jb.gunzi:" in res.output


# ---------------------------------------------------------------- item 11: rule files

@pytest.mark.parametrize(("content", "said"), [
    ("a = " + "[" * 100_000, "nested too deeply"),
    ('base = "dalian-club"\n[match]\ngames_to_win = ' + "9" * 5000 + "\n", "not valid TOML"),
    ('base = "dalian-club"\n[match]\ngames_to_win = "two"\n', "'match.games_to_win' must be a whole number"),
    ("# " + "x" * (1 << 20) + "\n", "larger than 1024 KiB"),
])
def test_item11_a_bad_rule_file_is_a_worded_error(tmp_path, content, said):
    rules = tmp_path / "house.toml"
    rules.write_text(content, encoding="utf-8")
    res = run_cli("rules", str(rules))
    err = res.stderr.decode()
    assert res.returncode == 2 and "Traceback" not in err, err
    assert str(rules) in err and said in err, err


def test_item11_rules_from_proc_self_mem_and_a_folder(tmp_path):
    for path in ("/proc/self/mem", str(tmp_path)):
        res = run_cli("rules", path, "--lang", "en")
        err = res.stderr.decode()
        assert res.returncode == 2 and "Traceback" not in err and path in err, err


def test_item11_a_header_names_only_a_bundled_set_or_a_file_beside_the_record(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    house = 'base = "dalian-club"\n'
    (elsewhere / "house.toml").write_text(house, encoding="utf-8")
    games = tmp_path / "games"
    games.mkdir()
    (games / "house.toml").write_text(house, encoding="utf-8")
    far = games / "far.gunzi"
    far.write_text(record_text("R1").replace("rules=dalian-club", f"rules={elsewhere / 'house.toml'}"),
                   encoding="utf-8")
    res = invoke("replay", str(far), "--lang", "en")
    assert res.exit_code == 2 and "a record's header names a bundled rule set or a rule file next to" in res.stderr
    res = invoke("replay", str(far), "--rules", str(elsewhere / "house.toml"))
    assert res.exit_code == 0, res.output
    res = invoke("check", str(far), "--lang", "en")
    assert res.exit_code == 1 and "far.gunzi:1: rules=" in res.output
    near = games / "near.gunzi"
    near.write_text(record_text("R2").replace("rules=dalian-club", "rules=house.toml"), encoding="utf-8")
    for args in (("replay", str(near)), ("check", str(near))):
        res = invoke(*args)  # read from the record's folder, wherever the command runs
        assert res.exit_code == 0, (args, res.output)


# ---------------------------------------------------------------- item 13: unbounded reads

def test_item13_check_refuses_dev_zero():
    res = run_cli("check", "/dev/zero", "--lang", "en", timeout=30)
    err = res.stdout.decode() + res.stderr.decode()
    assert res.returncode == 1 and "/dev/zero: not a regular file" in err, err


def test_item13_check_refuses_a_fifo_a_folder_and_a_huge_file(tmp_path):
    fifo = tmp_path / "pipe.gunzi"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.gunzi"
    with open(huge, "wb") as f:  # sparse: 64 MiB and one byte, none of it written
        f.truncate(64 * 1024 * 1024 + 1)
    res = run_cli("check", str(fifo), str(tmp_path), str(huge), "--lang", "en", timeout=30)
    err = res.stderr.decode()
    assert res.returncode == 1, err
    assert f"{fifo}: not a regular file" in err and f"{tmp_path}: not a regular file" in err
    assert f"{huge}: larger than 64 MiB" in err


def test_item13_a_symlink_to_a_record_is_read(tmp_path):
    real = tmp_path / "real.gunzi"
    real.write_text(record_text("L1"), encoding="utf-8")
    link = tmp_path / "link.gunzi"
    link.symlink_to(real)
    assert invoke("check", str(link)).exit_code == 0


# ---------------------------------------------------------------- item 16: control characters echoed

def test_item16_a_file_of_nuls_is_refused_and_escaped_when_forced(tmp_path):
    nuls = tmp_path / "nuls.gunzi"
    nuls.write_bytes(b"\0" * 1000)
    res = run_cli("check", str(nuls), "--lang", "en")
    out = res.stdout + res.stderr
    assert res.returncode == 1 and b"\0" not in out and b"not readable as UTF-8" in out
    res = run_cli("check", str(nuls), "--encoding", "utf-8", "--lang", "en")
    out = res.stdout + res.stderr
    assert res.returncode == 1 and b"\0" not in out and b"\\x00" in out, out
    assert max(len(line) for line in out.splitlines()) < 400  # 1,000 NULs escaped would be 4,000


def test_item16_the_readers_messages_carry_the_bad_token_through_a_field(tmp_path):
    from referee.games.gunzi.notation import parse

    record = parse("match id=E1\n\x1b[31mred\n")
    (err,) = [e for e in record.errors if e.line == 2]
    assert any(isinstance(v, str) and "\x1b" in v for _, v in err.msg.fields)  # the token is a field…
    assert "\x1b" not in err.text("en") and "\\x1b[31mred" in err.text("en")  # …escaped when worded
    assert "\x1b" not in err.text("zh")
    # …and capped: 300 escape codes are 1,200 characters escaped; the message shows a bounded excerpt
    (long,) = [e for e in parse("match id=E1\n" + "\x1b" * 300 + "\n").errors if e.line == 2]
    assert "\x1b" not in long.text("en") and len(long.text("en")) < 400


# ---------------------------------------------------------------- issue 9 item 16: encodings people bring

def test_issue9_item16_encodings_of_files_people_bring(tmp_path):
    text = record_text("ENC1")
    files = {"utf8.gunzi": text.encode("utf-8"), "bom.gunzi": b"\xef\xbb\xbf" + text.encode("utf-8"),
             "utf16.gunzi": text.encode("utf-16"), "gbk.gunzi": text.encode("gbk")}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        res = run_cli("export", str(tmp_path / name), "--lang", "en")
        assert res.returncode == 0, (name, res.stderr)
        assert res.stdout.decode("utf-8").splitlines()[1] == "team EW 海之韵"  # exported as UTF-8
        assert (b"read as GBK/GB18030" in res.stderr) == (name == "gbk.gunzi"), (name, res.stderr)
    res = run_cli("export", str(tmp_path / "gbk.gunzi"), "--encoding", "gbk")
    assert res.returncode == 0 and res.stderr == b"" and "海之韵" in res.stdout.decode("utf-8")
    res = run_cli("export", str(tmp_path / "gbk.gunzi"), "--encoding", "utf-8", "--lang", "en")
    assert res.returncode == 2 and b"not utf-8 text" in res.stderr
    bad = tmp_path / "bad.gunzi"
    bad.write_bytes(b"match id=X\n\xff\xff\xff\n")
    for lang, fix in (("en", "Convert it to UTF-8"), ("zh", "请先转换为 UTF-8")):
        res = run_cli("check", str(bad), "--lang", lang)
        err = res.stderr.decode("utf-8")
        assert res.returncode == 1 and fix in err and "iconv -f GBK -t UTF-8" in err, err


# ---------------------------------------------------------------- item 12: arguments and terminals

def test_item12_a_gbk_argument_is_a_usage_error_naming_it(tmp_path):
    db = tmp_path / "db"
    args = [sys.executable, "-m", "referee.cli", "new", "G1", "--east", "张三".encode("gbk"), "--db", str(db),
            "--lang", "en"]
    res = subprocess.run(args, capture_output=True, timeout=60)
    err = res.stderr.decode()
    assert res.returncode == 2 and "Traceback" not in err, err
    assert "argument --east: not UTF-8 text (\\xd5\\xc5\\xc8\\xfd)" in err  # 张三 in GBK: D5C5 C8FD
    assert not db.exists()  # refused before the command ran


@pytest.mark.parametrize(("env", "shown"), [
    ({"PYTHONIOENCODING": "gbk"}, b"EW ? Club"),  # 🀄 is not in GBK: a replacement character
    # a C locale: Python's UTF-8 mode (PEP 540) and click write UTF-8; nothing to replace, nothing to crash
    ({"PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C"}, "EW 🀄 Club".encode()),
])
def test_item12_a_terminal_that_cannot_show_a_name_gets_replacement_characters(tmp_path, env, shown):
    path = tmp_path / "emoji.gunzi"
    path.write_text(record_text("EM1").replace("team EW 海之韵", "team EW 🀄 Club"), encoding="utf-8")
    res = run_cli("replay", str(path), "--lang", "en", env=env)
    assert res.returncode == 0 and b"Traceback" not in res.stderr, res.stderr
    assert shown in res.stdout


# ---------------------------------------------------------------- items 14 and 15: fonts

def _truncated_font(tmp_path: Path) -> Path:
    """The first 3,000 bytes of a real TrueType font (its table directory, none of its tables)."""
    from referee.views.scorecard.fonts import find_cjk_font

    found = find_cjk_font()
    if found is None:
        pytest.skip("no TrueType font on this machine to truncate")
    cut = tmp_path / "cut.ttf"
    cut.write_bytes(found.read_bytes()[:3000])
    return cut


def test_item14_a_font_that_is_not_usable_is_a_clear_error_without_its_content(tmp_path):
    record = tmp_path / "r.gunzi"
    record.write_text(record_text("F1"), encoding="utf-8")
    loop = tmp_path / "loop.ttf"
    loop.symlink_to(tmp_path / "loop2.ttf")
    (tmp_path / "loop2.ttf").symlink_to(loop)
    for font in (loop, _truncated_font(tmp_path), Path("/etc/passwd")):
        res = run_cli("scorecard", str(record), "-o", str(tmp_path / "x.pdf"), "--font", str(font), "--lang", "en")
        err = res.stderr.decode()
        assert res.returncode == 2 and "Traceback" not in err, err
        assert f"--font: {font}: not a usable TrueType font" in err, err
        said = err.replace(str(font), "FONT")  # the path may hold anything ("pytest-of-root"): the rest may not
        assert "0x726F" not in said and "root" not in said  # /etc/passwd's first bytes: "root" (0x726F6F74)
    assert not (tmp_path / "x.pdf").exists()


def test_item15_names_the_default_font_cannot_draw_are_warned(tmp_path):
    record = tmp_path / "r.gunzi"
    text = record_text("F2").replace("team NS 星海", "team NS مرحبا").replace("seat S 李四", "seat S 😀李四")
    record.write_text(text, encoding="utf-8")
    res = run_cli("scorecard", str(record), "-o", str(tmp_path / "x.pdf"), "--lang", "en", "--font", "cid")
    err = res.stderr.decode()
    assert res.returncode == 0, err
    assert "cannot draw مرحبا😀: they will be missing" in err, err
    plain = tmp_path / "plain.gunzi"
    plain.write_text(record_text("F3"), encoding="utf-8")  # 海之韵, 星海, 张三…: all in GBK
    res = run_cli("scorecard", str(plain), "-o", str(tmp_path / "z.pdf"), "--lang", "en", "--font", "cid")
    assert res.returncode == 0 and "cannot draw" not in res.stderr.decode()


# ---------------------------------------------------------------- issue 9 item 17: a self-contained PDF

def _fonts_of(pdf: Path) -> dict[str, bool]:
    """Each font the PDF's pages use → whether its glyphs are embedded (a FontFile2 in its descriptor)."""
    out: dict[str, bool] = {}
    for page in pypdf.PdfReader(str(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            base = str(font["/BaseFont"])
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out[base] = any(k in desc for k in ("/FontFile2", "/FontFile", "/FontFile3"))
    return out


def test_issue9_item17_chinese_font_embedded(tmp_path):
    from referee.views.scorecard.fonts import find_cjk_font, truetype_outlines

    found = find_cjk_font()
    if found is None:
        pytest.skip("no Chinese TrueType font installed (.ci/run installs fonts-wqy-zenhei)")
    assert truetype_outlines(found)
    record = tmp_path / "r.gunzi"
    record.write_text(record_text("E17"), encoding="utf-8")
    pdf = tmp_path / "r.pdf"
    res = run_cli("scorecard", str(record), "-o", str(pdf))
    assert res.returncode == 0, res.stderr
    fonts = _fonts_of(pdf)
    # every font the pages use carries its glyphs, but the standard 14 every reader has (Helvetica)
    own = {name: embedded for name, embedded in fonts.items() if not name.startswith(("/Helvetica", "/Times",
                                                                                      "/Courier", "/Symbol"))}
    assert own and all(own.values()), fonts
    assert "海之韵" in pypdf.PdfReader(str(pdf)).pages[0].extract_text()
    # --font cid: the reader's own STSong-Light, named, not embedded
    res = run_cli("scorecard", str(record), "-o", str(tmp_path / "cid.pdf"), "--font", "cid")
    assert res.returncode == 0 and _fonts_of(tmp_path / "cid.pdf").get("/STSong-Light") is False


def test_issue9_item17_no_font_installed_falls_back_with_a_warning(tmp_path, monkeypatch):
    from referee.views.scorecard import fonts

    monkeypatch.setattr(fonts, "CJK_FONTS", ())
    monkeypatch.setattr(fonts, "_fc_match", lambda: None)
    monkeypatch.setattr(fonts, "_found", [])
    assert fonts.find_cjk_font() is None
    assert fonts.truetype_outlines(Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")) is False
    record = tmp_path / "r.gunzi"
    record.write_text(record_text("E18"), encoding="utf-8")
    monkeypatch.setattr(fonts, "_registered", {})
    res = invoke("scorecard", str(record), "-o", str(tmp_path / "r.pdf"), "--lang", "en")
    assert res.exit_code == 0, res.output
    assert "no Chinese TrueType font is installed" in res.stderr and "apt-get install fonts-wqy-microhei" in res.stderr
    assert _fonts_of(tmp_path / "r.pdf").get("/STSong-Light") is False


# ---------------------------------------------------------------- issue 9 item 18: long names

def _mult(a: list[float], b: list[float]) -> list[float]:
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def text_boxes(pdf: Path) -> list[tuple[int, float, float, float, float, str, float, float]]:
    """Every piece of text on the pages as (page, x0, y0, x1, y1, text, page width, page height): its
    position read back with pypdf's ``visitor_text``, its width measured with the font the PDF names
    (the CID font and Helvetica are registered by name). Runs ReportLab writes one after another on a
    line (a font switch with no move) are placed end to end."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from referee.views.scorecard.fonts import register

    register("cid")
    out = []
    for pno, page in enumerate(pypdf.PdfReader(str(pdf)).pages):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        last: dict[str, object] = {}

        def visit(text, cm, tm, font, size, pno=pno, width=width, height=height, last=last):
            if font is None or not text.strip("\n"):
                return
            m = _mult(list(tm), list(cm))
            s = size * m[0]
            name = str(font["/BaseFont"]).lstrip("/")
            t = text.rstrip("\n")
            x, y = m[4], m[5]
            if last.get("at") == (x, y):
                x = last["end"]
            else:
                last["at"] = (x, y)
            last["end"] = x + stringWidth(t, name, s)
            core = t.strip()
            if core:
                x0 = x + stringWidth(t[: len(t) - len(t.lstrip())], name, s)
                out.append((pno, x0, y - 0.15 * s, x0 + stringWidth(core, name, s), y + 0.75 * s, core, width, height))
        page.extract_text(visitor_text=visit)
    return out


def overlaps(boxes):
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a[0] == b[0] and min(a[3], b[3]) - max(a[1], b[1]) > 0.3 and min(a[4], b[4]) - max(a[2], b[2]) > 0.3:
                found.append((a[5][:20], b[5][:20]))
    return found


def test_issue9_item18_long_names_neither_overlap_nor_run_off_the_page(tmp_path):
    event = "第一届大连市打滚子俱乐部联赛春季公开赛暨第二届星海杯友谊邀请"  # 30 characters…
    event += "赛决赛阶段第三轮比赛"  # …and 10 more: 40
    assert len(event) == 40
    team, player = "海之韵" * 6 + "队长", "张三" * 10  # 20 characters each
    assert len(team) == len(player) == 20
    text = (record_text("LONG1", east=player, event=event).replace("team EW 海之韵", f"team EW {team}")
            .replace("team NS 星海", "team NS " + "星" * 20).replace("seat S 李四", "seat S " + "李" * 20)
            + "warn N " + "说话提示" * 50 + "\n")
    record = tmp_path / "long.gunzi"
    record.write_text(text, encoding="utf-8")
    pdf = tmp_path / "long.pdf"
    res = invoke("scorecard", str(record), "-o", str(pdf), "--font", "cid")
    assert res.exit_code == 0, res.output
    boxes = text_boxes(pdf)
    assert len(boxes) > 50
    off = [b[5][:20] for b in boxes if b[1] < 0 or b[2] < 0 or b[3] > b[6] or b[4] > b[7]]
    assert off == []
    assert overlaps(boxes) == []
    flat = "".join(b[5] for b in boxes)
    assert player[:6] in flat and "说话提示" in flat


def test_issue9_item18_the_overlap_check_can_fail():
    """The check itself: two boxes on one line that share 10 points are found."""
    a = (0, 10.0, 100.0, 60.0, 108.0, "left", 800.0, 600.0)
    b = (0, 50.0, 100.0, 90.0, 108.0, "right", 800.0, 600.0)
    assert overlaps([a, b]) == [("left", "right")]
    assert overlaps([a, b[:1] + (61.0,) + b[2:]]) == []


# ---------------------------------------------------------------- issue 9 item 19: the card on the wall

def _scorecard_cli_record(n: int, match_id: str):
    sys.path.insert(0, str(ROOT / "tests"))
    from test_scorecard_cli import record

    return record(n, match_id)


def test_issue9_item19_the_headline_is_the_match_and_the_date_is_real(tmp_path):
    """A 2:1 match: the headline says 2:1 and by which games, not the last game's reason."""
    from test_scorecard import HEADER, SEATS, TEAMS, hand, state

    from referee.games.gunzi.results import GameResult, MatchResult
    from referee.views.scorecard import build_scorecard

    hands = (hand(1, 1, "E", 3, 0, (4, 3), winner="EW", reason="zero"),
             hand(2, 2, "S", 3, 0, (3, 4), winner="NS", reason="zero"),
             hand(3, 3, "E", 3, 310, (4, 3), winner="EW", reason="sweep"))
    games = (GameResult(1, "EW", "zero", 1, 10), GameResult(2, "NS", "zero", 2, 20),
             GameResult(3, "EW", "sweep", 3, 30))
    result = MatchResult(header=HEADER, rules="dalian-club", teams=TEAMS, seats=SEATS, hands=hands, games=games,
                         winner="EW", games_won={"EW": 2, "NS": 1}, errors=(), notes=(), state=state())
    pdf = tmp_path / "m.pdf"
    build_scorecard(result, pdf, lang="en")
    text = pdf_text(pdf)
    assert "Winner:EW海之韵—2:1,games1,3" in text and "How:" not in text  # EW won games 1 and 3
    assert HEADER.date == "2026-11-29"
    assert pypdf.PdfReader(str(pdf)).metadata["/CreationDate"] == "D:20261129000000+00'00'"  # not 2000-01-01


def test_issue9_item19_a_nine_hand_match_fits_one_page(tmp_path):
    text, *_ = _scorecard_cli_record(9, "N9")
    record = tmp_path / "n9.gunzi"
    record.write_text(text, encoding="utf-8")
    pdf = tmp_path / "n9.pdf"
    assert invoke("scorecard", str(record), "-o", str(pdf)).exit_code == 0
    pages = pypdf.PdfReader(str(pdf)).pages
    assert len(pages) == 1
    assert "签字" in pages[0].extract_text()  # the signatures are on it
    text40, *_ = _scorecard_cli_record(40, "N40")  # a long match keeps its tall chart and its pages
    (tmp_path / "n40.gunzi").write_text(text40, encoding="utf-8")
    assert invoke("scorecard", str(tmp_path / "n40.gunzi"), "-o", str(tmp_path / "n40.pdf")).exit_code == 0
    assert len(pypdf.PdfReader(str(tmp_path / "n40.pdf")).pages) > 1


def test_issue9_item19_equal_level_lines_both_show():
    """Both teams at level 3, 4, 4: the lines are apart by more than a line's width, NS dashed."""
    from types import SimpleNamespace

    from reportlab.graphics.shapes import PolyLine
    from test_scorecard import hand

    from referee.games.gunzi.card import levels_chart
    from referee.views.scorecard.chart import drawing
    from referee.views.scorecard.fonts import register
    from referee.views.scorecard.typo import Typo

    hands = (hand(1, 1, "E", 3, 100, (4, 4)), hand(2, 1, "S", 4, 100, (4, 4)))
    d = drawing(levels_chart(SimpleNamespace(hands=hands, teams={}), "en"), Typo(register("cid")), 700)
    lines = [s for s in d.contents if isinstance(s, PolyLine)]
    assert len(lines) == 2
    (ew, ns) = lines
    ew_y, ns_y = ew.points[1::2], ns.points[1::2]
    assert all(a - b > ew.strokeWidth for a, b in zip(ew_y, ns_y, strict=True))
    assert ns.strokeDashArray and not ew.strokeDashArray


def test_item07_the_readers_quick_id_check_agrees_with_names():
    """sources passes plain ids and printable texts without loading referee.core.names: the same limits."""
    from referee.app import sources
    from referee.core import names

    assert (names.ID_MAX, names.NAME_MAX, names.TEXT_MAX) == (64, 100, 500)
    for value in ("SC26-R1-T3", "春" * 64, "春" * 65, "", ".x", "-x", "a b", "a/b", "a\x1bb", "x.y_z", "Ⅻ"):
        try:
            names.check_id(value)
            accepted = True
        except names.UsageError:
            accepted = False
        assert sources._plain_id(value) == accepted, value
