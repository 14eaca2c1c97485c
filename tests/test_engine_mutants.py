"""Cases the mutation run (docs/mutation.md) found no test for: each test here kills surviving mutants of
the rules code, and says in the game's terms which rule they broke.

Every expected word is the engine's message (referee/games/gunzi/engine.py, referee/games/gunzi/explain.py) and its
Chinese (referee/locale/zh_CN/LC_MESSAGES/referee.po), filled in by hand; every number is worked out by hand from
docs/gunzi-rules.md. Seats go E → S → W → N (§1.2); teams EW 东西 and NS 南北.
"""

from __future__ import annotations

from helpers import PLAIN_KITTY, errors_of, first_hand, hand_text, line_of, play, record, run

# A hand's directives after its 'hand' line, as the table records them: E grabs, trump H (§4.1.1), a plain
# kitty, S = 80 kept.
PLAYED = f"declare E BJ\ntrump H\nkitty {PLAIN_KITTY}\npoints 80\nlast decl\n"


def words(text: str, rules: str = "dalian-club") -> list[tuple[int, str, str]]:
    """Every error of the record: (line, English, Chinese)."""
    return [(e.line, e.message, e.message_zh) for e in errors_of(text, rules)]


# --- hands refused between games (§3.3, §7.3.5, §8.2) --------------------------------------------------

def test_a_hand_after_the_match_is_one_error_and_later_lines_are_still_judged():
    # gunzi-001 plays one game to win the match (§3.3, §10). H1 S = 0 → the declarers EW win the game
    # (§7.3.1), so the match. A further hand is refused once, on its 'hand' line: its own directives are
    # not judged again (no "outside a hand" for each), and the 'warn' after it is still judged.
    text = record(first_hand(points=0), "hand  # !\n" + PLAYED + "warn N talking  # w\n", rules="gunzi-001")
    assert words(text, "gunzi-001") == [
        (line_of(text), "the match is over (EW won): no more hands", "比赛已结束（东西胜）：不能再开新的一副"),
        (line_of(text, "# w"), "the match is over: no more warnings", "比赛已结束：不能再警告"),
    ]


def test_a_hand_refused_while_a_ruling_is_awaited_does_not_stop_the_record():
    # dalian-club (two games to win, §3.3). H1 E: kept S = 120 → stage kept (§7.1): nobody levels, 3 : 3, and
    # neither side has reached its level first. Time (§7.3.5): equal levels, neither first → the referee rules.
    # A hand recorded before the ruling is refused on its 'hand' line, its directives skipped; the ruling
    # after it still ends game 1 for NS, and game 2 starts from a first hand.
    h1 = first_hand(points=120, after="time")
    text = record(h1, "hand  # !\n" + PLAYED, "ruling winner=NS N's side played on faster\n",
                  first_hand(grab="S", points=80))
    assert words(text) == [(line_of(text), "game 1 ended on time with the levels tied: record a 'ruling' first",
                            "第1局到时结束，双方级数相同：请先记录裁决（'ruling'）")]
    _, r = run(text)
    assert [(g.game, g.winner, g.reason) for g in r.games] == [(1, "NS", "ruling")]
    assert [(h.hand, h.game, h.declarer) for h in r.hands] == [(1, 1, "E"), (2, 2, "S")]


def test_a_ruling_in_a_later_game_carries_no_earlier_time_call():
    # Game 1: H1 stage kept (3 : 3), time with the levels tied (§7.3.5), the referee rules for NS (§8.2):
    # the game's explanation is the time call, then the ruling. Game 2 starts at 3 : 3 (§3.2): H2 S grabs,
    # kept S = 80 → NS 4; then the referee rules for NS again, with no time called in this game: its
    # explanation is the ruling alone. NS have won two games: the match (§3.3, games_to_win = 2).
    r = play(first_hand(points=120, after=["time", "ruling winner=NS N's side played on faster"]),
             first_hand(grab="S", points=80, after="ruling winner=NS EW conceded"))
    assert [(g.game, g.winner, g.reason) for g in r.games] == [(1, "NS", "ruling"), (2, "NS", "ruling")]
    assert [s.key for s in r.games[0].explain] == ["game.time", "game.ruling"]
    assert [(s.text("en"), s.text("zh")) for s in r.games[1].explain] == [
        ("the referee rules for NS: EW conceded [game.ruling; §8.2]",
         "裁判裁定南北获胜：EW conceded [game.ruling; §8.2]")]
    assert r.winner == "NS"


# --- tribute in a game's first hand (§5.1, §5.2) --------------------------------------------------------

def test_a_tribute_in_a_first_hand_declared_by_w_is_judged_against_w():
    # The referee states W declarer of game 1's first hand (§4.1), trump H. The first hand owes no blood
    # (§5.1); a tribute from W's 上家 S (§1.2: S plays just before W) is refused for that, not for its giver.
    text = record(first_hand(declarer="W", tribute="S 4C  # !", points=80))
    assert words(text) == [(line_of(text), "no blood is owed this hand; 1 card given", "这一副不欠血，却进贡了1张")]


# --- a kitty refused for a card turned from it (§6.2.1) -------------------------------------------------

def test_a_kitty_refused_for_a_flipped_card_is_not_settled_as_not_dry():
    # No grab: flips E 10S, S 4C, W 6C, N 7C; 10 is the highest flip (§4.1.2, dalian-club 'highest') → E
    # declares, trump spades, level 3. The kitty 4C 6C 7C 8C 9C 5D lacks the 10S E flipped from it: refused on
    # its line. It holds no spade, so no trump-suit plain card (§2.4): a dry pot by §6.2.1. Whatever the
    # engine does with a refused kitty, it must not settle the hand as a kitty that is not dry: either the
    # hand is not settled, or it is settled as the dry pot (no exchange, its kings void, §6.2.2–§6.2.4).
    text = record(hand_text(flip=["E 10S", "S 4C", "W 6C", "N 7C"], kitty="4C 6C 7C 8C 9C 5D  # !", points=80))
    assert (line_of(text), "10S was flipped from the kitty but is not in it") in [
        (e.line, e.message) for e in errors_of(text)]
    _, r = run(text)
    assert not r.hands or r.hands[0].dry_pot


# --- trick points that cannot add up to 300, refused at their entry (§1.5) -------------------------------

POINTED_KITTY = "5C 6C 7C 8C 9C KH"  # a 5 and a K: 5 + 10 = 15 points stay in the kitty (§1.5)


def _messages_at(text: str, line: int) -> list[tuple[str, str]]:
    _, result = run(text)
    return [(e.message, e.text("zh")) for e in result.errors if e.line == line]


def test_declarer_points_past_300_are_refused_with_the_sum_and_300_exactly_is_not():
    # Defenders 40, kitty 15: declarer-points 245 makes 40 + 245 + 15 = 300 exactly, accepted; 250 would make
    # 305, refused on its own line with each part of the sum.
    ok = record(first_hand(kitty=POINTED_KITTY, points=["40\ndeclarer-points 245"]))
    assert errors_of(ok) == []
    bad = record(first_hand(kitty=POINTED_KITTY, points=["40\ndeclarer-points 250  # !"], last=None))
    assert _messages_at(bad, line_of(bad)) == [(
        "more points than exist: defenders 40 + declarers 250 + kitty 15 = 305, more than the 300 of the three "
        "decks (§1.5)",
        "分数超出总数：抓分方40 + 庄家方250 + 底牌15 = 305，超过三副牌的300分（§1.5）")]


def test_defenders_points_past_300_after_declarer_points_are_refused_at_that_entry():
    # declarer-points 200 first, kitty 15: points 80 then 5 make 85 + 200 + 15 = 300 exactly, accepted; the
    # next 5 would make 90 + 200 + 15 = 305: refused on its line, the defenders' 90 counted with it.
    ok = record(first_hand(kitty=POINTED_KITTY, points=["0\ndeclarer-points 200", 80, 5]))
    assert errors_of(ok) == []
    bad = record(first_hand(kitty=POINTED_KITTY, points=["0\ndeclarer-points 200", 80, 5, "5  # !"], last=None))
    assert _messages_at(bad, line_of(bad)) == [(
        "more points than exist: defenders 90 + declarers 200 + kitty 15 = 305, more than the 300 of the three "
        "decks (§1.5)",
        "分数超出总数：抓分方90 + 庄家方200 + 底牌15 = 305，超过三副牌的300分（§1.5）")]
