"""One JSON writer for ``replay --json`` of the games whose object is a few fields and a list of deals: the same
bytes as ``json.dump(obj, out, ensure_ascii=False, indent=1)``, written field by field and deal by deal, so the
object and its text are never held whole (a 14,000-deal match was a 22 MB string and its dict first)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TextIO

_FLUSH = 1 << 16  # characters gathered before a write: a few large writes, whatever the stream's buffering


def _value(value: Any, depth: int) -> str:
    """*value* as ``json.dumps(value, ensure_ascii=False, indent=1)`` writes it *depth* levels in.

    Written here rather than by ``json.dumps``: with an indent the standard library leaves its C encoder for a
    Python one whose nested functions refer to each other, so every call left a reference cycle behind — and the
    command line runs with the collector paused (``referee.cli``), so a 14,000-deal ``replay --json`` kept ~40 MB
    of them to its end. This makes no cycle; strings still go through the C quoting of :mod:`json`."""
    if isinstance(value, str):
        return _quote(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return json.dumps(value)
    inner = "\n" + " " * (depth + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        return ("{" + inner + ("," + inner).join(_key(k) + ": " + _value(v, depth + 1) for k, v in value.items())
                + "\n" + " " * depth + "}")
    if isinstance(value, list | tuple):
        if not value:
            return "[]"
        return "[" + inner + ("," + inner).join(_value(v, depth + 1) for v in value) + "\n" + " " * depth + "]"
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


_quote: Callable[[str], str] = json.encoder.encode_basestring  # the C quoting (ensure_ascii=False)


def _key(key: Any) -> str:
    """A dict's key as JSON writes it: a string as it is, a number or a constant as its text (json's rule)."""
    if isinstance(key, str):
        return _quote(key)
    return _quote(_value(key, 0))


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
