"""Fonts for the scorecard: an installed Chinese TrueType font embedded (a subset) by default, else
ReportLab's CID font; or the TrueType font ``--font PATH`` names.

An embedded subset makes the PDF self-contained: it prints the same on a machine without Chinese
fonts. :func:`find_cjk_font` looks for one where Debian, macOS and Windows put them (AR PL, WenQuanYi,
SimSun/SimHei…, then ``fc-match``), TrueType outlines only: ReportLab embeds ``.ttf``/``.ttc`` with
``glyf`` outlines, not the CFF outlines of OpenType ``.otf``/Noto CJK/PingFang. Without one the PDF
names ``STSong-Light``, one of the Adobe CJK fonts a reader with the Asian font pack knows, and carries
no glyphs (a one-line warning says which package to install). ``--font cid`` asks for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.core.errors import UsageError
from referee.core.i18n import M

CID_FONT = "STSong-Light"
CID_CHOICE = "cid"  # --font cid: the CID font, whatever is installed
# Chinese TrueType fonts where systems put them, the quickest to load first (a 5 MB Song before a
# 17 MB TTC): Debian (fonts-arphic-gbsn00lp, fonts-wqy-microhei, fonts-wqy-zenhei, fonts-arphic-uming),
# macOS, Windows.
CJK_FONTS = (
    "/usr/share/fonts/truetype/arphic-gbsn00lp/gbsn00lp.ttf",
    "/usr/share/fonts/truetype/arphic/gbsn00lp.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/System/Library/Fonts/Supplemental/Songti.ttc",
    "/System/Library/Fonts/STHeiti Light.ttc",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/simsun.ttc",
    "C:/Windows/Fonts/simhei.ttf",
    "C:/Windows/Fonts/msyh.ttc",
)
INSTALL_HINT = "apt-get install fonts-wqy-microhei"


class FontError(UsageError, ValueError):
    """A font that cannot be used (exit 2, like any bad option); the message names the file and why."""


@dataclass(frozen=True)
class FontInfo:
    name: str  # the name registered with ReportLab
    embedded: bool
    path: Path | None = None


_registered: dict[str, FontInfo] = {}


def truetype_outlines(path: Path) -> bool:
    """Whether *path* starts like a font ReportLab can embed: a TrueType sfnt, or a collection whose
    first font is one (not ``OTTO``, the CFF outlines of OpenType). Reads 16 bytes, never the font."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
            if head[:4] == b"ttcf" and len(head) >= 16:
                f.seek(int.from_bytes(head[12:16], "big"))
                head = f.read(4)
    except OSError:
        return False
    return head[:4] in (b"\x00\x01\x00\x00", b"true")


_found: list[list[Path]] = []  # _candidates' answer, once a process


def _candidates() -> list[Path]:
    """The installed Chinese TrueType fonts of :data:`CJK_FONTS`, then what ``fc-match`` gives."""
    if not _found:
        paths = [Path(p) for p in CJK_FONTS if Path(p).is_file() and truetype_outlines(Path(p))]
        matched = _fc_match()
        if matched is not None and all(matched.resolve() != p.resolve() for p in paths):
            paths.append(matched)
        _found.append(paths)
    return _found[0]


def find_cjk_font() -> Path | None:
    """The first installed Chinese TrueType font, or None."""
    found = _candidates()
    return found[0] if found else None


def register_default(texts: Iterable[str]) -> FontInfo:
    """The scorecard's font when ``--font`` names none: the first installed Chinese TrueType font that
    draws every character of *texts* (a GB font lacks the traditional characters of a zh_TW card), its
    subset embedded; else the CID font."""
    wanted = list(texts)
    for path in _candidates():
        try:
            info = register(path)
        except FontError:  # a font that looked right and is not: the next one
            continue
        if not missing_glyphs(info, wanted):
            return info
    return register(CID_CHOICE)


def _fc_match() -> Path | None:
    import shutil
    import subprocess

    exe = shutil.which("fc-match")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "-f", "%{file}", ":lang=zh-cn:fontformat=TrueType"], capture_output=True,
                              text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    path = Path(done.stdout.strip())
    return path if done.returncode == 0 and path.suffix.lower() in (".ttf", ".ttc") and path.is_file() \
        and truetype_outlines(path) else None


def register(font_path: str | Path | None = None) -> FontInfo:
    """Register the font the scorecard uses and return it; registering twice is free. Without
    *font_path* (or ``"cid"``) the CID font: :func:`register_default` chooses the default."""
    from reportlab.pdfbase import pdfmetrics

    if font_path is None or str(font_path) == CID_CHOICE:
        if CID_FONT not in _registered:
            from reportlab.pdfbase.cidfonts import UnicodeCIDFont

            pdfmetrics.registerFont(UnicodeCIDFont(CID_FONT))
            _registered[CID_FONT] = FontInfo(CID_FONT, embedded=False)
        return _registered[CID_FONT]

    try:
        path = Path(font_path).expanduser().resolve()
        is_file = path.is_file()
    except (OSError, RuntimeError):  # a symlink loop (RuntimeError before Python 3.13), a name too long
        raise FontError(M("{path}: not a usable TrueType font (the path cannot be followed: a symlink loop?)",
                          path=str(font_path))) from None
    key = str(path)
    if key in _registered:
        return _registered[key]
    if not is_file:
        raise FontError(M("font file not found: {path}", path=str(font_path)))
    font = _load_ttf(path, str(font_path))
    pdfmetrics.registerFont(font)
    info = FontInfo(font.fontName, embedded=True, path=path)
    _registered[key] = info
    return info


def _load_ttf(path: Path, shown: str) -> Any:
    """ReportLab's TTFont of *path*, or a FontError that says why in general words: the reasons ReportLab
    and the struct module give quote the file's first bytes (``version=0x726F6F74`` for /etc/passwd)."""
    from reportlab.pdfbase.ttfonts import TTFont

    name = "Embedded-" + re.sub(r"[^A-Za-z0-9]", "", path.stem)[:40] + f"-{len(_registered)}"
    try:
        return TTFont(name, str(path), subfontIndex=0) if path.suffix.lower() == ".ttc" else TTFont(name, str(path))
    except Exception as exc:  # TTFError, struct.error (truncated), OSError, ValueError…: none echoed
        postscript = "postscript outlines" in str(exc).lower()
        if postscript:
            raise FontError(M("{path}: not a usable TrueType font (its outlines are PostScript/CFF, as in OpenType "
                              ".otf files; the PDF can embed TrueType outlines only)", path=shown)) from None
        raise FontError(M("{path}: not a usable TrueType font (.ttf or .ttc)", path=shown)) from None


def _cid_draws(ch: str) -> bool:
    """Whether the scorecard draws *ch* with the CID font: a Latin run goes to Helvetica (WinAnsi), the
    rest to STSong-Light, whose UniGB-UCS2-H encoding covers the GBK repertoire (Arabic, emoji… vanish)."""
    if _is_latin_char(ch):
        return True
    try:
        ch.encode("gbk")
    except UnicodeEncodeError:
        return False
    return True


def missing_glyphs(info: FontInfo, texts: Iterable[str]) -> list[str]:
    """Characters of ``texts`` the font cannot draw: an embedded font's have no glyph (they print as
    boxes); the CID font's are outside GBK (they vanish from the page)."""
    if info.embedded:
        from reportlab.pdfbase import pdfmetrics

        cmap = pdfmetrics.getFont(info.name).face.charToGlyph

        def draws(ch: str) -> bool:
            return ord(ch) in cmap
    else:
        draws = _cid_draws
    missing: dict[str, None] = {}
    for text in texts:
        for ch in text:
            if ch not in missing and not ch.isspace() and not draws(ch):
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
