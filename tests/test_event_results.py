"""Results without hand records, through the real command line: ``event result`` (a score, a forfeit, a
no-show, an adjusted score, taken back with ``--clear``), each an entry of the event's log with its reason,
shown as such in the standings (text and JSON), the status, the report PDF and the workbook (read back);
``event close --force`` showing what it would store before storing it.

Every number is worked out by hand in the comments: the club scoring (2:0 = 3, 2:1 = 2, 1:2 = 1, 0:2 = 0)
and dalian-club's games_to_win = 2 (a forfeit or a no-show is 2:0 for the other side).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from eventplay import Cli, play, snapshot

EVENT = "CUP"


def refused(cli: Cli, *args: object, code: int = 1) -> str:
    before = snapshot(cli.db)
    run = cli(*args)
    assert run.code == code, run.text
    assert run.err.startswith("error: "), run.text
    assert snapshot(cli.db) == before, f"{args} changed the store"
    return run.err.strip()


def pdf_text(path: Path) -> str:
    import pypdf

    return "".join("".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages)


def test_results_without_hand_records_through_an_evening(cli: Cli, tmp_path: Path) -> None:
    cli.ok("event", "new", EVENT, "--name", "Autumn Cup", "--rounds", 2)
    for code, p1, p2 in (("F1", "张三", "李四"), ("F2", "王五", "赵六"), ("F3", "Ann", "Bob"), ("F4", "Cat", "Dan")):
        cli.ok("event", "add", EVENT, code, p1, p2, "--club", "海之韵" if code in ("F1", "F2") else "星海")
    js = cli.json("event", "pair", EVENT)  # log #6
    t1, t2 = js["tables"]
    assert [(t["ew"], t["ns"]) for t in js["tables"]] == [("F1", "F2"), ("F4", "F3")]
    play(cli, tmp_path, t1, "F1", 2, 0)

    # Every refusal names what is wrong, and stores nothing.
    assert refused(cli, "event", "result", EVENT, "2", "--no-show", "NS", code=2) == (
        "error: --reason: say why the result is entered by hand (it is kept in the event's log)")
    assert refused(cli, "event", "result", EVENT, "3", "EW", "2:0", "--reason", "x", code=2) == (
        "error: TABLE 3: round 1 of event CUP has tables 1 to 2")
    assert refused(cli, "event", "result", EVENT, "2", "--forfeit", "F1", "--reason", "x", code=2) == (
        "error: --forfeit F1: not a side of table 2 (EW = F4, NS = F3)")
    assert refused(cli, "event", "result", EVENT, "2", "EW", "3:0", "--reason", "x", code=2) == (
        "error: SCORE 3:0: the event's scoring club has no match points for it (its results: 0:1, 0:2, 1:0, 1:2, "
        "2:0, 2:1)")
    assert refused(cli, "event", "result", EVENT, "2", "EW", "2-1", "--reason", "x", code=2) == (
        "error: SCORE 2-1: not two whole numbers A:B (e.g. 2:1)")
    assert refused(cli, "event", "result", EVENT, "2", "EW", "2:1", "--forfeit", "NS", "--reason", "x", code=2) == (
        "error: give one result: SIDE A:B (e.g. EW 2:1), --forfeit SIDE, --no-show SIDE or --adjusted EW:NS")
    assert "第 1 轮只有第 1 至 2 桌" in cli("event", "result", EVENT, "3", "EW", "2:0", "--reason", "x",
                                          "--lang", "zh").err

    # T2: F3 (NS) did not come: F4 wins 2:0 (games_to_win of dalian-club), log entry #7.
    out = cli.ok("event", "result", EVENT, "2", "--no-show", "NS", "--reason", "F3 did not come").out
    assert "warning" not in out  # T2 has no record: nothing stands under the director's result
    assert out.strip() == "CUP-R1-T2: no-show by NS (director), 2:0 (EW:NS), reason: F3 did not come; event log #7"
    status = cli.json("event", "status", EVENT)
    assert status["tables"][1]["state"] == "result"
    assert status["tables"][1]["result"] == {"kind": "no_show", "side": "NS", "ew": 2, "ns": 0,
                                             "reason": "F3 did not come", "seq": 7}
    assert status["tables"][1]["winner"] == "F4" and status["tables"][1]["games"] == {"EW": 2, "NS": 0}
    # The table counts as decided: the round closes without --force (log #8).
    assert "round 1 of CUP closed" in cli.ok("event", "close", EVENT).out

    st = cli.json("event", "standings", EVENT)
    # F1 2:0 → 3, F4 2:0 (no-show) → 3, F2 0, F3 0; F1 and F4 level on 3 and games +2: head-to-head does not
    # apply (they never met), Buchholz F1 = F2's 0, F4 = F3's 0; level difference F1 +2 (two short games, ±1
    # each), F4 0 (no game played): F1 first. F2 and F3: games -2 both; level difference F2 -2, F3 0: F3 ahead.
    assert [(r["pair"], r["match_points"]) for r in st["standings"]] == [("F1", 3), ("F4", 3), ("F3", 0), ("F2", 0)]
    f4 = next(r for r in st["standings"] if r["pair"] == "F4")
    assert (f4["played"], f4["won"], f4["games_won"], f4["games_lost"], f4["club"], f4["withdrawn"]) == (
        1, 1, 2, 0, "星海", None)
    text = cli.ok("event", "standings", EVENT, "--wide").out
    assert "CUP-R1-T2: no-show by NS (director), reason: F3 did not come (event log #7)" in text

    # A correction after close: the score slip of T1 says F2 (NS) won 2:1 (log #9); it replaces the record's 2:0.
    out = cli.ok("event", "result", EVENT, "1", "--round", "1", "F2", "2:1", "--reason", "score slip").out
    assert "CUP-R1-T1: result entered by the director, 1:2 (EW:NS), reason: score slip; event log #9" in out
    assert "round 1 was closed: this is a correction after its close" in out
    # T1 was played to its end (F1, EW, 2:0): the director is told the result stands over a finished record.
    assert ("warning: match CUP-R1-T1's record is finished (2:0 in games, EW:NS); the director's result stands over "
            "it in the standings (--clear takes it back)") in out
    st = cli.json("event", "standings", EVENT)
    # F4 3, F2 2 (2:1), F1 1 (1:2), F3 0.
    assert [(r["pair"], r["match_points"]) for r in st["standings"]] == [("F4", 3), ("F2", 2), ("F1", 1), ("F3", 0)]
    assert st["rounds"][0]["status"] == "corrected_after_close"
    assert "Round 1 corrected after close: CUP-R1-T1, the director's result at event log #9, reason: score slip" \
        in cli.ok("event", "standings", EVENT).out

    # Round 2 by the corrected standings: F4 (3) v F2 (2), F1 (1) v F3 (0) — no rematch, nearest points.
    js = cli.json("event", "pair", EVENT)  # log #10
    r2 = {frozenset((t["ew"], t["ns"])): t for t in js["tables"]}
    assert set(r2) == {frozenset(("F4", "F2")), frozenset(("F1", "F3"))}
    top, low = r2[frozenset(("F4", "F2"))], r2[frozenset(("F1", "F3"))]
    # Neither started: a forced close cannot decide a match level at 0:0; it shows that first and stores nothing.
    before = snapshot(cli.db)
    run = cli("event", "close", EVENT, "--force", "--reason", "time")
    assert run.code == 1
    assert f"table {top['table']} {top['match']} (not started, games 0:0): level, cannot be decided" in run.out
    assert "--force cannot decide" in run.err and snapshot(cli.db) == before

    # T(F4 v F2): F4 gave up (forfeit): F2 wins 2:0. T(F1 v F3): an adjusted score, 1 match point each.
    cli.ok("event", "result", EVENT, top["table"], "--forfeit", "F4", "--reason", "F4 left early")
    cli.ok("event", "result", EVENT, low["table"], "--adjusted", "1:1", "--reason", "table collapsed")
    # Taken back and entered again: the log keeps both.
    cli.ok("event", "result", EVENT, low["table"], "--clear", "--reason", "wrong table")
    assert cli.json("event", "status", EVENT)["tables"][low["table"] - 1]["state"] == "not_started"
    cli.ok("event", "result", EVENT, low["table"], "--adjusted", "1:1", "--reason", "table collapsed")
    cli.ok("event", "close", EVENT)

    st = cli.json("event", "standings", EVENT)
    # F2: 2 + 3 = 5 (won 2, games 2+2 : 1+0); F4: 3 + 0 = 3 (games 2+0 : 0+2); F1: 1 + 1 = 2 (games 1:2, the
    # adjusted result counts no games, neither won nor lost); F3: 0 + 1 = 1.
    got = [(r["pair"], r["match_points"], r["played"], r["won"], r["lost"], r["games_won"], r["games_lost"])
           for r in st["standings"]]
    assert got == [("F2", 5, 2, 2, 0, 4, 1), ("F4", 3, 2, 1, 1, 2, 2), ("F1", 2, 2, 0, 1, 1, 2),
                   ("F3", 1, 2, 0, 1, 0, 2)]
    assert st["final"] is True

    # The workbook: the results with numbers as numbers and the director's results marked with their reasons.
    book_path = tmp_path / "cup.xlsx"
    cli.ok("event", "export", EVENT, "--xlsx", book_path, "--lang", "en")
    book = openpyxl.load_workbook(book_path)
    assert book.sheetnames == ["Standings", "Entries", "Results", "Cross table", "Event"]
    about = [tuple(r) for r in book["Event"].iter_rows(values_only=True)]
    assert about[:3] == [("Item", "Value"), ("Event", "CUP"), ("Name", "Autumn Cup")]
    assert ("Scoring", "club") in about and ("Rounds", 2) in about
    assert ("Round 1", "closed, corrected after its close") in about and ("Round 2", "closed") in about
    assert ("Note", "CUP-R1-T2: no-show by NS (director), reason: F3 did not come (event log #7)") in about
    assert ("Note", "Round 1 corrected after close: CUP-R1-T1, the director's result at event log #9, reason: "
                    "score slip") in about
    res = [tuple(r) for r in book["Results"].iter_rows(values_only=True)]
    assert res[0][5:] == ("EW games", "NS games", "EW match points", "NS match points", "Winner", "Status",
                          "Reason")
    assert res[1] == (1, 1, "CUP-R1-T1", "F1", "F2", 1, 2, 1, 2, "F2", "result entered by the director",
                      "score slip")
    assert res[2] == (1, 2, "CUP-R1-T2", "F4", "F3", 2, 0, 3, 0, "F4", "no-show by NS (director)", "F3 did not come")
    forfeit = next(r for r in res if r[2] == top["match"])
    f4_side = "EW" if top["ew"] == "F4" else "NS"
    f2_games = (0, 2) if f4_side == "EW" else (2, 0)
    assert forfeit[5:7] == f2_games and forfeit[9:] == ("F2", f"forfeit by {f4_side} (director)", "F4 left early")
    adjusted = next(r for r in res if r[2] == low["match"])
    assert adjusted[5:] == (0, 0, 1, 1, None, "adjusted score 1:1 match points (director)", "table collapsed")
    cross = [tuple(r) for r in book["Cross table"].iter_rows(values_only=True)]
    assert cross[1][:2] == (1, "F2") and cross[1][2] == "F1 NS 2:1*"  # F2 sat NS in round 1, 2:1 by the director

    # The report PDF says the same.
    pdf = tmp_path / "cup.pdf"
    cli.ok("event", "report", EVENT, "-o", pdf, "--lang", "en")
    text = pdf_text(pdf)
    for words in ("no-show by NS (director)", "F3 did not come", "forfeit by", "F4 left early",
                  "adjusted score 1:1 match points (director)", "Round 1 corrected after close"):
        assert "".join(words.split()) in text, words


def test_the_published_pages_stand_alone(cli: Cli, tmp_path: Path) -> None:
    """``event publish DIR``: index (standings, cross table, notes), a page per round, a card per pair; every
    link points at a page of the folder, and nothing is loaded from elsewhere."""
    from html.parser import HTMLParser

    cli.ok("event", "new", EVENT, "--name", "Autumn <Cup>", "--rounds", 1, "--venue", "Dalian & Co")
    for code in ("F1", "F2", "F3"):
        cli.ok("event", "add", EVENT, code, f"{code}a", f"{code}b")
    js = cli.json("event", "pair", EVENT)
    # Three pairs, entry order: T1 F1 (EW) v F2 (NS), F3 the bye (the lowest-ranked).
    assert ([(t["ew"], t["ns"]) for t in js["tables"]], js["bye"]) == ([("F1", "F2")], "F3")
    cli.ok("event", "result", EVENT, 1, "--forfeit", "F2", "--reason", "F2 <left>")
    cli.ok("event", "close", EVENT)
    site = tmp_path / "site"
    out = cli.ok("event", "publish", EVENT, site, "--lang", "en").out
    assert out.strip() == f"wrote 5 pages to {site} (open {site}/index.html)"
    assert sorted(p.name for p in site.iterdir()) == ["index.html", "pair-F1.html", "pair-F2.html", "pair-F3.html",
                                                      "round-1.html"]

    class Links(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[str] = []
            self.links: list[str] = []
            self.cells: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append(tag)
            self.links += [v or "" for k, v in attrs if k in ("href", "src")]

        def handle_data(self, data: str) -> None:
            if data.strip() and self.tags[-1] != "style":  # the one inline style sheet is not text
                self.cells.append(data.strip())

    pages = {}
    for page in site.iterdir():
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        pages[page.name] = parser
        assert not {"script", "link", "img", "iframe"} & set(parser.tags), page.name
        assert all((site / link).is_file() for link in parser.links), (page.name, parser.links)
    index = pages["index.html"].cells
    # F1 2:0 by F2's forfeit → 3; F3's bye → 2; F2 0. The event's name and the reason escaped, shown as text.
    assert index[:2] == ["CUP (Autumn <Cup>): Final standings", "Autumn <Cup> · Dalian & Co"]
    standings = index[index.index("Rank"):]
    assert standings[standings.index("F1") - 1:standings.index("F1") + 1] == ["1", "F1"]
    assert "CUP-R1-T1: forfeit by NS (director), reason: F2 <left> (event log #6)" in index
    assert "forfeit by NS (director)" in pages["round-1.html"].cells
    card = pages["pair-F2.html"].cells
    assert "F1 NS 0:2*" in card  # F2 sat NS against F1, 0:2 by the director's result
    assert "bye" in pages["pair-F3.html"].cells


def test_an_event_without_entries_publishes_its_empty_pages(tmp_path: Path) -> None:
    """``event publish`` before the first entry: the standings page with its headings and no row (a traceback
    before: the empty pair column was left out and then looked for)."""
    from eventplay import Cli

    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "EMPTY", "--name", "Empty Cup", "--rounds", 3)
    out = tmp_path / "site"
    cli.ok("event", "publish", "EMPTY", str(out))
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Empty Cup" in index and "<tbody></tbody>" in index.replace("\n", "")
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]
