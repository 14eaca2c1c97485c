"""``referee ratings``: the club ladder of players and partnerships from every finished match in the store.

Imported when the command line starts: only typer and the standard library at the top; the store, openskill
and the views load inside the command.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language, report_broken
from referee.cli.commands.options import Db, Json, Lang
from referee.cli.commands.tableactions import open_store
from referee.core.i18n import N_

if TYPE_CHECKING:
    pass


def ratings(
    event: Annotated[str | None, typer.Option("--event", metavar="EVENT", help=N_(
        "Rate only this event's matches (else every finished match in the store)."))] = None,
    league: Annotated[str | None, typer.Option("--league", metavar="LEAGUE", help=N_(
        "Rate only the matches of this league's events (the season's ladder)."))] = None,
    player: Annotated[str | None, typer.Option("--player", metavar="NAME", help=N_(
        "One player's (or partnership's) rating match by match: before and after each."))] = None,
    json_: Json = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """The club ladder: openskill ratings of players and partnerships, updated match by match in order of end."""
    say = language(lang)
    from referee.app.ratings import club_ratings, entrant
    from referee.core.names import check_id
    from referee.views import ratingtext

    if event is not None:
        event = check_id(event, "--event")
    if league is not None:
        league = check_id(league, "--league")
    got = club_ratings(open_store(db), event, league=league, keep=True)
    if player is not None:
        who = entrant(got, player)
        if json_:
            typer.echo(json.dumps(ratingtext.history_json(got.ladder, got.event, who, got.league), ensure_ascii=False,
                                  indent=2))
        else:
            typer.echo("\n".join(ratingtext.history_lines(got.ladder, who, say)))
    elif json_:
        typer.echo(json.dumps(ratingtext.ladder_json(got.ladder, got.event, got.broken, got.league),
                              ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(ratingtext.ladder_lines(got.ladder, got.event, say, got.league)))
    report_broken(got.broken, say)


