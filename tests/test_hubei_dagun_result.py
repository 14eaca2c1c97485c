"""A settled 打滚 deal's result, field by field (docs/hubei-dagun-rules.md §5-§7): what ``replay --json``, the
summary and the explanation are made from, worked out by hand."""

from __future__ import annotations

from referee.games.hubei_dagun.engine import replay
from referee.games.hubei_dagun.notation import parse
from referee.games.hubei_dagun.ruleset import load

HEAD = "match id=T1 game=hubei-dagun\nseat E A\nseat S B\nseat W C\nseat N D\n"  # lines 1-5
DEFAULT = load("hubei-dagun")


def deals(body: str):
    record = parse(HEAD + body)
    result = replay(record.events, DEFAULT)
    assert record.errors == [] and result.errors == (), [str(e) for e in result.errors]
    return result.deals


def test_a_friend_deal_with_a_reward_field_by_field():
    # line 6: E deals, calls ♥10, W holds the twin: EW against SN (§4.2). Places S E N W; §5.2: 末游 W's 30 → 一游 S
    # (80), hand 35 → 三游 N (80): final E 40, S 80, W 0, N 80; EW 40, SN 160: SN (sides[1]) win, plain 1 番:
    # E -1 S +1 W -1 N +1. N's 天炸 (line 10): 1 番 from each of three: N +3, E S W -1. The deal: E -2, S 0, W -2, N +4.
    d, = deals("deal 1 dealer=E\ncall H10 partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=35\n"
               "declare N sky\n")
    assert (d.number, d.line, d.dealer, d.mode, d.card) == (1, 6, "E", "friend", "H10")
    assert d.sides == (("E", "W"), ("S", "N")) and d.places == ("S", "E", "N", "W")
    assert d.final == (40, 80, 0, 80) and d.side_points == (40, 160)
    assert (d.winner, d.kind, d.fan) == (1, "plain", 1)
    assert d.result_coins == (-1, 1, -1, 1)
    assert [(r.declare.seat, r.declare.kind, r.each, r.coins) for r in d.rewards] == [("N", "sky", 1, (-1, -1, -1, 3))]
    assert d.coins == (-2, 0, -2, 4) and d.totals == (-2, 0, -2, 4)
    assert [s for s in "ESWN" if d.won(s)] == ["S", "N"]


def test_an_alone_deal_has_no_points_result():
    # 硬牌 counts no points (§5.7): even with points recorded, no transfers and no sides' points are worked out.
    # line 9: W deals the second deal (deal 1's 一游 W), S plays alone against E W N and is 二游: S loses, 2 番
    # to each of three: S -6, E W N +2 (§7.3); the totals add deal 1's (W alone won: W +6, E S N -2).
    first, d = deals("deal 1 dealer=S\nalone W\nplaces W E S N\n"
                     "deal 2 dealer=W\nalone S\nplaces E S W N\npoints E=50 S=50 W=50 N=50 hand=0\n")
    assert (d.number, d.line, d.dealer, d.mode, d.card) == (2, 9, "W", "alone", None)
    assert d.sides == (("S",), ("E", "W", "N"))
    assert d.final is None and d.side_points is None and d.points is not None
    assert (d.winner, d.kind, d.fan) == (1, "alone_loss", 2)
    assert d.result_coins == (2, -6, 2, 2) and d.rewards == ()
    assert first.totals == (-2, -2, 6, -2) and d.totals == (0, -8, 8, 0)
    assert [s for s in "ESWN" if d.won(s)] == ["E", "W", "N"]
