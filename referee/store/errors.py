"""The store's errors: what a store operation that cannot be done raises, each worded in no language yet.

The bottom of the store package: the lock (``files``), the store and its repositories all raise these, and
import nothing above them for it.
"""

from __future__ import annotations

from referee.core.errors import NotFound, RefereeError
from referee.core.i18n import Msg
from referee.store import chain


class StoreError(RefereeError):
    """A store operation that cannot be done (exit 1): ``StoreError(M("…", field=…))``, the message
    saying why in plain words, worded in the user's language where it is shown."""


class StoreBusy(StoreError, TimeoutError):
    """Another process held the match's lock for too long; nothing was written."""


class StoreWriteError(StoreError):
    """The system refused a write (a read-only store, a full disk): the message says which file and
    why, and that nothing was stored, which the order of the writes makes true."""


class UnknownMatch(NotFound, StoreError):
    """A match id the store does not hold: something named that is not there (exit 2)."""


class MovedOn(StoreError):
    """The match holds entries the writer did not know of (an ``expect_seq`` that is not its count): nothing
    stored; the web answers 409."""


class DuplicateMatch(StoreError):
    """A match id already stored (refused, exit 1)."""


class BrokenChain(StoreError):
    """A match file whose hash chain or content is broken; ``problem`` says where (for ``verify``)."""

    def __init__(self, problem: chain.ChainProblem | Msg, suffix: Msg | None = None) -> None:
        self.problem: chain.ChainProblem | None
        if isinstance(problem, Msg):  # pickling hands the message back
            super().__init__(problem)
            self.problem = None
            return
        msg = problem.msg if suffix is None else suffix.bind(problem=problem.msg)
        super().__init__(msg)
        self.problem = problem


MatchMovedOn = MovedOn  # the PostgreSQL branch's name of the same refusal: one class, one message


def moved_on(have: int, after: int) -> MovedOn:
    """The refusal of an append made after entry #*after* of a match whose latest entry is #*have*."""
    from referee.core.i18n import M

    return MovedOn(M("the match moved on: reload (entry #{have} is the latest; this was made after #{after})",
                     have=have, after=after))
