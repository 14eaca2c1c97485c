"""The notation every record shares: lines, ``#`` comments, double-quoted values and the reader's error.

A record is UTF-8 text, one directive a line; a ``#`` starts a comment unless it is inside double quotes; a
value with a space, a quote, ``#``, ``=`` or a backslash is double-quoted, and inside the quotes ``\\"`` is a
quote and ``\\\\`` a backslash (``docs/record-format.md``). Each game reads its own directives; this module reads
what is around them, so that what one game's writer quotes every game's reader reads back.

Loaded by every command (Gunzi's reader uses it): it imports nothing a command has not loaded already.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Generic, TypeVar, cast

from referee.core.errors import UsageError
from referee.core.records import RecordError

E = TypeVar("E")


class NotationError(UsageError, ValueError):
    """A line that is not a well-formed directive: ``NotationError(M("…"))``, the message saying what was
    expected. The reader turns it into the line's :class:`~referee.core.records.RecordError`."""


class Reading(Generic[E]):
    """What a reading gives: the events, and an error for every line that could not be read."""

    __slots__ = ("events", "errors")

    def __init__(self, events: list[E] | None = None, errors: list[RecordError] | None = None) -> None:
        self.events: list[E] = events if events is not None else []
        self.errors: list[RecordError] = errors if errors is not None else []


def numbered(text: str) -> Iterator[tuple[int, str]]:
    """The lines of a record's *text* numbered from 1, a byte-order mark dropped."""
    return enumerate(text.removeprefix("\ufeff").splitlines(), 1)


def numbered_first(text: str, size: int = 4096) -> Iterator[tuple[int, str]]:
    """:func:`numbered`'s lines, the first ones read from the text's first *size* characters only: a caller
    after the header (the first directive) stops there, where a 10,000-hand record was split whole (100,000
    lines made and let go) to read its first line. Past them, the whole text is split, the numbers going on."""
    text = text.removeprefix("\ufeff")
    if len(text) <= size:
        yield from enumerate(text.splitlines(), 1)
        return
    first = text[:size].splitlines()[:-1]  # the last may be cut short (or a \r whose \n was cut off)
    yield from enumerate(first, 1)
    yield from enumerate(text.splitlines()[len(first):], len(first) + 1)


def read_lines(lines: Iterable[tuple[int, str]], read_line: Callable[[str, int], E | None],
               reading: Reading[E] | None = None) -> Reading[E]:
    """Every numbered line read by *read_line* (its comment dropped, stripped, not blank; the event, or None for
    a line that records nothing): a line it refuses (:class:`NotationError`) becomes an error with its number,
    and the reading goes on. *reading* is the one to fill (a game's own kind), else a new one."""
    out: Reading[E] = Reading() if reading is None else reading
    events, errors = out.events, out.errors
    for number, raw in lines:
        line = strip_comment(raw).strip()
        if not line:
            continue
        try:
            ev = read_line(line, number)
        except NotationError as e:
            errors.append(RecordError(number, e.msg))
            continue
        if ev is not None:
            events.append(ev)
    return out


class Remembered(Generic[E]):
    """*read_line* with each line read once: ``remembered(line, number)`` gives the event *read_line* gave the same
    text before, at this line, when its kind is one of *kinds* (events whose fields are read from the line's text
    alone, the line number last); any other line is read again. A long record says the same few lines again and
    again (``bid 1 pass``, ``out 2``, ``deal``), and reading one anew is most of the reading. :meth:`forget` when
    what a line reads to changes (a seat's name read: a word may now name a seat)."""

    __slots__ = ("_read", "_kinds", "_known")

    _LIMIT = 4096  # distinct lines kept: past it the memory is let go and filled again

    def __init__(self, read_line: Callable[[str, int], E], kinds: Iterable[type]) -> None:
        self._read, self._kinds = read_line, frozenset(kinds)
        self._known: dict[str, E] = {}

    def __call__(self, line: str, number: int) -> E:
        ev = self._known.get(line)
        if ev is not None:  # ev._replace(line=number), faster
            fields = cast("tuple[object, ...]", ev)
            return cast("E", _new(type(fields), (*fields[:-1], number)))
        ev = self._read(line, number)
        if type(ev) in self._kinds:
            if len(self._known) >= self._LIMIT:
                self._known.clear()
            self._known[line] = ev
        return ev

    def forget(self) -> None:
        self._known.clear()


_new = tuple.__new__


def strip_comment(text: str) -> str:
    """*text* without its ``#`` comment: a ``#`` inside double quotes is text, and so is a quote escaped
    inside them (``"a \\" # b"``)."""
    if "#" not in text:
        return text
    if '"' not in text:
        return text[: text.index("#")]
    quoted = escaped = False
    for i, ch in enumerate(text):
        if escaped:
            escaped = False
        elif ch == "\\" and quoted:
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return text[:i]
    return text


_NEEDS_QUOTES = re.compile(r'[\s"#\\=]|^$')


def quote(value: str) -> str:
    """*value* as a record writes it: as it is, or double-quoted (the quote and the backslash escaped) when it is
    empty or holds a space, a quote, ``#``, ``=`` or a backslash. :func:`words` reads it back unchanged."""
    if _NEEDS_QUOTES.search(value):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value


def text_field(value: str) -> str:
    """A name or text at the end of a line (``seat E 张三``): as it is, or double-quoted as :func:`quote` does
    where reading it back would change it (empty, a ``#``, a space at an end, a quote first, a line break).
    :func:`unquote` reads it back unchanged."""
    if not value or "#" in value or value != value.strip() or value.startswith('"') or "\n" in value:
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value


_ESCAPED = re.compile(r'\\(["\\])')


def unquote(text: str) -> str:
    """A name or text as :func:`text_field` writes it: within double quotes (``\\"`` a quote, ``\\\\`` a
    backslash, as :func:`words` reads them), else as it is."""
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return _ESCAPED.sub(r"\1", text[1:-1])
    return text


def seat_words(seats: Sequence[str], spellings: Mapping[str, str]) -> tuple[str, ...]:
    """*seats* as a record writes them, then each seat's first Chinese spelling among the reader's *spellings*
    (word → seat: ``东``, not also the traditional ``東``): what a guided prompt completes a seat to."""
    chinese: dict[str, str] = {}
    for word, seat in spellings.items():
        if not word.isascii():
            chinese.setdefault(seat, word)
    return (*seats, *(chinese[s] for s in seats if s in chinese))


class UnclosedQuote(ValueError):
    """A double quote that is not closed on its line (each game says so in its own words)."""


def words(text: str) -> list[str]:
    """*text* split at spaces, a double-quoted part kept whole and its quotes dropped: ``event="Spring Cup"`` is
    the one word ``event=Spring Cup``. Inside quotes a backslash before a quote or a backslash stands for that
    character, before anything else for itself; outside, a backslash and an apostrophe (``O'Brien``) are text.
    :class:`UnclosedQuote` when a quote is not closed."""
    if '"' not in text:
        return text.split()
    out: list[str] = []
    word: list[str] = []
    in_word = quoted = False
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if quoted:
            if ch == "\\" and i + 1 < n and text[i + 1] in '"\\':
                word.append(text[i + 1])
                i += 1
            elif ch == '"':
                quoted = False
            else:
                word.append(ch)
        elif ch == '"':
            quoted = in_word = True
        elif ch.isspace():
            if in_word:
                out.append("".join(word))
                word, in_word = [], False
        else:
            word.append(ch)
            in_word = True
        i += 1
    if quoted:
        raise UnclosedQuote(text)
    if in_word:
        out.append("".join(word))
    return out


def write_record(events: Iterable[E], format_event: Callable[[E], str], start: type) -> str:
    """The canonical record of *events*: one directive a line (*format_event*), a blank line before each event of
    type *start* (a deal, a hand) but the first line, no comments; "" for no events. Every game's writer is
    this one, given its own line writer and the event that starts a deal."""
    out: list[str] = []
    for ev in events:
        if isinstance(ev, start) and out:
            out.append("")
        out.append(format_event(ev))
    return "\n".join(out) + "\n" if out else ""
