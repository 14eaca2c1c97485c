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

``Codes`` is the same for ``enum.StrEnum``: a type checker reads ``enum.StrEnum`` itself, and at run time a class of
string members is built by a small metaclass instead of ``enum``'s (its ``_EnumDict`` and a member descriptor set
up in Python, ~0.8M instructions a class of a few members). What the codes are used for behaves as ``StrEnum``'s:
each member is a ``str`` equal to its value, hashing like it (``Code``'s ``__hash__`` is ``str``'s), printed,
formatted and written to JSON as it; ``Cls(value)`` gives the member (``ValueError`` for another value, the same
message), ``Cls[name]`` by its name, iteration in definition order, ``len``, ``in`` of a member, ``name`` and
``value``, ``repr`` (``<Outcome.keep: 'keep'>``), pickling by value (``Cls(value)`` on load, so ``enum``'s pickles
load and these pickle as ``enum``'s do), copies that are the member itself, members that cannot be reassigned.

    class Outcome(Codes):
        keep = "keep"
        foul_dig = "foul_dig"
"""

from __future__ import annotations

import sys
from _collections import _tuplegetter  # type: ignore[import-not-found]  # the C descriptor collections uses
from types import FunctionType, MappingProxyType
from typing import TYPE_CHECKING, Any

from referee.core.recordnew import NEW

__all__ = ["Codes", "Record", "record_reduce"]

_tuple_new = tuple.__new__
_NEW_CODE: dict[int, Any] = {}  # a template __new__'s code, by number of fields


def _template(n: int) -> str:
    """The source of the template ``__new__`` of *n* fields (``referee.core.recordnew`` holds 1 to 40 compiled)."""
    args = ", ".join(f"a{i}" for i in range(n)) + ("," if n == 1 else "")
    return f"lambda _cls, {args}: _tuple_new(_cls, ({args}))"


def _new(typename: str, fields: tuple[str, ...], defaults: tuple[Any, ...]) -> FunctionType:
    code = _NEW_CODE.get(len(fields))
    if code is None:
        template = NEW[len(fields)] if 0 < len(fields) < len(NEW) else eval(  # noqa: S307 - our own text
            _template(len(fields)), {"_tuple_new": _tuple_new, "__builtins__": {}})
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


def record_reduce(obj: object) -> tuple[Any, tuple[Any, ...]] | None:
    """How a pickler may write *obj* when it is a :class:`Record`'s instance: made again on load by
    ``tuple.__new__(cls, values)`` (one C call, as ``_make`` makes it) rather than by the class's ``__new__`` (a
    Python call each); None for anything else (a ``reducer_override`` then gives ``NotImplemented``)."""
    if getattr(type(obj), "__getnewargs__", None) is not _getnewargs:
        return None
    return _tuple_new, (type(obj), tuple(obj))  # type: ignore[arg-type]


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


class _CodesMeta(type):
    """The metaclass of :class:`Codes`: a class body's public string attributes are its members."""

    _member_map_: dict[str, Any]
    _value2member_map_: dict[str, Any]

    def __new__(mcls, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:  # noqa: N804
        members: dict[str, str] = {}
        body: dict[str, Any] = {}
        for key, value in ns.items():
            if key.startswith("_") or hasattr(value, "__get__"):  # dunders, methods, properties: the class's own
                body[key] = value
            elif type(value) is str:
                members[key] = value
            else:
                raise TypeError(f"{typename}.{key}: a member's value is a str, not {type(value).__name__}")
        for base in bases:
            if getattr(base, "_member_map_", None):
                raise TypeError(f"{typename}: cannot extend {base.__name__}, which has members")
        cls: Any = super().__new__(mcls, typename, bases, body)
        by_name: dict[str, Any] = {}
        by_value: dict[str, Any] = {}
        for key, value in members.items():
            member = by_value.get(value)
            if member is None:  # a second name of the same value is an alias of the first member, as in enum
                member = by_value[value] = str.__new__(cls, value)
                member.__dict__.update(_name_=key, _value_=value, name=key, value=value)
            by_name[key] = member
            type.__setattr__(cls, key, member)
        type.__setattr__(cls, "_member_map_", by_name)
        type.__setattr__(cls, "_value2member_map_", by_value)
        return cls

    def __call__(cls, value: Any) -> Any:
        member = cls._value2member_map_.get(value) if isinstance(value, str) else None
        if member is None:
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")
        return member

    def __getitem__(cls, name: str) -> Any:
        return cls._member_map_[name]

    def __iter__(cls) -> Any:
        return iter(cls._value2member_map_.values())  # each member once, in definition order (no alias)

    def __len__(cls) -> int:
        return len(cls._value2member_map_)

    def __contains__(cls, member: object) -> bool:
        kind: Any = cls
        if not isinstance(member, kind):
            raise TypeError(f"unsupported operand type(s) for 'in': '{type(member).__qualname__}' and 'EnumType'")
        return True

    def __repr__(cls) -> str:
        return f"<enum {cls.__name__!r}>"

    def __setattr__(cls, name: str, value: Any) -> None:
        if name in cls.__dict__.get("_member_map_", ()):
            raise AttributeError(f"cannot reassign member {name!r}")
        super().__setattr__(name, value)

    def __delattr__(cls, name: str) -> None:
        if name in cls.__dict__.get("_member_map_", ()):
            raise AttributeError(f"cannot delete member {name!r}")
        super().__delattr__(name)

    @property
    def __members__(cls) -> Any:
        return MappingProxyType(cls._member_map_)


class _Codes(str, metaclass=_CodesMeta):
    """Derive from it (as ``Codes``) to make a class of string codes: see the module."""

    _name_: str
    _value_: str

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    __str__ = str.__str__
    __format__ = str.__format__

    def __reduce_ex__(self, protocol: Any) -> Any:
        return type(self), (self._value_,)

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self


if TYPE_CHECKING:
    from enum import StrEnum as Codes
else:
    Codes = _Codes
