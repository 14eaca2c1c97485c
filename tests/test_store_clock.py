"""The game clock (``referee.results.clock``) for each of the four games: the store measures the minutes between the
entries' times, each game says what its time rule times and decides (``Game.timed``, ``Game.time_call``). Every
entry's time is set here; the minutes and the calls are worked out by hand from docs/<game>-rules.md."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from referee.core.errors import UsageError
from referee.games import registry
from referee.games.api import rules_content
from referee.results.clock import Clock, clock_of, lines, notice, when

GUNZI = """match id=T3 rules=dalian-club tz=Asia/Shanghai
team EW 东西
team NS 南北
seat E 张三
seat S 李四
seat W 王五
seat N 赵六
hand
declare E BJ
trump H
kitty 4C 6D 9S KH 7C 3H
bury 4C 6C 7C 8D 9D JS
points 35
last decl
hand
declare W 4H"""
# Hand 1: defenders 35 < 120, kept: EW 3 → 4, NS 3 (gunzi-rules §7.1); hand 2 begun.

DOUDIZHU = """match id=D1 game=doudizhu tz=Asia/Shanghai
seat 1 P1
seat 2 P2
seat 3 P3
deal
bid 1 3
kitty 3 4 5
bomb 1 6666
out 1
deal
bid 1 pass"""

DAGUN = """match id=H1 game=hubei-dagun tz=Asia/Shanghai
seat E 张伟
seat S 李娜
seat W 王强
seat N 刘洋
deal 1 dealer=E
call H10 partner=W
places S E N W
points E=40 S=50 W=30 N=45 hand=35
deal 2 dealer=S"""

MAHJONG = """match id=J1 game=jinhua-mahjong tz=Asia/Shanghai
seat E 张三
seat S 李四
seat W 王五
seat N 赵六
deal E
caishen 3m
pong W S
win W S
patterns 碰碰胡 清一色
tiles 2p 2p 2p 5p 5p 5p 7p 7p 7p 9p 9p 3m 3m 9p
deal
caishen E"""


def entries(times: dict[int, str], n: int) -> list[dict[str, object]]:
    """One stored entry a line (seq = the line), each stamped at the latest time given at or before it."""
    out, at = [], ""
    for seq in range(1, n + 1):
        at = times.get(seq, at)
        out.append({"seq": seq, "kind": "event", "time": f"2026-11-29T{at}.000Z"})
    return out


def clock(key: str, text: str, times: dict[int, str], now: str, rules: object = None) -> tuple[Clock, object]:
    game = registry.game(key)
    reading = game.read(text)
    assert reading.errors == []
    rules = rules if rules is not None else game.load_rules(game.header(reading.events).rules or game.default_rules)
    result = game.replay(reading.events, rules)
    made = clock_of(entries(times, len(text.splitlines())), reading.events, result, game.time_limit(rules),  # type: ignore[arg-type]
                    now=when(f"2026-11-29T{now}Z"))
    return made, result


def said(c: Clock, result: object, lang: str = "en") -> list[str]:
    return [m.text(lang) for m in lines(c, result)]


def club_rules(tmp_path: Path, key: str, minutes: int, extra: str = "") -> object:
    """A club's rule file over the game's bundled default, with a time limit (``match.time_limit_minutes``)."""
    game = registry.game(key)
    path = tmp_path / f"{key}-timed.toml"
    path.write_text(f'base = "{game.default_rules}"\n\n[match]\ntime_limit_minutes = {minutes}\n{extra}',
                    encoding="utf-8")
    return game.load_rules(str(path))


def test_gunzi_times_each_game_from_its_first_hand_and_calls_the_higher_level() -> None:
    # game 1's first hand (line 8) at 06:02 UTC = 14:02 in Shanghai; now 06:53:30: 51.5 → 51 whole minutes,
    # past dalian-club's 50 (§7.3.5); EW 4 against NS 3: the higher level wins
    c, result = clock("gunzi", GUNZI, {1: "06:00:00", 8: "06:02:00", 9: "06:10:00", 15: "06:45:00"}, "06:53:30")
    assert c.limit == 50 and [(g.game, g.minutes, g.end) for g in c.games] == [(1, 51, None)]
    assert said(c, result) == ["game 1: started 14:02, 51 of 50 min",
                               "time is up (50 min, §7.3.5): the time rule favours EW now (the higher level wins)"]
    assert said(c, result, "zh_CN")[0] == "第1局：14:02开始，已用51分钟（限时50分钟）"
    call = registry.game("gunzi").time_call(result, 50)
    assert (call.code, call.side) == ("higher", "EW")
    found = notice(c, result)
    assert found is not None and found.text("en") == (
        "game 1 has run 51 min, past its 50-minute limit (§7.3.5): record `time` when it is called")


def test_gunzi_before_the_limit_says_no_time_call() -> None:
    c, result = clock("gunzi", GUNZI, {1: "06:00:00", 8: "06:02:00"}, "06:51:59")  # 49 min 59 s → 49
    assert said(c, result) == ["game 1: started 14:02, 49 of 50 min"] and notice(c, result) is None


def test_doudizhu_times_the_match_and_ends_it_with_the_deal_in_progress(tmp_path: Path) -> None:
    # the match from its first deal (line 5) at 06:02 = 14:02; now 06:33: 31 min past the club's 30 (§8): the
    # deal in progress (deal 2, bidding) is finished and the match ends there
    rules = club_rules(tmp_path, "doudizhu", 30)
    c, result = clock("doudizhu", DOUDIZHU, {1: "06:00:00", 5: "06:02:00", 10: "06:20:00"}, "06:33:00", rules)
    assert [(g.game, g.minutes, g.end) for g in c.games] == [(1, 31, None)]
    assert said(c, result) == [
        "the match: started 14:02, 31 of 30 min",
        "time is up (30 min, §8): the deal in progress is finished and the match ends there"]
    assert said(c, result, "zh_CN") == ["整场比赛：14:02开始，已用31分钟（限时30分钟）",
                                        "时间到（30分钟，§8）：打完正在进行的这一局，比赛到此结束"]
    call = registry.game("doudizhu").time_call(result, 30)
    assert (call.code, call.side) == ("ends", None)
    found = notice(c, result)
    assert found is not None and found.text("en") == (
        "the match has run 31 min, past its 30-minute limit (§8): the deal in progress is finished and the match "
        "ends there")


def test_doudizhu_clock_stops_at_the_entry_that_ended_a_match_of_fixed_deals(tmp_path: Path) -> None:
    # match.deals = 1 (§7): the match is over at `out 1` (line 9), 06:20 − 06:02 = 18 min; no time call then
    rules = club_rules(tmp_path, "doudizhu", 30, "deals = 1\n")
    text = "\n".join(DOUDIZHU.splitlines()[:9])
    c, result = clock("doudizhu", text, {1: "06:00:00", 5: "06:02:00", 9: "06:20:00"}, "07:40:00", rules)
    assert [(g.minutes, g.end) for g in c.games] == [(18, when("2026-11-29T06:20:00Z"))]
    assert said(c, result) == ["the match: 14:02–14:20, 18 min"] and notice(c, result) is None


def test_hubei_dagun_times_the_match_from_its_first_deal(tmp_path: Path) -> None:
    # deal 1 (line 6) at 06:00 = 14:00; now 06:45:59 → 45 min: at the club's 45 the limit has passed (§11)
    rules = club_rules(tmp_path, "hubei-dagun", 45)
    c, result = clock("hubei-dagun", DAGUN, {1: "05:58:00", 6: "06:00:00", 10: "06:30:00"}, "06:45:59", rules)
    assert said(c, result) == [
        "the match: started 14:00, 45 of 45 min",
        "time is up (45 min, §11): the deal in progress is finished and the match ends there"]


def test_jinhua_mahjong_times_the_match_and_without_a_limit_only_counts(tmp_path: Path) -> None:
    # deal 1 (line 6) at 06:00 = 14:00; now 07:10: 70 min, past the club's 60 (§11)
    times = {1: "05:50:00", 6: "06:00:00", 12: "06:40:00"}
    c, result = clock("jinhua-mahjong", MAHJONG, times, "07:10:00", club_rules(tmp_path, "jinhua-mahjong", 60))
    assert said(c, result, "zh_CN") == ["整场比赛：14:00开始，已用70分钟（限时60分钟）",
                                        "时间到（60分钟，§11）：打完正在进行的这一局，比赛到此结束"]
    # the bundled rule set sets no limit (the source says nothing of time): the clock counts, nothing is called
    c, result = clock("jinhua-mahjong", MAHJONG, times, "07:10:00")
    assert c.limit == 0 and said(c, result) == ["the match: started 14:00, 70 min"] and notice(c, result) is None


def test_a_match_before_its_first_deal_has_no_clock() -> None:
    c, result = clock("doudizhu", "\n".join(DOUDIZHU.splitlines()[:4]), {1: "06:00:00"}, "07:00:00")
    assert c.games == [] and said(c, result) == []


@pytest.mark.parametrize("key", ["doudizhu", "hubei-dagun", "jinhua-mahjong"])
def test_the_time_limit_key_of_the_games_whose_sources_say_nothing_of_time(key: str, tmp_path: Path) -> None:
    game = registry.game(key)
    bundled = game.load_rules(game.default_rules)
    assert game.time_limit(bundled) == 0
    # at 0 the key is not part of the content: every match pinned before the key existed keeps its pin
    assert "time_limit_minutes" not in rules_content(game, bundled).text
    timed = club_rules(tmp_path, key, 40)
    assert game.time_limit(timed) == 40
    assert '"match.time_limit_minutes" = 40' in rules_content(game, timed).text
    kept = game.pinned_rules(game.rules_values(bundled), "kept", "kept", "")  # a copy kept before the key
    assert game.time_limit(kept) == 0
    assert game.time_limit(game.pinned_rules(game.rules_values(timed), "kept", "kept", "")) == 40
    meaning = {k: m for k, _, m in game.explain_rules(timed, "en")}["match.time_limit_minutes"]
    assert "the deal in progress is finished and the match ends there" in meaning


@pytest.mark.parametrize("key", ["doudizhu", "hubei-dagun", "jinhua-mahjong"])
def test_a_negative_time_limit_is_refused_naming_the_key(key: str, tmp_path: Path) -> None:
    with pytest.raises(UsageError) as refused:
        club_rules(tmp_path, key, -5)
    assert refused.value.msg.text("en").endswith("'match.time_limit_minutes' must be from 0 to 1440, not -5")


def test_the_clock_of_an_entry_time_is_utc() -> None:
    assert when("2026-11-29T06:02:11.123Z") == datetime.fromisoformat("2026-11-29T06:02:11.123+00:00")
