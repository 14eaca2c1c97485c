"""Settling one hand (gunzi-rules.md §7, §9): score, outcome, levels, blood, game end, ledger.

A pure function of numbers: the engine has already judged the cards (dry pot, the final kitty's
points and jokers) and passes the facts in. Every step is recorded with the rule it applies.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.results import Step
from referee.ruleset import RuleSet
from referee.seats import lower_hand, other_team, partner, team_of, upper_hand


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
    outcome: str
    level_change: dict[str, int]
    levels_after: dict[str, int]
    levels_gained: int  # for the ledger: levels actually moved, passing 10 counting one
    blood_kings: int
    blood_score: int
    blood: int
    blood_giver: str | None
    next_declarer: str | None
    game_winner: str | None
    game_reason: str | None
    ledger_change: dict[str, int]
    steps: tuple[Step, ...]


def score_blood(score: int, rules: RuleSet) -> tuple[int, Step | None]:
    """Blood from the score alone (002 §六.2): short of 80 rounds up, over 150 rounds down."""
    step = rules.blood_step
    if score < rules.short_threshold:
        n = -(-(rules.short_threshold - score) // step)
        return n, Step("blood.short", "scoring.short_threshold · 002 §六.2", (score, rules.short_threshold, step, n))
    if score > rules.over_threshold:
        n = (score - rules.over_threshold) // step
        return n, Step("blood.over", "scoring.over_threshold · 002 §六.2", (score, rules.over_threshold, step, n))
    return 0, None


def settle(f: HandFacts, rules: RuleSet) -> Settlement:
    steps: list[Step] = []
    add = steps.append
    decl_team = team_of(f.declarer)
    def_team = other_team(decl_team)

    # Kitty: what of it counts (§6.2, §6.5).
    kpts, big, small = f.kitty_points, f.big_jokers, f.small_jokers
    if f.dry_pot:
        if kpts and not rules.dry_pot_kitty_points_count:
            add(Step("kitty.points_void", "kitty.dry_pot_kitty_points_count · 002 §三.7", (kpts,)))
            kpts = 0
        if big or small:
            add(Step("kitty.jokers_void", "002 §三.7", ()))
            big = small = 0
    if kpts:
        add(Step("kitty.points", "§6.6", (kpts,)))
    if big or small:
        add(Step("kitty.jokers", "§6.5", (big, small)))

    # Score (§7, 002 §七).
    mult = rules.dig_multiplier
    score = f.points + mult * kpts if f.dug else f.points
    if f.dug:
        add(Step("score.dug", "kitty.dig_multiplier · 002 §七", (f.points, mult, kpts, score)))
    else:
        add(Step("score.kept", "§7", (score,)))

    # Outcome (§7.1; 002 §四, §五).
    stage = rules.stage_threshold
    if score < stage:
        outcome = "foul_dig" if f.dug else "keep"
    else:
        outcome = "stage_dug" if f.dug else "stage_kept"
    add(Step(f"outcome.{outcome}", "scoring.stage_threshold · 002 §四 §五", (score, stage)))

    king_levels = big * rules.level_big_joker + small * rules.level_small_joker
    king_blood = big * rules.blood_big_joker + small * rules.blood_small_joker

    # Levels (§3, §7.1): the stop at 10 and passing 10.
    levels = dict(f.levels)
    change = {"EW": 0, "NS": 0}
    gained = 0
    passed = False
    if outcome in ("keep", "stage_dug"):
        team = decl_team if outcome == "keep" else def_team
        n = 1 + king_levels
        start = levels[team]
        add(Step("levels.gain", "jokers.level_big_joker · 002 §五", (team, 1, king_levels, n, start,
                                                                     min(start + n, rules.top_level))))
        top = rules.top_level
        if team == decl_team and start == top:
            passed = True
            gained = change[team] = 1
            add(Step("levels.pass", "game.top_level · 002 §九.1", (team, top)))
        else:
            new = min(start + n, top)
            if start + n > top:
                add(Step("levels.stop", "game.top_level · 002 §四", (team, top, start)))
            gained = new - start
            levels[team] = new
            change[team] = gained
    else:
        add(Step("levels.none", "§7.1", ()))

    # Game end (§7.3), in order.
    winner = reason = None
    if score == 0:
        winner, reason = decl_team, "zero"
        add(Step("end.zero", "002 §九.2", (decl_team,)))
    elif score >= rules.sweep_threshold:
        winner, reason = def_team, "sweep"
        add(Step("end.sweep", "scoring.sweep_threshold · 001 §62", (score, rules.sweep_threshold, def_team)))
    elif big == 3 or (small == 3 and rules.three_small_jokers_win):
        kind = "big" if big == 3 else "small"
        key = "" if kind == "big" else "game.three_small_jokers_win · "
        if f.dug and score >= stage:
            winner, reason = def_team, "three_jokers"
            add(Step("end.three_jokers_dug", key + "002 §九.4", (kind, score, stage, def_team)))
        elif not f.dug and score < stage:
            winner, reason = decl_team, "three_jokers"
            add(Step("end.three_jokers_kept", key + "002 §九.5", (kind, score, stage, decl_team)))
    if winner is None and passed:
        winner, reason = decl_team, "passed_10"
        add(Step("end.passed_10", "game.top_level · 002 §九.1", (decl_team, rules.top_level)))

    # Blood (§7.2): worked out always, explained only when a next hand of this game will pay it.
    blood_kings = 0 if outcome == "foul_dig" else king_blood
    blood_score, score_step = score_blood(score, rules)
    if winner is None:
        if outcome == "foul_dig" and (big or small):
            add(Step("blood.kings_void", "002 §五.2", ()))
        elif blood_kings:
            add(Step("blood.kings", "jokers.blood_big_joker · 002 §六.1",
                     (big, rules.blood_big_joker, small, rules.blood_small_joker, king_blood)))
        if score_step is not None:
            add(score_step)

    # Next declarer and who pays the blood (§7.4, 002 §六.1).
    if winner is not None:
        blood = 0
        next_declarer = giver = None
        add(Step("blood.none_game_over", "§7.3", ()))
    else:
        stay = outcome in ("keep", "foul_dig")
        if stay:
            next_declarer = partner(f.declarer) if rules.declarer_rotation == "partner" else f.declarer
            add(Step("next.stay", "game.declarer_rotation · §7.4", (next_declarer, rules.declarer_rotation)))
        else:
            next_declarer = lower_hand(f.declarer)
            add(Step("next.take_over", "game.declarer_rotation · §7.4", (next_declarer, f.declarer)))
        giver = upper_hand(next_declarer)
        blood = blood_kings + blood_score
        add(Step("blood.total", "002 §六", (blood, blood_kings, blood_score, giver, next_declarer)))

    # Ledger (§9, seed 000).
    ledger = {"EW": 0, "NS": 0}
    special = None
    if score == 0:
        special = (decl_team, "zero")
    elif score >= rules.sweep_threshold:
        special = (def_team, "sweep")
    elif f.dug and big == 3 and score >= stage:
        special = (def_team, "three_jokers")
    if special:
        gainer, why = special
        ledger[gainer] = rules.ledger_special
        ledger[other_team(gainer)] = -rules.ledger_special
        add(Step("ledger.special", "ledger.ledger_special · 000",
                 (gainer, ledger[gainer], other_team(gainer), ledger[other_team(gainer)], why)))
    elif outcome != "foul_dig":
        if outcome == "keep":
            gainer, amount = decl_team, rules.ledger_per_level * gained
        elif outcome == "stage_kept":
            gainer, amount = def_team, rules.ledger_take_over
        else:
            gainer, amount = def_team, rules.ledger_take_over + rules.ledger_per_level * gained
        ledger[gainer] = amount
        ledger[other_team(gainer)] = -amount
        add(Step("ledger.level", "ledger.ledger_per_level · 000",
                 (gainer, amount, other_team(gainer), -amount, outcome)))

    return Settlement(
        score=score, kitty_points=kpts, big_jokers=big, small_jokers=small, outcome=outcome,
        level_change=change, levels_after=levels, levels_gained=gained, blood_kings=blood_kings,
        blood_score=blood_score, blood=blood, blood_giver=giver, next_declarer=next_declarer,
        game_winner=winner, game_reason=reason, ledger_change=ledger, steps=tuple(steps),
    )
