"""What a Hubei 打滚 referee records next (``Game.expected``): the directives that may follow the record so far,
as a referee types them, worked out from the engine's result (docs/hubei-dagun-rules.md,
docs/hubei-dagun-record-format.md).

A deal runs: ``deal dealer=SEAT`` (from the second deal on the previous deal's 一游 deals, §4.1, when
``dealing.first_out_deals``); 找朋友 (``call``) or 硬牌 (``alone``, §4.2, §4.3); the finishing order
(``places``, §5.1); the points taken (``points``: 找朋友 needs them, §5.2); at any time a declared hand
(``declare``, §6); once the places are in, what the table called the result (``claim``, §8); and when the deal
has what it needs, the next ``deal``. Pure: no I/O.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg
from referee.games.hubei_dagun.engine import MatchResult
from referee.games.hubei_dagun.events import Alone, Call, Claim, Deal, Places, Points

# What each directive records, in a few words: the gloss a Chinese reader gets beside a form it is to type
# (``places（名次）``); an English reader reads the keyword alone (``Game.gloss``).
GLOSSES: dict[str, Msg] = {
    "match": M("the match header"),
    "seat": M("a seat and its player"),
    "deal": M("a new deal"),
    "call": M("找朋友: the card called"),
    "alone": M("硬牌: one against three"),
    "places": M("the finishing order"),
    "points": M("the points taken"),
    "declare": M("a declared hand (天炸, 8喜, 7喜)"),
    "claim": M("the result the table called"),
}

DECLARE = "declare SEAT sky|xi8 RANK|xi7 RANK"


def expected(result: MatchResult) -> tuple[str, ...]:
    """The directives that may come next in *result*'s match."""
    events = result.last
    if not events or not isinstance(events[0], Deal):
        return ("deal dealer=SEAT",)
    mode = next((e for e in events if isinstance(e, Call | Alone)), None)
    places = next((e for e in events if isinstance(e, Places)), None)
    points = any(isinstance(e, Points) for e in events)
    claim = () if any(isinstance(e, Claim) for e in events) else ("claim plain|bang|qing|guangtou",)
    if mode is None:
        return ("call CARD partner=SEAT", "alone SEAT", DECLARE)
    lacks: tuple[str, ...] = ()
    if places is None:
        lacks += ("places SEAT SEAT SEAT SEAT",)
    if isinstance(mode, Call) and not points:
        lacks += ("points E=P S=P W=P N=P hand=P",)
    if places is None:
        return (*lacks, DECLARE)
    if lacks:
        return (*lacks, DECLARE, *claim)
    dealer = places.order[0] if result.rules.first_out_deals else "SEAT"
    return (DECLARE, *claim, f"deal dealer={dealer}")
