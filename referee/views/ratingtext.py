"""The club ladder as ``referee ratings`` prints it (text and ``--json``) and the web's ``/ratings`` shows it.

The rating shown is openskill's ordinal, ``mu - 3 sigma`` (0 for a new player), with mu and sigma beside it;
numbers are rounded to two decimals for the text and the JSON alike. The ladder's JSON leaves the history
out (a store of 10,000 matches would make it megabytes); ``--player NAME`` gives one entrant's history, match
by match, before and after.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.i18n import Msg, tr, trn
from referee.tournament.ratings import PARTNERSHIP, Entrant, Ladder, Rating, Step
from referee.views.matchtext import pad, rjust, width


def _n(x: float) -> float:
    return round(x, 2)


def _rating(r: Rating) -> dict[str, float]:
    return {"rating": _n(r.ordinal), "mu": _n(r.mu), "sigma": _n(r.sigma)}


def _row(rank: int, e: Entrant) -> dict[str, Any]:
    return {"rank": rank, "name": e.name, **({"players": list(e.players)} if e.kind == PARTNERSHIP else {}),
            **_rating(e.rating), "matches": e.matches, "won": e.won}


def ladder_json(lad: Ladder, event: str | None, broken: Mapping[str, Msg], league: str | None = None
                ) -> dict[str, Any]:
    """The ladder (of *event*'s matches, or *league*'s events'; neither: the store's), and the matches that
    could not be read. ``league`` is a key only of a league's ladder (the store's and an event's JSON as before)."""
    return {"event": event, **({"league": league} if league is not None else {}),
            "model": "openskill PlackettLuce", "matches": len(lad.rated),
            "players": [_row(i, e) for i, e in enumerate(lad.players, 1)],
            "partnerships": [_row(i, e) for i, e in enumerate(lad.partnerships, 1)],
            "left_out": [{"match": x.match_id, "reason": x.reason.text("en"), "reason_zh": x.reason.text("zh")}
                         for x in lad.left_out],
            "unreadable": [{"match": mid, "message": m.text("en"), "message_zh": m.text("zh")}
                           for mid, m in broken.items()]}


def _step(s: Step) -> dict[str, Any]:
    return {"match": s.match_id, "ended": s.ended, "place": s.place, "of": s.of,
            "before": _rating(s.before), "after": _rating(s.after)}


def rank(lad: Ladder, e: Entrant) -> int:
    return (lad.partnerships if e.kind == PARTNERSHIP else lad.players).index(e) + 1


def history_json(lad: Ladder, event: str | None, e: Entrant, league: str | None = None) -> dict[str, Any]:
    return {"event": event, **({"league": league} if league is not None else {}), "kind": e.kind,
            **_row(rank(lad, e), e), "history": [_step(s) for s in e.history]}


def _grid(head: Sequence[str], body: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max([width(h), *(width(row[i]) for row in body)]) for i, h in enumerate(head)]

    def line(cells: Sequence[str]) -> str:
        cols = zip(cells, widths, right, strict=True)
        return "  ".join(rjust(c, w) if ri else pad(c, w) for c, w, ri in cols).rstrip()

    return [line(head), *(line(row) for row in body)]


def _f(x: float) -> str:
    return f"{x:.2f}"


def _table(entrants: Sequence[Entrant], lang: str) -> list[str]:
    head = [tr(lang, "Rank"), tr(lang, "Name"), tr(lang, "Rating"), "mu", "sigma",
            tr(lang, "Matches"), tr(lang, "Won")]
    body = [[str(i), e.name, _f(e.rating.ordinal), _f(e.rating.mu), _f(e.rating.sigma), str(e.matches), str(e.won)]
            for i, e in enumerate(entrants, 1)]
    return ["  " + x for x in _grid(head, body, [True, False, True, True, True, True, True])]


def ladder_lines(lad: Ladder, event: str | None, lang: str, league: str | None = None) -> list[str]:
    n = len(lad.rated)
    if league is not None:
        out = [trn(lang, "Ratings of league {league}: {n} finished match of its events rated (openskill, "
                   "Plackett-Luce; rating = mu - 3 sigma)",
                   "Ratings of league {league}: {n} finished matches of its events rated (openskill, "
                   "Plackett-Luce; rating = mu - 3 sigma)", n, league=league)]
    elif event is None:
        out = [trn(lang, "Club ratings: {n} finished match rated (openskill, Plackett-Luce; rating = mu - 3 sigma)",
                   "Club ratings: {n} finished matches rated (openskill, Plackett-Luce; rating = mu - 3 sigma)", n)]
    else:
        out = [trn(lang, "Ratings of event {event}: {n} finished match rated (openskill, Plackett-Luce; "
                   "rating = mu - 3 sigma)",
                   "Ratings of event {event}: {n} finished matches rated (openskill, Plackett-Luce; "
                   "rating = mu - 3 sigma)", n, event=event)]
    if not lad.players:
        return [*out, tr(lang, "No finished match to rate yet.")]
    out += ["", tr(lang, "Players"), *_table(lad.players, lang)]
    if lad.partnerships:
        out += ["", tr(lang, "Partnerships"), *_table(lad.partnerships, lang)]
    return out + left_out_lines(lad, lang)


def left_out_lines(lad: Ladder, lang: str) -> list[str]:
    return [tr(lang, "Not rated: {match}: {reason}",
               match=x.match_id, reason=x.reason) for x in lad.left_out]


def history_lines(lad: Ladder, e: Entrant, lang: str) -> list[str]:
    out = [tr(lang, "{name}: rating {rating} (mu {mu}, sigma {sigma}), rank {rank}, {won} won of {matches}",
              name=e.name, rating=_f(e.rating.ordinal), mu=_f(e.rating.mu), sigma=_f(e.rating.sigma), rank=rank(lad, e),
              won=e.won, matches=e.matches)]
    head = [tr(lang, "Match"), tr(lang, "Ended (UTC)"), tr(lang, "Place"),
            tr(lang, "Before"), tr(lang, "After"), tr(lang, "Change")]
    body = [[s.match_id, s.ended, f"{s.place}/{s.of}", _f(s.before.ordinal), _f(s.after.ordinal),
             f"{s.after.ordinal - s.before.ordinal:+.2f}"] for s in e.history]
    return out + ["  " + x for x in _grid(head, body, [False, False, True, True, True, True])]
