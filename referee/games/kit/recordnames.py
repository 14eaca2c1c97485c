"""The checks of a record file a referee brings that the store makes at entry: the match id
(``core.names.check_id``) and every name and text (``core.names.check_text``), each problem an error of the
record at its line (``Game.read_record``). Pure: events in, errors out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.core.records import RecordError


def name_problems(events: Sequence[Any], header: type[Any]) -> list[RecordError]:
    """The record's id (``names.check_id``) and every name and text in it (``names.check_text``); *header* is
    the game's header event (its ``id``, ``rules``, ``date``, ``event``, ``table``, ``round``, ``referee`` and
    ``extra`` pairs are checked). A plain id and printable texts are passed without loading
    ``referee.core.names`` (``check`` start-up)."""
    limits = {"name": 100, "text": 500}  # names.NAME_MAX, names.TEXT_MAX (test_harden_io checks they agree)
    out: list[RecordError] = []
    texts = _TEXT_FIELDS
    for ev in events:
        fields = texts.get(type(ev))
        if fields is None:  # a kind of event seen first: which of its fields are a name or a text
            fields = texts[type(ev)] = ("header",) if isinstance(ev, header) else tuple(
                f for f in ("name", "text") if hasattr(ev, f))
        if not fields:  # most directives (cards, points): nothing to check
            continue
        checks: list[tuple[str, str, int]] = []
        if isinstance(ev, header):
            if not plain_id(ev.id):
                out += refused(ev.line, "id", "match id=", ev.id, 0)
            checks += [(f"{key}=", value, limits["name"]) for key, value in
                       (("rules", ev.rules), ("date", ev.date), ("event", ev.event), ("table", ev.table),
                        ("round", ev.round), ("referee", ev.referee), *ev.extra) if value]
        else:
            for field in fields:
                value = getattr(ev, field, None)
                if isinstance(value, str):
                    checks.append((field, value, limits[field]))
        for what, value, most in checks:
            if not (value.isprintable() and len(value) <= most):  # every control character is unprintable
                out += refused(ev.line, "text", what, value, most)
    return out


# The kind of each event -> which of "name" and "text" it has; the header is checked whole ("header").
_TEXT_FIELDS: dict[type, tuple[str, ...]] = {}


def plain_id(value: str) -> bool:
    """What ``names.check_id`` accepts, without loading it."""
    return 0 < len(value) <= 64 and value[0] not in ".-" and all(ch.isalnum() or ch in "-_." for ch in value)


def refused(line: int, kind: str, what: str, value: str, most: int) -> list[RecordError]:
    from referee.core.errors import UsageError
    from referee.core.names import check_id, check_text

    try:
        if kind == "id":
            check_id(value, what)
        else:
            check_text(value, what, most)
    except UsageError as e:
        return [RecordError(line, e.msg)]
    return []
