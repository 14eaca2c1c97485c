"""The toy game's views: text, JSON (the envelope), its table, its summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TextIO

from referee.core.i18n import tr
from referee.core.records import RecordError
from referee.core.rulesfile import Rules
from referee.games.api import GameTable, Outcome, Participant
from referee.games.kit.envelope import match_object, write_envelope
from toygame.engine import DealResult, MatchResult
from toygame.events import SEATS


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def match_view(result: MatchResult, lang: str) -> str:
    h = result.header
    lines = [f"toy · {h.id if h else '-'} · {result.rules.name}"]
    for d in result.deals:
        lines.append(f"{d.deal}  " + "  ".join(f"{s} {_signed(d.payments[s])}" for s in SEATS))
    lines.append(tr(lang, "total") + "  " + "  ".join(f"{s} {_signed(result.totals[s])}" for s in SEATS))
    return "\n".join(lines)


def check_summary(result: MatchResult, lang: str) -> str:
    return tr(lang, "ok: {n} deals settled, {totals}", n=len(result.deals),
              totals=", ".join(f"{s} {_signed(result.totals[s])}" for s in SEATS))


def explain_view(d: DealResult, lang: str) -> str:
    return "\n".join(s.text(lang) for s in d.steps)


def score_table(rules: Rules, lang: str) -> str:
    return f"{rules.name}: win {rules.number('points.win')}"


def write_json(result: MatchResult, out: TextIO, lang: str, errors: Sequence[RecordError]) -> None:
    write_envelope(out, match_object("toy", result.header, result.rules.name,
                                     {s: result.names.get(s, "") for s in SEATS}),
                   "deals", result.deals,
                   lambda d: {"deal": d.deal, "winner": d.winner, "payments": dict(d.payments),
                              "explain": [s.text(lang) for s in d.steps]},
                   lambda: {"totals": dict(result.totals), "finished": result.finished},
                   lambda: [*errors, *result.errors])


def game_table(result: MatchResult, lang: str) -> GameTable:
    players = tuple(f"{s} {result.names[s]}" if result.names.get(s) else s for s in SEATS)
    rows: list[tuple[str, ...]] = []
    running: list[tuple[int, ...]] = []
    totals = dict.fromkeys(SEATS, 0)
    for d in result.deals:
        for s in SEATS:
            totals[s] += d.payments[s]
        rows.append((str(d.deal), d.winner or "-", *(f"{_signed(d.payments[s])} ({_signed(totals[s])})"
                                                      for s in SEATS)))
        running.append(tuple(totals[s] for s in SEATS))
    return GameTable((tr(lang, "deal"), tr(lang, "winner"), *players), tuple(rows), players, tuple(running),
                     tuple(result.totals[s] for s in SEATS), tr(lang, "points"))


class ToySummary(NamedTuple):
    match_id: str
    finished: bool
    forfeit: bool
    head: str
    entries: int
    names: tuple[tuple[str, str], ...]
    totals: tuple[tuple[str, int], ...]
    won: tuple[tuple[str, int], ...]

    def participants(self) -> tuple[Participant, ...]:
        names = dict(self.names)
        return tuple(Participant(s, names.get(s, ""), (names.get(s, ""),)) for s in SEATS)

    def outcome(self, key: str) -> Outcome:
        totals, won = dict(self.totals), dict(self.won)
        score = totals[key]
        lost = sum(won.values()) - won[key]
        return Outcome(key, won[key], lost, 1 + sum(1 for v in totals.values() if v > score), score, 0)


def summarize(result: MatchResult, head: str = "", entries: int = 0) -> ToySummary:
    won = dict.fromkeys(SEATS, 0)
    for d in result.deals:
        if d.winner is not None:
            won[d.winner] += 1
    h = result.header
    return ToySummary(h.id if h else "", result.finished, False, head, entries,
                      tuple((s, result.names.get(s, "")) for s in SEATS), tuple(result.totals.items()),
                      tuple(won.items()))
