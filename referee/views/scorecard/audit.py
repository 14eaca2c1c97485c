"""The scorecard's one section of warnings, rulings and corrections, the same on every game's card.

One table in the order the entries were made: a game's notes (Gunzi's warnings, rulings, redeals and time calls,
each where and whom it concerns) and the store's corrections of the match (undo, void, amend: who made it, when in
the venue's time, why and what it put in place or took back). The section says "none" only when it holds nothing.
The one card of every game (``layout``) lays it out through :func:`section`, giving it the few things it lays out
with (:class:`Sheet`), so that this module imports no layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import tzinfo
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from referee.core.i18n import tr
from referee.store.chain import CORRECTIONS
from referee.views.scorecard import text as tx

if TYPE_CHECKING:
    from reportlab.lib.styles import ParagraphStyle

    from referee.store.store import LogEntry
    from referee.views.scorecard.typo import Typo

    AuditEntry = LogEntry | Mapping[str, object]

AUDIT_KEYS = ("kind", "seq", "reason", "referee", "time", "target", "directive", "taken", "superseded_by")
# Kind, where, whom it concerns, referee, time, text or reason, detail, line/seq: landscape A4's ~774 pt
WIDTHS = (48.0, 84.0, 90.0, 66.0, 76.0, 234.0, 136.0, 40.0)
SIZE = 8.5


class NoteRow(NamedTuple):
    """A game's note as the section lists it: its line (a stored match's seq), kind, where and whom it concerns,
    and its text, every word already in the card's language."""

    line: int
    kind: str
    where: str
    who: str
    text: str


class Sheet(Protocol):
    """What a card lays the section out with: its language and fonts, its heading and paragraphs, its ruled table."""

    lang: str
    typo: Typo
    s_body: ParagraphStyle
    s_cell: ParagraphStyle

    def heading(self, text: str) -> list[Any]: ...
    def para(self, text: str, style: ParagraphStyle | None = None, bold: bool = False) -> Any: ...
    def grid(self, rows: list[list[Any]], widths: Sequence[float], size: float) -> Any: ...


def field(entry: object, key: str) -> object:
    """A field of an audit trail entry: the store's ``LogEntry`` or a mapping with the same keys."""
    if isinstance(entry, Mapping):
        return entry.get(key)
    return getattr(entry, key, None)


def hv(value: object) -> str:
    return "" if value in (None, "") else str(value)


def corrections(log: Iterable[AuditEntry]) -> list[AuditEntry]:
    """The audit trail's corrections (undo, void, amend): the recorded events are the record itself, and a remark
    (a dispute, a confirmation) corrects nothing."""
    return [entry for entry in log if field(entry, "kind") in CORRECTIONS]


def audit_detail(entry: object, lang: str = "en") -> str:
    """What a correction did: ``#12 → points 35`` (the event it corrects, the directive put in place), or
    for an undo or a void ``#12 took back: points 35`` (what was in effect there), then whatever else
    the entry holds."""
    target, directive, taken = field(entry, "target"), field(entry, "directive"), field(entry, "taken")
    parts = []
    if target not in (None, ""):
        parts.append(f"#{target}")
    if directive:
        parts.append(f"→ {directive}")
    elif taken:
        parts.append(tx.t("took_back", lang, taken=taken))
    if isinstance(entry, Mapping):
        items = list(entry.items())
    else:
        items = [(k, getattr(entry, k)) for k in getattr(entry, "__dataclass_fields__", ()) or ()]
    extra = [f"{k}={v}" for k, v in items
             if k not in AUDIT_KEYS and not k.startswith("_") and v not in (None, "", [], {})]
    return " ".join(parts + (["(" + "; ".join(extra) + ")"] if extra else []))


def audit_time(stamp: object, zone: tzinfo | None) -> str:
    """A stored entry's UTC time in the venue's local time (the header's ``tz=``, else the machine's), as
    ``2026-11-29 14:02``; a stamp that cannot be read is printed as it is."""
    from referee.results.clock import when

    text = hv(stamp)
    try:
        return when(text).astimezone(zone).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return text


def venue_zone(header: object) -> tzinfo | None:
    """The venue's zone a match header names (``tz=``, an IANA name), else None (the machine's zone)."""
    from referee.results.clock import zone_named

    extra = getattr(header, "extra", None) or ()
    return zone_named(dict(extra).get("tz"))


def section(sheet: Sheet, notes: Sequence[NoteRow], log: Iterable[AuditEntry], zone: tzinfo | None,
            compact: bool = False) -> list[Any]:
    """The section: its heading and one table of *notes* and the corrections of *log*, by line/seq; "none" when
    both are empty (*compact*: then one line, where the card is short of room)."""
    lang = sheet.lang

    def t(key: str) -> str:
        return tx.t(key, lang)

    fixes = corrections(log)
    if not notes and not fixes:
        if compact:  # one line
            return [sheet.para(tr(lang, "Warnings, rulings and corrections: none"))]
        return [*sheet.heading(t("notes")), sheet.para(t("no_notes"))]
    rows: list[tuple[int, int, list[Any]]] = []
    for n in notes:
        rows.append((n.line, 0, [n.kind, n.where, n.who, "", "", sheet.para(n.text, sheet.s_cell), "", str(n.line)]))
    for entry in fixes:
        seq = field(entry, "seq")
        rows.append((seq if isinstance(seq, int) else 0, 1, [
            tx.entry_kind(str(field(entry, "kind") or ""), lang), "", "", hv(field(entry, "referee")),
            audit_time(field(entry, "time"), zone), sheet.para(hv(field(entry, "reason")), sheet.s_cell),
            sheet.para(audit_detail(entry, lang), sheet.s_cell), hv(seq)]))
    rows.sort(key=lambda r: (r[0], r[1]))
    head = [t("note_kind"), t("note_where"), t("note_who"), t("referee"), t("audit_time"), t("note_text"),
            t("audit_detail"), t("note_line")]
    table = [head, *(cells for _, _, cells in rows)]
    table = [[sheet.typo.cell(v, SIZE, width=w - 12) if isinstance(v, str) else v
              for v, w in zip(row, WIDTHS, strict=True)] for row in table]
    return [*sheet.heading(t("notes")), sheet.grid(table, WIDTHS, SIZE)]
