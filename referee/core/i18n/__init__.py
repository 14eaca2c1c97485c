"""Every word a user reads comes from a gettext catalogue: ``referee/locale/<lang>/LC_MESSAGES/referee.mo``.

Messages are English-source: the msgid is the English text with named fields (``"{giver:seat} owes
{owed} blood"``). The ``en`` catalogue may reword them, ``zh_CN`` translates them, and any further
language is one more catalogue folder (``zh_TW`` shows it): no code names a language.

A field's format spec says what kind of word it holds, so the value stays a plain code and each
language names it: ``{s:seat}`` (E → 东), ``{t:team}``, ``{x:suit}``, ``{c:card}``, ``{c:cards}``,
``{xs:list}`` (joined the language's way). Nested messages are recognised by type, and any value that
words itself (a card, a code: a ``localized(lang)`` method, :class:`Localized`) is asked to, so this
module knows no game's cards or codes. The engine never formats text: it returns :class:`Msg` values (what happened, in
no language), and a view calls ``msg.text(lang)``.

The extraction keywords (``M``, ``MN``, ``tr``, ``trn``, ``P_``) are listed in ``babel.cfg``; ``make
catalogues`` extracts, merges and compiles.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    import gettext as _gettext

DOMAIN = "referee"
LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locale"
SOURCE = "en"  # the language of the msgids
# Spellings a user may type for a catalogue (``--lang zh``, ``$REFEREE_LANG=zh-TW``); the folder
# names themselves are always accepted.
ALIASES = {"zh": "zh_CN", "zh_hans": "zh_CN", "cn": "zh_CN", "zh_hant": "zh_TW", "tw": "zh_TW",
           "en_us": "en", "en_gb": "en"}


def languages() -> tuple[str, ...]:
    """The catalogues shipped, by folder name: ``('en', 'zh_CN', 'zh_TW')`` (looked up once)."""
    global _LANGUAGES
    if _LANGUAGES is None:
        _LANGUAGES = _find_languages()
    return _LANGUAGES


_LANGUAGES: tuple[str, ...] | None = None


def _find_languages() -> tuple[str, ...]:
    try:
        names = os.listdir(LOCALE_DIR)
    except FileNotFoundError:  # pragma: no cover - a broken install
        return (SOURCE,)
    found = [n for n in names if (LOCALE_DIR / n / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()]
    return tuple(sorted(set(found) | {SOURCE}))


def normalize(lang: str | None) -> str | None:
    """The catalogue a spelling of a language names (``zh`` → ``zh_CN``), or None if there is none."""
    if not lang:
        return None
    try:
        return _NORMALIZED[lang]
    except KeyError:
        found = _NORMALIZED[lang] = _normalize(lang)
        return found


_NORMALIZED: dict[str, str | None] = {}


def _normalize(lang: str) -> str | None:
    key = lang.strip().replace("-", "_")
    key = key.split(".")[0]  # zh_CN.UTF-8
    folded = {n.lower(): n for n in languages()}
    name = ALIASES.get(key.lower(), key)
    return folded.get(name.lower())


def is_chinese(lang: str) -> bool:
    """For layout only (a CJK font, column widths): never for choosing words."""
    return (normalize(lang) or "").startswith("zh")


# --- catalogues ------------------------------------------------------------------------------------

_CATALOGUES: dict[str, _gettext.NullTranslations] = {}
# Which catalogue a language falls back to before the msgid itself (a regional variant to its base).
FALLBACK = {"zh_TW": "zh_CN"}


def catalogue(lang: str) -> _gettext.NullTranslations:
    """The translations of *lang* (any accepted spelling), with its fallbacks; loaded once."""
    name = normalize(lang) or SOURCE
    found = _CATALOGUES.get(name)
    if found is not None:
        return found
    import gettext

    from referee.core.i18n import mofile

    path = LOCALE_DIR / name / "LC_MESSAGES" / f"{DOMAIN}.mo"
    trans: gettext.NullTranslations
    try:
        with open(path, "rb") as f:
            trans = mofile.read(f.read())  # decoded message by message when asked (a command asks for few)
    except OSError:
        trans = gettext.NullTranslations()
    base = FALLBACK.get(name)
    if base:
        trans.add_fallback(catalogue(base))
    _CATALOGUES[name] = trans
    return trans


def gettext(lang: str, msgid: str) -> str:
    return catalogue(lang).gettext(msgid)


def pgettext(lang: str, context: str, msgid: str) -> str:
    return catalogue(lang).pgettext(context, msgid)


def ngettext(lang: str, singular: str, plural: str, n: int) -> str:
    return catalogue(lang).ngettext(singular, plural, n)


def _translated(lang: str, msgid: str, plural: str | None, n: int, zh: str | None, context: str | None) -> str:
    """The template of a message in *lang*. *zh* is an inline Chinese text kept only until the
    catalogue holds the message (``make catalogues`` harvests it): used when the catalogue lacks it."""
    cat = catalogue(lang)
    if plural is not None:
        text = cat.ngettext(msgid, plural, n)
        missing = text in (msgid, plural)
    elif context is not None:
        text = cat.pgettext(context, msgid)
        missing = text == msgid
    else:
        text = cat.gettext(msgid)
        missing = text == msgid
    if missing and zh is not None and is_chinese(lang):
        return zh
    return text


# --- formatting ------------------------------------------------------------------------------------

if TYPE_CHECKING:  # for the checker only: a protocol costs ~40 us to build, and nothing reads it at run time

    class Localized(Protocol):
        """A value that words itself in a language (a card, a code)."""

        def localized(self, lang: str) -> str: ...


def localize(value: object, lang: str) -> object:
    """A value as the language shows it: messages rendered, cards and codes worded by themselves."""
    if isinstance(value, Msg):
        return value.text(lang)
    localized = getattr(value, "localized", None)
    if localized is not None:
        return localized(lang)
    return value


def join(lang: str, items: Iterable[object]) -> str:
    """Items joined as *lang* lists them (``a, b`` / ``a、b``): every list a reader reads is joined here."""
    return separator(lang).join(str(localize(x, lang)) for x in items)


def separator(lang: str) -> str:
    """What *lang* lists items with: ``", "`` in English, ``、`` in Chinese (for a text listed already in English,
    ``text.replace(", ", separator(lang))``)."""
    return pgettext(lang, "list", ", ")


class Listed(tuple[object, ...]):
    """Items that list themselves the way the reader's language does (``a, b`` / ``a、b``): a message's field
    given ``listed(ids)`` is joined by :func:`join` when worded, so the field's spec need not say ``:list``."""

    __slots__ = ()

    def localized(self, lang: str) -> str:
        return join(lang, self)

    def __str__(self) -> str:
        return join(SOURCE, self)


def listed(items: Iterable[object]) -> Listed:
    """*items* as one field of a message, joined in the reader's language (see :class:`Listed`)."""
    return Listed(items)


def _cards(value: Iterable[Localized], lang: str) -> str:
    if not value:
        return pgettext(lang, "cards", "none")
    return " ".join(c.localized(lang) for c in value)


# How a field of each spec is worded: the value is whatever the message was given for the field (a
# message's fields are untyped), and the spec says what it holds: a seat, a card, cards, a list …
FieldWord = Callable[[Any, str], str]


def _word(context: str) -> FieldWord:
    def render(value: str | None, lang: str) -> str:
        return "-" if value is None else pgettext(lang, context, str(value))
    return render


def _side(value: str | None, lang: str) -> str:
    """A side that disputes or confirms: a partnership (``EW`` 东西) where the catalogue words it as a team, else
    a seat (``E`` 东, ``2``)."""
    if value is None:
        return "-"
    team = pgettext(lang, "team", str(value))
    return team if team != str(value) else pgettext(lang, "seat", str(value))


KINDS: dict[str, FieldWord] = {
    "seat": _word("seat"),
    "team": _word("team"),
    "side": _side,
    "suit": _word("suit"),
    "card": lambda v, lang: v.localized(lang),
    "cards": _cards,
    "list": lambda v, lang: join(lang, v),
    "seats": lambda v, lang: join(lang, [pgettext(lang, "seat", s) for s in v]),
}


def fill(template: str, lang: str, fields: Mapping[str, object]) -> str:
    """*template* with its fields, each shown the way its spec (or its type) says in *lang*.

    Text a user typed (a name, a bad token) may hold control characters: they are shown escaped, so a
    message never carries a raw escape code or NUL to the terminal."""
    if not fields:
        return template
    return template.format_map({k: _Field(v, lang) for k, v in fields.items()})


class _Field:
    """A field's value as a format argument: its spec (``seat``, ``cards`` …) picks how *lang* names it."""

    __slots__ = ("value", "lang")

    def __init__(self, value: object, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        kind = KINDS.get(spec)
        if kind is not None:
            return kind(self.value, self.lang)
        value = localize(self.value, self.lang)
        if isinstance(value, str):
            value = _printable(value)
        return format(value, spec)


ECHO_MAX = 80  # characters of an escaped field echoed back (a line of 1,000 NULs is not printed whole)


def _printable(text: str) -> str:
    if text.isprintable():
        return text
    if all(ch.isprintable() or ch in "\n\t" for ch in text):  # lines of a nested message: shown whole
        return text
    shown = "".join(ch if ch.isprintable() or ch in "\n\t" else ch.encode("unicode_escape").decode("ascii")
                    for ch in text)
    return shown if len(shown) <= ECHO_MAX else shown[:ECHO_MAX] + "…"


# --- messages ---------------------------------------------------------------------------------------

class Msg(NamedTuple):
    """A message not yet in any language: its msgid and its fields. Cheap to make and hashable
    when its fields are; ``str(msg)`` is the English."""

    msgid: str
    fields: tuple[tuple[str, object], ...] = ()
    plural: str | None = None
    n: int = 0
    zh: str | None = None  # inline Chinese until the catalogue has the message (see _translated)
    context: str | None = None

    def text(self, lang: str = SOURCE) -> str:
        template = _translated(lang, self.msgid, self.plural, self.n, self.zh, self.context)
        return fill(template, lang, dict(self.fields))

    def __str__(self) -> str:
        return self.text(SOURCE)

    def bind(self, **fields: object) -> Msg:
        """This message with (more) fields: a table of ``M(...)`` templates is filled where used."""
        return self._replace(fields=(*self.fields, *fields.items()))


def M(msgid: str, /, *, zh: str | None = None, **fields: object) -> Msg:  # noqa: N802 - the marker's name
    """A message to word later, in whatever language is asked."""
    return Msg(msgid, tuple(fields.items()), zh=zh)


def MN(singular: str, plural: str, n: int, /, *, zh: str | None = None, **fields: object) -> Msg:  # noqa: N802
    """A message with a plural form chosen by *n* (also given to the text as ``{n}``)."""
    return Msg(singular, tuple({"n": n, **fields}.items()), plural, n, zh)


def tr(lang: str, msgid: str, /, *, zh: str | None = None, **fields: object) -> str:
    """A message worded now, in *lang* (for views)."""
    return fill(_translated(lang, msgid, None, 0, zh, None), lang, fields)


def trn(lang: str, singular: str, plural: str, n: int, /, *, zh: str | None = None, **fields: object) -> str:
    """A plural message worded now (``{n}`` is given to the text)."""
    return fill(_translated(lang, singular, plural, n, zh, None), lang, {"n": n, **fields})


def N_(msgid: str, /, *, zh: str | None = None) -> str:  # noqa: N802 - the marker's name
    """Marks a msgid for the catalogue where it is declared as data (worded later with ``Msg(msgid)`` or
    :func:`declared`); *zh*, its Chinese while new, is for ``tools/catalogues.py --harvest`` to move into the
    catalogue, and :func:`declared` shows it until then."""
    if zh is not None:
        _DECLARED_ZH[msgid] = zh
    return msgid


_DECLARED_ZH: dict[str, str] = {}  # N_'s inline Chinese, by msgid


def declared(lang: str, msgid: str, /, **fields: object) -> str:
    """A msgid declared with :func:`N_` (a command's help) worded in *lang*: the catalogue's text, else N_'s inline
    Chinese while the catalogue lacks it; with *fields*, they are filled in."""
    text = _translated(lang, msgid, None, 0, _DECLARED_ZH.get(msgid), None)
    return fill(text, lang, fields) if fields else text


def P_(context: str, msgid: str) -> str:  # noqa: N802 - the marker's name
    """Marks a word of a context for the catalogue, returning it untranslated (words.py uses it)."""
    return msgid


class _Form(Msg):
    """A template with no words of its own (``{s:seat} {name}``, ``{a} | {b}``): the same in every
    language, so it is no catalogue message and is filled without looking it up (a lookup is a cost
    of every ``referee record``); its fields are still worded by kind."""

    __slots__ = ()

    def text(self, lang: str = SOURCE) -> str:
        return fill(self.msgid, lang, dict(self.fields))


def form(template: str, /, **fields: object) -> Msg:
    """A template with no words (see ``_Form``): not a catalogue message."""
    return _Form(template, tuple(fields.items()))


class LabelTable:
    """A view's labels by key, each worded in a language once: a scorecard asks for the same few hundred times
    over (a column's "keep", a seat's name), and each catalogue look-up first finds the language among the
    installed catalogues. ``table(key, lang, **fields)`` is the label with its ``{name}`` fields filled (hashable
    values)."""

    def __init__(self, labels: Mapping[str, Msg], size: int = 4096) -> None:
        self.labels = labels
        self._worded = lru_cache(maxsize=size)(self._word)

    def __call__(self, key: str, lang: str, **fields: object) -> str:
        return self._worded(key, lang, tuple(fields.items()))

    def _word(self, key: str, lang: str, fields: tuple[tuple[str, object], ...]) -> str:
        msg = self.labels[key]
        return (msg.bind(**dict(fields)) if fields else msg).text(lang)


def literal(text: str) -> Msg:
    """Text that is the same in every language (a name, a file path): a message with no words."""
    return Msg("{text}", (("text", text),))
