"""The club's time limit of a match (``match.time_limit_minutes``) in the rule sets of the games whose sources
say nothing of time (Dou Dizhu, Hubei 打滚, Jinhua mahjong): at its default, 0 (no limit), the key is left out of
a rule set's content, so that every match pinned before the key existed keeps its pin, and a kept copy written
before it reads as no limit."""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.i18n import M
from referee.core.rulesfile import Key

TIME_LIMIT = "match.time_limit_minutes"


def time_limit_key(section: str) -> Key:
    """The key as each of these games declares it: the same meaning, bounds and default, cited by the § of the
    game's own rules document that says what happens when time runs out."""
    return Key("match", "time_limit_minutes", int, 0, M(
        "minutes the match may run, from its first deal; when they pass, the deal in progress is finished and the "
        "match ends there; 0 for no limit (§{section})",
        section=section), low=0, high=24 * 60)


def untimed(values: Mapping[str, bool | int | str]) -> dict[str, bool | int | str]:
    """*values* without the time limit when it is 0: what the content hash covers."""
    return {k: v for k, v in values.items() if not (k == TIME_LIMIT and v == 0)}


def timed(values: Mapping[str, bool | int | str]) -> Mapping[str, bool | int | str]:
    """*values* with the time limit, 0 where a content leaves it out."""
    return values if TIME_LIMIT in values else {**values, TIME_LIMIT: 0}
