"""Settling one hand (gunzi-rules.md §7, §9): score, outcome, levels, blood, game end, ledger.

``settle`` is a pure function of numbers: the engine has already judged the cards (dry pot, the final
kitty's points and jokers) and passes the facts in; it hands back a ``Settlement``, which keeps those
facts. A settled hand keeps its settlement, and ``explain_hand`` words its steps from it, each naming the
rule it applies (``settlement_steps``): the numbers are settled once, the explanation is derived from
them on demand (as rbtying/shengji's scoring ``explain`` does), never by settling the hand again.
"""

from __future__ import annotations

from referee.core.frozen import Record
from referee.games.gunzi.cards import plain_trumps
from referee.games.gunzi.codes import DeclarerRotation, DryReason, Fixed, GameEnd, Jokers, Outcome, Waiver
from referee.games.gunzi.explain import Step
from referee.games.gunzi.results import HandFacts, HandResult, HowFixed, Settlement, TributeInfo
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.seats import lower_hand, other_team, partner, team_of, upper_hand

# The codes settle() hands out and tests, as module constants: an enum member looked up on its class
# costs ~0.4 µs in Python 3.11, and a 10,000-hand replay settles every hand (and words its steps).
KEEP, FOUL_DIG, STAGE_KEPT, STAGE_DUG = Outcome.keep, Outcome.foul_dig, Outcome.stage_kept, Outcome.stage_dug
ZERO, SWEEP, THREE_JOKERS, PASSED = GameEnd.zero, GameEnd.sweep, GameEnd.three_jokers, GameEnd.passed_10
BIG, SMALL = Jokers.big, Jokers.small
GRAB, FLIP, GIVEN, DECLARED, DRAWN, STATED = (Fixed.grab, Fixed.flip, Fixed.given, Fixed.declared, Fixed.drawn,
                                              Fixed.stated)
RIOT, WAIVE = Waiver.riot, Waiver.waive
PARTNER = DeclarerRotation.partner
# A named tuple made from its fields in order, straight into the tuple: its generated __new__ is a Python-level
# call (~0.4 µs more for a Step), and a settlement and the ~14 steps of each hand's explanation are made for
# every hand of a replay or a --json.
_new = tuple.__new__

__all__ = ["HandFacts", "Settlement", "explain_hand", "score_blood", "settle", "settlement_steps"]


def score_blood(score: int, rules: RuleSet) -> int:
    """Blood from the score alone (§7.2.3): short of the short threshold rounds up, over the over
    threshold rounds down."""
    if score < rules.short_threshold:
        return -(-(rules.short_threshold - score) // rules.blood_step)
    if score > rules.over_threshold:
        return (score - rules.over_threshold) // rules.blood_step
    return 0


class GameOver(Record):
    """The game a hand ends (§7.3): who wins it and why."""

    winner: str
    reason: GameEnd


def settle(f: HandFacts, rules: RuleSet) -> Settlement:
    """The numbers of a hand, with the facts they came from; ``settlement_steps`` words them."""
    declarer, before, points, kitty_points, big, small, dry_pot, dug = f  # read once, in field order
    if dry_pot:  # in a dry pot the kitty's jokers, and by rule its points, count for nothing (§6.2.3, §6.2.4, §6.5)
        big = small = 0
        if not rules.dry_pot_kitty_points_count:
            kitty_points = 0
    decl_team = team_of(declarer)
    def_team = other_team(decl_team)
    score = points + rules.dig_multiplier * kitty_points if dug else points  # S (§7, §6.6)
    # Keep, foul dig, or the defenders take over with the kitty kept or dug (§7.1).
    if score < rules.stage_threshold:
        outcome = FOUL_DIG if dug else KEEP
    else:
        outcome = STAGE_DUG if dug else STAGE_KEPT
    levels = dict(before)  # after the hand: _levels moves them
    change = {"EW": 0, "NS": 0}  # and records the move
    king_levels = big * rules.level_big_joker + small * rules.level_small_joker
    gained = _levels(outcome, king_levels, levels, change, decl_team, def_team, rules)
    end = _game_end(before, score, big, small, dug, outcome, decl_team, def_team, rules)
    blood_score = score_blood(score, rules)
    # The king blood (§7.2.2, §6.5), void on a foul dig; it and the score's blood (§7.2.3) are worked out
    # always, and owed only when a next hand of this game pays them.
    blood_kings = 0 if outcome is FOUL_DIG else big * rules.blood_big_joker + small * rules.blood_small_joker
    next_declarer: str | None
    giver: str | None
    winner: str | None
    reason: GameEnd | None
    special: GameEnd | None
    if end is None:
        winner = reason = special = None
        # Who declares the next hand of the game (§7.4): the declarers stay, or the defenders take over.
        if outcome is KEEP or outcome is FOUL_DIG:
            next_declarer = partner(declarer) if rules.declarer_rotation == PARTNER else declarer
        else:
            next_declarer = lower_hand(declarer)
        giver = upper_hand(next_declarer)
        blood = blood_kings + blood_score
    else:
        winner, reason = end
        # The game's end that makes the ledger's entry special (§9.4): a zero, a sweep, three big jokers dug.
        special = reason if reason is ZERO or reason is SWEEP or (reason is THREE_JOKERS and dug and big == 3) \
            else None
        blood = 0
        next_declarer = giver = None
    ledger = _ledger(outcome, gained, special, decl_team, def_team, rules)
    # In field order, straight into the tuple: a named tuple's __new__ (by keyword, or even by position) is a
    # Python-level call, about a fifth of a settlement for these 19 fields (every hand of a replay is settled).
    return _new(Settlement, (
        score, kitty_points, big, small,  # kitty_points, big_jokers, small_jokers as counted
        outcome, change, levels, gained, king_levels,  # outcome, level_change, levels_after, levels_gained, king_levels
        blood_kings, blood_score, blood, giver,  # blood_kings, blood_score, blood, blood_giver
        next_declarer, winner, reason,  # game_winner, game_reason
        ledger, special, f,  # ledger_change, ledger_special, facts
    ))


def _levels(outcome: Outcome, king_levels: int, levels: dict[str, int], change: dict[str, int], decl_team: str,
            def_team: str, rules: RuleSet) -> int:
    """Who levels up and by how much (§7.1, §6.5), with the stop at the top level and passing it (§3.4):
    the move is made in *levels* (the levels after the hand) and recorded in *change*. Returns the levels
    gained, for the ledger: passing the top level counts one."""
    if outcome is not KEEP and outcome is not STAGE_DUG:
        return 0
    team = decl_team if outcome is KEEP else def_team
    start = levels[team]
    top = rules.top_level
    if team == decl_team and start == top:
        change[team] = 1
        return 1
    new = min(start + 1 + king_levels, top)
    levels[team] = new
    change[team] = new - start
    return new - start


def _game_end(before: dict[str, int], score: int, big: int, small: int, dug: bool, outcome: Outcome, decl_team: str,
              def_team: str, rules: RuleSet) -> GameOver | None:
    """Whether the hand ends the game (§7.3), the conditions in their order; None when it goes on. *big* and
    *small* are the final kitty's jokers as counted, *before* the levels the hand was played at."""
    if score == 0:
        return _new(GameOver, (decl_team, ZERO))
    if score >= rules.sweep_threshold:
        return _new(GameOver, (def_team, SWEEP))
    if big == 3 or (small == 3 and rules.three_small_jokers_win):
        stage = rules.stage_threshold
        if dug and score >= stage:
            return _new(GameOver, (def_team, THREE_JOKERS))
        if not dug and score < stage:
            return _new(GameOver, (decl_team, THREE_JOKERS))
    if outcome is KEEP and before[decl_team] == rules.top_level:  # kept at the top level: they pass it
        return _new(GameOver, (decl_team, PASSED))
    return None


def _ledger(outcome: Outcome, gained: int, special: GameEnd | None, decl_team: str, def_team: str,
            rules: RuleSet) -> dict[str, int]:
    """The points ledger's entry of the hand (§9): a special one (§9.4), else the levels gained and the
    take-over (§9.1, §9.2); a foul dig has none."""
    ledger = {"EW": 0, "NS": 0}
    if special is not None:
        gainer = decl_team if special is ZERO else def_team
        ledger[gainer] = rules.ledger_special
        ledger[other_team(gainer)] = -rules.ledger_special
        return ledger
    if outcome is FOUL_DIG:
        return ledger
    if outcome is KEEP:
        gainer, amount = decl_team, rules.ledger_per_level * gained
    elif outcome is STAGE_KEPT:
        gainer, amount = def_team, rules.ledger_take_over
    else:
        gainer, amount = def_team, rules.ledger_take_over + rules.ledger_per_level * gained
    ledger[gainer] = amount
    ledger[other_team(gainer)] = -amount
    return ledger


# --- the settlement's steps, worded from what it settled ----------------------------------------------

# The steps that name no value are the same in every hand that has them: made once.
_KITTY_JOKERS_VOID = _new(Step, ("kitty.jokers_void", "§6.2.3", ()))
_LEVELS_NONE = _new(Step, ("levels.none", "§7.1", ()))
_BLOOD_NONE_GAME_OVER = _new(Step, ("blood.none_game_over", "§5.1", ()))
_BLOOD_KINGS_VOID = _new(Step, ("blood.kings_void", "§7.2.2", ()))
_TRIBUTE_NONE = _new(Step, ("tribute.none", "§5.1", ()))
_OUTCOME_KEY = {o: "outcome." + o for o in Outcome}  # each outcome's step key, joined once


def settlement_steps(s: Settlement, rules: RuleSet) -> list[Step]:
    """The steps of a settlement, each naming the rule it applied, in the order ``settle`` applies them:
    the kitty, the score, the outcome, the levels, the game's end, the blood and the next declarer, the
    ledger. Worded from the settlement and its facts; nothing is settled again."""
    (score, kitty_points, big, small, outcome, _, _, _, king_levels, blood_kings, blood_score, blood, blood_giver,
     next_declarer, _, reason, ledger, special, f) = s  # read once, in field order
    declarer, before, points, _, _, _, dry_pot, dug = f
    decl_team = team_of(declarer)
    def_team = other_team(decl_team)
    steps: list[Step] = []
    if dry_pot:
        _void_steps(f, kitty_points, steps)
    if kitty_points:
        steps.append(_new(Step, ("kitty.points", "§6.6", (kitty_points,))))
    if big or small:
        steps.append(_new(Step, ("kitty.jokers", "§6.5", (big, small))))
    if dug:
        steps.append(_new(Step, ("score.dug", "kitty.dig_multiplier · §6.6",
                                 (points, rules.dig_multiplier, kitty_points, score))))
    else:
        steps.append(_new(Step, ("score.kept", "§7", (points,))))
    steps.append(_new(Step, (_OUTCOME_KEY[outcome], "scoring.stage_threshold · §7.1", (score, rules.stage_threshold))))
    if outcome is KEEP or outcome is STAGE_DUG:
        _level_steps(outcome is KEEP, decl_team if outcome is KEEP else def_team, king_levels, before, rules, steps)
    else:
        steps.append(_LEVELS_NONE)
    if reason is not None:
        steps.append(_end_step(s, reason, decl_team, def_team, rules))
        steps.append(_BLOOD_NONE_GAME_OVER)
    else:
        _blood_steps(score, outcome, big, small, blood_kings, blood_score, rules, steps)
        if outcome is KEEP or outcome is FOUL_DIG:
            steps.append(_new(Step, ("next.stay", "game.declarer_rotation · §7.4",
                                     (next_declarer, rules.declarer_rotation))))
        else:
            steps.append(_new(Step, ("next.take_over", "game.declarer_rotation · §7.4", (next_declarer, declarer))))
        steps.append(_new(Step, ("blood.total", "§7.2.4, §7.2.1",
                                 (blood, blood_kings, blood_score, blood_giver, next_declarer))))
    if special is not None:
        gainer = decl_team if special is ZERO else def_team
        loser = other_team(gainer)
        steps.append(_new(Step, ("ledger.special", "ledger.ledger_special · §9.4",
                                 (gainer, ledger[gainer], loser, ledger[loser], special))))
    elif outcome is not FOUL_DIG:
        gainer = decl_team if outcome is KEEP else def_team
        amount = ledger[gainer]
        steps.append(_new(Step, ("ledger.level", LEDGER_CLAUSE[outcome],
                                 (gainer, amount, other_team(gainer), -amount, outcome))))
    return steps


def _void_steps(f: HandFacts, kitty_points: int, steps: list[Step]) -> None:
    """What of a dry pot's final kitty counted for nothing (§6.2.3, §6.2.4): its jokers, and by rule its points
    (*kitty_points*: as counted)."""
    if f.kitty_points and not kitty_points:
        steps.append(_new(Step, ("kitty.points_void", "kitty.dry_pot_kitty_points_count · §6.2.4", (f.kitty_points,))))
    if f.big_jokers or f.small_jokers:
        steps.append(_KITTY_JOKERS_VOID)


def _level_steps(declarers: bool, team: str, king_levels: int, before: dict[str, int], rules: RuleSet,
                 steps: list[Step]) -> None:
    """How far *team* levelled up (§7.1, §6.5), stopped at the top level or passing it (§3.4); *declarers*:
    whether they are the hand's declarers (a keep), else the defenders taking over with the kitty dug."""
    n = 1 + king_levels
    start = before[team]
    top = rules.top_level
    steps.append(_new(Step, ("levels.gain", "jokers.level_big_joker, jokers.level_small_joker · §7.1, §6.5",
                             (team, 1, king_levels, n, start, min(start + n, top)))))
    if declarers and start == top:
        steps.append(_new(Step, ("levels.pass", "game.top_level · §3.4", (team, top))))
    elif start + n > top:
        steps.append(_new(Step, ("levels.stop", "game.top_level · §3.4", (team, top, start))))


def _end_step(s: Settlement, reason: GameEnd, decl_team: str, def_team: str, rules: RuleSet) -> Step:
    """How the hand ended the game (§7.3)."""
    score = s.score
    if reason is ZERO:
        return _new(Step, ("end.zero", "§7.3.1", (decl_team,)))
    if reason is SWEEP:
        return _new(Step, ("end.sweep", "scoring.sweep_threshold · §7.3.2", (score, rules.sweep_threshold, def_team)))
    if reason is THREE_JOKERS:
        kind = BIG if s.big_jokers == 3 else SMALL
        key = "" if kind == BIG else "game.three_small_jokers_win · "
        if s.facts.dug:
            return _new(Step, ("end.three_jokers_dug", key + "§7.3.3", (kind, score, rules.stage_threshold, def_team)))
        return _new(Step, ("end.three_jokers_kept", key + "§7.3.3", (kind, score, rules.stage_threshold, decl_team)))
    return _new(Step, ("end.passed_10", "game.top_level · §7.3.4", (decl_team, rules.top_level)))


def _blood_steps(score: int, outcome: Outcome, big: int, small: int, blood_kings: int, blood_score: int,
                 rules: RuleSet, steps: list[Step]) -> None:
    """The blood a next hand of this game pays (§7.2.2, §7.2.3): the kings', void on a foul dig, and the
    score's (*big*, *small*: the final kitty's jokers as counted)."""
    if outcome is FOUL_DIG and (big or small):
        steps.append(_BLOOD_KINGS_VOID)
    elif blood_kings:
        steps.append(_new(Step, ("blood.kings", "jokers.blood_big_joker, jokers.blood_small_joker · §7.2.2, §6.5",
                                 (big, rules.blood_big_joker, small, rules.blood_small_joker, blood_kings))))
    if score < rules.short_threshold:
        steps.append(_new(Step, ("blood.short", "scoring.short_threshold · §7.2.3",
                                 (score, rules.short_threshold, rules.blood_step, blood_score))))
    elif score > rules.over_threshold:
        steps.append(_new(Step, ("blood.over", "scoring.over_threshold · §7.2.3",
                                 (score, rules.over_threshold, rules.blood_step, blood_score))))


# The ledger keys and sections of each outcome's entry (§9.1, §9.2); a foul dig has none.
LEDGER_CLAUSE = {
    Outcome.keep: "ledger.ledger_per_level · §9.2",
    Outcome.stage_kept: "ledger.ledger_take_over · §9.1",
    Outcome.stage_dug: "ledger.ledger_take_over, ledger.ledger_per_level · §9.2",
}
DRY_CLAUSE = {DryReason.no_plain_trump: "§6.2.1", DryReason.all_trump: "kitty.dry_pot · §6.2.1"}


def explain_hand(hr: HandResult) -> tuple[Step, ...]:
    """The steps of a settled hand, worded from the facts it keeps: declarer and trump, tribute, kitty,
    then its settlement's steps (``settlement_steps``: the hand is not settled again)."""
    rules, settled = hr.rules, hr.settlement
    assert rules is not None and settled is not None, "a settled hand keeps its rule set and its settlement"
    steps = _declaring_steps(hr, rules)
    t = hr.tribute
    if t is None or not t.owed:
        steps.append(_TRIBUTE_NONE)
    else:
        _tribute_steps(t, steps)
    steps.append(_kitty_step(hr))
    if hr.small_without_big is not None:
        steps.append(_new(Step, ("kitty.three_small_without_big", "kitty.three_small_jokers_without_big · §6.3.3",
                                 (hr.small_without_big,))))
    steps += settlement_steps(settled, rules)
    if t is not None and t.cards and rules.ledger_tribute:
        amount = len(t.cards) * rules.ledger_tribute
        team = team_of(t.receiver)
        steps.append(_new(Step, ("ledger.tribute", "ledger.ledger_tribute · §9.3",
                                 (len(t.cards), team, amount, other_team(team), -amount))))
    return tuple(steps)


def _declaring_steps(hr: HandResult, rules: RuleSet) -> list[Step]:
    """How the declarer and trump were fixed (§4), and the level the hand is played at (§3.2)."""
    how = hr.how or HowFixed(STATED)
    kind, seat, cards = how
    declarer, trump = hr.declarer, hr.trump
    if kind == GRAB:
        steps = [_new(Step, ("declarer.grab", "§4.1.1", (declarer, trump)))]
    elif kind == FLIP:
        steps = [_new(Step, ("declarer.flip", "declaring.flip_winner · §4.1.2", (declarer, cards, rules.flip_winner,
                                                                               trump)))]
    elif kind == GIVEN:
        steps = [_new(Step, ("declarer.given", "§4.1", (declarer, trump)))]
    else:
        steps = [_new(Step, ("declarer.rotation", "game.declarer_rotation · §7.4", (declarer,)))]
        if kind == DECLARED:
            steps.append(_new(Step, ("trump.declared", "§4.2.3", (trump, seat, cards))))
        elif kind == DRAWN:
            steps.append(_new(Step, ("trump.drawn", "§4.2.4", (declarer, cards, trump))))
        else:
            steps.append(_new(Step, ("trump.stated", "§4.2", (trump,))))
    steps.append(_new(Step, ("level", "game.start_level · §3.2", (hr.declarer_team, hr.level))))
    return steps


def _tribute_steps(t: TributeInfo, steps: list[Step]) -> None:
    """How the blood owed this hand was paid or waived (§5)."""
    if t.waived == RIOT:
        steps.append(_new(Step, ("tribute.riot", "tribute.riot · §5.4", (t.riot_seat, t.riot_cards, t.owed))))
    elif t.waived == WAIVE:
        steps.append(_new(Step, ("tribute.waive", "§5.5", (t.owed,))))
    elif t.cards:
        steps.append(_new(Step, ("tribute.paid", "§5.2", (t.giver, t.receiver, t.owed, t.cards))))


def _kitty_step(hr: HandResult) -> Step:
    """Whether the dealt kitty is a dry pot (§6.2.1), and why."""
    if hr.dry_reason:
        return _new(Step, ("kitty.dry", DRY_CLAUSE[hr.dry_reason], (hr.dry_reason,)))
    trumps = plain_trumps(hr.level, hr.trump)  # as is_trump_plain judges each card, the set made once
    plain = tuple([c for c in hr.kitty if c in trumps])
    return _new(Step, ("kitty.not_dry", "§6.2.1", (plain,)))
