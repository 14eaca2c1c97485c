"""Rule sets pinned by content hash (issue 21): a stored match replays under the rules it was created with.

A club's house file (``$REFEREE_RULES_DIR/club.toml``) edited after a match was created must not re-settle it:
every new match's header carries ``rules-hash=`` (the first 16 hex digits of the SHA-256 of the canonical text
of the resolved values, ``core.rulesfile``), the store keeps that content (folder and PostgreSQL alike), and
every replay of a stored match uses it. Worked by hand from docs/gunzi-rules.md:

HAND (below): E grabs with a big joker and declares; the defenders' points are 25 + 50 = 75, no point card in
the kitty, the declarers take the last trick (no dig): S = 75 (§7).
- dalian-club (short_threshold 80, blood_step 10): S = 75 < 80 → ceil((80 − 75) / 10) = ceil(0.5) = 1 blood
  (§7.2.3).
- the edited house file (short_threshold 100): S = 75 < 100 → ceil((100 − 75) / 10) = ceil(2.5) = 3 blood.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from helpers import referee_process

from referee.app.recording import record
from referee.core import rulesfile
from referee.games.api import rules_content
from referee.games.gunzi import notation, ruleset
from referee.games.gunzi.events import MatchHeader
from referee.games.gunzi.game import GAME
from referee.results.replaying import replay
from referee.store import pinning
from referee.store.api import MatchStore, open_store
from referee.store.chain import GENESIS, StoredEntry, seal
from referee.store.copying import copy_store
from referee.store.errors import StoreError

HEADER = """match id=P1 rules=club date=2026-12-01
seat E 张三
seat S 李四
seat W 王五
seat N 赵六
"""
HAND = ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H", "bury 4C 6C 7C 8D 9D JS", "points 25",
        "points 50", "last decl"]
CLUB = 'base = "dalian-club"\n\n[scoring]\nshort_threshold = {short}\n'


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A club's rules folder holding club.toml, the same values as dalian-club's (short_threshold 80)."""
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "club.toml").write_text(CLUB.format(short=80), encoding="utf-8")
    monkeypatch.setenv("REFEREE_RULES_DIR", str(folder))
    _fresh()
    yield folder
    _fresh()


def _fresh() -> None:
    """A rule file edited within one process: forget what was read (a new process reads it anew)."""
    ruleset._LOADED.clear()
    rulesfile._LOADED.clear()
    pinning.forget()


def _edit(folder: Path, short: int) -> None:
    (folder / "club.toml").write_text(CLUB.format(short=short), encoding="utf-8")
    _fresh()



def _played(store: MatchStore) -> None:
    store.create(notation.parse(HEADER).events, "ann")
    for line in HAND:
        record(store, "P1", [notation.parse_line(line)], "ann")


def _blood(store: MatchStore) -> int:
    return replay(store.events("P1")).hands[0].blood


# --- the hash ---------------------------------------------------------------------------------------------------

def test_the_content_hash_is_sha256_of_the_canonical_text_of_the_resolved_values() -> None:
    values = {"scoring.cap": 3, "bidding.style": "rob", "kitty.shown": True}
    # by hand: the game, then [values] with one quoted full key a line, sorted, values as a rule file writes them
    text = 'game = "doudizhu"\n\n[values]\n"bidding.style" = "rob"\n"kitty.shown" = true\n"scoring.cap" = 3\n'
    assert rulesfile.canonical("doudizhu", values) == text
    assert rulesfile.digest(text) == hashlib.sha256(text.encode()).hexdigest()
    assert rulesfile.pin(text) == hashlib.sha256(text.encode()).hexdigest()[:16]
    assert rulesfile.parse_canonical(text) == ("doudizhu", values)


def test_a_house_file_changing_nothing_has_the_bundled_set_s_hash_and_one_change_another(club: Path) -> None:
    # name, title and source are labels, not rules: club.toml says only what dalian-club says
    same = rules_content(GAME, ruleset.load("club"))
    assert same == rules_content(GAME, ruleset.load("dalian-club"))
    _edit(club, 100)
    assert rules_content(GAME, ruleset.load("club")).pin != same.pin


# --- replay under the pinned content, both backends --------------------------------------------------------------

def test_an_edited_then_deleted_house_file_does_not_re_settle_a_stored_match(store: MatchStore, club: Path) -> None:
    _played(store)
    header = store.header("P1")
    assert isinstance(header, MatchHeader) and header.rules == "club" and header.pin is not None
    kept = store.kept_rules(header.pin)
    assert kept is not None and kept.name == "club" and kept.game == "gunzi"
    assert _blood(store) == 1  # short 80: ceil((80 − 75) / 10) = 1
    _edit(club, 100)
    # the edited file alone would settle 3 blood: ceil((100 − 75) / 10) = ceil(2.5) = 3 …
    from referee.games.gunzi.engine import replay as engine_replay

    assert engine_replay(store.events("P1"), ruleset.load("club")).hands[0].blood == 3
    # … the stored match keeps the rules it was created under
    assert _blood(store) == 1
    (club / "club.toml").unlink()
    _fresh()
    assert _blood(store) == 1
    # a match created now, under the edited file, pins its other content
    (club / "club.toml").write_text(CLUB.format(short=100), encoding="utf-8")
    _fresh()
    store.create(notation.parse(HEADER.replace("id=P1", "id=P2")).events, "ann")
    assert store.header("P2").pin not in (None, header.pin)
    assert {k.pin for k in store.kept_rule_sets()} == {header.pin, store.header("P2").pin}


def test_a_pin_neither_kept_nor_loaded_is_refused_naming_both_hashes(store: MatchStore, club: Path,
                                                                     tmp_path: Path) -> None:
    elsewhere = open_store(tmp_path / "elsewhere")
    elsewhere.create(notation.parse(HEADER).events, "ann")  # pinned to club at short 80
    pin = elsewhere.header("P1").pin
    entries = elsewhere.entries("P1")
    store.adopt("P1", entries)  # a copy of the match without its rule set
    _edit(club, 100)
    now = rules_content(GAME, ruleset.load("club")).pin
    pinning.forget()  # and forget every store that keeps it (content is content: any store's copy would do)
    pinning._OPENED.clear()
    pinning.opened(store)
    with pytest.raises(StoreError) as e:
        replay(store.events("P1"))
    assert e.value.msg.text("en") == (
        f"match P1: it was created under rule set club with content {pin}, which this store does not keep, and "
        f"club now has content {now}: nothing re-settled (restore that rule file, or copy the match with its rule "
        "set from the store that keeps it)")
    assert e.value.msg.text("zh") == (
        f"比赛 P1：创建时所用规则集 club 的内容散列为 {pin}，本存储未保存该内容，而 club 现在的内容散列为 {now}："
        "不按新规则重新结算（请恢复该规则文件，或从保存它的存储连同规则集复制这场比赛）")


def _old_match(store: MatchStore) -> list[StoredEntry]:
    """P1 as a store before pins wrote it (its header without rules-hash=), adopted as sealed."""
    entries: list[StoredEntry] = []
    for seq, line in enumerate([*HEADER.splitlines(), *HAND], 1):
        entries.append(seal("P1", {"seq": seq, "kind": "event", "directive": line, "time": "2026-12-01T10:00:00.000Z",
                                   "referee": "ann", "target": None, "reason": ""},
                            entries[-1]["hash"] if entries else GENESIS))
    store.adopt("P1", entries)
    return entries


def test_a_match_stored_before_pins_still_replays_by_name(store: MatchStore, club: Path) -> None:
    _old_match(store)
    assert store.header("P1").pin is None
    assert _blood(store) == 1  # by name: club at short 80
    _edit(club, 100)
    assert _blood(store) == 3  # unpinned: resolved by name, as before pins (docs/league.md says so)
    assert store.verify()[2] == []


def test_the_summary_cache_keys_on_the_rules(club: Path, tmp_path: Path) -> None:
    from referee.results.summarize import SUMMARIES, compute
    from referee.store.summaries import RulesUsed

    store = open_store(tmp_path / "store")
    _played(store)
    pinned = compute("P1", store.entries("P1"))
    pin = store.header("P1").pin
    assert pin is not None and pinned.rules == RulesUsed("club", pin, True) and pinned.summary.entries == 13
    unpinned = _old_match(open_store(tmp_path / "old"))
    old = compute("P1", unpinned)
    assert old.rules == RulesUsed("club", pin, False)  # club at short 80 is the content of that pin
    assert SUMMARIES.current(old) and SUMMARIES.current(pinned)
    _edit(club, 100)
    # a row computed by name under the file as it was is stale now; the pinned one is not
    assert not SUMMARIES.current(old) and SUMMARIES.current(pinned)


def test_db_copy_carries_the_kept_rule_sets(store: MatchStore, club: Path, tmp_path: Path) -> None:
    source = open_store(tmp_path / "source")
    _played(source)
    done = copy_store(source, store)
    assert done.rules == (1, 0)  # one content (club at short 80), none there before
    assert copy_store(source, store).rules == (0, 1)  # idempotent
    _edit(club, 100)
    pinning._OPENED.discard(source)  # the source is not asked: the target keeps it
    assert _blood(store) == 1


def test_an_amended_header_keeps_the_pin(club: Path, tmp_path: Path) -> None:
    from referee.app.officiate import correct

    store = open_store(tmp_path / "store")
    _played(store)
    pin = store.header("P1").pin
    correct(store, "P1", "amend", 1, notation.parse_line("match id=P1 rules=club date=2026-12-02"), "date", "ann")
    header = store.header("P1")
    assert (header.date, header.pin) == ("2026-12-02", pin)
    _edit(club, 100)
    assert _blood(store) == 1


# --- the command line, as a process -----------------------------------------------------------------------------

def _run(*args: object, rules: Path, cwd: Path, lang: str | None = None):  # type: ignore[no-untyped-def]
    return referee_process(*args, env={"REFEREE_RULES_DIR": str(rules)}, cwd=cwd, lang=lang)


def test_the_cli_replays_the_pinned_rules_and_import_refuses_a_pin_it_cannot_honour(club: Path,
                                                                                      tmp_path: Path) -> None:
    db = tmp_path / "st"
    ok = _run("new", "P1", "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六", "--rules", "club",
              "--db", db, "--referee", "ann", rules=club, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    for line in HAND:
        assert _run("record", "P1", *line.split(), "--db", db, "--referee", "ann", rules=club,
                    cwd=tmp_path).returncode == 0
    shown = _run("rules", "club", rules=club, cwd=tmp_path).stdout.splitlines()[1]
    pin = shown.split("rules-hash=")[1].split()[0]
    replayed = _run("replay", "P1", "--db", db, "--json", rules=club, cwd=tmp_path)
    assert '"blood": 1' in replayed.stdout
    assert f"rules: club (pinned {pin})" in _run("replay", "P1", "--db", db, rules=club, cwd=tmp_path).stdout
    (club / "club.toml").write_text(CLUB.format(short=100), encoding="utf-8")
    assert '"blood": 1' in _run("replay", "P1", "--db", db, "--json", rules=club, cwd=tmp_path).stdout
    exported = _run("export", "P1", "--db", db, rules=club, cwd=tmp_path).stdout
    assert exported.splitlines()[0].endswith(f" rules-hash={pin}")
    record_file = tmp_path / "p1.gunzi"
    record_file.write_text(exported, encoding="utf-8")
    now = _run("rules", "club", rules=club, cwd=tmp_path).stdout.splitlines()[1].split("rules-hash=")[1].split()[0]
    other = tmp_path / "other"
    refused = _run("import", record_file, "--db", other, "--referee", "ann", rules=club, cwd=tmp_path)
    assert refused.returncode == 1
    assert refused.stderr.splitlines()[0] == (
        f"{record_file}: not imported: line 1: rules-hash={pin}: the store keeps no rule set with this content, and "
        f"club has content {now}; nothing stored (import it into the store that keeps its rule set, or copy that "
        "rule set with `referee db copy`)")
    zh = _run("import", record_file, "--db", other, "--referee", "ann", rules=club, cwd=tmp_path, lang="zh")
    assert zh.stderr.splitlines()[0] == (
        f"{record_file}：未导入：第 1 行：rules-hash={pin}：存储中没有这一内容的规则集，而 club 的内容散列为 {now}；"
        "未存储任何内容（请导入保存其规则集的存储，或用 `referee db copy` 复制该规则集）")
    assert not (other / "matches").exists() or not list((other / "matches").glob("*.json"))
    # the store that keeps it imports it again (--replace) under the same pin
    assert _run("import", record_file, "--db", db, "--referee", "ann", "--replace", rules=club,
                cwd=tmp_path).returncode == 0
    # verify says when the kept content is gone
    shutil.rmtree(db / "rules")
    bad = _run("verify", "--db", db, rules=club, cwd=tmp_path)
    assert bad.returncode == 1
    assert f"BROKEN match P1: its rule set club is pinned as {pin}, which the store does not keep" in bad.stderr
    assert bad.stderr.splitlines()[-1] == "error: 1 match pins a rule set the store does not keep"
    zh = _run("verify", "--db", db, rules=club, cwd=tmp_path, lang="zh")
    assert f"比赛 P1：其规则集 club 固定为 {pin}，而存储中没有保存该内容" in zh.stderr
    assert zh.stderr.splitlines()[-1] == "错误：1 场比赛固定的规则集未保存在存储中"
