"""Disputes and confirmations through the real command line (a subprocess on a store in a temporary folder).

The match: hand 1, E grabs with a big joker, trump hearts (§4.1.1); the kitty as dealt 4C 6D 9S KH 7C 3H
holds KH, a trump-suit plain card, so it is no dry pot (§6.2.1); E buries 5C 10C 6C 7C 8D 9D; the defenders
NS take 80 points and win the last trick. Worked by hand from docs/gunzi-rules.md:

- as recorded: K = 5 + 10 = 15 (§1.5); dug: S = 80 + 2·15 = 110 (§6.6); S < 120 and dug → foul dig (§7.1):
  nobody levels, EW 3 NS 3; 80 ≤ 110 ≤ 150 → no score blood, the kings (none) void (§7.2.2-§7.2.3);
  declarers stay → E's partner W declares next (§7.4).
- NS claim the kitty held more points. Alternative 1, the bury as 5C 10C KC 7C 8D 9D: K = 5 + 10 + 10 = 25,
  S = 80 + 50 = 130 ≥ 120 and dug → stage dug: NS 3 → 4 (+1, no kings) (§7.1); 80 ≤ 130 ≤ 150 → blood 0;
  the defenders take over → E's lower hand S declares next (§7.4, §1.2).
- Alternative 2, the bury as 5C 10C KC KD 10D 9D: K = 5 + 10 + 10 + 10 + 10 = 45, S = 80 + 90 = 170 →
  stage dug, NS 4; S > 150 → floor((170 − 150) / 10) = 2 blood (§7.2.3), paid to S by its upper hand E
  (§7.2.1, §1.2: E plays just before S).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from eventplay import snapshot
from helpers import Run, match_tables

from referee.store import Store

pypdf = pytest.importorskip("pypdf")

HAND = ["hand", "declare E BJ", "trump H", "kitty 4C 6D 9S KH 7C 3H", "bury 5C 10C 6C 7C 8D 9D", "points 80",
        "last def"]
BURY_SEQ = 12  # header 1, teams 2-3, seats 4-7, hand 8, declare 9, trump 10, kitty 11, bury 12
ALT1 = f"{BURY_SEQ} bury 5C 10C KC 7C 8D 9D"
ALT2 = f"{BURY_SEQ} bury 5C 10C KC KD 10D 9D"


class Cli:
    """``referee`` as a subprocess on the store at *db*: exit code, stdout, stderr; never a traceback."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_NAME": "王裁判", "REFEREE_LANG": "en"}
        self.env.pop("REFEREE_CONFIG", None)

    def __call__(self, *args: object) -> Run:
        done = subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                              env=self.env, timeout=120, check=False)
        run = Run(done.returncode, done.stdout, done.stderr)
        assert "Traceback" not in run.text, run.text
        return run

    def ok(self, *args: object) -> Run:
        run = self(*args)
        assert run.code == 0, f"{args}: exit {run.code}\n{run.text}"
        return run


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    c = Cli(tmp_path / "store")
    c.ok("new", "T1", "--east", "张三", "--south", "李四", "--west", "王五", "--north", "赵六", "--ew", "海之韵",
         "--ns", "星海", "--date", "2026-12-01")
    record = tmp_path / "hand1.gunzi"
    record.write_text("match id=T1\n" + "\n".join(HAND) + "\n", encoding="utf-8")
    c.ok("record", "T1", "--file", record)
    return c


def rows(out: str) -> dict[str, list[str]]:
    """The side-by-side table's rows (label → its cells split on runs of two spaces or more), first hand only."""
    found: dict[str, list[str]] = {}
    for line in out.splitlines():
        if line.startswith(("   ", " * ")) and len(line) > 22:
            cells = [c for c in re.split(r"\s{2,}", line[3:].strip()) if c]
            found.setdefault(cells[0], cells[1:])
    return found


def status_line(run: Run, head: str) -> str:
    return next(line for line in run.out.splitlines() if line.startswith(head))


def pdf_text(path: Path) -> str:
    return re.sub(r"\s+", "", "\n".join(p.extract_text() for p in pypdf.PdfReader(str(path)).pages))


def test_a_kitty_dispute_weighed_ruled_appealed_and_upheld(cli: Cli, tmp_path: Path) -> None:
    before = cli.ok("status", "T1")
    assert status_line(before, "Levels:").startswith("Levels: EW 3, NS 3")  # foul dig: nobody levels (§7.1)

    raised = cli.ok("dispute", "T1", "--hand", 1, "--by", "NS", "--claim", "the kitty held more points")
    assert "stored #15 in T1: dispute 1 of T1: hand 1, NS claims “the kitty held more points” — open" in raised.out
    assert "disputed: 1" in cli.ok("status", "T1").out

    shown = cli.ok("dispute", "T1", "show", 1, "--alt", ALT1, "--alt", ALT2)
    assert "stored #16 in T1: alternative 1 of dispute 1: #12 `bury 5C 10C KC 7C 8D 9D`" in shown.out
    assert "stored #17 in T1: alternative 2 of dispute 1: #12 `bury 5C 10C KC KD 10D 9D`" in shown.out
    assert "#12   bury 5C 10C 6C 7C 8D 9D" in shown.out  # the record line disputed
    table = rows(shown.out)
    assert table["score"] == ["110", "130", "170"]  # S = 80 + 2·K, K = 15, 25, 45 (§6.6)
    assert table["outcome"] == ["foul dig", "stage, dug", "stage, dug"]  # §7.1
    assert table["levels"] == ["EW 3, NS 3", "EW 3, NS 4", "EW 3, NS 4"]
    assert table["blood"] == ["0", "0", "2 by E"]  # §7.2.3: only S = 170 > 150 owes, floor(20/10) = 2
    assert table["next declarer"] == ["W", "S", "S"]  # §7.4: stay → partner W; take over → E's lower hand S
    assert table["blood owed now"] == ["0", "0", "2"]
    # each step with its rule key and section, and the section's clause quoted from docs/gunzi-rules.md
    assert "S = 170 > 150: floor((170 − 150) / 10) = 2 blood" in shown.out
    assert "[blood.over; scoring.over_threshold · §7.2.3]" in shown.out
    assert "  §7.2.3  Score blood" in shown.out and "`floor((S - 150) / 10)`" in shown.out
    zh = cli.ok("dispute", "T1", "show", 1, "--lang", "zh")
    assert "  §7.2.3  得分方得分若未满80，每少10分下局出一个血" in zh.out  # the Chinese the clause quotes
    # §6.6 and §7.1 quote no Chinese seed text: their Chinese is the catalogue's (they were quoted in English)
    assert "  §6.6  抓分方赢得最后一墩则抠底，加上底牌分数的两倍" in zh.out
    assert "  §7.1  阈值120即 `scoring.stage_threshold`" in zh.out and "The threshold 120" not in zh.out
    assert len(Store(cli.db).entries("T1")) == 17  # showing again stored nothing

    ruled = cli.ok("dispute", "T1", "rule", 1, "--alt", 1, "--reason", "KC was turned up; KD and 10D were not",
                   "--referee", "李裁判")
    assert "ruling #19 by 李裁判" in ruled.out and "alternative 1 (amend #18)" in ruled.out
    assert "levels now: EW 3, NS 4" in ruled.out
    after = cli.ok("status", "T1")
    assert status_line(after, "Levels:").startswith("Levels: EW 3, NS 4")  # alternative 1: stage dug, NS 3 → 4
    assert status_line(after, "Declarer:").startswith("Declarer: S (李四)")  # the defenders took over (§7.4)
    assert status_line(after, "Blood owed:") == "Blood owed: none"  # S = 130: no score blood (§7.2.3)
    assert "ruled, not confirmed since: 1" in after.out

    appealed = cli.ok("dispute", "T1", "appeal", 1, "--by", "NS", "--reason", "KD was in the kitty too")
    assert "stored #20 in T1: NS appeals the ruling of dispute 1 to the director" in appealed.out
    assert "disputed: 1" in cli.ok("status", "T1").out  # an appeal reopens it
    decided = cli.ok("dispute", "T1", "decide", 1, "--uphold", "--reason", "the referee saw the cards",
                     "--referee", "陈仲裁")
    assert "director's decision #21 by 陈仲裁" in decided.out and "the ruling is upheld" in decided.out
    assert status_line(cli.ok("status", "T1"), "Levels:").startswith("Levels: EW 3, NS 4")  # upheld: unchanged

    log = cli.ok("log", "T1").out
    assert "amend #12 → bury 5C 10C KC 7C 8D 9D" in log
    assert "ruling on dispute #15: alternative 1 (amend #18)" in log
    assert "director's decision on dispute #15: the ruling is upheld" in log

    entries = Store(cli.db).entries("T1")
    kinds = [e["kind"] for e in entries[14:]]
    assert kinds == ["dispute", "alternative", "alternative", "amend", "ruling", "appeal", "decision"]
    ruling_head, decision_head = entries[18]["hash"][:12], entries[20]["hash"][:12]

    sheet = tmp_path / "ruling.pdf"
    cli.ok("dispute", "T1", "sheet", 1, "-o", sheet)
    data = sheet.read_bytes()
    assert len(pypdf.PdfReader(str(sheet)).pages) == 1
    assert b"/FontFile2" in data  # the scorecard's policy: the Chinese TrueType font embedded
    text = pdf_text(sheet)
    for words in ("争议裁定书", "Rulingsheet", "thekittyheldmorepoints", "#12bury5C10C6C7C8D9D", "备选1",
                  "alternative2", "东西方队长", "NScaptain", "裁判", "Director", "KCwasturnedup",
                  "therefereesawthecards", ruling_head, decision_head, "§7.2.3", "得分方得分若未满80"):
        assert words in text, words
    assert "score/得分110130170" in text  # the settlements side by side (the sheet in English: REFEREE_LANG)

    assert "every hash chain intact" in cli.ok("verify").out


def test_verify_covers_the_new_entries(cli: Cli) -> None:
    cli.ok("dispute", "T1", "--hand", 1, "--by", "NS", "--claim", "the kitty held more points")
    cli.ok("dispute", "T1", "show", 1, "--alt", ALT1)
    cli.ok("dispute", "T1", "rule", 1, "--keep", "--reason", "the cards turned up show 6C")
    cli.ok("confirm", "T1", "--hand", 1, "--by", "EW", "--captain", "张三")
    assert "ok: 1 match, 18 entries, every hash chain intact" in cli.ok("verify").out
    path = Store(cli.db).path("T1")
    data = match_tables(path)
    data["entries"]["17"]["reason"] = "the cards turned up show KC"  # the ruling's reason, edited by hand
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = cli("verify")
    assert run.code == 1
    assert "match T1, #17: its content does not match its hash (edited by hand)" in run.text


def test_a_chain_without_the_new_kinds_verifies_as_before(cli: Cli) -> None:
    run = cli.ok("verify")
    assert "ok: 1 match, 14 entries, every hash chain intact" in run.out


@pytest.mark.parametrize(("args", "code", "english", "chinese"), [
    (("--hand", 3, "--by", "NS", "--claim", "x"), 1, "error: match T1 has no hand 3 (hands 1 to 1); nothing stored",
     "错误：比赛 T1 没有第 3 副（共第 1 至 1 副）；未存储任何内容"),
    (("--hand", 1, "--by", "NS", "--claim", " "), 2, "error: --claim TEXT is needed: nothing stored",
     "错误：需要 --claim 文字：未存储任何内容"),
    (("--hand", 1, "--by", "SN", "--claim", "x"), 2, "error: --by SN: a side is one of EW, NS",
     "错误：--by SN：一方须为 EW、NS 之一"),
])
def test_a_dispute_that_cannot_be_raised_stores_nothing(cli: Cli, args: tuple[object, ...], code: int, english: str,
                                                         chinese: str) -> None:
    before = snapshot(cli.db)
    for lang, message in (("en", english), ("zh", chinese)):
        run = cli("dispute", "T1", *args, "--lang", lang)
        assert run.code == code
        assert run.err.strip() == message  # one line
    assert snapshot(cli.db) == before


def test_a_refused_alternative_or_ruling_stores_nothing(cli: Cli) -> None:
    cli.ok("dispute", "T1", "--hand", 1, "--by", "NS", "--claim", "the kitty held more points")
    before = snapshot(cli.db)
    # §1.6: no more than three copies of a card in one deal
    run = cli("dispute", "T1", "show", 1, "--alt", f"{BURY_SEQ} bury 5C 10C KC KC KC KC")
    assert run.code == 1
    assert run.err.strip() == ("error: the rules refuse the alternative #12 `bury 5C 10C KC KC KC KC`: more than "
                               "three copies of KC in this deal (there are only three decks); nothing stored")
    # §7: P ≤ 300 − the kitty's 15 points = 285, and a good alternative with it is not stored either
    run = cli("dispute", "T1", "show", 1, "--alt", ALT1, "--alt", "13 points 290", "--lang", "zh")
    assert run.code == 1
    assert run.err.startswith("错误：规则不接受备选 #13 `points 290`：") and run.err.count("\n") == 1
    run = cli("dispute", "T1", "show", 1, "--alt", "9 points 5")  # an event outside the hand's play
    assert run.code == 1 and "the rules refuse the alternative #9 `points 5`" in run.err
    run = cli("dispute", "T1", "rule", 1, "--keep")
    assert (run.code, run.err.strip()) == (2, "error: --reason TEXT is needed: nothing stored")
    run = cli("dispute", "T1", "rule", 1, "--alt", 1, "--reason", "r")
    assert run.code == 1
    assert run.err.strip() == ("error: dispute 1 of match T1 has no alternative 1: none was weighed (referee dispute "
                               "T1 show 1 --alt 'SEQ DIRECTIVE'); nothing stored")
    run = cli("dispute", "T1", "appeal", 1, "--by", "NS")
    assert run.code == 1
    assert run.err.strip() == ("error: dispute 1 of match T1 is open: only a ruled dispute can be appealed; nothing "
                               "stored")
    run = cli("dispute", "T1", "show", 2)
    assert (run.code, run.err.strip()) == (1, "error: match T1 has no dispute 2 (disputes 1 to 1); nothing stored")
    assert snapshot(cli.db) == before


def test_confirmations_and_what_status_shows(cli: Cli) -> None:
    run = cli.ok("confirm", "T1", "--hand", 1, "--by", "EW", "--captain", "张三")
    assert "stored #15 in T1: hand 1 confirmed by EW (张三)" in run.out
    assert "settled hands — confirmed: 1" in cli.ok("status", "T1").out
    run = cli("confirm", "T1", "--hand", 2, "--by", "NS")
    assert (run.code, run.err.strip()) == (1, "error: match T1 has no hand 2 (hands 1 to 1); nothing stored")
    cli.ok("dispute", "T1", "--hand", 1, "--by", "NS", "--claim", "the kitty held more points")
    assert "settled hands — disputed: 1" in cli.ok("status", "T1").out  # a disputed hand is not confirmed
    run = cli.ok("confirm", "T1", "--hand", 1, "--by", "EW")
    assert "warning: hand 1 has an open dispute" in run.err
    card = cli.db.parent / "T1.pdf"
    cli.ok("scorecard", "T1", "-o", card)
    assert "Confirmationsanddisputes:hand1:disputed" in pdf_text(card)
    assert "hand 1 confirmed by EW (张三)" in cli.ok("log", "T1").out


def test_the_director_puts_back_the_record_as_it_was(cli: Cli) -> None:
    cli.ok("dispute", "T1", "--seq", 13, "--by", "NS", "--claim", "the kitty held more points")  # #13: hand 1
    cli.ok("dispute", "T1", "show", 1, "--alt", ALT2)
    ruled = cli.ok("dispute", "T1", "rule", 1, "--alt", 1, "--reason", "KD and 10D were turned up")
    # alternative 2: S = 170 → stage dug, NS 3 → 4, 2 blood paid to S by E (module docstring)
    assert "levels now: EW 3, NS 4" in ruled.out
    assert "blood owed next hand: 2 (kings 0 + score 2), paid by E (张三) to S (李四)" in ruled.out
    cli.ok("dispute", "T1", "rule", 1, "--appeal", "--by", "EW", "--reason", "6C was buried, not KC")
    decided = cli.ok("dispute", "T1", "decide", 1, "--keep", "--reason", "the photo shows 6C")
    # back to the record: S = 110, foul dig, nobody levels (§7.1), no blood (§7.2.3), W declares next (§7.4)
    # entries: dispute #15, alternative #16, amend #17 and ruling #18, appeal #19, amend #20 and decision #21
    assert "the record as it was (amend #20)" in decided.out
    assert "levels now: EW 3, NS 3" in decided.out
    status = cli.ok("status", "T1").out
    assert "Declarer: W (王五)" in status and "Blood owed: none" in status
    assert "amend #12 → bury 5C 10C 6C 7C 8D 9D" in cli.ok("log", "T1").out
    data = json.loads(cli.ok("dispute", "T1", "show", 1, "--json").out)
    assert (data["state"], data["ruling"]["alternative"], data["ruling"]["amend"]) == ("decided", 1, 17)
    assert (data["decision"]["keep"], data["decision"]["amend"]) == (True, 20)
    run = cli("dispute", "T1", "decide", 1, "--uphold", "--reason", "again")
    assert run.code == 1
    assert run.err.strip() == ("error: dispute 1 of match T1 is decided by the director: the director decides an "
                               "appealed dispute; nothing stored")


# --- the use cases in-process: the scoring's keys and the appeal window -------------------------------

def _event_match(tmp_path: Path, scoring_toml: str, *new: str) -> tuple[Store, str]:
    """An event of one round (``event new`` given the options *new* too), its match played to the end (two one-hand
    games won by EW, §7.3.1) and its first hand ruled on a dispute; the event's scoring is *scoring_toml*."""
    from eventplay import Cli as InProcess
    from eventplay import match_text

    from referee.app import disputes

    scoring = tmp_path / "scoring.toml"
    scoring.write_text(scoring_toml, encoding="utf-8")
    cli = InProcess(tmp_path / "ev")
    cli.ok("event", "new", "EV", "--name", "Cup", "--rounds", "1", "--scoring", scoring, *new)
    cli.ok("event", "add", "EV", "A1", "张三", "王五")
    cli.ok("event", "add", "EV", "A2", "李四", "赵六")
    cli.ok("event", "pair", "EV")
    record = tmp_path / "m.gunzi"
    record.write_text(match_text("EV-R1-T1", ["EW", "EW"]), encoding="utf-8")
    cli.ok("record", "EV-R1-T1", "--file", record)
    store = Store(tmp_path / "ev")
    disputes.raise_dispute(store, "EV-R1-T1", hand=1, by="NS", claim="E did not grab first")
    disputes.rule(store, "EV-R1-T1", 1, keep=True, reason="seen by both sides")
    return store, "EV-R1-T1"


def test_the_appeal_window_of_the_events_scoring(tmp_path: Path) -> None:
    import datetime

    from referee.app import disputes
    from referee.store.store import StoreError

    store, match = _event_match(tmp_path, 'base = "club"\nname = "club-10"\n[disputes]\nappeal_minutes = 10\n')
    ruled = disputes.weighed(store, match, 1).dispute.ruling
    assert ruled is not None
    at = datetime.datetime.fromisoformat(ruled.time.replace("Z", "+00:00"))
    before = len(store.entries(match))
    with pytest.raises(StoreError) as refused:  # 11 minutes after the ruling: past the 10 the scoring allows
        disputes.appeal(store, match, 1, by="NS", now=at + datetime.timedelta(minutes=11))
    assert refused.value.msg.text("en") == ("the appeal window of dispute 1 has passed: 10 minutes after the ruling "
                                            "(disputes.appeal_minutes of the event's scoring); nothing stored")
    assert len(store.entries(match)) == before
    d = disputes.appeal(store, match, 1, by="NS", now=at + datetime.timedelta(minutes=9))
    assert d.appeal is not None and d.appeal.by == "NS"


def test_warn_at_close_off_closes_without_the_warning(tmp_path: Path) -> None:
    from referee.app.director import close_round

    store, match = _event_match(tmp_path, 'base = "club"\nname = "quiet"\n[confirmations]\nwarn_at_close = false\n',
                                "--confirmation-required")
    closed = close_round(store, "EV")
    assert closed.unconfirmed == () and closed.left_open == ()


def test_the_club_scoring_warns_at_close_of_an_event_that_requires_confirmation(tmp_path: Path) -> None:
    from referee.app.director import close_round

    store, match = _event_match(tmp_path, 'base = "club"\nname = "plain"\n', "--confirmation-required")
    closed = close_round(store, "EV")
    # hand 1 ruled, nobody confirmed since; hand 2 never confirmed
    assert [m.text("en") for m in closed.unconfirmed] == [f"{match} hands 1, 2"]


@pytest.mark.parametrize(("toml", "key", "problem"), [
    ("[disputes]\nappeal_minute = 3\n", "disputes.appeal_minute", "unknown_key"),
    ("[disputes]\nappeal_minutes = -1\n", "disputes.appeal_minutes", "bad_value"),
    ("[confirmations]\nwarn_at_close = \"yes\"\n", "confirmations.warn_at_close", "bad_type"),
    ("[disputes]\nstop_play = 1\n", "disputes.stop_play", "bad_type"),
])
def test_a_scoring_file_with_a_bad_dispute_key(tmp_path: Path, toml: str, key: str, problem: str) -> None:
    from referee.tournament import scoring

    path = tmp_path / "bad.toml"
    path.write_text('base = "club"\nname = "bad"\n' + toml, encoding="utf-8")
    with pytest.raises(scoring.ScoringError) as found:
        scoring.load(str(path))
    assert (found.value.key, found.value.problem) == (key, problem)


@pytest.mark.parametrize("stops", [False, True])
def test_a_dispute_stops_play_only_where_the_events_scoring_says_so(tmp_path: Path, stops: bool) -> None:
    """``disputes.stop_play``: off (the club scoring), the next hand is recorded while hand 1 is disputed; on, it
    is refused with the dispute named until the referee rules, then recorded."""
    from eventplay import Cli as InProcess
    from eventplay import match_text

    from referee.app import disputes
    from referee.app.recording import record
    from referee.games.gunzi.events import HandStart
    from referee.store.store import StoreError

    scoring = tmp_path / "scoring.toml"
    scoring.write_text('base = "club"\nname = "strict"\n' + ("[disputes]\nstop_play = true\n" if stops else ""),
                       encoding="utf-8")
    cli = InProcess(tmp_path / "ev")
    cli.ok("event", "new", "EV", "--name", "Cup", "--rounds", "1", "--scoring", scoring)
    cli.ok("event", "add", "EV", "A1", "张三", "王五")
    cli.ok("event", "add", "EV", "A2", "李四", "赵六")
    cli.ok("event", "pair", "EV")
    played = tmp_path / "m.gunzi"
    played.write_text(match_text("EV-R1-T1", ["EW"]), encoding="utf-8")  # game 1 in one hand: the match goes on
    cli.ok("record", "EV-R1-T1", "--file", played)
    store = Store(tmp_path / "ev")
    disputes.raise_dispute(store, "EV-R1-T1", hand=1, by="NS", claim="E did not grab first")
    before = len(store.entries("EV-R1-T1"))
    if stops:
        with pytest.raises(StoreError) as refused:
            record(store, "EV-R1-T1", [HandStart()])
        assert refused.value.msg.text("en") == (
            "hand 1 of match EV-R1-T1 is under dispute (1: “E did not grab first”) and event EV stops play until a "
            "dispute is ruled (disputes.stop_play): rule it first (referee dispute EV-R1-T1 rule 1); nothing stored")
        assert refused.value.msg.text("zh") == (
            "比赛 EV-R1-T1 第 1 副有争议（1：“E did not grab first”），赛事 EV 规定争议裁定前暂停比赛"
            "（disputes.stop_play）：请先裁定（referee dispute EV-R1-T1 rule 1）；未存储任何内容")
        assert len(store.entries("EV-R1-T1")) == before
        disputes.rule(store, "EV-R1-T1", 1, keep=True, reason="seen by both sides")
        before += 1  # the ruling's entry
    record(store, "EV-R1-T1", [HandStart()])
    assert len(store.entries("EV-R1-T1")) == before + 1
