"""``Record``: a base for immutable records that is ``typing.NamedTuple`` to a type checker and a lighter
builder of the same classes at run time.

A game's events and results are dozens of named tuples, all built when a command starts. ``typing.NamedTuple``
builds each through ``collections.namedtuple``, which compiles a ``__new__`` from source per class, then
reassigns the new class's ``__bases__`` (the interpreter recomputes its method slots) and type-checks every
annotation: ~0.55M instructions a class. This builds the same class directly: the same fields, defaults,
``__new__`` signature (so positional and keyword calls, and their errors, are the same), ``_fields``,
``_field_defaults``, ``__match_args__``, ``_make``, ``_replace``, ``_asdict``, ``__repr__``, pickling by
``__getnewargs__``, ``__annotations__``; the class's own methods, properties and docstring kept. ``__new__``'s
code is compiled once per number of fields and renamed (``CodeType.replace``), never per class; the shared
methods read ``_fields`` from the class. A type checker reads ``Record`` as ``typing.NamedTuple`` itself.

    class Draw(Record):
        cards: tuple[Card, ...]
        line: int = 0
"""

from __future__ import annotations

import sys
from _collections import _tuplegetter  # type: ignore[import-not-found]  # the C descriptor collections uses
from types import FunctionType
from typing import TYPE_CHECKING, Any

__all__ = ["Record"]

_tuple_new = tuple.__new__
_NEW_CODE: dict[int, Any] = {}  # a template __new__'s code, by number of fields


def _new(typename: str, fields: tuple[str, ...], defaults: tuple[Any, ...]) -> FunctionType:
    code = _NEW_CODE.get(len(fields))
    if code is None:
        args = ", ".join(f"a{i}" for i in range(len(fields))) + ("," if len(fields) == 1 else "")
        template = eval(f"lambda _cls, {args}: _tuple_new(_cls, ({args}))",  # noqa: S307 - our own text
                        {"_tuple_new": _tuple_new, "__builtins__": {}})
        code = _NEW_CODE[len(fields)] = template.__code__
    code = code.replace(co_varnames=("_cls", *fields), co_name="__new__", co_qualname=f"{typename}.__new__")
    fn = FunctionType(code, {"_tuple_new": _tuple_new, "__builtins__": {}}, "__new__", defaults or None)
    fn.__doc__ = f"Create new instance of {typename}({', '.join(fields)})"
    return fn


@classmethod  # type: ignore[misc]
def _make(cls: type, iterable: Any) -> Any:
    """Make a new object from a sequence or iterable."""
    result: tuple[Any, ...] = _tuple_new(cls, iterable)
    if len(result) != len(cls._fields):  # type: ignore[attr-defined]
        raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")  # type: ignore[attr-defined]
    return result


def _replace(self: Any, /, **kwds: Any) -> Any:
    """Return a new object replacing specified fields with new values."""
    result = self._make(map(kwds.pop, self._fields, self))
    if kwds:
        raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
    return result


def _repr(self: Any) -> str:
    """Return a nicely formatted representation string."""
    fields = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, self, strict=True))
    return f"{self.__class__.__name__}({fields})"


def _asdict(self: Any) -> dict[str, Any]:
    """Return a new dict which maps field names to their values."""
    return dict(zip(self._fields, self, strict=True))


def _getnewargs(self: Any) -> tuple[Any, ...]:
    """Return self as a plain tuple. Used by copy and pickle."""
    return tuple(self)


# What the class body may not set (as typing.NamedTuple refuses them), and what it sets that is not copied.
_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
                         "_make", "_replace", "_asdict", "_source"})
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__", "__qualname__"})


class _RecordMeta(type):
    def __new__(mcls, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:  # noqa: N804
        if not bases:  # _Record itself
            return super().__new__(mcls, typename, bases, ns)
        if bases != (_Record,):
            raise TypeError("a Record derives from Record alone")
        annotations: dict[str, Any] = ns.get("__annotations__", {})
        fields = tuple(map(sys.intern, annotations))
        defaults = []
        for name in fields:
            if name.startswith("_"):
                raise ValueError(f"Field names cannot start with an underscore: {name!r}")
            if name in ns:
                defaults.append(ns[name])
            elif defaults:
                raise TypeError(f"Non-default namedtuple field {name} cannot follow default field"
                                f"{'s' if len(defaults) > 1 else ''} {', '.join(fields[:len(defaults)])}")
        new = _new(typename, fields, tuple(defaults))
        new.__annotations__ = annotations
        body: dict[str, Any] = {
            "__doc__": f"{typename}({', '.join(fields)})", "__slots__": (), "_fields": fields,
            "_field_defaults": dict(zip(fields[len(fields) - len(defaults):], defaults, strict=True)),
            "__new__": new, "_make": _make, "_replace": _replace,
            "__repr__": _repr, "_asdict": _asdict, "__getnewargs__": _getnewargs, "__match_args__": fields,
            "__annotations__": annotations, "__module__": ns["__module__"], "__qualname__": ns.get("__qualname__"),
        }
        for index, name in enumerate(fields):
            body[name] = _tuplegetter(index, f"Alias for field number {index}")
        for key, value in ns.items():
            if key in _PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _SPECIAL and key not in fields and (key != "__doc__" or value is not None):
                body[key] = value
        return type(typename, (tuple,), body)


class _Record(metaclass=_RecordMeta):
    """Derive from it (as ``Record``) to make an immutable record: see the module."""


if TYPE_CHECKING:
    from typing import NamedTuple as Record
else:
    Record = _Record
