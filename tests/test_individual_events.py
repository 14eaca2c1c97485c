"""Events of individual players end to end through the command line as a process: a Dou Dizhu evening of 12
players, 4 rounds of 4 tables of 3 — every round seated by ``event pair``, every deal entered with ``referee
record --file``, each round closed, the standings checked against totals worked by hand from
docs/doudizhu-rules.md, the round's sheet and the XLSX produced and the workbook read back; then a Hubei 打滚
and a Jinhua mahjong evening of 8 players, 3 rounds of 2 tables of 4, the same way.
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


def web_page(db: Path, event: str, rows: list[dict[str, object]], names: dict[str, str]) -> None:
    """GET the event's page in both languages and its standings JSON: every player's row in the standings' order,
    the leader's first with its score; the JSON the same as ``event standings --json``'s."""
    import html as markup
    import re
    import urllib.request

    from webserver import WebServer

    leader = rows[0]
    pages = {}
    with WebServer(db) as server:
        for lang in ("en", "zh"):
            with urllib.request.urlopen(f"{server.url}/events/{event}?lang={lang}") as page:
                pages[lang] = page.read().decode("utf-8")
        with urllib.request.urlopen(f"{server.url}/api/events/{event}/standings") as api:
            assert json.loads(api.read().decode("utf-8"))["standings"] == rows
    titles = {"en": ("Final standings", "Score"), "zh": ("最终排名", "得分")}
    for lang, text in pages.items():
        table = text[text.index('id="standings"'):]
        table = table[:table.index("</table>")]
        assert f'<h2 id="standings-title">{titles[lang][0]}</h2>' in text
        assert f"<th class=\"num\">{titles[lang][1]}</th>" in table
        order = re.findall(r'<tr data-pair="([^"]+)"', table)
        assert order == [r["player"] for r in rows]
        first = table[table.index(f'<tr data-pair="{leader["player"]}"'):]
        first = first[:first.index("</tr>")]
        cells = [markup.unescape(c) for c in re.findall(r"<td[^>]*>([^<]*)</td>", first)]
        score = leader["score"]
        assert isinstance(score, int)
        # rank, player, name, club (none), played, sat out, score (signed: the leader's is above 0)
        assert cells[:7] == ["1", leader["player"], names[str(leader["player"])], "", str(leader["played"]), "0",
                             f"+{score}"]


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
    # the web's event page and standings JSON on a real server on loopback: the same standings, the leader first
    web_page(db, "DZ", rows, PLAYERS)
    # the event is finished: no fifth round
    assert run(db, "event", "pair", "DZ", ok=False).stderr.strip() == (
        "error: event DZ is finished: its 4 rounds are played and closed, the standings are final "
        "(referee event standings DZ)")


# --- Hubei 打滚 and Jinhua mahjong: 8 players, 3 rounds of 2 tables of 4 --------------------------------------

EIGHT = {f"Q{i}": name for i, name in enumerate(["赵一", "钱二", "孙三", "李四", "周五", "吴六", "郑七", "王八"], 1)}

# Hubei 打滚 under the source's rule set (hubei-dagun: stake 1, plain 1 番, 绑 2, 清 2, 光头 4, 硬牌 2 won or
# lost; rewards 天炸 and 7喜 1 from each of three, 8喜 2), docs/hubei-dagun-rules.md. Seats E S W N in the
# seating's order. §5.2: 末游's points go to 一游, the points in hand to 三游; §7.2: each loser pays stake × 番,
# each winner takes it; §7.3: 硬牌, each of the three pays the lone winner 2 (or the lone loser pays each 2);
# §6: a reward is paid by each of the other three. §4.1: the second deal's dealer is the first's 一游.
DAGUN = {
    # d1: E calls ♥10, W the partner: EW against SN; places S E N W. W (末游) 30 → S: S 80; hand 35 → N (三游):
    #     N 80. EW 40 + 0 = 40, SN 160: SN win plain, 1 番: E −1, S +1, W −1, N +1.
    # d2: S (一游) deals; W alone and 一游: wins 2 from each: W +6, E S N −2. E's 7喜 of nines: E +3, S W N −1.
    #     E +1, S −3, W +5, N −3.   Match: E 0, S −2, W +4, N −2.
    1: ("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=35\n"
        "deal 2 dealer=S\nalone W\nplaces W E S N\ndeclare E xi7 9\n", (0, -2, 4, -2)),
    # d1: E calls ♠A, N the partner: EN against SW; places E N S W: EN 一游 and 二游, 绑 (SW took 20 + 10, not
    #     光头), 2 番: E +2, N +2, S −2, W −2.
    # d2: E (一游) deals, calls ♣5, S the partner: ES against WN; places W E N S. S (末游) 20 → W: W 60;
    #     hand 50 → N (三游): N 80. ES 60 + 0 = 60, WN 60 + 80 = 140: WN win plain: E −1, S −1, W +1, N +1.
    #     Match: E +1, S −3, W −1, N +3.
    2: ("deal 1 dealer=E\ncall SA partner=N\nplaces E N S W\npoints E=60 S=20 W=10 N=60 hand=50\nclaim bang\n"
        "deal 2 dealer=E\ncall C5 partner=S\nplaces W E N S\npoints E=60 S=20 W=40 N=30 hand=50\n", (1, -3, -1, 3)),
    # d1: E calls the big joker, S the partner: ES against WN; places E S N W: 绑 and WN took nothing: 光头,
    #     4 番: E +4, S +4, W −4, N −4. W's 8喜 of threes: W +6, E S N −2. E +2, S +2, W +2, N −6.
    # d2: E (一游) deals; N alone, S 一游: N loses, pays each 2: N −6, E S W +2. S's 天炸: S +3, E W N −1.
    #     E +1, S +5, W +1, N −7.   Match: E +3, S +7, W +3, N −13.
    3: ("deal 1 dealer=E\ncall BJ partner=S\nplaces E S N W\npoints E=80 S=70 W=0 N=0 hand=50\ndeclare W xi8 3\n"
        "claim guangtou\ndeal 2 dealer=E\nalone N\nplaces S N E W\ndeclare S sky\n", (3, 7, 3, -13)),
}

# Jinhua mahjong under the seed's rule set (jinhua-mahjong: X = 1), docs/jinhua-mahjong-rules.md. §5.1: 放铳,
# the discarder pays 2·X·F and each of the other two X·F; §5.2: 自摸, each of the three pays 2·X·F; §5.3: F the
# product of the patterns' factors (§6); §7: 承包.
MAHJONG = {
    # d1: W wins on S's discard, 七对子 ×2 (§6.5): F 2; S pays 4, E and N 2 each: E −2, S −4, W +8, N −2.
    # d2: N self-draws, 清一色 with 财神 ×2 (§6.9): each pays 2·2 = 4: E S W −4, N +12.
    #     Match: E −6, S −8, W +4, N +10.
    1: ("deal E\ncaishen 3m\nwin W S\npatterns 七对子\n"
        "deal\ncaishen E\nwin N self\npatterns 清一色\n", (-6, -8, 4, 10)),
    # d1: E self-draws 平胡 (F 1): each pays 2: E +6, S W N −2.
    # d2: N claims three times from W (吃 from its 上家 W, 碰, 杠: §7.1, W liable) and wins on E's discard, 平胡:
    #     shares E 2, S 1, W 1; W pays its own and takes over E's and S's (§7.2, §7.4): W −4, N +4.
    #     Match: E +6, S −2, W −6, N +2.
    2: ("deal\ncaishen 5p\nwin E self\n"
        "deal\ncaishen 7s\nchi N W\npong N W\nkong N W\nwin N E\npatterns 平胡\nliable W\n", (6, -2, -6, 2)),
    # d1: S wins on E's discard, 混一色 ×2 and 爆头 ×2 (§6.15, §6.13): F 4; E pays 8, W and N 4 each: S +16.
    # d2: E self-draws with the last tile, 七对子 ×2 and 海底捞月 ×2 (§6.18): F 4, each pays 8: E +24.
    #     Match: E −8 + 24 = +16, S +16 − 8 = +8, W −4 − 8 = −12, N −12.
    3: ("deal\ncaishen 9m\nwin S E\npatterns 混一色 爆头\n"
        "deal\ncaishen P\nwin E self\npatterns 海底捞月 七对子\n", (16, 8, -12, -12)),
}


def evening(tmp_path: Path, db: Path, event: str, game: str, deals: dict[int, tuple[str, tuple[int, ...]]]) \
        -> tuple[dict[str, int], dict[str, int], list[list[list[str]]]]:
    """Run 3 rounds of *deals* (the same at every table) through the CLI; return the totals and first places
    worked from the per-seat sums above, and the seatings."""
    run(db, "event", "new", event, "--game", game, "--name", f"{game} evening", "--rounds", "3", "--seed", "5",
        "--date", "2026-12-02")
    entries = tmp_path / f"{event}.csv"
    entries.write_text("player,name\n" + "".join(f"{c},{n}\n" for c, n in EIGHT.items()), encoding="utf-8")
    run(db, "event", "import", event, str(entries))
    total = dict.fromkeys(EIGHT, 0)
    firsts = dict.fromkeys(EIGHT, 0)
    seatings = []
    for rnd in range(1, 4):
        seated = json.loads(run(db, "event", "pair", event, "--json").stdout)
        assert seated["round"] == rnd and seated["sitting_out"] == [] and len(seated["tables"]) == 2
        seatings.append([t["players"] for t in seated["tables"]])
        body, per_seat = deals[rnd]
        assert sum(per_seat) == 0
        for t in seated["tables"]:
            record = tmp_path / f"{event}-r{rnd}t{t['table']}.txt"
            record.write_text(body, encoding="utf-8")
            run(db, "record", t["match"], "--file", str(record))
            for player, pay in zip(t["players"], per_seat, strict=True):
                total[player] += pay
                firsts[player] += pay == max(per_seat)
        closed = run(db, "event", "close", event).stdout
        assert closed.startswith(f"round {rnd} of {event} closed")
    assert all(sorted(p for t in r for p in t) == sorted(EIGHT) for r in seatings)
    return total, firsts, seatings


def check_outputs(tmp_path: Path, db: Path, event: str, total: dict[str, int], firsts: dict[str, int]) -> None:
    got = json.loads(run(db, "event", "standings", event, "--json").stdout)
    assert got["final"] is True
    rows = got["standings"]
    assert {r["player"]: (r["score"], r["firsts"], r["played"]) for r in rows} == \
        {p: (total[p], firsts[p], 3) for p in EIGHT}
    keys = [(r["score"], r["firsts"]) for r in rows]
    assert keys == sorted(keys, reverse=True)
    sheet = tmp_path / f"{event}-r3.pdf"
    run(db, "event", "sheet", event, "--round", "3", "-o", str(sheet))
    assert sheet.read_bytes().startswith(b"%PDF")
    book_path = tmp_path / f"{event}.xlsx"
    run(db, "event", "export", event, "--xlsx", str(book_path))
    book = openpyxl.load_workbook(book_path)
    standings = list(book["Standings"].iter_rows(values_only=True))
    assert [(r[1], r[6]) for r in standings[1:]] == [(r["player"], total[r["player"]]) for r in rows]
    results = list(book["Results"].iter_rows(values_only=True))[1:]
    assert len(results) == 3 * 2 * 4 and sum(r[5] for r in results) == 0
    entries = list(book["Entries"].iter_rows(values_only=True))[1:]
    assert {r[0]: r[1] for r in entries} == EIGHT
    report = tmp_path / f"{event}.pdf"
    run(db, "event", "report", event, "-o", str(report))
    assert report.read_bytes().startswith(b"%PDF")


def test_a_hubei_dagun_evening(tmp_path: Path) -> None:
    db = tmp_path / "store"
    total, firsts, _ = evening(tmp_path, db, "HB", "hubei-dagun", DAGUN)
    # every table's match: E S W N of the seating; round 1's first is W (+4), round 2's N (+3), round 3's S (+7)
    assert sum(total.values()) == 0
    check_outputs(tmp_path, db, "HB", total, firsts)


def test_a_jinhua_mahjong_evening(tmp_path: Path) -> None:
    db = tmp_path / "store"
    total, firsts, _ = evening(tmp_path, db, "JH", "jinhua-mahjong", MAHJONG)
    assert sum(total.values()) == 0
    check_outputs(tmp_path, db, "JH", total, firsts)
