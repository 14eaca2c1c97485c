"""Chinese output is Chinese: every game's scorecard (the PDF read back), ``explain`` of every settled deal and
``status``, in each Chinese catalogue, hold no English word. A run of Latin letters is allowed only when it is
the notation (a directive keyword, a card or seat code, a rule key: what a referee types or a rule file says), or
the record's own text (a player's or an event's name, an id, a reason typed in a warning).

The allow-list is built from the game's notation modules, its rule set and the sample record's directive lines,
never from the output under test; the games come from the registry and their records from ``examples/``.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import build_app
from referee.core.i18n import Msg, languages
from referee.games.registry import GAMES, game, game_of_text

pypdf = pytest.importorskip("pypdf")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DOCS = EXAMPLES.parent / "docs"
CHINESE = [lang for lang in languages() if lang.startswith("zh")]
# A token: letters with the digits, dots, dashes, underscores and slashes that make one code or key of them.
TOKEN = re.compile(r"[A-Za-z0-9_./'-]*[A-Za-z][A-Za-z0-9_./'-]*")
PATH = re.compile(r"^[\w.-]+(/[\w.-]+)+$|^[\w.-]+\.(md|toml|pdf)$")  # a file a line names (docs/…-rules.md)
HASH = re.compile(r"^[0-9a-f]{8,}$")  # a chain head
runner = CliRunner()


def samples() -> Iterator[tuple[str, str, str]]:
    """Every sample record, with its game (read from its header, as the commands do) and a name: the files of
    examples/, and the record each docs/*record-format.md shows (its first code block that is a record)."""
    for path in sorted(EXAMPLES.iterdir()):
        text = path.read_text(encoding="utf-8")
        yield game_of_text(text)[0], path.name, text
    for doc in sorted(DOCS.glob("*record-format.md")):
        blocks = re.findall(r"^```[^\n]*\n(.*?)^```", doc.read_text(encoding="utf-8"), re.M | re.S)
        text = next((b for b in blocks if re.search(r"^match ", b, re.M)), None)
        if text is not None:
            yield game_of_text(text)[0], f"{doc.stem}.record", text


SAMPLES = list(samples())
IDS = [name for _, name, _ in SAMPLES]


def sample_file(name: str, text: str, folder: Path) -> Path:
    """The sample as a file the commands read: an example's own, a document's written out."""
    path = EXAMPLES / name
    if not path.is_file():
        path = folder / name
        path.write_text(text, encoding="utf-8")
    return path


def _strings(value: object, depth: int = 0) -> Iterator[str]:
    """The strings of a notation table (keys, values, nested containers); a message is words, not notation."""
    if depth > 4 or isinstance(value, Msg):
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k, depth + 1)
            yield from _strings(v, depth + 1)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from _strings(v, depth + 1)


def notation_words(key: str) -> set[str]:
    """The words of the game's notation: its keywords, spellings, card or tile codes and the metavariables of its
    directive forms (``SEAT``), from the module-level tables of its notation, directive, what-comes-next, event and
    card modules."""
    package = GAMES[key].rsplit(".", 1)[0]
    texts: list[str] = []
    for part in ("notation", "directives", "expect", "events", "cards", "tiles"):
        try:
            module = importlib.import_module(f"{package}.{part}")
        except ModuleNotFoundError:
            continue
        texts += (t for name, value in vars(module).items() if not name.startswith("__") and not callable(value)
                  for t in _strings(value))
    words = {w for t in texts if len(t.split()) == 1 for w in TOKEN.findall(t)}  # a keyword, a spelling, a code
    for text in texts:  # a directive's form (``claim plain|bang``) whole; of a description only the metavariables
        form = text.split()[:1] in ([w] for w in words)
        words.update(w for piece in re.split(r"[\s|\[\]]+", text) for w in TOKEN.findall(piece)
                     if form or w.isupper())
    try:  # the step kinds an explanation names ([blood.short; …])
        explain = importlib.import_module(f"{package}.explain")
        words.update(getattr(explain, "STEPS", {}))
    except ModuleNotFoundError:
        pass
    return words


def record_words(text: str) -> set[str]:
    """The words of the record's directive lines: its ids, names, codes and typed texts (comments left out)."""
    words: set[str] = set()
    for line in text.splitlines():
        line = line.split("#", 1)[0] if '"' not in line else line  # a quoted text may hold a #
        for piece in re.split(r"[\s=\"]+", line):
            words.update(TOKEN.findall(piece))
    return words


def rules_words(key: str, rules_name: str) -> set[str]:
    """The rule set's names, keys and written values (an explanation names the key it applied)."""
    g = game(key)
    values = g.rules_values(g.load_rules(rules_name))
    words = {key, *g.rule_sets()}
    for full, value in values.items():
        words.add(full)
        words.update(full.split("."))
        if isinstance(value, str):
            words.update(TOKEN.findall(value))
    return words


def allowed(key: str, record: str) -> set[str]:
    g = game(key)
    reading = g.read(record)
    header = g.header(reading.events)
    rules = (header.rules if header else None) or g.default_rules
    return notation_words(key) | record_words(record) | rules_words(key, rules)


def english(text: str, allow: Iterable[str]) -> list[str]:
    """The runs of Latin letters in *text* that are neither notation nor the record's own text."""
    ok = set(allow)
    found = []
    for token in TOKEN.findall(text):
        token = token.strip(".'-/")
        if not token or token in ok or PATH.match(token) or HASH.match(token):
            continue
        if all(p in ok or not re.search("[A-Za-z]", p) for p in re.split(r"[./]", token)):
            continue  # a rule key's parts, a key=value's
        found.append(token)
    return found


def ascii_commas(text: str, record: str) -> list[str]:
    """The lines of Chinese *text* that list with an ASCII comma (``东 -8, 南 -12``): a Chinese list is joined with
    、 or ，. A comma of the record's own text (a ruling's reason, as typed) is no list of ours."""
    return [line.strip() for line in text.splitlines()
            if any(run.strip() not in record for run in re.findall(r"[\x20-\x7e]*,[\x20-\x7e]*", line))]


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(str(path)).pages)


def run(*args: str) -> str:
    result = runner.invoke(build_app(), list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_every_game_has_a_sample_record() -> None:
    assert set(GAMES) <= {key for key, name, _ in SAMPLES if (EXAMPLES / name).is_file()}
    assert set(GAMES) <= {key for key, name, _ in SAMPLES if name.endswith(".record")}


def test_the_detector_finds_a_planted_english_word() -> None:
    """A check that cannot fail is a defect: an English word among Chinese ones is found, the notation is not."""
    key, name, record = next(s for s in SAMPLES if s[0] == "jinhua-mahjong")
    path = EXAMPLES / name
    allow = allowed(key, record)
    assert english("西 胡 南 放铳；碰碰胡 清一色 ×4", allow) == []
    assert english("北 自摸；财神 3m；接下来应记：deal", allow) == []
    assert english("西 胡 南 放铳 the seed's numbers", allow) == ["the", "seed's", "numbers"]
    assert english("东 应付 2 × X 1 × 1 = 2（§5.1，scoring.discarder_pays）", allow) == ["X"]
    assert english("规则：Jinhua mahjong (金华麻将)", allow) == ["Jinhua", "mahjong"]
    assert ascii_commas("合计：东 -8, 南 -12\n东 -8、南 -12", 'warn E "late, twice"') == ["合计：东 -8, 南 -12"]
    assert ascii_commas('警告 东：late, twice', 'warn E "late, twice"') == []
    assert ascii_commas('警告 东：late,\ntwice', 'warn E late, twice') == []
    # and in real output: deal 3 of the sample explained in Chinese passes, with one word of it put back in English
    # (the stake, as it was printed before: X) it does not
    shown = run("explain", str(path), "-n", "3", "--lang", "zh_CN", "--file")
    assert "底注" in shown and english(shown, allow) == []
    assert set(english(shown.replace("底注", "stake", 1), allow)) == {"stake"}
    assert set(english(shown.replace("底注", "X"), allow)) == {"X"}


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize(("key", "name", "record"), SAMPLES, ids=IDS)
def test_the_scorecard_is_chinese(key: str, name: str, record: str, lang: str, tmp_path: Path) -> None:
    out = tmp_path / "card.pdf"
    run("scorecard", str(sample_file(name, record, tmp_path)), "--lang", lang, "-o", str(out), "--db",
        str(tmp_path / "none"))
    text = pdf_text(out)
    assert english(text, allowed(key, record)) == []
    assert ascii_commas(text, record) == []


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize(("key", "name", "record"), SAMPLES, ids=IDS)
def test_explain_is_chinese(key: str, name: str, record: str, lang: str, tmp_path: Path) -> None:
    path = sample_file(name, record, tmp_path)
    g = game(key)
    reading = g.read(record)
    rules = g.load_rules(g.header(reading.events).rules or g.default_rules)  # type: ignore[union-attr]
    hands = g.settled_hands(g.replay(reading.events, rules, explain=True))
    assert hands
    allow = allowed(key, record)
    found = {}
    for hand in hands:
        text = run("explain", str(path), "-n", str(hand), "--lang", lang, "--file")
        if wrong := english(text, allow) + ascii_commas(text, record):
            found[hand] = wrong
    assert found == {}


@pytest.mark.parametrize("lang", CHINESE)
@pytest.mark.parametrize(("key", "name", "record"), SAMPLES, ids=IDS)
def test_status_is_chinese(key: str, name: str, record: str, lang: str, tmp_path: Path) -> None:
    g = game(key)
    header = g.header(g.read(record).events)
    assert header is not None
    store = tmp_path / "store"
    run("import", str(sample_file(name, record, tmp_path)), "--db", str(store))
    text = run("status", header.id, "--lang", lang, "--db", str(store))
    assert english(text, allowed(key, record)) == []
    assert ascii_commas(text, record) == []


def test_a_house_rule_sets_inherited_title_is_worded_part_by_part(tmp_path: Path) -> None:
    """A file with a base and no title is called '<base's title> (house rules: <its name>)': both parts worded."""
    house = tmp_path / "club.toml"
    house.write_text('game = "doudizhu"\nbase = "doudizhu-classic"\n', encoding="utf-8")
    assert run("rules", str(house), "--lang", "zh").startswith(
        "club：斗地主（经典：叫 1-3 分，炸弹翻倍）（本地规则：club）")
    assert run("rules", str(house), "--lang", "en").startswith(
        "club: 斗地主 (classic: bids 1-3, bombs double) (house rules: club)")


def test_a_clubs_own_title_is_shown_as_written(tmp_path: Path) -> None:
    own = tmp_path / "own.toml"
    own.write_text('game = "doudizhu"\nbase = "doudizhu-classic"\ntitle = "Friday {night} rules"\n', encoding="utf-8")
    assert run("rules", str(own), "--lang", "zh").startswith("own：Friday {night} rules")


def test_a_redealt_deal_and_the_next_directives_are_glossed_in_chinese(tmp_path: Path) -> None:
    """A redealt deal's row says 重发 (§3.3: nobody bid, dealt again), and each directive ``status`` offers next
    carries its gloss: after deal 5's ``out 3`` (李四 led once, the farmers ran out: §5.2 anti-spring may be
    claimed) the record goes on with ``antispring`` or the next ``deal``. The English shows the keywords alone."""
    from referee.cli.commands.tableactions import expected_line

    text = (EXAMPLES / "club-night.doudizhu").read_text(encoding="utf-8")
    g = game("doudizhu")
    reading = g.read(text)
    result = g.replay(reading.events, g.load_rules("doudizhu-classic"))
    rows = {lang: g.scorecard_rows(result, lang).rows for lang in ("en", *CHINESE)}
    assert rows["en"][1][:2] == ("2", "redeal") and rows["zh_CN"][1][:2] == ("2", "重发")
    assert rows["zh_TW"][1][:2] == ("2", "重發")
    cut = text[:text.rindex("antispring")]
    result = g.replay(g.read(cut).events, g.load_rules("doudizhu-classic"))
    assert g.expected(result) == ("antispring", "deal")
    assert expected_line(g, g.expected(result), "zh_CN") == "接下来应记：antispring（反春） / deal（新一局）"
    assert expected_line(g, g.expected(result), "en") == "expected next: antispring / deal"


URL = re.compile(r"https?://[^\s）)]+")  # a clause's web source, quoted as it is
CODE = re.compile(r"`([^`]+)`")  # what a clause writes in backquotes: a key, a value, a directive, a command


def kept(clause: str) -> set[str]:
    """The Latin a clause's Chinese keeps as the clause writes it: what it puts in backquotes (a rule key or value,
    a directive, a command) and its symbols (a stake X, 2X, a seed's item 二A or a-d): a letter alone or with a
    digit, never a word."""
    coded = {w for span in CODE.findall(clause) for w in TOKEN.findall(span)}
    symbols = {t.strip(".'-/") for t in TOKEN.findall(clause)}
    return coded | {t for t in symbols if re.fullmatch(r"[A-Za-z]|\w*\d\w*|[a-z]-[a-z]", t)}


def rule_words(key: str) -> set[str]:
    """The words of every rule set of the game (a clause may name another set's key or value)."""
    return {w for name in game(key).rule_sets() for w in rules_words(key, name)}


@pytest.mark.parametrize("key", GAMES)
def test_every_clause_of_the_statement_is_quoted_in_chinese(key: str) -> None:
    """A dispute's weighing and a ruling sheet quote the clause a step cites, at every game: a Chinese reader gets
    its sources' Chinese quotations, or, where they quote none (a heading, a rule of the project's own), the
    clause's Chinese as the game gives it (``Game.clause_words``). Latin letters are left only where the clause
    names a rule key, a rule set, a directive, a card or tile code, or a web source."""
    from referee.views.clauses import _clauses

    clauses = _clauses(key)
    assert len(clauses) >= 15  # every game's statement has its sections (Dou Dizhu's 17 the fewest)
    # besides: Gunzi's statement's own symbol (§2: 设级数为 L) and the words of a rule file's values
    allow = notation_words(key) | rule_words(key) | {"ASCII", "L", "true", "false"}
    for lang in CHINESE:
        found = {s: english(URL.sub("", c.quoted(lang)), allow | kept(c.text)) for s, c in clauses.items()}
        assert {s: w for s, w in found.items() if w} == {}, lang
        assert all(re.search("[\u4e00-\u9fff]", c.quoted(lang)) for c in clauses.values())


def test_gunzi_s_clauses_are_its_sources_quotations_or_the_catalogue_s() -> None:
    """Gunzi's §6.6 (its sources quote none) is the catalogue's Chinese; its English reader reads it as stated."""
    from referee.views.clauses import _clauses

    clauses = _clauses("gunzi")
    assert {"§6.6", "§7.1", "§1.3", "§4.1.1"} <= set(clauses)
    assert clauses["§6.6"].quoted("zh_CN").startswith("抓分方赢得最后一墩则抠底，加上底牌分数的两倍")
    assert clauses["§6.6"].quoted("en").startswith("If the defenders win the last trick they **dig** the kitty")


@pytest.mark.parametrize("key", GAMES)
def test_each_clause_the_catalogue_words_is_its_message_at_its_line(key: str) -> None:
    """A clause whose sources quote no Chinese is a message of the catalogue, its msgid the clause as stated and its
    place the clause's line of ``docs/<game>-rules.md``: so the statement is written once, and an edited clause is a
    new message (the catalogue's test then finds it untranslated)."""
    from babel.messages.pofile import read_po

    from referee.views.clauses import clauses, statement

    lines = statement(key).read_text(encoding="utf-8").splitlines()
    worded = [c for c in clauses(key) if c.catalogued]
    assert worded  # every statement has headings at least
    path = f"docs/{key}-rules.md"
    with (ROOT / "referee" / "locale" / "referee.pot").open("rb") as f:
        template = read_po(f)
    for c in worded:
        assert re.match(rf"^(#+ |\*\*|\| ){re.escape(c.section)}\b", lines[c.line - 1]), (c.section, c.line)
        message = template.get(c.text)
        assert message is not None and (path, c.line) in message.locations, c.section


def test_a_clause_edited_since_it_was_translated_is_quoted_as_stated() -> None:
    """A clause whose text is no longer a translated msgid (the statement was edited after it was translated) is
    quoted as stated to a Chinese reader until it is translated again; the clause as it stands is quoted in Chinese."""
    from referee.views.clauses import _clauses

    stated = _clauses("gunzi")["§6.6"]
    edited = stated._replace(text=stated.text.replace("dig", "take", 1))
    assert edited.quoted("zh_CN").startswith("If the defenders win the last trick they **take** the kitty")
    assert stated.quoted("zh_CN").startswith("抓分方赢得最后一墩则抠底")


def test_a_section_a_table_states_row_by_row_is_quoted_from_its_row() -> None:
    """Jinhua's patterns are stated a table row each (docs/jinhua-mahjong-rules.md §6): a step citing §6.10 quotes
    its row, each cell under its column's heading; and a section whose heading is followed by its own paragraph
    (``## §11 Time``, then ``**§11** A club may time …``) is quoted from the paragraph, not the bare heading."""
    from referee.views.clauses import _clauses

    mahjong = _clauses("jinhua-mahjong")
    assert mahjong["§6.10"].text.startswith("pattern: 乱风; code: `luanfeng`; factor: 8; seed 003: 三(8): all winds")
    assert mahjong["§6.10"].quoted("zh_CN").startswith("番型：乱风；代码：`luanfeng`；倍数：8；原文 003：三(8)")
    assert {f"§6.{n}" for n in range(1, 19)} <= set(mahjong)
    for key, section in (("doudizhu", "§8"), ("hubei-dagun", "§11"), ("jinhua-mahjong", "§11")):
        timed = _clauses(key)[section]
        assert timed.text.startswith("A club may time the match (`match.time_limit_minutes`, default 0 = no limit)")
        assert timed.quoted("zh_CN").startswith("俱乐部可以为比赛限时")
