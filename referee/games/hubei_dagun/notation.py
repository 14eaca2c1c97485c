"""The 打滚 record notation: a tolerant reader and a strict, canonical writer.

Reading forgives what has one clear meaning (case, full-width characters, suit symbols, Chinese seat,
card and directive names, ``=`` or ``:``) and collects every problem with its line number instead of
stopping at the first; whether a line fits where it stands in the match (a deal's mode, the dealer, the
declared hands against each other) is the engine's business. The notation is
``docs/hubei-dagun-record-format.md``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from referee.core.errors import UsageError
from referee.core.i18n import M, listed
from referee.core.names import check_id, check_text
from referee.games.hubei_dagun import events as ev
from referee.games.hubei_dagun import spellings
from referee.games.hubei_dagun.events import SEATS, Event
from referee.games.kit import conduct
from referee.games.kit import notation as kit
from referee.games.kit.notation import NotationError, strip_comment

NAME_MAX = 100  # characters of a name or header value (as the Gunzi record: docs/record-format.md)
TOTAL = 200  # the points of two decks: 8 fives, 8 tens, 8 kings (rules §3)
KEYWORDS = ("match", "seat", "deal", "call", "alone", "places", "points", "declare", "claim", "warn", "ruling")


Record = kit.Reading[Event]
# every word a line may begin with -> its keyword (Game.directive_words)
SPELLINGS: dict[str, str] = {**spellings.DIRECTIVES, **conduct.KEYWORD}
# each directive's form as a referee types it (docs/hubei-dagun-record-format.md): the guided prompt's hint
USAGE: dict[str, str] = {
    "match": "match id=ID game=hubei-dagun [rules=NAME] [KEY=VALUE…]",
    "seat": "seat SEAT NAME",
    "deal": "deal [N] dealer=SEAT",
    "call": "call CARD partner=SEAT",
    "alone": "alone SEAT",
    "places": "places SEAT SEAT SEAT SEAT",
    "points": "points E=P S=P W=P N=P hand=P",
    "declare": "declare SEAT sky|xi8 RANK|xi7 RANK",
    "claim": "claim plain|bang|qing|guangtou",
    **conduct.USAGE,
}


# --- reading -------------------------------------------------------------------------------------

def parse(text: str) -> Record:
    """Read a whole record; a malformed line becomes an error with its number and is skipped."""
    return parse_lines(kit.numbered(text))


def parse_lines(lines: Iterable[tuple[int, str]]) -> Record:
    """Read numbered lines (a record's, or the store's corrected view numbered by sequence) as :func:`parse`."""
    # each line of a deal read once (a match calls, places and declares the same few ways); not the header, a
    # seat's name nor the conduct; a blank line is read as None (not kept)
    remembered = kit.Remembered(parse_line, (ev.Deal, ev.Call, ev.Alone, ev.Places, ev.Points, ev.Declare, ev.Claim))
    return kit.read_lines(lines, remembered)


def parse_line(text: str, line: int) -> Event | None:
    """One directive, or None for a blank or comment line; raises :class:`NotationError` when malformed."""
    text = unicodedata.normalize("NFKC", strip_comment(text))
    try:
        tokens = kit.words(text)
    except kit.UnclosedQuote:
        raise NotationError(M("a quotation mark is not closed")) from None
    if not tokens:
        return None
    keyword = spellings.DIRECTIVES.get(tokens[0].casefold())
    said = conduct.keyword_of(tokens[0]) if keyword is None else None
    if said is not None:  # warn, ruling: the rest of the line as written (kit.conduct)
        rest = text.strip().split(None, 1)
        return conduct.read(said, rest[1] if len(rest) > 1 else "", line, lambda t: _seat(t, said), SEATS)
    if keyword is None:
        raise NotationError(M("unknown directive '{word}' (known: {known})",
                              word=tokens[0], known=listed(KEYWORDS)))
    return READERS[keyword](tokens[1:], line)


def _seat(token: str, what: str) -> str:
    seat = spellings.SEATS.get(token.casefold())
    if seat is None:
        raise NotationError(M("{what}: '{token}' is not a seat (E, S, W, N or 东, 南, 西, 北)",
                              what=what, token=token))
    return seat


def _key_value(token: str) -> tuple[str, str] | None:
    if "=" in token:
        key, _, value = token.partition("=")
    elif ":" in token:
        key, _, value = token.partition(":")
    else:
        return None
    return key.strip(), value.strip()


def _card(token: str) -> str:
    """A card code from ``H10``, ``♥10``, ``10H``, ``红桃10``, ``BJ``, ``大王`` …: each token read once (a record
    calls the same few cards again and again)."""
    card = _CARDS.get(token)
    if card is None:
        card = _read_card(token)
        if len(_CARDS) < 4096:
            _CARDS[token] = card
    return card


_CARDS: dict[str, str] = {}


def _read_card(token: str) -> str:
    word = token.casefold()
    joker = spellings.JOKERS.get(word)
    if joker is not None:
        return joker
    for spelled, suit in sorted(spellings.SUITS.items(), key=lambda kv: -len(kv[0])):
        for rank_word in (word.removeprefix(spelled) if word.startswith(spelled) else None,
                          word.removesuffix(spelled) if word.endswith(spelled) else None):
            if rank_word is not None and rank_word in spellings.RANKS:
                return ev.card_code(suit, spellings.RANKS[rank_word])
    raise NotationError(M("'{token}' is not a card (a suit S H C D or ♠ ♥ ♣ ♦ with a rank 2-10 J Q K A, "
                          "or BJ, SJ)",
                          token=token))


def _number(token: str, what: str) -> int:
    if not token.isascii() or not token.isdigit():
        raise NotationError(M("{what}: '{token}' is not a whole number",
                              what=what, token=token))
    return int(token)


def _read_match(tokens: list[str], line: int) -> ev.Header:
    fields: dict[str, str] = {}
    for token in tokens:
        key, eq, value = token.partition("=")  # the value as written: a quoted one may begin with a space
        key = key.strip().casefold()
        if not eq or not key:
            raise NotationError(M("match: '{token}' is not KEY=VALUE",
                                  token=token))
        if key in fields:
            raise NotationError(M("match: the key '{key}' is given twice",
                                  key=key))
        fields[key] = value
    if not fields.get("id"):
        raise NotationError(M("match: the header needs id=…"))
    try:  # an id as every id is (it may become a file name); names and texts printable and short
        check_id(fields["id"], "match id=")
        for key, value in fields.items():  # (an id check_id takes is printable and short: check_text takes it too)
            check_text(value, f"match {key}=", NAME_MAX)
    except UsageError as e:
        raise NotationError(e.msg) from None
    ident, rules = fields.pop("id"), fields.pop("rules", None)
    return ev.Header(ident, rules or None, tuple(fields.items()), line)


def _read_seat(tokens: list[str], line: int) -> ev.Seat:
    if len(tokens) < 2:
        raise NotationError(M("seat: give the seat and the player's name (seat E 张三)"))
    name = " ".join(tokens[1:])
    try:
        check_text(name, "seat", NAME_MAX)
    except UsageError as e:
        raise NotationError(e.msg) from None
    return ev.Seat(_seat(tokens[0], "seat"), name, line)


def _read_deal(tokens: list[str], line: int) -> ev.Deal:
    number: int | None = None
    dealer: str | None = None
    for token in tokens:
        kv = _key_value(token)
        if kv is not None:
            if spellings.KEYS.get(kv[0].casefold()) != "dealer":
                raise NotationError(M("deal: unknown key '{key}' (known: dealer)",
                                      key=kv[0]))
            dealer = _seat(kv[1], "deal dealer")
        elif token.isascii() and token.isdigit() and number is None and dealer is None:
            number = int(token)
        else:
            dealer = _seat(token, "deal dealer")
    if dealer is None:
        raise NotationError(M("deal: name the dealer (deal 1 dealer=E)"))
    if number == 0:
        raise NotationError(M("deal: deals count from 1"))
    return ev.Deal(number, dealer, line)


def _read_call(tokens: list[str], line: int) -> ev.Call:
    if len(tokens) != 2:
        raise NotationError(M("call: give the called card and the partner who holds its twin (call H10 partner=W)"))
    kv = _key_value(tokens[1])
    if kv is not None and spellings.KEYS.get(kv[0].casefold()) != "partner":
        raise NotationError(M("call: unknown key '{key}' (known: partner)",
                              key=kv[0]))
    return ev.Call(_card(tokens[0]), _seat(kv[1] if kv else tokens[1], "call partner"), line)


def _read_alone(tokens: list[str], line: int) -> ev.Alone:
    if len(tokens) != 1:
        raise NotationError(M("alone: name the one seat that plays alone (alone S)"))
    return ev.Alone(_seat(tokens[0], "alone"), line)


def _read_places(tokens: list[str], line: int) -> ev.Places:
    words = [w for t in tokens for w in t.replace("、", ",").split(",") if w]
    if len(words) != 4:
        raise NotationError(M("places: give the four seats in finishing order, 一游 to 末游 ({n} given)", n=len(words)))
    order = [_seat(w, "places") for w in words]
    twice = sorted({s for s in order if order.count(s) > 1}, key=SEATS.index) if len(set(order)) < 4 else None
    if twice:
        raise NotationError(M("places: {seats:seats} finish twice; each seat finishes once", seats=twice))
    return ev.Places((order[0], order[1], order[2], order[3]), line)


def _read_points(tokens: list[str], line: int) -> ev.Points:
    won: dict[str, int] = {}
    hand: int | None = None
    for token in tokens:
        kv = _key_value(token)
        if kv is None:
            raise NotationError(M("points: '{token}' is not SEAT=POINTS or hand=POINTS", token=token))
        key, value = kv
        what = "points " + key
        n = _number(value, what)
        if n % 5 or n > TOTAL:
            raise NotationError(M("{what}: {n} is not a multiple of 5 from 0 to 200 (points are 5, 10 and K)",
                                  what=what, n=n))
        if spellings.KEYS.get(key.casefold()) == "hand":
            if hand is not None:
                raise NotationError(M("points: hand= is given twice"))
            hand = n
            continue
        seat = _seat(key, "points")
        if seat in won:
            raise NotationError(M("points: {s:seat} is given twice", s=seat))
        won[seat] = n
    missing = [s for s in SEATS if s not in won]
    if missing:
        raise NotationError(M("points: no points given for {seats:seats} (write 0 for none)", seats=missing))
    if hand is None:
        raise NotationError(M("points: hand= (the points still in hand at the end) is missing; write hand=0 for none"))
    total = sum(won.values()) + hand
    if total != TOTAL:
        raise NotationError(M("points: the points add up to {total}, not 200 (two decks hold 200: rules §3)",
                              total=total))
    return ev.Points(tuple((s, won[s]) for s in SEATS), hand, line)


def _read_declare(tokens: list[str], line: int) -> ev.Declare:
    if len(tokens) not in (2, 3):
        raise NotationError(M("declare: give the seat and the hand: sky (天炸), xi8 RANK (8喜) or xi7 RANK (7喜)"))
    seat = _seat(tokens[0], "declare")
    kind = spellings.REWARDS.get(tokens[1].casefold())
    if kind is None:
        raise NotationError(M("declare: '{token}' is not a declared hand (sky 天炸, xi8 8喜, xi7 7喜)",
                              token=tokens[1]))
    if kind == "sky":
        if len(tokens) == 3:
            raise NotationError(M("declare: 天炸 is the four jokers: it has no rank"))
        return ev.Declare(seat, kind, None, line)
    if len(tokens) != 3:
        raise NotationError(M("declare: a 喜 needs its rank (declare S xi8 K)"))
    rank = spellings.RANKS.get(tokens[2].casefold())
    if rank is None:
        raise NotationError(M("declare: '{token}' is not a rank (2-10, J, Q, K, A; a 喜 holds no joker)",
                              token=tokens[2]))
    return ev.Declare(seat, kind, rank, line)


def _read_claim(tokens: list[str], line: int) -> ev.Claim:
    kind = spellings.CLAIMS.get(tokens[0].casefold()) if len(tokens) == 1 else None
    if kind is None:
        raise NotationError(M("claim: give one of plain, bang (绑), qing (清), guangtou (光头)"))
    return ev.Claim(kind, line)


READERS: dict[str, Callable[[list[str], int], Event]] = {
    "match": _read_match, "seat": _read_seat, "deal": _read_deal, "call": _read_call, "alone": _read_alone,
    "places": _read_places, "points": _read_points, "declare": _read_declare, "claim": _read_claim,
}


# --- writing -------------------------------------------------------------------------------------

def format_event(e: Event) -> str:
    """The canonical line of one event."""
    if isinstance(e, ev.Header):
        pairs = [("id", e.id), *((k, v) for k, v in e.extra if k == "game"),
                 *([("rules", e.rules)] if e.rules else []), *((k, v) for k, v in e.extra if k == "date"),
                 *((k, v) for k, v in e.extra if k not in ("game", "date"))]
        return "match " + " ".join(f"{k}={kit.quote(v)}" for k, v in pairs)
    if isinstance(e, ev.Seat):
        return f"seat {e.seat} {kit.quote(e.name)}"
    if isinstance(e, ev.Deal):
        return f"deal {e.number} dealer={e.dealer}" if e.number else f"deal dealer={e.dealer}"
    if isinstance(e, ev.Call):
        return f"call {e.card} partner={e.partner}"
    if isinstance(e, ev.Alone):
        return f"alone {e.seat}"
    if isinstance(e, ev.Places):
        return "places " + " ".join(e.order)
    if isinstance(e, ev.Points):
        return "points " + " ".join(f"{s}={n}" for s, n in e.won) + f" hand={e.hand}"
    if isinstance(e, ev.Declare):
        return f"declare {e.seat} {e.kind}" + (f" {e.rank}" if e.rank else "")
    if isinstance(e, conduct.Warn | conduct.Ruling):
        return conduct.format_event(e)
    return f"claim {e.kind}"


def write(events: Iterable[Event]) -> str:
    """The canonical record: one directive a line, a blank line before each deal, no comments."""
    return kit.write_record(events, format_event, ev.Deal)
