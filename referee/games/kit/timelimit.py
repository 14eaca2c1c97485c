"""The club's time limit of a match (``match.time_limit_minutes``) in the rule sets of the games whose sources
say nothing of time (Dou Dizhu, Hubei 打滚, Jinhua mahjong): at its default, 0 (no limit), the key is left out of
a rule set's content, so that every match pinned before the key existed keeps its pin, and a kept copy written
before it reads as no limit."""

from __future__ import annotations

from collections.abc import Mapping

TIME_LIMIT = "match.time_limit_minutes"


def untimed(values: Mapping[str, bool | int | str]) -> dict[str, bool | int | str]:
    """*values* without the time limit when it is 0: what the content hash covers."""
    return {k: v for k, v in values.items() if not (k == TIME_LIMIT and v == 0)}


def timed(values: Mapping[str, bool | int | str]) -> Mapping[str, bool | int | str]:
    """*values* with the time limit, 0 where a content leaves it out."""
    return values if TIME_LIMIT in values else {**values, TIME_LIMIT: 0}
