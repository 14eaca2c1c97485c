"""The catalogue read on demand (referee.core.i18n.mofile) answers every lookup as the standard library's
GNUTranslations does, over every message of each shipped catalogue: singular, plural, context, a plural
message asked for without a number, a message the catalogue lacks, and a fallback."""

from __future__ import annotations

import gettext
import io
import struct

import pytest

from referee.core.i18n import LOCALE_DIR, catalogue, mofile


def _both(lang: str) -> tuple[gettext.GNUTranslations, gettext.NullTranslations]:
    data = (LOCALE_DIR / lang / "LC_MESSAGES" / "referee.mo").read_bytes()
    return gettext.GNUTranslations(io.BytesIO(data)), mofile.read(data)


@pytest.mark.parametrize("lang", ["en", "zh_CN", "zh_TW"])
def test_every_message_is_answered_as_gnutranslations_answers_it(lang: str) -> None:
    std, lazy = _both(lang)
    assert isinstance(lazy, mofile.LazyTranslations)
    assert lazy.info() == std.info() and lazy.charset() == std.charset() == "utf-8"
    asked = 0
    for key in std._catalog:  # type: ignore[attr-defined]  # the standard reader's own table: every message
        full = key[0] if isinstance(key, tuple) else key
        context, msgid = full.split("\x04", 1) if "\x04" in full else (None, full)
        for n in (0, 1, 2, 5):
            if context is None:
                assert lazy.ngettext(msgid, msgid + "s", n) == std.ngettext(msgid, msgid + "s", n)
            else:
                assert lazy.npgettext(context, msgid, msgid + "s", n) == std.npgettext(context, msgid, msgid + "s", n)
        if context is not None:
            assert lazy.pgettext(context, msgid) == std.pgettext(context, msgid)
        assert lazy.gettext(msgid) == std.gettext(msgid)
        asked += 1
    assert asked > 2000  # the catalogues hold over two thousand messages each: the loop ran over them
    assert lazy.gettext("no such message") == "no such message"
    assert lazy.ngettext("one apple", "{n} apples", 1) == "one apple"
    assert lazy.ngettext("one apple", "{n} apples", 3) == "{n} apples"


def test_the_words_a_record_prints_come_through_it() -> None:
    # The en catalogue rewords a suit's code (context "suit"), and zh_CN words a seat; a plural message of
    # zh_CN (nplurals=1) has one form for every n.
    assert catalogue("en").pgettext("suit", "H") == "hearts"
    assert catalogue("zh_CN").pgettext("seat", "E") == "东"
    zh = catalogue("zh_CN")
    assert zh.ngettext("{n} entry", "{n} entries", 1) == zh.ngettext("{n} entry", "{n} entries", 7) != "{n} entries"


def test_a_fallback_answers_what_the_catalogue_lacks() -> None:
    # zh_TW falls back to zh_CN (i18n.FALLBACK); a message neither has is the msgid itself.
    std_cn, lazy_cn = _both("zh_CN")
    _, lazy_tw = _both("zh_TW")
    lazy_tw.add_fallback(lazy_cn)
    assert lazy_tw.gettext("not in any catalogue") == "not in any catalogue"
    empty = mofile.read(_mo({}))
    empty.add_fallback(lazy_cn)
    assert empty.pgettext("seat", "E") == std_cn.pgettext("seat", "E") == "东"
    assert empty.ngettext("{n} entry", "{n} entries", 2) == std_cn.ngettext("{n} entry", "{n} entries", 2)


def _mo(messages: dict[bytes, bytes], byteorder: str = "<") -> bytes:
    """A .mo file of *messages* (the header entry first), written as msgfmt lays one out."""
    items = sorted({b"": b"Content-Type: text/plain; charset=utf-8\n", **messages}.items())
    ids = b"".join(k + b"\0" for k, _ in items)
    strs = b"".join(v + b"\0" for _, v in items)
    start = 7 * 4 + 16 * len(items)
    offsets, pos = [], start
    for k, _ in items:
        offsets += [len(k), pos]
        pos += len(k) + 1
    for _, v in items:
        offsets += [len(v), pos]
        pos += len(v) + 1
    head = struct.pack(byteorder + "7I", 0x950412DE, 0, len(items), 28, 28 + 8 * len(items), 0, 0)
    table = struct.pack(byteorder + f"{4 * len(items)}I", *offsets[:2 * len(items)], *offsets[2 * len(items):])
    return head + table + ids + strs


def test_a_file_of_the_other_byte_order_is_read_by_gnutranslations() -> None:
    big = _mo({b"yes": b"oui"}, ">")
    little = _mo({b"yes": b"oui"}, "<")
    assert type(mofile.read(big)) is gettext.GNUTranslations
    assert type(mofile.read(little)) is mofile.LazyTranslations
    assert mofile.read(big).gettext("yes") == mofile.read(little).gettext("yes") == "oui"
