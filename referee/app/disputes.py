"""Disputes and confirmations: raised, weighed, ruled, appealed, decided; a side's confirmation of a hand.

The use cases the command line calls (``referee dispute``, ``referee confirm``) and the phone pages
will call: each takes the store, the match and plain values, checks them, and appends its entry to the
match's chain under the match's lock (``Store.session``), or raises a project error and stores nothing.
Nothing here changes a settlement but a ruling or a decision that picks an alternative: it stores the
``amend`` that puts the alternative in place, checked by the rules as ``referee amend`` checks one, in
the same atomic write as the ruling that names it.

Reads (:func:`weighed`, :func:`remarks_of`, :func:`event_disputes`) never write.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from referee.app import whatif
from referee.app.whatif import replaced
from referee.app.whatif import replay as _replay
from referee.core.errors import UsageError
from referee.core.i18n import M, Msg, listed
from referee.core.names import check_text
from referee.games.stored import game_of_view
from referee.results.eventstate import event_state
from referee.store.api import MatchSessionLike, MatchStore
from referee.store.chain import StoredEntry
from referee.store.disputes import (
    STATE_WORDS,
    Alternative,
    Dispute,
    DisputeState,
    EventDispute,
    Remarks,
    Replaced,
    Weighed,
    encode,
    fold,
)
from referee.store.store import NewEntry, StoreError, corrected

if TYPE_CHECKING:
    from referee.games.api import Game
    from referee.views.disputetext import Sides


SHOWN = 3  # the problems an alternative the rules refuse names at most (then how many more)


# --- reading -----------------------------------------------------------------------------------------

def remarks_of(entries: Sequence[StoredEntry]) -> Remarks:
    """The disputes and confirmations of a match (``referee.store.disputes.fold``)."""
    return fold(entries)


_hand_of = whatif.deal_of


def sides(store: MatchStore, match_id: str) -> Sides:
    """How the match's dispute texts name its deals and its sides (``views.disputetext.Sides``): the match
    replayed for its players' names."""
    from referee.views.disputetext import sides_of

    match = whatif.played(corrected(store.entries(match_id)))
    return sides_of(match.game, _replay(store, match.game, match.events))


def event_sides(store: MatchStore, found: Sequence[EventDispute]) -> dict[str, Sides]:
    """:func:`sides` of each match of *found* (an event's disputes)."""
    return {mid: sides(store, mid) for mid in dict.fromkeys(e.match_id for e in found)}


class Fields(NamedTuple):
    """What a refusal calls each value: the command line's options, or a page's form fields."""

    by: str = "--by"
    claim: str = "--claim"
    captain: str = "--captain"


CLI_FIELDS = Fields()
FORM_FIELDS = Fields("by", "claim", "captain")  # the entry page's form (referee.web.remarks)


def _side(game: Game, by: str, option: str = "--by") -> str:
    """*by* as one of the game's sides (a partnership at Gunzi, a seat elsewhere), or a usage error naming them."""
    side = by.strip().upper()
    if side not in game.sides:
        raise UsageError(M("{option} {value}: a side is one of {sides:list}", option=option, value=by,
                           sides=list(game.sides)))
    return side


def _text(value: str, option: str, *, needed: bool) -> str:
    text = check_text(value, option).strip()
    if needed and not text:
        raise UsageError(M("{option} TEXT is needed: nothing stored", option=option))
    return text


def _no_hand(match_id: str, hand: int, starts: Sequence[int]) -> StoreError:
    if not starts:
        return StoreError(M("match {match} has no hand {hand}: no hand is recorded yet; nothing stored",
                            match=match_id, hand=hand))
    return StoreError(M("match {match} has no hand {hand} (hands 1 to {last}); nothing stored", match=match_id,
                        hand=hand, last=len(starts)))


def _dispute(remarks: Remarks, match_id: str, number: int) -> Dispute:
    d = remarks.dispute(number)
    if d is None:
        n = len(remarks.disputes)
        if not n:
            raise StoreError(M("match {match} has no dispute {number}: none was raised; nothing stored",
                               match=match_id, number=number))
        raise StoreError(M("match {match} has no dispute {number} (disputes 1 to {last}); nothing stored",
                           match=match_id, number=number, last=n))
    return d


# --- raise -------------------------------------------------------------------------------------------

def raise_dispute(store: MatchStore, match_id: str, *, by: str, claim: str, hand: int | None = None,
                  seq: int | None = None, referee: str | None = None, names: Fields = CLI_FIELDS) -> Dispute:
    """Store that side *by* disputes hand *hand* (or the hand holding event *seq*), claiming *claim*."""
    claim = _text(claim, names.claim, needed=True)
    if (hand is None) == (seq is None):
        raise UsageError(M("give --hand N or --seq SEQ (the hand, or an event of it), not both; nothing stored"))
    with store.session(match_id) as s:
        match = whatif.played(s.view)
        team = _side(match.game, by, names.by)
        starts = match.starts
        if seq is not None:
            if seq not in s.view:
                raise StoreError(M("#{seq} is not an event in effect in match {match} (see `referee log {match}`); "
                                   "nothing stored", seq=seq, match=match_id))
            hand = _hand_of(starts, seq)
            if hand == 0:
                raise StoreError(M("#{seq} comes before the first hand of match {match}: no hand to dispute; "
                                   "nothing stored",
                                   seq=seq, match=match_id))
        assert hand is not None
        if not 1 <= hand <= len(starts):
            raise _no_hand(match_id, hand, starts)
        s.append_many([{"kind": "dispute", "directive": encode({"hand": hand, "by": team}),
                        "target": starts[hand - 1], "reason": claim}], referee)
        remarks = fold(s.entries)
    return remarks.disputes[-1]


# --- weigh -------------------------------------------------------------------------------------------

def _hand_lines(view: Mapping[int, str], starts: Sequence[int], hand: int) -> tuple[tuple[int, str], ...]:
    first = starts[hand - 1]
    end = starts[hand] if hand < len(starts) else None
    return tuple((seq, text) for seq, text in view.items() if seq >= first and (end is None or seq < end))


def weighed(store: MatchStore, match_id: str, number: int) -> Weighed:
    """Dispute *number* of the match with its alternatives replayed; stores nothing."""
    stored_entries = store.entries(match_id)
    remarks = fold(stored_entries)
    d = _dispute(remarks, match_id, number)
    # The record as disputed: without the amends its ruling and decision put in place.
    linked = {r.amend for r in (d.ruling, d.decision) if r is not None and r.amend is not None}
    view = corrected(e for e in stored_entries if e["seq"] not in linked)
    match = whatif.played(view)
    recorded = _replay(store, match.game, match.events)
    lines = _hand_lines(view, match.starts, d.hand) if d.hand <= len(match.starts) else ()
    alts: list[tuple[int, Replaced]] = []
    for alt in d.alternatives:
        if alt.target in view:
            try:
                alts.append((alt.number, replaced(store, match, match_id, alt.target, alt.directive, recorded)))
            except StoreError:  # an alternative the reader no longer takes (the record moved on): not weighed
                continue
    return Weighed(match.game, match.game.header(match.events), match_id, d, lines, recorded, tuple(alts),
                   stored_entries[-1]["hash"])


def weigh(store: MatchStore, match_id: str, number: int, alternatives: Sequence[tuple[int, str]],
          referee: str | None = None) -> Dispute:
    """Add *alternatives* ((seq, directive) each: the directive that would replace seq) to dispute *number*,
    each checked by the rules first: an alternative they refuse, or one outside the disputed hand, stores none
    of them. One already weighed is not stored twice."""
    with store.session(match_id) as s:
        remarks = fold(s.entries)
        d = _dispute(remarks, match_id, number)
        if d.state in (DisputeState.ruled, DisputeState.decided):
            raise StoreError(M("dispute {number} of match {match} is {state}: no alternative can be added; nothing "
                               "stored",
                               number=number, match=match_id, state=_state_word(d.state)))
        view = s.view
        match = whatif.played(view)
        starts = match.starts
        known = {(a.target, a.directive) for a in d.alternatives}
        new: list[NewEntry] = []
        recorded = None
        for seq, text in alternatives:
            if seq not in view or _hand_of(starts, seq) != d.hand:
                raise StoreError(M("#{seq} is not an event of {deal} in effect (see `referee log {match} --hand "
                                   "{hand}`); nothing stored",
                                   seq=seq, deal=match.game.deal_named(d.hand), hand=d.hand, match=match_id))
            w = replaced(store, match, match_id, seq, text, recorded)
            recorded = w.recorded
            directive = w.new
            if w.new_errors:
                from referee.app.officiate import _named
                from referee.core.i18n import MN
                from referee.views.matchtext import semicolons

                named = _named(w.new_errors, dict(view), seq)  # each naming the later entry it makes wrong
                shown: list[Msg] = [e.msg for e in named[:SHOWN]]
                if len(w.new_errors) > SHOWN:  # a change that breaks every later hand: the first few, and a count
                    shown.append(MN("and {n} more problem", "and {n} more problems", len(w.new_errors) - SHOWN))

                raise StoreError(M("the rules refuse the alternative #{seq} `{directive}`: {problems}; nothing stored",
                                   seq=seq, directive=directive, problems=semicolons(shown)))
            if (seq, directive) in known:
                continue
            known.add((seq, directive))
            new.append({"kind": "alternative", "directive": encode({"seq": seq, "directive": directive}),
                        "target": d.seq, "reason": ""})
        if new:
            s.append_many(new, referee)
        return _dispute(fold(s.entries), match_id, number)


# --- rule, appeal, decide ----------------------------------------------------------------------------

def _state_word(state: DisputeState) -> Msg:
    return STATE_WORDS[state]


def _choice(keep: bool, alternative: int | None) -> None:
    if keep == (alternative is not None):
        raise UsageError(M("give --keep or --alt K (one of them); nothing stored"))


def _amend_items(store: MatchStore, s: MatchSessionLike, match_id: str, d: Dispute, target: int, directive: str,
                 reason: str, number: int) -> NewEntry:
    """The amend that puts *directive* at *target*, checked by the rules as `referee amend` checks one."""
    from referee.app.officiate import Rejected

    view = s.view
    if target not in view:
        raise StoreError(M("#{seq} is no longer in effect in match {match}: the alternative cannot be put in place; "
                           "nothing stored",
                           seq=target, match=match_id))
    w = replaced(store, whatif.played(view), match_id, target, directive)
    if w.new_errors:
        raise Rejected(w.new_errors, (), what="amend")
    return {"kind": "amend", "directive": w.new, "target": target,
            "reason": M("dispute {number}: {reason}", number=number, reason=reason).text("en")}


class Ruled(NamedTuple):
    game: Game
    dispute: Dispute
    amend: StoredEntry | None  # the amend that put the chosen alternative in place
    before: Any  # the game's result of the match before it (None: nothing changed)
    after: Any


def _ruled(store: MatchStore, s: MatchSessionLike, match_id: str, number: int, kind: str, fields: dict[str, object],
           reason: str, amend: NewEntry | None, d: Dispute, referee: str | None) -> Ruled:
    match = whatif.played(s.view)
    before = _replay(store, match.game, match.events) if amend is not None else None
    items: list[NewEntry] = []
    if amend is not None:
        items.append(amend)
        fields = {**fields, "amend": s.next_seq}
    items.append({"kind": kind, "directive": encode(fields), "target": d.seq, "reason": reason})
    stored = s.append_many(items, referee)
    if amend is not None:
        now = whatif.played(s.view)
        after = _replay(store, now.game, now.events)
    else:
        after = None
    return Ruled(match.game, _dispute(fold(s.entries), match_id, number), stored[0] if amend is not None else None,
                 before, after)


def rule(store: MatchStore, match_id: str, number: int, *, keep: bool = False, alternative: int | None = None,
         reason: str, referee: str | None = None) -> Ruled:
    """The referee's ruling on dispute *number*: the record stands (*keep*) or alternative K replaces the
    event it names (an amend, linked to the dispute); *reason* is needed. Closes the dispute."""
    _choice(keep, alternative)
    reason = _text(reason, "--reason", needed=True)
    with store.session(match_id) as s:
        d = _dispute(fold(s.entries), match_id, number)
        if d.state is not DisputeState.open:
            raise StoreError(M("dispute {number} of match {match} is already {state}; nothing stored",
                               number=number, match=match_id, state=_state_word(d.state)))
        amend = None
        fields: dict[str, object] = {"keep": True}
        if alternative is not None:
            alt = _alternative(d, match_id, alternative)
            amend = _amend_items(store, s, match_id, d, alt.target, alt.directive, reason, number)
            fields = {"alternative": alternative}
        return _ruled(store, s, match_id, number, "ruling", fields, reason, amend, d, referee)


def _alternative(d: Dispute, match_id: str, k: int) -> Alternative:
    if not 1 <= k <= len(d.alternatives):
        if not d.alternatives:
            raise StoreError(M("dispute {number} of match {match} has no alternative {k}: none was weighed (referee "
                               "dispute {match} show {number} --alt 'SEQ DIRECTIVE'); nothing stored",
                               number=d.number, match=match_id, k=k))
        raise StoreError(M("dispute {number} of match {match} has no alternative {k} (alternatives 1 to {last}); "
                           "nothing stored",
                           number=d.number, match=match_id, k=k, last=len(d.alternatives)))
    return d.alternatives[k - 1]


class Window(NamedTuple):
    """When an appeal can be made: until the round closes (``closed``: it has), and at most *minutes*
    after the ruling when the event's scoring sets ``disputes.appeal_minutes`` (0: no such limit)."""

    event: str | None
    round: int | None
    closed: bool
    minutes: int


def appeal_window(store: MatchStore, match_id: str) -> Window:
    from referee.app.appending import closed_round
    from referee.tournament.matchids import EVENT_MATCH

    m = EVENT_MATCH.fullmatch(match_id)
    if m is None:
        return Window(None, None, False, 0)
    log = store.event_log(m["event"])
    if not log.exists():
        return Window(None, None, False, 0)
    minutes = event_state(log).settings.scoring.appeal_minutes
    return Window(m["event"], int(m["round"]), closed_round(store, match_id) is not None, minutes)


def _after(time: str, minutes: int, now: datetime.datetime) -> bool:
    try:
        then = datetime.datetime.fromisoformat(time.replace("Z", "+00:00"))
    except ValueError:
        return False
    if then.tzinfo is None:
        then = then.replace(tzinfo=datetime.UTC)
    return now > then + datetime.timedelta(minutes=minutes)


def appeal(store: MatchStore, match_id: str, number: int, *, by: str, reason: str = "", referee: str | None = None,
           now: datetime.datetime | None = None) -> Dispute:
    """Side *by* appeals the ruling of dispute *number* to the director, within the appeal window."""
    reason = _text(reason, "--reason", needed=False)
    window = appeal_window(store, match_id)
    with store.session(match_id) as s:
        team = _side(game_of_view(s.view), by)
        d = _dispute(fold(s.entries), match_id, number)
        if d.state is not DisputeState.ruled:
            raise StoreError(M("dispute {number} of match {match} is {state}: only a ruled dispute can be appealed; "
                               "nothing stored",
                               number=number, match=match_id, state=_state_word(d.state)))
        if window.closed:
            raise StoreError(M("the appeal window of dispute {number} has passed: round {round} of event {event} is "
                               "closed; nothing stored",
                               number=number, round=window.round, event=window.event))
        assert d.ruling is not None
        moment = now or datetime.datetime.now(datetime.UTC)
        if window.minutes and _after(d.ruling.time, window.minutes, moment):
            raise StoreError(M("the appeal window of dispute {number} has passed: {minutes} minutes after the ruling "
                               "(disputes.appeal_minutes of the event's scoring); nothing stored",
                               number=number, minutes=window.minutes))
        s.append_many([{"kind": "appeal", "directive": encode({"by": team}), "target": d.seq, "reason": reason}],
                      referee)
        return _dispute(fold(s.entries), match_id, number)


def decide(store: MatchStore, match_id: str, number: int, *, uphold: bool = False, keep: bool = False,
           alternative: int | None = None, reason: str, referee: str | None = None) -> Ruled:
    """The director's decision on the appeal of dispute *number*, the last word: uphold the ruling, or
    rule anew (keep the record as it was before the ruling, or put alternative K in place)."""
    if sum((uphold, keep, alternative is not None)) != 1:
        raise UsageError(M("give one of --uphold, --keep or --alt K; nothing stored"))
    reason = _text(reason, "--reason", needed=True)
    with store.session(match_id) as s:
        d = _dispute(fold(s.entries), match_id, number)
        if d.state is not DisputeState.appealed:
            raise StoreError(M("dispute {number} of match {match} is {state}: the director decides an appealed "
                               "dispute; nothing stored",
                               number=number, match=match_id, state=_state_word(d.state)))
        assert d.ruling is not None
        amend = None
        fields: dict[str, object] = {"uphold": True}
        if alternative is not None:
            alt = _alternative(d, match_id, alternative)
            fields = {"alternative": alternative}
            if alternative != d.ruling.alternative:
                amend = _amend_items(store, s, match_id, d, alt.target, alt.directive, reason, number)
        elif keep:
            fields = {"keep": True}
            if d.ruling.amend is not None:  # the ruling changed the record: put back what it replaced
                from referee.store.store import log_of

                taken = log_of(s.entries)[d.ruling.amend - 1].taken
                target = s.entries[d.ruling.amend - 1]["target"]
                assert target is not None
                amend = _amend_items(store, s, match_id, d, target, taken, reason, number)
        return _ruled(store, s, match_id, number, "decision", fields, reason, amend, d, referee)


# --- confirm -----------------------------------------------------------------------------------------

class Confirmed(NamedTuple):
    hand: int
    by: str
    captain: str
    entry: StoredEntry
    disputed: bool  # the hand has an open dispute: it still counts as not confirmed


def confirm(store: MatchStore, match_id: str, *, hand: int, by: str, captain: str = "",
            referee: str | None = None, names: Fields = CLI_FIELDS) -> Confirmed:
    """Side *by* (its captain named or not) confirms settled hand *hand*: a chained entry."""
    captain = _text(captain, names.captain, needed=False)
    with store.session(match_id) as s:
        match = whatif.played(s.view)
        team = _side(match.game, by, names.by)
        starts = match.starts
        if not 1 <= hand <= len(starts):
            raise _no_hand(match_id, hand, starts)
        if hand not in match.game.settled_hands(_replay(store, match.game, match.events)):
            raise StoreError(M("{deal} of match {match} is not settled yet: there is nothing to confirm; "
                               "nothing stored",
                               deal=match.game.deal_named(hand), match=match_id))
        fields: dict[str, object] = {"hand": hand, "by": team}
        if captain:
            fields["captain"] = captain
        entry = s.append_many([{"kind": "confirm", "directive": encode(fields), "target": starts[hand - 1],
                                "reason": ""}], referee)[0]
        from referee.store.disputes import HandMark

        disputed = fold(s.entries).mark(hand) is HandMark.disputed
    return Confirmed(hand, team, captain, entry, disputed)


# --- across an event ---------------------------------------------------------------------------------

class Unconfirmed(NamedTuple):
    match_id: str
    hands: tuple[int, ...]  # settled hands not confirmed (a disputed hand included)


def event_disputes(store: MatchStore, event_id: str, rounds: Sequence[int] | None = None) -> list[EventDispute]:
    """Every dispute of the event's matches (of *rounds* only, when given), round by round."""
    state = event_state(store.event_log(event_id))
    found: list[EventDispute] = []
    for rnd in state.rounds:
        if rounds is not None and rnd.number not in rounds:
            continue
        for t in rnd.tables:
            if not store.exists(t.match_id):
                continue
            for d in fold(store.entries(t.match_id)).disputes:
                found.append(EventDispute(rnd.number, t.number, t.match_id, d))
    return found


def unconfirmed(store: MatchStore, match_ids: Sequence[str]) -> list[Unconfirmed]:
    """The settled hands of each match that no side confirmed (a disputed one counts as not confirmed)."""
    from referee.store.disputes import HandMark

    out: list[Unconfirmed] = []
    for mid in match_ids:
        if not store.exists(mid):
            continue
        entries = store.entries(mid)
        remarks = fold(entries)
        match = whatif.played(corrected(entries))
        settled = match.game.settled_hands(_replay(store, match.game, match.events))
        hands = tuple(n for n in settled if remarks.mark(n) is not HandMark.confirmed)
        if hands:
            out.append(Unconfirmed(mid, hands))
    return out


def open_disputes(store: MatchStore, match_ids: Sequence[str]) -> list[tuple[str, Dispute]]:
    """The disputes of *match_ids* still open or appealed: what a round's close warns about."""
    found: list[tuple[str, Dispute]] = []
    for mid in match_ids:
        if store.exists(mid):
            found += [(mid, d) for d in fold(store.entries(mid)).open_disputes()]
    return found


def open_msgs(store: MatchStore, match_ids: Sequence[str]) -> list[Msg]:
    """:func:`open_msg` of every open dispute of *match_ids* (:func:`open_disputes`), each match's words read once
    (:func:`sides` replays it)."""
    found = open_disputes(store, match_ids)
    words = {mid: sides(store, mid) for mid in dict.fromkeys(mid for mid, _ in found)}
    return [open_msg(mid, d, words[mid]) for mid, d in found]


def open_msg(match_id: str, d: Dispute, words: Sides) -> Msg:
    """``T3 dispute 1 (hand 7, NS, open)``; ``T2 dispute 1 (deal 4, seat 2 (李四), open)`` (*words*: :func:`sides`)."""
    return M("{match} dispute {number} ({deal}, {team}, {state})", match=match_id, number=d.number,
             deal=words.deal(d.hand), team=words.side(d.by), state=STATE_WORDS[d.state])


def unconfirmed_msg(u: Unconfirmed) -> Msg:
    """``T3 hands 2, 5``."""
    return M("{match} hands {hands}", match=u.match_id,
             hands=listed(u.hands))

