"""Jinhua mahjong under a club's own numbers (a rule file on the seed's set, docs/jinhua-mahjong-rules.md §5-§9):
each number is read from its own key, so a club that changes it is paid by it. Every figure is worked out by hand
from the club's numbers (the working beside it); the steps' texts from the catalogue's wording."""

from __future__ import annotations

from pathlib import Path

from referee.games.jinhua_mahjong.engine import MatchResult, replay
from referee.games.jinhua_mahjong.notation import parse
from referee.games.jinhua_mahjong.ruleset import load

HEAD = "match id=T game=jinhua-mahjong\n"


def club(tmp_path: Path, text: str) -> str:
    """A club's file of *text* on the seed's set, under a name of its own (a rule file is read once per process,
    by its path)."""
    path = tmp_path / f"club{len(list(tmp_path.iterdir()))}.toml"
    path.write_text('base = "jinhua-mahjong"\n' + text, encoding="utf-8")
    return str(path)


def run(body: str, rules: str) -> MatchResult:
    record = parse(HEAD + body)
    assert record.errors == []
    return replay(record.events, load(rules))


def english(result: MatchResult, deal: int = 1) -> list[str]:
    return [s.text("en") for s in result.deals[deal - 1].steps]


def test_each_payment_by_its_own_key(tmp_path: Path) -> None:
    # X = 5, the discarder pays 3·X·F, the other two 2·X·F, a self-draw 4·X·F from each (§5.1, §5.2)
    rules = club(tmp_path, "[scoring]\nbase = 5\ndiscarder_pays = 3\nothers_pay = 2\nself_draw_pays = 4\n")
    # W on S's discard, 平胡 F = 1: E 2·5 = 10, S 3·5 = 15, N 10; W +35
    r = run("deal\nwin W S\n", rules)
    assert r.deals[0].payments == {"E": -10, "S": -15, "W": 35, "N": -10}
    assert english(r)[2:] == [
        "E owes 2 × stake 5 × 1 = 10 (§5.1, scoring.others_pay)",
        "S owes 3 × stake 5 × 1 = 15 (§5.1, scoring.discarder_pays)",
        "N owes 2 × stake 5 × 1 = 10 (§5.1, scoring.others_pay)",
        "W +35; E -10, S -15, N -10",
    ]
    # N self-draws 碰碰胡 F = 2: each 4·5·2 = 40; N +120
    r = run("deal\nwin N self\npatterns 碰碰胡\n", rules)
    assert r.deals[0].payments == {"E": -40, "S": -40, "W": -40, "N": 120}
    assert english(r)[2] == "E owes 4 × stake 5 × 2 = 40 (§5.2, scoring.self_draw_pays)"


def test_each_factor_by_its_own_key(tmp_path: Path) -> None:
    # §6.3: a club counting 全求人 self-drawn as ×3 and on a discard as ×5; 混一色 ×7 (§6.15)
    rules = club(tmp_path, "[factors]\nquanqiuren_self_draw = 3\nquanqiuren = 5\nhunyise = 7\n")
    # self-drawn: F = 3 × 7 = 21; each pays 2·21 = 42; E +126
    r = run("deal\nwin E self\npatterns 全求人 混一色\n", rules)
    assert r.deals[0].payments == {"E": 126, "S": -42, "W": -42, "N": -42}
    assert english(r)[1:4] == ["全求人 self-drawn counts as 平胡: ×3 (§6.3, factors.quanqiuren_self_draw)",
                               "混一色 ×7 (§6.15, factors.hunyise)", "the factors multiply: 3 × 7 = 21 (§5.3)"]
    # on S's discard: F = 5 × 7 = 35: S 2·35 = 70, W and N 35; E +140
    r = run("deal\nwin E S\npatterns 全求人 混一色\n", rules)
    assert r.deals[0].payments == {"E": 140, "S": -70, "W": -35, "N": -35}


def test_a_cap_of_four(tmp_path: Path) -> None:
    # §5.4 with scoring.cap = 4: 清七对 ×4 alone is paid at 4, not capped; with 海底捞月 ×2, F = 8 is paid at 4
    rules = club(tmp_path, "[scoring]\ncap = 4\n")
    r = run("deal\nwin S self\npatterns 清七对\ndeal\nwin S self\npatterns 清七对 海底捞月\n", rules)
    assert [(d.factor, d.paid_factor) for d in r.deals] == [(4, 4), (8, 4)]
    assert not any(s.startswith("capped") for s in english(r, 1))
    assert "capped: paid at factor 4, not 8 (§5.4, scoring.cap = 4)" in english(r, 2)
    # each deal: every other seat pays 2·4 = 8 (§5.2), S +24
    assert r.totals == {"E": -16, "S": 48, "W": -16, "N": -16}


def test_the_dealer_passes_every_deal_when_the_club_says_so(tmp_path: Path) -> None:
    # §9 with deal.dealer_keeps = false: the deal passes to the next seat after every deal, won or not
    body = "deal\nwin E self\ndeal\nnowin\ndeal\nwin N E\ndeal\nnowin\ndeal\nwin N self\n"
    r = run(body, club(tmp_path, "[deal]\ndealer_keeps = false\n"))
    assert [d.dealer for d in r.deals] == ["E", "S", "W", "N", "E"]
    # the seed's rule on the same record: E keeps it after winning and after nobody won; N (not the dealer E)
    # wins: S deals; nobody wins: S keeps it
    r = run(body, "jinhua-mahjong")
    assert [d.dealer for d in r.deals] == ["E", "E", "E", "S", "S"]
    # a 'deal SEAT' line names the dealer outright, and the rotation goes on from it: W deals, N wins → N
    r = run("deal W\nwin N S\ndeal\nnowin\n", "jinhua-mahjong")
    assert [d.dealer for d in r.deals] == ["W", "N"]


def test_liability_after_two_feeds(tmp_path: Path) -> None:
    # §7.1 with chengbao.feeds = 2: N claimed two of W's discards and wins on E's: W is liable (§7.2), pays
    # E's 2 and S's 1 with its own 1: W -4, N +4
    rules = club(tmp_path, "[chengbao]\nfeeds = 2\n")
    r = run("deal\npong N W\npong N W\nwin N E\nliable W\n", rules)
    assert r.errors == () and r.deals[0].payments == {"E": 0, "S": 0, "W": -4, "N": 4}
    assert english(r)[2] == "N claimed 2 of W's discards: W is liable (承包) (§7.2, chengbao.feeds = 2)"
    # one claim is not enough
    r = run("deal\npong N W\nwin N E\nliable W\n", rules)
    assert [e.message for e in r.errors] == [
        "liable: W is liable (承包) only after 2 claims between them and the winner N; "
        "the record has 1 by N of W and 0 the other way (§7.1)"]


def test_a_club_without_liability_of_the_feeder(tmp_path: Path) -> None:
    # chengbao.feeder_pays_all = false (§7.2 not used): N's three claims of W's discards make nobody liable; the
    # payments are §5.1's (E 2, S 1, W 1; N +4), and a 'liable W' is refused; the claimer's liability (§7.3) stays
    rules = club(tmp_path, "[chengbao]\nfeeder_pays_all = false\n")
    r = run("deal\nchi N W\npong N W\nkong N W\nwin N E\n", rules)
    assert r.deals[0].liable == () and r.deals[0].payments == {"E": -2, "S": -1, "W": -1, "N": 4}
    r = run("deal\nchi N W\npong N W\nkong N W\nwin N E\nliable W\n", rules)
    assert [e.message for e in r.errors] == [
        "liable: W is liable (承包) only after 3 claims between them and the winner N; "
        "the record has 3 by N of W and 0 the other way (§7.1)"]
    # W claimed three of N's and N self-draws: W liable as claimer, 2 + 2 + 2 = 6 doubled = 12
    r = run("deal\npong W N\npong W N\npong W N\nwin N self\nliable W\n", rules)
    assert r.errors == () and r.deals[0].payments == {"E": 0, "S": 0, "W": -12, "N": 12}


def test_a_club_without_liability_of_the_claimer(tmp_path: Path) -> None:
    # chengbao.claimer_pays_all = false (§7.3 not used): W's three claims of N's discards make nobody liable when
    # N wins: each pays 2 (§5.2), N +6; the feeder's liability (§7.2) stays
    rules = club(tmp_path, "[chengbao]\nclaimer_pays_all = false\n")
    r = run("deal\npong W N\npong W N\npong W N\nwin N self\n", rules)
    assert r.deals[0].liable == () and r.deals[0].payments == {"E": -2, "S": -2, "W": -2, "N": 6}
    r = run("deal\npong N W\npong N W\npong N W\nwin N self\n", rules)
    assert r.deals[0].liable == (("W", "feeder"),) and r.deals[0].payments == {"E": 0, "S": 0, "W": -6, "N": 6}


def test_the_claimers_factor(tmp_path: Path) -> None:
    # §7.3 with chengbao.claimer_factor = 1: the claimer pays for all, not doubled, and no step says it doubles
    body = "deal\npong W N\npong W N\npong W N\nwin N self\n"
    r = run(body, club(tmp_path, "[chengbao]\nclaimer_factor = 1\n"))
    assert r.deals[0].payments == {"E": 0, "S": 0, "W": -6, "N": 6}
    assert english(r)[-3:] == ["W pays E's 2 (承包, §7.4)", "W pays S's 2 (承包, §7.4)", "N +6; E 0, S 0, W -6"]
    # claimer_factor = 3: (2 + 2 + 2) × 3 = 18
    tripled = club(tmp_path, "[chengbao]\nclaimer_factor = 3\n")
    r = run(body, tripled)
    assert r.deals[0].payments == {"E": 0, "S": 0, "W": -18, "N": 18}
    assert english(r)[-2] == "W pays 6 × 3 = 18 (承包 by the claimer doubles, §7.3, chengbao.claimer_factor)"
    # the feeder's liability is never multiplied: N claimed three of W's, N self-draws: W pays 6
    r = run("deal\npong N W\npong N W\npong N W\nwin N self\n", tripled)
    assert r.deals[0].payments == {"E": 0, "S": 0, "W": -6, "N": 6}


def test_liability_after_one_feed(tmp_path: Path) -> None:
    # §7.1 with chengbao.feeds = 1 (the least a club may set): one 碰 of W's discard makes W liable when N wins on
    # E's discard; W pays E's 2, S's 1 and its own 1 (§7.4): W -4, N +4. Without a claim nobody is liable (§5.1)
    rules = club(tmp_path, "[chengbao]\nfeeds = 1\n")
    r = run("deal\npong N W\nwin N E\ndeal\nwin N E\n", rules)
    assert [d.liable for d in r.deals] == [(("W", "feeder"),), ()]
    assert [d.payments for d in r.deals] == [{"E": 0, "S": 0, "W": -4, "N": 4}, {"E": -2, "S": -1, "W": -1, "N": 4}]
