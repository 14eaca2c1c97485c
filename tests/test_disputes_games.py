"""Disputes, confirmations and what-if for the games where each player plays for themself: raised on a deal by a
seat, weighed (each alternative replayed by the game's engine and explained with its clauses), ruled, appealed,
decided, confirmed — on both store backends, and through the real command line.

Each case is a club's real argument, worked by hand from the game's rules (docs/<game>-rules.md) on the example
evening (examples/), whose comments give every deal's payments:

- **Dou Dizhu, a bomb count** (§5.1, §6). Deal 1: 李四 (seat 2) bids 3 and goes out first after ``bomb 2 7777``:
  unit = 3 × 2 = 6, 张三 and 王五 −6, 李四 +12. Seat 1 claims the four sevens were not played as one bomb;
  alternative ``play 2 7`` (no bomb): unit = 3 × 1 = 3, 张三 −3, 李四 +6, 王五 −3. The match as recorded
  (deal 3: 王五 −8, the others +4; deal 4: 张三 +8, the others −4; deal 5: 李四 −8, the others +4) ends
  张三 −6 + 4 + 8 + 4 = 10, 李四 12 + 4 − 4 − 8 = 4, 王五 −6 − 8 − 4 + 4 = −14; with the alternative
  张三 13, 李四 −2, 王五 −11.
- **Hubei 打滚, a disputed 硬牌** (§4.3, §6, §7). Deal 7: N plays alone (硬牌) and E is 一游, so N pays 2 番 to each
  of three (N −6, E S W +2); S's 天炸 is +3 from each (S +3, E W N −1): E +1, S +5, W +1, N −7. N claims N went
  out first: ``places N E S W``, N wins 2 番 from each (N +6, E S W −2), with the 天炸 E −3, S +1, W −3, N +5.
  Totals after deal 6 E −3, S +5, W −3, N +1: recorded E −2, S +10, W −2, N −6; with the alternative E −6,
  S +6, W −6, N +6.
- **Jinhua mahjong, a disputed 承包** (§5.1, §5.2, §7). Deal 3: N claimed three times from W (W liable, §7.1)
  and wins on E's discard, 平胡 ×1: E owes 2, S and W 1 each (§5.1), and W pays all of them (§7.2, §7.4): W −4,
  N +4. E claims N drew the tile itself: ``win N self``, each of three owes 2 × 1 × 1 = 2 (§5.2), W pays all
  three shares: W −6, N +6. Deals 1 and 2 (W +16, E −4, S −8, N −4; N +12, E S W −4) and 4 (流局) give totals
  recorded E −8, S −12, W 8, N 12; with the alternative E −8, S −12, W 6, N 14. An alternative that takes away
  a claim from W (``kong N E``) leaves the record's ``liable W`` wrong (§7.1): the rules refuse it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from eventplay import snapshot

from referee.app import disputes
from referee.app.whatif import whatif
from referee.core.errors import UsageError
from referee.games.registry import game
from referee.store.api import MatchStore
from referee.store.errors import StoreError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class Case(NamedTuple):
    key: str
    example: str
    match_id: str
    deal: int  # the deal disputed
    by: str  # the seat that disputes
    claim: str
    replaced: str  # the directive in effect the alternative replaces
    alternative: str
    deal_after: dict[str, int]  # each seat's payment in the deal with the alternative
    recorded_totals: dict[str, int]
    totals: dict[str, int]  # with the alternative
    side: tuple[str, str]  # the disputing seat with its player, en and zh (Sides.side)


CASES = [
    Case("doudizhu", "club-night.doudizhu", "DDZ-N1-T2", 1, "1", "the sevens were not one bomb", "bomb 2 7 7 7 7",
         "play 2 7", {"1": -3, "2": 6, "3": -3}, {"1": 10, "2": 4, "3": -14}, {"1": 13, "2": -2, "3": -11},
         ("seat 1 (张三)", "座位 1（张三）")),  # a seat that is a number is "seat 1", as the steps say; `seat 1 张三`
    Case("hubei-dagun", "hubei-evening.dagun", "HB-2026-12-01-T1", 7, "N", "N went out first", "places E N S W",
         "places N E S W", {"E": -3, "S": 1, "W": -3, "N": 5}, {"E": -2, "S": 10, "W": -2, "N": -6},
         {"E": -6, "S": 6, "W": -6, "N": 6}, ("N (刘洋)", "北（刘洋）")),  # `seat N 刘洋`
    Case("jinhua-mahjong", "jinhua-evening.mahjong", "JH-2026-12-01-T1", 3, "E", "N drew the winning tile itself",
         "win N E", "win N self", {"E": 0, "S": 0, "W": -6, "N": 6}, {"E": -8, "S": -12, "W": 8, "N": 12},
         {"E": -8, "S": -12, "W": 6, "N": 14}, ("E (张三)", "东（张三）")),  # `seat E 张三`
]
IDS = [c.key for c in CASES]


def _imported(store: MatchStore, case: Case) -> int:
    """The example evening stored; the seq of the directive the alternative replaces."""
    reading = game(case.key).read((EXAMPLES / case.example).read_text(encoding="utf-8"))
    assert not reading.errors
    store.create(list(reading.events), "ann")
    entries = store.entries(case.match_id)
    opening = [e["seq"] for e in entries if e["directive"].split()[:1] == ["deal"]] + [len(entries) + 1]
    first, end = opening[case.deal - 1], opening[case.deal]
    return next(e["seq"] for e in entries if e["directive"] == case.replaced and first <= e["seq"] < end)


def _totals(key: str, result: object) -> dict[str, int]:
    summary = game(key).summarize(result)
    return {p.key: summary.outcome(p.key).score for p in summary.participants()}


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_dispute_is_weighed_ruled_appealed_and_decided_by_the_game_s_rules(store: MatchStore, case: Case) -> None:
    seq = _imported(store, case)
    d = disputes.raise_dispute(store, case.match_id, hand=case.deal, by=case.by.lower(), claim=case.claim,
                               referee="ann")
    assert (d.number, d.hand, d.by) == (1, case.deal, case.by)
    opening = [e["seq"] for e in store.entries(case.match_id) if e["directive"].split()[:1] == ["deal"]]
    assert store.entries(case.match_id)[-1]["target"] == opening[case.deal - 1]  # each game's deal opens with `deal`
    disputes.weigh(store, case.match_id, 1, [(seq, case.alternative)], referee="ann")
    w = disputes.weighed(store, case.match_id, 1)
    assert w.game.key == case.key and w.settled
    assert (seq, case.replaced) in w.lines  # the deal's record lines as disputed
    (k, alt), = w.alternatives
    assert (k, alt.seq, alt.old, alt.new, alt.first_deal, alt.new_errors) == (1, seq, case.replaced,
                                                                             case.alternative, case.deal, [])
    assert _totals(case.key, w.recorded) == case.recorded_totals
    assert _totals(case.key, alt.changed) == case.totals

    ruled = disputes.rule(store, case.match_id, 1, alternative=1, reason="seen by the referee", referee="ann")
    assert ruled.amend is not None and ruled.amend["directive"] == case.alternative
    assert _totals(case.key, ruled.before) == case.recorded_totals
    assert _totals(case.key, ruled.after) == case.totals
    appealed = disputes.appeal(store, case.match_id, 1, by=case.by, reason="ask the director")
    assert appealed.state.value == "appealed"
    decided = disputes.decide(store, case.match_id, 1, keep=True, reason="the record stands", referee="dir")
    assert decided.dispute.state.value == "decided"
    assert _totals(case.key, decided.after) == case.recorded_totals  # the record as it was put back
    kinds = [e["kind"] for e in store.entries(case.match_id)][-7:]
    assert kinds == ["dispute", "alternative", "amend", "ruling", "appeal", "amend", "decision"]
    assert store.verify()[2] == []


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_what_if_replays_the_match_of_any_game_and_stores_nothing(store: MatchStore, case: Case) -> None:
    seq = _imported(store, case)
    before = store.entries(case.match_id)
    g, w = whatif(store, case.match_id, seq, case.alternative)
    assert g.key == case.key and w.new == case.alternative and w.new_errors == []
    assert _totals(case.key, w.changed) == case.totals
    assert store.entries(case.match_id) == before


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_side_is_a_seat_and_a_confirmation_names_a_settled_deal(store: MatchStore, case: Case) -> None:
    _imported(store, case)
    seats = game(case.key).seats
    with pytest.raises(UsageError) as bad:
        disputes.raise_dispute(store, case.match_id, hand=1, by="EW", claim="x")
    assert bad.value.msg.text("en") == f"--by EW: a side is one of {', '.join(seats)}"
    assert bad.value.msg.text("zh") == f"--by EW：一方须为 {'、'.join(seats)} 之一"
    done = disputes.confirm(store, case.match_id, hand=case.deal, by=case.by, captain="x")
    assert (done.hand, done.by, done.disputed) == (case.deal, case.by, False)
    assert disputes.unconfirmed(store, [case.match_id])[0].hands.count(case.deal) == 0
    with pytest.raises(StoreError) as missing:
        disputes.confirm(store, case.match_id, hand=99, by=case.by)
    assert missing.value.msg.text("en").startswith(f"match {case.match_id} has no hand 99 (hands 1 to ")


def test_an_alternative_that_breaks_a_later_line_is_refused_and_nothing_is_stored(store: MatchStore) -> None:
    case = CASES[2]  # N's three claims from W make W liable; a kong from E leaves `liable W` wrong (§7.1)
    _imported(store, case)
    entries = store.entries(case.match_id)
    kong = next(e["seq"] for e in entries if e["directive"] == "kong N W")
    liable = next(e["seq"] for e in entries if e["directive"] == "liable W")
    disputes.raise_dispute(store, case.match_id, hand=3, by="E", claim="the kong was mine")
    before = store.entries(case.match_id)
    with pytest.raises(StoreError) as refused:
        disputes.weigh(store, case.match_id, 1, [(kong, "kong N E")])
    assert refused.value.msg.text("en").startswith(
        f"the rules refuse the alternative #{kong} `kong N E`: it makes #{liable} (liable W) wrong: ")
    with pytest.raises(StoreError) as elsewhere:  # an event of deal 1 is not in the disputed deal 3
        disputes.weigh(store, case.match_id, 1, [(7, "deal E")])
    # the deal in the game's own word (a Jinhua mahjong deal is "deal 3" / 第3局); the option stays --hand
    assert elsewhere.value.msg.text("en") == ("#7 is not an event of deal 3 in effect (see `referee log "
                                              f"{case.match_id} --hand 3`); nothing stored")
    assert elsewhere.value.msg.text("zh_CN") == (
        f"#7 不是第3局中有效的记录（见 `referee log {case.match_id} --hand 3`）；未存储任何内容")
    with pytest.raises(StoreError) as unread:
        disputes.weigh(store, case.match_id, 1, [(kong, "kong N X")])
    assert unread.value.msg.text("en").startswith("cannot read 'kong N X': ")
    assert store.entries(case.match_id) == before


# --- the command line as a process --------------------------------------------------------------------------------

def _rows(out: str) -> dict[str, list[str]]:
    """The side-by-side table's rows of the match (the last block): label → cells."""
    found: dict[str, list[str]] = {}
    block = out.split("\nmatch\n", 1)[1] if "\nmatch\n" in out else ""
    for line in block.splitlines():
        if not line.startswith(("   ", " * ")):
            break
        cells = [c for c in re.split(r"\s{2,}", line[3:].strip()) if c]
        found[cells[0]] = cells[1:]
    return found


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_command_line_settles_a_dispute_of_every_game(tmp_path: Path, case: Case) -> None:
    env = {**os.environ, "REFEREE_DB": str(tmp_path / "store"), "REFEREE_NAME": "王裁判", "REFEREE_LANG": "en"}
    env.pop("REFEREE_CONFIG", None)

    def run(*args: object, code: int = 0) -> str:
        done = subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                              env=env, timeout=120, check=False)
        assert "Traceback" not in done.stderr, done.stderr
        assert done.returncode == code, (args, done.stdout, done.stderr)
        return done.stdout if code == 0 else done.stderr

    run("import", EXAMPLES / case.example)
    log = run("log", case.match_id)
    seq = int([line.split()[0] for line in log.splitlines() if line.endswith(f"event  {case.replaced}")][-1])
    assert run("dispute", case.match_id, "--hand", case.deal, "--by", "EW", "--claim", "x", code=2).strip() == (
        f"error: --by EW: a side is one of {', '.join(game(case.key).seats)}")
    raised = run("dispute", case.match_id, "--hand", case.deal, "--by", case.by, "--claim", case.claim)
    # the deal as the game calls it (the kit's "deal {n}" / 第{n}局, never Gunzi's hand / 副), the seat with its player
    en, zh_side = case.side
    assert f"dispute 1 of {case.match_id}: deal {case.deal}, {en} claims “{case.claim}” — open" in raised
    status = run("status", case.match_id)
    assert f"disputed: {case.deal}" in status and "settled deals — " in status  # the game's word: deals, not hands
    assert "已结算各局——" in run("status", case.match_id, "--lang", "zh")
    shown = run("dispute", case.match_id, "show", 1, "--alt", f"{seq} {case.alternative}")
    assert f"alternative 1 of dispute 1: #{seq} `{case.alternative}`" in shown
    table = _rows(shown)
    totals = [cells for label, cells in table.items()]
    assert [[int(c) for c in cells] for cells in totals] == [
        [case.recorded_totals[s], case.totals[s]] for s in game(case.key).seats]
    assert all(label.startswith("* ") is False for label in table)
    assert f"record lines of deal {case.deal}:" in shown and f"raised #{raised.split()[1][1:]} by {en}," in shown
    assert f"settlement of deal {case.deal} as stored, step by step:" in shown and "§" in shown  # each step's clause
    assert f"the clauses cited (docs/{case.key}-rules.md):" in shown
    assert "hand" not in shown.split("the clauses cited")[0].replace("--hand", "")  # a clause may say "in hand"
    zh = run("dispute", case.match_id, "show", 1, "--lang", "zh")
    assert f"{case.match_id} 的争议 1：第{case.deal}局，{zh_side}主张“{case.claim}”——" in zh
    assert f"由{zh_side}提出" in zh and f"第{case.deal}局的记录行：" in zh
    assert f"第{case.deal}局按记录的结算步骤：" in zh and "副" not in zh.split("所引条款")[0]
    assert not re.search(r"\([\u4e00-\u9fff]", zh.split("结算步骤")[0])  # no ASCII "(李四)" before the steps

    ruled = run("dispute", case.match_id, "rule", 1, "--alt", 1, "--reason", "seen", "--referee", "李裁判")
    assert "ruling #" in ruled and "by 李裁判" in ruled and "re-settled:" in ruled
    sheet = tmp_path / "ruling.pdf"
    run("dispute", case.match_id, "sheet", 1, "-o", sheet)
    pypdf = pytest.importorskip("pypdf")
    text = re.sub(r"\s+", "", "".join(p.extract_text() for p in pypdf.PdfReader(str(sheet)).pages))
    signs = re.sub(r"\s+", "", f"{en} / {zh_side}")  # each player signs by their seat and name, in both languages
    for words in (re.sub(r"\s+", "", case.claim), f"Rulingsheet:match{case.match_id},deal{case.deal},dispute1",
                  f"争议裁定书：比赛{case.match_id}，第{case.deal}局，争议1", f"Recordlinesofdeal{case.deal}asdisputed",
                  signs, "seen", f"{case.key}-rules.md"):
        assert words in text, words
    assert "playerat" not in text and "位玩家" not in text
    # the sheet quotes each clause it cites whole, in both languages (a weighing on the screen cuts a long one)
    from referee.views.clauses import clause

    raw = "".join(p.extract_text() for p in pypdf.PdfReader(str(sheet)).pages)
    cited = re.findall(r"^(§\d+(?:\.\d+)*) ", raw.split("The clauses applied")[1].split("The ruling")[0], re.M)
    assert cited
    for section in cited:
        c = clause(section, case.key)
        assert c is not None
        for lang in ("en", "zh_CN"):
            assert re.sub(r"\s+", "", c.quoted(lang, None)) in text, (section, lang)
    confirmed = run("confirm", case.match_id, "--hand", case.deal, "--by", case.by)
    assert f"deal {case.deal} confirmed by {en}" in confirmed
    before = snapshot(tmp_path / "store")
    run("whatif", case.match_id, seq, case.replaced)  # the record as it was, against the ruled alternative
    assert snapshot(tmp_path / "store") == before
    assert "every hash chain intact" in run("verify")
