"""A second, deliberately simple 打滚 scorer written here from docs/hubei-dagun-rules.md (it imports nothing of
the engine's scoring), agreeing with the engine deal by deal on a seeded corpus of generated matches: each
rendered to record text and read back through the real reader, rule sets through the real loader."""

from __future__ import annotations

import random
from collections import Counter

from referee.core import rulesfile
from referee.games.hubei_dagun.engine import replay
from referee.games.hubei_dagun.notation import parse, write
from referee.games.hubei_dagun.ruleset import SCHEMA, typed

SEATS = "ESWN"
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
MATCHES, DEALS = 30, 8  # 240 deals


# --- the simple scorer: docs §5-§7 read literally -------------------------------------------------------------

def simple_score(deal: dict, r: dict) -> tuple[dict, str]:
    """(coins by seat, result) of one generated deal under rule values *r* (full keys)."""
    first, second, third, last = deal["places"]
    stake = r["coins.stake"]
    coins = {s: 0 for s in SEATS}
    if deal["alone"]:
        lone = deal["alone"]
        if first == lone:  # §5.7: only 一游 decides
            kind, fan = "alone_win", r["fan.alone_win"]
            coins[lone] += 3 * stake * fan  # §7.3: each of three pays
            for s in SEATS:
                if s != lone:
                    coins[s] -= stake * fan
        else:
            kind, fan = "alone_loss", r["fan.alone_loss"]
            coins[lone] -= 3 * stake * fan
            for s in SEATS:
                if s != lone:
                    coins[s] += stake * fan
    else:
        team = {deal["dealer"], deal["partner"]}
        other = set(SEATS) - team
        won = deal["won"]
        if (first in team) == (second in team):  # §5.4 绑
            winners = team if first in team else other
            losers = other if first in team else team
            kind = "guangtou" if sum(won[s] for s in losers) == 0 else "bang"  # §5.6
        else:
            final = dict(won)
            final[first] = final[first] + won[last]  # §5.2
            final[last] = 0
            final[third] = final[third] + deal["hand"]
            a = sum(final[s] for s in team)
            b = sum(final[s] for s in other)
            assert a + b == 200
            if a == 200 or b == 200:
                kind = "qing"
                winners = team if a == 200 else other
            elif a == b:
                kind = "plain"
                if r["scoring.tie"] == "last_loses":
                    winners = other if last in team else team
                else:
                    winners = team if first in team else other
            else:
                kind = "plain"
                winners = team if a > b else other
            losers = set(SEATS) - winners
        fan = r["fan." + kind]
        for s in winners:
            coins[s] += stake * fan
        for s in losers:
            coins[s] -= stake * fan
    for seat, hand in deal["declares"]:  # §6: each of the other three pays, whatever the result
        each = {"sky": r["rewards.sky_each"], "xi8": r["rewards.xi8_each"], "xi7": r["rewards.xi7_each"]}[hand[0]]
        for s in SEATS:
            coins[s] += 3 * each * stake if s == seat else -each * stake
    return coins, kind


# --- the generator ------------------------------------------------------------------------------------------

def random_points(rng: random.Random) -> tuple[dict, int]:
    """200 points in fives over the four players and the hand, often with some players on nothing."""
    slots = list(SEATS) + ["hand"]
    live = [s for s in slots if rng.random() > 0.3] or ["hand"]
    units = Counter(rng.choice(live) for _ in range(40))
    if rng.random() < 0.15:  # an even split somewhere: 100:100 happens
        units = Counter({"E": 10, "S": 10, "W": 10, "N": 10})
    return {s: 5 * units[s] for s in SEATS}, 5 * units["hand"]


def random_deal(rng: random.Random, dealer: str) -> dict:
    deal: dict = {"dealer": dealer, "alone": None, "partner": None, "card": None, "claim": rng.random() < 0.3}
    if rng.random() < 0.2:
        deal["alone"] = rng.choice(SEATS)
    else:
        deal["partner"] = rng.choice([s for s in SEATS if s != dealer])
        deal["card"] = rng.choice(["BJ", "SJ"] if rng.random() < 0.1 else [rng.choice("SHCD") + rng.choice(RANKS)])
    deal["places"] = rng.sample(SEATS, 4)
    if deal["alone"] and rng.random() < 0.4:  # the lone player out first: 硬牌 won
        deal["places"].remove(deal["alone"])
        deal["places"].insert(0, deal["alone"])
    deal["won"], deal["hand"] = random_points(rng)
    if deal["partner"] and rng.random() < 0.3:  # the side without 一游 takes nothing (光头 when it is 绑)
        team = {dealer, deal["partner"]}
        for s in SEATS:
            if (s in team) != (deal["places"][0] in team):
                deal["hand"] += deal["won"][s]
                deal["won"][s] = 0
    declares = []
    called_rank = deal["card"][1:] if deal["card"] and deal["card"] not in ("BJ", "SJ") else None
    if rng.random() < 0.2 and deal["card"] not in ("BJ", "SJ"):
        declares.append((rng.choice(SEATS), ("sky",)))
    for rank in rng.sample([r for r in RANKS if r != called_rank], rng.choice([0, 0, 1, 2])):
        declares.append((rng.choice(SEATS), (rng.choice(["xi8", "xi7"]), rank)))
    deal["declares"] = declares
    return deal


def random_rules(rng: random.Random) -> tuple[str, dict]:
    """A rule file's text on the base and the values it means (every key, by its full name)."""
    values = {"coins.stake": rng.choice([1, 1, 2, 5, 10]), "fan.plain": rng.randint(1, 3),
              "fan.bang": rng.randint(1, 6), "fan.qing": rng.randint(1, 6), "fan.guangtou": rng.randint(2, 10),
              "fan.alone_win": rng.randint(1, 5),
              "fan.alone_loss": rng.randint(1, 5), "scoring.tie": rng.choice(["last_loses", "first_wins"]),
              "rewards.sky_each": rng.randint(0, 3), "rewards.xi8_each": rng.randint(0, 4),
              "rewards.xi7_each": rng.randint(0, 3)}
    sections: dict[str, list[str]] = {}
    for full, v in values.items():
        section, key = full.split(".")
        sections.setdefault(section, []).append(f'{key} = "{v}"' if isinstance(v, str) else f"{key} = {v}")
    text = 'base = "hubei-dagun"\n' + "".join(f"[{s}]\n" + "\n".join(lines) + "\n" for s, lines in sections.items())
    return text, values


def render(match: int, deals: list[dict], rng: random.Random) -> str:
    lines = [f"match id=X{match} game=hubei-dagun", "seat E a", "seat S b", "seat W c", "seat N d"]
    for n, d in enumerate(deals, 1):
        lines.append(f"deal {n} dealer={d['dealer']}")
        lines.append(f"alone {d['alone']}" if d["alone"] else f"call {d['card']} partner={d['partner']}")
        lines.append("places " + " ".join(d["places"]))
        if not d["alone"] or rng.random() < 0.5:  # 硬牌 needs no points; sometimes they are given anyway
            lines.append("points " + " ".join(f"{s}={d['won'][s]}" for s in SEATS) + f" hand={d['hand']}")
        for seat, hand in d["declares"]:
            lines.append(f"declare {seat} {' '.join(hand)}")
        if d["claim"] and not d["alone"]:
            lines.append(f"claim {d['expected_kind']}")
    return "\n".join(lines) + "\n"


def test_the_engine_agrees_with_a_simple_scorer_on_a_corpus():
    rng = random.Random(20261201)
    kinds: Counter[str] = Counter()
    rewards = ties = checked = 0
    for m in range(MATCHES):
        text, values = random_rules(rng)
        rules = typed(rulesfile.from_text(SCHEMA, text, f"corpus{m}.toml"))
        deals, dealer = [], rng.choice(SEATS)
        for _ in range(DEALS):
            d = random_deal(rng, dealer)
            d["expected"], d["expected_kind"] = simple_score(d, values)
            deals.append(d)
            dealer = d["places"][0]  # §4.1: the previous 一游 deals
        record_text = render(m, deals, rng)
        record = parse(record_text)
        assert record.errors == [], [str(e) for e in record.errors]
        result = replay(record.events, rules)
        assert result.errors == (), (record_text, [str(e) for e in result.errors])
        assert len(result.deals) == DEALS
        totals = {s: 0 for s in SEATS}
        for d, got in zip(deals, result.deals, strict=True):
            assert dict(zip(SEATS, got.coins, strict=True)) == d["expected"], (record_text, got.number)
            assert got.kind == d["expected_kind"]
            for s in SEATS:
                totals[s] += d["expected"][s]
            kinds[d["expected_kind"]] += 1
            ties += got.kind == "plain" and got.side_points == (100, 100)
            rewards += len(d["declares"])
            checked += 1
        assert dict(zip(SEATS, result.totals, strict=True)) == totals
        assert write(parse(write(record.events)).events) == write(record.events)
    assert checked >= 200
    # the corpus reaches every result, 100:100 and the rewards, so a wrong rule cannot hide in it
    assert all(kinds[k] >= 5 for k in ("plain", "bang", "qing", "guangtou", "alone_win", "alone_loss")), kinds
    assert rewards >= 50 and ties >= 5, (rewards, ties)
