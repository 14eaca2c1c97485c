"""A corpus of generated Jinhua mahjong deals scored twice: by the engine (through the real reader) and by a
deliberately simple scorer written here from docs/jinhua-mahjong-rules.md alone (it imports nothing of the
engine). A seeded generator draws compatible patterns (§8), wins, claims and dealers, renders each match to
record text in mixed English/Chinese notation, and both must agree on every payment of every deal.
"""

from __future__ import annotations

import random
from pathlib import Path

from referee.games.jinhua_mahjong.engine import replay
from referee.games.jinhua_mahjong.notation import parse
from referee.games.jinhua_mahjong.ruleset import load

SEATS = ["E", "S", "W", "N"]
ZH_SEAT = {"E": "东", "S": "南", "W": "西", "N": "北"}
# §6's table: the seed's factors (杠爆 4 the documented choice)
FACTOR = {"pinghu": 1, "pengpeng": 2, "quanqiuren": 2, "qing_qidui": 4, "qidui": 2, "qidui_baotou": 8,
          "shisan_bukao": 1, "qifeng": 2, "qingyise": 2, "qingyise_clean": 4, "luanfeng": 8, "caishen_tou": 4,
          "sancai_yike": 8, "baotou": 2, "gangbao": 4, "gangkai": 2, "hunyise": 2, "tianhu": 2, "dihu": 2,
          "haidi": 2}
ZH = {"pinghu": "平胡", "pengpeng": "碰碰胡", "quanqiuren": "全求人", "qing_qidui": "清七对", "qidui": "七对子",
      "qidui_baotou": "七对子爆头", "shisan_bukao": "十三不靠", "qifeng": "七风", "qingyise": "清一色",
      "qingyise_clean": "清一色无财神", "luanfeng": "乱风", "caishen_tou": "财神头", "sancai_yike": "三财一刻",
      "baotou": "爆头", "gangbao": "杠爆", "gangkai": "杠上开花", "hunyise": "混一色", "tianhu": "天胡",
      "dihu": "地胡", "haidi": "海底捞月"}
SELF_ONLY = {"tianhu", "haidi", "gangkai", "gangbao"}  # §6.14, §6.16-§6.18


def after(seat: str, n: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + n) % 4]


# Its own stream, so that drawing 乱风's kong leaves the corpus the main stream draws as it was.
KONGS = random.Random(20261207)


def draw_patterns(rng: random.Random) -> list[str]:
    """A set of patterns that §8 allows together."""
    shape = rng.choice(["sets", "sets", "sets", "pairs", "bukao", "honours"])
    ps: list[str] = []
    last = rng.choice([None, None, "tianhu", "dihu", "haidi"])
    if shape == "sets":
        if rng.random() < 0.3:
            ps.append("pengpeng")
        if rng.random() < 0.2:
            ps.append("quanqiuren")
        wild = rng.choice([None, None, "caishen_tou", "sancai_yike", "baotou", "gangbao"])
        if wild and not ("quanqiuren" in ps and wild != "sancai_yike"):
            ps.append(wild)
        else:
            wild = None
        suit = rng.choice([None, None, "qingyise", "qingyise_clean", "hunyise"])
        if suit and not (suit == "qingyise_clean" and wild):
            ps.append(suit)
        last = rng.choice([None, None, "tianhu", "dihu", "haidi", "gangkai"])
        if last in ("tianhu", "dihu") and ("pengpeng" in ps or "quanqiuren" in ps):
            last = None
        if wild == "gangbao" and last is not None:
            last = None
    elif shape == "pairs":
        seven = rng.choice(["qing_qidui", "qidui", "qidui_baotou"])
        ps.append(seven)
        suit = rng.choice([None, "qingyise", "qingyise_clean", "hunyise"])
        if suit and not (suit == "qingyise" and seven == "qing_qidui") and not (
                suit == "qingyise_clean" and seven == "qidui_baotou"):
            ps.append(suit)
    else:
        ps.append(rng.choice(["shisan_bukao", "qifeng"]) if shape == "bukao" else "luanfeng")
        if shape == "honours" and last is None and KONGS.random() < 0.3:
            last = "gangkai"  # 乱风 may hold a kong and win on its replacement (§4.4, §8.1)
    if last:
        ps.append(last)
    rng.shuffle(ps)
    return ps


def draw_deal(rng: random.Random, dealer: str) -> dict[str, object]:
    claims: list[tuple[str, str, str]] = []
    for _ in range(rng.choice([0, 1, 2, 3, 4, 6, 8])):
        claimer = rng.choice(SEATS)
        kind = rng.choice(["chi", "pong", "kong"])
        feeder = after(claimer, -1) if kind == "chi" else rng.choice([s for s in SEATS if s != claimer])
        claims.append((kind, claimer, feeder))
    if rng.random() < 0.15:  # a run of three claims between one pair of players: 承包 (§7.1)
        claimer = rng.choice(SEATS)
        feeder = rng.choice([s for s in SEATS if s != claimer])
        claims += [("pong", claimer, feeder)] * 3
    if rng.random() < 0.1:
        return {"dealer": dealer, "claims": claims, "winner": None}
    ps = draw_patterns(rng)
    winner = rng.choice(SEATS)
    discarder: str | None = rng.choice([None, *[s for s in SEATS if s != winner]])
    if "tianhu" in ps:
        winner, discarder = dealer, None
    elif "dihu" in ps:
        winner = rng.choice([s for s in SEATS if s != dealer])
        discarder = dealer
    elif SELF_ONLY & set(ps):
        discarder = None
    return {"dealer": dealer, "claims": claims, "winner": winner, "discarder": discarder, "patterns": ps}


def simple_score(deal: dict[str, object], cap: int, base: int) -> dict[str, int]:
    """Docs §5-§7, written plainly: factor product (全求人 self-drawn ×1), cap, shares, 承包."""
    winner = deal["winner"]
    if winner is None:
        return dict.fromkeys(SEATS, 0)
    assert isinstance(winner, str)
    discarder = deal["discarder"]
    patterns = deal["patterns"] or ["pinghu"]
    assert isinstance(patterns, list)
    factor = 1
    for p in patterns:
        factor *= 1 if (p == "quanqiuren" and discarder is None) else FACTOR[p]
    if cap:
        factor = min(factor, cap)
    share = {}
    for s in SEATS:
        if s != winner:
            share[s] = base * factor * (2 if discarder is None or s == discarder else 1)
    claims = deal["claims"]
    assert isinstance(claims, list)

    def count(claimer: str, feeder: str) -> int:
        return sum(1 for _, c, f in claims if c == claimer and f == feeder)

    as_feeder = {s for s in share if count(winner, s) >= 3}
    as_claimer = {s for s in share if count(s, winner) >= 3}
    liable = as_feeder | as_claimer
    pay = dict(share)
    if liable:
        for s in share:
            if s in liable:
                continue
            k = 1
            while after(s, k) not in liable:  # the first liable player after s, going round the table
                k += 1
            pay[after(s, k)] += pay[s]
            pay[s] = 0
        for s in as_claimer:
            pay[s] *= 2
    out = {s: -pay.get(s, 0) for s in SEATS}
    out[winner] = sum(pay.values())
    return out


def render(rng: random.Random, match: int, deals: list[dict[str, object]], rules: str) -> str:
    zh = rng.random() < 0.5
    lines = [f"{'比赛' if zh else 'match'} id=X{match} game=jinhua-mahjong rules={rules}"]

    def seat(s: str) -> str:
        return ZH_SEAT[s] if rng.random() < 0.5 else s

    for d in deals:
        lines.append(f"{'局' if zh else 'deal'} {seat(str(d['dealer']))}" if d.get("named") else
                     ("局" if zh else "deal"))
        for kind, c, f in d["claims"]:  # type: ignore[attr-defined]
            word = {"chi": "吃", "pong": "碰", "kong": "杠"}[kind] if zh else kind
            lines.append(f"{word} {seat(c)} {'from ' if rng.random() < 0.3 else ''}{seat(f)}")
        if d["winner"] is None:
            lines.append("流局" if zh else "nowin")
            continue
        how = ("自摸" if zh else "self") if d["discarder"] is None else seat(str(d["discarder"]))
        lines.append(f"{'胡' if zh else 'win'} {seat(str(d['winner']))} {how}")
        ps = d["patterns"]
        assert isinstance(ps, list)
        if ps:
            lines.append("patterns " + " ".join(ZH[p] if rng.random() < 0.5 else p for p in ps))
        elif rng.random() < 0.5:
            lines.append("番型 平胡")
    return "\n".join(lines) + "\n"


def test_engine_agrees_with_a_simple_scorer_on_generated_deals(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text('base = "jinhua-mahjong"\n[scoring]\nbase = 3\n', encoding="utf-8")
    sets = {"jinhua-mahjong": (0, 1), "jinhua-capped": (8, 1), str(club): (0, 3)}  # cap, X (§5, §5.4)
    rng = random.Random(20261201)
    KONGS.seed(20261207)
    compared = won = liable = doubled = capped = kongs = 0
    for match in range(40):
        rules = rng.choice(list(sets))
        cap, base = sets[rules]
        deals: list[dict[str, object]] = []
        dealer = "E"
        for _ in range(8):
            named = rng.random() < 0.3
            if named:
                dealer = rng.choice(SEATS)
            d = draw_deal(rng, dealer)
            d["named"] = named
            deals.append(d)
            # §9: the dealer keeps the deal after winning or no winner, else the next seat deals
            if d["winner"] is not None and d["winner"] != dealer:
                dealer = after(dealer)
        text = render(rng, match, deals, rules)
        record = parse(text)
        assert record.errors == [], text
        result = replay(record.events, load(rules))
        assert result.errors == (), (text, [e.message for e in result.errors])
        totals = dict.fromkeys(SEATS, 0)
        for d, got in zip(deals, result.deals, strict=True):
            want = simple_score(d, cap, base)
            assert got.payments == want, (text, d)
            assert got.dealer == d["dealer"], text
            for s in SEATS:
                totals[s] += want[s]
            compared += 1
            won += d["winner"] is not None
            liable += bool(got.liable)
            doubled += any(how == "claimer" for _, how in got.liable)
            capped += got.factor != got.paid_factor
            kongs += "luanfeng" in ps and "gangkai" in ps if isinstance(ps := d.get("patterns"), list) else 0
        assert result.totals == totals
    # the corpus is large and covers what it should: every line of the scorer ran on many deals
    assert compared == 320 and won >= 250 and liable >= 30 and doubled >= 10 and capped >= 5 and kongs >= 2, (
        compared, won, liable, doubled, capped, kongs)
