"""What a Jinhua mahjong referee records next (``Game.expected``): the directives that may follow the record so
far, as a referee types them, worked out from the engine's result (docs/jinhua-mahjong-rules.md,
docs/jinhua-mahjong-record-format.md).

A deal runs: ``deal`` (the dealer by the rotation, §9, unless named); the 财神 (``caishen``, §2.2); claims of
discards (``chi``/``pong``/``kong``, §3.1, §7); then its result, a win (self-drawn or on a discard, §5) or
``nowin``; after a win the claimed patterns (§6), the winning hand (optional) and a stated 承包 (§7.1); then the
next ``deal``. Pure: no I/O.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg
from referee.games.jinhua_mahjong.engine import MatchResult
from referee.games.jinhua_mahjong.events import Caishen, Deal, Liable, NoWin, Patterns, Tiles, Win

# What each directive records, in a few words: the gloss a Chinese reader gets beside a form it is to type
# (``caishen（财神）``); an English reader reads the keyword alone (``Game.gloss``).
GLOSSES: dict[str, Msg] = {
    "match": M("the match header"),
    "seat": M("a seat and its player"),
    "deal": M("a new deal"),
    "caishen": M("the deal's 财神"),
    "chi": M("a 吃 claim"),
    "pong": M("a 碰 claim"),
    "kong": M("a 杠 claim"),
    "win": M("the winning hand"),
    "patterns": M("the winning hand's patterns"),
    "tiles": M("the winning hand's tiles"),
    "liable": M("the seat liable (承包)"),
    "nowin": M("a deal nobody won"),
}


def expected(result: MatchResult) -> tuple[str, ...]:
    """The directives that may come next in *result*'s match."""
    events = result.last
    if not events or not isinstance(events[0], Deal):
        return ("deal",)
    if any(isinstance(e, NoWin) for e in events):
        return ("deal",)
    if not any(isinstance(e, Win) for e in events):
        caishen = () if any(isinstance(e, Caishen) for e in events) else ("caishen TILE",)
        return (*caishen, "chi|pong|kong CLAIMER FEEDER", "win WINNER self|DISCARDER", "nowin")
    after = (("patterns PATTERN…", Patterns), ("tiles TILE×14", Tiles), ("liable SEAT", Liable))
    return (*(form for form, kind in after if not any(isinstance(e, kind) for e in events)), "deal")
