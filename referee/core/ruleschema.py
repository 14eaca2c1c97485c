"""The shared rules-file loader's named tuples (``referee.core.rulesfile``): a game's declared :class:`Key`, its
:class:`Schema`, a loaded :class:`Rules` and a key as ``referee rules`` shows it (:class:`Shown`). Named and
documented as part of ``rulesfile`` (which gives them by name, loading this module when first asked); apart so that
a command of a game that declares its own keys (Gunzi's record) does not build them at start-up.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field); as types they are not.
from collections.abc import Callable, Mapping
from typing import NamedTuple

from referee.core.i18n import Msg

Value = bool | int | str
Kind = type[bool] | type[int] | type[str] | tuple[str, ...]  # a tuple: one of these strings
Relations = Callable[["Rules"], list[Msg]]


class Key(NamedTuple):
    """One rule, declared once: where it lives, what it holds, its default and what it means."""

    section: str
    name: str
    kind: Kind
    default: Value
    doc: Msg  # what the key means, citing the section of the game's rules document it follows
    low: int | None = None  # an int's least value (inclusive); None: no bound
    high: int | None = None  # an int's greatest value (inclusive); None: no bound

    @property
    def full(self) -> str:
        return f"{self.section}.{self.name}"

    def choices(self) -> tuple[str, ...]:
        return self.kind if isinstance(self.kind, tuple) else ()


class Schema(NamedTuple):
    """A game's rule files: every key, where the bundled ones live, and the checks across keys."""

    game: str  # the key a file's top-level ``game =`` must name (when it names one)
    package: str  # the package whose ``*.toml`` data files are the bundled rule sets
    default: str  # the rule set used when a record names none
    keys: tuple[Key, ...]
    relations: Relations | None = None  # problems of the merged values (a cap below a floor …)

    def key(self, full: str) -> Key | None:
        return {k.full: k for k in self.keys}.get(full)  # rulesfile._index

    def sections(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(k.section for k in self.keys))


class Rules(NamedTuple):
    """A loaded rule set: what ``referee rules`` names and a value for every declared key."""

    game: str
    name: str
    title: str
    source: str
    values: Mapping[str, Value]  # full key ("scoring.cap") -> value
    origin: str  # the file it was read from (its chain's first file)

    def number(self, full: str) -> int:
        value = self.values[full]
        assert isinstance(value, int) and not isinstance(value, bool), full
        return value

    def flag(self, full: str) -> bool:
        value = self.values[full]
        assert isinstance(value, bool), full
        return value

    def text(self, full: str) -> str:
        value = self.values[full]
        assert isinstance(value, str), full
        return value

    def fields(self) -> dict[str, Value]:
        """The values by bare key name (``cap``), for a game's own NamedTuple: ``MyRules(**r.fields())``."""
        return {full.rpartition(".")[2]: v for full, v in self.values.items()}


class Shown(NamedTuple):
    """A key of a rule set as ``referee rules`` shows it."""

    key: str  # its full name, "section.key"
    value: str  # as the rule file writes it
    doc: Msg  # what it means
