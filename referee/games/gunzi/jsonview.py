"""The JSON that ``replay --json`` prints: the public contract of record-format.md, plus extra keys."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TextIO

from referee.games.gunzi.cards import format_cards
from referee.games.gunzi.events import RecordError
from referee.games.gunzi.explain import Step, render, worded
from referee.games.gunzi.results import HandResult, MatchResult
from referee.games.gunzi.settle import explain_hand

# A JSON object as built here: its values are what ``json.dumps`` encodes (numbers, strings, codes,
# None, lists and objects of them).
Obj = dict[str, object]
Counts = dict[str, int]  # per team (levels, ledger) or per joker kind


def _hand(h: HandResult, lang: str) -> Obj:
    """One hand's object (its dicts copied: to_dict hands them to the caller). The streaming writer
    writes the same object as text without building it (:func:`_hand_json`)."""
    copy = dict
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
        "explain": [render(s, lang) for s in explain_hand(h)],
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
    its whole JSON text (or a dict of every hand) in memory at once. Each hand is written as
    ``json.dumps(_hand(h, lang))`` would write it (:func:`_hand_json`), without building the dict."""
    frame = _frame(result, extra_errors)
    head = json.dumps({"match": frame.pop("match")}, ensure_ascii=False)
    out.write(head[:-1] + ', "hands": [')
    # Each step's text as a JSON string, worded once: a long match repeats the same steps (135,000 steps in
    # 10,000 hands, 10,000 distinct). A hit is one dict lookup in a list comprehension; a miss words it.
    quoted: dict[Step, str] = {}
    known = quoted.get

    def quote(step: Step) -> str:
        q = quoted[step] = _str(worded(step, lang))
        return q

    hands = result.hands
    for start in range(0, len(hands), 100):  # hands written a hundred at a time: fewer, larger writes
        chunk = [_hand_json(h, "[" + ", ".join([known(s) or quote(s) for s in explain_hand(h)]) + "]")
                 for h in hands[start:start + 100]]
        out.write((", " if start else "") + ", ".join(chunk))
    out.write("], " + json.dumps(frame, ensure_ascii=False)[1:] + "\n")


_str = json.encoder.encode_basestring  # a str as json.dumps(..., ensure_ascii=False) writes it (C)
_BOOL = {False: "false", True: "true"}


def _opt(text: str | None) -> str:
    """A string or null, as JSON."""
    return "null" if text is None else _str(text)


def _counts_json(d: Counts) -> str:
    """A dict of team (or kind) -> int, as JSON; each distinct one written once (a long match repeats
    its levels and its changes)."""
    key = tuple(d.items())
    text = _COUNTS.get(key)
    if text is None:
        text = "{" + ", ".join([f"{_str(k)}: {int(v)}" for k, v in key]) + "}"
        if len(_COUNTS) < 10_000:
            _COUNTS[key] = text
    return text


_COUNTS: dict[tuple[tuple[str, int], ...], str] = {}


def _hand_json(h: HandResult, explain: str) -> str:
    """``json.dumps(_hand(h, lang), ensure_ascii=False)`` with *explain* (the explanation's JSON list)
    in its place, written field by field: the same text, at a fraction of the cost of a dict and the
    encoder for each of 10,000 hands. (tests/test_explain.py compares the two.)"""
    t = h.tribute
    kitty = _str(format_cards(h.kitty))
    tribute = "null" if t is None else (
        f'{{"giver": {_str(t.giver)}, "receiver": {_str(t.receiver)}, "owed": {t.owed}, '
        f'"cards": {_str(format_cards(t.cards))}, "waived": {_opt(t.waived)}}}')
    return (
        f'{{"hand": {h.hand}, "game": {h.game}, "declarer": {_str(h.declarer)}, '
        f'"declarer_team": {_str(h.declarer_team)}, "level": {h.level}, "trump": {_opt(h.trump)}, '
        f'"points": {h.points}, "kitty_points": {h.kitty_points}, "dug": {_BOOL[h.dug]}, '
        f'"dry_pot": {_BOOL[h.dry_pot]}, "score": {h.score}, "outcome": {_str(h.outcome)}, '
        f'"levels_after": {_counts_json(h.levels_after)}, "blood": {h.blood}, '
        f'"next_declarer": {_opt(h.next_declarer)}, "game_winner": {_opt(h.game_winner)}, '
        f'"ledger": {_counts_json(h.ledger)}, "explain": {explain}, "game_reason": {_opt(h.game_reason)}, '
        f'"level_change": {_counts_json(h.level_change)}, "blood_kings": {h.blood_kings}, '
        f'"blood_score": {h.blood_score}, "blood_giver": {_opt(h.blood_giver)}, '
        f'"kitty": {kitty}, "final_kitty": {kitty if h.final_kitty == h.kitty else _str(format_cards(h.final_kitty))}, '
        f'"kitty_points_physical": {h.kitty_points_physical}, '
        f'"kitty_jokers": {{"big": {h.big_jokers}, "small": {h.small_jokers}}}, '
        f'"tribute": {tribute}, "ledger_change": {_counts_json(h.ledger_change)}}}'
    )


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
