"""Guided entry of a match of a game other than Gunzi (`referee record ID` with no directive): the referee types
one directive a line, each stored as `referee record ID DIRECTIVE` stores it (``app.recording.record_lines``).

The prompt shows the directives the game expects next (``Game.expected``: ``bid 张三 1|2|3|pass``, ``out SEAT``).
A refusal is said and the prompt comes again; nothing else is stored. Besides directives the prompt takes, in
either language as Gunzi's guided entry does (``referee.cli.commands.guided``): ``undo [--reason TEXT]``,
``amend SEQ DIRECTIVE… --reason TEXT``, ``void SEQ --reason TEXT``, ``status``, ``help`` and ``q``
(Ctrl-D stops too). It ends when the match is over (nothing more expected).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import typer

from referee.cli.commands.guided import _options, ask, complete_with, line_reader
from referee.cli.commands.tableactions import echo_lines, expected_line

if TYPE_CHECKING:
    from referee.app.recording import GameState
    from referee.core.i18n import Msg
    from referee.games.api import Game
    from referee.store.api import MatchStore


def _prompt(state: GameState, lang: str) -> str:
    """What comes next (``Game.expected``), the usage hint of those directives (``Game.usage``: the form each is
    typed in, as Gunzi's prompt says it), and the prompt's commands."""
    from referee.core.i18n import tr

    lines = [expected_line(state.game, state.expected, lang)]
    forms = _usages(state, lang)
    if forms and forms != " / ".join(state.expected):  # a form the expected line does not show already
        lines.append("  " + tr(lang, "type: {usage}", usage=forms))
    lines.append("  " + tr(lang, "(undo, status, help; q to stop)"))
    return "\n".join(lines)


def _usages(state: GameState, lang: str) -> str:
    """The forms of the directives expected next, each once, joined as the expected line joins them."""
    forms: list[str] = []
    for expected in state.expected:
        usage = state.game.usage(expected.split(None, 1)[0]) if expected.strip() else None
        if usage is not None and usage.text(lang) not in forms:
            forms.append(usage.text(lang))
    return " / ".join(forms)


def completions(game: Game, line: str, text: str) -> list[str]:
    """What tab completes *text* to at *game*'s prompt, *line* being what is typed before it: the first word a
    directive's word (either language, ``Game.directive_words``) or a prompt command; after it a seat
    (``Game.seat_words``)."""
    from referee.app.promptwords import PROMPT_COMMANDS

    if not line.split():
        keywords = {w for w in game.directive_words()} | {w for w in PROMPT_COMMANDS if len(w) > 1}
        words = sorted(w for w in keywords if w.isascii()) + sorted(w for w in keywords if not w.isascii())
    else:
        words = list(game.seat_words())
    return list(dict.fromkeys(w for w in words if w.startswith(text)))


def _try_again(lang: str, problem: Msg) -> None:
    from referee.core.i18n import tr

    typer.echo(tr(lang, "{problem}; try again", problem=problem))


def _help(state: GameState, lang: str) -> None:
    """What may be typed now: each directive expected with its form (``Game.usage``), and the prompt's commands."""
    from referee.core.i18n import M, literal, tr

    commands = (
        (M("undo [--reason TEXT]"), M("take back the latest event")),
        (M("amend SEQ DIRECTIVE… --reason TEXT"), M("replace event SEQ")),
        (M("void SEQ --reason TEXT"), M("take back event SEQ")),
        (literal("status"), M("where the match stands")),
        (literal("help"), M("this list")),
        (literal("q"), M("stop (everything entered is stored)")),
    )
    lines = [tr(lang, "expected now:")] if state.expected else []
    for expected in state.expected:
        usage = state.game.usage(expected.split(None, 1)[0]) if expected.strip() else None
        lines.append(f"  {expected}" if usage is None or usage.text(lang) == expected else
                     tr(lang, "  {form} — {what}", form=expected, what=usage))
    lines.append(tr(lang, "commands at this prompt:"))
    lines += [tr(lang, "  {form} — {what}", form=form, what=what) for form, what in commands]
    typer.echo("\n".join(lines))


def _command(name: str, answer: str, store: MatchStore, match_id: str, referee: str | None, state: GameState,
             lang: str) -> None:
    """Run a prompt command; a refusal is said and the prompt goes on."""
    import shlex

    from referee.app.officiate import Rejected
    from referee.cli.commands.tableactions import correct, show_status
    from referee.core.errors import RefereeError, UsageError
    from referee.core.i18n import M
    from referee.views.prompttext import at_prompt

    try:
        words = shlex.split(answer)
    except ValueError as e:  # an unclosed quote
        _try_again(lang, M("cannot read '{text}': {problem}", text=answer, problem=str(e)))
        return
    rest, reason, force = _options(words[1:])
    if name == "help":
        _help(state, lang)
        return
    if name == "status":
        show_status(store, match_id, lang)
        return
    try:
        seq: int | None = None
        text: str | None = None
        if name == "undo":
            if rest:
                raise UsageError(M("expected: {form}", form="undo [--reason TEXT]"))
        else:
            form = "amend SEQ DIRECTIVE… --reason TEXT" if name == "amend" else "void SEQ --reason TEXT"
            if not rest or not rest[0].lstrip("#").isdigit() or (name == "void") != (len(rest) == 1) or not reason:
                raise UsageError(M("expected: {form}", form=form))
            seq = int(rest[0].lstrip("#"))
            text = " ".join(rest[1:]) if name == "amend" else None
        correct(store, match_id, name, seq, text, reason or "", force, referee, lang)
    except RefereeError as e:
        _try_again(lang, M("not done: {problem}", problem=at_prompt(e.msg) if isinstance(e, Rejected) else e.msg))


def guided_game(store: MatchStore, match_id: str, referee: str | None, lang: str,
                read: Callable[[str], str] | None = None) -> None:
    """Prompt for each directive of a match of a game other than Gunzi and store each one accepted, until the
    referee stops or the match is over. *read* reads one answer after showing its argument."""
    from referee.app.answers import command_of, not_understood
    from referee.app.officiate import Rejected
    from referee.app.recording import game_state, record_lines
    from referee.core.i18n import M, literal, tr
    from referee.store.errors import MovedOn, StoreError
    from referee.views import storedtext
    from referee.views.prompttext import at_prompt

    state = game_state(store, match_id)
    stopped = M("stopped; everything entered so far is stored")
    typer.echo(tr(lang, "Guided entry for match {match}: type each event as it happens.", match=match_id))
    if read is None:
        read = line_reader()
        complete_with(lambda line, text: completions(state.game, line, text))
    while state.expected:
        typer.echo(_prompt(state, lang))
        answer = ask(read, stopped)
        if not answer.split():
            continue
        command = command_of(answer)
        if command == "quit":
            typer.echo(stopped.text(lang))
            return
        if command is not None:
            _command(command, answer, store, match_id, referee, state, lang)
            state = game_state(store, match_id)
            continue
        unread = not_understood(state.game, answer.strip(), literal(" / ".join(state.expected)))
        if unread is not None:  # no directive of the game: the nearest one, and what is expected
            _try_again(lang, unread)
            continue
        try:
            done = record_lines(store, match_id, [answer.strip()], referee, expect_seq=state.entries)
        except MovedOn as e:  # another referee (the web) stored meanwhile: the prompt follows the match
            _try_again(lang, M("not accepted: {problems}", problems=e.msg))
            state = game_state(store, match_id)
            continue
        except Rejected as e:  # refused by the rules, said of the match, not of a record file's lines
            _try_again(lang, at_prompt(e.msg))
            continue
        except StoreError as e:  # unreadable: nothing stored
            _try_again(lang, e.msg)
            continue
        # what `referee record` says of it (views.storedtext), the prompt then saying what comes next
        echo_lines(storedtext.stored_lines(done.game, match_id, done.entries, lang))
        echo_lines(storedtext.settled_lines(done.game, done.before, done.after, lang))
        state = game_state(store, match_id)
    typer.echo(tr(lang, "match {match} is over", match=match_id))
