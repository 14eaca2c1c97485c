"""The directives of a hand's declaring (§4): who declares and what is trump, judged as they come, then
fixed at the first directive after the declaring (``resolve_declaring``). Pure; each judge raises
``Reject`` on a directive that breaks a rule."""

from __future__ import annotations

from referee.core.i18n import M
from referee.games.gunzi import declaring
from referee.games.gunzi.cards import BIG_JOKER
from referee.games.gunzi.codes import Fixed
from referee.games.gunzi.events import Declare, DeclarerIs, Draw, Flip, Trump
from referee.games.gunzi.handstate import Hand, Reject, Standing, known
from referee.games.gunzi.results import HowFixed
from referee.games.gunzi.seats import SEATS, team_of

# Every hand's declarer and trump are fixed here once: the codes as module constants (an enum member looked up on
# its class costs ~0.2 µs in Python 3.11) and HowFixed made straight into its tuple, every field given (its
# generated __new__ is a Python-level call).
GRAB, FLIP, GIVEN, DECLARED, DRAWN, STATED = (Fixed.grab, Fixed.flip, Fixed.given, Fixed.declared, Fixed.drawn,
                                              Fixed.stated)
_new = tuple.__new__


def on_declarer(m: Standing, h: Hand, ev: DeclarerIs) -> None:
    if h.fixed_declarer is not None and ev.seat != h.fixed_declarer:
        raise Reject(M("the declarer of hand {hand} is {fixed:seat} by the last hand's result, not {seat:seat}",
                       hand=h.number, fixed=h.fixed_declarer, seat=ev.seat))
    if h.first_of_game and (h.grab or h.flips):
        raise Reject(M("the grab or the flips already fix this hand's declarer"))
    h.declarer = ev.seat


def on_declare(m: Standing, h: Hand, ev: Declare) -> None:
    known(h, ev.seat, ev.cards)
    if h.first_of_game:
        if h.grab is not None:  # whatever is shown after it (§4.1.1: a grab cannot be overcalled)
            raise Reject(M("{seat:seat} already grabbed at line {line}: a grab cannot be overcalled",
                           seat=h.grab.seat, line=h.grab.line))
        if ev.cards != (BIG_JOKER,) or ev.as_suit:
            raise Reject(M("in a game's first hand only one big joker grabs (抢亮大王); level cards declare "
                           "from the second hand on"))
        if h.flips or h.declarer:
            raise Reject(M("out of order: the grab comes before any flip or 'declarer'"))
        h.grab = ev
        return
    if h.draws:
        raise Reject(M("out of order: declarations come before a draw from the kitty"))
    assert h.fixed_declarer is not None  # a later hand's declarer is fixed by the hand before
    level = m.levels[team_of(h.fixed_declarer)]
    try:
        power = declaring.strength(ev.cards, level, ev.as_suit)
    except declaring.DeclarationError as e:
        raise Reject(e.msg) from None
    if not declaring.beats(power, h.power):
        old = h.declarations[-1]
        raise Reject(M("{cards:cards} does not beat {seat:seat}'s {old:cards} (line {line}): an overcall "
                       "needs more identical cards, or three small jokers over three level cards, three "
                       "big over three small",
                       cards=ev.cards, seat=old.seat, old=old.cards, line=old.line))
    h.declarations.append(ev)
    h.power = power


def on_flip(m: Standing, h: Hand, ev: Flip) -> None:
    if not h.first_of_game:
        raise Reject(M("flips decide only a game's first hand; later hands have a fixed declarer"))
    if h.grab is not None:
        raise Reject(M("{seat:seat} grabbed at line {line}: nobody flips", seat=h.grab.seat, line=h.grab.line))
    if h.declarer:
        raise Reject(M("the declarer is already stated: nobody flips"))
    if not ev.card.is_joker and any(f.seat == ev.seat and not f.card.is_joker for f in h.flips):
        raise Reject(M("{seat:seat} has already flipped (only a joker is flipped again)", seat=ev.seat))
    h.flips.append(ev)
    known(h, None, (ev.card,))


def on_draw(m: Standing, h: Hand, ev: Draw) -> None:
    if h.first_of_game:
        raise Reject(M("a draw fixes trump only in later hands; the first hand grabs or flips"))
    if h.declarations:
        raise Reject(M("somebody declared: there is no draw"))
    cards = [*h.draws, *ev.cards]
    suited = [i for i, c in enumerate(cards) if not c.is_joker]
    if suited and suited[0] != len(cards) - 1:
        raise Reject(M("the draw stops at the first suited card ({card:card})", card=cards[suited[0]]))
    if len(cards) >= 6 and not suited:
        raise Reject(M("six jokers drawn: the kitty is all jokers and the hand is dealt again ('redeal')"))
    h.draws.extend(ev.cards)
    known(h, None, ev.cards)


def on_trump(m: Standing, h: Hand, ev: Trump) -> None:
    if h.stated_trump is not None:
        raise Reject(M("trump is already stated at line {line}",
                       line=h.stated_trump.line))
    h.stated_trump = ev


def resolve_declaring(m: Standing, h: Hand) -> None:
    """Fix declarer and trump at the first directive after declaring."""
    h.resolved = True
    stated = h.stated_trump
    if h.first_of_game:
        if h.grab is not None:
            h.declarer = h.grab.seat
            if stated is None:
                h.broken = True
                raise Reject(M("{seat:seat} grabbed: record the trump suit drawn next ('trump SUIT')",
                               seat=h.grab.seat))
            h.trump = stated.suit
            h.how = _new(HowFixed, (GRAB, h.grab.seat, ()))
        elif h.flips:
            seats_flipped = {f.seat for f in h.flips if not f.card.is_joker}
            missing = [s for s in SEATS if s not in seats_flipped]
            if missing:
                h.broken = True
                raise Reject(M("every player flips a card: no flip from {seats:seats}", seats=tuple(missing)))
            won = declaring.flip_winner(h.flips, m.rules.flip_winner)
            h.declarer, h.trump = won.seat, won.card.suit
            h.level = m.levels[team_of(won.seat)]
            h.how = _new(HowFixed, (FLIP, won.seat, tuple(f.card for f in h.flips)))
            if stated is not None and stated.suit != won.card.suit:
                raise Reject(M("the flip makes {suit:suit} trump, not {stated:suit} (line {line})",
                               suit=won.card.suit, stated=stated.suit, line=stated.line))
        elif h.declarer is not None:
            if stated is None:
                h.broken = True
                raise Reject(M("record the trump suit of the first hand ('trump SUIT')"))
            h.trump = stated.suit
            h.how = _new(HowFixed, (GIVEN, h.declarer, ()))
        else:
            h.broken = True
            raise Reject(M("hand {hand} is a game's first hand: record a grab ('declare SEAT BJ'), "
                           "four flips, or 'declarer SEAT'",
                           hand=h.number))
    else:
        assert h.fixed_declarer is not None  # a later hand's declarer is fixed by the hand before
        h.declarer = h.fixed_declarer
        h.level = m.levels[team_of(h.declarer)]
        if h.declarations:
            ev = h.declarations[-1]
            h.trump = h.power.suit
            h.how = _new(HowFixed, (DECLARED, ev.seat, ev.cards))
            if stated is not None and stated.suit != h.trump:
                raise Reject(M("trump is {suit:suit} by the declaration at line {line}, not {stated:suit}",
                               suit=h.trump, line=ev.line, stated=stated.suit))
        elif h.draws:
            h.trump = h.draws[-1].suit if not h.draws[-1].is_joker else None
            if h.trump is None:
                h.broken = True
                raise Reject(M("the draw ended on a joker: draw on to the first suited card"))
            h.how = _new(HowFixed, (DRAWN, h.declarer, tuple(h.draws)))
            if stated is not None and stated.suit != h.trump:
                raise Reject(M("the draw makes {suit:suit} trump, not {stated:suit}",
                               suit=h.trump, stated=stated.suit))
        elif stated is not None:
            h.trump = stated.suit
            h.how = _new(HowFixed, (STATED, None, ()))
        else:
            h.broken = True
            raise Reject(M("hand {hand} has no trump: record declarations, a 'draw' or 'trump SUIT'",
                           hand=h.number))
    h.level = m.levels[team_of(h.declarer)]
