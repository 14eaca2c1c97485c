"""Extending a chain with entries sealed elsewhere (``referee sync``): a match's or an event log's entries that
continue its head, stored as they are (the same bytes and hashes: ``referee.store.chain`` makes them the same
whatever backend wrote them).

:func:`continuation` is the one check both backends make under the chain's lock before they write: the head is
where the caller saw it (*expect_seq*, else ``MovedOn``: nothing written), and the new entries continue it (the
next seq, linked to the head's hash, each one's content matching its hash, else ``BrokenChain``: nothing
written). :func:`put_sealed` is the folder store's write of them: one atomic write of the match file, then the head
record, as an append writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee.core.i18n import M
from referee.store import chain
from referee.store.chain import StoredEntry
from referee.store.errors import BrokenChain, moved_on

if TYPE_CHECKING:
    from referee.store.store import MatchSession, PinnedSession


def continuation(chain_id: str, before: Sequence[Mapping[str, object]], new: Sequence[StoredEntry],
                 expect_seq: int) -> list[StoredEntry]:
    """*new* when it continues *before* (a chain that holds *expect_seq* entries), checked entry by entry; else
    ``MovedOn`` (the chain does not hold *expect_seq* entries) or ``BrokenChain`` naming the first entry that
    does not follow."""
    if len(before) != expect_seq:
        raise moved_on(len(before), expect_seq)
    found = list(new)
    if not found:
        raise BrokenChain(chain.ChainProblem(chain_id, None, M("no entries to add")),
                          M("{problem}; nothing was stored"))
    prev = str(before[-1]["hash"]) if before else chain.GENESIS
    for i, entry in enumerate(found, start=len(before) + 1):
        problem = chain.entry_problem(entry)
        if problem is None and entry.get("seq") != i:
            problem = M("entry {i} carries seq {seq}: it does not continue the chain", i=i, seq=repr(entry.get("seq")))
        elif problem is None and entry.get("prev") != prev:
            problem = M("its link to the entry before does not match (an entry before it was removed or replaced)")
        elif problem is None and chain.entry_hash(chain_id, entry) != entry.get("hash"):
            problem = M("its content does not match its hash (edited by hand)")
        if problem is not None:
            raise BrokenChain(chain.ChainProblem(chain_id, i, problem),
                              M("{problem}; nothing was stored"))
        prev = entry["hash"]
    return found


def put_sealed(session: MatchSession | PinnedSession, new: Sequence[StoredEntry]) -> None:
    """Write *new* (checked by :func:`continuation`) after the entries of the folder store's *session*, in one
    atomic write of the match file (all or none), then bring the head record up to date: what
    ``MatchSession.append_many`` writes after it has sealed its items."""
    session.write_sealed(new)


def changes_header(new: Sequence[StoredEntry]) -> bool:
    """Whether *new* may change the header in effect (a correction: the index row is written again)."""
    return any(e["kind"] in chain.CORRECTIONS for e in new)
