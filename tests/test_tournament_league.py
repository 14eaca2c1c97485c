"""The season's sum (referee.tournament.league), on standings written by hand: names matched in either order and
case, tie-breaks summed, head-to-head and the lot left out, equal pairs sharing a rank (docs/league.md)."""

from __future__ import annotations

from referee.tournament.league import EventPart, league_standings
from referee.tournament.model import Pair
from referee.tournament.scoring import Criterion as C
from referee.tournament.standings import Row, Standings

ORDER = (C.match_points, C.games_difference, C.head_to_head, C.buchholz, C.lot)


def _row(pair: str, mp: int, gd: int, h2h: int | None, bh: int, lot: int) -> Row:
    return Row(rank=1, pair=pair, active=True, played=2, won=1, lost=1, byes=0, match_points=mp, games_won=2,
               games_lost=2, tiebreaks={C.match_points: mp, C.games_difference: gd, C.head_to_head: h2h,
                                        C.buchholz: bh, C.lot: lot})


def test_names_match_in_either_order_and_case_and_ties_share_a_rank() -> None:
    one = EventPart("E1", "海之韵", [Pair("A", "Ann", "Bo"), Pair("B", "Cy", "Di"), Pair("C", "Ed", "Fay")],
                    Standings((_row("A", 3, 1, 3, 4, 2), _row("B", 3, 1, 0, 4, 1), _row("C", 0, -2, None, 6, 3)),
                              ORDER, 1, ()), ORDER)
    two = EventPart("E2", "星海", [Pair("X", " bo", "ANN "), Pair("Y", "Ed", "Fay")],
                    Standings((_row("X", 2, 1, None, 5, 1), _row("Y", 2, -1, None, 3, 2)), ORDER, 1, ()), ORDER)
    st = league_standings([one, two])
    assert st.criteria == (C.match_points, C.games_difference, C.buchholz)  # head-to-head and the lot left out
    # Ann/Bo: 3 + 2 = 5, games 1 + 1 = 2, Buchholz 4 + 5 = 9 → 1st
    # Cy/Di: 3, games 1, Buchholz 4; Ed/Fay: 0 + 2 = 2, games −2 − 1 = −3, Buchholz 6 + 3 = 9
    # Cy/Di 3 > Ed/Fay 2 → 2nd and 3rd
    assert [(r.rank, r.player1, r.match_points, r.tiebreaks[C.games_difference], r.tiebreaks[C.buchholz], r.events)
            for r in st.rows] == [(1, "Ann", 5, 2, 9, ("E1", "E2")), (2, "Cy", 3, 1, 4, ("E1",)),
                                  (3, "Ed", 2, -3, 9, ("E1", "E2"))]
    # two pairs equal on every summed criterion share a rank, listed by name
    tied = EventPart("E3", "星海", [Pair("P", "Zed", "Yu"), Pair("Q", "Al", "Bea")],
                     Standings((_row("P", 3, 0, 3, 2, 1), _row("Q", 3, 0, 0, 2, 2)), ORDER, 1, ()), ORDER)
    assert [(r.rank, r.player1) for r in league_standings([tied]).rows] == [(1, "Al"), (1, "Zed")]


def test_a_season_of_both_kinds_is_summed_in_one_pass_each_kind_ranked_apart() -> None:
    """One season holds an event of pairs and two of individual players: each entry is matched by its names, pairs
    by two and players by one, so a player who also played in a pair is two entries of the season; an entry's clubs
    are its own (as entered), first met first."""
    from referee.tournament.individual import Player
    from referee.tournament.individual import Row as PlayerRow
    from referee.tournament.league import PlayerPart, pair_part, player_part, season_standings

    pairs = EventPart("G", "海之韵", [Pair("A", "Ann", "Bo")],
                      Standings((_row("A", 3, 1, None, 4, 1),), ORDER, 1, ()), ORDER)
    d1 = PlayerPart("D1", "星海", [Player("1", "Ann", "海韵"), Player("2", "Cy", "星海棋社")],
                    [PlayerRow(1, "1", True, 2, 0, 40, 1, None, 1), PlayerRow(2, "2", True, 2, 0, -40, 1, None, 2)])
    d2 = PlayerPart("D2", "海之韵", [Player("7", " cy ", "星海棋社"), Player("8", "ANN")],
                    [PlayerRow(1, "7", True, 1, 1, 100, 1, None, 2), PlayerRow(2, "8", True, 1, 1, -100, 0, None, 1)])
    st, players = season_standings([player_part(d1), pair_part(pairs), player_part(d2)])
    assert [(r.rank, r.player1, r.player2, r.match_points, r.events) for r in st.rows] == [(1, "Ann", "Bo", 3, ("G",))]
    assert st.events == ("G",)
    # Cy: -40 + 100 = 60, firsts 1 + 1 = 2; Ann: 40 - 100 = -60, firsts 1 + 0 = 1; each played 2 + 1, sat out 0 + 1
    assert [(r.rank, r.player, r.score, r.firsts, r.played, r.sat_out, r.clubs, r.events) for r in players] == [
        (1, "Cy", 60, 2, 3, 1, ("星海棋社",), ("D1", "D2")),
        (2, "Ann", -60, 1, 3, 1, ("海韵",), ("D1", "D2"))]
