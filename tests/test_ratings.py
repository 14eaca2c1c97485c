"""The club ladder (``referee.tournament.ratings``, ``referee ratings``, ``event pair --seed rating``).

openskill's Plackett-Luce updates are not worked by hand here; the tests assert what the ratings must do
whatever the arithmetic: a new player starts at openskill's default (mu 25, sigma 25/3, ordinal 0); a win
raises mu and a loss lowers it; the order of updates is by end time, then match id (swapping two matches'
times changes the ladder; the order the matches are given in does not); one who wins every match ranks
first; and the seeding of round 1 follows the players' mean ordinals, worked out below from those signs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from eventplay import Cli, match_text

from referee.games.doudizhu.summary import MatchSummary as DdzSummary
from referee.games.gunzi.summary import MatchSummary, Sides, TeamNames
from referee.tournament.ratings import DEFAULT, Ladder, Played, Rating, ladder, pair_seeds

T1, T2, T3 = "2026-12-01T19:00:00Z", "2026-12-01T20:00:00Z", "2026-12-01T21:00:00Z"


def gunzi(match_id: str, e: str, s: str, w: str, n: str, winner: str | None = "EW", *, finished: bool = True,
          forfeit: bool = False) -> MatchSummary:
    """A Gunzi match's summary: E and W sit EW, S and N sit NS; *winner* won it 2:0."""
    games = Sides(2, 0) if winner == "EW" else Sides(0, 2)
    return MatchSummary(match_id, "dalian-club", (e, s, w, n), TeamNames("EW", "NS"), finished,
                        winner if finished else None, games, (), Sides(0, 0), forfeit)  # type: ignore[arg-type]


def rating(lad: Ladder, name: str) -> Rating:
    found = lad.player(name)
    assert found is not None, name
    return found.rating


def test_a_new_player_starts_at_openskills_default_and_a_win_raises_mu() -> None:
    from openskill.models import PlackettLuce

    fresh = PlackettLuce().rating()
    assert (DEFAULT.mu, DEFAULT.sigma) == (fresh.mu, fresh.sigma) == (25.0, 25 / 3)
    assert DEFAULT.ordinal == 0.0  # 25 - 3 × 25/3
    lad = ladder([Played(gunzi("M1", "甲", "乙", "丙", "丁"), T1)])
    assert lad.rated == ("M1",)
    for name in ("甲", "乙", "丙", "丁"):
        (step,) = lad.player(name).history  # type: ignore[union-attr]
        assert step.before == DEFAULT and step.match_id == "M1" and step.of == 2
    # EW (甲 丙) won: their mu rises above 25, NS's (乙 丁) falls below; everyone's sigma shrinks (one match known)
    for name in ("甲", "丙"):
        assert rating(lad, name).mu > 25 and rating(lad, name).sigma < 25 / 3
        assert lad.player(name).history[0].place == 1  # type: ignore[union-attr]
    for name in ("乙", "丁"):
        assert rating(lad, name).mu < 25 and rating(lad, name).sigma < 25 / 3
    # the winners' ordinal is above 0 (mu up, sigma down), the losers' below (mu down by more than 3 × the sigma lost)
    assert rating(lad, "甲").ordinal > 0 > rating(lad, "乙").ordinal
    # partners of one side move alike (same start, same team); the partnerships are rated as entrants of their own
    assert rating(lad, "甲") == rating(lad, "丙") and rating(lad, "乙") == rating(lad, "丁")
    assert [(p.name, p.players) for p in lad.partnerships] == [("丙 & 甲", ("丙", "甲")), ("丁 & 乙", ("丁", "乙"))]
    assert lad.partnerships[0].rating.mu > 25 > lad.partnerships[1].rating.mu
    assert lad.partnerships[0].history[0].before == DEFAULT


def test_the_order_of_updates_is_by_end_time_then_match_id() -> None:
    # A (甲 丙) beats B (乙 丁), then B beats A. After the first match A is the favourite, so B's win is an upset
    # and moves the ratings further than the first (Plackett-Luce: the update grows with 1 - the winner's expected
    # chance): whoever won the LATER match ends on top.
    a_wins = gunzi("M1", "甲", "乙", "丙", "丁", "EW")
    b_wins = gunzi("M2", "甲", "乙", "丙", "丁", "NS")
    first = ladder([Played(a_wins, T1), Played(b_wins, T2)])
    assert first.rated == ("M1", "M2")
    assert rating(first, "乙").mu > rating(first, "甲").mu and first.players[0].name in ("乙", "丁")
    # the times swapped: A's win is the later one, and A ends on top
    swapped = ladder([Played(a_wins, T2), Played(b_wins, T1)])
    assert swapped.rated == ("M2", "M1")
    assert rating(swapped, "甲").mu > rating(swapped, "乙").mu and swapped.players[0].name in ("甲", "丙")
    # the order given does not matter: the same matches listed backwards give the same ladder
    assert ladder([Played(b_wins, T2), Played(a_wins, T1)]) == first
    # equal end times: by match id (M1 first), as when M1 ended first
    assert ladder([Played(b_wins, T1), Played(a_wins, T1)]) == ladder([Played(a_wins, T1), Played(b_wins, T1)])
    assert [p.name for p in ladder([Played(b_wins, T1), Played(a_wins, T1)]).players][:2] == \
           [p.name for p in first.players][:2]
    # a history is a chain: each match starts where the last one left the rating
    h = first.player("甲").history  # type: ignore[union-attr]
    assert [s.match_id for s in h] == ["M1", "M2"] and h[1].before == h[0].after and h[1].after == rating(first, "甲")


def test_who_wins_every_match_ranks_first() -> None:
    # 王 wins three matches, each with another partner against the other two; 甲, 乙 and 丙 each win one of three
    matches = [Played(gunzi("R1", "王", "乙", "甲", "丙", "EW"), T1),
               Played(gunzi("R2", "乙", "甲", "王", "丙", "EW"), T2),
               Played(gunzi("R3", "丙", "甲", "王", "乙", "EW"), T3)]
    lad = ladder(matches)
    assert lad.players[0].name == "王" and lad.players[0].won == 3 and lad.players[0].matches == 3
    assert all(p.won == 1 and p.matches == 3 for p in lad.players[1:])
    assert all(lad.players[0].rating.ordinal > p.rating.ordinal for p in lad.players[1:])
    assert len(lad.partnerships) == 6  # six different partnerships, one match each


def test_what_is_not_rated() -> None:
    lad = ladder([Played(gunzi("U1", "甲", "乙", "丙", "丁", finished=False), T1),
                  Played(gunzi("F1", "甲", "乙", "丙", "丁", forfeit=True), T1),
                  Played(gunzi("N1", "甲", "", "丙", "丁"), T2),
                  Played(gunzi("D1", "甲", "乙", "甲", "丁"), T3)])
    assert lad.rated == () and lad.players == () and lad.partnerships == ()
    # the unfinished match is not a finished match: not listed; the others are named with why
    assert [(x.match_id, x.reason.text("en")) for x in lad.left_out] == [
        ("F1", "a forfeit: no cards were played between the sides"), ("N1", "a player is not named"),
        ("D1", "a player sits in two seats")]


def test_an_individual_game_rates_one_player_teams_by_placement() -> None:
    # Dou Dizhu: three players placed by their totals (30 > 0 > -30): places 1, 2, 3; no partnerships
    s = DdzSummary("DDZ-1", True, False, "", 0, ("甲", "乙", "丙"), (30, 0, -30), (2, 1, 0), (0, 1, 2))
    lad = ladder([Played(s, T1)])
    assert [p.name for p in lad.players] == ["甲", "乙", "丙"] and lad.partnerships == ()
    assert [p.history[0].place for p in lad.players] == [1, 2, 3] and lad.players[0].history[0].of == 3
    assert rating(lad, "甲").mu > 25 > rating(lad, "丙").mu
    assert rating(lad, "甲").ordinal > rating(lad, "乙").ordinal > rating(lad, "丙").ordinal


def test_pair_seeds_are_the_mean_of_the_players_ordinals() -> None:
    lad = ladder([Played(gunzi("M1", "甲", "乙", "丙", "丁"), T1)])
    w, lo = rating(lad, "甲").ordinal, rating(lad, "乙").ordinal
    got = pair_seeds(lad, [("P1", ("甲", "丙")), ("P2", ("甲", "乙")), ("P3", ("甲", "新")), ("P4", ("新", "新二"))])
    assert got["P1"] == pytest.approx(w) and got["P2"] == pytest.approx((w + lo) / 2)
    assert got["P3"] == pytest.approx(w / 2)  # a new player counts as openskill's default ordinal, 0
    assert got["P4"] is None  # neither player rated


# --- the command line (in-process) on a store built with it -------------------------------------------------

def stored(cli: Cli, tmp: Path, match_id: str, e: str, s: str, w: str, n: str, winners: list[str]) -> None:
    """``referee new`` then ``referee record --file``: a match with *winners* game by game (2:0 finishes it)."""
    cli.ok("new", match_id, "--east", e, "--south", s, "--west", w, "--north", n)
    path = tmp / f"{match_id}.gunzi"
    path.write_text(match_text(match_id, winners), encoding="utf-8")
    cli.ok("record", match_id, "--file", path)


def test_ratings_json_text_player_history_and_errors(cli: Cli, tmp_path: Path) -> None:
    stored(cli, tmp_path, "M1", "甲", "乙", "丙", "丁", ["EW", "EW"])  # 甲 丙 beat 乙 丁 2:0
    stored(cli, tmp_path, "M2", "甲", "乙", "丙", "丁", ["NS", "NS"])  # then 乙 丁 beat 甲 丙: they end on top
    cli.ok("new", "M3", "--east", "甲", "--south", "乙", "--west", "丙", "--north", "丁")  # not finished: not rated
    js = cli.json("ratings")
    assert set(js) == {"event", "model", "matches", "players", "partnerships", "left_out", "unreadable"}
    assert (js["event"], js["model"], js["matches"], js["left_out"], js["unreadable"]) == \
           (None, "openskill PlackettLuce", 2, [], [])
    assert [p["rank"] for p in js["players"]] == [1, 2, 3, 4]
    assert {p["name"] for p in js["players"][:2]} == {"乙", "丁"}  # the later winners (see the order test)
    top = js["players"][0]
    assert set(top) == {"rank", "name", "rating", "mu", "sigma", "matches", "won"}
    # each of the three rounded to 2 decimals: mu - 3 sigma off by at most 0.005 + 3 × 0.005 = 0.02
    assert (top["matches"], top["won"]) == (2, 1)
    assert abs(top["rating"] - (top["mu"] - 3 * top["sigma"])) <= 0.0201
    assert [(p["name"], p["players"]) for p in js["partnerships"]] == [("丁 & 乙", ["丁", "乙"]),
                                                                         ("丙 & 甲", ["丙", "甲"])]
    # one player's history, match by match: each starts where the last left off and ends at the ladder's rating
    h = cli.json("ratings", "--player", "甲")
    assert (h["kind"], h["name"], h["matches"], h["won"]) == ("player", "甲", 2, 1)
    steps = h["history"]
    assert [(s["match"], s["place"], s["of"]) for s in steps] == [("M1", 1, 2), ("M2", 2, 2)]
    assert steps[0]["before"] == {"rating": 0.0, "mu": 25.0, "sigma": 8.33}  # openskill's default, 25/3 = 8.33
    assert steps[0]["after"]["mu"] > 25 and steps[1]["after"]["mu"] < steps[1]["before"]["mu"]
    assert steps[1]["before"] == steps[0]["after"] and steps[1]["after"]["rating"] == h["rating"]
    assert steps[0]["ended"] < steps[1]["ended"]
    text = cli.ok("ratings", "--player", "甲").out.splitlines()
    # 甲 and 丙 are equal (one team in both matches); equal ratings rank by name: 丙 (U+4E19) 3rd, 甲 (U+7532) 4th
    assert h["rank"] == 4
    assert text[0].startswith("甲: rating ") and text[0].endswith(", rank 4, 1 won of 2")
    assert text[2].split()[:5] == ["M1", steps[0]["ended"], "1/2", "0.00", f"{steps[0]['after']['rating']:.2f}"]
    # the partnership's history by its name
    assert cli.json("ratings", "--player", "丁 & 乙")["kind"] == "partnership"
    out = cli.ok("ratings").out.splitlines()
    assert out[0] == "Club ratings: 2 finished matches rated (openskill, Plackett-Luce; rating = mu - 3 sigma)"
    assert "Players" in out and "Partnerships" in out
    run = cli("ratings", "--player", "无名")
    assert (run.code, run.err.strip()) == (2, "error: --player 无名: no rated match of that player (rated: 丁, 乙, "
                                              "丙, 甲)")
    run = cli("ratings", "--event", "NOPE")
    assert run.code == 2 and "no event 'NOPE' in the store" in run.err


def test_an_empty_store_and_one_events_matches(cli: Cli, tmp_path: Path) -> None:
    assert cli.ok("ratings").out.splitlines()[-1] == "No finished match to rate yet."
    cli.ok("event", "new", "EV", "--name", "Ev", "--rounds", 1)
    cli.ok("event", "add", "EV", "A", "甲", "乙")
    cli.ok("event", "add", "EV", "B", "丙", "丁")
    table = cli.json("event", "pair", "EV")["tables"][0]
    path = tmp_path / "t1.gunzi"
    path.write_text(match_text(table["match"], ["EW", "EW"]), encoding="utf-8")
    cli.ok("record", table["match"], "--file", path)
    stored(cli, tmp_path, "OTHER", "戊", "己", "庚", "辛", ["EW", "EW"])  # a match of no event
    js = cli.json("ratings", "--event", "EV")
    # only the event's match: its four players; the EW pair (round 1, table 1: the higher-ranked, A) won
    assert (js["event"], js["matches"]) == ("EV", 1)
    assert {p["name"] for p in js["players"]} == {"甲", "乙", "丙", "丁"}
    assert {p["name"] for p in js["players"][:2]} == {"甲", "乙"}
    assert cli.json("ratings")["matches"] == 2


def test_event_pair_seed_rating_seeds_round_one_by_the_players_mean_ordinal(cli: Cli, tmp_path: Path) -> None:
    # The ladder: w1 w2 beat l1 l2, w3 w4 beat l3 l4 (two matches of four new players: every winner's ordinal is
    # the same W > 0, every loser's the same L < 0, as the first test shows).
    stored(cli, tmp_path, "L1", "w1", "l1", "w2", "l2", ["EW", "EW"])
    stored(cli, tmp_path, "L2", "w3", "l3", "w4", "l4", ["EW", "EW"])
    lad = cli.json("ratings")
    by = {p["name"]: p["rating"] for p in lad["players"]}
    w, lo = by["w1"], by["l1"]
    assert by["w3"] == w and by["l3"] == lo and w > 0 > lo
    # Seeds (a new player counts 0): P1 (l1 l2) L; P2 (n1 n2) none: last; P3 (w1 w2) W; P4 (w3 l3) (W+L)/2;
    # P5 (n3 w4) W/2; P6 (l4 n4) L/2. With W > 0 > L: P3 > P5 > P4 > P6 > P1, then P2:
    # W > W/2 > (W+L)/2 (as L < 0) > L/2 (as W > 0) > L (as L < 0).
    scoring = tmp_path / "halves.toml"
    scoring.write_text('base = "club"\nname = "halves"\n[pairing]\nround1 = "halves"\n', encoding="utf-8")
    cli.ok("event", "new", "SEED", "--name", "Seeded", "--rounds", 2, "--scoring", scoring)
    for code, a, b in (("P1", "l1", "l2"), ("P2", "n1", "n2"), ("P3", "w1", "w2"), ("P4", "w3", "l3"),
                       ("P5", "n3", "w4"), ("P6", "l4", "n4")):
        cli.ok("event", "add", "SEED", code, a, b)
    # halves (tournament/pairing.py): n/2 = 3, so ranks 0 v 3, 1 v 4, 2 v 5 of the order P3 P5 P4 P6 P1 P2:
    # P3-P6, P5-P1, P4-P2; seats: the higher-ranked pair EW at odd tables (T1 P3, T3 P4), NS at even (T2: P1 EW).
    js = cli.json("event", "pair", "SEED", "--seed", "rating", "--dry-run")
    assert [(t["ew"], t["ns"]) for t in js["tables"]] == [("P3", "P6"), ("P1", "P5"), ("P4", "P2")]
    # without it, entry order P1..P6: P1-P4, P2-P5 (T2 even: P5 EW), P3-P6
    js = cli.json("event", "pair", "SEED", "--dry-run")
    assert [(t["ew"], t["ns"]) for t in js["tables"]] == [("P1", "P4"), ("P5", "P2"), ("P3", "P6")]
    run = cli("event", "pair", "SEED", "--seed", "elo")
    assert (run.code, run.err.strip()) == (2, "error: --seed elo: the one seeding is `rating` (else round 1 is "
                                              "seeded as the event was created: entry order or its --seed's lot)")
    cli.ok("event", "pair", "SEED", "--seed", "rating")
    run = cli("event", "pair", "SEED", "--seed", "rating")
    assert (run.code, run.err.strip()) == (1, "error: --seed rating seeds round 1 only: event SEED has paired "
                                              "round 1")


def one_match_event(cli: Cli, tmp: Path, event: str, a: tuple[str, str], b: tuple[str, str], winner: str) -> None:
    """An event of two pairs, A and B, its round 1 paired (one table) and played 2:0 by *winner* ("A" or "B")."""
    cli.ok("event", "new", event, "--name", event, "--rounds", 1)
    cli.ok("event", "add", event, "A", *a)
    cli.ok("event", "add", event, "B", *b)
    table = cli.json("event", "pair", event)["tables"][0]
    side = "EW" if table["ew"] == winner else "NS"
    path = tmp / f"{event}.gunzi"
    path.write_text(match_text(table["match"], [side, side]), encoding="utf-8")
    cli.ok("record", table["match"], "--file", path)


def test_a_leagues_ladder_rates_its_events_matches_only(cli: Cli, tmp_path: Path) -> None:
    one_match_event(cli, tmp_path, "EV1", ("甲", "乙"), ("丙", "丁"), "A")  # 甲 乙 win
    one_match_event(cli, tmp_path, "EV2", ("辛", "壬"), ("癸", "子"), "B")  # 癸 子 win
    one_match_event(cli, tmp_path, "EV3", ("甲", "戊"), ("己", "庚"), "B")  # 甲 loses, in an event of no league
    stored(cli, tmp_path, "LOOSE", "甲", "乙", "丙", "丁", ["EW", "EW"])  # 甲 丙 win a match of no event
    cli.ok("league", "new", "L", "--title", "season")
    cli.ok("league", "add-event", "L", "EV1", "--club", "海之韵")
    cli.ok("league", "add-event", "L", "EV2", "--club", "星海")
    js = cli.json("ratings", "--league", "L")
    # EV1's and EV2's matches only: their eight players; 甲 played one of them and won it
    assert (js["event"], js["league"], js["matches"]) == (None, "L", 2)
    assert {p["name"] for p in js["players"]} == {"甲", "乙", "丙", "丁", "辛", "壬", "癸", "子"}
    jia = next(p for p in js["players"] if p["name"] == "甲")
    assert (jia["matches"], jia["won"]) == (1, 1)
    # the four winners (one match won each, from the default) above the four losers
    assert {p["name"] for p in js["players"][:4]} == {"甲", "乙", "癸", "子"}
    # the store's ladder counts all four matches: 甲 played three (EV1 won, EV3 lost, LOOSE won)
    whole = cli.json("ratings")
    assert whole["matches"] == 4 and "league" not in whole
    assert next((p["matches"], p["won"]) for p in whole["players"] if p["name"] == "甲") == (3, 2)
    # a league of one event rates what that event's ladder rates
    cli.ok("league", "new", "ONE", "--title", "one event")
    cli.ok("league", "add-event", "ONE", "EV1", "--club", "海之韵")
    one, ev1 = cli.json("ratings", "--league", "ONE"), cli.json("ratings", "--event", "EV1")
    assert one.pop("league") == "ONE" and {**one, "event": "EV1"} == ev1
    assert cli.json("ratings", "--league", "L", "--player", "甲")["history"][0]["place"] == 1
    out = cli.ok("ratings", "--league", "L").out.splitlines()
    assert out[0] == ("Ratings of league L: 2 finished matches of its events rated (openskill, Plackett-Luce; "
                      "rating = mu - 3 sigma)")
    run = cli("ratings", "--league", "L", "--event", "EV1")
    assert (run.code, run.err.strip()) == (2, "error: --event and --league: rate one event's matches or one "
                                              "league's, not both")
    run = cli("ratings", "--league", "NOPE")
    assert run.code == 2 and run.err.strip() == (f"error: no league 'NOPE' in the store at {tmp_path / 'store'} "
                                                 "(leagues stored: L, ONE)")
    run = cli("ratings", "--league", "NOPE", "--lang", "zh")
    # a list in Chinese is joined by 、
    assert run.code == 2 and run.err.strip() == f"错误：{tmp_path / 'store'} 的存储中没有联赛“NOPE”（已存联赛：L、ONE）"


# One Dou Dizhu match of two deals (tests/test_individual_event_commands.py works it from docs/doudizhu-rules.md §6):
# seat 1 +10, seat 2 +1, seat 3 -11: placed 1, 2, 3.
DDZ_MATCH = ("deal\nbid 1 3\nkitty 3H 4H 6D\nout 1\n"
             "deal\nbid 2 1\nbid 3 2\nbid 1 pass\nkitty 3H 4H 6D\nbomb 1 7777\nout 1\n")


def test_event_pair_seed_rating_seats_an_individual_events_round_one_by_rating(cli: Cli, tmp_path: Path) -> None:
    # The ladder: one Dou Dizhu match of no event, 甲 first, 乙 second, 丙 third: ordinals 甲 > 乙 > 丙 (one-player
    # teams ranked by placement, test_an_individual_game_rates_one_player_teams_by_placement).
    cli.ok("new", "D1", "--game", "doudizhu", "--player", "甲", "--player", "乙", "--player", "丙")
    record = tmp_path / "d1.txt"
    record.write_text(DDZ_MATCH, encoding="utf-8")
    cli.ok("record", "D1", "--file", record)
    assert [p["name"] for p in cli.json("ratings")["players"]] == ["甲", "乙", "丙"]
    # An evening of seven: the three rated among four new players (u1..u4), entered in no order of rating
    cli.ok("event", "new", "DZ", "--game", "doudizhu", "--name", "Evening", "--rounds", "2", "--seed", "7")
    for code, name in (("P1", "u1"), ("P2", "丙"), ("P3", "u2"), ("P4", "甲"), ("P5", "u3"), ("P6", "乙"),
                       ("P7", "u4")):
        cli.ok("event", "add", "DZ", code, name)
    # Unseeded, round 1 takes the field in the lot's order (all at 0), fills table 1 with the first three, table 2
    # with the next three, and the last sits out (the lowest-placed); seats in that order: the lot, read off it.
    plain = cli.json("event", "pair", "DZ", "--dry-run")
    lot = [p for t in plain["tables"] for p in t["players"]] + plain["sitting_out"]
    assert sorted(lot) == [f"P{i}" for i in range(1, 8)] and len(plain["tables"]) == 2
    # By rating: 甲 (P4), 乙 (P6), 丙 (P2) first, highest first; the unrated after them in the lot's order. So
    # table 1 is P4 P6 P2 in seats 1, 2, 3; table 2 the first three unrated by the lot; the last unrated sits out.
    unrated = [p for p in lot if p in ("P1", "P3", "P5", "P7")]
    seeded = cli.json("event", "pair", "DZ", "--seed", "rating", "--dry-run")
    assert [t["players"] for t in seeded["tables"]] == [["P4", "P6", "P2"], unrated[:3]]
    assert seeded["sitting_out"] == unrated[3:]
    stored_round = cli.json("event", "pair", "DZ", "--seed", "rating")
    assert [t["players"] for t in stored_round["tables"]] == [["P4", "P6", "P2"], unrated[:3]]
    run = cli("event", "pair", "DZ", "--seed", "rating")
    assert (run.code, run.err.strip()) == (1, "error: --seed rating seeds round 1 only: event DZ has paired round 1")


def test_only_a_match_played_out_and_clean_is_rated_whatever_its_game(cli: Cli, tmp_path: Path) -> None:
    # A Dou Dizhu match of no deals (match.deals = 0: it never ends by count, so its summary says finished) and one
    # whose only deal breaks the rules (a kitty of two cards, §2) are not rated; the clean one is: one player each.
    for mid, names in (("D0", ("甲", "乙", "丙")), ("DX", ("丁", "戊", "己")), ("D1", ("子", "丑", "寅"))):
        cli.ok("new", mid, "--game", "doudizhu", *(a for n in names for a in ("--player", n)))
    bad = tmp_path / "dx.txt"
    bad.write_text("deal\nbid 1 3\nkitty 3H 4H\nout 1\n", encoding="utf-8")
    cli("record", "DX", "--file", bad)  # refused or stored with its problem: either way not rated
    good = tmp_path / "d1.txt"
    good.write_text(DDZ_MATCH, encoding="utf-8")
    cli.ok("record", "D1", "--file", good)
    assert sorted(p["name"] for p in cli.json("ratings")["players"]) == sorted(["子", "丑", "寅"])
