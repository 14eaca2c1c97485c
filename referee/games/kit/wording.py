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
    ``True`` are equal but worded apart); a message with an unhashable field (a list) by the same, every list and
    tuple in it taken apart with its type."""

    __slots__ = ("lang", "_known")

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._known: dict[object, str] = {}

    def __call__(self, msg: Msg) -> str:
        try:
            key: object = (type(msg), msg, tuple([type(v) for _, v in msg.fields]))
            text = self._known.get(key)
        except TypeError:  # a field that cannot be hashed (a list)
            try:
                key = _frozen(msg)
                text = self._known.get(key)
            except TypeError:  # something else unhashable: worded each time
                return msg.text(self.lang)
        if text is None:
            text = msg.text(self.lang)
            if len(self._known) >= _LIMIT:
                self._known.clear()
            self._known[key] = text
        return text


def _frozen(value: object) -> object:
    """*value* as a key that tells apart what may be worded apart: each part with its type, a list's and a
    tuple's (a message's) items taken apart the same way."""
    try:
        hash(value)
    except TypeError:
        if isinstance(value, list | tuple):
            return (type(value), *[_frozen(v) for v in value])
        raise
    return (type(value), value)
