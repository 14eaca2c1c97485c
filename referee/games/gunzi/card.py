"""Gunzi's scorecard as sections (``api.Scorecard``): the partnerships and their players, the games won and how, the
levels chart through each game, the hand-by-hand table (eighteen columns, the hands that end a game marked), the
notes of the record, both captains and the referee to sign.

Text and data only: every number is a field the engine settled, every word comes from ``cardtext``; the PDF
(``views.scorecard``) lays the sections out without knowing the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.core.i18n import tr
from referee.games.api import CardNote, CardTable, Chart, Scorecard, Series
from referee.games.gunzi import cardtext as tx
from referee.games.gunzi.codes import GameEnd
from referee.games.gunzi.results import HandResult, MatchResult
from referee.games.kit.card import header_facts

TEAMS = ("EW", "NS")

# Hand table columns: (label key, width in points). Landscape A4 less 12 mm margins is ~774 pt.
HAND_COLUMNS: tuple[tuple[str, float], ...] = (
    ("col_game", 24), ("col_hand", 26), ("col_declarer", 60), ("col_level", 24), ("col_trump", 40),
    ("col_tribute", 62), ("col_kitty_points", 32), ("col_kitty_jokers", 50), ("col_dry_pot", 30),
    ("col_points", 34), ("col_last", 34), ("col_score", 32), ("col_outcome", 54),
    ("col_level_change", 48), ("col_levels_after", 48), ("col_blood", 28), ("col_ledger", 50),
    ("col_game_end", 88),
)
LEFT = frozenset({2, len(HAND_COLUMNS) - 1})  # the declarer and the game end set left
GAMES_WIDTHS = (40.0, 180.0, 100.0, 60.0)
SHOWN = (3, 10)  # the levels the chart's axis always shows: from the start to the top (rules §6)


# ---------------------------------------------------------------- cell text

def tribute_cell(h: HandResult, lang: str) -> str:
    """Who gave whom how many cards, or why nothing was given (a riot, a waiver)."""
    tr_ = h.tribute
    if tr_ is None:
        return tx.NONE
    if tr_.waived == "riot":
        return tx.t("riot_by", lang, seat=tr_.riot_seat) if tr_.riot_seat else tx.waiver("riot", lang)
    if tr_.waived:
        return tx.waiver(tr_.waived, lang)
    count = len(tr_.cards) if tr_.cards else tr_.owed
    if not count:
        return tx.NONE
    return tx.t("tribute", lang, giver=tr_.giver, receiver=tr_.receiver, n=count)


def jokers_cell(h: HandResult, lang: str) -> str:
    parts = []
    if h.big_jokers:
        parts.append(tx.t("big_jokers", lang, n=h.big_jokers))
    if h.small_jokers:
        parts.append(tx.t("small_jokers", lang, n=h.small_jokers))
    return " ".join(parts) or tx.NONE


def level_change_cell(h: HandResult, lang: str) -> str:
    parts = [f"{tx.team(team, lang)}{tx.signed(n)}" for team in TEAMS if (n := h.level_change.get(team, 0))]
    return " ".join(parts) or tx.NONE


def pair_cell(values: Mapping[str, int], signed: bool = False) -> str:
    fmt = tx.signed if signed else str
    return f"{fmt(values.get('EW', 0))}:{fmt(values.get('NS', 0))}"


def game_end_cell(h: HandResult, lang: str) -> str:
    """On the hand that ended a game: who won it and how."""
    if not h.game_winner:
        return ""
    top = h.rules.top_level if h.rules else 10
    return tx.t("game_end", lang, team=h.game_winner, how=tx.reason(h.game_reason, lang, top))


def hand_row(h: HandResult, seats: Mapping[str, str], lang: str) -> tuple[str, ...]:
    return (
        str(h.game),
        str(h.hand),
        tx.seat_player(h.declarer, seats, lang),
        str(h.level),
        tx.suit(h.trump, lang),
        tribute_cell(h, lang),
        str(h.kitty_points),
        jokers_cell(h, lang),
        tx.t("dry_pot_yes", lang) if h.dry_pot else "",
        str(h.points),
        tx.t("dug", lang) if h.dug else tx.t("kept", lang),
        str(h.score),
        tx.outcome(h.outcome, lang),
        level_change_cell(h, lang),
        pair_cell(h.levels_after),
        str(h.blood),
        pair_cell(h.ledger, signed=True),
        game_end_cell(h, lang),
    )


def winner_how(result: MatchResult) -> str | None:
    """The reason code of the game that decided the match (``forfeit`` for a forfeit)."""
    if result.winner is None:
        return None
    if result.forfeit:
        return GameEnd.forfeit
    won = [g for g in result.games if g.winner == result.winner]
    return won[-1].reason if won else None


def texts_in(result: MatchResult) -> list[str]:
    """The record's own words the card prints (names, event…): what a font must have glyphs for."""
    h = result.header
    words = list(result.teams.values()) + list(result.seats.values())
    if h is not None:
        words += [v for v in (h.id, h.event, h.referee, h.date, h.round, h.table) if v]
    words += [n.text for n in result.notes if n.text]
    return words


# ---------------------------------------------------------------- the chart

def level_series(hands: Sequence[HandResult]) -> list[tuple[int, str, list[tuple[float, int]]]]:
    """``(game, team, [(x, level), …])`` for each game and team, in game order. x is the hand number through the
    match; each game starts half a hand before its first hand at the level both teams start from, so a new game's
    lines start fresh instead of joining the last game's."""
    by_game: dict[int, list[HandResult]] = {}
    for h in hands:
        by_game.setdefault(h.game, []).append(h)
    series = []
    for game, game_hands in by_game.items():
        first = game_hands[0]
        start = first.level  # the first hand of a game is played at the level both teams start from
        for team in TEAMS:
            points: list[tuple[float, int]] = [(first.hand - 0.5, start)]
            points += [(h.hand, h.levels_after.get(team, start)) for h in game_hands]
            series.append((game, team, points))
    return series


def levels_chart(result: MatchResult, lang: str) -> Chart | None:
    """Both teams' levels hand by hand through each game (None: no hand settled)."""
    if not result.hands:
        return None
    series = tuple(Series(tx.team_label(team, result.teams, lang), tuple(points), TEAMS.index(team))
                   for _, team, points in level_series(result.hands))
    games: dict[int, tuple[int, int]] = {}
    for h in result.hands:
        lo, hi = games.get(h.game, (h.hand, h.hand))
        games[h.game] = (min(lo, h.hand), max(hi, h.hand))
    spans = tuple((tx.t("chart_game", lang, n=game), lo - 0.5, hi + 0.5) for game, (lo, hi) in games.items())
    return Chart(tx.t("chart_title", lang), tx.t("chart_x", lang), tx.t("chart_y", lang), series, spans, SHOWN)


# ---------------------------------------------------------------- the card

def _result_lines(result: MatchResult, lang: str) -> tuple[str, ...]:
    """Games won, then the winner and by which games (the match, not the last game's reason), or not finished."""
    def team(code: str) -> str:
        return tx.team_label(code, result.teams, lang)

    gw = result.games_won
    lines = [tx.t("games_won", lang, ew=team("EW"), ew_games=gw.get("EW", 0), ns_games=gw.get("NS", 0),
                  ns=team("NS"))]
    if result.winner:
        loser = "NS" if result.winner == "EW" else "EW"
        won = [g.game for g in result.games if g.winner == result.winner]
        line = tr(lang, "Winner: {team} — {won}:{lost}, games {games:list}", team=team(result.winner),
                  won=gw.get(result.winner, 0), lost=gw.get(loser, 0), games=[str(n) for n in won]) if won else \
            tx.t("winner", lang, team=team(result.winner))
        if result.forfeit:
            line += f" ({tx.t('forfeit_note', lang)})"
        lines.append(line)
    else:
        lines.append(tx.t("no_winner", lang))
    return tuple(lines)


def _games(result: MatchResult, lang: str) -> CardTable | None:
    if not result.games:
        return None
    heads = tuple(tx.t(k, lang) for k in ("game_col", "game_winner", "game_reason", "game_last_hand"))
    rows = tuple((str(g.game), tx.team_label(g.winner, result.teams, lang) if g.winner else tx.t("game_open", lang),
                  tx.reason(g.reason, lang, result.top_level), "" if g.last_hand is None else str(g.last_hand))
                 for g in result.games)
    return CardTable("", heads, rows, GAMES_WIDTHS)


def _hands(result: MatchResult, lang: str) -> CardTable:
    """One row a hand; the rows that end a game marked. Two heads carry a second line (``EW:NS``)."""
    heads = []
    for key, _ in HAND_COLUMNS:
        label = tx.t(key, lang)
        if key in ("col_levels_after", "col_ledger"):
            label += f"\n{tx.team('EW', lang)}:{tx.team('NS', lang)}"
        heads.append(label)
    rows = tuple(hand_row(h, result.seats, lang) for h in result.hands)
    ends = frozenset(i for i, h in enumerate(result.hands, start=1) if h.game_winner)
    return CardTable(tx.t("hands", lang), tuple(heads), rows, tuple(w for _, w in HAND_COLUMNS), ends, LEFT)


def _notes(result: MatchResult, lang: str) -> tuple[CardNote, ...]:
    """Warnings, rulings, redeals and time calls, where and whom they concern."""
    return tuple(CardNote(n.line, tx.note_kind(n.kind, lang),
                          tx.t("game_hand_n", lang, game=n.game, hand=n.hand) if n.hand
                          else tx.t("game_n", lang, game=n.game),
                          tx.seat_player(n.seat, result.seats, lang) if n.seat
                          else (tx.team_label(n.team, result.teams, lang) if n.team else ""), n.text)
                 for n in result.notes)


def scorecard(result: MatchResult, lang: str, rules: str, referee: str = "") -> Scorecard:
    """Gunzi's card of *result* in *lang*."""
    facts = header_facts(result.header, rules, referee, lang)
    match_id = result.header.id if result.header is not None else ""
    sides = tuple((tx.team_label(team, result.teams, lang), *(tx.seat_player(s, result.seats, lang)
                                                             for s in tx.TEAM_SEATS[team])) for team in TEAMS)
    signatures = (tx.t("captain", lang, team=tx.team_label("EW", result.teams, lang)),
                  tx.t("captain", lang, team=tx.team_label("NS", result.teams, lang)),
                  f"{tx.t('referee', lang)} {facts[-1][1]}".strip())
    words = texts_in(result)
    return Scorecard(f"{tx.t('title', lang)}  {match_id}".strip(), facts, sides, tx.t("result", lang),
                     _result_lines(result, lang), _games(result, lang), levels_chart(result, lang),
                     _hands(result, lang), _notes(result, lang), signatures, tuple(w for w in words if w))
