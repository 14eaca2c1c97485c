"""The directive registry is the one list of directives: the record-format doc's table, the reader,
the writer, the engine's dispatch and the Chinese keywords all agree with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games.gunzi.directives import BY_KEYWORD, DIRECTIVES, lookup, suggest
from referee.games.gunzi.engine import HAND_HANDLERS, MATCH_HANDLERS, PHASE_OF
from referee.games.gunzi.events import EVENT_TYPES, without_line
from referee.games.gunzi.notation import NotationError, format_event, parse, parse_known, parse_line

DOC = Path(__file__).resolve().parent.parent / "docs" / "record-format.md"


def _doc_rows() -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Directives"):text.index("## What `replay --json` prints")]
    rows = []
    for line in table.splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            rows.append((cells[0].strip("`").replace("\\|", "|"), cells[1].strip("`")))
    return rows


def test_the_record_format_table_is_the_registry():
    assert _doc_rows() == [(d.usage, d.zh) for d in DIRECTIVES]


def test_every_event_class_has_one_directive_and_a_handler():
    assert sorted(d.event.__name__ for d in DIRECTIVES) == sorted(c.__name__ for c in EVENT_TYPES)
    assert set(MATCH_HANDLERS) | set(HAND_HANDLERS) == set(EVENT_TYPES)
    assert {d.event for d in DIRECTIVES if d.phase is not None} == set(PHASE_OF)


def test_keywords_and_chinese_keywords_are_distinct():
    words = [w for d in DIRECTIVES for w in (d.keyword, d.zh, *d.aliases)]
    assert len(words) == len(set(words))


@pytest.mark.parametrize(("chinese", "english"), [
    ("底牌 4C 6D 9S KH 7C 3H", "kitty 4C 6D 9S KH 7C 3H"),
    ("扣底 4C 6C 7C 8D 9D JS", "bury 4C 6C 7C 8D 9D JS"),
    ("得分 25", "points 25"),
    ("警告 南 出牌太慢", "warn S 出牌太慢"),
    ("亮主 东 大王", "declare E BJ"),
    ("进贡 南 小王 梅花2", "tribute S SJ 2C"),
    ("扣王 北 大王 换 3D", "king N BJ take 3D"),
    ("末墩 抓分方", "last def"),
    ("发牌", "hand"),
    ("裁定 东西 时间到，东西先升到", "ruling winner=EW 时间到，东西先升到"),
])
def test_chinese_keywords_read_as_the_keywords(chinese, english):
    assert format_event(parse_line(chinese)) == english


def test_every_directive_writes_what_it_reads():
    samples = ["match id=X rules=dalian-club", "team EW 海之韵", "seat N 赵六", "hand", "declarer W",
               "declare N SJ SJ SJ as H", "flip E 10H", "draw BJ 4S", "trump D", "riot N BJ BJ BJ", "waive",
               "tribute S AC AC", "kitty 4C 6C 7C 8C 9C JH", "bury 4C 6C 7C 8C 9C JH", "king S BJ take 4C",
               "points 25", "declarer-points 100", "last decl", "show E AS KS", "warn E slow play", "time",
               "ruling winner=NS the referee decides", "redeal"]
    assert {parse_line(s).__class__ for s in samples} == set(EVENT_TYPES)
    for s in samples:
        assert format_event(parse_line(s)) == s
        assert without_line(parse_line(format_event(parse_line(s)), 9)) == without_line(parse_line(s))


def test_a_line_read_again_is_the_same_event_at_its_own_line():
    # parse_known keeps each directive's event for the process (the summaries of a store's matches read the
    # same lines again and again): a text read a second time, at another line, is parse_line's event at that
    # line; a blank line is None; a malformed line raises every time, never cached as an event.
    samples = ["match id=X rules=dalian-club", "team EW 海之韵", "declare N SJ SJ SJ as H", "kitty 4C 6C 7C 8C 9C JH",
               "king S BJ take 4C", "points 25", "last decl", "warn E slow play",
               "ruling winner=NS the referee decides"]
    for line, s in enumerate(samples, 3):
        assert parse_known(s, line) == parse_line(s, line) and parse_known(s, line).line == line
        again = parse_known(s, line + 100)
        assert again == parse_line(s, line + 100) and again.line == line + 100
    assert parse_known("   ", 4) is None and parse_known("   ", 5) is None
    for line in (7, 8):
        with pytest.raises(NotationError, match="did you mean 'points'"):
            parse_known("piont 25", line)


def test_a_typo_gets_the_nearest_keyword():
    assert suggest("piont") == "points"
    with pytest.raises(NotationError) as info:
        parse_line("piont 25")
    assert "did you mean 'points'" in str(info.value)
    assert "是不是 'points'" in info.value.text("zh")
    assert suggest("xyzzy") is None


def test_lookup_ignores_case_and_knows_aliases():
    assert lookup("KITTY") is BY_KEYWORD["kitty"] and lookup("declarer_points") is BY_KEYWORD["declarer-points"]
    assert lookup("nothing") is None


def test_a_record_in_chinese_keywords_replays_like_the_english_one():
    zh = "比赛 id=Z\n发牌\n亮主 东 大王\n定主 红桃\n底牌 4C 6C 7C 8C 9C JH\n得分 65\n末墩 庄家方\n"
    en = "match id=Z\nhand\ndeclare E BJ\ntrump H\nkitty 4C 6C 7C 8C 9C JH\npoints 65\nlast decl\n"
    assert [without_line(e) for e in parse(zh).events] == [without_line(e) for e in parse(en).events]


# --- the readers' refusals and the writers' quoting (docs/record-format.md) ---------------------------------

@pytest.mark.parametrize(("line", "message"), [
    ("team EW", "expected: team EW|NS NAME"),
    ("team XY 海之韵", "'XY' is not a team (EW or NS, 东西 or 南北)"),
    ("seat E", "expected: seat E|S|W|N NAME"),
    ("seat Q 张三", "'Q' is not a seat (E S W N or 东 南 西 北)"),
    ("hand now", "'hand' takes nothing after it, found 'now'"),
    ("waive 2 cards", "'waive' takes nothing after it, found '2 cards'"),
    ("declarer", "expected: declarer SEAT"),
    ("declarer E W", "expected: declarer SEAT"),
    ("declare E", "expected: declare SEAT CARD… [as SUIT]"),
    ("declare E SJ SJ SJ as H C", "'as SUIT' must end the declaration: declare N SJ SJ SJ as H"),
    ("declare E as H", "expected: declare SEAT CARD… [as SUIT]"),
    ("flip E", "expected: flip SEAT CARD"),
    ("flip E 9C 9D", "expected: flip SEAT CARD"),
    ("draw", "expected: draw CARD…"),
    ("trump", "expected: trump SUIT"),
    ("trump H C", "expected: trump SUIT"),
    ("riot N", "expected: riot SEAT CARD CARD CARD"),
    ("tribute S", "expected: tribute SEAT CARD…"),
    ("kitty", "expected: kitty CARD×6"),
    ("bury", "expected: bury CARD×6"),
    ("king S BJ", "expected: king SEAT JOKER… take CARD…"),
    ("king S take 3D", "expected: king SEAT JOKER… take CARD…"),
    ("king S BJ take", "expected: king SEAT JOKER… take CARD…"),
    ("points", "expected: points N"),
    ("points 5 10", "expected: points N"),
    ("points five", "'five' is not a number of points"),
    ("points -5", "points cannot be negative (-5)"),
    ("declarer-points x", "'x' is not a number of points"),
    ("last", "expected: last def|decl"),
    ("last both", "expected: last def|decl"),
    ("warn", "expected: warn SEAT TEXT"),
    ("ruling", "expected: ruling winner=EW|NS TEXT"),
    ("ruling winner=XY", "'XY' is not a team (EW or NS, 东西 or 南北)"),
    ("match rules=classic", "the match needs an id: match id=SC26-R1-T3 …"),
    ("match id=A id=B", "'id' is given twice"),
    ("match id=A x=1 X=2", "'x' is given twice"),
    ("match id=A oops", "'oops' is not KEY=VALUE (quote values with spaces: event=\"Spring Cup\")"),
    ('match id=A event="Spring', "a quotation mark is not closed"),
    ("kitty 4C XQ", "'XQ' is not a card (write e.g. 10H, KS, BJ, 大王, 红桃10)"),
])
def test_a_malformed_line_is_refused_with_what_was_expected(line, message):
    with pytest.raises(NotationError) as info:
        parse_line(line)
    assert info.value.msg.text("en") == message


@pytest.mark.parametrize(("line", "fields"), [
    ("team NS 星海", ("NS", "星海")),
    ('team EW "a # b"', ("EW", "a # b")),
    ('seat 南 "  李四 "', ("S", "  李四 ")),
    ('seat W "say \\"hi\\""', ("W", 'say "hi"')),
    ("warn N too slow  ", ("N", "too slow")),
    ("ruling winner=NS the referee decides", ("NS", "the referee decides")),
    ("ruling 胜方=东西 时间到", ("EW", "时间到")),
    ("裁定 南北", ("NS", "")),
])
def test_names_and_texts_are_the_rest_of_the_line(line, fields):
    assert tuple(parse_line(line))[:2] == fields


@pytest.mark.parametrize(("line", "header"), [
    ("match id=X", {"id": "X", "rules": "dalian-club"}),
    ('match id=X rules=classic event="Spring Cup" table=3 round=1', {
        "id": "X", "rules": "classic", "event": "Spring Cup", "table": "3", "round": "1"}),
    ('match ID=X Date=2026-11-29 referee="刘 振东" note=x', {"id": "X", "date": "2026-11-29", "referee": "刘 振东",
                                                           "rules": "dalian-club"}),
    ('match id=X event="say \\"hi\\""', {"id": "X", "event": 'say "hi"', "rules": "dalian-club"}),
])
def test_the_match_header(line, header):
    ev = parse_line(line)
    assert {k: v for k, v in ev._asdict().items() if v and k not in ("line", "extra")} == header


def test_an_unknown_header_key_is_kept_in_order():
    assert parse_line("match id=X b=2 a=1").extra == (("b", "2"), ("a", "1"))


@pytest.mark.parametrize(("value", "quoted"), [
    ("SC26-R1", "SC26-R1"), ("Spring Cup", '"Spring Cup"'), ("", '""'), ("a=b", '"a=b"'), ("a#b", '"a#b"'),
    ('a"b', '"a\\"b"'), ("a\\b", '"a\\\\b"'), ("a\tb", '"a\tb"'), ("春季杯", "春季杯"),
])
def test_a_header_value_is_quoted_only_when_it_must_be(value, quoted):
    from referee.games.gunzi.directives import quote

    assert quote(value) == quoted


@pytest.mark.parametrize(("value", "written"), [
    ("海之韵", "海之韵"), ("slow play", "slow play"), ("", '""'), ("a # b", '"a # b"'), (" x", '" x"'),
    ("x ", '"x "'), ('"x', '"\\"x"'), ('a"b', 'a"b'), ("a\\b", "a\\b"), ("a\nb", '"a\nb"'), ("\\x", "\\x"),
    ('"a\\b"', '"\\"a\\\\b\\""'),
])
def test_a_name_or_text_is_quoted_only_when_reading_it_back_would_change_it(value, written):
    from referee.games.gunzi.directives import text_field

    assert text_field(value) == written


@pytest.mark.parametrize("name", ["海之韵", "a # b", " lead", "trail ", '"quoted"', 'mid"quote', "back\\slash", "x"])
def test_every_name_is_read_back_as_written(name):
    from referee.games.gunzi.events import TeamName

    assert parse_line(format_event(TeamName("EW", name))).name == name


def test_usage_and_gloss_of_a_directive():
    from referee.games.gunzi.directives import gloss, usage

    assert usage("kitty").text("en") == "kitty CARD×6"
    assert gloss("kitty").text("en") == "the dealt kitty"


def test_a_match_header_is_written_canonically():
    ev = parse_line('match rules=classic id=X referee=刘振东 event="Spring Cup" zz=1 date=2026-11-29')
    # id and rules first, then the other header keys in their order (date event table round referee), then the rest.
    assert format_event(ev) == 'match id=X rules=classic date=2026-11-29 event="Spring Cup" referee=刘振东 zz=1'


def test_a_header_value_may_hold_an_equals_sign():
    # KEY=VALUE splits at the first '=': the value keeps any later one (an event named "A=B night")
    ev = parse_line('match id=X event="A=B night" zz=1=2')
    assert ev.event == "A=B night" and ev.extra == (("zz", "1=2"),)


def test_a_typo_of_a_prompt_command():
    assert suggest("undp", ["undo", "amend"]) == "undo"
    assert suggest("kity") == "kitty"
    assert suggest("zzzz", ["undo"]) is None


@pytest.mark.parametrize(("line", "fields"), [
    ("declare E as", ("E", "AS", None)),         # two words: 'as' is the ace of spades, not the keyword
    ("declare E SJ SJ SJ 作 红桃", ("E", "SJ SJ SJ", "H")),
    ("declare E 4S", ("E", "4S", None)),
])
def test_declare_reads_as_only_before_the_last_word(line, fields):
    from referee.games.gunzi.cards import format_cards

    ev = parse_line(line)
    assert (ev.seat, format_cards(ev.cards), ev.as_suit) == fields


@pytest.mark.parametrize(("line", "message"), [
    ("declare E SJ as", "'as SUIT' must end the declaration: declare N SJ SJ SJ as H"),
    ("last def decl", "expected: last def|decl"),
    ("flip E", "expected: flip SEAT CARD"),
])
def test_more_malformed_lines(line, message):
    with pytest.raises(NotationError) as info:
        parse_line(line)
    assert info.value.msg.text("en") == message


@pytest.mark.parametrize("line", ["warn N", "ruling winner=EW", 'warn N ""'])
def test_a_text_may_be_empty(line):
    assert parse_line(line).text == ""


def test_the_header_reader_ignores_trailing_space():
    # parse_line strips the line; the reader itself also stops at trailing space (it is given the rest).
    from referee.games.gunzi.directives import read_match

    ev = read_match([], "id=X rules=classic   ", 4)
    assert (ev.id, ev.rules, ev.extra, ev.line) == ("X", "classic", (), 4)


def test_the_reader_takes_any_number_of_kitty_cards():
    # The form is 'kitty CARD…': the count of six is the engine's rule (§1.3), not the reader's.
    assert len(parse_line("bury 4C").cards) == 1 and len(parse_line("kitty 4C 5C").cards) == 2


def test_every_spelling_of_a_keyword_is_its_own_lower_case():
    # lookup() tries the word, then its lower case: a key with upper case letters could be missed.
    from referee.games.gunzi.directives import SPELLINGS

    assert [w for w in SPELLINGS if w != w.lower()] == []


# --- the game a record is of ----------------------------------------------------------------------

def test_a_record_names_its_game_or_is_gunzi():
    # docs/record-format.md: `game=gunzi` is the default; the key is kept and written back as given.
    plain = parse_line("match id=T1")
    named = parse_line("match id=T1 game=gunzi")
    assert dict(plain.extra) == {} and dict(named.extra) == {"game": "gunzi"}
    assert format_event(named) == "match id=T1 rules=dalian-club game=gunzi"  # the canonical header names its rules
    assert dict(parse_line("match id=T1 game=GUNZI").extra) == {"game": "GUNZI"}  # the name in any case


@pytest.mark.parametrize("game", ["doudizhu", "mahjong", "gunz", "gunzi2"])
def test_a_record_of_another_game_is_a_line_error(game):
    with pytest.raises(NotationError) as e:
        parse_line(f"match id=T1 game={game}")
    assert e.value.msg.text("en") == (f"game={game}: this version officiates gunzi only; a record of another game "
                                      "cannot be settled by its rules")
    assert e.value.msg.text("zh") == f"game={game}：此版本只裁判 gunzi；别的游戏的记录不能按它的规则结算"


def test_check_refuses_a_record_of_another_game(tmp_path):
    import subprocess
    import sys

    record = tmp_path / "go.gunzi"
    record.write_text("# a game of go\nmatch id=D1 game=go\nhand\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "referee.cli", "check", str(record), "--lang", "en"],
                         capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert run.returncode == 1
    # the registry knows no game "go": said at the header's line, and the exit status is 1 (a bad record)
    games = "gunzi, hubei-dagun, doudizhu, jinhua-mahjong"
    assert run.stderr == f"{record}:2: game=go: not a game this version officiates (games: {games})\n"


def test_cards_lines_in_another_spelling_are_read_by_their_own_readers_at_their_line():
    # A Chinese or capitalised keyword and lower-case seats are not the writer's spelling: the fast path of the
    # notation leaves these lines to each directive's reader (kitty/bury: cards only; show/tribute/riot: a seat,
    # then cards), whatever spellings of cards earlier reads remembered. Each gives its event at the line it is
    # on, one card being enough to read (the engine judges how many there must be).
    from referee.games.gunzi.cards import parse_card as card
    from referee.games.gunzi.events import Bury, Kitty, Show, Tribute

    got = parse("# a comment\n底牌 4c\nBURY 6c 7d\nshow e ac\ntribute s sj 2h\n")
    assert got.errors == []
    assert got.events == [Kitty((card("4C"),), line=2), Bury((card("6C"), card("7D")), line=3),
                          Show("E", (card("AC"),), line=4), Tribute("S", (card("SJ"), card("2H")), line=5)]
    assert [e.line for e in got.events] == [2, 3, 4, 5]
