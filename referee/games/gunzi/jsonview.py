"""The JSON that ``replay --json`` prints: the public contract of record-format.md, plus extra keys."""

from __future__ import annotations

import codecs
import json
from collections.abc import Sequence
from typing import BinaryIO, TextIO

from referee.games.gunzi.cards import format_cards
from referee.games.gunzi.engine import Replay
from referee.games.gunzi.events import Event, MatchHeader, RecordError
from referee.games.gunzi.explain import Step, render, worded
from referee.games.gunzi.results import HandResult, MatchResult
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.settle import explain_hand
from referee.games.kit.jsonout import BOOLS, quote

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
    """The same object written to a text stream a hundred hands at a time, without a dict of every hand
    or the whole text in memory. Each hand is written as ``json.dumps(_hand(h, lang))`` would write it
    (:func:`_hand_json`), without building the dict."""
    hands = _Hands(out, lang)
    out.write(_head(result.header, result.rules, result.teams, result.seats))
    hands.write(result.hands)
    out.write(_tail(result, extra_errors))


def stream_json(events: Sequence[Event], rules: RuleSet, out: TextIO, lang: str = "en",
                extra_errors: Sequence[RecordError] = (), every: int = 1000) -> None:
    """``write_json(replay(events, rules), …)``, the same text, each hand written soon after it is settled
    (``Replay.take_settled``) and then let go: a 10,000-hand match never holds its settled hands (~3 KB
    each) in memory at once. The match's head is written once no later event can change it (its header
    read and its first hand begun: the names come before it); a record without a header first is held
    to its end, as ``write_json`` would. *every*: the events fed to the fold between two writes (~100
    hands)."""
    fold = Replay(rules)
    fold.begin(events)
    hands = _Hands(out, lang)
    held: list[HandResult] = []  # settled hands not written yet: the head is not written
    started = False
    for start in range(0, len(events), every):
        fold.feed(events[start:start + every])
        settled = fold.take_settled()
        if not started and fold.header is not None and fold.seen_first_hand:
            out.write(_head(fold.header, rules.name, fold.teams, fold.seats))
            started = True
        if started:
            if held:
                hands.write(held)
                held = []
            hands.write(settled)
        else:
            held += settled
    result = fold.result()
    if not started:
        out.write(_head(result.header, result.rules, result.teams, result.seats))
    hands.write([*held, *result.hands])
    out.write(_tail(result, extra_errors))


class _Hands:
    """Writes hands into the open ``"hands"`` list, commas between them, each step's text worded once.

    To a UTF-8 file (the command line's stdout) the hands go as bytes to its buffer, each step's text encoded
    once: the explanation's arrows and Chinese make every hand's text two bytes a character, and encoding
    ~19 MB of them to UTF-8 on each write, after widening every ASCII piece joined with them, cost more than
    wording them (callgrind, 10,000 hands). Any other stream (a ``StringIO``) gets the same text as text."""

    def __init__(self, out: TextIO, lang: str) -> None:
        self.out, self.lang = out, lang
        self.first = True
        # Each step's text as a JSON string, worded once: a long match repeats the same steps (135,000 steps
        # in 10,000 hands, 10,000 distinct). A hit is one dict lookup in a list comprehension; a miss words it.
        self.quoted: dict[Step, str] = {}
        self.encoded: dict[Step, bytes] = {}  # the same, encoded for the buffer
        self.raw = _utf8_buffer(out)

    def _quote(self, step: Step) -> str:
        q = self.quoted[step] = quote(worded(step, self.lang))
        return q

    def _encode(self, step: Step) -> bytes:
        assert self.raw is not None
        b = self.encoded[step] = quote(worded(step, self.lang)).encode("utf-8", self.raw[1])
        return b

    def write(self, hands: Sequence[HandResult]) -> None:
        if self.raw is not None:
            self._write_bytes(hands, *self.raw)
            return
        known, quote, out = self.quoted.get, self._quote, self.out
        for start in range(0, len(hands), 100):  # a hundred at a time: fewer, larger writes
            chunk = [_hand_json(h, f"[{', '.join([known(s) or quote(s) for s in explain_hand(h)])}]")
                     for h in hands[start:start + 100]]
            if not self.first:  # the comma written on its own: ~190 KB of hands are not copied again to add it
                out.write(", ")
            out.write(", ".join(chunk))
            self.first = False

    def _write_bytes(self, hands: Sequence[HandResult], raw: BinaryIO, errors: str) -> None:
        """:meth:`write`'s bytes, to the stream's buffer (the text written before it flushed first)."""
        if not hands:
            return
        self.out.flush()
        known, encode = self.encoded.get, self._encode
        for start in range(0, len(hands), 100):
            chunk: list[bytes] = [] if self.first else [b", "]
            for h in hands[start:start + 100]:
                head, tail = _hand_parts(h)
                chunk += (head.encode("utf-8", errors), b"[",
                          b", ".join([known(s) or encode(s) for s in explain_hand(h)]),
                          b"]", tail.encode("utf-8", errors), b", ")
            chunk.pop()  # no comma after the last hand
            raw.write(b"".join(chunk))
            self.first = False


def _utf8_buffer(out: TextIO) -> tuple[BinaryIO, str] | None:
    """The byte stream under *out* and its error handler, when *out* is a text file that encodes as UTF-8;
    None for any other stream (a ``StringIO`` has no buffer; a GBK terminal's stdout encodes otherwise)."""
    raw = getattr(out, "buffer", None)
    encoding = getattr(out, "encoding", None)
    if raw is None or not encoding or codecs.lookup(encoding).name != "utf-8":
        return None
    return raw, getattr(out, "errors", None) or "strict"


def _head(header: MatchHeader | None, rules: str, teams: dict[str, str], seats: dict[str, str]) -> str:
    """The object's start, up to the open list of hands."""
    return json.dumps({"match": _match(header, rules, teams, seats)}, ensure_ascii=False)[:-1] + ', "hands": ['


def _tail(result: MatchResult, extra_errors: Sequence[RecordError]) -> str:
    """The object's end, from the close of the list of hands."""
    frame = _frame(result, extra_errors)
    del frame["match"]
    return "], " + json.dumps(frame, ensure_ascii=False)[1:] + "\n"


def _opt(text: str | None) -> str:
    """A string or null, as JSON."""
    return "null" if text is None else quote(text)


def _counts_json(d: Counts) -> str:
    """A dict of team (or kind) -> int, as JSON; each distinct one written once (a long match repeats
    its levels and its changes)."""
    key = tuple(d.items())
    text = _COUNTS.get(key)
    if text is None:
        text = "{" + ", ".join([f"{quote(k)}: {int(v)}" for k, v in key]) + "}"
        if len(_COUNTS) < 10_000:
            _COUNTS[key] = text
    return text


_COUNTS: dict[tuple[tuple[str, int], ...], str] = {}


def _hand_json(h: HandResult, explain: str) -> str:
    """``json.dumps(_hand(h, lang), ensure_ascii=False)`` with *explain* (the explanation's JSON list)
    in its place, written field by field: the same text, at a fraction of the cost of a dict and the
    encoder for each of 10,000 hands. (tests/test_explain.py compares the two.)"""
    head, tail = _hand_parts(h)
    return f"{head}{explain}{tail}"


def _hand_parts(h: HandResult) -> tuple[str, str]:
    """:func:`_hand_json`'s text before the explanation and after it."""
    t = h.tribute
    kitty = quote(format_cards(h.kitty))
    tribute = "null" if t is None else (
        f'{{"giver": {quote(t.giver)}, "receiver": {quote(t.receiver)}, "owed": {t.owed}, '
        f'"cards": {quote(format_cards(t.cards))}, "waived": {_opt(t.waived)}}}')
    return (
        f'{{"hand": {h.hand}, "game": {h.game}, "declarer": {quote(h.declarer)}, '
        f'"declarer_team": {quote(h.declarer_team)}, "level": {h.level}, "trump": {_opt(h.trump)}, '
        f'"points": {h.points}, "kitty_points": {h.kitty_points}, "dug": {BOOLS[h.dug]}, '
        f'"dry_pot": {BOOLS[h.dry_pot]}, "score": {h.score}, "outcome": {quote(h.outcome)}, '
        f'"levels_after": {_counts_json(h.levels_after)}, "blood": {h.blood}, '
        f'"next_declarer": {_opt(h.next_declarer)}, "game_winner": {_opt(h.game_winner)}, '
        f'"ledger": {_counts_json(h.ledger)}, "explain": ',
        f', "game_reason": {_opt(h.game_reason)}, '
        f'"level_change": {_counts_json(h.level_change)}, "blood_kings": {h.blood_kings}, '
        f'"blood_score": {h.blood_score}, "blood_giver": {_opt(h.blood_giver)}, '
        f'"kitty": {kitty}, '
        f'"final_kitty": {kitty if h.final_kitty == h.kitty else quote(format_cards(h.final_kitty))}, '
        f'"kitty_points_physical": {h.kitty_points_physical}, '
        f'"kitty_jokers": {{"big": {h.big_jokers}, "small": {h.small_jokers}}}, '
        f'"tribute": {tribute}, "ledger_change": {_counts_json(h.ledger_change)}}}'
    )


def _match(header: MatchHeader | None, rules: str, teams: dict[str, str], seats: dict[str, str]) -> Obj:
    match: Obj = {}
    if header is not None:
        match = {k: getattr(header, k) for k in ("id", "date", "event", "table", "round", "referee")
                 if getattr(header, k) is not None}
        match.update(dict(header.extra))
        if header.rules != rules:
            match["record_rules"] = header.rules
    match["rules"] = rules
    match["teams"] = dict(teams)
    match["seats"] = dict(seats)
    return match


def _frame(result: MatchResult, extra_errors: Sequence[RecordError]) -> Obj:
    match = _match(result.header, result.rules, result.teams, result.seats)
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
