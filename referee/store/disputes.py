"""Disputes and confirmations of a match, read from its chain (issue 24; issue 19 item 11).

They are remarks on the record (``chain.REMARKS``): entries of the match's hash chain, verified by
``referee verify`` like every entry and never edited, which the replay ignores. Each keeps its fields as
canonical JSON in the entry's ``directive`` and its free text (a claim, a reason) in ``reason``; ``target``
links it: a dispute and a confirmation to the seq of their hand's ``hand`` event, an alternative, a
ruling, an appeal and a decision to the seq of their dispute. A ruling or a decision that picks an
alternative is stored with the ``amend`` that puts it in place (one atomic write), and names it.

This module only reads: :func:`fold` turns the entries of a match into its disputes and confirmations.
The use cases that write them are in ``referee.app.disputes``.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.core.i18n import M, Msg
from referee.core.records import RecordError
from referee.store.chain import StoredEntry

if TYPE_CHECKING:
    from referee.games.api import Game, Header


class DisputeState(enum.StrEnum):
    open = "open"  # raised, not yet ruled
    ruled = "ruled"  # the referee ruled; an appeal is still possible
    appealed = "appealed"  # appealed to the director, not yet decided
    decided = "decided"  # the director's decision: the last word


OPEN_STATES = (DisputeState.open, DisputeState.appealed)  # what a round's close warns about
STATE_WORDS: dict[DisputeState, Msg] = {
    DisputeState.open: M("open"),
    DisputeState.ruled: M("ruled"),
    DisputeState.appealed: M("appealed"),
    DisputeState.decided: M("decided by the director"),
}


class Alternative(NamedTuple):
    number: int  # K: 1, 2, … within its dispute
    seq: int  # the entry that weighed it
    target: int  # the event it replaces
    directive: str  # the directive it puts there


class Ruling(NamedTuple):
    """The referee's ruling, or the director's decision on an appeal."""

    seq: int
    keep: bool  # the record stands as stored
    alternative: int | None  # K of the alternative chosen
    amend: int | None  # the seq of the amend that put it in place
    uphold: bool  # a decision that upholds the referee's ruling (nothing changes)
    reason: str
    referee: str  # who ruled (the entry's referee)
    time: str
    head: str  # the chain head just after the ruling (its own hash)


class Appeal(NamedTuple):
    seq: int
    by: str  # the team that appeals
    reason: str
    referee: str
    time: str


class Dispute(NamedTuple):
    number: int  # D: 1, 2, … within the match
    seq: int  # its entry
    hand: int
    place: int  # the seq of its hand's `hand` event
    by: str  # the team that disputes
    claim: str
    referee: str  # who entered it
    time: str
    alternatives: tuple[Alternative, ...] = ()
    ruling: Ruling | None = None
    appeal: Appeal | None = None
    decision: Ruling | None = None

    @property
    def state(self) -> DisputeState:
        if self.decision is not None:
            return DisputeState.decided
        if self.appeal is not None:
            return DisputeState.appealed
        if self.ruling is not None:
            return DisputeState.ruled
        return DisputeState.open

    @property
    def final(self) -> Ruling | None:
        """The ruling in force: the director's decision when there is one, else the referee's."""
        return self.decision or self.ruling


class Confirmation(NamedTuple):
    seq: int
    hand: int
    place: int
    by: str  # the team that confirmed
    captain: str  # who confirmed for it ("" when not named)
    referee: str  # who entered it
    time: str


class HandMark(enum.StrEnum):
    """What ``status``, the log and the scorecard show of a settled hand."""

    unconfirmed = "unconfirmed"
    confirmed = "confirmed"
    disputed = "disputed"  # a dispute (or appeal) of it is open: it counts as not confirmed
    ruled = "ruled"  # its disputes are ruled, no confirmation since


class Remarks(NamedTuple):
    disputes: tuple[Dispute, ...]
    confirmations: tuple[Confirmation, ...]

    def dispute(self, number: int) -> Dispute | None:
        return self.disputes[number - 1] if 1 <= number <= len(self.disputes) else None

    def mark(self, hand: int) -> HandMark:
        """How hand *hand* stands: disputed while a dispute of it is open or appealed; confirmed when a
        side confirmed it after its last dispute; ruled when its disputes are settled and nobody confirmed
        since; else unconfirmed."""
        mine = [d for d in self.disputes if d.hand == hand]
        if any(d.state in OPEN_STATES for d in mine):
            return HandMark.disputed
        last = max((d.seq for d in mine), default=0)
        if any(c.hand == hand and c.seq > last for c in self.confirmations):
            return HandMark.confirmed
        return HandMark.ruled if mine else HandMark.unconfirmed

    def open_disputes(self) -> list[Dispute]:
        return [d for d in self.disputes if d.state in OPEN_STATES]


class Replaced(NamedTuple):
    """A match of any game replayed with the directive at one place replaced: both results (the game's own
    type: only the game reads them), and the problems the replacement adds."""

    seq: int
    old: str  # the directive in effect at seq
    new: str  # the directive that would replace it, as the game writes it
    recorded: Any
    changed: Any
    first_deal: int  # the deal holding seq (deals before it are the same)
    new_errors: list[RecordError]


class Weighed(NamedTuple):
    """A dispute laid out for a ruling: the game, the deal's record lines, the match as stored, and each
    alternative replayed (what ``whatif`` computes) with the settlement and match state after it."""

    game: Game
    header: Header | None  # the match's header as stored
    match_id: str
    dispute: Dispute
    lines: tuple[tuple[int, str], ...]  # (seq, directive) of the deal's events in effect
    recorded: Any  # the game's result of the match as stored
    alternatives: tuple[tuple[int, Replaced], ...]  # (K, the match with alternative K in place)
    head: str  # the match's chain head now

    @property
    def settled(self) -> bool:
        """Whether the disputed deal is settled as stored."""
        return self.dispute.hand in self.game.settled_hands(self.recorded)


class EventDispute(NamedTuple):
    round: int
    table: int
    match_id: str
    dispute: Dispute


def payload(entry: Mapping[str, object]) -> dict[str, object]:
    """The fields a remark keeps in its ``directive`` (an empty dict when a hand-edit left no JSON object)."""
    text = entry.get("directive")
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def encode(fields: Mapping[str, object]) -> str:
    """A remark's fields as its ``directive``: canonical JSON (keys sorted, no spaces)."""
    return json.dumps(dict(fields), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _int(value: object) -> int | None:
    return value if type(value) is int else None


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _ruling(e: StoredEntry, data: Mapping[str, object]) -> Ruling:
    return Ruling(e["seq"], bool(data.get("keep")), _int(data.get("alternative")), _int(data.get("amend")),
                  bool(data.get("uphold")), e["reason"], e["referee"], e["time"], e["hash"])


def fold(entries: Sequence[StoredEntry]) -> Remarks:
    """The disputes and confirmations of a match, from its entries in stored order. A remark whose
    fields a hand-edit spoiled is left out (``verify`` names the edit)."""
    disputes: list[Dispute] = []
    by_seq: dict[int, int] = {}  # the seq of a dispute's entry → its index in disputes
    confirmations: list[Confirmation] = []
    for e in entries:
        kind = e["kind"]
        if kind in ("event", "undo", "void", "amend"):
            continue
        data = payload(e)
        target = e["target"]
        if kind == "dispute":
            hand = _int(data.get("hand"))
            if hand is None or target is None:
                continue
            by_seq[e["seq"]] = len(disputes)
            disputes.append(Dispute(len(disputes) + 1, e["seq"], hand, target, _str(data.get("by")), e["reason"],
                                    e["referee"], e["time"]))
            continue
        if kind == "confirm":
            hand = _int(data.get("hand"))
            if hand is not None and target is not None:
                confirmations.append(Confirmation(e["seq"], hand, target, _str(data.get("by")),
                                                  _str(data.get("captain")), e["referee"], e["time"]))
            continue
        if target not in by_seq:
            continue
        i = by_seq[target]
        d = disputes[i]
        if kind == "alternative":
            place = _int(data.get("seq"))
            if place is not None:
                alt = Alternative(len(d.alternatives) + 1, e["seq"], place, _str(data.get("directive")))
                disputes[i] = d._replace(alternatives=(*d.alternatives, alt))
        elif kind == "ruling":
            disputes[i] = d._replace(ruling=_ruling(e, data))
        elif kind == "appeal":
            disputes[i] = d._replace(appeal=Appeal(e["seq"], _str(data.get("by")), e["reason"], e["referee"],
                                                   e["time"]))
        elif kind == "decision":
            disputes[i] = d._replace(decision=_ruling(e, data))
    return Remarks(tuple(disputes), tuple(confirmations))
