"""An event's state, derived by replaying the actions of its log: nothing is typed in twice.

The event's log (``referee.store.eventlog``) keeps one action per entry, a JSON object whose
``"action"`` names what the director did. This module defines each action's shape once (the
builders below) and folds the actions, in order, into an :class:`EventState`: the event's
settings, its pairs (entries and withdrawals), its rounds with their tables and byes, and what
each round's close recorded. Pure: no I/O, no clock.

Actions: ``created``, ``settings_changed`` (a setting of the event changed after it was created), ``pair_added``,
``pair_edited``, ``pair_removed`` (an entry corrected or taken out before it was paired), ``pair_withdrawn``,
``round_paired`` (with the reason when set or swapped by hand), ``round_unpaired`` (taken back while none of
its matches has an entry), ``round_closed``, ``result_set`` and ``result_cleared`` (a table's result entered by
the director, or taken back). A later action (a referee assigned to a table, for the web) is one more builder and
one more handler in ``_HANDLERS``; a log holding an action this version does not know is refused, never
half read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, NamedTuple

from referee.games import registry
from referee.tournament.individual import Player, SeatedRound, Seating
from referee.tournament.model import (
    DirectorResult,
    EventFormat,
    Pair,
    ResultKind,
    Round,
    RoundStatus,
    Table,
    WithdrawnReason,
)
from referee.tournament.scoring import DEFAULT_AWARDS, MOST_ENTRIES, Scoring, from_dict

CREATED = "created"
PAIR_ADDED = "pair_added"
PAIR_WITHDRAWN = "pair_withdrawn"
PAIR_EDITED = "pair_edited"
PAIR_REMOVED = "pair_removed"
ROUND_PAIRED = "round_paired"
ROUND_CLOSED = "round_closed"
ROUND_UNPAIRED = "round_unpaired"
RESULT_SET = "result_set"
RESULT_CLEARED = "result_cleared"
PLAYER_ADDED = "player_added"  # an individual event's entry: a player
ROUND_SEATED = "round_seated"  # an individual event's round: its tables of players and who sits out
PLAYER_WITHDRAWN = "player_withdrawn"  # an individual event's player: never seated again, kept in the standings
PLAYER_EDITED = "player_edited"  # an individual event's player: its name (never seated yet) or club corrected
PLAYER_REMOVED = "player_removed"  # an individual event's player taken out before any round seated it
SETTINGS_CHANGED = "settings_changed"  # a setting of the event changed (confirmation_required)
# the game of an event whose log names none (every event before individual ones): the registry's default, as for a
# match header naming none; a log records its game only when it is another
DEFAULT_GAME = registry.DEFAULT

Action = dict[str, Any]


class Head(NamedTuple):
    """A match's chain head: its number of entries and the hash of its last one."""

    entries: int
    hash: str


class Ruled(NamedTuple):
    """A ruling a forced close recorded: in which match, at which seq, for which team."""

    match: str
    seq: int
    team: str


class Close(NamedTuple):
    """What closing a round recorded; its heads tell a later correction from the result closed."""

    round: int
    forced: bool
    reason: str
    rulings: tuple[Ruled, ...]
    heads: dict[str, Head]  # match id -> its head at the close
    seq: int = 0  # the entry of the event's log that closed it


class Settings(NamedTuple):
    """The event as ``event new`` created it."""

    id: str
    name: str
    rules: str
    format: EventFormat
    rounds: int | None  # the rounds planned (a round robin: None until its schedule is known)
    scoring: Scoring
    date: str | None
    venue: str | None
    seed: int | None  # the round-1 shuffle of a Swiss event (None: entry order)
    lot: int  # the seed of the lot that breaks the last ties (recorded at creation)
    game: str = DEFAULT_GAME  # the game's key
    sit_out: str = "lowest"  # an individual event's rule for who sits out (tournament.individual.SitOut)
    # every settled hand is to be confirmed by a side (`referee confirm`): `event close` names those not confirmed
    confirmation_required: bool = False

    @property
    def individual(self) -> bool:
        """An event of individual players: its game's players each play for themself (its sides are its seats, as at
        Dou Dizhu, Hubei 打滚 and mahjong); a game of partnerships (Gunzi's EW and NS) has events of pairs."""
        try:
            game = registry.game(self.game)
        except registry.UnknownGame:
            return True  # a game this version does not know: not the pair events' (its matches say the rest)
        return game.sides == game.seats


class EventState(NamedTuple):
    settings: Settings
    pairs: tuple[Pair, ...]  # in entry order
    rounds: tuple[Round, ...]  # in round order, each with its status
    closes: dict[int, Close]
    withdrawals: dict[str, str]  # pair code (an individual event's player code) -> the reason given
    roster: tuple[str, ...]  # a round robin's pairs when round 1 was paired (its schedule's order)
    results: dict[str, DirectorResult] = {}  # match id -> the director's result standing for it
    result_log: tuple[DirectorResult, ...] = ()  # every result entered or cleared, in order
    pairing_notes: dict[int, str] = {}  # round -> the reason a pairing was set or swapped by hand
    players: tuple[Player, ...] = ()  # an individual event's entries, in entry order
    seatings: tuple[SeatedRound, ...] = ()  # an individual event's rounds as seated (``rounds`` holds their status)

    def player(self, code: str) -> Player | None:
        return next((p for p in self.players if p.code == code), None)

    @property
    def current(self) -> Round | None:
        """The latest round paired, or None before round 1."""
        return self.rounds[-1] if self.rounds else None

    @property
    def active(self) -> tuple[Pair, ...]:
        return tuple(p for p in self.pairs if p.active)

    def pair(self, code: str) -> Pair | None:
        return next((p for p in self.pairs if p.code == code), None)

    def round(self, number: int) -> Round | None:
        return next((r for r in self.rounds if r.number == number), None)

    @property
    def planned(self) -> int | None:
        """The rounds the event will have: ``--rounds``; a round robin's schedule once round 1 is paired
        (every pair meets every other: n - 1 rounds, n with a bye each), or fewer if ``--rounds`` says so."""
        given = self.settings.rounds
        if self.settings.format is not EventFormat.round_robin or not self.roster:
            return given
        n = len(self.roster)
        schedule = n - 1 if n % 2 == 0 else n
        return schedule if given is None else min(given, schedule)

    @property
    def final(self) -> bool:
        """Every planned round is closed: the standings are final."""
        planned = self.planned
        return (planned is not None and len(self.rounds) == planned
                and all(r.status is RoundStatus.closed for r in self.rounds))


class StateError(ValueError):
    """An action that does not fit the state before it (a log edited by hand, or a newer version's).

    ``seq`` is the log entry, ``what`` a code: ``unknown_action``, ``not_first``, ``no_event``,
    ``bad_action`` (a field missing or of the wrong type), ``unknown_pair``, ``round_order``."""

    def __init__(self, seq: int, what: str, detail: str = "") -> None:
        super().__init__(seq, what, detail)
        self.seq = seq
        self.what = what
        self.detail = detail


# --- the actions ------------------------------------------------------------------------------------

def scoring_data(scoring: Scoring) -> dict[str, Any]:
    """A scoring as the data of its TOML file (no base): the log keeps the rules of the event itself,
    so a scoring file edited or moved later changes nothing of an event created with it."""
    return {
        "name": scoring.name,
        "match_points": {f"{won}:{lost}": points for (won, lost), points in sorted(scoring.match_points.items())},
        "bye": {"match_points": scoring.bye_points,
                **({"requested": scoring.requested_bye_points} if scoring.requested_bye_points != 1 else {})},
        "tiebreaks": {"order": [c.value for c in scoring.tiebreaks]},
        # entries.most only when not the default: the logs of events made before the key stay as they were
        **({"entries": {"most": scoring.most_entries}} if scoring.most_entries != MOST_ENTRIES else {}),
        **({"disputes": {"appeal_minutes": scoring.appeal_minutes,
                         **({"stop_play": True} if scoring.stop_play else {})}}
           if scoring.appeal_minutes or scoring.stop_play else {}),
        **({"confirmations": {"warn_at_close": False}} if not scoring.warn_unconfirmed else {}),
        # [pairing] only when a key is not the default: the logs of events made before the keys stay as they were
        **({"pairing": {"avoid_same_club": scoring.avoid_same_club, "round1": scoring.round1,
                        **({"accelerated_rounds": scoring.accelerated_rounds} if scoring.accelerated_rounds else {})}}
           if (scoring.avoid_same_club, scoring.round1, scoring.accelerated_rounds) != (False, "adjacent", 0)
           else {}),
        **({"prizes": {"awards": list(scoring.awards)}} if scoring.awards != DEFAULT_AWARDS else {}),
    }


def created(event_id: str, name: str, rules: str, fmt: EventFormat, rounds: int | None, scoring: Scoring,
            date: str | None, venue: str | None, seed: int | None, lot: int, game: str = DEFAULT_GAME,
            sit_out: str = "lowest", confirmation_required: bool = False) -> Action:
    """The event's settings; *game* and *sit_out* only for an individual event, *confirmation_required* only when
    on (the log of an event that leaves them as they were stays as it was)."""
    return {"action": CREATED, "event": event_id, "name": name, "rules": rules, "format": fmt.value,
            "rounds": rounds, "scoring": scoring_data(scoring), "date": date, "venue": venue, "seed": seed,
            "lot": lot, **({"game": game, "sit_out": sit_out} if registry.written(game) else {}),
            **({"confirmation_required": True} if confirmation_required else {})}


def settings_changed(*, confirmation_required: bool, reason: str = "") -> Action:
    """A setting of the event changed after its creation: whether every settled hand is to be confirmed."""
    return {"action": SETTINGS_CHANGED, "confirmation_required": confirmation_required,
            **({"reason": reason} if reason else {})}


def player_added(player: Player) -> Action:
    """A player entered in an individual event."""
    return {"action": PLAYER_ADDED, "player": player.code, "name": player.name, "club": player.club}


def player_withdrawn(code: str, reason: str) -> Action:
    """A player of an individual event withdrawn: never seated again, kept in the standings with what it played."""
    return {"action": PLAYER_WITHDRAWN, "player": code, "reason": reason}


def player_edited(player: Player, reason: str = "") -> Action:
    """An individual event's player with its name and club as corrected (its code stays)."""
    return {"action": PLAYER_EDITED, "player": player.code, "name": player.name, "club": player.club,
            "reason": reason}


def player_removed(code: str, reason: str) -> Action:
    """An individual event's player taken out before any round seated it (or sat it out)."""
    return {"action": PLAYER_REMOVED, "player": code, "reason": reason}


def seated_in(seatings: Sequence[SeatedRound], code: str) -> list[int]:
    """The rounds *code* was seated in (at a table, or sitting out): an individual event's :func:`paired_in`."""
    return [r.number for r in seatings if code in r.sitting_out or any(code in t.players for t in r.tables)]


def round_seated(rnd: SeatedRound) -> Action:
    """An individual event's round: each table's match and its players in seat order, and who sits out."""
    return {"action": ROUND_SEATED, "round": rnd.number,
            "tables": [{"table": t.number, "match": t.match_id, "players": list(t.players)} for t in rnd.tables],
            "sitting_out": list(rnd.sitting_out)}


def pair_added(pair: Pair, reason: str = "") -> Action:
    """A pair entered; *reason*: why it was entered into a finished event (``--force --reason``)."""
    return {"action": PAIR_ADDED, "pair": pair.code, "player1": pair.player1, "player2": pair.player2,
            "club": pair.club, **({"reason": reason} if reason else {}),
            **({"newcomer": True} if pair.newcomer else {}),
            **({"rating": pair.rating} if pair.rating is not None else {})}


def pair_edited(pair: Pair, reason: str = "") -> Action:
    """A pair's players and club as corrected (its code stays)."""
    return {"action": PAIR_EDITED, "pair": pair.code, "player1": pair.player1, "player2": pair.player2,
            "club": pair.club, "reason": reason}


def pair_removed(code: str, reason: str) -> Action:
    """An entry taken out of the event before it was paired in any round."""
    return {"action": PAIR_REMOVED, "pair": code, "reason": reason}


def pair_withdrawn(code: str, reason: str) -> Action:
    return {"action": PAIR_WITHDRAWN, "pair": code, "reason": reason}


def round_paired(rnd: Round, reason: str = "") -> Action:
    """A round paired; *reason*: why its pairing was changed by hand (``--swap``, ``--set``)."""
    return {"action": ROUND_PAIRED, "round": rnd.number,
            "tables": [{"table": t.number, "match": t.match_id, "ew": t.ew, "ns": t.ns} for t in rnd.tables],
            "bye": rnd.bye, **({"reason": reason} if reason else {}),
            **({"requested": list(rnd.requested)} if rnd.requested else {})}


def round_unpaired(number: int, reason: str) -> Action:
    """A round taken back before any entry of its matches was stored (its matches are left unused)."""
    return {"action": ROUND_UNPAIRED, "round": number, "reason": reason}


def result_set(r: DirectorResult) -> Action:
    """A table's result entered by the director (``event result``), replacing its record's."""
    return {"action": RESULT_SET, "round": r.round, "table": r.table, "match": r.match_id, "kind": r.kind.value,
            **({"scores": list(r.scores)} if r.scores else {}),
            "ew": r.ew, "ns": r.ns, "side": r.side, "reason": r.reason}


def result_cleared(round_number: int, table: int, match: str, reason: str) -> Action:
    """The director's result of a table taken back: its record's result counts again."""
    return {"action": RESULT_CLEARED, "round": round_number, "table": table, "match": match, "reason": reason}


def round_closed(number: int, forced: bool, reason: str, rulings: Sequence[Ruled],
                 heads: Mapping[str, Head]) -> Action:
    return {"action": ROUND_CLOSED, "round": number, "forced": forced, "reason": reason,
            "rulings": [{"match": r.match, "seq": r.seq, "team": r.team} for r in rulings],
            "heads": {mid: {"entries": h.entries, "hash": h.hash} for mid, h in heads.items()}}


# --- the replay ----------------------------------------------------------------------------------------

class _Fold:
    """The state being built, action by action."""

    def __init__(self) -> None:
        self.settings: Settings | None = None
        self.pairs: dict[str, Pair] = {}
        self.rounds: list[Round] = []
        self.closes: dict[int, Close] = {}
        self.withdrawals: dict[str, str] = {}
        self.roster: tuple[str, ...] = ()
        self.results: dict[str, DirectorResult] = {}
        self.result_log: list[DirectorResult] = []
        self.pairing_notes: dict[int, str] = {}
        self.players: dict[str, Player] = {}
        self.seatings: list[SeatedRound] = []


def _get(action: Mapping[str, Any], seq: int, key: str, kind: type | tuple[type, ...]) -> Any:
    value = action.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise StateError(seq, "bad_action", key)
    return value


def _optional(action: Mapping[str, Any], seq: int, key: str, kind: type) -> Any:
    """A field that may be null (or left out), else of *kind*."""
    return None if action.get(key) is None else _get(action, seq, key, kind)


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _on_created(f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    if f.settings is not None or seq != 1:
        raise StateError(seq, "not_first")
    try:
        fmt = EventFormat(_get(a, seq, "format", str))
        scoring = from_dict(_get(a, seq, "scoring", dict), origin="scoring")
    except ValueError:
        raise StateError(seq, "bad_action", "format/scoring") from None
    f.settings = Settings(
        id=_get(a, seq, "event", str), name=_get(a, seq, "name", str), rules=_get(a, seq, "rules", str),
        format=fmt, rounds=_optional(a, seq, "rounds", int), scoring=scoring, date=_optional(a, seq, "date", str),
        venue=_optional(a, seq, "venue", str), seed=_optional(a, seq, "seed", int), lot=_get(a, seq, "lot", int),
        game=_optional(a, seq, "game", str) or DEFAULT_GAME, sit_out=_optional(a, seq, "sit_out", str) or "lowest",
        confirmation_required=bool(_optional(a, seq, "confirmation_required", bool)))


def _on_settings_changed(f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    if f.settings is None:
        raise StateError(seq, "no_event")
    f.settings = f.settings._replace(confirmation_required=_get(a, seq, "confirmation_required", bool))


# --- the entries: one path for a pair event's pairs and an individual event's players -------------------------------

def _pair_of(code: str, a: Mapping[str, Any], seq: int) -> Pair:
    return Pair(code, _get(a, seq, "player1", str), _get(a, seq, "player2", str), _get(a, seq, "club", str),
                newcomer=bool(_optional(a, seq, "newcomer", bool)), rating=_optional(a, seq, "rating", int))


def _player_of(code: str, a: Mapping[str, Any], seq: int) -> Player:
    return Player(code, _get(a, seq, "name", str), _get(a, seq, "club", str))


class _Entrant(NamedTuple):
    """What differs between the two kinds of entry as the log keeps them, as data; the handlers below are the one
    code path of both."""

    field: str  # the action's key holding the entry's code: "pair" | "player"
    individual: bool  # entered in an event of individual players (``Settings.individual``), else of pairs
    names: tuple[str, ...]  # the fields naming its people, in the records of the matches it sat at
    entries: Callable[[_Fold], dict[str, Any]]  # the fold's entries of the kind, by code
    make: Callable[[str, Mapping[str, Any], int], Any]  # the entry an ``…_added`` action enters
    placed_in: Callable[[_Fold, str], list[int]]  # the rounds it sat in: then it is withdrawn, never removed
    withdrawn: Mapping[str, Any]  # the fields a withdrawal sets


PAIR_ENTRIES = _Entrant("pair", False, ("player1", "player2"), lambda f: f.pairs, _pair_of,
                 lambda f, code: paired_in(f.rounds, code), {"active": False,
                                                             "withdrawn_reason": WithdrawnReason.withdrew})
PLAYER_ENTRIES = _Entrant("player", True, ("name",), lambda f: f.players, _player_of,
                   lambda f, code: seated_in(f.seatings, code), {"active": False})


def _entry(kind: _Entrant, f: _Fold, a: Mapping[str, Any], seq: int) -> tuple[str, Any]:
    """The code the action names and its entry (``unknown_pair`` when it is none)."""
    code = _get(a, seq, kind.field, str)
    entry = kind.entries(f).get(code)
    if entry is None:
        raise StateError(seq, "unknown_pair", code)
    return code, entry


def _on_added(kind: _Entrant, f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    code = _get(a, seq, kind.field, str)
    if code in kind.entries(f) or f.settings is None or f.settings.individual != kind.individual:
        raise StateError(seq, "bad_action", code)
    kind.entries(f)[code] = kind.make(code, a, seq)


def _on_edited(kind: _Entrant, f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    code, entry = _entry(kind, f, a, seq)
    changed = {key: _get(a, seq, key, str) for key in (*kind.names, "club")}
    if any(changed[key] != getattr(entry, key) for key in kind.names) and kind.placed_in(f, code):
        raise StateError(seq, "bad_action", code)  # its names are in the records of the matches it sat at
    kind.entries(f)[code] = entry._replace(**changed)


def _on_removed(kind: _Entrant, f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    code, _ = _entry(kind, f, a, seq)
    _get(a, seq, "reason", str)
    if kind.placed_in(f, code):
        raise StateError(seq, "bad_action", code)  # an entry that sat in a round is withdrawn, never removed
    del kind.entries(f)[code]
    f.withdrawals.pop(code, None)


def _on_withdrawn(kind: _Entrant, f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    code, entry = _entry(kind, f, a, seq)
    if not entry.active:
        raise StateError(seq, "bad_action", code)
    kind.entries(f)[code] = entry._replace(**kind.withdrawn)
    f.withdrawals[code] = _get(a, seq, "reason", str)


def paired_in(rounds: Sequence[Round], code: str) -> list[int]:
    """The rounds *code* was paired in (at a table or with the bye)."""
    return [r.number for r in rounds
            if r.bye == code or code in r.requested or any(code in (t.ew, t.ns) for t in r.tables)]


def _next_round(f: _Fold, a: Mapping[str, Any], seq: int) -> int:
    """The number of the round the action places: the next, once the last is closed."""
    number: int = _get(a, seq, "round", int)
    if number != len(f.rounds) + 1 or (f.rounds and f.rounds[-1].status is not RoundStatus.closed):
        raise StateError(seq, "round_order", str(number))
    return number


def _codes(kind: _Entrant, f: _Fold, seq: int, codes: Any) -> tuple[str, ...]:
    """*codes* (a list of the action's), each an entry of *kind*."""
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        raise StateError(seq, "bad_action", kind.field)
    for code in codes:
        if code not in kind.entries(f):
            raise StateError(seq, "unknown_pair", code)
    return tuple(codes)


def _tables(a: Mapping[str, Any], seq: int) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = _get(a, seq, "tables", list)
    if not all(isinstance(t, dict) for t in tables):
        raise StateError(seq, "bad_action", "tables")
    return tables


def _on_round_seated(f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    number = _next_round(f, a, seq)
    seated = [Seating(_get(t, seq, "table", int), _get(t, seq, "match", str),
                      _codes(PLAYER_ENTRIES, f, seq, _get(t, seq, "players", list))) for t in _tables(a, seq)]
    out = _codes(PLAYER_ENTRIES, f, seq, _get(a, seq, "sitting_out", list))
    f.seatings.append(SeatedRound(number, tuple(seated), out))
    # the round's status, its close and its matches are kept as a pair round's are (no pairs at its tables)
    f.rounds.append(Round(number, tuple(Table(t.number, t.match_id, "", "") for t in seated), None,
                          RoundStatus.open))


def _on_round_paired(f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    number = _next_round(f, a, seq)
    tables = [Table(_get(t, seq, "table", int), _get(t, seq, "match", str), *_codes(
        PAIR_ENTRIES, f, seq, [_get(t, seq, "ew", str), _get(t, seq, "ns", str)])) for t in _tables(a, seq)]
    bye = a.get("bye")
    if bye is not None:
        _codes(PAIR_ENTRIES, f, seq, [_get(a, seq, "bye", str)])
    if number == 1:
        f.roster = tuple(code for code, p in f.pairs.items() if p.active)
    reason = a.get("reason")
    if reason is not None:
        f.pairing_notes[number] = _get(a, seq, "reason", str)
    requested = a.get("requested", [])
    if not isinstance(requested, list) or not all(isinstance(c, str) for c in requested):
        raise StateError(seq, "bad_action", "requested")
    f.rounds.append(Round(number, tuple(tables), bye, RoundStatus.open, _codes(PAIR_ENTRIES, f, seq, requested)))


def _on_round_unpaired(f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    number = _get(a, seq, "round", int)
    _get(a, seq, "reason", str)
    if not f.rounds or f.rounds[-1].number != number or f.rounds[-1].status is RoundStatus.closed:
        raise StateError(seq, "round_order", str(number))
    if any(r.round == number for r in f.results.values()):
        raise StateError(seq, "bad_action", "round")  # a round with a result entered is not taken back
    f.rounds.pop()
    if len(f.seatings) > len(f.rounds):
        f.seatings.pop()
    f.pairing_notes.pop(number, None)
    if number == 1:
        f.roster = ()


def _table_of(f: _Fold, a: Mapping[str, Any], seq: int) -> tuple[int, int, str]:
    number, table, match = _get(a, seq, "round", int), _get(a, seq, "table", int), _get(a, seq, "match", str)
    rnd = next((r for r in f.rounds if r.number == number), None)
    if rnd is None or not any(t.number == table and t.match_id == match for t in rnd.tables):
        raise StateError(seq, "bad_action", match)
    return number, table, match


def _on_result_set(f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    number, table, match = _table_of(f, a, seq)
    try:
        kind = ResultKind(_get(a, seq, "kind", str))
    except ValueError:
        raise StateError(seq, "bad_action", "kind") from None
    ew, ns = _get(a, seq, "ew", int), _get(a, seq, "ns", int)
    side = _optional(a, seq, "side", str)
    if ew < 0 or ns < 0 or side not in (None, "EW", "NS"):
        raise StateError(seq, "bad_action", match)
    scores = a.get("scores", [])
    if not isinstance(scores, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
        raise StateError(seq, "bad_action", "scores")
    result = DirectorResult(match, number, table, kind, ew, ns, side, _get(a, seq, "reason", str), seq,
                            scores=tuple(scores))
    f.results[match] = result
    f.result_log.append(result)


def _on_result_cleared(f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    number, table, match = _table_of(f, a, seq)
    if f.results.pop(match, None) is None:
        raise StateError(seq, "bad_action", match)
    f.result_log.append(DirectorResult(match, number, table, ResultKind.score, 0, 0, None,
                                       _get(a, seq, "reason", str), seq, cleared=True))


def _on_round_closed(f: _Fold, a: Mapping[str, Any], seq: int) -> None:
    number = _get(a, seq, "round", int)
    if not f.rounds or f.rounds[-1].number != number or f.rounds[-1].status is RoundStatus.closed:
        raise StateError(seq, "round_order", str(number))
    rulings = []
    for r in _get(a, seq, "rulings", list):
        if not isinstance(r, dict):
            raise StateError(seq, "bad_action", "rulings")
        rulings.append(Ruled(_get(r, seq, "match", str), _get(r, seq, "seq", int), _get(r, seq, "team", str)))
    heads = {}
    for mid, h in _get(a, seq, "heads", dict).items():
        if not isinstance(h, dict):
            raise StateError(seq, "bad_action", "heads")
        heads[mid] = Head(_get(h, seq, "entries", int), _get(h, seq, "hash", str))
    f.closes[number] = Close(number, bool(_get(a, seq, "forced", bool)), _get(a, seq, "reason", str),
                             tuple(rulings), heads, seq)
    f.rounds[-1] = f.rounds[-1]._replace(status=RoundStatus.closed)


_HANDLERS: dict[str, Callable[[_Fold, Mapping[str, Any], int], None]] = {
    CREATED: _on_created,
    SETTINGS_CHANGED: _on_settings_changed,
    **{action: partial(handler, kind) for kind, actions in (
        (PAIR_ENTRIES, (PAIR_ADDED, PAIR_EDITED, PAIR_REMOVED, PAIR_WITHDRAWN)),
        (PLAYER_ENTRIES, (PLAYER_ADDED, PLAYER_EDITED, PLAYER_REMOVED, PLAYER_WITHDRAWN)))
       for action, handler in zip(actions, (_on_added, _on_edited, _on_removed, _on_withdrawn), strict=True)},
    ROUND_PAIRED: _on_round_paired,
    ROUND_CLOSED: _on_round_closed,
    ROUND_UNPAIRED: _on_round_unpaired,
    RESULT_SET: _on_result_set,
    RESULT_CLEARED: _on_result_cleared,
    ROUND_SEATED: _on_round_seated,
}


def replay(actions: Sequence[Mapping[str, Any]]) -> EventState:
    """The state after *actions* (the log's, in order; the first is seq 1); a ``StateError`` naming the
    entry where one does not fit."""
    f = _Fold()
    for seq, action in enumerate(actions, 1):
        handler = _HANDLERS.get(str(action.get("action")))
        if handler is None:
            raise StateError(seq, "unknown_action", str(action.get("action")))
        if f.settings is None and handler is not _on_created:
            raise StateError(seq, "no_event")
        handler(f, action, seq)
    if f.settings is None:
        raise StateError(1, "no_event")
    return EventState(f.settings, tuple(f.pairs.values()), tuple(f.rounds), dict(f.closes), dict(f.withdrawals),
                      f.roster, dict(f.results), tuple(f.result_log), dict(f.pairing_notes), tuple(f.players.values()),
                      tuple(f.seatings))
