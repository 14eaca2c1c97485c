"""The JSON of the event commands: ``event pair --json``, ``event standings --json``, ``event status
--json``. The first two are the shapes issue 10 fixes, key for key (tools read them); pairs are
named by their codes, criteria by their codes (``games_difference``), so the JSON is the same in
every language.
"""

from __future__ import annotations

import datetime
from typing import Any

from referee.results.eventresults import EventResults
from referee.store.summaries import Cached, Progress
from referee.tournament.model import DirectorResult, Round
from referee.tournament.scoring import Criterion


def pairing(rnd: Round) -> dict[str, Any]:
    """``{"round": n, "tables": [{"table", "match", "ew", "ns"}], "bye": PAIR|null}``."""
    return {"round": rnd.number,
            "tables": [{"table": t.number, "match": t.match_id, "ew": t.ew, "ns": t.ns} for t in rnd.tables],
            "bye": rnd.bye, **({"requested": list(rnd.requested)} if rnd.requested else {})}


def _winner(ew: str, ns: str, side: str | None) -> str | None:
    return None if side is None else (ew if side == "EW" else ns)


def _given(r: DirectorResult | None) -> dict[str, Any] | None:
    """A director's result as the JSON gives it: ``{"kind", "side", "ew", "ns", "reason", "seq"}`` (ew and
    ns: games, or the match points of an adjusted result), or null."""
    if r is None:
        return None
    return {"kind": r.kind.value, "side": r.side, "ew": r.ew, "ns": r.ns, "reason": r.reason, "seq": r.seq}


def standings(results: EventResults) -> dict[str, Any]:
    """The standings and every round's tables, as issue 10 gives them."""
    by_code = {p.code: p for p in results.state.pairs}
    rows = []
    for r in results.standings.rows:
        p = by_code[r.pair]
        rows.append({
            "rank": r.rank, "pair": r.pair, "players": [p.player1, p.player2], "club": p.club, "active": p.active,
            "withdrawn": None if p.active else (p.withdrawn_reason.value if p.withdrawn_reason else "withdrew"),
            "played": r.played, "won": r.won,
            "lost": r.lost, "match_points": r.match_points, "games_won": r.games_won, "games_lost": r.games_lost,
            "tiebreaks": {c.value: v for c, v in r.tiebreaks.items() if c is not Criterion.match_points},
        })
    rounds = []
    for rnd in results.rounds:
        tables = []
        for t in rnd.tables:
            o = results.table_outcome(t)
            tables.append({"table": t.number, "match": t.match_id, "ew": t.ew, "ns": t.ns,
                           "winner": _winner(t.ew, t.ns, o.winner), "games": {"EW": o.ew, "NS": o.ns},
                           "result": _given(results.results.get(t.match_id))})
        rounds.append({"round": rnd.number, "status": results.status(rnd.number), "tables": tables, "bye": rnd.bye,
                       **({"requested": list(rnd.requested)} if rnd.requested else {})})
    return {"event": results.state.settings.id, "round": results.last, "final": results.final,
            "standings": rows, "rounds": rounds}


def _stamp(text: str | None) -> datetime.datetime | None:
    if not text:
        return None
    try:
        return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def elapsed(progress: Progress, finished: bool, now: datetime.datetime) -> int | None:
    """Seconds since the match's first hand began (to its last entry once it is finished); None
    before its first hand."""
    start = _stamp(progress.first_hand)
    if start is None:
        return None
    end = _stamp(progress.last_entry) if finished else now
    return max(0, int(((end or now) - start).total_seconds()))


def state_code(cached: Cached) -> str:
    """``not_started``, ``in_play``, ``finished`` or ``forfeit`` (of the match's record)."""
    if cached.summary.finished:
        return "forfeit" if cached.summary.forfeit else "finished"
    return "in_play" if cached.progress.started else "not_started"


def status(results: EventResults, now: datetime.datetime) -> dict[str, Any]:
    """The current round: each table's match state (game and hand in play, or the result; ``broken``
    for a match the event cannot count), and the time since its first hand."""
    state = results.state
    rnd = state.current
    out: dict[str, Any] = {"event": state.settings.id, "name": state.settings.name,
                           "round": rnd.number if rnd else 0, "rounds": state.planned,
                           "status": results.status(rnd.number) if rnd else None, "tables": [],
                           "bye": rnd.bye if rnd else None, "pairs": len(state.pairs), "active": len(state.active)}
    for t in rnd.tables if rnd else ():
        c = results.cached[t.match_id]
        o = results.table_outcome(t)
        given = results.results.get(t.match_id)
        playing = not c.summary.finished and c.progress.started and given is None
        code = "result" if given is not None else "broken" if t.match_id in results.broken else state_code(c)
        out["tables"].append({
            "table": t.number, "match": t.match_id, "ew": t.ew, "ns": t.ns, "state": code,
            "game": c.progress.game if playing else None, "hand": c.progress.hand if playing else None,
            "winner": _winner(t.ew, t.ns, o.winner), "games": {"EW": o.ew, "NS": o.ns},
            "result": _given(given),
            "elapsed": elapsed(c.progress, c.summary.finished, now), "problems": c.progress.errors,
        })
    return out
