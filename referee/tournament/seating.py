"""Who sits where at a table: the one convention the table cards print and the matches record.

A pair sitting EW puts its first player (``player1``) at E and its second at W; a pair sitting NS its
first at S and its second at N. Partners sit opposite each other (gunzi-rules.md §1.1), so E-W and
S-N are the two teams.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.tournament.model import Pair, Table

SEATS = ("E", "S", "W", "N")  # the order of play
TEAM_SEATS = {"EW": ("E", "W"), "NS": ("S", "N")}


def seat_players(table: Table, pairs: Mapping[str, Pair]) -> dict[str, str]:
    """The player at each seat of *table* (E, S, W, N), from the pairs by code."""
    ew, ns = pairs[table.ew], pairs[table.ns]
    return {"E": ew.player1, "S": ns.player1, "W": ew.player2, "N": ns.player2}
