"""The directive registry is the one list of directives: the record-format doc's table, the reader,
the writer, the engine's dispatch and the Chinese keywords all agree with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games.gunzi.directives import BY_KEYWORD, DIRECTIVES, lookup, suggest
from referee.games.gunzi.engine import HANDLERS, PHASE_OF
from referee.games.gunzi.events import EVENT_TYPES, without_line
from referee.games.gunzi.notation import NotationError, format_event, parse, parse_line

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
    assert set(HANDLERS) == set(EVENT_TYPES)
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
