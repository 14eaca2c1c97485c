"""The Dou Dizhu record reader and writer (docs/doudizhu-record-format.md): every directive, tolerant input,
each line error with its line in English and Chinese, and the canonical writer."""

from __future__ import annotations

import pytest

from referee.games.doudizhu.cards import BIG_JOKER, SMALL_JOKER, TWO, Card, CardError, parse_token
from referee.games.doudizhu.events import (
    AntiSpring,
    Bid,
    Bomb,
    DealStart,
    Header,
    Kitty,
    Landlord,
    Out,
    Play,
    Redeal,
    Rocket,
    SeatName,
    Show,
    Spring,
)
from referee.games.doudizhu.notation import parse, write

RECORD = """\
# a comment line
match id=T1 game=doudizhu rules=doudizhu-classic event="Club night"   # header
seat 1 张三
seat 2 Li Si
seat 3 王五
deal
bid 1 1
bid 2 pass
bid 王五 2
kitty 5H 9c bj
landlord 3
show 3
play 3 33344
bomb 张三 7777
rocket 3
out 3
spring
DEAL
bid 1 PASS
bid 2 不叫
bid 3 pass
redeal
deal
antispring
"""


def test_every_directive() -> None:
    reading = parse(RECORD)
    assert reading.errors == []
    ev = reading.events
    assert ev[0] == Header("T1", "doudizhu-classic", (("id", "T1"), ("game", "doudizhu"),
                                                      ("rules", "doudizhu-classic"), ("event", "Club night")), 2)
    assert ev[1:4] == [SeatName(1, "张三", 3), SeatName(2, "Li Si", 4), SeatName(3, "王五", 5)]
    assert ev[4] == DealStart(6)
    assert ev[5:8] == [Bid(1, "1", 7), Bid(2, "pass", 8), Bid(3, "2", 9)]  # 王五 is seat 3
    assert ev[8] == Kitty((Card(5, "H"), Card(9, "C"), Card(BIG_JOKER)), 10)
    assert ev[9] == Landlord(3, 11)
    assert ev[10] == Show(3, 12)
    assert ev[11] == Play(3, (Card(3), Card(3), Card(3), Card(4), Card(4)), 13)
    assert ev[12] == Bomb(1, (Card(7),) * 4, 14)
    assert ev[13] == Rocket(3, (Card(SMALL_JOKER), Card(BIG_JOKER)), 15)
    assert ev[14:17] == [Out(3, 16), Spring(17), DealStart(18)]
    assert ev[17:20] == [Bid(1, "pass", 19), Bid(2, "pass", 20), Bid(3, "pass", 21)]
    assert ev[20:] == [Redeal(22), DealStart(23), AntiSpring(24)]


def test_chinese_words() -> None:
    text = ("比赛 id=Z game=doudizhu\n玩家 1 甲\n发牌\n叫分 1 1分\n叫牌 2 3分\n底牌 小王 大王 红桃2\n地主 2\n明牌 2\n"
            "出牌 2 ♠3\n炸弹 1 8888\n王炸 2\n出完 2\n春天\n局\n叫分 1 不叫\n重发\n发牌\n反春\n")
    reading = parse(text)
    assert reading.errors == []
    kinds = [type(e).__name__ for e in reading.events]
    assert kinds == ["Header", "SeatName", "DealStart", "Bid", "Bid", "Kitty", "Landlord", "Show", "Play", "Bomb",
                     "Rocket", "Out", "Spring", "DealStart", "Bid", "Redeal", "DealStart", "AntiSpring"]
    assert reading.events[4] == Bid(2, "3", 5)  # 3分 -> 3
    assert reading.events[5] == Kitty((Card(SMALL_JOKER), Card(BIG_JOKER), Card(TWO, "H")), 6)


def test_rob_words() -> None:
    reading = parse("deal\nbid 1 call\nbid 2 抢地主\nbid 3 不抢\nbid 1 rob\nbid 2 叫地主\n")
    assert reading.errors == []
    assert [e.bid for e in reading.events if isinstance(e, Bid)] == ["call", "rob", "pass", "rob", "call"]


@pytest.mark.parametrize(("token", "cards"), [
    ("10H", [Card(10, "H")]), ("♥10", [Card(10, "H")]), ("红桃10", [Card(10, "H")]), ("h10", [Card(10, "H")]),
    ("TS", [Card(10, "S")]), ("JS", [Card(11, "S")]), ("♠J", [Card(11, "S")]), ("SJ", [Card(SMALL_JOKER)]),
    ("lj", [Card(SMALL_JOKER)]), ("RJ", [Card(BIG_JOKER)]), ("大鬼", [Card(BIG_JOKER)]), ("2", [Card(TWO)]),
    ("A", [Card(14)]), ("8910JQ", [Card(8), Card(9), Card(10), Card(11), Card(12)]),
    ("qqkk", [Card(12), Card(12), Card(13), Card(13)]),
])
def test_tolerant_cards(token: str, cards: list[Card]) -> None:
    assert parse_token(token) == cards


@pytest.mark.parametrize("token", ["1", "X", "11", "joker", "H", "0", "3X"])
def test_not_cards(token: str) -> None:
    with pytest.raises(CardError, match=f"'{token}' is not a card"):
        parse_token(token)


# (line text, English message part, Chinese message part)
ERRORS = [
    ("frobnicate 1", "unknown directive 'frobnicate' (known: match, seat, deal",
     "未知指令 'frobnicate'"),
    ("seat 4 Zhang", "'seat' is written: seat 1|2|3 NAME", "'seat' 的写法：seat 1|2|3 NAME"),
    ("seat 1 2", "a player's name cannot be a seat number (2)", "玩家名不能是座位号（2）"),
    ("bid 1", "'bid' is written: bid SEAT 1|2|3|pass|call|rob", "'bid' 的写法"),
    ("bid 1 maybe", "'maybe' is not a bid (1, 2, 3, pass; call, rob)", "'maybe' 不是叫牌"),
    ("bid 1 0", "'0' is not a bid", "'0' 不是叫牌"),
    ("bid Nobody 1", "'Nobody' is not a seat (1, 2, 3 or a player's name: -)", "'Nobody' 不是座位"),
    ("kitty 3 4", "a kitty is exactly 3 cards, not 2 (§2)", "底牌必须正好 3 张，而不是 2 张（§2）"),
    ("kitty 3 4 5 6", "a kitty is exactly 3 cards, not 4 (§2)", "而不是 4 张"),
    ("kitty 3 4 ZZ", "'ZZ' is not a card", "'ZZ' 不是牌"),
    ("bomb 1 7 7 7 8", "a bomb is four cards of one rank (§4), not 7 7 7 8", "炸弹是四张同点的牌（§4）"),
    ("bomb 1 777", "a bomb is four cards of one rank (§4), not 7 7 7", "炸弹是四张同点的牌"),
    ("bomb 1 SJ BJ", "both jokers are a rocket, not a bomb: write 'rocket SEAT' (§4)", "双王是火箭而不是炸弹"),
    ("bomb 1", "'bomb' is written: bomb SEAT CARD CARD CARD CARD", "'bomb' 的写法"),
    ("rocket 1 SJ SJ", "a rocket is exactly both jokers, SJ BJ (§4), not SJ SJ", "火箭正好是大小王两张"),
    ("rocket 1 BJ", "a rocket is exactly both jokers", "火箭正好是大小王两张"),
    ("rocket", "'rocket' is written: rocket SEAT", "'rocket' 的写法"),
    ("play 1", "'play' is written: play SEAT CARD…", "'play' 的写法"),
    ("out", "'out' is written: out SEAT", "'out' 的写法"),
    ("out 1 2", "'out' is written: out SEAT", "'out' 的写法"),
    ("spring now", "'spring' is written: spring", "'spring' 的写法"),
    ("match game=doudizhu", "the header needs id=… (match id=NAME game=doudizhu)", "记录头需要 id=…"),
    ("match id=X oops", "header item 'oops' is not KEY=VALUE", "记录头项 'oops' 不是 KEY=VALUE 形式"),
    ('match id="X', "the header has an unclosed quote", "记录头的引号没有闭合"),
    ("match id=../x", "match id= '../x': an id holds letters, digits, '-', '_' and '.' only", "match id="),
    ("seat 1 A\x1bB", "seat: control character \\x1b is not allowed", "seat"),
    ("seat 2 " + "名" * 101, "seat: at most 100 characters, not 101", "seat"),
]


@pytest.mark.parametrize(("line", "english", "chinese"), ERRORS)
def test_line_errors(line: str, english: str, chinese: str) -> None:
    reading = parse(f"deal\n\n{line}\n")  # the bad line is line 3
    assert len(reading.errors) == 1
    err = reading.errors[0]
    assert err.line == 3
    assert english in err.message
    assert chinese in err.text("zh_CN")


def test_errors_collected_not_stopping() -> None:
    reading = parse("match id=A game=doudizhu\nbogus\ndeal\nkitty 3\nout 1\nmatch id=B\n")
    assert [(e.line, e.message.split(" (")[0].split(":")[0]) for e in reading.errors] == [
        (2, "unknown directive 'bogus'"), (4, "a kitty is exactly 3 cards, not 1"),
        (6, "'match' must be the record's first directive")]
    assert [type(e).__name__ for e in reading.events] == ["Header", "DealStart", "Out"]


def test_names_resolve_only_after_their_seat_line() -> None:
    reading = parse("deal\nbid 甲 1\nseat 1 甲\nbid 甲 1\n")
    assert [e.line for e in reading.errors] == [2]
    assert reading.events[-1] == Bid(1, "1", 4)


def test_write_is_canonical_and_stable() -> None:
    first = write(parse(RECORD).events)
    assert first.splitlines()[:2] == [
        'match id=T1 game=doudizhu rules=doudizhu-classic event="Club night"', "seat 1 张三"]
    assert "bid 3 2" in first and "bomb 1 7 7 7 7" in first and "kitty 5H 9C BJ" in first
    assert "\n\ndeal\nbid 1 pass\n" in first  # a blank line before each deal after the first line
    assert write(parse(first).events) == first  # exporting an export gives the same text
    assert parse(first).errors == []


# The reader's suit words (docs/doudizhu-record-format.md "Cards": a suit before or after, 5H H5 ♥5 红桃5; the
# reader's table, referee/games/doudizhu/cards.py, adds the hollow symbols and the other Chinese names of a suit)
SUIT_WORDS = [("S", "S"), ("H", "H"), ("C", "C"), ("D", "D"), ("♠", "S"), ("♥", "H"), ("♣", "C"), ("♦", "D"),
              ("♤", "S"), ("♡", "H"), ("♧", "C"), ("♢", "D"), ("黑桃", "S"), ("红桃", "H"), ("红心", "H"),
              ("梅花", "C"), ("草花", "C"), ("方块", "D"), ("方片", "D")]
# Each rank word and its rank (docs/doudizhu-rules.md §2: 3 lowest … A = 14, 2 = 15; 10 also T; the Chinese
# numerals 三 … 十 and 二)
RANK_WORDS = [("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8", 8), ("9", 9), ("10", 10), ("T", 10),
              ("J", 11), ("Q", 12), ("K", 13), ("A", 14), ("2", 15), ("三", 3), ("四", 4), ("五", 5), ("六", 6),
              ("七", 7), ("八", 8), ("九", 9), ("十", 10), ("二", 15)]


def test_every_suit_word_before_and_after_every_rank_word() -> None:
    # 19 suit words x 23 rank words, each written before and after the rank, in upper and lower case: one card
    # of that rank and suit. S before J is the one exception: SJ is the small joker (the format's own note).
    for suit_word, suit in SUIT_WORDS:
        for rank_word, rank in RANK_WORDS:
            for token in {suit_word + rank_word, rank_word + suit_word,
                          (suit_word + rank_word).lower(), (rank_word + suit_word).lower()}:
                expected = [Card(SMALL_JOKER)] if token.upper() == "SJ" else [Card(rank, suit)]
                assert parse_token(token) == expected, token


# The refusal, whole, in English and Chinese (the catalogue's msgstr); the token as written, not as read
NOT_A_CARD = "'{}' is not a card (3…10 J Q K A 2 with an optional suit S H C D, SJ/BJ or 小王/大王)"
NOT_A_CARD_ZH = "'{}' 不是牌（3…10 J Q K A 2，可带花色 S H C D；SJ/BJ 或 小王/大王）"


@pytest.mark.parametrize("token", [
    "",  # nothing: no card at all
    " ",  # only a space, read as nothing
    "x9",  # X is no rank and no suit
    "1",  # 1 alone is no rank (10 is)
    "红桃",  # a suit with no rank
    "♥1",  # a suit and 1
    "HH10",  # two suits
    "33X",  # a run with a stranger at its end
    "小鬼王",  # a joker's name and more
])
def test_each_refusal_names_the_token_in_english_and_chinese(token: str) -> None:
    with pytest.raises(CardError) as refused:
        parse_token(token)
    assert str(refused.value) == NOT_A_CARD.format(token)
    assert refused.value.text("zh_CN") == NOT_A_CARD_ZH.format(token)
