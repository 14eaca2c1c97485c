"""Settling one hand (gunzi-rules.md §7, §9): score, outcome, levels, blood, game end, ledger.

A pure function of numbers: the engine has already judged the cards (dry pot, the final kitty's
points and jokers) and passes the facts in. ``explain_hand`` rebuilds a settled hand's steps, each
naming the rule it applies, from the facts kept in its result: the numbers are data, the
explanation is derived from them on demand (as rbtying/shengji's scoring ``explain`` does).
"""

from __future__ import annotations

from typing import NamedTuple

from referee.cards import BIG_JOKER, SMALL_JOKER, is_trump_plain
from referee.codes import DryReason, Fixed, GameEnd, Jokers, Outcome, Waiver
from referee.results import HandResult, HowFixed, Step
from referee.ruleset import DeclarerRotation, RuleSet
from referee.seats import lower_hand, other_team, partner, team_of, upper_hand

# The codes settle() hands out and tests, as module constants: an enum member looked up on its class
# costs ~0.4 µs in Python 3.11, and a 10,000-hand replay settles every hand (and again to explain it).
KEEP, FOUL_DIG, STAGE_KEPT, STAGE_DUG = Outcome.keep, Outcome.foul_dig, Outcome.stage_kept, Outcome.stage_dug
ZERO, SWEEP, THREE_JOKERS, PASSED = GameEnd.zero, GameEnd.sweep, GameEnd.three_jokers, GameEnd.passed_10
BIG, SMALL = Jokers.big, Jokers.small
GRAB, FLIP, GIVEN, DECLARED, DRAWN, STATED = (Fixed.grab, Fixed.flip, Fixed.given, Fixed.declared, Fixed.drawn,
                                              Fixed.stated)
RIOT, WAIVE = Waiver.riot, Waiver.waive


class HandFacts(NamedTuple):
    declarer: str
    levels: dict[str, int]  # at the start of the hand
    points: int  # P
    kitty_points: int  # physically in the final kitty
    big_jokers: int  # in the final kitty
    small_jokers: int
    dry_pot: bool
    dug: bool


class Settlement(NamedTuple):
    score: int
    kitty_points: int  # as counted
    big_jokers: int  # as counted
    small_jokers: int
    outcome: Outcome
    level_change: dict[str, int]
    levels_after: dict[str, int]
    levels_gained: int  # for the ledger: levels actually moved, passing 10 counting one
    blood_kings: int
    blood_score: int
    blood: int
    blood_giver: str | None
    next_declarer: str | None
    game_winner: str | None
    game_reason: GameEnd | None
    ledger_change: dict[str, int]
    steps: tuple[Step, ...]


def score_blood(score: int, rules: RuleSet) -> int:
    """Blood from the score alone (§7.2.3): short of the short threshold rounds up, over the over
    threshold rounds down."""
    if score < rules.short_threshold:
        return -(-(rules.short_threshold - score) // rules.blood_step)
    if score > rules.over_threshold:
        return (score - rules.over_threshold) // rules.blood_step
    return 0


def settle(f: HandFacts, rules: RuleSet, explain: bool = False) -> Settlement:
    """The numbers of a hand; with ``explain`` also the steps, each naming the rule it applied.

    Replay asks for the numbers only; ``explain_hand`` calls this again with ``explain`` when
    someone reads the explanation, so one function holds the rules and their wording.
    """
    steps: list[Step] = []
    note = steps.append if explain else None
    decl_team = team_of(f.declarer)
    def_team = other_team(decl_team)

    # Kitty: what of it counts (§6.2.3, §6.2.4, §6.5).
    kpts, big, small = f.kitty_points, f.big_jokers, f.small_jokers
    if f.dry_pot:
        if kpts and not rules.dry_pot_kitty_points_count:
            note and note(Step("kitty.points_void", "kitty.dry_pot_kitty_points_count · §6.2.4", (kpts,)))
            kpts = 0
        if big or small:
            note and note(Step("kitty.jokers_void", "§6.2.3", ()))
            big = small = 0
    if kpts:
        note and note(Step("kitty.points", "§6.6", (kpts,)))
    if big or small:
        note and note(Step("kitty.jokers", "§6.5", (big, small)))

    # Score (§7, §6.6).
    mult = rules.dig_multiplier
    score = f.points + mult * kpts if f.dug else f.points
    if f.dug:
        note and note(Step("score.dug", "kitty.dig_multiplier · §6.6", (f.points, mult, kpts, score)))
    else:
        note and note(Step("score.kept", "§7", (score,)))

    # Outcome (§7.1).
    stage = rules.stage_threshold
    if score < stage:
        outcome = FOUL_DIG if f.dug else KEEP
    else:
        outcome = STAGE_DUG if f.dug else STAGE_KEPT
    note and note(Step("outcome." + outcome, "scoring.stage_threshold · §7.1", (score, stage)))

    king_levels = big * rules.level_big_joker + small * rules.level_small_joker
    king_blood = big * rules.blood_big_joker + small * rules.blood_small_joker

    # Levels (§7.1, §3.4): the stop at the top level and passing it.
    levels = dict(f.levels)
    change = {"EW": 0, "NS": 0}
    gained = 0
    passed = False
    if outcome in (KEEP, STAGE_DUG):
        team = decl_team if outcome == KEEP else def_team
        n = 1 + king_levels
        start = levels[team]
        top = rules.top_level
        note and note(Step("levels.gain", "jokers.level_big_joker, jokers.level_small_joker · §7.1, §6.5",
                           (team, 1, king_levels, n, start, min(start + n, top))))
        if team == decl_team and start == top:
            passed = True
            gained = change[team] = 1
            note and note(Step("levels.pass", "game.top_level · §3.4", (team, top)))
        else:
            new = min(start + n, top)
            if start + n > top:
                note and note(Step("levels.stop", "game.top_level · §3.4", (team, top, start)))
            gained = new - start
            levels[team] = new
            change[team] = gained
    else:
        note and note(Step("levels.none", "§7.1", ()))

    # Game end (§7.3), in order.
    winner = reason = None
    if score == 0:
        winner, reason = decl_team, ZERO
        note and note(Step("end.zero", "§7.3.1", (decl_team,)))
    elif score >= rules.sweep_threshold:
        winner, reason = def_team, SWEEP
        note and note(Step("end.sweep", "scoring.sweep_threshold · §7.3.2", (score, rules.sweep_threshold, def_team)))
    elif big == 3 or (small == 3 and rules.three_small_jokers_win):
        kind = BIG if big == 3 else SMALL
        key = "" if kind == BIG else "game.three_small_jokers_win · "
        if f.dug and score >= stage:
            winner, reason = def_team, THREE_JOKERS
            note and note(Step("end.three_jokers_dug", key + "§7.3.3", (kind, score, stage, def_team)))
        elif not f.dug and score < stage:
            winner, reason = decl_team, THREE_JOKERS
            note and note(Step("end.three_jokers_kept", key + "§7.3.3", (kind, score, stage, decl_team)))
    if winner is None and passed:
        winner, reason = decl_team, PASSED
        note and note(Step("end.passed_10", "game.top_level · §7.3.4", (decl_team, rules.top_level)))

    # Blood (§7.2): worked out always, explained only when a next hand of this game will pay it.
    blood_kings = 0 if outcome == FOUL_DIG else king_blood
    blood_score = score_blood(score, rules)
    if winner is None and note:
        if outcome == FOUL_DIG and (big or small):
            note(Step("blood.kings_void", "§7.2.2", ()))
        elif blood_kings:
            note(Step("blood.kings", "jokers.blood_big_joker, jokers.blood_small_joker · §7.2.2, §6.5",
                      (big, rules.blood_big_joker, small, rules.blood_small_joker, king_blood)))
        if score < rules.short_threshold:
            note(Step("blood.short", "scoring.short_threshold · §7.2.3",
                      (score, rules.short_threshold, rules.blood_step, blood_score)))
        elif score > rules.over_threshold:
            note(Step("blood.over", "scoring.over_threshold · §7.2.3",
                      (score, rules.over_threshold, rules.blood_step, blood_score)))

    # Next declarer (§7.4) and who pays the blood (§7.2.1).
    if winner is not None:
        blood = 0
        next_declarer = giver = None
        note and note(Step("blood.none_game_over", "§5.1", ()))
    else:
        stay = outcome in (KEEP, FOUL_DIG)
        if stay:
            next_declarer = partner(f.declarer) if rules.declarer_rotation == DeclarerRotation.partner else f.declarer
            note and note(Step("next.stay", "game.declarer_rotation · §7.4", (next_declarer, rules.declarer_rotation)))
        else:
            next_declarer = lower_hand(f.declarer)
            note and note(Step("next.take_over", "game.declarer_rotation · §7.4", (next_declarer, f.declarer)))
        giver = upper_hand(next_declarer)
        blood = blood_kings + blood_score
        note and note(Step("blood.total", "§7.2.4, §7.2.1", (blood, blood_kings, blood_score, giver, next_declarer)))

    # Ledger (§9).
    ledger = {"EW": 0, "NS": 0}
    special = None
    if score == 0:
        special = (decl_team, ZERO)
    elif score >= rules.sweep_threshold:
        special = (def_team, SWEEP)
    elif f.dug and big == 3 and score >= stage:
        special = (def_team, THREE_JOKERS)
    if special:
        gainer, why = special
        ledger[gainer] = rules.ledger_special
        ledger[other_team(gainer)] = -rules.ledger_special
        note and note(Step("ledger.special", "ledger.ledger_special · §9.4",
                 (gainer, ledger[gainer], other_team(gainer), ledger[other_team(gainer)], why)))
    elif outcome != FOUL_DIG:
        if outcome == KEEP:
            gainer, amount = decl_team, rules.ledger_per_level * gained
        elif outcome == STAGE_KEPT:
            gainer, amount = def_team, rules.ledger_take_over
        else:
            gainer, amount = def_team, rules.ledger_take_over + rules.ledger_per_level * gained
        ledger[gainer] = amount
        ledger[other_team(gainer)] = -amount
        note and note(Step("ledger.level", LEDGER_CLAUSE[outcome], (gainer, amount, other_team(gainer), -amount,
                                                                    outcome)))

    return Settlement(
        score=score, kitty_points=kpts, big_jokers=big, small_jokers=small, outcome=outcome,
        level_change=change, levels_after=levels, levels_gained=gained, blood_kings=blood_kings,
        blood_score=blood_score, blood=blood, blood_giver=giver, next_declarer=next_declarer,
        game_winner=winner, game_reason=reason, ledger_change=ledger, steps=tuple(steps),
    )


# The ledger keys and sections of each outcome's entry (§9.1, §9.2); a foul dig has none.
LEDGER_CLAUSE = {
    Outcome.keep: "ledger.ledger_per_level · §9.2",
    Outcome.stage_kept: "ledger.ledger_take_over · §9.1",
    Outcome.stage_dug: "ledger.ledger_take_over, ledger.ledger_per_level · §9.2",
}
DRY_CLAUSE = {DryReason.no_plain_trump: "§6.2.1", DryReason.all_trump: "kitty.dry_pot · §6.2.1"}


def explain_hand(hr: HandResult) -> tuple[Step, ...]:
    """The steps of a settled hand, rebuilt from the facts it keeps: declarer and trump, tribute,
    kitty, then the settlement's own steps."""
    rules = hr.rules
    assert rules is not None, "a settled hand keeps its rule set"
    steps = [*_declaring_steps(hr, rules), *_tribute_steps(hr), _kitty_step(hr)]
    final = hr.final_kitty
    facts = HandFacts(hr.declarer, hr.levels_before, hr.points, hr.kitty_points_physical,
                      final.count(BIG_JOKER), final.count(SMALL_JOKER), hr.dry_pot, hr.dug)
    steps += settle(facts, rules, explain=True).steps
    t = hr.tribute
    if t is not None and t.cards and rules.ledger_tribute:
        amount = len(t.cards) * rules.ledger_tribute
        team = team_of(t.receiver)
        steps.append(Step("ledger.tribute", "ledger.ledger_tribute · §9.3",
                          (len(t.cards), team, amount, other_team(team), -amount)))
    return tuple(steps)


def _declaring_steps(hr: HandResult, rules: RuleSet) -> list[Step]:
    """How the declarer and trump were fixed (§4), and the level the hand is played at (§3.2)."""
    how = hr.how or HowFixed(STATED)
    trump = hr.trump
    if how.kind == GRAB:
        steps = [Step("declarer.grab", "§4.1.1", (hr.declarer, trump))]
    elif how.kind == FLIP:
        steps = [Step("declarer.flip", "declaring.flip_winner · §4.1.2", (hr.declarer, how.cards, rules.flip_winner,
                                                                          trump))]
    elif how.kind == GIVEN:
        steps = [Step("declarer.given", "§4.1", (hr.declarer, trump))]
    else:
        steps = [Step("declarer.rotation", "game.declarer_rotation · §7.4", (hr.declarer,))]
        if how.kind == DECLARED:
            steps.append(Step("trump.declared", "§4.2.3", (trump, how.seat, how.cards)))
        elif how.kind == DRAWN:
            steps.append(Step("trump.drawn", "§4.2.4", (hr.declarer, how.cards, trump)))
        else:
            steps.append(Step("trump.stated", "§4.2", (trump,)))
    steps.append(Step("level", "game.start_level · §3.2", (hr.declarer_team, hr.level)))
    return steps


def _tribute_steps(hr: HandResult) -> list[Step]:
    """The blood owed this hand and how it was paid or waived (§5)."""
    t = hr.tribute
    if t is None or not t.owed:
        return [Step("tribute.none", "§5.1", ())]
    if t.waived == RIOT:
        return [Step("tribute.riot", "tribute.riot · §5.4", (t.riot_seat, t.riot_cards, t.owed))]
    if t.waived == WAIVE:
        return [Step("tribute.waive", "§5.5", (t.owed,))]
    if t.cards:
        return [Step("tribute.paid", "§5.2", (t.giver, t.receiver, t.owed, t.cards))]
    return []


def _kitty_step(hr: HandResult) -> Step:
    """Whether the dealt kitty is a dry pot (§6.2.1), and why."""
    if hr.dry_reason:
        return Step("kitty.dry", DRY_CLAUSE[hr.dry_reason], (hr.dry_reason,))
    plain = tuple(c for c in hr.kitty if is_trump_plain(c, hr.level, hr.trump))
    return Step("kitty.not_dry", "§6.2.1", (plain,))
