"""The match header of a record whose header is ``match KEY=VALUE…``: its id, the rule set it names and every
other pair as written, with the fields the store's index and the tournament layer read
(``referee.games.api.Header``); and the ``seat SEAT NAME`` line after it, the same in the games whose seats are
letters.

A game subclasses it (``class Header(kit.Header): __slots__ = ()``), so that each game's reader knows its own
header from another game's (``games.stored`` asks each game whose header a match begins with).
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing at
# import (a ForwardRef per field), on every command's start; as types they are not.
from typing import NamedTuple


class Header(NamedTuple):
    id: str
    rules: str | None = None
    extra: tuple[tuple[str, str], ...] = ()  # the other KEY=VALUE pairs, in the order written (date, event …)
    line: int = 0

    def field(self, key: str) -> str | None:
        """The value written for *key*, None when it is absent or empty."""
        return next((v for k, v in self.extra if k == key), None) or None

    @property
    def date(self) -> str | None:
        return self.field("date")

    @property
    def event(self) -> str | None:
        return self.field("event")

    @property
    def table(self) -> str | None:
        return self.field("table")

    @property
    def round(self) -> str | None:
        return self.field("round")

    @property
    def pin(self) -> str | None:
        """The ``rules-hash=`` it carries (``core.rulesfile.PIN_KEY``): the content of the rules it was created
        under."""
        return self.field("rules-hash")


class Seat(NamedTuple):
    """``seat SEAT NAME``: the name of the player at *seat* (the seat as the game's record writes it)."""

    seat: str
    name: str
    line: int = 0
