"""Settling one hand (gunzi-rules.md §7, §9): score, outcome, levels, blood, game end, ledger.

A pure function of numbers: the engine has already judged the cards (dry pot, the final kitty's
points and jokers) and passes the facts in. ``explain_hand`` rebuilds a settled hand's steps, each
naming the rule it applies, from the facts kept in its result: the numbers are data, the
explanation is derived from them on demand (as rbtying/shengji's scoring ``explain`` does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from referee.games.gunzi.cards import BIG_JOKER, SMALL_JOKER, TRUMP_FLOOR, TWO_FLOOR, order
from referee.games.gunzi.codes import DeclarerRotation, DryReason, Fixed, GameEnd, Jokers, Outcome, Waiver
from referee.games.gunzi.explain import Step
from referee.games.gunzi.results import HandResult, HowFixed
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.seats import lower_hand, other_team, partner, team_of, upper_hand

# The codes settle() hands out and tests, as module constants: an enum member looked up on its class
# costs ~0.4 µs in Python 3.11, and a 10,000-hand replay settles every hand (and again to explain it).
KEEP, FOUL_DIG, STAGE_KEPT, STAGE_DUG = Outcome.keep, Outcome.foul_dig, Outcome.stage_kept, Outcome.stage_dug
ZERO, SWEEP, THREE_JOKERS, PASSED = GameEnd.zero, GameEnd.sweep, GameEnd.three_jokers, GameEnd.passed_10
BIG, SMALL = Jokers.big, Jokers.small
GRAB, FLIP, GIVEN, DECLARED, DRAWN, STATED = (Fixed.grab, Fixed.flip, Fixed.given, Fixed.declared, Fixed.drawn,
                                              Fixed.stated)
RIOT, WAIVE = Waiver.riot, Waiver.waive
PARTNER = DeclarerRotation.partner


class HandFacts(NamedTuple):
    declarer: str
    levels: dict[str, int]  # at the start of the hand
    points: int  # P
    kitty_points: int  # physically in the final kitty (settle's helpers read the facts as counted)
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


# Where a step goes when someone asks for the explanation (``steps.append``); None when only the numbers
# are wanted: ``note and note(Step(...))`` then makes no step at all.
Note = Callable[[Step], None] | None


class GameOver(NamedTuple):
    """The game a hand ends (§7.3): who wins it and why."""

    winner: str
    reason: GameEnd


def settle(f: HandFacts, rules: RuleSet, explain: bool = False) -> Settlement:
    """The numbers of a hand; with ``explain`` also the steps, each naming the rule it applied.

    Replay asks for the numbers only; ``explain_hand`` calls this again with ``explain`` when
    someone reads the explanation, so one function holds the rules and their wording.
    """
    steps: list[Step] = []
    note = steps.append if explain else None
    decl_team = team_of(f.declarer)
    def_team = other_team(decl_team)
    c = _kitty(f, rules, note)  # the facts as counted from here on
    score = _score(c, rules, note)
    outcome = _outcome(c.dug, score, rules, note)
    levels = dict(c.levels)  # after the hand: _levels moves them
    change = {"EW": 0, "NS": 0}  # and records the move
    gained = _levels(c, outcome, levels, change, decl_team, def_team, rules, note)
    end = _game_end(c, score, outcome, decl_team, def_team, rules, note)
    blood_score = score_blood(score, rules)
    blood_kings = _blood(c, outcome, score, blood_score, rules, note if end is None else None)
    if end is not None:
        blood = 0
        next_declarer = giver = None
        note and note(Step("blood.none_game_over", "§5.1", ()))
    else:
        next_declarer = _next_declarer(c.declarer, outcome, rules, note)
        giver = upper_hand(next_declarer)
        blood = blood_kings + blood_score
        note and note(Step("blood.total", "§7.2.4, §7.2.1", (blood, blood_kings, blood_score, giver, next_declarer)))
    ledger = _ledger(c, score, outcome, gained, decl_team, def_team, rules, note)
    # In field order, not by keyword: a named tuple's __new__ matches keywords one by one, about a fifth
    # of a settlement for these 17 fields (every hand of a replay is settled, and again to explain it).
    return Settlement(
        score, c.kitty_points, c.big_jokers, c.small_jokers,  # kitty_points, big_jokers, small_jokers as counted
        outcome, change, levels, gained,  # outcome, level_change, levels_after, levels_gained
        blood_kings, blood_score, blood, giver,  # blood_kings, blood_score, blood, blood_giver
        next_declarer, end.winner if end else None, end.reason if end else None,  # game_winner, game_reason
        ledger, tuple(steps) if explain else (),  # ledger_change, steps
    )


def _kitty(f: HandFacts, rules: RuleSet, note: Note) -> HandFacts:
    """What of the final kitty counts (§6.2.3, §6.2.4, §6.5): the facts as the rest of the settlement
    counts them. In a dry pot the kitty's jokers, and by rule its points, count for nothing."""
    kpts, big, small = f.kitty_points, f.big_jokers, f.small_jokers
    if f.dry_pot:
        if kpts and not rules.dry_pot_kitty_points_count:
            note and note(Step("kitty.points_void", "kitty.dry_pot_kitty_points_count · §6.2.4", (kpts,)))
            kpts = 0
        if big or small:
            note and note(Step("kitty.jokers_void", "§6.2.3", ()))
            big = small = 0
        f = HandFacts(f.declarer, f.levels, f.points, kpts, big, small, f.dry_pot, f.dug)
    if kpts:
        note and note(Step("kitty.points", "§6.6", (kpts,)))
    if big or small:
        note and note(Step("kitty.jokers", "§6.5", (big, small)))
    return f


def _score(c: HandFacts, rules: RuleSet, note: Note) -> int:
    """The defenders' score S (§7, §6.6): their trick points, and the kitty's multiplied when they dug."""
    if c.dug:
        mult = rules.dig_multiplier
        score = c.points + mult * c.kitty_points
        note and note(Step("score.dug", "kitty.dig_multiplier · §6.6", (c.points, mult, c.kitty_points, score)))
        return score
    note and note(Step("score.kept", "§7", (c.points,)))
    return c.points


def _outcome(dug: bool, score: int, rules: RuleSet, note: Note) -> Outcome:
    """Keep, foul dig, or the defenders take over with the kitty kept or dug (§7.1)."""
    stage = rules.stage_threshold
    if score < stage:
        outcome = FOUL_DIG if dug else KEEP
    else:
        outcome = STAGE_DUG if dug else STAGE_KEPT
    note and note(Step("outcome." + outcome, "scoring.stage_threshold · §7.1", (score, stage)))
    return outcome


def _levels(c: HandFacts, outcome: Outcome, levels: dict[str, int], change: dict[str, int], decl_team: str,
            def_team: str, rules: RuleSet, note: Note) -> int:
    """Who levels up and by how much (§7.1, §6.5), with the stop at the top level and passing it (§3.4):
    the move is made in *levels* (the levels after the hand) and recorded in *change*. Returns the levels
    gained, for the ledger: passing the top level counts one."""
    if outcome is not KEEP and outcome is not STAGE_DUG:
        note and note(Step("levels.none", "§7.1", ()))
        return 0
    king_levels = c.big_jokers * rules.level_big_joker + c.small_jokers * rules.level_small_joker
    team = decl_team if outcome is KEEP else def_team
    n = 1 + king_levels
    start = levels[team]
    top = rules.top_level
    note and note(Step("levels.gain", "jokers.level_big_joker, jokers.level_small_joker · §7.1, §6.5",
                       (team, 1, king_levels, n, start, min(start + n, top))))
    if team == decl_team and start == top:
        change[team] = 1
        note and note(Step("levels.pass", "game.top_level · §3.4", (team, top)))
        return 1
    new = min(start + n, top)
    if start + n > top:
        note and note(Step("levels.stop", "game.top_level · §3.4", (team, top, start)))
    levels[team] = new
    change[team] = new - start
    return new - start


def _game_end(c: HandFacts, score: int, outcome: Outcome, decl_team: str, def_team: str, rules: RuleSet,
              note: Note) -> GameOver | None:
    """Whether the hand ends the game (§7.3), the conditions in their order; None when it goes on."""
    if score == 0:
        note and note(Step("end.zero", "§7.3.1", (decl_team,)))
        return GameOver(decl_team, ZERO)
    if score >= rules.sweep_threshold:
        note and note(Step("end.sweep", "scoring.sweep_threshold · §7.3.2", (score, rules.sweep_threshold, def_team)))
        return GameOver(def_team, SWEEP)
    if c.big_jokers == 3 or (c.small_jokers == 3 and rules.three_small_jokers_win):
        kind = BIG if c.big_jokers == 3 else SMALL
        key = "" if kind == BIG else "game.three_small_jokers_win · "
        stage = rules.stage_threshold
        if c.dug and score >= stage:
            note and note(Step("end.three_jokers_dug", key + "§7.3.3", (kind, score, stage, def_team)))
            return GameOver(def_team, THREE_JOKERS)
        if not c.dug and score < stage:
            note and note(Step("end.three_jokers_kept", key + "§7.3.3", (kind, score, stage, decl_team)))
            return GameOver(decl_team, THREE_JOKERS)
    if outcome is KEEP and c.levels[decl_team] == rules.top_level:  # kept at the top level: they pass it
        note and note(Step("end.passed_10", "game.top_level · §7.3.4", (decl_team, rules.top_level)))
        return GameOver(decl_team, PASSED)
    return None


def _blood(c: HandFacts, outcome: Outcome, score: int, blood_score: int, rules: RuleSet, note: Note) -> int:
    """The king blood (§7.2.2, §6.5), void on a foul dig. It and the score's blood (§7.2.3) are worked
    out always, and explained only when a next hand of this game will pay them (*note* is None else)."""
    big, small = c.big_jokers, c.small_jokers
    king_blood = big * rules.blood_big_joker + small * rules.blood_small_joker
    blood_kings = 0 if outcome is FOUL_DIG else king_blood
    if note:
        if outcome is FOUL_DIG and (big or small):
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
    return blood_kings


def _next_declarer(declarer: str, outcome: Outcome, rules: RuleSet, note: Note) -> str:
    """Who declares the next hand of the game (§7.4): the declarers stay, or the defenders take over."""
    if outcome is KEEP or outcome is FOUL_DIG:
        stays = partner(declarer) if rules.declarer_rotation == PARTNER else declarer
        note and note(Step("next.stay", "game.declarer_rotation · §7.4", (stays, rules.declarer_rotation)))
        return stays
    taker = lower_hand(declarer)
    note and note(Step("next.take_over", "game.declarer_rotation · §7.4", (taker, declarer)))
    return taker


def _ledger(c: HandFacts, score: int, outcome: Outcome, gained: int, decl_team: str, def_team: str,
            rules: RuleSet, note: Note) -> dict[str, int]:
    """The points ledger's entry of the hand (§9): a zero, a sweep or three big jokers dug (§9.4), else
    the levels gained and the take-over (§9.1, §9.2); a foul dig has none."""
    ledger = {"EW": 0, "NS": 0}
    special: GameEnd | None = None
    if score == 0:
        gainer, special = decl_team, ZERO
    elif score >= rules.sweep_threshold:
        gainer, special = def_team, SWEEP
    elif c.dug and c.big_jokers == 3 and score >= rules.stage_threshold:
        gainer, special = def_team, THREE_JOKERS
    if special is not None:
        loser = other_team(gainer)
        ledger[gainer] = rules.ledger_special
        ledger[loser] = -rules.ledger_special
        note and note(Step("ledger.special", "ledger.ledger_special · §9.4",
                           (gainer, ledger[gainer], loser, ledger[loser], special)))
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
    note and note(Step("ledger.level", LEDGER_CLAUSE[outcome], (gainer, amount, other_team(gainer), -amount,
                                                                outcome)))
    return ledger


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
    rules, levels = hr.rules, hr.levels_before
    assert rules is not None and levels is not None, "a settled hand keeps its rule set and its levels"
    steps = [*_declaring_steps(hr, rules), *_tribute_steps(hr), _kitty_step(hr)]
    if hr.small_without_big is not None:
        steps.append(Step("kitty.three_small_without_big", "kitty.three_small_jokers_without_big · §6.3.3",
                          (hr.small_without_big,)))
    if hr.settle_steps is not None:  # kept by the replay (replay(..., explain=True))
        steps += hr.settle_steps
    else:
        final = hr.final_kitty
        facts = HandFacts(hr.declarer, levels, hr.points, hr.kitty_points_physical,
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
    standing = order(hr.level, hr.trump)  # as is_trump_plain judges each card, the table looked up once
    plain = tuple([c for c in hr.kitty if TRUMP_FLOOR <= standing[c] < TWO_FLOOR])
    return Step("kitty.not_dry", "§6.2.1", (plain,))
