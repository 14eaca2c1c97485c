"""Ids, names and texts a user gives, and the one mapping from an id to a file name.

An id (a match, an event, a pair) is 1–64 characters: letters of any script (Chinese included),
digits, ``-``, ``_`` and ``.``, not starting with ``.`` or ``-``. Names and texts may hold anything
printable but no control character (a newline in a player's name would write a record that cannot
be read back; an escape code would be echoed raw to the terminal). Every file the tool names after
an id — a store file, a scorecard, a sheet — gets its name from :func:`file_stem`, which is
injective (two ids never share a file) and bounded (no "file name too long").
"""

from __future__ import annotations

import functools

from referee.core.errors import UsageError
from referee.core.i18n import M

ID_MAX = 64
NAME_MAX = 100
TEXT_MAX = 500
STEM_MAX = 120  # bytes: well under the 255 of common file systems, with room for a suffix
ID_PUNCT = "-_."
# Names Windows reserves whatever the extension (a store may be copied to such a machine).
RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}


def _bad_char(text: str) -> str | None:
    if text.isascii():  # of ASCII only the controls are Cc (none is Cs, Co or Cn): no unicodedata to load
        return next((ch for ch in text if ch < " " or ch == "\x7f"), None)
    import unicodedata  # a 1 MB extension module: loaded for the first text that is not ASCII

    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ch in "\u2028\u2029":
            return ch
    return None


def nfc(text: str) -> str:
    """*text* in Unicode's composed form (NFC): ASCII as it is, without loading unicodedata."""
    if text.isascii():
        return text
    import unicodedata

    return unicodedata.normalize("NFC", text)


def shown(text: str, limit: int = 60) -> str:
    """*text* safe to echo: control characters escaped, long text cut (for error messages)."""
    out = []
    for ch in text[:limit]:
        out.append(ch.encode("unicode_escape").decode("ascii") if _bad_char(ch) else ch)
    return "".join(out) + ("…" if len(text) > limit else "")


def check_id(value: str, what: str = "id") -> str:
    """*value* if it is a valid id, else a UsageError naming *what* (``--event``, ``MATCH_ID``…)."""
    if not value or len(value) > ID_MAX:
        raise UsageError(M("{what} '{value}': an id has 1 to {most} characters, not {n}",
                           what=what, value=shown(value), most=ID_MAX, n=len(value)))
    bad = next((ch for ch in value if not (ch.isalnum() or ch in ID_PUNCT)), None)
    if bad is not None or value[0] in ".-":
        raise UsageError(M("{what} '{value}': an id holds letters, digits, '-', '_' and '.' only "
                           "(and does not start with '.' or '-')",
                           what=what, value=shown(value)))
    return nfc(value)


def check_text(value: str, what: str, most: int = TEXT_MAX) -> str:
    """A name or text: printable, at most *most* characters; else a UsageError naming *what*."""
    bad = _bad_char(value)
    if bad is not None:
        raise UsageError(M("{what}: control character {char} is not allowed",
                           what=what, char=bad.encode("unicode_escape").decode("ascii")))
    if len(value) > most:
        raise UsageError(M("{what}: at most {most} characters, not {n}", what=what, most=most, n=len(value)))
    return value


@functools.lru_cache(maxsize=4096)
def file_stem(key: str) -> str:
    """The file name (without extension) for an id: the id itself where every character is safe,
    %-escaped (UTF-8) where not, and cut with a hash suffix where it would be too long.

    Injective: ``%`` and ``~`` are always escaped, so an escaped or cut name never equals another
    id's plain name; a cut name carries 16 hex digits of the id's SHA-256."""
    out: list[str] = []
    for i, ch in enumerate(key):
        if ch.isalnum() or ch in "-_" or (ch == "." and i > 0):
            out.append(ch)
        else:
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8")))
    stem = "".join(out) or "%"
    if stem.split(".")[0].upper() in RESERVED:
        stem = "%" + stem
    if len(stem.encode("utf-8")) > STEM_MAX:
        from hashlib import sha256

        digest = sha256(key.encode("utf-8")).hexdigest()[:16]
        cut = stem.encode("utf-8")[: STEM_MAX - 17].decode("utf-8", "ignore")
        stem = f"{cut}~{digest}"
    return stem
