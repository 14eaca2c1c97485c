"""The officiating directives every game's record holds: ``warn SEAT TEXT`` (a conduct warning against a seat) and
``ruling winner=SIDE TEXT`` (the referee's ruling, in favour of a side, with its reason).

Gunzi's record has had them from the start (docs/gunzi-rules.md §8.1, §8.2: a team warned three times forfeits;
the ruling is final). The games where each player plays for themself (Dou Dizhu, Hubei 打滚, Jinhua mahjong)
read and write them the same way, a seat being the side a ruling favours; their rule sets set no warnings limit,
so a warning or a ruling is kept in the record and shown with the match, and changes no score (each game's rules
doc, "Conduct and rulings"). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from referee.core.errors import UsageError
from referee.core.i18n import M, Msg, listed
from referee.core.names import TEXT_MAX, check_text
from referee.games.kit.conductwords import WINNER as _WINNER  # the input words, in their own module
from referee.games.kit.conductwords import WORDS as WORDS  # the readers take them from here
from referee.games.kit.notation import NotationError, text_field, unquote


class Warn(NamedTuple):
    """A conduct warning against *seat* (the game's seat as its record writes it), its reason *text*."""

    seat: str
    text: str
    line: int = 0


class Ruling(NamedTuple):
    """The referee's ruling in favour of *winner* (one of the game's sides), its reason *text*."""

    winner: str
    text: str
    line: int = 0


Conduct = Warn | Ruling
CONDUCT = (Warn, Ruling)

KEYWORD = {w: k for k, ws in WORDS.items() for w in ws}
USAGE = {"warn": "warn SEAT TEXT", "ruling": "ruling winner=SIDE TEXT"}
GLOSSES: dict[str, Msg] = {"warn": M("a warning"), "ruling": M("the referee's ruling")}


def keyword_of(word: str) -> str | None:
    """``warn`` or ``ruling`` for a word a record writes either with, else None."""
    return KEYWORD.get(word.lower())


def _text(rest: str, keyword: str) -> str:
    text = unquote(rest.strip())
    if not text:
        raise NotationError(M("'{keyword}' is written: {usage}", keyword=keyword, usage=USAGE[keyword]))
    try:
        return check_text(text, keyword, TEXT_MAX)
    except UsageError as e:
        raise NotationError(e.msg) from None


def read(keyword: str, rest: str, line: int, seat: Callable[[str], str], sides: Sequence[str]) -> Conduct:
    """The event of a ``warn``/``ruling`` line (*rest*: what follows its keyword); *seat* reads a seat as the game
    reads one (a number, a letter, a player's name), raising :class:`NotationError`; *sides* are the sides a ruling
    may favour."""
    parts = rest.strip().split(None, 1)
    if not parts:
        raise NotationError(M("'{keyword}' is written: {usage}", keyword=keyword, usage=USAGE[keyword]))
    first, tail = parts[0], (parts[1] if len(parts) > 1 else "")
    if keyword == "warn":
        return Warn(seat(first), _text(tail, keyword), line)
    prefix = next((p for p in _WINNER if first.lower().startswith(p)), None)
    if prefix is None:
        raise NotationError(M("'{keyword}' is written: {usage}", keyword=keyword, usage=USAGE[keyword]))
    value = first[len(prefix):]
    winner = value.upper() if value.upper() in sides else None
    if winner is None:
        try:
            winner = seat(value)
        except NotationError:
            winner = None
    if winner is None or winner not in sides:
        raise NotationError(M("ruling: winner={winner} is not a side ({sides})", winner=value, sides=listed(sides)))
    return Ruling(winner, _text(tail, keyword), line)


def format_event(ev: Conduct) -> str:
    """The canonical line: ``warn 2 "talked about the cards"``, ``ruling winner=1 TEXT``."""
    if isinstance(ev, Warn):
        return f"warn {ev.seat} {text_field(ev.text)}"
    return f"ruling winner={ev.winner} {text_field(ev.text)}"


def split(events: Iterable[object]) -> tuple[list[object], tuple[Conduct, ...]]:
    """*events* without their warnings and rulings, and those: an engine settles the deals of the first and keeps
    the second with its result (they belong to no deal and change no score)."""
    rest: list[object] = []
    kept: list[Conduct] = []
    for ev in events:
        (kept if isinstance(ev, CONDUCT) else rest).append(ev)  # type: ignore[arg-type]
    return rest, tuple(kept)


def lines(conduct: Sequence[Conduct], who: Callable[[str], str], lang: str) -> list[str]:
    """What the match view shows of them, one a line: ``warning #7: seat 2 (李四): talked about the cards``,
    ``ruling #9 in favour of 1 (张三): TEXT``; *who* names a seat with its player."""
    from referee.core.i18n import join, tr

    out: list[str] = []
    for ev in conduct:
        if isinstance(ev, Warn):
            out.append(tr(lang, "warning #{seq}: {who}: {text}",
                          seq=ev.line, who=who(ev.seat), text=ev.text))
        else:
            out.append(tr(lang, "ruling #{seq} in favour of {who}: {text}",
                          seq=ev.line, who=who(ev.winner), text=ev.text))
    counts: dict[str, int] = {}
    for ev in conduct:
        if isinstance(ev, Warn):
            counts[ev.seat] = counts.get(ev.seat, 0) + 1
    if counts:
        out.append(tr(lang, "warnings: {counts}",
                      counts=join(lang, [f"{who(s)} ×{n}" for s, n in counts.items()])))
    return out
