"""The club ladder: a rating of every player and every partnership from the finished matches, with how each
rating moved match by match.

Pure: game-neutral match summaries (``referee.games.api.Summary``) and each match's end time in, the ladder
out; no store, no clock. The ratings are openskill's (Weng-Lin Bayesian ratings): each player has a mean
``mu`` and an uncertainty ``sigma``, and is shown by the conservative *ordinal* ``mu - 3 sigma`` (about 99 %
sure the skill is at least that), which starts at 0 for a new player (mu 25, sigma 25/3).

- **Order of updates.** A rating depends on the order of the matches, so they are rated in one fixed
  order whatever order they are given in: by end time (the time of the match's last entry, UTC), then by
  match id. Two stores holding the same matches give the same ladder.
- **Teams.** Each participant of a match is a team of its players: Gunzi's two partnerships (2 players each)
  play as teams; an individual game's participants (Dou Dizhu's 3 players, mahjong's 4) are one-player
  teams. The order of finish is each participant's ``placement`` (1 the winner; ties share a place).
- **Partnerships** are rated too, each as one entrant of its own (its two players, in either seat), when
  every participant of the match is a partnership: a club's standing pairs on a ladder of their own.
- **What is rated.** Finished matches only. Left out and named (:attr:`Ladder.left_out`): a forfeit (no
  cards were played between the two sides), a match with an unnamed player, or one with a player in two seats.
- **History.** Every entrant keeps a :class:`Step` per match: its rating before and after, its place and
  the match, so a dispute can see how a rating moved (and what undoing a match would change).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.core.i18n import M, Msg
from referee.games.api import Summary

if TYPE_CHECKING:
    from openskill.models import PlackettLuce
    from openskill.models.weng_lin.plackett_luce import PlackettLuceRating

MU = 25.0  # openskill's defaults: a new player's mean and uncertainty
SIGMA = MU / 3
PLAYER = "player"
PARTNERSHIP = "partnership"
JOIN = " & "  # a partnership's name: its players' names, sorted, joined by this


class Rating(NamedTuple):
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The rating shown and ranked by: mu - 3 sigma (0 for a new player)."""
        return self.mu - 3 * self.sigma


DEFAULT = Rating(MU, SIGMA)


class Played(NamedTuple):
    """A finished match to rate: its summary and when it ended (UTC, ISO 8601: sorts as text)."""

    summary: Summary
    ended: str


class Step(NamedTuple):
    """One entrant's rating moved by one match."""

    match_id: str
    ended: str
    place: int  # its placement in the match (1: won)
    of: int  # the number of participants
    before: Rating
    after: Rating


class Entrant(NamedTuple):
    """A player, or a partnership, on the ladder."""

    kind: str  # PLAYER or PARTNERSHIP
    name: str  # a player's name; a partnership's players' names, sorted, joined by JOIN
    players: tuple[str, ...]
    rating: Rating
    history: tuple[Step, ...]

    @property
    def matches(self) -> int:
        return len(self.history)

    @property
    def won(self) -> int:
        return sum(1 for s in self.history if s.place == 1)


class LeftOut(NamedTuple):
    match_id: str
    reason: Msg


class Ladder(NamedTuple):
    players: tuple[Entrant, ...]  # ranked: ordinal, then mu, highest first, then name
    partnerships: tuple[Entrant, ...]
    rated: tuple[str, ...]  # the match ids rated, in the order of the updates
    left_out: tuple[LeftOut, ...]

    def player(self, name: str) -> Entrant | None:
        return next((e for e in self.players if e.name == name), None)


def partnership_name(players: Sequence[str]) -> str:
    return JOIN.join(sorted(players))


def _why_not(s: Summary) -> Msg | None:
    """Why a finished match cannot be rated, or None."""
    if s.forfeit:
        return M("a forfeit: no cards were played between the sides")
    names = [name for p in s.participants() for name in p.players]
    if not names or any(not name.strip() for name in names) or any(not p.players for p in s.participants()):
        return M("a player is not named")
    if len(set(names)) != len(names):
        return M("a player sits in two seats")
    return None


def _model() -> PlackettLuce:
    """Plackett-Luce, openskill's model for any number of teams ranked by their finish: one model for a
    Gunzi match (two teams of two), a Dou Dizhu deal's three players and mahjong's four, with ties; its
    update is the fastest of openskill's and the one its authors recommend by default (Thurstone-Mosteller,
    the alternative, assumes pairwise comparisons and is slower on the 4-player free-for-all)."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def ladder(matches: Iterable[Played]) -> Ladder:
    """Rate *matches* (finished ones; the rest are skipped) in the order of their end time, then match id."""
    model = _model()
    ratings: dict[tuple[str, str], Rating] = {}
    # openskill's own rating objects, passed back to the next update as it returned them: making one costs a uuid4
    # (half the time of a ladder of 10,000 matches went to making them afresh from mu and sigma)
    live: dict[tuple[str, str], PlackettLuceRating] = {}
    players: dict[tuple[str, str], tuple[str, ...]] = {}
    history: dict[tuple[str, str], list[Step]] = {}
    rated: list[str] = []
    left_out: list[LeftOut] = []

    def update(keys: list[list[tuple[str, str]]], places: list[int], match_id: str, ended: str) -> None:
        before = [[ratings.get(k, DEFAULT) for k in team] for team in keys]
        teams = [[live[k] if k in live else model.rating(mu=MU, sigma=SIGMA) for k in team] for team in keys]
        after = model.rate(teams, ranks=[float(p) for p in places])
        for team, was, now, place in zip(keys, before, after, places, strict=True):
            for k, b, a in zip(team, was, now, strict=True):
                live[k] = a
                ratings[k] = Rating(a.mu, a.sigma)
                history.setdefault(k, []).append(Step(match_id, ended, place, len(keys), b, ratings[k]))

    for played in sorted(matches, key=lambda p: (p.ended, p.summary.match_id)):
        s = played.summary
        if not s.finished:
            continue
        problem = _why_not(s)
        if problem is not None:
            left_out.append(LeftOut(s.match_id, problem))
            continue
        parts = s.participants()
        places = [s.outcome(p.key).placement for p in parts]
        keys = [[(PLAYER, name) for name in p.players] for p in parts]
        for team in keys:
            for k in team:
                players[k] = (k[1],)
        update(keys, places, s.match_id, played.ended)
        if all(len(p.players) >= 2 for p in parts):
            pairs = [[(PARTNERSHIP, partnership_name(p.players))] for p in parts]
            for p, team in zip(parts, pairs, strict=True):
                players[team[0]] = tuple(sorted(p.players))
            update(pairs, places, s.match_id, played.ended)
        rated.append(s.match_id)

    def ranked(kind: str) -> tuple[Entrant, ...]:
        found = [Entrant(kind, k[1], players[k], r, tuple(history[k])) for k, r in ratings.items() if k[0] == kind]
        return tuple(sorted(found, key=lambda e: (-e.rating.ordinal, -e.rating.mu, e.name)))

    return Ladder(ranked(PLAYER), ranked(PARTNERSHIP), tuple(rated), tuple(left_out))


def pair_seeds(ladder: Ladder, pairs: Iterable[tuple[str, Sequence[str]]]) -> dict[str, float | None]:
    """Each pair's seed by rating (``event pair --seed rating``): the mean of its players' ordinals, a player
    not on the ladder counting as a new one (ordinal 0); None for a pair neither of whose players is rated."""
    by_name = {e.name: e.rating.ordinal for e in ladder.players}
    out: dict[str, float | None] = {}
    for code, names in pairs:
        known = [by_name.get(n) for n in names]
        out[code] = None if all(k is None for k in known) else \
            sum(DEFAULT.ordinal if k is None else k for k in known) / len(known)
    return out


def player_seeds(ladder: Ladder, players: Iterable[tuple[str, str]]) -> dict[str, float]:
    """Each rated player's seed by rating (``event pair --seed rating`` of an individual event): its ordinal on
    the ladder, by its code; a player not on the ladder (matched by its name as entered) is left out: unrated."""
    by_name = {e.name: e.rating.ordinal for e in ladder.players}
    return {code: by_name[name] for code, name in players if name in by_name}
