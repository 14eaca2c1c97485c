"""The store holds matches of every game: the header's ``game=`` picks the reader of the stored lines.

Run on both backends through the store interface, and through the real CLI on a folder store: a Dou Dizhu, a Hubei
打滚 and a Jinhua mahjong match imported, listed, verified, read back event for event, recorded into step by step
(each directive checked by the game's engine in the match's context) and replayed by id.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.app.recording import correct_lines, record_lines
from referee.games.registry import game
from referee.store.api import MatchStore
from referee.store.errors import StoreError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES = {"doudizhu": "club-night.doudizhu", "hubei-dagun": "hubei-evening.dagun",
         "jinhua-mahjong": "jinhua-evening.mahjong"}

DDZ = """match id=D1 game=doudizhu rules=doudizhu-classic event=Night table=2 round=1
seat 1 Ann
seat 2 Bo
seat 3 Cy
"""


class Cli:
    """The real command line as a subprocess on the store at *db*: ``ok`` wants exit 0 (its stdout), ``fails`` exit
    1 or 2 (its stderr); never a traceback."""

    def __init__(self, db: Path) -> None:
        self.env = {**os.environ, "REFEREE_DB": str(db / "store"), "REFEREE_LANG": "en", "REFEREE_NAME": "ann"}

    def _run(self, args: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
        p = subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True, text=True,
                           encoding="utf-8", env=self.env, timeout=60)
        assert "Traceback" not in p.stderr, p.stderr
        return p

    def ok(self, *args: str) -> str:
        p = self._run(args)
        assert p.returncode == 0, (args, p.stdout, p.stderr)
        return p.stdout

    def fails(self, *args: str) -> str:
        p = self._run(args)
        assert p.returncode in (1, 2), (args, p.returncode, p.stdout, p.stderr)
        return p.stderr



@pytest.mark.parametrize("key", list(GAMES))
def test_a_stored_match_reads_back_as_its_game_reads_its_record(store: MatchStore, key: str) -> None:
    g = game(key)
    reading = g.read((EXAMPLES / GAMES[key]).read_text(encoding="utf-8"))
    assert not reading.errors
    match_id = store.create(list(reading.events), "ann")
    events, errors = store.events_and_errors(match_id)
    assert errors == []
    # The store numbers events by sequence: the same events, one entry each, in order; the header pinned to the
    # content of the rule set it names (the store added `rules-hash=`, and keeps that content under it).
    pin = events[0].pin
    assert pin is not None and len(pin) == 16
    kept = store.kept_rules(pin)
    assert kept is not None and kept.game == key
    assert g.read_lines([(1, g.format_event(events[0]).replace(f" rules-hash={pin}", ""))]).events[0]._replace(
        line=0) == reading.events[0]._replace(line=0)
    assert [ev._replace(line=0) for ev in events[1:]] == [ev._replace(line=0) for ev in reading.events[1:]]
    assert [ev.line for ev in events] == list(range(1, len(events) + 1))
    assert store.header(match_id).id == match_id
    assert store.verify() == (1, len(events), [])
    row = next(r for r in store.summaries() if r["id"] == match_id)
    assert row["rules"] == (reading.events[0].rules or g.default_rules)


def test_directives_are_checked_by_the_game_in_the_match_s_context(store: MatchStore) -> None:
    store.create(list(game("doudizhu").read(DDZ).events), "ann")
    # A player's name stands for the seat: "bid Bo 2" is seat 2's bid.
    done = record_lines(store, "D1", ["deal", "bid 1 1", "bid Bo 2"], "ann")
    assert [e["directive"] for e in done.entries] == ["deal", "bid 1 1", "bid 2 2"]
    with pytest.raises(StoreError) as e:
        record_lines(store, "D1", ["bid Dee 3"], "ann")
    assert e.value.msg.text("en") == ("cannot read 'bid Dee 3': 'Dee' is not a seat (1, 2, 3 or a player's name: "
                                      "Ann, Bo, Cy); nothing stored")  # the names as their seat lines wrote them
    with pytest.raises(StoreError) as e:  # a bid that does not rise is refused at its own line
        record_lines(store, "D1", ["bid 3 1"], "ann")
    assert "nothing stored" in e.value.msg.text("en")
    assert len(store.entries("D1")) == 7  # header, 3 seats, deal, 2 bids: the refusals stored nothing
    # Landlord Bo (seat 2) at a bid of 2 wins with one bomb: multiplier 2, each farmer pays 1 × 2 × 2 = 4 and the
    # landlord receives 2 × 2 × 2 = 8 (docs/doudizhu-rules.md §6).
    done = record_lines(store, "D1", ["bid 3 pass", "kitty 5H 9C BJ", "bomb 2 7777", "out 2"], "ann")
    deal = done.after.deals[-1]
    assert deal.payments == {1: -4, 2: 8, 3: -4}
    with pytest.raises(StoreError) as e:
        record_lines(store, "D1", ["match id=D1 game=doudizhu"], "ann")
    assert "nothing stored" in e.value.msg.text("en")


def test_a_hubei_deal_is_recorded_line_by_line(store: MatchStore) -> None:
    """A deal in progress lacks its places and points until they are recorded: what comes next, not a refusal (its
    "not settled, it lacks …" message carries a list, which the check once tried to hash: a traceback at `deal`)."""
    header = "match id=H1 game=hubei-dagun rules=hubei-dagun\nseat E 张伟\nseat S 李娜\nseat W 王强\nseat N 刘洋\n"
    store.create(list(game("hubei-dagun").read(header).events), "ann")
    for line in ["deal 1 dealer=E", "call H10 partner=W", "places S E N W"]:
        record_lines(store, "H1", [line], "ann")
    done = record_lines(store, "H1", ["points E=40 S=50 W=30 N=45 hand=35"], "ann")
    # Deal 1 of examples/hubei-evening.dagun, worked in its comments from docs/hubei-dagun-rules.md: W (末游) gives
    # its 30 to S (一游), the 35 in hand go to N (三游): EW 40 + 0, SN 80 + 80 = 160: SN win, plain, 1 番 at base 1.
    assert done.after.totals == (-1, 1, -1, 1)  # E S W N


def test_status_of_a_hubei_deal_in_progress_says_what_it_lacks(tmp_path: Path) -> None:
    """`referee status` mid-deal names what the deal still needs (the record format: a deal needs its `call` or
    `alone` and its `places`) as the next thing to record; it was a traceback (the same list hashed)."""
    from typer.testing import CliRunner

    from referee.cli import app

    env = {"REFEREE_DB": str(tmp_path / "store"), "REFEREE_LANG": "en", "REFEREE_NAME": "ann"}
    runner = CliRunner()
    made = runner.invoke(app, ["new", "H1", "--game", "hubei-dagun", "--player", "张伟", "--player", "李娜",
                               "--player", "王强", "--player", "刘洋"], env=env)
    assert made.exit_code == 0, made.output
    assert runner.invoke(app, ["record", "H1", "deal", "1", "dealer=E"], env=env).exit_code == 0
    status = runner.invoke(app, ["status", "H1"], env=env)
    assert status.exit_code == 0, status.output
    assert "next: deal 1: not settled, it lacks call/alone, places" in status.output.splitlines()


def test_corrections_of_another_game_s_match_are_checked_by_its_engine(store: MatchStore) -> None:
    store.create(list(game("doudizhu").read(DDZ).events), "ann")
    done = record_lines(store, "D1", ["deal", "bid 1 1", "bid 2 2", "bid 3 pass", "kitty 5H 9C BJ", "bomb 2 7777",
                                      "out 2"], "ann")
    assert [e["seq"] for e in done.entries] == list(range(5, 12))  # deal #5 … bomb #10, out #11
    # The bomb (#10) voided: multiplier 1, each farmer pays 1 × 2 × 1 = 2, the landlord receives 2 × 2 × 1 = 4.
    fixed = correct_lines(store, "D1", "void", 10, reason="no bomb was played", referee="ann")
    assert fixed.entries[0]["target"] == 10 and fixed.after.totals == {1: -2, 2: 4, 3: -2}
    # Seat 3's pass amended to a bid of 3: seat 3 is the landlord at base 3, and seat 2, a farmer, goes out first: the
    # farmers win, each receives 1 × 3 × 1 = 3, the landlord pays 2 × 3 × 1 = 6.
    fixed = correct_lines(store, "D1", "amend", 8, "bid Cy 3", reason="misheard", referee="ann")
    assert fixed.entries[0]["directive"] == "bid 3 3" and fixed.after.totals == {1: 3, 2: 3, 3: -6}
    # Seat 2's bid amended to 3 would end the bidding before seat 3's: refused, nothing stored, naming the entry it
    # breaks (#8, seat 3's bid), as a Gunzi correction names it.
    with pytest.raises(StoreError) as e:
        correct_lines(store, "D1", "amend", 7, "bid 2 3", reason="x", referee="ann")
    assert e.value.msg.text("en") == ("amend rejected, nothing stored: it makes #8 (bid 3 3) wrong: the bidding has "
                                      "ended (§3): no more bids")
    with pytest.raises(StoreError) as e:
        correct_lines(store, "D1", "void", 1, reason="x", referee="ann")
    assert e.value.msg.text("en") == "#1 is the match header; it can be amended, not removed"
    with pytest.raises(StoreError) as e:
        correct_lines(store, "D1", "amend", 1, "match id=D2 game=doudizhu", reason="x", referee="ann")
    assert e.value.msg.text("en") == "the match id cannot change (D1 → D2); import it anew"
    # An undo takes back `out` (#11): the deal is in progress again, which is no reason to refuse.
    undone = correct_lines(store, "D1", "undo", referee="ann")
    assert undone.entries[0]["target"] == 11 and undone.after.totals == {1: 0, 2: 0, 3: 0}
    assert len(store.entries("D1")) == 14  # 11 + void, amend, undo: the refusals stored nothing


def test_the_cli_imports_records_and_replays_a_stored_dou_dizhu_match(tmp_path: Path) -> None:
    cli = Cli(tmp_path)
    for name in GAMES.values():
        assert cli.ok("import", str(EXAMPLES / name)).startswith(str(EXAMPLES / name))
    listed = cli.ok("list")
    assert "DDZ-N1-T2" in listed and "doudizhu-classic" in listed and "jinhua-mahjong" in listed
    head, ddz = listed.splitlines()[1:3]  # the rules column as wide as its longest name: the columns stay aligned
    assert ddz.startswith("DDZ-N1-T2") and ddz.index("Club night / 2") == head.index("event / table / round")
    assert cli.ok("verify").startswith("ok: 3 matches")
    # The ladder rates the matches of every game: the Dou Dizhu example ends 张三 +10, 李四 +4, 王五 -14, so 张三 is
    # placed first (his mu rises above openskill's 25) and 王五 last (his falls below it).
    ladder = json.loads(cli.ok("ratings", "--json"))
    assert ladder["matches"] == 3 and ladder["unreadable"] == []
    ddz = {p["name"]: p for p in ladder["players"] if p["name"] in ("张三", "李四", "王五")}
    assert ddz["张三"]["mu"] > 25 > ddz["王五"]["mu"] and [ddz[n]["won"] for n in ("张三", "李四", "王五")] == [1, 0, 0]
    cli.ok("record", "DDZ-N1-T2", "deal")
    # 张三's 3 ends the bidding (§3): the kitty is shown next, then the play
    assert cli.ok("record", "DDZ-N1-T2", "bid", "张三", "3") == (
        "stored #43 in DDZ-N1-T2 (by ann): bid 1 3\n"
        "next: kitty CARD CARD CARD / show 张三 / play 张三 CARDS… / bomb SEAT CARDS / rocket SEAT / out SEAT\n")
    cli.ok("record", "DDZ-N1-T2", "kitty", "3H", "4H", "5H")
    cli.ok("record", "DDZ-N1-T2", "bomb", "1", "6666")
    out = cli.ok("record", "DDZ-N1-T2", "bomb", "1", "8888")
    assert out.startswith("stored #46 in DDZ-N1-T2 (by ann): bomb 1 8 8 8 8\n")
    out = cli.ok("record", "DDZ-N1-T2", "out", "1")
    # The example's five deals end 张三 +10, 李四 +4, 王五 -14 (its comments work them by hand). Deal 6: 张三 bids 3,
    # two bombs (× 2 × 2 = 4), the landlord goes out first: 2 × 3 × 4 = +24 to him, 1 × 3 × 4 = 12 from each farmer:
    # 张三 +34, 李四 -8, 王五 -26 in all.
    assert out.splitlines()[:2] == [
        "stored #47 in DDZ-N1-T2 (by ann): out 1",
        "settled: deal 6, landlord 张三, bid 3, doubled by bomb ×2, multiplier ×4, winner landlord, 张三 +24 (+34), "
        "李四 -12 (-8), 王五 -12 (-26)"]
    status = cli.ok("status", "DDZ-N1-T2")
    assert status.startswith("match DDZ-N1-T2 (Dou Dizhu): 47 entries, head ")
    assert "张三 +34, 李四 -8, 王五 -26" in status
    assert cli.ok("export", "DDZ-N1-T2").endswith("deal\nbid 1 3\nkitty 3H 4H 5H\nbomb 1 6 6 6 6\nbomb 1 8 8 8 8\n"
                                                  "out 1\n")
    refused = cli.fails("record", "DDZ-N1-T2", "bid", "2", "1")
    assert refused.endswith("error: event rejected, nothing stored: the bidding has ended (§3): no more bids\n")
    # without a DIRECTIVE: guided entry, here on an empty input: stopped at once, nothing stored
    assert cli.fails("record", "DDZ-N1-T2").endswith("error: stopped; everything entered so far is stored\n")
    assert cli.ok("undo", "DDZ-N1-T2").startswith("stored #48 in DDZ-N1-T2 (by ann): undo #47: out 1\n")
    status = cli.ok("status", "DDZ-N1-T2")  # what the deal in progress lacks is said as the next thing to record
    assert "next: deal 6: no 'out': who went out first? (out SEAT, §4)" in status
    log = cli.ok("log", "DDZ-N1-T2", "--corrections")
    assert "undo #47: out 1" in log and "[replaced or taken back by #48]" in log
    # what if #45's bomb of sixes were one of nines: any bomb doubles alike (§5.1), so nothing changes; nothing stored
    whatif = cli.ok("whatif", "DDZ-N1-T2", "45", "bomb", "1", "9999")
    assert whatif.startswith("What if, in match DDZ-N1-T2, seq 45 were `bomb 1 9 9 9 9` instead of `bomb 1 6 6 6 6`")
    assert "Nothing in the outcome changes." in whatif
    assert cli.ok("status", "DDZ-N1-T2").startswith("match DDZ-N1-T2 (Dou Dizhu): 48 entries, head ")


def test_the_cli_starts_a_match_of_another_game_with_its_players(tmp_path: Path) -> None:
    cli = Cli(tmp_path)
    out = cli.ok("new", "M1", "--game", "jinhua-mahjong", "--player", "甲", "--player", "乙", "--player", "丙",
                 "--player", "丁", "--date", "2026-12-01")
    assert out.startswith("new match M1 (jinhua-mahjong) in ")
    # created under the default rule set, pinned to the content `referee rules jinhua-mahjong` shows
    shown = next(ln for ln in cli.ok("rules", "jinhua-mahjong").splitlines() if ln.startswith("content hash: "))
    pin = shown.split("rules-hash=")[1].split()[0]
    assert len(pin) == 16
    assert cli.ok("export", "M1") == (f"match id=M1 game=jinhua-mahjong date=2026-12-01 referee=ann rules-hash={pin}\n"
                                      "seat E 甲\nseat S 乙\nseat W 丙\nseat N 丁\n")
    assert cli.fails("new", "M2", "--game", "doudizhu", "--player", "a", "--player", "b", "--player", "c",
                     "--player", "d").endswith("error: Dou Dizhu seats 3 players; 4 given\n")
    assert cli.fails("new", "M3", "--game", "chess").endswith(
        "error: game=chess: not a game this version officiates (games: gunzi, hubei-dagun, doudizhu, "
        "jinhua-mahjong)\n")
    zh = cli.fails("new", "M2", "--game", "doudizhu", "--player", "a", "--player", "b", "--player", "c",
                   "--player", "d", "--lang", "zh")
    assert "每桌 3 名玩家；给出了 4 名" in zh
