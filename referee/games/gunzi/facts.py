"""What a Gunzi hand and match settled to, fact by fact: what ``whatif``, a correction and a dispute's weighing
compare (``Game.deal_facts``, ``Game.match_facts``), in no language (:func:`hand_facts`) and as shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.i18n import M, Msg, fill, form, join, tr

if TYPE_CHECKING:
    from referee.games.api import Fact
    from referee.games.gunzi.results import HandResult, MatchResult

# The rows compared hand by hand, and the match rows: labels as message templates.
HAND_ROWS: dict[str, Msg] = {
    "score": M("score"), "outcome": M("outcome"), "levels": M("levels"),
    "blood": M("blood"), "next declarer": M("next declarer"),
    "game winner": M("game winner"),
}
MATCH_ROWS: dict[str, Msg] = {
    "winner": M("winner"), "games": M("games"), "levels now": M("levels now"),
    "blood owed now": M("blood owed now"),
}


def levels(lv: dict[str, int]) -> list[Msg]:
    """Both teams' levels (or games won), for a ``{x:list}`` field: ``EW 4, NS 3``."""
    return [form("{team:team} {level}", team=team, level=lv[team]) for team in ("EW", "NS") if team in lv]


def hand_facts(h: HandResult | None) -> dict[str, object]:
    """What a hand settled to, in no language: what a correction is judged to change."""
    if h is None:
        return dict.fromkeys(HAND_ROWS)
    return {"score": h.score, "outcome": str(h.outcome), "levels": tuple(sorted(h.levels_after.items())),
            "blood": (h.blood, h.blood_giver) if h.blood else 0, "next declarer": h.next_declarer,
            "game winner": h.game_winner}


def hand_cells(h: HandResult | None, lang: str) -> dict[str, str]:
    """The same, as a table shows it in *lang*."""
    from referee.games.gunzi.codes import Outcome, word

    if h is None:
        return dict.fromkeys(HAND_ROWS, "-")
    blood = tr(lang, "{blood} by {giver:seat}", blood=h.blood, giver=h.blood_giver) if h.blood else "0"
    return {"score": str(h.score), "outcome": word(Outcome(h.outcome), lang),
            "levels": join(lang, levels(h.levels_after)), "blood": blood,
            "next declarer": fill("{s:seat}", lang, {"s": h.next_declarer}),
            "game winner": fill("{t:team}", lang, {"t": h.game_winner})}


def match_cells(result: MatchResult, lang: str) -> dict[str, str]:
    return {"winner": fill("{t:team}", lang, {"t": result.winner}), "games": join(lang, levels(result.games_won)),
            "levels now": join(lang, levels(result.state.levels)),
            "blood owed now": "-" if result.state.match_over else str(result.state.blood_due)}


def deal_facts(result: MatchResult, hand: int, lang: str) -> tuple[Fact, ...] | None:
    found = next((h for h in result.hands if h.hand == hand), None)
    if found is None:
        return None
    from referee.games.api import Fact  # loaded when first named (games.apitypes): a record names none

    cells = hand_cells(found, lang)
    return tuple(Fact(label, cells[key]) for key, label in HAND_ROWS.items())


def match_facts(result: MatchResult, lang: str) -> tuple[Fact, ...]:
    from referee.games.api import Fact  # loaded when first named (games.apitypes)

    cells = match_cells(result, lang)
    return tuple(Fact(label, cells[key]) for key, label in MATCH_ROWS.items())
