"""The Hubei 打滚 record reader and writer (docs/hubei-dagun-record-format.md): every directive, the tolerant
spellings, each error with its line in English and Chinese, and the canonical writer."""

from __future__ import annotations

import pytest

from referee.games.hubei_dagun.events import Alone, Call, Claim, Deal, Declare, Header, Places, Points, Seat
from referee.games.hubei_dagun.notation import parse, write

HEADER = "match id=T1 game=hubei-dagun rules=hubei-dagun date=2026-12-01\n"


def one(line: str):
    """The one event of a record holding only *line* (after a header), and no error."""
    record = parse(HEADER + line + "\n")
    assert record.errors == [], [str(e) for e in record.errors]
    assert len(record.events) == 2
    return record.events[1]


def error(line: str):
    """The one error of a record whose second line is *line*: (line number, English, Chinese)."""
    record = parse(HEADER + line + "\n")
    assert len(record.errors) == 1, [str(e) for e in record.errors]
    e = record.errors[0]
    return e.line, e.message, e.message_zh


def test_every_directive_is_read():
    record = parse(
        HEADER
        + "seat E 张伟\n"
        + "deal 1 dealer=E\n"
        + "call H10 partner=W\n"
        + "places S E N W\n"
        + "points E=40 S=50 W=30 N=45 hand=35\n"
        + "declare N xi7 9\n"
        + "declare S sky\n"
        + "claim plain\n"
        + "deal 2 dealer=S\n"
        + "alone W\n"
    )
    assert record.errors == []
    assert record.events == [
        Header("T1", "hubei-dagun", (("game", "hubei-dagun"), ("date", "2026-12-01")), 1),
        Seat("E", "张伟", 2),
        Deal(1, "E", 3),
        Call("H10", "W", 4),
        Places(("S", "E", "N", "W"), 5),
        Points((("E", 40), ("S", 50), ("W", 30), ("N", 45)), 35, 6),
        Declare("N", "xi7", "9", 7),
        Declare("S", "sky", None, 8),
        Claim("plain", 9),
        Deal(2, "S", 10),
        Alone("W", 11),
    ]


@pytest.mark.parametrize(("line", "event"), [
    # Chinese directive, seat and card names; full-width characters; ':' for '='
    ("叫牌 红桃10 朋友=西", Call("H10", "W", 2)),
    ("找朋友 ♥10 西", Call("H10", "W", 2)),
    ("call 10h partner:w", Call("H10", "W", 2)),
    ("call 大王 partner=S", Call("BJ", "S", 2)),
    ("call sj S", Call("SJ", "S", 2)),
    ("CALL ＨＡ ＰＡＲＴＮＥＲ＝Ｎ", Call("HA", "N", 2)),
    ("call 梅花k N", Call("CK", "N", 2)),
    ("局 3 庄家=北", Deal(3, "N", 2)),
    ("deal dealer=e", Deal(None, "E", 2)),
    ("deal 2 S", Deal(2, "S", 2)),
    ("硬牌 南", Alone("S", 2)),
    ("名次 东、西、南、北", Places(("E", "W", "S", "N"), 2)),
    ("places e,w s n", Places(("E", "W", "S", "N"), 2)),
    ("分数 东=40 南=50 西=30 北=45 手中=35", Points((("E", 40), ("S", 50), ("W", 30), ("N", 45)), 35, 2)),
    ("points N=45 W=30 S=50 E=40 hand=35  # any order", Points((("E", 40), ("S", 50), ("W", 30), ("N", 45)), 35, 2)),
    ("报 北 8喜 K", Declare("N", "xi8", "K", 2)),
    ("declare n 7xi 10", Declare("N", "xi7", "10", 2)),
    ("declare n 天炸", Declare("N", "sky", None, 2)),
    ("结果 光头", Claim("guangtou", 2)),
    ("claim 绑", Claim("bang", 2)),
    ('seat W "Wang Qiang"', Seat("W", "Wang Qiang", 2)),
])
def test_tolerant_spellings(line, event):
    assert one(line) == event


@pytest.mark.parametrize(("line", "english", "chinese"), [
    ("bogus 1", "unknown directive 'bogus' (known: match, seat, deal, call, alone, places, points, declare, claim, "
     "warn, ruling)",
     "未知指令 'bogus'（可用的有：match、seat、deal、call、alone、places、points、declare、claim、warn、ruling）"),
    ("seat Q 张三", "seat: 'Q' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "seat：“Q”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("seat E", "seat: give the seat and the player's name (seat E 张三)", "seat：请给出座位和选手姓名（seat E 张三）"),
    ("deal 1", "deal: name the dealer (deal 1 dealer=E)", "deal：请写出庄家（deal 1 dealer=E）"),
    ("deal 0 dealer=E", "deal: deals count from 1", "deal：局数从 1 开始"),
    ("deal 1 banker=E", "deal: unknown key 'banker' (known: dealer)", "deal：未知的键“banker”（可用：dealer）"),
    ("call H11 partner=W", "'H11' is not a card (a suit S H C D or ♠ ♥ ♣ ♦ with a rank 2-10 J Q K A, or BJ, SJ)",
     "“H11”不是一张牌（花色 S H C D 或 ♠ ♥ ♣ ♦ 加点数 2-10 J Q K A，或 BJ、SJ）"),
    ("call H10", "call: give the called card and the partner who holds its twin (call H10 partner=W)",
     "call：请给出叫的牌和持有另一张的朋友（call H10 partner=W）"),
    ("call H10 friend=W", "call: unknown key 'friend' (known: partner)", "call：未知的键“friend”（可用：partner）"),
    ("alone", "alone: name the one seat that plays alone (alone S)", "alone：请写出硬牌的一个座位（alone S）"),
    ("places E S W", "places: give the four seats in finishing order, 一游 to 末游 (3 given)",
     "名次：请按一游到末游的顺序写出四个座位（给出了 3 个）"),
    ("places E S E N", "places: E finish twice; each seat finishes once", "名次：东 出现了两次；每个座位只有一个名次"),
    ("points E=40 S=50 W=30 N=45",
     "points: hand= (the points still in hand at the end) is missing; write hand=0 for none",
     "points：缺少 hand=（结束时手中未出的分数）；没有写 hand=0"),
    ("points E=40 S=50 W=30 hand=80", "points: no points given for N (write 0 for none)",
     "points：没有写 北 的分数（没有分写 0）"),
    ("points E=42 S=48 W=30 N=45 hand=35", "points E: 42 is not a multiple of 5 from 0 to 200 (points are 5, 10 and K)",
     "points E：42 不是 0 到 200 之间 5 的倍数（分数只有 5、10、K）"),
    ("points E=205 S=0 W=0 N=0 hand=0", "points E: 205 is not a multiple of 5 from 0 to 200 (points are 5, 10 and K)",
     "points E：205 不是 0 到 200 之间 5 的倍数（分数只有 5、10、K）"),
    ("points E=x S=50 W=30 N=45 hand=35", "points E: 'x' is not a whole number", "points E：“x”不是整数"),
    ("points E=40 E=50 W=30 N=45 hand=35", "points: E is given twice", "points：东 出现了两次"),
    ("points E=40 S=50 W=30 N=45 hand=30", "points: the points add up to 195, not 200 (two decks hold 200: rules §3)",
     "points：分数合计 195，不是 200（两副牌共 200 分：规则 §3）"),
    ("points E 40", "points: 'E' is not SEAT=POINTS or hand=POINTS", "points：“E”不是 座位=分数 或 hand=分数"),
    ("declare N xi8", "declare: a 喜 needs its rank (declare S xi8 K)", "declare：喜需要写点数（declare S xi8 K）"),
    ("declare N sky K", "declare: 天炸 is the four jokers: it has no rank", "declare：天炸是四张王，没有点数"),
    ("declare N xi9 K", "declare: 'xi9' is not a declared hand (sky 天炸, xi8 8喜, xi7 7喜)",
     "declare：“xi9”不是可报的牌（sky 天炸、xi8 8喜、xi7 7喜）"),
    ("declare N xi8 BJ", "declare: 'BJ' is not a rank (2-10, J, Q, K, A; a 喜 holds no joker)",
     "declare：“BJ”不是点数（2-10、J、Q、K、A；喜不含王）"),
    ("claim win big", "claim: give one of plain, bang (绑), qing (清), guangtou (光头)",
     "claim：请写 plain、bang（绑）、qing（清）或 guangtou（光头）之一"),
    ('seat E "张', "a quotation mark is not closed", "引号没有闭合"),
])
def test_each_error_names_its_line_in_both_languages(line, english, chinese):
    assert error(line) == (2, english, chinese)


def test_header_errors():
    record = parse("match game=hubei-dagun\nmatch id=A id=B\nmatch id=A oops\n")
    assert [(e.line, e.message, e.message_zh) for e in record.errors] == [
        (1, "match: the header needs id=…", "match：比赛头需要 id=…"),
        (2, "match: the key 'id' is given twice", "match：键“id”出现了两次"),
        (3, "match: 'oops' is not KEY=VALUE", "match：“oops”不是 键=值"),
    ]


def test_every_bad_line_is_reported_and_the_rest_read():
    record = parse(HEADER + "deal 1 dealer=E\nplaces E E S N\ncall H10 partner=W\nbogus\n")
    assert [e.line for e in record.errors] == [3, 5]
    assert [type(ev).__name__ for ev in record.events] == ["Header", "Deal", "Call"]


def test_comments_blank_lines_and_bom():
    record = parse("\ufeff# a comment\n\n" + HEADER + 'seat E "A # not a comment"  # a comment\n')
    assert record.errors == []
    assert record.events[1] == Seat("E", "A # not a comment", 4)


def test_the_writer_is_canonical_and_idempotent():
    typed = HEADER.replace("game=hubei-dagun rules", "rules").rstrip() + " game=hubei-dagun event=\"Club night\"\n" + (
        "座位 东 张伟\n局 1 庄家=东\n叫牌 红桃10 朋友=西\n名次 南 东 北 西\n分数 东=40 南=50 西=30 北=45 手中=35\n"
        "报 北 7喜 9\n结果 平\n局 2 南\n硬牌 西\n名次 西,东,南,北\n")
    text = write(parse(typed).events)
    assert text == (
        'match id=T1 game=hubei-dagun rules=hubei-dagun date=2026-12-01 event="Club night"\n'
        "seat E 张伟\n"
        "\n"
        "deal 1 dealer=E\n"
        "call H10 partner=W\n"
        "places S E N W\n"
        "points E=40 S=50 W=30 N=45 hand=35\n"
        "declare N xi7 9\n"
        "claim plain\n"
        "\n"
        "deal 2 dealer=S\n"
        "alone W\n"
        "places W E S N\n"
    )
    again = parse(text)
    assert again.errors == [] and write(again.events) == text


def test_ids_and_names_are_checked_as_everywhere():
    record = parse('match id=../x game=hubei-dagun\nmatch id=A event="a\x07b"\nseat E "' + "x" * 101 + '"\n'
                   'seat S "a\x1bb"\n')
    assert [(e.line, e.message) for e in record.errors] == [
        (1, "match id= '../x': an id holds letters, digits, '-', '_' and '.' only "
            "(and does not start with '.' or '-')"),
        (2, "match event=: control character \\x07 is not allowed"),
        (3, "seat: at most 100 characters, not 101"),
        (4, "seat: control character \\x1b is not allowed"),
    ]
    assert all(e.message_zh != e.message for e in record.errors)  # each in Chinese too
