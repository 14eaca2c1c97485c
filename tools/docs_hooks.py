"""MkDocs hook (mkdocs.yml ``hooks:``): the traditional-Chinese pages are made from the simplified ones at build time.

The site is built from a copy of ``docs/`` in ``build/docs/``: beside each ``PAGE.zh.md`` the copy gets a
``PAGE.zh-TW.md`` converted by the catalogue's own conversion (``tools/catalogues.py``: OpenCC's s2twp, then the
reviewed game words of ``tools/zh_TW-terms.toml``), so the site's 繁體中文 reads as the program's zh_TW does and
nothing generated is ever written into ``docs/``. (mkdocs-static-i18n reads every page from the docs folder, so
the converted pages must be files there, not in-memory pages.) A page with no Chinese version falls back to the
English one (the plugin's ``fallback_to_default``). The navigation's titles are converted the same way.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "docs"
SIMPLIFIED, TRADITIONAL = ".zh.md", ".zh-TW.md"
# What is not converted: code blocks and code spans are what a reader types and what the commands print (a
# session run with --lang zh prints simplified characters, and a player's name is printed as it was typed).
CODE = re.compile(r"^```.*?^```[ \t]*$|`[^`\n]+`", re.S | re.M)


def prose_only(convert: Callable[[str], str]) -> Callable[[str], str]:
    """*convert* applied to a Markdown page's prose, its code blocks and code spans left as they are."""
    def page(text: str) -> str:
        out, at = [], 0
        for code in CODE.finditer(text):
            out += [convert(text[at:code.start()]), code.group()]
            at = code.end()
        return "".join(out) + convert(text[at:])
    return page


def _converter() -> Callable[[str], str]:
    spec = importlib.util.spec_from_file_location("_catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    convert: Callable[[str], str] = module.converter()
    return convert


def traditional_pages(source: Path, target: Path, convert: Callable[[str], str]) -> list[Path]:
    """Copy *source* to *target* afresh and write each simplified page's traditional twin there."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    made = []
    for page in sorted(target.rglob(f"*{SIMPLIFIED}")):
        twin = page.with_name(page.name[: -len(SIMPLIFIED)] + TRADITIONAL)
        if not twin.exists():  # a page written by hand in traditional characters is kept as it is
            twin.write_text(convert(page.read_text(encoding="utf-8")), encoding="utf-8")
            made.append(twin)
    return made


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Build from build/docs/ (docs/ plus the converted pages); `mkdocs serve` still watches docs/.

    Runs before mkdocs-static-i18n's on_config (that plugin's events run last), so it sees the new folder.
    """
    convert = _converter()
    source = Path(config.docs_dir)
    if source.resolve() != BUILD.resolve():
        traditional_pages(source, BUILD, prose_only(convert))
        config.docs_dir = str(BUILD)
        if str(source) not in config.watch:
            config.watch.append(str(source))
    i18n = config.plugins.get("i18n")
    if i18n is not None:
        languages = {language.locale: language for language in i18n.config.languages}
        simplified, traditional = languages.get("zh"), languages.get("zh-TW")
        if simplified is not None and traditional is not None and not traditional.nav_translations:
            traditional.nav_translations = {k: convert(v) for k, v in (simplified.nav_translations or {}).items()}
    return config
