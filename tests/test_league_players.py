"""A league of events of individual players (docs/league.md): each player's matches, sit-outs, score and first
places summed over the season's Dou Dizhu evenings, players matched by name across events, on both backends.

Each evening is one round of one table of three; the deals, worked from docs/doudizhu-rules.md (§3.1, §6: unit =
base × multiplier; the landlord out first: each farmer pays 1 × unit and the landlord takes 2 × unit):

- evening 1 (club 星海): seat 1 bids 3 and goes out: seat 1 +6, seats 2 and 3 −3 each; seat 1 places first.
- evening 2 (club 海之韵): seat 2 bids 2 (1 and 3 pass) and goes out: seat 2 +4, seats 1 and 3 −2 each.

Who sits where is the evening's seating, read from its log; the sums are worked from it below.
"""

from __future__ import annotations

from referee.app import individual, league
from referee.app.recording import record_lines
from referee.results import leagueresults
from referee.store.api import MatchStore
from referee.tournament.individual import Player
from referee.views import leaguetext

KITTY = "kitty 3H 4H 6D"
EVENINGS = {
    "E1": ("星海", [("P1", "张三"), ("P2", "李四"), ("P3", "王五")], ["deal", "bid 1 3", KITTY, "out 1"], (6, -3, -3)),
    "E2": ("海之韵", [("Q1", "李四"), ("Q2", " 王五"), ("Q3", "赵六")],
           ["deal", "bid 1 pass", "bid 2 2", "bid 3 pass", KITTY, "out 2"], (-2, 4, -2)),
}


def _evening(store: MatchStore, event: str) -> dict[str, tuple[int, int]]:
    """The evening played and closed; each player's name → (score, first places) in it, from its seating."""
    club, players, deal, paid = EVENINGS[event]
    individual.new_event(store, event, game="doudizhu", name=f"Night {event}", rules=None, rounds=1, date=None,
                         venue=club, seed=7)
    individual.add_players(store, event, [Player(code, name.strip(), club) for code, name in players])
    seated = individual.seat_next_round(store, event)
    (table,) = seated.round.tables
    record_lines(store, table.match_id, deal, "ann")
    individual.close_round(store, event)
    names = dict(players)
    best = max(paid)
    return {names[code].strip(): (paid[seat], int(paid[seat] == best)) for seat, code in enumerate(table.players)}


def test_a_league_sums_its_individual_events_player_by_player(store: MatchStore) -> None:
    took = {event: _evening(store, event) for event in EVENINGS}
    league.new_league(store, "DL26", "Season 2026")
    for event, (club, *_rest) in EVENINGS.items():
        league.add_event(store, "DL26", event, club)
    results = leagueresults.load(store, "DL26")
    assert results.events == () and len(results.player_events) == 2 and not results.broken

    expected: dict[str, list[int]] = {}  # name → [matches, score, firsts, events]
    for evening in took.values():
        for name, (score, first) in evening.items():
            row = expected.setdefault(name, [0, 0, 0, 0])
            row[0] += 1
            row[1] += score
            row[2] += first
            row[3] += 1
    # 李四 and 王五 played both evenings (王五 entered as " 王五" the second time): one player each
    assert sorted(n for n, r in expected.items() if r[3] == 2) == ["李四", "王五"]
    got = {r.player: [r.played, r.score, r.firsts, len(r.events)] for r in results.players}
    assert got == expected
    assert sum(r.score for r in results.players) == 0  # every deal sums to zero (§6)
    order = sorted(expected, key=lambda n: (-expected[n][1], -expected[n][2], n))
    assert [r.player for r in results.players] == order
    ranks = [r.rank for r in results.players]
    assert ranks[0] == 1 and all(b in (a, i + 1) for i, (a, b) in enumerate(zip(ranks, ranks[1:], strict=False), 1))
    both = next(r for r in results.players if r.player == "李四")
    assert both.clubs == ("星海", "海之韵") and both.events == ("E1", "E2") and both.sat_out == 0

    data = leaguetext.standings_json(results)
    assert [p["player"] for p in data["players"]] == order and data["standings"] == []
    lines = leaguetext.standings_lines(results, "zh")
    heads = ["名次", "选手", "俱乐部", "赛事", "已赛", "轮空", "得分", "第一名次数"]
    assert any(line.split() == heads for line in lines)
    assert "各赛事的选手按姓名对应；得分和第一名次数按赛事累加（docs/league.md）" in lines
    assert not any("Pairs are matched" in line or "各赛事的对子" in line for line in lines)
