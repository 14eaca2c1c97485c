"""The output language of a command: ``--lang``, else ``$REFEREE_LANG``, else English.

Shared by every command that prints in two languages; it loads only typer and the standard library.
"""

from __future__ import annotations

import os

import typer

LANGS = ("en", "zh")
LANG_HELP = "Language of the output: en or zh (else $REFEREE_LANG, else en)."


def resolve_lang(lang: str | None) -> str:
    """*lang* if given, else ``$REFEREE_LANG``, else "en"; a bad value is a usage error (exit 2)."""
    value = (lang or os.environ.get("REFEREE_LANG") or "en").lower()
    if value not in LANGS:
        raise typer.BadParameter(f"'{value}' is not a language (en or zh)", param_hint="--lang")
    return value
