"""The Jinhua mahjong record reader and writer (docs/jinhua-mahjong-record-format.md): every directive, the
tolerant forms, each error with its line in English and Chinese, and export as a fixed point."""

from __future__ import annotations

from referee.games.jinhua_mahjong.events import Caishen, Claim, Deal, Header, Liable, NoWin, Patterns, Seat, Tiles, Win
from referee.games.jinhua_mahjong.notation import parse, write
from referee.games.jinhua_mahjong.tiles import (
    chinese,
    code,
    is_honour,
    parse_tile,
    parse_tiles,
    rank_of,
    suit_of,
    write_tiles,
)


def test_every_directive() -> None:
    text = """match id=M1 game=jinhua-mahjong rules=jinhua-capped date=2026-12-01 event="Club night"
seat E 张 三
deal S
caishen 3m
chi W S
pong N from W
kong E W
win N self
patterns pengpeng 清一色
tiles 2p2p2p 5p5p5p 7p7p7p 9p 9p 3m 3m 9p
liable W
deal
nowin
"""
    record = parse(text)
    assert record.errors == []
    assert record.events == [
        Header("M1", "jinhua-capped", (("date", "2026-12-01"), ("event", "Club night")), 1),
        Seat("E", "张 三", 2), Deal("S", 3), Caishen(2, 4), Claim("chi", "W", "S", 5), Claim("pong", "N", "W", 6),
        Claim("kong", "E", "W", 7), Win("N", None, 8), Patterns(("pengpeng", "qingyise"), 9),
        Tiles((10, 10, 10, 13, 13, 13, 15, 15, 15, 17, 17, 2, 2, 17), 10), Liable("W", 11), Deal(None, 12),
        NoWin(13),
    ]


def test_chinese_and_tolerant_forms() -> None:
    record = parse("比赛 id=M2 game=Jinhua-Mahjong\n局 东\n财神 白板\n碰 西 南\n"
                   "胡 西 放铳 南   # 放铳\n"
                   "番型 七对子 海底捞月\n牌 一万 一萬 东 東 中 红中 发 發財 白 二筒 二饼 三条 三索 九条\n"
                   "DEAL\nWIN e FROM s\n承包 北\n流局\n")
    assert record.errors == []
    ev = record.events
    assert ev[1] == Deal("E", 2) and ev[2] == Caishen(33, 3) and ev[3] == Claim("pong", "W", "S", 4)
    assert ev[4] == Win("W", "S", 5) and ev[5] == Patterns(("qidui", "haidi"), 6)
    assert ev[6] == Tiles((0, 0, 27, 27, 31, 31, 32, 32, 33, 10, 10, 20, 20, 26), 7)
    assert ev[8] == Win("E", "S", 9) and ev[9] == Liable("N", 10) and ev[10] == NoWin(11)


def test_tiles_notation() -> None:
    assert parse_tiles(["123m", "EE", "P"]) == ([0, 1, 2, 27, 27, 33], [])
    assert parse_tiles(["1m", "0m", "X"]) == ([0], ["0m", "X"])


def test_each_error_has_its_line_and_both_languages() -> None:
    text = "\n".join([
        "match game=jinhua-mahjong",  # 1: no id
        "seat X 张三",  # 2
        "deal E S",  # 3
        "caishen 0m",  # 4
        "pong W",  # 5
        "win W maybe",  # 6
        "patterns 大四喜",  # 7
        "tiles 1m 2m 3m",  # 8
        "liable",  # 9
        "shout",  # 10
        "nowin now",  # 11
        "match id=X game=gunzi",  # 12
    ])
    got = [(e.line, e.message, e.message_zh) for e in parse(text).errors]
    assert got[:6] == [
        (1, "match: the header needs id=ID", "match：比赛行需要 id=ID"),
        (2, "seat: 'X' is not a seat (E S W N or 东 南 西 北)", "seat：'X' 不是座位（E S W N 或 东 南 西 北）"),
        (3, "deal: expected 'deal [DEALER]'", "deal：应为 'deal [DEALER]'"),
        (4, "'0m' is not a tile (1m-9m, 1p-9p, 1s-9s, E S W N, C F P, or 三万 东 白板 …)",
         "'0m' 不是牌（1m-9m、1p-9p、1s-9s、E S W N、C F P，或 三万 东 白板 …）"),
        (5, "pong: expected 'pong CLAIMER [from] FEEDER'", "pong：应为 'pong CLAIMER [from] FEEDER'"),
        (6, "win: 'maybe' is not a seat (E S W N or 东 南 西 北)", "win：'maybe' 不是座位（E S W N 或 东 南 西 北）"),
    ]
    assert got[6][0] == 7 and got[6][1].startswith("patterns: '大四喜' is not a pattern (known: pinghu 平胡, ")
    assert got[6][2].startswith("patterns：'大四喜' 不是番型（可用：pinghu 平胡、")
    assert got[7:] == [
        (8, "tiles: 3 tiles, a hand is 14 (a kong written as three, the tile won last)",
         "tiles：3 张牌，胡牌时手牌为 14 张（杠写三张，胡的那张写在最后）"),
        (9, "liable: expected 'liable SEAT'", "liable：应为 'liable SEAT'"),
        (10, "'shout' is not a directive of a Jinhua mahjong record (directives: match, seat, deal, caishen, chi, "
             "pong, kong, win, patterns, tiles, liable, nowin, warn, ruling)",
         "'shout' 不是金华麻将记录的指令（指令：match、seat、deal、caishen、chi、pong、kong、win、patterns、tiles、"
         "liable、nowin、warn、ruling）"),
        (11, "nowin: expected 'nowin'", "nowin：应为 'nowin'"),
        (12, "match: game=gunzi is not jinhua-mahjong", "match：game=gunzi 不是 jinhua-mahjong"),
    ]


def test_export_is_canonical_and_a_fixed_point() -> None:
    text = ("比赛 id=M3 game=jinhua-mahjong event=\"Club night\"\n座 南 李四\n局\n财神 3M\n吃 南 东\n"
            "胡 南 自摸\n番型 清一色\n牌 123m 456m 789m 11m 23m 3m\n")
    canonical = write(parse(text).events)
    assert canonical == ('match id=M3 game=jinhua-mahjong event="Club night"\nseat S 李四\n\ndeal\ncaishen 3m\n'
                         "chi S E\nwin S self\npatterns qingyise\n"
                         "tiles 1m 2m 3m 4m 5m 6m 7m 8m 9m 1m 1m 2m 3m 3m\n")
    assert write(parse(canonical).events) == canonical


def test_ids_and_names_are_checked_like_every_record() -> None:
    # referee.core.names: an id a file name can be made of; printable names of at most 100 characters
    text = 'match id=../x game=jinhua-mahjong\nseat E \x1b[31mred\nmatch id=ok game=jinhua-mahjong event="a\x01b"\n'
    got = [(e.line, e.message, e.message_zh) for e in parse(text).errors]
    assert got == [
        (1, "match id= '../x': an id holds letters, digits, '-', '_' and '.' only (and does not start with '.' or "
            "'-')", "match id= '../x'：编号只能由字母、汉字、数字和 '-'、'_'、'.' 组成（不能以 '.' 或 '-' 开头）"),
        (2, "seat: control character \\x1b is not allowed", "seat：不能包含控制字符 \\x1b"),
        (3, "event=: control character \\x01 is not allowed", "event=：不能包含控制字符 \\x01"),
    ]
    long = parse("match id=ok game=jinhua-mahjong\nseat N " + "名" * 101 + "\n").errors
    assert [(e.line, e.message) for e in long] == [(2, "seat: at most 100 characters, not 101")]


# The 34 kinds, in the order of docs/jinhua-mahjong-rules.md §2.1 (一万..九万, 一筒..九筒, 一条..九条, the winds
# 东南西北, the dragons 中 发 白) numbered 0..33 as tiles.py says: each with its code (the record format's §Tiles:
# 1m..9m 万, 1p..9p 筒, 1s..9s 条, winds E S W N, dragons C 中, F 发, P 白板), its Chinese name, its suit (0 万,
# 1 筒, 2 条, None for a wind or dragon) and its rank (1..9 within the suit).
KINDS = [
    (0, "1m", "一万", 0, 1), (1, "2m", "二万", 0, 2), (2, "3m", "三万", 0, 3), (3, "4m", "四万", 0, 4),
    (4, "5m", "五万", 0, 5), (5, "6m", "六万", 0, 6), (6, "7m", "七万", 0, 7), (7, "8m", "八万", 0, 8),
    (8, "9m", "九万", 0, 9),
    (9, "1p", "一筒", 1, 1), (10, "2p", "二筒", 1, 2), (11, "3p", "三筒", 1, 3), (12, "4p", "四筒", 1, 4),
    (13, "5p", "五筒", 1, 5), (14, "6p", "六筒", 1, 6), (15, "7p", "七筒", 1, 7), (16, "8p", "八筒", 1, 8),
    (17, "9p", "九筒", 1, 9),
    (18, "1s", "一条", 2, 1), (19, "2s", "二条", 2, 2), (20, "3s", "三条", 2, 3), (21, "4s", "四条", 2, 4),
    (22, "5s", "五条", 2, 5), (23, "6s", "六条", 2, 6), (24, "7s", "七条", 2, 7), (25, "8s", "八条", 2, 8),
    (26, "9s", "九条", 2, 9),
    (27, "E", "东", None, None), (28, "S", "南", None, None), (29, "W", "西", None, None), (30, "N", "北", None, None),
    (31, "C", "中", None, None), (32, "F", "发", None, None), (33, "P", "白", None, None),
]


def test_every_kind_has_its_code_chinese_name_and_suit() -> None:
    assert [k[0] for k in KINDS] == list(range(34))  # all 34 kinds, once each
    for tile, written, name, suit, rank in KINDS:
        assert (code(tile), chinese(tile), suit_of(tile), is_honour(tile)) == (written, name, suit, suit is None)
        if rank is not None:
            assert rank_of(tile) == rank


def test_every_code_and_chinese_name_reads_as_its_tile() -> None:
    # codes in any case (the record format: "any case"), with the spaces around a token left out; the names
    for tile, written, name, _, _ in KINDS:
        for token in (written, written.lower(), written.upper(), f" {written.upper()} ", name):
            assert parse_tile(token) == tile, token
            assert parse_tiles([token]) == ([tile], []), token


# The other spellings the reader takes: the record format's 萬 餅 饼 條 索 for 万 筒 条, 白板, 红中, 发财; and the
# traditional forms of the reader's table (tiles.py): 東, 紅中, 發, 發財
OTHER_SPELLINGS = [
    ("一萬", 0), ("五萬", 4), ("九萬", 8), ("一餅", 9), ("五餅", 13), ("九饼", 17), ("一條", 18), ("五條", 22),
    ("九索", 26), ("三索", 20), ("白板", 33), ("红中", 31), ("发财", 32), ("東", 27), ("紅中", 31), ("發", 32),
    ("發財", 32),
]


def test_each_other_spelling_reads_as_its_tile() -> None:
    for token, tile in OTHER_SPELLINGS:
        assert parse_tile(token) == tile, token
        assert parse_tiles([token]) == ([tile], []), token
    assert parse_tiles([t for t, _ in OTHER_SPELLINGS]) == ([t for _, t in OTHER_SPELLINGS], [])


def test_what_is_not_a_tile() -> None:
    # a suit's name with no digit, a digit of another script, a Dou Dizhu joker, 十万 (ranks end at 九), 0m
    for token in ("万", "１m", "大王", "十万", "0m", "白白"):
        assert parse_tile(token) is None, token
    assert parse_tiles(["三万", "十万", "东", "大王"]) == ([2, 27], ["十万", "大王"])


def test_a_hand_is_written_one_code_a_tile_in_its_order() -> None:
    # 123m 456p 789s, 东, the three dragons: 4p is tile 12 (9 + 3), 7s tile 24 (18 + 6)
    tiles = [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 31, 32, 33]
    assert write_tiles(tiles) == "1m 2m 3m 4p 5p 6p 7s 8s 9s E C F P"
    assert write_tiles([33, 9, 0]) == "P 1p 1m"  # as given, not sorted
    assert write_tiles([]) == ""
