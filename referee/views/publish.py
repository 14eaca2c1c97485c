"""The static HTML export of an event (``referee event publish EVENT DIR``): what chess-results shows,
as files any web host can serve — the standings with the cross table, a page per round (its tables and
results) and a card per pair (its matches round by round).

Pure: the event's results in, ``{file name: HTML text}`` out; the command writes them. Every page stands
alone: one inline style sheet, no script, no font, no image, no link outside the folder. Every text is
escaped; the words come from the catalogue, the tables from ``referee.views.eventrows`` (the report's and
the workbook's), so the three never disagree.
"""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Sequence

from referee.core.i18n import tr
from referee.core.names import file_stem
from referee.results.eventresults import EventResults, IndividualResults
from referee.tournament.model import EventFormat, Pair, Round
from referee.tournament.scoring import Criterion
from referee.views import eventrows as rows
from referee.views import eventtext
from referee.views import eventwords as words

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC","Microsoft YaHei",sans-serif;margin:1.5em;
color:#1b1f24;background:#fff}h1{font-size:1.4em;margin:.2em 0}h2{font-size:1.15em;margin:1.2em 0 .4em}
nav a{margin-right:1em}table{border-collapse:collapse;margin:.4em 0}th,td{border:1px solid #c8ccd4;padding:.25em .5em;
text-align:left;vertical-align:top}th{background:#dce0eb}td.num,th.num{text-align:center}.muted{color:#5b6270}
.notes li{margin:.2em 0}.scroll{overflow-x:auto}
""".strip()


def _e(text: object) -> str:
    return html.escape("" if text is None else str(text))


def pair_file(code: str) -> str:
    """The file of a pair's card: ``pair-<code>.html`` (the code made a safe file name)."""
    return f"pair-{file_stem(code)}.html"


def round_file(number: int) -> str:
    return f"round-{number}.html"


def _href(name: str) -> str:
    return urllib.parse.quote(name)


def _page(lang: str, title: str, event: str, nav: str, body: str) -> str:
    return (f'<!doctype html>\n<html lang="{_e(lang.replace("_", "-"))}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{_e(title)}</title>\n'
            f"<style>{STYLE}</style>\n</head>\n<body>\n<p class=\"muted\">{_e(event)}</p>\n<nav>{nav}</nav>\n"
            f"<h1>{_e(title)}</h1>\n{body}\n</body>\n</html>\n")


def _table(sheet: rows.Sheet, links: dict[int, str] | None = None, element: str = "") -> str:
    """A sheet as an HTML table; *links*: the column index whose pair codes link to their cards."""
    num = ' class="num"'
    head = "".join(f"<th{num if c.numeric else ''}>{_e(c.head)}</th>" for c in sheet.columns)
    body = []
    for r in sheet.rows:
        cells = []
        for i, (value, column) in enumerate(zip(r, sheet.columns, strict=True)):
            text = _e(rows.cell_text(value, column))
            if links and i in links and isinstance(value, str) and value:
                text = f'<a href="{_href(pair_file(value))}">{text}</a>'
            cells.append(f"<td{num if column.numeric else ''}>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    ident = f' id="{element}"' if element else ""
    return (f'<div class="scroll"><table{ident}><thead><tr>{head}</tr></thead>\n<tbody>\n' + "\n".join(body)
            + "\n</tbody></table></div>")


def _nav(rounds: Sequence[Round], lang: str) -> str:
    links = [f'<a href="index.html">{_e(tr(lang, "Standings"))}</a>']
    links += [f'<a href="{round_file(r.number)}">{_e(tr(lang, "R{n}", n=r.number))}</a>' for r in rounds]
    return "".join(links)


def pages(results: EventResults, lang: str) -> dict[str, str]:
    """Every page of the export by its file name: ``index.html``, ``round-N.html``, ``pair-<code>.html``."""
    state = results.state
    s = state.settings
    event = " · ".join(x for x in (s.name, s.date or "", s.venue or "") if x)
    nav = _nav(results.rounds, lang)
    out: dict[str, str] = {}

    sheet = rows.standings_sheet(state.pairs, results.standings, lang, split_players=False)
    # the empty columns left out; the pair's (1) always kept, the link to its card even before any entry
    keep = [i for i, col in enumerate(sheet.columns)
            if i == 1 or col.numeric or any(r[i] not in (None, "") for r in sheet.rows)]
    sheet = rows.Sheet(tuple(sheet.columns[i] for i in keep), tuple(tuple(r[i] for i in keep) for r in sheet.rows))
    body = [_table(sheet, {keep.index(1): "pair"}, "standings")]
    notes = eventtext.notes(results, lang)
    if notes:
        body.append('<ul class="notes">' + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul>")
    if results.rounds:
        if s.format is EventFormat.round_robin:
            cross = rows.matrix_sheet(results.standings, results.rounds, results.summaries, lang, results.results)
            body.append(f"<h2>{_e(tr(lang, 'Cross table'))}</h2>" + _table(cross, {2: "pair"}, "cross"))
        else:
            cross = rows.cross_sheet(results.standings, results.rounds, results.summaries, lang, results.results)
            body.append(f"<h2>{_e(tr(lang, 'Cross table'))}</h2>" + _table(cross, {1: "pair"}, "cross"))
    out["index.html"] = _page(lang, eventtext.standings_title(results, lang), event, nav, "\n".join(body))

    for rnd in results.rounds:
        status = eventtext.round_word(results.status(rnd.number), lang)
        res = rows.results_sheet([rnd], results.summaries, lang, with_round=False, results=results.results,
                                 scoring=s.scoring)
        title = tr(lang, "Round {n} ({status})", n=rnd.number, status=status)
        out[round_file(rnd.number)] = _page(lang, title, event, nav, _table(res, {2: "pair", 3: "pair", 8: "pair"},
                                                                            "results"))

    for p in state.pairs:
        out[pair_file(p.code)] = _page(lang, _card_title(p, lang), event, nav, _card(results, p, lang))
    return out


def _card_title(p: Pair, lang: str) -> str:
    return tr(lang, "{pair} ({players})", pair=p.code, players=rows.players(p, lang))


def _card(results: EventResults, p: Pair, lang: str) -> str:
    """A pair's card: its club and standing, then round by round its opponent, seat, games and points."""
    row = results.standings.row(p.code)
    facts = [tr(lang, "Rank"), str(row.rank), words.heading(words.criterion_name(Criterion.match_points, lang)),
             str(row.match_points)]
    if p.club:
        facts = [tr(lang, "Club"), p.club, *facts]
    if not p.active:
        facts += [tr(lang, "Status"), rows.status(p, lang)]
    head = "<p>" + " · ".join(f"{_e(facts[i])}: <b>{_e(facts[i + 1])}</b>" for i in range(0, len(facts), 2)) + "</p>"
    lines = []
    for rnd in results.rounds:
        entry = rows.cross_entry(p.code, rnd, results.summaries, lang, results.results)
        lines.append((rnd.number, entry or "–"))
    columns = (rows.Column(tr(lang, "Round"), numeric=True),
               rows.Column(tr(lang, "Opponent, seat and games")))
    sheet = rows.Sheet(columns, tuple(lines))
    return head + _table(sheet, None, "card")


def player_file(code: str) -> str:
    """The file of an individual event's player card: ``player-<code>.html``."""
    return f"player-{file_stem(code)}.html"


def individual_pages(results: IndividualResults, lang: str) -> dict[str, str]:
    """The export of an event of individual players, as a pair event's is: ``index.html`` (the standings and their
    notes), ``round-N.html`` (each table's players in seat order with their scores), ``player-<code>.html`` (a card
    per player: round by round its table, seat and score). The tables are the report's and the workbook's
    (``referee.views.individualviews``)."""
    from referee.games import registry
    from referee.views import individualviews as views

    state = results.state
    s = state.settings
    event = " · ".join(x for x in (s.name, s.date or "", s.venue or "") if x)
    counted = state.rounds[:len(results.rounds)]
    nav = _nav(counted, lang)
    body = [_table(views.standings_sheet(results, lang), element="standings")]
    notes = views.standings_notes(results, lang)
    if notes:
        body.append('<ul class="notes">' + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul>")
    out = {"index.html": _page(lang, views.title(results, lang), event, nav, "\n".join(body))}
    sheet = views.results_sheet(results, lang)
    for rnd in counted:
        status = words.round_status(rnd.status, lang)
        own = rows.Sheet(sheet.columns[1:], tuple(r[1:] for r in sheet.rows if r[0] == rnd.number))
        out[round_file(rnd.number)] = _page(lang, tr(lang, "Round {n} ({status})", n=rnd.number, status=status),
                                            event, nav, _table(own, element="results"))
    seats = registry.game(s.game).seats
    for p in state.players:
        row = next(r for r in results.standings if r.player == p.code)
        facts = [(tr(lang, "Rank"), str(row.rank)), (tr(lang, "Score"), f"{row.score:+d}" if row.score else "0")]
        if p.club:
            facts.insert(0, (tr(lang, "Club"), p.club))
        if not p.active:
            facts.append((tr(lang, "Status"), state.withdrawals.get(p.code, "") or tr(lang, "withdrawn")))
        head = "<p>" + " · ".join(f"{_e(k)}: <b>{_e(v)}</b>" for k, v in facts) + "</p>"
        lines: list[tuple[rows.Cell, ...]] = []
        for seated in results.rounds:
            at = next((t for t in seated.tables if p.code in t.players), None)
            if at is None:
                out_word = tr(lang, "sat out") if p.code in seated.sitting_out else ""
                lines.append((seated.number, None, None, None, out_word))
                continue
            scores = results.scores(at.match_id)
            i = at.players.index(p.code)
            lines.append((seated.number, at.number, seats[i], " ".join(at.players),
                          None if scores is None else scores[i]))
        columns = (rows.Column(tr(lang, "Round"), numeric=True), rows.Column(tr(lang, "Table"), numeric=True),
                   rows.Column(tr(lang, "Seat")), rows.Column(tr(lang, "Players")),
                   rows.Column(tr(lang, "Score"), numeric=True, signed=True))
        out[player_file(p.code)] = _page(lang, f"{p.code} {p.name}", event, nav,
                                         head + _table(rows.Sheet(columns, tuple(lines)), element="card"))
    return out
