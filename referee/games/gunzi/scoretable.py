"""What every defenders' score settles to under a rule set: ``referee rules NAME --table``.

The table is made by calling :func:`referee.games.gunzi.settle.settle` itself, so it can never disagree with a
replay; a club that changes a threshold sees at once which scores change their outcome.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.core.i18n import M, Msg
from referee.core.rulesfile import worded_title
from referee.games.gunzi.codes import GameEnd, Outcome, word
from referee.games.gunzi.rules import TITLES
from referee.games.gunzi.ruleset import RuleSet
from referee.games.gunzi.settle import HandFacts, settle

DECLARER = "E"  # EW declare, both teams at level 3: the first hand of a game
LEVELS = {"EW": 3, "NS": 3}
SIDE = {"EW": "declarers", "NS": "defenders"}


class Settled(NamedTuple):
    """One score settled one way (kitty kept or dug)."""

    outcome: Outcome
    up: str | None  # the side that goes up ("declarers" | "defenders"), None when nobody does
    levels: int  # how many levels it goes up
    blood: int | None  # king + score blood owed for the next hand; None when the hand ends the game
    ends: str | None  # the side that wins the game with this hand
    why: GameEnd | None


class ScoreRow(NamedTuple):
    score: int  # S, the defenders' score
    kept: Settled
    dug: Settled


def score_table(rules: RuleSet) -> tuple[ScoreRow, ...]:
    """S = 0, 5, … 300 with a kitty that adds nothing (no points, no jokers, not a dry pot): P = S."""
    return tuple(ScoreRow(s, _settled(s, False, rules), _settled(s, True, rules)) for s in range(0, 301, 5))


def _settled(score: int, dug: bool, rules: RuleSet) -> Settled:
    st = settle(HandFacts(DECLARER, dict(LEVELS), score, 0, 0, 0, False, dug), rules)
    up = next((team for team, n in st.level_change.items() if n), None)
    return Settled(
        outcome=st.outcome,
        up=SIDE[up] if up else None,
        levels=st.level_change[up] if up else 0,
        blood=None if st.game_winner else st.blood,
        ends=SIDE[st.game_winner] if st.game_winner else None,
        why=st.game_reason,
    )


# The table's words. A side is named as the table sees it (the declarers are EW, at level 3).
HEADING = M("{name}: {title}\nwhat each defenders' score S settles to: P = S, a kitty with no points and no jokers, "
            "EW (E declaring) at level 3 against NS at 3")
COLUMNS = {
    "S": M("S"), "outcome": M("outcome"), "levels": M("level change"),
    "blood": M("blood"), "game": M("game"),
    "kept": M("kitty kept"), "dug": M("kitty dug"),
}
SIDES = {"declarers": M("declarers"), "defenders": M("defenders")}
UP = M("{side} +{n}")
ENDS = M("{side} win: {why}")
# What ends the game, said as the condition on S that the table's rows show; the other ends (three
# jokers, passing the top level) cannot happen in this table and are worded as their code.
CONDITION = {GameEnd.zero: M("S = 0"), GameEnd.sweep: M("S >= {sweep}")}
NOTHING = "-"


def _why(why: GameEnd, rules: RuleSet, lang: str) -> str:
    condition = CONDITION.get(why)
    if condition is not None:
        return condition.bind(sweep=rules.sweep_threshold).text(lang)
    return word(why, lang, top=rules.top_level)


def _cells(s: Settled, rules: RuleSet, lang: str) -> list[str]:
    """Outcome, level change, blood and game end of one way of settling."""
    up = UP.bind(side=SIDES[s.up], n=s.levels).text(lang) if s.up else NOTHING
    blood = NOTHING if s.blood is None else str(s.blood)
    game = ENDS.bind(side=SIDES[s.ends], why=_why(s.why, rules, lang)).text(lang) if s.ends and s.why else NOTHING
    return [word(s.outcome, lang), up, blood, game]


def format_table(rules: RuleSet, rows: tuple[ScoreRow, ...], lang: str = "en") -> str:
    """The rows as aligned text: S, then outcome, level change, blood and game end for each way."""
    from referee.games.gunzi.terminal import width

    def text(msg: Msg) -> str:
        return msg.text(lang)

    names = [text(COLUMNS[k]) for k in ("outcome", "levels", "blood", "game")]
    body = [[str(r.score), *_cells(r.kept, rules, lang), *_cells(r.dug, rules, lang)] for r in rows]
    table = [[text(COLUMNS["S"]), *names, *names], *body]
    widths = [max(width(line[i]) for line in table) for i in range(9)]
    right = {0, 3, 7}  # S and the blood columns are numbers

    def cell(i: int, c: str) -> str:
        room = " " * (widths[i] - width(c))
        return room + c if i in right else c + room

    def line(row: list[str]) -> str:
        out = [cell(i, c) for i, c in enumerate(row)]
        return f"{out[0]} | {'  '.join(out[1:5])} | {'  '.join(out[5:])}".rstrip()

    group = sum(widths[1:5]) + 6
    kept = text(COLUMNS["kept"])
    top = f"{'':{widths[0]}} | {kept}{' ' * (group - width(kept))} | {text(COLUMNS['dug'])}"
    heading = HEADING.bind(name=rules.name, title=worded_title(rules.title, lang, TITLES)).text(lang)
    return "\n".join([heading, "", top, *map(line, table)])
