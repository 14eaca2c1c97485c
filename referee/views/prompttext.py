"""What guided entry says of a refusal: the engine's problems worded for a prompt, where there is no record file.

An engine words a problem for a record (``hand 2 has no 'last' before line 17``, ``the kitty was already recorded
at line 12``): at a prompt "line 17" means nothing. A stored event's line is its entry's number, which the prompt
shows as it stores it (``stored #12: kitty …``) and ``undo``/``void`` take, so a problem citing an earlier line
cites ``#12``; a problem that cites the line of the directive just refused says what is wrong in the deal instead,
as the game words it (``Game.prompt_problem``).
"""

from __future__ import annotations

import re
from functools import cache

from referee.core.i18n import SOURCE, Msg, tr


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
    """*problem* as a prompt says it: without a record file's line numbers. A problem citing the line of the
    directive just refused is said as its game words it for a prompt (``Game.prompt_problem``: the registry's games
    asked in order, the first that knows the message answering)."""
    from referee.games import registry

    for key in registry.keys():
        said = registry.game(key).prompt_problem(problem)
        if said is not None:
            return said
    return _AtPrompt(*problem)
