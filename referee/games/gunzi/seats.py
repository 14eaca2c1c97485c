"""Seats and teams. Play runs counterclockwise E → S → W → N (gunzi-rules.md §1.2)."""

from __future__ import annotations

from referee.core.errors import RefereeError
from referee.core.i18n import M

SEATS = ("E", "S", "W", "N")
TEAMS = ("EW", "NS")
# Kept for the store views until they word seats from the catalogue (``{s:seat}``, ``{t:team}``);
# nothing here shows them.
SEAT_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}
TEAM_ZH = {"EW": "东西", "NS": "南北"}
_SEAT_WORDS = {"E": "E", "S": "S", "W": "W", "N": "N", "东": "E", "南": "S", "西": "W", "北": "N",
               "EAST": "E", "SOUTH": "S", "WEST": "W", "NORTH": "N"}
_TEAM_WORDS = {"EW": "EW", "WE": "EW", "NS": "NS", "SN": "NS", "东西": "EW", "西东": "EW", "南北": "NS",
               "北南": "NS"}


class SeatError(RefereeError, ValueError):
    """A token that is not a seat or a team (a ValueError, as before): ``SeatError(M(...))``."""


def parse_seat(token: str) -> str:
    seat = _SEAT_WORDS.get(token.strip().upper())
    if seat is None:
        raise SeatError(M("'{token}' is not a seat (E S W N or 东 南 西 北)", token=token))
    return seat


def parse_team(token: str) -> str:
    team = _TEAM_WORDS.get(token.strip().upper())
    if team is None:
        raise SeatError(M("'{token}' is not a team (EW or NS, 东西 or 南北)", token=token))
    return team


# Seat arithmetic as table look-ups (bound dict methods: called like functions, at C speed, since
# the engine asks them several times for every hand).
team_of = {"E": "EW", "W": "EW", "S": "NS", "N": "NS"}.__getitem__
other_team = {"EW": "NS", "NS": "EW"}.__getitem__
partner = {s: SEATS[(i + 2) % 4] for i, s in enumerate(SEATS)}.__getitem__
upper_hand = {s: SEATS[(i - 1) % 4] for i, s in enumerate(SEATS)}.__getitem__  # 上家: plays just before (of E: N)
lower_hand = {s: SEATS[(i + 1) % 4] for i, s in enumerate(SEATS)}.__getitem__  # 下家: plays just after (of E: S)
