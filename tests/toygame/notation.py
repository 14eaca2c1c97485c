"""The toy game's notation: ``match``, ``seat``, ``deal``, ``win``, ``nowin`` (and the kit's ``warn``/``ruling``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.core.i18n import M
from referee.games.kit import conduct
from referee.games.kit.notation import (
    NotationError,
    Reading,
    numbered,
    quote,
    read_lines,
    strip_comment,
    unquote,
    words,
)
from toygame.events import SEATS, Deal, Event, Header, NoWin, Seat, Win

GAME_KEY = "toy"
KEYWORDS = {"match": "match", "seat": "seat", "deal": "deal", "win": "win", "nowin": "nowin"}
SPELLINGS = {**KEYWORDS, **conduct.KEYWORD}
USAGE = {"match": "match id=ID game=toy", "seat": "seat A|B NAME", "deal": "deal", "win": "win A|B",
         "nowin": "nowin", **conduct.USAGE}


def _seat(token: str) -> str:
    seat = token.strip().upper()
    if seat not in SEATS:
        raise NotationError(M("seat {seat}: a seat is A or B", seat=token))
    return seat


def parse_line(text: str, line: int = 0) -> Event | None:
    body = strip_comment(text).strip()
    if not body:
        return None
    word, _, rest = body.partition(" ")
    keyword = SPELLINGS.get(word.lower())
    if keyword is None:
        raise NotationError(M("{word}: not a directive of the toy game", word=word))
    if keyword in ("warn", "ruling"):
        return conduct.read(keyword, rest, line, _seat, SEATS)
    parts = words(rest)
    if keyword == "match":
        pairs = [p.partition("=") for p in parts]
        values = {k: unquote(v) for k, _, v in pairs}
        if "id" not in values:
            raise NotationError(M("match: the header needs id=ID"))
        extra = tuple((k, unquote(v)) for k, _, v in pairs if k not in ("id", "rules"))
        return Header(values["id"], values.get("rules"), extra, line)
    if keyword == "seat":
        if len(parts) < 2:
            raise NotationError(M("seat: write 'seat A|B NAME'"))
        return Seat(_seat(parts[0]), " ".join(parts[1:]), line)
    if keyword == "deal":
        return Deal(line)
    if keyword == "nowin":
        return NoWin(line)
    if len(parts) != 1:
        raise NotationError(M("win: write 'win A|B'"))
    return Win(_seat(parts[0]), line)


def parse_lines(lines: Iterable[tuple[int, str]]) -> Reading[Event]:
    return read_lines(lines, parse_line)


def parse(text: str) -> Reading[Event]:
    return parse_lines(numbered(text))


def format_event(ev: Event) -> str:
    if isinstance(ev, Header):
        head = [f"match id={quote(ev.id)}"]
        if ev.rules:
            head.append(f"rules={quote(ev.rules)}")
        head += [f"{k}={quote(v)}" for k, v in ev.extra]
        return " ".join(head)
    if isinstance(ev, Seat):
        return f"seat {ev.seat} {quote(ev.name)}"
    if isinstance(ev, Deal):
        return "deal"
    if isinstance(ev, Win):
        return f"win {ev.seat}"
    if isinstance(ev, NoWin):
        return "nowin"
    return conduct.format_event(ev)


def write(events: Sequence[Event]) -> str:
    return "".join(format_event(e) + "\n" for e in events)
