"""The director's commands of a pair event on an event of individual players, through the real command line (a
``python -m referee.cli`` process): ``remove`` and ``edit`` a player, ``unpair`` a round and seat it again, enter a
table's ``result`` by hand (a score per seat) and take it back, ``prizes`` and ``publish`` — for a Dou Dizhu event
(tables of 3) and a Jinhua mahjong event (tables of 4). The standings' and prizes' numbers are worked out from the
rules docs below; the seating is the program's (read from ``event pair --json``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers import referee_process

# One Dou Dizhu match of two deals (docs/doudizhu-rules.md §6: unit = base × multiplier; the landlord out first:
# each farmer pays 1 × unit and the landlord takes 2 × unit; a farmer out first: the landlord pays 2 × unit and
# each farmer takes 1 × unit; §5.1 a bomb ×2).
# d1: seat 1 bids 3 (the top bid ends the bidding) and goes out: unit 3 → seat 1 +6, seats 2 and 3 −3.
# d2: seat 2 bids 1, seat 3 bids 2, seat 1 passes: seat 3 the landlord at base 2; seat 1 bombs (×2): unit 4; seat 1
#     (a farmer) out first: seat 3 −8, seats 1 and 2 +4.   Match: seat 1 +10, seat 2 +1, seat 3 −11.
DOUDIZHU = ("deal\nbid 1 3\nkitty 3H 4H 6D\nout 1\n"
            "deal\nbid 2 1\nbid 3 2\nbid 1 pass\nkitty 3H 4H 6D\nbomb 1 7777\nout 1\n")
DOUDIZHU_SEATS = (10, 1, -11)

# Jinhua mahjong under the default rule set (X = 1), docs/jinhua-mahjong-rules.md. §5.1: 放铳, the discarder pays
# 2·X·F and each of the other two X·F; §5.2: 自摸, each of the three pays 2·X·F; §6: F the patterns' factors.
# d1: W wins on S's discard, 七对子 ×2 (§6.5): F 2; S pays 4, E and N 2 each: E −2, S −4, W +8, N −2.
# d2: N self-draws, 清一色 with 财神 ×2 (§6.9): each pays 2·2 = 4: E S W −4, N +12.
#     Match: E −6, S −8, W +4, N +10.
MAHJONG = "deal E\ncaishen 3m\nwin W S\npatterns 七对子\ndeal\ncaishen E\nwin N self\npatterns 清一色\n"
MAHJONG_SEATS = (-6, -8, 4, 10)


class Cli:
    """The command line as a process on the store at *db*, in English."""

    def __init__(self, db: Path) -> None:
        self.env = {"REFEREE_DB": str(db), "REFEREE_NAME": "裁判长", "COLUMNS": "200"}

    def __call__(self, *args: object) -> tuple[int, str, str]:
        proc = referee_process(*args, lang="en", env=self.env)
        return proc.returncode, proc.stdout, proc.stderr

    def ok(self, *args: object) -> str:
        code, out, err = self(*args)
        assert code == 0, f"{args}: exit {code}\n{out}{err}"
        return out

    def json(self, *args: object) -> Any:
        return json.loads(self.ok(*args, "--json"))

    def error(self, code: int, *args: object) -> str:
        got, _, err = self(*args)
        assert got == code, (args, got, err)
        return err.strip()


def _entries(cli: Cli, event: str, game: str, players: int) -> None:
    """An event of *players* entered players, one more entered and removed, one's name and club corrected."""
    cli.ok("event", "new", event, "--game", game, "--name", "Evening", "--rounds", "1", "--seed", "7")
    for i in range(1, players + 2):
        cli.ok("event", "add", event, f"P{i}", f"Player {i}")
    extra = f"P{players + 1}"
    assert cli.ok("event", "remove", event, extra, "--reason", "did not come").strip() == \
        f"player {extra} removed from {event} (did not come): {players} players entered"
    assert cli.ok("event", "edit", event, "P2", "--name", "Player Two", "--club", "Harbin").strip() == \
        f"player P2 of {event}: Player 2 → Player Two (Harbin)"
    entered = ", ".join(f"P{i}" for i in range(1, players + 1))
    assert cli.error(2, "event", "edit", event, "P9", "--club", "x") == \
        f"error: player P9 is not an entry of event {event} (entries: {entered})"


def _seat_then_unpair(cli: Cli, event: str) -> list[list[str]]:
    """Round 1 seated, taken back while no match holds an entry, seated again the same way (the same state)."""
    first = cli.json("event", "pair", event)
    assert cli.ok("event", "unpair", event, "--reason", "wrong list").strip() == \
        f"round 1 of {event} unpaired (wrong list): pair it again with referee event pair {event}"
    assert cli.ok("event", "status", event).strip() == \
        f"event {event}: no round seated yet (referee event pair {event})"
    again = cli.json("event", "pair", event)
    assert again == first
    seated = [t["players"] for t in again["tables"]]
    gone = seated[0][0]
    assert cli.error(1, "event", "edit", event, gone, "--name", "Someone") == \
        f"error: player {gone} was seated in round 1: its name is in that round's match record and cannot change " \
        "(the club can)"
    assert cli.error(1, "event", "remove", event, gone, "--reason", "x") == \
        f"error: player {gone} was seated in round 1: it cannot be removed; withdraw it instead (referee event " \
        f"withdraw {event} {gone} --reason TEXT)"
    return seated


def _record(cli: Cli, tmp_path: Path, match: str, text: str) -> None:
    record = tmp_path / f"{match}.txt"
    record.write_text(text, encoding="utf-8")
    cli.ok("record", match, "--file", str(record))


def _standings(cli: Cli, event: str) -> dict[str, tuple[int, int, int]]:
    got = cli.json("event", "standings", event)
    return {r["player"]: (r["rank"], r["score"], r["firsts"]) for r in got["standings"]}


def test_a_dou_dizhu_event_run_by_the_director(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    _entries(cli, "DZ", "doudizhu", 6)
    (a1, a2, a3), (b1, b2, b3) = _seat_then_unpair(cli, "DZ")

    _record(cli, tmp_path, "DZ-R1-T1", DOUDIZHU)
    assert cli.error(1, "event", "unpair", "DZ", "--reason", "late") == \
        "error: round 1 cannot be unpaired: DZ-R1-T1 already hold entries (or a result); nothing changed"
    # table 2's slip, entered by hand: seat 1 +4, seat 2 −1, seat 3 −3
    assert cli.error(2, "event", "result", "DZ", "2", "EW", "2:1", "--reason", "slip") == \
        "error: event DZ is of individual players: a table's result is --adjusted A:B:C, a score for each player " \
        "in seat order"
    assert cli.error(2, "event", "result", "DZ", "2", "--adjusted", "4:-4", "--reason", "slip") == \
        "error: --adjusted 4:-4: table 2 seats 3 players: give a score for each, in seat order"
    zh = referee_process("event", "result", "DZ", "2", "--adjusted", "4:-4", "--reason", "slip", lang="zh",
                         env=cli.env)
    assert zh.returncode == 2
    assert zh.stderr.strip() == "错误：--adjusted 4:-4：第 2 桌有 3 名选手：请按座位顺序各给一个分数"
    assert cli.error(2, "event", "result", "DZ", "2", "--adjusted", "4:x:1", "--reason", "slip") == \
        "error: --adjusted 4:x:1: not whole numbers A:B:C, a score for each player in seat order"
    out = cli.ok("event", "result", "DZ", "2", "--adjusted", "4:-1:-3", "--reason", "score slip")
    assert out.splitlines()[0] == \
        f"DZ-R1-T2: scores entered by the director: {b1} +4, {b2} -1, {b3} -3, reason: score slip; event log #14"
    closed = cli.ok("event", "close", "DZ")
    assert closed.splitlines()[0] == "round 1 of DZ closed: its results are final"

    # score, then first places (a1 and b1 each placed first at their table), then the lot
    assert _standings(cli, "DZ") == {a1: (1, 10, 1), b1: (2, 4, 1), a2: (3, 1, 0), b2: (4, -1, 0),
                                     b3: (5, -3, 0), a3: (6, -11, 0)}
    score = {a1: 10, a2: 1, a3: -11, b1: 4, b2: -1, b3: -3}
    # the club scoring's awards: overall:3, club:2 (Harbin: P2 alone), newcomer:1 (no player enters as one)
    assert cli.ok("event", "prizes", "DZ").splitlines() == [
        "Prizes of DZ (Evening): final standings",
        f"  Place 1: {a1} {'Player Two' if a1 == 'P2' else 'Player ' + a1[1:]}, score +10",
        f"  Place 2: {b1} {'Player Two' if b1 == 'P2' else 'Player ' + b1[1:]}, score +4",
        f"  Place 3: {a2} {'Player Two' if a2 == 'P2' else 'Player ' + a2[1:]}, score +1",
        f"  Best club: Harbin, score {score['P2']:+d} (P2)",
    ]
    prizes = cli.json("event", "prizes", "DZ")
    assert [(p["award"], p["place"], p["winner"], p["score"]) for p in prizes["prizes"]] == \
        [("overall", 1, a1, 10), ("overall", 2, b1, 4), ("overall", 3, a2, 1), ("club", 1, "Harbin", score["P2"])]

    site = tmp_path / "site"
    assert cli.ok("event", "publish", "DZ", str(site)).strip() == \
        f"wrote 8 pages to {site} (open {site}/index.html)"
    assert sorted(p.name for p in site.iterdir()) == \
        ["index.html", *(f"player-P{i}.html" for i in range(1, 7)), "round-1.html"]
    card = (site / f"player-{a3}.html").read_text(encoding="utf-8")
    assert "Rank: <b>6</b> · Score: <b>-11</b>" in card

    # the director's result taken back (a correction after the close): table 2's empty record counts again
    assert cli.ok("event", "result", "DZ", "2", "--clear", "--reason", "wrong table").strip() == \
        "table 2 of DZ: the director's result taken back (wrong table); the match's record counts again"
    after = _standings(cli, "DZ")
    assert [after[p][1:] for p in (a1, a2, a3, b1, b2, b3)] == [(10, 1), (1, 0), (-11, 0), (0, 0), (0, 0), (0, 0)]


def test_a_jinhua_mahjong_event_run_by_the_director(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "store")
    _entries(cli, "JH", "jinhua-mahjong", 8)
    cli.ok("event", "edit", "JH", "P5", "--club", "Harbin")
    (e1, s1, w1, n1), (e2, s2, w2, n2) = _seat_then_unpair(cli, "JH")

    _record(cli, tmp_path, "JH-R1-T1", MAHJONG)
    assert cli.error(2, "event", "result", "JH", "2", "--adjusted", "3:1:-4", "--reason", "slip") == \
        "error: --adjusted 3:1:-4: table 2 seats 4 players: give a score for each, in seat order"
    # table 2 by hand: E +3, S +1, W −2, N −2 (W and N share the last place)
    result = cli.json("event", "result", "JH", "2", "--adjusted", "3:1:-2:-2", "--reason", "slip")
    assert result["result"] == {"kind": "adjusted", "scores": {e2: 3, s2: 1, w2: -2, n2: -2}}
    assert result["after_close"] is False
    cli.ok("event", "close", "JH")

    score = {e1: -6, s1: -8, w1: 4, n1: 10, e2: 3, s2: 1, w2: -2, n2: -2}
    got = _standings(cli, "JH")
    assert {p: got[p][1:] for p in score} == {p: (s, int(p in (n1, e2))) for p, s in score.items()}
    assert [p for p, _ in sorted(got.items(), key=lambda kv: kv[1][0])][:3] == [n1, w1, e2]
    # Harbin: P2 and P5, its 2 best-ranked players, their scores summed
    harbin = score["P2"] + score["P5"]
    prizes = cli.json("event", "prizes", "JH")
    assert [(p["award"], p["place"], p["winner"], p["score"]) for p in prizes["prizes"]] == \
        [("overall", 1, n1, 10), ("overall", 2, w1, 4), ("overall", 3, e2, 3), ("club", 1, "Harbin", harbin)]
    best = sorted(("P2", "P5"), key=lambda p: got[p][0])
    assert prizes["prizes"][3]["players"] == best

    site = tmp_path / "site"
    assert cli.ok("event", "publish", "JH", str(site)).strip() == \
        f"wrote 10 pages to {site} (open {site}/index.html)"
    round_page = (site / "round-1.html").read_text(encoding="utf-8")
    assert "JH-R1-T2" in round_page and "slip" in (site / "index.html").read_text(encoding="utf-8")


def test_a_pairing_control_of_pairs_is_refused_at_an_event_of_players_naming_it(tmp_path: Path) -> None:
    """``event pair --explain``, ``--swap``, ``--set`` and ``--bye`` steer a pair event's pairing; at an event of
    players they were passed over without a word. Each is refused, named, and nothing is seated."""
    cli = Cli(tmp_path / "store")
    cli.ok("event", "new", "DZ", "--name", "n", "--game", "doudizhu", "--rounds", 2, "--seed", 1)
    for i in range(1, 7):
        cli.ok("event", "add", "DZ", f"P{i}", f"N{i}")
    tail = ("is for an event of pairs: an event of players is seated by the program, every player at a table of the "
            "game's size by score without meeting anyone twice where it can (referee event unpair DZ takes a round "
            "back to seat it again)")
    for option in (["--explain"], ["--swap", "P1", "P2", "--reason", "r"], ["--set", "P1-P2", "--reason", "r"],
                   ["--bye", "P1"]):
        assert cli.error(2, "event", "pair", "DZ", *option) == f"error: {option[0]} {tail}"
    assert cli.json("event", "status", "DZ")["round"] is None  # nothing seated
