"""The word catalogues: every message of the code is in every catalogue, translated; the shipped .mo
files are the compiled .po sources; no word reaches a user from anywhere else."""

from __future__ import annotations

import ast
import io
import re
import sys
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogues  # noqa: E402

from referee.core import i18n  # noqa: E402

LOCALE = ROOT / "referee" / "locale"
FIELD = re.compile(r"\{(\w+)")
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
MESSAGE_FUNCTIONS = {"M", "MN", "tr", "trn", "N_", "P_"}
# Input spellings (a referee may type 红桃10, 大王, 东, 底牌 …; an entries file may head its columns
# 对, 选手1 …): read, never shown as output words. And the test oracle's made-up player names.
INPUT_MODULES = {"referee/games/gunzi/cards.py", "referee/games/gunzi/seats.py", "referee/games/gunzi/directives.py",
                 "referee/tournament/entries.py", "referee/games/gunzi/testing/generate.py",
                 "referee/games/hubei_dagun/spellings.py",
                 # Dou Dizhu's card and directive words as a record may type them (大王, 叫分, 抢地主 …)
                 "referee/games/doudizhu/cards.py", "referee/games/doudizhu/notation.py",
                 # Jinhua mahjong's notation: the Chinese tile, seat, keyword and pattern names the reader takes
                 # (a pattern's Chinese name is also its term in both languages, docs/jinhua-mahjong-rules.md §6)
                 "referee/games/jinhua_mahjong/tiles.py", "referee/games/jinhua_mahjong/notation.py",
                 "referee/games/jinhua_mahjong/patterns.py",
                 # the header's keyword as the readers take it (比赛), to find a record's game
                 "referee/games/registry.py",
                 # the guided prompt's own commands (撤销, 帮助 …), moved from Gunzi's directives to be every game's
                 "referee/app/promptwords.py",
                 # warn and ruling as every game's record writes them (警告, 裁定, 胜方=), Gunzi's words before
                 "referee/games/kit/conductwords.py"}


def _po(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "referee.po", "rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture(scope="module")
def extracted() -> dict:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalogues.extract() if m.id}


@pytest.mark.parametrize("lang", ["en", "zh_CN", "zh_TW"])
def test_every_message_is_translated(extracted, lang):
    po = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in _po(lang) if m.id}
    missing = [k for k in extracted if k not in po]
    assert not missing, f"not in {lang}.po (run make catalogues): {missing[:10]}"
    untranslated = [k for k, m in po.items() if k in extracted and (m.fuzzy or not catalogues._filled(m.string))]
    assert not untranslated, f"{lang}: no translation for {untranslated[:10]}"
    obsolete = [k for k in po if k not in extracted]
    assert not obsolete, f"{lang}.po holds messages the code no longer has (run make catalogues): {obsolete[:10]}"


@pytest.mark.parametrize("lang", ["en", "zh_CN", "zh_TW"])
def test_the_shipped_mo_is_the_compiled_po(lang):
    buf = io.BytesIO()
    write_mo(buf, _po(lang), use_fuzzy=False)
    shipped = (LOCALE / lang / "LC_MESSAGES" / "referee.mo").read_bytes()
    assert shipped == buf.getvalue(), f"{lang}: referee.mo is stale: run make catalogues"


@pytest.mark.parametrize("lang", ["en", "zh_CN", "zh_TW"])
def test_translations_use_only_the_fields_of_their_message(lang):
    bad = []
    for m in _po(lang):
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        fields = set().union(*(FIELD.findall(i) for i in ids))
        for s in strings:
            if s and not set(FIELD.findall(s)) <= fields:
                bad.append((m.id, s))
    assert not bad, bad[:5]


def test_a_third_language_is_a_catalogue_not_code():
    assert "zh_TW" in i18n.languages()
    assert i18n.pgettext("zh_TW", "seat", "E") == "東"  # its own word
    assert i18n.pgettext("zh_TW", "seat", "S") == "南"  # falls back to zh_CN where it has none
    named = [p for p in (ROOT / "referee").rglob("*.py") if p.parent.name != "i18n"
             for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value == "zh_TW"]
    assert not named  # no code names the third language (help texts may list it)


def _string_constants(tree: ast.AST):
    """String literals that are neither docstrings nor the msgids of a message function."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in MESSAGE_FUNCTIONS:
            for arg in node.args:
                skip.add(id(arg))
            for kw in node.keywords:  # a new message's inline Chinese (CONTRIBUTING: harvested into zh_CN.po)
                if kw.arg == "zh":
                    skip.add(id(kw.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node


def test_no_word_reaches_a_user_from_outside_the_catalogue():
    found = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in INPUT_MODULES:
            continue
        for node in _string_constants(ast.parse(path.read_text(encoding="utf-8"))):
            if CJK.search(node.value):
                found.append(f"{rel}:{node.lineno}: {node.value[:40]!r}")
    assert not found, "Chinese outside the catalogue:\n" + "\n".join(found[:20])


def test_no_code_chooses_words_by_language():
    pattern = re.compile(r"""lang(uage)?\s*[!=]=\s*["']zh|["']zh["']\s*if\s|== ["']en["']""")
    found = [f"{p.relative_to(ROOT)}:{i}" for p in (ROOT / "referee").rglob("*.py")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, found


def test_traditional_chinese_is_what_the_build_makes_of_the_simplified():
    # tools/catalogues.py: a zh_TW message flagged `opencc` is the s2twp conversion of its zh_CN text with the
    # reviewed corrections; one without the flag was written by hand. Both kinds exist, and no flagged one was
    # edited by hand since the build (that would be lost at the next build).
    convert = catalogues.converter()
    simplified = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string for m in _po("zh_CN") if m.id}
    converted = by_hand = 0
    for m in _po("zh_TW"):
        if not m.id:
            continue
        if catalogues.CONVERTED not in m.flags:
            by_hand += 1
            continue
        converted += 1
        source = simplified[(m.context, m.id if isinstance(m.id, str) else m.id[0])]
        wanted = tuple(convert(s) for s in source) if isinstance(source, tuple | list) else convert(source)
        got = tuple(m.string) if isinstance(m.string, tuple | list) else m.string
        assert got == wanted, m.id
    assert converted > 1000 and by_hand > 0


def test_the_conversion_writes_traditional_characters_and_the_game_words():
    convert = catalogues.converter()
    assert convert("庄家方保底，抓分方抠底") == "莊家方保底，抓分方摳底"
    assert convert("防守方上台") == "防守方上台"  # the game's word, corrected (s2twp writes 上臺)
    assert convert("存储中的赛事") == "儲存中的賽事"  # Taiwan's phrase for the store


def test_a_replay_in_traditional_chinese(tmp_path):
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(ROOT / "examples" / "spring-cup.gunzi"),
                          "--lang", "zh_TW"], capture_output=True, text=True, encoding="utf-8", timeout=120,
                         cwd=tmp_path, env={**__import__("os").environ, "PYTHONIOENCODING": "utf-8"})
    assert run.returncode == 0, run.stderr
    # The column of the declarer is 莊 (traditional), the outcome of hand 1 保底升級 (docs/gunzi-rules.md §7.1).
    assert "莊" in run.stdout and "保底升級" in run.stdout and "庄" not in run.stdout and "升级" not in run.stdout


def test_no_message_outside_the_games_names_a_game() -> None:
    """Outside ``referee/games/`` nothing names a game (the architecture's rule), words included: a message that only
    modules above the games say names no game's key or title, so that adding a game changes no help text, error or
    page of the layers above (where the games must be listed, ``{games}`` and ``{game_keys}`` are filled from the
    registry)."""
    from referee.games.registry import GAMES, game

    # each key and title, and the short names a sentence would use (a city, "Dalian city league", is no game)
    names = {*GAMES, *(game(key).title.msgid for key in GAMES), "Gunzi", "Dou Dizhu", "mahjong", "打滚", "斗地主",
             "麻将"}
    with (LOCALE / "referee.pot").open("rb") as f:
        template = read_po(f)
    found = []
    for message in template:
        if not message.id or not message.locations:
            continue
        if any(path.startswith("referee/games/") or not path.startswith("referee/") for path, _ in message.locations):
            continue  # a game's own message, or a clause of a game's statement (docs/<game>-rules.md)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        named = sorted(n for n in names if any(n.lower() in i.lower() for i in ids))
        if named:
            found.append((message.locations[0], named))
    assert found == []
