"""Event scoring files and standings, every number worked out by hand in the comments.

Summaries are built directly (``match``/``game`` below) except in the last test, which replays real
records written with the test helpers.
"""

from __future__ import annotations

import random

import pytest
from helpers import first_hand, hand_text, run

from referee.games.gunzi.summary import GameSummary, MatchSummary, Sides, TeamNames, summarize
from referee.tournament.model import EventError, EventProblem, Pair, Round, Table, WithdrawnReason
from referee.tournament.scoring import Criterion, ScoringError, ScoringProblem, from_dict, load
from referee.tournament.standings import Comparison, explain, standings

C = Criterion
CLUB = load("club")


def game(winner: str, ew: int | None = None, ns: int | None = None) -> GameSummary:
    """A game; unless told, the winner ends at level 10 and the loser at 8 (a level difference of 2)."""
    if ew is None or ns is None:
        ew, ns = (10, 8) if winner == "EW" else (8, 10)
    return GameSummary(0, winner, "passed_10", Sides(ew, ns))  # type: ignore[arg-type]


def match(mid: str, *games: GameSummary, ledger: tuple[int, int] = (0, 0), forfeit: str | None = None,
          finished: bool = True) -> MatchSummary:
    """A match summary from its games (games won counted from them); ``forfeit="NS"``: NS forfeit 2:0."""
    games = tuple(g._replace(game=i) for i, g in enumerate(games, 1))
    won = Sides(sum(g.winner == "EW" for g in games), sum(g.winner == "NS" for g in games))
    winner = None
    if forfeit:
        winner = "EW" if forfeit == "NS" else "NS"
        won = Sides(2, 0) if winner == "EW" else Sides(0, 2)
    elif finished:
        winner = "EW" if won.EW > won.NS else "NS"
    return MatchSummary(mid, "dalian-club", ("", "", "", ""), TeamNames("", ""), finished or bool(forfeit),
                        winner, won, games, Sides(*ledger), bool(forfeit))  # type: ignore[arg-type]


def pairs(*codes: str) -> list[Pair]:
    return [Pair(c, f"{c}1", f"{c}2") for c in codes]


def event(rounds_spec):
    """Rounds and summaries from [(bye, [(ew, ns, summary games...), ...]), ...]."""
    rounds, summaries = [], {}
    for r, (bye, tables) in enumerate(rounds_spec, 1):
        ts = []
        for t, (ew, ns, summary) in enumerate(tables, 1):
            mid = f"R{r}-T{t}"
            ts.append(Table(t, mid, ew, ns))
            summaries[mid] = summary._replace(match_id=mid)
        rounds.append(Round(r, tuple(ts), bye))
    return rounds, summaries


EW2_1 = (game("EW"), game("NS"), game("EW"))
NS2_1 = (game("EW"), game("NS"), game("NS"))


# --- the scoring files ---------------------------------------------------------------------------


def test_club_scoring():
    s = load()
    assert s.name == "club"
    assert [s.points(*r) for r in [(2, 0), (2, 1), (1, 2), (0, 2), (1, 0), (0, 1)]] == [3, 2, 1, 0, 3, 0]
    assert s.bye_points == 2
    assert s.tiebreaks == (C.match_points, C.games_difference, C.head_to_head, C.buchholz,
                           C.level_difference, C.ledger, C.lot)


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_base_inheritance_key_by_key(tmp_path):
    mine = write(tmp_path, "mine.toml", 'name = "mine"\nbase = "club"\n[match_points]\n"2:1" = 1\n')
    s = load(mine)
    assert s.name == "mine" and s.origin == mine
    assert s.points(2, 1) == 1  # changed
    assert s.points(2, 0) == 3 and s.points(0, 1) == 0  # from club
    assert s.bye_points == 2 and s.tiebreaks == CLUB.tiebreaks


def test_base_chain_by_relative_path(tmp_path):
    write(tmp_path, "a.toml", 'name = "a"\nbase = "club"\n[bye]\nmatch_points = 1\n')
    b = write(tmp_path, "b.toml", 'name = "b"\nbase = "a.toml"\n[tiebreaks]\norder = ["match_points", "ledger"]\n')
    s = load(b)
    assert (s.name, s.bye_points, s.tiebreaks) == ("b", 1, (C.match_points, C.ledger))
    assert s.points(2, 1) == 2


def test_from_dict_with_a_base():
    s = from_dict({"name": "x", "base": "club", "bye": {"match_points": 0}}, "inline")
    assert (s.bye_points, s.points(2, 0), s.origin) == (0, 3, "inline")


@pytest.mark.parametrize("text, key, problem", [
    ('name = "x"\nbase = "club"\n[bye]\npoints = 2\n', "bye.points", ScoringProblem.unknown_key),
    ('name = "x"\nbase = "club"\n[byes]\nmatch_points = 2\n', "byes", ScoringProblem.unknown_key),
    ('name = "x"\nbase = "club"\n[match_points]\n"2-0" = 3\n', "match_points.2-0", ScoringProblem.unknown_key),
    ('name = "x"\nbase = "club"\n[match_points]\n"1:1" = 1\n', "match_points.1:1", ScoringProblem.unknown_key),
    ('name = "x"\nbase = "club"\n[match_points]\n"2:0" = "3"\n', "match_points.2:0", ScoringProblem.bad_type),
    ('name = "x"\nbase = "club"\n[bye]\nmatch_points = -1\n', "bye.match_points", ScoringProblem.bad_value),
    ('name = "x"\nbase = "club"\n[bye]\nmatch_points = true\n', "bye.match_points", ScoringProblem.bad_type),
    ('name = "x"\nbase = "club"\n[tiebreaks]\norder = ["match_points", "sonneborn"]\n', "tiebreaks.order",
     ScoringProblem.bad_value),
    ('name = "x"\nbase = "club"\n[tiebreaks]\norder = ["lot", "match_points"]\n', "tiebreaks.order",
     ScoringProblem.lot_not_last),
    ('name = "x"\nbase = "club"\n[tiebreaks]\norder = ["ledger", "ledger"]\n', "tiebreaks.order",
     ScoringProblem.duplicate),
    ('base = "club"\n', "name", ScoringProblem.missing_key),  # the name is never inherited
    ('name = "x"\n[match_points]\n"2:0" = 3\n[tiebreaks]\norder = ["match_points"]\n', "bye.match_points",
     ScoringProblem.missing_key),
    ('name = "x"\nbase = "nosuch"\n', "base", ScoringProblem.not_found),
    ('name = "x"\nbase = \n', "", ScoringProblem.not_toml),
])
def test_bad_files_name_the_key_and_the_file(tmp_path, text, key, problem):
    path = write(tmp_path, "bad.toml", text)
    with pytest.raises(ScoringError) as e:
        load(path)
    assert (e.value.key, e.value.file, e.value.problem) == (key, path, problem)


def test_a_bad_key_in_a_base_names_the_base(tmp_path):
    base = write(tmp_path, "base.toml", 'name = "b"\nbase = "club"\n[bye]\nmatch_point = 2\n')
    top = write(tmp_path, "top.toml", 'name = "t"\nbase = "base.toml"\n')
    with pytest.raises(ScoringError) as e:
        load(top)
    assert (e.value.key, e.value.file, e.value.problem) == ("bye.match_point", base, ScoringProblem.unknown_key)


def test_bases_in_a_cycle(tmp_path):
    a = write(tmp_path, "a.toml", 'name = "a"\nbase = "b.toml"\n')
    b = write(tmp_path, "b.toml", 'name = "b"\nbase = "a.toml"\n')
    with pytest.raises(ScoringError) as e:
        load(a)
    assert (e.value.key, e.value.file, e.value.problem) == ("base", b, ScoringProblem.base_cycle)


def test_unknown_scoring_name():
    with pytest.raises(ScoringError) as e:
        load("nosuch")
    assert e.value.problem == ScoringProblem.not_found


# --- standings -----------------------------------------------------------------------------------


def test_tie_of_three_not_all_met_goes_to_buchholz_then_levels():
    # Six pairs, two rounds (each table EW first):
    #   R1: X-Y 2:1, Z-U 2:1, V-W 2:0        R2: X-W 1:2, Y-U 2:1 (levels below), Z-V 1:2
    # match points: X 2+1=3, Y 1+2=3, Z 2+1=3, U 1+1=2, V 3+2=5, W 0+2=2
    # games: X 3:3, Y 3:3, Z 3:3 (difference 0), U 2:4 (-2), V 4:1 (+3), W 2:3 (-1)
    # X, Y, Z tied (3, 0): X met Y, Z met neither, so head-to-head does not apply (X's win over Y does
    #   not count); Buchholz: X = Y 3 + W 2 = 5, Y = X 3 + U 2 = 5, Z = U 2 + V 5 = 7: Z first.
    # X, Y still tied (Buchholz 5): level difference, 2 per default game:
    #   X = (+2 -2 +2) + (+2 -2 -2) = 0; Y = (-2 +2 -2) + (10-3) + (8-10) + (10-3) = -2 + 12 = +10: Y before X.
    # U, W (2): games difference W -1 > U -2.   Buchholz U = Z 3 + Y 3 = 6, V = W 2 + Z 3 = 5,
    #   W = V 5 + X 3 = 8.   Level difference U = -2 - 12 = -14, V = +4 + 2 = +6, W = -4 + 2 = -2.
    y_u = match("", game("EW", 10, 3), game("NS", 8, 10), game("EW", 10, 3))
    rounds, summaries = event([
        (None, [("X", "Y", match("", *EW2_1)), ("Z", "U", match("", *EW2_1)),
                ("V", "W", match("", game("EW"), game("EW")))]),
        (None, [("X", "W", match("", *NS2_1)), ("Y", "U", y_u), ("Z", "V", match("", *NS2_1))]),
    ])
    st = standings(pairs("X", "Y", "Z", "U", "V", "W"), rounds, summaries, CLUB, seed=1)
    assert [(r.rank, r.pair, r.match_points) for r in st.rows] == [
        (1, "V", 5), (2, "Z", 3), (3, "Y", 3), (4, "X", 3), (5, "W", 2), (6, "U", 2)]
    row = {r.pair: r for r in st.rows}
    assert [(row[p].games_won, row[p].games_lost) for p in "XYZUVW"] == [(3, 3), (3, 3), (3, 3), (2, 4), (4, 1), (2, 3)]
    assert [row[p].tiebreaks[C.games_difference] for p in "XYZUVW"] == [0, 0, 0, -2, 3, -1]
    assert [row[p].tiebreaks[C.buchholz] for p in "XYZUVW"] == [5, 5, 7, 6, 5, 8]
    assert [row[p].tiebreaks[C.level_difference] for p in "XYZUVW"] == [0, 10, 0, -14, 6, -2]
    assert all(row[p].tiebreaks[C.head_to_head] is None for p in "XYZUVW")
    assert [(row[p].played, row[p].won, row[p].lost) for p in "XVU"] == [(2, 1, 1), (2, 2, 0), (2, 0, 2)]
    assert st.unfinished == ()

    assert explain(st, "Z", "X")[3] == Comparison(C.buchholz, 7, 5, True, "Z")
    why = explain(st, "X", "Y")
    assert [c.criterion for c in why] == list(CLUB.tiebreaks)
    assert [(c.a, c.b, c.decided) for c in why[:5]] == [(3, 3, False), (0, 0, False), (None, None, False),
                                                         (5, 5, False), (0, 10, True)]
    assert why[4].ahead == "Y" and not any(c.decided for c in why[5:])


def test_byes_buchholz_and_a_head_to_head():
    # Five pairs, two rounds, a bye each round:
    #   R1: X-Y 2:0, U-V 1:2, bye Z           R2: X-U 1:2, Z-V 2:1, bye Y
    # match points: X 3+1=4, Y 0+2(bye)=2, Z 2(bye)+2=4, U 1+2=3, V 2+1=3
    # games difference: X +2-1=+1, Y -2, Z 0+1=+1, U -1+1=0, V +1-1=0
    # X, Z (4, +1) never met: no head-to-head. Buchholz X = Y 2 + U 3 = 5; Z = its bye, a virtual
    #   opponent with Z's own 4, + V 3 = 7: Z first. (Were a bye worth 0 to Buchholz, Z would have 3 and
    #   rank below X; at the 2 bye points, 5: still tied.)
    # U, V (3, 0) met in R1, V won 2:1: head-to-head V 2, U 1: V first (Buchholz would not separate
    #   them: U = V 3 + X 4 = 7, V = U 3 + Z 4 = 7).  Y: Buchholz X 4 + its bye 2 = 6.
    rounds, summaries = event([
        ("Z", [("X", "Y", match("", game("EW"), game("EW"))), ("U", "V", match("", *NS2_1))]),
        ("Y", [("X", "U", match("", *NS2_1)), ("Z", "V", match("", *EW2_1))]),
    ])
    st = standings(pairs("X", "Y", "Z", "U", "V"), rounds, summaries, CLUB, seed=1)
    assert [(r.rank, r.pair, r.match_points) for r in st.rows] == [
        (1, "Z", 4), (2, "X", 4), (3, "V", 3), (4, "U", 3), (5, "Y", 2)]
    row = {r.pair: r for r in st.rows}
    assert [row[p].tiebreaks[C.buchholz] for p in "XYZUV"] == [5, 6, 7, 7, 7]
    assert [row[p].tiebreaks[C.head_to_head] for p in "XYZUV"] == [None, None, None, 1, 2]
    assert [(row[p].played, row[p].byes) for p in "XYZ"] == [(2, 0), (1, 1), (1, 1)]
    assert (row["Z"].games_won, row["Z"].games_lost) == (2, 1)  # the bye adds no games
    assert explain(st, "U", "V")[2] == Comparison(C.head_to_head, 1, 2, True, "V")


def test_forfeit_unfinished_withdrawn_and_shared_ranks():
    # A-B: B forfeit (A EW), counted 2:0: A 3, B 0. C-D unfinished (1:1 so far), E-F no summary yet:
    # neither counts; both are listed. D withdrew after it. Scored by match points then Buchholz, no lot:
    # A 3 first; B 0 with Buchholz 3 (A's points) second; C, D, E, F 0 and Buchholz 0 share rank 3.
    only_points = from_dict({"name": "p", "base": "club", "tiebreaks": {"order": ["match_points", "buchholz"]}})
    rounds, summaries = event([(None, [
        ("A", "B", match("", game("EW"), forfeit="NS")),
        ("C", "D", match("", game("EW"), game("NS"), finished=False)),
        ("E", "F", match("", game("EW"))),
    ])])
    del summaries["R1-T3"]
    entries = pairs("A", "B", "C", "D", "E", "F")
    entries[3] = entries[3]._replace(active=False, withdrawn_reason=WithdrawnReason.withdrew)
    st = standings(entries, rounds, summaries, only_points, seed=5)
    assert [(r.rank, r.pair, r.match_points, r.played) for r in st.rows] == [
        (1, "A", 3, 1), (2, "B", 0, 1), (3, "C", 0, 0), (3, "D", 0, 0), (3, "E", 0, 0), (3, "F", 0, 0)]
    assert [t.match_id for t in st.unfinished] == ["R1-T2", "R1-T3"]
    row = {r.pair: r for r in st.rows}
    assert (row["A"].games_won, row["A"].games_lost, row["B"].games_won, row["B"].games_lost) == (2, 0, 0, 2)
    assert not row["D"].active and row["C"].active
    assert set(row["A"].tiebreaks) == {C.match_points, C.buchholz}
    # C and D differ on nothing: no criterion decides.
    assert not any(c.decided for c in explain(st, "C", "D"))


def test_one_game_rule_set_results():
    # gunzi-001 / classic play one game: 1:0 -> 3, 0:1 -> 0, and a forfeit counts 1:0.
    one = MatchSummary("", "gunzi-001", ("", "", "", ""), TeamNames("", ""), True, "NS", Sides(0, 1),
                       (game("NS"),), Sides(0, 0), False)
    forfeit = one._replace(winner="EW", games_won=Sides(1, 0), forfeit=True)
    rounds, summaries = event([(None, [("A", "B", one), ("C", "D", forfeit)])])
    st = standings(pairs("A", "B", "C", "D"), rounds, summaries, CLUB, seed=0)
    assert {r.pair: (r.match_points, r.games_won, r.games_lost) for r in st.rows} == {
        "B": (3, 1, 0), "C": (3, 1, 0), "A": (0, 0, 1), "D": (0, 0, 1)}


def test_the_lot_is_drawn_with_the_seed_and_kept():
    # Nobody has played: every criterion is 0 and the lot alone orders the pairs, lowest number first.
    # The lots are the permutation 1..4, in entry order, of random.Random(seed).shuffle.
    for seed in (1, 2, 3):
        lots = [1, 2, 3, 4]
        random.Random(seed).shuffle(lots)
        st = standings(pairs("A", "B", "C", "D"), [], {}, CLUB, seed)
        assert {r.pair: r.tiebreaks[C.lot] for r in st.rows} == dict(zip("ABCD", lots, strict=True))
        assert [r.pair for r in st.rows] == sorted("ABCD", key=lambda p: lots["ABCD".index(p)])
        assert [r.rank for r in st.rows] == [1, 2, 3, 4] and st.seed == seed
        assert standings(pairs("A", "B", "C", "D"), [], {}, CLUB, seed) == st
        first, second = st.rows[0].pair, st.rows[1].pair
        assert explain(st, first, second)[-1].decided and explain(st, first, second)[-1].ahead == first


def test_ledger_first_when_the_scoring_says_so():
    # A-B: A wins 2:0 but B's side has the better ledger (+20 to -20): ranked by ledger, B is first.
    by_ledger = from_dict({"name": "l", "base": "club", "tiebreaks": {"order": ["ledger", "match_points"]}})
    rounds, summaries = event([(None, [("A", "B", match("", game("EW"), game("EW"), ledger=(-20, 20)))])])
    st = standings(pairs("A", "B"), rounds, summaries, by_ledger, seed=0)
    assert [(r.pair, r.tiebreaks[C.ledger], r.match_points) for r in st.rows] == [("B", 20, 0), ("A", -20, 3)]


def test_a_result_the_scoring_lacks_and_an_unknown_pair():
    three_one = match("", game("EW"), game("NS"), game("EW"), game("EW"))  # 3:1, best of five
    rounds, summaries = event([(None, [("A", "B", three_one)])])
    with pytest.raises(ScoringError) as e:
        standings(pairs("A", "B"), rounds, summaries, CLUB, seed=0)
    assert (e.value.key, e.value.file, e.value.problem) == ("match_points.3:1", "club.toml",
                                                            ScoringProblem.missing_key)
    rounds, summaries = event([(None, [("A", "Q", match("", game("EW"), game("EW")))])])
    with pytest.raises(EventError) as e2:
        standings(pairs("A", "B"), rounds, summaries, CLUB, seed=0)
    assert (e2.value.problem, e2.value.ref) == (EventProblem.unknown_pair, "Q")


# --- from real replays ---------------------------------------------------------------------------

# EW win 2:1. Game 1: E grabs, S = 80 kept: EW 3 -> 4, ledger EW +3; W declares at 4, S = 0: EW 5 and
# the game (zero), ledger EW +50. Game 2: N grabs, S = 0: NS 4, the game, ledger NS +50. Game 3: E grabs,
# S = 0: EW 4, the game. Levels (EW - NS): (5-3) + (3-4) + (4-3) = +2; ledger EW 3 + 50 - 50 + 50 = +53.
TWO_ONE = first_hand(points=80) + hand_text(trump="H", points=0) + first_hand(grab="N", points=0) + first_hand(points=0)
# EW win 2:0: two games of one zero hand each, EW 4 NS 3: levels +2, ledger EW +100.
TWO_ZERO = first_hand(points=0) + first_hand(points=0)
# One hand (S = 80 kept: EW 4 NS 3, ledger EW +3), then NS are warned three times: EW win 2:0 by forfeit.
FORFEIT = first_hand(points=80, after=["warn N a", "warn S b", "warn N c"])


def test_standings_from_replayed_records():
    # Three pairs, a bye each round:  R1 A(EW)-B 2:1, bye C;  R2 C(EW)-A 2:0, bye B;  R3 B(EW)-C forfeit by C
    # (counted 2:0), bye A.
    # match points: A 2 + 0 + 2 (bye) = 4; B 1 + 2 (bye) + 3 = 6; C 2 (bye) + 3 + 0 = 5
    # games: A 2+0 : 1+2 = 2:3; B 1+2 : 2+0 = 3:2; C 2+0 : 0+2 = 2:2
    # Buchholz (a round robin with byes: every pair has the others' points plus its own): 4+5+6 = 15 each
    # levels: A +2 - 2 = 0; B -2 + 1 = -1; C +2 - 1 = +1 (the forfeited game stood at EW 4, NS 3)
    # ledger: A +53 - 100 = -47; B -53 + 3 = -50; C +100 - 3 = +97
    records = {"R1-T1": TWO_ONE, "R2-T1": TWO_ZERO, "R3-T1": FORFEIT}
    summaries = {}
    for mid, hands in records.items():
        rec, result = run(f"match id={mid} rules=dalian-club\n" + hands)
        assert not rec.errors and not result.errors
        summaries[mid] = summarize(result)
    rounds = [Round(1, (Table(1, "R1-T1", "A", "B"),), "C"), Round(2, (Table(1, "R2-T1", "C", "A"),), "B"),
              Round(3, (Table(1, "R3-T1", "B", "C"),), "A")]
    st = standings(pairs("A", "B", "C"), rounds, summaries, CLUB, seed=0)
    got = {r.pair: (r.rank, r.match_points, r.games_won, r.games_lost, r.tiebreaks[C.buchholz],
                    r.tiebreaks[C.level_difference], r.tiebreaks[C.ledger]) for r in st.rows}
    assert got == {"B": (1, 6, 3, 2, 15, -1, -50), "C": (2, 5, 2, 2, 15, 1, 97), "A": (3, 4, 2, 3, 15, 0, -47)}
