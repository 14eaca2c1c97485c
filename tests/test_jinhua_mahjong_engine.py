"""The Jinhua mahjong engine: each rule with numbers worked out by hand from docs/jinhua-mahjong-rules.md
(the section cited beside each), every error with its line and its message in English and Chinese."""

from __future__ import annotations

from pathlib import Path

from referee.games.jinhua_mahjong.engine import MatchResult, replay
from referee.games.jinhua_mahjong.notation import parse
from referee.games.jinhua_mahjong.ruleset import load

HEAD = "match id=T game=jinhua-mahjong\n"


def run(body: str, rules: str = "jinhua-mahjong") -> MatchResult:
    record = parse(HEAD + body)
    assert record.errors == []
    return replay(record.events, load(rules))


def pays(result: MatchResult, deal: int = 1) -> dict[str, int]:
    return result.deals[deal - 1].payments


def messages(result: MatchResult) -> list[tuple[int, str, str]]:
    return [(e.line, e.message, e.message_zh) for e in result.errors]


def test_discard_win_plain() -> None:
    # §5.1: 平胡 F = 1, X = 1: the discarder S pays 2·1·1 = 2, E and N 1 each; W receives 4
    r = run("deal\nwin W S\n")
    assert pays(r) == {"E": -1, "S": -2, "W": 4, "N": -1}
    assert r.errors == () and r.totals == {"E": -1, "S": -2, "W": 4, "N": -1}


def test_self_draw_plain() -> None:
    # §5.2: 自摸 平胡: each of the three pays 2·1·1 = 2; the winner receives 6
    assert pays(run("deal\nwin N self\n")) == {"E": -2, "S": -2, "W": -2, "N": 6}


def test_factors_multiply() -> None:
    # §5.3: 碰碰胡 ×2 and 清一色 (with 财神) ×2 → F = 4; S discards: S 2·4 = 8, E and N 4 each, W +16
    assert pays(run("deal\nwin W S\npatterns 碰碰胡 清一色\n")) == {"E": -4, "S": -8, "W": 16, "N": -4}
    # the seed's own example (§5.3, §6.18): 海底捞月 ×2 with 清七对 ×4 is ×8; self-drawn: each pays 2·8 = 16
    assert pays(run("deal\nwin E self\npatterns haidi qing_qidui\n")) == {"E": 48, "S": -16, "W": -16, "N": -16}


def test_each_pattern_factor_is_the_seeds() -> None:
    # §6 table: self-drawn alone (where the pattern allows it), each pays 2·F → the winner +6·F
    for name, factor in [("七对子", 2), ("七对子爆头", 8), ("清七对", 4), ("十三不靠", 1), ("七风", 2), ("清一色", 2),
                         ("清一色无财神", 4), ("乱风", 8), ("财神头", 4), ("三财一刻", 8), ("爆头", 2), ("杠上开花", 2),
                         ("混一色", 2), ("海底捞月", 2), ("碰碰胡", 2), ("杠爆", 4)]:
        r = run(f"deal\nwin S self\npatterns {name}\n")
        assert pays(r)["S"] == 6 * factor, name
    # 天胡 is the dealer's (E deals the first deal): ×2 → +12; 地胡 on the dealer's discard ×2: E pays 4, +8
    assert pays(run("deal\nwin E self\npatterns 天胡\n"))["E"] == 12
    assert pays(run("deal\nwin S E\npatterns 地胡\n")) == {"E": -4, "S": 8, "W": -2, "N": -2}


def test_quanqiuren_self_drawn_counts_as_pinghu() -> None:
    # §6.3: 全求人 ×2 on a discard: S pays 4, E and N 2, W +8; self-drawn "只算平胡": ×1, each pays 2
    assert pays(run("deal\nwin W S\npatterns 全求人\n")) == {"E": -2, "S": -4, "W": 8, "N": -2}
    r = run("deal\nwin W self\npatterns 全求人\n")
    assert pays(r) == {"E": -2, "S": -2, "W": 6, "N": -2}
    assert any("factors.quanqiuren_self_draw" in s.text("en") for s in r.deals[0].steps)


def test_cap_in_the_house_variant() -> None:
    # §5.4: 七对子爆头 ×8 × 海底捞月 ×2 = 16; self-drawn, seed's set: each pays 2·16 = 32 (+96);
    # jinhua-capped caps at 8: each pays 2·8 = 16 (+48)
    body = "deal\nwin N self\npatterns 七对子爆头 海底捞月\n"
    assert pays(run(body))["N"] == 96
    capped = run(body, "jinhua-capped")
    assert pays(capped) == {"E": -16, "S": -16, "W": -16, "N": 48}
    d = capped.deals[0]
    assert (d.factor, d.paid_factor) == (16, 8)
    assert any("scoring.cap" in s.text("en") for s in d.steps)


def test_stake_from_a_club_file(tmp_path: Path) -> None:
    # §5: X = 5 in a club's file based on the seed's set: 放铳 平胡: S 2·5 = 10, E and N 5, W +20
    club = tmp_path / "club.toml"
    club.write_text('base = "jinhua-mahjong"\n[scoring]\nbase = 5\n', encoding="utf-8")
    assert pays(run("deal\nwin W S\n", str(club))) == {"E": -5, "S": -10, "W": 20, "N": -5}


def test_liable_feeder_pays_for_all() -> None:
    # §7.1-§7.2, §7.4: N claimed three of W's discards (吃 from its 上家 W, 碰, 杠); N wins on E's discard, 平胡:
    # shares E 2, S 1, W 1; W is liable and pays them all: W -4, E 0, S 0, N +4
    r = run("deal\nchi N W\npong N W\nkong N W\nwin N E\nliable W\n")
    assert pays(r) == {"E": 0, "S": 0, "W": -4, "N": 4}
    assert r.deals[0].liable == (("W", "feeder"),)


def test_liable_claimer_pays_for_all_doubled() -> None:
    # §7.3-§7.4: W claimed three of N's discards; N (the feeder) self-draws 平胡: shares 2 each; W pays its 2 and
    # E's 2 and S's 2 = 6, doubled (chengbao.claimer_factor = 2) = 12; N +12
    r = run("deal\npong W N\npong W N\nkong W N\nwin N self\n")
    assert pays(r) == {"E": 0, "S": 0, "W": -12, "N": 12}
    assert r.deals[0].liable == (("W", "claimer"),)


def test_two_liable_players() -> None:
    # §7.4: E won; E claimed three from S (S liable, feeder) and three from N (N liable, feeder); E self-draws
    # 平胡: shares 2 each; W, not liable, is paid for by the first liable player after W in play order: N.
    # S -2, N -2 - 2 = -4, W 0; E +6
    r = run("deal\npong E S\npong E S\npong E S\npong E N\npong E N\npong E N\nwin E self\n")
    assert pays(r) == {"E": 6, "S": -2, "W": 0, "N": -4}


def test_two_feeds_are_not_liability() -> None:
    # §7.1: two claims only: no 承包; payments as §5.1 (W on S: S 2, E 1, N 1); a 'liable' line is an error
    r = run("deal\npong N W\npong N W\nwin N S\n")
    assert pays(r) == {"E": -1, "S": -2, "W": -1, "N": 4}
    r = run("deal\npong N W\npong N W\nwin N S\nliable W\n")
    assert messages(r) == [(6, "liable: W is liable (承包) only after 3 claims between them and the winner N; "
                            "the record has 2 by N of W and 0 the other way (§7.1)",
                            "liable：西 与胡牌者 北 之间吃碰杠满 3 次才承包；"
                            "记录中 北 吃碰杠 西 2 次，反向 0 次（§7.1）")]
    assert not r.deals[0].settled and pays(r) == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_chi_only_from_the_upper_hand() -> None:
    # §3.1: S's 上家 is E; 吃 from W is an error at its line
    r = run("deal\nchi S W\nwin S self\n")
    assert messages(r) == [(3, "chi: S may 吃 only from the player before them (E), not W (§3.1)",
                            "chi：南 只能吃上家（东）的牌，不能吃 西（§3.1）")]


def test_incompatible_patterns() -> None:
    cases = {
        "清七对 财神头": ("patterns: 清七对 has no 财神, 财神头 needs one (§8.2)",
                    "patterns：清七对 没有财神，财神头 需要财神（§8.2）"),
        "七对子 清七对": ("patterns: 七对子、清七对: 清七对, 七对子 and 七对子爆头 are one hand counted once (§8.1)",
                     "patterns：七对子、清七对：清七对、七对子、七对子爆头只算其一（§8.1）"),
        "平胡 清一色": ("patterns: 平胡 is a hand with no other pattern: leave it out when claiming 清一色 (§6.1)",
                    "patterns：平胡是没有其他番型的胡牌：报 清一色 时不报平胡（§6.1）"),
        "乱风 混一色": ("patterns: 乱风 needs winds and dragons or three suits: it cannot be 混一色 (§8.3)",
                    "patterns：乱风 需要风牌或三种花色，不能是 混一色（§8.3）"),
    }
    for claim, (en, zh) in cases.items():
        r = run(f"deal\nwin E self\npatterns {claim}\n")
        assert (4, en, zh) in messages(r), (claim, messages(r))
        assert not r.deals[0].settled
    r = run("deal\nwin E self\npatterns 七对子 碰碰胡\n")
    assert messages(r) == [(4, "patterns: 七对子 has no sets or kong; 碰碰胡 needs them (§8.1)",
                            "patterns：七对子 没有顺刻或杠；碰碰胡 需要（§8.1）")]


def test_pattern_conditions() -> None:
    r = run("deal\nwin W S\npatterns 杠上开花\n")
    assert messages(r) == [(4, "patterns: 杠上开花 is won by a self-draw (自摸), not on S's discard (§6.16)",
                            "patterns：杠上开花 须自摸，不能胡 南 打出的牌（§6.16）")]
    r = run("deal\nwin W self\npatterns 天胡\n")
    assert messages(r) == [(4, "patterns: 天胡 is the dealer's (E), not W's (§6.17)",
                            "patterns：天胡只属于庄家（东），不属于 西（§6.17）")]
    r = run("deal\nwin W S\npatterns 地胡\n")
    assert messages(r) == [(4, "patterns: 地胡 is won on the dealer's (E) first discard (§6.17)",
                            "patterns：地胡须胡庄家（东）打出的第一张牌（§6.17）")]
    r = run("deal\nwin W W\n")
    assert messages(r) == [(3, "win: W cannot win on their own discard; write 'win W self'",
                            "win：西 不能胡自己打出的牌；自摸请写 'win W self'")]


def test_tiles_are_checked() -> None:
    # §6.2: 碰碰胡 claimed, the tiles are runs: refused; the same tiles as 平胡 pass (four sets and a pair)
    runs = "tiles 1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E\n"
    r = run("deal\ncaishen C\nwin W S\npatterns 碰碰胡\n" + runs)
    assert messages(r) == [(6, "tiles: the tiles do not make 碰碰胡 (§6.2)", "tiles：这手牌不成 碰碰胡（§6.2）")]
    assert run("deal\ncaishen C\nwin W S\n" + runs).errors == ()
    # §2.2: without the deal's 财神 the tiles cannot be judged
    r = run("deal\nwin W S\n" + runs)
    assert messages(r) == [(4, "tiles: the deal's 财神 is needed to judge the tiles: write 'caishen TILE' (§2.2)",
                            "tiles：判断手牌需要本局的财神：请写 'caishen TILE'（§2.2）")]
    # §2.1: five 一万
    r = run("deal\ncaishen C\nwin W S\ntiles 1m 1m 1m 1m 1m 2m 3m 4p 5p 6p 7s 8s 9s E\n")
    assert messages(r) == [(5, "tiles: 5 × 1m, there are only 4 (§2.1, §2.2)",
                            "tiles：5 张 1m，只有 4 张（§2.1，§2.2）")]
    # not a hand at all
    r = run("deal\ncaishen C\nwin W S\ntiles 1m 2m 4m 4p 5p 6p 7s 8s 9s 2s 3s 4s E E\n")
    assert messages(r) == [(5, "tiles: the tiles are not four sets and a pair, 财神 wild (§4.1)",
                            "tiles：这手牌不成四组加一对将（财神百搭）（§4.1）")]
    # §6.9: 清一色 with 财神 claimed, but no 财神 in the tiles
    r = run("deal\ncaishen C\nwin W S\npatterns 清一色\ntiles 1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m 5m 5m\n")
    assert messages(r) == [(6, "tiles: the tiles do not make 清一色 (§6.9)", "tiles：这手牌不成 清一色（§6.9）")]
    assert run("deal\ncaishen C\nwin W S\npatterns 清一色无财神\n"
               "tiles 1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m 5m 5m\n").errors == ()


def test_dealer_rotation() -> None:
    # §9: E deals; W wins → S deals; S (the dealer) wins → S again; nobody wins → S again; N wins → W deals
    r = run("deal\nwin W S\ndeal\nwin S self\ndeal\nnowin\ndeal\nwin N E\ndeal\nnowin\n")
    assert [d.dealer for d in r.deals] == ["E", "S", "S", "S", "W"]


def test_a_bad_deal_pays_nothing_and_the_others_are_settled() -> None:
    r = run("deal\nwin W S\npatterns 天胡\ndeal\nwin W S\n")
    assert [d.settled for d in r.deals] == [False, True]
    assert r.totals == {"E": -1, "S": -2, "W": 4, "N": -1}


def test_unfinished_deals() -> None:
    # the last deal without a result is in play; a middle one is an error at its 'deal' line
    r = run("deal\nwin W S\ndeal\npong N W\n")
    assert r.in_play and r.errors == ()
    r = run("deal\ndeal\nwin W S\n")
    assert messages(r) == [(2, "deal 1 has no result: 'win …' or 'nowin' (the next deal began)",
                            "第 1 局没有结果：缺少 'win …' 或 'nowin'（下一局已开始）")]


def test_directives_in_the_wrong_place() -> None:
    r = run("win W S\ndeal\nwin W S\nwin E self\n")
    assert messages(r) == [(2, "this directive belongs to a deal: write 'deal' before it",
                            "此指令属于一局：请先写 'deal'"),
                           (5, "deal 1: a second 'win' (the first is at line 4)",
                            "第 1 局：第二个 'win'（第一个在第 4 行）")]
    r = run("deal\nnowin\npatterns 七对子\n")
    assert messages(r) == [(4, "deal 1: nobody won, so nothing is claimed or paid",
                            "第 1 局：无人胡牌，不报番、不承包")]


def test_a_claim_after_the_deals_result_is_another_deals() -> None:
    """A claim of a discard is made in the play (§3.1): after the win or nowin it is refused at its line, and not
    counted toward 承包 (§7.1: W's three feeds to N would make W liable)."""
    r = run("deal\nchi N W\npong N W\nwin N E\nkong N W\n")
    assert messages(r) == [(6, "deal 1 is over: its 'win' is recorded; a 'kong' belongs before it (§3.1)",
                            "第 1 局已结束：已记录“win”；“kong”应在其之前（§3.1）")]
    assert r.deals[0].liable == ()
    r = run("deal\nnowin\npong E S\n")
    assert messages(r) == [(4, "deal 1 is over: its 'nowin' is recorded; a 'pong' belongs before it (§3.1)",
                            "第 1 局已结束：已记录“nowin”；“pong”应在其之前（§3.1）")]


def test_explanation_cites_sections_and_keys() -> None:
    r = run("deal\ncaishen 3m\nwin W S\npatterns 碰碰胡 清一色\n")
    steps = [s.text("en") for s in r.deals[0].steps]
    assert steps == [
        "deal 1: dealer E, 财神 3m (白板 stands for it, §2.2)",
        "碰碰胡 ×2 (§6.2, factors.pengpeng)",
        "清一色 ×2 (§6.9, factors.qingyise)",
        "the factors multiply: 2 × 2 = 4 (§5.3)",
        "E owes 1 × stake 1 × 4 = 4 (§5.1, scoring.others_pay)",
        "S owes 2 × stake 1 × 4 = 8 (§5.1, scoring.discarder_pays)",
        "N owes 1 × stake 1 × 4 = 4 (§5.1, scoring.others_pay)",
        "W +16; E -4, S -8, N -4",
    ]
    assert r.deals[0].steps[1].text("zh") == "碰碰胡 ×2（§6.2，factors.pengpeng）"


def test_luanfeng_won_on_the_kong_replacement_is_gangkai() -> None:
    """乱风 needs no shape, so a hand of honours may hold a declared kong (four 东) and win 杠上开花 on its
    replacement tile (§4.4, §6.10, §6.16, §8.1; seed 003 三(6), (8))."""
    # W declares four 东 (kong of N's discard), draws the replacement and self-draws 乱风:
    # F = 乱风 ×8 × 杠上开花 ×2 = 16 (§5.3); 自摸: each of E, S, N pays 2·X·F = 2·1·16 = 32 (§5.2); W +96
    r = run("deal\nkong W N\nwin W self\npatterns 乱风 杠上开花\n")
    assert r.errors == ()
    assert pays(r) == {"E": -32, "S": -32, "W": 96, "N": -32}
    # the same with the 14 tiles (the kong counts as three, §4): 东东东 南南 西西西 北北 中中 发发; 财神 一万
    tiles = "tiles E E E S S W W W N N C C F F\n"
    r = run("deal\ncaishen 1m\nkong W N\nwin W self\npatterns 乱风 杠上开花\n" + tiles)
    assert r.errors == () and pays(r)["W"] == 96
    # jinhua-capped (§5.4): F = min(16, 8) = 8: each pays 2·1·8 = 16, W +48
    r = run("deal\nkong W N\nwin W self\npatterns 乱风 杠上开花\n", "jinhua-capped")
    assert pays(r) == {"E": -16, "S": -16, "W": 48, "N": -16}
    # 杠上开花 is still a self-draw (§6.16): on S's discard it is refused
    r = run("deal\nkong W N\nwin W S\npatterns 乱风 杠上开花\n")
    assert messages(r) == [(5, "patterns: 杠上开花 is won by a self-draw (自摸), not on S's discard (§6.16)",
                            "patterns：杠上开花 须自摸，不能胡 南 打出的牌（§6.16）")]
    # seven pairs and not-touching hold no kong: still refused (§8.1)
    r = run("deal\nwin W self\npatterns 七对子 杠上开花\n")
    assert messages(r) == [(4, "patterns: 七对子 has no sets or kong; 杠上开花 needs them (§8.1)",
                            "patterns：七对子 没有顺刻或杠；杠上开花 需要（§8.1）")]
    r = run("deal\nwin W self\npatterns 十三不靠 杠上开花\n")
    assert messages(r) == [(4, "patterns: 十三不靠 has no sets or kong; 杠上开花 needs them (§8.1)",
                            "patterns：十三不靠 没有顺刻或杠；杠上开花 需要（§8.1）")]
    # 乱风 has no sets: 碰碰胡 (four sets) still does not go with it (§8.1)
    r = run("deal\nwin W self\npatterns 乱风 碰碰胡\n")
    assert messages(r) == [(4, "patterns: 乱风 has no sets or kong; 碰碰胡 needs them (§8.1)",
                            "patterns：乱风 没有顺刻或杠；碰碰胡 需要（§8.1）")]
