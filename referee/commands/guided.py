"""Guided entry of a hand (`referee record ID` with no directive): the referee answers prompts.

The prompt shows what the rules expect next, each directive's form and gloss from its registry
(``referee.directives``). A short answer fills the one expected directive it can mean, as the
registry's ``bare`` says: a number fills ``points``, def/decl (or 抠底/保底 …) fills ``last``, and
cards fill the one expected directive that takes bare cards (``kitty``, ``bury``, or ``tribute``
with the seat that owes it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from referee.commands.table import _echo_lines
from referee.directives import QUIT

if TYPE_CHECKING:
    from referee.events import Event
    from referee.results import MatchResult, TableState
    from referee.store.store import Store


def _is_cards(words: list[str]) -> bool:
    from referee.cards import CardError, parse_card

    try:
        for w in words:
            parse_card(w)
    except CardError:
        return False
    return bool(words)


def _bare(kind: str, words: list[str]) -> bool:
    """Whether *words* are a bare answer of the *kind* a directive takes (``Directive.bare``)."""
    from referee.directives import SIDES

    if kind == "number":
        return len(words) == 1 and words[0].isdigit()
    if kind == "side":
        return len(words) == 1 and words[0].lower() in SIDES
    return kind == "cards" and _is_cards(words)


def _interpret(answer: str, state: TableState) -> str:
    """Turn a short answer into the directive the expected ones make clear; else the answer as typed."""

    from referee.directives import BY_KEYWORD, lookup

    text = answer.strip()
    words = text.split()
    if not words or lookup(words[0]):
        return text
    expected = [BY_KEYWORD[k] for k in state.expected]
    fits = [d for d in expected if d.bare and _bare(d.bare, words)]
    if len(fits) != 1:
        return text
    d = fits[0]
    if "seat" in d.event._fields:  # a tribute: paid by the seat that owes the blood
        if state.blood_giver is None:
            return text
        return f"{d.keyword} {state.blood_giver} {text}"
    return f"{d.keyword} {text}"


def _prompt(result: MatchResult, lang: str) -> str:
    """The hand and phase, what is owed or scored so far, and the directives expected next."""
    from referee.codes import Phase
    from referee.directives import BY_KEYWORD
    from referee.i18n import tr, trn
    from referee.store import views

    st, seats = result.state, result.seats
    lines = [tr(lang, "hand {hand} · {phase}", hand=st.hand, phase=Phase(st.phase))]
    phases = {BY_KEYWORD[k].phase for k in st.expected}
    if Phase.tribute in phases and st.blood_owed:
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
    lines.append(tr(lang, "(q to stop)"))
    lines[1:] = ["  " + line for line in lines[1:]]
    return "\n".join(lines) + "\n>"


def _start(store: Store, match_id: str, referee: str | None, lang: str) -> MatchResult:
    """The match replayed, a new hand begun if none is in progress; refused when the match is over."""
    from referee.events import HandStart
    from referee.i18n import M, tr
    from referee.store import officiate
    from referee.store.store import StoreError

    events, _ = store.events_and_errors(match_id)
    result = officiate.replay(events)
    if result.state.match_over:
        raise StoreError(M("match {match} is over: won by {winner:team}",
                           match=match_id, winner=result.winner))
    typer.echo(tr(lang, "Guided entry for match {match}: type each event as it happens.", match=match_id))
    if not result.state.in_hand and "hand" in result.state.expected:
        out = officiate.record(store, match_id, HandStart(), referee)
        result = out.after
        typer.echo(tr(lang, "stored #{seq}: hand (hand {hand} begins)",
                      seq=out.entry["seq"], hand=result.state.hand))
    return result


def _read(text: str, result: MatchResult, lang: str) -> Event | None:
    """The event an answer holds, or None after saying why it cannot be read (or for a blank line)."""
    from referee.directives import lookup
    from referee.i18n import M, tr
    from referee.notation import NotationError, parse_line
    from referee.store import views

    try:
        return parse_line(text)
    except NotationError as e:
        if lookup(text.split()[0]) is None:
            problem = M("'{text}' is not understood (expected: {expected})", text=text,
                        expected=views.usages(result.state.expected))
        else:
            problem = M("cannot read '{text}': {problem}", text=text, problem=e.msg)
        typer.echo(tr(lang, "{problem}; try again", problem=problem))
        return None


def guided(store: Store, match_id: str, referee: str | None, lang: str) -> None:
    """Prompt for each event of a hand, store each one accepted, and print the settlement at its end."""
    from referee.errors import RefereeError
    from referee.i18n import M, tr
    from referee.store import officiate, views

    result = _start(store, match_id, referee, lang)
    hands_before = len(result.hands)
    stopped = M("stopped; everything entered so far is stored")
    while True:
        try:
            answer = typer.prompt(_prompt(result, lang), prompt_suffix=" ")
        except typer.Abort:
            typer.echo("", err=True)
            raise RefereeError(stopped) from None
        if answer.strip().lower() in QUIT:
            typer.echo(stopped.text(lang))
            return
        event = _read(_interpret(answer, result.state), result, lang)
        if event is None:
            continue
        try:
            out = officiate.record(store, match_id, event, referee)
        except officiate.Rejected as e:
            problem = M("not accepted: {problems}", problems=views.semicolons(
                [x.msg for x in e.errors]))
            typer.echo(tr(lang, "{problem}; try again", problem=problem))
            continue
        result = out.after
        line = views.directive_line(out.entry["directive"])  # the event as stored: format_event(out.event)
        typer.echo(tr(lang, "stored #{seq}: {directive}", seq=out.entry["seq"],
                      directive=line))
        if len(result.hands) > hands_before:
            for hand in result.hands[hands_before:]:
                _echo_lines(views.settlement(hand, result, lang))
            typer.echo(views.next_line(result, lang))
            return
        if result.state.match_over:
            typer.echo(views.won_line(result, lang, games=False))
            return
