"""The language a user asked for: ``--lang``, else ``$REFEREE_LANG``, else English — for the command line
and the web's JSON alike, so both accept the same spellings and refuse the same way.
"""

from __future__ import annotations

import os

from referee.core.errors import UsageError
from referee.core.i18n import M, languages, listed, normalize

# The catalogue a command gets under its short name: zh_CN is "zh" (every i18n function accepts
# either spelling; "zh" is the one the JSON's message_zh and the tests name).
SHORT = {"zh_CN": "zh"}


def language(lang: str | None) -> str:
    """The language of a command's output: *lang*, else ``$REFEREE_LANG``, else English; a bad value
    is a usage error naming the option (exit 2)."""
    value = lang or os.environ.get("REFEREE_LANG") or "en"
    found = normalize(value)
    if found is None:
        if not lang:  # a bad $REFEREE_LANG does not stop the command
            return "en"
        raise UsageError(M("--lang {value}: not a language (known: {known})", value=value,
                           known=listed(languages())))
    return SHORT.get(found, found)
