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
    Event,
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
from referee.games.kit.conduct import Ruling, Warn

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


# --- every spelling, every refusal whole, every canonical line (issue 30: the notation under mutation) -----------

SJ, BJ = Card(SMALL_JOKER), Card(BIG_JOKER)
# Each directive in every spelling docs/doudizhu-record-format.md's table gives it (the keyword, its 中文 words,
# `hand` for deal, `player` for seat, `anti-spring`), and in another case where it has one (case is forgiven):
# the line, alone in a record (so on line 1), reads as the one event the table says.
SPELLED = [
    (("match", "比赛", "MATCH"), "id=X", Header("X", None, (("id", "X"),), 1)),
    (("seat", "player", "座位", "玩家", "Seat", "PLAYER"), "1 Ann", SeatName(1, "Ann", 1)),
    (("deal", "hand", "发牌", "局", "Hand"), "", DealStart(1)),
    (("bid", "叫牌", "叫分", "BID"), "2 3", Bid(2, "3", 1)),
    (("kitty", "底牌", "Kitty"), "3 4 5", Kitty((Card(3), Card(4), Card(5)), 1)),
    (("landlord", "地主", "LANDLORD"), "2", Landlord(2, 1)),
    (("show", "明牌", "Show"), "3", Show(3, 1)),
    (("play", "出牌", "PLAY"), "1 3", Play(1, (Card(3),), 1)),
    (("bomb", "炸弹", "Bomb"), "2 9999", Bomb(2, (Card(9),) * 4, 1)),
    (("rocket", "火箭", "王炸", "ROCKET"), "3", Rocket(3, (SJ, BJ), 1)),
    (("out", "出完", "Out"), "1", Out(1, 1)),
    (("spring", "春天", "SPRING"), "", Spring(1)),
    (("antispring", "anti-spring", "反春", "反春天", "Anti-Spring"), "", AntiSpring(1)),
    (("redeal", "重发", "ReDeal"), "", Redeal(1)),
    (("warn", "警告", "WARN"), "2 slow play", Warn("2", "slow play", 1)),
    (("ruling", "裁定", "Ruling"), "winner=3 the deal stands", Ruling("3", "the deal stands", 1)),
]


@pytest.mark.parametrize(("words", "rest", "event"), SPELLED)
def test_each_directive_in_each_of_its_spellings(words: tuple[str, ...], rest: str, event: object) -> None:
    for word in words:
        reading = parse(f"{word} {rest}\n")
        assert reading.errors == [], word
        assert reading.events == [event], word


# Each bid word (the format: 1|2|3|pass, 1分, 不叫; call|rob|pass, 叫地主, 抢地主, 不抢; the reader also takes 过,
# p, 叫 and 抢, and any case) and the bid it reads as.
BIDS = [("1", "1"), ("2", "2"), ("3", "3"), ("1分", "1"), ("2分", "2"), ("3分", "3"), ("pass", "pass"),
        ("PASS", "pass"), ("Pass", "pass"), ("p", "pass"), ("P", "pass"), ("不叫", "pass"), ("不抢", "pass"),
        ("过", "pass"), ("call", "call"), ("CALL", "call"), ("叫", "call"), ("叫地主", "call"), ("rob", "rob"),
        ("Rob", "rob"), ("抢", "rob"), ("抢地主", "rob")]


@pytest.mark.parametrize(("word", "bid"), BIDS)
def test_each_bid_word(word: str, bid: str) -> None:
    reading = parse(f"bid 3 {word}\n")
    assert reading.errors == []
    assert reading.events == [Bid(3, bid, 1)]


def test_a_header_item_by_item() -> None:
    # every item kept in its order, its key in lower case, its value as written (quoted: the quotes dropped); the
    # rule set is the `rules` item's value, and an empty `rules=` names none (the default)
    reading = parse('match ID=M-1 Game=doudizhu RULES=house event="A night" Date=2026-12-01\n'
                    "match id=M-2 rules=\n")
    assert reading.events[0] == Header("M-1", "house", (("id", "M-1"), ("game", "doudizhu"), ("rules", "house"),
                                                        ("event", "A night"), ("date", "2026-12-01")), 1)
    assert [(e.line, e.message) for e in reading.errors] == [(2, "'match' must be the record's first directive")]
    assert parse("match id=M-2 rules=\n").events == [Header("M-2", None, (("id", "M-2"), ("rules", "")), 1)]


def test_a_header_after_a_line_that_was_refused_is_still_first() -> None:
    # the header must be the first directive read: a refused line before it reads as nothing
    reading = parse("bogus\nmatch id=A\n")
    assert reading.events == [Header("A", None, (("id", "A"),), 2)]
    assert [e.line for e in reading.errors] == [1]


def test_a_name_is_its_seat_in_any_case_and_a_quoted_name_without_its_quotes() -> None:
    # "case ignored" (the format, "Seats"): Ann, ANN and ann are seat 1; a quoted name is read unquoted
    reading = parse('seat 1 Ann\nseat 2 "Li Si"\nseat 3 王五\nbid ANN 1\nbid ann 2\nout 王五\nshow 1\nlandlord 3\n')
    assert reading.errors == []
    assert reading.events == [SeatName(1, "Ann", 1), SeatName(2, "Li Si", 2), SeatName(3, "王五", 3),
                              Bid(1, "1", 4), Bid(1, "2", 5), Out(3, 6), Show(1, 7), Landlord(3, 8)]


def test_each_seat_number_and_no_other() -> None:
    # 1, 2 and 3 are the seats (§1); 0 and 4 are neither a seat nor a name
    reading = parse("out 1\nout 2\nout 3\nout 0\nout 4\n")
    assert reading.events == [Out(1, 1), Out(2, 2), Out(3, 3)]
    assert [(e.line, e.message, e.text("zh_CN")) for e in reading.errors] == [
        (4, "'0' is not a seat (1, 2, 3 or a player's name: -)", "'0' 不是座位（1、2、3 或玩家名：-）"),
        (5, "'4' is not a seat (1, 2, 3 or a player's name: -)", "'4' 不是座位（1、2、3 或玩家名：-）")]


# Each refusal of the reader, whole, in English and in Chinese (the catalogue's msgstr), at the line it names
REFUSALS = [
    ("seat 1", "'seat' is written: seat 1|2|3 NAME", "'seat' 的写法：seat 1|2|3 NAME"),
    ("seat 4 Ann", "'seat' is written: seat 1|2|3 NAME", "'seat' 的写法：seat 1|2|3 NAME"),
    ("seat 1 1", "a player's name cannot be a seat number (1)", "玩家名不能是座位号（1）"),
    ("seat 2 2", "a player's name cannot be a seat number (2)", "玩家名不能是座位号（2）"),
    ("seat 3 3", "a player's name cannot be a seat number (3)", "玩家名不能是座位号（3）"),
    ('seat 1 "3"', "a player's name cannot be a seat number (3)", "玩家名不能是座位号（3）"),
    ("seat 1 A\x07", "seat: control character \\x07 is not allowed", "seat：不能包含控制字符 \\x07"),
    ("match", "the header needs id=… (match id=NAME game=doudizhu)", "记录头需要 id=…（match id=名称 game=doudizhu）"),
    ("match id= game=doudizhu", "the header needs id=… (match id=NAME game=doudizhu)",
     "记录头需要 id=…（match id=名称 game=doudizhu）"),
    ("match id=A =x", "header item '=x' is not KEY=VALUE", "记录头项 '=x' 不是 KEY=VALUE 形式"),
    ("match id=A event", "header item 'event' is not KEY=VALUE", "记录头项 'event' 不是 KEY=VALUE 形式"),
    ('match id=A event="x', "the header has an unclosed quote", "记录头的引号没有闭合"),
    ("match id=A event=" + "x" * 101, "event=: at most 100 characters, not 101",
     "event=：最多 100 个字符，这里有 101 个"),
    ("bid 1", "'bid' is written: bid SEAT 1|2|3|pass|call|rob", "'bid' 的写法：bid SEAT 1|2|3|pass|call|rob"),
    ("bid 1 2 3", "'bid' is written: bid SEAT 1|2|3|pass|call|rob", "'bid' 的写法：bid SEAT 1|2|3|pass|call|rob"),
    ("bid 1 Maybe", "'Maybe' is not a bid (1, 2, 3, pass; call, rob)",
     "'Maybe' 不是叫牌（1、2、3、不叫；叫地主、抢地主）"),
    ("bid 1 0分", "'0分' is not a bid (1, 2, 3, pass; call, rob)", "'0分' 不是叫牌（1、2、3、不叫；叫地主、抢地主）"),
    ("bid 1 12", "'12' is not a bid (1, 2, 3, pass; call, rob)", "'12' 不是叫牌（1、2、3、不叫；叫地主、抢地主）"),
    ("bid 1 分", "'分' is not a bid (1, 2, 3, pass; call, rob)", "'分' 不是叫牌（1、2、3、不叫；叫地主、抢地主）"),
    ("kitty 3 4", "a kitty is exactly 3 cards, not 2 (§2)", "底牌必须正好 3 张，而不是 2 张（§2）"),
    ("kitty 3344", "a kitty is exactly 3 cards, not 4 (§2)", "底牌必须正好 3 张，而不是 4 张（§2）"),
    ("landlord", "'landlord' is written: landlord SEAT", "'landlord' 的写法：landlord SEAT"),
    ("show 1 2", "'show' is written: show SEAT", "'show' 的写法：show SEAT"),
    ("play 1", "'play' is written: play SEAT CARD…", "'play' 的写法：play SEAT CARD…"),
    ("bomb 1", "'bomb' is written: bomb SEAT CARD CARD CARD CARD", "'bomb' 的写法：bomb SEAT CARD CARD CARD CARD"),
    ("bomb 1 7H 7 7 8", "a bomb is four cards of one rank (§4), not 7H 7 7 8",
     "炸弹是四张同点的牌（§4），而不是 红桃7 7 7 8"),
    ("bomb 1 BJ SJ", "both jokers are a rocket, not a bomb: write 'rocket SEAT' (§4)",
     "双王是火箭而不是炸弹：请写 'rocket 座位'（§4）"),
    ("rocket", "'rocket' is written: rocket SEAT", "'rocket' 的写法：rocket SEAT"),
    ("rocket 1 SJ", "a rocket is exactly both jokers, SJ BJ (§4), not SJ",
     "火箭正好是大小王两张 SJ BJ（§4），而不是 小王"),
    ("rocket 1 SJ BJ 3", "a rocket is exactly both jokers, SJ BJ (§4), not SJ BJ 3",
     "火箭正好是大小王两张 SJ BJ（§4），而不是 小王 大王 3"),
    ("deal 1", "'deal' is written: deal", "'deal' 的写法：deal"),
    ("antispring 1", "'antispring' is written: antispring", "'antispring' 的写法：antispring"),
    ("redeal now", "'redeal' is written: redeal", "'redeal' 的写法：redeal"),
    ("warn", "'warn' is written: warn SEAT TEXT", "'warn' 的写法：warn SEAT TEXT"),
    ("warn 1", "'warn' is written: warn SEAT TEXT", "'warn' 的写法：warn SEAT TEXT"),
    ("ruling", "'ruling' is written: ruling winner=SIDE TEXT", "'ruling' 的写法：ruling winner=SIDE TEXT"),
    ("ruling winner=4 moved", "ruling: winner=4 is not a side (1, 2, 3)", "裁定：winner=4 不是一方（1、2、3）"),
    ("warn Bob slow", "'Bob' is not a seat (1, 2, 3 or a player's name: -)", "'Bob' 不是座位（1、2、3 或玩家名：-）"),
    ("frobnicate 1", "unknown directive 'frobnicate' (known: match, seat, deal, bid, kitty, landlord, show, play, "
     "bomb, rocket, out, spring, antispring, redeal, warn, ruling)",
     "未知指令 'frobnicate'（可用的有：match、seat、deal、bid、kitty、landlord、show、play、bomb、rocket、out、spring、"
     "antispring、redeal、warn、ruling）"),
]


@pytest.mark.parametrize(("line", "english", "chinese"), REFUSALS)
def test_each_refusal_whole_in_both_languages_at_its_line(line: str, english: str, chinese: str) -> None:
    reading = parse(f"deal\n\n{line}\n")  # the bad line is line 3
    assert reading.events == [DealStart(1)]
    assert [(e.line, e.message, e.text("zh_CN")) for e in reading.errors] == [(3, english, chinese)]


def test_a_refusal_lists_the_names_the_seats_have() -> None:
    reading = parse("seat 1 Ann\nseat 2 李四\nbid Bob 1\n")
    assert [(e.line, e.message, e.text("zh_CN")) for e in reading.errors] == [
        (3, "'Bob' is not a seat (1, 2, 3 or a player's name: Ann, 李四)",
         "'Bob' 不是座位（1、2、3 或玩家名：Ann、李四）")]


def test_a_warning_and_a_ruling_name_a_seat_by_number_or_name() -> None:
    # the conduct lines (rules §9.1): the seat by its number or its player's name, the text after it as written;
    # a ruling's winner is a seat, each of 1, 2, 3 or a name
    reading = parse("seat 2 Li\nwarn Li talked about the cards\nwarn 3 slow\nruling winner=1 a\nruling winner=2 b\n"
                    "ruling winner=3 c\nruling winner=li d\n")
    assert reading.errors == []
    assert reading.events[1:] == [Warn("2", "talked about the cards", 2), Warn("3", "slow", 3), Ruling("1", "a", 4),
                                  Ruling("2", "b", 5), Ruling("3", "c", 6), Ruling("2", "d", 7)]


def test_a_rocket_with_its_cards_in_either_order() -> None:
    # `rocket SEAT SJ BJ` also (the format); the jokers in any order are both jokers, written SJ BJ
    reading = parse("rocket 1 SJ BJ\nrocket 2 大王 小王\n")
    assert reading.errors == []
    assert reading.events == [Rocket(1, (SJ, BJ), 1), Rocket(2, (SJ, BJ), 2)]


def test_a_play_and_a_bomb_read_every_card_after_the_seat() -> None:
    reading = parse("play 2 3 4 5 6 7\nplay 1 JJ\nbomb 3 K K K K\n")
    assert reading.errors == []
    assert reading.events == [Play(2, (Card(3), Card(4), Card(5), Card(6), Card(7)), 1),
                              Play(1, (Card(11), Card(11)), 2), Bomb(3, (Card(13),) * 4, 3)]


def test_every_event_written_canonically() -> None:
    # each event's line as the format's table writes it, every card separately; a blank line before each deal but
    # on the first line; a value or a text that needs quotes quoted (an empty one, a '#')
    events: list[Event] = [
        Header("T", "house", (("id", "T"), ("game", "doudizhu"), ("rules", "house"), ("event", "A night")), 1),
        SeatName(1, "Ann", 2), SeatName(2, "Li Si", 3), SeatName(3, "#3", 4), DealStart(5),
        Bid(1, "1", 6), Bid(2, "pass", 7), Bid(3, "rob", 8), Kitty((Card(5, "H"), Card(9, "C"), BJ), 9),
        Landlord(3, 10), Show(3, 11), Play(3, (Card(3), Card(3), Card(4)), 12), Bomb(1, (Card(7),) * 4, 13),
        Rocket(2, (SJ, BJ), 14), Out(3, 15), Spring(16), AntiSpring(17), Warn("1", "slow play", 18),
        Ruling("2", "", 19), DealStart(20), Redeal(21)
    ]
    assert write(events) == (
        'match id=T game=doudizhu rules=house event="A night"\n'
        "seat 1 Ann\nseat 2 Li Si\n"
        'seat 3 "#3"\n'
        "\ndeal\nbid 1 1\nbid 2 pass\nbid 3 rob\nkitty 5H 9C BJ\nlandlord 3\nshow 3\nplay 3 3 3 4\nbomb 1 7 7 7 7\n"
        "rocket 2\nout 3\nspring\nantispring\nwarn 1 slow play\n"
        'ruling winner=2 ""\n'
        "\ndeal\nredeal\n")
    assert write([DealStart(1), Out(2, 2)]) == "deal\nout 2\n"  # no blank line before the first line
    assert write([]) == ""


def test_a_name_the_match_does_not_take_names_no_seat() -> None:
    # The match takes a seat's first name only, and a name for one seat only (the engine refuses line 2, "seat 1 is
    # named twice", and line 3, "the name 甲 is already another seat's": tests/test_doudizhu_errors.py): 甲 stays
    # seat 1's, and 乙, refused, names no seat. (The reader read line 4 as seat 2's bid and line 5 as seat 1's.)
    reading = parse("seat 1 甲\nseat 1 乙\nseat 2 甲\nbid 甲 1\nbid 乙 2\nbid 甲 3\n")
    assert reading.events == [SeatName(1, "甲", 1), SeatName(1, "乙", 2), SeatName(2, "甲", 3), Bid(1, "1", 4),
                              Bid(1, "3", 6)]
    assert [(e.line, e.message) for e in reading.errors] == [
        (5, "'乙' is not a seat (1, 2, 3 or a player's name: 甲)")]


def test_a_play_a_bomb_and_a_rocket_by_a_players_name() -> None:
    reading = parse("seat 1 Ann\nseat 2 Bo\nseat 3 Cy\nplay ann 3\nbomb BO 7777\nrocket Cy\n")
    assert reading.errors == []
    assert reading.events[3:] == [Play(1, (Card(3),), 4), Bomb(2, (Card(7),) * 4, 5), Rocket(3, (SJ, BJ), 6)]


def test_a_name_in_another_case_is_the_same_name() -> None:
    # case ignored (the format, "Seats"): "ann" on seat 2 is seat 1's name Ann again, not taken, so ann stays seat 1
    reading = parse("seat 1 Ann\nseat 2 ann\nbid ann 1\n")
    assert reading.events[2] == Bid(1, "1", 3)


def test_a_header_value_may_hold_an_equals_sign() -> None:
    # KEY=VALUE: the key ends at the first '=', the rest is the value
    assert parse("match id=A note=x=y\n").events == [Header("A", None, (("id", "A"), ("note", "x=y")), 1)]
