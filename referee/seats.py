"""Seats and teams. Play runs counterclockwise E → S → W → N (gunzi-rules.md §1)."""

from __future__ import annotations

SEATS = ("E", "S", "W", "N")
TEAMS = ("EW", "NS")
SEAT_ZH = {"E": "东", "S": "南", "W": "西", "N": "北"}
TEAM_ZH = {"EW": "东西", "NS": "南北"}
_SEAT_WORDS = {"E": "E", "S": "S", "W": "W", "N": "N", "东": "E", "南": "S", "西": "W", "北": "N",
               "EAST": "E", "SOUTH": "S", "WEST": "W", "NORTH": "N"}
_TEAM_WORDS = {"EW": "EW", "WE": "EW", "NS": "NS", "SN": "NS", "东西": "EW", "西东": "EW", "南北": "NS",
               "北南": "NS"}


def parse_seat(token: str) -> str:
    seat = _SEAT_WORDS.get(token.strip().upper())
    if seat is None:
        raise ValueError(f"'{token}' is not a seat (E S W N or 东 南 西 北)")
    return seat


def parse_team(token: str) -> str:
    team = _TEAM_WORDS.get(token.strip().upper())
    if team is None:
        raise ValueError(f"'{token}' is not a team (EW or NS, 东西 or 南北)")
    return team


def team_of(seat: str) -> str:
    return "EW" if seat in "EW" else "NS"


def other_team(team: str) -> str:
    return "NS" if team == "EW" else "EW"


def partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def upper_hand(seat: str) -> str:
    """上家: the seat that plays just before (上家 of E is N)."""
    return SEATS[(SEATS.index(seat) - 1) % 4]


def lower_hand(seat: str) -> str:
    """下家: the seat that plays just after (下家 of E is S)."""
    return SEATS[(SEATS.index(seat) + 1) % 4]
