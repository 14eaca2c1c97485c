"""The directives of a hand's tribute (§5): the blood paid (喝血), a riot (暴动) or a waiver, and the check
that what is owed was settled before the kitty (``close_tribute``). Pure; each judge raises ``Reject`` on a
directive that breaks a rule."""

from __future__ import annotations

from collections import Counter

from referee.core.i18n import MN, M
from referee.games.gunzi.cards import ALL_CARDS, BIG_JOKER, SMALL_JOKER, Card, order
from referee.games.gunzi.events import Riot, Tribute, Waive
from referee.games.gunzi.handstate import Hand, Reject, Standing, known
from referee.games.gunzi.seats import team_of, upper_hand

_GIVEABLE: dict[int, frozenset[Card]] = {}


def _giveable(level: int) -> frozenset[Card]:
    """Cards that may be given in tribute at a level (§5.2): no point cards, except the 5s at
    level 5 and the 10s at level 10; never a K."""
    cards = _GIVEABLE.get(level)
    if cards is None:
        cards = _GIVEABLE[level] = frozenset(
            c for c in ALL_CARDS
            if (c.rank != 13 or c.is_joker) and (c.points == 0 or (c.rank == level and level in (5, 10))))
    return cards


def giver(h: Hand) -> str:
    """The declarer's upper hand (上家), who pays the blood (§5.2). Called once the declarer is known:
    on_riot and on_tribute return before while it is not, close_tribute and the settlement run after."""
    assert h.declarer is not None
    return upper_hand(h.declarer)


def on_riot(m: Standing, h: Hand, ev: Riot) -> None:
    if not m.rules.riot:
        raise Reject(M("riot (暴动) is not part of the {rules} rules (tribute.riot = false)",
                       rules=m.rules.name))
    if h.declarer is None:
        return
    paying = team_of(giver(h))
    if team_of(ev.seat) != paying:
        raise Reject(M("only the paying side ({team:team}) riots; {seat:seat} is on the receiving side",
                       team=paying, seat=ev.seat))
    if len(ev.cards) != 3 or ev.cards[0] not in (BIG_JOKER, SMALL_JOKER) or len(set(ev.cards)) != 1:
        raise Reject(M("a riot shows three big jokers or three small jokers"))
    if h.tribute is not None:
        raise _tribute_given(h.tribute)
    known(h, ev.seat, ev.cards)
    if not h.blood_owed:
        raise Reject(M("no blood is owed this hand: a riot has nothing to waive"))
    h.riot = ev


def on_waive(m: Standing, h: Hand, ev: Waive) -> None:
    if h.tribute is not None:
        raise _tribute_given(h.tribute)
    if not h.blood_owed:
        raise Reject(M("no blood is owed this hand: there is nothing to waive"))
    h.waived = True


def _tribute_given(tribute: Tribute) -> Reject:
    """A riot or a waiver after the tribute was given."""
    return Reject(M("out of order: the tribute was already given at line {line}", line=tribute.line))


def on_tribute(m: Standing, h: Hand, ev: Tribute) -> None:
    if h.declarer is None:
        return
    paying, owed = giver(h), h.blood_owed
    if h.riot is not None:
        raise Reject(M("the tribute is waived by the riot at line {line}",
                       line=h.riot.line))
    if h.waived:
        raise Reject(M("the tribute is waived ('waive')"))
    if h.tribute is not None:
        raise Reject(M("the tribute was already given at line {line}",
                       line=h.tribute.line))
    if ev.seat != paying:
        raise Reject(M("the tribute comes from {giver:seat}, the upper hand (上家) of the declarer "
                       "{declarer:seat}, not from {seat:seat}",
                       giver=paying, declarer=h.declarer, seat=ev.seat))
    if len(ev.cards) != owed:
        if owed == 0:
            raise Reject(MN("no blood is owed this hand; {n} card given",
                            "no blood is owed this hand; {n} cards given", len(ev.cards)))
        raise Reject(MN("{giver:seat} owes {owed} blood to {declarer:seat}; {n} card given",
                        "{giver:seat} owes {owed} blood to {declarer:seat}; {n} cards given", len(ev.cards),
                        giver=paying, owed=owed, declarer=h.declarer))
    giveable = _giveable(h.level)
    for c in ev.cards if not giveable.issuperset(ev.cards) else ():  # (one C test when all may be given)
        if c not in giveable:
            raise Reject(M("{card:card} is a point card: point cards are not given in tribute "
                           "(only the 5s at level 5 and the 10s at level 10; Ks never)", card=c))
    shown = h.shown.get(paying)
    if shown:
        _check_largest(h, paying, ev.cards, shown)
        shown.subtract(ev.cards)  # the giver holds them no more
    held = h.shown.get(h.declarer)
    if held:
        held.update(ev.cards)  # and the declarer does
    known(h, paying, ev.cards)
    h.tribute = ev


def _check_largest(h: Hand, giver: str, given: tuple[Card, ...], shown: Counter[Card]) -> None:
    rest = Counter(shown)
    for c in given:
        if rest[c] <= 0:
            raise Reject(M("{giver:seat}'s shown hand has no {card:card} to give", giver=giver, card=c))
        rest[c] -= 1
    giveable = _giveable(h.level)
    kept = [c for c, n in rest.items() if n > 0 and c in giveable]
    if not kept:
        return
    standing = order(h.level, h.trump)  # each card's strength(), the table looked up once
    weakest = min(given, key=standing.__getitem__)
    best = max(kept, key=standing.__getitem__)
    if standing[best] > standing[weakest]:
        raise Reject(M("{giver:seat} gave {weakest:card} but holds {best:card}: the tribute is the giver's "
                       "largest cards (§5.2)",
                       giver=giver, weakest=weakest, best=best))


def close_tribute(h: Hand) -> None:
    h.tribute_checked = True
    paying, owed = giver(h), h.blood_owed
    if owed and h.riot is None and not h.waived and h.tribute is None:
        raise Reject(M("{giver:seat} owes {owed} blood to {declarer:seat}: no tribute recorded before the kitty "
                       "(record 'tribute', 'riot' or 'waive')",
                       giver=paying, owed=owed, declarer=h.declarer))
