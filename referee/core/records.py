"""What every game's tolerant reader reports: a problem at a line of a record.

Shared by all games (``referee.games.api``) so that a command prints ``FILE:LINE: message`` for any game
through one type; a game's reader collects them and never stops at the first.
"""

from __future__ import annotations

from referee.core.frozen import Record
from referee.core.i18n import Msg


class RecordError(Record):
    """A problem found in a record, at a line (0 when it concerns the whole record).

    ``msg`` is the problem in no language yet; ``message`` is its English (the public JSON's
    ``"message"``), ``message_zh`` its Chinese, ``text(lang)`` any catalogue's.
    """

    line: int
    msg: Msg

    @property
    def message(self) -> str:
        return self.msg.text("en")

    @property
    def key(self) -> tuple[int, str]:
        """What tells one problem from another: its line and its English. Hashable whatever the message's fields
        hold (a list of what a deal lacks is not), so problems are compared and put in sets by it, never by
        themselves."""
        return self.line, self.msg.text("en")

    @property
    def message_zh(self) -> str:
        return self.msg.text("zh")

    def text(self, lang: str) -> str:
        return self.msg.text(lang)

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message
