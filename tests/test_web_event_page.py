"""The event's web page on the real server (``referee serve`` on loopback): a round robin's N×N cross table
and the director's results with their reasons (issue 18 items 9 and 11)."""

from __future__ import annotations

from pathlib import Path

from eventplay import Cli


def test_the_event_page_shows_the_cross_table_and_the_directors_results(tmp_path: Path) -> None:
    """A round robin of three settled by the director alone (no hand records), on the real web server."""
    import urllib.request

    from webserver import WebServer

    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "RR3", "--name", "Three", "--format", "round-robin")
    for code in ("P1", "P2", "P3"):
        cli.ok("event", "add", "RR3", code, f"{code}a", f"{code}b")
    # Berger for 3 (a virtual fourth gives the bye): round 1 P2-P3 (P1 bye), round 2 P1-P2 (P3 bye),
    # round 3 P3-P1 (P2 bye).
    assert [(t["ew"], t["ns"]) for t in cli.json("event", "pair", "RR3")["tables"]] == [("P2", "P3")]
    cli.ok("event", "result", "RR3", 1, "--forfeit", "P3", "--reason", "P3 left")  # P2 2:0 → 3, P3 0
    cli.ok("event", "close", "RR3")
    assert [(t["ew"], t["ns"]) for t in cli.json("event", "pair", "RR3")["tables"]] == [("P1", "P2")]
    cli.ok("event", "result", "RR3", 1, "P1", "2:1", "--reason", "score slip")  # P1 2, P2 1
    cli.ok("event", "close", "RR3")
    assert [(t["ew"], t["ns"]) for t in cli.json("event", "pair", "RR3")["tables"]] == [("P3", "P1")]
    cli.ok("event", "result", "RR3", 1, "P1", "2:0", "--reason", "score slip")  # P1 3, P3 0
    cli.ok("event", "close", "RR3")
    # P1 2 + 3 + bye 2 = 7; P2 3 + 1 + bye 2 = 6; P3 0 + 0 + bye 2 = 2.
    st = cli.json("event", "standings", "RR3")
    assert [(r["pair"], r["match_points"]) for r in st["standings"]] == [("P1", 7), ("P2", 6), ("P3", 2)]

    with WebServer(cli.db) as server, urllib.request.urlopen(f"{server.url}/events/RR3?lang=en") as page:
        html = page.read().decode("utf-8")
    assert 'id="cross"' in html
    cross = html[html.index('id="cross"'):]
    cross = cross[:cross.index("</table>")]
    # Row P1 (rank 1): ×, 2:1* against P2, 2:0* against P3 (the director's results marked *).
    assert "<td>P1</td><td class=\"num\">×</td><td class=\"num\">2:1*</td><td class=\"num\">2:0*</td>" in cross
    assert "RR3-R1-T1: forfeit by NS (director), reason: P3 left (event log #" in html
