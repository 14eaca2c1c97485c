"""What every defenders' score settles to under a rule set: ``referee rules NAME --table``.

The table is made by calling :func:`referee.settle.settle` itself, so it can never disagree with a
replay; a club that changes a threshold sees at once which scores change their outcome.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.ruleset import RuleSet
from referee.settle import HandFacts, settle

DECLARER = "E"  # EW declare, both teams at level 3: the first hand of a game
LEVELS = {"EW": 3, "NS": 3}
SIDE = {"EW": "declarers", "NS": "defenders"}


class Settled(NamedTuple):
    """One score settled one way (kitty kept or dug)."""

    outcome: str  # keep | foul_dig | stage_kept | stage_dug
    up: str | None  # the side that goes up ("declarers" | "defenders"), None when nobody does
    levels: int  # how many levels it goes up
    blood: int | None  # king + score blood owed for the next hand; None when the hand ends the game
    ends: str | None  # the side that wins the game with this hand
    why: str | None  # zero | sweep | three_jokers | passed_10


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


# The table's words, in one place so that they can move to a message catalogue.
WORDS = {
    "heading": "{name}: {title}\nwhat each defenders' score S settles to: P = S, a kitty with no points and no "
               "jokers, EW (E declaring) at level 3 against NS at 3",
    "kept": "kitty kept", "dug": "kitty dug",
    "S": "S", "outcome": "outcome", "levels": "levels", "blood": "blood", "game": "game",
    "keep": "keep", "foul_dig": "foul dig", "stage_kept": "stage, kept", "stage_dug": "stage, dug",
    "up": "{side} +{n}", "nobody": "-", "goes_on": "-", "game_over": "-",
    "declarers": "declarers", "defenders": "defenders",
    "ends": "{side} win: {why}",
    "zero": "S = 0", "sweep": "S >= {sweep}", "three_jokers": "three jokers", "passed_10": "passed {top}",
}


def format_table(rules: RuleSet, rows: tuple[ScoreRow, ...]) -> str:
    """The rows as aligned text: S, then outcome, level change, blood and game end for each way."""
    w = WORDS

    def cells(s: Settled) -> list[str]:
        up = w["up"].format(side=w[s.up], n=s.levels) if s.up else w["nobody"]
        blood = w["game_over"] if s.blood is None else str(s.blood)
        why = w[s.why].format(sweep=rules.sweep_threshold, top=rules.top_level) if s.why else ""
        game = w["ends"].format(side=w[s.ends], why=why) if s.ends else w["goes_on"]
        return [w[s.outcome], up, blood, game]

    names = [w["outcome"], w["levels"], w["blood"], w["game"]]
    body = [[str(r.score), *cells(r.kept), *cells(r.dug)] for r in rows]
    table = [[w["S"], *names, *names], *body]
    widths = [max(len(line[i]) for line in table) for i in range(9)]
    right = {0, 3, 7}  # S and the blood columns are numbers

    def line(row: list[str]) -> str:
        out = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(row)]
        return f"{out[0]} | {'  '.join(out[1:5])} | {'  '.join(out[5:])}".rstrip()

    group = sum(widths[1:5]) + 6
    top = f"{'':{widths[0]}} | {w['kept']:{group}} | {w['dug']}"
    return "\n".join([w["heading"].format(name=rules.name, title=rules.title), "", top, *map(line, table)])
