"""Guided entry (`referee record ID` with no directive), one prompt for every game: the referee answers prompts.

The prompt shows what the game expects next and the form each directive is typed in (``Game.prompt_lines``: a
game with a deal's state to show says more — Gunzi's hand and phase, blood owed, points so far). Keywords may be
typed in either language (``kitty`` or ``底牌``); a mistyped first word gets the nearest one (``Game.suggest``).

Besides directives the prompt takes, in either language, the commands a referee needs meanwhile: ``undo``,
``amend SEQ DIRECTIVE… --reason TEXT``, ``void SEQ --reason TEXT`` (the same functions as the commands of those
names), ``status``, ``help`` (``Game.help_lines``) and ``q`` (Ctrl-D stops too). Where the standard library's
``readline`` is present and the input is a terminal, the line can be edited (arrow keys), earlier answers come
back with the up arrow, and tab completes the game's words (``Game.typed_words``) and the prompt's commands.

A session is one deal where the game records a deal as its unit at the table (``Game.prompt_by_deal``: Gunzi's
hand, begun by the prompt itself — ``Game.opening`` — and ended at its settlement; its short answers read by
``referee.app.answers``, the reader the web's entry field uses too); otherwise every directive until the match is
over, each stored as ``referee record ID DIRECTIVE`` stores it (``app.recording.enter``). A refusal is said
and the prompt comes again; nothing else is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer

from referee.app.promptwords import PROMPT_COMMANDS
from referee.cli.commands.tableactions import echo_lines

if TYPE_CHECKING:
    from referee.app.officiate import Outcome
    from referee.app.recording import GameState
    from referee.core.i18n import Msg
    from referee.games.api import Game
    from referee.store.api import MatchStore

PROMPT = "> "


# --- completion and line editing ------------------------------------------------------------------------


def completions(game: Game, line: str, text: str) -> list[str]:
    """What tab completes *text* to at *game*'s prompt, *line* being what is typed before it: the first word a
    directive's word (either language, ``Game.typed_words``) or a prompt command; after it what its directive
    takes (a seat; Gunzi's ``last`` a side)."""
    before = line.split()
    if not before:
        keywords = {*game.typed_words(()), *(w for w in PROMPT_COMMANDS if len(w) > 1)}
        words = sorted(w for w in keywords if w.isascii()) + sorted(w for w in keywords if not w.isascii())
    else:
        words = list(game.typed_words(before))
    return list(dict.fromkeys(w for w in words if w.startswith(text)))


def ask(read: Callable[[str], str], stopped: Msg) -> str:
    """The next answer at the prompt. The end of the input or Ctrl-C stops guided entry with *stopped* (what was
    entered before is stored)."""
    from referee.core.errors import RefereeError

    try:
        return read(PROMPT)
    except (EOFError, KeyboardInterrupt):
        typer.echo("", err=True)
        raise RefereeError(stopped) from None


def line_reader() -> Callable[[str], str]:
    """``input``, with line editing and history when the input is a terminal and the standard library's
    ``readline`` is present (not on every platform; without it, plain lines); :func:`complete_with` sets what tab
    completes."""
    import sys

    if not sys.stdin.isatty():
        return input
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline: plain input
        return input
    readline.set_completer_delims(" \t")
    if "libedit" in (readline.__doc__ or ""):  # macOS's readline is libedit, bound its own way
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return input


def complete_with(complete: Callable[[str, str], list[str]]) -> None:
    """Tab completes with *complete* (the line before the word, the word) where :func:`line_reader` set up line
    editing; nothing otherwise."""
    import sys

    readline = sys.modules.get("readline")
    if readline is None or not sys.stdin.isatty():
        return

    def completer(text: str, state: int) -> str | None:
        options = complete(readline.get_line_buffer()[:readline.get_begidx()], text)
        return options[state] if state < len(options) else None

    readline.set_completer(completer)


# --- the prompt and its commands -------------------------------------------------------------------------------


def _prompt(state: GameState, lang: str) -> str:
    """What the game shows (``Game.prompt_lines``) and the prompt's commands (the line the answer is typed on,
    ``> ``, follows)."""
    from referee.core.i18n import tr

    lines = state.game.prompt_lines(state.result, lang)
    return "\n".join([*lines, "  " + tr(lang, "(undo, status, help; q to stop)")])


def _try_again(lang: str, problem: Msg) -> None:
    from referee.core.i18n import tr

    typer.echo(tr(lang, "{problem}; try again", problem=problem))


def _help(state: GameState, lang: str) -> None:
    """What may be typed now (``Game.help_lines``) with the prompt's commands."""
    from referee.core.i18n import M, literal, tr

    commands = (
        (M("undo [--reason TEXT]"), M("take back the latest event")),
        (M("amend SEQ DIRECTIVE… --reason TEXT"), M("replace event SEQ")),
        (M("void SEQ --reason TEXT"), M("take back event SEQ")),
        (literal("status"), M("where the match stands")),  # input words: the same in every language
        (literal("help"), M("this list")),
        (literal("q"), M("stop (everything entered is stored)")),
    )
    echo_lines(state.game.help_lines(state.result, lang,
                                     [tr(lang, "  {form} — {what}", form=form, what=what) for form, what in commands]))


def _options(args: list[str]) -> tuple[list[str], str | None, bool]:
    """The words of a prompt command without its options: (the rest, --reason's text or None, --force)."""
    rest: list[str] = []
    reason: str | None = None
    force = False
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--reason", "-r") and i + 1 < len(args):
            reason, i = args[i + 1], i + 2
            continue
        if a.startswith("--reason="):
            reason = a[len("--reason="):]
        elif a == "--force":
            force = True
        else:
            rest.append(a)
        i += 1
    return rest, reason, force


def _command(name: str, answer: str, store: MatchStore, match_id: str, referee: str | None, state: GameState,
             lang: str) -> None:
    """Run a prompt command (``undo``, ``amend``, ``void``, ``status``, ``help``); a refusal is said and the
    prompt goes on (the caller reads the match again)."""
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


# --- the session -----------------------------------------------------------------------------------------------


def guided(store: MatchStore, match_id: str, referee: str | None, lang: str,
           read: Callable[[str], str] | None = None) -> None:
    """Prompt for each directive of a match of any game and store each one accepted, until the referee stops, the
    deal is settled (``Game.prompt_by_deal``) or the match is over. *read* reads one answer after showing its
    argument (default: :func:`line_reader`)."""
    from referee.app.recording import game_state

    state = game_state(store, match_id)
    if read is None:
        read = line_reader()
        game = state.game
        complete_with(lambda line, text: completions(game, line, text))
    if state.game.prompt_by_deal:
        _by_deal(store, match_id, referee, lang, read, state)
    else:
        _by_directive(store, match_id, referee, lang, read, state)


def _answer(store: MatchStore, match_id: str, referee: str | None, lang: str, read: Callable[[str], str],
            state: GameState) -> str | None:
    """The prompt shown until an answer that is not blank: the answer to enter; "" when it was a prompt command,
    run here (the caller reads the match again); None when the referee stopped (said)."""
    from referee.app.answers import command_of
    from referee.core.i18n import M

    stopped = M("stopped; everything entered so far is stored")
    answer = ""
    while not answer.split():
        typer.echo(_prompt(state, lang))
        answer = ask(read, stopped)
    command = command_of(answer)
    if command == "quit":
        typer.echo(stopped.text(lang))
        return None
    if command is not None:
        _command(command, answer, store, match_id, referee, state, lang)
        return ""
    return answer


def _by_directive(store: MatchStore, match_id: str, referee: str | None, lang: str, read: Callable[[str], str],
                  state: GameState) -> None:
    """The session of a game whose directives are entered one by one until the match is over: each stored by
    ``app.recording.enter`` and said as ``referee record`` says it (``views.storedtext``)."""
    from referee.app.answers import not_understood
    from referee.app.officiate import Rejected
    from referee.app.recording import as_directive, enter, game_state
    from referee.core.errors import UsageError
    from referee.core.i18n import M, literal, tr
    from referee.store.errors import MovedOn, StoreError
    from referee.views import storedtext
    from referee.views.prompttext import at_prompt

    typer.echo(tr(lang, "Guided entry for match {match}: type each event as it happens.", match=match_id))
    while state.expected:
        answer = _answer(store, match_id, referee, lang, read, state)
        if answer is None:
            return
        if not answer:  # a prompt command ran: the match as it stands now
            state = game_state(store, match_id)
            continue
        unread = not_understood(state.game, answer.strip(), literal(" / ".join(state.expected)))
        if unread is not None:  # no directive of the game: the nearest one, and what is expected
            _try_again(lang, unread)
            continue
        try:
            done = enter(store, match_id, as_directive(answer.strip()), referee, expect_seq=state.entries)
        except MovedOn as e:  # another referee (the web) stored meanwhile: the prompt follows the match
            _try_again(lang, M("not accepted: {problems}", problems=e.msg))
            state = game_state(store, match_id)
            continue
        except Rejected as e:  # refused by the rules, said of the match, not of a record file's lines
            _try_again(lang, at_prompt(e.msg))
            continue
        except (StoreError, UsageError) as e:  # unreadable, or refused by the store: nothing stored
            _try_again(lang, e.msg)
            continue
        # what `referee record` says of it (views.storedtext), the prompt then saying what comes next
        game = state.game
        echo_lines(storedtext.stored_lines(game, match_id, done.entries, lang))
        for block in game.settled_now(done.prior(), done.after, lang):
            echo_lines(block)
        state = game_state(store, match_id)
    typer.echo(tr(lang, "match {match} is over", match=match_id))


def _begin(store: MatchStore, match_id: str, referee: str | None, lang: str, state: GameState) -> GameState:
    """A deal-by-deal session's start: refused when the match is over; the deal begun (``Game.opening``) if none is
    in progress."""
    from referee.app.recording import game_state, record
    from referee.core.i18n import M, literal, tr
    from referee.store.store import StoreError
    from referee.views.matchtext import stored_line

    result: Any = state.result
    if not state.expected:
        raise StoreError(M("match {match} is over: won by {winner:team}", match=match_id, winner=result.winner))
    typer.echo(tr(lang, "Guided entry for match {match}: type each event as it happens.", match=match_id))
    opening = state.game.opening(result)
    if opening is not None:
        out = record(store, match_id, state.game.read_lines([(0, opening)]).events, referee).outcome()
        state = game_state(store, match_id)
        begins = M("{what} (hand {hand} begins)", what=literal(out.entry["directive"]),
                   hand=state.game.where([], out.after).deal)
        typer.echo(stored_line(out.entry, match_id, begins, lang))
    return state


def _store(store: MatchStore, match_id: str, event: Any, referee: str | None, state: GameState,
           lang: str) -> tuple[Outcome | None, GameState]:
    """Store *event* if the match still holds the entries the prompt was made from: (what was stored, the match
    after it). Refused by the rules: (None, as before), said; moved on since the prompt (another referee, the phone
    page): (None, the match as stored now), said, and the prompt follows it."""
    from referee.app import officiate
    from referee.app.recording import game_state, record
    from referee.core.i18n import M, tr
    from referee.store.errors import MovedOn
    from referee.views import matchtext as views
    from referee.views.prompttext import at_prompt

    game = state.game
    try:
        out = record(store, match_id, [event], referee, expect_seq=state.entries).outcome()
    except officiate.Rejected as e:  # said of the match, not of a record file's lines
        problems = [at_prompt(x.msg) for x in e.errors]
        if game.deal_starts([event]):  # typed out of habit when the prompt has begun the deal itself
            last = store.events(match_id)[-1]
            if game.deal_starts([last]):
                problems = [M("hand {hand} has begun already (#{seq}): type its first directive",
                              hand=game.where([], state.result).deal, seq=last.line)]
        problem = M("not accepted: {problems}", problems=views.semicolons(problems))
        typer.echo(tr(lang, "{problem}; try again", problem=problem))
        return None, state
    except MovedOn as e:
        typer.echo(tr(lang, "{problem}; try again", problem=M("not accepted: {problems}", problems=e.msg)))
        return None, game_state(store, match_id)
    return out, state._replace(result=out.after, expected=game.expected(out.after), entries=out.entry["seq"])


def _by_deal(store: MatchStore, match_id: str, referee: str | None, lang: str, read: Callable[[str], str],
             state: GameState) -> None:
    """The session of one deal (``Game.prompt_by_deal``): begun by the prompt, each answer read with the game's
    short answers (``app.answers``) and stored by ``app.recording.record``, the settlement printed at its end."""
    from referee.app import officiate
    from referee.app.answers import Unread, read_answer
    from referee.app.recording import game_state
    from referee.views import matchtext as views
    from referee.views import storedtext

    state = _begin(store, match_id, referee, lang, state)
    game = state.game
    settled = len(game.settled_hands(state.result))  # the deals settled before: a deal settled now ends the session
    while True:
        answer = _answer(store, match_id, referee, lang, read, state)
        if answer is None:
            return
        if not answer:  # a prompt command ran (it may have taken back a settled deal)
            state = game_state(store, match_id)
            settled = min(settled, len(game.settled_hands(state.result)))
            if not state.expected:
                typer.echo(views.finished_line(state.result, lang))
                return
            continue
        try:
            event = read_answer(answer, state.result, game)
        except Unread as e:
            _try_again(lang, e.msg)
            continue
        if event is None:
            continue
        out, state = _store(store, match_id, event, referee, state, lang)
        if out is None:
            continue
        result: Any = state.result
        echo_lines(storedtext.stored_lines(game, match_id, [out.entry], lang))  # the event as stored
        warned = officiate.warning_of(out)
        if warned is not None:
            notice = views.warning_line(result, *warned, lang)
            if notice:
                typer.echo(notice)
        for note in officiate.notices(store, match_id, out):
            typer.echo(note.text(lang))
        if len(game.settled_hands(result)) > settled:
            for hand in result.hands[settled:]:
                echo_lines(views.settlement(hand, result, lang))
            typer.echo(storedtext.next_line(game, result, lang))
            return
        if not state.expected:
            typer.echo(views.finished_line(result, lang))
            return
