"""What the table commands and the guided prompt share: reading a typed directive, storing a correction,
showing a match's status and what a record or a correction did.

Its own module so that ``table`` (the commands) and ``guided`` (the prompt) both use it and neither imports
the other's internals. Only typer and the standard library at the top, as for every command module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:  # for the checker only: the command modules load none of these at start-up
    from referee.app.recording import GameRecorded, Recorded
    from referee.core.records import RecordError
    from referee.games.api import Game
    from referee.store.api import MatchStore
    from referee.store.chain import StoredEntry


def open_store(db: str | None) -> MatchStore:
    """The store ``--db`` names (``referee.store.api.open_store``, loaded only when a command needs it)."""
    from referee.store.api import open_store

    return open_store(db)


def parse_directive(game: Game, words: list[str], argument: str = "DIRECTIVE") -> Any:
    """The event typed on the command line, read by *game*'s reader; a usage error (exit 2) naming the argument
    when it cannot be read."""
    from referee.core.errors import UsageError
    from referee.core.i18n import M

    text = " ".join(words)
    reading = game.read_lines([(0, text)])
    if reading.errors:
        raise UsageError(M("cannot read the {argument} argument '{text}': {problem}", argument=argument, text=text,
                           problem=reading.errors[0].msg))
    if not reading.events:
        raise UsageError(M("the {argument} argument '{text}' holds no directive (empty or a comment)",
                           argument=argument, text=text))
    return reading.events[0]


def echo_lines(lines: list[str]) -> None:
    if lines:  # none: not an empty line
        typer.echo("\n".join(lines))


def echo_notes(store: MatchStore, lang: str) -> None:
    """What a command that stored something should also say (a head record or the index left behind)."""
    from referee.core.i18n import tr

    for note in store.notes:
        typer.echo(tr(lang, "warning: {message}", message=note), err=True)


def report_record(game: Game, match_id: str, done: Recorded, lang: str, store: MatchStore | None = None) -> None:
    """What recording directives into a match of any game (``app.recording.enter``, ``record``) did: each entry
    stored, the deals they settled (``Game.settled_now``), a warning's count, who won when it ended the match
    settling no deal (``Game.ended_text``), the game clock's notice, what comes next."""
    from referee.app import officiate
    from referee.views import matchtext as views
    from referee.views import storedtext

    out = done.outcome()
    before = done.prior()
    echo_lines(storedtext.stored_lines(game, match_id, done.entries, lang))
    for block in game.settled_now(before, done.after, lang):
        echo_lines(block)
    warned = officiate.warning_of(out)
    if warned is not None:  # what the warning counts towards (§8.1): the last before the limit, the forfeit
        line = views.warning_line(out.after, *warned, lang)
        if line:
            typer.echo(line)
    # No event is accepted once the match is over, so a match over now was ended by this event; when it
    # settled no deal (time called, a ruling, a third warning), say who won.
    else:
        ended = game.ended_text(before, done.after, lang)
        if ended is not None:
            typer.echo(ended)
    for notice in officiate.notices(store, match_id, out) if store is not None else ():
        typer.echo(notice.text(lang))
    typer.echo(storedtext.next_line(game, done.after, lang))


def show_status(store: MatchStore, match_id: str, lang: str) -> None:
    """Print `referee status` of a match of any game (the command's and the guided prompt's `status`): the game's
    lines (``Game.status_lines``) with the store's clock, then the disputes and confirmations."""
    from referee.results.clock import clock_of, lines
    from referee.results.replaying import game_of
    from referee.store import chain
    from referee.store.pinning import rules_of_match
    from referee.store.store import corrected, to_events

    snap = store.snapshot(match_id)  # one read: the entries and what is broken in them
    # A file that could not be read at all holds no entries: read it again for the store's own error.
    entries = snap.entries or store.entries(match_id)
    problem = snap.problem
    events, parse_errors = to_events(corrected(entries))
    head = entries[-1]["hash"][:chain.SHORT]
    game = game_of(events)
    rules = rules_of_match(game, events)  # a rule set that cannot be used: the store's error
    result = game.replay(events, rules)
    clock = lines(clock_of(entries, events, result, game.time_limit(rules)), result)
    echo_lines(game.status_lines(match_id, result, lang, len(entries), head, problem.msg if problem else None, clock,
                                 parse_errors))
    show_remarks(entries, game, result, match_id, lang)


def expected_line(game: Game, expected: tuple[str, ...], lang: str) -> str:
    """``expected next: bid 张三 1|2|3|pass / redeal``: the forms are input words, the same in each language; a
    Chinese reader gets each directive's gloss beside it (``redeal（重新发牌）``), the English none (``.0``)."""
    from referee.core.i18n import M, tr

    def glossed(form: str) -> str:
        gloss = game.gloss(form.split(None, 1)[0]) if form.strip() else None
        return form if gloss is None else M("{text}{gloss:.0}", text=form, gloss=gloss).text(lang)

    return tr(lang, "expected next: {what}", what=" / ".join(glossed(f) for f in expected))


def show_remarks(entries: list[StoredEntry], game: Game, result: Any, match_id: str, lang: str) -> None:
    """`status`'s lines of the disputes and confirmations: each settled hand's mark, each open dispute."""
    from referee.store.disputes import fold
    from referee.views import disputetext

    remarks = fold(entries)
    if not remarks.disputes and not remarks.confirmations:
        return
    line = disputetext.hand_marks(remarks, game.settled_hands(result), lang, game.deal_nouns()[1])
    if line:
        typer.echo(line)
    left = remarks.open_disputes()
    if left:  # the players' names are read only for a dispute's line
        sides = disputetext.sides_of(game, result)
        for d in left:
            typer.echo(disputetext.summary_line(match_id, d, lang, sides))


def correct(store: MatchStore, match_id: str, kind: str, seq: int | None, text: str | None, reason: str, force: bool,
            referee: str | None, lang: str, argument: str = "DIRECTIVE") -> GameRecorded:
    """Store an undo, void or amend of a match of any game (``app.recording.correct_lines``) and print what it
    re-settled (the commands' and the guided prompt's); a refusal is a store error naming --force; an amend's
    directive that cannot be read, a usage error naming *argument*."""
    from referee.app import officiate
    from referee.app.recording import correct_lines
    from referee.core.i18n import M
    from referee.store.store import StoreError

    try:
        done = correct_lines(store, match_id, kind, seq, text, reason, referee, force, argument=argument)
    except officiate.Rejected as e:  # a line the engine cites is an entry (#7), as for a directive at the table
        from referee.views.prompttext import at_prompt

        said = officiate.Rejected([p._replace(msg=at_prompt(p.msg)) for p in e.errors], e.expected, e.what)
        raise StoreError(M("{problem}\n(use --force to store it anyway and fix the record afterwards)",
                           problem=said.msg)) from None
    report_correction(done.game, match_id, done.entries[0], done.before, done.after, done.taken, lang,
                      done.new_errors)
    echo_notes(store, lang)
    return done


def report_correction(game: Game, match_id: str, entry: StoredEntry, before: Any, after: Any, taken: str, lang: str,
                      new_errors: Sequence[RecordError] = ()) -> None:
    """What an undo, void or amend of a match of any game did (``views.storedtext``): the entry stored with what it
    put in place or took back and why, each deal it re-settled, the problems it left (``--force``), what comes
    next."""
    from referee.core.i18n import tr
    from referee.views import matchtext as views
    from referee.views import storedtext

    echo_lines(storedtext.stored_lines(game, match_id, [entry], lang, taken))
    echo_lines(storedtext.resettled_lines(game, before, after, lang))
    if new_errors:
        typer.echo(tr(lang, "warning: the record now has these problems:"))
        echo_lines(views.error_lines(new_errors, lang))
    typer.echo(storedtext.next_line(game, after, lang))
