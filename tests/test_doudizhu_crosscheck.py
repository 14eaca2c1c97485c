"""Cross-check: a deliberately simple scorer written here from docs/doudizhu-rules.md (not importing the engine's
scoring) agrees with the engine on hundreds of generated deals, each rendered to record text and replayed through
the real reader and engine.

The generator deals a real shuffled deck (17 each, 3 to the kitty), bids by the rule set's style, has bombs and
the rocket played from the hands that hold them, some singles played, and one player out; spring and
anti-spring only where the plays it wrote allow them (§5.2)."""

from __future__ import annotations

import random
from typing import NamedTuple

from referee.games.doudizhu.engine import replay
from referee.games.doudizhu.notation import parse
from referee.games.doudizhu.ruleset import from_text, load

SUITS = "SHCD"
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
DECK = [r + s for r in RANKS for s in SUITS] + ["SJ", "BJ"]


class Facts(NamedTuple):
    """What the generator decided for one deal: all the simple scorer reads."""

    redeal: bool
    landlord: int
    base: int
    robs: int
    shown: bool
    bombs: int
    rocket: bool
    spring: bool
    antispring: bool
    landlord_wins: bool


def simple_score(f: Facts, cap: int) -> dict[int, int]:
    """docs/doudizhu-rules.md §5 and §6, as plainly as it can be said."""
    if f.redeal:
        return {1: 0, 2: 0, 3: 0}
    m = 1
    for _ in range(f.robs):  # §3.2 each rob ×2
        m *= 2
    if f.shown:  # §5.3
        m *= 2
    for _ in range(f.bombs):  # §5.1
        m *= 2
    if f.rocket:
        m *= 2
    if f.spring:  # §5.2
        m *= 2
    if f.antispring:
        m *= 2
    if cap and m > cap:  # §5.4
        m = cap
    unit = f.base * m
    out = {}
    for seat in (1, 2, 3):
        if seat == f.landlord:
            out[seat] = 2 * unit if f.landlord_wins else -2 * unit  # §6
        else:
            out[seat] = -unit if f.landlord_wins else unit
    return out


def _after(seat: int) -> int:
    return seat % 3 + 1


def gen_bids(rng: random.Random, style: str, forced: bool) -> tuple[list[str], int | None, int, int, bool]:
    """The bid lines, the landlord (None: redeal), the base, the robs, and whether all passed."""
    start = rng.randint(1, 3)
    seats = [start, _after(start), _after(_after(start))]
    lines: list[str] = []
    if style == "points":
        best, landlord = 0, None
        for seat in seats:
            options = ["pass"] + [str(b) for b in range(best + 1, 4)]
            bid = rng.choice(options) if rng.random() < 0.85 else "pass"
            lines.append(f"bid {seat} {bid}")
            if bid != "pass":
                best, landlord = int(bid), seat
                if best == 3:
                    break
        if landlord is None:
            return lines, (seats[-1] if forced else None), 1, 0, True
        return lines, landlord, best, 0, False
    caller = landlord = None
    robs = 0
    for seat in seats:
        if caller is None:
            word = "call" if rng.random() < 0.7 else "pass"
            if word == "call":
                caller = landlord = seat
        else:
            word = "rob" if rng.random() < 0.5 else "pass"
            if word == "rob":
                robs += 1
                landlord = seat
        lines.append(f"bid {seat} {word}")
    if caller is None:
        return lines, None, 0, 0, True
    if robs and rng.random() < 0.6:  # the caller answers (§3.2)
        word = rng.choice(["rob", "pass"])
        lines.append(f"bid {caller} {word}")
        if word == "rob":
            robs += 1
            landlord = caller
    return lines, landlord, 1, robs, False


def gen_deal(rng: random.Random, style: str, forced: bool) -> tuple[list[str], Facts]:
    deck = DECK[:]
    rng.shuffle(deck)
    hands = {1: deck[0:17], 2: deck[17:34], 3: deck[34:51]}
    kitty = deck[51:]
    lines = ["deal"]
    bids, landlord, base, robs, all_passed = gen_bids(rng, style, forced)
    lines += bids
    if landlord is None:
        lines.append("redeal")
        return lines, Facts(True, 0, 0, 0, False, 0, False, False, False, False)
    hands[landlord] = hands[landlord] + kitty
    if rng.random() < 0.3:
        lines.append(f"landlord {landlord}")
    lines.append("kitty " + " ".join(kitty))
    shown = rng.random() < 0.2
    if shown:
        lines.append(f"show {landlord}")
    landlord_wins = rng.random() < 0.5
    farmers = [s for s in (1, 2, 3) if s != landlord]
    out = landlord if landlord_wins else rng.choice(farmers)
    spring = landlord_wins and rng.random() < 0.3
    antispring = not landlord_wins and rng.random() < 0.3
    may_play = {s: not (spring and s != landlord) for s in (1, 2, 3)}
    landlord_plays_left = 1 if antispring else 99
    bombs = 0
    rocket = False
    for seat in (1, 2, 3):
        hand = hands[seat]
        ranks = {r: [c for c in hand if c[:-1] == r] for r in RANKS}
        for cards in ranks.values():
            if len(cards) == 4 and may_play[seat] and rng.random() < 0.6:
                if seat == landlord:
                    if landlord_plays_left == 0:
                        continue
                    landlord_plays_left -= 1
                form = rng.choice(["bomb", "play"])  # a play of four of a rank is a bomb too (§5.1)
                lines.append(f"{form} {seat} " + " ".join(cards))
                bombs += 1
                for c in cards:
                    hand.remove(c)
        if "SJ" in hand and "BJ" in hand and may_play[seat] and rng.random() < 0.6:
            if seat != landlord or landlord_plays_left > 0:
                if seat == landlord:
                    landlord_plays_left -= 1
                lines.append(f"rocket {seat}")
                rocket = True
                hand.remove("SJ")
                hand.remove("BJ")
    for seat in (1, 2, 3):  # a few singles, in the rules' limits
        if not may_play[seat]:
            continue
        for _ in range(rng.randint(0, 3)):
            if seat == landlord:
                if landlord_plays_left == 0:
                    break
                landlord_plays_left -= 1
            card = rng.choice(hands[seat])
            hands[seat].remove(card)
            lines.append(f"play {seat} {card}")
    lines.append(f"out {out}")
    if spring:
        lines.append("spring")
    if antispring:
        lines.append("antispring")
    return lines, Facts(False, landlord, base, robs, shown, bombs, rocket, spring, antispring, landlord_wins)


def test_engine_agrees_with_simple_scorer() -> None:
    rng = random.Random(20261201)
    compared = 0
    settled = 0
    features = {"bombs": 0, "rocket": 0, "spring": 0, "antispring": 0, "shown": 0, "robs": 0, "redeal": 0,
                "capped": 0, "forced": 0}
    house = from_text('base = "doudizhu-rob"\n[multipliers]\ncap = 4\n', "rob-cap4.toml")  # robs hit the cap
    for rules in (load("doudizhu-classic"), load("doudizhu-rob"), load("doudizhu-capped"), house):
        name = rules.name
        for match in range(12):
            lines = [f"match id=X{match} game=doudizhu", "seat 1 A", "seat 2 B", "seat 3 C"]
            facts: list[Facts] = []
            forced_seen = []
            for _ in range(9):
                deal, f = gen_deal(rng, rules.style, rules.no_bid == "last_forced")
                lines += deal
                facts.append(f)
                forced_seen.append(not f.redeal and "bid" in deal[1] and all(
                    ln.endswith("pass") for ln in deal if ln.startswith("bid")))
            reading = parse("\n".join(lines) + "\n")
            assert reading.errors == []
            result = replay(reading.events, rules)
            assert result.errors == (), (name, match, result.errors[:3])
            totals = {1: 0, 2: 0, 3: 0}
            for f, d, forced in zip(facts, result.deals, forced_seen, strict=True):
                expected = simple_score(f, rules.cap)
                assert d.payments == expected, (name, match, d.deal, f)
                for s in totals:
                    totals[s] += expected[s]
                assert d.totals == totals
                compared += 1
                settled += d.settled
                features["bombs"] += f.bombs > 0
                features["rocket"] += f.rocket
                features["spring"] += f.spring
                features["antispring"] += f.antispring
                features["shown"] += f.shown
                features["robs"] += f.robs > 0
                features["redeal"] += f.redeal
                features["capped"] += bool(rules.cap and d.uncapped > rules.cap)
                features["forced"] += forced
    assert compared == 4 * 12 * 9 and settled >= 200
    # every rule was exercised, or the agreement proves little
    assert all(n > 0 for n in features.values()), str(features)
