"""The directives of a hand's kitty (§6): the kitty as dealt, the declarer's bury and the other players'
kings (jokers buried into it). Pure; each judge raises ``Reject`` on a directive that breaks a rule."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.i18n import M, Msg
from referee.games.gunzi import kitty as kitty_rules
from referee.games.gunzi.cards import BIG_JOKER, COPIES, SMALL_JOKER, Card
from referee.games.gunzi.events import Bury, King, Kitty
from referee.games.gunzi.handstate import Hand, Reject, Standing, known, minus, points


def _either(cards: Sequence[Card]) -> Msg:
    """Cards any one of which will do, as a message field: ``3S or 3H`` / ``黑桃3或红桃3``."""
    msg = M("{card:card}", card=cards[0])
    for c in cards[1:]:
        msg = M("{either} or {card:card}", either=msg, card=c)
    return msg


def on_kitty(m: Standing, h: Hand, ev: Kitty) -> None:
    if h.kitty_line:
        raise Reject(M("the kitty was already recorded at line {line}",
                       line=h.kitty_line))
    h.kitty, h.kitty_line = ev.cards, ev.line
    h.final, h.final_points = ev.cards, points(ev.cards)
    if len(ev.cards) != 6:
        h.broken = True
        raise Reject(M("the kitty holds 6 cards; {given} given",
                       given=len(ev.cards)))
    if h.flips or h.draws:  # cards turned from the kitty that it does not hold
        flipped, drawn = minus([f.card for f in h.flips], ev.cards), minus(h.draws, ev.cards)
        if flipped or drawn:  # the kitty as recorded cannot be the one dealt: the hand cannot be settled
            h.broken = True
        if flipped:
            raise Reject(M("{card:card} was flipped from the kitty but is not in it", card=flipped[0]))
        if drawn:
            raise Reject(M("{card:card} was drawn from the kitty but is not in it", card=drawn[0]))
    known(h, None, ev.cards)
    if h.trump is None or h.declarer is None:
        return
    h.dry = kitty_rules.dry_pot(ev.cards, h.level, h.trump, m.rules.dry_pot)


def on_bury(m: Standing, h: Hand, ev: Bury) -> None:
    if not h.kitty_line:
        raise Reject(M("out of order: 'bury' comes after the 'kitty'"))
    if h.bury is not None:
        raise Reject(M("the kitty was already buried at line {line}",
                       line=h.bury.line))
    if h.dry:
        raise Reject(M("dry pot (干锅): the kitty stays as dealt; the declarer does not exchange it"))
    if len(ev.cards) != 6:
        raise Reject(M("the declarer buries 6 cards; {given} given",
                       given=len(ev.cards)))
    tribute = h.tribute.cards if h.tribute else ()
    own = minus(ev.cards, h.kitty + tribute)  # what came from the declarer's dealt hand
    # a hand laid open: what the declarer holds (tribute included)
    held = h.shown.get(h.declarer) if h.declarer is not None else None
    if held:
        pool = (*h.kitty, *held.elements())
        lacking = minus(ev.cards, pool)
        if lacking:
            raise Reject(M("the declarer's shown hand has no {cards:cards}",
                           cards=tuple(sorted(lacking, key=str))))
    else:
        pool = h.kitty + tribute
    if SMALL_JOKER in ev.cards and ev.cards.count(BIG_JOKER) < min(pool.count(BIG_JOKER), COPIES):
        if not _three_small(m, ev.cards):
            raise _big_first(m, M("big jokers are buried before small ones (§6.3.2): a big joker is held"))
        h.small_without_big = h.declarer
    if own:
        known(h, h.declarer, tuple(own))
    h.bury = ev
    h.final, h.final_points = ev.cards, points(ev.cards)


def _three_small(m: Standing, cards: tuple[Card, ...]) -> bool:
    """Whether burying *cards* takes the exception of §6.3.3: three small jokers need no big joker
    buried first (``kitty.three_small_jokers_without_big``)."""
    return m.rules.three_small_jokers_without_big and cards.count(SMALL_JOKER) == COPIES


def _big_first(m: Standing, refusal: Msg) -> Reject:
    """The refusal of small jokers buried while a big joker is held (§6.3.2), naming the exception of
    §6.3.3 and whether the rule set makes it."""
    if m.rules.three_small_jokers_without_big:
        return Reject(M("{refusal}; only three small jokers may be buried without the big ones "
                        "(kitty.three_small_jokers_without_big, §6.3.3)",
                        refusal=refusal))
    return Reject(M("{refusal}; the {rules} rules make no exception for three small jokers "
                    "(kitty.three_small_jokers_without_big = false, §6.3.3)",
                    refusal=refusal, rules=m.rules.name))


def on_king(m: Standing, h: Hand, ev: King) -> None:
    if not h.kitty_line:
        raise Reject(M("out of order: 'king' comes after the 'kitty'"))
    if h.dry:
        raise Reject(M("dry pot (干锅): nobody may bury jokers into the kitty"))
    if ev.seat == h.declarer:
        raise Reject(M("the declarer buries with 'bury'; 'king' is for the other players"))
    if any(not c.is_joker for c in ev.jokers):
        raise Reject(M("'king' buries jokers only"))
    if len(ev.take) != len(ev.jokers):
        raise Reject(M("one card comes out for each joker: {buried} buried, {taken} taken",
                       buried=len(ev.jokers), taken=len(ev.take)))
    shown = h.shown.get(ev.seat)
    if shown and SMALL_JOKER in ev.jokers and ev.jokers.count(BIG_JOKER) < shown[BIG_JOKER]:
        if not _three_small(m, ev.jokers):
            raise _big_first(m, M(
                "{seat:seat} holds a big joker: big jokers are buried before small ones (§6.3.2)", seat=ev.seat))
        h.small_without_big = ev.seat
    kitty = list(h.final)
    for c in ev.take:
        lows = kitty_rules.smallest(kitty, h.level, h.trump)
        if not lows:
            raise Reject(M("no card can come out of the kitty (only point cards and jokers are left): "
                           "nobody may bury jokers (§6.4.2)"))
        if c not in lows:
            raise Reject(M("{card:card} cannot come out: the smallest card in the kitty is {lows} "
                           "(non-trump before trump, never a point card or a joker; §6.4.1, §2.3)",
                           card=c, lows=_either(lows)))
        kitty.remove(c)
    known(h, ev.seat, ev.jokers)
    if shown:
        shown.subtract(ev.jokers)  # now in the kitty
    h.final = (*kitty, *ev.jokers)  # jokers carry no points: final_points stands
