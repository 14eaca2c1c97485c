"""The director's operations on an event: create it, enter and withdraw pairs, pair a round (creating
its matches), close a round. Each is checked whole before anything is written, then stored as one
append to the event's log (``referee.store.eventlog``), under the log's lock.

Every argument a user gives is checked here (``referee.core.names``) and every refusal is a project error
naming the pair, the player, the round or the match, in both languages; nothing is stored by a
refused operation. Pairing writes the round's matches first and its log entry last: a crash between
the two leaves matches the log does not list yet, and pairing again (the same state pairs the same
way) takes those matches over when they are exactly what it would create.
"""

from __future__ import annotations

import contextlib
import datetime
import unicodedata
from collections.abc import Callable, Sequence
from typing import NamedTuple

from referee.app.entrants import PAIR_ENTRANTS, editing, finished_refuses, required_reason, unknown_pair
from referee.core.errors import RefereeError, UsageError
from referee.core.i18n import MN, M, Msg
from referee.core.names import NAME_MAX, check_id, check_text
from referee.games import registry
from referee.games.api import AnyEvent, Game
from referee.games.stored import game_of_events, header_of_events
from referee.results.eventresults import standings_of, summaries_of, summary_cache
from referee.results.eventstate import event_session, event_state
from referee.store.api import MatchStore, SummariesRepo
from referee.store.store import DuplicateMatch, StoreError
from referee.store.summaries import Cached, Progress
from referee.tournament.model import DirectorResult, EventFormat, Pair, ResultKind, Round, RoundStatus, Table
from referee.tournament.pairing import (
    PairingFailure,
    PairingProblem,
    SwissPairing,
    accelerated,
    round_robin,
    swiss_round,
)
from referee.tournament.seating import seat_players
from referee.tournament.standings import table_outcome
from referee.tournament.state import (
    EventState,
    Head,
    Ruled,
    created,
    pair_added,
    pair_edited,
    paired_in,
    result_cleared,
    result_set,
    round_closed,
    round_paired,
    round_unpaired,
    settings_changed,
)

FORMATS = {"swiss": EventFormat.swiss, "round-robin": EventFormat.round_robin,
           "round_robin": EventFormat.round_robin}


def match_id(event_id: str) -> Callable[[int, int], str]:
    """The ids of an event's matches: ``EVENT-R<round>-T<table>``."""
    return lambda rnd, table: f"{event_id}-R{rnd}-T{table}"


# --- creating an event ----------------------------------------------------------------------------

def _scoring_problem(name: str, e: Exception) -> Msg:
    from referee.tournament.scoring import ScoringError, ScoringProblem, available

    if not isinstance(e, ScoringError):
        return M("--scoring {scoring}: cannot be used", scoring=name)
    words: dict[ScoringProblem, Msg] = {
        ScoringProblem.not_found: M("no bundled scoring of that name and no such file (bundled: {known:list})"),
        ScoringProblem.not_toml: M("{file} is not a readable TOML file"),
        ScoringProblem.unknown_key: M("{file}: unknown key '{key}'"),
        ScoringProblem.missing_key: M("{file}: key '{key}' is missing"),
        ScoringProblem.bad_type: M("{file}: key '{key}' has a value of the wrong type"),
        ScoringProblem.bad_value: M("{file}: key '{key}' has a value that cannot be used"),
        ScoringProblem.duplicate: M("{file}: '{key}' names a criterion twice"),
        ScoringProblem.lot_not_last: M("{file}: in '{key}' the lot can only come last"),
        ScoringProblem.base_cycle: M("{file}: its base leads back to itself"),
    }
    problem = words[e.problem].bind(file=e.file, key=e.key, known=available())
    return M("--scoring {scoring}: {problem}", scoring=name, problem=problem)


def new_event(store: MatchStore, event_id: str, *, name: str, rules: str, fmt: str, rounds: int | None,
              scoring: str | None, date: str | None, venue: str | None, seed: int | None,
              referee: str | None = None, confirmation_required: bool = False) -> EventState:
    """Create the event's log with its settings; everything is checked before the file is made. Without a
    *scoring*: ``club``, or for a round robin ``robin`` (its tie-breaks head-to-head and Sonneborn-Berger).
    *confirmation_required*: every settled hand is to be confirmed by a side, and the close names those that
    were not (off: a club that never confirms hears nothing of it)."""
    from referee.tournament import scoring as scorings

    event_id = check_id(event_id, "EVENT")
    name = check_text(name, "--name", NAME_MAX).strip()
    if not name:
        raise UsageError(M("--name: the event needs a name"))
    form = FORMATS.get(fmt.strip().lower())
    if form is None:
        raise UsageError(M("--format {value}: not a format (swiss or round-robin)", value=fmt))
    if rounds is not None and rounds < 1:
        raise UsageError(M("--rounds {value}: an event has at least 1 round",
                           value=rounds))
    if scoring is None:
        scoring = "robin" if form is EventFormat.round_robin else "club"
    if form is EventFormat.swiss and rounds is None:
        raise UsageError(M("a Swiss event needs --rounds N, the number of rounds it will have"))
    try:  # an event of pairs plays the registry's default game (its partnerships): a log names no other
        registry.game(registry.DEFAULT).load_rules(rules)
    except UsageError as e:
        raise UsageError(M("--rules {rules}: {problem}", rules=rules, problem=e.msg)) from None
    try:
        chosen = scorings.load(scoring)
    except (scorings.ScoringError, OSError) as e:
        raise UsageError(_scoring_problem(scoring, e)) from None
    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise UsageError(M("--date {value}: not a date (YYYY-MM-DD)",
                               value=date)) from None
    if venue is not None:
        venue = check_text(venue, "--venue", NAME_MAX)
    if seed is not None and seed < 0:
        raise UsageError(M("--seed {value}: a whole number from 0",
                           value=seed))
    import random

    lot = seed if seed is not None else random.SystemRandom().randrange(2**31)
    action = created(event_id, name, rules, form, rounds, chosen, date, venue, seed, lot,
                     confirmation_required=confirmation_required)
    with event_session(store.event_log(event_id), create=True) as s:
        return s.append([action], referee)


def change_settings(store: MatchStore, event_id: str, *, confirmation_required: bool, reason: str = "",
                    referee: str | None = None) -> EventState:
    """Change a setting of the event after its creation, as one entry of its log: whether every settled hand is
    to be confirmed (``event close`` then names those that were not)."""
    reason = check_text(reason, "--reason").strip()
    with event_session(store.event_log(event_id)) as s:
        if s.state.settings.confirmation_required == confirmation_required:
            raise UsageError(M("event {event} already requires every settled hand to be confirmed: nothing changed",
                               event=event_id)
                             if confirmation_required else
                             M("event {event} already leaves the confirmation of hands optional: nothing changed",
                               event=event_id))
        return s.append([settings_changed(confirmation_required=confirmation_required, reason=reason)], referee)


# --- pairs ---------------------------------------------------------------------------------------------

def _person(name: str) -> str:
    """A player's name as compared between pairs: full-width folded, any case, no spaces."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def checked_pair(code: str, player1: str, player2: str, club: str = "", *, newcomer: bool = False,
                 rating: int | None = None) -> Pair:
    """A pair from the command line, every part checked (the usage error names the argument)."""
    code = check_id(code, "PAIR")
    names = []
    for what, value in (("PLAYER1", player1), ("PLAYER2", player2)):
        value = unicodedata.normalize("NFC", check_text(value, what, NAME_MAX).strip())
        if not value:
            raise UsageError(M("{what}: a player needs a name", what=what))
        names.append(value)
    club = unicodedata.normalize("NFC", check_text(club, "--club", NAME_MAX).strip())
    if rating is not None and rating < 0:
        raise UsageError(M("--rating {value}: a whole number from 0",
                           value=rating))
    return Pair(code, names[0], names[1], club, newcomer=newcomer, rating=rating)


def add_pairs(store: MatchStore, event_id: str, pairs: Sequence[Pair], referee: str | None = None,
              source: str | None = None, *, force: bool = False, reason: str = "") -> EventState:
    """Enter *pairs* (one, or an entries file's) in one append: refused whole when a code is taken or
    a player already plays in another pair, naming them; refused by a finished event unless *force*,
    with the *reason* kept in each entry."""
    reason = check_text(reason, "--reason").strip()
    if force and not reason:
        raise UsageError(M("--force needs --reason TEXT: it is kept in the event's log"))
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        finished_refuses(state, force, M("no pair can join"))
        if state.settings.format is EventFormat.round_robin and state.rounds:
            raise RefereeError(M("pair {pair} cannot join: the round robin's schedule was fixed when round 1 was "
                                 "paired",
                                 pair=pairs[0].code if pairs else "-"))
        most = state.settings.scoring.most_entries
        if len(state.pairs) + len(pairs) > most:
            raise RefereeError(M("event {event} takes at most {most} pairs (entries.most of its scoring {scoring}): "
                                 "{n} entered, {adding} more refused; nothing was entered",
                                 event=event_id, most=most, scoring=state.settings.scoring.name, n=len(state.pairs),
                                 adding=len(pairs)))
        codes = {p.code: p for p in state.pairs}
        players = {_person(n): p.code for p in state.pairs for n in (p.player1, p.player2)}
        problems: list[Msg] = []
        for p in pairs:
            if p.code in codes:
                have = codes[p.code]
                problems.append(M("pair {pair} is already entered ({player1}, {player2})",
                                  pair=p.code, player1=have.player1, player2=have.player2))
            if _person(p.player1) == _person(p.player2):
                problems.append(M("{player} is named as both players of pair {pair}", player=p.player1, pair=p.code))
            for name in dict.fromkeys((p.player1, p.player2)):
                other = players.get(_person(name))
                if other is not None and other != p.code:
                    problems.append(M("{player} already plays in pair {other}: a player enters one pair only "
                                      "(pair {pair} not entered)",
                                      player=name, other=other, pair=p.code))
            codes[p.code] = p
            for name in (p.player1, p.player2):
                players.setdefault(_person(name), p.code)
        if problems:
            raise RefereeError(_joined(problems, source))
        return s.append([pair_added(p, reason if state.final else "") for p in pairs], referee)


def edit_pair(store: MatchStore, event_id: str, code: str, *, player1: str | None = None, player2: str | None = None,
              club: str | None = None, reason: str = "", force: bool = False,
              referee: str | None = None) -> tuple[Pair, EventState]:
    """Correct an entry's players or club, as one entry of the event's log: the players only while the
    pair has not been paired (its matches carry their names); (the pair before, the state after)."""
    nothing = M("nothing to change: give --player1, --player2 or --club") \
        if player1 is None and player2 is None and club is None else None
    with editing(store, event_id, code, reason, force, PAIR_ENTRANTS, nothing) as (s, pair, reason):
        state = s.state
        edited = checked_pair(code, pair.player1 if player1 is None else player1,
                              pair.player2 if player2 is None else player2, pair.club if club is None else club)
        rounds = paired_in(state.rounds, code)
        if rounds and (edited.player1, edited.player2) != (pair.player1, pair.player2):
            raise RefereeError(MN("pair {pair} was paired in round {rounds:list}: its players are in that round's "
                                  "match records and cannot change (the club can)",
                                  "pair {pair} was paired in rounds {rounds:list}: its players are in those rounds' "
                                  "match records and cannot change (the club can)", len(rounds),
                                  pair=code, rounds=rounds))
        others = {_person(n): p.code for p in state.pairs if p.code != code for n in (p.player1, p.player2)}
        problems: list[Msg] = []
        if _person(edited.player1) == _person(edited.player2):
            problems.append(M("{player} is named as both players of pair {pair}", player=edited.player1, pair=code))
        for name in dict.fromkeys((edited.player1, edited.player2)):
            other = others.get(_person(name))
            if other is not None:
                problems.append(M("{player} already plays in pair {other}: a player enters one pair only "
                                  "(pair {pair} not changed)",
                                  player=name, other=other, pair=code))
        if problems:
            raise RefereeError(_joined(problems, None))
        if (edited.player1, edited.player2, edited.club) == (pair.player1, pair.player2, pair.club):
            raise UsageError(M("pair {pair} already has these players and club: nothing changed", pair=code))
        return pair, s.append([pair_edited(edited, reason)], referee)


def _joined(problems: list[Msg], source: str | None) -> Msg:
    if len(problems) == 1 and source is None:
        return problems[0]
    head = M("nothing entered: {n} problems", n=len(problems)) if source is None \
        else M("{file}: nothing entered: {n} problems", file=source,
               n=len(problems))
    out = head
    for p in problems:
        out = Msg("{first}\n  {rest}", (("first", out), ("rest", p)))
    return out


# --- pairing a round --------------------------------------------------------------------------------

class Paired(NamedTuple):
    round: Round
    swiss: SwissPairing | None  # the Swiss pairing with its explanation (None: a round robin, or changed by hand)
    state: EventState
    override: Override | None = None  # the pairing changed by hand (--swap, --set)


def next_round(store: MatchStore, state: EventState, cache: SummariesRepo,
               requested: Sequence[str] = ()) -> tuple[Round, SwissPairing | None]:
    """The next round of *state*, paired (nothing stored), *requested* sitting it out at their request;
    refused when it cannot be paired now."""
    settings = state.settings
    current = state.current
    if current is not None and current.status is RoundStatus.open:
        raise RefereeError(M("round {round} of event {event} is still open: close it first "
                             "(referee event close {event})",
                             round=current.number, event=settings.id))
    planned = state.planned
    if planned is not None and len(state.rounds) >= planned:
        raise RefereeError(MN("event {event} is finished: its {n} round is played and closed, the standings are "
                              "final (referee event standings {event})",
                              "event {event} is finished: its {n} rounds are played and closed, the standings are "
                              "final (referee event standings {event})", planned,
                              event=settings.id))
    active = tuple(p for p in state.active if p.code not in requested)
    if len(active) < 2:
        raise RefereeError(M("pairing needs at least 2 active pairs; event {event} has {n}",
                             event=settings.id, n=len(active)))
    ids = match_id(settings.id)
    number = len(state.rounds) + 1
    if settings.format is EventFormat.round_robin:
        return _robin_round(state, number, ids), None
    standings = standings_of(state, cache) if state.rounds else None
    pairs = [p._replace(active=False) if p.code in requested else p for p in state.pairs]
    scoring = settings.scoring
    virtual = accelerated(pairs, settings.seed, max(scoring.match_points.values())) \
        if number <= scoring.accelerated_rounds else None
    got = swiss_round(pairs, state.rounds, standings, settings.seed, match_id=ids,
                      avoid_club=scoring.avoid_same_club, halves=scoring.round1 == "halves", virtual=virtual)
    if isinstance(got, PairingFailure):
        if got.problem is PairingProblem.too_few_pairs:
            raise RefereeError(M("pairing needs at least 2 active pairs; event {event} has {n}",
                                 event=settings.id, n=len(got.unpaired)))
        raise RefereeError(M("round {round} cannot be paired without a rematch: {pairs:list} would be left without "
                             "a table",
                             round=number, pairs=list(got.unpaired)))
    return got.as_round()._replace(requested=tuple(requested)), got


def _robin_round(state: EventState, number: int, ids: Callable[[int, int], str]) -> Round:
    """Round *number* of the Berger schedule of the pairs entered when round 1 was paired; a table of
    a pair withdrawn since is left out (its opponent sits the round out), and so is its bye."""
    roster = state.roster if state.rounds else tuple(p.code for p in state.active)
    by_code = {p.code: p for p in state.pairs}
    schedule = round_robin([by_code[c]._replace(active=True) for c in roster], ids)
    planned = schedule[number - 1]
    active = {p.code for p in state.active}
    kept = [t for t in planned.tables if t.ew in active and t.ns in active]
    tables = tuple(Table(i, ids(number, i), t.ew, t.ns) for i, t in enumerate(kept, 1))
    bye = planned.bye if planned.bye in active else None
    return Round(number, tables, bye, RoundStatus.open)


def as_created(game: Game, events: Sequence[AnyEvent]) -> list[tuple[object, ...]]:
    """A match's events as pairing compares them: the header by what pairing wrote of it (id, rules, date, event,
    table, round: not the pin the store added, ``referee.store.pinning``), every other event as it is, no line."""
    header = game.header(events[:1])
    head = [] if header is None else [(header.id, header.rules, header.date, header.event, header.table,
                                       header.round)]
    return head + [tuple(ev._replace(line=0)) for ev in events[1 if header is not None else 0:]]


def match_events(state: EventState, table: Table, number: int) -> list[AnyEvent]:
    """A table's match as created: the header (event, round, table, rules), the pairs' codes as the sides'
    names, the players in their seats (``referee.tournament.seating``, as the table cards print them), written
    and read back by the event's game (``app.newmatch``)."""
    from referee.app.newmatch import match_events as new_match

    settings = state.settings
    game = registry.game(settings.game)
    by_code = {p.code: p for p in state.pairs}
    seats = seat_players(table, by_code)
    fields = (("date", settings.date or datetime.date.today().isoformat()), ("event", settings.name),
              ("table", str(table.number)), ("round", str(number)))
    return new_match(game, table.match_id, settings.rules, [seats[seat] for seat in game.seats], fields,
                     teams=(table.ew, table.ns))


class Override(NamedTuple):
    """A pairing changed by hand: the round as the program paired it, and the pairs that meet again."""

    before: Round
    rematches: tuple[tuple[str, str], ...]


def _swap(state: EventState, rnd: Round, a: str, b: str) -> Round:
    """Two pairs exchange their places (seat, table or bye); or, for two tables ``T2 T5``, their NS pairs."""
    seats: list[list[str]] = [[t.ew, t.ns] for t in rnd.tables]
    bye = rnd.bye
    codes = {c for t in seats for c in t} | ({bye} if bye else set())

    def place(code: str) -> tuple[int, int] | None:
        for i, (ew, ns) in enumerate(seats):
            if code in (ew, ns):
                return i, 0 if code == ew else 1
        return None

    if a in codes and b in codes:
        pa, pb = place(a), place(b)
        for where, other in ((pa, b), (pb, a)):
            if where is None:
                bye = other
            else:
                seats[where[0]][where[1]] = other
    else:
        numbers = []
        for token in (a, b):
            n = token[1:] if token[:1] in ("T", "t") else ""
            if not n.isdigit() or not 1 <= int(n) <= len(seats):
                raise UsageError(M("--swap {a} {b}: {token} is neither a pair of round {round} nor one of its tables "
                                   "(T1 to T{last})",
                                   a=a, b=b, token=token, round=rnd.number, last=len(seats)))
            numbers.append(int(n) - 1)
        i, j = numbers
        if i == j:
            raise UsageError(M("--swap {a} {b}: the same table twice", a=a, b=b))
        seats[i][1], seats[j][1] = seats[j][1], seats[i][1]
    return rnd._replace(tables=tuple(t._replace(ew=ew, ns=ns) for t, (ew, ns) in zip(rnd.tables, seats, strict=True)),
                        bye=bye)


def _set(state: EventState, rnd: Round, tables: Sequence[str], ids: Callable[[int, int], str],
         cache: SummariesRepo) -> Round:
    """Tables by hand (see ``pair_round``); the pairs sitting the round out at their request stay out."""
    return _set_tables(state, rnd, tables, ids, cache)._replace(requested=rnd.requested)


def _set_tables(state: EventState, rnd: Round, tables: Sequence[str], ids: Callable[[int, int], str],
                cache: SummariesRepo) -> Round:
    """Tables given by hand (``EW-NS`` each, in table order); the pairs not named paired by the program
    among themselves (the Swiss rules), after them."""
    active = {p.code for p in state.active if p.code not in rnd.requested}
    named: list[tuple[str, str]] = []
    seen: set[str] = set()
    for text in tables:
        parts = [x.strip() for x in text.split("-")]
        if len(parts) != 2 or not all(parts):
            raise UsageError(M("--set {value}: a table is EW-NS, two pair codes (e.g. A1-B2)", value=text))
        for code in parts:
            if code not in active:
                raise UsageError(M("--set {value}: {pair} is not a pair playing in event {event} (playing: "
                                   "{pairs:list})",
                                   value=text, pair=code, event=state.settings.id,
                                   pairs=sorted(active)[:12] or ["-"]))
            if code in seen:
                raise UsageError(M("--set: pair {pair} is named twice", pair=code))
            seen.add(code)
        named.append((parts[0], parts[1]))
    rest = [p._replace(active=p.active and p.code not in seen and p.code not in rnd.requested) for p in state.pairs]
    left = [p.code for p in rest if p.active]
    bye: str | None = None
    more: list[Table] = []
    if len(left) == 1:
        bye = left[0]
    elif left:
        standings = standings_of(state, cache) if state.rounds else None
        got = swiss_round(rest, state.rounds, standings, state.settings.seed, match_id=ids,
                          avoid_club=state.settings.scoring.avoid_same_club)
        if isinstance(got, PairingFailure):
            raise RefereeError(M("the pairs not named by --set ({pairs:list}) cannot be paired without a rematch",
                                 pairs=left))
        more, bye = list(got.tables), got.bye
    all_tables = [*named, *((t.ew, t.ns) for t in more)]
    return Round(rnd.number, tuple(Table(i, ids(rnd.number, i), ew, ns) for i, (ew, ns) in enumerate(all_tables, 1)),
                 bye, RoundStatus.open)


def _creation_only(store: MatchStore, match_id: str) -> bool:
    """A stored match that holds only what pairing (or seating) created: its header, the sides' names and the
    seats, as its game tells them from play (``Game.setup``)."""
    entries = store.entries(match_id)
    events = store.events(match_id)
    game = game_of_events(events)
    return game is not None and len(entries) == len(events) and all(game.setup(ev) for ev in events)


def ours(store: MatchStore, match_id: str, state: EventState, number: int) -> bool:
    """A stored match this event's pairing of round *number* created (its header says so) and nothing
    was recorded in since: what an unpaired round leaves behind."""
    header = header_of_events(store.events(match_id))
    return (header is not None and header.event == state.settings.name
            and header.round == str(number) and _creation_only(store, match_id))


def _by_hand_allowed(state: EventState, byes: Sequence[str], changed: bool) -> None:
    """Requested byes name pairs still playing; a round robin takes neither byes nor changes by hand."""
    event_id = state.settings.id
    for code in byes:
        pair = state.pair(code)
        if pair is None:
            raise unknown_pair(state, code)
        if not pair.active:
            raise UsageError(M("--bye {pair}: the pair has withdrawn", pair=code))
    if byes and state.settings.format is EventFormat.round_robin:
        raise RefereeError(M("event {event} is a round robin: its schedule gives the byes; --bye is for Swiss "
                             "rounds", event=event_id))
    if changed and state.settings.format is EventFormat.round_robin:
        raise RefereeError(M("event {event} is a round robin: its schedule is fixed (Berger tables); --swap and "
                             "--set are for Swiss rounds",
                             event=event_id))


def pair_round(store: MatchStore, event_id: str, referee: str | None = None, *, dry_run: bool = False,
               swaps: Sequence[tuple[str, str]] = (), sets: Sequence[str] = (), reason: str = "",
               byes: Sequence[str] = (), by_rating: bool = False) -> Paired:
    """Pair the next round, create its matches, then record the round in the log. *dry_run*: nothing
    stored, the round as it would be. *swaps* (two pairs, or two tables whose NS pairs trade places) and
    *sets* (tables ``EW-NS`` given by hand, the rest paired by the program) change it by hand, with the
    *reason* kept in the log. *byes*: pairs sitting this round out at their request (a Swiss round).
    *by_rating*: round 1 seeded by the players' ratings on the store's ladder (``app.ratings.seeded``)."""
    reason = check_text(reason, "--reason").strip()
    if (swaps or sets) and not reason and not dry_run:
        raise UsageError(M("--swap and --set need --reason TEXT: it is kept in the event's log"))
    log = store.event_log(event_id)
    with event_session(log) as s:
        state = s.state
        if by_rating:
            from referee.app.ratings import seeded

            state = seeded(store, state)
        cache = summary_cache(store, event_id)
        _by_hand_allowed(state, byes, bool(swaps or sets))
        rnd, swiss = next_round(store, state, cache, tuple(dict.fromkeys(byes)))
        before = rnd
        ids = match_id(state.settings.id)
        if sets:
            rnd = _set(state, rnd, sets, ids, cache)
        for a, b in swaps:
            rnd = _swap(state, rnd, a, b)
        override = None
        if rnd != before:
            swiss = None  # the program's explanation no longer describes the round
            met = {frozenset((t.ew, t.ns)) for r in state.rounds for t in r.tables}
            override = Override(before, tuple((t.ew, t.ns) for t in rnd.tables if frozenset((t.ew, t.ns)) in met))
        if dry_run:
            return Paired(rnd, swiss, state, override)
        wanted = {t.match_id: match_events(state, t, rnd.number) for t in rnd.tables}
        listed = {t.match_id for r in state.rounds for t in r.tables}
        missing, replacing = [], []
        for mid, events in wanted.items():
            if store.exists(mid):
                game = registry.game(state.settings.game)
                if as_created(game, store.events(mid)) == as_created(game, events):  # created as paired
                    continue
                if mid not in listed and ours(store, mid, state, rnd.number):  # a round unpaired, paired afresh
                    replacing.append(events)
                    continue
                raise DuplicateMatch(M("match {match} is already in the store and is not round {round}'s table "
                                       "as paired: nothing paired (rename or remove that match first)",
                                       match=mid, round=rnd.number))
            missing.append(events)
        if missing:
            store.create_all(missing, referee)
        for events in replacing:
            store.create(list(events), referee, replace=True)
        after = s.append([round_paired(rnd, reason if override is not None else "")], referee)
        cache.save()
    return Paired(rnd, swiss, after, override)


def unpair_round(store: MatchStore, event_id: str, reason: str, referee: str | None = None) -> tuple[Round, EventState]:
    """Take the current round back while none of its matches holds an entry past its creation and no
    result was entered for it: its matches stay in the store, unused until it is paired again."""
    reason = required_reason(reason, M("--reason: say why the round is unpaired (it is kept in the event's log)"))
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        rnd = state.current
        if rnd is None or rnd.status is RoundStatus.closed:
            raise RefereeError(M("event {event} has no open round to unpair", event=event_id))
        used = [t.match_id for t in rnd.tables
                if t.match_id in state.results or (store.exists(t.match_id) and not _creation_only(store, t.match_id))]
        if used:
            raise RefereeError(M("round {round} cannot be unpaired: {matches:list} already hold entries (or a "
                                 "result); nothing changed",
                                 round=rnd.number, matches=used))
        return rnd, s.append([round_unpaired(rnd.number, reason)], referee)


# --- results without hand records ----------------------------------------------------------------------

def table_of(state: EventState, table: int, round_number: int | None) -> tuple[Round, Table]:
    """The table *table* of round *round_number* (the current round by default), or a usage error."""
    event = state.settings.id
    rnd = state.current if round_number is None else state.round(round_number)
    if rnd is None:
        if round_number is None:
            raise UsageError(M("event {event} has no round paired yet (referee event pair {event})", event=event))
        raise UsageError(M("--round {n}: event {event} has no such round (rounds paired: {paired})",
                           n=round_number, event=event, paired=len(state.rounds)))
    found = next((t for t in rnd.tables if t.number == table), None)
    if found is None:
        raise UsageError(M("TABLE {table}: round {round} of event {event} has tables 1 to {last}",
                           table=table, round=rnd.number, event=event, last=len(rnd.tables)))
    return rnd, found


def _side(state: EventState, t: Table, given: str, what: str) -> str:
    """A side named by EW/NS or by the code of the pair sitting there."""
    word = given.strip()
    if word.upper() in ("EW", "NS"):
        return word.upper()
    if word in (t.ew, t.ns):
        return "EW" if word == t.ew else "NS"
    raise UsageError(M("{what} {side}: not a side of table {table} (EW = {ew}, NS = {ns})",
                       what=what, side=given, table=t.number, ew=t.ew, ns=t.ns))


def _two(text: str, what: str) -> tuple[int, int]:
    """``2:1`` as (2, 1); a usage error naming *what* otherwise."""
    parts = text.strip().split(":")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise UsageError(M("{what} {value}: not two whole numbers A:B (e.g. 2:1)", what=what, value=text))
    return int(parts[0]), int(parts[1])


class Entered(NamedTuple):
    result: DirectorResult
    after_close: bool  # the round was closed: a correction after its close
    state: EventState
    over_record: tuple[int, int] | None = None  # the games EW:NS of the match's finished record it stands over


def _finished_record(store: MatchStore, event_id: str, match_id: str) -> tuple[int, int] | None:
    """The games EW:NS of *match_id*'s record when it is finished (a director's result then stands over a played
    match: the director is told), else None — also when it cannot be read (the standings say why)."""
    if not store.exists(match_id):
        return None
    try:
        summary = summary_cache(store, event_id).get(match_id).summary
    except StoreError:
        return None
    o = table_outcome(summary)
    return (o.ew, o.ns) if summary.finished and not summary.forfeit else None


def enter_result(store: MatchStore, event_id: str, table: int, *, round_number: int | None = None,
                 score: tuple[str, str] | None = None, forfeit: str | None = None, no_show: str | None = None,
                 adjusted: str | None = None, reason: str = "", referee: str | None = None) -> Entered:
    """MatchStore a table's result without (or over) its hand record, as an entry of the event's log with the
    *reason*: *score* (a side and the games ``EW 2:1`` as won by that side), a *forfeit* or a *no_show* by
    a side (the other wins the rule set's games_to_win : 0), or an *adjusted* score (``EW:NS`` match
    points). It stands for the table in the standings and every list of results; a closed round takes
    one as a correction after its close."""
    reason = check_text(reason, "--reason").strip()
    given = [x for x in (score, forfeit, no_show, adjusted) if x is not None]
    if len(given) != 1:
        raise UsageError(M("give one result: SIDE A:B (e.g. EW 2:1), --forfeit SIDE, --no-show SIDE or "
                           "--adjusted EW:NS"))
    if not reason:
        raise UsageError(M("--reason: say why the result is entered by hand (it is kept in the event's log)"))
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        rnd, t = table_of(state, table, round_number)
        scoring = state.settings.scoring
        side: str | None = None
        if score is not None:
            who, games = score
            side = _side(state, t, who, "SIDE")
            won, lost = _two(games, "SCORE")
            ew, ns = (won, lost) if side == "EW" else (lost, won)
            kind = ResultKind.score
            try:
                scoring.points(won, lost)
                scoring.points(lost, won)
            except ValueError:
                raise UsageError(M("SCORE {value}: the event's scoring {scoring} has no match points for it "
                                   "(its results: {known:list})",
                                   value=games, scoring=scoring.name,
                                   known=[f"{a}:{b}" for a, b in sorted(scoring.match_points)])) from None
            side = None
        elif adjusted is not None:
            ew, ns = _two(adjusted, "--adjusted")
            kind = ResultKind.adjusted
        else:
            kind = ResultKind.forfeit if forfeit is not None else ResultKind.no_show
            what = "--forfeit" if forfeit is not None else "--no-show"
            side = _side(state, t, forfeit if forfeit is not None else str(no_show), what)
            game = registry.game(state.settings.game)
            full = game.walkover_games(game.load_rules(state.settings.rules))
            ew, ns = (0, full) if side == "EW" else (full, 0)
        result = DirectorResult(t.match_id, rnd.number, t.number, kind, ew, ns, side, reason)
        after = s.append([result_set(result)], referee)
    stored = after.results[t.match_id]
    return Entered(stored, rnd.status is RoundStatus.closed, after, _finished_record(store, event_id, t.match_id))


def clear_result(store: MatchStore, event_id: str, table: int, *, round_number: int | None = None, reason: str = "",
                 referee: str | None = None) -> EventState:
    """Take a director's result back (its match's record counts again), as an entry of the log."""
    reason = required_reason(reason, M("--reason: say why the result is taken back (it is kept in the event's log)"))
    with event_session(store.event_log(event_id)) as s:
        state = s.state
        rnd, t = table_of(state, table, round_number)
        if t.match_id not in state.results:
            raise RefereeError(M("table {table} of round {round} has no result entered by the director: nothing to "
                                 "take back",
                                 table=t.number, round=rnd.number))
        return s.append([result_cleared(rnd.number, t.number, t.match_id, reason)], referee)


# --- closing a round ----------------------------------------------------------------------------------

class Closed(NamedTuple):
    round: Round
    rulings: tuple[Ruled, ...]
    state: EventState
    left_open: tuple[Msg, ...] = ()  # disputes and appeals a forced close left open (each named)
    unconfirmed: tuple[Msg, ...] = ()  # settled hands no side confirmed (when the event requires confirmation)


class Unfinished(RefereeError):
    """A round that cannot close: matches not finished (its message words the CLI's way out, ``--force
    --reason``; *round* and *matches* let another front end word its own)."""

    def __init__(self, message: Msg, round: int, matches: list[Msg]) -> None:  # noqa: A002 - a round's number
        super().__init__(message)
        self.round = round
        self.matches = matches

    def __reduce__(self) -> tuple[type[Unfinished], tuple[object, ...]]:
        return (type(self), (self.msg, self.round, self.matches))


def close_round(store: MatchStore, event_id: str, *, force: bool = False, reason: str = "",
                referee: str | None = None) -> Closed:
    """Close the current round once every match is finished (or settled by a director's result); with
    *force*, first end each unfinished match by as many rulings as it needs (the reason in each), for the
    side §7.3.5 would favour (``preview_close`` says what that will be)."""

    reason = check_text(reason, "--reason").strip()
    if force and not reason:
        raise UsageError(M("--force needs --reason TEXT: it is recorded in each ruling that decides a match"))
    log = store.event_log(event_id)
    with event_session(log) as s, contextlib.ExitStack() as held:
        state = s.state
        rnd = state.current
        if rnd is None:
            raise RefereeError(M("event {event} has no round to close (pair round 1 first: referee event pair {event})",
                                 event=event_id))
        if rnd.status is RoundStatus.closed and state.final:
            raise RefereeError(M("round {round} of event {event} is already closed, and it was the last: the "
                                 "standings are final (referee event standings {event})",
                                 round=rnd.number, event=event_id))
        if rnd.status is RoundStatus.closed:
            raise RefereeError(M("round {round} of event {event} is already closed (pair the next: referee event pair "
                                 "{event})",
                                 round=rnd.number, event=event_id))
        for t in rnd.tables:  # no entry lands in a match between its check here and the close
            held.enter_context(store.lock_match(t.match_id))
        cache = summary_cache(store, event_id)
        got, broken = summaries_of(store, cache, state, [rnd])
        if broken:
            raise StoreError(M("round {round} cannot close: {problem}",
                               round=rnd.number, problem=next(iter(broken.values()))))
        unfinished = [t for t in rnd.tables
                      if not got[t.match_id].summary.finished and t.match_id not in state.results]
        if unfinished and not force:
            where = [_progress_text(t.match_id, got[t.match_id].progress) for t in unfinished]
            raise Unfinished(MN("round {round} cannot close: {n} match is not finished: {matches:list}. Finish "
                                "it, or close with --force --reason TEXT to decide it by a ruling",
                                "round {round} cannot close: {n} matches are not finished: {matches:list}. "
                                "Finish them, or close with --force --reason TEXT to decide each by a ruling",
                                len(unfinished),
                                round=rnd.number, matches=where), rnd.number, where)
        left_open, unconfirmed = _remarks_at_close(store, state, rnd, force)
        planned = _plans(store, unfinished, got, reason)
        level = [p.match for p in planned if p.team is None]
        if level:
            raise RefereeError(M("--force cannot decide {matches:list}: the two sides are level in games and in level. "
                                 "Record the ruling you decide (referee record MATCH ruling winner=EW|NS TEXT), then "
                                 "close again; nothing stored",
                                 matches=level))
        plans = [(p.match, str(p.team), p.lines) for p in planned]
        from referee.app.recording import record

        rulings: list[Ruled] = []
        for mid, team, lines in plans:
            game = registry.game(state.settings.game)
            reading = game.read_lines(enumerate(lines, 1))
            if reading.errors:  # a reason the game's notation cannot hold
                raise UsageError(M("--reason: {problem}", problem=reading.errors[0].msg))
            done = record(store, mid, reading.events, referee)
            rulings += [Ruled(mid, int(e["seq"]), team) for e in done.entries]
        got = cache.get_many(t.match_id for t in rnd.tables)
        heads = {mid: Head(c.summary.entries, c.summary.head) for mid, c in got.items()}
        after = s.append([round_closed(rnd.number, force and bool(plans), reason, rulings, heads)], referee)
        store.witness(heads)  # the index keeps them too: a second witness for `referee verify`
        cache.save()
    closed = after.round(rnd.number)
    assert closed is not None
    return Closed(closed, tuple(rulings), after, left_open, unconfirmed)


def _remarks_at_close(store: MatchStore, state: EventState, rnd: Round, force: bool) -> tuple[tuple[Msg, ...],
                                                                                          tuple[Msg, ...]]:
    """The round's open disputes and appeals (refused without *force*: a close ends every appeal window)
    and, when the event requires confirmation (and its scoring does not turn the warning off), its settled hands no
    side confirmed."""
    from referee.app.disputes import open_msgs, unconfirmed, unconfirmed_msg

    ids = [t.match_id for t in rnd.tables]
    left = tuple(open_msgs(store, ids))
    if left and not force:
        raise RefereeError(MN("round {round} cannot close: {n} dispute is still open: {disputes:list}. Rule it "
                              "(referee dispute MATCH rule|decide D), or close with --force --reason TEXT to leave it "
                              "open", "round {round} cannot close: {n} disputes are still open: {disputes:list}. "
                              "Rule them (referee dispute MATCH rule|decide D), or close with --force --reason TEXT to "
                              "leave them open", len(left),
                              round=rnd.number, disputes=list(left)))
    warn = state.settings.confirmation_required and state.settings.scoring.warn_unconfirmed
    late = tuple(unconfirmed_msg(u) for u in unconfirmed(store, ids)) if warn else ()
    return left, late


class Plan(NamedTuple):
    """What a forced close would store for an unfinished match: *rulings* rulings for *team* (None: the
    sides are level, a forced close cannot decide it), the record's *lines* (``Game.forced_end``)."""

    table: int
    match: str
    progress: Progress
    team: str | None
    rulings: int
    games: tuple[int, ...]  # each side's games won so far (EW, NS)
    lines: tuple[str, ...] = ()


def _plans(store: MatchStore, unfinished: Sequence[Table], got: dict[str, Cached], reason: str = "") -> list[Plan]:
    """How the match's game ends each unfinished match (``Game.forced_end``: for Gunzi, §7.3.5), each ruling
    giving *reason*."""
    from referee.store.pinning import rules_of_match

    out = []
    for t in unfinished:
        events = store.events(t.match_id)
        game = game_of_events(events)
        if game is None:
            raise StoreError(M("match {match}: no match header in effect", match=t.match_id))
        rules = rules_of_match(game, events, store)
        end = game.forced_end(game.replay(events, rules), rules, reason)
        out.append(Plan(t.number, t.match_id, got[t.match_id].progress, end.side, len(end.lines), end.standing,
                        end.lines))
    return out


def preview_close(store: MatchStore, event_id: str) -> tuple[Round, list[Plan]]:
    """What ``close --force`` would store in the current round, nothing written: for each unfinished match
    without a director's result, the rulings for the side §7.3.5 favours (or that it cannot decide)."""
    state = event_state(store.event_log(event_id))
    rnd = state.current
    if rnd is None or rnd.status is RoundStatus.closed:
        return close_round(store, event_id).round, []  # refused, or the words of a round already closed
    cache = summary_cache(store, event_id)
    got, broken = summaries_of(store, cache, state, [rnd])
    if broken:
        raise StoreError(M("round {round} cannot close: {problem}",
                           round=rnd.number, problem=next(iter(broken.values()))))
    unfinished = [t for t in rnd.tables if not got[t.match_id].summary.finished and t.match_id not in state.results]
    return rnd, _plans(store, unfinished, got)


def _progress_text(match: str, p: Progress) -> Msg:
    if not p.started:
        return M("{match} (not started)", match=match)
    return M("{match} (game {game}, hand {hand})", match=match, game=p.game,
             hand=p.hand)
