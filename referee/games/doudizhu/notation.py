"""The Dou Dizhu record: a tolerant reader (every bad line an error with its number, in both languages) and a
strict canonical writer. The notation is in docs/doudizhu-record-format.md.

Reading forgives what has one clear meaning: case, spacing, Chinese directive words (叫分, 底牌, 地主 …),
cards with or without suits, a seat by its number or its player's name. Whether an event is legal at that
point of the deal is the engine's business; whether a line is well formed is the reader's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial

from referee.core.errors import UsageError
from referee.core.i18n import M, listed
from referee.core.names import NAME_MAX, check_id, check_text
from referee.games.doudizhu import events as ev
from referee.games.doudizhu.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    CardError,
    is_bomb,
    is_rocket,
    parse_cards,
    write_cards,
)
from referee.games.doudizhu.events import SEATS, Event
from referee.games.kit import conduct
from referee.games.kit import notation as kit
from referee.games.kit.notation import NotationError

Reading = kit.Reading[Event]
# the players' names read so far: each in lower case (a name is read in any case) -> its seat and the name as its
# 'seat' line wrote it
Names = dict[str, tuple[int, str]]


# keyword -> the words a record may use for it
WORDS: dict[str, tuple[str, ...]] = {
    "match": ("match", "比赛"),
    "seat": ("seat", "player", "座位", "玩家"),
    "deal": ("deal", "hand", "发牌", "局"),
    "bid": ("bid", "叫牌", "叫分"),
    "kitty": ("kitty", "底牌"),
    "landlord": ("landlord", "地主"),
    "show": ("show", "明牌"),
    "play": ("play", "出牌"),
    "bomb": ("bomb", "炸弹"),
    "rocket": ("rocket", "火箭", "王炸"),
    "out": ("out", "出完"),
    "spring": ("spring", "春天"),
    "antispring": ("antispring", "anti-spring", "反春", "反春天"),
    "redeal": ("redeal", "重发"),
    **conduct.WORDS,
}
_KEYWORD = {w.lower(): k for k, ws in WORDS.items() for w in ws}
SPELLINGS = _KEYWORD  # every word a line may begin with -> its keyword (Game.directive_words)
# each directive's form as a referee types it (docs/doudizhu-record-format.md): the guided prompt's hint
USAGE: dict[str, str] = {
    "match": "match id=ID game=doudizhu [rules=NAME] [KEY=VALUE…]",
    "seat": "seat 1|2|3 NAME",
    "deal": "deal",
    "bid": "bid SEAT 1|2|3|pass|call|rob",
    "kitty": "kitty CARD CARD CARD",
    "landlord": "landlord SEAT",
    "show": "show SEAT",
    "play": "play SEAT CARDS…",
    "bomb": "bomb SEAT CARDS",
    "rocket": "rocket SEAT",
    "out": "out SEAT",
    "spring": "spring",
    "antispring": "antispring",
    "redeal": "redeal",
    **conduct.USAGE,
}
_BID_WORDS = {"pass": "pass", "不叫": "pass", "不抢": "pass", "过": "pass", "p": "pass",
              "call": "call", "叫": "call", "叫地主": "call", "rob": "rob", "抢": "rob", "抢地主": "rob"}


def parse(text: str) -> Reading:
    """Read a whole record; a malformed line becomes an error with its number and is skipped."""
    return parse_lines(kit.numbered(text))


def parse_lines(lines: Iterable[tuple[int, str]]) -> Reading:
    """Read numbered lines (a record's, or the store's corrected view numbered by sequence) as :func:`parse`."""
    names: Names = {}
    read = 0  # the events read so far
    # each line of the play read once (a match bids and goes out the same few ways): not the header, a seat's name
    # nor the conduct, whose reading depends on more than the line
    remembered = kit.Remembered(lambda line, number: parse_line(line, number, names),
                                (ev.DealStart, ev.Bid, ev.Kitty, ev.Landlord, ev.Show, ev.Play, ev.Bomb, ev.Rocket,
                                 ev.Out, ev.Spring, ev.AntiSpring, ev.Redeal))

    def line_event(line: str, number: int) -> Event:
        nonlocal read
        e = remembered(line, number)
        if type(e) is ev.Header and read:  # the reader's own kinds, looked up by type
            raise NotationError(M("'match' must be the record's first directive"))
        if type(e) is ev.SeatName and e.name.lower() not in names and all(s != e.seat for s, _ in names.values()):
            # a seat's first name, a name of one seat only: the names the match takes (the engine refuses the
            # others), each for good, so that a line once read as a seat reads so again
            names[e.name.lower()] = (e.seat, e.name)
        read += 1
        return e

    return kit.read_lines(lines, line_event)


def _usage(keyword: str, usage: str) -> NotationError:
    return NotationError(M("'{keyword}' is written: {usage}",
                       keyword=keyword, usage=usage))


def _seat(token: str, names: Names) -> int:
    if token in ("1", "2", "3"):
        return int(token)
    found = names.get(token.lower())
    if found is None:
        known = listed(name for _, name in names.values()) or "-"
        raise NotationError(M("'{token}' is not a seat (1, 2, 3 or a player's name: {known})",
                              token=token, known=known))
    return found[0]


def _cards(tokens: Sequence[str]) -> tuple[Card, ...]:
    try:
        return parse_cards(tokens)
    except CardError as e:
        raise NotationError(e.msg) from None


def parse_line(line: str, number: int, names: Names) -> Event:
    tokens = line.split()
    keyword = _KEYWORD.get(tokens[0].lower())
    if keyword is None:
        raise NotationError(M("unknown directive '{word}' (known: {known})",
                          word=tokens[0], known=listed(WORDS)))
    args = tokens[1:]
    return _READERS[keyword](args, line, number, names)


def _match(args: list[str], line: str, number: int, names: Names) -> Event:
    try:
        parts = kit.words(line.split(None, 1)[1] if args else "")
    except kit.UnclosedQuote:
        raise NotationError(M("the header has an unclosed quote")) from None
    pairs: list[tuple[str, str]] = []
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise NotationError(M("header item '{item}' is not KEY=VALUE",
                              item=part))
        pairs.append((key.lower(), value))
    found = dict(pairs)
    if not found.get("id"):
        raise NotationError(M("the header needs id=… (match id=NAME game=doudizhu)"))
    try:
        check_id(found["id"], "match id=")
        for key, value in pairs:
            check_text(value, f"{key}=", NAME_MAX)
    except UsageError as e:  # an id becomes a file name in a store; no name may carry a control character
        raise NotationError(e.msg) from None
    return ev.Header(found["id"], found.get("rules") or None, tuple(pairs), number)


def _seat_name(args: list[str], line: str, number: int, names: Names) -> Event:
    if len(args) < 2 or args[0] not in ("1", "2", "3"):
        raise _usage("seat", "seat 1|2|3 NAME")
    name = kit.unquote(line.split(None, 2)[2].strip())
    try:
        check_text(name, "seat", NAME_MAX)
    except UsageError as e:
        raise NotationError(e.msg) from None
    if name in ("1", "2", "3"):
        raise NotationError(M("a player's name cannot be a seat number ({name})",
                          name=name))
    return ev.SeatName(int(args[0]), name, number)


# The readers of the directives alike (a bare keyword, a keyword and a seat, a conduct line) are bound to their
# keyword with partial in _READERS: each reading calls the function itself.
def _nothing(kind: Callable[[int], Event], keyword: str, args: list[str], line: str, number: int,
             names: Names) -> Event:
    if args:
        raise _usage(keyword, keyword)
    return kind(number)


def _one_seat(kind: Callable[[int, int], Event], keyword: str, args: list[str], line: str, number: int,
              names: Names) -> Event:
    if len(args) != 1:
        raise _usage(keyword, f"{keyword} SEAT")
    return kind(_seat(args[0], names), number)


def _bid(args: list[str], line: str, number: int, names: Names) -> Event:
    if len(args) != 2:
        raise _usage("bid", "bid SEAT 1|2|3|pass|call|rob")
    seat = _seat(args[0], names)
    word = args[1].lower().removesuffix("分")
    if word.isdigit() and len(word) == 1 and word != "0":
        return ev.Bid(seat, word, number)
    if word in _BID_WORDS:
        return ev.Bid(seat, _BID_WORDS[word], number)
    raise NotationError(M("'{word}' is not a bid (1, 2, 3, pass; call, rob)", word=args[1]))


def _conduct(keyword: str, args: list[str], line: str, number: int, names: Names) -> Event:
    """``warn SEAT TEXT``, ``ruling winner=SEAT TEXT`` (``referee.games.kit.conduct``): a seat by number or name."""
    rest = line.split(None, 1)[1] if args else ""
    return conduct.read(keyword, rest, number, lambda token: str(_seat(token, names)), ("1", "2", "3"))


def _kitty(args: list[str], line: str, number: int, names: Names) -> Event:
    cards = _cards(args)
    if len(cards) != 3:
        raise NotationError(M("a kitty is exactly 3 cards, not {n} (§2)",
                          n=len(cards)))
    return ev.Kitty(cards, number)


def _play(args: list[str], line: str, number: int, names: Names) -> Event:
    if len(args) < 2:
        raise _usage("play", "play SEAT CARD…")
    return ev.Play(_seat(args[0], names), _cards(args[1:]), number)


def _bomb(args: list[str], line: str, number: int, names: Names) -> Event:
    if len(args) < 2:
        raise _usage("bomb", "bomb SEAT CARD CARD CARD CARD")
    cards = _cards(args[1:])
    if is_rocket(cards):
        raise NotationError(M("both jokers are a rocket, not a bomb: write 'rocket SEAT' (§4)"))
    if not is_bomb(cards):
        raise NotationError(M("a bomb is four cards of one rank (§4), not {cards:cards}", cards=cards))
    return ev.Bomb(_seat(args[0], names), cards, number)


def _rocket(args: list[str], line: str, number: int, names: Names) -> Event:
    if not args:
        raise _usage("rocket", "rocket SEAT")
    seat = _seat(args[0], names)
    cards = _cards(args[1:]) if len(args) > 1 else (Card(SMALL_JOKER), Card(BIG_JOKER))
    if not is_rocket(cards):
        raise NotationError(M("a rocket is exactly both jokers, SJ BJ (§4), not {cards:cards}", cards=cards))
    return ev.Rocket(seat, (Card(SMALL_JOKER), Card(BIG_JOKER)), number)


_READERS: dict[str, Callable[[list[str], str, int, Names], Event]] = {
    "match": _match,
    "seat": _seat_name,
    "deal": partial(_nothing, ev.DealStart, "deal"),
    "bid": _bid,
    "kitty": _kitty,
    "landlord": partial(_one_seat, ev.Landlord, "landlord"),
    "show": partial(_one_seat, ev.Show, "show"),
    "play": _play,
    "bomb": _bomb,
    "rocket": _rocket,
    "out": partial(_one_seat, ev.Out, "out"),
    "spring": partial(_nothing, ev.Spring, "spring"),
    "antispring": partial(_nothing, ev.AntiSpring, "antispring"),
    "redeal": partial(_nothing, ev.Redeal, "redeal"),
    "warn": partial(_conduct, "warn"),
    "ruling": partial(_conduct, "ruling"),
}


# --- writing -------------------------------------------------------------------------------------------


def format_event(e: Event) -> str:
    """The canonical line of one event; a warning's and a ruling's as every game writes them (kit.conduct)."""
    if isinstance(e, conduct.Warn | conduct.Ruling):
        return conduct.format_event(e)
    return _format(e)


def _format(e: Event) -> str:
    match e:
        case ev.Header():
            return "match " + " ".join(f"{k}={kit.quote(v)}" for k, v in e.extra)
        case ev.SeatName():
            return f"seat {e.seat} {kit.text_field(e.name)}"
        case ev.DealStart():
            return "deal"
        case ev.Bid():
            return f"bid {e.seat} {e.bid}"
        case ev.Kitty():
            return f"kitty {write_cards(e.cards)}"
        case ev.Landlord():
            return f"landlord {e.seat}"
        case ev.Show():
            return f"show {e.seat}"
        case ev.Play():
            return f"play {e.seat} {write_cards(e.cards)}"
        case ev.Bomb():
            return f"bomb {e.seat} {write_cards(e.cards)}"
        case ev.Rocket():
            return f"rocket {e.seat}"
        case ev.Out():
            return f"out {e.seat}"
        case ev.Spring():
            return "spring"
        case ev.AntiSpring():
            return "antispring"
        case _:  # ev.Redeal (a warning and a ruling are written by format_event)
            return "redeal"


def write(events: Sequence[Event]) -> str:
    """The canonical record: one directive a line, a blank line before each deal, no comments."""
    return kit.write_record(events, format_event, ev.DealStart)


assert set(_READERS) == set(WORDS) == set(USAGE) and SEATS == (1, 2, 3)
