"""A league's standings in words: the rows of its tables (one source for the terminal, the PDF report and the
workbook, as ``eventrows`` is for an event), the terminal's lines and the JSON for other tools."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.i18n import join, tr
from referee.tournament.scoring import Criterion
from referee.views import eventrows as rows
from referee.views import eventwords as words
from referee.views.eventtext import standings_title
from referee.views.matchtext import pad, rjust, width

if TYPE_CHECKING:
    from referee.results.leagueresults import LeagueResults


def title(results: LeagueResults, lang: str) -> str:
    lg = results.league
    return tr(lang, "League {league} ({title}): standings over {n} events", league=lg.id, title=lg.title,
              n=len(lg.events))


def standings_sheet(results: LeagueResults, lang: str) -> rows.Sheet:
    """A row per pair in rank order: its players, clubs and events, its record summed, every summed tie-break."""
    st = results.standings
    extra = st.criteria[1:]
    columns = (
        rows.Column(tr(lang, "Rank"), numeric=True), rows.Column(tr(lang, "Player 1")),
        rows.Column(tr(lang, "Player 2")), rows.Column(tr(lang, "Club")),
        rows.Column(tr(lang, "Events"), numeric=True),
        rows.Column(tr(lang, "Played"), numeric=True), rows.Column(tr(lang, "Won"), numeric=True),
        rows.Column(tr(lang, "Lost"), numeric=True), rows.Column(tr(lang, "Byes"), numeric=True),
        rows.Column(words.heading(words.criterion_name(Criterion.match_points, lang)), numeric=True),
        rows.Column(tr(lang, "Games won"), numeric=True), rows.Column(tr(lang, "Games lost"), numeric=True),
        *(rows.Column(words.heading(words.criterion_name(c, lang)), numeric=True, signed=c in words.SIGNED)
          for c in extra),
    )
    body: list[tuple[rows.Cell, ...]] = []
    for r in st.rows:
        summed: tuple[rows.Cell, ...] = tuple(r.tiebreaks[c] for c in extra)
        body.append((r.rank, r.player1, r.player2, join(lang, r.clubs), len(r.events), r.played, r.won, r.lost, r.byes,
                     r.match_points, r.games_won, r.games_lost, *summed))
    return rows.Sheet(columns, tuple(body))


def players_sheet(results: LeagueResults, lang: str) -> rows.Sheet:
    """A row per player of the league's events of individual players in rank order: clubs, events, the matches
    played, the rounds sat out, the score and the first places summed."""
    columns = (rows.Column(tr(lang, "Rank"), numeric=True), rows.Column(tr(lang, "Player")),
               rows.Column(tr(lang, "Club")), rows.Column(tr(lang, "Events"), numeric=True),
               rows.Column(tr(lang, "Played"), numeric=True),
               rows.Column(tr(lang, "Sat out"), numeric=True),
               rows.Column(tr(lang, "Score"), numeric=True, signed=True),
               rows.Column(tr(lang, "First places"), numeric=True))
    body = tuple((r.rank, r.player, join(lang, r.clubs), len(r.events), r.played, r.sat_out, r.score,
                  r.firsts) for r in results.players)
    return rows.Sheet(columns, body)


def events_sheet(results: LeagueResults, lang: str) -> rows.Sheet:
    """A row per event of the league: its id, the club it was held at, its name, date, entries and standings."""
    columns = (rows.Column(tr(lang, "Event")), rows.Column(tr(lang, "Club")), rows.Column(tr(lang, "Name")),
               rows.Column(tr(lang, "Date")),
               rows.Column(tr(lang, "Pairs") if results.events else tr(lang, "Players"), numeric=True),
               rows.Column(tr(lang, "Standings")))
    body = tuple((r.state.settings.id, results.club(r.state.settings.id), r.state.settings.name,
                  r.state.settings.date or "", len(r.state.pairs), standings_title(r, lang))
                 for r in results.events)
    body += tuple((r.state.settings.id, results.club(r.state.settings.id), r.state.settings.name,
                   r.state.settings.date or "", len(r.state.players),
                   tr(lang, "final standings") if r.final else
                   tr(lang, "after round {n}", n=len(r.rounds)))
                  for r in results.player_events)
    return rows.Sheet(columns, body)


def _grid(sheet: rows.Sheet) -> list[str]:
    head = [c.head for c in sheet.columns]
    body = [[rows.cell_text(v, c) for v, c in zip(r, sheet.columns, strict=True)] for r in sheet.rows]
    widths = [max([width(h), *(width(r[i]) for r in body)]) for i, h in enumerate(head)]

    def line(cells: list[str]) -> str:
        return "  ".join(rjust(t, w) if c.numeric else pad(t, w)
                         for t, w, c in zip(cells, widths, sheet.columns, strict=True)).rstrip()

    return [line(head), *(line(r) for r in body)]


def notes(results: LeagueResults, lang: str) -> list[str]:
    """What the table does not show: how it is summed, the matches an event cannot count."""
    return [*summed(results, lang),
            *(tr(lang, "Not counted: {problem}", problem=msg) for msg in results.broken.values())]


def summed(results: LeagueResults, lang: str) -> list[str]:
    """How the tables are summed over the league's events."""
    out = [tr(lang, "Pairs are matched across events by their players' names; match points and tie-breaks are "
                    "summed over the events (docs/league.md)")] if results.events or not results.players else []
    if results.players:
        out.append(tr(lang, "Players are matched across events by name; scores and first places are summed over "
                            "the events (docs/league.md)"))
    return out


def standings_lines(results: LeagueResults, lang: str) -> list[str]:
    out = [title(results, lang)]
    if not results.league.events:
        out.append(tr(lang, "no event in the league yet (referee league add-event {league} EVENT --club CLUB)",
                      league=results.league.id))
        return out
    if results.events or not results.players:
        out += _grid(standings_sheet(results, lang))
        out.append("")
    if results.players:
        out += _grid(players_sheet(results, lang))
        out.append("")
    out += _grid(events_sheet(results, lang))
    out += summed(results, lang)
    return out


def standings_json(results: LeagueResults) -> dict[str, Any]:
    lg = results.league
    st = results.standings
    return {
        "league": lg.id, "title": lg.title,
        "events": [{"event": e.event, "club": e.club} for e in lg.events],
        "criteria": [c.value for c in st.criteria],
        "standings": [{"rank": r.rank, "players": [r.player1, r.player2], "clubs": list(r.clubs),
                       "events": list(r.events), "played": r.played, "won": r.won, "lost": r.lost, "byes": r.byes,
                       "match_points": r.match_points, "games_won": r.games_won, "games_lost": r.games_lost,
                       "tiebreaks": {c.value: v for c, v in r.tiebreaks.items()}} for r in st.rows],
        "players": [{"rank": r.rank, "player": r.player, "clubs": list(r.clubs), "events": list(r.events),
                     "played": r.played, "sat_out": r.sat_out, "score": r.score, "firsts": r.firsts}
                    for r in results.players],
        "not_counted": sorted(results.broken),
    }
