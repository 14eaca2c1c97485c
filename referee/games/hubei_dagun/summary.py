"""The game-neutral summary of a 打滚 match: four individual players, each with deals won and lost and coins."""

from __future__ import annotations

from typing import NamedTuple

from referee.games.api import Outcome, Participant
from referee.games.hubei_dagun.engine import MatchResult
from referee.games.hubei_dagun.events import SEATS


class DagunSummary(NamedTuple):
    match_id: str
    finished: bool
    names: tuple[str, str, str, str]
    won: tuple[int, int, int, int]  # deals each seat's side won
    lost: tuple[int, int, int, int]
    coins: tuple[int, int, int, int]
    forfeit: bool = False
    head: str = ""
    entries: int = 0

    def participants(self) -> tuple[Participant, ...]:
        return tuple(Participant(s, n, (n,) if n else ()) for s, n in zip(SEATS, self.names, strict=True))

    def outcome(self, key: str) -> Outcome:
        i = SEATS.index(key)
        placement = 1 + sum(c > self.coins[i] for c in self.coins)  # ties share a place
        return Outcome(key, self.won[i], self.lost[i], placement, self.coins[i], 0)


def summarize(result: MatchResult, head: str = "", entries: int = 0) -> DagunSummary:
    won = [0, 0, 0, 0]
    lost = [0, 0, 0, 0]
    for d in result.deals:
        for i, s in enumerate(SEATS):
            if d.won(s):
                won[i] += 1
            else:
                lost[i] += 1
    ident = result.header.id if result.header else ""
    finished = bool(result.deals) and not result.errors
    return DagunSummary(ident, finished, result.names, (won[0], won[1], won[2], won[3]),
                        (lost[0], lost[1], lost[2], lost[3]), result.totals, False, head, entries)
