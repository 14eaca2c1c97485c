"""The JSON that ``replay --json`` prints: the public contract of record-format.md, plus extra keys."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TextIO

from referee.games.gunzi.cards import format_cards
from referee.games.gunzi.events import RecordError
from referee.games.gunzi.explain import Step, render
from referee.games.gunzi.results import HandResult, MatchResult
from referee.games.gunzi.settle import explain_hand

# A JSON object as built here: its values are what ``json.dumps`` encodes (numbers, strings, codes,
# None, lists and objects of them).
Obj = dict[str, object]
Counts = dict[str, int]  # per team (levels, ledger) or per joker kind


def _hand(h: HandResult, lang: str, copy: Callable[[Counts], Counts] = dict, explain: bool = True) -> Obj:
    """One hand's object. ``copy`` copies the result's dicts (to_dict hands them to the caller);
    the streaming writer passes the identity and encodes them as they are."""
    t = h.tribute
    return {
        "hand": h.hand,
        "game": h.game,
        "declarer": h.declarer,
        "declarer_team": h.declarer_team,
        "level": h.level,
        "trump": h.trump,
        "points": h.points,
        "kitty_points": h.kitty_points,
        "dug": h.dug,
        "dry_pot": h.dry_pot,
        "score": h.score,
        "outcome": h.outcome,
        "levels_after": copy(h.levels_after),
        "blood": h.blood,
        "next_declarer": h.next_declarer,
        "game_winner": h.game_winner,
        "ledger": copy(h.ledger),
        "explain": [render(s, lang) for s in explain_hand(h)] if explain else None,
        # Extra keys (record-format.md lets the project add them).
        "game_reason": h.game_reason,
        "level_change": copy(h.level_change),
        "blood_kings": h.blood_kings,
        "blood_score": h.blood_score,
        "blood_giver": h.blood_giver,
        "kitty": format_cards(h.kitty),
        "final_kitty": format_cards(h.final_kitty),
        "kitty_points_physical": h.kitty_points_physical,
        "kitty_jokers": {"big": h.big_jokers, "small": h.small_jokers},
        "tribute": None if t is None else {
            "giver": t.giver, "receiver": t.receiver, "owed": t.owed, "cards": format_cards(t.cards),
            "waived": t.waived,
        },
        "ledger_change": copy(h.ledger_change),
    }


def to_dict(result: MatchResult, lang: str = "en", extra_errors: Sequence[RecordError] = ()) -> Obj:
    """The whole object of ``replay --json`` as one dict."""
    out = _frame(result, extra_errors)
    out["hands"] = [_hand(h, lang) for h in result.hands]
    return out


def write_json(result: MatchResult, out: TextIO, lang: str = "en", extra_errors: Sequence[RecordError] = ()) -> None:
    """The same object written to a text stream one hand at a time: a 10,000-hand match never holds
    its whole JSON text (or a dict of every hand) in memory at once."""
    frame = _frame(result, extra_errors)
    head = json.dumps({"match": frame.pop("match")}, ensure_ascii=False)
    out.write(head[:-1] + ', "hands": [')
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    quoted: dict[Step, str] = {}  # step -> its text as a JSON string: a long match repeats the same steps
    for i, h in enumerate(result.hands):
        hand = _hand(h, lang, _same, explain=False)
        hand["explain"] = _SLOT
        steps = []
        for step in explain_hand(h):
            q = quoted.get(step)
            if q is None:
                q = quoted[step] = dumps(render(step, lang))
            steps.append(q)
        text = dumps(hand).replace(_SLOT_JSON, "[" + ", ".join(steps) + "]", 1)
        out.write((", " if i else "") + text)
    out.write("], " + json.dumps(frame, ensure_ascii=False)[1:] + "\n")


_SLOT = "\x00explain\x00"  # stands in for the explanation while a hand is encoded, then replaced
_SLOT_JSON = json.dumps(_SLOT)


def _same(d: Counts) -> Counts:
    return d


def _frame(result: MatchResult, extra_errors: Sequence[RecordError]) -> Obj:
    header = result.header
    match: Obj = {}
    if header is not None:
        match = {k: getattr(header, k) for k in ("id", "date", "event", "table", "round", "referee")
                 if getattr(header, k) is not None}
        match.update(dict(header.extra))
        if header.rules != result.rules:
            match["record_rules"] = header.rules
    match["rules"] = result.rules
    match["teams"] = dict(result.teams)
    match["seats"] = dict(result.seats)
    errors = sorted([*extra_errors, *result.errors], key=lambda e: e.line)
    return {
        "match": match,
        "games": [{"game": g.game, "winner": g.winner, "reason": g.reason, "last_hand": g.last_hand}
                  for g in result.games],
        "result": {"winner": result.winner, "games": dict(result.games_won), "forfeit": result.forfeit,
                   "ledger": dict(result.ledger or {}), "ledger_headline": result.ledger_headline},
        "errors": [{"line": e.line, "message": e.message, "message_zh": e.message_zh or e.message}
                   for e in errors],
        "notes": [{"kind": n.kind, "line": n.line, "game": n.game, "hand": n.hand, "seat": n.seat,
                   "team": n.team, "text": n.text} for n in result.notes],
    }
