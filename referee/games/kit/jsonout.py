"""One JSON writer for ``replay --json`` of the games whose object is a few fields and a list of deals: the same
bytes as ``json.dump(obj, out, ensure_ascii=False, indent=1)``, written field by field and deal by deal, so the
object and its text are never held whole (a 14,000-deal match was a 22 MB string and its dict first)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TextIO

_FLUSH = 1 << 16  # characters gathered before a write: a few large writes, whatever the stream's buffering


def _value(value: Any, depth: int) -> str:
    """*value* as ``json.dumps(..., indent=1)`` writes it *depth* levels in (JSON strings hold no raw newline)."""
    return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n" + " " * depth)


def write_object(out: TextIO, fields: Mapping[str, Any], streamed: str, items: Iterable[Any],
                 item: Callable[[Any], Any], after: Callable[[], Mapping[str, Any]]) -> None:
    """The object of *fields*, then the list *streamed* of ``item(x)`` for each of *items*, then the fields
    *after()* gives once the list is written; a newline at the end, as ``replay --json`` prints it."""
    parts: list[str] = ["{"]
    size = 0

    def put(text: str) -> None:
        nonlocal size
        parts.append(text)
        size += len(text)
        if size >= _FLUSH:
            out.write("".join(parts))
            parts.clear()
            size = 0

    first = True
    for key, value in fields.items():
        put(("\n" if first else ",\n") + " " + _value(key, 1) + ": " + _value(value, 1))
        first = False
    put(("\n" if first else ",\n") + " " + _value(streamed, 1) + ": [")
    empty = True
    for x in items:
        put(("\n" if empty else ",\n") + "  " + _value(item(x), 2))
        empty = False
    put("]" if empty else "\n ]")
    for key, value in after().items():
        put(",\n " + _value(key, 1) + ": " + _value(value, 1))
    put("\n}\n")
    out.write("".join(parts))
