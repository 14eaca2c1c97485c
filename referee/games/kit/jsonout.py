"""One JSON writer for ``replay --json`` of the games whose object is a few fields and a list of deals: the same
bytes as ``json.dump(obj, out, ensure_ascii=False, indent=1)``, written field by field and deal by deal, so the
object and its text are never held whole (a 14,000-deal match was a 22 MB string and its dict first)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TextIO

_FLUSH = 1 << 14  # pieces gathered before a write: a few large writes, whatever the stream's buffering
_FLUSH_RAW = 1 << 8  # the same for rows given as text: a row is one piece of ~1-2 KB (128 rows, ~200 KB a write)

# For the rows a game writes itself as text (``raw=True``): a str as json.dumps(…, ensure_ascii=False) writes it
# (the C quoting), and a bool as JSON writes it.
quote: Callable[[str], str] = json.encoder.encode_basestring
BOOLS = {True: "true", False: "false"}
_INT = int.__repr__
_NEWLINES = ["\n" + " " * d for d in range(32)]  # a line break and the indent of each depth
_COMMAS = ["," + s for s in _NEWLINES]


def _value(value: Any, depth: int) -> str:
    """*value* as ``json.dumps(value, ensure_ascii=False, indent=1)`` writes it *depth* levels in.

    Written here rather than by ``json.dumps``: with an indent the standard library leaves its C encoder for a
    Python one whose nested functions refer to each other, so every call left a reference cycle behind — and the
    command line runs with the collector paused (``referee.cli``), so a 14,000-deal ``replay --json`` kept ~40 MB
    of them to its end. This makes no cycle; strings still go through the C quoting of :mod:`json`."""
    parts: list[str] = []
    _emit(value, depth, parts.append)
    return "".join(parts)


def _emit(value: Any, depth: int, put: Callable[[str], None]) -> None:
    """*value* as :func:`_value` writes it, in pieces given to *put*: the exact built-in types (what a deal is made
    of) looked up by their type, every other value (a subclass, a float) by :func:`_other`."""
    t = type(value)
    if t is str:
        put(quote(value))
    elif t is int:
        put(_INT(value))
    elif t is dict:
        _dict(value, depth, put)
    elif t is list or t is tuple:
        _list(value, depth, put)
    else:
        _other(value, depth, put)


def _dict(value: dict[Any, Any], depth: int, put: Callable[[str], None]) -> None:
    if not value:
        put("{}")
        return
    inner = depth + 1
    first = True
    put("{")
    for k, v in value.items():
        start = _STARTS.get((k, inner, first)) if type(k) is str else None
        if start is None:
            start = _start(k, inner, first)
        put(start)
        first = False
        _emit(v, inner, put)
    put(_NEWLINES[depth] if depth < 32 else "\n" + " " * depth)
    put("}")


def _list(value: list[Any] | tuple[Any, ...], depth: int, put: Callable[[str], None]) -> None:
    if not value:
        put("[]")
        return
    inner = depth + 1
    sep = _NEWLINES[inner] if inner < 32 else "\n" + " " * inner
    put("[")
    for v in value:
        put(sep)
        _emit(v, inner, put)
        sep = _COMMAS[inner] if inner < 32 else ",\n" + " " * inner
    put(_NEWLINES[depth] if depth < 32 else "\n" + " " * depth)
    put("]")


_STARTS: dict[tuple[str, int, bool], str] = {}  # what comes before a value of a dict: a deal's keys are a few


def _start(key: Any, depth: int, first: bool) -> str:
    """The line break, indent, quoted *key* and ``: `` before a dict's value *depth* levels in (``,`` first unless
    it is the *first*): kept for a string key, as a deal's dicts have the same few keys."""
    text = ("" if first else ",") + "\n" + " " * depth + _key(key) + ": "
    if type(key) is str and len(_STARTS) < 4096:
        _STARTS[(key, depth, first)] = text
    return text


def _other(value: Any, depth: int, put: Callable[[str], None]) -> None:
    """A value not of an exact built-in type: as json's rules write it (a str or int subclass as its base, a
    float as its repr or json's constants, a mapping or a list subclass as one)."""
    if isinstance(value, str):
        put(quote(value))
    elif value is None:
        put("null")
    elif value is True:
        put("true")
    elif value is False:
        put("false")
    elif isinstance(value, int):
        put(_INT(value))
    elif isinstance(value, float):
        put(json.dumps(value))
    elif isinstance(value, dict):
        _emit(dict(value), depth, put)
    elif isinstance(value, list | tuple):
        _emit(list(value), depth, put)
    else:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _key(key: Any) -> str:
    """A dict's key as JSON writes it: a string as it is, a number or a constant as its text (json's rule)."""
    if isinstance(key, str):
        return quote(key)
    return quote(_value(key, 0))


def text(value: Any, depth: int) -> str:
    """*value* as ``json.dumps(value, ensure_ascii=False, indent=1)`` writes it *depth* levels in: for a game's
    own row writer (``raw`` items of :func:`write_object`), the parts it does not write itself."""
    return _value(value, depth)


def write_object(out: TextIO, fields: Mapping[str, Any], streamed: str, items: Iterable[Any],
                 item: Callable[[Any], Any], after: Callable[[], Mapping[str, Any]], raw: bool = False) -> None:
    """The object of *fields*, then the list *streamed* of ``item(x)`` for each of *items*, then the fields
    *after()* gives once the list is written; a newline at the end, as ``replay --json`` prints it. With *raw*,
    ``item(x)`` is the row's JSON text already (as :func:`text` would write it two levels in): a game whose rows
    have a fixed shape writes them itself, faster than this walks a dict of each."""
    parts: list[str] = ["{"]
    put = parts.append
    limit = _FLUSH_RAW if raw else _FLUSH

    def flush() -> None:
        if len(parts) >= limit:
            out.write("".join(parts))
            parts.clear()

    first = True
    for key, value in fields.items():
        put("\n " if first else ",\n ")
        put(_key(key))
        put(": ")
        _emit(value, 1, put)
        first = False
    put("\n " if first else ",\n ")
    put(_key(streamed))
    put(": [")
    empty = True
    for x in items:
        put("\n  " if empty else ",\n  ")
        if raw:
            put(item(x))
        else:
            _emit(item(x), 2, put)
        empty = False
        flush()
    put("]" if empty else "\n ]")
    for key, value in after().items():
        put(",\n ")
        put(_key(key))
        put(": ")
        _emit(value, 1, put)
    put("\n}\n")
    out.write("".join(parts))
