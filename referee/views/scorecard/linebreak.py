"""Where a PDF's lines break: Chinese by the kinsoku rules (禁则), other scripts at spaces only.

Every paragraph of the PDFs (the scorecard, the event's sheets and report, the league report, the ruling sheet) is
a :class:`Para`, a ReportLab ``Paragraph`` whose text with a Chinese character in it, or in a ``wordWrap='CJK'``
style, is broken here instead of by ReportLab's CJK wrap, which cuts "like a knife" between any two characters: it
lets a line end with "（" and start with "；" or "，" (its table of what cannot start a line is Japanese and lacks
the full-width Chinese marks), and it cuts an English word that has no space in the last half of its line.

The rules, after W3C's *Requirements for Chinese Text Layout* (§3.1.7): a line breaks between two characters
when either is a Chinese (wide) one, or after a space; never before a space, between two characters of a Latin word
or number, before a character of :data:`CANNOT_START` (closing brackets and quotes, stops, pauses) nor after one of
:data:`CANNOT_END` (opening brackets and quotes). A closing mark that overflows the line hangs in the margin, as
ReportLab's wrap lets it (one mark, where a break may follow it); else the line breaks at the last place it may,
pushing a character or two down with the mark. Only a word longer than the line is cut. The lines are ReportLab's
own structures (``makeCJKParaLine``, ``wordSplit``'s), so a line that breaks where ReportLab's wrap broke it prints
the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.textsplit import ALL_CANNOT_END, ALL_CANNOT_START
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import ParaLines, cjkU, makeCJKParaLine
from reportlab.rl_config import _FUZZ

# ReportLab's tables (Japanese), with the full-width marks of Chinese they lack
CANNOT_START = frozenset(ALL_CANNOT_START + "，；：！？）》〉』」〗〙〛］｝”’…‥·｡｣}%")
CANNOT_END = frozenset(ALL_CANNOT_END + "（《〈『「〖〘〚［｛“‘(")
# after a space ASCII quotes open: a break before one is a break between words
OPENING_AFTER_SPACE = frozenset("'\"")
WIDE = 0x2E80  # from the CJK radicals on: a character a line may break before or after


def _wide(ch: str) -> bool:
    return bool(ch) and ord(ch[0]) >= WIDE


def _space(ch: str) -> bool:
    return ch.isspace()


def breaks(text: Sequence[str]) -> list[bool]:
    """``ok[j]``: whether a line may break before ``text[j]`` (``ok[0]`` is False: a line holds a character)."""
    ok = [False] * (len(text) + 1)
    last = ""  # the last character that is not a space
    for j in range(1, len(text)):
        a, b = text[j - 1], text[j]
        if not _space(a):
            last = a
        if not b or _space(b):
            continue
        if _space(a):
            ok[j] = (b not in CANNOT_START or b in OPENING_AFTER_SPACE) and last not in CANNOT_END
        elif _wide(a) or _wide(b):
            ok[j] = b not in CANNOT_START and a not in CANNOT_END
    ok[len(text)] = True
    return ok


def lines(text: Sequence[str], widths: Sequence[float], max_widths: Sequence[float],
          hard: Sequence[bool] = (), words: bool = False) -> list[tuple[int, int, float, float, bool]]:
    """The lines of *text* (its characters, each ``widths`` wide) in lines ``max_widths`` wide (the last width for
    every later line): ``(start, end, extra, used, forced)`` each, the characters ``text[start:end]``, the space
    left on the line, the width ReportLab's wrap calls the line's (what it had added when the line overflowed), and
    whether a forced break (``hard[i]``: ``<br/>``) ended it. The arithmetic is ReportLab's, term for term.

    *words*: a line breaks after a space where it can (a heading's, a name's), between Chinese characters only in
    a run of them longer than the line."""
    ok = breaks(text)
    spaced = [k > 0 and ok[k] and _space(text[k - 1]) for k in range(len(text) + 1)] if words else ok
    out: list[tuple[int, int, float, float, bool]] = []
    n = len(text)
    i = start = 0
    used = 0.0
    max_width = max_widths[0]
    while i < n:
        w = widths[i]
        used += w
        i += 1
        forced = bool(hard) and hard[i - 1]
        if not (forced or (used > max_width + _FUZZ and used > 0)):
            continue
        extra = max_width - used
        o = i - 1  # the character that overflowed
        if not forced and o > start:
            j = _after_space(text, widths, spaced, start, o, max_width) if words else 0
            if j > o:  # the space that overflowed hangs in the margin, unseen
                extra += widths[o]
            elif j:
                pass  # after the line's last space
            elif text[o] in CANNOT_START and ok[o + 1] and (_wide(text[o]) or _wide(text[o - 1])):
                j = i  # a Chinese mark, or one after a Chinese character, hangs in the margin
            else:  # the last place it may break; none at all: a word longer than the line, cut
                j = next((k for k in range(o, start, -1) if ok[k]), o)
            if j <= o:
                extra += sum(widths[k] for k in range(j + 1, i))
                extra += widths[j]
                i = j
        out.append((start, i, extra, used, forced))
        max_width = max_widths[min(len(out), len(max_widths) - 1)]
        start = i
        used = 0.0
    if used > 0:
        out.append((start, n, max_width - used, used, False))
    return out


def _after_space(text: Sequence[str], widths: Sequence[float], spaced: Sequence[bool], start: int, o: int,
                 max_width: float) -> int:
    """Where a line that overflowed at ``text[o]`` breaks between words, as ReportLab's wrap between words does: after
    the space that overflowed, else after the line's last space, unless the word after it is wider than a line
    (then it starts on this line: 0, as when the line has no space)."""
    if _space(text[o]):
        return o + 1 if spaced[o + 1] else 0
    j = next((k for k in range(o, start, -1) if spaced[k]), 0)
    if j:
        end = next((k for k in range(j + 1, len(text) + 1) if spaced[k]), len(text))
        if sum(widths[k] for k in range(j, end) if not _space(text[k])) > max_width + _FUZZ:
            return 0
    return j


class Para(Paragraph):  # type: ignore[misc]  # ReportLab ships no types
    """A paragraph whose lines break by :func:`lines` when it holds Chinese or its style wraps as CJK (a style that
    does not, a heading's or a name's, between words first); any other by ReportLab's (between words)."""

    def breakLines(self, width: Any) -> Any:  # noqa: N802 - ReportLab's name
        # a frag's text, or its words: the second part of a paragraph split across pages
        if any(_wide(ch) for f in self.frags for ch in getattr(f, "text", None) or "".join(getattr(f, "words", ()))):
            return self.breakLinesCJK(width)
        return super().breakLines(width)

    def breakLinesCJK(self, maxWidths: Any) -> Any:  # noqa: N802,N803 - ReportLab's names
        """ReportLab's ``breakLinesCJK`` with its lines broken by :func:`lines`."""
        from reportlab.platypus.paragraph import _handleBulletWidth

        if not isinstance(maxWidths, (list, tuple)):
            maxWidths = [maxWidths]
        style = self.style
        words = style.wordWrap != "CJK"  # a style that wraps between words: a heading, a name
        self.height = 0
        _handleBulletWidth(self.bulletText, style, maxWidths)
        frags = self.frags
        if len(frags) == 1 and not hasattr(frags[0], "cbDefn") and not style.endDots:
            f = frags[0]
            if hasattr(self, "blPara") and getattr(self, "_splitpara", False):
                return f.clone(kind=0, lines=self.blPara.lines)
            text = f.text if hasattr(f, "text") else "".join(getattr(f, "words", []))
            if isinstance(text, bytes):
                text = text.decode("utf8")
            from reportlab.pdfbase.pdfmetrics import stringWidth

            widths = [stringWidth(ch, f.fontName, f.fontSize) for ch in text]
            found = lines(text, widths, maxWidths, words=words)
            wrapped = [(extra, [text[a:b].strip() if k < len(found) - 1 else text[a:b]])
                       for k, (a, b, extra, _, _) in enumerate(found)]
            return f.clone(kind=0, lines=wrapped, ascent=f.fontSize, descent=-0.2 * f.fontSize)
        if not frags:
            return ParaLines(kind=0, fontSize=style.fontSize, fontName=style.fontName, textColor=style.textColor,
                             lines=[], ascent=style.fontSize, descent=-0.2 * style.fontSize)
        if hasattr(self, "blPara") and getattr(self, "_splitpara", False):
            return self.blPara
        auto = getattr(self, "autoLeading", getattr(style, "autoLeading", ""))
        bounds = auto not in ("", "off")
        units: list[Any] = []  # ReportLab's: a glyph and its frag and width each
        for f in frags:
            text = f.text.decode("utf8") if isinstance(f.text, bytes) else f.text
            units.extend([cjkU(ch, f, "utf8") for ch in text] if text else [cjkU(text, f, "utf8")])
        widths = [u.width for u in units]
        hard = [hasattr(u.frag, "lineBreak") for u in units]
        found = lines(units, widths, maxWidths, hard, words)
        return ParaLines(kind=1, lines=[  # each line with the width it was broken in, as ReportLab's wrap gives it
            makeCJKParaLine(units[a:b], maxWidths[min(k, len(maxWidths) - 1)], used, extra, forced, bounds)
            for k, (a, b, extra, used, forced) in enumerate(found)])
