"""A closed round's witness: the head (number of entries, hash of the last) its close recorded for each
of its matches, and what it means when a match no longer carries it. Used by every read of an event
(``referee.results.eventresults``), by ``referee verify`` (``referee.results.eventaudit``) and by every
write into a match of a closed round (``referee.app.appending``): a match cut back or rewritten after
its round's close is a finding, never a silent change, even when its head record and its ``meta`` table
went with it. Light to import: ``referee record`` loads it.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.i18n import M, Msg
from referee.store.chain import GENESIS, StoredEntry
from referee.store.chain import entries as n_entries


def close_finding(event_id: str, number: int, match_id: str, head: tuple[int, str], entries: int | None,
                  at_head: str) -> Msg | None:
    """What is wrong with a match of closed round *number* whose close recorded *head*: it is gone
    (*entries* None), holds fewer entries, or *at_head* (the hash of its entry at the head's count) is
    not the head's; None when it still carries the head (entries after it are corrections after the
    close, which the standings show)."""
    count, digest = head
    if entries is None:
        return M("event {event}: match {match} of round {round}, closed at {head}, is missing from the store",
                 event=event_id, match=match_id, round=number, head=n_entries(count))
    if entries < count:
        return M("event {event}: round {round} was closed with match {match} at {head}; it now holds {entries}: "
                 "entries were removed after the close",
                 event=event_id, round=number, match=match_id, head=n_entries(count),
                 entries=n_entries(entries))
    if at_head != digest:
        return M("event {event}: match {match}, #{seq} does not carry the hash round {round}'s close recorded: the "
                 "match was rewritten after the close",
                 event=event_id, match=match_id, seq=count, round=number)
    return None


def missing(event_id: str, number: int, match_id: str, head: tuple[int, str] | None) -> Msg:
    """A table's match that is not in the store (with the head its round's close recorded, if closed)."""
    if head is not None:
        found = close_finding(event_id, number, match_id, head, None, "")
        assert found is not None
        return found
    return M("event {event}: match {match} of round {round} is missing from the store",
             event=event_id, match=match_id, round=number)


def hash_at(entries: Sequence[StoredEntry], n: int) -> str:
    """The hash of entry *n* (the chain's start for 0; "" when there is no such entry)."""
    if n == 0:
        return GENESIS
    return entries[n - 1]["hash"] if n <= len(entries) else ""
