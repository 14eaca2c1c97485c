"""Messages worded in one language, each distinct message once: a long match's explanations say the same few
things again and again (``E pays 2``), and wording one through the catalogue (its template looked up, every field
worded by its kind) cost a quarter of a 10,000-deal ``replay --json``.

Loaded by the games' views only.
"""

from __future__ import annotations

from referee.core.i18n import Msg

_LIMIT = 20_000  # distinct messages kept: past it the memory is let go and filled again


class Wording:
    """``wording(msg)`` is ``msg.text(lang)``, worded once for each distinct message. A message is known by its kind
    (a message or a form), itself (its msgid and fields, compared by value) and the types of its fields (``1`` and
    ``True`` are equal but worded apart); a message with an unhashable field is worded each time."""

    __slots__ = ("lang", "_known")

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._known: dict[object, str] = {}

    def __call__(self, msg: Msg) -> str:
        try:
            key = (type(msg), msg, tuple([type(v) for _, v in msg.fields]))
            text = self._known.get(key)
        except TypeError:  # a field that cannot be hashed (a list)
            return msg.text(self.lang)
        if text is None:
            text = msg.text(self.lang)
            if len(self._known) >= _LIMIT:
                self._known.clear()
            self._known[key] = text
        return text
