"""The one envelope of ``replay --json`` (docs/engine-contract.md, "The JSON envelope"): every game prints

    {"match": {<the header's values>, "rules": …, ["teams": …,] "seats": {seat: player}},
     "<deals>": [one row a deal, the game's own fields],
     … the game's own keys …,
     "result": {the game's totals and outcome},
     "errors": [{"line": …, "message": …, "message_zh": …}],
     … }

so a reader finds a match's header, its players, its rows, its result and its errors in the same place whatever
the game; only what is inside a row and inside ``result`` is the game's. Gunzi's object was this shape first
(``gunzi/jsonview.py`` writes it, the same bytes, without this module: its hands are written as text for speed);
the games on :mod:`referee.games.kit.jsonout` write it through :func:`write_envelope`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TextIO

from referee.core.records import RecordError
from referee.games.kit.header import Header
from referee.games.kit.jsonout import write_object


def match_object(game: str, header: Header | None, rules: str, seats: Mapping[str, str],
                 teams: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The envelope's ``match``: the header's ``id``, the *game*'s key, every other header value as written
    (``date``, ``event`` …), ``record_rules`` when the header names another rule set than the one applied,
    ``rules`` (the one applied), the ``teams`` of a partnership game and ``seats``: each seat's player."""
    match: dict[str, Any] = {}
    if header is not None:
        match["id"] = header.id
    match["game"] = game
    if header is not None:
        match.update((k, v) for k, v in header.extra if k not in ("id", "game", "rules"))
        if header.rules is not None and header.rules != rules:
            match["record_rules"] = header.rules
    match["rules"] = rules
    if teams is not None:
        match["teams"] = dict(teams)
    match["seats"] = dict(seats)
    return match


def error_rows(errors: Iterable[RecordError]) -> list[dict[str, Any]]:
    """The envelope's ``errors``: each with its line and its message in English and Chinese, by line."""
    return [{"line": e.line, "message": e.message, "message_zh": e.message_zh or e.message}
            for e in sorted(errors, key=lambda e: e.line)]


def write_envelope(out: TextIO, match: Mapping[str, Any], rows: str, items: Iterable[Any],
                   row: Callable[[Any], Any], result: Callable[[], Mapping[str, Any]],
                   errors: Callable[[], Sequence[RecordError]],
                   extra: Callable[[], Mapping[str, Any]] = dict, raw: bool = False) -> None:
    """The envelope of *match*, the list *rows* of ``row(x)`` for each of *items* (written as they come),
    then the game's *extra* keys, ``result`` and ``errors`` (each read once the rows are written). With *raw*,
    ``row(x)`` is the row's JSON text already (:func:`referee.games.kit.jsonout.write_object`)."""

    def after() -> dict[str, Any]:
        return {**extra(), "result": dict(result()), "errors": error_rows(errors())}

    write_object(out, {"match": match}, rows, items, row, after, raw)
