"""Hardening the store (issue 8, items 2, 3, 4, 6, 8, 9 and 10): no lost match, no silent truncation,
no traceback from a hand-edited file, real full and read-only file systems.

Real TinyDB stores in temporary folders, driven through the whole ``referee`` application in-process
(``typer.testing.CliRunner``) and, where it matters, as real processes. The full-disk and read-only
cases mount a real tmpfs (CI runs as root); they are skipped, saying why, where mounting is impossible.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import head_record, match_tables
from test_store_support import HAND1, REPO, Cli, child_env, new_match, record_all

from referee.app import recording, sources
from referee.games.gunzi import notation
from referee.games.gunzi.events import MatchHeader, Warn
from referee.store import Store

# --- helpers ---------------------------------------------------------------------------------------------


CLI = Cli  # the `cli` fixture's class (tests/conftest.py)


def no_traceback(r) -> None:
    """The command ended by the boundary (an exit code), not by a Python exception."""
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "Traceback" not in r.output


def store_digest(folder: Path) -> dict[str, str]:
    """Every file under *folder* → sha256; lock files (empty markers a writer may create before the
    system refuses it anything) left out."""
    out = {}
    for root, _, names in os.walk(folder):
        for name in names:
            if not name.endswith(".lock"):
                p = Path(root) / name
                out[str(p.relative_to(folder))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def _pin_of(record: str) -> str:
    """The pin the store gives a record's header: its rule set's content hash (``referee rules NAME`` prints it)."""
    from referee.games.api import rules_content
    from referee.games.gunzi.game import GAME

    return rules_content(GAME, GAME.load_rules(notation.parse(record).events[0].rules)).pin


def _pinned(record: str) -> str:
    """*record* with its header as the store writes it: ``rules-hash=`` its rule set's pin at the end."""
    first, rest = record.split("\n", 1)
    return f"{first} rules-hash={_pin_of(record)}\n{rest}"


def entry_hash(match_id: str, entry: dict) -> str:
    """The chain's definition, written out here: SHA-256 of the entry's fields and the match id, keys
    sorted, compact JSON, UTF-8 (not the store's own function)."""
    body = {k: entry[k] for k in ("seq", "kind", "time", "referee", "directive", "target", "reason", "prev")}
    body["match"] = match_id
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load(path: Path) -> dict:
    """A match file's tables, or a head record's record in effect."""
    return head_record(path) if path.parent.name == "heads" else match_tables(path)


def dump(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


RECORD_A = "match id=SC rules=dalian-club event=Cup\n" + "\n".join(HAND1) + "\n"
RECORD_B = "match id=SC rules=gunzi-001 event=Cup\nhand\ndeclare E BJ\ntrump S\n"


# --- tmpfs: a real file system that fills up, or turns read-only ---------------------------------------

def _mount_tmpfs(target: Path, size: str) -> str | None:
    """Mount a tmpfs of *size* at *target*; None, or why it cannot be done here."""
    if sys.platform != "linux":
        return "tmpfs is Linux's"
    if os.geteuid() != 0:
        return "mounting a tmpfs needs root (CI runs the suite as root)"
    target.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(target)], capture_output=True,
                       text=True)
    if r.returncode != 0:
        return f"mount -t tmpfs failed: {r.stderr.strip() or r.returncode} (no CAP_SYS_ADMIN in this container?)"
    return None


@pytest.fixture
def tmpfs(tmp_path):
    """A freshly mounted 4 MiB tmpfs, unmounted afterwards."""
    mnt = tmp_path / "mnt"
    why = _mount_tmpfs(mnt, "4m")
    if why is not None:
        pytest.skip(why)
    try:
        yield mnt
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(mnt)], capture_output=True)
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the file system of *folder* to the last byte: a filler file grows until the system refuses."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for size in (65536, 4096, 512, 1):
            block = b"\0" * size
            while True:
                try:
                    os.write(fd, block)
                except OSError as e:
                    assert e.errno == errno.ENOSPC
                    break
    finally:
        os.close(fd)
    with pytest.raises(OSError):  # not one more byte fits
        (folder / "probe").write_bytes(b"x")
    (folder / "probe").unlink(missing_ok=True)
    return filler


def assert_nothing_stored(r, before: dict[str, str], db: Path) -> None:
    no_traceback(r)
    assert r.exit_code == 1, r.output
    assert "nothing was stored" in r.output, r.output
    assert store_digest(db) == before
    litter = [n for _, _, names in os.walk(db) for n in names if n.startswith(".")]
    assert not litter, litter


# --- item 2: import --replace ------------------------------------------------------------------------------

@pytest.fixture
def replaced_store(cli, tmp_path):
    """Match SC imported from RECORD_A and recorded into; RECORD_B the file that replaces it."""
    a, b = tmp_path / "a.gunzi", tmp_path / "b.gunzi"
    a.write_text(RECORD_A, encoding="utf-8")
    b.write_text(RECORD_B, encoding="utf-8")
    assert cli("import", str(a)).exit_code == 0
    assert cli("record", "SC", "hand").exit_code == 0
    return a, b


def _fail_at(monkeypatch, step: str, db: Path) -> None:
    """Make the system refuse one step of writing into matches/ (ENOSPC, as a full disk does)."""
    matches = str(db / "matches")
    if step == "fsync":  # the new match's temporary file cannot be made durable
        real = os.fsync

        def fsync(fd: int) -> None:
            where = os.readlink(f"/proc/self/fd/{fd}")
            if where.startswith(matches + "/.") and where.endswith(".tmp"):
                raise OSError(errno.ENOSPC, "No space left on device", where)
            real(fd)
        monkeypatch.setattr(os, "fsync", fsync)
    elif step == "rename":  # the final rename over the match file is refused
        real_replace = os.replace

        def replace(src, dst, **kw):
            if str(dst).startswith(matches) and str(src).endswith(".tmp"):
                raise OSError(errno.ENOSPC, "No space left on device", str(dst))
            return real_replace(src, dst, **kw)
        monkeypatch.setattr(os, "replace", replace)
    elif step == "link":  # the old match cannot be kept in replaced/
        def link(src, dst, **kw):
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        monkeypatch.setattr(os, "link", link)
    elif step == "head":  # its head record cannot be set back before the rename
        real_open = os.open

        def open_(path, flags, *a, **kw):
            if "/heads/." in str(path):
                raise OSError(errno.ENOSPC, "No space left on device", str(path))
            return real_open(path, flags, *a, **kw)
        monkeypatch.setattr(os, "open", open_)


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")
@pytest.mark.parametrize("step", ["fsync", "link", "head", "rename"])
def test_item02_import_replace_never_loses_the_match(cli, replaced_store, monkeypatch, step):
    _, b = replaced_store
    before = store_digest(cli.db)
    old = [e.directive for e in Store(cli.db).log("SC")]
    _fail_at(monkeypatch, step, cli.db)
    r = cli("import", str(b), "--replace")
    monkeypatch.undo()
    no_traceback(r)
    assert r.exit_code == 1 and "not imported" in r.output and "nothing was stored" in r.output, r.output
    # The store exactly as it was: the old match whole, listed, replayable, its chain and head sound. Only the
    # content of the rule set B pins (gunzi-001) may be kept: written before the match, by its hash, and never
    # removed (a match another process stored meantime may pin it), so rules/ may hold one more file.
    after = store_digest(cli.db)
    assert set(after) - set(before) <= {f"rules/{_pin_of(RECORD_B)}.json"}
    assert {k: after[k] for k in before} == before
    assert [e.directive for e in Store(cli.db).log("SC")] == old
    assert notation.format_event(sources.load("SC", db=str(cli.db)).events[-1]) == "hand"
    r = cli("list")
    assert r.exit_code == 0 and "SC" in r.output
    r = cli("verify")
    # RECORD_A: its header and the 8 lines of HAND1 are 9 entries; one `hand` recorded since: 10.
    assert r.exit_code == 0 and "ok: 1 match, 10 entries" in r.output, r.output


def test_item02_replace_keeps_the_old_match_and_the_new_is_whole(cli, replaced_store, monkeypatch):
    _, b = replaced_store
    old_bytes = Store(cli.db).path("SC").read_bytes()

    def no_links(src, dst, **kw):  # a file system without hard links: the old match is copied instead
        raise OSError(errno.EPERM, "Operation not permitted", str(dst))
    monkeypatch.setattr(os, "link", no_links)
    r = cli("import", str(b), "--replace")
    monkeypatch.undo()
    assert r.exit_code == 0, r.output
    kept = list((cli.db / "replaced").iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == old_bytes
    log = Store(cli.db).log("SC")
    pin = Store(cli.db).header("SC").pin  # the new match pinned to gunzi-001's content
    assert pin == _pin_of(RECORD_B)
    assert [e.directive for e in log] == [f"match id=SC rules=gunzi-001 event=Cup rules-hash={pin}", "hand",
                                          "declare E BJ", "trump S"]
    assert load(cli.db / "heads" / "SC.json")["entries"] == 4
    r = cli("verify")
    assert r.exit_code == 0 and "ok: 1 match, 4 entries" in r.output, r.output


# A child that replaces match SC by record A, then B, then A … as fast as it can, until killed.
REPLACER = r"""
import sys
from referee.games.gunzi.notation import parse
from referee.store import Store

store = Store()
texts = [open(p, encoding="utf-8").read() for p in sys.argv[1:3]]
events = [parse(t).events for t in texts]
i = 0
while True:
    store.create(events[i % 2], referee="child", replace=True)
    i += 1
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_item02_kill_9_during_replace_never_loses_the_match(tmp_path, replaced_store, cli):
    a, b = replaced_store
    env = child_env(cli.db)
    rng = random.Random(20261201)
    old = tuple(e.directive for e in Store(cli.db).log("SC"))
    # What SC may be after any kill: as it was, record A whole, or record B whole (its header pinned to its rule
    # set's content); never gone, never a mix.
    whole = {old, *(tuple(notation.format_event(ev) for ev in notation.parse(_pinned(t)).events)
                    for t in (RECORD_A, RECORD_B))}
    rounds, deadline = 0, time.monotonic() + 8
    while time.monotonic() < deadline and rounds < 25:
        rounds += 1
        child = subprocess.Popen([sys.executable, "-c", REPLACER, str(a), str(b)], env=env, cwd=tmp_path,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.25, 0.6))
        child.send_signal(signal.SIGKILL)
        _, err = child.communicate()
        assert child.returncode == -signal.SIGKILL, err
        store = Store(cli.db)
        assert store.match_ids() == ["SC"]
        _, _, problems = store.verify()
        assert problems == [], problems  # a head left behind is a note, never BROKEN
        assert tuple(e.directive for e in store.log("SC")) in whole
    assert rounds >= 5


# --- item 3: wiped and truncated match files, head records, the index ----------------------------------

@pytest.mark.parametrize("wipe", [b"", b"null", b"{}", b'{"entries": {}}'])
def test_item03_verify_catches_a_wiped_file(cli, wipe):
    new_match(cli, "T3")
    new_match(cli, "T4")
    record_all(cli, "T3", HAND1)
    Store(cli.db).path("T3").write_bytes(wipe)  # `: > matches/T3.json`, or `null`, `{}`
    r = cli("verify")
    no_traceback(r)
    assert r.exit_code == 1 and "BROKEN match T3:" in r.output and "wiped" in r.output, r.output
    assert "T4" not in r.output
    r = cli("record", "T3", "hand")
    assert r.exit_code == 1 and "T3" in r.output
    assert cli("list").exit_code == 0 and cli("status", "T4").exit_code == 0


def test_item03_verify_catches_the_last_30_entries_removed(tmp_path):
    cli = Cli(tmp_path / "store")
    assert cli("new", "W", "--rules", "gunzi-001").exit_code == 0  # gunzi-001: no warnings limit
    store = Store(cli.db)
    for i in range(40):
        recording.record(store, "W", [Warn(seat="E", text=f"w{i}")])
    path = store.path("W")
    data = load(path)
    for key in list(data["entries"])[-30:]:  # 41 entries; the first 11 stay, a sound chain on their own
        del data["entries"][key]
    dump(path, data)
    r = cli("verify")
    no_traceback(r)
    # The head record says 41; the file holds 11.
    assert r.exit_code == 1 and "BROKEN match W: it holds 11 entries but its head record says 41 entries" in r.output
    r = cli("record", "W", "warn", "E", "more")
    assert r.exit_code == 1 and "entries were removed" in r.output and "nothing recorded" in r.output


def test_item03_a_head_left_behind_by_a_crash_is_said_not_broken(cli):
    new_match(cli, "T3")
    record_all(cli, "T3", HAND1[:3])
    head = cli.db / "heads" / "T3.json"
    behind = head.read_bytes()
    record_all(cli, "T3", HAND1[3:5])
    # As if killed between the append and the head record: `new` wrote 5 entries (header, 4 seats), then
    # 3 recorded make the 8 the head says; 2 more make 10 in the file.
    head.write_bytes(behind)
    r = cli("verify")
    assert r.exit_code == 0, r.output
    assert "note: match T3: its head record is 2 entries behind" in r.output
    assert "ok: 1 match, 10 entries" in r.output
    record_all(cli, "T3", HAND1[5:6])  # the next write brings it up to date
    assert load(head)["entries"] == 11 and "behind" not in cli("verify").output
    # A head record ahead of its file, or naming another hash at its count, is BROKEN.
    data = load(head)
    data["hash"] = "0" * 64
    dump(head, data)
    r = cli("verify")
    assert r.exit_code == 1 and "BROKEN match T3, #11: it does not carry the hash its head record holds" in r.output
    head.unlink()
    r = cli("verify")
    assert r.exit_code == 1 and "head record" in r.output and "missing" in r.output


def test_item03_match_file_and_index_that_disagree_are_reported(cli):
    new_match(cli, "T3", "--table", "3")
    new_match(cli, "T4")
    assert cli("verify").exit_code == 0
    index = load(cli.db / "index.json")
    row = next(r for r in index["matches"].values() if r["id"] == "T3")
    row["table"] = "9"
    dump(cli.db / "index.json", index)
    r = cli("verify")
    assert r.exit_code == 1, r.output
    assert "INDEX the index says table 9 for match T3; its match file says 3" in r.output
    assert "--repair-index" in r.output
    Store(cli.db).path("T4").unlink()
    (cli.db / "heads" / "T4.json").unlink()
    r = cli("verify")
    assert r.exit_code == 1 and "the index lists match T4, whose file is missing" in r.output
    r = cli("verify", "--repair-index")
    assert r.exit_code == 0 and "index rebuilt from the match files: 1 match" in r.output
    assert cli("verify").exit_code == 0
    # An amended header updates the index, so the two keep agreeing.
    r = cli("amend", "T3", "1", "match", "id=T3", "rules=dalian-club", "table=5", "--reason", "moved")
    assert r.exit_code == 0, r.output
    assert cli("verify").exit_code == 0
    assert next(r for r in load(cli.db / "index.json")["matches"].values())["table"] == "5"


# --- item 4: the store's file names --------------------------------------------------------------------

HOSTILE = ["a b", "a/b", "a=b", "a_b", ".", "..", "CON", "con.json", "%41", "A", "~x", "a%2Fb", "春季杯-1",
           "春" * 29, "春" * 64, "x" * 200, "x" * 199 + "y", "\u00e9", "e\u0301"]


def test_item04_store_file_names_are_injective_and_bounded(tmp_path):
    store = Store(tmp_path / "s")
    for mid in HOSTILE:
        store.create([MatchHeader(id=mid, rules="gunzi-001", line=1)], referee="x")
    names = sorted(os.listdir(store.matches_dir))
    files = [n for n in names if n.endswith(".json")]
    assert len(files) == len(HOSTILE)  # one file per id: no two ids share one
    assert all(len(n.encode("utf-8")) <= 130 for n in files)  # bounded: a 200-character id fits a file name
    assert all(not n.startswith(".") and "/" not in n for n in files)
    assert store.match_ids() == sorted(HOSTILE)  # every id found again, a cut name through its head record
    for mid in HOSTILE:
        assert store.entries(mid)[0]["directive"].startswith("match id=")
        assert store.check(mid) is None
    n, entries, problems = store.verify()
    assert (n, entries, problems) == (len(HOSTILE), len(HOSTILE), [])


def test_item04_a_store_written_with_the_old_names_is_still_read(tmp_path):
    # An older store: a Chinese id %-escaped in the file name, no head record, no meta table.
    from referee.store.store import id_of_stem, legacy_stem

    db = tmp_path / "s"
    store = Store(db)
    store.create([MatchHeader(id="春季杯-1", rules="gunzi-001", line=1)], referee="x")
    new_path = store.path("春季杯-1")
    old_name = legacy_stem("春季杯-1") + ".json"
    assert old_name == "%E6%98%A5%E5%AD%A3%E6%9D%AF-1.json" and new_path.name == "春季杯-1.json"
    data = load(new_path)
    del data["meta"]
    dump(db / "matches" / old_name, data)
    new_path.unlink()
    (db / "matches" / "春季杯-1.lock").unlink()
    shutil.rmtree(db / "heads")
    store = Store(db)
    assert store.match_ids() == ["春季杯-1"] and store.path("春季杯-1").name == old_name
    assert id_of_stem(old_name[:-5]) == "春季杯-1"
    assert store.verify() == (1, 1, [])  # no head record yet: an older store, not a broken one
    recording.record(store, "春季杯-1", [Warn(seat="E", text="x")])  # written in place, its head record added
    assert sorted(os.listdir(db / "matches")) == sorted([old_name, old_name[:-5] + ".lock"])
    assert load(db / "heads" / old_name)["entries"] == 2
    assert Store(db).verify() == (1, 2, [])


# --- item 6: the chain head, on the wall and in verify -----------------------------------------------

def test_item06_status_prints_the_chain_head_and_verify_head_anchors_it(cli):
    new_match(cli, "T3")
    record_all(cli, "T3", HAND1)
    path = Store(cli.db).path("T3")
    entries = list(load(path)["entries"].values())
    head = entry_hash("T3", entries[-1])[:12]  # `new` 5 entries + HAND1 8 = 13; the last one's hash
    r = cli("status", "T3")
    assert r.exit_code == 0 and f"Chain head: {head} (13 entries)" in r.output, r.output
    assert Store(cli.db).head("T3") == (head, 13) and Store(cli.db).check("T3") is None
    r = cli("verify", "T3", "--head", head)
    assert r.exit_code == 0 and f"ok: the head {head} is entry #13 of match T3" in r.output, r.output
    record_all(cli, "T3", ["hand"])
    r = cli("verify", "T3", "--head", head[:8].upper())
    assert r.exit_code == 0 and "entry #13" in r.output and "1 entry recorded since" in r.output, r.output
    # A careful forger edits #11 (points 25 → 5) and recomputes every hash after it, head record too:
    # the chain is sound again and plain verify passes, but the head on the card is no longer in it.
    data = load(path)
    prev = data["entries"]["10"]["hash"]
    data["entries"]["11"]["directive"] = "points 5"
    for seq in range(11, 15):
        e = data["entries"][str(seq)]
        e["prev"] = prev
        e["hash"] = prev = entry_hash("T3", e)
    dump(path, data)
    (cli.db / "heads" / "T3.json").write_text(json.dumps({"id": "T3", "entries": 14, "hash": prev}))
    assert cli("verify").exit_code == 0  # unanchored, the forgery passes …
    r = cli("verify", "T3", "--head", head)
    no_traceback(r)
    assert r.exit_code == 1 and f"no entry of match T3 carries the head {head}" in r.output  # … anchored, not
    r = cli("verify", "T3", "--head", head[:7])
    assert r.exit_code == 2 and "8 or more hex digits" in r.output
    r = cli("verify", "--head", head)
    assert r.exit_code == 2 and "one MATCH_ID" in r.output
    # A hand-edit after the anchored entry leaves the anchor sound and is reported as broken.
    data["entries"]["14"]["directive"] = "hand "
    dump(path, data)
    r = cli("verify", "T3", "--head", prev[:12])
    assert r.exit_code == 1 and "#14" in r.output


# --- item 8: hand-edited and corrupt match files -----------------------------------------------------

def _entry(data: dict, seq: int) -> dict:
    return data["entries"][str(seq)]


CORRUPTIONS = {
    # what is done to T3's file → what verify must name
    "list": (lambda d: [1, 2, 3], "the store file has no readable entries table"),
    "entry null": (lambda d: {**d, "entries": {**d["entries"], "9": None}}, "#9: the entry is null, not an object"),
    "directive 12": (lambda d: _set(d, 10, "directive", 12), "#10: its 'directive' must be a text, not 12"),
    "no kind": (lambda d: _drop(d, 11, "kind"), "#11: it has no 'kind' field"),
    "seq true": (lambda d: _set(d, 12, "seq", True), "#12: its 'seq' must be a whole number, not true"),
    "target text": (lambda d: _set(d, 12, "target", "x"), "#12: its 'target' must be a whole number or null"),
    "deep nesting": (lambda d: "DEEP", "the match file is nested too deeply to be read"),
    "stray field": (lambda d: _set(d, 8, "extra", 1), "#8: it has an unknown field 'extra'"),
}


def _set(d: dict, seq: int, field: str, value: object) -> dict:
    d["entries"][str(seq)][field] = value
    return d


def _drop(d: dict, seq: int, field: str) -> dict:
    del d["entries"][str(seq)][field]
    return d


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_item08_corrupt_entries_are_named_and_other_matches_stay_usable(cli, tmp_path, name):
    new_match(cli, "T3")
    new_match(cli, "T4")
    record_all(cli, "T3", HAND1)
    path = Store(cli.db).path("T3")
    change, said = CORRUPTIONS[name]
    data = change(load(path))
    if data == "DEEP":
        path.write_text('{"entries": {"1": {"directive": ' + "[" * 100_000 + "]" * 100_000 + "}}}")
    else:
        dump(path, data)
    r = cli("verify")
    no_traceback(r)
    assert r.exit_code == 1 and f"BROKEN match T3{',' if said.startswith('#') else ':'} {said}" in r.output, r.output
    for args in (["list"], ["status", "T4"], ["log", "T4"], ["verify", "T4"], ["record", "T4", "hand"]):
        r = cli(*args)
        assert r.exit_code == 0, (args, r.output)  # the other match stays usable
    assert "T3" in cli("list").output
    for args in (["status", "T3"], ["log", "T3"], ["record", "T3", "hand"], ["undo", "T3"], ["whatif", "T3", "9",
                                                                                           "declare", "E", "BJ"],
                 ["replay", "T3"], ["export", "T3"]):
        r = cli(*args)
        no_traceback(r)
        assert r.exit_code in (1, 2) and "T3" in r.output, (args, r.output)


# --- item 9: a corrupt index -------------------------------------------------------------------------

@pytest.mark.parametrize("index", ["{not json", "[1, 2, 3]", '{"matches": [1]}', '{"matches": {"1": [1]}}',
                                   '{"matches": {"1": {"id": 5}}}', '{"matches": ' + "[" * 100_000])
def test_item09_list_survives_a_corrupt_index(cli, tmp_path, index):
    new_match(cli, "T3", "--event", "Cup")
    new_match(cli, "T4")
    (cli.db / "index.json").write_text(index)
    r = cli("list")
    no_traceback(r)
    assert r.exit_code == 0 and "2 matches" in r.output and "T3" in r.output and "T4" in r.output, r.output
    assert "cannot be read" in r.output and "referee verify --repair-index" in r.output
    assert "Cup" in r.output  # read around the index: from T3's own header
    r = cli("new", "T5")
    no_traceback(r)
    assert r.exit_code == 0 and "new match T5" in r.output and "index was not updated" in r.output, r.output
    assert (cli.db / "index.json").read_text() == index  # left as it was, for whoever wants to look
    if index == "{not json":  # ReportLab is slow: one case is enough for `scorecard --all`
        r = cli("scorecard", "--all", "-o", str(tmp_path / "cards"), "--lang", "en")
        no_traceback(r)
        assert r.exit_code == 0 and sorted(os.listdir(tmp_path / "cards")) == ["T3.pdf", "T4.pdf", "T5.pdf"], r.output
    r = cli("verify")
    assert r.exit_code == 1 and "INDEX the index" in r.output
    r = cli("verify", "--repair-index")
    assert r.exit_code == 0 and "index rebuilt from the match files: 3 matches" in r.output, r.output
    kept = list((cli.db / "replaced").iterdir())
    assert [p.read_text() for p in kept] == [index]
    r = cli("list")
    assert r.exit_code == 0 and "cannot be read" not in r.output and "3 matches" in r.output
    assert cli("verify").exit_code == 0


# --- item 10: a full disk and a read-only store ---------------------------------------------------------

def _prepared(db: Path, tmp: Path) -> tuple[Cli, Path]:
    """A store on *db* with match T3 in hand 1 (up to its kitty), and a record file for `import`."""
    cli = Cli(db)
    new_match(cli, "T3")
    record_all(cli, "T3", HAND1[:4])
    rec = tmp / "t9.gunzi"
    rec.write_text("match id=T9 rules=gunzi-001\nhand\n", encoding="utf-8")
    return cli, rec


# Each one the rules allow (T3 holds #1 its header, #2-#5 the seats, #6 hand … #9 kitty): only the
# file system refuses it.
WRITES = [["record", "T3", "bury", "4C", "6C", "7C", "8D", "9D", "JS"], ["undo", "T3"],
          ["void", "T3", "9", "--reason", "x"], ["amend", "T3", "8", "trump", "S", "--reason", "x"],
          ["new", "T8"], ["new", "T3", "--replace"]]


def test_item10_full_disk_stores_nothing_and_says_so(tmpfs, tmp_path):
    cli, rec = _prepared(tmpfs / "store", tmp_path)
    filler = fill(tmpfs)
    before = store_digest(cli.db)
    for args in WRITES:
        r = cli(*args)
        if r.exit_code == 0 and args[0] in ("record", "undo", "void", "amend"):
            # An entry's line may still fit in the last block of the match file's log (an append takes no new
            # file), and the head record's in its own: stored whole and durable (a head record that did not fit
            # is behind, said); never broken.
            assert "stored #" in r.output or "its head record" in r.output, r.output
            assert cli("verify").exit_code == 0
            before = store_digest(cli.db)
            continue
        assert_nothing_stored(r, before, cli.db)
    for args in (["import", str(rec)], ["import", str(rec), "--replace"]):
        r = cli(*args)
        assert_nothing_stored(r, before, cli.db)
        assert "not imported" in r.output
    sc = tmp_path / "sc.gunzi"  # replacing T3 itself on the full disk: the old T3 stays whole
    sc.write_text("match id=T3 rules=gunzi-001\n", encoding="utf-8")
    assert_nothing_stored(cli("import", str(sc), "--replace"), before, cli.db)
    # The real command, as a process: the same.
    exe = str(REPO / ".venv" / "bin" / "referee")
    if os.path.exists(exe):
        p = subprocess.run([exe, "record", "T3", "points", "25", "--db", str(cli.db)], capture_output=True, text=True)
        assert p.returncode == 1 and "nothing was stored" in p.stderr and "Traceback" not in p.stderr, p.stderr
        assert store_digest(cli.db) == before
    for args in (["status", "T3"], ["log", "T3"], ["list"], ["verify"]):  # reading needs no space
        assert cli(*args).exit_code == 0, args
    filler.unlink()
    r = cli("record", "T3", "warn", "E", "slow play")  # legal wherever the writes above left the hand
    assert r.exit_code == 0, r.output
    assert cli("verify").exit_code == 0


def test_item10_read_only_store_stores_nothing_and_says_so(tmpfs, tmp_path):
    cli, rec = _prepared(tmpfs / "store", tmp_path)
    r = subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot remount the tmpfs read-only: {r.stderr.strip()}")
    with pytest.raises(OSError):  # root ignores chmod, not a read-only mount
        (tmpfs / "probe").write_bytes(b"x")
    before = store_digest(cli.db)
    for args in WRITES:
        r = cli(*args)
        assert_nothing_stored(r, before, cli.db)
        assert "Read-only file system" in r.output
    r = cli("import", str(rec))
    assert_nothing_stored(r, before, cli.db)
    for args in (["status", "T3"], ["log", "T3"], ["list"], ["verify"]):  # a read-only store can be read
        r = cli(*args)
        assert r.exit_code == 0, (args, r.output)
    r = cli("record", "T3", "hand", "--lang", "zh")
    assert r.exit_code == 1 and "未存储任何内容" in r.output
