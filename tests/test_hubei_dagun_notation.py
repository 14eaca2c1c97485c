"""The Hubei 打滚 record reader and writer (docs/hubei-dagun-record-format.md): every directive, the tolerant
spellings, each error with its line in English and Chinese, and the canonical writer."""

from __future__ import annotations

import pytest

from referee.games.hubei_dagun import notation
from referee.games.hubei_dagun.events import Alone, Call, Claim, Deal, Declare, Event, Header, Places, Points, Seat
from referee.games.hubei_dagun.notation import parse, write
from referee.games.kit.conduct import Ruling, Warn

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


# --- every spelling, every refusal whole, every canonical line (issue 30: the notation under mutation) -----------

# Each directive in every spelling the format's table gives it (the keyword and its Chinese words), in another case
# and in full-width letters where it has them (case and full width are forgiven): after the header, one event.
SPELLED = [
    (("seat", "座位", "SEAT", "ｓｅａｔ"), "E 张伟", Seat("E", "张伟", 2)),
    (("deal", "局", "Deal"), "1 dealer=E", Deal(1, "E", 2)),
    (("call", "叫牌", "找朋友", "CALL"), "H10 partner=W", Call("H10", "W", 2)),
    (("alone", "硬牌", "Alone"), "W", Alone("W", 2)),
    (("places", "名次", "PLACES"), "S E N W", Places(("S", "E", "N", "W"), 2)),
    (("points", "分数", "得分", "Points"), "E=40 S=50 W=30 N=45 hand=35",
     Points((("E", 40), ("S", 50), ("W", 30), ("N", 45)), 35, 2)),
    (("declare", "报", "DECLARE"), "N xi7 9", Declare("N", "xi7", "9", 2)),
    (("claim", "结果", "Claim"), "qing", Claim("qing", 2)),
    (("warn", "警告", "WARN"), "S slow play", Warn("S", "slow play", 2)),
    (("ruling", "裁定", "Ruling"), "winner=N the deal stands", Ruling("N", "the deal stands", 2)),
]


@pytest.mark.parametrize(("words", "rest", "event"), SPELLED)
def test_each_directive_in_each_of_its_spellings(words, rest, event):
    for word in words:
        assert one(f"{word} {rest}") == event, word


@pytest.mark.parametrize("word", ["match", "比赛", "MATCH"])
def test_the_header_in_each_spelling(word):
    assert parse(f"{word} id=A game=hubei-dagun\n").events == [Header("A", None, (("game", "hubei-dagun"),), 1)]


# The format's lists: seats E S W N / 东 南 西 北; hands sky 天炸, xi8 8喜, xi7 7喜; claims plain 平, bang 绑, qing
# 清, guangtou 光头; a 喜's rank 3-10 J Q K A 2
@pytest.mark.parametrize(("word", "seat"), [("E", "E"), ("s", "S"), ("W", "W"), ("n", "N"), ("东", "E"),
                                            ("南", "S"), ("西", "W"), ("北", "N"), ("Ｅ", "E")])
def test_each_seat_word(word, seat):
    assert one(f"alone {word}") == Alone(seat, 2)


@pytest.mark.parametrize(("words", "kind"), [(("sky", "天炸", "SKY"), "sky")])
def test_each_sky_word(words, kind):
    for word in words:
        assert one(f"declare E {word}") == Declare("E", kind, None, 2)


@pytest.mark.parametrize(("word", "kind"), [("xi8", "xi8"), ("8喜", "xi8"), ("XI8", "xi8"), ("xi7", "xi7"),
                                            ("7喜", "xi7"), ("Xi7", "xi7")])
@pytest.mark.parametrize(("rank_word", "rank"), [("3", "3"), ("10", "10"), ("J", "J"), ("q", "Q"), ("K", "K"),
                                                 ("a", "A"), ("2", "2")])
def test_each_xi_word_with_each_kind_of_rank(word, kind, rank_word, rank):
    assert one(f"declare W {word} {rank_word}") == Declare("W", kind, rank, 2)


@pytest.mark.parametrize(("word", "kind"), [("plain", "plain"), ("平", "plain"), ("bang", "bang"), ("绑", "bang"),
                                            ("qing", "qing"), ("清", "qing"), ("guangtou", "guangtou"),
                                            ("光头", "guangtou"), ("BANG", "bang")])
def test_each_claim_word(word, kind):
    assert one(f"claim {word}") == Claim(kind, 2)


@pytest.mark.parametrize(("token", "card"), [
    ("H10", "H10"), ("10H", "H10"), ("♥10", "H10"), ("红桃10", "H10"), ("10红桃", "H10"), ("s2", "S2"),
    ("黑桃A", "SA"), ("♣q", "CQ"), ("梅花J", "CJ"), ("d3", "D3"), ("方片K", "DK"), ("K方片", "DK"), ("JS", "JS"),
    ("♠J", "JS"), ("J♠", "JS"), ("黑桃J", "JS"), ("js", "JS"), ("BJ", "BJ"), ("大王", "BJ"), ("SJ", "SJ"),
    ("小王", "SJ"), ("sj", "SJ"),
])
def test_each_card_spelling(token, card):
    # a suit S H C D (♠ ♥ ♣ ♦, 黑桃 红桃 梅花 方片) and a rank in either order; BJ/大王, SJ/小王 the jokers; the jack
    # of spades rank first (JS, ♠J, J♠, 黑桃J, written JS), SJ always the small joker. The reader's memory of the
    # tokens it read is emptied first: filled by an earlier test, it would answer without reading.
    notation._CARDS.clear()
    assert one(f"call {token} partner=N") == Call(card, "N", 2)


def test_a_header_item_by_item():
    # each key in lower case, each value as written; rules= the rule set (an empty one names none); the others
    # kept in their order
    assert one("seat E a") == Seat("E", "a", 2)
    record = parse('match ID=M Game=hubei-dagun RULES=house Event="A night" date=2026-12-01\n')
    assert record.errors == []
    assert record.events == [Header("M", "house", (("game", "hubei-dagun"), ("event", "A night"),
                                                   ("date", "2026-12-01")), 1)]
    assert parse("match id=M rules=\n").events == [Header("M", None, (), 1)]


def test_a_seats_name_is_every_word_after_the_seat():
    assert one("seat N Liu  Yang Jr") == Seat("N", "Liu Yang Jr", 2)


def test_a_deal_in_each_form():
    # deal [N] dealer=SEAT: the number first if any, the dealer by key (dealer, 庄家, 庄) or alone
    assert one("deal dealer=N") == Deal(None, "N", 2)
    assert one("deal 12 庄=S") == Deal(12, "S", 2)
    assert one("deal W") == Deal(None, "W", 2)
    assert one("deal dealer:E") == Deal(None, "E", 2)


def test_places_separated_by_spaces_commas_or_the_chinese_comma():
    assert one("places N,W,,S E") == Places(("N", "W", "S", "E"), 2)
    assert one("places 北、西、南、东") == Places(("N", "W", "S", "E"), 2)


def test_points_at_their_edges():
    # 0 and 200 are multiples of 5 from 0 to 200; the keys hand=, 手中=, left= alike, a seat by its Chinese name
    assert one("points E=200 S=0 W=0 N=0 hand=0") == Points((("E", 200), ("S", 0), ("W", 0), ("N", 0)), 0, 2)
    assert one("points 东=0 南=0 西=0 北=5 left=195") == Points((("E", 0), ("S", 0), ("W", 0), ("N", 5)), 195, 2)
    assert one("points N:50 S:50 W:50 E:45 手中:5") == Points((("E", 45), ("S", 50), ("W", 50), ("N", 50)), 5, 2)


REFUSALS = [
    ("declare N", "declare: give the seat and the hand: sky (天炸), xi8 RANK (8喜) or xi7 RANK (7喜)",
     "declare：请给出座位和牌：sky（天炸）、xi8 点数（8喜）或 xi7 点数（7喜）"),
    ("declare N xi8 K K", "declare: give the seat and the hand: sky (天炸), xi8 RANK (8喜) or xi7 RANK (7喜)",
     "declare：请给出座位和牌：sky（天炸）、xi8 点数（8喜）或 xi7 点数（7喜）"),
    ("declare X sky", "declare: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "declare：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("claim", "claim: give one of plain, bang (绑), qing (清), guangtou (光头)",
     "claim：请写 plain、bang（绑）、qing（清）或 guangtou（光头）之一"),
    ("claim tie", "claim: give one of plain, bang (绑), qing (清), guangtou (光头)",
     "claim：请写 plain、bang（绑）、qing（清）或 guangtou（光头）之一"),
    ("alone E S", "alone: name the one seat that plays alone (alone S)", "alone：请写出硬牌的一个座位（alone S）"),
    ("alone X", "alone: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "alone：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("call H10 partner=W extra", "call: give the called card and the partner who holds its twin (call H10 partner=W)",
     "call：请给出叫的牌和持有另一张的朋友（call H10 partner=W）"),
    ("call H10 partner=X", "call partner: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "call partner：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("call H10 X", "call partner: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "call partner：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("call 红桃 partner=W", "'红桃' is not a card (a suit S H C D or ♠ ♥ ♣ ♦ with a rank 2-10 J Q K A, or BJ, SJ)",
     "“红桃”不是一张牌（花色 S H C D 或 ♠ ♥ ♣ ♦ 加点数 2-10 J Q K A，或 BJ、SJ）"),
    ("deal 1 dealer=X", "deal dealer: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "deal dealer：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("deal E 2", "deal dealer: '2' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "deal dealer：“2”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("deal 1 2 dealer=E", "deal dealer: '2' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "deal dealer：“2”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("deal 0 E", "deal: deals count from 1", "deal：局数从 1 开始"),
    ("deal", "deal: name the dealer (deal 1 dealer=E)", "deal：请写出庄家（deal 1 dealer=E）"),
    ("places E S W N E", "places: give the four seats in finishing order, 一游 to 末游 (5 given)",
     "名次：请按一游到末游的顺序写出四个座位（给出了 5 个）"),
    ("places W W E E", "places: E, W finish twice; each seat finishes once",
     "名次：东、西 出现了两次；每个座位只有一个名次"),
    ("places N N S S", "places: S, N finish twice; each seat finishes once",
     "名次：南、北 出现了两次；每个座位只有一个名次"),
    ("call H10 partner==W", "call partner: '=W' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "call partner：“=W”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("call H10 partner::W", "call partner: ':W' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "call partner：“:W”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("places E S W X", "places: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "places：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("points E=40 S=50 W=30 N=45 hand=35 hand=0", "points: hand= is given twice", "points：hand= 出现了两次"),
    ("points E=40 S=50 W=30 hand=80", "points: no points given for N (write 0 for none)",
     "points：没有写 北 的分数（没有分写 0）"),
    ("points E=40 hand=160", "points: no points given for S, W, N (write 0 for none)",
     "points：没有写 南、西、北 的分数（没有分写 0）"),
    ("points E=٤٠ S=50 W=30 N=45 hand=35", "points E: '٤٠' is not a whole number", "points E：“٤٠”不是整数"),
    ("points E=40 S=50 W=30 N=45 hand=-5", "points hand: '-5' is not a whole number", "points hand：“-5”不是整数"),
    ("points E=40 S=50 W=30 N=45 X=35", "points: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "points：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("points E=40 S=50 W=30 N=45 hand=40", "points: the points add up to 205, not 200 (two decks hold 200: rules §3)",
     "points：分数合计 205，不是 200（两副牌共 200 分：规则 §3）"),
    ("seat X 张三", "seat: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "seat：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("match id=A =x", "match: '=x' is not KEY=VALUE", "match：“=x”不是 键=值"),
    ("match id=A game=x GAME=y", "match: the key 'game' is given twice", "match：键“game”出现了两次"),
    ("match id= game=x", "match: the header needs id=…", "match：比赛头需要 id=…"),
    ("match", "match: the header needs id=…", "match：比赛头需要 id=…"),
    ("match id=A event=" + "x" * 101, "match event=: at most 100 characters, not 101",
     "match event=：最多 100 个字符，这里有 101 个"),
    ("warn", "'warn' is written: warn SEAT TEXT", "'warn' 的写法：warn SEAT TEXT"),
    ("warn E", "'warn' is written: warn SEAT TEXT", "'warn' 的写法：warn SEAT TEXT"),
    ("warn X slow", "warn: 'X' is not a seat (E, S, W, N or 东, 南, 西, 北)",
     "warn：“X”不是座位（E、S、W、N 或 东、南、西、北）"),
    ("ruling winner=X moved", "ruling: winner=X is not a side (E, S, W, N)", "裁定：winner=X 不是一方（E、S、W、N）"),
]


@pytest.mark.parametrize(("line", "english", "chinese"), REFUSALS)
def test_each_refusal_whole_in_both_languages_at_its_line(line, english, chinese):
    assert error(line) == (2, english, chinese)


def test_a_warning_and_a_ruling_by_each_seat_word():
    # the conduct lines (rules §11): a seat as E S W N or 东 南 西 北, the text after it as written
    record = parse(HEADER + "warn 东 talked about  the cards\nruling winner=s a\nruling 胜方=西 b\n"
                   "ruling winner=北 c\n")
    assert record.errors == []
    assert record.events[1:] == [Warn("E", "talked about  the cards", 2), Ruling("S", "a", 3), Ruling("W", "b", 4),
                                 Ruling("N", "c", 5)]


def test_every_event_written_canonically():
    # the header: id, game, rules, date, then the other keys in their order; a name or a value with a space quoted;
    # a deal's number only when given; a declared 天炸 without a rank; a blank line before each deal
    events: list[Event] = [
        Header("T", "house", (("event", "A night"), ("date", "2026-12-01"), ("game", "hubei-dagun"),
                              ("table", "2")), 1),
        Seat("E", "Zhang Wei", 2), Seat("S", "李娜", 3), Deal(None, "E", 4), Call("SJ", "W", 5),
        Places(("S", "E", "N", "W"), 6), Points((("E", 40), ("S", 50), ("W", 30), ("N", 45)), 35, 7),
        Declare("N", "xi8", "10", 8), Declare("S", "sky", None, 9), Claim("bang", 10),
        Warn("W", "slow", 11), Ruling("E", "the deal stands", 12), Deal(2, "S", 13), Alone("W", 14)
    ]
    assert write(events) == (
        'match id=T game=hubei-dagun rules=house date=2026-12-01 event="A night" table=2\n'
        'seat E "Zhang Wei"\nseat S 李娜\n'
        "\ndeal dealer=E\ncall SJ partner=W\nplaces S E N W\npoints E=40 S=50 W=30 N=45 hand=35\n"
        "declare N xi8 10\ndeclare S sky\nclaim bang\nwarn W slow\nruling winner=E the deal stands\n"
        "\ndeal 2 dealer=S\nalone W\n")
    assert write([Header("T", None, (), 1)]) == "match id=T\n"
    assert write([Deal(1, "E", 1)]) == "deal 1 dealer=E\n"


@pytest.mark.parametrize("token", ["10", "K", "H", "红桃", "H1O", "X10", "10X", "HH10", "J"])
def test_what_is_not_a_card(token):
    # a rank alone, a suit alone, a stranger before or after, two suits: no card (the reader's memory emptied first)
    notation._CARDS.clear()
    assert error(f"call {token} partner=W") == (
        2, f"'{token}' is not a card (a suit S H C D or ♠ ♥ ♣ ♦ with a rank 2-10 J Q K A, or BJ, SJ)",
        f"“{token}”不是一张牌（花色 S H C D 或 ♠ ♥ ♣ ♦ 加点数 2-10 J Q K A，或 BJ、SJ）")


def test_a_header_value_may_hold_an_equals_sign():
    # KEY=VALUE: the key ends at the first '='
    assert parse("match id=A note=x=y\n").events == [Header("A", None, (("note", "x=y"),), 1)]
