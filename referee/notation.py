"""The match record notation: a tolerant reader and a strict, canonical writer.

Reading forgives what has one clear meaning (case, spacing, suit symbols, Chinese card and seat
names) and collects every problem with its line number instead of stopping at the first, as
python-chess's PGN reader does. Only the form of each line is judged here; whether an event is
legal at that point of the match is the engine's business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from referee.cards import _CACHE as _CARD_CACHE
from referee.cards import CardError, format_cards, parse_card, parse_suit
from referee.errors import Bilingual
from referee.events import (
    Bury,
    Declare,
    DeclarerIs,
    DeclarerPoints,
    Draw,
    Event,
    Flip,
    HandStart,
    King,
    Kitty,
    Last,
    MatchHeader,
    Points,
    RecordError,
    Redeal,
    Riot,
    Ruling,
    SeatName,
    Show,
    TeamName,
    Time,
    Tribute,
    Trump,
    Waive,
    Warn,
    header_of,
    record_error,
)
from referee.gcpause import no_gc
from referee.seats import SeatError, parse_seat, parse_team


class NotationError(Bilingual, ValueError):
    """A line that is not a well-formed directive; the message says what was expected.

    ``NotationError(en, zh)``: ``str(exc)`` is the English, ``exc.zh`` the Chinese."""


class Record:
    """What a reading gives: the events, and an error for every line that could not be read."""

    __slots__ = ("events", "errors")

    def __init__(self, events: list[Event] | None = None, errors: list[RecordError] | None = None):
        self.events: list[Event] = events if events is not None else []
        self.errors: list[RecordError] = errors if errors is not None else []

    @property
    def header(self) -> MatchHeader | None:
        return header_of(self.events)


# --- reading -------------------------------------------------------------------------------------

HEADER_KEYS = ("id", "rules", "date", "event", "table", "round", "referee")
_KV = re.compile(r'\s*([^\s=]+)=("(?:[^"\\]|\\.)*"|\S*)')


def strip_comment(text: str) -> str:
    """Drop a '#' comment, but not a '#' inside double quotes."""
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


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return re.sub(r"\\(.)", r"\1", value[1:-1])
    return value


def _cards(tokens: Iterable[str]) -> tuple:
    get = _CARD_CACHE.get
    try:
        return tuple([get(t) or parse_card(t) for t in tokens])
    except CardError as e:
        raise NotationError(str(e), e.zh) from None


def _seat(token: str):
    seat = _PLAIN_SEATS.get(token)
    if seat is not None:
        return seat
    try:
        return parse_seat(token)
    except SeatError as e:
        raise NotationError(str(e), e.zh) from None


_PLAIN_SEATS = {"E": "E", "S": "S", "W": "W", "N": "N"}


# The form of each directive, in the record's own keywords; the Chinese names the parts in Chinese.
USAGE_ZH = {
    "team EW|NS NAME": "team EW|NS 队名",
    "seat E|S|W|N NAME": "seat E|S|W|N 姓名",
    "declarer SEAT": "declarer 座位",
    "declare SEAT CARD… [as SUIT]": "declare 座位 牌… [as 花色]",
    "flip SEAT CARD": "flip 座位 牌",
    "draw CARD…": "draw 牌…",
    "trump SUIT (S H C D)": "trump 花色（S H C D）",
    "riot SEAT CARD CARD CARD": "riot 座位 牌 牌 牌",
    "tribute SEAT CARD…": "tribute 座位 牌…",
    "kitty CARD×6": "kitty 牌×6",
    "bury CARD×6": "bury 牌×6",
    "king SEAT JOKER… take CARD…": "king 座位 王… take 牌…",
    "points N": "points 分数",
    "declarer-points N": "declarer-points 分数",
    "last def|decl (抓分方|庄家方)": "last def|decl（抓分方|庄家方）",
    "show SEAT CARD…": "show 座位 牌…",
    "warn SEAT TEXT": "warn 座位 说明",
    "ruling winner=EW|NS TEXT": "ruling winner=EW|NS 理由",
}


def _expected(usage: str) -> NotationError:
    """The error for a line that does not have the form *usage*."""
    return NotationError(f"expected: {usage}", f"格式应为：{USAGE_ZH.get(usage, usage)}")


def _need(tokens: list[str], n: int, usage: str) -> None:
    if len(tokens) < n:
        raise _expected(usage)


def _no_args(name: str, cls) -> Callable:
    def read(tokens: list[str], rest: str, line: int) -> Event:
        if tokens:
            raise NotationError(f"'{name}' takes nothing after it, found '{' '.join(tokens)}'",
                                f"'{name}' 后面不跟任何内容，却写了 '{' '.join(tokens)}'")
        return cls(line=line)
    return read


def _match(tokens: list[str], rest: str, line: int) -> Event:
    values: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    pos = 0
    while pos < len(rest):
        if rest[pos:].strip() == "":
            break
        m = _KV.match(rest, pos)
        if not m:
            bad = rest[pos:].split()[0]
            raise NotationError(f"'{bad}' is not KEY=VALUE (quote values with spaces: event=\"Spring Cup\")",
                                f"'{bad}' 不是 键=值 的写法（值里有空格要加引号：event=\"春季杯 第一轮\"）")
        key, value = m.group(1).lower(), _unquote(m.group(2))
        if key in values or any(k == key for k, _ in extra):
            raise NotationError(f"'{key}' is given twice", f"'{key}' 写了两次")
        if key in HEADER_KEYS:
            values[key] = value
        else:
            extra.append((key, value))
        pos = m.end()
    if not values.get("id"):
        raise NotationError("the match needs an id: match id=SC26-R1-T3 …", "比赛要有 id：match id=SC26-R1-T3 …")
    rules = values.pop("rules", "") or "dalian-club"
    return MatchHeader(rules=rules, extra=tuple(extra), line=line, **values)


def _name_rest(rest: str) -> str:
    """The rest of a line after the first word: a name or a text, quoted if it needs to be."""
    parts = rest.split(None, 1)
    return _unquote(parts[1].strip()) if len(parts) > 1 else ""


def _team(tokens, rest, line):
    _need(tokens, 2, "team EW|NS NAME")
    try:
        team = parse_team(tokens[0])
    except SeatError as e:
        raise NotationError(str(e), e.zh) from None
    return TeamName(team, _name_rest(rest), line=line)


def _seatname(tokens, rest, line):
    _need(tokens, 2, "seat E|S|W|N NAME")
    return SeatName(_seat(tokens[0]), _name_rest(rest), line=line)


def _declarer(tokens, rest, line):
    if len(tokens) != 1:
        raise _expected("declarer SEAT")
    return DeclarerIs(_seat(tokens[0]), line=line)


def _declare(tokens, rest, line):
    _need(tokens, 2, "declare SEAT CARD… [as SUIT]")
    as_suit = None
    lowered = [t.lower() for t in tokens] if len(tokens) > 2 else ()
    if "as" in lowered:
        i = lowered.index("as")
        if i != len(tokens) - 2:
            raise NotationError("'as SUIT' must end the declaration: declare N SJ SJ SJ as H",
                                "'as 花色' 要写在亮主的最后：declare N SJ SJ SJ as H")
        try:
            as_suit = parse_suit(tokens[-1])
        except CardError as e:
            raise NotationError(str(e), e.zh) from None
        tokens = tokens[:i]
    if len(tokens) < 2:
        raise _expected("declare SEAT CARD… [as SUIT]")
    return Declare(_seat(tokens[0]), _cards(tokens[1:]), as_suit, line=line)


def _flip(tokens, rest, line):
    if len(tokens) != 2:
        raise _expected("flip SEAT CARD")
    return Flip(_seat(tokens[0]), _cards(tokens[1:])[0], line=line)


def _draw(tokens, rest, line):
    _need(tokens, 1, "draw CARD…")
    return Draw(_cards(tokens), line=line)


def _trump(tokens, rest, line):
    if len(tokens) != 1:
        raise _expected("trump SUIT (S H C D)")
    try:
        return Trump(parse_suit(tokens[0]), line=line)
    except CardError as e:
        raise NotationError(str(e), e.zh) from None


def _seat_cards(cls, usage):
    def read(tokens, rest, line):
        _need(tokens, 2, usage)
        return cls(_seat(tokens[0]), _cards(tokens[1:]), line=line)
    return read


def _plain_cards(cls, usage):
    def read(tokens, rest, line):
        _need(tokens, 1, usage)
        return cls(_cards(tokens), line=line)
    return read


def _king(tokens, rest, line):
    usage = "king SEAT JOKER… take CARD…"
    lowered = [t.lower() for t in tokens]
    if "take" not in lowered:
        raise _expected(usage)
    i = lowered.index("take")
    if i < 2 or i == len(tokens) - 1:
        raise _expected(usage)
    return King(_seat(tokens[0]), _cards(tokens[1:i]), _cards(tokens[i + 1 :]), line=line)


def _number(name, cls):
    def read(tokens, rest, line):
        if len(tokens) != 1:
            raise _expected(f"{name} N")
        try:
            n = int(tokens[0])
        except ValueError:
            raise NotationError(f"'{tokens[0]}' is not a number of points", f"'{tokens[0]}' 不是分数") from None
        if n < 0:
            raise NotationError(f"points cannot be negative ({n})", f"分数不能是负数（{n}）")
        return cls(n, line=line)
    return read


_LAST = {"def": True, "defenders": True, "dig": True, "抓分方": True, "抠底": True, "闲家": True,
         "decl": False, "declarers": False, "keep": False, "庄家方": False, "保底": False, "庄家": False}


def _last(tokens, rest, line):
    if len(tokens) != 1 or tokens[0].lower() not in _LAST:
        raise _expected("last def|decl (抓分方|庄家方)")
    return Last(_LAST[tokens[0].lower()], line=line)


def _warn(tokens, rest, line):
    _need(tokens, 1, "warn SEAT TEXT")
    return Warn(_seat(tokens[0]), _name_rest(rest), line=line)


def _ruling(tokens, rest, line):
    _need(tokens, 1, "ruling winner=EW|NS TEXT")
    word = tokens[0]
    if word.lower().startswith("winner="):
        word = word[len("winner="):]
    try:
        team = parse_team(word)
    except SeatError as e:
        raise NotationError(str(e), e.zh) from None
    return Ruling(team, _name_rest(rest), line=line)


READERS: dict[str, Callable[[list[str], str, int], Event]] = {
    "match": lambda t, r, n: _match(t, r, n),
    "team": _team,
    "seat": _seatname,
    "hand": _no_args("hand", HandStart),
    "declarer": _declarer,
    "declare": _declare,
    "flip": _flip,
    "draw": _draw,
    "trump": _trump,
    "riot": _seat_cards(Riot, "riot SEAT CARD CARD CARD"),
    "waive": _no_args("waive", Waive),
    "tribute": _seat_cards(Tribute, "tribute SEAT CARD…"),
    "kitty": _plain_cards(Kitty, "kitty CARD×6"),
    "bury": _plain_cards(Bury, "bury CARD×6"),
    "king": _king,
    "points": _number("points", Points),
    "declarer-points": _number("declarer-points", DeclarerPoints),
    "last": _last,
    "show": _seat_cards(Show, "show SEAT CARD…"),
    "warn": _warn,
    "time": _no_args("time", Time),
    "ruling": _ruling,
    "redeal": _no_args("redeal", Redeal),
}
ALIASES = {"declarer_points": "declarer-points", "declarerpoints": "declarer-points"}


_NEEDS_REST = {"match", "team", "seat", "warn", "ruling"}  # readers that take the raw text, not only tokens


def parse_line(text: str, line: int = 0) -> Event | None:
    """One directive, or None for a blank or comment line; raises NotationError when malformed."""
    if "#" in text:
        text = strip_comment(text)
    tokens = text.split()
    if not tokens:
        return None
    word = tokens[0]
    reader = READERS.get(word)
    if reader is None:
        word = word.lower()
        word = ALIASES.get(word, word)
        reader = READERS.get(word)
        if reader is None:
            raise NotationError(f"unknown directive '{tokens[0]}' (known: {', '.join(READERS)})",
                                f"未知指令 '{tokens[0]}'（可用的有：{'、'.join(READERS)}）")
    if word in _NEEDS_REST:
        parts = text.strip().split(None, 1)
        rest = parts[1] if len(parts) > 1 else ""
    else:
        rest = ""
    return reader(tokens[1:], rest, line)


def parse(text: str) -> Record:
    """Read a whole record; malformed lines become errors with their numbers and are skipped."""
    record = Record()
    events, errors = record.events, record.errors
    if text.startswith("\ufeff"):
        text = text[1:]
    # A long record repeats many lines exactly ("hand", "last def", "points 20", "declare S 4S"):
    # each distinct line is read once and its event copied with the new line number.
    seen: dict[str, Event | None] = {}
    new = tuple.__new__
    with no_gc():
        for number, raw in enumerate(text.splitlines(), 1):
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


_UNSEEN = object()


# --- writing -------------------------------------------------------------------------------------

_NEEDS_QUOTES = re.compile(r'[\s"#\\=]|^$')


def _quote(value: str) -> str:
    if _NEEDS_QUOTES.search(value) or value != value.strip():
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value


def _text(value: str) -> str:
    """A name or text at the end of a line: quoted only where reading it back would change it."""
    if not value or "#" in value or value != value.strip() or value.startswith('"') or "\n" in value:
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value


def format_event(ev: Event) -> str:
    """The canonical line of one event."""
    match ev:
        case MatchHeader():
            pairs = [("id", ev.id), ("rules", ev.rules)]
            pairs += [(k, getattr(ev, k)) for k in HEADER_KEYS[2:] if getattr(ev, k) is not None]
            pairs += list(ev.extra)
            return "match " + " ".join(f"{k}={_quote(v)}" for k, v in pairs)
        case TeamName():
            return f"team {ev.team} {_text(ev.name)}"
        case SeatName():
            return f"seat {ev.seat} {_text(ev.name)}"
        case DeclarerIs():
            return f"declarer {ev.seat}"
        case Declare():
            tail = f" as {ev.as_suit}" if ev.as_suit else ""
            return f"declare {ev.seat} {format_cards(ev.cards)}{tail}"
        case Flip():
            return f"flip {ev.seat} {ev.card}"
        case Draw() | Kitty() | Bury():
            return f"{ev.directive} {format_cards(ev.cards)}"
        case Trump():
            return f"trump {ev.suit}"
        case Riot() | Tribute() | Show():
            return f"{ev.directive} {ev.seat} {format_cards(ev.cards)}"
        case King():
            return f"king {ev.seat} {format_cards(ev.jokers)} take {format_cards(ev.take)}"
        case Points() | DeclarerPoints():
            return f"{ev.directive} {ev.points}"
        case Last():
            return "last def" if ev.dug else "last decl"
        case Warn():
            return f"warn {ev.seat} {_text(ev.text)}".rstrip()
        case Ruling():
            return f"ruling winner={ev.winner} {_text(ev.text)}".rstrip()
        case _:
            return ev.directive


def write(events: Iterable[Event]) -> str:
    """The canonical record: one directive a line, a blank line before each hand, no comments."""
    out: list[str] = []
    for ev in events:
        if isinstance(ev, HandStart) and out:
            out.append("")
        out.append(format_event(ev))
    return "\n".join(out) + "\n" if out else ""
