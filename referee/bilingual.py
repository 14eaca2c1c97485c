"""Errors that speak both languages: English in ``str(exc)`` (and the public JSON), Chinese in
``exc.zh`` for the referees of Dalian, who read Chinese first.

Messages are built only when an error is raised, so a valid record pays nothing for the second
language.
"""

from __future__ import annotations


class Bilingual:
    """Mixin for an exception class: ``Error(en, zh)``; ``str(exc)`` stays the English text."""

    zh: str = ""

    def __init__(self, message: str = "", zh: str = "") -> None:
        super().__init__(message)
        self.zh = zh

    def text(self, lang: str) -> str:
        """The message in *lang* ("zh" or "en"); English when there is no Chinese."""
        return self.zh if lang == "zh" and self.zh else str(self)

    def __reduce__(self):
        return (type(self), (str(self), self.zh))
