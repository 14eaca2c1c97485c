"""What guided entry says of a refusal: the engine's problems worded for a prompt, where there is no record file.

An engine words a problem for a record (``hand 2 has no 'last' before line 17``, ``the kitty was already recorded
at line 12``): at a prompt "line 17" means nothing. A stored event's line is its entry's number, which the prompt
shows as it stores it (``stored #12: kitty …``) and ``undo``/``void`` take, so a problem citing an earlier line
cites ``#12``; a problem that cites the line of the directive just refused says what is wrong in the hand instead.
"""

from __future__ import annotations

import re
from functools import cache

from referee.core.i18n import SOURCE, M, Msg, tr

# Gunzi's engine's "the hand before a new `hand` is unsettled" (its engine's on_hand): its line is
# that of the `hand` refused, which no entry holds
_UNFINISHED = "hand {hand} has no 'last' before line {line}: it is not settled"


@cache
def _cited(lang: str) -> re.Pattern[str]:
    """A line number as the engines' messages cite it in *lang* (``line 12``, ``第 12 行``; a space may be left out)
    or in English (a message the catalogue lacks in *lang*), its number the group."""
    forms = {tr(language, "line {n}", n="{n}") for language in (lang, SOURCE)}
    return re.compile("|".join(("\\b" if f[:1].isascii() and f[:1].isalpha() else "")
                               + re.escape(f).replace(re.escape("{n}"), r"(\d+)").replace(r"\ ", " ?")
                               for f in sorted(forms)))


class _AtPrompt(Msg):
    """A problem whose line numbers are said as the entries the prompt showed (``#12``)."""

    __slots__ = ()

    def text(self, lang: str = SOURCE) -> str:
        return _cited(lang).sub(lambda m: "#" + next(g for g in m.groups() if g), Msg(*self).text(lang))


def at_prompt(problem: Msg) -> Msg:
    """*problem* as a prompt says it: without a record file's line numbers."""
    if problem.msgid == _UNFINISHED:
        return M("hand {hand} is not finished: it has no 'last' yet (record its last trick, or 'redeal')",
                 hand=dict(problem.fields)["hand"])
    return _AtPrompt(*problem)
