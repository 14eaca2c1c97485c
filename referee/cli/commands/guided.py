"""Guided entry of a hand (`referee record ID` with no directive): the referee answers prompts.

The prompt shows what the rules expect next, each directive's form and gloss from its registry
(``referee.games.gunzi.directives``). A short answer fills the one expected directive it can mean, as the
registry's ``bare`` says: a number fills ``points``, def/decl (or 抠底/保底 …) fills ``last``, and
cards fill the one expected directive that takes bare cards (``kitty``, ``bury``, or ``tribute``
with the seat that owes it). Keywords may be typed in either language (``kitty`` or ``底牌``). The
answer is read by ``referee.app.answers``, the reader the web's entry field uses too.

Besides directives the prompt takes the commands a referee needs while a hand is being entered, in
either language: ``undo``, ``amend SEQ DIRECTIVE… --reason TEXT``, ``void SEQ --reason TEXT`` (the
same functions as the commands of those names), ``status``, ``help`` and ``q``. Where the standard
library's ``readline`` is present and the input is a terminal, the line can be edited (arrow keys),
earlier answers come back with the up arrow, and tab completes keywords and seats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import typer

from referee.app.promptwords import PROMPT_COMMANDS
from referee.cli.commands.tableactions import echo_lines

if TYPE_CHECKING:
    from referee.app.officiate import Outcome
    from referee.core.i18n import Msg
    from referee.games.gunzi.events import Event
    from referee.games.gunzi.results import MatchResult
    from referee.store.api import MatchStore

PROMPT = "> "


# --- completion and line editing ------------------------------------------------------------------------


def completions(line: str, text: str) -> list[str]:
    """What tab completes *text* to, *line* being what is typed before it: the first word a directive
    keyword (English or Chinese) or a prompt command; after `last` a side; after any other word a seat."""
    from referee.games.gunzi.directives import DIRECTIVES, SEAT_WORDS, SIDES, lookup

    before = line.split()
    if not before:
        english = sorted({d.keyword for d in DIRECTIVES} | {w for w in PROMPT_COMMANDS if w.isascii() and len(w) > 1})
        chinese = sorted({d.zh for d in DIRECTIVES} | {w for w in PROMPT_COMMANDS if not w.isascii() and len(w) > 1})
        words = english + chinese
    else:
        d = lookup(before[0])
        words = list(SIDES) if d is not None and d.keyword == "last" else list(SEAT_WORDS)
    return list(dict.fromkeys(w for w in words if w.startswith(text)))


def _complete(text: str, state: int) -> str | None:
    """The readline completer: the *state*-th completion of *text* where the cursor stands."""
    import readline

    options = completions(readline.get_line_buffer()[:readline.get_begidx()], text)
    return options[state] if state < len(options) else None


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
    """``input``, with line editing, history and tab completion when the input is a terminal and the
    standard library's ``readline`` is present (not on every platform; without it, plain lines)."""
    import sys

    if not sys.stdin.isatty():
        return input
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline: plain input
        return input
    readline.set_completer(_complete)
    readline.set_completer_delims(" \t")
    if "libedit" in (readline.__doc__ or ""):  # macOS's readline is libedit, bound its own way
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return input


def complete_with(complete: Callable[[str, str], list[str]]) -> None:
    """Tab completes with *complete* (the line before the word, the word: another game's words) where
    :func:`line_reader` set up line editing; nothing otherwise."""
    import sys

    readline = sys.modules.get("readline")
    if readline is None or not sys.stdin.isatty():
        return

    def completer(text: str, state: int) -> str | None:
        options = complete(readline.get_line_buffer()[:readline.get_begidx()], text)
        return options[state] if state < len(options) else None

    readline.set_completer(completer)


# --- the prompt --------------------------------------------------------------------------------------------


def _prompt(result: MatchResult, lang: str) -> str:
    """The hand and phase, what is owed or scored so far, and the directives expected next (the line the
    answer is typed on, ``> ``, follows)."""
    from referee.core.i18n import tr, trn
    from referee.games.gunzi.codes import Phase
    from referee.games.gunzi.directives import BY_KEYWORD
    from referee.views import matchtext as views

    st, seats = result.state, result.seats
    lines = [tr(lang, "hand {hand} · {phase}", hand=st.hand, phase=Phase(st.phase))]
    if st.declarer and st.trump and st.phase == Phase.declaring:
        lines.append(tr(lang, "declarer {declarer}, level {level}, trump {trump:suit}",
                        declarer=views.who(st.declarer, seats), level=st.level, trump=st.trump))
    phases = {BY_KEYWORD[k].phase for k in st.expected}
    if Phase.tribute in phases and st.blood_due:
        lines.append(trn(lang, "{giver} owes {n} blood to {receiver}: tribute {seat} and {n} card (or riot / waive)",
                         "{giver} owes {n} blood to {receiver}: tribute {seat} and {n} cards (or riot / waive)",
                         st.blood_owed,
                         giver=views.who(st.blood_giver, seats), receiver=views.who(st.declarer, seats),
                         seat=st.blood_giver))
    if Phase.points in phases:
        lines.append(tr(lang, "defenders' points so far: {points}; a number adds points, def / decl records the "
                              "last trick",
                        points=st.points_so_far))
    lines.append(tr(lang, "type: {usage}", usage=views.usages(st.expected)))
    lines.append(tr(lang, "(undo, status, help; q to stop)"))
    lines[1:] = ["  " + line for line in lines[1:]]
    return "\n".join(lines)


def _start(store: MatchStore, match_id: str, referee: str | None, lang: str) -> MatchResult:
    """The match replayed, a new hand begun if none is in progress; refused when the match is over."""
    from referee.app import officiate
    from referee.app.recording import record
    from referee.core.i18n import M, tr
    from referee.games.gunzi.events import HandStart
    from referee.store.store import StoreError

    events, _ = store.events_and_errors(match_id)
    result: MatchResult = officiate.replay(events)  # any game's replay (store.replaying): Gunzi's here
    if result.state.match_over:
        raise StoreError(M("match {match} is over: won by {winner:team}",
                           match=match_id, winner=result.winner))
    typer.echo(tr(lang, "Guided entry for match {match}: type each event as it happens.", match=match_id))
    if not result.state.in_hand and "hand" in result.state.expected:
        out = record(store, match_id, [HandStart()], referee).outcome()
        result = out.after
        from referee.core.i18n import literal
        from referee.views.matchtext import stored_line

        begins = M("{what} (hand {hand} begins)", what=literal(out.entry["directive"]),
                   hand=result.state.hand)
        typer.echo(stored_line(out.entry, match_id, begins, lang))
    return result


def _try_again(lang: str, problem: Msg) -> None:
    from referee.core.i18n import tr

    typer.echo(tr(lang, "{problem}; try again", problem=problem))


def _read(answer: str, result: MatchResult, lang: str) -> Event | None:
    """The event an answer holds (``referee.app.answers``, as the web's entry field reads it), or None
    after saying why it cannot be read (or for a blank line)."""
    from referee.app.answers import Unread, read_answer

    try:
        return read_answer(answer, result.state)
    except Unread as e:
        _try_again(lang, e.msg)
        return None


# --- the prompt's commands -----------------------------------------------------------------------------------

def _help(result: MatchResult, lang: str) -> None:
    """What may be typed now: the directives expected, a short answer, and the prompt's commands."""
    from referee.core.i18n import M, literal, tr
    from referee.games.gunzi.directives import BY_KEYWORD, usage
    from referee.views import matchtext as views

    lines = [tr(lang, "expected now:")]
    lines += ["  " + views.glossed(usage(k), k).text(lang) for k in result.state.expected]
    bare = [k for k in result.state.expected if BY_KEYWORD[k].bare]
    if bare:
        lines.append(tr(lang, "a short answer fills {keywords}: cards, a number, or def / decl",
                        keywords=views.hints(bare)))
    lines.append(tr(lang, "commands at this prompt:"))
    commands = (
        (M("undo [--reason TEXT]"),
         M("take back the latest event")),
        (M("amend SEQ DIRECTIVE… --reason TEXT"),
         M("replace event SEQ")),
        (M("void SEQ --reason TEXT"),
         M("take back event SEQ")),
        (literal("status"), M("where the match stands")),  # input words: the same in every language
        (literal("help"), M("this list")),
        (literal("q"), M("stop (everything entered is stored)")),
    )
    lines += [tr(lang, "  {form} — {what}", form=form, what=what) for form, what in commands]
    lines.append(tr(lang, "keywords in either language (kitty or 底牌); tab completes keywords and seats"))
    echo_lines(lines)


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


def _command(name: str, answer: str, store: MatchStore, match_id: str, referee: str | None,
             result: MatchResult, lang: str) -> MatchResult:
    """Run a prompt command (``undo``, ``amend``, ``void``, ``status``, ``help``); the match as it stands
    after it. A refusal is said and the prompt goes on."""
    import shlex

    from referee.app.officiate import Rejected
    from referee.cli.commands.tableactions import correct, show_status
    from referee.core.errors import RefereeError
    from referee.core.i18n import M
    from referee.views.prompttext import at_prompt

    try:
        words = shlex.split(answer)
    except ValueError as e:  # an unclosed quote
        _try_again(lang, M("cannot read '{text}': {problem}", text=answer, problem=str(e)))
        return result
    rest, reason, force = _options(words[1:])
    try:
        if name == "help":
            _help(result, lang)
            return result
        if name == "status":
            show_status(store, match_id, lang)
            return result
        seq: int | None = None
        text: str | None = None
        if name == "undo":
            if rest:
                raise _usage("undo [--reason TEXT]")
        else:
            form = "amend SEQ DIRECTIVE… --reason TEXT" if name == "amend" else "void SEQ --reason TEXT"
            if not rest or not rest[0].lstrip("#").isdigit() or (name == "void") != (len(rest) == 1) or \
                    not reason:
                raise _usage(form)
            seq = int(rest[0].lstrip("#"))
            if name == "amend":
                text = " ".join(rest[1:])
        done = correct(store, match_id, name, seq, text, reason or "", force, referee, lang)
        after: MatchResult = done.after
        return after
    except RefereeError as e:
        _try_again(lang, M("not done: {problem}", problem=at_prompt(e.msg) if isinstance(e, Rejected) else e.msg))
        return result


def _usage(form: str) -> Exception:
    from referee.core.errors import UsageError
    from referee.core.i18n import M

    return UsageError(M("expected: {form}", form=form))


# --- the session -----------------------------------------------------------------------------------------------


def _store(store: MatchStore, match_id: str, event: Event, referee: str | None, result: MatchResult, seen: int,
           lang: str) -> tuple[Outcome | None, MatchResult, int]:
    """Store *event* if the match still holds the *seen* entries the prompt was made from: (what was stored,
    the match after it, its entries). Refused by the rules: (None, as before), said; moved on since the prompt
    (another referee, the phone page): (None, the match as stored now), said, and the prompt follows it."""
    from referee.app import officiate
    from referee.app.recording import record
    from referee.core.i18n import M, tr
    from referee.games.gunzi.events import HandStart
    from referee.store.errors import MovedOn
    from referee.views import matchtext as views
    from referee.views.prompttext import at_prompt

    try:
        out = record(store, match_id, [event], referee, expect_seq=seen).outcome()
    except officiate.Rejected as e:  # said of the match, not of a record file's lines
        problems = [at_prompt(x.msg) for x in e.errors]
        if isinstance(event, HandStart):  # typed out of habit when the prompt has begun the hand itself
            last = store.events(match_id)[-1]
            if isinstance(last, HandStart):
                problems = [M("hand {hand} has begun already (#{seq}): type its first directive",
                              hand=result.state.hand, seq=last.line)]
        problem = M("not accepted: {problems}", problems=views.semicolons(problems))
        typer.echo(tr(lang, "{problem}; try again", problem=problem))
        return None, result, seen
    except MovedOn as e:
        typer.echo(tr(lang, "{problem}; try again", problem=M("not accepted: {problems}", problems=e.msg)))
        return None, officiate.replay(store.events(match_id)), len(store.entries(match_id))
    return out, out.after, out.entry["seq"]


def guided(store: MatchStore, match_id: str, referee: str | None, lang: str,
           read: Callable[[str], str] | None = None) -> None:
    """Prompt for each event of a hand, store each one accepted, and print the settlement at its end.
    *read* reads one answer after showing its argument (default: :func:`line_reader`)."""
    from referee.app import officiate
    from referee.app.answers import command_of
    from referee.core.i18n import M
    from referee.games.gunzi.game import GAME
    from referee.views import matchtext as views
    from referee.views import storedtext

    result = _start(store, match_id, referee, lang)
    seen = len(store.entries(match_id))  # the entries the prompt was made from: another's entry is not recorded over
    hands_before = len(result.hands)
    stopped = M("stopped; everything entered so far is stored")
    read = read or line_reader()
    while True:
        typer.echo(_prompt(result, lang))
        answer = ask(read, stopped)
        words = answer.split()
        if not words:
            continue
        command = command_of(answer)
        if command == "quit":
            typer.echo(stopped.text(lang))
            return
        if command is not None:
            result = _command(command, answer, store, match_id, referee, result, lang)
            seen = len(store.entries(match_id))
            hands_before = min(hands_before, len(result.hands))
            if result.state.match_over:
                typer.echo(views.finished_line(result, lang))
                return
            continue
        event = _read(answer, result, lang)
        if event is None:
            continue
        out, result, seen = _store(store, match_id, event, referee, result, seen, lang)
        if out is None:
            continue
        echo_lines(storedtext.stored_lines(GAME, match_id, [out.entry], lang))  # the event as stored
        warned = officiate.warning_of(out)
        if warned is not None:
            notice = views.warning_line(result, *warned, lang)
            if notice:
                typer.echo(notice)
        for note in officiate.notices(store, match_id, out):
            typer.echo(note.text(lang))
        if len(result.hands) > hands_before:
            for hand in result.hands[hands_before:]:
                echo_lines(views.settlement(hand, result, lang))
            typer.echo(views.next_line(result, lang))
            return
        if result.state.match_over:
            typer.echo(views.finished_line(result, lang))
            return
