"""The README and the docs are real: every command block runs and prints what it shows; every path they name exists."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from referee.cli import app

_ROOT = Path(__file__).resolve().parent.parent
# The README, then the site's pages: the blocks these two tests read moved into docs/ with the README's sessions.
README = "\n".join(path.read_text(encoding="utf-8")
                   for path in [_ROOT / "README.md", *sorted((_ROOT / "docs").rglob("*.md"))])


def _block(starting: str) -> str:
    """The fenced block of the README or a docs page whose first line starts with *starting*."""
    for chunk in README.split("```")[1::2]:
        body = chunk.split("\n", 1)[1] if "\n" in chunk else ""
        if body.startswith(starting):
            return body
    raise AssertionError(f"no README block starts with {starting!r}")


def test_readme_record_checks_clean_and_explains_as_shown(tmp_path):
    record = tmp_path / "match.gunzi"
    record.write_text(_block("match id="), encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(app, ["check", str(record)])
    assert checked.exit_code == 0, checked.output
    shown = _block("hand 1 (game 1)")
    explained = runner.invoke(app, ["explain", str(record), "--hand", "1", "--lang", "en"])
    assert explained.exit_code == 0, explained.output
    assert explained.stdout.strip() == shown.strip()


def test_readme_directors_evening_is_what_the_commands_print(tmp_path, monkeypatch):
    """The README's director's evening (results without hands, a forced close's preview, a swap, a
    correction after close, the prizes, the published pages): each command run, its output as shown."""
    import shlex

    block = _block("$ referee event new FRI")
    (tmp_path / "entries.csv").write_text(_block("pair,player1,player2,club"), encoding="utf-8")
    (tmp_path / "friday.toml").write_text(_block("# friday.toml"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    env = {"REFEREE_DB": "club-store", "REFEREE_NAME": "王裁判", "REFEREE_LANG": "en", "COLUMNS": "200"}
    runner = CliRunner()
    commands: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ referee "):
            commands.append((line[len("$ referee "):], []))
        else:
            commands[-1][1].append(line)
    assert len(commands) == 18
    for command, shown in commands:
        done = runner.invoke(app, shlex.split(command), env=env)
        assert done.output.rstrip("\n").splitlines() == shown, command
    assert (tmp_path / "site" / "index.html").is_file()


# --- every page's command blocks, run ---------------------------------------------------------------------------
#
# The README and every page of the site (docs/) are run as a reader would run them, top to bottom, in a fresh
# folder of their own (the repository's examples/ beside it):
# - a fenced block with a title (```toml title="friday.toml"```) is a file the reader writes: it is written first;
# - a `console` block is a session: each `$ COMMAND` line (a trailing `\` continues it) is run and what follows it,
#   up to the next `$`, is its output as shown. In the output a line `…` stands for any number of lines and a `…`
#   inside a line for any text. `$ export NAME=VALUE` sets a variable for the rest of the page; `$ cat FILE` shows
#   a file the reader typed, so its lines are written to FILE;
# - a `sh` block is commands whose output is not shown: each `referee …` line must exit 0; `export` as above.
# `make …` (the README's two commands and `make docs`: what `make test` itself is) is not run, and a long-running
# `referee serve …` is parsed as its command line, options and all, not started. Any other command fails the test:
# a block the tests cannot run is not a command block of these docs.

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[\w-]*)(?P<attrs>[^\n`]*)$")
NOT_RUN = ("make ",)
PARSED_ONLY = ("serve",)  # runs until Ctrl-C
BASE_ENV = {"REFEREE_NAME": "王裁判", "REFEREE_LANG": "en", "COLUMNS": "200"}


def fenced_blocks(text: str) -> list[tuple[str, dict[str, str], list[str]]]:
    """(language, attributes, lines) of every fenced block of a Markdown text, in order."""
    blocks, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent = len(opening["indent"])
        attrs = dict(re.findall(r'(\w+)="([^"]*)"', opening["attrs"]))
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        blocks.append((opening["lang"], attrs, body))
        i += 1
    return blocks


def _matches(shown: list[str], printed: list[str]) -> bool:
    """Whether *printed* is *shown*, a line `…` standing for any lines and a `…` in a line for any text."""
    if not shown:
        return not printed
    if shown[0].strip() == "…":
        return any(_matches(shown[1:], printed[k:]) for k in range(len(printed) + 1))
    if not printed:
        return False
    pattern = ".*".join(re.escape(part) for part in shown[0].rstrip().split("…"))
    return re.fullmatch(pattern, printed[0].rstrip()) is not None and _matches(shown[1:], printed[1:])


def _sessions(body: list[str]) -> list[tuple[str, list[str]]]:
    commands: list[tuple[str, list[str]]] = []
    for line in body:
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands and commands[-1][0].endswith("\\"):
            commands[-1] = (commands[-1][0][:-1] + " " + line.strip(), [])
        elif commands:
            commands[-1][1].append(line)
        else:
            raise AssertionError(f"a console block starts with output, not a $ command: {line!r}")
    return commands


def _words(command: str, home: Path) -> list[str]:
    words = shlex.split(command, comments=True)
    return [str(home / w[2:]) if w.startswith("~/") else w for w in words]


class Reader:
    """One reader's shell: a folder, the variables exported so far, the command line in-process."""

    def __init__(self, folder: Path, where: str):
        self.folder, self.where = folder, where
        self.env = dict(BASE_ENV, HOME=str(folder), XDG_CONFIG_HOME=str(folder / ".config"))
        self.runner = CliRunner()

    def run(self, command: str) -> tuple[int, list[str]] | None:
        """Run one command line; None for one that is not run (make)."""
        command = command.strip()
        if command.startswith(NOT_RUN):
            return None
        words = _words(command, self.folder)
        if words[0] == "export":
            for word in words[1:]:
                name, _, value = word.partition("=")
                self.env[name] = value
            return 0, []
        assert words[0] == "referee", f"{self.where}: not a command these docs can run: {command!r}"
        if words[1] in PARSED_ONLY:
            group = typer.main.get_command(app)
            sub = group.get_command(group.make_context("referee", [words[1], "--help"], resilient_parsing=True),
                                    words[1])
            assert sub is not None, f"{self.where}: no command {words[1]!r}"
            sub.make_context(words[1], words[2:])  # an unknown option or a bad value raises here
            return 0, []
        old = os.getcwd()
        os.chdir(self.folder)
        try:
            done = self.runner.invoke(app, words[1:], env=self.env)
        finally:
            os.chdir(old)
        return done.exit_code, done.output.rstrip("\n").splitlines()


def _page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _runnable(blocks: list[tuple[str, dict[str, str], list[str]]]) -> bool:
    return any(lang in ("console", "sh") or "title" in attrs for lang, attrs, _ in blocks)


@pytest.mark.parametrize("page", [p for p in PAGES if _runnable(fenced_blocks(p.read_text(encoding="utf-8")))],
                         ids=_page_id)
def test_every_command_block_runs_as_shown(page, tmp_path):
    """Each page's commands, run in order in a folder of its own, print what the page shows (nothing unrun)."""
    blocks = fenced_blocks(page.read_text(encoding="utf-8"))
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / "reports").mkdir()
    for _lang, attrs, body in blocks:
        if "title" in attrs:
            target = tmp_path / attrs["title"]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("\n".join(body) + "\n", encoding="utf-8")
    reader = Reader(tmp_path, _page_id(page))
    ran = left = 0  # commands run; commands not run (make)
    for lang, _attrs, body in blocks:
        if lang == "sh":
            for line in body:
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                done = reader.run(line)
                if done is None:
                    left += 1
                else:
                    ran += 1
                    assert done[0] == 0, f"{page.name}: {line}\n" + "\n".join(done[1])
        elif lang == "console":
            for command, shown in _sessions(body):
                words = shlex.split(command, comments=True)
                if words[:1] == ["cat"]:
                    (tmp_path / words[1]).write_text("\n".join(shown) + "\n", encoding="utf-8")
                    continue
                done = reader.run(command)
                if done is None:
                    left += 1
                    continue
                ran += 1
                printed = done[1]
                assert _matches(shown, printed), (f"{page.name}: $ {command}\nshown:\n" + "\n".join(shown)
                                                  + "\nprinted:\n" + "\n".join(printed))
    assert ran + left, f"{page.name}: its command blocks hold no command"


def test_the_matcher_elides_only_where_told():
    """The `…` of a shown output stands for lines or text there, and nowhere else: a wrong line still fails."""
    assert _matches(["a", "…", "d"], ["a", "b", "c", "d"])
    assert _matches(["a", "…", "b"], ["a", "b"])
    assert _matches(["error: x …"], ["error: x y z"])
    assert not _matches(["a", "…", "d"], ["a", "b", "c"])
    assert not _matches(["error: x …"], ["error: y"])
    assert not _matches(["a"], ["a", "b"])


def test_a_long_running_command_is_parsed_and_a_wrong_option_fails(tmp_path):
    """`referee serve` is not started, but its command line is read as the command reads it."""
    reader = Reader(tmp_path, "test")
    assert reader.run("referee serve --host 0.0.0.0 --port 8000 --event SC26") == (0, [])
    with pytest.raises(Exception, match="--hots"):
        reader.run("referee serve --hots 0.0.0.0")
    with pytest.raises(AssertionError, match="not a command these docs can run"):
        reader.run("curl http://127.0.0.1:8000/")


# --- every path the README and the docs name exists ---------------------------------------------------------------

TOP = ("referee/", "docs/", "tests/", "tools/", "bench/", "examples/", ".ci/")
TOP_FILES = {"README.md", "CONTRIBUTING.md", "CHANGELOG.md", "LICENSE", "Makefile", "pyproject.toml", "mkdocs.yml"}
PLACEHOLDER = re.compile(r"[<>{}*…|\[\]]|\bNAME\b|\bEVENT\b|\bID\b|\bFILE\b")
MARKDOWN = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]


def named_paths(text: str) -> set[str]:
    """The repository paths a page names: in code spans and link targets, outside code blocks."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    names = set(re.findall(r"`([^`\s]+)`", prose)) | set(re.findall(r"\]\(([^)\s#]+)", prose))
    found = set()
    for name in names:
        name = name.rstrip(".,:;)")
        if PLACEHOLDER.search(name) or "://" in name:
            continue
        if name.startswith(TOP) or name in TOP_FILES or re.fullmatch(r"[\w./-]+\.py", name):
            found.add(name)
    return found


def _exists(name: str, page: Path) -> bool:
    name, _, test = name.partition("::")  # tests/test_x.py::test_name: the file, and the test in it
    if test:
        return (ROOT / name).is_file() and f"def {test}(" in (ROOT / name).read_text(encoding="utf-8")
    # from the root, from the page, or inside the package (docs/architecture.md names core/safefile.py)
    if any((base / name).exists() for base in (ROOT, page.parent, ROOT / "referee")):
        return True
    if "/" not in name and name.endswith(".py"):  # a module named alone: somewhere in the repository
        return any(ROOT.glob(f"referee/**/{name}")) or any(ROOT.glob(f"*/{name}"))
    return False


@pytest.mark.parametrize("page", MARKDOWN, ids=_page_id)
def test_every_path_named_exists(page):
    """A file the docs point a reader or a developer to is there: the README's old 'How it is built' named four
    that had gone (referee/cli.py, store/director.py, store/appending.py, eventjson.py moved into views/)."""
    missing = sorted(name for name in named_paths(page.read_text(encoding="utf-8")) if not _exists(name, page))
    assert not missing, f"{_page_id(page)} names paths that do not exist: {missing}"


def test_the_path_check_sees_a_gone_file():
    """The check reads code spans and links, and finds a gone file and a gone page (referee/cli.py is a package now)."""
    old = "`referee/cli.py` — the command; in `referee/store/`: `appending.py`; see [x](docs/nowhere.md)"
    names = named_paths(old)
    assert names == {"referee/cli.py", "referee/store/", "appending.py", "docs/nowhere.md"}
    assert [_exists(name, ROOT / "README.md") for name in sorted(names)] == [True, False, False, True]


# --- the site's 繁體 pages ---------------------------------------------------------------------------------------


def test_the_traditional_pages_are_the_simplified_prose_converted_and_the_code_kept(tmp_path):
    """tools/docs_hooks.py: a PAGE.zh.md gets a PAGE.zh-TW.md in the build copy, its prose through the catalogue's
    conversion (s2twp, then tools/zh_TW-terms.toml: 上臺 stays 上台) and its code as typed and printed; a page
    written by hand in traditional characters is kept; docs/ itself gets nothing."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "tools" / "docs_hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    source, target = tmp_path / "docs", tmp_path / "build"
    (source / "start").mkdir(parents=True)
    page = "# 记录与哈希链\n\n抓分方上台 `红桃10`\n\n```console\n$ referee list\n简体\n```\n"
    (source / "start" / "a.zh.md").write_text(page, encoding="utf-8")
    (source / "b.zh.md").write_text("简体\n", encoding="utf-8")
    (source / "b.zh-TW.md").write_text("手寫的\n", encoding="utf-8")
    made = hooks.traditional_pages(source, target, hooks.prose_only(hooks._converter()))
    assert made == [target / "start" / "a.zh-TW.md"]
    assert (target / "start" / "a.zh-TW.md").read_text(encoding="utf-8") == (
        "# 記錄與雜湊鏈\n\n抓分方上台 `红桃10`\n\n```console\n$ referee list\n简体\n```\n")
    assert (target / "b.zh-TW.md").read_text(encoding="utf-8") == "手寫的\n"
    assert sorted(p.name for p in source.rglob("*")) == ["a.zh.md", "b.zh-TW.md", "b.zh.md", "start"]


# --- every command named in the prose is one the command line reads ---------------------------------------------

PLACEHOLDERS = {"SEQ", "TEXT", "DIRECTIVE", "N", "ID", "NAME", "EVENT", "FILE", "PATH", "URL", "PAIR", "TABLE",
                "SIDE", "MATCH", "LEAGUE", "CLUB", "DIR", "K", "D", "A", "B", "FROM", "TO", "PLAYER1", "PLAYER2",
                "GAME", "LANG", "RULESET", "A:B", "EW:NS", "EW-NS", "SEQ DIRECTIVE"}


def prose_commands(text: str) -> list[str]:
    """The `referee …` code spans of a page's prose that name no placeholder (SEQ, TEXT, [--json], …)."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    spans = []
    for span in re.findall(r"`(referee [^`]+)`", prose):
        if any(c in span for c in "[…|<{"):
            continue
        try:
            words = shlex.split(span)
        except ValueError:
            continue
        if any(w in PLACEHOLDERS or w.rpartition("=")[2] in PLACEHOLDERS for w in words) or len(words) < 3:
            continue
        spans.append(span)
    return spans


@pytest.mark.parametrize("page", MARKDOWN, ids=_page_id)
def test_every_command_in_the_prose_is_read_by_the_command_line(page):
    """An inline `referee event pair SC26 --explain` names a command and options that exist, with values of their
    types: each is parsed as the command parses it (not run: its store is not there)."""
    group = typer.main.get_command(app)
    root = group.make_context("referee", ["list", "--help"], resilient_parsing=True)
    wrong = []
    for span in prose_commands(page.read_text(encoding="utf-8")):
        words = shlex.split(span)[1:]
        command = group.get_command(root, words[0])
        try:
            assert command is not None, "no such command"
            if hasattr(command, "get_command") and not words[1].startswith("-"):
                sub = command.get_command(root, words[1])
                assert sub is not None, "no such command"
                command, words = sub, words[1:]
            command.make_context(words[0], words[1:])
        except Exception as problem:  # typer's own click: its UsageError is not click's
            if "Missing" not in str(problem):  # a required option the sentence leaves out is fine
                wrong.append(f"{span}: {problem}")
    assert not wrong, "\n".join(wrong)
