"""The kinds of a stored entry as a message names them (``event rejected``, ``nothing to undo``): an event recorded
at the table, or a correction of one. The store's words, not a game's: each is worded in the catalogue's ``entry``
context, so a refusal of any game's entry says them alike."""

from __future__ import annotations

from referee.core.frozen import Codes
from referee.core.i18n import P_, _translated


class EntryKind(Codes):  # enum.StrEnum to the checker, built without enum's class machinery (core.frozen)
    """A store entry's kind; a message field holding one shows its word (:meth:`localized`)."""

    __hash__ = str.__hash__

    event = "event"
    undo = "undo"
    void = "void"
    amend = "amend"

    def localized(self, lang: str) -> str:
        return _translated(lang, self.value, None, 0, None, "entry")


WORDS = (P_("entry", "event"), P_("entry", "undo"), P_("entry", "void"), P_("entry", "amend"))
