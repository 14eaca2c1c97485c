"""A compiled gettext catalogue (``.mo``) read on demand: the same answers as ``gettext.GNUTranslations``.

``GNUTranslations`` decodes every message of the file when it opens it (2,177 messages: ~3 ms, on every
``referee record``, which looks up ten of them). This reads the file's two tables of offsets and keeps
the bytes: the first lookup indexes the msgids (bytes, not decoded), and each translation is decoded when
asked for. A file this reader does not expect (another byte order or revision) is left to
``GNUTranslations``.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Callable

LE_MAGIC = 0x950412DE  # the magic number as a little-endian file stores it
HEADER_WORDS = 5  # magic, revision, number of strings, offset of the originals' table, of the translations'


def _plural_one(n: int) -> int:
    return int(n != 1)  # what GNUTranslations takes without a Plural-Forms header


class LazyTranslations(gettext.NullTranslations):
    """A catalogue whose messages are decoded when looked up (see the module's docstring); the fallback
    (``add_fallback``) answers what it lacks, as with ``GNUTranslations``."""

    # NullTranslations' own attributes (set by its __init__; typeshed leaves them out)
    _info: dict[str, str]
    _charset: str | None
    _fallback: gettext.NullTranslations | None

    def __init__(self, data: bytes) -> None:
        super().__init__()
        words = memoryview(data)[:HEADER_WORDS * 4].cast("I")
        self._data = data
        self._count, originals, translations = words[2], words[3], words[4]
        self._originals = memoryview(data)[originals:originals + 8 * self._count].cast("I")
        self._translations = memoryview(data)[translations:translations + 8 * self._count].cast("I")
        self._index: dict[bytes, int] | None = None  # msgid → its number; a plural message's as ~number
        self._texts: dict[str, str | None] = {}  # msgid → its text, decoded once (the file never changes)
        self.plural: Callable[[int], int] = _plural_one
        self._read_header()

    def _bytes(self, table: memoryview, i: int) -> bytes:
        length, offset = table[2 * i], table[2 * i + 1]
        return self._data[offset:offset + length]

    def _read_header(self) -> None:
        """The charset and the plural forms, from the header entry (msgid ""), as GNUTranslations reads them."""
        i = self._lookup(b"")
        if i is None or i < 0:
            return
        last = None
        for raw in self._bytes(self._translations, i).decode("ascii", "replace").split("\n"):
            item = raw.strip()
            if not item:
                continue
            if item.startswith("#-#-#-#-#") and item.endswith("#-#-#-#-#"):
                continue
            if ":" in item:
                key, value = item.split(":", 1)
                last = key.strip().lower()
                self._info[last] = value.strip()
            elif last:
                self._info[last] += "\n" + item
            if last == "content-type":
                self._charset = self._info[last].split("charset=")[1] if "charset=" in self._info[last] else None
            elif last == "plural-forms":
                self.plural = gettext.c2py(self._info[last].split(";")[1].split("plural=")[1])

    def _lookup(self, key: bytes) -> int | None:
        index = self._index
        if index is None:
            # one comprehension over the table's two columns (the loop of a record's first lookup: ~1 ms done
            # one entry at a time in Python), then the few plural messages ("singular\0plural") keyed by singular
            data, table = self._data, self._originals
            columns = zip(table[0::2].tolist(), table[1::2].tolist(), strict=True)
            index = {data[offset:offset + length]: i for i, (length, offset) in enumerate(columns)}
            for original in [k for k in index if 0 in k]:  # the byte 0 (b"\0" in k raises and clears a TypeError)
                index[original[:original.index(b"\0")]] = ~index.pop(original)
            self._index = index
        return index.get(key)

    def _text(self, key: str) -> str | None:
        try:
            return self._texts[key]
        except KeyError:
            text = self._texts[key] = self._decoded(key)
            return text

    def _decoded(self, key: str) -> str | None:
        i = self._lookup(key.encode(self._charset or "ascii"))
        if i is None:
            return None
        if i < 0:  # a plural message asked for without a number: its form for one, as GNUTranslations answers
            return self._plural_text(key, 1)
        return self._bytes(self._translations, i).decode(self._charset or "ascii")

    def _plural_text(self, key: str, n: int) -> str | None:
        i = self._lookup(key.encode(self._charset or "ascii"))
        if i is None or i >= 0:  # a singular message is no answer to a plural lookup
            return None
        forms = self._bytes(self._translations, ~i).decode(self._charset or "ascii").split("\0")
        form = self.plural(n)
        return forms[form] if 0 <= form < len(forms) else None

    def gettext(self, message: str) -> str:
        text = self._text(message)
        if text is not None:
            return text
        return self._fallback.gettext(message) if self._fallback else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        text = self._plural_text(msgid1, n)
        if text is not None:
            return text
        if self._fallback:
            return self._fallback.ngettext(msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        text = self._text(context + "\x04" + message)
        if text is not None:
            return text
        return self._fallback.pgettext(context, message) if self._fallback else message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        text = self._plural_text(context + "\x04" + msgid1, n)
        if text is not None:
            return text
        if self._fallback:
            return self._fallback.npgettext(context, msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2


def read(data: bytes) -> gettext.NullTranslations:
    """The catalogue in the bytes of a ``.mo`` file: read on demand when it is the layout Babel and msgfmt
    write on this machine's byte order, else by ``GNUTranslations``."""
    import io

    if (len(data) >= HEADER_WORDS * 4 and sys.byteorder == "little"
            and int.from_bytes(data[:4], "little") == LE_MAGIC and int.from_bytes(data[4:8], "little") >> 16 == 0):
        return LazyTranslations(data)
    return gettext.GNUTranslations(io.BytesIO(data))
