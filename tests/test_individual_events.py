"""Events of individual players end to end through the command line as a process: a Dou Dizhu evening of 12
players, 4 rounds of 4 tables of 3 — every round seated by ``event pair``, every deal entered with ``referee
record --file``, each round closed, the standings checked against totals worked by hand from
docs/doudizhu-rules.md, the round's sheet and the XLSX produced and the workbook read back.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import openpyxl

# Each round's two deals, the same at every table; seats 1, 2, 3 in the seating's order. §6: unit = base ×
# multiplier; the landlord out first: each farmer pays 1 × unit, the landlord takes 2 × unit; a farmer out first:
# the landlord pays 2 × unit, each farmer takes 1 × unit. §5.1: each bomb or the rocket ×2; §5.2: spring ×2.
KITTY = "kitty 3H 4H 6D\n"
DEALS = {
    # d1: seat 1 bids 3 (ends the bidding, §3.1), goes out: unit 3 → 1 +6, 2 −3, 3 −3.
    # d2: 2 bids 1, 3 bids 2, 1 passes: landlord 3 at base 2; 1 bombs (×2): unit 4; 1 (a farmer) out: 3 −8, 1 +4,
    # 2 +4.  Round: seat 1 +10, seat 2 +1, seat 3 −11.
    1: ("deal\nbid 1 3\n" + KITTY + "out 1\n"
        "deal\nbid 2 1\nbid 3 2\nbid 1 pass\n" + KITTY + "bomb 1 7777\nout 1\n", (10, 1, -11)),
    # d1: 2 bids 2, alone: landlord 2 at base 2, out: unit 2 → 2 +4, 1 −2, 3 −2.
    # d2: 1 bids 1, the others pass; a rocket by 1 (×2) and spring (×2): unit 4 → 1 +8, 2 −4, 3 −4.
    # Round: seat 1 +6, seat 2 0, seat 3 −6.
    2: ("deal\nbid 1 pass\nbid 2 2\nbid 3 pass\n" + KITTY + "out 2\n"
        "deal\nbid 1 1\nbid 2 pass\nbid 3 pass\n" + KITTY + "rocket 1\nout 1\nspring\n", (6, 0, -6)),
    # d1: 3 bids 3: unit 3, 3 out → 3 +6, 1 −3, 2 −3.
    # d2: 1 bids 2, 2 bids 3: landlord 2 at base 3; 3 bombs (×2): unit 6; 3 (a farmer) out: 2 −12, 1 +6, 3 +6.
    # Round: seat 1 +3, seat 2 −15, seat 3 +12.
    3: ("deal\nbid 1 pass\nbid 2 pass\nbid 3 3\n" + KITTY + "out 3\n"
        "deal\nbid 1 2\nbid 2 3\n" + KITTY + "bomb 3 5555\nout 3\n", (3, -15, 12)),
    # d1: 1 bids 1, the others pass; 2 (a farmer) out: unit 1 → 1 −2, 2 +1, 3 +1.
    # d2: 3 bids 1; two bombs (×2 ×2): unit 4; 3 out → 3 +8, 1 −4, 2 −4.
    # Round: seat 1 −6, seat 2 −3, seat 3 +9.
    4: ("deal\nbid 1 1\nbid 2 pass\nbid 3 pass\n" + KITTY + "out 2\n"
        "deal\nbid 1 pass\nbid 2 pass\nbid 3 1\n" + KITTY + "bomb 3 9999\nbomb 1 JJJJ\nout 3\n", (-6, -3, 9)),
}
PLAYERS = {f"P{i:02d}": name for i, name in enumerate(
    ["张伟", "王芳", "李娜", "刘洋", "陈静", "杨磊", "赵敏", "黄强", "周杰", "吴刚", "徐丽", "孙悦"], 1)}


def run(db: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REFEREE_DB": str(db), "REFEREE_LANG": "en", "PYTHONIOENCODING": "utf-8",
           "REFEREE_NAME": "裁判长"}
    done = subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    if ok:
        assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
    return done


def test_a_dou_dizhu_evening(tmp_path: Path) -> None:
    db = tmp_path / "store"
    run(db, "event", "new", "DZ", "--game", "doudizhu", "--name", "斗地主之夜", "--rounds", "4", "--seed", "3",
        "--date", "2026-12-01")
    entries = tmp_path / "players.csv"
    entries.write_text("player,name,club\n" + "".join(f"{c},{n},\n" for c, n in PLAYERS.items()), encoding="utf-8")
    assert run(db, "event", "import", "DZ", str(entries)).stdout.startswith(
        f"{entries}: entered 12 players in DZ (12 in all)")
    total = dict.fromkeys(PLAYERS, 0)
    firsts = dict.fromkeys(PLAYERS, 0)
    seatings = []
    for rnd in range(1, 5):
        seated = json.loads(run(db, "event", "pair", "DZ", "--json").stdout)
        assert seated["round"] == rnd and seated["sitting_out"] == [] and len(seated["tables"]) == 4
        seatings.append([t["players"] for t in seated["tables"]])
        body, per_seat = DEALS[rnd]
        refused = run(db, "event", "close", "DZ", ok=False)
        assert refused.returncode == 1
        assert refused.stderr.strip().startswith(f"error: round {rnd} cannot close: 4 matches are not finished: "
                                                 f"DZ-R{rnd}-T1 (0 deals settled)")
        for t in seated["tables"]:
            record = tmp_path / f"r{rnd}t{t['table']}.txt"
            record.write_text(body, encoding="utf-8")
            run(db, "record", t["match"], "--file", str(record))
            best = max(per_seat)
            for player, pay in zip(t["players"], per_seat, strict=True):
                total[player] += pay
                firsts[player] += pay == best
        if rnd == 1:
            sheet = tmp_path / "r1.pdf"
            run(db, "event", "sheet", "DZ", "-o", str(sheet))
            assert sheet.read_bytes().startswith(b"%PDF")
        run(db, "event", "close", "DZ")
    # the seating: everyone at a table each round, nobody meeting anyone twice (12 players: 8 opponents of 11)
    met = Counter(frozenset(p) for r in seatings for t in r for p in itertools.combinations(t, 2))
    assert set(met.values()) == {1} and len(met) == 4 * 4 * 3
    assert all(sorted(p for t in r for p in t) == sorted(PLAYERS) for r in seatings)
    # every player's evening is the sum of the per-seat totals worked above: the whole sums to zero
    assert sum(total.values()) == 0
    got = json.loads(run(db, "event", "standings", "DZ", "--json").stdout)
    assert got["final"] is True
    rows = got["standings"]
    assert {r["player"]: (r["score"], r["firsts"], r["played"]) for r in rows} == \
        {p: (total[p], firsts[p], 4) for p in PLAYERS}
    keys = [(r["score"], r["firsts"]) for r in rows]
    assert keys == sorted(keys, reverse=True)  # by score, then first places
    leader = rows[0]
    assert leader["score"] == max(total.values())
    text = run(db, "event", "standings", "DZ").stdout
    assert text.splitlines()[0] == "Final standings"
    assert text.splitlines()[2].split()[:4] == ["1", leader["player"], PLAYERS[leader["player"]], "4"]
    book_path = tmp_path / "dz.xlsx"
    run(db, "event", "export", "DZ", "--xlsx", str(book_path))
    book = openpyxl.load_workbook(book_path)
    standings = list(book["Standings"].iter_rows(values_only=True))
    assert standings[0][:2] == ("Rank", "Player")
    assert [(r[1], r[6]) for r in standings[1:]] == [(r["player"], r["score"]) for r in rows]
    results = list(book["Results"].iter_rows(values_only=True))[1:]
    assert len(results) == 4 * 4 * 3 and sum(r[5] for r in results) == 0
    report = tmp_path / "dz.pdf"
    run(db, "event", "report", "DZ", "-o", str(report))
    assert report.read_bytes().startswith(b"%PDF")
    # the event is finished: no fifth round
    assert run(db, "event", "pair", "DZ", ok=False).stderr.strip() == (
        "error: event DZ is finished: its 4 rounds are played and closed, the standings are final "
        "(referee event standings DZ)")
