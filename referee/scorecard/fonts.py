"""Fonts for the scorecard: ReportLab's CID font by default, or a TrueType font embedded from a path.

``STSong-Light`` is one of the Adobe CJK fonts every PDF reader with the Asian font pack knows: the
PDF names it and carries no glyphs, so Chinese works without shipping a font file. Readers without
Chinese fonts need the glyphs in the file: ``--font PATH`` embeds (a subset of) a TrueType font.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from referee.errors import UsageError
from referee.i18n import M

CID_FONT = "STSong-Light"


class FontError(UsageError, ValueError):
    """A font that cannot be used (exit 2, like any bad option); the message names the file and why."""


@dataclass(frozen=True)
class FontInfo:
    name: str  # the name registered with ReportLab
    embedded: bool
    path: Path | None = None


_registered: dict[str, FontInfo] = {}


def register(font_path: str | Path | None = None) -> FontInfo:
    """Register the font the scorecard uses and return it; registering twice is free."""
    from reportlab.pdfbase import pdfmetrics

    if font_path is None:
        if CID_FONT not in _registered:
            from reportlab.pdfbase.cidfonts import UnicodeCIDFont

            pdfmetrics.registerFont(UnicodeCIDFont(CID_FONT))
            _registered[CID_FONT] = FontInfo(CID_FONT, embedded=False)
        return _registered[CID_FONT]

    path = Path(font_path).expanduser().resolve()
    key = str(path)
    if key in _registered:
        return _registered[key]
    if not path.is_file():
        raise FontError(M("font file not found: {path}", path=str(font_path)))
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    name = "Embedded-" + re.sub(r"[^A-Za-z0-9]", "", path.stem)[:40] + f"-{len(_registered)}"
    try:
        font = TTFont(name, str(path), subfontIndex=0) if path.suffix.lower() == ".ttc" else TTFont(name, str(path))
    except TTFError as exc:  # ReportLab's reason is in English only: it is kept as it stands
        raise FontError(M("{path}: not a usable TrueType font ({reason})", path=str(font_path),
                          reason=str(exc))) from exc
    except (OSError, ValueError, KeyError, IndexError) as exc:  # a file that is not a font at all
        raise FontError(M("{path}: not a TrueType font ({reason})",
                          path=str(font_path), reason=str(exc))) from exc
    pdfmetrics.registerFont(font)
    info = FontInfo(name, embedded=True, path=path)
    _registered[key] = info
    return info


def missing_glyphs(info: FontInfo, texts: Iterable[str]) -> list[str]:
    """Characters of ``texts`` an embedded font has no glyph for (they would print as boxes)."""
    if not info.embedded:
        return []
    from reportlab.pdfbase import pdfmetrics

    cmap = pdfmetrics.getFont(info.name).face.charToGlyph
    missing: dict[str, None] = {}
    for text in texts:
        for ch in text:
            if ch not in missing and not ch.isspace() and ord(ch) not in cmap:
                missing[ch] = None
    return list(missing)


# ---------------------------------------------------------------- mixed scripts
# The CID font is a Chinese font: readers substitute their own, and its Latin letters and digits often
# come out badly spaced. So Latin runs print in Helvetica (one of the 14 fonts every reader has) and
# only the rest in the Chinese font. An embedded TrueType font prints everything itself.

LATIN = "Helvetica"
LATIN_BOLD = "Helvetica-Bold"


# Characters both fonts print well: they stay in the run they follow (fewer font switches).
NEUTRAL = frozenset(" —×")


def _is_latin_char(ch: str) -> bool:
    if ch < "\x80":
        return True
    try:
        ch.encode("cp1252")  # what the standard fonts' WinAnsi encoding covers
    except UnicodeEncodeError:
        return False
    return True


def is_latin(text: str) -> bool:
    return text.isascii() or all(_is_latin_char(ch) for ch in text)


def runs(text: str, cjk: str, latin: str) -> list[tuple[str, str]]:
    """Split ``text`` into ``(font, piece)`` runs; spaces and ``NEUTRAL`` marks join the run before."""
    if cjk == latin or is_latin(text):
        return [(latin, text)] if text else []
    out: list[tuple[str, str]] = []
    current = ""  # the font of the run being gathered ("" before the first character)
    piece: list[str] = []
    for ch in text:
        font = current if ch in NEUTRAL and current else (latin if _is_latin_char(ch) else cjk)
        if font != current and piece:
            out.append((current, "".join(piece)))
            piece = []
        current = font
        piece.append(ch)
    if piece:
        out.append((current, "".join(piece)))
    return out
