"""Extract, merge and compile the gettext catalogues (``make catalogues``).

Babel extracts every message of the package into ``referee/locale/referee.pot``; each language's
``.po`` is updated from it (new messages added, gone ones dropped); the English catalogue gets
msgstr = msgid for new messages (English is the source; a reworded msgstr is kept); and every ``.po``
is compiled to the ``.mo`` the package ships. ``--harvest`` first moves inline Chinese (``zh="…"``
arguments of M/MN/tr/trn/N_) into the zh_CN catalogue and removes it from the code.

Traditional Chinese (``zh_TW``) is made from ``zh_CN`` at every build by OpenCC's ``s2twp`` conversion
(characters and Taiwan's phrases: 文件 → 檔案), then the reviewed corrections of ``tools/zh_TW-terms.toml``
(the game's own words); each such message carries the flag ``opencc`` and is made again when its Chinese
changes. A zh_TW message without the flag was written by hand and is kept as it is.
"""

from __future__ import annotations

import argparse
import ast
import copy
import io
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

from babel.messages import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
LOCALE = PACKAGE / "locale"
POT = LOCALE / "referee.pot"
DOMAIN = "referee"
KEYWORDS = {"M": None, "MN": (1, 2), "tr": (2,), "trn": (2, 3), "P_": ((1, "c"), 2), "N_": None}
LANGS = ("en", "zh_CN", "zh_TW")
TRADITIONAL, SIMPLIFIED = "zh_TW", "zh_CN"
CONVERTED = "opencc"  # the flag of a zh_TW message made from zh_CN by the conversion
TERMS = ROOT / "tools" / "zh_TW-terms.toml"
PLURALS = {"en": "nplurals=2; plural=(n != 1);", "zh_CN": "nplurals=1; plural=0;", "zh_TW": "nplurals=1; plural=0;"}


def extract() -> Catalog:
    """The catalogue template: every message in the package's code, then every clause of each game's statement of
    its rules that a Chinese reader reads from the catalogue (:func:`statement_clauses`)."""
    cat = Catalog(project="referee", domain=DOMAIN, charset="utf-8")
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=method_map, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True):
        cat.add(message, None, [(f"referee/{filename}", lineno)], auto_comments=comments, context=context)
    for path, line, section, text in statement_clauses():
        cat.add(text, None, [(path, line)], auto_comments=[f"{section} of the statement, as it stands there"])
    return cat


def statement_clauses() -> list[tuple[str, int, str, str]]:
    """(path, line, section, clause) of each clause of every registered game's ``docs/<game>-rules.md`` whose
    sources quote no Chinese: its msgid is the clause as stated (``referee.views.clauses``), so the statement is
    written once, in the docs, and an edited clause is a new message to translate."""
    sys.path.insert(0, str(ROOT))
    from referee.games.registry import GAMES
    from referee.views.clauses import clauses, statement

    return [(str(statement(key).relative_to(ROOT)), c.line, c.section, c.text)
            for key in GAMES for c in clauses(key) if c.catalogued]


def _po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_po(lang: str) -> Catalog:
    path = _po_path(lang)
    if not path.is_file():
        cat = Catalog(locale=lang, domain=DOMAIN, project="referee", charset="utf-8")
    else:
        with open(path, "rb") as f:
            cat = read_po(f, locale=lang, domain=DOMAIN)
    cat.plural_forms  # noqa: B018 - make babel read the header
    return cat


def save_po(lang: str, cat: Catalog) -> None:
    path = _po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, sort_output=False, ignore_obsolete=True)
    path.write_bytes(buf.getvalue())


def compile_mo(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def _plural_header(lang: str, cat: Catalog) -> None:
    cat._set_mime_headers([("Plural-Forms", PLURALS[lang])])  # babel reads the forms from here


def harvest() -> dict[tuple[str | None, str], str | tuple[str, ...]]:
    """Move every inline ``zh="…"`` into a dict (msgid → Chinese) and out of the code."""
    found: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "zh=" in text:
            new = _harvest_text(text, found)
            if new != text:
                path.write_text(new, encoding="utf-8")
    return found


def _harvest_text(text: str, found: dict) -> str:
    tree = ast.parse(text)
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def pos(lineno: int, col: int) -> int:  # ast columns are UTF-8 byte offsets within the line
        line = text[starts[lineno - 1]:starts[lineno]]
        return starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8"))

    cuts: list[tuple[int, int]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        index = {"M": 0, "MN": 0, "tr": 1, "trn": 1, "N_": 0}.get(node.func.id)
        kw = next((k for k in node.keywords if k.arg == "zh"), None)
        if index is None or kw is None or not isinstance(kw.value, ast.Constant):
            continue
        if len(node.args) <= index or not isinstance(node.args[index], ast.Constant):
            continue
        msgid = node.args[index].value
        plural = node.func.id in ("MN", "trn")
        found[(None, msgid)] = (kw.value.value,) if plural else kw.value.value  # Chinese: one plural form
        items = [*node.args, *node.keywords]
        prev = items[items.index(kw) - 1]  # cut from the end of the argument before (its comma on)
        cuts.append((pos(prev.end_lineno, prev.end_col_offset), pos(kw.value.end_lineno, kw.value.end_col_offset)))
    for start, end in sorted(cuts, reverse=True):
        text = text[:start] + text[end:]
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--harvest", action="store_true", help="move inline zh= texts into the zh_CN catalogue")
    args = ap.parse_args(argv)
    harvested = harvest() if args.harvest else {}
    template = extract()
    buf = io.BytesIO()
    write_po(buf, template, width=100, omit_header=True, sort_output=False)
    POT.write_bytes(buf.getvalue())
    simplified: Catalog | None = None
    for lang in LANGS:
        cat = load_po(lang)
        _plural_header(lang, cat)
        cat.update(copy.deepcopy(template), no_fuzzy_matching=True)
        cat.fuzzy = False
        for message in cat:
            if not message.id:
                continue
            key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
            if lang == "zh_CN" and key in harvested and not _filled(message.string):
                message.string = harvested[key]
            if lang == "en" and not _filled(message.string):
                message.string = message.id
        if lang == SIMPLIFIED:
            simplified = cat
        if lang == TRADITIONAL and simplified is not None:
            traditional(cat, simplified)
        save_po(lang, cat)
        mo = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.write_bytes(compile_mo(cat))
    missing = {lang: [m.id for m in load_po(lang) if m.id and not _filled(m.string)] for lang in LANGS}
    for lang, ids in missing.items():
        for msgid in ids:
            print(f"{lang}: no translation: {msgid!r}", file=sys.stderr)
    return 1 if any(missing.values()) else 0


def converter() -> Callable[[str], str]:
    """zh_CN text → zh_TW text: OpenCC's s2twp, then the reviewed corrections of the game's words."""
    from opencc import OpenCC

    s2twp = OpenCC("s2twp")
    fixes = tomllib.loads(TERMS.read_text(encoding="utf-8"))["replace"]

    def convert(text: str) -> str:
        out = s2twp.convert(text)
        for wrong, right in fixes.items():
            out = out.replace(wrong, right)
        return out
    return convert


def traditional(cat: Catalog, simplified: Catalog) -> None:
    """Fill *cat* (zh_TW) from *simplified* where it has no translation written by hand."""
    convert = converter()
    source = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string for m in simplified if m.id}
    for message in cat:
        if not message.id or (_filled(message.string) and CONVERTED not in message.flags):
            continue
        text = source.get((message.context, message.id if isinstance(message.id, str) else message.id[0]))
        if not _filled(text):
            continue
        message.string = tuple(convert(t) for t in text) if isinstance(text, tuple | list) else convert(str(text))
        message.flags.add(CONVERTED)


def _filled(string: object) -> bool:
    if isinstance(string, tuple | list):
        return all(string)
    return bool(string)


if __name__ == "__main__":
    sys.exit(main())
