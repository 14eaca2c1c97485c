"""Gunzi's guided prompt (``referee record MATCH`` without a directive), text only: the hand and its phase, the
declarer, the blood owed, the points so far and the forms expected (gunzi-rules.md §3–§6: a hand is declared,
its blood paid, its tricks' points counted, its last trick taken), the help's short answers, the words tab
completes. The prompt above ``games/`` reaches them through the game (``Game.prompt_lines``, ``Game.help_lines``,
``Game.typed_words``, ``Game.opening``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.core.i18n import MN, Msg, tr, trn

if TYPE_CHECKING:
    from referee.games.gunzi.events import Event
    from referee.games.gunzi.results import MatchResult


def prompt_lines(result: MatchResult, lang: str) -> list[str]:
    """The hand and phase, what is owed or scored so far, and the forms of the directives expected next."""
    from referee.games.gunzi.codes import Phase
    from referee.games.gunzi.directives import BY_KEYWORD
    from referee.games.gunzi.tabletext import usages, who

    st, seats = result.state, result.seats
    lines = [tr(lang, "hand {hand} · {phase}", hand=st.hand, phase=Phase(st.phase))]
    if st.declarer and st.trump and st.phase == Phase.declaring:
        lines.append(tr(lang, "declarer {declarer}, level {level}, trump {trump:suit}",
                        declarer=who(st.declarer, seats), level=st.level, trump=st.trump))
    phases = {BY_KEYWORD[k].phase for k in st.expected}
    if Phase.tribute in phases and st.blood_due:
        lines.append(trn(lang, "{giver} owes {n} blood to {receiver}: tribute {seat} and {n} card (or riot / waive)",
                         "{giver} owes {n} blood to {receiver}: tribute {seat} and {n} cards (or riot / waive)",
                         st.blood_owed,
                         giver=who(st.blood_giver, seats), receiver=who(st.declarer, seats),
                         seat=st.blood_giver))
    if Phase.points in phases:
        lines.append(tr(lang, "defenders' points so far: {points}; a number adds points, def / decl records the "
                              "last trick",
                        points=st.points_so_far))
    lines.append(tr(lang, "type: {usage}", usage=usages(st.expected)))
    return lines[:1] + ["  " + line for line in lines[1:]]


def help_lines(result: MatchResult, lang: str, commands: Sequence[str]) -> list[str]:
    """The directives expected, the short answers they take, the prompt's commands and the keywords' languages."""
    from referee.games.gunzi.directives import BY_KEYWORD, usage
    from referee.games.gunzi.tabletext import glossed, hints

    lines = [tr(lang, "expected now:")]
    lines += ["  " + glossed(usage(k), k).text(lang) for k in result.state.expected]
    bare = [k for k in result.state.expected if BY_KEYWORD[k].bare]
    if bare:
        lines.append(tr(lang, "a short answer fills {keywords}: cards, a number, or def / decl",
                        keywords=hints(bare)))
    lines.append(tr(lang, "commands at this prompt:"))
    lines += commands
    lines.append(tr(lang, "keywords in either language (kitty or 底牌); tab completes keywords and seats"))
    return lines


def typed_words(before: Sequence[str]) -> tuple[str, ...]:
    """Each directive's keyword and its Chinese first (not the aliases); after ``last`` a side, else a seat."""
    from referee.games.gunzi.directives import DIRECTIVES, SEAT_WORDS, SIDES, lookup

    if not before:
        return tuple(dict.fromkeys([*(d.keyword for d in DIRECTIVES), *(d.zh for d in DIRECTIVES)]))
    d = lookup(before[0])
    return tuple(SIDES) if d is not None and d.keyword == "last" else SEAT_WORDS


def opening(result: MatchResult) -> str | None:
    """``hand`` when no hand is in progress and a new one is what comes next (§3: every hand begins so)."""
    st = result.state
    return "hand" if not st.in_hand and "hand" in st.expected else None


def entries_text(n: int) -> Msg:
    """``17 entries`` / ``17 条记录`` (the store's words: ``store.chain.entries``), for the status line's title."""
    return MN("{n} entry", "{n} entries", n)


def log_units(events: Sequence[Event], result: MatchResult) -> list[int | None]:
    """The game of each hand begun in *events*, in order: a settled hand's own, the hand in progress the game in
    progress, a hand between them the game of the hand before (``tabletext.log_groups``'s keys)."""
    from referee.games.gunzi.events import HandStart

    opened = sum(1 for ev in events if isinstance(ev, HandStart))
    games = {h.hand: h.game for h in result.hands}
    if result.state.in_hand:
        games.setdefault(result.state.hand, result.state.game)
    game: int | None = None
    units: list[int | None] = []
    for k in range(1, opened + 1):
        game = games.get(k, game)
        units.append(game)
    return units
