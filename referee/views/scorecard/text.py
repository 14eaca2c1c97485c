"""The words every game's scorecard prints around what the game gives it (page numbers, the section of warnings,
rulings and corrections, the record's problems, signatures), as catalogue messages, and a formatter.

No ReportLab here, and no game: a game's own words come with its sections (``Game.scorecard``).
"""

from __future__ import annotations

from functools import lru_cache

from referee.core.i18n import LabelTable, M, Msg, pgettext

LABELS: dict[str, Msg] = {
    "referee": M("Referee"),
    "page": M("page {n}"),
    "page_of": M("page {n} of {m}"),
    "took_back": M("took back: {taken}"),
    # notes and audit trail: one section (``audit``)
    "notes": M("Warnings, rulings and corrections"),
    "no_notes": M("none"),
    "note_kind": M("Kind"),
    "note_where": M("Where"),
    "note_who": M("Who"),
    "note_text": M("Text / reason"),
    "note_line": M("Line/seq"),
    "audit_time": M("Time"),
    "audit_detail": M("Detail"),
    "errors": M("Problems in the record"),
    "line_problem": M("line {n}: {problem}"),
    # signatures
    "signatures": M("Signatures"),
    "sign_date": M("Date:"),
}

CACHE = 4096  # the words are cached: a scorecard asks for the same few many times over
t = LabelTable(LABELS, CACHE)  # t(key, lang, **fields): the label worded


@lru_cache(maxsize=CACHE)
def entry_kind(kind: str, lang: str) -> str:
    """A store entry's kind (undo, void, amend) as the catalogue words it (its ``entry`` context)."""
    return pgettext(lang, "entry", kind) if kind else ""


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)
