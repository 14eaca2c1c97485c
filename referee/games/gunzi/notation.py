"""The match record notation: a tolerant reader and a strict, canonical writer.

Reading forgives what has one clear meaning (case, spacing, suit symbols, Chinese card, seat and
directive names) and collects every problem with its line number instead of stopping at the first,
as python-chess's PGN reader does. The form of each directive is in ``referee.games.gunzi.directives``; whether
an event is legal at that point of the match is the engine's business.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.i18n import M, listed
from referee.games.gunzi.cards import _CACHE as _CARD_CACHE
from referee.games.gunzi.directives import _PLAIN_SEATS, BY_EVENT, DIRECTIVES, NotationError, lookup, suggest
from referee.games.gunzi.events import (
    Bury,
    Event,
    HandStart,
    Kitty,
    MatchHeader,
    Redeal,
    Riot,
    Show,
    Tribute,
    header_of,
    record_error,
)
from referee.games.kit.notation import Reading, strip_comment, write_record

__all__ = ["NotationError", "Record", "format_event", "parse", "parse_known", "parse_line", "parse_lines",
           "strip_comment", "write"]


class Record(Reading[Event]):
    """What a reading gives: the events, and an error for every line that could not be read."""

    __slots__ = ()

    @property
    def header(self) -> MatchHeader | None:
        return header_of(self.events)


# --- reading -------------------------------------------------------------------------------------

def unknown(word: str) -> NotationError:
    """The error for a word that names no directive: the nearest keyword when there is one."""
    near = suggest(word)
    known = listed(d.keyword for d in DIRECTIVES)
    if near:
        return NotationError(M("unknown directive '{word}': did you mean '{near}'? (known: {known})",
                               word=word, near=near, known=known))
    return NotationError(M("unknown directive '{word}' (known: {known})",
                           word=word, known=known))


def parse_line(text: str, line: int = 0) -> Event | None:
    """One directive, or None for a blank or comment line; raises NotationError when malformed."""
    if "#" in text:
        text = strip_comment(text)
    tokens = text.split()
    if not tokens:
        return None
    shape = _CARD_LINES.get(tokens[0])
    if shape is not None:  # a cards line in its usual spelling, made here in one pass (see _CARD_LINES)
        cls, seated = shape
        try:  # a spelling not seen (KeyError) or no seat: the directive's reader says what it is
            if seated:
                if len(tokens) > 2:
                    return _new(cls, (_PLAIN_SEATS[tokens[1]], tuple(map(_CARD, tokens[2:])), line))
            elif len(tokens) > 1:
                return _new(cls, (tuple(map(_CARD, tokens[1:])), line))
        except KeyError:
            pass
    directive = lookup(tokens[0])
    if directive is None:
        raise unknown(tokens[0])
    if directive.text:
        parts = text.strip().split(None, 1)
        rest = parts[1] if len(parts) > 1 else ""
    else:
        rest = ""
    return directive.read(tokens[1:], rest, line)


# The lines a long record is mostly made of that no earlier line repeats: cards after the keyword (kitty,
# bury), or after a seat (tribute, show, riot). Written as the writer writes them (the keyword, a seat
# letter, card names seen before), each is read by parse_line in one pass (the cards looked up in C, the
# event made straight into its tuple); any other spelling, and any problem, goes to the directive's own
# reader, which gives the same event or says what is wrong.
_CARD_LINES: dict[str, tuple[type[Kitty | Bury | Tribute | Show | Riot], bool]] = {
    "kitty": (Kitty, False), "bury": (Bury, False), "tribute": (Tribute, True), "show": (Show, True),
    "riot": (Riot, True),
}
_CARD = _CARD_CACHE.__getitem__  # a spelling's card, KeyError for one not seen (parse_card reads the others)
_new = tuple.__new__  # a named tuple made from its fields in order, without its generated __new__


def parse(text: str) -> Record:
    """Read a whole record; malformed lines become errors with their numbers and are skipped."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return parse_lines(enumerate(text.splitlines(), 1))


def parse_lines(lines: Iterable[tuple[int, str]]) -> Record:
    """Read numbered lines (a record's, or the store's corrected view numbered by sequence) as :func:`parse`."""
    record = Record()
    events, errors = record.events, record.errors
    # A long record repeats many lines exactly ("hand", "last def", "points 20", "declare S 4S"):
    # each distinct line is read once and its event copied with the new line number.
    seen: dict[str, Event | None] = {}
    new = tuple.__new__
    for number, raw in lines:
        ev = seen.get(raw, _UNSEEN)
        if ev is _UNSEEN:
            try:
                ev = seen[raw] = parse_line(raw, number)
            except NotationError as e:
                errors.append(record_error(number, e))
                continue
        elif ev is not None:
            ev = new(type(ev), (*ev[:-1], number))  # the same event at this line
        if ev is not None:
            events.append(ev)
    return record


def parse_known(text: str, line: int) -> Event | None:
    """:func:`parse_line`, each distinct directive text read once per process: the matches of a store
    repeat the same lines (``hand``, ``points 20``, ``last def``), and an event is the same whatever its
    line. A malformed line is read (and raises) every time."""
    ev = _KNOWN.get(text, _UNSEEN)
    if ev is _UNSEEN:
        ev = parse_line(text, line)
        if len(_KNOWN) < 100_000:  # a long-lived server reads many matches: the cache stays bounded
            _KNOWN[text] = ev
        return ev
    return None if ev is None else tuple.__new__(type(ev), (*ev[:-1], line))  # the same event at this line


_KNOWN: dict[str, Event | None] = {}

_UNSEEN: Event = Redeal(line=-1)  # "not read yet" in the cache of lines: compared by identity, never read


# --- writing -------------------------------------------------------------------------------------

def format_event(ev: Event) -> str:
    """The canonical line of one event."""
    return BY_EVENT[type(ev)].write(ev)


def write(events: Iterable[Event]) -> str:
    """The canonical record: one directive a line, a blank line before each hand, no comments."""
    return write_record(events, format_event, HandStart)
