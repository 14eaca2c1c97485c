"""The game-neutral summary of a Dou Dizhu match: three players, each with an outcome (referee.games.api)."""

from __future__ import annotations

from typing import NamedTuple

from referee.games.api import Outcome, Participant
from referee.games.doudizhu.engine import LANDLORD, MatchResult
from referee.games.doudizhu.events import SEATS


class MatchSummary(NamedTuple):
    match_id: str
    finished: bool
    forfeit: bool
    head: str
    entries: int
    names: tuple[str, str, str]
    totals: tuple[int, int, int]
    won: tuple[int, int, int]  # deals won by each seat's side
    lost: tuple[int, int, int]

    def participants(self) -> tuple[Participant, ...]:
        return tuple(Participant(str(s), self.names[s - 1], (self.names[s - 1],)) for s in SEATS)

    def outcome(self, key: str) -> Outcome:
        """The player's total, deals won and lost, and place by total (ties share the better place)."""
        i = int(key) - 1
        placement = 1 + sum(1 for t in self.totals if t > self.totals[i])
        return Outcome(key, self.won[i], self.lost[i], placement, self.totals[i], 0)


def summarize(result: MatchResult, head: str = "", entries: int = 0) -> MatchSummary:
    won = {s: 0 for s in SEATS}
    lost = {s: 0 for s in SEATS}
    for d in result.deals:
        if not d.settled:
            continue
        for s in SEATS:
            landlord_side = s == d.landlord
            if landlord_side == (d.winner == LANDLORD):
                won[s] += 1
            else:
                lost[s] += 1
    header = result.header
    return MatchSummary(
        header.id if header else "", result.finished, False, head, entries,
        (result.names[1], result.names[2], result.names[3]),
        (result.totals[1], result.totals[2], result.totals[3]),
        (won[1], won[2], won[3]), (lost[1], lost[2], lost[3]))
