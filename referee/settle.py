"""Settling one hand (gunzi-rules.md §7, §9): score, outcome, levels, blood, game end, ledger.

A pure function of numbers: the engine has already judged the cards (dry pot, the final kitty's
points and jokers) and passes the facts in. ``explain_hand`` rebuilds a settled hand's steps, each
naming the rule it applies, from the facts kept in its result: the numbers are data, the
explanation is derived from them on demand (as rbtying/shengji's scoring ``explain`` does).
"""

from __future__ import annotations

from typing import NamedTuple

from referee.cards import BIG_JOKER, SMALL_JOKER, is_trump_plain
from referee.explain import suit_arg
from referee.results import Step
from referee.ruleset import DeclarerRotation, RuleSet
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


def score_blood(score: int, rules: RuleSet) -> int:
    """Blood from the score alone (002 §六.2): short of 80 rounds up, over 150 rounds down."""
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

    # Kitty: what of it counts (§6.2, §6.5).
    kpts, big, small = f.kitty_points, f.big_jokers, f.small_jokers
    if f.dry_pot:
        if kpts and not rules.dry_pot_kitty_points_count:
            note and note(Step("kitty.points_void", "kitty.dry_pot_kitty_points_count · 002 §三.7", (kpts,)))
            kpts = 0
        if big or small:
            note and note(Step("kitty.jokers_void", "002 §三.7", ()))
            big = small = 0
    if kpts:
        note and note(Step("kitty.points", "§6.6", (kpts,)))
    if big or small:
        note and note(Step("kitty.jokers", "§6.5", (big, small)))

    # Score (§7, 002 §七).
    mult = rules.dig_multiplier
    score = f.points + mult * kpts if f.dug else f.points
    if f.dug:
        note and note(Step("score.dug", "kitty.dig_multiplier · 002 §七", (f.points, mult, kpts, score)))
    else:
        note and note(Step("score.kept", "§7", (score,)))

    # Outcome (§7.1; 002 §四, §五).
    stage = rules.stage_threshold
    if score < stage:
        outcome = "foul_dig" if f.dug else "keep"
    else:
        outcome = "stage_dug" if f.dug else "stage_kept"
    note and note(Step(f"outcome.{outcome}", "scoring.stage_threshold · 002 §四 §五", (score, stage)))

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
        note and note(Step("levels.gain", "jokers.level_big_joker · 002 §五", (team, 1, king_levels, n, start,
                                                                     min(start + n, rules.top_level))))
        top = rules.top_level
        if team == decl_team and start == top:
            passed = True
            gained = change[team] = 1
            note and note(Step("levels.pass", "game.top_level · 002 §九.1", (team, top)))
        else:
            new = min(start + n, top)
            if start + n > top:
                note and note(Step("levels.stop", "game.top_level · 002 §四", (team, top, start)))
            gained = new - start
            levels[team] = new
            change[team] = gained
    else:
        note and note(Step("levels.none", "§7.1", ()))

    # Game end (§7.3), in order.
    winner = reason = None
    if score == 0:
        winner, reason = decl_team, "zero"
        note and note(Step("end.zero", "002 §九.2", (decl_team,)))
    elif score >= rules.sweep_threshold:
        winner, reason = def_team, "sweep"
        note and note(Step("end.sweep", "scoring.sweep_threshold · 001 §62", (score, rules.sweep_threshold, def_team)))
    elif big == 3 or (small == 3 and rules.three_small_jokers_win):
        kind = "big" if big == 3 else "small"
        key = "" if kind == "big" else "game.three_small_jokers_win · "
        if f.dug and score >= stage:
            winner, reason = def_team, "three_jokers"
            note and note(Step("end.three_jokers_dug", key + "002 §九.4", (kind, score, stage, def_team)))
        elif not f.dug and score < stage:
            winner, reason = decl_team, "three_jokers"
            note and note(Step("end.three_jokers_kept", key + "002 §九.5", (kind, score, stage, decl_team)))
    if winner is None and passed:
        winner, reason = decl_team, "passed_10"
        note and note(Step("end.passed_10", "game.top_level · 002 §九.1", (decl_team, rules.top_level)))

    # Blood (§7.2): worked out always, explained only when a next hand of this game will pay it.
    blood_kings = 0 if outcome == "foul_dig" else king_blood
    blood_score = score_blood(score, rules)
    if winner is None and note:
        if outcome == "foul_dig" and (big or small):
            note(Step("blood.kings_void", "002 §五.2", ()))
        elif blood_kings:
            note(Step("blood.kings", "jokers.blood_big_joker · 002 §六.1",
                      (big, rules.blood_big_joker, small, rules.blood_small_joker, king_blood)))
        if score < rules.short_threshold:
            note(Step("blood.short", "scoring.short_threshold · 002 §六.2",
                      (score, rules.short_threshold, rules.blood_step, blood_score)))
        elif score > rules.over_threshold:
            note(Step("blood.over", "scoring.over_threshold · 002 §六.2",
                      (score, rules.over_threshold, rules.blood_step, blood_score)))

    # Next declarer and who pays the blood (§7.4, 002 §六.1).
    if winner is not None:
        blood = 0
        next_declarer = giver = None
        note and note(Step("blood.none_game_over", "§7.3", ()))
    else:
        stay = outcome in ("keep", "foul_dig")
        if stay:
            next_declarer = partner(f.declarer) if rules.declarer_rotation == DeclarerRotation.partner else f.declarer
            note and note(Step("next.stay", "game.declarer_rotation · §7.4", (next_declarer, rules.declarer_rotation)))
        else:
            next_declarer = lower_hand(f.declarer)
            note and note(Step("next.take_over", "game.declarer_rotation · §7.4", (next_declarer, f.declarer)))
        giver = upper_hand(next_declarer)
        blood = blood_kings + blood_score
        note and note(Step("blood.total", "002 §六", (blood, blood_kings, blood_score, giver, next_declarer)))

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
        note and note(Step("ledger.special", "ledger.ledger_special · 000",
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
        note and note(Step("ledger.level", "ledger.ledger_per_level · 000",
                 (gainer, amount, other_team(gainer), -amount, outcome)))

    return Settlement(
        score=score, kitty_points=kpts, big_jokers=big, small_jokers=small, outcome=outcome,
        level_change=change, levels_after=levels, levels_gained=gained, blood_kings=blood_kings,
        blood_score=blood_score, blood=blood, blood_giver=giver, next_declarer=next_declarer,
        game_winner=winner, game_reason=reason, ledger_change=ledger, steps=tuple(steps),
    )


def explain_hand(hr) -> tuple[Step, ...]:
    """The steps of a settled hand (a ``HandResult``), rebuilt from the facts it keeps."""
    rules: RuleSet = hr.rules
    steps: list[Step] = []
    add = steps.append
    trump = suit_arg(hr.trump)
    how = hr.how or ("stated",)
    kind = how[0]
    if kind == "grab":
        add(Step("declarer.grab", "002 §二.1", (hr.declarer, trump)))
    elif kind == "flip":
        add(Step("declarer.flip", "declaring.flip_winner · 002 §二.2", (hr.declarer, how[1], rules.flip_winner, trump)))
    elif kind == "given":
        add(Step("declarer.given", "§4.1", (hr.declarer, trump)))
    else:
        add(Step("declarer.rotation", "game.declarer_rotation · §7.4", (hr.declarer,)))
        if kind == "declared":
            add(Step("trump.declared", "002 §二.3-4", (trump, how[1], how[2])))
        elif kind == "drawn":
            add(Step("trump.drawn", "002 §二.5", (hr.declarer, how[1], trump)))
        else:
            add(Step("trump.stated", "§4.2", (trump,)))
    add(Step("level", "game.start_level · §4", (hr.declarer_team, hr.level)))

    t = hr.tribute
    if t is None or not t.owed:
        add(Step("tribute.none", "§5", ()))
    elif t.waived == "riot":
        add(Step("tribute.riot", "tribute.riot · 002 §八", (t.riot_seat, t.riot_cards, t.owed)))
    elif t.waived == "waive":
        add(Step("tribute.waive", "002 §六.1", (t.owed,)))
    elif t.cards:
        add(Step("tribute.paid", "002 §六.1", (t.giver, t.receiver, t.owed, t.cards)))

    if hr.dry_reason:
        why = "no trump-suit plain card" if hr.dry_reason == "no_plain_trump" else "all six cards are trumps"
        add(Step("kitty.dry", "kitty.dry_pot · 002 §三.7", (why,)))
    else:
        plain = tuple(c for c in hr.kitty if is_trump_plain(c, hr.level, hr.trump))
        add(Step("kitty.not_dry", "002 §三.7", (plain,)))

    final = hr.final_kitty
    facts = HandFacts(hr.declarer, hr.levels_before, hr.points, hr.kitty_points_physical,
                      final.count(BIG_JOKER), final.count(SMALL_JOKER), hr.dry_pot, hr.dug)
    steps += settle(facts, rules, explain=True).steps
    if t is not None and t.cards and rules.ledger_tribute:
        amount = len(t.cards) * rules.ledger_tribute
        team = team_of(t.receiver)
        add(Step("ledger.tribute", "ledger.ledger_tribute · 000",
                 (len(t.cards), team, amount, other_team(team), -amount)))
    return tuple(steps)
