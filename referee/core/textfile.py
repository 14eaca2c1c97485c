"""The one decoding of text files people bring: records, entries CSVs.

Referees and directors bring files from Chinese Windows (GBK), from Excel (UTF-16 or UTF-8 with a BOM) and
from everything else (UTF-8); :func:`detect` reads each the same way wherever a file comes in.
"""

from __future__ import annotations

import codecs


def detect(data: bytes) -> tuple[str, str] | None:
    """The one decoding of files people bring (records in ``referee.app.sources``, entries CSVs in
    ``referee.tournament.entries``):
    (text, encoding) for UTF-8 with a BOM (``utf-8-sig``), UTF-16 with a BOM, UTF-8, else GB18030 —
    or None when the bytes are none of these (NULs without a BOM: UTF-16 without one, or no text)."""
    try:
        if data.startswith(codecs.BOM_UTF8):
            return data[len(codecs.BOM_UTF8):].decode("utf-8"), "utf-8-sig"
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            return data.decode("utf-16"), "utf-16"
        if b"\x00" in data:
            return None
        try:
            return data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            pass
        return data.decode("gb18030"), "gb18030"
    except UnicodeDecodeError:
        return None
