"""Where the match stands after the last event (``TableState``): what a referee at the table needs next —
the hand in progress, its declarer and trump as far as they are fixed, the blood owed, and the directives
that may come next. Built from the fold's state (``engine.Replay``); pure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from referee.games.gunzi import declaring
from referee.games.gunzi.codes import Phase
from referee.games.gunzi.handstate import BURY, DECLARING, DONE, KINGS, KITTY, TRIBUTE, Hand, flips_complete
from referee.games.gunzi.results import TableState
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.seats import team_of, upper_hand

if TYPE_CHECKING:  # for the checker only: a protocol costs ~40 us to build, and nothing reads it at run time

    class Fold(Protocol):
        """What the table state reads of the fold over the events (``engine.Replay`` has it)."""

        rules: RuleSet
        hand: Hand | None
        skipping: bool  # inside a hand that was refused
        match_over: bool
        awaiting_ruling: bool
        game: int
        hand_number: int
        levels: dict[str, int]
        next_declarer: str | None
        blood: int
        warnings: dict[str, int]


def table_state(m: Fold) -> TableState:
    h = m.hand
    if h is not None and (h.phase == DONE or m.skipping):
        h = None  # no hand in progress
    expected: tuple[str, ...]
    if m.match_over:
        phase, expected = Phase.match_over, ()
    elif m.awaiting_ruling:
        phase, expected = Phase.between_hands, ("ruling",)
    elif h is None:
        phase = Phase.between_hands
        expected = ("hand", "warn", "ruling") + (("time",) if m.rules.time_limit_minutes else ())
    else:
        phase, expected = _expected(h)
    trump = None
    done: str | None = None  # the directive that settled this hand's blood (None: not yet, or none owed)
    if m.match_over:  # nothing is owed or declared once the match is over
        declarer, blood = None, 0
    elif h is not None:
        declarer, blood = h.declarer or h.fixed_declarer, h.blood_owed
        trump = h.trump
        if not h.resolved:
            declarer, trump = _known_so_far(m.rules, h, declarer)
        if blood and (h.tribute or h.riot or h.waived):
            done = "riot" if h.riot else "waive" if h.waived else "tribute"
    else:
        declarer, blood = m.next_declarer, (m.blood if m.next_declarer else 0)
    giver = upper_hand(declarer) if declarer and blood else None
    level = m.levels[team_of(declarer)] if declarer else None
    return TableState(
        game=m.game, hand=h.number if h is not None else m.hand_number + 1, in_hand=h is not None,
        phase=phase, levels=dict(m.levels), declarer=declarer, trump=trump,
        level=level, blood_owed=blood, blood_giver=giver, expected=expected, match_over=m.match_over,
        warnings=dict(m.warnings), points_so_far=h.points if h is not None else 0,
        blood_settled=done, blood_due=0 if done else blood,
    )


def _known_so_far(rules: RuleSet, h: Hand, declarer: str | None) -> tuple[str | None, str | None]:
    """Declarer and trump as far as the declaring so far fixes them, before the first directive after
    declaring settles them: the grab's seat (§4.1.1), the winner of the four flips (§4.1.2), a stated
    declarer; the trump stated, or the winning flip's suit. Later hands: the fixed declarer (§4.2.1),
    the trump of the standing declaration or of the draw."""
    stated = h.stated_trump.suit if h.stated_trump is not None else None
    if h.first_of_game:
        if h.grab is not None:
            return h.grab.seat, stated
        if h.flips:
            if not flips_complete(h):
                return None, None
            won = declaring.flip_winner(h.flips, rules.flip_winner)
            return won.seat, won.card.suit
        return declarer, stated if declarer else None
    if h.declarations:
        return declarer, h.power.suit
    if h.draws and not h.draws[-1].is_joker:
        return declarer, h.draws[-1].suit
    return declarer, stated


def _expected(h: Hand) -> tuple[Phase, tuple[str, ...]]:
    if h.phase == DECLARING:
        return Phase.declaring, _expected_declaring(h)
    if h.phase == TRIBUTE:
        done = h.tribute or h.riot or h.waived or not h.blood_owed
        return Phase.tribute, ("kitty",) if done else ("tribute", "riot", "waive")
    if h.phase == KITTY:
        return Phase.kitty, ("points", "last") if h.dry else ("bury",)
    if h.phase in (BURY, KINGS):
        return Phase.kings, ("king", "points", "last")
    return Phase.points, ("points", "declarer-points", "last")


def _expected_declaring(h: Hand) -> tuple[str, ...]:
    if h.first_of_game:
        if h.grab is not None:
            return ("kitty",) if h.stated_trump else ("trump",)
        if h.flips:
            return ("kitty",) if flips_complete(h) else ("flip",)
        if h.declarer:
            return ("kitty",) if h.stated_trump else ("trump",)
        return ("declare", "flip", "declarer")
    nxt = ("tribute", "riot", "waive") if h.blood_owed else ("kitty",)
    if h.declarations or h.draws or h.stated_trump:
        return ("declare",) + nxt if h.declarations else nxt
    return ("declare", "draw", "trump")
