"""The record directives, each declared once: keyword, Chinese keyword, event, reader, writer, usage,
gloss and the phase of a hand it belongs to.

Everything that lists directives derives from :data:`DIRECTIVES`: the reader and the canonical
writer (``referee.games.gunzi.notation``), the engine's dispatch and phase order, the store's "next:" hints and
glosses, the guided entry's prompts and shorthands, and the table of ``docs/record-format.md`` (a
test compares the two). Adding a directive is one row here, its event class, its engine handler,
its catalogue words and a test.

A reader gets the words after the keyword, the raw rest of the line (for names and texts) and the
line number; it judges only the *form* of the line, raising :class:`NotationError` with what was
expected. Whether the event is legal at that point of the match is the engine's business.
"""

# No `from __future__ import annotations` here: a named tuple's string annotations are each compiled by typing
# at import (a ForwardRef per field), on every command's start; as types they are not.

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from referee.core.frozen import Record
from referee.core.i18n import N_, M, Msg
from referee.games.gunzi import events as ev  # the registry names every event: by its module's name
from referee.games.gunzi.cards import _CACHE as _CARD_CACHE
from referee.games.gunzi.cards import Card, CardError, format_cards, parse_card, parse_suit
from referee.games.gunzi.codes import Phase
from referee.games.gunzi.events import Event
from referee.games.gunzi.seats import SeatError, parse_seat, parse_team
from referee.games.kit.notation import NotationError as NotationError  # re-exported: the Gunzi reader's error
from referee.games.kit.notation import UnclosedQuote, unquote, words
from referee.games.kit.notation import quote as quote  # re-exported: a header value as the writer writes it
from referee.games.kit.notation import text_field as text_field  # re-exported: a name or text at a line's end

Reader = Callable[[list[str], str, int], Event]
# A writer takes the event of its own directive (a Kitty for 'kitty'): the registry holds every
# directive's, and a type cannot tie each row's writer to that row's event class.
Writer = Callable[[Any], str]


class Directive(Record):
    keyword: str  # as the record writes it
    zh: str  # the Chinese keyword, read as the keyword
    event: type[Event]  # the event class it reads into
    read: Reader
    write: Writer
    usage: str  # its form, an English msgid ("kitty CARD×6"); the catalogue words it per language
    gloss: str  # what it records, in a few words (msgid)
    phase: Phase | None  # the phase of a hand it belongs to; None: match level, or anywhere
    text: bool = False  # the reader takes the raw rest of the line (names, texts, KEY=VALUE)
    aliases: tuple[str, ...] = ()
    bare: str | None = None  # what a bare answer at the guided prompt fills: "cards", "number", "side"


# --- helpers of the readers ---------------------------------------------------------------------------

HEADER_KEYS = ("id", "rules", "date", "event", "table", "round", "referee")
# The header's `game=` names the game a record is of: this package's, the default when absent.
GAME_KEY, GAME = "game", "gunzi"
_PLAIN_SEATS = {"E": "E", "S": "S", "W": "W", "N": "N"}


def expected(keyword: str) -> NotationError:
    """The error for a line that does not have the form of *keyword*."""
    return NotationError(M("expected: {usage}", usage=Msg(BY_KEYWORD[keyword].usage)))


def _need(tokens: list[str], n: int, keyword: str) -> None:
    if len(tokens) < n:
        raise expected(keyword)


def _cards(tokens: Iterable[str]) -> tuple[Card, ...]:
    get = _CARD_CACHE.get
    try:
        return tuple([get(t) or parse_card(t) for t in tokens])
    except CardError as e:
        raise NotationError(e.msg) from None


def _seat(token: str) -> str:
    seat = _PLAIN_SEATS.get(token)
    if seat is not None:
        return seat
    try:
        return parse_seat(token)
    except SeatError as e:
        raise NotationError(e.msg) from None


def _team(token: str) -> str:
    try:
        return parse_team(token)
    except SeatError as e:
        raise NotationError(e.msg) from None


def _suit(token: str) -> str:
    try:
        return parse_suit(token)
    except CardError as e:
        raise NotationError(e.msg) from None


def _rest(rest: str) -> str:
    """The rest of a line after the first word: a name or a text, quoted if it needs to be."""
    parts = rest.split(None, 1)
    return unquote(parts[1].strip()) if len(parts) > 1 else ""


def _index(tokens: list[str], words: tuple[str, ...]) -> int | None:
    lowered = [t.lower() for t in tokens]
    return next((i for i, t in enumerate(lowered) if t in words), None)


# --- the readers ----------------------------------------------------------------------------------

def read_match(tokens: list[str], rest: str, line: int) -> ev.MatchHeader:
    values: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    try:
        pairs = words(rest)
    except UnclosedQuote:
        raise NotationError(M("a quotation mark is not closed")) from None
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise NotationError(M("'{bad}' is not KEY=VALUE (quote values with spaces: event=\"Spring Cup\")",
                                  bad=pair))
        key = key.lower()
        if key in values or any(k == key for k, _ in extra):
            raise NotationError(M("'{key}' is given twice", key=key))
        if key == GAME_KEY and value.lower() != GAME:
            raise NotationError(M("game={value}: this version officiates {game} only; a record of another game "
                                  "cannot be settled by its rules", value=value, game=GAME))
        if key in HEADER_KEYS:
            values[key] = value
        else:
            extra.append((key, value))
    if not values.get("id"):
        raise NotationError(M("the match needs an id: match id=SC26-R1-T3 …"))
    rules = values.pop("rules", "") or "dalian-club"
    return ev.MatchHeader(rules=rules, extra=tuple(extra), line=line, **values)


def read_team(tokens: list[str], rest: str, line: int) -> ev.TeamName:
    _need(tokens, 2, "team")
    return ev.TeamName(_team(tokens[0]), _rest(rest), line=line)


def read_seat(tokens: list[str], rest: str, line: int) -> ev.SeatName:
    _need(tokens, 2, "seat")
    return ev.SeatName(_seat(tokens[0]), _rest(rest), line=line)


# The readers and writers shared by several directives take the directive's keyword and event class
# first; the registry binds them with ``partial`` (a function called at each reading, where the tests
# reach it, not a closure made once at import).

def _nothing(keyword: str, cls: type[ev.HandStart | ev.Waive | ev.Time | ev.Redeal], tokens: list[str], rest: str,
             line: int) -> Event:
    if tokens:
        raise NotationError(M("'{keyword}' takes nothing after it, found '{found}'",
                              keyword=keyword, found=" ".join(tokens)))
    return cls(line=line)


def read_declarer(tokens: list[str], rest: str, line: int) -> ev.DeclarerIs:
    if len(tokens) != 1:
        raise expected("declarer")
    return ev.DeclarerIs(_seat(tokens[0]), line=line)


AS_WORDS = ("as", "作")  # declare N SJ SJ SJ as H / 亮主 北 小王 小王 小王 作 红桃
TAKE_WORDS = ("take", "换")


def read_declare(tokens: list[str], rest: str, line: int) -> ev.Declare:
    _need(tokens, 2, "declare")
    as_suit = None
    i = _index(tokens, AS_WORDS) if len(tokens) > 2 else None
    if i is not None:
        if i != len(tokens) - 2:
            raise NotationError(M("'as SUIT' must end the declaration: declare N SJ SJ SJ as H"))
        as_suit = _suit(tokens[-1])
        tokens = tokens[:i]
    if len(tokens) < 2:
        raise expected("declare")
    return ev.Declare(_seat(tokens[0]), _cards(tokens[1:]), as_suit, line=line)


def read_flip(tokens: list[str], rest: str, line: int) -> ev.Flip:
    if len(tokens) != 2:
        raise expected("flip")
    return ev.Flip(_seat(tokens[0]), _cards(tokens[1:])[0], line=line)


def read_draw(tokens: list[str], rest: str, line: int) -> ev.Draw:
    _need(tokens, 1, "draw")
    return ev.Draw(_cards(tokens), line=line)


def read_trump(tokens: list[str], rest: str, line: int) -> ev.Trump:
    if len(tokens) != 1:
        raise expected("trump")
    return ev.Trump(_suit(tokens[0]), line=line)


def _seat_cards(keyword: str, cls: type[ev.Riot | ev.Tribute | ev.Show], tokens: list[str], rest: str,
                line: int) -> Event:
    _need(tokens, 2, keyword)
    return cls(_seat(tokens[0]), _cards(tokens[1:]), line=line)


def _cards_only(keyword: str, cls: type[ev.Kitty | ev.Bury], tokens: list[str], rest: str, line: int) -> Event:
    _need(tokens, 1, keyword)
    return cls(_cards(tokens), line=line)


def read_king(tokens: list[str], rest: str, line: int) -> ev.King:
    i = _index(tokens, TAKE_WORDS)
    if i is None or i < 2 or i == len(tokens) - 1:
        raise expected("king")
    return ev.King(_seat(tokens[0]), _cards(tokens[1:i]), _cards(tokens[i + 1:]), line=line)


def _number(keyword: str, cls: type[ev.Points | ev.DeclarerPoints], tokens: list[str], rest: str, line: int) -> Event:
    if len(tokens) != 1:
        raise expected(keyword)
    try:
        n = int(tokens[0])
    except ValueError:
        raise NotationError(M("'{word}' is not a number of points",
                              word=tokens[0])) from None
    if n < 0:
        raise NotationError(M("points cannot be negative ({n})", n=n))
    return cls(n, line=line)


# The seats as the prompt completes them (input words).
SEAT_WORDS = ("E", "S", "W", "N", "东", "南", "西", "北")

# Who won the last trick: True the defenders dug (抠底), False the declarers kept (保底).
SIDES = {"def": True, "defenders": True, "dig": True, "dug": True, "抓分方": True, "抠底": True, "闲家": True,
         "decl": False, "declarers": False, "keep": False, "kept": False, "庄家方": False, "保底": False,
         "庄家": False}


def read_last(tokens: list[str], rest: str, line: int) -> ev.Last:
    if len(tokens) != 1 or tokens[0].lower() not in SIDES:
        raise expected("last")
    return ev.Last(SIDES[tokens[0].lower()], line=line)


def read_warn(tokens: list[str], rest: str, line: int) -> ev.Warn:
    _need(tokens, 1, "warn")
    return ev.Warn(_seat(tokens[0]), _rest(rest), line=line)


def read_ruling(tokens: list[str], rest: str, line: int) -> ev.Ruling:
    _need(tokens, 1, "ruling")
    word = tokens[0]
    for prefix in ("winner=", "胜方="):  # ruling winner=EW … / 裁定 胜方=东西 …
        if word.lower().startswith(prefix):
            word = word[len(prefix):]
    return ev.Ruling(_team(word), _rest(rest), line=line)


# --- the writers: the canonical line of each event ----------------------------------------------------

def write_match(e: ev.MatchHeader) -> str:
    pairs = [("id", e.id), ("rules", e.rules)]
    pairs += [(k, v) for k in HEADER_KEYS[2:] if (v := getattr(e, k)) is not None]
    pairs += list(e.extra)
    return "match " + " ".join(f"{k}={quote(v)}" for k, v in pairs)


def _write(keyword: str, parts: tuple[Callable[[Any], str], ...], e: Any) -> str:  # each part reads the event
    """The line of *e*: the keyword and each part of the event."""
    return " ".join([keyword, *(p(e) for p in parts)]).rstrip()


if TYPE_CHECKING:  # for the checker only (quoted below): a protocol costs ~40 us to build

    class _Seated(Protocol):
        @property
        def seat(self) -> str: ...


    class _Carded(Protocol):
        @property
        def cards(self) -> tuple[Card, ...]: ...


    class _Counted(Protocol):
        @property
        def points(self) -> int: ...


def _seat_of(e: "_Seated") -> str:
    return e.seat


def _cards_of(e: "_Carded") -> str:
    return format_cards(e.cards)


def _points_of(e: "_Counted") -> str:
    return str(e.points)


def _declare(e: ev.Declare) -> str:
    tail = f" as {e.as_suit}" if e.as_suit else ""
    return f"declare {e.seat} {format_cards(e.cards)}{tail}"


# --- the registry -------------------------------------------------------------------------------------

DIRECTIVES: tuple[Directive, ...] = (
    Directive("match", "比赛", ev.MatchHeader, read_match, write_match, N_("match KEY=VALUE…"),
              N_("the match header"), None, text=True),
    Directive("team", "队名", ev.TeamName, read_team,
              partial(_write, "team", (lambda e: e.team, lambda e: text_field(e.name))),
              N_("team EW|NS NAME"), N_("a team's name"), None, text=True),
    Directive("seat", "座位", ev.SeatName, read_seat,
              partial(_write, "seat", (_seat_of, lambda e: text_field(e.name))), N_("seat E|S|W|N NAME"),
              N_("a player's name"), None, text=True),
    Directive("hand", "发牌", ev.HandStart, partial(_nothing, "hand", ev.HandStart), partial(_write, "hand", ()),
              N_("hand"), N_("a new hand"), None),
    Directive("declarer", "庄家", ev.DeclarerIs, read_declarer, partial(_write, "declarer", (_seat_of,)),
              N_("declarer SEAT"), N_("the declarer"), Phase.declaring),
    Directive("declare", "亮主", ev.Declare, read_declare, _declare, N_("declare SEAT CARD… [as SUIT]"),
              N_("declare trump"), Phase.declaring),
    Directive("flip", "翻牌", ev.Flip, read_flip, partial(_write, "flip", (_seat_of, lambda e: str(e.card))),
              N_("flip SEAT CARD"), N_("a flip from the kitty"), Phase.declaring),
    Directive("draw", "抽牌", ev.Draw, read_draw, partial(_write, "draw", (_cards_of,)), N_("draw CARD…"),
              N_("a draw for trump"), Phase.declaring),
    Directive("trump", "定主", ev.Trump, read_trump, partial(_write, "trump", (lambda e: e.suit,)),
              N_("trump SUIT"), N_("the trump suit"), Phase.declaring),
    Directive("riot", "暴动", ev.Riot, partial(_seat_cards, "riot", ev.Riot),
              partial(_write, "riot", (_seat_of, _cards_of)), N_("riot SEAT CARD CARD CARD"),
              N_("riot: tribute waived"), Phase.tribute),
    Directive("waive", "免贡", ev.Waive, partial(_nothing, "waive", ev.Waive), partial(_write, "waive", ()),
              N_("waive"), N_("tribute waived"), Phase.tribute),
    Directive("tribute", "进贡", ev.Tribute, partial(_seat_cards, "tribute", ev.Tribute),
              partial(_write, "tribute", (_seat_of, _cards_of)),
              N_("tribute SEAT CARD…"), N_("the tribute"), Phase.tribute, bare="cards"),
    Directive("kitty", "底牌", ev.Kitty, partial(_cards_only, "kitty", ev.Kitty),
              partial(_write, "kitty", (_cards_of,)), N_("kitty CARD×6"), N_("the dealt kitty"), Phase.kitty,
              bare="cards"),
    Directive("bury", "扣底", ev.Bury, partial(_cards_only, "bury", ev.Bury), partial(_write, "bury", (_cards_of,)),
              N_("bury CARD×6"), N_("the declarer's new kitty"), Phase.bury, bare="cards"),
    Directive("king", "扣王", ev.King, read_king,
              partial(_write, "king", (_seat_of, lambda e: format_cards(e.jokers),
                                       lambda e: "take " + format_cards(e.take))),
              N_("king SEAT JOKER… take CARD…"), N_("jokers buried by another player"), Phase.kings),
    Directive("points", "得分", ev.Points, partial(_number, "points", ev.Points),
              partial(_write, "points", (_points_of,)), N_("points N"), N_("defenders' trick points"), Phase.points,
              bare="number"),
    Directive("declarer-points", "庄家得分", ev.DeclarerPoints,
              partial(_number, "declarer-points", ev.DeclarerPoints),
              partial(_write, "declarer-points", (_points_of,)), N_("declarer-points N"), N_("declarers' trick points"),
              Phase.points, aliases=("declarer_points", "declarerpoints")),
    Directive("last", "末墩", ev.Last, read_last, lambda e: "last def" if e.dug else "last decl", N_("last def|decl"),
              N_("the last trick"), Phase.done, bare="side"),
    Directive("show", "亮牌", ev.Show, partial(_seat_cards, "show", ev.Show),
              partial(_write, "show", (_seat_of, _cards_of)), N_("show SEAT CARD…"), N_("a hand laid open"), None),
    Directive("warn", "警告", ev.Warn, read_warn, partial(_write, "warn", (_seat_of, lambda e: text_field(e.text))),
              N_("warn SEAT TEXT"), N_("a warning"), None, text=True),
    Directive("time", "到时", ev.Time, partial(_nothing, "time", ev.Time), partial(_write, "time", ()), N_("time"),
              N_("time called"), None),
    Directive("ruling", "裁定", ev.Ruling, read_ruling,
              partial(_write, "ruling", (lambda e: f"winner={e.winner}", lambda e: text_field(e.text))),
              N_("ruling winner=EW|NS TEXT"), N_("the referee's ruling"), None, text=True),
    Directive("redeal", "重发", ev.Redeal, partial(_nothing, "redeal", ev.Redeal), partial(_write, "redeal", ()),
              N_("redeal"), N_("the hand dealt again"), None),
)

BY_KEYWORD: dict[str, Directive] = {d.keyword: d for d in DIRECTIVES}
BY_EVENT: dict[type[Event], Directive] = {d.event: d for d in DIRECTIVES}
# Every spelling of a keyword that reads as it: the keyword, its Chinese, its aliases (any case).
SPELLINGS: dict[str, Directive] = {
    word: d for d in DIRECTIVES for word in (d.keyword, d.zh, *d.aliases)
}


def lookup(word: str) -> Directive | None:
    """The directive a typed word names (``kitty``, ``KITTY``, ``底牌``), or None."""
    return SPELLINGS.get(word) or SPELLINGS.get(word.lower())


def keyword_of(e: Event) -> str:
    """The record keyword of an event (``kitty``)."""
    return BY_EVENT[type(e)].keyword


def usage(keyword: str) -> Msg:
    """The form of a directive, as a message (worded per language by the catalogue)."""
    return Msg(BY_KEYWORD[keyword].usage)


def gloss(keyword: str) -> Msg:
    return Msg(BY_KEYWORD[keyword].gloss)


def suggest(word: str, extra: Iterable[str] = ()) -> str | None:
    """The keyword a mistyped word most likely meant (``piont`` → ``points``), or None; *extra* are more
    words it may have meant (the guided prompt's commands)."""
    import difflib

    found = difflib.get_close_matches(word.lower(), [*(d.keyword for d in DIRECTIVES), *extra], n=1, cutoff=0.6)
    return found[0] if found else None
