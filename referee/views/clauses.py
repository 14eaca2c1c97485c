"""The text of a clause of the rules, quoted from the project's statement of them (docs/<game>-rules.md).

A settlement step cites its rule key and section (``scoring.short_threshold · §7.2.3``); a dispute's
weighing and its ruling sheet quote the section's text beside it. The statement is written in English,
and each clause ends with its sources, which quote the Chinese seed texts (``(source: 002 §六.2 “…”)``):
a Chinese reader gets those quotations, or, for a clause whose sources quote none, its Chinese from the
catalogue, where the clause as stated is the msgid (``tools/catalogues.py`` extracts every such clause of every
game's statement, at its line, so the statement is written once and an edited clause is a new message, quoted as
stated until it is translated); an English reader reads the clause itself. Where the statement is not
installed (a wheel without the documents), no text is quoted: the citation stands alone.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import NamedTuple

from referee.core.i18n import gettext, is_chinese

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"


def statement(game: str) -> Path:
    """The project's statement of *game*'s rules (``docs/<game key>-rules.md``): what its sections cite."""
    return DOCS / f"{game}-rules.md"
SECTION = re.compile(r"§\d+(?:\.\d+)*")
_BOLD = re.compile(r"^\*\*(§\d+(?:\.\d+)*)\*\*\s*(.*)$")
_HEADING = re.compile(r"^#{2,4}\s+(§\d+(?:\.\d+)*)\s*(.*)$")
_QUOTED = re.compile(r"“([^”]+)”")
MOST = 360  # characters of a clause quoted at most


class Clause(NamedTuple):
    section: str  # §7.2.3
    text: str  # the clause (English)
    source: str  # its sources' line, with the Chinese quotations
    line: int = 0  # the line of the statement it starts at

    @property
    def catalogued(self) -> bool:
        """Its sources quote no Chinese: a Chinese reader reads the catalogue's Chinese of it."""
        return not _QUOTED.search(self.source)

    def quoted(self, lang: str, most: int | None = MOST) -> str:
        """The clause in the reader's language: the Chinese quotations of its sources for a Chinese
        reader (when it has some), else the clause as the catalogue words it (its msgid is the clause
        as stated), else the clause as stated; cut at *most* characters (None: whole, as a ruling sheet
        prints it)."""
        if is_chinese(lang):
            found = _QUOTED.findall(self.source)
            if found:
                return _short("；".join(found), most)
            return _short(gettext(lang, self.text), most)  # the clause itself while the catalogue lacks it
        return _short(self.text, most)


# Marks of the statement some Chinese fonts lack, and the plain characters that say the same.
_PLAIN = str.maketrans({"\u2212": "-", "\u2011": "-"})


def _short(text: str, most: int | None = MOST) -> str:
    text = " ".join(text.split()).translate(_PLAIN)
    return text if most is None or len(text) <= most else text[:most - 1].rstrip() + "…"


@functools.lru_cache(maxsize=8)
def _clauses(game: str) -> dict[str, Clause]:
    try:
        lines = statement(game).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    found: dict[str, Clause] = {}
    titled: set[str] = set()  # the sections found so far as a heading alone: a paragraph of the section says more
    i = 0
    while i < len(lines):
        m = _BOLD.match(lines[i]) or _HEADING.match(lines[i])
        if m is None:
            i += 1
            continue
        heading = lines[i].startswith("#")
        section, first, start = m[1], m[2], i + 1
        body: list[str] = [] if heading else [first]
        source: list[str] = []
        i += 1
        while i < len(lines):
            line = lines[i]
            if line.startswith("#") or _BOLD.match(line) or (not heading and not line.strip() and source):
                break
            stripped = line.strip()
            if stripped.startswith("(source") or source:
                source.append(stripped)
            elif stripped and not stripped.startswith("|"):
                body.append(stripped)
            i += 1
        if heading and not body:
            body = [first]
            if section in found:
                continue
            titled.add(section)
        elif section in titled:  # ``## §11 Time`` then ``**§11** A club may time …``: the clause is the paragraph
            del found[section]
            titled.discard(section)
        found.setdefault(section, Clause(section, " ".join(body), " ".join(source), start))
    for row in _rows(lines):
        found.setdefault(row.section, row)
    return dict(sorted(found.items(), key=lambda item: item[1].line))


_ROW = re.compile(r"^\|\s*(§\d+(?:\.\d+)*)\s*\|")


def _rows(lines: list[str]) -> list[Clause]:
    """The clauses a table states a row each (``| §6.1 | 平胡 | `pinghu` | 1 | 三(1): … |``): each cell after the
    section under its column's heading, ``pattern: 平胡; code: `pinghu`; factor: 1; seed 003: 三(1): …``."""
    rows: list[Clause] = []
    heads: list[str] = []
    for n, line in enumerate(lines, 1):
        if not line.startswith("|"):
            heads = []
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if n < len(lines) and set(lines[n].replace("|", "").strip()) <= {"-", ":", " "} and lines[n].startswith("|"):
            heads = cells  # the row above a table's ``|---|`` line names its columns
        elif _ROW.match(line) and heads:
            text = "; ".join(f"{head}: {cell}" for head, cell in zip(heads[1:], cells[1:], strict=False) if cell)
            rows.append(Clause(cells[0], text, "", n))
    return rows


def clauses(game: str) -> list[Clause]:
    """Every clause of *game*'s statement, in its order (none when it is not installed)."""
    return list(_clauses(game).values())


def sections(citation: str) -> list[str]:
    """The sections a step's clause cites: ``kitty.dig_multiplier · §6.6`` → ``['§6.6']``."""
    return SECTION.findall(citation)


def clause(section: str, game: str) -> Clause | None:
    """The clause of *section* (``§7.2.3``) of *game*'s statement, or None when it has none (or is not
    installed)."""
    return _clauses(game).get(section)
