"""Every record error speaks Chinese as well as English: the engine's and the reader's messages carry
a Chinese text (``RecordError.message_zh``) on the same line as the English one; ``check --lang zh``
and ``replay`` print it; ``replay --json`` keeps ``"message"`` English and adds ``"message_zh"``.

The records here are written out in full (not built with tests/helpers.py) so that each bad line is
plain to see.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.core.i18n import M
from referee.games.gunzi.directives import DIRECTIVES
from referee.games.gunzi.engine import Reject, replay
from referee.games.gunzi.events import RecordError
from referee.games.gunzi.notation import NotationError, parse, parse_line
from referee.games.gunzi.ruleset import load

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
CJK = re.compile(r"[\u4e00-\u9fff]")

HEADER = "match id=ZH-1 rules=dalian-club"
# Hand 1: E grabs, trump hearts, the declarers keep with 65: EW +1, blood 2 (ceil(15/10)); W declares
# hand 2 and S, W's upper hand (上家), owes the tribute.
HAND1 = """hand
declare E BJ
trump H
kitty 4C 6C 7C 8C 9C JH
points 65
last decl"""


def hand2(tribute: str = "tribute S AC AC", kitty: str = "kitty 4C 6C 7C 8C 9C JH", rest: str = "points 80") -> str:
    return f"hand\ntrump H\n{tribute}\n{kitty}\n{rest}\nlast decl"


def first(kitty: str = "kitty 4C 6C 7C 8C 9C JH", rest: str = "points 80") -> str:
    return f"hand\ndeclare E BJ\ntrump H\n{kitty}\n{rest}\nlast decl"


BAD = "  # !"  # marks the line the error belongs to

# name → (record text, English keyword, Chinese term)
CASES = {
    "unknown card": (first(kitty=f"kitty 4C 6C 7C 8C XY JH{BAD}"), "not a card", "不是一张牌"),
    "fourth copy": (first(kitty=f"kitty BJ BJ BJ 7C 8C JH{BAD}"), "three copies", "本副大王超过了三张"),
    "wrong tribute count": (HAND1 + "\n" + hand2(tribute=f"tribute S AC AC AC{BAD}"), "owes 2 blood",
                            "南欠西2个血，却进贡了3张"),
    "wrong giver": (HAND1 + "\n" + hand2(tribute=f"tribute N AC AC{BAD}"), "upper hand", "上家"),
    "point card in tribute": (HAND1 + "\n" + hand2(tribute=f"tribute S KC AC{BAD}"), "point card",
                              "梅花K是分牌"),
    "5 kitty cards": (first(kitty=f"kitty 4C 6C 7C 8C 9C{BAD}"), "6 cards", "底牌是6张"),
    # no trump-suit plain card in the kitty (JS is no heart): a dry pot in the club draft
    "joker into a dry pot": (first(kitty="kitty 4C 6C 7C 8C 9C JS", rest=f"king S BJ take 4C{BAD}\npoints 80"),
                             "dry pot", "干锅"),
    "points not a multiple of 5": (first(rest=f"points 40\npoints 23{BAD}"), "multiple of 5", "5的倍数"),
    "too many points": (first(rest=f"points 200\npoints 105{BAD}"), "more points than exist", "最多只能得300分"),
    "out of order": (first(rest=f"points 40\ntrump S{BAD}"), "out of order", "顺序不对"),
    "unknown directive": (first(rest=f"bogus 40{BAD}\npoints 40"), "unknown directive", "未知指令"),
    "bad seat": (first(rest=f"warn X late{BAD}\npoints 40"), "not a seat", "不是座位"),
    "not a level card": (HAND1 + "\n" + hand2().replace("trump H", f"declare S 9S{BAD}"), "not a level card",
                         "不是级牌"),
    "expected form": (first(rest=f"points{BAD}\npoints 40"), "expected: points N", "格式应为：points 分数"),
}


def _errors(text: str) -> list[RecordError]:
    record = parse(text)
    result = replay(record.events, load("dalian-club"))
    return sorted([*record.errors, *result.errors], key=lambda e: e.line)


def _marked_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.endswith(BAD))


@pytest.mark.parametrize("name", list(CASES))
def test_chinese_message_on_the_same_line(name):
    body, english, chinese = CASES[name]
    text = f"{HEADER}\n{body}\n"
    line = _marked_line(text)
    errors = _errors(text)
    at_line = [e for e in errors if e.line == line]
    assert at_line, f"no error on line {line}: {errors}"
    e = at_line[0]
    assert english in e.message, e
    assert chinese in e.message_zh, e
    assert e.text("zh") == e.message_zh and e.text("en") == e.message


def test_every_error_of_the_corpus_has_chinese():
    for body, _, _ in CASES.values():
        for e in _errors(f"{HEADER}\n{body}\n"):
            assert CJK.search(e.message_zh), e


def test_record_level_errors_have_chinese():
    no_header = _errors(HAND1 + "\n")
    assert no_header and all(CJK.search(e.message_zh) for e in no_header)
    unfinished = _errors(f"{HEADER}\nhand\ndeclare E BJ\ntrump H\nhand\n")
    assert any("末墩" in e.message_zh for e in unfinished), unfinished


def test_record_error_keeps_its_positions():
    e = RecordError(3, M("bad", zh="坏"))
    assert e.line == 3 and e.message == "bad" and e.message_zh == "坏" and e.text("zh") == "坏"
    assert str(e) == "line 3: bad"


def test_exceptions_stay_english():
    e = Reject(M("{giver:seat} owes {owed} blood to {declarer:seat}; {given} cards given",
                 zh="{giver:seat}欠{declarer:seat}{owed}个血，却进贡了{given}张", giver="S", owed=2, declarer="W",
                 given=3))
    assert str(e) == "S owes 2 blood to W; 3 cards given" and e.text("zh") == "南欠西2个血，却进贡了3张"
    assert e.text("zh_TW") == "南欠西2个血，却进贡了3张"  # zh_TW falls back to the simplified text it lacks
    with pytest.raises(NotationError) as info:
        parse_line("kitty 4C XY", 1)
    assert "not a card" in str(info.value) and "不是一张牌" in info.value.text("zh")
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("word", [d.keyword for d in DIRECTIVES])
def test_every_usage_has_chinese(word):
    for text in (word, f"{word} x"):
        try:
            parse_line(text, 1)
        except NotationError as e:
            assert CJK.search(e.text("zh")), (text, str(e))


# --- every raise site in the source carries a Chinese text --------------------------------------------

BILINGUAL = {"Reject", "NotationError", "CardError", "DeclarationError", "SeatError"}


def _raise_sites():
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name in BILINGUAL:
                    yield path.relative_to(PACKAGE.parent), node.lineno, node.exc
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RecordError":
                yield path.relative_to(PACKAGE.parent), node.lineno, node


def _is_empty(arg: ast.expr) -> bool:
    return isinstance(arg, ast.Constant) and not arg.value


def _is_message(arg: ast.expr) -> bool:
    """A catalogue message: M(…)/MN(…) (its translation is checked by the catalogue tests)."""
    return isinstance(arg, ast.Call) and getattr(arg.func, "id", None) in ("M", "MN")


def test_every_raise_site_has_a_chinese_text():
    sites = list(_raise_sites())
    assert len(sites) > 100  # the engine, the reader, cards, seats, declaring
    missing = []
    for where, lineno, call in sites:
        is_record = getattr(call.func, "id", None) == "RecordError"
        message = call.args[1] if is_record and len(call.args) == 2 else None
        if message is not None and (_is_message(message) or getattr(message, "attr", "") == "msg"):
            continue  # a message, or a raised error's message
        if not is_record and call.args and (_is_message(call.args[0]) or getattr(call.args[0], "attr", "") == "msg"):
            continue  # a message, or another error's message passed on
        need = 3 if is_record else 2
        keyword = "message_zh" if is_record else "zh"
        args = list(call.args) + [k.value for k in call.keywords if k.arg == keyword]
        if len(args) < need or _is_empty(args[need - 1]):
            missing.append(f"{where}:{lineno}")
    assert not missing, "no Chinese text at " + ", ".join(missing)


def test_codes_of_two_kinds_with_one_value_keep_their_own_words():
    # GameEnd.ruling and NoteKind.ruling are both "ruling" (and equal to it): each is worded as its kind.
    from referee.games.gunzi.codes import GameEnd, NoteKind, describe, word

    assert (word(GameEnd.ruling, "zh"), word(NoteKind.ruling, "zh")) == ("裁判裁定", "裁定")
    assert (word(GameEnd.time, "en"), describe(GameEnd.time, "en"), word(NoteKind.time, "en")) == \
        ("time", "time was called", "time")
    # a word naming a rule value takes it from the caller (game.top_level, §3.4)
    assert (word(GameEnd.passed_10, "en", top=9), word(GameEnd.passed_10, "zh_TW", top=10)) == ("passed 9", "打過10")


# The engine's modules and the modules under it word nothing themselves: every error they raise carries
# one message of the catalogue (M(...)/MN(...), or a message built by a helper), never an English text
# with its Chinese beside it (the former Bilingual pair) nor a bare string.
ENGINE_MODULES = (*(f"games/gunzi/{name}.py" for name in (
    "engine", "handstate", "hand_declaring", "hand_tribute", "hand_kitty", "hand_points", "tablestate", "declaring",
    "kitty", "cards", "seats", "ruleset", "scoretable", "settle", "explain", "results", "terminal", "jsonview")),
    "app/sources.py")


def _is_text(arg: ast.expr) -> bool:
    """A string literal, an f-string, or text glued from them: words written in the code."""
    if isinstance(arg, ast.Constant):
        return isinstance(arg.value, str)
    if isinstance(arg, ast.JoinedStr):
        return True
    return isinstance(arg, ast.BinOp) and (_is_text(arg.left) or _is_text(arg.right))


def test_engine_errors_are_catalogue_messages():
    raised = 0
    wrong = []
    for name in ENGINE_MODULES:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if not (node.func.id == "Reject" or node.func.id.endswith("Error")) or node.func.id == "RecordError":
                continue
            raised += 1
            if len(node.args) != 1 or _is_text(node.args[0]) or any(k.arg == "zh" for k in node.keywords):
                wrong.append(f"{name}:{node.lineno}")
    assert raised > 100  # the check reaches the raise sites
    assert not wrong, "not one catalogue message at " + ", ".join(wrong)


# --- the command line -------------------------------------------------------------------------------


@pytest.fixture
def bad_file(tmp_path):
    path = tmp_path / "bad.gunzi"
    text = f"{HEADER}\n{HAND1}\n" + hand2(tribute=f"tribute S AC AC AC{BAD}") + "\n"
    path.write_text(text, encoding="utf-8")
    return path, _marked_line(text)


def test_check_prints_chinese(bad_file, monkeypatch):
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    path, line = bad_file
    runner = CliRunner()
    zh = runner.invoke(app, ["check", str(path), "--lang", "zh"])
    assert zh.exit_code == 1
    assert f"{path}:{line}: 南欠西2个血，却进贡了3张" in zh.stdout
    en = runner.invoke(app, ["check", str(path)])
    assert en.exit_code == 1 and f"{path}:{line}: S owes 2 blood to W; 3 cards given" in en.stdout
    assert not CJK.search(en.stdout)
    monkeypatch.setenv("REFEREE_LANG", "zh")
    env = runner.invoke(app, ["check", str(path)])
    assert "南欠西2个血" in env.stdout
    assert "S owes 2 blood" in runner.invoke(app, ["check", str(path), "--lang", "en"]).stdout


def test_replay_prints_errors_in_its_language(bad_file, monkeypatch):
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    path, line = bad_file
    res = CliRunner().invoke(app, ["replay", str(path), "--lang", "zh"])
    assert f"{path}:{line}: 南欠西2个血，却进贡了3张" in res.stderr
    res = CliRunner().invoke(app, ["replay", str(path), "--lang", "en"])
    assert f"{path}:{line}: S owes 2 blood to W; 3 cards given" in res.stderr


def test_replay_json_adds_message_zh(bad_file, monkeypatch):
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    path, line = bad_file
    path.write_text(path.read_text(encoding="utf-8") + "bogus\n", encoding="utf-8")
    for lang in ("en", "zh"):
        res = CliRunner().invoke(app, ["replay", str(path), "--json", "--lang", lang])
        errors = json.loads(res.stdout)["errors"]
        assert {"line": line, "message": "S owes 2 blood to W; 3 cards given",
                "message_zh": "南欠西2个血，却进贡了3张"} in errors
        assert all(CJK.search(e["message_zh"]) for e in errors)
        assert any(e["message"].startswith("unknown directive") for e in errors)  # reader errors too
