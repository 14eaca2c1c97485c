"""What a Dou Dizhu referee records next (``Game.expected``): the directives that may follow the record so far,
written as a referee types them, worked out from the engine's result of the match (docs/doudizhu-rules.md).

A deal runs: ``deal``; the bidding, in turn (§3: ``bid SEAT 1|2|3|pass``, each bid above the last, or
``call``/``rob``/``pass`` under ``bidding.style = "rob"``), or ``redeal``; then the kitty when it is shown
(§2), the landlord's shown hand (§5.3), the plays, bombs and the rocket (§4, §5.1) and who went out first;
after ``out``: spring or anti-spring when the record allows it (§5.2), and the next ``deal``. A seat is
written as its player's name where the record names them (the reader takes either). Pure: no I/O.
"""

from __future__ import annotations

from referee.core.i18n import M, Msg
from referee.games.doudizhu.engine import MatchResult, auction
from referee.games.doudizhu.events import AntiSpring, Bid, Bomb, Kitty, Out, Play, Redeal, Rocket, Show, Spring
from referee.games.doudizhu.ruleset import LAST_FORCED, ROB

# What each directive records, in a few words: the gloss a Chinese reader gets beside a form it is to type
# (``antispring（反春）``); an English reader reads the keyword alone (``Game.gloss``).
GLOSSES: dict[str, Msg] = {
    "match": M("the match header"),
    "seat": M("a seat and its player"),
    "deal": M("a new deal"),
    "bid": M("a bid"),
    "kitty": M("the kitty shown"),
    "landlord": M("the landlord named"),
    "show": M("the landlord's hand shown"),
    "play": M("a play"),
    "bomb": M("a bomb"),
    "rocket": M("the rocket"),
    "out": M("first out"),
    "spring": M("spring"),
    "antispring": M("anti-spring"),
    "redeal": M("the cards dealt again"),
}


def _seat(result: MatchResult, seat: int) -> str:
    """The seat as a referee types it: the player's name (one word), else the number."""
    name = result.names.get(seat, str(seat))
    return name if name and len(name.split()) == 1 else str(seat)


def expected(result: MatchResult) -> tuple[str, ...]:
    """The directives that may come next in *result*'s match (none once a match of ``match.deals`` is over)."""
    rules = result.rules
    settled = sum(1 for d in result.deals if d.settled)
    over = bool(rules.deals) and settled >= rules.deals
    deal = ("deal",) if not over else ()
    if not result.deals:
        return deal
    events = result.last
    if any(isinstance(e, Redeal) for e in events):
        return deal
    bids = [e for e in events if isinstance(e, Bid)]
    state = auction(bids, rules)
    answering = (rules.style == ROB and state.caller is not None and state.robs > 0 and len(state.spoken) == 3
                 and not state.ended)
    if not state.ended and (len(state.spoken) < 3 or answering):  # §3: the bidding goes on
        return (_bid(result, state.previous, state.caller, state.best, answering), "redeal")
    if state.best is not None:
        landlord = state.best.seat
    elif rules.no_bid == LAST_FORCED and state.previous is not None:  # §3.3: the last to speak
        landlord = state.previous.seat
    else:
        return ("redeal",)  # §3.3: nobody bid, the cards are dealt again
    return _play(result, landlord, deal)


def _bid(result: MatchResult, previous: Bid | None, caller: Bid | None, best: Bid | None, answering: bool) -> str:
    """The next bid: whose turn (§3: in turn after the last to speak; under 'rob' the robbed caller answers) and
    what may be bid (§3.1: above the best bid, up to ``bidding.max_bid``; §3.2: call before a call, rob after)."""
    rules = result.rules
    if answering:
        assert caller is not None
        who = _seat(result, caller.seat)
    else:
        who = "SEAT" if previous is None else _seat(result, previous.seat % 3 + 1)
    if rules.style == ROB:
        return f"bid {who} {'call' if caller is None else 'rob'}|pass"
    lowest = int(best.bid) + 1 if best is not None else 1
    return f"bid {who} " + "|".join([*(str(v) for v in range(lowest, rules.max_bid + 1)), "pass"])


def _play(result: MatchResult, landlord: int, deal: tuple[str, ...]) -> tuple[str, ...]:
    """After the bidding: the kitty, the shown hand and the play until the first player out (§2, §4, §5); after
    it, spring or anti-spring where the plays recorded allow it (§5.2), and the next deal."""
    events = result.last
    lord = _seat(result, landlord)
    kitty = ("kitty CARD CARD CARD",) if result.rules.kitty_shown and not any(isinstance(e, Kitty)
                                                                              for e in events) else ()
    plays = [e for e in events if isinstance(e, Play | Bomb | Rocket)]
    out = next((e for e in events if isinstance(e, Out)), None)
    if out is None:
        shown = () if any(isinstance(e, Show) for e in events) else (f"show {lord}",)
        first = f"play {lord} CARDS…" if not plays else "play SEAT CARDS…"  # §4: the landlord leads
        return (*kitty, *shown, first, "bomb SEAT CARDS", "rocket SEAT", "out SEAT")
    claimed = any(isinstance(e, Spring | AntiSpring) for e in events)
    extra: tuple[str, ...] = ()
    if not claimed and out.seat == landlord and not any(p.seat != landlord for p in plays):
        extra = ("spring",)  # §5.2: the landlord out before a farmer played
    elif not claimed and out.seat != landlord and sum(1 for p in plays if p.seat == landlord) <= 1:
        extra = ("antispring",)  # §5.2: a farmer out after the landlord's first lead only
    return (*kitty, *extra, *deal)
