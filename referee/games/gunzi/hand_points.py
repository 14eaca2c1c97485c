"""The directives of a hand's tricks (§7, §1.5): the defenders' points and the declarers', never more
than the 300 of the three decks. Pure; each judge raises ``Reject`` on a directive that breaks a rule.
(The last trick, which settles the hand, is the fold's: ``engine.Replay.on_last``.)"""

from __future__ import annotations

from referee.core.i18n import M
from referee.games.gunzi.events import DeclarerPoints, Points
from referee.games.gunzi.handstate import TOTAL_POINTS, Hand, Reject, Standing


def _not_a_multiple(points: int) -> Reject:
    """Trick points come in fives (§7: P is a multiple of 5)."""
    return Reject(M("{points} is not a multiple of 5: points come from 5s, 10s and Ks", points=points))


def on_points(m: Standing, h: Hand, ev: Points) -> None:
    if ev.points % 5:
        raise _not_a_multiple(ev.points)
    most = TOTAL_POINTS - h.final_points
    if h.points + ev.points > most:
        raise Reject(M("more points than exist: {taken} taken, but the kitty holds {kitty} of the {all}, "
                       "so at most {most}",
                       taken=h.points + ev.points, kitty=TOTAL_POINTS - most, all=TOTAL_POINTS, most=most))
    dp = h.declarer_points
    if dp is not None and h.points + ev.points + dp.points + h.final_points > TOTAL_POINTS:
        raise _over_300(h.points + ev.points, dp.points, h.final_points)
    h.points += ev.points


def on_declarer_points(m: Standing, h: Hand, ev: DeclarerPoints) -> None:
    if ev.points % 5:
        raise _not_a_multiple(ev.points)
    if h.declarer_points is not None:
        raise Reject(M("declarer-points already given at line {line}", line=h.declarer_points.line))
    if h.points + ev.points + h.final_points > TOTAL_POINTS:
        raise _over_300(h.points, ev.points, h.final_points)
    h.declarer_points = ev


def _over_300(defenders: int, declarers: int, kitty: int) -> Reject:
    """Trick points of both sides and the kitty's beyond the 300 there are (§1.5): refused at the entry
    that makes it impossible, not at the last trick."""
    return Reject(M("more points than exist: defenders {defenders} + declarers {declarers} + kitty {kitty} = "
                    "{total}, more than the {all} of the three decks (§1.5)",
                    defenders=defenders, declarers=declarers, kitty=kitty, total=defenders + declarers + kitty,
                    all=TOTAL_POINTS))
