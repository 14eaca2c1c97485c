"""The Jinhua mahjong record reader and writer (docs/jinhua-mahjong-record-format.md): every directive, the
tolerant forms, each error with its line in English and Chinese, and export as a fixed point."""

from __future__ import annotations

import pytest

from referee.games.jinhua_mahjong.events import (
    Caishen,
    Claim,
    Deal,
    Event,
    Header,
    Liable,
    NoWin,
    Patterns,
    Seat,
    Tiles,
    Win,
)
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
from referee.games.kit.conduct import Ruling, Warn


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


# --- every spelling, every refusal whole, every canonical line (issue 30: the notation under mutation) -----------

HEAD = "match id=T game=jinhua-mahjong\n"


def one(line: str) -> object:
    """The one event *line* reads as, after a header (so on line 2), with no error."""
    record = parse(HEAD + line + "\n")
    assert record.errors == [], [(e.line, e.message) for e in record.errors]
    assert len(record.events) == 2
    return record.events[1]


def refused(line: str) -> tuple[int, str, str]:
    record = parse(HEAD + line + "\n")
    assert len(record.events) == 1, record.events
    assert len(record.errors) == 1
    e = record.errors[0]
    return e.line, e.message, e.message_zh


# Each directive in each spelling the format's table gives it (and those the reader adds: 座位, 盘, peng, gang, hu,
# 和, pattern, 番, hand, 手牌, draw, 荒庄, …), in another case too: the one event the table says.
SPELLED = [
    (("seat", "座", "座位", "SEAT"), "E 张三", Seat("E", "张三", 2)),
    (("deal", "局", "盘", "Deal"), "W", Deal("W", 2)),
    (("caishen", "财神", "財神", "CaiShen"), "3m", Caishen(2, 2)),
    (("chi", "吃", "CHI"), "S E", Claim("chi", "S", "E", 2)),
    (("pong", "peng", "碰", "Pong"), "W S", Claim("pong", "W", "S", 2)),
    (("kong", "gang", "杠", "槓", "KONG"), "N E", Claim("kong", "N", "E", 2)),
    (("win", "hu", "胡", "和", "Win"), "W S", Win("W", "S", 2)),
    (("patterns", "pattern", "番型", "番", "PATTERNS"), "qidui", Patterns(("qidui",), 2)),
    (("tiles", "hand", "牌", "手牌", "Tiles"), "123m 456m 789m 123p 99p",
     Tiles((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 17, 17), 2)),
    (("liable", "承包", "Liable"), "N", Liable("N", 2)),
    (("nowin", "draw", "流局", "荒庄", "NoWin"), "", NoWin(2)),
    (("warn", "警告", "WARN"), "S slow play", Warn("S", "slow play", 2)),
    (("ruling", "裁定", "Ruling"), "winner=E the deal stands", Ruling("E", "the deal stands", 2)),
]


@pytest.mark.parametrize(("words", "rest", "event"), SPELLED)
def test_each_directive_in_each_of_its_spellings(words: tuple[str, ...], rest: str, event: object) -> None:
    for word in words:
        assert one(f"{word} {rest}") == event, word


@pytest.mark.parametrize("word", ["match", "比赛", "MATCH"])
def test_the_header_in_each_spelling(word: str) -> None:
    assert parse(f"{word} id=A game=jinhua-mahjong\n").events == [Header("A", None, (), 1)]


@pytest.mark.parametrize(("word", "seat"), [("E", "E"), ("s", "S"), ("W", "W"), ("n", "N"), ("东", "E"),
                                            ("南", "S"), ("西", "W"), ("北", "N"), ("東", "E"), ("East", "E"),
                                            ("SOUTH", "S"), ("west", "W"), ("North", "N")])
def test_each_seat_word(word: str, seat: str) -> None:
    assert one(f"liable {word}") == Liable(seat, 2)


@pytest.mark.parametrize("word", ["self", "tsumo", "自摸", "zimo", "SELF"])
def test_each_word_of_a_self_drawn_win(word: str) -> None:
    assert one(f"win N {word}") == Win("N", None, 2)


@pytest.mark.parametrize("word", ["from", "discard", "放铳", "点炮", "fangchong", "From"])
def test_each_word_before_the_discarder_or_the_feeder(word: str) -> None:
    assert one(f"win N {word} E") == Win("N", "E", 2)
    assert one(f"pong N {word} E") == Claim("pong", "N", "E", 2)


def test_a_header_item_by_item() -> None:
    # keys in any case; id, rules and game read apart (game= must be this game's, in any case); the others kept in
    # their order, quoted values unquoted; an empty rules= names none
    record = parse('match ID=M RULES=house Game=JINHUA-MAHJONG Event="A night" date=2026-12-01\n'
                   "match id=N rules=\n")
    assert record.events[0] == Header("M", "house", (("event", "A night"), ("date", "2026-12-01")), 1)
    assert parse("match id=N rules=\n").events == [Header("N", None, (), 1)]
    assert parse("match id=N\n").events == [Header("N", None, (), 1)]


def test_a_seats_name_is_the_rest_of_the_line_unquoted() -> None:
    assert one("seat N  Zhao  Liu ") == Seat("N", "Zhao  Liu", 2)
    assert one('seat S "Li #4"') == Seat("S", "Li #4", 2)


def test_a_deal_without_a_dealer_and_patterns_named_twice() -> None:
    # deal [DEALER]: none given, the rotation's; a pattern named twice (by code and by name) is claimed once
    assert one("deal") == Deal(None, 2)
    assert one("patterns qidui 七对子 QIDUI 海底捞月") == Patterns(("qidui", "haidi"), 2)


def test_every_pattern_by_its_code_and_its_chinese_name() -> None:
    # §6: each pattern's code and Chinese name (patterns.BY_CODE, the catalogue of the rules)
    named = [("pinghu", "平胡"), ("pengpeng", "碰碰胡"), ("quanqiuren", "全求人"), ("qing_qidui", "清七对"),
             ("qidui", "七对子"), ("qidui_baotou", "七对子爆头"), ("shisan_bukao", "十三不靠"), ("qifeng", "七风"),
             ("qingyise", "清一色"), ("qingyise_clean", "清一色无财神"), ("luanfeng", "乱风"),
             ("caishen_tou", "财神头"), ("sancai_yike", "三财一刻"), ("baotou", "爆头"), ("gangbao", "杠爆"),
             ("gangkai", "杠上开花"), ("hunyise", "混一色"), ("tianhu", "天胡"), ("dihu", "地胡"),
             ("haidi", "海底捞月")]
    for code_, zh in named:
        assert one(f"patterns {code_}") == one(f"patterns {zh}") == Patterns((code_,), 2), code_


NOT_A_SEAT = "{}: '{}' is not a seat (E S W N or 东 南 西 北)", "{}：'{}' 不是座位（E S W N 或 东 南 西 北）"


def _not_seat(what: str, token: str) -> tuple[str, str]:
    return NOT_A_SEAT[0].format(what, token), NOT_A_SEAT[1].format(what, token)


REFUSALS = [
    ("seat E", "seat: expected 'seat SEAT NAME'", "seat：应为 'seat SEAT NAME'"),
    ("deal X", *_not_seat("deal", "X")),
    ("caishen", "caishen: expected 'caishen TILE'", "caishen：应为 'caishen TILE'"),
    ("caishen 3m 4m", "caishen: expected 'caishen TILE'", "caishen：应为 'caishen TILE'"),
    ("chi S", "chi: expected 'chi CLAIMER [from] FEEDER'", "chi：应为 'chi CLAIMER [from] FEEDER'"),
    ("chi S E W", "chi: expected 'chi CLAIMER [from] FEEDER'", "chi：应为 'chi CLAIMER [from] FEEDER'"),
    ("kong S from from E", "kong: expected 'kong CLAIMER [from] FEEDER'", "kong：应为 'kong CLAIMER [from] FEEDER'"),
    ("chi X E", *_not_seat("chi", "X")),
    ("chi S X", *_not_seat("chi", "X")),
    ("win", "win: expected 'win WINNER self | win WINNER [from] DISCARDER'",
     "win：应为 'win WINNER self | win WINNER [from] DISCARDER'"),
    ("win N", "win: expected 'win WINNER self | win WINNER [from] DISCARDER'",
     "win：应为 'win WINNER self | win WINNER [from] DISCARDER'"),
    ("win N from from E", "win: expected 'win WINNER self | win WINNER [from] DISCARDER'",
     "win：应为 'win WINNER self | win WINNER [from] DISCARDER'"),
    ("win N self E", "win: expected 'win WINNER self | win WINNER [from] DISCARDER'",
     "win：应为 'win WINNER self | win WINNER [from] DISCARDER'"),
    ("win N E S", "win: expected 'win WINNER self | win WINNER [from] DISCARDER'",
     "win：应为 'win WINNER self | win WINNER [from] DISCARDER'"),
    ("win X self", *_not_seat("win", "X")),
    ("patterns", "patterns: expected 'patterns PATTERN…'", "patterns：应为 'patterns PATTERN…'"),
    ("tiles 123m 456m 789m 123p 99p 1s", "tiles: 15 tiles, a hand is 14 (a kong written as three, the tile won last)",
     "tiles：15 张牌，胡牌时手牌为 14 张（杠写三张，胡的那张写在最后）"),
    ("tiles 123m 456m 789m 123p 9x", "'9x' is not a tile (1m-9m, 1p-9p, 1s-9s, E S W N, C F P, or 三万 东 白板 …)",
     "'9x' 不是牌（1m-9m、1p-9p、1s-9s、E S W N、C F P，或 三万 东 白板 …）"),
    ("caishen 红", "'红' is not a tile (1m-9m, 1p-9p, 1s-9s, E S W N, C F P, or 三万 东 白板 …)",
     "'红' 不是牌（1m-9m、1p-9p、1s-9s、E S W N、C F P，或 三万 东 白板 …）"),
    ("liable E S", "liable: expected 'liable SEAT'", "liable：应为 'liable SEAT'"),
    ("liable X", *_not_seat("liable", "X")),
    ("warn X slow", *_not_seat("warn", "X")),
    ("warn", "'warn' is written: warn SEAT TEXT", "'warn' 的写法：warn SEAT TEXT"),
    ("ruling winner=X moved", "ruling: winner=X is not a side (E, S, W, N)", "裁定：winner=X 不是一方（E、S、W、N）"),
    ("match id=A =x", "match: '=x' is not KEY=VALUE", "match：“=x”不是 键=值"),
    ("match id=A event", "match: 'event' is not KEY=VALUE", "match：“event”不是 键=值"),
    ('match id=A event="x', "match: an unclosed quote", "match：引号未闭合"),
    ("match id= game=jinhua-mahjong", "match id= '': an id has 1 to 64 characters, not 0",
     "match id= ''：编号要有 1 到 64 个字符，这里有 0 个"),
    ("match", "match: the header needs id=ID", "match：比赛行需要 id=ID"),
    ("match id=A game=mahjong", "match: game=mahjong is not jinhua-mahjong", "match：game=mahjong 不是 jinhua-mahjong"),
    ("match id=A rules=" + "r" * 101, "rules=: at most 100 characters, not 101",
     "rules=：最多 100 个字符，这里有 101 个"),
    ("match id=A event=" + "x" * 101, "event=: at most 100 characters, not 101",
     "event=：最多 100 个字符，这里有 101 个"),
]


@pytest.mark.parametrize(("line", "english", "chinese"), REFUSALS)
def test_each_refusal_whole_in_both_languages_at_its_line(line: str, english: str, chinese: str) -> None:
    assert refused(line) == (2, english, chinese)


def test_a_warning_and_a_ruling_by_each_seat_word() -> None:
    record = parse(HEAD + "warn 东 talked about  the cards\nruling winner=s a\nruling 胜方=西 b\n"
                   "ruling winner=north c\n")
    assert record.errors == []
    assert record.events[1:] == [Warn("E", "talked about  the cards", 2), Ruling("S", "a", 3), Ruling("W", "b", 4),
                                 Ruling("N", "c", 5)]


def test_every_event_written_canonically() -> None:
    # the header: id, game, rules when named, then the other keys in their order, a value with a space quoted; a
    # seat's name quoted only where reading it back would change it; a deal's dealer only when given; a win by
    # self-draw 'self'; tiles one code each
    events: list[Event] = [
        Header("T", "house", (("date", "2026-12-01"), ("event", "A night")), 1), Seat("E", "Zhang San", 2),
        Seat("S", "#2", 3), Deal("E", 4), Caishen(2, 5), Claim("chi", "S", "E", 6), Claim("pong", "W", "S", 7),
        Claim("kong", "N", "W", 8), Win("W", "S", 9), Patterns(("pengpeng", "qingyise"), 10),
        Tiles((9, 9, 9, 12, 12, 12, 15, 15, 15, 17, 17, 2, 2, 17), 11), Liable("S", 12),
        Warn("N", "slow", 13), Ruling("E", "the deal stands", 14), Deal(None, 15), Win("N", None, 16),
        Deal(None, 17), NoWin(18)
    ]
    assert write(events) == (
        'match id=T game=jinhua-mahjong rules=house date=2026-12-01 event="A night"\n'
        'seat E Zhang San\nseat S "#2"\n'
        "\ndeal E\ncaishen 3m\nchi S E\npong W S\nkong N W\nwin W S\npatterns pengpeng qingyise\n"
        "tiles 1p 1p 1p 4p 4p 4p 7p 7p 7p 9p 9p 3m 3m 9p\nliable S\nwarn N slow\nruling winner=E the deal stands\n"
        "\ndeal\nwin N self\n\ndeal\nnowin\n")
    assert write([Header("T", None, (), 1)]) == "match id=T game=jinhua-mahjong\n"


def test_a_header_value_may_hold_an_equals_sign() -> None:
    # KEY=VALUE: the key ends at the first '='
    assert parse("match id=A note=x=y\n").events == [Header("A", None, (("note", "x=y"),), 1)]


def test_only_the_header_reads_quotes_as_words() -> None:
    # a seat's name is the rest of its line (a quote that does not close is part of it); only the header's values
    # are quoted words, where a quote that does not close is refused
    assert one('seat E Li "Junior') == Seat("E", 'Li "Junior', 2)
    assert one('warn S said "no') == Warn("S", 'said "no', 2)
