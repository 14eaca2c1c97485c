"""Gunzi's own text views of a match: a settled hand in a few lines, where the match stands (``status``), how it
finished, what a warning means, the "next:" hint with its directives glossed, and which hands a correction changed.

Text only (``Msg`` and strings): every word from the catalogue, seats, teams and suits as codes (``{s:seat}``),
outcomes and game ends by type (``codes``), directives from their registry (``directives``). The views above
``games/`` reach them through the game (``Game.next_text``, ``Game.resettled_lines``); ``views.matchtext`` hands
its older names over to them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from referee.core.frozen import Record
from referee.core.i18n import M, Msg, literal, tr, trn
from referee.core.i18n import form as _form
from referee.games.gunzi import facts
from referee.games.gunzi.events import Event, HandStart

if TYPE_CHECKING:
    from referee.games.gunzi.results import HandResult, MatchResult, TableState


def who(seat: str | None, seats: dict[str, str]) -> Msg:
    """A seat with its player's name: ``E (张三)`` / ``东（张三）``; ``-`` for no seat."""
    if seat is None:
        return literal("-")
    name = seats.get(seat)
    if not name:
        return _form("{seat:seat}", seat=seat)
    return M("{seat:seat} ({name})", seat=seat, name=name)


levels = facts.levels


def bars(items: Sequence[Msg]) -> Msg:
    """Alternatives joined by `` | `` (the record format's own separator, the same in every language)."""
    if not items:
        return literal("-")
    if len(items) == 1:
        return items[0]
    return _form("{first} | {rest}", first=items[0], rest=bars(items[1:]))


def glossed(text: str | Msg, keyword: str) -> Msg:
    """*text* (a keyword, a usage, a directive line) with the gloss of directive *keyword* where the
    language adds one: ``tribute`` / ``tribute（进贡）``. The English shows no gloss: the ``.0`` spec
    prints none of it, so both languages carry the same fields."""
    from referee.games.gunzi.directives import gloss, lookup

    d = lookup(keyword)
    if d is None:
        return text if isinstance(text, Msg) else literal(text)
    return M("{text}{gloss:.0}", text=text, gloss=gloss(d.keyword))


def directive_line(text: str) -> Msg:
    """A stored directive (``points 25``), its keyword glossed."""
    return glossed(text, text.split(None, 1)[0]) if text.strip() else literal(text)


def hints(keywords: Iterable[str]) -> Msg:
    """The directives that may come next: ``tribute | riot | waive``, each glossed."""
    return bars([glossed(k, k) for k in keywords])


def usages(keywords: Iterable[str]) -> Msg:
    """The forms of the directives that may come next (``tribute SEAT CARD… | waive``), each glossed."""
    from referee.games.gunzi.directives import usage

    return bars([glossed(usage(k), k) for k in keywords])


def next_line(result: MatchResult, lang: str) -> str:
    """The "next: …" line after a command that changed the match."""
    st = result.state
    if st.match_over:
        return tr(lang, "next: nothing, the match is over")
    if not st.expected:
        return tr(lang, "next: -")
    if st.in_hand and st.phase == "declaring" and st.declarer and st.trump:
        # the declaring fixes declarer and trump before the kitty is recorded: say so at once
        return tr(lang, "next: {directives} (declarer {declarer}, level {level}, trump {trump:suit})",
                  directives=hints(st.expected), declarer=who(st.declarer, result.seats), level=st.level,
                  trump=st.trump)
    return tr(lang, "next: {directives}", directives=hints(st.expected))


def won_line(result: MatchResult, lang: str, games: bool = True) -> str:
    """Who won the match (and its games)."""
    if not games:
        return tr(lang, "match won by {winner:team}", winner=result.winner)
    return tr(lang, "match won by {winner:team} (games {games:list})", winner=result.winner,
              games=levels(result.games_won))


def settlement(hand: HandResult, result: MatchResult, lang: str) -> list[str]:
    """A settled hand in a few lines: score, outcome, levels, blood, next declarer, game."""
    from referee.games.gunzi.codes import Outcome, describe

    seats = result.seats
    title = tr(lang, "Hand {hand} settled (game {game}; declarer {declarer} of {team:team}, level {level}, "
                     "trump {trump:suit})",
               hand=hand.hand, game=hand.game, declarer=who(hand.declarer, seats), team=hand.declarer_team,
               level=hand.level, trump=hand.trump)
    lines = [_score_line(hand, lang),
             tr(lang, "outcome: {outcome}", outcome=describe(Outcome(hand.outcome), lang)),
             tr(lang, "levels now: {levels:list}", levels=levels(hand.levels_after)),
             *_what_follows(hand, seats, lang)]
    if ended_match(hand, result):
        lines.append(won_line(result, lang))
    return [title, *("  " + line for line in lines)]


def ended_match(hand: HandResult, result: MatchResult) -> bool:
    """Whether *hand* is the one that ended the match: the match has a winner, the hand is its last and
    won the match's last game (a match ended off the table, by a ruling or a forfeit, ended at no hand)."""
    if not result.winner or result.forfeit or not result.hands or not result.games:
        return False
    last, game = result.hands[-1], result.games[-1]
    return ((hand.game, hand.hand) == (last.game, last.hand) and hand.game_winner is not None
            and game.game == hand.game and game.last_hand == hand.hand)


def _score_line(hand: HandResult, lang: str) -> str:
    kitty = hand.score - hand.points
    if kitty:
        total = M("trick points {points} + {kitty} from the kitty",
                  points=hand.points, kitty=kitty)
    else:
        total = M("trick points {points}", points=hand.points)
    if hand.dug:
        last = M("the defenders dug the kitty (抠底)")
    else:
        last = M("the declarers kept the last trick (保底)")
    if hand.dry_pot:
        last = M("{last}; dry pot (干锅)", last=last)
    return tr(lang, "defenders' score {score} = {total}; {last}",
              score=hand.score, total=total, last=last)


def _what_follows(hand: HandResult, seats: dict[str, str], lang: str) -> list[str]:
    """The game won, or the blood owed and the declarer of the next hand."""
    from referee.games.gunzi.codes import GameEnd, word

    if hand.game_winner:
        assert hand.game_reason is not None  # the engine settles a game's winner and how together
        reason = word(GameEnd(hand.game_reason), lang, top=hand.rules.top_level if hand.rules else 10)
        return [tr(lang, "game {game} won by {winner:team} ({reason})",
                   game=hand.game, winner=hand.game_winner, reason=reason)]
    if hand.blood:
        blood = tr(lang, "blood owed next hand: {blood} (kings {kings} + score {score}), paid by {giver} to {receiver}",
                   blood=hand.blood,
                   kings=hand.blood_kings, score=hand.blood_score, giver=who(hand.blood_giver, seats),
                   receiver=who(hand.next_declarer, seats))
    else:
        blood = tr(lang, "blood owed next hand: none")
    return [blood, tr(lang, "next declarer: {seat}", seat=who(hand.next_declarer, seats))]


def status(match_id: str, result: MatchResult, lang: str, entries: Msg | None, head: str | None = None,
           broken: Msg | None = None, clock: Sequence[Msg] | None = None) -> list[str]:
    """Where the match stands, for `referee status`: *entries* says how many the store holds; its chain head (the
    last entry's short hash, to copy onto a card: ``referee verify ID --head HASH`` confirms it later), or what
    breaks the chain; *clock*: the clock's lines (each game's time and, at the limit, whom the time rule favours),
    which the store's clock words."""
    st, seats = result.state, result.seats
    out = [_title(match_id, result, lang)]
    if result.teams:
        out.append(tr(lang, "Teams: {teams:list}",
                      teams=[_form("{team:team} {name}", team=t, name=n) for t, n in result.teams.items()]))
    if seats:
        out.append(tr(lang, "Seats: {seats:list}",
                      seats=[_form("{seat:seat} {name}", seat=s, name=n) for s, n in seats.items()]))
    games = levels(result.games_won)
    over = st.match_over or bool(result.winner)
    if over:  # what is still to be done: nothing; no hand, level, declarer or blood to speak of
        out.append(finished_line(result, lang))
    else:
        out.append(_where(st, lang))
        out.append(tr(lang, "Levels: {levels:list}   games won: {games:list}", levels=levels(st.levels), games=games))
        out.append(_declarer(st, seats, lang))
        out.append(_owed(st, seats, lang))
    if st.in_hand and st.points_so_far and not over:
        out.append(tr(lang, "Defenders' points so far: {points}", points=st.points_so_far))
    if clock is not None:
        out += [tr(lang, "Clock: {what}", what=line) for line in clock]
    if any(st.warnings.values()):
        warned = [M("{team:team} {n}", team=t, n=n) for t, n in st.warnings.items() if n]
        out.append(tr(lang, "Warnings: {warned:list}", warned=warned))
    if st.expected and not over:
        out.append(tr(lang, "Next: {directives}", directives=hints(st.expected)))
    if result.errors:
        out.append(tr(lang, "Problems in the record ({n}):", n=len(result.errors)))
        out += ["  " + (tr(lang, "#{seq}: {problem}", seq=e.line, problem=e.msg) if e.line else e.text(lang))
                for e in result.errors]
    if entries is None:  # not a store's match (the web's page names no entries)
        return out
    out.append(tr(lang, "{entries} in the store", entries=entries))
    if broken is not None:
        out.append(tr(lang, "Chain BROKEN: {problem} (see `referee verify`)", problem=broken))
    elif head is not None:
        out.append(tr(lang, "Chain head: {head} ({entries})", head=head,
                      entries=entries))
    return out


def _title(match_id: str, result: MatchResult, lang: str) -> str:
    """``Match T3 (dalian-club) — Spring Cup, table 3, round 1, 2026-11-29``."""
    h = result.header
    details: list[str | Msg] = []
    if h is not None:
        given = [h.event,
                 M("table {table}", table=h.table) if h.table else None,
                 M("round {n}", n=h.round) if h.round else None,
                 h.date]
        details = [x for x in given if x]
    if not details:
        return tr(lang, "Match {match} ({rules})", match=match_id, rules=result.rules)
    return tr(lang, "Match {match} ({rules}) — {details:list}",
              match=match_id, rules=result.rules, details=details)


def _where(st: TableState, lang: str) -> str:
    from referee.games.gunzi.codes import Phase

    phase = Phase(st.phase)
    if st.in_hand:
        return tr(lang, "Game {game}, hand {hand} (in progress); phase: {phase}",
                  game=st.game, hand=st.hand, phase=phase)
    return tr(lang, "Game {game}, hand {hand} (not started); phase: {phase}", game=st.game, hand=st.hand, phase=phase)


def _declarer(st: TableState, seats: dict[str, str], lang: str) -> str:
    if st.declarer:
        declarer = who(st.declarer, seats)
    else:
        declarer = M("not fixed yet (first hand of a game)")
    trump = _form("{suit:suit}", suit=st.trump) if st.trump else M("not fixed yet")
    return tr(lang, "Declarer: {declarer}; level {level}; trump {trump}",
              declarer=declarer, level=st.level if st.level is not None else "-", trump=trump)


def _owed(st: TableState, seats: dict[str, str], lang: str) -> str:
    """The blood of the hand: still owed, or how it was settled (a tribute stored owes nothing more)."""
    if not st.blood_owed:
        return tr(lang, "Blood owed: none")
    giver, receiver = who(st.blood_giver, seats), who(st.declarer, seats)
    if st.blood_settled == "tribute":
        return tr(lang, "Blood: {blood}, paid by {giver} to {receiver} (nothing more owed)",
                  blood=st.blood_owed, giver=giver, receiver=receiver)
    if st.blood_settled is not None:
        return tr(lang, "Blood: {blood}, waived ({how}; nothing owed)",
                  blood=st.blood_owed, how=glossed(st.blood_settled, st.blood_settled))
    return tr(lang, "Blood owed: {blood}, by {giver} to {receiver}",
              blood=st.blood_owed, giver=giver, receiver=receiver)


ORDINALS = {1: M("first"), 2: M("second"), 3: M("third"),
            4: M("fourth"), 5: M("fifth")}


def ordinal(n: int) -> Msg:
    """``third`` / ``第三次`` (a warning's place in the count)."""
    return ORDINALS.get(n) or M("{n}th", n=n)


def finished_line(result: MatchResult, lang: str) -> str:
    """``Match finished: EW 2:0 (game 1 EW, passed 10; game 2 EW, forfeit)``: the match's result, and how
    each game went; a forfeit by warnings says so (§8.1)."""
    from referee.games.gunzi.codes import GameEnd, word

    winner = result.winner
    if winner is None:
        return tr(lang, "Match finished")
    loser = "NS" if winner == "EW" else "EW"
    won, lost = result.games_won.get(winner, 0), result.games_won.get(loser, 0)
    if result.forfeit:
        n = result.state.warnings.get(loser, 0)
        return tr(lang, "Match finished: {winner:team} {won}:{lost}, forfeited by {loser:team} on the {nth} warning "
                        "(§8.1)",
                  winner=winner, won=won, lost=lost, loser=loser, nth=ordinal(n))
    games = [M("game {game} {team:team}, {how}", game=g.game, team=g.winner,
               how=word(GameEnd(g.reason), lang, top=result.top_level))
             for g in result.games if g.winner]
    return tr(lang, "Match finished: {winner:team} {won}:{lost} ({games:list})",
              winner=winner, won=won, lost=lost, games=games)


def warning_line(result: MatchResult, team: str, limit: int, games_to_win: int, lang: str) -> str | None:
    """What a warning just stored means (§8.1, ``match.warnings_limit``): the one before the limit says the
    next forfeits; the one at the limit says the match is forfeited. None without a limit."""
    if not limit:
        return None
    n = result.state.warnings.get(team, 0)
    other = "NS" if team == "EW" else "EW"
    if n >= limit:
        return tr(lang, "{nth} warning for {team:team}: match forfeited {games}:0 to {winner:team} (§8.1)",
                  nth=ordinal(n), team=team, games=games_to_win, winner=other)
    if n == limit - 1:
        return tr(lang, "{team:team}: {n} warnings — a {nth} forfeits (§8.1)",
                  team=team, n=n, nth=ordinal(limit))
    return trn(lang, "{team:team}: {n} warning ({limit} forfeit the match, §8.1)",
               "{team:team}: {n} warnings ({limit} forfeit the match, §8.1)", n, team=team, limit=limit)


# --- the audit trail by game and hand ----------------------------------------------------------------

class LogGroup(Record):
    """The entries of the audit trail that concern one hand (``hand`` None: the match before its first
    hand): its events, and the corrections of them, in stored order."""

    game: int | None
    hand: int | None
    entries: list[Any]  # the store's audit trail entries (seq, kind, target)


def log_groups(log: Sequence[Any], events: Sequence[Event], result: MatchResult) -> list[LogGroup]:
    """The audit trail by game and hand. An entry belongs to the hand holding its place in the match:
    an event's own seq, a correction's target (so the correction of a hand is listed with it)."""
    from bisect import bisect_right

    starts = [ev.line for ev in events if isinstance(ev, HandStart)]  # hand k begins at starts[k - 1]
    games = {h.hand: h.game for h in result.hands}
    if result.state.in_hand:
        games.setdefault(result.state.hand, result.state.game)
    game: int | None = None
    keys: list[tuple[int | None, int | None]] = [(None, None)]
    for k in range(1, len(starts) + 1):
        game = games.get(k, game)
        keys.append((game, k))
    grouped: dict[int, list[Any]] = {}
    disputed = {e.seq: e.target for e in log if e.kind == "dispute" and e.target is not None}  # → its hand's place
    for e in log:
        place = e.target if e.kind != "event" and e.target is not None else e.seq
        if e.kind in ("alternative", "ruling", "appeal", "decision"):
            place = disputed.get(place, place)
        grouped.setdefault(bisect_right(starts, place), []).append(e)
    return [LogGroup(*keys[k], entries) for k, entries in sorted(grouped.items())]


def group_title(group: LogGroup, lang: str) -> str:
    if group.hand is None:
        return tr(lang, "match (before the first hand)")
    if group.game is None:
        return tr(lang, "hand {hand}", hand=group.hand)
    return tr(lang, "game {game}, hand {hand}", game=group.game, hand=group.hand)


# --- what a correction changed ------------------------------------------------------------------------

_facts = facts.hand_facts


def changed_hands(before: MatchResult, after: MatchResult) -> list[HandResult]:
    """Hands whose settlement a correction changed (or that it completed)."""
    old = {h.hand: _facts(h) for h in before.hands}
    return [h for h in after.hands if old.get(h.hand) != _facts(h)]


def resettled_lines(before: MatchResult, after: MatchResult, lang: str) -> list[str]:
    """Each hand a correction changed (or completed), as now settled: ``re-settled:`` and its settlement."""
    lines: list[str] = []
    for hand in changed_hands(before, after):
        lines.append(tr(lang, "re-settled:"))
        lines += settlement(hand, after, lang)
    return lines
