"""``referee record ID --file FILE`` (a file of hands appended all or nothing, through the one use case
``referee.app.recording.record``) and guided entry's refusal of a closed round's match. Imported only when
one of them runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from referee.store.api import MatchStore


def refuse_guided(store: MatchStore, match_id: str) -> None:
    """Guided entry stores event after event without a reason: not into a closed round's match."""
    from referee.app.appending import closed_round
    from referee.core.i18n import M
    from referee.store.store import StoreError

    closed = closed_round(store, match_id)
    if closed is not None:
        raise StoreError(M("match {match} was played in round {round} of event {event}, which is closed: record "
                           "into it one directive at a time with --reason TEXT (guided entry is for matches in play)",
                           match=match_id, round=closed.round, event=closed.event))


def record_file(store: MatchStore, match_id: str, path: Path, referee: str | None, reason: str, lang: str,
                after: int | None = None) -> None:
    """Append the hands of *path* to the match and say what they settled."""
    from referee.app.appending import read_file
    from referee.app.recording import record
    from referee.core.i18n import tr, trn

    got = read_file(store, match_id, path)
    done = record(store, match_id, got.events, referee, reason, after, lines=got.lines, file=str(path))
    first, last = done.entries[0], done.entries[-1]
    typer.echo(trn(lang, "stored #{first}–#{last} in {match} (by {referee}): {n} directive from {file}",
                   "stored #{first}–#{last} in {match} (by {referee}): {n} directives from {file}", len(done.entries),
                   first=first["seq"], last=last["seq"], match=match_id, referee=last["referee"], file=str(path)))
    if got.skipped:
        typer.echo(trn(lang, "  ({n} header, team or seat line agrees with the match and was left out)",
                       "  ({n} header, team and seat lines agree with the match and were left out)", got.skipped))
    game = done.game
    assert game is not None
    before = done.prior()
    for block in game.settled_now(before, done.after, lang):  # the deal that decided the match says who won it
        typer.echo("\n".join(block))
    ended = game.ended_text(before, done.after, lang)
    if ended is not None:
        typer.echo(ended)
    typer.echo(game.next_text(done.after, lang))
    if reason:
        typer.echo(tr(lang, "reason kept with the entries: {reason}", reason=reason))
