"""A round robin done properly, through the real command line: the Berger schedule with EW/NS balanced,
the bundled ``robin`` scoring (head-to-head, then Sonneborn-Berger; no Buchholz) by default, the N×N cross
table in the terminal, the report PDF (read back) and the workbook.

Four pairs P1..P4 in entry order; the club's match points 2:0 = 3, 2:1 = 2, 1:2 = 1, 0:2 = 0. Berger tables
for 4 (EW first): round 1 P1-P4, P2-P3; round 2 P1-P2, P4-P3; round 3 P3-P1, P2-P4.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from eventplay import Cli, play

EVENT = "RR4"


def pdf_text(path: Path) -> str:
    import pypdf

    return "".join("".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages)


def test_round_robin_of_four_with_sonneborn_berger_and_head_to_head(cli: Cli, tmp_path: Path) -> None:
    cli.ok("event", "new", EVENT, "--name", "Winter robin", "--format", "round-robin")
    for code in ("P1", "P2", "P3", "P4"):
        cli.ok("event", "add", EVENT, code, f"{code}a", f"{code}b")

    def tables(js: dict[str, object]) -> list[tuple[str, str]]:
        return [(t["ew"], t["ns"]) for t in js["tables"]]  # type: ignore[attr-defined]

    seats: dict[str, list[str]] = {}
    r1 = cli.json("event", "pair", EVENT)
    assert tables(r1) == [("P1", "P4"), ("P2", "P3")]
    t1, t2 = r1["tables"]
    play(cli, tmp_path, t1, "P1", 2, 1)  # P1 2, P4 1
    play(cli, tmp_path, t2, "P2", 2, 0)  # P2 3, P3 0
    cli.ok("event", "close", EVENT)
    r2 = cli.json("event", "pair", EVENT)
    assert tables(r2) == [("P1", "P2"), ("P4", "P3")]
    t1, t2 = r2["tables"]
    play(cli, tmp_path, t1, "P1", 2, 0)  # P1 3, P2 0
    play(cli, tmp_path, t2, "P4", 2, 1)  # P4 2, P3 1
    cli.ok("event", "close", EVENT)

    # After round 2: P1 2 + 3 = 5; P2 3 + 0 = 3; P4 1 + 2 = 3; P3 0 + 1 = 1. P2 and P4 are level on 3 and have
    # not met: head-to-head does not apply. Sonneborn-Berger (match points in the match × the opponent's total):
    # P4 = 1 × P1's 5 + 2 × P3's 1 = 7; P2 = 3 × P3's 1 + 0 × P1's 5 = 3: P4 ahead.
    # P1 = 2 × P4's 3 + 3 × P2's 3 = 15; P3 = 0 × P2's 3 + 1 × P4's 3 = 3.
    st = cli.json("event", "standings", EVENT, "--after-round", 2)
    assert [(r["pair"], r["match_points"]) for r in st["standings"]] == [("P1", 5), ("P4", 3), ("P2", 3), ("P3", 1)]
    assert {r["pair"]: r["tiebreaks"]["sonneborn_berger"] for r in st["standings"]} == {
        "P1": 15, "P4": 7, "P2": 3, "P3": 3}
    assert "buchholz" not in st["standings"][0]["tiebreaks"]
    assert list(st["standings"][0]["tiebreaks"]) == ["head_to_head", "sonneborn_berger", "games_difference",
                                                     "level_difference", "ledger", "lot"]
    why = cli.ok("event", "standings", EVENT, "--after-round", 2, "--explain", "P4", "P2").out
    assert "head-to-head does not apply" in why
    assert "P4 is ahead of P2 on Sonneborn-Berger (7 > 3): that decides it" in why

    r3 = cli.json("event", "pair", EVENT)
    assert tables(r3) == [("P3", "P1"), ("P2", "P4")]
    t1, t2 = r3["tables"]
    play(cli, tmp_path, t1, "P3", 2, 1)  # P3 2, P1 1
    play(cli, tmp_path, t2, "P2", 2, 0)  # P2 3, P4 0
    cli.ok("event", "close", EVENT)
    for js in (r1, r2, r3):
        for ew, ns in tables(js):
            seats.setdefault(ew, []).append("EW")
            seats.setdefault(ns, []).append("NS")
    # Seats balanced: every pair sits EW once or twice in three rounds, never three times.
    assert {p: s.count("EW") for p, s in seats.items()} == {"P1": 2, "P2": 2, "P3": 1, "P4": 1}

    # Final: P1 5 + 1 = 6, P2 3 + 3 = 6, P4 3 + 0 = 3, P3 1 + 2 = 3. P1 and P2 met: P1 won 2:0, head-to-head
    # 3 : 0. P4 and P3 met: P4 won 2:1, head-to-head 2 : 1. Sonneborn-Berger: P1 = 2×3 + 3×6 + 1×3 = 27;
    # P2 = 3×3 + 0×6 + 3×3 = 18; P4 = 1×6 + 2×3 + 0×6 = 12; P3 = 0×6 + 1×3 + 2×6 = 15.
    st = cli.json("event", "standings", EVENT)
    assert st["final"] is True
    assert [(r["pair"], r["match_points"], r["tiebreaks"]["head_to_head"], r["tiebreaks"]["sonneborn_berger"])
            for r in st["standings"]] == [("P1", 6, 3, 27), ("P2", 6, 0, 18), ("P4", 3, 2, 12), ("P3", 3, 1, 15)]

    # The N×N cross table, rows and columns in rank order (1 P1, 2 P2, 3 P4, 4 P3), games from the row's side.
    out = cli.ok("event", "standings", EVENT, "--cross").out.splitlines()
    grid = [line.split() for line in out[1:6]]
    assert grid[0] == ["Rank", "No.", "Pair", "1", "2", "3", "4", "Match", "points"]
    assert grid[1] == ["1", "1", "P1", "×", "2:0", "2:1", "1:2", "6"]
    assert grid[2] == ["2", "2", "P2", "0:2", "×", "2:0", "2:0", "6"]
    assert grid[3] == ["3", "3", "P4", "1:2", "0:2", "×", "2:1", "3"]
    assert grid[4] == ["4", "4", "P3", "2:1", "0:2", "1:2", "×", "3"]
    both = cli("event", "standings", EVENT, "--cross", "--json")  # refused: never the standings JSON instead
    assert (both.code, both.out) == (2, "")
    assert "error: --json and --cross go apart: the JSON's rounds give every table's games" in both.err

    pdf = tmp_path / "rr.pdf"
    cli.ok("event", "report", EVENT, "-o", pdf, "--lang", "en")
    text = pdf_text(pdf)
    assert "Crosstable:everypairagainsteveryother" in text and "Sonneborn-Berger" in text

    book = tmp_path / "rr.xlsx"
    cli.ok("event", "export", EVENT, "--xlsx", book, "--lang", "en")
    sheet = [tuple(r) for r in openpyxl.load_workbook(book)["Standings"].iter_rows(values_only=True)]
    col = sheet[0].index("Sonneborn-Berger")
    assert [(r[1], r[col]) for r in sheet[1:]] == [("P1", 27), ("P2", 18), ("P4", 12), ("P3", 15)]


def test_a_scoring_file_may_order_the_round_robin_tiebreaks(cli: Cli, tmp_path: Path) -> None:
    own = tmp_path / "sb-first.toml"
    own.write_text('base = "robin"\nname = "sb-first"\n[tiebreaks]\norder = ["match_points", "sonneborn_berger", '
                   '"head_to_head", "lot"]\n', encoding="utf-8")
    cli.ok("event", "new", "RRX", "--name", "x", "--format", "round-robin", "--scoring", own)
    cli.ok("event", "add", "RRX", "A", "a1", "a2")
    cli.ok("event", "add", "RRX", "B", "b1", "b2")
    st = cli.json("event", "standings", "RRX")
    assert list(st["standings"][0]["tiebreaks"]) == ["sonneborn_berger", "head_to_head", "lot"]
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "robin"\nname = "b"\n[tiebreaks]\norder = ["match_points", "sonneborn"]\n',
                   encoding="utf-8")
    run = cli("event", "new", "RRY", "--name", "y", "--format", "round-robin", "--scoring", bad)
    assert run.code == 2 and f"{bad}: key 'tiebreaks.order' has a value that cannot be used" in run.err

