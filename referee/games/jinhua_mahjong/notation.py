"""The notation of a Jinhua mahjong record: a tolerant reader and the canonical writer
(docs/jinhua-mahjong-record-format.md). Every line it cannot read is an error with its line, in both
languages; the reader never stops at the first."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from referee.core.errors import UsageError
from referee.core.i18n import M, listed
from referee.core.names import NAME_MAX, check_id, check_text
from referee.games.jinhua_mahjong import events as ev
from referee.games.jinhua_mahjong.events import SEATS, Event
from referee.games.jinhua_mahjong.patterns import BY_CODE, pattern_named
from referee.games.jinhua_mahjong.tiles import code, parse_tile, parse_tiles, write_tiles
from referee.games.kit import conduct
from referee.games.kit.notation import (
    NotationError,
    Reading,
    UnclosedQuote,
    numbered,
    quote,
    read_lines,
    text_field,
    unquote,
    words,
    write_record,
)

GAME_KEY = "jinhua-mahjong"


Record = Reading[Event]

SEAT_NAMES = {"e": "E", "s": "S", "w": "W", "n": "N", "东": "E", "南": "S", "西": "W", "北": "N",
              "東": "E", "east": "E", "south": "S", "west": "W", "north": "N"}
KEYWORDS = {
    "match": "match", "比赛": "match", "seat": "seat", "座": "seat", "座位": "seat",
    "deal": "deal", "局": "deal", "盘": "deal", "caishen": "caishen", "财神": "caishen", "財神": "caishen",
    "chi": "chi", "吃": "chi", "pong": "pong", "peng": "pong", "碰": "pong", "kong": "kong", "gang": "kong",
    "杠": "kong", "槓": "kong", "win": "win", "hu": "win", "胡": "win", "和": "win",
    "patterns": "patterns", "pattern": "patterns", "番型": "patterns", "番": "patterns",
    "tiles": "tiles", "hand": "tiles", "牌": "tiles", "手牌": "tiles",
    "liable": "liable", "承包": "liable", "nowin": "nowin", "draw": "nowin", "流局": "nowin", "荒庄": "nowin",
    **conduct.KEYWORD,
}
SPELLINGS = KEYWORDS  # every word a line may begin with -> its keyword (Game.directive_words)
SELF = {"self", "tsumo", "自摸", "zimo"}
FROM = {"from", "discard", "放铳", "点炮", "fangchong"}


def seat_of(token: str) -> str | None:
    return SEAT_NAMES.get(token.strip().lower())


def _seat(token: str, what: str) -> str:
    seat = seat_of(token)
    if seat is None:
        raise NotationError(M("{what}: '{token}' is not a seat (E S W N or 东 南 西 北)", what=what, token=token))
    return seat


def _usage(keyword: str) -> NotationError:
    usage = USAGE[keyword]
    return NotationError(M("{keyword}: expected '{usage}'", keyword=keyword, usage=usage))


USAGE = {
    "match": "match id=ID game=jinhua-mahjong [rules=NAME] [KEY=VALUE…]",
    "seat": "seat SEAT NAME",
    "deal": "deal [DEALER]",
    "caishen": "caishen TILE",
    "chi": "chi CLAIMER [from] FEEDER",
    "pong": "pong CLAIMER [from] FEEDER",
    "kong": "kong CLAIMER [from] FEEDER",
    "win": "win WINNER self | win WINNER [from] DISCARDER",
    "patterns": "patterns PATTERN…",
    "tiles": "tiles TILE×14",
    "liable": "liable SEAT",
    "nowin": "nowin",
    **conduct.USAGE,
}


def _header(args: list[str], line: int) -> ev.Header:
    ident: str | None = None
    rules: str | None = None
    extra: list[tuple[str, str]] = []
    for arg in args:
        key, eq, value = arg.partition("=")
        if not eq or not key:
            raise NotationError(M("match: '{token}' is not KEY=VALUE", token=arg))
        key = key.lower()
        if key == "id":
            try:
                ident = check_id(value, "match id=")
            except UsageError as e:
                raise NotationError(e.msg) from None
        elif key == "rules":
            rules = _checked(value, "rules=", NAME_MAX) or None
        elif key == "game":
            if value.strip().lower() != GAME_KEY:
                raise NotationError(M("match: game={game} is not {key}",
                             game=value, key=GAME_KEY))
        else:
            extra.append((key, _checked(value, f"{key}=", NAME_MAX)))
    if not ident:
        raise NotationError(M("match: the header needs id=ID"))
    return ev.Header(ident, rules, tuple(extra), line)


def _checked(value: str, what: str, most: int) -> str:
    """A name or text as ``referee.core.names`` allows it (printable, not too long), else the line's error."""
    try:
        return check_text(value, what, most)
    except UsageError as e:
        raise NotationError(e.msg) from None


def _seat_line(keyword: str, args: list[str], line: int, rest: str) -> Event:
    if len(args) < 2:
        raise _usage(keyword)
    return ev.Seat(_seat(args[0], keyword), _checked(unquote(rest.split(None, 1)[1].strip()), "seat", NAME_MAX), line)


def _deal(keyword: str, args: list[str], line: int, rest: str) -> Event:
    if len(args) > 1:
        raise _usage(keyword)
    return ev.Deal(_seat(args[0], keyword) if args else None, line)


def _nowin(keyword: str, args: list[str], line: int, rest: str) -> Event:
    if args:
        raise _usage(keyword)
    return ev.NoWin(line)


def _caishen(keyword: str, args: list[str], line: int, rest: str) -> Event:
    if len(args) != 1:
        raise _usage(keyword)
    tile = parse_tile(args[0])
    if tile is None:
        raise _not_tile(args[0])
    return ev.Caishen(tile, line)


def _claim(keyword: str, args: list[str], line: int, rest: str) -> Event:
    words = [a for a in args if a.lower() not in FROM]
    if len(words) != 2 or len(args) - len(words) > 1:
        raise _usage(keyword)
    return ev.Claim(keyword, _seat(words[0], keyword), _seat(words[1], keyword), line)


def _win(keyword: str, args: list[str], line: int, rest: str) -> Event:
    if not args:  # (more than 3 are refused below: one discarder and at most one 'from')
        raise _usage(keyword)
    winner = _seat(args[0], keyword)
    rest_args = args[1:]
    if len(rest_args) == 1 and rest_args[0].lower() in SELF:
        return ev.Win(winner, None, line)
    words = [a for a in rest_args if a.lower() not in FROM]
    if len(words) != 1 or len(rest_args) - len(words) > 1:
        raise _usage(keyword)
    return ev.Win(winner, _seat(words[0], keyword), line)


def _patterns(keyword: str, args: list[str], line: int, rest: str) -> Event:
    codes: list[str] = []
    for token in args:
        p = pattern_named(token)
        if p is None:
            raise NotationError(M("patterns: '{token}' is not a pattern (known: {known})", token=token,
                         known=listed(f"{q.code} {q.zh}" for q in BY_CODE.values())))
        if p.code not in codes:
            codes.append(p.code)
    if not codes:
        raise _usage(keyword)
    return ev.Patterns(tuple(codes), line)


def _tiles(keyword: str, args: list[str], line: int, rest: str) -> Event:
    tiles, bad = parse_tiles(args)
    if bad:
        raise _not_tile(bad[0])
    if len(tiles) != 14:
        raise NotationError(M("tiles: {n} tiles, a hand is 14 (a kong written as three, the tile won last)",
                              n=len(tiles)))
    return ev.Tiles(tuple(tiles), line)


def _liable(keyword: str, args: list[str], line: int, rest: str) -> Event:
    if len(args) != 1:
        raise _usage(keyword)
    return ev.Liable(_seat(args[0], keyword), line)


READERS: dict[str, Callable[[str, list[str], int, str], Event]] = {
    "match": lambda k, a, n, r: _header(a, n), "seat": _seat_line, "deal": _deal, "nowin": _nowin,
    "caishen": _caishen, "chi": _claim, "pong": _claim, "kong": _claim, "win": _win, "patterns": _patterns,
    "tiles": _tiles, "liable": _liable,
    "warn": lambda k, a, n, r: conduct.read(k, r, n, lambda t: _seat(t, k), SEATS),
    "ruling": lambda k, a, n, r: conduct.read(k, r, n, lambda t: _seat(t, k), SEATS),
}


def _read(keyword: str, args: list[str], line: int, rest: str) -> Event:
    return READERS[keyword](keyword, args, line, rest)


def _not_tile(token: str) -> NotationError:
    return NotationError(M("'{token}' is not a tile (1m-9m, 1p-9p, 1s-9s, E S W N, C F P, or 三万 东 白板 …)",
                           token=token))


def parse(text: str) -> Record:
    return parse_lines(numbered(text))


def parse_lines(lines: Iterable[tuple[int, str]]) -> Record:
    """Read numbered lines (a record's, or the store's corrected view numbered by sequence) as :func:`parse`."""
    from referee.games.kit.notation import Remembered  # here: the import block above is shared across the games

    # each line of a deal read once (a match claims and wins the same few ways); not the header, a seat's name
    # nor the conduct
    remembered = Remembered(parse_line, (ev.Deal, ev.Caishen, ev.Claim, ev.Win, ev.Patterns, ev.Tiles, ev.Liable,
                                         ev.NoWin))
    return read_lines(lines, remembered)


def parse_line(line: str, number: int) -> Event:
    """The event of one line (its comment dropped, not blank); :class:`NotationError` when it cannot be read."""
    parts = line.split(None, 1)
    first, rest = parts[0], (parts[1] if len(parts) > 1 else "")
    keyword = KEYWORDS.get(first.lower())
    if keyword is None:
        raise NotationError(M("'{word}' is not a directive of a Jinhua mahjong record (directives: {known})",
                              word=first, known=listed(USAGE)))
    try:
        args = words(rest) if keyword == "match" else rest.split()
    except UnclosedQuote:
        raise NotationError(M("match: an unclosed quote")) from None
    return _read(keyword, args, number, rest)


def format_event(e: Event) -> str:
    """The canonical line of one event: English keywords, seat letters, tile codes, pattern codes."""
    if isinstance(e, ev.Header):
        parts = [f"match id={quote(e.id)} game={GAME_KEY}"]
        if e.rules:
            parts.append(f"rules={quote(e.rules)}")
        parts += [f"{k}={quote(v)}" for k, v in e.extra]
        return " ".join(parts)
    if isinstance(e, ev.Seat):
        return f"seat {e.seat} {text_field(e.name)}"
    if isinstance(e, ev.Deal):
        return f"deal {e.dealer}" if e.dealer else "deal"
    if isinstance(e, ev.Caishen):
        return f"caishen {code(e.tile)}"
    if isinstance(e, ev.Claim):
        return f"{e.kind} {e.claimer} {e.feeder}"
    if isinstance(e, ev.Win):
        return f"win {e.winner} {e.discarder or 'self'}"
    if isinstance(e, ev.Patterns):
        return "patterns " + " ".join(e.codes)
    if isinstance(e, ev.Tiles):
        return "tiles " + write_tiles(e.tiles)
    if isinstance(e, ev.Liable):
        return f"liable {e.seat}"
    if isinstance(e, conduct.Warn | conduct.Ruling):
        return conduct.format_event(e)
    return "nowin"


def write(events: Sequence[Event]) -> str:
    """The canonical record: one directive a line, a blank line before each deal (every game's writer,
    :func:`referee.games.kit.notation.write_record`)."""
    return write_record(events, format_event, ev.Deal)
